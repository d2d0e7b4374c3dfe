//! A killer drawn in the editor of the real binary, as a user does it:
//! `doku edit --variant killer --size 4` opens a blank killer, cages are
//! marked from the cursor with `m`, their sums typed and made with Enter,
//! until the live count says the killer has exactly one solution; Enter
//! then plays it with its cages.
//! Without tmux the test says why it is skipped and passes.

mod common;
use common::tmux::{doku_shell, Tmux};

#[test]
fn a_killer_drawn_in_the_editor_becomes_unique_and_plays() {
    let state = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("keditor", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_shell(state.path(), &[], "edit --variant killer --size 4"),
    );
    a.wait_for("the blank killer editor", |s| {
        s.contains("4x4 killer") && s.contains("editor")
    });
    // A broken cage first: 1 in two cells is refused, and says why.
    a.keys(&["m", "l", "m", "1", "Enter"]);
    a.wait_for("the refusal", |s| s.contains("cannot make 1"));
    // Put right: the sum erased and typed again, the cage made.
    a.keys(&["BSpace", "3", "Enter"]);
    a.wait_for("the first cage", |s| {
        s.contains("cage made") && s.contains("10 or more solutions")
    });
    // Three more dominoes: r1c3+r2c3 = 4, r2c1+r3c1 = 5, r3c2+r3c3 = 5.
    a.keys(&["l", "m", "j", "m", "4", "Enter"]);
    a.wait_for("the second cage", |s| s.contains("2 cages"));
    a.keys(&["h", "h", "m", "j", "m", "5", "Enter"]);
    a.wait_for("the third cage", |s| s.contains("3 cages"));
    a.keys(&["l", "m", "l", "m", "5", "Enter"]);
    a.wait_for("one solution", |s| s.contains("exactly one solution"));
    // Enter plays it, cages and all.
    a.keys(&["Enter"]);
    let screen = a.wait_for("the killer in play", |s| {
        s.contains("4x4 killer") && !s.contains("editor")
    });
    assert!(screen.contains('┊') || screen.contains('┆'), "{screen}");
    a.keys(&["q"]);
    a.wait_for("doku to quit", |s| s.contains("doku exited 0"));
}
