//! Explanations in a player's words: what the pattern is and why it lets
//! these digits go.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;
use crate::board::{cell_name, digit_text};
use crate::shape::{Cell, Digit};

pub(crate) fn explain(grid: &Grid, f: &Finding) -> String {
    let shape = grid.geo.shape;
    let cell = |c: u16| cell_name(shape, Cell(c));
    let house = |h: u16| grid.geo.house(h as usize).to_string();
    let cells = || list(f.cells.iter().map(|&c| cell(c)));
    let digits = |mask: u64| list(bits(mask).map(|d| digit(d as u8 + 1)));
    match (f.technique, f.pattern) {
        (Technique::NakedSingle, _) => {
            let (c, d) = f.placements[0];
            let houses = if shape.is_latin() {
                "row and column"
            } else {
                "row, column and box"
            };
            // Whether the filled cells alone rule the rest out, or earlier
            // eliminations helped.
            let seen = grid.geo.peers[c as usize]
                .iter()
                .map(|&p| grid.values[p as usize])
                .filter(|&v| v != 0)
                .fold(0u64, |acc, v| acc | 1 << (v - 1));
            if (shape.all_digits() & !seen).count_ones() == 1 {
                format!(
                    "{} can only be {}: its {houses} already hold every other digit",
                    cell(c),
                    digit(d)
                )
            } else {
                format!(
                    "{} can only be {}: every other digit has been ruled out",
                    cell(c),
                    digit(d)
                )
            }
        }
        (Technique::HiddenSingle, Pattern::House(h)) => {
            let (c, d) = f.placements[0];
            format!("In {}, {} can only go in {}", house(h), digit(d), cell(c))
        }
        (_, Pattern::Intersection { within, along }) => format!(
            "In {}, {} can only go in {}, so {}",
            house(within),
            digits(f.digits),
            house(along),
            removals_by_digit(grid, &f.eliminations)
        ),
        (t, Pattern::House(h)) if t.is_hidden_subset() => format!(
            "In {}, {} can only go in {}, so those cells hold nothing else: {}",
            house(h),
            digits(f.digits),
            cells(),
            removals_by_cell(grid, &f.eliminations)
        ),
        (_, Pattern::House(h)) => format!(
            "In {}, {} hold only {} between them, so no other cell of {} can: {}",
            house(h),
            cells(),
            digits(f.digits),
            house(h),
            removals_by_digit(grid, &f.eliminations)
        ),
        (_, Pattern::Fish { rows, base, cover }) => {
            let (base_kind, cover_kind) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            let numbers = |mask: u64| list(bits(mask).map(|i| (i + 1).to_string()));
            format!(
                "In {base_kind} {}, {} can only go in {cover_kind} {}, so each of those {cover_kind} has its {} in these {base_kind}: {}",
                numbers(base),
                digits(f.digits),
                numbers(cover),
                digits(f.digits),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (Technique::XyWing, _) => {
            let [pivot, a, b] = [f.cells[0], f.cells[1], f.cells[2]];
            let z = f.digits;
            let x = grid.cands[pivot as usize] & grid.cands[a as usize];
            let y = grid.cands[pivot as usize] & grid.cands[b as usize];
            format!(
                "{} is {} or {}. If {}, {} ({}) is {}; if {}, {} ({}) is {}. Either way one of them is {}, so no cell that sees both can be: {}",
                cell(pivot),
                digits(x),
                digits(y),
                digits(x),
                cell(a),
                options(grid.cands[a as usize]),
                digits(z),
                digits(y),
                cell(b),
                options(grid.cands[b as usize]),
                digits(z),
                digits(z),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (Technique::XyzWing, _) => {
            let [pivot, a, b] = [f.cells[0], f.cells[1], f.cells[2]];
            format!(
                "{} is {} and sees {} ({}) and {} ({}). Whichever digit {} takes, one of the three is {}, so no cell that sees all three can be: {}",
                cell(pivot),
                options(grid.cands[pivot as usize]),
                cell(a),
                options(grid.cands[a as usize]),
                cell(b),
                options(grid.cands[b as usize]),
                cell(pivot),
                digits(f.digits),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (_, Pattern::Chain) => f.text.clone(),
        (t, _) => format!("{}: {}", t.name(), removals_by_digit(grid, &f.eliminations)),
    }
}

fn digit(d: u8) -> String {
    Digit::new(d).map_or_else(|| d.to_string(), digit_text)
}

/// "3 or 5", "1, 3 or 9".
fn options(mask: u64) -> String {
    join(bits(mask).map(|d| digit(d as u8 + 1)), "or")
}

/// "a", "a and b", "a, b and c".
fn list(items: impl Iterator<Item = String>) -> String {
    join(items, "and")
}

fn join(items: impl Iterator<Item = String>, last: &str) -> String {
    let items: Vec<String> = items.collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// "7 is removed from r4c1 and r4c2", "3 is removed from r1c7, 8 from r1c9".
fn removals_by_digit(grid: &Grid, eliminations: &[(u16, u8)]) -> String {
    let shape = grid.geo.shape;
    let mut by_digit: Vec<(u8, Vec<String>)> = Vec::new();
    for &(c, d) in eliminations {
        match by_digit.iter_mut().find(|(x, _)| *x == d) {
            Some((_, cells)) => cells.push(cell_name(shape, Cell(c))),
            None => by_digit.push((d, vec![cell_name(shape, Cell(c))])),
        }
    }
    by_digit.sort_by_key(|(d, _)| *d);
    let parts: Vec<String> = by_digit
        .into_iter()
        .enumerate()
        .map(|(i, (d, cells))| {
            let verb = if i == 0 { " is removed" } else { "" };
            format!("{}{verb} from {}", digit(d), list(cells.into_iter()))
        })
        .collect();
    parts.join(", ")
}

/// "r1c2 loses 1, r1c5 loses 4 and 6".
fn removals_by_cell(grid: &Grid, eliminations: &[(u16, u8)]) -> String {
    let shape = grid.geo.shape;
    let mut by_cell: Vec<(u16, Vec<String>)> = Vec::new();
    for &(c, d) in eliminations {
        match by_cell.iter_mut().find(|(x, _)| *x == c) {
            Some((_, ds)) => ds.push(digit(d)),
            None => by_cell.push((c, vec![digit(d)])),
        }
    }
    let parts: Vec<String> = by_cell
        .into_iter()
        .map(|(c, ds)| {
            format!(
                "{} loses {}",
                cell_name(shape, Cell(c)),
                list(ds.into_iter())
            )
        })
        .collect();
    parts.join(", ")
}
