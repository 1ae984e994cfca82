//! Printing to PDF for the print tests: headless Chromium prints an HTML form, the PDF is read
//! back page by page; and the events the print tests print (players with 12-character 单位
//! names, every round played by the CLI).

use std::path::Path;
use std::process::{Command, Stdio};

/// `true` when `chromium` is on the PATH; otherwise a `NOTICE … skipping` line naming `what`.
pub fn chromium_or_skip(what: &str) -> bool {
    let found = std::env::var_os("PATH")
        .is_some_and(|p| std::env::split_paths(&p).any(|d| d.join("chromium").is_file()));
    if !found {
        // CI sets XQ_REQUIRE_BROWSER=1: there a missing browser fails the test, never skips it
        assert!(
            std::env::var_os("XQ_REQUIRE_BROWSER").is_none_or(|v| v != "1"),
            "print test {what}: chromium not found and XQ_REQUIRE_BROWSER=1"
        );
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE print test {what}: chromium not found; skipping"
        );
    }
    found
}

/// `html` printed to PDF (beside it, `.pdf`) by headless Chromium, as the text of each page:
/// NFKC (full-width `：８` read as `:8`) and the CJK radical forms some fonts map simplified
/// characters to (⻚ for 页) undone, so that the text compares as the ordinary characters.
pub fn pdf_pages(dir: &Path, html: &Path) -> Vec<String> {
    use unicode_normalization::UnicodeNormalization as _;
    let pdf = html.with_extension("pdf");
    let status = Command::new("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
        ])
        .arg(format!("--user-data-dir={}", dir.join("profile").display()))
        .arg(format!("--print-to-pdf={}", pdf.display()))
        .arg(html)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "chromium printing {}", html.display());
    let radical = |c: char| match c {
        '⻚' => '页',
        '⻓' => '长',
        '⻔' => '门',
        '⻋' => '车',
        '⻢' => '马',
        '⻅' => '见',
        '⻛' => '风',
        '⻜' => '飞',
        '⻘' => '青',
        '⻆' => '角',
        c => c,
    };
    pdf_extract::extract_text_from_mem_by_pages(&std::fs::read(&pdf).unwrap())
        .expect("a readable PDF")
        .into_iter()
        .map(|p| p.nfkc().map(radical).collect())
        .collect()
}

/// `xq ARGS`, which must succeed.
pub fn xq_ok(args: &[&str]) -> std::process::Output {
    let o = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .unwrap();
    assert!(
        o.status.success(),
        "xq {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    o
}

/// Pairs and plays up to `rounds` rounds of event `file` (or until `pair` refuses: every round
/// of every stage played), results 1-0 / 0-1 / = / +- by board (decided in a knockout, `ko`),
/// as many games a pairing as the event asks for (a knockout's play-off may differ: the
/// refusal names the count).
pub fn play(file: &str, dir: &Path, rounds: u32, ko: bool) {
    for round in 1..=u64::from(rounds) {
        let o = Command::new(env!("CARGO_BIN_EXE_xq"))
            .args(["event", "pair", file, "--json"])
            .output()
            .unwrap();
        if !o.status.success() {
            break;
        }
        let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let r = v["round"].as_u64().unwrap();
        let mut games = 1;
        loop {
            let results: String = v["boards"]
                .as_array()
                .unwrap()
                .iter()
                .map(|b| {
                    let board = b["board"].as_u64().unwrap();
                    let res = if ko {
                        ["1-0", "0-1"][(board + round) as usize % 2]
                    } else {
                        ["1-0", "0-1", "=", "1-0", "0-1", "+-"][(board + round) as usize % 6]
                    };
                    format!("{r} {board} {}\n", vec![res; games].join(" "))
                })
                .collect();
            let rf = dir.join("results.txt");
            std::fs::write(&rf, results).unwrap();
            let o = Command::new(env!("CARGO_BIN_EXE_xq"))
                .args(["event", "results", file, rf.to_str().unwrap()])
                .output()
                .unwrap();
            if o.status.success() {
                break;
            }
            let err = String::from_utf8_lossy(&o.stderr).to_string();
            match err
                .split("this event plays ")
                .nth(1)
                .and_then(|t| t.split_whitespace().next())
                .and_then(|n| n.parse().ok())
            {
                Some(n) if n != games => games = n,
                _ => panic!("xq event results: {err}"),
            }
        }
    }
}
