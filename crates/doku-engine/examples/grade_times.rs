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
        let cpu_ms = thread_cpu_ms() - cpu;
        let wall_ms = wall.elapsed().as_secs_f64() * 1e3;
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

/// This thread's CPU time in ms.
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu_ms() -> f64 {
    #[repr(C)]
    struct Timespec {
        secs: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut time = Timespec { secs: 0, nanos: 0 };
    // SAFETY: clock_gettime writes one timespec into the place given.
    unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
    time.secs as f64 * 1e3 + time.nanos as f64 / 1e6
}

/// Wall time since the first call, where the thread's CPU clock is not at hand.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu_ms() -> f64 {
    use std::sync::LazyLock;
    static START: LazyLock<Instant> = LazyLock::new(Instant::now);
    START.elapsed().as_secs_f64() * 1e3
}
