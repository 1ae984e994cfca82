//! 提和: a draw offer by a side, after its own move (ch.1 §4 二(二)).

use xiangqi_board::Color;

use super::book::{self, Lang, Word};
use super::kind::{Entry, Kind, SIDE_ONLY, Typed, by_side};
use super::token::Token;
use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, refused};

/// A draw offer.
pub static KIND: Kind = Kind {
    word: "offer",
    name: Word {
        zh: "提和",
        en: "Offer a draw",
    },
    typed: Some(Typed {
        word: "offer",
        aliases: &[],
        about: "A draw offer (提和) by SIDE, after its own move",
        args: SIDE_ONLY,
        read: |_, f| by_side(f, |side| Entry::Offer { side }),
    }),
    since: 1,
    needs_board: true,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Offer { side: t.side(1)? })
}

/// `offer red`.
pub(crate) fn token(side: Color) -> String {
    format!("offer {}", side.name())
}

/// An offer is made only after one's own move, while the opponent is to move and no offer is
/// pending; a side that has offered more often than the opponent commits 犯规 3.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color) -> Result<String, GameError> {
    let st = &mut t.st;
    if st.offer == Some(side) {
        return Err(refused(Refusal::OwnOfferPending { side }));
    }
    if st.offer == Some(!side) {
        return Err(refused(Refusal::AnswerFirst { offerer: !side }));
    }
    if st.moves_made[side] == 0 || st.side_to_move == side {
        return Err(refused(Refusal::OfferOutOfTurn { side }));
    }
    if st.offers_made[side] > st.offers_made[!side] {
        let m = format!(
            "refused: {} offers again before {} has offered (ch.1 §4 二(二)); 犯规 3",
            side_name(side),
            side_name(!side)
        );
        Ok(t.foul(side, m))
    } else {
        st.offers_made[side] += 1;
        st.offer = Some(side);
        Ok(format!("{} offers a draw", side_name(side)))
    }
}

/// `红方提和`.
pub(crate) fn said(side: Color) -> String {
    format!("{}{}", book::side(side, Lang::Zh), KIND.name.zh)
}
