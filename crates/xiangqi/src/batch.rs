//! Batch judging: rule every game of a database under one or more rulesets, in parallel (rayon),
//! streaming a [`GameReport`] per game in input order, and the federation's [`Summary`] of a
//! batch. The library code behind `xq judge --batch`, `xq report`, the desk and the Python wheel.
//!
//! Input: a game file any reader of `xiangqi-notation` understands (PGN in Chinese, WXF or ICCS
//! notation, …), or a tab-separated file whose header names an `iccs_moves` column (and
//! optionally `#id` and `result`), such as `ccpd_national.iccs.tsv`.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::adjudication::GameRecord;
use crate::movegen::{Move, Position};
use crate::notation::Mode;
use crate::rules::{Arbiter, JudgeOptions, Ruling};
use rayon::prelude::*;
use serde::Serialize;

/// Why a batch could not be run: its input is unusable as a whole (a record that cannot be read
/// is not an error: its [`GameReport`] carries the reason).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BatchError {
    /// The input cannot be opened or read (the message names the file, and the line where
    /// there is one).
    #[error("{0}")]
    Input(String),
    /// The worker threads could not be started.
    #[error("thread pool: {0}")]
    Threads(String),
}

impl BatchError {
    fn input(msg: impl std::fmt::Display) -> BatchError {
        BatchError::Input(msg.to_string())
    }
}

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

/// One record of a batch before judging: a game read (or to be read) or why it is unusable.
enum Item {
    /// A PGN record, read in the worker (reading is part of the work).
    Record(crate::notation::stream::Record),
    /// A game already read (whole-file formats, `.tsv` lines).
    Game(Box<BatchGame>),
    /// A record that could not be read: its 1-based position and why.
    Bad(usize, String),
}

/// A game of a whole-file format or of a PGN record, as a batch game (its id from the `Red`,
/// `Black` and `Date` tags; its result from the result token or the `Result` tag).
pub fn batch_game(index: usize, g: crate::notation::NotatedGame) -> BatchGame {
    let tag = |k: &str| {
        g.tags
            .iter()
            .find(|(t, _)| t.eq_ignore_ascii_case(k))
            .map(|(_, v)| v.clone())
    };
    let id = match (tag("Red"), tag("Black"), tag("Date")) {
        (Some(r), Some(b), d) => {
            format!(
                "#{index} {r} – {b}{}",
                d.map(|d| format!(" {d}")).unwrap_or_default()
            )
        }
        _ => format!("#{index}"),
    };
    BatchGame {
        index,
        tags: g.tags.iter().cloned().collect(),
        id,
        result: g.result.clone().or_else(|| tag("Result")),
        start: g.start,
        moves: g.moves,
    }
}

/// The records of a batch file, one at a time.
type Items = Box<dyn Iterator<Item = Result<Item, BatchError>> + Send>;

/// The records of a batch file, read as a stream: memory stays bounded whatever the file's size.
/// `Err` is an input unusable as a whole; a bad record is an [`Item::Bad`].
fn open_items(
    path: &str,
    mode: crate::notation::Mode,
    read: Arc<AtomicU64>,
) -> Result<Items, BatchError> {
    use crate::notation::stream::{Database, open_database};
    let file: Box<dyn std::io::Read + Send> = if path == "-" {
        Box::new(Counted(std::io::stdin(), read))
    } else {
        Box::new(Counted(
            std::fs::File::open(path).map_err(|e| BatchError::input(format!("{path}: {e}")))?,
            read,
        ))
    };
    let io_err = move |e: std::io::Error| BatchError::input(format!("{path}: {e}"));
    if path.ends_with(".tsv") {
        return Ok(Box::new(TsvItems::open(file, path)?));
    }
    match open_database(file).map_err(io_err)? {
        Database::Records(records) => {
            let name = path.to_string();
            Ok(Box::new(records.map(move |r| {
                r.map(Item::Record)
                    .map_err(|e| BatchError::input(format!("{name}: {e}")))
            })))
        }
        Database::Whole(bytes) => {
            // The reader's errors already name the file, the game, the move and the token.
            let games =
                crate::notation::read_games(&bytes, path, mode).map_err(BatchError::input)?;
            Ok(Box::new(games.into_iter().enumerate().map(|(i, g)| {
                Ok(Item::Game(Box::new(batch_game(i + 1, g))))
            })))
        }
    }
}

/// The lines of a tab-separated file whose header names an `iccs_moves` column (and optionally
/// `#id` and `result`), one game a line.
struct TsvItems {
    lines: std::io::Lines<std::io::BufReader<Box<dyn std::io::Read + Send>>>,
    name: String,
    moves_col: usize,
    id_col: Option<usize>,
    result_col: Option<usize>,
    line: usize,
    games: usize,
}

impl TsvItems {
    fn open(file: Box<dyn std::io::Read + Send>, name: &str) -> Result<TsvItems, BatchError> {
        use std::io::BufRead as _;
        let mut lines = std::io::BufReader::new(file).lines();
        let header = lines
            .next()
            .ok_or_else(|| BatchError::input(format!("{name}: empty file")))?
            .map_err(|e| BatchError::input(format!("{name}:1: {e}")))?;
        let header: Vec<&str> = header.split('\t').collect();
        let col = |k: &str| header.iter().position(|h| h.trim_start_matches('#') == k);
        let moves_col = col("iccs_moves").ok_or_else(|| {
            BatchError::input(format!("{name}:1: no `iccs_moves` column in the header"))
        })?;
        Ok(TsvItems {
            id_col: col("id"),
            result_col: col("result"),
            lines,
            name: name.to_string(),
            moves_col,
            line: 1,
            games: 0,
        })
    }

    fn game(&self, line: &str) -> Result<BatchGame, String> {
        let name = &self.name;
        let lineno = self.line;
        let fields: Vec<&str> = line.split('\t').collect();
        let mv_text = fields
            .get(self.moves_col)
            .ok_or_else(|| format!("{name}:{lineno}: missing iccs_moves"))?;
        let mut moves = Vec::new();
        for (k, tok) in mv_text.split_whitespace().enumerate() {
            let m = Move::from_iccs(tok)
                .ok_or_else(|| format!("{name}:{lineno}: move {} `{tok}` is not ICCS", k + 1))?;
            moves.push(m);
        }
        let id = self
            .id_col
            .and_then(|c| fields.get(c))
            .map_or_else(|| format!("#{}", self.games), |s| s.to_string());
        let result = self
            .result_col
            .and_then(|c| fields.get(c))
            .map(|s| s.to_string());
        let mut tags = BTreeMap::new();
        tags.insert("id".to_string(), id.clone());
        if let Some(r) = &result {
            tags.insert("result".to_string(), r.clone());
        }
        Ok(BatchGame {
            index: self.games,
            tags,
            id,
            result,
            start: Position::start(),
            moves,
        })
    }
}

impl Iterator for TsvItems {
    type Item = Result<Item, BatchError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let line = match self.lines.next()? {
                Ok(l) => l,
                Err(e) => {
                    return Some(Err(BatchError::input(format!(
                        "{}:{}: {e}",
                        self.name,
                        self.line + 1
                    ))));
                }
            };
            self.line += 1;
            if line.trim().is_empty() {
                continue;
            }
            self.games += 1;
            return Some(Ok(match self.game(&line) {
                Ok(g) => Item::Game(Box::new(g)),
                Err(e) => Item::Bad(self.games, e),
            }));
        }
    }
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
    /// An illegal move, if the record stops early (ply number and move); for an unreadable
    /// record, why it could not be read (game, ply and token).
    pub error: Option<String>,
    /// The record could not be read at all (it has no rulings); only written when true.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unreadable: bool,
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
    pub repetition: Option<crate::rules::RepetitionRuling>,
    /// Number of repetition rulings made.
    pub repetitions: usize,
    /// The ruling on a run that is not a repetition (cn-2020's nine-move rule), when one was
    /// made; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<crate::rules::RepetitionRuling>,
    /// The first ply from which a draw could be claimed under the natural move limit, if any.
    pub natural_limit_claimable_from_ply: Option<usize>,
    /// A dead position reached and the draw proposed for it (see
    /// [`crate::rules::Ruling::dead_position`]); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_position: Option<crate::rules::DeadPositionReport>,
}

fn brief(r: &Ruling) -> BriefRuling {
    BriefRuling {
        ruleset: r.ruleset.clone(),
        outcome: r.outcome.as_str(),
        reason: r.reason.clone(),
        decided_at_ply: r.decided_at_ply,
        repetition: r.repetition.clone(),
        repetitions: r.repetitions.len(),
        run: r.run.clone(),
        natural_limit_claimable_from_ply: r
            .natural_limit
            .as_ref()
            .and_then(|n| n.claimable_from_ply),
        dead_position: r.dead_position.clone(),
    }
}

/// Rules one game under every arbiter.
pub fn judge_game(game: &BatchGame, arbiters: &[Arbiter]) -> GameReport {
    judge_game_full(game, arbiters).0
}

/// A game's rulings as the batch makes them (only the plies of repetition cycles classified):
/// the record judged (the legal prefix of the game's moves) and one ruling per arbiter.
#[derive(Debug, Clone)]
pub struct GameRulings {
    /// The record judged.
    pub record: GameRecord,
    /// One ruling per arbiter, in order.
    pub rulings: Vec<Ruling>,
}

/// [`judge_game`], with the rulings themselves and the record judged (`None` when not even the
/// start position could be judged): what a binding needs to give a batch's results the shape of
/// a single game's.
pub fn judge_game_full(
    game: &BatchGame,
    arbiters: &[Arbiter],
) -> (GameReport, Option<GameRulings>) {
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
                    let report = GameReport {
                        game: game.index,
                        tags: game.tags.clone(),
                        id: game.id.clone(),
                        result: game.result.clone(),
                        plies: 0,
                        error: Some(e2.to_string()),
                        unreadable: false,
                        rulings: Vec::new(),
                        disagree: false,
                    };
                    return (report, None);
                }
            }
        }
    };
    let full: Vec<Ruling> = arbiters
        .iter()
        .map(|a| a.judge(&record, JudgeOptions::default()))
        .collect();
    let rulings: Vec<BriefRuling> = full.iter().map(brief).collect();
    let key = |r: &BriefRuling| (r.outcome, r.repetition.as_ref().map(|x| x.verdict.as_str()));
    let disagree = rulings.windows(2).any(|w| key(&w[0]) != key(&w[1]));
    let report = GameReport {
        game: game.index,
        tags: game.tags.clone(),
        id: game.id.clone(),
        result: game.result.clone(),
        plies: record.len(),
        error,
        unreadable: false,
        rulings,
        disagree,
    };
    (
        report,
        Some(GameRulings {
            record,
            rulings: full,
        }),
    )
}

/// The report of a record that could not be read.
fn unreadable(index: usize, error: String) -> GameReport {
    GameReport {
        game: index,
        tags: BTreeMap::new(),
        id: format!("#{index}"),
        result: None,
        plies: 0,
        error: Some(error),
        unreadable: true,
        rulings: Vec::new(),
        disagree: false,
    }
}

/// Reads (if need be) and rules one item; the game itself is kept when the rulesets disagree
/// on it (for the report).
fn judge_item(item: Item, arbiters: &[Arbiter], path: &str, mode: Mode, rulings: bool) -> Judged {
    let keep = |(report, full): (GameReport, Option<GameRulings>), g: Box<BatchGame>| {
        let disagree = report.disagree;
        Judged {
            report,
            game: disagree.then_some(g),
            rulings: if rulings { full } else { None },
        }
    };
    let bad = |report| Judged {
        report,
        game: None,
        rulings: None,
    };
    match item {
        Item::Game(g) => keep(judge_game_full(&g, arbiters), g),
        Item::Bad(i, e) => bad(unreadable(i, e)),
        Item::Record(r) => match r.read(path, mode) {
            Ok(g) => {
                let g = Box::new(batch_game(r.index, g));
                keep(judge_game_full(&g, arbiters), g)
            }
            Err(e) => bad(unreadable(r.index, e.to_string())),
        },
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
    pub mode: crate::notation::Mode,
    /// Print nothing on standard output (the caller uses the summary).
    pub quiet: bool,
}

/// The summary of a batch.
#[derive(Debug, Clone, Serialize, Default)]
pub struct Summary {
    /// Games read (unreadable records included).
    pub games: usize,
    /// Records that could not be read at all (no ruling).
    pub unreadable: usize,
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
    /// Recorded results (the games' `Result` tags or result columns): `1-0`, `0-1`,
    /// `1/2-1/2`, `none`, with counts.
    pub recorded: BTreeMap<String, usize>,
    /// Per ruleset: games whose recorded result conflicts with the board ruling.
    pub recorded_conflicts: BTreeMap<String, usize>,
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

/// The worker threads for `--jobs N`: 0 means every core, and more than the machine has are
/// never started (a request for 100,000 gets the number of cores).
pub fn effective_jobs(requested: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    if requested == 0 {
        cores
    } else {
        requested.min(cores)
    }
}

impl Summary {
    /// Counts one game's report in; keeps it as an example if it is among the first
    /// `max_examples` disagreements.
    pub fn add(&mut self, r: &GameReport, max_examples: usize) {
        self.games += 1;
        self.plies += r.plies;
        if r.unreadable {
            self.unreadable += 1;
        } else if r.error.is_some() {
            self.illegal += 1;
        }
        if r.rulings.iter().any(|x| x.repetition.is_some()) {
            self.with_repetition += 1;
        }
        let recorded = r
            .result
            .as_deref()
            .and_then(crate::game::declared::normalise);
        if !r.unreadable {
            *self
                .recorded
                .entry(recorded.unwrap_or("none").to_string())
                .or_default() += 1;
        }
        for b in &r.rulings {
            let conflict = recorded
                .is_some_and(|rec| crate::game::declared::is_conflict(rec, b.outcome, &b.reason));
            let n = self
                .recorded_conflicts
                .entry(b.ruleset.clone())
                .or_default();
            *n += usize::from(conflict);
        }
        for b in &r.rulings {
            *self
                .outcomes
                .entry(b.ruleset.clone())
                .or_default()
                .entry(b.outcome.to_string())
                .or_default() += 1;
            if let Some(rep) = &b.repetition {
                *self
                    .verdicts
                    .entry(b.ruleset.clone())
                    .or_default()
                    .entry(rep.verdict.as_str().to_string())
                    .or_default() += 1;
                let labels = self.labels.entry(b.ruleset.clone()).or_default();
                *labels.entry(rep.red.clone()).or_default() += 1;
                *labels.entry(rep.black.clone()).or_default() += 1;
            }
        }
        if r.disagree {
            self.disagreements += 1;
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
            *self.disagreement_kinds.entry(kind).or_default() += 1;
            if self.examples.len() < max_examples {
                self.examples.push(r.clone());
            }
        }
    }

    /// Sets the timing fields.
    pub fn finish(&mut self, seconds: f64, jobs: usize) {
        self.seconds = seconds;
        self.jobs = jobs;
        self.games_per_second = if seconds > 0.0 {
            self.games as f64 / seconds
        } else {
            0.0
        };
    }
}

/// Renders the summary as a Markdown report (the federation's reading).
pub fn render_summary(s: &Summary, source: &str) -> String {
    let mut o = String::new();
    o.push_str(&format!("Source: `{source}`\n\n"));
    o.push_str(&format!(
        "- games: {}  (plies: {}; records with an illegal move: {})\n",
        s.games, s.plies, s.illegal
    ));
    if s.unreadable > 0 {
        o.push_str(&format!(
            "- records that could not be read (no ruling): {}\n",
            s.unreadable
        ));
    }
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
    if !s.recorded.is_empty() {
        let g = |k: &str| s.recorded.get(k).copied().unwrap_or(0);
        o.push_str("\nRecorded results (the games' `Result` tags), and the games whose recorded result conflicts with the board ruling (the board decides a win the record does not show, or a draw by repetition against a recorded win, or the record shows a draw where a side had to vary):\n\n");
        o.push_str("| 1-0 | 0-1 | 1/2-1/2 | none |\n|---|---|---|---|\n");
        o.push_str(&format!(
            "| {} | {} | {} | {} |\n\n",
            g("1-0"),
            g("0-1"),
            g("1/2-1/2"),
            g("none")
        ));
        o.push_str("| ruleset | conflicts |\n|---|---|\n");
        for (rs, n) in &s.recorded_conflicts {
            o.push_str(&format!("| {rs} | {n} |\n"));
        }
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

/// Games judged at a time: memory holds one chunk of records and reports, whatever the file's
/// size.
const CHUNK: usize = 512;

/// One judged game of a batch: its report, and the game itself when the rulesets disagree on
/// it (for a report that shows those games).
#[derive(Debug, Clone)]
pub struct Judged {
    /// What the batch found.
    pub report: GameReport,
    /// The game, kept only when `report.disagree`.
    pub game: Option<Box<BatchGame>>,
    /// The record judged and the rulings themselves, kept only when the batch was asked to
    /// ([`Batch::keep_rulings`]) and the record could be judged.
    pub rulings: Option<GameRulings>,
}

/// A reader that adds the bytes it reads to a shared counter (a batch's progress).
struct Counted<R>(R, Arc<AtomicU64>);

impl<R: std::io::Read> std::io::Read for Counted<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.0.read(buf)?;
        self.1.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A running batch: the records of a file judged a chunk at a time (in parallel on `jobs`
/// threads), in input order. Memory stays bounded whatever the file's size. It owns everything
/// it uses (no borrowed state), so a binding can keep it between calls and move it across
/// threads.
///
/// # Examples
///
/// ```no_run
/// use std::sync::Arc;
/// use xiangqi::batch::Batch;
/// use xiangqi::notation::Mode;
/// use xiangqi::rules::{Arbiter, Ruleset};
///
/// let arbiters: Vec<Arbiter> = ["cn-1987", "axf"]
///     .iter()
///     .map(|id| Arbiter::new(Ruleset::load(id).unwrap()).unwrap())
///     .collect();
/// let batch = Batch::open("games.pgn", Arc::from(arbiters), Mode::Tolerant, 0)?;
/// for judged in batch {
///     let judged = judged?;
///     if judged.report.disagree {
///         // …
///     }
/// }
/// # Ok::<(), xiangqi::batch::BatchError>(())
/// ```
pub struct Batch {
    items: Items,
    path: String,
    mode: Mode,
    arbiters: Arc<[Arbiter]>,
    jobs: usize,
    pool: Option<rayon::ThreadPool>,
    ready: std::collections::VecDeque<Judged>,
    keep_rulings: bool,
    read: Arc<AtomicU64>,
    size: Option<u64>,
}

impl std::fmt::Debug for Batch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Batch")
            .field("path", &self.path)
            .field("jobs", &self.jobs)
            .finish_non_exhaustive()
    }
}

impl Batch {
    /// Opens a batch file (`-`: standard input) to be judged under `arbiters` on `jobs` worker
    /// threads (see [`effective_jobs`]: 0 = every core).
    pub fn open(
        path: &str,
        arbiters: Arc<[Arbiter]>,
        mode: Mode,
        jobs: usize,
    ) -> Result<Batch, BatchError> {
        let read = Arc::new(AtomicU64::new(0));
        let items = open_items(path, mode, read.clone())?;
        let size = (path != "-")
            .then(|| std::fs::metadata(path).ok())
            .flatten()
            .filter(|m| m.is_file())
            .map(|m| m.len());
        let jobs = effective_jobs(jobs);
        let pool = if jobs > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(jobs)
                    .build()
                    .map_err(|e| BatchError::Threads(e.to_string()))?,
            )
        } else {
            None
        };
        Ok(Batch {
            items,
            path: path.to_string(),
            mode,
            arbiters,
            jobs,
            pool,
            ready: std::collections::VecDeque::new(),
            keep_rulings: false,
            read,
            size,
        })
    }

    /// Keeps each game's record and rulings in its [`Judged::rulings`] (default: not kept).
    pub fn keep_rulings(mut self, keep: bool) -> Batch {
        self.keep_rulings = keep;
        self
    }

    /// The worker threads used.
    pub fn jobs(&self) -> usize {
        self.jobs
    }

    /// How far the input has been read: its bytes read so far and its size in bytes, when it
    /// is a file (standard input has none). The records judged trail the bytes read by at most
    /// one chunk; a whole-file format (XQF, CBR …) is read at once.
    pub fn progress(&self) -> (u64, Option<u64>) {
        (self.read.load(Ordering::Relaxed), self.size)
    }

    /// Reads and judges the next chunk of records (in parallel), in input order; `Ok(None)` at
    /// the end of the file.
    pub fn next_chunk(&mut self) -> Result<Option<Vec<Judged>>, BatchError> {
        let chunk: Vec<Item> = self
            .items
            .by_ref()
            .take(CHUNK)
            .collect::<Result<Vec<Item>, BatchError>>()?;
        if chunk.is_empty() {
            return Ok(None);
        }
        let (arbiters, path, mode) = (&*self.arbiters, self.path.as_str(), self.mode);
        let keep = self.keep_rulings;
        let judge = |it| judge_item(it, arbiters, path, mode, keep);
        Ok(Some(match &self.pool {
            None => chunk.into_iter().map(judge).collect(),
            Some(pool) => pool.install(|| chunk.into_par_iter().map(judge).collect()),
        }))
    }
}

impl Iterator for Batch {
    type Item = Result<Judged, BatchError>;

    /// The next judged game (records are judged a chunk at a time).
    fn next(&mut self) -> Option<Self::Item> {
        if self.ready.is_empty() {
            match self.next_chunk() {
                Ok(Some(chunk)) => self.ready.extend(chunk),
                Ok(None) => return None,
                Err(e) => return Some(Err(e)),
            }
        }
        self.ready.pop_front().map(Ok)
    }
}

/// A game report as one JSON line (without the line break): the line `xq judge --batch --json`
/// prints for it.
pub fn report_json(report: &GameReport) -> Result<String, serde_json::Error> {
    serde_json::to_string(report)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Ruleset;

    fn arbiters() -> Arc<[Arbiter]> {
        ["cn-1987", "axf"]
            .iter()
            .map(|id| Arbiter::new(Ruleset::load(id).unwrap()).unwrap())
            .collect::<Vec<_>>()
            .into()
    }

    /// A PGN file of `n` games in the temporary folder, the second one unreadable.
    fn database(name: &str, n: usize) -> std::path::PathBuf {
        let mut text = String::new();
        for i in 1..=n {
            let moves = if i == 2 {
                "1. h2e2 x9x9"
            } else {
                "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 h9i9 4. h0i0 i9h9 5. i0h0 h9i9 6. h0i0"
            };
            text.push_str(&format!(
                "[Event \"g{i}\"]\n[Red \"r\"]\n[Black \"b\"]\n\n{moves} *\n\n"
            ));
        }
        let path = std::env::temp_dir().join(format!("xq-batch-{}-{name}.pgn", std::process::id()));
        std::fs::write(&path, text).unwrap();
        path
    }

    fn lines(path: &std::path::Path, jobs: usize) -> Vec<String> {
        Batch::open(path.to_str().unwrap(), arbiters(), Mode::Tolerant, jobs)
            .unwrap()
            .map(|j| report_json(&j.unwrap().report).unwrap())
            .collect()
    }

    #[test]
    fn reports_come_in_input_order_whatever_the_threads() {
        let path = database("order", 1100);
        let one = lines(&path, 1);
        assert_eq!(one, lines(&path, 2));
        assert_eq!(one.len(), 1100);
        let reports: Vec<GameReport> =
            Batch::open(path.to_str().unwrap(), arbiters(), Mode::Tolerant, 2)
                .unwrap()
                .map(|j| j.unwrap().report)
                .collect();
        std::fs::remove_file(&path).unwrap();
        assert!(reports.iter().enumerate().all(|(i, r)| r.game == i + 1));
        assert!(reports[1].unreadable && reports[1].error.as_deref().unwrap().contains("x9x9"));
        let r = &reports[0];
        assert_eq!((r.plies, r.rulings.len()), (11, 2));
        assert_eq!(r.id, "#1 r – b");
        assert!(r.rulings.iter().all(|b| b.repetition.is_some()));
        let mut summary = Summary::default();
        for r in &reports {
            summary.add(r, 12);
        }
        assert_eq!((summary.games, summary.unreadable), (1100, 1));
        assert_eq!(summary.with_repetition, 1099);
    }

    #[test]
    fn a_missing_file_is_an_input_error_naming_it() {
        let e = Batch::open("/no/such/file.pgn", arbiters(), Mode::Tolerant, 1).unwrap_err();
        assert!(
            matches!(&e, BatchError::Input(m) if m.starts_with("/no/such/file.pgn: ")),
            "{e}"
        );
    }

    #[test]
    fn jobs_are_capped_by_the_cores() {
        let cores = effective_jobs(0);
        assert!(cores >= 1);
        assert_eq!(effective_jobs(1), 1);
        assert_eq!(effective_jobs(100_000), cores);
    }
}
