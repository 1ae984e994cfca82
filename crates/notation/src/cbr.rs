//! 象棋桥 (CCBridge) formats: CBR (binary single game), CBL (binary library of CBR records) and
//! CBF (XML). Layouts as in `docs/formats.md` ("CBF / CBR / CBL").

use xiangqi_board::{Board, Color, Piece, PieceKind, Setup, Square};
use xiangqi_movegen::{Move, Position};

use crate::game::{GameFormat, NotatedGame};
use crate::tree::{Record, fill_game, read_tree};
use crate::{GameFileError, GameFileErrorKind};

const CBR_MAGIC: &[u8] = b"CCBridge Record\0";
const CBL_MAGIC: &[u8] = b"CCBridgeLibrary\0";
const CBR_HEADER: usize = 2214;
const CBL_FIRST_RECORD: usize = 101_952;

/// Whether the bytes are a CBL library.
pub fn is_cbl(bytes: &[u8]) -> bool {
    bytes.starts_with(CBL_MAGIC)
}

/// Whether the bytes are a CBR record.
pub fn is_cbr(bytes: &[u8]) -> bool {
    bytes.starts_with(CBR_MAGIC)
}

fn utf16_at(b: &[u8], at: usize, max_bytes: usize) -> String {
    let end = (at + max_bytes).min(b.len());
    if at >= end {
        return String::new();
    }
    let units: Vec<u16> = b[at..end]
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units).trim().to_string()
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn kind_of(code: u8) -> Option<PieceKind> {
    use PieceKind::*;
    Some(match code & 0x0F {
        1 => Rook,
        2 => Horse,
        3 => Elephant,
        4 => Advisor,
        5 => King,
        6 => Cannon,
        7 => Pawn,
        _ => return None,
    })
}

/// Square index `s` of a CBR record: file `s mod 9`, rank `9 − s div 9`.
fn cbr_square(s: u8) -> Option<Square> {
    if s >= 90 {
        return None;
    }
    Square::at((s % 9) as i32, 9 - (s / 9) as i32)
}

/// Reads one CBR record (`game` is its 1-based number, for errors).
pub fn read_cbr(
    bytes: &[u8],
    source_name: &str,
    game: usize,
) -> Result<NotatedGame, GameFileError> {
    let err = |ply, kind| GameFileError {
        source_name: source_name.to_string(),
        game: Some(game),
        ply,
        kind,
    };
    let corrupt = |m: String| err(None, GameFileErrorKind::Corrupt(m));
    if !is_cbr(bytes) || bytes.len() < CBR_HEADER {
        return Err(corrupt("not a CBR record (magic, 2214-byte header)".into()));
    }
    let mut board = Board::empty();
    for i in 0..90 {
        let code = bytes[2120 + i];
        if code == 0 {
            continue;
        }
        let color = match code >> 4 {
            1 => Color::Red,
            2 => Color::Black,
            _ => return Err(corrupt(format!("bad piece code {code:#x} on the board"))),
        };
        let kind = kind_of(code).ok_or_else(|| corrupt(format!("bad piece code {code:#x}")))?;
        let sq = Square::at((i % 9) as i32, 9 - (i / 9) as i32)
            .ok_or_else(|| corrupt("board index".into()))?;
        board.put(sq, Piece::new(color, kind));
    }
    let turn = if u16::from_le_bytes([bytes[2116], bytes[2117]]) == 2 {
        Color::Black
    } else {
        Color::Red
    };
    let setup = Setup {
        board,
        turn,
        halfmove_clock: 0,
        fullmove_number: 1,
    };
    let start = Position::from_setup(setup)
        .map_err(|e| err(None, GameFileErrorKind::StartPosition(e.to_string())))?;
    let mut g = NotatedGame::new(start, GameFormat::Cbr);
    for (tag, at, max) in [
        ("Title", 180, 512),
        ("Event", 692, 384),
        ("Red", 1076, 224),
        ("Black", 1300, 224),
    ] {
        let v = utf16_at(bytes, at, max);
        if !v.is_empty() {
            g.tags.push((tag.to_string(), v));
        }
    }
    let result = match bytes[2076] {
        1 => "1-0",
        2 => "0-1",
        3 | 4 => "1/2-1/2",
        _ => "*",
    };
    g.result = Some(result.to_string());
    g.set_tag("Result", result);
    let mut at = CBR_HEADER;
    let nodes = read_tree(|| {
        let rec = bytes
            .get(at..at + 4)
            .ok_or_else(|| "truncated move list".to_string())?;
        at += 4;
        let flags = rec[0];
        let mut comment = None;
        if flags & 0x04 != 0 {
            let len = u32_at(bytes, at).ok_or("truncated comment length")? as usize;
            at += 4;
            let text = bytes
                .get(at..at.saturating_add(len))
                .ok_or("comment runs past the end")?;
            comment = Some(utf16_at(text, 0, len));
            at += len;
        }
        let mv = match (cbr_square(rec[2]), cbr_square(rec[3])) {
            (Some(f), Some(t)) => Some(Move::new(f, t)),
            _ => None,
        };
        Ok(Record {
            mv,
            has_child: flags & 0x01 == 0,
            has_sibling: flags & 0x02 != 0,
            comment: comment.filter(|c| !c.is_empty()),
        })
    })
    .map_err(corrupt)?;
    fill_game(&nodes, &mut g).map_err(|(ply, m)| {
        let what = m.map_or("a malformed".to_string(), |m| format!("an illegal ({m})"));
        err(
            Some(ply),
            GameFileErrorKind::Corrupt(format!("{what} move record")),
        )
    })?;
    Ok(g)
}

/// Reads every record of a CBL library (records start at byte 101952, 4096-byte aligned).
pub fn read_cbl(bytes: &[u8], source_name: &str) -> Result<Vec<NotatedGame>, GameFileError> {
    if !is_cbl(bytes) {
        return Err(GameFileError {
            source_name: source_name.to_string(),
            game: None,
            ply: None,
            kind: GameFileErrorKind::Corrupt("not a CBL library".into()),
        });
    }
    let mut games = Vec::new();
    let mut at = CBL_FIRST_RECORD;
    while at < bytes.len() {
        if bytes[at..].starts_with(CBR_MAGIC) {
            games.push(read_cbr(&bytes[at..], source_name, games.len() + 1)?);
        }
        at += 4096;
    }
    Ok(games)
}

fn xml_unescape(s: &str) -> String {
    s.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&apos;", "'")
        .replace("&amp;", "&")
}

/// The text of the first `<name>…</name>` element in `xml`, if any.
fn element<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let open = format!("<{name}>");
    let start = xml.find(&open)? + open.len();
    let end = xml[start..].find(&format!("</{name}>"))? + start;
    Some(&xml[start..end])
}

/// Reads a CBF (XML) record.
pub fn read_cbf(text: &str, source_name: &str) -> Result<NotatedGame, GameFileError> {
    let err = |ply, kind| GameFileError {
        source_name: source_name.to_string(),
        game: Some(1),
        ply,
        kind,
    };
    let head = element(text, "Head").unwrap_or("");
    let start = match element(head, "FEN")
        .map(str::trim)
        .filter(|f| !f.is_empty())
    {
        Some(fen) => Position::from_fen(fen).map_err(|e| {
            err(
                None,
                GameFileErrorKind::StartPosition(format!("{fen}: {e}")),
            )
        })?,
        None => Position::start(),
    };
    let mut g = NotatedGame::new(start.clone(), GameFormat::Cbf);
    for (xml, tag) in [
        ("Name", "Title"),
        ("Contest", "Event"),
        ("Round", "Round"),
        ("Date", "Date"),
        ("Site", "Site"),
        ("Red", "Red"),
        ("RedTeam", "RedTeam"),
        ("Black", "Black"),
        ("BlackTeam", "BlackTeam"),
        ("ECCO", "ECCO"),
        ("Commentator", "Annotator"),
    ] {
        if let Some(v) = element(head, xml)
            .map(|v| xml_unescape(v.trim()))
            .filter(|v| !v.is_empty())
        {
            g.tags.push((tag.to_string(), v));
        }
    }
    g.result = match element(head, "RecordResult").map(str::trim) {
        Some("1") => Some("1-0".to_string()),
        Some("2") => Some("0-1".to_string()),
        Some("3") | Some("4") => Some("1/2-1/2".to_string()),
        _ => None,
    };
    let list = element(text, "MoveList")
        .ok_or_else(|| err(None, GameFileErrorKind::Corrupt("no <MoveList>".into())))?;
    let mut pos = start;
    let mut rest = list;
    let mut first = true;
    while let Some(i) = rest.find("<Move ") {
        rest = &rest[i..];
        let close = rest.find('>').ok_or_else(|| {
            err(
                None,
                GameFileErrorKind::Corrupt("unterminated <Move>".into()),
            )
        })?;
        let elem = &rest[..close];
        let self_closing = elem.ends_with('/');
        let value = elem
            .split("value=\"")
            .nth(1)
            .and_then(|v| v.split('"').next())
            .unwrap_or("");
        rest = &rest[close + 1..];
        let comment = if self_closing {
            None
        } else {
            let end = rest.find("</Move>").unwrap_or(rest.len());
            let body = &rest[..end];
            rest = &rest[end..];
            let c = body
                .trim()
                .trim_start_matches("<![CDATA[")
                .trim_end_matches("]]>")
                .trim();
            (!c.is_empty()).then(|| c.to_string())
        };
        if first {
            first = false;
            if let Some(c) = comment {
                g.comments.push((0, c));
            }
            continue;
        }
        let ply = g.moves.len() + 1;
        let sq = |x: u8, y: u8| -> Option<Square> {
            if !x.is_ascii_digit() || !y.is_ascii_digit() {
                return None;
            }
            Square::at((x - b'0') as i32, 9 - (y - b'0') as i32)
        };
        let b = value.as_bytes();
        let m = match b {
            [a, c, b'-', d, e] => sq(*a, *c).zip(sq(*d, *e)).map(|(f, t)| Move::new(f, t)),
            _ => None,
        };
        let m = match m {
            Some(m) if pos.is_legal(m) => m,
            _ => {
                return Err(err(
                    Some(ply),
                    GameFileErrorKind::Corrupt(format!("move `{value}` is malformed or illegal")),
                ));
            }
        };
        pos.play_unchecked(m);
        g.moves.push(m);
        if let Some(c) = comment {
            g.comments.push((ply, c));
        }
    }
    Ok(g)
}
