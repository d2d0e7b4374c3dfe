//! Time to grade one puzzle, per puzzle set: median and 99th percentile.
//!
//! `cargo bench --bench grade` (a plain timing loop: the generator grades
//! many candidates per deal, so the distribution per puzzle is what matters).

use doku::engine::format::parse_puzzle;
use doku::engine::grader::{grade, solve_logically};
use doku::engine::{Board, ShapeHint};
use std::hint::black_box;
use std::time::{Duration, Instant};

mod common;

fn sample(file: &str, count: usize) -> Vec<Board> {
    let Some(lines) = common::shared_data(file) else {
        return Vec::new();
    };
    let step = (lines.len() / count).max(1);
    lines
        .iter()
        .step_by(step)
        .take(count)
        .filter_map(|l| parse_puzzle(l, ShapeHint::Infer).ok())
        .collect()
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i].as_secs_f64() * 1e6
}

fn time_each(boards: &[Board], f: impl Fn(&Board)) -> Vec<Duration> {
    for b in boards.iter().take(50) {
        f(b); // warm caches and the geometry table
    }
    let mut times: Vec<Duration> = boards
        .iter()
        .map(|b| {
            let start = Instant::now();
            f(b);
            start.elapsed()
        })
        .collect();
    times.sort();
    times
}

fn main() {
    println!(
        "{:<34} {:>6} {:>12} {:>12} {:>14}",
        "set", "count", "median µs", "p99 µs", "steps median"
    );
    for (file, count) in [
        ("kaggle_style_10k.txt", 2000),
        ("17_clue.txt", 2000),
        ("magictour_top1465.txt", 1465),
        ("forum_hardest_1106.txt", 375),
        ("16x16_gecode_janko55.txt", 55),
    ] {
        let boards = sample(file, count);
        if boards.is_empty() {
            continue;
        }
        let grades = time_each(&boards, |b| {
            black_box(grade(black_box(b)));
        });
        let paths = time_each(&boards, |b| {
            black_box(solve_logically(black_box(b)));
        });
        println!(
            "{:<34} {:>6} {:>12.1} {:>12.1} {:>14.1}",
            format!("grade {file}"),
            boards.len(),
            percentile(&grades, 0.5),
            percentile(&grades, 0.99),
            percentile(&paths, 0.5),
        );
    }
}
