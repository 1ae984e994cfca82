//! 积分编排制 — the Chinese Swiss system of seed 002, as an exact optimisation (scheduling.md §2.2,
//! decisions D1–D7).
//!
//! Round 1: pairing numbers by lot, 1–2, 3–4, …, odd numbers red, the last number has the bye.
//!
//! Later rounds choose, among all pairings without rematches (H1) and with at most one bye per
//! player (H2, D3), the one that is best in this order:
//! 1. everybody paired; the bye to the lowest-scored player without a bye (ties: the highest
//!    pairing number, D5) for whom the rest can still be paired;
//! 2. score quality, 积分段 by 积分段 from the top: the fewest players paired outside their own
//!    score level, then the smallest score differences of those pairs (同分者编对，近分者编对);
//! 3. colour balance (平衡先后), subordinate to score: the fewest pairs of two players who both
//!    *strongly* need the same colour (two more of one colour, or two in a row: (三)4), then the
//!    fewest pairs whose due colours clash (多先 should meet 多后: (三)3);
//! 4. adjacency (D4): players ordered by score, then pairing number, are paired with their
//!    nearest neighbours — the sum of squared distances in that order is minimal.
//!
//! The criteria are the "digits" of one exact integer weight per pair and the round is a
//! maximum-weight perfect matching ([`crate::matching`]). Large fields are solved on a sparse
//! candidate graph (each player's nearest neighbours in the order) and the solution is certified
//! against every other legal pair with the LP dual; violated pairs are added and the matching is
//! solved again, so the result is optimal for the complete graph.
//!
//! Colours inside a pair: red goes to the player with the smaller key `(bal, streak)` — bal =
//! reds − blacks, streak = signed trailing run (+k reds, −k blacks) — which reproduces rules
//! ⑴–⑺ of seed 002 (三)5. Equal keys: lots from the seeded generator (D2).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::matching::{Weight, Wide, max_weight_matching};
use crate::score::Points;

/// A colour in one game: red moves first (先走), black second (后走).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    /// Red (先, 先走).
    Red,
    /// Black (后, 后走).
    Black,
}

impl Colour {
    /// The other colour.
    pub fn other(self) -> Colour {
        match self {
            Colour::Red => Colour::Black,
            Colour::Black => Colour::Red,
        }
    }
}

/// What the pairing needs to know about a player before a round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SwissPlayer {
    /// Pairing number (序号, from the lot), unique.
    pub no: u32,
    /// Score before the round.
    pub score: Points,
    /// Pairing numbers of every opponent met so far (played or forfeited).
    pub opponents: Vec<u32>,
    /// Colours of the games actually played, in order (D1: byes and forfeits skipped).
    pub colours: Vec<Colour>,
    /// Number of byes (轮空) received.
    pub byes: u32,
}

impl SwissPlayer {
    /// The colour key `(bal, streak)`: bal = reds − blacks (平先 ⇔ 0, 多先 > 0, 少先 < 0);
    /// streak = +k after k reds in a row (连先), −k after k blacks in a row (连后).
    pub fn colour_key(&self) -> (i32, i32) {
        let bal = self
            .colours
            .iter()
            .map(|c| if *c == Colour::Red { 1 } else { -1 })
            .sum();
        let mut streak = 0i32;
        if let Some(&last) = self.colours.last() {
            let n = self
                .colours
                .iter()
                .rev()
                .take_while(|&&c| c == last)
                .count() as i32;
            streak = if last == Colour::Red { n } else { -n };
        }
        (bal, streak)
    }

    /// The colour this player is due, and whether the need is strong (|bal| ≥ 2, or two in a
    /// row of the other colour).
    pub fn due(&self) -> Option<(Colour, bool)> {
        let (bal, streak) = self.colour_key();
        let due = if bal < 0 || (bal == 0 && streak < 0) {
            Colour::Red
        } else if bal > 0 || (bal == 0 && streak > 0) {
            Colour::Black
        } else {
            return None;
        };
        let strong = bal.abs() >= 2
            || (due == Colour::Black && streak >= 2)
            || (due == Colour::Red && streak <= -2);
        Some((due, strong))
    }
}

/// The pairing of one round.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoundPairing {
    /// Boards in order (highest scores first), as `(red, black)` pairing numbers.
    pub boards: Vec<(u32, u32)>,
    /// The player who has the bye (轮空), if the field is odd.
    pub bye: Option<u32>,
    /// Remarks for the arbiter (e.g. a second bye that could not be avoided, D3).
    pub notes: Vec<String>,
}

/// Options of the Swiss pairing (from the ruleset's `[event]` table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SwissOptions {
    /// Lot seed stored in the event (D2).
    pub seed: u64,
    /// Minimise pairs of two players who strongly need the same colour before counting ordinary
    /// colour clashes (seed 002 (三)4).
    pub avoid_third_colour: bool,
    /// Round 1: odd pairing numbers red (seed 002 (二)3); `false` = even numbers red.
    pub round1_odd_red: bool,
}

impl Default for SwissOptions {
    fn default() -> Self {
        SwissOptions {
            seed: 0,
            avoid_third_colour: true,
            round1_odd_red: true,
        }
    }
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// Two players share a pairing number.
    #[error("pairing number {0} is used twice")]
    DuplicateNumber(u32),
    /// Fewer than two players.
    #[error("at least two players are needed to pair a round")]
    TooFewPlayers,
    /// Every player has met every possible opponent.
    #[error("no pairing without a rematch exists for round {round}")]
    NoPairing {
        /// The round.
        round: u32,
    },
    /// The criteria need more than 500 bits.
    #[error("the field is too large for the exact pairing weights ({bits} bits needed)")]
    TooLarge {
        /// Bits needed.
        bits: u32,
    },
    /// The pairing system does not exist or does not apply.
    #[error("{0}")]
    Other(String),
}

/// Pairs round `round` (1-based) of a 积分编排制 event.
pub fn pair_swiss(
    players: &[SwissPlayer],
    round: u32,
    opts: &SwissOptions,
) -> Result<RoundPairing, PairingError> {
    if players.len() < 2 {
        return Err(PairingError::TooFewPlayers);
    }
    let mut nos: Vec<u32> = players.iter().map(|p| p.no).collect();
    nos.sort_unstable();
    if let Some(w) = nos.windows(2).find(|w| w[0] == w[1]) {
        return Err(PairingError::DuplicateNumber(w[0]));
    }
    let first_round = players
        .iter()
        .all(|p| p.opponents.is_empty() && p.byes == 0);
    if first_round {
        return Ok(pair_first_round(players, opts));
    }
    let mut rng = lots_rng(opts.seed, round);
    // score desc, pairing number asc
    let mut order: Vec<&SwissPlayer> = players.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));

    if order.len().is_multiple_of(2) {
        return match solve(&order, opts)? {
            Some(pairs) => Ok(finish(&order, pairs, None, Vec::new(), &mut rng)),
            None => Err(PairingError::NoPairing { round }),
        };
    }
    // D5: lowest score without a bye, ties: highest pairing number; D3: a second bye only if
    // nobody else can take it.
    let mut candidates: Vec<&SwissPlayer> = order.clone();
    candidates.sort_by(|a, b| {
        a.byes
            .cmp(&b.byes)
            .then(a.score.cmp(&b.score))
            .then(b.no.cmp(&a.no))
    });
    for c in candidates {
        let rest: Vec<&SwissPlayer> = order.iter().copied().filter(|p| p.no != c.no).collect();
        if let Some(pairs) = solve(&rest, opts)? {
            let mut notes = Vec::new();
            if c.byes > 0 {
                notes.push(format!(
                    "player {} receives a second bye: no pairing exists otherwise (D3)",
                    c.no
                ));
            }
            return Ok(finish(&rest, pairs, Some(c.no), notes, &mut rng));
        }
    }
    Err(PairingError::NoPairing { round })
}

fn lots_rng(seed: u64, round: u32) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed ^ (round as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
}

fn pair_first_round(players: &[SwissPlayer], opts: &SwissOptions) -> RoundPairing {
    let mut sorted: Vec<u32> = players.iter().map(|p| p.no).collect();
    sorted.sort_unstable();
    let bye = if sorted.len() % 2 == 1 {
        sorted.pop()
    } else {
        None
    };
    let boards = sorted
        .chunks(2)
        .map(|c| {
            // positions 1, 3, 5 … in the lot order are the odd numbers
            if opts.round1_odd_red {
                (c[0], c[1])
            } else {
                (c[1], c[0])
            }
        })
        .collect();
    RoundPairing {
        boards,
        bye,
        notes: Vec::new(),
    }
}

/// Allocates colours (key comparator, lots) and orders the boards.
fn finish(
    order: &[&SwissPlayer],
    pairs: Vec<(usize, usize)>,
    bye: Option<u32>,
    notes: Vec<String>,
    rng: &mut ChaCha8Rng,
) -> RoundPairing {
    let mut pairs = pairs;
    // board order: higher score on the board first, then the better-placed player
    pairs.sort_by(|&(a1, b1), &(a2, b2)| {
        let k1 = (
            order[a1].score.max(order[b1].score),
            order[a1].score.min(order[b1].score),
        );
        let k2 = (
            order[a2].score.max(order[b2].score),
            order[a2].score.min(order[b2].score),
        );
        k2.cmp(&k1).then(a1.min(b1).cmp(&a2.min(b2)))
    });
    let boards = pairs
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (order[i], order[j]);
            match a.colour_key().cmp(&b.colour_key()) {
                std::cmp::Ordering::Less => (a.no, b.no),
                std::cmp::Ordering::Greater => (b.no, a.no),
                std::cmp::Ordering::Equal => {
                    if rng.next_u32() & 1 == 1 {
                        (a.no, b.no)
                    } else {
                        (b.no, a.no)
                    }
                }
            }
        })
        .collect();
    RoundPairing { boards, bye, notes }
}

/// The penalty model: precomputed digits of the lexicographic criteria.
struct Model<'a> {
    order: &'a [&'a SwissPlayer],
    level: Vec<usize>,
    /// cost of a player leaving its level: M_L · (n_L · Dmax + 1)
    float_cost: Vec<Wide<8>>,
    /// M_L
    level_mult: Vec<Wide<8>>,
    strong_mult: Wide<8>,
    weak_mult: Wide<8>,
    total: Wide<8>,
    f_float: Vec<f64>,
    f_level: Vec<f64>,
    f_weak: f64,
    f_strong: f64,
    avoid_third: bool,
    due: Vec<Option<(Colour, bool)>>,
}

impl<'a> Model<'a> {
    fn new(order: &'a [&'a SwissPlayer], opts: &SwissOptions) -> Model<'a> {
        let n = order.len() as u64;
        let pairs = n / 2;
        // levels ascending by score: index 0 = lowest
        let mut scores: Vec<Points> = order.iter().map(|p| p.score).collect();
        scores.sort();
        scores.dedup();
        let level: Vec<usize> = order
            .iter()
            .map(|p| scores.binary_search(&p.score).unwrap_or(0))
            .collect();
        let mut size = vec![0u64; scores.len()];
        for &l in &level {
            size[l] += 1;
        }
        let dmax =
            (scores.last().map_or(0, |s| s.0) - scores.first().map_or(0, |s| s.0)).max(0) as u64;
        let r_adj = Wide::<8>::from_u64(pairs.max(1))
            .mul_u64(n * n)
            .wadd(&Wide::from_u64(1));
        let weak_mult = r_adj;
        let strong_mult = weak_mult.mul_u64(pairs + 1);
        let mut m = strong_mult.mul_u64(pairs + 1);
        let mut level_mult = Vec::with_capacity(size.len());
        let mut float_cost = Vec::with_capacity(size.len());
        for &nl in &size {
            let unit = nl * dmax + 1;
            level_mult.push(m);
            float_cost.push(m.mul_u64(unit));
            m = m.mul_u64(nl + 1).mul_u64(unit);
        }
        Model {
            order,
            level,
            f_float: float_cost.iter().map(|w| w.to_f64()).collect(),
            f_level: level_mult.iter().map(|w| w.to_f64()).collect(),
            f_weak: weak_mult.to_f64(),
            f_strong: strong_mult.to_f64(),
            float_cost,
            level_mult,
            strong_mult,
            weak_mult,
            total: m,
            avoid_third: opts.avoid_third_colour,
            due: order.iter().map(|p| p.due()).collect(),
        }
    }

    fn bits(&self) -> u32 {
        self.total.mul_u64(4).bits()
    }

    fn allowed(&self, i: usize, j: usize) -> bool {
        !self.order[i].opponents.contains(&self.order[j].no)
    }

    /// Penalty of pairing ranks `i < j`.
    fn penalty(&self, i: usize, j: usize) -> Wide<8> {
        let (li, lj) = (self.level[i], self.level[j]);
        let d = (j - i) as u64;
        let mut p = Wide::<8>::from_u64(d * d);
        if li != lj {
            let (hi, lo) = if li > lj { (li, lj) } else { (lj, li) };
            let diff = (self.order[i].score.0 - self.order[j].score.0).unsigned_abs();
            p = p
                .wadd(&self.float_cost[hi])
                .wadd(&self.float_cost[lo])
                .wadd(&self.level_mult[hi].mul_u64(diff));
        }
        if let (Some((ci, si)), Some((cj, sj))) = (self.due[i], self.due[j])
            && ci == cj
        {
            p = p.wadd(&self.weak_mult);
            if self.avoid_third && si && sj {
                p = p.wadd(&self.strong_mult);
            }
        }
        p
    }

    /// The penalty as a float (for pruning the certification only).
    fn penalty_f64(&self, i: usize, j: usize) -> f64 {
        let (li, lj) = (self.level[i], self.level[j]);
        let d = (j as f64 - i as f64).abs();
        let mut p = d * d;
        if li != lj {
            let (hi, lo) = if li > lj { (li, lj) } else { (lj, li) };
            let diff = (self.order[i].score.0 - self.order[j].score.0).unsigned_abs() as f64;
            p += self.f_float[hi] + self.f_float[lo] + self.f_level[hi] * diff;
        }
        let (clash, strong) = self.clash(i, j);
        if clash {
            p += self.f_weak;
            if strong && self.avoid_third {
                p += self.f_strong;
            }
        }
        p
    }

    /// (due colours clash, both strongly need the same colour)
    fn clash(&self, i: usize, j: usize) -> (bool, bool) {
        match (self.due[i], self.due[j]) {
            (Some((ci, si)), Some((cj, sj))) if ci == cj => (true, si && sj),
            _ => (false, false),
        }
    }

    fn weight(&self, i: usize, j: usize) -> Wide<8> {
        self.total.wsub(&self.penalty(i, j)).mul_u64(2)
    }
}

/// Solves one even set of players; `None` if no perfect pairing without rematches exists.
fn solve(
    order: &[&SwissPlayer],
    opts: &SwissOptions,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    let model = Model::new(order, opts);
    let bits = model.bits();
    if bits <= 120 {
        solve_with::<i128>(&model)
    } else if bits <= 250 {
        solve_with::<Wide<4>>(&model)
    } else if bits <= 500 {
        solve_with::<Wide<8>>(&model)
    } else {
        Err(PairingError::TooLarge { bits })
    }
}

fn solve_with<W: Weight>(model: &Model<'_>) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    let n = model.order.len();
    if n == 0 {
        return Ok(Some(Vec::new()));
    }
    let conv = |w: Wide<8>| W::from_wide(&w).ok_or(PairingError::TooLarge { bits: w.bits() });
    let mut window = if n <= 48 { n } else { 6 };
    let mut extra: Vec<(usize, usize)> = Vec::new();
    let mut iterations = 0;
    loop {
        iterations += 1;
        let mut edges: Vec<(usize, usize, W)> = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut push =
            |i: usize, j: usize, edges: &mut Vec<(usize, usize, W)>| -> Result<(), PairingError> {
                let (i, j) = (i.min(j), i.max(j));
                if seen.insert((i, j)) {
                    edges.push((i, j, conv(model.weight(i, j))?));
                }
                Ok(())
            };
        // candidates: for every player, the nearest `window` legal partners in the order in each
        // direction — any partner, a partner with a compatible due colour, and one without a
        // strong colour clash
        for i in 0..n {
            for dir in [1isize, -1] {
                let mut taken = [0usize; 3];
                let mut j = i as isize + dir;
                while (0..n as isize).contains(&j) && taken.iter().any(|&t| t < window) {
                    let ju = j as usize;
                    if model.allowed(i, ju) {
                        let (clash, strong) = model.clash(i, ju);
                        let cats = [true, !clash, !strong];
                        let mut useful = false;
                        for (c, t) in cats.iter().zip(taken.iter_mut()) {
                            if *c && *t < window {
                                *t += 1;
                                useful = true;
                            }
                        }
                        if useful {
                            push(i, ju, &mut edges)?;
                        }
                    }
                    j += dir;
                }
                // a few long-range compatible partners keep the duals of the sparse problem
                // close to those of the complete one (fewer certification rounds)
                let mut reach = 16isize;
                while reach < n as isize {
                    let mut j = i as isize + dir * reach;
                    while (0..n as isize).contains(&j) {
                        let ju = j as usize;
                        if model.allowed(i, ju) && !model.clash(i, ju).0 {
                            push(i, ju, &mut edges)?;
                            break;
                        }
                        j += dir;
                        if (j - i as isize).abs() > 2 * reach {
                            break;
                        }
                    }
                    reach *= 2;
                }
            }
        }
        for &(i, j) in &extra {
            push(i, j, &mut edges)?;
        }
        let t0 = std::time::Instant::now();
        let sol = max_weight_matching(n, &edges);
        if std::env::var_os("XQ_PAIRING_DEBUG").is_some() {
            eprintln!(
                "matching n={n} edges={} window={window} extra={} pairs={} {:?} bits={}",
                edges.len(),
                extra.len(),
                sol.pairs(),
                t0.elapsed(),
                model.bits()
            );
        }
        let complete_graph = window >= n;
        if sol.pairs() * 2 < n {
            if complete_graph {
                return Ok(None);
            }
            window = (window * 4).min(n);
            continue;
        }
        if complete_graph {
            return Ok(Some(collect_pairs(&sol.mate)));
        }
        // certify against every legal pair outside the candidate graph. A pair at distance
        // `dist` in the order has weight ≤ 2·(T − dist²), so with x = dual − 2T its slack is at
        // least x_i + x_j + 4·dist²: only pairs closer than that bound need the exact test.
        let two_t = conv(model.total.mul_u64(2))?;
        let x: Vec<f64> = (0..n)
            .map(|v| sol.vertex_dual(v).sub(two_t).to_f64())
            .collect();
        let x_min = x.iter().cloned().fold(f64::INFINITY, f64::min);
        let chains: Vec<Vec<usize>> = (0..n).map(|v| sol.blossom_chain(v)).collect();
        let zsum = |i: usize, j: usize| -> f64 {
            let mut t = 0.0;
            for (a, b) in chains[i].iter().zip(chains[j].iter()) {
                if a != b {
                    break;
                }
                t += 2.0 * sol.dual(*a).to_f64();
            }
            t
        };
        let mut in_graph = vec![0u64; (n * n).div_ceil(64)];
        for e in &edges {
            let b = e.0 * n + e.1;
            in_graph[b / 64] |= 1 << (b % 64);
        }
        let t1 = std::time::Instant::now();
        let mut checked = 0usize;
        let mut violated = Vec::new();
        for i in 0..n {
            let need = -(x[i] + x_min)
                + chains[i]
                    .iter()
                    .map(|&b| 2.0 * sol.dual(b).to_f64())
                    .sum::<f64>();
            let reach = if need <= 0.0 {
                0
            } else {
                ((need / 4.0).sqrt() * 1.001 + 2.0).min(n as f64) as usize
            };
            for j in i + 1..n.min(i + reach + 1) {
                let b = i * n + j;
                if in_graph[b / 64] >> (b % 64) & 1 == 1 || !model.allowed(i, j) {
                    continue;
                }
                let pf = model.penalty_f64(i, j);
                let z = zsum(i, j);
                let lower = x[i] + x[j] + 4.0 * pf + z;
                if lower > 1e-9 * (x[i].abs() + x[j].abs() + 4.0 * pf + z) {
                    continue;
                }
                checked += 1;
                let w = conv(model.weight(i, j))?;
                if sol.slack(i, j, w) < W::ZERO {
                    violated.push((i, j));
                }
            }
        }
        if std::env::var_os("XQ_PAIRING_DEBUG").is_some() {
            eprintln!(
                "  verify: checked {checked} pairs in {:?}, {} violated",
                t1.elapsed(),
                violated.len()
            );
        }
        if std::env::var_os("XQ_PAIRING_DEBUG").is_some() {
            for &(i, j) in violated.iter().take(8) {
                eprintln!(
                    "  violated {i}-{j} levels {}/{} due {:?}/{:?} mate {:?}/{:?}",
                    model.level[i],
                    model.level[j],
                    model.due[i],
                    model.due[j],
                    sol.mate[i],
                    sol.mate[j]
                );
            }
        }
        if violated.is_empty() {
            return Ok(Some(collect_pairs(&sol.mate)));
        }
        extra.extend(violated);
        if iterations >= 20 {
            window = n;
        }
    }
}

fn collect_pairs(mate: &[Option<usize>]) -> Vec<(usize, usize)> {
    mate.iter()
        .enumerate()
        .filter_map(|(i, m)| m.filter(|&j| j > i).map(|j| (i, j)))
        .collect()
}

/// The penalty digits of a pairing, for tests and explanations: (players paired outside their
/// score level, sum of their score differences in half-points, strong colour clashes, colour
/// clashes, sum of squared distances in the order). `pairs` are pairing numbers.
pub fn pairing_quality(
    players: &[SwissPlayer],
    pairs: &[(u32, u32)],
    opts: &SwissOptions,
) -> [u64; 5] {
    let mut order: Vec<&SwissPlayer> = players.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
    let model = Model::new(&order, opts);
    let rank = |no: u32| order.iter().position(|p| p.no == no).unwrap_or(0);
    let mut q = [0u64; 5];
    for &(a, b) in pairs {
        let (i, j) = (rank(a).min(rank(b)), rank(a).max(rank(b)));
        if model.level[i] != model.level[j] {
            q[0] += 2;
            q[1] += (order[i].score.0 - order[j].score.0).unsigned_abs();
        }
        if let (Some((ci, si)), Some((cj, sj))) = (model.due[i], model.due[j])
            && ci == cj
        {
            q[3] += 1;
            if si && sj {
                q[2] += 1;
            }
        }
        q[4] += ((j - i) * (j - i)) as u64;
    }
    q
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(no: u32, score: i64, opps: &[u32], colours: &str) -> SwissPlayer {
        SwissPlayer {
            no,
            score: Points(score),
            opponents: opps.to_vec(),
            colours: colours
                .chars()
                .map(|c| if c == 'R' { Colour::Red } else { Colour::Black })
                .collect(),
            byes: 0,
        }
    }

    #[test]
    fn colour_key_reproduces_rules_one_to_seven() {
        let red_goes_to = |a: &str, b: &str| {
            let (x, y) = (p(1, 0, &[], a), p(2, 0, &[], b));
            if x.colour_key() < y.colour_key() {
                1
            } else {
                2
            }
        };
        // ⑴ 少先 vs 多先 → 少先
        assert_eq!(red_goes_to("RBB", "RRB"), 1);
        // ⑵ 平先连后 vs 连先 → 连后
        assert_eq!(red_goes_to("RRBB", "BBRR"), 1);
        // ⑶ 平先连后 vs 连后 → 连后多
        assert_eq!(red_goes_to("RRRBBB", "RRBB"), 1);
        // ⑷ 平先连先 vs 连先 → 连先少
        assert_eq!(red_goes_to("BBRR", "BBBRRR"), 1);
        // ⑸ 平先上后 vs 连后 → 连后
        assert_eq!(red_goes_to("RB", "RRBB"), 2);
        // ⑹ 平先上先 vs 连先 → 上先
        assert_eq!(red_goes_to("BR", "BBRR"), 1);
        // ⑺ 平先上后 vs 上先 → 上后
        assert_eq!(red_goes_to("RB", "BR"), 1);
    }

    #[test]
    fn first_round_pairs_neighbours_odd_numbers_red() {
        let ps: Vec<SwissPlayer> = (1..=7).map(|i| p(i, 0, &[], "")).collect();
        let r = pair_swiss(&ps, 1, &SwissOptions::default()).unwrap();
        assert_eq!(r.boards, vec![(1, 2), (3, 4), (5, 6)]);
        assert_eq!(r.bye, Some(7));
    }
}
