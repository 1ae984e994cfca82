//! Event files on disk: files written before this version (no `format`, no `[end]`) load and
//! write back byte for byte and check clean; a new file ends with its `[end]` table and a copy
//! cut short at a table boundary is refused; the rounds planned are bounded.

use xiangqi_event::check::check;
use xiangqi_event::{Edit, Event};
use xiangqi_scheduling::EventConfig;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");

/// Every `old-*.toml` here was written by `xq event` before the `[end]` table existed (one
/// event of each system, played to the end with random results).
#[test]
fn old_event_files_load_and_write_back_byte_for_byte() {
    let mut n = 0;
    for entry in std::fs::read_dir(DATA).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "toml") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let ev = Event::from_toml(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(ev.format, None, "{}", path.display());
        assert_eq!(ev.to_toml(), text, "{}", path.display());
        assert_eq!(check(&ev, None).unwrap(), vec![], "{}", path.display());
        n += 1;
    }
    assert!(n >= 6, "{n} files");
}

fn players(n: u32) -> Vec<(String, String)> {
    (1..=n).map(|i| (format!("P{i}"), String::new())).collect()
}

#[test]
fn a_new_file_cut_at_a_table_boundary_is_refused() {
    let mut ev = Event::new(
        "t",
        "",
        EventConfig::default(),
        players(6),
        1,
        Some(3),
        false,
    )
    .unwrap();
    Edit::new(&mut ev).pair().unwrap();
    let text = ev.to_toml();
    assert!(text.starts_with("format = 2\n"), "{text}");
    assert!(
        text.ends_with("[end]\nplayers = 6\nrounds = 1\npairings = 3\n"),
        "{text}"
    );
    assert_eq!(Event::from_toml(&text).unwrap(), ev);
    // cut before the last pairing, before the round, before [end]: every cut is refused
    for cut in ["[[round.boards]]", "[[round]]", "[end]"] {
        let at = text.rfind(&format!("\n{cut}\n")).unwrap() + 1;
        let e = Event::from_toml(&text[..at]).unwrap_err().to_string();
        assert!(e.contains("cut short"), "{cut}: {e}");
    }
}

#[test]
fn rounds_are_bounded_by_the_system() {
    let e = Event::new(
        "t",
        "",
        EventConfig::default(),
        players(2),
        1,
        Some(5),
        false,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(
        e,
        "event: a Swiss of 2 players has at most 1 rounds, not 5: 相遇过的对手不再编对 (seed 002 一(一)2: opponents who have met are not paired again)"
    );
    let e = Event::new(
        "t",
        "",
        EventConfig::default(),
        players(3000),
        1,
        Some(u32::MAX),
        false,
    )
    .unwrap_err()
    .to_string();
    assert!(e.contains("at most 2999 rounds"), "{e}");
    let e = Event::new(
        "t",
        "",
        EventConfig::default(),
        players(3000),
        1,
        Some(1500),
        false,
    )
    .unwrap_err()
    .to_string();
    assert_eq!(e, "event: 1500 rounds: an event plans at most 998");
}

/// 同单位回避 is one key of the event's `[config]`, written only when on: a file without it
/// (every file before it) writes back without it, and a file with it reads and writes back
/// byte for byte.
#[test]
fn the_same_unit_option_is_written_only_when_on() {
    let off = Event::new(
        "t",
        "",
        EventConfig::default(),
        players(6),
        1,
        Some(3),
        false,
    )
    .unwrap()
    .to_toml();
    assert!(!off.contains("avoid_same_unit_rounds"), "{off}");
    let config = EventConfig {
        avoid_same_unit_rounds: 2,
        ..EventConfig::default()
    };
    let mut ev = Event::new("t", "", config, players(6), 1, Some(3), false).unwrap();
    Edit::new(&mut ev).pair().unwrap();
    let text = ev.to_toml();
    assert!(text.contains("\navoid_same_unit_rounds = 2\n"), "{text}");
    let back = Event::from_toml(&text).unwrap();
    assert_eq!(back.config.avoid_same_unit_rounds, 2);
    assert_eq!(back.to_toml(), text);
    // a round robin refuses it: the rule belongs to the Swiss
    let config = EventConfig {
        avoid_same_unit_rounds: 2,
        pairing: xiangqi_scheduling::PairingSystemId("berger".into()),
        ..EventConfig::default()
    };
    assert!(Event::new("t", "", config, players(6), 1, None, false).is_err());
}
