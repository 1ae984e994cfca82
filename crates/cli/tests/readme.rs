//! The `console` blocks of the READMEs are run: every `$ xq …` line is executed from the
//! workspace root and its output compared with the block (`...` on its own line and `[..]` inside a
//! line elide, as `trycmd` documents). A README that drifts from the program fails here.

use std::path::Path;

#[test]
fn readme_console_blocks() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    // The examples name files relative to the workspace root, as a reader runs them.
    std::env::set_current_dir(&root).expect("the workspace root");
    trycmd::TestCases::new()
        .register_bin("xq", trycmd::cargo::cargo_bin!("xq"))
        .case("README.md")
        .case("crates/*/README.md");
}
