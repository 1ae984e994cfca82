//! Standings and tie-break criteria (小分, 对手分, 胜局, 犯规, 后走胜局, 后走局数, 倒数轮积分, 局分).
//!
//! A criterion is a named component registered with `inventory` ([`TieBreakCriterion`]); a
//! ruleset lists the ids of its chain in order. The primary key (积分, or 场分 in match events)
//! always comes first; players equal on every criterion share their place (并列).

use serde::Serialize;

use crate::score::Points;

/// What one player did in one round.
#[derive(Clone, Debug, PartialEq)]
pub enum CrosstableEntry {
    /// A pairing (one game, a two-game match or a team match).
    Game(GameEntry),
    /// A bye (轮空) worth these points.
    Bye(Points),
    /// Not paired, or the result is not in yet.
    None,
}

/// One pairing from one player's side.
#[derive(Clone, Debug, PartialEq)]
pub struct GameEntry {
    /// Index of the opponent in the crosstable.
    pub opponent: usize,
    /// `true` if this player was listed first (red in a single game).
    pub first: bool,
    /// 积分 / 场分 earned in this pairing.
    pub points: Points,
    /// 局分 (game points, 1/½/0 per game) earned in this pairing.
    pub game_points: Points,
    /// +1 won the pairing, 0 drawn, −1 lost.
    pub verdict: i8,
    /// Games won over the board (forfeits excluded) — 胜局.
    pub wins: u32,
    /// Games won with black — 后走胜局.
    pub black_wins: u32,
    /// Games played with black — 后走局数.
    pub black_games: u32,
    /// Fouls recorded against the player (犯规/违例).
    pub fouls: u32,
}

/// Everything the tie-breaks need: one row per player, one entry per round.
#[derive(Clone, Debug, PartialEq)]
pub struct Crosstable {
    /// Pairing numbers, in row order.
    pub players: Vec<u32>,
    /// `entries[p][r]` = player `p` in round `r + 1`.
    pub entries: Vec<Vec<CrosstableEntry>>,
}

impl Crosstable {
    /// Number of rounds covered.
    pub fn rounds(&self) -> usize {
        self.entries.first().map_or(0, Vec::len)
    }

    /// Total score (积分/场分) of a player.
    pub fn score(&self, p: usize) -> Points {
        self.score_after(p, self.rounds())
    }

    /// Cumulative score after the first `rounds` rounds.
    pub fn score_after(&self, p: usize, rounds: usize) -> Points {
        self.entries[p]
            .iter()
            .take(rounds)
            .map(|e| match e {
                CrosstableEntry::Game(g) => g.points,
                CrosstableEntry::Bye(pts) => *pts,
                CrosstableEntry::None => Points::ZERO,
            })
            .sum()
    }

    fn games(&self, p: usize) -> impl Iterator<Item = &GameEntry> {
        self.entries[p].iter().filter_map(|e| match e {
            CrosstableEntry::Game(g) => Some(g),
            _ => None,
        })
    }
}

/// How a bye enters 对手分 (decision D7).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByeOpponentScore {
    /// The bye contributes nothing (default).
    #[default]
    Zero,
    /// The bye counts as an opponent with the lowest final score in the event.
    LowestScore,
}

/// Context shared by the criteria.
#[derive(Clone, Copy, Debug, Default)]
pub struct TieBreakContext {
    /// How a bye counts for 对手分.
    pub bye_opponent: ByeOpponentScore,
}

/// A registered tie-break criterion.
pub struct TieBreakCriterion {
    /// Stable id used in ruleset files (`sonneborn-berger`, …).
    pub id: &'static str,
    /// The rulebook's name (小分, 对手分, …).
    pub chinese: &'static str,
    /// An English title.
    pub title: &'static str,
    /// `true` for criteria where less is better (犯规).
    pub lower_is_better: bool,
    /// The value of a player (compared lexicographically when it has several components).
    pub compute: fn(&Crosstable, usize, &TieBreakContext) -> Vec<f64>,
}

inventory::collect!(TieBreakCriterion);

/// Looks a criterion up by id.
pub fn criterion(id: &str) -> Option<&'static TieBreakCriterion> {
    inventory::iter::<TieBreakCriterion>().find(|c| c.id == id)
}

/// All registered criteria, sorted by id.
pub(crate) fn criteria() -> Vec<&'static TieBreakCriterion> {
    let mut v: Vec<_> = inventory::iter::<TieBreakCriterion>().collect();
    v.sort_by_key(|c| c.id);
    v
}

/// 小分 (Sonneborn-Berger): Σ final scores of beaten opponents + ½ Σ of drawn opponents (in
/// match events by the match verdict, on 场分). 1987 rules 第三章第四节一(二)1(1).
fn sonneborn_berger(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    let v: f64 = ct
        .games(p)
        .map(|g| {
            let s = ct.score(g.opponent).as_f64();
            match g.verdict {
                1 => s,
                0 => s / 2.0,
                _ => 0.0,
            }
        })
        .sum();
    vec![v]
}

/// 对手分 (Buchholz): Σ final scores of every opponent met (seed 002 (四)2); a bye per D7.
fn buchholz(ct: &Crosstable, p: usize, ctx: &TieBreakContext) -> Vec<f64> {
    let mut v: f64 = ct.games(p).map(|g| ct.score(g.opponent).as_f64()).sum();
    if ctx.bye_opponent == ByeOpponentScore::LowestScore {
        let byes = ct.entries[p]
            .iter()
            .filter(|e| matches!(e, CrosstableEntry::Bye(_)))
            .count();
        if byes > 0 {
            let lowest = (0..ct.players.len())
                .map(|q| ct.score(q))
                .min()
                .unwrap_or_default();
            v += byes as f64 * lowest.as_f64();
        }
    }
    vec![v]
}

fn wins(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    vec![ct.games(p).map(|g| g.wins as f64).sum()]
}

fn fouls(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    vec![ct.games(p).map(|g| g.fouls as f64).sum()]
}

fn black_wins(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    vec![ct.games(p).map(|g| g.black_wins as f64).sum()]
}

fn black_games(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    vec![ct.games(p).map(|g| g.black_games as f64).sum()]
}

fn game_points(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    vec![ct.games(p).map(|g| g.game_points.as_f64()).sum()]
}

/// 倒数第二轮积分，依此类推: the cumulative scores after rounds R−1, R−2, …, 1.
fn previous_rounds(ct: &Crosstable, p: usize, _: &TieBreakContext) -> Vec<f64> {
    let r = ct.rounds();
    (1..r)
        .rev()
        .map(|k| ct.score_after(p, k).as_f64())
        .collect()
}

inventory::submit! { TieBreakCriterion { id: "sonneborn-berger", chinese: "小分", title: "Sonneborn-Berger: beaten opponents' scores + half the drawn opponents'", lower_is_better: false, compute: sonneborn_berger } }
inventory::submit! { TieBreakCriterion { id: "buchholz", chinese: "对手分", title: "Buchholz: sum of all opponents' scores", lower_is_better: false, compute: buchholz } }
inventory::submit! { TieBreakCriterion { id: "wins", chinese: "胜局", title: "games won", lower_is_better: false, compute: wins } }
inventory::submit! { TieBreakCriterion { id: "fouls", chinese: "犯规", title: "fouls / violations (fewer first)", lower_is_better: true, compute: fouls } }
inventory::submit! { TieBreakCriterion { id: "black-wins", chinese: "后走胜局", title: "games won with black", lower_is_better: false, compute: black_wins } }
inventory::submit! { TieBreakCriterion { id: "black-games", chinese: "后走局数", title: "games played with black", lower_is_better: false, compute: black_games } }
inventory::submit! { TieBreakCriterion { id: "previous-rounds", chinese: "倒数轮积分", title: "scores after the previous rounds, backwards", lower_is_better: false, compute: previous_rounds } }
inventory::submit! { TieBreakCriterion { id: "game-points", chinese: "局分", title: "game points in match events", lower_is_better: false, compute: game_points } }

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Place (名次); shared places repeat the number.
    pub rank: u32,
    /// `true` if the place is shared (并列).
    pub shared: bool,
    /// Pairing number.
    pub no: u32,
    /// 积分 / 场分.
    pub points: f64,
    /// The chain's values, in chain order.
    pub tie_breaks: Vec<Vec<f64>>,
}

/// Ranks the players by score, then by each criterion of `chain`.
pub fn standings(
    ct: &Crosstable,
    chain: &[String],
    ctx: &TieBreakContext,
) -> Result<Vec<Standing>, crate::error::ConfigError> {
    let crits = chain
        .iter()
        .map(|id| {
            criterion(id).ok_or_else(|| crate::error::ConfigError::Invalid {
                key: "tie_breaks",
                message: format!("unknown tie-break criterion {id:?}"),
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut rows: Vec<(usize, Points, Vec<Vec<f64>>)> = (0..ct.players.len())
        .map(|p| {
            (
                p,
                ct.score(p),
                crits.iter().map(|c| (c.compute)(ct, p, ctx)).collect(),
            )
        })
        .collect();
    let cmp_rows = |a: &(usize, Points, Vec<Vec<f64>>), b: &(usize, Points, Vec<Vec<f64>>)| {
        let mut o = b.1.cmp(&a.1);
        for (k, c) in crits.iter().enumerate() {
            if o != std::cmp::Ordering::Equal {
                break;
            }
            let (x, y) = (&a.2[k], &b.2[k]);
            o = if c.lower_is_better {
                x.partial_cmp(y).unwrap_or(std::cmp::Ordering::Equal)
            } else {
                y.partial_cmp(x).unwrap_or(std::cmp::Ordering::Equal)
            };
        }
        o
    };
    rows.sort_by(|a, b| cmp_rows(a, b).then(ct.players[a.0].cmp(&ct.players[b.0])));
    let mut out: Vec<Standing> = Vec::with_capacity(rows.len());
    for (i, row) in rows.iter().enumerate() {
        let tied_prev = i > 0 && cmp_rows(&rows[i - 1], row) == std::cmp::Ordering::Equal;
        let rank = if tied_prev {
            out[i - 1].rank
        } else {
            i as u32 + 1
        };
        if tied_prev {
            out[i - 1].shared = true;
        }
        out.push(Standing {
            rank,
            shared: tied_prev,
            no: ct.players[row.0],
            points: row.1.as_f64(),
            tie_breaks: row.2.clone(),
        });
    }
    Ok(out)
}
