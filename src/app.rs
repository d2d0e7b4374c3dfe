//! The terminal around the game: modes (playing, help, paused, watching),
//! keys through the keymap, the deal thread, and the event loop that blocks
//! on input whenever nothing moves.

mod deal;
mod persist;
mod view;

pub use deal::deal;
pub use persist::{Opening, Persistence};
pub use view::AppView;

use crate::config::Config;
use crate::engine::grader::Difficulty;
use crate::engine::shape::SUDOKU_SHAPES;
use crate::engine::Named;
use crate::engine::{Board, Shape};
use crate::game::{Direction, Game, Outcome};
use crate::keymap::{self, Action, Keymap};
use crate::signals::{Shutdown, ShutdownSignals, POLL_INTERVAL};
use crate::theme::{Theme, Themes};
use crate::ui::ScreenLayout;
use crate::watch::{Outcome as WatchOutcome, Watch, WatchOptions, WatchStrategy};
use deal::{DealState, Dealing};
use ratatui::crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

/// What the screen shows and which keys mean what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Playing,
    Help,
    /// The board is hidden and the clock stopped.
    Paused,
    /// The animated solver view (`a`), over `App::watch`.
    Watching,
    /// The solver view's keys over the (stopped) solver view.
    WatchHelp,
}

/// The solved celebration lasts this long, then the screen is still.
const CELEBRATION: Duration = Duration::from_millis(1200);

/// The whole application state. Terminal-free, so tests drive it with keys
/// and draw it into a `TestBackend`.
pub struct App {
    pub game: Game,
    pub mode: Mode,
    pub keymap: Keymap,
    themes: Themes,
    theme: Theme,
    /// Size and difficulty of the next deal (`z`, `d`).
    pub next_size: usize,
    pub next_difficulty: Difficulty,
    /// A message for the status line (a refused key, a hint, a deal).
    pub message: Option<String>,
    dealing: Option<Dealing>,
    celebration: Option<Instant>,
    mouse: bool,
    tick: Duration,
    auto_remove_notes: bool,
    wrap: bool,
    /// The terminal's size, for mapping mouse clicks to cells.
    screen: Rect,
    seed: u64,
    /// No game yet: the first deal is still running.
    first_deal: bool,
    /// The autosave and the statistics (off in tests).
    persistence: Persistence,
    /// A message held back until the first deal arrives (what became of
    /// the saved game), so the deal does not wipe it.
    after_first_deal: Option<String>,
    pub quit: bool,
    /// The solver view's run while watching; the game waits untouched.
    pub watch: Option<Watch>,
    watch_options: WatchOptions,
    /// Start the view from the player's entries too, not only the givens.
    watch_from_entries: bool,
    /// `doku watch --loop`: deal the next puzzle when one is solved.
    pub watch_loop: bool,
    /// When the watch last ticked (its steps are paced by wall time).
    watch_ticked: Option<Instant>,
}

impl App {
    /// An app on `game`, with the config's keys and settings, starting in
    /// `theme` (one of `themes`). `seed` seeds the deals.
    pub fn new(config: &Config, themes: Themes, theme: Theme, mut game: Game, seed: u64) -> App {
        game.set_auto_remove_notes(config.auto_remove_notes);
        game.set_wrap(config.wrap);
        App {
            game,
            mode: Mode::Playing,
            keymap: config.keymap.clone(),
            themes,
            theme,
            next_size: config.size,
            next_difficulty: config.difficulty,
            message: None,
            dealing: None,
            celebration: None,
            mouse: config.mouse,
            tick: config.tick_rate,
            auto_remove_notes: config.auto_remove_notes,
            wrap: config.wrap,
            screen: Rect::new(0, 0, 80, 24),
            seed,
            first_deal: false,
            persistence: Persistence::off(),
            after_first_deal: None,
            quit: false,
            watch: None,
            watch_options: WatchOptions {
                strategy: config.watch.strategy,
                speed: config.watch.speed,
                step_limit: config.watch.step_limit,
                seed,
            },
            watch_from_entries: config.watch.start_from == crate::config::WatchStart::Entries,
            watch_loop: false,
            watch_ticked: None,
        }
    }

    /// Opens the solver view on the game's puzzle (from the givens, or the
    /// player's board as the config says).
    pub fn enter_watch(&mut self, now: Instant) {
        self.game.pause(now);
        let givens = self.game.givens();
        let start = if self.watch_from_entries {
            self.game.board()
        } else {
            givens
        };
        self.watch = Some(Watch::new(givens, start, self.watch_options));
        self.watch_ticked = Some(now);
        self.mode = Mode::Watching;
    }

    /// Sets the strategy, speed and step limit the next solver view opens with.
    pub fn set_watch_options(&mut self, options: WatchOptions) {
        self.watch_options = options;
    }

    /// Back to the game exactly as it was.
    fn leave_watch(&mut self, now: Instant) {
        if let Some(watch) = &self.watch {
            // The next view opens with the strategy and speed left here.
            self.watch_options = WatchOptions {
                seed: self.watch_options.seed.wrapping_add(1),
                ..watch.options()
            };
        }
        self.watch = None;
        self.mode = Mode::Playing;
        self.game.resume(now);
        // The hint still shown on the board is explained again.
        self.message = self.game.hint().map(hint_message);
    }

    fn watch_key(&mut self, action: Action, now: Instant) {
        let Some(watch) = &mut self.watch else {
            return;
        };
        match action {
            Action::WatchPause => watch.toggle_pause(),
            Action::WatchStep => {
                if !watch.is_paused() {
                    watch.toggle_pause();
                }
                watch.single_step();
            }
            Action::WatchFaster => watch.faster(),
            Action::WatchSlower => watch.slower(),
            Action::WatchNextStrategy => watch.next_strategy(),
            Action::WatchFinish => watch.finish(),
            Action::WatchSwitchStart => {
                // Same strategy and speed, the other starting board.
                self.watch_options = watch.options();
                self.watch_from_entries = !self.watch_from_entries;
                self.enter_watch(now);
            }
            // The keys of both screens that make sense here.
            Action::NextTheme | Action::NewGame | Action::CycleDifficulty | Action::CycleSize => {
                self.act(action, now)
            }
            _ => return,
        }
        self.watch_ticked = Some(now);
    }

    /// An app with no game yet: it deals one (off the UI thread) and shows
    /// a spinner until it arrives.
    pub fn dealing(config: &Config, themes: Themes, theme: Theme, seed: u64) -> App {
        let shape = Shape::sudoku(config.size).unwrap_or(Shape::CLASSIC);
        let placeholder = Game::new(Board::empty(shape), Some(config.difficulty), Instant::now());
        let mut app = App::new(config, themes, theme, placeholder, seed);
        app.first_deal = true;
        app.start_deal();
        app
    }

    /// Whether the first puzzle is still being dealt (nothing to play yet).
    pub fn awaiting_first_deal(&self) -> bool {
        self.first_deal
    }

    pub fn theme(&self) -> &Theme {
        &self.theme
    }
    pub fn mouse_enabled(&self) -> bool {
        self.mouse
    }
    pub fn is_dealing(&self) -> bool {
        self.dealing.is_some()
    }
    pub fn set_persistence(&mut self, persistence: Persistence) {
        self.persistence = persistence;
    }
    /// Counts the game on screen as started and saves it (a fresh game at
    /// startup; deals count themselves).
    pub fn count_start(&mut self, now: Instant) {
        if let Some(problem) = self.persistence.started(&self.game) {
            self.message = Some(problem);
        }
        self.save(now);
    }
    /// Saves the game now (after a change, and on the way out).
    pub fn save(&mut self, now: Instant) {
        if let Some(problem) = self.persistence.save(&self.game, now) {
            self.message = Some(problem);
        }
    }
    pub fn set_screen(&mut self, width: u16, height: u16) {
        self.screen = Rect::new(0, 0, width, height);
    }

    /// How long the loop may sleep before something on screen changes by
    /// itself; `None`: nothing moves, block until an event.
    pub fn next_wakeup(&self, now: Instant) -> Option<Duration> {
        if self.mode == Mode::Watching {
            if let Some(watch) = &self.watch {
                if watch.outcome() == Some(WatchOutcome::Solved) && self.watch_loop {
                    return Some(self.tick);
                }
                if let Some(wait) = watch.next_tick() {
                    let since = self.watch_ticked.map_or(Duration::ZERO, |t| now - t);
                    return Some(wait.saturating_sub(since));
                }
            }
        }
        if self.dealing.is_some() || self.celebrating(now) {
            return Some(self.tick);
        }
        if self.mode == Mode::Playing && self.game.clock_running() {
            // Wake when the clock's seconds digit turns over.
            let into_second = self.game.elapsed(now).subsec_nanos();
            return Some(Duration::from_nanos(1_000_000_000 - into_second as u64));
        }
        None
    }

    /// Whether the solved celebration is still moving.
    pub fn celebrating(&self, now: Instant) -> bool {
        self.celebration
            .is_some_and(|start| now.saturating_duration_since(start) < CELEBRATION)
    }

    /// How far the celebration wave has gone, 0.0 to 1.0 (1.0 when over).
    pub fn celebration_progress(&self, now: Instant) -> Option<f32> {
        let start = self.celebration?;
        let t = now.saturating_duration_since(start).as_secs_f32() / CELEBRATION.as_secs_f32();
        Some(t.min(1.0))
    }

    /// Time passes: pick up a finished deal.
    pub fn on_tick(&mut self, now: Instant) {
        if let (Mode::Watching, Some(watch)) = (self.mode, &mut self.watch) {
            let since = self.watch_ticked.map_or(Duration::ZERO, |t| now - t);
            // Ticks only when one is due: a key or a deal may wake the loop early.
            if watch.next_tick().is_some_and(|wait| since >= wait) {
                watch.tick(since);
                self.watch_ticked = Some(now);
            }
            if watch.outcome() == Some(WatchOutcome::Solved) && self.watch_loop {
                // Show the solved board a moment, then deal the next.
                if self.dealing.is_none() && since >= Duration::from_secs(2) {
                    self.start_deal();
                }
            } else if watch.next_tick().is_none() {
                self.watch_ticked = Some(now);
            }
        }
        let Some(dealing) = &self.dealing else {
            return;
        };
        match dealing.poll() {
            DealState::Working => {}
            DealState::Done(dealt) => {
                self.dealing = None;
                self.first_deal = false;
                // A deal asked for in the solver view opens in the view again.
                let watching = matches!(self.mode, Mode::Watching | Mode::WatchHelp);
                self.message = self.after_first_deal.take();
                self.start_game(dealt.puzzle, Some(dealt.difficulty), now);
                if self.watch_loop || watching {
                    self.enter_watch(now);
                }
            }
            DealState::Failed => {
                self.dealing = None;
                self.first_deal = false;
                self.message = Some("the deal failed; this game goes on".into());
            }
        }
    }

    fn start_game(&mut self, board: Board, difficulty: Option<Difficulty>, now: Instant) {
        let mut game = Game::new(board, difficulty, now);
        game.set_auto_remove_notes(self.auto_remove_notes);
        game.set_wrap(self.wrap);
        let left = self.persistence.abandoned(&self.game);
        self.game = game;
        self.celebration = None;
        self.mode = Mode::Playing;
        let counted = self.persistence.started(&self.game);
        self.save(now);
        if let Some(problem) = left.or(counted) {
            self.message = Some(problem);
        }
    }

    /// Starts dealing a puzzle of the next size and difficulty off the UI thread.
    pub fn start_deal(&mut self) {
        let Ok(shape) = Shape::sudoku(self.next_size) else {
            return;
        };
        self.seed = self
            .seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.dealing = Some(Dealing::start(shape, self.next_difficulty, self.seed));
        // The status line's spinner says what is being dealt; an old message
        // (a hint, a refusal) no longer applies.
        self.message = None;
    }

    /// Waits for the deal in progress (for tests and benches).
    pub fn finish_deal(&mut self) {
        while self.dealing.is_some() {
            self.on_tick(Instant::now());
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn handle_event(&mut self, event: Event, now: Instant) {
        match event {
            // Only presses: releases and repeats-as-releases would act twice.
            Event::Key(key) if key.kind == KeyEventKind::Press => self.handle_key(key, now),
            Event::Mouse(mouse) if self.mouse => {
                if let MouseEventKind::Down(MouseButton::Left) = mouse.kind {
                    self.click(mouse.column, mouse.row);
                }
            }
            Event::Resize(width, height) => self.set_screen(width, height),
            _ => {}
        }
    }

    fn click(&mut self, column: u16, row: u16) {
        if self.mode != Mode::Playing {
            return;
        }
        if let Some(layout) = ScreenLayout::new(self.game.shape(), self.screen) {
            if let Some((r, c)) = layout.cell_at(column, row) {
                self.game.set_cursor(r, c);
            }
        }
    }

    pub fn handle_key(&mut self, key: KeyEvent, now: Instant) {
        // Ctrl-c always quits, whatever the keymap says.
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.quit = true;
            return;
        }
        let size = self.game.shape().size();
        let scope = if matches!(self.mode, Mode::Watching | Mode::WatchHelp) {
            keymap::Mode::Watch
        } else {
            keymap::Mode::Play
        };
        let action = self.keymap.action_for(&key, scope, size);
        match self.mode {
            Mode::Help => {
                // Any key closes the help; quit still quits.
                if action == Some(Action::Quit) {
                    self.quit = true;
                }
                self.mode = Mode::Playing;
            }
            Mode::WatchHelp => {
                if action == Some(Action::Quit) {
                    self.quit = true;
                }
                self.mode = Mode::Watching;
                // The search stood still under the help; it goes on from
                // here rather than catching up on the time the help was open.
                self.watch_ticked = Some(now);
            }
            Mode::Paused => match action {
                Some(Action::Quit) => self.quit = true,
                Some(Action::Pause) | Some(Action::Back) => {
                    self.mode = Mode::Playing;
                    self.game.resume(now);
                    // The hint still shown on the board is explained again.
                    self.message = self.game.hint().map(hint_message);
                }
                _ => {}
            },
            Mode::Watching => match action {
                Some(Action::Quit) => self.quit = true,
                Some(Action::ToggleWatch) | Some(Action::Back) => self.leave_watch(now),
                Some(Action::Help) => self.mode = Mode::WatchHelp,
                Some(action) => self.watch_key(action, now),
                None => {}
            },
            Mode::Playing if self.first_deal => {
                if action == Some(Action::Quit) {
                    self.quit = true;
                }
            }
            Mode::Playing => {
                if let Some(action) = action {
                    self.act(action, now);
                }
            }
        }
    }

    /// One action in playing mode.
    pub fn act(&mut self, action: Action, now: Instant) {
        let game = &mut self.game;
        let outcome = match action {
            Action::Quit => {
                self.quit = true;
                return;
            }
            Action::Help => {
                self.mode = Mode::Help;
                return;
            }
            Action::Pause => {
                game.pause(now);
                self.mode = Mode::Paused;
                // A hint or any other message would show through the
                // hidden board (a hint names cells and digits).
                self.message = None;
                return;
            }
            Action::ToggleWatch => {
                // The status line stays in view under the solver: a hint, a
                // mistake or a refusal from play says nothing about the
                // search (leaving the view explains a shown hint again).
                self.message = None;
                self.enter_watch(now);
                return;
            }
            Action::NewGame => {
                self.start_deal();
                return;
            }
            Action::CycleDifficulty => {
                let i = Difficulty::ALL
                    .iter()
                    .position(|&d| d == self.next_difficulty);
                self.next_difficulty =
                    Difficulty::ALL[i.map_or(0, |i| (i + 1) % Difficulty::ALL.len())];
                self.message = Some(format!("next deal: {}", self.next_difficulty));
                return;
            }
            Action::CycleSize => {
                let sizes: Vec<usize> = SUDOKU_SHAPES.iter().map(|&(n, _, _)| n as usize).collect();
                let i = sizes.iter().position(|&s| s == self.next_size);
                self.next_size = sizes[i.map_or(0, |i| (i + 1) % sizes.len())];
                self.message = Some(format!("next deal: {0}x{0}", self.next_size));
                return;
            }
            Action::NextTheme => {
                self.theme = self.themes.next_after(self.theme.name()).clone();
                self.message = Some(format!("theme: {}", self.theme.name()));
                return;
            }
            Action::Back => {
                game.dismiss_hint();
                Outcome::Changed
            }
            Action::MoveUp => game.move_cursor(Direction::Up),
            Action::MoveDown => game.move_cursor(Direction::Down),
            Action::MoveLeft => game.move_cursor(Direction::Left),
            Action::MoveRight => game.move_cursor(Direction::Right),
            Action::Enter(value) => game.input(value, now),
            Action::Erase => game.erase(now),
            Action::ToggleNotes => game.toggle_notes_mode(),
            Action::FillCandidates => game.fill_candidates(now),
            Action::Undo => game.undo(now),
            Action::Redo => game.redo(now),
            Action::Hint => game.hint_or_apply(now),
            Action::Restart => game.restart(now),
            // The solver view's own keys do nothing on the board.
            Action::WatchPause
            | Action::WatchStep
            | Action::WatchFaster
            | Action::WatchSlower
            | Action::WatchNextStrategy
            | Action::WatchFinish
            | Action::WatchSwitchStart => Outcome::Unchanged,
        };
        let changed = matches!(
            outcome,
            Outcome::Changed | Outcome::Solved | Outcome::HintShown
        );
        self.message = match outcome {
            Outcome::Refused(why) => Some(why),
            Outcome::HintShown => self.game.hint().map(hint_message),
            Outcome::Solved => {
                self.celebration = Some(now);
                Some(self.persistence.solved(&self.game, now))
            }
            // A shown hint stays explained while the cursor moves.
            Outcome::Moved => self.game.hint().map(hint_message),
            Outcome::Unchanged | Outcome::Changed => None,
        };
        if changed {
            self.save(now);
        }
    }
}

/// A shown hint for the status line: the technique, then what it says.
fn hint_message(hint: &crate::game::Hint) -> String {
    format!("{}: {}", hint.technique, hint.explanation)
}

/// Runs the app in the terminal until the player quits (`Ok(None)`) or a
/// signal asks it to end (`Ok(Some(signal))`; see `crate::signals`).
pub fn run(app: &mut App, terminal: &mut ratatui::DefaultTerminal) -> io::Result<Option<Shutdown>> {
    let signals = ShutdownSignals::install().ok();
    if let Some(signals) = &signals {
        signals.spawn_watchdog(Duration::from_secs(2), ratatui::restore);
    }
    let size = terminal.size()?;
    app.set_screen(size.width, size.height);
    let mut redraw = true;
    loop {
        if let Some(signal) = signals.as_ref().and_then(ShutdownSignals::pending) {
            return Ok(Some(signal));
        }
        if redraw {
            terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        }
        if app.quit {
            return Ok(None);
        }
        let now = Instant::now();
        // Never block for long: a signal is only seen between polls.
        let wakeup = app.next_wakeup(now);
        let wait = wakeup.map_or(POLL_INTERVAL, |w| w.min(POLL_INTERVAL));
        let ready = match event::poll(wait) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => false,
            other => other?,
        };
        let got = if ready { Some(event::read()?) } else { None };
        redraw = got.is_some() || wakeup.is_some();
        if let Some(event) = got {
            app.handle_event(event, Instant::now());
        }
        // Drain what else is waiting before drawing, so a burst of keys
        // (or a held arrow) costs one frame, not one per key.
        while !app.quit && event::poll(Duration::ZERO)? {
            app.handle_event(event::read()?, Instant::now());
        }
        app.on_tick(Instant::now());
    }
}

/// The TUI from the command line: loads and checks the config and themes on
/// the normal terminal (errors print and return exit status 2), then plays
/// `puzzle` or a fresh deal. Returns the exit status.
/// With `resume`, the autosaved game comes back if there is one.
pub fn main(config_path: Option<&std::path::Path>, puzzle: Option<Board>, resume: bool) -> i32 {
    main_with(config_path, puzzle, resume, None)
}

/// Why the game cannot be drawn here, if it cannot: standard output is not a
/// terminal (a pipe, a file), or `TERM` names one that cannot move the cursor.
fn unusable_terminal(stdout_is_terminal: bool, term: Option<&str>) -> Option<String> {
    if !stdout_is_terminal {
        return Some(
            "the game needs a terminal, and standard output is not one; \
             for work in pipes use doku solve, grade, generate or latin (doku --help)"
                .to_string(),
        );
    }
    if term == Some("dumb") {
        return Some(
            "TERM=dumb: this terminal cannot draw the board; \
             run doku in a terminal emulator, or set TERM (e.g. TERM=xterm-256color)"
                .to_string(),
        );
    }
    None
}

/// How `doku watch` opens straight into the solver view.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WatchLaunch {
    /// Overrides the config's strategy.
    pub strategy: Option<WatchStrategy>,
    /// Overrides the config's speed (steps per second).
    pub speed: Option<f64>,
    /// Deal the next puzzle when one is solved.
    pub repeat: bool,
}

/// [`main`], opening the solver view at once when `watch` says so.
pub fn main_with(
    config_path: Option<&std::path::Path>,
    puzzle: Option<Board>,
    resume: bool,
    watch: Option<WatchLaunch>,
) -> i32 {
    let loaded = match crate::config::load(config_path) {
        Ok(loaded) => loaded,
        Err(err) => {
            let _ =
                std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("doku: {err}\n"));
            return crate::cli::EXIT_BAD_INPUT;
        }
    };
    // Before the save is opened or anything is written: a pipe or a dumb
    // terminal would get escape codes it cannot show.
    let term = std::env::var("TERM").ok();
    if let Some(problem) = unusable_terminal(io::stdout().is_terminal(), term.as_deref()) {
        let _ =
            std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("doku: {problem}\n"));
        return crate::cli::EXIT_BAD_INPUT;
    }
    let config = &loaded.config;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let now = Instant::now();
    let theme = loaded.theme().clone();
    let themes = loaded.themes.clone();
    // The solver view is a demonstration (or a screensaver): it must never
    // autosave over, or abandon, the player's game in progress.
    let opening = if watch.is_some() {
        Opening {
            persistence: Persistence::off(),
            game: None,
            message: None,
            notice: None,
        }
    } else {
        Persistence::open(resume && puzzle.is_none(), now)
    };
    let given = puzzle.is_some();
    let mut app = match (puzzle, opening.game) {
        (Some(board), _) => App::new(config, themes, theme, Game::new(board, None, now), seed),
        (None, Some(saved)) => App::new(config, themes, theme, saved, seed),
        (None, None) => App::dealing(config, themes, theme, seed),
    };
    if let Some(launch) = watch {
        let defaults = app.watch_options;
        app.set_watch_options(WatchOptions {
            strategy: launch.strategy.unwrap_or(defaults.strategy),
            speed: launch.speed.unwrap_or(defaults.speed),
            ..defaults
        });
        app.watch_loop = launch.repeat;
        if app.awaiting_first_deal() {
            // The spinner shows until the deal arrives, which opens the view.
            app.mode = Mode::Watching;
        } else {
            app.enter_watch(Instant::now());
        }
    }
    let mouse = app.mouse_enabled();
    if mouse {
        // On a panic, give the mouse back too (ratatui's hook restores the rest).
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            let _ = ratatui::crossterm::execute!(
                io::stdout(),
                ratatui::crossterm::event::DisableMouseCapture
            );
            previous(info);
        }));
    }
    let mut terminal = match ratatui::try_init() {
        Ok(terminal) => terminal,
        Err(err) => {
            ratatui::restore();
            let _ = std::io::Write::write_fmt(
                &mut std::io::stderr(),
                format_args!("doku: cannot use this terminal for the game: {err}\n"),
            );
            return crate::cli::EXIT_BAD_INPUT;
        }
    };
    if mouse {
        let _ = ratatui::crossterm::execute!(
            io::stdout(),
            ratatui::crossterm::event::EnableMouseCapture
        );
    }
    // After ratatui's hook (which restores the terminal), so the note
    // prints last, on a normal screen.
    opening.persistence.install_panic_note();
    app.set_persistence(opening.persistence);
    if given {
        // Deals count themselves when they arrive.
        app.count_start(now);
    }
    if app.first_deal {
        app.after_first_deal = opening.message;
    } else if opening.message.is_some() {
        app.message = opening.message;
    }
    let notice = opening.notice;
    let result = run(&mut app, &mut terminal);
    // The clock has run on since the last change; keep that time too.
    app.save(Instant::now());
    if mouse {
        let _ = ratatui::crossterm::execute!(
            io::stdout(),
            ratatui::crossterm::event::DisableMouseCapture
        );
    }
    ratatui::restore();
    if let Some(notice) = notice {
        let _ = std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("{notice}\n"));
    }
    match result {
        Ok(None) => crate::cli::EXIT_OK,
        Ok(Some(signal)) => signal.exit_status(),
        Err(err) => {
            let _ = std::io::Write::write_fmt(
                &mut std::io::stderr(),
                format_args!("doku: the terminal failed: {err}\n"),
            );
            1
        }
    }
}

#[cfg(test)]
mod tests;
