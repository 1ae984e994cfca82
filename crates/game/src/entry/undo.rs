//! 撤销: the arbiter undoes the last entry still in force, with the reason. The undone entry
//! stays in the log, marked by this one ([`crate::Game::undone`]); a move undone takes the
//! rules' proposal after it along. The game restores itself ([`crate::Game::apply`]); this
//! file checks the undo first.

use super::book::{Word, by, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed, Value};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields::number;
use crate::refusal::Refusal;
use crate::ruling::refused;
use crate::state::State;

/// An undo.
pub static KIND: Kind = Kind {
    word: "undo",
    name: Word {
        zh: "撤销上一条记录",
        en: "Undo the last entry",
    },
    typed: Some(Typed {
        word: "undo",
        aliases: &[],
        about: "Undo the last entry in force (撤销), with the reason; it stays in the log, marked undone",
        args: &[
            Arg::text(
                "reason",
                "REASON",
                "Why, in the arbiter's words (logged)",
                |f, v| f.reason = v,
            ),
            Arg {
                long: Some("entry"),
                value_name: "N",
                value: Value::Index,
                required: false,
                ..Arg::text(
                    "entry",
                    "ENTRY",
                    "The entry to undo (its number in the log): refused unless it is the last in force",
                    |f, v| f.entry = v,
                )
            },
            Arg::BY,
        ],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Undo {
                entry: match f.entry.trim() {
                    "" => 0,
                    t => number("entry", t)? as usize,
                },
                reason: f.reason.trim().to_string(),
                by: f.by.trim().to_string(),
                at: f.at.trim().to_string(),
            }))
        },
    }),
    since: 3,
    needs_board: false,
    plays: false,
    rewinds: true,
    parse,
};

/// 撤销记录 / undo entry: before the undone entry's number.
pub const ENTRY: Word = Word {
    zh: "撤销记录",
    en: "undo entry",
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Undo {
        entry: usize::try_from(t.num(1)?).map_err(|e| e.to_string())?,
        reason: t.text(2)?,
        by: t.text(3)?,
        at: t.text(4)?,
    })
}

/// `undo 7 "…" "NAME" "TIME"`.
pub(crate) fn token(entry: usize, reason: &str, by: &str, at: &str) -> String {
    format!("undo {entry} {} {} {}", quote(reason), quote(by), quote(at))
}

/// Before anything changes: a game with a result is corrected on its event board, not undone;
/// an undo needs its reason and an entry in force; the entry named (0: the last) must be the
/// last in force, `last` (0-based). Returns the number (1-based) the undo records.
pub(crate) fn check(
    st: &State,
    n: usize,
    reason: &str,
    last: Option<usize>,
) -> Result<usize, GameError> {
    if let Some(r) = &st.result {
        return Err(refused(Refusal::UndoOver {
            outcome: r.outcome,
            reason: r.reason.clone(),
        }));
    }
    if reason.trim().is_empty() {
        return Err(refused(Refusal::UndoReason));
    }
    let Some(last) = last else {
        return Err(refused(Refusal::NothingToUndo));
    };
    let want = last + 1;
    if n != 0 && n != want {
        return Err(refused(Refusal::UndoNotLast { n, last: want }));
    }
    Ok(want)
}

/// `撤销记录 7：REASON（裁判：NAME）`.
pub(crate) fn said(entry: usize, reason: &str, b: &str) -> String {
    format!("{} {entry}{}{}", ENTRY.zh, why(reason), by(b))
}
