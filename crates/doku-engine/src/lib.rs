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
pub mod latin;
pub mod local_search;
pub mod named;
mod sat;
pub mod search_kind;
pub mod shape;
pub mod solver;

pub use board::{Board, Candidates, Clash};
pub use format::{Format, ParseError, PuzzleReader, ReadPuzzle, ShapeHint};
pub use named::Named;
pub use search_kind::SearchKind;
pub use shape::{Cell, Digit, House, Shape};
pub use solver::{Rule, Solver, Step, Strategy};

impl Board {
    /// Some solution of the board, if it has one.
    pub fn solution(&self) -> Option<Board> {
        if let Some(fast) = fast9_search(self) {
            return fast
                .first_solution()
                .and_then(|v| Board::from_values(self.shape(), v.to_vec()));
        }
        if uses_strong_solver(self.shape()) {
            return hard_solution(self);
        }
        for step in Solver::new(self, Strategy::Mrv).with_step_limit(ITERATOR_STEP_BUDGET) {
            match step {
                Step::Solution(board) => return Some(board),
                Step::LimitReached => return hard_solution(self),
                _ => {}
            }
        }
        None
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: usize) -> usize {
        if limit == 0 {
            return 0;
        }
        if let Some(fast) = fast9_search(self) {
            return fast.count_up_to(limit);
        }
        if uses_strong_solver(self.shape()) {
            return hard_count_up_to(self, limit);
        }
        let mut count = 0;
        for step in Solver::new(self, Strategy::Mrv).with_step_limit(ITERATOR_STEP_BUDGET) {
            match step {
                Step::Solution(_) => {
                    count += 1;
                    if count >= limit {
                        break;
                    }
                }
                Step::LimitReached => return hard_count_up_to(self, limit),
                _ => {}
            }
        }
        count
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

/// Whether the matching-filter solver beats the step iterator on this shape
/// from the start. On 16x16 (Gecode/Janko set) the iterator answers in a
/// tenth of the time; on 25x25 it thrashes where the matching filter solves.
fn uses_strong_solver(shape: Shape) -> bool {
    shape.size() >= 20
}

/// Some solution of a board the step iterator is not suited for: the
/// matching-filter search while it is quick, else clause learning.
fn hard_solution(board: &Board) -> Option<Board> {
    alldiff_search::first_solution(board, STRONG_NODE_BUDGET)
        .unwrap_or_else(|| sat::first_solution(board))
}

/// [`Board::count_solutions_up_to`] for the boards of [`hard_solution`].
/// The search's budget grows with the limit: every solution it reports
/// costs at least one branch, and it enumerates faster than the learner,
/// which must add a clause per solution.
fn hard_count_up_to(board: &Board, limit: usize) -> usize {
    let budget = STRONG_NODE_BUDGET.saturating_mul(limit.max(1) as u64);
    alldiff_search::count_up_to(board, limit, budget)
        .unwrap_or_else(|| sat::count_up_to(board, limit))
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
