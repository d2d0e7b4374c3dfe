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
//!    kept while the puzzle stays unique (a uniqueness check, no grading).
//!    Larger cages tell less, so the grade climbs along this chain of
//!    layouts: a binary search grades a few of them to find the last one
//!    no harder than the target. On target, done.
//! 4. **Sideways**: where the chain's next merge jumps past the target
//!    (hard to extreme is common), a few other merges of the last layout
//!    on target's side are graded too; else another attempt.
//!
//! Grades leave out the nested forcing chains (`grade_killer_deal`): one
//! can take minutes on a killer with no givens.

use super::{full_grid, GenerateError, Generated};
use crate::board::Board;
use crate::grader::{grade_killer_deal, Difficulty, TRIAL_AND_ERROR};
use crate::killer::Cages;
use crate::shape::{Cell, Shape};
use crate::variant::MAX_DEALT_KILLER_SIZE;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The largest cage a deal makes: five cells, as newspapers print them
/// (merges may reach [`MAX_MERGED_CAGE`]).
const MAX_CUT_CAGE: usize = 5;
/// The largest cage a merge makes.
const MAX_MERGED_CAGE: usize = 5;

/// Merges stop at one cage per this many cells on average (25 on a 9x9,
/// as printed killers have 25 to 35): past it a proof of uniqueness costs
/// far more, and the puzzles are no fun to start.
const CELLS_PER_CAGE_AT_MOST: f64 = 3.3;

/// The largest cage a merge makes for an expert or extreme killer: the
/// harder printed killers have larger cages. (Merging on past the floor
/// above instead made deals several times slower: uniqueness proofs and
/// grades of sparser layouts cost far more.)
const MAX_HARD_MERGED_CAGE: usize = 6;

/// The largest cage a merge makes, for the hardest tiers or the others.
fn largest_cage(hardest: bool) -> usize {
    if hardest {
        MAX_HARD_MERGED_CAGE
    } else {
        MAX_MERGED_CAGE
    }
}

/// Other merges tried at a boundary where the grade jumps past the target.
const SIDEWAYS_TRIES: usize = 6;

/// Attempts (full grids) before a deal gives up on a difficulty.
pub const MAX_KILLER_ATTEMPTS: usize = 200;

/// Deals a killer on `shape` (its houses: classic, X or jigsaw; boxes of
/// any size up to [`MAX_DEALT_KILLER_SIZE`]) with no givens, one solution, and
/// the grade `difficulty` (`None`: any grade, the layout with the fewest
/// cages that the merges reach).
pub fn generate_killer(
    shape: Shape,
    difficulty: Option<Difficulty>,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let cancelled = || cancel.load(Ordering::Relaxed);
    let size = shape.size();
    if size > MAX_DEALT_KILLER_SIZE {
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
        // Without a target, the last layout of the chain: the fewest cages.
        let hardest = difficulty.is_none_or(|d| d >= Difficulty::Expert);
        let chain = merge_chain(&solution, &layout, hardest, rng, cancel);
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        let Some(target) = difficulty else {
            let puzzle = chain[chain.len() - 1].board(&solution);
            return Ok(Generated {
                solution: solution.with_cages(puzzle.cages().cloned()),
                puzzle,
                grade: None,
            });
        };
        let at_most = |p: &Board| {
            grade_killer_deal(p, target)
                .filter(|g| g.difficulty <= target && g.hardest != TRIAL_AND_ERROR)
        };
        // Merges only make a killer harder, so the chain of layouts from
        // the split one to the most merged runs from easiest to hardest:
        // a binary search finds the last one no harder than the target.
        let Some(first) = at_most(&chain[0].board(&solution)) else {
            continue; // already harder than the target
        };
        let (mut easy_end, mut hard_end) = (0, chain.len());
        let mut easy_grade = first;
        while hard_end - easy_end > 1 {
            if cancelled() {
                return Err(GenerateError::Cancelled);
            }
            let mid = (easy_end + hard_end) / 2;
            match at_most(&chain[mid].board(&solution)) {
                Some(grade) => {
                    easy_end = mid;
                    easy_grade = grade;
                }
                None => hard_end = mid,
            }
        }
        let mut found = (easy_grade.difficulty == target).then(|| chain[easy_end].clone());
        // At a boundary inside the chain (its next merge passed the target)
        // the grade often jumps a tier (hard to extreme: the chains that
        // would make it expert rarely see the cages): other merges of the
        // same layout, each one step harder, may land on the target.
        if found.is_none() && easy_end + 1 < chain.len() {
            for other in other_merges(
                &solution,
                &chain[easy_end],
                largest_cage(hardest),
                SIDEWAYS_TRIES,
                rng,
            ) {
                if cancelled() {
                    return Err(GenerateError::Cancelled);
                }
                if let Some(grade) = at_most(&other.board(&solution)) {
                    if grade.difficulty == target {
                        easy_grade = grade;
                        found = Some(other);
                        break;
                    }
                }
            }
        }
        if let Some(layout) = found {
            let puzzle = layout.board(&solution);
            return Ok(Generated {
                solution: solution.with_cages(puzzle.cages().cloned()),
                puzzle,
                grade: Some(easy_grade),
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

/// A dealt killer with `count` of its solution's digits shown as givens,
/// for a first killer: one cell in each of `count` cages drawn at random
/// (never two in a cage, so every given helps a different sum), as far as
/// the cages go. Givens only add to a puzzle: it keeps its one solution
/// and grows no harder; the grade is taken again.
pub fn with_killer_givens(dealt: Generated, count: usize, rng: &mut impl Rng) -> Generated {
    let Some(cages) = dealt.puzzle.cages().cloned() else {
        return dealt;
    };
    let mut picks: Vec<Cell> = cages
        .iter()
        .filter_map(|cage| cage.cells().choose(rng).copied())
        .collect();
    picks.shuffle(rng);
    let mut values = dealt.puzzle.values().to_vec();
    for cell in picks.into_iter().take(count) {
        values[cell.index()] = dealt.solution.values()[cell.index()];
    }
    let puzzle = dealt
        .puzzle
        .with_values(values)
        .unwrap_or_else(|| unreachable!("the solution's digits fit"));
    let grade = dealt
        .grade
        .map(|g| grade_killer_deal(&puzzle, g.difficulty).unwrap_or(g));
    Generated {
        puzzle,
        solution: dealt.solution,
        grade,
    }
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
    crate::killer_search::other_solution(puzzle, cages, solution.values())
}

/// Up to `tries` layouts that each merge two neighbouring cages of
/// `layout` (within the size a merge may reach, never a digit twice) and
/// keep one solution, in random order.
fn other_merges(
    solution: &Board,
    layout: &Layout,
    largest: usize,
    tries: usize,
    rng: &mut impl Rng,
) -> Vec<Layout> {
    let shape = layout.shape;
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for cell in 0..layout.cage_of.len() {
        for nb in neighbours(shape, cell) {
            let (a, b) = (layout.cage_of[cell], layout.cage_of[nb]);
            if a < b {
                pairs.push((a, b));
            }
        }
    }
    pairs.sort_unstable();
    pairs.dedup();
    pairs.shuffle(rng);
    let mut out = Vec::new();
    for (a, b) in pairs {
        if out.len() == tries {
            break;
        }
        if let Some(merged) = unique_merge(solution, layout, (a, b), largest) {
            out.push(merged);
        }
    }
    out
}

/// `layout` with cages `a` and `b` made one, if the cage stays within
/// `largest` cells and never holds a digit twice, and the puzzle keeps
/// one solution.
fn unique_merge(
    solution: &Board,
    layout: &Layout,
    (a, b): (usize, usize),
    largest: usize,
) -> Option<Layout> {
    let values = solution.values();
    let (ma, mb) = (layout.cells_of(a), layout.cells_of(b));
    if ma.len() + mb.len() > largest
        || ma
            .iter()
            .any(|&x| mb.iter().any(|&y| values[x] == values[y]))
    {
        return None;
    }
    let mut merged = layout.clone();
    for &cell in &mb {
        merged.cage_of[cell] = a;
    }
    other_solution(&merged.board(solution), solution)
        .is_none()
        .then_some(merged)
}

/// Step 3: merges neighbouring cages in random order, each kept while the
/// puzzle stays unique; returns the layouts from `layout` to the last.
fn merge_chain(
    solution: &Board,
    layout: &Layout,
    hardest: bool,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Vec<Layout> {
    let shape = layout.shape;
    let mut chain = vec![layout.clone()];
    let mut current = layout.clone();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for cell in 0..current.cage_of.len() {
        for nb in neighbours(shape, cell) {
            if nb > cell {
                pairs.push((cell, nb));
            }
        }
    }
    pairs.shuffle(rng);
    let largest = largest_cage(hardest);
    let fewest = (current.cage_of.len() as f64 / CELLS_PER_CAGE_AT_MOST).ceil() as usize;
    let mut cages = current.cages().len();
    for (a, b) in pairs {
        if cancel.load(Ordering::Relaxed) || cages <= fewest {
            break;
        }
        let (ca, cb) = (current.cage_of[a], current.cage_of[b]);
        if ca == cb {
            continue;
        }
        if let Some(merged) = unique_merge(solution, &current, (ca, cb), largest) {
            chain.push(merged.clone());
            current = merged;
            cages -= 1;
        }
    }
    chain
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
                sizes
                    .iter()
                    .all(|&s| (1..=MAX_HARD_MERGED_CAGE).contains(&s)),
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
