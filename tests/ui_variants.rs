//! The variants on screen at 80x24: a jigsaw's region borders and shading,
//! X's diagonals and windoku's windows tinted and marked, readable without
//! colour. Whole screens as insta snapshots in `tests/snapshots/`, and the
//! styles that carry meaning as `Buffer` assertions.

use doku::app::{deal, App, AppView};
use doku::config::Config;
use doku::engine::generator::rules_for_deal;
use doku::engine::grader::Difficulty;
use doku::engine::{Cell, Named, Shape, Variant};
use doku::game::Game;
use doku::keymap::{Action, KeyContext};
use doku::theme::{ColorDepth, Theme, Themes};
use doku::ui::variant::{
    region_colours, ANTI_DIAGONAL_MARK, BOTH_DIAGONALS_MARK, MAIN_DIAGONAL_MARK, WINDOW_MARK,
};
use doku::ui::ScreenLayout;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use ratatui::Terminal;
use std::time::{Duration, Instant};

fn themes() -> Themes {
    Themes::built_in(ColorDepth::TrueColor)
}

fn theme(name: &str) -> Theme {
    themes().get(name).expect("built-in theme").clone()
}

/// An easy 9x9 of `variant`, dealt from seed 11 (a jigsaw with its layout).
fn dealt(variant: Variant) -> doku::engine::Board {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let rules = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
    deal(rules, Difficulty::Easy, &mut rng).puzzle
}

fn app_on(variant: Variant, theme_name: &str, now: Instant) -> App {
    let game = Game::new(dealt(variant), Some(Difficulty::Easy), now);
    App::new(&Config::built_in(), themes(), theme(theme_name), game, 1)
}

fn draw(app: &App, now: Instant) -> Buffer {
    draw_at(app, now, 80, 24)
}

fn draw_at(app: &App, now: Instant, width: u16, height: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(AppView { app, now }, frame.area()))
        .expect("draws");
    terminal.backend().buffer().clone()
}

fn text(buf: &Buffer) -> String {
    let mut out = String::new();
    for y in 0..buf.area.height {
        let mut line = String::new();
        for x in 0..buf.area.width {
            line.push_str(buf[(x, y)].symbol());
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The screen position of the middle of a cell's rectangle.
fn cell_point(app: &App, cell: Cell) -> (u16, u16) {
    let shape = app.game.shape();
    let layout = ScreenLayout::new(shape, Rect::new(0, 0, 80, 24)).expect("fits 80x24");
    let g = &layout.geometry;
    let (r, c) = (shape.row(cell), shape.col(cell));
    (
        layout.board.x + g.col_x[c] + (g.cell_width - 1) / 2,
        layout.board.y + g.row_y[r] + (g.cell_height - 1) / 2,
    )
}

/// The first empty cell in reading order that `keep` accepts.
fn empty_cell(app: &App, keep: impl Fn(Cell) -> bool) -> Cell {
    let shape = app.game.shape();
    shape
        .cells()
        .find(|&c| app.game.value(c).is_none() && keep(c))
        .expect("such an empty cell")
}

/// Enters `digit` at `cell` as a player would (cursor there, the digit key).
fn enter_at(app: &mut App, cell: Cell, digit: u8, now: Instant) {
    let shape = app.game.shape();
    app.game.set_cursor(shape.row(cell), shape.col(cell));
    let key = char::from(b'0' + digit);
    app.handle_key(KeyEvent::new(KeyCode::Char(key), KeyModifiers::NONE), now);
}

#[test]
fn a_jigsaw_at_80x24_draws_its_regions_with_heavy_borders() {
    let now = Instant::now();
    let mut app = app_on(Variant::Jigsaw, "default", now);
    let shape = app.game.shape();
    assert!(shape.is_jigsaw());
    // A digit that repeats in a region (and in no row or column): the
    // message names the region.
    let (cell, digit) = shape
        .cells()
        .filter(|&c| app.game.value(c).is_none())
        .find_map(|c| {
            let region = shape.box_of(c);
            shape.cells().find_map(|g| {
                let d = app.game.value(g)?;
                let same_region = shape.box_of(g) == region;
                let line = shape.row(g) == shape.row(c) || shape.col(g) == shape.col(c);
                let elsewhere = shape
                    .cells()
                    .filter(|&o| app.game.value(o) == Some(d))
                    .all(|o| shape.row(o) != shape.row(c) && shape.col(o) != shape.col(c));
                (same_region && !line && elsewhere).then_some((c, d.get()))
            })
        })
        .expect("a region clash to make");
    enter_at(&mut app, cell, digit, now);
    let message = app.message.clone().expect("the clash is named");
    assert!(
        message.starts_with(&format!("two {digit}s in region ")),
        "{message}"
    );
    app.game.set_cursor(4, 4);
    let buf = draw(&app, now + Duration::from_secs(65));
    insta::assert_snapshot!("jigsaw_80x24", text(&buf));
    let screen = text(&buf);
    // Heavy borders turning inside the light grid.
    assert!(screen.contains('━') && screen.contains('┃'), "{screen}");
    assert!(
        [
            '╂', '┿', '┠', '┨', '┯', '┷', '╄', '╃', '╆', '╅', '╊', '╉', '╇', '╈'
        ]
        .iter()
        .any(|&g| screen.contains(g)),
        "{screen}"
    );
    // Neighbouring regions are shaded apart (away from the cursor's houses).
    let colours = region_colours(shape);
    let far = |c: Cell| !shape.sees(app.game.cursor(), c) && c != app.game.cursor();
    let mut checked = 0;
    for cell in shape.cells().filter(|&c| far(c)) {
        let right = shape.cell(shape.row(cell), (shape.col(cell) + 1).min(8));
        if right == cell || !far(right) || shape.box_of(right) == shape.box_of(cell) {
            continue;
        }
        let (a, b) = (cell_point(&app, cell), cell_point(&app, right));
        // Backgrounds away from digits' own styles: the left edge of a cell.
        assert_ne!(buf[(a.0 - 1, a.1)].bg, buf[(b.0 - 1, b.1)].bg, "{cell:?}");
        let ra = shape.box_of(cell).expect("region");
        let rb = shape.box_of(right).expect("region");
        assert_ne!(colours[ra], colours[rb]);
        checked += 1;
    }
    assert!(checked > 0, "some neighbouring regions were compared");
}

/// Between 80x24 (one-line cells) and 120x40 (roomy ones), a jigsaw keeps
/// its notes in pencil cells with a line under every row for the region
/// borders that run between them.
#[test]
fn a_jigsaw_at_100x30_shows_its_notes_in_ruled_pencil_cells() {
    let now = Instant::now();
    let mut app = app_on(Variant::Jigsaw, "default", now);
    let shape = app.game.shape();
    let cell = empty_cell(&app, |c| shape.row(c) > 0 && shape.col(c) > 0);
    app.game.set_cursor(shape.row(cell), shape.col(cell));
    for digit in [1, 6, 9] {
        app.game.toggle_note(digit, now);
    }
    app.game.set_cursor(0, 0);
    let area = Rect::new(0, 0, 100, 30);
    let layout = ScreenLayout::of_board(app.game.board(), area, None).expect("fits 100x30");
    let g = &layout.geometry;
    assert!(g.notes_inside());
    assert_eq!(g.cell_height, 2);
    assert!(
        g.hlines.iter().all(Option::is_some),
        "a line under every row"
    );
    let buf = draw_at(&app, now, 100, 30);
    insta::assert_snapshot!("jigsaw_100x30", text(&buf));
    // Notes in their pencil places, 1-5 over 6-9, in the notes' colour.
    let (x, y) = (
        layout.board.x + g.col_x[shape.col(cell)],
        layout.board.y + g.row_y[shape.row(cell)],
    );
    let note = theme("default").note().fg;
    for (digit, dx, dy) in [('1', 0, 0), ('6', 0, 1), ('9', 3, 1)] {
        let spot = &buf[(x + dx, y + dy)];
        assert_eq!(spot.symbol(), digit.to_string(), "note {digit}");
        assert_eq!(spot.fg, note.unwrap_or(spot.fg), "note {digit}'s colour");
    }
    // A region border between two rows of one column: heavy across.
    let border = (0..8)
        .flat_map(|r| (0..9).map(move |c| (r, c)))
        .find(|&(r, c)| shape.box_of(shape.cell(r, c)) != shape.box_of(shape.cell(r + 1, c)))
        .expect("regions stacked in some column");
    let (line_y, _) = g.hlines[border.0 + 1].expect("a line under the row");
    let mid_x = layout.board.x + g.col_x[border.1] + g.cell_width / 2;
    assert_eq!(buf[(mid_x, layout.board.y + line_y)].symbol(), "━");
    // A classic keeps the open pencil cells (no line between a box's rows).
    let classic = ScreenLayout::new(Shape::CLASSIC, area).expect("fits");
    assert_eq!(classic.geometry.cell_height, 2);
    assert!(classic.geometry.hlines.iter().any(Option::is_none));
}

#[test]
fn an_x_board_tints_and_marks_its_diagonals() {
    let now = Instant::now();
    let mut app = app_on(Variant::X, "default", now);
    app.game.set_cursor(0, 4);
    let buf = draw(&app, now);
    insta::assert_snapshot!("x_80x24", text(&buf));
    let shape = app.game.shape();
    let main = empty_cell(&app, |c| {
        shape.row(c) == shape.col(c) && shape.row(c) != 4 && shape.row(c) > 0
    });
    let anti = empty_cell(&app, |c| {
        shape.row(c) + shape.col(c) == 8 && shape.row(c) > 0
    });
    let plain = empty_cell(&app, |c| {
        shape.row(c) > 0 && shape.row(c) != shape.col(c) && shape.row(c) + shape.col(c) != 8
    });
    let (m, a, p) = (
        cell_point(&app, main),
        cell_point(&app, anti),
        cell_point(&app, plain),
    );
    assert_eq!(buf[m].symbol(), MAIN_DIAGONAL_MARK.to_string());
    assert_eq!(buf[a].symbol(), ANTI_DIAGONAL_MARK.to_string());
    assert_eq!(buf[p].symbol(), " ");
    let tint = theme("default").extra_house().bg;
    assert!(tint.is_some());
    assert_eq!(buf[m].bg, tint.expect("a tint"));
    assert_ne!(buf[p].bg, tint.expect("a tint"));
    if app.game.value(shape.cell(4, 4)).is_none() {
        assert_eq!(
            buf[cell_point(&app, shape.cell(4, 4))].symbol(),
            BOTH_DIAGONALS_MARK.to_string()
        );
    }
}

#[test]
fn a_windoku_board_marks_its_windows_without_colour() {
    let now = Instant::now();
    let app = app_on(Variant::Windoku, "mono", now);
    let buf = draw(&app, now);
    insta::assert_snapshot!("windoku_mono_80x24", text(&buf));
    let shape = app.game.shape();
    // Rows and columns 2-4 and 6-8 (counting from 1) are the windows.
    let in_window = |c: Cell| {
        let w = |i: usize| (1..=3).contains(&i) || (5..=7).contains(&i);
        w(shape.row(c)) && w(shape.col(c))
    };
    let marked = shape
        .cells()
        .filter(|&c| app.game.value(c).is_none() && c != app.game.cursor())
        .filter(|&c| buf[cell_point(&app, c)].symbol() == WINDOW_MARK.to_string())
        .count();
    let empty_in_windows = shape
        .cells()
        .filter(|&c| app.game.value(c).is_none() && in_window(c) && c != app.game.cursor())
        .count();
    assert_eq!(marked, empty_in_windows);
    assert!(marked > 0);
    // Nothing marks a cell outside the windows.
    for cell in shape.cells().filter(|&c| !in_window(c)) {
        assert_ne!(
            buf[cell_point(&app, cell)].symbol(),
            WINDOW_MARK.to_string()
        );
    }
}

#[test]
fn the_variant_key_chooses_the_next_deal_and_the_panel_says_so() {
    let now = Instant::now();
    let mut app = app_on(Variant::Classic, "default", now);
    assert_eq!(app.deals.next_variant, Variant::Classic);
    let key = app.keymap.keys_for(Action::CycleVariant);
    assert_eq!(key.first().map(String::as_str), Some("v"));
    assert_eq!(
        app.keymap.action_for(
            &KeyEvent::new(KeyCode::Char('v'), KeyModifiers::NONE),
            KeyContext::Play,
            9
        ),
        Some(Action::CycleVariant)
    );
    let mut seen = vec![];
    for _ in 0..Variant::ALL.len() {
        app.handle_key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::NONE), now);
        seen.push(app.deals.next_variant);
    }
    assert_eq!(seen[0], Variant::X);
    assert_eq!(
        *seen.last().expect("cycled"),
        Variant::Classic,
        "it wraps round"
    );
    while app.deals.next_variant != Variant::Jigsaw {
        app.handle_key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::NONE), now);
    }
    assert_eq!(
        app.message.as_deref(),
        Some("next deal: 9x9 jigsaw"),
        "the status line names the choice"
    );
    let screen = text(&draw(&app, now));
    assert!(screen.contains("9x9 jigsaw"), "{screen}");
}

/// Wikipedia's killer (no givens) from the published fixture.
fn published_killer() -> doku::engine::Board {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/killer/published.tsv"
    );
    let text = std::fs::read_to_string(path).expect("the killer fixture");
    let line = text
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("a killer");
    let puzzle = line.split('\t').next().expect("the puzzle field");
    doku::engine::format::parse_puzzle(puzzle, doku::engine::format::ShapeHint::Infer)
        .expect("reads")
}

fn killer_app(theme_name: &str, now: Instant) -> App {
    let game = Game::new(published_killer(), None, now);
    App::new(&Config::built_in(), themes(), theme(theme_name), game, 1)
}

/// A killer with a few notes, a digit and the cursor, as a player has it.
fn played_killer(theme_name: &str, now: Instant) -> App {
    let mut app = killer_app(theme_name, now);
    // r1c1-r1c2 is the 3-cage: notes 1 2 in both; 2 in r1c1.
    app.game.set_cursor(0, 1);
    app.game.toggle_note(1, now);
    app.game.toggle_note(2, now);
    enter_at(&mut app, Cell(0), 2, now);
    // r2c1: notes 3 6 8 9 beside the 15-cage's corner.
    app.game.set_cursor(1, 0);
    for d in [3, 6, 8, 9] {
        app.game.toggle_note(d, now);
    }
    // Every note in r3c3, inside the 22-cage.
    app.game.set_cursor(2, 2);
    for d in 1..=9 {
        app.game.toggle_note(d, now);
    }
    app.game.set_cursor(4, 4);
    app
}

/// Where a cell's rectangle starts on an 80x24 screen.
fn cell_corner(app: &App, r: usize, c: usize) -> (u16, u16) {
    let shape = app.game.shape();
    let layout = ScreenLayout::new(shape, Rect::new(0, 0, 80, 24)).expect("fits 80x24");
    let g = &layout.geometry;
    (layout.board.x + g.col_x[c], layout.board.y + g.row_y[r])
}

/// What the cage drawing must show in any theme at 80x24: the sums in
/// their corners, every note and digit beside them, dotted lines inside
/// cages and solid ones between, underlines where no line runs.
fn assert_killer_drawn(app: &App, buf: &Buffer) {
    use ratatui::style::Modifier;
    let at = |r: usize, c: usize, dx: u16, dy: u16| {
        let (x, y) = cell_corner(app, r, c);
        buf[(x + dx, y + dy)].clone()
    };
    let screen = text(buf);
    // The 3-cage's sum in r1c1's corner, its 2 in the middle.
    assert_eq!(at(0, 0, 0, 0).symbol(), "³", "{screen}");
    assert_eq!(at(0, 0, 2, 0).symbol(), "2", "{screen}");
    // The 15-cage at r1c3: units in the corner, tens on the line beside.
    assert_eq!(at(0, 2, 0, 0).symbol(), "⁵", "{screen}");
    let (x, y) = cell_corner(app, 0, 2);
    assert_eq!(buf[(x - 1, y)].symbol(), "¹", "{screen}");
    // r2c1 is the 25-cage's corner: its notes 3 6 8 9 all show beside ²⁵.
    assert_eq!(at(1, 0, 0, 0).symbol(), "⁵", "{screen}");
    assert_eq!(at(1, 0, 3, 0).symbol(), "3", "{screen}");
    for (dx, digit) in [(1, "6"), (3, "8"), (4, "9")] {
        assert_eq!(at(1, 0, dx, 1).symbol(), digit, "{screen}");
    }
    // Nine notes in r3c3: 1-4 after the corner, 5-9 under them.
    let notes: String = (1..5)
        .map(|dx| at(2, 2, dx, 0).symbol().to_string())
        .chain((0..5).map(|dx| at(2, 2, dx, 1).symbol().to_string()))
        .collect();
    assert_eq!(notes, "123456789", "{screen}");
    // Between r1c1 and r1c2 (one cage) the line is dotted; between r1c2
    // and r1c3 (two cages) it is solid, in the cage style.
    let (x1, y1) = cell_corner(app, 0, 1);
    let inside = &buf[(x1 - 1, y1 + 1)];
    assert_eq!(inside.symbol(), "┊", "{screen}");
    let border = &buf[(x - 1, y + 1)];
    assert_eq!(border.symbol(), "│", "{screen}");
    let cage = app.theme().cage_line();
    assert_eq!(border.fg, cage.fg.unwrap_or(border.fg));
    assert!(border.modifier.contains(cage.add_modifier), "{border:?}");
    assert_ne!(
        (inside.fg, inside.modifier),
        (border.fg, border.modifier),
        "inside and border look apart"
    );
    // r1c1 and r2c1 lie in two cages with no line between the rows: the
    // upper cell's last row is underlined; r1c6 and r2c6 share the
    // 22-cage: no underline.
    for dx in 0..5 {
        assert!(
            at(0, 0, dx, 1).modifier.contains(Modifier::UNDERLINED),
            "r1c1 +{dx}"
        );
        assert!(!at(0, 5, dx, 1).modifier.contains(Modifier::UNDERLINED));
    }
    // Sums are bold, in the cage style.
    assert!(at(0, 0, 0, 0).modifier.contains(Modifier::BOLD));
    // The status line names the variant; the panel the cage under the cursor.
    assert!(screen.contains("9x9 killer"), "{screen}");
    assert!(screen.contains("cage 17: 3 cells"), "{screen}");
    assert!(screen.contains("can be 179 269 278"), "{screen}");
}

#[test]
fn a_killer_at_80x24_draws_its_cages_and_sums_beside_the_notes() {
    let now = Instant::now();
    let app = played_killer("default", now);
    let buf = draw(&app, now);
    insta::assert_snapshot!("killer_80x24", text(&buf));
    assert_killer_drawn(&app, &buf);
    // In colour the cage lines are the theme's own colour.
    let (x, y) = cell_corner(&app, 0, 2);
    assert_eq!(
        buf[(x - 1, y + 1)].fg,
        theme("default").cage().fg.expect("a colour")
    );
}

#[test]
fn a_killer_reads_without_colour_in_the_mono_theme() {
    let now = Instant::now();
    let app = played_killer("mono", now);
    let buf = draw(&app, now);
    assert_killer_drawn(&app, &buf);
    let mono = theme("mono");
    for y in 0..24 {
        for x in 0..80 {
            let cell = &buf[(x, y)];
            assert!(
                matches!(cell.fg, ratatui::style::Color::Reset)
                    && matches!(cell.bg, ratatui::style::Color::Reset),
                "colour at {x},{y}: {cell:?}"
            );
        }
    }
    // Solid borders bold, dotted insides dim.
    let (x, y) = cell_corner(&app, 0, 1);
    assert!(buf[(x - 1, y + 1)]
        .modifier
        .contains(ratatui::style::Modifier::DIM));
    assert!(mono
        .cage_line()
        .add_modifier
        .contains(ratatui::style::Modifier::BOLD));
}

#[test]
fn a_killer_on_a_big_screen_writes_its_sums_on_the_lines_and_smaller_ones_still_draw() {
    let now = Instant::now();
    let app = played_killer("default", now);
    let mut terminal = Terminal::new(TestBackend::new(120, 40)).expect("test terminal");
    terminal
        .draw(|frame| frame.render_widget(AppView { app: &app, now }, frame.area()))
        .expect("draws");
    let screen = text(terminal.backend().buffer());
    insta::assert_snapshot!("killer_120x40", screen);
    assert!(screen.contains("┏3━━━"), "{screen}");
    assert!(screen.contains("┠25──"), "{screen}");
    for (w, h) in [(60u16, 20u16), (45, 18), (40, 16), (79, 23)] {
        let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test terminal");
        terminal
            .draw(|frame| frame.render_widget(AppView { app: &app, now }, frame.area()))
            .expect("draws");
        let screen = text(terminal.backend().buffer());
        assert!(screen.contains("9x9 killer"), "{w}x{h}\n{screen}");
        if (w, h) == (60, 20) {
            // One-row cells: r2c1 (the 25-cage's corner, notes only) has
            // its sum over it; the box rows' sums sit on their lines.
            assert!(screen.contains("²⁵"), "{screen}");
            assert!(screen.contains("┏3━━"), "{screen}");
        }
        assert!(
            screen.contains('┏') || screen.contains("too small"),
            "{w}x{h}\n{screen}"
        );
    }
}

#[test]
fn the_solver_view_draws_a_killers_cages_and_sums_too() {
    use doku::ui::watch_view::WatchView;
    use doku::watch::{Watch, WatchOptions};
    let puzzle = published_killer();
    let shipped = Config::built_in().watch;
    let options = WatchOptions {
        strategy: doku::engine::SearchKind::Naive,
        speed: shipped.speed,
        step_limit: shipped.step_limit,
        seed: 0,
    };
    let watch = Watch::new(&puzzle, &puzzle, options);
    let theme = theme("mono");
    let mut terminal = Terminal::new(TestBackend::new(80, 22)).expect("test terminal");
    terminal
        .draw(|frame| {
            frame.render_widget(
                WatchView {
                    watch: &watch,
                    theme: &theme,
                },
                frame.area(),
            )
        })
        .expect("draws");
    let screen = text(terminal.backend().buffer());
    // One-row cells with lines between all of them: sums on the lines.
    assert!(screen.contains("┏3━━━━━━┯15━━"), "{screen}");
    assert!(screen.contains("┠25─────┼17──"), "{screen}");
    assert!(screen.contains('┊') && screen.contains('╍'), "{screen}");
}
