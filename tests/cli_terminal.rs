//! The TUI commands refuse, with a clear message and status 2, when there is
//! no terminal to take over (output piped), before touching the screen.

use assert_cmd::Command;
use predicates::prelude::*;

#[test]
fn no_terminal_gives_a_clear_message_and_status_2() {
    let state = tempfile::tempdir().unwrap();
    for args in [&[][..], &["play"][..], &["watch"][..]] {
        Command::cargo_bin("doku")
            .unwrap()
            .args(args)
            .env("XDG_STATE_HOME", state.path())
            .env("XDG_CONFIG_HOME", state.path())
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::contains("the game needs a terminal"));
    }
}
