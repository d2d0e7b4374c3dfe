//! The game to and from the text players share (HoDoKu's library line,
//! f-puzzles): the givens, the digits placed and the notes. A child module
//! of `game`, as `saved` is, so a game can start with entries and notes
//! without a public way to set cells past the undo history.

use super::Game;
use crate::engine::format::PlayedPuzzle;
use crate::engine::grader::Difficulty;
use crate::engine::{Cell, Digit};
use std::time::Instant;

impl Game {
    /// A game on `played`'s puzzle that starts where its player left it:
    /// their digits as entries (clashing or wrong ones too: the board
    /// shows them), their notes, nothing to undo. A game started with
    /// someone's digits in it sets no best time: it is assisted, as after
    /// a hint that placed digits.
    pub fn from_played(
        played: &PlayedPuzzle,
        difficulty: Option<Difficulty>,
        now: Instant,
    ) -> Game {
        let mut game = Game::new(played.puzzle.clone(), difficulty, now);
        let cells = game.shape().cell_count();
        let progress = &played.progress;
        if progress.entries.len() != cells || progress.notes.len() != cells {
            return game;
        }
        for (index, &value) in progress.entries.iter().enumerate() {
            if value != 0 && game.givens.values()[index] == 0 {
                game.board.set(Cell(index as u16), Digit::new(value));
            }
        }
        for (index, &notes) in progress.notes.iter().enumerate() {
            if game.board.values()[index] == 0 {
                game.notes[index] = notes;
            }
        }
        game.assisted = played.entry_count() > 0;
        game.conflicts = game.board.conflicting_cells();
        game.solved = game.board.is_full() && !game.has_conflicts();
        game.solve_counted = game.solved;
        if game.solved {
            game.clock.stop(now);
        }
        game
    }

    /// The game as players share it: the puzzle, the entries, the notes.
    pub fn played(&self) -> PlayedPuzzle {
        PlayedPuzzle::with_progress(self.givens.clone(), &self.entries(), &self.notes)
    }

    /// The player's digits, cell by cell: 0 where a cell is empty or
    /// holds a given (what a save and a shared game both keep).
    pub(super) fn entries(&self) -> Vec<u8> {
        self.board
            .values()
            .iter()
            .zip(self.givens.values())
            .map(|(&value, &given)| if given != 0 { 0 } else { value })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::{parse_game_as, write_game, GameFormat, ShapeHint};
    use crate::engine::{Board, Candidates, Shape, Variant};

    const PUZZLE: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn game_on(line: &str) -> Game {
        let board = crate::engine::format::parse_puzzle(line, ShapeHint::Infer).expect("a puzzle");
        Game::new(board, None, Instant::now())
    }

    fn at(game: &mut Game, row: usize, col: usize) {
        game.set_cursor(row, col);
    }

    /// The game after its text is copied and read back.
    fn shared(game: &Game) -> (Game, GameFormat) {
        let (text, format) = write_game(&game.played());
        let back = parse_game_as(text.as_bytes(), ShapeHint::Infer, Variant::Classic)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        (Game::from_played(&back, None, Instant::now()), format)
    }

    fn same_game(a: &Game, b: &Game) {
        assert_eq!(a.givens(), b.givens(), "givens");
        assert_eq!(a.board().values(), b.board().values(), "entries");
        for cell in a.shape().cells() {
            assert_eq!(a.notes(cell), b.notes(cell), "notes of {}", cell.index());
            assert_eq!(a.is_given(cell), b.is_given(cell), "given {}", cell.index());
        }
    }

    #[test]
    fn a_classic_game_with_candidates_eliminated_shares_as_hodoku() {
        let now = Instant::now();
        let mut game = game_on(PUZZLE);
        at(&mut game, 0, 2);
        game.enter(4, now);
        game.fill_candidates(now);
        at(&mut game, 0, 3);
        let first = game.notes(game.cursor()).first().expect("candidates").get();
        game.toggle_note(first, now);
        let (back, format) = shared(&game);
        assert_eq!(format, GameFormat::Hodoku);
        same_game(&game, &back);
        assert!(!back.is_given(Cell(2)), "the entry stays an entry");
    }

    #[test]
    fn notes_hodoku_cannot_hold_go_as_an_f_puzzles_link() {
        let now = Instant::now();
        let mut game = game_on(PUZZLE);
        // A note in one cell only: HoDoKu's line would show every
        // candidate in the others.
        at(&mut game, 0, 2);
        game.toggle_note(1, now);
        game.toggle_note(2, now);
        at(&mut game, 0, 3);
        game.enter(6, now);
        let (back, format) = shared(&game);
        assert_eq!(format, GameFormat::FpuzzlesLink);
        same_game(&game, &back);
    }

    #[test]
    fn a_sixteen_and_a_jigsaw_and_a_killer_share_their_entries_and_notes() {
        let now = Instant::now();
        let sixteen = Board::empty(Shape::sudoku(16).expect("16x16"));
        // Janko's Chaos-Sudoku 108 (tests/fixtures/variants/published.tsv).
        let jigsaw = crate::engine::format::parse_puzzle(
            "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9. 999998888555998888555998333555111333222111333222111444222766444777766444777766666",
            ShapeHint::Infer,
        )
        .expect("a jigsaw");
        let killer = crate::engine::format::parse_puzzle(
            "{\"size\":4,\"grid\":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]],\"killercage\":[{\"cells\":[\"R1C1\",\"R1C2\"],\"value\":\"3\"}]}",
            ShapeHint::Infer,
        )
        .expect("a killer");
        for board in [sixteen, jigsaw, killer] {
            let n = board.shape().size();
            let empty: Vec<usize> = (0..n * n).filter(|&i| board.values()[i] == 0).collect();
            let mut game = Game::new(board, None, now);
            let go = |game: &mut Game, i: usize| at(game, i / n, i % n);
            go(&mut game, empty[0]);
            game.enter(2, now);
            go(&mut game, empty[1]);
            game.toggle_note(1, now);
            game.toggle_note(n as u8, now);
            go(&mut game, empty[empty.len() - 1]);
            game.enter(n as u8, now);
            let played = game.played();
            assert_eq!(played.entry_count(), 2, "{n}x{n}");
            assert!(played.has_notes(), "{n}x{n}");
            let (back, format) = shared(&game);
            assert_eq!(format, GameFormat::FpuzzlesLink, "{n}x{n}");
            same_game(&game, &back);
            assert_eq!(back.board().is_killer(), game.board().is_killer());
        }
    }

    #[test]
    fn a_game_started_with_entries_is_assisted_and_keeps_clashes() {
        let now = Instant::now();
        let board = crate::engine::format::parse_puzzle(PUZZLE, ShapeHint::Infer).expect("puzzle");
        let mut entries = vec![0u8; 81];
        // 5 again in row 1: a clash, kept as the player's entry.
        entries[2] = 5;
        let mut notes = vec![Candidates::NONE; 81];
        notes[3].insert(Digit::new(2).expect("2"));
        let played = PlayedPuzzle::with_progress(board, &entries, &notes);
        let game = Game::from_played(&played, None, now);
        assert_eq!(game.value(Cell(2)).map(Digit::get), Some(5));
        assert!(game.is_conflict(Cell(2)));
        assert!(game.is_assisted());
        assert!(!game.can_undo());
        assert!(game.notes(Cell(3)).contains(Digit::new(2).expect("2")));
        let untouched = Game::from_played(&PlayedPuzzle::new(game.givens().clone()), None, now);
        assert!(!untouched.is_assisted());
    }
}
