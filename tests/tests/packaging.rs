//! The published crates are self-contained: the rulesets embedded in `xiangqi-rules` are the
//! package's own copies (`crates/rules/rulesets/`), and they must equal the workspace's
//! `rulesets/`, the source of truth that users read and edit.

use std::fs;

use xiangqi::rules::BUILTIN_RULESETS;
use xiangqi_conformance::shared::repo_root;

#[test]
fn embedded_rulesets_equal_the_top_level_rulesets() {
    let root = repo_root();
    let top = root.join("rulesets");
    let mut top_files: Vec<String> = fs::read_dir(&top)
        .expect("rulesets/ is readable")
        .map(|e| {
            e.expect("a directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".toml"))
        .collect();
    top_files.sort();
    let mut embedded: Vec<String> = BUILTIN_RULESETS
        .iter()
        .map(|(id, _)| format!("{id}.toml"))
        .collect();
    embedded.sort();
    assert_eq!(
        embedded, top_files,
        "every top-level ruleset is embedded, and nothing else"
    );
    for (id, text) in BUILTIN_RULESETS {
        let source = fs::read_to_string(top.join(format!("{id}.toml"))).expect("readable");
        let copy_path = root
            .join("crates/rules/rulesets")
            .join(format!("{id}.toml"));
        assert_eq!(
            *text,
            source,
            "{} differs from rulesets/{id}.toml: copy the top-level file over it",
            copy_path.display()
        );
    }
}
