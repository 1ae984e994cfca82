//! The game log: a header and the entries (moves and events) in the order they happened, stored
//! as PGN (moves, `{[%clk H:MM:SS]}` and `{[%xq …]}` comments, tags) or as JSON.

use serde::{Deserialize, Serialize};
use xiangqi_board::START_FEN;
use xiangqi_movegen::{Move, Position};
use xiangqi_notation::{Mode, pgn};

use crate::GameError;
use crate::entry::Entry;
use crate::time::{TimeControl, format_clock, parse_clock};

/// The board of an event a game is played on.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventBoard {
    /// The event file (as given when the game was created).
    pub file: String,
    /// Round number, 1-based.
    pub round: u32,
    /// Board number (台次), 1-based.
    pub board: u32,
}

/// What a game log starts with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Header {
    /// The ruleset (embedded id or path) whose edition rules the game.
    pub ruleset: String,
    /// The start position (FEN).
    pub fen: String,
    /// The time control, written as its `SPEC` (see [`TimeControl::parse`]).
    pub time_control: String,
    /// Red's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub red: String,
    /// Black's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub black: String,
    /// The event board, if the game belongs to one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<EventBoard>,
}

impl Header {
    /// A header for a game from the standard start under `ruleset` with `time_control`.
    pub fn new(ruleset: &str, time_control: &TimeControl) -> Header {
        Header {
            ruleset: ruleset.to_string(),
            fen: START_FEN.to_string(),
            time_control: time_control.spec(),
            red: String::new(),
            black: String::new(),
            event: None,
        }
    }
}

/// How a log is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum LogFormat {
    /// PGN with `[%clk]` and `[%xq]` comments.
    #[default]
    Pgn,
    /// JSON.
    Json,
}

impl LogFormat {
    /// The format for a file name: `.json` → JSON, anything else PGN.
    pub fn for_path(path: &std::path::Path) -> LogFormat {
        match path.extension().and_then(|e| e.to_str()) {
            Some(e) if e.eq_ignore_ascii_case("json") => LogFormat::Json,
            _ => LogFormat::Pgn,
        }
    }
}

/// The format version xq writes. Version 2 logs carry their own end (a PGN's entry count and
/// its termination line, a JSON object's closing line), so a cut file is refused; and their
/// entries are checked on reading as when they were entered (clocks that only fall, flags
/// against the running clock). Version 3 (issue 22) adds the rules' proposals and the arbiter's
/// answers ([`Entry::Propose`], [`Entry::Told`], [`Entry::Declare`], [`Entry::Undo`]): the
/// rules no longer end a game by themselves. Version 1 and 2 logs (written before) are read and
/// continued as before — their rulings take effect at once, and the new entries are refused.
pub const LOG_VERSION: u32 = 3;

/// A game log: header and entries. Parsing checks only the file's form (and, for a version 2
/// log, that it is whole); [`crate::Game::replay`] checks every entry against the rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// `"xq-game"`.
    pub format: String,
    /// `3` ([`LOG_VERSION`]) for a log xq writes now; `1` or `2` for one written before.
    pub version: u32,
    /// The header.
    pub header: Header,
    /// The entries in order.
    pub entries: Vec<Entry>,
    /// How the file is stored (not part of the JSON).
    #[serde(skip)]
    pub storage: LogFormat,
}

impl GameLog {
    /// An empty log ([`LOG_VERSION`]).
    pub fn new(header: Header, storage: LogFormat) -> GameLog {
        GameLog {
            format: "xq-game".into(),
            version: LOG_VERSION,
            header,
            entries: Vec::new(),
            storage,
        }
    }

    /// Reads a log from text: JSON when it starts with `{`, else PGN. A version 2 log must be
    /// whole: a file cut short (a lost entry, a lost last line) is refused with what is missing.
    /// Its final newline is not required (a file that lost only that has lost nothing; an
    /// editor may have dropped it).
    pub fn parse(text: &str) -> Result<GameLog, GameError> {
        if text.trim_start().starts_with('{') {
            let mut log: GameLog =
                serde_json::from_str(text).map_err(|e| GameError::File(format!("JSON: {e}")))?;
            if log.format != "xq-game" || !(1..=LOG_VERSION).contains(&log.version) {
                return Err(GameError::File(format!(
                    "not an xq game log (format \"xq-game\", version 1 to {LOG_VERSION})"
                )));
            }
            if log.version >= 2 && !text.trim_end_matches(['\n', '\r']).ends_with('}') {
                return Err(GameError::File(
                    "the log is cut short: it does not end with its closing `}` line".into(),
                ));
            }
            log.storage = LogFormat::Json;
            Ok(log)
        } else {
            read_pgn(text)
        }
    }

    /// The line of the file `text` (this log's text) that holds entry `index` (0-based): the
    /// line of its `[%clk …]` or `[%xq …]` comment in PGN, of its `"type"` in JSON; `None` for a
    /// PGN move without a clock reading.
    pub fn entry_line(&self, text: &str, index: usize) -> Option<usize> {
        let entry = self.entries.get(index)?;
        let off = self.off_line();
        let on_line = |i: usize| matches!(self.entries[i], Entry::Move { .. }) && !off[i];
        let (needle, nth) = match (self.storage, entry) {
            (LogFormat::Json, _) => ("\"type\": ", index),
            (LogFormat::Pgn, Entry::Move { clock: None, .. }) if on_line(index) => return None,
            (LogFormat::Pgn, Entry::Move { .. }) if on_line(index) => (
                "[%clk ",
                (0..index)
                    .filter(|&i| {
                        on_line(i) && matches!(self.entries[i], Entry::Move { clock: Some(_), .. })
                    })
                    .count(),
            ),
            (LogFormat::Pgn, _) => ("[%xq ", (0..index).filter(|&i| !on_line(i)).count()),
        };
        // strings in tokens and JSON are quoted with `[`, `"` escaped: the needle is only ever
        // an entry's own
        let (at, _) = text.match_indices(needle).nth(nth)?;
        Some(text[..at].matches('\n').count() + 1)
    }

    /// For each entry, whether it is a move an [`Entry::Undo`] took back: in PGN such a move is
    /// kept off the game's line (a `[%xq move …]` token), so that any PGN reader reads the moves
    /// in force.
    pub fn off_line(&self) -> Vec<bool> {
        let mut off = vec![false; self.entries.len()];
        for e in &self.entries {
            if let Entry::Undo { entry, .. } = e
                && let Some(i) = entry.checked_sub(1)
                && matches!(self.entries.get(i), Some(Entry::Move { .. }))
            {
                off[i] = true;
            }
        }
        off
    }

    /// The text of the log in its storage format; `result` is written as the PGN `Result`
    /// tag (derived, ignored when reading back).
    pub fn render(&self, result: Option<(&str, &str)>) -> String {
        match self.storage {
            LogFormat::Json => {
                let mut s = serde_json::to_string_pretty(self).expect("a log serializes");
                s.push('\n');
                s
            }
            LogFormat::Pgn => write_pgn(self, result),
        }
    }
}

fn write_pgn(log: &GameLog, result: Option<(&str, &str)>) -> String {
    let h = &log.header;
    let start = Position::from_fen(&h.fen).expect("a checked header");
    let mut game =
        xiangqi_notation::NotatedGame::new(start.clone(), xiangqi_notation::GameFormat::Pgn);
    if log.version >= 2 {
        // first, so that any cut of the file that keeps a tag keeps this one
        game.set_tag(VERSION_TAG, log.version.to_string());
    }
    game.set_tag("Game", "Chinese Chess");
    if !h.red.is_empty() {
        game.set_tag("Red", h.red.clone());
    }
    if !h.black.is_empty() {
        game.set_tag("Black", h.black.clone());
    }
    if let Some(ev) = &h.event {
        game.set_tag("XqEventFile", ev.file.clone());
        game.set_tag("Round", ev.round.to_string());
        game.set_tag("Board", ev.board.to_string());
    }
    game.set_tag("Ruleset", h.ruleset.clone());
    game.set_tag("XqTimeControl", h.time_control.clone());
    if log.version >= 2 {
        game.set_tag(COUNT_TAG, log.entries.len().to_string());
    }
    if let Some((res, reason)) = result {
        game.set_tag("Result", res);
        game.set_tag("XqResultReason", reason);
        game.result = Some(res.to_string());
    }
    let mut ply = 0usize;
    let mut pending: Vec<String> = Vec::new();
    let flush =
        |ply: usize, pending: &mut Vec<String>, game: &mut xiangqi_notation::NotatedGame| {
            if !pending.is_empty() {
                game.comments.push((ply, pending.join(" ")));
                pending.clear();
            }
        };
    let off = log.off_line();
    for (i, e) in log.entries.iter().enumerate() {
        match e {
            // a move taken back stays in the log, off the game's line
            Entry::Move { mv, clock } if off[i] => pending.push(format!(
                "[%xq move {mv} {}]",
                clock.map_or("-".to_string(), |c| format_clock(i64::from(c)))
            )),
            Entry::Move { mv, clock } => {
                flush(ply, &mut pending, &mut game);
                let m = Move::from_iccs(mv).expect("a checked move");
                game.moves.push(m);
                ply += 1;
                if let Some(c) = clock {
                    pending.push(format!("[%clk {}]", format_clock(i64::from(*c))));
                }
            }
            other => pending.push(format!("[%xq {}]", other.token().expect("not a move"))),
        }
    }
    flush(ply, &mut pending, &mut game);
    pgn::write_game(
        &game,
        pgn::WriteOptions::new(xiangqi_notation::Notation::Iccs),
    )
}

/// The `[%clk …]` reading and the `[%xq …]` events of one comment, in order.
fn parse_comment(c: &str) -> Result<(Option<u32>, Vec<Entry>), String> {
    let mut clock = None;
    let mut events = Vec::new();
    let mut rest = c;
    while let Some(i) = rest.find("[%") {
        let after = &rest[i + 2..];
        let end = after.find(']').ok_or("unclosed [% …")?;
        let body = &after[..end];
        if let Some(t) = body.strip_prefix("clk ") {
            clock = Some(parse_clock(t).ok_or(format!("bad clock reading {t}"))?);
        } else if let Some(t) = body.strip_prefix("xq ") {
            events.push(Entry::from_token(t)?);
        }
        rest = &after[end + 1..];
    }
    Ok((clock, events))
}

/// The PGN tag of a log's format version (absent: version 1).
const VERSION_TAG: &str = "XqLog";
/// The PGN tag of a version 2 (or later) log's entry count.
const COUNT_TAG: &str = "XqEntries";

fn read_pgn(text: &str) -> Result<GameLog, GameError> {
    let games = pgn::read_games(text, "game log", Mode::Tolerant)
        .map_err(|e| GameError::File(e.to_string()))?;
    let [game] = games.as_slice() else {
        return Err(GameError::File(format!(
            "a game log holds one game, found {}",
            games.len()
        )));
    };
    let tag = |t: &str| game.tag(t).map(str::to_string);
    let ruleset = tag("Ruleset").ok_or(GameError::File("no [Ruleset] tag".into()))?;
    let time_control =
        tag("XqTimeControl").ok_or(GameError::File("no [XqTimeControl] tag".into()))?;
    let event = match tag("XqEventFile") {
        Some(file) => {
            let n = |t: &str| -> Result<u32, GameError> {
                tag(t)
                    .and_then(|v| v.parse().ok())
                    .ok_or(GameError::File(format!(
                        "[{t}] tag missing or not a number"
                    )))
            };
            Some(EventBoard {
                file,
                round: n("Round")?,
                board: n("Board")?,
            })
        }
        None => None,
    };
    let header = Header {
        ruleset,
        fen: game.start.fen(),
        time_control,
        red: tag("Red").unwrap_or_default(),
        black: tag("Black").unwrap_or_default(),
        event,
    };
    let mut entries = Vec::new();
    let mut per_ply: Vec<Vec<&str>> = vec![Vec::new(); game.moves.len() + 1];
    for (p, c) in &game.comments {
        if let Some(v) = per_ply.get_mut(*p) {
            v.push(c);
        }
    }
    for (ply, comments) in per_ply.iter().enumerate() {
        let mut clock = None;
        let mut events = Vec::new();
        for c in comments {
            let (k, mut ev) = parse_comment(c)
                .map_err(|e| GameError::File(format!("comment after ply {ply}: {e}")))?;
            clock = clock.or(k);
            events.append(&mut ev);
        }
        if ply > 0 {
            entries.push(Entry::Move {
                mv: game.moves[ply - 1].iccs(),
                clock,
            });
        }
        entries.extend(events);
    }
    let version = match tag(VERSION_TAG) {
        None => 1,
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|v| (2..=LOG_VERSION).contains(v))
            .ok_or(GameError::File(format!(
                "[{VERSION_TAG} \"{v}\"]: this xq reads game log versions 1 to {LOG_VERSION}"
            )))?,
    };
    if version >= 2 {
        check_whole(text, game, entries.len())?;
    }
    Ok(GameLog {
        format: "xq-game".into(),
        version,
        header,
        entries,
        storage: LogFormat::Pgn,
    })
}

/// A version 2 PGN log is whole: its `[XqEntries]` count is the number of entries read, and
/// the file ends with the line that holds the game's termination marker (`*`, or the result
/// its `[Result]` tag records), with or without a final newline.
fn check_whole(
    text: &str,
    game: &xiangqi_notation::NotatedGame,
    entries: usize,
) -> Result<(), GameError> {
    let cut = |what: String| GameError::File(format!("the log is cut short: {what}"));
    let count = game
        .tag(COUNT_TAG)
        .ok_or_else(|| cut(format!("no [{COUNT_TAG}] tag")))?;
    if count.parse::<usize>().ok() != Some(entries) {
        return Err(cut(format!(
            "[{COUNT_TAG} \"{count}\"] but {entries} entries read"
        )));
    }
    let marker = game.tag("Result").unwrap_or("*");
    let last = text
        .trim_end_matches(['\n', '\r'])
        .rsplit('\n')
        .next()
        .and_then(|l| l.split_whitespace().last());
    if last != Some(marker) {
        return Err(cut(format!(
            "it does not end with the line `{marker}` (the end of the game's text)"
        )));
    }
    Ok(())
}
