//! Sharing a deal: `doku play --seed S` in the real binary deals the very
//! puzzle `doku generate --seed S` prints (same size, difficulty and
//! variant), so two people can play the same deal. The game is read back
//! from the save file after quitting. Without tmux the test says why it is
//! skipped and passes.

mod common;
use common::tmux::{doku_shell, saved_game, Tmux};
use doku::engine::format::{parse_puzzle, write_line, ShapeHint};
use doku::engine::Board;
use doku::storage::SavedGame;
use std::process::Command;

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
    saved_game(state.path())
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
    let flags = SMALL_JIGSAW;
    let jigsaw = generated(&flags);
    assert!(jigsaw.shape().is_jigsaw());
    let played = played(&tmux, "jigsaw", &flags.join(" "), "6x6 jigsaw");
    assert_eq!(played.shape(), jigsaw.shape(), "the same regions");
    assert_eq!(played, jigsaw);
}

/// A seeded 6x6 jigsaw deal: quick, and its regions are in its line.
const SMALL_JIGSAW: [&str; 8] = [
    "--seed",
    "12",
    "--size",
    "6",
    "--variant",
    "jigsaw",
    "--difficulty",
    "easy",
];

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
    let puzzle = write_line(&generated(&SMALL_JIGSAW));
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

/// Keys that move the cursor from r1c1 to `cell` of an `n`x`n` board.
fn moves_to(cell: usize, n: usize) -> Vec<&'static str> {
    let mut keys = vec!["j"; cell / n];
    keys.extend(vec!["l"; cell % n]);
    keys
}

/// The key that types digit `d` (1-9, then A, B, ...).
fn digit_key(d: u8) -> String {
    doku::keymap::digit_symbol(d)
        .expect("a digit of the board")
        .to_string()
}

/// Plays `board` (given as `puzzle`, its line) in a fresh state folder:
/// an entry in its first empty cell, then the notes `notes` asks for,
/// then the copy key twice. Returns what tmux's clipboard holds and the
/// game as saved when quitting.
fn play_and_copy_game(
    tmux: &Tmux,
    window: &str,
    env: &[&str],
    flags: &str,
    board: &Board,
    notes: Notes,
) -> (String, SavedGame) {
    let state = tempfile::tempdir().expect("temp dir");
    let n = board.shape().size();
    let pane = tmux.open(
        window,
        &doku_shell(state.path(), env, &format!("play {flags}")),
    );
    pane.wait_for("the deal", |s| s.contains('┏'));
    let empty: Vec<usize> = (0..n * n).filter(|&i| board.values()[i] == 0).collect();
    // An entry in the first empty cell: any digit its houses leave.
    let first = doku::engine::Cell(empty[0] as u16);
    let digit = board.candidates(first).first().expect("a candidate").get();
    pane.keys(&moves_to(empty[0], n));
    pane.keys(&[&digit_key(digit)]);
    let mut after = board.clone();
    after.set(first, doku::engine::Digit::new(digit));
    // Back to r1c1, then to the second empty cell.
    let second = empty[1];
    let back: Vec<&str> = vec!["k"; empty[0] / n]
        .into_iter()
        .chain(vec!["h"; empty[0] % n])
        .collect();
    pane.keys(&back);
    let candidates = after.candidates(doku::engine::Cell(second as u16));
    match notes {
        // Every candidate filled in (c), then the first one crossed out.
        Notes::FilledThenOneOut => {
            pane.keys(&["c"]);
            pane.keys(&moves_to(second, n));
            pane.keys(&[
                "n",
                &digit_key(candidates.first().expect("candidates").get()),
            ]);
        }
        // Two pencil marks in one cell only.
        Notes::TwoInOneCell => {
            let mut two = candidates.iter();
            let (a, b) = (two.next().expect("a"), two.next().expect("b"));
            pane.keys(&moves_to(second, n));
            pane.keys(&["Tab", &digit_key(a.get()), &digit_key(b.get())]);
        }
    }
    pane.wait_for("the notes", |s| s.contains("notes"));
    pane.keys(&["Y"]);
    pane.wait_for("the puzzle copied", |s| s.contains("puzzle copied"));
    pane.keys(&["Y"]);
    pane.wait_for("the game copied", |s| s.contains("game copied"));
    let copied = buffer(tmux);
    pane.keys(&["q"]);
    pane.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    (copied, saved_game(state.path()))
}

#[derive(Clone, Copy)]
enum Notes {
    FilledThenOneOut,
    TwoInOneCell,
}

/// The game `doku play TEXT` starts, as saved when quitting at once in a
/// fresh state folder.
fn game_from_text(tmux: &Tmux, window: &str, env: &[&str], text: &str) -> SavedGame {
    let state = tempfile::tempdir().expect("temp dir");
    let pane = tmux.open(
        window,
        &doku_shell(state.path(), env, &format!("play '{text}'")),
    );
    pane.wait_for("the shared game", |s| s.contains('┏'));
    pane.keys(&["q"]);
    pane.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    saved_game(state.path())
}

fn same_game(shared: &SavedGame, played: &SavedGame) {
    assert_eq!(shared.givens, played.givens, "givens");
    assert_eq!(shared.entries, played.entries, "entries");
    assert_eq!(shared.notes, played.notes, "notes");
    assert!(played
        .entries
        .iter()
        .any(|row| row.chars().any(|c| c != '.' && c != '0')));
    assert!(!played.notes.is_empty());
}

#[test]
fn a_game_copied_with_y_twice_plays_on_with_its_entries_and_notes() {
    let Some(tmux) = Tmux::start("copy-game", 80, 24) else {
        return;
    };
    tmux.ok(&["set-option", "-g", "set-clipboard", "on"]);
    // A classic deal whose notes are the candidates less one crossed out:
    // HoDoKu's library line holds it.
    let classic = generated(&["--seed", "11"]);
    let (text, before) = play_and_copy_game(
        &tmux,
        "classic",
        &[],
        "--seed 11",
        &classic,
        Notes::FilledThenOneOut,
    );
    assert!(text.starts_with(":0000:x:"), "HoDoKu's line: {text}");
    assert!(text.contains('+'), "the entry is marked placed: {text}");
    let after = game_from_text(&tmux, "classic-again", &[], &text);
    same_game(&before, &after);

    // A 16x16 with two pencil marks in one cell, without colours: an
    // f-puzzles link.
    let flags = ["--seed", "11", "--size", "16", "--difficulty", "easy"];
    let sixteen = generated(&flags);
    let (text, before) = play_and_copy_game(
        &tmux,
        "sixteen",
        &["NO_COLOR=1"],
        &flags.join(" "),
        &sixteen,
        Notes::TwoInOneCell,
    );
    assert!(text.starts_with("https://f-puzzles.com/?load="), "{text}");
    let after = game_from_text(&tmux, "sixteen-again", &["NO_COLOR=1"], &text);
    same_game(&before, &after);
}
