//! DhtmlXQ / UBB blocks (东萍象棋网): `[DhtmlXQ]…[/DhtmlXQ]` with `[DhtmlXQ_movelist]` (4 digits
//! per move, `x y x y`, x = file from Red's left, y = row from the top) and `[DhtmlXQ_binit]`
//! (32 pieces × `xy`, `99` = absent; empty = the standard start).

use xiangqi_board::{Board, Color, Piece, PieceKind, Setup, Square};
use xiangqi_movegen::{Move, Position};

use crate::game::{GameFormat, NotatedGame};
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

/// The text of field `name`: `Ok(None)` when absent, an error when it is opened but never
/// closed (a truncated file must not read as a shorter game).
fn field<'a>(block: &'a str, name: &str) -> Result<Option<&'a str>, String> {
    let open = format!("[DhtmlXQ_{name}]");
    let Some(at) = block.find(&open) else {
        return Ok(None);
    };
    let start = at + open.len();
    let close = format!("[/DhtmlXQ_{name}]");
    match block[start..].find(&close) {
        Some(end) => Ok(Some(block[start..start + end].trim())),
        None => Err(format!("{open} is not closed by {close}")),
    }
}

fn square(x: u8, y: u8) -> Option<Square> {
    if !x.is_ascii_digit() || !y.is_ascii_digit() {
        return None;
    }
    Square::at((x - b'0') as i32, 9 - (y - b'0') as i32)
}

/// Reads every `[DhtmlXQ]` block of a text.
pub fn read(text: &str, source_name: &str) -> Result<Vec<NotatedGame>, GameFileError> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("[DhtmlXQ]") {
        let after = &rest[i + "[DhtmlXQ]".len()..];
        let Some(end) = after.find("[/DhtmlXQ]") else {
            return Err(GameFileError {
                source_name: source_name.to_string(),
                game: Some(games.len() + 1),
                ply: None,
                kind: GameFileErrorKind::Corrupt("[DhtmlXQ] is not closed by [/DhtmlXQ]".into()),
            });
        };
        let block = &after[..end];
        rest = &after[end..];
        games.push(read_block(block, source_name, games.len() + 1)?);
    }
    Ok(games)
}

fn read_block(block: &str, source_name: &str, game: usize) -> Result<NotatedGame, GameFileError> {
    let err = |ply, kind| GameFileError {
        source_name: source_name.to_string(),
        game: Some(game),
        ply,
        kind,
    };
    let corrupt = |e: String| err(None, GameFileErrorKind::Corrupt(e));
    let binit = field(block, "binit")
        .map_err(corrupt)?
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
    let movelist = field(block, "movelist").map_err(corrupt)?.unwrap_or("");
    if let Some(bad) = movelist
        .chars()
        .find(|c| !c.is_ascii_digit() && !c.is_whitespace())
    {
        return Err(corrupt(format!(
            "_movelist holds `{bad}`: only digits (4 per move) are allowed"
        )));
    }
    let moves_text: Vec<u8> = movelist.bytes().filter(|c| c.is_ascii_digit()).collect();
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
    let mut g = NotatedGame::new(start.clone(), GameFormat::DhtmlXq);
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
        if let Some(v) = field(block, f).map_err(corrupt)?.filter(|v| !v.is_empty()) {
            g.tags.push((tag.to_string(), v.to_string()));
        }
    }
    g.result = field(block, "result")
        .map_err(corrupt)?
        .and_then(|r| match r {
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
    if let Some(c) = field(block, "comment0")
        .map_err(corrupt)?
        .filter(|c| !c.is_empty())
    {
        g.comments.push((0, c.to_string()));
    }
    for ply in 1..=g.moves.len() {
        if let Some(c) = field(block, &format!("comment{ply}"))
            .map_err(corrupt)?
            .filter(|c| !c.is_empty())
        {
            g.comments.push((ply, c.to_string()));
        }
    }
    Ok(g)
}

#[cfg(test)]
mod truncation_tests {
    use super::*;

    #[test]
    fn an_unclosed_field_or_block_is_an_error_not_a_shorter_game() {
        let whole = "[DhtmlXQ][DhtmlXQ_movelist]77471219[/DhtmlXQ_movelist][DhtmlXQ_result]红胜[/DhtmlXQ_result][/DhtmlXQ]";
        let g = read(whole, "t").unwrap();
        assert_eq!(g[0].moves.len(), 2);
        for (cut, what) in [
            (
                "[DhtmlXQ][DhtmlXQ_movelist]77471219[DhtmlXQ_result]1-0[/DhtmlXQ_result][/DhtmlXQ]",
                "[DhtmlXQ_movelist] is not closed",
            ),
            (
                "[DhtmlXQ][DhtmlXQ_movelist]77471219[/DhtmlXQ_movelist]",
                "[DhtmlXQ] is not closed",
            ),
            (
                "[DhtmlXQ][DhtmlXQ_movelist]7747x219[/DhtmlXQ_movelist][/DhtmlXQ]",
                "holds `x`",
            ),
        ] {
            let e = read(cut, "t").unwrap_err();
            assert!(e.to_string().contains(what), "{e}");
            assert_eq!(e.game, Some(1));
        }
    }
}
