//! Times a simulated Swiss event: `cargo run --release --example simtime -- PLAYERS ROUNDS SEED`.
fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap_or(0))
        .collect();
    let (n, r, s) = (
        a.first().copied().unwrap_or(1000),
        a.get(1).copied().unwrap_or(9),
        a.get(2).copied().unwrap_or(1),
    );
    let (_, rounds) = xiangqi_scheduling::simulate::simulate(
        n as u32,
        r as u32,
        s,
        xiangqi_scheduling::simulate::SimSystem::Swiss,
    )
    .expect("simulation");
    for r in rounds {
        println!("round {:2}: {:.4} s", r.round, r.pairing_seconds);
    }
}
