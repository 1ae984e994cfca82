//! The 编排记录表 of a team round (团体赛): every match (场次) with its teams and their 场分
//! before the round, each board (台次) with the red and black individual players from the
//! line-ups (排阵) and the board's result, and the match score (局分, 场分).

use xiangqi_event::{Event, Pairing};
use xiangqi_scheduling::team::match_games;
use xiangqi_scheduling::{GameResult, MatchResult, Side};

use crate::pairing_record::scores_before;
use crate::sheet::{Block, Head, Layout, Sheet};
use crate::words::event_line;

/// One player at a board of a team match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardPlayer {
    /// The team's pairing number.
    pub team_no: u32,
    /// The team's name.
    pub team: String,
    /// The player's place on the team's roster (1-based); 0 when the line-up names none.
    pub member: u32,
    /// The player's name (`?` when the line-up names no one for the board).
    pub name: String,
}

/// One board (one game) of a team match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamGame {
    /// 台次 within the match (1-based, in playing order).
    pub board: u32,
    /// 全队轮赛制: the sub-round (小轮) the game belongs to.
    pub sub_round: Option<u32>,
    /// The red player.
    pub red: BoardPlayer,
    /// The black player.
    pub black: BoardPlayer,
    /// The result seen from red, once entered.
    pub result: Option<GameResult>,
}

/// The boards of a team match `b` of round `round`: line-ups (recorded or default), colours
/// (the first-listed team red on odd boards) and each board's result seen from red.
pub fn team_games(ev: &Event, round: u32, b: &Pairing) -> Vec<TeamGame> {
    let lineup = |team: u32| ev.lineup(round, b.board, team).unwrap_or_default();
    let (la, lb) = (lineup(b.red), lineup(b.black));
    let player = |team: u32, lineup: &[u32], place: usize| {
        let t = ev.player(team);
        let member = lineup.get(place).copied().unwrap_or(0);
        BoardPlayer {
            team_no: team,
            team: t.map_or_else(|| team.to_string(), |t| t.name.clone()),
            member,
            name: t
                .and_then(|t| t.members.get((member as usize).checked_sub(1)?))
                .map_or_else(|| "?".to_string(), |m| m.name.clone()),
        }
    };
    // the stored games are seen from the first-listed team
    let games: Vec<GameResult> = b
        .result
        .as_deref()
        .and_then(|r| MatchResult::parse(r).ok())
        .map(|m| m.games)
        .unwrap_or_default();
    match_games(ev.config.team_boards as usize, ev.config.all_play_all)
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let a = player(b.red, &la, g.first);
            let c = player(b.black, &lb, g.second);
            let result = games.get(k).copied();
            let (red, black, result) = if g.first_red {
                (a, c, result)
            } else {
                (c, a, result.map(GameResult::reversed))
            };
            TeamGame {
                board: k as u32 + 1,
                sub_round: g.sub_round,
                red,
                black,
                result,
            }
        })
        .collect()
}

/// A board's result as the team forms print it, red first: `1:0`, `½:½`, `0:1`; a forfeit
/// `+:-`, `-:+`, `-:-`; ` : ` while open.
pub fn board_result(r: Option<GameResult>) -> String {
    match r {
        None => " : ",
        Some(GameResult::FirstWins) => "1:0",
        Some(GameResult::Draw) => "½:½",
        Some(GameResult::SecondWins) => "0:1",
        Some(GameResult::FirstWinsByForfeit) => "+:-",
        Some(GameResult::SecondWinsByForfeit) => "-:+",
        Some(GameResult::DoubleForfeit) => "-:-",
    }
    .to_string()
}

/// One match (场次) of the team 编排记录表.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamMatch {
    /// 场次 (the pairing's table number).
    pub table: u32,
    /// The first-listed team: pairing number, name, 场分 before the round.
    pub first: (u32, String, String),
    /// The second-listed team.
    pub second: (u32, String, String),
    /// Every board of the match.
    pub games: Vec<TeamGame>,
    /// 局分 of the match, first-listed team first (`2.5:1.5`); blank while open.
    pub game_points: String,
    /// 场分 of the match (`2:0`); blank while open.
    pub match_points: String,
}

/// The 编排记录表 of a team round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamRecord {
    /// The event and its 组别.
    pub event: String,
    /// The round.
    pub round: u32,
    /// One entry per match.
    pub matches: Vec<TeamMatch>,
    /// 轮空 and other lines under the table.
    pub notes: Vec<String>,
}

/// The team 编排记录表 of `round`, or `None` when it is not paired.
pub fn team_record(ev: &Event, round: u32) -> Option<TeamRecord> {
    let r = ev.paired.get(round.checked_sub(1)? as usize)?;
    let score = scores_before(ev, round);
    let team = |no: u32| {
        (
            no,
            ev.player(no)
                .map_or_else(|| no.to_string(), |p| p.name.clone()),
            score(no).to_string(),
        )
    };
    let matches = r
        .boards
        .iter()
        .map(|b| {
            let m = b.result.as_deref().and_then(|r| MatchResult::parse(r).ok());
            let (game_points, match_points) = m.map_or((String::new(), String::new()), |m| {
                let (c, p) = (ev.config.points, ev.config.match_points);
                (
                    format!(
                        "{}:{}",
                        m.game_points(Side::First),
                        m.game_points(Side::Second)
                    ),
                    format!(
                        "{}:{}",
                        m.match_points(Side::First, c, p),
                        m.match_points(Side::Second, c, p)
                    ),
                )
            });
            TeamMatch {
                table: b.board,
                first: team(b.red),
                second: team(b.black),
                games: team_games(ev, round, b),
                game_points,
                match_points,
            }
        })
        .collect();
    let mut notes: Vec<String> = r
        .bye
        .iter()
        .chain(&r.byes)
        .map(|&no| format!("轮空：{}", team(no).1))
        .collect();
    notes.extend(r.notes.iter().cloned());
    Some(TeamRecord {
        event: event_line(ev),
        round,
        matches,
        notes,
    })
}

impl TeamRecord {
    /// The printed sheet: one block per match — its heading names the teams and their 场分
    /// before the round, a row per board, the match score under it.
    pub fn sheet(&self) -> Sheet {
        let boards = self.matches.first().map_or(1, |m| m.games.len().max(1));
        let blocks = self
            .matches
            .iter()
            .map(|m| Block {
                heading: format!(
                    "第 {} 场　{}（{}号，上轮场分 {}）对 {}（{}号，上轮场分 {}）",
                    m.table, m.first.1, m.first.0, m.first.2, m.second.1, m.second.0, m.second.2
                ),
                head: vec![
                    vec![
                        Head::tall("台次", 2),
                        Head::wide("红方", 2),
                        Head::wide("黑方", 2),
                        Head::tall("比赛结果", 2),
                    ],
                    ["队名", "姓名", "队名", "姓名"].map(Head::one).to_vec(),
                ],
                rows: m
                    .games
                    .iter()
                    .map(|g| {
                        vec![
                            match g.sub_round {
                                Some(s) => format!("{}（第 {s} 小轮）", g.board),
                                None => g.board.to_string(),
                            },
                            g.red.team.clone(),
                            g.red.name.clone(),
                            g.black.team.clone(),
                            g.black.name.clone(),
                            board_result(g.result),
                        ]
                    })
                    .collect(),
                foot: vec![format!(
                    "局分　{}　　场分　{}",
                    blank_colon(&m.game_points),
                    blank_colon(&m.match_points)
                )],
            })
            .collect();
        let mut notes = self.notes.clone();
        notes.push("编排长：                    裁判长：".into());
        Sheet {
            title: "编排纪录公告".into(),
            caption: vec![
                self.event.clone(),
                format!("第 {} 轮（团体赛）", self.round),
            ],
            widths: vec![4.0, 8.0, 7.0, 8.0, 7.0, 4.0],
            long_table: false,
            blocks,
            notes,
            layout: Layout {
                landscape: false,
                font_pt: 9.0,
                // a match takes its boards, two head rows, heading and foot
                per_page: (44 / (boards + 4)).max(1),
            },
        }
    }
}

fn blank_colon(s: &str) -> &str {
    if s.is_empty() { " : " } else { s }
}

#[cfg(test)]
pub(crate) mod tests {
    use xiangqi_scheduling::{EventConfig, PointSystem};

    use super::*;
    use xiangqi_event::Edit;
    use xiangqi_scheduling::team::Member;

    /// A hand-made team event: four teams of three members (甲1…丁3), 2 boards a match,
    /// 2/1/0 场分; round 1 paired with team 甲's line-up (1, 3) recorded for its match and
    /// that match's result `1-0 =`, the other match open.
    pub(crate) fn teams() -> Event {
        let mut ev = Event::new(
            "团体赛",
            "cn-1987",
            EventConfig {
                points: PointSystem::OneHalfZero,
                match_points: PointSystem::TwoOneZero,
                team_boards: 2,
                ..Default::default()
            },
            ["甲队", "乙队", "丙队", "丁队"]
                .map(|n| (n.to_string(), format!("{n}单位")))
                .to_vec(),
            7,
            Some(3),
            false,
        )
        .unwrap();
        for p in &mut ev.players {
            let t = p.name.chars().next().unwrap();
            p.members = (1..=3)
                .map(|i| Member {
                    name: format!("{t}{i}"),
                    rating: None,
                })
                .collect();
        }
        let r = Edit::new(&mut ev).pair().unwrap();
        let b = ev.paired[0].boards[0].clone();
        let a = if ev.player(b.red).unwrap().name == "甲队" {
            b.red
        } else {
            b.black
        };
        Edit::new(&mut ev).set_lineup(r, 1, a, &[1, 3]).unwrap();
        Edit::new(&mut ev)
            .enter_result(r, 1, "1-0 =", (None, None), false)
            .unwrap();
        ev
    }

    #[test]
    fn boards_carry_the_line_ups_colours_and_results() {
        let ev = teams();
        let rec = team_record(&ev, 1).unwrap();
        assert_eq!(rec.matches.len(), 2);
        let m = &rec.matches[0];
        assert_eq!(m.games.len(), 2);
        assert_eq!((m.first.2.as_str(), m.second.2.as_str()), ("0", "0"));
        // board 1: the first-listed team red; board 2: black
        let (first, second) = (&m.first.1, &m.second.1);
        assert_eq!(&m.games[0].red.team, first);
        assert_eq!(&m.games[0].black.team, second);
        assert_eq!(&m.games[1].red.team, second);
        assert_eq!(&m.games[1].black.team, first);
        // 甲's recorded line-up puts 甲1 on board 1 and 甲3 (not 甲2) on board 2
        let jia: Vec<&str> = m
            .games
            .iter()
            .flat_map(|g| [&g.red, &g.black])
            .filter(|p| p.team == "甲队")
            .map(|p| p.name.as_str())
            .collect();
        assert_eq!(jia, ["甲1", "甲3"]);
        let other = if first == "甲队" { second } else { first };
        let t = other.chars().next().unwrap();
        let names: Vec<String> = m
            .games
            .iter()
            .flat_map(|g| [&g.red, &g.black])
            .filter(|p| &p.team == other)
            .map(|p| p.name.clone())
            .collect();
        assert_eq!(names, [format!("{t}1"), format!("{t}2")]);
        // `1-0 =` from the first-listed team: board 1 red won, board 2 drawn
        assert_eq!(board_result(m.games[0].result), "1:0");
        assert_eq!(board_result(m.games[1].result), "½:½");
        assert_eq!(m.game_points, "1.5:0.5");
        assert_eq!(m.match_points, "2:0");
        let open = &rec.matches[1];
        assert!(open.games.iter().all(|g| g.result.is_none()));
        assert_eq!(
            (open.game_points.as_str(), open.match_points.as_str()),
            ("", "")
        );
        let sheet = rec.sheet();
        assert_eq!(sheet.blocks.len(), 2);
        assert!(sheet.blocks[0].heading.contains(first.as_str()));
        assert_eq!(sheet.blocks[0].foot[0], "局分　1.5:0.5　　场分　2:0");
        assert_eq!(sheet.blocks[1].foot[0], "局分　 : 　　场分　 : ");
        assert_eq!(sheet.blocks[0].rows[0][5], "1:0");
        assert!(
            sheet
                .blocks
                .iter()
                .all(|b| b.rows.iter().all(|r| r.len() == sheet.widths.len()))
        );
        assert!(team_record(&ev, 2).is_none());
    }

    #[test]
    fn a_game_seen_from_a_team_playing_black_is_turned_for_red() {
        let mut ev = teams();
        Edit::new(&mut ev)
            .enter_result(1, 2, "-+ 0-1", (None, None), false)
            .unwrap();
        let m = &team_record(&ev, 1).unwrap().matches[1];
        // board 1: first-listed red lost by forfeit; board 2: first-listed (black) lost, so
        // red won
        assert_eq!(board_result(m.games[0].result), "-:+");
        assert_eq!(board_result(m.games[1].result), "1:0");
        assert_eq!(m.game_points, "0:2");
        assert_eq!(m.match_points, "0:2");
    }
}
