//! Single-digit patterns built from strong links (a digit with exactly two
//! places in a house: if one is not the digit, the other is).
//!
//! Turbot fish: two strong links a1=a2 and b1=b2 on one digit, with a2 and
//! b1 seeing each other. If a1 is not the digit, a2 is, so b1 is not, so b2
//! is: a1 or b2 holds the digit, and no cell that sees both can. A skyscraper
//! is the case of two parallel lines whose a2 and b1 share a cross line; a
//! two-string kite, a row and a column whose a2 and b1 share a box; every
//! other case (a link in a box, ...) keeps the name turbot fish.
//!
//! Empty rectangle: a digit's places in a box all lie in one row and one
//! column of it (the cross), and a strong link p=q in a line outside the box
//! has p in the cross's row (or column). If q is not the digit, p is, so the
//! box's digit is in the cross's column, outside p's row: the cell where
//! that column meets q's line cannot hold the digit, and if q is the digit
//! it cannot either.

use super::grid::{Finding, FirstOfEach, Grid, Pattern};
use super::Technique;

/// The strong links of a digit (as a bit): (house, first cell, second cell).
fn strong_links(grid: &Grid, bit: u64, links: &mut Vec<(u16, u16, u16)>) {
    links.clear();
    for (house, cells) in grid.geo.house_cells.iter().enumerate() {
        let places = grid.places(house, bit);
        if places.count_ones() == 2 {
            let first = cells[places.trailing_zeros() as usize];
            let second = cells[63 - places.leading_zeros() as usize];
            links.push((house as u16, first, second));
        }
    }
}

/// Which of the three names a turbot fish on links in houses `h1` and `h2`
/// with the weak link `a2`-`b1` goes by.
fn turbot_kind(grid: &Grid, h1: usize, h2: usize, a2: usize, b1: usize) -> Technique {
    let n = grid.size();
    let kind = |h: usize| h / n; // 0 row, 1 column, 2 box
    let [ra, ca, ba] = grid.geo.standard_houses[a2];
    let [rb, cb, bb] = grid.geo.standard_houses[b1];
    match (kind(h1), kind(h2)) {
        (0, 0) if ca == cb => Technique::Skyscraper,
        (1, 1) if ra == rb => Technique::Skyscraper,
        (0, 1) | (1, 0) if !grid.boxes().is_empty() && ba == bb => Technique::TwoStringKite,
        _ => Technique::TurbotFish,
    }
}

/// The three names of a turbot fish, in the solver's order.
const TURBOT_KINDS: [Technique; 3] = [
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
];

thread_local! {
    static TURBOT: std::cell::RefCell<Option<FirstOfEach<3>>> = const { std::cell::RefCell::new(None) };
}

/// The first turbot fish going by `technique`'s name. One search finds
/// the first of each name (stopping early only at the one asked for): the
/// solver asks for the three in turn on the same position.
pub(crate) fn turbot(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let Some(wanted) = TURBOT_KINDS.iter().position(|&t| t == technique) else {
        return false;
    };
    if let Some(known) = TURBOT.with(|slot| FirstOfEach::recall(slot, grid, wanted, out)) {
        return known;
    }
    let mut found: [Option<Finding>; 3] = Default::default();
    let stopped = turbot_search(grid, wanted, &mut found);
    TURBOT.with(|slot| FirstOfEach::keep(slot, grid, found, 0..3, stopped, wanted, out))
}

/// Records the first turbot fish of each name in `found`; true when it
/// stopped at the first of kind `wanted`.
fn turbot_search(grid: &Grid, wanted: usize, found: &mut [Option<Finding>; 3]) -> bool {
    let mut links = Vec::with_capacity(64);
    for digit in 0..grid.size() {
        let bit = 1u64 << digit;
        strong_links(grid, bit, &mut links);
        for (i, &(h1, x1, x2)) in links.iter().enumerate() {
            for &(h2, y1, y2) in &links[i + 1..] {
                for (a1, a2) in [(x1, x2), (x2, x1)] {
                    for (b1, b2) in [(y1, y2), (y2, y1)] {
                        let (a1, a2, b1, b2) = (a1 as usize, a2 as usize, b1 as usize, b2 as usize);
                        if a1 == b1 || a1 == b2 || a2 == b1 || a2 == b2 {
                            continue;
                        }
                        if !grid.sees(a2, b1) {
                            continue;
                        }
                        let technique = turbot_kind(grid, h1 as usize, h2 as usize, a2, b1);
                        let kind = TURBOT_KINDS
                            .iter()
                            .position(|&t| t == technique)
                            .unwrap_or(2);
                        if found[kind].is_some() {
                            continue; // the first of this name is known
                        }
                        let pattern = [a1, a2, b1, b2];
                        let victims = grid.geo.peers[a1].iter().map(|&c| c as usize).filter(|&c| {
                            grid.cands[c] & bit != 0 && grid.sees(c, b2) && !pattern.contains(&c)
                        });
                        if victims.clone().next().is_none() {
                            continue;
                        }
                        let out = found[kind].insert(Finding::default());
                        out.start(
                            technique,
                            Pattern::Turbot {
                                first: h1,
                                second: h2,
                            },
                        );
                        out.digits = bit;
                        out.cells.extend(pattern.map(|c| c as u16));
                        out.eliminations
                            .extend(victims.map(|c| (c as u16, digit as u8 + 1)));
                        if kind == wanted {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

pub(crate) fn empty_rectangle(grid: &Grid, out: &mut Finding) -> bool {
    let n = grid.size();
    let mut links = Vec::with_capacity(64);
    for digit in 0..n {
        let bit = 1u64 << digit;
        let mut links_ready = false;
        for bx in grid.boxes() {
            let cells = &grid.geo.house_cells[bx];
            let places: Vec<usize> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| grid.cands[c] & bit != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            // Every (row, column) of the box whose cross covers the places.
            let mut box_rows: Vec<usize> = cells.iter().map(|&c| c as usize / n).collect();
            box_rows.dedup();
            let mut box_cols: Vec<usize> = cells.iter().map(|&c| c as usize % n).collect();
            box_cols.sort_unstable();
            box_cols.dedup();
            // The argument needs a rectangular block (a box, a window): a
            // jigsaw region or a diagonal has cells outside its cross lines.
            if box_rows.len() * box_cols.len() != cells.len() {
                continue;
            }
            for &row in &box_rows {
                for &col in &box_cols {
                    if !places.iter().all(|&c| c / n == row || c % n == col) {
                        continue;
                    }
                    // A cross all in one line is locked candidates, not this.
                    if places.iter().all(|&c| c / n == row) || places.iter().all(|&c| c % n == col)
                    {
                        continue;
                    }
                    if !links_ready {
                        strong_links(grid, bit, &mut links);
                        links_ready = true;
                    }
                    for &(house, x, y) in &links {
                        let house = house as usize;
                        // A link in a column outside the box (then p shares
                        // the cross's row), or in a row (p shares its column).
                        let in_column = (n..2 * n).contains(&house);
                        let in_row = house < n;
                        if !in_column && !in_row {
                            continue;
                        }
                        for (p, q) in [(x as usize, y as usize), (y as usize, x as usize)] {
                            let target = if in_column {
                                if p / n != row
                                    || box_cols.contains(&(p % n))
                                    || box_rows.contains(&(q / n))
                                {
                                    continue;
                                }
                                (q / n) * n + col
                            } else {
                                if p % n != col
                                    || box_rows.contains(&(p / n))
                                    || box_cols.contains(&(q % n))
                                {
                                    continue;
                                }
                                row * n + q % n
                            };
                            if grid.cands[target] & bit == 0 {
                                continue;
                            }
                            out.start(
                                Technique::EmptyRectangle,
                                Pattern::EmptyRectangle {
                                    bx: bx as u16,
                                    row: row as u16,
                                    col: col as u16,
                                    link: house as u16,
                                },
                            );
                            out.digits = bit;
                            out.cells.extend(places.iter().map(|&c| c as u16));
                            out.cells.extend([p as u16, q as u16]);
                            out.eliminations.push((target as u16, digit as u8 + 1));
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}
