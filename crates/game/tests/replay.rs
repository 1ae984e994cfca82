//! Property: replaying a stored log (PGN or JSON) gives the same state as building it entry by
//! entry, whatever the entries — refused ones are simply not logged.

use proptest::prelude::*;
use xiangqi_board::Color;
use xiangqi_game::{ClaimKind, Decision, Entry, Game, GameLog, Header, LogFormat, TimeControl};
use xiangqi_rules_axf as _;
use xiangqi_rules_cn1987 as _;

/// An entry drawn from a number: a legal move (by index into the legal moves) most of the
/// time, else an event.
fn entry(game: &Game, pick: u32, arg: u32, clock: Option<u32>) -> Entry {
    let side = if arg.is_multiple_of(2) {
        Color::Red
    } else {
        Color::Black
    };
    match pick % 64 {
        0 => Entry::Offer { side },
        1 => Entry::Accept { side },
        2 => Entry::Decline { side },
        3 => Entry::Claim {
            side,
            kind: if arg.is_multiple_of(3) {
                ClaimKind::Repetition
            } else {
                ClaimKind::NaturalLimit
            },
            ruling: String::new(),
        },
        4 => Entry::Foul {
            side,
            kind: (arg % 9) as u8,
            note: "n}o]te".into(),
        },
        5 => Entry::Violation {
            side,
            reason: "r \"q\"".into(),
        },
        6 => Entry::Penalty {
            side,
            seconds: arg % 120,
            reason: "p".into(),
        },
        7 if arg.is_multiple_of(25) => Entry::Resign { side },
        8 if arg.is_multiple_of(25) => Entry::Flag {
            side,
            clock: [None, Some(0), Some(arg % 7)][(arg / 25 % 3) as usize],
            override_reason: if arg.is_multiple_of(2) {
                String::new()
            } else {
                "ov]e{r\"ride".into()
            },
        },
        9 => Entry::Seal {
            side: game.state().side_to_move,
            text: if arg.is_multiple_of(4) {
                "zz".into()
            } else {
                legal(game, arg).into()
            },
            clock,
        },
        10 => Entry::Resume,
        11 => Entry::Late {
            side,
            minutes: arg % 17,
        },
        12 if arg.is_multiple_of(50) => Entry::Disciplinary {
            side,
            reason: "d".into(),
        },
        15 => Entry::Correct {
            side,
            clock: arg % 6000,
            reason: if arg.is_multiple_of(5) {
                String::new()
            } else {
                "c}o[rrect".into()
            },
        },
        13 if arg.is_multiple_of(9) => Entry::Decision {
            outcome: [
                Decision::None,
                Decision::Draw,
                Decision::RedWins,
                Decision::BlackWins,
            ][(arg / 9 % 4) as usize],
            reason: "裁判 {x}".into(),
        },
        _ => Entry::Move {
            mv: legal(game, arg),
            clock,
        },
    }
}

fn legal(game: &Game, arg: u32) -> String {
    let moves = game.position().legal_moves();
    if moves.is_empty() {
        return "a0a1".into();
    }
    moves[arg as usize % moves.len()].iccs()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn replay_equals_building(
        steps in proptest::collection::vec((any::<u32>(), any::<u32>(), proptest::option::of(0u32..6000)), 0..160),
        ruleset in prop_oneof![Just("cn-1987"), Just("axf")],
        control in prop_oneof![Just("classical"), Just("blitz"), Just("4/10,2/5*+2")],
        json in any::<bool>(),
    ) {
        let tc = TimeControl::parse(control).unwrap();
        let storage = if json { LogFormat::Json } else { LogFormat::Pgn };
        let mut game = Game::new(Header::new(ruleset, &tc), storage).unwrap();
        for (pick, arg, clock) in steps {
            if game.state().result.is_some() {
                break;
            }
            let e = if game.state().sealed_by.is_none() && pick % 64 == 10 {
                entry(&game, 14, arg, clock)
            } else {
                entry(&game, pick, arg, clock)
            };
            if matches!(e, Entry::Resume) {
                let _ = game.resume();
            } else if let (Err(_), Entry::Move { mv, clock: Some(_) }) = (game.apply(e.clone()), &e) {
                // a reading that rises is refused: the move is entered without it
                let _ = game.apply(Entry::Move { mv: mv.clone(), clock: None });
            }
        }
        let text = game.render();
        let again = Game::replay(GameLog::parse(&text).unwrap()).unwrap();
        prop_assert_eq!(again.state(), game.state(), "{}", text);
        prop_assert_eq!(&again.log().entries, &game.log().entries);
        prop_assert_eq!(again.render(), text);
    }
}
