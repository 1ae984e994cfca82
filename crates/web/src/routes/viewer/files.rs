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

/// How many files' game indexes the desk keeps (the files read last).
pub(super) const INDEXES_KEPT: usize = 8;

/// The game indexes of the PGN files read last, each kept while its file is unchanged (same
/// modification time and length): a page of a large database reads and parses only the games
/// it shows (one game, or a list page's tags), never the whole file.
#[derive(Debug, Default)]
pub(crate) struct GameCache(pub(super) Mutex<Vec<CachedIndex>>);

/// Where a file's games start, as scanned.
#[derive(Debug)]
pub(super) struct CachedIndex {
    pub(super) path: PathBuf,
    pub(super) stamp: (SystemTime, u64),
    pub(super) index: Arc<DatabaseIndex>,
}

impl GameCache {
    /// The index of `path` if it was built from the file as it is now.
    fn get(&self, path: &Path, stamp: (SystemTime, u64)) -> Option<Arc<DatabaseIndex>> {
        let mut held = self.0.lock().ok()?;
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
        if let Ok(mut held) = self.0.lock() {
            held.retain(|c| c.path != path);
            held.push(CachedIndex { path, stamp, index });
            let extra = held.len().saturating_sub(INDEXES_KEPT);
            held.drain(..extra);
        }
    }
}

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
    /// Game `n` of `count`.
    Game {
        n: usize,
        count: usize,
        game: Box<xiangqi::notation::Game>,
    },
    /// The file holds no game `n`.
    Missing { n: usize, count: usize },
    /// The readers' refusal.
    Refused(String),
}

/// The first game of a list page asked for (1-based), within `total`.
pub(super) fn list_first(q: &ViewQuery, total: usize) -> usize {
    q.from.unwrap_or(1).clamp(1, total.max(1))
}

/// What the request shows of the games of a file read whole.
pub(super) fn shown_of(games: &[xiangqi::notation::Game], q: &ViewQuery, name: &str) -> Shown {
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
    match games.get(n.wrapping_sub(1)) {
        Some(g) => Shown::Game {
            n,
            count: total,
            game: Box::new(g.clone()),
        },
        None => Shown::Missing { n, count: total },
    }
}

/// What the request shows of a PGN database, reading from `file` only the records it shows.
pub(super) fn shown_of_index(
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
    if total > 1 && q.game.is_none() {
        let first = list_first(q, total);
        let mut rows = Vec::new();
        for no in first..=(first - 1 + LIST_PAGE).min(total) {
            let rec = match record(file, no) {
                Ok(r) => r,
                Err(e) => return Shown::Refused(e),
            };
            // The tags and the main line's length as written: nothing is resolved for a list.
            let raw = rec
                .text
                .as_deref()
                .ok()
                .and_then(|t| xiangqi::notation::pgn::split_games(t).ok())
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
    match record(file, n).and_then(|r| r.read(name, Mode::Tolerant).map_err(|e| e.to_string())) {
        Ok(game) => Shown::Game {
            n,
            count: total,
            game: Box::new(game),
        },
        Err(e) => Shown::Refused(e),
    }
}

/// Reads what the request shows of the game file `path`: a PGN database through its index
/// (kept in `cache` while the file is unchanged), any other file whole.
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
        return shown_of_index(&index, &mut file, q, name);
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
                return shown_of_index(&index, &mut file, q, name);
            }
            // not PGN text: read whole below
            Ok(None) => {}
        }
    }
    match std::fs::read(path) {
        Ok(bytes) => match read_file(&bytes, name, path, root) {
            Ok(games) => shown_of(&games, q, name),
            Err(e) => Shown::Refused(e),
        },
        Err(e) => refused(e),
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
) -> Result<Vec<xiangqi::notation::Game>, String> {
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
        let mut game = xiangqi::notation::Game::new(start, GameFormat::Pgn);
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
