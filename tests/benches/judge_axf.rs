//! Judge the 7,000 games of the CCPD national set under `axf` (parsing excluded): replay with
//! legality checks, repetition detection, cycle classification, game end and natural limit.
//! Run: `cargo bench -p xiangqi-conformance --bench judge_axf`. Reports games/s via divan's
//! item counter. Needs `../shared/data/games/ccpd-national/ccpd_national.iccs.tsv`
//! (override with `XQ_CCPD_TSV`).

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::Position;
use xiangqi::rules::{Arbiter, JudgeOptions, Outcome, Ruleset};

use xiangqi_conformance::ccpd_games::games;

fn main() {
    divan::main();
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn judge_ccpd_national_axf(bencher: divan::Bencher<'_, '_>) {
    let games = games();
    assert_eq!(games.len(), 7000);
    let arbiter = Arbiter::new(Ruleset::load("axf").unwrap()).unwrap();
    let start = Position::start();
    bencher
        .counter(divan::counter::ItemsCount::new(games.len()))
        .bench_local(|| {
            let mut decided = 0usize;
            for moves in &games {
                let record = GameRecord::new(start.clone(), moves.clone()).expect("legal games");
                let r = arbiter.judge(&record, JudgeOptions::default());
                decided += (r.outcome != Outcome::Ongoing) as usize;
            }
            assert!(decided > 0 && decided < 7000, "{decided}");
            decided
        });
}
