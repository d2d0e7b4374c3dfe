//! The command line never panics and says what went wrong in doku's sizes:
//! closed pipes, empty input, wrongly sized puzzles, separators, hex
//! symbols, a broken config, and the shell completions and man page.

mod common;

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
    // The game's own refusals: a missing config, a terminal it cannot use
    // (stdout here is a pipe).
    assert_eq!(
        run_into_closed_pipe(&["--config", "/nonexistent/config.toml", "play"]),
        Some(2)
    );
    assert_eq!(run_into_closed_pipe(&["play", "--new"]), Some(2));
}

#[test]
fn empty_input_is_unreadable_input_exit_status_2() {
    // An empty file, empty stdin and an empty argument printed "no puzzle in
    // it" and exited 0.
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").expect("empty file");
    for command in ["solve", "grade"] {
        doku()
            .args([command, "--file"])
            .arg(&empty)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("empty.txt: no puzzle in it"));
        doku()
            .args([command, "-"])
            .write_stdin("")
            .assert()
            .code(2)
            .stderr(predicate::str::contains("standard input: no puzzle in it"));
        doku()
            .args([command, ""])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("argument 1: no puzzle in it"));
    }
    doku().args(["solve", "--count", ""]).assert().code(2);
}

#[test]
fn a_directory_given_as_the_file_is_refused_before_any_output() {
    // `--file DIR` printed `invalid` on stdout, then the read error.
    let dir = tempfile::tempdir().expect("temp dir");
    doku()
        .args(["solve", "--file"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("is a directory"));
}

#[test]
fn a_missing_file_is_named() {
    // In the words a missing config file gets, without "(os error 2)".
    for command in ["solve", "grade", "play"] {
        doku()
            .args([command, "--file", "/nonexistent/puzzles.txt"])
            .assert()
            .code(2)
            .stdout("")
            .stderr("doku: /nonexistent/puzzles.txt: cannot read: no such file\n");
    }
}

/// The stderr of `doku solve PUZZLE`, which must fail with status 2.
fn refusal(puzzle: &str) -> String {
    let output = doku().args(["solve", puzzle]).output().expect("doku runs");
    assert_eq!(output.status.code(), Some(2), "{puzzle}");
    String::from_utf8(output.stderr).expect("utf-8")
}

#[test]
fn messages_name_only_sizes_doku_has() {
    // These named a 3x3 board, a 27x27 puzzle, "its other 1 rows" and
    // "1-1 ... on a 1x1 board": sizes without sudoku boxes are Latin
    // squares to doku, and are named so.
    let nine = refusal("123456789");
    assert!(!nine.contains("3x3"), "{nine}");
    assert!(
        nine.contains("first row of a 9x9 puzzle, its other 8 rows are missing"),
        "{nine}"
    );
    let twenty_seven = refusal(&"123456789".repeat(3));
    assert!(!twenty_seven.contains("27x27 puzzle"), "{twenty_seven}");
    assert!(
        twenty_seven.contains("27 cells, but a puzzle on one line needs N*N cells (81 for 9x9)"),
        "{twenty_seven}"
    );
    let two = refusal("12");
    assert!(!two.contains("2x2 puzzle"), "{two}");
    assert!(!two.contains("other 1 rows"), "{two}");
    assert!(two.contains("its other row is missing"), "{two}");
    let one = refusal("5");
    assert!(!one.contains("1x1"), "{one}");
    assert!(!one.contains("1-1"), "{one}");
    assert!(one.contains("1 cell,"), "{one}");
    let four = refusal("1234");
    assert!(!four.contains("2x2"), "{four}");
    assert!(four.contains("first row of a 4x4 puzzle"), "{four}");
}

#[test]
fn a_one_line_puzzle_may_have_box_separators() {
    // `|` between boxes got "81 cells, but a puzzle needs N*N cells".
    let plain = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let separated: String = plain
        .as_bytes()
        .chunks(3)
        .map(|c| std::str::from_utf8(c).expect("ascii"))
        .collect::<Vec<_>>()
        .join("|");
    let solved = doku().args(["solve", plain]).output().expect("doku runs");
    assert!(solved.status.success());
    doku()
        .args(["solve", &separated])
        .assert()
        .success()
        .stdout(String::from_utf8(solved.stdout).expect("utf-8"));
}

#[test]
fn a_16x16_written_in_hex_is_refused_not_misread() {
    // 0-F with '.' for empty was read with 0 as empty: another puzzle.
    let puzzle = common::generated_puzzle(16).puzzle;
    let hex: String = puzzle
        .chars()
        .map(|c| if c == 'G' { '0' } else { c })
        .collect();
    assert!(hex.contains('0') && hex.contains('.'));
    doku()
        .args(["solve", &hex])
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(predicate::str::contains("looks written in hex"));
    // Written with G, as doku reads 16x16, it solves.
    doku().args(["solve", &puzzle]).assert().success();
}

#[test]
fn a_broken_config_toml_is_refused_by_every_command_alike() {
    // The game refused a broken ~/.config/doku/config.toml, but solve and
    // stats ignored it.
    let home = tempfile::tempdir().expect("temp dir");
    let config_home = home.path().join("config");
    std::fs::create_dir_all(config_home.join("doku")).expect("config dir");
    std::fs::write(
        config_home.join("doku/config.toml"),
        "[board]\nsize = \"nine\"\n",
    )
    .expect("config file");
    let run = |args: &[&str]| {
        doku()
            .args(args)
            .env("HOME", home.path())
            .env("XDG_CONFIG_HOME", &config_home)
            .env("XDG_STATE_HOME", home.path().join("state"))
            .env("TERM", "xterm-256color")
            .output()
            .expect("doku runs")
    };
    // The game's refusal, which comes before it needs a terminal.
    let game = run(&["play", "--new"]);
    assert_eq!(game.status.code(), Some(2));
    let message = String::from_utf8(game.stderr).expect("utf-8");
    assert!(message.contains("config.toml"), "{message}");
    for args in [
        &["solve", "4010000430422401"][..],
        &["stats"],
        &["grade", "4010000430422401"],
        &["generate", "--size", "4"],
        &["latin", "4"],
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert_eq!(
            String::from_utf8(output.stderr).expect("utf-8"),
            message,
            "{args:?}"
        );
    }
}

#[test]
fn completions_for_every_shell_name_every_command() {
    for shell in ["bash", "zsh", "fish", "elvish", "powershell"] {
        let output = doku()
            .args(["completions", shell])
            .output()
            .expect("doku runs");
        assert!(output.status.success(), "{shell}");
        let script = String::from_utf8(output.stdout).expect("utf-8");
        for command in ["solve", "generate", "grade", "latin", "completions", "man"] {
            assert!(script.contains(command), "{shell}: no {command}");
        }
    }
    // The bash script is valid bash.
    let script = doku()
        .args(["completions", "bash"])
        .output()
        .expect("doku runs");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("doku.bash");
    std::fs::write(&path, script.stdout).expect("script file");
    let syntax = std::process::Command::new("bash")
        .arg("-n")
        .arg(&path)
        .output();
    if let Ok(syntax) = syntax {
        assert!(syntax.status.success(), "{:?}", syntax);
    }
    doku().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn completion_and_help_offer_the_values_an_option_takes_not_file_names() {
    // bash completed `watch --strategy` with file names, and `grade --help`
    // showed `--steps[=<PATH>]` for a value that is `rating` or `hints`.
    let script = doku()
        .args(["completions", "bash"])
        .output()
        .expect("doku runs");
    let script = String::from_utf8(script.stdout).expect("utf-8");
    let watch = script
        .split("doku__subcmd__watch)")
        .nth(1)
        .expect("the watch section");
    let strategy = watch
        .split("--strategy)")
        .nth(1)
        .and_then(|rest| rest.lines().nth(1))
        .expect("the --strategy completion");
    assert!(
        strategy.contains("compgen -W \"naive mrv min-conflicts genetic\""),
        "{strategy}"
    );
    let help = doku()
        .args(["grade", "--help"])
        .output()
        .expect("doku runs");
    let help = String::from_utf8(help.stdout).expect("utf-8");
    assert!(help.contains("--steps[=<rating|hints>]"), "{help}");
    assert!(!help.contains("--steps[=<PATH>]"), "{help}");
}

#[test]
fn the_man_page_is_generated_from_the_command_line_definition() {
    let output = doku().arg("man").output().expect("doku runs");
    assert!(output.status.success());
    let page = String::from_utf8(output.stdout).expect("utf-8");
    assert!(page.contains(".TH doku 1"), "{page}");
    assert!(page.contains(".SH SYNOPSIS"), "{page}");
    for command in [
        "play", "watch", "solve", "generate", "grade", "latin", "stats",
    ] {
        assert!(page.contains(command), "no {command} in the man page");
    }
    assert!(page.contains(env!("CARGO_PKG_VERSION")), "no version");
    // What a man page says (issue 28), and no promise of a page per
    // command that doku does not ship (doku\-play(1), ...).
    for section in [
        ".SH COMMANDS",
        ".SH KEYS",
        ".SH FILES",
        ".SH ENVIRONMENT",
        ".SH EXIT STATUS",
        ".SH EXAMPLES",
    ] {
        assert!(page.contains(section), "no {section} in the man page");
    }
    assert!(
        !page.contains("(1)"),
        "a page promised that does not exist:\n{page}"
    );
    // clap_mangen writes its `Aq` preamble before every section it renders:
    // once is what roff needs.
    assert_eq!(page.matches(".ds Aq").count(), 2, "{page}");
    assert!(page.starts_with(".ie \\n(.g .ds Aq"), "{page}");
    for fact in [
        "NO_COLOR",
        "XDG_STATE_HOME",
        "XDG_CONFIG_HOME",
        "TERM",
        "stats.json",
        "config.toml",
        "Ctrl\\-r",
    ] {
        assert!(page.contains(fact), "no {fact} in the man page");
    }
}

#[test]
fn the_largest_latin_square_doku_reads_back_is_64() {
    use doku::engine::format::{parse_puzzle, ShapeHint};
    let out = doku()
        .args(["latin", "64", "--seed", "3"])
        .output()
        .expect("doku runs");
    assert!(out.status.success());
    let csv = String::from_utf8(out.stdout).expect("utf-8");
    let square = parse_puzzle(&csv, ShapeHint::Latin).expect("reads back");
    assert_eq!(square.size(), 64);
    assert!(square.is_full());
    // Larger squares are printed for other programs; doku's boards stop
    // at 64x64, and reading one back says so.
    let out = doku()
        .args(["latin", "65", "--seed", "3"])
        .output()
        .expect("doku runs");
    assert!(out.status.success());
    doku()
        .args(["solve", "-"])
        .write_stdin(out.stdout)
        .assert()
        .code(2)
        .stderr(predicates::str::contains("up to 64x64"));
}

#[test]
fn a_bad_csv_field_is_named_without_nested_parentheses() {
    // It read "'x' is not a cell (a number (0 or empty for an empty cell))".
    let output = doku()
        .arg("solve")
        .write_stdin("1,2,x,4\n3,4,1,2\n2,1,4,3\n4,3,2,1\n")
        .output()
        .expect("doku runs");
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    let first = stderr.lines().next().expect("a message");
    assert!(
        first.contains("line 1, column 5: 'x' is not a cell"),
        "{first}"
    );
    assert!(!first.contains("(a number ("), "{first}");
}

#[test]
fn a_byte_order_mark_at_the_start_of_a_file_is_read_past() {
    // Windows Notepad starts a UTF-8 file with U+FEFF; the parser called it
    // a bad cell, printed as an invisible character.
    let puzzle = "4.1....43.4..4.1";
    let solution = "4213132431422431\n";
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("notepad.txt");
    std::fs::write(&file, format!("\u{feff}{puzzle}\r\n")).expect("puzzle file");
    let file = file.to_str().expect("utf-8 path");
    doku()
        .args(["solve", "--file", file])
        .assert()
        .success()
        .stdout(solution);
    doku()
        .args(["solve"])
        .write_stdin(format!("\u{feff}{puzzle}\n"))
        .assert()
        .success()
        .stdout(solution);
    doku().args(["grade", "--file", file]).assert().success();
    // `play` reads the puzzle before it asks for a terminal (stdout here is
    // a pipe, so it stops there).
    doku()
        .args(["play", "--file", file])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("needs a terminal"));
}
