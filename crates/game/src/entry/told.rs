//! 已告知变着: the arbiter has told a side to vary, confirming the rules' must-vary proposal;
//! from now on repeating the forbidden cycle is proposed as a loss (ch.1 §4 一(七)).

use xiangqi_board::Color;

use super::book::{self, Lang, Word, by};
use super::kind::{Arg, Asked, Entry, Kind, Typed};
use super::token::{Token, quote};
use crate::error::GameError;
use crate::refusal::{Refusal, side_name};
use crate::ruling::{Turn, by_whom, refused};

/// Told to vary.
pub static KIND: Kind = Kind {
    word: "told",
    name: Word {
        zh: "已告知变着",
        en: "Told to vary",
    },
    typed: Some(Typed {
        word: "told",
        aliases: &[],
        about: "The arbiter has told SIDE to vary (已告知变着): confirms the rules' must-vary proposal",
        args: &[Arg::side("red or black: the side told to vary"), Arg::BY],
        read: |_, f| {
            Ok(Asked::Apply(Entry::Told {
                side: f.side()?,
                by: f.by.trim().to_string(),
                at: f.at.trim().to_string(),
            }))
        },
    }),
    since: 3,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

fn parse(t: &Token) -> Result<Entry, String> {
    Ok(Entry::Told {
        side: t.side(1)?,
        by: t.text(2)?,
        at: t.text(3)?,
    })
}

/// `told red "NAME" "TIME"`.
pub(crate) fn token(side: Color, by: &str, at: &str) -> String {
    format!("told {} {} {}", side.name(), quote(by), quote(at))
}

/// Only the side the rules propose must vary is told.
pub(crate) fn apply(t: &mut Turn<'_>, side: Color, by: &str) -> Result<String, GameError> {
    let st = &mut t.st;
    let proposed = st.proposal.as_ref().and_then(|p| p.ruling.must_vary());
    let Some(p) = st.proposal.take().filter(|_| proposed == Some(side)) else {
        return Err(refused(Refusal::NoMustVary { side, proposed }));
    };
    st.told = Some((side, st.ply));
    st.must_vary = Some(side);
    Ok(format!(
        "{} is told to vary{} ({}, {}): repeating the forbidden cycle again is proposed as a loss (ch.1 §4 一(七))",
        side_name(side),
        by_whom(by),
        p.rule,
        p.edition
    ))
}

/// `红方已告知变着（裁判：NAME）`.
pub(crate) fn said(side: Color, b: &str) -> String {
    format!("{}{}{}", book::side(side, Lang::Zh), KIND.name.zh, by(b))
}
