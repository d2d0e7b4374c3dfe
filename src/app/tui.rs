//! The terminal around the app: checking the terminal is usable, taking it
//! over (raw mode, the mouse, the panic hooks), the event loop that blocks on
//! input whenever nothing moves, and giving the terminal back.

use super::{App, Opening, Persistence};
use crate::config::Config;
use crate::engine::format::PlayedPuzzle;
use crate::engine::{Board, SearchKind};
use crate::game::Game;
use crate::signals::{Shutdown, ShutdownSignals};
use crate::storage::{prefs, Preferences, StateDir};
use crate::ui::output::{CompactBackend, TerminalOutput};
use crate::watch::WatchOptions;
use ratatui::crossterm::event;
use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// The terminal the game draws on: crossterm over standard output, through
/// [`TerminalOutput`] (16-colour codes on a 16-colour terminal, frames made
/// shorter) and [`CompactBackend`] (a few unchanged cells written again
/// rather than moved over).
pub type TuiTerminal = ratatui::Terminal<
    CompactBackend<ratatui::backend::CrosstermBackend<TerminalOutput<io::Stdout>>>,
>;

/// Raw mode, the alternate screen and a hidden cursor, with a panic hook
/// that gives the terminal back (as `ratatui::init` does).
fn open_terminal(sixteen_colours: bool) -> io::Result<TuiTerminal> {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        give_terminal_back();
        previous(info);
    }));
    ratatui::crossterm::terminal::enable_raw_mode()?;
    ratatui::crossterm::execute!(
        io::stdout(),
        ratatui::crossterm::terminal::EnterAlternateScreen
    )?;
    let output = TerminalOutput::new(io::stdout(), sixteen_colours);
    let mut terminal = ratatui::Terminal::new(CompactBackend::new(
        ratatui::backend::CrosstermBackend::new(output),
    ))?;
    // Once: `Terminal::draw` hides it again every frame, bytes an idle
    // clock does not need.
    terminal.hide_cursor()?;
    terminal.clear()?;
    Ok(terminal)
}

/// Raw mode off and the main screen back. Unlike `ratatui::restore`, it
/// never panics: that one prints its failure with `eprintln!`, which panics
/// when the terminal is gone (a closed SSH session), so on the way out
/// after a hang-up it aborted the process, or killed the watchdog thread
/// that was to end it.
fn give_terminal_back() {
    if let Err(err) = ratatui::try_restore() {
        let _ = writeln!(io::stderr(), "doku: could not restore the terminal: {err}");
    }
}

/// What panicked on the app's other threads (a deal, the uniqueness check,
/// the hint worker), said once the terminal is given back.
static BACKGROUND_PANICS: std::sync::Mutex<Vec<String>> = std::sync::Mutex::new(Vec::new());

/// A panic on another thread leaves the game running: the app notices the
/// thread is gone (the deal fails, the hint is worked out on the spot, the
/// check says nothing sure). So the hooks that give the terminal back and
/// print must not run then, or the game would go on drawing over a
/// restored screen; the message is kept for the end instead. A panic on
/// this (the UI) thread goes through the hooks as before.
fn keep_background_panics_off_the_screen() {
    let ui_thread = std::thread::current().id();
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        if std::thread::current().id() == ui_thread {
            previous(info);
        } else if let Ok(mut kept) = BACKGROUND_PANICS.lock() {
            kept.push(info.to_string());
        }
    }));
}

fn take_background_panics() -> Vec<String> {
    BACKGROUND_PANICS
        .lock()
        .map(|mut kept| std::mem::take(&mut *kept))
        .unwrap_or_default()
}

/// Turns the terminal's input modes on for the game, or back off (at the
/// end, and from the panic hook): the mouse when the config wants it, and
/// bracketed paste, so a pasted puzzle line arrives as one event, not as
/// keys that would each do something. Failures are ignored: the terminal
/// is then simply without them.
fn input_modes(mouse: bool, on: bool) {
    use ratatui::crossterm::event::{
        DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
    };
    let mut out = io::stdout();
    if mouse {
        let _ = if on {
            ratatui::crossterm::execute!(out, EnableMouseCapture)
        } else {
            ratatui::crossterm::execute!(out, DisableMouseCapture)
        };
    }
    let _ = if on {
        ratatui::crossterm::execute!(out, EnableBracketedPaste)
    } else {
        ratatui::crossterm::execute!(out, DisableBracketedPaste)
    };
}

/// The process's own terminal as the loop's source of events: its keys
/// (read by doku itself on Unix, see `terminal_input`), and the shutdown
/// signals.
struct LocalTerminal {
    signals: Option<ShutdownSignals>,
    /// Whether the mouse is reported (turned off while suspended).
    mouse: bool,
    #[cfg(unix)]
    input: super::terminal_input::TerminalInput,
}

impl super::event_loop::EventSource for LocalTerminal {
    type Stop = Shutdown;

    #[cfg(unix)]
    fn next_event(&mut self, timeout: Duration) -> io::Result<Option<event::Event>> {
        self.input.next_event(timeout)
    }

    #[cfg(not(unix))]
    fn next_event(&mut self, timeout: Duration) -> io::Result<Option<event::Event>> {
        // (On a hung-up terminal crossterm's poll never returns; the
        // watchdog of `ShutdownSignals` ends the process then.)
        let ready = match event::poll(timeout) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => false,
            other => other?,
        };
        if ready {
            event::read().map(Some)
        } else {
            Ok(None)
        }
    }

    fn stop(&mut self, _now: Instant) -> Option<Shutdown> {
        let signal = self.signals.as_ref().and_then(ShutdownSignals::pending);
        #[cfg(unix)]
        let signal = signal.or(self.input.hung_up().then_some(Shutdown::Hangup));
        signal
    }

    fn can_suspend(&self) -> bool {
        cfg!(unix)
    }

    #[cfg(unix)]
    fn suspend(&mut self) -> io::Result<bool> {
        input_modes(self.mouse, false);
        give_terminal_back();
        let stopped = crate::signals::stop_as_ctrl_z()?;
        ratatui::crossterm::terminal::enable_raw_mode()?;
        ratatui::crossterm::execute!(
            io::stdout(),
            ratatui::crossterm::terminal::EnterAlternateScreen
        )?;
        input_modes(self.mouse, true);
        // The window may have changed size while the game was away.
        self.input.check_size();
        Ok(stopped)
    }
}

/// Runs the app in the terminal until the player quits (`Ok(None)`) or a
/// signal asks it to end (`Ok(Some(signal))`; see `crate::signals`).
pub fn run(app: &mut App, terminal: &mut TuiTerminal) -> io::Result<Option<Shutdown>> {
    let signals = ShutdownSignals::install().ok();
    if let Some(signals) = &signals {
        signals.spawn_watchdog(Duration::from_secs(2), give_terminal_back);
    }
    let mut source = LocalTerminal {
        signals,
        mouse: app.mouse_enabled(),
        #[cfg(unix)]
        input: super::terminal_input::TerminalInput::open()?,
    };
    super::event_loop::run(app, terminal, &mut source)
}

/// The TUI from the command line: loads and checks the config and themes on
/// the normal terminal (errors print and return exit status 2), then plays
/// `puzzle` or a fresh deal. Returns the exit status.
/// With `resume`, the autosaved game comes back if there is one.
pub fn main(
    config_path: Option<&std::path::Path>,
    puzzle: Option<PlayedPuzzle>,
    resume: bool,
    deals: DealChoices,
) -> i32 {
    launch_app(config_path, puzzle, resume, None, None, deals)
}

/// What `doku play --size/--difficulty/--boxes latin` asked the fresh deals
/// to be, for this run only (laid over the remembered choices, not saved).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DealChoices {
    pub size: Option<usize>,
    pub difficulty: Option<crate::engine::grader::Difficulty>,
    pub latin: Option<bool>,
    /// `--variant`: the rules of the fresh deals.
    pub variant: Option<crate::engine::Variant>,
    /// `--seed`: the seed of the deals of this run, so a deal (a jigsaw's
    /// layout too) can be dealt again.
    pub seed: Option<u64>,
}

impl DealChoices {
    fn any(&self) -> bool {
        *self != DealChoices::default()
    }

    /// Whether `game` is of the kind these choices ask for (what they
    /// leave open, it may be anything).
    fn fit(&self, game: &Game) -> bool {
        let shape = game.shape();
        self.size.is_none_or(|n| n == shape.size())
            && self.difficulty.is_none_or(|d| Some(d) == game.difficulty())
            && self.latin.is_none_or(|l| l == shape.box_dims().is_none())
    }

    fn as_preferences(&self) -> Preferences {
        Preferences {
            theme: None,
            difficulty: self.difficulty,
            size: self.size,
            latin: self.latin,
            variant: self.variant,
        }
    }
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
    pub strategy: Option<SearchKind>,
    /// Overrides the config's speed (steps per second).
    pub speed: Option<f64>,
    /// Deal the next puzzle when one is solved.
    pub repeat: bool,
    /// What the deals of this run are (`--boxes latin`: Latin squares).
    pub deals: DealChoices,
}

/// How `doku edit` opens straight into the puzzle editor.
#[derive(Clone, Debug, PartialEq)]
pub struct EditLaunch {
    /// The board size; `None`: the size of the next deal.
    pub size: Option<usize>,
    /// The blank board's shape: `Infer` for the next deal's (a Latin square
    /// after `L`), `Latin`, or boxes of RxC (whose size the CLI checked).
    pub boxes: crate::engine::format::ShapeHint,
    /// Digits to start from (a puzzle line given with the command).
    pub start: Option<Board>,
    /// `--variant`: the rules of the blank board (the CLI refused a blank jigsaw).
    pub variant: Option<crate::engine::Variant>,
}

/// `doku edit`: the editor on a blank board (or `launch.start`), over the
/// saved game, which waits untouched.
pub fn main_edit(config_path: Option<&std::path::Path>, launch: EditLaunch) -> i32 {
    launch_app(
        config_path,
        None,
        true,
        None,
        Some(launch),
        DealChoices::default(),
    )
}

/// The config with what `t`, `d` and `z` last chose laid over it (a choice
/// the config cannot take, such as an unknown size, is left out).
pub(crate) fn with_choices(config: &Config, choices: &Preferences) -> Config {
    let mut config = config.clone();
    // A size without sudoku boxes only for Latin squares (`doku play
    // --boxes latin --size 7`).
    let latin = choices.latin.unwrap_or(config.latin);
    if let Some(size) = choices
        .size
        .filter(|&s| super::deal_shape(s, latin).is_ok())
    {
        config.size = size;
    }
    if let Some(difficulty) = choices.difficulty {
        config.difficulty = difficulty;
    }
    if let Some(latin) = choices.latin {
        config.latin = latin;
    }
    if let Some(variant) = choices.variant {
        config.variant = variant;
    }
    if let Some(theme) = &choices.theme {
        config.theme = theme.clone();
    }
    config
}

/// [`main`], opening the solver view at once when `watch` says so.
pub fn main_with(
    config_path: Option<&std::path::Path>,
    puzzle: Option<Board>,
    resume: bool,
    watch: Option<WatchLaunch>,
) -> i32 {
    let deals = watch.map_or_else(DealChoices::default, |w| w.deals);
    launch_app(
        config_path,
        puzzle.map(PlayedPuzzle::new),
        resume,
        watch,
        None,
        deals,
    )
}

fn launch_app(
    config_path: Option<&std::path::Path>,
    puzzle: Option<PlayedPuzzle>,
    resume: bool,
    watch: Option<WatchLaunch>,
    edit: Option<EditLaunch>,
    deals: DealChoices,
) -> i32 {
    let loaded = match crate::config::load(config_path) {
        Ok(loaded) => loaded,
        Err(err) => {
            let _ = writeln!(io::stderr(), "doku: {err}");
            return crate::exit::EXIT_BAD_INPUT;
        }
    };
    // Before the save is opened or anything is written: a pipe or a dumb
    // terminal would get escape codes it cannot show.
    let term = std::env::var("TERM").ok();
    if let Some(problem) = unusable_terminal(io::stdout().is_terminal(), term.as_deref()) {
        let _ = writeln!(io::stderr(), "doku: {problem}");
        return crate::exit::EXIT_BAD_INPUT;
    }
    // What t, d and z chose last time, over the config (never written
    // into it). A damaged preferences file is moved aside and kept, and the
    // player is told: the status line says so, stderr says where at exit.
    let (choices, prefs_problem) = match StateDir::from_env().map(|dir| prefs::load(&dir)) {
        Ok(Err(err)) => (Preferences::default(), Some(err)),
        Ok(Ok(choices)) => (choices, None),
        Err(_) => (Preferences::default(), None),
    };
    let config = &with_choices(
        &with_choices(&loaded.config, &choices),
        &deals.as_preferences(),
    );
    if let Some(variant) = deals.variant {
        if let Some(why) = variant.undealable_on(config.size, config.latin) {
            let _ = writeln!(
                io::stderr(),
                "doku: --variant {variant}: {why} (give --size, or choose the size with z)"
            );
            return crate::exit::EXIT_BAD_INPUT;
        }
    }
    let seed = deals.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let now = Instant::now();
    let theme = loaded
        .themes
        .get(&config.theme)
        .unwrap_or_else(|| loaded.theme())
        .clone();
    let themes = loaded.themes.clone();
    // The solver view is a demonstration (or a screensaver): it must never
    // autosave over, or abandon, the player's game in progress.
    let opening = if watch.is_some() {
        Opening {
            persistence: Persistence::off(),
            game: None,
            message: None,
            resumed: false,
            notice: None,
        }
    } else {
        // With a puzzle given too, the saved game is opened so that it is
        // not thrown away unasked (see `offer` below).
        Persistence::open(resume, now)
    };
    let mut given = puzzle.is_some();
    let mut offer = None;
    let mut app = match (puzzle, opening.game) {
        (Some(board), Some(saved)) => {
            // A game in progress: play the given puzzle only if the player says so.
            given = false;
            offer = Some(board);
            App::new(config, themes, theme, saved, seed)
        }
        (Some(played), None) => App::new(
            config,
            themes,
            theme,
            Game::from_played(&played, None, now),
            seed,
        ),
        (None, Some(saved)) => App::new(config, themes, theme, saved, seed),
        (None, None) => App::dealing(config, themes, theme, seed),
    };
    // A puzzle not dealt here may have several solutions, or none; the
    // check runs while the game is played.
    app.check_given_puzzle();
    if let Some(launch) = watch {
        let defaults = app.watch_options();
        app.set_watch_options(WatchOptions {
            strategy: launch.strategy.unwrap_or(defaults.strategy),
            speed: launch.speed.unwrap_or(defaults.speed),
            ..defaults
        });
        app.set_watch_loop(launch.repeat);
        app.keep_no_game();
        if app.awaiting_first_deal() {
            // The spinner shows until the deal arrives, which opens the view.
            app.watch_when_dealt();
        } else {
            app.enter_watch(Instant::now());
        }
    }
    let mouse = app.mouse_enabled();
    // On a panic, give the mouse and plain pasting back too (ratatui's
    // hook restores the rest).
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        input_modes(mouse, false);
        previous(info);
    }));
    let sixteen_colours = loaded.color_depth == crate::theme::ColorDepth::Ansi16;
    let mut terminal = match open_terminal(sixteen_colours) {
        Ok(terminal) => terminal,
        Err(err) => {
            give_terminal_back();
            let _ = writeln!(
                io::stderr(),
                "doku: cannot use this terminal for the game: {err}"
            );
            return crate::exit::EXIT_BAD_INPUT;
        }
    };
    input_modes(mouse, true);
    // After ratatui's hook (which restores the terminal), so the note
    // prints last, on a normal screen.
    opening.persistence.install_panic_note();
    // Last, so it sees every panic first.
    keep_background_panics_off_the_screen();
    app.set_persistence(opening.persistence);
    app.set_remembered_choices(choices.clone());
    if given {
        // Deals count themselves when they arrive.
        app.count_start(now);
    }
    if let Some(err) = &prefs_problem {
        app.preferences_unreadable(err);
    }
    let opening_message = if opening.resumed {
        Some(app.resumed_message(deals.any()))
    } else {
        opening.message
    };
    app.show_opening_message(opening_message);
    if opening.resumed && offer.is_none() && edit.is_none() && !deals.fit(&app.game) {
        // `--size 16 --difficulty hard` over a saved 9x9: play what was asked.
        app.offer_asked_deal();
    }
    if let Some(board) = offer {
        app.offer_given(board, now);
    }
    if let Some(edit) = edit {
        use crate::engine::{format::ShapeHint, Shape};
        let size = edit.size.unwrap_or(app.deals.next_size);
        // The CLI checked the size and the boxes.
        let blank = match edit.boxes {
            ShapeHint::Infer => None,
            ShapeHint::Latin => Shape::latin(size).ok(),
            ShapeHint::Boxes(rows, cols) => Shape::with_boxes(rows.into(), cols.into()).ok(),
        };
        let blank = match (blank, edit.variant) {
            (blank, Some(variant)) => {
                let base = blank.or_else(|| super::deal::deal_shape(size, false).ok());
                base.and_then(|b| variant.apply(b).ok())
            }
            (blank, None) => blank,
        };
        match blank {
            // A blank killer: no cages yet, drawn in the editor.
            Some(shape) if edit.variant.is_some_and(|v| v.is_killer()) => {
                app.open_blank_editor(shape, now);
                app.editor = Some(crate::game::editor::Editor::new_killer(shape, now));
            }
            Some(shape) => app.open_blank_editor(shape, now),
            None => app.open_editor(size, now),
        }
        if let Some(start) = edit.start {
            app.editor = Some(crate::game::editor::Editor::from_board(start, now));
        }
    }
    let notice = [
        opening.notice,
        prefs_problem.map(|err| format!("doku: {err}")),
    ]
    .into_iter()
    .flatten()
    .reduce(|a, b| format!("{a}\n{b}"));
    let result = run(&mut app, &mut terminal);
    // The clock has run on since the last change; keep that time too.
    app.save(Instant::now());
    input_modes(mouse, false);
    give_terminal_back();
    if let Some(notice) = notice {
        let _ = writeln!(io::stderr(), "{notice}");
    }
    for panic in take_background_panics() {
        let _ = writeln!(
            io::stderr(),
            "doku: a background job failed and the game went on without it: {panic}"
        );
    }
    match result {
        Ok(None) => crate::exit::EXIT_OK,
        Ok(Some(signal)) => signal.exit_status(),
        Err(err) => {
            let _ = writeln!(io::stderr(), "doku: the terminal failed: {err}");
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembered_choices_sit_over_the_config_and_bad_ones_are_left_out() {
        let config = Config::built_in();
        let choices = Preferences {
            theme: Some("light".into()),
            difficulty: Some(crate::engine::grader::Difficulty::Expert),
            size: Some(16),
            latin: Some(true),
            variant: Some(crate::engine::Variant::Jigsaw),
        };
        let chosen = with_choices(&config, &choices);
        assert_eq!(chosen.variant, crate::engine::Variant::Jigsaw);
        assert_eq!(
            (chosen.size, chosen.difficulty, chosen.theme.as_str()),
            (16, crate::engine::grader::Difficulty::Expert, "light")
        );
        assert!(chosen.latin);
        let odd = Preferences {
            size: Some(7),
            ..Preferences::default()
        };
        assert_eq!(
            with_choices(&config, &odd),
            config,
            "no 7x7 sudoku: ignored"
        );
    }

    #[test]
    fn the_game_refuses_a_pipe_and_a_dumb_terminal_and_says_what_to_do() {
        let piped = unusable_terminal(false, Some("xterm-256color")).expect("a pipe is refused");
        assert!(
            piped.contains("not one") && piped.contains("doku solve"),
            "{piped}"
        );
        let dumb = unusable_terminal(true, Some("dumb")).expect("TERM=dumb is refused");
        assert!(
            dumb.contains("TERM=dumb") && dumb.contains("set TERM"),
            "{dumb}"
        );
        assert_eq!(unusable_terminal(true, Some("xterm-256color")), None);
        assert_eq!(unusable_terminal(true, Some("screen")), None);
        // No TERM at all: crossterm still draws with its defaults.
        assert_eq!(unusable_terminal(true, None), None);
    }
}
