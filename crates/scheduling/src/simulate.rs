//! Random Swiss fields for benchmarks and property tests: pair every round with
//! [`pair_swiss`] and play random results, as pure functions over [`SwissPlayer`] states (the
//! event document's own simulation, `xq event simulate`, lives in the event crate).

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::score::{PointSystem, Points};
use crate::swiss::{Color, PairingError, RoundPairing, SwissOptions, SwissPlayer, pair_swiss};

/// A random game result in the simulation's proportions: red wins 40 %, draws 25 %, black wins
/// 35 % (as `1-0`, `=`, `0-1`).
pub fn random_result(rng: &mut impl RngCore) -> &'static str {
    match rng.next_u32() % 100 {
        0..40 => "1-0",
        40..65 => "=",
        _ => "0-1",
    }
}

/// A field of `players` anonymous players (pairing numbers `1..=players`), nobody paired yet.
fn new_field(players: u32) -> Vec<SwissPlayer> {
    (1..=players)
        .map(|no| SwissPlayer {
            no,
            score: Points::ZERO,
            opponents: Vec::new(),
            colours: Vec::new(),
            byes: 0,
        })
        .collect()
}

/// Pairs round `round` of `field` (pairing number `n` at index `n - 1`) with [`pair_swiss`],
/// plays it with random results ([`random_result`]; 1/½/0, a bye scores a win) and records it
/// in the field. Returns the round's pairing.
pub fn play_swiss_round(
    field: &mut [SwissPlayer],
    round: u32,
    opts: &SwissOptions,
    rng: &mut impl RngCore,
) -> Result<RoundPairing, PairingError> {
    let sys = PointSystem::OneHalfZero;
    let pairing = pair_swiss(field, round, opts)?;
    if let Some(b) = pairing.bye {
        let p = &mut field[b as usize - 1];
        p.byes += 1;
        p.score += sys.win();
    }
    for &(red, black) in &pairing.boards {
        let (r, b) = (red as usize - 1, black as usize - 1);
        let (to_red, to_black) = match random_result(rng) {
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

/// The pairing state of `players` anonymous players after `rounds` rounds of the 积分编排制
/// with random results drawn from `seed + 1`, paired with the default [`SwissOptions`] and lot
/// seed `seed` — the same field as the event crate's simulation of a default Swiss event.
pub fn swiss_field(players: u32, rounds: u32, seed: u64) -> Result<Vec<SwissPlayer>, PairingError> {
    let mut field = new_field(players);
    let opts = SwissOptions {
        seed,
        ..SwissOptions::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(1));
    for round in 1..=rounds {
        play_swiss_round(&mut field, round, &opts, &mut rng)?;
    }
    Ok(field)
}
