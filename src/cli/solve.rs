//! `doku solve`: one solution (or a solution count) per puzzle, in input order.

use super::input::{describe, MAX_REPORTED_ERRORS};
use super::{SolveArgs, EXIT_BAD_INPUT, EXIT_OK, EXIT_UNSOLVABLE};
use crate::engine::format::{write, Format};
use crate::engine::{Board, Solver, Step, Strategy};
use std::io::{self, BufWriter, Write};

pub fn run(args: &SolveArgs) -> i32 {
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
    let mut first = true;
    for source in sources {
        let (name, puzzles) = source.puzzles(args.input.hint());
        let mut any = false;
        for puzzle in puzzles {
            any = true;
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
            let line = if args.count {
                count_line(&puzzle.board, args.limit, args.strategy)
            } else {
                match solve(&puzzle.board, args.strategy) {
                    Some(solution) => {
                        let mut text = write(&solution, args.format);
                        if args.format != Format::Line && !first {
                            text.insert(0, '\n');
                        }
                        text.truncate(text.trim_end_matches('\n').len());
                        text
                    }
                    None => {
                        if status == EXIT_OK {
                            status = EXIT_UNSOLVABLE;
                        }
                        eprintln!(
                            "doku: {name}: the puzzle on line {} has no solution",
                            puzzle.line
                        );
                        "no solution".into()
                    }
                }
            };
            first = false;
            if writeln!(out, "{line}").is_err() {
                return status;
            }
        }
        if !any {
            // No puzzle is not a failure (empty in, empty out, for pipes),
            // but say so: an empty file is usually a mistake.
            eprintln!("doku: {name}: no puzzle in it (it is empty, or holds only blank and comment lines)");
        }
    }
    if out.flush().is_err() {
        return status;
    }
    status
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

fn count_line(board: &Board, limit: usize, strategy: Strategy) -> String {
    let count = match strategy {
        Strategy::Mrv => board.count_solutions_up_to(limit),
        _ => Solver::new(board, strategy)
            .filter(|s| matches!(s, Step::Solution(_)))
            .take(limit)
            .count(),
    };
    if count >= limit {
        format!("{count}+ (counting stopped at the limit of {limit})")
    } else {
        count.to_string()
    }
}
