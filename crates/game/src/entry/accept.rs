//! 同意和棋: a side accepts the opponent's pending draw offer (ch.1 §4 二(二)).

use xiangqi_board::Color;
use xiangqi_rules::Outcome;

use super::book::{self, Lang, Word};
use super::kind::{Entry, Kind, SIDE_ONLY, Typed, by_side};
use super::token::Token;
use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};

/// An offer accepted.
pub static KIND: Kind = Kind {
    word: "accept",
    name: Word {
        zh: "同意和棋",
        en: "Accept the draw",
    },
    typed: Some(Typed {
        word: "accept",
        aliases: &[],
        about: "SIDE accepts the opponent's pending draw offer",
        args: SIDE_ONLY,
        read: |_, f| by_side(f, |side| Entry::Accept { side }),
    }),
    since: 1,
    needs_board: true,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Accept { side: t.side(1)? })
}

/// `accept red`.
pub(crate) fn token(side: Color) -> String {
    format!("accept {}", side.name())
}

/// Only the opponent's pending offer is accepted: the game is drawn.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color) -> Result<String, GameError> {
    if t.st.offer != Some(!side) {
        return Err(refused(Refusal::NoOffer { side }));
    }
    t.st.offer = None;
    Ok(t.result(
        Outcome::Draw,
        "agreed",
        format!(
            "{} accepts {}'s draw offer (ch.1 §4 二(二))",
            side_name(side),
            side_name(!side)
        ),
    ))
}

/// `黑方同意和棋`.
pub(crate) fn said(side: Color) -> String {
    format!("{}{}", book::side(side, Lang::Zh), KIND.name.zh)
}
