//! The game files of the served folder and the cache of the last files read.

use super::*;

/// Whether a file name looks like a game file the viewer opens.
pub(super) fn is_game_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".pgn", ".xqf", ".cbr", ".cbl", ".cbf", ".json"]
        .iter()
        .any(|e| lower.ends_with(e))
        && !name.starts_with('.')
}

/// Whether a file of the folder is a game record the viewer opens, by its name and its
/// content: an `xq game` JSON log; a binary format (XQF, CBR, CBL, CBF) by its name; a PGN
/// file whose text starts (after blank lines, `%` escapes and a byte-order mark) with a tag
/// `[`, a comment `{` or `;`, a move number or a variation. Anything else is not opened, so that
/// no other file's text is ever shown in a reader's message.
pub(super) fn is_game_record(path: &Path, name: &str) -> bool {
    use std::io::Read as _;
    if !is_game_name(name) {
        return false;
    }
    let lower = name.to_ascii_lowercase();
    if lower.ends_with(".json") {
        return is_game_log(path);
    }
    if !lower.ends_with(".pgn") {
        return true;
    }
    let mut head = [0u8; 4096];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    let head = &head[..n];
    let head = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
    let mut lines = head.split(|&b| b == b'\n');
    let first = lines.find_map(|l| {
        let t = l.trim_ascii_start();
        (!t.is_empty() && !t.starts_with(b"%")).then_some(t)
    });
    first.is_some_and(|t| matches!(t[0], b'[' | b'{' | b';' | b'(' | b'0'..=b'9'))
}

/// A game file of the served folder, for the events list.
pub(crate) struct GameFile {
    /// Its path relative to the folder (for `/g/…`).
    pub(crate) name: String,
    /// The link (`/g/…`, percent-encoded).
    pub(crate) href: String,
}

/// The game files of the served folder (not its subfolders), sorted by name; a `.json` file
/// only when it is an `xq game` log.
pub(crate) fn game_files(desk: &Desk) -> Vec<GameFile> {
    let root = game_root(desk);
    let mut out: Vec<GameFile> = std::fs::read_dir(&root)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            if !is_game_name(&name) || resolve(&root, &name).is_none() {
                return None;
            }
            if name.to_ascii_lowercase().ends_with(".json") && !is_game_log(&path) {
                return None;
            }
            Some(GameFile {
                href: format!("/g/{}", encode(&name, true)),
                name,
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

/// Whether a JSON file is an `xq game` log (its start names the format).
pub(super) fn is_game_log(path: &Path) -> bool {
    use std::io::Read as _;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).contains("\"xq-game\"")
}

pub use super::budget::PARSE_BYTES_PER_BYTE;
pub(crate) use super::budget::{PARSE_WAIT, ParseBudget, VIEW_BYTES_PER_PLY};

/// How many files' game indexes the desk keeps (the files read last).
pub(super) const INDEXES_KEPT: usize = 8;

/// How many games read whole the desk keeps (the games shown last), shared by the requests
/// that show them.
pub(super) const GAMES_KEPT: usize = 4;

/// A game (or all the games of a file read whole) as read once for every request that shows
/// it: the reader's message when it refused.
type Reading = Result<Arc<Vec<xiangqi::notation::NotatedGame>>, String>;

/// What a reading is of: the file (path, modification time and length) and the game (`None`:
/// the whole file).
type ReadingKey = (PathBuf, (SystemTime, u64), Option<usize>);

/// The game indexes of the PGN files read last, each kept while its file is unchanged (same
/// modification time and length): a page of a large database reads and parses only the games
/// it shows (one game, or a list page's tags), never the whole file. And the games read last,
/// each read once however many requests show it at once (the first reads, the others wait for
/// its reading and share it), within the [`ParseBudget`].
#[derive(Debug)]
pub(crate) struct GameCache {
    pub(super) indexes: Mutex<Vec<CachedIndex>>,
    readings: Mutex<Vec<(ReadingKey, Arc<std::sync::OnceLock<Reading>>)>>,
    pub(crate) budget: ParseBudget,
    /// The game pages being read and judged at once: at most one per core.
    pub(super) views: tokio::sync::Semaphore,
}

impl Default for GameCache {
    fn default() -> GameCache {
        GameCache {
            indexes: Mutex::default(),
            readings: Mutex::default(),
            budget: ParseBudget::default(),
            views: tokio::sync::Semaphore::new(
                std::thread::available_parallelism().map_or(2, |n| n.get().clamp(2, 16)),
            ),
        }
    }
}

/// Where a file's games start, as scanned.
#[derive(Debug)]
pub(super) struct CachedIndex {
    pub(super) path: PathBuf,
    pub(super) stamp: (SystemTime, u64),
    pub(super) index: Arc<DatabaseIndex>,
}

impl GameCache {
    /// A cache whose readings share a budget of `parse_memory` bytes.
    pub(crate) fn new(parse_memory: u64) -> GameCache {
        GameCache {
            budget: ParseBudget::new(parse_memory),
            ..GameCache::default()
        }
    }

    /// The index of `path` if it was built from the file as it is now.
    fn get(&self, path: &Path, stamp: (SystemTime, u64)) -> Option<Arc<DatabaseIndex>> {
        let mut held = self.indexes.lock().ok()?;
        let at = held
            .iter()
            .position(|c| c.path == path && c.stamp == stamp)?;
        // most recently used last
        let c = held.remove(at);
        let index = Arc::clone(&c.index);
        held.push(c);
        Some(index)
    }

    /// Keeps the index built from `path`, forgetting the least recently used beyond
    /// [`INDEXES_KEPT`].
    fn put(&self, path: PathBuf, stamp: (SystemTime, u64), index: Arc<DatabaseIndex>) {
        if let Ok(mut held) = self.indexes.lock() {
            held.retain(|c| c.path != path);
            held.push(CachedIndex { path, stamp, index });
            let extra = held.len().saturating_sub(INDEXES_KEPT);
            held.drain(..extra);
        }
    }

    /// The reading of `key`, read by `read` (of a text of `text_len` bytes) within the budget
    /// if no request has read it yet; a request that finds it being read waits for it. A
    /// reading that found no room in the budget is not kept (the next request tries again).
    fn reading(&self, key: ReadingKey, text_len: u64, read: impl FnOnce() -> Reading) -> Reading {
        let cell = {
            let mut held = self
                .readings
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            match held.iter().position(|(k, _)| *k == key) {
                Some(at) => {
                    let entry = held.remove(at);
                    let cell = Arc::clone(&entry.1);
                    held.push(entry);
                    cell
                }
                None => {
                    let cell = Arc::new(std::sync::OnceLock::new());
                    held.retain(|(k, _)| k.0 != key.0 || k.1 == key.1);
                    held.push((key.clone(), Arc::clone(&cell)));
                    let extra = held.len().saturating_sub(GAMES_KEPT);
                    held.drain(..extra);
                    cell
                }
            }
        };
        let got = cell
            .get_or_init(|| match self.budget.take(text_len, PARSE_WAIT) {
                Some(_room) => read(),
                None => Err(BUSY.to_string()),
            })
            .clone();
        if matches!(&got, Err(e) if e == BUSY) {
            let mut held = self
                .readings
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner);
            held.retain(|(k, c)| *k != key || !Arc::ptr_eq(c, &cell));
        }
        got
    }
}

/// The reading refused for want of room in the budget (the page answers 503).
pub(super) const BUSY: &str = "\u{0}busy";

/// One row of a list page: the tags and the length of a game, read without resolving its
/// moves.
pub(super) fn list_row_of(
    no: usize,
    tags: &[(String, String)],
    result: Option<&str>,
    plies: usize,
) -> Row {
    let tag = |name: &str| {
        tags.iter()
            .find(|(k, _)| k == name)
            .map_or(String::new(), |(_, v)| v.clone())
    };
    let recorded = tag("Result");
    Row {
        no,
        red: tag("Red"),
        black: tag("Black"),
        event: tag("Event"),
        date: tag("Date"),
        result: if recorded.is_empty() {
            result.unwrap_or("").to_string()
        } else {
            recorded
        },
        plies,
    }
}

/// A list row's facts, before its links are made.
pub(super) struct Row {
    pub(super) no: usize,
    pub(super) red: String,
    pub(super) black: String,
    pub(super) event: String,
    pub(super) date: String,
    pub(super) result: String,
    pub(super) plies: usize,
}

/// What a request shows of a file, once read.
pub(super) enum Shown {
    /// A page of the list of a file's games: games `first..` of `total`.
    List { total: usize, rows: Vec<Row> },
    /// Game `n` of `count` (the game is `games[at]`: a reading shared with other requests).
    Game {
        n: usize,
        count: usize,
        games: Arc<Vec<xiangqi::notation::NotatedGame>>,
        at: usize,
    },
    /// No room to read the file now (503).
    Busy,
    /// The file holds no game `n`.
    Missing { n: usize, count: usize },
    /// The readers' refusal.
    Refused(String),
}

/// The first game of a list page asked for (1-based), within `total`.
pub(super) fn list_first(q: &ViewQuery, total: usize) -> usize {
    q.from.unwrap_or(1).clamp(1, total.max(1))
}

/// What the request shows of the games of a file read whole (a reading shared with other
/// requests).
pub(super) fn shown_of(
    games: Arc<Vec<xiangqi::notation::NotatedGame>>,
    q: &ViewQuery,
    name: &str,
) -> Shown {
    let total = games.len();
    if total == 0 {
        return Shown::Refused(format!("{name}: the file holds no game"));
    }
    if total > 1 && q.game.is_none() {
        let first = list_first(q, total);
        let rows = (first..=(first - 1 + LIST_PAGE).min(total))
            .map(|no| {
                let g = &games[no - 1];
                list_row_of(no, &g.tags, g.result.as_deref(), g.moves.len())
            })
            .collect();
        return Shown::List { total, rows };
    }
    let n = q.game.unwrap_or(1);
    if n == 0 || n > total {
        return Shown::Missing { n, count: total };
    }
    Shown::Game {
        n,
        count: total,
        games,
        at: n - 1,
    }
}

/// What the request shows of a PGN database, reading from `file` only the records it shows:
/// a game through the cache's shared readings (`key`: the file and its stamp).
pub(super) fn shown_of_index(
    cache: &GameCache,
    key: Option<(&Path, (SystemTime, u64))>,
    index: &DatabaseIndex,
    file: &mut std::fs::File,
    q: &ViewQuery,
    name: &str,
) -> Shown {
    let total = index.len();
    if total == 0 {
        return Shown::Refused(format!("{name}: the file holds no game"));
    }
    let record = |file: &mut std::fs::File, n: usize| match index.record(file, n) {
        Ok(r) => r.ok_or_else(|| format!("{name}: no game {n}")),
        Err(e) => Err(format!("{name}: {e}")),
    };
    let len_of = |n: usize| index.spans().get(n - 1).map_or(0, |s| s.len);
    if total > 1 && q.game.is_none() {
        let first = list_first(q, total);
        let mut rows = Vec::new();
        for no in first..=(first - 1 + LIST_PAGE).min(total) {
            // the tags and the main line's length as written: nothing is resolved for a list,
            // but the text is split, within the budget
            let Some(_room) = cache.budget.take(len_of(no), PARSE_WAIT) else {
                return Shown::Busy;
            };
            let rec = match record(file, no) {
                Ok(r) => r,
                Err(e) => return Shown::Refused(e),
            };
            let raw = rec
                .text
                .as_deref()
                .ok()
                .and_then(|t| xiangqi::notation::pgn::split_games_main_line(t).ok())
                .and_then(|mut raws| (!raws.is_empty()).then(|| raws.swap_remove(0)));
            rows.push(match raw {
                Some(raw) => list_row_of(no, &raw.tags, raw.result, raw.main_line_len()),
                None => list_row_of(no, &[], None, 0),
            });
        }
        return Shown::List { total, rows };
    }
    let n = q.game.unwrap_or(1);
    if n == 0 || n > total {
        return Shown::Missing { n, count: total };
    }
    let mut read = || {
        record(file, n)
            .and_then(|r| {
                // the page shows the main line: the variation tree is checked, not kept
                r.read_main_line(name, Mode::Tolerant)
                    .map_err(|e| e.to_string())
            })
            .map(|g| Arc::new(vec![g]))
    };
    let got = match key {
        Some((path, stamp)) => cache.reading((path.to_path_buf(), stamp, Some(n)), len_of(n), read),
        None => match cache.budget.take(len_of(n), PARSE_WAIT) {
            Some(_room) => read(),
            None => return Shown::Busy,
        },
    };
    match got {
        Ok(games) => Shown::Game {
            n,
            count: total,
            games,
            at: 0,
        },
        Err(e) if e == BUSY => Shown::Busy,
        Err(e) => Shown::Refused(e),
    }
}

/// Reads what the request shows of the game file `path`: a PGN database through its index
/// (kept in `cache` while the file is unchanged), any other file whole; every game read once
/// for all the requests that show it, within the cache's [`ParseBudget`].
pub(super) fn load(
    cache: &GameCache,
    path: &Path,
    name: &str,
    q: &ViewQuery,
    root: &Path,
) -> Shown {
    use std::io::Read as _;
    let refused = |e: std::io::Error| Shown::Refused(format!("{name}: {e}"));
    let mut file = match std::fs::File::open(path) {
        Ok(f) => f,
        Err(e) => return refused(e),
    };
    let stamp = file.metadata().and_then(|m| Ok((m.modified()?, m.len())));
    if let Ok(stamp) = stamp
        && let Some(index) = cache.get(path, stamp)
    {
        return shown_of_index(cache, Some((path, stamp)), &index, &mut file, q, name);
    }
    // An `xq game` JSON log is read whole (it is replayed under its rules).
    let mut head = [0u8; 512];
    let n = match file.read(&mut head) {
        Ok(n) => n,
        Err(e) => return refused(e),
    };
    let is_json = head[..n]
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{');
    if !is_json {
        let scanned = std::fs::File::open(path)
            .and_then(|f| DatabaseIndex::build(std::io::BufReader::new(f)));
        match scanned {
            Err(e) => return refused(e),
            Ok(Some(index)) => {
                let index = Arc::new(index);
                if let Ok(stamp) = stamp {
                    cache.put(path.to_path_buf(), stamp, Arc::clone(&index));
                }
                let key = stamp.as_ref().ok().map(|s| (path, *s));
                return shown_of_index(cache, key, &index, &mut file, q, name);
            }
            // not PGN text: read whole below
            Ok(None) => {}
        }
    }
    let len = stamp.as_ref().map_or(0, |s| s.1);
    let read = || match std::fs::read(path) {
        Ok(bytes) => read_file(&bytes, name, path, root).map(Arc::new),
        Err(e) => Err(format!("{name}: {e}")),
    };
    let got = match stamp {
        Ok(stamp) => cache.reading((path.to_path_buf(), stamp, None), len, read),
        Err(_) => match cache.budget.take(len, PARSE_WAIT) {
            Some(_room) => read(),
            None => return Shown::Busy,
        },
    };
    match got {
        Ok(games) => shown_of(games, q, name),
        Err(e) if e == BUSY => Shown::Busy,
        Err(e) => Shown::Refused(e),
    }
}

/// Reads every game of a file: an `xq game` JSON log (replayed under its rules, see
/// [`crate::security::ruleset_in_folder`]; `at` is the log's path, `root` the served folder), or any format the notation
/// readers know. The error is the reader's message, naming the file as `name`.
pub(super) fn read_file(
    bytes: &[u8],
    name: &str,
    at: &Path,
    root: &Path,
) -> Result<Vec<xiangqi::notation::NotatedGame>, String> {
    let text = std::str::from_utf8(bytes).unwrap_or("");
    if text.trim_start().starts_with('{') {
        let mut log = xiangqi::game::GameLog::parse(text).map_err(|e| format!("{name}: {e}"))?;
        let named = log.header.ruleset.clone();
        log.header.ruleset =
            crate::security::ruleset_in_folder(&named, at.parent().unwrap_or(root), root)
                .map_err(|e| format!("{name}: {e}"))?;
        let played = xiangqi::game::Game::replay(log).map_err(|e| format!("{name}: {e}"))?;
        let header = &played.log().header;
        let start = Position::from_fen(&header.fen).map_err(|e| format!("{name}: {e}"))?;
        let mut game = xiangqi::notation::NotatedGame::new(start, GameFormat::Pgn);
        for (tag, value) in [("Red", &header.red), ("Black", &header.black)] {
            if !value.is_empty() {
                game.set_tag(tag, value.clone());
            }
        }
        game.set_tag("Ruleset", named);
        if let Some(r) = &played.state().result {
            game.set_tag("Result", r.pgn());
            game.set_tag("XqResultReason", r.reason.clone());
        }
        game.moves = played.moves().to_vec();
        return Ok(vec![game]);
    }
    read_games(bytes, name, Mode::Tolerant).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    #[test]
    fn a_game_asked_for_by_many_at_once_is_read_once() {
        let cache = GameCache::new(1 << 30);
        let reads = AtomicUsize::new(0);
        let key: ReadingKey = ("/g.pgn".into(), (SystemTime::UNIX_EPOCH, 9), Some(1));
        std::thread::scope(|s| {
            for _ in 0..16 {
                s.spawn(|| {
                    let got = cache.reading(key.clone(), 9, || {
                        reads.fetch_add(1, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_millis(200));
                        Ok(Arc::new(Vec::new()))
                    });
                    assert!(got.is_ok());
                });
            }
        });
        assert_eq!(reads.load(Ordering::SeqCst), 1);
        assert_eq!(cache.budget.used(), 0, "the room is given back");
        // another stamp of the same file is another reading, and replaces the old one
        let newer: ReadingKey = ("/g.pgn".into(), (SystemTime::UNIX_EPOCH, 10), Some(1));
        let _ = cache.reading(newer, 10, || {
            reads.fetch_add(1, Ordering::SeqCst);
            Ok(Arc::new(Vec::new()))
        });
        assert_eq!(reads.load(Ordering::SeqCst), 2);
        assert_eq!(cache.readings.lock().unwrap().len(), 1);
    }

    #[test]
    fn readings_wait_for_room_in_the_budget_and_give_up_with_busy() {
        // 100 MiB: a reading of 10 MiB of text weighs 80 MiB, so two cannot run at once
        let budget = ParseBudget::new(100 << 20);
        let first = budget.take(10 << 20, Duration::ZERO).expect("room");
        assert_eq!(budget.used(), 80 << 20);
        assert!(budget.take(10 << 20, Duration::from_millis(50)).is_none());
        // a small one fits beside it
        assert!(budget.take(1000, Duration::ZERO).is_some());
        // a reading heavier than the whole budget runs alone once the others are done
        std::thread::scope(|s| {
            let waiter = s.spawn(|| budget.take(1 << 30, Duration::from_secs(5)).is_some());
            std::thread::sleep(Duration::from_millis(100));
            drop(first);
            assert!(waiter.join().unwrap());
        });
        assert_eq!(budget.used(), 0);
        // while one reading holds the whole budget, no other fits
        let hold = budget.take(1 << 30, Duration::ZERO).expect("all of it");
        assert!(budget.take(1, Duration::from_millis(20)).is_none());
        drop(hold);
        assert!(budget.take(1, Duration::ZERO).is_some());
    }

    #[test]
    fn only_game_records_are_opened() {
        let dir = tempfile::tempdir().unwrap();
        let write = |name: &str, text: &[u8]| {
            let p = dir.path().join(name);
            std::fs::write(&p, text).unwrap();
            p
        };
        for (name, text, ok) in [
            ("a.pgn", &b"[Event \"x\"]\n1. h2e2 *\n"[..], true),
            ("b.pgn", b"\xEF\xBB\xBF\n% escape\n1. h2e2 h9g7 *\n", true),
            ("c.pgn", b"{a comment} 1. h2e2\n", true),
            ("notes.pgn", b"TOPSECRET=hunter2\n", false),
            ("notes.txt", b"[Event \"x\"]\n", false),
            ("log.json", b"{\"format\": \"xq-game\"}", true),
            ("other.json", b"{\"secret\": 1}", false),
            ("g.xqf", b"XQ\x0a", true),
        ] {
            let p = write(name, text);
            assert_eq!(is_game_record(&p, name), ok, "{name}");
        }
    }
}
