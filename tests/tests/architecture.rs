//! The layout's rules, checked on the sources (issue 33): they hold by construction only as
//! long as a test says so.
//!
//! - no file circle (module A names module B and B names A, directly or round a ring) inside
//!   the event, forms, game and cli crates;
//! - no file over 600 lines in `crates/cli/src`;
//! - no function over 100 lines in `crates/game`;
//! - the event is a read model: no `pub fn … (&mut self …)` on `Event`, at most 25 public
//!   methods on it (every change is a method of `Edit`).
//!
//! The counts are of the text, as a reader sees it: a module "names" another when a `crate::`,
//! `super::` or `self::` path outside comments and test modules reaches it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file under `dir`, with its module path (`forms::cross_table`; the crate root is
/// the empty path).
fn modules(dir: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, base, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(base).expect("under the base");
                let mut parts: Vec<String> = rel
                    .with_extension("")
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                if matches!(
                    parts.last().map(String::as_str),
                    Some("mod" | "lib" | "main")
                ) {
                    parts.pop();
                }
                let text = std::fs::read_to_string(&p).expect("UTF-8 source");
                out.insert(parts.join("::"), without_tests(&without_comments(&text)));
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(dir, dir, &mut out);
    out
}

fn without_comments(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The text before the first `#[cfg(test)]` (test modules sit at the end of a file).
fn without_tests(text: &str) -> String {
    match text.find("#[cfg(test)]") {
        Some(i) => text[..i].to_string(),
        None => text.to_string(),
    }
}

/// The longest module of `mods` that `path` (`a::b::c`) starts with.
fn resolve(mods: &BTreeMap<String, String>, path: &str) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len())
        .rev()
        .map(|n| parts[..n].join("::"))
        .find(|m| mods.contains_key(m))
}

/// The modules each module names by path.
fn edges(mods: &BTreeMap<String, String>) -> BTreeMap<String, BTreeSet<String>> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':' || c == '{' || c == ',';
    let mut out = BTreeMap::new();
    for (m, text) in mods {
        let parent = m.rsplit_once("::").map_or("", |(p, _)| p);
        let mut to = BTreeSet::new();
        for (prefix, base) in [("crate::", String::new()), ("super::", parent.to_string())] {
            for (i, _) in text.match_indices(prefix) {
                if i > 0 && text[..i].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
                    continue;
                }
                let rest: String = text[i + prefix.len()..]
                    .chars()
                    .take_while(|&c| word(c) || c == ' ' || c == '\n')
                    .collect();
                // `crate::a::{b, c::d}` names a, a::b and a::c::d
                let (head, group) = match rest.split_once('{') {
                    Some((h, g)) => (h.trim_end_matches("::"), g.split('}').next().unwrap_or("")),
                    None => (rest.split([' ', '\n', ',', '{']).next().unwrap_or(""), ""),
                };
                let mut paths = vec![head.to_string()];
                for item in group.split(',') {
                    let item = item.trim().split("::{").next().unwrap_or("").trim();
                    if !item.is_empty() {
                        paths.push(format!("{head}::{item}"));
                    }
                }
                for p in paths {
                    let full = if base.is_empty() {
                        p
                    } else {
                        format!("{base}::{p}")
                    };
                    if let Some(t) = resolve(mods, full.trim_matches(':'))
                        && &t != m
                        && !m.starts_with(&format!("{t}::"))
                        && !t.is_empty()
                    {
                        to.insert(t);
                    }
                }
            }
        }
        out.insert(m.clone(), to);
    }
    out
}

/// The strongly connected groups of more than one module (Tarjan).
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct T<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(t: &mut T<'a>, v: &'a str) {
        let n = t.index.len();
        t.index.insert(v, n);
        t.low.insert(v, n);
        t.stack.push(v);
        t.on.insert(v);
        for w in &t.edges[v] {
            let w = w.as_str();
            if !t.index.contains_key(w) {
                visit(t, w);
                let lw = t.low[w];
                let lv = t.low[v];
                t.low.insert(v, lv.min(lw));
            } else if t.on.contains(w) {
                let iw = t.index[w];
                let lv = t.low[v];
                t.low.insert(v, lv.min(iw));
            }
        }
        if t.low[v] == t.index[v] {
            let mut group = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on.remove(w);
                group.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                t.out.push(group);
            }
        }
    }
    let mut t = T {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !t.index.contains_key(v.as_str()) {
            visit(&mut t, v);
        }
    }
    t.out
}

#[test]
fn the_finder_finds_a_circle() {
    let mods: BTreeMap<String, String> = [
        ("", "mod a; mod b; mod c;"),
        ("a", "use crate::b::Thing;"),
        ("b", "use crate::{c, a::Other};"),
        ("c", "fn f() { super::a::g() }"),
    ]
    .into_iter()
    .map(|(a, b)| (a.to_string(), b.to_string()))
    .collect();
    assert_eq!(circles(&edges(&mods)), vec![vec!["a", "b", "c"]]);
}

#[test]
fn no_file_circle_in_event_forms_game_or_cli() {
    let mut found = Vec::new();
    for krate in ["event", "forms", "game", "cli"] {
        let dir = root().join("crates").join(krate).join("src");
        if !dir.exists() {
            continue;
        }
        for c in circles(&edges(&modules(&dir))) {
            found.push(format!("crates/{krate}: {}", c.join(" ↔ ")));
        }
    }
    assert!(found.is_empty(), "file circles:\n{}", found.join("\n"));
}

#[test]
fn no_cli_file_over_600_lines() {
    let dir = root().join("crates/cli/src");
    let mut long = Vec::new();
    fn walk(dir: &Path, long: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).expect("the cli's sources") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                walk(&p, long);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let n = std::fs::read_to_string(&p).expect("UTF-8").lines().count();
                if n > 600 {
                    long.push(format!("{}: {n} lines", p.display()));
                }
            }
        }
    }
    walk(&dir, &mut long);
    assert!(long.is_empty(), "{}", long.join("\n"));
}

/// Every `fn` of `text` with its length in lines (from its `fn` line to its closing brace).
fn functions(text: &str) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        let is_fn = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "async fn ",
        ]
        .iter()
        .any(|p| t.starts_with(p))
            || t.starts_with("pub async fn ")
            || t.starts_with("pub(crate) async fn ");
        if !is_fn {
            continue;
        }
        let name = t
            .split("fn ")
            .nth(1)
            .unwrap_or("")
            .split(['(', '<'])
            .next()
            .unwrap_or("");
        let mut depth = 0i32;
        let mut opened = false;
        for (j, body) in lines.iter().enumerate().skip(i) {
            let code = body.split("//").next().unwrap_or("");
            for c in code.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        opened = true;
                    }
                    '}' => depth -= 1,
                    ';' if !opened && depth == 0 => break,
                    _ => {}
                }
            }
            if !opened && code.trim_end().ends_with(';') {
                break;
            }
            if opened && depth <= 0 {
                out.push((name.to_string(), j - i + 1));
                break;
            }
        }
    }
    out
}

#[test]
fn no_function_over_100_lines_in_the_game_crate() {
    let mut long = Vec::new();
    fn walk(dir: &Path, long: &mut Vec<String>) {
        for e in std::fs::read_dir(dir).expect("the game crate") {
            let p = e.expect("an entry").path();
            if p.is_dir() {
                walk(&p, long);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).expect("UTF-8");
                for (name, n) in functions(&text) {
                    if n > 100 {
                        long.push(format!("{}: fn {name}: {n} lines", p.display()));
                    }
                }
            }
        }
    }
    walk(&root().join("crates/game"), &mut long);
    assert!(long.is_empty(), "{}", long.join("\n"));
}

#[test]
fn the_event_is_a_read_model() {
    let dir = root().join("crates/event/src");
    let mut public = Vec::new();
    let mut mutating = Vec::new();
    for (m, text) in modules(&dir) {
        let mut inside = false;
        let mut lines = text.lines().peekable();
        while let Some(l) = lines.next() {
            if l.starts_with("impl Event {") {
                inside = true;
            } else if l == "}" {
                inside = false;
            } else if inside && l.starts_with("    pub fn ") {
                // the signature up to its body
                let mut sig = l.to_string();
                while !sig.contains('{') && !sig.ends_with(';') {
                    match lines.next() {
                        Some(n) => sig.push_str(n.trim()),
                        None => break,
                    }
                }
                let name = sig["    pub fn ".len()..]
                    .split(['(', '<'])
                    .next()
                    .unwrap_or("")
                    .to_string();
                if sig.contains("&mut self") {
                    mutating.push(format!("{m}: {name}"));
                }
                public.push(format!("{m}: {name}"));
            }
        }
    }
    assert!(
        mutating.is_empty(),
        "pub fn (&mut self) on Event (every change belongs on Edit): {mutating:?}"
    );
    assert!(
        public.len() <= 25,
        "{} public methods on Event (at most 25): {public:#?}",
        public.len()
    );
    assert!(public.len() >= 10, "the scan found too few: {public:?}");
}

/// The fenced code blocks of a Markdown text: (info string, body).
fn code_blocks(md: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in md.lines() {
        match (&mut open, line.trim_start().strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.trim().to_string(), String::new())),
            (Some(_), Some(_)) => out.extend(open.take()),
            (Some((_, body)), None) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    out
}

/// A developer's first hour (issue 37): every library crate's README example compiles and runs
/// as written with that crate alone. The crate's `lib.rs` includes its README as doctests (so
/// `cargo test --doc` builds and runs each Rust block); no block is `ignore`d; and a block names
/// no crate of this workspace but its own (a type it needs from a lower crate is re-exported,
/// e.g. `xiangqi_notation::Position`), so that a project depending on that crate alone builds it.
#[test]
fn every_crate_readme_example_compiles_with_that_crate_alone() {
    let crates = root().join("crates");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let dir = entry.unwrap().path();
        let (lib, readme) = (dir.join("src/lib.rs"), dir.join("README.md"));
        let name = dir.file_name().unwrap().to_string_lossy().to_string();
        // the bindings and the programs (cli, web, python) are no library a project depends on
        if ["cli", "web", "python"].contains(&name.as_str()) || !lib.exists() {
            continue;
        }
        let own = if name == "xiangqi" {
            "xiangqi".to_string()
        } else {
            format!("xiangqi_{}", name.replace('-', "_"))
        };
        let lib_text = std::fs::read_to_string(&lib).unwrap();
        if !lib_text.contains("#[doc = include_str!(\"../README.md\")]") {
            wrong.push(format!(
                "{name}: src/lib.rs does not include README.md as doctests"
            ));
        }
        let md = std::fs::read_to_string(&readme).unwrap_or_default();
        for (info, body) in code_blocks(&md) {
            let rust = info.is_empty() || info.split(',').any(|w| w == "rust");
            if !rust {
                continue;
            }
            checked += 1;
            if info
                .split(',')
                .any(|w| ["ignore", "no_run"].contains(&w.trim()))
            {
                wrong.push(format!("{name}: a README block is `{info}`"));
            }
            for word in body.split(|c: char| !(c.is_alphanumeric() || c == '_')) {
                if word.starts_with("xiangqi") && word != own {
                    wrong.push(format!(
                        "{name}: the README names `{word}`, not only `{own}`"
                    ));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{wrong:#?}");
    assert!(checked >= 11, "only {checked} README blocks checked");
}
