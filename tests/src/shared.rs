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
        eprintln!(
            "NOTICE: {} not found; skipping {what} (CI provides ../shared beside the checkout)",
            dir.display()
        );
        None
    }
}
