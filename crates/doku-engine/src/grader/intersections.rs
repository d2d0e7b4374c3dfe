//! Locked candidates. Pointing: a digit's places in a box all lie in one row
//! or column, so it goes from the rest of that line. Claiming: a digit's
//! places in a row or column all lie in one box, so it goes from the rest of
//! that box. The same between any two houses of a variant: a jigsaw region
//! and a line, a diagonal and a box, a window and a box. Latin squares have
//! no boxes and so none of these (unless a variant adds houses).

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn pointing(grid: &Grid, out: &mut Finding) -> bool {
    // Boxes (or regions), then a variant's diagonals and windows.
    locked_in_houses(grid, grid.boxes(), Technique::Pointing, out)
}

pub(crate) fn claiming(grid: &Grid, out: &mut Finding) -> bool {
    let n = grid.size();
    if grid.boxes().is_empty() {
        return false;
    }
    locked_in_houses(grid, 0..2 * n, Technique::Claiming, out)
}

/// For each house of `withins`, each digit whose places there all lie in
/// one other house: remove it from the rest of that house. The other
/// houses are tried in the order of the first place's houses (row, column,
/// box, then extras), so that on a classic board pointing finds rows before
/// columns and claiming finds the box.
fn locked_in_houses(
    grid: &Grid,
    withins: std::ops::Range<usize>,
    technique: Technique,
    out: &mut Finding,
) -> bool {
    let n = grid.size();
    let lines = 2 * n;
    let mut places_of = [0u64; 64];
    for within in withins {
        grid.places_by_digit(within, &mut places_of[..n]);
        for (digit, &places) in places_of[..n].iter().enumerate() {
            let bit = 1u64 << digit;
            if places.count_ones() < 2 {
                continue;
            }
            let cells = &grid.geo.house_cells[within];
            let first = cells[places.trailing_zeros() as usize] as usize;
            for &along in grid.geo.houses_of(first) {
                let along = along as usize;
                // Claiming goes from a line into a box or extra house only.
                if along == within || (technique == Technique::Claiming && along < lines) {
                    continue;
                }
                // A cell's few houses, not the house's n cells: this runs
                // for every digit of every house on every step.
                let in_along =
                    |cell: u16| grid.geo.houses_of(cell as usize).contains(&(along as u16));
                if !bits(places).all(|i| in_along(cells[i])) {
                    continue;
                }
                if locked(grid, within, along, bit, technique, out) {
                    return true;
                }
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
    let victims = grid.geo.house_cells[along].iter().filter(|&&c| {
        grid.cands[c as usize] & bit != 0
            && !grid.geo.houses_of(c as usize).contains(&(within as u16))
    });
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
