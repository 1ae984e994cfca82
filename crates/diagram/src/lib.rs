//! # xiangqi-diagram — pictures of a position
//!
//! A [`Diagram`] draws a [`Position`] as SVG (for reports, web pages and print) or as terminal
//! text: the grid with river (楚河 汉界) and palaces, the pieces by their Chinese characters, the
//! last move marked on its two points, arrows for what a ply chases or threatens, the file
//! numbers of both sides (Black's 1–9 on top, Red's 九–一 below, or ICCS letters), and a caption.
//! [`Style::Book`] draws the pieces as the printed rule book does (seed ch.1 §1 三): Red in
//! 阳文 (red characters on a light disc), Black in 阴文 (light characters on a dark disc).
//!
//! It needs no files and knows no rules: a GUI can take it with `xiangqi-board` and
//! `xiangqi-movegen` alone.
//!
//! ```
//! use xiangqi_diagram::{Arrow, Diagram, Style};
//! use xiangqi_diagram::{Move, Position};
//!
//! let mut pos = Position::start();
//! let m = Move::from_iccs("h2e2").unwrap();
//! pos.play(m)?;
//! let svg = Diagram::new(&pos)
//!     .last_move(m)
//!     .arrow(Arrow::chase(m.to, "e6".parse()?))
//!     .caption("1. 炮二平五")
//!     .style(Style::Book)
//!     .svg();
//! assert!(svg.starts_with("<svg") && svg.contains("炮") && svg.contains("xq-chase"));
//! let text = Diagram::new(&pos).text(false);
//! assert_eq!(text.lines().count(), 14);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt::Write as _;

use xiangqi_board::{Color, File, Rank, Square};
/// The position and move types a diagram is drawn from ([`xiangqi_movegen`]'s), so that this
/// crate alone draws a position.
pub use xiangqi_movegen::{Move, Position};

/// How the pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Style {
    /// Discs on a wooden board: red and black characters on light discs.
    #[default]
    Board,
    /// The printed book (棋例图): Red 阳文 (red character, light disc), Black 阴文 (light
    /// character on a black disc), on white paper.
    Book,
}

/// Which file labels are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum FileLabels {
    /// Black's files 1–9 on top, Red's 九–一 below (the Chinese notation's numbering).
    #[default]
    Chinese,
    /// ICCS letters a–i below and ranks 0–9 on the left.
    Iccs,
    /// Both: the Chinese numbers on top and below, the ICCS letters and ranks outside them.
    Both,
}

/// What an arrow shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrowKind {
    /// A chase (捉): the attacker to the piece it chases.
    Chase,
    /// A check or mate threat (将 / 杀): the piece to the king.
    Threat,
    /// Any other line worth pointing at (a move, a protection).
    Note,
}

/// An arrow from one point to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// What it shows (its colour).
    pub kind: ArrowKind,
}

impl Arrow {
    /// A chase arrow (attacker → chased piece).
    pub fn chase(from: Square, to: Square) -> Arrow {
        Arrow {
            from,
            to,
            kind: ArrowKind::Chase,
        }
    }

    /// A threat arrow (piece → king).
    pub fn threat(from: Square, to: Square) -> Arrow {
        Arrow {
            from,
            to,
            kind: ArrowKind::Threat,
        }
    }
}

/// A diagram of one position, built step by step and rendered by [`Diagram::svg`] or
/// [`Diagram::text`].
#[derive(Debug, Clone)]
pub struct Diagram<'a> {
    pos: &'a Position,
    last: Option<Move>,
    arrows: Vec<Arrow>,
    caption: Vec<String>,
    style: Style,
    labels: FileLabels,
    fen: bool,
    cell: f64,
    flipped: bool,
}

const CN_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const FW_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// Rough advance width of a text: CJK glyphs one em, others 0.6 em.
fn advance(text: &str, size: f64) -> f64 {
    text.chars()
        .map(|c| if c.is_ascii() { 0.6 * size } else { size })
        .sum()
}

/// Splits a caption into lines no wider than `width` (at spaces; a longer word stays whole).
fn wrap(text: &str, size: f64, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if advance(&candidate, size) > width && !line.is_empty() {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Escapes text for HTML and SVG (text and double- or single-quoted attribute values): `&`, `<`,
/// `>`, `"` and `'`. The workspace's one escaper: the event forms and the CLI's report use it too.
///
/// ```
/// assert_eq!(xiangqi_diagram::escape_html(r#"<a href="x">'&'</a>"#),
///            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
/// ```
pub fn escape_html(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

fn escape(t: &str) -> String {
    escape_html(t)
}

impl<'a> Diagram<'a> {
    /// A diagram of `pos`, board style, Chinese file numbers, the FEN below.
    pub fn new(pos: &'a Position) -> Diagram<'a> {
        Diagram {
            pos,
            last: None,
            arrows: Vec::new(),
            caption: Vec::new(),
            style: Style::Board,
            labels: FileLabels::Chinese,
            fen: true,
            cell: 50.0,
            flipped: false,
        }
    }

    /// Marks the move that led to the position on its two points.
    pub fn last_move(mut self, m: Move) -> Self {
        self.last = Some(m);
        self
    }

    /// Adds an arrow.
    pub fn arrow(mut self, a: Arrow) -> Self {
        self.arrows.push(a);
        self
    }

    /// Adds arrows.
    pub fn arrows(mut self, a: impl IntoIterator<Item = Arrow>) -> Self {
        self.arrows.extend(a);
        self
    }

    /// Adds a caption line below the board (squeezed to the board's width when too long).
    pub fn caption(mut self, line: impl Into<String>) -> Self {
        self.caption.push(line.into());
        self
    }

    /// The piece style.
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// The file labels.
    pub fn labels(mut self, labels: FileLabels) -> Self {
        self.labels = labels;
        self
    }

    /// Whether the FEN is printed under the board (default yes).
    pub fn fen(mut self, show: bool) -> Self {
        self.fen = show;
        self
    }

    /// The size of one square in SVG units (default 50; the whole board is 8 × 9 squares plus
    /// margins).
    pub fn cell(mut self, size: f64) -> Self {
        self.cell = size.clamp(10.0, 200.0);
        self
    }

    /// Which side is at the foot of the SVG diagram: Red (the default) or Black, the board
    /// turned round (Black's file numbers 1–9 at the foot, Red's 一–九 at the head; the ICCS
    /// letters and ranks follow the squares).
    ///
    /// ```
    /// use xiangqi_board::Color;
    /// let pos = xiangqi_movegen::Position::start();
    /// let red = xiangqi_diagram::Diagram::new(&pos).svg();
    /// let black = xiangqi_diagram::Diagram::new(&pos).orientation(Color::Black).svg();
    /// assert_ne!(red, black);
    /// // turned twice is the same board
    /// assert_eq!(red, xiangqi_diagram::Diagram::new(&pos).orientation(Color::Red).svg());
    /// ```
    pub fn orientation(mut self, at_the_foot: Color) -> Self {
        self.flipped = at_the_foot == Color::Black;
        self
    }

    /// The diagram as a standalone SVG document (UTF-8; fonts: a CJK serif of the system).
    pub fn svg(&self) -> String {
        let k = self.cell / 50.0;
        let cell = self.cell;
        let margin = 45.0 * k;
        let extra_left = if self.labels == FileLabels::Chinese {
            0.0
        } else {
            14.0 * k
        };
        let w = margin * 2.0 + cell * 8.0 + extra_left;
        // Caption lines, wrapped to the width; the FEN last, smaller.
        let mut texts: Vec<(String, f64)> = Vec::new();
        for c in &self.caption {
            for line in wrap(c, 14.0 * k, w - 20.0 * k) {
                texts.push((line, 14.0 * k));
            }
        }
        if self.fen {
            texts.push((self.pos.fen(), 11.0 * k));
        }
        // Baseline of the lowest file label below the board, then the captions under it.
        let labels_below = if self.labels == FileLabels::Both {
            58.0 * k
        } else {
            40.0 * k
        };
        let h = margin + cell * 9.0 + labels_below + 22.0 * k * texts.len() as f64 + 12.0 * k;
        let x = |f: f64| margin + extra_left + f * cell;
        let y = |r: f64| margin + (9.0 - r) * cell;
        // a square's centre, with the board turned round when Black is at the foot
        let flipped = self.flipped;
        let at = |sq: Square| {
            let (f, r) = (sq.file().index() as f64, sq.rank().index() as f64);
            if flipped {
                (x(8.0 - f), y(9.0 - r))
            } else {
                (x(f), y(r))
            }
        };
        let (paper, grid) = match self.style {
            Style::Board => ("#f3dcae", "#5a3a1a"),
            Style::Book => ("#ffffff", "#222222"),
        };
        let mut s = String::new();
        let _ = writeln!(
            s,
            r##"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="'Noto Serif CJK SC','Noto Sans CJK SC','Songti SC','SimSun',serif" role="img" aria-label="{}">"##,
            escape(&self.pos.fen())
        );
        let _ = writeln!(
            s,
            r##"<defs><marker id="xq-chase" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#d35400"/></marker><marker id="xq-threat" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#8e44ad"/></marker><marker id="xq-note" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="#1f5f9f"/></marker></defs>"##
        );
        let _ = writeln!(s, r##"<rect width="{w}" height="{h}" fill="{paper}"/>"##);
        let _ = writeln!(
            s,
            r##"<g stroke="{grid}" stroke-width="{}" fill="none">"##,
            1.5 * k
        );
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" stroke-width="{}"/>"##,
            x(0.0),
            y(9.0),
            cell * 8.0,
            cell * 9.0,
            2.5 * k
        );
        let line = |s: &mut String, x1: f64, y1: f64, x2: f64, y2: f64| {
            let _ = writeln!(s, r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}"/>"#);
        };
        for r in 0..10 {
            line(&mut s, x(0.0), y(r as f64), x(8.0), y(r as f64));
        }
        for f in 1..8 {
            for (a, b) in [(0.0, 4.0), (5.0, 9.0)] {
                line(&mut s, x(f as f64), y(a), x(f as f64), y(b));
            }
        }
        for (a, b) in [(0.0, 2.0), (7.0, 9.0)] {
            line(&mut s, x(3.0), y(a), x(5.0), y(b));
            line(&mut s, x(5.0), y(a), x(3.0), y(b));
        }
        s.push_str("</g>\n");
        let _ = writeln!(
            s,
            r##"<text x="{}" y="{}" font-size="{}" fill="{grid}" text-anchor="middle" dominant-baseline="central">楚 河　　　　　　汉 界</text>"##,
            x(4.0),
            y(4.5),
            24.0 * k
        );
        self.svg_labels(&mut s, &x, &y, k);
        if let Some(m) = self.last {
            for sq in [m.from, m.to] {
                let (cx, cy) = at(sq);
                let _ = writeln!(
                    s,
                    r##"<rect class="last-move" x="{}" y="{}" width="{}" height="{}" fill="#6fa8dc" fill-opacity="0.35" stroke="#1f5f9f" stroke-width="{}" stroke-dasharray="4 3"/>"##,
                    cx - 24.0 * k,
                    cy - 24.0 * k,
                    48.0 * k,
                    48.0 * k,
                    1.5 * k
                );
            }
        }
        for (sq, p) in self.pos.board().pieces() {
            let (cx, cy) = at(sq);
            let red = p.color == Color::Red;
            let (disc, ink, text) = match (self.style, red) {
                (Style::Board, true) => ("#fbeed3", "#b00000", "#b00000"),
                (Style::Board, false) => ("#fbeed3", "#111111", "#111111"),
                (Style::Book, true) => ("#ffffff", "#c00000", "#c00000"),
                (Style::Book, false) => ("#111111", "#111111", "#ffffff"),
            };
            let _ = writeln!(
                s,
                r##"<g class="piece {}"><circle cx="{cx}" cy="{cy}" r="{}" fill="{disc}" stroke="{ink}" stroke-width="{}"/><circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="{}" stroke-width="{}"/><text x="{cx}" y="{cy}" font-size="{}" fill="{text}" text-anchor="middle" dominant-baseline="central">{}</text></g>"##,
                if red { "red" } else { "black" },
                21.0 * k,
                2.0 * k,
                17.0 * k,
                if self.style == Style::Book && !red {
                    "#ffffff"
                } else {
                    ink
                },
                1.0 * k,
                24.0 * k,
                p.chinese()
            );
        }
        for a in &self.arrows {
            let (colour, kind) = match a.kind {
                ArrowKind::Chase => ("#d35400", "chase"),
                ArrowKind::Threat => ("#8e44ad", "threat"),
                ArrowKind::Note => ("#1f5f9f", "note"),
            };
            let (x1, y1) = at(a.from);
            let (x2, y2) = at(a.to);
            // Stop short of the target disc.
            let (dx, dy) = (x2 - x1, y2 - y1);
            let len = (dx * dx + dy * dy).sqrt().max(1.0);
            let short = (22.0 * k).min(len / 2.0);
            let _ = writeln!(
                s,
                r##"<line class="arrow {kind}" x1="{x1}" y1="{y1}" x2="{}" y2="{}" stroke="{colour}" stroke-width="{}" stroke-opacity="0.85" marker-end="url(#xq-{kind})"/>"##,
                x2 - dx / len * short,
                y2 - dy / len * short,
                4.0 * k
            );
        }
        let mut ty = y(0.0) + labels_below + 24.0 * k;
        for (text, size) in texts {
            // A single word wider than the board (a FEN) is squeezed to fit.
            let fit = if advance(&text, size) > w - 20.0 {
                format!(
                    r#" textLength="{}" lengthAdjust="spacingAndGlyphs""#,
                    w - 20.0
                )
            } else {
                String::new()
            };
            let _ = writeln!(
                s,
                r##"<text x="{}" y="{ty}" font-size="{size}" fill="#333" text-anchor="middle"{fit}>{}</text>"##,
                w / 2.0,
                escape(&text)
            );
            ty += 22.0 * k;
        }
        s.push_str("</svg>\n");
        s
    }

    fn svg_labels(&self, s: &mut String, x: &dyn Fn(f64) -> f64, y: &dyn Fn(f64) -> f64, k: f64) {
        let chinese = self.labels != FileLabels::Iccs;
        let iccs = self.labels != FileLabels::Chinese;
        // screen column `c` shows file `c`, or `8 - c` with the board turned round; Black's
        // numbers stand on Black's side (the head, or the foot when turned), Red's on Red's
        let (head, foot) = (y(9.0) - 26.0 * k, y(0.0) + 40.0 * k);
        let (black_y, red_y) = if self.flipped {
            (foot, head)
        } else {
            (head, foot)
        };
        for c in 0..9 {
            let f = if self.flipped { 8 - c } else { c };
            if chinese {
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" fill="#333" text-anchor="middle">{}</text>"##,
                    x(c as f64),
                    black_y,
                    14.0 * k,
                    f + 1
                );
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" fill="#a00" text-anchor="middle">{}</text>"##,
                    x(c as f64),
                    red_y,
                    14.0 * k,
                    CN_DIGITS[8 - f]
                );
            }
            if iccs {
                let below = if chinese { 58.0 } else { 40.0 };
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" fill="#555" text-anchor="middle" font-family="monospace">{}</text>"##,
                    x(c as f64),
                    y(0.0) + below * k,
                    12.0 * k,
                    (b'a' + f as u8) as char
                );
            }
        }
        if iccs {
            for row in 0..10 {
                let r = if self.flipped { 9 - row } else { row };
                let _ = writeln!(
                    s,
                    r##"<text x="{}" y="{}" font-size="{}" fill="#555" text-anchor="middle" dominant-baseline="central" font-family="monospace">{r}</text>"##,
                    x(0.0) - 34.0 * k,
                    y(row as f64),
                    12.0 * k
                );
            }
        }
    }

    /// The diagram as text for a terminal: Black's file numbers on top, Red's below, ranks on
    /// the left, ICCS letters at the foot; pieces in colour (ANSI) when `colour` is set; the last
    /// move's points in brackets-free inverse video (colour) or marked `·` around (plain).
    pub fn text(&self, colour: bool) -> String {
        let mut s = String::new();
        s.push_str("   ");
        for d in FW_DIGITS {
            s.push(d);
            s.push(' ');
        }
        s.push('\n');
        let marked = |sq: Square| self.last.is_some_and(|m| m.from == sq || m.to == sq);
        for r in (0..10).rev() {
            let _ = write!(s, "{r}  ");
            for f in 0..9 {
                let sq = Square::from_coords(
                    File::new(f).expect("file 0-8"),
                    Rank::new(r).expect("rank 0-9"),
                );
                let glyph = match self.pos.piece_at(sq) {
                    Some(p) => p.chinese(),
                    None if marked(sq) => '〇',
                    None => '＋',
                };
                match self.pos.piece_at(sq) {
                    Some(p) if colour => {
                        let code = match (p.color, marked(sq)) {
                            (Color::Red, false) => "1;31",
                            (Color::Red, true) => "1;31;46",
                            (Color::Black, false) => "1;30;47",
                            (Color::Black, true) => "1;30;46",
                        };
                        let _ = write!(s, "\x1b[{code}m{glyph}\x1b[0m");
                    }
                    _ if colour && marked(sq) => {
                        let _ = write!(s, "\x1b[46m{glyph}\x1b[0m");
                    }
                    _ => s.push(glyph),
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
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after(moves: &str) -> (Position, Option<Move>) {
        let mut pos = Position::start();
        let mut last = None;
        for t in moves.split_whitespace() {
            let m = Move::from_iccs(t).unwrap();
            pos.play(m).unwrap();
            last = Some(m);
        }
        (pos, last)
    }

    #[test]
    fn turned_round_black_is_at_the_foot_with_its_numbers() {
        let pos = Position::start();
        let svg = Diagram::new(&pos).orientation(Color::Black).svg();
        // the red king (e0) stands on the head row, the black king (e9) on the foot row
        let centre = |svg: &str, class: &str, ch: char| -> (f64, f64) {
            let at = svg
                .match_indices(&format!("<g class=\"piece {class}\">"))
                .map(|(i, _)| i)
                .find(|&i| svg[i..].split("</g>").next().unwrap().contains(ch))
                .unwrap();
            let g = &svg[at..];
            let num = |key: &str| -> f64 {
                let v = g.split(key).nth(1).unwrap();
                v.split('"').next().unwrap().parse().unwrap()
            };
            (num("cx=\""), num("cy=\""))
        };
        let (rx, ry) = centre(&svg, "red", '帅');
        let (bx, by) = centre(&svg, "black", '将');
        assert!(ry < by, "red at the head: {ry} vs {by}");
        assert!((rx - bx).abs() < 1e-9, "both kings on the middle file");
        let plain = Diagram::new(&pos).svg();
        let (_, ry0) = centre(&plain, "red", '帅');
        let (_, by0) = centre(&plain, "black", '将');
        assert!(ry0 > by0);
        assert_eq!((ry, by), (by0, ry0), "the rows swap");
        // the red cannon on b2 is at the right of the turned board
        let left_cannon = |svg: &str| centre(svg, "red", '炮').0;
        assert!(left_cannon(&svg) > left_cannon(&plain));
    }

    #[test]
    fn svg_has_every_piece_the_last_move_and_the_arrows() {
        let (pos, last) = after("h2e2 h9g7");
        let svg = Diagram::new(&pos)
            .last_move(last.unwrap())
            .arrow(Arrow::threat("e2".parse().unwrap(), "e9".parse().unwrap()))
            .svg();
        assert_eq!(svg.matches(r#"<g class="piece "#).count(), 32);
        assert_eq!(svg.matches(r#"class="last-move""#).count(), 2);
        assert_eq!(svg.matches(r#"class="arrow threat""#).count(), 1);
        assert!(svg.contains(&pos.fen()));
        assert!(svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn book_style_draws_black_in_intaglio() {
        let pos = Position::start();
        let svg = Diagram::new(&pos).style(Style::Book).svg();
        // 阴文: black discs with white characters; 阳文: red characters.
        assert_eq!(
            svg.matches(r##"fill="#111111" stroke="#111111""##).count(),
            16
        );
        assert_eq!(svg.matches(r##"fill="#ffffff" text-anchor"##).count(), 16);
        assert_eq!(svg.matches(r##"fill="#c00000" text-anchor"##).count(), 16);
    }

    #[test]
    fn labels_chinese_iccs_and_both() {
        let pos = Position::start();
        let count = |l: FileLabels| {
            let svg = Diagram::new(&pos).labels(l).svg();
            (
                svg.matches(">九<").count(),
                svg.matches(r#"font-family="monospace">a<"#).count(),
            )
        };
        assert_eq!(count(FileLabels::Chinese), (1, 0));
        assert_eq!(count(FileLabels::Iccs), (0, 1));
        assert_eq!(count(FileLabels::Both), (1, 1));
    }

    #[test]
    fn captions_are_escaped() {
        let pos = Position::start();
        let svg = Diagram::new(&pos).caption("a < b & \"c\"").svg();
        assert!(svg.contains("a &lt; b &amp; &quot;c&quot;"));
    }

    #[test]
    fn text_marks_the_last_move() {
        let (pos, last) = after("h2e2");
        let text = Diagram::new(&pos).last_move(last.unwrap()).text(false);
        insta::assert_snapshot!(text, @r"
           １ ２ ３ ４ ５ ６ ７ ８ ９ 
        9  车 马 象 士 将 士 象 马 车 
        8  ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ 
        7  ＋ 炮 ＋ ＋ ＋ ＋ ＋ 炮 ＋ 
        6  卒 ＋ 卒 ＋ 卒 ＋ 卒 ＋ 卒 
        5  ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ 
           ──── 楚 河 ──── 汉 界 ────
        4  ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ 
        3  兵 ＋ 兵 ＋ 兵 ＋ 兵 ＋ 兵 
        2  ＋ 炮 ＋ ＋ 炮 ＋ ＋ 〇 ＋ 
        1  ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ ＋ 
        0  车 马 相 仕 帅 仕 相 马 车 
           九 八 七 六 五 四 三 二 一 
           a  b  c  d  e  f  g  h  i
        ");
    }
}

/// The README's examples, compiled and run as doctests (`cargo test --doc`).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
