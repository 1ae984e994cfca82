//! Helpers shared by the CLI's integration tests.

use std::path::{Path, PathBuf};

/// The 7,000 national games in `../shared`, or `None` with a `NOTICE` line when the folder is
/// absent (a failure instead when `XQ_REQUIRE_SHARED=1`, as in CI).
pub fn national_games(what: &str) -> Option<PathBuf> {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/games/ccpd-national/ccpd_national.pgn");
    if p.exists() {
        return Some(p);
    }
    if std::env::var_os("XQ_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!("{} not found", p.display());
    }
    eprintln!("NOTICE: {} not found; skipping {what}", p.display());
    None
}
