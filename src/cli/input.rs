//! Where puzzles come from: arguments, a file, or standard input.

use super::output::say;
use super::progress::{ProgressLine, Stall, QUIET_PERIOD};
use super::{EXIT_BAD_INPUT, EXIT_OK, EXIT_TIMED_OUT, EXIT_UNSOLVABLE};
use crate::engine::format::ReadPuzzle;
use crate::engine::format::{ParseError, PuzzleReader, ShapeHint};
use crate::engine::{Named, Variant};
use clap::builder::{PossibleValue, TypedValueParser};
use clap::Args;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

#[derive(Debug, Args)]
pub struct InputArgs {
    /// Puzzles, one per argument (`-` reads standard input).
    ///
    /// One line of N*N symbols (`.` or `0` for empty, `|` between boxes
    /// allowed), or N rows of N, N up to 64 (`doku latin` prints squares up
    /// to 255, for other programs). Symbols are 1-9, then A, B, ... above 9: a
    /// 16x16 uses 1-9 and A-G. One written in hex (0-F, with `.` for empty)
    /// is refused rather than misread: write its 0s as G. A jigsaw: the
    /// line, a space, and its region map (N*N symbols, one per cell naming
    /// its region, e.g. 1-9). A killer: the line, a space, its cage map
    /// (N*N symbols, one per cell naming its cage, `.` for none), a space,
    /// and the sums (a=16,b=7,...: each cage's symbol, `=`, its sum).
    /// Also f-puzzles JSON, or an f-puzzles or SudokuPad link
    /// (https://f-puzzles.com/?load=N4Ig...), killer cages included, and
    /// HoDoKu's library line (:0000:x:GRID:DELETED::); of a game in
    /// progress in either, the givens are read.
    #[arg(value_name = "PUZZLE")]
    pub puzzles: Vec<String>,
    /// Read puzzles from a file (one per line, or block, .sdk or CSV form;
    /// a block's jigsaw map after `regions:`, a killer's cage map after
    /// `cages:` then `sums: a=16 b=7 ...`; f-puzzles JSON, one object per
    /// line or one object in the file; links; HoDoKu library lines).
    #[arg(long, short, value_name = "F")]
    pub file: Option<PathBuf>,
    /// Rules the puzzles are read with: the houses a line cannot show (X's
    /// diagonals, windoku's windows) are added to every puzzle. Parts
    /// combine with `,` (jigsaw,x, killer,x). A jigsaw's regions come from
    /// its map or its f-puzzles file, a killer's cages likewise; a map
    /// alone makes a puzzle a jigsaw, cages a killer.
    #[arg(long, value_name = "V", value_parser = VariantParser)]
    pub variant: Option<Variant>,
    /// Box shape as ROWSxCOLS (e.g. 2x3), or `latin` for no boxes; by default
    /// inferred from the size.
    #[arg(long, value_name = "RxC|latin", value_parser = parse_boxes)]
    pub boxes: Option<ShapeHint>,
    /// Puzzles worked on at once; output stays in input order [default:
    /// one per core].
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
}

/// `--jobs N`: a whole number from 1 up.
pub fn parse_jobs(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) | Err(_) => Err(format!(
            "'{text}' is not a number of jobs: give a whole number from 1 up"
        )),
        Ok(n) => Ok(n),
    }
}

/// How many jobs `--jobs` asked for, or one per core.
pub fn jobs_or_cores(jobs: Option<usize>) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
}

pub fn parse_boxes(text: &str) -> Result<ShapeHint, String> {
    if text.eq_ignore_ascii_case("latin") || text.eq_ignore_ascii_case("none") {
        return Ok(ShapeHint::Latin);
    }
    let bad =
        || format!("'{text}' is not a box shape: write ROWSxCOLS like 3x3 or 2x3, or 'latin'");
    let (r, c) = text.split_once(['x', 'X']).ok_or_else(bad)?;
    let r: u8 = r.trim().parse().map_err(|_| bad())?;
    let c: u8 = c.trim().parse().map_err(|_| bad())?;
    if r == 0 || c == 0 || r as usize * c as usize > crate::engine::shape::MAX_SIZE {
        return Err(bad());
    }
    Ok(ShapeHint::Boxes(r, c))
}

/// A source of puzzles, named for error messages.
pub struct Source {
    pub name: String,
    reader: Box<dyn BufRead>,
}

impl InputArgs {
    /// The sources in order: each argument, then the file; standard input
    /// for `-`, or when nothing is given and stdin is not a terminal.
    pub fn sources(&self) -> Result<Vec<Source>, String> {
        let mut sources = Vec::new();
        for (i, p) in self.puzzles.iter().enumerate() {
            if p == "-" {
                sources.push(stdin_source());
            } else if let Some(problem) = file_named_as_puzzle(p, self.hint(), true) {
                return Err(format!("argument {}: {problem}", i + 1));
            } else {
                sources.push(Source {
                    name: format!("argument {}", i + 1),
                    reader: Box::new(io::Cursor::new(p.clone().into_bytes())),
                });
            }
        }
        if let Some(path) = &self.file {
            // Opening a directory succeeds; reading it would fail after an
            // `invalid` line had been printed for it.
            if path.is_dir() {
                return Err(format!(
                    "{}: is a directory; give a file of puzzles",
                    path.display()
                ));
            }
            let file = File::open(path).map_err(|e| cannot_read(path, &e))?;
            sources.push(Source {
                name: path.display().to_string(),
                reader: without_byte_order_mark(Box::new(BufReader::with_capacity(1 << 16, file))),
            });
        }
        if sources.is_empty() {
            if io::stdin().is_terminal() {
                return Err("no puzzle given: pass one as an argument, --file F, or pipe them in (see --help)".into());
            }
            sources.push(stdin_source());
        }
        Ok(sources)
    }

    pub fn hint(&self) -> ShapeHint {
        self.boxes.unwrap_or_default()
    }

    /// How the puzzles are read: the box shape and the variant.
    pub fn read_as(&self) -> ReadAs {
        ReadAs {
            hint: self.hint(),
            variant: self.variant.unwrap_or_default(),
        }
    }
}

/// How to read puzzles: the box shape when the size does not say it, and
/// the houses `--variant` adds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ReadAs {
    pub hint: ShapeHint,
    pub variant: Variant,
}

impl ReadAs {
    /// A reader of `input` that reads this way.
    pub fn reader<R: BufRead>(self, input: R) -> PuzzleReader<R> {
        PuzzleReader::new(input, self.hint).with_variant(self.variant)
    }
}

/// `--variant V`: the names of [`Variant::ALL`] in the help and the
/// completions, and any spelling [`Variant::parse`] takes (`x,jigsaw`,
/// `diagonal`, `hyper`).
#[derive(Clone, Copy, Debug)]
pub struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Variant, clap::Error> {
        let text = value.to_string_lossy();
        Variant::parse(&text).map_err(|msg| {
            let flag = arg.map_or("--variant".to_string(), |a| a.to_string());
            clap::Error::raw(
                clap::error::ErrorKind::InvalidValue,
                format!("invalid value '{text}' for '{flag}': {msg}\n"),
            )
            .with_cmd(cmd)
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Variant::ALL
                .iter()
                .map(|v| PossibleValue::new(v.name()).help(v.about())),
        ))
    }
}

/// What to say of a puzzle argument that is a file's name (`doku solve
/// puzzles.txt`, a common slip for `--file`), instead of a complaint about
/// its characters as cells; `None` for anything else. `takes_file`: the
/// command has `--file` (`doku edit` has not).
pub fn file_named_as_puzzle(argument: &str, hint: ShapeHint, takes_file: bool) -> Option<String> {
    // A link has slashes but is a puzzle: the reader says what is wrong with it.
    let link = crate::engine::format::fpuzzles::looks_like_fpuzzles(argument);
    if !link && std::path::Path::new(argument).is_file() {
        return Some(if takes_file {
            format!("{argument} is a file, not a puzzle: read it with --file {argument}")
        } else {
            format!("{argument} is a file, not a puzzle: give the puzzle's line (doku play --file {argument} plays it)")
        });
    }
    // A name with a folder or an extension ("data/top95.txt") that does
    // not read as a puzzle either. Only one dot: a mistyped puzzle with
    // dots for empty cells can end in letters too ("....6.AB" on a
    // 16x16), and it must be said to be invalid, its batch going on.
    let extension = match argument.split('.').collect::<Vec<_>>()[..] {
        [_, extension] => extension,
        _ => "",
    };
    let like_a_path = argument.contains(['/', '\\'])
        || (1..=4).contains(&extension.len()) && extension.chars().all(|c| c.is_ascii_alphabetic());
    let not_a_puzzle = crate::engine::format::parse_puzzle(argument, hint).is_err();
    (like_a_path && !link && not_a_puzzle).then(|| {
        let from_a_file = if takes_file {
            "; puzzles from a file: --file FILE"
        } else {
            ""
        };
        format!("{argument} is not a puzzle, nor a file here{from_a_file}")
    })
}

/// A file that cannot be opened, said as a missing config file is.
pub fn cannot_read(path: &std::path::Path, error: &io::Error) -> String {
    format!(
        "{}: cannot read: {}",
        path.display(),
        crate::toml_file::error::io_reason(error)
    )
}

fn stdin_source() -> Source {
    Source {
        name: "standard input".into(),
        reader: without_byte_order_mark(Box::new(BufReader::with_capacity(1 << 16, io::stdin()))),
    }
}

/// The UTF-8 byte-order mark, U+FEFF.
pub const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// `reader` past a byte-order mark at its start: Windows editors (Notepad)
/// begin a UTF-8 file with one, and the parser would call it a bad cell.
fn without_byte_order_mark(mut reader: Box<dyn BufRead>) -> Box<dyn BufRead> {
    // A read error here comes back on the first real read, with its message.
    if reader
        .fill_buf()
        .is_ok_and(|start| start.starts_with(BYTE_ORDER_MARK))
    {
        reader.consume(BYTE_ORDER_MARK.len());
    }
    reader
}

impl Source {
    pub fn puzzles(self, read_as: ReadAs) -> (String, PuzzleReader<Box<dyn BufRead>>) {
        (self.name, read_as.reader(self.reader))
    }
}

/// What became of one readable puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Answered,
    /// It has no solution (exit status 1).
    Unsolvable,
    /// The search gave up at `--timeout` (exit status 3).
    TimedOut,
}

impl From<bool> for Verdict {
    /// `true`: answered; `false`: no solution.
    fn from(answered: bool) -> Verdict {
        if answered {
            Verdict::Answered
        } else {
            Verdict::Unsolvable
        }
    }
}

/// The exit status after `verdict`, given the status so far: unreadable
/// input (2) outranks a time-out (3), which outranks no solution (1).
fn worse_status(status: i32, verdict: Verdict) -> i32 {
    match verdict {
        _ if status == EXIT_BAD_INPUT => status,
        Verdict::TimedOut => EXIT_TIMED_OUT,
        Verdict::Unsolvable if status == EXIT_OK => EXIT_UNSOLVABLE,
        _ => status,
    }
}

/// One readable puzzle handed to a batch command, with where it came from.
pub struct Batch<'a> {
    /// The source, for messages ("puzzles.txt", "argument 2").
    pub source: &'a str,
    pub puzzle: &'a ReadPuzzle,
    /// Whether an earlier puzzle was already written (block and CSV output
    /// separate puzzles with a blank line).
    pub first: bool,
    status: &'a ProgressLine,
    busy: &'a AtomicUsize,
    /// What the puzzle has to say on stderr, written with its output so
    /// that messages keep the input's order however many jobs run.
    warnings: &'a std::cell::RefCell<Vec<String>>,
}

impl Batch<'_> {
    /// A message for stderr about this puzzle ("gave up on the puzzle on
    /// line 9 ..."), written when its output is.
    pub fn warn(&self, message: String) {
        self.warnings.borrow_mut().push(message);
    }

    /// Call when the work on the puzzle is done, before writing anything:
    /// erases the status line and keeps it off while the guard lives.
    pub fn done(&self) -> MutexGuard<'_, bool> {
        let quiet = self.status.quiet();
        self.busy.store(0, Ordering::Relaxed);
        quiet
    }
}

/// What the status line says while one puzzle runs long, e.g.
/// `doku: solving the puzzle on line 9 of hard.txt: 12s`.
fn stalled_line(verb: &str, source: &str, line: usize, stalled: Duration) -> Option<String> {
    (stalled >= QUIET_PERIOD).then(|| {
        format!(
            "doku: {verb} the puzzle on line {line} of {source}: {}s",
            stalled.as_secs()
        )
    })
}

/// The loop every batch command shares: each puzzle of every source in
/// order to `each`, which writes its lines and returns whether the puzzle was
/// handled (`false`: it has no solution, exit status 1). Unreadable puzzles
/// get an `invalid` line on stdout and their message on stderr (status 2),
/// up to [`MAX_REPORTED_ERRORS`]; a closed stdout (`| head`) ends quietly.
///
/// A puzzle that takes longer than [`QUIET_PERIOD`] gets a status line on
/// stderr (a terminal only) saying which one it is and for how long, with
/// `verb` for what is being done ("solving").
///
/// With `blank_between` (block and CSV output, whose records span lines),
/// an `invalid` line after an earlier record gets the blank line before it
/// that `each` writes before its own records.
pub fn run_batch<V: Into<Verdict> + Send>(
    input: &InputArgs,
    verb: &str,
    blank_between: bool,
    each: impl Fn(&mut dyn Write, Batch<'_>) -> io::Result<V> + Sync,
) -> i32 {
    let sources = match input.sources() {
        Ok(s) => s,
        Err(msg) => {
            say!("doku: {msg}");
            return EXIT_BAD_INPUT;
        }
    };
    let jobs = jobs_or_cores(input.jobs);
    // One slot per job: the puzzle it has in hand (a running number, 0 for
    // none) and its line; with the source, all the status line reads.
    let slots: Vec<Slot> = (0..jobs).map(|_| Slot::default()).collect();
    let source_name = Mutex::new(String::new());
    let mut stall = Stall::default();
    let status_text = || {
        // The oldest puzzle in hand is the one holding the output back.
        let (busy, line) = slots
            .iter()
            .map(|s| {
                (
                    s.busy.load(Ordering::Relaxed),
                    s.line.load(Ordering::Relaxed),
                )
            })
            .filter(|&(busy, _)| busy != 0)
            .min()
            .unwrap_or((0, 0));
        let stalled = stall.observe(busy, Instant::now());
        let source = source_name.lock().unwrap_or_else(|p| p.into_inner());
        stalled_line(verb, &source, line, stalled)
    };
    ProgressLine::run(io::stderr().is_terminal(), status_text, |status| {
        let progress = BatchProgress {
            status,
            slots: &slots,
            source_name: &source_name,
        };
        if jobs == 1 {
            batch_loop(
                sources,
                input.read_as(),
                blank_between,
                progress,
                &mut |o, b| each(o, b),
            )
        } else {
            parallel_batch_loop(sources, input.read_as(), blank_between, progress, &each)
        }
    })
}

/// What one job is busy with, for the status line.
#[derive(Default)]
struct Slot {
    busy: AtomicUsize,
    line: AtomicUsize,
}

/// What the batch loop tells the status line.
struct BatchProgress<'a> {
    status: &'a ProgressLine,
    slots: &'a [Slot],
    source_name: &'a Mutex<String>,
}

fn batch_loop<V: Into<Verdict>>(
    sources: Vec<Source>,
    read_as: ReadAs,
    blank_between: bool,
    progress: BatchProgress<'_>,
    each: &mut impl FnMut(&mut dyn Write, Batch<'_>) -> io::Result<V>,
) -> i32 {
    // On a terminal each result is flushed at once, so output never waits in
    // the buffer to be written over a status line drawn meanwhile.
    let interactive = io::stdout().is_terminal();
    let mut count = 0;
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut status = EXIT_OK;
    let mut errors = 0;
    let mut first = true;
    for source in sources {
        let (name, puzzles) = source.puzzles(read_as);
        progress
            .source_name
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone_from(&name);
        let mut any = false;
        for puzzle in puzzles {
            any = true;
            let handled = match puzzle {
                Ok(puzzle) => {
                    count += 1;
                    let slot = &progress.slots[0];
                    slot.line.store(puzzle.line, Ordering::Relaxed);
                    slot.busy.store(count, Ordering::Relaxed);
                    let warnings = std::cell::RefCell::new(Vec::new());
                    let batch = Batch {
                        source: &name,
                        puzzle: &puzzle,
                        first,
                        status: progress.status,
                        busy: &slot.busy,
                        warnings: &warnings,
                    };
                    let handled = each(&mut out, batch).map(Into::into);
                    slot.busy.store(0, Ordering::Relaxed);
                    say_all(progress.status, &warnings.into_inner());
                    if interactive {
                        let _quiet = progress.status.quiet();
                        handled.and_then(|h| out.flush().map(|()| h))
                    } else {
                        handled
                    }
                }
                Err(e) => {
                    let _quiet = progress.status.quiet();
                    status = EXIT_BAD_INPUT;
                    if report_unreadable(&name, &e, &mut errors) {
                        let _ = out.flush();
                        return status;
                    }
                    let blank = if blank_between && !first { "\n" } else { "" };
                    writeln!(out, "{blank}invalid").map(|()| Verdict::Answered)
                }
            };
            first = false;
            match handled {
                Ok(verdict) => status = worse_status(status, verdict),
                Err(_) => return status, // stdout closed
            }
        }
        if !any {
            let _quiet = progress.status.quiet();
            status = report_no_puzzle(&name);
        }
    }
    let _ = out.flush();
    status
}

/// Says that puzzle source `name` could not be read at `e`, for the first
/// [`MAX_REPORTED_ERRORS`]; true once that many have been, when the batch
/// stops. Both batch loops report through here, so they cannot drift.
fn report_unreadable(name: &str, e: &ParseError, errors: &mut usize) -> bool {
    *errors += 1;
    if *errors <= MAX_REPORTED_ERRORS {
        say!("{}", describe(name, e));
    }
    if *errors == MAX_REPORTED_ERRORS {
        say!("doku: {name}: too many unreadable puzzles; stopping");
        return true;
    }
    false
}

/// Says that source `name` holds no puzzle, and returns the exit status:
/// unreadable input, as a bad puzzle is. An empty file or argument is a
/// mistake, and a script that piped nothing in should hear of it.
fn report_no_puzzle(name: &str) -> i32 {
    say!("doku: {name}: no puzzle in it (it is empty, or holds only blank and comment lines)");
    EXIT_BAD_INPUT
}

/// Puzzles in hand per job (read, being solved, or solved and waiting for
/// an earlier one to be written): enough to keep every job busy while one
/// slow puzzle holds the output back, few enough that memory stays flat.
const WINDOW_PER_JOB: usize = 256;

/// Writes `warnings` to stderr, the status line kept off meanwhile.
fn say_all(status: &ProgressLine, warnings: &[String]) {
    if !warnings.is_empty() {
        let _quiet = status.quiet();
        for warning in warnings {
            say!("{warning}");
        }
    }
}

/// One puzzle's place in the output: an unreadable one, written as
/// `invalid` in its turn, or one the jobs solve.
enum InOrder {
    Unreadable(ParseError),
    Solving(usize),
}

/// What a job made of a puzzle: its output, its verdict, its messages.
type Solved = (Vec<u8>, Verdict, Vec<String>);

/// A job's [`Solved`], or the panic it met.
type JobResult = std::thread::Result<Solved>;

/// [`batch_loop`] on several threads, streamed: this thread reads the
/// puzzles and hands them to the jobs, and writes the results in input
/// order as they come in. A slow puzzle delays only what comes after it in
/// the output, while the jobs go on with up to [`WINDOW_PER_JOB`] puzzles
/// each past it; its messages on stderr keep the input's order too.
fn parallel_batch_loop<V: Into<Verdict> + Send>(
    sources: Vec<Source>,
    read_as: ReadAs,
    blank_between: bool,
    progress: BatchProgress<'_>,
    each: &(impl Fn(&mut dyn Write, Batch<'_>) -> io::Result<V> + Sync),
) -> i32 {
    let interactive = io::stdout().is_terminal();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut status = EXIT_OK;
    let mut errors = 0;
    // Records written so far (solutions, `invalid` lines), and puzzles read.
    let mut records = 0usize;
    let mut count = 0usize;
    let window = WINDOW_PER_JOB * progress.slots.len();
    for source in sources {
        let (name, mut puzzles) = source.puzzles(read_as);
        progress
            .source_name
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone_from(&name);
        let name = name.as_str();
        let mut any = false;
        let (work, jobs_work) = std::sync::mpsc::channel::<(usize, ReadPuzzle)>();
        let jobs_work = Mutex::new(jobs_work);
        let (results, solved) = std::sync::mpsc::channel::<(usize, JobResult)>();
        let stopped = std::thread::scope(|scope| {
            // Owned here: when this returns, the jobs find no more work.
            let work = work;
            for slot in progress.slots {
                let (jobs_work, results) = (&jobs_work, results.clone());
                scope.spawn(move || loop {
                    let next = jobs_work.lock().unwrap_or_else(|p| p.into_inner()).recv();
                    let Ok((index, puzzle)) = next else {
                        return;
                    };
                    slot.line.store(puzzle.line, Ordering::Relaxed);
                    slot.busy.store(index + 1, Ordering::Relaxed);
                    let warnings = std::cell::RefCell::new(Vec::new());
                    let mut text = Vec::new();
                    let batch = Batch {
                        source: name,
                        puzzle: &puzzle,
                        first: index == 0,
                        status: progress.status,
                        busy: &slot.busy,
                        warnings: &warnings,
                    };
                    // Writing to a buffer cannot fail. A panic goes to the
                    // writing thread, which raises it again: the other jobs
                    // must not wait for a result that never comes.
                    let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        each(&mut text, batch).map_or(Verdict::Answered, Into::into)
                    }));
                    slot.busy.store(0, Ordering::Relaxed);
                    let result = ran.map(|verdict| (text, verdict, warnings.into_inner()));
                    if results.send((index, result)).is_err() {
                        return;
                    }
                });
            }
            drop(results);
            let mut order: std::collections::VecDeque<InOrder> = Default::default();
            let mut done: std::collections::HashMap<usize, Solved> = Default::default();
            let mut exhausted = false;
            loop {
                // Read ahead while the window has room.
                while !exhausted && order.len() < window {
                    match puzzles.next() {
                        Some(Ok(puzzle)) => {
                            any = true;
                            // `records + order.len()`: this puzzle's record number.
                            let index = records + order.len();
                            count += 1;
                            if work.send((index, puzzle)).is_err() {
                                exhausted = true;
                            }
                            order.push_back(InOrder::Solving(index));
                        }
                        Some(Err(e)) => {
                            any = true;
                            count += 1;
                            order.push_back(InOrder::Unreadable(e));
                        }
                        None => exhausted = true,
                    }
                }
                // Write what is ready at the front, in order.
                while let Some(front) = order.front() {
                    let written = match front {
                        InOrder::Solving(index) => {
                            let Some((text, verdict, warnings)) = done.remove(index) else {
                                break;
                            };
                            status = worse_status(status, verdict);
                            say_all(progress.status, &warnings);
                            let _quiet = progress.status.quiet();
                            out.write_all(&text).and_then(|()| {
                                if interactive {
                                    out.flush()
                                } else {
                                    Ok(())
                                }
                            })
                        }
                        InOrder::Unreadable(e) => {
                            let _quiet = progress.status.quiet();
                            status = EXIT_BAD_INPUT;
                            if report_unreadable(name, e, &mut errors) {
                                let _ = out.flush();
                                return true;
                            }
                            let blank = if blank_between && records > 0 {
                                "\n"
                            } else {
                                ""
                            };
                            writeln!(out, "{blank}invalid")
                        }
                    };
                    order.pop_front();
                    records += 1;
                    if written.is_err() {
                        return true; // stdout closed
                    }
                }
                if order.is_empty() && exhausted {
                    return false;
                }
                if order.is_empty() || (order.len() < window && !exhausted) {
                    continue;
                }
                // The front is still being solved: wait for a result.
                match solved.recv() {
                    Ok((index, Ok(result))) => {
                        done.insert(index, result);
                    }
                    Ok((_, Err(panic))) => std::panic::resume_unwind(panic),
                    Err(_) => return true, // every job is gone
                }
            }
        });
        if stopped {
            let _ = out.flush();
            return status;
        }
        if !any {
            let _quiet = progress.status.quiet();
            status = report_no_puzzle(name);
        }
    }
    let _ = out.flush();
    status
}

/// Stops a run that meets too many unreadable puzzles from flooding stderr.
pub const MAX_REPORTED_ERRORS: usize = 20;

/// Formats a parse error with the source it came from.
pub fn describe(source: &str, err: &ParseError) -> String {
    format!("doku: {source}: {err}")
}
