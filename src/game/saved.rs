//! The game to and from its saved form: what the autosave writes after
//! every change, and what `doku` resumes. A child module of `game` so the
//! conversion sees the undo history without making it public.

use super::{CellEdit, CellState, Change, Clock, Game};
use crate::engine::{Candidates, Cell, Digit};
use crate::storage::{encode_rows, SavedCell, SavedChange, SavedEdit, SavedGame};
use std::time::{Duration, Instant};

fn cell_out(state: CellState) -> SavedCell {
    SavedCell {
        value: state.value.map_or(0, Digit::get),
        notes: state.notes.0,
    }
}

fn cell_in(saved: SavedCell) -> CellState {
    CellState {
        value: Digit::new(saved.value),
        notes: Candidates(saved.notes),
    }
}

fn millis(time: Duration) -> u64 {
    u64::try_from(time.as_millis()).unwrap_or(u64::MAX)
}

fn change_out(change: &Change) -> SavedChange {
    SavedChange {
        cursor: change.cursor.0,
        edits: change
            .edits
            .iter()
            .map(|e| SavedEdit {
                cell: e.cell.0,
                before: cell_out(e.before),
                after: cell_out(e.after),
            })
            .collect(),
        clock_reset_ms: change.clock_reset.map(millis),
    }
}

fn change_in(saved: &SavedChange) -> Change {
    Change {
        cursor: Cell(saved.cursor),
        edits: saved
            .edits
            .iter()
            .map(|e| CellEdit {
                cell: Cell(e.cell),
                before: cell_in(e.before),
                after: cell_in(e.after),
            })
            .collect(),
        clock_reset: saved.clock_reset_ms.map(Duration::from_millis),
    }
}

impl Game {
    /// The game as the autosave writes it, with the time played up to `now`.
    pub fn to_saved(&self, now: Instant, seed: Option<u64>) -> SavedGame {
        let shape = self.shape();
        let entries: Vec<u8> = self
            .board
            .values()
            .iter()
            .zip(self.givens.values())
            .map(|(&value, &given)| if given != 0 { 0 } else { value })
            .collect();
        let (variant, regions) = SavedGame::rules_of(shape);
        SavedGame {
            size: shape.size(),
            boxes: shape.box_dims(),
            variant,
            regions,
            difficulty: self.difficulty,
            seed,
            givens: encode_rows(shape, self.givens.values()),
            entries: encode_rows(shape, &entries),
            notes: self
                .notes
                .iter()
                .enumerate()
                .filter(|(_, notes)| !notes.is_empty())
                .map(|(cell, notes)| (cell as u16, notes.0))
                .collect(),
            undo: self.undo.iter().map(change_out).collect(),
            redo: self.redo.iter().map(change_out).collect(),
            cursor: self.cursor.0,
            notes_mode: self.notes_mode,
            elapsed_ms: millis(self.clock.elapsed(now)),
            hints_used: self.hints_used,
            solve_counted: self.solve_counted,
            assisted: self.assisted,
        }
    }

    /// The saved game, its clock running again from `now` with the saved
    /// time banked. Runs [`SavedGame::check`] first, so no saved data can
    /// put the game in a state it could not reach by play.
    pub fn from_saved(saved: &SavedGame, now: Instant) -> Result<Game, String> {
        saved.check()?;
        let givens = saved.givens_board()?;
        let entries = saved.entry_values()?;
        let mut game = Game::new(givens, saved.difficulty, now);
        for (index, &value) in entries.iter().enumerate() {
            if value != 0 {
                game.board.set(Cell(index as u16), Digit::new(value));
            }
        }
        for (&cell, &notes) in &saved.notes {
            game.notes[cell as usize] = Candidates(notes);
        }
        game.undo = saved.undo.iter().map(change_in).collect();
        game.redo = saved.redo.iter().map(change_in).collect();
        game.cursor = Cell(saved.cursor);
        game.notes_mode = saved.notes_mode;
        game.hints_used = saved.hints_used;
        game.assisted = saved.assisted;
        game.conflicts = game.board.conflicting_cells();
        game.solved = game.board.is_full() && !game.has_conflicts();
        game.solve_counted = saved.solve_counted || game.solved;
        game.clock = Clock {
            banked: Duration::from_millis(saved.elapsed_ms),
            since: (!game.solved).then_some(now),
        };
        Ok(game)
    }
}
