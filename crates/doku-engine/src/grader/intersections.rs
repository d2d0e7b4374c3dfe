//! Locked candidates. Pointing: a digit's places in a box all lie in one row
//! or column, so it goes from the rest of that line. Claiming: a digit's
//! places in a row or column all lie in one box, so it goes from the rest of
//! that box. Latin squares have no boxes and so none of these.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn pointing(grid: &Grid, out: &mut Finding) -> bool {
    let n = grid.size();
    let mut places_of = [0u64; 64];
    for bx in grid.boxes() {
        grid.places_by_digit(bx, &mut places_of[..n]);
        for (digit, &places) in places_of[..n].iter().enumerate() {
            let bit = 1u64 << digit;
            if places.count_ones() < 2 {
                continue;
            }
            let cells = &grid.geo.house_cells[bx];
            let first = cells[places.trailing_zeros() as usize] as usize;
            let (row, col) = (first / n, first % n);
            let along = if bits(places).all(|i| cells[i] as usize / n == row) {
                row
            } else if bits(places).all(|i| cells[i] as usize % n == col) {
                n + col
            } else {
                continue;
            };
            if locked(grid, bx, along, bit, Technique::Pointing, out) {
                return true;
            }
        }
    }
    false
}

pub(crate) fn claiming(grid: &Grid, out: &mut Finding) -> bool {
    let n = grid.size();
    if grid.boxes().is_empty() {
        return false;
    }
    let mut places_of = [0u64; 64];
    for line in 0..2 * n {
        grid.places_by_digit(line, &mut places_of[..n]);
        for (digit, &places) in places_of[..n].iter().enumerate() {
            let bit = 1u64 << digit;
            if places.count_ones() < 2 {
                continue;
            }
            let cells = &grid.geo.house_cells[line];
            let box_of = |i: usize| grid.geo.cell_houses[cells[i] as usize][2];
            let bx = box_of(places.trailing_zeros() as usize);
            if !bits(places).all(|i| box_of(i) == bx) {
                continue;
            }
            if locked(grid, line, bx as usize, bit, Technique::Claiming, out) {
                return true;
            }
        }
    }
    false
}

/// The digit's places in `within` all lie in `along`: remove it from the
/// cells of `along` outside `within`. True when that removes something.
fn locked(
    grid: &Grid,
    within: usize,
    along: usize,
    bit: u64,
    technique: Technique,
    out: &mut Finding,
) -> bool {
    let digit = bit.trailing_zeros() as u8 + 1;
    let inside = &grid.geo.house_cells[within];
    let victims = grid.geo.house_cells[along]
        .iter()
        .filter(|&&c| grid.cands[c as usize] & bit != 0 && !inside.contains(&c));
    if victims.clone().next().is_none() {
        return false;
    }
    start_intersection(grid, within, along, bit, technique, out);
    out.eliminations.extend(victims.map(|&c| (c, digit)));
    true
}

/// Starts `out` as an intersection of `within` and `along` on the digit
/// `bit`: its cells are those of `within` that hold the digit. (Also SE's
/// direct pointing and claiming, which place rather than remove.)
pub(super) fn start_intersection(
    grid: &Grid,
    within: usize,
    along: usize,
    bit: u64,
    technique: Technique,
    out: &mut Finding,
) {
    out.start(
        technique,
        Pattern::Intersection {
            within: within as u16,
            along: along as u16,
        },
    );
    out.digits = bit;
    out.cells.extend(
        grid.geo.house_cells[within]
            .iter()
            .filter(|&&c| grid.cands[c as usize] & bit != 0),
    );
}
