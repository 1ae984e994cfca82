//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal–dual form).
//!
//! A port of the classical O(V³) formulation by J. van Rantwijk (as used in NetworkX), restricted
//! to the *maximum-cardinality* mode: among the matchings of largest size it returns one of
//! largest total weight. Weights are exact integers of a [`Weight`] type wide enough to hold the
//! lexicographic "digits" of the Swiss pairing criteria (`i128`, or the fixed-width [`Wide`]).
//!
//! Two additions serve large fields:
//! * a greedy start: every vertex dual is set to its best edge weight, then lowered to the least
//!   feasible value, and mutually tight edges are matched before the first stage;
//! * [`MatchingSolution::slack`] evaluates the reduced cost of *any* vertex pair under the final
//!   duals, so a caller can solve on a sparse candidate graph and certify (or refute) that the
//!   result is optimal for the complete graph — the certificate of the linear-programming dual.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::weight::Weight;

const NONE: usize = usize::MAX;

/// A candidate of the dual adjustment in a heap: `(key, position, index, edge)`. The key is the
/// candidate's value when pushed plus the stage's total adjustment then, so that it is a lower
/// bound of the current value plus the current total (no candidate's value falls by more than
/// one adjustment per adjustment); the position is its place in the stage's list, which breaks
/// ties as the linear scan of the list did.
type Candidates<W> = BinaryHeap<Reverse<(W, usize, usize, usize)>>;

/// What one solve did, returned with every [`MatchingSolution`] (for benchmarks and reports;
/// the library prints nothing).
///
/// ```
/// use xiangqi_matching::max_weight_matching;
///
/// // a triangle with a pendant edge: the odd cycle is shrunk into a blossom on the way
/// let sol = max_weight_matching(4, &[(0, 1, 10i128), (1, 2, 10), (0, 2, 10), (2, 3, 2)]);
/// assert_eq!(sol.pairs(), 2);
/// assert_eq!((sol.stats.vertices, sol.stats.edges), (4, 4));
/// assert!(!sol.stats.warm);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Vertices of the graph.
    pub vertices: usize,
    /// Edges of the graph.
    pub edges: usize,
    /// Started from a given matching and duals ([`max_weight_matching_from`]) rather than the
    /// greedy start.
    pub warm: bool,
    /// Free vertices after the (greedy or warm) start.
    pub free_at_start: usize,
    /// Free vertices after augmenting along paths of tight edges, when the stages begin.
    pub free_after_tight_paths: usize,
    /// Stages of the blossom algorithm (each ends with an augmentation or the proof that none
    /// exists).
    pub stages: usize,
    /// Augmenting paths flipped by the stages.
    pub augmentations: usize,
    /// Blossoms formed (odd cycles shrunk).
    pub blossoms_formed: usize,
    /// Blossoms expanded (during a stage or at its end).
    pub blossoms_expanded: usize,
    /// Dual adjustments (the steps between which labels grow).
    pub dual_updates: usize,
    /// The start left a vertex free at the end, and the solve was repeated from the classical
    /// uniform start (a non-uniform start certifies only perfect matchings).
    pub restarted: bool,
    /// Time spent building the start (duals, tight matching, tight paths).
    pub start_time: std::time::Duration,
    /// Time spent in the stages.
    pub solve_time: std::time::Duration,
}

/// The result of [`max_weight_matching`]: the matching and the final dual solution.
///
/// ```
/// use xiangqi_matching::max_weight_matching;
///
/// // a square 0–1–2–3–0 with one heavy side: 0–1 and 2–3 together weigh 20, 1–2 and 3–0 just 8
/// let edges = [(0, 1, 12i128), (1, 2, 4), (2, 3, 8), (3, 0, 4)];
/// let sol = max_weight_matching(4, &edges);
/// assert_eq!(sol.mate[0], Some(1));
/// assert_eq!(sol.pairs(), 2);
/// // the certificate: matched edges are tight, no edge has a negative slack
/// assert_eq!(sol.slack(0, 1, 12), 0);
/// assert!(sol.slack(1, 2, 4) >= 0);
/// ```
#[derive(Debug, Clone)]
pub struct MatchingSolution<W> {
    /// `mate[v]` = the vertex matched to `v`, if any.
    pub mate: Vec<Option<usize>>,
    /// What the solve did.
    pub stats: Stats,
    dualvar: Vec<W>,
    blossomparent: Vec<usize>,
}

impl<W: Weight> MatchingSolution<W> {
    /// The blossoms containing `v`, outermost first (excluding `v` itself).
    pub fn blossom_chain(&self, v: usize) -> Vec<usize> {
        let mut c = Vec::new();
        let mut x = v;
        while self.blossomparent[x] != NONE {
            x = self.blossomparent[x];
            c.push(x);
        }
        c.reverse();
        c
    }

    /// The dual of a vertex or blossom (twice the LP value for vertices).
    pub fn dual(&self, b: usize) -> W {
        self.dualvar[b]
    }

    /// The final dual of a vertex (twice the LP value).
    pub fn vertex_dual(&self, v: usize) -> W {
        self.dualvar[v]
    }

    /// Vertex duals with every blossom dissolved: each vertex gets the duals of the blossoms
    /// containing it added. Every edge stays feasible (its slack only grows), the blossom-free
    /// duals are a valid warm start for [`max_weight_matching_from`].
    pub fn dissolved_duals(&self) -> Vec<W> {
        (0..self.mate.len())
            .map(|v| {
                let mut y = self.dualvar[v];
                let mut x = v;
                while self.blossomparent[x] != NONE {
                    x = self.blossomparent[x];
                    y = y.add(self.dualvar[x]);
                }
                y
            })
            .collect()
    }

    /// Number of matched pairs.
    pub fn pairs(&self) -> usize {
        self.mate.iter().filter(|m| m.is_some()).count() / 2
    }

    /// Reduced cost (twice the LP slack) of the pair `(i, j)` with weight `w` under the final
    /// duals. A perfect matching is optimal for a graph iff every edge has slack ≥ 0.
    pub fn slack(&self, i: usize, j: usize, w: W) -> W {
        let mut s = self.dualvar[i].add(self.dualvar[j]).sub(w.double());
        if self.blossomparent[i] == NONE || self.blossomparent[j] == NONE {
            return s;
        }
        let chain = |mut v: usize| {
            let mut c = vec![v];
            while self.blossomparent[v] != NONE {
                v = self.blossomparent[v];
                c.push(v);
            }
            c.reverse();
            c
        };
        let (ci, cj) = (chain(i), chain(j));
        for (bi, bj) in ci.iter().zip(cj.iter()) {
            if bi != bj {
                break;
            }
            s = s.add(self.dualvar[*bi].double());
        }
        s
    }
}

/// Computes a maximum-cardinality matching of maximum weight among those of that cardinality.
///
/// `edges` are `(i, j, w)` with `i != j < n`; every weight must be even and non-negative (the
/// caller doubles its weights), which keeps every dual an exact integer.
///
/// ```
/// use xiangqi_matching::{Wide, max_weight_matching};
///
/// // weights too wide for i128: 2^200 plus small "digits"
/// let big = Wide::<4>([0, 0, 0, 1 << 8]);
/// let w = |d: u64| big.wadd(&Wide::from_u64(d)).mul_u64(2);
/// let sol = max_weight_matching(4, &[(0, 1, w(1)), (0, 2, w(5)), (1, 3, w(5)), (2, 3, w(1))]);
/// assert_eq!(sol.mate, vec![Some(2), Some(3), Some(0), Some(1)]);
/// ```
pub fn max_weight_matching<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> MatchingSolution<W> {
    run(n, edges, None)
}

/// [`max_weight_matching`] from a warm start: a previous matching and vertex duals (for
/// instance an earlier solution whose blossoms were dissolved into its vertex duals, see
/// [`MatchingSolution::dissolved_duals`]). Duals too low for some edge are raised and the
/// matched edges that are no longer tight are dropped, so any start is accepted; a good one
/// leaves few free vertices and few stages. The result is an optimum, as without a start.
///
/// ```
/// use xiangqi_matching::{max_weight_matching, max_weight_matching_from};
///
/// let mut edges = vec![(0, 1, 10i128), (2, 3, 10), (1, 2, 4)];
/// let first = max_weight_matching(4, &edges);
/// // the graph changes a little: re-solve from the first solution
/// edges.push((0, 3, 40));
/// let again = max_weight_matching_from(4, &edges, &first.mate, &first.dissolved_duals());
/// assert_eq!(again.mate, vec![Some(3), Some(2), Some(1), Some(0)]);
/// assert!(again.stats.warm);
/// ```
pub fn max_weight_matching_from<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    mate: &[Option<usize>],
    duals: &[W],
) -> MatchingSolution<W> {
    run(n, edges, Some((mate, duals)))
}

fn run<W: Weight>(
    n: usize,
    edges: &[(usize, usize, W)],
    start: Option<(&[Option<usize>], &[W])>,
) -> MatchingSolution<W> {
    let t = std::time::Instant::now();
    let mut m = Matcher::new(n, edges);
    match start {
        Some((mate, duals)) => m.warm_start(mate, duals),
        None => m.greedy_start(),
    }
    let mut stats = Stats {
        vertices: n,
        edges: edges.len(),
        warm: start.is_some(),
        free_at_start: m.free_count(),
        ..Stats::default()
    };
    m.augment_tight();
    stats.free_after_tight_paths = m.free_count();
    stats.start_time = t.elapsed();
    let t = std::time::Instant::now();
    m.solve(&mut stats);
    if m.mate.contains(&NONE) {
        // A non-uniform start is certified only for perfect matchings (free vertices must share
        // one dual otherwise): solve again from the uniform start of the classical algorithm.
        stats.restarted = true;
        m = Matcher::new(n, edges);
        m.solve(&mut stats);
    }
    stats.solve_time = t.elapsed();
    let mate = (0..n)
        .map(|v| {
            if m.mate[v] == NONE {
                None
            } else {
                Some(m.endpoint[m.mate[v]])
            }
        })
        .collect();
    MatchingSolution {
        mate,
        stats,
        dualvar: m.dualvar,
        blossomparent: m.blossomparent,
    }
}

/// One end of an edge in a vertex's adjacency: the remote endpoint `p` (of edge `p / 2`), the
/// neighbour `endpoint[p]` and twice the edge's weight, so that scanning a vertex's edges reads
/// contiguous runs of memory instead of one cache line per edge somewhere in `edges`.
#[derive(Clone, Copy)]
struct Adj<W> {
    wt2: W,
    p: usize,
    w: usize,
}

/// How [`Matcher`] stores an [`Adj`], in 24 bytes whatever the width of `W`: the two indices
/// narrow, twice the weight split into its low 64 bits `lo` and the rest, `hi` being an index
/// into [`Matcher::wt2_hi`] (a graph's weights have few distinct high parts: those of the
/// Swiss digits above the adjacency and colour digits), so that the scan of a vertex's edges
/// reads a short contiguous run of memory.
#[derive(Clone, Copy)]
struct AdjEnd {
    lo: u64,
    p: u32,
    w: u32,
    hi: u32,
}

struct Matcher<'a, W> {
    n: usize,
    edges: &'a [(usize, usize, W)],
    endpoint: Vec<usize>,
    /// The adjacency of vertex `v` is `adj[adj_start[v]..adj_start[v + 1]]`, in edge order.
    adj_start: Vec<usize>,
    adj: Vec<AdjEnd>,
    /// The distinct high parts of the doubled weights (multiples of 2^64), see [`AdjEnd`].
    wt2_hi: Vec<W>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    /// What gives the slack of `bestedge[x]` without reading the edge (see
    /// [`Matcher::best_slack`]): the far end of a least-slack edge is always an S-vertex, whose
    /// stored (lazy) dual does not change for the rest of the stage.
    best_off: Vec<W>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
    /// Vertices and blossoms labelled in this stage: the delta search and the reset between
    /// stages touch only these.
    lab_list: Vec<usize>,
    /// The blossoms of `lab_list` (the only labelled indices whose stored dual a dual
    /// adjustment changes: vertices follow it lazily, see [`Matcher::vmode`]).
    lab_blossoms: Vec<usize>,
    /// Vertices and blossoms whose `bestedge` / `blossombestedges` were set in this stage.
    best_list: Vec<usize>,
    /// Edges made allowed in this stage.
    allow_list: Vec<usize>,
    /// Membership flags of `lab_list` and `best_list` (each index listed once per stage).
    in_lab: Vec<bool>,
    in_best: Vec<bool>,
    /// Scratch of [`Matcher::add_blossom`], all `NONE` between calls.
    bestedgeto: Vec<usize>,
    /// Scratch of [`Matcher::add_blossom`] beside `bestedgeto`: the slack of the edge set there.
    bestslackto: Vec<W>,
    /// Position of each index in `lab_list` / `best_list` (valid while `in_lab` / `in_best`).
    lab_pos: Vec<usize>,
    best_pos: Vec<usize>,
    /// Sum of the dual adjustments of this stage.
    stage_delta: W,
    /// What a vertex's stored dual is off by, per mode ([`Matcher::vmode`]): `[0, −stage_delta,
    /// stage_delta]`, so that [`Matcher::y`] is one addition without a branch.
    mode_off: [W; 3],
    /// Scratch of [`Matcher::assign_label`] (empty between calls).
    leaf_buf: Vec<usize>,
    /// Scratch stack of [`Matcher::leaves`] (which is not re-entered while it runs).
    leaf_stack: std::cell::RefCell<Vec<usize>>,
    /// Candidates of the dual adjustment, by kind: an unlabelled vertex's least-slack edge to
    /// an S-vertex (2), a top-level S-blossom's least-slack edge to another S-blossom (3), a
    /// top-level T-blossom's dual (4). Entries are checked when they reach the top; stale ones
    /// are dropped or pushed again with their current key.
    heap2: Candidates<W>,
    heap3: Candidates<W>,
    heap4: Candidates<W>,
    /// Indices whose least-slack edge was set since the last dual adjustment: they enter the
    /// heaps (with their current key) just before the next one, so that a vertex whose edge
    /// improves several times while the queue is scanned is pushed once. The heaps answer the
    /// same: the entries left out are superseded ones, never again the least candidate.
    dirty: Vec<usize>,
    in_dirty: Vec<bool>,
    /// Lazy vertex duals: a vertex whose top-level blossom is labelled S (1) or T (2) changes
    /// by every dual adjustment, so its dual is stored as `y + stage_delta` (S) or
    /// `y - stage_delta` (T) and a dual adjustment touches no vertex. The mode is changed (and
    /// the dual rewritten) whenever the label of the vertex's top-level blossom changes.
    vmode: Vec<u8>,
    /// Vertices given a mode in this stage (to write back at its end).
    moded: Vec<usize>,
}

impl<'a, W: Weight> Matcher<'a, W> {
    fn new(n: usize, edges: &'a [(usize, usize, W)]) -> Self {
        let ne = edges.len();
        let mut endpoint = Vec::with_capacity(2 * ne);
        let mut adj_start = vec![0usize; n + 1];
        for &(i, j, _) in edges {
            endpoint.push(i);
            endpoint.push(j);
            adj_start[i + 1] += 1;
            adj_start[j + 1] += 1;
        }
        for v in 0..n {
            adj_start[v + 1] += adj_start[v];
        }
        assert!(
            n <= u32::MAX as usize && 2 * ne <= u32::MAX as usize,
            "graph too large for 32-bit vertex and endpoint indices"
        );
        let mut fill = adj_start.clone();
        let mut adj = vec![
            AdjEnd {
                lo: 0,
                p: 0,
                w: 0,
                hi: 0
            };
            2 * ne
        ];
        let mut wt2_hi = Vec::new();
        let mut hi_index = std::collections::BTreeMap::new();
        for (k, &(i, j, wt)) in edges.iter().enumerate() {
            let wt2 = wt.double();
            // exact in W: wt2 = hi + lo with 0 <= lo < 2^64
            let lo = wt2.to_wide().0[0];
            let hi_part = wt2.sub(W::from_u64(lo));
            let hi = *hi_index.entry(hi_part).or_insert_with(|| {
                wt2_hi.push(hi_part);
                (wt2_hi.len() - 1) as u32
            });
            adj[fill[i]] = AdjEnd {
                lo,
                p: (2 * k + 1) as u32,
                w: j as u32,
                hi,
            };
            fill[i] += 1;
            adj[fill[j]] = AdjEnd {
                lo,
                p: (2 * k) as u32,
                w: i as u32,
                hi,
            };
            fill[j] += 1;
        }
        let maxweight = edges
            .iter()
            .map(|e| e.2)
            .max()
            .unwrap_or(W::ZERO)
            .max(W::ZERO);
        let mut dualvar = vec![maxweight; n];
        dualvar.extend(std::iter::repeat_n(W::ZERO, n));
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.extend(std::iter::repeat_n(NONE, n));
        Matcher {
            n,
            edges,
            endpoint,
            adj_start,
            adj,
            wt2_hi,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            best_off: vec![W::ZERO; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowedge: vec![false; ne],
            queue: Vec::new(),
            lab_list: Vec::new(),
            lab_blossoms: Vec::new(),
            best_list: Vec::new(),
            allow_list: Vec::new(),
            in_lab: vec![false; 2 * n],
            in_best: vec![false; 2 * n],
            bestedgeto: vec![NONE; 2 * n],
            bestslackto: vec![W::ZERO; 2 * n],
            lab_pos: vec![NONE; 2 * n],
            best_pos: vec![NONE; 2 * n],
            stage_delta: W::ZERO,
            mode_off: [W::ZERO; 3],
            leaf_buf: Vec::new(),
            leaf_stack: std::cell::RefCell::new(Vec::new()),
            heap2: BinaryHeap::new(),
            heap3: BinaryHeap::new(),
            heap4: BinaryHeap::new(),
            dirty: Vec::new(),
            in_dirty: vec![false; 2 * n],
            vmode: vec![0; n],
            moded: Vec::new(),
        }
    }

    /// Feasible non-uniform vertex duals and a matching of tight edges. Correct for the
    /// maximum-cardinality mode used here: a perfect matching with feasible duals is optimal
    /// whatever the duals of free vertices were; all duals stay even, so halving is exact.
    fn greedy_start(&mut self) {
        let n = self.n;
        for v in 0..n {
            let best = self
                .neighbours(v)
                .map(|a| self.edges[a.p / 2].2)
                .max()
                .unwrap_or(W::ZERO);
            self.dualvar[v] = best;
        }
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            self.tighten_and_match(v);
        }
    }

    /// Starts from given vertex duals and matching: raises duals until every edge is feasible,
    /// keeps the given pairs that are tight edges, then lowers each free vertex's dual to its
    /// least feasible value and matches it to a tight free neighbour, as the greedy start does.
    /// Lowers the free vertex `v`'s dual to the least feasible value, then matches it to a free
    /// neighbour whose edge is tight (preferring free neighbours among the edges that set the
    /// value).
    fn tighten_and_match(&mut self, v: usize) {
        let mut best: Option<(W, usize)> = None;
        for a in self.neighbours(v) {
            let (p, w) = (a.p, a.w);
            let need = a.wt2.sub(self.dualvar[w]);
            let better = match best {
                None => true,
                Some((b, bp)) => {
                    need > b
                        || (need == b
                            && self.mate[self.endpoint[bp]] != NONE
                            && self.mate[w] == NONE)
                }
            };
            if better {
                best = Some((need, p));
            }
        }
        if let Some((need, p)) = best {
            if need < self.dualvar[v] {
                self.dualvar[v] = need;
            }
            let w = self.endpoint[p];
            if self.mate[w] == NONE && w != v && self.slack(p / 2) == W::ZERO {
                self.mate[v] = p;
                self.mate[w] = p ^ 1;
            }
        }
    }

    fn warm_start(&mut self, mate: &[Option<usize>], duals: &[W]) {
        let n = self.n;
        for v in 0..n {
            // even duals, as the greedy start has (weights are even): halving stays exact
            let y = duals.get(v).copied().unwrap_or(W::ZERO);
            self.dualvar[v] = if y.half().double() == y {
                y
            } else {
                y.add(W::from_u64(1))
            };
        }
        // feasibility: raise the endpoint that is not matched to the other in the start
        for k in 0..self.edges.len() {
            let s = self.slack(k);
            if s < W::ZERO {
                let (i, j, _) = self.edges[k];
                let v = if mate.get(i).copied().flatten().is_some() {
                    j
                } else {
                    i
                };
                // s is even: both duals and the doubled weight are
                self.dualvar[v] = self.dualvar[v].sub(s);
            }
        }
        for v in 0..n {
            let Some(Some(w)) = mate.get(v).copied() else {
                continue;
            };
            if self.mate[v] != NONE || w >= n || mate.get(w).copied().flatten() != Some(v) {
                continue;
            }
            let tight = self
                .neighbours(v)
                .map(|a| a.p)
                .find(|&p| self.endpoint[p] == w && self.slack(p / 2) == W::ZERO);
            if let Some(p) = tight {
                self.mate[v] = p;
                self.mate[w] = p ^ 1;
            }
        }
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            self.tighten_and_match(v);
        }
    }

    /// Augments the greedy matching along alternating paths of tight edges (Kuhn's depth-first
    /// search with a budget; any simple alternating path is a valid augmenting path, blossoms are
    /// left to the main algorithm). The duals do not change and every matched edge stays tight,
    /// so this only removes stages from [`Matcher::solve`].
    fn augment_tight(&mut self) {
        let n = self.n;
        let mut stamp = vec![0u32; n];
        let mut round = 0u32;
        for root in 0..n {
            if self.mate[root] != NONE {
                continue;
            }
            round += 1;
            stamp[root] = round;
            let mut budget = 256usize;
            self.tight_dfs(root, &mut stamp, round, 0, &mut budget);
        }
    }

    /// Tries to match `u` (free, or whose old partner was taken) along tight edges; on success
    /// `u` is matched and the path flipped.
    fn tight_dfs(
        &mut self,
        u: usize,
        stamp: &mut [u32],
        round: u32,
        depth: usize,
        budget: &mut usize,
    ) -> bool {
        if depth > 48 {
            return false;
        }
        for idx in self.adj_start[u]..self.adj_start[u + 1] {
            if *budget == 0 {
                return false;
            }
            *budget -= 1;
            let Adj { wt2, p, w } = self.adj_at(idx);
            if stamp[w] == round || self.dualvar[u].add(self.dualvar[w]).sub(wt2) != W::ZERO {
                continue;
            }
            stamp[w] = round;
            let m = self.mate[w];
            if m == NONE {
                self.mate[u] = p;
                self.mate[w] = p ^ 1;
                return true;
            }
            let x = self.endpoint[m];
            if stamp[x] == round {
                continue;
            }
            stamp[x] = round;
            if self.tight_dfs(x, stamp, round, depth + 1, budget) {
                // x found a new partner; u takes w
                self.mate[u] = p;
                self.mate[w] = p ^ 1;
                return true;
            }
        }
        false
    }

    /// The edge ends at vertex `v`, in edge order.
    fn neighbours(&self, v: usize) -> impl Iterator<Item = Adj<W>> + '_ {
        (self.adj_start[v]..self.adj_start[v + 1]).map(|idx| self.adj_at(idx))
    }

    /// Twice the weight of the edge of `adj[idx]`.
    fn wt2(&self, idx: usize) -> W {
        let a = self.adj[idx];
        self.wt2_hi[a.hi as usize].add(W::from_u64(a.lo))
    }

    /// The edge end at `idx` of the adjacency.
    fn adj_at(&self, idx: usize) -> Adj<W> {
        let AdjEnd { p, w, .. } = self.adj[idx];
        Adj {
            wt2: self.wt2(idx),
            p: p as usize,
            w: w as usize,
        }
    }

    /// The current dual of vertex `v` (see [`Matcher::vmode`]).
    fn y(&self, v: usize) -> W {
        self.dualvar[v].add(self.mode_off[self.vmode[v] as usize])
    }

    /// Sets the stage's total adjustment (and [`Matcher::mode_off`] with it).
    fn set_stage_delta(&mut self, d: W) {
        self.stage_delta = d;
        self.mode_off = [W::ZERO, W::ZERO.sub(d), d];
    }

    /// Sets the lazy mode of vertex `v` (0 = fixed, 1 = falls with every adjustment, 2 =
    /// rises), keeping its current dual.
    fn set_mode(&mut self, v: usize, m: u8) {
        let y = self.y(v);
        self.dualvar[v] = match m {
            0 => y,
            1 => y.add(self.stage_delta),
            _ => y.sub(self.stage_delta),
        };
        if self.vmode[v] == 0 && m != 0 {
            self.moded.push(v);
        }
        self.vmode[v] = m;
    }

    /// Gives every vertex of `b` the mode of its top-level blossom's label.
    fn remode_leaves(&mut self, b: usize) {
        let mut l = Vec::new();
        self.leaves(b, &mut l);
        for v in l {
            let t = self.label[self.inblossom[v]];
            self.set_mode(v, if t == 1 || t == 2 { t } else { 0 });
        }
    }

    /// Writes every lazy vertex dual back (all modes 0).
    fn fix_duals(&mut self) {
        for v in std::mem::take(&mut self.moded) {
            self.set_mode(v, 0);
        }
    }

    fn free_count(&self) -> usize {
        self.mate.iter().filter(|&&x| x == NONE).count()
    }

    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.y(i).add(self.y(j)).sub(w.double())
    }

    /// The current slack of `bestedge[x]` (set), from [`Matcher::best_off`]: for a vertex
    /// `y(x) + best_off[x] − stage_delta` (the far end is an S-vertex), for a blossom
    /// `best_off[x] − 2·stage_delta` (both ends are S-vertices). The same value as
    /// [`Matcher::slack`] (checked in debug builds) without reading the edge and its far end.
    fn best_slack(&self, x: usize) -> W {
        let s = if x < self.n {
            self.y(x).add(self.best_off[x]).sub(self.stage_delta)
        } else {
            self.best_off[x].sub(self.stage_delta.double())
        };
        debug_assert_eq!(s, self.slack(self.bestedge[x]), "cached slack of {x}");
        s
    }

    fn set_label(&mut self, x: usize, t: u8) {
        self.label[x] = t;
        if t != 0 && !self.in_lab[x] {
            self.in_lab[x] = true;
            self.lab_pos[x] = self.lab_list.len();
            self.lab_list.push(x);
            if x >= self.n {
                self.lab_blossoms.push(x);
            }
        }
        if t == 2 && x >= self.n {
            self.push_candidates(x);
        }
    }

    fn note_best(&mut self, x: usize) {
        if !self.in_best[x] {
            self.in_best[x] = true;
            self.best_pos[x] = self.best_list.len();
            self.best_list.push(x);
        }
    }

    /// Makes edge `k`, of current slack `slack`, the least-slack edge of `x`.
    fn set_best(&mut self, x: usize, k: usize, slack: W) {
        // slack = y(x) + y(o) − 2w with o an S-vertex (y(o) = its stored dual − stage_delta);
        // a blossom's edge joins two S-vertices
        let off = if x < self.n {
            slack.sub(self.y(x)).add(self.stage_delta)
        } else {
            slack.add(self.stage_delta.double())
        };
        self.set_best_off(x, k, off);
    }

    /// [`Matcher::set_best`] given the edge's [`Matcher::best_off`] value instead of its slack.
    fn set_best_off(&mut self, x: usize, k: usize, off: W) {
        self.bestedge[x] = k;
        self.best_off[x] = off;
        self.note_best(x);
        if !self.in_dirty[x] {
            self.in_dirty[x] = true;
            self.dirty.push(x);
        }
    }

    /// Pushes every index of [`Matcher::dirty`] into the candidate heaps.
    fn push_dirty(&mut self) {
        let dirty = std::mem::take(&mut self.dirty);
        for &x in &dirty {
            self.in_dirty[x] = false;
            self.push_candidates(x);
        }
        self.dirty = dirty;
        self.dirty.clear();
    }

    /// Pushes `x` into every candidate heap whose kind it may be now (the checks at the top
    /// decide), with its current value as the key.
    fn push_candidates(&mut self, x: usize) {
        let k = self.bestedge[x];
        if k != NONE && self.in_best[x] {
            let pos = self.best_pos[x];
            let s = self.best_slack(x);
            if x < self.n && self.label[self.inblossom[x]] != 1 {
                self.heap2
                    .push(Reverse((s.add(self.stage_delta), pos, x, k)));
            }
            if self.label[x] == 1 {
                self.heap3
                    .push(Reverse((s.half().add(self.stage_delta), pos, x, k)));
            }
        }
        if x >= self.n && self.label[x] == 2 && self.in_lab[x] {
            let key = self.dualvar[x].add(self.stage_delta);
            self.heap4.push(Reverse((key, self.lab_pos[x], x, NONE)));
        }
    }

    /// The current value of a candidate of kind `kind`, or `None` if it is no longer one.
    fn candidate_value(&self, kind: u8, x: usize, k: usize) -> Option<W> {
        match kind {
            2 => (self.in_best[x] && self.label[self.inblossom[x]] == 0 && self.bestedge[x] == k)
                .then(|| self.best_slack(x)),
            3 => (self.in_best[x]
                && self.blossomparent[x] == NONE
                && self.label[x] == 1
                && self.bestedge[x] == k)
                .then(|| self.best_slack(x).half()),
            _ => (self.in_lab[x]
                && x >= self.n
                && self.blossombase[x] != NONE
                && self.blossomparent[x] == NONE
                && self.label[x] == 2)
                .then(|| self.dualvar[x]),
        }
    }

    /// The least candidate of one kind `(value, index, edge)`, first in list order among equal
    /// values: stale entries at the top are dropped, entries whose key is no longer exact are
    /// pushed again with their current key.
    fn least_candidate(&mut self, kind: u8) -> Option<(W, usize, usize)> {
        loop {
            let heap = match kind {
                2 => &self.heap2,
                3 => &self.heap3,
                _ => &self.heap4,
            };
            let &Reverse((key, pos, x, k)) = heap.peek()?;
            let value = self.candidate_value(kind, x, k);
            let heap = match kind {
                2 => &mut self.heap2,
                3 => &mut self.heap3,
                _ => &mut self.heap4,
            };
            match value {
                None => {
                    heap.pop();
                }
                Some(v) => {
                    let exact = v.add(self.stage_delta);
                    if exact == key {
                        return Some((v, x, k));
                    }
                    heap.pop();
                    heap.push(Reverse((exact, pos, x, k)));
                }
            }
        }
    }

    fn allow(&mut self, k: usize) {
        if !self.allowedge[k] {
            self.allowedge[k] = true;
            self.allow_list.push(k);
        }
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        let mut stack = self.leaf_stack.borrow_mut();
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.blossomchilds[x].iter().rev());
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
            self.set_label(w, t);
            self.set_label(b, t);
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if b < self.n {
                self.set_mode(b, t);
                if t == 1 {
                    self.queue.push(b);
                    return;
                }
            } else {
                let mut l = std::mem::take(&mut self.leaf_buf);
                self.leaves(b, &mut l);
                for &v in &l {
                    self.set_mode(v, t);
                }
                if t == 1 {
                    self.queue.append(&mut l);
                }
                l.clear();
                self.leaf_buf = l;
                if t == 1 {
                    return;
                }
            }
            let base = self.blossombase[b];
            let mb = self.mate[base];
            w = self.endpoint[mb];
            t = 1;
            p = mb ^ 1;
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let mut b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.set_label(b, 5);
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.labelend[b]];
                b = self.inblossom[v];
                v = self.endpoint[self.labelend[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.set_label(b, 1);
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (v, w, _) = self.edges[k];
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let b = self.unusedblossoms.pop().expect("blossom slots");
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            let v2 = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v2];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            let w2 = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w2];
        }
        self.set_label(b, 1);
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        let leaves = {
            self.blossomchilds[b] = path.clone();
            self.leaves_of(b)
        };
        for v in leaves {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
            self.set_mode(v, 1);
        }
        // the least-slack edge to each neighbouring S-blossom (`bestedgeto` is all NONE between
        // calls; `touched` lists the entries set)
        let mut bestedgeto = std::mem::take(&mut self.bestedgeto);
        let mut bestslackto = std::mem::take(&mut self.bestslackto);
        let mut touched = Vec::new();
        // edge `k` of slack `s` to the top-level blossom `bj`: the least so far if `bj` is
        // another S-blossom
        let mut offer = |m: &Self, k: usize, bj: usize, s: W| {
            if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == NONE || s < bestslackto[bj]) {
                if bestedgeto[bj] == NONE {
                    touched.push(bj);
                }
                bestedgeto[bj] = k;
                bestslackto[bj] = s;
            }
        };
        for &bv in &path {
            match self.blossombestedges[bv].take() {
                // every edge of its vertices, read from their adjacency (in edge order, as
                // the edges are listed there): the far end and the weight without the edge
                None => {
                    for v in self.leaves_of(bv) {
                        let yv = self.y(v);
                        for a in self.neighbours(v) {
                            let bj = self.inblossom[a.w];
                            if bj != b && self.label[bj] == 1 {
                                offer(self, a.p / 2, bj, yv.add(self.y(a.w)).sub(a.wt2));
                            }
                        }
                    }
                }
                Some(l) => {
                    for k in l {
                        let (mut i, mut j, _) = self.edges[k];
                        if self.inblossom[j] == b {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = i;
                        let bj = self.inblossom[j];
                        if bj != b && self.label[bj] == 1 {
                            offer(self, k, bj, self.slack(k));
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        touched.sort_unstable();
        let mut be = NONE;
        let mut be_slack = W::ZERO;
        let list: Vec<usize> = touched
            .iter()
            .map(|&bj| {
                let (k, s) = (bestedgeto[bj], bestslackto[bj]);
                debug_assert_eq!(s, self.slack(k));
                if be == NONE || s < be_slack {
                    be = k;
                    be_slack = s;
                }
                bestedgeto[bj] = NONE;
                k
            })
            .collect();
        self.bestedgeto = bestedgeto;
        self.bestslackto = bestslackto;
        self.blossombestedges[b] = Some(list);
        self.note_best(b);
        if be == NONE {
            self.bestedge[b] = NONE;
        } else {
            self.set_best(b, be, be_slack);
        }
        self.blossomendps[b] = endps;
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let len = childs.len() as isize;
            let mut j = childs
                .iter()
                .position(|&c| c == entrychild)
                .expect("entry child") as isize;
            let (jstep, endptrick): (isize, usize);
            if j & 1 == 1 {
                j -= len;
                jstep = 1;
                endptrick = 0;
            } else {
                jstep = -1;
                endptrick = 1;
            }
            let idx = |j: isize| -> usize { (((j % len) + len) % len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = self.endpoint[p ^ 1];
                self.label[q] = 0;
                let e = endps[idx(j - endptrick as isize)];
                let r = self.endpoint[e ^ endptrick ^ 1];
                self.label[r] = 0;
                self.assign_label(q, 2, p);
                self.allow(e / 2);
                j += jstep;
                p = endps[idx(j - endptrick as isize)] ^ endptrick;
                self.allow(p / 2);
                j += jstep;
            }
            let bv = childs[idx(j)];
            let q = self.endpoint[p ^ 1];
            self.set_label(q, 2);
            self.set_label(bv, 2);
            self.labelend[q] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[idx(j)] != entrychild {
                let bv = childs[idx(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let mut found = NONE;
                for v in self.leaves_of(bv) {
                    if self.label[v] != 0 {
                        found = v;
                        break;
                    }
                }
                if found != NONE {
                    let v = found;
                    self.label[v] = 0;
                    let mb = self.mate[self.blossombase[bv]];
                    let e = self.endpoint[mb];
                    self.label[e] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        if !endstage {
            // the children are top-level now, and the vertices in them may have become
            // unlabelled: each may be a candidate of the dual adjustment again
            for &s in &childs {
                self.remode_leaves(s);
            }
            for &s in &childs {
                self.push_candidates(s);
                if s >= self.n {
                    for v in self.leaves_of(s) {
                        self.push_candidates(v);
                    }
                }
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b] = Vec::new();
        self.blossomendps[b] = Vec::new();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .expect("child") as isize;
        let mut j = i;
        let (jstep, endptrick): (isize, usize);
        if i & 1 == 1 {
            j -= len;
            jstep = 1;
            endptrick = 0;
        } else {
            jstep = -1;
            endptrick = 1;
        }
        let idx = |j: isize| -> usize { (((j % len) + len) % len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][idx(j)];
            let p = self.blossomendps[b][idx(j - endptrick as isize)] ^ endptrick;
            if t >= self.n {
                let e = self.endpoint[p];
                self.augment_blossom(t, e);
            }
            j += jstep;
            let t = self.blossomchilds[b][idx(j)];
            if t >= self.n {
                let e = self.endpoint[p ^ 1];
                self.augment_blossom(t, e);
            }
            let (a, c) = (self.endpoint[p], self.endpoint[p ^ 1]);
            self.mate[a] = p ^ 1;
            self.mate[c] = p;
        }
        let i = i as usize;
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    /// The dual adjustment found by scanning every labelled index (the heaps' answer must be
    /// the same: checked in debug builds, so every test checks it).
    #[cfg(debug_assertions)]
    fn check_delta(&self, found_type: u8, found: W, found_edge: usize, found_blossom: usize) {
        let n = self.n;
        let mut deltatype = 0u8;
        let mut delta = W::ZERO;
        let mut deltaedge = NONE;
        let mut deltablossom = NONE;
        for idx in 0..self.best_list.len() {
            let v = self.best_list[idx];
            if v < n && self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                let d = self.slack(self.bestedge[v]);
                if deltatype == 0 || d < delta {
                    delta = d;
                    deltatype = 2;
                    deltaedge = self.bestedge[v];
                }
            }
        }
        for idx in 0..self.best_list.len() {
            let b = self.best_list[idx];
            if self.blossomparent[b] == NONE && self.label[b] == 1 && self.bestedge[b] != NONE {
                let d = self.slack(self.bestedge[b]).half();
                if deltatype == 0 || d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b];
                }
            }
        }
        for idx in 0..self.lab_list.len() {
            let b = self.lab_list[idx];
            if b >= n
                && self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && (deltatype == 0 || self.dualvar[b] < delta)
            {
                delta = self.dualvar[b];
                deltatype = 4;
                deltablossom = b;
            }
        }
        assert_eq!(
            (deltatype, delta, deltaedge, deltablossom),
            (found_type, found, found_edge, found_blossom),
            "the candidate heaps disagree with the scan"
        );
    }

    fn solve(&mut self, stats: &mut Stats) {
        let n = self.n;
        // free vertices in increasing order (a matched vertex never becomes free again)
        let mut free: Vec<usize> = (0..n).filter(|&v| self.mate[v] == NONE).collect();
        for _ in 0..n {
            stats.stages += 1;
            for x in std::mem::take(&mut self.lab_list) {
                self.label[x] = 0;
                self.in_lab[x] = false;
            }
            self.lab_blossoms.clear();
            for x in std::mem::take(&mut self.best_list) {
                self.in_best[x] = false;
                self.bestedge[x] = NONE;
                if x >= n {
                    self.blossombestedges[x] = None;
                }
            }
            for k in std::mem::take(&mut self.allow_list) {
                self.allowedge[k] = false;
            }
            self.heap2.clear();
            self.heap3.clear();
            self.heap4.clear();
            for x in std::mem::take(&mut self.dirty) {
                self.in_dirty[x] = false;
            }
            self.fix_duals();
            self.set_stage_delta(W::ZERO);
            self.queue.clear();
            free.retain(|&v| self.mate[v] == NONE);
            for &v in &free {
                if self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    // no dual changes while the queue is scanned (modes do, values do not)
                    let yv = self.y(v);
                    // an edge to an unlabelled vertex w is compared by its `best_off` value
                    // `y(v) + stage_delta − 2w` (its slack less y(w), plus stage_delta), which
                    // needs neither y(w) nor w's current least slack
                    let yv_sd = yv.add(self.stage_delta);
                    // y(v) plus a neighbour's mode offset: y(v) + y(w) is one addition
                    let yv_off = self.mode_off.map(|o| yv.add(o));
                    // the least slack of `inblossom[v]`'s least-slack edge, while it is known
                    let mut cached: Option<(usize, Option<W>)> = None;
                    for idx in self.adj_start[v]..self.adj_start[v + 1] {
                        let AdjEnd { p, w, .. } = self.adj[idx];
                        let (p, w) = (p as usize, w as usize);
                        let k = p / 2;
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        let mut wt2 = W::ZERO;
                        if !self.allowedge[k] {
                            wt2 = self.wt2(idx);
                            kslack = yv_off[self.vmode[w] as usize].add(self.dualvar[w]).sub(wt2);
                            debug_assert_eq!(kslack, yv.add(self.y(w)).sub(wt2));
                            if kslack <= W::ZERO {
                                self.allow(k);
                            }
                        }
                        debug_assert_eq!(self.vmode[w], self.label[self.inblossom[w]]);
                        if self.allowedge[k] {
                            cached = None;
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                    stats.blossoms_formed += 1;
                                } else {
                                    self.augment_matching(k);
                                    stats.augmentations += 1;
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.set_label(w, 2);
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.vmode[w] == 1 {
                            // a vertex's mode is the label of its top-level blossom (one byte
                            // read instead of two dependent ones)
                            let b = self.inblossom[v];
                            let least = match cached {
                                Some((c, least)) if c == b => least,
                                _ => (self.bestedge[b] != NONE).then(|| self.best_slack(b)),
                            };
                            if least.is_none_or(|l| kslack < l) {
                                self.set_best(b, k, kslack);
                                cached = Some((b, Some(kslack)));
                            } else {
                                cached = Some((b, least));
                            }
                        } else if self.label[w] == 0 {
                            // the edge was not allowed before this scan step: `wt2` is set
                            let off = yv_sd.sub(wt2);
                            debug_assert!(
                                self.bestedge[w] == NONE
                                    || (off < self.best_off[w]) == (kslack < self.best_slack(w))
                            );
                            if self.bestedge[w] == NONE || off < self.best_off[w] {
                                self.set_best_off(w, k, off);
                            }
                        }
                    }
                }
                if augmented {
                    break;
                }
                // dual adjustment: the least candidate of each kind, in this order of
                // precedence (a later kind only where strictly less)
                self.push_dirty();
                let mut deltatype = 0u8;
                let mut delta = W::ZERO;
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for kind in [2u8, 3, 4] {
                    if let Some((d, x, k)) = self.least_candidate(kind)
                        && (deltatype == 0 || d < delta)
                    {
                        delta = d;
                        deltatype = kind;
                        if kind == 4 {
                            deltablossom = x;
                        } else {
                            deltaedge = k;
                        }
                    }
                }
                #[cfg(debug_assertions)]
                self.check_delta(deltatype, delta, deltaedge, deltablossom);
                if deltatype == 0 {
                    // no augmenting path exists: the matching has maximum cardinality
                    break;
                }
                stats.dual_updates += 1;
                self.set_stage_delta(self.stage_delta.add(delta));
                // only labelled top-level vertices and blossoms change, and every one of them
                // was labelled in this stage, so it is in `lab_list` (once); vertices follow
                // `stage_delta` lazily (`vmode`), so only the blossoms are visited
                for idx in 0..self.lab_blossoms.len() {
                    let x = self.lab_blossoms[idx];
                    let t = self.label[x];
                    if (t != 1 && t != 2) || self.blossomparent[x] != NONE {
                        continue;
                    }
                    if self.blossombase[x] == NONE {
                        continue;
                    }
                    self.dualvar[x] = if t == 1 {
                        self.dualvar[x].add(delta)
                    } else {
                        self.dualvar[x].sub(delta)
                    };
                }
                match deltatype {
                    2 => {
                        self.allow(deltaedge);
                        let (mut i, mut j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allow(deltaedge);
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => {
                        self.expand_blossom(deltablossom, false);
                        stats.blossoms_expanded += 1;
                    }
                }
            }
            if !augmented {
                break;
            }
            // top-level S-blossoms with a zero dual, in index order (all were labelled in
            // this stage)
            let mut zero: Vec<usize> = self
                .lab_blossoms
                .iter()
                .copied()
                .filter(|&b| {
                    self.blossomparent[b] == NONE
                        && self.blossombase[b] != NONE
                        && self.label[b] == 1
                        && self.dualvar[b] == W::ZERO
                })
                .collect();
            zero.sort_unstable();
            for b in zero {
                self.expand_blossom(b, true);
                stats.blossoms_expanded += 1;
            }
        }
        self.fix_duals();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weight::Wide;
    use proptest::prelude::*;

    /// Proptest cases: `PROPTEST_CASES` if set (more runs, other inputs), else the default.
    fn cases(default: u32) -> u32 {
        std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(default)
    }

    fn brute(n: usize, edges: &[(usize, usize, i128)]) -> (usize, i128) {
        fn rec(
            used: &mut Vec<bool>,
            edges: &[(usize, usize, i128)],
            start: usize,
            cnt: usize,
            w: i128,
            best: &mut (usize, i128),
        ) {
            if (cnt, w) > *best {
                *best = (cnt, w);
            }
            for k in start..edges.len() {
                let (i, j, wt) = edges[k];
                if !used[i] && !used[j] {
                    used[i] = true;
                    used[j] = true;
                    rec(used, edges, k + 1, cnt + 1, w + wt, best);
                    used[i] = false;
                    used[j] = false;
                }
            }
        }
        let mut best = (0, 0);
        rec(&mut vec![false; n], edges, 0, 0, 0, &mut best);
        best
    }

    fn check(n: usize, edges: &[(usize, usize, i128)]) {
        let sol = max_weight_matching(n, edges);
        let mut total = 0;
        for &(i, j, w) in edges {
            if sol.mate[i] == Some(j) {
                total += w;
            }
        }
        for (v, m) in sol.mate.iter().enumerate() {
            if let Some(u) = m {
                assert_eq!(sol.mate[*u], Some(v));
            }
        }
        assert_eq!((sol.pairs(), total), brute(n, edges), "edges {edges:?}");
        check_stats(n, edges.len(), &sol);
    }

    /// The stats add up: every pair missing after the start came from one augmentation (a
    /// repeated solve counts the augmentations of both).
    fn check_stats<W: Weight>(n: usize, edges: usize, sol: &MatchingSolution<W>) {
        let s = sol.stats;
        assert_eq!((s.vertices, s.edges), (n, edges));
        assert!(s.free_after_tight_paths <= s.free_at_start && s.free_at_start <= n);
        let start_pairs = (n - s.free_after_tight_paths) / 2;
        if s.restarted {
            assert!(s.augmentations >= sol.pairs());
        } else {
            assert_eq!(start_pairs + s.augmentations, sol.pairs(), "{s:?}");
        }
        assert!(s.stages >= s.augmentations);
        assert!(s.blossoms_expanded <= s.blossoms_formed + n);
    }

    #[test]
    fn stats_count_the_work() {
        // a triangle with a pendant edge from the uniform start: one blossom on the way
        let edges = [(0, 1, 10i128), (1, 2, 10), (0, 2, 10), (2, 3, 2)];
        let sol = max_weight_matching(4, &edges);
        assert!(!sol.stats.warm);
        check_stats(4, edges.len(), &sol);
        // restarting from the solution itself: nothing left to do
        let again = max_weight_matching_from(4, &edges, &sol.mate, &sol.dissolved_duals());
        assert!(again.stats.warm);
        assert_eq!(again.stats.free_at_start, 0);
        assert_eq!(again.stats.augmentations, 0);
        assert_eq!(again.mate, sol.mate);
    }

    #[test]
    fn small_known_cases() {
        check(2, &[(0, 1, 2)]);
        // a triangle plus a pendant: needs a blossom
        check(4, &[(0, 1, 10), (1, 2, 10), (0, 2, 10), (2, 3, 2)]);
        check(
            6,
            &[
                (0, 1, 8),
                (0, 2, 18),
                (1, 2, 20),
                (1, 3, 16),
                (2, 4, 16),
                (3, 4, 10),
                (3, 5, 4),
                (4, 5, 6),
            ],
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(cases(300)))]
        #[test]
        fn agrees_with_brute_force(n in 2usize..9, raw in proptest::collection::vec((0usize..9, 0usize..9, 0i128..12), 1..20)) {
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for (a, b, w) in raw {
                let (a, b) = (a % n, b % n);
                if a != b && !edges.iter().any(|e| (e.0 == a && e.1 == b) || (e.0 == b && e.1 == a)) {
                    edges.push((a, b, 2 * w));
                }
            }
            check(n, &edges);
        }

        #[test]
        fn complete_graphs_use_the_greedy_start(half in 1usize..5, ws in proptest::collection::vec(0i128..6, 28)) {
            let n = 2 * half;
            let mut edges = Vec::new();
            let mut it = ws.into_iter();
            for a in 0..n {
                for b in a + 1..n {
                    edges.push((a, b, 2 * it.next().unwrap_or(0)));
                }
            }
            check(n, &edges);
        }

        #[test]
        fn any_warm_start_gives_the_optimum(n in 2usize..9, raw in proptest::collection::vec((0usize..9, 0usize..9, 0i128..12), 1..20), start in proptest::collection::vec((0usize..9, -30i128..30), 9)) {
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for (a, b, w) in raw {
                let (a, b) = (a % n, b % n);
                if a != b && !edges.iter().any(|e| (e.0 == a && e.1 == b) || (e.0 == b && e.1 == a)) {
                    edges.push((a, b, 2 * w));
                }
            }
            let mut mate = vec![None; n];
            let mut duals = vec![0i128; n];
            for (v, &(m, y)) in start.iter().enumerate().take(n) {
                duals[v] = y;
                let m = m % n;
                if m != v && mate[v].is_none() && mate[m].is_none() {
                    mate[v] = Some(m);
                    mate[m] = Some(v);
                }
            }
            let sol = max_weight_matching_from(n, &edges, &mate, &duals);
            check_stats(n, edges.len(), &sol);
            let total: i128 = edges.iter().filter(|e| sol.mate[e.0] == Some(e.1)).map(|e| e.2).sum();
            prop_assert_eq!((sol.pairs(), total), brute(n, &edges));
            // and from a previous solution's dissolved duals
            let first = max_weight_matching(n, &edges);
            let again = max_weight_matching_from(n, &edges, &first.mate, &first.dissolved_duals());
            let t2: i128 = edges.iter().filter(|e| again.mate[e.0] == Some(e.1)).map(|e| e.2).sum();
            prop_assert_eq!((again.pairs(), t2), brute(n, &edges));
        }

        #[test]
        fn wide_agrees_with_i128(n in 2usize..8, raw in proptest::collection::vec((0usize..8, 0usize..8, 0u64..1000), 1..16)) {
            let mut edges: Vec<(usize, usize, i128)> = Vec::new();
            for (a, b, w) in raw {
                let (a, b) = (a % n, b % n);
                if a != b && !edges.iter().any(|e| (e.0 == a && e.1 == b) || (e.0 == b && e.1 == a)) {
                    edges.push((a, b, 2 * w as i128));
                }
            }
            let wide: Vec<(usize, usize, Wide<4>)> = edges.iter().map(|&(a, b, w)| (a, b, Wide::from_u64(w as u64))).collect();
            let s1 = max_weight_matching(n, &edges);
            let s2 = max_weight_matching(n, &wide);
            let t1: i128 = edges.iter().filter(|e| s1.mate[e.0] == Some(e.1)).map(|e| e.2).sum();
            let t2: i128 = edges.iter().filter(|e| s2.mate[e.0] == Some(e.1)).map(|e| e.2).sum();
            prop_assert_eq!(t1, t2);
            prop_assert_eq!(s1.pairs(), s2.pairs());
        }
    }
}
