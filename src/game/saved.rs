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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::generator::rules_for_deal;
    use crate::engine::{Board, Shape, Variant};
    use rand::SeedableRng;

    #[test]
    fn a_jigsaw_x_game_round_trips_with_its_regions_and_variant() {
        let now = Instant::now();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let rules = rules_for_deal(Shape::CLASSIC, Variant::JigsawX, &mut rng).expect("rules");
        let mut game = Game::new(Board::empty(rules), None, now);
        game.set_cursor(2, 3);
        game.enter(4, now);
        let saved = game.to_saved(now, Some(9));
        assert_eq!(saved.variant, Some(Variant::JigsawX));
        assert_eq!(saved.regions.len(), 9);
        assert_eq!(saved.boxes, None);
        let text = serde_json::to_string(&saved).expect("json");
        assert!(text.contains("\"variant\":\"jigsaw,x\""), "{text}");
        let back: crate::storage::SavedGame = serde_json::from_str(&text).expect("reads");
        let resumed = Game::from_saved(&back, now).expect("resumes");
        assert_eq!(resumed.shape(), rules, "the same regions and diagonals");
        assert_eq!(resumed.value(rules.cell(2, 3)).map(|d| d.get()), Some(4));
    }

    #[test]
    fn a_classic_save_names_no_variant_and_an_old_save_reads_as_classic() {
        let now = Instant::now();
        let game = Game::new(Board::empty(Shape::CLASSIC), None, now);
        let saved = game.to_saved(now, None);
        assert_eq!((saved.variant, saved.regions.len()), (None, 0));
        let text = serde_json::to_string(&saved).expect("json");
        assert!(
            !text.contains("variant") && !text.contains("regions"),
            "{text}"
        );
        let x = Variant::X.apply(Shape::CLASSIC).expect("x");
        let mut x_saved = Game::new(Board::empty(x), None, now).to_saved(now, None);
        assert_eq!(x_saved.variant, Some(Variant::X));
        // Damaged regions are refused with the field named, not played.
        x_saved.regions = vec!["1".repeat(9); 9];
        x_saved.boxes = None;
        let err = Game::from_saved(&x_saved, now).expect_err("one region is no jigsaw");
        assert!(err.starts_with("regions:"), "{err}");
    }
}
