//! One player's game over SSH, on a thread of its own: the same [`App`] as
//! in a local terminal, fed the events parsed from the channel's bytes and
//! drawn into a ratatui backend whose output goes back into the channel.
//!
//! The SSH side (`super::handler`) and this thread share a
//! [`SessionShared`]: the client's terminal size, whether the client is
//! gone, and the output not yet sent. The output is bounded: while more
//! than the budget waits (the client reads slowly, or not at all), no frame
//! is drawn, so the frames in between are merged into the next one (each
//! frame is the difference from the last one sent); a client that reads
//! nothing for [`STALL`] (or the server's `--stall`) is closed.

use crate::app::event_loop::{self, EventSource};
use crate::app::{App, Persistence};
use crate::config::{Environment, Loaded};
use crate::input::InputParser;
use crate::storage::{prefs, Preferences, StateDir};
use crate::ui::output::{CompactBackend, TerminalOutput};
use ratatui::backend::{Backend, ClearType, CrosstermBackend, WindowSize};
use ratatui::buffer::Cell;
use ratatui::crossterm::event::Event;
use ratatui::layout::{Position, Size};
use std::collections::VecDeque;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// A client that has read nothing of what waits for it for this long is
/// gone as far as the game is concerned: the session ends (the game saved).
/// The default of `doku serve --stall`.
pub const STALL: Duration = Duration::from_secs(30);

/// The terminal sizes a client may claim are clamped to these (columns,
/// rows): the screen buffers are kept per session, and a pty request of
/// 60000x60000 must not cost gigabytes.
pub const MAX_COLUMNS: u16 = 320;
pub const MAX_ROWS: u16 = 120;

/// A pty size from the client, clamped to what a session keeps. A zero is
/// "not known" (RFC 4254 says to ignore it: `ssh -tt` from a pipe sends
/// 0x0), and gets the classic 80x24.
pub fn clamp_size(columns: u32, rows: u32) -> (u16, u16) {
    let clamp = |v: u32, default: u16, max: u16| match v {
        0 => default,
        v => v.min(u32::from(max)) as u16,
    };
    (clamp(columns, 80, MAX_COLUMNS), clamp(rows, 24, MAX_ROWS))
}

/// What the SSH side tells the game thread, besides the shared state.
#[derive(Debug)]
pub enum Input {
    /// Bytes the client typed.
    Bytes(Vec<u8>),
    /// Look again at the shared state (a new size, the client gone).
    Wake,
}

/// Between a session's game thread and its SSH connection.
#[derive(Debug)]
pub struct SessionShared {
    /// Columns << 16 | rows.
    size: AtomicU32,
    /// The client closed the channel or the connection dropped.
    closed: AtomicBool,
    /// The game thread is done: the last bytes are in `output`.
    finished: AtomicBool,
    /// Bytes drawn and not yet handed to the channel.
    output: Mutex<Vec<u8>>,
    /// Wakes the task that sends `output` into the channel.
    pub wake_sender: tokio::sync::Notify,
    /// Bytes sent into the channel so far (for the load test's figures).
    pub sent: std::sync::atomic::AtomicU64,
}

impl SessionShared {
    pub fn new(columns: u16, rows: u16) -> SessionShared {
        SessionShared {
            size: AtomicU32::new(pack(columns, rows)),
            closed: AtomicBool::new(false),
            finished: AtomicBool::new(false),
            output: Mutex::new(Vec::new()),
            wake_sender: tokio::sync::Notify::new(),
            sent: std::sync::atomic::AtomicU64::new(0),
        }
    }

    pub fn set_size(&self, columns: u16, rows: u16) {
        self.size.store(pack(columns, rows), Ordering::SeqCst);
    }

    pub fn size(&self) -> (u16, u16) {
        let packed = self.size.load(Ordering::SeqCst);
        ((packed >> 16) as u16, (packed & 0xffff) as u16)
    }

    /// The client is gone: the game saves and ends.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
    }

    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    pub fn is_finished(&self) -> bool {
        self.finished.load(Ordering::SeqCst)
    }

    fn finish(&self) {
        self.finished.store(true, Ordering::SeqCst);
        self.wake_sender.notify_one();
    }

    /// Everything waiting to be sent, taken.
    pub fn take_output(&self) -> Vec<u8> {
        self.output
            .lock()
            .map(|mut out| std::mem::take(&mut *out))
            .unwrap_or_default()
    }

    fn backlog(&self) -> usize {
        self.output.lock().map_or(0, |out| out.len())
    }

    fn push_output(&self, bytes: &[u8]) {
        if let Ok(mut out) = self.output.lock() {
            out.extend_from_slice(bytes);
        }
        self.wake_sender.notify_one();
    }
}

fn pack(columns: u16, rows: u16) -> u32 {
    (u32::from(columns) << 16) | u32::from(rows)
}

/// The frames' writer: holds a frame's bytes until it is flushed whole,
/// then hands them to the channel's sender.
pub struct ChannelOutput {
    shared: Arc<SessionShared>,
    frame: Vec<u8>,
}

impl Write for ChannelOutput {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.frame.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.frame.is_empty() {
            self.shared.push_output(&self.frame);
            self.frame.clear();
        }
        Ok(())
    }
}

/// crossterm's backend writing into the channel, with the size the client
/// said (crossterm would ask the server's own terminal) and no questions
/// to the terminal (the cursor is where the last frame left it).
pub struct RemoteBackend {
    inner: CrosstermBackend<TerminalOutput<ChannelOutput>>,
    shared: Arc<SessionShared>,
    cursor: Position,
}

impl RemoteBackend {
    pub fn new(shared: Arc<SessionShared>, sixteen_colours: bool) -> RemoteBackend {
        let output = ChannelOutput {
            shared: Arc::clone(&shared),
            frame: Vec::new(),
        };
        RemoteBackend {
            inner: CrosstermBackend::new(TerminalOutput::new(output, sixteen_colours)),
            shared,
            cursor: Position::ORIGIN,
        }
    }

    /// Raw bytes to the client (the alternate screen, the input modes).
    pub fn send(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.write_all(bytes)?;
        Write::flush(&mut self.inner)
    }
}

impl crate::ui::output::RawOutput for RemoteBackend {
    fn send_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.send(bytes)
    }
}

impl Backend for RemoteBackend {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.inner.draw(content)
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.cursor)
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        let position = position.into();
        self.cursor = position;
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> io::Result<()> {
        self.inner.clear()
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.inner.clear_region(clear_type)
    }

    fn size(&self) -> io::Result<Size> {
        let (width, height) = self.shared.size();
        Ok(Size { width, height })
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        Ok(WindowSize {
            columns_rows: self.size()?,
            pixels: Size::default(),
        })
    }

    fn flush(&mut self) -> io::Result<()> {
        Backend::flush(&mut self.inner)
    }
}

/// Why a session ended other than by the player quitting.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The client went away (closed the channel, dropped the connection).
    ClientGone,
    /// No key for the idle time.
    Idle,
    /// The client stopped reading its output.
    Stalled,
    /// The server is stopping (SIGTERM).
    ServerStopping,
}

impl std::fmt::Display for Ended {
    /// Why, in the operator's log.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Ended::ClientGone => "the client went away",
            Ended::Idle => "idle too long",
            Ended::Stalled => "the client stopped reading",
            Ended::ServerStopping => "the server is stopping",
        })
    }
}

/// Why a session ended, in the operator's log: the player quit, or why not.
pub fn ended_text(ended: Option<Ended>) -> String {
    match ended {
        None => "the player quit".to_string(),
        Some(why) => why.to_string(),
    }
}

/// The loop's events from the channel: bytes parsed into keys, the
/// client's size changes, and the reasons to end.
pub struct ChannelEvents {
    input: Receiver<Input>,
    parser: InputParser,
    queue: VecDeque<Event>,
    shared: Arc<SessionShared>,
    size: (u16, u16),
    stopping: Arc<AtomicBool>,
    limits: SessionLimits,
    last_input: Instant,
    over_budget_since: Option<Instant>,
    hung_up: bool,
}

/// The limits one session keeps.
#[derive(Clone, Copy, Debug)]
pub struct SessionLimits {
    /// No key for this long ends the session (saved).
    pub idle: Duration,
    /// The most output waiting for a slow client before frames are merged.
    pub output_budget: usize,
    /// Output past the budget for this long ends the session (saved).
    pub stall: Duration,
}

impl ChannelEvents {
    pub fn new(
        input: Receiver<Input>,
        shared: Arc<SessionShared>,
        stopping: Arc<AtomicBool>,
        limits: SessionLimits,
    ) -> ChannelEvents {
        ChannelEvents {
            input,
            parser: InputParser::new(),
            queue: VecDeque::new(),
            size: shared.size(),
            shared,
            stopping,
            limits,
            last_input: Instant::now(),
            over_budget_since: None,
            hung_up: false,
        }
    }

    fn take_bytes(&mut self, input: Input, now: Instant) {
        if let Input::Bytes(bytes) = input {
            self.last_input = now;
            let mut events = Vec::new();
            self.parser.feed(&bytes, now, &mut events);
            self.queue.extend(events);
        }
    }

    /// An event ready without waiting: a parsed one, a resolved Esc, a
    /// new size.
    fn ready(&mut self, now: Instant) -> Option<Event> {
        if self.queue.is_empty() {
            let mut events = Vec::new();
            self.parser.flush_stale(now, &mut events);
            self.queue.extend(events);
        }
        if let Some(event) = self.queue.pop_front() {
            return Some(event);
        }
        let size = self.shared.size();
        if size != self.size {
            self.size = size;
            return Some(Event::Resize(size.0, size.1));
        }
        None
    }
}

impl EventSource for ChannelEvents {
    type Stop = Ended;

    fn next_event(&mut self, timeout: Duration) -> io::Result<Option<Event>> {
        let start = Instant::now();
        let until = start + timeout;
        loop {
            let now = Instant::now();
            if let Some(event) = self.ready(now) {
                return Ok(Some(event));
            }
            if self.hung_up || self.shared.is_closed() {
                return Ok(None);
            }
            let wake = self.parser.deadline().map_or(until, |d| d.min(until));
            let got = if wake <= now {
                match self.input.try_recv() {
                    Ok(input) => Ok(input),
                    Err(TryRecvError::Empty) => Err(RecvTimeoutError::Timeout),
                    Err(TryRecvError::Disconnected) => Err(RecvTimeoutError::Disconnected),
                }
            } else {
                self.input.recv_timeout(wake - now)
            };
            match got {
                Ok(input) => self.take_bytes(input, Instant::now()),
                Err(RecvTimeoutError::Timeout) if Instant::now() >= until => {
                    return Ok(self.ready(Instant::now()));
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    self.hung_up = true;
                }
            }
        }
    }

    fn stop(&mut self, now: Instant) -> Option<Ended> {
        if self.stopping.load(Ordering::SeqCst) {
            return Some(Ended::ServerStopping);
        }
        if self.hung_up || self.shared.is_closed() {
            return Some(Ended::ClientGone);
        }
        if now.saturating_duration_since(self.last_input) >= self.limits.idle {
            return Some(Ended::Idle);
        }
        if self
            .over_budget_since
            .is_some_and(|since| now.saturating_duration_since(since) >= self.limits.stall)
        {
            return Some(Ended::Stalled);
        }
        None
    }

    fn may_draw(&mut self) -> bool {
        let over = self.shared.backlog() > self.limits.output_budget;
        if !over {
            self.over_budget_since = None;
        } else if self.over_budget_since.is_none() {
            self.over_budget_since = Some(Instant::now());
        }
        !over
    }
}

/// Who is at the other end of a session.
#[derive(Clone, Debug)]
pub enum Player {
    /// A public key's player: their game, preferences and statistics are
    /// kept in this directory.
    Keyed(StateDir),
    /// No key: a game that is not kept.
    Anonymous,
    /// The watch user: the solver view on fresh puzzles, in a loop.
    Watcher,
}

/// What the client's terminal said about itself (env requests).
#[derive(Clone, Debug, Default)]
pub struct ClientTerminal {
    pub term: Option<String>,
    pub colorterm: Option<String>,
    pub no_color: bool,
}

/// Where the operator's config comes from: `doku serve --config PATH`, else
/// the server user's own config.toml (XDG), as for `doku` in a terminal.
/// The default, all `None`, is the built-in config alone.
#[derive(Clone, Debug, Default)]
pub struct OperatorConfig {
    pub path: Option<PathBuf>,
    pub config_home: Option<PathBuf>,
    pub home: Option<PathBuf>,
}

impl OperatorConfig {
    /// The server process's own: `--config`, `$XDG_CONFIG_HOME`, `$HOME`.
    pub fn from_process(path: Option<PathBuf>) -> OperatorConfig {
        let env = Environment::from_process();
        OperatorConfig {
            path,
            config_home: env.config_home,
            home: env.home,
        }
    }

    /// The config and themes, resolved for a terminal of `terminal`'s kind
    /// (the operator's TERM is not the client's).
    pub fn load(&self, terminal: &ClientTerminal) -> Result<Loaded, crate::config::ConfigError> {
        let env = Environment {
            config_home: self.config_home.clone(),
            home: self.home.clone(),
            no_color: terminal.no_color,
            colorterm: terminal.colorterm.clone(),
            term: terminal.term.clone(),
        };
        crate::config::load_with(self.path.as_deref(), &env)
    }
}

/// The app for one session: the operator's config and themes (checked at
/// the server's start; the built-in ones if the file has since gone bad)
/// resolved for the client's terminal, the player's remembered choices and
/// saved game.
pub fn build_app(
    player: &Player,
    terminal: &ClientTerminal,
    operator: &OperatorConfig,
    now: Instant,
) -> (App, bool) {
    // The built-in config cannot fail to load; if it ever did, the
    // session says so and ends (see `run_session`).
    let loaded: Loaded = match operator
        .load(terminal)
        .or_else(|_| OperatorConfig::default().load(terminal))
    {
        Ok(loaded) => loaded,
        Err(err) => panic!("the built-in config does not load: {err}"),
    };
    let sixteen = loaded.color_depth == crate::theme::ColorDepth::Ansi16;
    let (choices, prefs_problem) = match player {
        Player::Keyed(dir) => match prefs::load(dir) {
            Ok(choices) => (choices, None),
            Err(err) => (Preferences::default(), Some(err)),
        },
        _ => (Preferences::default(), None),
    };
    let config = crate::app::with_choices(&loaded.config, &choices);
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
        ^ rand::random::<u64>();
    let theme = loaded
        .themes
        .get(&config.theme)
        .unwrap_or_else(|| loaded.theme())
        .clone();
    let themes = loaded.themes.clone();
    if let Player::Watcher = player {
        let mut app = App::dealing(&config, themes, theme, seed);
        app.keep_no_game();
        app.set_watch_loop(true);
        // The spinner shows until the deal arrives, which opens the view.
        app.watch_when_dealt();
        return (app, sixteen);
    }
    let opening = match player {
        Player::Keyed(dir) => Persistence::open_in(Ok(dir.clone()), true, now),
        _ => crate::app::Opening {
            persistence: Persistence::off(),
            game: None,
            message: Some("a game without a key is not kept (ssh with a key to keep it)".into()),
            resumed: false,
            notice: None,
        },
    };
    let mut app = match opening.game {
        Some(saved) => App::new(&config, themes, theme, saved, seed),
        None => App::dealing(&config, themes, theme, seed),
    };
    app.set_persistence(opening.persistence);
    app.set_remembered_choices(choices);
    if let Some(err) = &prefs_problem {
        app.preferences_unreadable(err);
    }
    let message = if opening.resumed {
        Some(app.resumed_message(false))
    } else {
        opening.message
    };
    app.show_opening_message(message);
    (app, sixteen)
}

/// What the client's terminal is set to at the start: the alternate
/// screen, a hidden cursor, bracketed paste and (when the config wants it)
/// the mouse; and what puts it back at the end.
fn terminal_modes(mouse: bool, on: bool) -> Vec<u8> {
    let mut bytes = Vec::new();
    let modes: &[&[u8]] = if on {
        // The screen is cleared after, by the terminal (`Terminal::clear`),
        // so the backend knows it blank.
        &[b"\x1b[?1049h", b"\x1b[?25l", b"\x1b[?2004h"]
    } else {
        &[b"\x1b[?2004l", b"\x1b[?25h", b"\x1b[?1049l"]
    };
    for mode in modes {
        bytes.extend_from_slice(mode);
    }
    if mouse {
        // Clicks, drags and SGR coordinates (as crossterm's EnableMouseCapture).
        let mouse_modes: &[u8] = if on {
            b"\x1b[?1000h\x1b[?1002h\x1b[?1006h"
        } else {
            b"\x1b[?1006l\x1b[?1002l\x1b[?1000l"
        };
        bytes.extend_from_slice(mouse_modes);
    }
    bytes
}

/// The line left on the client's main screen when the session ends.
fn farewell(ended: Option<Ended>, kept: bool, idle: Duration) -> String {
    let saved = if kept { "; your game is saved" } else { "" };
    match ended {
        None => format!("doku: bye{saved}\r\n"),
        Some(Ended::Idle) => format!(
            "doku: closed after {} without a key{saved}\r\n",
            crate::storage::stats::clock(idle.as_secs())
        ),
        Some(Ended::ServerStopping) => format!("doku: the server is stopping{saved}\r\n"),
        Some(Ended::Stalled) | Some(Ended::ClientGone) => String::new(),
    }
}

/// Runs one session to its end on the calling thread: builds the app,
/// plays, saves, and leaves the last bytes for the channel. A panic in the
/// game ends this session only: the game was saved after its last change,
/// and the client is told.
pub fn run_session<E: EventSource<Stop = Ended>>(
    player: Player,
    client: ClientTerminal,
    operator: &OperatorConfig,
    shared: Arc<SessionShared>,
    mut events: E,
    idle: Duration,
) -> Option<Ended> {
    let kept = matches!(player, Player::Keyed(_));
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        let (mut app, sixteen) = build_app(&player, &client, operator, Instant::now());
        let mouse = app.mouse_enabled();
        let backend = RemoteBackend::new(Arc::clone(&shared), sixteen);
        let mut terminal = ratatui::Terminal::new(CompactBackend::new(backend))?;
        terminal
            .backend_mut()
            .inner_mut()
            .send(&terminal_modes(mouse, true))?;
        terminal.clear()?;
        let result = event_loop::run(&mut app, &mut terminal, &mut events);
        // The clock has run on since the last change; keep that time too.
        app.save(Instant::now());
        let ended = result.as_ref().ok().copied().flatten();
        let mut goodbye = terminal_modes(mouse, false);
        goodbye.extend_from_slice(farewell(ended, kept, idle).as_bytes());
        terminal.backend_mut().inner_mut().send(&goodbye)?;
        result
    }));
    let ended = match outcome {
        Ok(Ok(ended)) => ended,
        Ok(Err(_)) => Some(Ended::ClientGone),
        Err(_) => {
            let mut goodbye = terminal_modes(true, false);
            goodbye.extend_from_slice(
                b"doku: this session failed (a bug in doku); your game is saved as of your last move\r\n",
            );
            shared.push_output(&goodbye);
            None
        }
    };
    shared.finish();
    ended
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::sync_channel;

    fn events(
        budget: usize,
        idle: Duration,
    ) -> (std::sync::mpsc::SyncSender<Input>, ChannelEvents) {
        let (tx, _, events) = session_events(budget, idle);
        (tx, events)
    }

    /// A 100x40 session's input channel, its shared state and its events.
    fn session_events(
        budget: usize,
        idle: Duration,
    ) -> (
        std::sync::mpsc::SyncSender<Input>,
        Arc<SessionShared>,
        ChannelEvents,
    ) {
        let (tx, rx) = sync_channel(16);
        let shared = Arc::new(SessionShared::new(100, 40));
        let limits = SessionLimits {
            idle,
            output_budget: budget,
            stall: STALL,
        };
        let events = ChannelEvents::new(
            rx,
            Arc::clone(&shared),
            Arc::new(AtomicBool::new(false)),
            limits,
        );
        (tx, shared, events)
    }

    #[test]
    fn sizes_are_clamped_to_what_a_session_keeps() {
        assert_eq!(clamp_size(100, 40), (100, 40));
        assert_eq!(clamp_size(0, 0), (80, 24), "zero: not known");
        assert_eq!(clamp_size(1, 1), (1, 1));
        assert_eq!(clamp_size(60000, 60000), (MAX_COLUMNS, MAX_ROWS));
    }

    #[test]
    fn bytes_become_keys_and_a_new_size_becomes_a_resize() {
        let (tx, mut events) = events(1024, Duration::from_secs(60));
        tx.send(Input::Bytes(b"5\x1b[A".to_vec())).unwrap();
        let first = events.next_event(Duration::from_millis(100)).unwrap();
        assert!(matches!(first, Some(Event::Key(_))), "{first:?}");
        let second = events.next_event(Duration::ZERO).unwrap();
        assert!(matches!(second, Some(Event::Key(_))), "{second:?}");
        assert_eq!(events.next_event(Duration::ZERO).unwrap(), None);
        events.shared.set_size(120, 50);
        tx.send(Input::Wake).unwrap();
        assert_eq!(
            events.next_event(Duration::from_millis(100)).unwrap(),
            Some(Event::Resize(120, 50))
        );
    }

    #[test]
    fn a_lone_esc_arrives_after_the_short_wait() {
        let (tx, mut events) = events(1024, Duration::from_secs(60));
        tx.send(Input::Bytes(b"\x1b".to_vec())).unwrap();
        let start = Instant::now();
        let got = events.next_event(Duration::from_secs(1)).unwrap();
        assert!(
            matches!(got, Some(Event::Key(k)) if k.code == ratatui::crossterm::event::KeyCode::Esc)
        );
        assert!(start.elapsed() < Duration::from_millis(500));
    }

    #[test]
    fn the_session_stops_when_idle_when_the_client_goes_and_when_asked() {
        let (tx, mut events) = events(1024, Duration::from_millis(30));
        assert_eq!(events.stop(Instant::now()), None);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(events.stop(Instant::now()), Some(Ended::Idle));
        tx.send(Input::Bytes(b"x".to_vec())).unwrap();
        let _ = events.next_event(Duration::from_millis(10));
        assert_eq!(
            events.stop(Instant::now()),
            None,
            "a key resets the idle time"
        );
        drop(tx);
        assert_eq!(events.next_event(Duration::from_millis(10)).unwrap(), None);
        assert_eq!(events.stop(Instant::now()), Some(Ended::ClientGone));
        events.stopping.store(true, Ordering::SeqCst);
        assert_eq!(events.stop(Instant::now()), Some(Ended::ServerStopping));
    }

    #[test]
    fn frames_wait_while_the_backlog_is_over_budget() {
        let (_tx, mut events) = events(10, Duration::from_secs(60));
        assert!(events.may_draw());
        events.shared.push_output(&[b'x'; 11]);
        assert!(
            !events.may_draw(),
            "over budget: the frame is merged into a later one"
        );
        assert!(events.over_budget_since.is_some());
        assert_eq!(events.shared.take_output().len(), 11);
        assert!(events.may_draw());
        assert!(events.over_budget_since.is_none());
    }

    /// Once the game is dealt (its save appears), keys, then a panic in
    /// the middle of the game.
    struct PanickingSource {
        keys: VecDeque<Event>,
        save: std::path::PathBuf,
        waited: u32,
    }

    impl EventSource for PanickingSource {
        type Stop = Ended;
        fn next_event(&mut self, _timeout: Duration) -> io::Result<Option<Event>> {
            if !self.save.exists() && self.waited < 2000 {
                // The first deal is on its way.
                self.waited += 1;
                std::thread::sleep(Duration::from_millis(10));
                return Ok(None);
            }
            match self.keys.pop_front() {
                Some(event) => Ok(Some(event)),
                None => panic!("a bug in the middle of a game"),
            }
        }
        fn stop(&mut self, _now: Instant) -> Option<Ended> {
            None
        }
    }

    #[test]
    fn a_panic_ends_only_its_session_with_the_game_saved_and_the_client_told() {
        use ratatui::crossterm::event::{KeyCode, KeyEvent};
        let tmp = tempfile::tempdir().unwrap();
        let dir = StateDir::new(tmp.path().join("players").join("p"));
        let shared = Arc::new(SessionShared::new(100, 40));
        let key = |c| Event::Key(KeyEvent::from(KeyCode::Char(c)));
        // Digits along the top row of the dealt game.
        let keys = "1l2l3l4l5l6l7l8l9".chars().map(key).collect();
        let source = PanickingSource {
            keys,
            save: dir.save_file(),
            waited: 0,
        };
        // Another session's thread runs on meanwhile.
        let other = std::thread::spawn(|| 2 + 2);
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let ended = run_session(
            Player::Keyed(dir.clone()),
            ClientTerminal::default(),
            &OperatorConfig::default(),
            Arc::clone(&shared),
            source,
            Duration::from_secs(60),
        );
        std::panic::set_hook(previous);
        assert_eq!(ended, None);
        assert_eq!(other.join().unwrap(), 4);
        assert!(shared.is_finished(), "the channel is told to close");
        let out = String::from_utf8_lossy(&shared.take_output()).into_owned();
        assert!(out.contains("\x1b[?1049l"), "the main screen comes back");
        assert!(out.contains("this session failed"), "{out:?}");
        let saved = std::fs::read_to_string(dir.save_file()).expect("the game was saved");
        let entered = saved.split("\"entries\"").nth(1).unwrap_or_default();
        assert!(
            entered
                .split('"')
                .nth(1)
                .is_some_and(|row| row.chars().any(|c| c.is_ascii_digit())),
            "the digits entered before the panic are saved: {saved}"
        );
    }

    #[test]
    fn a_session_plays_into_a_channel_and_quits_with_its_modes_undone() {
        let idle = Duration::from_secs(60);
        let (tx, shared, events) = session_events(1 << 20, idle);
        tx.send(Input::Bytes(b"q".to_vec())).unwrap();
        let ended = run_session(
            Player::Anonymous,
            ClientTerminal::default(),
            &OperatorConfig::default(),
            Arc::clone(&shared),
            events,
            idle,
        );
        assert_eq!(ended, None, "the player quit");
        assert!(shared.is_finished());
        let out = String::from_utf8_lossy(&shared.take_output()).into_owned();
        assert!(out.starts_with("\x1b[?1049h"), "{out:?}");
        assert!(out.contains("\x1b[?1049l"), "the main screen comes back");
        assert!(out.ends_with("doku: bye\r\n"), "{out:?}");
    }

    #[test]
    fn ctrl_z_over_ssh_says_it_cannot_suspend_and_the_game_goes_on() {
        let idle = Duration::from_secs(60);
        let (tx, shared, events) = session_events(1 << 20, idle);
        let session = {
            let shared = Arc::clone(&shared);
            std::thread::spawn(move || {
                run_session(
                    Player::Anonymous,
                    ClientTerminal::default(),
                    &OperatorConfig::default(),
                    shared,
                    events,
                    idle,
                )
            })
        };
        let mut out = String::new();
        let mut wait_for = |what: &str| {
            let deadline = Instant::now() + Duration::from_secs(30);
            while !out.contains(what) {
                assert!(Instant::now() < deadline, "no {what:?} in {out:?}");
                std::thread::sleep(Duration::from_millis(20));
                out.push_str(&String::from_utf8_lossy(&shared.take_output()));
            }
        };
        // Once dealt: the deal's arrival clears the status line.
        wait_for("┏");
        tx.send(Input::Bytes(b"\x1a".to_vec())).unwrap();
        wait_for("suspend works only in a local terminal");
        tx.send(Input::Bytes(b"q".to_vec())).unwrap();
        assert_eq!(session.join().unwrap(), None, "the player quit, later");
    }
}
