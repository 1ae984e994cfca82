//! `cargo run --release -p xiangqi-movegen --example perft -- DEPTH [FEN]`: a bare perft count
//! with timing (useful for profiling the move generator alone).

use std::time::Instant;

use xiangqi_movegen::{Position, perft};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(5);
    let pos = match args.next() {
        Some(fen) => match Position::from_fen(&fen) {
            Ok(p) => p,
            Err(e) => {
                eprintln!("perft: {e}");
                std::process::exit(2);
            }
        },
        None => Position::start(),
    };
    let start = Instant::now();
    let nodes = perft(&pos, depth);
    let secs = start.elapsed().as_secs_f64();
    println!("{nodes}");
    eprintln!("{secs:.3} s, {:.1} M nodes/s", nodes as f64 / secs / 1e6);
}
