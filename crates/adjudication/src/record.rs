//! The game record and repetition detection.

use xiangqi_board::{Color, Piece};
use xiangqi_movegen::{Move, Position};

/// A move in a game record that is not legal where it is played.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: illegal move {mv} in position {fen}")]
pub struct IllegalPly {
    /// The ply number (1 = the first move of the record).
    pub ply: usize,
    /// The move.
    pub mv: Move,
    /// The position it was played in, as FEN.
    pub fen: String,
}

/// A game: a start position and the plies played from it, replayed once with every move checked.
///
/// Ply numbers count from 1 (`ply n` is `moves()[n - 1]`); *position index* `n` is the position
/// after `n` plies (index 0 is the start).
#[derive(Debug, Clone)]
pub struct GameRecord {
    start: Position,
    moves: Vec<Move>,
    /// `hashes[n]`: hash of the position at index `n`.
    hashes: Vec<u64>,
    /// `captured[n - 1]`: the piece taken by ply `n`.
    captured: Vec<Option<Piece>>,
    /// `checks[n - 1]`: ply `n` gives check.
    checks: Vec<bool>,
    last: Position,
}

impl GameRecord {
    /// Replays `moves` from `start`, refusing the first illegal one.
    pub fn new(start: Position, moves: Vec<Move>) -> Result<GameRecord, IllegalPly> {
        let n = moves.len();
        let mut hashes = Vec::with_capacity(n + 1);
        let mut captured = Vec::with_capacity(n);
        let mut checks = Vec::with_capacity(n);
        let mut pos = start.clone();
        hashes.push(pos.hash());
        for (i, &mv) in moves.iter().enumerate() {
            match pos.play(mv) {
                Ok(undo) => captured.push(undo.captured),
                Err(_) => {
                    return Err(IllegalPly {
                        ply: i + 1,
                        mv,
                        fen: pos.fen(),
                    });
                }
            }
            hashes.push(pos.hash());
            checks.push(pos.is_check());
        }
        Ok(GameRecord {
            start,
            moves,
            hashes,
            captured,
            checks,
            last: pos,
        })
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The position after the last ply.
    pub fn final_position(&self) -> &Position {
        &self.last
    }

    /// All moves, in order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number of plies.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether the record has no ply.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The move of ply `ply` (1-based).
    pub fn mv(&self, ply: usize) -> Move {
        self.moves[ply - 1]
    }

    /// The side that plays ply `ply` (1-based).
    pub fn mover(&self, ply: usize) -> Color {
        if ply % 2 == 1 {
            self.start.turn()
        } else {
            !self.start.turn()
        }
    }

    /// The hash of the position at index `index` (after `index` plies).
    pub fn hash_at(&self, index: usize) -> u64 {
        self.hashes[index]
    }

    /// The piece captured by ply `ply`, if any.
    pub fn captured(&self, ply: usize) -> Option<Piece> {
        self.captured[ply - 1]
    }

    /// Whether ply `ply` gives check (将).
    pub fn gives_check(&self, ply: usize) -> bool {
        self.checks[ply - 1]
    }

    /// The position at index `index` (after `index` plies), replayed from the start.
    pub fn position_at(&self, index: usize) -> Position {
        let mut pos = self.start.clone();
        for &mv in &self.moves[..index] {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// Every moment a ruling on repetition is due: each ply after which the position has occurred
    /// `threshold` times or more (counting occurrences since the last capture; a capture makes
    /// every earlier position unreachable). The cycle of each spans the last `threshold`
    /// occurrences. A threshold below 2 is treated as 2.
    pub fn repetitions(&self, threshold: u32) -> Vec<Cycle> {
        let threshold = threshold.max(2) as usize;
        let mut out = Vec::new();
        let mut irreversible = 0usize; // earliest position index still reachable
        for i in 1..self.hashes.len() {
            if self.captured[i - 1].is_some() {
                irreversible = i;
                continue;
            }
            let h = self.hashes[i];
            let mut count = 1usize;
            let mut j = i;
            let mut first = i;
            while j >= irreversible + 2 {
                j -= 2;
                if self.hashes[j] == h {
                    count += 1;
                    first = j;
                    if count == threshold {
                        break;
                    }
                }
            }
            if count >= threshold {
                out.push(Cycle {
                    start: first,
                    end: i,
                });
            }
        }
        out
    }
}

/// A repetition cycle: the plies from just after the first of the counted occurrences of a
/// position to the ply that completes the last occurrence (the moment of ruling).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cycle {
    /// Position index of the first counted occurrence.
    pub start: usize,
    /// Position index of the occurrence that triggers the ruling (= the ply of the ruling).
    pub end: usize,
}

impl Cycle {
    /// The first ply of the cycle (1-based).
    pub fn first_ply(&self) -> usize {
        self.start + 1
    }

    /// The last ply of the cycle: the ply of the ruling.
    pub fn last_ply(&self) -> usize {
        self.end
    }

    /// The plies of the cycle, in order.
    pub fn plies(&self) -> std::ops::RangeInclusive<usize> {
        self.first_ply()..=self.last_ply()
    }
}
