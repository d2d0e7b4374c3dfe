//! The puzzle editor and the questions drawn at 80x24 into a `TestBackend`:
//! what the player reads, and the conflict style on clashing givens.

use doku::app::{App, AppView, Screen};
use doku::config::Config;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::grader::Difficulty;
use doku::game::Game;
use doku::theme::{ColorDepth, Themes};
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::Terminal;
use std::time::Instant;

mod common;
use common::panel_text;

const PUZZLE: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";

fn app(now: Instant) -> App {
    let board = parse_puzzle(PUZZLE, ShapeHint::Infer).expect("puzzle");
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default theme").clone();
    let game = Game::new(board, Some(Difficulty::Medium), now);
    App::new(&Config::built_in(), themes, theme, game, 1)
}

fn keys(app: &mut App, keys: &str, now: Instant) {
    for ch in keys.chars() {
        let key = KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE);
        app.handle_event(Event::Key(key), now);
    }
}

fn draw(app: &App, now: Instant) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(AppView { app, now }, frame.area()))
        .expect("draws");
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            out.push_str(buf[(x, y)].symbol());
        }
        out.push('\n');
    }
    out
}

/// Where `symbol` is drawn in the first board row (the row under `┏`).
fn first_row_cells(buf: &Buffer, symbol: &str) -> Vec<(u16, u16)> {
    let top = (0..buf.area.height)
        .find(|&y| (0..buf.area.width).any(|x| buf[(x, y)].symbol() == "┏"))
        .expect("a board");
    (0..buf.area.width)
        .filter(|&x| buf[(x, top + 1)].symbol() == symbol)
        .map(|x| (x, top + 1))
        .collect()
}

#[test]
fn the_editor_at_80x24_names_the_clash_and_draws_it_in_the_conflict_style() {
    let now = Instant::now();
    let mut app = app(now);
    // The cursor moves on after each digit: 5, 3, 5 along row 1.
    keys(&mut app, "e535", now);
    assert_eq!(app.screen(), Screen::Editing);
    let buf = draw(&app, now);
    let screen = text(&buf);
    for expected in [
        "your puzzle",
        "9x9 · editor · 3 givens · no solution",
        "Enter play",
        "Esc leave",
    ] {
        assert!(screen.contains(expected), "{expected:?} missing:\n{screen}");
    }
    // The panel is narrow at 80x24: its sentences may wrap, read whole.
    let panel = panel_text(&screen);
    for expected in [
        "givens: 3",
        "no solution r1c1 and r1c3 both hold 5 in row 1",
        "Enter play the puzzle a watch the solver",
    ] {
        assert!(panel.contains(expected), "{expected:?} missing:\n{screen}");
    }
    let conflict = app.theme().conflict();
    let fives = first_row_cells(&buf, "5");
    assert_eq!(fives.len(), 2, "{screen}");
    for cell in fives {
        assert_eq!(
            buf[cell].fg,
            conflict.fg.expect("conflict colour"),
            "{screen}"
        );
        // Marked without colour too: the `!` after the digit.
        assert_eq!(buf[(cell.0 + 1, cell.1)].symbol(), "!", "{screen}");
    }
    let three = first_row_cells(&buf, "3")[0];
    assert_ne!(buf[three].fg, conflict.fg.expect("conflict colour"));
}

#[test]
fn a_question_takes_the_whole_status_line_and_names_its_keys() {
    let now = Instant::now();
    let mut app = app(now);
    keys(&mut app, "l9g", now);
    let screen = text(&draw(&app, now));
    let lines: Vec<&str> = screen.lines().collect();
    let status = lines[lines.len() - 2].trim();
    let hints = lines[lines.len() - 1].trim();
    assert_eq!(
        status, "deal a new puzzle (this game then counts as abandoned)?",
        "{screen}"
    );
    assert_eq!(hints, "y yes  any other key no", "{screen}");
}

#[test]
fn a_command_bound_only_to_a_letter_says_so_in_the_help_of_a_big_board() {
    use doku::engine::{Board, Shape};
    use doku::keymap::{Action, Keymap};
    let now = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default theme").clone();
    let shape = Shape::sudoku(16).expect("16x16");
    let game = Game::new(Board::empty(shape), None, now);
    let mut app = App::new(&Config::built_in(), themes, theme, game, 1);
    // A config that binds the new deal to g alone: g is the digit 16 here.
    let only_g: Vec<_> = app
        .keymap
        .bindings()
        .iter()
        .copied()
        .filter(|b| b.action != Action::NewGame || b.key.to_string() == "g")
        .collect();
    app.keymap = Keymap::new(only_g).expect("a keymap");
    keys(&mut app, "?", now);
    let mut terminal = Terminal::new(TestBackend::new(100, 40)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(AppView { app: &app, now }, frame.area()))
        .expect("draws");
    let screen = text(terminal.backend().buffer());
    assert!(
        screen.contains("deal a new puzzle: no key on this board"),
        "{screen}"
    );
}
