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
}
