//! `xq event simulate`: a random event, timing every round's pairing.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct SimulateArgs {
    /// Number of players.
    #[arg(long)]
    pub(super) players: u32,
    /// Number of rounds.
    #[arg(long)]
    pub(super) rounds: u32,
    /// Seed for lots and results.
    #[arg(long, default_value_t = 1)]
    pub(super) seed: u64,
    /// swiss or round-robin.
    #[arg(long, default_value = "swiss")]
    pub(super) system: String,
    /// Print JSON.
    #[arg(long)]
    pub(super) json: bool,
}

pub(super) fn simulate_cmd(a: SimulateArgs) -> Result<(), CliError> {
    let system = match a.system.as_str() {
        "swiss" => xiangqi::event::simulate::SimSystem::Swiss,
        "round-robin" => xiangqi::event::simulate::SimSystem::RoundRobin,
        o => {
            return Err(CliError::input(format!(
                "--system {o}: expected swiss or round-robin"
            )));
        }
    };
    if a.players < 2 {
        return Err(CliError::input("--players: at least 2"));
    }
    let (_, rounds) = xiangqi::event::simulate::simulate(a.players, a.rounds, a.seed, system)
        .map_err(CliError::input)?;
    if a.json {
        let v = serde_json::json!({"players": a.players, "rounds": rounds});
        outln!("{v}")?;
    } else {
        for r in &rounds {
            outln!(
                "round {:>3}: {} boards, bye {}, pairing {:.4} s",
                r.round,
                r.pairs.len(),
                r.bye.map_or("-".into(), |b| b.to_string()),
                r.pairing_seconds
            )?;
        }
    }
    Ok(())
}
