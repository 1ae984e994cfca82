//! The `[%xq …]` token of a PGN log: an entry's words, JSON strings quoted so that the comment
//! and the token stay closed. Each kind writes and reads its own ([`super::Kind`]).

use xiangqi_board::Color;

use crate::time::{format_clock, parse_clock};

/// A string for a `[%xq …]` token: JSON, with `}` and `]` escaped so the comment and the
/// token stay closed.
pub(crate) fn quote(s: &str) -> String {
    serde_json::to_string(s)
        .expect("a string serializes")
        .replace('}', "\\u007d")
        .replace(']', "\\u005d")
        .replace('{', "\\u007b")
        .replace('[', "\\u005b")
}

/// A clock reading for a token, `-` for none.
pub(crate) fn reading(clock: Option<u32>) -> String {
    clock.map_or("-".to_string(), |c| format_clock(i64::from(c)))
}

/// A token's words: JSON strings stay whole.
pub(crate) struct Token(pub(crate) Vec<String>);

impl Token {
    /// Splits a `[%xq …]` body into words.
    pub(crate) fn split(body: &str) -> Token {
        let mut out = Vec::new();
        let mut cur = String::new();
        let mut in_str = false;
        let mut esc = false;
        for ch in body.chars() {
            if in_str {
                cur.push(ch);
                if esc {
                    esc = false;
                } else if ch == '\\' {
                    esc = true;
                } else if ch == '"' {
                    in_str = false;
                }
            } else if ch == '"' {
                in_str = true;
                cur.push(ch);
            } else if ch.is_whitespace() {
                if !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
            } else {
                cur.push(ch);
            }
        }
        if !cur.is_empty() {
            out.push(cur);
        }
        Token(out)
    }

    /// Word `i`, if there is one.
    pub(crate) fn get(&self, i: usize) -> Option<&str> {
        self.0.get(i).map(String::as_str)
    }

    /// How many words.
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    /// Word `i` as a side.
    pub(crate) fn side(&self, i: usize) -> Result<Color, String> {
        match self.get(i) {
            Some("red") => Ok(Color::Red),
            Some("black") => Ok(Color::Black),
            o => Err(format!("expected red or black, found {o:?}")),
        }
    }

    /// Word `i` as a quoted text.
    pub(crate) fn text(&self, i: usize) -> Result<String, String> {
        let t = self.get(i).ok_or("missing text")?;
        serde_json::from_str::<String>(t).map_err(|e| format!("bad text {t}: {e}"))
    }

    /// Word `i` as a whole number.
    pub(crate) fn num(&self, i: usize) -> Result<u32, String> {
        let t = self.get(i).ok_or("missing number")?;
        t.parse().map_err(|_| format!("bad number {t}"))
    }

    /// Word `i` as a clock reading, `-` or nothing for none.
    pub(crate) fn reading(&self, i: usize) -> Result<Option<u32>, String> {
        match self.get(i) {
            None | Some("-") => Ok(None),
            Some(c) => Ok(Some(parse_clock(c).ok_or(format!("bad clock {c}"))?)),
        }
    }
}
