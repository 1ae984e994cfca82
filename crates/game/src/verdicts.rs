//! The words of a result and of a claim, below every entry: the outcome an arbiter's decision
//! imposes ([`Decision`]), what the rules propose ([`Ruled`]) and a claim's kind ([`ClaimKind`]).

use serde::{Deserialize, Serialize};
use xiangqi_board::Color;

/// A claim (提和 under ch.1 §4 二(三) or (四)): exempt from the offer protocol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// A draw by repetition (不变作和, (三)).
    Repetition,
    /// The 60-move rule (六十回合规则 / 自然限着, (四)).
    NaturalLimit,
}

impl ClaimKind {
    /// The command-line word.
    pub fn as_str(self) -> &'static str {
        match self {
            ClaimKind::Repetition => "repetition",
            ClaimKind::NaturalLimit => "natural-limit",
        }
    }

    /// From the command-line word.
    pub fn from_word(w: &str) -> Option<ClaimKind> {
        match w {
            "repetition" => Some(ClaimKind::Repetition),
            "natural-limit" => Some(ClaimKind::NaturalLimit),
            _ => None,
        }
    }
}

/// The outcome an arbiter's decision imposes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// Red wins.
    RedWins,
    /// Black wins.
    BlackWins,
    /// Drawn (e.g. a repetition ruled a draw without a claim, ch.1 §4 二(三)).
    Draw,
    /// No result: the decision is recorded, the game goes on.
    None,
}

impl Decision {
    /// The command-line word (`red-wins`, `black-wins`, `draw`, `none`).
    pub fn as_str(self) -> &'static str {
        match self {
            Decision::RedWins => "red-wins",
            Decision::BlackWins => "black-wins",
            Decision::Draw => "draw",
            Decision::None => "none",
        }
    }

    /// From the command-line word.
    pub fn from_word(w: &str) -> Option<Decision> {
        match w {
            "red-wins" => Some(Decision::RedWins),
            "black-wins" => Some(Decision::BlackWins),
            "draw" => Some(Decision::Draw),
            "none" => Some(Decision::None),
            _ => None,
        }
    }
}

/// What the rules propose ([`Entry::Propose`](crate::Entry::Propose)): a side must vary, a win, or a draw. The words
/// are the judge's (`red-must-vary` as `xq judge` writes a repetition's verdict).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Ruled {
    /// Red must vary (红方变着).
    RedMustVary,
    /// Black must vary (黑方变着).
    BlackMustVary,
    /// Red wins.
    RedWins,
    /// Black wins.
    BlackWins,
    /// Drawn.
    Draw,
}

impl Ruled {
    /// The word (`red-must-vary`, `black-must-vary`, `red-wins`, `black-wins`, `draw`).
    pub fn as_str(self) -> &'static str {
        match self {
            Ruled::RedMustVary => "red-must-vary",
            Ruled::BlackMustVary => "black-must-vary",
            Ruled::RedWins => "red-wins",
            Ruled::BlackWins => "black-wins",
            Ruled::Draw => "draw",
        }
    }

    /// From the word.
    pub fn from_word(w: &str) -> Option<Ruled> {
        [
            Ruled::RedMustVary,
            Ruled::BlackMustVary,
            Ruled::RedWins,
            Ruled::BlackWins,
            Ruled::Draw,
        ]
        .into_iter()
        .find(|r| r.as_str() == w)
    }

    /// The side that must vary, for a must-vary ruling.
    pub fn must_vary(self) -> Option<Color> {
        match self {
            Ruled::RedMustVary => Some(Color::Red),
            Ruled::BlackMustVary => Some(Color::Black),
            _ => None,
        }
    }

    /// The result a declaration of this ruling gives (`None` for a must-vary ruling).
    pub fn decision(self) -> Option<Decision> {
        match self {
            Ruled::RedWins => Some(Decision::RedWins),
            Ruled::BlackWins => Some(Decision::BlackWins),
            Ruled::Draw => Some(Decision::Draw),
            _ => None,
        }
    }
}
