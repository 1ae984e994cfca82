//! The writer against `toml` itself: every kind of record, every optional field, strings that
//! need each of TOML's quotings, and random events.

use super::*;
use crate::simulate::{SimSystem, simulate};
use crate::stages::{StageSource, StageSystem};
use proptest::prelude::*;

/// What `toml` writes for the event (the text [`Event::to_toml`] wrote before this writer,
/// without the `[end]` table).
fn reference(ev: &Event) -> String {
    toml::to_string(ev).unwrap_or_default()
}

fn ours(ev: &Event) -> String {
    event_text(ev, ev.version, &ev.history)
}

fn assert_same(ev: &Event) {
    let (want, got) = (reference(ev), ours(ev));
    if want != got {
        let at = want
            .bytes()
            .zip(got.bytes())
            .position(|(a, b)| a != b)
            .unwrap_or(want.len().min(got.len()));
        let from = at.saturating_sub(120);
        panic!(
            "differs at byte {at}:\n--- toml ---\n{}\n--- ours ---\n{}",
            &want[from..(at + 120).min(want.len())],
            &got[from..(at + 120).min(got.len())]
        );
    }
}

fn event() -> Event {
    let (mut ev, _) = simulate(9, 3, 5, SimSystem::Swiss).unwrap();
    ev.rounds = 4;
    ev.pair_next().unwrap();
    ev
}

#[test]
fn simulated_events_are_written_as_toml_writes_them() {
    for system in [SimSystem::Swiss, SimSystem::RoundRobin] {
        for (n, r) in [(2, 1), (7, 3), (40, 5)] {
            let (ev, _) = simulate(n, r, 11, system).unwrap();
            assert_same(&ev);
        }
    }
    assert_same(&event());
}

/// Every optional field of every record, and the strings each TOML quoting is chosen for.
#[test]
fn every_field_and_every_quoting() {
    let mut ev = event();
    ev.format = Some(2);
    ev.version = Some(7);
    ev.division = "男子组".into();
    let odd = [
        "plain",
        "李 \"小\" 明",
        "back\\slash",
        "it's",
        "it'''s \"\"\" both",
        "line\nbreak",
        "tab\there",
        "bell\u{7}",
        "crlf\r\n",
        "",
        "'''",
        "\"\"\"\n'''",
    ];
    for (p, s) in ev.players.iter_mut().zip(odd.iter().cycle()) {
        p.name = (*s).to_string();
        p.club = format!("{s}{s}");
    }
    let p = &mut ev.players[0];
    p.rating = Some(2100);
    p.withdrawn = Some(2);
    p.bye_requests = vec![3, 4];
    p.late = Some(2);
    p.members = vec![
        Member {
            name: "甲".into(),
            rating: Some(1900),
        },
        Member {
            name: "乙\"".into(),
            rating: None,
        },
    ];
    let r = &mut ev.paired[0];
    r.bye = Some(9);
    r.byes = vec![1, 2];
    r.stage = Some(1);
    r.playoff = Some(1);
    r.manual = true;
    r.notes = odd.iter().map(|s| s.to_string()).collect();
    let b = &mut r.boards[0];
    b.red_fouls = 1;
    b.black_fouls = 2;
    b.bracket = Some("3rd".into());
    b.red_lineup = vec![1, 2, 3];
    b.black_lineup = vec![3];
    b.result = Some("1-0 =".into());
    ev.paired[1].boards.clear();
    ev.stages = vec![
        EventStage {
            name: "groups".into(),
            system: StageSystem::Groups,
            groups: vec![vec![1, 2, 3], vec![4, 5]],
            rounds: 2,
            third_place: false,
            reset: false,
            from: None,
        },
        EventStage {
            name: "final \"A\"".into(),
            system: StageSystem::DoubleKnockout,
            groups: vec![],
            rounds: 0,
            third_place: true,
            reset: true,
            from: Some(StageSource {
                stage: 1,
                places: 2,
                skip: 1,
            }),
        },
    ];
    ev.history = odd
        .iter()
        .enumerate()
        .map(|(i, s)| Change {
            version: i as u64 + 1,
            by: (*s).to_string(),
            at: "2026-11-27T22:00:00Z".into(),
            what: format!("result {s}"),
            undoes: (i % 3 == 1).then_some(i as u64),
            undone_by: (i % 4 == 2).then_some(i as u64 + 5),
            line: i as u32 + 1,
            before: format!("{s}\n[[x]]\n"),
            after: if i % 2 == 0 {
                String::new()
            } else {
                (*s).repeat(3)
            },
        })
        .collect();
    assert_same(&ev);
}

/// Empty lists of tables are `[]` values; integers beyond `i64` make `toml` refuse, and the
/// writer gives the same empty text.
#[test]
fn empty_lists_and_refused_integers() {
    let mut ev = event();
    ev.paired.clear();
    assert_same(&ev);
    assert!(ours(&ev).contains("round = []"));
    ev.players.clear();
    assert_same(&ev);
    let mut ev = event();
    ev.seed = u64::MAX;
    assert_eq!(ours(&ev), "");
    assert_same(&ev);
    let mut ev = event();
    ev.history = vec![Change {
        version: u64::MAX,
        by: "x".into(),
        at: "t".into(),
        what: "w".into(),
        undoes: None,
        undone_by: None,
        line: 1,
        before: String::new(),
        after: String::new(),
    }];
    assert_same(&ev);
    ev.history[0].version = 1;
    ev.history[0].undone_by = Some(u64::MAX);
    assert_same(&ev);
    assert_eq!(ours(&ev), "");
}

/// A body (no version, no history) is the text of the event without them.
#[test]
fn a_body_is_the_event_without_version_and_history() {
    let mut ev = event();
    ev.version = Some(3);
    ev.history = vec![Change {
        version: 3,
        by: "x".into(),
        at: "t".into(),
        what: "w".into(),
        undoes: None,
        undone_by: None,
        line: 1,
        before: "a\n".into(),
        after: "b\n".into(),
    }];
    let mut bare = ev.clone();
    bare.version = None;
    bare.history.clear();
    assert_eq!(event_text(&ev, None, &[]), reference(&bare));
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 ]{0,12}",
        "[\u{4e00}-\u{4e20}]{1,4}",
        "[\"'\\\\\n\r\t\u{0}-\u{1f}\u{7f}a-z\u{4e2d}]{0,10}",
        Just("'''\"\"\"".to_string()),
    ]
}

fn opt<T: std::fmt::Debug + Clone>(
    s: impl Strategy<Value = T>,
) -> impl Strategy<Value = Option<T>> {
    prop::option::of(s)
}

fn small() -> impl Strategy<Value = u32> {
    prop_oneof![Just(0u32), 1u32..20, Just(u32::MAX)]
}

fn player() -> impl Strategy<Value = Player> {
    (
        (small(), text(), text(), opt(small()), opt(small())),
        (
            prop::collection::vec(small(), 0..3),
            opt(small()),
            prop::collection::vec((text(), opt(small())), 0..3),
        ),
    )
        .prop_map(
            |((no, name, club, rating, withdrawn), (bye_requests, late, members))| Player {
                no,
                name,
                club,
                rating,
                withdrawn,
                bye_requests,
                late,
                members: members
                    .into_iter()
                    .map(|(name, rating)| Member { name, rating })
                    .collect(),
            },
        )
}

fn pairing() -> impl Strategy<Value = Pairing> {
    (
        (small(), small(), small(), opt(text())),
        (small(), small(), opt(text())),
        (
            prop::collection::vec(small(), 0..3),
            prop::collection::vec(small(), 0..3),
        ),
    )
        .prop_map(
            |((board, red, black, result), (red_fouls, black_fouls, bracket), (rl, bl))| Pairing {
                board,
                red,
                black,
                result,
                red_fouls,
                black_fouls,
                bracket,
                red_lineup: rl,
                black_lineup: bl,
            },
        )
}

fn round() -> impl Strategy<Value = Round> {
    (
        (small(), opt(small()), prop::collection::vec(small(), 0..3)),
        (opt(small()), opt(small()), any::<bool>()),
        (
            prop::collection::vec(text(), 0..3),
            prop::collection::vec(pairing(), 0..4),
            opt((2000u32..2100, 1u32..13, 1u32..29)),
        ),
    )
        .prop_map(
            |((round, bye, byes), (stage, playoff, manual), (notes, boards, day))| Round {
                date: day.map(|(y, m, d)| {
                    format!("{y:04}-{m:02}-{d:02}")
                        .parse()
                        .expect("a day of 1..=28 exists in every month")
                }),
                round,
                bye,
                byes,
                stage,
                playoff,
                manual,
                notes,
                boards,
            },
        )
}

fn big() -> impl Strategy<Value = u64> {
    prop_oneof![8 => 0u64..100, 1 => Just(i64::MAX as u64), 1 => Just(i64::MAX as u64 + 1)]
}

fn change() -> impl Strategy<Value = Change> {
    (
        (big(), text(), text(), text()),
        (opt(big()), opt(big()), small()),
        (text(), text()),
    )
        .prop_map(
            |((version, by, at, what), (undoes, undone_by, line), (before, after))| Change {
                version,
                by,
                at,
                what,
                undoes,
                undone_by,
                line,
                before,
                after,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any event, valid or not, is written byte for byte as `toml` writes it.
    #[test]
    fn random_events_are_written_as_toml_writes_them(
        (name, division, ruleset) in (text(), text(), text()),
        (format, version, seed) in (opt(small()), opt(big()), big()),
        players in prop::collection::vec(player(), 0..5),
        paired in prop::collection::vec(round(), 0..4),
        history in prop::collection::vec(change(), 0..4),
    ) {
        let mut ev = event();
        ev.name = name;
        ev.division = division;
        ev.ruleset = ruleset;
        ev.format = format;
        ev.version = version;
        ev.seed = seed;
        ev.players = players;
        ev.paired = paired;
        ev.history = history;
        prop_assert_eq!(ours(&ev), reference(&ev));
    }
}
