//! Latin squares: validity, reproducibility, uniformity, and the writer.

use doku::engine::format::{write, Format};
use doku::engine::latin::{is_latin_square, random_latin_square, write_square, MAX_ORDER};
use doku::engine::{Board, Shape};
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;

fn square(n: usize, seed: u64) -> Vec<Vec<u16>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    random_latin_square(n, &mut rng).expect("order in range")
}

#[test]
fn squares_of_every_tested_order_are_latin() {
    for n in [1, 2, 3, 7, 64, 100, MAX_ORDER] {
        let sq = square(n, n as u64);
        assert_eq!(sq.len(), n);
        assert!(is_latin_square(&sq), "order {n} is not a Latin square");
    }
}

#[test]
fn the_validity_check_rejects_broken_squares() {
    let mut sq = square(7, 1);
    assert!(is_latin_square(&sq));
    sq[3].swap(0, 1); // row still a permutation, two columns now clash
    assert!(!is_latin_square(&sq));
    let mut sq = square(7, 1);
    sq[2][2] = 8; // symbol out of range
    assert!(!is_latin_square(&sq));
}

#[test]
fn orders_outside_the_range_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert!(random_latin_square(0, &mut rng).is_none());
    assert!(random_latin_square(MAX_ORDER + 1, &mut rng).is_none());
}

#[test]
fn same_seed_same_square_different_seeds_differ() {
    assert_eq!(square(12, 42), square(12, 42));
    assert_ne!(square(12, 42), square(12, 43));
}

/// Pearson's chi-square statistic of `counts` against equal expectations
/// over `categories` (categories never seen count as 0).
fn chi_square(counts: &HashMap<Vec<u16>, usize>, categories: usize, samples: usize) -> f64 {
    let expected = samples as f64 / categories as f64;
    let seen: f64 = counts
        .values()
        .map(|&k| (k as f64 - expected).powi(2) / expected)
        .sum();
    let unseen = (categories - counts.len()) as f64 * expected;
    seen + unseen
}

/// 576 Latin squares of order 4; with 575 degrees of freedom the statistic
/// has mean 575 and standard deviation about 34. The threshold sits five
/// standard deviations up: a uniform sampler stays far below it, while the
/// cyclic-shift method (which never produces the 144 squares isotopic to the
/// Klein group) scores about 3,800 at this sample size.
const ORDER4_SQUARES: usize = 576;
const SAMPLES: usize = ORDER4_SQUARES * 20;
const THRESHOLD: f64 = 575.0 + 5.0 * 33.9;

fn flat(sq: &[Vec<u16>]) -> Vec<u16> {
    sq.iter().flatten().copied().collect()
}

#[test]
fn order_4_squares_are_uniform() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut counts: HashMap<Vec<u16>, usize> = HashMap::new();
    for _ in 0..SAMPLES {
        let sq = random_latin_square(4, &mut rng).expect("order 4");
        assert!(is_latin_square(&sq));
        *counts.entry(flat(&sq)).or_default() += 1;
    }
    assert_eq!(counts.len(), ORDER4_SQUARES, "every square appears");
    let stat = chi_square(&counts, ORDER4_SQUARES, SAMPLES);
    assert!(stat < THRESHOLD, "chi-square {stat:.1} >= {THRESHOLD:.1}");
}

#[test]
fn order_3_squares_are_uniform() {
    // 12 squares, 11 degrees of freedom: the 0.1% critical value is 31.3.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let samples = 12 * 500;
    let mut counts: HashMap<Vec<u16>, usize> = HashMap::new();
    for _ in 0..samples {
        let sq = random_latin_square(3, &mut rng).expect("order 3");
        *counts.entry(flat(&sq)).or_default() += 1;
    }
    assert_eq!(counts.len(), 12);
    let stat = chi_square(&counts, 12, samples);
    assert!(stat < 31.3, "chi-square {stat:.1}");
}

/// The biased method the chi-square test must catch: the cyclic square with
/// its rows, columns and symbols permuted at random.
fn cyclic_shift_square(n: usize, rng: &mut ChaCha8Rng) -> Vec<Vec<u16>> {
    let mut rows: Vec<usize> = (0..n).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    let mut symbols: Vec<u16> = (1..=n as u16).collect();
    rows.shuffle(rng);
    cols.shuffle(rng);
    symbols.shuffle(rng);
    rows.iter()
        .map(|&r| cols.iter().map(|&c| symbols[(r + c) % n]).collect())
        .collect()
}

#[test]
fn the_uniformity_test_rejects_the_cyclic_shift_method() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut counts: HashMap<Vec<u16>, usize> = HashMap::new();
    for _ in 0..SAMPLES {
        let sq = cyclic_shift_square(4, &mut rng);
        assert!(is_latin_square(&sq));
        *counts.entry(flat(&sq)).or_default() += 1;
    }
    let stat = chi_square(&counts, ORDER4_SQUARES, SAMPLES);
    assert!(
        stat > THRESHOLD,
        "chi-square {stat:.1} should exceed {THRESHOLD:.1}"
    );
}

#[test]
fn the_writer_matches_the_board_formats() {
    for n in [1, 2, 5, 9, 12, 35, 36, 40, 64] {
        let sq = square(n, 5);
        let values: Vec<u8> = sq.iter().flatten().map(|&s| s as u8).collect();
        let board =
            Board::from_values(Shape::latin(n).expect("latin shape"), values).expect("values fit");
        for format in [Format::Line, Format::Block, Format::Csv] {
            assert_eq!(
                write_square(&sq, format),
                write(&board, format),
                "order {n}, {format:?}"
            );
        }
    }
}

#[test]
fn the_writer_handles_orders_past_the_board_limit() {
    let sq = square(100, 9);
    let csv = write_square(&sq, Format::Csv);
    assert_eq!(csv.lines().count(), 100);
    assert!(csv.lines().all(|l| l.split(',').count() == 100));
    let line = write_square(&sq, Format::Line);
    assert_eq!(line.split(' ').count(), 100 * 100);
    let block = write_square(&sq, Format::Block);
    // Three-digit symbols: every cell right-aligned to width 3.
    assert!(block.lines().all(|l| l.len() == 100 * 3 + 99));
    let parsed: Vec<Vec<u16>> = csv
        .lines()
        .map(|l| l.split(',').map(|v| v.parse().expect("number")).collect())
        .collect();
    assert_eq!(parsed, sq);
}

#[test]
fn larger_squares_forget_their_cyclic_start() {
    // The chain starts from the cyclic square (symbol 1 in the top-left
    // corner, row 1 reading 1..n). After mixing, the corner symbol is
    // uniform over 1..=9: 8 degrees of freedom, 0.1% critical value 26.1.
    let n = 9;
    let samples = 9 * 300;
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut corner = [0usize; 10];
    let mut cyclic_rows = 0;
    for _ in 0..samples {
        let sq = random_latin_square(n, &mut rng).expect("order 9");
        corner[sq[0][0] as usize] += 1;
        if sq[0].windows(2).all(|w| w[1] % 9 == (w[0] + 1) % 9) {
            cyclic_rows += 1;
        }
    }
    let expected = samples as f64 / 9.0;
    let stat: f64 = corner[1..]
        .iter()
        .map(|&k| (k as f64 - expected).powi(2) / expected)
        .sum();
    assert!(
        stat < 26.1,
        "corner symbols {corner:?}, chi-square {stat:.1}"
    );
    // A cyclic first row has probability 9/9! = 1/40320 under uniformity.
    assert!(cyclic_rows <= 1, "{cyclic_rows} cyclic first rows");
}
