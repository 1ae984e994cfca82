//! The edition's memos: answers already computed, owned by the edition that computed them.
//!
//! Judging a repetition asks the same questions of the same positions many times (a cycle repeats
//! its positions; one game may hold several overlapping cycles; the position after one ply, with
//! its turn passed, is the one the opponent's next ply is asked about). A [`Memo`] keeps those
//! answers:
//!
//! - **owned by the edition**: each [`Cn1987`](crate::Cn1987) (each [`Params`](crate::Params)
//!   made by [`Params::default`](crate::Params::default)) has its own memos, dropped with it;
//!   clones share them, and their keys hold every parameter the answer depends on, so a clone
//!   with other parameters never reads an answer computed under the first;
//! - **keyed on the whole position** ([`PositionKey`]: every piece on its point and the side to
//!   move), never on a 64-bit hash alone — a hash collision cannot give a wrong ruling;
//! - **per thread** inside (no lock is contended: `judge --batch --jobs N` threads each fill
//!   their own), bounded (emptied when full), and never holding an answer computed by a search
//!   that the ply's budget ([`xiangqi_adjudication::budget`]) cut short.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::FxHasher;
use thread_local::ThreadLocal;
use xiangqi_board::{Color, PieceKind};
use xiangqi_movegen::Position;

/// A position as a memo key: the placement (each side's points and each kind's points) and the
/// side to move. Two positions have equal keys exactly when their placement and turn are equal
/// (the counters are not part of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PositionKey {
    red: u128,
    black: u128,
    kinds: [u128; 6],
    red_to_move: bool,
}

impl PositionKey {
    /// The key of `pos`.
    pub fn of(pos: &Position) -> PositionKey {
        let board = pos.board();
        let kind = |k: PieceKind| board.by_kind(k).0;
        PositionKey {
            red: board.by_color(Color::Red).0,
            black: board.by_color(Color::Black).0,
            // The kings are the points left over.
            kinds: [
                kind(PieceKind::Advisor),
                kind(PieceKind::Elephant),
                kind(PieceKind::Horse),
                kind(PieceKind::Rook),
                kind(PieceKind::Cannon),
                kind(PieceKind::Pawn),
            ],
            red_to_move: pos.turn() == Color::Red,
        }
    }
}

/// The memo's map: keys hashed by FxHash (fast on the long position keys). The map is bounded, so
/// even keys made to collide could only slow a lookup, never change an answer.
type Map<K, V> = HashMap<K, V, BuildHasherDefault<FxHasher>>;

/// A bounded, per-thread memo of answers `V` by key `K`, shared by the clones of its owner.
///
/// It takes no part in its owner's equality or hash: two parameter sets that differ only in
/// their memos are equal.
pub struct Memo<K: Send, V: Send> {
    cells: Arc<ThreadLocal<Mutex<Map<K, V>>>>,
    capacity: usize,
}

impl<K: Eq + Hash + Send, V: Clone + Send> Memo<K, V> {
    /// An empty memo that keeps at most `capacity` answers per thread (then starts over).
    pub fn new(capacity: usize) -> Memo<K, V> {
        Memo {
            cells: Arc::new(ThreadLocal::new()),
            capacity,
        }
    }

    /// The answer remembered under `key`, or `compute()`, remembered unless a search of the
    /// ply's budget scope was cut short (such an answer is not the position's).
    pub fn get_or_compute(&self, key: K, compute: impl FnOnce() -> V) -> V {
        let cell = self.cells.get_or_default();
        if let Some(v) = cell
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(&key)
        {
            return v.clone();
        }
        // Not locked while computing: the computation may ask this memo again.
        let value = compute();
        if xiangqi_adjudication::budget::exhausted() {
            return value;
        }
        let mut map = cell.lock().unwrap_or_else(PoisonError::into_inner);
        if map.len() >= self.capacity {
            map.clear();
        }
        map.insert(key, value.clone());
        value
    }

    /// Forgets every answer, on every thread (benchmarks that must not reuse earlier answers;
    /// the answers themselves never change).
    pub fn clear(&self) {
        for cell in self.cells.iter() {
            cell.lock().unwrap_or_else(PoisonError::into_inner).clear();
        }
    }
}

impl<K: Send, V: Send> Clone for Memo<K, V> {
    fn clone(&self) -> Self {
        Memo {
            cells: Arc::clone(&self.cells),
            capacity: self.capacity,
        }
    }
}

impl<K: Send, V: Send> fmt::Debug for Memo<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Memo")
            .field("capacity", &self.capacity)
            .finish_non_exhaustive()
    }
}

impl<K: Send, V: Send> PartialEq for Memo<K, V> {
    /// Always equal: a memo is not part of its owner's value.
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<K: Send, V: Send> Eq for Memo<K, V> {}

impl<K: Send, V: Send> Hash for Memo<K, V> {
    /// Nothing: a memo is not part of its owner's value.
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tell_positions_apart_exactly() {
        let a = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
        let b = Position::from_fen("3k5/9/9/9/9/9/9/9/9/C3K4 w - - 0 1").unwrap();
        let c = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1").unwrap();
        let a2 = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 7 30").unwrap();
        assert_ne!(PositionKey::of(&a), PositionKey::of(&b));
        assert_ne!(PositionKey::of(&a), PositionKey::of(&c));
        assert_eq!(PositionKey::of(&a), PositionKey::of(&a2));
    }

    #[test]
    fn clones_share_answers_and_clear_forgets_them() {
        let memo: Memo<u32, u32> = Memo::new(4);
        let other = memo.clone();
        assert_eq!(memo.get_or_compute(1, || 10), 10);
        assert_eq!(other.get_or_compute(1, || 99), 10);
        other.clear();
        assert_eq!(memo.get_or_compute(1, || 11), 11);
    }

    #[test]
    fn a_full_memo_starts_over() {
        let memo: Memo<u32, u32> = Memo::new(2);
        for k in 0..3 {
            memo.get_or_compute(k, || k);
        }
        assert_eq!(memo.get_or_compute(0, || 100), 100);
    }
}
