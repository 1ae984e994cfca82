//! `cargo bench -p xiangqi-movegen`: perft from the start position (single-threaded), asserting
//! the node counts it times.

use xiangqi_movegen::{Position, perft};

fn main() {
    divan::main();
}

/// Perft 5 from the start position: 133,312,995 nodes.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn startpos_perft_5() -> u64 {
    let pos = Position::start();
    let n = perft(divan::black_box(&pos), 5);
    assert_eq!(n, 133_312_995);
    n
}

/// Perft 4 from the start position: 3,290,240 nodes.
#[divan::bench(sample_count = 20)]
fn startpos_perft_4() -> u64 {
    let pos = Position::start();
    let n = perft(divan::black_box(&pos), 4);
    assert_eq!(n, 3_290_240);
    n
}

/// Legal move generation in the start position (44 moves).
#[divan::bench]
fn startpos_legal_moves(bencher: divan::Bencher<'_, '_>) {
    let pos = Position::start();
    bencher.bench_local(|| {
        let n = divan::black_box(&pos).legal_moves().len();
        assert_eq!(n, 44);
        n
    });
}
