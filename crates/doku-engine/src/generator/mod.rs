//! Dealing puzzles: a random full grid, then givens removed in random order
//! (whole symmetry orbits at a time) for as long as the solution stays
//! unique, until the puzzle has the difficulty asked for.
//!
//! One attempt, for a target difficulty (the grader decides; the generator
//! never returns a puzzle whose grade differs from the request):
//! 1. carve to a minimal puzzle, keeping each removal that leaves the
//!    solution unique (cheap: a uniqueness check per orbit, no grading);
//! 2. grade it; on target, done; easier than the target, the attempt fails
//!    (a puzzle that needs trial and error is harder than every target);
//! 3. harder than the target: the removals made a chain of ever sparser
//!    puzzles, from the full grid (easy) to the minimal one; a binary search
//!    on that chain finds the last puzzle no harder than the target. If it
//!    is exactly on target, carving goes on from there, now keeping only the
//!    removals that do not push the grade past the target, so the puzzle
//!    ends with no removable orbit left at its grade.
//!
//! On 9x9 boards two minimal puzzles in three need singles only, one in
//! five needs more than hard techniques, so most attempts land on easy or
//! pass through the target on the way to expert. A full grid serves several
//! attempts (each in a fresh random order) before a new one is drawn.

mod fill;
mod jigsaw;
mod killer;
mod symmetry;

pub use jigsaw::{random_jigsaw, rules_for_deal};
pub use killer::{generate_killer, with_killer_givens, MAX_KILLER_ATTEMPTS};
pub use symmetry::Symmetry;

use super::board::Board;
use super::grader::{grade_at_most, Difficulty, Grade, FORCING_MAX_SIZE, TRIAL_AND_ERROR};
use super::houses9::Houses9;
use super::shape::{Cell, Shape};
use rand::seq::SliceRandom;
use rand::Rng;
use std::sync::atomic::{AtomicBool, Ordering};

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
        "no {difficulty} {size}x{size} puzzle with {symmetry} symmetry turned up in {attempts} \
         attempts; small boards rarely need {difficulty} techniques: choose an easier \
         difficulty, a larger size or another symmetry"
    )]
    GaveUp {
        size: usize,
        difficulty: Difficulty,
        symmetry: Symmetry,
        attempts: usize,
    },
    /// No puzzle of `shape` can grade `difficulty` without trial and error
    /// (see [`hardest_dealable`]): refused at once, before any carving.
    #[error(
        "no {difficulty} {size}x{size} puzzle can be dealt: {difficulty} puzzles need forcing \
         chains or nets, which doku runs on boards up to {max}x{max}; choose {hardest} or easier \
         for a {size}x{size}, or a board up to {max}x{max} for {difficulty}",
        max = FORCING_MAX_SIZE
    )]
    OutOfReach {
        size: usize,
        difficulty: Difficulty,
        /// The hardest difficulty dealt on this size.
        hardest: Difficulty,
    },
    /// The caller's cancel flag was set ([`generate_unless_cancelled`]).
    #[error("the deal was cancelled")]
    Cancelled,
}

/// The hardest difficulty [`generate`] can deal on `shape`. Extreme means
/// forcing chains and nets (rated 8.0 and up), which the grader runs on
/// boards up to [`FORCING_MAX_SIZE`]: above that, a puzzle past expert is
/// one logic cannot finish, and a deal never needs trial and error. (A
/// chain long enough to rate 8.0 would do, but 1,000 carvings of 16x16s
/// never found one, after 33 seconds.)
pub fn hardest_dealable(shape: Shape) -> Difficulty {
    if shape.size() <= FORCING_MAX_SIZE {
        Difficulty::Extreme
    } else {
        Difficulty::Expert
    }
}

/// How many carvings `generate` tries before it gives up on a difficulty.
pub const MAX_ATTEMPTS: usize = 1000;

/// The same where the tier is rare and a carving costs well under a
/// millisecond: an extreme deal on boards up to 9x9 (once grouped chains
/// and the death blossom took over, about one minimal 9x9 in 500 still
/// needed a forcing chain, and 1000 carvings came up empty on 3 seeds in
/// 40), and any graded deal below 9x9 (since SE's direct hints rate a
/// pointing that leaves a single easy, 1000 carvings missed a symmetric
/// medium 6x6 on 5 `generate --size 6` seeds in 40; 1000 take 0.07 s).
pub const MAX_EXTREME_ATTEMPTS: usize = 20_000;

/// The carvings to try for `difficulty` on `shape` (see the two limits).
fn max_attempts(shape: Shape, difficulty: Option<Difficulty>) -> usize {
    let small = shape.size() < 9;
    if (difficulty == Some(Difficulty::Extreme) && shape.size() <= 9) || small {
        MAX_EXTREME_ATTEMPTS
    } else {
        MAX_ATTEMPTS
    }
}

/// Carvings per full grid before a new grid is drawn.
const CARVINGS_PER_GRID: usize = 4;

/// Deals a puzzle of `shape` with exactly one solution, givens symmetric
/// under `symmetry`, graded exactly `difficulty` (`None`: any grade; the
/// first unique puzzle). Fails at once when the difficulty is past
/// [`hardest_dealable`] for the shape, and when [`MAX_ATTEMPTS`] carvings
/// (or [`MAX_EXTREME_ATTEMPTS`] for a small board or a small extreme deal) miss the
/// difficulty, which happens for targets a small board cannot reach.
pub fn generate(
    shape: Shape,
    difficulty: Option<Difficulty>,
    symmetry: Symmetry,
    rng: &mut impl Rng,
) -> Result<Generated, GenerateError> {
    generate_unless_cancelled(shape, difficulty, symmetry, rng, &AtomicBool::new(false))
}

/// [`generate`], giving up with [`GenerateError::Cancelled`] soon after
/// `cancel` is set: it is read between clue removals and between gradings,
/// so a deal no longer wanted (another deal asked for, the app quitting)
/// stops within one uniqueness proof or one grading. Until it is set, the
/// same seed deals the same puzzle as [`generate`].
pub fn generate_unless_cancelled(
    shape: Shape,
    difficulty: Option<Difficulty>,
    symmetry: Symmetry,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    let cancelled = || cancel.load(Ordering::Relaxed);
    let hardest = hardest_dealable(shape);
    if let Some(difficulty) = difficulty.filter(|&d| d > hardest) {
        return Err(GenerateError::OutOfReach {
            size: shape.size(),
            difficulty,
            hardest,
        });
    }
    let mut orbits = symmetry.orbits(shape);
    let proof = UniquenessProof::for_shape(shape, difficulty);
    let mut solution = Board::empty(shape);
    let attempts = max_attempts(shape, difficulty);
    for attempt in 0..attempts {
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        if attempt % CARVINGS_PER_GRID == 0 {
            solution = full_grid(shape, rng);
        }
        orbits.shuffle(rng);
        let carved = attempt_carving(&solution, &orbits, difficulty, &proof, cancel);
        // A carving cut short by the flag is no puzzle to return.
        if cancelled() {
            return Err(GenerateError::Cancelled);
        }
        if let Some((puzzle, grade)) = carved {
            return Ok(Generated {
                puzzle,
                solution,
                grade,
            });
        }
    }
    Err(GenerateError::GaveUp {
        size: shape.size(),
        difficulty: difficulty.unwrap_or(Difficulty::Expert),
        symmetry,
        attempts,
    })
}

/// [`generate_unless_cancelled`] for any variant: a killer (cages cut from
/// a full grid of `rules`, no givens, `symmetry` unused) or givens carved
/// from a grid of `rules` (from [`rules_for_deal`]) for the others.
pub fn generate_variant(
    rules: Shape,
    variant: crate::Variant,
    difficulty: Option<Difficulty>,
    symmetry: Symmetry,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Result<Generated, GenerateError> {
    if variant.is_killer() {
        generate_killer(rules, difficulty, rng, cancel)
    } else {
        generate_unless_cancelled(rules, difficulty, symmetry, rng, cancel)
    }
}

/// A random solved grid of `shape`: a randomised search, not a relabelled
/// pattern.
///
/// Loops until a fill succeeds: `shape` must be one some grid fills (every
/// box shape and Latin square is; a jigsaw from [`random_jigsaw`] is).
pub fn full_grid(shape: Shape, rng: &mut impl Rng) -> Board {
    let values = fill::random_full_grid(shape, rng);
    Board::from_values(shape, values).unwrap_or_else(|| unreachable!("the fill fits its shape"))
}

/// Branch budget of one uniqueness check on boards without the 9x9 fast
/// path. Nearly every removal that keeps the solution unique is proved so
/// by propagation alone (singles, then the matching filter with pointing
/// and claiming); one that would need a search is refused: the puzzle keeps
/// a given it might not need and stays provably unique. The budget counts
/// branches, not time, so a seed deals the same puzzle on every machine.
/// (Extreme deals on 9x9 variants search a little: see
/// [`EXTREME_UNIQUENESS_BRANCHES`].)
pub const UNIQUENESS_NODE_BUDGET: u64 = 0;

/// Guesses the uniqueness proof of an extreme deal on a 9x9 variant (not
/// classic) may take, in all, for one removal; past them the removal is
/// refused, as one that propagation cannot prove is at other difficulties.
///
/// Propagation alone leaves the variants' minimal puzzles extra givens,
/// and so easy: two in three solve by subsets and locked candidates, and
/// an extreme jigsaw took hundreds of carvings. A full search makes truly
/// minimal puzzles, too hard for some variants: windoku X and jigsaw X
/// ones need forcing nets that take up to a second to grade. A few
/// guesses sit between. Median CPU ms of `generate --jobs 1` (max in
/// brackets) over seeds 1-100, and a full search over seeds 1-15:
///
/// | guesses   | 0         | 12 | 16 | 24      | 32 | full          |
/// |-----------|-----------|----|----|---------|----|---------------|
/// | jigsaw    | 99 (917)  | 28 | 26 | 25 (92) | 23 | 22            |
/// | jigsaw X  | 61 (567)  | 26 | 25 | 26 (72) | 29 | 53 (1.6 s)    |
/// | windoku X | 49 (424)  | 17 | 18 | 19 (93) | 21 | 78            |
///
/// Below extreme it only slows deals (the sparser puzzles overshoot the
/// target: windoku X hard 8 → 25 ms), so they keep propagation alone.
pub const EXTREME_UNIQUENESS_BRANCHES: u32 = 24;

/// How a carving proves that a removal leaves the solution unique.
enum UniquenessProof {
    /// Classic 9x9: the fast search, to the end.
    Classic,
    /// Other 9x9 layouts: propagation (see [`UNIQUENESS_NODE_BUDGET`]),
    /// then a search of at most `branches` guesses, on masks built once
    /// per deal.
    Houses9 { houses: Box<Houses9>, branches: u32 },
    /// Every other board: the general search, without branches.
    Propagation,
}

// `Houses9` with no branches proves what the general search proves.
const _: () = assert!(UNIQUENESS_NODE_BUDGET == 0);

impl UniquenessProof {
    fn for_shape(shape: Shape, target: Option<Difficulty>) -> UniquenessProof {
        if shape == Shape::CLASSIC {
            return UniquenessProof::Classic;
        }
        let branches = if target == Some(Difficulty::Extreme) {
            EXTREME_UNIQUENESS_BRANCHES
        } else {
            0
        };
        Houses9::new(shape).map_or(UniquenessProof::Propagation, |houses| {
            UniquenessProof::Houses9 {
                houses: Box::new(houses),
                branches,
            }
        })
    }

    /// The masks of a 9x9 layout other than classic.
    fn layout(&self) -> Option<&Houses9> {
        match self {
            UniquenessProof::Houses9 { houses, .. } => Some(houses),
            _ => None,
        }
    }

    /// Whether `puzzle`, `solution`'s puzzle with the cells of `freed` just
    /// emptied from a puzzle whose only solution was `solution`, provably
    /// still has only that solution.
    fn stays_unique(&self, puzzle: &Board, solution: &Board, freed: &[u16]) -> bool {
        match self {
            UniquenessProof::Classic => {
                let values = puzzle.values();
                if freed
                    .iter()
                    .all(|&cell| is_naked_single(values, cell as usize))
                {
                    return true;
                }
                match crate::fast9_search(puzzle) {
                    Some(search) => !search.has_solution_besides(solution.values(), freed),
                    None => puzzle.is_uniquely_solvable(),
                }
            }
            UniquenessProof::Houses9 { houses, branches } => {
                houses.proves_unique(puzzle, solution, freed, *branches)
            }
            UniquenessProof::Propagation => {
                let freed: Vec<usize> = freed.iter().map(|&c| c as usize).collect();
                crate::alldiff_search::has_other_solution(
                    puzzle,
                    solution,
                    &freed,
                    UNIQUENESS_NODE_BUDGET,
                ) == Some(false)
            }
        }
    }
}

/// Whether the givens of a classic 9x9 puzzle's row, column and box leave
/// one digit for an empty `cell`. A removal whose cells all are stays
/// unique at once: the puzzle before it, unique, follows from this one.
/// Most removals early in a carving are, and this costs a tenth of the
/// fast search's setup.
fn is_naked_single(values: &[u8], cell: usize) -> bool {
    let (row, column) = (cell / 9, cell % 9);
    let corner = row / 3 * 27 + column / 3 * 3;
    let mut seen = 0u16;
    for k in 0..9 {
        seen |= 1 << values[row * 9 + k];
        seen |= 1 << values[k * 9 + column];
        seen |= 1 << values[corner + k / 3 * 9 + k % 3];
    }
    // Bit 0 is the empty cells'.
    (seen >> 1).count_ones() == 8
}

/// One attempt (see the module notes): the puzzle and, when a difficulty
/// was asked for, its grade, which then equals the target. Once `cancel`
/// is set it ends soon, with an answer the caller must throw away.
fn attempt_carving(
    solution: &Board,
    orbits: &[Vec<u16>],
    target: Option<Difficulty>,
    proof: &UniquenessProof,
    cancel: &AtomicBool,
) -> Option<(Board, Option<Grade>)> {
    let cancelled = || cancel.load(Ordering::Relaxed);
    let removals = carve_unique(solution, orbits, proof, cancel);
    if cancelled() {
        return None;
    }
    let minimal = without(solution, &removals);
    let Some(target) = target else {
        return Some((minimal, None));
    };
    // A puzzle that propagation solves (singles, subsets, pointing and
    // claiming) never leaves the grader without a step rated 5.4 or less
    // (a uniqueness step may make it expert), so it is not extreme: skip
    // its grade. From two in five to three in four minimal jigsaw puzzles
    // end here on the way to an extreme deal.
    if target == Difficulty::Extreme
        && proof
            .layout()
            .is_some_and(|houses| houses.solves_by_propagation(&minimal))
    {
        return None;
    }
    // Every puzzle on the chain was proved unique as it was carved. A deal
    // never needs trial and error: a puzzle that does (graded extreme)
    // counts as harder than any target.
    // Grades stop at the first step past the target (`None`): only the
    // grades up to it are ever read.
    let too_hard = |v: &Grade| v.difficulty > target || v.hardest == TRIAL_AND_ERROR;
    let at_most_target = |p: &Board| grade_at_most(p, target, true).filter(|v| !too_hard(v));
    if let Some(verdict) = at_most_target(&minimal) {
        if verdict.difficulty == target {
            return Some((minimal, Some(verdict)));
        }
        return None; // easier than the target
    }
    // Invariant: the chain's puzzle after `easy_end` removals is not too
    // hard, after `hard_end` removals it is.
    let (mut easy_end, mut hard_end) = (0, removals.len());
    let mut easy_grade = None;
    while hard_end - easy_end > 1 {
        if cancelled() {
            return None;
        }
        let mid = (easy_end + hard_end) / 2;
        match at_most_target(&without(solution, &removals[..mid])) {
            None => hard_end = mid,
            Some(verdict) => {
                easy_end = mid;
                easy_grade = Some(verdict);
            }
        }
    }
    let start = without(solution, &removals[..easy_end]);
    let on_target = easy_grade.or_else(|| at_most_target(&start))?;
    if on_target.difficulty != target {
        return None;
    }
    let refined = carve_capped(start.clone(), solution, orbits, target, proof, cancel);
    match at_most_target(&refined) {
        Some(verdict) if verdict.difficulty == target => Some((refined, Some(verdict))),
        _ => Some((start, Some(on_target))),
    }
}

/// The solution with the given orbits emptied.
fn without(solution: &Board, removals: &[&[u16]]) -> Board {
    let mut puzzle = solution.clone();
    for &cell in removals.iter().copied().flatten() {
        puzzle.set(Cell(cell), None);
    }
    puzzle
}

/// Carves the orbits in the order given, each removal kept if the solution
/// stays unique; returns the kept removals in order (stops early, with a
/// shorter list, once `cancel` is set).
fn carve_unique<'a>(
    solution: &Board,
    orbits: &'a [Vec<u16>],
    proof: &UniquenessProof,
    cancel: &AtomicBool,
) -> Vec<&'a [u16]> {
    let mut puzzle = solution.clone();
    let mut removals = Vec::new();
    for orbit in orbits {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        if try_remove(&mut puzzle, solution, orbit, |p| {
            proof.stays_unique(p, solution, orbit)
        }) {
            removals.push(orbit.as_slice());
        }
    }
    removals
}

/// Carves on from `puzzle` (unique, graded at most `cap`), trying every
/// orbit still present, each removal kept if the solution stays unique and
/// the grade stays at most `cap` without trial and error.
///
/// Uniqueness is proved first, as in [`carve_unique`] (on 9x9 by the fast
/// search, elsewhere by propagation): it rejects most removals far sooner
/// than the grader, and the grader then runs with the uniqueness
/// techniques, capped at `cap`. (Letting the grader prove uniqueness by
/// finishing without them meant running it uncapped from expert on, up to
/// forcing nets on puzzles with several solutions: seconds for one X deal.)
fn carve_capped(
    mut puzzle: Board,
    solution: &Board,
    orbits: &[Vec<u16>],
    cap: Difficulty,
    proof: &UniquenessProof,
    cancel: &AtomicBool,
) -> Board {
    for orbit in orbits {
        if cancel.load(Ordering::Relaxed) {
            break;
        }
        if orbit.iter().any(|&c| puzzle.is_empty_cell(Cell(c))) {
            continue;
        }
        try_remove(&mut puzzle, solution, orbit, |p| {
            // The grade stops at its first step past the cap.
            proof.stays_unique(p, solution, orbit)
                && grade_at_most(p, cap, true)
                    .is_some_and(|v| v.difficulty <= cap && v.hardest != TRIAL_AND_ERROR)
        });
    }
    puzzle
}

/// Empties the orbit's cells and keeps the change if `accept` approves the
/// result; otherwise puts `solution`'s givens back (a carved puzzle's
/// givens are its solution's). Returns whether it was kept.
fn try_remove(
    puzzle: &mut Board,
    solution: &Board,
    orbit: &[u16],
    accept: impl Fn(&Board) -> bool,
) -> bool {
    for &cell in orbit {
        puzzle.set(Cell(cell), None);
    }
    let keep = accept(puzzle);
    if !keep {
        for &cell in orbit {
            puzzle.set(Cell(cell), solution.get(Cell(cell)));
        }
    }
    keep
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Named;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn the_classic_proof_settles_every_removal_as_a_count_does() {
        // Carvings of random grids, under every symmetry (orbits of one to
        // four cells), each orbit tried in turn, kept when unique: at every
        // step the proof must say what counting to two says, both when
        // each freed cell is a naked single and when it searches.
        let proof = UniquenessProof::for_shape(Shape::CLASSIC, None);
        // Removals settled by naked singles, by the search and unique, not
        // unique.
        let outcomes = std::cell::RefCell::new([0; 3]);
        for seed in 0..40u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let solution = full_grid(Shape::CLASSIC, &mut rng);
            let symmetry = Symmetry::ALL[seed as usize % Symmetry::ALL.len()];
            let mut orbits = symmetry.orbits(Shape::CLASSIC);
            orbits.shuffle(&mut rng);
            let mut puzzle = solution.clone();
            for orbit in &orbits {
                try_remove(&mut puzzle, &solution, orbit, |p| {
                    let unique = p.count_solutions_up_to(2) == 1;
                    assert_eq!(
                        proof.stays_unique(p, &solution, orbit),
                        unique,
                        "seed {seed}, {symmetry}: {p:?} freed {orbit:?}"
                    );
                    let singles = orbit
                        .iter()
                        .all(|&c| is_naked_single(p.values(), c as usize));
                    outcomes.borrow_mut()[match (singles, unique) {
                        (true, _) => 0,
                        (false, true) => 1,
                        (false, false) => 2,
                    }] += 1;
                    unique
                });
            }
            assert_eq!(puzzle.count_solutions_up_to(2), 1);
        }
        let outcomes = outcomes.into_inner();
        assert!(outcomes.iter().all(|&n| n > 50), "{outcomes:?}");
    }

    #[test]
    fn a_naked_single_is_a_cell_its_houses_leave_one_digit() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let solution = full_grid(Shape::CLASSIC, &mut rng);
        let sees = |a: usize, b: usize| {
            let box_of = |c: usize| c / 27 * 3 + c % 9 / 3;
            a / 9 == b / 9 || a % 9 == b % 9 || box_of(a) == box_of(b)
        };
        for cell in 0..81 {
            let mut puzzle = solution.clone();
            puzzle.set(Cell(cell as u16), None);
            assert!(
                is_naked_single(puzzle.values(), cell),
                "r{}c{}",
                cell / 9,
                cell % 9
            );
            // Also emptying the peers that hold another digit leaves the
            // cell that digit too.
            for digit in (1..=9).filter(|&d| d != solution.values()[cell]) {
                let mut wider = puzzle.clone();
                for peer in (0..81).filter(|&p| sees(p, cell) && solution.values()[p] == digit) {
                    wider.set(Cell(peer as u16), None);
                }
                assert!(
                    !is_naked_single(wider.values(), cell),
                    "{wider:?} r{}c{}",
                    cell / 9,
                    cell % 9
                );
            }
        }
    }
}
