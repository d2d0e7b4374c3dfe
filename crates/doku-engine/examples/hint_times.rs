//! Times the hint engine on a file of puzzles (issue 14: a hint answers in
//! under 100 ms at every size). Each puzzle is played by hints alone, from
//! the givens to the end, and every hint is timed.
//!
//! `cargo run --release -p doku-engine --example hint_times -- FILE [--limit=SECONDS] [--techniques]`
//! (or `--grade`, `--counting-hint`, `--sparse=SIZE[latin]`; see each mode)
//! prints one line per puzzle: the number of hints, their total and worst
//! time (wall, and the CPU time of the thread, which other processes on a
//! busy machine do not inflate), and how the walk ended; `--techniques`
//! adds each technique's CPU time at each position where they add up to
//! over 20 ms. `--profile-at=K` plays each puzzle silently up to its hint
//! number K (from 1, as the worst hint's number is printed) and asks that
//! hint once through `profiled_hint`, for a profiler to single out
//! (`valgrind --tool=callgrind --collect-atstart=no
//! --toggle-collect='*profiled_hint*'`).

use doku_engine::grader::{find_technique, next_hint_with_solution, Advice, Technique};
use doku_engine::{Board, Candidates, ShapeHint};
use std::time::Instant;

#[path = "support/cpu_clock.rs"]
mod cpu_clock;
use cpu_clock::thread_cpu_ms;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(spec) = args.iter().find_map(|a| a.strip_prefix("--sparse=")) {
        sparse_times(spec, args.iter().any(|a| a == "--techniques"));
        return;
    }
    let Some(path) = args.iter().find(|a| !a.starts_with("--")) else {
        eprintln!("usage: hint_times FILE [--techniques]");
        std::process::exit(2);
    };
    let per_technique = args.iter().any(|a| a == "--techniques");
    // Seconds of hints per puzzle before the walk stops (the old engine
    // takes minutes on some 25x25 positions).
    let limit_s: f64 = args
        .iter()
        .find_map(|a| a.strip_prefix("--limit="))
        .and_then(|s| s.parse().ok())
        .unwrap_or(60.0);
    let profile_at: Option<usize> = args
        .iter()
        .find_map(|a| a.strip_prefix("--profile-at="))
        .and_then(|s| s.parse().ok());
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    if args.iter().any(|a| a == "--counting-hint") {
        counting_hint_times(&text);
        return;
    }
    if args.iter().any(|a| a == "--grade") {
        grade_times(&text, limit_s);
        return;
    }
    let mut worst = 0.0f64;
    let mut worst_cpu = 0.0f64;
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let Ok(givens) = doku_engine::format::parse_puzzle(line, ShapeHint::default()) else {
            println!("{}\tunreadable", n + 1);
            continue;
        };
        let Some(solution) = givens.solution() else {
            println!("{}\tno solution", n + 1);
            continue;
        };
        let walk = walk_hints(&givens, &solution, limit_s, per_technique, profile_at);
        worst = worst.max(walk.worst_ms);
        worst_cpu = worst_cpu.max(walk.worst_cpu_ms);
        println!(
            "{}\t{} hints\t{:.1} ms total\tworst {:.1} ms\tworst CPU {:.1} ms (hint {}: {}, {} empty)\tends {}",
            n + 1,
            walk.hints,
            walk.total_ms,
            walk.worst_ms,
            walk.worst_cpu_ms,
            walk.worst_at,
            walk.worst_kind,
            walk.worst_empty,
            walk.end
        );
    }
    println!("worst hint: {worst:.1} ms (CPU time of one thread: {worst_cpu:.1} ms)");
}

fn kind(advice: &Advice) -> String {
    match advice {
        Advice::Step(step) => format!("step {}", step.technique.name()),
        other => format!("{other:?}").chars().take(40).collect(),
    }
}

/// `--counting-hint`: the hint of a game that does not hold the solution
/// (`next_hint`, which counts solutions first), at the givens.
fn counting_hint_times(text: &str) {
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let Ok(givens) = doku_engine::format::parse_puzzle(line, ShapeHint::default()) else {
            continue;
        };
        let clock = Instant::now();
        let advice = doku_engine::grader::next_hint(&givens, &givens, None);
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        println!("{}\t{ms:.1} ms\t{}", n + 1, kind(&advice));
    }
}

/// How long the grader's logic alone takes, and the count of solutions
/// (`--grade`): where a grade's time goes.
fn grade_times(text: &str, limit_s: f64) {
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let Ok(givens) = doku_engine::format::parse_puzzle(line, ShapeHint::default()) else {
            continue;
        };
        let clock = Instant::now();
        let logic = doku_engine::grader::grade_if_logic_proves_unique(&givens);
        let logic_ms = clock.elapsed().as_secs_f64() * 1e3;
        let clock = Instant::now();
        let deadline = doku_engine::Deadline::after(std::time::Duration::from_secs_f64(limit_s));
        let count = givens.count_solutions_before(2, deadline);
        let count_ms = clock.elapsed().as_secs_f64() * 1e3;
        println!(
            "{}\tlogic {logic_ms:.1} ms ({})\tcount {count_ms:.1} ms ({count:?})",
            n + 1,
            logic.map_or("stalls".into(), |g| g.hardest)
        );
    }
}

/// `--sparse=SIZE[latin]`: the hint on a solved board of that size with
/// a share of its cells kept (every k-th cell), from nearly empty to half
/// full: the positions with the most candidates, where searches cost most.
fn sparse_times(spec: &str, per_technique: bool) {
    let latin = spec.ends_with("latin");
    let size: usize = spec.trim_end_matches("latin").parse().unwrap_or(25);
    let shape = if latin {
        doku_engine::Shape::latin(size)
    } else {
        doku_engine::Shape::sudoku(size)
    };
    let Ok(shape) = shape else {
        eprintln!("no such shape: {spec}");
        return;
    };
    let Some(solution) = Board::empty(shape).solution() else {
        return;
    };
    for every in [1000, 20, 10, 5, 3, 2] {
        let mut position = Board::empty(shape);
        for cell in shape.cells().step_by(every) {
            position.set(cell, solution.get(cell));
        }
        let times = if per_technique {
            technique_times(&position, &vec![Candidates::default(); shape.cell_count()])
        } else {
            Vec::new()
        };
        let clock = Instant::now();
        let advice = next_hint_with_solution(&solution, &position, None);
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        let live: usize = shape
            .cells()
            .map(|c| {
                if position.is_empty_cell(c) {
                    position.candidates(c).len()
                } else {
                    0
                }
            })
            .sum();
        println!(
            "{spec}: one cell in {every} given ({live} candidates): {ms:.1} ms {}",
            kind(&advice)
        );
        for (technique, ms, found) in times.iter().filter(|t| t.1 >= 0.5 || t.2) {
            println!("    {:<28} {ms:>9.1} ms {found}", technique.name());
        }
    }
}

struct Walk {
    hints: usize,
    worst_cpu_ms: f64,
    total_ms: f64,
    worst_ms: f64,
    worst_kind: String,
    worst_empty: usize,
    /// The worst hint's number in the walk, from 1.
    worst_at: usize,
    end: String,
}

/// The hint `--profile-at` singles out, apart so a profiler can find it.
#[inline(never)]
fn profiled_hint(solution: &Board, board: &Board, notes: &[Candidates]) -> Advice {
    next_hint_with_solution(solution, board, Some(notes))
}

/// Plays the puzzle by hints alone, the way a player who follows every
/// hint does: each step's placements are entered and its eliminations
/// crossed out of the notes, and the next hint is asked from there. A
/// guess hint is answered with the solution's digit.
fn walk_hints(
    givens: &Board,
    solution: &Board,
    limit_s: f64,
    per_technique: bool,
    profile_at: Option<usize>,
) -> Walk {
    let shape = givens.shape();
    let mut board = givens.clone();
    let mut crossed = vec![Candidates::default(); shape.cell_count()];
    let mut walk = Walk {
        hints: 0,
        worst_cpu_ms: 0.0,
        total_ms: 0.0,
        worst_ms: 0.0,
        worst_kind: String::new(),
        worst_empty: 0,
        worst_at: 0,
        end: String::new(),
    };
    loop {
        let notes: Vec<Candidates> = shape
            .cells()
            .map(|c| {
                let mut note = board.candidates(c);
                for d in crossed[c.index()].iter() {
                    note.remove(d);
                }
                note
            })
            .collect();
        let empty = board.values().iter().filter(|&&v| v == 0).count();
        // Before the hint, so the first chain technique pays for the scan
        // the chains share (the hint would leave it cached).
        let times = if per_technique {
            technique_times(&board, &notes)
        } else {
            Vec::new()
        };
        if profile_at == Some(walk.hints + 1) {
            let advice = profiled_hint(solution, &board, &notes);
            walk.end = format!("profiled hint {}: {}", walk.hints + 1, kind(&advice));
            return walk;
        }
        let clock = Instant::now();
        let cpu_clock = thread_cpu_ms();
        let advice = next_hint_with_solution(solution, &board, Some(&notes));
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        // The first call's CPU time: the searches' memos make the repeats
        // below cheaper, so only the first is a player's first press.
        let cpu_ms = cpu_clock.map_or(ms, |start| thread_cpu_ms().unwrap_or(0.0) - start);
        for _ in 0..if profile_at.is_some() { 0 } else { 2 } {
            let again = next_hint_with_solution(solution, &board, Some(&notes));
            assert_eq!(again, advice, "the same position gave another hint");
        }
        walk.hints += 1;
        walk.total_ms += ms;
        walk.worst_ms = walk.worst_ms.max(ms);
        if cpu_ms > walk.worst_cpu_ms {
            walk.worst_cpu_ms = cpu_ms;
            walk.worst_kind = kind(&advice);
            walk.worst_empty = empty;
            walk.worst_at = walk.hints;
        }
        if times.iter().map(|t| t.1).sum::<f64>() > 20.0 {
            println!("  {empty} empty, {ms:.1} ms, {}:", kind(&advice));
            for (technique, ms, found) in times.iter().filter(|t| t.1 >= 0.5 || t.2) {
                println!("    {:<28} {ms:>9.1} ms {found}", technique.name());
            }
        }
        match advice {
            Advice::Step(step) => {
                for (cell, digit) in step.placements {
                    board.set(cell, Some(digit));
                }
                for (cell, digit) in step.eliminations {
                    crossed[cell.index()].insert(digit);
                }
            }
            Advice::Guess { cell, .. } | Advice::OutOfReach { cell, .. } => {
                board.set(cell, solution.get(cell))
            }
            other => {
                walk.end = kind(&other);
                return walk;
            }
        }
        if walk.total_ms > limit_s * 1e3 {
            walk.end = format!("stopped after {limit_s} s of hints");
            return walk;
        }
    }
}

/// Each technique's time at a position, easiest first, up to the first that applies.
fn technique_times(board: &Board, notes: &[Candidates]) -> Vec<(Technique, f64, bool)> {
    let mut order = Technique::ALL.to_vec();
    order.sort_by_key(|t| t.se_rating());
    let mut times = Vec::new();
    for technique in order {
        let clock = Instant::now();
        let cpu_clock = thread_cpu_ms();
        let found = find_technique(board, Some(notes), technique).is_some();
        let wall_ms = clock.elapsed().as_secs_f64() * 1e3;
        let ms = cpu_clock.map_or(wall_ms, |start| thread_cpu_ms().unwrap_or(0.0) - start);
        times.push((technique, ms, found));
        if found {
            break;
        }
    }
    times
}
