//! ICCS coordinates: `h2e2` (UCCI style) or `H2-E2` (original ICCS style in PGN). Files `a`–`i`
//! from Red's left, ranks `0`–`9` from Red's side.

use xiangqi_board::Square;
use xiangqi_movegen::{Move, Position};

use crate::text::{fold_width, is_full_width};
use crate::{Mode, ResolveError};

/// A syntactically valid ICCS move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct IccsMove {
    /// The move's two squares.
    pub mv: Move,
    /// Whether the text deviated from the two standard spellings (`h2e2`, `H2-E2`), e.g.
    /// full-width characters or mixed case.
    pub nonstandard: Option<&'static str>,
}

/// Whether the token looks like ICCS (`[a-i][0-9]-?[a-i][0-9]`, either case, full-width allowed).
pub fn looks_like_iccs(token: &str) -> bool {
    parse(token).is_ok()
}

/// Parses an ICCS token.
pub fn parse(token: &str) -> Result<IccsMove, &'static str> {
    let mut buf = [0u8; 5];
    let mut n = 0;
    let mut full_width = false;
    for c in token.chars() {
        full_width |= is_full_width(c);
        let c = fold_width(c);
        if !c.is_ascii() || n == 5 {
            return Err("ICCS moves are two squares like h2e2 or H2-E2");
        }
        buf[n] = c as u8;
        n += 1;
    }
    let (a, b) = match n {
        4 => ((buf[0], buf[1]), (buf[2], buf[3])),
        5 if buf[2] == b'-' => ((buf[0], buf[1]), (buf[3], buf[4])),
        _ => return Err("ICCS moves are two squares like h2e2 or H2-E2"),
    };
    let sq = |(f, r): (u8, u8)| -> Option<Square> {
        let f = f.to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&f) || !r.is_ascii_digit() {
            return None;
        }
        Square::at((f - b'a') as i32, (r - b'0') as i32)
    };
    let (Some(from), Some(to)) = (sq(a), sq(b)) else {
        return Err("ICCS squares are a letter a-i and a rank digit 0-9");
    };
    let lower = buf[0].is_ascii_lowercase() && buf[n - 2].is_ascii_lowercase();
    let upper = buf[0].is_ascii_uppercase() && buf[n - 2].is_ascii_uppercase();
    let nonstandard = if full_width {
        Some("full-width characters")
    } else if !(lower && n == 4 || upper && n == 5) {
        Some("ICCS is written h2e2 (lower case) or H2-E2 (upper case with a hyphen)")
    } else {
        None
    };
    Ok(IccsMove {
        mv: Move::new(from, to),
        nonstandard,
    })
}

impl IccsMove {
    /// Checks the move against the position.
    pub fn resolve(&self, pos: &Position, mode: Mode) -> Result<Move, ResolveError> {
        let m = self.mv;
        match pos.piece_at(m.from) {
            Some(p) if p.color == pos.turn() => {}
            _ => {
                return Err(ResolveError::NoSuchPiece {
                    reason: format!("no {} piece on {}", pos.turn(), m.from),
                });
            }
        }
        if !pos.is_legal(m) {
            return Err(ResolveError::Illegal);
        }
        if mode == Mode::Strict
            && let Some(reason) = self.nonstandard
        {
            return Err(ResolveError::NonStandard {
                reason: reason.to_string(),
                standard: render(m),
            });
        }
        Ok(m)
    }
}

/// The ICCS text in UCCI style (`h2e2`).
pub fn render(m: Move) -> String {
    let mut s = String::with_capacity(4);
    write(m, &mut s);
    s
}

/// Appends the ICCS text of `m` to `out`.
pub fn write(m: Move, out: &mut String) {
    out.push(m.from.file().char());
    out.push(m.from.rank().char());
    out.push(m.to.file().char());
    out.push(m.to.rank().char());
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_styles() {
        let a = parse("h2e2").unwrap();
        let b = parse("H2-E2").unwrap();
        assert_eq!(a.mv, b.mv);
        assert_eq!(a.nonstandard, None);
        assert_eq!(b.nonstandard, None);
        assert!(parse("H2E2").unwrap().nonstandard.is_some());
        assert!(parse("j2e2").is_err());
        assert!(parse("h2e").is_err());
        assert!(parse("C2.5").is_err());
    }

    #[test]
    fn resolves_against_position() {
        let pos = Position::start();
        assert!(parse("h2e2").unwrap().resolve(&pos, Mode::Strict).is_ok());
        assert_eq!(
            parse("h2h8").unwrap().resolve(&pos, Mode::Tolerant),
            Err(ResolveError::Illegal)
        );
        assert!(matches!(
            parse("e5e6").unwrap().resolve(&pos, Mode::Tolerant),
            Err(ResolveError::NoSuchPiece { .. })
        ));
    }
}
