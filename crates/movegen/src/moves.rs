//! `Move` and the allocation-free `MoveList`.

use std::fmt;
use std::ops::Deref;

use xiangqi_board::Square;

/// A move: a piece goes from one point to another (capturing whatever stands there).
/// Displayed in ICCS (`h2e2`).
///
/// A move is only coordinates; whether it is legal is a question for a
/// [`Position`](crate::Position). For Chinese (炮二平五) and WXF (C2.5) notation see the
/// notation crate.
///
/// # Examples
///
/// ```
/// use xiangqi_board::Square;
/// use xiangqi_movegen::Move;
///
/// let m = Move::from_iccs("h2e2").unwrap();
/// assert_eq!(m.from, Square::from_name("h2").unwrap());
/// assert_eq!(m.iccs(), "h2e2");
/// assert_eq!(m.to_string(), "h2e2");
/// assert!(Move::from_iccs("h2").is_none());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece starts.
    pub from: Square,
    /// Where it lands.
    pub to: Square,
}

impl Move {
    /// A move from one point to another.
    #[inline]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// Parses the plain ICCS form `h2e2` (either case; an optional `-` between the squares).
    /// Whether the move is legal is a question for a `Position`.
    pub fn from_iccs(s: &str) -> Option<Move> {
        let s = s.trim();
        let (a, b) = match s.len() {
            4 => (s.get(0..2)?, s.get(2..4)?),
            5 if s.as_bytes()[2] == b'-' => (s.get(0..2)?, s.get(3..5)?),
            _ => return None,
        };
        Some(Move::new(Square::from_name(a)?, Square::from_name(b)?))
    }

    /// The ICCS text (`h2e2`).
    pub fn iccs(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

/// Upper bound on legal moves in any xiangqi position (the true maximum is well below).
pub const MAX_MOVES: usize = 128;

/// A fixed-capacity list of moves; no allocation on the hot path.
///
/// It dereferences to a slice of [`Move`]s.
///
/// # Examples
///
/// ```
/// use xiangqi_board::Square;
/// use xiangqi_movegen::Position;
///
/// let pos = Position::start();
/// let h2 = Square::from_name("h2").unwrap();
/// let cannon_moves = pos.legal_moves_from(h2);
/// assert_eq!(cannon_moves.len(), 12);
/// assert!(cannon_moves.iter().any(|m| m.iccs() == "h2e2"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [Move; MAX_MOVES],
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        const NULL: Move = Move::new(Square::new_unchecked(0), Square::new_unchecked(0));
        MoveList {
            len: 0,
            moves: [NULL; MAX_MOVES],
        }
    }

    #[inline(always)]
    pub(crate) fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES);
        // Capacity is a proven bound on legal move counts; guard anyway without panicking.
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `f` is true.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut j = 0;
        for i in 0..self.len {
            let m = self.moves[i];
            if f(m) {
                self.moves[j] = m;
                j += 1;
            }
        }
        self.len = j;
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
