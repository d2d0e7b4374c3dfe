//! The work budget of the grader's searches on boards larger than 9x9
//! (issue 14: hints and grades on 16x16 and 25x25 answer at once): a hint
//! from a position whose searches would take seconds says no short step is
//! in reach and offers a cell, the same one every time; a grade that stops
//! at the budget says so instead of "trial and error".

mod common;

use assert_cmd::Command;
use common::{board, shared_data};
use doku::engine::grader::{
    grade, next_hint_with_solution, solve_logically, Advice, Difficulty, Solutions, BEYOND_BUDGET,
    TRIAL_AND_ERROR, TRIAL_AND_ERROR_RATING,
};
use doku::engine::{Board, Shape};

/// A solved board of `size` and the position with one cell in `every`
/// of it given.
fn sparse_position(size: usize, every: usize) -> (Board, Board) {
    let shape = Shape::sudoku(size).expect("a sudoku size");
    let solution = Board::empty(shape)
        .solution()
        .expect("an empty board solves");
    let mut position = Board::empty(shape);
    for cell in shape.cells().step_by(every) {
        position.set(cell, solution.get(cell));
    }
    (solution, position)
}

#[test]
fn a_hint_on_a_nearly_empty_25x25_stops_at_the_budget_and_offers_a_cell() {
    // Before the budget, the chain scan here took seconds.
    let (solution, position) = sparse_position(25, 20);
    let advice = next_hint_with_solution(&solution, &position, None);
    let Advice::OutOfReach { cell, candidates } = advice.clone() else {
        panic!("expected the search to stop at its budget, got {advice:?}");
    };
    assert!(position.is_empty_cell(cell));
    let digit = solution.get(cell).expect("the solution is full");
    assert!(
        candidates.contains(digit),
        "the offered cell can take its digit"
    );
    let message = advice.message(position.shape());
    assert!(message.contains("search budget"), "{message}");
    // The budget counts estimated work, not time: the same answer each time.
    for _ in 0..3 {
        assert_eq!(next_hint_with_solution(&solution, &position, None), advice);
    }
}

#[test]
fn a_hint_on_a_nearly_empty_16x16_stops_at_the_budget_too() {
    let (solution, position) = sparse_position(16, 1000);
    let advice = next_hint_with_solution(&solution, &position, None);
    assert!(
        matches!(advice, Advice::OutOfReach { .. }),
        "expected the search to stop at its budget, got {advice:?}"
    );
    assert_eq!(next_hint_with_solution(&solution, &position, None), advice);
}

#[test]
fn a_9x9_has_no_budget_its_stuck_hint_is_still_a_guess() {
    // An empty 9x9: no technique applies, and the search is cheap.
    let (solution, position) = sparse_position(9, 1000);
    let advice = next_hint_with_solution(&solution, &position, None);
    assert!(matches!(advice, Advice::Guess { .. }), "{advice:?}");
}

#[test]
fn every_16x16_gecode_puzzle_grades_within_the_budget() {
    let Some(lines) = shared_data("16x16_gecode_janko55.txt", "16x16 grades within budget") else {
        return;
    };
    for line in &lines {
        let grade = grade(&board(line));
        assert_eq!(grade.solutions, Solutions::Unique, "{line}");
        assert_ne!(grade.hardest, BEYOND_BUDGET, "{line}");
    }
}

#[test]
fn a_hard_25x25_grades_at_once_as_trial_and_error_the_same_every_time() {
    let Some(lines) = shared_data("25x25_gecode.txt", "25x25 grade within budget") else {
        return;
    };
    // Logic stalls here; the proof of uniqueness took seconds by clause
    // learning, more than the grade's count may spend: unproven.
    let puzzle = board(&lines[1]);
    let first = grade(&puzzle);
    assert_eq!(first.hardest, TRIAL_AND_ERROR, "{first:?}");
    assert_eq!(first.difficulty, Difficulty::Extreme);
    assert_eq!(first.rating, Some(TRIAL_AND_ERROR_RATING));
    assert!(
        matches!(first.solutions, Solutions::Unique | Solutions::Unproven),
        "{first:?}"
    );
    assert_eq!(grade(&puzzle), first);
}

#[test]
fn logic_on_a_nearly_empty_25x25_is_cut_short_not_stuck() {
    let (_, position) = sparse_position(25, 20);
    let path = solve_logically(&position);
    assert!(!path.solved);
    assert!(path.cut_short, "the search passed its budget");
    // A 9x9 stops because nothing applies.
    let (_, position) = sparse_position(9, 1000);
    let path = solve_logically(&position);
    assert!(!path.solved && !path.cut_short);
}

#[test]
fn doku_grade_on_a_hard_25x25_prints_its_grade_line() {
    let Some(lines) = shared_data("25x25_gecode.txt", "doku grade on a 25x25") else {
        return;
    };
    let output = Command::cargo_bin("doku")
        .expect("the doku binary is built")
        .args(["grade", "--steps", &lines[1]])
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let out = String::from_utf8(output.stdout).expect("utf-8");
    let first = out.lines().next().unwrap_or_default();
    assert_eq!(first, "extreme\ttrial and error\t270 clues\t12.0", "{out}");
    let last = out.lines().last().unwrap_or_default();
    assert!(last.starts_with("  trial and error: "), "{last}");
}

#[test]
fn a_large_puzzle_with_several_solutions_is_still_found_out_within_the_budget() {
    // The budgeted count still finds a second solution where there is one
    // (its budget bounds the proof of uniqueness, the hard part).
    let (_, sparse) = sparse_position(25, 20);
    let mut positions = vec![sparse];
    if let Some(lines) = shared_data("16x16_gecode_janko55.txt", "16x16 with givens taken out") {
        for line in lines.iter().take(5) {
            let mut puzzle = board(line);
            let givens: Vec<_> = puzzle
                .shape()
                .cells()
                .filter(|&c| !puzzle.is_empty_cell(c))
                .collect();
            for &cell in givens.iter().step_by(3) {
                puzzle.set(cell, None);
            }
            positions.push(puzzle);
        }
    }
    for puzzle in &positions {
        let independent = puzzle.count_solutions_up_to(2);
        let graded = grade(puzzle);
        if independent == 2 {
            assert_eq!(
                graded.solutions,
                Solutions::Several,
                "{graded:?} {}",
                doku::engine::format::write_line(puzzle)
            );
        } else {
            assert_eq!(independent, 1);
            assert_ne!(graded.solutions, Solutions::Several, "{graded:?}");
        }
    }
}
