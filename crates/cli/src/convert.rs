//! `xq convert [--to iccs|wxf|chinese] [--strict] [--json] [--output FILE] FILE|-`: rewrite game
//! files (PGN in any notation and encoding, XQF, CBR/CBL/CBF, DhtmlXQ) or plain move lists in
//! another notation. Nothing is written unless the whole input converts; bad input exits 2.

use std::path::PathBuf;

use xiangqi::notation::pgn::{WriteOptions, write_games};
use xiangqi::notation::{Game, GameFormat, Mode, Notation, read_games, render};

use crate::CliError;
use crate::io::{read_input, write_atomic};

/// Target notation on the command line.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum To {
    /// ICCS coordinates (`h2e2`).
    Iccs,
    /// WXF (`C2.5`).
    Wxf,
    /// Chinese (`炮二平五`).
    Chinese,
}

impl From<To> for Notation {
    fn from(t: To) -> Notation {
        match t {
            To::Iccs => Notation::Iccs,
            To::Wxf => Notation::Wxf,
            To::Chinese => Notation::Chinese,
        }
    }
}

/// Arguments of `xq convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The notation to write.
    #[arg(long, value_enum, default_value = "iccs")]
    to: To,
    /// Accept only standard forms (reject e.g. file-number form for tandem pieces).
    #[arg(long)]
    strict: bool,
    /// Write Black's digits half-width in Chinese notation (default full-width).
    #[arg(long)]
    half_width: bool,
    /// Machine-readable output: {"games":[{"tags","fen","moves":[{"iccs","wxf","chinese"}],"result"}]}.
    #[arg(long)]
    json: bool,
    /// Write to this file (atomically) instead of standard output.
    #[arg(long, short)]
    output: Option<PathBuf>,
    /// The input file, or `-` for standard input.
    input: String,
}

/// Whether the input is a bare move list (one PGN game without tags or result).
fn is_bare_move_list(games: &[Game]) -> bool {
    games.len() == 1
        && games[0].format == GameFormat::Pgn
        && games[0].tags.is_empty()
        && games[0].result.is_none()
        && games[0].comments.is_empty()
        && games[0].variations.is_empty()
}

fn json(games: &[Game]) -> serde_json::Value {
    let games: Vec<serde_json::Value> = games
        .iter()
        .map(|g| {
            let tags: serde_json::Map<String, serde_json::Value> = g
                .tags
                .iter()
                .map(|(k, v)| (k.clone(), serde_json::Value::from(v.as_str())))
                .collect();
            let moves: Vec<serde_json::Value> = g
                .plies()
                .map(|(pos, m)| {
                    serde_json::json!({
                        "iccs": render(Notation::Iccs, &pos, m),
                        "wxf": render(Notation::Wxf, &pos, m),
                        "chinese": render(Notation::Chinese, &pos, m),
                    })
                })
                .collect();
            serde_json::json!({
                "tags": tags,
                "fen": g.start.fen(),
                "moves": moves,
                "result": g.result,
            })
        })
        .collect();
    serde_json::json!({ "games": games })
}

/// The converted text (without writing anything).
fn convert(args: &Args, bytes: &[u8]) -> Result<String, CliError> {
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Tolerant
    };
    let name = if args.input == "-" {
        "<stdin>"
    } else {
        args.input.as_str()
    };
    let games = read_games(bytes, name, mode).map_err(CliError::input)?;
    if games.is_empty() {
        return Err(CliError::input(format!("{name}: no game or move found")));
    }
    if args.json {
        return Ok(format!("{}\n", json(&games)));
    }
    let mut opts = WriteOptions::new(args.to.into());
    if args.half_width {
        opts.black_digits = xiangqi::notation::chinese::BlackDigits::HalfWidth;
    }
    if is_bare_move_list(&games) {
        let g = &games[0];
        let words: Vec<String> = g
            .plies()
            .map(|(pos, m)| render(opts.notation, &pos, m))
            .collect();
        return Ok(format!("{}\n", words.join(" ")));
    }
    Ok(write_games(&games, opts))
}

/// Runs `xq convert`.
pub fn run(args: Args) -> Result<(), CliError> {
    let bytes = read_input(&args.input)?;
    let out = convert(&args, &bytes)?;
    match &args.output {
        Some(path) => write_atomic(path, out.as_bytes()),
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(out.as_bytes())
                .map_err(|e| CliError::internal(format!("standard output: {e}")))
        }
    }
}
