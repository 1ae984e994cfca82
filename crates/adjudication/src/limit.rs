//! The natural move limit (自然限着): plies without a capture, with each side's checks counted.

use xiangqi_board::{ByColor, Color};

use crate::GameRecord;

/// How an edition counts the natural move limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NaturalLimitPolicy {
    /// Moves (回合) per side without a capture that allow a draw claim (CN-1987: 60, AXF: 50).
    pub moves: u32,
    /// At most this many of the claimant's checking moves count (both editions: 10); the
    /// claimant's checks beyond it are deducted from his count (无效着数).
    pub max_counted_checks: u32,
}

/// One side's position with respect to the natural limit, as claimant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SideLimit {
    /// The first ply after which this side could claim the draw (`None`: never in this game).
    pub claimable_from_ply: Option<usize>,
    /// In the stretch since the last capture, at the end of the record: this side's moves that
    /// count for its own claim (checks beyond the cap deducted).
    pub counted_moves: u32,
    /// In that stretch: this side's moves in all.
    pub moves: u32,
    /// In that stretch: this side's checking moves.
    pub checks: u32,
}

/// The natural-limit accounting of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct NaturalLimitStatus {
    /// The policy applied.
    pub policy: NaturalLimitPolicy,
    /// The ply of the last capture (0: none; counting starts at the start of the record).
    pub last_capture_ply: usize,
    /// Red and Black as claimants.
    pub sides: ByColor<SideLimit>,
}

impl NaturalLimitStatus {
    /// The earliest ply after which either side could claim, and who.
    pub fn first_claim(&self) -> Option<(usize, Color)> {
        Color::ALL
            .iter()
            .filter_map(|&c| self.sides[c].claimable_from_ply.map(|p| (p, c)))
            .min()
    }
}

/// Counts the natural limit over the record: a side may claim once, since the last capture, its
/// own moves (its checks beyond `max_counted_checks` deducted) and the opponent's moves both
/// reach `moves`. Counting starts at the start of the record (a FEN's half-move clock is not
/// used: it does not say which of the earlier moves were checks).
pub fn natural_limit(record: &GameRecord, policy: NaturalLimitPolicy) -> NaturalLimitStatus {
    let mut sides: ByColor<SideLimit> = ByColor::default();
    let mut claim: ByColor<Option<usize>> = ByColor::default();
    let mut last_capture = 0usize;
    let n = policy.moves;
    for ply in 1..=record.len() {
        if record.captured(ply).is_some() {
            last_capture = ply;
            sides = ByColor::default();
            continue;
        }
        let m = record.mover(ply);
        sides[m].moves += 1;
        if record.gives_check(ply) {
            sides[m].checks += 1;
        }
        for c in Color::ALL {
            let s = &mut sides[c];
            s.counted_moves = s.moves - s.checks.saturating_sub(policy.max_counted_checks);
        }
        for c in Color::ALL {
            if claim[c].is_none() && sides[c].counted_moves >= n && sides[!c].moves >= n {
                claim[c] = Some(ply);
            }
        }
    }
    for c in Color::ALL {
        sides[c].claimable_from_ply = claim[c];
    }
    NaturalLimitStatus {
        policy,
        last_capture_ply: last_capture,
        sides,
    }
}
