//! No ruleset text is stored twice. Each edition ships its rulesets from its own crate
//! (`crates/rules-*/rulesets/ID.toml`, embedded with `include_str!`, so every published crate is
//! self-contained) and names them in its registration; the top-level `rulesets/` is where a user
//! looks — its README documents every key — and holds links to the shipped files and example
//! variants, never a second copy.

use std::fs;
use std::path::PathBuf;

use xiangqi::rules::builtin_rulesets;
use xiangqi_conformance::shared::repo_root;

/// The `rulesets/ID.toml` files inside the workspace's crates.
fn crate_ruleset_files() -> Vec<PathBuf> {
    let mut out = Vec::new();
    for dir in ["crates", "examples"] {
        let Ok(entries) = fs::read_dir(repo_root().join(dir)) else {
            continue;
        };
        for e in entries {
            let sub = e.expect("a directory entry").path();
            let Ok(files) = fs::read_dir(sub.join("rulesets")) else {
                continue;
            };
            for f in files {
                let p = f.expect("a directory entry").path();
                if p.extension().is_some_and(|x| x == "toml") {
                    out.push(p);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn each_shipped_ruleset_is_one_file_of_its_editions_crate() {
    let files = crate_ruleset_files();
    let shipped = builtin_rulesets();
    assert!(shipped.len() >= 4, "cn-1987, cn-2020, axf, computer-2007");
    for (b, reg) in &shipped {
        let rs = xiangqi::rules::Ruleset::from_toml(b.text, b.id).expect("a shipped ruleset reads");
        assert_eq!(rs.id, b.id, "the registration names the file by its id");
        assert_eq!(
            rs.edition, reg.id,
            "an edition ships rulesets of its own edition only"
        );
        let same: Vec<&PathBuf> = files
            .iter()
            .filter(|p| fs::read_to_string(p).is_ok_and(|t| t == b.text))
            .collect();
        assert_eq!(
            same.len(),
            1,
            "ruleset {} is stored once in a crate: {same:?}",
            b.id
        );
        assert!(
            same[0].ends_with(format!("rulesets/{}.toml", b.id)),
            "{}",
            same[0].display()
        );
    }
    // Every crate's ruleset file is shipped by its edition (none forgotten).
    for f in &files {
        let text = fs::read_to_string(f).expect("readable");
        assert!(
            shipped.iter().any(|(b, _)| b.text == text)
                || f.starts_with(repo_root().join("examples")),
            "{} is not named by its edition's registration",
            f.display()
        );
    }
}

#[test]
fn the_top_level_rulesets_hold_no_copy_of_a_shipped_file() {
    let top = repo_root().join("rulesets");
    assert!(
        top.join("README.md").is_file(),
        "rulesets/README.md documents every key"
    );
    for e in fs::read_dir(&top).expect("rulesets/ is readable") {
        let p = e.expect("a directory entry").path();
        if p.extension().is_none_or(|x| x != "toml") {
            continue;
        }
        let meta = fs::symlink_metadata(&p).expect("metadata");
        if meta.file_type().is_symlink() {
            // A link to the shipped file, for users' paths (`--ruleset rulesets/cn-1987.toml`).
            let target = fs::canonicalize(&p).expect("the link resolves");
            assert!(
                target.starts_with(fs::canonicalize(repo_root().join("crates")).unwrap()),
                "{} links outside the crates: {}",
                p.display(),
                target.display()
            );
            continue;
        }
        let text = fs::read_to_string(&p).expect("readable");
        assert!(
            !builtin_rulesets().iter().any(|(b, _)| b.text == text),
            "{} is a copy of a shipped ruleset: make it a link or remove it",
            p.display()
        );
    }
}
