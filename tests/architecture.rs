//! The layering of the `doku` crate: no top-level module reaches, through
//! `crate::` paths, into a module that reaches back to it. (The engine is a
//! crate of its own, so the compiler already keeps the terminal out of it.)

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

type Graph = BTreeMap<String, BTreeSet<String>>;

/// The top-level module a file under `src/` belongs to: `src/app/view.rs`
/// and `src/app.rs` are both `app`; `lib.rs` and `main.rs` are the root.
fn top_module(relative: &Path) -> Option<String> {
    let first = relative.components().next()?.as_os_str().to_str()?;
    let name = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

/// The top-level modules named by `crate::a` or `crate::{a, b::c}` in `text`.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (at, _) in text.match_indices("crate::") {
        // Not `doku_crate::` or the like.
        let before = text[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &text[at + "crate::".len()..];
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
                        let name = ident(&group[i..]);
                        if !name.is_empty() && name != "self" {
                            found.insert(name);
                        }
                    }
                    _ => {}
                }
            }
        } else {
            let name = ident(rest);
            if !name.is_empty() {
                found.insert(name);
            }
        }
    }
    found
}

fn collect(dir: &Path, src: &Path, graph: &mut Graph) {
    let entries = fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            collect(&path, src, graph);
            continue;
        }
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let relative = path.strip_prefix(src).expect("a path under src");
        let Some(from) = top_module(relative) else {
            continue;
        };
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let edges = graph.entry(from.clone()).or_default();
        for to in crate_paths(&text) {
            if to != from {
                edges.insert(to);
            }
        }
    }
}

/// The `crate::` edges between top-level modules of `src/`.
fn module_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut graph = Graph::new();
    collect(&src, &src, &mut graph);
    graph
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

#[test]
fn top_level_modules_form_no_cycle() {
    let graph = module_graph();
    assert!(
        graph.contains_key("app") && graph.contains_key("config"),
        "the scan found no modules: {graph:?}"
    );
    if let Some(cycle) = find_cycle(&graph) {
        panic!(
            "top-level modules form a cycle: {}\n\nthe module graph:\n{}",
            cycle.join(" -> "),
            render(&graph)
        );
    }
}

#[test]
fn the_scan_sees_plain_and_grouped_paths_and_finds_cycles() {
    let found = crate_paths(
        "use crate::keymap::{self, Action};\nuse crate::{config, theme::Theme};\n\
         let x = crate::exit::EXIT_OK; let y = doku_crate::nope;",
    );
    let expected: BTreeSet<String> = ["keymap", "config", "theme", "exit"]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(found, expected);

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

/// `cargo test --test architecture -- --ignored --nocapture` prints the graph.
#[test]
#[ignore]
fn print_the_module_graph() {
    println!("{}", render(&module_graph()));
}
