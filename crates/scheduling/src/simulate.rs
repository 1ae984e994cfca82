//! Random Swiss fields for benchmarks and property tests: pair every round with
//! [`pair_swiss`] and play random results, as pure functions over [`SwissPlayer`] states (the
//! event document's own simulation, `xq event simulate`, lives in the event crate).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::score::Color;
use crate::score::{PointSystem, Points};
use crate::swiss::{PairingError, RoundPairing, SwissOptions, SwissPlayer, pair_swiss};

/// A simulated 积分编排制 field of anonymous players (pairing numbers `1..=players`): every
/// round paired with [`pair_swiss`] (default [`SwissOptions`], the lot seed the simulation's
/// seed) and played with random results drawn from `seed + 1` ([`SwissSimulation::random_result`]; 1/½/0, a bye
/// scores a win) — the same field as the event crate's simulation of a default Swiss event.
#[derive(Clone, Debug)]
pub struct SwissSimulation {
    field: Vec<SwissPlayer>,
    opts: SwissOptions,
    rng: ChaCha8Rng,
    round: u32,
}

impl SwissSimulation {
    /// A field of `players`, nobody paired yet.
    pub fn new(players: u32, seed: u64) -> SwissSimulation {
        SwissSimulation {
            field: (1..=players)
                .map(|no| SwissPlayer {
                    no,
                    score: Points::ZERO,
                    opponents: Vec::new(),
                    colours: Vec::new(),
                    byes: 0,
                    unit: None,
                })
                .collect(),
            opts: SwissOptions {
                seed,
                ..SwissOptions::default()
            },
            rng: ChaCha8Rng::seed_from_u64(seed.wrapping_add(1)),
            round: 0,
        }
    }

    /// The pairing state of `players` after `rounds` simulated rounds.
    pub fn field_after(
        players: u32,
        rounds: u32,
        seed: u64,
    ) -> Result<Vec<SwissPlayer>, PairingError> {
        let mut sim = SwissSimulation::new(players, seed);
        for _ in 0..rounds {
            sim.play_round()?;
        }
        Ok(sim.field)
    }

    /// The pairing state before the next round (pairing number `n` at index `n - 1`).
    pub fn field(&self) -> &[SwissPlayer] {
        &self.field
    }

    /// The options every round is paired with.
    pub fn options(&self) -> &SwissOptions {
        &self.opts
    }

    /// A random game result in the simulation's proportions: red wins 40 %, draws 25 %, black
    /// wins 35 % (as `1-0`, `=`, `0-1`).
    pub fn random_result(rng: &mut impl RngCore) -> &'static str {
        match rng.next_u32() % 100 {
            0..40 => "1-0",
            40..65 => "=",
            _ => "0-1",
        }
    }

    /// Pairs the next round, plays it with random results and records it in the field.
    /// Returns the round's pairing.
    pub fn play_round(&mut self) -> Result<RoundPairing, PairingError> {
        self.round += 1;
        let sys = PointSystem::OneHalfZero;
        let field = &mut self.field;
        let pairing = pair_swiss(field, self.round, &self.opts)?;
        if let Some(b) = pairing.bye {
            let p = &mut field[b as usize - 1];
            p.byes += 1;
            p.score += sys.win();
        }
        for &(red, black) in &pairing.boards {
            let (r, b) = (red as usize - 1, black as usize - 1);
            let (to_red, to_black) = match SwissSimulation::random_result(&mut self.rng) {
                "1-0" => (sys.win(), sys.loss()),
                "0-1" => (sys.loss(), sys.win()),
                _ => (sys.draw(), sys.draw()),
            };
            field[r].opponents.push(black);
            field[r].colours.push(Color::Red);
            field[r].score += to_red;
            field[b].opponents.push(red);
            field[b].colours.push(Color::Black);
            field[b].score += to_black;
        }
        Ok(pairing)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::swiss::testing::{narrow_and_wide_blocks, sparse_and_complete};

    /// The simulation is the old `swiss_field`: the same field round by round.
    #[test]
    fn a_simulation_is_reproducible_round_by_round() {
        let mut sim = SwissSimulation::new(21, 5);
        for _ in 0..4 {
            sim.play_round().unwrap();
        }
        assert_eq!(sim.field(), SwissSimulation::field_after(21, 4, 5).unwrap());
        assert!(
            sim.field()
                .iter()
                .all(|p| p.opponents.len() + p.byes as usize == 4)
        );
    }

    /// The sparse candidate graph with the dual certificate finds a pairing exactly as good as
    /// the complete graph (same total penalty, every digit).
    #[test]
    fn certified_sparse_pairing_equals_the_complete_graph() {
        for (n, rounds, seed) in [
            (60, 2, 1),
            (80, 3, 2),
            (100, 4, 3),
            (120, 5, 4),
            (150, 6, 5),
        ] {
            let (sparse, full) =
                sparse_and_complete(&SwissSimulation::field_after(n, rounds, seed).unwrap());
            assert_eq!(sparse, full, "n={n} round {}", rounds + 1);
        }
    }

    /// A block of the warm start solved on its weights less the least of them in `i128` is the
    /// same solve as in the field's wide type: the same matching, the same duals.
    #[test]
    fn a_narrow_block_is_the_same_solve() {
        let mut blocks = 0;
        for (n, rounds, seed) in [(120, 1, 1), (300, 2, 2), (400, 3, 3), (500, 4, 4)] {
            let field = SwissSimulation::field_after(n, rounds, seed).unwrap();
            for (narrow, wide) in narrow_and_wide_blocks(&field) {
                assert!(
                    wide.is_some(),
                    "n={n} round {}: a block left unpaired",
                    rounds + 1
                );
                assert_eq!(narrow, wide, "n={n} round {}", rounds + 1);
                blocks += 1;
            }
        }
        assert!(blocks >= 4, "only {blocks} narrow blocks");
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(
            std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(8)
        ))]
        #[test]
        fn certified_sparse_pairing_is_optimal(half in 25u32..90, rounds in 1u32..8, seed in 0u64..10_000) {
            let (sparse, full) = sparse_and_complete(&SwissSimulation::field_after(2 * half, rounds, seed).unwrap());
            proptest::prop_assert_eq!(sparse, full);
        }
    }
}
