//! Helpers shared by the integration tests: puzzle files from ../shared, an
//! independent checker that does not use the engine's own rules, and (in
//! `tmux`) the real binary driven in a real terminal.
#![allow(dead_code)]

pub mod tmux;

use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::{Board, Shape};
use std::path::PathBuf;

pub fn shared(path: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(path)
}

pub fn read_lines(path: &str) -> Vec<String> {
    let text = std::fs::read_to_string(shared(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

pub fn board(line: &str) -> Board {
    parse_puzzle(line, ShapeHint::Infer).unwrap_or_else(|e| panic!("{line}: {e}"))
}

/// One row of seeds.tsv: name, puzzle, expected.
pub struct Seed {
    pub name: String,
    pub puzzle: String,
    pub expected: String,
}

pub fn seeds() -> Vec<Seed> {
    read_lines("fixtures/seeds.tsv")
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
