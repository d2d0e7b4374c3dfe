//! Keys through the keymap into the app, without a terminal.

use super::*;
use crate::engine::format::{parse_puzzle, ShapeHint};
use crate::engine::{Named, SearchKind};
use crate::theme::ColorDepth;
use ratatui::crossterm::event::{KeyEventState, MouseEvent};

const PUZZLE: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";

fn app(now: Instant) -> App {
    app_with(&Config::built_in(), now)
}

fn app_with(config: &Config, now: Instant) -> App {
    let board = parse_puzzle(PUZZLE, ShapeHint::Infer).expect("puzzle");
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let game = Game::new(board, Some(Difficulty::Medium), now);
    App::new(config, themes, theme, game, 42)
}

fn press(app: &mut App, code: KeyCode, now: Instant) {
    app.handle_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
}

fn chars(app: &mut App, keys: &str, now: Instant) {
    for ch in keys.chars() {
        press(app, KeyCode::Char(ch), now);
    }
}

fn value(app: &App, row: usize, col: usize) -> Option<u8> {
    app.game
        .value(app.game.shape().cell(row, col))
        .map(|d| d.get())
}

#[test]
fn default_keys_move_enter_undo_and_redo() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "l5", now);
    assert_eq!(value(&app, 0, 1), Some(5));
    press(&mut app, KeyCode::Right, now);
    press(&mut app, KeyCode::Down, now);
    chars(&mut app, "j", now);
    assert_eq!(app.game.cursor(), app.game.shape().cell(2, 2));
    chars(&mut app, "u", now);
    assert_eq!(value(&app, 0, 1), None);
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Char('r'), KeyModifiers::CONTROL)),
        now,
    );
    assert_eq!(value(&app, 0, 1), Some(5));
    assert_eq!(
        app.game.cursor(),
        app.game.shape().cell(0, 1),
        "redo returns to the change"
    );
    chars(&mut app, "x", now);
    assert_eq!(value(&app, 0, 1), None);
}

#[test]
fn key_releases_are_ignored() {
    let now = Instant::now();
    let mut app = app(now);
    let mut release = KeyEvent::new(KeyCode::Char('l'), KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    release.state = KeyEventState::NONE;
    app.handle_event(Event::Key(release), now);
    assert_eq!(app.game.cursor(), app.game.shape().cell(0, 0));
}

#[test]
fn notes_mode_key_makes_digits_pencil_marks() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "ln47", now);
    let cell = app.game.shape().cell(0, 1);
    assert_eq!(app.game.value(cell), None);
    assert_eq!(app.game.notes(cell).len(), 2);
}

#[test]
fn help_opens_and_any_key_closes_it_without_acting() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "?", now);
    assert_eq!(app.screen, Screen::Help);
    assert_eq!(app.next_wakeup(now), None, "help does not tick");
    chars(&mut app, "l", now);
    assert_eq!(app.screen, Screen::Playing);
    assert_eq!(
        app.game.cursor(),
        app.game.shape().cell(0, 0),
        "the key only closed help"
    );
}

/// On big boards letters are digits: the help lists only the keys that
/// move and undo there (it listed k/j/h/l on 25x25, and undo had no key
/// on a 30x30 Latin square, where u is a digit).
#[test]
fn the_help_on_big_boards_lists_moves_and_undo_that_work_there() {
    let now = Instant::now();
    let help_on = |shape: crate::engine::Shape| {
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default").clone();
        let game = Game::new(crate::engine::Board::empty(shape), None, now);
        let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
        app.screen = Screen::Help;
        screen(&app, now, 120, 60).join("\n")
    };
    let nine = help_on(crate::engine::Shape::CLASSIC);
    assert!(nine.contains("k/j/h/l"), "{nine}");
    let big = help_on(crate::engine::Shape::sudoku(25).expect("25x25"));
    assert!(big.contains("move the cursor"), "{big}");
    assert!(!big.contains("k/j/h/l") && !big.contains("/-"), "{big}");
    let latin = help_on(crate::engine::Shape::latin(30).expect("30x30 Latin"));
    let undo = latin
        .lines()
        .find(|l| l.contains("undo the last change"))
        .expect("undo listed");
    assert!(undo.contains("Ctrl-u"), "{undo}");
    // And the key works there.
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let shape = crate::engine::Shape::latin(30).expect("30x30 Latin");
    let game = Game::new(crate::engine::Board::empty(shape), None, now);
    let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
    // A terminal the board fits in.
    app.handle_event(Event::Resize(200, 80), now);
    chars(&mut app, "5", now);
    assert_eq!(value(&app, 0, 0), Some(5));
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL)),
        now,
    );
    assert_eq!(value(&app, 0, 0), None, "Ctrl-u undid the digit");
}

#[test]
fn pause_hides_the_game_stops_the_clock_and_ignores_board_keys() {
    let start = Instant::now();
    let mut app = app(start);
    let t10 = start + Duration::from_secs(10);
    chars(&mut app, "p", t10);
    assert_eq!(app.screen, Screen::Paused);
    assert_eq!(app.next_wakeup(t10), None, "nothing ticks while paused");
    chars(&mut app, "l5", t10);
    assert_eq!(value(&app, 0, 1), None);
    let t100 = start + Duration::from_secs(100);
    chars(&mut app, "p", t100);
    assert_eq!(app.screen, Screen::Playing);
    assert_eq!(app.game.elapsed(t100), Duration::from_secs(10));
}

#[test]
fn the_help_screen_hides_the_board_and_stops_the_clock() {
    let start = Instant::now();
    let at = |seconds: u64| start + Duration::from_secs(seconds);
    let mut app = app(start);
    chars(&mut app, "?", at(10));
    assert_eq!(app.screen, Screen::Help);
    assert!(!app.game.clock_running());
    assert_eq!(
        app.next_wakeup(at(10)),
        None,
        "nothing ticks under the help"
    );
    // A resize under the help (the board fits again) does not start it.
    app.handle_event(Event::Resize(30, 10), at(20));
    app.handle_event(Event::Resize(80, 24), at(30));
    assert!(!app.game.clock_running());
    press(&mut app, KeyCode::Esc, at(100));
    assert_eq!(app.screen, Screen::Playing);
    assert!(app.game.clock_running());
    assert_eq!(app.game.elapsed(at(101)), Duration::from_secs(11));
}

#[test]
fn playing_wakes_only_when_the_clock_turns_a_second() {
    let start = Instant::now();
    let app = app(start);
    let wait = app.next_wakeup(start + Duration::from_millis(300));
    assert_eq!(wait, Some(Duration::from_millis(700)));
}

#[test]
fn size_difficulty_and_theme_keys_cycle() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "zd", now);
    assert_eq!(app.deals.next_size, 10);
    assert_eq!(app.deals.next_difficulty, Difficulty::Hard);
    let before = app.theme().name().to_string();
    chars(&mut app, "t", now);
    assert_ne!(app.theme().name(), before);
}

#[test]
fn new_game_deals_off_the_ui_thread_at_the_next_size() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "zzzzzzz", now); // 9 on to 25, then round to 4
    assert_eq!(app.deals.next_size, 4);
    chars(&mut app, "g", now);
    assert!(app.is_dealing());
    assert!(app.next_wakeup(now).is_some(), "the spinner ticks");
    app.finish_deal();
    assert!(!app.is_dealing());
    assert_eq!(app.game.shape().size(), 4);
    assert!(app.game.givens().is_uniquely_solvable());
}

#[test]
fn a_latin_square_is_dealt_from_inside_the_game() {
    let now = Instant::now();
    let mut app = app(now);
    // Shift-l: Latin squares next, at the size the size key chose.
    chars(&mut app, "zzzzzzzzL", now); // 9 round to 6
    assert_eq!(app.message.as_deref(), Some("next deal: 6x6 Latin"));
    chars(&mut app, "g", now);
    app.finish_deal();
    let shape = app.game.shape();
    assert!(shape.is_latin() && shape.size() == 6, "{shape:?}");
    assert!(app.game.givens().is_uniquely_solvable());
    // The size key keeps to Latin squares; the same key goes back to sudokus.
    chars(&mut app, "z", now);
    assert_eq!(app.message.as_deref(), Some("next deal: 8x8 Latin"));
    chars(&mut app, "L", now);
    assert_eq!(app.message.as_deref(), Some("next deal: 8x8 sudoku"));
    chars(&mut app, "g", now);
    app.finish_deal();
    assert!(!app.game.shape().is_latin());
    assert_eq!(app.game.shape().size(), 8);
}

#[test]
fn a_click_moves_the_cursor_to_the_cell_under_it() {
    let now = Instant::now();
    let mut app = app(now);
    app.set_terminal_size(80, 24);
    let layout = ScreenLayout::new(app.game.shape(), Rect::new(0, 0, 80, 24)).expect("fits");
    // The middle of r3c5.
    let x = layout.board.x + layout.geometry.col_x[4] + 1;
    let y = layout.board.y + layout.geometry.row_y[2];
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    app.handle_event(Event::Mouse(click), now);
    assert_eq!(app.game.cursor(), app.game.shape().cell(2, 4));
}

#[test]
fn a_click_puts_down_a_held_digit_undoably() {
    let now = Instant::now();
    let mut app = app(now);
    app.set_terminal_size(80, 24);
    let shape = app.game.shape();
    let given = shape
        .cells()
        .find(|&c| app.game.is_given(c))
        .expect("a given");
    let empty = shape
        .cells()
        .find(|&c| app.game.value(c).is_none())
        .expect("an empty cell");
    app.game.set_cursor(shape.row(given), shape.col(given));
    chars(&mut app, "y", now);
    let held = app.game.held_digit().expect("the given's digit is held");
    let layout = ScreenLayout::new(shape, Rect::new(0, 0, 80, 24)).expect("fits");
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: layout.board.x + layout.geometry.col_x[shape.col(empty)] + 1,
        row: layout.board.y + layout.geometry.row_y[shape.row(empty)],
        modifiers: KeyModifiers::NONE,
    };
    app.handle_event(Event::Mouse(click), now);
    assert_eq!(app.game.cursor(), empty);
    assert_eq!(app.game.value(empty).map(|d| d.get()), Some(held));
    chars(&mut app, "u", now);
    assert_eq!(app.game.value(empty), None);
}

#[test]
fn the_solver_view_key_switches_mode_and_back() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "a", now);
    assert_eq!(app.screen, Screen::Watching);
    assert!(!app.game.clock_running());
    chars(&mut app, "a", now);
    assert_eq!(app.screen, Screen::Playing);
    assert!(app.game.clock_running());
}

#[test]
fn the_solver_view_opens_on_the_configured_strategy_local_searches_too() {
    let now = Instant::now();
    for &strategy in SearchKind::ALL {
        let mut config = Config::built_in();
        config.watch.strategy = strategy;
        let mut app = app_with(&config, now);
        chars(&mut app, "a", now);
        assert_eq!(app.watch().map(Watch::strategy), Some(strategy));
    }
}

#[test]
fn the_solver_view_switches_between_entries_and_givens_and_leaves_the_game_alone() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "l9a", now); // r1c2 = 9 (its solution), then the view
    let from_entries = |app: &App| app.watch().map(Watch::started_from_entries);
    assert_eq!(
        from_entries(&app),
        Some(true),
        "the config starts from the entries"
    );
    chars(&mut app, "b", now);
    assert_eq!(from_entries(&app), Some(false));
    assert_eq!(app.screen, Screen::Watching);
    chars(&mut app, "b", now);
    assert_eq!(from_entries(&app), Some(true));
    press(&mut app, KeyCode::Esc, now);
    assert_eq!(app.screen, Screen::Playing);
    assert_eq!(
        value(&app, 0, 1),
        Some(9),
        "the player's entry is untouched"
    );
}

/// `doku watch` saves no game, so a game played from its solver view (a)
/// is not thrown away by one key: q asks first, from the game or the view.
#[test]
fn q_asks_before_losing_a_game_played_from_doku_watch() {
    let now = Instant::now();
    // Untouched: nothing to lose, q quits at once.
    let mut app = super::tests::app(now);
    app.keep_no_game();
    chars(&mut app, "q", now);
    assert!(app.quit);

    let mut app = super::tests::app(now);
    app.keep_no_game();
    chars(&mut app, "l5", now);
    assert_eq!(value(&app, 0, 1), Some(5));
    chars(&mut app, "q", now);
    assert!(!app.quit, "one key lost the game");
    let asked = app.message.clone().unwrap_or_default();
    assert!(
        asked.contains("not saved") && asked.ends_with('?'),
        "{asked}"
    );
    chars(&mut app, "n", now);
    assert!(!app.quit);
    assert_eq!(app.message.as_deref(), Some("not quit"));
    assert_eq!(value(&app, 0, 1), Some(5), "the game goes on as it was");
    // From the solver view too; y quits.
    app.enter_watch(now);
    chars(&mut app, "q", now);
    assert!(!app.quit);
    chars(&mut app, "y", now);
    assert!(app.quit);
    // In doku play the game is saved, so q quits at once.
    let mut app = super::tests::app(now);
    chars(&mut app, "l5q", now);
    assert!(app.quit);
}

#[test]
fn q_and_ctrl_c_quit() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "q", now);
    assert!(app.quit);
    let mut app = super::tests::app(now);
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL)),
        now,
    );
    assert!(app.quit);
}

#[test]
fn a_refused_key_says_why() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "5", now); // r1c1 is a given
    assert_eq!(app.message.as_deref(), Some("a given cannot be changed"));
}

#[test]
fn the_first_deal_shows_a_spinner_and_ignores_board_keys_until_it_arrives() {
    let now = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("mono").expect("mono").clone();
    let mut app = App::dealing(&Config::built_in(), themes, theme, 5);
    assert!(app.awaiting_first_deal());
    chars(&mut app, "5", now);
    assert_eq!(
        app.game.board().filled_count(),
        0,
        "no playing an empty placeholder"
    );
    app.finish_deal();
    assert!(!app.awaiting_first_deal());
    assert_eq!(app.game.shape().size(), 9);
    assert!(app.game.givens().is_uniquely_solvable());
    assert_eq!(app.game.difficulty(), Some(Difficulty::Medium));
}

/// The screen as text, one string per row.
fn screen(app: &App, now: Instant, width: u16, height: u16) -> Vec<String> {
    let area = Rect::new(0, 0, width, height);
    let mut buf = ratatui::buffer::Buffer::empty(area);
    ratatui::widgets::Widget::render(AppView { app, now }, area, &mut buf);
    (0..height)
        .map(|y| (0..width).map(|x| buf[(x, y)].symbol()).collect())
        .collect()
}

#[test]
fn a_deal_in_progress_is_named_once_in_the_status_line() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "zzzzzz", now); // 9 on to 25
    assert_eq!(app.deals.next_size, 25);
    chars(&mut app, "g", now);
    let rows = screen(&app, now, 120, 40);
    let status = rows[rows.len() - 2].clone();
    assert_eq!(status.matches("dealing").count(), 1, "{status}");
    assert!(status.contains("25x25"), "{status}");
}

#[test]
fn key_hints_say_what_the_key_does_now() {
    let now = Instant::now();
    let mut app = app(now);
    let hints = |app: &App| {
        let rows = screen(app, now, 80, 24);
        rows[rows.len() - 1].clone()
    };
    chars(&mut app, "p", now);
    assert!(hints(&app).contains("p resume"), "{}", hints(&app));
    chars(&mut app, "p", now);
    chars(&mut app, "a", now);
    assert_eq!(app.screen, Screen::Watching);
    let running = hints(&app);
    assert!(running.contains("a back"), "{running}");
    assert!(
        running.contains("q quit"),
        "quit fits at 80 columns: {running}"
    );
    assert!(running.contains("Space pause"), "{running}");
    assert!(running.contains("? help"), "{running}");
    press(&mut app, KeyCode::Char(' '), now);
    assert!(hints(&app).contains("Space resume"), "{}", hints(&app));
}

#[test]
fn help_opens_over_the_solver_view_stops_it_and_any_key_returns_to_it() {
    let start = Instant::now();
    let mut app = app(start);
    chars(&mut app, "a", start);
    let steps = |app: &App| app.watch().map(|w| w.counters().steps);
    let strategy = app.watch().map(Watch::strategy);
    chars(&mut app, "?", start);
    assert_eq!(app.screen, Screen::WatchHelp);
    assert_eq!(app.next_wakeup(start), None, "nothing moves under the help");
    let later = start + Duration::from_secs(30);
    app.on_tick(later);
    assert_eq!(steps(&app), Some(0), "the search waits under the help");
    chars(&mut app, "s", later);
    assert_eq!(app.screen, Screen::Watching);
    assert_eq!(
        app.watch().map(Watch::strategy),
        strategy,
        "the key only closed the help"
    );
    // Back in the view, the search goes on at its pace: no burst of the
    // thirty seconds the help was open.
    let wait = app.next_wakeup(later).expect("the view animates again");
    app.on_tick(later + wait);
    let after = steps(&app).unwrap_or(0);
    assert!((1..=2).contains(&after), "{after} steps after one tick");
    chars(&mut app, "?q", later);
    assert!(app.quit, "quit still quits from the help");
}

#[test]
fn pausing_hides_a_shown_hint_and_resuming_explains_it_again() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "H", now);
    let hint = app.message.clone().expect("a hint is explained");
    let technique = app
        .game
        .hint()
        .map(|h| h.technique.to_string())
        .expect("a hint is shown");
    let shown = screen(&app, now, 80, 24).join("\n");
    assert!(shown.contains(&technique), "{shown}");
    chars(&mut app, "p", now);
    assert_eq!(app.message, None);
    let paused = screen(&app, now, 80, 24).join("\n");
    assert!(!paused.contains(&technique), "{paused}");
    for row in paused.lines() {
        assert!(
            row.trim().is_empty() || !hint.contains(row.trim()),
            "{paused}"
        );
    }
    chars(&mut app, "p", now);
    assert_eq!(app.message.as_deref(), Some(hint.as_str()));
}

#[test]
fn the_solver_view_clears_the_play_message_and_leaving_it_explains_the_hint_again() {
    let now = Instant::now();
    let mut app = app(now);
    let on_screen = |app: &App| screen(app, now, 80, 24).join("\n");

    // A refusal does not follow the player into the view, nor back.
    chars(&mut app, "5", now); // r1c1 is a given
    let refusal = "a given cannot be changed";
    assert_eq!(app.message.as_deref(), Some(refusal));
    chars(&mut app, "a", now);
    assert_eq!(app.screen, Screen::Watching);
    assert_eq!(app.message, None);
    assert!(!on_screen(&app).contains(refusal), "{}", on_screen(&app));
    chars(&mut app, "a", now);
    assert_eq!(app.screen, Screen::Playing);
    assert_eq!(app.message, None, "no hint to explain");

    // A hint naming a mistake: gone in the view, explained again after it.
    chars(&mut app, "l7HH", now); // r1c2 = 7 (its solution is 9), then a hint in full
    let hint = app.message.clone().expect("the hint is explained");
    assert!(hint.starts_with("mistake: "), "{hint}");
    assert!(on_screen(&app).contains("mistake"), "{}", on_screen(&app));
    chars(&mut app, "a", now);
    assert_eq!(app.message, None);
    let view = on_screen(&app);
    assert!(view.contains("solver"), "{view}");
    assert!(!view.contains("mistake"), "{view}");
    chars(&mut app, "a", now);
    assert_eq!(app.message.as_deref(), Some(hint.as_str()));
}

#[test]
fn the_solver_view_of_a_big_board_names_its_way_back() {
    // On a 16x16, `a` is a digit in the game, but the solver view enters
    // no digits, so there `a` goes back and its hint must say so.
    let sixteen = crate::engine::Board::empty(crate::engine::Shape::sudoku(16).expect("16x16"));
    let now = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let game = Game::new(sixteen, None, now);
    let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
    app.handle_event(
        Event::Key(KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL)),
        now,
    );
    assert_eq!(app.screen, Screen::Watching);
    let rows = screen(&app, now, 80, 24);
    let hints = rows[rows.len() - 1].clone();
    assert!(hints.contains("a back"), "{hints}");
    assert!(hints.contains("q quit"), "{hints}");
    chars(&mut app, "a", now);
    assert_eq!(app.screen, Screen::Playing, "the hint's key works");
}

#[test]
fn a_digit_past_the_board_s_last_says_which_digits_it_takes() {
    let four = parse_puzzle("4.1....43.4..4.1", ShapeHint::Infer).expect("4x4");
    let now = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let game = Game::new(four.clone(), None, now);
    let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
    chars(&mut app, "l5", now);
    assert_eq!(app.game.board(), &four, "nothing entered");
    let said = app.message.clone().unwrap_or_default();
    assert!(
        said.contains("5 is not a digit") && said.contains("1-4"),
        "{said}"
    );
    // A digit it takes clears the word.
    chars(&mut app, "2", now);
    assert_eq!(value(&app, 0, 1), Some(2));
    assert_eq!(app.message, None);
}

#[test]
fn the_clock_stops_while_the_terminal_is_too_small_to_show_the_board() {
    // The board is hidden then, as under pause; the clock ran on.
    let start = Instant::now();
    let at = |seconds: u64| start + Duration::from_secs(seconds);
    let mut app = app(start);
    app.handle_event(Event::Resize(80, 24), start);
    app.handle_event(Event::Resize(30, 10), at(2));
    // Pause and resume while hidden: still hidden, still stopped.
    chars(&mut app, "p", at(4));
    chars(&mut app, "p", at(5));
    app.handle_event(Event::Resize(80, 24), at(12));
    assert_eq!(app.game.elapsed(at(13)), Duration::from_secs(3));
    assert!(app.game.clock_running(), "it goes on when the board shows");
}

#[test]
fn board_keys_do_nothing_while_the_terminal_is_too_small_to_show_the_board() {
    // The too-small screen offers the size, a new deal and quit; a digit
    // typed there went into a cell nobody could see.
    let now = Instant::now();
    let mut app = app(now);
    app.handle_event(Event::Resize(30, 10), now);
    chars(&mut app, "l5nc", now);
    assert_eq!(value(&app, 0, 0), Some(2), "a given");
    assert_eq!(app.game.cursor(), app.game.shape().cell(0, 0));
    assert!(!app.game.is_touched() && !app.game.notes_mode());
    // The keys the too-small screen names still work.
    chars(&mut app, "z", now);
    assert_eq!(app.deals.next_size, 10);
    app.handle_event(Event::Resize(80, 24), now);
    chars(&mut app, "l5", now);
    assert_eq!(value(&app, 0, 1), Some(5));
}

#[test]
fn a_question_asked_on_the_too_small_screen_is_shown_there() {
    // g there asks before it deals over a game in progress; the next key
    // answers, so the question must be on screen (it was not).
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "l5", now);
    app.handle_event(Event::Resize(30, 10), now);
    chars(&mut app, "g", now);
    let shown = screen(&app, now, 30, 10).join("\n");
    assert!(shown.contains("deal a new"), "{shown}");
    assert!(shown.contains("y yes"), "{shown}");
    chars(&mut app, "x", now);
    let shown = screen(&app, now, 30, 10).join("\n");
    assert!(!shown.contains("deal a new"), "answered no: {shown}");
    assert_eq!(value(&app, 0, 1), Some(5), "the game is kept");
}

#[test]
fn the_status_line_names_a_latin_square_and_boxes_other_than_the_standard_ones() {
    let now = Instant::now();
    let status_of = |line: &str, hint: ShapeHint| {
        let board = parse_puzzle(line, hint).expect("puzzle");
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default").clone();
        let game = Game::new(board, None, now);
        let app = App::new(&Config::built_in(), themes, theme, game, 42);
        screen(&app, now, 80, 24).join("\n")
    };
    let latin = "..2..5..7.6..973.8.471......8.523...27..4..15...314.9......218.1.596..4.8..7..6..";
    assert!(status_of(latin, ShapeHint::Latin).contains("9x9 Latin · custom"));
    let six = "1.........2.........................";
    assert!(status_of(six, ShapeHint::Boxes(3, 2)).contains("6x6 (3x2 boxes) · custom"));
    let standard = status_of(six, ShapeHint::Infer);
    assert!(standard.contains("6x6 · custom"), "{standard}");
}

/// The hint a fresh press would show on this game, worked out on the spot.
fn hint_worked_out_here(game: &Game, now: Instant) -> Option<crate::game::Hint> {
    let mut copy = game.clone();
    copy.hint_or_apply(now);
    copy.hint().cloned()
}

#[test]
fn the_next_hint_is_worked_out_after_each_change_and_the_key_takes_it() {
    let now = Instant::now();
    // The first of the forum's 11+ puzzles: its hints soon need nested
    // forcing chains (45-90 ms each, as the engine stands).
    let hardest =
        "98.7..6..7..9..5....5.4..7.8..6..3...2...1.......8...53...97.....8.6.7.....8....3";
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let board = parse_puzzle(hardest, ShapeHint::Infer).expect("puzzle");
    let game = Game::new(board, Some(Difficulty::Extreme), now);
    let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
    // Nothing pressed yet but a cursor move: the first hint is on its way.
    chars(&mut app, "l", now);
    assert!(app.hints_ahead.has_asked(&app.game.hint_request()));
    for press in 1..=12 {
        let shows_new_hint = app.game.hint().is_none();
        let expected = hint_worked_out_here(&app.game, now);
        let handed_out = app.hints_ahead.handed_out;
        chars(&mut app, "H", now);
        if shows_new_hint {
            assert_eq!(
                app.hints_ahead.handed_out,
                handed_out + 1,
                "press {press}: the hint worked out ahead was used"
            );
            assert_eq!(app.game.hint().cloned(), expected, "press {press}");
        }
        // After every press, what the next new hint needs is on its way.
        let upcoming = app.game.upcoming_hint_request(now).expect("not solved");
        assert!(app.hints_ahead.has_asked(&upcoming), "press {press}");
    }
    assert_eq!(app.game.hints_used(), 4);
}

#[test]
fn a_change_after_the_hint_was_worked_out_gets_the_hint_of_the_new_position() {
    let now = Instant::now();
    let mut app = app(now);
    app.game
        .set_known_solution(app.game.givens().solution().expect("solvable"));
    chars(&mut app, "l", now);
    let first = app.game.hint_request();
    // The worker answers the first position.
    assert!(app.hints_ahead.answer_for(&first).is_some());
    // r1c2 is empty: a wrong digit there, and the hint must say so.
    let right = app
        .game
        .givens()
        .solution()
        .and_then(|s| s.get(s.shape().cell(0, 1)));
    let wrong = if right.map(|d| d.get()) == Some(1) {
        '4'
    } else {
        '1'
    };
    chars(&mut app, &wrong.to_string(), now);
    chars(&mut app, "H", now);
    let hint = app.game.hint().expect("a hint");
    assert_eq!(hint.technique, "mistake");
}

#[test]
fn a_hint_after_its_technique_and_a_colon_goes_on_in_lower_case() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "HH", now);
    let hint = app.game.hint().expect("a hint").clone();
    // The engine's explanation is a sentence ("In box 2, 5 can only go in
    // r3c4"); after "hidden single: " it is the rest of one.
    assert!(hint.explanation.starts_with("In "), "{}", hint.explanation);
    let after_technique = format!("{}: in ", hint.technique);
    let status = app.message.clone().unwrap_or_default();
    assert!(status.starts_with(&after_technique), "{status}");
    let under_board = view::hint_text(&app).unwrap_or_default();
    assert!(
        under_board.starts_with(&format!("hint: {after_technique}")),
        "{under_board}"
    );
}

#[test]
fn the_next_deal_is_never_broken_across_the_panels_rows_at_80x24() {
    let now = Instant::now();
    // Each next deal beside each board the panel stands by at 80x24.
    for (game_size, line) in [
        (9, PUZZLE),
        (4, "1..4..1...4..3.."),
        (6, "1.........2........................."),
    ] {
        let board = parse_puzzle(line, ShapeHint::Infer).expect("puzzle");
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default").clone();
        let game = Game::new(board, Some(Difficulty::Medium), now);
        let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
        for size in crate::config::SIZES {
            for &difficulty in <Difficulty as crate::engine::Named>::ALL {
                for latin in [false, true] {
                    app.deals.next_size = size;
                    app.deals.next_difficulty = difficulty;
                    app.deals.next_latin = latin;
                    let deal = app.deals.next_deal();
                    let rows = screen(&app, now, 80, 24);
                    let whole = rows.iter().any(|row| row.contains(&deal));
                    assert!(
                        whole,
                        "{game_size}x{game_size}: {deal} broken:\n{}",
                        rows.join("\n")
                    );
                }
            }
        }
    }
}

/// config.toml's killer on a 16x16, which is not dealt: the panel says
/// why the next deal is a classic (it said only "16x16 medium").
#[test]
fn a_chosen_variant_the_size_does_not_deal_is_named_in_the_panel() {
    let now = Instant::now();
    let mut config = Config::built_in();
    config.variant = crate::engine::Variant::Killer;
    config.size = 16;
    let app = app_with(&config, now);
    assert_eq!(app.deals.next_deal(), "16x16 medium");
    let text = screen(&app, now, 80, 24).join("\n");
    assert!(text.contains("(killer: not dealt at"), "{text}");
    let config = Config { size: 9, ..config };
    let app = app_with(&config, now);
    let text = screen(&app, now, 80, 24).join("\n");
    assert!(
        text.contains("9x9 killer") && !text.contains("not dealt"),
        "{text}"
    );
}

#[test]
fn a_next_deal_past_its_boards_reach_is_named_as_it_will_be_dealt() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "ddd", now); // medium on to extreme
    assert_eq!(app.message.as_deref(), Some("next deal: extreme"));
    // The screen above the status line.
    let panel = |app: &App| screen(app, now, 80, 24)[..22].join("\n");
    assert!(panel(&app).contains("9x9 extreme"), "{}", panel(&app));
    // On a 10x10, extreme is out of reach (no forcing chains there): what
    // will be dealt is named, and why, wherever the next deal is.
    chars(&mut app, "z", now);
    assert_eq!(
        app.message.as_deref(),
        Some("next deal: 10x10 expert (extreme is for 9x9 and smaller)")
    );
    let shown = panel(&app);
    assert!(
        shown.contains("10x10 expert") && !shown.contains("extreme"),
        "{shown}"
    );
    let resumed = app.resumed_message(true);
    assert!(resumed.ends_with("deals a new expert 10x10)"), "{resumed}");
    // The choice is kept: back on 9x9 it deals extreme again.
    chars(&mut app, "Z", now);
    assert_eq!(app.message.as_deref(), Some("next deal: 9x9"));
    assert!(panel(&app).contains("9x9 extreme"), "{}", panel(&app));
}

#[test]
fn a_finished_search_offers_what_comes_next_not_pause_and_step() {
    let now = Instant::now();
    let mut app = app(now);
    app.enter_watch(now);
    let keys = |app: &App| screen(app, now, 80, 24)[23].clone();
    let running = keys(&app);
    assert!(
        running.contains("Space pause") && running.contains(". step"),
        "{running}"
    );
    app.act(Action::WatchFinish, now);
    app.watch_mut().expect("the solver view").run_to_end();
    let finished = keys(&app);
    for gone in ["pause", "resume", "step", "faster", "slower"] {
        assert!(!finished.contains(gone), "{gone}: {finished}");
    }
    for offered in ["s strategy", "g new", "a back", "? help", "q quit"] {
        assert!(finished.contains(offered), "{offered}: {finished}");
    }
}

#[test]
fn the_solver_views_help_in_doku_watch_promises_no_save() {
    let now = Instant::now();
    let help = |keeps_no_game: bool| {
        let mut app = app(now);
        if keeps_no_game {
            app.keep_no_game();
        }
        app.enter_watch(now);
        press(&mut app, KeyCode::Char('?'), now);
        screen(&app, now, 80, 24).join("\n")
    };
    let watching = help(true);
    assert!(
        watching.contains("quit (doku watch saves no game)"),
        "{watching}"
    );
    assert!(!watching.contains("saved first"), "{watching}");
    // Nor the game played from there (a, from the solver view).
    let game_help = {
        let mut app = app(now);
        app.keep_no_game();
        press(&mut app, KeyCode::Char('?'), now);
        screen(&app, now, 80, 24).join("\n")
    };
    assert!(
        game_help.contains("quit (doku watch saves no game)"),
        "{game_help}"
    );
    assert!(!game_help.contains("saved first"), "{game_help}");
    // From a game, quitting saves it.
    assert!(help(false).contains("quit (the game is saved first)"));
}

#[test]
fn restart_says_what_it_did_and_which_key_undoes_it() {
    // `r` used to clear the board without a word.
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "l5", now);
    chars(&mut app, "r", now);
    assert_eq!(value(&app, 0, 1), None);
    assert_eq!(
        app.message.as_deref(),
        Some("restarted: entries, notes, colours and clock cleared (u undoes it)")
    );
    chars(&mut app, "u", now);
    assert_eq!(value(&app, 0, 1), Some(5), "undo brings the entries back");
}

#[test]
fn the_panel_counts_the_digits_left_to_place_and_marks_a_digit_done() {
    let now = Instant::now();
    let mut app = app(now);
    let board = parse_puzzle(PUZZLE, ShapeHint::Infer).expect("puzzle");
    let solution = board.solution().expect("a solution");
    // Every 5 of the solution placed: 5 is done.
    for cell in board.shape().cells() {
        let five = solution.get(cell).filter(|d| d.get() == 5);
        if let (Some(five), None) = (five, board.get(cell)) {
            app.game
                .set_cursor(board.shape().row(cell), board.shape().col(cell));
            app.game.enter(five.get(), now);
        }
    }
    let left = view::digits_left(&app.game);
    let ones = board
        .shape()
        .cells()
        .filter(|&c| board.get(c).map(|d| d.get()) == Some(1))
        .count();
    assert!(left.starts_with(&format!("left 1:{} ", 9 - ones)), "{left}");
    assert!(left.contains(" 5✓ "), "{left}");
    // A second 1 in a row that has one: one too many.
    let mut crowded = Game::new(Board::empty(Shape::CLASSIC), None, now);
    for col in 0..9 {
        crowded.set_cursor(0, col);
        crowded.enter(1, now);
    }
    crowded.set_cursor(1, 0);
    crowded.enter(1, now);
    assert!(view::digits_left(&crowded).starts_with("left 1:+1 2:9 "));
}

#[test]
fn an_unreadable_preferences_file_is_reported_beside_the_resumed_game_and_never_written_over() {
    use crate::storage::{prefs, LoadError, StateDir};
    let tmp = tempfile::tempdir().expect("a temporary directory");
    let dir = StateDir::new(tmp.path().join("doku"));
    std::fs::create_dir_all(dir.prefs_file().parent().expect("a folder")).expect("folder");
    std::fs::write(dir.prefs_file(), "{ damaged").expect("written");
    let now = Instant::now();
    // Moved aside: said beside the resumed game's message, not instead.
    let moved = prefs::load(&dir).expect_err("a damaged file");
    assert!(moved.was_moved_aside(), "{moved}");
    let mut first = app(now);
    first.preferences_unreadable(&moved);
    first.show_opening_message(Some("resumed your saved game (g deals a new one)".into()));
    let message = first.message.clone().unwrap_or_default();
    assert!(message.starts_with("resumed your saved game"), "{message}");
    assert!(
        message.contains("preferences unreadable: kept aside as .corrupt"),
        "{message}"
    );
    // Not moved (say it could not be read at all): a choice made this run
    // must not write over it.
    std::fs::write(dir.prefs_file(), "{ damaged").expect("written");
    let left = LoadError::Io {
        path: dir.prefs_file(),
        what: "preferences file",
        source: std::io::Error::from(std::io::ErrorKind::PermissionDenied),
    };
    let mut second = app(now);
    second.set_persistence(Persistence::open_in(Ok(dir.clone()), true, now).persistence);
    second.preferences_unreadable(&left);
    second.show_opening_message(None);
    let message = second.message.clone().unwrap_or_default();
    assert!(message.contains("left as it is"), "{message}");
    second.act(Action::NextTheme, now);
    assert_eq!(
        std::fs::read_to_string(dir.prefs_file()).expect("still there"),
        "{ damaged"
    );
    let message = second.message.clone().unwrap_or_default();
    assert!(message.contains("choice not remembered"), "{message}");
}

#[test]
fn the_copy_key_sends_the_puzzle_line_with_osc_52_once_and_says_so() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "l5", now); // an entry: the copy is the puzzle, not the game
    assert!(app.take_terminal_requests().is_empty());
    chars(&mut app, "Y", now);
    let line = PUZZLE.replace('0', ".");
    let encoded = "Mi4zNjEuLi4uNTguLi43Li4uNC4uLjguLjIuOC4yLi4uLi43Li4uMy41Li4uNi4uLi4uNC4yLjQuLjcuLi44Li4uNC4uLjcxLi4uLjYxNS40";
    // The line doku reads back, base64 in ESC ] 52 ; c ; ... BEL.
    assert_eq!(
        app.take_terminal_requests(),
        super::share::osc52(&line),
        "{line}"
    );
    assert_eq!(
        super::share::osc52(&line),
        format!("\x1b]52;c;{encoded}\x07").into_bytes(),
    );
    assert!(app.take_terminal_requests().is_empty(), "sent once");
    let message = app.message.clone().unwrap_or_default();
    assert!(
        message.contains("copied") && message.contains("set-clipboard on"),
        "{message}"
    );
    assert_eq!(value(&app, 0, 1), Some(5), "the game is left as it was");
}

#[test]
fn the_colour_keys_mark_the_cell_say_so_and_undo() {
    let now = Instant::now();
    let mut app = app(now);
    chars(&mut app, "l", now);
    chars(&mut app, "o", now);
    let here = app.game.cursor();
    assert_eq!(app.game.colour(here), Some(1));
    assert_eq!(
        app.message.as_deref(),
        Some("colour 1 of 6 ● (o: the next)")
    );
    chars(&mut app, "ooooo", now);
    assert_eq!(app.message.as_deref(), Some("colour 6 of 6 ✚ (o: none)"));
    chars(&mut app, "o", now);
    assert_eq!(app.game.colour(here), None);
    assert_eq!(app.message.as_deref(), Some("colour taken off"));
    chars(&mut app, "u", now);
    assert_eq!(app.game.colour(here), Some(6));
    // O takes every colour off, in one step u brings back.
    chars(&mut app, "jo", now);
    chars(&mut app, "O", now);
    assert!(!app.game.has_colours());
    assert_eq!(
        app.message.as_deref(),
        Some("every colour taken off (u undoes it)")
    );
    chars(&mut app, "u", now);
    assert_eq!(app.game.colour(here), Some(6));
    // Notes mode and a held digit are the digits' business, not colours'.
    chars(&mut app, "n", now);
    chars(&mut app, "jo", now);
    assert_eq!(app.game.colour(app.game.cursor()), Some(1));
    assert!(app.game.notes(app.game.cursor()).is_empty());
}

#[test]
fn on_25x25_o_is_a_digit_and_ctrl_o_colours() {
    let big = crate::engine::Board::empty(crate::engine::Shape::sudoku(25).expect("25x25"));
    let now = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let game = Game::new(big, None, now);
    let mut app = App::new(&Config::built_in(), themes, theme, game, 42);
    // Room for the board: keys on it wait for it to show.
    app.handle_event(Event::Resize(120, 40), now);
    chars(&mut app, "o", now);
    assert_eq!(value(&app, 0, 0), Some(24), "o is the digit 24 there");
    assert!(!app.game.has_colours());
    let key = |code, modifiers| Event::Key(KeyEvent::new(code, modifiers));
    app.handle_event(key(KeyCode::Char('o'), KeyModifiers::CONTROL), now);
    assert_eq!(app.game.colour(app.game.cursor()), Some(1));
    assert_eq!(
        app.message.as_deref(),
        Some("colour 1 of 6 ● (Ctrl-o: the next)")
    );
    app.handle_event(key(KeyCode::Char('o'), KeyModifiers::ALT), now);
    assert!(!app.game.has_colours());
    // The help names only the keys that work there.
    chars(&mut app, "?", now);
    let help = screen(&app, now, 120, 40).join("\n");
    assert!(help.contains("Ctrl-o Alt-o"), "{help}");
    assert!(!help.contains("o Ctrl-o"), "{help}");
}

#[test]
fn the_copy_key_twice_copies_the_game_and_a_paste_of_it_plays_on_from_there() {
    use crate::engine::format::{write_game, write_line};
    let now = Instant::now();
    let mut app = app(now);
    // An entry at r1c2, notes at r1c6 (two pencil marks).
    chars(&mut app, "l5lllln12", now);
    chars(&mut app, "Y", now);
    let said = app.message.clone().unwrap_or_default();
    assert!(said.contains("puzzle copied; Y again"), "{said}");
    assert_eq!(
        app.take_terminal_requests(),
        super::share::osc52(&write_line(app.game.givens()))
    );
    chars(&mut app, "Y", now);
    let said = app.message.clone().unwrap_or_default();
    assert!(
        said.contains("game copied as an f-puzzles link: 1 entry, notes"),
        "{said}"
    );
    let (text, _) = write_game(&app.game.played());
    assert_eq!(app.take_terminal_requests(), super::share::osc52(&text));
    // Not twice in a row: the puzzle again.
    chars(&mut app, "Y", now);
    assert!(app
        .message
        .clone()
        .unwrap_or_default()
        .contains("puzzle copied"));
    chars(&mut app, "hY", now);
    assert!(app
        .message
        .clone()
        .unwrap_or_default()
        .contains("puzzle copied"));

    // The copied game pasted into a fresh app: asked, then played on.
    let played = app.game.played();
    let mut other = app_with(&Config::built_in(), now);
    other.handle_event(Event::Paste(text), now);
    let asked = other.message.clone().unwrap_or_default();
    assert!(
        asked.contains("play the pasted 9x9 game") && asked.contains("1 entry, notes"),
        "{asked}"
    );
    chars(&mut other, "y", now);
    assert_eq!(other.game.played(), played);
    assert_eq!(value(&other, 0, 1), Some(5));
    assert!(!other.game.is_given(other.game.shape().cell(0, 1)));
}

#[test]
fn ctrl_z_asks_to_suspend_from_every_screen_and_the_time_away_is_not_counted() {
    let start = Instant::now();
    let at = |seconds: u64| start + Duration::from_secs(seconds);
    let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    let mut app = app(start);
    app.handle_event(ctrl_z.clone(), at(1));
    assert!(app.take_suspend_request());
    assert!(!app.take_suspend_request(), "asked once");
    app.suspending(at(10));
    assert!(!app.game.clock_running(), "stopped while away");
    app.resumed(true, at(70));
    assert_eq!(app.game.elapsed(at(75)), Duration::from_secs(15));
    assert_eq!(app.message, None);
    // From the help, pause and the solver view too, which stay as they were.
    for (key, screen) in [
        ('?', Screen::Help),
        ('p', Screen::Paused),
        ('a', Screen::Watching),
    ] {
        let mut app = self::app(start);
        chars(&mut app, &key.to_string(), at(1));
        assert_eq!(app.screen(), screen);
        app.handle_event(ctrl_z.clone(), at(2));
        assert!(app.take_suspend_request(), "from {screen:?}");
        assert_eq!(app.screen(), screen);
        // A clock already stopped by the screen stays stopped after.
        app.suspending(at(3));
        app.resumed(true, at(4));
        assert!(!app.game.clock_running(), "{screen:?}");
    }
}

#[test]
fn a_suspend_that_cannot_happen_says_why_and_the_clock_goes_on() {
    let start = Instant::now();
    let mut app = app(start);
    app.suspend_refused();
    let said = app.message.clone().unwrap_or_default();
    assert!(
        said.contains("only in a local terminal") && said.contains("q quits"),
        "{said}"
    );
    assert!(app.game.clock_running());
    // Stopped and continued at once: the shell has no job control.
    app.suspending(start);
    app.resumed(false, start + Duration::from_secs(1));
    let said = app.message.clone().unwrap_or_default();
    assert!(said.contains("no job control"), "{said}");
    assert!(app.game.clock_running());
}

/// A move key rebound to another action (`undo = "h"`): the help listed
/// "k/j/-/l"; it lists the keys still bound and their directions.
#[test]
fn the_help_names_the_moves_left_when_a_move_key_is_rebound() {
    let now = Instant::now();
    let mut config = Config::built_in();
    let h = crate::keymap::KeySpec::parse("h").expect("a key");
    let bindings = config
        .keymap
        .bindings()
        .iter()
        .map(|&b| match b.key == h {
            true => crate::keymap::Binding {
                key: h,
                action: Action::Undo,
            },
            false => b,
        })
        .collect();
    config.keymap = Keymap::new(bindings).expect("a keymap");
    let mut app = app_with(&config, now);
    app.screen = Screen::Help;
    let help = screen(&app, now, 80, 24).join("\n");
    assert!(
        help.contains("k/j/l  move the cursor up/down/right"),
        "{help}"
    );
    assert!(!help.contains("/-"), "{help}");
    assert!(
        help.contains("Up/Down/Left/Right  move the cursor (or click"),
        "{help}"
    );
}

/// The first deal of a big board can take seconds: the clock stood at
/// the placeholder's time, running, while "dealing" showed.
#[test]
fn the_clock_stands_still_while_the_first_deal_runs_and_starts_with_the_game() {
    let start = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default").clone();
    let mut app = App::dealing(&Config::built_in(), themes, theme, 42);
    assert!(app.awaiting_first_deal());
    assert!(!app.game.clock_running());
    app.hold_clock_while_hidden(start);
    assert_eq!(
        app.game.elapsed(start + Duration::from_secs(30)),
        Duration::ZERO
    );
    app.finish_deal();
    assert!(!app.awaiting_first_deal());
    assert!(app.game.clock_running(), "the dealt game's clock runs");
}
