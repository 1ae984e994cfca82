//! The desk's game viewer: `/g/PATH` opens a game file of the served folder (PGN with one game
//! or many, XQF and the other formats the readers know, and the game logs `xq game` writes as
//! PGN or JSON) and shows the board at any ply (`?ply=K`), the move list in Chinese, WXF or ICCS
//! (`?notation=zh|wxf|iccs`), every ply's class under each chosen ruleset side by side
//! (`?rulesets=cn-1987,axf`) with the reason where they differ, and the repetition rulings.
//!
//! Paths are relative to the served folder (an event file's folder when one file is served);
//! `..`, absolute paths and symbolic links that lead out of it are not found (404). A file the
//! readers refuse gives their message (422), never a panic.

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use askama::Template;
use axum::Router;
use axum::extract::{Path as UrlPath, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::get;
use xiangqi::adjudication::GameRecord;
use xiangqi::board::Color;
use xiangqi::diagram::Diagram;
use xiangqi::movegen::Position;
use xiangqi::notation::stream::DatabaseIndex;
use xiangqi::notation::{GameFormat, Mode, Notation, read_games};
use xiangqi::rules::compare::{self, outcome_words, verdict_words};
use xiangqi::rules::{Arbiter, JudgeOptions, PlyRuling, Reading, Ruleset, Ruling, Verdict};

use crate::Desk;
use crate::i18n::Lang;
use crate::pages::{Page, render};

/// The viewer's routes (merged into the desk's).
pub(crate) fn routes() -> Router<Arc<Desk>> {
    Router::new().route("/g/{*path}", get(game_page))
}

/// The viewer's own words.
struct Words {
    games: &'static str,
    game: &'static str,
    of: &'static str,
    moves: &'static str,
    plies: &'static str,
    start: &'static str,
    first: &'static str,
    prev: &'static str,
    next: &'static str,
    last: &'static str,
    after_ply: &'static str,
    notation: &'static str,
    chinese: &'static str,
    rulesets: &'static str,
    apply: &'static str,
    classes: &'static str,
    ply: &'static str,
    mv: &'static str,
    side: &'static str,
    red: &'static str,
    black: &'static str,
    reason: &'static str,
    repetitions: &'static str,
    no_repetition: &'static str,
    verdict: &'static str,
    rule: &'static str,
    outcome: &'static str,
    verdicts_differ: &'static str,
    verdicts_agree: &'static str,
    cannot_read: &'static str,
    not_found: &'static str,
    all_games: &'static str,
    event: &'static str,
    date: &'static str,
    result: &'static str,
    keys: &'static str,
    to_move: &'static str,
}

const ZH: Words = Words {
    games: "棋局",
    game: "第",
    of: "局，共",
    moves: "着法",
    plies: "步数",
    start: "开局",
    first: "« 开局",
    prev: "‹ 上一步",
    next: "下一步 ›",
    last: "终局 »",
    after_ply: "第 {} 步后",
    notation: "记谱",
    chinese: "中文",
    rulesets: "规则",
    apply: "应用",
    classes: "逐步判定",
    ply: "步",
    mv: "着法",
    side: "方",
    red: "红",
    black: "黑",
    reason: "不同之处",
    repetitions: "循环判决",
    no_repetition: "无三次重复局面",
    verdict: "判决",
    rule: "依据",
    outcome: "结果",
    verdicts_differ: "判决不同",
    verdicts_agree: "各规则判决相同",
    cannot_read: "无法读取棋谱",
    not_found: "找不到棋谱",
    all_games: "本文件所有棋局",
    event: "赛事",
    date: "日期",
    result: "结果",
    keys: "键盘：← → 上/下一步，Home/End 开局/终局",
    to_move: "走棋",
};

const EN: Words = Words {
    games: "Games",
    game: "game",
    of: "of",
    moves: "Moves",
    plies: "plies",
    start: "start",
    first: "« Start",
    prev: "‹ Previous",
    next: "Next ›",
    last: "End »",
    after_ply: "after ply {}",
    notation: "Notation",
    chinese: "Chinese",
    rulesets: "Rulesets",
    apply: "Apply",
    classes: "Class of each ply",
    ply: "ply",
    mv: "move",
    side: "side",
    red: "Red",
    black: "Black",
    reason: "Where they differ",
    repetitions: "Repetition rulings",
    no_repetition: "no position occurred three times",
    verdict: "verdict",
    rule: "rule",
    outcome: "outcome",
    verdicts_differ: "The verdicts differ",
    verdicts_agree: "The rulesets agree",
    cannot_read: "Cannot read the game file",
    not_found: "No such game file",
    all_games: "All games of this file",
    event: "Event",
    date: "Date",
    result: "Result",
    keys: "Keys: ← → previous/next ply, Home/End start/end",
    to_move: " to move",
};

fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::Zh => &ZH,
        Lang::En => &EN,
    }
}

fn pick(lang: Lang, r: &Reading) -> String {
    match lang {
        Lang::Zh => r.zh.clone(),
        Lang::En => r.en.clone(),
    }
}

/// The query of a viewer page.
#[derive(Debug, Clone, Default)]
struct ViewQuery {
    lang: Lang,
    game: Option<usize>,
    ply: Option<usize>,
    notation: Option<Notation>,
    /// The rulesets asked for (ids), in order; empty: the default set.
    rulesets: Vec<String>,
    /// A list of games: the first one shown (1-based; [`LIST_PAGE`] a page).
    from: Option<usize>,
}

/// How many games a page of a file's list shows (a database of 7,000 games is listed in pages).
const LIST_PAGE: usize = 200;

/// Percent-encodes a path (keeping `/`) or a query value: everything but the unreserved
/// characters of RFC 3986 (and `/` in a path).
fn encode(s: &str, keep_slash: bool) -> String {
    if keep_slash {
        percent_encoding::utf8_percent_encode(s, crate::pages::PATH).to_string()
    } else {
        crate::pages::url(s)
    }
}

impl ViewQuery {
    /// Reads the query: `lang`, `game`, `ply`, `notation`, and `rulesets` (comma-separated, or
    /// repeated as the check boxes send it). Values that do not parse are ignored.
    fn parse(raw: Option<&str>) -> ViewQuery {
        let mut q = ViewQuery::default();
        for (k, v) in form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
            match k.as_ref() {
                "lang" => q.lang = Lang::from_param(Some(&v)),
                "game" => q.game = v.trim().parse().ok(),
                "ply" => q.ply = v.trim().parse().ok(),
                "from" => q.from = v.trim().parse().ok(),
                "notation" => {
                    q.notation = match v.as_ref() {
                        "zh" | "chinese" => Some(Notation::Chinese),
                        "wxf" => Some(Notation::Wxf),
                        "iccs" => Some(Notation::Iccs),
                        _ => None,
                    }
                }
                "rulesets" => {
                    for id in v.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                        if !q.rulesets.iter().any(|r| r == id) {
                            q.rulesets.push(id.to_string());
                        }
                    }
                }
                _ => {}
            }
        }
        q
    }

    fn notation(&self) -> Notation {
        self.notation.unwrap_or(Notation::Chinese)
    }

    /// The query string of a link to `game` at `ply` (`None`: the default), keeping the
    /// language, notation and rulesets.
    fn link(&self, game: Option<usize>, ply: Option<usize>) -> String {
        let mut parts = vec![format!("lang={}", self.lang.code())];
        if let Some(g) = game {
            parts.push(format!("game={g}"));
        }
        if let Some(p) = ply {
            parts.push(format!("ply={p}"));
        }
        if let Some(n) = self.notation {
            parts.push(format!("notation={}", notation_code(n)));
        }
        if !self.rulesets.is_empty() {
            parts.push(format!(
                "rulesets={}",
                encode(&self.rulesets.join(","), false)
            ));
        }
        format!("?{}", parts.join("&"))
    }
}

fn notation_code(n: Notation) -> &'static str {
    match n {
        Notation::Chinese => "zh",
        Notation::Wxf => "wxf",
        Notation::Iccs => "iccs",
    }
}

/// The embedded rulesets whose edition is linked, by id.
fn catalogue() -> Vec<String> {
    Ruleset::linked_builtin_ids().unwrap_or_default()
}

/// The folder game paths are relative to.
fn game_root(desk: &Desk) -> PathBuf {
    match &desk.root {
        crate::Root::Folder(d) => d.clone(),
        crate::Root::File(f) => match f.parent() {
            Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
            _ => PathBuf::from("."),
        },
    }
}

/// The file `rel` names inside `root`, if it is a file there: no `..`, no absolute path, no
/// hidden component, and no symbolic link leading out of the folder.
fn resolve(root: &Path, rel: &str) -> Option<PathBuf> {
    let rel_path = Path::new(rel);
    if rel.is_empty() || rel.contains('\\') {
        return None;
    }
    for c in rel_path.components() {
        match c {
            Component::Normal(s) if !s.to_string_lossy().starts_with('.') => {}
            _ => return None,
        }
    }
    let root = root.canonicalize().ok()?;
    let path = root.join(rel_path).canonicalize().ok()?;
    (path.starts_with(&root) && path.is_file()).then_some(path)
}

/// Whether a file name looks like a game file the viewer opens.
fn is_game_name(name: &str) -> bool {
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
fn is_game_log(path: &Path) -> bool {
    use std::io::Read as _;
    let mut head = [0u8; 256];
    let n = std::fs::File::open(path)
        .and_then(|mut f| f.read(&mut head))
        .unwrap_or(0);
    String::from_utf8_lossy(&head[..n]).contains("\"xq-game\"")
}

/// How many files' game indexes the desk keeps (the files read last).
const INDEXES_KEPT: usize = 8;

/// The game indexes of the PGN files read last, each kept while its file is unchanged (same
/// modification time and length): a page of a large database reads and parses only the games
/// it shows (one game, or a list page's tags), never the whole file.
#[derive(Debug, Default)]
pub(crate) struct GameCache(Mutex<Vec<CachedIndex>>);

/// Where a file's games start, as scanned.
#[derive(Debug)]
struct CachedIndex {
    path: PathBuf,
    stamp: (SystemTime, u64),
    index: Arc<DatabaseIndex>,
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
fn list_row_of(no: usize, tags: &[(String, String)], result: Option<&str>, plies: usize) -> Row {
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
struct Row {
    no: usize,
    red: String,
    black: String,
    event: String,
    date: String,
    result: String,
    plies: usize,
}

/// What a request shows of a file, once read.
enum Shown {
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
fn list_first(q: &ViewQuery, total: usize) -> usize {
    q.from.unwrap_or(1).clamp(1, total.max(1))
}

/// What the request shows of the games of a file read whole.
fn shown_of(games: &[xiangqi::notation::Game], q: &ViewQuery, name: &str) -> Shown {
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
fn shown_of_index(
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
fn load(cache: &GameCache, path: &Path, name: &str, q: &ViewQuery, root: &Path) -> Shown {
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
fn read_file(
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

/// One move of the move list.
struct MoveCell {
    ply: usize,
    text: String,
    href: String,
    current: bool,
}

/// A numbered row of the move list: move number, Red's move, Black's move.
struct MoveRow {
    no: usize,
    red: Option<MoveCell>,
    black: Option<MoveCell>,
}

/// A row of the classes table.
struct ClassRow {
    ply: usize,
    href: String,
    mv: String,
    side: &'static str,
    cells: Vec<String>,
    differs: bool,
    reason: String,
    current: bool,
}

/// One repetition ruling of one ruleset.
struct CycleRow {
    plies: String,
    red: String,
    black: String,
    verdict: String,
    explanation: String,
}

/// The rulings of one ruleset.
struct RulingBlock {
    ruleset: String,
    title: String,
    outcome: String,
    cycles: Vec<CycleRow>,
}

/// A check box of the rulesets form.
struct RulesetBox {
    id: String,
    checked: bool,
}

/// A link to the same ply in another notation (or the notation shown).
struct NotationLink {
    /// `zh`, `wxf` or `iccs`.
    code: &'static str,
    /// Its name on the page.
    label: &'static str,
    href: String,
    /// The notation shown.
    on: bool,
}

/// The navigation links (`None`: there is nowhere to go).
struct Nav {
    first: Option<String>,
    prev: Option<String>,
    next: Option<String>,
    last: Option<String>,
}

/// The page of one game at one ply.
#[derive(Template)]
#[template(path = "game.html")]
struct GamePage {
    page: Page,
    w: &'static Words,
    file: String,
    list_href: Option<String>,
    game_no: usize,
    game_count: usize,
    heading: String,
    meta: Vec<(String, String)>,
    board: String,
    ply: usize,
    plies: usize,
    position_text: String,
    nav: Nav,
    moves: Vec<MoveRow>,
    notations: Vec<NotationLink>,
    lang_code: &'static str,
    game_param: Option<usize>,
    notation_code: &'static str,
    rulesets: Vec<RulesetBox>,
    ruleset_ids: Vec<String>,
    classes: Vec<ClassRow>,
    rulings: Vec<RulingBlock>,
    verdicts: Option<String>,
    several: bool,
}

/// A game of a file of several.
struct ListRow {
    no: usize,
    href: String,
    red: String,
    black: String,
    event: String,
    date: String,
    result: String,
    plies: usize,
}

/// The games of a file of several.
#[derive(Template)]
#[template(path = "game_list.html")]
struct GameListPage {
    page: Page,
    w: &'static Words,
    file: String,
    games: Vec<ListRow>,
    pages: ListPages,
}

/// Where a page of a file's list stands: games `first..=last` of `total`, links to the pages
/// before and after.
struct ListPages {
    first: usize,
    last: usize,
    total: usize,
    prev: Option<String>,
    next: Option<String>,
}

/// Why a game file cannot be shown (404 or 422).
#[derive(Template)]
#[template(path = "game_error.html")]
struct GameErrorPage {
    page: Page,
    heading: String,
    message: String,
}

fn failure(
    desk: &Desk,
    headers: &HeaderMap,
    lang: Lang,
    status: StatusCode,
    message: String,
) -> Response {
    let w = words(lang);
    let heading = if status == StatusCode::NOT_FOUND {
        w.not_found
    } else {
        w.cannot_read
    }
    .to_string();
    let page = Page::new(desk, headers, lang, "/", heading.clone());
    render(
        status,
        &GameErrorPage {
            page,
            heading,
            message,
        },
    )
}

async fn game_page(
    State(desk): State<Arc<Desk>>,
    headers: HeaderMap,
    UrlPath(rel): UrlPath<String>,
    RawQuery(raw): RawQuery,
) -> Response {
    let q = ViewQuery::parse(raw.as_deref());
    let lang = q.lang;
    let root = game_root(&desk);
    let Some(path) = resolve(&root, &rel) else {
        return failure(
            &desk,
            &headers,
            lang,
            StatusCode::NOT_FOUND,
            format!("{rel}: no such game file"),
        );
    };
    let name = rel.clone();
    let root_of_log = root.clone();
    let cache = Arc::clone(&desk);
    let query = q.clone();
    let shown =
        tokio::task::spawn_blocking(move || load(&cache.games, &path, &name, &query, &root_of_log))
            .await
            .unwrap_or_else(|_| Shown::Refused(format!("{rel}: internal error")));
    let w = words(lang);
    let file_href = format!("/g/{}", encode(&rel, true));
    let (n, count, game) = match shown {
        Shown::Refused(msg) => {
            let msg = msg.replace(&root.display().to_string(), ".");
            return failure(&desk, &headers, lang, StatusCode::UNPROCESSABLE_ENTITY, msg);
        }
        Shown::Missing { n, count } => {
            return failure(
                &desk,
                &headers,
                lang,
                StatusCode::NOT_FOUND,
                format!("{rel}: no game {n} (the file holds {count})"),
            );
        }
        Shown::Game { n, count, game } => (n, count, *game),
        Shown::List { total, rows } => {
            let first = list_first(&q, total);
            let last = rows.last().map_or(first, |r| r.no);
            let page_link = |from: usize| {
                let mut link = q.link(None, None);
                link.push_str(&format!("&from={from}"));
                format!("{file_href}{link}")
            };
            let pages = ListPages {
                first,
                last,
                total,
                prev: (first > 1).then(|| page_link(first.saturating_sub(LIST_PAGE).max(1))),
                next: (last < total).then(|| page_link(last + 1)),
            };
            let rows = rows
                .into_iter()
                .map(|r| ListRow {
                    no: r.no,
                    href: format!("{file_href}{}", q.link(Some(r.no), None)),
                    red: r.red,
                    black: r.black,
                    event: r.event,
                    date: r.date,
                    result: r.result,
                    plies: r.plies,
                })
                .collect();
            let mut page = Page::new(
                &desk,
                &headers,
                lang,
                &file_href,
                format!("{} · {rel}", w.games),
            );
            page.other_href = format!(
                "{file_href}{}",
                ViewQuery {
                    lang: other(lang),
                    ..q.clone()
                }
                .link(None, None)
            );
            return render(
                StatusCode::OK,
                &GameListPage {
                    page,
                    w,
                    file: rel,
                    games: rows,
                    pages,
                },
            );
        }
    };
    let plies = game.moves.len();
    let heading = match (game.tag("Red"), game.tag("Black")) {
        (Some(r), Some(b)) => format!("{r} – {b}"),
        _ => rel.clone(),
    };
    let mut page = Page::new(&desk, &headers, lang, &file_href, heading.clone());
    page.other_href = format!(
        "{file_href}{}",
        ViewQuery {
            lang: other(lang),
            ..q.clone()
        }
        .link(q.game, q.ply.map(|p| p.min(plies)))
    );
    let view = {
        let rel = rel.clone();
        tokio::task::spawn_blocking(move || game_view(page, heading, &q, &rel, n, count, game))
            .await
    };
    let view = match view {
        Ok(Ok(v)) => v,
        Ok(Err(msg)) => {
            return failure(&desk, &headers, lang, StatusCode::UNPROCESSABLE_ENTITY, msg);
        }
        Err(_) => {
            return failure(
                &desk,
                &headers,
                lang,
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("{rel}: internal error"),
            );
        }
    };
    render(StatusCode::OK, &view)
}

fn other(lang: Lang) -> Lang {
    match lang {
        Lang::Zh => Lang::En,
        Lang::En => Lang::Zh,
    }
}

/// The reason word of a ruling's outcome in the page's language (`none`: nothing to say; a
/// word this page does not know stays as the edition wrote it).
fn reason_words(lang: Lang, reason: &str) -> String {
    let zh = match reason {
        "none" => return String::new(),
        "checkmate" => "将死",
        "stalemate" => "困毙",
        "perpetual-check" => "长将",
        "perpetual-chase" => "长捉",
        "repetition" => "循环",
        "red-must-vary" => "红方须变着",
        "black-must-vary" => "黑方须变着",
        "natural-limit-claimable" => "可按自然限着提和",
        other => other,
    };
    match lang {
        Lang::Zh => zh.to_string(),
        Lang::En => reason.replace('-', " "),
    }
}

/// A ply's class as the page shows it: the edition's label, the idle kind's word, the chased
/// points, a short note.
fn class_cell(p: Option<&PlyRuling>) -> String {
    let Some(p) = p else {
        return "–".into();
    };
    if p.class.is_none() {
        return "–".into();
    }
    let mut s = p
        .label
        .clone()
        .unwrap_or_else(|| compare::class_word(p.class).to_string());
    if let Some(k) = p.idle() {
        let word = k.word();
        if word != s {
            s.push_str(&format!("（{word}）"));
        }
    }
    if !p.targets.is_empty() {
        s.push_str(&format!(" {}", p.targets.join("、")));
    }
    if let Some(n) = p.note.as_deref().filter(|n| n.chars().count() <= 12) {
        s.push_str(&format!(" {n}"));
    }
    s
}

/// Builds the page of one game (everything but the frame, which needs the request).
fn game_view(
    page: Page,
    heading: String,
    q: &ViewQuery,
    rel: &str,
    n: usize,
    count: usize,
    game: xiangqi::notation::Game,
) -> Result<GamePage, String> {
    let lang = q.lang;
    let w = words(lang);
    let notation = q.notation();
    let plies = game.moves.len();
    let ply = q.ply.unwrap_or(plies).min(plies);
    let game_param = (count > 1).then_some(n);
    let file_href = format!("/g/{}", encode(rel, true));
    let href = |p: usize| format!("{file_href}{}", q.link(game_param, Some(p)));
    // the moves in the chosen notation, and the position at the ply shown
    let mut pos = game.start.clone();
    let mut texts = Vec::with_capacity(plies);
    let mut sides = Vec::with_capacity(plies);
    let mut shown = None;
    for (i, &m) in game.moves.iter().enumerate() {
        if i == ply {
            shown = Some(pos.clone());
        }
        texts.push(notation.render(&pos, m));
        sides.push(pos.turn());
        pos.play_unchecked(m);
    }
    let shown = shown.unwrap_or(pos);
    let mut diagram = Diagram::new(&shown).fen(false).cell(46.0);
    if ply > 0 {
        diagram = diagram.last_move(game.moves[ply - 1]);
    }
    let board = diagram.svg();
    let turn = match shown.turn() {
        Color::Red => w.red,
        Color::Black => w.black,
    };
    let position_text = if ply == 0 {
        format!("{} · {turn}{}", w.start, w.to_move)
    } else {
        format!(
            "{} {} · {turn}{}",
            w.after_ply.replace("{}", &ply.to_string()),
            texts[ply - 1],
            w.to_move
        )
    };
    // the numbered move list: a row per move number, Red then Black
    let mut moves: Vec<MoveRow> = Vec::new();
    for (i, text) in texts.iter().enumerate() {
        let p = i + 1;
        let cell = MoveCell {
            ply: p,
            text: text.clone(),
            href: href(p),
            current: p == ply,
        };
        let black = sides[i] == Color::Black;
        match moves.last_mut() {
            Some(row) if black && row.black.is_none() => row.black = Some(cell),
            _ => {
                let no = moves.last().map_or(1, |r| r.no + 1);
                if black {
                    moves.push(MoveRow {
                        no,
                        red: None,
                        black: Some(cell),
                    });
                } else {
                    moves.push(MoveRow {
                        no,
                        red: Some(cell),
                        black: None,
                    });
                }
            }
        }
    }
    // the rulesets chosen (embedded ids only: the web never loads a path)
    let all = catalogue();
    let mut chosen: Vec<String> = q
        .rulesets
        .iter()
        .filter(|id| all.contains(id))
        .cloned()
        .collect();
    if chosen.is_empty() {
        // By default the editions built on no other (cn-1987, axf); the successors when ticked.
        chosen = Ruleset::linked_root_builtin_ids().unwrap_or_default();
    }
    let arbiters: Vec<Arbiter> = chosen
        .iter()
        .filter_map(|id| Ruleset::builtin(id)?.ok())
        .filter_map(|rs| Arbiter::new(rs).ok())
        .collect();
    let record = GameRecord::new(game.start.clone(), game.moves.clone())
        .map_err(|e| format!("{rel}: {e}"))?;
    let rulings: Vec<Ruling> = arbiters
        .iter()
        .map(|a| a.judge(&record, JudgeOptions { classify_all: true }))
        .collect();
    let cmp = compare::compare(&arbiters, &rulings);
    let classes = cmp
        .rows
        .iter()
        .map(|row| ClassRow {
            ply: row.ply,
            href: href(row.ply),
            mv: texts.get(row.ply - 1).cloned().unwrap_or_default(),
            side: if row.side == "red" { w.red } else { w.black },
            cells: rulings
                .iter()
                .map(|r| class_cell(r.plies.get(row.ply - 1)))
                .collect(),
            differs: row.differs,
            reason: row
                .reason
                .as_ref()
                .map(|r| pick(lang, r))
                .unwrap_or_default(),
            current: row.ply == ply,
        })
        .collect();
    let blocks = rulings
        .iter()
        .zip(&arbiters)
        .map(|(r, a)| RulingBlock {
            ruleset: r.ruleset.clone(),
            title: a.ruleset().title.clone(),
            outcome: {
                let why = reason_words(lang, &r.reason);
                let mut s = pick(lang, &outcome_words(r.outcome));
                match (r.decided_at_ply, why.is_empty()) {
                    (Some(p), false) => s.push_str(&format!(" ({} {p}, {why})", w.ply)),
                    (Some(p), true) => s.push_str(&format!(" ({} {p})", w.ply)),
                    (None, false) => s.push_str(&format!(" ({why})")),
                    (None, true) => {}
                }
                s
            },
            cycles: r
                .repetitions
                .iter()
                .map(|rep| CycleRow {
                    plies: format!("{}–{}", rep.first_ply, rep.last_ply),
                    red: rep.red.clone(),
                    black: rep.black.clone(),
                    verdict: match lang {
                        Lang::Zh => verdict_words(rep.verdict).zh,
                        Lang::En => match rep.verdict {
                            Verdict::Draw => "draw".into(),
                            Verdict::MustVary(Color::Red) => "Red must vary".into(),
                            Verdict::MustVary(Color::Black) => "Black must vary".into(),
                        },
                    },
                    explanation: rep.explanation.clone(),
                })
                .collect(),
        })
        .collect();
    let verdicts = if rulings.len() > 1 {
        Some(match &cmp.verdict_reason {
            Some(r) => format!("{}: {}", w.verdicts_differ, pick(lang, r)),
            None => w.verdicts_agree.to_string(),
        })
    } else {
        None
    };
    let tag = |k: &str| game.tag(k).unwrap_or("").to_string();
    let mut meta = Vec::new();
    for (k, label) in [("Event", w.event), ("Date", w.date)] {
        if !tag(k).is_empty() {
            meta.push((label.to_string(), tag(k)));
        }
    }
    let result = game.tag("Result").or(game.result.as_deref()).unwrap_or("");
    if !result.is_empty() && result != "*" {
        let why = tag("XqResultReason");
        meta.push((
            w.result.to_string(),
            if why.is_empty() {
                result.to_string()
            } else {
                format!("{result} ({why})")
            },
        ));
    }
    meta.push((w.plies.to_string(), plies.to_string()));
    let notations = [
        (Notation::Chinese, w.chinese),
        (Notation::Wxf, "WXF"),
        (Notation::Iccs, "ICCS"),
    ]
    .into_iter()
    .map(|(nt, label)| {
        let nq = ViewQuery {
            notation: Some(nt),
            ..q.clone()
        };
        NotationLink {
            code: notation_code(nt),
            label,
            href: format!("{file_href}{}", nq.link(game_param, Some(ply))),
            on: nt == notation,
        }
    })
    .collect();
    let nav = Nav {
        first: (ply > 0).then(|| href(0)),
        prev: (ply > 0).then(|| href(ply - 1)),
        next: (ply < plies).then(|| href(ply + 1)),
        last: (ply < plies).then(|| href(plies)),
    };
    Ok(GamePage {
        page,
        w,
        file: rel.to_string(),
        list_href: (count > 1).then(|| format!("{file_href}{}", q.link(None, None))),
        game_no: n,
        game_count: count,
        heading,
        meta,
        board,
        ply,
        plies,
        position_text,
        nav,
        moves,
        notations,
        lang_code: lang.code(),
        game_param,
        notation_code: notation_code(notation),
        rulesets: all
            .iter()
            .map(|id| RulesetBox {
                id: id.clone(),
                checked: chosen.contains(id),
            })
            .collect(),
        ruleset_ids: rulings.iter().map(|r| r.ruleset.clone()).collect(),
        classes,
        rulings: blocks,
        verdicts,
        several: rulings.len() > 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(game: Option<usize>, from: Option<usize>) -> ViewQuery {
        ViewQuery {
            game,
            from,
            ..ViewQuery::default()
        }
    }

    #[test]
    fn a_database_is_read_through_its_index_one_game_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db.pgn");
        let mut pgn = String::new();
        for i in 1..=(LIST_PAGE + 5) {
            pgn.push_str(&format!(
                "[Red \"R{i}\"]\n[Black \"B{i}\"]\n[Result \"1-0\"]\n1. h2e2 h9g7 (1... h7e7) 2. h0g2 1-0\n\n"
            ));
        }
        // game 3 has a move that is not one; game 4 a stray byte
        pgn = pgn.replacen(
            "[Red \"R3\"]\n[Black \"B3\"]\n[Result \"1-0\"]\n1. h2e2",
            "[Red \"R3\"]\n[Black \"B3\"]\n[Result \"1-0\"]\n1. zz",
            1,
        );
        let mut bytes = pgn.into_bytes();
        let at = bytes.windows(9).position(|w| w == b"[Red \"R4\"").unwrap();
        bytes.insert(at + 40, 0xFF);
        std::fs::write(&path, &bytes).unwrap();
        let cache = GameCache::default();
        let root = path.parent().unwrap();

        let Shown::List { total, rows } = load(&cache, &path, "db.pgn", &query(None, None), root)
        else {
            panic!("a list")
        };
        assert_eq!((total, rows.len()), (LIST_PAGE + 5, LIST_PAGE));
        assert_eq!((rows[0].red.as_str(), rows[0].plies), ("R1", 3));
        assert_eq!(rows[2].red, "R3", "a bad game is listed with its tags");
        assert_eq!(rows[3].plies, 0, "an unreadable one is listed empty");
        let Shown::List { rows, .. } = load(
            &cache,
            &path,
            "db.pgn",
            &query(None, Some(LIST_PAGE + 1)),
            root,
        ) else {
            panic!("the last page")
        };
        assert_eq!(
            rows.iter().map(|r| r.no).collect::<Vec<_>>(),
            (LIST_PAGE + 1..=LIST_PAGE + 5).collect::<Vec<_>>()
        );

        let Shown::Game { n, count, game } = load(
            &cache,
            &path,
            "db.pgn",
            &query(Some(LIST_PAGE + 2), None),
            root,
        ) else {
            panic!("a game")
        };
        assert_eq!(
            (n, count, game.moves.len()),
            (LIST_PAGE + 2, LIST_PAGE + 5, 3)
        );
        assert_eq!(game.variations.len(), 1);
        assert!(matches!(
            load(&cache, &path, "db.pgn", &query(Some(3), None), root),
            Shown::Refused(e) if e.contains("game 3") && e.contains("zz")
        ));
        assert!(matches!(
            load(&cache, &path, "db.pgn", &query(Some(4), None), root),
            Shown::Refused(e) if e.contains("game 4") && e.contains("0xFF")
        ));
        assert!(matches!(
            load(&cache, &path, "db.pgn", &query(Some(999), None), root),
            Shown::Missing { n: 999, count } if count == LIST_PAGE + 5
        ));
        assert_eq!(
            cache.0.lock().unwrap().len(),
            1,
            "one index, no parsed games"
        );

        // A changed file (another length) gets a new index.
        std::fs::write(&path, "[Red \"only\"]\n1. c3c4 *\n").unwrap();
        let Shown::Game { count, game, .. } =
            load(&cache, &path, "db.pgn", &query(None, None), root)
        else {
            panic!("the one game")
        };
        assert_eq!((count, game.tag("Red")), (1, Some("only")));
        // A format read whole is not indexed.
        let xqf = dir.path().join("log.json");
        std::fs::write(&xqf, "{ not a log").unwrap();
        assert!(matches!(
            load(&cache, &xqf, "log.json", &query(None, None), root),
            Shown::Refused(_)
        ));
    }

    #[test]
    fn paths_out_of_the_folder_are_refused() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.pgn"), "1. h2e2 *\n").unwrap();
        assert!(resolve(dir.path(), "a.pgn").is_some());
        for bad in [
            "../a.pgn",
            "/etc/passwd",
            "./a.pgn",
            "",
            ".hidden.pgn",
            "x/../a.pgn",
        ] {
            assert!(resolve(dir.path(), bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_query_reads_repeated_and_comma_separated_rulesets() {
        let q = ViewQuery::parse(Some(
            "rulesets=cn-1987%2Caxf&rulesets=axf&ply=3&notation=wxf&lang=en",
        ));
        assert_eq!(q.rulesets, ["cn-1987", "axf"]);
        assert_eq!(q.ply, Some(3));
        assert_eq!(q.notation(), Notation::Wxf);
        assert_eq!(q.lang, Lang::En);
        let q = ViewQuery::parse(Some("rulesets=%E7%82%AE+x,%zz"));
        assert_eq!(q.rulesets, ["炮 x", "%zz"]);
        assert_eq!(encode("棋局/a b.pgn", true), "%E6%A3%8B%E5%B1%80/a%20b.pgn");
        assert_eq!(encode("a/b~c", false), "a%2Fb~c");
    }
}
