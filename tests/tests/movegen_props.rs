//! Property tests over random legal playouts, checked against the independent reference
//! generator in `xiangqi_conformance::reference`.

use proptest::prelude::*;
use xiangqi::board::{START_FEN, Setup};
use xiangqi::movegen::{GameStatus, Position, PositionProblem, perft};
use xiangqi_conformance::playout::{playout, starts};
use xiangqi_conformance::reference;

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_equal_the_reference_moves(start in 0usize..13, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let starts = starts();
        playout(&starts[start % starts.len()], &choices, |pos| {
            let mut ours: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            ours.sort();
            let setup = pos.to_setup();
            assert_eq!(ours, reference::legal_moves(&setup), "moves differ in {}", pos.fen());
            assert_eq!(pos.is_check(), reference::in_check(&setup), "check differs in {}", pos.fen());
            assert_eq!(pos.count_legal_moves(), ours.len() as u64, "count differs in {}", pos.fen());
            let status = pos.status();
            assert_eq!(status == GameStatus::Ongoing, !ours.is_empty());
            // The filtered generators list exactly the legal moves their filter keeps.
            let them = pos.board().by_color(!pos.turn());
            let mut captures: Vec<String> = pos.legal_captures().iter().map(|m| m.to_string()).collect();
            captures.sort();
            let expected: Vec<String> = pos.legal_moves().iter().filter(|m| them.contains(m.to)).map(|m| m.to_string()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            assert_eq!(captures, expected, "captures differ in {}", pos.fen());
            let keep = |from: xiangqi::board::Square, to: xiangqi::board::Square| (from.index() + to.index()).is_multiple_of(3);
            let mut kept: Vec<String> = pos.legal_moves_where(keep).iter().map(|m| m.to_string()).collect();
            kept.sort();
            let expected: Vec<String> = pos.legal_moves().iter().filter(|m| keep(m.from, m.to)).map(|m| m.to_string()).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            assert_eq!(kept, expected, "filtered moves differ in {}", pos.fen());
        });
    }

    #[test]
    fn play_then_undo_restores_position_and_hash(choices in prop::collection::vec(any::<u16>(), 1..150)) {
        playout(&Position::start(), &choices, |pos| {
            let before = pos.clone();
            let mut p = pos.clone();
            for &m in pos.legal_moves().iter() {
                let undo = p.play_unchecked(m);
                assert_eq!(p.hash(), p.hash_from_scratch(), "incremental hash after {m} in {}", pos.fen());
                p.undo(undo);
                assert_eq!(p, before, "undo of {m} in {}", pos.fen());
            }
        });
    }

    #[test]
    fn fen_render_then_parse_is_the_identity(choices in prop::collection::vec(any::<u16>(), 0..150)) {
        playout(&Position::start(), &choices, |pos| {
            let fen = pos.fen();
            let again = Position::from_fen(&fen).expect("rendered FEN parses");
            assert_eq!(&again, pos);
            assert_eq!(again.fen(), fen);
        });
    }

    #[test]
    fn random_strings_never_panic_the_fen_parser(s in "\\PC{0,120}") {
        let _ = Setup::from_fen(&s);
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn mutated_fens_never_panic(idx in 0usize..80, c in prop::sample::select(vec!['k','K','a','A','b','e','n','h','r','c','p','P','1','9','0','/',' ','x','-'])) {
        let mut chars: Vec<char> = START_FEN.chars().collect();
        let i = idx % chars.len();
        chars[i] = c;
        let s: String = chars.into_iter().collect();
        let _ = Position::from_fen(&s);
    }
}

#[test]
fn every_broken_placement_rule_is_reported() {
    // Red: two kings? no — king off palace, advisor off point, elephant across the river,
    // pawn behind its start, 3 rooks; Black: no king.
    let setup = Setup::from_fen("9/9/9/9/2B6/9/9/3RRR1P1/3A5/3K5 w").unwrap();
    let err = Position::from_setup(setup).unwrap_err();
    let p = &err.problems;
    assert!(
        p.contains(&PositionProblem::MissingKing(xiangqi::board::Color::Black)),
        "{err}"
    );
    assert!(
        p.iter()
            .any(|x| matches!(x, PositionProblem::TooManyPieces { found: 3, .. })),
        "{err}"
    );
    assert!(
        p.iter()
            .any(|x| matches!(x, PositionProblem::AdvisorOffPoint(..))),
        "{err}"
    );
    assert!(
        p.iter()
            .any(|x| matches!(x, PositionProblem::ElephantOffPoint(..))),
        "{err}"
    );
    assert!(
        p.iter()
            .any(|x| matches!(x, PositionProblem::PawnOffPoint(..))),
        "{err}"
    );
    // A king outside the palace and a pawn on an odd file before the river.
    let err = Position::from_fen("4k4/9/9/9/9/9/1P7/9/9/6K2 w")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("outside its palace") && err.contains("pawn on b3"),
        "{err}"
    );
    // Facing kings, and the side not to move in check.
    let err = Position::from_fen("4k4/9/9/9/9/9/9/9/9/4K4 w")
        .unwrap_err()
        .to_string();
    assert!(err.contains("face each other"), "{err}");
    let err = Position::from_fen("3k5/9/9/9/9/9/9/9/9/3RK4 w")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("black is not to move but is in check"),
        "{err}"
    );
}

#[test]
fn no_legal_move_loses_checkmate_and_stalemate_alike() {
    // Checkmate: rook e1 and horse f7 both check the black king, hemmed in by its advisors.
    let mate = Position::from_fen("3aka3/9/5N3/9/9/9/9/9/4R4/3K5 b").unwrap();
    assert!(mate.is_check());
    assert_eq!(
        mate.status(),
        GameStatus::Checkmate {
            loser: xiangqi::board::Color::Black
        }
    );
    // 困毙: Black not in check, no legal move.
    let stale = Position::from_fen("3k5/9/3P1P3/9/9/9/9/9/9/4K4 b").unwrap();
    assert!(!stale.is_check());
    assert!(stale.legal_moves().is_empty(), "{:?}", stale.legal_moves());
    assert_eq!(
        stale.status(),
        GameStatus::Stalemate {
            loser: xiangqi::board::Color::Black
        }
    );
    assert_eq!(perft(&stale, 1), 0);
}
