//! Pairing benchmarks: rounds 2 to 5 of a simulated 1,000-, 2,000- and 10,000-player Swiss.
//!
//! The field is simulated once per size (outside the timing, with
//! [`SwissSimulation::field_after`]); each benchmark then times the pairing of one round from
//! the state before it and asserts that it pairs everybody. The counting allocator
//! ([`divan::AllocProfiler`]) reports the heap of each pairing: `max alloc` is its peak.
//!
//! `cargo bench -p xiangqi-scheduling --bench pairing -- swiss_10000` runs one size.

use std::sync::OnceLock;

use xiangqi_scheduling::{SwissOptions, SwissPlayer, SwissSimulation, pair_swiss};

#[global_allocator]
static ALLOC: divan::AllocProfiler = divan::AllocProfiler::system();

fn main() {
    divan::main();
}

const SEED: u64 = 2026;

fn options() -> SwissOptions {
    SwissOptions {
        seed: SEED,
        ..SwissOptions::default()
    }
}

/// The states of a simulated field of `n` players before rounds 2, 3, 4 and 5.
fn states(n: u32) -> Vec<Vec<SwissPlayer>> {
    (1..=4)
        .map(|played| SwissSimulation::field_after(n, played, SEED).expect("simulation"))
        .collect()
}

/// Pairs round `round` (2..=5) of the field kept in `cell`.
fn pair_round(
    bencher: divan::Bencher<'_, '_>,
    cell: &'static OnceLock<Vec<Vec<SwissPlayer>>>,
    n: u32,
    round: u32,
) {
    let field = &cell.get_or_init(|| states(n))[round as usize - 2];
    bencher.bench(|| {
        let pairing = pair_swiss(divan::black_box(field), round, &options()).expect("pairing");
        assert_eq!(pairing.boards.len() as u32, n / 2);
    });
}

static FIELD_1000: OnceLock<Vec<Vec<SwissPlayer>>> = OnceLock::new();
static FIELD_2000: OnceLock<Vec<Vec<SwissPlayer>>> = OnceLock::new();
static FIELD_10000: OnceLock<Vec<Vec<SwissPlayer>>> = OnceLock::new();

#[divan::bench(args = [2, 3, 4, 5], sample_count = 5, sample_size = 1)]
fn swiss_1000(bencher: divan::Bencher<'_, '_>, round: u32) {
    pair_round(bencher, &FIELD_1000, 1000, round);
}

#[divan::bench(args = [2, 3, 4, 5], sample_count = 5, sample_size = 1)]
fn swiss_2000(bencher: divan::Bencher<'_, '_>, round: u32) {
    pair_round(bencher, &FIELD_2000, 2000, round);
}

#[divan::bench(args = [2, 3, 4, 5], sample_count = 3, sample_size = 1)]
fn swiss_10000(bencher: divan::Bencher<'_, '_>, round: u32) {
    pair_round(bencher, &FIELD_10000, 10_000, round);
}
