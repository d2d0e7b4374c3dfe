//! A jigsaw in the real binary at 80x24: dealt with `--variant jigsaw
//! --seed S`, a digit entered, quit, and resumed with its regions.
//! Without tmux the test says why it is skipped and passes.

mod common;
use common::tmux::{doku_shell, saved_game, Tmux};
use doku::engine::Variant;

#[test]
fn a_seeded_jigsaw_is_dealt_played_saved_and_resumed_with_its_regions() {
    let state = tempfile::tempdir().expect("temp dir");
    let Some(tmux) = Tmux::start("variants", 80, 24) else {
        return;
    };
    let a = tmux.open(
        "a",
        &doku_shell(state.path(), &[], "play --variant jigsaw --seed 5"),
    );
    let screen = a.wait_for("the jigsaw", |s| {
        s.contains('┏') && s.contains("9x9 jigsaw")
    });
    // Region borders turn inside the light grid.
    assert!(
        ['╂', '┿', '┠', '┨', '┯', '┷']
            .iter()
            .any(|&g| screen.contains(g)),
        "{screen}"
    );
    // A 1 in every empty cell of the first row (givens refuse it).
    for _ in 0..9 {
        a.keys(&["1", "l"]);
    }
    a.keys(&["q"]);
    a.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    let game = saved_game(state.path());
    assert_eq!(game.variant, Some(Variant::Jigsaw));
    assert_eq!(game.regions.len(), 9, "{game:?}");
    assert_eq!(game.boxes, None);
    assert!(game.entries[0].contains('1'), "{:?}", game.entries);
    let shape = game.shape().expect("the saved rules read back");
    assert!(shape.is_jigsaw());

    // `doku` resumes it: the same regions, the entry still there.
    let b = tmux.open("b", &doku_shell(state.path(), &[], ""));
    let screen = b.wait_for("the resumed jigsaw", |s| {
        s.contains("resumed") && s.contains("9x9 jigsaw")
    });
    assert!(screen.contains('┏'), "{screen}");
    b.keys(&["q"]);
    b.wait_for("doku to quit", |s| s.contains("doku exited 0"));
    let again = saved_game(state.path());
    assert_eq!(again.regions, game.regions);
    assert_eq!(again.givens, game.givens);
    assert_eq!(again.entries, game.entries);
}
