//! The player's game in a real terminal (tmux at 80x24): the puzzle editor,
//! a pasted puzzle, nothing lost to one key, and the next deal's choices
//! kept across restarts. Without tmux the tests say why they are skipped
//! and pass.

mod common;
use common::panel_text;
use common::tmux::{doku_shell, first_row, Pane, Tmux};

const PUZZLE: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
/// Another puzzle with one solution (seed-9x9-a with its 2s and 6s swapped
/// in the givens is still a puzzle with exactly one solution).
const OTHER: &str =
    "603210000580007000400080060806000007000305000200000406040070008000400071000021504";

#[test]
fn the_editor_shows_clashes_counts_solutions_takes_a_paste_and_plays_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("edit", 80, 24) else {
        return;
    };
    let editor = tmux.open("edit", &doku_shell(home.path(), &[], "edit"));
    editor.wait_for("the blank editor", |s| {
        s.contains("your puzzle") && s.contains("0 givens")
    });
    // Two 5s in row 1 (a digit moves the cursor on): the clash is named at once.
    editor.keys(&["5", "5"]);
    // The panel is narrow at 80x24: the reason may wrap, read it whole.
    editor.wait_for("the clash", |s| {
        panel_text(s).contains("no solution r1c1 and r1c2 both hold 5 in row 1")
    });
    // Enter refuses, with the reason.
    editor.keys(&["Enter"]);
    editor.wait_for("the refusal", |s| s.contains("nothing to play"));
    // A puzzle line pasted (bracketed paste) replaces the givens, and the
    // count in the background finds exactly one solution.
    tmux.ok(&["set-buffer", PUZZLE]);
    tmux.ok(&["paste-buffer", "-p", "-t", editor.target()]);
    let screen = editor.wait_for("the count", |s| s.contains("exactly one solution"));
    assert!(
        first_row(&screen).contains("┃  2  │     │  3  ┃  6  │  1  │"),
        "{screen}"
    );
    // Enter plays it.
    plays_the_edited_puzzle_and_quits(&editor);
}

#[test]
fn edit_with_boxes_and_no_puzzle_opens_a_blank_board_of_that_shape() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("edit-shape", 80, 24) else {
        return;
    };
    let latin = tmux.open(
        "latin",
        &doku_shell(home.path(), &[], "edit --boxes latin --size 6"),
    );
    latin.wait_for("a blank 6x6 Latin editor", |s| {
        s.contains("6x6 Latin · editor · 0 givens")
    });
    // The next size is a Latin square too: the editor keeps its kind.
    latin.keys(&["z"]);
    latin.wait_for("a blank 8x8 Latin editor, said so", |s| {
        s.contains("8x8 Latin · editor · 0 givens") && s.contains("a blank 8x8 Latin board")
    });
    latin.keys(&["q"]);
    latin.wait_for("the exit", |s| s.contains("doku exited 0"));
    let boxes = tmux.open("boxes", &doku_shell(home.path(), &[], "edit --boxes 3x2"));
    // Standard 6x6 boxes are 2x3: these stand on end.
    boxes.wait_for("a blank 6x6 editor of 3x2 boxes", |s| {
        s.contains("6x6 (3x2 boxes) · editor · 0 givens")
    });
    boxes.keys(&["q"]);
    boxes.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn g_asks_before_it_throws_a_game_away_and_play_puzzle_keeps_the_saved_game() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("keep", 80, 24) else {
        return;
    };
    let first = tmux.open(
        "first",
        &doku_shell(home.path(), &[], &format!("play {PUZZLE}")),
    );
    first.wait_for("the board", |s| s.contains('┏'));
    first.keys(&["l", "9"]);
    first.wait_for("the entry", |s| {
        first_row(s).contains("┃  2  │  9  │  3  ┃")
    });
    // g asks; Escape (any key but y) keeps the game.
    first.keys(&["g"]);
    first.wait_for("the question", |s| {
        s.contains("deal a new puzzle") && s.contains("y yes")
    });
    first.keys(&["Escape"]);
    let screen = first.wait_for("the answer", |s| s.contains("kept this game"));
    assert!(
        first_row(&screen).contains("┃  2  │  9  │  3  ┃"),
        "{screen}"
    );
    first.keys(&["q"]);
    first.wait_for("the exit", |s| s.contains("doku exited 0"));

    // Another puzzle given on the command line: the saved game stays on
    // screen until the player says yes.
    let second = tmux.open(
        "second",
        &doku_shell(home.path(), &[], &format!("play {OTHER}")),
    );
    let screen = second.wait_for("the question", |s| s.contains("play the puzzle you gave"));
    assert!(
        first_row(&screen).contains("┃  2  │  9  │  3  ┃"),
        "{screen}"
    );
    second.keys(&["n"]);
    second.wait_for("the saved game kept", |s| s.contains("kept this game"));
    second.keys(&["q"]);
    second.wait_for("the exit", |s| s.contains("doku exited 0"));

    // Said yes to, the given puzzle is played.
    let third = tmux.open(
        "third",
        &doku_shell(home.path(), &[], &format!("play {OTHER}")),
    );
    third.wait_for("the question", |s| s.contains("play the puzzle you gave"));
    third.keys(&["y"]);
    third.wait_for("the given puzzle", |s| {
        first_row(s).contains("┃  6  │     │  3  ┃  2  │  1  │")
    });
    third.keys(&["q"]);
    third.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn the_next_deals_size_difficulty_and_theme_survive_a_restart() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("prefs", 80, 24) else {
        return;
    };
    let first = tmux.open(
        "first",
        &doku_shell(home.path(), &[], &format!("play {PUZZLE}")),
    );
    first.wait_for("the board", |s| s.contains("next deal: 9x9 medium"));
    // z, z, Z: one size up in all (9 -> 10); d: medium -> hard; t: next theme.
    first.keys(&["z", "z", "Z", "d", "t"]);
    first.wait_for("the choices", |s| s.contains("next deal: 10x10 hard"));
    first.keys(&["q"]);
    first.wait_for("the exit", |s| s.contains("doku exited 0"));

    let second = tmux.open(
        "second",
        &doku_shell(home.path(), &[], &format!("play --new {PUZZLE}")),
    );
    second.wait_for("the remembered choices", |s| {
        s.contains("next deal: 10x10 hard")
    });
    second.keys(&["q"]);
    second.wait_for("the exit", |s| s.contains("doku exited 0"));
    let prefs = std::fs::read_to_string(home.path().join("doku/preferences.json"))
        .expect("preferences.json in the state directory");
    assert!(prefs.contains("\"size\": 10"), "{prefs}");
    assert!(prefs.contains("\"theme\": \"light\""), "{prefs}");
    assert!(
        !home.path().join("doku/config.toml").exists(),
        "the user's config is never written"
    );
}

/// seed-9x9-a's solution with r1c1 left empty: one digit (2) from solved.
const ONE_TO_GO: &str =
    "093614785586237149417589623852146397974325816631798452145973268368452971729861534";

/// `doku stats` with the state in `home`, as the tmux games keep it.
fn stats(home: &std::path::Path) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_doku"))
        .arg("stats")
        .env("XDG_STATE_HOME", home)
        .env("XDG_CONFIG_HOME", home)
        .output()
        .expect("doku stats runs");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// The words of the table row for `board`.
fn row(table: &str, board: &str) -> Vec<String> {
    table
        .lines()
        .find(|l| l.starts_with(board))
        .unwrap_or_else(|| panic!("no {board} row:\n{table}"))
        .split_whitespace()
        .map(String::from)
        .collect()
}

#[test]
fn a_game_solved_undone_and_solved_again_counts_once() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("once", 80, 24) else {
        return;
    };
    let game = tmux.open(
        "once",
        &doku_shell(home.path(), &[], &format!("play {ONE_TO_GO}")),
    );
    game.wait_for("the board", |s| s.contains('┏'));
    game.keys(&["2"]);
    game.wait_for("the solve", |s| s.contains("solved in"));
    // Undo, the digit again; restart, undo: the same game each time.
    game.keys(&["u", "2"]);
    game.wait_for("the second solve", |s| s.contains("solved again"));
    game.keys(&["r", "u"]);
    game.wait_for("the third solve", |s| s.contains("solved again"));
    game.keys(&["q"]);
    game.wait_for("the exit", |s| s.contains("doku exited 0"));
    let table = stats(home.path());
    // board, difficulty, started, solved, assisted, abandoned, ...
    assert_eq!(row(&table, "9x9")[2..6], ["1", "1", "0", "0"], "{table}");
    assert!(table.contains("Streak: 1 solved in a row"), "{table}");
}

#[test]
fn a_game_finished_by_a_hint_is_assisted_with_no_best_time_and_no_streak() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("assisted", 80, 24) else {
        return;
    };
    let game = tmux.open(
        "assisted",
        &doku_shell(home.path(), &[], &format!("play {ONE_TO_GO}")),
    );
    game.wait_for("the board", |s| s.contains('┏'));
    // H: the technique and where; H: the cells; H: applied.
    game.keys(&["H"]);
    // The one empty cell is its box's last: a hidden single there (SE 1.2)
    // comes before a naked single (2.3).
    // The panel holds the hint; the status line leaves it to the panel.
    game.wait_for("the hint's summary", |s| {
        panel_text(s).contains("hint a hidden single in box 1")
            && !s
                .lines()
                .any(|l| l.contains("·") && l.contains("hidden single"))
    });
    game.keys(&["H"]);
    game.wait_for("the hint in full", |s| {
        panel_text(s).contains("In box 1, 2 can only go in r1c1")
            && panel_text(s).contains("F2: apply it")
    });
    game.keys(&["H"]);
    game.wait_for("the solve", |s| s.contains("with help"));
    game.keys(&["q"]);
    game.wait_for("the exit", |s| s.contains("doku exited 0"));
    let table = stats(home.path());
    let words = row(&table, "9x9");
    assert_eq!(words[2..6], ["1", "0", "1", "0"], "{table}");
    assert_eq!(words[6], "-", "no best time: {table}");
    assert!(table.contains("Streak: 0 solved in a row"), "{table}");
}

#[test]
fn w_marks_mistakes_without_colour_and_a_resumed_game_keeps_them_marked() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("mistakes", 80, 24) else {
        return;
    };
    let play = tmux.open(
        "play",
        &doku_shell(home.path(), &["NO_COLOR=1"], &format!("play {PUZZLE}")),
    );
    play.wait_for("the board", |s| s.contains('┏'));
    // r1c2 is 9: a 7 there is wrong, and marked only once w is pressed.
    play.keys(&["l", "7"]);
    play.wait_for("the entry", |s| {
        first_row(s).contains("┃  2  │  7  │  3  ┃")
    });
    play.keys(&["w"]);
    play.wait_for("the mark", |s| {
        first_row(s).contains("┃  2  │ ✗7  │  3  ┃") && s.contains("1 on the board")
    });
    // r1c7 is 7: an 8 there is a mistake made while they are marked.
    play.keys(&["l", "l", "l", "l", "l", "8"]);
    play.wait_for("the count", |s| {
        panel_text(s).contains("mistakes made: 1") && panel_text(s).contains("✗ on the board: 2")
    });
    play.keys(&["q"]);
    play.wait_for("the exit", |s| s.contains("doku exited 0"));
    let again = tmux.open("again", &doku_shell(home.path(), &["NO_COLOR=1"], ""));
    again.wait_for("the resumed game, still marked", |s| {
        first_row(s).contains("✗7") && first_row(s).contains("✗8") && s.contains("mistakes made: 1")
    });
    // w again: the marks go, the count is kept for the statistics.
    again.keys(&["w"]);
    again.wait_for("no marks", |s| {
        s.contains("mistakes no longer marked") && !first_row(s).contains('✗')
    });
    again.keys(&["q"]);
    again.wait_for("the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn the_editor_takes_a_puzzle_line_typed_key_by_key_and_grades_it() {
    let home = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("typing", 80, 24) else {
        return;
    };
    let editor = tmux.open("edit", &doku_shell(home.path(), &[], "edit"));
    editor.wait_for("the blank editor", |s| s.contains("0 givens"));
    // 81 key presses, 0 and . for the empty cells, as a puzzle line.
    let line = PUZZLE.replacen('0', ".", 20);
    tmux.ok(&["send-keys", "-t", editor.target(), "-l", &line]);
    let screen = editor.wait_for("the count and the grade", |s| {
        s.contains("28 givens") && s.contains("exactly one solution: ")
    });
    assert!(
        first_row(&screen).contains("┃  2  │     │  3  ┃  6  │  1  │"),
        "{screen}"
    );
    plays_the_edited_puzzle_and_quits(&editor);
}

/// Enter in the editor plays the puzzle typed; q then quits doku.
fn plays_the_edited_puzzle_and_quits(editor: &Pane) {
    editor.keys(&["Enter"]);
    editor.wait_for("the game", |s| {
        s.contains("9x9 · custom") && s.contains("play")
    });
    editor.keys(&["q"]);
    editor.wait_for("the exit", |s| s.contains("doku exited 0"));
}
