//! Pairing benchmarks: one Swiss round of a simulated 1,000-, 2,000- and 10,000-player field.
//!
//! Each benchmark plays the first rounds of a simulated field (outside the timing), then times
//! the pairing of the next round and asserts that it pairs everybody.

use xiangqi_scheduling::{SwissOptions, SwissSimulation, pair_swiss};

fn main() {
    divan::main();
}

/// Pairs round 5 of a simulated field of `n` players.
fn pair_round_five(bencher: divan::Bencher<'_, '_>, n: u32) {
    bencher
        .with_inputs(|| SwissSimulation::field_after(n, 4, 2026).expect("simulation"))
        .bench_local_refs(|field| {
            let opts = SwissOptions {
                seed: 2026,
                ..SwissOptions::default()
            };
            let boards = pair_swiss(field, 5, &opts).expect("pairing").boards.len();
            assert_eq!(boards as u32, n / 2);
        });
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn swiss_round_1000(bencher: divan::Bencher<'_, '_>) {
    pair_round_five(bencher, 1000);
}

#[divan::bench(sample_count = 5, sample_size = 1)]
fn swiss_round_2000(bencher: divan::Bencher<'_, '_>) {
    pair_round_five(bencher, 2000);
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn swiss_round_10000(bencher: divan::Bencher<'_, '_>) {
    pair_round_five(bencher, 10_000);
}
