//! 罚时: a time penalty — seconds taken off a side's clock (the clock "gains five minutes").

use xiangqi_board::Color;

use super::book::{self, Lang, Word, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed, Value};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields::number;
use crate::refusal::side_name;
use crate::ruling::Turn;
use crate::time::format_clock;

/// A time penalty.
pub static KIND: Kind = Kind {
    word: "penalty",
    name: Word {
        zh: "罚时",
        en: "Time penalty",
    },
    typed: Some(Typed {
        word: "penalty",
        aliases: &[],
        about: "A time penalty: SECONDS taken off SIDE's clock",
        args: &[
            Arg::side("red or black"),
            Arg {
                value: Value::Number,
                ..Arg::text(
                    "seconds",
                    "SECONDS",
                    "Seconds taken off the clock",
                    |f, v| f.seconds = v,
                )
            },
            Arg::text("reason", "REASON", "Why, in words", |f, v| f.reason = v),
        ],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Penalty {
                side: f.side()?,
                seconds: number("seconds", &f.seconds)?,
                reason: f.reason.clone(),
            }))
        },
    }),
    since: 1,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

/// 秒 / seconds.
pub const SECONDS: Word = Word {
    zh: "秒",
    en: "seconds",
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Penalty {
        side: t.side(1)?,
        seconds: t.num(2)?,
        reason: t.text(3)?,
    })
}

/// `penalty red 300 "…"`.
pub(crate) fn token(side: Color, seconds: u32, reason: &str) -> String {
    format!("penalty {} {seconds} {}", side.name(), quote(reason))
}

/// The seconds come off the clock; an emptied clock is a fallen flag.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    side: Color,
    seconds: u32,
    reason: &str,
) -> Result<String, GameError> {
    let m = format!(
        "{}: {} added to the clock ({reason})",
        side_name(side),
        format_clock(i64::from(seconds))
    );
    Ok(t.penalty(side, seconds, m))
}

/// `红方罚时 300 秒：REASON`.
pub(crate) fn said(side: Color, seconds: u32, reason: &str) -> String {
    format!(
        "{}{} {seconds} {}{}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        SECONDS.zh,
        why(reason)
    )
}
