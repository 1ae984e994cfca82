//! 认输: a side resigns (ch.1 §4 一(九)).

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word};
use super::kind::{Entry, Kind, SIDE_ONLY, Typed, by_side};
use super::token::Token;
use crate::error::GameError;
use crate::refusal::side_name;
use crate::ruling::Turn;

/// A resignation.
pub static KIND: Kind = Kind {
    word: "resign",
    name: Word {
        zh: "认输",
        en: "Resign",
    },
    typed: Some(Typed {
        word: "resign",
        aliases: &[],
        about: "SIDE resigns (认输)",
        args: SIDE_ONLY,
        read: |_, f| by_side(f, |side| Entry::Resign { side }),
    }),
    since: 1,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Resign { side: t.side(1)? })
}

/// `resign red`.
pub(crate) fn token(side: Color) -> String {
    format!("resign {}", side.name())
}

/// The opponent wins.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color) -> Result<String, GameError> {
    Ok(t.result(
        Outcome::Win(!side),
        "resignation",
        format!("{} resigns (ch.1 §4 一(九))", side_name(side)),
    ))
}

/// `红方认输`.
pub(crate) fn said(side: Color) -> String {
    format!("{}{}", book::side(side, Lang::Zh), KIND.name.zh)
}
