//! A random full grid: a depth-first search that branches on the cell with
//! the fewest candidates (ties broken by a random cell order) and tries its
//! digits in random order, so every valid grid can come out and none is a
//! relabelled fixed pattern. On jigsaws, after every placement naked and
//! hidden singles are placed over every house of the shape (its regions and
//! diagonals) until none is left: without them a jigsaw's fill wandered
//! through dead ends for milliseconds where a box shape took microseconds.
//! Box shapes and Latin squares keep the plain search: quick enough there,
//! and cheaper per node (with singles, classic extreme deals took about a
//! tenth longer). The search restarts with fresh randomness when it wanders
//! too long: the runs are heavy-tailed, most fills meet few dead ends and a
//! few meet thousands. On 9x9 jigsaws a restart after about a cell's worth
//! of dead ends fills in a third of the time a budget ten times larger took
//! (the plain search keeps its larger budget).

use crate::shape::{Geometry, Shape};
use crate::solver::geometry;
use rand::seq::SliceRandom;
use rand::Rng;

/// A frame of the plain search: the cell it branched on and the digits
/// left to try.
struct PlainFrame {
    cell: usize,
    untried: u64,
}

/// A frame of the search with singles: the state before it branched, the cell it
/// branched on and the digits left to try there.
struct Frame {
    before: Fill,
    cell: usize,
    untried: u64,
}

/// A partial grid: the placed digits and every empty cell's candidates.
#[derive(Clone)]
struct Fill {
    values: Vec<u8>,
    candidates: Vec<u64>,
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

/// One randomised search: [`try_fill_singles`] on jigsaws, where a plain
/// search wanders through dead ends for milliseconds, the plain one on
/// box shapes and Latin squares.
fn try_fill(shape: Shape, rng: &mut impl Rng) -> Option<Vec<u8>> {
    if shape.is_jigsaw() {
        try_fill_singles(shape, rng)
    } else if shape == Shape::CLASSIC {
        try_fill_classic(rng)
    } else {
        try_fill_plain(shape, rng)
    }
}

/// One randomised search placing singles, abandoned after a budget of
/// dead ends.
fn try_fill_singles(shape: Shape, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let geo = geometry(shape);
    let cells = shape.cell_count();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut fill = Fill {
        values: vec![0; cells],
        candidates: vec![shape.all_digits(); cells],
    };
    let mut stack: Vec<Frame> = Vec::with_capacity(cells);
    let mut dead_ends_left = cells + 20;
    loop {
        // The fewest candidates, ties to the first in `order`; none left
        // empty: the grid is full.
        let Some(cell) = order
            .iter()
            .copied()
            .filter(|&c| fill.values[c] == 0)
            .min_by_key(|&c| fill.candidates[c].count_ones())
        else {
            return Some(fill.values);
        };
        stack.push(Frame {
            before: fill.clone(),
            cell,
            untried: fill.candidates[cell],
        });
        // Tries the top frame's digits until one propagates without a
        // contradiction, backtracking through exhausted frames.
        loop {
            let frame = stack.last_mut()?;
            if frame.untried == 0 {
                stack.pop();
                dead_ends_left = dead_ends_left.checked_sub(1)?;
                continue;
            }
            let bit = nth_set_bit(
                frame.untried,
                rng.random_range(0..frame.untried.count_ones()),
            );
            frame.untried &= !bit;
            fill.clone_from(&frame.before);
            if fill.place(&geo, frame.cell, bit) {
                break;
            }
        }
    }
}

impl Fill {
    /// Places `bit`'s digit at `cell`, then every single it leads to;
    /// `false` on a contradiction (a cell with no candidate, or a digit
    /// with no place in a house).
    fn place(&mut self, geo: &Geometry, cell: usize, bit: u64) -> bool {
        let size = geo.shape.size();
        let mut pending = vec![(cell, bit)];
        loop {
            while let Some((cell, bit)) = pending.pop() {
                if self.values[cell] != 0 {
                    // Placed twice by singles: fine if it is the same digit.
                    if 1u64 << (self.values[cell] - 1) != bit {
                        return false;
                    }
                    continue;
                }
                if self.candidates[cell] & bit == 0 {
                    return false;
                }
                self.values[cell] = bit.trailing_zeros() as u8 + 1;
                self.candidates[cell] = bit;
                for &house in geo.houses_of(cell) {
                    for &peer in &geo.house_cells[house as usize] {
                        let peer = peer as usize;
                        if peer != cell && self.values[peer] == 0 {
                            self.candidates[peer] &= !bit;
                            match self.candidates[peer].count_ones() {
                                0 => return false,
                                1 => pending.push((peer, self.candidates[peer])),
                                _ => {}
                            }
                        }
                    }
                }
            }
            // Hidden singles: a digit with one place left in a house that
            // holds every digit.
            for house in &geo.house_cells {
                if house.len() != size {
                    continue;
                }
                let (mut placed, mut once, mut twice) = (0u64, 0u64, 0u64);
                for &c in house {
                    let c = c as usize;
                    if self.values[c] != 0 {
                        placed |= self.candidates[c];
                    } else {
                        twice |= once & self.candidates[c];
                        once |= self.candidates[c];
                    }
                }
                if (placed | once) != geo.shape.all_digits() {
                    return false;
                }
                let mut lone = once & !twice & !placed;
                while lone != 0 {
                    let bit = lone & lone.wrapping_neg();
                    lone &= lone - 1;
                    let Some(&c) = house.iter().find(|&&c| {
                        self.values[c as usize] == 0 && self.candidates[c as usize] & bit != 0
                    }) else {
                        return false;
                    };
                    pending.push((c as usize, bit));
                }
            }
            if pending.is_empty() {
                return true;
            }
        }
    }
}

/// One randomised search without propagation, abandoned after a budget
/// of dead ends: on box shapes quick enough, and the deals of a seed stay
/// those they were.
fn try_fill_plain(shape: Shape, rng: &mut impl Rng) -> Option<Vec<u8>> {
    let geo = geometry(shape);
    let cells = shape.cell_count();
    let all = shape.all_digits();
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut values = vec![0u8; cells];
    let mut used = vec![0u64; geo.house_cells.len()];
    let mut stack: Vec<PlainFrame> = Vec::with_capacity(cells);
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
        stack.push(PlainFrame { cell, untried });
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

/// [`try_fill_plain`] on the classic 9x9, where most deals are: the same
/// search with the same random draws, so the same grid for the same stream,
/// on fixed arrays instead of the shape's geometry. Each cell is kept at its
/// place in the random order, with the three masks of its houses, so the
/// scan for the fewest candidates reads no table of houses (a fill scans the
/// empty cells once a node, and took four tenths of a `generate` run).
fn try_fill_classic(rng: &mut impl Rng) -> Option<Vec<u8>> {
    const CELLS: usize = 81;
    const ALL: u16 = 0x1ff;
    let mut order: Vec<usize> = (0..CELLS).collect();
    order.shuffle(rng);
    // For the cell at each place in `order`: its row's, column's and
    // box's index into `used` (rows 0-8, columns 9-17, boxes 18-26).
    let houses: [[u8; 3]; CELLS] = std::array::from_fn(|place| {
        let cell = order[place];
        let (r, c) = (cell / 9, cell % 9);
        [r as u8, 9 + c as u8, 18 + (r / 3 * 3 + c / 3) as u8]
    });
    let mut used = [0u16; 27];
    // Digits by place in `order`, 0 for empty.
    let mut placed = [0u8; CELLS];
    // Places without a digit, as bits: the scan below visits only these.
    let mut empty: u128 = (1 << CELLS) - 1;
    // The search's frames: a place and the digits left to try there.
    let mut stack = [(0u8, 0u16); CELLS];
    let mut depth = 0;
    let mut dead_ends_left = 10 * CELLS + 100;
    let candidates = |used: &[u16; 27], place: usize| {
        let [r, c, b] = houses[place];
        ALL & !(used[r as usize] | used[c as usize] | used[b as usize])
    };
    let set = |used: &mut [u16; 27], place: usize, bit: u16| {
        for h in houses[place] {
            used[h as usize] ^= bit;
        }
    };
    loop {
        if depth == CELLS {
            let mut values = vec![0u8; CELLS];
            for (place, &cell) in order.iter().enumerate() {
                values[cell] = placed[place];
            }
            return Some(values);
        }
        // The first place with the fewest candidates, as the plain search
        // picks it: a place with at most one ends the scan. Counted by
        // table: `count_ones` is a dozen instructions on baseline x86-64
        // (no POPCNT), and this scan is most of a fill.
        let mut best: Option<(usize, u16)> = None;
        let mut fewest = u8::MAX;
        let mut open = empty;
        while open != 0 {
            let place = open.trailing_zeros() as usize;
            open &= open - 1;
            let cand = candidates(&used, place);
            let count = CANDIDATE_COUNT[cand as usize];
            if count < fewest {
                (best, fewest) = (Some((place, cand)), count);
                if count <= 1 {
                    break;
                }
            }
        }
        let (place, untried) = best?;
        stack[depth] = (place as u8, untried);
        depth += 1;
        loop {
            let (place, untried) = &mut stack[depth - 1];
            let place = *place as usize;
            if *untried == 0 {
                depth -= 1;
                dead_ends_left = dead_ends_left.checked_sub(1)?;
                let top = stack[..depth].last()?.0 as usize;
                set(&mut used, top, 1 << (placed[top] - 1));
                placed[top] = 0;
                empty |= 1 << top;
                continue;
            }
            let bit = nth_set_bit(
                u64::from(*untried),
                rng.random_range(0..untried.count_ones()),
            ) as u16;
            *untried &= !bit;
            set(&mut used, place, bit);
            placed[place] = bit.trailing_zeros() as u8 + 1;
            empty &= !(1 << place);
            break;
        }
    }
}

/// The number of digits in a 9x9 candidate mask.
const CANDIDATE_COUNT: [u8; 512] = {
    let mut t = [0; 512];
    let mut mask = 0;
    while mask < 512 {
        t[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    t
};

/// The `n`-th lowest set bit of `mask` (as a one-bit mask).
fn nth_set_bit(mut mask: u64, n: u32) -> u64 {
    for _ in 0..n {
        mask &= mask - 1;
    }
    mask & mask.wrapping_neg()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_classic_fill_deals_the_grids_of_the_plain_search() {
        // Same seed, same grid, same draws left: deals for a seed must not
        // change with the faster path.
        for seed in 0..300 {
            let mut plain_rng = ChaCha8Rng::seed_from_u64(seed);
            let mut classic_rng = plain_rng.clone();
            let plain = try_fill_plain(Shape::CLASSIC, &mut plain_rng);
            let classic = try_fill_classic(&mut classic_rng);
            assert_eq!(plain, classic, "seed {seed}");
            assert_eq!(plain_rng.random::<u64>(), classic_rng.random::<u64>());
        }
    }

    #[test]
    fn fills_hold_every_digit_once_in_every_house_of_every_variant() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut shapes = vec![
            Shape::latin(7).expect("latin"),
            Shape::sudoku(16).expect("16"),
        ];
        for &variant in &[
            Variant::X,
            Variant::Windoku,
            Variant::WindokuX,
            Variant::Jigsaw,
            Variant::JigsawX,
        ] {
            let rules = super::super::rules_for_deal(Shape::CLASSIC, variant, &mut rng);
            shapes.push(rules.expect("rules"));
        }
        for shape in shapes {
            for _ in 0..5 {
                let grid = random_full_grid(shape, &mut rng);
                let geo = geometry(shape);
                for house in &geo.house_cells {
                    let digits = house
                        .iter()
                        .fold(0u64, |m, &c| m | 1 << (grid[c as usize] - 1));
                    assert_eq!(
                        digits.count_ones() as usize,
                        house.len(),
                        "{shape}: {grid:?}"
                    );
                }
            }
        }
    }
}
