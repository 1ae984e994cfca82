//! A team event's line-ups on its pairings (排阵): the recorded or default line-up of a match,
//! recording one under the event's line-up system, and the 对阵表 form of a team round.

use xiangqi_scheduling::team::{LineupSystem, check_lineup, fixed_board_order, match_games};

use crate::document::{Event, EventError, Player, invalid};

impl Event {
    /// The line-up (1-based roster positions, board order) of team `team` in round `round`
    /// board `board`: the one recorded, else the default — the fixed order (分台定人制) or the
    /// first members of the roster.
    pub fn lineup(&self, round: u32, board: u32, team: u32) -> Option<Vec<u32>> {
        let b = self
            .paired
            .get(round.checked_sub(1)? as usize)?
            .boards
            .get(board.checked_sub(1)? as usize)?;
        let recorded = if b.red == team {
            &b.red_lineup
        } else if b.black == team {
            &b.black_lineup
        } else {
            return None;
        };
        if !recorded.is_empty() {
            return Some(recorded.clone());
        }
        let p = self.player(team)?;
        let boards = self.config.team_boards as usize;
        let order: Vec<usize> = match self.config.lineup_system {
            LineupSystem::FixedBoards => {
                fixed_board_order(&p.members.iter().map(|m| m.rating).collect::<Vec<_>>())
            }
            _ => (0..p.members.len()).collect(),
        };
        Some(
            order
                .into_iter()
                .take(boards)
                .map(|i| i as u32 + 1)
                .collect(),
        )
    }

    /// Records team `team`'s line-up (1-based roster positions, board order) for the match on
    /// round `round` board `board`, checked against the event's line-up system; refused once
    /// the match has a result.
    pub(crate) fn set_lineup(
        &mut self,
        round: u32,
        board: u32,
        team: u32,
        members: &[u32],
    ) -> Result<(), EventError> {
        let rec = format!("round {round} board {board}");
        let boards = self.config.team_boards as usize;
        if boards == 0 {
            return Err(invalid("event", "not a team event (team_boards = 0)"));
        }
        let p = self
            .player(team)
            .ok_or_else(|| invalid(&rec, format!("no team {team}")))?;
        let roster = p.members.len();
        let fixed = fixed_board_order(&p.members.iter().map(|m| m.rating).collect::<Vec<_>>());
        let lineup: Vec<usize> = members
            .iter()
            .map(|&m| (m as usize).wrapping_sub(1))
            .collect();
        check_lineup(self.config.lineup_system, roster, boards, &lineup, &fixed).map_err(
            |error| EventError::Lineup {
                record: format!("{rec} team {team}"),
                error,
            },
        )?;
        let b = self
            .paired
            .get_mut(round.wrapping_sub(1) as usize)
            .and_then(|r| r.boards.get_mut(board.wrapping_sub(1) as usize))
            .ok_or(EventError::NoSuchBoard { round, board })?;
        if b.result.is_some() {
            return Err(invalid(
                &rec,
                "the match has a result: its line-ups are final",
            ));
        }
        if b.red == team {
            b.red_lineup = members.to_vec();
        } else if b.black == team {
            b.black_lineup = members.to_vec();
        } else {
            return Err(invalid(
                &rec,
                format!("team {team} does not play this match"),
            ));
        }
        Ok(())
    }

    /// The line-up form of a team round (对阵表): every match, every board with the players,
    /// their colours (the first-listed team red on odd boards) and the result seen from red.
    pub fn lineup_form(&self, round: u32) -> Option<String> {
        let r = self.paired.get(round.checked_sub(1)? as usize)?;
        let mut out = format!("{}  第 {round} 轮  对阵表\n", self.name);
        for b in &r.boards {
            let (ta, tb) = (self.player(b.red)?, self.player(b.black)?);
            out.push_str(&format!("第 {} 场  {} – {}\n", b.board, ta.name, tb.name));
            let la = self.lineup(round, b.board, b.red).unwrap_or_default();
            let lb = self.lineup(round, b.board, b.black).unwrap_or_default();
            let games: Vec<String> = b
                .result
                .as_deref()
                .map(|s| s.split_whitespace().map(String::from).collect())
                .unwrap_or_default();
            let name = |t: &Player, m: Option<&u32>| {
                m.and_then(|&m| t.members.get((m as usize).checked_sub(1)?))
                    .map_or("?".to_string(), |x| x.name.clone())
            };
            let mut sub_round = None;
            for (k, g) in match_games(self.config.team_boards as usize, self.config.all_play_all)
                .iter()
                .enumerate()
            {
                if g.sub_round.is_some() && g.sub_round != sub_round {
                    sub_round = g.sub_round;
                    out.push_str(&format!("  第 {} 小轮\n", g.sub_round.unwrap_or_default()));
                }
                let game = k as u32 + 1;
                let (a, c) = (name(ta, la.get(g.first)), name(tb, lb.get(g.second)));
                let (red, black) = if g.first_red { (a, c) } else { (c, a) };
                // the result as seen from red: the first-listed team's view, reversed where
                // the first-listed team has black
                let res = games.get(k).map_or(String::new(), |r| {
                    match r.parse::<xiangqi_scheduling::GameResult>() {
                        Ok(o) if !g.first_red => format!("  {}", o.reversed()),
                        _ => format!("  {r}"),
                    }
                });
                let (red_team, black_team) = if g.first_red {
                    (&ta.name, &tb.name)
                } else {
                    (&tb.name, &ta.name)
                };
                out.push_str(&format!(
                    "  {game}. 红 {red} ({red_team}) – 黑 {black} ({black_team}){res}\n"
                ));
            }
        }
        Some(out)
    }
}
