//! `doku watch` as a person runs it: in tmux, keys sent with `send-keys`, the
//! screen read with `capture-pane`. The step counter grows, `f` finishes with
//! the board solved, and `q` gives the terminal back (main screen, cursor on).
//!
//! Skipped, with the reason printed, when tmux is not installed.

use std::path::PathBuf;
use std::process::{Command, Output};
use std::thread::sleep;
use std::time::{Duration, Instant};

const SEED_9X9_A: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
const SOLUTION_9X9_A: &str =
    "293614785586237149417589623852146397974325816631798452145973268368452971729861534";

/// A tmux server of its own (its own socket), killed when dropped.
struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    fn start(command: &str, width: u16, height: u16) -> Option<Tmux> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipped: tmux is not installed (apt-get install tmux)");
            return None;
        }
        // A socket per test: the tests of this file run in parallel.
        static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let socket = format!("doku-watch-test-{}-{n}", std::process::id());
        let dir = std::env::temp_dir().join(&socket);
        let _ = std::fs::create_dir_all(dir.join("config"));
        let _ = std::fs::create_dir_all(dir.join("state"));
        let tmux = Tmux { socket, dir };
        // A config and state of its own, so the user's files play no part;
        // after doku exits the pane stays to show what it left behind.
        let wrapped = format!(
            "env XDG_CONFIG_HOME={dir}/config XDG_STATE_HOME={dir}/state TERM=xterm-256color {command}; echo EXITED $?; sleep 30",
            dir = tmux.dir.display()
        );
        let out = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "watch",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            &wrapped,
        ]);
        assert!(out.status.success(), "tmux new-session: {out:?}");
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

    fn screen(&self) -> String {
        let out = self.run(&["capture-pane", "-p", "-t", "watch"]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &str) {
        self.run(&["send-keys", "-t", "watch", keys]);
    }

    fn display(&self, format: &str) -> String {
        let out = self.run(&["display-message", "-p", "-t", "watch", format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    /// Waits until the screen satisfies `ready`, returning it.
    fn wait_for(&self, what: &str, timeout: Duration, ready: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if ready(&screen) {
                return screen;
            }
            assert!(
                start.elapsed() < timeout,
                "waited {timeout:?} for {what}; the screen:\n{screen}"
            );
            sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
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
    let bin = env!("CARGO_BIN_EXE_doku");
    let command = format!("{bin} watch {SEED_9X9_A} --strategy naive --speed 50");
    let Some(tmux) = Tmux::start(&command, 100, 30) else {
        return;
    };
    let first = tmux.wait_for("the solver panel", Duration::from_secs(20), |s| {
        counter(s, "steps").is_some_and(|n| n > 0)
    });
    assert!(first.contains("strategy   naive"), "{first}");
    assert_eq!(
        tmux.display("#{alternate_on}"),
        "1",
        "the view runs on the alternate screen"
    );
    let before = counter(&first, "steps").unwrap_or(0);
    sleep(Duration::from_millis(1500));
    let after = counter(&tmux.screen(), "steps").unwrap_or(0);
    assert!(
        after > before + 20,
        "at 50 steps per second the counter grows: {before} then {after}"
    );

    // ?: the solver view's own keys over the view; any key goes back to it.
    tmux.keys("?");
    let help = tmux.wait_for("the solver view's help", Duration::from_secs(10), |s| {
        s.contains("solver view keys")
    });
    assert!(help.contains("Space  pause or resume the search"), "{help}");
    tmux.keys("x");
    let back = tmux.wait_for("the view again", Duration::from_secs(10), |s| {
        !s.contains("solver view keys") && counter(s, "steps").is_some()
    });
    assert!(back.contains("strategy   naive"), "{back}");

    // f: finish now, at full speed, and show the result.
    tmux.keys("f");
    let done = tmux.wait_for("the solved result", Duration::from_secs(60), |s| {
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

    tmux.keys("q");
    let after_quit = tmux.wait_for("doku to exit", Duration::from_secs(10), |s| {
        s.contains("EXITED")
    });
    assert!(after_quit.contains("EXITED 0"), "{after_quit}");
    assert_eq!(
        tmux.display("#{alternate_on}"),
        "0",
        "back on the main screen"
    );
    assert_eq!(
        tmux.display("#{cursor_flag}"),
        "1",
        "the cursor is visible again"
    );
    assert!(
        !after_quit.contains("strategy"),
        "nothing of the view is left on the main screen:\n{after_quit}"
    );
}

#[test]
fn doku_watch_without_a_puzzle_deals_one_and_local_search_solves_it() {
    let bin = env!("CARGO_BIN_EXE_doku");
    let command = format!("{bin} watch --strategy min-conflicts --speed 100");
    let Some(tmux) = Tmux::start(&command, 100, 30) else {
        return;
    };
    let first = tmux.wait_for("the solver panel", Duration::from_secs(30), |s| {
        s.contains("strategy   min-conflicts")
    });
    assert!(first.contains("conflicts"), "{first}");
    tmux.keys("f");
    let done = tmux.wait_for("the solved result", Duration::from_secs(60), |s| {
        s.contains("result     solved")
    });
    let digits = board_digits(&done);
    assert_eq!(digits.len(), 81, "a full 9x9 board:\n{done}");
    assert_eq!(counter(&done, "│conflicts"), Some(0), "{done}");
    tmux.keys("q");
    let after_quit = tmux.wait_for("doku to exit", Duration::from_secs(10), |s| {
        s.contains("EXITED")
    });
    assert!(after_quit.contains("EXITED 0"), "{after_quit}");
}
