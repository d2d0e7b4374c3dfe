//! The work budget of one search for a step on a board larger than 9x9.
//!
//! On a 25x25 the chain techniques' scan and the rectangle search grow with
//! a power of the candidate count: on a nearly empty board one hint took
//! seconds, and a 64x64 Latin square would need gigabytes for the scan. So
//! before each technique runs, its work is estimated from the position (the
//! board's size and its live candidates, per family of search), and the
//! search stops at the first technique whose estimate no longer fits in
//! what is left of [`STEP_BUDGET`]. The estimate depends on the position
//! alone, never on the clock: the same position always gets the same
//! answer, on any machine and under any load.
//!
//! Boards up to 9x9 have no budget: their searches are quick, and their
//! grades and hints stay exactly what they were.

use super::grid::Grid;
use super::Technique;

/// Estimated work one search for a step may do, in the units of
/// [`estimate`] (roughly word operations of the chain scan). On the machine
/// this was measured on, 1e11 of them took about a second, so this is
/// about 50 ms: a hint answers within 100 ms with room to spare.
pub(crate) const STEP_BUDGET: u64 = 5_000_000_000;

/// Whether searches on this grid are budgeted (boards larger than 9x9).
pub(crate) fn applies(grid: &Grid) -> bool {
    grid.size() > 9
}

/// What a search for one step has spent so far.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spent {
    units: u64,
    /// The chain techniques share one scan of the position: the first pays.
    scan_paid: bool,
}

impl Spent {
    /// Charges `technique`'s estimated work; `false` (and nothing charged)
    /// when it would pass the budget, so the search must stop here.
    pub fn charge(&mut self, technique: Technique, grid: &Grid) -> bool {
        let family = family_of(technique);
        let cost = estimate(family, grid, self.scan_paid);
        if self.units.saturating_add(cost) > STEP_BUDGET {
            return false;
        }
        self.units += cost;
        self.scan_paid |= family == Family::Chains;
        true
    }
}

/// Kinds of search, by how their work grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// Patterns inside a few houses or cells: singles, intersections,
    /// subsets, fish, wings, single-digit patterns, colouring, almost
    /// locked sets.
    Local,
    /// Every rectangle of cells times every pair of their common digits.
    Rectangles,
    /// Reachability from every candidate (the chains' shared scan), and
    /// nets.
    Chains,
}

fn family_of(technique: Technique) -> Family {
    use Technique::*;
    match technique {
        NakedSingle | HiddenSingle | Pointing | Claiming | NakedPair | HiddenPair | NakedTriple
        | HiddenTriple | NakedQuad | HiddenQuad | XWing | Swordfish | Jellyfish | XyWing
        | XyzWing | WWing | WxyzWing | BugPlusOne | Skyscraper | TwoStringKite | TurbotFish
        | EmptyRectangle | FinnedXWing | SashimiXWing | FinnedSwordfish | SashimiSwordfish
        | FinnedJellyfish | SashimiJellyfish | SimpleColours | MultiColours | AlsXz | AlsXyWing => {
            Family::Local
        }
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
        | HiddenRectangle => Family::Rectangles,
        // The chains, the forcing nets, and any technique added later
        // until it is measured: as costly as the chain scan.
        _ => Family::Chains,
    }
}

/// The estimated work of a search of `family` on `grid`, from its size `n`
/// and its live candidates `c`. Fitted to timings on 16x16 and 25x25
/// positions from nearly empty to half full, rounded up:
/// - local searches: `10 c n^2` (at most a millisecond on a 25x25);
/// - rectangles: `100 c^2` (rectangles of cells times pairs of digits);
/// - the chain scan: `c^3 / 16`, a breadth-first search from each of the
///   `c` candidates over `2c` facts held in `2c / 64` words; once it is
///   paid, each chain technique's own pass `c^2`.
fn estimate(family: Family, grid: &Grid, scan_paid: bool) -> u64 {
    let n = grid.size() as u64;
    let c: u64 = grid.cands.iter().map(|m| u64::from(m.count_ones())).sum();
    match family {
        Family::Local => 10 * c * n * n,
        Family::Rectangles => 100 * c * c,
        Family::Chains if scan_paid => c * c,
        Family::Chains => c.saturating_mul(c).saturating_mul(c) / 16,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Shape};

    fn grid_of(shape: Shape) -> Grid {
        Grid::new(&Board::empty(shape)).expect("an empty board is consistent")
    }

    #[test]
    fn an_empty_25x25_cannot_afford_the_chain_scan_but_its_singles_run() {
        let grid = grid_of(Shape::sudoku(25).expect("25x25"));
        let mut spent = Spent::default();
        assert!(spent.charge(Technique::HiddenSingle, &grid));
        assert!(spent.charge(Technique::NakedQuad, &grid));
        assert!(!spent.charge(Technique::Aic, &grid));
        assert!(!spent.charge(Technique::UniqueRectangle1, &grid));
    }

    #[test]
    fn the_chain_scan_is_charged_once_per_search() {
        // A 16x16 with a few candidates left per cell: the scan fits.
        let mut grid = grid_of(Shape::sudoku(16).expect("16x16"));
        for cands in grid.cands.iter_mut() {
            *cands &= 0b111;
        }
        let mut spent = Spent::default();
        assert!(spent.charge(Technique::XChain, &grid));
        let after_scan = spent.units;
        assert!(spent.charge(Technique::Aic, &grid));
        assert!(spent.units - after_scan < after_scan);
    }

    #[test]
    fn boards_up_to_9x9_are_not_budgeted() {
        assert!(!applies(&grid_of(Shape::sudoku(9).expect("9x9"))));
        assert!(applies(&grid_of(Shape::sudoku(16).expect("16x16"))));
        assert!(applies(&grid_of(Shape::latin(10).expect("latin 10"))));
    }
}
