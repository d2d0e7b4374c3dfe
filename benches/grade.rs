//! Grading speed: a criterion timing of all of top1465 (when the shared
//! data is there), then a per-puzzle report for each set: median, 99th
//! percentile and the slowest puzzle, and the slowest next hint.
//!
//! `cargo bench --bench grade -- --measurement-time 2`;
//! `DOKU_BENCH_PERCENTILES=0` skips the report.

use criterion::{criterion_group, Criterion};
use doku::engine::format::parse_puzzle;
use doku::engine::grader::{grade, next_hint_with_solution, solve_logically};
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

fn grade_top1465(c: &mut Criterion) {
    let boards = sample("magictour_top1465.txt", 1465);
    if boards.is_empty() {
        return;
    }
    let mut group = c.benchmark_group("grade");
    group.sample_size(10);
    group.bench_function("all of top1465", |b| {
        b.iter(|| {
            for board in &boards {
                black_box(grade(black_box(board)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, grade_top1465);

fn percentile(sorted: &[(Duration, usize)], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].0
}

/// Each board's time under `f`, slowest last, with the board's index.
fn time_each(boards: &[Board], f: impl Fn(&Board)) -> Vec<(Duration, usize)> {
    for b in boards.iter().take(50) {
        f(b); // warm caches and the geometry table
    }
    let mut times: Vec<(Duration, usize)> = boards
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let start = Instant::now();
            f(b);
            (start.elapsed(), i)
        })
        .collect();
    times.sort();
    times
}

/// The slowest next hint over positions along each puzzle's logical path
/// (the start, then every 8th step), from the solver's own solution.
fn worst_hint(boards: &[Board]) -> (Duration, usize) {
    let mut worst = (Duration::ZERO, 0);
    for (i, board) in boards.iter().enumerate() {
        let Some(solution) = board.solution() else {
            continue;
        };
        let path = solve_logically(board);
        let mut position = board.clone();
        for (n, step) in path.steps.iter().enumerate() {
            if n % 8 == 0 {
                let start = Instant::now();
                black_box(next_hint_with_solution(&solution, &position, None));
                worst = worst.max((start.elapsed(), i));
            }
            for &(cell, digit) in &step.placements {
                position.set(cell, Some(digit));
            }
        }
    }
    worst
}

fn main() {
    benches();
    Criterion::default().configure_from_args().final_summary();
    if std::env::var("DOKU_BENCH_PERCENTILES").is_ok_and(|v| v == "0") {
        return;
    }
    println!(
        "\n{:<28} {:>6} {:>10} {:>10} {:>10} {:>8} {:>10}",
        "set", "count", "total", "median", "p99", "slowest", "hint max"
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
        let total: Duration = grades.iter().map(|(t, _)| *t).sum();
        let (slowest, at) = *grades.last().expect("a sample");
        let hint = if file.starts_with("16x16") {
            "-".to_string()
        } else {
            format!("{:.1?}", worst_hint(&boards).0)
        };
        println!(
            "{:<28} {:>6} {:>10.2?} {:>10.2?} {:>10.2?} {:>8.1?} {:>10}  (slowest: #{at})",
            file,
            boards.len(),
            total,
            percentile(&grades, 0.5),
            percentile(&grades, 0.99),
            slowest,
            hint,
        );
    }
}
