//! DhtmlXQ / UBB blocks (东萍象棋网): `[DhtmlXQ]…[/DhtmlXQ]` with `[DhtmlXQ_movelist]` (4 digits
//! per move, `x y x y`, x = file from Red's left, y = row from the top) and `[DhtmlXQ_binit]`
//! (32 pieces × `xy`, `99` = absent; empty = the standard start).

use xiangqi_board::{Board, Color, Piece, PieceKind, Setup, Square};
use xiangqi_movegen::{Move, Position};

use crate::game::{Game, GameFormat};
use crate::{GameFileError, GameFileErrorKind};

/// The standard start in `_binit` form.
pub const START_BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

const SLOTS: [PieceKind; 16] = {
    use PieceKind::*;
    [
        Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook, Cannon, Cannon, Pawn,
        Pawn, Pawn, Pawn, Pawn,
    ]
};

fn field<'a>(block: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("[DhtmlXQ_{name}]");
    let start = block.find(&open)? + open.len();
    let end = block[start..].find(&format!("[/DhtmlXQ_{name}]"))? + start;
    Some(block[start..end].trim())
}

fn square(x: u8, y: u8) -> Option<Square> {
    if !x.is_ascii_digit() || !y.is_ascii_digit() {
        return None;
    }
    Square::at((x - b'0') as i32, 9 - (y - b'0') as i32)
}

/// Reads every `[DhtmlXQ]` block of a text.
pub fn read(text: &str, source_name: &str) -> Result<Vec<Game>, GameFileError> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("[DhtmlXQ]") {
        let after = &rest[i + "[DhtmlXQ]".len()..];
        let end = after.find("[/DhtmlXQ]").unwrap_or(after.len());
        let block = &after[..end];
        rest = &after[end..];
        games.push(read_block(block, source_name, games.len() + 1)?);
    }
    Ok(games)
}

fn read_block(block: &str, source_name: &str, game: usize) -> Result<Game, GameFileError> {
    let err = |ply, kind| GameFileError {
        source_name: source_name.to_string(),
        game: Some(game),
        ply,
        kind,
    };
    let binit = field(block, "binit")
        .filter(|b| !b.is_empty())
        .unwrap_or(START_BINIT);
    let b = binit.as_bytes();
    if b.len() != 64 {
        return Err(err(
            None,
            GameFileErrorKind::StartPosition("_binit must hold 64 digits".into()),
        ));
    }
    let mut board = Board::empty();
    for i in 0..32 {
        let (x, y) = (b[2 * i], b[2 * i + 1]);
        if x == b'9' && y == b'9' {
            continue;
        }
        let sq = square(x, y).ok_or_else(|| {
            err(
                None,
                GameFileErrorKind::StartPosition(format!(
                    "bad square `{}`",
                    &binit[2 * i..2 * i + 2]
                )),
            )
        })?;
        let color = if i < 16 { Color::Red } else { Color::Black };
        board.put(sq, Piece::new(color, SLOTS[i % 16]));
    }
    let moves_text: Vec<u8> = field(block, "movelist")
        .unwrap_or("")
        .bytes()
        .filter(|c| c.is_ascii_digit())
        .collect();
    // The side to move is the side of the first moving piece.
    let first_color = moves_text
        .get(0..2)
        .and_then(|s| square(s[0], s[1]))
        .and_then(|sq| board.piece_at(sq))
        .map(|p| p.color);
    let setup = Setup {
        board,
        turn: first_color.unwrap_or(Color::Red),
        halfmove_clock: 0,
        fullmove_number: 1,
    };
    let start = Position::from_setup(setup)
        .map_err(|e| err(None, GameFileErrorKind::StartPosition(e.to_string())))?;
    let mut g = Game::new(start.clone(), GameFormat::DhtmlXq);
    for (f, tag) in [
        ("title", "Title"),
        ("event", "Event"),
        ("date", "Date"),
        ("place", "Site"),
        ("round", "Round"),
        ("red", "Red"),
        ("redteam", "RedTeam"),
        ("black", "Black"),
        ("blackteam", "BlackTeam"),
        ("open", "Opening"),
    ] {
        if let Some(v) = field(block, f).filter(|v| !v.is_empty()) {
            g.tags.push((tag.to_string(), v.to_string()));
        }
    }
    g.result = field(block, "result").and_then(|r| match r {
        "红胜" | "紅勝" | "W" | "1-0" => Some("1-0".to_string()),
        "黑胜" | "黑勝" | "L" | "0-1" => Some("0-1".to_string()),
        "和棋" | "D" | "1/2-1/2" => Some("1/2-1/2".to_string()),
        _ => None,
    });
    if let Some(r) = g.result.clone() {
        g.set_tag("Result", r);
    }
    if !moves_text.len().is_multiple_of(4) {
        return Err(err(
            None,
            GameFileErrorKind::Corrupt("_movelist length is not a multiple of 4".into()),
        ));
    }
    let mut pos = start;
    for (i, c) in moves_text.chunks_exact(4).enumerate() {
        let m = square(c[0], c[1])
            .zip(square(c[2], c[3]))
            .map(|(f, t)| Move::new(f, t));
        let m = match m {
            Some(m) if pos.is_legal(m) => m,
            _ => {
                return Err(err(
                    Some(i + 1),
                    GameFileErrorKind::Corrupt(format!(
                        "move `{}` is malformed or illegal",
                        String::from_utf8_lossy(c)
                    )),
                ));
            }
        };
        pos.play_unchecked(m);
        g.moves.push(m);
    }
    if let Some(c) = field(block, "comment0").filter(|c| !c.is_empty()) {
        g.comments.push((0, c.to_string()));
    }
    for ply in 1..=g.moves.len() {
        if let Some(c) = field(block, &format!("comment{ply}")).filter(|c| !c.is_empty()) {
            g.comments.push((ply, c.to_string()));
        }
    }
    Ok(g)
}
