//! The variants on 9x9: solve plus uniqueness proof of dealt puzzles (the
//! minimal deals, the hardest to prove; killers with no givens), the
//! published killers the tests carry, and a deal at each difficulty. The
//! deals are made here from fixed seeds, so the bench needs no files.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::generator::{generate_variant, rules_for_deal, Symmetry};
use doku::engine::grader::Difficulty;
use doku::engine::{Board, Named, Shape, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

/// Minimal deals (any grade) of `variant`, from seeds 0..count.
fn minimal_deals(variant: Variant, count: u64) -> Vec<Board> {
    (0..count)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
            let never = AtomicBool::new(false);
            generate_variant(shape, variant, None, Symmetry::Rotate180, &mut rng, &never)
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
    // The published killers (tests/fixtures/killer/published.tsv).
    let text = include_str!("../tests/fixtures/killer/published.tsv");
    let published: Vec<Board> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .map(|p| parse_puzzle(p, ShapeHint::Infer).expect("a published killer"))
        .collect();
    group.throughput(Throughput::Elements(published.len() as u64));
    group.bench_with_input(
        BenchmarkId::from_parameter("published killers"),
        &published,
        |b, boards| {
            b.iter(|| {
                boards
                    .iter()
                    .filter(|p| black_box(p.count_solutions_up_to(2)) == 1)
                    .count()
            })
        },
    );
    group.finish();
}

fn deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("variant deal");
    group.sample_size(10);
    for &variant in Variant::ALL {
        for difficulty in [
            None,
            Some(Difficulty::Medium),
            Some(Difficulty::Hard),
            Some(Difficulty::Expert),
            // The 9x9 extreme deals carve the most puzzles: each a
            // uniqueness proof per removal.
            Some(Difficulty::Extreme),
        ] {
            if variant.is_killer() && difficulty == Some(Difficulty::Extreme) {
                continue;
            }
            let id = format!(
                "{} {}",
                variant.name(),
                difficulty.map_or("any".to_string(), |d| d.to_string())
            );
            group.bench_function(id, |b| {
                let mut seed = 0;
                b.iter(|| {
                    seed += 1;
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
                    let never = AtomicBool::new(false);
                    black_box(generate_variant(
                        shape,
                        variant,
                        difficulty,
                        Symmetry::Rotate180,
                        &mut rng,
                        &never,
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
