//! # xiangqi-board
//!
//! The vocabulary of the xiangqi board, with no rules attached: [`Color`], [`PieceKind`] (King,
//! Advisor, Elephant, Horse, Rook, Cannon, Pawn), [`Piece`], [`File`], [`Rank`], [`Square`] (ICCS
//! names `a0`–`i9`, Red on ranks 0–4), [`ByColor`], the 90-bit [`Bitboard`], the [`Board`]
//! placement, and [`Setup`] with FEN parsing and rendering.
//!
//! A [`Setup`] may describe any placement at all; the `xiangqi-movegen` crate validates it into a
//! playable `Position`.
//!
//! ```
//! use xiangqi_board::{Setup, Square, Color, PieceKind};
//! let setup: Setup = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w".parse()?;
//! let cannon = setup.board.piece_at(Square::from_name("h2").unwrap()).unwrap();
//! assert_eq!((cannon.color, cannon.kind), (Color::Red, PieceKind::Cannon));
//! # Ok::<(), xiangqi_board::FenError>(())
//! ```

mod bitboard;
mod board;
mod fen;
mod types;

pub use bitboard::{Bitboard, Squares};
pub use board::Board;
pub use fen::{FenError, FenField, START_FEN, Setup, board_fen, parse_board_fen};
pub use types::{ByColor, Color, File, ParseSquareError, Piece, PieceKind, Rank, Square};

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
