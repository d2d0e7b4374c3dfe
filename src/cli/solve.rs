//! `doku solve`: one solution (or a solution count) per puzzle, in input order.

use super::input::run_batch;
use super::output::say;
use super::SolveArgs;
use crate::engine::format::{write, Format};
use crate::engine::{Board, Solver, Step, Strategy};

pub fn run(args: &SolveArgs) -> i32 {
    let verb = if args.count {
        "counting the solutions of"
    } else {
        "solving"
    };
    // Block and CSV records span lines, so a blank line separates every
    // record from the one before, `no solution` and `invalid` included:
    // otherwise they would read as part of the previous solution.
    let blank_between = args.format != Format::Line && !args.count;
    run_batch(&args.input, verb, blank_between, |out, batch| {
        let board = &batch.puzzle.board;
        if args.count {
            let (count, line) = count_line(board, args.limit, args.strategy);
            let _done = batch.done();
            writeln!(out, "{line}")?;
            // No solution is exit status 1 here as for a solve (and grade).
            if count == 0 {
                say!(
                    "doku: {}: the puzzle on line {} has no solution",
                    batch.source,
                    batch.puzzle.line
                );
            }
            return Ok(count > 0);
        }
        let solution = solve(board, args.strategy);
        let _done = batch.done();
        if blank_between && !batch.first {
            writeln!(out)?;
        }
        let Some(solution) = solution else {
            say!(
                "doku: {}: the puzzle on line {} has no solution",
                batch.source,
                batch.puzzle.line
            );
            writeln!(out, "no solution")?;
            return Ok(false);
        };
        let text = write(&solution, args.format);
        out.write_all(text.trim_end_matches('\n').as_bytes())?;
        out.write_all(b"\n")?;
        Ok(true)
    })
}

fn solve(board: &Board, strategy: Strategy) -> Option<Board> {
    match strategy {
        Strategy::Mrv => board.solution(),
        _ => Solver::new(board, strategy).find_map(|step| match step {
            Step::Solution(b) => Some(b),
            _ => None,
        }),
    }
}

/// The number of solutions (up to `limit`) and the line that says it.
fn count_line(board: &Board, limit: usize, strategy: Strategy) -> (usize, String) {
    let count = match strategy {
        Strategy::Mrv => board.count_solutions_up_to(limit),
        _ => Solver::new(board, strategy)
            .filter(|s| matches!(s, Step::Solution(_)))
            .take(limit)
            .count(),
    };
    let line = if count >= limit {
        format!("{count}+ (counting stopped at the limit of {limit})")
    } else {
        count.to_string()
    };
    (count, line)
}
