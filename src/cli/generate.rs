//! `doku generate`: fresh puzzles with exactly one solution.

use super::{GenerateArgs, EXIT_BAD_INPUT, EXIT_OK};
use crate::engine::format::{write, Format};
use crate::engine::generator::generate;
use crate::engine::shape::{Shape, SUDOKU_SHAPES};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The random source of a command: portable and reproducible with `--seed`
/// (ChaCha8 gives the same stream on every machine), else seeded by the OS so
/// two runs differ.
pub(super) fn seeded_rng(seed: Option<u64>) -> ChaCha8Rng {
    match seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => ChaCha8Rng::from_os_rng(),
    }
}

/// Runs longer than this show a progress line (on a terminal).
const QUIET_PERIOD: Duration = Duration::from_secs(1);

pub fn run(args: &GenerateArgs) -> i32 {
    let Ok(shape) = Shape::sudoku(args.size) else {
        let sizes: Vec<String> = SUDOKU_SHAPES.iter().map(|s| s.0.to_string()).collect();
        eprintln!(
            "doku: generate: no sudoku of size {}: choose --size from {}",
            args.size,
            sizes.join(", ")
        );
        return EXIT_BAD_INPUT;
    };
    let mut rng = seeded_rng(args.seed);
    let progress = Progress {
        done: AtomicUsize::new(0),
        finished: AtomicBool::new(false),
        visible: Mutex::new(false),
    };
    std::thread::scope(|scope| {
        if io::stderr().is_terminal() {
            scope.spawn(|| show_progress(args, &progress));
        }
        let status = deal_all(args, shape, &mut rng, &progress);
        progress.finished.store(true, Ordering::Relaxed);
        status
    })
}

/// What the progress line needs to know, shared with the dealing loop.
struct Progress {
    /// Puzzles printed so far.
    done: AtomicUsize,
    finished: AtomicBool,
    /// Whether the progress line is on the screen; held while either side
    /// writes, so a puzzle never lands on the end of the progress text.
    visible: Mutex<bool>,
}

impl Progress {
    /// Erases the progress line if it is showing (the lock is held).
    fn erase(visible: &mut bool) {
        if *visible {
            eprint!("\r\x1b[2K");
            *visible = false;
        }
    }
}

/// Generates and prints every puzzle; returns the exit status.
fn deal_all(args: &GenerateArgs, shape: Shape, rng: &mut ChaCha8Rng, progress: &Progress) -> i32 {
    let mut out = io::stdout().lock();
    for index in 0..args.count {
        let dealt = match generate(shape, args.difficulty().level(), args.symmetry, rng) {
            Ok(dealt) => dealt,
            Err(e) => {
                let mut visible = progress.visible.lock().unwrap_or_else(|p| p.into_inner());
                Progress::erase(&mut visible);
                eprintln!("doku: generate: {e}");
                return EXIT_BAD_INPUT;
            }
        };
        let mut text = write(&dealt.puzzle, args.format);
        if args.format != Format::Line && index > 0 {
            text.insert(0, '\n');
        }
        if !text.ends_with('\n') {
            text.push('\n');
        }
        let mut visible = progress.visible.lock().unwrap_or_else(|p| p.into_inner());
        Progress::erase(&mut visible);
        if out
            .write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .is_err()
        {
            return EXIT_OK; // stdout closed (e.g. `| head`): nobody is reading
        }
        progress.done.fetch_add(1, Ordering::Relaxed);
    }
    EXIT_OK
}

/// Shows `generating ... k/n` on stderr, rewritten in place, once the run
/// has taken longer than [`QUIET_PERIOD`]; erases it at the end.
fn show_progress(args: &GenerateArgs, progress: &Progress) {
    let start = Instant::now();
    let difficulty = args
        .difficulty()
        .level()
        .map_or("any".to_string(), |d| d.to_string());
    let mut last = String::new();
    while !progress.finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        if start.elapsed() < QUIET_PERIOD {
            continue;
        }
        let mut visible = progress.visible.lock().unwrap_or_else(|p| p.into_inner());
        if progress.finished.load(Ordering::Relaxed) {
            break;
        }
        let line = format!(
            "doku: generating {n}x{n} {difficulty} puzzles: {}/{} done, {}s",
            progress.done.load(Ordering::Relaxed),
            args.count,
            start.elapsed().as_secs(),
            n = args.size,
        );
        if !*visible || line != last {
            eprint!("\r\x1b[2K{line}");
            *visible = true;
            last = line;
        }
    }
    let mut visible = progress.visible.lock().unwrap_or_else(|p| p.into_inner());
    Progress::erase(&mut visible);
}
