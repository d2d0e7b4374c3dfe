//! Your own puzzle: a blank board where digits typed are givens, with
//! conflicts shown as you type and the number of solutions (none, one,
//! several) counted on another thread after every change. When the givens
//! are fixed they become a puzzle to play or to watch the solver on.
//!
//! The typing, undo and conflicts are a [`Game`] on an empty board (its
//! entries are the givens to be), so the board widget draws the editor as
//! it draws a game.

use super::{Game, Outcome};
use crate::engine::board::cell_name;
use crate::engine::{Board, Shape, Solver, Step, Strategy};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::sync::Arc;
use std::time::Instant;

/// What the counter knows about the number of solutions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Solutions {
    /// No givens yet: nothing to count.
    Blank,
    /// The count is running in the background.
    Counting,
    /// No solution, and why (a clash, a cell with no digit left, ...).
    None(String),
    /// Exactly one: a proper puzzle.
    One,
    /// Two or more.
    Several,
    /// The search ran out of its budget before it knew (a large board with
    /// few givens).
    Unknown,
}

impl Solutions {
    /// A few words for the status line and the panel.
    pub fn label(&self) -> &str {
        match self {
            Solutions::Blank => "type the givens",
            Solutions::Counting => "counting solutions…",
            Solutions::None(_) => "no solution",
            Solutions::One => "exactly one solution",
            Solutions::Several => "several solutions",
            Solutions::Unknown => "solutions: too open to count yet",
        }
    }
}

/// Steps the counting search may take on boards other than 9x9 before it
/// gives up and says it does not know (a fraction of a second to a second).
const COUNT_STEP_BUDGET: u64 = 2_000_000;
/// The cancel flag is read this often (in search steps).
const CANCEL_CHECK_EVERY: u64 = 4_096;

/// The number of solutions of `board`, up to two, unless `cancel` is set
/// (then `None`). Conflicting boards are answered at once, with the reason.
pub fn count_solutions(board: &Board, cancel: &AtomicBool) -> Option<Solutions> {
    if let Some(reason) = clash_reason(board) {
        return Some(Solutions::None(reason));
    }
    if board.shape().size() == 9 {
        // The dedicated 9x9 counter answers any board in milliseconds.
        return Some(match board.count_solutions_up_to(2) {
            0 => Solutions::None(no_solution_reason(board)),
            1 => Solutions::One,
            _ => Solutions::Several,
        });
    }
    let mut found = 0;
    let solver = Solver::new(board, Strategy::Mrv).with_step_limit(COUNT_STEP_BUDGET);
    for (steps, step) in solver.enumerate() {
        if (steps as u64).is_multiple_of(CANCEL_CHECK_EVERY) && cancel.load(Ordering::Relaxed) {
            return None;
        }
        match step {
            Step::Solution(_) => {
                found += 1;
                if found >= 2 {
                    return Some(Solutions::Several);
                }
            }
            // Out of budget: none or one found, more not ruled out.
            Step::LimitReached => return Some(Solutions::Unknown),
            _ => {}
        }
    }
    Some(match found {
        0 => Solutions::None(no_solution_reason(board)),
        1 => Solutions::One,
        _ => Solutions::Several,
    })
}

/// Two givens that clash, in words, if any.
fn clash_reason(board: &Board) -> Option<String> {
    let shape = board.shape();
    let clash = board.conflicts().into_iter().next().map(|clash| {
        format!(
            "{} and {} both hold {} in {}",
            cell_name(shape, clash.first),
            cell_name(shape, clash.second),
            Shape::symbol(clash.digit).unwrap_or('?'),
            clash.house
        )
    });
    // Or givens that break a killer's cage: a repeat, a sum out of reach.
    clash.or_else(|| {
        let problem = board.cage_problems().into_iter().next()?;
        Some(super::cages::problem_text(board, &problem))
    })
}

/// Why a board without clashes has no solution, as plainly as is cheap.
fn no_solution_reason(board: &Board) -> String {
    let shape = board.shape();
    let stuck = shape
        .cells()
        .find(|&c| board.is_empty_cell(c) && board.candidates(c).is_empty());
    match stuck {
        Some(cell) => format!("{} has no digit left", cell_name(shape, cell)),
        None => "the givens leave no way to fill every cell".into(),
    }
}

/// A count running on another thread; dropping it cancels the thread.
struct Count {
    cancel: Arc<AtomicBool>,
    result: Receiver<Solutions>,
}

impl Count {
    fn start(board: Board) -> Count {
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, result) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        std::thread::spawn(move || {
            if let Some(solutions) = count_solutions(&board, &flag) {
                // The editor may be gone; nobody to tell then.
                let _ = send.send(solutions);
            }
        });
        Count { cancel, result }
    }
}

impl Drop for Count {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// Why the givens cannot be fixed as they are, or what to ask first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FixRefused {
    /// Not a puzzle at all (no givens, no solution, still counting).
    Refused(String),
    /// A puzzle, but not a proper one: ask before playing it.
    Warn(Board, String),
}

/// The editor's state.
pub struct Editor {
    game: Game,
    solutions: Solutions,
    count: Option<Count>,
}

impl Editor {
    /// A blank board of `shape`.
    pub fn new(shape: Shape, now: Instant) -> Editor {
        Editor::from_board(Board::empty(shape), now)
    }

    /// An editor starting from `board`'s digits (a pasted line).
    pub fn from_board(board: Board, now: Instant) -> Editor {
        let shape = board.shape();
        // A killer's cages stay: they are its puzzle as much as the givens.
        let blank = Board::empty(shape).with_cages(board.cages().cloned());
        let mut game = Game::new(blank, None, now);
        game.set_wrap(true);
        game.set_auto_remove_notes(false);
        let mut editor = Editor {
            game,
            solutions: Solutions::Blank,
            count: None,
        };
        for cell in shape.cells() {
            if let Some(digit) = board.get(cell) {
                editor.game.board.set(cell, Some(digit));
            }
        }
        editor.game.conflicts = editor.game.board.conflicting_cells();
        editor.recount();
        editor
    }

    /// The board being typed, as a game (for drawing: entries are the givens).
    pub fn game(&self) -> &Game {
        &self.game
    }
    /// Moves, digits, erase, undo and redo go to the board being typed.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }
    pub fn givens(&self) -> &Board {
        self.game.board()
    }
    pub fn solutions(&self) -> &Solutions {
        &self.solutions
    }
    pub fn is_counting(&self) -> bool {
        self.count.is_some()
    }

    /// After a change to the board: the old count is cancelled and a new one
    /// starts. Call with the outcome of every edit.
    pub fn after(&mut self, outcome: &Outcome) {
        if matches!(
            outcome,
            Outcome::Changed | Outcome::Solved | Outcome::SolvedAgain
        ) {
            self.recount();
        }
    }

    fn recount(&mut self) {
        // Dropping the running count cancels it.
        self.count = None;
        let board = self.game.board().clone();
        // A killer needs no givens: its cages are a puzzle already.
        if board.filled_count() == 0 && !board.is_killer() {
            self.solutions = Solutions::Blank;
            return;
        }
        if let Some(reason) = clash_reason(&board) {
            // No thread needed to see a clash.
            self.solutions = Solutions::None(reason);
            return;
        }
        self.solutions = Solutions::Counting;
        self.count = Some(Count::start(board));
    }

    /// Picks up a finished count; `true` when the answer changed.
    pub fn poll(&mut self) -> bool {
        let Some(count) = &self.count else {
            return false;
        };
        match count.result.try_recv() {
            Ok(solutions) => {
                self.solutions = solutions;
                self.count = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            Err(TryRecvError::Disconnected) => {
                self.solutions = Solutions::Unknown;
                self.count = None;
                true
            }
        }
    }

    /// Waits for the count in progress, at most `patience`.
    pub fn wait_for_count(&mut self, patience: std::time::Duration) {
        let start = Instant::now();
        while self.count.is_some() && start.elapsed() < patience {
            self.poll();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// Waits for the count in progress (tests).
    pub fn finish_count(&mut self) {
        while self.count.is_some() {
            self.poll();
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }

    /// The givens as a puzzle, if they make one: `Ok` for exactly one
    /// solution; a warning to confirm for several (or an unknown number);
    /// refused, with the reason, for none.
    // The refusal carries a board (and its rules): once per key press.
    #[allow(clippy::result_large_err)]
    pub fn fix(&self) -> Result<Board, FixRefused> {
        let board = self.game.board().clone();
        match &self.solutions {
            Solutions::Blank => Err(FixRefused::Refused(
                "type some givens first: the board is blank".into(),
            )),
            Solutions::Counting => Err(FixRefused::Refused(
                "still counting the solutions; a moment".into(),
            )),
            Solutions::None(reason) => Err(FixRefused::Refused(format!(
                "no solution, so nothing to play: {reason}"
            ))),
            Solutions::One => Ok(board),
            Solutions::Several => Err(FixRefused::Warn(
                board,
                "several solutions: not a proper puzzle".into(),
            )),
            Solutions::Unknown => Err(FixRefused::Warn(
                board,
                "the solutions could not be counted: it may have several".into(),
            )),
        }
    }
}
