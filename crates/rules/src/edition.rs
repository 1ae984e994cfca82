//! The edition plugin interface: `RuleEdition`, its registration and the registry.

use xiangqi_adjudication::{Cycle, GameRecord, NaturalLimitPolicy, PlyContext, Replay};
use xiangqi_board::{Color, Square};
use xiangqi_movegen::GameStatus;

use crate::class::{CaptureLine, CycleRuling, PlyClass};
use crate::ruleset::{EditionParams, RulesetError};
use crate::ruling::{PlyRuling, RepetitionRuling};

/// A rule edition: the policy that turns the adjudication facts into judgments.
///
/// An edition is built from a [`Ruleset`](crate::Ruleset) (its parameters) by the `build`
/// function of its [`EditionRegistration`]. The [`Arbiter`](crate::Arbiter) calls
/// [`classify`](RuleEdition::classify) for the plies it needs (those of a cycle, or every ply
/// when asked), then [`rule_cycle`](RuleEdition::rule_cycle) for each repetition.
///
/// An edition written from the ground up implements this trait. An edition that changes an
/// existing one (a successor, a federation's variant) implements [`EditionVariant`] instead:
/// it names its base and every method it does not override answers from the base.
pub trait RuleEdition: Send + Sync {
    /// How many occurrences of a position call for a ruling (CN-1987, AXF: 3).
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

    /// The mate line behind a mate threat (杀) made by the ply (see [`CaptureLine`]: its target is
    /// the threatened king, its moves the mate by consecutive checks the opponent passing), for
    /// `xq judge --explain`. Default: none (the edition gives no line).
    fn mate_line(&self, ply: &PlyContext<'_>) -> Option<CaptureLine> {
        let _ = ply;
        None
    }

    /// Warnings about this edition's parameters that make judging costly (which option, its value,
    /// why), for `xq rulesets check`: a costly ruleset is accepted, and the work budgets of a ply
    /// and a game bound it. Default: none.
    fn cost_warnings(&self) -> Vec<String> {
        Vec::new()
    }

    /// The natural move limit (自然限着) a player may claim, if the edition has one.
    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        None
    }

    /// The end of the game when the side to move has no legal move. Default: checkmate (将死)
    /// and stalemate (困毙) are both a loss for the side to move.
    fn game_end(&self, status: GameStatus) -> Option<GameEnd> {
        default_game_end(status)
    }

    /// A result the rules impose on their own, without a claim and without a repetition (a
    /// move limit that ends the game, a position neither side can win), at the first ply where
    /// it applies: `(ply, end)`. The [`Arbiter`](crate::Arbiter) applies it unless a repetition
    /// was ruled on before that ply. Default: none (the game ends on the board or by a ruling).
    fn automatic_end(&self, record: &GameRecord) -> Option<(usize, GameEnd)> {
        let _ = record;
        None
    }

    /// Whether a side ruled against by a cycle is first told to vary (`true`, the arbiter's
    /// practice: it loses only when it repeats) or loses at once (`false`, a tournament
    /// program's rule). Default: told to vary.
    fn warns_before_loss(&self) -> bool {
        true
    }

    /// The rule under which the edition proposes a draw in a dead position (死局: neither side
    /// can ever give check, [`xiangqi_adjudication::is_dead`]), in words an arbiter can cite;
    /// `None` when it proposes none. The proposal never ends the game by itself: the arbiter
    /// confirms it. Default: the general principle.
    fn dead_position_rule(&self) -> Option<String> {
        Some("neither side has a piece that can give check: no win is possible, draw".into())
    }

    /// A ruling on a run of plies that is not a repetition (the 2020 Chinese rules' nine-move
    /// rule, for one), at the first ply where it is due. `classify` gives the edition's class of
    /// any ply of the record (the arbiter remembers them). Default: none.
    fn rule_run(
        &self,
        record: &GameRecord,
        classify: &mut dyn FnMut(usize) -> PlyClass,
    ) -> Option<RunRuling> {
        let _ = (record, classify);
        None
    }
}

/// A ruling on a run of plies that is not a repetition ([`RuleEdition::rule_run`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RunRuling {
    /// The first ply of the run.
    pub first_ply: usize,
    /// The ply at which the ruling is due (the run's last ply).
    pub last_ply: usize,
    /// The ruling, in the words of a cycle's.
    pub ruling: CycleRuling,
}

/// The default end of a game with no legal move: checkmate (将死) and stalemate (困毙) lose for
/// the side to move.
pub fn default_game_end(status: GameStatus) -> Option<GameEnd> {
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

/// An edition built on another: it names its [`base`](EditionVariant::base), and every method it
/// does not override answers from the base — delegation by default, so a variant that forgets a
/// method (the natural limit, the end of the game) keeps the base's answer instead of losing it.
///
/// Every `EditionVariant` is a [`RuleEdition`]. A variant that changes only how plies are
/// classified overrides only [`classify`](EditionVariant::classify):
///
/// ```
/// use xiangqi_rules::{EditionVariant, PlyClass, RuleEdition};
/// use xiangqi_rules::adjudication::PlyContext;
///
/// /// The base edition, but a ply that gives check is also called 将 in its note.
/// struct Noted(Box<dyn RuleEdition>);
///
/// impl EditionVariant for Noted {
///     fn base(&self) -> &dyn RuleEdition {
///         &*self.0
///     }
///     fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
///         self.0.classify(ply).with_note("noted")
///     }
/// }
/// ```
pub trait EditionVariant: Send + Sync {
    /// The edition this one is built on.
    fn base(&self) -> &dyn RuleEdition;

    /// See [`RuleEdition::repetitions`]; default: the base's.
    fn repetitions(&self) -> u32 {
        self.base().repetitions()
    }

    /// See [`RuleEdition::classify`]; default: the base's.
    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        self.base().classify(ply)
    }

    /// See [`RuleEdition::rule_cycle`]; default: the base's.
    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling {
        self.base().rule_cycle(cycle)
    }

    /// See [`RuleEdition::class_reading`]; default: the base's.
    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        self.base().class_reading(ply)
    }

    /// See [`RuleEdition::cycle_reading`]; default: the base's.
    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        self.base().cycle_reading(ruling)
    }

    /// See [`RuleEdition::clear_caches`]; default: the base's.
    fn clear_caches(&self) {
        self.base().clear_caches()
    }

    /// See [`RuleEdition::natural_limit`]; default: the base's.
    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        self.base().natural_limit()
    }

    /// See [`RuleEdition::game_end`]; default: the base's.
    fn game_end(&self, status: GameStatus) -> Option<GameEnd> {
        self.base().game_end(status)
    }

    /// See [`RuleEdition::automatic_end`]; default: the base's.
    fn automatic_end(&self, record: &GameRecord) -> Option<(usize, GameEnd)> {
        self.base().automatic_end(record)
    }

    /// See [`RuleEdition::dead_position_rule`]; default: the base's.
    fn dead_position_rule(&self) -> Option<String> {
        self.base().dead_position_rule()
    }

    /// See [`RuleEdition::warns_before_loss`]; default: the base's.
    fn warns_before_loss(&self) -> bool {
        self.base().warns_before_loss()
    }

    /// See [`RuleEdition::capture_lines`]; default: the base's.
    fn capture_lines(&self, ply: &PlyContext<'_>, targets: &[Square]) -> Vec<CaptureLine> {
        self.base().capture_lines(ply, targets)
    }

    /// See [`RuleEdition::mate_line`]; default: the base's.
    fn mate_line(&self, ply: &PlyContext<'_>) -> Option<CaptureLine> {
        self.base().mate_line(ply)
    }

    /// See [`RuleEdition::cost_warnings`]; default: the base's.
    fn cost_warnings(&self) -> Vec<String> {
        self.base().cost_warnings()
    }

    /// See [`RuleEdition::rule_run`]; default: the base's.
    fn rule_run(
        &self,
        record: &GameRecord,
        classify: &mut dyn FnMut(usize) -> PlyClass,
    ) -> Option<RunRuling> {
        self.base().rule_run(record, classify)
    }
}

impl<T: EditionVariant> RuleEdition for T {
    fn repetitions(&self) -> u32 {
        EditionVariant::repetitions(self)
    }
    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        EditionVariant::classify(self, ply)
    }
    fn rule_cycle(&self, cycle: &CycleContext<'_>) -> CycleRuling {
        EditionVariant::rule_cycle(self, cycle)
    }
    fn class_reading(&self, ply: &PlyRuling) -> Option<Reading> {
        EditionVariant::class_reading(self, ply)
    }
    fn cycle_reading(&self, ruling: &RepetitionRuling) -> Option<Reading> {
        EditionVariant::cycle_reading(self, ruling)
    }
    fn clear_caches(&self) {
        EditionVariant::clear_caches(self)
    }
    fn natural_limit(&self) -> Option<NaturalLimitPolicy> {
        EditionVariant::natural_limit(self)
    }
    fn game_end(&self, status: GameStatus) -> Option<GameEnd> {
        EditionVariant::game_end(self, status)
    }
    fn automatic_end(&self, record: &GameRecord) -> Option<(usize, GameEnd)> {
        EditionVariant::automatic_end(self, record)
    }
    fn dead_position_rule(&self) -> Option<String> {
        EditionVariant::dead_position_rule(self)
    }
    fn warns_before_loss(&self) -> bool {
        EditionVariant::warns_before_loss(self)
    }
    fn rule_run(
        &self,
        record: &GameRecord,
        classify: &mut dyn FnMut(usize) -> PlyClass,
    ) -> Option<RunRuling> {
        EditionVariant::rule_run(self, record, classify)
    }
    fn capture_lines(&self, ply: &PlyContext<'_>, targets: &[Square]) -> Vec<CaptureLine> {
        EditionVariant::capture_lines(self, ply, targets)
    }
    fn mate_line(&self, ply: &PlyContext<'_>) -> Option<CaptureLine> {
        EditionVariant::mate_line(self, ply)
    }
    fn cost_warnings(&self) -> Vec<String> {
        EditionVariant::cost_warnings(self)
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

/// A ruleset file an edition ships (its parameters as the rule text gives them), embedded from
/// the edition's own crate: `Ruleset::load(id)` finds it by its id.
#[derive(Debug, Clone, Copy)]
pub struct BuiltinRuleset {
    /// The ruleset id (`cn-1987`, `axf`, …), as in the file's `id = …`.
    pub id: &'static str,
    /// The TOML text.
    pub text: &'static str,
}

/// The registration of an edition plugin, submitted with [`register_edition!`](crate::register_edition).
#[derive(Debug)]
pub struct EditionRegistration {
    /// The edition id a ruleset names in `edition = "…"` (e.g. `axf`, `cn-1987`).
    pub id: &'static str,
    /// A human title.
    pub title: &'static str,
    /// The edition this one is built on, if any (its id): for readers and the catalogue; the
    /// edition's `build` builds its base itself.
    pub base: Option<&'static str>,
    /// The rulesets the edition ships, embedded from its crate (`include_str!`).
    pub rulesets: &'static [BuiltinRuleset],
    /// Builds the edition from a ruleset's parameters.
    pub build: fn(&EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError>,
}

inventory::collect!(EditionRegistration);

/// Registers an edition plugin, with the edition it is built on and the rulesets it ships
/// (both optional):
///
/// ```ignore
/// xiangqi_rules::register_edition! {
///     id: "axf",
///     title: "Asian Xiangqi Federation rules",
///     rulesets: [("axf", include_str!("../rulesets/axf.toml"))],
///     build: build_axf,
/// }
/// xiangqi_rules::register_edition! {
///     id: "axf-strict-mate",
///     title: "AXF rules, perpetual mate threats forbidden",
///     base: "axf",
///     build: build_strict,
/// }
/// ```
#[macro_export]
macro_rules! register_edition {
    (
        id: $id:expr,
        title: $title:expr,
        $(base: $base:expr,)?
        $(rulesets: [$(($rid:expr, $text:expr)),* $(,)?],)?
        build: $build:expr $(,)?
    ) => {
        $crate::__inventory::submit! {
            $crate::EditionRegistration {
                id: $id,
                title: $title,
                base: $crate::__edition_base!($($base)?),
                rulesets: &[$($($crate::BuiltinRuleset { id: $rid, text: $text }),*)?],
                build: $build,
            }
        }
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __edition_base {
    () => {
        None
    };
    ($base:expr) => {
        Some($base)
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

/// Every ruleset the linked editions ship, sorted by id, with the edition that ships it. Read
/// from the registrations themselves, so a duplicate edition id does not hide the files.
pub fn builtin_rulesets() -> Vec<(&'static BuiltinRuleset, &'static EditionRegistration)> {
    let mut all: Vec<(&'static BuiltinRuleset, &'static EditionRegistration)> =
        inventory::iter::<EditionRegistration>
            .into_iter()
            .flat_map(|r| r.rulesets.iter().map(move |b| (b, r)))
            .collect();
    all.sort_by_key(|(b, r)| (b.id, r.id));
    all
}

/// The registration of edition `id`, if a linked plugin registers it.
pub fn find_edition(id: &str) -> Result<Option<&'static EditionRegistration>, DuplicateEdition> {
    Ok(editions()?.into_iter().find(|r| r.id == id))
}
