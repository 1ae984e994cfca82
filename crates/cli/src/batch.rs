//! `xq judge --batch`: rule every game of a database under one or more rulesets, in parallel
//! (`--jobs`, rayon), with a progress bar on stderr and JSON lines or a summary on stdout.
//! The judging itself is library code ([`xiangqi::batch`]), shared with the desk and Python.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use xiangqi::batch::{Batch, BatchError, render_summary};
pub use xiangqi::batch::{BatchGame, Summary};
use xiangqi::rules::Arbiter;

use crate::CliError;

impl From<BatchError> for CliError {
    fn from(e: BatchError) -> CliError {
        match e {
            BatchError::Input(m) => CliError::Input(m),
            e @ BatchError::Threads(_) => CliError::internal(e),
        }
    }
}

/// Options of a batch run.
#[derive(Debug, Clone, Copy)]
pub struct BatchOptions {
    /// Worker threads (1 = single-threaded; 0 = all cores).
    pub jobs: usize,
    /// Print a summary table instead of JSON lines.
    pub summary: bool,
    /// Show a progress bar on stderr (games, per cent of the file and time left when the input
    /// is a file) and the closing `judged N games …` line.
    pub progress: bool,
    /// How move text in game files is read.
    pub mode: xiangqi::notation::Mode,
    /// Print nothing on standard output (the caller uses the summary).
    pub quiet: bool,
}

/// Runs a batch and writes JSON lines (or the summary) to stdout, streaming: records are read,
/// judged (in parallel with `--jobs`) and written a chunk at a time, in input order. A record
/// that cannot be read gets its line with an `error` and the batch goes on; the run then ends
/// with [`CliError::BadRecords`] (exit 3), or exit 2 if no record could be read at all.
pub fn run(path: &str, arbiters: Arc<[Arbiter]>, opts: BatchOptions) -> Result<(), CliError> {
    let summary = run_with(path, arbiters, opts, |_| {})?;
    records_verdict(path, &summary)
}

/// The end of a batch: [`CliError::BadRecords`] (exit 3) when some records could not be read,
/// bad input (exit 2) when none could.
pub fn records_verdict(path: &str, summary: &Summary) -> Result<(), CliError> {
    match summary.unreadable {
        0 => Ok(()),
        n if n == summary.games => Err(CliError::input(format!(
            "{path}: none of its {n} records could be read as a game"
        ))),
        n => Err(CliError::BadRecords(format!(
            "{path}: {n} of {} records could not be read (their lines carry the error)",
            summary.games
        ))),
    }
}

/// [`run`], handing every game on which the rulesets disagree to `disagreeing` (in input order)
/// and returning the summary. With `opts.summary` and no output wanted, see [`BatchOptions`].
pub fn run_with(
    path: &str,
    arbiters: Arc<[Arbiter]>,
    opts: BatchOptions,
    mut disagreeing: impl FnMut(BatchGame),
) -> Result<Summary, CliError> {
    let mut batch = Batch::open(path, arbiters, opts.mode, opts.jobs)?;
    let jobs = batch.jobs();
    let size = batch.progress().1;
    let bar = if opts.progress {
        // by bytes when the file's size is known (the games are counted in the message)
        let (b, template) = match size {
            Some(size) => (
                indicatif::ProgressBar::new(size),
                "{spinner} judging: {msg} games, {percent}% of {total_bytes}, {elapsed} gone, about {eta} left",
            ),
            None => (
                indicatif::ProgressBar::new_spinner(),
                "{spinner} judging: {msg} games, {elapsed}",
            ),
        };
        b.set_draw_target(indicatif::ProgressDrawTarget::stderr());
        if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
            b.set_style(style);
        }
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut summary = Summary::default();
    let start = Instant::now();
    while let Some(reports) = batch.next_chunk()? {
        for judged in &reports {
            let r = &judged.report;
            summary.add(r, 12);
            if let Some(g) = &judged.game {
                disagreeing((**g).clone());
            }
            if opts.quiet {
                continue;
            }
            if !opts.summary {
                serde_json::to_writer(&mut out, r).map_err(CliError::output)?;
                out.write_all(b"\n").map_err(CliError::output)?;
            }
        }
        bar.set_message(summary.games.to_string());
        bar.set_position(batch.progress().0);
    }
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    summary.finish(seconds, jobs);
    if opts.summary && !opts.quiet {
        out.write_all(render_summary(&summary, path).as_bytes())
            .map_err(CliError::output)?;
        writeln!(
            out,
            "\n{} games in {:.3} s ({:.0} games/s, {} thread{})",
            summary.games,
            summary.seconds,
            summary.games_per_second,
            jobs,
            if jobs == 1 { "" } else { "s" }
        )
        .map_err(CliError::output)?;
    }
    out.flush().map_err(CliError::output)?;
    if !opts.progress {
        return Ok(summary);
    }
    eprintln!(
        "judged {} games in {:.3} s ({:.0} games/s, {} thread{})",
        summary.games,
        seconds,
        summary.games as f64 / seconds.max(1e-9),
        jobs,
        if jobs == 1 { "" } else { "s" }
    );
    Ok(summary)
}
