//! The SSH side of `doku serve`: accepting connections within the limits,
//! authentication (any public key is its own player; keyboard-interactive
//! is an anonymous player; no passwords), and each connection's one session
//! channel: pty size and changes, TERM and NO_COLOR, the shell request that
//! starts the game. Everything else is refused.

use super::limits::RateLimiter;
use super::session::{
    clamp_size, run_session, ChannelEvents, ClientTerminal, Input, Player, SessionLimits,
    SessionShared,
};
use super::ServeOptions;
use russh::keys::PrivateKey;
use russh::server::{Auth, ChannelOpenHandle, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelWriteHalf, MethodKind, MethodSet, Pty};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{sync_channel, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// Messages from the SSH side waiting for a busy game thread; past this,
/// keys are dropped (a client typing faster than the game reads is not
/// queued for).
const INPUT_QUEUE: usize = 64;

/// How long a connection has to log in and start its session.
const LOGIN_GRACE: Duration = Duration::from_secs(30);

/// How long the last output of a finished game may wait for the client to
/// read it before the connection is dropped: a client that stopped reading
/// (its game ended as stalled) would otherwise hold the connection, and the
/// task waiting to send, for as long as it answers keepalives.
const LAST_OUTPUT_GRACE: Duration = Duration::from_secs(5);

/// What all connections share.
pub struct ServerState {
    pub options: ServeOptions,
    pub state: PathBuf,
    /// Games running now.
    pub sessions: AtomicUsize,
    /// Connections open now.
    pub connections: AtomicUsize,
    /// SIGTERM or SIGINT came: every session saves and ends.
    pub stopping: Arc<AtomicBool>,
    limiter: Mutex<RateLimiter>,
    /// Bytes sent to all clients (for the load test's figures).
    pub bytes_sent: AtomicU64,
}

impl ServerState {
    pub fn new(options: ServeOptions, state: PathBuf) -> ServerState {
        ServerState {
            limiter: Mutex::new(RateLimiter::new(options.per_minute)),
            options,
            state,
            sessions: AtomicUsize::new(0),
            connections: AtomicUsize::new(0),
            stopping: Arc::new(AtomicBool::new(false)),
            bytes_sent: AtomicU64::new(0),
        }
    }

    /// Takes a session slot, if one is free.
    fn take_session(&self) -> bool {
        self.sessions
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < self.options.max_sessions).then_some(n + 1)
            })
            .is_ok()
    }
}

/// The russh configuration for these options.
pub fn russh_config(options: &ServeOptions, key: PrivateKey) -> russh::server::Config {
    russh::server::Config {
        server_id: russh::SshId::Standard(
            format!("SSH-2.0-doku_{}", env!("CARGO_PKG_VERSION")).into(),
        ),
        methods: MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]),
        auth_rejection_time: Duration::from_secs(1),
        // OpenSSH asks with `none` first to learn the methods: no wait for that.
        auth_rejection_time_initial: Some(Duration::ZERO),
        // russh counts the `none` query OpenSSH opens with as a refused
        // attempt: one more, so `--max-auth-attempts 1` still lets a key in.
        max_auth_attempts: options.auth_attempts.saturating_add(1),
        keys: vec![key],
        // Our own idle limit ends a session without keys; keepalives find
        // a client that is gone without saying so.
        inactivity_timeout: None,
        keepalive_interval: Some(Duration::from_secs(15)),
        keepalive_max: 4,
        // What a client may send before the game reads it.
        window_size: 64 * 1024,
        maximum_packet_size: 32 * 1024,
        nodelay: true,
        ..Default::default()
    }
}

/// Accepts connections until the server is asked to stop (SIGTERM,
/// SIGINT), each within the limits: connections per address per minute,
/// and connections at once (twice the sessions, so a full server can still
/// say it is full).
pub async fn accept_loop(
    listener: TcpListener,
    config: Arc<russh::server::Config>,
    server: Arc<ServerState>,
) {
    let mut terminate =
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(s) => s,
            Err(e) => {
                log(format_args!("cannot watch for SIGTERM: {e}"));
                return;
            }
        };
    loop {
        let accepted = tokio::select! {
            _ = terminate.recv() => None,
            _ = tokio::signal::ctrl_c() => None,
            accepted = listener.accept() => Some(accepted),
        };
        let Some(accepted) = accepted else {
            log(format_args!("stopping: saving every game"));
            server.stopping.store(true, Ordering::SeqCst);
            return;
        };
        let (mut stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, say: wait a little, go on.
                log(format_args!("accept failed: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let allowed = server
            .limiter
            .lock()
            .map(|mut l| l.allow(peer.ip(), Instant::now()))
            .unwrap_or(false);
        let room = server.connections.load(Ordering::SeqCst) < 2 * server.options.max_sessions + 2;
        if !allowed || !room {
            let why = if allowed {
                "too many connections to this server"
            } else {
                "too many connections from your address; try again in a minute"
            };
            tokio::spawn(async move {
                use tokio::io::AsyncWriteExt;
                let line = format!("doku: {why}\r\n");
                let _ =
                    tokio::time::timeout(Duration::from_secs(1), stream.write_all(line.as_bytes()))
                        .await;
            });
            log(format_args!("{peer}: refused ({why})"));
            continue;
        }
        server.connections.fetch_add(1, Ordering::SeqCst);
        let connection = Connection::new(Arc::clone(&server), peer);
        let started = Arc::clone(&connection.started);
        let config = Arc::clone(&config);
        let server = Arc::clone(&server);
        tokio::spawn(async move {
            let _ = stream.set_nodelay(true);
            match russh::server::run_stream(config, stream, connection).await {
                Ok(running) => {
                    let handle = running.handle();
                    tokio::pin!(running);
                    tokio::select! {
                        _ = &mut running => {}
                        _ = tokio::time::sleep(LOGIN_GRACE) => {
                            if !started.load(Ordering::SeqCst) {
                                let _ = handle
                                    .disconnect(
                                        russh::Disconnect::ByApplication,
                                        "no game started in time".into(),
                                        String::new(),
                                    )
                                    .await;
                            }
                            let _ = running.await;
                        }
                    }
                }
                Err(e) => log(format_args!("{peer}: {e}")),
            }
            server.connections.fetch_sub(1, Ordering::SeqCst);
        });
    }
}

fn log(message: std::fmt::Arguments<'_>) {
    let _ = writeln!(std::io::stderr(), "doku serve: {message}");
}

/// One connection.
pub struct Connection {
    server: Arc<ServerState>,
    peer: SocketAddr,
    player: Option<Player>,
    /// A short name for the log: the start of the key's fingerprint.
    who: String,
    channel: Option<SessionChannel>,
    /// The game started (or the connection was told why not): the login
    /// grace no longer applies.
    started: Arc<AtomicBool>,
}

/// The connection's session channel, before and after its game starts.
struct SessionChannel {
    id: ChannelId,
    writer: Option<ChannelWriteHalf<Msg>>,
    pty: Option<(u16, u16)>,
    terminal: ClientTerminal,
    game: Option<GameLink>,
}

struct GameLink {
    input: SyncSender<Input>,
    shared: Arc<SessionShared>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        // The connection is gone: its game saves and ends.
        if let Some(game) = self.channel.as_ref().and_then(|c| c.game.as_ref()) {
            game.shared.close();
        }
    }
}

impl Connection {
    fn new(server: Arc<ServerState>, peer: SocketAddr) -> Connection {
        Connection {
            server,
            peer,
            player: None,
            who: "anonymous".into(),
            channel: None,
            started: Arc::new(AtomicBool::new(false)),
        }
    }

    fn is_watch_user(&self, user: &str) -> bool {
        user == self.server.options.watch_user
    }

    /// The channel's game, if `channel` is this connection's session.
    fn game(&self, channel: ChannelId) -> Option<&GameLink> {
        self.channel
            .as_ref()
            .filter(|c| c.id == channel)
            .and_then(|c| c.game.as_ref())
    }

    /// Starts the game on the session channel: its thread, and the task
    /// that sends its output.
    fn start_game(
        &mut self,
        writer: ChannelWriteHalf<Msg>,
        size: (u16, u16),
        terminal: ClientTerminal,
        connection: russh::server::Handle,
    ) -> Option<GameLink> {
        let player = self.player.clone().unwrap_or(Player::Anonymous);
        let shared = Arc::new(SessionShared::new(size.0, size.1));
        let (input, receiver) = sync_channel(INPUT_QUEUE);
        let limits = SessionLimits {
            idle: self.server.options.idle,
            output_budget: self.server.options.output_budget,
            stall: self.server.options.stall,
        };
        let events = ChannelEvents::new(
            receiver,
            Arc::clone(&shared),
            Arc::clone(&self.server.stopping),
            limits,
        );
        let server = Arc::clone(&self.server);
        let thread_shared = Arc::clone(&shared);
        let who = format!("{} {}", self.peer, self.who);
        let spawned = std::thread::Builder::new()
            .name("doku-session".into())
            .spawn(move || {
                log(format_args!("{who}: game started"));
                let ended = run_session(
                    player,
                    terminal,
                    &server.options.config,
                    thread_shared,
                    events,
                    limits.idle,
                );
                server.sessions.fetch_sub(1, Ordering::SeqCst);
                log(format_args!(
                    "{who}: game ended ({})",
                    super::session::ended_text(ended)
                ));
            });
        if let Err(e) = spawned {
            log(format_args!("cannot start a game: {e}"));
            self.server.sessions.fetch_sub(1, Ordering::SeqCst);
            refuse(
                writer,
                "doku: the server cannot start a game now; try again later\r\n",
            );
            return None;
        }
        tokio::spawn(send_output(
            writer,
            Arc::clone(&shared),
            Arc::clone(&self.server),
            connection,
        ));
        Some(GameLink { input, shared })
    }
}

/// Sends a session's output into its channel as the client's window
/// allows, merged: whatever waits goes in one write. Then ends the channel;
/// or, when the game has ended and its output still cannot go out after
/// [`LAST_OUTPUT_GRACE`] (the client reads nothing), the connection.
async fn send_output(
    writer: ChannelWriteHalf<Msg>,
    shared: Arc<SessionShared>,
    server: Arc<ServerState>,
    connection: russh::server::Handle,
) {
    loop {
        let bytes = shared.take_output();
        if !bytes.is_empty() {
            let n = bytes.len() as u64;
            let sent = tokio::select! {
                sent = writer.data_bytes(bytes) => sent.is_ok(),
                () = finished_for(&shared, LAST_OUTPUT_GRACE) => {
                    // The channel's close would wait behind the data that
                    // cannot go: end the connection.
                    let _ = connection
                        .disconnect(
                            russh::Disconnect::ByApplication,
                            "doku: closed, the client reads nothing".into(),
                            "en".into(),
                        )
                        .await;
                    shared.close();
                    return;
                }
            };
            if !sent {
                shared.close();
                break;
            }
            shared.sent.fetch_add(n, Ordering::Relaxed);
            server.bytes_sent.fetch_add(n, Ordering::Relaxed);
            continue;
        }
        if shared.is_finished() {
            let rest = shared.take_output();
            if !rest.is_empty() {
                let _ = writer.data_bytes(rest).await;
            }
            break;
        }
        if shared.is_closed() {
            // The game thread notices, saves, and finishes; wait for that.
            let _ = tokio::time::timeout(Duration::from_millis(250), shared.wake_sender.notified())
                .await;
            continue;
        }
        shared.wake_sender.notified().await;
    }
    let _ = writer.exit_status(0).await;
    let _ = writer.eof().await;
    let _ = writer.close().await;
}

/// Returns once the session's game has been over for `grace`.
async fn finished_for(shared: &SessionShared, grace: Duration) {
    while !shared.is_finished() {
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    tokio::time::sleep(grace).await;
}

/// Tells the client why there is no game, and closes the channel.
fn refuse(writer: ChannelWriteHalf<Msg>, message: &'static str) {
    tokio::spawn(async move {
        let _ = writer.data_bytes(message.as_bytes()).await;
        let _ = writer.exit_status(1).await;
        let _ = writer.eof().await;
        let _ = writer.close().await;
    });
}

impl russh::server::Handler for Connection {
    type Error = russh::Error;

    async fn auth_none(&mut self, _user: &str) -> Result<Auth, Self::Error> {
        // OpenSSH asks with `none` first: answering with the methods makes
        // it offer its keys (accepting `none` would make every player
        // anonymous).
        Ok(Auth::Reject {
            proceed_with_methods: None,
            partial_success: false,
        })
    }

    async fn auth_password(&mut self, _user: &str, _password: &str) -> Result<Auth, Self::Error> {
        Ok(Auth::reject())
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        if self.is_watch_user(user) {
            self.player = Some(Player::Watcher);
            self.who = "watcher".into();
        } else {
            let dir = super::player_dir(&self.server.state, key.public_key);
            let fingerprint = key
                .public_key
                .fingerprint(russh::keys::HashAlg::Sha256)
                .to_string();
            self.who = fingerprint.chars().take(7 + 12).collect();
            self.player = Some(Player::Keyed(dir));
        }
        Ok(Auth::Accept)
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        // No key: a game that is not kept. Nothing is asked.
        self.player = Some(if self.is_watch_user(user) {
            self.who = "watcher".into();
            Player::Watcher
        } else {
            Player::Anonymous
        });
        Ok(Auth::Accept)
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            // One game per connection (dropping `reply` refuses).
            return Ok(());
        }
        let id = channel.id();
        // The read half is not needed: the handler's calls bring the data
        // and requests (and with it dropped, nothing queues for it).
        let (_read, write) = channel.split();
        self.channel = Some(SessionChannel {
            id,
            writer: Some(write),
            pty: None,
            terminal: ClientTerminal::default(),
            game: None,
        });
        reply.accept().await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        match self
            .channel
            .as_mut()
            .filter(|c| c.id == channel && c.game.is_none())
        {
            Some(state) => {
                state.pty = Some(clamp_size(col_width, row_height));
                if !term.is_empty() {
                    state.terminal.term = Some(term.chars().take(64).collect());
                }
                session.channel_success(channel)
            }
            None => session.channel_failure(channel),
        }
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let Some(state) = self
            .channel
            .as_mut()
            .filter(|c| c.id == channel && c.game.is_none())
        else {
            return session.channel_failure(channel);
        };
        let value: String = value.chars().take(64).collect();
        match name {
            "TERM" => state.terminal.term = Some(value),
            "COLORTERM" => state.terminal.colorterm = Some(value),
            "NO_COLOR" => {
                state.terminal.no_color =
                    crate::theme::no_color_requested(Some(std::ffi::OsStr::new(&value)))
            }
            _ => return session.channel_failure(channel),
        }
        session.channel_success(channel)
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.started.store(true, Ordering::SeqCst);
        let Some(state) = self
            .channel
            .as_mut()
            .filter(|c| c.id == channel && c.game.is_none())
        else {
            return session.channel_failure(channel);
        };
        let Some(writer) = state.writer.take() else {
            return session.channel_failure(channel);
        };
        session.channel_success(channel)?;
        let Some(size) = state.pty else {
            refuse(
                writer,
                "doku: the game needs a terminal; connect with ssh -t\r\n",
            );
            return Ok(());
        };
        if self.server.stopping.load(Ordering::SeqCst) {
            refuse(writer, "doku: the server is stopping\r\n");
            return Ok(());
        }
        if !self.server.take_session() {
            log(format_args!("{}: refused (server full)", self.peer));
            refuse(
                writer,
                "doku: the server is full; try again in a few minutes\r\n",
            );
            return Ok(());
        }
        let terminal = state.terminal.clone();
        let game = self.start_game(writer, size, terminal, session.handle());
        if let Some(state) = self.channel.as_mut() {
            state.game = game;
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        // No commands: only the game.
        self.started.store(true, Ordering::SeqCst);
        log(format_args!("{}: refused exec", self.peer));
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.started.store(true, Ordering::SeqCst);
        let name: String = name
            .chars()
            .filter(char::is_ascii_graphic)
            .take(32)
            .collect();
        log(format_args!("{}: refused subsystem {name}", self.peer));
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        log(format_args!("{}: refused X11 forwarding", self.peer));
        session.channel_failure(channel)
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        log(format_args!("{}: refused agent forwarding", self.peer));
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        _address: &str,
        _port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        log(format_args!("{}: refused port forwarding", self.peer));
        Ok(false)
    }

    async fn streamlocal_forward(
        &mut self,
        _socket_path: &str,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        Ok(false)
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        _host_to_connect: &str,
        _port_to_connect: u32,
        _originator_address: &str,
        _originator_port: u32,
        _reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        // Dropping the reply refuses the channel.
        log(format_args!("{}: refused port forwarding", self.peer));
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let max = self.server.options.max_input;
        if let Some(game) = self.game(channel) {
            let bytes = data[..data.len().min(max)].to_vec();
            match game.input.try_send(Input::Bytes(bytes)) {
                Ok(()) | Err(TrySendError::Full(_)) => {}
                Err(TrySendError::Disconnected(_)) => {}
            }
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        col_width: u32,
        row_height: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        let (columns, rows) = clamp_size(col_width, row_height);
        if let Some(state) = self.channel.as_mut().filter(|c| c.id == channel) {
            state.pty = Some((columns, rows));
            if let Some(game) = &state.game {
                game.shared.set_size(columns, rows);
                let _ = game.input.try_send(Input::Wake);
            }
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if let Some(game) = self.game(channel) {
            game.shared.close();
            let _ = game.input.try_send(Input::Wake);
        }
        Ok(())
    }
}
