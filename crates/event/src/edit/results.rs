//! Results (成绩): one board's result, a list of results, the colours of a game played
//! reversed.

use xiangqi_scheduling::MatchResult;

use super::Edit;
use super::Warning;
use crate::document::{Event, EventError, invalid};

impl Edit<'_> {
    /// Records a result (and fouls, 犯规) of round `round` board `board`. A different result
    /// already recorded is refused unless `force`; a changed result of a round after which
    /// another was paired warns ([`Warning::PairedOnOldScore`]). Returns `true` if anything
    /// changed.
    pub fn enter_result(
        &mut self,
        round: u32,
        board: u32,
        result: &str,
        fouls: (Option<u32>, Option<u32>),
        force: bool,
    ) -> Result<bool, EventError> {
        let ev = &mut *self.event;
        let old = result_of(ev, round, board);
        let changed = ev.set_result(round, board, result, fouls, force)?;
        let new = result_of(ev, round, board);
        let what = format!(
            "result round {round} board {board}: {} → {}",
            old.as_deref().unwrap_or("none"),
            new.as_deref().unwrap_or("none")
        );
        let mut warnings = Vec::new();
        if old.is_some() && old != new && (ev.paired.len() as u32) > round {
            warnings.push(Warning::PairedOnOldScore {
                round,
                board,
                next: round + 1,
            });
        }
        Ok(self.note(changed, what, warnings))
    }

    /// Enters results from lines `ROUND BOARD RESULT`, all or nothing; a changed result of a
    /// round already followed by another warns. Returns how many were entered.
    pub fn enter_results(&mut self, text: &str, force: bool) -> Result<usize, EventError> {
        let ev = &mut *self.event;
        let before = ev.clone();
        let n = ev.set_results(text, force)?;
        let mut warnings = Vec::new();
        for (r, (old, new)) in before.paired.iter().zip(&ev.paired).enumerate() {
            if r + 1 >= ev.paired.len() {
                break;
            }
            for (a, b) in old.boards.iter().zip(&new.boards) {
                if a.result.is_some() && a.result != b.result {
                    warnings.push(Warning::PairedOnOldScore {
                        round: r as u32 + 1,
                        board: a.board,
                        next: r as u32 + 2,
                    });
                }
            }
        }
        Ok(self.note(n, format!("{n} results entered"), warnings))
    }

    /// The colours of a game were played reversed: the board's players change sides, with
    /// their fouls and line-ups, and its result is turned round so that the same player keeps
    /// the same score.
    pub fn swap_colours(&mut self, round: u32, board: u32) -> Result<(), EventError> {
        let ev = &mut *self.event;
        let before = ev.clone();
        let b = ev
            .paired
            .get_mut(round.wrapping_sub(1) as usize)
            .and_then(|r| r.boards.get_mut(board.wrapping_sub(1) as usize))
            .ok_or(EventError::NoSuchBoard { round, board })?;
        std::mem::swap(&mut b.red, &mut b.black);
        std::mem::swap(&mut b.red_fouls, &mut b.black_fouls);
        std::mem::swap(&mut b.red_lineup, &mut b.black_lineup);
        if let Some(res) = &b.result {
            let mut m = match MatchResult::parse(res) {
                Ok(m) => m,
                Err(e) => {
                    let e = invalid(format!("round {round} board {board}"), e.to_string());
                    *ev = before;
                    return Err(e);
                }
            };
            for g in &mut m.games {
                *g = g.reversed();
            }
            b.result = Some(m.to_string());
        }
        let (red, black) = (b.red, b.black);
        if let Err(e) = ev.validate() {
            *ev = before;
            return Err(e);
        }
        let what =
            format!("swapped colours of round {round} board {board}: now {red} red, {black} black");
        {
            self.note((), what, Vec::new());
            Ok(())
        }
    }
}

/// The result recorded on round `round` board `board`, if any.
fn result_of(ev: &Event, round: u32, board: u32) -> Option<String> {
    ev.paired
        .get(round.wrapping_sub(1) as usize)?
        .boards
        .get(board.wrapping_sub(1) as usize)?
        .result
        .clone()
}
