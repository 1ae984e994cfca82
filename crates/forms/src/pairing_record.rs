//! 编排记录表 (编排纪录公告, seed 002 (六)3) of one round: 台次, 红方 and 黑方 with 代号, 姓名
//! and the score before the round (上轮积分), 比赛结果.

use xiangqi_event::Event;
use xiangqi_scheduling::Points;

use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::{event_line, record_result};

/// One board of the 编排记录表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordRow {
    /// 台次.
    pub board: u32,
    /// 红方 代号.
    pub red: u32,
    /// 红方 姓名.
    pub red_name: String,
    /// 红方 上轮积分 (score before the round).
    pub red_before: String,
    /// 黑方 代号.
    pub black: u32,
    /// 黑方 姓名.
    pub black_name: String,
    /// 黑方 上轮积分.
    pub black_before: String,
    /// 比赛结果: `2:0`, ` : ` while open; a forfeit as `+:-` / `-:+` / `-:-`.
    pub result: String,
}

/// The 编排记录表 of a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingRecord {
    /// The event and its 组别.
    pub event: String,
    /// The round.
    pub round: u32,
    /// One row per board.
    pub rows: Vec<RecordRow>,
    /// 轮空 and other lines under the table.
    pub notes: Vec<String>,
}

/// The score of every player before `round` (after the rounds before it).
pub fn scores_before(ev: &Event, round: u32) -> impl Fn(u32) -> Points {
    let before = ev.crosstable(round.saturating_sub(1));
    move |no: u32| {
        before
            .players
            .iter()
            .position(|&n| n == no)
            .map_or(Points::ZERO, |i| before.score(i))
    }
}

/// The 编排记录表 of `round`, or `None` when it is not paired.
pub fn pairing_record(ev: &Event, round: u32) -> Option<PairingRecord> {
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let score = scores_before(ev, round);
    let name = |no: u32| ev.player(no).map_or(String::new(), |p| p.name.clone());
    let rows = r
        .boards
        .iter()
        .map(|b| {
            let result = record_result(ev, b, ev.config.games_in_match())
                .unwrap_or_else(|| " : ".to_string());
            RecordRow {
                board: b.board,
                red: b.red,
                red_name: name(b.red),
                red_before: score(b.red).to_string(),
                black: b.black,
                black_name: name(b.black),
                black_before: score(b.black).to_string(),
                result,
            }
        })
        .collect();
    let mut notes = Vec::new();
    if let Some(b) = r.bye {
        notes.push(format!("轮空：{} {}", b, name(b)));
    }
    notes.extend(r.notes.iter().map(|n| format!("注：{n}")));
    Some(PairingRecord {
        event: event_line(ev),
        round,
        rows,
        notes,
    })
}

impl PairingRecord {
    /// The printed sheet (portrait; heads repeated on every page).
    pub fn sheet(&self) -> Sheet {
        let head = vec![
            vec![
                Head::tall("台次", 2),
                Head::wide("红方", 3),
                Head::wide("黑方", 3),
                Head::tall("比赛结果", 2),
            ],
            ["代号", "姓名", "上轮积分", "代号", "姓名", "上轮积分"]
                .map(Head::one)
                .to_vec(),
        ];
        let rows = self
            .rows
            .iter()
            .map(|r| {
                vec![
                    r.board.to_string(),
                    r.red.to_string(),
                    r.red_name.clone(),
                    r.red_before.clone(),
                    r.black.to_string(),
                    r.black_name.clone(),
                    r.black_before.clone(),
                    r.result.clone(),
                ]
            })
            .collect();
        let mut notes = self.notes.clone();
        notes.push("编排长：                    裁判长：".into());
        Sheet {
            title: "编排纪录公告".into(),
            caption: vec![self.event.clone(), format!("第 {} 轮", self.round)],
            widths: vec![3.0, 3.0, 8.0, 4.0, 3.0, 8.0, 4.0, 5.0],
            long_table: true,
            blocks: vec![Block {
                heading: String::new(),
                head,
                rows,
                foot: Vec::new(),
            }],
            notes,
            layout: Layout {
                landscape: false,
                font_pt: 9.0,
                per_page: 40,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::four;

    #[test]
    fn scores_before_the_round_and_forfeit_marks() {
        let ev = four();
        let rec = pairing_record(&ev, 1).unwrap();
        assert!(
            rec.rows
                .iter()
                .all(|r| r.red_before == "0" && r.black_before == "0")
        );
        assert_eq!(rec.rows[0].result, "2:0");
        assert_eq!(rec.rows[1].result, "-:+");
        let rec2 = pairing_record(&ev, 2).unwrap();
        let s = scores_before(&ev, 2);
        for r in &rec2.rows {
            assert_eq!(r.red_before, s(r.red).to_string());
            assert_eq!(r.black_before, s(r.black).to_string());
        }
        // two players scored 2 in round 1, two scored 0
        let mut before: Vec<String> = rec2
            .rows
            .iter()
            .flat_map(|r| [r.red_before.clone(), r.black_before.clone()])
            .collect();
        before.sort();
        assert_eq!(before, ["0", "0", "2", "2"]);
        let open = pairing_record(&ev, 3).unwrap();
        assert!(open.rows.iter().all(|r| r.result == " : "));
        assert!(pairing_record(&ev, 4).is_none());
        assert!(pairing_record(&ev, 0).is_none());
    }
}
