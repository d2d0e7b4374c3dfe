//! Sharing a deal: `doku play --seed S` in the real binary deals the very
//! puzzle `doku generate --seed S` prints (same size, difficulty and
//! variant), so two people can play the same deal. The game is read back
//! from the save file after quitting. Without tmux the test says why it is
//! skipped and passes.

mod common;
use common::tmux::{doku_shell, Tmux};
use doku::engine::format::{parse_puzzle, write_line, ShapeHint};
use doku::engine::Board;
use doku::storage::{envelope, SavedGame, StateDir};
use std::path::Path;
use std::process::Command;

fn saved(state: &Path) -> SavedGame {
    let path = StateDir::new(state.join("doku")).save_file();
    match envelope::load_checked(&path, envelope::SAVE, SavedGame::check) {
        Ok(Some(game)) => game,
        other => panic!("expected a valid save, found {other:?}"),
    }
}

/// The puzzle `doku generate FLAGS` prints.
fn generated(flags: &[&str]) -> Board {
    let out = Command::new(env!("CARGO_BIN_EXE_doku"))
        .arg("generate")
        .args(flags)
        .output()
        .expect("doku generate runs");
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    parse_puzzle(text.trim(), ShapeHint::Infer).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The first deal of `doku play FLAGS`, as saved when quitting at once.
fn played(tmux: &Tmux, window: &str, flags: &str, board: &str) -> Board {
    let state = tempfile::tempdir().expect("temp dir");
    let pane = tmux.open(
        window,
        &doku_shell(state.path(), &[], &format!("play {flags}")),
    );
    pane.wait_for("the deal", |s| s.contains('┏') && s.contains(board));
    pane.keys(&["q"]);
    pane.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    saved(state.path())
        .givens_board()
        .expect("the saved givens read back")
}

#[test]
fn play_with_a_seed_deals_what_generate_with_that_seed_prints() {
    let Some(tmux) = Tmux::start("share", 80, 24) else {
        return;
    };
    let classic = generated(&["--seed", "11"]);
    assert_eq!(played(&tmux, "classic", "--seed 11", "9x9"), classic);

    // A jigsaw draws its layout from the same stream: regions and givens.
    let flags = [
        "--seed",
        "12",
        "--size",
        "6",
        "--variant",
        "jigsaw",
        "--difficulty",
        "easy",
    ];
    let jigsaw = generated(&flags);
    assert!(jigsaw.shape().is_jigsaw());
    let played = played(&tmux, "jigsaw", &flags.join(" "), "6x6 jigsaw");
    assert_eq!(played.shape(), jigsaw.shape(), "the same regions");
    assert_eq!(played, jigsaw);
}

/// What tmux's newest paste buffer holds, once it holds something.
fn buffer(tmux: &Tmux) -> String {
    let start = std::time::Instant::now();
    loop {
        let out = tmux.run(&["show-buffer"]);
        if out.status.success() {
            return String::from_utf8_lossy(&out.stdout).into_owned();
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(10),
            "no buffer: {out:?}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
}

#[test]
fn the_copy_key_puts_the_puzzle_line_on_tmux_s_clipboard() {
    let Some(tmux) = Tmux::start("copy", 80, 24) else {
        return;
    };
    // tmux takes OSC 52 from a program only with this on.
    tmux.ok(&["set-option", "-g", "set-clipboard", "on"]);
    let state = tempfile::tempdir().expect("temp dir");
    // A jigsaw: the copy is the line doku reads back, regions and all.
    let puzzle = write_line(&generated(&[
        "--seed",
        "12",
        "--size",
        "6",
        "--variant",
        "jigsaw",
        "--difficulty",
        "easy",
    ]));
    assert!(
        puzzle.contains(' '),
        "givens, a space, the region map: {puzzle}"
    );
    let pane = tmux.open(
        "game",
        &doku_shell(state.path(), &[], &format!("play '{puzzle}'")),
    );
    pane.wait_for("the puzzle", |s| s.contains('┏'));
    pane.keys(&["Y"]);
    pane.wait_for("the word that it was copied", |s| s.contains("copied"));
    assert_eq!(buffer(&tmux), puzzle);
    pane.keys(&["q"]);
    pane.wait_for("doku to quit", |s| s.contains("doku exited 0"));
}
