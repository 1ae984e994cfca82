//! A game as read from a file, and [`read_games`], which detects the file format.

use xiangqi_movegen::{Move, Position};

use crate::{GameFileError, GameFileErrorKind, Mode};

/// The file format a game was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameFormat {
    /// PGN text (any notation, any supported encoding).
    Pgn,
    /// XQF binary (象棋演播室).
    Xqf,
    /// DhtmlXQ / UBB text block (东萍).
    DhtmlXq,
    /// CBF XML (象棋桥).
    Cbf,
    /// CBR binary single game (象棋桥).
    Cbr,
    /// CBL binary library (象棋桥).
    Cbl,
}

/// An alternative line: it replaces the move at index `ply` (0-based) of the line it belongs to
/// (the main line, or the variation holding it), starting from the position before that move.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Variation {
    /// Index in the parent line's moves of the move this line replaces.
    pub ply: usize,
    /// The moves of the line (as far as they could be resolved: see [`NotatedGame::dropped`]).
    pub moves: Vec<Move>,
    /// Alternatives within this line (nested variations, to any depth).
    pub variations: Vec<Variation>,
}

/// One game as a notation file records it (棋谱): tags, start position, main line, result, and
/// what the file had besides. Named apart from the live game log (`xiangqi_game::Game`) and the
/// replayed game the rules judge (`xiangqi_adjudication::GameRecord`).
///
/// # Examples
///
/// ```
/// use xiangqi_notation::{Mode, read_games};
///
/// let pgn = "[Event \"Demo\"]\n[Result \"1-0\"]\n1. 炮二平五 马8进7 2. 马二进三 1-0\n";
/// let games = read_games(pgn.as_bytes(), "demo.pgn", Mode::Tolerant)?;
/// let game = &games[0];
/// assert_eq!(game.tag("Event"), Some("Demo"));
/// assert_eq!(game.moves.len(), 3);
/// assert_eq!(game.result.as_deref(), Some("1-0"));
/// assert_eq!(game.moves[0].iccs(), "h2e2");
///
/// // An unreadable move names the file, the game, the ply and the token.
/// let bad = "1. 炮二平五 马8进7 2. 车一进九 *\n";
/// let err = read_games(bad.as_bytes(), "bad.pgn", Mode::Tolerant).unwrap_err();
/// assert!(err.to_string().contains("bad.pgn"), "{err}");
/// # Ok::<(), xiangqi_notation::GameFileError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotatedGame {
    /// Tag pairs in file order (PGN names; other formats are mapped to PGN names such as
    /// `Event`, `Red`, `Black`, `Date`, `Site`, `Result`).
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: Position,
    /// The main line.
    pub moves: Vec<Move>,
    /// The result (`1-0`, `0-1`, `1/2-1/2`, `*`) if the file gives one.
    pub result: Option<String>,
    /// Comments: (number of main-line plies played before it, text).
    pub comments: Vec<(usize, String)>,
    /// Alternative lines to the main line, each holding its own alternatives (the whole tree).
    pub variations: Vec<Variation>,
    /// What the reader could not read and left out, one line each (a variation's move that is
    /// illegal or not a move, and the rest of that line). Empty for a fully read game; in
    /// [`Mode::Strict`] such a game is an error instead.
    pub dropped: Vec<String>,
    /// Where the game came from.
    pub format: GameFormat,
}

impl NotatedGame {
    /// A game with no tags and no moves from `start`.
    pub fn new(start: Position, format: GameFormat) -> NotatedGame {
        NotatedGame {
            tags: Vec::new(),
            start,
            moves: Vec::new(),
            result: None,
            comments: Vec::new(),
            variations: Vec::new(),
            dropped: Vec::new(),
            format,
        }
    }

    /// The value of a tag (first occurrence, case-sensitive name).
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag, replacing an existing one of that name.
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(t) => t.1 = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }

    /// The position after the main line.
    pub fn end_position(&self) -> Position {
        let mut pos = self.start.clone();
        for &m in &self.moves {
            pos.play_unchecked(m);
        }
        pos
    }

    /// The positions before each main-line move, paired with the move.
    pub fn plies(&self) -> impl Iterator<Item = (Position, Move)> + '_ {
        let mut pos = self.start.clone();
        self.moves.iter().map(move |&m| {
            let before = pos.clone();
            pos.play_unchecked(m);
            (before, m)
        })
    }
}

/// Reads every game of a file, detecting the format: XQF, CBR and CBL by their magic bytes;
/// text in UTF-8, UTF-16 (BOM), GBK/GB18030 or Big5, then CBF (XML), DhtmlXQ or PGN (any
/// notation, detected per token unless a `[Format]` tag says).
///
/// Errors name the file (`source_name`), the game, the ply and the token.
pub fn read_games(
    bytes: &[u8],
    source_name: &str,
    mode: Mode,
) -> Result<Vec<NotatedGame>, GameFileError> {
    let err = |kind| GameFileError {
        source_name: source_name.to_string(),
        game: None,
        ply: None,
        kind,
    };
    if crate::xqf::is_xqf(bytes) {
        return crate::xqf::read(bytes, source_name).map(|g| vec![g]);
    }
    if crate::cbr::is_cbl(bytes) {
        return crate::cbr::read_cbl(bytes, source_name);
    }
    if crate::cbr::is_cbr(bytes) {
        return crate::cbr::read_cbr(bytes, source_name, 1).map(|g| vec![g]);
    }
    let (text, _) =
        crate::encoding::decode(bytes).map_err(|e| err(GameFileErrorKind::Encoding(e)))?;
    if text.contains("<ChineseChessRecord") {
        return crate::cbr::read_cbf(&text, source_name).map(|g| vec![g]);
    }
    if text.contains("[DhtmlXQ") {
        return crate::dhtmlxq::read(&text, source_name);
    }
    crate::pgn::read_games(&text, source_name, mode)
}
