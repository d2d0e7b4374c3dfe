//! `doku grade` as a user runs it: output format, --steps, files, stdin,
//! the shared data sets, errors and exit codes.

use assert_cmd::Command;
use predicates::prelude::*;
use std::io::Write;

fn doku() -> Command {
    Command::cargo_bin("doku").expect("the doku binary is built")
}

mod common;

const EASY: &str =
    "582401090690580704004093825036825100020014936107030258208007369071369080369008071";
const NAKED_PAIR: &str =
    "605039002910000000008040006000010703102093605000050208001020007260000000804061009";

fn stdout_of(cmd: &mut Command) -> String {
    String::from_utf8(cmd.output().expect("runs").stdout).expect("utf-8")
}

#[test]
fn one_line_per_puzzle_with_four_tab_separated_fields() {
    let out = stdout_of(doku().args(["grade", EASY, NAKED_PAIR]));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let fields: Vec<&str> = lines[0].split('\t').collect();
    assert_eq!(fields.len(), 4, "{out}");
    assert_eq!(fields[0], "easy");
    assert!(fields[1].ends_with("single"), "{out}");
    assert_eq!(fields[2], "54 clues");
    // Singles rate 2.3 at most on Sudoku Explainer's scale.
    let rating: f32 = fields[3].parse().expect("a bare number");
    assert!((1.0..=2.3).contains(&rating), "{out}");
    assert_eq!(lines[1], "medium\tnaked pair\t32 clues\t3.0");
    doku().args(["grade", EASY]).assert().success();
}

#[test]
fn steps_print_the_logical_path() {
    let out = stdout_of(doku().args(["grade", "--steps", NAKED_PAIR]));
    let mut lines = out.lines();
    assert_eq!(lines.next(), Some("medium\tnaked pair\t32 clues\t3.0"));
    let steps: Vec<&str> = lines.collect();
    // One step per empty cell at least (placements), plus the pair.
    assert!(steps.len() >= 81 - 32, "{out}");
    assert!(steps.iter().all(|l| l.starts_with("  ")), "{out}");
    assert!(
        steps
            .iter()
            .any(|l| l.starts_with("  naked pair: in column 4, r1c4 and r5c4 hold only 7 and 8")),
        "{out}"
    );
}

#[test]
fn a_step_goes_on_in_lower_case_after_each_colon_as_in_the_game() {
    // AI Escargot's path has singles, locked candidates, chains and nested
    // forcing chains, whose text has a colon of its own ("r4c2<>9: if ...").
    let escargot = common::famous_puzzle("AI Escargot");
    let out = stdout_of(doku().args(["grade", "--steps", &escargot]));
    let steps: Vec<&str> = out.lines().skip(1).collect();
    let plainly_capitalised = |word: &str| {
        let mut chars = word.chars();
        matches!((chars.next(), chars.next()),
            (Some(a), Some(b)) if a.is_ascii_uppercase() && b.is_ascii_lowercase())
    };
    for step in &steps {
        for (_, after) in step
            .match_indices(": ")
            .map(|(at, _)| step.split_at(at + 2))
        {
            assert!(!plainly_capitalised(after), "{step}");
        }
    }
    let starts = |text: &str| steps.iter().any(|l| l.starts_with(text));
    assert!(starts("  hidden single: in "), "{out}");
    assert!(
        steps.iter().any(|l| l.starts_with("  nested forcing chain")
            && l.contains("<>")
            && l.contains(": if r")),
        "{out}"
    );
}

/// SE rates it 7.1 (grantm/sudoku-exchange-puzzle-bank); a W-wing, which
/// SE lacks, solves it at 4.4.
const W_WING: &str =
    "502400003001060000003805492006030701020109040104020900438901200000040300200003104";

#[test]
fn steps_follow_the_rating_and_steps_hints_follow_the_hints() {
    let rating = stdout_of(doku().args(["grade", "--steps", W_WING]));
    let hints = stdout_of(doku().args(["grade", "--steps=hints", W_WING]));
    let first = |out: &str| out.lines().next().unwrap_or_default().to_string();
    // The line is the rating's either way.
    assert_eq!(first(&rating), first(&hints));
    assert!(first(&rating).ends_with("\t7.1"), "{rating}");
    let uses = |out: &str, technique: &str| {
        out.lines()
            .skip(1)
            .any(|l| l.starts_with(&format!("  {technique}: ")))
    };
    assert!(uses(&hints, "w-wing"), "{hints}");
    assert!(!uses(&rating, "w-wing"), "{rating}");
    // Both paths solve it, one indented step a line.
    for out in [&rating, &hints] {
        assert!(out.lines().skip(1).all(|l| l.starts_with("  ")), "{out}");
        assert!(!out.contains("trial and error"), "{out}");
    }
    // A path that is neither is refused, and says which there are.
    doku()
        .args(["grade", "--steps=every", W_WING])
        .assert()
        .failure()
        .stderr(predicate::str::contains("rating").and(predicate::str::contains("hints")));
}

#[test]
fn steps_of_the_easter_monster_need_no_guess() {
    let monster = common::famous_puzzle("Easter Monster");
    let out = stdout_of(doku().args(["grade", "--steps", &monster]));
    let head: Vec<&str> = out.lines().next().unwrap().split('\t').collect();
    assert!(["expert", "extreme"].contains(&head[0]), "{out}");
    let rating: f32 = head[3].parse().expect("the rating, a bare number");
    assert!(rating >= 7.0, "{out}");
    assert!(!out.contains("trial and error"), "{out}");
}

#[test]
fn reads_files_and_stdin() {
    let mut file = tempfile::NamedTempFile::new().unwrap();
    writeln!(file, "{EASY}\n{NAKED_PAIR}").unwrap();
    let from_file = stdout_of(doku().args(["grade", "--file"]).arg(file.path()));
    let from_stdin = stdout_of(
        doku()
            .args(["grade", "-"])
            .write_stdin(format!("{EASY}\n{NAKED_PAIR}\n")),
    );
    assert_eq!(from_file, from_stdin);
    assert_eq!(from_file.lines().count(), 2);
}

#[test]
fn seeds_fixture_grades_with_the_documented_exit_codes() {
    let seeds = std::fs::read_to_string(common::fixture("seeds.tsv")).unwrap();
    let rows: Vec<(&str, &str)> = seeds
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[1], f[2])
        })
        .collect();
    let input: String = rows.iter().map(|(p, _)| format!("{p}\n")).collect();
    let output = doku().arg("grade").write_stdin(input).output().unwrap();
    // One puzzle has clashing givens: unreadable input wins, status 2.
    assert_eq!(output.status.code(), Some(2));
    let out = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), rows.len(), "{out}");
    for ((givens, expected), line) in rows.iter().zip(&lines) {
        let clues = givens.bytes().filter(|&b| b != b'0').count();
        match *expected {
            "invalid-givens" => assert_eq!(*line, "invalid"),
            e if e.starts_with("count=") => {
                assert_eq!(
                    *line,
                    format!("not unique\tmore than one solution\t{clues} clues")
                )
            }
            _ => {
                let level = line.split('\t').next().unwrap();
                assert!(
                    ["easy", "medium", "hard", "expert", "extreme"].contains(&level),
                    "{line}"
                );
                let fields: Vec<&str> = line.split('\t').collect();
                assert_eq!(fields[2], format!("{clues} clues"), "{line}");
                assert!(fields[3].parse::<f32>().is_ok(), "{line}");
            }
        }
    }
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("r3c1 and r3c2 both hold 3"), "{stderr}");
}

#[test]
fn no_solution_exits_1_and_says_so() {
    // r1c9 needs a 9, but r5c9 holds it.
    let mut text = format!("12345678.{}", ".".repeat(72));
    text.replace_range(44..45, "9");
    doku()
        .args(["grade", &text, EASY])
        .assert()
        .code(1)
        .stdout(predicate::str::starts_with(
            "no solution\tno solution\t9 clues\neasy\t",
        ))
        .stderr(predicate::str::contains(
            "argument 1: the puzzle on line 1 has no solution",
        ));
}

#[test]
fn several_solutions_exit_1() {
    doku()
        .args(["grade", "0000000000000000"])
        .assert()
        .code(1)
        .stdout("not unique\tmore than one solution\t0 clues\n")
        .stderr(predicate::str::contains("more than one solution"));
}

#[test]
fn unreadable_input_exits_2_naming_line_and_column() {
    doku()
        .args(["grade", "-"])
        .write_stdin(format!("{EASY}\n{}\n", EASY.replacen('2', "?", 1)))
        .assert()
        .code(2)
        .stdout(predicate::str::starts_with("easy\t"))
        .stderr(predicate::str::contains("line 2, column 3"));
    doku()
        .args(["grade", "--file", "/nonexistent/puzzles.txt"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/nonexistent/puzzles.txt"));
}

#[test]
fn forum_hardest_are_all_expert_or_extreme() {
    // Every 8th line through the command line; tests/grader.rs grades the
    // whole list through the library (it costs a minute of CI twice over).
    let skipped = "doku grade on the 2011 hardest list";
    let Some(hardest) = common::shared_data("forum_hardest_1106.txt", skipped) else {
        return;
    };
    let sample: Vec<&String> = hardest.iter().step_by(8).collect();
    let input: String = sample.iter().map(|l| format!("{l}\n")).collect();
    let out = stdout_of(doku().arg("grade").write_stdin(input));
    assert_eq!(out.lines().count(), sample.len());
    for line in out.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        assert!(["expert", "extreme"].contains(&fields[0]), "{line}");
        let rating: f32 = fields[3].parse().expect("a bare number");
        assert!(rating >= 5.5, "{line}");
    }
}

#[test]
fn kaggle_sample_is_mostly_easy() {
    let Some(easy) = common::shared_data("kaggle_style_10k.txt", "doku grade on easy puzzles")
    else {
        return;
    };
    let sample: String = easy.iter().step_by(20).map(|l| format!("{l}\n")).collect();
    let out = stdout_of(doku().arg("grade").write_stdin(sample));
    let total = out.lines().count();
    let easy = out.lines().filter(|l| l.starts_with("easy\t")).count();
    assert_eq!(total, 500);
    assert!(easy * 10 >= total * 9, "{easy} of {total} easy");
}

#[test]
fn help_documents_the_output() {
    doku()
        .args(["grade", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "DIFFICULTY<TAB>HARDEST TECHNIQUE<TAB>N clues<TAB>RATING",
        ))
        .stdout(predicate::str::contains("--steps"));
}

#[test]
fn latin_square_grades() {
    // A 5x5 (no standard boxes: a Latin square) cyclic square with its
    // diagonal removed: each row misses one digit.
    doku()
        .args(["grade", "-"])
        .write_stdin(".2345\n2.451\n34.12\n451.3\n5123.\n")
        .assert()
        .success()
        .stdout("easy\thidden single\t20 clues\t1.0\n");
}

#[test]
fn a_large_board_that_stalls_says_the_forcing_chains_did_not_run() {
    // Line 3 of the Gecode 25x25 set stalls after the grouped chains; the
    // forcing chains and nets run only up to 9x9, and the line says so
    // rather than that no technique applies.
    let Some(lines) = common::shared_data(
        "25x25_gecode.txt",
        "what a stalled 25x25 grade says was not tried",
    ) else {
        return;
    };
    let out = stdout_of(doku().args(["grade", "--steps", &lines[2]]));
    let last = out.lines().last().expect("a last line");
    assert!(
        last.starts_with("  trial and error: no technique applies"),
        "{last}"
    );
    assert!(
        last.ends_with("(forcing chains and nets run on boards up to 9x9)"),
        "{last}"
    );
}

#[test]
fn a_forcing_chain_step_writes_each_branch_on_a_line_of_its_own() {
    // SE rates it 8.8 (issue 26): its path has unit forcing chains of
    // three branches ("if r5c3=1, ... if r7c3=1, ... if r8c3=1, ...").
    let puzzle =
        ".7.5..1...9.........82.3.7...4.153...8.....4...648.5...6.7.49.........2...7..6.3.";
    let out = stdout_of(doku().args(["grade", "--steps", puzzle]));
    let lines: Vec<&str> = out.lines().collect();
    let at = lines
        .iter()
        .position(|l| l.starts_with("  unit forcing chain: if r"))
        .unwrap_or_else(|| panic!("no unit forcing chain:\n{out}"));
    // The first branch after the technique, the others indented under it,
    // then what they prove together.
    let rest: Vec<&str> = lines[at + 1..]
        .iter()
        .take_while(|l| l.starts_with("    "))
        .copied()
        .collect();
    assert!(rest.len() >= 2, "{out}");
    assert!(
        rest[..rest.len() - 1]
            .iter()
            .all(|l| l.starts_with("    if r")),
        "{out}"
    );
    assert!(
        rest[rest.len() - 1].starts_with("    either way r"),
        "{out}"
    );
    assert_eq!(lines[at].matches(" if r").count(), 1, "{}", lines[at]);
}

/// With several jobs, results come out in input order, and so do the
/// messages on stderr: a puzzle's "no grade" message is written with its
/// line, not when a job happens to finish it. Hard puzzles among quick
/// ones make the jobs finish out of order.
#[test]
fn several_jobs_keep_stdout_and_stderr_in_input_order() {
    let hard = common::fixture_lines("famous.tsv")
        .into_iter()
        .filter_map(|l| l.split('\t').nth(2).map(str::to_string))
        .find(|p| p.len() == 81)
        .expect("a hard puzzle");
    let empty = ".".repeat(81);
    let mut input = String::new();
    let mut empty_lines = Vec::new();
    for i in 0..60 {
        let puzzle = match i % 6 {
            0 => &hard,
            3 => {
                empty_lines.push(i + 1);
                &empty
            }
            _ => EASY,
        };
        input.push_str(puzzle);
        input.push('\n');
    }
    let out = doku()
        .args(["grade", "--jobs", "2"])
        .write_stdin(input)
        .output()
        .expect("runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 60, "{stdout}");
    for (i, line) in lines.iter().enumerate() {
        let not_unique = line.starts_with("not unique");
        assert_eq!(
            not_unique,
            empty_lines.contains(&(i + 1)),
            "line {}: {line}",
            i + 1
        );
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let said: Vec<usize> = stderr
        .lines()
        .filter_map(|l| {
            let rest = l.split("the puzzle on line ").nth(1)?;
            rest.split_whitespace().next()?.parse().ok()
        })
        .collect();
    assert_eq!(said, empty_lines, "{stderr}");
}
