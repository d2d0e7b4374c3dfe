//! Naked singles (a cell with one candidate) and hidden singles (a digit
//! with one place in a house).

use super::grid::{Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn naked_single(grid: &Grid, out: &mut Finding) -> bool {
    let Some(cell) = grid.cands.iter().position(|c| c.is_power_of_two()) else {
        return false;
    };
    let digit = grid.cands[cell].trailing_zeros() as u8 + 1;
    out.start(Technique::NakedSingle, Pattern::Cell);
    out.cells.push(cell as u16);
    out.digits = grid.cands[cell];
    out.placements.push((cell as u16, digit));
    true
}

pub(crate) fn hidden_single(grid: &Grid, out: &mut Finding) -> bool {
    // Sudoku Explainer's order (HiddenSingle.java), the easiest first: the
    // last empty cell of a house (1.0), then a single in a box (1.2), then
    // in a column or row (1.5); boxes, columns, rows each time.
    let n = grid.size();
    let houses = || grid.boxes().chain(n..2 * n).chain(0..n);
    let empty_cells = |house: usize| {
        grid.geo.house_cells[house]
            .iter()
            .filter(|&&c| grid.values[c as usize] == 0)
            .count()
    };
    houses()
        .filter(|&house| empty_cells(house) == 1)
        .chain(houses())
        .any(|house| single_in(grid, house, empty_cells(house) == 1, out))
}

/// The first digit with one place in `house`, if any, as a hidden single
/// (the last empty cell of the house when `alone`).
fn single_in(grid: &Grid, house: usize, alone: bool, out: &mut Finding) -> bool {
    let cells = &grid.geo.house_cells[house];
    // Digits seen once and seen more than once among the house's candidates.
    let (mut once, mut more) = (0u64, 0u64);
    for &cell in cells {
        let c = grid.cands[cell as usize];
        more |= once & c;
        once |= c;
    }
    let single = once & !more;
    if single == 0 {
        return false;
    }
    let bit = single & single.wrapping_neg();
    let Some(&cell) = cells.iter().find(|&&c| grid.cands[c as usize] & bit != 0) else {
        return false;
    };
    out.start(Technique::HiddenSingle, Pattern::House(house as u16));
    // Sudoku Explainer: 1.0 for the last empty cell of a house, 1.2 in
    // a box, 1.5 in a row or column.
    if alone {
        out.rating = 10;
    } else if !grid.boxes().contains(&house) {
        out.rating = 15;
    }
    out.cells.push(cell);
    out.digits = bit;
    out.placements.push((cell, bit.trailing_zeros() as u8 + 1));
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::grader::grid::test_cells::at;
    use crate::ShapeHint;

    #[test]
    fn the_last_empty_cell_of_a_house_comes_before_a_single_in_a_box() {
        // Three cells empty: r1c1 (5), r1c2 (3), r2c1 (6). Box 1 has a
        // hidden single (3 in r1c2), but column 2's last empty cell is
        // SE's first hidden single, rated 1.0.
        let board = parse_puzzle(
            "004678912072195348198342567859761423426853791713924856961537284287419635345286179",
            ShapeHint::Infer,
        )
        .expect("a puzzle");
        let grid = Grid::new(&board).expect("no clash");
        let mut f = Finding::default();
        assert!(hidden_single(&grid, &mut f));
        assert_eq!(f.placements, [(at("r1c2"), 3)]);
        assert_eq!(f.pattern, Pattern::House(10));
        assert_eq!(f.rating, 10);
    }
}
