//! Why the rules refuse an entry ([`Refusal`], inside [`crate::GameError::Refused`]): one typed
//! reason per refusal, its English in `Display` (what `xq game` prints) and its Chinese in
//! [`Refusal::zh`] (what the desk's console shows on its Chinese pages).

use xiangqi_board::Color;
use xiangqi_notation::MoveTextError;
use xiangqi_rules::Outcome;

use crate::time::format_clock;
use crate::verdicts::Decision;

/// A side's name in the English messages.
pub(crate) fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "Red",
        Color::Black => "Black",
    }
}

/// The numerals the side to move writes a Chinese move in (红方 一…九, 黑方 1…9).
fn own_form(mover: Color) -> &'static str {
    match mover {
        Color::Red => "一…九",
        Color::Black => "1…9",
    }
}

fn would_text(other: Color, would: &Option<(String, String)>) -> String {
    match would {
        Some((chinese, iccs)) => format!("for {} it would be {chinese} ({iccs})", side_name(other)),
        None => format!("it names no move of {} here either", side_name(other)),
    }
}

fn over_by(outcome: &Outcome, reason: &str) -> String {
    format!("{} by {reason}", outcome.as_str())
}

fn reading_plus(added: i64) -> String {
    if added > 0 {
        format!(" plus the {} this move adds", format_clock(added))
    } else {
        String::new()
    }
}

fn proposed_text(proposed: &Option<Color>) -> String {
    match proposed {
        Some(o) => format!(" (the rules propose that {} must vary)", side_name(*o)),
        None => String::new(),
    }
}

const OVERRIDE: &str = "(or the arbiter's override with its reason)";

/// Why the rules refuse an entry; nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A Chinese move mixes Red's numerals (一…九) and Black's (1…9).
    #[error(
        "move {mv}: mixes Red's numerals (一…九) and Black's (1…9); {} to move writes {}",
        side_name(*mover),
        own_form(*mover)
    )]
    MixedNumerals {
        /// The move as typed.
        mv: String,
        /// The side to move.
        mover: Color,
    },
    /// A Chinese move in the other side's numerals.
    #[error(
        "move {mv}: written in {}'s numerals, but {} is to move and writes {}; {}",
        side_name(!*mover),
        side_name(*mover),
        own_form(*mover),
        would_text(!*mover, would)
    )]
    OtherNumerals {
        /// The move as typed.
        mv: String,
        /// The side to move.
        mover: Color,
        /// The move it names for the other side (Chinese, ICCS), if any.
        would: Option<(String, String)>,
    },
    /// A proposal (the rules' own entry) was entered.
    #[error("a proposal is the rules' own: it is written by the game, not entered")]
    ProposalEntered,
    /// A log written before the arbiter's answers cannot take told, declare or undo.
    #[error(
        "this log is version {version} (written before the arbiter's answers to proposals): told, declare and undo need a log started by this xq"
    )]
    OldLog {
        /// The log's version.
        version: u32,
    },
    /// The game has a result.
    #[error("the game is over ({})", over_by(outcome, reason))]
    GameOver {
        /// The result.
        outcome: Outcome,
        /// Its reason, as recorded.
        reason: String,
    },
    /// 封棋: the game is adjourned.
    #[error("the game is adjourned ({} sealed a move): resume it first", side_name(*sealer))]
    Adjourned {
        /// Who sealed.
        sealer: Color,
    },
    /// The sealed move must be played before anything else.
    #[error("the sealed move {sealed} must be played first")]
    SealedFirst {
        /// The sealed move (ICCS).
        sealed: String,
    },
    /// Another move than the sealed one.
    #[error("the sealed move {sealed} must be played first, not {mv}")]
    NotTheSealed {
        /// The sealed move (ICCS).
        sealed: String,
        /// The move typed.
        mv: String,
    },
    /// The move cannot be read or played here.
    #[error("move {mv}: {error}")]
    Move {
        /// The move as typed.
        mv: String,
        /// Why (the notation's reason).
        error: MoveTextError,
    },
    /// This side's own draw offer is pending.
    #[error(
        "{}'s offer is pending: it cannot be withdrawn or made again (ch.1 §4 二(二))",
        side_name(*side)
    )]
    OwnOfferPending {
        /// The offering side.
        side: Color,
    },
    /// The other side's draw offer waits for an answer.
    #[error("{}'s offer is pending: accept or decline it", side_name(*offerer))]
    AnswerFirst {
        /// The offering side.
        offerer: Color,
    },
    /// 提和 only after one's own move, before pressing the clock.
    #[error(
        "{} may offer a draw only after its own move, before pressing the clock (ch.1 §4 二(二))",
        side_name(*side)
    )]
    OfferOutOfTurn {
        /// The side offering.
        side: Color,
    },
    /// No draw offer to accept or decline.
    #[error("{} has no draw offer to answer", side_name(*side))]
    NoOffer {
        /// The side answering.
        side: Color,
    },
    /// 犯规: seed 002 四 lists kinds 1 to 8.
    #[error("犯规 {kind}: seed 002 四 lists kinds 1 to 8")]
    FoulKind {
        /// The kind given.
        kind: u8,
    },
    /// A clock correction without its reason.
    #[error("a clock correction needs its reason (what was wrong with the clock)")]
    CorrectionReason,
    /// 封棋 by the side not to move.
    #[error("only the side to move ({}) seals a move", side_name(*to_move))]
    SealOutOfTurn {
        /// The side to move.
        to_move: Color,
    },
    /// 封棋 with nothing written.
    #[error("a sealed move must be written")]
    SealEmpty,
    /// Resume without an adjournment.
    #[error("the game is not adjourned: nothing to resume")]
    NotAdjourned,
    /// 迟到 for a side that has moved.
    #[error("{} has moved already: it was not late", side_name(*side))]
    NotLate {
        /// The side.
        side: Color,
    },
    /// 告知变着 without the rules' proposal for that side.
    #[error(
        "no proposal that {} must vary to confirm{}",
        side_name(*side),
        proposed_text(proposed)
    )]
    NoMustVary {
        /// The side named.
        side: Color,
        /// The side the rules propose must vary, if any.
        proposed: Option<Color>,
    },
    /// 宣布结果 without a proposal: the result must be named.
    #[error(
        "declare: the rules propose no result here: name it (red-wins, black-wins or draw) and its rule"
    )]
    DeclareUnnamed,
    /// 宣布结果 not proposed, without its rule.
    #[error(
        "declare {}: the rules propose no such result here: give the rule it stands on",
        outcome.as_str()
    )]
    DeclareNoRule {
        /// The result declared.
        outcome: Decision,
    },
    /// Undo after the game is over.
    #[error(
        "the game is over ({}): a result entered on the event board is corrected there, not undone",
        over_by(outcome, reason)
    )]
    UndoOver {
        /// The result.
        outcome: Outcome,
        /// Its reason, as recorded.
        reason: String,
    },
    /// Undo without its reason.
    #[error("an undo needs its reason (what was wrong with the entry)")]
    UndoReason,
    /// Undo with nothing to undo.
    #[error("nothing to undo: no entry in force")]
    NothingToUndo,
    /// Undo of an entry other than the last in force.
    #[error("undo entry {n}: only the last entry in force can be undone (entry {last})")]
    UndoNotLast {
        /// The entry named.
        n: usize,
        /// The last entry in force.
        last: usize,
    },
    /// 六十回合 claimed under an edition without a natural move limit.
    #[error("edition {edition} has no natural move limit")]
    NoNaturalLimit {
        /// The edition.
        edition: String,
    },
    /// A clock reading above the time the side had.
    #[error(
        "clock {} for {}: more than the {} it had{} — a clock only runs down (increment and a new stage's time excepted); a wrong earlier reading is put right by a correction (xq game correct)",
        format_clock(*reading),
        side_name(*side),
        format_clock(*before),
        reading_plus(*added)
    )]
    ClockRises {
        /// The side.
        side: Color,
        /// The reading given (seconds).
        reading: i64,
        /// The time it had (seconds).
        before: i64,
        /// What this entry adds (seconds).
        added: i64,
    },
    /// A flag claimed on a stopped clock.
    #[error(
        "{}'s clock is stopped ({} to move): a flag falls only on the running clock {OVERRIDE}",
        side_name(*side),
        side_name(*to_move)
    )]
    ClockStopped {
        /// The side whose flag is claimed.
        side: Color,
        /// The side to move.
        to_move: Color,
    },
    /// A flag claimed while the clock shows time left.
    #[error(
        "{}'s clock shows {} left: its flag has not fallen {OVERRIDE}",
        side_name(*side),
        format_clock(i64::from(*shows))
    )]
    FlagUp {
        /// The side.
        side: Color,
        /// The reading (seconds).
        shows: u32,
    },
    /// The entry was made on a page that showed an older log: another entry was made since
    /// (the desk's console forms carry how many entries they showed).
    #[error(
        "the log has {now} entries, the page showed {seen}: another entry was made since; reload and enter again"
    )]
    Stale {
        /// The entries the page showed.
        seen: usize,
        /// The entries the log has.
        now: usize,
    },
    /// A flag claimed without a reading, while the last reading showed time left.
    #[error(
        "{}'s clock showed {} after its last reading: give the reading that shows no time left (0:00:00) {OVERRIDE}",
        side_name(*side),
        format_clock(*showed)
    )]
    FlagReadingNeeded {
        /// The side.
        side: Color,
        /// Its last reading (seconds).
        showed: i64,
    },
}
