//! `xq show [FILE [--game N] [--ply K]] [--fen F] [--moves M] [--json] [--svg FILE]`: the board
//! of a game file at any ply, or after a move list, as a Unicode diagram with Chinese piece
//! characters (red and black in colour on a terminal), as JSON, or as an SVG diagram
//! (crate `xiangqi-diagram`).

use std::io::IsTerminal;
use std::path::PathBuf;

use xiangqi::board::{Color, START_FEN};
use xiangqi::diagram::{Diagram, FileLabels, Style};
use xiangqi::movegen::{Move, Position};
use xiangqi::notation::{Mode, parse_move_list, render_chinese};

use crate::CliError;
use crate::io::{out, outln, write_output};

/// Arguments of `xq show`.
#[derive(clap::Args, Debug)]
pub struct ShowArgs {
    /// A game file (any format `convert` reads; `-` for standard input): show its game at a ply.
    #[arg(conflicts_with_all = ["fen", "moves"])]
    file: Option<PathBuf>,
    /// With FILE: which game (from 1).
    #[arg(long, default_value_t = 1, requires = "file")]
    game: usize,
    /// With FILE: the board after this many plies (0 = the start; default the end of the game).
    #[arg(long, requires = "file")]
    ply: Option<usize>,
    /// The start position (FEN); default the standard start.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Moves to play first: ICCS, WXF or Chinese, detected per token (`"h2e2 马8进7 H2+3"`).
    #[arg(long, default_value = "")]
    moves: String,
    /// Accept only standard move forms.
    #[arg(long)]
    strict: bool,
    /// Machine-readable output: {"fen","side_to_move","in_check","legal_moves":[…]}.
    #[arg(long)]
    json: bool,
    /// Also write an SVG board diagram to this file.
    #[arg(long)]
    svg: Option<PathBuf>,
    /// Colour the pieces even when standard output is not a terminal.
    #[arg(long)]
    color: bool,
    /// SVG in the printed rule book's style: Red 阳文, Black 阴文.
    #[arg(long)]
    book: bool,
    /// SVG file labels: chinese (1–9 / 九–一), iccs (a–i, 0–9) or both.
    #[arg(long, value_enum, default_value_t = Labels::Chinese)]
    labels: Labels,
}

/// File labels of the SVG diagram.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
enum Labels {
    Chinese,
    Iccs,
    Both,
}

/// The start position and the moves to play: from a game file at a ply, or `--fen`/`--moves`.
fn start_and_moves(args: &ShowArgs) -> Result<(Position, Vec<Move>, String), CliError> {
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Tolerant
    };
    let Some(file) = &args.file else {
        let start = Position::from_fen(&args.fen)
            .map_err(|e| CliError::input(format!("--fen `{}`: {e}", args.fen)))?;
        let moves = parse_move_list(&start, &args.moves, mode)
            .map_err(|e| CliError::input(format!("--moves: {e}")))?;
        return Ok((start, moves, String::new()));
    };
    let game = crate::io::read_nth_game(file, args.game, mode)?;
    let ply = args.ply.unwrap_or(game.moves.len());
    if ply > game.moves.len() {
        return Err(CliError::input(format!(
            "{}, game {}: --ply {ply}: the game has {} plies",
            crate::io::shown_path(file),
            args.game,
            game.moves.len()
        )));
    }
    let who = match (game.tag("Red"), game.tag("Black")) {
        (Some(r), Some(b)) => format!("{r} – {b}, "),
        _ => String::new(),
    };
    let mut moves = game.moves;
    moves.truncate(ply);
    Ok((game.start, moves, format!("{who}game {}, ", args.game)))
}

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// Runs `xq show`.
pub fn run(args: ShowArgs) -> Result<(), CliError> {
    let (start, moves, source) = start_and_moves(&args)?;
    let mut pos = start.clone();
    let mut last = None;
    for &m in &moves {
        last = Some(render_chinese(&pos, m));
        pos.play_unchecked(m);
    }
    let side = side_name(pos.turn());
    if let Some(path) = &args.svg {
        let title = format!(
            "{source}{} to move{}{}",
            if pos.turn() == Color::Red {
                "Red"
            } else {
                "Black"
            },
            if pos.is_check() { ", in check" } else { "" },
            match &last {
                Some(text) => format!(" — after {} plies, last move {text}", moves.len()),
                None => String::new(),
            }
        );
        let mut d = Diagram::new(&pos)
            .caption(title)
            .style(if args.book { Style::Book } else { Style::Board })
            .labels(match args.labels {
                Labels::Chinese => FileLabels::Chinese,
                Labels::Iccs => FileLabels::Iccs,
                Labels::Both => FileLabels::Both,
            });
        if let Some(&m) = moves.last() {
            d = d.last_move(m);
        }
        write_output(path, d.svg().as_bytes())?;
    }
    if args.json {
        let legal: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        outln!(
            "{}",
            serde_json::json!({
                "fen": pos.fen(),
                "side_to_move": side,
                "in_check": pos.is_check(),
                "legal_moves": legal,
                "plies": moves.len(),
            })
        )?;
        return Ok(());
    }
    let colour =
        args.color || (std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none());
    let mut d = Diagram::new(&pos);
    if let Some(&m) = moves.last() {
        d = d.last_move(m);
    }
    out!("{}", d.text(colour))?;
    outln!("FEN: {}", pos.fen())?;
    if let Some(l) = last {
        outln!("after {} plies, last move {l}", moves.len())?;
    }
    let status = match pos.status() {
        xiangqi::movegen::GameStatus::Ongoing if pos.is_check() => "in check",
        xiangqi::movegen::GameStatus::Ongoing => "to move",
        xiangqi::movegen::GameStatus::Checkmate { .. } => "checkmated",
        _ => "stalemated (no legal move)",
    };
    outln!(
        "{} {status}",
        if pos.turn() == Color::Red {
            "Red"
        } else {
            "Black"
        }
    )?;
    Ok(())
}
