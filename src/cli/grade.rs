//! `doku grade`: the difficulty and the hardest technique of each puzzle,
//! optionally with the whole logical solution path.

use super::input::{describe, MAX_REPORTED_ERRORS};
use super::{GradeArgs, EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVABLE};
use crate::engine::grader::{grade, solve_logically, Solutions};
use crate::engine::Board;
use std::io::{self, BufWriter, Write};

pub fn run(args: &GradeArgs) -> i32 {
    let sources = match args.input.sources() {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("doku: {msg}");
            return EXIT_BAD_INPUT;
        }
    };
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut status = EXIT_OK;
    let mut errors = 0;
    for source in sources {
        let (name, puzzles) = source.puzzles(args.input.hint());
        for puzzle in puzzles {
            let puzzle = match puzzle {
                Ok(p) => p,
                Err(e) => {
                    status = EXIT_BAD_INPUT;
                    errors += 1;
                    if errors <= MAX_REPORTED_ERRORS {
                        eprintln!("{}", describe(&name, &e));
                    }
                    if errors == MAX_REPORTED_ERRORS {
                        eprintln!("doku: {name}: too many unreadable puzzles; stopping");
                        let _ = out.flush();
                        return status;
                    }
                    if writeln!(out, "invalid").is_err() {
                        return status; // stdout closed (e.g. `| head`)
                    }
                    continue;
                }
            };
            let grade = grade(&puzzle.board);
            let clues = puzzle.board.filled_count();
            let line = match grade.solutions {
                Solutions::Unique => {
                    format!("{}\t{}\t{clues} clues", grade.difficulty, grade.hardest)
                }
                Solutions::None | Solutions::Several => {
                    if status == EXIT_OK {
                        status = EXIT_UNSOLVABLE;
                    }
                    eprintln!(
                        "doku: {name}: the puzzle on line {} has {}, so it has no grade",
                        puzzle.line, grade.hardest
                    );
                    let what = if grade.solutions == Solutions::None {
                        "no solution"
                    } else {
                        "not unique"
                    };
                    format!("{what}\t{}\t{clues} clues", grade.hardest)
                }
            };
            if writeln!(out, "{line}").is_err() {
                return status;
            }
            if args.steps
                && grade.solutions == Solutions::Unique
                && write_steps(&mut out, &puzzle.board).is_err()
            {
                return status;
            }
        }
    }
    if out.flush().is_err() {
        return status;
    }
    status
}

/// The logical solution path, one indented line per step, and where logic
/// stops if it does.
fn write_steps(out: &mut impl Write, board: &Board) -> io::Result<()> {
    let solution = solve_logically(board);
    for step in &solution.steps {
        writeln!(out, "  {}: {}", step.technique, step.explanation)?;
    }
    if !solution.solved {
        let left = solution.board.values().iter().filter(|&&v| v == 0).count();
        writeln!(
            out,
            "  trial and error: no technique applies with {left} cells left"
        )?;
    }
    Ok(())
}
