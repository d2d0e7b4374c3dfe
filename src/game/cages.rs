//! A killer's cages in words, for the panel and the status line: the cage
//! under the cursor (its sum, its cells left, the combinations its empty
//! cells can still take) and a broken cage named as a player says it.
//! Plain functions of the board; the widgets only draw what they return.

use crate::engine::board::{cell_name, digit_text};
use crate::engine::killer::combos;
use crate::engine::{Board, CageProblem, Cell, Digit};

/// The cage a cell is in, as the panel shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageView {
    /// "the 16-cage at r1c1".
    pub name: String,
    pub sum: Option<u16>,
    pub cells: usize,
    /// Its empty cells.
    pub left: usize,
    /// What the empty cells must add up to (the sum less the digits in).
    pub to_make: Option<u32>,
    /// Every set of digits the empty cells can still hold, each as its
    /// digits in order ("79"): not in the cage yet, adding up to what is
    /// left, and each digit placeable in a cell of its own (no cell's row,
    /// column or box already holds it). Empty with a sum out of reach.
    pub combinations: Vec<String>,
}

/// The cage `cell` is in, if the board is a killer and it is in one.
pub fn cage_view(board: &Board, cell: Cell) -> Option<CageView> {
    let cages = board.cages()?;
    let index = cages.cage_of(cell)?;
    let cage = cages.get(index)?;
    let shape = board.shape();
    let mut placed = 0u64;
    let mut total = 0u32;
    let mut empty = Vec::new();
    for &c in cage.cells() {
        match board.get(c) {
            Some(d) => {
                placed |= d.bit();
                total += u32::from(d.get());
            }
            None => empty.push(c),
        }
    }
    let to_make = cage
        .sum()
        .map(|sum| u32::from(sum).saturating_sub(total.min(u32::from(sum))));
    let over = cage.sum().is_some_and(|sum| total > u32::from(sum));
    let combinations = match (to_make, over) {
        (Some(left), false) if !empty.is_empty() => {
            // Each empty cell's digits from its houses alone: the cage's
            // own restriction is what the combinations spell out.
            let room: Vec<u64> = empty
                .iter()
                .map(|&c| house_room(board, c) & !placed)
                .collect();
            combos::list(shape.all_digits() & !placed, empty.len() as u32, left)
                .into_iter()
                .filter(|&combo| fits(combo, &room))
                .map(mask_text)
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect()
        }
        _ => Vec::new(),
    };
    Some(CageView {
        name: cages.name(index, shape),
        sum: cage.sum(),
        cells: cage.len(),
        left: empty.len(),
        to_make,
        combinations,
    })
}

/// The digits no house of `cell` holds yet.
fn house_room(board: &Board, cell: Cell) -> u64 {
    let shape = board.shape();
    let mut used = 0u64;
    for other in shape.cells().filter(|&o| o != cell && shape.sees(cell, o)) {
        if let Some(d) = board.get(other) {
            used |= d.bit();
        }
    }
    shape.all_digits() & !used
}

/// Whether the digits of `combo` go one to each cell, each into a cell
/// whose `room` has it.
fn fits(combo: u64, room: &[u64]) -> bool {
    fn place(digits: &[u64], room: &[u64], used: &mut Vec<bool>) -> bool {
        let Some((&digit, rest)) = digits.split_first() else {
            return true;
        };
        for (i, &r) in room.iter().enumerate() {
            if !used[i] && r & digit != 0 {
                used[i] = true;
                if place(rest, room, used) {
                    return true;
                }
                used[i] = false;
            }
        }
        false
    }
    let digits: Vec<u64> = (0..64)
        .map(|b| 1u64 << b)
        .filter(|bit| combo & bit != 0)
        .collect();
    digits.len() == room.len() && place(&digits, room, &mut vec![false; room.len()])
}

/// A set of digits as one word: "79", "1249" (with spaces between on
/// boards whose digits take two characters).
fn mask_text(mask: u64) -> String {
    let digits: Vec<String> = (1..=64u8)
        .filter(|&d| mask & (1u64 << (d - 1)) != 0)
        .filter_map(Digit::new)
        .map(digit_text)
        .collect();
    if digits.iter().all(|d| d.chars().count() == 1) {
        digits.concat()
    } else {
        digits.join("+")
    }
}

/// A broken cage as a player says it: "two 3s in the 16-cage at r1c1
/// (r1c1 and r1c2)", "the 10-cage at r4c5 cannot make 10 any more",
/// "the 10-cage at r4c5 adds up to 12, not 10".
pub fn problem_text(board: &Board, problem: &CageProblem) -> String {
    let shape = board.shape();
    let name = board
        .cages()
        .map_or_else(|| "a cage".to_string(), |c| c.name(problem.cage(), shape));
    match *problem {
        CageProblem::Repeat {
            first,
            second,
            digit,
            ..
        } => format!(
            "two {}s in {name} ({} and {})",
            digit_text(digit),
            cell_name(shape, first),
            cell_name(shape, second)
        ),
        CageProblem::Sum { cage, total } => {
            let sum = board
                .cages()
                .and_then(|c| c.get(cage))
                .and_then(|c| c.sum())
                .unwrap_or(0);
            let full = board
                .cages()
                .and_then(|c| c.get(cage))
                .is_some_and(|c| c.cells().iter().all(|&cell| board.get(cell).is_some()));
            if full {
                format!("{name} adds up to {total}, not {sum}")
            } else {
                format!("{name} cannot make {sum} any more")
            }
        }
    }
}

/// The cage problem `cell` takes part in (a repeat naming it first), if any.
pub fn problem_at(board: &Board, cell: Cell) -> Option<CageProblem> {
    let cages = board.cages()?;
    let cage = cages.cage_of(cell)?;
    let problems = board.cage_problems();
    problems
        .iter()
        .find(|p| matches!(p, CageProblem::Repeat { first, second, .. } if *first == cell || *second == cell))
        .or_else(|| problems.iter().find(|p| p.cage() == cage))
        .copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::killer::Cages;
    use crate::engine::Shape;
    use std::sync::Arc;

    /// A 4x4 with a 2-cage r1c1-r1c2 of sum 3 and a 3-cage r2c1-r2c3 of 9.
    fn small() -> Board {
        let s = Shape::sudoku(4).expect("4x4");
        let cages = Cages::new(
            s,
            [
                (vec![s.cell(0, 0), s.cell(0, 1)], Some(3)),
                (vec![s.cell(1, 0), s.cell(1, 1), s.cell(1, 2)], Some(9)),
            ],
        )
        .expect("cages");
        Board::empty(s).with_cages(Some(Arc::new(cages)))
    }

    #[test]
    fn the_cage_under_the_cursor_lists_what_its_empty_cells_can_still_make() {
        let board = small();
        let s = board.shape();
        let view = cage_view(&board, s.cell(1, 1)).expect("in a cage");
        assert_eq!(view.name, "the 9-cage at r2c1");
        assert_eq!((view.cells, view.left, view.to_make), (3, 3, Some(9)));
        assert_eq!(view.combinations, vec!["234"]);
        // A 4 in r2c3 leaves 5 in two cells: 1+4 is out (4 is in), so 2+3.
        let mut values = board.values().to_vec();
        values[s.cell(1, 2).index()] = 4;
        let board = board.with_values(values).expect("board");
        let view = cage_view(&board, s.cell(1, 0)).expect("in a cage");
        assert_eq!((view.left, view.to_make), (2, Some(5)));
        assert_eq!(view.combinations, vec!["23"]);
        assert_eq!(cage_view(&board, s.cell(3, 3)), None, "in no cage");
    }

    #[test]
    fn a_combination_no_cell_can_take_is_left_out() {
        // 3 in two cells is 1+2; a 1 elsewhere in row 1 leaves the 1 no
        // cell of the cage.
        let board = small();
        let s = board.shape();
        let mut values = board.values().to_vec();
        values[s.cell(0, 2).index()] = 1;
        let board = board.with_values(values).expect("board");
        let view = cage_view(&board, s.cell(0, 0)).expect("in a cage");
        assert!(view.combinations.is_empty(), "{:?}", view.combinations);
    }

    #[test]
    fn broken_cages_are_named_as_a_player_says_it() {
        let board = small();
        let s = board.shape();
        let mut values = board.values().to_vec();
        values[s.cell(1, 0).index()] = 3;
        values[s.cell(1, 1).index()] = 3;
        let repeat = board.with_values(values).expect("board");
        let problem = problem_at(&repeat, s.cell(1, 1)).expect("a repeat");
        assert_eq!(
            problem_text(&repeat, &problem),
            "two 3s in the 9-cage at r2c1 (r2c1 and r2c2)"
        );
        let mut values = board.values().to_vec();
        values[s.cell(1, 0).index()] = 4;
        values[s.cell(1, 1).index()] = 1;
        // r2c3 would need a 4, and the cage has one: 9 is out of reach.
        let stuck = board.with_values(values).expect("board");
        let problem = problem_at(&stuck, s.cell(1, 1)).expect("out of reach");
        assert_eq!(
            problem_text(&stuck, &problem),
            "the 9-cage at r2c1 cannot make 9 any more"
        );
        let mut values = board.values().to_vec();
        values[s.cell(0, 0).index()] = 1;
        values[s.cell(0, 1).index()] = 3;
        let full = board.with_values(values).expect("board");
        let problem = problem_at(&full, s.cell(0, 0)).expect("a wrong total");
        assert_eq!(
            problem_text(&full, &problem),
            "the 3-cage at r1c1 adds up to 4, not 3"
        );
    }
}
