//! Faults injected into the real binary in a real terminal (tmux): `kill -9`
//! mid-game, SIGHUP and SIGTERM (the SSH drop, a shutdown), the terminal
//! closed under it, a corrupt save, two games at once. Each time the moves
//! survive, the terminal is restored, and nothing is overwritten.
//! Without tmux the tests say why they are skipped and pass.

use doku::storage::{envelope, SavedGame, StateDir};
use std::path::Path;
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
    fn available() -> bool {
        let ok = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            eprintln!("skipped: tmux is not installed (apt-get install -y tmux)");
        }
        ok
    }

    fn start(name: &str) -> Tmux {
        let tmux = Tmux {
            socket: format!("doku-persist-{name}-{}", std::process::id()),
        };
        // A holding session so the server outlives the games in it.
        tmux.ok(&[
            "new-session",
            "-d",
            "-x",
            "80",
            "-y",
            "24",
            "-s",
            "idle",
            "sleep 600",
        ]);
        tmux
    }

    /// Opens window `name` running `command` through the shell.
    fn open(&self, name: &str, command: &str) {
        self.ok(&["new-window", "-d", "-t", "idle", "-n", name, command]);
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .expect("tmux runs")
    }

    fn ok(&self, args: &[&str]) {
        let out = self.run(args);
        assert!(out.status.success(), "tmux {args:?}: {out:?}");
    }

    fn keys(&self, window: &str, keys: &[&str]) {
        let target = format!("idle:{window}");
        let mut args = vec!["send-keys", "-t", &target];
        args.extend_from_slice(keys);
        self.ok(&args);
    }

    fn screen(&self, window: &str) -> String {
        let out = self.run(&["capture-pane", "-p", "-t", &format!("idle:{window}")]);
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn display(&self, window: &str, format: &str) -> String {
        let target = format!("idle:{window}");
        let out = self.run(&["display-message", "-p", "-t", &target, format]);
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }

    fn wait_for(&self, window: &str, what: &str, test: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let screen = self.screen(window);
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

    /// The doku process in the window: the shell's child.
    fn doku_pid(&self, window: &str) -> u32 {
        let shell = self.display(window, "#{pane_pid}");
        let out = Command::new("pgrep")
            .args(["-P", &shell, "-x", "doku"])
            .output()
            .expect("pgrep runs");
        let text = String::from_utf8_lossy(&out.stdout);
        text.trim()
            .parse()
            .unwrap_or_else(|_| panic!("no doku under shell {shell}: {text:?}"))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// `doku ARGS` in a shell that reports the exit status and stays open.
fn doku_command(state: &Path, args: &str) -> String {
    format!(
        "env XDG_STATE_HOME={0} XDG_CONFIG_HOME={0} {1} {args}; echo doku exited $?; sleep 600",
        state.display(),
        env!("CARGO_BIN_EXE_doku"),
    )
}

fn first_row(screen: &str) -> String {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines.iter().position(|l| l.contains('┏'));
    top.and_then(|t| lines.get(t + 1))
        .map_or(String::new(), |l| l.to_string())
}

fn signal(pid: u32, name: &str) {
    let status = Command::new("kill")
        .args([&format!("-{name}"), &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
}

/// Waits until the process is reaped. Not merely a zombie: the thread-group
/// leader turns zombie while its other threads may still hold its files
/// (and so the save's lock) for a moment.
fn wait_gone(pid: u32) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while Path::new(&format!("/proc/{pid}")).exists() {
        assert!(Instant::now() < deadline, "doku {pid} did not exit");
        sleep(Duration::from_millis(20));
    }
}

/// The saved game, read and checked the way doku reads it, but without
/// taking the save's lock: other tests fork tmux meanwhile, and a child
/// holds a copy of our descriptors (and so the lock) until its exec.
fn saved(state: &Path) -> SavedGame {
    let path = StateDir::new(state.join("doku")).save_file();
    match envelope::load_checked(&path, envelope::SAVE, SavedGame::check) {
        Ok(Some(game)) => game,
        other => panic!("expected a valid save, found {other:?}"),
    }
}

/// Plays r1c2 = 5 and r1c7 = 9 on the puzzle.
fn play_two_moves(tmux: &Tmux, window: &str) {
    tmux.wait_for(window, "the board", |s| s.contains('┏'));
    tmux.keys(window, &["l", "5"]);
    tmux.wait_for(window, "the first entry", |s| {
        first_row(s).contains("┃ 2 │ 5 │ 3 ┃")
    });
    tmux.keys(window, &["l", "l", "l", "l", "l", "9"]);
    tmux.wait_for(window, "the second entry", |s| {
        first_row(s).contains("┃ 9 │")
    });
}

#[test]
fn kill_9_loses_no_move_and_doku_resumes_the_game() {
    if !Tmux::available() {
        return;
    }
    let state = tempfile::tempdir().unwrap();
    let tmux = Tmux::start("kill9");
    tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    play_two_moves(&tmux, "a");
    let pid = tmux.doku_pid("a");
    signal(pid, "KILL");
    wait_gone(pid);

    let game = saved(state.path());
    assert_eq!(game.entries[0], ".5....9..", "{game:?}");

    // `doku` with no puzzle resumes it and says so.
    tmux.open("b", &doku_command(state.path(), ""));
    let screen = tmux.wait_for("b", "the resumed game", |s| s.contains("resumed"));
    assert!(first_row(&screen).contains("┃ 2 │ 5 │ 3 ┃"), "{screen}");
    assert!(first_row(&screen).contains("┃ 9 │"), "{screen}");
    // Undo still works on the resumed game: the 9 goes.
    tmux.keys("b", &["u"]);
    tmux.wait_for("b", "the undo", |s| !first_row(s).contains("┃ 9 │"));
    tmux.keys("b", &["q"]);
    tmux.wait_for("b", "the exit", |s| s.contains("doku exited 0"));
    assert_eq!(saved(state.path()).entries[0], ".5.......");

    // `doku play --new` starts afresh instead.
    tmux.open("c", &doku_command(state.path(), "play --new"));
    let screen = tmux.wait_for("c", "a new game", |s| s.contains('┏'));
    assert!(!screen.contains("resumed"), "{screen}");
    tmux.keys("c", &["q"]);
    tmux.wait_for("c", "the exit", |s| s.contains("doku exited 0"));
}

#[test]
fn sighup_and_sigterm_save_restore_the_terminal_and_exit() {
    if !Tmux::available() {
        return;
    }
    for (name, status) in [("HUP", 129), ("TERM", 143)] {
        let state = tempfile::tempdir().unwrap();
        let tmux = Tmux::start(&format!("sig{name}"));
        tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
        play_two_moves(&tmux, "a");
        sleep(Duration::from_millis(1100)); // the clock runs on after the last move
        signal(tmux.doku_pid("a"), name);
        let screen = tmux.wait_for("a", "the exit", |s| s.contains("doku exited"));
        assert!(
            screen.contains(&format!("doku exited {status}")),
            "{name}: {screen}"
        );
        assert!(
            !screen.contains('┏'),
            "{name}: the board is gone:\n{screen}"
        );
        assert_eq!(
            tmux.display("a", "#{alternate_on}"),
            "0",
            "{name}: alternate screen left"
        );
        assert_eq!(
            tmux.display("a", "#{cursor_flag}"),
            "1",
            "{name}: cursor visible"
        );
        let game = saved(state.path());
        assert_eq!(game.entries[0], ".5....9..", "{name}");
        assert!(
            game.elapsed_ms >= 1000,
            "{name}: the clock was saved on the way out: {game:?}"
        );
    }
}

/// The SSH drop itself: the terminal disappears under the game (tmux kills
/// the window: SIGHUP, and the terminal's reads fail).
#[test]
fn the_terminal_vanishing_keeps_the_game() {
    if !Tmux::available() {
        return;
    }
    let state = tempfile::tempdir().unwrap();
    let tmux = Tmux::start("vanish");
    tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    play_two_moves(&tmux, "a");
    let pid = tmux.doku_pid("a");
    tmux.ok(&["kill-window", "-t", "idle:a"]);
    wait_gone(pid);
    assert_eq!(saved(state.path()).entries[0], ".5....9..");
}

#[test]
fn a_corrupt_save_is_reported_kept_and_replaced_by_a_new_game() {
    if !Tmux::available() {
        return;
    }
    let state = tempfile::tempdir().unwrap();
    let dir = state.path().join("doku");
    std::fs::create_dir_all(&dir).unwrap();
    let garbage = "{\"doku\": \"save\", \"version\": 1, \"data\": {\"size\": 9, \"giv";
    std::fs::write(dir.join("game.json"), garbage).unwrap();

    let tmux = Tmux::start("corrupt");
    tmux.open("a", &doku_command(state.path(), ""));
    let screen = tmux.wait_for("a", "the report", |s| s.contains("unreadable"));
    assert!(screen.contains(".corrupt"), "{screen}");
    let corrupt: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".corrupt"))
        .collect();
    assert_eq!(corrupt.len(), 1, "{corrupt:?}");
    assert_eq!(std::fs::read_to_string(&corrupt[0]).unwrap(), garbage);

    // The new game plays and saves; the corrupt file stays as it was.
    tmux.keys("a", &["q"]);
    let screen = tmux.wait_for("a", "the exit", |s| s.contains("doku exited"));
    // The whole story, with the path, once the terminal is back.
    assert!(screen.contains("could not be read"), "{screen}");
    assert!(screen.contains("doku exited 0"), "{screen}");
    assert_eq!(std::fs::read_to_string(&corrupt[0]).unwrap(), garbage);
    let _ = saved(state.path());
}

#[test]
fn a_second_game_is_told_and_does_not_save_over_the_first() {
    if !Tmux::available() {
        return;
    }
    let state = tempfile::tempdir().unwrap();
    let tmux = Tmux::start("two");
    tmux.open("a", &doku_command(state.path(), &format!("play {PUZZLE}")));
    play_two_moves(&tmux, "a");

    tmux.open("b", &doku_command(state.path(), &format!("play {PUZZLE}")));
    let screen = tmux.wait_for("b", "the warning", |s| s.contains("another doku"));
    assert!(screen.contains("not saving"), "{screen}");
    // The second game plays on its own board...
    tmux.keys("b", &["l", "l", "l", "l", "l", "l", "l", "l", "7"]);
    tmux.wait_for("b", "its entry", |s| first_row(s).contains("│ 7 ┃"));
    tmux.keys("b", &["q"]);
    tmux.wait_for("b", "its exit", |s| s.contains("doku exited 0"));

    // ...and the first game's save is untouched by it.
    tmux.keys("a", &["q"]);
    tmux.wait_for("a", "the first exit", |s| s.contains("doku exited 0"));
    assert_eq!(saved(state.path()).entries[0], ".5....9..");
}

#[test]
fn a_solved_game_is_counted_shown_and_leaves_no_save() {
    if !Tmux::available() {
        return;
    }
    let solution =
        "293614785586237149417589623852146397974325816631798452145973268368452971729861534";
    let one_left = format!(".{}", &solution[1..]);
    let state = tempfile::tempdir().unwrap();
    let tmux = Tmux::start("solved");
    tmux.open(
        "a",
        &doku_command(state.path(), &format!("play {one_left}")),
    );
    tmux.wait_for("a", "the board", |s| s.contains('┏'));
    assert!(state.path().join("doku").join("game.json").exists());
    tmux.keys("a", &["2"]);
    let screen = tmux.wait_for("a", "the solved line", |s| s.contains("solved in"));
    assert!(screen.contains("your first 9x9 custom"), "{screen}");
    tmux.keys("a", &["q"]);
    tmux.wait_for("a", "the exit", |s| s.contains("doku exited 0"));
    assert!(
        !state.path().join("doku").join("game.json").exists(),
        "nothing left to resume"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_doku"))
        .arg("stats")
        .env("XDG_STATE_HOME", state.path())
        .output()
        .unwrap();
    let table = String::from_utf8_lossy(&out.stdout);
    let row: Vec<&str> = table
        .lines()
        .find(|l| l.starts_with("9x9"))
        .unwrap_or_else(|| panic!("no 9x9 row: {table}"))
        .split_whitespace()
        .collect();
    assert_eq!(row[..5], ["9x9", "custom", "1", "1", "0"], "{table}");
}
