//! 对局记录 (the signed move record): the moves of one game in Chinese notation, in two columns
//! of 回合 (move pairs) to a page, the result and each side's 用时 under them, and the lines the
//! players (红方, 黑方) and the arbiter (裁判员) sign.
//!
//! The model is plain data: the game log (`xiangqi-game`) fills it; this crate never reads a
//! log.

use xiangqi_board::{ByColor, Color};

use crate::sheet::{Block, Head, Layout, Sheet};

/// 回合 in one column of a printed page: two columns, so 80 回合 to a page.
pub const ROWS_PER_PAGE: usize = 40;

/// The move record of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveRecord {
    /// The event line (name and 组别); empty for a game on no event board.
    pub event: String,
    /// Round and board (台次) of the event, if the game is on one.
    pub board: Option<(u32, u32)>,
    /// Both names (姓名).
    pub names: ByColor<String>,
    /// The side that moved first (Black only from a set-up position).
    pub first: Color,
    /// The moves in force, ply by ply, in Chinese notation (炮二平五, 马8进7).
    pub moves: Vec<String>,
    /// The start position (FEN) when it is not the standard start; `None` for the standard one.
    pub start_fen: Option<String>,
    /// The result in words (红胜, 黑胜, 和棋), with its reason (将死, 认输 …); empty while the
    /// game is on or adjourned.
    pub result: String,
    /// Time used by each side (用时), `H:MM:SS`.
    pub used: ByColor<String>,
}

impl MoveRecord {
    /// The 回合 as (red move, black move) pairs; a game Black starts has `……` for Red's half
    /// of the first.
    pub fn pairs(&self) -> Vec<(String, String)> {
        let mut plies: Vec<String> = Vec::with_capacity(self.moves.len() + 1);
        if self.first == Color::Black {
            plies.push("……".into());
        }
        plies.extend(self.moves.iter().cloned());
        plies
            .chunks(2)
            .map(|c| (c[0].clone(), c.get(1).cloned().unwrap_or_default()))
            .collect()
    }

    /// The printed sheet: A4 portrait, 回合 红方 黑方 twice across the page (1–40 on the left,
    /// 41–80 on the right of the first page, and so on), the heads on every page; the result,
    /// 用时 and the signature lines after the last.
    pub fn sheet(&self) -> Sheet {
        let pairs = self.pairs();
        let per_page = 2 * ROWS_PER_PAGE;
        let cell = |i: usize| -> [String; 3] {
            match pairs.get(i) {
                Some((r, b)) => [(i + 1).to_string(), r.clone(), b.clone()],
                None => Default::default(),
            }
        };
        let mut rows = Vec::new();
        for page in 0..pairs.len().div_ceil(per_page).max(1) {
            let first = page * per_page;
            let left = pairs.len().saturating_sub(first).clamp(1, ROWS_PER_PAGE);
            for i in 0..left {
                let mut row = cell(first + i).to_vec();
                row.extend(cell(first + ROWS_PER_PAGE + i));
                rows.push(row);
            }
        }
        let mut caption = Vec::new();
        if !self.event.is_empty() {
            caption.push(self.event.clone());
        }
        caption.push(match self.board {
            Some((round, board)) => format!(
                "第 {round} 轮　第 {board} 台　红方：{}　黑方：{}",
                self.names.red, self.names.black
            ),
            None => format!("红方：{}　黑方：{}", self.names.red, self.names.black),
        });
        if let Some(fen) = &self.start_fen {
            caption.push(format!("开局局面：{fen}"));
        }
        let result = if self.result.is_empty() {
            "（对局未结束）".to_string()
        } else {
            self.result.clone()
        };
        Sheet {
            title: "对局记录".into(),
            caption,
            widths: vec![2.0, 5.0, 5.0, 2.0, 5.0, 5.0],
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head: vec![
                    ["回合", "红方", "黑方", "回合", "红方", "黑方"]
                        .map(Head::one)
                        .to_vec(),
                ],
                rows,
                foot: Vec::new(),
            }],
            notes: vec![
                format!("结果：{result}"),
                format!("用时：红方 {}　黑方 {}", self.used.red, self.used.black),
                "红方签名：　　　　　　　黑方签名：　　　　　　　裁判员签名：".into(),
            ],
            layout: Layout {
                landscape: false,
                font_pt: 10.0,
                per_page: ROWS_PER_PAGE,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::html;

    fn record(plies: usize, first: Color) -> MoveRecord {
        MoveRecord {
            event: "测试赛".into(),
            board: Some((1, 2)),
            names: ByColor {
                red: "甲".into(),
                black: "乙".into(),
            },
            first,
            moves: (1..=plies).map(|i| format!("m{i}")).collect(),
            start_fen: None,
            result: "红胜（认输）".into(),
            used: ByColor {
                red: "1:02:03".into(),
                black: "0:58:00".into(),
            },
        }
    }

    #[test]
    fn two_columns_of_forty_to_a_page() {
        // 170 plies: 85 回合 — page 1 holds 1–40 and 41–80, page 2 holds 81–85
        let s = record(170, Color::Red).sheet();
        let rows = &s.blocks[0].rows;
        assert_eq!(rows.len(), 45);
        assert_eq!(rows[0], ["1", "m1", "m2", "41", "m81", "m82"]);
        assert_eq!(rows[39], ["40", "m79", "m80", "80", "m159", "m160"]);
        assert_eq!(rows[40], ["81", "m161", "m162", "", "", ""]);
        assert_eq!(rows[44], ["85", "m169", "m170", "", "", ""]);
        assert_eq!(s.pages(), 2);
        assert!(rows.iter().all(|r| r.len() == s.widths.len()));
        let page = html::render(&s);
        assert_eq!(page.matches("<th>回合</th>").count(), 4);
        assert!(page.contains("第 2 页 共 2 页"));
        assert!(
            page.contains("结果：红胜（认输）")
                && page.contains("用时：红方 1:02:03　黑方 0:58:00")
        );
        assert!(page.contains("裁判员签名："));
        assert!(s.text().contains("第 1 轮　第 2 台　红方：甲　黑方：乙"));
    }

    #[test]
    fn an_odd_ply_count_and_black_first() {
        let s = record(3, Color::Red).sheet();
        assert_eq!(
            s.blocks[0].rows,
            [["1", "m1", "m2", "", "", ""], ["2", "m3", "", "", "", ""]]
        );
        let s = record(2, Color::Black).sheet();
        assert_eq!(s.blocks[0].rows[0], ["1", "……", "m1", "", "", ""]);
        assert_eq!(s.blocks[0].rows[1], ["2", "m2", "", "", "", ""]);
        // an empty game still prints its heads, one empty row and the signature lines
        let s = record(0, Color::Red).sheet();
        assert_eq!(s.blocks[0].rows.len(), 1);
        assert_eq!(s.pages(), 1);
    }
}
