//! WXYZ-wing: four cells in a box and a line through it (or a row and a
//! column on a board without boxes) that hold only four digits between
//! them. Every digit but one, z, is restricted: any two of the cells that
//! hold it see each other, so it is in at most one of them. Four digits in
//! four cells with the others each used at most once means z is in at least
//! one of the cells that hold it, so no cell that sees all of those can be z.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn wxyz_wing(grid: &Grid, out: &mut Finding) -> bool {
    let n = grid.size();
    let mut pool = Pool {
        cells: Vec::with_capacity(4 * n),
        second_start: 0,
        first_only: 0,
        houses: [0, 0],
    };
    for (first, second) in house_pairs(grid) {
        pool.cells.clear();
        pool.first_only = 0;
        pool.houses = [first, second];
        for (k, house) in [first, second].into_iter().enumerate() {
            if k == 1 {
                pool.second_start = pool.cells.len();
            }
            for &c in &grid.geo.house_cells[house] {
                let count = grid.cands[c as usize].count_ones();
                if (1..=4).contains(&count) && count > 1 && !pool.cells.contains(&(c as usize)) {
                    pool.cells.push(c as usize);
                }
            }
        }
        for (i, &c) in pool.cells.iter().enumerate() {
            if !grid.geo.houses_of(c).contains(&(second as u16)) {
                pool.first_only |= 1 << i;
            }
        }
        let mut chosen = [0usize; 4];
        if pool.search(grid, 0, 0, 0, 0, false, &mut chosen, out) {
            return true;
        }
    }
    false
}

/// The cells of a box and a line through it (or a row and a column) that
/// could be in a wing: those of the first house, then the second's others.
struct Pool {
    cells: Vec<usize>,
    /// Where the cells only in the second house begin.
    second_start: usize,
    /// The cells (bits over `cells`) outside the second house.
    first_only: u64,
    houses: [usize; 2],
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
                let [r, c, _] = grid.geo.cell_houses[c as usize];
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
    /// Picks cells from `start` on, in order, until four hold four digits
    /// with one unrestricted, and concludes on the first that removes
    /// something. Four cells inside one house are a naked quad, not a wing:
    /// the picks must take a cell from outside each house, and those
    /// outside the first come last.
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
        out: &mut Finding,
    ) -> bool {
        if depth == 4 {
            // `conclude` needs exactly one unrestricted digit.
            return union.count_ones() == 4
                && unrestricted.count_ones() == 1
                && conclude(grid, chosen, union, self.houses, out);
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
            if self.search(
                grid,
                i + 1,
                depth + 1,
                next,
                next_unrestricted,
                next_outside,
                chosen,
                out,
            ) {
                return true;
            }
        }
        false
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
