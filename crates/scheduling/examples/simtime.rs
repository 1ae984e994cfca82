//! Times a simulated Swiss event: `cargo run --release --example simtime -- PLAYERS ROUNDS SEED`.
//! Prints, per round, the wall time of the pairing and (on Linux) its user CPU time, read from
//! `/proc/self/stat` (10 ms resolution). Results as in `simulate`: red wins 40 %, draws 25 %
//! (the timing includes recording the round's random results, a negligible part).
//!
//! With a fourth argument `pairs`, the timings go to stderr and stdout gets every round's
//! pairing (`round R bye B` then one `red black` line per board): the before/after comparison
//! of a solver change is `cmp` of two such outputs.

use std::time::Instant;

use xiangqi_scheduling::SwissSimulation;

/// User CPU seconds of this process (0 where `/proc` is not available).
fn user_seconds() -> f64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = &s[s.rfind(')')? + 2..];
            rest.split_whitespace().nth(11)?.parse::<f64>().ok()
        })
        .map_or(0.0, |ticks| ticks / 100.0)
}

fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap_or(0))
        .collect();
    let (n, r, s) = (
        a.first().copied().unwrap_or(1000) as u32,
        a.get(1).copied().unwrap_or(9) as u32,
        a.get(2).copied().unwrap_or(1),
    );
    let pairs = std::env::args().nth(4).is_some_and(|a| a == "pairs");
    let mut sim = SwissSimulation::new(n, s);
    for round in 1..=r {
        let (u0, t0) = (user_seconds(), Instant::now());
        let pairing = sim.play_round().expect("pairing");
        let (wall, user) = (t0.elapsed().as_secs_f64(), user_seconds() - u0);
        let line = format!("round {round:2}: {wall:.4} s wall, {user:.2} s user");
        if std::env::var_os("SIMTIME_STATS").is_some() {
            for m in &pairing.matchings {
                eprintln!(
                    "  n={} e={} warm={} free={}/{} stages={} blossoms={} duals={} start={:?} solve={:?}",
                    m.vertices,
                    m.edges,
                    m.warm,
                    m.free_at_start,
                    m.free_after_tight_paths,
                    m.stages,
                    m.blossoms_formed,
                    m.dual_updates,
                    m.start_time,
                    m.solve_time
                );
            }
        }
        if pairs {
            eprintln!("{line}");
            let bye = pairing.bye.map_or("-".into(), |b| b.to_string());
            println!("round {round} bye {bye}");
            for (red, black) in &pairing.boards {
                println!("{red} {black}");
            }
        } else {
            println!("{line}");
        }
    }
}
