//! The step iterator itself: what each step means, replayed on a copy.

mod common;
use common::*;
use doku::engine::{Board, Shape, Solver, Step, Strategy};
use proptest::prelude::*;

/// Applies steps to a copy of the puzzle and checks, after every step, that
/// the copy equals the solver's own board. Returns the solutions seen.
fn replay(puzzle: &Board, strategy: Strategy, limit: u64) -> (Vec<Board>, Option<Step>) {
    let mut copy = puzzle.clone();
    let mut solver = Solver::new(puzzle, strategy).with_step_limit(limit);
    let mut solutions = Vec::new();
    let mut last = None;
    while let Some(step) = solver.next() {
        match &step {
            Step::Guess { cell, digit } | Step::Deduce { cell, digit, .. } => {
                assert!(copy.get(*cell).is_none(), "placing on a filled cell");
                assert!(
                    copy.candidates(*cell).contains(*digit),
                    "placing a digit that clashes"
                );
                copy.set(*cell, Some(*digit));
            }
            Step::Undo { cell, digit } => {
                assert_eq!(copy.get(*cell), Some(*digit), "undoing what is not there");
                assert!(puzzle.get(*cell).is_none(), "undoing a given");
                copy.set(*cell, None);
            }
            Step::Solution(board) => {
                assert_eq!(board, &copy);
                assert_valid_solution(puzzle, board);
                solutions.push(board.clone());
            }
            Step::Focus { cell, candidates } => {
                assert!(copy.get(*cell).is_none());
                assert_eq!(
                    *candidates,
                    copy.candidates(*cell),
                    "focus shows the true candidates"
                );
            }
            Step::FocusDigit { cells, digit, .. } => {
                for c in cells {
                    assert!(copy.candidates(*c).contains(*digit));
                }
            }
            Step::CageNarrows { cells, digits, .. } => {
                for c in cells {
                    assert!(copy.get(*c).is_none());
                    assert_eq!(digits.0, copy.cage_allows(*c), "the cage's digits");
                }
            }
            Step::Backtrack { .. } | Step::Exhausted | Step::LimitReached => {}
        }
        assert_eq!(copy, solver.board(), "after {step:?}");
        last = Some(step);
    }
    (solutions, last)
}

#[test]
fn replaying_a_killer_reproduces_every_board_cages_included() {
    let line = common::fixture_lines("killer/published.tsv")[0].clone();
    let puzzle = board(line.split('\t').next().expect("puzzle"));
    assert!(puzzle.is_killer());
    for strategy in [Strategy::Naive, Strategy::Mrv] {
        let (solutions, last) = replay(&puzzle, strategy, 5_000_000);
        assert_eq!(solutions.len(), 1, "{strategy:?}");
        assert_eq!(last, Some(Step::Exhausted));
    }
}

#[test]
fn replaying_steps_reproduces_every_board_and_ends_solved() {
    for name in ["seed-9x9-a", "seed-9x9-hard", "seed-4x4-a", "seed-4x4-c"] {
        let puzzle = board(&seed(name).puzzle);
        for strategy in [Strategy::Naive, Strategy::Mrv] {
            let (solutions, last) = replay(&puzzle, strategy, u64::MAX);
            assert_eq!(solutions.len(), 1, "{name} {strategy:?}");
            assert_eq!(
                last,
                Some(Step::Exhausted),
                "{name}: the search ends exhausted"
            );
        }
    }
}

#[test]
fn naive_visits_the_first_empty_cell_in_reading_order() {
    let puzzle = board(&seed("seed-9x9-a").puzzle);
    let mut solver = Solver::new(&puzzle, Strategy::Naive);
    let mut focuses = 0;
    loop {
        let before = solver.board();
        let Some(step) = solver.next() else { break };
        if let Step::Focus { cell, .. } = step {
            let first_empty = before.shape().cells().find(|&c| before.get(c).is_none());
            assert_eq!(Some(cell), first_empty);
            focuses += 1;
        }
        if matches!(step, Step::Solution(_)) {
            break;
        }
    }
    assert!(focuses > 40, "naive focuses every empty cell at least once");
}

#[test]
fn naive_never_deduces_and_mrv_takes_far_fewer_steps() {
    let puzzle = board(&seed("seed-9x9-hard").puzzle);
    let steps_to_solution = |strategy| {
        let mut solver = Solver::new(&puzzle, strategy);
        let mut deduced = 0;
        for step in solver.by_ref() {
            if matches!(step, Step::Deduce { .. }) {
                deduced += 1;
            }
            if matches!(step, Step::Solution(_)) {
                break;
            }
        }
        (solver.steps(), deduced)
    };
    let (naive, naive_deduced) = steps_to_solution(Strategy::Naive);
    let (mrv, _) = steps_to_solution(Strategy::Mrv);
    assert_eq!(naive_deduced, 0);
    assert!(mrv * 5 < naive, "mrv {mrv} steps vs naive {naive}");
}

#[test]
fn a_puzzle_without_solution_ends_exhausted() {
    // Valid givens, but r1c9 can hold nothing: 1-8 in its row, 9 in its column.
    let mut text = ".".repeat(81);
    text.replace_range(0..8, "12345678");
    text.replace_range(80..81, "9");
    let puzzle = board(&text);
    let (solutions, last) = replay(&puzzle, Strategy::Mrv, u64::MAX);
    assert!(solutions.is_empty());
    assert_eq!(last, Some(Step::Exhausted));
    let (solutions, last) = replay(&puzzle, Strategy::Naive, 10_000_000);
    assert!(solutions.is_empty());
    assert_eq!(last, Some(Step::Exhausted));
    assert_eq!(puzzle.solution(), None);
}

#[test]
fn the_step_limit_ends_with_limit_reached() {
    let puzzle = board(&seed("seed-9x9-hard").puzzle);
    let mut solver = Solver::new(&puzzle, Strategy::Naive).with_step_limit(100);
    let steps: Vec<Step> = solver.by_ref().collect();
    assert_eq!(steps.len(), 101);
    assert_eq!(steps.last(), Some(&Step::LimitReached));
    assert!(solver.is_finished());
    assert_eq!(solver.next(), None);
}

#[test]
fn search_continues_after_a_solution() {
    let puzzle = Board::empty(shape(4));
    let solutions: Vec<Board> = Solver::new(&puzzle, Strategy::Mrv)
        .filter_map(|s| match s {
            Step::Solution(b) => Some(b),
            _ => None,
        })
        .collect();
    assert_eq!(solutions.len(), 288);
    let distinct: std::collections::HashSet<_> =
        solutions.iter().map(|b| b.values().to_vec()).collect();
    assert_eq!(distinct.len(), 288, "every solution is found once");
}

#[test]
fn latin_squares_are_solved_too() {
    // The number of 4x4 Latin squares is 576; of 5x5, 161280.
    let empty = Board::empty(Shape::latin(4).unwrap());
    assert_eq!(empty.count_solutions_up_to(10_000), 576);
    let five = Board::empty(Shape::latin(5).unwrap());
    assert_eq!(five.count_solutions_up_to(1_000_000), 161_280);
}

/// A random full grid of any standard size, from the solver with a shuffled
/// first row (the test's own randomness, not the generator's).
fn full_grid(n: usize, perm: &[u8]) -> Board {
    let mut b = Board::empty(shape(n));
    for (c, &d) in perm.iter().enumerate() {
        b.set(b.shape().cell(0, c), doku::engine::Digit::new(d));
    }
    b.solution()
        .expect("a first row always extends to a full grid")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn blanked_full_grids_solve_to_valid_grids(
        size in prop::sample::select(vec![4usize, 6, 8, 9, 10, 12, 16]),
        seed in any::<u64>(),
        keep in 0.25f64..0.9,
    ) {
        use rand::{seq::SliceRandom, Rng, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut perm: Vec<u8> = (1..=size as u8).collect();
        perm.shuffle(&mut rng);
        let full = full_grid(size, &perm);
        let mut puzzle = full.clone();
        for cell in full.shape().cells() {
            if !rng.random_bool(keep) {
                puzzle.set(cell, None);
            }
        }
        let solution = puzzle.solution().expect("a blanked valid grid has a solution");
        assert_valid_solution(&puzzle, &solution);
        assert!(puzzle.count_solutions_up_to(2) >= 1);
    }
}
