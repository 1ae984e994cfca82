//! The edition plugin interface: `RuleEdition`, its registration and the registry.

use xiangqi_adjudication::{Cycle, GameRecord, NaturalLimitPolicy, PlyContext, Replay};
use xiangqi_board::{Color, Square};
use xiangqi_movegen::GameStatus;

use crate::class::{CaptureLine, CycleRuling, PlyClass};
use crate::ruleset::{Params, RulesetError};
use crate::ruling::{PlyRuling, RepetitionRuling};

/// A rule edition: the policy that turns the adjudication facts into judgments.
///
/// An edition is built from a [`Ruleset`](crate::Ruleset) (its parameters) by the `build`
/// function of its [`EditionRegistration`]. The [`Arbiter`](crate::Arbiter) calls
/// [`classify`](RuleEdition::classify) for the plies it needs (those of a cycle, or every ply
/// when asked), then [`rule_cycle`](RuleEdition::rule_cycle) for each repetition.
pub trait RuleEdition: Send + Sync {
    /// How many occurrences of a position call for a ruling (both editions: 3).
    fn repetitions(&self) -> u32 {
        3
    }

    /// Classifies one ply: 将 check, 杀 mate threat, 捉 chase of some targets, or 闲 idle of some
    /// kind. `ply` gives the positions before and after, the move, the record and the generic
    /// facts; an edition may run any query of its own on them.
    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass;

    /// Rules on a cycle from the classes of its plies.
    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling;

    /// For a reader comparing editions: the test behind this edition's class of a ply, in the
    /// rulebook's words (what makes a 捉 here, why a ply is 闲 here). `xq judge` with several
    /// rulesets and `xq report` show it where the editions' classes differ. Default: nothing to
    /// add (the label speaks for itself).
    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        let _ = ply;
        None
    }

    /// For a reader comparing editions: the clause of this edition that decides a cycle with
    /// these labels (e.g. "杀 counts as 打: 长杀 is forbidden"), shown where the editions'
    /// verdicts differ. Default: nothing to add (the ruling's explanation says the rest).
    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        let _ = ruling;
        None
    }

    /// Forgets every answer the edition remembers (its memos of classes and searches, on every
    /// thread). The answers never change; benchmarks that must measure the work call it.
    /// Default: nothing to forget.
    fn clear_caches(&self) {}

    /// The capture lines behind a chase (捉) of the pieces on `targets` made by the ply (see
    /// [`CaptureLine`]), for `xq judge --explain`. Default: none (the edition gives no lines).
    fn capture_lines(&self, ply: &PlyContext<'_>, targets: &[Square]) -> Vec<CaptureLine> {
        let _ = (ply, targets);
        Vec::new()
    }

    /// Warnings about this edition's parameters that make judging costly (which option, its value,
    /// why), for `xq rulesets check`: a costly ruleset is accepted, and the work budgets of a ply
    /// and a game bound it. Default: none.
    fn cost_warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// The natural move limit (自然限着), if the edition has one.
    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        None
    }

    /// The end of the game when the side to move has no legal move. Default: checkmate (将死)
    /// and stalemate (困毙) are both a loss for the side to move.
    fn game_end(&self, status: GameStatus) -> Option<GameEnd> {
        match status {
            GameStatus::Ongoing => None,
            GameStatus::Checkmate { loser } => Some(GameEnd {
                loser: Some(loser),
                reason: "checkmate".into(),
            }),
            GameStatus::Stalemate { loser } => Some(GameEnd {
                loser: Some(loser),
                reason: "stalemate".into(),
            }),
        }
    }
}

/// A text for readers in the two languages of the reports: Chinese and English (the English
/// keeps the rulebook's Chinese terms).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Reading {
    /// In Chinese.
    pub zh: String,
    /// In English.
    pub en: String,
}

impl Reading {
    /// A reading from its two texts.
    pub fn new(zh: impl Into<String>, en: impl Into<String>) -> Reading {
        Reading {
            zh: zh.into(),
            en: en.into(),
        }
    }
}

/// How a game ended on the board.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GameEnd {
    /// The loser, or `None` for a draw.
    pub loser: Option<Color>,
    /// The reason word (`checkmate`, `stalemate`, …).
    pub reason: String,
}

/// A cycle and the classes of its plies, given to [`RuleEdition::rule_cycle`].
pub struct CycleContext<'a> {
    /// The cycle.
    pub cycle: Cycle,
    /// The positions and identities of the cycle (its ids start at the cycle's first occurrence).
    pub replay: &'a Replay<'a>,
    /// The class of every ply of the cycle, in order (`classes[0]` is ply `cycle.first_ply()`).
    pub classes: &'a [PlyClass],
}

impl<'a> CycleContext<'a> {
    /// The game record.
    pub fn record(&self) -> &'a GameRecord {
        self.replay.record()
    }

    /// The plies of `side` in the cycle with their classes.
    pub fn side(&self, side: Color) -> impl Iterator<Item = (usize, &'a PlyClass)> + '_ {
        let first = self.cycle.first_ply();
        let record = self.replay.record();
        self.classes
            .iter()
            .enumerate()
            .map(move |(i, c)| (first + i, c))
            .filter(move |(ply, _)| record.mover(*ply) == side)
    }

    /// The facts of a ply of the cycle.
    pub fn ply(&self, ply: usize) -> PlyContext<'_> {
        self.replay.ply(ply)
    }
}

/// The registration of an edition plugin, submitted with [`register_edition!`](crate::register_edition).
#[derive(Debug)]
pub struct EditionRegistration {
    /// The edition id a ruleset names in `edition = "…"` (e.g. `axf`, `cn-1987`).
    pub id: &'static str,
    /// A human title.
    pub title: &'static str,
    /// Builds the edition from a ruleset's parameters.
    pub build: fn(&Params<'_>) -> Result<Box<dyn RuleEdition>, RulesetError>,
}

inventory::collect!(EditionRegistration);

/// Registers an edition plugin:
///
/// ```ignore
/// xiangqi_rules::register_edition! {
///     id: "axf",
///     title: "Asian Xiangqi Federation rules",
///     build: build_axf,
/// }
/// ```
#[macro_export]
macro_rules! register_edition {
    (id: $id:expr, title: $title:expr, build: $build:expr $(,)?) => {
        $crate::__inventory::submit! {
            $crate::EditionRegistration { id: $id, title: $title, build: $build }
        }
    };
}

/// Two plugins registered the same edition id.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("edition `{id}` is registered twice (titles: {first:?}, {second:?})")]
pub struct DuplicateEdition {
    /// The id.
    pub id: &'static str,
    /// One title.
    pub first: &'static str,
    /// The other.
    pub second: &'static str,
}

/// All registered editions, sorted by id; duplicate ids are an error. (Never rely on
/// `inventory`'s iteration order.)
pub fn editions() -> Result<Vec<&'static EditionRegistration>, DuplicateEdition> {
    let mut all: Vec<&'static EditionRegistration> =
        inventory::iter::<EditionRegistration>.into_iter().collect();
    all.sort_by_key(|r| r.id);
    for w in all.windows(2) {
        if w[0].id == w[1].id {
            return Err(DuplicateEdition {
                id: w[0].id,
                first: w[0].title,
                second: w[1].title,
            });
        }
    }
    Ok(all)
}

/// The registration of edition `id`, if a linked plugin registers it.
pub fn find_edition(id: &str) -> Result<Option<&'static EditionRegistration>, DuplicateEdition> {
    Ok(editions()?.into_iter().find(|r| r.id == id))
}
