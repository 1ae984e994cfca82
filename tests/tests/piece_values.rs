//! Every `[piece_values]` key is honoured: a pawn on its own side of the river is no material
//! under the shipped `cn-1987` ruleset (0), and becomes a chase target when a ruleset gives it a
//! value.

use xiangqi::adjudication::{GameRecord, Replay};
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, ClassKind, Ruleset};

fn class_of_first_ply(ruleset: Ruleset) -> (ClassKind, Vec<String>) {
    // The red rook steps onto the a-file, attacking an unprotected black pawn that has not
    // crossed the river.
    let start = Position::from_fen("3k5/9/9/p8/9/9/9/9/9/1R2K4 w - - 0 1").unwrap();
    let record = GameRecord::new(start, vec![Move::from_iccs("b0a0").unwrap()]).unwrap();
    let arbiter = Arbiter::new(ruleset).unwrap();
    let replay = Replay::new(&record, 0, 1);
    let class = arbiter.classify(&replay).remove(0);
    let targets = class.targets.iter().map(|t| t.square.to_string()).collect();
    (class.kind, targets)
}

#[test]
fn an_uncrossed_pawn_is_material_only_when_the_ruleset_values_it() {
    let shipped = Ruleset::load("cn-1987").unwrap();
    assert_eq!(
        class_of_first_ply(shipped.clone()),
        (ClassKind::Idle, vec![])
    );
    let text = shipped.text().replace("\npawn = 0\n", "\npawn = 7\n");
    assert_ne!(text, shipped.text(), "the shipped ruleset states pawn = 0");
    let valued = Ruleset::from_toml(&text, "cn-1987-pawn-7.toml").unwrap();
    assert_eq!(
        class_of_first_ply(valued),
        (ClassKind::Chase, vec!["a6".to_string()])
    );
}
