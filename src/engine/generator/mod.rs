//! Dealing puzzles: a random full grid, then givens removed in random order
//! (whole symmetry orbits at a time) for as long as the solution stays
//! unique, until the puzzle has the difficulty asked for.
//!
//! How a difficulty is reached (the grader decides; the generator never
//! returns a puzzle whose grade differs from the request):
//! - below expert, a removal that would make the puzzle harder than asked is
//!   put back, so the carving ends at a puzzle no harder than the target with
//!   no removable orbit left; it is returned if its grade is exactly the
//!   target (an easy target always is);
//! - expert (and `any`), the carving takes every removal that keeps the
//!   solution unique; the result is kept if its grade matches.
//!
//! A full grid serves several carvings (each in a fresh random order) before
//! a new one is drawn, because the fill costs more than a carving on large
//! boards and a grid rarely decides the grade by itself.

mod fill;
mod symmetry;

pub use symmetry::Symmetry;

use super::board::Board;
use super::grader::{grade, Difficulty, Grade};
use super::shape::Shape;
use super::solver::{Solver, Step, Strategy};
use rand::seq::SliceRandom;
use rand::Rng;

/// A dealt puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The givens.
    pub puzzle: Board,
    /// Its only solution.
    pub solution: Board,
    /// The grader's verdict, when a difficulty was asked for (`any` skips
    /// grading, which costs more than dealing on large boards).
    pub grade: Option<Grade>,
}

#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GenerateError {
    #[error(
        "no {difficulty} puzzle of size {size} with {symmetry} symmetry turned up in {attempts} \
         attempts; boards this small rarely need {difficulty} techniques: choose an easier \
         difficulty, a larger size or --symmetry none"
    )]
    GaveUp {
        size: usize,
        difficulty: Difficulty,
        symmetry: Symmetry,
        attempts: usize,
    },
}

/// How many carvings `generate` tries before it gives up on a difficulty.
pub const MAX_ATTEMPTS: usize = 1000;

/// Carvings per full grid before a new grid is drawn.
const CARVINGS_PER_GRID: usize = 4;

/// Deals a puzzle of `shape` with exactly one solution, givens symmetric
/// under `symmetry`, graded exactly `difficulty` (`None`: any grade; the
/// first unique puzzle). Fails only when [`MAX_ATTEMPTS`] carvings miss the
/// difficulty, which happens for targets a small board cannot reach.
pub fn generate(
    shape: Shape,
    difficulty: Option<Difficulty>,
    symmetry: Symmetry,
    rng: &mut impl Rng,
) -> Result<Generated, GenerateError> {
    let mut orbits = symmetry.orbits(shape);
    let mut solution = Board::empty(shape);
    for attempt in 0..MAX_ATTEMPTS {
        if attempt % CARVINGS_PER_GRID == 0 {
            solution = full_grid(shape, rng);
        }
        orbits.shuffle(rng);
        let puzzle = carve(&solution, &orbits, difficulty);
        let Some(target) = difficulty else {
            return Ok(Generated {
                puzzle,
                solution,
                grade: None,
            });
        };
        let verdict = grade(&puzzle);
        if verdict.difficulty == target {
            return Ok(Generated {
                puzzle,
                solution,
                grade: Some(verdict),
            });
        }
    }
    Err(GenerateError::GaveUp {
        size: shape.size(),
        difficulty: difficulty.unwrap_or(Difficulty::Expert),
        symmetry,
        attempts: MAX_ATTEMPTS,
    })
}

/// A uniformly shuffled solved grid of `shape` (see [`fill`]).
pub fn full_grid(shape: Shape, rng: &mut impl Rng) -> Board {
    let values = fill::random_full_grid(shape, rng);
    Board::from_values(shape, values).unwrap_or_else(|| unreachable!("the fill fits its shape"))
}

/// Step budget of one uniqueness check on boards without the 9x9 fast path.
/// The generic solver (MRV with singles) settles most checks in a few
/// thousand steps, but on 20x20 and 25x25 boards near the end of the carving
/// a single check can run to millions of steps (tens of seconds). A check
/// that runs out of budget refuses the removal: the puzzle keeps a given it
/// might not need and stays provably unique. The budget counts steps, not
/// time, so a seed deals the same puzzle on every machine.
pub const UNIQUENESS_STEP_BUDGET: u64 = 20_000;

/// Whether `puzzle` provably has exactly one solution (see
/// [`UNIQUENESS_STEP_BUDGET`]).
fn proven_unique(puzzle: &Board) -> bool {
    if puzzle.shape() == Shape::CLASSIC {
        return puzzle.is_uniquely_solvable();
    }
    let mut solutions = 0;
    for step in Solver::new(puzzle, Strategy::Mrv).with_step_limit(UNIQUENESS_STEP_BUDGET) {
        match step {
            Step::Solution(_) => {
                solutions += 1;
                if solutions > 1 {
                    return false;
                }
            }
            Step::LimitReached => return false,
            _ => {}
        }
    }
    solutions == 1
}

/// Removes the orbits in the order given, each only if the solution stays
/// unique and (below expert) the grade stays at most `target`.
fn carve(solution: &Board, orbits: &[Vec<u16>], target: Option<Difficulty>) -> Board {
    let mut puzzle = solution.clone();
    let cap = target.filter(|&t| t < Difficulty::Expert);
    for orbit in orbits {
        let removed: Vec<_> = orbit
            .iter()
            .map(|&c| (c, puzzle.values()[c as usize]))
            .collect();
        for &(cell, _) in &removed {
            puzzle.set(super::Cell(cell), None);
        }
        let keep = proven_unique(&puzzle) && cap.is_none_or(|cap| grade(&puzzle).difficulty <= cap);
        if !keep {
            for &(cell, value) in &removed {
                puzzle.set(super::Cell(cell), super::Digit::new(value));
            }
        }
    }
    puzzle
}
