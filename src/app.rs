//! The game on screen and the keys that drive it: which screen is up
//! (playing, help, paused, watching), keys through the keymap to actions,
//! and the parts that each keep one job: the deal queue ([`DealQueue`]),
//! the solver view's session ([`WatchSession`]), the settings ([`Settings`]),
//! the saves ([`Persistence`]) and the terminal ([`tui`]).

mod ahead;
mod check;
mod deal;
mod editing;
pub mod event_loop;
mod persist;
mod session;
mod settings;
mod share;
#[cfg(unix)]
mod terminal_input;
mod tui;
mod view;

pub use deal::{deal, deal_shape, DealQueue, Dealing};
pub use editing::{Proposal, Question};
pub use persist::{Opening, Persistence};
pub use session::WatchSession;
pub use settings::Settings;
pub(crate) use tui::with_choices;
pub use tui::{main, main_edit, main_with, run, DealChoices, EditLaunch, WatchLaunch};
pub use view::AppView;

use crate::config::Config;
use crate::engine::grader::Difficulty;
use crate::engine::{Board, Shape};
use crate::game::editor::Editor;
use crate::game::{Direction, Game, Outcome};
use crate::keymap::{self, Action, Keymap};
use crate::theme::{Theme, Themes};
use crate::ui::ScreenLayout;
use crate::watch::{Watch, WatchOptions};
use deal::Arrival;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::{Duration, Instant};

/// What the screen shows and which keys mean what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Playing,
    Help,
    /// The board is hidden and the clock stopped.
    Paused,
    /// The animated solver view (`a`), over the watch session.
    Watching,
    /// The solver view's keys over the (stopped) solver view.
    WatchHelp,
    /// The puzzle editor (`e`, `doku edit`): the game waits, its clock stopped.
    Editing,
}

/// The solved celebration lasts this long, then the screen is still.
const CELEBRATION: Duration = Duration::from_millis(1200);

/// The whole application state. Terminal-free, so tests drive it with keys
/// and draw it into a `TestBackend`.
pub struct App {
    pub game: Game,
    /// Which screen is up: changed only by keys and events, so tests reach
    /// a screen the way a player does (read it with [`App::screen`]).
    screen: Screen,
    pub keymap: Keymap,
    /// A message for the status line (a refused key, a hint, a deal).
    pub message: Option<String>,
    pub quit: bool,
    /// The next deal and the one in progress.
    pub deals: DealQueue,
    /// The solver view: its run while watching, and what the next opens with.
    pub session: WatchSession,
    settings: Settings,
    /// The autosave and the statistics (off in tests).
    persistence: Persistence,
    /// The choices in the preferences file: a key writes its own over them,
    /// so what the config or this run's command line chose stays out.
    remembered: crate::storage::Preferences,
    /// The preferences file could not be read and could not be moved
    /// aside: it is left as it is, so no choice is written over it.
    prefs_left_alone: bool,
    /// What the status line says of an unreadable preferences file, beside
    /// the opening message (see [`App::preferences_unreadable`]).
    prefs_news: Option<String>,
    celebration: Option<Instant>,
    /// The terminal's size, for mapping mouse clicks to cells.
    terminal_area: Rect,
    /// Lines of the help scrolled past (arrows, PgUp/PgDn).
    pub help_scroll: usize,
    /// The puzzle being typed in, while editing.
    pub editor: Option<Editor>,
    /// The clock was stopped because the terminal cannot show the board.
    clock_held: bool,
    /// The editor left with givens typed: `e` brings it back, so one key
    /// never throws them away.
    left_editor: Option<Editor>,
    /// A yes/no question on the status line (before a game is thrown away).
    question: Option<Question>,
    /// Whether the game was assisted before the solver view opened, so
    /// leaving it can say when the view made it so.
    assisted_before_watch: bool,
    /// The check of a given puzzle's solutions, running or done.
    check: Option<check::PuzzleCheck>,
    /// The next hint, worked out on another thread before the key asks.
    hints_ahead: ahead::HintsAhead,
    /// `doku watch`: nothing is saved, so a game played from its solver
    /// view says so (the help's "quit: the game is saved" is not true here).
    keeps_no_game: bool,
    /// Bytes for the terminal itself (OSC 52 from the copy key), sent by
    /// the event loop with the next frame.
    terminal_requests: Vec<u8>,
    /// The last key copied the puzzle: the copy key again copies the game.
    copy_again_copies_game: bool,
    /// A key asked to suspend (Ctrl-z): the loop hands the terminal to
    /// the shell (see [`App::take_suspend_request`]).
    suspend_asked: bool,
    /// The clock was stopped for a suspend, and starts again after it.
    clock_suspended: bool,
}

impl App {
    /// An app on `game`, with the config's keys and settings, starting in
    /// `theme` (one of `themes`). `seed` seeds the deals.
    pub fn new(config: &Config, themes: Themes, theme: Theme, mut game: Game, seed: u64) -> App {
        let settings = Settings::new(config, themes, theme);
        settings.apply_to(&mut game);
        App {
            game,
            screen: Screen::Playing,
            keymap: config.keymap.clone(),
            message: None,
            quit: false,
            deals: DealQueue::new(config, seed),
            session: WatchSession::new(config, seed),
            settings,
            persistence: Persistence::off(),
            remembered: crate::storage::Preferences::default(),
            prefs_left_alone: false,
            prefs_news: None,
            celebration: None,
            terminal_area: Rect::new(0, 0, 80, 24),
            help_scroll: 0,
            editor: None,
            left_editor: None,
            clock_held: false,
            question: None,
            assisted_before_watch: false,
            check: None,
            hints_ahead: ahead::HintsAhead::default(),
            keeps_no_game: false,
            terminal_requests: Vec::new(),
            copy_again_copies_game: false,
            suspend_asked: false,
            clock_suspended: false,
        }
    }

    /// An app with no game yet: it deals one (off the UI thread) and shows
    /// a spinner until it arrives.
    pub fn dealing(config: &Config, themes: Themes, theme: Theme, seed: u64) -> App {
        let shape = deal::deal_shape(config.size, config.latin).unwrap_or(Shape::CLASSIC);
        let now = Instant::now();
        let mut placeholder = Game::new(Board::empty(shape), Some(config.difficulty), now);
        // Nothing to solve yet: the status line's clock stands at 00:00
        // while the deal runs (the dealt game starts its own on arrival).
        placeholder.pause(now);
        let mut app = App::new(config, themes, theme, placeholder, seed);
        app.deals.start_first();
        app
    }

    /// Opens the solver view on the game's puzzle (from the givens, or the
    /// player's board as the config says).
    pub fn enter_watch(&mut self, now: Instant) {
        self.game.pause(now);
        self.session.open(&self.game, now);
        self.screen = Screen::Watching;
        self.assisted_before_watch = self.game.is_assisted();
    }

    /// Opens the solver view as soon as the first deal arrives (`doku watch`
    /// with no puzzle); the spinner shows until then.
    pub fn watch_when_dealt(&mut self) {
        self.screen = Screen::Watching;
    }

    /// The solver view's run, while it is open.
    pub fn watch(&self) -> Option<&Watch> {
        self.session.watch()
    }
    pub fn watch_mut(&mut self) -> Option<&mut Watch> {
        self.session.watch_mut()
    }
    /// The strategy, speed and step limit the next solver view opens with.
    pub fn watch_options(&self) -> WatchOptions {
        self.session.options()
    }
    /// Sets the strategy, speed and step limit the next solver view opens with.
    pub fn set_watch_options(&mut self, options: WatchOptions) {
        self.session.set_options(options);
    }
    /// `doku watch`: the game under the solver view is not saved, and the
    /// player who leaves the view to play it is told.
    pub fn keep_no_game(&mut self) {
        self.keeps_no_game = true;
    }

    /// `doku watch --loop`: deal the next puzzle when one is solved.
    pub fn set_watch_loop(&mut self, repeat: bool) {
        self.session.repeat = repeat;
    }

    /// Back to the game exactly as it was.
    fn leave_watch(&mut self, now: Instant) {
        self.note_solution_shown();
        self.session.close();
        self.screen = Screen::Playing;
        self.game.resume(now);
        // The hint still shown on the board is explained again.
        self.message = self.game.hint().map(hint_message);
        if self.game.is_assisted() && !self.assisted_before_watch {
            self.message = Some("solution shown: this game now counts as assisted".into());
        }
        if self.keeps_no_game {
            self.message = Some("this game is not saved (it came with doku watch)".into());
        }
    }

    fn watch_key(&mut self, action: Action, now: Instant) {
        if self.session.watch().is_none() {
            return;
        }
        match action {
            Action::WatchSwitchStart => {
                // The same visit to the view: whether the game was assisted
                // before it stays as it was when the view opened.
                let assisted_before = self.assisted_before_watch;
                self.session.switch_start();
                self.enter_watch(now);
                self.assisted_before_watch = assisted_before;
            }
            // The keys of both screens that make sense here.
            Action::NextTheme
            | Action::NewGame
            | Action::CycleDifficulty
            | Action::CycleSize
            | Action::CycleSizeBack
            | Action::CycleVariant
            | Action::ToggleLatin => {
                self.act(action, now);
                self.session.resume_from(now);
            }
            _ => {
                self.session.control(action, now);
                self.note_solution_shown();
            }
        }
    }

    pub fn screen(&self) -> Screen {
        self.screen
    }

    /// Whether the first puzzle is still being dealt (nothing to play yet).
    pub fn awaiting_first_deal(&self) -> bool {
        self.deals.awaiting_first()
    }

    pub fn theme(&self) -> &Theme {
        self.settings.theme()
    }
    /// Whether the clock shows on the status line (config `show_timer`).
    pub fn shows_timer(&self) -> bool {
        self.settings.show_timer
    }

    pub fn mouse_enabled(&self) -> bool {
        self.settings.mouse
    }
    pub fn is_dealing(&self) -> bool {
        self.deals.in_flight().is_some()
    }
    /// Writes the choice `t`, `d`, `z` or `L` just made, for the next start,
    /// over those made before. Only that one: the size of a
    /// `doku play --size 16` is for its run, and the config's own values must
    /// not be frozen into the file by a press of `t`.
    fn remember_choice(&mut self, action: Action) {
        let mut remembered = self.remembered.clone();
        match action {
            Action::NextTheme => remembered.theme = Some(self.theme().name().to_string()),
            Action::CycleDifficulty => remembered.difficulty = Some(self.deals.next_difficulty),
            Action::CycleSize | Action::CycleSizeBack => {
                remembered.size = Some(self.deals.next_size)
            }
            Action::ToggleLatin => remembered.latin = Some(self.deals.next_latin),
            Action::CycleVariant => remembered.variant = Some(self.deals.next_variant),
            _ => return,
        }
        if self.prefs_left_alone {
            // An unreadable file that could not be moved aside is the
            // player's to look at: a choice must not write over it.
            self.message = Some(PREFS_LEFT_ALONE.into());
            return;
        }
        if let Some(problem) = self.persistence.remember(&remembered) {
            self.message = Some(problem);
        }
        self.remembered = remembered;
    }
    pub fn set_persistence(&mut self, persistence: Persistence) {
        self.persistence = persistence;
    }
    /// Why this run saves nothing (another doku has the save, ...), shown
    /// on the status line and in the panel for as long as it holds.
    pub fn not_saving(&self) -> Option<&'static str> {
        self.persistence.not_saving()
    }
    /// The choices already in the preferences file (see [`App::remember_choice`]).
    pub fn set_remembered_choices(&mut self, remembered: crate::storage::Preferences) {
        self.remembered = remembered;
    }
    /// The preferences file could not be read (the defaults are in use):
    /// the opening message says so, as it does of an unreadable save, and
    /// a file that could not be moved aside is never written over.
    pub fn preferences_unreadable(&mut self, err: &crate::storage::LoadError) {
        self.prefs_left_alone = !err.was_moved_aside();
        self.prefs_news = Some(if self.prefs_left_alone {
            "preferences unreadable: left as it is, defaults used".into()
        } else {
            "preferences unreadable: kept aside as .corrupt, defaults used".into()
        });
    }
    /// What became of the saved game, for the status line: held back until
    /// the first deal arrives, so the deal does not wipe it. An unreadable
    /// preferences file is named after it, never left unsaid.
    pub fn show_opening_message(&mut self, message: Option<String>) {
        let message = [message, self.prefs_news.take()]
            .into_iter()
            .flatten()
            .reduce(|saved, prefs| format!("{saved}; {prefs}"));
        if let Some(message) = self.deals.hold_for_first(message) {
            self.message = Some(message);
        }
    }
    /// What the status line says of a resumed game, with the key that
    /// deals a new one on its board (on a 16x16, g is a digit).
    pub fn resumed_message(&self, name_the_next_deal: bool) -> String {
        let size = self.game.shape().size();
        // Asked for a kind of deal on the command line: say that the new-game
        // key deals it, so the resumed game is no surprise.
        let next = if name_the_next_deal {
            format!(
                "a new {} {}",
                self.deals.next_dealt_difficulty(),
                self.deals.next_board()
            )
        } else {
            "a new one".to_string()
        };
        match self.keymap.keys_for_board(Action::NewGame, size).first() {
            Some(key) => format!("resumed your saved game ({key} deals {next})"),
            None => "resumed your saved game".to_string(),
        }
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
    pub fn set_terminal_size(&mut self, width: u16, height: u16) {
        self.terminal_area = Rect::new(0, 0, width, height);
    }

    /// How long the loop may sleep before something on screen changes by
    /// itself; `None`: nothing moves, block until an event.
    pub fn next_wakeup(&self, now: Instant) -> Option<Duration> {
        let tick = self.settings.tick;
        if self.screen == Screen::Watching {
            if let Some(wait) = self.session.next_wakeup(now, tick) {
                return Some(wait);
            }
        }
        if self.is_dealing() || self.celebrating(now) || self.is_checking() {
            return Some(tick);
        }
        if self.editor.as_ref().is_some_and(Editor::is_counting) {
            return Some(tick);
        }
        if self.screen == Screen::Playing && self.game.clock_running() {
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

    /// Time passes: the solver view steps, a finished deal is picked up.
    pub fn on_tick(&mut self, now: Instant) {
        if self.screen == Screen::Watching && self.session.on_tick(now, self.is_dealing()) {
            self.start_deal();
        }
        if self.screen == Screen::Watching {
            self.note_solution_shown();
        }
        self.poll_editor();
        self.poll_check();
        match self.deals.poll() {
            None => {}
            Some(Arrival::Dealt(dealt, held_message)) => {
                // A deal asked for in the solver view opens in the view again.
                let watching = matches!(self.screen, Screen::Watching | Screen::WatchHelp);
                // A deal that lands behind the editor leaves its message be
                // ("editor: a blank 8x8 Latin board").
                match held_message.or(dealt.note) {
                    Some(note) => self.message = Some(note),
                    None if self.editor.is_none() => self.message = None,
                    None => {}
                }
                self.start_game(dealt.puzzle, Some(dealt.difficulty), now);
                if let Some(solution) = dealt.solution {
                    self.game.set_known_solution(solution);
                }
                if self.session.repeat || watching {
                    self.enter_watch(now);
                }
            }
            Some(Arrival::Failed) => {
                self.message = Some("the deal failed; this game goes on".into());
            }
        }
        self.hold_clock_while_hidden(now);
        self.think_ahead(now);
    }

    /// Has the hint the key will next need worked out on the spare core:
    /// after every event and tick, so after every change to the board, its
    /// notes, the shown hint or what is known of the solutions (a request
    /// already answered or on its way is not sent again). Not while the
    /// board is away (the solver view, the editor) or hints are refused.
    fn think_ahead(&mut self, now: Instant) {
        self.learn_solution_for_mistakes();
        let board_in_play = matches!(self.screen, Screen::Playing | Screen::Help | Screen::Paused);
        if !board_in_play || self.deals.awaiting_first() || self.hint_waits_for_check().is_some() {
            return;
        }
        if let Some(request) = self.game.upcoming_hint_request(now) {
            self.hints_ahead.ask(request);
        }
    }

    fn start_game(&mut self, board: Board, difficulty: Option<Difficulty>, now: Instant) {
        let played = crate::engine::format::PlayedPuzzle::new(board);
        self.start_played_game(played, difficulty, now);
    }

    /// Starts a game on `played`'s puzzle from where its player left it.
    fn start_played_game(
        &mut self,
        played: crate::engine::format::PlayedPuzzle,
        difficulty: Option<Difficulty>,
        now: Instant,
    ) {
        let game = self.settings.new_played_game(&played, difficulty, now);
        let left = self.persistence.abandoned(&self.game);
        self.game = game;
        self.celebration = None;
        self.check_given_puzzle();
        if self.editor.is_none() {
            // A deal arriving under the editor waits there.
            self.screen = Screen::Playing;
        }
        let counted = self.persistence.started(&self.game);
        self.save(now);
        if let Some(problem) = left.or(counted) {
            self.message = Some(problem);
        }
    }

    /// Starts dealing a puzzle of the next size and difficulty off the UI
    /// thread, cancelling the deal in progress.
    pub fn start_deal(&mut self) {
        if self.deals.start() {
            // The status line's spinner says what is being dealt; an old
            // message (a hint, a refusal) no longer applies.
            self.message = None;
        }
    }

    /// Waits for the deal in progress (for tests and benches).
    pub fn finish_deal(&mut self) {
        while self.is_dealing() {
            self.on_tick(Instant::now());
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    pub fn handle_event(&mut self, event: Event, now: Instant) {
        match event {
            // Only presses: releases and repeats-as-releases would act twice.
            Event::Key(key) if key.kind == KeyEventKind::Press => self.handle_key(key, now),
            Event::Mouse(mouse) if self.settings.mouse => {
                if let MouseEventKind::Down(MouseButton::Left) = mouse.kind {
                    self.click(mouse.column, mouse.row, now);
                }
            }
            Event::Resize(width, height) => self.set_terminal_size(width, height),
            Event::Paste(text) => self.paste(&text, now),
            _ => {}
        }
        self.hold_clock_while_hidden(now);
        self.think_ahead(now);
    }

    /// Whether a key asked to suspend since the last call: the loop then
    /// hands the terminal to the shell ([`App::suspending`], then
    /// [`App::resumed`]), or, where it cannot, says so
    /// ([`App::suspend_refused`]).
    pub fn take_suspend_request(&mut self) -> bool {
        std::mem::take(&mut self.suspend_asked)
    }

    /// Before the terminal goes back to the shell: the clock stops (time
    /// away is not time spent solving) and the game is saved, so a stopped
    /// doku that is never brought back loses nothing.
    pub fn suspending(&mut self, now: Instant) {
        if self.game.clock_running() {
            self.game.pause(now);
            self.clock_suspended = true;
        }
        self.save(now);
    }

    /// Back from the shell (`fg`): the clock goes on, and the solver view
    /// from where it stood rather than catching up on the time away.
    /// `stopped`: whether the process was really stopped; a shell without
    /// job control leaves it running, and the player is told why nothing
    /// happened.
    pub fn resumed(&mut self, stopped: bool, now: Instant) {
        if std::mem::take(&mut self.clock_suspended) {
            self.game.resume(now);
        }
        self.session.resume_from(now);
        if !stopped {
            self.message = Some(format!(
                "not suspended: the shell that started doku has no job control ({})",
                self.quit_words()
            ));
        }
    }

    /// Where the game cannot be suspended (over `doku serve`, the terminal
    /// is the SSH client's): the key says so rather than doing nothing.
    pub fn suspend_refused(&mut self) {
        self.message = Some(format!(
            "suspend works only in a local terminal ({})",
            self.quit_words()
        ));
    }

    /// "q quits, the game is saved", with the quit key in force.
    fn quit_words(&self) -> String {
        let key = self.keymap.keys_for(Action::Quit);
        let key = key.first().map_or("Ctrl-c", String::as_str);
        if self.keeps_no_game {
            format!("{key} quits")
        } else {
            format!("{key} quits, the game is saved")
        }
    }

    /// Stops the game's clock while the terminal is too small to show the
    /// board (it is hidden, as under pause) and starts it again when the
    /// board shows. Called after every event and tick, so a pause ended or
    /// a deal arriving while the board is hidden does not start the clock.
    pub fn hold_clock_while_hidden(&mut self, now: Instant) {
        let hidden = self.board_hidden();
        if hidden && self.game.clock_running() {
            self.game.pause(now);
            self.clock_held = true;
        } else if !hidden && self.clock_held {
            self.clock_held = false;
            // Another screen (the help, pause, the editor, the solver
            // view) keeps its own hold on the clock and ends it itself.
            if self.screen == Screen::Playing {
                self.game.resume(now);
            }
        }
    }

    /// Whether the terminal is too small to show the game's board (the
    /// screen says so instead).
    fn board_hidden(&self) -> bool {
        let playing = matches!(self.screen, Screen::Playing | Screen::Help);
        // The layout the view draws these screens with (see `AppView`).
        playing && {
            let hint = view::hint_text(self);
            ScreenLayout::of_board(self.game.board(), self.terminal_area, hint.as_deref()).is_none()
        }
    }

    fn click(&mut self, column: u16, row: u16, now: Instant) {
        // In the editor, clicks move its cursor.
        let hint = view::hint_text(self);
        let board = match (self.screen, self.editor.as_mut()) {
            (Screen::Playing, _) => &mut self.game,
            (Screen::Editing, Some(editor)) => editor.game_mut(),
            _ => return,
        };
        if let Some(layout) =
            ScreenLayout::of_board(board.board(), self.terminal_area, hint.as_deref())
        {
            if let Some((r, c)) = layout.cell_at(column, row) {
                board.set_cursor(r, c);
                // A click on the board puts down a held digit there.
                if self.screen == Screen::Playing && self.game.held_digit().is_some() {
                    self.act(Action::PlayEdited, now);
                }
            }
        }
    }

    /// The keys the current screen reads: the solver view and its help
    /// have their own, and enter no digits.
    fn key_context(&self) -> keymap::KeyContext {
        if matches!(self.screen, Screen::Watching | Screen::WatchHelp) {
            keymap::KeyContext::Watch
        } else {
            keymap::KeyContext::Play
        }
    }

    pub fn handle_key(&mut self, key: KeyEvent, now: Instant) {
        // Ctrl-c always quits, whatever the keymap says.
        if key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL) {
            self.quit = true;
            return;
        }
        // Suspend too works on every screen, as in any terminal program.
        if self.keymap.action_for(&key, self.key_context(), 0) == Some(Action::Suspend) {
            self.suspend_asked = true;
            return;
        }
        if self.question.is_some() {
            self.answer(&key, now);
            return;
        }
        let size = match &self.editor {
            Some(editor) if self.screen == Screen::Editing => editor.givens().shape().size(),
            _ => self.game.shape().size(),
        };
        let action = self.keymap.action_for(&key, self.key_context(), size);
        // Only the copy key right after a copy of the puzzle copies the game.
        if action != Some(Action::CopyPuzzle) {
            self.copy_again_copies_game = false;
        }
        if matches!(self.screen, Screen::Help | Screen::WatchHelp) && self.scroll_help(&key, now) {
            return;
        }
        match self.screen {
            Screen::Help => {
                // Any key closes the help; quit still quits.
                if action == Some(Action::Quit) {
                    self.quit = true;
                }
                if self.editor.is_some() {
                    // Opened from the editor: back to it, the game still waiting.
                    self.screen = Screen::Editing;
                    return;
                }
                self.screen = Screen::Playing;
                // Unless the terminal still cannot show the board.
                if !self.clock_held {
                    self.game.resume(now);
                }
            }
            Screen::WatchHelp => {
                if action == Some(Action::Quit) {
                    self.quit = true;
                }
                self.screen = Screen::Watching;
                // The search stood still under the help; it goes on from
                // here rather than catching up on the time the help was open.
                self.session.resume_from(now);
            }
            Screen::Paused => match action {
                Some(Action::Quit) => self.quit = true,
                Some(Action::Pause) | Some(Action::Back) => {
                    self.screen = Screen::Playing;
                    self.game.resume(now);
                    // The hint still shown on the board is explained again.
                    self.message = self.game.hint().map(hint_message);
                }
                _ => {}
            },
            Screen::Watching => match action {
                Some(Action::Quit) if self.keeps_no_game => self.quit_unless_givens_at_stake(),
                Some(Action::Quit) => self.quit = true,
                Some(Action::ToggleWatch) | Some(Action::Back) => self.leave_watch(now),
                Some(Action::Help) => self.screen = Screen::WatchHelp,
                Some(action) => self.watch_key(action, now),
                None => {}
            },
            Screen::Editing => match action {
                // Digits type the sum of a cage being drawn.
                _ if self.cage_sum_key(&key) => {}
                Some(action) => self.editor_key(action, now),
                None => self.refuse_digit_beyond(&key, size),
            },
            Screen::Playing if self.deals.awaiting_first() => {
                if action == Some(Action::Quit) {
                    self.quit = true;
                }
            }
            // The too-small screen hides the board: a key that changes it
            // (a digit, a move, undo, a hint) would act on cells nobody sees.
            Screen::Playing if self.board_hidden() => match action {
                Some(action) if !action.works_on_the_board() => self.act(action, now),
                _ => {}
            },
            Screen::Playing => match action {
                Some(action) => self.act(action, now),
                None => self.refuse_digit_beyond(&key, size),
            },
        }
    }

    /// A digit key past the board's last digit (9 on a 6x6) would do
    /// nothing at all; the player learns which digits this board takes.
    fn refuse_digit_beyond(&mut self, key: &KeyEvent, size: usize) {
        if let KeyCode::Char(typed @ '1'..='9') = key.code {
            if key.modifiers.difference(KeyModifiers::SHIFT).is_empty() {
                self.message = Some(format!(
                    "{typed} is not a digit on a {size}x{size} board: its digits are {}",
                    keymap::digit_keys_text(size)
                ));
            }
        }
    }

    /// Arrows, PgUp/PgDn, Home and End scroll a help longer than the
    /// screen; `false` for any other key (which closes it).
    fn scroll_help(&mut self, key: &KeyEvent, now: Instant) -> bool {
        let view = AppView { app: self, now };
        let last = view.help_max_scroll(self.terminal_area);
        let page = usize::from(self.terminal_area.height.saturating_sub(4)).max(1);
        if last == 0 {
            return false;
        }
        let at = self.help_scroll.min(last);
        self.help_scroll = match key.code {
            KeyCode::Up => at.saturating_sub(1),
            KeyCode::Down => (at + 1).min(last),
            KeyCode::PageUp => at.saturating_sub(page),
            KeyCode::PageDown => (at + page).min(last),
            KeyCode::Home => 0,
            KeyCode::End => last,
            _ => {
                self.help_scroll = 0;
                return false;
            }
        };
        true
    }

    /// One action in playing mode.
    pub fn act(&mut self, action: Action, now: Instant) {
        let game = &mut self.game;
        let outcome = match action {
            Action::Quit => {
                self.quit_unless_givens_at_stake();
                return;
            }
            // (`handle_key` takes it first, on every screen.)
            Action::Suspend => {
                self.suspend_asked = true;
                return;
            }
            Action::Help => {
                // The help covers the board, as pause does: time spent
                // reading it is not time spent solving.
                game.pause(now);
                self.screen = Screen::Help;
                return;
            }
            Action::Pause => {
                game.pause(now);
                self.screen = Screen::Paused;
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
                self.new_deal();
                return;
            }
            Action::CopyPuzzle => {
                self.copy_puzzle();
                return;
            }
            Action::CycleDifficulty => {
                self.message = Some(self.deals.cycle_difficulty());
                self.remember_choice(action);
                return;
            }
            Action::CycleSize | Action::CycleSizeBack => {
                self.message = Some(self.deals.cycle_size(action == Action::CycleSize));
                self.remember_choice(action);
                return;
            }
            Action::ToggleLatin => {
                self.message = Some(self.deals.toggle_latin());
                self.remember_choice(action);
                return;
            }
            Action::CycleVariant => {
                self.message = Some(self.deals.cycle_variant());
                self.remember_choice(action);
                return;
            }
            Action::Edit => {
                match self.left_editor.take() {
                    Some(editor) => self.reopen_editor(editor, now),
                    None => self.open_editor(self.deals.next_size, now),
                }
                return;
            }
            Action::EditPuzzle => {
                if self.left_editor.is_some() {
                    let keys = self
                        .keymap
                        .keys_for_board(Action::Edit, game.shape().size());
                    let back = keys
                        .first()
                        .map_or(String::new(), |k| format!(" ({k} brings it back)"));
                    Outcome::Refused(format!(
                        "the editor holds a puzzle you typed{back}: play it or leave it blank first"
                    ))
                } else {
                    self.edit_this_puzzle(now);
                    return;
                }
            }
            // Enter fixes the givens in the editor, . and Space move on
            // there; in play they put down the digit held (digit-first
            // entry), or do nothing.
            Action::PlayEdited | Action::SkipCell => game.place_held(now),
            Action::PickDigit => match game.pick_digit() {
                Outcome::Changed => {
                    self.message = Some(self.held_message());
                    return;
                }
                refused => refused,
            },
            // Cages are drawn in the editor.
            Action::CageMark | Action::CageRemove => {
                let edit = self
                    .keymap
                    .keys_for_board(Action::Edit, game.shape().size());
                let edit = edit
                    .first()
                    .map_or("the editor".to_string(), |k| format!("the editor ({k})"));
                Outcome::Refused(format!("killer cages are drawn in {edit}"))
            }
            Action::NextTheme => {
                self.message = Some(format!("theme: {}", self.settings.next_theme()));
                self.remember_choice(action);
                return;
            }
            Action::Back => {
                // Esc lets go of a held digit, and cancels a hint.
                if game.drop_digit() {
                    self.message = Some("digit dropped".into());
                    game.dismiss_hint();
                    return;
                }
                game.dismiss_hint();
                Outcome::Changed
            }
            Action::MoveUp => game.move_cursor(Direction::Up),
            Action::MoveDown => game.move_cursor(Direction::Down),
            Action::MoveLeft => game.move_cursor(Direction::Left),
            Action::MoveRight => game.move_cursor(Direction::Right),
            Action::Enter(value) => game.input(value, now),
            // Backspace steps back only in the editor, where typing moves on.
            Action::Erase | Action::EraseBack => game.erase(now),
            Action::ToggleNotes => game.toggle_notes_mode(),
            Action::FillCandidates => game.fill_candidates(now),
            Action::CycleColour | Action::ClearColours => {
                let outcome = match action {
                    Action::CycleColour => game.cycle_colour(),
                    _ => game.clear_colours(),
                };
                if outcome == Outcome::Changed {
                    self.message = Some(self.colour_message(action));
                    self.save(now);
                    return;
                }
                outcome
            }
            Action::Undo => game.undo(now),
            Action::Redo => game.redo(now),
            Action::Hint => match self.hint_waits_for_check() {
                Some(why) => Outcome::Refused(why),
                None => {
                    // Only a press that shows a new hint needs one worked out.
                    let ready = match self.game.hint() {
                        None => self.hints_ahead.answer_for(&self.game.hint_request()),
                        Some(_) => None,
                    };
                    self.game.hint_or_apply_with(now, ready)
                }
            },
            Action::Restart => game.restart(now),
            Action::ToggleMistakes => {
                let on = !game.shows_mistakes();
                game.set_show_mistakes(on);
                self.settings.show_mistakes = on;
                self.learn_solution_for_mistakes();
                self.message = Some(self.mistakes_message());
                self.save(now);
                return;
            }
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
            Outcome::Changed | Outcome::Solved | Outcome::SolvedAgain | Outcome::HintShown
        );
        let restarted = action == Action::Restart && outcome == Outcome::Changed;
        self.message = match outcome {
            Outcome::Refused(why) => Some(why),
            Outcome::HintShown => self.game.hint().map(hint_message),
            Outcome::Solved => {
                self.celebration = Some(now);
                Some(self.persistence.solved(&self.game, now))
            }
            Outcome::SolvedAgain => {
                self.celebration = Some(now);
                Some("solved again (a game counts once in the statistics)".into())
            }
            // A shown hint stays explained while the cursor moves.
            Outcome::Moved => self.game.hint().map(hint_message),
            Outcome::Changed
                if matches!(
                    action,
                    Action::Enter(_) | Action::PlayEdited | Action::SkipCell
                ) =>
            {
                self.clash_message()
            }
            Outcome::Unchanged | Outcome::Changed => None,
        };
        if restarted {
            self.message = Some(self.restarted_message());
        }
        if changed {
            self.save(now);
        }
    }
}

impl App {
    /// Works out the solution when mistakes are to be marked and nothing
    /// knows it: a resumed dealt game (its solution is not saved). A dealt
    /// puzzle has one solution, found in milliseconds on a 9x9 and within
    /// a second on a 25x25. A puzzle of the player's own is checked on
    /// another thread already (see `check`), and waits for it.
    fn learn_solution_for_mistakes(&mut self) {
        if !self.game.needs_solution_for_mistakes() || self.game.difficulty().is_none() {
            return;
        }
        // A large killer's search may take long: the keys must not wait.
        let deadline = crate::engine::Deadline::after(Duration::from_secs(1));
        match self.game.givens().solution_before(deadline) {
            Ok(Some(solution)) => self.game.set_known_solution(solution),
            Ok(None) | Err(_) => self.game.give_up_on_solution(),
        }
    }

    /// What the pick key did: the digit held and the keys that use it, or
    /// that it was dropped.
    fn held_message(&self) -> String {
        let size = self.game.shape().size();
        let first = |action| self.keymap.keys_for_board(action, size).into_iter().next();
        let Some(symbol) = self.game.held_digit().and_then(keymap::digit_symbol) else {
            return "digit dropped".into();
        };
        let what = if self.game.notes_mode() {
            "toggles it as a note"
        } else {
            "puts it"
        };
        let put = first(Action::PlayEdited).map_or(String::new(), |k| format!("; {k} {what}"));
        let drop = first(Action::Back).map_or(String::new(), |k| format!(", {k} drops it"));
        format!("holding {symbol}{put}{drop}")
    }

    /// What `w` did.
    fn mistakes_message(&self) -> String {
        let size = self.game.shape().size();
        let key = self
            .keymap
            .keys_for_board(Action::ToggleMistakes, size)
            .into_iter()
            .next();
        let again = key
            .as_ref()
            .map_or(String::new(), |k| format!(" ({k} hides them)"));
        if !self.game.shows_mistakes() {
            return match key {
                Some(k) => format!("mistakes no longer marked ({k} marks them)"),
                None => "mistakes no longer marked".into(),
            };
        }
        if self.game.solution_out_of_reach() {
            return "mistakes cannot be marked: the solution was not found within a second".into();
        }
        if !self.game.knows_solution() {
            return match self.hint_waits_for_check() {
                Some(_) => "mistakes cannot be marked: this puzzle has no single solution".into(),
                None => format!("mistakes marked once the solution is known{again}"),
            };
        }
        match self.game.mistakes_on_board() {
            0 => format!(
                "mistakes marked {}: none on the board{again}",
                crate::ui::MISTAKE_MARK
            ),
            1 => format!(
                "mistakes marked {}: 1 on the board{again}",
                crate::ui::MISTAKE_MARK
            ),
            n => format!(
                "mistakes marked {}: {n} on the board{again}",
                crate::ui::MISTAKE_MARK
            ),
        }
    }

    /// What the colour keys did: the cursor's colour and its mark (which
    /// the board may have no room for), and what the key does next.
    fn colour_message(&self, action: Action) -> String {
        let size = self.game.shape().size();
        let first = |action| self.keymap.keys_for_board(action, size).into_iter().next();
        if action == Action::ClearColours {
            return match first(Action::Undo) {
                Some(key) => format!("every colour taken off ({key} undoes it)"),
                None => "every colour taken off".into(),
            };
        }
        let again = first(Action::CycleColour);
        match self.game.colour(self.game.cursor()) {
            Some(colour) => {
                let mark = crate::ui::colour_mark(colour).unwrap_or(' ');
                let next = match again {
                    Some(key) if colour < crate::game::MARK_COLOURS => {
                        format!(" ({key}: the next)")
                    }
                    Some(key) => format!(" ({key}: none)"),
                    None => String::new(),
                };
                format!(
                    "colour {colour} of {} {mark}{next}",
                    crate::game::MARK_COLOURS
                )
            }
            None => "colour taken off".into(),
        }
    }

    /// What `r` did, and the key that takes it back.
    fn restarted_message(&self) -> String {
        let size = self.game.shape().size();
        let done = "restarted: entries, notes, colours and clock cleared";
        match self.keymap.keys_for_board(Action::Undo, size).first() {
            Some(key) => format!("{done} ({key} undoes it)"),
            None => done.to_string(),
        }
    }

    /// What the digit just entered clashes with, naming the house: "two 7s
    /// in row 3", "two 7s in the main diagonal", "two 7s in region 4"; or
    /// the killer cage it breaks: "two 3s in the 16-cage at r1c1 (r1c1 and
    /// r1c2)", "the 10-cage at r4c5 cannot make 10 any more".
    fn clash_message(&self) -> Option<String> {
        let cursor = self.game.cursor();
        let board = self.game.board();
        let Some(clash) = board
            .conflicts()
            .into_iter()
            .find(|c| c.first == cursor || c.second == cursor)
        else {
            let problem = crate::game::cages::problem_at(board, cursor)?;
            return Some(crate::game::cages::problem_text(board, &problem));
        };
        let other = if clash.first == cursor {
            clash.second
        } else {
            clash.first
        };
        Some(format!(
            "two {}s in {} (with {})",
            crate::engine::board::digit_text(clash.digit),
            clash.house,
            crate::engine::board::cell_name(self.game.shape(), other)
        ))
    }
}

/// Why a choice is not remembered while the preferences file is unreadable
/// where it is.
const PREFS_LEFT_ALONE: &str =
    "choice not remembered: preferences.json cannot be read, and is left as it is";

/// A shown hint for the status line: the technique, then what it says (a
/// forcing chain's branches on one line, parted by "; ").
pub(super) fn hint_message(hint: &crate::game::Hint) -> String {
    crate::game::one_line(&hint_words(hint))
}

/// The hint at its level in words, a forcing chain one branch a line (the
/// rows under the board show it so; [`hint_message`] is it on one line).
pub(super) fn hint_words(hint: &crate::game::Hint) -> String {
    match hint.level {
        crate::game::HintLevel::Summary => format!("hint: {}", hint.text()),
        crate::game::HintLevel::Detail => crate::game::step_line(&hint.technique, hint.text()),
    }
}

#[cfg(test)]
mod tests;
