//! `doku stats`: the statistics as a table.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use super::output::say;
use super::{EXIT_BAD_INPUT, EXIT_OK};
use crate::storage::{stats, StateDir};
use std::io::{self, Write};

pub fn run() -> i32 {
    let dir = match StateDir::from_env() {
        Ok(dir) => dir,
        Err(e) => {
            say!("doku: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let stats = match stats::load(&dir) {
        Ok(stats) => stats,
        Err(e) => {
            say!("doku: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    let text = format!(
        "{}Statistics file: {}\n",
        stats.table(),
        dir.stats_file().display()
    );
    // A closed stdout (`doku stats | head -1`) is not an error worth a panic.
    let _ = io::stdout().lock().write_all(text.as_bytes());
    EXIT_OK
}
