//! `doku generate`: fresh puzzles with exactly one solution.

use super::output::say;
use super::progress::{ProgressLine, QUIET_PERIOD};
use super::{GenerateArgs, EXIT_BAD_INPUT, EXIT_OK};
use crate::engine::format::{is_one_line, write, ShapeHint};
use crate::engine::generator::{generate_variant, rules_for_deal, with_killer_givens};
use crate::engine::grader::Difficulty;
use crate::engine::shape::{Shape, SUDOKU_SHAPES};
use crate::engine::Variant;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

/// The random source of a command: portable and reproducible with `--seed`
/// (ChaCha8 gives the same stream on every machine), else seeded by the OS so
/// two runs differ.
pub(super) fn seeded_rng(seed: Option<u64>) -> ChaCha8Rng {
    match seed {
        Some(seed) => ChaCha8Rng::seed_from_u64(seed),
        None => ChaCha8Rng::from_os_rng(),
    }
}

pub fn run(args: &GenerateArgs) -> i32 {
    let shape = match shape_of(args.size, args.boxes) {
        Ok(shape) => shape,
        Err(e) => {
            say!("doku: generate: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let variant = args.variant.unwrap_or_default();
    if let Some(why) = variant.undealable_on(shape.size(), shape.is_latin()) {
        say!("doku: generate: --variant {variant}: {why}");
        return EXIT_BAD_INPUT;
    }
    if variant.has_windows() && shape.box_dims().is_some_and(|(r, c)| r != c) {
        say!("doku: generate: --variant {variant}: windoku needs square boxes, not {shape}");
        return EXIT_BAD_INPUT;
    }
    if args.givens.is_some()
        && !(variant.is_killer() && args.difficulty().level() == Some(Difficulty::Easy))
    {
        say!(
            "doku: generate: --givens is for easy killers (--variant killer --difficulty easy): \
             a killer has no givens by default, and a given makes a harder one easier"
        );
        return EXIT_BAD_INPUT;
    }
    let mut rng = seeded_rng(args.seed);
    let done = AtomicUsize::new(0);
    let start = Instant::now();
    let difficulty = args
        .difficulty()
        .level()
        .map_or("any".to_string(), |d| d.to_string());
    let difficulty = match variant {
        Variant::Classic => difficulty,
        v => format!("{difficulty} {v}"),
    };
    // `generating ... k/n` once the run has taken longer than the quiet period.
    let progress = || {
        (start.elapsed() >= QUIET_PERIOD).then(|| {
            format!(
                "doku: generating {n}x{n} {difficulty} puzzles: {}/{} done, {}s",
                done.load(Ordering::Relaxed),
                args.count,
                start.elapsed().as_secs(),
                n = args.size,
            )
        })
    };
    ProgressLine::run(io::stderr().is_terminal(), progress, |status| {
        deal_all(args, shape, &mut rng, status, &done)
    })
}

/// The boards `--size` and `--boxes` ask for.
fn shape_of(size: usize, boxes: Option<ShapeHint>) -> Result<Shape, String> {
    match boxes.unwrap_or_default() {
        ShapeHint::Infer => Shape::sudoku(size).map_err(|_| {
            let sizes: Vec<String> = SUDOKU_SHAPES.iter().map(|s| s.0.to_string()).collect();
            format!(
                "no sudoku of size {size}: choose --size from {}, or --boxes latin for a Latin square",
                sizes.join(", ")
            )
        }),
        // A 1x1 has nothing to deal, and past 25 the grader's search would
        // take minutes a puzzle.
        ShapeHint::Latin if (2..=MAX_DEALT_LATIN).contains(&size) => {
            Shape::latin(size).map_err(|e| e.to_string())
        }
        ShapeHint::Latin => Err(format!(
            "no Latin square of size {size} to deal: choose --size from 2 to {MAX_DEALT_LATIN}"
        )),
        ShapeHint::Boxes(rows, cols) if rows as usize * cols as usize == size => {
            Shape::with_boxes(rows as usize, cols as usize).map_err(|e| e.to_string())
        }
        ShapeHint::Boxes(rows, cols) => Err(format!(
            "--boxes {rows}x{cols} makes {n}x{n} boards, not --size {size}: give --size {n}",
            n = rows as usize * cols as usize
        )),
    }
}

/// The largest Latin square `generate --boxes latin` deals.
const MAX_DEALT_LATIN: usize = 25;

/// Deals dealt ahead per job: the jobs stay busy, memory stays flat.
const DEALS_PER_JOB: usize = 4;

/// Generates and prints every puzzle; returns the exit status.
///
/// Each deal has its own random stream, seeded from `rng` in order, so the
/// output does not depend on how many jobs deal them: the deals of a chunk
/// run on every job and are printed in order.
fn deal_all(
    args: &GenerateArgs,
    shape: Shape,
    rng: &mut ChaCha8Rng,
    status: &ProgressLine,
    done: &AtomicUsize,
) -> i32 {
    let jobs = super::input::jobs_or_cores(args.jobs);
    let mut out = io::stdout().lock();
    let mut index = 0;
    while index < args.count {
        let chunk = (args.count - index).min(jobs * DEALS_PER_JOB);
        let seeds: Vec<u64> = (0..chunk).map(|_| rng.random()).collect();
        let deal = |seed: u64| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // A jigsaw draws its own layout from the deal's stream, so the
            // same seed gives the same regions and givens.
            let rules = rules_for_deal(shape, args.variant.unwrap_or_default(), &mut rng)
                .map_err(|e| e.to_string())?;
            let variant = args.variant.unwrap_or_default();
            let never = std::sync::atomic::AtomicBool::new(false);
            let dealt = generate_variant(
                rules,
                variant,
                args.difficulty().level(),
                args.symmetry,
                &mut rng,
                &never,
            )
            .map_err(|e| e.to_string())?;
            Ok::<_, String>(match args.givens {
                Some(count) => with_killer_givens(dealt, count, &mut rng),
                None => dealt,
            })
        };
        let dealt: Vec<_> = if jobs == 1 {
            seeds.iter().map(|&seed| deal(seed)).collect()
        } else {
            let next = AtomicUsize::new(0);
            let mut results: Vec<_> = std::thread::scope(|scope| {
                let workers: Vec<_> = (0..jobs)
                    .map(|_| {
                        scope.spawn(|| {
                            let mut mine = Vec::new();
                            loop {
                                let i = next.fetch_add(1, Ordering::Relaxed);
                                let Some(&seed) = seeds.get(i) else {
                                    return mine;
                                };
                                mine.push((i, deal(seed)));
                            }
                        })
                    })
                    .collect();
                workers
                    .into_iter()
                    .flat_map(|w| w.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
                    .collect()
            });
            results.sort_unstable_by_key(|&(i, _)| i);
            results.into_iter().map(|(_, dealt)| dealt).collect()
        };
        // The whole chunk is dealt before any of it is printed, so it goes
        // out in one write: stdout is line-buffered, and a write per puzzle
        // was 200 system calls in `generate --count 200`.
        let mut text = String::new();
        for dealt in dealt {
            let dealt = match dealt {
                Ok(dealt) => dealt,
                Err(e) => {
                    // The puzzles dealt before it are printed first, in order.
                    let _quiet = status.quiet();
                    let _ = print(&mut out, &text);
                    say!("doku: generate: {e}");
                    return EXIT_BAD_INPUT;
                }
            };
            if !is_one_line(args.format) && index > 0 {
                text.push('\n');
            }
            let puzzle = write(&dealt.puzzle, args.format);
            text.push_str(&puzzle);
            if !puzzle.ends_with('\n') {
                text.push('\n');
            }
            index += 1;
        }
        let _quiet = status.quiet();
        if print(&mut out, &text).is_err() {
            return EXIT_OK; // stdout closed (e.g. `| head`): nobody is reading
        }
        done.store(index, Ordering::Relaxed);
    }
    EXIT_OK
}

/// Writes `text` to stdout now, not when the buffer fills.
fn print(out: &mut impl Write, text: &str) -> io::Result<()> {
    out.write_all(text.as_bytes()).and_then(|()| out.flush())
}
