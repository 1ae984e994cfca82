//! Mate threats (杀 / 要杀): a bounded search of consecutive checks.

use xiangqi_movegen::Position;

/// The answer of a bounded mate search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MateSearch {
    /// A forced mate by consecutive checks exists within the bound.
    Mate,
    /// No such mate within the bound.
    NoMate,
    /// The node budget ran out before the search finished (treated as "no threat" by editions
    /// that do not say otherwise; the ruling can say so).
    Unknown,
    /// The question does not apply (the ply gave check, so the opponent cannot "pass").
    NotApplicable,
}

/// The node budget of [`mate_by_checks`]: deterministic, independent of time. It counts the mating
/// side's tried moves — only those that may give check are tried.
pub const DEFAULT_NODE_LIMIT: u64 = 200_000;

/// Whether the side to move of `pos` mates by consecutive checks within `plies` plies (its own
/// checking moves and the forced replies; `plies` = 1 is mate in one). Every defence is tried.
pub fn mate_by_checks(pos: &Position, plies: u32, node_limit: u64) -> MateSearch {
    let mut nodes = 0u64;
    match search(pos, plies, &mut nodes, node_limit) {
        Some(true) => MateSearch::Mate,
        Some(false) => MateSearch::NoMate,
        None => MateSearch::Unknown,
    }
}

/// The mate threat of a ply (杀): with the opponent to move in `after` (the position after the
/// ply), would the mover, if the opponent passed, mate by consecutive checks within `plies`?
/// `NotApplicable` when the opponent is in check.
pub fn mate_threat(after: &Position, plies: u32) -> MateSearch {
    match after.pass() {
        Some(p) => mate_by_checks(&p, plies, DEFAULT_NODE_LIMIT),
        None => MateSearch::NotApplicable,
    }
}

fn search(pos: &Position, plies: u32, nodes: &mut u64, limit: u64) -> Option<bool> {
    if plies == 0 {
        return Some(false);
    }
    // Only moves that may give check are tried (see `material::sees_king`); the node count
    // counts them.
    let king = pos.king(!pos.turn());
    let candidates = pos.legal_moves_where(|from, to| {
        crate::material::sees_king(king, from) || crate::material::sees_king(king, to)
    });
    for &m in candidates.iter() {
        *nodes += 1;
        if *nodes > limit {
            return None;
        }
        let mut p = pos.clone();
        p.play_unchecked(m);
        if !p.is_check() {
            continue;
        }
        if plies < 3 {
            // Only a mate now counts: no need to list the replies.
            if !p.has_legal_move() {
                return Some(true);
            }
            continue;
        }
        let replies = p.legal_moves();
        if replies.is_empty() {
            return Some(true);
        }
        let mut all = true;
        for &r in replies.iter() {
            let mut q = p.clone();
            q.play_unchecked(r);
            match search(&q, plies - 2, nodes, limit)? {
                true => {}
                false => {
                    all = false;
                    break;
                }
            }
        }
        if all {
            return Some(true);
        }
    }
    Some(false)
}
