//! 犯规: a foul of seed 002 四, kinds 1–8; each is also one 违例, and the third 违例 loses.

use xiangqi_board::Color;

use super::book::{self, Lang, Word, why};
use super::kind::{Arg, Asked, Entry, Kind, Typed, Value};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::fields::{Fields, WordError};
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};

/// A foul.
pub static KIND: Kind = Kind {
    word: "foul",
    name: Word {
        zh: "犯规",
        en: "Foul (犯规)",
    },
    typed: Some(Typed {
        word: "foul",
        aliases: &[],
        about: "A 犯规 of seed 002 四, KIND 1–8 (each is also a 违例; the third 违例 loses)",
        args: &[
            Arg::side("red or black"),
            Arg {
                value: Value::Byte,
                ..Arg::text(
                    "kind",
                    "KIND",
                    "1–8, as seed 002 四 lists them",
                    |f, v| f.kind = v,
                )
            },
            Arg {
                long: Some("note"),
                required: false,
                default: Some(""),
                ..Arg::text("note", "NOTE", "What happened", |f, v| f.note = v)
            },
        ],
        read,
    }),
    since: 1,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

/// The names of the 犯规 kinds 1–8 of seed 002 四 (Chinese: shortened in its own words).
pub const NAMES: [Word; 8] = [
    Word {
        zh: "对方走棋时无故提问或干扰",
        en: "disturbing the opponent",
    },
    Word {
        zh: "擅停、擅开棋钟",
        en: "stopping or starting the clock without cause",
    },
    Word {
        zh: "提和被拒后连续提和",
        en: "offering a draw again after a refusal",
    },
    Word {
        zh: "提出自然限着和棋经审核不属实",
        en: "a false natural-limit claim",
    },
    Word {
        zh: "摸触己方不可能走动的棋子",
        en: "touching an own piece that cannot move",
    },
    Word {
        zh: "摸触己方无子可吃的对方棋子",
        en: "touching an opponent's piece that cannot be captured",
    },
    Word {
        zh: "连续漏记着数超过规定",
        en: "missing score-sheet entries beyond the limit",
    },
    Word {
        zh: "违反棋手须知，情节尚不严重",
        en: "a minor breach of the players' rules",
    },
];

/// The short English name of a 犯规 kind of seed 002 四.
pub fn foul_name(kind: u8) -> &'static str {
    NAMES
        .get(usize::from(kind).wrapping_sub(1))
        .map_or("unknown", |w| w.en)
}

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Foul {
        side: t.side(1)?,
        kind: u8::try_from(t.num(2)?).map_err(|e| e.to_string())?,
        note: t.text(3)?,
    })
}

fn read(_: &str, f: &Fields) -> Result<Asked, WordError> {
    Ok(Asked::Apply(Entry::Foul {
        side: f.side()?,
        kind: f.kind.trim().parse().map_err(|_| WordError::Number {
            field: "foul kind",
            text: f.kind.trim().to_string(),
        })?,
        note: f.note.clone(),
    }))
}

/// `foul red 3 "…"`.
pub(crate) fn token(side: Color, kind: u8, note: &str) -> String {
    format!("foul {} {kind} {}", side.name(), quote(note))
}

/// A kind 1–8 only: one 犯规, one 违例.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    side: Color,
    kind: u8,
    note: &str,
) -> Result<String, GameError> {
    if !(1..=8).contains(&kind) {
        return Err(refused(Refusal::FoulKind { kind }));
    }
    let m = format!(
        "{}: 犯规 {kind} ({}){}",
        side_name(side),
        foul_name(kind),
        if note.is_empty() {
            String::new()
        } else {
            format!(": {note}")
        }
    );
    Ok(t.foul(side, m))
}

/// `红方 犯规 3` / `Red Foul (犯规) 3`.
pub(crate) fn title(side: Color, kind: u8, lang: Lang) -> String {
    format!("{} {} {kind}", book::side(side, lang), KIND.name.of(lang))
}

/// `红方犯规 3. 提和被拒后连续提和：NOTE`.
pub(crate) fn said(side: Color, kind: u8, note: &str) -> String {
    let name = NAMES
        .get(usize::from(kind).wrapping_sub(1))
        .map_or("", |w| w.zh);
    format!(
        "{}{} {kind}. {name}{}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        why(note)
    )
}
