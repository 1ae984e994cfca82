//! Errors: syntax (the text is not a move in any notation) apart from resolution (the text is a
//! move, but not one legal move of the position).

use xiangqi_movegen::Move;

use crate::Notation;

/// Why a syntactically valid move does not name exactly one legal move of the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// No piece of the side to move stands where the move says.
    #[error("no such piece: {reason}")]
    NoSuchPiece {
        /// What was looked for.
        reason: String,
    },
    /// The piece exists but cannot legally make that move.
    #[error("illegal move")]
    Illegal,
    /// Several legal moves match.
    #[error("ambiguous: could be {}", list_moves(.candidates))]
    Ambiguous {
        /// The legal moves that match (ICCS order of discovery).
        candidates: Vec<Move>,
    },
    /// Strict mode: the move is resolvable but not written in the canonical form.
    #[error("non-standard form: {reason} (standard: `{standard}`)")]
    NonStandard {
        /// What is non-standard.
        reason: String,
        /// The canonical text of the same move.
        standard: String,
    },
}

fn list_moves(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" or ")
}

/// Why one move token could not be turned into a legal move. Every variant names the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The token is not a move in the notation (or in any notation when auto-detecting).
    #[error("`{token}` is not a move{}: {reason}", notation_suffix(*.notation))]
    Syntax {
        /// The token as read.
        token: String,
        /// The notation it was read as, if one was decided.
        notation: Option<Notation>,
        /// What is wrong.
        reason: String,
    },
    /// No piece of the side to move stands where the move says.
    #[error("`{token}`: no such piece ({reason})")]
    NoSuchPiece {
        /// The token as read.
        token: String,
        /// What was looked for.
        reason: String,
    },
    /// The move is well-formed but illegal in the position.
    #[error("`{token}`: illegal move in this position")]
    Illegal {
        /// The token as read.
        token: String,
    },
    /// Several legal moves match.
    #[error("`{token}` is ambiguous: could be {}", list_moves(.candidates))]
    Ambiguous {
        /// The token as read.
        token: String,
        /// The matching legal moves.
        candidates: Vec<Move>,
    },
    /// Strict mode: the move is not written in the canonical form.
    #[error("`{token}`: non-standard form: {reason} (standard: `{standard}`)")]
    NonStandard {
        /// The token as read.
        token: String,
        /// What is non-standard.
        reason: String,
        /// The canonical text of the same move (when it could be resolved).
        standard: String,
    },
}

fn notation_suffix(n: Option<Notation>) -> String {
    match n {
        Some(n) => format!(" in {} notation", n.name()),
        None => String::new(),
    }
}

impl MoveTextError {
    /// The offending token.
    pub fn token(&self) -> &str {
        match self {
            MoveTextError::Syntax { token, .. }
            | MoveTextError::NoSuchPiece { token, .. }
            | MoveTextError::Illegal { token }
            | MoveTextError::Ambiguous { token, .. }
            | MoveTextError::NonStandard { token, .. } => token,
        }
    }

    /// Whether this is a syntax error (as opposed to a resolution error).
    pub fn is_syntax(&self) -> bool {
        matches!(self, MoveTextError::Syntax { .. })
    }

    /// Attaches the token to a resolution error.
    pub(crate) fn from_resolve(token: &str, e: ResolveError) -> MoveTextError {
        let token = token.to_string();
        match e {
            ResolveError::NoSuchPiece { reason } => MoveTextError::NoSuchPiece { token, reason },
            ResolveError::Illegal => MoveTextError::Illegal { token },
            ResolveError::Ambiguous { candidates } => {
                MoveTextError::Ambiguous { token, candidates }
            }
            ResolveError::NonStandard { reason, standard } => MoveTextError::NonStandard {
                token,
                reason,
                standard,
            },
        }
    }

    pub(crate) fn syntax(
        token: &str,
        notation: Option<Notation>,
        reason: impl Into<String>,
    ) -> Self {
        MoveTextError::Syntax {
            token: token.to_string(),
            notation,
            reason: reason.into(),
        }
    }
}

/// A move list that failed at one ply.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply} (move {move_number}{}): {error}", if *.ply % 2 == 0 { "…" } else { "" })]
pub struct MoveListError {
    /// The ply (1-based) in the list.
    pub ply: usize,
    /// The move number as written in a game score (`ply` 1 and 2 are move 1).
    pub move_number: usize,
    /// What went wrong with that token.
    pub error: MoveTextError,
}

/// A game file that could not be read: names the file, the game and, when a move is at fault,
/// the ply, the move number and the token.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{source_name}{}: {kind}", location(*.game, *.ply))]
pub struct GameFileError {
    /// The file name (or `-` / a label) given to the reader.
    pub source_name: String,
    /// The game (1-based) within the file, when known.
    pub game: Option<usize>,
    /// The ply (1-based) of the main line, when a move is at fault.
    pub ply: Option<usize>,
    /// What went wrong.
    pub kind: GameFileErrorKind,
}

fn location(game: Option<usize>, ply: Option<usize>) -> String {
    let mut s = String::new();
    if let Some(g) = game {
        s.push_str(&format!(", game {g}"));
    }
    if let Some(p) = ply {
        s.push_str(&format!(
            ", move {}{} (ply {p})",
            p.div_ceil(2),
            if p % 2 == 0 { "…" } else { "" }
        ));
    }
    s
}

/// What is wrong with a game file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameFileErrorKind {
    /// The bytes are not in any supported text encoding or format.
    #[error("unrecognised format: {0}")]
    UnknownFormat(String),
    /// The text could not be decoded.
    #[error("cannot decode text: {0}")]
    Encoding(String),
    /// The file could not be read (an I/O error).
    #[error("cannot read: {0}")]
    Io(String),
    /// The file structure is broken (truncated binary, unterminated tag, …).
    #[error("corrupt file: {0}")]
    Corrupt(String),
    /// The start position (FEN tag or binary board) is bad.
    #[error("bad start position: {0}")]
    StartPosition(String),
    /// A move token failed.
    #[error("{0}")]
    Move(Box<MoveTextError>),
    /// A binary move record is not a legal move.
    #[error("illegal move {mv} in the move record")]
    IllegalRecord {
        /// The recorded move.
        mv: Move,
    },
}

impl GameFileError {
    /// The offending token, if a move token is at fault.
    pub fn token(&self) -> Option<&str> {
        match &self.kind {
            GameFileErrorKind::Move(e) => Some(e.token()),
            _ => None,
        }
    }
}
