//! 规则提议: what the rules propose after the entry before it (version 3) — a side must vary, or
//! a loss or a draw. Written by [`crate::Game::apply`] itself, never entered; the arbiter
//! confirms ([`super::told`], [`super::declare`]) or lets play go on.

use super::book::{self, Lang, PLY_POST, PLY_PRE, Word};
use super::kind::{Entry, Kind};
use super::token::{Token, quote};
use crate::state::Proposal;
use crate::verdicts::Ruled;

/// A proposal of the rules.
pub static KIND: Kind = Kind {
    word: "propose",
    name: Word {
        zh: "规则提议",
        en: "The rules propose",
    },
    typed: None,
    since: 3,
    needs_board: false,
    plays: false,
    rewinds: false,
    parse,
};

/// 仅为提议：由裁判决定 / a proposal only: the arbiter decides.
pub const NOTE: Word = Word {
    zh: "仅为提议：由裁判决定",
    en: "a proposal only: the arbiter decides",
};
/// 须变着 / must vary.
pub const MUST_VARY: Word = Word {
    zh: "须变着",
    en: "must vary",
};

impl Proposal {
    /// The log entry that records it.
    pub fn entry(&self) -> Entry {
        Entry::Propose {
            ruling: self.ruling,
            rule: self.rule.clone(),
            edition: self.edition.clone(),
            first_ply: self.first_ply,
            last_ply: self.last_ply,
            detail: self.detail.clone(),
        }
    }
}

fn parse(t: &Token) -> Result<Entry, String> {
    let (first_ply, last_ply) = match t.get(4) {
        None => return Err("missing line".into()),
        Some("-") => (None, None),
        Some(l) => {
            let (a, b) = l.split_once('-').ok_or(format!("bad line {l}"))?;
            let n = |t: &str| t.parse::<usize>().map_err(|_| format!("bad line {l}"));
            (Some(n(a)?), Some(n(b)?))
        }
    };
    Ok(Entry::Propose {
        ruling: t
            .get(1)
            .and_then(Ruled::from_word)
            .ok_or("bad proposed ruling")?,
        rule: t.text(2)?,
        edition: t.text(3)?,
        first_ply,
        last_ply,
        detail: t.text(5)?,
    })
}

/// `propose red-must-vary "perpetual-chase" "cn-1987" 12-19 "…"`.
pub(crate) fn token(
    ruling: Ruled,
    rule: &str,
    edition: &str,
    line: (Option<usize>, Option<usize>),
    detail: &str,
) -> String {
    let line = match line {
        (Some(a), Some(b)) => format!("{a}-{b}"),
        _ => "-".into(),
    };
    format!(
        "propose {} {} {} {line} {}",
        ruling.as_str(),
        quote(rule),
        quote(edition),
        quote(detail)
    )
}

/// Two proposals are the same ruling (their words may differ between versions of xq).
pub(crate) fn same(a: &Entry, b: &Entry) -> bool {
    match (a, b) {
        (
            Entry::Propose {
                ruling: r1,
                rule: u1,
                first_ply: f1,
                last_ply: l1,
                ..
            },
            Entry::Propose {
                ruling: r2,
                rule: u2,
                first_ply: f2,
                last_ply: l2,
                ..
            },
        ) => r1 == r2 && u1 == u2 && f1 == f2 && l1 == l2,
        _ => false,
    }
}

/// `规则提议：红方须变着（长捉，cn-1987），第12–19着；仅为提议：由裁判决定`.
pub(crate) fn said(
    ruling: Ruled,
    rule: &str,
    edition: &str,
    line: (Option<usize>, Option<usize>),
) -> String {
    let what = match ruling.must_vary() {
        Some(c) => format!("{}{}", book::side(c, Lang::Zh), MUST_VARY.zh),
        None => book::outcome(ruling.as_str(), Lang::Zh).to_string(),
    };
    let plies = match line {
        (Some(a), Some(b)) => format!("，{}{a}–{b}{}", PLY_PRE.zh, PLY_POST.zh),
        _ => String::new(),
    };
    format!(
        "{}：{what}（{}，{}）{plies}；{}",
        KIND.name.zh,
        book::rule(rule, Lang::Zh),
        edition,
        NOTE.zh
    )
}
