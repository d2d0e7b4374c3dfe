//! Hints for a player's position: the next logical step, or what is wrong.

use super::grid::Finding;
use super::{find_next, grid_with_notes, to_step, Found, LogicStep, Solutions};
use crate::board::{cell_name, Board, Candidates};
use crate::shape::{Cell, Shape};

/// The engine's advice for a position: what a hint is made from (the game
/// turns it into the `Hint` it shows, level by level).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Every cell is filled, and correctly.
    Solved,
    /// These entries differ from the solution (reading order).
    Mistakes(Vec<Cell>),
    /// The player's notes in these cells leave out the digit the solution
    /// needs there, so no step can be trusted from them.
    WrongNotes(Vec<Cell>),
    /// The next logical step.
    Step(LogicStep),
    /// No technique applies: a guess is needed. `cell` has the fewest
    /// candidates, the best place to try one.
    Guess { cell: Cell, candidates: Candidates },
    /// On a board larger than 9x9, the search for a step passed its work
    /// budget before finding one (a step may exist, further off). `cell`
    /// has the fewest candidates: the game offers its digit from the
    /// solution, as for a guess.
    OutOfReach { cell: Cell, candidates: Candidates },
    /// The givens have no solution.
    NoSolution,
    /// The givens have more than one solution, so entries cannot be judged.
    NotUnique,
}

impl Advice {
    /// The advice on givens without exactly one solution (what
    /// [`unique_solution`] found instead).
    pub fn without_one_solution(solutions: Solutions) -> Advice {
        match solutions {
            Solutions::Several => Advice::NotUnique,
            _ => Advice::NoSolution,
        }
    }

    /// The cells to highlight.
    pub fn cells(&self) -> Vec<Cell> {
        match self {
            Advice::Mistakes(cells) | Advice::WrongNotes(cells) => cells.clone(),
            Advice::Step(step) => step.cells.clone(),
            Advice::Guess { cell, .. } | Advice::OutOfReach { cell, .. } => vec![*cell],
            _ => Vec::new(),
        }
    }

    /// A first hint: for a step, the technique and where to look, giving
    /// no cell away ("an x-wing on 3 in rows 4 and 8"); anything else says
    /// what [`Advice::message`] says.
    pub fn summary(&self, shape: Shape) -> String {
        match self {
            Advice::Step(step) => step.summary.clone(),
            _ => self.message(shape),
        }
    }

    /// One line for the status bar.
    pub fn message(&self, shape: Shape) -> String {
        let names = |cells: &[Cell]| {
            cells
                .iter()
                .map(|&c| cell_name(shape, c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Advice::Solved => "Solved!".into(),
            Advice::Mistakes(cells) => format!("Wrong digit in {}", names(cells)),
            Advice::WrongNotes(cells) => format!(
                "Your notes in {} leave out the digit that belongs there",
                names(cells)
            ),
            Advice::Step(step) => format!("{}: {}", step.technique.name(), step.explanation),
            Advice::Guess { cell, candidates } => format!(
                "No logical step: a guess is needed; try {} ({} candidates)",
                cell_name(shape, *cell),
                candidates.len()
            ),
            Advice::OutOfReach { cell, candidates } => format!(
                "No short step found within the search budget; try {} ({} candidates)",
                cell_name(shape, *cell),
                candidates.len()
            ),
            Advice::NoSolution => "This puzzle has no solution".into(),
            Advice::NotUnique => "This puzzle has more than one solution".into(),
        }
    }
}

/// The hint for a player's `position` (givens plus entries) in the puzzle
/// `givens`, optionally with the player's notes (one per cell, reading
/// order; a cell without notes counts as having every candidate its houses
/// allow). Entries are judged against the unique solution of the givens.
/// A position of another shape than the givens is ignored (the givens are
/// used instead).
pub fn next_hint(givens: &Board, position: &Board, notes: Option<&[Candidates]>) -> Advice {
    let position = if position.shape() == givens.shape() {
        position
    } else {
        givens
    };
    match unique_solution(givens) {
        Ok(solution) => next_hint_with_solution(&solution, position, notes),
        Err(solutions) => Advice::without_one_solution(solutions),
    }
}

/// The one solution of `givens`, or how many there are instead
/// ([`Solutions::None`] or [`Solutions::Several`]). This is the costly part
/// of [`next_hint`] (up to a second on a hard 25x25): a caller that asks
/// for several hints keeps the answer and calls [`next_hint_with_solution`].
pub fn unique_solution(givens: &Board) -> Result<Board, Solutions> {
    match givens.count_solutions_up_to(2) {
        0 => return Err(Solutions::None),
        1 => {}
        _ => return Err(Solutions::Several),
    }
    givens.solution().ok_or(Solutions::None)
}

/// [`next_hint`] for a caller that already holds the unique solution of the
/// puzzle (the TUI solves a dealt puzzle once, not on every key press).
/// A position of another shape than the solution counts as an empty board.
pub fn next_hint_with_solution(
    solution: &Board,
    position: &Board,
    notes: Option<&[Candidates]>,
) -> Advice {
    let shape = solution.shape();
    let empty;
    let position = if position.shape() == shape {
        position
    } else {
        empty = Board::empty(shape);
        &empty
    };
    let mistakes: Vec<Cell> = shape
        .cells()
        .filter(|&c| position.get(c).is_some_and(|d| solution.get(c) != Some(d)))
        .collect();
    if !mistakes.is_empty() {
        return Advice::Mistakes(mistakes);
    }
    if position.is_full() {
        return Advice::Solved;
    }
    let notes = notes.filter(|n| n.len() == shape.cell_count());
    if let Some(notes) = notes {
        let wrong: Vec<Cell> = shape
            .cells()
            .filter(|&c| {
                let note = notes[c.index()];
                position.is_empty_cell(c)
                    && !note.is_empty()
                    && solution.get(c).is_some_and(|d| !note.contains(d))
            })
            .collect();
        if !wrong.is_empty() {
            return Advice::WrongNotes(wrong);
        }
    }
    // The position agrees with the solution, so its grid exists and holds it.
    let Some(mut grid) = grid_with_notes(position, notes) else {
        return Advice::NoSolution;
    };
    // The caller holds the one solution, so uniqueness steps are sound.
    grid.unique = true;
    let mut finding = Finding::default();
    let found = find_next(&grid, true, &mut finding);
    if found == Found::Step {
        return Advice::Step(to_step(&grid, &finding));
    }
    // The first cell of fewest candidates: the same position always
    // offers the same cell.
    let best = (0..grid.cands.len())
        .filter(|&c| grid.values[c] == 0)
        .min_by_key(|&c| grid.cands[c].count_ones());
    let Some(c) = best else {
        return Advice::Solved;
    };
    let (cell, candidates) = (Cell(c as u16), Candidates(grid.cands[c]));
    match found {
        Found::OutOfBudget => Advice::OutOfReach { cell, candidates },
        _ => Advice::Guess { cell, candidates },
    }
}
