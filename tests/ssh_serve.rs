//! `doku serve` as people use it: the real server on a loopback port, real
//! OpenSSH clients (`ssh`, `sftp`), games in tmux windows. Play, quit and
//! resume with the same key; a second key's own game; `watch@` in the
//! solver view with its own speed; a client without a pty; every refusal
//! (exec, sftp, port, agent and X11 forwarding, passwords); the limits
//! (connections per address, sessions at once, idle time, authentication
//! attempts, input per read, a client that stops reading); SIGTERM saving
//! every game; a real client's bytes broken every way (no panic).
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
        Server::start_in(extra, None)
    }

    /// A server whose user's config folder is `config_home`.
    fn start_with_config_home(extra: &[&str], config_home: &Path) -> Server {
        Server::start_in(extra, Some(config_home))
    }

    fn start_in(extra: &[&str], config_home: Option<&Path>) -> Server {
        let dir = tempfile::tempdir().expect("temp dir");
        let state = dir.path().join("state");
        let mut child = Command::new(env!("CARGO_BIN_EXE_doku"))
            .args(["serve", "--listen", "127.0.0.1:0", "--state"])
            .arg(&state)
            .args(extra)
            .env("XDG_CONFIG_HOME", config_home.unwrap_or(dir.path()))
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

    /// `out`, a session without a terminal, was served: admitted and told
    /// the game needs one (the server is up and takes real clients).
    fn assert_served(&self, out: &Output) {
        assert!(
            text(&out.stdout).contains("the game needs a terminal"),
            "{out:?}\n{}",
            self.log()
        );
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
    // The operator's log says why in words.
    let log = server.log();
    assert!(log.contains("game ended (idle too long)"), "{log}");
    assert!(!log.contains("Some("), "{log}");
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
    server.assert_served(&out);
    assert!(
        server.child.try_wait().expect("wait").is_none(),
        "still running: {}",
        server.log()
    );
    assert!(!server.log().contains("panicked"), "{}", server.log());
    drop(idle);
}

/// `ssh -tt` into a game with its input and output in pipes of the test's:
/// the pty is the server's default size (80x24), keys are what the test
/// writes, and the screen is what it reads (or, to stall, does not read).
fn ssh_piped(server: &Server, user: &str, key: &str) -> Child {
    Command::new("ssh")
        .arg("-tt")
        .args(server.ssh_args(user, Some(key)))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("ssh runs")
}

/// Everything `child` writes, collected by a thread as it comes.
fn collect_output(child: &mut Child) -> Arc<Mutex<Vec<u8>>> {
    use std::io::Read;
    let mut stdout = child.stdout.take().expect("stdout");
    let out = Arc::new(Mutex::new(Vec::new()));
    let sink = Arc::clone(&out);
    std::thread::spawn(move || {
        let mut buf = [0u8; 8192];
        while let Ok(n) = stdout.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock().unwrap().extend_from_slice(&buf[..n]);
        }
    });
    out
}

fn wait_output(out: &Mutex<Vec<u8>>, what: &str, test: impl Fn(&str) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let seen = text(&out.lock().unwrap());
        if test(&seen) {
            return;
        }
        assert!(Instant::now() < deadline, "no {what} in {seen:?}");
        sleep(Duration::from_millis(50));
    }
}

fn wait_exit(child: &mut Child, within: Duration) -> Option<std::process::ExitStatus> {
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().expect("wait") {
            return Some(status);
        }
        sleep(Duration::from_millis(50));
    }
    None
}

#[test]
fn authentication_attempts_past_the_limit_end_the_connection() {
    if !have_ssh() {
        return;
    }
    let server = Server::start(&["--max-per-minute", "100", "--max-auth-attempts", "1"]);
    // A key gets in at its first attempt: the `none` query OpenSSH opens
    // with is not one.
    let plain = server.ssh("ann", Some("key1"), &["-T"]);
    server.assert_served(&plain);
    // Every key is accepted, so refused attempts need keys the server
    // refuses: certificates that expired long ago, one for each key, and
    // the client told to offer certificates only. Both are refused, and
    // then the client asks for keyboard-interactive, which is accepted.
    let keygen = |dir: &Path, args: &[&str]| {
        let status = Command::new("ssh-keygen")
            .current_dir(dir)
            .args(args)
            .status()
            .expect("ssh-keygen runs");
        assert!(status.success(), "ssh-keygen {args:?}");
    };
    let certificates_only = |server: &Server| {
        let dir = server.dir.path();
        keygen(dir, &["-q", "-t", "ed25519", "-N", "", "-f", "ca"]);
        for key in ["key1.pub", "key2.pub"] {
            keygen(
                dir,
                &[
                    "-q",
                    "-s",
                    "ca",
                    "-I",
                    "old",
                    "-n",
                    "ann",
                    "-V",
                    "20000101:20000102",
                    key,
                ],
            );
        }
        let mut command = Command::new("ssh");
        command
            .args(["-T", "-o", "LogLevel=INFO"])
            .args([
                "-o",
                "PubkeyAcceptedAlgorithms=ssh-ed25519-cert-v01@openssh.com",
            ])
            .arg("-i")
            .arg(dir.join("key2"))
            .args(server.ssh_args("ann", Some("key1")));
        command.stdin(Stdio::null()).output().expect("ssh runs")
    };
    // Two attempts allowed: the two certificates are refused, and the
    // third request is one too many.
    let server = Server::start(&["--max-per-minute", "100", "--max-auth-attempts", "2"]);
    let refused = certificates_only(&server);
    assert_eq!(refused.status.code(), Some(255), "{refused:?}");
    assert!(
        text(&refused.stderr).contains("Too many authentication attempts"),
        "{refused:?}"
    );
    assert!(
        !text(&refused.stdout).contains("the game needs a terminal"),
        "{refused:?}"
    );
    // Three allowed: the same client gets in (without a key: anonymous).
    let server = Server::start(&["--max-per-minute", "100", "--max-auth-attempts", "3"]);
    let admitted = certificates_only(&server);
    server.assert_served(&admitted);
    assert!(server.players().is_empty(), "anonymous: nothing kept");
}

#[test]
fn a_flood_of_input_is_cut_to_the_limit_of_one_read_and_the_game_goes_on() {
    if !have_ssh() {
        return;
    }
    use std::io::Write;
    let mut server = Server::start(&["--max-per-minute", "100", "--max-input", "64"]);
    let mut child = ssh_piped(&server, "ann", "key1");
    let out = collect_output(&mut child);
    let mut keys = child.stdin.take().expect("stdin");
    wait_output(&out, "the board", |s| s.contains('┏'));
    // One read of 8,001 bytes: 8,000 moves to the right, then a pause.
    // Past its first 64 bytes the read is dropped, and the pause with it.
    keys.write_all(&[b"l".repeat(8000), b"p".to_vec()].concat())
        .expect("keys");
    keys.flush().expect("keys");
    sleep(Duration::from_millis(1500));
    assert!(
        !text(&out.lock().unwrap()).contains("Paused"),
        "the p past the first 64 bytes of the read was taken"
    );
    // A flood: 4 MiB of moves as fast as ssh sends them.
    let flood = b"l".repeat(1 << 20);
    for _ in 0..4 {
        keys.write_all(&flood).expect("the flood");
    }
    keys.flush().expect("keys");
    sleep(Duration::from_secs(2));
    // The game goes on: a key of a read of its own pauses it, q ends it.
    keys.write_all(b"p").expect("keys");
    keys.flush().expect("keys");
    wait_output(&out, "the pause screen after the flood", |s| {
        s.contains("Paused")
    });
    keys.write_all(b"q").expect("keys");
    keys.flush().expect("keys");
    let status = wait_exit(&mut child, Duration::from_secs(15));
    let _ = child.kill();
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert!(
        server.child.try_wait().expect("wait").is_none(),
        "{}",
        server.log()
    );
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

#[test]
fn a_client_that_stops_reading_is_closed_and_its_game_saved() {
    if !have_ssh() {
        return;
    }
    use std::io::Write;
    let mut server = Server::start(&[
        "--max-per-minute",
        "100",
        "--output-budget",
        "1024",
        "--stall",
        "2",
    ]);
    // ssh takes keys from the test and writes the screen into a pipe that
    // nobody reads: once the pipe (64 KiB) and ssh's window (2 MiB) are
    // full, the server's output for it waits.
    let mut child = ssh_piped(&server, "ann", "key1");
    let unread = child.stdout.take().expect("stdout");
    let mut keys = child.stdin.take().expect("stdin");
    // Each p pauses or resumes: the board hidden or drawn again each time.
    let deadline = Instant::now() + Duration::from_secs(90);
    while !server
        .log()
        .contains("game ended (the client stopped reading)")
    {
        assert!(
            Instant::now() < deadline,
            "the client that reads nothing is still served:\n{}",
            server.log()
        );
        let _ = keys.write_all(b"p").and_then(|()| keys.flush());
        sleep(Duration::from_millis(10));
    }
    // The connection is closed (its last output could not go out), the
    // game saved, the slot free, and the server serves others.
    let status = wait_exit(&mut child, Duration::from_secs(20));
    assert!(
        status.is_some(),
        "ssh is still connected:\n{}",
        server.log()
    );
    let players = server.players();
    assert!(
        saved_game(&players[0]).contains("\"entries\""),
        "{}",
        server.log()
    );
    let other = server.ssh("bob", Some("key2"), &["-T"]);
    server.assert_served(&other);
    drop(unread);
    let status = server.terminate();
    assert!(status.success(), "{status:?}: {}", server.log());
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

/// What a real `ssh` sends to the server in a whole session (version line,
/// key exchange, then the encrypted rest), recorded by a relay between them.
fn recorded_client_bytes(server: &Server) -> Vec<u8> {
    use std::io::{Read, Write};
    use std::net::{Shutdown, TcpListener, TcpStream};
    let listener = TcpListener::bind("127.0.0.1:0").expect("relay listens");
    let relay_port = listener.local_addr().expect("address").port();
    let server_port = server.port;
    let recorded = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&recorded);
    let relay = std::thread::spawn(move || {
        let (client, _) = listener.accept().expect("ssh connects");
        let upstream = TcpStream::connect(("127.0.0.1", server_port)).expect("server");
        let (mut from_client, mut to_server) = (
            client.try_clone().expect("clone"),
            upstream.try_clone().expect("clone"),
        );
        let up = std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = from_client.read(&mut buf) {
                if n == 0 {
                    break;
                }
                record.lock().unwrap().extend_from_slice(&buf[..n]);
                if to_server.write_all(&buf[..n]).is_err() {
                    break;
                }
            }
            let _ = to_server.shutdown(Shutdown::Write);
        });
        let (mut from_server, mut to_client) = (upstream, client);
        let _ = std::io::copy(&mut from_server, &mut to_client);
        let _ = to_client.shutdown(Shutdown::Both);
        let _ = up.join();
    });
    let mut args = server.ssh_args("ann", Some("key1"));
    let port = args.iter().position(|a| a == "-p").expect("-p") + 1;
    args[port] = relay_port.to_string();
    let out = Command::new("ssh")
        .arg("-T")
        .args(&args)
        .stdin(Stdio::null())
        .output()
        .expect("ssh runs");
    assert!(
        text(&out.stdout).contains("the game needs a terminal"),
        "{out:?}"
    );
    relay.join().expect("relay");
    let bytes = recorded.lock().unwrap().clone();
    assert!(bytes.starts_with(b"SSH-2.0-"), "{:?}", text(&bytes));
    bytes
}

/// `seed` changed the way a broken or hostile client would: bits flipped,
/// cut short, a length overwritten, bytes put in or repeated. Mostly in
/// its first 2 KiB, the part in the clear (version line, key exchange).
fn mutate(seed: &[u8], rng: &mut impl FnMut() -> u64) -> Vec<u8> {
    let mut bytes = seed.to_vec();
    let at = |len: usize, rng: &mut dyn FnMut() -> u64| {
        let span = if rng().is_multiple_of(4) {
            len
        } else {
            len.min(2048)
        };
        (rng() as usize) % span.max(1)
    };
    match rng() % 5 {
        0 => {
            for _ in 0..1 + rng() % 8 {
                let i = at(bytes.len(), rng);
                bytes[i] ^= 1 << (rng() % 8);
            }
        }
        1 => {
            let i = at(bytes.len(), rng);
            bytes.truncate(i);
        }
        2 => {
            let i = at(bytes.len(), rng);
            let value = (rng() as u32).to_be_bytes();
            for (k, b) in value.iter().enumerate() {
                if let Some(byte) = bytes.get_mut(i + k) {
                    *byte = *b;
                }
            }
        }
        3 => {
            let i = at(bytes.len(), rng);
            let junk: Vec<u8> = (0..1 + rng() % 64).map(|_| rng() as u8).collect();
            bytes.splice(i..i, junk);
        }
        _ => {
            let i = at(bytes.len(), rng);
            let end = (i + 1 + (rng() as usize) % 256).min(bytes.len());
            let again = bytes[i..end].to_vec();
            bytes.splice(i..i, again);
        }
    }
    bytes
}

/// Rounds of [`a_real_clients_bytes_broken_every_way_leave_the_server_serving`];
/// `scripts/serve_fuzz.sh` runs thousands.
fn fuzz_rounds() -> usize {
    std::env::var("DOKU_SERVE_FUZZ_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(160)
}

#[test]
fn a_real_clients_bytes_broken_every_way_leave_the_server_serving() {
    if !have_ssh() {
        return;
    }
    use std::io::{Read, Write};
    use std::net::TcpStream;
    let mut server = Server::start(&["--max-per-minute", "100000", "--max-sessions", "4"]);
    let seed = Arc::new(recorded_client_bytes(&server));
    let rounds = fuzz_rounds();
    let port = server.port;
    let workers: Vec<_> = (0..4u64)
        .map(|worker| {
            let seed = Arc::clone(&seed);
            std::thread::spawn(move || {
                let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ (worker + 1).wrapping_mul(0xbf58_476d);
                let mut rng = move || {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    state
                };
                for _ in 0..rounds / 4 {
                    let bytes = mutate(&seed, &mut rng);
                    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
                        continue;
                    };
                    let _ = stream.set_write_timeout(Some(Duration::from_millis(500)));
                    let _ = stream.set_read_timeout(Some(Duration::from_millis(100)));
                    let _ = stream.write_all(&bytes);
                    // Whatever the server answers, until it closes or waits.
                    let mut buf = [0u8; 4096];
                    let until = Instant::now() + Duration::from_millis(200);
                    while Instant::now() < until {
                        match stream.read(&mut buf) {
                            Ok(0) | Err(_) => break,
                            Ok(_) => {}
                        }
                    }
                }
            })
        })
        .collect();
    // Meanwhile, and after, real clients are served.
    let during = server.ssh("bob", Some("key2"), &["-T"]);
    for worker in workers {
        worker.join().expect("a fuzzing thread");
    }
    let after = server.ssh("ann", Some("key1"), &["-T"]);
    for out in [&during, &after] {
        server.assert_served(out);
    }
    assert!(
        server.child.try_wait().expect("wait").is_none(),
        "{}",
        server.log()
    );
    let status = server.terminate();
    assert!(status.success(), "{status:?}: {}", server.log());
    assert!(!server.log().contains("panicked"), "{}", server.log());
}

#[test]
fn the_operators_config_applies_to_every_session_and_a_bad_one_stops_the_start() {
    if !have_ssh() {
        return;
    }
    let Some(tmux) = Tmux::start("ssh-config", 100, 40) else {
        return;
    };
    // The server user's own config.toml (XDG_CONFIG_HOME is the server's
    // temporary folder): the solver view starts at 5 steps/s, naive.
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::create_dir_all(dir.path().join("doku")).expect("config dir");
    std::fs::write(
        dir.path().join("doku").join("config.toml"),
        "[watch]\nspeed = 5\nstrategy = \"naive\"\n",
    )
    .expect("config");
    let server = Server::start_with_config_home(&[], dir.path());
    assert!(server.log().contains("config.toml"), "{}", server.log());
    let pane = tmux.open("watcher", &server.ssh_shell("watch", Some("key1"), ""));
    let screen = pane.wait_up_to(Duration::from_secs(30), "the solver view", |s| {
        s.contains("strategy   naive") && s.contains("speed      5/s")
    });
    assert!(screen.contains("steps"), "{screen}");
    // A config with a mistake: the server says which and does not start.
    let bad = dir.path().join("bad.toml");
    std::fs::write(&bad, "[watch]\nspeed = \"fast\"\n").expect("config");
    let out = Command::new(env!("CARGO_BIN_EXE_doku"))
        .args(["serve", "--listen", "127.0.0.1:0", "--config"])
        .arg(&bad)
        .arg("--state")
        .arg(dir.path().join("state"))
        .output()
        .expect("doku serve runs");
    assert_eq!(out.status.code(), Some(2), "{out:?}");
    let err = text(&out.stderr);
    assert!(err.contains("bad.toml") && err.contains("speed"), "{err}");
    assert!(!text(&out.stdout).contains("listening"), "{out:?}");
}
