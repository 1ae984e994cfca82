//! Dates: the date (and time) of a paired round.

use super::Edit;
use crate::document::EventError;
use crate::round_date::RoundDate;

impl Edit<'_> {
    /// Sets (or, with `None`, clears) the date of paired round `round`; returns `true` if it
    /// changed.
    pub fn set_round_date(
        &mut self,
        round: u32,
        date: Option<RoundDate>,
    ) -> Result<bool, EventError> {
        let shown = date.as_ref().map_or("none".to_string(), |d| d.to_string());
        let changed = self.event.set_round_date(round, date)?;
        Ok(self.note(changed, format!("date round {round}: {shown}"), Vec::new()))
    }
}
