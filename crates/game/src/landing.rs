//! Results that never go missing: the finished game logs of an event, found beside it and
//! landed on their boards before the event is read.
//!
//! A game's log is written before its event board (so that a crash between the two writes
//! leaves a finished log and an open board, never a result without its game). Every read of
//! the event — the desk's pages, `xq event result|pair|standings|export` — first calls
//! [`LogScan::land`], which finds the event's game logs, enters the result of each finished one
//! whose board is still open, and reports each one whose board holds another result as a
//! [`Conflict`] (both results named; the board is not changed).
//!
//! Where the logs are looked for: the desk's live console writes
//! `{event dir}/{event stem}-games/r{round}b{board}.pgn`; `xq game new --event` writes where it
//! is told, most often beside the event file. Both folders are read (not their subfolders);
//! a file is a log when its start names the format (`[XqTimeControl` in PGN, `"xq-game"` in
//! JSON) and its header's event board names this event file. What was read of each file is
//! kept while the file is unchanged (modification time and length), so a desk reading a folder
//! of a thousand logs parses each once.
//!
//! ```
//! # use xiangqi_rules_cn1987 as _;
//! use xiangqi_game::landing::LogScan;
//! let dir = tempfile::tempdir()?;
//! let event = dir.path().join("open.toml");
//! // no event file, no logs: nothing to land
//! let landing = LogScan::default().land(&event);
//! assert!(landing.landed.is_empty() && landing.conflicts.is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};
use std::time::SystemTime;

use xiangqi_event::{Event, Store};

use crate::Game;
use crate::store::{NotEntered, event_file};

/// A finished game log of an event board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedLog {
    /// The log file.
    pub log: PathBuf,
    /// Round number, 1-based.
    pub round: u32,
    /// Board number (台次), 1-based.
    pub board: u32,
    /// The result the log ended with, as the event file writes it (`1-0`, `0-1`, `=`, `+-`,
    /// `-+`).
    pub result: String,
}

/// A finished log whose board holds another result: both are shown, neither is changed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The log and its result.
    pub log: FinishedLog,
    /// What the board holds.
    pub board_result: String,
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "round {} board {}: the game log {} ended {}, the board holds {}",
            self.log.round,
            self.log.board,
            self.log.log.display(),
            self.log.result,
            self.board_result
        )
    }
}

/// What [`LogScan::land`] did.
#[derive(Debug, Default)]
pub struct Landing {
    /// Every finished log of the event, by round and board.
    pub finished: Vec<FinishedLog>,
    /// The results entered now: the log, and `xq game`'s line for it.
    pub landed: Vec<(FinishedLog, String)>,
    /// Finished logs whose board holds another result.
    pub conflicts: Vec<Conflict>,
    /// Results that could not be entered (the event file could not be written, or refused).
    pub failed: Vec<NotEntered>,
}

impl Landing {
    /// The finished log of round `round` board `board`, if there is one.
    pub fn log_of(&self, round: u32, board: u32) -> Option<&FinishedLog> {
        self.finished
            .iter()
            .find(|l| l.round == round && l.board == board)
    }
}

/// What was read of one file: the finished game it holds (its event file, resolved, and the
/// log), or `None` for a file that is no finished log of an event board.
type Seen = Option<(PathBuf, FinishedLog)>;

/// A file's stamp (modification time, length) and what was read of it then.
type Stamped = ((SystemTime, u64), Seen);

/// Which logs may be replayed: given the log's path and the ruleset its header names, whether
/// that ruleset may be loaded (a desk loads only embedded rulesets and files inside its folder;
/// a log that fails the guard is not landed).
pub type RulesetGuard = Box<dyn Fn(&Path, &str) -> bool + Send + Sync>;

/// The files read, each kept while its stamp (modification time, length) is unchanged.
#[derive(Default)]
pub struct LogScan {
    seen: Mutex<HashMap<PathBuf, Stamped>>,
    guard: Option<RulesetGuard>,
}

impl std::fmt::Debug for LogScan {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogScan")
            .field("files", &self.seen.lock().map_or(0, |s| s.len()))
            .field("guard", &self.guard.is_some())
            .finish()
    }
}

/// The folders an event's logs are looked for in: `{stem}-games/` beside the event file, and
/// the event file's own folder.
pub fn log_folders(event: &Path) -> Vec<PathBuf> {
    let dir = match event.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let stem = event
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    vec![dir.join(format!("{stem}-games")), dir]
}

/// Whether a file's start names the game log format.
fn is_log(path: &Path) -> bool {
    use std::io::Read as _;
    let lower = path.to_string_lossy().to_ascii_lowercase();
    if !(lower.ends_with(".pgn") || lower.ends_with(".json")) {
        return false;
    }
    let mut head = [0u8; 2048];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let head = String::from_utf8_lossy(&head[..n]);
    head.contains("[XqTimeControl") || head.contains("\"xq-game\"")
}

/// Reads one file: the finished log it holds, with its event file resolved. A log whose
/// ruleset the guard refuses is not replayed.
fn read_one(path: &Path, guard: Option<&RulesetGuard>) -> Seen {
    if !is_log(path) {
        return None;
    }
    if let Some(guard) = guard {
        let text = std::fs::read_to_string(path).ok()?;
        let log = crate::GameLog::parse(&text).ok()?;
        if !guard(path, &log.header.ruleset) {
            return None;
        }
    }
    let game = Store::<Game>::new(path).read().ok()?;
    let board = game.log().header.event.clone()?;
    let result = game.state().result.as_ref()?.event_result().to_string();
    // beside the log first (the desk's logs record `../{event}`), then as `xq game` finds it
    let beside = path
        .parent()
        .map(|d| d.join(&board.file))
        .filter(|p| Path::new(&board.file).is_relative() && p.is_file());
    let event = beside.unwrap_or_else(|| event_file(path, &board.file));
    let event = event.canonicalize().unwrap_or(event);
    Some((
        event,
        FinishedLog {
            log: path.to_path_buf(),
            round: board.round,
            board: board.board,
            result,
        },
    ))
}

/// Whether two result texts mean the same result (`1:0` and `1-0`).
pub fn same_result(a: &str, b: &str) -> bool {
    use xiangqi_event::result_words::match_result;
    a.trim() == b.trim() || matches!((match_result(a), match_result(b)), (Ok(x), Ok(y)) if x == y)
}

impl LogScan {
    /// A scan that replays only the logs whose ruleset `guard` allows.
    pub fn guarded(guard: RulesetGuard) -> LogScan {
        LogScan {
            seen: Mutex::default(),
            guard: Some(guard),
        }
    }

    /// The finished logs of `event` (see the [module](self)).
    pub fn finished(&self, event: &Path) -> Vec<FinishedLog> {
        let target = event.canonicalize().unwrap_or_else(|_| event.to_path_buf());
        let mut out = Vec::new();
        let mut seen = self.seen.lock().unwrap_or_else(PoisonError::into_inner);
        for dir in log_folders(event) {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for e in entries.flatten() {
                // `./g.pgn` as `g.pgn`: the log as the user names it
                let path = e.path();
                let path = path
                    .strip_prefix(".")
                    .map_or_else(|_| path.clone(), Path::to_path_buf);
                let Ok(meta) = std::fs::metadata(&path) else {
                    continue;
                };
                if !meta.is_file() {
                    continue;
                }
                let stamp = (
                    meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                    meta.len(),
                );
                let got = match seen.get(&path) {
                    Some((s, got)) if *s == stamp => got.clone(),
                    _ => {
                        let got = read_one(&path, self.guard.as_ref());
                        seen.insert(path.clone(), (stamp, got.clone()));
                        got
                    }
                };
                if let Some((ev, log)) = got
                    && ev == target
                {
                    out.push(log);
                }
            }
        }
        out.sort_by(|a, b| (a.round, a.board, &a.log).cmp(&(b.round, b.board, &b.log)));
        out.dedup_by(|a, b| a.log == b.log);
        out
    }

    /// Lands every finished log of `event` whose board holds no result, and reports those
    /// whose board holds another one. An event file that cannot be read lands nothing (its
    /// reader reports why).
    pub fn land(&self, event: &Path) -> Landing {
        let finished = self.finished(event);
        if finished.is_empty() {
            return Landing::default();
        }
        match Store::<Event>::new(event).read() {
            Ok(ev) => land_finished(event, &ev, finished),
            Err(_) => Landing {
                finished,
                ..Landing::default()
            },
        }
    }

    /// [`LogScan::land`] against `ev`, the event as the caller last read it from `event` (a
    /// reader that keeps the event in memory reads it again only when something landed).
    pub fn land_on(&self, event: &Path, ev: &Event) -> Landing {
        let finished = self.finished(event);
        land_finished(event, ev, finished)
    }
}

/// Lands `finished` on the boards of `ev` (read from `event`) that hold no result.
fn land_finished(event: &Path, ev: &Event, finished: Vec<FinishedLog>) -> Landing {
    let mut landing = Landing {
        finished,
        ..Landing::default()
    };
    for log in &landing.finished {
        let Some(b) = ev
            .paired
            .get(log.round.wrapping_sub(1) as usize)
            .and_then(|r| r.boards.get(log.board.wrapping_sub(1) as usize))
        else {
            continue;
        };
        match &b.result {
            Some(held) if same_result(held, &log.result) => {}
            Some(held) => landing.conflicts.push(Conflict {
                log: log.clone(),
                board_result: held.clone(),
            }),
            None => match crate::store::land(&log.log, |_| event.to_path_buf()) {
                Ok(Some(line)) => landing.landed.push((log.clone(), line)),
                Ok(None) => {}
                Err(e) => landing.failed.push(e),
            },
        }
    }
    landing
}
