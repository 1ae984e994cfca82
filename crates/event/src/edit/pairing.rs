//! Pairing (编排): the next round by the event's system or by hand, and taking the last round
//! back (撤销编排).

use super::Edit;
use super::Warning;
use crate::check::{self, DeviationKind};
use crate::document::{EventError, ProposedRound, invalid};

impl Edit<'_> {
    /// Pairs the next round by the event's system (the round of
    /// [`Event::propose_next`](crate::Event::propose_next)). Returns the round's number.
    pub fn pair(&mut self) -> Result<u32, EventError> {
        let round = self.event.pair_next()?.round;
        Ok(self.note(round, format!("paired round {round}"), Vec::new()))
    }

    /// Pairs the next round as `proposal` (a round of
    /// [`Event::propose_next`](crate::Event::propose_next), with the entrants of the stage it
    /// begins); refused when it is not the next round. Returns the round's number.
    pub fn pair_proposed(&mut self, proposal: ProposedRound) -> Result<u32, EventError> {
        let round = self.event.pair_proposed(proposal)?.round;
        Ok(self.note(round, format!("paired round {round}"), Vec::new()))
    }

    /// Pairs the next round by hand (boards `(red, black)` in board order, and the bye),
    /// recorded as manual, and lists, as warnings, every rule the pairing breaks (rematch,
    /// colour rule ⑴–⑺, score-group jump, bye) as [`check`] finds them. Returns the round's
    /// number.
    pub fn pair_by_hand(
        &mut self,
        boards: &[(u32, u32)],
        bye: Option<u32>,
    ) -> Result<u32, EventError> {
        let round = self.event.pair_manual(boards, bye)?.round;
        let warnings = check::check(self.event, Some(round))?
            .into_iter()
            .filter(|d| d.kind != DeviationKind::Manual)
            .map(Warning::Pairing)
            .collect();
        let mut list: Vec<String> = boards.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        if let Some(b) = bye {
            list.push(format!("bye {b}"));
        }
        let what = format!("paired round {round} by hand: {}", list.join(" "));
        Ok(self.note(round, what, warnings))
    }

    /// Takes back the last paired round (撤销编排). Refused while any of its boards has a
    /// result unless `force` (the results are lost; the history keeps them for an undo).
    /// Returns the round's number.
    pub fn unpair_last(&mut self, force: bool) -> Result<u32, EventError> {
        let ev = &mut *self.event;
        let Some(last) = ev.paired.last() else {
            return Err(invalid("event", "no round is paired"));
        };
        let round = last.round;
        let with: Vec<u32> = last
            .boards
            .iter()
            .filter(|b| b.result.is_some())
            .map(|b| b.board)
            .collect();
        if !with.is_empty() && !force {
            return Err(EventError::RoundHasResults {
                round,
                boards: with,
            });
        }
        let taken = ev.paired.pop();
        if let Err(e) = ev.validate() {
            ev.paired.extend(taken);
            return Err(e);
        }
        let lost = if with.is_empty() {
            String::new()
        } else {
            format!(" ({} results dropped)", with.len())
        };
        Ok(self.note(round, format!("unpaired round {round}{lost}"), Vec::new()))
    }
}
