//! The pairing checker over simulated events of every system: xq's own pairings never deviate;
//! a hand-made rematch, a colour broken and a manual round are reported with the rule's words.
//!
//! The default suite checks `XQ_CHECK_EVENTS` events per system (default 12); the ignored test
//! `ten_thousand_events_per_system_are_clean` runs 10,000 per system:
//! `cargo test -p xiangqi-event --release --test check -- --ignored`.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use xiangqi_event::check::{DeviationKind, check};
use xiangqi_event::{Edit, Entrant, Event, EventError, StagePlan, StageSystem};
use xiangqi_scheduling::{EventConfig, PairingError, PairingSystemId, PointSystem};

/// The systems simulated.
#[derive(Clone, Copy, Debug)]
enum Sim {
    Swiss,
    RoundRobin,
    Knockout,
    DoubleKnockout,
    Groups,
    TeamSwiss,
    /// A Swiss with 同单位回避 in its first rounds, the units of random sizes (at times one
    /// of more than half the field) and some players without a unit.
    SwissSameUnit,
}

const ALL: [Sim; 7] = [
    Sim::Swiss,
    Sim::SwissSameUnit,
    Sim::RoundRobin,
    Sim::Knockout,
    Sim::DoubleKnockout,
    Sim::Groups,
    Sim::TeamSwiss,
];

fn result(rng: &mut ChaCha8Rng, games: usize) -> String {
    (0..games)
        .map(|_| match rng.gen_range(0..100) {
            0..40 => "1-0",
            40..65 => "=",
            65..97 => "0-1",
            _ => "+-",
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A random event of `sim`, played to the end (or `max_rounds`); every round checked clean as
/// soon as it is paired, and the whole event at the end.
fn play(sim: Sim, seed: u64) -> Event {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n: u32 = match sim {
        Sim::Groups => rng.gen_range(6..=16),
        Sim::RoundRobin => rng.gen_range(3..=9),
        _ => rng.gen_range(3..=24),
    };
    let names = |n: u32| -> Vec<(String, String)> {
        (1..=n)
            .map(|i| (format!("P{i}"), format!("U{}", i % 4)))
            .collect()
    };
    let mut ev = match sim {
        Sim::SwissSameUnit => {
            let units = rng.gen_range(1..=5u32);
            let names = (1..=n)
                .map(|i| {
                    let unit = match i % 6 {
                        0 => String::new(),
                        k if k <= 2 => "U0".into(),
                        _ => format!("U{}", i % units),
                    };
                    (format!("P{i}"), unit)
                })
                .collect();
            let config = EventConfig {
                avoid_same_unit_rounds: rng.gen_range(1..=4),
                ..EventConfig::default()
            };
            let rounds = rng.gen_range(1..=(n - 1 + n % 2).min(9));
            Event::new("sim", "", config, names, seed, Some(rounds), true).unwrap()
        }
        Sim::Swiss | Sim::TeamSwiss | Sim::RoundRobin => {
            let mut config = EventConfig::default();
            if matches!(sim, Sim::RoundRobin) {
                config.pairing = PairingSystemId("berger".into());
            }
            if matches!(sim, Sim::TeamSwiss) {
                config.team_boards = 2;
                config.match_points = PointSystem::TwoOneZero;
            }
            let rounds = match sim {
                Sim::RoundRobin => None,
                _ => Some(rng.gen_range(1..=(n - 1 + n % 2).min(9))),
            };
            Event::new("sim", "", config, names(n), seed, rounds, true).unwrap()
        }
        _ => {
            let system = match sim {
                Sim::Knockout => StageSystem::Knockout,
                Sim::DoubleKnockout => StageSystem::DoubleKnockout,
                _ => StageSystem::Groups,
            };
            let plan = StagePlan {
                system,
                groups: (n as usize / 4).max(2),
                advance: 2,
                final_system: if seed.is_multiple_of(2) {
                    StageSystem::RoundRobin
                } else {
                    StageSystem::Knockout
                },
                separate_units: seed.is_multiple_of(3),
                placement: seed.is_multiple_of(4),
            };
            let entrants = names(n)
                .into_iter()
                .map(|(name, club)| Entrant {
                    name,
                    club,
                    rating: None,
                })
                .collect();
            let config = EventConfig {
                third_place: seed % 2 == 1,
                ..EventConfig::default()
            };
            Event::new_staged("sim", "", config, entrants, seed, true, &plan).unwrap()
        }
    };
    for _ in 0..200 {
        let round = match Edit::new(&mut ev).pair() {
            Ok(r) => r,
            Err(EventError::AllRoundsPaired(_)) => break,
            Err(EventError::Invalid { record, .. }) if record == "event" => break,
            // a small Swiss can run out of opponents not yet met: the arbiter ends it there
            Err(EventError::Pairing(PairingError::NoPairing { .. })) => break,
            Err(e) => panic!("{sim:?} seed {seed}: {e}"),
        };
        let found = check(&ev, Some(round)).unwrap();
        assert!(
            found.is_empty(),
            "{sim:?} seed {seed} round {round}: {found:#?}"
        );
        let r = &ev.paired[round as usize - 1];
        let games = ev.games_in_round(r);
        let todo: Vec<u32> = r
            .boards
            .iter()
            .filter(|b| b.result.is_none())
            .map(|b| b.board)
            .collect();
        for b in todo {
            let res = result(&mut rng, games);
            Edit::new(&mut ev)
                .enter_result(round, b, &res, (None, None), false)
                .unwrap();
        }
    }
    assert_eq!(check(&ev, None).unwrap(), vec![], "{sim:?} seed {seed}");
    ev
}

fn events_per_system() -> u64 {
    std::env::var("XQ_CHECK_EVENTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

#[test]
fn xq_s_own_pairings_never_deviate() {
    for sim in ALL {
        for seed in 0..events_per_system() {
            play(sim, seed);
        }
    }
}

#[test]
#[ignore = "10,000 events per system: run in release, see the module doc"]
fn ten_thousand_events_per_system_are_clean() {
    for sim in ALL {
        for seed in 0..10_000 {
            play(sim, 1_000_000 + seed);
        }
    }
}

fn swiss_of(n: u32, rounds: u32) -> Event {
    let names = (1..=n).map(|i| (format!("P{i}"), String::new())).collect();
    Event::new(
        "t",
        "",
        EventConfig::default(),
        names,
        1,
        Some(rounds),
        false,
    )
    .unwrap()
}

#[test]
fn a_hand_made_rematch_is_reported_with_the_rule() {
    let mut ev = swiss_of(4, 3);
    Edit::new(&mut ev).pair().unwrap();
    Edit::new(&mut ev)
        .enter_result(1, 1, "1-0", (None, None), false)
        .unwrap();
    Edit::new(&mut ev)
        .enter_result(1, 2, "=", (None, None), false)
        .unwrap();
    // round 1 was 1-2, 3-4: the arbiter pairs the same games again
    Edit::new(&mut ev)
        .pair_by_hand(&[(2, 1), (4, 3)], None)
        .unwrap();
    let found = check(&ev, None).unwrap();
    let kinds: Vec<_> = found.iter().map(|d| (d.round, d.board, d.kind)).collect();
    assert_eq!(
        kinds,
        [
            (2, None, DeviationKind::Manual),
            (2, Some(1), DeviationKind::Rematch),
            (2, Some(2), DeviationKind::Rematch),
        ]
    );
    assert_eq!(
        found[1].to_string(),
        "round 2 board 1: rematch: 2 and 1 met in round 1 — 相遇过的对手不再编对 (seed 002 一(一)2: opponents who have met are not paired again)"
    );
}

#[test]
fn colours_against_rule_one_and_a_score_group_jump_are_reported() {
    let mut ev = swiss_of(4, 3);
    Edit::new(&mut ev).pair().unwrap();
    // 1 beats 2, 3 beats 4: 1 and 3 on 1 point, both had red
    Edit::new(&mut ev)
        .enter_result(1, 1, "1-0", (None, None), false)
        .unwrap();
    Edit::new(&mut ev)
        .enter_result(1, 2, "1-0", (None, None), false)
        .unwrap();
    // the arbiter pairs 1 (red again) v 4 and 3 v 2: a score-group jump, and 1 (多先) red
    // against 4 (少先)
    Edit::new(&mut ev)
        .pair_by_hand(&[(1, 4), (3, 2)], None)
        .unwrap();
    let found = check(&ev, Some(2)).unwrap();
    let kinds: Vec<_> = found.iter().map(|d| d.kind).collect();
    assert!(kinds.contains(&DeviationKind::ScoreGroup), "{found:#?}");
    assert!(kinds.contains(&DeviationKind::Colour), "{found:#?}");
    let colour = found
        .iter()
        .find(|d| d.kind == DeviationKind::Colour)
        .unwrap();
    assert!(
        colour.message.contains("⑴ 少先---多先，少先的先走"),
        "{colour}"
    );
}

#[test]
fn a_round_robin_off_its_table_is_reported() {
    let names = (1..=4).map(|i| (format!("P{i}"), String::new())).collect();
    let config = EventConfig {
        pairing: PairingSystemId("berger".into()),
        ..EventConfig::default()
    };
    let mut ev = Event::new("rr", "", config, names, 1, None, false).unwrap();
    Edit::new(&mut ev)
        .pair_by_hand(&[(1, 3), (2, 4)], None)
        .unwrap();
    let found = check(&ev, None).unwrap();
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(found[1].kind, DeviationKind::System);
    assert!(found[1].rule.contains("对局秩序表"));
}

#[test]
fn an_unpaired_round_is_refused() {
    let ev = swiss_of(4, 3);
    assert!(check(&ev, Some(1)).is_err());
    assert_eq!(check(&ev, None).unwrap(), vec![]);
}

/// A Swiss of `units` (one per player, empty = none) with 同单位回避 in rounds `1..=rounds`.
fn swiss_with_units(units: &[&str], rounds: u32) -> Event {
    let names = units
        .iter()
        .enumerate()
        .map(|(i, u)| (format!("P{}", i + 1), u.to_string()))
        .collect();
    let config = EventConfig {
        avoid_same_unit_rounds: rounds,
        ..EventConfig::default()
    };
    Event::new("t", "", config, names, 1, Some(3), false).unwrap()
}

#[test]
fn a_same_unit_pairing_that_could_be_avoided_is_reported() {
    // 1 and 2 are both 北京: round 1's plain table 1-2 3-4 5-6 pairs them
    let units = ["北京", "北京", "上海", "广东", "湖北", "四川"];
    let mut ev = swiss_with_units(&units, 2);
    Edit::new(&mut ev)
        .pair_by_hand(&[(1, 2), (3, 4), (5, 6)], None)
        .unwrap();
    let found = check(&ev, None).unwrap();
    let kinds: Vec<_> = found.iter().map(|d| (d.round, d.board, d.kind)).collect();
    assert_eq!(
        kinds,
        [
            (1, None, DeviationKind::Manual),
            (1, Some(1), DeviationKind::SameUnit),
            (1, None, DeviationKind::System),
        ],
        "{found:#?}"
    );
    assert_eq!(
        found[1].to_string(),
        "round 1 board 1: same-unit: 1 pairs of one unit (board 1: 1-2 北京) where 0 suffice (同单位回避 in rounds 1-2) — 同单位回避：规程规定的前若干轮同单位棋手不相遇，无法回避时除外 (the event's regulations: players of one unit are not paired with each other in the first rounds wherever the field allows it)"
    );
    // xq's own round 1 keeps them apart and is clean
    let mut ev = swiss_with_units(&units, 2);
    Edit::new(&mut ev).pair().unwrap();
    let r = &ev.paired[0];
    assert!(
        r.boards
            .iter()
            .all(|b| [b.red, b.black] != [1, 2] && [b.red, b.black] != [2, 1]),
        "{:?}",
        r.boards
    );
    assert_eq!(check(&ev, None).unwrap(), vec![]);
}

#[test]
fn same_unit_pairs_are_not_reported_past_the_rule_or_when_unavoidable() {
    // past the rule: round 1 of an event with the rule off
    let units = ["北京", "北京", "上海", "广东"];
    let mut ev = swiss_with_units(&units, 0);
    Edit::new(&mut ev)
        .pair_by_hand(&[(1, 2), (3, 4)], None)
        .unwrap();
    let found = check(&ev, None).unwrap();
    assert!(
        found.iter().all(|d| d.kind != DeviationKind::SameUnit),
        "{found:#?}"
    );
    // three of four from one unit: one pair of it cannot be avoided, and xq pairs everyone
    let units = ["北京", "北京", "北京", "上海"];
    let mut ev = swiss_with_units(&units, 3);
    Edit::new(&mut ev).pair().unwrap();
    assert_eq!(ev.paired[0].boards.len(), 2);
    assert_eq!(check(&ev, None).unwrap(), vec![]);
    // the arbiter's 1-2 3-4 has one pair of 北京, as many as xq's: nothing to report for it
    let mut ev = swiss_with_units(&units, 3);
    Edit::new(&mut ev)
        .pair_by_hand(&[(1, 2), (3, 4)], None)
        .unwrap();
    let found = check(&ev, None).unwrap();
    assert!(
        found.iter().all(|d| d.kind != DeviationKind::SameUnit),
        "{found:#?}"
    );
}
