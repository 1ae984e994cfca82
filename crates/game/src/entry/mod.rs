//! The log's entries, one file per kind: each holds its fields' words (the PGN token it writes
//! and reads, the words an arbiter types for it, the `xq game` arguments), what it says in both
//! languages, its check (before anything changes) and its application to the game.
//!
//! [`Entry`] is the one list of the kinds' fields; [`KINDS`] the one list of the kinds, which
//! the front ends (`xq game`, the desk's console) derive their entries and words from.
//!
//! Adding a kind: a file here (its [`Kind`], its `apply`), its variant in [`Entry`], its line in
//! [`KINDS`] and in the matches of this file, and one dispatch line in [`crate::Game::apply`].

pub mod accept;
pub mod book;
pub mod claim;
pub mod correct;
pub mod decision;
pub mod declare;
pub mod decline;
pub mod disciplinary;
pub mod flag;
pub mod foul;
mod kind;
pub mod late;
pub mod r#move;
pub mod offer;
pub mod penalty;
pub mod propose;
pub mod resign;
pub mod resume;
pub mod seal;
pub(crate) mod token;
pub mod told;
pub mod undo;
pub mod violation;

use xiangqi_board::Color;
use xiangqi_movegen::Position;

use crate::error::GameError;
use crate::fields::{Fields, WordError};
use crate::refusal::Refusal;
use crate::ruling::refused;
use crate::state::State;
pub use book::{Lang, Word};
use kind::Saying;
pub use kind::{Arg, Asked, Entry, Kind, Typed, Value};
use token::Token;

/// Every kind of entry, in the order `xq game --help` lists them.
pub static KINDS: [&Kind; 20] = [
    &r#move::KIND,
    &offer::KIND,
    &accept::KIND,
    &decline::KIND,
    &claim::KIND,
    &foul::KIND,
    &violation::KIND,
    &penalty::KIND,
    &resign::KIND,
    &flag::KIND,
    &correct::KIND,
    &seal::KIND,
    &resume::KIND,
    &late::KIND,
    &disciplinary::KIND,
    &decision::KIND,
    &told::KIND,
    &declare::KIND,
    &undo::KIND,
    &propose::KIND,
];

/// Reads an entry word and its fields into what it asks for: `move`, `offer`, `accept`,
/// `decline`, `resign`, `flag`, `correct`, `claim` (`claim-repetition`, `claim-natural-limit`
/// carry the kind), `foul`, `violation`, `penalty`, `late`, `discipline`, `decide`, `seal`,
/// `resume`, and the arbiter's answers to the rules' proposals: `told` (已告知变着), `declare`
/// (宣布结果) and `undo` (撤销) — every [`Typed`] word of [`KINDS`].
///
/// ```
/// use xiangqi_game::words::{self, Asked, Fields};
/// use xiangqi_game::{Decision, Entry};
/// let f = Fields { outcome: "draw".into(), reason: "双方同意".into(), by: "李裁判".into(), ..Fields::default() };
/// assert!(matches!(
///     words::entry("declare", &f),
///     Ok(Asked::Apply(Entry::Declare { outcome: Decision::Draw, .. }))
/// ));
/// assert_eq!(words::entry("dance", &f).unwrap_err().to_string(), "no such entry: \"dance\"");
/// ```
pub fn read(word: &str, f: &Fields) -> Result<Asked, WordError> {
    KINDS
        .iter()
        .filter_map(|k| k.typed.as_ref())
        .find(|t| t.word == word || t.aliases.contains(&word))
        .ok_or_else(|| WordError::Entry(word.to_string()))
        .and_then(|t| (t.read)(word, f))
}

/// One line per entry of a log, in Chinese, in the log's order: made from the entry itself
/// (the move in Chinese notation, the side, the clock, the rule of a proposal, who told or
/// declared), for the desk's Chinese pages; the English is each entry's ruling, as
/// [`crate::Game::apply`] gave it. `undone` lists the entries undone; `over` says whether the
/// game has a result (the last entry in force ended it).
pub fn said(fen: &str, entries: &[Entry], undone: &[usize], over: bool) -> Vec<String> {
    let ended_at = over.then(|| {
        (0..entries.len())
            .rev()
            .find(|i| !undone.contains(i) && !matches!(entries[*i], Entry::Propose { .. }))
    });
    let mut at = Saying {
        pos: Position::from_fen(fen).ok(),
        ply: 0,
        undone: false,
        ended: false,
    };
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            at.undone = undone.contains(&i);
            at.ended = ended_at == Some(Some(i));
            e.say(&mut at)
        })
        .collect()
}

impl Entry {
    /// The entry's kind.
    pub fn of(&self) -> &'static Kind {
        match self {
            Entry::Move { .. } => &r#move::KIND,
            Entry::Offer { .. } => &offer::KIND,
            Entry::Accept { .. } => &accept::KIND,
            Entry::Decline { .. } => &decline::KIND,
            Entry::Claim { .. } => &claim::KIND,
            Entry::Foul { .. } => &foul::KIND,
            Entry::Violation { .. } => &violation::KIND,
            Entry::Penalty { .. } => &penalty::KIND,
            Entry::Resign { .. } => &resign::KIND,
            Entry::Flag { .. } => &flag::KIND,
            Entry::Correct { .. } => &correct::KIND,
            Entry::Seal { .. } => &seal::KIND,
            Entry::Resume => &resume::KIND,
            Entry::Late { .. } => &late::KIND,
            Entry::Disciplinary { .. } => &disciplinary::KIND,
            Entry::Decision { .. } => &decision::KIND,
            Entry::Propose { .. } => &propose::KIND,
            Entry::Told { .. } => &told::KIND,
            Entry::Declare { .. } => &declare::KIND,
            Entry::Undo { .. } => &undo::KIND,
        }
    }

    /// The entry's type word, as the JSON `"type"` and the PGN token write it (`move`,
    /// `offer`, `propose`, `told`, `declare`, `undo` …).
    pub fn kind(&self) -> &'static str {
        self.of().word
    }

    /// The side the entry is by or about, if it names one.
    pub fn side(&self) -> Option<Color> {
        match self {
            Entry::Offer { side }
            | Entry::Accept { side }
            | Entry::Decline { side }
            | Entry::Claim { side, .. }
            | Entry::Foul { side, .. }
            | Entry::Violation { side, .. }
            | Entry::Penalty { side, .. }
            | Entry::Resign { side }
            | Entry::Flag { side, .. }
            | Entry::Correct { side, .. }
            | Entry::Seal { side, .. }
            | Entry::Late { side, .. }
            | Entry::Disciplinary { side, .. }
            | Entry::Told { side, .. } => Some(*side),
            _ => None,
        }
    }

    /// The `[%xq …]` token's body (`None` for a move in force: the PGN move itself).
    pub(crate) fn token(&self) -> Option<String> {
        Some(match self {
            Entry::Move { .. } => return None,
            Entry::Offer { side } => offer::token(*side),
            Entry::Accept { side } => accept::token(*side),
            Entry::Decline { side } => decline::token(*side),
            Entry::Claim { side, kind, ruling } => claim::token(*side, *kind, ruling),
            Entry::Foul { side, kind, note } => foul::token(*side, *kind, note),
            Entry::Violation { side, reason } => violation::token(*side, reason),
            Entry::Penalty {
                side,
                seconds,
                reason,
            } => penalty::token(*side, *seconds, reason),
            Entry::Resign { side } => resign::token(*side),
            Entry::Flag {
                side,
                clock,
                override_reason,
            } => flag::token(*side, *clock, override_reason),
            Entry::Correct {
                side,
                clock,
                reason,
            } => correct::token(*side, *clock, reason),
            Entry::Seal { side, text, clock } => seal::token(*side, text, *clock),
            Entry::Resume => resume::token(),
            Entry::Late { side, minutes } => late::token(*side, *minutes),
            Entry::Disciplinary { side, reason } => disciplinary::token(*side, reason),
            Entry::Decision { outcome, reason } => decision::token(*outcome, reason),
            Entry::Propose {
                ruling,
                rule,
                edition,
                first_ply,
                last_ply,
                detail,
            } => propose::token(*ruling, rule, edition, (*first_ply, *last_ply), detail),
            Entry::Told { side, by, at } => told::token(*side, by, at),
            Entry::Declare {
                outcome,
                rule,
                by,
                at,
            } => declare::token(*outcome, rule, by, at),
            Entry::Undo {
                entry,
                reason,
                by,
                at,
            } => undo::token(*entry, reason, by, at),
        })
    }

    /// Reads a `[%xq …]` token's body.
    pub(crate) fn from_token(body: &str) -> Result<Entry, String> {
        let t = Token::split(body);
        let word = t.get(0);
        match KINDS.iter().find(|k| Some(k.word) == word) {
            Some(k) => (k.parse)(&t),
            None => Err(format!("unknown event {word:?}")),
        }
    }

    /// The entry in the console's words (the log list's first column): the side and the kind's
    /// name, `红方 提和` / `Red Offer a draw`.
    pub fn title(&self, lang: Lang) -> String {
        let name = self.of().name.of(lang);
        match self {
            Entry::Foul { side, kind, .. } => foul::title(*side, *kind, lang),
            Entry::Flag {
                side,
                override_reason,
                ..
            } => flag::title(*side, override_reason, lang),
            _ => match self.side() {
                Some(c) => format!("{} {name}", book::side(c, lang)),
                None => name.to_string(),
            },
        }
    }

    /// What the entry says in Chinese, where the walk through the log stands.
    fn say(&self, at: &mut Saying) -> String {
        match self {
            Entry::Move { mv, clock } => r#move::said(mv, *clock, at),
            Entry::Offer { side } => offer::said(*side),
            Entry::Accept { side } => accept::said(*side),
            Entry::Decline { side } => decline::said(*side),
            Entry::Claim { side, kind, .. } => claim::said(*side, *kind, at),
            Entry::Foul { side, kind, note } => foul::said(*side, *kind, note),
            Entry::Violation { side, reason } => violation::said(*side, reason),
            Entry::Penalty {
                side,
                seconds,
                reason,
            } => penalty::said(*side, *seconds, reason),
            Entry::Resign { side } => resign::said(*side),
            Entry::Flag {
                side,
                override_reason,
                ..
            } => flag::said(*side, override_reason),
            Entry::Correct {
                side,
                clock,
                reason,
            } => correct::said(*side, *clock, reason),
            Entry::Seal { side, clock, .. } => seal::said(*side, *clock),
            Entry::Resume => resume::said(),
            Entry::Late { side, minutes } => late::said(*side, *minutes),
            Entry::Disciplinary { side, reason } => disciplinary::said(*side, reason),
            Entry::Decision { outcome, reason } => decision::said(*outcome, reason),
            Entry::Propose {
                ruling,
                rule,
                edition,
                first_ply,
                last_ply,
                ..
            } => propose::said(*ruling, rule, edition, (*first_ply, *last_ply)),
            Entry::Told { side, by, .. } => told::said(*side, by),
            Entry::Declare {
                outcome, rule, by, ..
            } => declare::said(*outcome, rule, by),
            Entry::Undo {
                entry, reason, by, ..
            } => undo::said(*entry, reason, by),
        }
    }

    /// The entry in a few words, for an undo's message: `move h2e2`, `offer red` …
    pub(crate) fn describe(&self) -> String {
        match (self, self.side()) {
            (Entry::Move { mv, .. }, _) => format!("move {mv}"),
            (_, Some(side)) => format!("{} {}", self.kind(), side.name()),
            (_, None) => self.kind().to_string(),
        }
    }

    /// Whether the entry may be entered now, before anything changes: a proposal is never
    /// entered; the arbiter's answers need a version 3 log; a finished game takes no entry but
    /// an undo's (which checks for itself); an adjourned game none that needs the board; a
    /// sealed move to be played nothing but a move.
    pub(crate) fn admit(&self, st: &State, version: u32) -> Result<(), GameError> {
        let kind = self.of();
        if kind.typed.is_none() {
            return Err(refused(Refusal::ProposalEntered));
        }
        if version < kind.since {
            return Err(refused(Refusal::OldLog { version }));
        }
        if kind.rewinds {
            return Ok(());
        }
        if let Some(r) = &st.result {
            return Err(refused(Refusal::GameOver {
                outcome: r.outcome,
                reason: r.reason.clone(),
            }));
        }
        if let Some(sealer) = st.sealed_by
            && kind.needs_board
        {
            return Err(refused(Refusal::Adjourned { sealer }));
        }
        if let Some((m, _)) = &st.must_play
            && !kind.plays
        {
            return Err(refused(Refusal::SealedFirst { sealed: m.clone() }));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verdicts::Decision;

    #[test]
    fn tokens_round_trip_with_awkward_text() {
        let e = Entry::Decision {
            outcome: Decision::Draw,
            reason: "长将 } ] { [ \"quoted\" 不变作和".into(),
        };
        let t = e.token().unwrap();
        assert!(!t.contains('}') && !t.contains(']'), "{t}");
        assert_eq!(Entry::from_token(&t).unwrap(), e);
    }

    #[test]
    fn every_kind_is_listed_once() {
        let mut words: Vec<_> = KINDS.iter().map(|k| k.word).collect();
        words.sort_unstable();
        words.dedup();
        assert_eq!(words.len(), KINDS.len());
    }
}
