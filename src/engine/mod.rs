//! The pure core: boards, formats, the step-by-step solver. No terminal here.

pub mod board;
mod fast9;
pub mod format;
pub mod generator;
pub mod grader;
pub mod latin;
pub mod local_search;
pub mod shape;
pub mod solver;

pub use board::{Board, Candidates, Clash};
pub use format::{Format, ParseError, PuzzleReader, ReadPuzzle, ShapeHint};
pub use shape::{Cell, Digit, House, Shape};
pub use solver::{Rule, Solver, Step, Strategy};

impl Board {
    /// Some solution of the board, if it has one.
    pub fn solution(&self) -> Option<Board> {
        if let Some(fast) = fast9::Fast9::from_board(self) {
            return fast
                .first_solution()
                .and_then(|v| Board::from_values(self.shape(), v.to_vec()));
        }
        Solver::new(self, Strategy::Mrv).find_map(|step| match step {
            Step::Solution(board) => Some(board),
            _ => None,
        })
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count_solutions_up_to(&self, limit: usize) -> usize {
        if limit == 0 {
            return 0;
        }
        if let Some(fast) = fast9::Fast9::from_board(self) {
            return fast.count_up_to(limit);
        }
        let mut count = 0;
        for step in Solver::new(self, Strategy::Mrv) {
            if let Step::Solution(_) = step {
                count += 1;
                if count >= limit {
                    break;
                }
            }
        }
        count
    }

    /// Exactly one solution.
    pub fn is_uniquely_solvable(&self) -> bool {
        self.count_solutions_up_to(2) == 1
    }
}
