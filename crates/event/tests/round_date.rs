//! The round's own date (`date` on a round) leaves every existing file as it was: the events
//! imported from the team's tournament data (`../shared/data/tournaments/*.trf`) and the
//! `tests/data` fixtures write back byte for byte with no `date` key, and a dated round
//! round-trips.

use xiangqi_event::{Edit, Event, RoundDate, trf};
use xiangqi_scheduling::EventConfig;

#[path = "../../../tests/src/shared.rs"]
mod shared;

fn round_trips_without_a_date(ev: &Event, what: &str) {
    let text = ev.to_toml();
    assert!(!text.contains("\ndate = "), "{what}");
    let back = Event::from_toml(&text).unwrap_or_else(|e| panic!("{what}: {e}"));
    assert_eq!(back.to_toml(), text, "{what}");
}

#[test]
fn shared_tournaments_and_fixtures_write_back_unchanged_and_a_date_round_trips() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let mut n = 0;
    for entry in std::fs::read_dir(fixtures).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") {
            let text = std::fs::read_to_string(&path).unwrap();
            let ev = Event::from_toml(&text).unwrap();
            assert_eq!(ev.to_toml(), text, "{}", path.display());
            round_trips_without_a_date(&ev, &path.display().to_string());
            n += 1;
        }
    }
    assert!(n >= 6, "{n} fixtures");
    let Some(dir) =
        shared::shared_file("data/tournaments", "the round date over shared TRF events")
    else {
        return;
    };
    let mut imported = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "trf") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut ev = trf::import(&text, "axf", EventConfig::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        round_trips_without_a_date(&ev, &path.display().to_string());
        let date: RoundDate = "2026-11-28".parse().unwrap();
        assert!(
            Edit::new(&mut ev)
                .set_round_date(1, Some(date.clone()))
                .unwrap()
        );
        let dated = ev.to_toml();
        let back = Event::from_toml(&dated).unwrap();
        assert_eq!(back.round_date(1), Some(&date));
        assert_eq!(back.to_toml(), dated);
        imported += 1;
    }
    assert!(imported >= 2, "{imported} TRF events");
}
