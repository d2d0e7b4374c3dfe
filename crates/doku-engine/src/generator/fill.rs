//! A random full grid: a depth-first search that branches on the cell with
//! the fewest candidates (ties broken by a random cell order) and tries its
//! digits in random order, so every valid grid can come out and none is a
//! relabelled fixed pattern. The search restarts with fresh randomness when
//! it wanders too long (rare, but large boards have heavy-tailed runs).

use crate::shape::Shape;
use crate::solver::geometry;
use rand::seq::SliceRandom;
use rand::Rng;

/// A frame of the search: the cell it branched on and the digits left to try.
struct Frame {
    cell: usize,
    untried: u64,
}

/// A random solved grid of `shape`, as values in reading order.
pub(super) fn random_full_grid(shape: Shape, rng: &mut impl Rng) -> Vec<u8> {
    loop {
        if let Some(grid) = try_fill(shape, rng) {
            return grid;
        }
    }
}

/// A random solved grid of `shape` within `tries` randomised searches:
/// `None` when they all fail, as they do for rules no grid can meet (a
/// jigsaw layout can be one).
pub(super) fn try_full_grid(shape: Shape, rng: &mut impl Rng, tries: usize) -> Option<Vec<u8>> {
    (0..tries).find_map(|_| try_fill(shape, rng))
}

/// One randomised search, abandoned after a budget of dead ends.
fn try_fill(shape: Shape, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let geo = geometry(shape);
    let cells = shape.cell_count();
    let all = shape.all_digits();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut values = vec![0u8; cells];
    let mut used = vec![0u64; geo.house_cells.len()];
    let mut stack: Vec<Frame> = Vec::with_capacity(cells);
    let mut dead_ends_left = 10 * cells + 100;
    let candidates = |values: &[u8], used: &[u64], cell: usize| -> u64 {
        if values[cell] != 0 {
            return 0;
        }
        geo.houses_of(cell)
            .iter()
            .fold(all, |acc, &h| acc & !used[h as usize])
    };
    let set = |values: &mut [u8], used: &mut [u64], cell: usize, digit: u8, on: bool| {
        let bit = 1u64 << (digit - 1);
        for &h in geo.houses_of(cell) {
            if on {
                used[h as usize] |= bit;
            } else {
                used[h as usize] &= !bit;
            }
        }
        values[cell] = if on { digit } else { 0 };
    };
    let mut filled = 0;
    // Invariant: every frame's cell holds the digit being tried there, except
    // the top frame's while the inner loop looks for its next digit.
    loop {
        if filled == cells {
            return Some(values);
        }
        let mut best: Option<(usize, u64)> = None;
        for &cell in &order {
            if values[cell] != 0 {
                continue;
            }
            let cand = candidates(&values, &used, cell);
            if best.is_none_or(|(_, b)| cand.count_ones() < b.count_ones()) {
                best = Some((cell, cand));
                if cand.count_ones() <= 1 {
                    break;
                }
            }
        }
        let (cell, untried) = best?;
        stack.push(Frame { cell, untried });
        loop {
            let frame = stack.last_mut()?;
            if frame.untried == 0 {
                stack.pop();
                dead_ends_left = dead_ends_left.checked_sub(1)?;
                let top = stack.last()?.cell;
                let digit = values[top];
                set(&mut values, &mut used, top, digit, false);
                filled -= 1;
                continue;
            }
            let bit = nth_set_bit(
                frame.untried,
                rng.random_range(0..frame.untried.count_ones()),
            );
            frame.untried &= !bit;
            let cell = frame.cell;
            set(
                &mut values,
                &mut used,
                cell,
                bit.trailing_zeros() as u8 + 1,
                true,
            );
            filled += 1;
            break;
        }
    }
}

/// The `n`-th lowest set bit of `mask` (as a one-bit mask).
fn nth_set_bit(mut mask: u64, n: u32) -> u64 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}
