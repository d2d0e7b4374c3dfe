//! `doku serve`: the whole game over SSH, on russh. Each connection that
//! asks for a shell with a pty gets its own game ([`session`]) on a thread
//! of its own, the same app as in a local terminal; everything else (exec,
//! subsystems such as sftp, port forwarding, agent and X11 forwarding) is
//! refused ([`handler`]).
//!
//! Identity is the client's public key: its player's files live in
//! `STATE/players/<name>/`, the name derived from the key's SHA-256
//! fingerprint alone (never from anything the client sends). A client
//! without a key plays a game that is not kept.

mod handler;
pub mod limits;
pub mod session;

use crate::storage::StateDir;
use handler::ServerState;
use russh::keys::{HashAlg, PrivateKey};
use std::io::{self, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

/// What `doku serve` was asked to do, with the limits it keeps.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    pub listen: SocketAddr,
    /// The state directory (host key, players' files); `None`: the XDG one.
    pub state: Option<PathBuf>,
    /// Games at once; one more is told the server is full.
    pub max_sessions: usize,
    /// A session without a key for this long is saved and closed.
    pub idle: Duration,
    /// New connections from one address in a minute; more are closed at once.
    pub per_minute: usize,
    /// Authentication attempts per connection.
    pub auth_attempts: usize,
    /// Output waiting for a slow client past which frames are merged.
    pub output_budget: usize,
    /// Output past the budget for this long closes the session (saved).
    pub stall: Duration,
    /// Bytes of input taken from one read; the rest is dropped.
    pub max_input: usize,
    /// The user name that watches the solver instead of playing.
    pub watch_user: String,
    /// The operator's config and themes for every session.
    pub config: session::OperatorConfig,
}

impl Default for ServeOptions {
    fn default() -> ServeOptions {
        ServeOptions {
            listen: SocketAddr::from(([127, 0, 0, 1], 2222)),
            state: None,
            max_sessions: 32,
            idle: Duration::from_secs(30 * 60),
            per_minute: 20,
            auth_attempts: 6,
            output_budget: 64 * 1024,
            stall: session::STALL,
            max_input: 4096,
            watch_user: "watch".into(),
            config: session::OperatorConfig::default(),
        }
    }
}

/// The host key's file in the state directory.
pub fn host_key_path(state: &Path) -> PathBuf {
    state.join("ssh_host_ed25519_key")
}

/// The server's host key: read from `path`, or made and written there
/// (mode 0600) on the first start. A file that cannot be read is an error,
/// never replaced: players have its fingerprint in their known_hosts.
pub fn host_key(path: &Path) -> Result<(PrivateKey, bool), String> {
    match std::fs::read_to_string(path) {
        Ok(text) => {
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt;
                if let Ok(meta) = std::fs::metadata(path) {
                    if meta.permissions().mode() & 0o077 != 0 {
                        return Err(format!(
                            "{}: the host key is readable by others; chmod 600 it",
                            path.display()
                        ));
                    }
                }
            }
            PrivateKey::from_openssh(text.trim_end())
                .map(|key| (key, false))
                .map_err(|e| format!("{}: not a host key doku can read: {e}", path.display()))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            let mut seed = [0u8; 32];
            rand::Rng::fill(&mut rand::rng(), &mut seed[..]);
            let pair = russh::keys::ssh_key::private::Ed25519Keypair::from_seed(&seed);
            let key = PrivateKey::from(pair);
            let text = key
                .to_openssh(russh::keys::ssh_key::LineEnding::LF)
                .map_err(|e| format!("could not encode a new host key: {e}"))?;
            let mut options = std::fs::OpenOptions::new();
            options.write(true).create_new(true);
            #[cfg(unix)]
            std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
            let mut file = options
                .open(path)
                .map_err(|e| format!("{}: could not write the host key: {e}", path.display()))?;
            file.write_all(text.as_bytes())
                .and_then(|()| file.sync_all())
                .map_err(|e| format!("{}: could not write the host key: {e}", path.display()))?;
            Ok((key, true))
        }
        Err(e) => Err(format!(
            "{}: could not read the host key: {e}",
            path.display()
        )),
    }
}

/// The directory of a key's player: `players/` and a name made of the
/// key's SHA-256 fingerprint in hex (64 characters of 0-9a-f: no path, no
/// dot, nothing the client chose).
pub fn player_dir(state: &Path, key: &russh::keys::PublicKey) -> StateDir {
    let fingerprint = key.fingerprint(HashAlg::Sha256);
    let name: String = fingerprint
        .as_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    StateDir::new(state.join("players").join(name))
}

/// `doku serve`: runs until SIGTERM or SIGINT, then saves every game and
/// closes every session. Returns the exit status.
pub fn main(options: ServeOptions) -> i32 {
    match serve(options) {
        Ok(()) => crate::exit::EXIT_OK,
        Err(message) => {
            let _ = writeln!(io::stderr(), "doku serve: {message}");
            crate::exit::EXIT_BAD_INPUT
        }
    }
}

fn serve(options: ServeOptions) -> Result<(), String> {
    let state = match &options.state {
        Some(dir) => StateDir::new(dir.clone()),
        None => StateDir::from_env().map_err(|e| e.to_string())?,
    };
    state.create().map_err(|e| e.to_string())?;
    // The operator's config is checked before anything is served: an error
    // names the file and the key here, not in every player's session.
    let loaded = options
        .config
        .load(&session::ClientTerminal::default())
        .map_err(|e| e.to_string())?;
    let key_path = host_key_path(state.path());
    let (key, made) = host_key(&key_path)?;
    let fingerprint = key.public_key().fingerprint(HashAlg::Sha256);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("could not start: {e}"))?;
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(options.listen)
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", options.listen))?;
        let local = listener.local_addr().map_err(|e| e.to_string())?;
        let port = local.port();
        let mut out = io::stdout();
        let _ = writeln!(
            out,
            "doku serve: listening on {local}\n\
             doku serve: host key {fingerprint} ({}{})\n\
             doku serve: play with `ssh -p {port} HOST`, watch the solver with `ssh -p {port} {}@HOST`",
            key_path.display(),
            if made { ", new" } else { "" },
            options.watch_user,
        );
        if !loaded.files.is_empty() {
            let _ = writeln!(out, "doku serve: config {}", loaded.files.join(", "));
        }
        let _ = out.flush();
        let server = Arc::new(ServerState::new(options, state.path().to_path_buf()));
        let config = Arc::new(handler::russh_config(&server.options, key));
        handler::accept_loop(listener, config, Arc::clone(&server)).await;
        // Stopping: every session saves and says goodbye; wait for them.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while server.sessions.load(Ordering::SeqCst) > 0
            && tokio::time::Instant::now() < deadline
        {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        // Let the last bytes and channel closes go out.
        tokio::time::sleep(Duration::from_millis(200)).await;
        let _ = writeln!(io::stdout(), "doku serve: stopped; every game is saved");
        Ok(())
    })
}
