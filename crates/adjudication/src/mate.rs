//! Mate threats (杀 / 要杀): a bounded search of consecutive checks.

use xiangqi_board::Square;
use xiangqi_movegen::{Move, Position};

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

/// The line of a mate by consecutive checks (see [`search_checks`]) for an arbiter to read: the
/// fewest plies within `plies` in which the side to move of `pos` mates, and the moves — at each
/// turn of the mating side its first check that still mates in the plies left, at each turn of the
/// defender the reply that holds out longest. `None` when there is no such mate within `plies`, or
/// when more than `limit` moves were tried.
pub fn mate_line(
    pos: &Position,
    plies: u32,
    only_reply_free: bool,
    limit: u64,
) -> Option<(Vec<Move>, u32)> {
    let mut nodes = 0u64;
    let mut work = pos.clone();
    let least = least_mate(&mut work, plies, only_reply_free, &mut nodes, limit)?;
    let mut line = Vec::new();
    let mut left = least;
    loop {
        let king = work.king(!work.turn());
        let candidates =
            work.legal_moves_where(|from, to| sees_king(king, from) || sees_king(king, to));
        let mut mating = None;
        for &m in candidates.iter() {
            let undo = work.play_unchecked(m);
            let mates = mated_after_check(&mut work, left, only_reply_free, &mut nodes, limit);
            work.undo(undo);
            if mates? {
                mating = Some(m);
                break;
            }
        }
        let m = mating?;
        work.play_unchecked(m);
        line.push(m);
        let replies = work.legal_moves();
        if replies.is_empty() {
            return Some((line, least));
        }
        let next = if only_reply_free && replies.len() == 1 {
            left - 1
        } else {
            left - 2
        };
        let mut longest: Option<(Move, u32)> = None;
        for &r in replies.iter() {
            let undo = work.play_unchecked(r);
            let n = least_mate(&mut work, next, only_reply_free, &mut nodes, limit);
            work.undo(undo);
            let n = n?;
            if longest.is_none_or(|(_, most)| n > most) {
                longest = Some((r, n));
            }
        }
        let (r, n) = longest?;
        work.play_unchecked(r);
        line.push(r);
        left = n;
    }
}

/// The fewest plies (at most `plies`) in which the side to move mates by consecutive checks, if it
/// does (see [`search_checks`]).
fn least_mate(
    pos: &mut Position,
    plies: u32,
    only_reply_free: bool,
    nodes: &mut u64,
    limit: u64,
) -> Option<u32> {
    (1..=plies).find_map(
        |p| match search_checks(pos, p, only_reply_free, nodes, limit) {
            Some(true) => Some(Some(p)),
            Some(false) => None,
            None => Some(None),
        },
    )?
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

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn mate_line_in_one() {
        // The rook a8 holds the eighth rank and the kings' file is closed: a rook check mates.
        let p = pos("3k5/R8/9/9/9/9/9/9/9/R3K4 w - - 0 1");
        let (line, plies) = mate_line(&p, 9, false, DEFAULT_NODE_LIMIT).unwrap();
        assert_eq!((line.len(), plies), (1, 1));
        let mut work = p.clone();
        work.play_unchecked(line[0]);
        assert!(work.is_check() && !work.has_legal_move());
    }

    #[test]
    fn mate_line_is_played_out_to_mate_and_is_the_shortest() {
        // Two rooks against the king f9 (the red king closes the d-file), no mate in one: a mate
        // by consecutive checks a few moves deep (车一进九 将 将6退1, 车九进一 将 将6退1, 车一退二).
        let p = pos("5k3/9/R8/9/9/9/9/9/9/3K4R w - - 0 1");
        let (line, plies) = mate_line(&p, 9, false, DEFAULT_NODE_LIMIT).unwrap();
        assert!(plies > 1, "not a mate in one");
        assert_eq!(
            mate_by_checks(&p, plies, DEFAULT_NODE_LIMIT),
            MateSearch::Mate
        );
        assert_eq!(
            mate_by_checks(&p, plies - 1, DEFAULT_NODE_LIMIT),
            MateSearch::NoMate
        );
        // The defender holds out longest: the line takes all the plies the mate needs.
        assert_eq!(line.len() as u32, plies);
        let mut work = p.clone();
        for (i, &m) in line.iter().enumerate() {
            assert!(work.legal_moves().contains(&m), "move {i} legal");
            work.play_unchecked(m);
            if i % 2 == 0 {
                assert!(work.is_check(), "every move of the mating side checks");
            }
        }
        assert!(
            work.is_check() && !work.has_legal_move(),
            "the line ends in mate"
        );
    }

    #[test]
    fn no_mate_no_line() {
        // A lone horse far from the king gives no mate by checks within five plies.
        let p = pos("3k5/9/9/9/9/9/9/9/9/N3K4 w - - 0 1");
        assert_eq!(
            mate_by_checks(&p, 5, DEFAULT_NODE_LIMIT),
            MateSearch::NoMate
        );
        assert_eq!(mate_line(&p, 5, false, DEFAULT_NODE_LIMIT), None);
    }
}
