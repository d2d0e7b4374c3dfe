//! The game's rules as plain state transitions: no terminal.

use doku::engine::format::{parse_puzzle, ShapeHint};
use doku::engine::{Board, Candidates, Cell, Digit};
use doku::game::{Direction, Game, HintLevel, Outcome};
use std::time::{Duration, Instant};

/// seed-9x9-a from the shared fixtures, and its solution.
const PUZZLE: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
const SOLUTION: &str =
    "293614785586237149417589623852146397974325816631798452145973268368452971729861534";

fn board(text: &str) -> Board {
    parse_puzzle(text, ShapeHint::Infer).expect("test puzzle parses")
}

fn game() -> (Game, Instant) {
    let now = Instant::now();
    (Game::new(board(PUZZLE), None, now), now)
}

fn digit(d: u8) -> Digit {
    Digit::new(d).expect("nonzero")
}

fn go(game: &mut Game, row: usize, col: usize) {
    game.set_cursor(row, col);
    assert_eq!(game.cursor(), game.shape().cell(row, col));
}

fn cell(game: &Game, row: usize, col: usize) -> Cell {
    game.shape().cell(row, col)
}

/// Digit the solution holds at (row, col).
fn answer(row: usize, col: usize) -> u8 {
    SOLUTION.as_bytes()[row * 9 + col] - b'0'
}

#[test]
fn entering_a_digit_fills_an_empty_cell() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    assert_eq!(g.enter(9, now), Outcome::Changed);
    assert_eq!(g.value(cell(&g, 0, 1)), Some(digit(9)));
    assert!(!g.is_given(cell(&g, 0, 1)));
    // The same digit again changes nothing and records nothing.
    g.undo(now);
    g.redo(now);
    assert_eq!(g.enter(9, now), Outcome::Unchanged);
}

#[test]
fn digits_outside_the_board_are_refused() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    assert!(matches!(g.enter(10, now), Outcome::Refused(_)));
    assert!(matches!(g.enter(0, now), Outcome::Refused(_)));
    assert_eq!(g.value(cell(&g, 0, 1)), None);
}

#[test]
fn givens_are_locked() {
    let (mut g, now) = game();
    go(&mut g, 0, 0); // holds the given 2
    assert!(matches!(g.enter(5, now), Outcome::Refused(_)));
    assert!(matches!(g.erase(now), Outcome::Refused(_)));
    assert_eq!(g.value(cell(&g, 0, 0)), Some(digit(2)));
    assert!(!g.can_undo());
}

#[test]
fn erase_clears_the_entry_then_the_notes() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.toggle_note(4, now);
    g.enter(9, now);
    assert_eq!(g.erase(now), Outcome::Changed);
    assert_eq!(g.value(cell(&g, 0, 1)), None);
    assert_eq!(g.erase(now), Outcome::Unchanged, "entry replaced the notes");
    g.toggle_note(4, now);
    g.toggle_note(7, now);
    assert_eq!(g.erase(now), Outcome::Changed);
    assert!(g.notes(cell(&g, 0, 1)).is_empty());
}

#[test]
fn notes_toggle_only_in_empty_cells() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.toggle_notes_mode();
    assert!(g.notes_mode());
    g.input(4, now);
    g.input(8, now);
    g.input(4, now);
    let notes = g.notes(cell(&g, 0, 1));
    assert!(notes.contains(digit(8)) && !notes.contains(digit(4)));
    assert_eq!(
        g.value(cell(&g, 0, 1)),
        None,
        "notes mode does not enter digits"
    );
    go(&mut g, 0, 0);
    assert!(matches!(g.input(4, now), Outcome::Refused(_)), "a given");
    g.toggle_notes_mode();
    go(&mut g, 0, 1);
    g.input(9, now);
    assert!(
        g.notes(cell(&g, 0, 1)).is_empty(),
        "an entry clears its notes"
    );
}

#[test]
fn an_entry_removes_notes_it_makes_impossible_and_undo_restores_them() {
    let (mut g, now) = game();
    // Notes of 9 in the same row, column and box as r1c2, and in an unrelated cell.
    for (r, c) in [(0, 5), (4, 1), (2, 2), (8, 7)] {
        go(&mut g, r, c);
        g.toggle_note(9, now);
        g.toggle_note(1, now);
    }
    go(&mut g, 0, 1);
    g.enter(9, now);
    for (r, c) in [(0, 5), (4, 1), (2, 2)] {
        let notes = g.notes(cell(&g, r, c));
        assert!(!notes.contains(digit(9)), "r{}c{} lost its 9", r + 1, c + 1);
        assert!(notes.contains(digit(1)), "other notes stay");
    }
    assert!(
        g.notes(cell(&g, 8, 7)).contains(digit(9)),
        "unrelated cell keeps it"
    );
    g.undo(now);
    for (r, c) in [(0, 5), (4, 1), (2, 2)] {
        assert!(
            g.notes(cell(&g, r, c)).contains(digit(9)),
            "undo brings it back"
        );
    }
    assert_eq!(g.value(cell(&g, 0, 1)), None);
}

#[test]
fn auto_removal_can_be_switched_off() {
    let (mut g, now) = game();
    g.set_auto_remove_notes(false);
    go(&mut g, 0, 5);
    g.toggle_note(9, now);
    go(&mut g, 0, 1);
    g.enter(9, now);
    assert!(g.notes(cell(&g, 0, 5)).contains(digit(9)));
}

#[test]
fn undo_and_redo_walk_the_history_and_a_new_edit_drops_the_redo() {
    let (mut g, now) = game();
    assert_eq!(g.undo(now), Outcome::Unchanged);
    go(&mut g, 0, 1);
    g.enter(9, now);
    go(&mut g, 0, 5);
    g.toggle_note(3, now);
    go(&mut g, 8, 7);
    g.enter(4, now);
    let r1c2 = cell(&g, 0, 1);
    let r1c6 = cell(&g, 0, 5);
    let r9c8 = cell(&g, 8, 7);

    assert_eq!(g.undo(now), Outcome::Changed);
    assert_eq!(g.value(r9c8), None);
    assert_eq!(g.cursor(), r9c8, "undo returns the cursor to the change");
    g.undo(now);
    assert!(g.notes(r1c6).is_empty());
    g.undo(now);
    assert_eq!(g.value(r1c2), None);
    assert!(!g.can_undo());

    g.redo(now);
    g.redo(now);
    assert_eq!(g.value(r1c2), Some(digit(9)));
    assert!(g.notes(r1c6).contains(digit(3)));
    assert!(g.can_redo());

    go(&mut g, 1, 2);
    g.enter(6, now);
    assert!(!g.can_redo(), "a new edit forgets the undone future");
    assert_eq!(g.redo(now), Outcome::Unchanged);
}

#[test]
fn restart_clears_entries_and_notes_and_is_undoable() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.enter(9, now);
    go(&mut g, 0, 5);
    g.toggle_note(3, now);
    assert_eq!(g.restart(now), Outcome::Changed);
    assert_eq!(g.board(), g.givens());
    assert!(g.notes(cell(&g, 0, 5)).is_empty());
    g.undo(now);
    assert_eq!(g.value(cell(&g, 0, 1)), Some(digit(9)));
    assert!(g.notes(cell(&g, 0, 5)).contains(digit(3)));
    g.redo(now);
    assert_eq!(g.board(), g.givens());
    assert_eq!(g.restart(now), Outcome::Unchanged, "nothing left to clear");
}

#[test]
fn restart_sets_the_clock_to_zero_and_undo_gives_the_time_back() {
    let (mut g, start) = game();
    go(&mut g, 0, 1);
    g.enter(9, start);
    let at_restart = start + Duration::from_secs(600);
    assert_eq!(g.restart(at_restart), Outcome::Changed);
    let later = at_restart + Duration::from_secs(10);
    assert_eq!(
        g.elapsed(later),
        Duration::from_secs(10),
        "r resets the clock"
    );
    // Undo: the ten minutes come back, so r then u cannot shorten a time.
    g.undo(later);
    assert_eq!(g.elapsed(later), Duration::from_secs(610));
    // Redo: back to zero from there.
    g.redo(later);
    assert_eq!(
        g.elapsed(later + Duration::from_secs(5)),
        Duration::from_secs(5)
    );
    // The time taken away survives the autosave, so undo after a resume works too.
    let saved = g.to_saved(later, None);
    assert_eq!(
        saved.undo.last().and_then(|c| c.clock_reset_ms),
        Some(610_000)
    );
}

#[test]
fn restart_on_an_untouched_board_still_resets_the_clock() {
    let (mut g, start) = game();
    let later = start + Duration::from_secs(90);
    assert_eq!(g.restart(later), Outcome::Changed);
    assert_eq!(g.elapsed(later), Duration::ZERO);
}

#[test]
fn conflicts_mark_every_cell_involved_and_clear_when_fixed() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.enter(2, now); // r1c1 holds the given 2
    assert!(g.is_conflict(cell(&g, 0, 1)));
    assert!(
        g.is_conflict(cell(&g, 0, 0)),
        "the given involved is marked too"
    );
    assert!(!g.is_conflict(cell(&g, 0, 5)));
    g.erase(now);
    assert!(!g.has_conflicts());
}

#[test]
fn cursor_stops_at_the_edges_unless_wrapping() {
    let (mut g, _) = game();
    assert_eq!(g.move_cursor(Direction::Up), Outcome::Unchanged);
    assert_eq!(g.move_cursor(Direction::Left), Outcome::Unchanged);
    assert_eq!(g.move_cursor(Direction::Right), Outcome::Moved);
    assert_eq!(g.move_cursor(Direction::Down), Outcome::Moved);
    assert_eq!(g.cursor(), cell(&g, 1, 1));
    g.set_wrap(true);
    go(&mut g, 0, 0);
    g.move_cursor(Direction::Up);
    assert_eq!(g.cursor(), cell(&g, 8, 0));
    g.move_cursor(Direction::Left);
    assert_eq!(g.cursor(), cell(&g, 8, 8));
    assert_eq!(g.set_cursor(9, 0), Outcome::Unchanged, "off the board");
}

/// Fills every empty cell but r9c8 with the solution.
fn nearly_solve(g: &mut Game, now: Instant) {
    for r in 0..9 {
        for c in 0..9 {
            if (r, c) != (8, 7) && g.value(cell(g, r, c)).is_none() {
                go(g, r, c);
                g.enter(answer(r, c), now);
            }
        }
    }
}

#[test]
fn the_last_right_digit_wins_and_stops_the_clock() {
    let (mut g, start) = game();
    nearly_solve(&mut g, start);
    assert!(!g.is_solved());
    go(&mut g, 8, 7);
    let at_win = start + Duration::from_secs(95);
    assert_eq!(g.enter(answer(8, 7), at_win), Outcome::Solved);
    assert!(g.is_solved());
    assert!(!g.clock_running());
    let later = at_win + Duration::from_secs(600);
    assert_eq!(g.elapsed(later), Duration::from_secs(95));
    assert!(matches!(g.enter(1, later), Outcome::Refused(_)));
    // Undo after a win: the game goes on and the clock runs again.
    g.undo(later);
    assert!(!g.is_solved());
    assert!(g.clock_running());
}

#[test]
fn a_full_board_with_a_conflict_is_not_solved() {
    let (mut g, now) = game();
    nearly_solve(&mut g, now);
    go(&mut g, 8, 7);
    let wrong = if answer(8, 7) == 1 { 2 } else { 1 };
    assert_eq!(g.enter(wrong, now), Outcome::Changed);
    assert!(g.board().is_full());
    assert!(!g.is_solved());
    assert!(g.clock_running());
}

#[test]
fn pause_stops_the_clock_and_resume_starts_it() {
    let (mut g, start) = game();
    g.pause(start + Duration::from_secs(10));
    assert_eq!(
        g.elapsed(start + Duration::from_secs(70)),
        Duration::from_secs(10)
    );
    g.resume(start + Duration::from_secs(70));
    assert_eq!(
        g.elapsed(start + Duration::from_secs(75)),
        Duration::from_secs(15)
    );
}

/// Presses the hint key until the hint shows in full (two presses).
fn hint_in_full(g: &mut Game, now: Instant) {
    assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
    assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
}

#[test]
fn the_hint_key_names_the_technique_then_shows_the_cells_then_applies() {
    let (mut g, now) = game();
    let before = g.cursor();
    assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
    let first = g.hint().cloned().expect("a hint is shown");
    assert_eq!(first.level, HintLevel::Summary);
    assert!(first.text().contains(&first.technique), "{}", first.text());
    assert!(
        [" in row ", " in column ", " in box "]
            .iter()
            .any(|h| first.text().contains(h)),
        "the summary names the area: {}",
        first.text()
    );
    assert!(first.highlighted().is_empty(), "no cell is given away yet");
    assert_eq!(
        g.cursor(),
        before,
        "the cursor stays put at the first level"
    );
    assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
    let second = g.hint().cloned().expect("still shown");
    assert_eq!(second.level, HintLevel::Detail);
    assert_eq!(second.highlighted(), second.cells.as_slice());
    assert_eq!(second.text(), second.explanation);
    assert_eq!(g.hints_used(), 1, "one hint, shown in two levels");
    assert_eq!(g.hint_or_apply(now), Outcome::Changed);
    assert!(g.hint().is_none());
}

#[test]
fn first_hint_shows_a_single_and_the_third_press_applies_it() {
    let (mut g, now) = game();
    hint_in_full(&mut g, now);
    assert_eq!(g.hints_used(), 1);
    let hint = g.hint().cloned().expect("a hint is shown");
    assert!(hint.technique.contains("single"), "{}", hint.technique);
    let (target, d) = hint.placements[0];
    assert!(hint.cells.contains(&target));
    assert_eq!(g.cursor(), target, "the cursor goes to the hinted cell");
    assert_eq!(g.value(target), None, "showing does not place");
    let solution = board(SOLUTION);
    assert_eq!(
        solution.get(target),
        Some(d),
        "the hint agrees with the solution"
    );

    assert_eq!(g.hint_or_apply(now), Outcome::Changed);
    assert_eq!(g.value(target), Some(d));
    assert!(g.hint().is_none());
    assert_eq!(g.hints_used(), 1, "applying is not a second hint");
    g.undo(now);
    assert_eq!(g.value(target), None, "an applied hint is undoable");
}

#[test]
fn a_hint_points_out_a_wrong_entry_first_and_applying_erases_it() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    let wrong = if answer(0, 1) == 1 { 4 } else { 1 };
    g.enter(wrong, now);
    hint_in_full(&mut g, now);
    let hint = g.hint().cloned().expect("a hint is shown");
    assert_eq!(hint.technique, "mistake");
    assert_eq!(hint.cells, vec![cell(&g, 0, 1)]);
    g.hint_or_apply(now);
    assert_eq!(g.value(cell(&g, 0, 1)), None);
}

#[test]
fn a_hint_that_erases_a_wrong_digit_gives_its_peers_notes_the_digit_back() {
    let (mut g, now) = game();
    // r1c2 allows 7 and 9; its answer is 9, and r1c7's is 7.
    assert_eq!((answer(0, 1), answer(0, 6)), (9, 7));
    go(&mut g, 0, 1);
    assert_eq!(g.enter(7, now), Outcome::Changed);
    assert!(!g.is_conflict(cell(&g, 0, 1)), "wrong, but no clash");
    g.fill_candidates(now);
    assert!(!g.notes(cell(&g, 0, 6)).contains(digit(7)));
    hint_in_full(&mut g, now);
    assert_eq!(g.hint().expect("a hint is shown").technique, "mistake");
    g.hint_or_apply(now);
    assert_eq!(g.value(cell(&g, 0, 1)), None);
    // The notes are those `c` would write now: the 7 is back in r1c7 and
    // every other peer that allows it.
    assert!(g.notes(cell(&g, 0, 6)).contains(digit(7)));
    for c in g.shape().cells() {
        if c != cell(&g, 0, 1) {
            assert_eq!(g.notes(c), g.board().candidates(c), "{c:?}");
        }
    }
    g.hint_or_apply(now);
    let next = g.hint().expect("a hint is shown");
    assert_ne!(next.technique, "wrong notes", "{}", next.explanation);
    // One undo brings the wrong 7 and the notes as they were.
    g.dismiss_hint();
    g.undo(now);
    assert_eq!(g.value(cell(&g, 0, 1)), Some(digit(7)));
    assert!(!g.notes(cell(&g, 0, 6)).contains(digit(7)));
}

#[test]
fn any_edit_dismisses_a_shown_hint() {
    let (mut g, now) = game();
    g.hint_or_apply(now);
    assert!(g.hint().is_some());
    go(&mut g, 8, 7);
    g.toggle_note(1, now);
    assert!(g.hint().is_none());
}

#[test]
fn fill_candidates_writes_the_allowed_digits_and_is_one_undo() {
    let (mut g, now) = game();
    assert_eq!(g.fill_candidates(now), Outcome::Changed);
    let r1c2 = cell(&g, 0, 1);
    assert_eq!(g.notes(r1c2), g.board().candidates(r1c2));
    assert!(!g.notes(r1c2).is_empty());
    assert!(g.notes(cell(&g, 0, 0)).is_empty(), "givens get no notes");
    assert_eq!(g.fill_candidates(now), Outcome::Unchanged);
    g.undo(now);
    assert!(g.shape().cells().all(|c| g.notes(c) == Candidates::NONE));
}

#[test]
fn a_big_board_takes_letters_as_digits() {
    let now = Instant::now();
    let shape = doku::engine::Shape::sudoku(16).expect("16x16");
    let mut g = Game::new(Board::empty(shape), None, now);
    assert_eq!(g.enter(16, now), Outcome::Changed);
    assert!(matches!(g.enter(17, now), Outcome::Refused(_)));
}

#[test]
fn a_hint_flags_notes_that_leave_out_the_answer_and_applying_rewrites_them() {
    let (mut g, now) = game();
    // r1c2's answer is 9; a lone note of 4 leaves it out.
    assert_eq!(answer(0, 1), 9);
    go(&mut g, 0, 1);
    g.toggle_note(4, now);
    hint_in_full(&mut g, now);
    let hint = g.hint().cloned().expect("a hint is shown");
    assert_eq!(hint.technique, "wrong notes");
    assert!(hint.cells.contains(&cell(&g, 0, 1)));
    g.hint_or_apply(now);
    let notes = g.notes(cell(&g, 0, 1));
    assert!(
        notes.contains(digit(9)),
        "rewritten from the board's candidates"
    );
    assert_eq!(notes, g.board().candidates(cell(&g, 0, 1)));
}

#[test]
fn no_hint_on_a_puzzle_without_a_unique_solution() {
    let now = Instant::now();
    let shape = doku::engine::Shape::CLASSIC;
    let mut g = Game::new(Board::empty(shape), None, now);
    assert!(matches!(g.hint_or_apply(now), Outcome::Refused(_)));
    assert_eq!(g.hints_used(), 0);
}

#[test]
fn a_game_is_solved_once_however_often_it_is_undone_and_redone() {
    let (mut g, now) = game();
    nearly_solve(&mut g, now);
    go(&mut g, 8, 7);
    assert_eq!(g.enter(answer(8, 7), now), Outcome::Solved);
    g.undo(now);
    assert_eq!(g.enter(answer(8, 7), now), Outcome::SolvedAgain);
    g.undo(now);
    assert_eq!(g.redo(now), Outcome::SolvedAgain);
    // Restart and undo: still the same game, still counted once.
    g.restart(now);
    assert_eq!(g.undo(now), Outcome::SolvedAgain);
    // The autosave keeps it counted.
    g.undo(now);
    let resumed = Game::from_saved(&g.to_saved(now, None), now).unwrap();
    let mut resumed = resumed;
    assert_eq!(resumed.redo(now), Outcome::SolvedAgain);
}

#[test]
fn a_hint_that_places_a_digit_marks_the_game_assisted() {
    let (mut g, now) = game();
    assert!(!g.is_assisted());
    hint_in_full(&mut g, now);
    assert!(!g.is_assisted(), "seeing a hint gives nothing away yet");
    g.hint_or_apply(now);
    assert!(g.is_assisted());
    g.undo(now);
    assert!(g.is_assisted(), "undo does not take the help back");
    let resumed = Game::from_saved(&g.to_saved(now, None), now).unwrap();
    assert!(resumed.is_assisted(), "kept in the autosave");
}

#[test]
fn a_hint_that_only_fixes_notes_is_not_assistance() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.toggle_note(4, now);
    hint_in_full(&mut g, now);
    g.hint_or_apply(now);
    assert!(!g.is_assisted());
}

#[test]
fn the_first_hint_without_a_known_solution_proves_it_once_for_the_next_presses() {
    let (g, now) = game();
    // A resumed game: nobody told it the solution, and no check runs.
    let mut g = Game::from_saved(&g.to_saved(now, None), now).expect("resumes");
    assert!(!g.knows_solutions());
    hint_in_full(&mut g, now);
    assert!(g.knows_solutions(), "the proof is kept for the next press");
    let (target, d) = g.hint().expect("a hint is shown").placements[0];
    assert_eq!(d.get(), answer(target.index() / 9, target.index() % 9));
    g.hint_or_apply(now);
    // The next hint judges entries against the kept solution.
    go(&mut g, 0, 1);
    let wrong = if answer(0, 1) == 1 { 4 } else { 1 };
    g.enter(wrong, now);
    hint_in_full(&mut g, now);
    assert_eq!(g.hint().expect("a hint is shown").technique, "mistake");
}

#[test]
fn a_puzzle_found_to_have_several_solutions_is_not_searched_again() {
    let now = Instant::now();
    let mut g = Game::new(Board::empty(doku::engine::Shape::CLASSIC), None, now);
    let Outcome::Refused(first) = g.hint_or_apply(now) else {
        panic!("an empty board has no hint");
    };
    assert!(g.knows_solutions(), "the verdict is kept");
    assert_eq!(g.hint_or_apply(now), Outcome::Refused(first));
}

#[test]
fn a_nested_forcing_chain_hint_keeps_its_words_and_leaves_out_its_notation() {
    // The first of the forum's 11+ puzzles: claiming, a hidden pair, then
    // nested forcing chains (a hundred links each, as notation).
    let now = Instant::now();
    let puzzle =
        "98.7..6..7..9..5....5.4..7.8..6..3...2...1.......8...53...97.....8.6.7.....8....3";
    let mut g = Game::new(board(puzzle), None, now);
    for _ in 0..6 {
        hint_in_full(&mut g, now);
        let hint = g.hint().cloned().expect("a hint is shown");
        if hint.technique.starts_with("nested forcing chain") {
            assert!(hint.links.is_empty(), "{} links", hint.links.len());
            assert!(
                hint.explanation.contains("Inner chains"),
                "{}",
                hint.explanation
            );
            assert!(!hint.eliminations.is_empty());
            return;
        }
        assert_eq!(g.hint_or_apply(now), Outcome::Changed);
    }
    panic!("no nested forcing chain among the first hints");
}

/// The first puzzle of top1465: a hidden single, then pointing (a step
/// beyond the singles, on cells without notes).
const TOP1465_1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// Applies hints (three presses each) until the next is beyond the
/// singles, and shows that one at its first level.
fn first_hint_beyond_singles(g: &mut Game, now: Instant) -> doku::game::Hint {
    for _ in 0..40 {
        assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
        let hint = g.hint().cloned().expect("a hint is shown");
        if !hint.technique.ends_with("single") {
            return hint;
        }
        g.hint_or_apply(now);
        g.hint_or_apply(now);
    }
    panic!("no step beyond the singles in 40 hints");
}

#[test]
fn a_hint_beyond_the_singles_shows_its_cells_candidates_where_there_are_no_notes() {
    let now = Instant::now();
    let mut g = Game::new(board(TOP1465_1), None, now);
    let summary = first_hint_beyond_singles(&mut g, now);
    assert!(
        summary.shown_candidates().is_empty(),
        "the first level gives no cell away"
    );
    assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
    let hint = g.hint().cloned().expect("still shown");
    let named: Vec<Cell> = hint
        .cells
        .iter()
        .copied()
        .chain(hint.eliminations.iter().map(|&(c, _)| c))
        .chain(hint.links.iter().flat_map(|l| [l.from.0, l.to.0]))
        .filter(|&c| g.value(c).is_none())
        .collect();
    assert!(!named.is_empty());
    // Every empty cell the hint names shows what the grader saw there.
    for &c in &named {
        let shown: Vec<Candidates> = hint
            .shown_candidates()
            .iter()
            .filter(|&&(cell, _)| cell == c)
            .map(|&(_, cands)| cands)
            .collect();
        assert_eq!(shown, vec![g.board().candidates(c)], "{c:?}");
    }
    // Applied, the cells keep them as notes, less what the hint removes.
    assert_eq!(g.hint_or_apply(now), Outcome::Changed);
    for &(c, candidates) in &hint.candidates {
        let mut expected = candidates;
        for &(_, d) in hint.eliminations.iter().filter(|&&(e, _)| e == c) {
            expected.remove(d);
        }
        assert_eq!(g.notes(c), expected, "{c:?}");
    }
    // One undo takes them all away again.
    g.undo(now);
    for &(c, _) in &hint.candidates {
        assert!(g.notes(c).is_empty(), "{c:?}");
    }
}

#[test]
fn a_hint_never_draws_over_the_players_own_notes() {
    let now = Instant::now();
    let mut g = Game::new(board(TOP1465_1), None, now);
    first_hint_beyond_singles(&mut g, now);
    g.dismiss_hint();
    g.fill_candidates(now);
    let before: Vec<Candidates> = g.shape().cells().map(|c| g.notes(c)).collect();
    hint_in_full(&mut g, now);
    let hint = g.hint().cloned().expect("a hint is shown");
    assert!(!hint.technique.ends_with("single"), "{}", hint.technique);
    assert!(hint.candidates.is_empty(), "{:?}", hint.candidates);
    g.hint_or_apply(now);
    // Only the removals change the notes.
    for c in g.shape().cells() {
        let mut expected = before[c.index()];
        for &(_, d) in hint.eliminations.iter().filter(|&&(e, _)| e == c) {
            expected.remove(d);
        }
        assert_eq!(g.notes(c), expected, "{c:?}");
    }
}

/// Plays hint by hint (no notes) until a hint of `technique` shows in
/// full, within `most` hints.
fn hint_of(puzzle: &str, technique: &str, most: usize) -> doku::game::Hint {
    let now = Instant::now();
    let mut g = Game::new(board(puzzle), None, now);
    for _ in 0..most {
        hint_in_full(&mut g, now);
        let hint = g.hint().cloned().expect("a hint is shown");
        if hint.technique == technique {
            return hint;
        }
        g.hint_or_apply(now);
    }
    panic!("no {technique} in the first {most} hints");
}

#[test]
fn almost_locked_set_hints_end_with_what_they_remove() {
    // The second puzzle of top1465 meets an ALS-XZ, the first an ALS-XY-wing.
    let second =
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    for (puzzle, technique) in [(second, "als-xz"), (TOP1465_1, "als-xy-wing")] {
        let hint = hint_of(puzzle, technique, 40);
        assert!(!hint.eliminations.is_empty());
        let (_, removals) = hint
            .explanation
            .rsplit_once(": ")
            .expect("the removals after a colon");
        assert!(
            removals.contains(" is removed from "),
            "{}",
            hint.explanation
        );
        let shape = doku::engine::Shape::CLASSIC;
        for &(cell, digit) in &hint.eliminations {
            let name = doku::engine::board::cell_name(shape, cell);
            assert!(removals.contains(&name), "{name}: {}", hint.explanation);
            assert!(
                removals.contains(&digit.get().to_string()),
                "{}",
                hint.explanation
            );
        }
    }
}

#[test]
fn a_dynamic_forcing_chain_hint_draws_one_path_per_assumption_not_its_whole_net() {
    // Line 130 of top1465: its fourth hint is a dynamic forcing chain
    // whose search walked a net of a few dozen links.
    let puzzle =
        "5..4..8......9..1...2..1..56..3..4...5..7......4.....83..6..7...6.....8...8..2..1";
    let hint = hint_of(puzzle, "dynamic forcing chain", 10);
    assert!(
        hint.net_links > hint.links.len(),
        "{} links",
        hint.links.len()
    );
    let (target, _) = hint.eliminations[0];
    // Runs that each start at an assumption and end at the removal.
    let mut runs: Vec<Vec<doku::game::HintLink>> = Vec::new();
    for &link in &hint.links {
        match runs.last_mut() {
            Some(run) if run.last().is_some_and(|l| l.to == link.from) => run.push(link),
            _ => runs.push(vec![link]),
        }
    }
    assert!(runs.len() >= 2, "{runs:?}");
    let shape = doku::engine::Shape::CLASSIC;
    for run in &runs {
        let (cell, digit) = run[0].from;
        let assumption = format!(
            "If {}={},",
            doku::engine::board::cell_name(shape, cell),
            digit.get()
        );
        assert!(
            hint.explanation.contains(&assumption),
            "{assumption}: {}",
            hint.explanation
        );
        // A contradiction's runs end where the grid breaks: both at the
        // candidate found on and off (SE 1.2.1's path takes one here since
        // its count of a dynamic branch's ancestors came in). Any other
        // chain's runs end at the removal.
        let end = if hint.explanation.contains("impossible") {
            runs[0].last().map(|l| l.to)
        } else {
            Some(hint.eliminations[0])
        };
        assert_eq!(run.last().map(|l| l.to), end, "{}", hint.explanation);
        // Weak and strong links alternate from the assumption on.
        assert!(
            run.iter()
                .enumerate()
                .all(|(i, l)| l.strong == (i % 2 == 1)),
            "{run:?}"
        );
    }
    // Only the cells on the paths, and the one it changes, are lit.
    for &c in &hint.cells {
        assert!(
            c == target || hint.links.iter().any(|l| l.from.0 == c || l.to.0 == c),
            "{c:?}"
        );
    }
}

/// The hint a fresh press would show on `g`, worked out on the spot.
fn hint_worked_out_here(g: &Game, now: Instant) -> Option<doku::game::Hint> {
    let mut copy = g.clone();
    copy.hint_or_apply(now);
    copy.hint().cloned()
}

#[test]
fn a_hint_worked_out_ahead_is_the_one_the_key_would_work_out() {
    let (mut g, now) = game();
    g.set_known_solution(board(SOLUTION));
    for _ in 0..5 {
        let ahead = g.hint_request().answer(None);
        assert!(ahead.answers(&g.hint_request()));
        let expected = hint_worked_out_here(&g, now);
        assert_eq!(g.hint_or_apply_with(now, Some(ahead)), Outcome::HintShown);
        assert_eq!(g.hint().cloned(), expected);
        // The two more presses that show it whole and apply it.
        g.hint_or_apply(now);
        g.hint_or_apply(now);
    }
}

#[test]
fn a_hint_worked_out_for_another_position_is_never_shown() {
    let (mut g, now) = game();
    g.set_known_solution(board(SOLUTION));
    let before = g.hint_request().answer(None);
    // A wrong entry, then a note: each makes the answer stale.
    go(&mut g, 0, 1);
    g.enter(if answer(0, 1) == 1 { 4 } else { 1 }, now);
    assert!(!before.answers(&g.hint_request()));
    let after_entry = g.hint_request().answer(None);
    go(&mut g, 0, 6);
    g.toggle_note(answer(0, 6), now);
    assert!(!after_entry.answers(&g.hint_request()));
    // The stale answer is refused: the press works out the position's own.
    let expected = hint_worked_out_here(&g, now).expect("a hint");
    assert_eq!(expected.technique, "mistake");
    g.hint_or_apply_with(now, Some(before));
    assert_eq!(g.hint(), Some(&expected));
    // Undo back to the entry's position: its answer fits again.
    g.dismiss_hint();
    g.undo(now);
    assert!(after_entry.answers(&g.hint_request()));
}

#[test]
fn while_a_hint_is_shown_the_next_request_is_for_the_position_after_it() {
    let (mut g, now) = game();
    g.set_known_solution(board(SOLUTION));
    assert_eq!(g.upcoming_hint_request(now), Some(g.hint_request()));
    g.hint_or_apply(now);
    let upcoming = g.upcoming_hint_request(now).expect("not solved");
    assert_ne!(upcoming, g.hint_request());
    // Showing more of the hint does not change what comes after it.
    g.hint_or_apply(now);
    assert_eq!(g.upcoming_hint_request(now).as_ref(), Some(&upcoming));
    g.hint_or_apply(now);
    assert_eq!(g.hint_request(), upcoming, "applied: the position foreseen");
}

#[test]
fn an_answer_that_proved_the_solution_fits_before_and_after_the_game_keeps_it() {
    let (g, now) = game();
    // A resumed game: nobody told it the solution.
    let mut g = Game::from_saved(&g.to_saved(now, None), now).expect("resumes");
    let request = g.hint_request();
    let ahead = request.answer(None);
    assert_eq!(
        ahead.proof_for(&request),
        Some(&doku::game::Knowledge::Solution(board(SOLUTION)))
    );
    assert!(ahead.answers(&request));
    g.hint_or_apply_with(now, Some(ahead.clone()));
    assert!(g.knows_solutions(), "the proof is kept");
    g.dismiss_hint();
    assert!(
        ahead.answers(&g.hint_request()),
        "the game knows what the answer proved: still its answer"
    );
    // A later request on the same puzzle reuses the proof.
    go(&mut g, 0, 1);
    g.enter(answer(0, 1), now);
    let later = Game::from_saved(&g.to_saved(now, None), now).expect("resumes");
    let later_request = later.hint_request();
    let carried = ahead
        .proof_for(&later_request)
        .expect("the same puzzle at a later position: the proof carries over");
    assert_eq!(carried, &doku::game::Knowledge::Solution(board(SOLUTION)));
    // Given a proof, the answer takes it instead of proving again: a
    // made-up "checking" comes back as what it proved.
    let taken = later_request.answer(Some(&doku::game::Knowledge::Checking));
    assert_eq!(
        taken.proof_for(&later_request),
        Some(&doku::game::Knowledge::Checking)
    );
    // Another puzzle's request does not take this one's proof.
    let other = Game::new(board(TOP1465_1), None, now);
    assert_eq!(ahead.proof_for(&other.hint_request()), None);
}

#[test]
fn mistakes_are_marked_and_counted_only_while_shown() {
    let (mut g, now) = game();
    g.set_known_solution(board(SOLUTION));
    let wrong = if answer(0, 1) == 1 { 2 } else { 1 };
    // Off (the default): a wrong digit is neither marked nor counted.
    assert!(!g.shows_mistakes());
    go(&mut g, 0, 1);
    g.enter(wrong, now);
    assert!(!g.is_mistake(cell(&g, 0, 1)));
    assert_eq!(g.mistakes_made(), 0);
    // On: the wrong digit already there is marked, not counted (it was
    // made while mistakes were hidden); a new one is both.
    g.set_show_mistakes(true);
    assert!(g.is_mistake(cell(&g, 0, 1)));
    assert_eq!((g.mistakes_made(), g.mistakes_on_board()), (0, 1));
    go(&mut g, 0, 6);
    let wrong_too = if answer(0, 6) == 1 { 2 } else { 1 };
    g.enter(wrong_too, now);
    assert_eq!((g.mistakes_made(), g.mistakes_on_board()), (1, 2));
    // Undo takes the digit off the board, not out of the count.
    g.undo(now);
    assert_eq!((g.mistakes_made(), g.mistakes_on_board()), (1, 1));
    // A right digit is no mistake; givens never are.
    g.enter(answer(0, 6), now);
    assert!(!g.is_mistake(cell(&g, 0, 6)));
    assert!(!g.is_mistake(cell(&g, 0, 0)));
    assert_eq!(g.mistakes_made(), 1);
}

#[test]
fn without_a_known_solution_nothing_is_marked_and_the_game_says_it_needs_one() {
    let (mut g, now) = game();
    g.set_show_mistakes(true);
    assert!(g.needs_solution_for_mistakes());
    go(&mut g, 0, 1);
    g.enter(if answer(0, 1) == 1 { 2 } else { 1 }, now);
    assert_eq!((g.mistakes_made(), g.mistakes_on_board()), (0, 0));
    g.set_known_solution(board(SOLUTION));
    assert!(!g.needs_solution_for_mistakes());
    assert_eq!(g.mistakes_on_board(), 1);
}

#[test]
fn a_solution_given_up_on_is_not_sought_again() {
    let (mut g, _) = game();
    g.set_show_mistakes(true);
    assert!(g.needs_solution_for_mistakes());
    g.give_up_on_solution();
    assert!(!g.needs_solution_for_mistakes());
    assert!(g.solution_out_of_reach());
    g.set_known_solution(board(SOLUTION));
    assert!(!g.solution_out_of_reach());
}

// ---- digit-first entry -------------------------------------------------------

#[test]
fn picking_on_a_digit_holds_it_and_each_put_places_it_undoably() {
    let (mut g, now) = game();
    // r1c1 holds the given 2.
    assert_eq!(g.pick_digit(), Outcome::Changed);
    assert_eq!(g.held_digit(), Some(2));
    // Put on several empty cells, moving with the usual keys between.
    go(&mut g, 1, 3);
    assert_eq!(g.place_held(now), Outcome::Changed);
    g.move_cursor(Direction::Down);
    assert_eq!(g.place_held(now), Outcome::Changed);
    go(&mut g, 4, 0);
    assert_eq!(g.place_held(now), Outcome::Changed);
    for (r, c) in [(1, 3), (2, 3), (4, 0)] {
        assert_eq!(g.value(cell(&g, r, c)), Some(digit(2)), "r{r}c{c}");
    }
    // Still held after putting; a given refuses it as it refuses a typed digit.
    assert_eq!(g.held_digit(), Some(2));
    go(&mut g, 0, 0);
    assert!(matches!(g.place_held(now), Outcome::Refused(_)));
    // Each put is one undo step, as a typed digit is.
    assert_eq!(g.undo(now), Outcome::Changed);
    assert_eq!(g.value(cell(&g, 4, 0)), None);
    assert_eq!(g.value(cell(&g, 2, 3)), Some(digit(2)));
    g.undo(now);
    g.undo(now);
    assert_eq!(g.value(cell(&g, 1, 3)), None);
    assert!(!g.can_undo());
    g.redo(now);
    assert_eq!(g.value(cell(&g, 1, 3)), Some(digit(2)));
}

#[test]
fn in_notes_mode_the_held_digit_toggles_a_note() {
    let (mut g, now) = game();
    go(&mut g, 0, 3); // the given 6
    g.pick_digit();
    g.toggle_notes_mode();
    go(&mut g, 1, 3);
    assert_eq!(g.place_held(now), Outcome::Changed);
    go(&mut g, 2, 6);
    g.place_held(now);
    assert!(g.notes(cell(&g, 1, 3)).contains(digit(6)));
    assert!(g.notes(cell(&g, 2, 6)).contains(digit(6)));
    assert_eq!(g.value(cell(&g, 2, 6)), None);
    // Again on the same cell: the note goes.
    g.place_held(now);
    assert!(!g.notes(cell(&g, 2, 6)).contains(digit(6)));
    g.undo(now);
    assert!(g.notes(cell(&g, 2, 6)).contains(digit(6)));
}

#[test]
fn on_an_empty_cell_the_pick_holds_the_last_typed_digit_and_again_drops_it() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    // Nothing typed yet, nothing under the cursor: nothing to hold.
    assert!(matches!(g.pick_digit(), Outcome::Refused(_)));
    assert_eq!(g.held_digit(), None);
    g.input(9, now);
    go(&mut g, 0, 5);
    assert_eq!(g.pick_digit(), Outcome::Changed);
    assert_eq!(g.held_digit(), Some(9));
    // On another digit the pick switches to it; elsewhere it drops.
    go(&mut g, 0, 0);
    g.pick_digit();
    assert_eq!(g.held_digit(), Some(2));
    go(&mut g, 0, 5);
    g.pick_digit();
    assert_eq!(g.held_digit(), None);
    // Esc's way: drop says whether a digit was held.
    g.pick_digit();
    assert!(g.drop_digit());
    assert!(!g.drop_digit());
    assert_eq!(g.place_held(now), Outcome::Unchanged);
}

#[test]
fn digit_first_entry_holds_letter_digits_on_16x16() {
    let now = Instant::now();
    let mut g = Game::new(
        Board::empty(doku::engine::Shape::sudoku(16).expect("16x16")),
        None,
        now,
    );
    g.input(16, now); // G
    g.set_cursor(5, 5);
    assert_eq!(g.pick_digit(), Outcome::Changed);
    assert_eq!(g.held_digit(), Some(16));
    g.place_held(now);
    assert_eq!(g.value(g.shape().cell(5, 5)), Some(digit(16)));
}

// ---- colour marks ------------------------------------------------------------

#[test]
fn the_colour_key_goes_through_every_colour_then_back_to_none() {
    let (mut g, _) = game();
    go(&mut g, 0, 1);
    let mut seen = Vec::new();
    for _ in 0..doku::game::MARK_COLOURS {
        assert_eq!(g.cycle_colour(), Outcome::Changed);
        seen.extend(g.colour(g.cursor()));
    }
    assert_eq!(seen, (1..=doku::game::MARK_COLOURS).collect::<Vec<_>>());
    assert_eq!(g.cycle_colour(), Outcome::Changed);
    assert_eq!(g.colour(g.cursor()), None, "after the last colour, none");
    assert!(!g.has_colours());
}

#[test]
fn a_colour_mark_leaves_digits_notes_and_givens_alone() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.toggle_note(4, now);
    g.toggle_note(9, now);
    let notes = g.notes(g.cursor());
    g.cycle_colour();
    assert_eq!(g.colour(g.cursor()), Some(1));
    assert_eq!(g.notes(g.cursor()), notes);
    // A given takes a colour too, and stays the given it was.
    go(&mut g, 0, 0);
    assert_eq!(g.cycle_colour(), Outcome::Changed);
    assert_eq!(g.colour(g.cursor()), Some(1));
    assert_eq!(g.value(g.cursor()), Some(digit(2)));
    // Typing over a coloured cell keeps its colour; erasing it too.
    go(&mut g, 0, 1);
    g.enter(9, now);
    assert_eq!(g.colour(g.cursor()), Some(1));
    g.erase(now);
    assert_eq!(g.colour(g.cursor()), Some(1));
    assert!(!g.has_conflicts());
}

#[test]
fn a_colour_mark_is_undone_and_redone_as_one_change() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.enter(9, now);
    go(&mut g, 4, 4);
    g.cycle_colour();
    g.cycle_colour();
    go(&mut g, 8, 8);
    assert_eq!(g.undo(now), Outcome::Changed);
    assert_eq!(g.colour(cell(&g, 4, 4)), Some(1), "one press undone");
    assert_eq!(g.cursor(), cell(&g, 4, 4), "the cursor goes back to it");
    g.undo(now);
    assert_eq!(g.colour(cell(&g, 4, 4)), None);
    assert_eq!(g.value(cell(&g, 0, 1)), Some(digit(9)), "the entry stays");
    g.redo(now);
    g.redo(now);
    assert_eq!(g.colour(cell(&g, 4, 4)), Some(2));
    // A new colour after an undo drops what could be redone, as an entry does.
    g.undo(now);
    go(&mut g, 2, 2);
    g.cycle_colour();
    assert!(!g.can_redo());
}

#[test]
fn clearing_all_colours_is_one_undoable_change() {
    let (mut g, now) = game();
    for (row, col) in [(0, 0), (3, 3), (8, 8)] {
        go(&mut g, row, col);
        g.cycle_colour();
    }
    go(&mut g, 3, 3);
    g.cycle_colour();
    assert_eq!(g.clear_colours(), Outcome::Changed);
    assert!(!g.has_colours());
    assert_eq!(
        g.clear_colours(),
        Outcome::Unchanged,
        "nothing left to clear"
    );
    g.undo(now);
    assert_eq!(g.colour(cell(&g, 0, 0)), Some(1));
    assert_eq!(g.colour(cell(&g, 3, 3)), Some(2));
    assert_eq!(g.colour(cell(&g, 8, 8)), Some(1));
}

#[test]
fn restart_clears_colours_with_the_entries_and_undo_brings_them_back() {
    let (mut g, now) = game();
    go(&mut g, 0, 1);
    g.enter(9, now);
    go(&mut g, 0, 0);
    g.cycle_colour();
    g.restart(now);
    assert!(!g.has_colours());
    assert_eq!(g.value(cell(&g, 0, 1)), None);
    g.undo(now);
    assert_eq!(g.colour(cell(&g, 0, 0)), Some(1));
    assert_eq!(g.value(cell(&g, 0, 1)), Some(digit(9)), "one undo for both");
    // Colours alone are restarted away too, and come back the same way.
    let (mut g, now) = game();
    go(&mut g, 4, 4);
    g.cycle_colour();
    let later = now + Duration::from_secs(30);
    assert_eq!(g.restart(later), Outcome::Changed);
    assert!(!g.has_colours());
    assert_eq!(g.elapsed(later), Duration::ZERO);
    g.undo(later);
    assert_eq!(g.colour(cell(&g, 4, 4)), Some(1));
    assert_eq!(
        g.elapsed(later),
        Duration::from_secs(30),
        "the time comes back"
    );
}

#[test]
fn colouring_keeps_a_hint_on_show_and_a_solved_board_takes_no_colour() {
    let (mut g, now) = game();
    assert_eq!(g.hint_or_apply(now), Outcome::HintShown);
    go(&mut g, 8, 8);
    g.cycle_colour();
    assert!(
        g.hint().is_some(),
        "a colour changes no digit the hint is about"
    );
    let (mut solved, now) = game();
    for row in 0..9 {
        for col in 0..9 {
            if !solved.is_given(cell(&solved, row, col)) {
                go(&mut solved, row, col);
                solved.enter(answer(row, col), now);
            }
        }
    }
    assert!(solved.is_solved());
    assert!(matches!(solved.cycle_colour(), Outcome::Refused(_)));
    assert!(!solved.has_colours());
}

#[test]
fn colours_and_their_undo_survive_the_save() {
    let (mut g, now) = game();
    go(&mut g, 0, 0);
    g.cycle_colour();
    go(&mut g, 5, 7);
    g.cycle_colour();
    g.cycle_colour();
    g.cycle_colour();
    let saved = g.to_saved(now, None);
    assert_eq!(
        saved
            .colours
            .iter()
            .map(|(&c, &k)| (c, k))
            .collect::<Vec<_>>(),
        vec![(0, 1), (5 * 9 + 7, 3)]
    );
    let json = serde_json::to_string(&saved).expect("json");
    let mut back =
        Game::from_saved(&serde_json::from_str(&json).expect("reads"), now).expect("resumes");
    assert_eq!(back.colour(cell(&back, 0, 0)), Some(1));
    assert_eq!(back.colour(cell(&back, 5, 7)), Some(3));
    back.undo(now);
    assert_eq!(
        back.colour(cell(&back, 5, 7)),
        Some(2),
        "undo after a resume"
    );
    // A game without colours writes nothing about them.
    let plain = game().0.to_saved(now, None);
    let json = serde_json::to_string(&plain).expect("json");
    assert!(!json.contains("colours"), "{json}");
}
