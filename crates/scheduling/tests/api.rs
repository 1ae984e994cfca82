//! The shape of the crate's public face (issue 25): fewer than 60 public items, and no circle
//! among its modules.
//!
//! Counting method (text, from the sources, so that it needs no nightly rustdoc): every public
//! item reachable from the crate root is counted once —
//! - each `pub mod` of `lib.rs` (a module is a name a reader must learn);
//! - each top-level `pub` item (`fn`, `struct`, `enum`, `trait`, `const`, `static`, `type`,
//!   `union`, `macro`) of a public module, and of a private module when `lib.rs` re-exports it;
//! - each `pub use` of another crate's item (`pub use inventory;`), wherever it is.
//!
//! Re-exports of the crate's own items add nothing (the item is counted where it is defined);
//! methods and fields are parts of their type and not counted. Items are top-level when they
//! start a line at column 0 (rustfmt's layout); `pub(crate)` is not public.

use std::collections::{BTreeMap, BTreeSet};

/// The most public items the crate may have (60 since issue 33: the crate's own `Color`, which
/// took it off `xiangqi-board`).
const LIMIT: usize = 60;

fn src(file: &str) -> String {
    let path = format!("{}/src/{file}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// `(name, public)` of every module declared in `lib.rs`.
fn modules(lib: &str) -> Vec<(String, bool)> {
    lib.lines()
        .filter_map(|l| {
            let (public, rest) = if let Some(r) = l.strip_prefix("pub mod ") {
                (true, r)
            } else {
                (false, l.strip_prefix("mod ")?)
            };
            Some((rest.strip_suffix(';')?.to_string(), public))
        })
        .collect()
}

/// The names `lib.rs` re-exports from module `m` (`pub use m::{A, b};` or `pub use m::A;`).
fn reexported(lib: &str, m: &str) -> BTreeSet<String> {
    let flat = lib.replace('\n', " ");
    let mut out = BTreeSet::new();
    for part in flat.split("pub use ").skip(1) {
        let stmt = part.split(';').next().unwrap_or("");
        let Some(rest) = stmt.trim().strip_prefix(&format!("{m}::")) else {
            continue;
        };
        let names = rest.trim_start_matches('{').trim_end_matches('}');
        out.extend(
            names
                .split(',')
                .map(|n| n.trim().to_string())
                .filter(|n| !n.is_empty()),
        );
    }
    out
}

/// The name of a top-level `pub` item on `line`, if it declares one.
fn pub_item(line: &str) -> Option<(String, String)> {
    let rest = line.strip_prefix("pub ")?;
    let kinds = [
        "fn", "struct", "enum", "trait", "const", "static", "type", "union", "macro", "mod",
    ];
    let mut words = rest.split_whitespace();
    let kind = words.next()?;
    if kind == "use" {
        return Some(("use".into(), rest[4..].trim_end_matches(';').to_string()));
    }
    if !kinds.contains(&kind) {
        return None;
    }
    let name: String = words
        .next()?
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    Some((kind.to_string(), name))
}

/// Every public item reachable from the root, as `module::name`, by the method above.
fn public_items() -> Vec<String> {
    let lib = src("lib.rs");
    let own: BTreeSet<String> = modules(&lib).into_iter().map(|(m, _)| m).collect();
    let foreign = |path: &str| {
        let first = path.split("::").next().unwrap_or("");
        !(own.contains(first) || ["crate", "self", "super"].contains(&first))
    };
    let mut items = Vec::new();
    for line in lib.lines() {
        match pub_item(line) {
            Some((kind, name)) if kind == "mod" => items.push(format!("mod {name}")),
            Some((kind, path)) if kind == "use" && foreign(&path) => {
                items.push(format!("re-export {path}"))
            }
            // the README compiled as doctests (`#[cfg(doctest)]`) is no item of the API
            Some((_, name)) if name == "ReadmeDoctests" => {}
            Some((kind, name)) if kind != "use" => items.push(name),
            _ => {}
        }
    }
    for (m, public) in modules(&lib) {
        let text = src(&format!("{m}.rs"));
        let exported = reexported(&lib, &m);
        for line in text.lines() {
            match pub_item(line) {
                Some((kind, path))
                    if kind == "use"
                        && (public || exported.iter().any(|e| path.ends_with(e.as_str())))
                        && foreign(&path) =>
                {
                    items.push(format!("re-export {path}"));
                }
                Some((kind, _)) if kind == "use" => {}
                Some((_, name)) if public || exported.contains(&name) => {
                    items.push(format!("{m}::{name}"))
                }
                _ => {}
            }
        }
    }
    items
}

#[test]
fn the_crate_has_fewer_than_60_public_items() {
    let items = public_items();
    assert!(
        items.len() <= LIMIT,
        "{} public items (at most {LIMIT}): {items:#?}",
        items.len()
    );
    // the count is real: the main items are found
    for expected in [
        "mod swiss",
        "swiss::pair_swiss",
        "swiss::RoundPairing",
        "config::EventConfig",
        "knockout::KnockoutSpec",
        "re-export inventory",
    ] {
        assert!(
            items.iter().any(|i| i == expected),
            "{expected} not counted: {items:#?}"
        );
    }
}

/// The modules a module's code names (`crate::m`, `use crate::{m::…}`), tests included.
fn uses(text: &str, own: &BTreeSet<String>) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if own.contains(&name) {
            out.insert(name);
        }
    }
    out
}

#[test]
fn no_module_uses_one_that_uses_it_back() {
    let lib = src("lib.rs");
    let own: BTreeSet<String> = modules(&lib).into_iter().map(|(m, _)| m).collect();
    let edges: BTreeMap<String, BTreeSet<String>> = own
        .iter()
        .map(|m| {
            let mut u = uses(&src(&format!("{m}.rs")), &own);
            u.remove(m);
            (m.clone(), u)
        })
        .collect();
    // a use of the root (`crate::Name`) is a use of the module that defines Name: the root
    // only re-exports, so the modules name each other directly
    let text_uses_root = own.iter().any(|m| {
        src(&format!("{m}.rs"))
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .any(|l| {
                l.match_indices("crate::").any(|(i, _)| {
                    l[i + 7..]
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_uppercase())
                })
            })
    });
    assert!(
        !text_uses_root,
        "a module names an item through the root (crate::Name)"
    );
    // depth-first search for a circle
    fn visit<'a>(
        m: &'a str,
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        path: &mut Vec<&'a str>,
        done: &mut BTreeSet<&'a str>,
    ) {
        if let Some(i) = path.iter().position(|p| *p == m) {
            panic!("circle: {} -> {m}", path[i..].join(" -> "));
        }
        if done.contains(m) {
            return;
        }
        path.push(m);
        for n in &edges[m] {
            visit(n, edges, path, done);
        }
        path.pop();
        done.insert(m);
    }
    let mut done = BTreeSet::new();
    for m in edges.keys() {
        visit(m, &edges, &mut Vec::new(), &mut done);
    }
    // the edges the crate documents are there (the test sees them)
    assert!(edges["config"].contains("swiss"), "{edges:?}");
    assert!(edges["simulate"].contains("swiss"), "{edges:?}");
}
