//! What the desk's browser tests share: the desk on a free loopback port, `chromedriver` and
//! headless Chromium sessions, waiting for a page, reading a printed PDF; and for the HTTP-level
//! tests, requests sent straight to the routes (`tower::ServiceExt::oneshot`).
//!
//! Without `chromium` and `chromedriver` on the PATH, [`Browser::start`] prints a
//! `NOTICE … skipping` line and returns `None`: the test then returns and passes.

#![allow(dead_code)] // each test file uses a part

use std::net::TcpListener as StdListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode, header};
use fantoccini::{Client, ClientBuilder};
use tower::ServiceExt;

/// A child process killed when dropped.
pub struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|d| d.join(program).is_file()))
}

fn free_port() -> u16 {
    StdListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map_or(0, |a| a.port())
}

/// A running `chromedriver`.
pub struct Browser {
    _driver: Killed,
    url: String,
}

impl Browser {
    /// Starts `chromedriver` on a free port, or says why not (`NOTICE … skipping`) and returns
    /// `None`. `test` names the test in the notice.
    pub async fn start(test: &str) -> Option<Browser> {
        let driver_bin = ["chromedriver", "chromium-driver"]
            .into_iter()
            .find(|b| on_path(b));
        let (Some(driver_bin), true) = (driver_bin, on_path("chromium")) else {
            // CI sets XQ_REQUIRE_BROWSER=1: there a missing browser fails the test, never skips it
            assert!(
                std::env::var_os("XQ_REQUIRE_BROWSER").is_none_or(|v| v != "1"),
                "browser test {test}: chromium or chromedriver not found and XQ_REQUIRE_BROWSER=1"
            );
            // straight to the stream, past the test harness's capture, so CI logs show it
            use std::io::Write as _;
            let _ = writeln!(
                std::io::stderr(),
                "NOTICE browser test {test}: chromium or chromedriver not found; skipping"
            );
            return None;
        };
        let port = free_port();
        let driver = Killed(
            Command::new(driver_bin)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let start = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                start.elapsed() < Duration::from_secs(20),
                "chromedriver did not start"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Some(Browser {
            _driver: driver,
            url: format!("http://127.0.0.1:{port}"),
        })
    }

    /// A new headless Chromium session (1200×900).
    pub async fn session(&self) -> Client {
        self.session_with(&[]).await
    }

    /// A new headless Chromium session (1200×900) with more command-line switches (e.g.
    /// `--blink-settings=scriptEnabled=false`: a browser without script).
    pub async fn session_with(&self, more: &[&str]) -> Client {
        let mut args = vec![
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--window-size=1200,900",
        ];
        args.extend_from_slice(more);
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({ "args": args }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&self.url)
            .await
            .expect("a chromedriver session")
    }
}

/// Serves the desk over `root` (a folder or an event file) on a free loopback port; returns
/// its base address (`http://127.0.0.1:PORT`).
pub async fn serve(root: &Path) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = xiangqi_web::router(root, None).unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    base
}

/// Waits (up to 10 s) until the page's source contains `text`: a click that submits a form
/// returns before the next page has loaded.
pub async fn wait_for(c: &Client, text: &str) {
    let start = Instant::now();
    while !c.source().await.is_ok_and(|s| s.contains(text)) {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "no {text:?} in {}",
            c.source().await.unwrap_or_default()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Clicks the element `css` finds (the test fails, naming it, when there is none).
pub async fn click(c: &Client, css: &str) {
    c.find(fantoccini::Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css}: {e}"))
        .click()
        .await
        .unwrap();
}

/// Types `text` (keys, `Key::Enter` among them) where the cursor is.
pub async fn keys_here(c: &Client, text: &str) {
    c.active_element()
        .await
        .unwrap()
        .send_keys(text)
        .await
        .unwrap();
}

/// Waits for two frames: the page's style, layout and paint after a change are done.
pub async fn settle(c: &Client) {
    c.execute_async(
        "var done = arguments[0]; requestAnimationFrame(function () { \
         requestAnimationFrame(function () { done(null); }); });",
        vec![],
    )
    .await
    .unwrap();
}

/// The number of pages of a PDF (its `/Type /Page` objects).
pub fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

/// The text of each page of a PDF (Chromium's, with its CJK fonts' Unicode maps), in NFKC: some
/// CJK fonts (Noto CJK among them) map glyphs such as 方, 比 and 日 to the look-alike Kangxi
/// radicals (U+2F45 ⽅, U+2F50 ⽐, U+2F47 ⽇), which compatibility normalisation turns back into
/// the ideographs the page was written with.
pub fn pdf_page_texts(pdf: &[u8]) -> Vec<String> {
    use unicode_normalization::UnicodeNormalization as _;
    pdf_extract::extract_text_from_mem_by_pages(pdf)
        .expect("a readable PDF")
        .into_iter()
        .map(|page| page.nfkc().collect())
        .collect()
}

/// The desk's routes over `root`, with an optional access token.
pub fn app(root: &Path, token: Option<&str>) -> Router {
    xiangqi_web::router(root, token.map(String::from)).unwrap()
}

/// Undoes the HTML escaping of messages, to compare them with the CLI's text.
pub fn unescape(s: &str) -> String {
    s.replace("&#38;", "&")
        .replace("&#34;", "\"")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&amp;", "&")
}

/// Sends a request; the status, the headers and the body with HTML escapes undone.
pub async fn send(app: &Router, req: Request<Body>) -> (StatusCode, HeaderMap, String) {
    let res = app.clone().oneshot(req).await.unwrap();
    let status = res.status();
    let headers = res.headers().clone();
    let body = axum::body::to_bytes(res.into_body(), 1 << 24)
        .await
        .unwrap();
    (status, headers, unescape(&String::from_utf8_lossy(&body)))
}

/// GETs `uri` as a browser on the desk's own address would.
pub async fn get(app: &Router, uri: &str) -> (StatusCode, HeaderMap, String) {
    send(
        app,
        Request::get(uri)
            .header(header::HOST, "127.0.0.1:8080")
            .body(Body::empty())
            .unwrap(),
    )
    .await
}

/// POSTs a form from the desk's own origin, with `extra` headers.
pub async fn post(
    app: &Router,
    uri: &str,
    form: &str,
    extra: &[(&str, &str)],
) -> (StatusCode, HeaderMap, String) {
    let mut req = Request::post(uri)
        .header(header::HOST, "127.0.0.1:8080")
        .header(header::ORIGIN, "http://127.0.0.1:8080")
        .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    for (k, v) in extra {
        req = req.header(*k, *v);
    }
    send(app, req.body(Body::from(form.to_string())).unwrap()).await
}

/// The form secret of a page.
pub fn csrf_of(html: &str) -> String {
    let at = html
        .find("name=\"csrf\" value=\"")
        .expect("a form with its secret")
        + 19;
    html[at..at + 32].to_string()
}

/// GETs `uri`: the status and the body with HTML escapes undone.
pub async fn get_page(app: &Router, uri: &str) -> (StatusCode, String) {
    let (status, _, body) = get(app, uri).await;
    (status, body)
}

/// Percent-encodes a form value.
pub fn enc(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// A form body (`application/x-www-form-urlencoded`) from its fields.
pub fn form(fields: &[(&str, &str)]) -> String {
    fields
        .iter()
        .map(|(k, v)| format!("{k}={}", enc(v)))
        .collect::<Vec<_>>()
        .join("&")
}

/// POSTs a form from the desk's own origin, no other header.
pub async fn post_form(app: &Router, uri: &str, body: &str) -> (StatusCode, HeaderMap, String) {
    post(app, uri, body, &[]).await
}

/// POSTs a form as the arbiter named `by` (the desk's name cookie).
pub async fn post_as(
    app: &Router,
    by: &str,
    uri: &str,
    body: &str,
) -> (StatusCode, HeaderMap, String) {
    let cookie = format!("xq_arbiter={}", enc(by));
    post(app, uri, body, &[("cookie", &cookie)]).await
}

/// The event file as the store reads it.
pub fn read_event(path: &Path) -> xiangqi::event::Event {
    xiangqi::event::Store::<xiangqi::event::Event>::new(path)
        .read()
        .unwrap()
}

/// An empty folder served by the desk (no token), with the form secret.
pub async fn desk() -> (tempfile::TempDir, Router, String) {
    let dir = tempfile::tempdir().unwrap();
    let app = app(dir.path(), None);
    let (s, _, page) = get(&app, "/new").await;
    assert_eq!(s, StatusCode::OK);
    let csrf = csrf_of(&page);
    (dir, app, csrf)
}

/// Creates `file` through the 新建 form (in Chinese); returns the response.
pub async fn create(
    app: &Router,
    csrf: &str,
    file: &str,
    extra: &[(&str, &str)],
) -> (StatusCode, HeaderMap, String) {
    let mut fields = vec![("csrf", csrf), ("lang", "zh"), ("file", file)];
    fields.extend_from_slice(extra);
    post_form(app, "/new", &form(&fields)).await
}

/// A six-player, three-round Swiss 公开赛 in `file` (numbers in list order) with round 1
/// paired: the folder, the desk, its form secret and the file.
pub async fn six_player_swiss(
    file: &str,
) -> (tempfile::TempDir, Router, String, std::path::PathBuf) {
    let (dir, app, csrf) = desk().await;
    let (s, _, body) = create(
        &app,
        &csrf,
        file,
        &[
            ("name", "公开赛"),
            (
                "players",
                "甲,北京\n乙,上海\n丙,北京\n丁,天津\n戊,上海\n己,天津",
            ),
            ("rounds", "3"),
            ("no_lot", "1"),
        ],
    )
    .await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let pair = format!("/e/{}/pair", enc(file));
    let (s, _, body) = post_form(&app, &pair, &form(&[("csrf", &csrf)])).await;
    assert_eq!(s, StatusCode::SEE_OTHER, "{body}");
    let path = dir.path().join(file);
    (dir, app, csrf, path)
}
