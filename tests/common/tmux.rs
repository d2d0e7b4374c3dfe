//! The real binary in a real terminal: a tmux server of the test's own, keys
//! sent with `send-keys`, the screen read with `capture-pane` (with `-e`,
//! colours included). Without tmux, [`Tmux::start`] prints why the test is
//! skipped and the test returns, passing; with `CI` set it fails instead.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread::sleep;
use std::time::{Duration, Instant};

/// The session every window opens in.
const SESSION: &str = "doku";

/// How long [`Pane::wait_for`] waits before it fails the test.
const PATIENCE: Duration = Duration::from_secs(15);

/// A tmux server on a socket of its own, killed when dropped.
pub struct Tmux {
    socket: String,
}

/// One window of a [`Tmux`] server (its one pane).
pub struct Pane<'t> {
    tmux: &'t Tmux,
    target: String,
}

impl Tmux {
    /// A server with a detached session of `width` x `height` (the size of
    /// every window opened in it) and a holding window, so the server
    /// outlives the games in it. `name` says which test the socket is for;
    /// a counter keeps the sockets of tests running side by side apart.
    /// `None`, with the reason printed, when tmux cannot be run.
    pub fn start(name: &str, width: u16, height: u16) -> Option<Tmux> {
        let version = Command::new("tmux").arg("-V").output();
        if !version.is_ok_and(|o| o.status.success()) {
            // CI installs tmux in .ci/run: there a missing tmux is a broken
            // setup, and a skip would hide every terminal test.
            assert!(
                std::env::var_os("CI").is_none(),
                "tmux is not installed, and CI is set: .ci/run should have installed it"
            );
            // The harness names each test's thread after the test.
            let test = std::thread::current().name().unwrap_or(name).to_owned();
            super::say_skipped(&format!(
                "skipped: {test}, in a real terminal (tmux is not installed: apt-get install -y tmux)"
            ));
            return None;
        }
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let tmux = Tmux {
            socket: format!("doku-test-{name}-{}-{n}", std::process::id()),
        };
        tmux.ok(&[
            "new-session",
            "-d",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            "-s",
            SESSION,
            "-n",
            "idle",
            "sleep 600",
        ]);
        Some(tmux)
    }

    /// Opens window `name` running `command` through the shell.
    pub fn open(&self, name: &str, command: &str) -> Pane<'_> {
        self.ok(&["new-window", "-d", "-t", SESSION, "-n", name, command]);
        Pane {
            tmux: self,
            target: format!("{SESSION}:{name}"),
        }
    }

    pub fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    /// Runs a tmux command that must succeed.
    pub fn ok(&self, args: &[&str]) {
        let out = self.run(args);
        assert!(out.status.success(), "tmux {args:?}: {out:?}");
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

impl Pane<'_> {
    /// The window, as tmux commands name it with `-t`.
    pub fn target(&self) -> &str {
        &self.target
    }

    pub fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", &self.target];
        args.extend_from_slice(keys);
        self.tmux.ok(&args);
    }

    /// The screen as plain text.
    pub fn screen(&self) -> String {
        self.capture(&[])
    }

    /// The screen with its escape sequences (colours and styles).
    pub fn coloured_screen(&self) -> String {
        self.capture(&["-e"])
    }

    fn capture(&self, options: &[&str]) -> String {
        let mut args = vec!["capture-pane", "-p", "-t", &self.target];
        args.extend_from_slice(options);
        String::from_utf8_lossy(&self.tmux.run(&args).stdout).into_owned()
    }

    /// A tmux format (`#{alternate_on}`, `#{pane_pid}`) for this pane.
    pub fn display(&self, format: &str) -> String {
        let out = self
            .tmux
            .run(&["display-message", "-p", "-t", &self.target, format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    pub fn resize(&self, width: u16, height: u16) {
        self.tmux.ok(&[
            "resize-window",
            "-t",
            &self.target,
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
        ]);
    }

    /// Closes the window under whatever runs in it (the terminal vanishes).
    pub fn kill(&self) {
        self.tmux.ok(&["kill-window", "-t", &self.target]);
    }

    /// Waits until the plain screen satisfies `test` and returns it; fails
    /// the test, showing the screen, after 15 s.
    pub fn wait_for(&self, what: &str, test: impl Fn(&str) -> bool) -> String {
        self.wait_up_to(PATIENCE, what, test)
    }

    /// [`Pane::wait_for`] for searches that take longer.
    pub fn wait_up_to(&self, timeout: Duration, what: &str, test: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + timeout;
        loop {
            let screen = self.screen();
            if test(&screen) {
                return screen;
            }
            assert!(
                Instant::now() < deadline,
                "waited {timeout:?} for {what}; the screen:\n{screen}"
            );
            sleep(Duration::from_millis(50));
        }
    }

    /// After doku has exited: the terminal is as it was before (main
    /// screen, cursor shown, no mouse reporting). `context` starts each
    /// failure message.
    pub fn assert_terminal_restored(&self, context: &str) {
        assert_eq!(
            self.display("#{alternate_on}"),
            "0",
            "{context}: alternate screen left"
        );
        assert_eq!(
            self.display("#{cursor_flag}"),
            "1",
            "{context}: cursor visible"
        );
        assert_eq!(
            self.display("#{mouse_any_flag}"),
            "0",
            "{context}: mouse reporting off"
        );
    }
}

/// A shell command for a window: `doku ARGS` with `home` as its config and
/// state folder (so the user's files play no part) and the variables `env`
/// (`NAME=value`) set, then `doku exited STATUS` printed; the window stays
/// open to show what doku left behind.
pub fn doku_shell(home: &Path, env: &[&str], args: &str) -> String {
    format!(
        "env XDG_CONFIG_HOME={0} XDG_STATE_HOME={0} {1} {2} {args}; echo doku exited $?; sleep 600",
        home.display(),
        env.join(" "),
        env!("CARGO_BIN_EXE_doku"),
    )
}

/// The first board row as drawn (the line after the top border), or an
/// empty string while no board is on screen.
pub fn first_row(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines.iter().position(|l| l.contains('┏'));
    top.and_then(|t| lines.get(t + 1))
        .map_or(String::new(), |l| l.to_string())
}

/// The game doku saved under the state dir `state` (its `XDG_STATE_HOME`),
/// read and checked the way doku reads it, but without taking the save's
/// lock: other tests fork tmux meanwhile, and a child holds a copy of our
/// descriptors (and so the lock) until its exec.
pub fn saved_game(state: &Path) -> doku::storage::SavedGame {
    use doku::storage::{envelope, SavedGame, StateDir};
    let path = StateDir::new(state.join("doku")).save_file();
    match envelope::load_checked(&path, envelope::SAVE, SavedGame::check) {
        Ok(Some(game)) => game,
        other => panic!("expected a valid save, found {other:?}"),
    }
}
