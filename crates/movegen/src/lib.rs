//! # xiangqi-movegen
//!
//! A validated [`Position`] (built from a [`Setup`](xiangqi_board::Setup), with every broken
//! placement rule reported), legal move generation under all the rules of the 1987 rules ch.1 §2
//! (horse leg 蹩马腿, elephant eye 塞象眼 and river, palace 九宫, cannon screen 炮架, pawns before
//! and after the river, the flying general 对脸, pins and check evasion), check detection,
//! play/undo with an incrementally maintained Zobrist hash, game status (no legal move = the side
//! to move loses, checkmate and 困毙 alike) and [`perft`].
//!
//! Only legal moves leave this crate: [`Position::legal_moves`] filters every pseudo-legal move,
//! and [`Position::play`] refuses an illegal one.
//!
//! ## Design
//! Squares are bits of a `u128` (90 used). Step pieces use per-square tables computed at compile
//! time; rooks and cannons use occupancy-indexed line tables (9-bit rank occupancy, 10-bit file
//! occupancy read from a file-major copy of the occupancy maintained incrementally). Legality:
//! when the mover is not in check, a non-king move that neither leaves nor enters the king's rank,
//! file or the four horse-leg points around the king cannot expose the king, so it is legal
//! without testing; every other move is tested by a king-attack query on the changed occupancy.
//! Perft counts the last ply without playing it, and counts whole destination sets at once where
//! the rule above makes them safe.
//!
//! ```
//! use xiangqi_movegen::{Position, perft};
//! let pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 44);
//! assert_eq!(perft(&pos, 3), 79_666);
//! ```

mod moves;
mod perft;
mod position;
mod tables;
mod validate;
mod zobrist;

pub use moves::{MAX_MOVES, Move, MoveList};
pub use perft::{perft, perft_divide};
pub use position::{GameStatus, IllegalMove, Position, Undo, piece_attacks};
pub use validate::{PositionError, PositionProblem};

pub use xiangqi_board as board;

/// A FEN that cannot be read, or that reads into an illegal position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenOrPositionError {
    /// The FEN text is malformed.
    #[error("bad FEN: {0}")]
    Fen(#[from] xiangqi_board::FenError),
    /// The FEN is well-formed but the position breaks a placement rule.
    #[error("{0}")]
    Position(#[from] PositionError),
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
