//! The command line never panics and says what went wrong in doku's sizes:
//! closed pipes, empty input, wrongly sized puzzles, separators, hex
//! symbols, a broken config, and the shell completions and man page.

use assert_cmd::Command;
use predicates::prelude::*;
use std::process::Stdio;

fn doku() -> Command {
    Command::cargo_bin("doku").expect("the doku binary is built")
}

/// `doku` with stdout and stderr both a pipe whose reading end is already
/// closed, as after `doku ... 2>&1 | head -c 100` once head has exited.
fn run_into_closed_pipe(args: &[&str]) -> Option<i32> {
    let (reader, writer) = std::io::pipe().expect("a pipe");
    drop(reader);
    let stderr = writer.try_clone().expect("a second end");
    std::process::Command::new(env!("CARGO_BIN_EXE_doku"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(stderr)
        .status()
        .expect("doku runs")
        .code()
}

#[test]
fn a_closed_pipe_on_stdout_and_stderr_is_no_panic() {
    // `doku solve --file garbage.bin 2>&1 | head -c 100` exited 101 with
    // "failed printing to stderr: Broken pipe" in about a quarter of runs.
    let dir = tempfile::tempdir().expect("temp dir");
    let garbage = dir.path().join("garbage.bin");
    let bytes: Vec<u8> = (0..3000u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&garbage, bytes).expect("garbage file");
    let garbage = garbage.to_str().expect("utf-8 path");
    // Unreadable input is exit status 2, whether or not anyone reads why.
    assert_eq!(run_into_closed_pipe(&["solve", "--file", garbage]), Some(2));
    assert_eq!(run_into_closed_pipe(&["grade", "--file", garbage]), Some(2));
    let puzzle = "4010000430422401";
    assert_eq!(run_into_closed_pipe(&["solve", puzzle]), Some(0));
    assert_eq!(run_into_closed_pipe(&["latin", "300"]), Some(2));
    assert_eq!(
        run_into_closed_pipe(&["generate", "--size", "4", "-n", "3"]),
        Some(0)
    );
    assert_eq!(
        run_into_closed_pipe(&["solve", "4410000430422401"]),
        Some(2)
    );
}
