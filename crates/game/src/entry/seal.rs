//! 封棋: the side to move seals its move; the text is stored in its envelope
//! ([`crate::envelope`]) and checked when the game resumes ([`super::resume`]).

use xiangqi_board::Color;

use super::book::{self, CLOCK_LEFT, Lang, Word};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote, reading};
use crate::envelope::Sealed;
use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, check_reading, refused};
use crate::state::Unopened;
use crate::time::format_clock;

/// A sealed move.
pub static KIND: Kind = Kind {
    word: "seal",
    name: Word {
        zh: "封棋",
        en: "Seal a move (封棋)",
    },
    typed: Some(Typed {
        word: "seal",
        aliases: &[],
        about: "The side to move seals its move (封棋); it is checked at `resume`",
        args: &[
            Arg {
                value_name: "MOVE",
                hyphen_values: true,
                ..Arg::text(
                    "mv",
                    "MV",
                    "The sealed move as written (any notation; checked at resumption)",
                    |f, v| f.mv = v,
                )
            },
            Arg::clock("The sealer's clock at sealing, H:MM:SS"),
        ],
        // by the side to move, as the game knows it
        read: |_, f| {
            Ok(Asked::Seal {
                text: f.mv.clone(),
                clock: f.reading()?,
            })
        },
    }),
    since: 1,
    needs_board: true,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Seal {
        side: t.side(1)?,
        text: crate::envelope::open(&t.text(2)?)?.into(),
        clock: t.reading(3)?,
    })
}

/// `seal red "envelope:…" 0:45:00`.
pub(crate) fn token(side: Color, text: &Sealed, clock: Option<u32>) -> String {
    format!(
        "seal {} {} {}",
        side.name(),
        quote(&crate::envelope::seal(text)),
        reading(clock)
    )
}

/// Only the side to move seals, a move in words; the game is adjourned.
pub(crate) fn apply(
    t: &mut Turn<'_>,
    side: Color,
    text: &Sealed,
    clock: Option<u32>,
) -> Result<String, GameError> {
    let st = &mut t.st;
    if side != st.side_to_move {
        return Err(refused(Refusal::SealOutOfTurn {
            to_move: st.side_to_move,
        }));
    }
    if text.trim().is_empty() {
        return Err(refused(Refusal::SealEmpty));
    }
    if let Some(c) = clock {
        if !t.lenient {
            check_reading(side, i64::from(c), st.clocks[side], 0)?;
        }
        st.clocks[side] = i64::from(c);
    }
    st.sealed_by = Some(side);
    st.sealed = Some((Unopened(text.to_string()), clock));
    Ok(format!(
        "{} seals a move (封棋); it is checked when the game resumes",
        side_name(side)
    ))
}

/// `红方封棋，钟余 0:45:00` (never the move).
pub(crate) fn said(side: Color, clock: Option<u32>) -> String {
    format!(
        "{}{}{}",
        book::side(side, Lang::Zh),
        KIND.name.zh,
        clock.map_or(String::new(), |c| format!(
            "，{} {}",
            CLOCK_LEFT.zh,
            format_clock(i64::from(c))
        ))
    )
}
