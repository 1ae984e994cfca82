//! PGN for xiangqi (the xqbase convention): tag pairs, movetext in Chinese, WXF or ICCS
//! (`[Format]` tag, or detected per token), comments `{…}` / `;…`, NAGs `$n`, variations `(…)`,
//! `[FEN]` start positions, several games per file.

use xiangqi_board::START_FEN;
use xiangqi_movegen::{Move, Position};

use crate::chinese::BlackDigits;
use crate::game::{GameFormat, NotatedGame, Variation};
use crate::{
    GameFileError, GameFileErrorKind, Mode, MoveTextError, Notation, is_move_number, parse_move_as,
    strip_move_number,
};

/// One lexical item of movetext.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'a> {
    /// A move (move numbers already removed).
    Move(&'a str),
    /// A comment's text.
    Comment(&'a str),
    /// A numeric annotation glyph `$n`.
    Nag(u32),
    /// `(`.
    VariationStart,
    /// `)`.
    VariationEnd,
}

/// One game's text, split but not yet resolved against positions.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct RawGame<'a> {
    /// Tag pairs in order.
    pub tags: Vec<(String, String)>,
    /// Movetext items in order.
    pub tokens: Vec<Token<'a>>,
    /// The result token, if present.
    pub result: Option<&'a str>,
    /// The byte offset in the text where the game starts.
    pub offset: usize,
}

impl RawGame<'_> {
    fn is_empty(&self) -> bool {
        self.tags.is_empty() && self.tokens.is_empty() && self.result.is_none()
    }

    /// The value of a tag.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The number of move tokens of the main line (outside every variation), as written:
    /// the game's length without resolving a move.
    pub fn main_line_len(&self) -> usize {
        let mut depth = 0usize;
        let mut n = 0;
        for t in &self.tokens {
            match t {
                Token::VariationStart => depth += 1,
                Token::VariationEnd => depth = depth.saturating_sub(1),
                Token::Move(_) if depth == 0 => n += 1,
                _ => {}
            }
        }
        n
    }

    /// The move tokens of the main line, as written.
    pub fn move_tokens(&self) -> Vec<&str> {
        self.tokens
            .iter()
            .filter_map(|t| match t {
                Token::Move(m) => Some(*m),
                _ => None,
            })
            .collect()
    }
}

/// U+3000 in UTF-8.
const IDEOGRAPHIC_SPACE: &[u8] = &[0xE3, 0x80, 0x80];

fn is_result(t: &str) -> bool {
    matches!(
        t,
        "1-0" | "0-1" | "1/2-1/2" | "½-½" | "*" | "1/2" | "0.5-0.5"
    )
}

fn normalise_result(t: &str) -> &str {
    match t {
        "½-½" | "1/2" | "0.5-0.5" => "1/2-1/2",
        t => t,
    }
}

/// How deep variations may nest: a variation inside a variation inside … this many levels.
/// Real records nest a few levels; a deeper one is refused with the line and column of the `(`
/// that goes too deep, so that memory stays linear and no reader, writer or page recurses
/// without bound (a 300 KB file of `(` could otherwise nest 30,000 levels).
pub const MAX_VARIATION_DEPTH: usize = 100;

/// Why a PGN text could not be split into games, and where: line and column (in characters)
/// of the text given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct SplitError {
    /// The line (1-based).
    pub line: usize,
    /// The column (1-based, in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl SplitError {
    fn at(text: &str, at: usize, message: impl Into<String>) -> SplitError {
        let at = at.min(text.len());
        let before = &text.as_bytes()[..at];
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        SplitError {
            line: before.iter().filter(|&&b| b == b'\n').count() + 1,
            // a cut inside a character (cannot happen: `at` is an ASCII mark) counts it whole
            column: String::from_utf8_lossy(&before[line_start..])
                .chars()
                .count()
                + 1,
            message: message.into(),
        }
    }
}

/// Splits a PGN text into games without resolving moves. Errors (unterminated tags or comments,
/// variations nested deeper than [`MAX_VARIATION_DEPTH`]) name the line and column.
pub fn split_games(text: &str) -> Result<Vec<RawGame<'_>>, SplitError> {
    split_games_nested(text, MAX_VARIATION_DEPTH)
}

/// [`split_games`] with another nesting limit (`usize::MAX`: none), for measuring the reader.
pub fn split_games_nested(text: &str, max_depth: usize) -> Result<Vec<RawGame<'_>>, SplitError> {
    split(text, max_depth, true)
}

/// [`split_games`] keeping only the main line: the variations are checked (nesting limit,
/// balance) but their moves, comments and glyphs are left out, so that the memory taken is that
/// of the main line however large the variation tree (a viewer that shows the main line reads
/// a 15 MB file of 2 million variations in a few MB).
pub fn split_games_main_line(text: &str) -> Result<Vec<RawGame<'_>>, SplitError> {
    split(text, MAX_VARIATION_DEPTH, false)
}

/// The splitter: `keep_variations` false leaves every token inside a variation out.
fn split(
    text: &str,
    max_depth: usize,
    keep_variations: bool,
) -> Result<Vec<RawGame<'_>>, SplitError> {
    let b = text.as_bytes();
    // Open variations of the current game: a result inside one belongs to it, not the game.
    let mut depth = 0usize;
    let mut games = Vec::new();
    let mut cur = RawGame::default();
    let mut in_movetext = false;
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        // Ideographic space U+3000.
        if b[i..].starts_with(IDEOGRAPHIC_SPACE) {
            i += 3;
            continue;
        }
        let at_line_start = line_start;
        line_start = false;
        match c {
            b'%' if at_line_start => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'[' => {
                if in_movetext || cur.result.is_some() {
                    let done = std::mem::take(&mut cur);
                    if !done.is_empty() {
                        games.push(done);
                    }
                    cur.offset = i;
                    in_movetext = false;
                    depth = 0;
                }
                let start = i;
                i += 1;
                let name_start = i;
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                let name = &text[name_start..i];
                while i < b.len() && b[i] != b'"' && b[i] != b']' && b[i] != b'\n' {
                    i += 1;
                }
                let mut value = String::new();
                if i < b.len() && b[i] == b'"' {
                    i += 1;
                    let mut seg = i;
                    loop {
                        if i >= b.len() {
                            return Err(SplitError::at(text, start, "unterminated tag value"));
                        }
                        match b[i] {
                            b'\\' if i + 1 < b.len() && (b[i + 1] == b'"' || b[i + 1] == b'\\') => {
                                value.push_str(&text[seg..i]);
                                value.push(b[i + 1] as char);
                                i += 2;
                                seg = i;
                            }
                            b'"' => {
                                value.push_str(&text[seg..i]);
                                i += 1;
                                break;
                            }
                            _ => i += 1,
                        }
                    }
                }
                while i < b.len() && b[i] != b']' && b[i] != b'\n' {
                    i += 1;
                }
                if i >= b.len() || b[i] != b']' || name.is_empty() {
                    return Err(SplitError::at(text, start, "malformed tag pair"));
                }
                i += 1;
                cur.tags.push((name.to_string(), value));
            }
            b'{' => {
                let start = i;
                let Some(end) = text[i + 1..].find('}') else {
                    return Err(SplitError::at(text, start, "unterminated comment"));
                };
                if keep_variations || depth == 0 {
                    cur.tokens
                        .push(Token::Comment(text[i + 1..i + 1 + end].trim()));
                }
                in_movetext = true;
                i += end + 2;
            }
            b';' => {
                let end = text[i..].find('\n').map_or(b.len(), |e| i + e);
                if keep_variations || depth == 0 {
                    cur.tokens.push(Token::Comment(text[i + 1..end].trim()));
                }
                i = end;
            }
            b'(' => {
                depth += 1;
                if depth > max_depth {
                    return Err(SplitError::at(
                        text,
                        i,
                        format!("variations nested more than {max_depth} deep"),
                    ));
                }
                if keep_variations {
                    cur.tokens.push(Token::VariationStart);
                }
                in_movetext = true;
                i += 1;
            }
            b')' => {
                depth = depth.saturating_sub(1);
                if keep_variations {
                    cur.tokens.push(Token::VariationEnd);
                }
                i += 1;
            }
            _ => {
                let start = i;
                while i < b.len() && !b[i].is_ascii_whitespace() && !b"{}()[;".contains(&b[i]) {
                    if b[i..].starts_with(IDEOGRAPHIC_SPACE) {
                        break;
                    }
                    i += 1;
                }
                if i == start {
                    // A stray `}` or `]`.
                    i += 1;
                    continue;
                }
                // `i` stops only at ASCII bytes or at U+3000, so it is on a char boundary.
                let t = &text[start..i];
                in_movetext = true;
                if !keep_variations && depth > 0 && !is_result(t) {
                    continue;
                }
                if let Some(n) = t.strip_prefix('$') {
                    cur.tokens.push(Token::Nag(n.parse().unwrap_or(0)));
                } else if is_result(t) {
                    if depth > 0 {
                        continue; // a result inside a variation
                    }
                    cur.result = Some(normalise_result(t));
                    let done = std::mem::take(&mut cur);
                    games.push(done);
                    in_movetext = false;
                    depth = 0;
                    cur.offset = i;
                } else if is_move_number(t) {
                } else {
                    let t = strip_move_number(t);
                    if !t.is_empty() {
                        cur.tokens.push(Token::Move(t));
                    }
                }
            }
        }
    }
    if !cur.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

/// Reads every game of a PGN text.
pub fn read_games(
    text: &str,
    source_name: &str,
    mode: Mode,
) -> Result<Vec<NotatedGame>, GameFileError> {
    read_games_from_line(text, source_name, mode, 1)
}

/// [`read_games`] of a text that starts at line `first_line` of its file (a record of a
/// database), so that messages name the file's lines.
pub(crate) fn read_games_from_line(
    text: &str,
    source_name: &str,
    mode: Mode,
    first_line: usize,
) -> Result<Vec<NotatedGame>, GameFileError> {
    read_games_split(text, source_name, mode, first_line, true)
}

/// [`read_games_from_line`] of the main lines only (see [`split_games_main_line`]).
pub(crate) fn read_main_lines_from_line(
    text: &str,
    source_name: &str,
    mode: Mode,
    first_line: usize,
) -> Result<Vec<NotatedGame>, GameFileError> {
    read_games_split(text, source_name, mode, first_line, false)
}

fn read_games_split(
    text: &str,
    source_name: &str,
    mode: Mode,
    first_line: usize,
    keep_variations: bool,
) -> Result<Vec<NotatedGame>, GameFileError> {
    let raws = split(text, MAX_VARIATION_DEPTH, keep_variations).map_err(|mut e| {
        e.line += first_line - 1;
        GameFileError {
            source_name: source_name.to_string(),
            game: None,
            ply: None,
            kind: GameFileErrorKind::Corrupt(e.to_string()),
        }
    })?;
    raws.iter()
        .enumerate()
        .map(|(i, raw)| {
            build_game(raw, mode).map_err(|(ply, kind)| GameFileError {
                source_name: source_name.to_string(),
                game: Some(i + 1),
                ply,
                kind,
            })
        })
        .collect()
}

/// The notation a `[Format]` tag names (absent or unknown: detect per token).
fn format_notation(raw: &RawGame<'_>) -> Option<Notation> {
    raw.tag("Format").and_then(Notation::from_name)
}

/// Parses one token in the game's notation, or detected per token.
fn parse_token(
    pos: &Position,
    token: &str,
    notation: Option<Notation>,
    mode: Mode,
) -> Result<Move, MoveTextError> {
    match notation {
        Some(n) => match parse_move_as(pos, token, n, mode) {
            // A Format tag that lies: in tolerant mode try the token's own notation.
            Err(e) if e.is_syntax() && mode == Mode::Tolerant => {
                crate::parse_move(pos, token, mode)
            }
            r => r,
        },
        None => crate::parse_move(pos, token, mode),
    }
}

type BuildError = (Option<usize>, GameFileErrorKind);

/// A variation being read.
struct OpenLine {
    /// The position before its last move: where a variation inside it starts.
    before_last: Position,
    /// The position after its moves so far; `None` once a token could not be read (the rest of
    /// the line is dropped), and for a line that replaces no move.
    pos: Option<Position>,
    var: Variation,
    /// It replaces no move (a variation before the first move of its parent): left out whole.
    dead: bool,
    /// What was left out of it.
    dropped: Vec<String>,
}

/// The most notes of what was left out kept for one game: past it they are only counted
/// ("… and 12 more left out"), so that a hostile file cannot turn each byte into a message.
pub const MAX_DROPPED_NOTES: usize = 100;

/// The notes of what a game's reading left out, bounded by [`MAX_DROPPED_NOTES`].
#[derive(Default)]
struct Notes {
    kept: usize,
    more: usize,
}

impl Notes {
    /// Whether one more note may be written (counts it either way).
    fn take(&mut self) -> bool {
        if self.kept < MAX_DROPPED_NOTES {
            self.kept += 1;
            true
        } else {
            self.more += 1;
            false
        }
    }
}

/// The innermost levels named in full in a message; deeper ones are counted.
const NAMED_LEVELS: usize = 3;

/// Where the innermost of `open` is, for messages: "the variation at move 3 of the variation
/// at move 1 of the main line" (past [`NAMED_LEVELS`] levels the rest are counted, so that a
/// message stays short however deep the line is). Built only when a message needs it.
fn describe(open: &[OpenLine]) -> String {
    let mut s = String::new();
    for line in open.iter().rev().take(NAMED_LEVELS) {
        if line.dead {
            s.push_str("a variation before the first move of ");
        } else {
            s.push_str(&format!("the variation at move {} of ", line.var.ply + 1));
        }
    }
    if open.len() > NAMED_LEVELS {
        s.push_str(&format!(
            "{} more variations of ",
            open.len() - NAMED_LEVELS
        ));
    }
    s.push_str("the main line");
    s
}

/// Plays `tok` on the innermost open line; an unreadable token drops the rest of that line.
fn push_move(
    open: &mut [OpenLine],
    tok: &str,
    notation: Option<Notation>,
    mode: Mode,
    notes: &mut Notes,
) {
    let Some(line) = open.last_mut() else {
        return;
    };
    let Some(pos) = &mut line.pos else {
        return;
    };
    match parse_token(pos, tok, notation, mode) {
        Ok(m) => {
            line.before_last.clone_from(pos);
            pos.play_unchecked(m);
            line.var.moves.push(m);
        }
        Err(e) => {
            let n = line.var.moves.len() + 1;
            line.pos = None;
            if notes.take() {
                let msg = format!(
                    "{}: move {n} `{tok}` left out with the rest of the line: {e}",
                    describe(open)
                );
                if let Some(line) = open.last_mut() {
                    line.dropped.push(msg);
                }
            }
        }
    }
}

/// The deepest nesting of variations in `tokens`.
fn max_depth(tokens: &[Token<'_>]) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for t in tokens {
        match t {
            Token::VariationStart => {
                depth += 1;
                max = max.max(depth);
            }
            Token::VariationEnd => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    max
}

/// Resolves one raw game. Memory is linear in the number of tokens: each open variation holds
/// two positions, and where it is is described only for a message.
pub fn build_game(raw: &RawGame<'_>, mode: Mode) -> Result<NotatedGame, BuildError> {
    let start = match raw.tag("FEN") {
        Some(fen) if !fen.trim().is_empty() => Position::from_fen(fen.trim()).map_err(|e| {
            (
                None,
                GameFileErrorKind::StartPosition(format!("{fen}: {e}")),
            )
        })?,
        _ => Position::start(),
    };
    let notation = format_notation(raw);
    let mut game = NotatedGame::new(start.clone(), GameFormat::Pgn);
    game.tags = raw.tags.clone();
    let mut pos = start;
    // The main line's position before its last move (where a variation of it starts).
    let mut before_last = pos.clone();
    // Open variations, innermost last.
    let mut open: Vec<OpenLine> = Vec::with_capacity(max_depth(&raw.tokens));
    let mut notes = Notes::default();
    for t in &raw.tokens {
        match (*t, open.is_empty()) {
            (Token::Move(tok), true) => {
                let ply = game.moves.len() + 1;
                let m = parse_token(&pos, tok, notation, mode)
                    .map_err(|e| (Some(ply), GameFileErrorKind::Move(Box::new(e))))?;
                before_last.clone_from(&pos);
                pos.play_unchecked(m);
                game.moves.push(m);
            }
            (Token::Move(tok), false) => push_move(&mut open, tok, notation, mode, &mut notes),
            (Token::Comment(c), true) => game.comments.push((game.moves.len(), c.to_string())),
            (Token::VariationStart, _) => {
                let parent = match open.last() {
                    None => game
                        .moves
                        .len()
                        .checked_sub(1)
                        .map(|ply| (&before_last, ply)),
                    Some(p) if p.dead => None,
                    Some(p) => p
                        .var
                        .moves
                        .len()
                        .checked_sub(1)
                        .map(|ply| (&p.before_last, ply)),
                };
                let Some((vpos, ply)) = parent else {
                    // Nothing to replace: the variation is an alternative to no move.
                    let dead = OpenLine {
                        before_last: Position::start(),
                        pos: None,
                        var: Variation::default(),
                        dead: true,
                        dropped: Vec::new(),
                    };
                    open.push(dead);
                    if notes.take() {
                        let msg = format!("{}: left out (it replaces no move)", describe(&open));
                        if let Some(line) = open.last_mut() {
                            line.dropped.push(msg);
                        }
                    }
                    continue;
                };
                let vpos = vpos.clone();
                open.push(OpenLine {
                    before_last: vpos.clone(),
                    pos: Some(vpos),
                    var: Variation {
                        ply,
                        ..Variation::default()
                    },
                    dead: false,
                    dropped: Vec::new(),
                });
            }
            (Token::VariationEnd, false) => close_line(&mut open, &mut game),
            _ => {}
        }
    }
    // split_games closes every variation it opens; an unclosed one is kept all the same.
    while !open.is_empty() {
        close_line(&mut open, &mut game);
    }
    if notes.more > 0 {
        game.dropped
            .push(format!("… and {} more left out", notes.more));
    }
    if mode == Mode::Strict
        && let Some(first) = game.dropped.first()
    {
        return Err((
            None,
            GameFileErrorKind::Corrupt(format!("{first} (strict: nothing may be left out)")),
        ));
    }
    game.result = raw.result.map(str::to_string).or_else(|| {
        raw.tag("Result")
            .filter(|r| is_result(r))
            .map(|r| normalise_result(r).to_string())
    });
    Ok(game)
}

/// Closes the innermost open variation: what it left out goes to the game, its moves (if any)
/// to its parent.
fn close_line(open: &mut Vec<OpenLine>, game: &mut NotatedGame) {
    let Some(line) = open.pop() else {
        return;
    };
    game.dropped.extend(line.dropped);
    if line.var.moves.is_empty() {
        return;
    }
    match open.last_mut() {
        Some(parent) => parent.var.variations.push(line.var),
        None => game.variations.push(line.var),
    }
}

/// How to write PGN.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteOptions {
    /// The notation of the movetext.
    pub notation: Notation,
    /// How Chinese notation writes Black's digits.
    pub black_digits: BlackDigits,
}

impl WriteOptions {
    /// Canonical options for a notation.
    pub fn new(notation: Notation) -> WriteOptions {
        WriteOptions {
            notation,
            black_digits: BlackDigits::FullWidth,
        }
    }
}

fn escape(v: &str) -> String {
    v.replace('\\', "\\\\").replace('"', "\\\"")
}

#[allow(clippy::too_many_arguments)]
fn write_line(
    out: &mut String,
    start: &Position,
    moves: &[Move],
    first_ply: usize,
    opts: WriteOptions,
    comments: &[(usize, String)],
    variations: &[Variation],
    newlines: bool,
) {
    let mut pos = start.clone();
    let base = start.fullmove_number().max(1) as usize;
    let black_first = start.turn() == xiangqi_board::Color::Black;
    let mut need_number = true;
    for (i, &m) in moves.iter().enumerate() {
        let k = i + usize::from(black_first);
        let number = base + k / 2;
        if k % 2 == 0 {
            if i > 0 {
                out.push(if newlines { '\n' } else { ' ' });
            }
            out.push_str(&format!("{number}. "));
        } else if need_number {
            if i > 0 {
                out.push(' ');
            }
            out.push_str(&format!("{number}. ... "));
        } else {
            out.push(' ');
        }
        need_number = false;
        match opts.notation {
            Notation::Chinese => crate::chinese::write(&pos, m, opts.black_digits, out),
            n => crate::write_move(n, &pos, m, out),
        }
        for (_, c) in comments.iter().filter(|(p, _)| *p == first_ply + i + 1) {
            out.push_str(&format!(" {{{}}}", c.replace('}', ")")));
            need_number = true;
        }
        for v in variations
            .iter()
            .filter(|v| v.ply == i && !v.moves.is_empty())
        {
            out.push_str(" (");
            write_line(out, &pos, &v.moves, v.ply, opts, &[], &v.variations, false);
            out.push(')');
            need_number = true;
        }
        pos.play_unchecked(m);
    }
}

/// Writes one game as PGN in the chosen notation. The `[Format]` tag is set to the notation and
/// a `[FEN]` tag is written for a non-standard start (and kept if the game had one).
pub fn write_game(game: &NotatedGame, opts: WriteOptions) -> String {
    let mut out = String::new();
    let mut has_fen = false;
    for (k, v) in &game.tags {
        if k.eq_ignore_ascii_case("Format") {
            continue;
        }
        if k.eq_ignore_ascii_case("FEN") {
            has_fen = true;
            out.push_str(&format!("[FEN \"{}\"]\n", escape(&game.start.fen())));
            continue;
        }
        out.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    }
    if !has_fen && game.start.fen() != START_FEN {
        out.push_str(&format!("[FEN \"{}\"]\n", game.start.fen()));
    }
    out.push_str(&format!("[Format \"{}\"]\n\n", opts.notation.name()));
    for (_, c) in game.comments.iter().filter(|(p, _)| *p == 0) {
        out.push_str(&format!("{{{}}}\n", c.replace('}', ")")));
    }
    write_line(
        &mut out,
        &game.start,
        &game.moves,
        0,
        opts,
        &game.comments,
        &game.variations,
        true,
    );
    if !game.moves.is_empty() {
        out.push('\n');
    }
    out.push_str(game.result.as_deref().unwrap_or("*"));
    out.push('\n');
    out
}

/// Writes several games as one PGN text, a blank line between games.
pub fn write_games(games: &[NotatedGame], opts: WriteOptions) -> String {
    games
        .iter()
        .map(|g| write_game(g, opts))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Event \"a\"]\n[Format \"WXF\"]\n\n1. C2.5 {centre} H8+7 (1... C8.5 2. H2+3) 2. H2+3 $1 R9.8 1-0\n\n[Event \"b\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1\"]\n\n1. ... 炮８平５ 2. 馬二進三 *\n";

    #[test]
    fn reads_the_whole_variation_tree_and_reports_what_it_drops() {
        // 1. 炮二平五 (1. 相三进五 (1. 兵七进一 卒7进1) 马8进7) 马8进7 2. 马二进三 (2. 车一平二 zz 马二进三) 1-0
        let text = "1. h2e2 (1. g0e2 (1. c3c4 c6c5) h9g7) h9g7 2. h0g2 (2. i0i1 zz h0g2) 1-0";
        let g = &read_games(text, "t.pgn", Mode::Tolerant).unwrap()[0];
        assert_eq!(g.moves.len(), 3);
        assert_eq!(g.variations.len(), 2);
        let first = &g.variations[0];
        assert_eq!((first.ply, first.moves.len()), (0, 2));
        assert_eq!(first.variations.len(), 1, "the nested line is kept");
        assert_eq!(
            (first.variations[0].ply, first.variations[0].moves.len()),
            (0, 2)
        );
        let second = &g.variations[1];
        assert_eq!((second.ply, second.moves.len()), (2, 1));
        assert_eq!(g.dropped.len(), 1, "{:?}", g.dropped);
        assert!(g.dropped[0].contains("`zz`"), "{:?}", g.dropped);
        assert!(
            g.dropped[0].contains("move 3 of the main line"),
            "{:?}",
            g.dropped
        );
        // strict: nothing may be left out
        let e = read_games(text, "t.pgn", Mode::Strict).unwrap_err();
        assert!(e.to_string().contains("`zz`"), "{e}");
        // the tree is written back whole
        let again = write_game(g, WriteOptions::new(Notation::Iccs));
        let back = &read_games(&again, "t.pgn", Mode::Tolerant).unwrap()[0];
        assert_eq!(back.variations, g.variations, "{again}");
    }

    #[test]
    fn reads_multi_game_with_comments_and_variations() {
        let games = read_games(TWO, "t.pgn", Mode::Tolerant).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].moves.len(), 4);
        assert_eq!(games[0].result.as_deref(), Some("1-0"));
        assert_eq!(games[0].comments, vec![(1, "centre".to_string())]);
        assert_eq!(games[0].variations.len(), 1);
        assert_eq!(games[0].variations[0].ply, 1);
        assert_eq!(games[0].variations[0].moves.len(), 2);
        assert_eq!(games[1].moves[0].to_string(), "h7e7");
    }

    #[test]
    fn round_trips_through_writer() {
        let games = read_games(TWO, "t.pgn", Mode::Tolerant).unwrap();
        for n in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let text = write_games(&games, WriteOptions::new(n));
            let again = read_games(&text, "w.pgn", Mode::Strict).unwrap();
            assert_eq!(again.len(), 2, "{text}");
            for (a, b) in games.iter().zip(&again) {
                assert_eq!(a.moves, b.moves, "{text}");
                assert_eq!(a.start, b.start);
                assert_eq!(a.result, b.result);
                assert_eq!(a.variations, b.variations, "{text}");
            }
        }
    }

    #[test]
    fn errors_name_game_ply_and_token() {
        let text =
            "[Event \"x\"]\n\n1. h2e2 h9g7 *\n\n[Event \"y\"]\n\n1. h2e2 h9g7 2. h0g2 i9i1 *\n";
        let e = read_games(text, "bad.pgn", Mode::Tolerant).unwrap_err();
        assert_eq!(e.game, Some(2));
        assert_eq!(e.ply, Some(4));
        assert_eq!(e.token(), Some("i9i1"));
        let msg = e.to_string();
        assert!(
            msg.contains("bad.pgn") && msg.contains("game 2") && msg.contains("i9i1"),
            "{msg}"
        );
    }

    #[test]
    fn the_main_line_is_split_without_the_variation_tree() {
        let text = "[Red \"R\"]\n1. h2e2 {main} (1. b2e2 {side} (1. c3c4) $1 1-0) h9g7 ; end\n2. h0g2 (2. b0c2) 1-0\n";
        let full = split_games(text).unwrap();
        let main = split_games_main_line(text).unwrap();
        assert_eq!((full.len(), main.len()), (1, 1));
        assert_eq!(main[0].tags, full[0].tags);
        assert_eq!(
            main[0].result,
            Some("1-0"),
            "a result inside a variation is not the game's"
        );
        assert_eq!(
            main[0].tokens,
            [
                Token::Move("h2e2"),
                Token::Comment("main"),
                Token::Move("h9g7"),
                Token::Comment("end"),
                Token::Move("h0g2"),
            ]
        );
        assert_eq!(main[0].main_line_len(), full[0].main_line_len());
        let built = build_game(&main[0], Mode::Strict).unwrap();
        let whole = build_game(&full[0], Mode::Strict).unwrap();
        assert_eq!(built.moves, whole.moves);
        assert!(built.variations.is_empty() && !whole.variations.is_empty());
        // the nesting limit holds all the same
        let deep = format!(
            "1. h2e2 {}{} *",
            "(1. b2e2 ".repeat(MAX_VARIATION_DEPTH + 1),
            ")".repeat(MAX_VARIATION_DEPTH + 1)
        );
        assert!(split_games_main_line(&deep).is_err());
    }

    #[test]
    fn unterminated_comment_is_an_error() {
        let e = read_games("1. h2e2 {oops", "c.pgn", Mode::Tolerant).unwrap_err();
        assert!(matches!(e.kind, GameFileErrorKind::Corrupt(_)));
    }
}
