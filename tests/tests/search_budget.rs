//! The per-ply and per-game work budgets (`xiangqi::adjudication::budget`): every search of one
//! ply's classification draws from them, so the work per ply and per game is bounded for any
//! valid ruleset; a ply whose searches were cut says so in its note, and a game whose cycle could
//! not be classified within the budget is ruled undecided (issue 20 point 9).

use xiangqi::adjudication::GameRecord;
use xiangqi::adjudication::budget::{GAME_NODE_BUDGET, PLY_NODE_BUDGET, Scope};
use xiangqi::movegen::Position;
use xiangqi::notation::{Mode, parse_move_list, read_games};
use xiangqi::rules::{Arbiter, JudgeOptions, Outcome, Ruleset, Ruling, UNDECIDED_BUDGET};

fn example() -> GameRecord {
    let bytes = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../examples/mate-threat-and-chase.pgn"
    ))
    .unwrap();
    let g = read_games(&bytes, "example", Mode::Tolerant)
        .unwrap()
        .remove(0);
    GameRecord::new(g.start, g.moves).unwrap()
}

fn notes(id: &str, record: &GameRecord) -> Vec<Option<String>> {
    let arbiter = Arbiter::new(Ruleset::load(id).unwrap()).unwrap();
    arbiter
        .judge(record, JudgeOptions { classify_all: true })
        .plies
        .into_iter()
        .map(|p| p.note)
        .collect()
}

#[test]
fn a_cut_search_is_said_in_the_ply_note_and_the_full_budget_cuts_nothing_here() {
    let record = example();
    for id in ["cn-1987", "axf"] {
        let full = notes(id, &record);
        assert!(
            full.iter().flatten().all(|n| !n.contains("search budget")),
            "{id}: the example's searches fit the budget of {PLY_NODE_BUDGET}: {full:?}"
        );
        // An outer scope of a few nodes caps every ply's scope inside it.
        // The memo of earlier answers would spare the searches: `notes` builds a new arbiter,
        // whose edition starts with empty memos.
        let cut = {
            let _tight = Scope::new(40);
            notes(id, &record)
        };
        assert!(
            cut.iter().flatten().any(|n| n.contains("search budget")),
            "{id}: with 40 nodes some ply's search is cut and says so: {cut:?}"
        );
    }
}

/// The shipped cn-1987 ruleset with the deepest searches `xq rulesets check` accepts.
fn costly() -> Ruleset {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../rulesets/cn-1987.toml"
    ))
    .unwrap()
    .replacen("id = \"cn-1987\"", "id = \"cn-1987-costly\"", 1)
    .replacen("mate_threat_plies = 9", "mate_threat_plies = 15", 1)
        + "\n[options]\ngain_max_plies = 16\ngain_max_checks = 8\nrefutation_mate_plies = 9\n";
    Ruleset::from_toml(&text, "cn-1987-costly.toml").unwrap()
}

/// A 41-ply game of repetitions (the R08 case of issue 23: the black rook follows the red pawn
/// while the red cannon's capture of the pawn a2 stands): ruled at ply 8, then Black repeats.
fn forty_one_plies() -> GameRecord {
    let start = Position::from_fen("4k4/5P3/9/9/4c4/9/5r3/p3B3C/4A4/4KAB2 w - - 0 1").unwrap();
    let text = format!("{} f8g8", ["f8g8 f3g3 g8f8 g3f3"; 10].join(" "));
    let moves = parse_move_list(&start, &text, Mode::Strict).unwrap();
    assert_eq!(moves.len(), 41);
    GameRecord::new(start, moves).unwrap()
}

/// Judges `record` and counts the search nodes spent.
fn judged(arbiter: &Arbiter, record: &GameRecord) -> (Ruling, u64) {
    // (`u64::MAX` would mean "no scope": the count must be finite to be kept.)
    let counter = Scope::new(u64::MAX - 1);
    let ruling = arbiter.judge(record, JudgeOptions::default());
    (ruling, counter.spent())
}

#[test]
fn a_costly_ruleset_stops_at_the_game_budget_with_an_undecided_ruling() {
    let record = forty_one_plies();
    let (full, spent) = judged(&Arbiter::new(costly()).unwrap(), &record);
    assert_ne!(full.reason, UNDECIDED_BUDGET, "{:?}", full.explanation);
    assert!(
        spent > 2,
        "the cycles' searches spend nodes under the costly ruleset: {spent}"
    );
    // A game budget of half what the full judging spent: the first cycle's searches are cut.
    let budget = spent / 2;
    let arbiter = Arbiter::new(costly()).unwrap().with_game_budget(budget);
    let (cut, cut_spent) = judged(&arbiter, &record);
    assert!(
        cut_spent <= budget,
        "the game spent {cut_spent} nodes, over its budget of {budget}"
    );
    assert_eq!(cut.reason, UNDECIDED_BUDGET, "{:?}", cut.explanation);
    assert_eq!(cut.outcome, Outcome::Ongoing);
    assert_eq!(cut.decided_at_ply, None);
    assert!(
        cut.explanation
            .iter()
            .any(|e| e.contains("work budget") && e.contains("undecided")),
        "the explanation says why: {:?}",
        cut.explanation
    );
    // The default game budget is far above what the shipped ruleset spends on this game.
    let (shipped, shipped_spent) = judged(
        &Arbiter::new(Ruleset::load("cn-1987").unwrap()).unwrap(),
        &record,
    );
    assert_eq!(
        shipped.reason, "perpetual-chase",
        "{:?}",
        shipped.explanation
    );
    assert!(shipped_spent < GAME_NODE_BUDGET);
}

#[test]
fn rulesets_check_names_the_costly_options() {
    let warnings = costly().build().unwrap().cost_warnings();
    for key in [
        "gain_max_plies = 16",
        "gain_max_checks = 8",
        "refutation_mate_plies = 9",
        "mate_threat_plies = 15",
    ] {
        assert!(
            warnings
                .iter()
                .any(|w| w.starts_with(key) && w.contains("costly")),
            "{key}: {warnings:?}"
        );
    }
    let shipped = Ruleset::load("cn-1987").unwrap().build().unwrap();
    assert!(shipped.cost_warnings().is_empty());
}
