//! `doku solve`: one solution (or a solution count) per puzzle, in input order.

use super::input::{run_batch, Verdict};
use super::SolveArgs;
use crate::engine::format::{classic_line, is_one_line, write, Format};
use crate::engine::{Board, Deadline, Solver, Step, Strategy, TimedOut};
use std::time::Duration;

pub fn run(args: &SolveArgs) -> i32 {
    let verb = if args.count {
        "counting the solutions of"
    } else {
        "solving"
    };
    // Block and CSV records span lines, so a blank line separates every
    // record from the one before, `no solution` and `invalid` included:
    // otherwise they would read as part of the previous solution.
    let blank_between = !is_one_line(args.format) && !args.count;
    run_batch(&args.input, verb, blank_between, |out, batch| {
        let board = &batch.puzzle.board;
        let deadline = args.timeout.map_or(Deadline::NEVER, Deadline::after);
        let gave_up = |limit: Duration| {
            batch.warn(format!(
                "doku: {}: gave up on the puzzle on line {} after {} (--timeout)",
                batch.source,
                batch.puzzle.line,
                seconds(limit)
            ));
        };
        if args.count {
            let counted = count_line(board, args.limit, args.strategy, deadline);
            let _done = batch.done();
            let Ok((count, line)) = counted else {
                writeln!(out, "timed out")?;
                gave_up(args.timeout.unwrap_or_default());
                return Ok(Verdict::TimedOut);
            };
            writeln!(out, "{line}")?;
            // No solution is exit status 1 here as for a solve (and grade).
            if count == 0 {
                batch.warn(format!(
                    "doku: {}: the puzzle on line {} has no solution",
                    batch.source, batch.puzzle.line
                ));
            }
            return Ok(Verdict::from(count > 0));
        }
        let solution = solve(board, args.strategy, deadline);
        let _done = batch.done();
        if blank_between && !batch.first {
            writeln!(out)?;
        }
        let Ok(solution) = solution else {
            writeln!(out, "timed out")?;
            gave_up(args.timeout.unwrap_or_default());
            return Ok(Verdict::TimedOut);
        };
        let Some(solution) = solution else {
            batch.warn(format!(
                "doku: {}: the puzzle on line {} has no solution",
                batch.source, batch.puzzle.line
            ));
            writeln!(out, "no solution")?;
            return Ok(Verdict::Unsolvable);
        };
        if args.format == Format::Line {
            if let Some(line) = classic_line(&solution) {
                out.write_all(&line)?;
                return Ok(Verdict::Answered);
            }
        }
        let text = write(&solution, args.format);
        out.write_all(text.trim_end_matches('\n').as_bytes())?;
        out.write_all(b"\n")?;
        Ok(Verdict::Answered)
    })
}

/// `2s`, `0.5s`: a time limit as the user gave it.
fn seconds(limit: Duration) -> String {
    format!("{}s", limit.as_secs_f64())
}

/// Iterator steps between two looks at the clock for the strategies the
/// engine's fast solvers do not cover.
const CLOCK_EVERY_STEPS: usize = 4096;

/// The steps of `solver` until `deadline`: `Err` once it has passed.
fn steps_before(
    solver: Solver,
    deadline: Deadline,
) -> impl Iterator<Item = Result<Step, TimedOut>> {
    solver.enumerate().map(move |(n, step)| {
        if n.is_multiple_of(CLOCK_EVERY_STEPS) && deadline.passed() {
            Err(TimedOut)
        } else {
            Ok(step)
        }
    })
}

fn solve(board: &Board, strategy: Strategy, deadline: Deadline) -> Result<Option<Board>, TimedOut> {
    match strategy {
        Strategy::Mrv => board.solution_before(deadline),
        _ => {
            for step in steps_before(Solver::new(board, strategy), deadline) {
                if let Step::Solution(b) = step? {
                    return Ok(Some(b));
                }
            }
            Ok(None)
        }
    }
}

/// The number of solutions (up to `limit`) and the line that says it.
fn count_line(
    board: &Board,
    limit: usize,
    strategy: Strategy,
    deadline: Deadline,
) -> Result<(usize, String), TimedOut> {
    let count = match strategy {
        Strategy::Mrv => board.count_solutions_before(limit, deadline)?,
        _ => {
            let mut count = 0;
            for step in steps_before(Solver::new(board, strategy), deadline) {
                if let Step::Solution(_) = step? {
                    count += 1;
                    if count >= limit {
                        break;
                    }
                }
            }
            count
        }
    };
    let line = if count >= limit {
        format!("{count}+ (counting stopped at the limit of {limit})")
    } else {
        count.to_string()
    };
    Ok((count, line))
}
