//! 超时: a side's flag fell — accepted against the running clock when it shows no time left, or
//! with the arbiter's override and its reason (ch.1 §4 一(四)).

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote, reading};
use crate::error::GameError;
use crate::refusal::Refusal;
use crate::ruling::{Turn, refused};
use crate::state::State;

/// A flag fall.
pub static KIND: Kind = Kind {
    word: "flag",
    name: Word {
        zh: "超时",
        en: "Flag fell",
    },
    typed: Some(Typed {
        word: "flag",
        aliases: &[],
        about: "SIDE's flag fell (超时): only the running clock's, showing no time (`--clock 0:00:00`, or a last reading of 0), unless the arbiter overrides with a reason",
        args: &[
            Arg::side("red or black: the side whose flag fell"),
            Arg::clock("The running clock's reading when the flag fell: 0:00:00"),
            Arg {
                long: Some("override"),
                value_name: "REASON",
                required: false,
                ..Arg::text(
                    "override_reason",
                    "OVERRIDE_REASON",
                    "Rule the flag although the clock does not show it (stopped, or showing time), for this reason; logged with the entry",
                    |f, v| f.reason = v,
                )
            },
        ],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Flag {
                side: f.side()?,
                clock: f.reading()?,
                override_reason: f.reason.trim().to_string(),
            }))
        },
    }),
    since: 1,
    needs_board: true,
    plays: false,
    rewinds: false,
    parse,
};

/// 裁判裁定超时（钟未显示） / Flag ruled by the arbiter (the clock does not show it).
pub const OVERRIDE: Word = Word {
    zh: "裁判裁定超时（钟未显示）",
    en: "Flag ruled by the arbiter (the clock does not show it)",
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Flag {
        side: t.side(1)?,
        clock: t.reading(2)?,
        override_reason: if t.len() > 3 {
            t.text(3)?
        } else {
            String::new()
        },
    })
}

/// `flag red 0:00:00 "…"`: the reading and the override only when given.
pub(crate) fn token(side: Color, clock: Option<u32>, override_reason: &str) -> String {
    let mut t = format!("flag {}", side.name());
    if clock.is_some() || !override_reason.is_empty() {
        t.push(' ');
        t.push_str(&reading(clock));
    }
    if !override_reason.is_empty() {
        t.push(' ');
        t.push_str(&quote(override_reason));
    }
    t
}

/// The running clock shows no time, or the arbiter overrides: the opponent wins.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    side: Color,
    clock: Option<u32>,
    override_reason: &str,
) -> Result<String, GameError> {
    let overridden = !override_reason.trim().is_empty();
    if !t.lenient && !overridden {
        check_flag(&t.st, side, clock)?;
    }
    t.st.clocks[side] = 0;
    let mut d = t.flag_detail(side);
    if overridden {
        d.push_str(&format!(
            " — ruled by the arbiter's override: {override_reason}"
        ));
    }
    Ok(t.result(Outcome::Win(!side), "flag", d))
}

/// A flag falls only on the running clock, when it shows no time left (ch.1 §4 一(四)).
fn check_flag(st: &State, side: Color, reading: Option<u32>) -> Result<(), GameError> {
    if st.side_to_move != side {
        return Err(refused(Refusal::ClockStopped {
            side,
            to_move: st.side_to_move,
        }));
    }
    match reading {
        Some(0) => Ok(()),
        Some(c) => Err(refused(Refusal::FlagUp { side, shows: c })),
        None if st.clocks[side] <= 0 => Ok(()),
        None => Err(refused(Refusal::FlagReadingNeeded {
            side,
            showed: st.clocks[side],
        })),
    }
}

/// `红方 超时`, with the override named.
pub(crate) fn title(side: Color, override_reason: &str, lang: Lang) -> String {
    let name = KIND.name.of(lang);
    if override_reason.is_empty() {
        format!("{} {name}", book::side(side, lang))
    } else {
        format!("{} {name} ({})", book::side(side, lang), OVERRIDE.of(lang))
    }
}

/// `红方超时`, or `红方超时（裁判裁定超时（钟未显示））：REASON`.
pub(crate) fn said(side: Color, override_reason: &str) -> String {
    let s = book::side(side, Lang::Zh);
    if override_reason.is_empty() {
        format!("{s}{}", KIND.name.zh)
    } else {
        format!(
            "{s}{}（{}）{}",
            KIND.name.zh,
            OVERRIDE.zh,
            why(override_reason)
        )
    }
}
