//! The elementary values of the game: colours, piece kinds, pieces, files, ranks and squares.

use std::fmt;
use std::ops::{Index, IndexMut, Not};

/// The two sides. Red (红) moves first and sits on ranks 0–4; Black (黑) on ranks 5–9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum Color {
    /// Red (红方), the side that moves first.
    Red = 0,
    /// Black (黑方).
    Black = 1,
}

impl Color {
    /// Both colours, Red first.
    pub const ALL: [Color; 2] = [Color::Red, Color::Black];

    /// The index of this colour (Red 0, Black 1).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    /// `true` for Red.
    #[inline]
    pub const fn is_red(self) -> bool {
        matches!(self, Color::Red)
    }

    /// The lower-case English name (`red`, `black`), as used in JSON output.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Red => "red",
            Color::Black => "black",
        }
    }

    /// The Chinese name (红 / 黑).
    pub const fn chinese(self) -> &'static str {
        match self {
            Color::Red => "红",
            Color::Black => "黑",
        }
    }

    /// The FEN side-to-move letter (`w` for Red, `b` for Black).
    pub const fn fen_char(self) -> char {
        match self {
            Color::Red => 'w',
            Color::Black => 'b',
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The seven kinds of piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
pub enum PieceKind {
    /// King / general (帅 / 将), FEN `K`.
    King = 0,
    /// Advisor / guard (仕 / 士), FEN `A`.
    Advisor = 1,
    /// Elephant / minister (相 / 象), FEN `B` (also `E`).
    Elephant = 2,
    /// Horse (马 / 傌), FEN `N` (also `H`).
    Horse = 3,
    /// Rook / chariot (车 / 俥), FEN `R`.
    Rook = 4,
    /// Cannon (炮 / 砲), FEN `C`.
    Cannon = 5,
    /// Pawn / soldier (兵 / 卒), FEN `P`.
    Pawn = 6,
}

impl PieceKind {
    /// All kinds, in index order.
    pub const ALL: [PieceKind; 7] = [
        PieceKind::King,
        PieceKind::Advisor,
        PieceKind::Elephant,
        PieceKind::Horse,
        PieceKind::Rook,
        PieceKind::Cannon,
        PieceKind::Pawn,
    ];

    /// The index of this kind (King 0 … Pawn 6).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with the given index, if any.
    pub const fn from_index(i: usize) -> Option<PieceKind> {
        if i < 7 { Some(PieceKind::ALL[i]) } else { None }
    }

    /// How many pieces of this kind one side has in the full set.
    pub const fn count_in_set(self) -> u8 {
        match self {
            PieceKind::King => 1,
            PieceKind::Pawn => 5,
            _ => 2,
        }
    }

    /// The upper-case FEN letter (`K A B N R C P`).
    pub const fn fen_char(self) -> char {
        match self {
            PieceKind::King => 'K',
            PieceKind::Advisor => 'A',
            PieceKind::Elephant => 'B',
            PieceKind::Horse => 'N',
            PieceKind::Rook => 'R',
            PieceKind::Cannon => 'C',
            PieceKind::Pawn => 'P',
        }
    }

    /// Parses a FEN letter of either case; `H` and `E` are accepted for horse and elephant.
    pub fn from_fen_char(c: char) -> Option<PieceKind> {
        Some(match c.to_ascii_uppercase() {
            'K' => PieceKind::King,
            'A' => PieceKind::Advisor,
            'B' | 'E' => PieceKind::Elephant,
            'N' | 'H' => PieceKind::Horse,
            'R' => PieceKind::Rook,
            'C' => PieceKind::Cannon,
            'P' => PieceKind::Pawn,
            _ => return None,
        })
    }

    /// The English name in lower case (`king`, `advisor`, …).
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::King => "king",
            PieceKind::Advisor => "advisor",
            PieceKind::Elephant => "elephant",
            PieceKind::Horse => "horse",
            PieceKind::Rook => "rook",
            PieceKind::Cannon => "cannon",
            PieceKind::Pawn => "pawn",
        }
    }
}

impl fmt::Display for PieceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece: a kind and the colour that owns it.
///
/// # Examples
///
/// ```
/// use xiangqi_board::{Color, Piece, PieceKind};
///
/// let rook = Piece::new(Color::Red, PieceKind::Rook);
/// assert_eq!(rook.fen_char(), 'R');
/// assert_eq!(rook.chinese(), '车');
/// assert_eq!(Piece::from_fen_char('c'), Some(Piece::new(Color::Black, PieceKind::Cannon)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The kind.
    pub kind: PieceKind,
}

impl Piece {
    /// A new piece.
    #[inline]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }

    /// The FEN letter: upper case for Red, lower case for Black.
    pub const fn fen_char(self) -> char {
        let c = self.kind.fen_char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Parses a FEN letter (Red upper case; `H`/`E` synonyms accepted).
    pub fn from_fen_char(c: char) -> Option<Piece> {
        let kind = PieceKind::from_fen_char(c)?;
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        Some(Piece { color, kind })
    }

    /// The usual simplified Chinese character (帅仕相马车炮兵 / 将士象马车炮卒).
    pub const fn chinese(self) -> char {
        match (self.color, self.kind) {
            (Color::Red, PieceKind::King) => '帅',
            (Color::Red, PieceKind::Advisor) => '仕',
            (Color::Red, PieceKind::Elephant) => '相',
            (Color::Red, PieceKind::Horse) => '马',
            (Color::Red, PieceKind::Rook) => '车',
            (Color::Red, PieceKind::Cannon) => '炮',
            (Color::Red, PieceKind::Pawn) => '兵',
            (Color::Black, PieceKind::King) => '将',
            (Color::Black, PieceKind::Advisor) => '士',
            (Color::Black, PieceKind::Elephant) => '象',
            (Color::Black, PieceKind::Horse) => '马',
            (Color::Black, PieceKind::Rook) => '车',
            (Color::Black, PieceKind::Cannon) => '炮',
            (Color::Black, PieceKind::Pawn) => '卒',
        }
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.fen_char())
    }
}

/// A file (column) a–i, from Red's left. Red's file numbers 九…一 run a→i; Black's 1…9 run a→i.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// Number of files.
    pub const COUNT: usize = 9;

    /// The file with index 0..9 (a = 0).
    #[inline]
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 { Some(File(index)) } else { None }
    }

    /// The index 0..9 (a = 0).
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The ICCS letter (`a`..`i`).
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }

    /// Parses an ICCS letter of either case.
    pub fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if ('a'..='i').contains(&c) {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }

    /// The file number 1..=9 as the given side counts it (each side counts from its own right).
    #[inline]
    pub const fn number_for(self, color: Color) -> u8 {
        match color {
            Color::Red => 9 - self.0,
            Color::Black => self.0 + 1,
        }
    }

    /// The file with number 1..=9 as the given side counts it.
    pub const fn from_number(color: Color, number: u8) -> Option<File> {
        if number == 0 || number > 9 {
            return None;
        }
        Some(match color {
            Color::Red => File(9 - number),
            Color::Black => File(number - 1),
        })
    }

    /// All files a..i.
    pub fn all() -> impl DoubleEndedIterator<Item = File> + ExactSizeIterator {
        (0..9).map(File)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// A rank (row) 0..=9; Red's back rank is 0, Black's is 9.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// Number of ranks.
    pub const COUNT: usize = 10;

    /// The rank with index 0..10.
    #[inline]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 { Some(Rank(index)) } else { None }
    }

    /// The index 0..10.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The ICCS digit (`0`..`9`).
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }

    /// Parses an ICCS digit.
    pub fn from_char(c: char) -> Option<Rank> {
        c.to_digit(10).map(|d| Rank(d as u8))
    }

    /// The rank as seen from `color`'s side: 0 is that side's back rank.
    #[inline]
    pub const fn relative_to(self, color: Color) -> u8 {
        match color {
            Color::Red => self.0,
            Color::Black => 9 - self.0,
        }
    }

    /// All ranks 0..=9.
    pub fn all() -> impl DoubleEndedIterator<Item = Rank> + ExactSizeIterator {
        (0..10).map(Rank)
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// One of the 90 points of the board, numbered `rank * 9 + file` (a0 = 0, i9 = 89).
///
/// Files run `a`–`i` from Red's left, ranks `0`–`9` from Red's side (the ICCS coordinates).
///
/// # Examples
///
/// ```
/// use xiangqi_board::{Color, Square};
///
/// let sq = Square::from_name("e0").unwrap();
/// assert_eq!(sq.index(), 4);
/// assert_eq!(sq.to_string(), "e0");
/// assert!(sq.in_palace(Color::Red));
/// assert_eq!(sq.flip_ranks(), Square::from_name("e9").unwrap());
/// // Red's file numbers run from the right: e is 五 for both sides.
/// assert_eq!(sq.file().number_for(Color::Red), 5);
/// assert!(Square::from_name("j0").is_none());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares.
    pub const COUNT: usize = 90;

    /// The square with index 0..90.
    #[inline]
    pub const fn new(index: u8) -> Option<Square> {
        if index < 90 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with index 0..90, without a check.
    ///
    /// # Panics
    /// In debug builds, when `index >= 90`.
    #[inline]
    pub const fn new_unchecked(index: u8) -> Square {
        debug_assert!(index < 90);
        Square(index)
    }

    /// The square on a file and rank.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The square at zero-based file and rank indices, if on the board.
    #[inline]
    pub const fn at(file: i32, rank: i32) -> Option<Square> {
        if file >= 0 && file < 9 && rank >= 0 && rank < 10 {
            Some(Square((rank * 9 + file) as u8))
        } else {
            None
        }
    }

    /// The index 0..90.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file.
    #[inline]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The square shifted by (`df`, `dr`), if it stays on the board.
    #[inline]
    pub const fn offset(self, df: i32, dr: i32) -> Option<Square> {
        Square::at((self.0 % 9) as i32 + df, (self.0 / 9) as i32 + dr)
    }

    /// The square mirrored across the river (same file, rank 9 − r).
    #[inline]
    pub const fn flip_ranks(self) -> Square {
        Square((9 - self.0 / 9) * 9 + self.0 % 9)
    }

    /// The square mirrored left–right (file 8 − f, same rank).
    #[inline]
    pub const fn flip_files(self) -> Square {
        Square((self.0 / 9) * 9 + 8 - self.0 % 9)
    }

    /// Whether the square lies on `color`'s own half (Red ranks 0–4, Black ranks 5–9).
    #[inline]
    pub const fn is_own_half(self, color: Color) -> bool {
        match color {
            Color::Red => self.0 / 9 <= 4,
            Color::Black => self.0 / 9 >= 5,
        }
    }

    /// Whether the square lies in `color`'s palace (九宫: files d–f, three back ranks).
    #[inline]
    pub const fn in_palace(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = self.0 / 9;
        f >= 3
            && f <= 5
            && match color {
                Color::Red => r <= 2,
                Color::Black => r >= 7,
            }
    }

    /// Whether an advisor of `color` may ever stand here (the five diagonal palace points).
    pub const fn is_advisor_point(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = match color {
            Color::Red => self.0 / 9,
            Color::Black => 9 - self.0 / 9,
        };
        matches!((f, r), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
    }

    /// Whether an elephant of `color` may ever stand here (the seven points of its half).
    pub const fn is_elephant_point(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = match color {
            Color::Red => self.0 / 9,
            Color::Black => 9 - self.0 / 9,
        };
        matches!(
            (f, r),
            (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4)
        )
    }

    /// Whether a pawn of `color` can ever stand here: its own start ranks (3 and 4 relative) on the
    /// files a, c, e, g, i, or anywhere past the river.
    pub const fn is_pawn_point(self, color: Color) -> bool {
        let f = self.0 % 9;
        let r = match color {
            Color::Red => self.0 / 9,
            Color::Black => 9 - self.0 / 9,
        };
        r >= 5 || ((r == 3 || r == 4) && f.is_multiple_of(2))
    }

    /// All 90 squares in index order.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..90).map(Square)
    }

    /// Parses an ICCS square name such as `e0` or `H2`.
    pub fn from_name(name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let file = File::from_char(chars.next()?)?;
        let rank = Rank::from_char(chars.next()?)?;
        if chars.next().is_some() {
            return None;
        }
        Some(Square::from_coords(file, rank))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file(), self.rank())
    }
}

impl std::str::FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_name(s).ok_or_else(|| ParseSquareError(s.to_owned()))
    }
}

/// A string that is not an ICCS square name (`a0`..`i9`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a square name (expected a file a–i and a rank 0–9, e.g. `e0`)")]
pub struct ParseSquareError(pub String);

/// A pair of values, one for each colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Red's value.
    pub red: T,
    /// Black's value.
    pub black: T,
}

impl<T> ByColor<T> {
    /// A pair from a function of the colour.
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        ByColor {
            red: f(Color::Red),
            black: f(Color::Black),
        }
    }

    /// The value of `color`.
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::Red => &self.red,
            Color::Black => &self.black,
        }
    }

    /// The value of `color`, mutably.
    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Red => &mut self.red,
            Color::Black => &mut self.black,
        }
    }

    /// Maps both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            red: f(self.red),
            black: f(self.black),
        }
    }

    /// Iterates `(colour, value)`, Red first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        [(Color::Red, &self.red), (Color::Black, &self.black)].into_iter()
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_names_round_trip() {
        for sq in Square::all() {
            assert_eq!(Square::from_name(&sq.to_string()), Some(sq));
        }
        assert_eq!(Square::from_name("a0").unwrap().index(), 0);
        assert_eq!(Square::from_name("i9").unwrap().index(), 89);
        assert_eq!(Square::from_name("j0"), None);
        assert_eq!(Square::from_name("a10"), None);
    }

    #[test]
    fn file_numbers_follow_each_sides_right_hand() {
        // 炮二平五 = h2e2: Red's file 二 is h, 五 is e.
        assert_eq!(File::from_number(Color::Red, 2).unwrap().char(), 'h');
        assert_eq!(File::from_number(Color::Red, 5).unwrap().char(), 'e');
        // 炮8平5 = h7e7: Black's file 8 is h.
        assert_eq!(File::from_number(Color::Black, 8).unwrap().char(), 'h');
        for f in File::all() {
            for c in Color::ALL {
                assert_eq!(File::from_number(c, f.number_for(c)), Some(f));
            }
        }
    }

    #[test]
    fn geometry_point_counts() {
        for c in Color::ALL {
            assert_eq!(Square::all().filter(|s| s.in_palace(c)).count(), 9);
            assert_eq!(Square::all().filter(|s| s.is_advisor_point(c)).count(), 5);
            assert_eq!(Square::all().filter(|s| s.is_elephant_point(c)).count(), 7);
            assert_eq!(
                Square::all().filter(|s| s.is_pawn_point(c)).count(),
                10 + 45
            );
        }
    }
}
