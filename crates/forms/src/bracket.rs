//! 对阵图 of the knockout stages as a printable list: every match in play order with its
//! section (胜者组, 败者组, 总决赛, 第三名决赛), both players, the 场分 of the match and the games
//! that made it (各局), play-offs (附加赛) with the names of both who play, byes (轮空), and the
//! champion once the stage is decided. The desk draws the same matches as a bracket.

use xiangqi_event::StageSystem;
use xiangqi_event::{Event, Pairing};
use xiangqi_scheduling::{GameResult, MatchResult, Side};

use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::event_line;

/// The Chinese name of a bracket label stored on a board (`W`, `L`, `GF`, `GF2`, `3rd`).
pub fn section_name(label: Option<&str>, double: bool) -> &'static str {
    match label {
        None | Some("W") if double => "胜者组",
        None | Some("W") => "",
        Some("L") => "败者组",
        Some("GF") => "总决赛",
        Some("GF2") => "总决赛（第二场）",
        Some("3rd") => "第三名决赛",
        Some(_) => "",
    }
}

/// One match of a knockout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketMatch {
    /// The event's round.
    pub round: u32,
    /// 台次.
    pub board: u32,
    /// 胜者组, 败者组, 总决赛, 第三名决赛, or empty (a single knockout's main bracket).
    pub section: &'static str,
    /// The play-off level (附加赛) when the match is one.
    pub playoff: Option<u32>,
    /// The player listed first (red in game 1): `代号 姓名`.
    pub red: String,
    /// The player listed second, or 轮空 for a bye.
    pub black: String,
    /// The match score from the first-listed side: `1:0`, `½:½`, `1½:½` (局分), `+:-` for a
    /// forfeit; empty while no result is in.
    pub score: String,
    /// Every game's result as entered (`1-0`, `=`, `+-`), in order.
    pub games: Vec<String>,
    /// The winner (`代号 姓名`) once known.
    pub winner: String,
}

/// The 对阵 of one knockout stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StageBracket {
    /// 第N阶段（单淘汰）.
    pub title: String,
    /// Every match (and bye), in play order.
    pub matches: Vec<BracketMatch>,
    /// 冠军 once decided.
    pub champion: Option<String>,
}

/// The 对阵 of every knockout stage of an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BracketForm {
    /// The event and its 组别.
    pub event: String,
    /// One per knockout stage.
    pub stages: Vec<StageBracket>,
}

/// `代号 姓名` of a player.
fn who(ev: &Event, no: u32) -> String {
    ev.player(no)
        .map_or(no.to_string(), |p| format!("{no} {}", p.name))
}

/// A half-point count as the forms write it: `1`, `½`, `1½`.
fn halves(h: u32) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// The score of a match from the first-listed side (`+:-` when every game was forfeited).
pub fn match_score(result: Option<&str>) -> String {
    let Some(m) = result.and_then(|r| MatchResult::parse(r).ok()) else {
        return String::new();
    };
    if !m.games.iter().any(|g| g.played()) {
        let first = m.games.iter().all(|g| *g == GameResult::FirstWinsByForfeit);
        let second = m
            .games
            .iter()
            .all(|g| *g == GameResult::SecondWinsByForfeit);
        return match (first, second) {
            (true, _) => "+:-".into(),
            (_, true) => "-:+".into(),
            _ => "-:-".into(),
        };
    }
    format!(
        "{}:{}",
        halves(m.game_points(Side::First).0 as u32),
        halves(m.game_points(Side::Second).0 as u32)
    )
}

fn one(ev: &Event, round: u32, b: &Pairing, double: bool, playoff: Option<u32>) -> BracketMatch {
    BracketMatch {
        round,
        board: b.board,
        section: section_name(b.bracket.as_deref(), double),
        playoff,
        red: who(ev, b.red),
        black: who(ev, b.black),
        score: match_score(b.result.as_deref()),
        games: b
            .result
            .as_deref()
            .map(|r| {
                r.split(|c: char| c.is_whitespace() || c == ',')
                    .filter(|t| !t.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default(),
        winner: ev
            .knockout_winner(round, b.board)
            .map_or(String::new(), |w| who(ev, w)),
    }
}

/// The 对阵 of every knockout stage (no stages: empty).
pub fn bracket(ev: &Event) -> BracketForm {
    let mut stages = Vec::new();
    for (si, stage) in ev.stages.iter().enumerate() {
        if !stage.system.is_knockout() {
            continue;
        }
        let double = stage.system == StageSystem::DoubleKnockout;
        let mut matches = Vec::new();
        for r in &ev.paired {
            if r.stage.unwrap_or(1) as usize != si + 1 {
                continue;
            }
            for b in &r.boards {
                matches.push(one(ev, r.round, b, double, r.playoff));
            }
            for no in r.bye.iter().chain(&r.byes) {
                matches.push(BracketMatch {
                    round: r.round,
                    board: 0,
                    section: "",
                    playoff: r.playoff,
                    red: who(ev, *no),
                    black: "轮空".into(),
                    score: String::new(),
                    games: Vec::new(),
                    winner: who(ev, *no),
                });
            }
        }
        let champion = ev
            .stage_finished(si)
            .then(|| ev.stage_standings(si))
            .and_then(|g| g.first().and_then(|g| g.first()).cloned())
            .filter(|s| s.rank == 1 && !s.shared)
            .map(|s| who(ev, s.no));
        stages.push(StageBracket {
            title: format!(
                "第{}阶段（{}）",
                si + 1,
                crate::groups::system_name(stage.system)
            ),
            matches,
            champion,
        });
    }
    BracketForm {
        event: event_line(ev),
        stages,
    }
}

impl BracketForm {
    /// The printed 对阵表 (portrait): a block per stage, one line a match — 轮次, 台次, 对阵
    /// (section or 附加赛), 先手 (the first-listed), 后手, 场分, 各局, 胜者 — the champion under it.
    pub fn sheet(&self) -> Sheet {
        let head = [
            "轮次", "台次", "对阵", "先手", "后手", "场分", "各局", "胜者",
        ]
        .map(Head::one)
        .to_vec();
        let blocks = self
            .stages
            .iter()
            .map(|s| Block {
                heading: s.title.clone(),
                head: vec![head.clone()],
                rows: s
                    .matches
                    .iter()
                    .map(|m| {
                        let kind = match m.playoff {
                            Some(l) => format!("附加赛（第{l}级）{}", m.section),
                            None => m.section.to_string(),
                        };
                        vec![
                            format!("第{}轮", m.round),
                            if m.board == 0 {
                                String::new()
                            } else {
                                m.board.to_string()
                            },
                            kind,
                            m.red.clone(),
                            m.black.clone(),
                            m.score.clone(),
                            // four games and more wrap, two to a line
                            m.games
                                .chunks(2)
                                .map(|c| c.join(" "))
                                .collect::<Vec<_>>()
                                .join("\n"),
                            m.winner.clone(),
                        ]
                    })
                    .collect(),
                foot: s.champion.iter().map(|c| format!("冠军：{c}")).collect(),
            })
            .collect::<Vec<_>>();
        let most = blocks.iter().map(|b| b.rows.len()).sum::<usize>();
        Sheet {
            title: "对阵表".into(),
            caption: vec![self.event.clone()],
            widths: vec![9.0, 6.0, 22.0, 30.0, 30.0, 9.0, 16.0, 30.0],
            long_table: false,
            blocks,
            notes: vec!["裁判长：".into()],
            layout: Layout {
                landscape: false,
                font_pt: 8.0,
                per_page: if most <= 40 { 6 } else { 1 },
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_mark_forfeits_and_count_half_points() {
        assert_eq!(match_score(Some("1-0")), "1:0");
        assert_eq!(match_score(Some("=")), "½:½");
        assert_eq!(match_score(Some("1-0 = 0-1 1-0")), "2½:1½");
        assert_eq!(match_score(Some("+-")), "+:-");
        assert_eq!(match_score(Some("-+ -+")), "-:+");
        assert_eq!(match_score(None), "");
    }

    #[test]
    fn no_english_section_names() {
        for l in ["W", "L", "GF", "GF2", "3rd"] {
            for d in [false, true] {
                assert!(
                    section_name(Some(l), d)
                        .chars()
                        .all(|c| !c.is_ascii_alphabetic())
                );
            }
        }
        assert_eq!(section_name(Some("3rd"), false), "第三名决赛");
    }
}
