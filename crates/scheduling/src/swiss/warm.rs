//! The warm start of a Swiss round: every block of whole score levels matched on its own, in
//! the narrowest weight type that holds the block's range ([`Narrow`]).

use xiangqi_matching::{Weight, Wide, max_weight_matching, max_weight_matching_from};

use super::{Block, Model, PairingError, SolveStats, THIN_WINDOW, block_edges};

/// A warm start for the whole field: every block of whole score levels with an even number of
/// players (the parity of a level is what makes it send a floater down) is matched on its own;
/// the blossoms are dissolved into the vertex duals. Blocks without a perfect pairing leave
/// their players free.
///
/// A block's weights span a much narrower range than the field's (a single score level differs
/// only in the colour and adjacency digits): it is solved on its weights less the least of them
/// in the narrowest type that holds them ([`Narrow`]), which is the same solve step for step.
#[allow(clippy::type_complexity)]
pub(super) fn block_start<W: Weight>(
    model: &Model<'_>,
    conv: &impl Fn(Wide<8>) -> Result<W, PairingError>,
    stats: &mut SolveStats,
) -> Result<(Vec<Option<usize>>, Vec<W>), PairingError> {
    let n = model.order.len();
    let mut mate = vec![None; n];
    let mut y = vec![W::ZERO; n];
    for (start, k) in blocks(model) {
        let len = k - start;
        let (thin, edges) = graphs(model, start, k)?;
        let narrow = Narrow::of(thin.iter().flatten().chain(&edges), len);
        let solved = match narrow.map(|s| (s.bits, s)) {
            Some((bits, s)) if bits <= 126 && size_of::<i128>() < size_of::<W>() => {
                s.solve::<i128, W>(len, thin, edges, conv, stats)?
            }
            Some((bits, s)) if bits <= 190 && size_of::<Wide<3>>() < size_of::<W>() => {
                s.solve::<Wide<3>, W>(len, thin, edges, conv, stats)?
            }
            Some((bits, s)) if bits <= 254 && size_of::<Wide<4>>() < size_of::<W>() => {
                s.solve::<Wide<4>, W>(len, thin, edges, conv, stats)?
            }
            _ => {
                let convert = |e: Vec<(usize, usize, Wide<8>)>| {
                    e.into_iter()
                        .map(|(i, j, w)| Ok((i, j, conv(w)?)))
                        .collect::<Result<Vec<_>, PairingError>>()
                };
                let thin = thin.map(convert).transpose()?;
                solve_block(len, thin, convert(edges)?, stats)
            }
        };
        if let Some((m, d)) = solved {
            for (v, d) in d.into_iter().enumerate() {
                y[start + v] = d;
                mate[start + v] = m[v].map(|m| start + m);
            }
        }
    }
    Ok((mate, y))
}

/// The blocks of the warm start, `(start, end)` in the order: whole score levels, each block
/// ending at the first level boundary where it has an even number of players.
fn blocks(model: &Model<'_>) -> Vec<(usize, usize)> {
    let n = model.order.len();
    let mut out = Vec::new();
    let mut start = 0;
    for k in 1..=n {
        let boundary = k == n || model.level[k] != model.level[k - 1];
        if boundary && (k - start) % 2 == 0 {
            out.push((start, k));
            start = k;
        }
    }
    out
}

/// The exact weights of a block's thin graph (for a block larger than its candidate window)
/// and of its candidate graph.
#[allow(clippy::type_complexity)]
fn graphs(
    model: &Model<'_>,
    start: usize,
    end: usize,
) -> Result<
    (
        Option<Vec<(usize, usize, Wide<8>)>>,
        Vec<(usize, usize, Wide<8>)>,
    ),
    PairingError,
> {
    let exact = |w: Wide<8>| Ok::<_, PairingError>(w);
    // a thin graph first (cheap stages), then the candidate graph from its duals
    let mut block: Block<Wide<8>> = Block::new(start, end, Vec::new());
    let full_window = block.window;
    let thin = if full_window < end - start {
        block.window = THIN_WINDOW;
        let thin = block_edges(model, &block, &exact)?;
        block.window = full_window;
        Some(thin)
    } else {
        None
    };
    Ok((thin, block_edges(model, &block, &exact)?))
}

/// One block of the warm start: the thin graph (if any) cold, then the candidate graph warm
/// from it. The matching and the dissolved duals if the block is perfectly paired.
#[allow(clippy::type_complexity)]
fn solve_block<V: Weight>(
    len: usize,
    thin: Option<Vec<(usize, usize, V)>>,
    edges: Vec<(usize, usize, V)>,
    stats: &mut SolveStats,
) -> Option<(Vec<Option<usize>>, Vec<V>)> {
    let mut start = None;
    if let Some(thin) = thin {
        let sol = max_weight_matching(len, &thin);
        stats.matchings.push(sol.stats);
        if sol.pairs() * 2 == len {
            start = Some(sol);
        }
    }
    let sol = match start {
        Some(thin) => max_weight_matching_from(len, &edges, &thin.mate, &thin.dissolved_duals()),
        None => max_weight_matching(len, &edges),
    };
    stats.matchings.push(sol.stats);
    (sol.pairs() * 2 == len).then(|| (sol.mate.clone(), sol.dissolved_duals()))
}

/// The weights of a block less their least value `base`, solved in a narrower type than the
/// field's.
///
/// Why the solve is the same step for step: subtracting an even constant `C` from every weight
/// (weights are even, so is their least value) and from every vertex dual leaves every slack
/// `y_i + y_j − 2w` and every blossom dual as it was, and each start shifts with it (the greedy
/// start's duals are weights or weights less duals, the uniform start's is the largest weight,
/// still ≥ 0 after the shift; the warm start keeps the parity of the duals). The solver decides
/// only by comparing slacks, blossom duals and the stage's total adjustment, so it takes the
/// same decisions in the same order and ends with the same matching and the duals less `C`,
/// which [`Narrow::solve`] adds back.
///
/// Why the narrow type holds the solve: `bits` (what the caller checks against the type's
/// width) is the bits of the shifted weights' range plus [`Narrow::HEADROOM`] — a dual
/// adjustment is one slack, so the duals of a solve stay within a few times the number of
/// vertices (below 2^20, checked) times that range. The pairing's optimality never rests on
/// this: a block only warm-starts the field's solve, which accepts any start and is certified
/// in the field's own type.
struct Narrow {
    base: Wide<8>,
    /// Bits the solve needs: the range's bits plus the headroom.
    bits: u32,
}

impl Narrow {
    /// Bits added to the range's: 20 for the vertices (a block below 2^20 players), 8 more.
    const HEADROOM: u32 = 28;

    /// The shift for weights `ws` of a block of `len` players; `None` for an empty graph or a
    /// block of 2^20 players or more.
    fn of<'e>(ws: impl Iterator<Item = &'e (usize, usize, Wide<8>)>, len: usize) -> Option<Narrow> {
        if len >= 1 << 20 {
            return None;
        }
        let (mut lo, mut hi) = (None::<Wide<8>>, None::<Wide<8>>);
        for &(_, _, w) in ws {
            lo = Some(lo.map_or(w, |l| l.min(w)));
            hi = Some(hi.map_or(w, |h| h.max(w)));
        }
        let (base, hi) = (lo?, hi?);
        Some(Narrow {
            base,
            bits: hi.wsub(&base).bits() + Narrow::HEADROOM,
        })
    }

    /// [`solve_block`] in `V` on the shifted weights; the duals shifted back, as `W`s.
    #[allow(clippy::type_complexity)]
    fn solve<V: Weight, W: Weight>(
        &self,
        len: usize,
        thin: Option<Vec<(usize, usize, Wide<8>)>>,
        edges: Vec<(usize, usize, Wide<8>)>,
        conv: &impl Fn(Wide<8>) -> Result<W, PairingError>,
        stats: &mut SolveStats,
    ) -> Result<Option<(Vec<Option<usize>>, Vec<W>)>, PairingError> {
        let shift = |e: Vec<(usize, usize, Wide<8>)>| {
            e.into_iter()
                .map(|(i, j, w)| {
                    let d = w.wsub(&self.base);
                    V::from_wide(&d)
                        .map(|v| (i, j, v))
                        .ok_or(PairingError::TooLarge { bits: d.bits() })
                })
                .collect::<Result<Vec<_>, PairingError>>()
        };
        let thin = thin.map(shift).transpose()?;
        let Some((mate, duals)) = solve_block(len, thin, shift(edges)?, stats) else {
            return Ok(None);
        };
        let base = conv(self.base)?;
        let duals = duals
            .into_iter()
            .map(|v| {
                let d = v.to_wide();
                Ok(if d.is_negative() {
                    base.sub(conv(Wide::ZERO.wsub(&d))?)
                } else {
                    base.add(conv(d)?)
                })
            })
            .collect::<Result<Vec<W>, PairingError>>()?;
        Ok(Some((mate, duals)))
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A block's solution: the matching and the dissolved duals.
    type Solved = Option<(Vec<Option<usize>>, Vec<Wide<8>>)>;

    /// For tests (the fields come from the simulation module): every block of the warm start
    /// whose shifted weights fit `i128`, solved in `i128` (shifted back) and in `Wide<8>`.
    pub(crate) fn narrow_and_wide(model: &Model<'_>) -> Vec<(Solved, Solved)> {
        let conv = |w: Wide<8>| Ok::<_, PairingError>(w);
        let mut out = Vec::new();
        for (start, end) in blocks(model) {
            let (thin, edges) = graphs(model, start, end).unwrap();
            let Some(narrow) = Narrow::of(thin.iter().flatten().chain(&edges), end - start) else {
                continue;
            };
            if narrow.bits > 126 {
                continue;
            }
            let mut stats = SolveStats::default();
            let shifted = narrow
                .solve::<i128, Wide<8>>(end - start, thin.clone(), edges.clone(), &conv, &mut stats)
                .unwrap();
            let wide = solve_block(end - start, thin, edges, &mut stats);
            out.push((shifted, wide));
        }
        out
    }
}
