//! `Setup` (any placement plus side to move and counters) and FEN parsing/rendering.
//!
//! FEN lists ranks from 9 (Black's back rank) down to 0; Red pieces are upper case. `H`/`E` are
//! accepted for horse/elephant, and `w`/`r` (Red) or `b` (Black) for the side to move. Missing
//! trailing fields default to Red to move, clock 0, move 1. The two chess fields (castling, en
//! passant) are accepted as `-` and ignored.

use std::fmt;
use std::str::FromStr;

use crate::board::Board;
use crate::types::{Color, Piece, Square};

/// The standard start position in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// A position as written down: placement, side to move and counters, not yet checked for legality.
///
/// Parse one with [`Setup::from_fen`] (or `str::parse`); a legal [`Position`] is made from it by
/// the movegen crate, which checks kings, palaces and piece counts.
///
/// [`Position`]: https://docs.rs/xiangqi-movegen
///
/// # Examples
///
/// ```
/// use xiangqi_board::{Color, PieceKind, Setup, Square};
///
/// let setup: Setup = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1".parse()?;
/// assert_eq!(setup.turn, Color::Red);
/// let a0 = Square::from_name("a0").unwrap();
/// assert_eq!(setup.board.piece_at(a0).map(|p| p.kind), Some(PieceKind::Rook));
/// assert_eq!(setup.fen(), "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
///
/// // Errors say which field is wrong.
/// let err = Setup::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 x - - 0 1").unwrap_err();
/// assert!(err.to_string().contains("side"), "{err}");
/// # Ok::<(), xiangqi_board::FenError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Setup {
    /// Where the pieces stand.
    pub board: Board,
    /// The side to move.
    pub turn: Color,
    /// Plies since the last capture (FEN half-move clock).
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and incremented after Black moves.
    pub fullmove_number: u32,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::start()
    }
}

/// Which FEN field an error is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FenField {
    /// Field 1: piece placement.
    Placement,
    /// Field 2: side to move.
    Turn,
    /// Fields 3–4: the chess castling / en-passant fields (must be `-`).
    ChessField,
    /// Field 5: half-move clock.
    HalfmoveClock,
    /// Field 6: full-move number.
    FullmoveNumber,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Turn => "side to move",
            FenField::ChessField => "castling/en-passant field",
            FenField::HalfmoveClock => "half-move clock",
            FenField::FullmoveNumber => "move number",
        })
    }
}

/// A FEN that cannot be read. `column` counts characters from 1.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// The string is empty.
    #[error("empty FEN (expected a piece placement such as `{START_FEN}`)")]
    Empty,
    /// The placement does not have ten ranks.
    #[error("piece placement has {found} ranks, expected 10 separated by `/`")]
    RankCount {
        /// Ranks found.
        found: usize,
    },
    /// A rank describes more or fewer than nine points.
    #[error("rank {rank} (column {column}) describes {found} points, expected 9")]
    RankWidth {
        /// The rank (9 = Black's back rank, written first).
        rank: u8,
        /// Column of the start of that rank.
        column: usize,
        /// Points described.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit 1–9.
    #[error(
        "column {column}: `{found}` is not a piece letter (KABNRCP, kabnrcp, H/E) or a digit 1–9"
    )]
    BadPlacementChar {
        /// The character.
        found: char,
        /// Its column.
        column: usize,
    },
    /// Two digits in a row (`…/45/…`): one digit counts the empty points between pieces.
    #[error(
        "column {column}: `{found}` has two digits in a row; write the empty points as one digit 1–9"
    )]
    AdjacentDigits {
        /// The two digits.
        found: String,
        /// The column of the second digit.
        column: usize,
    },
    /// The side to move is not `w`, `r` or `b`.
    #[error("column {column}: side to move `{found}` is not `w`, `r` (Red) or `b` (Black)")]
    BadTurn {
        /// The text found.
        found: String,
        /// Its column.
        column: usize,
    },
    /// A counter that is not a number.
    #[error("column {column}: {field} `{found}` is not a non-negative number")]
    BadNumber {
        /// Which counter.
        field: FenField,
        /// The text found.
        found: String,
        /// Its column.
        column: usize,
    },
    /// Text after the last field.
    #[error("column {column}: unexpected extra field `{found}`")]
    ExtraField {
        /// The text found.
        found: String,
        /// Its column.
        column: usize,
    },
}

impl FenError {
    /// The FEN field the error is in, where it is in one.
    pub fn field(&self) -> Option<FenField> {
        match self {
            FenError::Empty => None,
            FenError::RankCount { .. }
            | FenError::RankWidth { .. }
            | FenError::BadPlacementChar { .. }
            | FenError::AdjacentDigits { .. } => Some(FenField::Placement),
            FenError::BadTurn { .. } => Some(FenField::Turn),
            FenError::BadNumber { field, .. } => Some(*field),
            FenError::ExtraField { .. } => None,
        }
    }
}

/// Splits on ASCII whitespace, yielding (1-based char column, token).
fn tokens(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None; // (byte, column)
    let mut col = 0;
    for (byte, ch) in s.char_indices() {
        col += 1;
        if ch.is_whitespace() {
            if let Some((b, c)) = start.take() {
                out.push((c, &s[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, col));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &s[b..]));
    }
    out
}

/// Parses the placement field alone. `column0` is the column of its first character.
pub fn parse_board_fen(placement: &str, column0: usize) -> Result<Board, FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut board = Board::empty();
    let mut column = column0;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let rank_column = column;
        let mut file = 0usize;
        let mut previous_digit = None;
        for ch in text.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(FenError::BadPlacementChar { found: ch, column });
                }
                if let Some(p) = previous_digit {
                    return Err(FenError::AdjacentDigits {
                        found: format!("{p}{ch}"),
                        column,
                    });
                }
                previous_digit = Some(ch);
                file += d as usize;
            } else if let Some(piece) = Piece::from_fen_char(ch) {
                previous_digit = None;
                if file < 9 {
                    board.put(Square::at(file as i32, rank as i32).unwrap(), piece);
                }
                file += 1;
            } else {
                return Err(FenError::BadPlacementChar { found: ch, column });
            }
            column += 1;
        }
        if file != 9 {
            return Err(FenError::RankWidth {
                rank,
                column: rank_column,
                found: file,
            });
        }
        column += 1; // the '/'
    }
    Ok(board)
}

/// Renders the placement field of a board.
pub fn board_fen(board: &Board) -> String {
    let mut s = String::with_capacity(64);
    for rank in (0..10).rev() {
        let mut empty = 0;
        for file in 0..9 {
            match board.piece_at(Square::at(file, rank).unwrap()) {
                Some(p) => {
                    if empty > 0 {
                        s.push(char::from_digit(empty, 10).unwrap());
                        empty = 0;
                    }
                    s.push(p.fen_char());
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            s.push(char::from_digit(empty, 10).unwrap());
        }
        if rank > 0 {
            s.push('/');
        }
    }
    s
}

impl Setup {
    /// The standard start position.
    pub fn start() -> Setup {
        Setup {
            board: Board::start(),
            turn: Color::Red,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// An empty board with Red to move.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            turn: Color::Red,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// Parses a FEN. See the module documentation for what is accepted.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let toks = tokens(fen);
        let mut it = toks.into_iter().peekable();
        let (col, placement) = it.next().ok_or(FenError::Empty)?;
        let board = parse_board_fen(placement, col)?;
        let mut setup = Setup {
            board,
            ..Setup::empty()
        };
        if let Some((col, turn)) = it.next() {
            setup.turn = match turn {
                "w" | "W" | "r" | "R" => Color::Red,
                "b" | "B" => Color::Black,
                _ => {
                    return Err(FenError::BadTurn {
                        found: turn.to_owned(),
                        column: col,
                    });
                }
            };
        }
        // Up to two chess fields written as `-`.
        for _ in 0..2 {
            if matches!(it.peek(), Some((_, "-"))) {
                it.next();
            }
        }
        for field in [FenField::HalfmoveClock, FenField::FullmoveNumber] {
            if let Some((col, tok)) = it.next() {
                let n: u32 = tok.parse().map_err(|_| FenError::BadNumber {
                    field,
                    found: tok.to_owned(),
                    column: col,
                })?;
                match field {
                    FenField::HalfmoveClock => setup.halfmove_clock = n,
                    _ => setup.fullmove_number = n.max(1),
                }
            }
        }
        if let Some((col, tok)) = it.next() {
            return Err(FenError::ExtraField {
                found: tok.to_owned(),
                column: col,
            });
        }
        Ok(setup)
    }

    /// Renders the full six-field FEN.
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            board_fen(&self.board),
            self.turn.fen_char(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

impl FromStr for Setup {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_fen_round_trips() {
        let s = Setup::from_fen(START_FEN).unwrap();
        assert_eq!(s, Setup::start());
        assert_eq!(s.fen(), START_FEN);
    }

    #[test]
    fn synonyms_and_defaults() {
        let s =
            Setup::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR").unwrap();
        assert_eq!(s, Setup::start());
        let s = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r")
            .unwrap();
        assert_eq!(s.turn, Color::Red);
        let s =
            Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b 3 7")
                .unwrap();
        assert_eq!(
            (s.turn, s.halfmove_clock, s.fullmove_number),
            (Color::Black, 3, 7)
        );
    }

    #[test]
    fn errors_name_field_and_column() {
        let e = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w")
            .unwrap_err();
        assert_eq!(
            e,
            FenError::RankWidth {
                rank: 0,
                column: 51,
                found: 10
            }
        );
        assert!(e.to_string().contains("rank 0"), "{e}");
        let e = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x")
            .unwrap_err();
        assert!(matches!(e, FenError::BadTurn { column: 61, .. }), "{e:?}");
        let e = Setup::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w")
            .unwrap_err();
        assert!(
            matches!(
                e,
                FenError::BadPlacementChar {
                    found: 'X',
                    column: 59
                }
            ),
            "{e:?}"
        );
        // `45` adds up to 9 but is not a FEN rank: refused at the second digit.
        let e = Setup::from_fen("rnbakabnr/45/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
            .unwrap_err();
        assert_eq!(
            e,
            FenError::AdjacentDigits {
                found: "45".into(),
                column: 12
            }
        );
        assert!(e.to_string().contains("column 12"), "{e}");
        assert_eq!(e.field(), Some(FenField::Placement));
        assert_eq!(Setup::from_fen("   "), Err(FenError::Empty));
        assert!(matches!(
            Setup::from_fen("9/9/9"),
            Err(FenError::RankCount { found: 3 })
        ));
        assert!(matches!(
            Setup::from_fen("9/9/9/9/9/9/9/9/9/9 w - - x"),
            Err(FenError::BadNumber {
                field: FenField::HalfmoveClock,
                ..
            })
        ));
    }
}
