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
//! With 同单位回避 ([`SwissOptions::avoid_same_unit_rounds`], off by default; decision D8) the
//! rounds `1..=N` put one criterion between 1 and 2: the fewest pairs of players of one unit
//! ([`SwissPlayer::unit`]). Round 1's table is kept unless it pairs two of one unit.
//!
//! The criteria are the "digits" of one exact integer weight per pair and the round is a
//! maximum-weight perfect matching ([`xiangqi_matching`]). Large fields are solved on a sparse
//! candidate graph (each player's nearest neighbours in the order, and inside a score level the
//! opposite-due players near the rank-aligned positions), warm-started from separate matchings of
//! blocks of whole score levels, and the solution is certified against every other legal pair
//! with the LP dual, class by class (score level × due colour); violated pairs are added and the
//! matching is solved again, so the result is optimal for the complete graph.
//!
//! Colours inside a pair: red goes to the player with the smaller key `(bal, streak)` — bal =
//! reds − blacks, streak = signed trailing run (+k reds, −k blacks) — which reproduces rules
//! ⑴–⑺ of seed 002 (三)5. Equal keys: lots from the seeded generator (D2).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::score::Color;
use crate::score::Points;
use xiangqi_matching::{Weight, Wide, max_weight_matching, max_weight_matching_from};

mod units;
mod warm;
use units::{same_unit, same_unit_line, shares_a_unit};
use warm::block_start;

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
    pub colours: Vec<Color>,
    /// Number of byes (轮空) received.
    pub byes: u32,
    /// The player's unit (单位: club, province, team) as a number the caller assigns — players
    /// of one unit share it; `None` for a player without a unit. Only 同单位回避
    /// ([`SwissOptions::avoid_same_unit_rounds`]) reads it.
    pub unit: Option<u32>,
}

impl SwissPlayer {
    /// The colour key `(bal, streak)`: bal = reds − blacks (平先 ⇔ 0, 多先 > 0, 少先 < 0);
    /// streak = +k after k reds in a row (连先), −k after k blacks in a row (连后).
    pub fn colour_key(&self) -> (i32, i32) {
        let bal = self
            .colours
            .iter()
            .map(|c| if *c == Color::Red { 1 } else { -1 })
            .sum();
        let mut streak = 0i32;
        if let Some(&last) = self.colours.last() {
            let n = self
                .colours
                .iter()
                .rev()
                .take_while(|&&c| c == last)
                .count() as i32;
            streak = if last == Color::Red { n } else { -n };
        }
        (bal, streak)
    }

    /// The colour this player is due, and whether the need is strong (|bal| ≥ 2, or two in a
    /// row of the other colour).
    pub fn due(&self) -> Option<(Color, bool)> {
        let (bal, streak) = self.colour_key();
        let due = if bal < 0 || (bal == 0 && streak < 0) {
            Color::Red
        } else if bal > 0 || (bal == 0 && streak > 0) {
            Color::Black
        } else {
            return None;
        };
        let strong = bal.abs() >= 2
            || (due == Color::Black && streak >= 2)
            || (due == Color::Red && streak <= -2);
        Some((due, strong))
    }
}

/// The pairing of one round, as every pairing system returns it: the boards, the bye, and why
/// (编排说明).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct RoundPairing {
    /// Boards in order (highest scores first), as `(red, black)` pairing numbers.
    pub boards: Vec<(u32, u32)>,
    /// The player who has the bye (轮空), if the field is odd.
    pub bye: Option<u32>,
    /// Remarks for the arbiter that the event keeps with the round (e.g. a second bye that could
    /// not be avoided, D3).
    pub notes: Vec<String>,
    /// The explanation (编排说明): one line per decision of the system, in the rule's words —
    /// for the arbiter's screen, not kept in the event.
    pub explanation: Vec<String>,
    /// What the exact matching solver did (积分编排制 only; empty for a fixed table): every
    /// maximum-weight matching solved, in order — the blocks of score levels of the warm start,
    /// then the field (each with its own timing).
    pub matchings: Vec<xiangqi_matching::Stats>,
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
    /// 同单位回避: in rounds `1..=N` players of the same unit ([`SwissPlayer::unit`]) are not
    /// paired with each other wherever the field allows it. A preference above score and colour
    /// (the fewest same-unit pairs first, then 同分者编对 and the colour rules among those), below
    /// the hard rules (no rematch, everybody paired, the bye's rule). 0 = off (the default;
    /// the seeds do not have the rule).
    pub avoid_same_unit_rounds: u32,
}

impl Default for SwissOptions {
    fn default() -> Self {
        SwissOptions {
            seed: 0,
            avoid_third_colour: true,
            round1_odd_red: true,
            avoid_same_unit_rounds: 0,
        }
    }
}

impl SwissOptions {
    /// The options for round `round`: 同单位回避 switched off past its last round, so the weight
    /// function sees the rule only where it applies.
    fn in_round(&self, round: u32) -> SwissOptions {
        let mut opts = *self;
        if round > self.avoid_same_unit_rounds {
            opts.avoid_same_unit_rounds = 0;
        }
        opts
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

/// Pairs round `round` (1-based) of a 积分编排制 event: the boards, the bye, the explanation
/// (score groups, floaters, the bye's rule, the certificate) and what the solver did.
pub fn pair_swiss(
    players: &[SwissPlayer],
    round: u32,
    opts: &SwissOptions,
) -> Result<RoundPairing, PairingError> {
    let opts = &opts.in_round(round);
    let mut stats = SolveStats::default();
    let mut pairing = pair_swiss_into(players, round, opts, &mut stats)?;
    pairing.explanation = explain(players, round, opts, &pairing, &stats);
    pairing.matchings = stats.matchings;
    Ok(pairing)
}

/// What the exact solver did while pairing one round.
#[derive(Clone, Debug, Default)]
pub(crate) struct SolveStats {
    /// Each matching solved: the blocks of score levels of the warm start, then the field.
    pub(crate) matchings: Vec<xiangqi_matching::Stats>,
    /// Slacks the certificate computed.
    pub(crate) certified_pairs: usize,
    /// Pairs the certificate found violated (added to the candidate graph).
    pub(crate) violated_pairs: usize,
}

/// The explanation of a Swiss round (编排说明), deterministic: the rule of round 1, or the score
/// groups, the players paired outside them, the bye's rule and the certificate's work.
fn explain(
    players: &[SwissPlayer],
    round: u32,
    opts: &SwissOptions,
    pairing: &RoundPairing,
    stats: &SolveStats,
) -> Vec<String> {
    let mut out = Vec::new();
    let first = players
        .iter()
        .all(|p| p.opponents.is_empty() && p.byes == 0);
    if first {
        out.push(format!(
            "round {round}: 第一轮 临近编排 1–2、3–4 … by pairing number, 单数序号先手 unless the event says otherwise (seed 002 一(二)2–3)"
        ));
        out.extend(same_unit_line(players, opts, pairing));
        if let Some(b) = pairing.bye {
            out.push(format!("bye: {b}, the last pairing number"));
        }
        return out;
    }
    let scores: std::collections::HashMap<u32, Points> =
        players.iter().map(|p| (p.no, p.score)).collect();
    let score = |no: u32| scores.get(&no).copied();
    let mut levels: Vec<Points> = players.iter().map(|p| p.score).collect();
    levels.sort_unstable_by(|a, b| b.cmp(a));
    levels.dedup();
    let floaters = pairing
        .boards
        .iter()
        .filter(|&&(a, b)| score(a) != score(b))
        .count()
        * 2;
    out.push(format!(
        "round {round}: {} players in {} score groups (积分段); 同分者编对, {floaters} paired outside their group (近分者编对), no rematch (seed 002 一(一)2, 一(三)1)",
        players.len(),
        levels.len(),
    ));
    out.extend(same_unit_line(players, opts, pairing));
    out.push(
        "colours by ⑴–⑺ of seed 002 一(三)5 (key: reds − blacks, then the trailing run), equal keys by lot (D2)"
            .into(),
    );
    if let Some(b) = pairing.bye {
        let p = players.iter().find(|p| p.no == b);
        out.push(format!(
            "bye: {b} ({} points, {} earlier byes): the lowest score without a bye, ties the highest pairing number, whose absence leaves a pairing (D3, D5)",
            p.map_or(0.0, |p| p.score.as_f64()),
            p.map_or(0, |p| p.byes),
        ));
    }
    if stats.certified_pairs > 0 {
        out.push(format!(
            "exact maximum-weight matching: {} matchings solved; the certificate checked {} other pairs, {} added",
            stats.matchings.len(),
            stats.certified_pairs,
            stats.violated_pairs
        ));
    } else {
        out.push(format!(
            "exact maximum-weight matching on every legal pair: {} matchings solved",
            stats.matchings.len()
        ));
    }
    out
}

/// [`pair_swiss`] without the explanation, adding what the matching solver did to `stats`.
fn pair_swiss_into(
    players: &[SwissPlayer],
    round: u32,
    opts: &SwissOptions,
    stats: &mut SolveStats,
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
        return pair_first_round(players, opts, stats);
    }
    let mut rng = lots_rng(opts.seed, round);
    // score desc, pairing number asc
    let mut order: Vec<&SwissPlayer> = players.iter().collect();
    order.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));

    if order.len().is_multiple_of(2) {
        return match solve(&order, opts, stats)? {
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
        if let Some(pairs) = solve(&rest, opts, stats)? {
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

/// Round 1: 1–2, 3–4, … by pairing number, the last number has the bye. Under 同单位回避 a
/// table with a same-unit pair is replaced by the pairing of the same field with the fewest
/// same-unit pairs, then the nearest numbers (the least sum of squared distances); in every
/// pair the smaller pairing number takes the colour of the odd numbers.
fn pair_first_round(
    players: &[SwissPlayer],
    opts: &SwissOptions,
    stats: &mut SolveStats,
) -> Result<RoundPairing, PairingError> {
    let mut sorted: Vec<&SwissPlayer> = players.iter().collect();
    sorted.sort_unstable_by_key(|p| p.no);
    let bye = if sorted.len() % 2 == 1 {
        sorted.pop().map(|p| p.no)
    } else {
        None
    };
    let table: Vec<(usize, usize)> = (0..sorted.len() / 2).map(|k| (2 * k, 2 * k + 1)).collect();
    let mut pairs = table.clone();
    if opts.avoid_same_unit_rounds > 0
        && table.iter().any(|&(i, j)| same_unit(sorted[i], sorted[j]))
    {
        // nobody has met anybody: a perfect pairing exists
        pairs = solve(&sorted, opts, stats)?.unwrap_or(table);
        pairs.sort_unstable();
    }
    let boards = pairs
        .into_iter()
        .map(|(i, j)| {
            let (a, b) = (sorted[i.min(j)].no, sorted[i.max(j)].no);
            if opts.round1_odd_red { (a, b) } else { (b, a) }
        })
        .collect();
    Ok(RoundPairing {
        boards,
        bye,
        ..RoundPairing::default()
    })
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
    RoundPairing {
        boards,
        bye,
        notes,
        ..RoundPairing::default()
    }
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
    avoid_third: bool,
    due: Vec<Option<(Color, bool)>>,
    /// 同单位回避: the cost of a pair of one unit, above every other digit (`None` when the rule
    /// does not apply to the round or no two players share a unit).
    unit_mult: Option<Wide<8>>,
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
        // 同单位回避 above score and colour: at most `pairs` pairs of one unit, each costing more
        // than all the lower digits of a whole pairing together
        let unit_mult = (opts.avoid_same_unit_rounds > 0 && shares_a_unit(order)).then(|| {
            let unit_mult = m;
            m = m.mul_u64(pairs + 1);
            unit_mult
        });
        Model {
            order,
            level,
            float_cost,
            level_mult,
            strong_mult,
            weak_mult,
            total: m,
            avoid_third: opts.avoid_third_colour,
            due: order.iter().map(|p| p.due()).collect(),
            unit_mult,
        }
    }

    /// The 同单位回避 cost of pairing ranks `i` and `j` (zero unless they share a unit and the
    /// rule applies).
    fn unit_penalty(&self, i: usize, j: usize) -> Wide<8> {
        match self.unit_mult {
            Some(m) if same_unit(self.order[i], self.order[j]) => m,
            _ => Wide::ZERO,
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
        let d = (j - i) as u64;
        self.penalty_parts(i, j)
            .wadd(&Wide::from_u64(d * d))
            .wadd(&self.unit_penalty(i, j))
    }

    /// The penalty without the adjacency digit and the 同单位回避 digit: it depends only on the
    /// two players' classes (score level and due colour).
    fn penalty_parts(&self, i: usize, j: usize) -> Wide<8> {
        let (li, lj) = (self.level[i], self.level[j]);
        let mut p = Wide::<8>::ZERO;
        if li != lj {
            let (hi, lo) = if li > lj { (li, lj) } else { (lj, li) };
            let diff = (self.order[i].score.0 - self.order[j].score.0).unsigned_abs();
            p = p
                .wadd(&self.float_cost[hi])
                .wadd(&self.float_cost[lo])
                .wadd(&self.level_mult[hi].mul_u64(diff));
        }
        let (clash, strong) = self.clash(i, j);
        if clash {
            p = p.wadd(&self.weak_mult);
            if self.avoid_third && strong {
                p = p.wadd(&self.strong_mult);
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
    stats: &mut SolveStats,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    solve_graph(order, opts, false, stats)
}

/// [`solve`], on the complete graph if `complete` (no candidate graph, no certificate).
fn solve_graph(
    order: &[&SwissPlayer],
    opts: &SwissOptions,
    complete: bool,
    stats: &mut SolveStats,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    let model = Model::new(order, opts);
    let bits = model.bits();
    if bits <= 120 {
        solve_with::<i128>(&model, complete, stats)
    } else if bits <= 250 {
        solve_with::<Wide<4>>(&model, complete, stats)
    } else if bits <= 314 {
        solve_with::<Wide<5>>(&model, complete, stats)
    } else if bits <= 378 {
        solve_with::<Wide<6>>(&model, complete, stats)
    } else if bits <= 500 {
        solve_with::<Wide<8>>(&model, complete, stats)
    } else {
        Err(PairingError::TooLarge { bits })
    }
}

/// A contiguous range of the order (whole score levels, or the whole field) and its candidate
/// graph.
struct Block<W> {
    start: usize,
    end: usize,
    /// Candidate-window width (each direction, per category); `>= len` means the complete graph.
    window: usize,
    /// Pairs added because the certificate found them violated.
    extra: Vec<(usize, usize)>,
    _w: std::marker::PhantomData<W>,
}

impl<W> Block<W> {
    fn new(start: usize, end: usize, extra: Vec<(usize, usize)>) -> Block<W> {
        let len = end - start;
        Block {
            start,
            end,
            window: if len <= 48 { len } else { 8 },
            extra,
            _w: std::marker::PhantomData,
        }
    }
}

/// A solution of the whole field: partners, vertex duals, per vertex the blossoms containing it
/// (outermost first) and per blossom the running sum of twice the duals of it and the blossoms
/// containing it.
struct Duals<W> {
    mate: Vec<usize>,
    y: Vec<W>,
    /// The chains one after the other (the chain of `v` is
    /// `chain_flat[chain_start[v]..chain_start[v + 1]]`), so that the chains of players close
    /// in rank are close in memory.
    chain_flat: Vec<u32>,
    chain_start: Vec<usize>,
    cum: Vec<W>,
}

impl<W> Duals<W> {
    /// The blossoms containing `v`, outermost first.
    fn chain(&self, v: usize) -> &[u32] {
        &self.chain_flat[self.chain_start[v]..self.chain_start[v + 1]]
    }
}

/// The number of blossoms two players share (the common prefix of their chains) in constant
/// time: with the players sorted by chain, the common prefix of two chains is the least common
/// prefix of neighbours in that order between them (the chains are paths from the outermost
/// blossom of one laminar family, sorted as words), a range minimum of a sparse table.
struct SharedBlossoms {
    /// Each player's place in the order by chain.
    pos: Vec<u32>,
    /// `table[l][k]`: the least common prefix of neighbours `k .. k + 2^l` in that order.
    table: Vec<Vec<u32>>,
}

impl SharedBlossoms {
    fn new<W>(d: &Duals<W>) -> SharedBlossoms {
        let n = d.chain_start.len() - 1;
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_unstable_by(|&a, &b| d.chain(a).cmp(d.chain(b)));
        let mut pos = vec![0u32; n];
        for (k, &v) in order.iter().enumerate() {
            pos[v] = k as u32;
        }
        let common = |a: &[u32], b: &[u32]| a.iter().zip(b).take_while(|(x, y)| x == y).count();
        let first: Vec<u32> = order
            .windows(2)
            .map(|w| common(d.chain(w[0]), d.chain(w[1])) as u32)
            .collect();
        let mut table = vec![first];
        let mut width = 1;
        while 2 * width <= table[0].len() {
            let prev = table.last().expect("a level");
            let next: Vec<u32> = (0..prev.len() - width)
                .map(|k| prev[k].min(prev[k + width]))
                .collect();
            table.push(next);
            width *= 2;
        }
        SharedBlossoms { pos, table }
    }

    /// The number of blossoms containing both `i` and `j` (`i != j`).
    fn count(&self, i: usize, j: usize) -> usize {
        let (a, b) = (self.pos[i].min(self.pos[j]), self.pos[i].max(self.pos[j]));
        // neighbours a .. b - 1
        let len = (b - a) as usize;
        let l = len.ilog2() as usize;
        let row = &self.table[l];
        row[a as usize].min(row[b as usize - (1 << l)]) as usize
    }
}

/// How many times further than the plain window the candidate graph looks for partners of a
/// compatible due colour.
const COMPATIBLE_REACH: usize = 3;

/// How many opposite-due players on each side of the aligned positions are candidates.
const ALIGNED_REACH: isize = 3;

/// Window of the thin graph that warm-starts a block.
const THIN_WINDOW: usize = 2;

/// A fast hasher for the integer keys of the candidate graph's pair set and the certificate's
/// maps (multiply-rotate, as rustc's FxHasher; SipHash's resistance to chosen keys is not
/// needed there, and the iteration order of these sets is never used).
#[derive(Default, Clone, Copy)]
struct FastHasher(u64);

impl std::hash::Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 29)
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// A `HashSet` / `HashMap` with [`FastHasher`].
type FastBuild = std::hash::BuildHasherDefault<FastHasher>;

/// Candidate edges of a block: for every player, the nearest `window` legal partners in the
/// order in each direction (any partner, a partner with a compatible due colour, one without a
/// strong colour clash), a few long-range compatible partners, and the extra pairs.
fn block_edges<W: Weight>(
    model: &Model<'_>,
    block: &Block<W>,
    conv: &impl Fn(Wide<8>) -> Result<W, PairingError>,
) -> Result<Vec<(usize, usize, W)>, PairingError> {
    let (s, e) = (block.start, block.end);
    let len = e - s;
    let window = block.window;
    let mut edges: Vec<(usize, usize, W)> = Vec::new();
    let mut seen: std::collections::HashSet<(usize, usize), FastBuild> =
        std::collections::HashSet::default();
    let mut push = |i: usize, j: usize, edges: &mut Vec<(usize, usize, W)>| {
        let (i, j) = (i.min(j), i.max(j));
        if seen.insert((i, j)) {
            edges.push((i - s, j - s, conv(model.weight(i, j))?));
        }
        Ok::<(), PairingError>(())
    };
    if window >= len {
        for i in s..e {
            for j in i + 1..e {
                if model.allowed(i, j) {
                    push(i, j, &mut edges)?;
                }
            }
        }
        return Ok(edges);
    }
    // compatible colours reach further: inside a level with more players due one colour than
    // the other, the optimal pairs of opposite dues are shifted by up to the surplus
    let limits = [window, COMPATIBLE_REACH * window, window];
    for i in s..e {
        for dir in [1isize, -1] {
            let mut taken = [0usize; 3];
            let mut j = i as isize + dir;
            while (s as isize..e as isize).contains(&j)
                && taken.iter().zip(limits.iter()).any(|(&t, &l)| t < l)
            {
                let ju = j as usize;
                if model.allowed(i, ju) {
                    let (clash, strong) = model.clash(i, ju);
                    let cats = [true, !clash, !strong];
                    let mut useful = false;
                    for ((c, t), &l) in cats.iter().zip(taken.iter_mut()).zip(limits.iter()) {
                        if *c && *t < l {
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
            let mut reach = 16isize;
            while reach < len as isize {
                let mut j = i as isize + dir * reach;
                while (s as isize..e as isize).contains(&j) {
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
    // inside a level, the players due red and those due black pair in order (squared
    // distances are convex), shifted wherever the level has a surplus of one due colour: the
    // k-th red's partners are near the k-th black counted from the start, from the end, and in
    // proportion
    let mut k = s;
    while k < e {
        let mut end = k;
        while end < e && model.level[end] == model.level[k] {
            end += 1;
        }
        let due_of = |c: Color| -> Vec<usize> {
            (k..end)
                .filter(|&v| matches!(model.due[v], Some((d, _)) if d == c))
                .collect()
        };
        let (reds, blacks) = (due_of(Color::Red), due_of(Color::Black));
        let (r, m) = (reds.len() as isize, blacks.len() as isize);
        if r > 0 && m > 0 {
            for (a, &i) in reds.iter().enumerate() {
                let a = a as isize;
                for centre in [a, a + m - r, a * m / r] {
                    for off in -ALIGNED_REACH..=ALIGNED_REACH {
                        let b = centre + off;
                        if (0..m).contains(&b) && model.allowed(i, blacks[b as usize]) {
                            push(i, blacks[b as usize], &mut edges)?;
                        }
                    }
                }
            }
        }
        k = end;
    }
    for &(i, j) in &block.extra {
        push(i, j, &mut edges)?;
    }
    Ok(edges)
}

/// Solves the round as a maximum-weight perfect matching on a sparse candidate graph and
/// certifies it against every legal pair of the whole field with the LP dual (vertex duals plus
/// blossom duals); violated pairs are added to the graph and the matching is solved again. The
/// result is therefore optimal for the complete graph.
///
/// Speed: the first matching is warm-started from separate matchings of blocks of whole score
/// levels (their blossoms dissolved into the vertex duals), and every re-solve from the previous
/// solution, so the blossom algorithm only repairs the few places where they are not optimal.
fn solve_with<W: Weight>(
    model: &Model<'_>,
    complete: bool,
    stats: &mut SolveStats,
) -> Result<Option<Vec<(usize, usize)>>, PairingError> {
    let n = model.order.len();
    if n == 0 {
        return Ok(Some(Vec::new()));
    }
    let conv = |w: Wide<8>| W::from_wide(&w).ok_or(PairingError::TooLarge { bits: w.bits() });
    let mut field: Block<W> = Block::new(0, n, Vec::new());
    if complete {
        field.window = n;
    }
    let mut start = if field.window < n {
        Some(block_start(model, &conv, stats)?)
    } else {
        None
    };
    let certify = Certifier::new(model, &conv)?;
    for iteration in 1.. {
        let edges = block_edges(model, &field, &conv)?;
        let sol = match &start {
            Some((mate, y)) => max_weight_matching_from(n, &edges, mate, y),
            None => max_weight_matching(n, &edges),
        };
        stats.matchings.push(sol.stats);
        if sol.pairs() * 2 < n {
            if field.window < n {
                field.window = (field.window * 4).min(n);
                continue;
            }
            return Ok(None);
        }
        if field.window >= n {
            // the complete graph: optimal by construction
            return Ok(Some(pairs_of(&sol.mate)));
        }
        let mut duals = Duals {
            mate: sol.mate.iter().map(|m| m.unwrap_or(usize::MAX)).collect(),
            y: (0..n).map(|v| sol.vertex_dual(v)).collect(),
            chain_flat: Vec::new(),
            chain_start: Vec::with_capacity(n + 1),
            cum: vec![W::ZERO; 2 * n],
        };
        duals.chain_start.push(0);
        for v in 0..n {
            let mut sum = W::ZERO;
            let chain = sol.blossom_chain(v);
            for &bl in &chain {
                sum = sum.add(sol.dual(bl).double());
                duals.cum[bl] = sum;
            }
            duals
                .chain_flat
                .extend(chain.into_iter().map(|bl| bl as u32));
            duals.chain_start.push(duals.chain_flat.len());
        }
        let (violated, checked) = certify.violations(&duals);
        stats.certified_pairs += checked;
        stats.violated_pairs += violated.len();
        if violated.is_empty() {
            return Ok(Some(pairs_of(&sol.mate)));
        }
        // the neighbours of a violated pair are usually violated next: add them too
        let near = |v: usize| v.saturating_sub(2)..(v + 3).min(n);
        for &(i, j) in &violated {
            for a in near(i) {
                for b in near(j) {
                    if a != b && model.allowed(a, b) && !model.clash(a, b).0 {
                        field.extra.push((a.min(b), a.max(b)));
                    }
                }
            }
        }
        if iteration >= 20 {
            field.window = n;
        }
        start = Some((sol.mate.clone(), sol.dissolved_duals()));
    }
    unreachable!("the loop returns")
}

fn pairs_of(mate: &[Option<usize>]) -> Vec<(usize, usize)> {
    mate.iter()
        .enumerate()
        .filter_map(|(i, m)| m.filter(|&j| j > i).map(|j| (i, j)))
        .collect()
}

/// The reduced-cost check of every pair, grouped by class. A class is a (score level, due
/// colour) pair: every pair of players from classes `A` and `B` has the same penalty apart from
/// the squared distance in the order, so twice its weight is `K(A, B) − 4·dist²` and its slack
/// is `y_i + y_j − K(A, B) + 4·dist² + Z(i, j)` (Z = the duals of the blossoms containing both,
/// ≥ 0). A class pair whose smallest duals already give a non-negative slack is skipped
/// whole; inside the others, a player only needs partners within the distance where
/// `4·dist²` could still be outweighed.
struct Certifier<W> {
    /// Members of each class, in rank order.
    members: Vec<Vec<usize>>,
    /// `K(A, B)` for every pair of non-empty classes, row-major.
    k: Vec<W>,
    classes: usize,
    /// Pairing numbers each player has met (rematches are not pairs).
    met: Vec<std::collections::HashSet<u32>>,
    nos: Vec<u32>,
    /// 同单位回避: four times the cost of a pair of one unit (not in `K`, which is a class's), and
    /// each player's unit.
    unit4: Option<(W, Vec<Option<u32>>)>,
}

impl<W: Weight> Certifier<W> {
    fn new(
        model: &Model<'_>,
        conv: &impl Fn(Wide<8>) -> Result<W, PairingError>,
    ) -> Result<Certifier<W>, PairingError> {
        let n = model.order.len();
        let levels = model.level.iter().copied().max().map_or(0, |l| l + 1);
        let due_code = |d: Option<(Color, bool)>| match d {
            None => 0,
            Some((Color::Red, false)) => 1,
            Some((Color::Red, true)) => 2,
            Some((Color::Black, false)) => 3,
            Some((Color::Black, true)) => 4,
        };
        let classes = levels * 5;
        let mut members = vec![Vec::new(); classes];
        for i in 0..n {
            members[model.level[i] * 5 + due_code(model.due[i])].push(i);
        }
        let four_t = model.total.mul_u64(4);
        let mut k = vec![W::ZERO; classes * classes];
        for a in 0..classes {
            for b in a..classes {
                let (Some(&i), Some(&j)) = (members[a].first(), members[b].first()) else {
                    continue;
                };
                let j = if i == j {
                    match members[a].get(1) {
                        Some(&j) => j,
                        None => continue,
                    }
                } else {
                    j
                };
                let g = model.penalty_parts(i.min(j), i.max(j));
                let v = conv(four_t.wsub(&g.mul_u64(4)))?;
                k[a * classes + b] = v;
                k[b * classes + a] = v;
            }
        }
        Ok(Certifier {
            members,
            k,
            classes,
            met: model
                .order
                .iter()
                .map(|p| p.opponents.iter().copied().collect())
                .collect(),
            nos: model.order.iter().map(|p| p.no).collect(),
            unit4: match model.unit_mult {
                Some(m) => Some((
                    conv(m.mul_u64(4))?,
                    model.order.iter().map(|p| p.unit).collect(),
                )),
                None => None,
            },
        })
    }

    /// Every legal pair with a negative slack, and the number of slacks computed.
    ///
    /// Members of a class are further grouped by the deepest large blossom they lie in (late
    /// rounds nest almost the whole field in a few deep blossoms whose duals push the vertex duals
    /// far down). Two players whose deepest large blossoms are `u` and `w` share every blossom
    /// from the outermost down to the deepest common ancestor of `u` and `w`, so their slack is at
    /// least `y_i + y_j + P − K + 4·dist²`, `P` = twice the duals of those blossoms.
    fn violations(&self, d: &Duals<W>) -> (Vec<(usize, usize)>, usize) {
        let n = d.y.len();
        // large blossoms (every ancestor of a large blossom is larger, so they are a prefix of
        // each chain); the 64 largest at most
        // (blossom indices are below 2n)
        let mut sizes = vec![0usize; d.cum.len()];
        for &b in &d.chain_flat {
            sizes[b as usize] += 1;
        }
        let mut big: Vec<(usize, usize)> = sizes
            .into_iter()
            .enumerate()
            .filter(|&(_, c)| c >= 64)
            .map(|(b, c)| (c, b))
            .collect();
        big.sort_unstable_by(|x, y| y.cmp(x));
        big.truncate(64);
        let big: std::collections::HashSet<usize, FastBuild> =
            big.into_iter().map(|(_, b)| b).collect();
        // depth of the large prefix of each chain
        let depth: Vec<usize> = (0..n)
            .map(|v| {
                d.chain(v)
                    .iter()
                    .take_while(|&&b| big.contains(&(b as usize)))
                    .count()
            })
            .collect();
        // groups: (class, deepest large blossom), members in rank order, a representative
        let mut index: std::collections::HashMap<(usize, usize), usize, FastBuild> =
            std::collections::HashMap::default();
        let mut groups: Vec<(usize, usize, Vec<usize>)> = Vec::new();
        for (class, members) in self.members.iter().enumerate() {
            for &v in members {
                let node = match depth[v] {
                    0 => usize::MAX,
                    k => d.chain(v)[k - 1] as usize,
                };
                let g = *index.entry((class, node)).or_insert_with(|| {
                    groups.push((class, v, Vec::new()));
                    groups.len() - 1
                });
                groups[g].2.push(v);
            }
        }
        // twice the duals of the large blossoms common to two groups
        let common = |x: usize, y: usize| -> W {
            let (cx, cy) = (&d.chain(x)[..depth[x]], &d.chain(y)[..depth[y]]);
            let m = cx.iter().zip(cy.iter()).take_while(|(a, b)| a == b).count();
            if m == 0 {
                W::ZERO
            } else {
                d.cum[cx[m - 1] as usize]
            }
        };
        let min_y: Vec<Option<W>> = groups
            .iter()
            .map(|g| g.2.iter().map(|&v| d.y[v]).min())
            .collect();
        let c = self.classes;
        let mut out = Vec::new();
        let mut computed = 0usize;
        // built at the first exact slack
        let mut shared: Option<SharedBlossoms> = None;
        for (gi, (ca, ra, ma)) in groups.iter().enumerate() {
            for (hj, (cb, rb, mb)) in groups.iter().enumerate().skip(gi) {
                let (Some(min_a), Some(min_b)) = (min_y[gi], min_y[hj]) else {
                    continue;
                };
                // K − P: the blossoms common to the two groups lower the bar
                let k = self.k[ca * c + cb];
                let p_common = common(*ra, *rb);
                let kp = k.sub(p_common);
                // the closest two players of different ranks are at distance 1
                if min_a.add(min_b).sub(kp).add(W::from_u64(4)) >= W::ZERO {
                    continue;
                }
                for &i in ma {
                    // slack ≥ y_i + min y_B + P − K + 4·dist²: partners beyond `reach` are fine
                    let rem = kp.sub(d.y[i]).sub(min_b);
                    if rem <= W::from_u64(4) {
                        continue;
                    }
                    let reach =
                        ((rem.to_f64() / 4.0).sqrt() * (1.0 + 1e-9) + 2.0).min(n as f64) as usize;
                    let lo_rank = if gi == hj {
                        i + 1
                    } else {
                        i.saturating_sub(reach)
                    };
                    let lo = mb.partition_point(|&j| j < lo_rank);
                    let hi = mb.partition_point(|&j| j <= i + reach);
                    // y_i − (K − P), once for all partners
                    let yi_kp = d.y[i].sub(kp);
                    for &j in &mb[lo..hi] {
                        if j == i {
                            continue;
                        }
                        computed += 1;
                        let dist = i.abs_diff(j) as u64;
                        let four_d2 = W::from_u64(4 * dist * dist);
                        let bound = yi_kp.add(d.y[j]).add(four_d2);
                        if bound >= W::ZERO {
                            continue;
                        }
                        if d.mate[i] == j {
                            continue;
                        }
                        // the exact slack: blossoms are nested, the common ones a common prefix
                        // (y_i + y_j − K + 4·dist², from the bound: the same value)
                        let mut s = bound.sub(p_common);
                        debug_assert_eq!(s, d.y[i].add(d.y[j]).sub(k).add(four_d2));
                        let (ci, cj) = (d.chain(i), d.chain(j));
                        let lo = shared
                            .get_or_insert_with(|| SharedBlossoms::new(d))
                            .count(i, j);
                        debug_assert_eq!(
                            lo,
                            ci.iter().zip(cj).take_while(|(a, b)| a == b).count(),
                            "shared blossoms of {i} and {j}"
                        );
                        if lo > 0 {
                            s = s.add(d.cum[ci[lo - 1] as usize]);
                        }
                        // a pair of one unit weighs less than its class pair says
                        if let Some((u4, units)) = &self.unit4
                            && units[i].is_some()
                            && units[i] == units[j]
                        {
                            s = s.add(*u4);
                        }
                        if s >= W::ZERO {
                            continue;
                        }
                        if self.met[i].contains(&self.nos[j]) {
                            continue; // a rematch: not a pair at all
                        }
                        out.push((i.min(j), i.max(j)));
                    }
                }
            }
        }
        (out, computed)
    }
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

/// Test helpers other modules' tests use.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// For tests (the fields come from the simulation module, which uses this one): the total
    /// exact penalty of the sparse, certified solve and of the complete graph.
    pub(crate) fn sparse_and_complete(state: &[SwissPlayer]) -> (Wide<8>, Wide<8>) {
        let n = state.len() as u32;
        let mut order: Vec<&SwissPlayer> = state.iter().collect();
        order.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
        let model = Model::new(&order, &SwissOptions::default());
        let total = |pairs: &[(usize, usize)]| {
            assert_eq!(pairs.len() as u32, n / 2);
            pairs
                .iter()
                .fold(Wide::<8>::ZERO, |t, &(i, j)| t.wadd(&model.penalty(i, j)))
        };
        let opts = SwissOptions::default();
        let mut stats = SolveStats::default();
        let sparse = solve_graph(&order, &opts, false, &mut stats)
            .unwrap()
            .unwrap();
        let full = solve_graph(&order, &opts, true, &mut stats)
            .unwrap()
            .unwrap();
        (total(&sparse), total(&full))
    }

    /// For tests: the blocks of the warm start of the round after `state` whose shifted weights
    /// fit `i128`, each solved in `i128` (duals shifted back) and in `Wide<8>`.
    #[allow(clippy::type_complexity)]
    pub(crate) fn narrow_and_wide_blocks(
        state: &[SwissPlayer],
    ) -> Vec<(
        Option<(Vec<Option<usize>>, Vec<Wide<8>>)>,
        Option<(Vec<Option<usize>>, Vec<Wide<8>>)>,
    )> {
        let mut order: Vec<&SwissPlayer> = state.iter().collect();
        order.sort_by(|a, b| b.score.cmp(&a.score).then(a.no.cmp(&b.no)));
        warm::testing::narrow_and_wide(&Model::new(&order, &SwissOptions::default()))
    }
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
                .map(|c| if c == 'R' { Color::Red } else { Color::Black })
                .collect(),
            byes: 0,
            unit: None,
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
