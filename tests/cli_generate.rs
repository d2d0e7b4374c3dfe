//! `doku generate` and `doku latin` as a user runs them.

use assert_cmd::Command;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::generator::Symmetry;
use doku::engine::grader::{grade, Difficulty};
use doku::engine::latin::is_latin_square;
use doku::engine::Cell;
use doku::engine::Named;
use predicates::prelude::PredicateBooleanExt;
use predicates::str::contains;

fn doku() -> Command {
    Command::cargo_bin("doku").expect("the doku binary")
}

fn stdout_of(args: &[&str]) -> String {
    let out = doku().args(args).output().expect("runs");
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty(), "no progress line off a terminal");
    String::from_utf8(out.stdout).expect("utf-8")
}

#[test]
fn generate_prints_count_unique_puzzles_one_per_line() {
    let out = stdout_of(&[
        "generate",
        "--seed",
        "5",
        "--count",
        "4",
        "--difficulty",
        "any",
    ]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4);
    for line in &lines {
        assert_eq!(line.len(), 81);
        let board = parse_puzzle(line, ShapeHint::Infer).expect("readable");
        assert_eq!(board.count_solutions_up_to(2), 1, "{line}");
    }
    let distinct: std::collections::HashSet<_> = lines.iter().collect();
    assert_eq!(distinct.len(), 4);
}

#[test]
fn generate_defaults_to_one_medium_9x9_puzzle_with_rotate180_givens() {
    let out = stdout_of(&["generate", "--seed", "8"]);
    let board = parse_puzzle(out.trim_end(), ShapeHint::Infer).expect("readable");
    assert_eq!(board.size(), 9);
    assert_eq!(grade(&board).difficulty, Difficulty::Medium);
    for cell in 0..81 {
        let image = Symmetry::Rotate180.map_cell(board.shape(), cell);
        assert_eq!(
            board.is_empty_cell(Cell(cell as u16)),
            board.is_empty_cell(Cell(image as u16))
        );
    }
}

#[test]
fn generate_honours_difficulty_size_and_symmetry() {
    for difficulty in ["easy", "hard", "expert"] {
        let out = stdout_of(&[
            "generate",
            "--seed",
            "2",
            "-n",
            "2",
            "--size",
            "6",
            "--difficulty",
            difficulty,
        ]);
        for line in out.lines() {
            let board = parse_puzzle(line, ShapeHint::Infer).expect("readable");
            assert_eq!(board.size(), 6);
            assert_eq!(grade(&board).difficulty.name(), difficulty, "{line}");
        }
    }
    let out = stdout_of(&[
        "generate",
        "--seed",
        "3",
        "--size",
        "8",
        "--symmetry",
        "mirror",
        "--difficulty",
        "any",
    ]);
    let board = parse_puzzle(out.trim_end(), ShapeHint::Infer).expect("readable");
    for r in 0..8 {
        for c in 0..8 {
            let cell = |col: usize| Cell((r * 8 + col) as u16);
            assert_eq!(
                board.is_empty_cell(cell(c)),
                board.is_empty_cell(cell(7 - c))
            );
        }
    }
}

#[test]
fn same_seed_same_output_and_no_seed_differs() {
    let args = [
        "generate",
        "--seed",
        "123",
        "-n",
        "3",
        "--size",
        "6",
        "--difficulty",
        "any",
    ];
    assert_eq!(stdout_of(&args), stdout_of(&args));
    let fresh = ["generate", "-n", "3", "--difficulty", "any"];
    assert_ne!(stdout_of(&fresh), stdout_of(&fresh));
}

#[test]
fn block_and_csv_puzzles_are_separated_by_blank_lines() {
    let out = stdout_of(&[
        "generate",
        "--seed",
        "1",
        "-n",
        "3",
        "--size",
        "4",
        "--difficulty",
        "easy",
        "--format",
        "csv",
    ]);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 3, "{out:?}");
    for block in blocks {
        let rows: Vec<&str> = block.trim_end().lines().collect();
        assert_eq!(rows.len(), 4);
        assert!(rows.iter().all(|r| r.split(',').count() == 4));
        let board = parse_puzzle(block, ShapeHint::Infer).expect("CSV reads back");
        assert_eq!(board.count_solutions_up_to(2), 1);
    }
    let out = stdout_of(&[
        "generate",
        "--seed",
        "1",
        "-n",
        "2",
        "--format",
        "block",
        "--difficulty",
        "any",
    ]);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    for block in blocks {
        assert_eq!(block.trim_end().lines().count(), 11, "9 rows and 2 rules");
        let board = parse_puzzle(block, ShapeHint::Infer).expect("block reads back");
        assert_eq!(board.count_solutions_up_to(2), 1);
    }
}

#[test]
fn generate_rejects_bad_arguments_with_exit_2() {
    doku()
        .args(["generate", "--size", "7"])
        .assert()
        .code(2)
        .stderr(contains("size 7").and(contains("4, 6, 8, 9, 10, 12, 15, 16, 20, 25")));
    doku()
        .args(["generate", "--symmetry", "spiral"])
        .assert()
        .code(2)
        .stderr(contains("spiral").and(contains("rotate180")));
    doku()
        .args(["generate", "--difficulty", "fiendish"])
        .assert()
        .code(2)
        .stderr(contains("fiendish").and(contains("expert")));
    doku().args(["generate", "--count", "-1"]).assert().code(2);
    doku()
        .args(["generate", "--count", "0"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("--count").and(contains("1 or more")));
}

#[test]
fn an_unreachable_difficulty_is_a_clear_error() {
    doku()
        .args([
            "generate",
            "--size",
            "4",
            "--difficulty",
            "expert",
            "--seed",
            "1",
        ])
        .assert()
        .code(2)
        .stdout("")
        .stderr(
            contains("expert")
                .and(contains("4x4"))
                .and(contains("easier difficulty")),
        );
}

fn parse_csv(text: &str) -> Vec<Vec<u16>> {
    text.lines()
        .map(|l| l.split(',').map(|v| v.parse().expect("number")).collect())
        .collect()
}

#[test]
fn latin_prints_a_csv_square_by_default() {
    // Up to 255, past the 64x64 boards doku plays: the squares are for
    // other programs too (the program doku grew from made them to 100x100).
    for n in ["1", "7", "64", "100", "255"] {
        let out = stdout_of(&["latin", n, "--seed", "9"]);
        let square = parse_csv(&out);
        assert_eq!(square.len().to_string(), n);
        assert!(is_latin_square(&square), "order {n}");
    }
}

#[test]
fn latin_formats_and_seeds() {
    let line = stdout_of(&["latin", "12", "--seed", "4", "--format", "line"]);
    assert_eq!(line.trim_end().len(), 144);
    let block = stdout_of(&["latin", "12", "--seed", "4", "--format", "block"]);
    assert_eq!(block.lines().count(), 12);
    let csv = stdout_of(&["latin", "12", "--seed", "4"]);
    let from_line = parse_puzzle(line.trim_end(), ShapeHint::Latin).expect("line reads back");
    let from_csv = parse_puzzle(&csv, ShapeHint::Latin).expect("csv reads back");
    assert_eq!(from_line, from_csv, "one square in every format");
    assert_eq!(csv, stdout_of(&["latin", "12", "--seed", "4"]));
    assert_ne!(csv, stdout_of(&["latin", "12", "--seed", "5"]));
    assert_ne!(stdout_of(&["latin", "12"]), stdout_of(&["latin", "12"]));
}

#[test]
fn latin_rejects_orders_out_of_range_with_exit_2() {
    for n in ["0", "256", "1000"] {
        doku()
            .args(["latin", n])
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains(format!("order {n}")).and(contains("1 to 255")));
    }
    // f-puzzles boards stop at 64x64: asked for one larger, the command
    // says so rather than print CSV instead.
    for format in ["fpuzzles", "fpuzzles-link"] {
        doku()
            .args(["latin", "65", "--format", format])
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains("up to 64x64").and(contains("csv")));
    }
    doku()
        .args(["latin", "seven"])
        .assert()
        .code(2)
        .stderr(contains("seven"));
    doku()
        .args(["latin", "5", "--format", "xml"])
        .assert()
        .code(2)
        .stderr(contains("csv"));
}

#[test]
fn a_latin_square_too_large_to_read_is_one_error_and_the_next_puzzle_still_solves() {
    // Rows 70 wide, some with 0-free rows of numbers up to 64 only: read
    // back, they are one square too large, said once; the 9x9 after it is
    // read and solved.
    for (n, seed) in [("70", "1"), ("100", "2")] {
        let square = stdout_of(&["latin", n, "--seed", seed]);
        let puzzle = stdout_of(&["generate", "--seed", "1", "--difficulty", "easy"]);
        let out = doku()
            .args(["solve", "--jobs", "1"])
            .write_stdin(format!("{square}{puzzle}"))
            .output()
            .expect("doku runs");
        assert_eq!(out.status.code(), Some(2), "an invalid puzzle is exit 2");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(&format!("line 1: {n} cells"))
                && stderr.contains("up to 64x64")
                && stderr.contains(&format!(
                    "next {} rows are skipped",
                    n.parse::<usize>().unwrap() - 1
                )),
            "{stderr}"
        );
        let stdout = String::from_utf8_lossy(&out.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{stdout}");
        assert_eq!(lines[0], "invalid");
        assert_eq!(lines[1].len(), 81, "the 9x9 is solved: {stdout}");
    }
}

#[test]
fn latin_help_says_which_cap_is_which() {
    let help = stdout_of(&["latin", "--help"]);
    assert!(help.contains("1 to 255"), "{help}");
    assert!(help.contains("64x64"), "{help}");
    let short = stdout_of(&["latin", "-h"]);
    assert!(short.contains("255") && short.contains("64x64"), "{short}");
}

#[test]
fn latin_255_is_printed_fast_in_every_plain_format() {
    let started = std::time::Instant::now();
    let csv = stdout_of(&["latin", "255", "--seed", "1"]);
    // 0.6 s in a release build; an unoptimised test build is slower.
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
    assert!(is_latin_square(&parse_csv(&csv)));
    let line = stdout_of(&["latin", "255", "--seed", "1", "--format", "line"]);
    let numbers: Vec<u16> = line
        .split_whitespace()
        .map(|v| v.parse().expect("number"))
        .collect();
    assert_eq!(numbers, parse_csv(&csv).concat());
    let block = stdout_of(&["latin", "255", "--seed", "1", "--format", "block"]);
    let rows: Vec<Vec<u16>> = block
        .lines()
        .map(|l| {
            l.split_whitespace()
                .map(|v| v.parse().expect("number"))
                .collect()
        })
        .collect();
    assert_eq!(rows, parse_csv(&csv));
}

#[test]
fn a_4x4_deal_works_with_the_defaults() {
    // Medium 4x4 puzzles hardly exist; the default for 4x4 is easy.
    let out = assert_cmd::Command::cargo_bin("doku")
        .unwrap()
        .args(["generate", "--size", "4", "--seed", "3"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let line = String::from_utf8(out).unwrap();
    assert_eq!(line.trim().len(), 16, "{line}");
}

#[test]
fn jobs_deal_the_same_puzzles_in_the_same_order() {
    let deal = |jobs: &str| {
        stdout_of(&[
            "generate",
            "--count",
            "9",
            "--difficulty",
            "any",
            "--seed",
            "12",
            "--jobs",
            jobs,
        ])
    };
    let one = deal("1");
    assert_eq!(one.lines().count(), 9);
    assert_eq!(deal("2"), one);
    assert_eq!(deal("4"), one);
}

#[test]
fn extreme_9x9_deals_do_not_give_up_on_seeds_where_the_tier_is_rare() {
    // With 1000 carvings these seeds gave up: the grouped chains and the
    // death blossom leave about one minimal 9x9 in 500 extreme.
    for seed in ["3", "30", "35"] {
        let out = stdout_of(&["generate", "--difficulty", "extreme", "--seed", seed]);
        let puzzle = parse_puzzle(out.trim(), ShapeHint::default()).expect("a puzzle");
        assert_eq!(
            grade(&puzzle).difficulty,
            Difficulty::Extreme,
            "seed {seed}: {out}"
        );
    }
}

#[test]
fn an_extreme_16x16_is_refused_at_once_with_what_can_be_dealt() {
    // It used to try 1,000 carvings for half a minute, then blame the
    // board for being small.
    let out = doku()
        .args([
            "generate",
            "--size",
            "16",
            "--difficulty",
            "extreme",
            "--seed",
            "1",
        ])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("doku: generate: no extreme 16x16 puzzle can be dealt")
            && stderr.contains("forcing chains")
            && stderr.contains("expert or easier")
            && !stderr.contains("small boards"),
        "{stderr}"
    );
    // What it names is dealt.
    let expert = stdout_of(&[
        "generate",
        "--size",
        "16",
        "--difficulty",
        "expert",
        "--seed",
        "1",
    ]);
    let puzzle = parse_puzzle(expert.trim(), ShapeHint::default()).expect("a puzzle");
    assert_eq!(grade(&puzzle).difficulty, Difficulty::Expert);
}

#[test]
fn generate_deals_latin_squares_and_tall_boxes_that_read_back_with_the_same_boxes() {
    for (boxes, size) in [("latin", "7"), ("latin", "9"), ("3x2", "6")] {
        let out = stdout_of(&[
            "generate", "--boxes", boxes, "--size", size, "--seed", "11", "--count", "3",
        ]);
        let hint = if boxes == "latin" {
            ShapeHint::Latin
        } else {
            ShapeHint::Boxes(3, 2)
        };
        for line in out.lines() {
            let board = parse_puzzle(line, hint).expect("readable with its boxes");
            assert_eq!(board.size().to_string(), size, "{line}");
            assert_eq!(board.shape().is_latin(), boxes == "latin", "{line}");
            assert_eq!(board.count_solutions_up_to(2), 1, "{boxes}: {line}");
            let solution = board.solution().expect("solvable");
            if boxes == "latin" {
                let rows: Vec<Vec<u16>> = solution
                    .values()
                    .chunks(board.size())
                    .map(|row| row.iter().map(|&v| u16::from(v)).collect())
                    .collect();
                assert!(is_latin_square(&rows), "{line}");
            }
        }
    }
}

#[test]
fn generate_refuses_boxes_that_do_not_make_the_size_and_latin_squares_out_of_reach() {
    doku()
        .args(["generate", "--boxes", "3x2", "--size", "9"])
        .assert()
        .code(2)
        .stderr(contains("--boxes 3x2 makes 6x6 boards, not --size 9"));
    doku()
        .args(["generate", "--boxes", "latin", "--size", "30"])
        .assert()
        .code(2)
        .stderr(contains("choose --size from 2 to 25"));
    doku()
        .args(["generate", "--size", "7"])
        .assert()
        .code(2)
        .stderr(contains("--boxes latin"));
}
