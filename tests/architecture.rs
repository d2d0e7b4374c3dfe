//! The layering of both crates: no top-level module reaches, through
//! `crate::` or `super::` paths, into a module that reaches back to it.
//! (That the engine names no terminal or CLI crate, its own Cargo.toml
//! makes the compiler check.) Test modules (`#[cfg(test)] mod tests`) and
//! comments are left out: a test may use whatever it checks its module
//! against, and a doc link is no dependency.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

type Graph = BTreeMap<String, BTreeSet<String>>;

/// A module's path inside its crate: `app/view.rs` is `app::view`,
/// `watch/mod.rs` is `watch`; `lib.rs` and `main.rs` are the root.
fn module_path(relative: &Path) -> Vec<String> {
    let mut path: Vec<String> = relative
        .iter()
        .map(|part| part.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        path.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        path.pop();
    }
    path
}

fn ident(text: &str) -> String {
    text.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// The first segments after `prefix` in `text` (`crate::a`, `crate::{a, b::c}`).
fn first_segments(text: &str, prefix: &str) -> Vec<(usize, Vec<String>)> {
    let mut found = Vec::new();
    for (at, _) in text.match_indices(prefix) {
        // Not `doku_crate::` or the like.
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[at + prefix.len()..];
        let mut names = Vec::new();
        if let Some(group) = rest.strip_prefix('{') {
            // A grouped import: each item's first segment, at depth one.
            let mut depth = 1;
            let mut item_start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    ',' if depth == 1 => item_start = true,
                    c if c.is_whitespace() => {}
                    _ if item_start && depth == 1 => {
                        item_start = false;
                        names.push(ident(&group[i..]));
                    }
                    _ => {}
                }
            }
        } else {
            names.push(ident(rest));
        }
        names.retain(|n| !n.is_empty() && n != "self");
        found.push((at, names));
    }
    found
}

/// The top-level modules (or root re-exports) a file's paths lead to:
/// `crate::x`, and `super::x` where `super` climbs to the crate root.
fn reached(text: &str, module: &[String]) -> BTreeSet<String> {
    let mut names: BTreeSet<String> = first_segments(text, "crate::")
        .into_iter()
        .flat_map(|(_, names)| names)
        .collect();
    for (at, segments) in first_segments(text, "super::") {
        // Count the `super::` chain this one ends (`super::super::x`).
        let mut depth = 1;
        let mut start = at;
        while start >= "super::".len() && text[..start].ends_with("super::") {
            start -= "super::".len();
            depth += 1;
        }
        if segments.iter().any(|s| s == "super") {
            continue; // the chain goes on; its last link counts
        }
        if depth == module.len() {
            names.extend(segments);
        }
    }
    names
}

/// A crate's `crate::` edges between its top-level modules.
fn module_graph(src: &Path) -> Graph {
    let root = fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    // Names the root re-exports (`pub use board::{Board, ..}`) lead to their module.
    let mut exported: BTreeMap<String, String> = BTreeMap::new();
    for line in root.lines() {
        let Some(rest) = line.trim().strip_prefix("pub use ") else {
            continue;
        };
        let module = ident(rest);
        for (_, names) in first_segments(
            &format!("crate::{}", &rest[module.len()..].trim_start_matches("::")),
            "crate::",
        ) {
            for name in names {
                exported.insert(name, module.clone());
            }
        }
    }
    let mut files = Vec::new();
    collect(src, &mut files);
    let modules: BTreeSet<String> = files
        .iter()
        .filter_map(|f| module_path(f.strip_prefix(src).ok()?).first().cloned())
        .collect();
    let mut graph = Graph::new();
    for file in &files {
        let path = module_path(file.strip_prefix(src).expect("a path under src"));
        let Some(from) = path.first() else {
            continue;
        };
        let text = fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let code = text
            .find("#[cfg(test)]\nmod tests")
            .map_or(text.as_str(), |end| &text[..end]);
        // Comments and doc links name modules without depending on them.
        let code: String = code
            .lines()
            .filter(|line| !line.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let edges = graph.entry(from.clone()).or_default();
        for name in reached(&code, &path) {
            let to = exported.get(&name).cloned().unwrap_or(name);
            if modules.contains(&to) && &to != from {
                edges.insert(to);
            }
        }
    }
    graph
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

fn crate_src(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Some cycle of the graph, as the modules along it (first repeated last).
fn find_cycle(graph: &Graph) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Visit {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        graph: &Graph,
        state: &mut BTreeMap<String, Visit>,
        path: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match state.get(node) {
            Some(Visit::Done) => return None,
            Some(Visit::Open) => {
                let start = path.iter().position(|n| n == node).unwrap_or(0);
                let mut cycle = path[start..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        state.insert(node.to_string(), Visit::Open);
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, state, path) {
                return Some(cycle);
            }
        }
        path.pop();
        state.insert(node.to_string(), Visit::Done);
        None
    }
    let mut state = BTreeMap::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut state, &mut Vec::new()))
}

fn render(graph: &Graph) -> String {
    graph
        .iter()
        .map(|(from, to)| {
            let to: Vec<&str> = to.iter().map(String::as_str).collect();
            format!("{from} -> {}", to.join(", "))
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn assert_acyclic(name: &str, graph: &Graph, expected_modules: &[&str]) {
    for module in expected_modules {
        assert!(
            graph.contains_key(*module),
            "the scan of {name} found no {module}: {graph:?}"
        );
    }
    if let Some(cycle) = find_cycle(graph) {
        panic!(
            "top-level modules of {name} form a cycle: {}\n\nthe module graph:\n{}",
            cycle.join(" -> "),
            render(graph)
        );
    }
}

#[test]
fn the_doku_crate_has_no_module_cycle() {
    let graph = module_graph(&crate_src("src"));
    assert_acyclic("doku", &graph, &["app", "config", "theme", "keymap"]);
}

#[test]
fn the_engine_crate_has_no_module_cycle() {
    let graph = module_graph(&crate_src("crates/doku-engine/src"));
    assert_acyclic("doku-engine", &graph, &["board", "solver", "named"]);
}

#[test]
fn the_scan_sees_plain_grouped_and_super_paths_and_finds_cycles() {
    let text = "use crate::keymap::{self, Action};\nuse crate::{config, theme::Theme};\n\
                let x = crate::exit::EXIT_OK; let y = doku_crate::nope;\n\
                use super::shape::Cell; use super::super::board::Board;";
    let names = |module: &[&str]| -> Vec<String> {
        let path: Vec<String> = module.iter().map(|s| s.to_string()).collect();
        reached(text, &path).into_iter().collect()
    };
    // From a top-level file, `super::shape` is the root's `shape`; from
    // `a::b`, only `super::super::board` climbs to the root.
    assert_eq!(
        names(&["x"]),
        ["config", "exit", "keymap", "shape", "theme"]
    );
    assert_eq!(
        names(&["x", "y"]),
        ["board", "config", "exit", "keymap", "theme"]
    );
    assert_eq!(
        module_path(Path::new("watch/mod.rs")),
        ["watch".to_string()]
    );

    let edge = |a: &str, b: &str| (a.to_string(), BTreeSet::from([b.to_string()]));
    let looped: Graph = [edge("a", "b"), edge("b", "c"), edge("c", "a")]
        .into_iter()
        .collect();
    assert_eq!(
        find_cycle(&looped).map(|c| c.join(" -> ")),
        Some("a -> b -> c -> a".to_string())
    );
    let layered: Graph = [edge("a", "b"), edge("b", "c")].into_iter().collect();
    assert_eq!(find_cycle(&layered), None);
}

/// `cargo test --test architecture -- --ignored --nocapture` prints both graphs.
#[test]
#[ignore]
fn print_the_module_graphs() {
    println!("doku:\n{}", render(&module_graph(&crate_src("src"))));
    println!(
        "\ndoku-engine:\n{}",
        render(&module_graph(&crate_src("crates/doku-engine/src")))
    );
}
