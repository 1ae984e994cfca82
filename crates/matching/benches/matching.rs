//! Solver benchmarks on deterministic pseudo-random graphs shaped like pairing graphs: every
//! vertex joined to its near neighbours in an order, weights falling with the squared distance.
//!
//! * `sparse_i128`: 128-bit weights, cold (greedy) start;
//! * `sparse_wide8`: the same graph with 512-bit weights near 2⁴⁰⁰ (the widths of large Swiss
//!   fields), cold start;
//! * `warm_resolve`: a solved graph gains a few heavy edges and is solved again from the first
//!   solution's dissolved duals.
//!
//! Each benchmark asserts that everybody is matched.

use xiangqi_matching::{Weight, Wide, max_weight_matching, max_weight_matching_from};

fn main() {
    divan::main();
}

/// splitmix64: a fixed stream, so every run solves the same graphs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// Edges `(i, j, penalty)` of `n` vertices: each vertex to the next `reach` vertices, a
/// random "level" penalty on a fifth of them and the squared distance.
fn shape(n: usize, reach: usize, seed: u64) -> Vec<(usize, usize, u64)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for i in 0..n {
        for j in i + 1..(i + 1 + reach).min(n) {
            let level = if rng.next().is_multiple_of(5) {
                1000 * (rng.next() % 8)
            } else {
                0
            };
            let d = (j - i) as u64;
            out.push((i, j, level + d * d));
        }
    }
    out
}

fn i128_edges(shape: &[(usize, usize, u64)]) -> Vec<(usize, usize, i128)> {
    let top: i128 = 1 << 40;
    shape
        .iter()
        .map(|&(i, j, p)| (i, j, 2 * (top - p as i128)))
        .collect()
}

fn wide_edges(shape: &[(usize, usize, u64)]) -> Vec<(usize, usize, Wide<8>)> {
    let mut top = Wide::<8>::ZERO;
    top.0[6] = 1 << 16; // 2^400
    shape
        .iter()
        .map(|&(i, j, p)| (i, j, top.wsub(&Wide::from_u64(p)).mul_u64(2)))
        .collect()
}

#[divan::bench(args = [1000, 4000], sample_count = 10)]
fn sparse_i128(bencher: divan::Bencher<'_, '_>, n: usize) {
    let edges = i128_edges(&shape(n, 12, 1));
    bencher.bench(|| {
        let sol = max_weight_matching(n, divan::black_box(&edges));
        assert_eq!(sol.pairs() * 2, n);
    });
}

#[divan::bench(args = [1000, 4000], sample_count = 10)]
fn sparse_wide8(bencher: divan::Bencher<'_, '_>, n: usize) {
    let edges = wide_edges(&shape(n, 12, 1));
    bencher.bench(|| {
        let sol = max_weight_matching(n, divan::black_box(&edges));
        assert_eq!(sol.pairs() * 2, n);
    });
}

#[divan::bench(args = [1000, 4000], sample_count = 10)]
fn warm_resolve(bencher: divan::Bencher<'_, '_>, n: usize) {
    let base = shape(n, 12, 2);
    let edges = wide_edges(&base);
    let first = max_weight_matching(n, &edges);
    let (mate, duals) = (first.mate.clone(), first.dissolved_duals());
    // a few long edges that beat the local ones: the re-solve must repair around them
    let mut more = base.clone();
    let mut rng = Rng(3);
    for k in 0..n / 50 - 1 {
        let i = 50 * k + (rng.next() as usize) % 10;
        more.push((i, i + 20 + (rng.next() as usize) % 20, 0));
    }
    let edges = wide_edges(&more);
    bencher.bench(|| {
        let sol = max_weight_matching_from(n, divan::black_box(&edges), &mate, &duals);
        assert_eq!(sol.pairs() * 2, n);
        assert!(sol.stats.warm);
        divan::black_box(sol.dual(0).to_f64());
    });
}
