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
    let mut pool = Vec::with_capacity(4 * n);
    for (first, second) in house_pairs(grid) {
        pool.clear();
        for house in [first, second] {
            for &c in &grid.geo.house_cells[house] {
                let count = grid.cands[c as usize].count_ones();
                if (1..=4).contains(&count) && count > 1 && !pool.contains(&(c as usize)) {
                    pool.push(c as usize);
                }
            }
        }
        let mut chosen = [0usize; 4];
        if search(grid, &pool, 0, 0, 0, &mut chosen, [first, second], out) {
            return true;
        }
    }
    false
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

#[allow(clippy::too_many_arguments)]
fn search(
    grid: &Grid,
    pool: &[usize],
    start: usize,
    depth: usize,
    union: u64,
    chosen: &mut [usize; 4],
    houses: [usize; 2],
    out: &mut Finding,
) -> bool {
    if depth == 4 {
        return union.count_ones() == 4 && conclude(grid, chosen, union, houses, out);
    }
    for i in start..pool.len() {
        let next = union | grid.cands[pool[i]];
        if next.count_ones() > 4 {
            continue;
        }
        chosen[depth] = pool[i];
        if search(grid, pool, i + 1, depth + 1, next, chosen, houses, out) {
            return true;
        }
    }
    false
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
