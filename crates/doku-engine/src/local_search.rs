//! Local search over full boards: instead of extending a partial board cell by
//! cell, fill every box (every row, for Latin squares) with its missing digits
//! and then repair the conflicts that remain in rows and columns.
//!
//! Two searches share this ground: [`MinConflicts`] (swaps two cells of a box
//! to lower the conflict count) and [`Genetic`] (a population of such boards,
//! bred box by box). Both are explicit-state iterators of [`LocalStep`]s with
//! the random source injected, so a seed replays a run exactly.
//!
//! The conflict count is the number of pairs of cells that share a house and
//! hold the same digit: exactly `Board::conflicts().len()` for the board the
//! search shows. On a killer, a cage counts as a house, and each cage adds
//! how far its digits' sum is from the cage's: a board with no conflicts
//! keeps every rule, the sums included. Since every box (jigsaw region; row, for Latin squares)
//! always holds each digit once, only the other houses can hold such pairs.

mod genetic;
mod min_conflicts;

pub use genetic::{Genetic, GeneticConfig};
pub use min_conflicts::{MinConflicts, MinConflictsConfig};

use super::board::Board;
use super::killer::Cages;
use super::shape::{Cell, Geometry, Shape};
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::Arc;

/// One step of a local search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LocalStep {
    /// Two cells of one box (row, for Latin squares) swapped their digits;
    /// the board now has `conflicts` clashing pairs.
    Swap { a: Cell, b: Cell, conflicts: usize },
    /// The search gave up on its board and refilled every box at random.
    Restart { board: Board, conflicts: usize },
    /// A genetic generation was bred; `best` is its fittest board.
    Generation {
        number: u64,
        best: Board,
        best_conflicts: usize,
    },
    /// The board is free of conflicts: a solution that keeps the givens.
    Solved(Board),
    /// The search stopped without a solution: its limit was reached, the
    /// givens clash, or no move is left.
    GaveUp(GaveUpReason),
}

impl LocalStep {
    /// Whether this step ends the search (nothing follows it).
    pub fn is_final(&self) -> bool {
        matches!(self, LocalStep::Solved(_) | LocalStep::GaveUp(_))
    }
}

/// Why a local search stopped without a solution.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GaveUpReason {
    /// The step or generation limit was reached.
    Limit,
    /// The givens already break a rule, so no fill can be valid.
    ClashingGivens,
    /// Every box has at most one free cell and the forced fill clashes.
    NoMove,
}

/// Where swaps happen: the free cells of each unit (a box, or a row for Latin
/// squares), and the fixed digits that never move.
#[derive(Clone, Debug)]
struct Layout {
    shape: Shape,
    /// A killer's cages, which the tally checks too.
    cages: Option<Arc<Cages>>,
    /// Givens (and player entries the search starts from): never moved.
    fixed: Vec<bool>,
    /// For each unit, its free cells.
    free: Vec<Vec<u16>>,
    /// For each unit, the digits its free cells must hold (one each).
    missing: Vec<Vec<u8>>,
    /// Units with at least two free cells: the only ones a swap can change.
    swappable: Vec<usize>,
    /// For each cell, its unit.
    unit_of: Vec<u16>,
}

impl Layout {
    /// `None` when the givens repeat a digit in some unit (no fill can work)
    /// or clash anywhere else.
    fn new(board: &Board) -> Option<Layout> {
        if !board.conflicts().is_empty() {
            return None;
        }
        let shape = board.shape();
        let n = shape.size();
        // The units are the boxes (or jigsaw regions), the rows of a Latin square.
        let geo = super::solver::geometry(shape);
        let first_unit = if shape.has_boxes() { 2 * n } else { 0 };
        let units: Vec<Vec<u16>> = geo.house_cells[first_unit..first_unit + n].to_vec();
        let mut unit_of = vec![0u16; shape.cell_count()];
        let fixed: Vec<bool> = board.values().iter().map(|&v| v != 0).collect();
        let mut free = Vec::with_capacity(n);
        let mut missing = Vec::with_capacity(n);
        for (u, cells) in units.iter().enumerate() {
            let mut present = 0u64;
            for &c in cells {
                unit_of[c as usize] = u as u16;
                if let Some(d) = board.get(Cell(c)) {
                    present |= d.bit();
                }
            }
            free.push(
                cells
                    .iter()
                    .copied()
                    .filter(|&c| !fixed[c as usize])
                    .collect::<Vec<_>>(),
            );
            missing.push(
                shape
                    .digits()
                    .filter(|d| present & d.bit() == 0)
                    .map(|d| d.get())
                    .collect(),
            );
        }
        let swappable = (0..n).filter(|&u| free[u].len() >= 2).collect();
        Some(Layout {
            shape,
            cages: board.cages().cloned(),
            fixed,
            free,
            missing,
            swappable,
            unit_of,
        })
    }

    /// Fills every unit's free cells with its missing digits in random order.
    fn random_fill(&self, values: &mut [u8], rng: &mut impl Rng) {
        for (cells, digits) in self.free.iter().zip(&self.missing) {
            let mut digits = digits.clone();
            digits.shuffle(rng);
            for (&c, d) in cells.iter().zip(digits) {
                values[c as usize] = d;
            }
        }
    }

    /// Two distinct free cells of a random unit, if any unit has two.
    fn random_pair(&self, rng: &mut impl Rng) -> Option<(u16, u16)> {
        if self.swappable.is_empty() {
            return None;
        }
        let unit = self.swappable[rng.random_range(0..self.swappable.len())];
        Some(random_pair_in(&self.free[unit], rng))
    }

    fn board(&self, values: &[u8]) -> Board {
        Board::from_values(self.shape, values.to_vec())
            .map(|b| b.with_cages(self.cages.clone()))
            .unwrap_or_else(|| Board::empty(self.shape))
    }

    /// A tally of `values` under this layout's rules.
    fn tally(&self, values: &[u8]) -> Tally {
        Tally::new(self.shape, self.cages.as_ref(), values)
    }
}

/// The board `values` show: under `layout`'s rules, or a plain board of
/// `shape` when the givens clashed and the search has no layout.
fn board_of(layout: Option<&Layout>, shape: Shape, values: &[u8]) -> Board {
    match layout {
        Some(layout) => layout.board(values),
        None => Board::from_values(shape, values.to_vec()).unwrap_or_else(|| Board::empty(shape)),
    }
}

/// Two distinct cells of `cells` (which holds at least two).
fn random_pair_in(cells: &[u16], rng: &mut impl Rng) -> (u16, u16) {
    let i = rng.random_range(0..cells.len());
    let mut j = rng.random_range(0..cells.len() - 1);
    if j >= i {
        j += 1;
    }
    (cells[i], cells[j])
}

/// How often each digit occurs in each house other than the units (rows and
/// columns, and a variant's extra houses), and the number of clashing pairs
/// that makes.
#[derive(Clone, Debug)]
struct Tally {
    size: usize,
    geo: Arc<Geometry>,
    /// The house index of each cell's unit, which the tally leaves out.
    unit_slot: usize,
    /// `counts[house * (size + 1) + digit]`.
    counts: Vec<u16>,
    /// A killer's cages: digits repeated in one, and sums missed.
    cages: Option<CageTally>,
    conflicts: usize,
}

/// How often each digit occurs in each cage, and each cage's sum so far.
#[derive(Clone, Debug)]
struct CageTally {
    cages: Arc<Cages>,
    /// `counts[cage * (size + 1) + digit]`.
    counts: Vec<u16>,
    sums: Vec<u32>,
}

impl CageTally {
    /// The conflicts a cage's sum adds: its distance from the cage's own.
    fn sum_conflicts(&self, cage: usize) -> usize {
        match self.cages.get(cage).and_then(|c| c.sum()) {
            Some(target) => self.sums[cage].abs_diff(u32::from(target)) as usize,
            None => 0,
        }
    }
}

impl Tally {
    fn new(shape: Shape, cages: Option<&Arc<Cages>>, values: &[u8]) -> Tally {
        let size = shape.size();
        let geo = super::solver::geometry(shape);
        let mut tally = Tally {
            size,
            unit_slot: if shape.has_boxes() { 2 } else { 0 },
            counts: vec![0; geo.house_cells.len() * (size + 1)],
            geo,
            cages: cages.map(|cages| CageTally {
                cages: cages.clone(),
                counts: vec![0; cages.len() * (size + 1)],
                sums: vec![0; cages.len()],
            }),
            conflicts: 0,
        };
        // Each cage's sum starts at 0, that far from its own.
        if let Some(cages) = &tally.cages {
            tally.conflicts = (0..cages.cages.len()).map(|c| cages.sum_conflicts(c)).sum();
        }
        for (cell, &digit) in values.iter().enumerate() {
            if digit != 0 {
                tally.add(cell, digit);
            }
        }
        tally
    }

    /// The counters of `digit` in the houses of `cell` the tally keeps.
    fn slots(&self, cell: usize, digit: u8) -> impl Iterator<Item = usize> + '_ {
        let unit = self.geo.standard_houses[cell][self.unit_slot];
        let stride = self.size + 1;
        self.geo
            .houses_of(cell)
            .iter()
            .filter(move |&&h| h != unit)
            .map(move |&h| h as usize * stride + digit as usize)
    }

    fn add(&mut self, cell: usize, digit: u8) {
        let unit = self.geo.standard_houses[cell][self.unit_slot];
        let stride = self.size + 1;
        for &h in self.geo.houses_of(cell) {
            if h == unit {
                continue;
            }
            let slot = h as usize * stride + digit as usize;
            // The new digit pairs with every copy already in the house.
            self.conflicts += self.counts[slot] as usize;
            self.counts[slot] += 1;
        }
        if let Some(cages) = &mut self.cages {
            if let Some(cage) = cages.cages.cage_of(Cell(cell as u16)) {
                let slot = cage * stride + digit as usize;
                self.conflicts += cages.counts[slot] as usize;
                cages.counts[slot] += 1;
                self.conflicts -= cages.sum_conflicts(cage);
                cages.sums[cage] += u32::from(digit);
                self.conflicts += cages.sum_conflicts(cage);
            }
        }
    }

    fn remove(&mut self, cell: usize, digit: u8) {
        let unit = self.geo.standard_houses[cell][self.unit_slot];
        let stride = self.size + 1;
        for &h in self.geo.houses_of(cell) {
            if h == unit {
                continue;
            }
            let slot = h as usize * stride + digit as usize;
            self.counts[slot] -= 1;
            self.conflicts -= self.counts[slot] as usize;
        }
        if let Some(cages) = &mut self.cages {
            if let Some(cage) = cages.cages.cage_of(Cell(cell as u16)) {
                let slot = cage * stride + digit as usize;
                cages.counts[slot] -= 1;
                self.conflicts -= cages.counts[slot] as usize;
                self.conflicts -= cages.sum_conflicts(cage);
                cages.sums[cage] -= u32::from(digit);
                self.conflicts += cages.sum_conflicts(cage);
            }
        }
    }

    /// Swaps the digits of cells `a` and `b` in `values` and in the tally.
    fn swap(&mut self, values: &mut [u8], a: usize, b: usize) {
        let (x, y) = (values[a], values[b]);
        self.remove(a, x);
        self.remove(b, y);
        self.add(a, y);
        self.add(b, x);
        values.swap(a, b);
    }

    /// The conflict count after swapping `a` and `b`, without changing anything.
    fn after_swap(&mut self, values: &mut [u8], a: usize, b: usize) -> usize {
        self.swap(values, a, b);
        let after = self.conflicts;
        self.swap(values, a, b);
        after
    }

    /// Whether the digit in `cell` repeats in a house the tally keeps, or
    /// its cage repeats a digit or misses its sum.
    fn is_conflicting(&self, cell: usize, digit: u8) -> bool {
        if digit == 0 {
            return false;
        }
        let in_cage = self.cages.as_ref().is_some_and(|cages| {
            cages.cages.cage_of(Cell(cell as u16)).is_some_and(|cage| {
                cages.counts[cage * (self.size + 1) + digit as usize] > 1
                    || cages.sum_conflicts(cage) > 0
            })
        });
        in_cage || self.slots(cell, digit).any(|s| self.counts[s] > 1)
    }
}

/// For every cell, whether its digit repeats in its row or column (or
/// breaks its cage).
fn conflicting_cells(tally: &Tally, values: &[u8]) -> Vec<bool> {
    values
        .iter()
        .enumerate()
        .map(|(cell, &digit)| tally.is_conflicting(cell, digit))
        .collect()
}
