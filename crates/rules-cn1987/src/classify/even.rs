//! 2020 rules 26.5 (完整互吃): the pieces a ply newly offers an even complete exchange on, in the
//! structures the clause is read to cover. A switch of the base ([`Params::even_exchange_chase`]),
//! off in the 1987 edition, on in `cn-2020`.
//!
//! The clause: "完整互吃后价值相当或得子者，按捉，得不偿失者，按闲" (quoted in liudengfeng/cppxq,
//! `src/rule2022.hpp`). Read literally it would make every even trade a chase, and 兑 (an offer of
//! a piece for one of its own kind) a 捉 — against 图9, 图13, 图30 (兑 is 闲). The only independent
//! implementation applies it to three structures (`is_equivalent_zhuo`: "做根子捉子" 图22-1,
//! "被牵子捉子" 参考图27-1, "各吃各子" 参考图16), and so does this module, in our own reading of each
//! (see [`EvenStructure`]).

use super::*;
use xiangqi_adjudication::ExchangeOutcome;

/// The structure in which an even complete exchange is a 捉 under 26.5.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EvenStructure {
    /// 做根子捉子: the first capturer was the root (protector) of the piece of ours the opponent
    /// takes in reply — the capture gives that piece up, piece for piece ("做根子捉子，得不偿失，
    /// 判闲", 参考图28, is the same structure at a loss).
    Root,
    /// 被牵子捉子: the first capturer shields a piece of ours from an enemy line (a pinned piece,
    /// 被牵子); its capture exposes that piece ("被牵子捉子，交换结果得不偿失，判闲", 图23, is the same
    /// structure at a loss).
    Pinned,
    /// 各吃各子: every capture of the line, by either side, stood on the board before it began
    /// (each side takes what it could already take), and the opponent takes at least once.
    EachTakesItsOwn,
}

impl EvenStructure {
    /// The structure's name in the rule book's words.
    pub(crate) fn zh(self) -> &'static str {
        match self {
            EvenStructure::Root => "做根子捉子",
            EvenStructure::Pinned => "被牵子捉子",
            EvenStructure::EachTakesItsOwn => "各吃各子",
        }
    }
}

/// The enemy pieces the ply newly offers an even complete exchange on (完整互吃后价值相当, by
/// [`material::exchange_outcome`] with the mover to move again), in one of the structures of
/// [`EvenStructure`], the moved piece making the first capture. A piece of the moved piece's own kind facing it (兑, [`facing_equal`]) is not
/// one; nor is a piece the mover could take (evenly or at a gain) before the ply.
///
/// Reading R02 (READINGS.md); cn-2020 26.5.
pub(crate) fn even_exchange_targets(
    before: &Position,
    after: &Position,
    m: Move,
    params: &Params,
) -> Bitboard {
    let mut out = Bitboard::EMPTY;
    let Some(passed) = after.pass() else {
        return out;
    };
    let mover = !after.turn();
    let values = &params.gain.values;
    let enemies = after.board().by_color(after.turn()) & !after.board().by_kind(PieceKind::King);
    for t in enemies {
        let Some(piece) = after.piece_at(t) else {
            continue;
        };
        if values.material(piece, t) == 0
            || after.attackers_to(t, mover).is_empty()
            || facing_equal(after, t)
            || t == m.to
        {
            continue;
        }
        let (outcome, line) = material::exchange_outcome(&passed, &params.gain, t, Bitboard::EMPTY);
        if outcome != ExchangeOutcome::Even || even_structure(&passed, after, &line, m.to).is_none()
        {
            continue;
        }
        let (was, _) = material::exchange_outcome(before, &params.gain, t, Bitboard::EMPTY);
        if !was.takes() {
            out.insert(t);
        }
    }
    out
}

/// The structure of the even exchange `line` played from `start` (the attacker to move; `reply`
/// is the same position with the opponent to move), if it is one of [`EvenStructure`] and its
/// first capture is made by the piece on `chaser` (the moved piece: the ply chases with it — a
/// pawn's step that lets a cannon trade evenly is no 捉, 图14 兵三平二（闲）).
pub(crate) fn even_structure(
    start: &Position,
    reply: &Position,
    line: &[Move],
    chaser: Square,
) -> Option<EvenStructure> {
    // The attacker's first capture (checks may come before it) and the position it is made in.
    let mut pos = start.clone();
    let mut first = None;
    let mut chaser = chaser;
    for (i, &mv) in line.iter().enumerate() {
        if i % 2 == 0 && pos.piece_at(mv.to).is_some() {
            first = Some(i);
            break;
        }
        if mv.from == chaser {
            // The moved piece checks on its way to the capture (抽将).
            chaser = mv.to;
        }
        pos = pos.played(mv).ok()?;
    }
    let i = first?;
    let capture = line[i];
    if capture.from != chaser {
        return None;
    }
    if let Some(&answer) = line.get(i + 1) {
        let after_capture = pos.played(capture).ok()?;
        if answer.to != capture.to
            && after_capture.piece_at(answer.to).is_some()
            && protected_by(&pos, capture.from, pos.turn()).contains(answer.to)
        {
            return Some(EvenStructure::Root);
        }
    }
    if shielded_by(&pos, capture.from).any() {
        return Some(EvenStructure::Pinned);
    }
    each_takes_its_own(start, reply, line).then_some(EvenStructure::EachTakesItsOwn)
}

/// Whether every capture of `line` (from `start`, the attacker to move) was a legal capture of
/// its side where the line began — the attacker's in `start`, the opponent's in `reply` (the
/// same position, the opponent to move) — its pieces followed from square to square, and the
/// opponent takes at least once.
fn each_takes_its_own(start: &Position, reply: &Position, line: &[Move]) -> bool {
    let ours = start.legal_captures();
    let theirs = reply.legal_captures();
    // The square each piece stood on where the line began, by its square now.
    let mut origin: [Option<Square>; 90] = [None; 90];
    for sq in start.board().occupied() {
        origin[sq.index()] = Some(sq);
    }
    let mut pos = start.clone();
    let mut answered = false;
    for (i, &mv) in line.iter().enumerate() {
        if pos.piece_at(mv.to).is_some() {
            let (Some(from), Some(to)) = (origin[mv.from.index()], origin[mv.to.index()]) else {
                return false;
            };
            let list = if i % 2 == 0 { &ours } else { &theirs };
            if !list.iter().any(|c| c.from == from && c.to == to) {
                return false;
            }
            answered |= i % 2 == 1;
        }
        origin[mv.to.index()] = origin[mv.from.index()];
        origin[mv.from.index()] = None;
        let Ok(next) = pos.played(mv) else {
            return false;
        };
        pos = next;
    }
    answered
}
