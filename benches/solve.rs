//! Solve time per puzzle on the shared corpora, the 9x9 fast path against the
//! generic step iterator (the measurement behind the 9x9 specialisation), and
//! the naive strategy on the seed puzzles; each 25x25 puzzle solved in
//! seconds.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::{Board, Solver, Step, Strategy};
use std::hint::black_box;

mod common;

/// The first `take` puzzles of a shared set; none (skipped, with a line that
/// says so) when the shared sets are absent.
fn load(file: &str, take: usize) -> Vec<Board> {
    let lines = common::shared_data(file).unwrap_or_default();
    lines
        .iter()
        .take(take)
        .map(|l| parse_puzzle(l, ShapeHint::Infer).expect("corpus puzzle parses"))
        .collect()
}

fn first_solution_by_iterator(board: &Board, strategy: Strategy) -> Option<Board> {
    Solver::new(board, strategy).find_map(|s| match s {
        Step::Solution(b) => Some(b),
        _ => None,
    })
}

fn corpora(c: &mut Criterion) {
    let sets = [
        ("17_clue", "17_clue.txt", 2000),
        ("top1465", "magictour_top1465.txt", 1465),
        ("hardest_1106", "forum_hardest_1106.txt", 375),
        (
            "hardest_1905_11plus",
            "forum_hardest_1905_11plus_10k.txt",
            1000,
        ),
        ("norvig_top95", "norvig_top95.txt", 95),
        ("kaggle_easy", "kaggle_style_10k.txt", 2000),
        ("gecode_16x16", "16x16_gecode_janko55.txt", 55),
    ];
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (name, path, take) in sets {
        let boards = load(path, take);
        if boards.is_empty() {
            continue;
        }
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.bench_with_input(BenchmarkId::new("solution", name), &boards, |b, boards| {
            b.iter(|| {
                boards
                    .iter()
                    .filter(|p| black_box(p.solution()).is_some())
                    .count()
            })
        });
        group.bench_with_input(
            BenchmarkId::new("count_up_to_2", name),
            &boards,
            |b, boards| {
                b.iter(|| {
                    boards
                        .iter()
                        .map(|p| black_box(p.count_solutions_up_to(2)))
                        .sum::<usize>()
                })
            },
        );
        if boards[0].size() == 9 {
            group.bench_with_input(
                BenchmarkId::new("generic_iterator", name),
                &boards,
                |b, boards| {
                    b.iter(|| {
                        boards
                            .iter()
                            .filter(|p| {
                                black_box(first_solution_by_iterator(p, Strategy::Mrv)).is_some()
                            })
                            .count()
                    })
                },
            );
        }
    }
    group.finish();
}

fn naive_on_seeds(c: &mut Criterion) {
    let mut group = c.benchmark_group("naive");
    group.sample_size(10);
    for (name, puzzle) in common::seeds() {
        if !name.starts_with("seed-9x9") {
            continue;
        }
        let Ok(board) = parse_puzzle(&puzzle, ShapeHint::Infer) else {
            continue;
        };
        if board.is_full() {
            continue;
        }
        group.bench_with_input(
            BenchmarkId::new("first_solution", &name),
            &board,
            |b, board| b.iter(|| black_box(first_solution_by_iterator(board, Strategy::Naive))),
        );
    }
    group.finish();
}

/// One benchmark per 25x25 puzzle that solves in a few seconds, so the
/// report shows each one's median and the slowest: lines 2, 3, 6, 12, 13 and
/// 14 sit at the quasigroup-completion phase transition (clause learning),
/// 17 and 18 add givens to Gecode's example 89. The other ten take from
/// several seconds to over a minute each and would stall a run of ten
/// samples; time them once with `doku solve --file` (see
/// `tests/engine_large.rs`).
fn gecode_25x25(c: &mut Criterion) {
    let boards = load("25x25_gecode.txt", 18);
    let mut group = c.benchmark_group("solve_25x25");
    group.sample_size(10);
    for number in [2, 3, 6, 12, 13, 14, 17, 18] {
        let Some(board) = boards.get(number - 1) else {
            continue;
        };
        let id = format!("line_{number}");
        group.bench_with_input(BenchmarkId::new("solution", &id), board, |b, board| {
            b.iter(|| black_box(board.solution()))
        });
        group.bench_with_input(BenchmarkId::new("count_up_to_2", &id), board, |b, board| {
            b.iter(|| black_box(board.count_solutions_up_to(2)))
        });
    }
    group.finish();
}

criterion_group!(benches, corpora, naive_on_seeds, gecode_25x25);
criterion_main!(benches);
