//! The PGN reader's memory is linear in its input: reading variations nested 10,000 deep
//! allocates at most 12 times what 1,000 deep does (a reader that describes each nested line by
//! prefixing its parent's description allocates ~100 times more, quadratically).
//!
//! Measured with a counting global allocator (`stats_alloc`): the bytes allocated while the
//! text is split and resolved. This binary holds one test, so no other test's allocations are
//! counted.

use std::alloc::System;

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use xiangqi_notation::Mode;
use xiangqi_notation::pgn::{MAX_VARIATION_DEPTH, build_game, split_games, split_games_nested};

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// A game whose first move has a variation, which has one, … `depth` levels deep; with
/// `bad`, each level's second move is not a move (so each level leaves a note).
fn nested(depth: usize, bad: bool) -> String {
    let mut s = String::from("[Event \"deep\"]\n1. h2e2 ");
    for _ in 0..depth {
        s.push_str(if bad { "(1. h2e2 zz " } else { "(1. h2e2 " });
    }
    s.push_str(&")".repeat(depth));
    s.push_str(" h9g7 1-0\n");
    s
}

/// Bytes allocated (growth by reallocation included) while `text` is read with no nesting
/// limit, and the depth of the tree read.
fn allocated(text: &str) -> (usize, usize) {
    let region = Region::new(GLOBAL);
    let raws = split_games_nested(text, usize::MAX).unwrap();
    let game = build_game(&raws[0], Mode::Tolerant).unwrap();
    let change = region.change();
    let mut depth = 0;
    let mut level = &game.variations;
    while let Some(v) = level.first() {
        depth += 1;
        level = &v.variations;
    }
    // The tree is dropped on this thread's large stack (a derived drop recurses).
    drop(game);
    drop(raws);
    (
        change.bytes_allocated + change.bytes_reallocated.max(0) as usize,
        depth,
    )
}

#[test]
fn reading_nested_variations_allocates_linearly_and_refuses_past_the_limit() {
    // A thread with a large stack: dropping a 10,000-deep tree recurses.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(|| {
            for bad in [false, true] {
                let (small, d1) = allocated(&nested(1_000, bad));
                let (large, d2) = allocated(&nested(10_000, bad));
                if !bad {
                    assert_eq!((d1, d2), (1_000, 10_000), "the whole tree is kept");
                }
                let ratio = large as f64 / small as f64;
                eprintln!("depth 1,000 → 10,000 (bad moves: {bad}): {small} → {large} bytes, ×{ratio:.2}");
                assert!(
                    ratio <= 12.0,
                    "depth 1,000 → 10,000 (bad moves: {bad}): {small} → {large} bytes, ×{ratio:.1}"
                );
                // not a measurement that cannot fail: something is allocated per level
                assert!(small > 1_000 * 50, "{small} bytes for 1,000 levels");
            }
            // Read as files are read, the nesting limit refuses it on one line.
            let text = nested(10_000, false);
            let e = split_games(&text).unwrap_err();
            let column = "1. h2e2 ".len() + 9 * MAX_VARIATION_DEPTH + 1;
            assert_eq!((e.line, e.column), (2, column), "{e}");
            assert_eq!(
                e.to_string(),
                format!(
                    "line 2, column {column}: variations nested more than {MAX_VARIATION_DEPTH} deep"
                )
            );
            assert!(split_games(&nested(MAX_VARIATION_DEPTH, false)).is_ok());
        })
        .unwrap()
        .join()
        .unwrap();
}
