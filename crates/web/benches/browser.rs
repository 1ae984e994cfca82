//! The browser's CPU for the 1,000-board round page (issue 22: under 0.3 s per load): a
//! 2,000-player Swiss after five rounds, round 6 paired, served by the desk on a loopback port
//! and loaded in headless Chromium through chromedriver; the renderer's own counters read over
//! the DevTools protocol (`goog/cdp/execute`, `Performance.getMetrics`, thread CPU time):
//!
//! - `ProcessTime`: the CPU time of the page's renderer process (all its threads): the figure
//!   the target is about;
//! - `ThreadTime`: the CPU time of its main thread;
//! - `TaskDuration`: the main thread's tasks for the round page's document (parse, style,
//!   layout, script), in the thread's CPU time where the platform gives it
//!   (`timeDomain: threadTicks`); the browser counts these per document, so they are the round
//!   page's own, not a difference;
//! - `ScriptDuration`, `LayoutDuration`, `RecalcStyleDuration`: parts of it;
//! - and the document's DOM nodes (every node, text nodes too).
//!
//! Median of seven loads, each from the event's small start page. Run with
//! `cargo bench -p xiangqi-web --bench browser`; without `chromium` and `chromedriver` on the
//! PATH it prints a `NOTICE … skipping` line and ends. `XQ_ROUND_URL` measures another desk's
//! page instead (an older build serving the same event, for a before/after at the same load);
//! `XQ_ROUND_DIR` keeps a copy of the event file there for it, and `XQ_ROUND_SAVE=FILE` saves
//! the page's HTML as served (to try variants of it served from elsewhere).
//!
//! A benchmark, not a test: it prints what it measured and asserts only that the page it
//! measured is the round page (its last board is there).

#[path = "../tests/common/mod.rs"]
mod common;

use std::path::Path;

use axum::http::Method;
use fantoccini::Client;
use fantoccini::wd::WebDriverCompatibleCommand;
use serde_json::{Value, json};
use xiangqi::event::simulate::{SimSystem, simulate};
use xiangqi::event::{Edit, Store};

/// Loads measured.
const LOADS: usize = 7;

/// The counters reported, in the order printed.
const METRICS: [&str; 6] = [
    "ProcessTime",
    "ThreadTime",
    "TaskDuration",
    "ScriptDuration",
    "LayoutDuration",
    "RecalcStyleDuration",
];

/// How many of [`METRICS`] (the first ones) count the renderer process's or thread's CPU since
/// it started; the others count the current document's tasks.
const PROCESS_COUNTERS: usize = 2;

/// A DevTools command sent through chromedriver (`POST /session/ID/goog/cdp/execute`).
#[derive(Debug)]
struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &url::Url,
        session_id: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (Method::POST, Some(body.to_string()))
    }
}

async fn cdp(c: &Client, cmd: &'static str, params: Value) -> Value {
    c.issue_cmd(Cdp { cmd, params })
        .await
        .unwrap_or_else(|e| panic!("{cmd}: {e}"))
}

/// The renderer's counters now, by name.
async fn metrics(c: &Client) -> std::collections::HashMap<String, f64> {
    let m = cdp(c, "Performance.getMetrics", json!({})).await;
    m["metrics"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|x| Some((x["name"].as_str()?.to_string(), x["value"].as_f64()?)))
        .collect()
}

fn main() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(run());
}

async fn run() {
    let Some(browser) = common::Browser::start("bench browser (round page CPU)").await else {
        return;
    };
    let dir = tempfile::tempdir().expect("a folder");
    let (mut ev, _) = simulate(2000, 5, 2026, SimSystem::Swiss).expect("simulated");
    ev.rounds = 6;
    Edit::new(&mut ev).pair().expect("round 6");
    Store::new(dir.path().join("big.toml"))
        .create(&ev)
        .expect("the event file");
    if let Ok(keep) = std::env::var("XQ_ROUND_DIR") {
        std::fs::copy(
            dir.path().join("big.toml"),
            Path::new(&keep).join("big.toml"),
        )
        .expect("a copy");
    }
    let base = common::serve(dir.path()).await;
    let page =
        std::env::var("XQ_ROUND_URL").unwrap_or_else(|_| format!("{base}/e/big.toml/round/6"));
    let start = page.replace("/round/6", "");
    let c = browser.session().await;
    if let Ok(save) = std::env::var("XQ_ROUND_SAVE") {
        c.goto(&start).await.expect("the event's page");
        let html = c
            .execute_async(
                "var done = arguments[1]; fetch(arguments[0]).then(function (r) { return r.text(); }).then(done);",
                vec![json!(page)],
            )
            .await
            .expect("the page's source");
        std::fs::write(save, html.as_str().unwrap_or_default()).expect("saved");
    }
    let mut spent: Vec<Vec<f64>> = vec![Vec::new(); METRICS.len()];
    let mut nodes = Vec::new();
    for _ in 0..LOADS {
        c.goto(&start).await.expect("the event's page");
        // counted from here, in the main thread's CPU time
        cdp(&c, "Performance.disable", json!({})).await;
        cdp(
            &c,
            "Performance.enable",
            json!({"timeDomain": "threadTicks"}),
        )
        .await;
        let before = metrics(&c).await;
        c.goto(&page).await.expect("the round page");
        // the load's scripts, then a frame: style and layout done as for the first paint
        let last = c
            .execute_async(
                "var done = arguments[0]; requestAnimationFrame(function () { \
                 setTimeout(function () { done(!!document.getElementById('b1000')); }, 0); });",
                vec![],
            )
            .await
            .expect("the page settled");
        assert_eq!(last, json!(true), "the round page has its 1,000th board");
        let after = metrics(&c).await;
        for (i, name) in METRICS.iter().enumerate() {
            let now = after.get(*name).copied().unwrap_or(0.0);
            // the process's and the thread's CPU count on across pages (the round page is the
            // difference); the task counters are the document's own (the round page's alone)
            let d = if i < PROCESS_COUNTERS {
                now - before.get(*name).copied().unwrap_or(0.0)
            } else {
                now
            };
            spent[i].push(d * 1e3);
        }
        let n = c
            .execute(
                "var w = document.createTreeWalker(document, NodeFilter.SHOW_ALL); var n = 0; \
                 while (w.nextNode()) n++; return n;",
                vec![],
            )
            .await
            .expect("the node count");
        nodes.push(n.as_f64().unwrap_or(0.0));
    }
    let median = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!("round page, 1,000 boards (2,000 players), {LOADS} loads, medians:");
    for (i, name) in METRICS.iter().enumerate() {
        let all: Vec<String> = spent[i].iter().map(|x| format!("{x:.0}")).collect();
        println!(
            "  {name:<20} {:>7.1} ms   (all: {})",
            median(&mut spent[i]),
            all.join(" ")
        );
    }
    println!("  {:<20} {:>7.0}", "DOM nodes", median(&mut nodes));
    c.close().await.expect("closed");
}
