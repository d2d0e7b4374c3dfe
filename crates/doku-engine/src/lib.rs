//! doku's pure core: boards, formats, the step-by-step solver, the grader
//! and the generator. No terminal and no command-line parser here: this crate
//! depends on neither, so the compiler keeps it that way.
// Input comes from users and files: no unwrap or expect outside tests.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

mod alldiff_search;
pub mod board;
mod fast9;
pub mod format;
pub mod generator;
pub mod grader;
mod houses9;
pub mod killer;
mod killer_search;
pub mod latin;
pub mod local_search;
pub mod named;
mod sat;
pub mod search_kind;
pub mod shape;
#[cfg(test)]
mod shared_data;
pub mod solver;
pub mod variant;

pub use board::{Board, CageProblem, Candidates, Clash};
pub use format::{Format, ParseError, PuzzleReader, ReadPuzzle, ShapeHint};
pub use killer::{Cage, CageError, Cages};
pub use named::Named;
pub use search_kind::SearchKind;
pub use shape::{Cell, Digit, House, Shape, ShapeError};
pub use solver::{Rule, Solver, Step, Strategy};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
pub use variant::Variant;

/// When a search must give up: a moment, or never; and, if given, as soon
/// as one of its cancel flags is set (a background check no longer wanted,
/// or one copy of a search asked to stop for the other).
#[derive(Clone, Debug, Default)]
pub struct Deadline {
    moment: Option<Instant>,
    /// Shared with whoever may cancel the search.
    cancels: Vec<Arc<AtomicBool>>,
}

impl PartialEq for Deadline {
    fn eq(&self, other: &Deadline) -> bool {
        let same_flags = self.cancels.len() == other.cancels.len()
            && self
                .cancels
                .iter()
                .zip(&other.cancels)
                .all(|(a, b)| Arc::ptr_eq(a, b));
        self.moment == other.moment && same_flags
    }
}
impl Eq for Deadline {}

impl Deadline {
    /// No deadline: the search runs until it answers.
    pub const NEVER: Deadline = Deadline {
        moment: None,
        cancels: Vec::new(),
    };

    /// Give up at `moment`.
    pub fn at(moment: Instant) -> Deadline {
        Deadline {
            moment: Some(moment),
            cancels: Vec::new(),
        }
    }

    /// Give up once `limit` has passed from now.
    pub fn after(limit: Duration) -> Deadline {
        Deadline {
            moment: Instant::now().checked_add(limit),
            cancels: Vec::new(),
        }
    }

    /// This deadline, or earlier: as soon as `cancel` is set (or any flag
    /// it already had).
    pub fn or_cancelled_by(mut self, cancel: Arc<AtomicBool>) -> Deadline {
        self.cancels.push(cancel);
        self
    }

    /// Whether the moment has come (or the search was cancelled). Reads
    /// the clock, so searches ask only every few hundred branches.
    pub fn passed(&self) -> bool {
        self.cancels.iter().any(|flag| flag.load(Ordering::Relaxed))
            || self.moment.is_some_and(|moment| Instant::now() >= moment)
    }
}

/// A search stopped at its [`Deadline`] before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the search ran out of time")]
pub struct TimedOut;

impl Board {
    /// Some solution of the board, if it has one.
    pub fn solution(&self) -> Option<Board> {
        self.solution_before(Deadline::NEVER).unwrap_or(None)
    }

    /// [`Board::solution`], giving up at `deadline`.
    pub fn solution_before(&self, deadline: Deadline) -> Result<Option<Board>, TimedOut> {
        if let Some(cages) = self.cages() {
            let values = killer_search::first_solution(self, cages, deadline)?;
            return Ok(values.and_then(|v| self.with_values(v)));
        }
        if let Some(fast) = fast9_search(self) {
            // A 9x9 takes milliseconds at worst: no clock needed.
            return Ok(fast
                .first_solution()
                .and_then(|v| Board::from_values(self.shape(), v.to_vec())));
        }
        if uses_strong_solver(self.shape()) {
            return hard_solution(self, deadline);
        }
        let steps = Solver::new(self, Strategy::Mrv).with_step_limit(ITERATOR_STEP_BUDGET);
        for (n, step) in steps.enumerate() {
            match step {
                Step::Solution(board) => return Ok(Some(board)),
                Step::LimitReached => return hard_solution(self, deadline),
                _ if n.is_multiple_of(CLOCK_EVERY_STEPS) && deadline.passed() => {
                    return Err(TimedOut)
                }
                _ => {}
            }
        }
        Ok(None)
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: usize) -> usize {
        if limit == 0 {
            return 0;
        }
        if self.is_killer() {
            return self
                .count_solutions_before(limit, Deadline::NEVER)
                .unwrap_or(0);
        }
        if let Some(fast) = fast9_search(self) {
            return fast.count_up_to(limit);
        }
        self.count_solutions_before(limit, Deadline::NEVER)
            .unwrap_or(0)
    }

    /// [`Board::count_solutions_up_to`], giving up at `deadline`.
    pub fn count_solutions_before(
        &self,
        limit: usize,
        deadline: Deadline,
    ) -> Result<usize, TimedOut> {
        if limit == 0 {
            return Ok(0);
        }
        if let Some(cages) = self.cages() {
            return killer_search::count_up_to(self, cages, limit, deadline);
        }
        if let Some(fast) = fast9_search(self) {
            return fast.count_up_to_before(limit, deadline).ok_or(TimedOut);
        }
        if uses_strong_solver(self.shape()) {
            return hard_count_up_to(self, limit, deadline);
        }
        let mut count = 0;
        let steps = Solver::new(self, Strategy::Mrv).with_step_limit(ITERATOR_STEP_BUDGET);
        for (n, step) in steps.enumerate() {
            match step {
                Step::Solution(_) => {
                    count += 1;
                    if count >= limit {
                        break;
                    }
                }
                Step::LimitReached => return hard_count_up_to(self, limit, deadline),
                _ if n.is_multiple_of(CLOCK_EVERY_STEPS) && deadline.passed() => {
                    return Err(TimedOut)
                }
                _ => {}
            }
        }
        Ok(count)
    }

    /// Exactly one solution.
    pub fn is_uniquely_solvable(&self) -> bool {
        self.count_solutions_up_to(2) == 1
    }
}

/// The 9x9 search for a classic board; `None` for any other shape. Here,
/// not in `fast9`, so that `fast9` (which `Board::is_consistent` uses) does
/// not need `Board` in turn.
fn fast9_search(board: &Board) -> Option<fast9::Fast9> {
    if board.shape() != Shape::CLASSIC {
        return None;
    }
    let values: &[u8; 81] = board.values().try_into().ok()?;
    Some(fast9::Fast9::from_values(values))
}

/// Iterator steps between two looks at the clock (a few hundred
/// microseconds of work).
const CLOCK_EVERY_STEPS: usize = 4096;

/// Whether the matching-filter solver beats the step iterator on this shape
/// from the start. On 16x16 (Gecode/Janko set) the iterator answers in a
/// tenth of the time; on 25x25 it thrashes where the matching filter solves.
fn uses_strong_solver(shape: Shape) -> bool {
    shape.size() >= 20
}

/// Some solution of a board the step iterator is not suited for: the
/// matching-filter search while it is quick, else clause learning (at
/// once on boards a third given, see [`sat::learns_from_the_start`]).
fn hard_solution(board: &Board, deadline: Deadline) -> Result<Option<Board>, TimedOut> {
    if sat::learns_from_the_start(board) {
        return sat::first_solution(board, deadline);
    }
    match alldiff_search::first_solution(board, STRONG_NODE_BUDGET, deadline.clone()) {
        Some(answer) => Ok(answer),
        None if deadline.passed() => Err(TimedOut),
        None => sat::first_solution(board, deadline),
    }
}

/// [`Board::count_solutions_up_to`] for the boards of [`hard_solution`].
/// The search's budget grows with the limit: every solution it reports
/// costs at least one branch, and it enumerates faster than the learner,
/// which must add a clause per solution.
fn hard_count_up_to(board: &Board, limit: usize, deadline: Deadline) -> Result<usize, TimedOut> {
    if limit <= 2 && sat::learns_from_the_start(board) {
        return sat::count_up_to(board, limit, deadline);
    }
    let budget = STRONG_NODE_BUDGET.saturating_mul(limit.max(1) as u64);
    match alldiff_search::count_up_to(board, limit, budget, deadline.clone()) {
        Some(count) => Ok(count),
        None if deadline.passed() => Err(TimedOut),
        None => sat::count_up_to(board, limit, deadline),
    }
}

/// Branches the matching-filter search gets before clause learning takes
/// over. Most boards (empty ones, generated puzzles, Gecode's 25x25 with
/// extra givens) need far fewer; at the phase transition it thrashes for
/// hundreds of thousands where clause learning needs seconds.
const STRONG_NODE_BUDGET: u64 = 1_000;

/// Steps the iterator gets on smaller boards before the matching-filter
/// solver takes over (a few tens of milliseconds): easy boards stay on the
/// cheap steps, a hard one does not thrash.
const ITERATOR_STEP_BUDGET: u64 = 1_000_000;

/// Test support shared by the engine's unit tests.
#[cfg(test)]
pub(crate) mod test_support {
    use super::Board;

    /// `full` with each cell kept with probability `keep_percent`, drawn
    /// from a xorshift `seed` (advanced in place) so every run is the same.
    pub(crate) fn blanked(full: &Board, keep_percent: u64, seed: &mut u64) -> Board {
        let values = full
            .values()
            .iter()
            .map(|&v| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                if *seed % 100 < keep_percent {
                    v
                } else {
                    0
                }
            })
            .collect();
        Board::from_values(full.shape(), values).expect("values of a board of this shape")
    }
}

#[cfg(test)]
mod tests {
    use super::Deadline;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    /// A second cancel flag adds to the first instead of replacing it: a
    /// search split in copies, each stopped by a flag of its own, still
    /// stops when the background check that started it is cancelled.
    #[test]
    fn a_deadline_stops_at_either_of_two_flags() {
        for which in 0..2 {
            let flags = [(); 2].map(|()| Arc::new(AtomicBool::new(false)));
            let deadline = Deadline::NEVER
                .or_cancelled_by(Arc::clone(&flags[0]))
                .or_cancelled_by(Arc::clone(&flags[1]));
            assert!(!deadline.passed());
            flags[which].store(true, Ordering::Relaxed);
            assert!(deadline.passed(), "flag {which}");
        }
    }
}
