//! Faults injected into the real binary in a real terminal (tmux): `kill -9`
//! mid-game, SIGHUP and SIGTERM (the SSH drop, a shutdown), the terminal
//! closed under it, a corrupt save, two games at once. Each time the moves
//! survive, the terminal is restored, and nothing is overwritten.
//! Without tmux the tests say why they are skipped and pass.

use doku::storage::StateDir;
use std::path::Path;
use std::process::Command;
use std::thread::sleep;
use std::time::{Duration, Instant};

mod common;
use common::tmux::{doku_shell, first_row, saved_game, Pane, Tmux};

const PUZZLE: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";

/// `doku ARGS` with `state` as its config and state folder.
fn doku_command(state: &Path, args: &str) -> String {
    doku_shell(state, &[], args)
}

/// The doku process in the window: the shell's child.
fn doku_pid(pane: &Pane) -> u32 {
    let shell = pane.display("#{pane_pid}");
    let out = Command::new("pgrep")
        .args(["-P", &shell, "-x", "doku"])
        .output()
        .expect("pgrep runs");
    let text = String::from_utf8_lossy(&out.stdout);
    text.trim()
        .parse()
        .unwrap_or_else(|_| panic!("no doku under shell {shell}: {text:?}"))
}

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Waits until the process is reaped. Not merely a zombie: the thread-group
/// leader turns zombie while its other threads may still hold its files
/// (and so the save's lock) for a moment.
fn wait_gone(pid: u32) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(Instant::now() < deadline, "doku {pid} did not exit");
        sleep(Duration::from_millis(20));
    }
}

/// Plays r1c2 = 5 and r1c7 = 9 on the puzzle.
fn play_two_moves(pane: &Pane) {
    pane.wait_for("the board", |s| s.contains('┏'));
    pane.keys(&["l", "5"]);
    pane.wait_for("the first entry", |s| {
        first_row(s).contains("┃  2  │  5! │  3  ┃")
    });
    pane.keys(&["l", "l", "l", "l", "l", "9"]);
    pane.wait_for("the second entry", |s| first_row(s).contains("┃  9  │"));
}

#[test]
fn kill_9_loses_no_move_and_doku_resumes_the_game() {
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("kill9", 80, 24) else {
        return;
    };
    let a = tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    play_two_moves(&a);
    let pid = doku_pid(&a);
    signal(pid, "KILL");
    wait_gone(pid);

    let game = saved_game(state.path());
    assert_eq!(game.entries[0], ".5....9..", "{game:?}");

    // `doku` with no puzzle resumes it and says so.
    let b = tmux.open("b", &doku_command(state.path(), ""));
    let screen = b.wait_for("the resumed game", |s| s.contains("resumed"));
    assert!(
        first_row(&screen).contains("┃  2  │  5! │  3  ┃"),
        "{screen}"
    );
    assert!(first_row(&screen).contains("┃  9  │"), "{screen}");
    // Undo still works on the resumed game: the 9 goes.
    b.keys(&["u"]);
    b.wait_for("the undo", |s| !first_row(s).contains("┃  9  │"));
    b.keys(&["q"]);
    b.wait_for("the exit", |s| s.contains("doku exited 0"));
    assert_eq!(saved_game(state.path()).entries[0], ".5.......");

    // `doku play --new` starts afresh instead, and says what became of
    // the saved game (it does not ask, as g does).
    let c = tmux.open("c", &doku_command(state.path(), "play --new"));
    let screen = c.wait_for("a new game", |s| {
        s.contains("new game: your saved 9x9 custom counts as abandoned")
    });
    assert!(!screen.contains("resumed"), "{screen}");
    c.keys(&["q"]);
    c.wait_for("the exit", |s| s.contains("doku exited 0"));

    // A saved Latin square is named as one when it is set aside.
    let d = tmux.open(
        "d",
        &doku_command(state.path(), "play --new --boxes latin --size 6"),
    );
    // The deal lands after the status line names it: wait for the board
    // (a q before it would leave the 9x9 saved game in place).
    d.wait_for("a 6x6 Latin deal", |s| {
        s.contains("6x6 Latin ·") && !s.contains("dealing a")
    });
    d.keys(&["q"]);
    d.wait_for("the exit", |s| s.contains("doku exited 0"));
    let e = tmux.open("e", &doku_command(state.path(), "play --new"));
    e.wait_for("the Latin game named", |s| {
        s.contains("new game: your saved 6x6 Latin") && s.contains("counts as abandoned")
    });
    e.keys(&["q"]);
    e.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn sighup_and_sigterm_save_restore_the_terminal_and_exit() {
    for (name, status) in [("HUP", 129), ("TERM", 143)] {
        let state = tempfile::tempdir().unwrap();
        let Some(tmux) = Tmux::start(&format!("sig{name}"), 80, 24) else {
            return;
        };
        let a = tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
        play_two_moves(&a);
        sleep(Duration::from_millis(1100)); // the clock runs on after the last move
        signal(doku_pid(&a), name);
        let screen = a.wait_for("the exit", |s| s.contains("doku exited"));
        assert!(
            screen.contains(&format!("doku exited {status}")),
            "{name}: {screen}"
        );
        assert!(
            !screen.contains('┏'),
            "{name}: the board is gone:\n{screen}"
        );
        a.assert_terminal_restored(name);
        let game = saved_game(state.path());
        assert_eq!(game.entries[0], ".5....9..", "{name}");
        assert!(
            game.elapsed_ms >= 1000,
            "{name}: the clock was saved on the way out: {game:?}"
        );
    }
}

/// The SSH drop itself: the terminal disappears under the game (tmux kills
/// the window: SIGHUP, and the terminal's reads fail).
#[test]
fn the_terminal_vanishing_keeps_the_game() {
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("vanish", 80, 24) else {
        return;
    };
    let a = tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    play_two_moves(&a);
    let pid = doku_pid(&a);
    a.kill();
    wait_gone(pid);
    assert_eq!(saved_game(state.path()).entries[0], ".5....9..");
}

#[test]
fn a_corrupt_save_is_reported_kept_and_replaced_by_a_new_game() {
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("corrupt", 80, 24) else {
        return;
    };
    let dir = state.path().join("doku");
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = "{\"doku\": \"save\", \"version\": 1, \"data\": {\"size\": 9, \"giv";
    std::fs::write(dir.join("game.json"), garbage).unwrap();

    let a = tmux.open("a", &doku_command(state.path(), ""));
    let screen = a.wait_for("the report", |s| s.contains("unreadable"));
    assert!(screen.contains(".corrupt"), "{screen}");
    let corrupt: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".corrupt"))
        .collect();
    assert_eq!(corrupt.len(), 1, "{corrupt:?}");
    assert_eq!(std::fs::read_to_string(&corrupt[0]).unwrap(), garbage);

    // The new game plays and saves; the corrupt file stays as it was.
    a.keys(&["q"]);
    let screen = a.wait_for("the exit", |s| s.contains("doku exited"));
    // The whole story, with the path, once the terminal is back.
    assert!(screen.contains("could not be read"), "{screen}");
    assert!(screen.contains("doku exited 0"), "{screen}");
    assert_eq!(std::fs::read_to_string(&corrupt[0]).unwrap(), garbage);
    let _ = saved_game(state.path());
}

#[test]
fn damaged_preferences_are_reported_kept_and_the_defaults_used() {
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("prefs", 80, 24) else {
        return;
    };
    let dir = state.path().join("doku");
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = "{\"doku\": \"preferences\", \"version\": 1, \"data\": {\"theme";
    std::fs::write(dir.join("preferences.json"), garbage).unwrap();

    let a = tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    a.wait_for("the report", |s| s.contains("preferences unreadable"));
    let kept: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().contains("preferences.json."))
        .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), garbage);
    a.keys(&["q"]);
    let screen = a.wait_for("the exit", |s| s.contains("doku exited"));
    // Where it went, once the terminal is back (tmux wraps it at 80).
    let unwrapped = screen.replace('\n', "");
    assert!(unwrapped.contains("preferences file"), "{screen}");
    assert!(unwrapped.contains(".corrupt and kept"), "{screen}");
    assert!(screen.contains("doku exited 0"), "{screen}");
    assert_eq!(std::fs::read_to_string(&kept[0]).unwrap(), garbage);
}

#[test]
fn a_second_game_is_told_and_does_not_save_over_the_first() {
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("two", 80, 24) else {
        return;
    };
    let a = tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    play_two_moves(&a);

    let b = tmux.open("b", &doku_command(state.path(), &format!("play {PUZZLE}")));
    let screen = b.wait_for("the warning", |s| s.contains("another doku"));
    assert!(screen.contains("not saving"), "{screen}");
    // The second game plays on its own board...
    b.keys(&["l", "l", "l", "l", "l", "l", "l", "l", "7"]);
    let screen = b.wait_for("its entry", |s| first_row(s).contains("│  7! ┃"));
    // ...and keeps saying it saves nothing, on the status line and in the
    // panel, after the first key as before it (it said so until then).
    let status = screen.lines().rev().nth(1).unwrap_or_default();
    assert!(status.contains("not saving"), "{screen}");
    assert!(screen.contains("not saving: another"), "{screen}");
    b.keys(&["q"]);
    b.wait_for("its exit", |s| s.contains("doku exited 0"));

    // ...and the first game's save is untouched by it.
    a.keys(&["q"]);
    a.wait_for("the first exit", |s| s.contains("doku exited 0"));
    assert_eq!(saved_game(state.path()).entries[0], ".5....9..");
}

#[test]
fn a_solved_game_is_counted_shown_and_leaves_no_save() {
    let solution =
        "293614785586237149417589623852146397974325816631798452145973268368452971729861534";
    let one_left = format!(".{}", &solution[1..]);
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("solved", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_command(state.path(), &format!("play {one_left}")),
    );
    a.wait_for("the board", |s| s.contains('┏'));
    assert!(state.path().join("doku").join("game.json").exists());
    a.keys(&["2"]);
    let screen = a.wait_for("the solved line", |s| s.contains("solved in"));
    assert!(screen.contains("your first 9x9 custom"), "{screen}");
    a.keys(&["q"]);
    a.wait_for("the exit", |s| s.contains("doku exited 0"));
    assert!(
        !state.path().join("doku").join("game.json").exists(),
        "nothing left to resume"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_doku"))
        .arg("stats")
        .env("XDG_STATE_HOME", state.path())
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&out.stdout);
    let row: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("9x9"))
        .unwrap_or_else(|| panic!("no 9x9 row: {table}"))
        .split_whitespace()
        .collect();
    assert_eq!(row[..5], ["9x9", "custom", "1", "1", "0"], "{table}");
}

#[test]
fn a_state_folder_that_cannot_be_made_is_said_once_and_the_game_plays_on() {
    let home = tempfile::tempdir().unwrap();
    let file = home.path().join("a-file");
    std::fs::write(&file, "not a folder").unwrap();
    let Some(tmux) = Tmux::start("nostate", 80, 24) else {
        return;
    };
    // The state folder would be under a file: nothing can be kept.
    let state = format!("XDG_STATE_HOME={}", file.join("x").display());
    let pane = tmux.open("a", &doku_shell(home.path(), &[&state], ""));
    // The fresh deal comes with the one reason, not a "statistics not
    // saved" that replaced it at the deal.
    let screen = pane.wait_for("the dealt game", |s| {
        s.contains('┏') && !s.contains("dealing")
    });
    assert!(screen.contains("nowhere to save"), "{screen}");
    assert!(!screen.contains("not saved"), "{screen}");
    pane.keys(&["q"]);
    pane.wait_for("the exit", |s| s.contains("doku exited 0"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "not a folder");
}

#[test]
fn the_resumed_message_names_the_new_game_key_that_works_on_the_board() {
    // On a 16x16, g is the digit 16: "g deals a new one" would have the
    // player type a G into the board.
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("resumed16", 80, 24) else {
        return;
    };
    let puzzle = common::generated_puzzle(16).puzzle;
    let a = tmux.open(
        "a",
        &doku_command(state.path(), &format!("play --new {puzzle}")),
    );
    a.wait_for("the board", |s| s.contains("16x16"));
    a.keys(&["q"]);
    a.wait_for("the exit", |s| s.contains("doku exited 0"));
    let b = tmux.open("b", &doku_command(state.path(), ""));
    let screen = b.wait_for("the resumed game", |s| s.contains("resumed"));
    assert!(screen.contains("Ctrl-n deals a new one"), "{screen}");
    assert!(!screen.contains("(g deals"), "{screen}");
    b.keys(&["q"]);
    b.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn play_deals_the_size_and_difficulty_asked_for_asking_first_over_a_saved_game() {
    // `doku play --size 16 --difficulty hard` used to resume the saved
    // 9x9: the flags say what to play, so a saved game of another kind is
    // put to the player first, as a puzzle given or pasted is.
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("dealasked", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_command(state.path(), "play --size 6 --difficulty hard"),
    );
    a.wait_for("the 6x6 hard deal", |s| {
        s.contains('┏') && s.contains("6x6 · hard")
    });
    // Played: the 6x6 is now a game in progress.
    a.keys(&["c"]);
    a.keys(&["q"]);
    a.wait_for("the exit", |s| s.contains("doku exited 0"));
    let asked = "play --difficulty easy --boxes latin";
    let b = tmux.open("b", &doku_command(state.path(), asked));
    let screen = b.wait_for("the question", |s| s.contains("asked for"));
    assert!(
        screen.contains(
            "deal the 9x9 Latin easy asked for (saved 6x6 hard then counts as abandoned)?"
        ),
        "{screen}"
    );
    b.keys(&["n"]);
    let screen = b.wait_for("the answer", |s| s.contains("kept this game"));
    assert!(screen.contains("6x6 · hard"), "{screen}");
    b.keys(&["q"]);
    b.wait_for("the exit", |s| s.contains("doku exited 0"));
    let c = tmux.open("c", &doku_command(state.path(), asked));
    c.wait_for("the question", |s| s.contains("asked for"));
    c.keys(&["y"]);
    c.wait_for("the Latin deal", |s| s.contains("9x9 Latin · easy"));
    c.keys(&["q"]);
    c.wait_for("the exit", |s| s.contains("doku exited 0"));
    // A saved game of the kind asked for is simply resumed; one untouched
    // is replaced at once, nothing lost.
    let d = tmux.open("d", &doku_command(state.path(), "play --boxes latin"));
    let screen = d.wait_for("the resumed game", |s| s.contains("resumed"));
    assert!(screen.contains("9x9 Latin · easy"), "{screen}");
    d.keys(&["q"]);
    d.wait_for("the exit", |s| s.contains("doku exited 0"));
    let e = tmux.open("e", &doku_command(state.path(), "play --size 4"));
    let screen = e.wait_for("the 4x4 deal", |s| s.contains('┏') && s.contains("4x4 ·"));
    assert!(!screen.contains("asked for"), "{screen}");
    e.keys(&["q"]);
    e.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn play_deals_a_latin_square_of_a_size_without_boxes_as_generate_does() {
    // `doku play --boxes latin --size 7` was refused ("not a board size")
    // while `doku generate --boxes latin --size 7` deals it.
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("latin7", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_command(state.path(), "play --boxes latin --size 7"),
    );
    a.wait_for("the 7x7 Latin deal", |s| {
        s.contains('┏') && s.contains("7x7 Latin ·")
    });
    // Sudokus again: a 7x7 has no boxes, so the next size up that has.
    a.keys(&["L"]);
    a.wait_for("the next deal", |s| s.contains("next deal: 8x8 sudoku"));
    a.keys(&["q"]);
    a.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn a_key_remembers_its_own_choice_only_not_the_command_line_s() {
    // `doku play --size 6` is for that run: pressing t (next theme) must
    // remember the theme, not freeze the 6x6 (or the config's difficulty)
    // into every later start.
    let state = tempfile::tempdir().unwrap();
    let Some(tmux) = Tmux::start("ownchoice", 80, 24) else {
        return;
    };
    let a = tmux.open("a", &doku_command(state.path(), "play --size 6"));
    a.wait_for("the 6x6 deal", |s| s.contains('┏') && s.contains("6x6 ·"));
    a.keys(&["t"]);
    a.wait_for("the theme message", |s| s.contains("theme: "));
    a.keys(&["q"]);
    a.wait_for("the exit", |s| s.contains("doku exited 0"));
    let file = StateDir::new(state.path().join("doku")).prefs_file();
    let text = std::fs::read_to_string(&file).expect("the preferences file");
    assert!(text.contains("\"theme\""), "{text}");
    for left_out in ["\"size\"", "\"difficulty\"", "\"latin\""] {
        assert!(!text.contains(left_out), "{left_out} in {text}");
    }
}
