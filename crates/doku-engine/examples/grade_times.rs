//! Times `grade` on a file of puzzles, one puzzle at a time in this
//! process (issue 14: grading a 16x16 or 25x25 answers in under 100 ms).
//!
//! `cargo run --release -p doku-engine --example grade_times -- FILE`
//! prints one line per puzzle: the thread's CPU time of the grade (other
//! processes on a busy machine do not inflate it), its wall time, and the
//! grade with its count of solutions; then the median and the worst.

use doku_engine::grader::grade;
use doku_engine::ShapeHint;
use std::time::Instant;

#[path = "support/cpu_clock.rs"]
mod cpu_clock;
use cpu_clock::thread_cpu_ms;

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: grade_times FILE");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let mut cpu_times = Vec::new();
    for (n, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
        let Ok(board) = doku_engine::format::parse_puzzle(line, ShapeHint::default()) else {
            println!("{}\tunreadable", n + 1);
            continue;
        };
        let (wall, cpu) = (Instant::now(), thread_cpu_ms());
        let grade = grade(&board);
        let wall_ms = wall.elapsed().as_secs_f64() * 1e3;
        // Off Linux there is no thread clock: the wall time stands in.
        let cpu_ms = cpu.map_or(wall_ms, |start| thread_cpu_ms().unwrap_or(0.0) - start);
        cpu_times.push(cpu_ms);
        println!(
            "{}\tcpu {cpu_ms:6.1} ms\twall {wall_ms:6.1} ms\t{}\t{}\t{:?}",
            n + 1,
            grade.difficulty,
            grade.hardest,
            grade.solutions
        );
    }
    cpu_times.sort_by(f64::total_cmp);
    if let (Some(median), Some(worst)) = (cpu_times.get(cpu_times.len() / 2), cpu_times.last()) {
        println!(
            "{} puzzles: median {median:.1} ms, worst {worst:.1} ms (CPU)",
            cpu_times.len()
        );
    }
}
