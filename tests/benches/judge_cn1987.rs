//! Judge the 7,000 games of the CCPD national set (parsing excluded) under `cn-1987`, and under
//! `cn-1987` and `axf` together (the `xq judge --batch … --ruleset cn-1987 --ruleset axf` work),
//! single-threaded and on a 2-thread rayon pool. The classification memo is emptied before every
//! sample, so no sample reuses an earlier one's answers.
//!
//! Run: `cargo bench -p xiangqi-conformance --bench judge_cn1987` (games/s via divan's item counter).
//! Needs `../shared/data/games/ccpd-national/ccpd_national.iccs.tsv` (override with
//! `XQ_CCPD_TSV`). Every sample asserts the repetition verdicts documented in
//! `docs/cn1987-vs-axf-ccpd.md` (cn-1987: 213 draw, 124 red-must-vary, 175 black-must-vary since issue 32 R29).

use rayon::prelude::*;
use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset, Verdict};

use xiangqi_conformance::ccpd_games::games;

fn main() {
    divan::main();
}

fn arbiters(ids: &[&str]) -> Vec<Arbiter> {
    ids.iter()
        .map(|id| Arbiter::new(Ruleset::load(id).expect("embedded ruleset")).expect("edition"))
        .collect()
}

/// Per game, the last repetition verdict of the first arbiter: [draw, red, black].
fn judge_one(moves: &[Move], arbiters: &[Arbiter]) -> [usize; 3] {
    let record = GameRecord::new(Position::start(), moves.to_vec()).expect("legal games");
    let mut out = [0; 3];
    for (i, a) in arbiters.iter().enumerate() {
        let r = a.judge(&record, JudgeOptions::default());
        if i == 0
            && let Some(rep) = &r.repetition
        {
            match rep.verdict {
                Verdict::Draw => out[0] += 1,
                Verdict::MustVary(xiangqi::board::Color::Red) => out[1] += 1,
                Verdict::MustVary(xiangqi::board::Color::Black) => out[2] += 1,
            }
        }
    }
    out
}

fn add(a: [usize; 3], b: [usize; 3]) -> [usize; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

const CN1987_VERDICTS: [usize; 3] = [213, 124, 175];

/// cn-2020's repetition verdicts on the same games (issue 32, `docs/issue-32.md`).
const CN2020_VERDICTS: [usize; 3] = [209, 124, 179];

fn bench_serial(bencher: divan::Bencher<'_, '_>, ids: &[&str]) {
    bench_serial_expecting(bencher, ids, CN1987_VERDICTS);
}

fn bench_serial_expecting(bencher: divan::Bencher<'_, '_>, ids: &[&str], expected: [usize; 3]) {
    let games = games();
    assert_eq!(games.len(), 7000);
    let arbiters = arbiters(ids);
    bencher
        .counter(divan::counter::ItemsCount::new(games.len()))
        .bench_local(|| {
            arbiters.iter().for_each(|a| a.edition().clear_caches());
            let v = games
                .iter()
                .map(|g| judge_one(g, &arbiters))
                .fold([0; 3], add);
            assert_eq!(v, expected);
            v
        });
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn judge_ccpd_national_cn1987(bencher: divan::Bencher<'_, '_>) {
    bench_serial(bencher, &["cn-1987"]);
}

/// cn-2020 alone, one thread: its nine-move rule (tested on the moves before any ply is
/// classified) against cn-1987's cost (issue 32: at most 2× was the target).
#[divan::bench(sample_count = 10, sample_size = 1)]
fn judge_ccpd_national_cn2020(bencher: divan::Bencher<'_, '_>) {
    bench_serial_expecting(bencher, &["cn-2020"], CN2020_VERDICTS);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn judge_ccpd_national_cn1987_and_axf(bencher: divan::Bencher<'_, '_>) {
    bench_serial(bencher, &["cn-1987", "axf"]);
}

#[divan::bench(sample_count = 10, sample_size = 1)]
fn judge_ccpd_national_cn1987_and_axf_jobs2(bencher: divan::Bencher<'_, '_>) {
    let games = games();
    assert_eq!(games.len(), 7000);
    let arbiters = arbiters(&["cn-1987", "axf"]);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .expect("thread pool");
    bencher
        .counter(divan::counter::ItemsCount::new(games.len()))
        .bench_local(|| {
            arbiters.iter().for_each(|a| a.edition().clear_caches());
            let v = pool.install(|| {
                games
                    .par_iter()
                    .map(|g| judge_one(g, &arbiters))
                    .reduce(|| [0; 3], add)
            });
            assert_eq!(v, CN1987_VERDICTS);
            v
        });
}
