//! WXF notation: `C2.5`, `H8+7`, tandem pieces `R+.3` / `C--1`, pawns `P+.4`, `P3.4`, `++.4`,
//! `--.4`, pawns on two files `3+.4` / `33.4`.
//!
//! Tolerant input: `=`, or nothing, for sideways; full-width characters; the marker before the
//! letter (`+P+1`); the letters G (king), S (pawn), B and M (elephant), N (horse), in either
//! case; a trailing `+` / `#` (check / mate, as Fairy-Stockfish writes). [`Mode::Strict`] rejects
//! each of these, and the file-number form for tandem pieces.

use xiangqi_board::PieceKind;
use xiangqi_movegen::{Move, Position};

use crate::syntax::{Action, Locator, Marker, MoveSyntax};
use crate::text::{fold_width, is_full_width};
use crate::{Mode, Notation, ResolveError};

/// A syntactically valid WXF move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WxfMove {
    /// The descriptor.
    pub syntax: MoveSyntax,
    /// The first tolerated deviation from the WXF standard, if any.
    pub nonstandard: Option<&'static str>,
}

fn letter(c: u8) -> Option<(PieceKind, bool)> {
    Some(match c {
        b'K' => (PieceKind::King, true),
        b'A' => (PieceKind::Advisor, true),
        b'E' => (PieceKind::Elephant, true),
        b'H' => (PieceKind::Horse, true),
        b'R' => (PieceKind::Rook, true),
        b'C' => (PieceKind::Cannon, true),
        b'P' => (PieceKind::Pawn, true),
        b'G' => (PieceKind::King, false),
        b'B' | b'M' => (PieceKind::Elephant, false),
        b'N' => (PieceKind::Horse, false),
        b'S' => (PieceKind::Pawn, false),
        b'k' | b'a' | b'e' | b'h' | b'r' | b'c' | b'p' | b'g' | b'b' | b'm' | b'n' | b's' => {
            (letter(c.to_ascii_uppercase())?.0, false)
        }
        _ => return None,
    })
}

fn digit(c: u8) -> Option<u8> {
    (b'1'..=b'9').contains(&c).then(|| c - b'0')
}

/// Parses a WXF token (syntax only).
pub fn parse(token: &str) -> Result<WxfMove, &'static str> {
    let mut buf = [0u8; 6];
    let mut n = 0;
    let mut nonstandard: Option<&'static str> = None;
    for c in token.chars() {
        if is_full_width(c) {
            nonstandard.get_or_insert("full-width characters");
        }
        let c = fold_width(c);
        if !c.is_ascii() || n == buf.len() {
            return Err("WXF moves are four characters like C2.5 or R+.3");
        }
        buf[n] = c as u8;
        n += 1;
    }
    // A trailing check / mate sign after the final digit.
    if n >= 4 && matches!(buf[n - 1], b'+' | b'#') && buf[n - 2].is_ascii_digit() {
        n -= 1;
        nonstandard.get_or_insert("a trailing check or mate sign");
    }
    let (a, b, op, num) = match n {
        4 => (buf[0], buf[1], Some(buf[2]), buf[3]),
        3 => (buf[0], buf[1], None, buf[2]),
        _ => return Err("WXF moves are four characters like C2.5 or R+.3"),
    };
    let number = digit(num).ok_or("the last character must be a digit 1-9")?;
    let action = match op {
        Some(b'+') => Action::Forward,
        Some(b'-') => Action::Backward,
        Some(b'.') => Action::Sideways,
        Some(b'=') => {
            nonstandard.get_or_insert("`=` for sideways (standard: `.`)");
            Action::Sideways
        }
        None => {
            nonstandard.get_or_insert("no operator for sideways (standard: `.`)");
            Action::Sideways
        }
        Some(_) => return Err("the operator must be +, - or . (also =)"),
    };
    let marker = |c: u8| match c {
        b'+' => Some(Marker::Plus),
        b'-' => Some(Marker::Minus),
        _ => None,
    };
    let (kind, locator) = if let Some((kind, std)) = letter(a) {
        if !std {
            nonstandard.get_or_insert("a non-standard piece letter (standard: K A E H R C P)");
        }
        if let Some(f) = digit(b) {
            (kind, Locator::File(f))
        } else if let Some(m) = marker(b) {
            (kind, Locator::Marker(m))
        } else {
            return Err("after the piece letter comes a file digit or + / -");
        }
    } else if let (Some(m), Some((kind, std))) = (marker(a), letter(b)) {
        if !std {
            nonstandard.get_or_insert("a non-standard piece letter (standard: K A E H R C P)");
        }
        nonstandard.get_or_insert("the tandem marker before the letter (standard: R+.3)");
        (kind, Locator::Marker(m))
    } else if a == b && marker(a).is_some() {
        let m = if a == b'+' {
            Marker::Front
        } else {
            Marker::Rear
        };
        (PieceKind::Pawn, Locator::Marker(m))
    } else if let Some(f) = digit(a) {
        if let Some(m) = marker(b) {
            (PieceKind::Pawn, Locator::MarkerOnFile(m, f))
        } else if b == a {
            (PieceKind::Pawn, Locator::MarkerOnFile(Marker::Middle, f))
        } else if let Some(file) = digit(b) {
            // Fairy-Stockfish: the ordinal from the front, then the file.
            nonstandard.get_or_insert("an ordinal before the file digit (Fairy-Stockfish style)");
            (PieceKind::Pawn, Locator::MarkerOnFile(Marker::Nth(f), file))
        } else {
            return Err("after a file digit comes + / - or the same digit");
        }
    } else {
        return Err("a WXF move starts with a piece letter (K A E H R C P), + / - or a digit");
    };
    Ok(WxfMove {
        syntax: MoveSyntax {
            kind,
            locator,
            action,
            number,
        },
        nonstandard,
    })
}

impl WxfMove {
    /// Resolves the move against the position.
    pub fn resolve(&self, pos: &Position, mode: Mode) -> Result<Move, ResolveError> {
        let m = self.syntax.resolve(pos, mode, Notation::Wxf)?;
        if mode == Mode::Strict
            && let Some(reason) = self.nonstandard
        {
            return Err(ResolveError::NonStandard {
                reason: reason.to_string(),
                standard: render(pos, m),
            });
        }
        Ok(m)
    }
}

/// The canonical WXF text of a legal move (`.` for sideways).
pub fn render(pos: &Position, m: Move) -> String {
    let mut s = String::with_capacity(4);
    write(pos, m, &mut s);
    s
}

/// Appends the canonical WXF text of `m` to `out` (ICCS if no piece of the mover is on its
/// origin).
pub fn write(pos: &Position, m: Move, out: &mut String) {
    write_with(pos, m, '.', out)
}

/// Appends the WXF text of `m` with the given sideways operator (`.` or `=`).
pub fn write_with(pos: &Position, m: Move, sideways: char, out: &mut String) {
    let Some(s) = MoveSyntax::canonical(pos, m, Notation::Wxf) else {
        crate::iccs::write(m, out);
        return;
    };
    let l = s.kind.fen_char();
    let l = match s.kind {
        PieceKind::Elephant => 'E',
        PieceKind::Horse => 'H',
        _ => l,
    };
    let d = |n: u8| (b'0' + n) as char;
    match s.locator {
        Locator::File(f) => {
            out.push(l);
            out.push(d(f));
        }
        Locator::Marker(Marker::Front) => out.push_str("++"),
        Locator::Marker(Marker::Rear) => out.push_str("--"),
        Locator::Marker(Marker::Minus) => {
            out.push(l);
            out.push('-');
        }
        Locator::Marker(_) => {
            out.push(l);
            out.push('+');
        }
        Locator::MarkerOnFile(mk, f) => {
            out.push(d(f));
            out.push(match mk {
                Marker::Plus | Marker::Front => '+',
                Marker::Minus | Marker::Rear => '-',
                _ => d(f),
            });
        }
    }
    out.push(match s.action {
        Action::Forward => '+',
        Action::Backward => '-',
        Action::Sideways => sideways,
    });
    out.push(d(s.number));
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> WxfMove {
        parse(s).unwrap()
    }

    #[test]
    fn parses_forms() {
        assert_eq!(p("C2.5").syntax.locator, Locator::File(2));
        assert_eq!(p("C2.5").nonstandard, None);
        assert_eq!(p("R+.3").syntax.locator, Locator::Marker(Marker::Plus));
        assert_eq!(p("C--1").syntax.action, Action::Backward);
        assert_eq!(p("++.4").syntax.locator, Locator::Marker(Marker::Front));
        assert_eq!(p("--.4").syntax.locator, Locator::Marker(Marker::Rear));
        assert_eq!(
            p("3+.4").syntax.locator,
            Locator::MarkerOnFile(Marker::Plus, 3)
        );
        assert_eq!(
            p("33.4").syntax.locator,
            Locator::MarkerOnFile(Marker::Middle, 3)
        );
        let fw = p("＋Ｐ＋１");
        assert_eq!(fw.syntax.locator, Locator::Marker(Marker::Plus));
        assert!(fw.nonstandard.is_some());
        assert!(p("C2=5").nonstandard.is_some());
        assert_eq!(p("C25").syntax.action, Action::Sideways);
        assert_eq!(p("R2+6+").syntax.number, 6);
        assert_eq!(p("N2+3").syntax.kind, PieceKind::Horse);
        assert!(parse("X2.5").is_err());
        assert!(parse("C2.0").is_err());
        assert!(parse("C2*5").is_err());
    }

    #[test]
    fn resolves_opening_moves() {
        let pos = Position::start();
        let m = p("C2.5").resolve(&pos, Mode::Strict).unwrap();
        assert_eq!(m.to_string(), "h2e2");
        assert_eq!(render(&pos, m), "C2.5");
        assert!(matches!(
            p("C2=5").resolve(&pos, Mode::Strict),
            Err(ResolveError::NonStandard { .. })
        ));
    }
}
