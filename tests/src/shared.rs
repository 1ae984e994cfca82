//! Locating `../shared` (the team's data folder beside the checkout).
//!
//! Tests that need it call [`shared_dir`] (or [`shared_file`]) and skip with a printed notice
//! when it is absent, so that a missing folder is visible in the output, never a silent pass.
//!
//! This file is the one helper of the workspace: the conformance package exports it, and the
//! integration tests of other packages (`crates/cli/tests`, `crates/web/tests`) include it with
//! `#[path = "…/tests/src/shared.rs"] mod shared;`, so it names nothing outside `std`.

#![allow(dead_code)] // each including test uses part of it

use std::path::{Path, PathBuf};

/// The repository root: the nearest folder above the including package that holds the
/// workspace's `Cargo.lock` (the parent of `tests/`, of `crates/`).
pub fn repo_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.ancestors()
        .find(|d| d.join("Cargo.lock").is_file())
        .unwrap_or_else(|| here.parent().expect("a package has a parent folder"))
        .to_path_buf()
}

/// Whether `XQ_REQUIRE_SHARED=1` is set (as CI sets it): then a skip is a failure.
pub fn shared_required() -> bool {
    std::env::var_os("XQ_REQUIRE_SHARED").is_some_and(|v| v == "1")
}

/// Says that a test skips `what` because `missing` is absent, where a person sees it; or fails
/// when `XQ_REQUIRE_SHARED=1`.
///
/// The notice is written to the process's standard error handle directly, not with `eprintln!`:
/// the test harness captures the `print!`/`eprint!` macros of a passing test (and shows them
/// only for a failing one) but not writes to [`std::io::stderr`], so the line shows in every
/// test log.
///
/// # Panics
/// When `XQ_REQUIRE_SHARED=1` is set: there a skip would hide a broken checkout.
pub fn skip_notice(missing: &Path, what: &str) {
    if shared_required() {
        panic!(
            "{} not found, and XQ_REQUIRE_SHARED=1 forbids skipping {what}",
            missing.display()
        );
    }
    use std::io::Write as _;
    let _ = writeln!(
        std::io::stderr(),
        "NOTICE: {} not found; skipping {what} (CI provides ../shared beside the checkout)",
        missing.display()
    );
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
    } else {
        skip_notice(&dir, what);
        None
    }
}

/// A file or folder inside `../shared` (`rel` such as `data/games/ccpd-national/…`), if present;
/// a notice naming `what` when it is not (see [`shared_dir`]; the same failure under
/// `XQ_REQUIRE_SHARED=1`).
///
/// # Panics
/// When `XQ_REQUIRE_SHARED=1` is set and the file is absent.
pub fn shared_file(rel: &str, what: &str) -> Option<PathBuf> {
    let path = shared_dir(what)?.join(rel);
    if path.exists() {
        Some(path)
    } else {
        skip_notice(&path, what);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_root_holds_the_workspace_manifest() {
        let root = repo_root();
        assert!(root.join("Cargo.lock").is_file(), "{}", root.display());
        assert!(root.join("crates").is_dir(), "{}", root.display());
    }

    #[test]
    fn an_absent_file_is_skipped_with_a_notice_or_fails_when_required() {
        let what = "nothing: the helper's own check of a file that never exists";
        let run = std::panic::catch_unwind(|| shared_file("no/such/file-xq-test", what));
        match run {
            // skipped, and the notice went to the real standard error
            Ok(found) => {
                assert!(!shared_required());
                assert_eq!(found, None);
            }
            Err(_) => assert!(shared_required(), "only XQ_REQUIRE_SHARED=1 may fail"),
        }
    }
}
