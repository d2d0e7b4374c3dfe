//! The solver on the puzzles the project started from and on public corpora,
//! every answer checked independently of the engine.

mod common;
use common::*;
use doku::engine::format::{parse_puzzle, write_line, ParseError, ShapeHint};
use doku::engine::{Board, Shape, Solver, Step, Strategy};
use proptest::prelude::*;

#[test]
fn seed_fixtures_match_their_expected_answers() {
    let seeds = seeds();
    assert!(seeds.len() >= 10, "seeds.tsv lost rows");
    for seed in seeds {
        let expected = seed.expected.as_str();
        if expected == "invalid-givens" {
            let err = parse_puzzle(&seed.puzzle, ShapeHint::Infer).unwrap_err();
            assert!(
                matches!(err, ParseError::Clash { .. }),
                "{}: {err}",
                seed.name
            );
            continue;
        }
        let puzzle = board(&seed.puzzle);
        match expected {
            "unique" => assert_eq!(puzzle.count_solutions_up_to(10), 1, "{}", seed.name),
            "solved" => {
                assert!(puzzle.is_solved(), "{}", seed.name);
                assert_eq!(
                    puzzle.solution().as_ref(),
                    Some(&puzzle),
                    "{}: a full grid comes back unchanged",
                    seed.name
                );
                assert_eq!(puzzle.count_solutions_up_to(10), 1);
            }
            count if count.starts_with("count=") => {
                let k: usize = count["count=".len()..].parse().unwrap();
                assert_eq!(puzzle.count_solutions_up_to(k + 100), k, "{}", seed.name);
                // The generic iterator agrees with the fast path, with both strategies.
                for strategy in [Strategy::Mrv, Strategy::Naive] {
                    let n = Solver::new(&puzzle, strategy)
                        .filter(|s| matches!(s, Step::Solution(_)))
                        .count();
                    assert_eq!(n, k, "{} with {strategy:?}", seed.name);
                }
            }
            solution => {
                let got = puzzle
                    .solution()
                    .unwrap_or_else(|| panic!("{}: no solution", seed.name));
                assert_eq!(
                    write_line(&got).replace('.', "0"),
                    solution,
                    "{}",
                    seed.name
                );
                assert_valid_solution(&puzzle, &got);
            }
        }
    }
}

#[test]
fn the_empty_4x4_grid_has_288_solutions() {
    let empty = Board::empty(shape(4));
    assert_eq!(empty.count_solutions_up_to(10_000), 288);
    assert_eq!(
        empty.count_solutions_up_to(100),
        100,
        "counting stops at the limit"
    );
}

#[test]
fn seed_very_hard_has_1871_solutions() {
    let puzzle = board(&seed("seed-9x9-very-hard").puzzle);
    assert_eq!(puzzle.count_solutions_up_to(100_000), 1871);
}

#[test]
fn the_invalid_4x4_seed_names_both_clashing_cells() {
    let err = parse_puzzle(&seed("seed-4x4-invalid").puzzle, ShapeHint::Infer).unwrap_err();
    let msg = err.to_string();
    // 4010 / 0004 / 3342 / 2401: the two 3s of row 3.
    assert!(msg.contains("r3c1 and r3c2 both hold 3"), "{msg}");
}

fn solve_file(path: &str, expect_at_least: usize) {
    let Some(lines) = shared_data(path, &format!("solving every puzzle of {path}")) else {
        return;
    };
    assert!(
        lines.len() >= expect_at_least,
        "{path} has {} puzzles",
        lines.len()
    );
    for line in &lines {
        let puzzle = board(line);
        let solution = puzzle
            .solution()
            .unwrap_or_else(|| panic!("{path}: no solution for {line}"));
        assert_valid_solution(&puzzle, &solution);
    }
}

#[test]
fn magictour_top1465_all_solved() {
    solve_file("magictour_top1465.txt", 1465);
}

#[test]
fn norvig_sets_all_solved() {
    solve_file("norvig_top95.txt", 95);
    solve_file("norvig_hardest.txt", 11);
}

#[test]
fn forum_hardest_1106_all_solved_and_unique() {
    let Some(lines) = shared_data(
        "forum_hardest_1106.txt",
        "solving and proving unique the 2011 hardest-puzzle list",
    ) else {
        return;
    };
    for line in &lines {
        let puzzle = board(line);
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{line}");
        assert_valid_solution(&puzzle, &puzzle.solution().unwrap());
    }
}

#[test]
fn gecode_16x16_all_solved() {
    solve_file("16x16_gecode_janko55.txt", 55);
}

#[test]
fn generic_iterator_agrees_with_the_fast_path_on_9x9() {
    // The 9x9 specialisation must answer exactly what the generic search answers.
    let Some(lines) = shared_data(
        "norvig_top95.txt",
        "the generic search against the 9x9 fast path on Norvig's top 95",
    ) else {
        return;
    };
    for line in lines.iter().take(40) {
        let puzzle = board(line);
        let generic: Vec<Board> = Solver::new(&puzzle, Strategy::Mrv)
            .filter_map(|s| match s {
                Step::Solution(b) => Some(b),
                _ => None,
            })
            .collect();
        assert_eq!(generic.len(), 1, "{line}");
        assert_eq!(Some(&generic[0]), puzzle.solution().as_ref(), "{line}");
    }
}

#[test]
fn multi_solution_sample_is_reported_as_such() {
    let Some(lines) = shared_data(
        "serg_benchmark_multisol.txt",
        "multi-solution puzzles reported as such",
    ) else {
        return;
    };
    for line in lines.iter().step_by(50) {
        let puzzle = board(line);
        assert!(
            puzzle.count_solutions_up_to(2) >= 2,
            "{line} should have 2+ solutions"
        );
        // Whatever it has, each solution found is valid.
        assert_valid_solution(&puzzle, &puzzle.solution().unwrap());
    }
}

#[test]
fn fast_path_counts_agree_with_the_generic_iterator_on_multi_solution_puzzles() {
    // Counting is where a missed branch or a wrong deduction shows: every
    // solution of these puzzles, up to 40, must be found by both searches.
    let Some(lines) = shared_data(
        "serg_benchmark_multisol.txt",
        "solution counts of multi-solution puzzles, fast path against generic search",
    ) else {
        return;
    };
    for line in lines.iter().step_by(250) {
        let puzzle = board(line);
        let generic = Solver::new(&puzzle, Strategy::Mrv)
            .filter(|s| matches!(s, Step::Solution(_)))
            .take(40)
            .count();
        assert!(generic >= 2, "{line}");
        assert_eq!(puzzle.count_solutions_up_to(40), generic, "{line}");
    }
}

proptest! {
    /// The 9x9 consistency check (band bitboards) against the general
    /// conflict finder, on boards full of clashes and boards with none.
    #[test]
    fn nine_by_nine_consistency_agrees_with_the_conflict_finder(
        cells in proptest::collection::vec((0usize..81, 1u8..=9), 0..30),
    ) {
        let mut values = vec![0u8; 81];
        for (cell, digit) in cells {
            values[cell] = digit;
        }
        let board = Board::from_values(Shape::sudoku(9).unwrap(), values).unwrap();
        prop_assert_eq!(board.is_consistent(), board.conflicts().is_empty());
        if !board.is_consistent() {
            prop_assert_eq!(board.solution(), None);
            prop_assert_eq!(board.count_solutions_up_to(5), 0);
        }
    }
}
