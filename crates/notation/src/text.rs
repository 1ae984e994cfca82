//! Character-level normalisation shared by the readers: full-width folding and the Chinese
//! character classes (pieces, numerals, actions, position markers) with their variants.

use xiangqi_board::PieceKind;

use crate::syntax::{Action, Marker};

/// Folds full-width ASCII (U+FF01..U+FF5E) to ASCII and the ideographic space to a space.
#[inline]
pub(crate) fn fold_width(c: char) -> char {
    match c {
        '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
        '\u{3000}' => ' ',
        _ => c,
    }
}

/// Whether `c` is a full-width ASCII form.
#[inline]
pub(crate) fn is_full_width(c: char) -> bool {
    matches!(c, '\u{FF01}'..='\u{FF5E}')
}

/// What one character of Chinese notation means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ChineseChar {
    /// A piece name (any colour, any variant).
    Piece(PieceKind),
    /// A number 1..=9; `arabic` tells whether it was written as a digit (half- or full-width).
    Number { value: u8, arabic: bool },
    /// 进 / 退 / 平 (and the old 上 / 下).
    Action(Action),
    /// 前 / 中 / 后.
    Marker(Marker),
    /// Anything else.
    Other,
}

/// Classifies one character (after full-width folding).
#[inline]
pub(crate) fn classify(c: char) -> ChineseChar {
    use ChineseChar::*;
    match c {
        '帅' | '帥' | '将' | '將' => Piece(PieceKind::King),
        '仕' | '士' => Piece(PieceKind::Advisor),
        '相' | '象' => Piece(PieceKind::Elephant),
        '马' | '馬' | '傌' | '碼' | '㐷' => Piece(PieceKind::Horse),
        '车' | '車' | '俥' | '砗' | '硨' => Piece(PieceKind::Rook),
        '炮' | '砲' | '包' | '炰' => Piece(PieceKind::Cannon),
        '兵' | '卒' => Piece(PieceKind::Pawn),
        '一' => Number {
            value: 1,
            arabic: false,
        },
        '二' => Number {
            value: 2,
            arabic: false,
        },
        '三' => Number {
            value: 3,
            arabic: false,
        },
        '四' => Number {
            value: 4,
            arabic: false,
        },
        '五' => Number {
            value: 5,
            arabic: false,
        },
        '六' => Number {
            value: 6,
            arabic: false,
        },
        '七' => Number {
            value: 7,
            arabic: false,
        },
        '八' => Number {
            value: 8,
            arabic: false,
        },
        '九' => Number {
            value: 9,
            arabic: false,
        },
        '1'..='9' => Number {
            value: c as u8 - b'0',
            arabic: true,
        },
        '进' | '進' | '上' => Action(crate::syntax::Action::Forward),
        '退' | '下' => Action(crate::syntax::Action::Backward),
        '平' => Action(crate::syntax::Action::Sideways),
        '前' => Marker(crate::syntax::Marker::Front),
        '中' => Marker(crate::syntax::Marker::Middle),
        '后' | '後' => Marker(crate::syntax::Marker::Rear),
        _ => Other,
    }
}

/// The Chinese numeral 一..九 for 1..=9.
pub(crate) const CHINESE_NUMERALS: [char; 9] =
    ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// The full-width digit １..９ for 1..=9.
pub(crate) const FULL_WIDTH_DIGITS: [char; 9] =
    ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_full_width() {
        assert_eq!(fold_width('Ｃ'), 'C');
        assert_eq!(fold_width('＝'), '=');
        assert_eq!(fold_width('８'), '8');
        assert_eq!(fold_width('炮'), '炮');
    }

    #[test]
    fn classifies_variants() {
        assert_eq!(classify('俥'), ChineseChar::Piece(PieceKind::Rook));
        assert_eq!(classify('包'), ChineseChar::Piece(PieceKind::Cannon));
        assert_eq!(classify('後'), ChineseChar::Marker(Marker::Rear));
        assert_eq!(
            classify('7'),
            ChineseChar::Number {
                value: 7,
                arabic: true
            }
        );
        assert_eq!(classify('x'), ChineseChar::Other);
    }
}
