//! Reliability measurements that are not tests: the peak memory of `xq judge --batch` on the
//! national database and on a database N times larger, and the slowest game to judge under each
//! shipped ruleset.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::Position;
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset};
use xiangqi_conformance::shared::{repo_root, shared_dir};

fn national_pgn() -> Result<PathBuf, String> {
    let shared = shared_dir("the batch measurements").ok_or("../shared is needed")?;
    Ok(shared.join("data/games/ccpd-national/ccpd_national.pgn"))
}

/// Peak resident memory (VmHWM, KB) of a child, sampled from /proc until it exits.
fn peak_rss_kb(mut cmd: Command) -> Result<(u64, Duration), String> {
    let start = Instant::now();
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("spawn: {e}"))?;
    let status_path = format!("/proc/{}/status", child.id());
    let mut peak = 0;
    loop {
        if let Ok(s) = std::fs::read_to_string(&status_path)
            && let Some(kb) = s
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|n| n.parse::<u64>().ok())
        {
            peak = peak.max(kb);
        }
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            if !st.success() {
                return Err(format!("the batch failed: {st}"));
            }
            return Ok((peak, start.elapsed()));
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// `cargo xtask batch-memory [--times N]`: builds `xq` (release), then reports the peak RSS and
/// time of `xq judge --batch … --ruleset cn-1987 --ruleset axf` on the 7,000 national games and
/// on the same games repeated N times (default 20) in one file.
pub fn batch_memory(times: usize) -> Result<(), String> {
    crate::run("cargo", &["build", "--release", "-p", "xiangqi-cli"])?;
    let xq = repo_root().join("target/release/xq");
    let pgn = national_pgn()?;
    let big = std::env::temp_dir().join(format!("xq-batch-memory-{times}x.pgn"));
    {
        let text = std::fs::read(&pgn).map_err(|e| format!("{}: {e}", pgn.display()))?;
        let mut f = std::fs::File::create(&big).map_err(|e| e.to_string())?;
        for _ in 0..times {
            f.write_all(&text).map_err(|e| e.to_string())?;
        }
    }
    for (label, file) in [("7,000 games", pgn.as_path()), ("repeated", big.as_path())] {
        let size = std::fs::metadata(file).map_or(0, |m| m.len());
        let mut cmd = Command::new(&xq);
        cmd.args(["judge", "--batch"])
            .arg(file)
            .args(["--ruleset", "cn-1987", "--ruleset", "axf"]);
        let (kb, t) = peak_rss_kb(cmd)?;
        println!(
            "{label:>12}: {:.1} MB file, peak RSS {:.1} MB, {:.2} s",
            size as f64 / 1e6,
            kb as f64 / 1024.0,
            t.as_secs_f64()
        );
    }
    let _ = std::fs::remove_file(&big);
    Ok(())
}

/// `cargo xtask worst-game`: judges each of the 7,000 national games alone (memos emptied
/// before each, so no game profits from another) under each shipped ruleset, every ply
/// classified, and prints the slowest games.
pub fn worst_game() -> Result<(), String> {
    let games = xiangqi_conformance::ccpd_games::games();
    for id in Ruleset::builtin_ids() {
        let arbiter = Arbiter::new(Ruleset::load(&id).map_err(|e| e.to_string())?)
            .map_err(|e| e.to_string())?;
        let mut times: Vec<(Duration, usize)> = Vec::with_capacity(games.len());
        let all = Instant::now();
        for (i, moves) in games.iter().enumerate() {
            arbiter.edition().clear_caches();
            let start = Instant::now();
            let record = GameRecord::new(Position::start(), moves.clone())
                .map_err(|e| format!("game {}: {e}", i + 1))?;
            let r = arbiter.judge(&record, JudgeOptions { classify_all: true });
            std::hint::black_box(r);
            times.push((start.elapsed(), i + 1));
        }
        times.sort_by_key(|t| std::cmp::Reverse(t.0));
        let median = times[times.len() / 2].0;
        println!(
            "{id}: {} games, every ply classified, {:.1} s in all; median {:.2} ms; slowest: {}",
            games.len(),
            all.elapsed().as_secs_f64(),
            median.as_secs_f64() * 1e3,
            times[..5]
                .iter()
                .map(|(t, g)| format!("game {g} {:.0} ms", t.as_secs_f64() * 1e3))
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    Ok(())
}
