//! 拒绝提和: a side declines the opponent's pending draw offer by word (ch.1 §4 二(二)).

use xiangqi_board::Color;

use super::book::{self, Lang, Word};
use super::kind::{Entry, Kind, SIDE_ONLY, Typed, by_side};
use super::token::Token;
use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};

/// An offer declined.
pub static KIND: Kind = Kind {
    word: "decline",
    name: Word {
        zh: "拒绝提和",
        en: "Decline",
    },
    typed: Some(Typed {
        word: "decline",
        aliases: &[],
        about: "SIDE declines the opponent's pending draw offer",
        args: SIDE_ONLY,
        read: |_, f| by_side(f, |side| Entry::Decline { side }),
    }),
    since: 1,
    needs_board: true,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Decline { side: t.side(1)? })
}

/// `decline black`.
pub(crate) fn token(side: Color) -> String {
    format!("decline {}", side.name())
}

/// Only the opponent's pending offer is declined.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color) -> Result<String, GameError> {
    if t.st.offer != Some(!side) {
        return Err(refused(Refusal::NoOffer { side }));
    }
    t.st.offer = None;
    Ok(format!("{} declines the draw offer", side_name(side)))
}

/// `黑方拒绝提和`.
pub(crate) fn said(side: Color) -> String {
    format!("{}{}", book::side(side, Lang::Zh), KIND.name.zh)
}
