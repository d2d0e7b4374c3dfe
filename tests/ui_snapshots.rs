//! Whole screens drawn into a `TestBackend`, compared with insta snapshots
//! in `tests/snapshots/`, and the styles of the cells that carry meaning.
//!
//! A changed screen fails the test and leaves the new screen beside the old
//! as `.snap.new` (not under CI); review it, and accept it only when the
//! change is intended (`cargo insta review`, or `INSTA_UPDATE=always`).

use doku::app::{App, AppView, Screen};
use doku::config::Config;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::grader::Difficulty;
use doku::engine::SearchKind;
use doku::engine::{Board, Shape};
use doku::game::{Game, HintLevel};
use doku::keymap::{Action, KeyContext};
use doku::theme::{ColorDepth, Theme, Themes};
use doku::ui::ScreenLayout;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;
use std::time::{Duration, Instant};

const PUZZLE_9: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
const PUZZLE_4: &str = "4010000430422401";
/// The solution of the first puzzle of shared/data/25x25_gecode.txt.
const SOLVED_25: &str = "MJ2GB7E95K4OICHP6F31L8DNACEIN8HDM6OF21L3GAK59PJB47567FKACGILPEJBNO24D81M39HP49LO1JB238AD6M7ENHC5FIKGA1H3DP4F8N579KGIJBLMCE26OK9MJ728CE6NLAH4BFP13ODGI51F4P3KHIGABMO7C5DL2689JENGL6AHM95OF28PIDCKJNEB1734B28EINLD341J65FH9GO7MKCAPON5DCB1JP7K9G3EM8AI42LFH62HBMJEA6KG9I347L51FDNPO8C8AK94CFLDPG62N1EI3BOH7M5J7DL5POM41IEFB8J9NHC263AGKICO1F9B3N5AHKMP678GJE4L2DEG36N872JHCD5OLA4MPKIB91FNMJ426KEADL3CFI1B57G9OHP8DBP75LGOHM6K81AFCI9N42EJ39KE86F37C1HGNJO2PD4LAI5BMFOAC1IP849MBE25K36JH7GNDLH3GIL52NBJ7P4D98OEMAF6KC1JPDBMGNAFEO4H9231765KC8LI67F2AJIH9CD1LP8NGOKB354ME48NKE351MBIC7G6JL2AFDHPO9LICOG46K7835MABDH9EPJN1F2351H9DOPL2JNFEK4MC8IGA67B";

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

/// Types `keys` (the shipped keymap's), as a player would.
fn keys(app: &mut App, keys: &str, now: Instant) {
    for ch in keys.chars() {
        app.handle_key(KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE), now);
    }
}

/// Presses the first key that reaches `action` on the board on screen (on
/// 16x16 `a` is a digit, so the solver view is `Ctrl-w` there).
fn press_action(app: &mut App, action: Action, now: Instant) {
    let size = app.game.shape().size();
    let keys = app.keymap.keys_for_board(action, size);
    let spec = doku::keymap::KeySpec::parse(&keys[0]).expect("a key spec");
    app.handle_key(KeyEvent::new(spec.code, spec.modifiers), now);
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
    insta::assert_snapshot!(name, text(buf));
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
    keys(&mut app, "?", now);
    assert_eq!(app.screen(), Screen::Help);
    check("help_80x24", &draw(&app, now, 80, 24));
}

/// Every key of `actions` (from the keymap in force) is on the screen, and
/// the help's frame is whole: nothing is cut off.
/// The keys of the action listed on the same help line (z's Z).
fn reverse_keys(app: &App, action: Action) -> String {
    match action {
        Action::CycleSize => app.keymap.keys_for(Action::CycleSizeBack).join(" "),
        // u Ctrl-r: redo shares undo's line; E and Y the editor's.
        Action::Undo => app.keymap.keys_for(Action::Redo).join(" "),
        Action::Edit => [Action::EditPuzzle, Action::CopyPuzzle]
            .map(|a| app.keymap.keys_for(a).join(" "))
            .join(" "),
        Action::EditPuzzle => app.keymap.keys_for(Action::CopyPuzzle).join(" "),
        // n Tab y: digit-first entry shares the notes line.
        Action::ToggleNotes => app.keymap.keys_for(Action::PickDigit).join(" "),
        // o Ctrl-o O Alt-o: clearing the colours shares the colour key's line.
        Action::CycleColour => app.keymap.keys_for(Action::ClearColours).join(" "),
        // 0 Delete x Backspace: erasing back shares erase's line.
        Action::Erase => app.keymap.keys_for(Action::EraseBack).join(" "),
        _ => String::from("\u{0}"),
    }
}

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
                // "z Z  cycle ...": an action's keys may share a line with
                // its reverse.
                .any(|l| l.contains(&format!("│ {keys}  "))
                    || l.contains(&format!(" {keys}  "))
                    || l.contains(&format!(" {keys} {}  ", reverse_keys(app, action)))
                    // "z Z v": the variant key shares the size's line.
                    || l.contains(&format!(" {keys} {} v  ", reverse_keys(app, action)))
                    || (matches!(
                        action,
                        Action::CycleSize | Action::CycleSizeBack | Action::CycleVariant
                    ) && l.contains(" z Z v  "))
                    // "quit (...); Ctrl-z suspends": suspend is named in
                    // quit's words, so its keys column holds only quits.
                    || (action == Action::Suspend
                        && l.contains(" q Ctrl-c  ")
                        && l.contains(&format!(
                            " {} suspends",
                            app.keymap.keys_for(action).join(" or ")
                        )))),
            "{} ({keys}) is in the help:\n{screen}",
            action.config_name()
        );
    }
}

#[test]
fn the_help_lists_every_play_key_whole_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    keys(&mut app, "?", now);
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
        // Enter fixes the givens in the editor, and m and M draw its
        // cages: the editor's help and panel list them.
        .filter(|a| a.scope().covers(KeyContext::Play) && !moves.contains(a))
        .filter(|&a| {
            ![
                Action::PlayEdited,
                Action::SkipCell,
                Action::CageMark,
                Action::CageRemove,
            ]
            .contains(&a)
        })
        .collect();
    assert_help_shows_keys(&screen, &app, &play, "┌ keys ");
    assert!(screen.contains("Up/Down/Left/Right"), "{screen}");
}

#[test]
fn the_help_in_the_editor_lists_its_keys_the_cage_keys_among_them() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    keys(&mut app, "e?", now);
    assert_eq!(app.screen(), Screen::Help);
    let screen = text(&draw(&app, now, 80, 24));
    let editor = [
        Action::Erase,
        Action::EraseBack,
        Action::Undo,
        Action::Redo,
        Action::PlayEdited,
        Action::CageMark,
        Action::CageRemove,
        Action::ToggleWatch,
        Action::Back,
        Action::Quit,
    ];
    assert_help_shows_keys(&screen, &app, &editor, "┌ keys ");
    assert!(screen.contains("draw a killer cage"), "{screen}");
    // Keys the editor does not take are not offered.
    assert!(!screen.contains("hint:"), "{screen}");
    // Any key comes back to the editor.
    keys(&mut app, "x", now);
    assert_eq!(app.screen(), Screen::Editing);
}

#[test]
fn help_in_the_solver_view_lists_its_keys_whole_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.handle_key(KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE), now);
    app.handle_key(KeyEvent::new(KeyCode::Char('?'), KeyModifiers::NONE), now);
    assert_eq!(app.screen(), Screen::WatchHelp);
    let buf = draw(&app, now, 80, 24);
    check("watch_help_80x24", &buf);
    let screen = text(&buf);
    let watch: Vec<Action> = Action::BINDABLE
        .iter()
        .copied()
        .filter(|a| a.scope().covers(KeyContext::Watch))
        .collect();
    assert!(watch.contains(&Action::WatchSwitchStart) && watch.contains(&Action::Quit));
    assert_help_shows_keys(&screen, &app, &watch, "┌ solver view keys ");
    // The board's own keys do not work there, so they are not listed.
    assert!(!screen.contains("undo"), "{screen}");
}

#[test]
fn the_depth_chart_of_a_running_search_on_16x16_shows_the_depth_reached() {
    // Scaled to the board's empty cells (about 150 on a 16x16), a search a
    // dozen deep drew a blank chart while it ran.
    let now = Instant::now();
    let mut app = app_with(&common::generated_puzzle(16).puzzle, "default", now);
    press_action(&mut app, Action::ToggleWatch, now);
    let Some(watch) = app.watch_mut() else {
        panic!("the solver view is open");
    };
    // mrv, as the view opens: a few guesses deep among 150 empty cells.
    watch.set_strategy(SearchKind::Mrv);
    watch.set_speed(20.0);
    for _ in 0..400 {
        if watch.counters().max_depth > 0 {
            break;
        }
        watch.tick(Duration::from_millis(50));
    }
    assert_eq!(watch.outcome(), None, "still searching");
    let deepest = watch.counters().max_depth;
    assert!(deepest > 0, "a guess on the stack");
    for (width, height) in [(120, 40), (200, 60)] {
        let screen = text(&draw(&app, now, width, height));
        let lines: Vec<&str> = screen.lines().collect();
        let title = lines
            .iter()
            .position(|l| l.contains("depth over time"))
            .unwrap_or_else(|| panic!("a depth chart at {width}x{height}:\n{screen}"));
        let bars = lines[title + 1..=title + 2]
            .iter()
            .flat_map(|l| l.chars())
            .filter(|c| ('▁'..='█').contains(c))
            .count();
        assert!(
            bars > 0,
            "{width}x{height}: no bar for a depth of {deepest}:\n{screen}"
        );
    }
}

#[test]
fn the_solver_panel_labels_the_measured_speed_and_keeps_it_inside_at_80x24() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    app.handle_key(KeyEvent::new(KeyCode::Char('a'), KeyModifiers::NONE), now);
    let Some(watch) = app.watch_mut() else {
        panic!("the solver view is open");
    };
    // Naive takes thousands of steps here: still searching after a second.
    watch.set_strategy(SearchKind::Naive);
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
    let watch = app.watch().expect("the solver view is open");
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
    keys(&mut app, "p", now);
    assert_eq!(app.screen(), Screen::Paused);
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
    keys(&mut app, "zzzzzz", now); // 9 on to 25
    assert_eq!(app.deals.next_size, 25);
    let screen = text(&draw(&app, now, 80, 24));
    assert!(screen.contains("25x25 needs 56x33"), "{screen}");
    // g is the digit 16 on 25x25: the new game's other key is named.
    assert!(screen.contains("z size  Ctrl-n new  q quit"), "{screen}");
    assert!(!screen.contains("next deal"), "{screen}");
    // After z (round to 4, then on to 9), the size the next deal will have.
    keys(&mut app, "zzzz", now);
    assert_eq!(app.deals.next_size, 9);
    let screen = text(&draw(&app, now, 80, 24));
    // g is the digit 16 on 25x25: the new game's other key is named.
    assert!(screen.contains("z size  Ctrl-n new  q quit"), "{screen}");
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
fn the_help_shows_in_a_terminal_too_small_for_the_board() {
    // 40x12 cannot show a 9x9 (it needs 22x15); the help still can, and
    // scrolls. Before, `?` there changed nothing on screen.
    let now = Instant::now();
    for (typed, title) in [
        (&[Action::Help][..], " keys "),
        (
            &[Action::ToggleWatch, Action::Help][..],
            " solver view keys ",
        ),
    ] {
        let mut app = app_with(PUZZLE_9, "default", now);
        for &action in typed {
            press_action(&mut app, action, now);
        }
        let screen = text(&draw(&app, now, 40, 12));
        assert!(screen.contains(title.trim()), "{typed:?}:\n{screen}");
        assert!(!screen.contains("Terminal too small"), "{screen}");
    }
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
        // Each screen as the keys reach it.
        for (typed, screen) in [
            (&[][..], Screen::Playing),
            (&[Action::Help][..], Screen::Help),
            (&[Action::Pause][..], Screen::Paused),
            (&[Action::ToggleWatch][..], Screen::Watching),
            (&[Action::ToggleWatch, Action::Help][..], Screen::WatchHelp),
        ] {
            let mut app = app_with(&puzzle, "default", now);
            for &action in typed {
                press_action(&mut app, action, now);
            }
            assert_eq!(app.screen(), screen, "after {typed:?}");
            for width in (1..=60).step_by(7).chain([1, 2, 80]) {
                for height in (1..=30).step_by(3).chain([1, 2, 24]) {
                    draw(&app, now, width, height);
                }
            }
        }
    }
}

/// The screen position of a 9x9 board cell's digit, from the layout the
/// app uses for the buffer's size.
fn digit_position(buf: &Buffer, row: usize, col: usize) -> (u16, u16) {
    let layout = ScreenLayout::new(Shape::CLASSIC, buf.area).expect("a board on screen");
    let g = &layout.geometry;
    (
        layout.board.x + g.col_x[col] + (g.cell_width - 1) / 2,
        layout.board.y + g.row_y[row] + (g.cell_height - 1) / 2,
    )
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

/// How a screen cell looks: its symbol, its colours (fg, bg) when shown,
/// and its modifiers.
type Look = (String, Option<(Color, Color)>, Modifier);

/// How a screen cell looks: its symbol, and the colours and modifiers
/// that show on it (on a blank, only what colours its background), with
/// the colours left out for a terminal that shows none.
fn look(cell: &ratatui::buffer::Cell, colour: bool) -> Look {
    let blank = cell.symbol().trim().is_empty();
    let reversed = cell.modifier.contains(Modifier::REVERSED);
    let modifiers = if blank {
        cell.modifier & (Modifier::REVERSED | Modifier::UNDERLINED | Modifier::CROSSED_OUT)
    } else {
        cell.modifier
    };
    let fg = if blank && !reversed {
        Color::Reset
    } else {
        cell.fg
    };
    let colours = colour.then_some((fg, cell.bg));
    (cell.symbol().to_string(), colours, modifiers)
}

/// The look of every cell of the board on screen, by cell.
fn cell_looks(app: &App, buf: &Buffer, colour: bool) -> Vec<Vec<Look>> {
    let shape = app.game.shape();
    let layout = ScreenLayout::new(shape, buf.area).expect("a board on screen");
    let g = &layout.geometry;
    shape
        .cells()
        .map(|cell| {
            let (x0, y0) = (
                layout.board.x + g.col_x[shape.col(cell)],
                layout.board.y + g.row_y[shape.row(cell)],
            );
            (y0..y0 + g.cell_height)
                .flat_map(|y| (x0..x0 + g.cell_width).map(move |x| (x, y)))
                .map(|p| look(&buf[p], colour))
                .collect()
        })
        .collect()
}

#[test]
fn the_cursor_shows_on_every_kind_of_cell_in_every_theme_with_or_without_colour() {
    // With NO_COLOR a clashing 7 and its partner were both bold, underlined
    // and reversed, as the cursor was: on either, it was lost. Wherever the
    // cursor is, that cell looks like no other, at every size, in every
    // theme, at every colour depth, and without colour.
    let now = Instant::now();
    for depth in [
        ColorDepth::TrueColor,
        ColorDepth::Ansi256,
        ColorDepth::Ansi16,
    ] {
        let themes = Themes::built_in(depth);
        for name in themes.names() {
            let theme = themes.get(name).expect("listed").clone();
            let game = Game::new(board(PUZZLE_9), Some(Difficulty::Medium), now);
            let mut app = App::new(&Config::built_in(), themes.clone(), theme, game, 1);
            // An entry (r2c3 1), a conflict (r1c2 2 against the given r1c1
            // 2), notes (r1c4 1 4, r1c5 alone 5) and empty cells.
            for (r, c, digit) in [(1, 2, 1), (0, 1, 2)] {
                app.game.set_cursor(r, c);
                app.game.enter(digit, now);
            }
            for (r, c, note) in [(0, 3, 1), (0, 3, 4), (0, 6, 5)] {
                app.game.set_cursor(r, c);
                app.game.toggle_note(note, now);
            }
            for hint_shown in [false, true] {
                if hint_shown {
                    // The mistake's cells lit, as the second press shows them.
                    app.act(Action::Hint, now);
                    app.act(Action::Hint, now);
                    assert!(app.game.hint().is_some(), "{name}: a hint on show");
                }
                for (width, height) in [(80, 24), (60, 20), (120, 40)] {
                    for cell in app.game.shape().cells() {
                        let shape = app.game.shape();
                        app.game.set_cursor(shape.row(cell), shape.col(cell));
                        let buf = draw(&app, now, width, height);
                        for colour in [true, false] {
                            let looks = cell_looks(&app, &buf, colour);
                            let at = cell.index();
                            let twin = (0..looks.len()).find(|&i| i != at && looks[i] == looks[at]);
                            assert!(
                                twin.is_none(),
                                "{name} at {depth:?} (colour shown: {colour}, hint: {hint_shown}), \
                                 {width}x{height}: the cursor on r{}c{} looks like r{}c{}\n{}",
                                shape.row(cell) + 1,
                                shape.col(cell) + 1,
                                twin.map_or(0, |i| i / 9 + 1),
                                twin.map_or(0, |i| i % 9 + 1),
                                text(&buf)
                            );
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn the_timer_can_be_hidden_and_still_runs() {
    // GNOME Sudoku's "show the timer" setting: show_timer = false in config.toml.
    let now = Instant::now();
    let status = |show_timer: bool| {
        let mut config = Config::built_in();
        config.show_timer = show_timer;
        let game = Game::new(board(PUZZLE_9), Some(Difficulty::Medium), now);
        let app = App::new(&config, themes(), theme("default"), game, 1);
        let later = now + Duration::from_secs(65);
        let screen = text(&draw(&app, later, 80, 24));
        let row = screen.lines().rev().nth(1).unwrap_or_default().to_string();
        (row, app.game.elapsed(later))
    };
    let (shown, _) = status(true);
    assert!(shown.starts_with(" 9x9 · medium · 01:05 · play"), "{shown}");
    let (hidden, elapsed) = status(false);
    assert!(hidden.starts_with(" 9x9 · medium · play"), "{hidden}");
    assert!(!hidden.contains("01:05"), "{hidden}");
    assert_eq!(elapsed, Duration::from_secs(65), "the clock runs on");
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
fn notes_show_on_a_9x9_at_80x24_each_digit_in_its_own_place() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    let theme = theme("default");
    // r1c2 and r2c3 both note 7; r1c2 also 1 and 4, r2c3 also 9.
    for (r, c, notes) in [(0, 1, &[1, 4, 7][..]), (1, 2, &[7, 9][..])] {
        app.game.set_cursor(r, c);
        for &d in notes {
            app.game.toggle_note(d, now);
        }
    }
    app.game.set_cursor(8, 8);
    let buf = draw(&app, now, 80, 24);
    let screen = text(&buf);
    // 1-5 on the cell's top row, 6-9 under them: a dot where a note is not.
    let lines: Vec<&str> = screen.lines().collect();
    assert!(lines[1].starts_with("┃  2  │1··4·│  3  ┃"), "{screen}");
    assert!(lines[2].starts_with("┃     │·7·· │     ┃"), "{screen}");
    assert!(lines[3].starts_with("┃  5  │  8  │·····┃"), "{screen}");
    assert!(lines[4].starts_with("┃     │     │·7·9 ┃"), "{screen}");
    // The two 7s line up in their cells' columns.
    let seven_x = |line: &str| {
        line.chars()
            .enumerate()
            .filter(|&(_, ch)| ch == '7')
            .map(|(x, _)| x % 6)
            .next()
    };
    assert_eq!(seven_x(lines[2]), seven_x(lines[4]));
    // Notes carry the note style, digits theirs.
    let layout = ScreenLayout::new(Shape::CLASSIC, buf.area).expect("fits");
    let x = layout.board.x + layout.geometry.col_x[1];
    let y = layout.board.y + layout.geometry.row_y[0];
    assert_eq!(buf[(x, y)].symbol(), "1");
    assert_eq!(buf[(x, y)].fg, theme.note().fg.expect("note colour"));
    // With a hint on show and no room beside it, the notes stay.
    assert!(
        screen.contains("cell r9c9"),
        "the panel is beside the board"
    );
}

#[test]
fn with_no_colour_a_lone_note_looks_unlike_a_digit() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "mono", now);
    app.game.set_cursor(0, 1);
    app.game.toggle_note(3, now);
    app.game.set_cursor(8, 8);
    let screen = text(&draw(&app, now, 80, 24));
    let first = screen.lines().nth(1).expect("a first row");
    // r1c3 holds the given 3; r1c2 only a note 3.
    assert!(first.starts_with("┃  2  │··3··│  3  ┃"), "{screen}");
}

#[test]
fn without_colour_a_lone_note_never_reads_as_a_digit_at_any_size() {
    // On 6x6 at 80x24 a lone note 2 sat where a digit goes; on 9x9 at
    // 120x40 a lone note 5 sat in the middle of its 3x3, as an entry 5
    // does. A cell of notes shows dots where its other notes would be.
    let now = Instant::now();
    let empty = |n: usize| "0".repeat(n * n);
    for n in [4, 6, 9] {
        for (width, height) in [(80, 24), (100, 30), (120, 40), (200, 60)] {
            let mut app = app_with(&empty(n), "mono", now);
            let shape = app.game.shape();
            let layout = ScreenLayout::new(shape, Rect::new(0, 0, width, height)).expect("fits");
            if !layout.geometry.notes_inside() {
                continue;
            }
            for digit in 1..=n as u8 {
                // r1c1 holds only the note, r2c4 the entry (no clash).
                app.game.set_cursor(0, 0);
                app.game.erase(now);
                app.game.toggle_note(digit, now);
                app.game.set_cursor(1, 3);
                app.game.enter(digit, now);
                app.game.set_cursor(n - 1, n - 1);
                let buf = draw(&app, now, width, height);
                let g = &layout.geometry;
                let cell_text = |r: usize, c: usize| -> String {
                    let (x0, y0) = (layout.board.x + g.col_x[c], layout.board.y + g.row_y[r]);
                    (y0..y0 + g.cell_height)
                        .map(|y| {
                            (x0..x0 + g.cell_width)
                                .map(|x| buf[(x, y)].symbol().to_string())
                                .collect::<String>()
                        })
                        .collect::<Vec<_>>()
                        .join("/")
                };
                let (note, entry) = (cell_text(0, 0), cell_text(1, 3));
                let ink: String = note.chars().filter(|c| !matches!(c, ' ' | '/')).collect();
                assert_ne!(
                    ink,
                    digit.to_string(),
                    "{n}x{n} at {width}x{height} ({:?}): the note {digit} reads {note:?}, \
                     the entry {entry:?}\n{}",
                    g.density,
                    text(&buf)
                );
            }
        }
    }
}

#[test]
fn notes_show_on_4x4_and_6x6_at_80x24() {
    let now = Instant::now();
    for (puzzle, n) in [(PUZZLE_4, 4u8), ("000000000000000000000000000000000000", 6)] {
        let mut app = app_with(puzzle, "default", now);
        let shape = app.game.shape();
        let empty = shape
            .cells()
            .find(|&c| app.game.value(c).is_none())
            .expect("an empty cell");
        app.game.set_cursor(shape.row(empty), shape.col(empty));
        app.game.toggle_note(1, now);
        app.game.toggle_note(n, now);
        let buf = draw(&app, now, 80, 24);
        let layout = ScreenLayout::new(shape, buf.area).expect("fits");
        assert!(layout.geometry.notes_inside(), "{n}x{n}");
        let g = &layout.geometry;
        let rect = ratatui::layout::Rect::new(
            layout.board.x + g.col_x[shape.col(empty)],
            layout.board.y + g.row_y[shape.row(empty)],
            g.cell_width,
            g.cell_height,
        );
        let inside: String = (rect.top()..rect.bottom())
            .flat_map(|y| (rect.left()..rect.right()).map(move |x| (x, y)))
            .map(|p| buf[p].symbol().to_string())
            .collect();
        assert!(
            inside.contains('1') && inside.contains(&n.to_string()),
            "{n}x{n}: {inside:?}\n{}",
            text(&buf)
        );
    }
}

#[test]
fn big_boards_cue_every_cell_with_notes_and_list_the_cursors_in_the_panel() {
    let now = Instant::now();
    let mut app = app_with(&common::generated_puzzle(16).puzzle, "default", now);
    let shape = app.game.shape();
    let empties: Vec<_> = shape
        .cells()
        .filter(|&c| app.game.value(c).is_none())
        .take(2)
        .collect();
    for &cell in &empties {
        app.game.set_cursor(shape.row(cell), shape.col(cell));
        app.game.toggle_note(3, now);
        app.game.toggle_note(16, now);
    }
    let buf = draw(&app, now, 80, 24);
    let layout = ScreenLayout::new(shape, buf.area).expect("16x16 fits 80x24");
    assert!(layout.panel.is_some(), "a panel beside the 16x16");
    let g = &layout.geometry;
    for &cell in &empties {
        let x = layout.board.x + g.col_x[shape.col(cell)] + (g.cell_width - 1) / 2;
        let y = layout.board.y + g.row_y[shape.row(cell)];
        assert_eq!(buf[(x, y)].symbol(), "·", "a cue in {cell:?}");
    }
    let screen = text(&buf);
    assert!(screen.contains("notes 3 G"), "{screen}");
}

#[test]
fn with_no_colour_a_conflict_looks_unlike_anything_else_and_is_named() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "mono", now);
    let mono = theme("mono");
    app.game.set_cursor(0, 1);
    app.game.enter(2, now);
    let buf = draw(&app, now, 80, 24);
    let (x, y) = digit_position(&buf, 0, 1);
    assert_eq!(buf[(x + 1, y)].symbol(), "!", "{}", text(&buf));
    for other in [
        mono.same_digit(),
        mono.cursor(),
        mono.given(),
        mono.hint_cells(),
    ] {
        assert_ne!(mono.conflict().add_modifier, other.add_modifier);
    }
    assert!(text(&buf).contains("conflict"), "{}", text(&buf));
}

fn hint_app(puzzle: &str, now: Instant) -> App {
    let mut app = app_with(puzzle, "default", now);
    app.act(Action::Hint, now);
    assert!(app.game.hint().is_some(), "a hint on show");
    app
}

/// The screen's text with line breaks and the board's edges taken out, so
/// a wrapped sentence reads as one.
fn flowing(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.trim_matches(|c: char| c == '│' || c == ' ' || c == '┃'))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every word of `text`, in order, somewhere in `screen` (the board's
/// rows may run between its lines; case aside, as "hidden single: " goes
/// on in lower case).
fn assert_words_in_order(screen: &str, text: &str, what: &str) {
    let words = flowing(screen).to_lowercase();
    let mut from = 0;
    for word in text.to_lowercase().split_whitespace() {
        let found = words[from..].find(word);
        assert!(found.is_some(), "{what} lost {word:?}:\n{screen}");
        from += found.unwrap_or(0) + word.len();
    }
}

#[test]
fn the_hint_is_readable_whole_with_or_without_the_panel() {
    let now = Instant::now();
    let six = "53....1.4...2...3..5...6...2.3....14";
    for (puzzle, width, height) in [
        (PUZZLE_9.to_string(), 80, 24),
        (PUZZLE_9.to_string(), 80, 40),
        (six.to_string(), 80, 24),
        (common::generated_puzzle(16).puzzle, 80, 24),
        (PUZZLE_9.to_string(), 40, 30),
        (PUZZLE_9.to_string(), 60, 24),
    ] {
        let mut app = hint_app(&puzzle, now);
        // The summary first, then (the hint key again) the explanation.
        for level in [HintLevel::Summary, HintLevel::Detail] {
            let hint = app.game.hint().expect("hint");
            assert_eq!(hint.level, level);
            let screen = text(&draw(&app, now, width, height));
            // Shown whole above, it is not repeated cut short in the status
            // line (the second row from the bottom).
            let status = screen.lines().rev().nth(1).unwrap_or_default();
            assert!(
                !status.contains(hint.text()) && !status.contains('…'),
                "{width}x{height} {level:?}: the status line repeats the hint:\n{screen}"
            );
            // Every word, in order (the board's rows run between the lines;
            // after "hidden single: " the sentence goes on in lower case).
            assert_words_in_order(&screen, hint.text(), &format!("{width}x{height} {level:?}"));
            app.act(Action::Hint, now);
        }
    }
}

/// Every hint on the way through an expert puzzle (unique rectangles,
/// wings) reads whole in the panel at 80x24: the digits left, the next
/// deal and the hints used give way to it (a type 4 rectangle's middle
/// sentence, the one that says why, used to be cut to "…").
#[test]
fn every_hint_through_an_expert_puzzle_reads_whole_at_80x24() {
    let now = Instant::now();
    // `doku generate --difficulty expert --seed 7`.
    let puzzle =
        "13.27...4.........7....9.28...42.....93...47.....13...31.5....2.........6...32.87";
    let mut app = app_with(puzzle, "default", now);
    let mut shown = 0;
    let mut techniques = std::collections::BTreeSet::new();
    for _ in 0..400 {
        if app.game.is_solved() {
            break;
        }
        app.act(Action::Hint, now);
        let Some(hint) = app.game.hint().cloned() else {
            continue;
        };
        techniques.insert(hint.technique.clone());
        let screen = text(&draw(&app, now, 80, 24));
        assert!(
            !flowing(&screen).contains('…'),
            "{}: cut\n{screen}",
            hint.technique
        );
        assert_words_in_order(&screen, hint.text(), &hint.technique);
        shown += 1;
    }
    assert!(app.game.is_solved(), "the hints solve it");
    assert!(shown > 50, "{shown} hints shown");
    assert!(
        techniques.iter().any(|t| t.contains("unique rectangle")),
        "{techniques:?}"
    );
}

#[test]
fn the_hint_key_named_on_25x25_is_one_that_is_not_a_digit() {
    let now = Instant::now();
    // A solved 25x25 with one cell open: its hint comes at once.
    let almost = format!(".{}", &SOLVED_25[1..]);
    let mut app = hint_app(&almost, now);
    // At each level the panel names what the key does next, and only F2.
    for next in ["F2: show the cells", "F2: apply it"] {
        let screen = text(&draw(&app, now, 200, 80));
        assert!(screen.contains(next), "{screen}");
        assert!(
            !screen.contains("H or F2"),
            "H is a digit on 25x25:\n{screen}"
        );
        app.act(Action::Hint, now);
    }
}

#[test]
fn a_hint_marks_its_cells_placements_and_eliminations_on_the_board() {
    use doku::engine::Digit;
    use doku::ui::board::{BoardWidget, HintLink, HintMarks};
    use doku::ui::BoardLayout;
    use ratatui::widgets::Widget;
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    let theme = theme("default");
    let shape = app.game.shape();
    let d = |v| Digit::new(v).expect("digit");
    // r1c2 notes 4 9, r1c7 notes 4 5.
    for (c, notes) in [(1, [4, 9]), (6, [4, 5])] {
        app.game.set_cursor(0, c);
        for n in notes {
            app.game.toggle_note(n, now);
        }
    }
    let (r1c2, r1c7, r2c3) = (shape.cell(0, 1), shape.cell(0, 6), shape.cell(1, 2));
    let marks = HintMarks {
        cells: vec![r1c2],
        placements: vec![(r2c3, d(6))],
        eliminations: vec![(r1c7, d(4))],
        links: vec![
            HintLink {
                from: (r1c2, d(4)),
                to: (r1c2, d(9)),
                strong: true,
            },
            HintLink {
                from: (r1c2, d(9)),
                to: (r1c7, d(5)),
                strong: false,
            },
        ],
        candidates: Vec::new(),
        net_links: 0,
    };
    let geometry = BoardLayout::new(shape, doku::ui::Density::Pencil);
    let area = ratatui::layout::Rect::new(0, 0, geometry.width, geometry.height);
    let mut buf = Buffer::empty(area);
    BoardWidget {
        game: &app.game,
        theme: &theme,
        geometry: &geometry,
        lit: None,
        marks: Some(&marks),
    }
    .render(area, &mut buf);
    let at = |cell, digit: u8| {
        let i = usize::from(digit - 1);
        let x = geometry.col_x[shape.col(cell)] + (i % 5) as u16;
        let y = geometry.row_y[shape.row(cell)] + (i / 5) as u16;
        buf[(x, y)].clone()
    };
    let removed = at(r1c7, 4);
    assert_eq!(removed.symbol(), "4");
    assert_eq!(removed.fg, theme.hint_remove().fg.expect("colour"));
    assert!(removed.modifier.contains(Modifier::CROSSED_OUT));
    let placed = at(r2c3, 6);
    assert_eq!(placed.symbol(), "6");
    assert!(placed.modifier.contains(Modifier::REVERSED));
    let chained = at(r1c2, 9);
    assert_eq!(chained.fg, theme.hint_chain().fg.expect("colour"));
    assert_eq!(at(r1c2, 4).bg, theme.hint_cells().bg.expect("hint bg"));
    // Strong and weak links read apart without colour.
    assert_eq!(
        marks.chain_text(shape).as_deref(),
        Some("(4)r1c2 = (9)r1c2 - (5)r1c7")
    );
}

fn key(ch: char) -> KeyEvent {
    KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE)
}

#[test]
fn the_help_scrolls_at_80x20_and_says_there_is_more() {
    let now = Instant::now();
    // The solver view's help is shorter: it fits 80x20, so try it at 80x16.
    for (mode, height) in [(Screen::Help, 20), (Screen::WatchHelp, 16)] {
        let mut app = app_with(PUZZLE_9, "default", now);
        app.set_terminal_size(80, height);
        if mode == Screen::WatchHelp {
            app.act(Action::ToggleWatch, now);
        }
        app.handle_key(key('?'), now);
        assert_eq!(app.screen(), mode);
        let first = text(&draw(&app, now, 80, height));
        assert!(first.contains("more below"), "{first}");
        app.handle_key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE), now);
        app.handle_key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE), now);
        assert_eq!(app.screen(), mode, "PgDn scrolls, it does not close");
        let end = text(&draw(&app, now, 80, height));
        assert!(end.contains("more above"), "{end}");
        assert!(!end.contains("more below"), "{end}");
        assert!(end.contains("quit"), "the last entry shows:\n{end}");
        app.handle_key(KeyEvent::new(KeyCode::Up, KeyModifiers::NONE), now);
        assert_eq!(app.screen(), mode, "Up scrolls back");
        app.handle_key(key('x'), now);
        assert_ne!(app.screen(), mode, "another key closes");
    }
}

#[test]
fn solarized_paints_the_gap_and_the_panel_in_one_background() {
    let now = Instant::now();
    let solarized = theme("solarized");
    let text_bg = solarized.text().bg.expect("solarized has a background");
    for (width, height) in [(80, 24), (120, 40), (100, 30)] {
        let mut app = app_with(PUZZLE_9, "solarized", now);
        app.game.set_cursor(4, 4);
        let buf = draw(&app, now, width, height);
        let layout = ScreenLayout::new(Shape::CLASSIC, buf.area).expect("fits");
        let board = layout.board;
        for y in board.top()..board.bottom() {
            for x in board.right()..width {
                assert_eq!(
                    buf[(x, y)].bg,
                    text_bg,
                    "{width}x{height}: a stripe at ({x},{y}) beside the board"
                );
            }
        }
    }
}

/// The first puzzle of top1465: after a hidden single, pointing, on cells
/// the player has taken no notes in.
const TOP1465_1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn a_hint_draws_the_candidates_of_its_cells_where_the_player_took_no_notes() {
    let now = Instant::now();
    let mut app = app_with(TOP1465_1, "default", now);
    // The hidden single, applied; then the next hint to its cells.
    for _ in 0..3 {
        app.act(Action::Hint, now);
    }
    app.act(Action::Hint, now);
    app.act(Action::Hint, now);
    let hint = app.game.hint().cloned().expect("a hint on show");
    assert_eq!(hint.level, HintLevel::Detail);
    assert!(!hint.candidates.is_empty(), "{}", hint.technique);
    let (width, height) = (80, 24);
    let buf = draw(&app, now, width, height);
    let area = ratatui::layout::Rect::new(0, 0, width, height);
    let layout = ScreenLayout::new(app.game.shape(), area).expect("fits");
    let g = &layout.geometry;
    assert!(g.notes_inside(), "notes show inside the cells at 80x24");
    let shape = app.game.shape();
    let (_, cols) = g.notes_grid;
    let theme = theme("default");
    for &(cell, candidates) in &hint.candidates {
        assert!(app.game.notes(cell).is_empty());
        let (x0, y0) = (
            layout.board.x + g.col_x[shape.col(cell)],
            layout.board.y + g.row_y[shape.row(cell)],
        );
        for d in 1..=9u8 {
            let i = usize::from(d - 1);
            let at = &buf[(x0 + (i % cols) as u16, y0 + (i / cols) as u16)];
            let digit = doku::engine::Digit::new(d).expect("digit");
            if candidates.contains(digit) {
                assert_eq!(at.symbol(), d.to_string(), "{cell:?} {d}\n{}", text(&buf));
                if hint.eliminations.contains(&(cell, digit)) {
                    assert!(at.modifier.contains(Modifier::CROSSED_OUT));
                    assert_eq!(at.fg, theme.hint_remove().fg.expect("colour"));
                }
            } else {
                assert_ne!(at.symbol(), d.to_string(), "{cell:?} {d}");
            }
        }
    }
    // Off screen at the first level, and once the hint is dismissed.
    app.act(Action::Back, now);
    let plain = draw(&app, now, width, height);
    for &(cell, _) in &hint.candidates {
        let (x0, y0) = (
            layout.board.x + g.col_x[shape.col(cell)],
            layout.board.y + g.row_y[shape.row(cell)],
        );
        for (x, y) in (0..g.cell_width).flat_map(|x| (0..g.cell_height).map(move |y| (x, y))) {
            assert_eq!(
                plain[(x0 + x, y0 + y)].symbol(),
                " ",
                "{cell:?}\n{}",
                text(&plain)
            );
        }
    }
}

#[test]
fn a_forcing_net_hint_shows_its_words_whole_at_80x24_and_its_paths_when_there_is_room() {
    // Line 130 of top1465: the fourth hint is a dynamic forcing chain.
    let puzzle =
        "5..4..8......9..1...2..1..56..3..4...5..7......4.....83..6..7...6.....8...8..2..1";
    let now = Instant::now();
    let mut app = app_with(puzzle, "default", now);
    for _ in 0..9 {
        app.act(Action::Hint, now);
    }
    app.act(Action::Hint, now);
    app.act(Action::Hint, now);
    let hint = app.game.hint().cloned().expect("a hint on show");
    assert_eq!(hint.technique, "dynamic forcing chain");
    assert_eq!(hint.level, HintLevel::Detail);
    let small = text(&draw(&app, now, 80, 24));
    let words = flowing(&small);
    let mut from = 0;
    // A forcing chain's branches are a line each: word by word all the same.
    for word in hint.explanation.split_whitespace() {
        let found = words[from..].find(word);
        assert!(found.is_some(), "lost {word:?}:\n{small}");
        from += found.unwrap_or(0) + word.len();
    }
    assert!(small.contains("apply it"), "{small}");
    // The notation beside the words is shown with its closing note, or
    // left out where there is no room: never cut to a stub of one row.
    assert!(
        !small.contains("chain (") || small.contains("(paths through a net"),
        "{small}"
    );
    let large = text(&draw(&app, now, 120, 40));
    for part in [
        "chain (= strong, - weak):",
        // SE's choice here (a contradiction, 9.3 as SE rates the puzzle).
        "(1)r5c4 - (1)r8c4 = (1)r8c1 -",
        "(paths through",
    ] {
        assert!(large.contains(part), "{part}\n{large}");
    }
}

/// The screen row the board's top edge is drawn on.
fn board_top(screen: &str) -> Option<usize> {
    screen.lines().position(|l| l.contains('┏'))
}

#[test]
fn at_60x24_the_board_stays_put_from_no_hint_to_either_hint_level() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    let plain = text(&draw(&app, now, 60, 24));
    let top = board_top(&plain).expect("a board");
    for level in [HintLevel::Summary, HintLevel::Detail] {
        app.act(Action::Hint, now);
        assert_eq!(app.game.hint().map(|h| h.level), Some(level));
        let screen = text(&draw(&app, now, 60, 24));
        assert_eq!(
            board_top(&screen),
            Some(top),
            "{level:?}:\n{plain}\n{screen}"
        );
    }
}

/// Line 130 of top1465, on its fourth hint (a dynamic forcing chain, at
/// its first level): see the forcing net test above.
fn forcing_chain_app(now: Instant) -> App {
    let puzzle =
        "5..4..8......9..1...2..1..56..3..4...5..7......4.....83..6..7...6.....8...8..2..1";
    let mut app = app_with(puzzle, "default", now);
    for _ in 0..10 {
        app.act(Action::Hint, now);
    }
    let hint = app.game.hint().expect("a hint on show");
    assert_eq!(hint.technique, "dynamic forcing chain");
    assert_eq!(hint.level, HintLevel::Summary);
    app
}

#[test]
fn what_the_hint_key_does_next_is_never_broken_over_two_rows() {
    let now = Instant::now();
    for (width, height) in [(60, 24), (80, 24), (120, 40)] {
        for app in [hint_app(PUZZLE_9, now), forcing_chain_app(now)] {
            let mut app = app;
            for next in ["show the cells", "apply it"] {
                let screen = text(&draw(&app, now, width, height));
                let row = screen
                    .lines()
                    .find(|l| l.contains("H or F2"))
                    .unwrap_or_else(|| panic!("{width}x{height}: no key line:\n{screen}"));
                // Whole after the keys, or on the row under them.
                let below = screen
                    .lines()
                    .skip_while(|l| !l.contains("H or F2"))
                    .nth(1)
                    .unwrap_or_default();
                assert!(
                    row.contains(&format!("H or F2: {next}"))
                        || (row.trim_end_matches(['│', ' ']).ends_with("H or F2:")
                            && below.contains(next)),
                    "{width}x{height}: {next:?} broken:\n{screen}"
                );
                app.act(Action::Hint, now);
            }
        }
    }
}

#[test]
fn a_forcing_chain_hint_is_written_one_branch_a_row_and_not_repeated_in_the_status_line() {
    let now = Instant::now();
    for (width, height) in [(60, 24), (80, 24), (120, 40)] {
        let mut app = forcing_chain_app(now);
        for level in [HintLevel::Summary, HintLevel::Detail] {
            assert_eq!(app.game.hint().map(|h| h.level), Some(level));
            let screen = text(&draw(&app, now, width, height));
            let status = screen.lines().rev().nth(1).unwrap_or_default();
            assert!(
                !status.contains("hint") && !status.contains("forcing") && !status.contains('…'),
                "{width}x{height} {level:?}: the status line repeats the hint:\n{screen}"
            );
            app.act(Action::Hint, now);
        }
    }
    // Where there is room for it whole, each branch starts a row of its own.
    let mut app = forcing_chain_app(now);
    app.act(Action::Hint, now);
    let hint = app.game.hint().cloned().expect("a hint on show");
    let branches: Vec<&str> = hint.explanation.lines().collect();
    // Here one assumption and what its contradiction proves: two rows.
    assert!(branches.len() >= 2, "{}", hint.explanation);
    let screen = text(&draw(&app, now, 120, 40));
    for branch in &branches {
        let start: String = branch.chars().take(12).collect();
        assert!(
            screen
                .lines()
                .any(|row| row.starts_with(&start) || row.contains(&format!("│{start}"))),
            "{start:?} does not start a row:\n{screen}"
        );
    }
}

/// `w` marks a wrong digit (a mark before it, struck through), the panel
/// counts it; in every theme, colour or none.
#[test]
fn w_marks_a_wrong_digit_with_a_mark_and_the_panel_counts_it() {
    let now = Instant::now();
    for name in ["default", "mono"] {
        let mut app = app_with(PUZZLE_9, name, now);
        let theme = theme(name);
        // r1c2 is 9 in the solution: a 7 there is wrong and clashes with nothing.
        app.game.set_cursor(0, 1);
        keys(&mut app, "7", now);
        let before = draw(&app, now, 80, 24);
        assert!(!text(&before).contains(doku::ui::MISTAKE_MARK));
        keys(&mut app, "w", now);
        assert!(
            app.message
                .as_deref()
                .is_some_and(|m| m.contains("1 on the board")),
            "{:?}",
            app.message
        );
        // A second wrong digit, made while marked, is counted.
        // r1c7 is 7: an 8 there is wrong too.
        app.game.set_cursor(0, 6);
        keys(&mut app, "8", now);
        app.game.set_cursor(4, 4);
        let buf = draw(&app, now, 80, 24);
        let (x, y) = digit_position(&buf, 0, 1);
        assert_eq!(buf[(x, y)].symbol(), "7");
        assert_eq!(buf[(x - 1, y)].symbol(), "✗", "{}", text(&buf));
        let mistake = theme.mistake().add_modifier;
        assert!(!mistake.is_empty(), "{name}: a look without colour too");
        assert!(buf[(x, y)].modifier.contains(mistake), "{name}");
        // The digit alone: a struck or underlined blank draws a line
        // across the cell.
        for blank in [(x + 1, y), (x, y + 1)] {
            assert_eq!(buf[blank].symbol(), " ");
            assert!(!buf[blank].modifier.intersects(mistake), "{name} {blank:?}");
        }
        assert_eq!(buf[(x, y)].fg, theme.mistake().fg.unwrap_or(Color::Reset));
        let right = digit_position(&buf, 0, 0);
        assert!(!buf[right].modifier.contains(mistake), "{name}");
        let panel = common::panel_text(&text(&buf));
        assert!(panel.contains("mistakes made: 1"), "{panel}");
        assert!(panel.contains("✗ on the board: 2"), "{panel}");
        if name == "default" {
            check("mistakes_9x9_80x24", &buf);
        }
        // w again: nothing marked, the count kept for the statistics.
        keys(&mut app, "w", now);
        let buf = draw(&app, now, 80, 24);
        assert!(!text(&buf).contains(doku::ui::MISTAKE_MARK));
        assert_eq!(app.game.mistakes_made(), 1);
    }
}

/// On a 16x16 at 80x24 the cells are narrow: the mark follows the digit,
/// and the digit's look differs from a right entry's, without colour too.
#[test]
fn a_wrong_digit_on_a_narrow_16x16_is_marked_without_colour() {
    let Some(puzzle) = puzzle_16("the 16x16 mistake") else {
        return;
    };
    let now = Instant::now();
    let mut app = app_with(&puzzle, "mono", now);
    keys(&mut app, "w", now);
    let shape = app.game.shape();
    let solution = app.game.givens().solution().expect("solvable");
    let empties: Vec<_> = shape
        .cells()
        .filter(|&c| app.game.value(c).is_none())
        .collect();
    // A wrong digit that clashes with nothing, and a right one.
    let (wrong_cell, wrong) = empties
        .iter()
        .find_map(|&c| {
            let right = solution.get(c)?;
            let other = app
                .game
                .board()
                .candidates(c)
                .iter()
                .find(|&d| d != right)?;
            Some((c, other.get()))
        })
        .expect("a cell with a wrong candidate");
    let right_cell = *empties
        .iter()
        .find(|&&c| c != wrong_cell)
        .expect("another empty");
    app.game
        .set_cursor(shape.row(wrong_cell), shape.col(wrong_cell));
    app.act(Action::Enter(wrong), now);
    app.game
        .set_cursor(shape.row(right_cell), shape.col(right_cell));
    app.act(
        Action::Enter(solution.get(right_cell).expect("solved").get()),
        now,
    );
    assert!(app.game.is_mistake(wrong_cell));
    assert!(!app.game.has_conflicts());
    app.game.set_cursor(0, 0);
    let buf = draw(&app, now, 80, 24);
    let layout = ScreenLayout::new(shape, buf.area).expect("a board on screen");
    let g = &layout.geometry;
    let at = |cell: doku::engine::Cell| {
        let y = layout.board.y + g.row_y[shape.row(cell)] + (g.cell_height - 1) / 2;
        let x0 = layout.board.x + g.col_x[shape.col(cell)];
        let symbols: String = (x0..x0 + g.cell_width)
            .map(|x| buf[(x, y)].symbol().to_string())
            .collect();
        let digit_x = x0 + (g.cell_width - 1) / 2;
        (symbols, buf[(digit_x, y)].modifier)
    };
    let (wrong_text, wrong_look) = at(wrong_cell);
    let (right_text, right_look) = at(right_cell);
    assert!(wrong_text.contains('✗'), "{wrong_text:?} {}", text(&buf));
    assert!(!right_text.contains('✗'), "{right_text:?}");
    assert_ne!(wrong_look, right_look, "{}", text(&buf));
}

/// A 6x6 (boxes two rows high) at 80x24: every digit on the middle row of
/// a three-row cell, notes above and below it, each cell row told apart by
/// its rhythm and the box lines (issue 28: the digits sat on the top line
/// of two-line cells).
const PUZZLE_6: &str = "103050050103200504060200302005040302";

#[test]
fn a_6x6_digit_sits_on_the_middle_row_of_its_cell_at_80x24() {
    let buf = playing(PUZZLE_6, 80, 24);
    let shape = Shape::sudoku(6).expect("6x6");
    let layout = ScreenLayout::new(shape, buf.area).expect("a board on screen");
    let g = &layout.geometry;
    assert_eq!(
        g.cell_height % 2,
        1,
        "an odd number of rows: {}",
        text(&buf)
    );
    let middle = (g.cell_height - 1) / 2;
    for (row, col) in [(0, 0), (2, 0), (5, 5), (3, 1)] {
        let digit = PUZZLE_6.as_bytes()[row * 6 + col] as char;
        let x = layout.board.x + g.col_x[col] + (g.cell_width - 1) / 2;
        let y0 = layout.board.y + g.row_y[row];
        let rows: Vec<u16> = (0..g.cell_height)
            .filter(|&dy| buf[(x, y0 + dy)].symbol() == digit.to_string())
            .collect();
        assert_eq!(
            rows,
            vec![middle],
            "r{}c{} {}",
            row + 1,
            col + 1,
            text(&buf)
        );
    }
    // The note (6 in r1c2: the 1 went when a 1 was entered in its row)
    // keeps to the rows around the digit's, with dots in the places of
    // the others: a note, never a digit.
    let x0 = layout.board.x + g.col_x[1];
    let y0 = layout.board.y + g.row_y[0];
    let row = |dy: u16| -> String {
        (0..g.cell_width)
            .map(|dx| buf[(x0 + dx, y0 + dy)].symbol().to_string())
            .collect()
    };
    assert_eq!(row(0).trim(), "· · ·", "{}", text(&buf));
    assert_eq!(row(middle).trim(), "", "{}", text(&buf));
    assert_eq!(row(g.cell_height - 1).trim(), "· · 6", "{}", text(&buf));
    check("6x6_80x24", &buf);
}

/// The panel's text at 80x24 (right of the board).
fn panel_text(buf: &Buffer) -> String {
    text(buf)
        .lines()
        .map(|l| l.chars().skip(56).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_held_digit_is_marked_everywhere_without_colour_and_named_in_the_panel() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "mono", now);
    // r1c1 holds the given 2: pick it, then put it on r2c4 and r5c5.
    press_action(&mut app, Action::PickDigit, now);
    assert_eq!(app.game.held_digit(), Some(2));
    app.game.set_cursor(1, 3);
    app.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), now);
    app.game.set_cursor(4, 4);
    app.handle_key(KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE), now);
    assert_eq!(
        app.game.value(app.game.shape().cell(1, 3)).map(|d| d.get()),
        Some(2)
    );
    assert_eq!(
        app.game.value(app.game.shape().cell(4, 4)).map(|d| d.get()),
        Some(2)
    );
    // The cursor on a 5: without a held digit the 5s would be marked.
    app.game.set_cursor(1, 0);
    let buf = draw(&app, now, 80, 24);
    let underlined = |r, c| {
        buf[digit_position(&buf, r, c)]
            .modifier
            .contains(Modifier::UNDERLINED)
    };
    // Every 2 (givens r1c1, r3c8, r4c3, r6c9 and the two put) is underlined.
    for (r, c) in [(0, 0), (2, 7), (3, 2), (5, 8), (1, 3), (4, 4)] {
        assert_eq!(buf[digit_position(&buf, r, c)].symbol(), "2");
        assert!(underlined(r, c), "the 2 at r{}c{} is marked", r + 1, c + 1);
    }
    // Other digits, the cursor's 5s among them, are not.
    for (r, c) in [(4, 3), (6, 1), (8, 6)] {
        assert!(!underlined(r, c), "r{}c{} is not marked", r + 1, c + 1);
    }
    let panel = panel_text(&buf);
    assert!(panel.contains("holding 2: Enter puts"), "{panel}");
    // Esc drops it: the cursor's digit is marked again, the panel is quiet.
    press_action(&mut app, Action::Back, now);
    assert_eq!(app.game.held_digit(), None);
    let buf = draw(&app, now, 80, 24);
    assert!(!panel_text(&buf).contains("holding"));
    assert!(!buf[digit_position(&buf, 0, 0)]
        .modifier
        .contains(Modifier::UNDERLINED));
    assert!(buf[digit_position(&buf, 8, 6)]
        .modifier
        .contains(Modifier::UNDERLINED));
}

#[test]
fn a_held_letter_digit_on_16x16_is_named_in_the_panel() {
    let now = Instant::now();
    let empty = ".".repeat(256);
    let mut app = app_with(&empty, "mono", now);
    keys(&mut app, "g", now); // G, the digit 16
    press_action(&mut app, Action::PickDigit, now);
    assert_eq!(app.game.held_digit(), Some(16));
    app.game.set_cursor(5, 5);
    app.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE), now);
    assert_eq!(
        app.game.value(app.game.shape().cell(5, 5)).map(|d| d.get()),
        Some(16)
    );
    let screen = text(&draw(&app, now, 80, 24));
    assert!(screen.contains("holding G"), "{screen}");
}

/// The screen rectangle of a board cell, from the layout the app uses for
/// the buffer's size.
fn cell_rect(buf: &Buffer, shape: Shape, row: usize, col: usize) -> Rect {
    let layout = ScreenLayout::new(shape, buf.area).expect("a board on screen");
    let g = &layout.geometry;
    Rect::new(
        layout.board.x + g.col_x[col],
        layout.board.y + g.row_y[row],
        g.cell_width,
        g.cell_height,
    )
}

/// The bottom-right corner of a cell, where its colour's mark goes first.
fn corner(rect: Rect) -> (u16, u16) {
    (rect.right() - 1, rect.bottom() - 1)
}

/// `o` on a given, an empty cell, a cell with notes, an entry and a
/// clashing entry of a 9x9 at 80x24: each tints its cell in a colour
/// theme, and shows its colour's own mark in a corner in every theme.
#[test]
fn colour_marks_tint_the_cell_and_show_their_mark_with_or_without_colour() {
    let now = Instant::now();
    for name in ["default", "light", "high-contrast", "solarized", "mono"] {
        let mut app = app_with(PUZZLE_9, name, now);
        let theme = theme(name);
        // r1c1 given 2 (colour 1); r1c2 entry 9 (2); r1c7 notes (3);
        // r1c6 a clashing 2 (4); r5c2 empty (6).
        app.game.set_cursor(0, 0);
        keys(&mut app, "o", now);
        app.game.set_cursor(0, 1);
        keys(&mut app, "9oo", now);
        app.game.set_cursor(0, 6);
        keys(&mut app, "n13456789nooo", now);
        app.game.set_cursor(0, 5);
        keys(&mut app, "2oooo", now);
        app.game.set_cursor(4, 1);
        keys(&mut app, "oooooo", now);
        app.game.set_cursor(8, 8);
        let buf = draw(&app, now, 80, 24);
        let cells = [(0, 0, 1), (0, 1, 2), (0, 6, 3), (0, 5, 4), (4, 1, 6)];
        for (row, col, colour) in cells {
            let rect = cell_rect(&buf, Shape::CLASSIC, row, col);
            let mark = doku::ui::colour_mark(colour).expect("a mark");
            let at = corner(rect);
            let where_ = format!("{name} r{}c{}", row + 1, col + 1);
            assert_eq!(
                buf[at].symbol(),
                mark.to_string(),
                "{where_}\n{}",
                text(&buf)
            );
            let style = theme.colour_mark(colour);
            match style.bg {
                // The tint, under the digit and notes too; a conflict's own
                // ground (high-contrast's red) goes over it, as over all.
                Some(tint) => {
                    let clash = app.game.is_conflict(Shape::CLASSIC.cell(row, col));
                    let ground = match theme.conflict().bg {
                        Some(conflict) if clash => conflict,
                        _ => tint,
                    };
                    assert_eq!(buf[at].bg, ground, "{where_}");
                    let (x, y) = digit_position(&buf, row, col);
                    assert_eq!(buf[(x, y)].bg, ground, "{where_}: the digit's ground");
                    assert_eq!(buf[at].fg, style.fg.expect("a mark colour"), "{where_}");
                }
                None => assert_eq!(name, "mono", "a colour theme tints"),
            }
        }
        // The digits, notes and conflict read as before.
        let (x, y) = digit_position(&buf, 0, 5);
        assert_eq!(buf[(x, y)].symbol(), "2");
        assert_eq!(buf[(x + 1, y)].symbol(), "!");
        if let Some(fg) = theme.conflict().fg {
            assert_eq!(buf[(x, y)].fg, fg, "{name}: the conflict's colour");
        }
        let notes = cell_rect(&buf, Shape::CLASSIC, 0, 6);
        assert_eq!(buf[(notes.x, notes.y)].symbol(), "1");
        assert_eq!(buf[(notes.x + 3, notes.y + 1)].symbol(), "9");
        if name == "default" {
            check("colours_9x9_80x24", &buf);
        }
        if name == "mono" {
            for y in 0..buf.area.height {
                for x in 0..buf.area.width {
                    let cell = &buf[(x, y)];
                    assert_eq!((cell.fg, cell.bg), (Color::Reset, Color::Reset));
                }
            }
        }
    }
}

/// The cursor on a coloured cell still shows (reverse video), and the
/// panel names the cursor's colour and its mark.
#[test]
fn the_cursor_shows_on_a_coloured_cell_and_the_panel_names_its_colour() {
    let now = Instant::now();
    for name in ["default", "mono"] {
        let mut app = app_with(PUZZLE_9, name, now);
        app.game.set_cursor(4, 4);
        keys(&mut app, "ooo", now);
        let buf = draw(&app, now, 80, 24);
        let (x, y) = digit_position(&buf, 4, 4);
        assert!(buf[(x, y)].modifier.contains(Modifier::REVERSED), "{name}");
        let rect = cell_rect(&buf, Shape::CLASSIC, 4, 4);
        assert_eq!(buf[corner(rect)].symbol(), "■", "{name}");
        let panel = common::panel_text(&text(&buf));
        assert!(panel.contains("colour 3 ■"), "{name}: {panel}");
    }
}

/// A held digit's highlight and a hint's cells still show over a
/// colour: the tint gives way to them, the mark stays.
#[test]
fn the_held_digit_and_a_hints_cells_show_over_a_colour() {
    let now = Instant::now();
    let mut app = app_with(PUZZLE_9, "default", now);
    let theme = theme("default");
    // r1c1 holds the given 2: colour it, then hold 2 from it.
    app.game.set_cursor(0, 0);
    keys(&mut app, "oy", now);
    app.game.set_cursor(8, 8);
    let buf = draw(&app, now, 80, 24);
    let (x, y) = digit_position(&buf, 0, 0);
    assert_eq!(buf[(x, y)].bg, theme.same_digit().bg.expect("a highlight"));
    let rect = cell_rect(&buf, Shape::CLASSIC, 0, 0);
    assert_eq!(buf[corner(rect)].symbol(), "●");
    assert_ne!(
        theme.same_digit().bg,
        theme.colour_mark(1).bg,
        "the highlight is not a colour"
    );
}

/// On a 16x16 at 80x24 a cell is one row of three: the mark follows the
/// digit, or goes before it where a conflict's `!` follows it.
#[test]
fn colour_marks_fit_the_narrow_cells_of_a_16x16_at_80x24() {
    let Some(puzzle) = puzzle_16("the 16x16 colours") else {
        return;
    };
    let now = Instant::now();
    for name in ["default", "mono"] {
        let mut app = app_with(&puzzle, name, now);
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
        keys(&mut app, "o", now);
        app.game.set_cursor(shape.row(empty), shape.col(empty));
        keys(&mut app, "oo", now);
        app.game.set_cursor(15, 15);
        let buf = draw(&app, now, 80, 24);
        let at = |cell: doku::engine::Cell| {
            let rect = cell_rect(&buf, shape, shape.row(cell), shape.col(cell));
            (0..rect.width)
                .map(|dx| buf[(rect.x + dx, rect.y)].symbol().to_string())
                .collect::<String>()
        };
        let digit = doku::engine::board::digit_text(app.game.value(given).expect("given"));
        assert_eq!(at(given), format!(" {digit}●"), "{name}\n{}", text(&buf));
        assert_eq!(at(empty), "  ▲", "{name}");
        if name == "default" {
            check("colours_16x16_80x24", &buf);
        }
    }
}
