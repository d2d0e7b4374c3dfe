//! Statistics on disk and `doku stats`, run as a user runs it.

use assert_cmd::Command;
use doku::engine::grader::Difficulty;
use doku::storage::{stats, GameKind, StateDir};
use predicates::prelude::*;
use std::fs;
use std::path::Path;
use std::time::Duration;

const NINE_MEDIUM: GameKind = GameKind {
    size: 9,
    difficulty: Some(Difficulty::Medium),
    variant: None,
};
const SIX_CUSTOM: GameKind = GameKind {
    size: 6,
    difficulty: None,
    variant: None,
};

/// `doku stats` with its state in `state_home` and no HOME to fall back on.
fn doku_stats(state_home: &Path) -> Command {
    let mut cmd = Command::cargo_bin("doku").unwrap();
    cmd.arg("stats")
        .env("XDG_STATE_HOME", state_home)
        .env_remove("HOME");
    cmd
}

fn state(tmp: &tempfile::TempDir) -> StateDir {
    StateDir::new(tmp.path().join("doku"))
}

#[test]
fn no_games_yet_is_said_plainly() {
    let tmp = tempfile::tempdir().unwrap();
    doku_stats(tmp.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("No games yet"))
        .stdout(predicate::str::contains("stats.json"));
}

#[test]
fn recorded_games_print_as_a_table() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    stats::update(&dir, |s| {
        for _ in 0..3 {
            s.record_start(NINE_MEDIUM);
        }
        s.record_solved(NINE_MEDIUM, Duration::from_secs(400), 1);
        s.record_solved(NINE_MEDIUM, Duration::from_secs(200), 2);
        s.record_abandoned(NINE_MEDIUM, 0);
        s.record_start(SIX_CUSTOM);
        s.record_solved(SIX_CUSTOM, Duration::from_secs(75), 0);
    })
    .unwrap();
    let out = doku_stats(tmp.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let words = |line: &str| {
        line.split_whitespace()
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(
        words(lines[0]),
        [
            "board",
            "difficulty",
            "started",
            "solved",
            "assisted",
            "abandoned",
            "best",
            "average",
            "hints"
        ],
        "{text}"
    );
    assert_eq!(
        words(lines[1]),
        ["6x6", "custom", "1", "1", "0", "0", "01:15", "01:15", "0"],
        "{text}"
    );
    assert_eq!(
        words(lines[2]),
        ["9x9", "medium", "3", "2", "0", "1", "03:20", "05:00", "3"],
        "{text}"
    );
    assert!(
        text.contains("Streak: 1 solved in a row (best 2)"),
        "{text}"
    );
}

#[test]
fn a_corrupt_stats_file_is_reported_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    dir.create().unwrap();
    fs::write(
        dir.stats_file(),
        "{\"doku\": \"stats\", \"version\": 1, \"data\": ",
    )
    .unwrap();
    doku_stats(tmp.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("stats.json could not be read"))
        .stderr(predicate::str::contains(".corrupt and kept"));
    let kept: Vec<_> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".corrupt"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert!(fs::read_to_string(&kept[0]).unwrap().contains("\"data\": "));
    // The next run starts afresh.
    doku_stats(tmp.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("No games yet"));
}

#[test]
fn updating_a_corrupt_file_starts_again_and_reports_it() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    dir.create().unwrap();
    fs::write(dir.stats_file(), b"\xde\xad\xbe\xef").unwrap();
    let updated = stats::update(&dir, |s| s.record_start(NINE_MEDIUM)).unwrap();
    let report = updated.recovered.expect("the damage is reported");
    assert!(report.moved_to().unwrap().exists());
    let now = stats::load(&dir).unwrap();
    assert_eq!(now.record(NINE_MEDIUM).unwrap().started, 1);
}

#[test]
fn a_stats_file_from_a_newer_doku_is_reported_and_kept() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    dir.create().unwrap();
    let newer = r#"{"doku": "stats", "version": 9, "data": {"records": []}}"#;
    fs::write(dir.stats_file(), newer).unwrap();
    doku_stats(tmp.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("newer doku (format version 9"));
    let kept: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".corrupt"))
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(kept, [newer]);
}

/// Two doku processes finishing games at once lose nothing: every update
/// holds the statistics lock across its read-modify-write.
#[test]
fn concurrent_updates_are_all_counted() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    let threads: Vec<_> = (0..4)
        .map(|_| {
            let dir = dir.clone();
            std::thread::spawn(move || {
                for _ in 0..25 {
                    stats::update(&dir, |s| s.record_start(NINE_MEDIUM)).unwrap();
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let now = stats::load(&dir).unwrap();
    assert_eq!(now.record(NINE_MEDIUM).unwrap().started, 100);
}

#[test]
fn nowhere_to_keep_stats_is_a_clear_error() {
    Command::cargo_bin("doku")
        .unwrap()
        .arg("stats")
        .env_remove("XDG_STATE_HOME")
        .env_remove("HOME")
        .assert()
        .code(2)
        .stderr(predicate::str::contains("set XDG_STATE_HOME or HOME"));
}

#[test]
fn an_assisted_solve_is_its_own_count_with_no_time_and_no_streak() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    stats::update(&dir, |s| {
        s.record_start(NINE_MEDIUM);
        s.record_solved(NINE_MEDIUM, Duration::from_secs(300), 0);
        s.record_start(NINE_MEDIUM);
        s.record_assisted(NINE_MEDIUM, 4);
    })
    .unwrap();
    let loaded = stats::load(&dir).unwrap();
    let r = loaded.record(NINE_MEDIUM).unwrap();
    assert_eq!((r.started, r.solved, r.assisted), (2, 1, 1));
    assert_eq!(r.best_seconds, Some(300));
    assert_eq!(r.average_seconds(), Some(300));
    assert_eq!(loaded.current_streak, 1, "help extends no streak");
    let out = doku_stats(tmp.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(
        text.lines()
            .nth(1)
            .unwrap()
            .split_whitespace()
            .eq(["9x9", "medium", "2", "1", "1", "0", "05:00", "05:00", "4"]),
        "{text}"
    );
    assert!(text.contains("Assisted: solved with hints"), "{text}");
}

#[test]
fn stats_times_read_like_the_game_clock() {
    for seconds in [0, 7, 59, 61, 600, 3599, 3600, 3725] {
        let time = Duration::from_secs(seconds);
        assert_eq!(stats::clock(seconds), doku::ui::clock_text(time));
    }
}

/// The statistics of one game: a medium 9x9 started and solved in 5:00.
fn one_medium_9x9_solved_in_five_minutes(dir: &StateDir) {
    stats::update(dir, |s| {
        s.record_start(NINE_MEDIUM);
        s.record_solved(NINE_MEDIUM, Duration::from_secs(300), 0);
    })
    .unwrap();
}

#[test]
fn mistakes_have_a_column_once_a_game_was_played_with_them_shown() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    one_medium_9x9_solved_in_five_minutes(&dir);
    doku_stats(tmp.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("mistakes").not());
    stats::update(&dir, |s| {
        s.record_start(SIX_CUSTOM);
        s.record_solved(SIX_CUSTOM, Duration::from_secs(100), 0);
        s.record_mistakes(SIX_CUSTOM, 3);
    })
    .unwrap();
    let out = doku_stats(tmp.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let out = String::from_utf8(out).unwrap();
    let header = out.lines().next().unwrap();
    assert!(header.trim_end().ends_with("mistakes"), "{out}");
    let six = out.lines().find(|l| l.starts_with("6x6")).unwrap();
    let nine = out.lines().find(|l| l.starts_with("9x9")).unwrap();
    assert!(six.trim_end().ends_with(" 3"), "{out}");
    assert!(nine.trim_end().ends_with(" -"), "{out}");
    assert!(out.contains("Mistakes: wrong digits"), "{out}");
}

#[test]
fn reset_asks_first_and_keeps_the_old_statistics_aside() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = state(&tmp);
    one_medium_9x9_solved_in_five_minutes(&dir);
    let before = fs::read_to_string(dir.stats_file()).unwrap();
    // No terminal to ask on: refused without --yes, nothing moved (a "y"
    // piped in is not an answer to a question nobody saw).
    doku_stats(tmp.path())
        .arg("--reset")
        .write_stdin("y\n")
        .assert()
        .failure()
        .stderr(predicate::str::contains("--yes"));
    assert_eq!(fs::read_to_string(dir.stats_file()).unwrap(), before);
    doku_stats(tmp.path())
        .args(["--reset", "--yes"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "Statistics reset. The old ones are kept in",
        ));
    assert!(!dir.stats_file().exists());
    let kept: Vec<_> = fs::read_dir(tmp.path().join("doku"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("stats.json.") && n.ends_with(".reset"))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    let old = fs::read_to_string(tmp.path().join("doku").join(&kept[0])).unwrap();
    assert_eq!(old, before);
    doku_stats(tmp.path())
        .assert()
        .success()
        .stdout(predicate::str::starts_with("No games yet"));
    // Nothing left to reset is said, and is no error.
    doku_stats(tmp.path())
        .args(["--reset", "--yes"])
        .assert()
        .success()
        .stderr(predicate::str::contains("no statistics to reset"));
    // --yes alone is a mistake clap names.
    doku_stats(tmp.path()).arg("--yes").assert().failure();
}
