//! Issue 21: a 违例 entered in the game log reaches the event's 违例 tie-break. The log of an
//! event board counts every 违例 (each 犯规 is one, and a 违例 outside the 犯规 list); when the
//! game's result lands on the board, those counts land with it, and the event's `fouls`
//! tie-break (犯规/违例, fewer first) reads them.

mod common;

use xiangqi_board::Color;
use xiangqi_event::{Event, Store};
use xiangqi_game::store;
use xiangqi_game::{Entry, Game};
use xiangqi_rules_cn1987 as _;

#[test]
fn violations_in_the_log_reach_the_board_and_its_tie_break() {
    let (_dir, event, log) = common::folder("违例赛", "v.toml", ["甲", "乙"]);
    let entries = [
        Entry::Move {
            mv: "h2e2".into(),
            clock: None,
        },
        // a 违例 outside the 犯规 list, against Black
        Entry::Violation {
            side: Color::Black,
            reason: "记录不清".into(),
        },
        Entry::Move {
            mv: "h9g7".into(),
            clock: None,
        },
        // a 犯规 (also a 违例) against Red, and a second 违例 against Black
        Entry::Foul {
            side: Color::Red,
            kind: 1,
            note: String::new(),
        },
        Entry::Violation {
            side: Color::Black,
            reason: "离开赛场".into(),
        },
    ];
    for e in entries {
        store::update(&log, |g| g.apply(e)).unwrap();
    }
    // nothing reaches the board while the game is on
    assert_eq!(common::board(&event).black_fouls, 0);
    let g: Game = Store::new(&log).read().unwrap();
    assert_eq!(
        (g.state().violations.red, g.state().violations.black),
        (1, 2)
    );
    assert_eq!((g.state().fouls.red, g.state().fouls.black), (1, 0));

    let st = store::update(&log, |g| {
        g.apply(Entry::Resign { side: Color::Red })?;
        Ok(g.state().clone())
    })
    .unwrap();
    let board = g.log().header.event.clone().unwrap();
    let line = store::enter_result(&log, &event, &st, &board)
        .unwrap()
        .unwrap();
    assert_eq!(line, "v.toml: round 1 board 1: 0-1 (违例 1–2)");
    let b = common::board(&event);
    assert_eq!(b.result.as_deref(), Some("0-1"));
    assert_eq!((b.red_fouls, b.black_fouls), (1, 2));

    // the event's 犯规/违例 tie-break reads them
    let mut ev: Event = Store::new(&event).read().unwrap();
    ev.config.tie_breaks = vec![xiangqi_scheduling::TieBreakId("fouls".into())];
    let standings = ev.standings(None);
    let of = |no: u32| {
        standings
            .iter()
            .find(|s| s.no == no)
            .map(|s| s.tie_breaks[0][0])
            .unwrap()
    };
    assert_eq!((of(b.red), of(b.black)), (1.0, 2.0));
}
