//! Helpers shared by the integration tests: the puzzles the repository
//! carries (`tests/fixtures`), the large shared sets when they are there, an
//! independent checker that does not use the engine's own rules, and (in
//! `tmux`) the real binary driven in a real terminal.
#![allow(dead_code)]

pub mod tmux;

use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::{Board, Shape};
use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Mutex;

/// A file the repository carries in `tests/fixtures`.
pub fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(name)
}

/// The puzzle lines of a fixture: blank and `#` comment lines left out.
pub fn fixture_lines(name: &str) -> Vec<String> {
    let path = fixture(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    puzzle_lines(&text)
}

fn puzzle_lines(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// A famous hard puzzle (`tests/fixtures/famous.tsv`): its name, where it
/// comes from, and the puzzle.
pub struct Famous {
    pub name: String,
    pub source: String,
    pub puzzle: String,
}

pub fn famous() -> Vec<Famous> {
    fixture_lines("famous.tsv")
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [name, source, puzzle] = fields[..] else {
                panic!("famous.tsv: not three fields: {line}");
            };
            Famous {
                name: name.to_owned(),
                source: source.to_owned(),
                puzzle: puzzle.to_owned(),
            }
        })
        .collect()
}

pub fn famous_puzzle(name: &str) -> String {
    famous()
        .into_iter()
        .find(|f| f.name == name)
        .map(|f| f.puzzle)
        .unwrap_or_else(|| panic!("famous.tsv has no {name}"))
}

/// A puzzle doku generated, with its one solution (`tests/fixtures/generated.tsv`).
pub struct Generated {
    pub size: usize,
    pub puzzle: String,
    pub solution: String,
}

/// Every generated puzzle the repository carries, smallest boards first.
pub fn generated() -> Vec<Generated> {
    fixture_lines("generated.tsv")
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [size, _how, puzzle, solution] = fields[..] else {
                panic!("generated.tsv: not four fields: {line}");
            };
            Generated {
                size: size.parse().unwrap_or_else(|e| panic!("{size}: {e}")),
                puzzle: puzzle.to_owned(),
                solution: solution.to_owned(),
            }
        })
        .collect()
}

/// The first generated puzzle of `size`x`size`.
pub fn generated_puzzle(size: usize) -> Generated {
    generated()
        .into_iter()
        .find(|g| g.size == size)
        .unwrap_or_else(|| panic!("generated.tsv has no {size}x{size}"))
}

/// Where the large public puzzle sets live: `$DOKU_SHARED`, or `../shared`
/// beside the checkout (where CI puts them). They are not in the repository.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("DOKU_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

/// The puzzle lines of `file` in the shared `data/` sets, or `None` when the
/// sets are not there: then one line on stderr says what `skipped` (the
/// test's own words) did not check. The line goes to the real stderr, past
/// the test harness's capture, so `cargo test` shows it; each skip is said
/// once per test binary.
pub fn shared_data(file: &str, skipped: &str) -> Option<Vec<String>> {
    let path = shared_dir().join("data").join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(puzzle_lines(&text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            say_skipped(&format!(
                "skipped: {skipped} (needs {}, absent; set DOKU_SHARED to the shared folder)",
                path.display()
            ));
            None
        }
        // A file that is there but unreadable is a broken setup, not a skip.
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// Prints a skip line once per test binary, to the real stderr.
pub fn say_skipped(line: &str) {
    static SAID: Mutex<Option<HashSet<String>>> = Mutex::new(None);
    let mut said = SAID.lock().unwrap_or_else(|p| p.into_inner());
    if said
        .get_or_insert_with(HashSet::new)
        .insert(line.to_owned())
    {
        // `eprintln!` would be captured by the harness and never shown.
        let _ = writeln!(std::io::stderr(), "{line}");
    }
}

pub fn board(line: &str) -> Board {
    parse_puzzle(line, ShapeHint::Infer).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// One row of `tests/fixtures/seeds.tsv` (the puzzles of the project's
/// source documents): name, puzzle, expected.
pub struct Seed {
    pub name: String,
    pub puzzle: String,
    pub expected: String,
}

pub fn seeds() -> Vec<Seed> {
    fixture_lines("seeds.tsv")
        .into_iter()
        .map(|l| {
            let mut parts = l.split('\t');
            let mut next = || parts.next().unwrap_or_default().to_owned();
            Seed {
                name: next(),
                puzzle: next(),
                expected: next(),
            }
        })
        .collect()
}

pub fn seed(name: &str) -> Seed {
    seeds()
        .into_iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no seed {name}"))
}

/// Box shape as (rows, cols) for the standard sizes, written out here rather
/// than taken from the engine.
fn box_dims(n: usize) -> Option<(usize, usize)> {
    match n {
        4 => Some((2, 2)),
        6 => Some((2, 3)),
        8 => Some((2, 4)),
        9 => Some((3, 3)),
        10 => Some((2, 5)),
        12 => Some((3, 4)),
        15 => Some((3, 5)),
        16 => Some((4, 4)),
        20 => Some((4, 5)),
        25 => Some((5, 5)),
        _ => None,
    }
}

/// Checks `solution` is a complete, valid grid that keeps every given of
/// `puzzle`, with its own loops over rows, columns and boxes.
pub fn assert_valid_solution(puzzle: &Board, solution: &Board) {
    let n = puzzle.size();
    let v = solution.values();
    assert_eq!(v.len(), n * n);
    for (i, (&p, &s)) in puzzle.values().iter().zip(v).enumerate() {
        assert!(s >= 1 && s as usize <= n, "cell {i} holds {s}");
        if p != 0 {
            assert_eq!(p, s, "given at cell {i} changed");
        }
    }
    let full: u128 = (1u128 << n) - 1;
    for r in 0..n {
        let mask = (0..n).fold(0u128, |m, c| m | 1 << (v[r * n + c] - 1));
        assert_eq!(mask, full, "row {r} is not a permutation");
    }
    for c in 0..n {
        let mask = (0..n).fold(0u128, |m, r| m | 1 << (v[r * n + c] - 1));
        assert_eq!(mask, full, "column {c} is not a permutation");
    }
    if puzzle.shape().is_latin() {
        return;
    }
    let (br, bc) = box_dims(n).expect("standard size");
    for top in (0..n).step_by(br) {
        for left in (0..n).step_by(bc) {
            let mut mask = 0u128;
            for r in top..top + br {
                for c in left..left + bc {
                    mask |= 1 << (v[r * n + c] - 1);
                }
            }
            assert_eq!(mask, full, "box at r{top}c{left} is not a permutation");
        }
    }
}

pub fn shape(n: usize) -> Shape {
    Shape::sudoku(n).expect("standard size")
}

/// The side panel's text as a screen shows it (the box whose top edge starts
/// with `┌`), its lines trimmed and joined by spaces, so a sentence the
/// narrow panel wraps reads whole. Empty when no panel is on screen.
pub fn panel_text(screen: &str) -> String {
    let lines: Vec<Vec<char>> = screen.lines().map(|l| l.chars().collect()).collect();
    let top = lines.iter().enumerate().find_map(|(y, line)| {
        let left = line.iter().position(|&c| c == '┌')?;
        let right = line.iter().rposition(|&c| c == '┐')?;
        Some((y, left, right))
    });
    let Some((top, left, right)) = top else {
        return String::new();
    };
    lines[top + 1..]
        .iter()
        .take_while(|line| line.get(left) == Some(&'│') && line.len() > right)
        .map(|line| line[left + 1..right].iter().collect::<String>())
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}
