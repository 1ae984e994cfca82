//! Every change an arbiter makes, as an operation that says what it did (for the history,
//! [`crate::history`]) and what the arbiter should know ([`Warning`]): the corrections —
//! unpair the last round, a manual pairing checked against the rules, swap the colours of a
//! game played reversed, edit a player, reinstate a withdrawn player, rename the event — and
//! the everyday changes (a result, a round paired, a withdrawal …) in the same form, so the
//! CLI and the desk record them alike.
//!
//! Each operation is all or nothing: a refusal is a typed [`EventError`] naming the record, and
//! leaves the event as it was.

use xiangqi_scheduling::MatchResult;

use crate::check::{self, DeviationKind};
use crate::document::{Event, EventError, invalid};
use crate::history::{Done, Warning};

/// What to change of a player ([`Event::edit_player`]); `None` keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerEdit {
    /// New name (姓名).
    pub name: Option<String>,
    /// New unit (单位); empty for none.
    pub club: Option<String>,
    /// New rating (等级分); `Some(None)` removes it.
    pub rating: Option<Option<u32>>,
}

impl Event {
    /// Takes back the last paired round (撤销编排). Refused while any of its boards has a
    /// result unless `force` (the results are lost; the history keeps them for an undo).
    /// Returns the round's number.
    pub fn unpair_last(&mut self, force: bool) -> Result<Done<u32>, EventError> {
        let Some(last) = self.paired.last() else {
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
        self.paired.pop();
        self.validate()?;
        let lost = if with.is_empty() {
            String::new()
        } else {
            format!(" ({} results dropped)", with.len())
        };
        Ok(Done::new(round, format!("unpaired round {round}{lost}")))
    }

    /// Pairs the next round by hand ([`Event::pair_manual`]) and lists, as warnings, every
    /// rule the pairing breaks (rematch, colour rule ⑴–⑺, score-group jump, bye) as
    /// [`check`] finds them. Returns the round's number.
    pub fn pair_by_hand(
        &mut self,
        boards: &[(u32, u32)],
        bye: Option<u32>,
    ) -> Result<Done<u32>, EventError> {
        let round = self.pair_manual(boards, bye)?.round;
        let warnings = check::check(self, Some(round))?
            .into_iter()
            .filter(|d| d.kind != DeviationKind::Manual)
            .map(Warning::Pairing)
            .collect();
        let mut list: Vec<String> = boards.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        if let Some(b) = bye {
            list.push(format!("bye {b}"));
        }
        Ok(Done {
            value: round,
            what: format!("paired round {round} by hand: {}", list.join(" ")),
            warnings,
        })
    }

    /// Pairs the next round by the event's system. Returns the round's number.
    pub fn pair_recorded(&mut self) -> Result<Done<u32>, EventError> {
        let round = self.pair_next()?.round;
        Ok(Done::new(round, format!("paired round {round}")))
    }

    /// Records a result ([`Event::set_result`]); a changed result of a round after which
    /// another was paired warns ([`Warning::PairedOnOldScore`]). The value: `true` if anything
    /// changed.
    pub fn enter_result(
        &mut self,
        round: u32,
        board: u32,
        result: &str,
        fouls: (Option<u32>, Option<u32>),
        force: bool,
    ) -> Result<Done<bool>, EventError> {
        let old = self.result_of(round, board);
        let changed = self.set_result(round, board, result, fouls, force)?;
        let new = self.result_of(round, board);
        let mut done = Done::new(
            changed,
            format!(
                "result round {round} board {board}: {} → {}",
                old.as_deref().unwrap_or("none"),
                new.as_deref().unwrap_or("none")
            ),
        );
        if old.is_some() && old != new && (self.paired.len() as u32) > round {
            done.warnings.push(Warning::PairedOnOldScore {
                round,
                board,
                next: round + 1,
            });
        }
        Ok(done)
    }

    /// Enters results from lines `ROUND BOARD RESULT`, all or nothing ([`Event::set_results`]);
    /// a changed result of a round already followed by another warns.
    pub fn enter_results(&mut self, text: &str, force: bool) -> Result<Done<usize>, EventError> {
        let before = self.clone();
        let n = self.set_results(text, force)?;
        let mut warnings = Vec::new();
        for (r, (old, new)) in before.paired.iter().zip(&self.paired).enumerate() {
            if r + 1 >= self.paired.len() {
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
        Ok(Done {
            value: n,
            what: format!("{n} results entered"),
            warnings,
        })
    }

    /// The colours of a game were played reversed: the board's players change sides, with
    /// their fouls and line-ups, and its result is turned round so that the same player keeps
    /// the same score.
    pub fn swap_colours(&mut self, round: u32, board: u32) -> Result<Done<()>, EventError> {
        let b = self
            .paired
            .get_mut(round.wrapping_sub(1) as usize)
            .and_then(|r| r.boards.get_mut(board.wrapping_sub(1) as usize))
            .ok_or(EventError::NoSuchBoard { round, board })?;
        std::mem::swap(&mut b.red, &mut b.black);
        std::mem::swap(&mut b.red_fouls, &mut b.black_fouls);
        std::mem::swap(&mut b.red_lineup, &mut b.black_lineup);
        if let Some(res) = &b.result {
            let mut m = MatchResult::parse(res)
                .map_err(|e| invalid(format!("round {round} board {board}"), e.to_string()))?;
            for g in &mut m.games {
                *g = g.reversed();
            }
            b.result = Some(m.to_string());
        }
        let (red, black) = (b.red, b.black);
        self.validate()?;
        Ok(Done::new(
            (),
            format!("swapped colours of round {round} board {board}: now {red} red, {black} black"),
        ))
    }

    /// Changes a player's name, unit (单位) or rating (等级分).
    pub fn edit_player(&mut self, no: u32, edit: &PlayerEdit) -> Result<Done<()>, EventError> {
        let kept = self.players.clone();
        let done = self.edit_player_unchecked(no, edit);
        if done.is_err() {
            self.players = kept;
        }
        done
    }

    fn edit_player_unchecked(
        &mut self,
        no: u32,
        edit: &PlayerEdit,
    ) -> Result<Done<()>, EventError> {
        let p = self
            .players
            .iter_mut()
            .find(|p| p.no == no)
            .ok_or_else(|| invalid(format!("player {no}"), "no such player"))?;
        let mut what = Vec::new();
        if let Some(name) = &edit.name {
            let name = name.trim();
            if name.is_empty() {
                return Err(invalid(format!("player {no}"), "empty name"));
            }
            what.push(format!("name {} → {name}", p.name));
            p.name = name.to_string();
        }
        if let Some(club) = &edit.club {
            let club = club.trim();
            what.push(format!("unit {:?} → {club:?}", p.club));
            p.club = club.to_string();
        }
        if let Some(rating) = edit.rating {
            let show = |r: Option<u32>| r.map_or("none".to_string(), |r| r.to_string());
            what.push(format!("rating {} → {}", show(p.rating), show(rating)));
            p.rating = rating;
        }
        if what.is_empty() {
            return Err(invalid(
                format!("player {no}"),
                "nothing to change: give a name, unit or rating",
            ));
        }
        self.validate()?;
        Ok(Done::new((), format!("player {no}: {}", what.join(", "))))
    }

    /// A withdrawn player (退出比赛) plays again from the next round; the rounds missed score
    /// nothing.
    pub fn reinstate(&mut self, no: u32) -> Result<Done<()>, EventError> {
        let p = self
            .players
            .iter_mut()
            .find(|p| p.no == no)
            .ok_or_else(|| invalid(format!("player {no}"), "no such player"))?;
        let Some(after) = p.withdrawn.take() else {
            return Err(invalid(format!("player {no}"), "has not withdrawn"));
        };
        Ok(Done::new(
            (),
            format!("player {no} reinstated (had withdrawn after round {after})"),
        ))
    }

    /// Renames the event (比赛名称).
    pub fn rename(&mut self, name: &str) -> Result<Done<()>, EventError> {
        let name = name.trim();
        if name.is_empty() {
            return Err(invalid("event", "empty name"));
        }
        let old = std::mem::replace(&mut self.name, name.to_string());
        if let Err(e) = self.validate() {
            self.name = old;
            return Err(e);
        }
        Ok(Done::new((), format!("renamed {old:?} → {name:?}")))
    }

    /// Player `no` withdraws ([`Event::withdraw`]); there is no default player.
    pub fn withdraw_recorded(&mut self, no: u32) -> Result<Done<u32>, EventError> {
        let after = self.withdraw(no)?;
        Ok(Done::new(
            after,
            format!("player {no} withdrew after round {after}"),
        ))
    }

    /// Player `no` asks for a bye in `round` ([`Event::request_bye`]).
    pub fn bye_recorded(&mut self, no: u32, round: u32) -> Result<Done<()>, EventError> {
        self.request_bye(no, round)?;
        Ok(Done::new(
            (),
            format!("player {no} not paired in round {round}"),
        ))
    }

    /// A late entry ([`Event::add_late`]). Returns the pairing number.
    pub fn add_recorded(
        &mut self,
        name: &str,
        club: &str,
        rating: Option<u32>,
    ) -> Result<Done<u32>, EventError> {
        let no = self.add_late(name, club, rating)?;
        Ok(Done::new(no, format!("late entry {no}: {}", name.trim())))
    }

    /// A team's line-up for a match ([`Event::set_lineup`]).
    pub fn lineup_recorded(
        &mut self,
        round: u32,
        board: u32,
        team: u32,
        members: &[u32],
    ) -> Result<Done<()>, EventError> {
        self.set_lineup(round, board, team, members)?;
        let list: Vec<String> = members.iter().map(u32::to_string).collect();
        Ok(Done::new(
            (),
            format!(
                "line-up of team {team}, round {round} board {board}: {}",
                list.join(",")
            ),
        ))
    }

    fn result_of(&self, round: u32, board: u32) -> Option<String> {
        self.paired
            .get(round.wrapping_sub(1) as usize)?
            .boards
            .get(board.wrapping_sub(1) as usize)?
            .result
            .clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::Warning;
    use xiangqi_scheduling::EventConfig;

    fn swiss(n: u32, rounds: u32) -> Event {
        let entrants = (1..=n).map(|i| (format!("P{i}"), String::new())).collect();
        Event::new(
            "t",
            "",
            EventConfig::default(),
            entrants,
            1,
            Some(rounds),
            false,
        )
        .unwrap()
    }

    fn finish(ev: &mut Event) {
        let r = ev.paired.len() as u32;
        for b in 1..=ev.paired[r as usize - 1].boards.len() as u32 {
            ev.set_result(r, b, "1-0", (None, None), false).unwrap();
        }
    }

    #[test]
    fn unpair_is_refused_while_the_round_has_results_unless_forced() {
        let mut ev = swiss(8, 4);
        assert!(ev.unpair_last(false).is_err());
        ev.pair_next().unwrap();
        ev.set_result(1, 2, "1-0", (None, None), false).unwrap();
        ev.set_result(1, 3, "=", (None, None), false).unwrap();
        let before = ev.clone();
        let e = ev.unpair_last(false).unwrap_err();
        assert_eq!(
            e,
            EventError::RoundHasResults {
                round: 1,
                boards: vec![2, 3]
            }
        );
        assert!(e.to_string().contains("2 boards (2, 3)"), "{e}");
        assert_eq!(ev, before);
        let d = ev.unpair_last(true).unwrap();
        assert_eq!(d.value, 1);
        assert!(ev.paired.is_empty());
        // re-paired, the same round comes back
        assert_eq!(
            ev.pair_next().unwrap(),
            &before.paired[0].clone().tap_clear()
        );
    }

    trait TapClear {
        fn tap_clear(self) -> Self;
    }
    impl TapClear for crate::Round {
        fn tap_clear(mut self) -> Self {
            for b in &mut self.boards {
                b.result = None;
            }
            self
        }
    }

    #[test]
    fn a_refused_pairing_names_every_board_without_a_result() {
        let mut ev = swiss(40, 5);
        ev.pair_next().unwrap();
        for b in [1, 4, 9, 10] {
            ev.set_result(1, b, "1-0", (None, None), false).unwrap();
        }
        let e = ev.pair_next().unwrap_err();
        assert_eq!(
            e.to_string(),
            "round 1: 16 boards without a result (2, 3, 5–8, 11–20): enter them before pairing round 2"
        );
    }

    #[test]
    fn a_manual_pairing_that_repeats_round_one_warns() {
        let mut ev = swiss(4, 3);
        ev.pair_next().unwrap();
        finish(&mut ev);
        let r1: Vec<(u32, u32)> = ev.paired[0]
            .boards
            .iter()
            .map(|b| (b.red, b.black))
            .collect();
        let d = ev.pair_by_hand(&r1, None).unwrap();
        assert_eq!(d.value, 2);
        assert!(ev.paired[1].manual);
        let rematches = d
            .warnings
            .iter()
            .filter(|w| matches!(w, Warning::Pairing(x) if x.kind == DeviationKind::Rematch))
            .count();
        assert_eq!(rematches, 2, "{:?}", d.warnings);
        // the same players again with the colours the rules give: no rematch warning for a
        // fresh pairing
        let mut ev2 = swiss(4, 3);
        ev2.pair_next().unwrap();
        finish(&mut ev2);
        let d = ev2.pair_by_hand(&[(2, 4), (3, 1)], None).unwrap();
        assert!(
            d.warnings
                .iter()
                .all(|w| !matches!(w, Warning::Pairing(x) if x.kind == DeviationKind::Rematch)),
            "{:?}",
            d.warnings
        );
    }

    #[test]
    fn a_result_changed_after_the_next_round_was_paired_warns() {
        let mut ev = swiss(4, 3);
        ev.pair_next().unwrap();
        finish(&mut ev);
        ev.pair_next().unwrap();
        let d = ev.enter_result(1, 1, "0-1", (None, None), true).unwrap();
        assert_eq!(
            d.warnings,
            vec![Warning::PairedOnOldScore {
                round: 1,
                board: 1,
                next: 2
            }]
        );
        // the same result again, or a first result in the last round: no warning
        assert!(
            ev.enter_result(1, 1, "0-1", (None, None), true)
                .unwrap()
                .warnings
                .is_empty()
        );
        assert!(
            ev.enter_result(2, 1, "1-0", (None, None), false)
                .unwrap()
                .warnings
                .is_empty()
        );
        let d = ev.enter_results("1 2 =\n2 2 1-0\n", true).unwrap();
        assert_eq!(d.warnings.len(), 1, "{:?}", d.warnings);
    }

    #[test]
    fn swapping_colours_keeps_each_players_score() {
        let mut ev = swiss(4, 3);
        ev.pair_next().unwrap();
        ev.set_result(1, 1, "1-0", (Some(2), None), false).unwrap();
        let (red, black) = (ev.paired[0].boards[0].red, ev.paired[0].boards[0].black);
        let before = ev.standings(Some(0));
        ev.swap_colours(1, 1).unwrap();
        let b = &ev.paired[0].boards[0];
        assert_eq!((b.red, b.black), (black, red));
        assert_eq!(b.result.as_deref(), Some("0-1"));
        assert_eq!((b.red_fouls, b.black_fouls), (0, 2));
        assert_eq!(ev.standings(Some(0)), before);
        assert_eq!(
            ev.swap_colours(1, 9).unwrap_err(),
            EventError::NoSuchBoard { round: 1, board: 9 }
        );
    }

    #[test]
    fn edit_reinstate_and_rename_refuse_bad_input() {
        let mut ev = swiss(4, 3);
        let before = ev.clone();
        let none = PlayerEdit::default();
        assert!(ev.edit_player(1, &none).is_err());
        assert!(
            ev.edit_player(
                9,
                &PlayerEdit {
                    name: Some("x".into()),
                    ..none.clone()
                }
            )
            .is_err()
        );
        assert!(
            ev.edit_player(
                1,
                &PlayerEdit {
                    name: Some(" ".into()),
                    ..none.clone()
                }
            )
            .is_err()
        );
        // the same name and unit as player 2
        let e = ev
            .edit_player(
                1,
                &PlayerEdit {
                    name: Some("P2".into()),
                    ..none.clone()
                },
            )
            .unwrap_err();
        assert!(e.to_string().contains("duplicate player"), "{e}");
        ev = before.clone();
        assert!(
            ev.reinstate(1)
                .unwrap_err()
                .to_string()
                .contains("has not withdrawn")
        );
        assert!(ev.rename("  ").is_err());
        assert!(ev.rename("a\nb").is_err());
        assert_eq!(ev, before);
        ev.withdraw(1).unwrap();
        ev.reinstate(1).unwrap();
        assert_eq!(ev.player(1).unwrap().withdrawn, None);
    }
}
