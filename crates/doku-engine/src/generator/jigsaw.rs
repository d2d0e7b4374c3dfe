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

/// Randomised fills tried on a layout before it is dropped.
const FILL_TRIES: usize = 4;

/// The rules of a fresh deal of `variant` on `base` (a sudoku or Latin
/// shape of the size wanted): a new random layout for a jigsaw, the
/// variant's extra houses otherwise.
pub fn rules_for_deal(
    base: Shape,
    variant: Variant,
    rng: &mut impl Rng,
) -> Result<Shape, ShapeError> {
    let base = if variant.is_jigsaw() {
        random_jigsaw(base.size(), rng)?
    } else {
        base.without_extras()
    };
    let mut shape = if variant.has_windows() {
        base.with_windows()?
    } else {
        base
    };
    if variant.has_diagonals() {
        shape = shape.with_diagonals();
    }
    if !variant.is_jigsaw() || !variant.has_diagonals() {
        return Ok(shape);
    }
    // A jigsaw X layout must also leave room for the diagonals: draw
    // again until a grid fills it.
    for _ in 0..64 {
        if try_full_grid(shape, rng, FILL_TRIES).is_some() {
            return Ok(shape);
        }
        shape = random_jigsaw(base.size(), rng)?.with_diagonals();
    }
    Ok(shape)
}

/// A random jigsaw of `size` (4 to 16) that some grid fills.
pub fn random_jigsaw(size: usize, rng: &mut impl Rng) -> Result<Shape, ShapeError> {
    if !(4..=MAX_JIGSAW_SIZE).contains(&size) {
        return Err(ShapeError::JigsawSize { size });
    }
    loop {
        let regions = random_regions(size, rng);
        let shape = Shape::jigsaw(size, &regions)?;
        if !shape.is_jigsaw() {
            continue; // the trades came back to the plain boxes
        }
        if try_full_grid(shape, rng, FILL_TRIES).is_some() {
            return Ok(shape);
        }
    }
}

/// A region map: `size` connected regions of `size` cells.
fn random_regions(size: usize, rng: &mut impl Rng) -> Vec<u8> {
    let cells = size * size;
    let start = Shape::sudoku(size).ok();
    let mut region: Vec<u8> = (0..cells)
        .map(|c| match start {
            Some(shape) => shape.box_of(Cell(c as u16)).unwrap_or(0) as u8,
            None => (c / size) as u8,
        })
        .collect();
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
    for _ in 0..TRADES_PER_CELL * cells {
        // A cell `a` of region A next to region B goes to B, and a cell `b`
        // of B next to A (after the move) goes to A.
        let a = rng.random_range(0..cells);
        let towards: Vec<usize> = neighbours(a).filter(|&n| region[n] != region[a]).collect();
        if towards.is_empty() {
            continue;
        }
        let (from, to) = (
            region[a],
            region[towards[rng.random_range(0..towards.len())]],
        );
        region[a] = to;
        let back: Vec<usize> = (0..cells)
            .filter(|&c| c != a && region[c] == to && neighbours(c).any(|n| region[n] == from))
            .collect();
        if back.is_empty() {
            region[a] = from;
            continue;
        }
        let b = back[rng.random_range(0..back.len())];
        region[b] = from;
        if !connected(&region, size, from) || !connected(&region, size, to) {
            region[a] = from;
            region[b] = to;
        }
    }
    region
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
