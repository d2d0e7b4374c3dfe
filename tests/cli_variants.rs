//! `--variant` and the variant formats on the command line, as a user runs them.

use assert_cmd::Command;
use predicates::prelude::*;

fn doku() -> Command {
    Command::cargo_bin("doku").unwrap()
}

fn stdout_of(args: &[&str]) -> String {
    let out = doku().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_every_variant_reproducibly_and_uniquely() {
    for variant in ["jigsaw", "x", "windoku", "jigsaw,x", "windoku,x"] {
        let args = [
            "generate",
            "--variant",
            variant,
            "--seed",
            "11",
            "-n",
            "2",
            "-j",
            "2",
        ];
        let first = stdout_of(&args);
        assert_eq!(first, stdout_of(&args), "{variant}: same seed, same deals");
        // One job or two: the same deals.
        let mut one = args.to_vec();
        one[8] = "1";
        assert_eq!(first, stdout_of(&one), "{variant}: independent of --jobs");
        let lines: Vec<&str> = first.lines().collect();
        assert_eq!(lines.len(), 2);
        for line in &lines {
            let has_map = line.contains(' ');
            assert_eq!(has_map, variant.starts_with("jigsaw"), "{variant}: {line}");
        }
        // Unique under the variant's rules (X and windoku named again).
        let counted =
            stdout_of(&[&["solve", "--count", "--variant", variant][..], &lines[..]].concat());
        assert_eq!(counted, "1\n1\n", "{variant}");
        // f-puzzles JSON carries the rules: no --variant needed to count it.
        let json = stdout_of(&[
            "generate",
            "--variant",
            variant,
            "--seed",
            "11",
            "--format",
            "fpuzzles",
        ]);
        assert!(json.starts_with('{'), "{json}");
        doku()
            .args(["solve", "--count", "-"])
            .write_stdin(json)
            .assert()
            .success()
            .stdout("1\n");
    }
}

#[test]
fn a_different_seed_draws_a_different_jigsaw_layout() {
    let a = stdout_of(&["generate", "--variant", "jigsaw", "--seed", "1"]);
    let b = stdout_of(&["generate", "--variant", "jigsaw", "--seed", "2"]);
    let map = |s: &str| s.trim().split_once(' ').unwrap().1.to_string();
    assert_ne!(map(&a), map(&b));
}

#[test]
fn links_and_blocks_of_a_jigsaw_solve_to_the_same_line() {
    let line = stdout_of(&["generate", "--variant", "jigsaw", "--seed", "5"]);
    let solved = stdout_of(&["solve", line.trim()]);
    let link = stdout_of(&[
        "generate",
        "--variant",
        "jigsaw",
        "--seed",
        "5",
        "--format",
        "fpuzzles-link",
    ]);
    assert!(
        link.starts_with("https://f-puzzles.com/?load=N4Ig"),
        "{link}"
    );
    assert_eq!(stdout_of(&["solve", link.trim()]), solved);
    let block = stdout_of(&[
        "generate",
        "--variant",
        "jigsaw",
        "--seed",
        "5",
        "--format",
        "block",
    ]);
    assert!(block.contains("regions:"), "{block}");
    doku()
        .args(["solve", "-"])
        .write_stdin(block)
        .assert()
        .success()
        .stdout(solved.clone());
    // The solution in block form shows the map again.
    let solved_block = stdout_of(&["solve", "--format", "block", line.trim()]);
    assert!(solved_block.contains("\nregions:\n"), "{solved_block}");
}

#[test]
fn refusals_say_why_with_exit_status_2() {
    let x = stdout_of(&["generate", "--variant", "x", "--seed", "3"]);
    doku()
        .args(["solve", "--variant", "jigsaw", x.trim()])
        .assert()
        .code(2)
        .stdout("invalid\n")
        .stderr(predicate::str::contains(
            "doku: argument 1: line 1: --variant jigsaw: a jigsaw needs its regions",
        ));
    doku()
        .args(["generate", "--variant", "windoku", "--size", "6"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("windoku needs square boxes"));
    doku()
        .args(["generate", "--variant", "samurai"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("unknown variant \"samurai\""));
    doku()
        .args(["generate", "--variant", "killer", "--size", "25"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "killer is played on sizes 4 to 16",
        ));
    // Killers are dealt up to 10x10: a nearly empty larger one takes
    // minutes to prove unique.
    doku()
        .args(["generate", "--variant", "killer", "--size", "12"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("killer deals go up to 10x10"));
    doku()
        .args(["play", "--variant", "killer", "--size", "16"])
        .env("XDG_STATE_HOME", std::env::temp_dir().join("doku-no-state"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("killer deals go up to 10x10"));
    doku()
        .args(["generate", "--variant", "jigsaw,windoku"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("do not combine"));
    let json = "{\"size\":9,\"grid\":[],\"thermometer\":[{\"lines\":[[\"R1C1\",\"R1C2\"]]}]}";
    doku()
        .args(["solve", json])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("thermometers (thermometer)"));
}

#[test]
fn grade_steps_name_the_variants_houses() {
    let windoku = stdout_of(&[
        "generate",
        "--variant",
        "windoku",
        "--seed",
        "4",
        "--format",
        "fpuzzles",
    ]);
    let graded = doku()
        .args(["grade", "--steps", "-"])
        .write_stdin(windoku)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&graded.stdout);
    assert!(text.contains("window "), "{text}");
    let jigsaw = stdout_of(&["generate", "--variant", "jigsaw", "--seed", "4"]);
    let text = stdout_of(&["grade", "--steps", jigsaw.trim()]);
    assert!(text.contains("region "), "{text}");
    assert!(!text.contains("box "), "a jigsaw has no boxes: {text}");
}

#[test]
fn help_lists_the_variants_and_formats() {
    for command in ["solve", "grade", "generate"] {
        let help = stdout_of(&[command, "--help"]);
        for name in ["classic", "jigsaw", "windoku,x", "jigsaw,x"] {
            assert!(
                help.contains(name),
                "{command} --help lacks {name}:\n{help}"
            );
        }
    }
    let help = stdout_of(&["solve", "--help"]);
    assert!(
        help.contains("fpuzzles-link") && help.contains("region map"),
        "{help}"
    );
}

/// `--givens N` shows N digits of an easy killer's solution, one in each
/// of N cages; the killer stays unique and easy. Elsewhere it is refused.
#[test]
fn easy_killers_take_givens_one_per_cage() {
    let args = [
        "generate",
        "--variant",
        "killer",
        "--difficulty",
        "easy",
        "--givens",
        "6",
        "--seed",
        "3",
    ];
    let line = stdout_of(&args);
    let fields: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(fields.len(), 3, "givens, cage map, sums: {line}");
    let (givens, map) = (fields[0].as_bytes(), fields[1].as_bytes());
    let given_cells: Vec<usize> = (0..81).filter(|&i| givens[i] != b'.').collect();
    assert_eq!(given_cells.len(), 6, "{line}");
    let mut cages: Vec<u8> = given_cells.iter().map(|&i| map[i]).collect();
    cages.sort_unstable();
    cages.dedup();
    assert_eq!(cages.len(), 6, "one given per cage: {line}");
    let count = stdout_of(&["solve", "--count", "--variant", "killer", line.trim()]);
    assert_eq!(count.trim(), "1", "{line}");
    let grade = stdout_of(&["grade", "--variant", "killer", line.trim()]);
    assert!(grade.starts_with("easy\t"), "{grade}");
    // The same seed without --givens deals the same cages, no givens.
    let plain = stdout_of(
        &args[..5]
            .iter()
            .chain(&args[7..])
            .copied()
            .collect::<Vec<_>>(),
    );
    assert_eq!(plain.split_whitespace().nth(1), Some(fields[1]));
    for refused in [
        &["generate", "--variant", "killer", "--givens", "3"][..],
        &["generate", "--difficulty", "easy", "--givens", "3"][..],
    ] {
        let out = doku().args(refused).output().expect("doku runs");
        assert_eq!(out.status.code(), Some(2), "{refused:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("--givens is for easy killers"), "{err}");
    }
}

/// Lines of HoDoKu's own regression library (reglib-1.3.txt, whose header
/// defines the format): a Full House with placed digits, and its
/// "Example 2", a Uniqueness Test with candidates deleted.
const REGLIB_FULL_HOUSE: &str = ":0000:1:+6+3+42+8+9...8+7531+6+2+9+42+91+7+5+4+6+38+349+16+58+7+2+5+8+79+42..+6+1+62+83+754+97+5+8+4+2+39+61+9.+6+5784+23+4+2+3+6+91...:::182:";
const REGLIB_EXAMPLE_2: &str = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";

/// A library line's givens alone, as a plain line (the `+` digits are
/// placed, not given).
fn givens_of(line: &str) -> String {
    let grid = line.split(':').nth(3).unwrap();
    let mut out = String::new();
    let mut placed = false;
    for ch in grid.chars() {
        match ch {
            '+' => placed = true,
            _ if placed => {
                out.push('.');
                placed = false;
            }
            _ => out.push(ch),
        }
    }
    out
}

#[test]
fn the_batch_commands_read_the_givens_of_a_hodoku_library_line() {
    for line in [REGLIB_FULL_HOUSE, REGLIB_EXAMPLE_2] {
        let givens = givens_of(line);
        assert_eq!(givens.len(), 81);
        for command in [&["solve", "--count", "--limit", "3"][..], &["grade"][..]] {
            let run = |puzzle: &str| {
                let out = doku().args(command).arg(puzzle).output().unwrap();
                (out.status.code(), String::from_utf8(out.stdout).unwrap())
            };
            assert_eq!(run(line), run(&givens), "{command:?} {line}");
        }
    }
}

#[test]
fn a_malformed_hodoku_line_is_refused_with_its_line_and_column() {
    let grid = ".".repeat(81);
    for (line, column, says) in [
        (
            format!(":0000:x:{}x{}:::", &grid[..4], &grid[5..]),
            13,
            "'x' is not a cell",
        ),
        (
            format!(":0000:x:{}:::", &grid[..79]),
            9,
            "the grid has 79 cells",
        ),
        (
            format!(":0000:x:{grid}:123 99:::"),
            95,
            "'99' is not a deleted candidate",
        ),
        (
            format!(":0000:x:{grid}:"),
            90,
            "a library line has 6 or 7 ':'",
        ),
    ] {
        doku()
            .args(["solve", &line])
            .assert()
            .code(2)
            .stderr(predicate::str::contains(format!(
                "line 1, column {column}: HoDoKu library line: {says}"
            )));
    }
}
