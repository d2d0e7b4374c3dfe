//! `doku serve` as people use it: the real server on a loopback port, real
//! OpenSSH clients (`ssh`, `sftp`), games in tmux windows. Play, quit and
//! resume with the same key; a second key's own game; `watch@` in the
//! solver view with its own speed; a client without a pty; every refusal
//! (exec, sftp, port, agent and X11 forwarding, passwords); the limits
//! (connections per address, sessions at once, idle time); SIGTERM saving
//! every game.
//!
//! Without OpenSSH's client (or tmux) each test says it is skipped; with
//! `CI` set it fails instead (.ci/run installs both).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::thread::sleep;
use std::time::{Duration, Instant};

mod common;
use common::tmux::{Pane, Tmux};

/// Whether OpenSSH's client is here; when not, the test says it is
/// skipped (or, with CI set, fails).
fn have_ssh() -> bool {
    let ok = Command::new("ssh")
        .arg("-V")
        .output()
        .is_ok_and(|o| o.status.success())
        && Command::new("ssh-keygen").arg("-?").output().is_ok();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "ssh is not installed, and CI is set: .ci/run should have installed openssh-client"
        );
        let test = std::thread::current().name().unwrap_or("ssh").to_owned();
        common::say_skipped(&format!(
            "skipped: {test}, with a real SSH client (apt-get install -y openssh-client)"
        ));
    }
    ok
}

/// A `doku serve` on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    port: u16,
    dir: tempfile::TempDir,
    log: Arc<Mutex<String>>,
}

impl Server {
    fn start(extra: &[&str]) -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        let state = dir.path().join("state");
        let mut child = Command::new(env!("CARGO_BIN_EXE_doku"))
            .args(["serve", "--listen", "127.0.0.1:0", "--state"])
            .arg(&state)
            .args(extra)
            .env("XDG_CONFIG_HOME", dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("doku serve starts");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        let first = lines.next().and_then(Result::ok).unwrap_or_default();
        let port = first
            .rsplit(':')
            .next()
            .and_then(|p| p.trim().parse().ok())
            .unwrap_or_else(|| panic!("no port in {first:?}"));
        let log = Arc::new(Mutex::new(String::new()));
        let out_log = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in lines.map_while(Result::ok) {
                let mut log = out_log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let stderr = child.stderr.take().expect("stderr");
        let err_log = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                let mut log = err_log.lock().unwrap();
                log.push_str(&line);
                log.push('\n');
            }
        });
        let server = Server {
            child,
            port,
            dir,
            log,
        };
        for name in ["key1", "key2"] {
            let status = Command::new("ssh-keygen")
                .args(["-q", "-t", "ed25519", "-N", "", "-f"])
                .arg(server.dir.path().join(name))
                .status()
                .expect("ssh-keygen runs");
            assert!(status.success());
        }
        server
    }

    fn state(&self) -> PathBuf {
        self.dir.path().join("state")
    }

    fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    fn wait_log(&self, what: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            let log = self.log();
            if log.contains(what) {
                return log;
            }
            assert!(Instant::now() < deadline, "no {what:?} in the log:\n{log}");
            sleep(Duration::from_millis(50));
        }
    }

    /// `ssh` with the options of a client that knows nothing of this
    /// server (no config, no agent, the host key taken on first sight).
    fn ssh_args(&self, user: &str, key: Option<&str>) -> Vec<String> {
        let mut args: Vec<String> = [
            "-F",
            "/dev/null",
            "-p",
            &self.port.to_string(),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            &format!(
                "UserKnownHostsFile={}",
                self.dir.path().join("known_hosts").display()
            ),
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "IdentityAgent=none",
            "-o",
            "ConnectTimeout=10",
            "-o",
            "LogLevel=ERROR",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        match key {
            Some(key) => {
                args.push("-i".into());
                args.push(self.dir.path().join(key).display().to_string());
            }
            None => {
                args.push("-o".into());
                args.push("PubkeyAuthentication=no".into());
            }
        }
        args.push(format!("{user}@127.0.0.1"));
        args
    }

    /// `ssh ... EXTRA` run to its end, with no input.
    fn ssh(&self, user: &str, key: Option<&str>, extra: &[&str]) -> Output {
        let mut command = Command::new("ssh");
        command.args(extra).args(self.ssh_args(user, key));
        command.stdin(Stdio::null()).output().expect("ssh runs")
    }

    /// The shell command for a tmux window playing over ssh.
    fn ssh_shell(&self, user: &str, key: Option<&str>, extra: &str) -> String {
        format!(
            "ssh -t {extra} {}; echo ssh exited $?; sleep 600",
            self.ssh_args(user, key).join(" ")
        )
    }

    /// The players' directories.
    fn players(&self) -> Vec<PathBuf> {
        let mut dirs: Vec<PathBuf> = std::fs::read_dir(self.state().join("players"))
            .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        dirs.sort();
        dirs
    }

    fn terminate(&mut self) -> std::process::ExitStatus {
        let pid = self.child.id().to_string();
        let _ = Command::new("kill").args(["-TERM", &pid]).status();
        let deadline = Instant::now() + Duration::from_secs(15);
        loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "doku serve did not stop on SIGTERM"
            );
            sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Waits for the board of a game over ssh.
fn board(pane: &Pane<'_>) -> String {
    pane.wait_up_to(Duration::from_secs(30), "the board over ssh", |s| {
        s.contains('┏') && s.contains("play")
    })
}

/// Types a digit into every cell of the top row: the givens refuse it,
/// the empty cells take it (conflicts or not, an entry is an entry).
fn fill_the_top_row(pane: &Pane<'_>) {
    for digit in 1..=9 {
        pane.keys(&[&digit.to_string(), "Right"]);
    }
}

/// The digits of the board's rows, read off the screen (rows are the lines
/// that start with the heavy frame `┃`; the panel after it is cut off).
fn board_digits(screen: &str) -> String {
    screen
        .lines()
        .filter(|l| l.trim_start().starts_with('┃'))
        .map(|l| {
            let cut = l.rfind('┃').unwrap_or(l.len());
            l[..cut]
                .chars()
                .filter(char::is_ascii_digit)
                .collect::<String>()
        })
        .collect()
}

fn saved_game(dir: &Path) -> String {
    std::fs::read_to_string(dir.join("game.json")).unwrap_or_default()
}

#[test]
fn a_key_plays_quits_and_resumes_and_a_second_key_gets_its_own_game() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-play", 100, 40) else {
        return;
    };
    let server = Server::start(&["--max-per-minute", "100"]);
    let first = tmux.open("first", &server.ssh_shell("ann", Some("key1"), ""));
    let screen = board(&first);
    assert_eq!(first.display("#{alternate_on}"), "1", "{screen}");
    let before = board_digits(&screen);
    fill_the_top_row(&first);
    // Every key is in once the board stops changing.
    let mut played = board_digits(&first.screen());
    for _ in 0..100 {
        sleep(Duration::from_millis(300));
        let now = board_digits(&first.screen());
        if now == played && now != before {
            break;
        }
        played = now;
    }
    first.keys(&["q"]);
    let after = first.wait_for("ssh to end", |s| s.contains("ssh exited"));
    assert!(after.contains("doku: bye; your game is saved"), "{after}");
    assert!(after.contains("ssh exited 0"), "{after}");
    first.assert_terminal_restored("after q over ssh");
    let players = server.players();
    assert_eq!(players.len(), 1, "{players:?}");
    let name = players[0]
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned();
    assert!(
        name.len() == 64 && name.chars().all(|c| c.is_ascii_hexdigit()),
        "the player's folder is named by the key's fingerprint: {name}"
    );
    let saved = saved_game(&players[0]);
    assert!(saved.contains("\"entries\""), "the game is saved: {saved}");

    // The same key again: the saved game comes back.
    let again = tmux.open("again", &server.ssh_shell("ann", Some("key1"), ""));
    let resumed = board(&again);
    assert!(resumed.contains("resumed your saved game"), "{resumed}");
    assert_eq!(
        board_digits(&resumed),
        played,
        "the entries are back:\n{resumed}"
    );

    // Another key, even under the same user name: a game of its own.
    let other = tmux.open("other", &server.ssh_shell("ann", Some("key2"), ""));
    let fresh = board(&other);
    assert!(!fresh.contains("resumed"), "{fresh}");
    assert_eq!(server.players().len(), 2);
    other.keys(&["q"]);
    other.wait_for("ssh to end", |s| s.contains("ssh exited 0"));
    again.keys(&["q"]);
    again.wait_for("ssh to end", |s| s.contains("ssh exited 0"));

    // Without a key: a game that is not kept.
    let anonymous = tmux.open("anonymous", &server.ssh_shell("bob", None, ""));
    board(&anonymous);
    // Said once the first deal is on the board.
    anonymous.wait_for("the note that the game is not kept", |s| {
        s.contains("not kept")
    });
    anonymous.keys(&["q"]);
    let after = anonymous.wait_for("ssh to end", |s| s.contains("ssh exited 0"));
    assert!(!after.contains("saved"), "{after}");
    assert_eq!(
        server.players().len(),
        2,
        "no folder for a player without a key"
    );
}

/// The number after `label` on the screen ("speed      20/s").
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

#[test]
fn the_watch_user_goes_straight_to_the_solver_view_each_viewer_at_their_own_speed() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-watch", 100, 40) else {
        return;
    };
    let server = Server::start(&["--max-per-minute", "100"]);
    let one = tmux.open("one", &server.ssh_shell("watch", Some("key1"), ""));
    let two = tmux.open("two", &server.ssh_shell("watch", None, ""));
    for pane in [&one, &two] {
        let screen = pane.wait_up_to(Duration::from_secs(30), "the solver view", |s| {
            counter(s, "steps").is_some()
        });
        assert!(screen.contains("solver"), "{screen}");
        assert_eq!(counter(&screen, "speed"), Some(20), "{screen}");
    }
    // + doubles one viewer's speed; the other's stays.
    one.keys(&["+"]);
    one.wait_for("a faster speed", |s| {
        counter(s, "speed").is_some_and(|v| v > 20)
    });
    sleep(Duration::from_millis(300));
    assert_eq!(counter(&two.screen(), "speed"), Some(20));
    // Watching keeps nothing.
    one.keys(&["q"]);
    one.wait_for("ssh to end", |s| s.contains("ssh exited 0"));
    two.keys(&["q"]);
    two.wait_for("ssh to end", |s| s.contains("ssh exited 0"));
    assert!(server.players().is_empty(), "{:?}", server.players());
}

#[test]
fn a_client_without_a_pty_is_told_and_closed() {
    if !have_ssh() {
        return;
    }
    let server = Server::start(&[]);
    let out = server.ssh("ann", Some("key1"), &["-T"]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    assert!(
        text(&out.stdout).contains("the game needs a terminal; connect with ssh -t"),
        "{out:?}"
    );
}

#[test]
fn commands_sftp_port_forwarding_and_passwords_are_refused() {
    if !have_ssh() {
        return;
    }
    let server = Server::start(&["--max-per-minute", "100"]);
    let marker = server.dir.path().join("ran");
    let mut command = Command::new("ssh");
    command
        .args(server.ssh_args("ann", Some("key1")))
        .arg(format!("touch {}", marker.display()));
    let exec = command.stdin(Stdio::null()).output().expect("ssh runs");
    assert_eq!(exec.status.code(), Some(255), "{exec:?}");
    assert!(
        text(&exec.stderr).contains("exec request failed"),
        "{exec:?}"
    );
    assert!(!marker.exists(), "no command ran");
    server.wait_log("refused exec");

    let sftp = Command::new("sftp")
        .args(["-P", &server.port.to_string()])
        .args(&server.ssh_args("ann", Some("key1"))[2..])
        .stdin(Stdio::null())
        .output();
    if let Ok(sftp) = sftp {
        assert!(!sftp.status.success(), "{sftp:?}");
    }
    let mut command = Command::new("ssh");
    command
        .arg("-s")
        .args(server.ssh_args("ann", Some("key1")))
        .arg("sftp");
    let subsystem = command.stdin(Stdio::null()).output().expect("ssh runs");
    assert_eq!(subsystem.status.code(), Some(255), "{subsystem:?}");
    assert!(
        text(&subsystem.stderr).contains("subsystem request failed"),
        "{subsystem:?}"
    );
    server.wait_log("refused subsystem sftp");

    // A local forward (as -L opens for each connection): stdio forwarding.
    let local = server.ssh("ann", Some("key1"), &["-W", "127.0.0.1:22"]);
    assert_eq!(local.status.code(), Some(255), "{local:?}");
    assert!(
        text(&local.stderr).contains("stdio forwarding failed"),
        "{local:?}"
    );
    // A remote forward.
    let remote = server.ssh(
        "ann",
        Some("key1"),
        &[
            "-N",
            "-o",
            "ExitOnForwardFailure=yes",
            "-R",
            "0:127.0.0.1:1",
        ],
    );
    assert_eq!(remote.status.code(), Some(255), "{remote:?}");
    assert!(
        text(&remote.stderr).contains("remote port forwarding failed"),
        "{remote:?}"
    );
    server.wait_log("refused port forwarding");

    // Passwords are neither asked nor taken.
    let password = server.ssh(
        "ann",
        None,
        &[
            "-o",
            "PreferredAuthentications=password",
            "-o",
            "BatchMode=yes",
        ],
    );
    assert_eq!(password.status.code(), Some(255), "{password:?}");
    assert!(
        text(&password.stderr).contains("Permission denied (publickey,keyboard-interactive)"),
        "{password:?}"
    );
}

#[test]
fn agent_and_x11_forwarding_are_refused_and_the_game_goes_on() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-forward", 100, 40) else {
        return;
    };
    let server = Server::start(&["--max-per-minute", "100"]);
    // X11: the client asks (with a made-up display, trusted so that it
    // asks even where xauth is not installed) and is told no.
    let x11 = tmux.open(
        "x11",
        &format!(
            "DISPLAY=127.0.0.1:99 {}",
            server.ssh_shell(
                "ann",
                Some("key1"),
                "-Y -o XAuthLocation=/nonexistent -o LogLevel=INFO"
            )
        ),
    );
    let screen = board(&x11);
    x11.keys(&["q"]);
    let after = x11.wait_for("ssh to end", |s| s.contains("ssh exited"));
    assert!(
        after.contains("X11 forwarding request failed"),
        "{screen}\n{after}"
    );
    server.wait_log("refused X11 forwarding");
    // The agent: OpenSSH asks without wanting an answer; the server logs
    // its refusal and opens no agent channel.
    let agent_dir = tempfile::tempdir().expect("temp dir");
    let socket = agent_dir.path().join("agent");
    let mut agent = Command::new("ssh-agent")
        .args(["-D", "-a"])
        .arg(&socket)
        .stdout(Stdio::null())
        .spawn()
        .expect("ssh-agent runs");
    sleep(Duration::from_millis(300));
    let forwarded = tmux.open(
        "agent",
        &format!(
            "SSH_AUTH_SOCK={} {}",
            socket.display(),
            server.ssh_shell("ann", Some("key2"), "-A -o IdentityAgent=SSH_AUTH_SOCK")
        ),
    );
    board(&forwarded);
    server.wait_log("refused agent forwarding");
    forwarded.keys(&["q"]);
    forwarded.wait_for("ssh to end", |s| s.contains("ssh exited 0"));
    let _ = agent.kill();
    let _ = agent.wait();
}

#[test]
fn connections_per_address_and_sessions_at_once_are_limited() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-limits", 100, 40) else {
        return;
    };
    let server = Server::start(&["--max-per-minute", "4", "--max-sessions", "1"]);
    let playing = tmux.open("playing", &server.ssh_shell("ann", Some("key1"), ""));
    board(&playing);
    // The one session is taken: a second player is told the server is full.
    let full = server.ssh("bob", Some("key2"), &["-tt"]);
    assert!(
        text(&full.stdout).contains("the server is full"),
        "{full:?}"
    );
    assert_eq!(full.status.code(), Some(1), "{full:?}");
    // Two more connections use up the address's four a minute; the fifth is
    // closed before it logs in.
    for _ in 0..2 {
        let out = server.ssh("bob", Some("key2"), &["-T"]);
        assert_eq!(out.status.code(), Some(1), "{out:?}");
    }
    let refused = server.ssh("bob", Some("key2"), &["-T"]);
    assert_eq!(refused.status.code(), Some(255), "{refused:?}");
    server.wait_log("too many connections from your address");
    // The game in progress is not affected.
    playing.keys(&["p"]);
    playing.wait_for("the pause screen", |s| s.contains("paused"));
    playing.keys(&["p"]);
    playing.keys(&["q"]);
    playing.wait_for("ssh to end", |s| s.contains("ssh exited 0"));
}

#[test]
fn an_idle_session_is_saved_and_closed() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-idle", 100, 40) else {
        return;
    };
    let server = Server::start(&["--idle", "2"]);
    let pane = tmux.open("idler", &server.ssh_shell("ann", Some("key1"), ""));
    board(&pane);
    let after = pane.wait_for("the idle close", |s| s.contains("ssh exited"));
    assert!(
        after.contains("doku: closed after 00:02 without a key; your game is saved"),
        "{after}"
    );
    pane.assert_terminal_restored("after the idle close");
    let players = server.players();
    assert!(saved_game(&players[0]).contains("\"entries\""));
}

#[test]
fn sigterm_saves_every_game_and_closes_every_session() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-term", 100, 40) else {
        return;
    };
    let mut server = Server::start(&["--max-per-minute", "100"]);
    let one = tmux.open("one", &server.ssh_shell("ann", Some("key1"), ""));
    let two = tmux.open("two", &server.ssh_shell("bob", Some("key2"), ""));
    board(&one);
    board(&two);
    let status = server.terminate();
    assert!(status.success(), "{status:?}: {}", server.log());
    for pane in [&one, &two] {
        let after = pane.wait_for("ssh to end", |s| s.contains("ssh exited"));
        assert!(
            after.contains("doku: the server is stopping; your game is saved"),
            "{after}"
        );
        pane.assert_terminal_restored("after SIGTERM");
    }
    let players = server.players();
    assert_eq!(players.len(), 2);
    for dir in players {
        assert!(
            saved_game(&dir).contains("\"entries\""),
            "{}",
            dir.display()
        );
    }
    assert!(
        server.log().contains("every game is saved"),
        "{}",
        server.log()
    );
}

#[test]
fn garbage_and_half_handshakes_leave_the_server_serving() {
    if !have_ssh() {
        return;
    }
    use std::io::Write;
    use std::net::TcpStream;
    let mut server = Server::start(&["--max-per-minute", "1000"]);
    let mut state = 0x9e37_79b9_u32;
    let mut idle = Vec::new();
    for round in 0..30 {
        let mut stream = TcpStream::connect(("127.0.0.1", server.port)).expect("connects");
        stream
            .set_write_timeout(Some(Duration::from_secs(2)))
            .expect("timeout");
        // Half of them say they are SSH first, so the garbage reaches the
        // packet parser; the others fail at the version line.
        let mut bytes = if round % 2 == 0 {
            b"SSH-2.0-garbage\r\n".to_vec()
        } else {
            Vec::new()
        };
        for _ in 0..(round * 300 + 50) {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            bytes.push(state as u8);
        }
        let _ = stream.write_all(&bytes);
        if round % 10 == 0 {
            // Connected, and then nothing at all.
            idle.push(stream);
        }
    }
    // The server goes on serving real clients.
    let out = server.ssh("ann", Some("key1"), &["-T"]);
    assert!(
        text(&out.stdout).contains("the game needs a terminal"),
        "{out:?}\n{}",
        server.log()
    );
    assert!(
        server.child.try_wait().expect("wait").is_none(),
        "still running: {}",
        server.log()
    );
    assert!(!server.log().contains("panicked"), "{}", server.log());
    drop(idle);
}
