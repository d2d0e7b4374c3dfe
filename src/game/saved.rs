//! The game to and from its saved form: what the autosave writes after
//! every change, and what `doku` resumes. A child module of `game` so the
//! conversion sees the undo history without making it public.

use super::{CellEdit, CellState, Change, Clock, ColourEdit, Game};
use crate::engine::{Candidates, Cell, Digit};
use crate::storage::{encode_rows, SavedCell, SavedChange, SavedColourEdit, SavedEdit, SavedGame};
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
        colours: change
            .colours
            .iter()
            .map(|e| SavedColourEdit {
                cell: e.cell.0,
                before: e.before,
                after: e.after,
            })
            .collect(),
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
        colours: saved
            .colours
            .iter()
            .map(|e| ColourEdit {
                cell: Cell(e.cell),
                before: e.before,
                after: e.after,
            })
            .collect(),
        clock_reset: saved.clock_reset_ms.map(Duration::from_millis),
    }
}

impl Game {
    /// The game as the autosave writes it, with the time played up to `now`.
    pub fn to_saved(&self, now: Instant, seed: Option<u64>) -> SavedGame {
        let shape = self.shape();
        let entries = self.entries();
        let (variant, regions) = SavedGame::rules_of(shape);
        // A killer names itself by its cages (the shape knows only houses).
        let variant = match crate::engine::Variant::of_board(&self.givens) {
            crate::engine::Variant::Classic => variant,
            with_cages => Some(with_cages),
        };
        let (cages, sums) = SavedGame::cages_of(&self.givens);
        SavedGame {
            size: shape.size(),
            boxes: shape.box_dims(),
            variant,
            regions,
            cages,
            sums,
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
            show_mistakes: self.show_mistakes,
            mistakes: self.mistakes_made,
            colours: self
                .colours
                .iter()
                .enumerate()
                .filter(|(_, &colour)| colour != 0)
                .map(|(cell, &colour)| (cell as u16, colour))
                .collect(),
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
        for (&cell, &colour) in &saved.colours {
            game.colours[cell as usize] = colour;
        }
        game.undo = saved.undo.iter().map(change_in).collect();
        game.redo = saved.redo.iter().map(change_in).collect();
        game.cursor = Cell(saved.cursor);
        game.notes_mode = saved.notes_mode;
        game.hints_used = saved.hints_used;
        game.assisted = saved.assisted;
        game.show_mistakes = saved.show_mistakes;
        game.mistakes_made = saved.mistakes;
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
    use crate::engine::{Board, Cell, Shape, Variant};
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

    /// Wikipedia's killer, as the published fixture has it.
    fn killer() -> Board {
        let line = "................................................................................. aabbbcdefgghhccdefggiicjkkflmminjkoflppqnjoorsptqnuvvrsttqwuuxxsyzwwAAxxsyzwBBBCC a=3,b=15,c=22,d=4,e=16,f=15,g=25,h=17,i=9,j=8,k=20,l=6,m=14,n=17,o=17,p=13,q=20,r=12,s=27,t=6,u=20,v=6,w=10,x=14,y=8,z=16,A=15,B=13,C=17";
        crate::engine::format::parse_puzzle(line, crate::engine::ShapeHint::Infer).expect("reads")
    }

    #[test]
    fn a_killer_round_trips_with_its_cages_and_sums() {
        let now = Instant::now();
        let board = killer();
        let mut game = Game::new(board.clone(), None, now);
        game.set_cursor(0, 0);
        game.enter(2, now);
        game.set_cursor(0, 1);
        game.toggle_note(1, now);
        let saved = game.to_saved(now, None);
        assert_eq!(saved.variant, Some(Variant::Killer));
        assert_eq!(saved.cages.len(), 9);
        assert_eq!(saved.cages[0], "aabbbcdef");
        assert!(saved.sums.starts_with("a=3,b=15,"), "{}", saved.sums);
        let text = serde_json::to_string(&saved).expect("json");
        let back: crate::storage::SavedGame = serde_json::from_str(&text).expect("reads");
        let resumed = Game::from_saved(&back, now).expect("resumes");
        assert_eq!(resumed.board().cages(), board.cages(), "the same cages");
        assert_eq!(resumed.value(Cell(0)).map(|d| d.get()), Some(2));
        assert_eq!(resumed.notes(Cell(1)).0, 1);
    }

    #[test]
    fn a_save_with_broken_cages_is_refused_with_the_field_named() {
        let now = Instant::now();
        let saved = Game::new(killer(), None, now).to_saved(now, None);
        type Breakage = fn(&mut crate::storage::SavedGame);
        let cases: Vec<(Breakage, &str)> = vec![
            (|g| g.cages.clear(), "cages: a killer needs its cage map"),
            (|g| g.cages[0] = "aabb".into(), "cages row 1: 4 cells"),
            // The 3-cage's cells split apart: r1c1 and r1c3.
            (|g| g.cages[0] = "abab".to_string() + "bcdef", "in pieces"),
            (|g| g.sums = "a=3,b=99".into(), "cannot make 99"),
            (|g| g.sums = "a=1".into(), "cannot make 1"),
            (|g| g.variant = None, "the variant is not killer"),
            (
                |g| g.givens[0] = "11.......".into(),
                "givens: r1c1 and r1c2 both hold 1",
            ),
            (
                |g| g.givens[0] = "9........".into(),
                "givens: the 3-cage at r1c1 cannot hold them",
            ),
        ];
        for (break_it, expected) in cases {
            let mut broken = saved.clone();
            break_it(&mut broken);
            let err = Game::from_saved(&broken, now).expect_err(expected);
            assert!(err.contains(expected), "{expected:?} not in {err:?}");
        }
    }
}
