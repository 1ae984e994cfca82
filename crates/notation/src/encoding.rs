//! Text encoding detection for game files: UTF-8 (with or without BOM), UTF-16 with BOM,
//! GBK/GB18030 and Big5. Uses `encoding_rs` for decoding and `chardetng` for the first guess;
//! between the legacy encodings the one whose text contains more notation characters wins
//! (a Big5 file read as GBK decodes "cleanly" into nonsense, so clean decoding alone is not
//! enough).
//!
//! The detection is the default feature `encoding`. Without it only UTF-8 is read (a BOM is
//! dropped) and any other text is refused with a message naming the feature; XQF strings are
//! then decoded as UTF-8 with replacement characters.

use std::borrow::Cow;

#[cfg(feature = "encoding")]
use encoding_rs::{BIG5, Encoding, GB18030, UTF_8};

#[cfg(feature = "encoding")]
use crate::text::{ChineseChar, classify};

/// The encoding a text was read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8 (a BOM, if any, is dropped).
    Utf8,
    /// UTF-16 little- or big-endian (with a BOM).
    Utf16,
    /// GBK / GB18030 (mainland tools).
    Gb18030,
    /// Big5 (Taiwan, Hong Kong).
    Big5,
}

impl TextEncoding {
    /// The usual name.
    pub fn name(self) -> &'static str {
        match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16 => "UTF-16",
            TextEncoding::Gb18030 => "GB18030",
            TextEncoding::Big5 => "Big5",
        }
    }
}

#[cfg(feature = "encoding")]
/// How much a text looks like a xiangqi record: the number of notation characters.
fn notation_score(s: &str) -> usize {
    s.chars()
        .filter(|&c| !c.is_ascii() && classify(c) != ChineseChar::Other)
        .count()
}

#[cfg(feature = "encoding")]
fn decode_strict(enc: &'static Encoding, bytes: &[u8]) -> Option<String> {
    enc.decode_without_bom_handling_and_without_replacement(bytes)
        .map(Cow::into_owned)
}

/// Decodes a text file in any supported encoding.
#[cfg(feature = "encoding")]
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, TextEncoding), String> {
    if let Some((enc, bom)) = Encoding::for_bom(bytes) {
        let body = &bytes[bom..];
        let kind = if enc == UTF_8 {
            TextEncoding::Utf8
        } else {
            TextEncoding::Utf16
        };
        return match enc.decode_without_bom_handling_and_without_replacement(body) {
            Some(s) => Ok((Cow::Owned(s.into_owned()), kind)),
            None => Err(format!("invalid {} after its byte-order mark", enc.name())),
        };
    }
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok((Cow::Borrowed(s), TextEncoding::Utf8));
    }
    let mut det = chardetng::EncodingDetector::new();
    det.feed(bytes, true);
    let guess = det.guess(None, false);
    let gb = decode_strict(GB18030, bytes);
    let big5 = decode_strict(BIG5, bytes);
    let gb_score = gb.as_deref().map(notation_score);
    let big5_score = big5.as_deref().map(notation_score);
    let pick_big5 = match (gb_score, big5_score) {
        (Some(g), Some(b)) if g != b => b > g,
        (Some(_), Some(_)) => guess == BIG5,
        (None, Some(_)) => true,
        (Some(_), None) => false,
        (None, None) => {
            return Err("not valid UTF-8, GB18030 or Big5 text".to_string());
        }
    };
    Ok(if pick_big5 {
        (Cow::Owned(big5.unwrap_or_default()), TextEncoding::Big5)
    } else {
        (Cow::Owned(gb.unwrap_or_default()), TextEncoding::Gb18030)
    })
}

/// Decodes a text file: UTF-8 only (the `encoding` feature is off); a BOM is dropped.
#[cfg(not(feature = "encoding"))]
pub fn decode(bytes: &[u8]) -> Result<(Cow<'_, str>, TextEncoding), String> {
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(body)
        .map(|s| (Cow::Borrowed(s), TextEncoding::Utf8))
        .map_err(|e| {
            format!(
                "not UTF-8 text (byte {}); legacy encodings need the `encoding` feature",
                e.valid_up_to()
            )
        })
}

/// Decodes `bytes` strictly in the given encoding (no BOM handling): `None` if they are not
/// valid text in it. Without the `encoding` feature only UTF-8 is decoded.
pub fn decode_as(encoding: TextEncoding, bytes: &[u8]) -> Option<String> {
    match encoding {
        TextEncoding::Utf8 => std::str::from_utf8(bytes).ok().map(str::to_string),
        #[cfg(feature = "encoding")]
        TextEncoding::Gb18030 => decode_strict(GB18030, bytes),
        #[cfg(feature = "encoding")]
        TextEncoding::Big5 => decode_strict(BIG5, bytes),
        _ => None,
    }
}

/// Where the first byte that is not UTF-8 is in `bytes`: (line, column in characters), both
/// 1-based, and the byte.
fn first_bad_utf8(bytes: &[u8]) -> (usize, usize, u8) {
    let at = std::str::from_utf8(bytes)
        .err()
        .map_or(0, |e| e.valid_up_to());
    let before = &bytes[..at];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let column = std::str::from_utf8(&before[line_start..]).map_or(0, |s| s.chars().count()) + 1;
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    (line, column, bytes.get(at).copied().unwrap_or(0))
}

/// Decodes one record (one game's text) of a database, deciding its encoding on its own, so
/// that one mis-encoded game does not decide (or refuse) the others:
///
/// * valid UTF-8 is UTF-8;
/// * otherwise the legacy encoding (GB18030 or Big5, strictly decoded) whose text holds more
///   notation characters — `hint`, the file's own guess, on a tie — when it reads the record at
///   least as well as UTF-8 with the bad bytes replaced, and either reads it better or the
///   record has more than one byte that is not UTF-8 (a GB18030 game pasted into a UTF-8 file);
/// * anything else (one stray byte in UTF-8 text) is an error naming the line (counted from 1
///   at the record's first line) and column of the first bad byte.
///
/// A byte-order mark is not removed here.
///
/// # Examples
/// ```
/// use xiangqi_notation::encoding::{TextEncoding, decode_record};
///
/// assert_eq!(decode_record("1. 炮二平五".as_bytes(), TextEncoding::Utf8).unwrap().1, TextEncoding::Utf8);
/// let e = decode_record(b"[Red \"a\"]\n1. h2e2 \xff h9g7", TextEncoding::Utf8).unwrap_err();
/// assert!(e.contains("line 2, column 9"), "{e}");
/// ```
pub fn decode_record(bytes: &[u8], hint: TextEncoding) -> Result<(String, TextEncoding), String> {
    if let Ok(s) = std::str::from_utf8(bytes) {
        return Ok((s.to_string(), TextEncoding::Utf8));
    }
    let (line, column, byte) = first_bad_utf8(bytes);
    let not_utf8 = || format!("line {line}, column {column}: byte 0x{byte:02X} is not UTF-8 text");
    #[cfg(feature = "encoding")]
    {
        let bad_bytes: usize = bytes.utf8_chunks().map(|c| c.invalid().len()).sum();
        let lossy = notation_score(&String::from_utf8_lossy(bytes));
        let scored = |enc: &'static Encoding, kind| {
            decode_strict(enc, bytes).map(|s| (notation_score(&s), kind, s))
        };
        let gb = scored(GB18030, TextEncoding::Gb18030);
        let big5 = scored(BIG5, TextEncoding::Big5);
        let legacy = match (gb, big5) {
            (Some(g), Some(b)) if g.0 != b.0 => Some(if b.0 > g.0 { b } else { g }),
            (Some(g), Some(b)) => Some(if hint == TextEncoding::Big5 { b } else { g }),
            (g, b) => g.or(b),
        };
        if let Some((score, kind, text)) = legacy
            && score >= lossy
            && (score > lossy || bad_bytes > 1)
        {
            return Ok((text, kind));
        }
    }
    #[cfg(not(feature = "encoding"))]
    let _ = hint;
    Err(not_utf8())
}

/// Decodes GBK bytes from a binary format (XQF strings), replacing bad bytes.
#[cfg(feature = "encoding")]
pub(crate) fn decode_gbk_lossy(bytes: &[u8]) -> String {
    GB18030.decode_without_bom_handling(bytes).0.into_owned()
}

/// Decodes XQF strings as UTF-8 with replacement (the `encoding` feature is off).
#[cfg(not(feature = "encoding"))]
pub(crate) fn decode_gbk_lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[cfg(all(test, feature = "encoding"))]
mod tests {
    use super::*;

    #[test]
    fn detects_legacy_encodings() {
        let text = "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒７進１";
        let (big5, _, _) = BIG5.encode(text);
        let (s, e) = decode(&big5).unwrap();
        assert_eq!(e, TextEncoding::Big5);
        assert_eq!(s, text);
        let simplified = "1. 炮二平五 马８进７ 2. 马二进三 车９平８ 3. 车一平二 卒７进１";
        let (gbk, _, _) = GB18030.encode(simplified);
        let (s, e) = decode(&gbk).unwrap();
        assert_eq!(e, TextEncoding::Gb18030);
        assert_eq!(s, simplified);
        let (s, e) = decode("\u{feff}h2e2".as_bytes()).unwrap();
        assert_eq!((s.as_ref(), e), ("h2e2", TextEncoding::Utf8));
    }

    #[test]
    fn each_record_is_decoded_on_its_own() {
        let simplified = "[Red \"吕钦\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n";
        let (gbk, _, _) = GB18030.encode(simplified);
        // a GB18030 game in a UTF-8 file
        assert_eq!(
            decode_record(&gbk, TextEncoding::Utf8).unwrap(),
            (simplified.to_string(), TextEncoding::Gb18030)
        );
        // even with ICCS moves: only the names are Chinese
        let (names, _, _) = GB18030.encode("[Red \"吕钦\"]\n1. h2e2 h9g7 1-0\n");
        assert_eq!(
            decode_record(&names, TextEncoding::Utf8).unwrap().1,
            TextEncoding::Gb18030
        );
        // a Big5 game in a GB18030 file
        let traditional = "1. 炮二平五 馬８進７ 2. 馬二進三 車９平８ 3. 車一平二 卒７進１";
        let (big5, _, _) = BIG5.encode(traditional);
        assert_eq!(
            decode_record(&big5, TextEncoding::Gb18030).unwrap(),
            (traditional.to_string(), TextEncoding::Big5)
        );
        // one stray byte in UTF-8 text: an error naming where, not a guess
        let mut stray = simplified.as_bytes().to_vec();
        stray.insert(simplified.find("马二").unwrap(), 0xB0);
        let e = decode_record(&stray, TextEncoding::Utf8).unwrap_err();
        assert!(e.contains("line 2, column 17") && e.contains("0xB0"), "{e}");
        let e = decode_record(b"1. h2e2 \x80 h9g7", TextEncoding::Gb18030).unwrap_err();
        assert!(e.contains("line 1, column 9"), "{e}");
    }
}
