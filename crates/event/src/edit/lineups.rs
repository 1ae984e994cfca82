//! Line-ups (出场名单) of team matches.

use super::Edit;
use crate::document::EventError;

impl Edit<'_> {
    /// Records team `team`'s line-up (1-based roster positions, board order) for the match on
    /// round `round` board `board`, checked against the event's line-up system; refused once
    /// the match has a result.
    pub fn set_lineup(
        &mut self,
        round: u32,
        board: u32,
        team: u32,
        members: &[u32],
    ) -> Result<(), EventError> {
        self.event.set_lineup(round, board, team, members)?;
        let list: Vec<String> = members.iter().map(u32::to_string).collect();
        let what = format!(
            "line-up of team {team}, round {round} board {board}: {}",
            list.join(",")
        );
        {
            self.note((), what, Vec::new());
            Ok(())
        }
    }
}
