//! [`State`]: where a game stands — every count the rules need — with its result
//! ([`GameResult`]) and the rules' pending proposal ([`Proposal`]).

use serde::Serialize;
use xiangqi_board::{ByColor, Color};
use xiangqi_rules::Outcome;

use crate::verdicts::Ruled;

/// Seconds a false natural-limit claim adds to the claimant's clock (ch.1 §4 二(四): "在该方棋钟上
/// 增加五分").
pub const FALSE_CLAIM_PENALTY_SECONDS: u32 = 300;

/// The 违例 count that loses the game (ch.1 §4 一(八): the third in one game).
pub const VIOLATIONS_TO_LOSE: u32 = 3;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct GameResult {
    /// `red-wins`, `black-wins` or `draw`.
    pub outcome: Outcome,
    /// The machine word: `checkmate`, `stalemate`, `must-vary` (the edition's reason, e.g.
    /// `perpetual-check`), `flag`, `late`, `sealed-move`, `third-violation`, `resignation`,
    /// `disciplinary`, `agreed`, `repetition`, `natural-limit`, `arbiter`.
    pub reason: String,
    /// The ruling in words, with the clause of the rules.
    pub detail: String,
}

impl GameResult {
    /// The PGN result: `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(&self) -> &'static str {
        match self.outcome {
            Outcome::Win(Color::Red) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            _ => "1/2-1/2",
        }
    }

    /// The result as an event file records it: `1-0`, `0-1`, `=`; a forfeit for lateness is
    /// `+-` / `-+` (the game was not played).
    pub fn event_result(&self) -> &'static str {
        let forfeit = self.reason == "late";
        match self.outcome {
            Outcome::Win(Color::Red) if forfeit => "+-",
            Outcome::Win(Color::Black) if forfeit => "-+",
            Outcome::Win(Color::Red) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            _ => "=",
        }
    }
}

/// What the rules propose and the arbiter has not yet answered (version 3 logs; the log's
/// [`Entry::Propose`](crate::Entry::Propose)): the edition judging the game found a side must vary, or a loss or a
/// draw. The software proposes, the arbiter decides: [`Entry::Told`](crate::Entry::Told) confirms a must-vary
/// proposal, [`Entry::Declare`](crate::Entry::Declare) a result (or declares another); the next move lets it lapse.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Proposal {
    /// What is proposed.
    pub ruling: Ruled,
    /// The rule, as a machine word (`perpetual-chase`, `checkmate`, `third-violation` …).
    pub rule: String,
    /// The edition that rules (`cn-1987` …).
    pub edition: String,
    /// The first ply of the repetition cycle (the line), for a repetition's ruling.
    pub first_ply: Option<usize>,
    /// The last ply of the cycle.
    pub last_ply: Option<usize>,
    /// The ply after which it was proposed.
    pub ply: usize,
    /// The ruling in words, with the clause of the rules.
    pub detail: String,
}

/// The claims that would be upheld now.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Default)]
pub struct ClaimsNow {
    /// The last move completed a repetition (a claim is ruled by the edition).
    pub repetition: bool,
    /// Each side's 60-move claim would be upheld now.
    pub natural_limit: ByColor<bool>,
}

/// Where a game stands: every count the rules need. `--json` prints it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct State {
    /// The side to move.
    pub side_to_move: Color,
    /// Plies played.
    pub ply: usize,
    /// The position (FEN).
    pub fen: String,
    /// Seconds left on each clock (never below 0).
    pub clocks: ByColor<i64>,
    /// Moves each side has made.
    pub moves_made: ByColor<u32>,
    /// The control period each side is in (1: the first 40 moves of the classical control).
    pub period: ByColor<u32>,
    /// 违例 per side (every 犯规 is also a 违例).
    pub violations: ByColor<u32>,
    /// 犯规 (seed 002 四 1–8) per side.
    pub fouls: ByColor<u32>,
    /// The side whose draw offer awaits an answer.
    pub offer: Option<Color>,
    /// Draw offers made per side (the protocol compares them).
    pub offers_made: ByColor<u32>,
    /// The side that sealed its move (封棋) while the game is adjourned.
    pub sealed_by: Option<Color>,
    /// The side the edition's repetition ruling has told to vary (ch.1 §4 一(七)): repeating
    /// the forbidden cycle again loses.
    pub must_vary: Option<Color>,
    /// The claims that would be upheld now.
    pub claims: ClaimsNow,
    /// The result, once the game is over: in a version 3 log only a result the arbiter
    /// typed or declared ([`Entry::Declare`](crate::Entry::Declare)); the rules' findings are [`State::proposal`]s.
    pub result: Option<GameResult>,
    /// What the rules propose, awaiting the arbiter (version 3 logs).
    pub proposal: Option<Proposal>,
    #[serde(skip)]
    pub(crate) proposals: usize,
    #[serde(skip)]
    pub(crate) sealed: Option<(Unopened, Option<u32>)>,
    #[serde(skip)]
    pub(crate) must_play: Option<(String, Option<u32>)>,
    #[serde(skip)]
    pub(crate) told: Option<(Color, usize)>,
}

/// The sealed move while the game is adjourned: its `Debug` does not show it (the envelope,
/// [`crate::envelope`]).
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) struct Unopened(pub(crate) String);

impl std::fmt::Debug for Unopened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Unopened(..)")
    }
}
