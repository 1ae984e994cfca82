//! Team events (团体赛): line-up systems, board colours, 全队轮赛制 and 队员总分制.
//!
//! - 分台定人制 ([`LineupSystem::FixedBoards`]): each member plays one board for the whole event;
//!   the board order is by rating (等级分), unrated members last ([`fixed_board_order`]).
//! - 分台换人制 ([`LineupSystem::FixedOrder`]): the roster's order is fixed; any members may play
//!   (reserves included) but never in an order that inverts the roster — with 4 boards and 2
//!   reserves, the 15 = C(6, 4) subsequences of the roster ([`legal_lineups`]).
//! - 临时定台制 ([`LineupSystem::Free`]): a line-up named before each match, any members in any
//!   order.
//! - Colours: the first-listed team's players are red on odd boards, black on even boards
//!   (`first_team_red`).
//! - 全队轮赛制 (全队循环制): every member of one team plays every member of the other
//!   ([`all_play_all`]).
//! - 队员总分制: team standings from an individual event, by unit (单位), counting each unit's
//!   best N members ([`member_totals`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

/// A member of a team's roster (队员), in roster order (boards, then reserves).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Member {
    /// Name.
    pub name: String,
    /// Rating (等级分), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<u32>,
}

/// How a team's players are put on the boards.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineupSystem {
    /// 分台定人制: fixed boards, ordered by rating; the same players every match.
    FixedBoards,
    /// 分台换人制: reserves may play; the roster order is never inverted (default).
    #[default]
    FixedOrder,
    /// 临时定台制: a line-up per match, any order.
    Free,
}

/// Why a line-up is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LineupError {
    /// Not as many players as boards.
    #[error("the line-up names {got} players for {boards} boards")]
    Count {
        /// Players named.
        got: usize,
        /// Boards.
        boards: usize,
    },
    /// A roster index out of range.
    #[error("board {board}: no member {member} on a roster of {roster}")]
    Unknown {
        /// The board (1-based).
        board: usize,
        /// The member (1-based roster position).
        member: usize,
        /// Roster size.
        roster: usize,
    },
    /// A member named twice.
    #[error("member {member} is named on boards {first} and {second}")]
    Twice {
        /// The member (1-based).
        member: usize,
        /// First board.
        first: usize,
        /// Second board.
        second: usize,
    },
    /// 分台换人制: the roster order is inverted.
    #[error(
        "board {board}: member {member} is listed above member {above} on the roster, so may not play below board {above_board} (分台换人制: the order is never inverted)"
    )]
    Inverted {
        /// The board (1-based).
        board: usize,
        /// Its member.
        member: usize,
        /// The member on a board above.
        above: usize,
        /// That board.
        above_board: usize,
    },
    /// 分台定人制: not the fixed line-up.
    #[error("board {board}: 分台定人制 fixes member {want} on this board, not member {got}")]
    NotFixed {
        /// The board.
        board: usize,
        /// The fixed member.
        want: usize,
        /// The named one.
        got: usize,
    },
}

/// The board order of 分台定人制: roster positions (0-based) sorted by rating, highest first,
/// unrated members last, equal ratings in roster order.
pub fn fixed_board_order(ratings: &[Option<u32>]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..ratings.len()).collect();
    idx.sort_by_key(|&i| std::cmp::Reverse(ratings[i].map_or(0, |r| i64::from(r) + 1)));
    idx
}

/// Checks a line-up (`lineup[b]` = 0-based roster position on board `b + 1`) of a roster of
/// `roster` members under `system`; `fixed` is the 分台定人制 order ([`fixed_board_order`]).
pub fn check_lineup(
    system: LineupSystem,
    roster: usize,
    boards: usize,
    lineup: &[usize],
    fixed: &[usize],
) -> Result<(), LineupError> {
    if lineup.len() != boards {
        return Err(LineupError::Count {
            got: lineup.len(),
            boards,
        });
    }
    let mut at: BTreeMap<usize, usize> = BTreeMap::new();
    for (b, &m) in lineup.iter().enumerate() {
        if m >= roster {
            return Err(LineupError::Unknown {
                board: b + 1,
                member: m + 1,
                roster,
            });
        }
        if let Some(first) = at.insert(m, b + 1) {
            return Err(LineupError::Twice {
                member: m + 1,
                first,
                second: b + 1,
            });
        }
    }
    match system {
        LineupSystem::Free => Ok(()),
        LineupSystem::FixedOrder => {
            for b in 1..lineup.len() {
                if lineup[b] < lineup[b - 1] {
                    return Err(LineupError::Inverted {
                        board: b + 1,
                        member: lineup[b] + 1,
                        above: lineup[b - 1] + 1,
                        above_board: b,
                    });
                }
            }
            Ok(())
        }
        LineupSystem::FixedBoards => {
            for (b, &m) in lineup.iter().enumerate() {
                let want = fixed.get(b).copied().unwrap_or(b);
                if m != want {
                    return Err(LineupError::NotFixed {
                        board: b + 1,
                        want: want + 1,
                        got: m + 1,
                    });
                }
            }
            Ok(())
        }
    }
}

/// Every legal line-up of 分台换人制: the increasing choices of `boards` of `roster` members.
pub fn legal_lineups(roster: usize, boards: usize) -> Vec<Vec<usize>> {
    fn rec(
        start: usize,
        roster: usize,
        left: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if left == 0 {
            out.push(cur.clone());
            return;
        }
        for m in start..roster {
            if roster - m < left {
                break;
            }
            cur.push(m);
            rec(m + 1, roster, left - 1, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(0, roster, boards, &mut Vec::new(), &mut out);
    out
}

/// `true` if the first-listed team's player is red on `board` (1-based): odd boards red, even
/// boards black (1987 第三章第三节三、四).
pub(crate) fn first_team_red(board: u32) -> bool {
    board % 2 == 1
}

/// One game of a team match: which line-up places meet, and the colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// The sub-round (1-based) of a 全队轮赛制 match; `None` for one game per board.
    pub sub_round: Option<u32>,
    /// The first-listed team's line-up place (0-based board).
    pub first: usize,
    /// The second-listed team's line-up place (0-based board).
    pub second: usize,
    /// Whether the first-listed team's player has red.
    pub first_red: bool,
}

/// The games of a team match in the order its result lists them: one per board (board `k`
/// against board `k`, the first-listed team red on odd boards), or under 全队轮赛制
/// (`every_member`) every place against every place in `boards` sub-rounds
/// ([`all_play_all`]), the first-listed team red on odd boards in odd sub-rounds and on even
/// boards in even sub-rounds, so that each member's colours alternate.
///
/// ```
/// use xiangqi_scheduling::team::match_games;
/// assert_eq!(match_games(4, false).len(), 4);
/// let all = match_games(3, true);
/// assert_eq!(all.len(), 9);
/// // every place of one team meets every place of the other once
/// for a in 0..3 {
///     for b in 0..3 {
///         assert_eq!(all.iter().filter(|g| (g.first, g.second) == (a, b)).count(), 1);
///     }
/// }
/// ```
pub fn match_games(boards: usize, every_member: bool) -> Vec<MatchGame> {
    if !every_member {
        return (0..boards)
            .map(|k| MatchGame {
                sub_round: None,
                first: k,
                second: k,
                first_red: first_team_red(k as u32 + 1),
            })
            .collect();
    }
    all_play_all(boards, boards)
        .into_iter()
        .enumerate()
        .flat_map(|(r, games)| {
            games.into_iter().map(move |(i, j)| MatchGame {
                sub_round: Some(r as u32 + 1),
                first: i,
                second: j,
                first_red: first_team_red(i as u32 + 1 + r as u32),
            })
        })
        .collect()
}

/// 全队轮赛制: every member of team A (`a` members) plays every member of team B, in `max(a, b)`
/// rounds of `(a member, b member)` pairs (0-based), rotating B against A.
pub fn all_play_all(a: usize, b: usize) -> Vec<Vec<(usize, usize)>> {
    let n = a.max(b);
    (0..n)
        .map(|r| {
            (0..a)
                .filter_map(|i| {
                    let j = (i + r) % n;
                    (j < b).then_some((i, j))
                })
                .collect()
        })
        .collect()
}

/// 队员总分制: each unit's total of its best `best` members' points (all when `None`), with the
/// members counted; sorted by total, then by the best member's points, then by unit name.
pub fn member_totals(members: &[(String, f64)], best: Option<usize>) -> Vec<(String, f64, usize)> {
    let mut by_unit: BTreeMap<&str, Vec<f64>> = BTreeMap::new();
    for (unit, pts) in members {
        if unit.trim().is_empty() {
            continue;
        }
        by_unit.entry(unit.as_str()).or_default().push(*pts);
    }
    let mut out: Vec<(String, f64, usize, f64)> = by_unit
        .into_iter()
        .map(|(u, mut v)| {
            v.sort_by(|x, y| y.total_cmp(x));
            let k = best.unwrap_or(v.len()).min(v.len());
            let top = v.first().copied().unwrap_or(0.0);
            (u.to_string(), v[..k].iter().sum(), k, top)
        })
        .collect();
    out.sort_by(|x, y| {
        y.1.total_cmp(&x.1)
            .then(y.3.total_cmp(&x.3))
            .then(x.0.cmp(&y.0))
    });
    out.into_iter().map(|(u, t, k, _)| (u, t, k)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_boards_two_reserves_have_15_legal_lineups() {
        let legal = legal_lineups(6, 4);
        assert_eq!(legal.len(), 15);
        // brute force over every ordered choice of 4 of 6: exactly the 15 pass the check
        let mut passed = 0;
        for a in 0..6 {
            for b in 0..6 {
                for c in 0..6 {
                    for d in 0..6 {
                        let l = [a, b, c, d];
                        let ok = check_lineup(LineupSystem::FixedOrder, 6, 4, &l, &[]).is_ok();
                        assert_eq!(ok, legal.contains(&l.to_vec()), "{l:?}");
                        passed += usize::from(ok);
                    }
                }
            }
        }
        assert_eq!(passed, 15);
        let e = check_lineup(LineupSystem::FixedOrder, 6, 4, &[0, 2, 1, 3], &[]).unwrap_err();
        assert!(e.to_string().contains("never inverted"), "{e}");
        assert!(check_lineup(LineupSystem::Free, 6, 4, &[5, 2, 1, 3], &[]).is_ok());
    }

    #[test]
    fn fixed_boards_by_rating_unrated_last() {
        let order = fixed_board_order(&[Some(2300), None, Some(2500), Some(2300)]);
        assert_eq!(order, [2, 0, 3, 1]);
        assert!(check_lineup(LineupSystem::FixedBoards, 4, 4, &order, &order).is_ok());
        assert!(check_lineup(LineupSystem::FixedBoards, 4, 4, &[0, 2, 3, 1], &order).is_err());
    }

    #[test]
    fn all_play_all_games_alternate_each_member_s_colours() {
        for k in 1..=8usize {
            let games = match_games(k, true);
            assert_eq!(games.len(), k * k);
            for place in 0..k {
                let colours: Vec<bool> = games
                    .iter()
                    .filter(|g| g.first == place)
                    .map(|g| g.first_red)
                    .collect();
                assert_eq!(colours.len(), k);
                assert!(
                    colours.windows(2).all(|w| w[0] != w[1]),
                    "k={k} place={place}"
                );
            }
            // one game per place of each team in every sub-round
            for r in 1..=k as u32 {
                let sub: Vec<&MatchGame> =
                    games.iter().filter(|g| g.sub_round == Some(r)).collect();
                assert_eq!(sub.len(), k);
            }
        }
        assert!(match_games(4, false).iter().all(|g| g.first == g.second));
    }

    #[test]
    fn all_play_all_meets_everyone_once() {
        for (a, b) in [(4, 4), (3, 5), (5, 2)] {
            let rounds = all_play_all(a, b);
            let mut met: Vec<(usize, usize)> = rounds.iter().flatten().copied().collect();
            met.sort();
            met.dedup();
            assert_eq!(met.len(), a * b, "{a}x{b}");
            for r in &rounds {
                let mut bs: Vec<usize> = r.iter().map(|p| p.1).collect();
                bs.sort();
                bs.dedup();
                assert_eq!(bs.len(), r.len(), "a B member plays once a round");
            }
        }
    }

    #[test]
    fn member_totals_count_the_best_n() {
        let m = [
            ("北京".to_string(), 5.0),
            ("北京".to_string(), 3.0),
            ("北京".to_string(), 1.0),
            ("上海".to_string(), 4.5),
            ("上海".to_string(), 4.0),
            ("".to_string(), 9.0),
        ];
        assert_eq!(
            member_totals(&m, Some(2)),
            [("上海".to_string(), 8.5, 2), ("北京".to_string(), 8.0, 2)]
        );
        assert_eq!(member_totals(&m, None)[0], ("北京".to_string(), 9.0, 3));
        assert!(first_team_red(1) && !first_team_red(2));
    }
}
