//! WXYZ-wing: four cells in a box and a line through it (or a row and a
//! column on a board without boxes) that hold only four digits between
//! them. Every digit but one, z, is restricted: any two of the cells that
//! hold it see each other, so it is in at most one of them. Four digits in
//! four cells with the others each used at most once means z is in at least
//! one of the cells that hold it, so no cell that sees all of those can be z.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

/// The wings a pair of houses allows, found from its cells' candidates
/// alone: the solver asks at position after position where most pairs
/// did not change, so each pair's are kept while its candidates stay.
struct PairWings {
    houses: (usize, usize),
    /// The candidates of the first house's cells, then the second's.
    cands: Vec<u64>,
    /// The four cells and their digits, in the search's order.
    wings: Vec<([usize; 4], u64)>,
}

/// The board shape the pairs are of, and the pairs.
type Memo = (Option<crate::shape::Shape>, Vec<PairWings>);

thread_local! {
    static WINGS: std::cell::RefCell<Memo> = const { std::cell::RefCell::new((None, Vec::new())) };
}

pub(crate) fn wxyz_wing(grid: &Grid, out: &mut Finding) -> bool {
    let pairs = house_pairs(grid);
    WINGS.with(|memo| {
        let (shape, memo) = &mut *memo.borrow_mut();
        if *shape != Some(grid.geo.shape) {
            *shape = Some(grid.geo.shape);
            memo.clear();
        }
        memo.resize_with(pairs.len(), || PairWings {
            houses: (usize::MAX, usize::MAX),
            cands: Vec::new(),
            wings: Vec::new(),
        });
        let mut pool = Pool {
            cells: Vec::with_capacity(4 * grid.size()),
            second_start: 0,
            first_only: 0,
        };
        for (&(first, second), known) in pairs.iter().zip(memo.iter_mut()) {
            let cands = [first, second]
                .into_iter()
                .flat_map(|h| grid.geo.house_cells[h].iter())
                .map(|&c| grid.cands[c as usize]);
            if known.houses != (first, second) || !known.cands.iter().copied().eq(cands.clone()) {
                known.houses = (first, second);
                known.cands.clear();
                known.cands.extend(cands);
                known.wings.clear();
                pool.fill(grid, first, second);
                let mut chosen = [0usize; 4];
                pool.search(grid, 0, 0, 0, 0, false, &mut chosen, &mut known.wings);
            }
            for (cells, union) in &known.wings {
                if conclude(grid, cells, *union, [first, second], out) {
                    return true;
                }
            }
        }
        false
    })
}

/// The cells of a box and a line through it (or a row and a column) that
/// could be in a wing: those of the first house, then the second's others.
struct Pool {
    cells: Vec<usize>,
    /// Where the cells only in the second house begin.
    second_start: usize,
    /// The cells (bits over `cells`) outside the second house.
    first_only: u64,
}

/// A box and each line through it, or on a board without boxes every row
/// with every column.
fn house_pairs(grid: &Grid) -> Vec<(usize, usize)> {
    let n = grid.size();
    let mut pairs = Vec::new();
    if grid.boxes().is_empty() {
        for row in 0..n {
            for col in n..2 * n {
                pairs.push((row, col));
            }
        }
        return pairs;
    }
    for bx in grid.boxes() {
        let mut lines: Vec<usize> = grid.geo.house_cells[bx]
            .iter()
            .flat_map(|&c| {
                let [r, c, _] = grid.geo.standard_houses[c as usize];
                [r as usize, c as usize]
            })
            .collect();
        lines.sort_unstable();
        lines.dedup();
        pairs.extend(lines.into_iter().map(|line| (bx, line)));
    }
    pairs
}

impl Pool {
    /// The cells of houses `first` and `second` that could be in a wing.
    fn fill(&mut self, grid: &Grid, first: usize, second: usize) {
        self.cells.clear();
        self.first_only = 0;
        for (k, house) in [first, second].into_iter().enumerate() {
            if k == 1 {
                self.second_start = self.cells.len();
            }
            for &c in &grid.geo.house_cells[house] {
                let count = grid.cands[c as usize].count_ones();
                if (1..=4).contains(&count) && count > 1 && !self.cells.contains(&(c as usize)) {
                    self.cells.push(c as usize);
                }
            }
        }
        for (i, &c) in self.cells.iter().enumerate() {
            if !grid.geo.houses_of(c).contains(&(second as u16)) {
                self.first_only |= 1 << i;
            }
        }
    }

    /// Picks cells from `start` on, in order, until four hold four digits
    /// with one unrestricted, and notes each such pick in `wings`. Four
    /// cells inside one house are a naked quad, not a wing: the picks must
    /// take a cell from outside each house, and those outside the first
    /// come last.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &self,
        grid: &Grid,
        start: usize,
        depth: usize,
        union: u64,
        unrestricted: u64,
        outside_second: bool,
        chosen: &mut [usize; 4],
        wings: &mut Vec<([usize; 4], u64)>,
    ) {
        if depth == 4 {
            // `conclude` needs exactly one unrestricted digit.
            if union.count_ones() == 4 && unrestricted.count_ones() == 1 {
                wings.push((*chosen, union));
            }
            return;
        }
        // The last pick must be outside the first house; leave room for
        // the cells still to pick.
        let begin = if depth == 3 {
            start.max(self.second_start)
        } else {
            start
        };
        let end = (self.cells.len() + depth + 1).saturating_sub(4);
        for i in begin..end {
            if i >= self.second_start && !outside_second {
                break; // from here on every cell is in the second house
            }
            let cell = self.cells[i];
            let cands = grid.cands[cell];
            let next = union | cands;
            if next.count_ones() > 4 {
                continue;
            }
            // A digit is unrestricted when two of its cells do not see each
            // other; a wing has one such digit, and picking more cells only
            // adds to them.
            let mut next_unrestricted = unrestricted;
            for &other in &chosen[..depth] {
                if !grid.sees(other, cell) {
                    next_unrestricted |= grid.cands[other] & cands;
                }
            }
            if next_unrestricted.count_ones() > 1 {
                continue;
            }
            chosen[depth] = cell;
            let next_outside = outside_second || self.first_only & (1 << i) != 0;
            self.search(
                grid,
                i + 1,
                depth + 1,
                next,
                next_unrestricted,
                next_outside,
                chosen,
                wings,
            );
        }
    }
}

fn conclude(
    grid: &Grid,
    cells: &[usize; 4],
    union: u64,
    houses: [usize; 2],
    out: &mut Finding,
) -> bool {
    // Four cells inside one house are a naked quad, not a wing.
    if houses.iter().any(|&h| {
        cells
            .iter()
            .all(|&c| grid.geo.houses_of(c).contains(&(h as u16)))
    }) {
        return false;
    }
    let mut unrestricted = None;
    for d in bits(union) {
        let holders = cells.iter().filter(|&&c| grid.cands[c] & (1 << d) != 0);
        let restricted = holders
            .clone()
            .enumerate()
            .all(|(i, &a)| holders.clone().skip(i + 1).all(|&b| grid.sees(a, b)));
        if !restricted {
            if unrestricted.is_some() {
                return false;
            }
            unrestricted = Some(d);
        }
    }
    let Some(z) = unrestricted else {
        return false;
    };
    let z_bit = 1u64 << z;
    let holders: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| grid.cands[c] & z_bit != 0)
        .collect();
    let victims = grid.geo.peers[holders[0]]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| {
            grid.cands[c] & z_bit != 0
                && !cells.contains(&c)
                && holders.iter().all(|&h| grid.sees(c, h))
        });
    if victims.clone().next().is_none() {
        return false;
    }
    out.start(Technique::WxyzWing, Pattern::Wing);
    out.digits = z_bit;
    out.cells.extend(cells.iter().map(|&c| c as u16));
    out.eliminations
        .extend(victims.map(|c| (c as u16, z as u8 + 1)));
    true
}
