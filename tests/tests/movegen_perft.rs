//! Data-driven perft: every count of `tests/data/perft/*.perft` up to a node limit.
//! `cargo xtask conformance --deep` runs them all (start position depth 6 included).

use xiangqi::movegen::{Position, perft, perft_divide};
use xiangqi_conformance::perft_file;

/// Counts above this are left to `cargo xtask conformance --deep`.
const NODE_LIMIT: u64 = 5_000_000;

#[test]
fn reference_perft_counts_up_to_the_node_limit() {
    let cases = perft_file::reference_cases();
    assert!(
        cases.len() >= 12,
        "reference file has {} cases",
        cases.len()
    );
    let mut checked = 0;
    for case in &cases {
        let pos = Position::from_fen(&case.fen)
            .unwrap_or_else(|e| panic!("{}: FEN does not load: {e}", case.id));
        for &(depth, nodes) in &case.counts {
            if nodes > NODE_LIMIT {
                continue;
            }
            assert_eq!(perft(&pos, depth), nodes, "{} perft {depth}", case.id);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} counts under the node limit");
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::start();
    let d = perft_divide(&pos, 3);
    assert_eq!(d.len(), 44);
    assert_eq!(d.iter().map(|(_, n)| n).sum::<u64>(), 79_666);
    // Depth-1 divide counts each move once.
    assert!(perft_divide(&pos, 1).iter().all(|&(_, n)| n == 1));
}

#[test]
fn perft_file_parser_reports_bad_lines() {
    let err = perft_file::parse("id x\nfen 9/9/9/9/9/9/9/9/9/9 w\nperft two 3\n").unwrap_err();
    assert_eq!(err.line, 3);
    assert!(perft_file::parse("fen abc\n").is_err());
    assert!(perft_file::parse("bogus\n").is_err());
}
