//! `xq perft [--fen F] [--divide] [--json] DEPTH`.

use std::time::Instant;

use xiangqi::board::START_FEN;
use xiangqi::movegen::{Position, perft, perft_divide};

use crate::CliError;
use crate::io::outln;

/// Arguments of `xq perft`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// The position (FEN); default the start position.
    #[arg(long, default_value = START_FEN)]
    fen: String,
    /// Print the count under each first move.
    #[arg(long)]
    divide: bool,
    /// Machine-readable output: {"fen","depth","nodes","seconds","nps"} (+ "moves" with --divide).
    #[arg(long)]
    json: bool,
    /// Depth in plies.
    depth: u32,
}

/// Runs `xq perft`.
pub fn run(args: PerftArgs) -> Result<(), CliError> {
    let pos = Position::from_fen(&args.fen)
        .map_err(|e| CliError::input(format!("--fen `{}`: {e}", args.fen)))?;
    let start = Instant::now();
    let (nodes, divide) = if args.divide {
        let d = perft_divide(&pos, args.depth);
        (d.iter().map(|(_, n)| n).sum::<u64>(), Some(d))
    } else {
        (perft(&pos, args.depth), None)
    };
    let seconds = start.elapsed().as_secs_f64();
    let nps = if seconds > 0.0 {
        nodes as f64 / seconds
    } else {
        0.0
    };
    if args.json {
        let mut obj = serde_json::json!({
            "fen": pos.fen(),
            "depth": args.depth,
            "nodes": nodes,
            "seconds": seconds,
            "nps": nps.round() as u64,
        });
        if let Some(d) = &divide {
            let moves: serde_json::Map<String, serde_json::Value> = d
                .iter()
                .map(|(m, n)| (m.to_string(), serde_json::Value::from(*n)))
                .collect();
            obj["moves"] = serde_json::Value::Object(moves);
        }
        outln!("{obj}")?;
    } else {
        if let Some(d) = &divide {
            for (m, n) in d {
                outln!("{m}: {n}")?;
            }
            outln!()?;
        }
        outln!("{nodes}")?;
        eprintln!("{seconds:.3} s, {:.1} M nodes/s", nps / 1e6);
    }
    Ok(())
}
