//! The terminal around the game: modes (playing, help, paused, watching),
//! keys through the keymap, the deal thread, and the event loop that blocks
//! on input whenever nothing moves.

mod deal;
mod view;

pub use deal::deal;
pub use view::AppView;

use crate::config::Config;
use crate::engine::grader::Difficulty;
use crate::engine::shape::SUDOKU_SHAPES;
use crate::engine::{Board, Shape};
use crate::game::{Direction, Game, Outcome};
use crate::keymap::{self, Action, Keymap};
use crate::theme::{Theme, Themes};
use crate::ui::ScreenLayout;
use deal::{DealState, Dealing};
use ratatui::crossterm::event::{
    self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use std::io;
use std::time::{Duration, Instant};

/// What the screen shows and which keys mean what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Playing,
    Help,
    /// The board is hidden and the clock stopped.
    Paused,
    /// The animated solver view (`a`). The view itself arrives with
    /// `watch.rs`; until then this mode says so and `a` returns.
    Watching,
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
    pub quit: bool,
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
            quit: false,
        }
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
    pub fn set_screen(&mut self, width: u16, height: u16) {
        self.screen = Rect::new(0, 0, width, height);
    }

    /// How long the loop may sleep before something on screen changes by
    /// itself; `None`: nothing moves, block until an event.
    pub fn next_wakeup(&self, now: Instant) -> Option<Duration> {
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
        let Some(dealing) = &self.dealing else {
            return;
        };
        match dealing.poll() {
            DealState::Working => {}
            DealState::Done(dealt) => {
                self.dealing = None;
                self.first_deal = false;
                self.start_game(dealt.puzzle, Some(dealt.difficulty), now);
                self.message = None;
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
        self.game = game;
        self.celebration = None;
        self.mode = Mode::Playing;
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
        self.message = Some(format!(
            "dealing a {} {} puzzle",
            shape_name(shape),
            self.next_difficulty
        ));
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
        let scope = if self.mode == Mode::Watching {
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
            Mode::Paused => match action {
                Some(Action::Quit) => self.quit = true,
                Some(Action::Pause) | Some(Action::Back) => {
                    self.mode = Mode::Playing;
                    self.game.resume(now);
                    self.message = None;
                }
                _ => {}
            },
            Mode::Watching => match action {
                Some(Action::Quit) => self.quit = true,
                Some(Action::ToggleWatch) | Some(Action::Back) => {
                    self.mode = Mode::Playing;
                    self.game.resume(now);
                }
                _ => {}
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
                return;
            }
            Action::ToggleWatch => {
                game.pause(now);
                self.mode = Mode::Watching;
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
            | Action::WatchFinish => Outcome::Unchanged,
        };
        self.message = match outcome {
            Outcome::Refused(why) => Some(why),
            Outcome::HintShown => self.game.hint().map(hint_message),
            Outcome::Solved => {
                self.celebration = Some(now);
                Some("solved!".into())
            }
            // A shown hint stays explained while the cursor moves.
            Outcome::Moved => self.game.hint().map(hint_message),
            Outcome::Unchanged | Outcome::Changed => None,
        };
    }
}

fn shape_name(shape: Shape) -> String {
    format!("{0}x{0}", shape.size())
}

/// A shown hint for the status line: the technique, then what it says.
fn hint_message(hint: &crate::game::Hint) -> String {
    format!("{}: {}", hint.technique, hint.explanation)
}

/// Runs the app in the terminal until the player quits.
pub fn run(app: &mut App, terminal: &mut ratatui::DefaultTerminal) -> io::Result<()> {
    let size = terminal.size()?;
    app.set_screen(size.width, size.height);
    loop {
        terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        if app.quit {
            return Ok(());
        }
        let now = Instant::now();
        let got = match app.next_wakeup(now) {
            None => Some(event::read()?),
            Some(wait) => event::poll(wait)?.then(event::read).transpose()?,
        };
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
pub fn main(config_path: Option<&std::path::Path>, puzzle: Option<Board>) -> i32 {
    let loaded = match crate::config::load(config_path) {
        Ok(loaded) => loaded,
        Err(err) => {
            eprintln!("doku: {err}");
            return crate::cli::EXIT_BAD_INPUT;
        }
    };
    let config = &loaded.config;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let now = Instant::now();
    let theme = loaded.theme().clone();
    let themes = loaded.themes.clone();
    let mut app = match puzzle {
        Some(board) => App::new(config, themes, theme, Game::new(board, None, now), seed),
        None => App::dealing(config, themes, theme, seed),
    };
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
            eprintln!("doku: cannot use this terminal for the game: {err}");
            return crate::cli::EXIT_BAD_INPUT;
        }
    };
    if mouse {
        let _ = ratatui::crossterm::execute!(
            io::stdout(),
            ratatui::crossterm::event::EnableMouseCapture
        );
    }
    let result = run(&mut app, &mut terminal);
    if mouse {
        let _ = ratatui::crossterm::execute!(
            io::stdout(),
            ratatui::crossterm::event::DisableMouseCapture
        );
    }
    ratatui::restore();
    match result {
        Ok(()) => crate::cli::EXIT_OK,
        Err(err) => {
            eprintln!("doku: the terminal failed: {err}");
            1
        }
    }
}

#[cfg(test)]
mod tests;
