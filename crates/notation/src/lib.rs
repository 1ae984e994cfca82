//! # xiangqi-notation
//!
//! Every way xiangqi moves are written, and the game files that hold them.
//!
//! * Three move notations, each as *parse → syntax value → resolve against a
//!   [`Position`] → [`Move`]* and *render (`Position`, `Move`) → text*:
//!   [`iccs`] (`h2e2`, `H2-E2`), [`wxf`] (`C2.5`, `R+.3`, `++.4`, `3+.4`) and [`chinese`]
//!   (`炮二平五`, `马8进7`, `前车进一`, `前三进一`). Syntax errors are kept apart from
//!   resolution errors ([`ResolveError`]: `Illegal`, `Ambiguous`, `NoSuchPiece`, `NonStandard`).
//! * [`parse_move`] / [`parse_move_list`] read tokens in any of the three, detected per token.
//! * Game files ([`read_games`]): PGN in any notation and encoding (UTF-8, GBK/GB18030, Big5),
//!   XQF (versions 10–18, encrypted ones included), DhtmlXQ, CBF/CBR/CBL; [`pgn::write_games`]
//!   writes PGN in any notation.
//!
//! Parsing is tolerant by default ([`Mode::Tolerant`]): variant characters, full-width forms,
//! `=` for sideways, marker-before-letter WXF, a trailing check sign, and the file-number form
//! for one of two same pieces on a file when exactly one of them can make the move (common in
//! real records). [`Mode::Strict`] rejects each non-standard form with the reason and the
//! standard text. Writers are canonical (see `decisions.md`, Notation).
//!
//! ```
//! use xiangqi_movegen::Position;
//! use xiangqi_notation::{Mode, parse_move, render_chinese, render_wxf};
//! let pos = Position::start();
//! let m = parse_move(&pos, "炮二平五", Mode::Tolerant)?;
//! assert_eq!(m.to_string(), "h2e2");
//! assert_eq!(render_wxf(&pos, m), "C2.5");
//! assert_eq!(render_chinese(&pos, m), "炮二平五");
//! # Ok::<(), xiangqi_notation::MoveTextError>(())
//! ```

mod error;
mod syntax;
mod text;
mod tree;

pub mod cbr;
pub mod chinese;
pub mod dhtmlxq;
pub mod encoding;
pub mod game;
pub mod iccs;
pub mod pgn;
pub mod stream;
pub mod wxf;
pub mod xqf;

pub use error::{GameFileError, GameFileErrorKind, MoveListError, MoveTextError, ResolveError};
pub use game::{GameFormat, NotatedGame, Variation, read_games};
pub use syntax::{Action, Locator, Marker, MoveSyntax};
/// The board crate (squares, pieces, colours), re-exported.
pub use xiangqi_board as board;
/// The move generator crate, re-exported.
pub use xiangqi_movegen as movegen;
/// The position and move types every function here takes, so that this crate alone reads and
/// writes moves (they are [`xiangqi_movegen`]'s).
pub use xiangqi_movegen::{Move, Position};

/// How forgiving the readers are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mode {
    /// Accept every form seen in real records when it names exactly one legal move.
    #[default]
    Tolerant,
    /// Accept only the standard forms; anything else is a [`ResolveError::NonStandard`] naming
    /// the reason and the standard text.
    Strict,
}

/// The three move notations.
///
/// # Examples
///
/// ```
/// use xiangqi_movegen::{Move, Position};
/// use xiangqi_notation::{Notation, render};
///
/// let pos = Position::start();
/// let m = Move::from_iccs("h2e2").unwrap();
/// assert_eq!(render(Notation::Chinese, &pos, m), "炮二平五");
/// assert_eq!(render(Notation::Wxf, &pos, m), "C2.5");
/// assert_eq!(render(Notation::Iccs, &pos, m), "h2e2");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Notation {
    /// ICCS coordinates (`h2e2`).
    Iccs,
    /// WXF (`C2.5`).
    Wxf,
    /// Chinese (`炮二平五`).
    Chinese,
}

impl Notation {
    /// The name as used in the PGN `[Format]` tag and on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Notation::Iccs => "ICCS",
            Notation::Wxf => "WXF",
            Notation::Chinese => "Chinese",
        }
    }

    /// Reads a notation name (case-insensitive: `iccs`, `wxf`, `chinese`; also `uci`, `cn`).
    pub fn from_name(s: &str) -> Option<Notation> {
        match s.trim().to_ascii_lowercase().as_str() {
            "iccs" | "ucci" | "uci" => Some(Notation::Iccs),
            "wxf" | "international" => Some(Notation::Wxf),
            "chinese" | "cn" | "zh" | "traditional" => Some(Notation::Chinese),
            _ => None,
        }
    }

    /// Guesses the notation of one token from its characters: Chinese if it starts with a
    /// non-ASCII character that is not a full-width ASCII form, ICCS if it has the shape of two
    /// squares, WXF otherwise.
    pub fn detect(token: &str) -> Notation {
        let Some(c) = token.chars().next() else {
            return Notation::Wxf;
        };
        let c = text::fold_width(c);
        if !c.is_ascii() {
            Notation::Chinese
        } else if iccs::looks_like_iccs(token) {
            Notation::Iccs
        } else {
            Notation::Wxf
        }
    }

    /// The canonical text of a legal move in this notation.
    pub fn render(self, pos: &Position, m: Move) -> String {
        render(self, pos, m)
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The canonical text of a legal move in `notation`.
pub fn render(notation: Notation, pos: &Position, m: Move) -> String {
    match notation {
        Notation::Iccs => iccs::render(m),
        Notation::Wxf => wxf::render(pos, m),
        Notation::Chinese => chinese::render(pos, m),
    }
}

/// Appends the canonical text of a legal move in `notation` to `out` (no allocation beyond
/// `out`'s growth).
pub fn write_move(notation: Notation, pos: &Position, m: Move, out: &mut String) {
    match notation {
        Notation::Iccs => iccs::write(m, out),
        Notation::Wxf => wxf::write(pos, m, out),
        Notation::Chinese => chinese::write(pos, m, chinese::BlackDigits::FullWidth, out),
    }
}

/// The ICCS text of a move (`h2e2`).
pub fn render_iccs(_pos: &Position, m: Move) -> String {
    iccs::render(m)
}

/// The canonical WXF text of a legal move (`C2.5`).
pub fn render_wxf(pos: &Position, m: Move) -> String {
    wxf::render(pos, m)
}

/// The canonical Chinese text of a legal move (`炮二平五`).
pub fn render_chinese(pos: &Position, m: Move) -> String {
    chinese::render(pos, m)
}

/// Strips PGN move annotations (`!`, `?`) from the end of a token.
fn strip_annotations(token: &str) -> &str {
    token.trim_end_matches(['!', '?'])
}

/// Parses one move token in the given notation and resolves it against `pos`.
pub fn parse_move_as(
    pos: &Position,
    token: &str,
    notation: Notation,
    mode: Mode,
) -> Result<Move, MoveTextError> {
    let t = strip_annotations(token.trim());
    let resolved = match notation {
        Notation::Iccs => {
            let p = iccs::parse(t).map_err(|r| MoveTextError::syntax(token, Some(notation), r))?;
            p.resolve(pos, mode)
        }
        Notation::Wxf => {
            let p = wxf::parse(t).map_err(|r| MoveTextError::syntax(token, Some(notation), r))?;
            p.resolve(pos, mode)
        }
        Notation::Chinese => {
            let p =
                chinese::parse(t).map_err(|r| MoveTextError::syntax(token, Some(notation), r))?;
            p.resolve(pos, mode)
        }
    };
    resolved.map_err(|e| MoveTextError::from_resolve(token, e))
}

/// Parses one move token in any notation (ICCS, WXF or Chinese, detected per token) and resolves
/// it against `pos`.
///
/// # Examples
///
/// ```
/// use xiangqi_movegen::Position;
/// use xiangqi_notation::{Mode, parse_move};
///
/// let pos = Position::start();
/// // Chinese, WXF and ICCS name the same move; the notation is detected.
/// for token in ["炮二平五", "C2.5", "h2e2", "炮2平5"] {
///     assert_eq!(parse_move(&pos, token, Mode::Tolerant)?.iccs(), "h2e2");
/// }
/// // The strict mode takes the standard forms only, and says what the standard is.
/// assert!(parse_move(&pos, "炮2平5", Mode::Strict).is_err());
/// // A move the position does not allow is an error naming it.
/// assert!(parse_move(&pos, "车一进九", Mode::Tolerant).is_err());
/// # Ok::<(), xiangqi_notation::MoveTextError>(())
/// ```
pub fn parse_move(pos: &Position, token: &str, mode: Mode) -> Result<Move, MoveTextError> {
    let t = strip_annotations(token.trim());
    if t.is_empty() {
        return Err(MoveTextError::syntax(token, None, "empty move"));
    }
    parse_move_as(pos, token, Notation::detect(t), mode)
}

/// Whether a token of a move list is a move number (`1.`, `12...`, `1…`) to be skipped.
pub(crate) fn is_move_number(t: &str) -> bool {
    let digits = t.trim_end_matches(['.', '…']);
    digits.len() < t.len() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Splits a leading move number off a token (`1.h2e2` → `h2e2`), unless the rest is itself
/// digit-led (WXF `33.4`).
pub(crate) fn strip_move_number(t: &str) -> &str {
    let digits = t.bytes().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 {
        return t;
    }
    let rest = &t[digits..];
    let after = rest.trim_start_matches(['.', '…']);
    if after.len() == rest.len() || after.is_empty() {
        return t;
    }
    match after.chars().next() {
        Some(c) if c.is_ascii_digit() || c == '+' || c == '-' => t,
        _ => after,
    }
}

/// Parses a list of move tokens (separated by whitespace or commas; move numbers like `1.` are
/// skipped) from `start` and returns the moves. The error names the ply and the token.
pub fn parse_move_list(
    start: &Position,
    text: &str,
    mode: Mode,
) -> Result<Vec<Move>, MoveListError> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for raw in text.split(|c: char| c.is_whitespace() || c == ',' || c == '，' || c == '、') {
        if raw.is_empty() || is_move_number(raw) {
            continue;
        }
        let token = strip_move_number(raw);
        let ply = moves.len() + 1;
        let m = parse_move(&pos, token, mode).map_err(|error| MoveListError {
            ply,
            move_number: ply.div_ceil(2),
            error,
        })?;
        pos.play_unchecked(m);
        moves.push(m);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn detects_notation_per_token() {
        assert_eq!(Notation::detect("h2e2"), Notation::Iccs);
        assert_eq!(Notation::detect("H2-E2"), Notation::Iccs);
        assert_eq!(Notation::detect("C2.5"), Notation::Wxf);
        assert_eq!(Notation::detect("Ｃ２＝５"), Notation::Wxf);
        assert_eq!(Notation::detect("炮二平五"), Notation::Chinese);
    }

    #[test]
    fn move_list_mixes_notations() {
        let moves = parse_move_list(
            &Position::start(),
            "1. h2e2 马8进7, 2.H2+3 R9.8",
            Mode::Tolerant,
        )
        .unwrap();
        let s: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(s, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    }

    #[test]
    fn move_list_error_names_ply_and_token() {
        let e = parse_move_list(&Position::start(), "1. h2e2 h9g7 2. h2h9", Mode::Tolerant)
            .unwrap_err();
        assert_eq!(e.ply, 3);
        assert_eq!(e.error.token(), "h2h9");
        assert!(e.to_string().contains("h2h9"), "{e}");
    }

    #[test]
    fn move_numbers() {
        assert!(is_move_number("1."));
        assert!(is_move_number("12..."));
        assert!(!is_move_number("33.4"));
        assert!(is_move_number("..."));
        assert_eq!(strip_move_number("1.h2e2"), "h2e2");
        assert_eq!(strip_move_number("33.4"), "33.4");
        assert_eq!(strip_move_number("1.炮二平五"), "炮二平五");
    }
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
