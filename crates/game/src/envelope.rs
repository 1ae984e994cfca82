//! The sealed move's envelope (封套): how a log stores the move a side seals (封棋) so that no
//! output shows it before the game resumes (续赛).
//!
//! Seed 003 五④: the sealer writes the move unseen on his own score sheet, and the arbiter puts
//! both score sheets and the 封棋图 into an envelope that he keeps until the game resumes. The
//! log keeps the sealed move the same way: an [`Entry::Seal`](crate::Entry::Seal) is written
//! to the file (PGN token and JSON alike) as `envelope:` and the move's UTF-8 text in base64, so
//! that neither a glance at the file nor any output — `xq game state` (text or `--json`), a log
//! rendered as JSON, the desk's live console, the viewer, the 封棋 record, the move record —
//! shows it; only [`Game::resume`](crate::Game::resume) opens it, and the move then enters the
//! log as an ordinary move. It is an envelope, not a lock: whoever holds the file and a base64
//! decoder can read it, as whoever holds the envelope can open it; the file stays with the
//! arbiter. Logs written before (the move as plain text) are still read.

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;

/// A sealed move's text as a log entry holds it in memory ([`Entry::Seal`](crate::Entry::Seal)):
/// the text is there for the game to open at 续赛, but its `Debug` shows only that a move is
/// sealed — a log entry printed for a trace or a panic message does not give the move away.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Sealed(String);

impl Sealed {
    /// The sealed text, as written.
    pub fn new(text: impl Into<String>) -> Sealed {
        Sealed(text.into())
    }

    /// The text, for the game that opens the envelope.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for Sealed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Sealed(..)")
    }
}

impl std::ops::Deref for Sealed {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Sealed {
    fn from(text: String) -> Sealed {
        Sealed(text)
    }
}

impl From<&str> for Sealed {
    fn from(text: &str) -> Sealed {
        Sealed(text.to_string())
    }
}

/// What an enveloped text starts with.
pub const PREFIX: &str = "envelope:";

/// The stored form of the sealed `text`.
pub fn seal(text: &str) -> String {
    format!("{PREFIX}{}", STANDARD.encode(text.as_bytes()))
}

/// The sealed text from its stored form (a plain text, from a log written before envelopes,
/// is returned as it is).
pub fn open(stored: &str) -> Result<String, String> {
    let Some(b64) = stored.strip_prefix(PREFIX) else {
        return Ok(stored.to_string());
    };
    let bytes = STANDARD
        .decode(b64)
        .map_err(|e| format!("bad sealed-move envelope {stored}: {e}"))?;
    String::from_utf8(bytes).map_err(|_| format!("bad sealed-move envelope {stored}: not UTF-8"))
}

/// `#[serde(with = "envelope")]` for the sealed text of an entry.
pub(crate) fn serialize<S: serde::Serializer>(text: &Sealed, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&seal(text))
}

/// `#[serde(with = "envelope")]`: opens the stored form.
pub(crate) fn deserialize<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Sealed, D::Error> {
    let stored = <String as serde::Deserialize>::deserialize(d)?;
    open(&stored).map(Sealed).map_err(serde::de::Error::custom)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_sealed_entry_in_memory_does_not_show_its_move_in_debug() {
        let e = crate::Entry::Seal {
            side: xiangqi_board::Color::Red,
            text: "马二进三".into(),
            clock: Some(5300),
        };
        let shown = format!("{e:?} {e:#?}");
        assert!(!shown.contains("马二进三"), "{shown}");
        assert!(
            shown.contains("Sealed(..)") && shown.contains("5300"),
            "{shown}"
        );
        let crate::Entry::Seal { text, .. } = &e else {
            unreachable!()
        };
        assert_eq!(text.as_str(), "马二进三");
    }

    #[test]
    fn the_envelope_hides_the_move_and_opens_to_it() {
        let s = seal("马二进三");
        assert!(s.starts_with(PREFIX));
        assert!(!s.contains("马") && !s.contains("进"));
        assert_eq!(open(&s).unwrap(), "马二进三");
        // a log written before envelopes: the plain text
        assert_eq!(open("h2e2").unwrap(), "h2e2");
        assert!(
            open("envelope:***")
                .unwrap_err()
                .contains("bad sealed-move envelope")
        );
    }

    proptest! {
        #[test]
        fn any_text_round_trips(t in ".*") {
            prop_assert_eq!(open(&seal(&t)).unwrap(), t);
        }

        #[test]
        fn garbage_envelopes_never_panic(t in ".*") {
            let _ = open(&format!("{PREFIX}{t}"));
        }
    }
}
