//! A killer in the real binary at 80x24, as a player has it: Wikipedia's
//! killer (no givens) loaded from a file, its cages drawn with their sums,
//! notes and digits played, a cage broken and named, quit, and resumed
//! with its cages; then a killer dealt with `--variant killer` (the
//! engine's deal: no givens).
//! Without tmux the test says why it is skipped and passes.

mod common;
use common::tmux::{doku_shell, saved_game, Tmux};
use doku::engine::Variant;
use std::path::Path;
use std::time::Duration;

/// The first killer of the published fixture, in a file of its own.
fn killer_file(dir: &Path) -> std::path::PathBuf {
    let lines = common::fixture_lines("killer/published.tsv");
    let puzzle = lines[0].split('\t').next().expect("the puzzle");
    let path = dir.join("killer.txt");
    std::fs::write(&path, format!("{puzzle}\n")).expect("writes");
    path
}

#[test]
fn a_killer_is_played_with_notes_saved_and_resumed_with_its_cages() {
    let state = tempfile::tempdir().expect("temp dir");
    let file = killer_file(state.path());
    let Some(tmux) = Tmux::start("killer", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_shell(
            state.path(),
            &[],
            &format!("play --file {}", file.display()),
        ),
    );
    let screen = a.wait_for("the killer", |s| {
        s.contains('┏') && s.contains("9x9 killer")
    });
    // The 3-cage's sum in its corner, the 15-cage's tens on the line.
    let first = common::tmux::first_row(&screen);
    assert!(
        first.starts_with("┃³") || first.starts_with("┃ ³"),
        "{screen}"
    );
    assert!(first.contains("¹⁵"), "{screen}");
    // Dotted lines inside cages, solid between them.
    assert!(screen.contains('┊'), "{screen}");
    // The panel names the cage under the cursor and what it can be.
    assert!(screen.contains("cage 3: 2 cells"), "{screen}");
    assert!(screen.contains("can be 12"), "{screen}");
    // Notes 1 and 2 in r1c1 and r1c2, then a 3 in r1c1: the cage can
    // no longer make 3, and the status line says so.
    a.keys(&["n", "1", "2", "l", "1", "2", "n", "h", "3"]);
    a.wait_for("the cage named", |s| {
        s.contains("the 3-cage at r1c1 cannot make 3 any more")
    });
    // 2 and 1 make it.
    a.keys(&["2", "l", "1"]);
    let screen = a.wait_for("the cage made", |s| {
        !s.contains("cannot make") && s.contains("cage 3: 2 cells")
    });
    let first = common::tmux::first_row(&screen);
    assert!(first.contains('2') && first.contains('1'), "{screen}");
    a.keys(&["q"]);
    a.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    let game = saved_game(state.path());
    assert_eq!(game.variant, Some(Variant::Killer));
    assert_eq!(game.cages.len(), 9, "{game:?}");
    assert!(game.sums.starts_with("a=3,"), "{}", game.sums);
    assert!(game.entries[0].starts_with("21"), "{:?}", game.entries);

    // `doku` resumes it, without colour: the same cages, the entries still
    // there, the cages drawn in bold, dim and underline alone.
    let b = tmux.open("b", &doku_shell(state.path(), &["NO_COLOR=1"], ""));
    let screen = b.wait_for("the resumed killer", |s| {
        s.contains("resumed") && s.contains("9x9 killer")
    });
    assert!(screen.contains("¹⁵") && screen.contains('┊'), "{screen}");
    let coloured = b.coloured_screen();
    assert!(
        !coloured.contains("\u{1b}[38;") && !coloured.contains("\u{1b}[48;"),
        "no colour with NO_COLOR: {coloured:?}"
    );
    // Underlines close the cages between rows with no line between them.
    assert!(
        coloured.contains("\u{1b}[4m") || coloured.contains(";4m") || coloured.contains("[4;"),
        "{coloured:?}"
    );
    // c fills the notes with what the cages allow: r1c3 starts the
    // 15-cage, whose three cells take no 1 or 2 (row 1 has them) and 3 to
    // 9 (1+5+9 is a 15 as far as the cage alone goes).
    b.keys(&["c"]);
    let screen = b.wait_for("the candidates", |s| {
        common::tmux::first_row(s).contains("⁵··34")
    });
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.contains('┏'))
        .expect("the board");
    assert!(lines[top + 2].contains("│56789╏"), "{screen}");
    b.keys(&["q"]);
    b.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    let again = saved_game(state.path());
    assert_eq!(again.cages, game.cages);
    assert_eq!(again.sums, game.sums);
    assert_eq!(again.entries, game.entries);
}

#[test]
fn a_killer_is_dealt_with_the_variant_flag() {
    let state = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("killer-deal", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_shell(state.path(), &[], "play --variant killer --seed 3"),
    );
    // The engine's killer deal, in a debug binary on a loaded machine, may
    // take a while.
    let screen = a.wait_up_to(Duration::from_secs(240), "the killer deal", |s| {
        s.contains('┏') && s.contains("9x9 killer")
    });
    assert!(screen.contains("cage "), "{screen}");
    // A killer proper: no givens, every cell in a cage.
    a.keys(&["q"]);
    a.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    let game = saved_game(state.path());
    assert_eq!(game.variant, Some(Variant::Killer));
    assert_eq!(game.cages.len(), 9);
    assert!(game.givens.iter().all(|row| row == "........."), "{game:?}");
    assert!(game.cages.iter().all(|row| !row.contains('.')), "{game:?}");
}
