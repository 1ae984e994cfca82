//! Reading a game database as a stream of records, in bounded memory, whatever its size.
//!
//! [`open_database`] looks at the start of the input: a binary format (XQF, CBR, CBL), UTF-16, a
//! CBF (XML) or DhtmlXQ text is read whole ([`Database::Whole`]: those files hold one game or a
//! small library); PGN text in UTF-8, GB18030 or Big5 is split into one [`Record`] per game
//! ([`Database::Records`]) line by line, so a 200 MB database needs a few megabytes at a time.
//! Each record is then read on its own ([`Record::read`]), so one bad game does not stop the
//! others.
//!
//! Each record's encoding is decided on its own ([`crate::encoding::decode_record`]): one stray
//! byte, or one GB18030 game pasted into a UTF-8 file, makes that record an error (or reads it
//! in its own encoding) and never refuses the others.
//!
//! [`DatabaseIndex`] keeps where each record starts (found by a scan that neither keeps nor
//! decodes text), so that game `n` of a large file is read without parsing the others, and
//! [`read_nth_game`] reads one game in bounded memory.
//!
//! A new record starts at a tag line (`[Tag "…"]`) that follows movetext (or a result) of the
//! previous one, outside a `{…}` comment — the rule of [`crate::pgn::split_games`]. Splitting
//! lines at `\n` is safe in all three encodings (no GB18030 or Big5 byte after the first of a
//! character is `0x0A`).

use std::io::{self, BufRead, BufReader, Chain, Cursor, Read, Seek, SeekFrom};

use crate::encoding::TextEncoding;
use crate::{GameFileError, GameFileErrorKind, Mode, NotatedGame};

/// How much of the input is looked at to tell its format and encoding.
const HEAD: usize = 1 << 20;

/// The largest record kept: a longer one is reported as bad (and skipped) instead of filling
/// memory.
pub const MAX_RECORD_BYTES: usize = 16 << 20;

/// The most read at once from one line: a longer line is read in pieces.
const MAX_LINE_CHUNK: usize = 1 << 20;

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
    match text_encoding(&head) {
        None => {
            reader.read_to_end(&mut head)?;
            Ok(Database::Whole(head))
        }
        Some(encoding) => Ok(Database::Records(Records {
            reader: BufReader::new(Cursor::new(head).chain(reader)),
            encoding,
            line: 0,
            offset: 0,
            mid_line: false,
            line_start: true,
            next: None,
            index: 0,
        })),
    }
}

/// The file's encoding if `head` (its start) is PGN text read record by record; `None` for a
/// format read whole (binary, UTF-16, CBF, DhtmlXQ, or not text at all).
///
/// Text that no single encoding decodes (a stray byte, one game in another encoding) is still
/// PGN text: the guess is then only the hint each record's own decoding starts from.
fn text_encoding(head: &[u8]) -> Option<TextEncoding> {
    let binary = crate::xqf::is_xqf(head) || crate::cbr::is_cbl(head) || crate::cbr::is_cbr(head);
    if binary {
        return None;
    }
    // Tell the encoding from whole lines only (a character may be cut at the end of the head).
    let cut = head
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(head.len(), |i| i + 1);
    match crate::encoding::decode(&head[..cut]) {
        Ok((text, enc)) => {
            let whole = enc == TextEncoding::Utf16
                || text.contains("<ChineseChessRecord")
                || text.contains("[DhtmlXQ");
            (!whole).then_some(enc)
        }
        // NUL bytes: not text in any encoding we know; the whole-file reader says so.
        Err(_) if head.contains(&0) => None,
        Err(_) => {
            // The markers are ASCII, whatever the encoding around them.
            let lossy = String::from_utf8_lossy(head);
            let whole = lossy.contains("<ChineseChessRecord") || lossy.contains("[DhtmlXQ");
            (!whole).then_some(TextEncoding::Utf8)
        }
    }
}

/// Where a record is in its file: enough to read it again without reading the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Span {
    /// Its 1-based position in the database.
    pub index: usize,
    /// The line it starts on (1-based).
    pub line: usize,
    /// The byte offset of its first line in the file.
    pub offset: u64,
    /// Its length in bytes (up to the next record's first line).
    pub len: u64,
}

/// Decodes a record's bytes on their own (see [`crate::encoding::decode_record`]); the first
/// record loses a byte-order mark. Errors name the file's line and column.
fn decode_span(span: &Span, bytes: &[u8], hint: TextEncoding) -> Result<String, String> {
    let bytes = if span.index == 1 {
        bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes)
    } else {
        bytes
    };
    crate::encoding::decode_record(bytes, hint)
        .map(|(text, _)| text)
        .map_err(|e| {
            // Lines of the record → lines of the file.
            match e
                .strip_prefix("line ")
                .and_then(|rest| rest.split_once(','))
                .and_then(|(n, rest)| Some((n.parse::<usize>().ok()?, rest)))
            {
                Some((n, rest)) => format!("line {},{rest}", n + span.line - 1),
                None => e,
            }
        })
}

fn too_long() -> String {
    format!(
        "the game is longer than {} MB; not read",
        MAX_RECORD_BYTES >> 20
    )
}

/// One game's text in a database.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Its 1-based position in the database.
    pub index: usize,
    /// The line it starts on (1-based).
    pub line: usize,
    /// Its text, decoded; `Err` says why it could not be decoded or kept (one line, naming
    /// the file's line and column where it can).
    pub text: Result<String, String>,
    /// Where it is in the file (offset and length in bytes).
    pub span: Span,
}

impl Record {
    /// Reads the record as a game. Errors name `source_name`, this record's game number, the
    /// line and column or the ply and the token.
    pub fn read(&self, source_name: &str, mode: Mode) -> Result<NotatedGame, GameFileError> {
        self.read_with(source_name, mode, true)
    }

    /// [`Record::read`] of the main line only: the variations are checked but not kept (see
    /// [`crate::pgn::split_games_main_line`]), so the memory taken is the main line's.
    pub fn read_main_line(
        &self,
        source_name: &str,
        mode: Mode,
    ) -> Result<NotatedGame, GameFileError> {
        self.read_with(source_name, mode, false)
    }

    fn read_with(
        &self,
        source_name: &str,
        mode: Mode,
        keep_variations: bool,
    ) -> Result<NotatedGame, GameFileError> {
        let err = |kind| GameFileError {
            source_name: source_name.to_string(),
            game: Some(self.index),
            ply: None,
            kind,
        };
        let text = self.text.as_ref().map_err(|e| {
            err(if e.contains("not UTF-8") {
                GameFileErrorKind::Encoding(e.clone())
            } else if e.starts_with("line ") {
                GameFileErrorKind::Corrupt(e.clone())
            } else {
                GameFileErrorKind::Corrupt(format!("line {}: {e}", self.line))
            })
        })?;
        let read = if keep_variations {
            crate::pgn::read_games_from_line
        } else {
            crate::pgn::read_main_lines_from_line
        };
        let mut games = read(text, source_name, mode, self.line).map_err(|mut e| {
            e.game = Some(self.index);
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
    /// Bytes read so far.
    offset: u64,
    /// The last piece read ended inside a line (a line longer than [`MAX_LINE_CHUNK`]).
    mid_line: bool,
    /// The last piece read began a line.
    line_start: bool,
    /// The first line of the next record, read already: its line, offset and bytes.
    next: Option<(usize, u64, Vec<u8>)>,
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
    /// Reads the next line, or the next [`MAX_LINE_CHUNK`] bytes of a longer one (so that a
    /// file of one huge line is not read into memory at once). `line_start` says whether it
    /// begins a line.
    fn read_line(&mut self, buf: &mut Vec<u8>) -> io::Result<bool> {
        buf.clear();
        let n = (&mut self.reader)
            .take(MAX_LINE_CHUNK as u64)
            .read_until(b'\n', buf)?;
        self.line_start = !self.mid_line;
        if n > 0 {
            if self.line_start {
                self.line += 1;
            }
            self.mid_line = !buf.ends_with(b"\n");
            self.offset += n as u64;
        }
        Ok(n > 0)
    }

    /// The encoding guessed for the file from its start: each record is decoded on its own,
    /// starting from this guess.
    pub fn encoding(&self) -> TextEncoding {
        self.encoding
    }

    /// Finds the next record; with `keep`, also its bytes (up to [`MAX_RECORD_BYTES`]; `None`
    /// past that).
    fn next_raw(&mut self, keep: bool) -> Option<io::Result<(Span, Option<Vec<u8>>)>> {
        let mut buf = Vec::new();
        let (start, offset, mut bytes) = match self.next.take() {
            Some(first) => first,
            None => loop {
                let before = self.offset;
                match self.read_line(&mut buf) {
                    Err(e) => return Some(Err(e)),
                    Ok(false) => return None,
                    // Blank lines and `%` lines between games belong to no game.
                    Ok(true) if buf.trim_ascii().is_empty() => continue,
                    Ok(true) => break (self.line, before, std::mem::take(&mut buf)),
                }
            },
        };
        self.index += 1;
        let mut scan = Scan::default();
        scan.line(&bytes);
        let mut too_long = !keep;
        if !keep {
            bytes = Vec::new();
        }
        let end = loop {
            let before = self.offset;
            match self.read_line(&mut buf) {
                Err(e) => return Some(Err(e)),
                Ok(false) => break self.offset,
                Ok(true) if self.line_start && scan.starts_game(&buf) => {
                    self.next = Some((self.line, before, std::mem::take(&mut buf)));
                    break before;
                }
                Ok(true) => {
                    scan.line(&buf);
                    if too_long {
                        continue;
                    }
                    if bytes.len() + buf.len() > MAX_RECORD_BYTES {
                        too_long = true;
                        bytes = Vec::new();
                    } else {
                        bytes.extend_from_slice(&buf);
                    }
                }
            }
        };
        let span = Span {
            index: self.index,
            line: start,
            offset,
            len: end - offset,
        };
        Some(Ok((span, (!too_long).then_some(bytes))))
    }

    /// The next record's place, without keeping or decoding its text: a cheap scan (for an
    /// index, or to skip to a record).
    pub fn next_span(&mut self) -> Option<io::Result<Span>> {
        self.next_raw(false).map(|r| r.map(|(span, _)| span))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = io::Result<Record>;

    fn next(&mut self) -> Option<io::Result<Record>> {
        let (span, bytes) = match self.next_raw(true)? {
            Ok(r) => r,
            Err(e) => return Some(Err(e)),
        };
        let text = match bytes {
            None => Err(too_long()),
            Some(bytes) => decode_span(&span, &bytes, self.encoding),
        };
        Some(Ok(Record {
            index: span.index,
            line: span.line,
            text,
            span,
        }))
    }
}

/// Where every game of a PGN database starts, found by one scan that neither keeps nor decodes
/// text (a few dozen bytes a game); with it game `n` is read from the file alone
/// ([`DatabaseIndex::record`]). Keep it while the file is unchanged (same length and
/// modification time): a changed file needs a new index.
///
/// # Examples
/// ```
/// use std::io::Cursor;
/// use xiangqi_notation::stream::DatabaseIndex;
/// use xiangqi_notation::Mode;
///
/// let pgn = "[Event \"a\"]\n1. h2e2 h9g7 1-0\n\n[Event \"b\"]\n1. c3c4 *\n";
/// let index = DatabaseIndex::build(pgn.as_bytes())?.expect("PGN text");
/// assert_eq!(index.len(), 2);
/// let second = index.record(&mut Cursor::new(pgn), 2)?.expect("a second game");
/// let game = second.read("db.pgn", Mode::Tolerant).unwrap();
/// assert_eq!((game.tag("Event"), game.moves.len()), (Some("b"), 1));
/// # Ok::<(), std::io::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseIndex {
    spans: Vec<Span>,
    encoding: TextEncoding,
}

impl DatabaseIndex {
    /// Scans a database: `None` when it is not PGN text (a format read whole: binary, UTF-16,
    /// CBF, DhtmlXQ).
    pub fn build<R: Read>(reader: R) -> io::Result<Option<DatabaseIndex>> {
        let mut reader = reader;
        let mut head = Vec::with_capacity(HEAD.min(1 << 16));
        (&mut reader).take(HEAD as u64).read_to_end(&mut head)?;
        let Some(encoding) = text_encoding(&head) else {
            return Ok(None);
        };
        let mut records = Records {
            reader: BufReader::new(Cursor::new(head).chain(reader)),
            encoding,
            line: 0,
            offset: 0,
            mid_line: false,
            line_start: true,
            next: None,
            index: 0,
        };
        let mut spans = Vec::new();
        while let Some(span) = records.next_span() {
            spans.push(span?);
        }
        Ok(Some(DatabaseIndex { spans, encoding }))
    }

    /// The number of records (games).
    pub fn len(&self) -> usize {
        self.spans.len()
    }

    /// Whether the database holds no record.
    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// Where each record is.
    pub fn spans(&self) -> &[Span] {
        &self.spans
    }

    /// Reads record `n` (1-based) from `file`, the file the index was built from; `None` past
    /// the last. Reads that record's bytes only.
    pub fn record<F: Read + Seek>(&self, file: &mut F, n: usize) -> io::Result<Option<Record>> {
        let Some(span) = n.checked_sub(1).and_then(|i| self.spans.get(i)).copied() else {
            return Ok(None);
        };
        let text = if span.len > MAX_RECORD_BYTES as u64 {
            Err(too_long())
        } else {
            file.seek(SeekFrom::Start(span.offset))?;
            let mut bytes = Vec::with_capacity(span.len as usize);
            file.take(span.len).read_to_end(&mut bytes)?;
            if bytes.len() as u64 != span.len {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    "the file is shorter than when it was indexed",
                ));
            }
            decode_span(&span, &bytes, self.encoding)
        };
        Ok(Some(Record {
            index: span.index,
            line: span.line,
            text,
            span,
        }))
    }
}

/// Game `n` of a database, or how many games it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NthGame {
    /// The game.
    Found(Box<NotatedGame>),
    /// The database holds fewer games.
    Missing {
        /// How many it holds.
        count: usize,
    },
}

/// Reads game `n` (1-based) of a database in bounded memory: PGN text is scanned record by
/// record without keeping or decoding the records before `n` (those after it are only counted
/// when `n` is missing); other formats are read whole. Errors name `source_name`, the game,
/// and the line and column or the ply and token.
///
/// # Examples
/// ```
/// use xiangqi_notation::stream::{NthGame, read_nth_game};
/// use xiangqi_notation::Mode;
///
/// let pgn = "[Event \"a\"]\n1. h2e2 x9x9 1-0\n\n[Event \"b\"]\n1. c3c4 *\n";
/// let NthGame::Found(g) = read_nth_game(pgn.as_bytes(), "db.pgn", 2, Mode::Tolerant)? else {
///     unreachable!()
/// };
/// assert_eq!(g.tag("Event"), Some("b"));
/// assert_eq!(
///     read_nth_game(pgn.as_bytes(), "db.pgn", 3, Mode::Tolerant)?,
///     NthGame::Missing { count: 2 }
/// );
/// # Ok::<(), xiangqi_notation::GameFileError>(())
/// ```
pub fn read_nth_game<R: Read>(
    reader: R,
    source_name: &str,
    n: usize,
    mode: Mode,
) -> Result<NthGame, GameFileError> {
    let io_err = |e: io::Error| GameFileError {
        source_name: source_name.to_string(),
        game: None,
        ply: None,
        kind: GameFileErrorKind::Io(e.to_string()),
    };
    let mut records = match open_database(reader).map_err(io_err)? {
        Database::Whole(bytes) => {
            let mut games = crate::read_games(&bytes, source_name, mode)?;
            let count = games.len();
            return Ok(match n.checked_sub(1).filter(|&i| i < count) {
                Some(i) => NthGame::Found(Box::new(games.swap_remove(i))),
                None => NthGame::Missing { count },
            });
        }
        Database::Records(records) => records,
    };
    let mut count = 0;
    while count + 1 < n {
        match records.next_span() {
            None => return Ok(NthGame::Missing { count }),
            Some(span) => {
                span.map_err(io_err)?;
                count += 1;
            }
        }
    }
    if n == 0 {
        while let Some(span) = records.next_span() {
            span.map_err(io_err)?;
            count += 1;
        }
        return Ok(NthGame::Missing { count });
    }
    match records.next() {
        None => Ok(NthGame::Missing { count }),
        Some(record) => {
            let record = record.map_err(io_err)?;
            record
                .read(source_name, mode)
                .map(|g| NthGame::Found(Box::new(g)))
        }
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

    #[test]
    fn one_mis_encoded_game_is_one_error_and_the_rest_are_read() {
        // In the first megabyte: a stray byte in game 2, a GB18030 game 3, UTF-8 around them.
        let mut pgn = "[Red \"许银川\"]\n1. 炮二平五 马８进７ 1-0\n\n"
            .as_bytes()
            .to_vec();
        pgn.extend_from_slice(b"[Red \"x\"]\n1. h2e2 \xff h9g7 0-1\n\n");
        #[cfg(feature = "encoding")]
        pgn.extend_from_slice(
            &encoding_rs::GB18030
                .encode("[Red \"吕钦\"]\n1. 炮二平五 马８进７ 1/2-1/2\n\n")
                .0,
        );
        pgn.extend_from_slice("[Red \"胡荣华\"]\n1. 兵七进一 *\n".as_bytes());
        let r = records(&pgn);
        let games: Vec<_> = r
            .iter()
            .map(|r| r.read("mixed.pgn", Mode::Tolerant))
            .collect();
        assert_eq!(games.len(), if cfg!(feature = "encoding") { 4 } else { 3 });
        assert_eq!(games[0].as_ref().unwrap().tag("Red"), Some("许银川"));
        let e = games[1].as_ref().unwrap_err();
        assert_eq!(e.game, Some(2));
        let msg = e.to_string();
        assert!(
            msg.contains("mixed.pgn, game 2") && msg.contains("line 5, column 9"),
            "{msg}"
        );
        #[cfg(feature = "encoding")]
        assert_eq!(games[2].as_ref().unwrap().tag("Red"), Some("吕钦"));
        assert_eq!(
            games.last().unwrap().as_ref().unwrap().tag("Red"),
            Some("胡荣华")
        );
    }

    #[test]
    fn the_index_reads_any_game_alone_with_the_same_result() {
        let pgn = "\u{feff}[Event \"1\"]\n1. h2e2 h9g7 1-0\n\n% a comment line\n[Event \"2\"]\n1. c3c4 {x\n[y]} *\n\n[Event \"3\"]\n1. h2e2 x9x9\n";
        let index = DatabaseIndex::build(pgn.as_bytes()).unwrap().unwrap();
        let streamed = records(pgn.as_bytes());
        assert_eq!(index.len(), streamed.len());
        let mut file = Cursor::new(pgn.as_bytes());
        for (i, rec) in streamed.iter().enumerate() {
            let again = index.record(&mut file, i + 1).unwrap().unwrap();
            assert_eq!(&again, rec);
            assert_eq!(index.spans()[i], rec.span);
        }
        // the spans cover the file from the first record on
        let last = index.spans().last().unwrap();
        assert_eq!((last.offset + last.len) as usize, pgn.len());
        assert_eq!(index.record(&mut file, 4).unwrap(), None);
        assert_eq!(index.record(&mut file, 0).unwrap(), None);
        for n in 1..=3 {
            let nth = read_nth_game(pgn.as_bytes(), "t.pgn", n, Mode::Tolerant);
            match (nth, streamed[n - 1].read("t.pgn", Mode::Tolerant)) {
                (Ok(NthGame::Found(g)), Ok(h)) => assert_eq!(*g, h),
                (Err(e), Err(f)) => assert_eq!(e, f),
                (a, b) => panic!("{a:?} / {b:?}"),
            }
        }
        assert_eq!(
            read_nth_game(pgn.as_bytes(), "t.pgn", 9, Mode::Tolerant),
            Ok(NthGame::Missing { count: 3 })
        );
        assert_eq!(
            read_nth_game(pgn.as_bytes(), "t.pgn", 0, Mode::Tolerant),
            Ok(NthGame::Missing { count: 3 })
        );
        // a format read whole has no index
        assert_eq!(
            DatabaseIndex::build(&[0xffu8, 0xfe, 0, 0][..]).unwrap(),
            None
        );
    }

    #[test]
    fn a_huge_line_is_read_in_pieces_and_refused_as_too_long() {
        let mut pgn = b"[Event \"1\"]\n".to_vec();
        pgn.extend(b"h2e2 h9g7 h7h0 ".repeat(MAX_RECORD_BYTES / 10));
        pgn.extend_from_slice(b"\n\n[Event \"2\"]\n1. h2e2 *\n");
        let r = records(&pgn);
        assert_eq!(r.len(), 2);
        assert!(r[0].text.as_ref().unwrap_err().contains("longer than"));
        assert_eq!((r[1].line, r[1].index), (4, 2));
        assert!(r[1].read("t", Mode::Tolerant).is_ok());
    }
}
