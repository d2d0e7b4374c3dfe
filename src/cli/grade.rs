//! `doku grade`: the difficulty and the hardest technique of each puzzle,
//! optionally with the whole logical solution path.

use super::input::run_batch;
use super::{GradeArgs, StepsPath};
use crate::engine::grader::{
    grade, grade_and_solve_logically, rating_text, LogicalSolution, Rules, Solutions,
    BEYOND_BUDGET, FORCING_MAX_SIZE,
};
use crate::engine::Board;
use crate::game::step_line;
use std::io::{self, Write};

pub fn run(args: &GradeArgs) -> i32 {
    run_batch(&args.input, "grading", false, |out, batch| {
        let board = &batch.puzzle.board;
        // With the path, one look at the puzzle gives both.
        let (grade, path) = match args.steps {
            Some(steps) => {
                let rules = match steps {
                    StepsPath::Rating => Rules::Explainer,
                    StepsPath::Hints => Rules::Every,
                };
                let (grade, path) = grade_and_solve_logically(board, rules);
                (grade, Some(path))
            }
            None => (grade(board), None),
        };
        let _done = batch.done();
        let clues = board.filled_count();
        // An unproven count still grades (as beyond the search budget).
        if matches!(grade.solutions, Solutions::None | Solutions::Several) {
            batch.warn(format!(
                "doku: {}: the puzzle on line {} has {}, so it has no grade",
                batch.source, batch.puzzle.line, grade.hardest
            ));
            let what = if grade.solutions == Solutions::None {
                "no solution"
            } else {
                "not unique"
            };
            writeln!(out, "{what}\t{}\t{clues} clues", grade.hardest)?;
            return Ok(false);
        }
        let rating = grade.rating.map_or_else(String::new, rating_text);
        writeln!(
            out,
            "{}\t{}\t{clues} clues\t{rating}",
            grade.difficulty, grade.hardest
        )?;
        if let Some(path) = path {
            write_steps(out, board, &path)?;
        }
        Ok(true)
    })
}

/// The logical solution path, one indented line per step, and where logic
/// stops if it does.
fn write_steps(out: &mut dyn Write, board: &Board, solution: &LogicalSolution) -> io::Result<()> {
    for step in &solution.steps {
        // A forcing chain's branches, one a line, under its first.
        let line = step_line(step.technique, &step.explanation).replace('\n', "\n    ");
        writeln!(out, "  {line}")?;
    }
    let left = solution.board.values().iter().filter(|&&v| v == 0).count();
    if solution.cut_short {
        writeln!(
            out,
            "  {BEYOND_BUDGET}: no step found within one search's budget with {left} cells left"
        )?;
    } else if !solution.solved {
        // Above their size the forcing chains and nets never ran: "no
        // technique applies" would claim more than was tried.
        let untried = if board.size() > FORCING_MAX_SIZE {
            format!(" (forcing chains and nets run on boards up to {FORCING_MAX_SIZE}x{FORCING_MAX_SIZE})")
        } else {
            String::new()
        };
        writeln!(
            out,
            "  trial and error: no technique applies with {left} cells left{untried}"
        )?;
    }
    Ok(())
}
