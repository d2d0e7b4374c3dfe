//! Per-puzzle times on the 16x16 and 25x25 Gecode sets: the median and the
//! slowest, which criterion's per-group means hide. Each 16x16 puzzle is
//! timed as the best of five runs; each 25x25 puzzle once (the slowest take
//! tens of seconds, the whole set about a minute and a half to solve).
//!
//!   cargo bench --bench large_boards            solution only
//!   cargo bench --bench large_boards -- --count also the uniqueness proof
//!                                               (count up to 2; minutes)

use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::Board;
use std::time::{Duration, Instant};

mod common;

/// The puzzles of a shared set; none (skipped, with a line that says so)
/// when the shared sets are absent.
fn load(file: &str) -> Vec<Board> {
    let lines = common::shared_data(file).unwrap_or_default();
    lines
        .iter()
        .map(|l| parse_puzzle(l, ShapeHint::Infer).expect("corpus puzzle parses"))
        .collect()
}

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn report(name: &str, times: &mut [(usize, Duration)]) {
    times.sort_by_key(|&(_, t)| t);
    let median = times[times.len() / 2].1;
    let (worst_line, worst) = times[times.len() - 1];
    let total: Duration = times.iter().map(|&(_, t)| t).sum();
    println!(
        "{name:<28} {} puzzles  median {median:>10.2?}  worst {worst:>10.2?} (line {worst_line})  total {total:.2?}",
        times.len()
    );
}

fn main() {
    let count = std::env::args().any(|a| a == "--count");
    for (name, path, runs) in [
        ("16x16 gecode/janko", "16x16_gecode_janko55.txt", 5),
        ("25x25 gecode", "25x25_gecode.txt", 1),
    ] {
        let boards = load(path);
        if boards.is_empty() {
            continue;
        }
        let mut solve: Vec<(usize, Duration)> = Vec::new();
        let mut unique: Vec<(usize, Duration)> = Vec::new();
        for (i, board) in boards.iter().enumerate() {
            solve.push((i + 1, best_of(runs, || assert!(board.solution().is_some()))));
            if count {
                unique.push((
                    i + 1,
                    best_of(runs, || assert_eq!(board.count_solutions_up_to(2), 1)),
                ));
            }
        }
        report(&format!("{name} solve"), &mut solve);
        if count {
            report(&format!("{name} count<=2"), &mut unique);
        }
    }
}
