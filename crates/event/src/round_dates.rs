//! The date of each round: set while pairing (`xq event pair --date`, the desk's round page)
//! and printed on every form of the round.

use crate::document::{Event, EventError, invalid};
use crate::round_date::RoundDate;

impl Event {
    /// The date of round `round`, if one is recorded.
    pub fn round_date(&self, round: u32) -> Option<&RoundDate> {
        self.paired
            .get(round.checked_sub(1)? as usize)?
            .date
            .as_ref()
    }

    /// Sets (or, with `None`, clears) the date of paired round `round`; returns `true` if it
    /// changed.
    pub(crate) fn set_round_date(
        &mut self,
        round: u32,
        date: Option<RoundDate>,
    ) -> Result<bool, EventError> {
        let r = round
            .checked_sub(1)
            .and_then(|i| self.paired.get_mut(i as usize))
            .ok_or_else(|| invalid(format!("round {round}"), "not paired"))?;
        let changed = r.date != date;
        r.date = date;
        Ok(changed)
    }

    /// The date a form's caption carries for `round`: the round's own, else none (the front
    /// end may print its date of printing).
    pub fn caption_date(&self, round: u32) -> Option<String> {
        self.round_date(round).map(|d| format!("日期：{d}"))
    }
}
