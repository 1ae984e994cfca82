//! `xq convert [--to iccs|wxf|chinese] [--strict] [--json] [--output FILE] FILE|-`: rewrite game
//! files (PGN in any notation and encoding, XQF, CBR/CBL/CBF, DhtmlXQ) or plain move lists in
//! another notation. Nothing is written unless the whole input converts; bad input exits 2.

use std::io::{Read, Seek as _, SeekFrom, Write};
use std::path::{Path, PathBuf};

use xiangqi::notation::pgn::{WriteOptions, write_game};
use xiangqi::notation::stream::{Database, NthGame, open_database, read_nth_game};
use xiangqi::notation::{GameFormat, Mode, NotatedGame, Notation, read_games, render};

use crate::CliError;

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
pub struct ConvertArgs {
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
    input: PathBuf,
}

/// Whether the input is a bare move list (one PGN game without tags or result).
fn is_bare_move_list(game: &NotatedGame) -> bool {
    game.format == GameFormat::Pgn
        && game.tags.is_empty()
        && game.result.is_none()
        && game.comments.is_empty()
        && game.variations.is_empty()
}

/// One game as the JSON of `--json`.
fn json(g: &NotatedGame) -> serde_json::Value {
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
}

/// The games of the input, read one at a time: a PGN database record by record (only game N
/// with `--game N`), other formats whole. Memory holds one game, not the file.
fn games<'a>(
    args: &ConvertArgs,
    name: &'a str,
    input: impl Read + 'a,
) -> Result<Box<dyn Iterator<Item = Result<NotatedGame, CliError>> + 'a>, CliError> {
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Tolerant
    };
    if let Some(n) = args.game {
        return match read_nth_game(input, name, n, mode).map_err(CliError::input)? {
            NthGame::Found(g) => Ok(Box::new(std::iter::once(Ok(*g)))),
            NthGame::Missing { count } => {
                Err(CliError::input(crate::io::missing_game(name, n, count)))
            }
        };
    }
    match open_database(input).map_err(|e| CliError::input(format!("{name}: {e}")))? {
        Database::Whole(bytes) => {
            let games = read_games(&bytes, name, mode).map_err(CliError::input)?;
            Ok(Box::new(games.into_iter().map(Ok)))
        }
        Database::Records(records) => Ok(Box::new(records.map(move |r| {
            r.map_err(|e| CliError::input(format!("{name}: {e}")))?
                .read(name, mode)
                .map_err(CliError::input)
        }))),
    }
}

/// Converts the input into `out`, game by game. On an error part of the output may have been
/// written: the caller keeps it apart until the whole input has converted.
fn convert_into(args: &ConvertArgs, input: impl Read, out: &mut dyn Write) -> Result<(), CliError> {
    let name = if args.input == Path::new("-") {
        "<stdin>".to_string()
    } else {
        crate::io::shown_path(&args.input)
    };
    let name = name.as_str();
    let mut games = games(args, name, input)?;
    let first = games
        .next()
        .transpose()?
        .ok_or_else(|| CliError::input(format!("{name}: no game or move found")))?;
    let second = games.next().transpose()?;
    let mut opts = WriteOptions::new(args.to.into());
    if args.half_width {
        opts.black_digits = xiangqi::notation::chinese::BlackDigits::HalfWidth;
    }
    let spool = |e: std::io::Error| CliError::internal(format!("the converted text: {e}"));
    if second.is_none() && !args.json && is_bare_move_list(&first) {
        warn_dropped(name, 1, &first);
        let words: Vec<String> = first
            .plies()
            .map(|(pos, m)| render(opts.notation, &pos, m))
            .collect();
        return writeln!(out, "{}", words.join(" ")).map_err(spool);
    }
    if args.json {
        out.write_all(b"{\"games\":[").map_err(spool)?;
    }
    let all = std::iter::once(Ok(first))
        .chain(second.map(Ok))
        .chain(games);
    for (i, game) in all.enumerate() {
        let game = game?;
        // Tolerant reading leaves out what it cannot read: say exactly what, one line each.
        warn_dropped(name, i + 1, &game);
        if args.json {
            if i > 0 {
                out.write_all(b",").map_err(spool)?;
            }
            serde_json::to_writer(&mut *out, &json(&game)).map_err(CliError::internal)?;
        } else {
            if i > 0 {
                out.write_all(b"\n").map_err(spool)?;
            }
            out.write_all(write_game(&game, opts).as_bytes())
                .map_err(spool)?;
        }
    }
    if args.json {
        out.write_all(b"]}\n").map_err(spool)?;
    }
    Ok(())
}

/// What tolerant reading left out of game `n`, one warning line each.
fn warn_dropped(name: &str, n: usize, game: &NotatedGame) {
    for d in &game.dropped {
        eprintln!(
            "xq: warning: {name}, game {n}: {} (--strict refuses the file)",
            crate::error::one_line(d)
        );
    }
}

/// The converted text of `bytes` (without writing anything).
#[cfg(test)]
fn convert(args: &ConvertArgs, bytes: &[u8]) -> Result<String, CliError> {
    let mut out = Vec::new();
    convert_into(args, bytes, &mut out)?;
    Ok(String::from_utf8(out).expect("the writers write UTF-8"))
}

/// Runs `xq convert`. The input is read one game at a time; the output goes to an anonymous
/// temporary file first, and reaches standard output or `--output` only once the whole input
/// has converted.
pub fn run(args: ConvertArgs) -> Result<(), CliError> {
    let spool_err = |e: std::io::Error| CliError::internal(format!("a temporary file: {e}"));
    let mut spool = std::io::BufWriter::new(tempfile::tempfile().map_err(spool_err)?);
    if args.input == Path::new("-") {
        convert_into(&args, std::io::stdin().lock(), &mut spool)?;
    } else {
        let file = std::fs::File::open(&args.input)
            .map_err(|e| CliError::input(format!("{}: {e}", crate::io::shown_path(&args.input))))?;
        convert_into(&args, file, &mut spool)?;
    }
    let mut spool = spool.into_inner().map_err(|e| spool_err(e.into_error()))?;
    spool.seek(SeekFrom::Start(0)).map_err(spool_err)?;
    match &args.output {
        // from the spool to the file's temporary twin, never whole in memory
        Some(path) => xiangqi::event::file::write_from(path, &mut std::io::BufReader::new(spool))
            .map_err(CliError::input),
        None => std::io::copy(&mut spool, &mut std::io::stdout().lock())
            .map(|_| ())
            .map_err(CliError::output),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(to: To, strict: bool) -> ConvertArgs {
        ConvertArgs {
            game: None,
            to,
            strict,
            half_width: false,
            json: false,
            output: None,
            input: PathBuf::from("-"),
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
