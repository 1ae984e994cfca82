//! # xiangqi-adjudication — mechanism, not policy
//!
//! Everything an arbiter needs to *see* in a game, and nothing about what the rules *say*:
//!
//! - [`GameRecord`]: a start position and its plies, replayed once with legality checked, with the
//!   Zobrist hash, capture and check flag of every ply (the cheap common path);
//! - repetition detection ([`GameRecord::repetitions`]): a ruling is due whenever a position
//!   (board + side to move) occurs for the `n`-th time; the [`Cycle`] is the stretch of plies
//!   between the first and the `n`-th of the last `n` occurrences;
//! - per-ply *facts* ([`PlyContext`]), computed only when asked (for the plies of a cycle, or for
//!   every ply on request): does the ply give check (将); which enemy pieces are attacked after it
//!   and before it ([`AttackFact`]): by what, whether the capture would be legal, who could legally
//!   recapture (真根 real protection, 假根 fake protection, 暗根 protection that appears only after
//!   the capture, the king as a protector, the flying-general line), the static exchange balance
//!   under a [`PieceValues`] table, and the outcome of a complete exchange ([`ExchangeOutcome`]:
//!   no capture, 等值交换 even, 得子 gain) that a capture search reports; pieces followed by identity ([`PieceId`]) through the cycle;
//!   mate threats (杀) by a bounded check-only search ([`mate_by_checks`]);
//! - the natural move limit (自然限着) accounting with each side's checks counted
//!   ([`natural_limit`]);
//! - dead positions, in which neither side can ever give check ([`is_dead`], [`dead_from`]).
//!
//! Editions (crate `xiangqi-rules` and its plugins) turn these facts into judgments. An edition
//! that needs more than the generic facts gets the positions before and after each ply
//! ([`PlyContext::before`], [`PlyContext::after`]), the record and the cycle, and runs its own
//! queries; mechanism files for one edition family may be added beside these modules.
//!
//! ```
//! use xiangqi_adjudication::GameRecord;
//! use xiangqi_movegen::{Move, Position};
//! let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1")?;
//! let moves: Vec<Move> = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9"
//!     .split(' ').map(|m| Move::from_iccs(m).unwrap()).collect();
//! let record = GameRecord::new(pos, moves)?;
//! let reps = record.repetitions(3);
//! assert_eq!(reps.len(), 1);
//! assert_eq!((reps[0].first_ply(), reps[0].last_ply()), (2, 9));
//! assert!(record.gives_check(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod budget;
mod dead;
mod exchange;
mod facts;
mod limit;
mod mate;
mod record;
mod values;

pub use dead::{dead_from, has_attacking_piece, is_dead};
pub use exchange::ExchangeOutcome;
pub use facts::{AttackFact, IdBoard, PieceId, PlyContext, Replay, attacks_by};
pub use limit::{NaturalLimitPolicy, NaturalLimitStatus, SideLimit, natural_limit};
pub use mate::{
    DEFAULT_NODE_LIMIT, MateSearch, mate_by_checks, mate_line, mate_threat, search_checks,
    sees_king,
};
pub use record::{Cycle, GameRecord, IllegalPly};
pub use values::{PieceValues, static_exchange};

pub use xiangqi_board as board;
pub use xiangqi_movegen as movegen;

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
