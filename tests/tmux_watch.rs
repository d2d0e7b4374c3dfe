//! `doku watch` as a person runs it: in tmux, keys sent with `send-keys`, the
//! screen read with `capture-pane`. The step counter grows, `f` finishes with
//! the board solved, and `q` gives the terminal back (main screen, cursor on);
//! without `--strategy` the view opens on the config's `watch.strategy`.
//!
//! Skipped, with the reason printed, when tmux is not installed.

use std::path::Path;
use std::thread::sleep;
use std::time::Duration;

mod common;
use common::tmux::{doku_shell, Pane, Tmux};

const SEED_9X9_A: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
const SOLUTION_9X9_A: &str =
    "293614785586237149417589623852146397974325816631798452145973268368452971729861534";

/// `doku ARGS` in window `name` of `tmux` (at the size it was started
/// with), with `home` as its config and state folder.
fn watch<'t>(tmux: &'t Tmux, name: &str, home: &Path, args: &str) -> Pane<'t> {
    tmux.open(name, &doku_shell(home, &["TERM=xterm-256color"], args))
}

/// The number after `label` on the screen (the panel's "steps      1,234").
fn counter(screen: &str, label: &str) -> Option<u64> {
    let line = screen.lines().find(|l| l.contains(label))?;
    let rest = &line[line.find(label)? + label.len()..];
    let digits: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == ',')
        .filter(char::is_ascii_digit)
        .collect();
    digits.parse().ok()
}

/// The digits of the board's rows, read off the screen (rows are the lines
/// that start with the heavy frame `┃`).
fn board_digits(screen: &str) -> String {
    screen
        .lines()
        .filter(|l| l.trim_start().starts_with('┃'))
        .map(|l| {
            // The board ends at its right frame; the panel follows.
            let cut = l.rfind('┃').unwrap_or(l.len());
            l[..cut]
                .chars()
                .filter(|c| c.is_ascii_digit() || *c == '·')
                .collect::<String>()
        })
        .collect()
}

#[test]
fn doku_watch_counts_up_finishes_solved_and_q_restores_the_terminal() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("watch", 100, 30) else {
        return;
    };
    let view = watch(
        &tmux,
        "watch",
        home.path(),
        &format!("watch {SEED_9X9_A} --strategy naive --speed 50"),
    );
    let first = view.wait_up_to(Duration::from_secs(20), "the solver panel", |s| {
        counter(s, "steps").is_some_and(|n| n > 0)
    });
    assert!(first.contains("strategy   naive"), "{first}");
    assert_eq!(
        view.display("#{alternate_on}"),
        "1",
        "the view runs on the alternate screen"
    );
    let before = counter(&first, "steps").unwrap_or(0);
    sleep(Duration::from_millis(1500));
    let after = counter(&view.screen(), "steps").unwrap_or(0);
    assert!(
        after > before + 20,
        "at 50 steps per second the counter grows: {before} then {after}"
    );

    // ?: the solver view's own keys over the view; any key goes back to it.
    view.keys(&["?"]);
    let help = view.wait_for("the solver view's help", |s| s.contains("solver view keys"));
    assert!(help.contains("Space  pause or resume the search"), "{help}");
    view.keys(&["x"]);
    let back = view.wait_for("the view again", |s| {
        !s.contains("solver view keys") && counter(s, "steps").is_some()
    });
    assert!(back.contains("strategy   naive"), "{back}");

    // f: finish now, at full speed, and show the result.
    view.keys(&["f"]);
    let done = view.wait_up_to(Duration::from_secs(60), "the solved result", |s| {
        s.contains("result     solved")
    });
    assert_eq!(
        board_digits(&done),
        SOLUTION_9X9_A,
        "the board ends solved:\n{done}"
    );
    assert_eq!(
        counter(&done, "steps"),
        Some(22_195),
        "naive's known step count"
    );

    view.keys(&["q"]);
    let after_quit = view.wait_for("doku to exit", |s| s.contains("doku exited"));
    assert!(after_quit.contains("doku exited 0"), "{after_quit}");
    view.assert_terminal_restored("after q");
    assert!(
        !after_quit.contains("strategy"),
        "nothing of the view is left on the main screen:\n{after_quit}"
    );
}

#[test]
fn doku_watch_without_a_puzzle_deals_one_and_local_search_solves_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("deal", 100, 30) else {
        return;
    };
    let view = watch(
        &tmux,
        "watch",
        home.path(),
        "watch --strategy min-conflicts --speed 100",
    );
    let first = view.wait_up_to(Duration::from_secs(30), "the solver panel", |s| {
        s.contains("strategy   min-conflicts")
    });
    assert!(first.contains("conflicts"), "{first}");
    view.keys(&["f"]);
    let done = view.wait_up_to(Duration::from_secs(60), "the solved result", |s| {
        s.contains("result     solved")
    });
    let digits = board_digits(&done);
    assert_eq!(digits.len(), 81, "a full 9x9 board:\n{done}");
    assert_eq!(counter(&done, "│conflicts"), Some(0), "{done}");
    view.keys(&["q"]);
    let after_quit = view.wait_for("doku to exit", |s| s.contains("doku exited"));
    assert!(after_quit.contains("doku exited 0"), "{after_quit}");
}

#[test]
fn doku_watch_opens_on_the_configured_strategy_unless_told_another() {
    let home = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(home.path().join("doku")).expect("config folder");
    std::fs::write(
        home.path().join("doku").join("config.toml"),
        "[watch]\nstrategy = \"genetic\"\n",
    )
    .expect("config file");
    let Some(tmux) = Tmux::start("configured", 100, 30) else {
        return;
    };
    let view = watch(
        &tmux,
        "configured",
        home.path(),
        &format!("watch {SEED_9X9_A}"),
    );
    view.wait_for("the configured strategy", |s| {
        s.contains("strategy   genetic")
    });
    view.keys(&["q"]);
    view.wait_for("doku to exit", |s| s.contains("doku exited 0"));

    let told = watch(
        &tmux,
        "told",
        home.path(),
        &format!("watch {SEED_9X9_A} --strategy naive"),
    );
    told.wait_for("the strategy asked for", |s| s.contains("strategy   naive"));
    told.keys(&["q"]);
    told.wait_for("doku to exit", |s| s.contains("doku exited 0"));
}

#[test]
fn a_game_played_from_doku_watch_says_it_is_not_saved() {
    // doku watch never saves (it must not replace the game in progress),
    // yet its solver view leads to a playable board, and the help says
    // quit saves: the player is told before typing into it.
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("unsaved", 80, 24) else {
        return;
    };
    let view = watch(
        &tmux,
        "unsaved",
        home.path(),
        &format!("watch {SEED_9X9_A}"),
    );
    view.wait_for("the solver panel", |s| s.contains("strategy"));
    view.keys(&["a"]);
    let game = view.wait_for("the game's keys", |s| s.contains("1-9 digit"));
    assert!(game.contains("not saved"), "{game}");
    view.keys(&["q"]);
    view.wait_for("doku to exit", |s| s.contains("doku exited 0"));
}

#[test]
fn watch_with_boxes_latin_and_no_puzzle_deals_a_latin_square() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("watch-latin", 80, 24) else {
        return;
    };
    // As doku play --boxes latin deals them (it was silently a sudoku).
    let pane = watch(&tmux, "latin", home.path(), "watch --boxes latin");
    pane.wait_for("a Latin square in the solver view", |s| {
        s.contains("9x9 Latin · ") && s.contains("solver: ")
    });
    pane.keys(&["q"]);
    pane.wait_for("the exit", |s| s.contains("doku exited 0"));
}
