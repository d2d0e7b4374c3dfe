//! The seam of the killer deal: the game's deal thread calls
//! [`deal_killer`] for `killer` and `killer,x` (the `v` key, `--variant
//! killer`) and nothing else about a killer deal lives in the app.
//!
//! Until `doku_engine::generator::killer` deals killers of its own (no
//! givens, cages changed until unique at the level asked), this stands in:
//! a classic deal of the rules (unique by its givens), cut into cages of
//! one to five cells over its solution, with their sums. A playable killer,
//! if an easy one. Wiring the engine's deal is one word: `generate_killer`
//! for `stand_in` in [`deal_killer`] (the retries, the notes and the
//! cancelling are the classic deal's, in `deal_with`).

use super::{deal_with, Dealt, Generation};
use crate::engine::generator::{generate_unless_cancelled, Generated, Symmetry};
use crate::engine::grader::Difficulty;
use crate::engine::{Board, Cages, Cell, Shape};
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A killer on `rules` (the houses: classic, or X for `killer,x`) at
/// `difficulty`, or `None` once `cancel` is set.
pub(super) fn deal_killer(
    rules: Shape,
    difficulty: Difficulty,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Option<Dealt> {
    // The wire: `crate::engine::generator::generate_killer` in place of
    // `stand_in` (same arguments, same answer).
    deal_with(rules, difficulty, rng, cancel, stand_in)
}

/// A classic deal of `rules` with cages cut over its solution.
fn stand_in(
    rules: Shape,
    difficulty: Option<Difficulty>,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Generation {
    let generated = generate_unless_cancelled(rules, difficulty, Symmetry::Rotate180, rng, cancel)?;
    let Some(cages) = cages_over(&generated.solution, rng) else {
        // Unreachable: cages grown over a grid always read back.
        return Ok(generated);
    };
    let cages = Some(Arc::new(cages));
    Ok(Generated {
        puzzle: generated.puzzle.with_cages(cages.clone()),
        solution: generated.solution.with_cages(cages),
        ..generated
    })
}

/// Cages over a filled grid: grown from the cells in a random order, each
/// to a size of mostly two to four cells, a cell joining only where its
/// digit is not in the cage yet; the sums are the grid's.
fn cages_over(solution: &Board, rng: &mut impl Rng) -> Option<Cages> {
    let shape = solution.shape();
    let n = shape.size();
    let mut cage_of: Vec<Option<usize>> = vec![None; shape.cell_count()];
    let mut cages: Vec<Vec<Cell>> = Vec::new();
    let mut order: Vec<Cell> = shape.cells().collect();
    order.shuffle(rng);
    for start in order {
        if cage_of[start.index()].is_some() {
            continue;
        }
        let wanted = match rng.random_range(0..20) {
            0 => 1,
            1..=6 => 2,
            7..=13 => 3,
            14..=18 => 4,
            _ => 5,
        };
        let index = cages.len();
        let mut cells = vec![start];
        cage_of[start.index()] = Some(index);
        while cells.len() < wanted.min(n) {
            let digits: Vec<_> = cells.iter().map(|&c| solution.get(c)).collect();
            let mut next: Vec<Cell> = Vec::new();
            for &c in &cells {
                let (r, col) = (shape.row(c), shape.col(c));
                let around = [
                    (r.wrapping_sub(1), col),
                    (r + 1, col),
                    (r, col.wrapping_sub(1)),
                    (r, col + 1),
                ];
                for (rr, cc) in around {
                    if rr >= n || cc >= n {
                        continue;
                    }
                    let other = shape.cell(rr, cc);
                    if cage_of[other.index()].is_none()
                        && !digits.contains(&solution.get(other))
                        && !next.contains(&other)
                    {
                        next.push(other);
                    }
                }
            }
            let Some(&joining) = next.choose(rng) else {
                break;
            };
            cage_of[joining.index()] = Some(index);
            cells.push(joining);
        }
        cages.push(cells);
    }
    let with_sums = cages.into_iter().map(|cells| {
        let sum: u32 = cells
            .iter()
            .filter_map(|&c| solution.get(c))
            .map(|d| u32::from(d.get()))
            .sum();
        (cells, Some(sum))
    });
    Cages::new(shape, with_sums).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn the_stand_in_deals_a_unique_killer_its_solution_keeps() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let never = AtomicBool::new(false);
        let dealt =
            deal_killer(Shape::CLASSIC, Difficulty::Easy, &mut rng, &never).expect("a killer");
        assert!(dealt.puzzle.is_killer());
        let cages = dealt.puzzle.cages().expect("cages");
        assert!(cages.cover_the_board());
        assert!(cages.iter().all(|c| (1..=5).contains(&c.len())));
        let solution = dealt.solution.expect("its solution");
        assert!(solution.is_solved(), "the sums are the solution's");
        assert_eq!(dealt.puzzle.count_solutions_up_to(2), 1);
    }
}
