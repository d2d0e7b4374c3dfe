//! Generation speed: criterion timings per puzzle, then a percentile report
//! (criterion reports means; the bars are medians and 99th percentiles).
//!
//! `cargo bench --bench generate` runs both; `DOKU_BENCH_PERCENTILES=0`
//! skips the report, `DOKU_BENCH_SAMPLES` sets its 9x9 sample count (500).

use criterion::{criterion_group, Criterion};
use doku::engine::generator::{generate, Symmetry};
use doku::engine::grader::Difficulty;
use doku::engine::latin::random_latin_square;
use doku::engine::Shape;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

const LEVELS: [(&str, Option<Difficulty>); 5] = [
    ("any", None),
    ("easy", Some(Difficulty::Easy)),
    ("medium", Some(Difficulty::Medium)),
    ("hard", Some(Difficulty::Hard)),
    ("expert", Some(Difficulty::Expert)),
];

fn deal(shape: Shape, difficulty: Option<Difficulty>, rng: &mut ChaCha8Rng) {
    let dealt = generate(shape, difficulty, Symmetry::Rotate180, rng);
    black_box(dealt.expect("this size reaches the difficulty"));
}

fn generate_9x9(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate 9x9");
    for (name, difficulty) in LEVELS {
        // One generator across iterations: every iteration deals a new puzzle.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(name, |b| {
            b.iter(|| deal(Shape::CLASSIC, difficulty, &mut rng))
        });
    }
    group.finish();
}

fn generate_large(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate large");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    for size in [16, 20, 25] {
        let shape = Shape::sudoku(size).expect("size");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(format!("{size}x{size} any"), |b| {
            b.iter(|| deal(shape, None, &mut rng))
        });
        // What `doku generate --size N` deals: medium, graded.
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        group.bench_function(format!("{size}x{size} medium"), |b| {
            b.iter(|| deal(shape, Some(Difficulty::Medium), &mut rng))
        });
    }
    group.finish();
}

fn latin(c: &mut Criterion) {
    let mut group = c.benchmark_group("latin");
    group.sample_size(10);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    group.bench_function("order 255", |b| {
        b.iter(|| black_box(random_latin_square(255, &mut rng)))
    });
    group.finish();
}

criterion_group!(benches, generate_9x9, generate_large, latin);

/// Times `count` puzzles one by one and prints median, 99th percentile, max.
fn percentiles(label: &str, shape: Shape, difficulty: Option<Difficulty>, count: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut times: Vec<Duration> = (0..count)
        .map(|_| {
            let start = Instant::now();
            deal(shape, difficulty, &mut rng);
            start.elapsed()
        })
        .collect();
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "{label:<14} n={count:<4} median {:>10.3?}  p99 {:>10.3?}  max {:>10.3?}",
        at(0.5),
        at(0.99),
        at(1.0)
    );
}

fn main() {
    benches();
    criterion::Criterion::default()
        .configure_from_args()
        .final_summary();
    if std::env::var("DOKU_BENCH_PERCENTILES").is_ok_and(|v| v == "0") {
        return;
    }
    let samples = std::env::var("DOKU_BENCH_SAMPLES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(500);
    println!("\nper-puzzle wall time (rotate180 givens):");
    for (name, difficulty) in LEVELS {
        percentiles(&format!("9x9 {name}"), Shape::CLASSIC, difficulty, samples);
    }
    for (name, difficulty) in LEVELS {
        let shape = Shape::sudoku(16).expect("size 16");
        percentiles(&format!("16x16 {name}"), shape, difficulty, 20);
    }
    for size in [20, 25] {
        let shape = Shape::sudoku(size).expect("size");
        percentiles(&format!("{size}x{size} any"), shape, None, 5);
        percentiles(
            &format!("{size}x{size} medium"),
            shape,
            Some(Difficulty::Medium),
            5,
        );
    }
}
