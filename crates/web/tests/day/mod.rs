//! The counted browser session of `browser_day` and its helpers: every key, click and page
//! opened is counted; waits for the event file and for a new page; the history's newest entry.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fantoccini::key::Key;
use fantoccini::{Client, Locator};
use xiangqi::event::{Event, Store};

use crate::common::wait_for;

pub fn read(path: &Path) -> Event {
    Store::<Event>::new(path).read().unwrap()
}

/// Waits (up to 10 s) until the event file satisfies `ok`: a submit returns before the write.
pub async fn until(path: &Path, what: &str, ok: impl Fn(&Event) -> bool) {
    let start = Instant::now();
    while !ok(&read(path)) {
        assert!(start.elapsed() < Duration::from_secs(10), "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The newest change of the history: by the arbiter, today, saying `what`.
pub fn last_change_says(path: &Path, by: &str, what: &str) {
    let ev = read(path);
    let c = ev.history.last().expect("a history");
    assert_eq!(c.by, by, "{c:?}");
    assert!(c.what.contains(what), "{:?} does not say {what:?}", c.what);
    // today (or, just after midnight, the day before: a change a few minutes old)
    let (today, before) = (day_utc(0), day_utc(900));
    assert!(
        c.at.starts_with(&today) || c.at.starts_with(&before),
        "{} is not today ({today})",
        c.at
    );
}

/// The date, UTC, `YYYY-MM-DD`, `secs_ago` seconds ago (from the clock, by the civil-from-days
/// algorithm).
pub fn day_utc(secs_ago: u64) -> String {
    let days = (std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs()
        - secs_ago) as i64
        / 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// A browser session whose every key and click is counted.
pub struct Desk {
    pub c: Client,
    pub keys: usize,
    pub clicks: usize,
    /// Pages opened by address (a bookmark, a link the test follows by URL).
    pub opened: usize,
}

/// Keys, clicks and pages opened, as a difference between two counts.
#[derive(Clone, Copy, Default)]
pub struct Count {
    pub keys: usize,
    pub clicks: usize,
    pub opened: usize,
}

impl Desk {
    pub fn count(&self) -> Count {
        Count {
            keys: self.keys,
            clicks: self.clicks,
            opened: self.opened,
        }
    }

    pub fn since(&self, before: Count) -> Count {
        Count {
            keys: self.keys - before.keys,
            clicks: self.clicks - before.clicks,
            opened: self.opened - before.opened,
        }
    }

    pub async fn open(&mut self, url: &str) {
        self.opened += 1;
        self.c.goto(url).await.unwrap();
    }

    pub async fn click(&mut self, css: &str) {
        self.clicks += 1;
        self.c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .click()
            .await
            .unwrap();
    }

    /// Clicks into a field and types `text` over what it holds.
    pub async fn fill(&mut self, css: &str, text: &str) {
        self.clicks += 1;
        let e = self
            .c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        e.clear().await.unwrap();
        e.send_keys(text).await.unwrap();
        self.keys += text.chars().count();
    }

    /// Clicks into a field and pastes `text` (Ctrl+V: two keys), as from a spreadsheet: typed
    /// key by key, its tabs would move the cursor on.
    pub async fn paste(&mut self, css: &str, text: &str) {
        self.clicks += 1;
        self.keys += 2;
        let e = self
            .c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"));
        self.c
            .execute(
                "arguments[0].value = arguments[1]; arguments[0].focus(); return null;",
                vec![serde_json::to_value(&e).unwrap(), text.into()],
            )
            .await
            .unwrap();
    }

    pub async fn choose(&mut self, css: &str, value: &str) {
        self.clicks += 1;
        self.c
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("{css}: {e}"))
            .select_by_value(value)
            .await
            .unwrap();
    }

    /// Types `keys` where the cursor is (modifier releases are not counted).
    pub async fn press(&mut self, keys: &str) {
        self.keys += keys.chars().filter(|&k| k != char::from(Key::Null)).count();
        self.c
            .active_element()
            .await
            .unwrap()
            .send_keys(keys)
            .await
            .unwrap();
    }

    pub async fn js(&self, script: &str) -> serde_json::Value {
        self.c.execute(script, vec![]).await.unwrap()
    }

    /// The row of the cursor (`b7`), or the id of its form (`pairnext`).
    pub async fn at(&self) -> String {
        self.js("var a = document.activeElement; if (!a) return ''; \
             var r = a.closest('tr'); if (r) return r.id; \
             var f = a.closest('form'); return f ? (f.id || f.className) : a.tagName;")
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Marks the page: [`Desk::loaded`] then waits for another.
    pub async fn mark(&self) {
        self.js("window.__old = 1; return null;").await;
    }

    /// Waits (up to 10 s) until the page marked by [`Desk::mark`] was replaced and the new one
    /// has loaded (its script has put the cursor).
    pub async fn loaded(&self) {
        let start = Instant::now();
        loop {
            let v = self
                .c
                .execute(
                    "return !window.__old && document.readyState === 'complete';",
                    vec![],
                )
                .await;
            if v.is_ok_and(|v| v == serde_json::Value::Bool(true)) {
                return;
            }
            assert!(start.elapsed() < Duration::from_secs(10), "no new page");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Presses `keys` that load another page, and waits for it.
    pub async fn press_and_load(&mut self, keys: &str) {
        self.mark().await;
        self.press(keys).await;
        self.loaded().await;
    }

    pub async fn wait(&self, text: &str) {
        wait_for(&self.c, text).await;
    }

    pub async fn source(&self) -> String {
        self.c.source().await.unwrap()
    }

    pub async fn shot(&self, name: &str) {
        if let Ok(dir) = std::env::var("XQ_SHOTS") {
            let png = self.c.screenshot().await.unwrap();
            std::fs::write(PathBuf::from(dir).join(format!("day-{name}.png")), png).unwrap();
        }
    }
}

pub fn enter() -> String {
    char::from(Key::Enter).to_string()
}

pub fn tab() -> String {
    char::from(Key::Tab).to_string()
}

pub fn back_tab() -> String {
    format!(
        "{}{}{}",
        char::from(Key::Shift),
        char::from(Key::Tab),
        char::from(Key::Null)
    )
}

/// 覆盖 from the keyboard in a row's field: the result, Tab to 覆盖, tick it, Enter.
pub fn overwrite(result: &str) -> String {
    format!("{result}{}{} {}", tab(), tab(), enter())
}

/// The boards of round `round` as `red-black` pairs.
pub fn pairs(ev: &Event, round: u32) -> Vec<(u32, u32)> {
    ev.paired[round as usize - 1]
        .boards
        .iter()
        .map(|b| (b.red, b.black))
        .collect()
}
