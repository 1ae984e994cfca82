//! `xq show [--fen F] [--moves M] [--json] [--svg FILE]`: the board after a move list, as a
//! Unicode diagram with Chinese piece characters (red and black in colour on a terminal), as
//! JSON, or as an SVG diagram for a report.

use std::fmt::Write as _;
use std::io::IsTerminal;
use std::path::PathBuf;

use xiangqi::board::{Color, File, Rank, START_FEN, Square};
use xiangqi::movegen::{Move, Position};
use xiangqi::notation::{Mode, parse_move_list, render_chinese};

use crate::CliError;
use crate::io::{out, outln, write_output};

/// Arguments of `xq show`.
#[derive(clap::Args, Debug)]
pub struct Args {
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
}

const CN_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FW_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

fn side_name(c: Color) -> &'static str {
    match c {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// The text diagram: Black's file numbers on top, Red's below, ranks on the left.
fn diagram(pos: &Position, colour: bool) -> String {
    let mut s = String::new();
    s.push_str("   ");
    for d in FW_DIGITS {
        s.push(d);
        s.push(' ');
    }
    s.push('\n');
    for r in (0..10).rev() {
        let _ = write!(s, "{r}  ");
        for f in 0..9 {
            let sq = Square::from_coords(File::new(f).unwrap(), Rank::new(r).unwrap());
            match pos.piece_at(sq) {
                Some(p) if colour => {
                    let code = if p.color == Color::Red {
                        "1;31"
                    } else {
                        "1;30;47"
                    };
                    let _ = write!(s, "\x1b[{code}m{}\x1b[0m", p.chinese());
                }
                Some(p) => s.push(p.chinese()),
                None => s.push('＋'),
            }
            s.push(' ');
        }
        s.push('\n');
        if r == 5 {
            s.push_str("   ──── 楚 河 ──── 汉 界 ────\n");
        }
    }
    s.push_str("   ");
    for f in 0..9 {
        s.push(CN_DIGITS[8 - f]);
        s.push(' ');
    }
    s.push_str("\n   a  b  c  d  e  f  g  h  i\n");
    s
}

/// A clean SVG diagram: grid, river, palaces, pieces as discs with their characters.
/// The last move, if any, is marked on its two points; the caption (a title line, then the FEN)
/// is squeezed to the diagram's width when it is longer.
fn svg(pos: &Position, title: &str, last: Option<Move>) -> String {
    let cell = 50.0_f64;
    let margin = 45.0;
    let (w, h) = (margin * 2.0 + cell * 8.0, margin * 2.0 + cell * 9.0 + 58.0);
    let x = |f: f64| margin + f * cell;
    let y = |r: f64| margin + (9.0 - r) * cell;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="'Noto Serif CJK SC','Songti SC','SimSun',serif">"##
    );
    let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="#f3dcae"/>"##);
    let _ = writeln!(
        s,
        r##"<g stroke="#5a3a1a" stroke-width="1.5" fill="none">"##
    );
    let _ = writeln!(
        s,
        r##"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="2.5"/>"##,
        x(0.0),
        y(9.0),
        cell * 8.0,
        cell * 9.0
    );
    for r in 0..10 {
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            x(0.0),
            y(r as f64),
            x(8.0),
            y(r as f64)
        );
    }
    for f in 1..8 {
        for (a, b) in [(0.0, 4.0), (5.0, 9.0)] {
            let _ = writeln!(
                s,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
                x(f as f64),
                y(a),
                x(f as f64),
                y(b)
            );
        }
    }
    for (a, b) in [(0.0, 2.0), (7.0, 9.0)] {
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            x(3.0),
            y(a),
            x(5.0),
            y(b)
        );
        let _ = writeln!(
            s,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}"/>"#,
            x(5.0),
            y(a),
            x(3.0),
            y(b)
        );
    }
    s.push_str("</g>\n");
    let _ = writeln!(
        s,
        r##"<text x="{}" y="{}" font-size="24" fill="#5a3a1a" text-anchor="middle" dominant-baseline="central">楚 河　　　　　　汉 界</text>"##,
        x(4.0),
        y(4.5)
    );
    for f in 0..9 {
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="14" fill="#333" text-anchor="middle">{}</text>"##,
            x(f as f64),
            y(9.0) - 26.0,
            f + 1
        );
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="14" fill="#a00" text-anchor="middle">{}</text>"##,
            x(f as f64),
            y(0.0) + 40.0,
            CN_DIGITS[8 - f]
        );
    }
    if let Some(m) = last {
        for sq in [m.from, m.to] {
            let (cx, cy) = (x(sq.file().index() as f64), y(sq.rank().index() as f64));
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="48" height="48" fill="#6fa8dc" fill-opacity="0.35" stroke="#1f5f9f" stroke-width="1.5" stroke-dasharray="4 3"/>"##,
                cx - 24.0,
                cy - 24.0
            );
        }
    }
    for (sq, p) in pos.board().pieces() {
        let (cx, cy) = (x(sq.file().index() as f64), y(sq.rank().index() as f64));
        let ink = if p.color == Color::Red {
            "#b00000"
        } else {
            "#111111"
        };
        let _ = writeln!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="21" fill="#fbeed3" stroke="{ink}" stroke-width="2"/><circle cx="{cx}" cy="{cy}" r="17" fill="none" stroke="{ink}" stroke-width="1"/>"##
        );
        let _ = writeln!(
            s,
            r##"<text x="{cx}" y="{cy}" font-size="24" fill="{ink}" text-anchor="middle" dominant-baseline="central">{}</text>"##,
            p.chinese()
        );
    }
    let escape = |t: &str| t.replace('&', "&amp;").replace('<', "&lt;");
    let fen = pos.fen();
    for (text, size, dy) in [(title.to_string(), 14.0, 34.0), (fen, 11.0, 12.0)] {
        // Rough advance widths: CJK glyphs one em, others 0.6 em.
        let estimate: f64 = text
            .chars()
            .map(|c| if c.is_ascii() { 0.6 * size } else { size })
            .sum();
        let fit = if estimate > w - 20.0 {
            format!(
                r#" textLength="{}" lengthAdjust="spacingAndGlyphs""#,
                w - 20.0
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{size}" fill="#333" text-anchor="middle"{fit}>{}</text>"##,
            w / 2.0,
            h - dy,
            escape(&text)
        );
    }
    s.push_str("</svg>\n");
    s
}

/// Runs `xq show`.
pub fn run(args: Args) -> Result<(), CliError> {
    let start = Position::from_fen(&args.fen)
        .map_err(|e| CliError::input(format!("--fen `{}`: {e}", args.fen)))?;
    let mode = if args.strict {
        Mode::Strict
    } else {
        Mode::Tolerant
    };
    let moves = parse_move_list(&start, &args.moves, mode)
        .map_err(|e| CliError::input(format!("--moves: {e}")))?;
    let mut pos = start.clone();
    let mut last = None;
    for &m in &moves {
        last = Some(render_chinese(&pos, m));
        pos.play_unchecked(m);
    }
    let side = side_name(pos.turn());
    if let Some(path) = &args.svg {
        let title = format!(
            "{} to move{}{}",
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
        write_output(path, svg(&pos, &title, moves.last().copied()).as_bytes())?;
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
    out!("{}", diagram(&pos, colour))?;
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
