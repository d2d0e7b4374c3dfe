//! The real binary in a real terminal: tmux at 80x24, keys sent with
//! `send-keys`, the screen read with `capture-pane -e` (colours included).
//! Without tmux the test says why it is skipped and passes.

use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

const PUZZLE: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";

/// A tmux server of our own (its own socket), killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// `name` keeps the servers of tests running side by side apart.
    fn start(name: &str, command: &str) -> Option<Tmux> {
        let version = Command::new("tmux").arg("-V").output();
        if !version.is_ok_and(|o| o.status.success()) {
            eprintln!(
                "skipped: tmux is not installed (CI installs it; here: apt-get install -y tmux)"
            );
            return None;
        }
        let tmux = Tmux {
            socket: format!("doku-test-{name}-{}", std::process::id()),
        };
        let started = tmux.run(&[
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "play",
            command,
        ]);
        assert!(started.status.success(), "tmux new-session: {started:?}");
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "play"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success());
    }

    /// The screen, with escape sequences when `colours`.
    fn screen(&self, colours: bool) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", "play"];
        if colours {
            args.push("-e");
        }
        String::from_utf8_lossy(&self.run(&args).stdout).into_owned()
    }

    fn display(&self, format: &str) -> String {
        let out = self.run(&["display-message", "-p", "-t", "play", format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Waits until the plain screen satisfies `test`, or panics after 10 s.
    fn wait_for(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let screen = self.screen(false);
            if test(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "timed out waiting for {what}; screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// The first board row as drawn (the line after the top border).
fn first_row(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.contains('┏'))
        .expect("a board on screen");
    lines[top + 1].to_string()
}

#[test]
fn play_in_tmux_keys_change_the_board_conflicts_show_and_q_restores_the_terminal() {
    let config_home = tempfile::tempdir().expect("temp dir");
    let command = format!(
        "env XDG_CONFIG_HOME={} COLORTERM=truecolor {} play {PUZZLE}; echo doku exited $?; sleep 60",
        config_home.path().display(),
        env!("CARGO_BIN_EXE_doku"),
    );
    let Some(tmux) = Tmux::start("play", &command) else {
        return;
    };

    let screen = tmux.wait_for("the board", |s| s.contains('┏') && s.contains("9x9"));
    assert!(
        first_row(&screen).contains("┃ 2 │   │ 3 ┃ 6 │ 1 │"),
        "{screen}"
    );
    assert_eq!(
        tmux.display("#{alternate_on}"),
        "1",
        "the game uses the alternate screen"
    );

    // Right, then 5: r1c2 gets a 5 (no conflict).
    tmux.keys(&["l", "5"]);
    let screen = tmux.wait_for("the entry", |s| first_row(s).contains("┃ 2 │ 5 │ 3 ┃"));
    assert!(screen.contains("cell r1c2"), "{screen}");

    // Now 2: r1c1 holds the given 2, so both cells turn the conflict colour
    // (default theme, true colour: #ff5f5f).
    tmux.keys(&["2"]);
    tmux.wait_for("the conflicting entry", |s| {
        first_row(s).contains("┃ 2 │ 2 │ 3 ┃")
    });
    let coloured = tmux.screen(true);
    let row = coloured
        .lines()
        .find(|l| l.contains("cell r1c2"))
        .expect("the first board row, with colours");
    let conflict = "38;2;255;95;95m";
    let twos: Vec<usize> = row.match_indices(" 2 ").map(|(i, _)| i).collect();
    assert!(twos.len() >= 2, "{row:?}");
    for &at in &twos[..2] {
        let before = &row[..at];
        let last_colour = before.rfind("38;2;").map(|i| &before[i..]).unwrap_or("");
        assert!(
            last_colour.starts_with(conflict),
            "a 2 not in the conflict colour: {row:?}"
        );
    }
    // A digit not in conflict (the given 3) is not in the conflict colour.
    let three = row.find(" 3 ").expect("the given 3");
    let before = &row[..three];
    let last_colour = before.rfind("38;2;").map(|i| &before[i..]).unwrap_or("");
    assert!(!last_colour.starts_with(conflict), "{row:?}");

    // Undo takes the 2 back to the 5.
    tmux.keys(&["u"]);
    tmux.wait_for("the undo", |s| first_row(s).contains("┃ 2 │ 5 │ 3 ┃"));

    // Help opens, any key closes it.
    tmux.keys(&["?"]);
    tmux.wait_for("the help", |s| s.contains("any key closes"));
    tmux.keys(&["Escape"]);
    tmux.wait_for("the help to close", |s| !s.contains("any key closes"));

    // q quits and leaves the terminal as it was.
    tmux.keys(&["q"]);
    let screen = tmux.wait_for("the exit", |s| s.contains("doku exited"));
    assert!(screen.contains("doku exited 0"), "{screen}");
    assert!(
        !screen.contains('┏'),
        "the board is gone with the alternate screen:\n{screen}"
    );
    assert_eq!(
        tmux.display("#{alternate_on}"),
        "0",
        "alternate screen left"
    );
    assert_eq!(
        tmux.display("#{mouse_any_flag}"),
        "0",
        "mouse reporting off"
    );
    assert_eq!(tmux.display("#{cursor_flag}"), "1", "cursor visible");
}

#[test]
fn a_too_small_terminal_shows_the_size_needed_and_the_game_resumes_when_it_grows() {
    let config_home = tempfile::tempdir().expect("temp dir");
    let command = format!(
        "env XDG_CONFIG_HOME={} {} play {PUZZLE}; sleep 60",
        config_home.path().display(),
        env!("CARGO_BIN_EXE_doku"),
    );
    let Some(tmux) = Tmux::start("small", &command) else {
        return;
    };
    tmux.wait_for("the board", |s| s.contains('┏'));
    assert!(tmux
        .run(&["resize-window", "-t", "play", "-x", "20", "-y", "8"])
        .status
        .success());
    tmux.wait_for("the too-small message", |s| s.contains("needs 22x15"));
    assert!(tmux
        .run(&["resize-window", "-t", "play", "-x", "80", "-y", "24"])
        .status
        .success());
    tmux.wait_for("the board again", |s| s.contains('┏') && s.contains("9x9"));
    tmux.keys(&["q"]);
}
