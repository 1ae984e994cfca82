//! Points, point systems and the results of games and matches (局分 and 场分).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A number of points, stored exactly in half-points (`Points(3)` = 1.5 points).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(pub i64);

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);

    /// From whole points.
    pub fn whole(p: i64) -> Points {
        Points(2 * p)
    }

    /// The value as a float (exact: halves are representable).
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}

impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 % 2 == 0 {
            write!(f, "{}", self.0 / 2)
        } else {
            write!(f, "{}.5", self.0.div_euclid(2))
        }
    }
}

/// How a win, a draw and a loss are scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PointSystem {
    /// Win 1, draw ½, loss 0 (1987 rules 第三章第四节一(一)).
    #[default]
    OneHalfZero,
    /// Win 2, draw 1, loss 0 (WXF individual events; team 场分 in seed 003).
    TwoOneZero,
}

impl PointSystem {
    /// Points for a win.
    pub fn win(self) -> Points {
        match self {
            PointSystem::OneHalfZero => Points(2),
            PointSystem::TwoOneZero => Points(4),
        }
    }
    /// Points for a draw.
    pub fn draw(self) -> Points {
        match self {
            PointSystem::OneHalfZero => Points(1),
            PointSystem::TwoOneZero => Points(2),
        }
    }
    /// Points for a loss.
    pub fn loss(self) -> Points {
        Points::ZERO
    }
}

/// The outcome of one game, seen from the first-listed player (the one listed first on the
/// board; red in a single game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `1-0`: the first-listed player won.
    FirstWins,
    /// `=` (also `1/2-1/2`, `½-½`): a draw.
    Draw,
    /// `0-1`: the second-listed player won.
    SecondWins,
    /// `+-`: the first-listed player won by forfeit (the game was not played).
    FirstWinsByForfeit,
    /// `-+`: the second-listed player won by forfeit.
    SecondWinsByForfeit,
    /// `--`: both forfeited.
    DoubleForfeit,
}

/// A result string that is not one of `1-0`, `0-1`, `=`, `1/2-1/2`, `½-½`, `+-`, `-+`, `--`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown result {0:?} (expected 1-0, 0-1, =, +-, -+ or --)")]
pub struct ParseGameResultError(pub String);

impl FromStr for GameResult {
    type Err = ParseGameResultError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s.trim() {
            "1-0" | "1:0" => GameResult::FirstWins,
            "0-1" | "0:1" => GameResult::SecondWins,
            "=" | "1/2-1/2" | "½-½" | "0.5-0.5" | "½:½" => GameResult::Draw,
            "+-" | "+:-" => GameResult::FirstWinsByForfeit,
            "-+" | "-:+" => GameResult::SecondWinsByForfeit,
            "--" | "-:-" => GameResult::DoubleForfeit,
            other => return Err(ParseGameResultError(other.to_string())),
        })
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameResult::FirstWins => "1-0",
            GameResult::Draw => "=",
            GameResult::SecondWins => "0-1",
            GameResult::FirstWinsByForfeit => "+-",
            GameResult::SecondWinsByForfeit => "-+",
            GameResult::DoubleForfeit => "--",
        })
    }
}

impl GameResult {
    /// The first-listed player's share on a 1/½/0 scale, in half-points (2, 1 or 0).
    pub fn first_half_points(self) -> i64 {
        match self {
            GameResult::FirstWins | GameResult::FirstWinsByForfeit => 2,
            GameResult::Draw => 1,
            _ => 0,
        }
    }
    /// The second-listed player's share on a 1/½/0 scale, in half-points.
    pub fn second_half_points(self) -> i64 {
        match self {
            GameResult::SecondWins | GameResult::SecondWinsByForfeit => 2,
            GameResult::Draw => 1,
            _ => 0,
        }
    }
    /// `true` if the game was actually played (not a forfeit).
    pub fn played(self) -> bool {
        matches!(
            self,
            GameResult::FirstWins | GameResult::Draw | GameResult::SecondWins
        )
    }
    /// The same result seen from the other player.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::FirstWins => GameResult::SecondWins,
            GameResult::SecondWins => GameResult::FirstWins,
            GameResult::FirstWinsByForfeit => GameResult::SecondWinsByForfeit,
            GameResult::SecondWinsByForfeit => GameResult::FirstWinsByForfeit,
            o => o,
        }
    }
}

/// The result of one pairing: one game (一局制), two games with colours exchanged (两局制,
/// 分先), or one game per board of a team match (odd boards: first-listed team red).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// Every game's outcome from the first-listed side; game `g` (0-based) is played with the
    /// first-listed side red when `g` is even.
    pub games: Vec<GameResult>,
}

/// The colour a player had in a game: Red moves first (先手), Black second (后手). Pairing needs
/// only these two names, so this crate keeps its own rather than depend on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// Red (红方, 先手).
    Red,
    /// Black (黑方, 后手).
    Black,
}

/// Which side of a pairing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// The first-listed player or team (red in game 1 / on board 1).
    First,
    /// The second-listed one.
    Second,
}

impl MatchResult {
    /// Parses whitespace- or comma-separated game results (`"1-0"`, `"1-0 0-1"`).
    pub fn parse(s: &str) -> Result<MatchResult, ParseGameResultError> {
        let games = s
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|t| !t.is_empty())
            .map(str::parse)
            .collect::<Result<Vec<GameResult>, _>>()?;
        if games.is_empty() {
            return Err(ParseGameResultError(s.to_string()));
        }
        Ok(MatchResult { games })
    }

    /// The game points of `side` and of its opponent, in that order.
    fn points_of(&self, side: Side) -> (Points, Points) {
        let (a, b) = (
            self.game_points(Side::First),
            self.game_points(Side::Second),
        );
        match side {
            Side::First => (a, b),
            Side::Second => (b, a),
        }
    }

    /// 局分 (game points, 1/½/0 per game) of one side, in half-points.
    pub fn game_points(&self, side: Side) -> Points {
        Points(
            self.games
                .iter()
                .map(|g| match side {
                    Side::First => g.first_half_points(),
                    Side::Second => g.second_half_points(),
                })
                .sum(),
        )
    }

    /// 场分 (match points) of one side. A single game is scored directly with `games_system`;
    /// several games decide the match by 局分 (more 局分 wins) scored with `match_system`.
    pub fn match_points(
        &self,
        side: Side,
        games_system: PointSystem,
        match_system: PointSystem,
    ) -> Points {
        if self.games.len() == 1 {
            let g = self.games[0];
            let mine = match side {
                Side::First => g.first_half_points(),
                Side::Second => g.second_half_points(),
            };
            return match mine {
                2 => games_system.win(),
                1 => games_system.draw(),
                _ => games_system.loss(),
            };
        }
        let (mine, theirs) = self.points_of(side);
        if mine.0 == 0 && theirs.0 == 0 {
            return match_system.loss();
        }
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => match_system.win(),
            std::cmp::Ordering::Equal => match_system.draw(),
            std::cmp::Ordering::Less => match_system.loss(),
        }
    }

    /// +1 if the side won the match, 0 for a drawn match, −1 for a lost one.
    pub fn verdict(&self, side: Side) -> i8 {
        let (mine, theirs) = self.points_of(side);
        if mine.0 == 0 && theirs.0 == 0 && !self.games.iter().any(|g| g.played()) {
            return -1;
        }
        match mine.cmp(&theirs) {
            std::cmp::Ordering::Greater => 1,
            std::cmp::Ordering::Equal => 0,
            std::cmp::Ordering::Less => -1,
        }
    }
}

impl fmt::Display for MatchResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.games.iter().map(|g| g.to_string()).collect();
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_display_halves() {
        assert_eq!(Points(5).to_string(), "2.5");
        assert_eq!(Points(4).to_string(), "2");
        assert_eq!(Points(1).to_string(), "0.5");
    }

    #[test]
    fn two_game_match_is_decided_by_game_points() {
        // 两局制: 1-0 then a draw → 局分 1.5 : 0.5 → 场分 1 : 0
        let m = MatchResult::parse("1-0 =").unwrap();
        assert_eq!(m.game_points(Side::First), Points(3));
        let s = PointSystem::OneHalfZero;
        assert_eq!(m.match_points(Side::First, s, s), Points(2));
        assert_eq!(m.match_points(Side::Second, s, s), Points(0));
        let even = MatchResult::parse("1-0 0-1").unwrap();
        assert_eq!(even.match_points(Side::First, s, s), Points(1));
    }

    #[test]
    fn team_match_scores_two_one_zero() {
        // four boards 2.5 : 1.5 → 场分 2 : 0 on the 2/1/0 scale
        let m = MatchResult::parse("1-0 = 0-1 1-0").unwrap();
        let t = PointSystem::TwoOneZero;
        assert_eq!(
            m.match_points(Side::First, PointSystem::OneHalfZero, t),
            Points::whole(2)
        );
        assert_eq!(
            m.match_points(Side::Second, PointSystem::OneHalfZero, t),
            Points::ZERO
        );
        let drawn = MatchResult::parse("1-0 0-1 = =").unwrap();
        assert_eq!(
            drawn.match_points(Side::Second, PointSystem::OneHalfZero, t),
            Points::whole(1)
        );
    }

    #[test]
    fn bad_result_is_refused() {
        assert!(MatchResult::parse("2-0").is_err());
        assert!(MatchResult::parse("").is_err());
    }
}
