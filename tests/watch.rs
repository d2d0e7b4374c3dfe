//! The watch driver: every strategy ends in a valid solution, its steps
//! replay, results and limits, pacing and controls.

use doku::config::Config;
use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::{Board, Cell, Digit, Named, SearchKind, Shape, Step};
use doku::watch::{
    tick_interval, CellKind, Due, Pacer, RunEnd, Watch, WatchOptions, WatchStep, MAX_FPS, SPEEDS,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

mod common;

/// The seed puzzles that parse (the one with clashing givens does not).
fn seeds() -> Vec<(String, Board)> {
    common::seeds()
        .into_iter()
        .filter_map(|s| {
            let board = parse_puzzle(&s.puzzle, ShapeHint::Infer).ok()?;
            Some((s.name, board))
        })
        .collect()
}

fn seed(name: &str) -> Board {
    seeds()
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, b)| b)
        .unwrap_or_else(|| panic!("no seed named {name}"))
}

/// A puzzle of `shape` with about `keep` of a solution's cells given.
fn puzzle_with_givens(shape: Shape, keep: f64, seed: u64) -> Board {
    let full = Board::empty(shape)
        .solution()
        .unwrap_or_else(|| panic!("the empty {shape} has a solution"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = full.clone();
    for cell in shape.cells() {
        if !rng.random_bool(keep) {
            board.set(cell, None);
        }
    }
    board
}

/// The shipped config's speed and step limit, with `strategy`.
fn options(strategy: SearchKind) -> WatchOptions {
    let shipped = Config::built_in().watch;
    WatchOptions {
        strategy,
        speed: shipped.speed,
        step_limit: shipped.step_limit,
        seed: 0,
    }
}

fn assert_solves(name: &str, puzzle: &Board, strategy: SearchKind) {
    let mut watch = Watch::new(puzzle, puzzle, options(strategy));
    let outcome = watch.run_to_end();
    assert_eq!(outcome, RunEnd::Solved, "{name} {strategy}");
    let board = watch.board();
    assert!(board.is_solved(), "{name} {strategy}: {board:?}");
    for cell in puzzle.shape().cells() {
        if puzzle.get(cell).is_some() {
            assert_eq!(board.get(cell), puzzle.get(cell), "{name} {strategy}");
            assert_eq!(watch.kind(cell), CellKind::Given, "{name} {strategy}");
        }
    }
}

#[test]
fn every_strategy_solves_the_seed_puzzles() {
    for (name, puzzle) in seeds() {
        for &strategy in SearchKind::ALL {
            assert_solves(&name, &puzzle, strategy);
        }
    }
}

#[test]
fn every_strategy_solves_a_sample_of_the_shared_data() {
    let Some(easy) = common::shared_data(
        "kaggle_style_10k.txt",
        "every watch strategy on a sample of the shared data",
    ) else {
        return;
    };
    for (i, line) in easy.iter().take(5).enumerate() {
        let puzzle = parse_puzzle(line, ShapeHint::Infer).unwrap();
        for &strategy in SearchKind::ALL {
            assert_solves(&format!("kaggle #{i}"), &puzzle, strategy);
        }
    }
    // A 16x16 from the data: too open for naive backtracking to finish in
    // a test, so the three others.
    let Some(sixteen) = common::shared_data(
        "16x16_gecode_janko55.txt",
        "watch strategies on a 16x16 of the shared data",
    ) else {
        return;
    };
    let line = &sixteen[0];
    let puzzle = parse_puzzle(line, ShapeHint::Infer).unwrap();
    for strategy in [SearchKind::Mrv, SearchKind::MinConflicts] {
        assert_solves("16x16 janko", &puzzle, strategy);
    }
}

#[test]
fn every_strategy_works_on_every_size() {
    let mut shapes: Vec<Shape> = doku::config::SIZES
        .iter()
        .map(|&n| Shape::sudoku(n).unwrap())
        .collect();
    shapes.extend([3, 5, 7].iter().map(|&n| Shape::latin(n).unwrap()));
    for shape in shapes {
        let puzzle = puzzle_with_givens(shape, 0.8, 40 + shape.size() as u64);
        for &strategy in SearchKind::ALL {
            assert_solves(&shape.to_string(), &puzzle, strategy);
        }
    }
}

/// Applies one step to a board, as the steps themselves say.
fn replay(board: &mut Board, step: &WatchStep) {
    match step {
        WatchStep::Search(Step::Guess { cell, digit } | Step::Deduce { cell, digit, .. }) => {
            board.set(*cell, Some(*digit))
        }
        WatchStep::Search(Step::Undo { cell, .. }) => board.set(*cell, None),
        WatchStep::Search(Step::Solution(solution)) => assert_eq!(board, solution),
        WatchStep::Search(_) => {}
        WatchStep::Local(step) => match step {
            doku::engine::local_search::LocalStep::Swap { a, b, .. } => {
                let (x, y) = (board.get(*a), board.get(*b));
                board.set(*a, y);
                board.set(*b, x);
            }
            doku::engine::local_search::LocalStep::Restart { board: fresh, .. }
            | doku::engine::local_search::LocalStep::Generation { best: fresh, .. } => {
                *board = fresh.clone()
            }
            doku::engine::local_search::LocalStep::Solved(solution) => assert_eq!(board, solution),
            doku::engine::local_search::LocalStep::GaveUp(_) => {}
        },
    }
}

#[test]
fn replaying_the_steps_reproduces_every_intermediate_board() {
    for name in ["seed-9x9-a", "seed-4x4-c", "seed-9x9-medium"] {
        let puzzle = seed(name);
        for &strategy in SearchKind::ALL {
            let mut watch = Watch::new(&puzzle, &puzzle, options(strategy));
            let mut board = watch.engine_board();
            assert_eq!(
                &board,
                watch.board(),
                "{name} {strategy}: before the first step"
            );
            while watch.outcome().is_none() {
                watch.single_step();
                let step = watch.last_step().expect("a step was taken").clone();
                replay(&mut board, &step);
                assert_eq!(&board, watch.board(), "{name} {strategy} after {step:?}");
                assert_eq!(
                    board,
                    watch.engine_board(),
                    "{name} {strategy} after {step:?}"
                );
            }
            assert!(board.is_solved(), "{name} {strategy}");
        }
    }
}

/// Naive backtracking counted without the solver and without recursion:
/// returns (cells branched on, digits tried) up to the first solution.
fn naive_count(puzzle: &Board) -> (u64, u64, u64) {
    let shape = puzzle.shape();
    let empties: Vec<Cell> = shape.cells().filter(|&c| puzzle.get(c).is_none()).collect();
    let mut board = puzzle.clone();
    // next[i]: the next digit to try at empties[i].
    let mut next = vec![1u8; empties.len()];
    let (mut branched, mut tried) = (1u64, 0u64);
    let mut i = 0usize;
    while i < empties.len() {
        let cell = empties[i];
        let allowed = board.candidates(cell);
        let digit = (next[i]..=shape.size() as u8)
            .filter_map(Digit::new)
            .find(|&d| allowed.contains(d));
        match digit {
            Some(d) => {
                board.set(cell, Some(d));
                tried += 1;
                next[i] = d.get() + 1;
                i += 1;
                if i < empties.len() {
                    branched += 1;
                    next[i] = 1;
                }
            }
            None => {
                // Dead end: step back and take back the previous cell's digit.
                assert!(i > 0, "the puzzle has a solution");
                i -= 1;
                board.set(empties[i], None);
            }
        }
    }
    assert!(board.is_solved());
    (branched, tried, empties.len() as u64)
}

#[test]
fn naive_takes_a_known_number_of_steps_on_seed_9x9_a() {
    let puzzle = seed("seed-9x9-a");
    // Each cell branched on is one Focus; each digit tried is one Guess;
    // every branch off the solution path ends in one Backtrack, every guess
    // off it in one Undo; and one Solution step: 2F + 2G - 2E + 1 in all.
    let (focus, guesses, empties) = naive_count(&puzzle);
    let counted = 2 * focus + 2 * guesses - 2 * empties + 1;
    const NAIVE_STEPS_SEED_9X9_A: u64 = 22_195;
    assert_eq!(counted, NAIVE_STEPS_SEED_9X9_A);

    let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
    assert_eq!(watch.run_to_end(), RunEnd::Solved);
    let counters = watch.counters();
    assert_eq!(counters.steps, NAIVE_STEPS_SEED_9X9_A);
    assert_eq!(counters.guesses, guesses);
    assert_eq!(counters.backtracks, focus - empties);
    assert_eq!(counters.max_depth as u64, empties);
}

/// seed-9x9-a with one more digit, allowed by the rules but not the solution's.
fn contradicted_seed() -> (Board, Board) {
    let puzzle = seed("seed-9x9-a");
    let solution = puzzle.solution().unwrap();
    let mut entered = puzzle.clone();
    let (cell, digit) = puzzle
        .shape()
        .cells()
        .filter(|&c| puzzle.get(c).is_none())
        .find_map(|c| {
            let wrong = puzzle
                .candidates(c)
                .iter()
                .find(|&d| Some(d) != solution.get(c));
            wrong.map(|d| (c, d))
        })
        .unwrap();
    entered.set(cell, Some(digit));
    assert!(entered.conflicts().is_empty());
    (puzzle, entered)
}

#[test]
fn a_board_with_no_solution_ends_exhausted() {
    let (puzzle, entered) = contradicted_seed();
    for strategy in [SearchKind::Naive, SearchKind::Mrv] {
        let mut watch = Watch::new(&puzzle, &entered, options(strategy));
        assert!(watch.started_from_entries());
        assert_eq!(watch.run_to_end(), RunEnd::Exhausted, "{strategy}");
        assert_eq!(RunEnd::Exhausted.label(), "no solution");
    }
    // Clashing givens: every strategy, local ones included, says so at once.
    let values = "4010000433422401".bytes().map(|b| b - b'0').collect();
    let clashing = Board::from_values(Shape::sudoku(4).unwrap(), values).unwrap();
    for &strategy in SearchKind::ALL {
        let mut watch = Watch::new(&clashing, &clashing, options(strategy));
        assert_eq!(watch.run_to_end(), RunEnd::Exhausted, "{strategy}");
    }
}

#[test]
fn the_step_limit_ends_with_limit() {
    let (puzzle, entered) = contradicted_seed();
    for &strategy in SearchKind::ALL {
        let opts = WatchOptions {
            step_limit: 300,
            ..options(strategy)
        };
        // Local searches cannot prove there is no solution; the exact solver
        // does, at once, so they are not run into the limit (issue 12).
        let mut watch = Watch::new(&puzzle, &entered, opts);
        let outcome = watch.run_to_end();
        if strategy.is_backtracking() {
            // 300 steps are too few for naive to exhaust this board, and mrv
            // proves it quickly.
            let expected = if strategy == SearchKind::Naive {
                RunEnd::LimitReached
            } else {
                RunEnd::Exhausted
            };
            assert_eq!(outcome, expected, "{strategy}");
        } else {
            assert_eq!(outcome, RunEnd::Exhausted, "{strategy}");
            assert_eq!(watch.counters().steps, 0, "{strategy}");
        }
        if outcome == RunEnd::LimitReached {
            assert_eq!(watch.counters().steps, 300, "{strategy}");
        }
    }
    assert_eq!(RunEnd::LimitReached.label(), "step limit reached");
}

#[test]
fn a_naive_search_stopped_by_the_step_limit_suggests_a_smarter_strategy() {
    // `f` on naive backtracking ran into the limit and left the player there.
    let (puzzle, entered) = contradicted_seed();
    let theme = doku::theme::Themes::built_in(doku::theme::ColorDepth::TrueColor)
        .get("default")
        .expect("built-in")
        .clone();
    let panel = |strategy: SearchKind| {
        let opts = WatchOptions {
            step_limit: 300,
            ..options(strategy)
        };
        let mut watch = Watch::new(&puzzle, &entered, opts);
        let outcome = watch.run_to_end();
        let text: Vec<String> = doku::ui::watch_view::panel_lines(&watch, &theme)
            .iter()
            .map(|line| line.to_string())
            .collect();
        (outcome, text.join("\n"))
    };
    let (outcome, text) = panel(SearchKind::Naive);
    assert_eq!(outcome, RunEnd::LimitReached);
    assert!(text.contains("switch strategy to mrv"), "{text}");
    let (outcome, text) = panel(SearchKind::Mrv);
    assert_eq!(outcome, RunEnd::Exhausted);
    assert!(!text.contains("switch strategy"), "{text}");
}

#[test]
fn the_pacer_runs_one_step_per_tick_when_slow_and_batches_when_fast() {
    // One step per second: ticks every second, one step each.
    assert_eq!(tick_interval(1.0), Duration::from_secs(1));
    let mut pacer = Pacer::default();
    assert_eq!(pacer.due(1.0, Duration::from_secs(1)), Due::Steps(1));
    assert_eq!(pacer.due(1.0, Duration::from_millis(500)), Due::Steps(0));
    assert_eq!(pacer.due(1.0, Duration::from_millis(500)), Due::Steps(1));
    // 20 steps per second stays below the frame cap: one step per tick.
    assert_eq!(tick_interval(20.0), Duration::from_millis(50));
    // 1000 steps per second: frames at the cap, about 33 steps each, and
    // the fractions add up to the speed over a second.
    let frame = tick_interval(1000.0);
    assert_eq!(frame, Duration::from_secs_f64(1.0 / MAX_FPS));
    let total: u64 = (0..30)
        .map(|_| match pacer.due(1000.0, frame) {
            Due::Steps(n) => {
                assert!((33..=34).contains(&n), "{n}");
                n
            }
            other => panic!("{other:?}"),
        })
        .sum();
    assert!((999..=1001).contains(&total), "{total}");
    // After a stall, no backlog: at most two frames' worth.
    assert_eq!(
        Pacer::default().due(1000.0, Duration::from_secs(10)),
        Due::Steps(66)
    );
    assert_eq!(
        Pacer::default().due(5.0, Duration::from_secs(10)),
        Due::Steps(1)
    );
    // Full speed: a time budget within one frame.
    match Pacer::default().due(f64::INFINITY, frame) {
        Due::For(budget) => assert!(budget < frame && budget > Duration::ZERO),
        other => panic!("{other:?}"),
    }
}

#[test]
fn speed_stops_run_from_one_per_second_to_full_speed() {
    assert!((11..=14).contains(&SPEEDS.len()));
    let puzzle = seed("seed-9x9-a");
    let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Mrv));
    for _ in 0..SPEEDS.len() {
        watch.slower();
    }
    assert_eq!(watch.speed(), 1.0);
    watch.slower();
    assert_eq!(watch.speed(), 1.0, "no stop below the slowest");
    let mut seen = vec![watch.speed()];
    for _ in 0..SPEEDS.len() {
        watch.faster();
        seen.push(watch.speed());
    }
    seen.dedup();
    assert_eq!(seen, SPEEDS.to_vec());
    assert!(watch.speed().is_infinite());
    // A speed between stops moves to the neighbouring stops.
    watch.set_speed(30.0);
    watch.faster();
    assert_eq!(watch.speed(), 50.0);
    watch.set_speed(30.0);
    watch.slower();
    assert_eq!(watch.speed(), 20.0);
}

#[test]
fn pause_single_step_and_ticks() {
    let puzzle = seed("seed-9x9-a");
    let opts = WatchOptions {
        speed: 10.0,
        ..options(SearchKind::Naive)
    };
    let mut watch = Watch::new(&puzzle, &puzzle, opts);
    assert_eq!(watch.next_tick(), Some(Duration::from_millis(100)));
    watch.tick(Duration::from_millis(100));
    assert_eq!(watch.counters().steps, 1);
    watch.tick(Duration::from_millis(300));
    assert_eq!(
        watch.counters().steps,
        2,
        "no backlog at 10 steps per second"
    );
    assert_eq!(watch.elapsed(), Duration::from_millis(400));

    watch.toggle_pause();
    assert!(watch.is_paused());
    assert_eq!(watch.next_tick(), None, "paused: nothing to wake up for");
    watch.tick(Duration::from_secs(5));
    assert_eq!(watch.counters().steps, 2);
    assert_eq!(
        watch.elapsed(),
        Duration::from_millis(400),
        "the clock stops"
    );
    watch.single_step();
    assert_eq!(watch.counters().steps, 3);
    watch.toggle_pause();
    assert!(watch.next_tick().is_some());

    // Finish now: full speed until the result, then nothing more to tick.
    watch.finish();
    assert!(watch.speed().is_infinite());
    while watch.outcome().is_none() {
        watch.tick(tick_interval(watch.speed()));
    }
    assert_eq!(watch.outcome(), Some(RunEnd::Solved));
    assert_eq!(watch.next_tick(), None);
    assert!(watch.board().is_solved());
}

#[test]
fn a_full_speed_frame_stays_about_a_frame_long_on_a_big_board() {
    let puzzle = puzzle_with_givens(Shape::sudoku(25).unwrap(), 0.3, 9);
    for &strategy in SearchKind::ALL {
        let mut watch = Watch::new(&puzzle, &puzzle, options(strategy));
        watch.finish();
        let began = std::time::Instant::now();
        watch.tick(tick_interval(watch.speed()));
        let took = began.elapsed();
        // The budget is 60% of a 1/30 s frame (20 ms); allow for a busy
        // machine. (Checking the clock every 256 generations took 180 ms.)
        assert!(took < Duration::from_millis(100), "{strategy}: {took:?}");
        assert!(watch.counters().steps > 0, "{strategy}");
    }
}

#[test]
fn next_strategy_restarts_from_the_start_board() {
    let puzzle = seed("seed-9x9-a");
    let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
    watch.advance(50);
    assert_ne!(watch.board(), &puzzle);
    let mut order = vec![watch.strategy()];
    for _ in 0..4 {
        watch.next_strategy();
        order.push(watch.strategy());
        assert_eq!(watch.counters().steps, 0);
        assert_eq!(watch.outcome(), None);
        for cell in puzzle.shape().cells() {
            assert_eq!(
                watch.board().get(cell).is_some() && puzzle.get(cell).is_none(),
                !watch.strategy().is_backtracking() && puzzle.get(cell).is_none(),
                "backtracking starts from the givens, local search from a full fill"
            );
        }
    }
    assert_eq!(
        order,
        [
            SearchKind::Naive,
            SearchKind::Mrv,
            SearchKind::MinConflicts,
            SearchKind::Genetic,
            SearchKind::Naive
        ]
    );
}

#[test]
fn cell_kinds_follow_the_steps() {
    let puzzle = seed("seed-9x9-a");
    let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
    for cell in puzzle.shape().cells() {
        let expected = if puzzle.get(cell).is_some() {
            CellKind::Given
        } else {
            CellKind::Empty
        };
        assert_eq!(watch.kind(cell), expected, "{cell:?} before the first step");
    }

    // Naive: focus r1c2, then guess 1 there... (the first empty cell).
    let r1c2 = Cell(1);
    watch.single_step();
    assert_eq!(watch.kind(r1c2), CellKind::Focus);
    assert_eq!(watch.focus(), &[r1c2]);
    assert_eq!(watch.board().get(r1c2), None);
    watch.single_step();
    assert!(watch.board().get(r1c2).is_some());
    assert_eq!(watch.base_kind(r1c2), CellKind::Guess);

    // Run on until an undo: the undone cell shows as backtracked.
    loop {
        watch.single_step();
        if let Some(WatchStep::Search(Step::Undo { cell, .. })) = watch.last_step().cloned() {
            assert_eq!(watch.base_kind(cell), CellKind::Backtracked);
            assert_eq!(watch.board().get(cell), None);
            break;
        }
    }
    assert!(watch.counters().backtracks >= 1);
    assert!(watch.counters().depth >= 1);
    assert!(!watch.choices().is_empty());

    // MRV deduces; the deduced cells are marked so.
    let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Mrv));
    watch.run_to_end();
    let deduced = puzzle
        .shape()
        .cells()
        .filter(|&c| watch.kind(c) == CellKind::Deduced)
        .count();
    assert!(deduced > 0);

    // Local search: conflicting cells are exactly the board's.
    let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::MinConflicts));
    watch.tick(Duration::from_millis(100));
    let marks = watch.board().conflicting_cells();
    for cell in puzzle.shape().cells() {
        let kind = watch.base_kind(cell);
        if puzzle.get(cell).is_none() {
            assert_eq!(
                kind == CellKind::Conflicting,
                marks[cell.index()],
                "{cell:?}"
            );
        }
    }
    assert_eq!(watch.counters().conflicts, watch.board().conflicts().len());

    // Genetic: the generation and restart counters follow the search.
    let hard = seed("seed-9x9-hard");
    let mut watch = Watch::new(&hard, &hard, options(SearchKind::Genetic));
    watch.run_to_end();
    let c = watch.counters();
    assert_eq!(c.generation, c.steps);
    assert!(
        c.restarts > 0,
        "the hard seed needs a restart or more: {c:?}"
    );
}

#[test]
fn player_entries_are_kept_and_marked() {
    let puzzle = seed("seed-9x9-a");
    let solution = puzzle.solution().unwrap();
    let mut entered = puzzle.clone();
    let cell = Cell(1);
    entered.set(cell, solution.get(cell));
    for &strategy in SearchKind::ALL {
        let mut watch = Watch::new(&puzzle, &entered, options(strategy));
        assert_eq!(watch.kind(cell), CellKind::Entry);
        assert_eq!(watch.run_to_end(), RunEnd::Solved);
        assert_eq!(watch.board(), &solution);
    }
}

#[test]
fn strategy_names_parse_and_bad_ones_list_the_choices() {
    for &s in SearchKind::ALL {
        assert_eq!(SearchKind::parse_named(s.name()), Ok(s));
    }
    assert_eq!(SearchKind::parse_named("MRV"), Ok(SearchKind::Mrv));
    let err = SearchKind::parse_named("dfs").unwrap_err();
    assert!(
        err.contains("\"dfs\"") && err.contains("naive, mrv, min-conflicts, genetic"),
        "{err}"
    );
}

/// Steps and time of each strategy on the seed puzzles (`--ignored --nocapture`).
#[test]
#[ignore]
fn survey_seed_puzzles() {
    for (name, board) in seeds() {
        for &strategy in SearchKind::ALL {
            let t = std::time::Instant::now();
            let mut w = Watch::new(&board, &board, options(strategy));
            let o = w.run_to_end();
            eprintln!(
                "{name}\t{strategy}\t{}\t{} steps\t{:?}",
                o.label(),
                w.counters().steps,
                t.elapsed()
            );
        }
    }
}

/// The view drawn into a `TestBackend`: whole-screen insta snapshots in
/// `tests/snapshots/` (see `tests/ui_snapshots.rs` on reviewing a change),
/// and the styles of the cells that carry meaning.
mod view {
    use super::*;
    use doku::app::{App, Screen};
    use doku::config::Config;
    use doku::game::Game;
    use doku::theme::{ColorDepth, Theme, Themes};
    use doku::ui::watch_view::{WatchLayout, WatchView};
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
    use ratatui::layout::Rect;
    use ratatui::style::Style;
    use ratatui::Terminal;
    use std::time::Instant;

    fn theme() -> Theme {
        Themes::built_in(ColorDepth::TrueColor)
            .get("default")
            .expect("the default theme")
            .clone()
    }

    fn draw(watch: &Watch, width: u16, height: u16) -> Buffer {
        let theme = theme();
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal
            .draw(|frame| {
                frame.render_widget(
                    WatchView {
                        watch,
                        theme: &theme,
                    },
                    frame.area(),
                )
            })
            .unwrap();
        terminal.backend().buffer().clone()
    }

    fn text(buf: &Buffer) -> String {
        let mut out = String::new();
        for y in 0..buf.area.height {
            let line: String = (0..buf.area.width).map(|x| buf[(x, y)].symbol()).collect();
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out
    }

    fn check(name: &str, buf: &Buffer) {
        insta::assert_snapshot!(name, text(buf));
    }

    /// Where a cell's digit is drawn.
    fn position(watch: &Watch, area: Rect, cell: Cell) -> (u16, u16) {
        let layout = WatchLayout::new(watch, area).expect("the board fits");
        let shape = watch.board().shape();
        let g = &layout.geometry;
        let (r, c) = (shape.row(cell), shape.col(cell));
        (
            layout.board.x + g.col_x[c] + (g.cell_width - 1) / 2,
            layout.board.y + g.row_y[r] + (g.cell_height - 1) / 2,
        )
    }

    fn assert_styled(buf: &Buffer, at: (u16, u16), style: Style, what: &str) {
        let cell = &buf[at];
        if let Some(fg) = style.fg {
            assert_eq!(cell.fg, fg, "{what} at {at:?}: foreground");
        }
        assert!(
            cell.modifier.contains(style.add_modifier),
            "{what} at {at:?}: {:?} lacks {:?}",
            cell.modifier,
            style.add_modifier
        );
    }

    /// Naive on seed-9x9-a, stepped until just after the first undo.
    fn mid_search() -> Watch {
        let puzzle = seed("seed-9x9-a");
        let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
        loop {
            watch.single_step();
            if matches!(
                watch.last_step(),
                Some(WatchStep::Search(Step::Undo { .. }))
            ) {
                return watch;
            }
        }
    }

    #[test]
    fn mid_search_snapshot_and_styles_of_focus_guess_and_backtrack() {
        let watch = mid_search();
        let area = Rect::new(0, 0, 80, 24);
        let buf = draw(&watch, 80, 24);
        check("watch_naive_mid_search_80x24", &buf);
        let theme = theme();
        let shape = watch.board().shape();

        let undone = match watch.last_step() {
            Some(WatchStep::Search(Step::Undo { cell, .. })) => *cell,
            other => panic!("{other:?}"),
        };
        // The undone cell is the focus now.
        assert_eq!(watch.kind(undone), CellKind::Focus);
        assert_styled(
            &buf,
            position(&watch, area, undone),
            theme.solver_focus(),
            "focus",
        );

        let guess = shape
            .cells()
            .find(|&c| watch.kind(c) == CellKind::Guess)
            .expect("a guess on the board");
        assert_styled(
            &buf,
            position(&watch, area, guess),
            theme.solver_guess(),
            "guess",
        );

        let given = shape
            .cells()
            .find(|&c| watch.kind(c) == CellKind::Given)
            .unwrap();
        assert_styled(&buf, position(&watch, area, given), theme.given(), "given");

        // Further on, a cell the search retreated from is marked in the
        // backtrack style.
        let mut watch = watch;
        let backtracked = (0..10_000)
            .find_map(|_| {
                watch.single_step();
                shape
                    .cells()
                    .find(|&c| watch.kind(c) == CellKind::Backtracked)
            })
            .expect("a backtracked cell");
        let buf = draw(&watch, 80, 24);
        let at = position(&watch, area, backtracked);
        assert_styled(&buf, at, theme.solver_backtrack(), "backtrack");
        assert!(
            watch.ghost(backtracked).is_some(),
            "the digit taken back is known"
        );
        assert_eq!(buf[at].symbol(), "·", "a dot marks the retreat");
    }

    #[test]
    fn the_panel_shows_counters_and_the_stack_when_wide() {
        let watch = mid_search();
        let buf = draw(&watch, 120, 40);
        check("watch_naive_mid_search_120x40", &buf);
        let screen = text(&buf);
        let c = watch.counters();
        for expected in [
            "strategy   naive".to_string(),
            format!("steps      {}", c.steps),
            format!("guesses    {}", c.guesses),
            format!("backtracks {}", c.backtracks),
            format!("depth      {} (max {})", c.depth, c.max_depth),
            "result     searching".to_string(),
            "depth over time".to_string(),
            "stack of choices".to_string(),
        ] {
            assert!(
                screen.contains(&expected),
                "{expected:?} missing:\n{screen}"
            );
        }
    }

    #[test]
    fn each_result_is_shown() {
        let puzzle = seed("seed-9x9-a");
        let mut solved = Watch::new(&puzzle, &puzzle, options(SearchKind::Mrv));
        solved.run_to_end();
        let buf = draw(&solved, 80, 24);
        check("watch_mrv_solved_80x24", &buf);
        assert!(text(&buf).contains("result     solved"));
        let theme = theme();
        let deduced = puzzle
            .shape()
            .cells()
            .find(|&c| solved.kind(c) == CellKind::Deduced)
            .unwrap();
        let area = Rect::new(0, 0, 80, 24);
        assert_styled(
            &buf,
            position(&solved, area, deduced),
            theme.solver_deduce(),
            "deduced",
        );

        let (givens, entered) = contradicted_seed();
        let mut none = Watch::new(&givens, &entered, options(SearchKind::Mrv));
        none.run_to_end();
        let buf = draw(&none, 80, 24);
        check("watch_mrv_no_solution_80x24", &buf);
        assert!(text(&buf).contains("result     no solution"));
        assert!(text(&buf).contains("one of your entries is wrong"));

        let limited = WatchOptions {
            step_limit: 500,
            ..options(SearchKind::Naive)
        };
        let mut limit = Watch::new(&puzzle, &puzzle, limited);
        limit.run_to_end();
        let buf = draw(&limit, 80, 24);
        check("watch_naive_limit_80x24", &buf);
        assert!(text(&buf).contains("step limit reached"));
        assert!(text(&buf).contains("steps      500"));
    }

    #[test]
    fn local_searches_say_up_front_that_a_board_has_no_solution() {
        let (givens, entered) = contradicted_seed();
        for strategy in [SearchKind::MinConflicts, SearchKind::Genetic] {
            let watch = Watch::new(&givens, &entered, options(strategy));
            assert_eq!(watch.outcome(), Some(RunEnd::Exhausted), "{strategy}");
            assert_eq!(watch.counters().steps, 0, "{strategy}: not run at all");
            let screen = text(&draw(&watch, 80, 24));
            assert!(screen.contains("no solution"), "{screen}");
            assert!(screen.contains("exact solver"), "{screen}");
        }
        // A solvable board runs as before.
        let puzzle = seed("seed-9x9-a");
        let watch = Watch::new(&puzzle, &puzzle, options(SearchKind::MinConflicts));
        assert_eq!(watch.outcome(), None);
    }

    #[test]
    fn the_last_step_is_said_in_words_and_the_legend_names_each_style() {
        let watch = mid_search();
        let screen = text(&draw(&watch, 80, 24));
        // mid_search stops just after an undo.
        assert!(screen.contains("undo r"), "{screen}");
        let theme = theme();
        for (word, style) in [
            ("guess", theme.solver_guess()),
            ("deduced", theme.solver_deduce()),
            ("undone", theme.solver_backtrack()),
        ] {
            let buf = draw(&watch, 80, 24);
            let line = (0..24)
                .find(|&y| {
                    let row: String = (0..80).map(|x| buf[(x, y)].symbol()).collect();
                    row.contains("given guess deduced")
                })
                .expect("a legend line");
            let row: String = (0..80).map(|x| buf[(x, line)].symbol()).collect();
            let at = row.find(word).expect("the word") as u16;
            // Byte offset to column: the row is ASCII up to the panel text
            // except the box characters, so count chars instead.
            let col = row[..at as usize].chars().count() as u16;
            assert_eq!(buf[(col, line)].fg, style.fg.expect("a colour"), "{word}");
        }
        // A guess says how many candidates the cell had.
        let puzzle = seed("seed-9x9-a");
        let mut guessing = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
        while !matches!(
            guessing.last_step(),
            Some(WatchStep::Search(Step::Guess { .. }))
        ) {
            guessing.single_step();
        }
        let said = doku::ui::watch_view::step_text(&guessing).expect("words");
        assert!(
            said.starts_with("guess r") && said.ends_with("candidates)"),
            "{said}"
        );
        // Backtracking names the cell with no digit left.
        let mut stuck = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
        while !matches!(
            stuck.last_step(),
            Some(WatchStep::Search(Step::Backtrack { cell: Some(_) }))
        ) {
            stuck.single_step();
        }
        let said = doku::ui::watch_view::step_text(&stuck).expect("words");
        assert!(said.ends_with("has no digit left"), "{said}");
    }

    #[test]
    fn solver_guesses_and_local_search_digits_are_not_the_players_blue() {
        let theme = theme();
        assert_ne!(theme.solver_guess().fg, theme.entry().fg);
        assert_ne!(theme.solver_digit().fg, theme.entry().fg);
        let puzzle = seed("seed-9x9-a");
        let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::MinConflicts));
        watch.advance(50);
        let placed = puzzle
            .shape()
            .cells()
            .find(|&c| watch.kind(c) == CellKind::Placed)
            .expect("a solver digit with no clash");
        let buf = draw(&watch, 80, 24);
        let at = position(&watch, Rect::new(0, 0, 80, 24), placed);
        assert_eq!(buf[at].fg, theme.solver_digit().fg.expect("colour"));
    }

    #[test]
    fn paused_is_said_and_the_stack_fills_the_panel() {
        let now = Instant::now();
        let puzzle = seed("seed-9x9-a");
        let game = Game::new(puzzle.clone(), None, now);
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let mut app = App::new(&Config::built_in(), themes.clone(), theme(), game, 1);
        app.act(doku::keymap::Action::ToggleWatch, now);
        app.handle_key(key(' '), now);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal
            .draw(|frame| frame.render_widget(doku::app::AppView { app: &app, now }, frame.area()))
            .unwrap();
        let screen = text(terminal.backend().buffer());
        let status = screen.lines().rev().nth(1).unwrap_or_default().to_string();
        assert!(status.contains("paused"), "{screen}");

        // Deep in a naive search, every row the panel has left holds a choice.
        let mut deep = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
        while deep.choices().len() < 30 {
            deep.single_step();
        }
        let screen = text(&draw(&deep, 80, 24));
        let shown = screen
            .lines()
            .filter_map(|l| l.split('│').rev().nth(1))
            .filter(|panel| {
                panel.contains(" = ")
                    && panel.trim_start().starts_with(|c: char| c.is_ascii_digit())
            })
            .count();
        assert!(screen.contains("more above"), "{screen}");
        assert!(shown >= 3, "{shown} choices shown:\n{screen}");
    }

    #[test]
    fn after_f_the_depth_graph_spans_the_panel() {
        let puzzle = seed("seed-9x9-a");
        let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::Naive));
        watch.tick(std::time::Duration::from_millis(100));
        watch.tick(std::time::Duration::from_millis(100));
        watch.run_to_end();
        assert!(watch.history().len() < 10, "only a few samples");
        let buf = draw(&watch, 120, 40);
        let screen = text(&buf);
        let bars = screen
            .lines()
            .map(|l| l.chars().filter(|c| "▁▂▃▄▅▆▇█".contains(*c)).count())
            .max()
            .unwrap_or(0);
        // Unstretched, the three samples would fill three columns.
        assert!(bars >= 8, "{bars} columns of graph:\n{screen}");
    }

    #[test]
    fn local_search_colours_its_conflicts() {
        let puzzle = seed("seed-9x9-a");
        let mut watch = Watch::new(&puzzle, &puzzle, options(SearchKind::MinConflicts));
        watch.advance(3);
        watch.tick(Duration::ZERO);
        let buf = draw(&watch, 80, 24);
        let screen = text(&buf);
        assert!(screen.contains("strategy   min-conflicts"), "{screen}");
        assert!(screen.contains(&format!("conflicts  {}", watch.counters().conflicts)));
        let theme = theme();
        let area = Rect::new(0, 0, 80, 24);
        let conflicting = puzzle
            .shape()
            .cells()
            .find(|&c| watch.kind(c) == CellKind::Conflicting)
            .expect("a fresh fill has conflicts");
        assert_styled(
            &buf,
            position(&watch, area, conflicting),
            theme.conflict(),
            "conflict",
        );
    }

    #[test]
    fn narrow_and_tiny_screens_never_panic() {
        let watch = mid_search();
        let narrow = text(&draw(&watch, 44, 24));
        assert!(
            narrow.contains("naive ·"),
            "a summary line instead of the panel:\n{narrow}"
        );
        for (w, h) in [(1, 1), (10, 5), (30, 12), (200, 3)] {
            let _ = draw(&watch, w, h);
        }
        let big = Watch::new(
            &puzzle_with_givens(Shape::sudoku(25).unwrap(), 0.5, 1),
            &puzzle_with_givens(Shape::sudoku(25).unwrap(), 0.5, 1),
            options(SearchKind::Mrv),
        );
        assert!(text(&draw(&big, 40, 20)).contains("Terminal too small"));
    }

    fn key(ch: char) -> KeyEvent {
        KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE)
    }

    #[test]
    fn the_app_enters_drives_and_leaves_the_view_leaving_the_game_as_it_was() {
        let now = Instant::now();
        let game = Game::new(seed("seed-9x9-a"), None, now);
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let mut app = App::new(&Config::built_in(), themes, theme(), game, 7);
        app.handle_key(key('1'), now);
        let before = app.game.board().clone();

        app.handle_key(key('a'), now);
        assert_eq!(app.screen(), Screen::Watching);
        let watch = app.watch().expect("a watch");
        assert_eq!(watch.strategy(), SearchKind::Mrv, "the config's strategy");
        // The config starts from the player's entries.
        assert_eq!(watch.start(), &before);
        assert!(app.next_wakeup(now).is_some(), "the view animates");

        app.handle_key(KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE), now);
        assert!(app.watch().unwrap().is_paused());
        assert_eq!(app.next_wakeup(now), None, "paused: the loop sleeps");
        app.handle_key(key('.'), now);
        assert_eq!(app.watch().unwrap().counters().steps, 1);
        let speed = app.watch().unwrap().speed();
        app.handle_key(key('+'), now);
        assert!(app.watch().unwrap().speed() > speed);
        app.handle_key(key('-'), now);
        app.handle_key(key('-'), now);
        assert!(app.watch().unwrap().speed() < speed);
        app.handle_key(key('s'), now);
        assert_eq!(app.watch().unwrap().strategy(), SearchKind::MinConflicts);
        app.handle_key(key('s'), now);
        app.handle_key(key('s'), now);
        assert_eq!(app.watch().unwrap().strategy(), SearchKind::Naive);
        app.handle_key(key('f'), now);
        let mut t = now;
        while app.watch().unwrap().outcome().is_none() {
            t += Duration::from_millis(34);
            app.on_tick(t);
        }
        assert_eq!(app.watch().unwrap().outcome(), Some(RunEnd::Solved));

        app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE), t);
        assert_eq!(app.screen(), Screen::Playing);
        assert!(app.watch().is_none());
        assert_eq!(app.game.board(), &before, "the game is untouched");
        app.handle_key(key('a'), t);
        assert_eq!(app.screen(), Screen::Watching);
        assert_eq!(
            app.watch().unwrap().strategy(),
            SearchKind::Naive,
            "the view reopens with the strategy it was left with"
        );
        app.handle_key(key('a'), t);
        assert_eq!(app.screen(), Screen::Playing);
        app.handle_key(key('q'), t);
        assert!(app.quit);
    }

    #[test]
    fn the_loop_deals_the_next_puzzle_after_a_solve() {
        let now = Instant::now();
        let game = Game::new(seed("seed-4x4-a"), None, now);
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let mut app = App::new(&Config::built_in(), themes, theme(), game, 3);
        app.set_watch_loop(true);
        app.handle_key(key('a'), now);
        app.handle_key(key('f'), now);
        let mut t = now;
        while app.watch().unwrap().outcome().is_none() {
            t += Duration::from_millis(34);
            app.on_tick(t);
        }
        let first = app.game.givens().clone();
        // The solved board stays a moment, then the next deal starts.
        app.on_tick(t + Duration::from_millis(500));
        assert!(!app.is_dealing(), "the solved board is shown first");
        assert_eq!(app.game.givens(), &first);
        assert_eq!(app.watch().unwrap().outcome(), Some(RunEnd::Solved));
        app.on_tick(t + Duration::from_secs(3));
        // The deal runs on a thread (and may be done already).
        app.finish_deal();
        assert_eq!(app.screen(), Screen::Watching);
        let watch = app.watch().unwrap();
        assert_eq!(watch.outcome(), None, "a fresh run");
        assert_eq!(watch.givens(), app.game.givens());
        assert_ne!(app.game.givens(), &first, "a new puzzle");
    }
}
