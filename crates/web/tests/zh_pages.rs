//! Issue 22: a Chinese page of the desk speaks no English. Over a folder with an event of each
//! system (积分编排制, 循环制, 淘汰制, 分组, 团体) and two live games (one standing on the rules'
//! proposal of national game 3495, one with every kind of console entry and an undo), every page
//! the desk links to from its start page is fetched in Chinese through the router in-process,
//! and so is every error and refusal page it can show (404, 403, 409, 422, 400 with the CLI's
//! messages). Each page's visible text (tags, scripts and styles stripped; `placeholder`,
//! `title`, `aria-label` and button values kept) must hold no run of two or more Latin letters
//! but the fixed tokens of [`ALLOWED`] and the ids the arbiter typed (file names): the failure
//! lists every offender with its page.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

mod common;

use axum::Router;
use axum::http::StatusCode;
use common::{csrf_of, form, get, post};

/// Tokens a Chinese arbiter reads as they are, each with the reason it may stand on a zh page.
const ALLOWED: &[(&str, &str)] = &[
    (
        "English",
        "the switch to the English pages, named in its own language",
    ),
    (
        "PGN",
        "the game record's file format, as the arbiter's tools name it",
    ),
    ("CSV", "the spreadsheet export's format"),
    ("JSON", "the machine export's format"),
    (
        "TRF",
        "FIDE's tournament report format, a file format's name",
    ),
    ("FEN", "the position notation, a format's name"),
    ("ICCS", "the move notation the console accepts, by its name"),
    ("WXF", "the move notation the console accepts, by its name"),
    (
        "AXF",
        "the Asian Xiangqi Federation, named as its rules are (亚洲象棋联合会)",
    ),
    ("PDF", "the printed forms' file format"),
    (
        "UTC",
        "the time zone of the history's times, as clocks and phones name it",
    ),
    (
        "cn",
        "in a ruleset's id (cn-1987, cn-2020), as the event file and the CLI name it",
    ),
    (
        "axf",
        "a ruleset's id, as the event file and the CLI name it",
    ),
    (
        "computer",
        "in a ruleset's id (computer-2007), as the event file names it",
    ),
    (
        "xq",
        "the program's name, in the command line a page quotes for the same step",
    ),
    ("QR", "the QR code of the start page"),
    (
        "Home",
        "a key's name as printed on the keyboard (the viewer's keys)",
    ),
    (
        "End",
        "a key's name as printed on the keyboard (the viewer's keys)",
    ),
    ("URL", "an address, named as browsers name it"),
];

/// Ids the arbiter typed: the file names of the folder (event files, game logs, exports).
fn strip_ids(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in
        text.split_inclusive(|c: char| c.is_whitespace() || "（）()：:，,；;\"'「」“”".contains(c))
    {
        let core = word.trim_end_matches(|c: char| {
            c.is_whitespace() || "（）()：:，,；;\"'「」“”".contains(c)
        });
        let is_file = [".toml", ".pgn", ".csv", ".json", ".trf", ".lock"]
            .iter()
            .any(|ext| core.ends_with(ext) && core.len() > ext.len());
        // a position in FEN (the board's label for screen readers): a fixed notation
        let is_fen = core.matches('/').count() == 9;
        if is_file || is_fen {
            out.push_str(&word[core.len()..]);
        } else {
            out.push_str(word);
        }
    }
    out
}

/// The text a reader sees on a page: scripts and styles dropped, tags dropped (their
/// `placeholder`, `title`, `aria-label`, `alt` and a button's `value` kept), entities undone.
fn visible_text(html: &str) -> String {
    let mut html = html.to_string();
    for tag in ["script", "style"] {
        while let Some(at) = html.find(&format!("<{tag}")) {
            let end = html[at..]
                .find(&format!("</{tag}>"))
                .map_or(html.len(), |e| at + e + tag.len() + 3);
            html.replace_range(at..end, " ");
        }
    }
    let mut out = String::new();
    let mut rest = html.as_str();
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let close = rest[open..].find('>').map_or(rest.len(), |c| open + c + 1);
        let tag = &rest[open..close];
        let button = tag.starts_with("<input")
            && (tag.contains("type=\"submit\"") || tag.contains("type=\"button\""));
        for attr in ["placeholder", "title", "aria-label", "alt"]
            .into_iter()
            .chain(button.then_some("value"))
        {
            let key = format!(" {attr}=\"");
            if let Some(at) = tag.find(&key) {
                let v = &tag[at + key.len()..];
                out.push(' ');
                out.push_str(&v[..v.find('"').unwrap_or(v.len())]);
            }
        }
        out.push(' ');
        rest = &rest[close..];
    }
    out.push_str(rest);
    common::unescape(&out).replace("&nbsp;", " ")
}

/// What the arbiter typed, quoted back by a refusal (`"dance"`): dropped.
fn strip_quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    for c in text.chars() {
        if c == '"' {
            quoted = !quoted;
        } else if !quoted {
            out.push(c);
        }
    }
    out
}

/// The runs of two or more Latin letters on a page that are neither allowed nor part of an id.
fn english_words(html: &str) -> Vec<String> {
    let text = strip_ids(&strip_quoted(&visible_text(html)));
    let mut words = Vec::new();
    let mut run = String::new();
    for c in text.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_alphabetic() {
            run.push(c);
            continue;
        }
        if run.len() >= 2 && !ALLOWED.iter().any(|(a, _)| *a == run) {
            words.push(run.clone());
        }
        run.clear();
    }
    words
}

#[test]
fn the_counter_finds_english_and_passes_the_allowed() {
    assert_eq!(
        english_words("<p>open.toml: no such event file</p>"),
        ["no", "such", "event", "file"]
    );
    assert_eq!(
        english_words("<input type=\"submit\" value=\"Save\"><input placeholder=\"name\">"),
        ["Save", "name"]
    );
    assert!(english_words("<style>body { color: red }</style><script>let x = 1;</script><a href=\"/e/x.toml?lang=en\">English</a> 第 1 轮 导出 CSV、PGN h2e2 a-b.pgn").is_empty());
    assert_eq!(english_words("<td>swiss-cn</td>"), ["swiss"]);
    assert_eq!(english_words("<p>没有这种记录：\"dance\" no</p>"), ["no"]);
}

/// Game 3495's 47 plies in ICCS (ccpd_national.pgn; see `crates/game/tests/proposals.rs`).
const GAME_3495: &str = "h2e2 h9g7 h0g2 i9h9 c3c4 g6g5 b0c2 b9c7 i0i1 g9e7 \
    i1f1 f9e8 b2b4 b7a7 g3g4 g5g4 b4g4 a9b9 f1f6 h7h3 \
    a0a1 b9b5 a1h1 b5h5 e2f2 h3g3 h1h5 g7h5 f6f5 e8f9 \
    g0e2 a7a8 g4h4 h5g7 f5f3 a8g8 h4g4 g7h5 g4h4 h5g7 \
    h4g4 g7h5 g4h4 h5g7 h4g4 g7h5 g4h4";

const NAMES: &str = "姓名,单位,等级分\n王天一,杭州,2700\n郑惟桐,成都,2650\n许银川,广东\n赵鑫鑫,浙江\n孟辰,四川\n蒋川,北京,2600\n洪智,湖北\n谢靖,上海";

/// The desk over a fresh folder, with the form secret.
struct Desk {
    dir: tempfile::TempDir,
    app: Router,
    csrf: String,
}

impl Desk {
    async fn post(&self, uri: &str, fields: &[(&str, &str)]) -> (StatusCode, String) {
        let mut all = vec![("csrf", self.csrf.as_str()), ("lang", "zh")];
        all.extend_from_slice(fields);
        let (s, _, body) = post(&self.app, uri, &form(&all), &[]).await;
        (s, body)
    }

    /// A write that must be done (303).
    async fn ok(&self, uri: &str, fields: &[(&str, &str)]) {
        let (s, body) = self.post(uri, fields).await;
        assert_eq!(s, StatusCode::SEE_OTHER, "{uri} {fields:?}: {body}");
    }

    async fn create(&self, file: &str, fields: &[(&str, &str)]) {
        let mut all = vec![("file", file), ("no_lot", "1")];
        all.extend_from_slice(fields);
        self.ok("/new", &all).await;
    }

    fn event(&self, id: &str) -> xiangqi::event::Event {
        xiangqi::event::Store::new(self.dir.path().join(id))
            .read()
            .unwrap()
    }

    /// Enters a result on every board of round `round` of `id` that has none, but `skip`.
    async fn results(&self, id: &str, round: u32, skip: &[u32]) {
        let ev = self.event(id);
        let boards: Vec<u32> = ev.paired[round as usize - 1]
            .boards
            .iter()
            .filter(|b| b.result.is_none() && b.black != 0)
            .map(|b| b.board)
            .collect();
        for (i, b) in boards.into_iter().enumerate() {
            if skip.contains(&b) {
                continue;
            }
            let result = ["1-0", "=", "0-1"][i % 3];
            self.ok(
                &format!("/e/{id}/round/{round}/board/{b}"),
                &[("result", result)],
            )
            .await;
        }
    }

    async fn live(&self, id: &str, round: u32, board: u32, fields: &[(&str, &str)]) {
        self.ok(&format!("/e/{id}/round/{round}/board/{board}/live"), fields)
            .await;
    }
}

/// The viewer's pages of a few plies (the start, the moves around the rules' proposals of
/// game 3495, the end) in each notation, not every ply: the words are the same on every ply.
fn viewer_sample(link: &str) -> bool {
    let Some((_, query)) = link.split_once('?') else {
        return true;
    };
    let ply = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("ply="))
        .and_then(|p| p.parse::<u32>().ok());
    match ply {
        None => true,
        Some(p) => [0, 1, 44, 45].contains(&p) && (p == 44 || !query.contains("notation=")),
    }
}

/// Every page in the folder the desk links to, in Chinese, from `/` (links to the English pages
/// and to the login are not followed): address → page.
async fn crawl(app: &Router) -> BTreeMap<String, (StatusCode, String)> {
    let mut pages = BTreeMap::new();
    let mut queue = VecDeque::from(["/".to_string(), "/new".to_string()]);
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    while let Some(uri) = queue.pop_front() {
        let (s, h, body) = get(app, &uri).await;
        let html = h
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| t.starts_with("text/html"));
        if html {
            let mut rest = body.as_str();
            while let Some(at) = rest.find("href=\"") {
                rest = &rest[at + 6..];
                let link = &rest[..rest.find('"').unwrap_or(0)];
                let link = link.split('#').next().unwrap_or("");
                let skip = !link.starts_with('/')
                    || link.contains("lang=en")
                    || link.starts_with("/assets/")
                    || link.starts_with("/login")
                    // machine formats: the whole event as JSON, FIDE's TRF
                    || link.ends_with("/event.json")
                    || link.ends_with("/event.trf")
                    || link.contains("/event.json?")
                    || link.contains("/event.trf?");
                if !skip && viewer_sample(link) && seen.insert(link.to_string()) {
                    queue.push_back(link.to_string());
                }
            }
        }
        assert!(pages.len() < 400, "the crawl stops at 400 pages");
        pages.insert(uri, (s, body));
    }
    pages
}

#[tokio::test]
async fn every_chinese_page_has_no_english_word() {
    let dir = tempfile::tempdir().unwrap();
    let app = common::app(dir.path(), None);
    let (_, _, page) = get(&app, "/new").await;
    let desk = Desk {
        csrf: csrf_of(&page),
        dir,
        app,
    };

    // an event of each system
    desk.create(
        "swiss.toml",
        &[
            ("name", "市象棋个人赛"),
            ("division", "男子组"),
            ("players", NAMES),
            ("ruleset", "cn-1987"),
            ("system", "swiss"),
            ("rounds", "5"),
        ],
    )
    .await;
    desk.create(
        "rr.toml",
        &[
            ("name", "四人循环赛"),
            ("players", "王天一\n郑惟桐\n许银川\n赵鑫鑫"),
            ("ruleset", "axf"),
            ("system", "round-robin"),
        ],
    )
    .await;
    desk.create(
        "cup.toml",
        &[
            ("name", "象棋杯"),
            ("players", "王天一\n郑惟桐\n许银川\n赵鑫鑫\n孟辰"),
            ("system", "knockout"),
            ("third_place", "1"),
        ],
    )
    .await;
    desk.create(
        "groups.toml",
        &[
            ("name", "分组赛"),
            ("players", NAMES),
            ("system", "groups"),
            ("groups", "2"),
            ("advance", "2"),
        ],
    )
    .await;
    desk.create(
        "teams.toml",
        &[
            ("name", "团体赛"),
            (
                "teams",
                "甲队,北京:甲一,甲二,甲三\n乙队,上海:乙一,乙二,乙三\n丙队,天津:丙一,丙二,丙三\n丁队,广东:丁一,丁二,丁三",
            ),
            ("system", "round-robin"),
            ("team_boards", "2"),
            ("lineup_system", "free"),
        ],
    )
    .await;

    // rounds paired and played: the Swiss to round 2 (boards 1 and 2 of it at the console)
    for id in [
        "swiss.toml",
        "rr.toml",
        "cup.toml",
        "groups.toml",
        "teams.toml",
    ] {
        desk.ok(&format!("/e/{id}/pair"), &[]).await;
    }
    for id in ["swiss.toml", "rr.toml", "cup.toml", "groups.toml"] {
        desk.results(id, 1, &[]).await;
    }
    desk.ok("/e/swiss.toml/pair", &[]).await;
    desk.ok("/e/cup.toml/pair", &[]).await;
    desk.ok("/e/swiss.toml/withdraw", &[("no", "8"), ("confirm", "1")])
        .await;

    // a correction of each kind, so that the history shows each (and the 409 page below
    // names what changed): colours swapped, a player edited, a withdrawal undone and made
    // again, an event renamed and the rename undone, a round unpaired and paired again, a
    // round paired by hand
    desk.ok(
        "/e/swiss.toml/swap",
        &[("round", "1"), ("board", "1"), ("confirm", "1")],
    )
    .await;
    desk.ok(
        "/e/swiss.toml/edit-player",
        &[
            ("no", "3"),
            ("name", "许银川"),
            ("club", "广州"),
            ("rating", "2680"),
        ],
    )
    .await;
    desk.ok("/e/swiss.toml/reinstate", &[("no", "8")]).await;
    desk.ok("/e/swiss.toml/withdraw", &[("no", "8"), ("confirm", "1")])
        .await;
    desk.ok("/e/rr.toml/rename", &[("name", "四人循环邀请赛")])
        .await;
    desk.ok("/e/rr.toml/undo", &[("confirm", "1")]).await;
    desk.ok("/e/rr.toml/rename", &[("name", "四人循环邀请赛")])
        .await;
    desk.ok("/e/rr.toml/pair", &[]).await;
    desk.ok("/e/rr.toml/unpair", &[("confirm", "1")]).await;
    desk.ok("/e/rr.toml/pair", &[]).await;
    desk.ok("/e/groups.toml/arbiter", &[("by", "李裁判")]).await;

    // board 1: national game 3495 to the rules' second proposal (told to vary at ply 44)
    desk.live("swiss.toml", 2, 1, &[("entry", "start")]).await;
    for (i, m) in GAME_3495.split_whitespace().take(45).enumerate() {
        desk.live("swiss.toml", 2, 1, &[("entry", "move"), ("mv", m)])
            .await;
        if i + 1 == 44 {
            desk.live(
                "swiss.toml",
                2,
                1,
                &[("entry", "told"), ("side", "red"), ("by", "李裁判")],
            )
            .await;
        }
    }
    // board 2: every kind of entry, an undo, and a declared result
    let b2: &[&[(&str, &str)]] = &[
        &[("entry", "start")],
        &[("entry", "move"), ("mv", "炮二平五"), ("clock", "1:29:50")],
        &[("entry", "move"), ("mv", "马8进7"), ("clock", "1:29:40")],
        &[("entry", "move"), ("mv", "b0c2")],
        &[("entry", "undo"), ("reason", "录入错误"), ("by", "李裁判")],
        &[("entry", "move"), ("mv", "h0g2")],
        &[("entry", "offer"), ("side", "red")],
        &[("entry", "decline"), ("side", "black")],
        &[("entry", "foul"), ("side", "black"), ("kind", "1")],
        &[
            ("entry", "violation"),
            ("side", "red"),
            ("reason", "超时记录"),
        ],
        &[("entry", "penalty"), ("side", "black"), ("seconds", "60")],
        &[("entry", "correct"), ("side", "red"), ("clock", "1:20:00")],
        &[("entry", "late"), ("side", "black"), ("minutes", "5")],
        &[("entry", "seal"), ("mv", "车9平8"), ("clock", "1:10:00")],
        &[("entry", "resume")],
        &[("entry", "claim-natural-limit"), ("side", "red")],
        &[
            ("entry", "declare"),
            ("outcome", "draw"),
            ("reason", "双方同意"),
            ("by", "李裁判"),
        ],
    ];
    for f in b2 {
        let (s, body) = desk.post("/e/swiss.toml/round/2/board/2/live", f).await;
        // a refused entry is a page too: it is checked below with the others
        assert!(
            s == StatusCode::SEE_OTHER || s == StatusCode::BAD_REQUEST,
            "{f:?}: {body}"
        );
    }

    let mut offenders: Vec<String> = Vec::new();
    let mut check = |what: &str, page: &str| {
        let words = english_words(page);
        if !words.is_empty() {
            offenders.push(format!("{what}: {} — {}", words.len(), words.join(" ")));
        }
        words.len()
    };

    // every page the desk links to
    let pages = crawl(&desk.app).await;
    let mut total = 0;
    for (uri, (s, body)) in &pages {
        assert!(s.is_success() || *s == StatusCode::NOT_FOUND, "{uri}: {s}");
        total += check(uri, body);
    }
    for must in [
        "/e/swiss.toml/round/2/board/1/live",
        "/e/swiss.toml/round/2/board/2/live",
        "/e/rr.toml/standings",
        "/e/cup.toml/bracket",
        "/e/teams.toml/manage",
        "/e/groups.toml",
        "/e/swiss.toml/history",
        "/e/rr.toml/history",
        "/e/swiss.toml/export/standings.csv?lang=zh",
    ] {
        assert!(
            pages.keys().any(|k| k.starts_with(must)),
            "{must} not reached: {:?}",
            pages.keys().collect::<Vec<_>>()
        );
    }
    assert!(
        pages.keys().any(|k| k.starts_with("/g/")),
        "the viewer not reached"
    );

    // the error and refusal pages
    std::fs::write(desk.dir.path().join("notes.toml"), "not = [an event").unwrap();
    let mut errors: Vec<(String, StatusCode, String)> = Vec::new();
    for uri in [
        "/nowhere",
        "/e/missing.toml",
        "/e/notes.toml",
        "/e/swiss.toml/round/9",
        "/g/missing.pgn",
    ] {
        let (s, _, body) = get(&desk.app, uri).await;
        errors.push((format!("GET {uri}"), s, body));
    }
    let refusals: &[(&str, &[(&str, &str)])] = &[
        // pairing with results missing; a result changed without 覆盖; not a result
        ("/e/swiss.toml/pair", &[]),
        ("/e/swiss.toml/round/1/board/1", &[("result", "0-1")]),
        ("/e/swiss.toml/round/2/board/3", &[("result", "2-0")]),
        ("/e/swiss.toml/round/2/board/9", &[("result", "1-0")]),
        ("/e/missing.toml/pair", &[]),
        // creation refused with the CLI's messages
        ("/new", &[("file", "swiss.toml"), ("players", "甲\n乙")]),
        (
            "/new",
            &[
                ("file", "x.toml"),
                ("players", "甲\n乙"),
                ("system", "ladder"),
            ],
        ),
        (
            "/new",
            &[
                ("file", "y.toml"),
                ("players", "甲\n乙\n丙\n丁"),
                ("system", "round-robin"),
                ("rounds", "2"),
            ],
        ),
        ("/new", &[("file", "z.toml"), ("players", "甲")]),
        ("/new", &[("file", "../z.toml"), ("players", "甲\n乙")]),
        // managing: a withdrawn player again, a player not in the event, a bad line-up
        ("/e/swiss.toml/withdraw", &[("no", "8")]),
        ("/e/swiss.toml/withdraw", &[("no", "99")]),
        ("/e/swiss.toml/bye", &[("no", "1")]),
        ("/e/swiss.toml/add", &[("name", "")]),
        (
            "/e/teams.toml/lineup",
            &[("board", "1/1"), ("team", "1"), ("members", "2,2")],
        ),
        (
            "/e/teams.toml/lineup",
            &[("board", "x/1"), ("team", "1"), ("members", "1,2")],
        ),
        ("/e/swiss.toml/bye", &[("no", "x"), ("round", "1")]),
        ("/e/swiss.toml/add", &[("player", "王五,北京,很强")]),
        // every correction form with bad input
        ("/e/swiss.toml/unpair", &[]),
        ("/e/swiss.toml/pair-by-hand", &[("boards", "1x2")]),
        ("/e/swiss.toml/pair-by-hand", &[("boards", "1-x")]),
        (
            "/e/swiss.toml/pair-by-hand",
            &[("boards", "1-2"), ("bye", "x")],
        ),
        ("/e/swiss.toml/swap", &[("round", "x"), ("board", "1")]),
        ("/e/swiss.toml/swap", &[("round", "1"), ("board", "99")]),
        ("/e/swiss.toml/edit-player", &[("no", "x")]),
        (
            "/e/swiss.toml/edit-player",
            &[("no", "1"), ("rating", "强")],
        ),
        ("/e/swiss.toml/edit-player", &[("no", "99"), ("name", "某")]),
        ("/e/swiss.toml/reinstate", &[("no", "1")]),
        ("/e/swiss.toml/reinstate", &[("no", "")]),
        ("/e/swiss.toml/rename", &[("name", " ")]),
        ("/e/swiss.toml/undo", &[]),
        ("/e/swiss.toml/delete", &[]),
        ("/e/swiss.toml/arbiter", &[("by", "")]),
        // a stale 覆盖 (409): the page of version 1 long after
        (
            "/e/swiss.toml/round/1/board/2",
            &[("result", "0-1"), ("force", "1"), ("version", "1")],
        ),
        (
            "/e/swiss.toml/rename",
            &[("name", "新名"), ("version", "1")],
        ),
        // the console: an illegal move, a word it does not know, a start twice
        (
            "/e/swiss.toml/round/2/board/1/live",
            &[("entry", "move"), ("mv", "h2h9")],
        ),
        ("/e/swiss.toml/round/2/board/1/live", &[("entry", "dance")]),
        ("/e/swiss.toml/round/2/board/1/live", &[("entry", "start")]),
        (
            "/e/swiss.toml/round/2/board/1/live",
            &[("entry", "penalty"), ("side", "red"), ("seconds", "x")],
        ),
        (
            "/e/swiss.toml/round/2/board/3/live",
            &[("entry", "move"), ("mv", "h2e2")],
        ),
    ];
    for (uri, fields) in refusals {
        let (s, body) = desk.post(uri, fields).await;
        errors.push((format!("POST {uri} {fields:?}"), s, body));
    }
    // a form without its secret (403), and the desk with a token
    let (s, _, body) = post(&desk.app, "/e/swiss.toml/pair", "lang=zh", &[]).await;
    errors.push(("POST without the form's secret".into(), s, body));
    let locked = common::app(desk.dir.path(), Some("s3cret"));
    let body = form(&[("csrf", &"0".repeat(32)), ("lang", "zh")]);
    let (s, _, body) = post(&locked, "/e/swiss.toml/pair", &body, &[]).await;
    errors.push(("POST without the token".into(), s, body));
    let (s, _, body) = get(&locked, "/login?token=wrong").await;
    errors.push(("GET /login?token=wrong".into(), s, body));

    let mut statuses = BTreeSet::new();
    for (what, s, body) in &errors {
        statuses.insert(s.as_u16());
        total += check(&format!("{what} ({s})"), body);
    }
    for want in [400, 403, 404, 409, 422] {
        assert!(
            statuses.contains(&want),
            "no {want} page among {statuses:?}"
        );
    }
    assert!(
        offenders.is_empty(),
        "{total} English words on {} of {} Chinese pages:\n{}",
        offenders.len(),
        pages.len() + errors.len(),
        offenders.join("\n")
    );
}
