//! Whole screens drawn into a `TestBackend`, compared with the text in
//! `tests/snapshots/`, and the styles of the cells that carry meaning.
//!
//! A changed screen fails the test and leaves the new text in
//! `target/snapshots/NAME.txt` to compare; copy it over by hand only when the
//! change is intended.

use doku::app::{App, AppView, Mode};
use doku::config::Config;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::grader::Difficulty;
use doku::engine::{Board, Shape};
use doku::game::Game;
use doku::keymap::{Action, Mode as KeyMode};
use doku::theme::{ColorDepth, Theme, Themes};
use doku::watch::WatchStrategy;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::path::PathBuf;
use std::time::{Duration, Instant};

const PUZZLE_9: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
const PUZZLE_4: &str = "4010000430422401";

mod common;

/// The 16x16 the snapshots show: the first of the shared Gecode set, or
/// `None` (the snapshot test is skipped) when the shared sets are absent.
fn puzzle_16(skipped: &str) -> Option<String> {
    common::shared_data("16x16_gecode_janko55.txt", skipped).map(|lines| lines[0].clone())
}

fn board(text: &str) -> Board {
    parse_puzzle(text, ShapeHint::Infer).expect("test puzzle parses")
}

fn themes() -> Themes {
    Themes::built_in(ColorDepth::TrueColor)
}

fn theme(name: &str) -> Theme {
    themes().get(name).expect("built-in theme").clone()
}

fn app_with(puzzle: &str, theme_name: &str, now: Instant) -> App {
    let game = Game::new(board(puzzle), Some(Difficulty::Medium), now);
    App::new(&Config::built_in(), themes(), theme(theme_name), game, 1)
}

fn draw(app: &App, now: Instant, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(AppView { app, now }, frame.area()))
        .expect("draws");
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let area = buf.area;
    let mut out = String::new();
    for y in 0..area.height {
        let mut line = String::new();
        for x in 0..area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn check(name: &str, buf: &Buffer) {
    let actual = text(buf);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/snapshots");
    let expected = std::fs::read_to_string(dir.join(format!("{name}.txt"))).unwrap_or_default();
    if actual != expected {
        let out = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/snapshots");
        let _ = std::fs::create_dir_all(&out);
        let _ = std::fs::write(out.join(format!("{name}.txt")), &actual);
        panic!(
            "screen {name} changed (new text in target/snapshots/{name}.txt):\n{actual}\n--- expected ---\n{expected}"
        );
    }
}

/// A game with an entry, a conflict, notes and a moved cursor, drawn at a size.
fn playing(puzzle: &str, width: u16, height: u16) -> Buffer {
    let now = Instant::now();
    let mut app = app_with(puzzle, "default", now);
    let n = app.game.shape().size();
    // A note in the first empty cell, an entry in the next, and a conflict:
    // the top-left given's digit entered in the last empty cell of its row.
    let empties: Vec<_> = (0..n)
        .filter(|&c| app.game.value(app.game.shape().cell(0, c)).is_none())
        .collect();
    let given = app
        .game
        .value(app.game.shape().cell(0, 0))
        .expect("a given top-left");
    app.game.set_cursor(0, empties[0]);
    app.game.toggle_note(1, now);
    app.game.toggle_note(n as u8, now);
    app.game.set_cursor(0, empties[1]);
    app.game.enter(given.get(), now);
    app.game.set_cursor(1, 1);
    draw(&app, now + Duration::from_secs(65), width, height)
}

#[test]
fn board_4x4_at_80x24() {
    check("4x4_80x24", &playing(PUZZLE_4, 80, 24));
}

#[test]
fn a_4x4_digit_sits_on_the_middle_row_of_its_cell() {
    let buf = playing(PUZZLE_4, 80, 24);
    let area = buf.area;
    let (x0, y0) = (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .find(|&(x, y)| buf[(x, y)].symbol() == "┏")
        .expect("a board on screen");
    // r1c1 holds the given 4: the cell's rows run from under the top line
    // to the next grid line, and the digit is on the one in the middle.
    let column = x0 + 3;
    let rows: Vec<u16> = (y0 + 1..area.height)
        .take_while(|&y| !["┠", "┣", "─", "━"].contains(&buf[(column, y)].symbol()))
        .collect();
    let digit_rows: Vec<u16> = rows
        .iter()
        .copied()
        .filter(|&y| buf[(column, y)].symbol() == "4")
        .collect();
    assert_eq!(rows.len() % 2, 1, "an odd number of rows: {rows:?}");
    assert_eq!(digit_rows, vec![rows[rows.len() / 2]], "{}", text(&buf));
}

#[test]
fn board_4x4_at_120x40() {
    check("4x4_120x40", &playing(PUZZLE_4, 120, 40));
}

#[test]
fn board_9x9_at_80x24() {
    check("9x9_80x24", &playing(PUZZLE_9, 80, 24));
}

#[test]
fn board_9x9_at_120x40() {
    check("9x9_120x40", &playing(PUZZLE_9, 120, 40));
}

#[test]
fn board_16x16_at_80x24() {
    if let Some(puzzle) = puzzle_16("the 16x16 snapshot at 80x24") {
        check("16x16_80x24", &playing(&puzzle, 80, 24));
    }
}

#[test]
fn board_16x16_at_120x40() {
    if let Some(puzzle) = puzzle_16("the 16x16 snapshot at 120x40") {
        check("16x16_120x40", &playing(&puzzle, 120, 40));
    }
}

#[test]
fn empty_25x25_at_120x40() {
    let now = Instant::now();
    let shape = Shape::sudoku(25).expect("25x25");
    let game = Game::new(Board::empty(shape), None, now);
    let app = App::new(&Config::built_in(), themes(), theme("default"), game, 1);
    check("25x25_120x40", &draw(&app, now, 120, 40));
}

#[test]
fn help_screen_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.mode = Mode::Help;
    check("help_80x24", &draw(&app, now, 80, 24));
}

/// Every key of `actions` (from the keymap in force) is on the screen, and
/// the help's frame is whole: nothing is cut off.
fn assert_help_shows_keys(screen: &str, app: &App, actions: &[Action], title: &str) {
    let top = screen.lines().position(|l| l.contains(title));
    let bottom = screen.lines().position(|l| l.contains("└ any key closes"));
    assert!(
        top.is_some() && bottom > top,
        "the help's frame is whole:\n{screen}"
    );
    for &action in actions {
        let keys = app.keymap.keys_for(action).join(" ");
        assert!(
            screen
                .lines()
                .any(|l| l.contains(&format!("│ {keys}  ")) || l.contains(&format!(" {keys}  "))),
            "{} ({keys}) is in the help:\n{screen}",
            action.config_name()
        );
    }
}

#[test]
fn the_help_lists_every_play_key_whole_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.mode = Mode::Help;
    let screen = text(&draw(&app, now, 80, 24));
    let moves = [
        Action::MoveUp,
        Action::MoveDown,
        Action::MoveLeft,
        Action::MoveRight,
    ];
    let play: Vec<Action> = Action::BINDABLE
        .iter()
        .copied()
        .filter(|a| a.scope().covers(KeyMode::Play) && !moves.contains(a))
        .collect();
    assert_help_shows_keys(&screen, &app, &play, "┌ keys ");
    assert!(screen.contains("Up/Down/Left/Right"), "{screen}");
}

#[test]
fn help_in_the_solver_view_lists_its_keys_whole_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.handle_key(KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE), now);
    app.handle_key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE), now);
    assert_eq!(app.mode, Mode::WatchHelp);
    let buf = draw(&app, now, 80, 24);
    check("watch_help_80x24", &buf);
    let screen = text(&buf);
    let watch: Vec<Action> = Action::BINDABLE
        .iter()
        .copied()
        .filter(|a| a.scope().covers(KeyMode::Watch))
        .collect();
    assert!(watch.contains(&Action::WatchSwitchStart) && watch.contains(&Action::Quit));
    assert_help_shows_keys(&screen, &app, &watch, "┌ solver view keys ");
    // The board's own keys do not work there, so they are not listed.
    assert!(!screen.contains("undo"), "{screen}");
}

#[test]
fn the_solver_panel_labels_the_measured_speed_and_keeps_it_inside_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.handle_key(KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE), now);
    let Some(watch) = app.watch.as_mut() else {
        panic!("the solver view is open");
    };
    // Naive takes thousands of steps here: still searching after a second.
    watch.set_strategy(WatchStrategy::Naive);
    watch.set_speed(5000.0);
    for _ in 0..20 {
        watch.tick(Duration::from_millis(50));
    }
    assert_eq!(watch.outcome(), None);
    let measured = watch.steps_per_second().round() as u64;
    assert!(measured > 999, "a four-digit rate: {measured}");
    let screen = text(&draw(&app, now, 80, 24));
    let row = |label: &str| {
        screen
            .lines()
            .find(|l| l.contains(&format!("│{label} ")))
            .unwrap_or_else(|| panic!("a {label} row:\n{screen}"))
            .to_string()
    };
    let grouped = doku::ui::watch_view::grouped;
    assert!(row("speed").contains("│speed      5,000/s "), "{screen}");
    let expected = format!("│measured   {}/s ", grouped(measured));
    assert!(row("measured").contains(&expected), "{expected}:\n{screen}");
    // Both end inside the panel, at its right border.
    let right = screen
        .lines()
        .find(|l| l.contains("┌ solver "))
        .map(|l| l.chars().count());
    for label in ["speed", "measured"] {
        assert_eq!(Some(row(label).chars().count()), right, "{screen}");
    }
    // Too narrow for the panel: the one-line summary labels it too, and
    // drops it rather than be cut where it does not fit.
    let summary = |width: u16| {
        let screen = text(&draw(&app, now, width, 24));
        screen
            .lines()
            .find(|l| l.contains("naive ·"))
            .map(|l| l.trim().to_string())
            .unwrap_or_else(|| panic!("a summary line:\n{screen}"))
    };
    let watch = app.watch.as_ref().expect("the solver view is open");
    let wide = doku::ui::watch_view::summary_text(watch, 200);
    assert!(
        wide.ends_with(&format!("5,000/s (measured {}/s)", grouped(measured))),
        "{wide}"
    );
    let narrow = summary(44);
    assert!(
        narrow.starts_with("naive ·") && narrow.chars().count() <= 44,
        "{narrow}"
    );
    assert!(!narrow.contains("measured"), "{narrow}");
}

#[test]
fn paused_screen_hides_the_board() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.mode = Mode::Paused;
    let buf = draw(&app, now, 80, 24);
    check("paused_80x24", &buf);
    assert!(!text(&buf).contains('┏'), "no board while paused");
}

#[test]
fn too_small_says_how_large_it_must_be() {
    let now = Instant::now();
    let app = app_with(PUZZLE_9, "default", now);
    let buf = draw(&app, now, 20, 10);
    check("too_small_20x10", &buf);
    let screen = text(&buf);
    assert!(screen.contains("9x9 needs 22x15"), "{screen}");
    assert!(screen.contains("now 20x10"), "{screen}");
}

#[test]
fn a_board_dealt_too_large_for_80x24_says_which_keys_lead_back() {
    // A 25x25 deal at 80x24 used to leave only "Terminal too small" on the
    // screen, with no status line to say that z and g still work.
    let puzzle = common::generated_puzzle(25).puzzle;
    let now = Instant::now();
    let mut app = app_with(&puzzle, "default", now);
    app.next_size = 25;
    let screen = text(&draw(&app, now, 80, 24));
    assert!(screen.contains("25x25 needs 56x33"), "{screen}");
    assert!(screen.contains("z size  g new  q quit"), "{screen}");
    assert!(!screen.contains("next deal"), "{screen}");
    // After z, the size the next deal will have.
    app.next_size = 9;
    let screen = text(&draw(&app, now, 80, 24));
    assert!(screen.contains("z size  g new  q quit"), "{screen}");
    assert!(screen.contains("next deal: 9x9"), "{screen}");
}

#[test]
fn a_narrow_too_small_message_still_shows_the_size_needed() {
    let now = Instant::now();
    let app = app_with(PUZZLE_9, "default", now);
    // Every line wraps here; the size needed must still be on screen.
    let screen = text(&draw(&app, now, 10, 5));
    assert!(screen.contains("22x15"), "{screen}");
}

#[test]
fn no_size_down_to_1x1_panics() {
    let now = Instant::now();
    // A 5x5 Latin square (no boxes) too.
    let latin = "1204523051305124502351204".to_string();
    for puzzle in [
        PUZZLE_4.to_string(),
        PUZZLE_9.to_string(),
        common::generated_puzzle(16).puzzle,
        latin,
    ] {
        let mut app = app_with(&puzzle, "default", now);
        for mode in [
            Mode::Playing,
            Mode::Help,
            Mode::Paused,
            Mode::Watching,
            Mode::WatchHelp,
        ] {
            app.mode = mode;
            for width in (1..=60).step_by(7).chain([1, 2, 80]) {
                for height in (1..=30).step_by(3).chain([1, 2, 24]) {
                    draw(&app, now, width, height);
                }
            }
        }
    }
}

/// The screen position of a board cell's digit: found by drawing the board
/// and locating the digit column and row through the grid lines.
fn digit_position(buf: &Buffer, row: usize, col: usize) -> (u16, u16) {
    // The board's top-left corner is the first '┏'.
    let area = buf.area;
    let (x0, y0) = (0..area.height)
        .flat_map(|y| (0..area.width).map(move |x| (x, y)))
        .find(|&(x, y)| buf[(x, y)].symbol() == "┏")
        .expect("a board on screen");
    // Lined 9x9 layout: cells of 3 columns between single-column lines.
    (x0 + 2 + 4 * col as u16, y0 + 1 + 2 * row as u16)
}

#[test]
fn given_entry_conflict_and_cursor_carry_their_theme_styles() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    let theme = theme("default");
    // r2c3 gets an entry (1), r1c2 a conflicting 2 (r1c1 holds the given 2).
    app.game.set_cursor(1, 2);
    app.game.enter(1, now);
    app.game.set_cursor(0, 1);
    app.game.enter(2, now);
    app.game.set_cursor(4, 4);
    let buf = draw(&app, now, 80, 24);

    let given = &buf[digit_position(&buf, 4, 3)]; // r5c4 holds the given 3
    assert_eq!(given.symbol(), "3");
    assert_eq!(given.fg, theme.given().fg.expect("given colour"));
    assert!(given.modifier.contains(Modifier::BOLD));

    let entry = &buf[digit_position(&buf, 1, 2)];
    assert_eq!(entry.symbol(), "1");
    assert_eq!(entry.fg, theme.entry().fg.expect("entry colour"));
    assert_ne!(entry.fg, given.fg);

    for (r, c) in [(0, 0), (0, 1)] {
        let cell = &buf[digit_position(&buf, r, c)];
        assert_eq!(cell.symbol(), "2");
        assert_eq!(
            cell.fg,
            theme.conflict().fg.expect("conflict colour"),
            "r{}c{}",
            r + 1,
            c + 1
        );
    }

    let cursor = &buf[digit_position(&buf, 4, 4)];
    assert!(cursor.modifier.contains(Modifier::REVERSED));
    assert_eq!(cursor.fg, theme.cursor().fg.expect("cursor colour"));
}

#[test]
fn boxes_are_shaded_in_a_checkerboard() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.game.set_cursor(8, 8);
    let theme = theme("default");
    let buf = draw(&app, now, 80, 24);
    // r4c1 is in box 4 (odd), r1c4 in box 2 (odd), r4c4 in box 5 (even).
    let bg = |r, c| buf[digit_position(&buf, r, c)].bg;
    assert_eq!(bg(3, 0), theme.box_shade(false).bg.expect("odd shade"));
    assert_eq!(bg(0, 3), theme.box_shade(false).bg.expect("odd shade"));
    assert_eq!(bg(3, 3), theme.box_shade(true).bg.expect("even shade"));
    assert_ne!(bg(3, 3), bg(3, 0));
}

#[test]
fn mono_uses_no_colour_and_still_marks_cursor_and_conflict() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "mono", now);
    app.game.set_cursor(0, 1);
    app.game.enter(2, now);
    app.game.set_cursor(4, 4);
    app.mode = Mode::Playing;
    for (width, height) in [(80, 24), (120, 40)] {
        let buf = draw(&app, now, width, height);
        for cell in buf.content() {
            assert!(matches!(cell.fg, Color::Reset), "fg {:?}", cell.fg);
            assert!(matches!(cell.bg, Color::Reset), "bg {:?}", cell.bg);
        }
    }
    let buf = draw(&app, now, 80, 24);
    assert!(buf[digit_position(&buf, 4, 4)]
        .modifier
        .contains(Modifier::REVERSED));
    let conflict = buf[digit_position(&buf, 0, 1)].modifier;
    let given = buf[digit_position(&buf, 4, 3)].modifier;
    assert_ne!(conflict, given, "a conflict looks different from a given");
}

#[test]
fn status_line_shows_size_difficulty_clock_mode_and_key_hints() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.game.toggle_notes_mode();
    let screen = text(&draw(&app, now + Duration::from_secs(125), 80, 24));
    let status: Vec<&str> = screen.lines().rev().take(2).collect();
    assert!(
        status[1].contains("9x9 · medium · 02:05 · notes"),
        "{}",
        status[1]
    );
    assert!(
        status[0].contains("u undo") && status[0].contains("? help"),
        "{}",
        status[0]
    );
}

#[test]
fn a_solved_board_stops_the_clock_and_says_time_and_hints() {
    let start = Instant::now();
    let solution =
        "293614785586237149417589623852146397974325816631798452145973268368452971729861534";
    let mut app = app_with(PUZZLE_9, "default", start);
    app.act(doku::keymap::Action::Hint, start);
    for (i, ch) in solution.chars().enumerate() {
        let (r, c) = (i / 9, i % 9);
        if app.game.value(app.game.shape().cell(r, c)).is_none() {
            app.game.set_cursor(r, c);
            let at = start + Duration::from_secs(200);
            app.act(doku::keymap::Action::Enter(ch as u8 - b'0'), at);
        }
    }
    assert!(app.game.is_solved());
    let later = start + Duration::from_secs(4000);
    let screen = text(&draw(&app, later, 80, 24));
    assert!(screen.contains("Solved!"), "{screen}");
    assert!(screen.contains("time 03:20"), "{screen}");
    assert!(screen.contains("1 hint used"), "{screen}");
    assert!(screen.contains("03:20 · solved"), "{screen}");
    // After the short celebration nothing moves: the loop may block.
    assert_eq!(app.next_wakeup(later), None);
}

#[test]
fn notes_go_to_the_side_panel_when_cells_are_one_line_high() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.game.set_cursor(0, 1);
    app.game.toggle_note(4, now);
    app.game.toggle_note(9, now);
    let small = text(&draw(&app, now, 80, 24));
    assert!(small.contains("notes 4 9"), "{small}");
    // At 120x40 the cells are tall enough: the notes are drawn inside.
    let large = text(&draw(&app, now, 120, 40));
    assert!(!large.contains("notes 4 9"), "{large}");
    // Notes sit in a little 3x3 grid: 4 starts the second line, 9 ends the third.
    assert!(
        large.lines().any(|l| l.contains("┃   2   │ 4     │")),
        "{large}"
    );
    assert!(
        large.lines().any(|l| l.contains("┃       │     9 │")),
        "{large}"
    );
}
