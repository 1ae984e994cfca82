//! The placement rules a `Setup` must satisfy to become a `Position`.

use std::fmt;

use xiangqi_board::{Color, PieceKind, Setup, Square};

/// One broken placement rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PositionProblem {
    /// A side has no king.
    MissingKing(Color),
    /// A side has more pieces of a kind than the set holds (1 king, 2 advisors, 2 elephants,
    /// 2 horses, 2 rooks, 2 cannons, 5 pawns).
    TooManyPieces {
        /// The side.
        color: Color,
        /// The kind.
        kind: PieceKind,
        /// How many are on the board.
        found: u32,
        /// How many the set has.
        max: u8,
    },
    /// A king outside its palace (九宫).
    KingOutsidePalace(Color, Square),
    /// An advisor off its five palace points.
    AdvisorOffPoint(Color, Square),
    /// An elephant off its seven points (or across the river).
    ElephantOffPoint(Color, Square),
    /// A pawn on a point it can never reach (behind its start rank, or on an odd file before the river).
    PawnOffPoint(Color, Square),
    /// The two kings face each other on an open file (对脸 / 白脸将).
    KingsFacing {
        /// Red king.
        red: Square,
        /// Black king.
        black: Square,
    },
    /// The side that is not to move is in check (its opponent could take the king).
    OpponentInCheck(Color),
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingKing(c) => write!(f, "{c} has no king"),
            PositionProblem::TooManyPieces {
                color,
                kind,
                found,
                max,
            } => write!(f, "{color} has {found} {kind}s, the set has {max}"),
            PositionProblem::KingOutsidePalace(c, sq) => {
                write!(f, "{c} king on {sq} is outside its palace")
            }
            PositionProblem::AdvisorOffPoint(c, sq) => {
                write!(f, "{c} advisor on {sq} is off its five palace points")
            }
            PositionProblem::ElephantOffPoint(c, sq) => {
                write!(f, "{c} elephant on {sq} is off its seven points")
            }
            PositionProblem::PawnOffPoint(c, sq) => {
                write!(f, "{c} pawn on {sq} stands where no pawn can ever go")
            }
            PositionProblem::KingsFacing { red, black } => {
                write!(
                    f,
                    "the kings on {red} and {black} face each other on an open file"
                )
            }
            PositionProblem::OpponentInCheck(c) => {
                write!(f, "{c} is not to move but is in check")
            }
        }
    }
}

/// A setup that is not a legal position; lists every problem found.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    /// Every broken rule, in a fixed order.
    pub problems: Vec<PositionProblem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// Checks every placement rule of `setup`.
pub(crate) fn validate(setup: &Setup) -> Result<(), PositionError> {
    let board = &setup.board;
    let mut problems = Vec::new();
    for color in Color::ALL {
        for kind in PieceKind::ALL {
            let found = board
                .by_piece(xiangqi_board::Piece::new(color, kind))
                .count();
            if kind == PieceKind::King && found == 0 {
                problems.push(PositionProblem::MissingKing(color));
            } else if found > kind.count_in_set() as u32 {
                problems.push(PositionProblem::TooManyPieces {
                    color,
                    kind,
                    found,
                    max: kind.count_in_set(),
                });
            }
        }
    }
    for (sq, p) in board.pieces() {
        let c = p.color;
        match p.kind {
            PieceKind::King if !sq.in_palace(c) => {
                problems.push(PositionProblem::KingOutsidePalace(c, sq))
            }
            PieceKind::Advisor if !sq.is_advisor_point(c) => {
                problems.push(PositionProblem::AdvisorOffPoint(c, sq))
            }
            PieceKind::Elephant if !sq.is_elephant_point(c) => {
                problems.push(PositionProblem::ElephantOffPoint(c, sq))
            }
            PieceKind::Pawn if !sq.is_pawn_point(c) => {
                problems.push(PositionProblem::PawnOffPoint(c, sq))
            }
            _ => {}
        }
    }
    // The remaining checks need exactly one king per side inside its palace.
    let kings_ok = Color::ALL
        .iter()
        .all(|&c| board.king_of(c).is_some_and(|sq| sq.in_palace(c)));
    if kings_ok {
        let red = board.king_of(Color::Red).expect("checked");
        let black = board.king_of(Color::Black).expect("checked");
        let facing = red.file() == black.file()
            && (red.index() + 9..black.index())
                .step_by(9)
                .all(|i| board.piece_at(Square::new_unchecked(i as u8)).is_none());
        if facing {
            problems.push(PositionProblem::KingsFacing { red, black });
        }
        let pos = crate::Position::from_valid_setup(setup.clone());
        let waiting = !setup.turn;
        let mut checkers = pos.checkers_of(waiting);
        if facing {
            checkers.remove(pos.king(setup.turn));
        }
        if checkers.any() {
            problems.push(PositionProblem::OpponentInCheck(waiting));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(PositionError { problems })
    }
}
