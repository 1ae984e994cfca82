//! The per-ply work budget (`xiangqi::adjudication::budget`): every search of one ply's
//! classification draws from it, so the work per ply is bounded for any valid ruleset, and a ply
//! whose searches were cut says so in its note.

use xiangqi::adjudication::GameRecord;
use xiangqi::adjudication::budget::{PLY_NODE_BUDGET, Scope};
use xiangqi::notation::{Mode, read_games};
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset};

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
