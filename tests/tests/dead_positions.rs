//! Dead positions (issue 32; 000 ch.1 §4 二(一) "属于理论上公认的双方均无取胜可能的局势"): when no side
//! has a rook, horse, cannon or pawn, every edition proposes a draw naming its rule and the
//! outcome stays `ongoing` — the arbiter confirms. Seed 001 图7 (双卒 against 一士一相, drawn only
//! with best play) is not recognised.

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::Position;
use xiangqi::notation::{Mode, parse_move_list};
use xiangqi::rules::{Arbiter, JudgeOptions, Outcome, Ruleset, Ruling};

fn judge(ruleset: &str, fen: &str, moves: &str) -> Ruling {
    let start = Position::from_fen(fen).unwrap();
    let moves = parse_move_list(&start, moves, Mode::Strict).unwrap();
    let record = GameRecord::new(start, moves).unwrap();
    Arbiter::new(Ruleset::load(ruleset).unwrap())
        .unwrap()
        .judge(&record, JudgeOptions::default())
}

#[test]
fn bare_kings_propose_a_draw_under_every_edition() {
    for rs in ["cn-1987", "cn-2020", "axf"] {
        let r = judge(rs, "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0");
        assert_eq!(r.outcome, Outcome::Ongoing, "{rs}");
        assert_eq!(r.reason, "dead-position", "{rs}");
        let d = r.dead_position.as_ref().expect("a dead position");
        assert_eq!((d.from_ply, d.proposed), (0, "draw"), "{rs}");
    }
    // computer-2007's own rule (no attacking pieces) ends the game by itself: nothing to propose.
    let c = judge("computer-2007", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0");
    assert_eq!(c.outcome, Outcome::Draw);
    assert!(c.dead_position.is_none());
    let cn = judge("cn-1987", "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0");
    assert!(
        cn.dead_position
            .unwrap()
            .rule
            .contains("理论上公认的双方均无取胜可能的局势")
    );
}

#[test]
fn the_position_is_dead_from_the_capture_of_the_last_attacker() {
    // The black horse takes the last red attacker, the red elephant takes the horse.
    let r = judge(
        "cn-1987",
        "4k4/9/9/9/9/3n5/9/4R4/9/2B1K4 b - - 0 1",
        "d4e2 c0e2",
    );
    let d = r.dead_position.expect("dead");
    assert_eq!(d.from_ply, 2);
}

#[test]
fn attacking_material_or_seed_figure_7_is_not_dead() {
    // Seed 001 图7: 双卒不能取胜一士一相 — a draw with best play, not a dead position.
    let r = judge(
        "cn-1987",
        "4k4/9/9/9/9/9/3p1p3/9/4A4/3K2B2 w - - 0 1",
        "g0i2",
    );
    assert!(r.dead_position.is_none());
    assert_eq!(r.reason, "none");
    // A pawn on the last rank still steps into the palace.
    let r = judge("cn-1987", "P2k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", "e0f0");
    assert!(r.dead_position.is_none());
}
