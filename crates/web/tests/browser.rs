//! The desk in a real browser: headless Chromium driven over WebDriver (`chromedriver`), two
//! sessions at once. Without `chromium` and `chromedriver` on the PATH the test prints a
//! `NOTICE … skipping` line and passes.
//!
//! It pairs round 1 from one session, enters results from both (the second session's page was
//! loaded before the first one's write: nothing is lost), types a result with the keyboard, and
//! prints the 编排记录表 of a 100-player round to PDF (more than one A4 page).

use std::net::TcpListener as StdListener;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::wd::{PrintConfiguration, PrintSize};
use fantoccini::{Client, ClientBuilder, Locator};
use xiangqi::event::Store;
use xiangqi::scheduling::{Event, EventConfig, PointSystem};

/// A child process killed when dropped.
struct Killed(Child);

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

fn new_event(path: &Path, players: usize) {
    let players = (1..=players)
        .map(|i| (format!("棋手{i}"), format!("单位{}", i % 7)))
        .collect();
    let ev = Event::new(
        "浏览器测试赛",
        "axf",
        EventConfig {
            points: PointSystem::TwoOneZero,
            ..Default::default()
        },
        players,
        1,
        Some(3),
        false,
    )
    .unwrap();
    Store::new(path).create(&ev).unwrap();
}

async fn session(driver: &str) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({"args": ["--headless", "--no-sandbox", "--disable-gpu",
            "--window-size=1200,900"]}),
    );
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(driver)
        .await
        .expect("a chromedriver session")
}

/// Waits (up to 10 s) until the page's source contains `text`: a click that submits a form
/// returns before the next page has loaded.
async fn wait_for(c: &Client, text: &str) {
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

/// The number of pages of a PDF (its `/Type /Page` objects).
fn pdf_pages(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf);
    text.matches("/Type /Page").count() - text.matches("/Type /Pages").count()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_browser_sessions_pair_enter_and_print() {
    let driver_bin = ["chromedriver", "chromium-driver"]
        .into_iter()
        .find(|b| on_path(b));
    let (Some(driver_bin), true) = (driver_bin, on_path("chromium")) else {
        // straight to the stream, past the test harness's capture, so CI logs show it
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE browser test: chromium or chromedriver not found; skipping"
        );
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("open.toml");
    new_event(&path, 8);
    new_event(&dir.path().join("big.toml"), 100);

    // the desk on a free loopback port
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = xiangqi_web::router(dir.path(), None).unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });

    // chromedriver on another
    let port = free_port();
    let _driver = Killed(
        Command::new(driver_bin)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    let driver = format!("http://127.0.0.1:{port}");
    let start = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    let a = session(&driver).await;
    let b = session(&driver).await;

    // A pairs round 1 with the button
    a.goto(&format!("{base}/e/open.toml")).await.unwrap();
    a.find(Locator::Css("form.pair button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&a, "编排记录表").await;
    assert!(a.current_url().await.unwrap().path().ends_with("/round/1"));
    assert_eq!(Store::<Event>::new(&path).read().unwrap().paired.len(), 1);

    // both open round 1; then A types board 1 and presses Enter, B clicks "=" on board 2
    b.goto(&format!("{base}/e/open.toml/round/1"))
        .await
        .unwrap();
    let field = a
        .find(Locator::Css("#b1 input[name=result]"))
        .await
        .unwrap();
    field.send_keys("1-0").await.unwrap();
    field
        .send_keys(&String::from(char::from(Key::Enter)))
        .await
        .unwrap();
    wait_for(&a, "第 1 台结果已录入").await;
    b.find(Locator::Css("#b2 button[name=quick][value='=']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    wait_for(&b, "第 2 台结果已录入").await;
    let ev = Store::<Event>::new(&path).read().unwrap();
    assert_eq!(ev.paired[0].boards[0].result.as_deref(), Some("1-0"));
    assert_eq!(ev.paired[0].boards[1].result.as_deref(), Some("="));
    // B's page now shows A's result too
    assert!(b.source().await.unwrap().contains("2:0"));

    // the 编排记录表 of 50 boards prints on more than one A4 page
    let big = dir.path().join("big.toml");
    Store::<Event>::new(&big)
        .update(|ev| ev.pair_next().map(|_| ()))
        .unwrap();
    a.goto(&format!("{base}/e/big.toml/round/1")).await.unwrap();
    wait_for(&a, "棋手100").await;
    let pdf = a
        .print(
            PrintConfiguration::builder()
                .size(PrintSize::A4)
                .build()
                .unwrap(),
        )
        .await
        .unwrap();
    assert!(pdf.starts_with(b"%PDF"));
    assert!(pdf_pages(&pdf) >= 2, "{} pages", pdf_pages(&pdf));

    a.close().await.unwrap();
    b.close().await.unwrap();
}
