//! XQF (象棋演播室 / XQStudio) binary records, versions 10 (plain) to 18 (encrypted).
//!
//! A 1024-byte header (piece table, result, Pascal-string metadata in GBK) followed by the move
//! tree in pre-order: 4-byte records `from, to, tag, reserved`, with comments. Versions ≥ 11
//! encrypt the piece table, the squares and every byte of the move area with keys stored in the
//! header (the scheme is given in `docs/formats.md`, "XQF").

use xiangqi_board::{Board, Color, Piece, PieceKind, Setup, Square};
use xiangqi_movegen::{Move, Position};

use crate::encoding::decode_gbk_lossy;
use crate::game::{GameFormat, NotatedGame};
use crate::tree::{Record, fill_game, read_tree};
use crate::{GameFileError, GameFileErrorKind};

const HEADER: usize = 1024;

/// Whether the bytes look like XQF (signature `XQ`, a version up to 18, a full header).
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= HEADER && bytes.starts_with(b"XQ") && bytes[2] <= 18
}

/// The piece kinds of the 16 slots of one side in the piece table.
const SLOTS: [PieceKind; 16] = {
    use PieceKind::*;
    [
        Rook, Horse, Elephant, Advisor, King, Advisor, Elephant, Horse, Rook, Cannon, Cannon, Pawn,
        Pawn, Pawn, Pawn, Pawn,
    ]
};

fn k(b: u8, c: u8) -> u8 {
    let b = b as u32;
    ((((((b * b) * 3 + 9) * 3 + 8) * 2 + 1) * 3 + 8) * c as u32) as u8
}

struct Keys {
    xy: u8,
    xyf: u8,
    xyt: u8,
    rmk_size: u32,
    f32: [u8; 32],
}

fn keys(h: &[u8]) -> Keys {
    let version = h[2];
    if version <= 10 {
        return Keys {
            xy: 0,
            xyf: 0,
            xyt: 0,
            rmk_size: 0,
            f32: [0; 32],
        };
    }
    let (mask, or) = (h[3], [h[8], h[9], h[10], h[11]]);
    let (sum, kxy, kxyf, kxyt) = (h[12], h[13], h[14], h[15]);
    let xy = k(kxy, kxy);
    let xyf = k(kxyf, xy);
    let xyt = k(kxyt, xyf);
    let rmk_size = ((sum as u32 * 256 + kxy as u32) % 32000) + 767;
    let kb = [
        (sum & mask) | or[0],
        (kxy & mask) | or[1],
        (kxyf & mask) | or[2],
        (kxyt & mask) | or[3],
    ];
    let c = b"[(C) Copyright Mr. Dong Shiwei.]";
    let mut f32 = [0u8; 32];
    for i in 0..32 {
        f32[i] = c[i] & kb[i % 4];
    }
    Keys {
        xy,
        xyf,
        xyt,
        rmk_size,
        f32,
    }
}

fn square(v: u8) -> Option<Square> {
    if v > 89 {
        return None;
    }
    Square::at((v / 10) as i32, (v % 10) as i32)
}

fn pascal(h: &[u8], at: usize, size: usize) -> String {
    let len = (h[at] as usize).min(size - 1);
    decode_gbk_lossy(&h[at + 1..at + 1 + len])
        .trim()
        .to_string()
}

/// Reads an XQF file: the main line, first-level variations, the opening and per-move comments,
/// and the header metadata as PGN tags.
pub fn read(bytes: &[u8], source_name: &str) -> Result<NotatedGame, GameFileError> {
    let err = |ply: Option<usize>, kind| GameFileError {
        source_name: source_name.to_string(),
        game: Some(1),
        ply,
        kind,
    };
    let corrupt = |msg: &str| err(None, GameFileErrorKind::Corrupt(msg.to_string()));
    if !is_xqf(bytes) {
        return Err(corrupt(
            "not an XQF file (signature, version ≤ 18, 1024-byte header)",
        ));
    }
    let h = &bytes[..HEADER];
    let version = h[2];
    let keys = keys(h);
    if version > 10
        && !(h[12] as u32 + h[13] as u32 + h[14] as u32 + h[15] as u32).is_multiple_of(256)
    {
        return Err(corrupt("bad key checksum in the header"));
    }
    // Piece table.
    let mut table = [0u8; 32];
    table.copy_from_slice(&h[16..48]);
    if version >= 12 {
        let mut rotated = [0u8; 32];
        for (i, &b) in table.iter().enumerate() {
            rotated[(i + keys.xy as usize + 1) % 32] = b;
        }
        table = rotated;
    }
    if version >= 11 {
        for b in &mut table {
            *b = b.wrapping_sub(keys.xy);
        }
    }
    let mut board = Board::empty();
    for (i, &v) in table.iter().enumerate() {
        let color = if i < 16 { Color::Red } else { Color::Black };
        if let Some(sq) = square(v) {
            if board.piece_at(sq).is_some() {
                return Err(err(
                    None,
                    GameFileErrorKind::StartPosition(format!("two pieces on {sq}")),
                ));
            }
            board.put(sq, Piece::new(color, SLOTS[i % 16]));
        }
    }
    // Move area.
    let body: Vec<u8> = bytes[HEADER..]
        .iter()
        .enumerate()
        .map(|(i, &b)| b.wrapping_sub(keys.f32[(HEADER + i) % 32]))
        .collect();
    let mut at = 0usize;
    let mut next = || -> Result<Record, String> {
        if at + 4 > body.len() {
            return Err("truncated move tree".to_string());
        }
        let rec = &body[at..at + 4];
        at += 4;
        let (from, to, tag) = if version >= 11 {
            (
                rec[0].wrapping_sub(0x18).wrapping_sub(keys.xyf),
                rec[1].wrapping_sub(0x20).wrapping_sub(keys.xyt),
                rec[2],
            )
        } else {
            (rec[0].wrapping_sub(0x18), rec[1].wrapping_sub(0x20), rec[2])
        };
        let (has_child, has_sibling, has_comment) = if version >= 11 {
            (tag & 0x80 != 0, tag & 0x40 != 0, tag & 0x20 != 0)
        } else {
            (tag & 0xF0 != 0, tag & 0x0F != 0, true)
        };
        let mut comment = None;
        if has_comment {
            if at + 4 > body.len() {
                return Err("truncated comment length".to_string());
            }
            let raw = u32::from_le_bytes([body[at], body[at + 1], body[at + 2], body[at + 3]]);
            at += 4;
            let len = raw.wrapping_sub(keys.rmk_size) as usize;
            if len > body.len() - at {
                return Err("comment runs past the end of the file".to_string());
            }
            if len > 0 {
                comment = Some(decode_gbk_lossy(&body[at..at + len]));
            }
            at += len;
        }
        let mv = match (square(from), square(to)) {
            (Some(f), Some(t)) => Some(Move::new(f, t)),
            _ => None,
        };
        Ok(Record {
            mv,
            has_child,
            has_sibling,
            comment,
        })
    };
    let nodes = read_tree(&mut next).map_err(|e| corrupt(&e))?;
    // Start position: side to move from the first move's piece, else the header.
    let first = nodes[0].first_child.and_then(|c| nodes[c].mv);
    let turn = match first.and_then(|m| board.piece_at(m.from)) {
        Some(p) => p.color,
        None if h[50] == 1 => Color::Black,
        None => Color::Red,
    };
    let setup = Setup {
        board,
        turn,
        halfmove_clock: 0,
        fullmove_number: u16::from_le_bytes([h[48], h[49]]).clamp(1, 999) as u32,
    };
    let start = Position::from_setup(setup)
        .map_err(|e| err(None, GameFileErrorKind::StartPosition(e.to_string())))?;
    let mut game = NotatedGame::new(start.clone(), GameFormat::Xqf);
    for (tag, at, size) in [
        ("Event", 208, 64),
        ("Date", 272, 16),
        ("Site", 288, 16),
        ("Red", 304, 16),
        ("Black", 320, 16),
        ("Opening", 336, 64),
        ("RedTime", 400, 16),
        ("BlackTime", 416, 16),
        ("Annotator", 464, 16),
        ("Author", 480, 16),
        ("Title", 80, 64),
    ] {
        let v = pascal(h, at, size);
        if !v.is_empty() {
            game.tags.push((tag.to_string(), v));
        }
    }
    game.result = Some(
        match h[51] {
            1 => "1-0",
            2 => "0-1",
            3 | 4 => "1/2-1/2",
            _ => "*",
        }
        .to_string(),
    );
    game.set_tag("Result", game.result.clone().unwrap_or_default());
    fill_game(&nodes, &mut game).map_err(|(ply, m)| {
        let what = m.map_or("a malformed".to_string(), |m| format!("an illegal ({m})"));
        err(
            Some(ply),
            GameFileErrorKind::Corrupt(format!("{what} move record")),
        )
    })?;
    Ok(game)
}
