//! Killer sudoku graded as a user asks for it: `doku grade` rates a killer
//! line and `--steps` lists its killer steps in their own words; the
//! engine's grade, logical path and hints on the published killers.

use assert_cmd::Command;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::grader::{
    grade, next_hint, solve_logically, Advice, Difficulty, Solutions, Technique,
};

mod common;

fn doku() -> Command {
    Command::cargo_bin("doku").expect("the doku binary is built")
}

/// The published killers (puzzle, solution) of tests/fixtures/killer.
fn published() -> Vec<(String, String)> {
    common::fixture_lines("killer/published.tsv")
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[0].to_string(), fields[1].to_string())
        })
        .collect()
}

/// Every published killer grades unique; logic alone takes each as far as
/// it goes, every step true to the published solution, and finishes the
/// newspaper ones (Wikipedia's is easy or medium). The rule of 45 is used
/// along the way.
#[test]
fn published_killers_grade_and_solve_by_logic_to_their_solutions() {
    let (mut finished, mut rule_of_45) = (0, 0);
    let all = published();
    for (line, solution) in &all {
        let board = parse_puzzle(line, ShapeHint::Infer).expect("a killer");
        let grade = grade(&board);
        assert_eq!(grade.solutions, Solutions::Unique, "{line}");
        let rating = grade.rating.expect("a rating");
        let path = solve_logically(&board);
        let truth: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        for step in &path.steps {
            for &(cell, digit) in &step.placements {
                assert_eq!(truth[cell.index()], digit.get(), "{step:?}");
            }
            for &(cell, digit) in &step.eliminations {
                assert_ne!(truth[cell.index()], digit.get(), "{step:?}");
            }
            assert!(!step.technique.needs_uniqueness(), "{step:?}");
        }
        if path
            .steps
            .iter()
            .any(|s| s.technique == Technique::RuleOf45)
        {
            rule_of_45 += 1;
        }
        if path.solved {
            assert!(rating < 120, "{grade:?}");
            let solved: String = path.board.values().iter().map(|v| v.to_string()).collect();
            assert_eq!(&solved, solution);
            finished += 1;
        }
    }
    let (wikipedia, _) = &all[0];
    let board = parse_puzzle(wikipedia, ShapeHint::Infer).expect("Wikipedia's killer");
    assert!(grade(&board).difficulty <= Difficulty::Medium);
    assert!(
        finished * 2 > all.len(),
        "logic finishes {finished} of {}",
        all.len()
    );
    assert!(rule_of_45 > 0);
}

#[test]
fn a_killer_hint_names_the_cage_first() {
    let (line, _) = &published()[0];
    let board = parse_puzzle(line, ShapeHint::Infer).expect("a killer");
    let Advice::Step(step) = next_hint(&board, &board, None) else {
        panic!("a step");
    };
    assert_eq!(step.summary, "cage combinations in the 3-cage at r1c1");
    assert_eq!(
        step.explanation,
        "The 3-cage at r1c1 makes 3 in 2 cells: 1+2 only. So none of its cells can be 3, 4, 5, 6, 7, 8 or 9"
    );
}

#[test]
fn doku_grade_rates_a_killer_line_and_lists_its_killer_steps() {
    let (line, _) = &published()[0];
    let out = doku().args(["grade", line]).output().expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    let fields: Vec<&str> = text.trim_end().split('\t').collect();
    assert_eq!(fields.len(), 4, "{text}");
    assert_eq!(fields[2], "0 clues", "{text}");
    let rating: f32 = fields[3].parse().expect("a rating");
    assert!((1.0..=3.4).contains(&rating), "{text}");

    let out = doku()
        .args(["grade", "--steps", line])
        .output()
        .expect("runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("utf-8");
    assert!(
        text.contains("cage combinations: the 3-cage at r1c1 makes 3 in 2 cells: 1+2 only"),
        "{text}"
    );
    assert!(text.contains("rule of 45: "), "{text}");
    assert!(text.contains(" = 45 − 33 = 12"), "{text}");
}
