//! What each cell of a run shows: its digit, what kind of placement it is,
//! the cells the search looks at now, and the digits backtracking took back.

use super::Counters;
use super::RunEnd;
use crate::engine::local_search::{GaveUpReason, LocalStep};
use crate::engine::{Board, Cell, Digit, Step};

/// What a cell shows, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    Empty,
    /// A given of the puzzle.
    Given,
    /// A player's entry the run started from (fixed for the search).
    Entry,
    /// A tentative placement: one branch of the search.
    Guess,
    /// A placement forced by the ones before it.
    Deduced,
    /// Emptied again by backtracking (until something is placed there).
    Backtracked,
    /// A digit of a local-search board that clashes with another.
    Conflicting,
    /// A digit of a local-search board that clashes with nothing.
    Placed,
    /// The cell the search looks at now.
    Focus,
}

/// The board a run shows, kept step by step.
#[derive(Clone, Debug)]
pub(super) struct Cells {
    pub(super) board: Board,
    kinds: Vec<CellKind>,
    pub(super) focus: Vec<Cell>,
    /// The digit an undo took from each backtracked cell (0: none).
    ghosts: Vec<u8>,
}

impl Cells {
    pub(super) fn new(start: &Board) -> Cells {
        let count = start.shape().cell_count();
        Cells {
            board: start.clone(),
            kinds: vec![CellKind::Empty; count],
            focus: Vec::new(),
            ghosts: vec![0; count],
        }
    }

    /// A fresh run showing `board`: givens and the player's entries marked,
    /// the rest empty.
    pub(super) fn reset(&mut self, givens: &Board, start: &Board, board: Board) {
        self.board = board;
        self.focus.clear();
        self.ghosts.iter_mut().for_each(|g| *g = 0);
        for cell in start.shape().cells() {
            self.kinds[cell.index()] = if givens.get(cell).is_some() {
                CellKind::Given
            } else if start.get(cell).is_some() {
                CellKind::Entry
            } else {
                CellKind::Empty
            };
        }
    }

    /// A backtracking search's step; the outcome when it ends the run.
    pub(super) fn apply_search(&mut self, step: &Step) -> Option<RunEnd> {
        match *step {
            Step::Focus { cell, .. } => self.set_focus(&[cell]),
            Step::FocusDigit { ref cells, .. } | Step::CageNarrows { ref cells, .. } => {
                self.set_focus(cells)
            }
            Step::Guess { cell, digit } => self.place(cell, digit, CellKind::Guess),
            Step::Deduce { cell, digit, .. } => self.place(cell, digit, CellKind::Deduced),
            Step::Backtrack { cell } => match cell {
                Some(cell) => self.set_focus(&[cell]),
                None => self.set_focus(&[]),
            },
            Step::Undo { cell, digit } => {
                self.board.set(cell, None);
                self.ghosts[cell.index()] = digit.get();
                self.kinds[cell.index()] = CellKind::Backtracked;
                self.set_focus(&[cell]);
            }
            Step::Solution(_) => {
                self.set_focus(&[]);
                return Some(RunEnd::Solved);
            }
            Step::Exhausted => {
                self.set_focus(&[]);
                return Some(RunEnd::Exhausted);
            }
            Step::LimitReached => return Some(RunEnd::LimitReached),
        }
        None
    }

    fn place(&mut self, cell: Cell, digit: Digit, kind: CellKind) {
        self.board.set(cell, Some(digit));
        self.ghosts[cell.index()] = 0;
        self.kinds[cell.index()] = kind;
        self.set_focus(&[cell]);
    }

    /// A local search's step; the outcome when it ends the run.
    pub(super) fn apply_local(
        &mut self,
        step: &LocalStep,
        counters: &mut Counters,
    ) -> Option<RunEnd> {
        match step {
            LocalStep::Swap { a, b, conflicts } => {
                let (x, y) = (self.board.get(*a), self.board.get(*b));
                self.board.set(*a, y);
                self.board.set(*b, x);
                counters.conflicts = *conflicts;
                self.set_focus(&[*a, *b]);
            }
            LocalStep::Restart { board, conflicts } => {
                self.board = board.clone();
                counters.conflicts = *conflicts;
                counters.restarts += 1;
                self.set_focus(&[]);
            }
            LocalStep::Generation {
                number,
                best,
                best_conflicts,
            } => {
                self.board = best.clone();
                counters.generation = *number;
                counters.conflicts = *best_conflicts;
                self.set_focus(&[]);
            }
            LocalStep::Solved(board) => {
                self.board = board.clone();
                counters.conflicts = 0;
                self.set_focus(&[]);
                return Some(RunEnd::Solved);
            }
            LocalStep::GaveUp(reason) => {
                self.set_focus(&[]);
                return Some(match reason {
                    GaveUpReason::Limit => RunEnd::LimitReached,
                    GaveUpReason::ClashingGivens | GaveUpReason::NoMove => RunEnd::Exhausted,
                });
            }
        }
        None
    }

    fn set_focus(&mut self, cells: &[Cell]) {
        self.focus.clear();
        self.focus.extend_from_slice(cells);
    }

    /// Colours a local search's cells by conflict (givens and entries keep theirs).
    pub(super) fn mark_conflicts(&mut self, marks: Vec<bool>) {
        for (cell, conflicting) in marks.into_iter().enumerate() {
            let kind = &mut self.kinds[cell];
            if matches!(kind, CellKind::Given | CellKind::Entry) {
                continue;
            }
            *kind = if conflicting {
                CellKind::Conflicting
            } else if self.board.values()[cell] != 0 {
                CellKind::Placed
            } else {
                CellKind::Empty
            };
        }
    }

    /// What the cell shows without the focus.
    pub(super) fn kind(&self, cell: Cell) -> CellKind {
        self.kinds[cell.index()]
    }

    /// The digit last taken back from a cell that is still empty.
    pub(super) fn ghost(&self, cell: Cell) -> Option<Digit> {
        if self.board.get(cell).is_some() {
            return None;
        }
        Digit::new(self.ghosts[cell.index()])
    }
}
