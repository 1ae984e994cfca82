//! Reading a game database as a stream of records, in bounded memory, whatever its size.
//!
//! [`open_database`] looks at the start of the input: a binary format (XQF, CBR, CBL), UTF-16, a
//! CBF (XML) or DhtmlXQ text is read whole ([`Database::Whole`]: those files hold one game or a
//! small library); PGN text in UTF-8, GB18030 or Big5 is split into one [`Record`] per game
//! ([`Database::Records`]) line by line, so a 200 MB database needs a few megabytes at a time.
//! Each record is then read on its own ([`Record::read`]), so one bad game does not stop the
//! others.
//!
//! A new record starts at a tag line (`[Tag "…"]`) that follows movetext (or a result) of the
//! previous one, outside a `{…}` comment — the rule of [`crate::pgn::split_games`]. Splitting
//! lines at `\n` is safe in all three encodings (no GB18030 or Big5 byte after the first of a
//! character is `0x0A`).

use std::io::{self, BufRead, BufReader, Chain, Cursor, Read};

use crate::encoding::TextEncoding;
use crate::{Game, GameFileError, GameFileErrorKind, Mode};

/// How much of the input is looked at to tell its format and encoding.
const HEAD: usize = 1 << 20;

/// The largest record kept: a longer one is reported as bad (and skipped) instead of filling
/// memory.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The reader behind a streamed database: the bytes looked at first, then the rest.
pub type HeadThen<R> = BufReader<Chain<Cursor<Vec<u8>>, R>>;

/// A game database opened for reading.
#[derive(Debug)]
pub enum Database<R: Read> {
    /// PGN text, split into records as it is read.
    Records(Records<HeadThen<R>>),
    /// A format read whole (binary, UTF-16, CBF, DhtmlXQ): pass the bytes to
    /// [`crate::read_games`].
    Whole(Vec<u8>),
}

/// Opens a database for streaming: see the [module documentation](self).
///
/// # Examples
/// ```
/// use xiangqi_notation::stream::{Database, open_database};
/// use xiangqi_notation::Mode;
///
/// let pgn = "[Event \"a\"]\n1. h2e2 h9g7 1-0\n\n[Event \"b\"]\n1. h2e2 x9x9 0-1\n";
/// let Database::Records(records) = open_database(pgn.as_bytes())? else { unreachable!() };
/// let games: Vec<_> = records.map(|r| r.unwrap().read("db.pgn", Mode::Tolerant)).collect();
/// assert_eq!(games.len(), 2);
/// assert_eq!(games[0].as_ref().unwrap().moves.len(), 2);
/// let e = games[1].as_ref().unwrap_err();
/// assert_eq!((e.game, e.ply), (Some(2), Some(2)));
/// # Ok::<(), std::io::Error>(())
/// ```
pub fn open_database<R: Read>(mut reader: R) -> io::Result<Database<R>> {
    let mut head = Vec::with_capacity(HEAD.min(1 << 16));
    (&mut reader).take(HEAD as u64).read_to_end(&mut head)?;
    let binary =
        crate::xqf::is_xqf(&head) || crate::cbr::is_cbl(&head) || crate::cbr::is_cbr(&head);
    // Tell the encoding from whole lines only (a character may be cut at the end of the head).
    let cut = head
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(head.len(), |i| i + 1);
    let encoding = match crate::encoding::decode(&head[..cut]) {
        _ if binary => None,
        Ok((text, enc)) => {
            let whole = enc == TextEncoding::Utf16
                || text.contains("<ChineseChessRecord")
                || text.contains("[DhtmlXQ");
            (!whole).then_some(enc)
        }
        // Not text in any encoding we know: the whole-file reader says so.
        Err(_) => None,
    };
    match encoding {
        None => {
            reader.read_to_end(&mut head)?;
            Ok(Database::Whole(head))
        }
        Some(encoding) => Ok(Database::Records(Records {
            reader: BufReader::new(Cursor::new(head).chain(reader)),
            encoding,
            line: 0,
            next: None,
            index: 0,
        })),
    }
}

/// One game's text in a database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Its 1-based position in the database.
    pub index: usize,
    /// The line it starts on (1-based).
    pub line: usize,
    /// Its text, decoded; `Err` says why it could not be decoded or kept.
    pub text: Result<String, String>,
}

impl Record {
    /// Reads the record as a game. Errors name `source_name`, this record's game number, the
    /// ply and the token.
    pub fn read(&self, source_name: &str, mode: Mode) -> Result<Game, GameFileError> {
        let err = |kind| GameFileError {
            source_name: source_name.to_string(),
            game: Some(self.index),
            ply: None,
            kind,
        };
        let text = self.text.as_ref().map_err(|e| {
            err(GameFileErrorKind::Corrupt(format!(
                "line {}: {e}",
                self.line
            )))
        })?;
        let mut games = crate::pgn::read_games(text, source_name, mode).map_err(|mut e| {
            e.game = Some(self.index);
            if let GameFileErrorKind::Corrupt(m) = &mut e.kind {
                // Lines of the record → lines of the file.
                if let Some(rest) = m.strip_prefix("line ")
                    && let Some((n, msg)) = rest.split_once(':')
                    && let Ok(n) = n.parse::<usize>()
                {
                    *m = format!("line {}:{msg}", n + self.line - 1);
                }
            }
            e
        })?;
        match games.len() {
            1 => Ok(games.remove(0)),
            0 => Err(err(GameFileErrorKind::Corrupt(format!(
                "line {}: no moves or tags",
                self.line
            )))),
            n => Err(err(GameFileErrorKind::Corrupt(format!(
                "line {}: {n} games where one was expected",
                self.line
            )))),
        }
    }
}

/// The records of a PGN database, read line by line (see the [module documentation](self)).
/// Yields `Err` only for an I/O error, after which it ends.
#[derive(Debug)]
pub struct Records<R> {
    reader: R,
    encoding: TextEncoding,
    line: usize,
    /// The first line of the next record, read already.
    next: Option<(usize, Vec<u8>)>,
    index: usize,
}

/// What one line of PGN contributes to splitting.
#[derive(Default, Clone, Copy)]
struct Scan {
    in_comment: bool,
    movetext: bool,
}

impl Scan {
    /// Whether `line` (not inside a comment) is a tag line starting a new game after movetext.
    fn starts_game(&self, line: &[u8]) -> bool {
        !self.in_comment && self.movetext && line.trim_ascii_start().starts_with(b"[")
    }

    /// Follows comments and movetext through one line. Works on bytes: the ASCII marks it looks
    /// for are never part of a multi-byte character in UTF-8; in GB18030/Big5 a trail byte may
    /// look like `{` or `}`, which only decides where a game is cut, never what it holds.
    fn line(&mut self, line: &[u8]) {
        let t = line.trim_ascii();
        let t = t.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(t);
        if !self.in_comment && (t.starts_with(b"%") || (t.starts_with(b"[") && t.ends_with(b"]"))) {
            return;
        }
        for &c in t {
            match (self.in_comment, c) {
                (true, b'}') => self.in_comment = false,
                (true, _) => {}
                (false, b'{') => self.in_comment = true,
                (false, b';') => break,
                (false, c) if !c.is_ascii_whitespace() => self.movetext = true,
                _ => {}
            }
        }
    }
}

impl<R: BufRead> Records<R> {
    fn read_line(&mut self, buf: &mut Vec<u8>) -> io::Result<bool> {
        buf.clear();
        let n = self.reader.read_until(b'\n', buf)?;
        if n > 0 {
            self.line += 1;
        }
        Ok(n > 0)
    }

    fn decode(&self, bytes: &[u8]) -> Result<String, String> {
        let bytes = if self.index == 1 {
            bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
        } else {
            bytes
        };
        match self.encoding {
            TextEncoding::Utf8 => std::str::from_utf8(bytes)
                .map(str::to_string)
                .map_err(|e| format!("not UTF-8 text (byte {} of the game)", e.valid_up_to())),
            other => crate::encoding::decode_as(other, bytes)
                .ok_or_else(|| format!("not valid {} text", other.name())),
        }
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let mut buf = Vec::new();
        let (start, mut bytes) = match self.next.take() {
            Some(first) => first,
            None => loop {
                match self.read_line(&mut buf) {
                    Err(e) => return Some(Err(e)),
                    Ok(false) => return None,
                    // Blank lines and `%` lines between games belong to no game.
                    Ok(true) if buf.trim_ascii().is_empty() => continue,
                    Ok(true) => break (self.line, std::mem::take(&mut buf)),
                }
            },
        };
        self.index += 1;
        let mut scan = Scan::default();
        scan.line(&bytes);
        let mut too_long = false;
        loop {
            match self.read_line(&mut buf) {
                Err(e) => return Some(Err(e)),
                Ok(false) => break,
                Ok(true) if scan.starts_game(&buf) => {
                    self.next = Some((self.line, std::mem::take(&mut buf)));
                    break;
                }
                Ok(true) => {
                    scan.line(&buf);
                    if bytes.len() + buf.len() > MAX_RECORD_BYTES {
                        too_long = true;
                        bytes.clear();
                    } else if !too_long {
                        bytes.extend_from_slice(&buf);
                    }
                }
            }
        }
        let text = if too_long {
            Err(format!(
                "the game is longer than {} MB; not read",
                MAX_RECORD_BYTES >> 20
            ))
        } else {
            self.decode(&bytes)
        };
        Some(Ok(Record {
            index: self.index,
            line: start,
            text,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn records(text: &[u8]) -> Vec<Record> {
        match open_database(text).unwrap() {
            Database::Records(r) => r.map(Result::unwrap).collect(),
            Database::Whole(_) => panic!("read whole"),
        }
    }

    #[test]
    fn splits_like_split_games() {
        let pgn = "\u{feff}[Event \"1\"]\n[Red \"a\"]\n\n1. h2e2 {a comment\n[not a tag]} h9g7\n2. h0g2 1-0\n\n[Event \"2\"]\n1. c3c4\n\n\n[Event \"3\"]\n[Result \"*\"]\n";
        let r = records(pgn.as_bytes());
        assert_eq!(r.len(), 3);
        assert_eq!((r[0].index, r[0].line), (1, 1));
        assert_eq!((r[1].index, r[1].line), (2, 8));
        assert_eq!((r[2].index, r[2].line), (3, 12));
        let whole = crate::pgn::split_games(pgn.trim_start_matches('\u{feff}')).unwrap();
        assert_eq!(whole.len(), 3);
        for (rec, raw) in r.iter().zip(&whole) {
            let g = rec.read("t.pgn", Mode::Tolerant).unwrap();
            assert_eq!(g.moves.len(), raw.move_tokens().len());
        }
    }

    #[test]
    fn a_bad_game_is_its_own_error_with_file_lines() {
        let pgn = "[Event \"1\"]\n1. h2e2 h9g7\n\n[Event \"2\"]\n1. h2e2 {unterminated\n";
        let r = records(pgn.as_bytes());
        assert!(r[0].read("t.pgn", Mode::Tolerant).is_ok());
        let e = r[1].read("t.pgn", Mode::Tolerant).unwrap_err();
        assert_eq!(e.game, Some(2));
        assert!(e.to_string().contains("line 5"), "{e}");
    }

    #[test]
    fn binary_and_dhtmlxq_are_read_whole() {
        assert!(matches!(
            open_database(&b"[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\n"[..]).unwrap(),
            Database::Whole(_)
        ));
        assert!(matches!(
            open_database(&[0xffu8, 0xfe, 0, 0][..]).unwrap(),
            Database::Whole(_)
        ));
    }

    #[test]
    fn an_over_long_game_is_reported_not_kept() {
        let mut pgn = b"[Event \"1\"]\n".to_vec();
        let line = b"h2e2 h9g7 ".repeat(100);
        while pgn.len() <= MAX_RECORD_BYTES + 10_000 {
            pgn.extend_from_slice(&line);
            pgn.push(b'\n');
        }
        pgn.extend_from_slice(b"\n[Event \"2\"]\n1. h2e2\n");
        let r = records(&pgn);
        assert_eq!(r.len(), 2);
        assert!(r[0].text.as_ref().unwrap_err().contains("longer than"));
        assert!(r[1].read("t", Mode::Tolerant).is_ok());
    }
}
