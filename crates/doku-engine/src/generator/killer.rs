//! Dealing killers: a random full grid cut into cages, the sums read off
//! the grid, then the layout changed until the puzzle has one solution and
//! the grade asked for.
//!
//! 1. **Cut**: cells in random order each start a cage that grows over
//!    random free neighbours to a drawn size (mostly 2 to 4 cells, a few 1s
//!    and 5s), never taking a digit the cage already holds; a cell left
//!    alone joins a neighbouring cage when it can.
//! 2. **Unique**: while a second solution exists, a cage where it differs
//!    from the grid is split in two (a smaller cage tells more), until one
//!    solution is left. Splits only add sums, so this always ends.
//! 3. **Harder**: neighbouring cages are merged in random order, each merge
//!    kept while the puzzle stays unique and no harder than the target: the
//!    grade climbs as cages grow, so the last layout is the hardest one at
//!    or under the target. On target, done; under it, another attempt.

use super::{full_grid, GenerateError, Generated};
use crate::board::Board;
use crate::grader::{grade_at_most, Difficulty, Grade, TRIAL_AND_ERROR};
use crate::killer::Cages;
use crate::shape::{Cell, Shape};
use crate::variant::MAX_KILLER_SIZE;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The largest cage a deal makes: five cells, as newspapers print them
/// (merges may reach [`MAX_MERGED_CAGE`]).
const MAX_CUT_CAGE: usize = 5;
/// The largest cage a merge makes.
const MAX_MERGED_CAGE: usize = 6;

/// Attempts (full grids) before a deal gives up on a difficulty.
pub const MAX_KILLER_ATTEMPTS: usize = 200;

/// Deals a killer on `shape` (its houses: classic, X or jigsaw; boxes of
/// any size up to [`MAX_KILLER_SIZE`]) with no givens, one solution, and
/// the grade `difficulty` (`None`: any grade, the first unique layout).
pub fn generate_killer(
    shape: Shape,
    difficulty: Option<Difficulty>,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let cancelled = || cancel.load(Ordering::Relaxed);
    let size = shape.size();
    if size > MAX_KILLER_SIZE {
        return Err(GenerateError::OutOfReach {
            size,
            difficulty: difficulty.unwrap_or(Difficulty::Easy),
            hardest: Difficulty::Easy,
        });
    }
    for _ in 0..MAX_KILLER_ATTEMPTS {
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let solution = full_grid(shape, rng);
        let mut layout = cut(&solution, rng);
        if !make_unique(&solution, &mut layout, rng, cancel) {
            continue;
        }
        let Some(target) = difficulty else {
            let puzzle = layout.board(&solution);
            return Ok(Generated {
                solution: solution.with_cages(puzzle.cages().cloned()),
                puzzle,
                grade: None,
            });
        };
        let at_most = |p: &Board| {
            grade_at_most(p, target, true)
                .filter(|g| g.difficulty <= target && g.hardest != TRIAL_AND_ERROR)
        };
        let Some(mut grade) = at_most(&layout.board(&solution)) else {
            continue; // already harder than the target
        };
        if grade.difficulty < target {
            grade = merge_up_to(&solution, &mut layout, grade, rng, cancel, &at_most);
        }
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        if grade.difficulty == target {
            let puzzle = layout.board(&solution);
            return Ok(Generated {
                solution: solution.with_cages(puzzle.cages().cloned()),
                puzzle,
                grade: Some(grade),
            });
        }
    }
    Err(GenerateError::GaveUp {
        size,
        difficulty: difficulty.unwrap_or(Difficulty::Easy),
        symmetry: super::Symmetry::None,
        attempts: MAX_KILLER_ATTEMPTS,
    })
}

/// A layout: which cage each cell is in (cage numbers need not be dense).
#[derive(Clone, Debug)]
struct Layout {
    shape: Shape,
    cage_of: Vec<usize>,
}

impl Layout {
    fn cages(&self) -> Vec<Vec<Cell>> {
        let mut by_cage: Vec<Vec<Cell>> = vec![Vec::new(); self.cage_of.len()];
        for (cell, &cage) in self.cage_of.iter().enumerate() {
            by_cage[cage].push(Cell(cell as u16));
        }
        by_cage.retain(|cells| !cells.is_empty());
        by_cage
    }

    /// The puzzle: no givens, these cages, sums from `solution`.
    fn board(&self, solution: &Board) -> Board {
        let cages = self.cages().into_iter().map(|cells| {
            let sum = cells
                .iter()
                .map(|&c| solution.values()[c.index()] as u32)
                .sum();
            (cells, Some(sum))
        });
        let cages = Cages::new(self.shape, cages)
            .unwrap_or_else(|e| unreachable!("a dealt layout is valid: {e}"));
        Board::empty(self.shape).with_cages(Some(Arc::new(cages)))
    }

    fn cells_of(&self, cage: usize) -> Vec<usize> {
        (0..self.cage_of.len())
            .filter(|&c| self.cage_of[c] == cage)
            .collect()
    }
}

/// The orthogonal neighbours of a cell.
fn neighbours(shape: Shape, cell: usize) -> impl Iterator<Item = usize> {
    let n = shape.size();
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

/// A cage size drawn as newspapers print them: mostly 2 to 4 cells.
fn drawn_size(rng: &mut impl Rng) -> usize {
    match rng.random_range(0..100) {
        0..4 => 1,
        4..34 => 2,
        34..69 => 3,
        69..91 => 4,
        _ => MAX_CUT_CAGE,
    }
}

/// Step 1: cut the grid into cages (see the module notes).
fn cut(solution: &Board, rng: &mut impl Rng) -> Layout {
    let shape = solution.shape();
    let values = solution.values();
    let cells = shape.cell_count();
    let mut cage_of = vec![usize::MAX; cells];
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(rng);
    let mut next_cage = 0;
    for &start in &order {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let goal = drawn_size(rng);
        let cage = next_cage;
        next_cage += 1;
        cage_of[start] = cage;
        let mut members = vec![start];
        let mut digits = 1u64 << values[start];
        while members.len() < goal {
            let mut frontier: Vec<usize> = members
                .iter()
                .flat_map(|&m| neighbours(shape, m))
                .filter(|&nb| cage_of[nb] == usize::MAX && digits & (1u64 << values[nb]) == 0)
                .collect();
            frontier.sort_unstable();
            frontier.dedup();
            let Some(&pick) = frontier.choose(rng) else {
                break;
            };
            cage_of[pick] = cage;
            members.push(pick);
            digits |= 1u64 << values[pick];
        }
    }
    let mut layout = Layout { shape, cage_of };
    // Lone cells join a neighbouring cage that can take their digit.
    for cell in 0..cells {
        let cage = layout.cage_of[cell];
        if layout.cells_of(cage).len() != 1 || rng.random_range(0..4) == 0 {
            continue;
        }
        let mut options: Vec<usize> = neighbours(shape, cell)
            .map(|nb| layout.cage_of[nb])
            .filter(|&other| {
                let members = layout.cells_of(other);
                members.len() < MAX_CUT_CAGE && members.iter().all(|&m| values[m] != values[cell])
            })
            .collect();
        options.sort_unstable();
        options.dedup();
        if let Some(&other) = options.choose(rng) {
            layout.cage_of[cell] = other;
        }
    }
    layout
}

/// Step 2: split cages where a second solution differs until the puzzle
/// has one solution. `false` if cancelled (or no split is left, which
/// cannot happen: all single cells make the grid its own puzzle).
fn make_unique(
    solution: &Board,
    layout: &mut Layout,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> bool {
    let shape = layout.shape;
    let mut fresh_cage = layout.cage_of.len();
    loop {
        if cancel.load(Ordering::Relaxed) {
            return false;
        }
        let puzzle = layout.board(solution);
        let Some(other) = other_solution(&puzzle, solution) else {
            return true;
        };
        // Cages where the other solution differs, that can still be split.
        let mut splittable: Vec<usize> = (0..layout.cage_of.len())
            .filter(|&c| other.values()[c] != solution.values()[c])
            .map(|c| layout.cage_of[c])
            .filter(|&cage| layout.cells_of(cage).len() > 1)
            .collect();
        splittable.sort_unstable();
        splittable.dedup();
        let Some(&cage) = splittable.choose(rng) else {
            return false;
        };
        // Grow one part from a random cell to about half the cage; the rest
        // falls into its connected pieces, each a cage of its own.
        let members = layout.cells_of(cage);
        let half = members.len() / 2;
        let mut part = vec![*members.choose(rng).unwrap_or(&members[0])];
        while part.len() < half.max(1) {
            let frontier: Vec<usize> = part
                .iter()
                .flat_map(|&m| neighbours(shape, m))
                .filter(|nb| members.contains(nb) && !part.contains(nb))
                .collect();
            let Some(&pick) = frontier.choose(rng) else {
                break;
            };
            part.push(pick);
        }
        for &cell in &part {
            layout.cage_of[cell] = fresh_cage;
        }
        fresh_cage += 1;
        let rest: Vec<usize> = members.into_iter().filter(|c| !part.contains(c)).collect();
        for piece in pieces(shape, &rest) {
            for cell in piece {
                layout.cage_of[cell] = fresh_cage;
            }
            fresh_cage += 1;
        }
        if fresh_cage >= usize::MAX / 2 {
            return false;
        }
        // Cage numbers only grow: squeeze them back into 0..cells.
        compact(layout);
        fresh_cage = layout.cage_of.len();
    }
}

/// Renumbers the cages from 0 up.
fn compact(layout: &mut Layout) {
    let mut renumber = std::collections::HashMap::new();
    for cage in layout.cage_of.iter_mut() {
        let next = renumber.len();
        *cage = *renumber.entry(*cage).or_insert(next);
    }
}

/// The connected pieces of a set of cells.
fn pieces(shape: Shape, cells: &[usize]) -> Vec<Vec<usize>> {
    let mut left: Vec<usize> = cells.to_vec();
    let mut out = Vec::new();
    while let Some(start) = left.pop() {
        let mut piece = vec![start];
        let mut i = 0;
        while i < piece.len() {
            let at = piece[i];
            for nb in neighbours(shape, at) {
                if let Some(k) = left.iter().position(|&c| c == nb) {
                    piece.push(left.swap_remove(k));
                }
            }
            i += 1;
        }
        out.push(piece);
    }
    out
}

/// A solution of `puzzle` other than `solution`, if there is one.
fn other_solution(puzzle: &Board, solution: &Board) -> Option<Board> {
    let cages = puzzle.cages()?;
    crate::killer::search::other_solution(puzzle, cages, solution.values())
}

/// Step 3: merges neighbouring cages while the puzzle stays unique and no
/// harder than the target; returns the last layout's grade.
fn merge_up_to(
    solution: &Board,
    layout: &mut Layout,
    mut grade: Grade,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
    at_most: &impl Fn(&Board) -> Option<Grade>,
) -> Grade {
    let shape = layout.shape;
    let values = solution.values();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for cell in 0..layout.cage_of.len() {
        for nb in neighbours(shape, cell) {
            if nb > cell {
                pairs.push((cell, nb));
            }
        }
    }
    pairs.shuffle(rng);
    for (a, b) in pairs {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        let (ca, cb) = (layout.cage_of[a], layout.cage_of[b]);
        if ca == cb {
            continue;
        }
        let (ma, mb) = (layout.cells_of(ca), layout.cells_of(cb));
        if ma.len() + mb.len() > MAX_MERGED_CAGE
            || ma
                .iter()
                .any(|&x| mb.iter().any(|&y| values[x] == values[y]))
        {
            continue;
        }
        let before = layout.cage_of.clone();
        for &cell in &mb {
            layout.cage_of[cell] = ca;
        }
        let puzzle = layout.board(solution);
        let verdict = other_solution(&puzzle, solution)
            .is_none()
            .then(|| at_most(&puzzle))
            .flatten();
        match verdict {
            Some(g) => grade = g,
            None => layout.cage_of = before,
        }
    }
    grade
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn dealt_killers_have_one_solution_and_newspaper_cages() {
        for seed in 0..5 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let dealt = generate_killer(Shape::CLASSIC, None, &mut rng, &AtomicBool::new(false))
                .expect("a killer");
            assert_eq!(dealt.puzzle.filled_count(), 0, "no givens");
            assert_eq!(dealt.puzzle.count_solutions_up_to(2), 1, "seed {seed}");
            assert!(dealt.solution.is_solved());
            let cages = dealt.puzzle.cages().expect("cages");
            assert!(cages.cover_the_board());
            let sizes: Vec<usize> = cages.iter().map(|c| c.len()).collect();
            assert!(
                sizes.iter().all(|&s| (1..=MAX_MERGED_CAGE).contains(&s)),
                "{sizes:?}"
            );
        }
    }

    #[test]
    fn a_seed_deals_the_same_killer() {
        let deal = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            generate_killer(Shape::CLASSIC, None, &mut rng, &AtomicBool::new(false))
                .expect("a killer")
                .puzzle
        };
        assert_eq!(deal(7), deal(7));
        assert_ne!(deal(7), deal(8));
    }
}
