//! Writing to stderr without panicking. `eprintln!` panics when stderr is a
//! closed pipe (`doku solve --file x 2>&1 | head -c 100`), exit status 101;
//! a message nobody can read is dropped instead, so the exit status still
//! says what happened. (Stdout is written through `io::Write` everywhere,
//! and a closed stdout ends a batch quietly.)

use std::fmt;
use std::io::{self, Write};

/// `eprintln!` that drops the line when stderr is closed.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::output::to_stderr(format_args!("{}\n", format_args!($($arg)*)))
    };
}
pub(crate) use say;

/// Writes `text` to stderr, ignoring a failure: there is nowhere left to
/// report it.
pub fn to_stderr(text: fmt::Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(text);
}
