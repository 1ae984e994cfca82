//! 校正棋钟: the arbiter sets a side's clock, up or down, with the reason — the only way a
//! reading may rise other than by the increment or a new stage's time.

use xiangqi_board::Color;

use super::book::{self, Lang, Word, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields::WordError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};
use crate::time::{format_clock, parse_clock};

/// A clock correction.
pub static KIND: Kind = Kind {
    word: "correct",
    name: Word {
        zh: "校正棋钟",
        en: "Correct a clock",
    },
    typed: Some(Typed {
        word: "correct",
        aliases: &[],
        about: "The arbiter corrects SIDE's clock to H:MM:SS (the only way a reading may rise), with the reason",
        args: &[
            Arg::side("red or black: whose clock"),
            Arg {
                value_name: "H:MM:SS",
                ..Arg::text(
                    "clock",
                    "CLOCK",
                    "The time the clock should show, H:MM:SS",
                    |f, v| f.clock = v,
                )
            },
            Arg::text("reason", "REASON", "Why, in the arbiter's words", |f, v| {
                f.reason = v
            }),
        ],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Correct {
                side: f.side()?,
                clock: f.reading()?.ok_or(WordError::CorrectionClock)?,
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

/// 校正后棋钟 / Clock after the correction.
pub const CLOCK_NOW: Word = Word {
    zh: "校正后棋钟",
    en: "Clock after the correction",
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Correct {
        side: t.side(1)?,
        clock: {
            let c = t.get(2).ok_or("missing clock")?;
            parse_clock(c).ok_or(format!("bad clock {c}"))?
        },
        reason: t.text(3)?,
    })
}

/// `correct red 1:20:00 "…"`.
pub(crate) fn token(side: Color, clock: u32, reason: &str) -> String {
    format!(
        "correct {} {} {}",
        side.name(),
        format_clock(i64::from(clock)),
        quote(reason)
    )
}

/// A correction needs its reason.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    side: Color,
    clock: u32,
    reason: &str,
) -> Result<String, GameError> {
    if reason.trim().is_empty() {
        return Err(refused(Refusal::CorrectionReason));
    }
    let was = t.st.clocks[side];
    t.st.clocks[side] = i64::from(clock);
    Ok(format!(
        "{}'s clock corrected from {} to {} by the arbiter: {reason}",
        side_name(side),
        format_clock(was),
        format_clock(i64::from(clock))
    ))
}

/// `红方校正棋钟：校正后棋钟 1:20:00：REASON`.
pub(crate) fn said(side: Color, clock: u32, reason: &str) -> String {
    format!(
        "{}{}：{} {}{}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        CLOCK_NOW.zh,
        format_clock(i64::from(clock)),
        why(reason)
    )
}
