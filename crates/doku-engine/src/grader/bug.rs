//! BUG types 2, 3 and 4 (bivalue universal grave), as Sudoku Explainer
//! finds them; type 1 is [`Technique::BugPlusOne`] (grader/uniqueness.rs).
//!
//! A BUG is a position where every empty cell has two candidates and every
//! digit has two places in every house it is missing from: such a position
//! never has exactly one solution. When removing a few "BUG values" from a
//! few "BUG cells" would leave one, a puzzle known to have one solution
//! must place a BUG value in at least one BUG cell:
//! - type 2: every BUG value is the same digit z: one BUG cell is z, so no
//!   cell that sees them all is z (SE 5.7);
//! - type 3: the BUG cells share a house, and their BUG values with k - 1
//!   other cells of the house make k digits: a naked set, so no other cell
//!   of the house holds those digits (SE 5.7 plus 0.1 a digit past one);
//! - type 4: two BUG cells share a house, and a digit x outside their BUG
//!   values is in both and nowhere else in that house: one of them is x and
//!   one holds its BUG value, so neither holds its remaining candidate (SE
//!   5.7).

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

/// A BUG pattern: its cells and each one's BUG values.
struct Grave {
    cells: Vec<usize>,
    values: Vec<u64>,
}

impl Grave {
    fn all_values(&self) -> u64 {
        self.values.iter().fold(0, |m, &v| m | v)
    }

    /// Cells that see every BUG cell (none of them BUG cells).
    fn common_peers<'g>(&'g self, grid: &'g Grid) -> impl Iterator<Item = usize> + 'g {
        let first = self.cells[0];
        grid.geo.peers[first]
            .iter()
            .map(|&c| c as usize)
            .filter(move |&c| {
                !self.cells.contains(&c) && self.cells[1..].iter().all(|&b| grid.sees(c, b))
            })
    }

    /// Houses every BUG cell is in.
    fn shared_houses<'g>(&'g self, grid: &'g Grid) -> impl Iterator<Item = usize> + 'g {
        let first = self.cells[0];
        grid.geo
            .houses_of(first)
            .iter()
            .map(|&h| h as usize)
            .filter(move |&h| {
                self.cells[1..]
                    .iter()
                    .all(|&c| grid.geo.houses_of(c).contains(&(h as u16)))
            })
    }
}

/// The BUG cells and values, found as SE finds them: in each house, a digit
/// with other than zero or two places has them in exactly one cell of three
/// or more candidates, which is a BUG cell with that BUG value (with more,
/// another house decides). `None` unless removing the BUG values leaves a
/// BUG: every empty cell with two candidates, every digit with zero or two
/// places in each house.
fn grave(grid: &Grid) -> Option<Grave> {
    let mut grave = Grave {
        cells: Vec::new(),
        values: Vec::new(),
    };
    let mut extra_cells = 0usize;
    for (cell, &cands) in grid.cands.iter().enumerate() {
        if grid.values[cell] == 0 {
            match cands.count_ones() {
                0 | 1 => return None,
                2 => {}
                _ => extra_cells += 1,
            }
        }
    }
    if extra_cells == 0 {
        return None;
    }
    let n = grid.size();
    // Each house's places of every digit in one pass, and its cells of
    // three candidates or more, as bits over the house's cells.
    let mut places_of = [0u64; 64];
    for (house, cells) in grid.geo.house_cells.iter().enumerate() {
        grid.places_by_digit(house, &mut places_of[..n]);
        let wide_cells = cells
            .iter()
            .enumerate()
            .filter(|&(_, &c)| grid.cands[c as usize].count_ones() >= 3)
            .fold(0u64, |m, (i, _)| m | 1 << i);
        for (d, &places) in places_of[..n].iter().enumerate() {
            let bit = 1u64 << d;
            if places.count_ones() == 0 || places.count_ones() == 2 {
                continue;
            }
            let wide = places & wide_cells;
            match wide.count_ones() {
                // Too many places and no cell to blame: no BUG.
                0 => return None,
                1 => {
                    let c = cells[wide.trailing_zeros() as usize] as usize;
                    match grave.cells.iter().position(|&b| b == c) {
                        Some(i) => grave.values[i] |= bit,
                        None => {
                            grave.cells.push(c);
                            grave.values.push(bit);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    if grave.cells.is_empty() {
        return None;
    }
    // Without the BUG values, the position must be a BUG.
    let without = |c: usize| match grave.cells.iter().position(|&b| b == c) {
        Some(i) => grid.cands[c] & !grave.values[i],
        None => grid.cands[c],
    };
    for (cell, _) in grid.cands.iter().enumerate() {
        if grid.values[cell] == 0 && without(cell).count_ones() != 2 {
            return None;
        }
    }
    for cells in &grid.geo.house_cells {
        let mut once = 0u64;
        let mut twice = 0u64;
        let mut more = 0u64;
        for &c in cells {
            let m = without(c as usize);
            more |= twice & m;
            twice |= once & m;
            once |= m;
        }
        if more != 0 || once & !twice != 0 {
            return None;
        }
    }
    Some(grave)
}

pub(crate) fn bug(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let Some(grave) = grave(grid) else {
        return false;
    };
    if grave.cells.len() < 2 {
        return false; // type 1: BugPlusOne
    }
    match technique {
        Technique::Bug2 => type_2(grid, &grave, out),
        Technique::Bug3 => type_3(grid, &grave, out),
        Technique::Bug4 => type_4(grid, &grave, out),
        _ => false,
    }
}

fn start(out: &mut Finding, technique: Technique, grave: &Grave, digits: u64) {
    out.start(technique, Pattern::Wing);
    out.digits = digits;
    out.cells.extend(grave.cells.iter().map(|&c| c as u16));
}

fn type_2(grid: &Grid, grave: &Grave, out: &mut Finding) -> bool {
    let z = grave.all_values();
    if z.count_ones() != 1 {
        return false;
    }
    let victims: Vec<usize> = grave
        .common_peers(grid)
        .filter(|&c| grid.cands[c] & z != 0)
        .collect();
    if victims.is_empty() {
        return false;
    }
    start(out, Technique::Bug2, grave, z);
    let d = z.trailing_zeros() as u8 + 1;
    out.eliminations
        .extend(victims.into_iter().map(|c| (c as u16, d)));
    true
}

fn type_4(grid: &Grid, grave: &Grave, out: &mut Finding) -> bool {
    let [a, b] = grave.cells[..] else {
        return false;
    };
    let all = grave.all_values();
    // SE: with several BUG values the two cells need a common peer.
    if all.count_ones() > 1 && grave.common_peers(grid).next().is_none() {
        return false;
    }
    let x = grid.cands[a] & grid.cands[b] & !all;
    if x.count_ones() != 1 || grave.shared_houses(grid).next().is_none() {
        return false;
    }
    let rest = |i: usize, c: usize| grid.cands[c] & !grave.values[i] & !x;
    let removals: Vec<(u16, u8)> = [(0, a), (1, b)]
        .into_iter()
        .flat_map(|(i, c)| bits(rest(i, c)).map(move |d| (c as u16, d as u8 + 1)))
        .collect();
    if removals.is_empty() {
        return false;
    }
    start(out, Technique::Bug4, grave, x);
    out.eliminations.extend(removals);
    true
}

fn type_3(grid: &Grid, grave: &Grave, out: &mut Finding) -> bool {
    let all = grave.all_values();
    if all.count_ones() < 2 || grave.common_peers(grid).next().is_none() {
        return false;
    }
    let houses: Vec<usize> = grave.shared_houses(grid).collect();
    // The smallest naked set first: it rates lowest.
    for degree in 2..=6usize {
        for &house in &houses {
            let others: Vec<usize> = grid.geo.house_cells[house]
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| grid.values[c] == 0 && !grave.cells.contains(&c))
                .collect();
            if others.len() < degree {
                continue;
            }
            let mut picked = Vec::with_capacity(degree);
            if super::uniqueness::pick(
                grid,
                &others,
                0,
                degree - 1,
                0,
                &mut picked,
                &mut |set, digits| {
                    if all & !digits != 0 {
                        return false;
                    }
                    let removals = super::uniqueness::outside_the_set(grid, &others, set, digits);
                    if removals.is_empty() {
                        return false;
                    }
                    start(out, Technique::Bug3, grave, digits);
                    out.fins.extend(set.iter().map(|&c| c as u16));
                    out.eliminations.extend(removals);
                    // SE: 5.7, plus 0.1 for each digit of the set past one.
                    out.rating = 57 + digits.count_ones() as u16 - 1;
                    true
                },
            ) {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grader::grid::test_cells::{at, expected, removals};

    fn find(rows: &[&str], technique: Technique) -> Option<Finding> {
        let mut grid = Grid::from_candidate_rows(rows);
        grid.unique = true;
        let mut out = Finding::default();
        bug(&grid, technique, &mut out).then_some(out)
    }

    /// Positions met on top1465's solving paths.
    const TYPE_2: [&str; 9] = [
        "1 2 3 4 5 6 79 8 79",
        "4 58 6 7 9 28 15 3 12",
        "7 58 9 28 3 1 45 46 26",
        "2 4 5 3 8 7 19 16 169",
        "3 1 8 26 26 9 47 47 5",
        "6 9 7 5 1 4 8 2 3",
        "5 7 14 16 46 3 2 9 8",
        "8 6 14 9 24 25 3 157 17",
        "9 3 2 18 7 58 6 15 4",
    ];

    #[test]
    fn type_2_one_bug_value_in_two_cells() {
        // r4c9 (1, 6 or 9) and r8c8 (1, 5 or 7) both have 1 as their BUG
        // value: one of them is 1, so r4c8 and r8c9, which see both, are not.
        let f = find(&TYPE_2, Technique::Bug2).expect("a type 2");
        assert_eq!(removals(&f), expected(&[("r4c8", 1), ("r8c9", 1)]));
        assert_eq!(f.rating, 57);
        assert_eq!(f.cells, [at("r4c9"), at("r8c8")]);
        // Two BUG values of one digit: not a type 3 or 4 (no naked set
        // needs it, and they share no house).
        assert!(find(&TYPE_2, Technique::Bug4).is_none());
    }

    #[test]
    fn type_3_bug_values_in_a_naked_pair() {
        // Row 7: r7c4 (5, 8 or 9) has BUG value 5 and r7c5 (1, 8 or 9) has 9:
        // one of them is its BUG value, which with r7c8 (5 or 9) makes a
        // naked pair of 5 and 9 in row 7.
        let rows = [
            "2 1 78 3 68 4 69 79 5",
            "3 4 78 68 5 9 1 27 26",
            "9 5 6 1 7 2 4 8 3",
            "5 6 2 7 19 8 3 4 19",
            "7 3 1 59 4 6 8 25 29",
            "4 8 9 2 3 15 57 6 17",
            "6 7 3 589 189 15 2 59 4",
            "1 2 5 4 69 7 69 3 8",
            "8 9 4 56 2 3 57 1 67",
        ];
        let f = find(&rows, Technique::Bug3).expect("a type 3");
        assert_eq!(removals(&f), expected(&[("r7c6", 5)]));
        assert_eq!(f.fins, [at("r7c8")]);
        // SE: 5.7, plus 0.1 for the pair's second digit.
        assert_eq!(f.rating, 58);
    }

    #[test]
    fn type_4_two_bug_cells_locked_on_a_digit() {
        // Column 9: r5c9 (BUG value 4) and r9c9 (BUG value 3) hold its only
        // 7s. One of them is 7, the other its BUG value: r5c9 is not 3 and
        // r9c9 not 4.
        let rows = [
            "2 6 8 3 7 9 5 14 14",
            "3 4 1 5 2 8 7 6 9",
            "7 9 5 4 6 1 2 3 8",
            "6 38 7 1 5 4 38 9 2",
            "5 2 34 9 8 6 1 47 347",
            "89 1 49 7 3 2 48 5 6",
            "89 7 39 2 4 5 6 18 13",
            "4 38 2 6 1 37 9 78 5",
            "1 5 6 8 9 37 34 2 347",
        ];
        let f = find(&rows, Technique::Bug4).expect("a type 4");
        assert_eq!(removals(&f), expected(&[("r5c9", 3), ("r9c9", 4)]));
        assert_eq!(f.rating, 57);
    }

    #[test]
    fn a_position_with_a_cell_of_one_candidate_or_too_many_places_is_no_bug() {
        let mut rows = TYPE_2;
        // r1c7 down to 7: a single, not a BUG position.
        rows[0] = "1 2 3 4 5 6 7 8 79";
        assert!(find(&rows, Technique::Bug2).is_none());
    }
}
