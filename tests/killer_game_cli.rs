//! The game's commands with `--variant killer`, as a user types them:
//! a blank editor cannot draw cages yet, so it is refused with the way to
//! give a killer instead.

use assert_cmd::Command;
use predicates::prelude::*;

#[test]
fn a_blank_killer_editor_is_refused_with_how_to_give_one() {
    Command::cargo_bin("doku")
        .expect("the binary")
        .args(["edit", "--variant", "killer"])
        .env("XDG_CONFIG_HOME", "/nonexistent-doku-test")
        .env("XDG_STATE_HOME", "/nonexistent-doku-test")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--variant killer: the editor does not draw cages yet",
        ))
        .stderr(predicate::str::contains("the cage map"));
}
