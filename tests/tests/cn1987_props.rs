//! Property tests of the CN-1987 classification over random legal playouts from the perft
//! reference positions (crowded middlegames, where every search and every reading is exercised):
//! it never panics, a ply is 将 exactly when it gives check, chase targets are enemy pieces where
//! they stand after the ply (never a king), only chases have targets, and the per-thread memos
//! change no answer (the same game classified again with the memos emptied gives the same classes).

use proptest::prelude::*;
use xiangqi::adjudication::{GameRecord, Replay};
use xiangqi::movegen::Position;
use xiangqi::rules::{Arbiter, ClassKind, JudgeOptions, PlyClass, Ruleset};
use xiangqi_conformance::playout::{playout, starts};

/// A random legal game from `start` (see [`playout`]).
fn random_game(start: &Position, choices: &[u16]) -> GameRecord {
    let moves = playout(start, choices, |_| {});
    GameRecord::new(start.clone(), moves).expect("a legal game")
}

fn classes(arbiter: &Arbiter, rec: &GameRecord) -> Vec<PlyClass> {
    arbiter.classify(&Replay::new(rec, 0, rec.len()))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn cn1987_classes_are_consistent_and_memo_free(start in 0usize..14, choices in prop::collection::vec(any::<u16>(), 1..40)) {
        let starts = starts();
        let rec = random_game(&starts[start % starts.len()], &choices);
        let arbiter = Arbiter::new(Ruleset::load("cn-1987").expect("cn-1987")).expect("edition");
        let first = classes(&arbiter, &rec);
        prop_assert_eq!(first.len(), rec.len());
        for (i, class) in first.iter().enumerate() {
            let after = rec.position_at(i + 1);
            prop_assert_eq!(class.kind == ClassKind::Check, after.is_check(), "ply {} of {:?}", i + 1, rec.moves());
            if class.kind == ClassKind::Chase {
                prop_assert!(!class.targets.is_empty(), "a chase without a target at ply {}", i + 1);
            } else if !matches!(
                class.idle_kind,
                xiangqi::rules::IdleKind::PawnChase | xiangqi::rules::IdleKind::KingChase
            ) {
                // Only an idle king or pawn chase keeps the pieces it attacks as targets.
                prop_assert!(class.targets.is_empty(), "targets on a non-chase at ply {}", i + 1);
            }
            for t in &class.targets {
                prop_assert_eq!(after.piece_at(t.square), Some(t.piece), "target not where it stands at ply {}", i + 1);
                prop_assert_eq!(t.piece.color, after.turn(), "own piece as target at ply {}", i + 1);
                prop_assert!(t.piece.kind != xiangqi::board::PieceKind::King);
            }
        }
        // Judging the whole game never panics either.
        let _ = arbiter.judge(&rec, JudgeOptions { classify_all: true });
        // The memos change no answer.
        arbiter.edition().clear_caches();
        let again = classes(&arbiter, &rec);
        let labels = |v: &[PlyClass]| v.iter().map(|c| (c.kind, c.label.clone(), c.targets.iter().map(|t| t.square).collect::<Vec<_>>())).collect::<Vec<_>>();
        prop_assert_eq!(labels(&first), labels(&again));
    }
}
