//! The desk under attack (issue 20): the `Host` allow-list checked before anything else (DNS
//! rebinding), the frame headers on every response, paths out of the served folder (`..`,
//! symbolic links, a game log's ruleset, the 新建 form's ruleset), the token rules and the rate
//! limit on guesses, the body and player-count limits, pages of read-only users, one-line error
//! messages whatever the file names; and over real sockets, slow clients: a half-sent request
//! dropped after the header timeout, 1,100 half-open connections that do not stop a real request,
//! the connection limit.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

mod common;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{app, csrf_of, get, post, send};
use xiangqi::event::Store;
use xiangqi::event::{Edit, Event};
use xiangqi::scheduling::EventConfig;
use xiangqi_web::{Limits, Options, Server};

/// A folder with a six-player Swiss (`open.toml`), round 1 paired.
fn folder() -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = event_at(dir.path(), "open.toml");
    (dir, path)
}

/// A six-player Swiss at `dir/name`, round 1 paired.
fn event_at(dir: &Path, name: &str) -> PathBuf {
    let players = ["甲", "乙", "丙", "丁", "戊", "己"]
        .iter()
        .map(|n| (n.to_string(), "北京".to_string()))
        .collect();
    let mut ev = Event::new(
        "公开赛",
        "axf",
        EventConfig::default(),
        players,
        1,
        Some(3),
        false,
    )
    .unwrap();
    Edit::new(&mut ev).pair().unwrap();
    let path = dir.join(name);
    Store::new(&path).create(&ev).unwrap();
    path
}

/// A request from a page of `host` (a browser sends its own name as `Host`, and as `Origin` on
/// a POST).
fn from_host(method: &str, uri: &str, host: &str, body: &str) -> Request<Body> {
    Request::builder()
        .method(method)
        .uri(uri)
        .header(header::HOST, host)
        .header(header::ORIGIN, format!("http://{host}"))
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
        .body(Body::from(body.to_string()))
        .unwrap()
}

#[tokio::test]
async fn a_rebound_name_reads_and_writes_nothing() {
    let (dir, path) = folder();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/e/open.toml/round/1").await;
    let csrf = csrf_of(&page);
    let before = std::fs::read(&path).unwrap();
    // attacker.example rebound to 127.0.0.1: its page reads nothing …
    for uri in [
        "/",
        "/e/open.toml",
        "/e/open.toml/round/1",
        "/new",
        "/nothing",
    ] {
        let (s, h, body) = send(&app, from_host("GET", uri, "attacker.example:8080", "")).await;
        assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{uri}");
        assert!(!body.contains("csrf") && !body.contains("公开赛"), "{body}");
        assert!(body.contains("attacker.example:8080") && body.lines().count() == 1);
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY");
    }
    // … and writes nothing, even with the secret and a matching Origin
    let form = format!("csrf={csrf}&result=1-0");
    for host in ["attacker.example:8080", "127.0.0.1.attacker.example:8080"] {
        let (s, _, _) = send(
            &app,
            from_host("POST", "/e/open.toml/round/1/board/1", host, &form),
        )
        .await;
        assert_eq!(s, StatusCode::MISDIRECTED_REQUEST, "{host}");
    }
    let (s, _, _) = send(
        &app,
        from_host(
            "POST",
            "/new",
            "attacker.example:8080",
            &format!("csrf={csrf}&file=x.toml&players=a%0Ab"),
        ),
    )
    .await;
    assert_eq!(s, StatusCode::MISDIRECTED_REQUEST);
    assert_eq!(std::fs::read(&path).unwrap(), before);
    assert!(!dir.path().join("x.toml").exists());
    // no Host at all is no browser of this machine either
    let req = Request::get("/").body(Body::empty()).unwrap();
    assert_eq!(send(&app, req).await.0, StatusCode::MISDIRECTED_REQUEST);
    // the loopback names are this desk, and the write lands
    for host in ["localhost:8080", "[::1]:8080", "127.0.0.1:8080"] {
        let (s, _, _) = send(&app, from_host("GET", "/", host, "")).await;
        assert_eq!(s, StatusCode::OK, "{host}");
    }
    let (s, _, _) = send(
        &app,
        from_host(
            "POST",
            "/e/open.toml/round/1/board/1",
            "localhost:8080",
            &form,
        ),
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert_ne!(std::fs::read(&path).unwrap(), before);
}

#[tokio::test]
async fn no_page_may_be_framed() {
    let (dir, _) = folder();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/").await;
    assert!(page.contains("公开赛"));
    let csrf = csrf_of(&get(&app, "/e/open.toml/round/1").await.2);
    let mut seen = Vec::new();
    for (uri, form) in [
        ("/", None),
        ("/assets/desk.css", None),
        ("/e/open.toml/standings", None),
        ("/nothing", None),
        ("/e/open.toml/pair", Some("csrf=stale".to_string())),
        (
            "/e/open.toml/round/1/board/1",
            Some(format!("csrf={csrf}&result=1-0")),
        ),
    ] {
        let (s, h, _) = match form {
            None => get(&app, uri).await,
            Some(f) => post(&app, uri, &f, &[]).await,
        };
        assert_eq!(h[header::X_FRAME_OPTIONS], "DENY", "{uri}");
        assert_eq!(
            h[header::CONTENT_SECURITY_POLICY],
            "frame-ancestors 'none'",
            "{uri}"
        );
        seen.push(s);
    }
    // the statuses covered: a page, a download, 404, 403, 303
    for s in [200, 404, 403, 303] {
        assert!(seen.iter().any(|x| x.as_u16() == s), "{seen:?}");
    }
}

#[tokio::test]
async fn event_routes_follow_no_link_out_of_the_folder() {
    let outside = tempfile::tempdir().unwrap();
    let secret = event_at(outside.path(), "secret.toml");
    let (dir, _) = folder();
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&secret, dir.path().join("link.toml")).unwrap();
        // the console's log folder a link to elsewhere
        std::os::unix::fs::symlink(outside.path(), dir.path().join("open-games")).unwrap();
    }
    let app = app(dir.path(), None);
    let (s, _, body) = get(&app, "/").await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        body.contains("open.toml") && !body.contains("link.toml"),
        "{body}"
    );
    for uri in [
        "/e/link.toml",
        "/e/link.toml/standings",
        "/e/..%2Fsecret.toml",
        "/e/%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
        "/g/..%2Fsecret.toml",
        "/g/link.toml",
    ] {
        let (s, _, body) = get(&app, uri).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{uri}: {body}");
        assert!(!body.contains("公开赛"), "{uri}");
    }
    if cfg!(unix) {
        // the live console does not open or create a log through the link
        let live = "/e/open.toml/round/1/board/1/live";
        let (s, _, body) = get(&app, live).await;
        assert_eq!(s, StatusCode::NOT_FOUND, "{body}");
        assert!(body.contains("outside the served folder"), "{body}");
        let csrf = csrf_of(&get(&app, "/e/open.toml/round/1").await.2);
        let (s, _, _) = post(&app, live, &format!("csrf={csrf}&entry=start"), &[]).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
        assert!(!outside.path().join("r1b1.pgn").exists());
    }
}

/// An `xq game` log naming `ruleset`.
fn game_log(ruleset: &str) -> String {
    format!(
        r#"{{"format":"xq-game","version":1,"header":{{"ruleset":{ruleset:?},
"fen":"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
"time_control":"40/90,20/30*","red":"蒋川","black":"孟辰"}},
"entries":[{{"type":"move","move":"h2e2"}},{{"type":"move","move":"h9g7"}}]}}"#
    )
}

#[tokio::test]
async fn the_viewer_loads_a_log_s_ruleset_only_from_the_catalogue_or_the_folder() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("private.toml"), "TOPSECRET = [").unwrap();
    let ruleset = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../rules-axf/rulesets/axf.toml"),
    );
    assert!(ruleset.is_ok(), "the axf edition's shipped ruleset file");
    let dir = tempfile::tempdir().unwrap();
    let private = outside.path().join("private.toml");
    let mut cases = vec![
        ("id.json", "cn-1987".to_string(), true),
        ("abs.json", private.display().to_string(), false),
        ("rel.json", "../private.toml".to_string(), false),
        ("passwd.json", "/etc/passwd".to_string(), false),
        ("zero.json", "/dev/zero".to_string(), false),
    ];
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&private, dir.path().join("linked.toml")).unwrap();
        cases.push(("link.json", "linked.toml".to_string(), false));
    }
    if let Ok(text) = &ruleset {
        std::fs::write(dir.path().join("venue.toml"), text).unwrap();
        cases.push(("venue.json", "venue.toml".to_string(), true));
    }
    for (file, named, _) in &cases {
        std::fs::write(dir.path().join(file), game_log(named)).unwrap();
    }
    let app = app(dir.path(), None);
    for (file, named, ok) in cases {
        let (s, _, body) = get(&app, &format!("/g/{file}")).await;
        assert!(
            !body.contains("TOPSECRET") && !body.contains("root:"),
            "{file}: {body}"
        );
        if ok {
            assert_eq!(s, StatusCode::OK, "{file}: {body}");
            assert!(body.contains("蒋川"), "{file}");
        } else {
            assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{file}: {body}");
            assert!(
                body.contains("neither an embedded ruleset")
                    && body.contains(&format!("{named:?}")),
                "{file}: {body}"
            );
        }
    }
}

#[tokio::test]
async fn the_live_console_opens_no_ruleset_outside_the_folder() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("private.toml"), "TOPSECRET = [").unwrap();
    let private = outside.path().join("private.toml").display().to_string();
    for named in [
        private.as_str(),
        "/etc/passwd",
        "/dev/zero",
        "../private.toml",
    ] {
        let (dir, _) = folder();
        let games = dir.path().join("open-games");
        std::fs::create_dir_all(&games).unwrap();
        std::fs::write(games.join("r1b1.pgn"), game_log(named)).unwrap();
        let app = app(dir.path(), None);
        let (s, _, body) = get(&app, "/e/open.toml/round/1/board/1/live").await;
        assert_eq!(s, StatusCode::UNPROCESSABLE_ENTITY, "{named}: {body}");
        assert!(
            body.contains("neither an embedded ruleset")
                && !body.contains("TOPSECRET")
                && !body.contains("root:"),
            "{named}: {body}"
        );
    }
}

#[tokio::test]
async fn the_new_event_form_takes_a_catalogue_ruleset_only() {
    let (dir, _) = folder();
    let app = app(dir.path(), None);
    let (_, _, page) = get(&app, "/new").await;
    let csrf = csrf_of(&page);
    for ruleset in [
        "/dev/zero",
        "/etc/passwd",
        "../open.toml",
        "open.toml",
        "axf.toml",
    ] {
        let form = common::form(&[
            ("csrf", &csrf),
            ("name", "赛"),
            ("file", "made.toml"),
            ("ruleset", ruleset),
            ("players", "甲\n乙\n丙\n丁"),
        ]);
        let (s, _, body) = post(&app, "/new", &form, &[]).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{ruleset}");
        assert!(body.contains("只能选内置规则"), "{ruleset}: {body}");
        assert!(!dir.path().join("made.toml").exists());
    }
    let form = common::form(&[
        ("csrf", &csrf),
        ("file", "made.toml"),
        ("ruleset", "cn-1987"),
        ("players", "甲\n乙\n丙\n丁"),
    ]);
    let (s, _, _) = post(&app, "/new", &form, &[]).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert!(dir.path().join("made.toml").exists());
}

#[tokio::test]
async fn a_huge_form_is_refused_in_chinese() {
    let (dir, _) = folder();
    let app = app(dir.path(), None);
    let csrf = csrf_of(&get(&app, "/new").await.2);
    // 200,000 players in one post: over the body limit
    let many: String = (0..200_000).map(|i| format!("P{i}\n")).collect();
    let form = common::form(&[("csrf", &csrf), ("file", "big.toml"), ("players", &many)]);
    assert!(form.len() > Limits::default().max_body);
    let (s, _, body) = post(&app, "/new", &form, &[]).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE, "{body}");
    assert!(body.contains("表单太大"), "{body}");
    // under the body limit, over the player limit
    let many: String = (0..10_001).map(|i| format!("{i}\n")).collect();
    let form = common::form(&[("csrf", &csrf), ("file", "big.toml"), ("players", &many)]);
    assert!(form.len() < Limits::default().max_body);
    let (s, _, body) = post(&app, "/new", &form, &[]).await;
    assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.contains("参赛名单太长：10001 行"), "{body}");
    assert!(!dir.path().join("big.toml").exists());
}

#[tokio::test]
async fn read_only_pages_carry_no_form_and_no_secret() {
    let (dir, _) = folder();
    let app = app(dir.path(), Some("x7Gq-2mPz9Lr"));
    for uri in [
        "/",
        "/e/open.toml",
        "/e/open.toml/round/1",
        "/e/open.toml/manage",
        "/e/open.toml/round/1/board/1/live",
        "/nothing",
    ] {
        let (_, _, body) = get(&app, uri).await;
        assert!(!body.contains("name=\"csrf\""), "{uri}");
        assert!(!body.contains("/new"), "{uri}: no 新建 link");
    }
    let (s, _, body) = get(&app, "/new").await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    assert!(body.contains("只读") && !body.contains("<form"), "{body}");
}

/// GETs `uri` with a cookie, from the desk's own address.
async fn get_with_cookie(
    app: &axum::Router,
    uri: &str,
    cookie: &str,
) -> (StatusCode, axum::http::HeaderMap, String) {
    let req = Request::get(uri)
        .header(header::HOST, "127.0.0.1:8080")
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap();
    send(app, req).await
}

/// GETs `uri` from the desk's own address with extra headers.
async fn get_with(
    app: &axum::Router,
    uri: &str,
    headers: &[(&str, &str)],
) -> (StatusCode, axum::http::HeaderMap, String) {
    let mut req = Request::get(uri).header(header::HOST, "127.0.0.1:8080");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    send(app, req.body(Body::empty()).unwrap()).await
}

#[tokio::test]
async fn another_sites_page_cannot_make_the_arbiters_address_wait() {
    let (dir, _) = folder();
    let token = "x7Gq-2mPz9Lr";
    let app = app(dir.path(), Some(token));
    // what an <img src=http://DESK/login?token=x> on another site sends, many times over
    let sent_by_pages: [&[(&str, &str)]; 4] = [
        &[
            ("sec-fetch-site", "cross-site"),
            ("sec-fetch-dest", "image"),
        ],
        &[("sec-fetch-site", "same-site")],
        &[("referer", "http://evil.example/page")],
        &[("origin", "http://evil.example")],
    ];
    for _ in 0..10 {
        for h in sent_by_pages {
            let (s, _, body) = get_with(&app, "/login?token=guess", h).await;
            assert_eq!(s, StatusCode::FORBIDDEN, "{body}");
            assert!(body.contains("登录地址须直接打开") && body.contains("nothing was counted"));
        }
    }
    // a page's login is refused unlooked-at even with the right token (no page can learn
    // whether a guess is right) ...
    let (s, _, _) = get_with(
        &app,
        &format!("/login?token={token}"),
        &[("sec-fetch-site", "cross-site")],
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
    // ... and nothing was counted: the arbiter's own login (typed, or scanned: Sec-Fetch-Site
    // none) goes through at once after 40 refused ones
    let (s, h, _) = get_with(
        &app,
        &format!("/login?token={token}"),
        &[("sec-fetch-site", "none"), ("sec-fetch-dest", "document")],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert!(
        h[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .starts_with("xq_token=")
    );
    // this desk's own pages may link the login (same-origin), counted as usual
    let (s, _, _) = get_with(
        &app,
        "/login?token=guess",
        &[
            ("sec-fetch-site", "same-origin"),
            ("referer", "http://127.0.0.1:8080/"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn token_guesses_are_rate_limited() {
    let (dir, _) = folder();
    let token = "x7Gq-2mPz9Lr";
    let app = app(dir.path(), Some(token));
    for _ in 0..5 {
        let (s, _, _) = get(&app, "/login?token=guess").await;
        assert_eq!(s, StatusCode::FORBIDDEN);
    }
    // the sixth: wait, even with the right token (a right guess must not show while waiting)
    for t in ["guess", token] {
        let (s, h, body) = get(&app, &format!("/login?token={t}")).await;
        assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_eq!(h[header::RETRY_AFTER], "1");
        assert!(body.contains("令牌错误次数过多") && body.lines().count() == 1);
    }
    // a right cookie is honoured while its address waits (guesses from the arbiter's address
    // never lock the arbiter out), and it is not forgotten
    let (s, h, body) =
        get_with_cookie(&app, "/e/open.toml/round/1", &format!("xq_token={token}")).await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("name=\"csrf\""), "{body}");
    assert!(!h.contains_key(header::SET_COOKIE));
    // a wrong one is read-only and forgotten
    let (s, h, body) = get_with_cookie(&app, "/e/open.toml", "xq_token=wrong-guess").await;
    assert_eq!(s, StatusCode::OK);
    assert!(body.contains("只读") && !body.contains("name=\"csrf\""));
    assert!(
        h[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let (s, h, _) = get(&app, &format!("/login?token={token}")).await;
    assert_eq!(s, StatusCode::SEE_OTHER);
    assert!(
        h[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .starts_with("xq_token=")
    );
    // cleared: a right cookie writes, a wrong one (an earlier run's) is read-only and forgotten
    let (_, _, body) =
        get_with_cookie(&app, "/e/open.toml/round/1", &format!("xq_token={token}")).await;
    assert!(body.contains("name=\"csrf\""));
    let (_, h, body) = get_with_cookie(&app, "/e/open.toml", "other=1; xq_token=stale").await;
    assert!(body.contains("只读"));
    assert!(
        h[header::SET_COOKIE]
            .to_str()
            .unwrap()
            .contains("Max-Age=0")
    );
    // a token in a form field is not taken (no limit could count it)
    let csrf = csrf_of(
        &get_with_cookie(&app, "/e/open.toml/round/1", &format!("xq_token={token}"))
            .await
            .2,
    );
    let (s, _, _) = post(
        &app,
        "/e/open.toml/round/1/board/1",
        &format!("csrf={csrf}&result=1-0&token={token}"),
        &[],
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);
}

#[test]
fn a_chosen_token_has_a_minimum() {
    use xiangqi_web::security::check_token;
    for weak in ["1234", "123456789012", "aaaaaaaaaaaaaaaa", "sesamesesame"] {
        let e = check_token(weak).unwrap_err().to_string();
        assert!(
            e.starts_with("--token: too easy to guess") && !e.contains('\n'),
            "{e}"
        );
    }
    assert!(check_token("x7Gq-2mPz9Lr").is_ok());
}

#[tokio::test]
async fn error_messages_stay_one_clean_line_whatever_the_file_names() {
    let dir = tempfile::tempdir().unwrap();
    event_at(dir.path(), "open.toml");
    let names = [
        "line\nbreak.toml".to_string(),
        "<b>markup.toml".to_string(),
        format!("{}.toml", "长".repeat(80)),
    ];
    for n in &names {
        std::fs::write(dir.path().join(n), "players = [broken").unwrap();
    }
    let app = app(dir.path(), None);
    let (s, _, body) = get(&app, "/").await;
    assert_eq!(s, StatusCode::OK);
    // every refusal in the list is one line of the page, the name's line break shown as \n
    let errors: Vec<&str> = body
        .lines()
        .filter(|l| l.contains("players = [broken") || l.contains("TOML") || l.contains("line"))
        .collect();
    assert!(body.contains("line\\nbreak.toml"), "{body}");
    assert!(!body.contains("<b>markup"), "markup is escaped");
    let long = body
        .lines()
        .find(|l| l.contains("长长长"))
        .expect("the long name's row");
    assert!(long.contains('…'), "cut in the middle: {long}");
    assert!(!errors.is_empty());
}

// ---------------------------------------------------------------------------------------------
// over real sockets

/// Starts a desk over `root` on a free loopback port with `limits`, in a thread of its own (it
/// serves until the test process ends).
fn start(root: &Path, limits: Limits) -> SocketAddr {
    let server = Server::bind(Options {
        root: root.to_path_buf(),
        bind: "127.0.0.1:0".parse().unwrap(),
        limits,
        ..Default::default()
    })
    .unwrap();
    let addr = server.addr();
    std::thread::spawn(move || server.run());
    addr
}

/// A plain GET over a new connection; the status line, or the error.
fn http_get(addr: SocketAddr, path: &str) -> std::io::Result<String> {
    let mut s = TcpStream::connect(addr)?;
    s.set_read_timeout(Some(Duration::from_secs(20)))?;
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )?;
    let mut text = String::new();
    s.read_to_string(&mut text)?;
    Ok(text.lines().next().unwrap_or("").to_string())
}

/// Opens a connection and sends half a request (no blank line after the header).
fn half_open(addr: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ").unwrap();
    s
}

/// How long until the server closes `s` (reads end), at most `max`.
fn closed_after(s: &mut TcpStream, started: Instant, max: Duration) -> Option<Duration> {
    s.set_read_timeout(Some(max)).unwrap();
    let mut buf = [0u8; 512];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => continue, // a response before closing
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return None;
            }
            Err(_) => return Some(started.elapsed()), // reset by the server
        }
    }
}

#[test]
fn a_half_sent_request_is_dropped_after_the_header_timeout() {
    let (dir, _) = folder();
    let limits = Limits {
        header_read_timeout: Duration::from_millis(800),
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    let started = Instant::now();
    let mut s = half_open(addr);
    let after = closed_after(&mut s, started, Duration::from_secs(10)).expect("dropped");
    assert!(after >= Duration::from_millis(700), "{after:?}");
    // an idle kept-alive connection is closed after the same time
    let mut s = TcpStream::connect(addr).unwrap();
    write!(s, "GET /assets/desk.css HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    let started = Instant::now();
    let mut first = [0u8; 12];
    s.read_exact(&mut first).unwrap();
    assert_eq!(&first, b"HTTP/1.1 200");
    assert!(closed_after(&mut s, started, Duration::from_secs(10)).is_some());
}

#[test]
fn half_open_connections_do_not_stop_a_real_request() {
    let (dir, _) = folder();
    let limits = Limits {
        header_read_timeout: Duration::from_secs(20),
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    let held: Vec<TcpStream> = (0..1_100).map(|_| half_open(addr)).collect();
    let started = Instant::now();
    let status = http_get(addr, "/e/open.toml").unwrap();
    let took = started.elapsed();
    assert!(status.contains(" 200 "), "{status}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    drop(held);
}

#[test]
fn a_connection_over_the_limit_closes_the_stalest_waiting_one() {
    let (dir, _) = folder();
    let limits = Limits {
        header_read_timeout: Duration::from_secs(20),
        max_connections: 4,
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    let mut held: Vec<TcpStream> = (0..4).map(|_| half_open(addr)).collect();
    std::thread::sleep(Duration::from_millis(100));
    let started = Instant::now();
    let status = http_get(addr, "/").unwrap();
    let took = started.elapsed();
    assert!(status.contains(" 200 "), "{status}");
    // answered at once, not after the half-open ones timed out (20 s)
    assert!(took < Duration::from_secs(5), "{took:?}");
    // the oldest half-open one was closed to make room
    let closed = closed_after(&mut held[0], Instant::now(), Duration::from_secs(2));
    assert!(closed.is_some(), "the stalest connection is closed");
    drop(held);
}

/// Opens a connection and sends a POST's header and the first byte of its body.
fn slow_post(addr: SocketAddr, from: std::net::IpAddr) -> Option<TcpStream> {
    let sock = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).ok()?;
    sock.bind(&SocketAddr::new(from, 0).into()).ok()?;
    sock.connect(&addr.into()).ok()?;
    let mut s: TcpStream = sock.into();
    write!(
        s,
        "POST /e/open.toml/round/1/board/1 HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nr"
    )
    .ok()?;
    Some(s)
}

#[test]
fn a_body_must_arrive_whole_within_its_deadline_and_rate() {
    let (dir, _) = folder();
    let limits = Limits {
        body_timeout: Duration::from_secs(30),
        ..Limits::default()
    };
    let addr = start(dir.path(), limits);
    let mut s = slow_post(addr, "127.0.0.1".parse().unwrap()).expect("connected");
    // one byte a second: under the 1,000 bytes a second held after the first 5 s
    let started = Instant::now();
    let mut answer = String::new();
    s.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    while started.elapsed() < Duration::from_secs(15) {
        if s.write_all(b"x").is_err() {
            break;
        }
        let mut buf = [0u8; 1024];
        match s.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => answer.push_str(&String::from_utf8_lossy(&buf[..n])),
            Err(_) => {}
        }
        if !answer.is_empty() {
            break;
        }
    }
    let took = started.elapsed();
    assert!(
        answer.starts_with("HTTP/1.1 408"),
        "{answer:?} after {took:?}"
    );
    assert!(answer.contains("request body too slow"), "{answer}");
    assert!(
        took >= Duration::from_secs(5) && took < Duration::from_secs(9),
        "{took:?}"
    );
}

#[test]
fn bound_to_every_interface_the_address_shown_opens() {
    let dir = tempfile::tempdir().unwrap();
    for (bind, shown) in [
        ("0.0.0.0:0", "http://127.0.0.1:"),
        ("[::]:0", "http://[::1]:"),
    ] {
        let server = match Server::bind(Options {
            root: dir.path().to_path_buf(),
            bind: bind.parse().unwrap(),
            ..Default::default()
        }) {
            Ok(s) => s,
            Err(e) => {
                println!("NOTICE security: cannot bind {bind} here ({e}); skipping");
                continue;
            }
        };
        let port = server.addr().port();
        assert_eq!(server.url(), format!("{shown}{port}/"));
        assert_eq!(
            server.url_at("fe80::1".parse().unwrap()),
            format!("http://[fe80::1]:{port}/")
        );
        assert_eq!(
            server.url_at("192.168.1.20".parse().unwrap()),
            format!("http://192.168.1.20:{port}/")
        );
    }
}
