//! The notation-independent move descriptor shared by WXF and Chinese notation
//! (`[piece][file or position marker][action][number]`), its resolution against a position, and
//! the canonical descriptor of a move (what the writers print).

use xiangqi_board::{Bitboard, Color, File, Piece, PieceKind, Square};
use xiangqi_movegen::{Move, Position};

use crate::{Mode, Notation, ResolveError};

/// Which way a piece goes: 进 / `+`, 退 / `-`, 平 / `.`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Action {
    /// Towards the opponent (进, `+`).
    Forward,
    /// Towards the own back rank (退, `-`).
    Backward,
    /// Along the rank (平, `.`).
    Sideways,
}

/// Which of several same pieces on one file is meant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Marker {
    /// The foremost one (前; WXF `++` for four or five pawns).
    Front,
    /// The middle one of three or five (中; WXF writes the file digit instead).
    Middle,
    /// The rearmost one (后; WXF `--` for four or five pawns).
    Rear,
    /// The n-th from the front, 1-based (一兵, 二兵, … for four or five pawns).
    Nth(u8),
    /// WXF `+` after the letter: the front one of two or three, the second of four or five.
    Plus,
    /// WXF `-` after the letter: the rear one of two or three, the second-to-last of four or five.
    Minus,
}

impl Marker {
    /// The index from the front (0-based) this marker selects among `n` same pieces on a file.
    pub fn index(self, n: usize) -> Option<usize> {
        let i = match self {
            Marker::Front => 0,
            Marker::Rear => n.checked_sub(1)?,
            Marker::Middle if n % 2 == 1 && n >= 3 => n / 2,
            Marker::Middle => return None,
            Marker::Nth(k) => (k as usize).checked_sub(1)?,
            Marker::Plus if n <= 3 => 0,
            Marker::Plus => 1,
            Marker::Minus if n <= 3 => n.checked_sub(1)?,
            Marker::Minus => n - 2,
        };
        (i < n).then_some(i)
    }
}

/// How the moving piece is located.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Locator {
    /// By its own file number 1..=9 (`炮二`, `C2`).
    File(u8),
    /// By its place among same pieces sharing a file (`前车`, `R+`, `++`, `二兵`).
    Marker(Marker),
    /// By its place on a given file, for pawns stacked on two files (`前三`, `3+`).
    MarkerOnFile(Marker, u8),
}

/// A syntactically valid move in WXF or Chinese notation, not yet tied to a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MoveSyntax {
    /// The kind of the moving piece.
    pub kind: PieceKind,
    /// How the piece is located.
    pub locator: Locator,
    /// Forward, backward or sideways.
    pub action: Action,
    /// Steps (straight vertical moves of king, rook, cannon, pawn) or destination file number.
    pub number: u8,
}

/// Moves along lines (the number counts steps when going forward or backward).
#[inline]
fn is_straight_mover(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::King | PieceKind::Rook | PieceKind::Cannon | PieceKind::Pawn
    )
}

/// Own pieces of `kind` on `file`, ordered from the front (nearest the opponent) to the rear.
fn on_file_front_to_rear(bb: Bitboard, file: File, color: Color) -> ([Square; 10], usize) {
    let mut out = [Square::new_unchecked(0); 10];
    let mut n = 0;
    for sq in bb & Bitboard::file(file) {
        out[n] = sq;
        n += 1;
    }
    // Bitboard iteration runs from low to high square index (rank-major from Red's side),
    // so for one file it goes rank 0 upwards: Red's rear first.
    let s = &mut out[..n];
    if color == Color::Red {
        s.reverse();
    }
    (out, n)
}

/// The destination of a piece of `kind` on `from` making the described move, if geometrically
/// possible.
pub(crate) fn destination(
    from: Square,
    color: Color,
    kind: PieceKind,
    action: Action,
    number: u8,
) -> Option<Square> {
    let dir: i32 = if color == Color::Red { 1 } else { -1 };
    let f = from.file().index() as i32;
    let r = from.rank().index() as i32;
    if !(1..=9).contains(&number) {
        return None;
    }
    if is_straight_mover(kind) {
        match action {
            Action::Sideways => {
                let to_file = File::from_number(color, number)?.index() as i32;
                if to_file == f {
                    return None;
                }
                Square::at(to_file, r)
            }
            Action::Forward => Square::at(f, r + dir * number as i32),
            Action::Backward => Square::at(f, r - dir * number as i32),
        }
    } else {
        let to_file = File::from_number(color, number)?.index() as i32;
        let df = (to_file - f).abs();
        let dr = match (kind, df) {
            (PieceKind::Horse, 1) => 2,
            (PieceKind::Horse, 2) => 1,
            (PieceKind::Elephant, 2) => 2,
            (PieceKind::Advisor, 1) => 1,
            _ => return None,
        };
        match action {
            Action::Sideways => None,
            Action::Forward => Square::at(to_file, r + dir * dr),
            Action::Backward => Square::at(to_file, r - dir * dr),
        }
    }
}

/// Collects distinct moves, at most a handful.
#[derive(Default)]
struct Found {
    legal: [Option<Move>; 10],
    n_legal: usize,
    origins: usize,
}

impl Found {
    fn push_legal(&mut self, m: Move) {
        if self.legal[..self.n_legal].contains(&Some(m)) {
            return;
        }
        if self.n_legal < self.legal.len() {
            self.legal[self.n_legal] = Some(m);
            self.n_legal += 1;
        }
    }
}

impl MoveSyntax {
    /// Resolves the descriptor to the one legal move it names in `pos` (side to move = mover).
    ///
    /// Tolerant resolution: the file-number form also names one of several same pieces on the
    /// file when exactly one of them can legally make the move. In [`Mode::Strict`] the form
    /// must be the canonical one for `notation` (see [`MoveSyntax::canonical`]).
    pub fn resolve(
        &self,
        pos: &Position,
        mode: Mode,
        notation: Notation,
    ) -> Result<Move, ResolveError> {
        let color = pos.turn();
        let pieces = pos.board().by_piece(Piece::new(color, self.kind));
        let mut found = Found::default();
        let try_from = |from: Square, found: &mut Found| {
            found.origins += 1;
            if let Some(to) = destination(from, color, self.kind, self.action, self.number) {
                let m = Move::new(from, to);
                if pos.is_legal(m) {
                    found.push_legal(m);
                }
            }
        };
        let mut middle_of: Option<Square> = None;
        match self.locator {
            Locator::File(n) => {
                let file = File::from_number(color, n).ok_or(ResolveError::NoSuchPiece {
                    reason: format!("no file {n}"),
                })?;
                let (sqs, count) = on_file_front_to_rear(pieces, file, color);
                for &sq in &sqs[..count] {
                    try_from(sq, &mut found);
                }
                if notation == Notation::Wxf
                    && self.kind == PieceKind::Pawn
                    && count >= 3
                    && count % 2 == 1
                {
                    middle_of = Some(sqs[count / 2]);
                }
            }
            Locator::MarkerOnFile(marker, n) => {
                let file = File::from_number(color, n).ok_or(ResolveError::NoSuchPiece {
                    reason: format!("no file {n}"),
                })?;
                let (sqs, count) = on_file_front_to_rear(pieces, file, color);
                if let Some(i) = marker.index(count) {
                    try_from(sqs[i], &mut found);
                }
            }
            Locator::Marker(marker) => {
                let mut tandem_files = 0;
                let mut combined = [Square::new_unchecked(0); 10];
                let mut n_combined = 0;
                // Files from the mover's right to left, as the xqbase numbering of pawns on
                // two files runs.
                for number in 1..=9u8 {
                    let Some(file) = File::from_number(color, number) else {
                        continue;
                    };
                    let (sqs, count) = on_file_front_to_rear(pieces, file, color);
                    if count < 2 {
                        continue;
                    }
                    tandem_files += 1;
                    for &sq in &sqs[..count] {
                        if n_combined < combined.len() {
                            combined[n_combined] = sq;
                            n_combined += 1;
                        }
                    }
                    if let Some(i) = marker.index(count) {
                        try_from(sqs[i], &mut found);
                    }
                }
                if tandem_files >= 2
                    && let Marker::Nth(k) = marker
                    && (k as usize) <= n_combined
                    && k >= 1
                {
                    try_from(combined[k as usize - 1], &mut found);
                }
                if tandem_files == 0 {
                    return Err(ResolveError::NoSuchPiece {
                        reason: format!("no two {}s share a file", self.kind),
                    });
                }
            }
        }
        let m = match found.n_legal {
            1 => found.legal[0].unwrap_or_else(unreachable_move),
            0 if found.origins == 0 => {
                return Err(ResolveError::NoSuchPiece {
                    reason: format!("no {} {} there", color, self.kind),
                });
            }
            0 => return Err(ResolveError::Illegal),
            _ => {
                let candidates: Vec<Move> = found.legal[..found.n_legal]
                    .iter()
                    .flatten()
                    .copied()
                    .collect();
                match middle_of.and_then(|sq| candidates.iter().find(|m| m.from == sq)) {
                    Some(&m) => m,
                    None => return Err(ResolveError::Ambiguous { candidates }),
                }
            }
        };
        if mode == Mode::Strict {
            let canonical = MoveSyntax::canonical(pos, m, notation);
            if canonical.is_some_and(|c| c.locator != self.locator) {
                return Err(ResolveError::NonStandard {
                    reason: nonstandard_reason(self.locator),
                    standard: crate::render(notation, pos, m),
                });
            }
        }
        Ok(m)
    }

    /// The canonical descriptor of a legal move in `pos`, as the writers print it for
    /// `notation` (WXF and Chinese differ in how they name pawns on a crowded file). `None` when
    /// no piece of the side to move stands on the origin.
    pub fn canonical(pos: &Position, m: Move, notation: Notation) -> Option<MoveSyntax> {
        let piece = pos.piece_at(m.from)?;
        let color = piece.color;
        let kind = piece.kind;
        let fr = m.from.rank().index() as i32;
        let tr = m.to.rank().index() as i32;
        let forward = if color == Color::Red {
            tr > fr
        } else {
            tr < fr
        };
        let action = if fr == tr {
            Action::Sideways
        } else if forward {
            Action::Forward
        } else {
            Action::Backward
        };
        let number = if is_straight_mover(kind) && action != Action::Sideways {
            (tr - fr).unsigned_abs() as u8
        } else {
            m.to.file().number_for(color)
        };
        let file_number = m.from.file().number_for(color);
        let pieces = pos.board().by_piece(piece);
        let (sqs, count) = on_file_front_to_rear(pieces, m.from.file(), color);
        let index = sqs[..count].iter().position(|&s| s == m.from).unwrap_or(0);
        let wxf = notation == Notation::Wxf;
        let locator = match kind {
            _ if count < 2 => Locator::File(file_number),
            PieceKind::King | PieceKind::Advisor | PieceKind::Elephant => {
                Locator::File(file_number)
            }
            PieceKind::Pawn => {
                let tandem_files = File::all()
                    .filter(|&f| (pieces & Bitboard::file(f)).has_more_than_one())
                    .count();
                if tandem_files >= 2 {
                    let marker = match (index, count, wxf) {
                        (0, _, false) => Marker::Front,
                        (0, _, true) => Marker::Plus,
                        (i, n, false) if i + 1 == n => Marker::Rear,
                        (i, n, true) if i + 1 == n => Marker::Minus,
                        _ => Marker::Middle,
                    };
                    Locator::MarkerOnFile(marker, file_number)
                } else {
                    pawn_marker(index, count, wxf)
                        .map(Locator::Marker)
                        .unwrap_or(Locator::File(file_number))
                }
            }
            _ => Locator::Marker(match (index, wxf) {
                (0, false) => Marker::Front,
                (_, false) => Marker::Rear,
                (0, true) => Marker::Plus,
                (_, true) => Marker::Minus,
            }),
        };
        Some(MoveSyntax {
            kind,
            locator,
            action,
            number,
        })
    }
}

/// The canonical marker of the pawn at `index` (from the front) of `count` on a single crowded
/// file; `None` means the file-number form (WXF's middle pawn).
fn pawn_marker(index: usize, count: usize, wxf: bool) -> Option<Marker> {
    if wxf {
        match (count, index) {
            (2 | 3, 0) => Some(Marker::Plus),
            (2 | 3, i) if i + 1 == count => Some(Marker::Minus),
            (3, _) => None,
            (_, 0) => Some(Marker::Front),
            (_, 1) => Some(Marker::Plus),
            (n, i) if i + 1 == n => Some(Marker::Rear),
            (n, i) if i + 2 == n => Some(Marker::Minus),
            _ => None,
        }
    } else {
        match (count, index) {
            (2 | 3, 0) => Some(Marker::Front),
            (2 | 3, i) if i + 1 == count => Some(Marker::Rear),
            (3, _) => Some(Marker::Middle),
            (_, i) => Some(Marker::Nth(i as u8 + 1)),
        }
    }
}

fn nonstandard_reason(locator: Locator) -> String {
    match locator {
        Locator::File(_) => {
            "the piece is written by its file number although the canonical form locates it \
             among same pieces on its file (前/后, +/-)"
                .to_string()
        }
        Locator::Marker(_) => {
            "the position marker is not the canonical one for this piece".to_string()
        }
        Locator::MarkerOnFile(..) => {
            "the file-qualified marker is used where the canonical form differs".to_string()
        }
    }
}

#[cold]
fn unreachable_move() -> Move {
    Move::new(Square::new_unchecked(0), Square::new_unchecked(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_indices() {
        assert_eq!(Marker::Front.index(2), Some(0));
        assert_eq!(Marker::Rear.index(3), Some(2));
        assert_eq!(Marker::Middle.index(3), Some(1));
        assert_eq!(Marker::Middle.index(4), None);
        assert_eq!(Marker::Plus.index(4), Some(1));
        assert_eq!(Marker::Minus.index(5), Some(3));
        assert_eq!(Marker::Nth(5).index(4), None);
    }

    #[test]
    fn destination_geometry() {
        let h0 = Square::from_name("h0").unwrap();
        // 马二进三: h0 -> g2
        assert_eq!(
            destination(h0, Color::Red, PieceKind::Horse, Action::Forward, 3),
            Square::from_name("g2")
        );
        let h2 = Square::from_name("h2").unwrap();
        assert_eq!(
            destination(h2, Color::Red, PieceKind::Cannon, Action::Sideways, 5),
            Square::from_name("e2")
        );
        let h9 = Square::from_name("h9").unwrap();
        assert_eq!(
            destination(h9, Color::Black, PieceKind::Horse, Action::Forward, 7),
            Square::from_name("g7")
        );
        assert_eq!(
            destination(h2, Color::Red, PieceKind::Horse, Action::Sideways, 5),
            None
        );
    }
}
