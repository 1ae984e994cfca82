//! [`Turn`]: what an entry is checked and applied against — the game's rules, clocks and board
//! as they stand before it — and the draft of the [`State`] it changes, kept only when the
//! entry is accepted (check, then play). The rulings every kind of entry shares live here:
//! a proposal of the rules, a 犯规, the third 违例, a time penalty, a fallen flag, a result.

use xiangqi_adjudication::GameRecord;
use xiangqi_board::Color;
use xiangqi_movegen::{Move, Position};
use xiangqi_rules::{Arbiter, Outcome};

use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::state::{GameResult, Proposal, State, VIOLATIONS_TO_LOSE};
use crate::time::{TimeControl, format_clock};
use crate::verdicts::Ruled;

/// The game as one entry sees it: read-only rules, clocks and board, and the draft state.
pub(crate) struct Turn<'a> {
    /// The ruleset and its edition.
    pub(crate) arbiter: &'a Arbiter,
    /// The time control.
    pub(crate) tc: &'a TimeControl,
    /// The start position.
    pub(crate) start: &'a Position,
    /// The position before the entry.
    pub(crate) position: &'a Position,
    /// The moves played before the entry.
    pub(crate) moves: &'a [Move],
    /// Replaying a version 1 log: flags and clock readings are taken as written.
    pub(crate) lenient: bool,
    /// A version 1 or 2 log: the rules' rulings take effect at once.
    pub(crate) legacy: bool,
    /// The state the entry leaves, kept only when it is accepted.
    pub(crate) st: State,
    /// The move the entry plays, if it is one.
    pub(crate) played: Option<Move>,
}

/// A refusal of the rules as the error an entry returns.
pub(crate) fn refused(why: Refusal) -> GameError {
    GameError::Refused(why)
}

impl Turn<'_> {
    /// The game's moves as a record, for the repetition and natural-limit searches.
    pub(crate) fn record(&self) -> GameRecord {
        GameRecord::new(self.start.clone(), self.moves.to_vec()).expect("moves were checked")
    }

    /// The edition judging the game.
    pub(crate) fn edition(&self) -> String {
        self.arbiter.ruleset().edition.to_string()
    }

    /// A finding of the rules that would end the game: in a version 3 log a proposal, awaiting
    /// the arbiter's declaration; in an older log the result at once, as then.
    pub(crate) fn propose(&mut self, outcome: Outcome, rule: &str, detail: String) -> String {
        self.propose_line(outcome, rule, detail, None)
    }

    /// [`Turn::propose`] with the line (the plies of a repetition cycle).
    pub(crate) fn propose_line(
        &mut self,
        outcome: Outcome,
        rule: &str,
        detail: String,
        line: Option<(usize, usize)>,
    ) -> String {
        if self.legacy {
            return set_result(&mut self.st, outcome, rule, detail);
        }
        let ruling = match outcome {
            Outcome::Win(Color::Red) => Ruled::RedWins,
            Outcome::Win(Color::Black) => Ruled::BlackWins,
            _ => Ruled::Draw,
        };
        self.make_proposal(ruling, rule, detail, line)
    }

    /// The rules' proposal, shown in [`State::proposal`] and logged after the entry.
    pub(crate) fn make_proposal(
        &mut self,
        ruling: Ruled,
        rule: &str,
        detail: String,
        line: Option<(usize, usize)>,
    ) -> String {
        let edition = self.edition();
        let msg = format!(
            "{detail} — proposed ({edition}): {}; the arbiter decides",
            ruling.as_str()
        );
        self.st.proposals += 1;
        self.st.proposal = Some(Proposal {
            ruling,
            rule: rule.to_string(),
            edition,
            first_ply: line.map(|l| l.0),
            last_ply: line.map(|l| l.1),
            ply: self.st.ply,
            detail,
        });
        msg
    }

    /// A 犯规: also a 违例, and the third 违例 loses.
    pub(crate) fn foul(&mut self, side: Color, msg: String) -> String {
        self.st.fouls[side] += 1;
        self.st.violations[side] += 1;
        self.third_violation(side, msg)
    }

    /// The 违例 count said after `msg`; the third loses (ch.1 §4 一(八)).
    pub(crate) fn third_violation(&mut self, side: Color, msg: String) -> String {
        let n = self.st.violations[side];
        if n >= VIOLATIONS_TO_LOSE && self.st.result.is_none() {
            return self.propose(
                Outcome::Win(!side),
                "third-violation",
                format!(
                    "{msg}; that is {}'s third 违例 in this game: it loses (ch.1 §4 一(八))",
                    side_name(side)
                ),
            );
        }
        format!("{msg} ({} 违例: {n})", side_name(side))
    }

    /// `seconds` off `side`'s clock; an emptied clock is a fallen flag.
    pub(crate) fn penalty(&mut self, side: Color, seconds: u32, msg: String) -> String {
        self.st.clocks[side] -= i64::from(seconds);
        if self.st.clocks[side] <= 0 {
            self.st.clocks[side] = 0;
            let d = format!("{msg}; {}", self.flag_detail(side));
            return self.propose(Outcome::Win(!side), "flag", d);
        }
        format!("{msg}; {} left", format_clock(self.st.clocks[side]))
    }

    /// A fallen flag in words: the period and the moves made (ch.1 §4 一(四)).
    pub(crate) fn flag_detail(&self, side: Color) -> String {
        let made = self.st.moves_made[side];
        let (_, due) = self.tc.stage_at(made);
        let period = self.tc.period_at(made);
        match due {
            Some(d) => format!(
                "{}'s flag fell in period {period} with {made} of the {d} moves made: it loses (ch.1 §4 一(四))",
                side_name(side)
            ),
            None => format!(
                "{}'s flag fell (sudden death, after {made} moves): it loses (ch.1 §4 一(四))",
                side_name(side)
            ),
        }
    }

    /// The game's result, typed or declared: [`set_result`] on the draft.
    pub(crate) fn result(&mut self, outcome: Outcome, reason: &str, detail: String) -> String {
        set_result(&mut self.st, outcome, reason, detail)
    }
}

/// A clock reading can only fall: at most the time the side had (`before`) plus what this
/// entry adds (`added`: the increment and a new stage's time). A correction is an
/// [`Entry::Correct`](crate::Entry::Correct).
pub(crate) fn check_reading(
    side: Color,
    reading: i64,
    before: i64,
    added: i64,
) -> Result<(), GameError> {
    let most = before.max(0) + added;
    if reading <= most {
        return Ok(());
    }
    Err(refused(Refusal::ClockRises {
        side,
        reading,
        before,
        added,
    }))
}

/// The result on `st`: a pending offer and proposal end with it. Returns the ruling.
pub(crate) fn set_result(st: &mut State, outcome: Outcome, reason: &str, detail: String) -> String {
    st.offer = None;
    st.proposal = None;
    st.result = Some(GameResult {
        outcome,
        reason: reason.to_string(),
        detail: detail.clone(),
    });
    format!("{detail} — {}", outcome.as_str())
}

/// `" by NAME"`, or nothing when no name was given.
pub(crate) fn by_whom(by: &str) -> String {
    match by.trim() {
        "" => String::new(),
        b => format!(" by {b}"),
    }
}
