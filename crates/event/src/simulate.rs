//! Random events: pair every round, play random results. For benchmarks (`xq event simulate`)
//! and property tests (the pure Swiss field of the same simulation is
//! `xiangqi_scheduling::SwissSimulation`).

use std::time::Instant;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use xiangqi_scheduling::SwissSimulation;
use xiangqi_scheduling::{EventConfig, PairingSystemId};

use crate::document::{Event, EventError};

/// A random game result in the simulation's proportions (red wins 40 %, draws 25 %, black wins
/// 35 %), the same draw as the pure Swiss field's ([`SwissSimulation::random_result`]).
pub fn random_result(rng: &mut impl rand::RngCore) -> &'static str {
    SwissSimulation::random_result(rng)
}

/// One simulated round.
#[derive(Clone, Debug, Serialize)]
pub struct SimulatedRound {
    /// Round number.
    pub round: u32,
    /// Wall-clock seconds spent pairing it.
    pub pairing_seconds: f64,
    /// Boards as `[red, black]` pairing numbers.
    pub pairs: Vec<[u32; 2]>,
    /// The bye.
    pub bye: Option<u32>,
}

/// The pairing system to simulate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SimSystem {
    /// 积分编排制.
    Swiss,
    /// Berger round robin.
    RoundRobin,
}

/// Builds an event of `players` anonymous players and plays `rounds` rounds with random results
/// (red wins 40 %, draws 25 %, black wins 35 %). Returns the event and the rounds' timings.
pub fn simulate(
    players: u32,
    rounds: u32,
    seed: u64,
    system: SimSystem,
) -> Result<(Event, Vec<SimulatedRound>), EventError> {
    let mut config = EventConfig::default();
    if system == SimSystem::RoundRobin {
        config.pairing = PairingSystemId("berger".into());
    }
    let entrants = (1..=players)
        .map(|i| (format!("P{i}"), String::new()))
        .collect();
    let planned = match system {
        SimSystem::Swiss => Some(rounds),
        SimSystem::RoundRobin => Some(rounds.min(players.saturating_sub(1) + players % 2)),
    };
    let mut ev = Event::new("simulation", "", config, entrants, seed, planned, false)?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(1));
    let mut out = Vec::new();
    for _ in 0..ev.rounds {
        let t = Instant::now();
        let r = ev.pair_next()?;
        let secs = t.elapsed().as_secs_f64();
        let round = r.round;
        out.push(SimulatedRound {
            round,
            pairing_seconds: secs,
            pairs: r.boards.iter().map(|b| [b.red, b.black]).collect(),
            bye: r.bye,
        });
        let boards = r.boards.len() as u32;
        for b in 1..=boards {
            ev.set_result(round, b, random_result(&mut rng), (None, None), false)?;
        }
    }
    Ok((ev, out))
}
