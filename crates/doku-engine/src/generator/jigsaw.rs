//! Random jigsaw layouts: `size` connected regions of `size` cells each,
//! drawn fresh for every deal. A layout starts from the standard boxes (rows
//! where a size has none) and is reshaped by many random trades of cells
//! between neighbouring regions, each kept only if both regions stay in one
//! piece; a layout no grid can fill is thrown away.

use super::fill::try_full_grid;
use crate::shape::{Cell, Shape, ShapeError, MAX_JIGSAW_SIZE};
use crate::variant::Variant;
use rand::Rng;

/// Trades tried per cell: enough that no trace of the starting boxes is left.
const TRADES_PER_CELL: usize = 40;

/// Randomised fills tried on a starting shape before it is given up.
const FILL_TRIES: usize = 64;

/// The rules of a fresh deal of `variant` on `base` (a sudoku or Latin
/// shape of the size wanted): a new random layout for a jigsaw, the
/// variant's extra houses otherwise.
pub fn rules_for_deal(
    base: Shape,
    variant: Variant,
    rng: &mut impl Rng,
) -> Result<Shape, ShapeError> {
    let shape = if variant.is_jigsaw() {
        random_layout(base.size(), variant.has_diagonals(), rng)?
    } else {
        base.without_extras()
    };
    let shape = if variant.has_windows() {
        shape.with_windows()?
    } else {
        shape
    };
    Ok(if variant.has_diagonals() {
        shape.with_diagonals()
    } else {
        shape
    })
}

/// A random jigsaw of `size` (4 to 16) that some grid fills.
pub fn random_jigsaw(size: usize, rng: &mut impl Rng) -> Result<Shape, ShapeError> {
    random_layout(size, false, rng)
}

/// A random jigsaw layout (regions only, no extras) that a grid obeying
/// the diagonals too fills when `diagonals` is set.
///
/// The layout grows from a filled grid: it starts as the boxes (or the
/// rows) of a grid that is filled first, and every trade swaps two cells
/// of the same digit between neighbouring regions, so each region keeps
/// every digit and that grid stays a solution: every layout drawn can be
/// dealt on, with no fill to try and throw away.
fn random_layout(size: usize, diagonals: bool, rng: &mut impl Rng) -> Result<Shape, ShapeError> {
    if !(4..=MAX_JIGSAW_SIZE).contains(&size) {
        return Err(ShapeError::JigsawSize { size });
    }
    let start = Shape::sudoku(size).or_else(|_| Shape::latin(size))?;
    let start = if diagonals {
        start.with_diagonals()
    } else {
        start
    };
    let mut grid = loop {
        if let Some(grid) = try_full_grid(start, rng, FILL_TRIES) {
            break grid;
        }
    };
    let mut regions = starting_regions(size);
    for round in 1.. {
        trade(size, &grid, &mut regions, rng);
        let shape = Shape::jigsaw(size, &regions)?;
        if round >= ROUNDS && shape.is_jigsaw() {
            return Ok(shape);
        }
        // One grid allows only the trades of its own same-digit pairs: a
        // fresh grid of the layout so far opens others, so the regions
        // drift further from the boxes they started as.
        let rules = if diagonals {
            shape.with_diagonals()
        } else {
            shape
        };
        if let Some(fresh) = try_full_grid(rules, rng, FILL_TRIES) {
            grid = fresh;
        }
    }
    // `1..` runs until a round returns.
    Err(ShapeError::JigsawSize { size })
}

/// Rounds of trades, each on a fresh grid of the layout so far.
const ROUNDS: usize = 4;

/// The boxes of a sudoku size, the rows of any other.
fn starting_regions(size: usize) -> Vec<u8> {
    let start = Shape::sudoku(size).ok();
    (0..size * size)
        .map(|c| match start {
            Some(shape) => shape.box_of(Cell(c as u16)).unwrap_or(0) as u8,
            None => (c / size) as u8,
        })
        .collect()
}

/// Random trades on `region` (connected regions of `size` cells, each
/// holding every digit of `grid` once), keeping both properties.
fn trade(size: usize, grid: &[u8], region: &mut [u8], rng: &mut impl Rng) {
    let cells = size * size;
    let neighbours = |c: usize| {
        let (r, col) = (c / size, c % size);
        [
            (r > 0).then(|| c - size),
            (r + 1 < size).then(|| c + size),
            (col > 0).then(|| c - 1),
            (col + 1 < size).then(|| c + 1),
        ]
        .into_iter()
        .flatten()
    };
    // Where each digit is: a trade looks for the cell of `a`'s digit in
    // the region `a` goes to.
    let mut cells_of_digit = vec![Vec::new(); size + 1];
    for (c, &d) in grid.iter().enumerate() {
        cells_of_digit[d as usize].push(c);
    }
    for _ in 0..TRADES_PER_CELL * cells {
        // A cell `a` of region A next to region B goes to B, and B's cell
        // of the same digit goes to A, if it touches A once `a` has gone.
        let a = rng.random_range(0..cells);
        let towards: Vec<usize> = neighbours(a).filter(|&n| region[n] != region[a]).collect();
        if towards.is_empty() {
            continue;
        }
        let (from, to) = (
            region[a],
            region[towards[rng.random_range(0..towards.len())]],
        );
        let Some(&b) = cells_of_digit[grid[a] as usize]
            .iter()
            .find(|&&c| region[c] == to)
        else {
            continue;
        };
        region[a] = to;
        region[b] = from;
        let touches = neighbours(b).any(|n| region[n] == from);
        if !touches || !connected(region, size, from) || !connected(region, size, to) {
            region[a] = from;
            region[b] = to;
        }
    }
}

/// Whether the cells of `which` form one piece.
fn connected(region: &[u8], size: usize, which: u8) -> bool {
    let Some(start) = region.iter().position(|&r| r == which) else {
        return true;
    };
    let mut seen = vec![false; region.len()];
    let mut stack = vec![start];
    seen[start] = true;
    let mut reached = 1;
    while let Some(c) = stack.pop() {
        let (r, col) = (c / size, c % size);
        let next = [
            (r > 0).then(|| c - size),
            (r + 1 < size).then(|| c + size),
            (col > 0).then(|| c - 1),
            (col + 1 < size).then(|| c + 1),
        ];
        for n in next.into_iter().flatten() {
            if !seen[n] && region[n] == which {
                seen[n] = true;
                reached += 1;
                stack.push(n);
            }
        }
    }
    reached == region.iter().filter(|&&r| r == which).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn layouts_are_valid_fresh_and_fillable() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for size in [4, 5, 6, 7, 9, 12] {
            let a = random_jigsaw(size, &mut rng).expect("a layout");
            let b = random_jigsaw(size, &mut rng).expect("a layout");
            assert!(a.is_jigsaw() && b.is_jigsaw());
            assert_ne!(a, b, "two draws of {size}x{size} gave one layout");
            let solved = crate::Board::empty(a).solution().expect("a grid fills it");
            assert!(solved.is_solved());
        }
    }

    #[test]
    fn a_seed_draws_the_same_layout() {
        let draw = |seed| random_jigsaw(9, &mut ChaCha8Rng::seed_from_u64(seed)).expect("layout");
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4));
    }
}
