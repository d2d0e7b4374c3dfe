//! `doku solve` as a user runs it: output, exit status and messages.

mod common;
use assert_cmd::Command;
use common::*;
use predicates::prelude::*;

fn doku() -> Command {
    Command::cargo_bin("doku").unwrap()
}

#[test]
fn solves_arguments_files_and_stdin_in_order() {
    let a = seed("seed-9x9-a");
    let four = seed("seed-4x4-a");
    doku()
        .args(["solve", &a.puzzle, &four.puzzle])
        .assert()
        .success()
        .stdout(format!("{}\n{}\n", a.expected, four.expected));
    doku()
        .args(["solve", "-"])
        .write_stdin(format!("{}\n{}\n", four.puzzle, a.puzzle))
        .assert()
        .success()
        .stdout(format!("{}\n{}\n", four.expected, a.expected));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    std::fs::write(
        &path,
        format!("# two puzzles\n{}\n\n{}\n", a.puzzle, four.puzzle),
    )
    .unwrap();
    doku()
        .args(["solve", "--file"])
        .arg(&path)
        .assert()
        .success()
        .stdout(format!("{}\n{}\n", a.expected, four.expected));
}

#[test]
fn counts_with_a_limit_and_says_when_the_limit_was_hit() {
    doku()
        .args(["solve", "--count", "0000000000000000"])
        .assert()
        .success()
        .stdout("288\n");
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "2",
            "0000000000000000",
            &seed("seed-9x9-a").puzzle,
        ])
        .assert()
        .success()
        .stdout(
            predicate::str::starts_with("2+ ")
                .and(predicate::str::contains("limit"))
                .and(predicate::str::ends_with("\n1\n")),
        );
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "5000",
            &seed("seed-9x9-very-hard").puzzle,
        ])
        .assert()
        .success()
        .stdout("1871\n");
    doku()
        .args(["solve", "--count", &seed("seed-9x9-very-hard").puzzle])
        .assert()
        .success()
        .stdout("1000+ (counting stopped at the limit of 1000)\n");
}

#[test]
fn a_limit_of_zero_is_refused_rather_than_counting_nothing() {
    // `--limit 0` used to print `0+ (counting stopped at the limit of 0)`
    // for a puzzle with one solution.
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "0",
            &seed("seed-9x9-a").puzzle,
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("--limit").and(predicate::str::contains("at least 1")));
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "1",
            &seed("seed-9x9-a").puzzle,
        ])
        .assert()
        .success()
        .stdout("1+ (counting stopped at the limit of 1)\n");
}

#[test]
fn counting_no_solutions_exits_1_like_solving_does() {
    // No two givens clash, yet there is no solution.
    let none = "1.3..4.2.1..3.2.";
    let unique = seed("seed-4x4-a");
    doku()
        .args(["solve", "--count", none, &unique.puzzle])
        .assert()
        .code(1)
        .stdout("0\n1\n")
        .stderr(
            predicate::str::contains("argument 1").and(predicate::str::contains("no solution")),
        );
    doku()
        .args(["solve", none])
        .assert()
        .code(1)
        .stdout("no solution\n");
}

#[test]
fn block_and_csv_output() {
    let four = seed("seed-4x4-a");
    doku()
        .args(["solve", "--format", "block", &four.puzzle])
        .assert()
        .success()
        .stdout("4 2 | 1 3\n1 3 | 2 4\n----+----\n3 1 | 4 2\n2 4 | 3 1\n");
    doku()
        .args(["solve", "--format", "csv", &four.puzzle])
        .assert()
        .success()
        .stdout("4,2,1,3\n1,3,2,4\n3,1,4,2\n2,4,3,1\n");
}

#[test]
fn block_and_csv_records_are_all_separated_by_a_blank_line() {
    // `no solution` and `invalid` used to follow the grid above them with
    // no blank line, so they read as its fifth row.
    let four = seed("seed-4x4-a");
    let no_solution = "1.3..4.2.1..3.2.";
    let args = |format| {
        [
            "solve",
            "--format",
            format,
            four.puzzle.as_str(),
            no_solution,
            "12",
            four.puzzle.as_str(),
        ]
    };
    let grid = "4,2,1,3\n1,3,2,4\n3,1,4,2\n2,4,3,1\n";
    doku()
        .args(args("csv"))
        .assert()
        .code(2)
        .stdout(format!("{grid}\nno solution\n\ninvalid\n\n{grid}"));
    let grid = "4 2 | 1 3\n1 3 | 2 4\n----+----\n3 1 | 4 2\n2 4 | 3 1\n";
    doku()
        .args(args("block"))
        .assert()
        .code(2)
        .stdout(format!("{grid}\nno solution\n\ninvalid\n\n{grid}"));
    // A first record that is not a grid gets no blank line before it.
    doku()
        .args(["solve", "--format", "csv", "12", four.puzzle.as_str()])
        .assert()
        .code(2)
        .stdout("invalid\n\n4,2,1,3\n1,3,2,4\n3,1,4,2\n2,4,3,1\n");
}

#[test]
fn naive_strategy_gives_the_same_answer() {
    let a = seed("seed-9x9-a");
    doku()
        .args(["solve", "--strategy", "naive", &a.puzzle])
        .assert()
        .success()
        .stdout(format!("{}\n", a.expected));
}

#[test]
fn an_unsolvable_puzzle_exits_1_and_the_rest_still_print() {
    let a = seed("seed-9x9-a");
    let mut dead = ".".repeat(81);
    dead.replace_range(8..9, "9");
    dead.replace_range(72..80, "12345678");
    let dead = dead.as_str();
    doku()
        .args(["solve", dead, &a.puzzle])
        .assert()
        .code(1)
        .stdout(format!("no solution\n{}\n", a.expected))
        .stderr(predicate::str::contains("no solution"));
}

#[test]
fn unreadable_input_exits_2_naming_line_column_and_character() {
    let a = seed("seed-9x9-a");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    let broken = format!("{}?{}", &a.puzzle[..4], &a.puzzle[5..]);
    std::fs::write(&path, format!("{}\n{broken}\n", a.puzzle)).unwrap();
    doku()
        .args(["solve", "--file"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout(format!("{}\ninvalid\n", a.expected))
        .stderr(predicate::str::contains("bad.txt: line 2, column 5: '?'"));
}

#[test]
fn broken_givens_exit_2_naming_both_cells() {
    doku()
        .args(["solve", &seed("seed-4x4-invalid").puzzle])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("r3c1 and r3c2 both hold 3"));
}

#[test]
fn a_missing_file_and_an_empty_file() {
    doku()
        .args(["solve", "--file", "/nonexistent/puzzles.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/puzzles.txt"));
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("empty.txt");
    std::fs::write(&path, "").unwrap();
    doku()
        .args(["solve", "--file"])
        .arg(&path)
        .assert()
        .code(2)
        .stdout("");
}

#[test]
fn sixteen_and_latin_boards_from_the_command_line() {
    let sixteen = generated_puzzle(16);
    let out = doku()
        .args(["solve", &sixteen.puzzle])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let solution = board(text.trim());
    assert_valid_solution(&board(&sixteen.puzzle), &solution);
    assert_eq!(solution, board(&sixteen.solution));
    doku()
        .args(["solve", "--count", "--boxes", "latin", "0000000000000000"])
        .assert()
        .success()
        .stdout("576\n");
}

#[test]
fn the_command_line_definition_is_consistent() {
    use clap::CommandFactory;
    doku::cli::Cli::command().debug_assert();
}

#[test]
fn every_option_of_every_command_says_what_it_does_in_help() {
    // `doku latin --help` listed `--seed` with nothing beside it, and
    // `doku generate --help` showed `--format` with no line of its own.
    use clap::CommandFactory;
    let mut cli = doku::cli::Cli::command();
    // The commands' arguments are deferred until built (see `Command`).
    cli.build();
    let solve = cli.find_subcommand("solve").expect("doku solve");
    assert!(
        solve.get_arguments().any(|arg| arg.get_id() == "strategy"),
        "the commands' own options are checked, not only --help"
    );
    for command in cli.get_subcommands() {
        for arg in command.get_arguments() {
            let id = arg.get_id().as_str();
            if matches!(id, "help" | "version") {
                continue;
            }
            assert!(
                arg.get_help().is_some() || arg.get_long_help().is_some(),
                "doku {} --help: {id} has no help text",
                command.get_name()
            );
        }
    }
}

#[test]
fn timeout_gives_up_on_one_puzzle_says_so_and_goes_on_with_exit_3() {
    // Counting every 9x9 grid (6.7e21 of them) never ends; the next puzzle
    // is still counted.
    let empty = ".".repeat(81);
    let a = seed("seed-9x9-a");
    let started = std::time::Instant::now();
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "1000000000000",
            "--timeout",
            "0.3",
        ])
        .args([&empty, &a.puzzle])
        .assert()
        .code(3)
        .stdout("timed out\n1\n")
        .stderr(predicate::str::contains(
            "gave up on the puzzle on line 1 after 0.3s (--timeout)",
        ));
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    // The naive strategy, without the engine's fast paths, stops too.
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "1000000000000",
            "--strategy",
            "naive",
        ])
        .args(["--timeout", "0.2", &empty])
        .assert()
        .code(3)
        .stdout("timed out\n");
    // Unreadable input outranks a time-out; a time-out outranks no solution.
    doku()
        .args([
            "solve",
            "--count",
            "--limit",
            "1000000000000",
            "--timeout",
            "0.2",
        ])
        .args([&empty, "12"])
        .assert()
        .code(2);
    // No two givens clash, yet there is no solution.
    let no_solution = "1.3..4.2.1..3.2.";
    doku()
        .args(["solve", "--count", "--limit", "1000000000000"])
        .args(["--timeout", "0.2", no_solution, &empty])
        .assert()
        .code(3)
        .stdout("0\ntimed out\n");
}

#[test]
fn timeout_must_be_a_positive_number_of_seconds() {
    let a = seed("seed-9x9-a");
    for bad in ["0", "-1", "soon", "NaN"] {
        doku()
            .arg("solve")
            .arg(format!("--timeout={bad}"))
            .arg(&a.puzzle)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("is not a time"));
    }
    doku()
        .args(["solve", "--timeout", "30", &a.puzzle])
        .assert()
        .success()
        .stdout(format!("{}\n", a.expected));
}

#[test]
fn jobs_keep_input_order_output_and_exit_status() {
    // More puzzles than one chunk per job, an unreadable line and an
    // unsolvable puzzle among them: every --jobs prints the same.
    let a = seed("seed-9x9-a");
    let four = seed("seed-4x4-a");
    let none = "1.3..4.2.1..3.2.";
    let bad = format!("{}x{}", &a.puzzle[..10], &a.puzzle[11..]);
    let mut input = String::new();
    for i in 0..1200 {
        input.push_str(match i {
            500 => &bad,
            800 => none,
            _ if i % 7 == 0 => &four.puzzle,
            _ => &a.puzzle,
        });
        input.push('\n');
    }
    let run = |jobs: &str, count: bool| {
        let mut cmd = doku();
        cmd.args(["solve", "--jobs", jobs, "-"]);
        if count {
            cmd.arg("--count");
        }
        let output = cmd.write_stdin(input.clone()).output().unwrap();
        (output.status.code(), output.stdout)
    };
    for count in [false, true] {
        let one = run("1", count);
        assert_eq!(one.0, Some(2));
        let text = String::from_utf8_lossy(&one.1).to_string();
        assert_eq!(text.lines().nth(500), Some("invalid"));
        let unsolvable = if count { "0" } else { "no solution" };
        assert_eq!(text.lines().nth(800), Some(unsolvable));
        assert_eq!(String::from_utf8_lossy(&one.1).lines().count(), 1200);
        assert_eq!(run("3", count), one, "count: {count}");
    }
    doku()
        .args(["solve", "--jobs", "0", &a.puzzle])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a number of jobs"));
}
