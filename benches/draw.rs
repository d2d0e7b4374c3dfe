//! Drawing one frame of the play screen into a `TestBackend`: a 9x9 board
//! at 80x24 (bar: under 1 ms) and a 25x25 board at 120x40; and the conflict
//! scan that runs after every edit.

use criterion::{criterion_group, criterion_main, Criterion};
use doku::app::{App, AppView};
use doku::config::Config;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::{Board, Shape};
use doku::game::Game;
use doku::theme::{ColorDepth, Themes};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::hint::black_box;
use std::time::Instant;

const PUZZLE_9: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";

fn app(board: Board) -> App {
    let now = Instant::now();
    let themes = Themes::built_in(ColorDepth::TrueColor);
    let theme = themes.get("default").expect("default theme").clone();
    let mut game = Game::new(board, None, now);
    game.set_cursor(4, 4);
    App::new(&Config::built_in(), themes, theme, game, 1)
}

fn bench_draw(c: &mut Criterion) {
    let board9 = parse_puzzle(PUZZLE_9, ShapeHint::Infer).expect("puzzle");
    let app9 = app(board9.clone());
    let mut term9 = Terminal::new(TestBackend::new(80, 24)).expect("terminal");
    let now = Instant::now();
    c.bench_function("draw 9x9 frame at 80x24", |b| {
        b.iter(|| {
            term9
                .draw(|f| f.render_widget(AppView { app: &app9, now }, f.area()))
                .expect("draw");
        })
    });

    let shape25 = Shape::sudoku(25).expect("25x25");
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    // A full grid with every third cell blanked: drawing needs no uniqueness.
    let mut board25 = doku::engine::generator::full_grid(shape25, &mut rng);
    for cell in shape25.cells().filter(|c| c.0 % 3 == 0) {
        board25.set(cell, None);
    }
    let app25 = app(board25);
    let mut term25 = Terminal::new(TestBackend::new(120, 40)).expect("terminal");
    c.bench_function("draw 25x25 frame at 120x40", |b| {
        b.iter(|| {
            term25
                .draw(|f| f.render_widget(AppView { app: &app25, now }, f.area()))
                .expect("draw");
        })
    });

    let mut edited = board9;
    edited.set(doku::engine::Cell(1), doku::engine::Digit::new(2));
    c.bench_function("conflicts after an edit, 9x9", |b| {
        b.iter(|| black_box(&edited).conflicting_cells())
    });
}

criterion_group!(benches, bench_draw);
criterion_main!(benches);
