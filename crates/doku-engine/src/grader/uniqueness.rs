//! Uniqueness techniques: they hold only on a puzzle known to have exactly
//! one solution (`Grid::unique`), and then they never remove a digit of it.
//!
//! A deadly pattern: four empty cells at the corners of a rectangle in two
//! rows, two columns and two boxes (any two rows and columns on a board
//! without boxes), all holding only x and y. Swapping x and y in them gives
//! a second solution, so the puzzle must stop them all being only {x, y}:
//! - type 1: three corners are {x, y}: the fourth is not x or y;
//! - type 2: two corners are {x, y} and the other two, which share a house,
//!   are {x, y, z}: one of them is z, so no cell that sees both is z;
//! - type 3: two corners are {x, y}; the extra digits of the other two act
//!   as one cell in a naked subset of a house they share;
//! - type 4: two corners are {x, y}, and in a house the other two share, x
//!   can only go in them: one of them is x, so neither can be y;
//! - hidden rectangle: one corner is {x, y}, and in the row and the column
//!   of the opposite corner x can only go in the rectangle: the opposite
//!   corner is not y.
//!
//! BUG+1 (bivalue universal grave): every empty cell has two candidates but
//! one, which has three, and each digit has two places in every house but
//! in that cell's houses. Were the cell not the digit seen three times
//! there, every cell would be bivalue and every digit twice in each house,
//! which never has exactly one solution: so the cell is that digit.

use super::grid::{bits, Finding, FirstOfEach, Grid, Pattern};
use super::Technique;

/// Visits every rectangle of empty cells (corners in reading order: a, b
/// on the first row, c, d on the second) that spans exactly two boxes.
/// Whether corners `[a, b, c, d]` (a, b on one row; c, d under them) could
/// swap their two digits and stay a solution: every house that holds a
/// corner holds exactly two, side by side on the rectangle, never opposite
/// corners. On boxes that means the rectangle spans two boxes; the same
/// test keeps the argument sound for jigsaw regions and extra houses.
fn deadly_shape(grid: &Grid, corners: [usize; 4]) -> bool {
    let opposite = |i: usize| 3 - i;
    corners.iter().enumerate().all(|(i, &corner)| {
        grid.geo.houses_of(corner).iter().all(|h| {
            let inside = (0..4)
                .filter(|&j| grid.geo.houses_of(corners[j]).contains(h))
                .fold(0u8, |bits, j| bits | 1 << j);
            inside.count_ones() == 2 && inside & (1 << opposite(i)) == 0
        })
    })
}

fn rectangles(grid: &Grid, f: &mut dyn FnMut([usize; 4]) -> bool) -> bool {
    let n = grid.size();
    for r1 in 0..n {
        for c1 in 0..n {
            let a = r1 * n + c1;
            if grid.values[a] != 0 || grid.cands[a].count_ones() < 2 {
                continue;
            }
            for c2 in c1 + 1..n {
                let b = r1 * n + c2;
                if grid.values[b] != 0 || (grid.cands[a] & grid.cands[b]).count_ones() < 2 {
                    continue;
                }
                for r2 in r1 + 1..n {
                    let (c, d) = (r2 * n + c1, r2 * n + c2);
                    if grid.values[c] != 0 || grid.values[d] != 0 {
                        continue;
                    }
                    let common = grid.cands[a] & grid.cands[b] & grid.cands[c] & grid.cands[d];
                    if common.count_ones() < 2 {
                        continue;
                    }
                    if !deadly_shape(grid, [a, b, c, d]) {
                        continue;
                    }
                    if f([a, b, c, d]) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The houses two cells share.
fn shared_houses(grid: &Grid, a: usize, b: usize) -> impl Iterator<Item = usize> + '_ {
    let hb = grid.geo.houses_of(b);
    grid.geo
        .houses_of(a)
        .iter()
        .filter(move |h| hb.contains(h))
        .map(|&h| h as usize)
}

/// The rectangle techniques, in the solver's order.
const RECTANGLE_KINDS: [Technique; 5] = [
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle3,
    Technique::HiddenRectangle,
];

thread_local! {
    static RECTANGLES: std::cell::RefCell<Option<FirstOfEach<5>>> = const { std::cell::RefCell::new(None) };
}

/// The first rectangle of `technique`'s type. One pass over the rectangles
/// finds the first of each type (stopping early only at the one asked
/// for): the solver asks for the five in turn on the same position.
pub(crate) fn unique_rectangle(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let Some(wanted) = RECTANGLE_KINDS.iter().position(|&t| t == technique) else {
        return false;
    };
    if let Some(known) = RECTANGLES.with(|slot| FirstOfEach::recall(slot, grid, wanted, out)) {
        return known;
    }
    let mut found: [Option<Finding>; 5] = Default::default();
    let mut scratch = Finding::default();
    let stopped = rectangles(grid, &mut |corners| {
        let common = corners.iter().fold(u64::MAX, |m, &c| m & grid.cands[c]);
        let digits: Vec<usize> = bits(common).collect();
        for (i, &x) in digits.iter().enumerate() {
            for &y in &digits[i + 1..] {
                let pair = (1u64 << x) | (1u64 << y);
                for (kind, &technique) in RECTANGLE_KINDS.iter().enumerate() {
                    if found[kind].is_some() {
                        continue; // the first of this type is known
                    }
                    let hit = match technique {
                        Technique::UniqueRectangle1 => type_1(grid, corners, pair, &mut scratch),
                        Technique::UniqueRectangle2 => type_2(grid, corners, pair, &mut scratch),
                        Technique::UniqueRectangle3 => type_3(grid, corners, pair, &mut scratch),
                        Technique::UniqueRectangle4 => type_4(grid, corners, pair, &mut scratch),
                        _ => hidden(grid, corners, pair, &mut scratch),
                    };
                    if hit {
                        found[kind] = Some(std::mem::take(&mut scratch));
                        if kind == wanted {
                            return true;
                        }
                    }
                }
            }
        }
        false
    });
    RECTANGLES.with(|slot| FirstOfEach::keep(slot, grid, found, 0..5, stopped, wanted, out))
}

fn start(out: &mut Finding, technique: Technique, corners: [usize; 4], pair: u64) {
    out.start(technique, Pattern::Rectangle);
    out.digits = pair;
    out.cells.extend(corners.map(|c| c as u16));
}

fn type_1(grid: &Grid, corners: [usize; 4], pair: u64, out: &mut Finding) -> bool {
    let extra: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| grid.cands[c] != pair)
        .collect();
    let [target] = extra[..] else {
        return false;
    };
    start(out, Technique::UniqueRectangle1, corners, pair);
    out.eliminations
        .extend(bits(pair).map(|d| (target as u16, d as u8 + 1)));
    true
}

/// The two corners with more than {x, y} when the other two are exactly
/// {x, y} and the two share a house (the floor is a side, not a diagonal).
fn roof(grid: &Grid, corners: [usize; 4], pair: u64) -> Option<(usize, usize)> {
    let roof: Vec<usize> = corners
        .iter()
        .copied()
        .filter(|&c| grid.cands[c] != pair)
        .collect();
    match roof[..] {
        [a, b] if grid.sees(a, b) => Some((a, b)),
        _ => None,
    }
}

fn type_2(grid: &Grid, corners: [usize; 4], pair: u64, out: &mut Finding) -> bool {
    let Some((a, b)) = roof(grid, corners, pair) else {
        return false;
    };
    let extra = grid.cands[a] & !pair;
    if extra.count_ones() != 1 || grid.cands[b] & !pair != extra {
        return false;
    }
    let victims = grid.geo.peers[a].iter().map(|&c| c as usize).filter(|&c| {
        c != b && grid.cands[c] & extra != 0 && grid.sees(c, b) && !corners.contains(&c)
    });
    if victims.clone().next().is_none() {
        return false;
    }
    start(out, Technique::UniqueRectangle2, corners, pair);
    let z = extra.trailing_zeros() as u8 + 1;
    out.eliminations.extend(victims.map(|c| (c as u16, z)));
    true
}

fn type_3(grid: &Grid, corners: [usize; 4], pair: u64, out: &mut Finding) -> bool {
    let Some((a, b)) = roof(grid, corners, pair) else {
        return false;
    };
    let virtual_cell = (grid.cands[a] | grid.cands[b]) & !pair;
    if virtual_cell.count_ones() < 2 {
        return false; // one extra digit is type 2
    }
    for house in shared_houses(grid, a, b) {
        let others: Vec<usize> = grid.geo.house_cells[house]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| !corners.contains(&c) && grid.values[c] == 0)
            .collect();
        // Subsets of the other cells that, with the virtual cell, hold as
        // many digits as cells.
        for size in 1..=3usize.min(others.len()) {
            let mut picked = Vec::with_capacity(size);
            if pick(
                grid,
                &others,
                0,
                size,
                virtual_cell,
                &mut picked,
                &mut |subset, digits| {
                    let victims = outside_the_set(grid, &others, subset, digits);
                    if victims.is_empty() {
                        return false;
                    }
                    start(out, Technique::UniqueRectangle3, corners, pair);
                    out.cells.extend(subset.iter().map(|&c| c as u16));
                    out.eliminations.extend(victims);
                    // Sudoku Explainer: 0.1 more for each digit of the subset past two.
                    out.rating += (digits.count_ones() as u16).saturating_sub(2);
                    true
                },
            ) {
                return true;
            }
        }
    }
    false
}

/// What a naked set of `digits` in `set` removes from the house's `others`
/// outside it (a rectangle's type 3, a BUG's type 3).
pub(super) fn outside_the_set(
    grid: &Grid,
    others: &[usize],
    set: &[usize],
    digits: u64,
) -> Vec<(u16, u8)> {
    others
        .iter()
        .filter(|c| !set.contains(c))
        .flat_map(|&c| bits(grid.cands[c] & digits).map(move |d| (c as u16, d as u8 + 1)))
        .collect()
}

/// Picks `size` cells of `pool` whose candidates make exactly `size + 1`
/// digits, calling `found` with each such set and their digits until it
/// says yes (a rectangle's type 3, a BUG's type 3).
pub(super) fn pick(
    grid: &Grid,
    pool: &[usize],
    start: usize,
    size: usize,
    union: u64,
    picked: &mut Vec<usize>,
    found: &mut dyn FnMut(&[usize], u64) -> bool,
) -> bool {
    if picked.len() == size {
        return union.count_ones() as usize == size + 1 && found(picked, union);
    }
    for i in start..pool.len() {
        let next = union | grid.cands[pool[i]];
        if next.count_ones() as usize > size + 1 {
            continue;
        }
        picked.push(pool[i]);
        if pick(grid, pool, i + 1, size, next, picked, found) {
            return true;
        }
        picked.pop();
    }
    false
}

fn type_4(grid: &Grid, corners: [usize; 4], pair: u64, out: &mut Finding) -> bool {
    let Some((a, b)) = roof(grid, corners, pair) else {
        return false;
    };
    for house in shared_houses(grid, a, b) {
        for x in bits(pair) {
            let x_bit = 1u64 << x;
            let places = grid.geo.house_cells[house]
                .iter()
                .filter(|&&c| grid.cands[c as usize] & x_bit != 0)
                .count();
            if places != 2 {
                continue;
            }
            let y = (pair & !x_bit).trailing_zeros() as u8 + 1;
            start(out, Technique::UniqueRectangle4, corners, pair);
            out.eliminations.extend([(a as u16, y), (b as u16, y)]);
            return true;
        }
    }
    false
}

fn hidden(grid: &Grid, corners: [usize; 4], pair: u64, out: &mut Finding) -> bool {
    let n = grid.size();
    // Diagonal pairs of corners: (a, d) and (b, c).
    for (bivalue, opposite) in [(0, 3), (3, 0), (1, 2), (2, 1)] {
        let (p, q) = (corners[bivalue], corners[opposite]);
        if grid.cands[p] != pair {
            continue;
        }
        let (row, col) = (q / n, q % n);
        let cols = [p % n, q % n];
        let rows = [p / n, q / n];
        for x in bits(pair) {
            let x_bit = 1u64 << x;
            let in_row = (0..n).all(|c| grid.cands[row * n + c] & x_bit == 0 || cols.contains(&c));
            let in_col = (0..n).all(|r| grid.cands[r * n + col] & x_bit == 0 || rows.contains(&r));
            let y_bit = pair & !x_bit;
            if in_row && in_col && grid.cands[q] & y_bit != 0 {
                start(out, Technique::HiddenRectangle, corners, pair);
                out.eliminations
                    .push((q as u16, y_bit.trailing_zeros() as u8 + 1));
                return true;
            }
        }
    }
    false
}

pub(crate) fn bug_plus_one(grid: &Grid, out: &mut Finding) -> bool {
    let mut triple = None;
    for (cell, &cands) in grid.cands.iter().enumerate() {
        if grid.values[cell] != 0 {
            continue;
        }
        match cands.count_ones() {
            2 => {}
            3 if triple.is_none() => triple = Some(cell),
            _ => return false,
        }
    }
    let Some(cell) = triple else {
        return false;
    };
    let n = grid.size();
    'digits: for d in bits(grid.cands[cell]) {
        let without = grid.cands[cell] & !(1u64 << d);
        for cells in &grid.geo.house_cells {
            let mut counts = [0u8; 64];
            for &c in cells {
                let cands = if c as usize == cell {
                    without
                } else {
                    grid.cands[c as usize]
                };
                for digit in bits(cands) {
                    counts[digit] += 1;
                }
            }
            if counts[..n].iter().any(|&k| k != 0 && k != 2) {
                continue 'digits;
            }
        }
        out.start(Technique::BugPlusOne, Pattern::Cell);
        out.digits = 1 << d;
        out.cells.push(cell as u16);
        out.placements.push((cell as u16, d as u8 + 1));
        return true;
    }
    false
}
