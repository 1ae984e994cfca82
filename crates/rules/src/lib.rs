//! # xiangqi-rules — the rules catalogue
//!
//! - [`RuleEdition`]: the policy of one rule edition (CN-1987, AXF, …): classify a ply from its
//!   facts (将 check / 杀 mate threat / 捉 chase of targets / 闲 idle of a kind), rule a cycle
//!   (draw, or who must vary, with each side's label such as 长将 or 一将一捉), the natural
//!   move limit and the end of the game;
//! - [`EditionRegistration`] and [`register_edition!`]: plugins register themselves with
//!   `inventory`; [`editions`] lists them sorted by id and rejects duplicate ids;
//! - [`Ruleset`]: an edition and its parameters read from TOML (`schema = 1`, unknown keys
//!   refused, every problem located by file, line and column); each edition ships its own
//!   rulesets, embedded from its crate and named in its registration ([`builtin_rulesets`]);
//! - [`EditionVariant`]: an edition built on another, every method it does not override
//!   answering from its base;
//! - [`Arbiter`]: runs a game through an edition and returns a [`Ruling`];
//! - [`compare`]: the rulings of one game under several rulesets side by side, with each
//!   edition's reading where they differ.
//!
//! The edition crates must be linked for their registrations to exist: depend on the `xiangqi`
//! facade, which links them all.

mod arbiter;
mod class;
pub mod compare;
mod edition;
mod ruleset;
mod ruling;

pub use arbiter::{Arbiter, JudgeOptions, UNDECIDED_BUDGET};
pub use class::{
    CaptureLine, ClassKind, CycleRuling, Defence, IdleKind, Material, PlyClass, Proof, Target,
    Verdict, piece_word,
};
pub use edition::{
    BuiltinRuleset, CycleContext, DuplicateEdition, EditionRegistration, EditionVariant, GameEnd,
    Reading, RuleEdition, RunRuling, builtin_rulesets, default_game_end, editions, find_edition,
};
pub use ruleset::{
    AdjudicationParams, Bounded, EditionParams, Location, PieceValueTable, Ruleset, RulesetError,
    Schema, StalemateRule,
};
pub use ruling::{
    BoundRuling, DeadPositionReport, DefenceRuling, LineRuling, LowerRuling, MaterialRuling,
    NaturalLimitReport, Outcome, PlyRuling, ProofRuling, RepetitionRuling, Ruling, SideCount,
    bound_words,
};

pub use xiangqi_adjudication as adjudication;

#[doc(hidden)]
pub use inventory as __inventory;

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
