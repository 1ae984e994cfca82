//! 封棋记录 (seed 003 五④): what the arbiter writes when a game is adjourned — both names, the
//! sealer (封棋方), both sides' 用时 and clock readings, the moves made (已走着数), the 封棋图
//! (the position as a board of cells, Red below) and the lines both players and the arbiter
//! sign. The sealed move itself is **not** on it: the sealer writes it unseen on his own score
//! sheet, which goes into the envelope with this record.
//!
//! The model is plain data: the game log (`xiangqi-game`, which may use this crate; this crate
//! never uses it) fills it.

use xiangqi_board::{ByColor, Color, File, Rank, Setup, Square};
use xiangqi_event::Event;

use crate::sheet::{Block, DIAGRAM, Head, Layout, Sheet};

/// The event line the game paper's caption starts with (the event's name and 组别), as every
/// form of the event writes it.
pub fn event_caption(ev: &Event) -> String {
    crate::words::event_line(ev)
}

/// The 封棋 record of one adjourned game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SealRecord {
    /// The event line (name and 组别); empty for a game on no event board.
    pub event: String,
    /// Round and board (台次) of the event, if the game is on one.
    pub board: Option<(u32, u32)>,
    /// Both names (姓名), as the log's header has them.
    pub names: ByColor<String>,
    /// The side that sealed its move (封棋方).
    pub sealer: Color,
    /// Moves made by each side (已走着数).
    pub moves_made: ByColor<u32>,
    /// Time used by each side (用时), `H:MM:SS`.
    pub used: ByColor<String>,
    /// Each clock's reading at sealing (余时), `H:MM:SS`.
    pub clocks: ByColor<String>,
    /// The position at sealing (FEN): the 封棋图.
    pub fen: String,
}

/// A piece as a printed diagram in black and white tells the sides apart: Red 帅仕相俥傌炮兵,
/// Black 将士象车马砲卒.
pub fn diagram_glyph(p: xiangqi_board::Piece) -> char {
    use xiangqi_board::PieceKind::{Cannon, Horse, Rook};
    match (p.color, p.kind) {
        (Color::Red, Rook) => '俥',
        (Color::Red, Horse) => '傌',
        (Color::Black, Cannon) => '砲',
        _ => p.chinese(),
    }
}

/// The 封棋图 as rows of nine cells: Black's file numbers (１…９) on top, the ranks from Black's
/// back rank down to Red's with the river (楚河 汉界) between, Red's file numbers (九…一) at the
/// foot. A FEN that cannot be read gives the empty board's rows (the log's position always
/// reads).
pub fn diagram_rows(fen: &str) -> Vec<Vec<String>> {
    let setup = Setup::from_fen(fen).unwrap_or_else(|_| Setup::empty());
    let mut rows = Vec::with_capacity(12);
    for r in (0..10u8).rev() {
        let row = (0..9u8)
            .map(|f| {
                let sq = File::new(f)
                    .zip(Rank::new(r))
                    .map(|(f, r)| Square::from_coords(f, r));
                sq.and_then(|sq| setup.board.piece_at(sq))
                    .map_or_else(String::new, |p| diagram_glyph(p).to_string())
            })
            .collect();
        rows.push(row);
        if r == 5 {
            rows.push(
                ["楚", "河", "", "", "", "", "", "汉", "界"]
                    .map(String::from)
                    .to_vec(),
            );
        }
    }
    rows.push(
        ["九", "八", "七", "六", "五", "四", "三", "二", "一"]
            .map(String::from)
            .to_vec(),
    );
    rows
}

impl SealRecord {
    /// The printed sheet: the record table and the 封棋图 on one A4 portrait page, the lines to
    /// sign under them.
    pub fn sheet(&self) -> Sheet {
        let pair = |label: &str, v: &ByColor<String>| {
            vec![label.to_string(), v.red.clone(), v.black.clone()]
        };
        let mark = |c: Color| if c == self.sealer { "封棋" } else { "" }.to_string();
        let made = ByColor {
            red: self.moves_made.red.to_string(),
            black: self.moves_made.black.to_string(),
        };
        let record = Block {
            heading: String::new(),
            head: vec![["", "红方", "黑方"].map(Head::one).to_vec()],
            rows: vec![
                pair("姓名", &self.names),
                vec!["封棋方".into(), mark(Color::Red), mark(Color::Black)],
                pair("已走着数", &made),
                pair("用时", &self.used),
                pair("余时", &self.clocks),
            ],
            foot: Vec::new(),
        };
        let diagram = Block {
            heading: format!(
                "{DIAGRAM}（封棋时局面，红方在下；{}走）",
                if self.sealer == Color::Red {
                    "红方"
                } else {
                    "黑方"
                }
            ),
            head: vec![
                ["１", "２", "３", "４", "５", "６", "７", "８", "９"]
                    .map(Head::one)
                    .to_vec(),
            ],
            rows: diagram_rows(&self.fen),
            foot: vec!["红子：帅仕相俥傌炮兵　　黑子：将士象车马砲卒".into()],
        };
        let mut caption = Vec::new();
        if !self.event.is_empty() {
            caption.push(self.event.clone());
        }
        if let Some((round, board)) = self.board {
            caption.push(format!("第 {round} 轮　第 {board} 台"));
        }
        Sheet {
            title: "封棋记录".into(),
            caption,
            widths: Vec::new(),
            long_table: false,
            blocks: vec![record, diagram],
            notes: vec![
                "封棋着法由封棋方暗记在本方记录纸上（不写在本表上），与双方记录纸、本封棋图一同装入封套封严，交裁判员保管，续赛时当场开启。".into(),
                "封棋时间：　　月　　日　　时　　分　　　续赛时间：　　月　　日　　时　　分".into(),
                "红方签名：　　　　　　　黑方签名：　　　　　　　裁判员签名：".into(),
            ],
            layout: Layout {
                landscape: false,
                font_pt: 11.0,
                per_page: 2,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html;

    fn record() -> SealRecord {
        SealRecord {
            event: "测试赛  组别：男子".into(),
            board: Some((3, 7)),
            names: ByColor {
                red: "甲".into(),
                black: "乙".into(),
            },
            sealer: Color::Red,
            moves_made: ByColor { red: 1, black: 1 },
            used: ByColor {
                red: "0:00:10".into(),
                black: "0:00:20".into(),
            },
            clocks: ByColor {
                red: "1:29:50".into(),
                black: "1:29:40".into(),
            },
            fen: "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2".into(),
        }
    }

    #[test]
    fn the_record_carries_names_sealer_times_moves_and_the_diagram() {
        let s = record().sheet();
        assert_eq!(s.caption, ["测试赛  组别：男子", "第 3 轮　第 7 台"]);
        let t = &s.blocks[0].rows;
        assert_eq!(t[0], ["姓名", "甲", "乙"]);
        assert_eq!(t[1], ["封棋方", "封棋", ""]);
        assert_eq!(t[2], ["已走着数", "1", "1"]);
        assert_eq!(t[3], ["用时", "0:00:10", "0:00:20"]);
        assert_eq!(t[4], ["余时", "1:29:50", "1:29:40"]);
        let d = &s.blocks[1].rows;
        assert_eq!(d.len(), 12);
        // Black's back rank, with its horse on g7 gone to the third rank
        assert_eq!(d[0].concat(), "车马象士将士象车");
        assert_eq!(d[2][6], "马");
        assert_eq!(d[5].concat(), "楚河汉界");
        // Red's central cannon
        assert_eq!(d[8][4], "炮");
        assert_eq!(d[10].concat(), "俥傌相仕帅仕相傌俥");
        assert_eq!(d[11].concat(), "九八七六五四三二一");
        assert_eq!(s.pages(), 1);
        let page = html::render(&s);
        assert!(page.contains("<h1>封棋记录</h1>") && page.contains("第 1 页 共 1 页"));
        assert!(page.contains("裁判员签名："));
    }

    #[test]
    fn a_bad_fen_gives_an_empty_board_not_a_panic() {
        let rows = diagram_rows("garbage");
        assert_eq!(rows.len(), 12);
        assert!(rows[0].iter().all(String::is_empty));
    }
}
