//! Mate threats (杀 / 要杀): a bounded search of consecutive checks.

use xiangqi_board::Square;
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
    let mut work = pos.clone();
    match search_checks(&mut work, plies, false, &mut nodes, node_limit) {
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

/// Whether the side to move mates by consecutive checks within `plies` plies: `None` when more
/// than `limit` moves were tried (`nodes` counts them; only moves that may give check are tried,
/// see [`sees_king`]). With `only_reply_free`, a check answered by the defender's only
/// legal move costs one ply, not two, when at least 3 plies are left (the 杀 horizon of the
/// Chinese rules). The one mate search: [`mate_by_checks`] and the editions' own mate tests (the
/// cn-1987 edition's 杀 horizon) call it.
pub fn search_checks(
    pos: &mut Position,
    plies: u32,
    only_reply_free: bool,
    nodes: &mut u64,
    limit: u64,
) -> Option<bool> {
    if plies == 0 {
        return Some(false);
    }
    let king = pos.king(!pos.turn());
    let candidates = pos.legal_moves_where(|from, to| sees_king(king, from) || sees_king(king, to));
    for &m in candidates.iter() {
        *nodes += 1;
        if *nodes > limit || !crate::budget::spend() {
            return None;
        }
        let undo = pos.play_unchecked(m);
        let mated = mated_after_check(pos, plies, only_reply_free, nodes, limit);
        pos.undo(undo);
        if mated? {
            return Some(true);
        }
    }
    Some(false)
}

/// After the mating side's move (the defender to move in `pos`): whether it was a check that mates
/// within the plies left (see [`search_checks`]).
fn mated_after_check(
    pos: &mut Position,
    plies: u32,
    only_reply_free: bool,
    nodes: &mut u64,
    limit: u64,
) -> Option<bool> {
    if !pos.is_check() {
        return Some(false);
    }
    if plies < 3 {
        // Only a mate now counts: no need to list the replies.
        return Some(!pos.has_legal_move());
    }
    let replies = pos.legal_moves();
    if replies.is_empty() {
        return Some(true);
    }
    let next = if only_reply_free && replies.len() == 1 {
        plies - 1
    } else {
        plies - 2
    };
    for &r in replies.iter() {
        let undo = pos.play_unchecked(r);
        let mates = search_checks(pos, next, only_reply_free, nodes, limit);
        pos.undo(undo);
        if !mates? {
            return Some(false);
        }
    }
    Some(true)
}

/// Whether `sq` is on the file or rank of the king on `king`, or within two files and two ranks
/// of it: a move that neither leaves nor reaches such a point cannot give check (the filter of
/// [`search_checks`]).
#[inline]
pub fn sees_king(king: Square, sq: Square) -> bool {
    let df = (i32::from(sq.file().index()) - i32::from(king.file().index())).abs();
    let dr = (i32::from(sq.rank().index()) - i32::from(king.rank().index())).abs();
    df == 0 || dr == 0 || (df <= 2 && dr <= 2)
}
