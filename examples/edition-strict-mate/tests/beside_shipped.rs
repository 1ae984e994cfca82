//! The example edition judges a game beside the shipped editions: linking the crate and loading
//! its ruleset file is all it takes.

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset, editions};
use xiangqi_example_edition as _;

fn ruleset_file() -> String {
    format!("{}/axf-strict-mate.toml", env!("CARGO_MANIFEST_DIR"))
}

/// 参考 rule-book 图7: Red's rook threatens mate every move (长杀); Black's rook answers by
/// attacking it (AXF: 长捉). Returns (red, black, verdict) under each ruleset.
fn judge(ruleset: &str) -> (String, String, String) {
    let start =
        Position::from_fen("2bak1c2/4aRN1r/4b4/9/9/9/3pp4/2n1B4/9/2B1K3C w - - 0 1").expect("fen");
    let moves: Vec<Move> = "i0h0 i8h8 h0i0 h8i8 i0h0 i8h8 h0i0 h8i8"
        .split(' ')
        .map(|m| Move::from_iccs(m).expect("iccs"))
        .collect();
    let record = GameRecord::new(start, moves).expect("legal");
    let arbiter = Arbiter::new(Ruleset::load(ruleset).expect("ruleset")).expect("edition");
    let ruling = arbiter.judge(&record, JudgeOptions::default());
    let rep = ruling.repetition.expect("a repetition is ruled");
    (rep.red, rep.black, rep.verdict.as_str().to_string())
}

#[test]
fn the_example_edition_is_registered_beside_the_shipped_ones() {
    let ids: Vec<&str> = editions()
        .expect("no duplicates")
        .iter()
        .map(|r| r.id)
        .collect();
    // Beside the shipped editions (whatever else is linked: a further edition needs no edit here).
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");
    for id in [
        "axf",
        "axf-strict-mate",
        "cn-1987",
        "cn-2020",
        "computer-2007",
    ] {
        assert!(ids.contains(&id), "{id} registered: {ids:?}");
    }
    // It ships its ruleset: loadable by id as well as by path.
    let rs = Ruleset::load("axf-strict-mate").expect("shipped");
    assert_eq!(rs.edition, "axf-strict-mate");
    // It overrides the cycle ruling only: the natural limit is its base's (AXF: 50 moves).
    let edition = rs.build().expect("builds");
    assert_eq!(edition.natural_limit().map(|n| n.moves), Some(50));
}

#[test]
fn three_editions_three_verdicts_on_one_perpetual_mate_threat() {
    let s = |a: &str, b: &str, c: &str| (a.to_string(), b.to_string(), c.to_string());
    // AXF allows 长杀 and forbids 长捉: Black must vary.
    assert_eq!(judge("axf"), s("长杀", "长捉", "black-must-vary"));
    // The example forbids both: 长打对长打, a draw.
    assert_eq!(judge(&ruleset_file()), s("长杀", "长捉", "draw"));
    // The 1987 rules forbid 长杀 and see no chase (捉有根子是闲): Red must vary.
    assert_eq!(judge("cn-1987"), s("长杀", "闲", "red-must-vary"));
}

#[test]
fn a_perpetual_mate_threat_against_allowed_moves_must_vary() {
    // cn1987-constructed cat-check-chase-vs-mate-threats: Red's rook checks and chases in turn
    // (一将一捉, allowed under AXF rule 12), Black's cannon threatens mate every move (长杀).
    let start = Position::from_fen("5aR2/3ka4/3cc4/3R5/9/2P3p2/2r6/4B4/4A2n1/2B1KA3 w - - 0 1")
        .expect("fen");
    let moves: Vec<Move> = "d6e6 d7b7 e6d6 b7d7 d6e6 d7b7 e6d6 b7d7"
        .split(' ')
        .map(|m| Move::from_iccs(m).expect("iccs"))
        .collect();
    let record = GameRecord::new(start, moves).expect("legal");
    let arbiter = |r: &str| Arbiter::new(Ruleset::load(r).expect("ruleset")).expect("edition");
    let strict = arbiter(&ruleset_file()).judge(&record, JudgeOptions { classify_all: true });
    let axf = arbiter("axf").judge(&record, JudgeOptions { classify_all: true });
    // The plies are AXF's, unchanged.
    assert_eq!(strict.plies, axf.plies);
    let (s, a) = (
        strict.repetition.expect("ruled"),
        axf.repetition.expect("ruled"),
    );
    assert_eq!((a.red.as_str(), a.black.as_str()), ("一将一捉", "长杀"));
    assert_eq!(a.verdict.as_str(), "draw");
    assert_eq!(s.verdict.as_str(), "black-must-vary");
    assert_eq!(s.reason, "perpetual-mate-threat");
    assert!(s.explanation.contains("禁止长杀"), "{}", s.explanation);
}
