//! `doku completions SHELL` and `doku man`: shell completions and the man
//! page, generated from the same clap definition as `--help`, so they never
//! fall behind it.

use super::{Cli, EXIT_OK};
use clap::CommandFactory;
use clap_complete::Shell;
use std::io::{self, Write};

/// Prints the completion script for `shell`.
pub fn completions(shell: Shell) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "doku", &mut script);
    print(&script)
}

/// Prints the man page, in roff (`doku man | man -l -`).
pub fn man() -> i32 {
    let mut page = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = clap_mangen::Man::new(Cli::command()).render(&mut page);
    print(&page)
}

fn print(bytes: &[u8]) -> i32 {
    // A closed stdout (`doku man | head`) is not an error worth reporting.
    let mut out = io::stdout().lock();
    let _ = out.write_all(bytes).and_then(|()| out.flush());
    EXIT_OK
}
