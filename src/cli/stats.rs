//! `doku stats`: the statistics as a table.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use super::output::say;
use super::{StatsArgs, EXIT_BAD_INPUT, EXIT_OK};
use crate::storage::{stats, StateDir};
use std::io::{self, BufRead, IsTerminal, Write};

pub fn run(args: &StatsArgs) -> i32 {
    let dir = match StateDir::from_env() {
        Ok(dir) => dir,
        Err(e) => {
            say!("doku: {e}");
            return EXIT_BAD_INPUT;
        }
    };
    if args.reset {
        return reset(&dir, args.yes);
    }
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

/// `doku stats --reset`: asks on a terminal (or takes `--yes`), then moves
/// the statistics aside and says where they are kept.
fn reset(dir: &StateDir, yes: bool) -> i32 {
    let file = dir.stats_file();
    if !file.exists() {
        say!("doku: no statistics to reset (none at {})", file.display());
        return EXIT_OK;
    }
    if !yes {
        if !io::stdin().is_terminal() {
            say!(
                "doku: --reset asks first, and stdin is not a terminal to answer on; \
                 add --yes to reset without asking"
            );
            return EXIT_BAD_INPUT;
        }
        super::output::to_stderr(format_args!(
            "Start the statistics afresh? The old ones are kept beside them ({}.<time>.reset). [y/N] ",
            file.display()
        ));
        let mut answer = String::new();
        if io::stdin().lock().read_line(&mut answer).is_err()
            || !matches!(answer.trim(), "y" | "Y" | "yes" | "Yes" | "YES")
        {
            say!("doku: statistics left as they were");
            return EXIT_OK;
        }
    }
    match stats::reset(dir) {
        Ok(Some(kept)) => {
            let text = format!(
                "Statistics reset. The old ones are kept in {}\n",
                kept.display()
            );
            let _ = io::stdout().lock().write_all(text.as_bytes());
            EXIT_OK
        }
        Ok(None) => {
            say!("doku: no statistics to reset (none at {})", file.display());
            EXIT_OK
        }
        Err(e) => {
            say!("doku: the statistics could not be reset: {e}");
            EXIT_BAD_INPUT
        }
    }
}
