//! The 7,000 games of the CCPD national set as ICCS move lists, for the judging benches
//! (`tests/benches/judge_axf.rs`, `tests/benches/judge_cn1987.rs`).
//! Reads `../shared/data/games/ccpd-national/ccpd_national.iccs.tsv` beside the checkout
//! (override with `XQ_CCPD_TSV`); the last column of each line is the game's moves.

use xiangqi::movegen::Move;

/// Every game of the set, in file order.
pub fn games() -> Vec<Vec<Move>> {
    let path = std::env::var("XQ_CCPD_TSV").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../shared/data/games/ccpd-national/ccpd_national.iccs.tsv"
        )
        .to_string()
    });
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let moves = l.rsplit('\t').next().unwrap_or("");
            moves
                .split_whitespace()
                .map(|m| Move::from_iccs(m).expect("ICCS"))
                .collect()
        })
        .collect()
}
