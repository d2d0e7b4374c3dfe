//! Killer sudoku: cages of cells whose digits never repeat and add up to
//! the cage's sum. The cages belong to a puzzle, not to its houses: a
//! [`Board`](crate::Board) carries them beside its [`Shape`], so a killer
//! can be classic, X or jigsaw underneath.

pub mod combos;

use crate::shape::{Cell, Shape};
use std::fmt;

/// One cage: its cells in reading order and the sum they make (`None`: the
/// digits only differ).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cage {
    cells: Vec<Cell>,
    sum: Option<u16>,
}

impl Cage {
    /// The cells, in reading order.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }
    pub fn sum(&self) -> Option<u16> {
        self.sum
    }
    /// The first cell in reading order: where the sum is written.
    pub fn anchor(&self) -> Cell {
        self.cells[0]
    }
    pub fn len(&self) -> usize {
        self.cells.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }
    pub fn contains(&self, cell: Cell) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }
}

/// The cages of a killer, numbered in reading order of their first cells;
/// a cell is in one cage at most.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Cages {
    cages: Vec<Cage>,
    /// Each cell's cage, `NO_CAGE` for none.
    cage_of: Vec<u16>,
}

const NO_CAGE: u16 = u16::MAX;

/// Why a set of cages is not a killer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CageError {
    #[error("a cage has no cells")]
    Empty,
    #[error("a cage names cell {index}, but a {size}x{size} board has {cells} cells")]
    OffBoard {
        index: usize,
        size: usize,
        cells: usize,
    },
    #[error("{cell} is in two cages (the cage at {first} and the cage at {second})")]
    Overlap {
        cell: String,
        first: String,
        second: String,
    },
    #[error("the cage at {at} has {cells} cells, but digits never repeat in a cage and a {size}x{size} board has only {size} digits")]
    TooLarge {
        at: String,
        cells: usize,
        size: usize,
    },
    #[error("the cage at {at} is in pieces: {cell} does not touch the rest of it (a cage's cells must join side to side)")]
    NotConnected { at: String, cell: String },
    #[error("the cage at {at} cannot make {sum} with {cells} different digits: its sum must be {low} to {high}")]
    ImpossibleSum {
        at: String,
        sum: u32,
        cells: usize,
        low: u32,
        high: u32,
    },
}

impl Cages {
    /// Cages from lists of cells and their sums, checked: every cell on the
    /// board, in one cage at most; every cage joined side to side, no larger
    /// than the board has digits, with a sum its cells can make.
    pub fn new(
        shape: Shape,
        cages: impl IntoIterator<Item = (Vec<Cell>, Option<u32>)>,
    ) -> Result<Cages, CageError> {
        let n = shape.size();
        let cell_count = shape.cell_count();
        let mut list = Vec::new();
        for (mut cells, sum) in cages {
            if cells.is_empty() {
                return Err(CageError::Empty);
            }
            if let Some(bad) = cells.iter().find(|c| c.index() >= cell_count) {
                return Err(CageError::OffBoard {
                    index: bad.index(),
                    size: n,
                    cells: cell_count,
                });
            }
            cells.sort_unstable();
            cells.dedup();
            let at = cell_name(shape, cells[0]);
            if cells.len() > n {
                return Err(CageError::TooLarge {
                    at,
                    cells: cells.len(),
                    size: n,
                });
            }
            if let Some(cell) = unjoined_cell(shape, &cells) {
                return Err(CageError::NotConnected {
                    at,
                    cell: cell_name(shape, cell),
                });
            }
            if let Some(sum) = sum {
                let (low, high) = combos::bounds(shape.all_digits(), cells.len() as u32);
                if sum < low || sum > high {
                    return Err(CageError::ImpossibleSum {
                        at,
                        sum,
                        cells: cells.len(),
                        low,
                        high,
                    });
                }
            }
            list.push(Cage {
                cells,
                sum: sum.map(|s| s as u16),
            });
        }
        list.sort_by_key(|cage| cage.anchor());
        let mut cage_of = vec![NO_CAGE; cell_count];
        for (i, cage) in list.iter().enumerate() {
            for &cell in &cage.cells {
                let slot = &mut cage_of[cell.index()];
                if *slot != NO_CAGE {
                    return Err(CageError::Overlap {
                        cell: cell_name(shape, cell),
                        first: cell_name(shape, list[*slot as usize].anchor()),
                        second: cell_name(shape, cage.anchor()),
                    });
                }
                *slot = i as u16;
            }
        }
        Ok(Cages {
            cages: list,
            cage_of,
        })
    }

    pub fn len(&self) -> usize {
        self.cages.len()
    }
    pub fn is_empty(&self) -> bool {
        self.cages.is_empty()
    }
    pub fn iter(&self) -> impl Iterator<Item = &Cage> {
        self.cages.iter()
    }
    pub fn get(&self, index: usize) -> Option<&Cage> {
        self.cages.get(index)
    }
    /// The number of the cage `cell` is in.
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        match self.cage_of.get(cell.index()) {
            Some(&i) if i != NO_CAGE => Some(i as usize),
            _ => None,
        }
    }
    /// The cells the cages cover between them.
    pub fn covered(&self) -> usize {
        self.cages.iter().map(Cage::len).sum()
    }
    /// Whether every cell is in a cage (a killer proper).
    pub fn cover_the_board(&self) -> bool {
        self.covered() == self.cage_of.len()
    }
    /// Whether these cages fit a board of `shape`.
    pub fn fit(&self, shape: Shape) -> bool {
        self.cage_of.len() == shape.cell_count()
    }

    /// A cage as a person names it: "the 16-cage at r1c1" ("the cage at
    /// r1c1" without a sum).
    pub fn name(&self, index: usize, shape: Shape) -> String {
        match self.cages.get(index) {
            Some(cage) => describe(cage, shape),
            None => format!("cage {}", index + 1),
        }
    }
}

/// See [`Cages::name`].
pub fn describe(cage: &Cage, shape: Shape) -> String {
    let at = cell_name(shape, cage.anchor());
    match cage.sum {
        Some(sum) => format!("the {sum}-cage at {at}"),
        None => format!("the cage at {at}"),
    }
}

impl fmt::Debug for Cages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.cages.iter().map(|c| {
                let cells: Vec<u16> = c.cells.iter().map(|c| c.0).collect();
                (c.sum, cells)
            }))
            .finish()
    }
}

/// `r1c2`-style name of a cell (as `board::cell_name`, which this module
/// cannot use: the board depends on the cages).
fn cell_name(shape: Shape, cell: Cell) -> String {
    format!("r{}c{}", shape.row(cell) + 1, shape.col(cell) + 1)
}

/// A cell of `cells` (sorted) that no side-to-side path joins to the first.
fn unjoined_cell(shape: Shape, cells: &[Cell]) -> Option<Cell> {
    let mut reached = vec![false; cells.len()];
    reached[0] = true;
    let mut todo = vec![0usize];
    while let Some(i) = todo.pop() {
        let (r, c) = (shape.row(cells[i]), shape.col(cells[i]));
        for (j, &other) in cells.iter().enumerate() {
            if reached[j] {
                continue;
            }
            let (r2, c2) = (shape.row(other), shape.col(other));
            if r.abs_diff(r2) + c.abs_diff(c2) == 1 {
                reached[j] = true;
                todo.push(j);
            }
        }
    }
    reached.iter().position(|&r| !r).map(|i| cells[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(shape: Shape, list: &[(usize, usize)]) -> Vec<Cell> {
        list.iter().map(|&(r, c)| shape.cell(r, c)).collect()
    }

    #[test]
    fn bad_cages_are_named_with_their_fault() {
        let s = Shape::CLASSIC;
        let err = Cages::new(s, [(cells(s, &[(0, 0), (0, 2)]), Some(5))]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the cage at r1c1 is in pieces: r1c3 does not touch the rest of it (a cage's cells must join side to side)"
        );
        let err = Cages::new(s, [(cells(s, &[(0, 0), (0, 1)]), Some(1))]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the cage at r1c1 cannot make 1 with 2 different digits: its sum must be 3 to 17"
        );
        let row: Vec<(usize, usize)> = (0..9).map(|c| (0, c)).collect();
        let err = Cages::new(s, [(cells(s, &row), Some(46))]).unwrap_err();
        assert!(err.to_string().contains("cannot make 46"), "{err}");
        let mut ten = row.clone();
        ten.push((1, 0));
        let err = Cages::new(s, [(cells(s, &ten), None)]).unwrap_err();
        assert!(err.to_string().contains("has 10 cells"), "{err}");
        let err = Cages::new(
            s,
            [
                (cells(s, &[(0, 0), (0, 1)]), Some(3)),
                (cells(s, &[(0, 1), (1, 1)]), Some(3)),
            ],
        )
        .unwrap_err();
        assert_eq!(
            err.to_string(),
            "r1c2 is in two cages (the cage at r1c1 and the cage at r1c2)"
        );
    }

    #[test]
    fn cages_are_numbered_in_reading_order_and_named_by_sum_and_corner() {
        let s = Shape::CLASSIC;
        let cages = Cages::new(
            s,
            [
                (cells(s, &[(4, 4), (4, 5)]), Some(17)),
                (cells(s, &[(0, 1), (0, 0)]), Some(16)),
                (cells(s, &[(8, 8)]), None),
            ],
        )
        .expect("cages");
        assert_eq!(cages.cage_of(s.cell(0, 1)), Some(0));
        assert_eq!(cages.cage_of(s.cell(4, 5)), Some(1));
        assert_eq!(cages.cage_of(s.cell(3, 3)), None);
        assert_eq!(cages.name(0, s), "the 16-cage at r1c1");
        assert_eq!(cages.name(2, s), "the cage at r9c9");
        assert!(!cages.cover_the_board());
    }
}
