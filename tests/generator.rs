//! The generator: unique puzzles, exact grades, symmetry, reproducibility.

use doku::engine::generator::{
    full_grid, generate, hardest_dealable, GenerateError, Generated, Symmetry,
};
use doku::engine::grader::{grade, solve_logically, Difficulty, TRIAL_AND_ERROR};
use doku::engine::Named;
use doku::engine::{Board, Cell, Shape};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn deal(size: usize, difficulty: Option<Difficulty>, symmetry: Symmetry, seed: u64) -> Generated {
    let shape = Shape::sudoku(size).expect("sudoku size");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    generate(shape, difficulty, symmetry, &mut rng)
        .unwrap_or_else(|e| panic!("size {size}, {difficulty:?}, seed {seed}: {e}"))
}

/// The puzzle has exactly one solution, counted by the solver; it is the
/// solution returned; every given agrees with it.
fn assert_sound(dealt: &Generated, context: &str) {
    let puzzle = &dealt.puzzle;
    assert_eq!(puzzle.count_solutions_up_to(2), 1, "{context}: not unique");
    assert!(dealt.solution.is_solved(), "{context}: solution not solved");
    assert_eq!(
        puzzle.solution().as_ref(),
        Some(&dealt.solution),
        "{context}"
    );
    for cell in puzzle.shape().cells() {
        if let Some(d) = puzzle.get(cell) {
            assert_eq!(
                dealt.solution.get(cell),
                Some(d),
                "{context}: given differs"
            );
        }
    }
    assert!(
        puzzle.filled_count() < puzzle.shape().cell_count(),
        "{context}: nothing removed"
    );
}

fn assert_symmetric(puzzle: &Board, symmetry: Symmetry, context: &str) {
    let shape = puzzle.shape();
    for cell in 0..shape.cell_count() {
        let image = symmetry.map_cell(shape, cell);
        assert_eq!(
            puzzle.is_empty_cell(Cell(cell as u16)),
            puzzle.is_empty_cell(Cell(image as u16)),
            "{context}: cell {cell} and its image {image} differ"
        );
    }
}

#[test]
fn full_grids_are_solved_for_every_size() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for &(n, _, _) in doku::engine::shape::SUDOKU_SHAPES.iter() {
        let shape = Shape::sudoku(n as usize).expect("size");
        let grid = full_grid(shape, &mut rng);
        assert!(grid.is_solved(), "size {n}: {grid:?}");
    }
}

#[test]
fn full_grids_are_not_one_pattern_relabelled() {
    // Relabelling keeps which cells hold equal digits; two independent
    // random grids almost never agree on the cells equal to the top-left one.
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let shape = Shape::CLASSIC;
    let pattern = |g: &Board| -> Vec<bool> {
        let first = g.values()[0];
        g.values().iter().map(|&v| v == first).collect()
    };
    let patterns: Vec<Vec<bool>> = (0..10)
        .map(|_| pattern(&full_grid(shape, &mut rng)))
        .collect();
    let distinct: std::collections::HashSet<_> = patterns.iter().collect();
    assert!(
        distinct.len() >= 9,
        "only {} distinct digit patterns",
        distinct.len()
    );
}

#[test]
fn any_difficulty_puzzles_are_unique_for_every_size_up_to_16() {
    for size in [4, 6, 8, 9, 10, 12, 15, 16] {
        for seed in 0..3 {
            let dealt = deal(size, None, Symmetry::Rotate180, seed);
            assert_sound(&dealt, &format!("size {size} seed {seed}"));
            assert!(dealt.grade.is_none(), "any skips grading");
        }
    }
}

/// Extreme needs forcing chains, which may or may not be in the grader:
/// see `expert_and_extreme_deals_never_need_trial_and_error`.
const GUESS_FREE_BELOW_EXTREME: &[Difficulty] = &[
    Difficulty::Easy,
    Difficulty::Medium,
    Difficulty::Hard,
    Difficulty::Expert,
];

#[test]
fn expert_and_extreme_deals_never_need_trial_and_error() {
    for difficulty in [Difficulty::Expert, Difficulty::Extreme] {
        let mut rng = ChaCha8Rng::seed_from_u64(difficulty as u64 + 7);
        for i in 0..3 {
            let dealt = match generate(
                Shape::CLASSIC,
                Some(difficulty),
                Symmetry::Rotate180,
                &mut rng,
            ) {
                Ok(dealt) => dealt,
                // No forcing chains in the grader: extreme is out of reach.
                Err(GenerateError::GaveUp { .. }) if difficulty == Difficulty::Extreme => break,
                Err(e) => panic!("{difficulty} #{i}: {e}"),
            };
            let context = format!("{difficulty} #{i}");
            assert_sound(&dealt, &context);
            let verdict = grade(&dealt.puzzle);
            assert_eq!(verdict.difficulty, difficulty, "{context}");
            assert_ne!(verdict.hardest, TRIAL_AND_ERROR, "{context}");
            assert!(solve_logically(&dealt.puzzle).solved, "{context}");
        }
    }
}

#[test]
fn graded_puzzles_have_exactly_the_requested_grade() {
    for size in [6, 8, 9, 10, 12, 16] {
        for &difficulty in GUESS_FREE_BELOW_EXTREME {
            let seeds = if size == 16 { 0..1 } else { 0..3 };
            for seed in seeds {
                let context = format!("size {size} {difficulty} seed {seed}");
                let dealt = deal(size, Some(difficulty), Symmetry::Rotate180, seed);
                assert_sound(&dealt, &context);
                let verdict = grade(&dealt.puzzle);
                assert_eq!(verdict.difficulty, difficulty, "{context}: {verdict:?}");
                assert_eq!(dealt.grade.as_ref(), Some(&verdict), "{context}");
            }
        }
    }
}

#[test]
fn many_9x9_puzzles_grade_as_requested() {
    for &difficulty in GUESS_FREE_BELOW_EXTREME {
        let mut rng = ChaCha8Rng::seed_from_u64(difficulty as u64 + 100);
        for i in 0..25 {
            let dealt = generate(
                Shape::CLASSIC,
                Some(difficulty),
                Symmetry::Rotate180,
                &mut rng,
            )
            .expect("9x9 reaches every difficulty");
            let context = format!("{difficulty} #{i}");
            assert_sound(&dealt, &context);
            assert_eq!(grade(&dealt.puzzle).difficulty, difficulty, "{context}");
        }
    }
}

#[test]
fn unreachable_difficulties_are_an_error_not_a_wrong_grade() {
    // Every 4x4 puzzle falls to singles with rotate180 givens.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let shape = Shape::sudoku(4).expect("size 4");
    let easy =
        generate(shape, Some(Difficulty::Easy), Symmetry::Rotate180, &mut rng).expect("4x4 easy");
    assert_eq!(grade(&easy.puzzle).difficulty, Difficulty::Easy);
    match generate(
        shape,
        Some(Difficulty::Expert),
        Symmetry::Rotate180,
        &mut rng,
    ) {
        Err(e @ GenerateError::GaveUp { .. }) => {
            let message = e.to_string();
            assert!(
                message.contains("expert") && message.contains("4x4"),
                "{message}"
            );
        }
        Ok(dealt) => assert_eq!(grade(&dealt.puzzle).difficulty, Difficulty::Expert),
        Err(e @ GenerateError::OutOfReach { .. }) => panic!("expert is in reach on a 4x4: {e}"),
        Err(GenerateError::Cancelled) => panic!("nothing cancelled this deal"),
    }
}

#[test]
fn extreme_above_9x9_is_refused_at_once_naming_what_can_be_dealt() {
    // Extreme needs forcing chains and nets, which run on boards up to
    // 9x9: the refusal comes before any carving (so it takes no time) and
    // consumes no randomness.
    for size in [10, 12, 16, 25] {
        let shape = Shape::sudoku(size).expect("a sudoku size");
        assert_eq!(hardest_dealable(shape), Difficulty::Expert, "{size}");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let before = rng.clone();
        let refused = generate(
            shape,
            Some(Difficulty::Extreme),
            Symmetry::Rotate180,
            &mut rng,
        );
        let Err(e @ GenerateError::OutOfReach { .. }) = refused else {
            panic!("{size}x{size} extreme: {refused:?}");
        };
        assert_eq!(rng, before, "{size}x{size}: the refusal drew no numbers");
        let message = e.to_string();
        for part in [
            format!("{size}x{size}"),
            "9x9".into(),
            "expert or easier".into(),
        ] {
            assert!(message.contains(&part), "{message}");
        }
    }
    for size in [4, 6, 9] {
        let shape = Shape::sudoku(size).expect("a sudoku size");
        assert_eq!(hardest_dealable(shape), Difficulty::Extreme, "{size}");
    }
    let latin = Shape::latin(12).expect("a latin size");
    assert_eq!(hardest_dealable(latin), Difficulty::Expert);
}

#[test]
fn givens_keep_the_requested_symmetry() {
    for &symmetry in Symmetry::ALL {
        for size in [4, 6, 9, 12, 15] {
            for seed in 0..2 {
                let dealt = deal(size, None, symmetry, seed);
                let context = format!("{symmetry} size {size} seed {seed}");
                assert_sound(&dealt, &context);
                assert_symmetric(&dealt.puzzle, symmetry, &context);
            }
        }
        let dealt = deal(9, Some(Difficulty::Medium), symmetry, 9);
        assert_symmetric(&dealt.puzzle, symmetry, &format!("{symmetry} medium"));
    }
}

#[test]
fn orbits_partition_the_cells() {
    for &symmetry in Symmetry::ALL {
        for size in [4, 9, 15] {
            let shape = Shape::sudoku(size).expect("size");
            let orbits = symmetry.orbits(shape);
            let mut cells: Vec<u16> = orbits.iter().flatten().copied().collect();
            cells.sort_unstable();
            let expected: Vec<u16> = (0..shape.cell_count() as u16).collect();
            assert_eq!(cells, expected, "{symmetry} size {size}");
            let largest = orbits.iter().map(Vec::len).max().unwrap_or(0);
            let group_order = match symmetry {
                Symmetry::None => 1,
                Symmetry::Rotate90 => 4,
                _ => 2,
            };
            assert_eq!(largest, group_order, "{symmetry} size {size}");
        }
    }
    // The centre of an odd board is fixed by every symmetry.
    let centre = Symmetry::Rotate90
        .orbits(Shape::CLASSIC)
        .into_iter()
        .find(|o| o.contains(&40));
    assert_eq!(centre, Some(vec![40]));
}

#[test]
fn same_seed_same_puzzle_different_seeds_differ() {
    for difficulty in [None, Some(Difficulty::Hard)] {
        let a = deal(9, difficulty, Symmetry::Rotate180, 77);
        let b = deal(9, difficulty, Symmetry::Rotate180, 77);
        assert_eq!(a, b);
        let puzzles: std::collections::HashSet<Board> = (0..8)
            .map(|seed| deal(9, difficulty, Symmetry::Rotate180, seed).puzzle)
            .collect();
        assert_eq!(puzzles.len(), 8, "{difficulty:?}");
    }
    let a = deal(12, None, Symmetry::Mirror, 5);
    assert_eq!(a, deal(12, None, Symmetry::Mirror, 5));
    assert_ne!(a.puzzle, deal(12, None, Symmetry::Mirror, 6).puzzle);
}

#[test]
fn removing_any_remaining_orbit_of_an_any_puzzle_breaks_uniqueness() {
    // `any` carves to a minimal puzzle (for its symmetry) on 9x9.
    let dealt = deal(9, None, Symmetry::Rotate180, 21);
    for orbit in Symmetry::Rotate180.orbits(Shape::CLASSIC) {
        if orbit.iter().any(|&c| dealt.puzzle.is_empty_cell(Cell(c))) {
            continue;
        }
        let mut sparser = dealt.puzzle.clone();
        for &c in &orbit {
            sparser.set(Cell(c), None);
        }
        assert!(
            sparser.count_solutions_up_to(2) > 1,
            "orbit {orbit:?} was removable"
        );
    }
}

#[test]
fn a_cancelled_deal_stops_at_once_and_an_uncancelled_one_is_the_seed_s_puzzle() {
    use doku::engine::generator::generate_unless_cancelled;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};
    let shape = Shape::sudoku(16).expect("sudoku size");
    let medium = Some(Difficulty::Medium);
    let symmetry = Symmetry::Rotate180;
    // Not cancelled: the same puzzle as `generate` for the seed.
    let flag = AtomicBool::new(false);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let cancellable = generate_unless_cancelled(shape, medium, symmetry, &mut rng, &flag);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert_eq!(cancellable, generate(shape, medium, symmetry, &mut rng));

    // Cancelled while a 25x25 deal is carving (one takes about a second).
    let shape = Shape::sudoku(25).expect("sudoku size");
    let flag = AtomicBool::new(false);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (result, stopped_after) = std::thread::scope(|scope| {
        scope.spawn(|| {
            std::thread::sleep(Duration::from_millis(30));
            flag.store(true, Ordering::Relaxed);
        });
        let started = Instant::now();
        let result = generate_unless_cancelled(shape, medium, symmetry, &mut rng, &flag);
        (result, started.elapsed())
    });
    assert_eq!(result, Err(GenerateError::Cancelled));
    // One uniqueness proof or grading after the flag, not the whole deal.
    assert!(
        stopped_after < Duration::from_millis(600),
        "stopped after {stopped_after:?}"
    );
}

#[test]
fn the_capped_grade_is_the_full_grade_up_to_the_cap_and_none_past_it() {
    use doku::engine::grader::{grade_at_most, grade_if_logic_proves_unique, grade_known_unique};
    // Puzzles of every grade on one carving chain: from the full grid to
    // a minimal puzzle, a given at a time.
    for (size, seed) in [(9, 11), (9, 12), (16, 13)] {
        let dealt = deal(size, None, Symmetry::None, seed);
        let empties: Vec<Cell> = dealt
            .puzzle
            .shape()
            .cells()
            .filter(|&c| dealt.puzzle.is_empty_cell(c))
            .collect();
        let mut puzzle = dealt.solution.clone();
        for (n, &cell) in empties.iter().enumerate() {
            puzzle.set(cell, None);
            if n % 3 != 0 && n + 1 != empties.len() {
                continue;
            }
            let full = grade_known_unique(&puzzle);
            let probed = grade_if_logic_proves_unique(&puzzle);
            for &cap in Difficulty::ALL {
                let context = format!("{size}x{size} seed {seed}, {n} removed, cap {cap}");
                let capped = grade_at_most(&puzzle, cap, true);
                let expected = (full.difficulty <= cap).then(|| full.clone());
                assert_eq!(capped, expected, "{context}");
                let capped = grade_at_most(&puzzle, cap, false);
                let expected = probed.clone().filter(|g| g.difficulty <= cap);
                assert_eq!(capped, expected, "without uniqueness: {context}");
            }
        }
    }
}
