//! # xiangqi-scheduling — events: round robin, 积分编排制, scores, tie-breaks, teams
//!
//! Pairing systems as pure functions over a read-only view of a field and its history (the
//! players' scores, opponents, colours and byes; the decided matches of a bracket) returning the
//! pairings and an explanation ([`RoundPairing`]); no I/O, no event document (that is
//! `xiangqi_event::Event`, which calls these). The parts:
//!
//! | where | what |
//! |---|---|
//! | [`round_robin`], [`round_robin_round`] | 循环赛对局秩序表 (Berger tables, first-listed red), double round robin |
//! | [`swiss`] ([`pair_swiss`]) | 积分编排制 (seed 002) as an exact maximum-weight matching, colour key `(bal, streak)` |
//! | [`knockout`] | 淘汰制: the seeded bracket (1 v 2 only in the final, byes to the top seeds), single and double elimination, final places |
//! | [`snake_groups`], [`round_robin_rounds`], [`swiss_rounds`] | groups by snake seeding (分组循环制, 同单位回避); rounds of a round robin and of a Swiss by field size |
//! | [`team`] | 团体赛: line-ups 分台定人制/分台换人制/临时定台制 with legality, board colours, 全队轮赛制, 队员总分制 |
//! | [`MatchResult`], [`PointSystem`], [`Points`] | points (1/½/0, 2/1/0), game results, 局分 and 场分 of two-game and team matches |
//! | [`tiebreak`] | 小分, 对手分, 胜局, 犯规, 后走胜局, 后走局数, 倒数轮积分, 局分; standings with shared places |
//! | [`EventConfig`], [`PairingSystem`] | the ruleset `[event]` table and the catalogue of pairing systems |
//! | [`SwissSimulation`] | random Swiss fields for benchmarks and property tests |
//!
//! The modules use each other one way (`config` → `swiss`, `roundrobin`, `tiebreak`, `team`,
//! `score`, `error`; `tiebreak` → `score`, `error`; `swiss` → `score`; `simulate` → `swiss`,
//! `score`): the test `tests/api.rs` counts the public items and checks that no module uses
//! another that uses it back.
//!
//! Pairing systems ([`PairingSystem`]) and tie-break criteria ([`TieBreakCriterion`]) are
//! registered with `inventory`; a plugin crate adds its own with `inventory::submit!` and a
//! ruleset selects them by id.

mod config;
mod error;
pub mod knockout;
mod roundrobin;
mod score;
mod simulate;
mod stage;
pub mod swiss;
pub mod team;
pub mod tiebreak;
mod zh;

pub use config::{
    ByePoints, EventConfig, PairingRequest, PairingSystem, PairingSystemId, Playoff, Round1Colours,
    TieBreakId, WithdrawalResults,
};
pub use error::ConfigError;
pub use roundrobin::{RoundRobinRound, round_robin, round_robin_round};
pub use score::{Color, GameResult, MatchResult, ParseGameResultError, PointSystem, Points, Side};
pub use simulate::SwissSimulation;
pub use stage::{round_robin_rounds, snake_groups, swiss_rounds};
pub use swiss::{PairingError, RoundPairing, SwissOptions, SwissPlayer, pair_swiss};
pub use tiebreak::{
    ByeOpponentScore, Crosstable, CrosstableEntry, GameEntry, Standing, TieBreakContext,
    TieBreakCriterion, criterion, standings,
};

/// Re-exported so plugin crates can register components without naming `inventory` themselves.
pub use inventory;

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
