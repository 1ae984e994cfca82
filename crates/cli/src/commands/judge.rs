//! `xq judge`: rule a game under one or more rulesets (repetition: 长将/长捉…, checkmate,
//! stalemate, the natural move limit), or every game of a database with `--batch`.
//!
//! `--json` prints `{"rulings":[…]}` with the keys of CLI.md; `--batch FILE` prints one JSON
//! object per game (JSON lines) and its progress on standard error.

use std::io::Write as _;

use xiangqi::adjudication::GameRecord;
use xiangqi::board::{START_FEN, Setup};
use xiangqi::movegen::Position;
use xiangqi::notation::{Mode, parse_move_list};
use xiangqi::rules::{Arbiter, Ruleset, Ruling};

use crate::CliError;
use crate::commands::convert::To as NotationArg;
use crate::io::read_nth_game;

/// Arguments of `xq judge`.
#[derive(clap::Args, Debug)]
pub struct JudgeArgs {
    /// A ruleset id (`axf`, `cn-1987`) or a path to a ruleset TOML file; repeat to judge under
    /// several. Default: every built-in ruleset whose edition is linked.
    #[arg(long = "ruleset", value_name = "R")]
    rulesets: Vec<String>,
    /// The start position (FEN) for `--moves`; default the standard start.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// The moves: ICCS, WXF or Chinese, detected per token.
    #[arg(long, conflicts_with = "file")]
    moves: Option<String>,
    /// A game file (PGN, XQF, …) or `-` for standard input.
    #[arg(value_name = "FILE")]
    file: Option<std::path::PathBuf>,
    /// Which game of the file (1-based); default the first.
    #[arg(long, value_name = "N")]
    game: Option<usize>,
    /// Rule every game of this database: one JSON object per game on standard output.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["moves", "file", "game"])]
    batch: Option<String>,
    /// The notation of the moves in the text tables: iccs (h2e2), wxf (C2.5) or chinese (炮二平五).
    #[arg(long, value_enum, default_value_t = NotationArg::Iccs)]
    notation: NotationArg,
    /// Accept only standard move forms.
    #[arg(long)]
    strict: bool,
    /// Machine-readable output.
    #[arg(long)]
    json: bool,
    /// In the text report, list every ply with its class (default: the plies of the cycle).
    #[arg(long)]
    all_plies: bool,
    /// For every chase (捉), show the capture line behind each chased piece in Chinese notation,
    /// with the search bounds it needs (JSON: `lines` on the ply). Lists every ply.
    #[arg(long, conflicts_with = "batch")]
    explain: bool,
    /// With --batch: worker threads (rayon; 0 = all cores; default 1).
    #[arg(long, value_name = "N")]
    jobs: Option<usize>,
    /// With --batch: print a summary report (Markdown: repetitions, verdicts per ruleset, the
    /// games where the rulesets disagree) instead of JSON lines.
    #[arg(long)]
    summary: bool,
    /// With --batch: no progress bar and no closing `judged N games …` line on standard error
    /// (errors and warnings are still printed).
    #[arg(long, short = 'q')]
    quiet: bool,
}

fn mode(strict: bool) -> Mode {
    if strict { Mode::Strict } else { Mode::Tolerant }
}

/// The arbiters for the requested rulesets (or the default set).
pub fn arbiters(names: &[String]) -> Result<Vec<Arbiter>, CliError> {
    let names: Vec<String> = if names.is_empty() {
        Ruleset::linked_root_builtin_ids().map_err(CliError::input)?
    } else {
        names.to_vec()
    };
    names
        .iter()
        .map(|n| {
            let rs = Ruleset::load(n).map_err(CliError::input)?;
            Arbiter::new(rs).map_err(CliError::input)
        })
        .collect()
}

fn start_position(fen: &str) -> Result<Position, CliError> {
    let setup = Setup::from_fen(fen).map_err(|e| CliError::input(format!("--fen: {e}")))?;
    Position::from_setup_composed(setup).map_err(|e| CliError::input(format!("--fen: {e}")))
}

/// Runs `xq judge`.
pub fn run(args: JudgeArgs) -> Result<(), CliError> {
    let arbiters = arbiters(&args.rulesets)?;
    if arbiters.is_empty() {
        return Err(CliError::input(
            "no ruleset to judge under (give --ruleset)",
        ));
    }
    if let Some(batch) = &args.batch {
        let opts = crate::batch::BatchOptions {
            jobs: args.jobs.unwrap_or(1),
            summary: args.summary,
            progress: !args.quiet,
            mode: mode(args.strict),
            quiet: false,
        };
        return crate::batch::run(batch, arbiters.into(), opts);
    }
    let (start, moves, source, declared) = match (&args.moves, &args.file) {
        (Some(text), None) => {
            let start = start_position(&args.fen)?;
            let moves = parse_move_list(&start, text, mode(args.strict))
                .map_err(|e| CliError::input(format!("--moves: {e}")))?;
            (start, moves, "--moves".to_string(), None)
        }
        (None, Some(file)) => {
            let n = args.game.unwrap_or(1);
            let game = read_nth_game(file, n, mode(args.strict))?;
            // the result the file records (Result tag, a resignation in an xq game log)
            let declared = xiangqi::game::declared::declared(&game);
            (
                game.start,
                game.moves,
                format!("{}, game {n}", crate::io::shown_path(file)),
                declared,
            )
        }
        _ => {
            return Err(CliError::input(
                "give the moves with --moves, or a game file (or - for standard input)",
            ));
        }
    };
    let record =
        GameRecord::new(start, moves).map_err(|e| CliError::input(format!("{source}: {e}")))?;
    let mut rulings: Vec<Ruling> = xiangqi::judgement::judge_all(&arbiters, &record);
    if args.explain {
        for (a, r) in arbiters.iter().zip(rulings.iter_mut()) {
            a.explain(&record, r);
            xiangqi::judgement::render_lines(&record, r);
        }
    }
    // The text tables name the moves in the chosen notation (JSON keeps ICCS, the contract's).
    if !args.json && args.notation != NotationArg::Iccs {
        let notation = args.notation.into();
        let mut pos = record.position_at(0);
        let texts: Vec<String> = (1..=record.len())
            .map(|p| {
                let m = record.mv(p);
                let text = xiangqi::notation::render(notation, &pos, m);
                pos.play_unchecked(m);
                text
            })
            .collect();
        for r in &mut rulings {
            for p in &mut r.plies {
                if let Some(t) = texts.get(p.ply - 1) {
                    p.mv = t.clone();
                }
            }
        }
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        let text = xiangqi::judgement::judgement_json(&arbiters, &rulings, declared.as_ref())
            .map_err(CliError::internal)?;
        out.write_all(text.as_bytes()).map_err(CliError::output)?;
    } else if rulings.len() > 1 {
        write!(
            out,
            "{}",
            xiangqi::judgement::text::compare(&arbiters, &rulings, args.explain)
        )
        .map_err(CliError::output)?;
    } else {
        for (i, (r, a)) in rulings.iter().zip(&arbiters).enumerate() {
            if i > 0 {
                writeln!(out).map_err(CliError::output)?;
            }
            out.write_all(
                xiangqi::judgement::text::ruling(r, a, args.all_plies || args.explain).as_bytes(),
            )
            .map_err(CliError::output)?;
        }
    }
    if !args.json
        && let Some(d) = &declared
    {
        writeln!(out, "\nRecorded result: {} ({})", d.result, d.source)
            .map_err(CliError::output)?;
        for c in xiangqi::judgement::conflicts(d, &rulings) {
            writeln!(out, "Conflict: {c}").map_err(CliError::output)?;
        }
    }
    Ok(())
}
