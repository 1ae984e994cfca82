use super::*;
use crate::check::DeviationKind;
use crate::document::EventError;
use xiangqi_scheduling::EventConfig;

fn swiss(n: u32, rounds: u32) -> Event {
    let entrants = (1..=n).map(|i| (format!("P{i}"), String::new())).collect();
    Event::new(
        "t",
        "",
        EventConfig::default(),
        entrants,
        1,
        Some(rounds),
        false,
    )
    .unwrap()
}

fn finish(ev: &mut Event) {
    let r = ev.paired.len() as u32;
    for b in 1..=ev.paired[r as usize - 1].boards.len() as u32 {
        Edit::new(ev)
            .enter_result(r, b, "1-0", (None, None), false)
            .unwrap();
    }
}

#[test]
fn unpair_is_refused_while_the_round_has_results_unless_forced() {
    let mut ev = swiss(8, 4);
    assert!(Edit::new(&mut ev).unpair_last(false).is_err());
    Edit::new(&mut ev).pair().unwrap();
    Edit::new(&mut ev)
        .enter_result(1, 2, "1-0", (None, None), false)
        .unwrap();
    Edit::new(&mut ev)
        .enter_result(1, 3, "=", (None, None), false)
        .unwrap();
    let before = ev.clone();
    let e = Edit::new(&mut ev).unpair_last(false).unwrap_err();
    assert_eq!(
        e,
        EventError::RoundHasResults {
            round: 1,
            boards: vec![2, 3]
        }
    );
    assert!(e.to_string().contains("2 boards (2, 3)"), "{e}");
    assert_eq!(ev, before);
    assert_eq!(Edit::new(&mut ev).unpair_last(true).unwrap(), 1);
    assert!(ev.paired.is_empty());
    // re-paired, the same round comes back
    Edit::new(&mut ev).pair().unwrap();
    assert_eq!(ev.paired[0], before.paired[0].clone().tap_clear());
}

trait TapClear {
    fn tap_clear(self) -> Self;
}
impl TapClear for crate::Round {
    fn tap_clear(mut self) -> Self {
        for b in &mut self.boards {
            b.result = None;
        }
        self
    }
}

#[test]
fn a_refused_pairing_names_every_board_without_a_result() {
    let mut ev = swiss(40, 5);
    Edit::new(&mut ev).pair().unwrap();
    for b in [1, 4, 9, 10] {
        Edit::new(&mut ev)
            .enter_result(1, b, "1-0", (None, None), false)
            .unwrap();
    }
    let e = Edit::new(&mut ev).pair().unwrap_err();
    assert_eq!(
        e.to_string(),
        "round 1: 16 boards without a result (2, 3, 5–8, 11–20): enter them before pairing round 2"
    );
}

#[test]
fn a_manual_pairing_that_repeats_round_one_warns() {
    let mut ev = swiss(4, 3);
    Edit::new(&mut ev).pair().unwrap();
    finish(&mut ev);
    let r1: Vec<(u32, u32)> = ev.paired[0]
        .boards
        .iter()
        .map(|b| (b.red, b.black))
        .collect();
    let mut d = Edit::new(&mut ev);
    assert_eq!(d.pair_by_hand(&r1, None).unwrap(), 2);
    let d = d.warnings().to_vec();
    assert!(ev.paired[1].manual);
    let rematches = d
        .iter()
        .filter(|w| matches!(w, Warning::Pairing(x) if x.kind == DeviationKind::Rematch))
        .count();
    assert_eq!(rematches, 2, "{d:?}");
    // the same players again with the colours the rules give: no rematch warning for a
    // fresh pairing
    let mut ev2 = swiss(4, 3);
    Edit::new(&mut ev2).pair().unwrap();
    finish(&mut ev2);
    let mut d = Edit::new(&mut ev2);
    d.pair_by_hand(&[(2, 4), (3, 1)], None).unwrap();
    let d = d.warnings().to_vec();
    assert!(
        d.iter()
            .all(|w| !matches!(w, Warning::Pairing(x) if x.kind == DeviationKind::Rematch)),
        "{d:?}"
    );
}

#[test]
fn a_result_changed_after_the_next_round_was_paired_warns() {
    let mut ev = swiss(4, 3);
    Edit::new(&mut ev).pair().unwrap();
    finish(&mut ev);
    Edit::new(&mut ev).pair().unwrap();
    let mut d = Edit::new(&mut ev);
    d.enter_result(1, 1, "0-1", (None, None), true).unwrap();
    assert_eq!(
        d.warnings(),
        [Warning::PairedOnOldScore {
            round: 1,
            board: 1,
            next: 2
        }]
    );
    // the same result again, or a first result in the last round: no warning
    let mut d = Edit::new(&mut ev);
    d.enter_result(1, 1, "0-1", (None, None), true).unwrap();
    d.enter_result(2, 1, "1-0", (None, None), false).unwrap();
    assert!(d.warnings().is_empty());
    let mut d = Edit::new(&mut ev);
    d.enter_results("1 2 =\n2 2 1-0\n", true).unwrap();
    assert_eq!(d.warnings().len(), 1, "{:?}", d.warnings());
}

#[test]
fn swapping_colours_keeps_each_players_score() {
    let mut ev = swiss(4, 3);
    Edit::new(&mut ev).pair().unwrap();
    Edit::new(&mut ev)
        .enter_result(1, 1, "1-0", (Some(2), None), false)
        .unwrap();
    let (red, black) = (ev.paired[0].boards[0].red, ev.paired[0].boards[0].black);
    let before = ev.standings(Some(0));
    Edit::new(&mut ev).swap_colours(1, 1).unwrap();
    let b = &ev.paired[0].boards[0];
    assert_eq!((b.red, b.black), (black, red));
    assert_eq!(b.result.as_deref(), Some("0-1"));
    assert_eq!((b.red_fouls, b.black_fouls), (0, 2));
    assert_eq!(ev.standings(Some(0)), before);
    assert_eq!(
        Edit::new(&mut ev).swap_colours(1, 9).unwrap_err(),
        EventError::NoSuchBoard { round: 1, board: 9 }
    );
}

#[test]
fn edit_reinstate_and_rename_refuse_bad_input() {
    let mut ev = swiss(4, 3);
    let before = ev.clone();
    let none = PlayerEdit::default();
    assert!(Edit::new(&mut ev).edit_player(1, &none).is_err());
    assert!(
        Edit::new(&mut ev)
            .edit_player(
                9,
                &PlayerEdit {
                    name: Some("x".into()),
                    ..none.clone()
                }
            )
            .is_err()
    );
    assert!(
        Edit::new(&mut ev)
            .edit_player(
                1,
                &PlayerEdit {
                    name: Some(" ".into()),
                    ..none.clone()
                }
            )
            .is_err()
    );
    // the same name and unit as player 2
    let e = Edit::new(&mut ev)
        .edit_player(
            1,
            &PlayerEdit {
                name: Some("P2".into()),
                ..none.clone()
            },
        )
        .unwrap_err();
    assert!(e.to_string().contains("duplicate player"), "{e}");
    ev = before.clone();
    assert!(
        Edit::new(&mut ev)
            .reinstate(1)
            .unwrap_err()
            .to_string()
            .contains("has not withdrawn")
    );
    assert!(Edit::new(&mut ev).rename("  ").is_err());
    assert!(Edit::new(&mut ev).rename("a\nb").is_err());
    assert_eq!(ev, before);
    Edit::new(&mut ev).withdraw(1).unwrap();
    Edit::new(&mut ev).reinstate(1).unwrap();
    assert_eq!(ev.player(1).unwrap().withdrawn, None);
}
