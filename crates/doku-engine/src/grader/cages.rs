//! The killer techniques on one cage at a time: the combinations its sum
//! allows, the digits every combination must hold (locked in a house, or
//! in a cage inside a house), and combinations crossed with the cells'
//! candidates and the houses around them.
//!
//! A cage's cells never repeat a digit, so placing a combination in its
//! cells is a matching of cells to digits: whether a combination fits the
//! candidates, and which cell can take which of its digits, is decided by
//! matchings, never by trying every order.

use super::explain::{digit, list, options, removals_by_cell, removals_by_digit};
use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;
use crate::board::cell_name;
use crate::killer::combos;
use crate::shape::Cell;

/// What a cage with a sum still needs: its empty cells, the sum they
/// make, and the digits already placed in it.
pub(crate) struct Need {
    pub cage: usize,
    pub open: Vec<u16>,
    pub left: u32,
    pub placed: u64,
    pub sum: u32,
}

impl Need {
    /// `None` for a cage without a sum, a full cage, or one whose digits
    /// already pass its sum (the grid has no solution).
    pub fn of(grid: &Grid, cage: usize) -> Option<Need> {
        let killer = grid.killer.as_ref()?;
        let sum = killer.sums[cage]?;
        let (mut placed, mut total, mut open) = (0u64, 0u32, Vec::new());
        for &c in &killer.cells[cage] {
            match grid.values[c as usize] {
                0 => open.push(c),
                v => {
                    placed |= 1 << (v - 1);
                    total += u32::from(v);
                }
            }
        }
        let left = sum.checked_sub(total)?;
        (!open.is_empty()).then_some(Need {
            cage,
            open,
            left,
            placed,
            sum,
        })
    }

    fn count(&self) -> u32 {
        self.open.len() as u32
    }

    /// The digits the open cells may still hold between them.
    fn candidates(&self, grid: &Grid) -> u64 {
        self.open.iter().fold(0, |m, &c| m | grid.cands[c as usize]) & !self.placed
    }

    /// "The 16-cage at r1c1 makes 16 in 2 cells", or with digits placed
    /// "The 20-cage at r1c1 has 8 placed: its other 2 cells make 20 − 8 = 12".
    fn intro(&self, grid: &Grid) -> String {
        let name = cage_name(grid, self.cage);
        let k = self.open.len();
        if self.placed == 0 {
            let cells = if k == 1 { "cell" } else { "cells" };
            return format!("{} makes {} in {k} {cells}", capital(&name), self.sum);
        }
        let placed: Vec<String> = bits(self.placed).map(|d| digit(d as u8 + 1)).collect();
        let rest = match k {
            1 => format!(
                "its last cell, {}, makes",
                cell_name(grid.geo.shape, Cell(self.open[0]))
            ),
            _ => format!("its other {k} cells make"),
        };
        format!(
            "{} has {} placed: {rest} {} − {} = {}",
            capital(&name),
            list(placed.iter().cloned()),
            self.sum,
            self.sum - self.left,
            self.left
        )
    }
}

pub(crate) fn cage_name(grid: &Grid, cage: usize) -> String {
    match &grid.killer {
        Some(k) => k.cages.name(cage, grid.geo.shape),
        None => format!("cage {}", cage + 1),
    }
}

pub(crate) fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// "7+9".
pub(crate) fn combo_text(mask: u64) -> String {
    let digits: Vec<String> = bits(mask).map(|d| digit(d as u8 + 1)).collect();
    digits.join("+")
}

/// "7+9", "1+6, 2+5 or 3+4" (in the order of their digits); past six,
/// how many and the digits they use.
pub(crate) fn combos_text(list: &[u64]) -> String {
    let mut sorted = list.to_vec();
    sorted.sort_by_key(|&m| bits(m).collect::<Vec<_>>());
    let parts: Vec<String> = sorted.iter().map(|&m| combo_text(m)).collect();
    match parts.len() {
        0 => "no combination".into(),
        1 => parts[0].clone(),
        n if n <= 6 => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
        n => format!(
            "{n} combinations of {}",
            options(list.iter().fold(0, |m, &c| m | c))
        ),
    }
}

fn names(grid: &Grid, cells: &[u16]) -> String {
    let shape = grid.geo.shape;
    list(cells.iter().map(|&c| cell_name(shape, Cell(c))))
}

fn cage_count(grid: &Grid) -> usize {
    grid.killer.as_ref().map_or(0, |k| k.cells.len())
}

/// Cage combinations: a cage's cells hold only digits some combination of
/// its sum uses (16 in two cells is 7+9: no cell of it can be anything
/// else). The sum alone decides, with the digits placed in the cage.
pub(crate) fn cage_combinations(grid: &Grid, out: &mut Finding) -> bool {
    let all = grid.geo.shape.all_digits();
    for cage in 0..cage_count(grid) {
        let Some(need) = Need::of(grid, cage) else {
            continue;
        };
        let open_digits = all & !need.placed;
        let Some(found) = combos::combos(open_digits, need.count(), need.left) else {
            continue;
        };
        let removed = need
            .open
            .iter()
            .fold(0, |m, &c| m | (grid.cands[c as usize] & !found.union));
        if removed == 0 {
            continue;
        }
        out.start(
            Technique::CageCombinations,
            Pattern::Cage { cage: cage as u16 },
        );
        out.cells.extend(&need.open);
        out.digits = found.union;
        for &c in &need.open {
            for d in bits(grid.cands[c as usize] & !found.union) {
                out.eliminations.push((c, d as u8 + 1));
            }
        }
        let made = combos::list(open_digits, need.count(), need.left);
        let removed: Vec<String> = bits(removed).map(|d| digit(d as u8 + 1)).collect();
        out.text = format!(
            "{}: {}. So none of its cells can be {}",
            need.intro(grid),
            if made.len() == 1 {
                format!("{} only", combos_text(&made))
            } else {
                combos_text(&made)
            },
            join_or(&removed),
        );
        return true;
    }
    false
}

fn join_or(items: &[String]) -> String {
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} or {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// The digits every combination of a cage uses, from its cells'
/// candidates (the "must-haves"), and those combinations.
fn must_haves(grid: &Grid, need: &Need) -> (u64, Vec<u64>) {
    let open = need.candidates(grid);
    let must = combos::combos(open, need.count(), need.left).map_or(0, |c| c.common);
    (must, combos::list(open, need.count(), need.left))
}

/// A cage inside a house: the digits every combination of the cage uses
/// are in the cage, so no other cell of the house can hold them.
pub(crate) fn cage_in_house(grid: &Grid, out: &mut Finding) -> bool {
    for cage in 0..cage_count(grid) {
        let Some(need) = Need::of(grid, cage) else {
            continue;
        };
        if need.open.len() < 2 {
            continue;
        }
        let (must, made) = must_haves(grid, &need);
        if must == 0 {
            continue;
        }
        let first = need.open[0] as usize;
        for &house in grid.geo.houses_of(first) {
            let cells = &grid.geo.house_cells[house as usize];
            if !need.open.iter().all(|c| cells.contains(c)) {
                continue;
            }
            let victims: Vec<u16> = cells
                .iter()
                .copied()
                .filter(|c| !need.open.contains(c) && grid.cands[*c as usize] & must != 0)
                .collect();
            if victims.is_empty() {
                continue;
            }
            out.start(
                Technique::CageInHouse,
                Pattern::CageHouse {
                    cage: cage as u16,
                    house,
                },
            );
            out.cells.extend(&need.open);
            out.digits = must;
            for &c in &victims {
                for d in bits(grid.cands[c as usize] & must) {
                    out.eliminations.push((c, d as u8 + 1));
                }
            }
            let whole = grid
                .killer
                .as_ref()
                .is_some_and(|k| k.cells[cage].iter().all(|c| cells.contains(c)));
            let house_name = grid.geo.house(house as usize).to_string();
            out.text = format!(
                "{}: {}, always with {}. {} inside {house_name}, so no other cell of {house_name} can hold {}: {}",
                need.intro(grid),
                combos_text(&made),
                list(bits(must).map(|d| digit(d as u8 + 1))),
                if whole {
                    "The cage lies".to_string()
                } else {
                    format!("Its empty cells ({}) lie", names(grid, &need.open))
                },
                options(must),
                removals_by_digit(grid, &out.eliminations)
            );
            return true;
        }
    }
    false
}

/// A locked must-have: a digit every combination of a cage uses can go
/// only in some of its cells; a cell outside the cage that sees all of
/// them cannot hold it (when they share a house, the rest of the house).
pub(crate) fn locked_must_have(grid: &Grid, out: &mut Finding) -> bool {
    for cage in 0..cage_count(grid) {
        let Some(need) = Need::of(grid, cage) else {
            continue;
        };
        if need.open.len() < 2 {
            continue;
        }
        let (must, made) = must_haves(grid, &need);
        for d in bits(must) {
            let bit = 1u64 << d;
            let places: Vec<u16> = need
                .open
                .iter()
                .copied()
                .filter(|&c| grid.cands[c as usize] & bit != 0)
                .collect();
            if places.len() < 2 {
                continue;
            }
            let victims: Vec<u16> = grid.geo.peers[places[0] as usize]
                .iter()
                .copied()
                .filter(|&c| {
                    grid.cands[c as usize] & bit != 0
                        && !need.open.contains(&c)
                        && places.iter().all(|&p| grid.sees(c as usize, p as usize))
                })
                .collect();
            if victims.is_empty() {
                continue;
            }
            // The house the places share, if one holds every victim.
            let shared = grid
                .geo
                .houses_of(places[0] as usize)
                .iter()
                .copied()
                .find(|&h| {
                    let cells = &grid.geo.house_cells[h as usize];
                    places.iter().chain(&victims).all(|c| cells.contains(c))
                });
            out.start(
                Technique::LockedMustHave,
                Pattern::CageHouse {
                    cage: cage as u16,
                    house: shared.unwrap_or(u16::MAX),
                },
            );
            out.cells.extend(&places);
            out.digits = bit;
            out.eliminations
                .extend(victims.iter().map(|&c| (c, d as u8 + 1)));
            let where_ = match shared {
                Some(h) => format!(
                    "in {}, so no other cell of it can be {}",
                    grid.geo.house(h as usize),
                    digit(d as u8 + 1)
                ),
                None => format!(
                    "so no cell that sees {} can be {}",
                    if places.len() == 2 {
                        "both"
                    } else {
                        "all of them"
                    },
                    digit(d as u8 + 1)
                ),
            };
            out.text = format!(
                "{}: {}, every one with {}. Its {} can only go in {}, {where_}: {}",
                need.intro(grid),
                combos_text(&made),
                digit(d as u8 + 1),
                digit(d as u8 + 1),
                names(grid, &places),
                removals_by_digit(grid, &out.eliminations)
            );
            return true;
        }
    }
    false
}

/// Combinations crossed with candidates: a combination of a cage's sum
/// that its cells' candidates cannot hold (no way to give each cell a
/// different digit of it) is dropped, and so is one that lacks a digit a
/// house can place only in this cage. A cell keeps only the digits some
/// remaining combination can give it.
pub(crate) fn combinations_crossed(grid: &Grid, out: &mut Finding) -> bool {
    (0..cage_count(grid)).any(|cage| crossed(grid, cage, false, out))
        || (0..cage_count(grid)).any(|cage| crossed(grid, cage, true, out))
}

fn crossed(grid: &Grid, cage: usize, with_houses: bool, out: &mut Finding) -> bool {
    let Some(need) = Need::of(grid, cage) else {
        return false;
    };
    if need.open.len() < 2 {
        return false;
    }
    let all = grid.geo.shape.all_digits();
    let made = combos::list(all & !need.placed, need.count(), need.left);
    let cands: Vec<u64> = need.open.iter().map(|&c| grid.cands[c as usize]).collect();
    // Digits a house can place only in this cage's empty cells.
    let mut required: Vec<(u64, u16)> = Vec::new();
    if with_houses {
        let mut houses: Vec<u16> = need
            .open
            .iter()
            .flat_map(|&c| grid.geo.houses_of(c as usize).iter().copied())
            .collect();
        houses.sort_unstable();
        houses.dedup();
        for h in houses {
            let cells = &grid.geo.house_cells[h as usize];
            let placed = cells
                .iter()
                .fold(0u64, |m, &c| match grid.values[c as usize] {
                    0 => m,
                    v => m | 1 << (v - 1),
                });
            for d in bits(all & !placed) {
                let bit = 1u64 << d;
                let mut places = cells.iter().filter(|&&c| grid.cands[c as usize] & bit != 0);
                let inside =
                    places.clone().next().is_some() && places.all(|c| need.open.contains(c));
                if inside && !required.iter().any(|&(b, _)| b == bit) {
                    required.push((bit, h));
                }
            }
        }
        if required.is_empty() {
            return false;
        }
    }
    let mut possible = vec![0u64; cands.len()];
    let mut kept = Vec::new();
    // Dropped combinations with why: `None` for the candidates, or the
    // digit and house that need it.
    let mut dropped: Vec<(u64, Option<(u64, u16)>)> = Vec::new();
    for &combo in &made {
        let fitting = fits(&cands, combo);
        if let Some(&lack) = required.iter().find(|&&(bit, _)| combo & bit == 0) {
            dropped.push((combo, fitting.then_some(lack)));
            continue;
        }
        if !fitting {
            dropped.push((combo, None));
            continue;
        }
        kept.push(combo);
        for (i, &c) in cands.iter().enumerate() {
            for d in bits(c & combo & !possible[i]) {
                let mut pinned = cands.clone();
                pinned[i] = 1 << d;
                if fits(&pinned, combo) {
                    possible[i] |= 1 << d;
                }
            }
        }
    }
    let removed: Vec<(u16, u8)> = need
        .open
        .iter()
        .zip(&cands)
        .zip(&possible)
        .flat_map(|((&c, &m), &p)| bits(m & !p).map(move |d| (c, d as u8 + 1)))
        .collect();
    if removed.is_empty() {
        return false;
    }
    // Combinations the sum allows but no candidate could even start are
    // not worth naming; those the candidates hint at are.
    let hinted = need.candidates(grid);
    let named_drops: Vec<&(u64, Option<(u64, u16)>)> = dropped
        .iter()
        .filter(|(combo, why)| why.is_some() || combo & !hinted == 0)
        .collect();
    out.start(
        Technique::CombinationsCrossed,
        Pattern::Cage { cage: cage as u16 },
    );
    if with_houses {
        out.rating += 3;
    }
    out.cells.extend(&need.open);
    out.digits = kept.iter().fold(0, |m, &c| m | c);
    out.eliminations.extend(&removed);
    let mut reasons: Vec<String> = Vec::new();
    let by_candidates: Vec<u64> = named_drops
        .iter()
        .filter(|(_, why)| why.is_none())
        .map(|&&(c, _)| c)
        .collect();
    if !by_candidates.is_empty() {
        reasons.push(format!(
            "{} cannot be placed in its cells' candidates ({})",
            combos_text(&by_candidates),
            list(need.open.iter().map(|&c| format!(
                "{} {}",
                cell_name(grid.geo.shape, Cell(c)),
                options(grid.cands[c as usize])
            )))
        ));
    }
    for &&(combo, why) in &named_drops {
        if let Some((bit, h)) = why {
            reasons.push(format!(
                "{} lacks {}, which {} can only place in this cage",
                combo_text(combo),
                digit(bit.trailing_zeros() as u8 + 1),
                grid.geo.house(h as usize)
            ));
        }
    }
    let reasons = if reasons.is_empty() {
        String::new()
    } else {
        format!(". {}", capital(&reasons.join("; ")))
    };
    out.text = format!(
        "{}: {}{reasons}. {} its cells can hold only: {}",
        need.intro(grid),
        combos_text(&made),
        if kept.len() == 1 {
            format!("With {} left,", combos_text(&kept))
        } else {
            format!("Placed as the candidates allow, {},", combos_text(&kept))
        },
        removals_by_cell(grid, &removed)
    );
    true
}

/// Whether every cell can take a different digit of `combo` from its
/// candidates (as many cells as digits): a perfect matching.
pub(crate) fn fits(cands: &[u64], combo: u64) -> bool {
    if cands.len() != combo.count_ones() as usize {
        return false;
    }
    let mut owner = [u8::MAX; 64];
    (0..cands.len()).all(|cell| {
        let mut seen = 0u64;
        augment(cell, cands, combo, &mut owner, &mut seen)
    })
}

fn augment(cell: usize, cands: &[u64], combo: u64, owner: &mut [u8; 64], seen: &mut u64) -> bool {
    for d in bits(cands[cell] & combo) {
        if *seen & (1 << d) != 0 {
            continue;
        }
        *seen |= 1 << d;
        if owner[d] == u8::MAX || augment(owner[d] as usize, cands, combo, owner, seen) {
            owner[d] = cell as u8;
            return true;
        }
    }
    false
}
