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
pub fn shared_dir(what: &str) -> Option<PathBuf> {
    let dir = repo_root().join("..").join("shared");
    if dir.is_dir() {
        Some(dir)
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
