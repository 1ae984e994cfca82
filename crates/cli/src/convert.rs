//! `xq convert [--to iccs|wxf|chinese] [--strict] [--json] [--output FILE] FILE|-`: rewrite game
//! files (PGN in any notation and encoding, XQF, CBR/CBL/CBF, DhtmlXQ) or plain move lists in
//! another notation. Nothing is written unless the whole input converts; bad input exits 2.

use std::path::PathBuf;

use xiangqi::notation::pgn::{WriteOptions, write_games};
use xiangqi::notation::{Game, GameFormat, Mode, Notation, read_games, render};

use crate::CliError;
use crate::io::{read_input, write_output};

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
    /// Only this game of the file (from 1).
    #[arg(long, value_name = "N")]
    game: Option<usize>,
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
    let mut games = read_games(bytes, name, mode).map_err(CliError::input)?;
    if let Some(n) = args.game {
        let count = games.len();
        if n == 0 || n > count {
            return Err(CliError::input(format!(
                "{name}: no game {n} (the file holds {count})"
            )));
        }
        games = vec![games.swap_remove(n - 1)];
    }
    if games.is_empty() {
        return Err(CliError::input(format!("{name}: no game or move found")));
    }
    // Tolerant reading leaves out what it cannot read: say exactly what, one line each.
    for (i, g) in games.iter().enumerate() {
        for d in &g.dropped {
            eprintln!(
                "xq: warning: {name}, game {}: {} (--strict refuses the file)",
                i + 1,
                crate::error::one_line(d)
            );
        }
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
        Some(path) => write_output(path, out.as_bytes()),
        None => {
            use std::io::Write;
            std::io::stdout()
                .write_all(out.as_bytes())
                .map_err(CliError::output)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(to: To, strict: bool) -> Args {
        Args {
            game: None,
            to,
            strict,
            half_width: false,
            json: false,
            output: None,
            input: "-".to_string(),
        }
    }

    #[test]
    fn converts_a_move_list_between_notations() {
        let out = convert(&args(To::Chinese, false), "h2e2 h9g7 h0g2".as_bytes()).unwrap();
        assert_eq!(out, "炮二平五 马８进７ 马二进三\n");
        let out = convert(&args(To::Wxf, false), "炮二平五 馬8進7".as_bytes()).unwrap();
        assert_eq!(out, "C2.5 H8+7\n");
    }

    #[test]
    fn bad_input_is_an_input_error_naming_the_token() {
        let e = convert(&args(To::Iccs, false), "h2e2 h9g7 h0h9".as_bytes()).unwrap_err();
        assert_eq!(e.exit_code(), 2);
        assert!(e.to_string().contains("h0h9"), "{e}");
        // Strict mode rejects the file-number form of a tandem piece.
        let pgn = "[FEN \"2bk5/4a4/4b4/2R6/9/9/2R6/9/4A4/4KA3 w\"]\n\n1. 车七进三 *\n";
        assert!(convert(&args(To::Iccs, false), pgn.as_bytes()).is_ok());
        let e = convert(&args(To::Iccs, true), pgn.as_bytes()).unwrap_err();
        assert!(e.to_string().contains("前车进三"), "{e}");
    }

    #[test]
    fn json_lists_every_move_in_three_notations() {
        let mut a = args(To::Iccs, false);
        a.json = true;
        let out = convert(&a, "[Event \"x\"]\n\n1. h2e2 1-0\n".as_bytes()).unwrap();
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["games"][0]["moves"][0]["chinese"], "炮二平五");
        assert_eq!(v["games"][0]["moves"][0]["wxf"], "C2.5");
        assert_eq!(v["games"][0]["result"], "1-0");
        assert_eq!(v["games"][0]["tags"]["Event"], "x");
    }
}
