//! Chinese notation (中文纵线格式): `炮二平五`, `马8进7`, `前车进一`, `中兵平四`, `二兵平四`,
//! `前三进一`.
//!
//! Input may use simplified, traditional or variant characters (車俥馬傌砲包帥將進後 …), half- or
//! full-width digits and either numeral style for either side: the colour comes from the side to
//! move, never from the characters. Output is canonical: simplified characters, Red numerals
//! 一..九, Black full-width digits １..９ (option: half-width).

use xiangqi_board::{Color, Piece};
use xiangqi_movegen::{Move, Position};

use crate::syntax::{Action, Locator, Marker, MoveSyntax};
use crate::text::{CHINESE_NUMERALS, ChineseChar, FULL_WIDTH_DIGITS, classify, fold_width};
use crate::{Mode, Notation, ResolveError};

/// Which numeral style the file and number characters used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Numerals {
    /// All Chinese numerals (一..九), as Red writes.
    Chinese,
    /// All digits (half- or full-width), as Black writes.
    Arabic,
    /// Both in one token.
    Mixed,
    /// No file or number character whose style matters (cannot happen in a valid token).
    None,
}

/// A syntactically valid move in Chinese notation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChineseMove {
    /// The descriptor.
    pub syntax: MoveSyntax,
    /// The numeral style of the file and number characters.
    pub numerals: Numerals,
    /// A tolerated deviation from the canonical form of the characters' order, if any.
    pub nonstandard: Option<&'static str>,
}

const SYNTAX: &str = "Chinese moves are four characters like 炮二平五, 马8进7 or 前车进一";

/// Parses a Chinese-notation token (syntax only).
pub fn parse(token: &str) -> Result<ChineseMove, &'static str> {
    let mut cs = [ChineseChar::Other; 5];
    let mut n = 0;
    for c in token.chars() {
        let c = fold_width(c);
        if c.is_whitespace() {
            continue;
        }
        if n == cs.len() {
            return Err(SYNTAX);
        }
        cs[n] = classify(c);
        n += 1;
    }
    let mut styles = (false, false); // (chinese seen, arabic seen)
    let mut note = |c: ChineseChar| {
        if let ChineseChar::Number { arabic, .. } = c {
            if arabic {
                styles.1 = true;
            } else {
                styles.0 = true;
            }
        }
    };
    use ChineseChar as C;
    let mut nonstandard = None;
    let (kind, locator, act, num) = match (n, cs) {
        (4, [C::Piece(k), f @ C::Number { value, .. }, a, x, _]) => {
            note(f);
            (k, Locator::File(value), a, x)
        }
        (4, [C::Piece(k), C::Marker(m), a, x, _]) => {
            nonstandard = Some("the position marker after the piece (standard: 前车)");
            (k, Locator::Marker(m), a, x)
        }
        (4, [C::Marker(m), C::Piece(k), a, x, _]) => (k, Locator::Marker(m), a, x),
        (4, [C::Number { value: k, .. }, C::Piece(kind), a, x, _]) if k <= 5 => {
            (kind, Locator::Marker(Marker::Nth(k)), a, x)
        }
        (4, [C::Marker(m), f @ C::Number { value, .. }, a, x, _]) => {
            note(f);
            (
                xiangqi_board::PieceKind::Pawn,
                Locator::MarkerOnFile(m, value),
                a,
                x,
            )
        }
        (
            4,
            [
                C::Number { value: k, .. },
                f @ C::Number { value, .. },
                a,
                x,
                _,
            ],
        ) if k <= 5 => {
            note(f);
            (
                xiangqi_board::PieceKind::Pawn,
                Locator::MarkerOnFile(Marker::Nth(k), value),
                a,
                x,
            )
        }
        (5, [mk, C::Piece(kind), f @ C::Number { value, .. }, a, x]) => {
            let m = match mk {
                C::Marker(m) => m,
                C::Number { value: k, .. } if k <= 5 => Marker::Nth(k),
                _ => return Err(SYNTAX),
            };
            note(f);
            nonstandard = Some("the five-character form (standard: 前三进一, no piece name)");
            (kind, Locator::MarkerOnFile(m, value), a, x)
        }
        _ => return Err(SYNTAX),
    };
    let C::Action(action) = act else {
        return Err("the third character must be 进, 退 or 平");
    };
    let C::Number { value: number, .. } = num else {
        return Err("the last character must be a number 1-9");
    };
    note(num);
    let numerals = match styles {
        (true, true) => Numerals::Mixed,
        (true, false) => Numerals::Chinese,
        (false, true) => Numerals::Arabic,
        (false, false) => Numerals::None,
    };
    Ok(ChineseMove {
        syntax: MoveSyntax {
            kind,
            locator,
            action,
            number,
        },
        numerals,
        nonstandard,
    })
}

impl ChineseMove {
    /// Resolves the move against the position; the colour is the side to move.
    pub fn resolve(&self, pos: &Position, mode: Mode) -> Result<Move, ResolveError> {
        let m = self.syntax.resolve(pos, mode, Notation::Chinese)?;
        if mode == Mode::Strict {
            let expected = match pos.turn() {
                Color::Red => Numerals::Chinese,
                Color::Black => Numerals::Arabic,
            };
            let reason = self.nonstandard.or(match self.numerals {
                Numerals::None => None,
                n if n == expected => None,
                _ if pos.turn() == Color::Red => Some("Red writes numbers as 一..九"),
                _ => Some("Black writes numbers as digits 1..9"),
            });
            if let Some(reason) = reason {
                return Err(ResolveError::NonStandard {
                    reason: reason.to_string(),
                    standard: render(pos, m),
                });
            }
        }
        Ok(m)
    }
}

/// How Black's digits are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BlackDigits {
    /// Full-width `１`..`９` (the default, as in most Chinese records).
    #[default]
    FullWidth,
    /// ASCII `1`..`9`.
    HalfWidth,
}

/// The canonical Chinese text of a legal move.
pub fn render(pos: &Position, m: Move) -> String {
    let mut s = String::with_capacity(12);
    write(pos, m, BlackDigits::FullWidth, &mut s);
    s
}

/// Appends the canonical Chinese text of `m` to `out` (ICCS if no piece of the mover is on its
/// origin).
pub fn write(pos: &Position, m: Move, digits: BlackDigits, out: &mut String) {
    let Some(piece) = pos.piece_at(m.from) else {
        crate::iccs::write(m, out);
        return;
    };
    let Some(s) = MoveSyntax::canonical(pos, m, Notation::Chinese) else {
        crate::iccs::write(m, out);
        return;
    };
    let num = |n: u8| -> char {
        let i = (n.clamp(1, 9) - 1) as usize;
        match (piece.color, digits) {
            (Color::Red, _) => CHINESE_NUMERALS[i],
            (Color::Black, BlackDigits::FullWidth) => FULL_WIDTH_DIGITS[i],
            (Color::Black, BlackDigits::HalfWidth) => (b'0' + n) as char,
        }
    };
    let marker = |mk: Marker| -> char {
        match mk {
            Marker::Front | Marker::Plus => '前',
            Marker::Middle => '中',
            Marker::Rear | Marker::Minus => '后',
            Marker::Nth(k) => CHINESE_NUMERALS[(k.clamp(1, 9) - 1) as usize],
        }
    };
    let name = Piece::new(piece.color, s.kind).chinese();
    match s.locator {
        Locator::File(f) => {
            out.push(name);
            out.push(num(f));
        }
        Locator::Marker(mk) => {
            out.push(marker(mk));
            out.push(name);
        }
        Locator::MarkerOnFile(mk, f) => {
            out.push(marker(mk));
            out.push(num(f));
        }
    }
    out.push(match s.action {
        Action::Forward => '进',
        Action::Backward => '退',
        Action::Sideways => '平',
    });
    out.push(num(s.number));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_forms() {
        let p = |s| parse(s).unwrap().syntax;
        assert_eq!(p("炮二平五").locator, Locator::File(2));
        assert_eq!(p("马８进７").locator, Locator::File(8));
        assert_eq!(p("前車進一").locator, Locator::Marker(Marker::Front));
        assert_eq!(p("中兵平四").locator, Locator::Marker(Marker::Middle));
        assert_eq!(p("二兵平四").locator, Locator::Marker(Marker::Nth(2)));
        assert_eq!(
            p("前三进一").locator,
            Locator::MarkerOnFile(Marker::Front, 3)
        );
        assert_eq!(
            p("二7平6").locator,
            Locator::MarkerOnFile(Marker::Nth(2), 7)
        );
        assert_eq!(
            p("前兵三进一").locator,
            Locator::MarkerOnFile(Marker::Front, 3)
        );
        assert!(parse("炮二走五").is_err());
        assert!(parse("炮二平").is_err());
        assert!(parse("").is_err());
    }

    #[test]
    fn colour_from_side_to_move() {
        // Black's horse written with Red's numerals and a Red character still resolves.
        let pos = Position::start()
            .played(Move::from_iccs("h2e2").unwrap())
            .unwrap();
        let m = parse("傌八進七")
            .unwrap()
            .resolve(&pos, Mode::Tolerant)
            .unwrap();
        assert_eq!(m.to_string(), "h9g7");
        assert_eq!(render(&pos, m), "马８进７");
        assert!(
            parse("傌八進七")
                .unwrap()
                .resolve(&pos, Mode::Strict)
                .is_err()
        );
    }
}
