//! The variants on 9x9: solve plus uniqueness proof of dealt puzzles (the
//! minimal deals, the hardest to prove), and a deal at each difficulty.
//! The deals are made here from fixed seeds, so the bench needs no files.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use doku::engine::generator::{generate, rules_for_deal, Symmetry};
use doku::engine::grader::Difficulty;
use doku::engine::{Board, Named, Shape, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// Minimal deals (any grade) of `variant`, from seeds 0..count.
fn minimal_deals(variant: Variant, count: u64) -> Vec<Board> {
    (0..count)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
            generate(shape, None, Symmetry::Rotate180, &mut rng)
                .expect("a deal")
                .puzzle
        })
        .collect()
}

fn solve_and_prove(c: &mut Criterion) {
    let mut group = c.benchmark_group("variant solve+unique");
    group.sample_size(10);
    for &variant in Variant::ALL {
        let boards = minimal_deals(variant, 50);
        group.throughput(Throughput::Elements(boards.len() as u64));
        group.bench_with_input(
            BenchmarkId::from_parameter(variant.name()),
            &boards,
            |b, boards| {
                b.iter(|| {
                    boards
                        .iter()
                        .filter(|p| black_box(p.count_solutions_up_to(2)) == 1)
                        .count()
                })
            },
        );
    }
    group.finish();
}

fn deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("variant deal");
    group.sample_size(10);
    for &variant in Variant::ALL {
        for difficulty in [Difficulty::Medium, Difficulty::Hard, Difficulty::Expert] {
            let id = format!("{} {difficulty}", variant.name());
            group.bench_function(id, |b| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
                    black_box(generate(
                        shape,
                        Some(difficulty),
                        Symmetry::Rotate180,
                        &mut rng,
                    ))
                    .is_ok()
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, solve_and_prove, deal);
criterion_main!(benches);
