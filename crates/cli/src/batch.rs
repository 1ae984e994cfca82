//! `xq judge --batch`: rule every game of a database under one or more rulesets, in parallel
//! (`--jobs`, rayon), with a progress bar on stderr and JSON lines or a summary on stdout.
//!
//! Input: a game file any reader of `xiangqi-notation` understands (PGN in Chinese, WXF or ICCS
//! notation, …), or a tab-separated file whose header names an `iccs_moves` column (and
//! optionally `#id` and `result`), such as `ccpd_national.iccs.tsv`.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use rayon::prelude::*;
use serde::Serialize;
use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, Ruling};

use crate::CliError;

/// One game of a batch.
#[derive(Debug, Clone)]
pub struct BatchGame {
    /// Its 1-based position in the file.
    pub index: usize,
    /// Its tags (PGN tags; for a `.tsv` file, its `id` and `result` columns).
    pub tags: BTreeMap<String, String>,
    /// Its id (the `#id` column, the PGN tags, or its index).
    pub id: String,
    /// The recorded result (`1-0`, `0-1`, `1/2-1/2`), if any.
    pub result: Option<String>,
    /// The start position.
    pub start: Position,
    /// The moves.
    pub moves: Vec<Move>,
}

/// Reads the games of a batch file.
pub fn read_batch(
    bytes: &[u8],
    name: &str,
    mode: xiangqi::notation::Mode,
) -> Result<Vec<BatchGame>, CliError> {
    if name.ends_with(".tsv") {
        return read_tsv(bytes, name);
    }
    // The reader's errors already name the file, the game, the move and the token.
    let games = xiangqi::notation::read_games(bytes, name, mode).map_err(CliError::input)?;
    Ok(games
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let tag = |k: &str| {
                g.tags
                    .iter()
                    .find(|(t, _)| t.eq_ignore_ascii_case(k))
                    .map(|(_, v)| v.clone())
            };
            let id = match (tag("Red"), tag("Black"), tag("Date")) {
                (Some(r), Some(b), d) => {
                    format!(
                        "#{} {} – {}{}",
                        i + 1,
                        r,
                        b,
                        d.map(|d| format!(" {d}")).unwrap_or_default()
                    )
                }
                _ => format!("#{}", i + 1),
            };
            BatchGame {
                index: i + 1,
                tags: g.tags.iter().cloned().collect(),
                id,
                result: g.result.clone().or_else(|| tag("Result")),
                start: g.start,
                moves: g.moves,
            }
        })
        .collect())
}

fn read_tsv(bytes: &[u8], name: &str) -> Result<Vec<BatchGame>, CliError> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| CliError::input(format!("{name}: not UTF-8: {e}")))?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines
        .next()
        .ok_or_else(|| CliError::input(format!("{name}: empty file")))?
        .split('\t')
        .collect();
    let col = |k: &str| header.iter().position(|h| h.trim_start_matches('#') == k);
    let moves_col = col("iccs_moves").ok_or_else(|| {
        CliError::input(format!("{name}:1: no `iccs_moves` column in the header"))
    })?;
    let id_col = col("id");
    let result_col = col("result");
    let mut out = Vec::new();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let lineno = i + 2;
        let mv_text = fields
            .get(moves_col)
            .ok_or_else(|| CliError::input(format!("{name}:{lineno}: missing iccs_moves")))?;
        let mut moves = Vec::new();
        for (k, tok) in mv_text.split_whitespace().enumerate() {
            let m = Move::from_iccs(tok).ok_or_else(|| {
                CliError::input(format!(
                    "{name}:{lineno}: move {} `{tok}` is not ICCS",
                    k + 1
                ))
            })?;
            moves.push(m);
        }
        let id = id_col
            .and_then(|c| fields.get(c))
            .map_or_else(|| format!("#{}", out.len() + 1), |s| s.to_string());
        let result = result_col
            .and_then(|c| fields.get(c))
            .map(|s| s.to_string());
        let mut tags = BTreeMap::new();
        tags.insert("id".to_string(), id.clone());
        if let Some(r) = &result {
            tags.insert("result".to_string(), r.clone());
        }
        out.push(BatchGame {
            index: out.len() + 1,
            tags,
            id,
            result,
            start: Position::start(),
            moves,
        });
    }
    Ok(out)
}

/// What the batch found about one game.
#[derive(Debug, Clone, Serialize)]
pub struct GameReport {
    /// The game's 1-based position in the file.
    pub game: usize,
    /// The game's tags.
    pub tags: BTreeMap<String, String>,
    /// Game id.
    pub id: String,
    /// Recorded result.
    pub result: Option<String>,
    /// Plies.
    pub plies: usize,
    /// An illegal move, if the record stops early (ply number and move).
    pub error: Option<String>,
    /// One ruling per ruleset (the plies list is left out to keep lines short).
    pub rulings: Vec<BriefRuling>,
    /// Whether the rulings' repetition verdicts or outcomes differ.
    pub disagree: bool,
}

/// A ruling without its per-ply list.
#[derive(Debug, Clone, Serialize)]
pub struct BriefRuling {
    /// Ruleset id.
    pub ruleset: String,
    /// Outcome word.
    pub outcome: &'static str,
    /// Reason word.
    pub reason: String,
    /// The ply at which the outcome was decided, if it was.
    pub decided_at_ply: Option<usize>,
    /// Decisive (or last) repetition ruling.
    pub repetition: Option<xiangqi::rules::RepetitionRuling>,
    /// Number of repetition rulings made.
    pub repetitions: usize,
    /// The first ply from which a draw could be claimed under the natural move limit, if any.
    pub natural_limit_claimable_from_ply: Option<usize>,
}

fn brief(r: &Ruling) -> BriefRuling {
    BriefRuling {
        ruleset: r.ruleset.clone(),
        outcome: r.outcome.as_str(),
        reason: r.reason.clone(),
        decided_at_ply: r.decided_at_ply,
        repetition: r.repetition.clone(),
        repetitions: r.repetitions.len(),
        natural_limit_claimable_from_ply: r
            .natural_limit
            .as_ref()
            .and_then(|n| n.claimable_from_ply),
    }
}

/// Rules one game under every arbiter.
pub fn judge_game(game: &BatchGame, arbiters: &[Arbiter]) -> GameReport {
    let (record, error) = match GameRecord::new(game.start.clone(), game.moves.clone()) {
        Ok(r) => (r, None),
        Err(e) => {
            // Keep the legal prefix.
            let mut pos = game.start.clone();
            let mut ok = Vec::new();
            for &m in &game.moves {
                if pos.play(m).is_err() {
                    break;
                }
                ok.push(m);
            }
            match GameRecord::new(game.start.clone(), ok) {
                Ok(r) => (r, Some(e.to_string())),
                Err(e2) => {
                    return GameReport {
                        game: game.index,
                        tags: game.tags.clone(),
                        id: game.id.clone(),
                        result: game.result.clone(),
                        plies: 0,
                        error: Some(e2.to_string()),
                        rulings: Vec::new(),
                        disagree: false,
                    };
                }
            }
        }
    };
    let rulings: Vec<BriefRuling> = arbiters
        .iter()
        .map(|a| brief(&a.judge(&record, JudgeOptions::default())))
        .collect();
    let key = |r: &BriefRuling| (r.outcome, r.repetition.as_ref().map(|x| x.verdict.as_str()));
    let disagree = rulings.windows(2).any(|w| key(&w[0]) != key(&w[1]));
    GameReport {
        game: game.index,
        tags: game.tags.clone(),
        id: game.id.clone(),
        result: game.result.clone(),
        plies: record.len(),
        error,
        rulings,
        disagree,
    }
}

/// Options of a batch run.
#[derive(Debug, Clone, Copy)]
pub struct BatchOptions {
    /// Worker threads (1 = single-threaded; 0 = all cores).
    pub jobs: usize,
    /// Print a summary table instead of JSON lines.
    pub summary: bool,
    /// Show a progress bar on stderr.
    pub progress: bool,
    /// How move text in game files is read.
    pub mode: xiangqi::notation::Mode,
}

/// The summary of a batch.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Summary {
    /// Games read.
    pub games: usize,
    /// Plies replayed.
    pub plies: usize,
    /// Games whose record has an illegal move (judged up to it).
    pub illegal: usize,
    /// Games in which some position occurs for the third time.
    pub with_repetition: usize,
    /// Per ruleset: repetition verdict counts (`draw`, `red-must-vary`, `black-must-vary`) over
    /// the decisive (or last) ruling of each game with a repetition.
    pub verdicts: BTreeMap<String, BTreeMap<String, usize>>,
    /// Per ruleset: outcome counts over all games.
    pub outcomes: BTreeMap<String, BTreeMap<String, usize>>,
    /// Per ruleset: side labels seen in repetition rulings, with counts.
    pub labels: BTreeMap<String, BTreeMap<String, usize>>,
    /// Games where the rulesets disagree.
    pub disagreements: usize,
    /// Pairs of (verdict under each ruleset) for the disagreeing games, with counts.
    pub disagreement_kinds: BTreeMap<String, usize>,
    /// The disagreeing games (id, recorded result, each ruleset's labels and verdict).
    pub examples: Vec<GameReport>,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Games per second.
    pub games_per_second: f64,
    /// Worker threads used.
    pub jobs: usize,
}

/// Rules every game; returns the per-game reports in input order and the elapsed seconds.
pub fn judge_all(
    games: &[BatchGame],
    arbiters: &[Arbiter],
    opts: BatchOptions,
) -> Result<(Vec<GameReport>, f64, usize), CliError> {
    let bar = if opts.progress {
        let b = indicatif::ProgressBar::new(games.len() as u64);
        b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) = indicatif::ProgressStyle::with_template(
            "{spinner} judging [{bar:40}] {pos}/{len} games ({per_sec}, eta {eta})",
        ) {
            b.set_style(style.progress_chars("=> "));
        }
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    let start = Instant::now();
    let jobs = if opts.jobs == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        opts.jobs
    };
    let reports: Vec<GameReport> = if jobs <= 1 {
        games
            .iter()
            .map(|g| {
                let r = judge_game(g, arbiters);
                bar.inc(1);
                r
            })
            .collect()
    } else {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs)
            .build()
            .map_err(|e| CliError::internal(format!("thread pool: {e}")))?;
        pool.install(|| {
            games
                .par_iter()
                .map(|g| {
                    let r = judge_game(g, arbiters);
                    bar.inc(1);
                    r
                })
                .collect()
        })
    };
    bar.finish_and_clear();
    Ok((reports, start.elapsed().as_secs_f64(), jobs))
}

/// Builds the summary of the reports.
pub fn summarize(
    reports: &[GameReport],
    seconds: f64,
    jobs: usize,
    max_examples: usize,
) -> Summary {
    let mut s = Summary {
        games: reports.len(),
        seconds,
        jobs,
        games_per_second: if seconds > 0.0 {
            reports.len() as f64 / seconds
        } else {
            0.0
        },
        ..Summary::default()
    };
    for r in reports {
        s.plies += r.plies;
        if r.error.is_some() {
            s.illegal += 1;
        }
        if r.rulings.iter().any(|x| x.repetition.is_some()) {
            s.with_repetition += 1;
        }
        for b in &r.rulings {
            *s.outcomes
                .entry(b.ruleset.clone())
                .or_default()
                .entry(b.outcome.to_string())
                .or_default() += 1;
            if let Some(rep) = &b.repetition {
                *s.verdicts
                    .entry(b.ruleset.clone())
                    .or_default()
                    .entry(rep.verdict.as_str().to_string())
                    .or_default() += 1;
                let labels = s.labels.entry(b.ruleset.clone()).or_default();
                *labels.entry(rep.red.clone()).or_default() += 1;
                *labels.entry(rep.black.clone()).or_default() += 1;
            }
        }
        if r.disagree {
            s.disagreements += 1;
            let kind = r
                .rulings
                .iter()
                .map(|b| {
                    format!(
                        "{}: {}",
                        b.ruleset,
                        b.repetition
                            .as_ref()
                            .map_or(b.outcome, |x| x.verdict.as_str())
                    )
                })
                .collect::<Vec<_>>()
                .join(" / ");
            *s.disagreement_kinds.entry(kind).or_default() += 1;
            if s.examples.len() < max_examples {
                s.examples.push(r.clone());
            }
        }
    }
    s
}

/// Renders the summary as a Markdown report (the federation's reading).
pub fn render_summary(s: &Summary, source: &str) -> String {
    let mut o = String::new();
    o.push_str(&format!("Source: `{source}`\n\n"));
    o.push_str(&format!(
        "- games: {}  (plies: {}; records with an illegal move: {})\n",
        s.games, s.plies, s.illegal
    ));
    o.push_str(&format!(
        "- games in which a position occurs for the third time (a ruling is due): {}\n",
        s.with_repetition
    ));
    o.push_str(&format!(
        "- games where the rulesets disagree (repetition verdict or outcome): {}\n\n",
        s.disagreements
    ));
    o.push_str("| ruleset | draw | red-must-vary | black-must-vary |\n|---|---|---|---|\n");
    for (rs, v) in &s.verdicts {
        let g = |k: &str| v.get(k).copied().unwrap_or(0);
        o.push_str(&format!(
            "| {rs} | {} | {} | {} |\n",
            g("draw"),
            g("red-must-vary"),
            g("black-must-vary")
        ));
    }
    o.push_str("\nOutcomes over all games (the arbiter's view of the record: `ongoing` = no ruling on the board):\n\n");
    o.push_str("| ruleset | red-wins | black-wins | draw | ongoing |\n|---|---|---|---|---|\n");
    for (rs, v) in &s.outcomes {
        let g = |k: &str| v.get(k).copied().unwrap_or(0);
        o.push_str(&format!(
            "| {rs} | {} | {} | {} | {} |\n",
            g("red-wins"),
            g("black-wins"),
            g("draw"),
            g("ongoing")
        ));
    }
    o.push_str("\nSide labels in the repetition rulings (both sides counted):\n\n");
    for (rs, v) in &s.labels {
        let mut items: Vec<(&String, &usize)> = v.iter().collect();
        items.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
        let list: Vec<String> = items.iter().map(|(k, n)| format!("{k} {n}")).collect();
        o.push_str(&format!("- {rs}: {}\n", list.join(", ")));
    }
    if !s.disagreement_kinds.is_empty() {
        o.push_str("\nDisagreements by kind:\n\n");
        for (k, n) in &s.disagreement_kinds {
            o.push_str(&format!("- {k}: {n}\n"));
        }
    }
    if !s.examples.is_empty() {
        o.push_str("\nExample games where the editions disagree:\n\n");
        o.push_str("| game | result | plies | ruling per ruleset |\n|---|---|---|---|\n");
        for e in &s.examples {
            let per: Vec<String> = e
                .rulings
                .iter()
                .map(|b| match &b.repetition {
                    Some(r) => format!(
                        "{}: plies {}–{} Red {} / Black {} → {}",
                        b.ruleset,
                        r.first_ply,
                        r.last_ply,
                        r.red,
                        r.black,
                        r.verdict.as_str()
                    ),
                    None => format!("{}: {}", b.ruleset, b.outcome),
                })
                .collect();
            o.push_str(&format!(
                "| {} | {} | {} | {} |\n",
                e.id,
                e.result.as_deref().unwrap_or("?"),
                e.plies,
                per.join("<br>")
            ));
        }
    }
    o
}

/// Runs a batch and writes JSON lines (or the summary) to stdout.
pub fn run(path: &str, arbiters: &[Arbiter], opts: BatchOptions) -> Result<(), CliError> {
    let bytes = std::fs::read(path).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    let games = read_batch(&bytes, path, opts.mode)?;
    let (reports, seconds, jobs) = judge_all(&games, arbiters, opts)?;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let w = CliError::output;
    if opts.summary {
        let s = summarize(&reports, seconds, jobs, 12);
        out.write_all(render_summary(&s, path).as_bytes())
            .map_err(w)?;
        writeln!(
            out,
            "\n{} games in {:.3} s ({:.0} games/s, {} thread{})",
            s.games,
            s.seconds,
            s.games_per_second,
            jobs,
            if jobs == 1 { "" } else { "s" }
        )
        .map_err(w)?;
    } else {
        for r in &reports {
            serde_json::to_writer(&mut out, r).map_err(CliError::output)?;
            out.write_all(b"\n").map_err(w)?;
        }
    }
    out.flush().map_err(w)?;
    eprintln!(
        "judged {} games in {:.3} s ({:.0} games/s, {} thread{})",
        reports.len(),
        seconds,
        reports.len() as f64 / seconds.max(1e-9),
        jobs,
        if jobs == 1 { "" } else { "s" }
    );
    Ok(())
}
