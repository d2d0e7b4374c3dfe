//! The batch commands in a real terminal (tmux): what a person running
//! `doku solve` by hand sees on stderr while a long puzzle runs.
//! Without tmux the test says why it is skipped and passes.

mod common;
use common::tmux::{doku_shell, Tmux};
use common::{assert_valid_solution, board, shared_data};
use std::time::Duration;

const WIDTH: u16 = 120;

#[test]
fn a_long_solve_says_which_puzzle_runs_and_erases_that_before_the_answer() {
    // Line 10 of the 25x25 set takes three to four seconds (its search is
    // deterministic): long enough for the status line, which waits a second
    // before it shows. Lines 13 and then 4 did, until the solver learned to
    // take them in under one (4 since learned clauses are shrunk).
    let Some(lines) = shared_data(
        "25x25_gecode.txt",
        "the status line of a long doku solve (a 25x25 that takes seconds)",
    ) else {
        return;
    };
    let puzzle = lines[9].clone();
    let home = tempfile::tempdir().expect("temp dir");
    let file = home.path().join("hard.txt");
    std::fs::write(&file, format!("{puzzle}\n")).expect("puzzle file");
    let Some(tmux) = Tmux::start("cli", WIDTH, 30) else {
        return;
    };
    let command = doku_shell(
        home.path(),
        &[],
        &format!("solve --file {}", file.display()),
    );
    let pane = tmux.open("solve", &command);
    let status = format!("doku: solving the puzzle on line 1 of {}: ", file.display());
    pane.wait_up_to(Duration::from_secs(60), "the status line", |s| {
        s.contains(&status)
    });
    let screen = pane.wait_up_to(Duration::from_secs(180), "doku to finish", |s| {
        s.contains("doku exited")
    });
    assert!(screen.contains("doku exited 0"), "{screen}");
    assert!(
        !screen.contains("doku: solving"),
        "the status line is erased:\n{screen}"
    );
    // The answer starts at the left edge (not after leftover status text)
    // and wraps over the rows above the exit line.
    let rows: Vec<&str> = screen.lines().collect();
    let exit_row = rows
        .iter()
        .position(|r| r.starts_with("doku exited"))
        .expect("exit row");
    let answer_rows = 625usize.div_ceil(WIDTH as usize);
    let answer: String = rows[exit_row - answer_rows..exit_row].concat();
    assert_eq!(answer.trim_end().len(), 625, "{screen}");
    assert_valid_solution(&board(&puzzle), &board(answer.trim_end()));
}
