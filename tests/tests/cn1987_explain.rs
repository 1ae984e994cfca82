//! The line that makes a ply 捉 (`Arbiter::explain`, `xq judge --explain`): for each chased piece,
//! the capture line the cn-1987 search found, played from the position after the ply with the
//! opponent passing, and the least `gain_max_checks` it needs (issue 23).

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::Position;
use xiangqi::notation::{Mode, parse_move_list};
use xiangqi::rules::{Arbiter, ClassKind, JudgeOptions, Ruleset, Ruling};
use xiangqi_conformance::cases;

fn record(fen: &str, moves: &str) -> GameRecord {
    let start = Position::from_fen(fen).unwrap();
    let moves = parse_move_list(&start, moves, Mode::Strict).unwrap();
    GameRecord::new(start, moves).unwrap()
}

fn explained(arbiter: &Arbiter, record: &GameRecord) -> Ruling {
    let mut r = arbiter.judge(record, JudgeOptions { classify_all: true });
    arbiter.explain(record, &mut r);
    r
}

fn cn1987() -> Arbiter {
    Arbiter::new(Ruleset::load("cn-1987").unwrap()).unwrap()
}

#[test]
fn a_chase_by_check_shows_its_line_and_needs_one_check() {
    // R11: 车二退二 to h5; 车 takes the pawn e5 with check, the king steps aside, 车 takes the horse.
    let rec = record("4k4/9/7R1/9/n3p4/9/9/9/9/3K5 w - - 0 1", "h7h5");
    let r = explained(&cn1987(), &rec);
    let ply = &r.plies[0];
    assert_eq!(ply.class, Some(ClassKind::Chase));
    assert_eq!(ply.lines.len(), 1, "{:?}", ply.lines);
    let line = &ply.lines[0];
    assert_eq!(line.target, "a5");
    assert_eq!(line.moves.first().map(String::as_str), Some("h5e5"));
    assert_eq!(line.moves.last().map(String::as_str), Some("e5a5"));
    assert_eq!(line.moves.len(), 3);
    assert_eq!(line.bounds.get("gain_max_checks"), Some(&1));
    assert_eq!(line.bounds.get("gain_max_plies"), Some(&3));
    // Under a ruleset that allows no check the ply is no chase: the bound is the one it needs.
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/cn-1987.toml"
    ))
    .unwrap()
    .replacen("id = \"cn-1987\"", "id = \"cn-1987-no-checks\"", 1)
        + "\n[options]\ngain_max_checks = 0\n";
    let none = Arbiter::new(Ruleset::from_toml(&text, "no-checks.toml").unwrap()).unwrap();
    let r0 = explained(&none, &rec);
    assert_ne!(
        r0.plies[0].class,
        Some(ClassKind::Chase),
        "{:?}",
        r0.plies[0]
    );
}

#[test]
fn a_chase_judged_apart_says_so() {
    // R08 (issue 23, 4): 车７平６ chases the pawn f8 although Red's cannon can take the pawn a2.
    let rec = record(
        "4k4/5P3/9/9/4c4/9/5r3/p3B3C/4A4/4KAB2 w - - 0 1",
        "f8g8 f3g3 g8f8 g3f3",
    );
    let r = explained(&cn1987(), &rec);
    let ply = &r.plies[3];
    assert_eq!(ply.targets, ["f8"]);
    let line = &ply.lines[0];
    assert_eq!(line.moves, ["f3f8"]);
    assert_eq!(line.bounds.get("gain_max_checks"), Some(&0));
    assert!(
        line.note.as_deref().is_some_and(|n| n.contains("apart")),
        "{line:?}"
    );
    // Plies that are neither chases nor mate threats get no lines.
    assert!(
        r.plies
            .iter()
            .filter(|p| !matches!(p.class, Some(ClassKind::Chase | ClassKind::MateThreat)))
            .all(|p| p.lines.is_empty())
    );
}

/// Every line of every chase of the constructed and rule-book cases is legal from the position
/// after its ply with the opponent passing, the mover moving first, and takes its target; every
/// mate line of a 杀 is consecutive checks ending in mate of the king it names.
#[test]
fn every_line_is_legal_and_takes_its_target() {
    let arbiter = cn1987();
    let mut lines = 0;
    let mut mate_lines = 0;
    for file in ["cn1987-constructed.toml", "cn-rulebook-cases.toml"] {
        for case in cases::load(file) {
            let rec = case.record();
            let r = explained(&arbiter, &rec);
            for p in &r.plies {
                let Some(start) = rec.position_at(p.ply).pass() else {
                    continue;
                };
                let mate = p.class == Some(ClassKind::MateThreat);
                for line in &p.lines {
                    lines += 1;
                    let mut pos = start.clone();
                    let mut took = false;
                    for (i, iccs) in line.moves.iter().enumerate() {
                        let m = pos
                            .legal_moves()
                            .iter()
                            .copied()
                            .find(|m| m.iccs() == *iccs)
                            .unwrap_or_else(|| {
                                panic!(
                                    "{} ply {}: move {i} {iccs} of {line:?} is illegal",
                                    case.id, p.ply
                                )
                            });
                        if i % 2 == 0 && pos.piece_at(m.to).is_some() {
                            took = true;
                        }
                        pos.play_unchecked(m);
                        if mate && i % 2 == 0 {
                            assert!(
                                pos.is_check(),
                                "{} ply {}: move {i} {iccs} of the mate line gives no check",
                                case.id,
                                p.ply
                            );
                        }
                    }
                    if mate {
                        // A mate line (杀): consecutive checks to mate, on the king it names.
                        mate_lines += 1;
                        assert!(
                            pos.is_check() && !pos.has_legal_move(),
                            "{} ply {}: the mate line ends in no mate: {line:?}",
                            case.id,
                            p.ply
                        );
                        assert_eq!(line.target, start.king(!start.turn()).to_string());
                        continue;
                    }
                    assert!(
                        took,
                        "{} ply {}: the line of {} takes nothing: {line:?}",
                        case.id, p.ply, line.target
                    );
                }
            }
        }
    }
    assert!(lines > 50, "only {lines} lines");
    assert!(mate_lines > 5, "only {mate_lines} mate lines");
}
