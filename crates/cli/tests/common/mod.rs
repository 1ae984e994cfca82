//! Helpers shared by the CLI's integration tests.

use std::path::PathBuf;

/// The workspace's one helper for `../shared` (see `tests/src/shared.rs`): a skip prints a
/// `NOTICE` line past the harness's capture, and fails under `XQ_REQUIRE_SHARED=1`.
#[path = "../../../../tests/src/shared.rs"]
pub mod shared;

/// Printing to PDF and the events the print tests print.
#[allow(dead_code)]
pub mod print;

/// The desk as a process (`xq serve`), read over HTTP.
#[allow(dead_code)]
pub mod desk;

/// The club event and the `xq` runner of the game-log tests.
#[allow(dead_code)]
pub mod club;

/// The 7,000 national games in `../shared`, or `None` with a `NOTICE` line when the folder is
/// absent (a failure instead when `XQ_REQUIRE_SHARED=1`, as in CI).
#[allow(dead_code)]
pub fn national_games(what: &str) -> Option<PathBuf> {
    shared::shared_file("data/games/ccpd-national/ccpd_national.pgn", what)
}
