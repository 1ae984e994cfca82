//! Locating `../shared` (the team's data folder beside the checkout).
//!
//! Tests that need it call [`shared_dir`] and skip with a printed notice when it is absent,
//! so that a missing folder is visible in the output, never a silent pass.

use std::path::PathBuf;

/// The repository root (the parent of the `tests/` package).
pub fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

/// `../shared` beside the checkout, if present. Prints a notice naming `what` when absent.
///
/// # Panics
/// When `XQ_REQUIRE_SHARED=1` is set (as CI sets it) and the folder is absent: there a skip
/// would hide a broken checkout, so it fails the test instead.
pub fn shared_dir(what: &str) -> Option<PathBuf> {
    let dir = repo_root().join("..").join("shared");
    if dir.is_dir() {
        Some(dir)
    } else if std::env::var_os("XQ_REQUIRE_SHARED").is_some_and(|v| v == "1") {
        panic!(
            "{} not found, and XQ_REQUIRE_SHARED=1 forbids skipping {what}",
            dir.display()
        );
    } else {
        // Written to the stderr handle directly, not with `eprintln!`, so that the test
        // harness's output capture cannot swallow it: a skip must show in every test log.
        use std::io::Write as _;
        let _ = writeln!(
            std::io::stderr(),
            "NOTICE: {} not found; skipping {what} (CI provides ../shared beside the checkout)",
            dir.display()
        );
        None
    }
}
