//! The real binary as a new user meets it, on the paths the TUI cannot take:
//! a pipe for stdout, `TERM=dumb`. Each must say why and what to do, exit 2,
//! and write nothing (no escape codes) to stdout.

use assert_cmd::Command;

fn doku(args: &[&str], term: &str) -> std::process::Output {
    let state = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let output = Command::cargo_bin("doku")
        .unwrap_or_else(|e| panic!("no doku binary: {e}"))
        .args(args)
        .env("TERM", term)
        .env("XDG_STATE_HOME", state.path())
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .unwrap_or_else(|e| panic!("running doku: {e}"));
    // Refused before the save is opened: nothing is left behind.
    let left = std::fs::read_dir(state.path()).map_or(0, |d| d.count());
    assert_eq!(left, 0, "doku {args:?} touched the state directory");
    output
}

#[test]
fn the_tui_commands_refuse_a_pipe_with_a_message_and_status_2() {
    // Here stdout is a pipe to the test harness.
    for args in [&[][..], &["play"], &["play", "--new"], &["watch"]] {
        let output = doku(args, "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "doku {args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "doku {args:?} wrote to the pipe");
        assert!(
            stderr.contains("standard output is not") && stderr.contains("doku solve"),
            "doku {args:?}: {stderr}"
        );
    }
}

#[test]
fn play_refuses_a_puzzle_with_no_solution_before_taking_the_terminal() {
    // No two givens clash, yet the puzzle has no solution (doku solve agrees).
    let output = doku(&["play", "1.3..4.2.1..3.2."], "xterm-256color");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(
        stderr.contains("the puzzle argument") && stderr.contains("no solution"),
        "{stderr}"
    );
}

#[test]
fn play_refuses_a_killer_without_cages_before_taking_the_terminal() {
    // A classic line is no killer: played as one it would be a classic
    // puzzle under a killer's name.
    let line = "..1........32.1....42.3.81.3..7..26..6..4..5..25..3..4.59.1.67....4.79........5..";
    for variant in ["killer", "killer,x"] {
        let output = doku(&["play", "--variant", variant, line], "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(output.stdout.is_empty());
        assert!(
            stderr.contains("the puzzle argument")
                && stderr.contains(&format!("--variant {variant}: a killer needs its cages")),
            "{stderr}"
        );
    }
    // Its own line, cages and sums included, plays: refused only for want
    // of a terminal, after the puzzle was read.
    let dealt = doku(&["generate", "--variant", "killer", "--seed", "3"], "dumb");
    let killer = String::from_utf8_lossy(&dealt.stdout).trim().to_string();
    let output = doku(&["play", "--variant", "killer", &killer], "xterm-256color");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!stderr.contains("needs its cages"), "{stderr}");
}

#[test]
fn watch_names_every_strategy_of_the_solver_view_and_refuses_others() {
    let names = ["naive", "mrv", "min-conflicts", "genetic"];
    let help = doku(&["watch", "--help"], "xterm-256color");
    let text = String::from_utf8_lossy(&help.stdout);
    assert_eq!(help.status.code(), Some(0), "{text}");
    assert!(
        text.contains("naive, mrv, min-conflicts or genetic"),
        "{text}"
    );
    assert!(text.contains("watch.strategy"), "{text}");

    // Checked before the terminal: the message, status 2, nothing on stdout.
    let output = doku(&["watch", "--strategy", "annealing"], "xterm-256color");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(output.stdout.is_empty());
    assert!(
        stderr.contains("--strategy") && stderr.contains("\"annealing\""),
        "{stderr}"
    );
    for name in names {
        assert!(stderr.contains(name), "{name} not offered: {stderr}");
    }
    // A valid local search gets past the check (to the pipe refusal).
    let output = doku(&["watch", "--strategy", "genetic"], "xterm-256color");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("standard output is not"), "{stderr}");
}

#[test]
fn play_file_errors_read_as_sentences_and_name_line_and_column() {
    const NINE: &str =
        "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap_or_else(|e| panic!("writing {name}: {e}"));
        path.display().to_string()
    };
    let two = write("two.txt", format!("{NINE}\n{NINE}\n").as_bytes());
    let empty = write("empty.txt", b"");
    // A Latin-1 byte in the third cell: not UTF-8.
    let mut latin1 = NINE.as_bytes().to_vec();
    latin1[2] = 0xE9;
    let latin1 = write("latin1.txt", &latin1);
    for (path, wanted) in [
        (&two, "line 2: a second puzzle starts here"),
        (&empty, "no puzzle in it"),
        (
            &latin1,
            "line 1, column 3: a byte that is not UTF-8 is not a cell",
        ),
    ] {
        let output = doku(&["play", "--file", path], "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{path}: {stderr}");
        assert!(output.stdout.is_empty());
        assert!(stderr.contains(wanted), "{path}: {stderr}");
        assert!(!stderr.contains(", but a puzzle"), "{path}: {stderr}");
        assert!(!stderr.contains("but one puzzle, but"), "{path}: {stderr}");
    }
}

#[test]
fn watch_speed_help_and_refusal_give_the_range() {
    let help = doku(&["watch", "--help"], "xterm-256color");
    let text = String::from_utf8_lossy(&help.stdout);
    assert!(
        text.contains("1 to 1000000") && text.contains("inf") && text.contains("watch.speed"),
        "{text}"
    );
    // Words and out-of-range numbers get the same sentence, with the range
    // (a word used to get Rust's "invalid float literal").
    for bad in ["fast", "0", "-5", "NaN", "2000000"] {
        let output = doku(&["watch", "--speed", bad], "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{bad}: {stderr}");
        assert!(
            stderr.contains(&format!("'{bad}' is not a speed"))
                && stderr.contains("from 1 to 1000000, or inf"),
            "{bad}: {stderr}"
        );
    }
    for good in ["1", "2.5", "inf", "1000000"] {
        let output = doku(&["watch", "--speed", good], "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("standard output is not"),
            "{good}: {stderr}"
        );
    }
}

#[test]
fn edit_names_its_puzzle_argument_as_play_does() {
    for command in ["edit", "play"] {
        let output = doku(&[command, "12x4"], "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{command}: {stderr}");
        assert!(
            stderr.starts_with("doku: the puzzle argument: line 1"),
            "{command}: {stderr}"
        );
    }
}

#[test]
fn play_and_watch_take_the_box_shape_so_a_latin_square_is_not_read_as_a_sudoku() {
    // A 9x9 Latin puzzle: under the standard 3x3 boxes two of its 3s share a box.
    let latin = "..2..5..7.6..973.8.471......8.523...27..4..15...314.9......218.1.596..4.8..7..6..";
    let as_sudoku = doku(&["play", "--new", latin], "xterm-256color");
    let said = String::from_utf8_lossy(&as_sudoku.stderr);
    assert!(said.contains("same box 5"), "{said}");
    for command in ["play", "watch"] {
        let output = doku(&[command, "--boxes", "latin", latin], "xterm-256color");
        let said = String::from_utf8_lossy(&output.stderr);
        // Read and checked as a Latin square, it gets as far as the terminal.
        assert!(said.contains("needs a terminal"), "doku {command}: {said}");
    }
    let wrong = doku(&["play", "--boxes", "4x4", latin], "xterm-256color");
    let said = String::from_utf8_lossy(&wrong.stderr);
    assert!(said.contains("16x16"), "{said}");
}

#[test]
fn edit_refuses_a_blank_board_whose_boxes_and_size_disagree() {
    for (args, expected) in [
        (
            &["edit", "--boxes", "2x3", "--size", "9"][..],
            "--size 9 and --boxes 2x3 disagree: boxes of 2x3 make a 6x6 board",
        ),
        (
            &["edit", "--boxes", "1x7"][..],
            "--boxes 1x7: 7x7 is not a board size",
        ),
        (
            &["edit", "--boxes", "latin", "--size", "7"][..],
            "--size 7: not a board size",
        ),
    ] {
        let output = doku(args, "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "doku {args:?}: {stderr}");
        assert!(stderr.contains(expected), "doku {args:?}: {stderr}");
    }
    // Agreeing, they get as far as the terminal.
    let output = doku(&["edit", "--boxes", "2x3", "--size", "6"], "xterm-256color");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("needs a terminal"), "{stderr}");
}

#[test]
fn play_refuses_a_fresh_deal_it_cannot_make_before_taking_the_terminal() {
    for (args, expected) in [
        (&["play", "--size", "7"][..], "--size 7: not a board size"),
        (
            &["play", "--boxes", "3x2"][..],
            "--boxes 3x2 needs a puzzle",
        ),
        (&["play", "--difficulty", "insane"][..], "possible values"),
        // As doku generate refuses it, not dealt as expert after all.
        (
            &["play", "--size", "25", "--difficulty", "extreme"][..],
            "no extreme 25x25 puzzle can be dealt",
        ),
        (
            &[
                "play",
                "--size",
                "16",
                "--difficulty",
                "extreme",
                "--boxes",
                "latin",
            ][..],
            "choose expert or easier for a 16x16",
        ),
        (
            &["play", "--size", "6", "1.3..4.2.1..3.2."][..],
            "cannot be used with",
        ),
        // doku watch deals as doku play does: other boxes need a puzzle.
        (
            &["watch", "--boxes", "3x2"][..],
            "--boxes 3x2 needs a puzzle",
        ),
    ] {
        let output = doku(args, "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "doku {args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "doku {args:?}");
        assert!(stderr.contains(expected), "doku {args:?}: {stderr}");
    }
}

#[test]
fn a_file_named_where_a_puzzle_goes_is_pointed_to_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("puzzles.txt");
    std::fs::write(&file, ".".repeat(81)).expect("written");
    let file = file.to_string_lossy().into_owned();
    let missing = dir.path().join("missing.txt");
    let missing = missing.to_string_lossy().into_owned();
    for (args, expected) in [
        (
            vec!["solve", file.as_str()],
            format!("argument 1: {file} is a file, not a puzzle: read it with --file {file}"),
        ),
        (
            vec!["grade", missing.as_str()],
            format!("argument 1: {missing} is not a puzzle, nor a file here; puzzles from a file: --file FILE"),
        ),
        (
            vec!["play", file.as_str()],
            format!("the puzzle argument: {file} is a file, not a puzzle: read it with --file"),
        ),
        // doku edit has no --file: it says what does.
        (
            vec!["edit", file.as_str()],
            format!("{file} is a file, not a puzzle: give the puzzle's line (doku play --file {file} plays it)"),
        ),
    ] {
        let output = doku(&args, "xterm-256color");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "doku {args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "doku {args:?}");
        assert!(stderr.contains(&expected), "doku {args:?}: {stderr}");
    }
    // A puzzle that is no file is read as before, its mistake named.
    let short = doku(&["solve", "12.4"], "xterm-256color");
    let stderr = String::from_utf8_lossy(&short.stderr);
    assert!(stderr.contains("4 cells"), "{stderr}");
    // A mistyped puzzle whose dots end in letters, as a file name's
    // extension does, is one invalid line of the batch: the puzzles around
    // it are still solved, and its own mistake is named.
    let good = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let typo = format!("{}x", &good[..80]);
    let sixteen = format!("{}.AB", ".".repeat(254));
    let batch = doku(&["solve", good, &typo, &sixteen, good], "xterm-256color");
    let stdout = String::from_utf8_lossy(&batch.stdout);
    let stderr = String::from_utf8_lossy(&batch.stderr);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 4, "{stdout}{stderr}");
    assert_eq!(lines[0], lines[3], "{stdout}");
    assert!(lines[0].len() == 81 && !lines[0].contains('.'), "{stdout}");
    assert!(
        lines[1].starts_with("invalid") && lines[2].starts_with("invalid"),
        "{stdout}"
    );
    assert!(stderr.contains("'x' is not a cell"), "{stderr}");
    assert!(!stderr.contains("nor a file"), "{stderr}");
}

#[test]
fn play_dash_reads_the_puzzle_from_standard_input() {
    let state = tempfile::tempdir().unwrap_or_else(|e| panic!("temp dir: {e}"));
    let run = |input: &str| {
        Command::cargo_bin("doku")
            .unwrap_or_else(|e| panic!("no doku binary: {e}"))
            .args(["play", "-"])
            .env("TERM", "xterm-256color")
            .env("XDG_STATE_HOME", state.path())
            .env("XDG_CONFIG_HOME", "/nonexistent")
            .write_stdin(input)
            .output()
            .unwrap_or_else(|e| panic!("running doku: {e}"))
    };
    // A puzzle with no solution is named as read from standard input (not
    // as the puzzle "-").
    let output = run("1.3..4.2.1..3.2.\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("standard input") && stderr.contains("no solution"),
        "{stderr}"
    );
    // A good one is read, and only the missing terminal stops it.
    let output =
        run("..1........32.1....42.3.81.3..7..26..6..4..5..25..3..4.59.1.67....4.79........5..\n");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("standard output is not"), "{stderr}");
}
