//! The desk's game viewer: `/g/PATH` opens a game file of the served folder (PGN with one game
//! or many, XQF and the other formats the readers know, and the game logs `xq game` writes as
//! PGN or JSON) and shows the board at any ply (`?ply=K`), the move list in Chinese, WXF or ICCS
//! (`?notation=zh|wxf|iccs`), every ply's class under each chosen ruleset side by side
//! (`?rulesets=cn-1987,axf`) with the reason where they differ, and the repetition rulings.
//!
//! Paths are relative to the served folder (an event file's folder when one file is served);
//! `..`, absolute paths and symbolic links that lead out of it are not found (404). A file the
//! readers refuse gives their message (422), never a panic.

mod budget;
mod files;
mod view;

use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::SystemTime;

use askama::Template;
use axum::Router;
use axum::extract::{Path as UrlPath, RawQuery, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
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
use crate::app::{Error, Page, render};
use crate::words::{Lang, ViewerWords as Words};
pub use files::PARSE_BYTES_PER_BYTE;
use files::*;
pub(crate) use files::{GameCache, GameFile, game_files};
use view::*;

/// The viewer's routes (merged into the desk's).
pub(crate) fn routes() -> Router<Arc<Desk>> {
    Router::new().route("/g/{*path}", get(game_page))
}

fn words(lang: Lang) -> &'static Words {
    lang.viewer()
}

fn pick(lang: Lang, r: &Reading) -> String {
    lang.pick(&r.zh, &r.en).clone()
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
        percent_encoding::utf8_percent_encode(s, crate::app::PATH).to_string()
    } else {
        crate::app::url(s)
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
    desk.root.folder()
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

/// `msg` without the served folder `root` where it names it as a path: `{root}/x` becomes `x`
/// and `{root}` alone `.`, for the folder as given and as an absolute path; a folder name that
/// is a plain word (`o`) is taken out only where it starts a path, never inside other words.
fn no_folder(msg: &str, root: &Path) -> String {
    let mut out = msg.to_string();
    let forms = [Some(root.to_path_buf()), root.canonicalize().ok()];
    for d in forms.into_iter().flatten() {
        let d = d.display().to_string();
        if d.is_empty() || d == "." {
            continue;
        }
        if Path::new(&d).is_absolute() {
            out = out.replace(&format!("{d}/"), "").replace(&d, ".");
        } else {
            // a relative folder: only where a path starts (at the start or after a blank,
            // quote or backtick) and goes on with `/`
            let mut kept = String::with_capacity(out.len());
            let mut rest = out.as_str();
            let pat = format!("{d}/");
            while let Some(at) = rest.find(&pat) {
                let starts_path = rest[..at]
                    .chars()
                    .next_back()
                    .or_else(|| kept.chars().next_back())
                    .is_none_or(|c| c.is_whitespace() || matches!(c, '"' | '\'' | '`' | '('));
                if starts_path {
                    kept.push_str(&rest[..at]);
                } else {
                    kept.push_str(&rest[..at + pat.len()]);
                }
                rest = &rest[at + pat.len()..];
            }
            kept.push_str(rest);
            out = kept;
        }
    }
    out
}

/// Why a game file cannot be shown (404 or 422), under the viewer's heading.
fn failure(lang: Lang, status: StatusCode, message: String) -> Response {
    let w = words(lang);
    let heading = if status == StatusCode::NOT_FOUND {
        w.not_found
    } else {
        w.cannot_read
    };
    Error::new(lang, status, message)
        .heading(heading)
        .into_response()
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
        return failure(lang, StatusCode::NOT_FOUND, lang.no_such_game(&rel));
    };
    if !is_game_record(&path, &rel) {
        return failure(lang, StatusCode::NOT_FOUND, lang.not_a_game_record(&rel));
    }
    let name = rel.clone();
    let root_of_log = root.clone();
    let cache = Arc::clone(&desk);
    let query = q.clone();
    // at most as many pages read and judged at once as the machine has cores: a page of a
    // long game judges every ply under each ruleset, and that work only shares the cores, so
    // more at once would add memory, not speed (a request waits, then 503)
    let Ok(Ok(_turn)) = tokio::time::timeout(files::PARSE_WAIT, desk.games.views.acquire()).await
    else {
        return failure(
            lang,
            StatusCode::SERVICE_UNAVAILABLE,
            lang.viewer_busy(&rel),
        );
    };
    let shown =
        tokio::task::spawn_blocking(move || load(&cache.games, &path, &name, &query, &root_of_log))
            .await
            .unwrap_or_else(|_| Shown::Refused(format!("{rel}: internal error")));
    let w = words(lang);
    let file_href = format!("/g/{}", encode(&rel, true));
    let (n, count, game) = match shown {
        Shown::Refused(msg) => {
            // the served folder out of the message, as a path only (a folder named `o` must not
            // turn `move` into `m.ve`)
            let msg = no_folder(&msg, &root);
            return failure(lang, StatusCode::UNPROCESSABLE_ENTITY, msg);
        }
        Shown::Missing { n, count } => {
            return failure(
                lang,
                StatusCode::NOT_FOUND,
                format!("{rel}: no game {n} (the file holds {count})"),
            );
        }
        Shown::Busy => {
            return failure(
                lang,
                StatusCode::SERVICE_UNAVAILABLE,
                lang.viewer_busy(&rel),
            );
        }
        Shown::Game {
            n,
            count,
            games,
            at,
        } => (n, count, (games, at)),
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
                    lang: lang.other(),
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
    let (games, at) = game;
    let game = &games[at];
    let plies = game.moves.len();
    let heading = match (game.tag("Red"), game.tag("Black")) {
        (Some(r), Some(b)) => format!("{r} – {b}"),
        _ => rel.clone(),
    };
    let mut page = Page::new(&desk, &headers, lang, &file_href, heading.clone());
    page.other_href = format!(
        "{file_href}{}",
        ViewQuery {
            lang: lang.other(),
            ..q.clone()
        }
        .link(q.game, q.ply.map(|p| p.min(plies)))
    );
    let view = {
        let rel = rel.clone();
        let desk = Arc::clone(&desk);
        tokio::task::spawn_blocking(move || {
            // judging every ply under each ruleset takes memory by the ply: within the budget
            let weight = (plies as u64).saturating_mul(files::VIEW_BYTES_PER_PLY)
                / files::PARSE_BYTES_PER_BYTE;
            let _room = desk.games.budget.take(weight, files::PARSE_WAIT)?;
            Some(game_view(page, heading, &q, &rel, n, count, &games[at]))
        })
        .await
    };
    let view = match view {
        Ok(None) => {
            return failure(
                lang,
                StatusCode::SERVICE_UNAVAILABLE,
                lang.viewer_busy(&rel),
            );
        }
        Ok(Some(Ok(v))) => v,
        Ok(Some(Err(msg))) => {
            return failure(lang, StatusCode::UNPROCESSABLE_ENTITY, msg);
        }
        Err(_) => {
            return failure(
                lang,
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("{rel}: internal error"),
            );
        }
    };
    render(StatusCode::OK, &view)
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
        // a game's result reason (`XqResultReason`, as the live console's log records it)
        "arbiter" => "裁判宣布",
        "agreed" => "双方同意",
        "resignation" => "认输",
        "flag" => "超时",
        "late" => "迟到超过时限",
        "disciplinary" => "纪律处分",
        "third-violation" => "第三次违例",
        "sealed-move" => "封棋着法错误",
        "natural-limit" => "自然限着",
        other => other,
    };
    lang.pick(zh.to_string(), reason.replace('-', " "))
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

        let Shown::Game {
            n,
            count,
            games,
            at,
        } = load(
            &cache,
            &path,
            "db.pgn",
            &query(Some(LIST_PAGE + 2), None),
            root,
        )
        else {
            panic!("a game")
        };
        let game = &games[at];
        assert_eq!(
            (n, count, game.moves.len()),
            (LIST_PAGE + 2, LIST_PAGE + 5, 3)
        );
        // the page shows the main line: the variations are checked, not kept
        assert!(game.variations.is_empty());
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
        assert_eq!(cache.indexes.lock().unwrap().len(), 1, "one index");

        // A changed file (another length) gets a new index.
        std::fs::write(&path, "[Red \"only\"]\n1. c3c4 *\n").unwrap();
        let Shown::Game {
            count, games, at, ..
        } = load(&cache, &path, "db.pgn", &query(None, None), root)
        else {
            panic!("the one game")
        };
        assert_eq!((count, games[at].tag("Red")), (1, Some("only")));
        // A format read whole is not indexed.
        let xqf = dir.path().join("log.json");
        std::fs::write(&xqf, "{ not a log").unwrap();
        assert!(matches!(
            load(&cache, &xqf, "log.json", &query(None, None), root),
            Shown::Refused(_)
        ));
    }

    #[test]
    fn the_served_folder_leaves_messages_without_mangling_them() {
        let o = Path::new("o");
        assert_eq!(
            no_folder("o/g.pgn: move 1 `x` is not a move", o),
            "g.pgn: move 1 `x` is not a move"
        );
        assert_eq!(
            no_folder("ruleset \"/dev/zero\": not a file, foo/o/x", o),
            "ruleset \"/dev/zero\": not a file, foo/o/x"
        );
        let abs = Path::new("/srv/events");
        assert_eq!(
            no_folder("/srv/events/g.pgn: cannot read /srv/events", abs),
            "g.pgn: cannot read ."
        );
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
