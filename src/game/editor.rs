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
use crate::engine::killer::Cages;
use crate::engine::{Board, Cell, Shape, Solver, Step, Strategy};
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

/// Solutions counted at most: "10 or more" says enough about a puzzle
/// that needs more givens.
pub const COUNT_LIMIT: usize = 10;
/// The grade is worked out for a unique puzzle up to this size (a 25x25's
/// grade can take the spare core for minutes).
const GRADE_UP_TO: usize = 16;

/// Steps the counting search may take on boards other than 9x9 before it
/// gives up and says it does not know (a fraction of a second to a second).
const COUNT_STEP_BUDGET: u64 = 2_000_000;
/// The cancel flag is read this often (in search steps).
const CANCEL_CHECK_EVERY: u64 = 4_096;

/// The number of solutions of `board`, up to two, unless `cancel` is set
/// (then `None`). Conflicting boards are answered at once, with the reason.
pub fn count_solutions(board: &Board, cancel: &AtomicBool) -> Option<Solutions> {
    count_solutions_found(board, cancel).map(|(solutions, _)| solutions)
}

/// How many solutions a count found.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Found {
    pub count: usize,
    /// Whether the search ended by itself, so that `count` is all there
    /// are (below [`COUNT_LIMIT`]), not the step budget's cut.
    pub exact: bool,
}

/// [`count_solutions`], with how many were found (up to [`COUNT_LIMIT`]).
pub fn count_solutions_found(board: &Board, cancel: &AtomicBool) -> Option<(Solutions, Found)> {
    let exact = |count| Found { count, exact: true };
    if let Some(reason) = clash_reason(board) {
        return Some((Solutions::None(reason), exact(0)));
    }
    if board.shape().size() == 9 && !board.is_killer() {
        // The dedicated 9x9 counter answers any board in milliseconds.
        let found = board.count_solutions_up_to(COUNT_LIMIT);
        return Some(match found {
            0 => (Solutions::None(no_solution_reason(board)), exact(0)),
            1 => (Solutions::One, exact(1)),
            n => (Solutions::Several, exact(n)),
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
                if found >= COUNT_LIMIT {
                    return Some((Solutions::Several, exact(found)));
                }
            }
            // Out of budget: more not ruled out.
            Step::LimitReached => {
                let solutions = match found {
                    0 | 1 => Solutions::Unknown,
                    _ => Solutions::Several,
                };
                return Some((
                    solutions,
                    Found {
                        count: found,
                        exact: false,
                    },
                ));
            }
            _ => {}
        }
    }
    Some(match found {
        0 => (Solutions::None(no_solution_reason(board)), exact(0)),
        1 => (Solutions::One, exact(1)),
        n => (Solutions::Several, exact(n)),
    })
}

/// What the counting thread reports: the count, then (for a unique
/// puzzle small enough) its grade.
enum Counted {
    Solutions(Solutions, Found),
    Grade(String),
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
    result: Receiver<Counted>,
}

impl Count {
    fn start(board: Board) -> Count {
        let cancel = Arc::new(AtomicBool::new(false));
        let (send, result) = mpsc::channel();
        let flag = Arc::clone(&cancel);
        std::thread::spawn(move || {
            let Some((solutions, found)) = count_solutions_found(&board, &flag) else {
                return;
            };
            let unique = solutions == Solutions::One;
            // The editor may be gone; nobody to tell then.
            if send.send(Counted::Solutions(solutions, found)).is_err() || !unique {
                return;
            }
            if board.shape().size() <= GRADE_UP_TO && !flag.load(Ordering::Relaxed) {
                let grade = crate::engine::grader::grade_known_unique(&board);
                let _ = send.send(Counted::Grade(grade.difficulty.to_string()));
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

/// A killer cage being drawn: the cells marked so far, the sum typed (in
/// decimal digits; none: a cage whose digits only differ), and the cage it
/// redraws, if one was picked up (by its first cell).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CageDraft {
    pub cells: Vec<Cell>,
    pub sum: String,
    pub replaces: Option<Cell>,
}

impl CageDraft {
    /// The sum typed, if any.
    pub fn sum(&self) -> Option<u32> {
        self.sum.parse().ok()
    }
}

/// Digits a cage's sum may have (25x25 cages add up to 325 at most).
const SUM_DIGITS: usize = 3;

/// One step the editor's undo takes back: digits typed (the game's own
/// undo holds them) or the cages as they were before a cage edit.
#[derive(Clone, Debug)]
enum Edit {
    Givens,
    Cages(Option<Arc<Cages>>),
}

/// The editor's state.
pub struct Editor {
    game: Game,
    solutions: Solutions,
    /// Solutions found by the last count.
    found: Found,
    /// The grade of a unique puzzle, once worked out.
    grade: Option<String>,
    count: Option<Count>,
    /// The cage being drawn, if any.
    draft: Option<CageDraft>,
    /// Givens and cage edits in the order made, for undo and redo.
    undo: Vec<Edit>,
    redo: Vec<Edit>,
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
            found: Found::default(),
            grade: None,
            count: None,
            draft: None,
            undo: Vec::new(),
            redo: Vec::new(),
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

    /// A blank killer of `shape`: no givens and no cages yet.
    pub fn new_killer(shape: Shape, now: Instant) -> Editor {
        let cages = Cages::new(shape, []).ok().map(Arc::new);
        Editor::from_board(Board::empty(shape).with_cages(cages), now)
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
    /// The solutions in a few words ("3 solutions", "10 or more
    /// solutions", "exactly one solution: hard"); a blank killer asks for
    /// cages.
    pub fn solutions_label(&self) -> String {
        match (&self.solutions, &self.grade) {
            (Solutions::Blank, _) if self.game.board().is_killer() => {
                "draw cages or type givens".into()
            }
            (Solutions::One, Some(grade)) => format!("exactly one solution: {grade}"),
            (Solutions::Several, _) if self.found.count >= COUNT_LIMIT => {
                format!("{COUNT_LIMIT} or more solutions")
            }
            (Solutions::Several, _) if self.found.exact => {
                format!("{} solutions", self.found.count)
            }
            // The budget ran out after these.
            (Solutions::Several, _) if self.found.count > 2 => {
                format!("{} or more solutions", self.found.count)
            }
            (solutions, _) => solutions.label().into(),
        }
    }
    /// The grade of a unique puzzle, once worked out ("medium").
    pub fn grade(&self) -> Option<&str> {
        self.grade.as_deref()
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
        self.grade = None;
        self.found = Found::default();
        let board = self.game.board().clone();
        // A killer needs no givens: its cages are a puzzle already.
        let caged = board.cages().is_some_and(|cages| !cages.is_empty());
        if board.filled_count() == 0 && !caged {
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
            Ok(Counted::Solutions(solutions, found)) => {
                // A unique puzzle's grade follows on the same thread.
                if solutions != Solutions::One {
                    self.count = None;
                }
                self.solutions = solutions;
                self.found = found;
                true
            }
            Ok(Counted::Grade(grade)) => {
                self.grade = Some(grade);
                self.count = None;
                true
            }
            Err(TryRecvError::Empty) => false,
            // A unique puzzle too large to grade: the count is all.
            Err(TryRecvError::Disconnected) if self.solutions == Solutions::One => {
                self.count = None;
                true
            }
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
        let mut board = self.game.board().clone();
        if board.cages().is_some_and(|cages| cages.is_empty()) {
            // A killer editor with no cages drawn: a plain puzzle.
            board = board.with_cages(None);
        }
        match &self.solutions {
            Solutions::Blank if board.is_killer() || self.game.board().is_killer() => {
                Err(FixRefused::Refused(
                    "draw some cages or type some givens first: the board is blank".into(),
                ))
            }
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

/// Digits, erasing, undo and redo, through the editor so that its undo
/// keeps digits and cage edits in the order they were made. The caller
/// passes the outcome to [`Editor::after`], as for any edit.
impl Editor {
    pub fn enter(&mut self, value: u8, now: Instant) -> Outcome {
        let outcome = self.game.enter(value, now);
        self.record_givens(&outcome);
        outcome
    }

    pub fn erase(&mut self, now: Instant) -> Outcome {
        let outcome = self.game.erase(now);
        self.record_givens(&outcome);
        outcome
    }

    fn record_givens(&mut self, outcome: &Outcome) {
        if matches!(
            outcome,
            Outcome::Changed | Outcome::Solved | Outcome::SolvedAgain
        ) {
            self.undo.push(Edit::Givens);
            self.redo.clear();
        }
    }

    pub fn undo(&mut self, now: Instant) -> Outcome {
        match self.undo.pop() {
            None => Outcome::Unchanged,
            Some(Edit::Givens) => {
                self.redo.push(Edit::Givens);
                self.game.undo(now)
            }
            Some(Edit::Cages(before)) => {
                let now_cages = self.put_cages(before, now);
                self.redo.push(Edit::Cages(now_cages));
                Outcome::Changed
            }
        }
    }

    pub fn redo(&mut self, now: Instant) -> Outcome {
        match self.redo.pop() {
            None => Outcome::Unchanged,
            Some(Edit::Givens) => {
                self.undo.push(Edit::Givens);
                self.game.redo(now)
            }
            Some(Edit::Cages(after)) => {
                let before = self.put_cages(after, now);
                self.undo.push(Edit::Cages(before));
                Outcome::Changed
            }
        }
    }
}

/// Killer cages, drawn from the cursor: mark cells, type the sum, finish.
/// Each change is checked by [`Cages::new`] and refused with its reason;
/// a refused cage stays drawn to be put right. Every change recounts.
impl Editor {
    /// The cage being drawn, if any.
    pub fn draft(&self) -> Option<&CageDraft> {
        self.draft.as_ref()
    }

    /// The mark key: starts a cage at the cursor, or picks up the cage
    /// under it to redraw; while drawing, adds the cell under the cursor
    /// (it must touch the cage) or takes it out again.
    pub fn mark_cell(&mut self) -> Outcome {
        let shape = self.game.shape();
        let cell = self.game.cursor();
        let name = cell_name(shape, cell);
        let cages = self.game.board().cages().cloned();
        let cage_at = |cell| {
            cages
                .as_ref()
                .and_then(|c| c.cage_of(cell).and_then(|i| c.get(i)))
        };
        let Some(draft) = self.draft.as_mut() else {
            self.draft = Some(match cage_at(cell) {
                Some(cage) => CageDraft {
                    cells: cage.cells().to_vec(),
                    sum: cage.sum().map(|s| s.to_string()).unwrap_or_default(),
                    replaces: Some(cage.anchor()),
                },
                None => CageDraft {
                    cells: vec![cell],
                    ..CageDraft::default()
                },
            });
            return Outcome::Changed;
        };
        if let Some(i) = draft.cells.iter().position(|&c| c == cell) {
            draft.cells.remove(i);
            if draft.cells.is_empty() && draft.replaces.is_none() {
                // Nothing left of a new cage: nothing to draw.
                self.draft = None;
            }
            return Outcome::Changed;
        }
        if let Some(cage) = cage_at(cell) {
            if Some(cage.anchor()) != draft.replaces {
                let what = crate::engine::killer::describe(cage, shape);
                return Outcome::Refused(format!("{name} is in {what} already"));
            }
        }
        let touches = draft.cells.iter().any(|&c| {
            shape.row(c).abs_diff(shape.row(cell)) + shape.col(c).abs_diff(shape.col(cell)) == 1
        });
        if !touches && !draft.cells.is_empty() {
            return Outcome::Refused(format!(
                "{name} does not touch the cage being drawn: a cage's cells join side to side"
            ));
        }
        let n = shape.size();
        if draft.cells.len() >= n {
            return Outcome::Refused(format!(
                "a cage holds {n} cells at most: digits never repeat in a cage"
            ));
        }
        draft.cells.push(cell);
        draft.cells.sort_unstable();
        Outcome::Changed
    }

    /// A decimal digit of the sum of the cage being drawn.
    pub fn type_sum_digit(&mut self, digit: u8) -> Outcome {
        let Some(draft) = self.draft.as_mut() else {
            return Outcome::Unchanged;
        };
        if draft.sum.is_empty() && digit == 0 {
            return Outcome::Refused("a cage's sum does not start with 0".into());
        }
        if draft.sum.len() >= SUM_DIGITS || digit > 9 {
            return Outcome::Refused(format!(
                "a sum of {} digits at most: erase one first",
                SUM_DIGITS
            ));
        }
        draft.sum.push(char::from(b'0' + digit));
        Outcome::Changed
    }

    /// Takes back the last digit of the sum being typed.
    pub fn erase_sum_digit(&mut self) -> Outcome {
        match self.draft.as_mut().and_then(|d| d.sum.pop()) {
            Some(_) => Outcome::Changed,
            None => Outcome::Unchanged,
        }
    }

    /// Leaves the cage being drawn; the cages are as they were.
    pub fn cancel_cage(&mut self) -> bool {
        self.draft.take().is_some()
    }

    /// Makes the cage drawn (or redrawn) with its sum, if the cages then
    /// make a killer; refused with the reason otherwise, the drawing kept.
    pub fn finish_cage(&mut self, now: Instant) -> Outcome {
        let Some(draft) = self.draft.clone() else {
            return Outcome::Unchanged;
        };
        let shape = self.game.shape();
        let old = self.game.board().cages().cloned();
        let mut list: Vec<(Vec<Cell>, Option<u32>)> = old
            .iter()
            .flat_map(|cages| cages.iter())
            .filter(|cage| Some(cage.anchor()) != draft.replaces)
            .map(|cage| (cage.cells().to_vec(), cage.sum().map(u32::from)))
            .collect();
        if !draft.cells.is_empty() {
            list.push((draft.cells.clone(), draft.sum()));
        }
        match Cages::new(shape, list) {
            Ok(cages) => {
                self.draft = None;
                self.set_cages(Some(Arc::new(cages)), now)
            }
            Err(e) => Outcome::Refused(format!("not a cage: {e}")),
        }
    }

    /// Removes the cage under the cursor.
    pub fn remove_cage(&mut self, now: Instant) -> Outcome {
        let shape = self.game.shape();
        let cell = self.game.cursor();
        let Some(cages) = self.game.board().cages().cloned() else {
            return Outcome::Refused("no cages here: this is not a killer".into());
        };
        let Some(index) = cages.cage_of(cell) else {
            return Outcome::Refused(format!("no cage at {}", cell_name(shape, cell)));
        };
        let rest = cages
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != index)
            .map(|(_, cage)| (cage.cells().to_vec(), cage.sum().map(u32::from)));
        match Cages::new(shape, rest) {
            Ok(rest) => self.set_cages(Some(Arc::new(rest)), now),
            Err(e) => Outcome::Refused(e.to_string()),
        }
    }

    /// New cages, undoably, and counted again.
    fn set_cages(&mut self, cages: Option<Arc<Cages>>, now: Instant) -> Outcome {
        let before = self.put_cages(cages, now);
        self.undo.push(Edit::Cages(before));
        self.redo.clear();
        self.recount();
        Outcome::Changed
    }

    /// Puts `cages` on the board being typed; the cages it had come back.
    fn put_cages(&mut self, cages: Option<Arc<Cages>>, now: Instant) -> Option<Arc<Cages>> {
        let before = self.game.board.cages().cloned();
        self.game.board = self.game.board.clone().with_cages(cages.clone());
        self.game.givens = self.game.givens.clone().with_cages(cages);
        // Conflicts and "solved" as the new cages judge the digits.
        self.game.after_change(now);
        before
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn four() -> Shape {
        Shape::sudoku(4).expect("4x4")
    }

    /// Marks the cells (row, column) from the cursor and types the sum.
    fn draw(editor: &mut Editor, cells: &[(usize, usize)], sum: &str) -> Outcome {
        for &(r, c) in cells {
            editor.game_mut().set_cursor(r, c);
            assert_eq!(editor.mark_cell(), Outcome::Changed, "r{}c{}", r + 1, c + 1);
        }
        for digit in sum.bytes() {
            editor.type_sum_digit(digit - b'0');
        }
        editor.finish_cage(Instant::now())
    }

    fn counted(editor: &mut Editor) -> Solutions {
        editor.finish_count();
        editor.solutions().clone()
    }

    #[test]
    fn cages_drawn_one_by_one_make_a_killer_with_one_solution() {
        let now = Instant::now();
        let mut editor = Editor::new_killer(four(), now);
        assert_eq!(editor.solutions(), &Solutions::Blank, "no cages yet");
        assert_eq!(draw(&mut editor, &[(0, 0), (0, 1)], "3"), Outcome::Changed);
        assert!(editor.draft().is_none());
        let cages = editor.givens().cages().expect("a killer").clone();
        assert_eq!(cages.len(), 1);
        assert_eq!(cages.get(0).and_then(|c| c.sum()), Some(3));
        assert_eq!(counted(&mut editor), Solutions::Several);
        draw(&mut editor, &[(0, 2), (1, 2)], "4");
        draw(&mut editor, &[(1, 0), (2, 0)], "5");
        assert_eq!(counted(&mut editor), Solutions::Several);
        draw(&mut editor, &[(2, 1), (2, 2)], "5");
        assert_eq!(counted(&mut editor), Solutions::One, "the fourth cage");
        // Enter plays it with its cages.
        let board = editor.fix().expect("a proper killer");
        assert_eq!(board.cages().map(|c| c.len()), Some(4));
    }

    /// A 4x4 killer of eight dominoes: two solutions once r1c1, r4c1 and
    /// r2c3 are given, counted to the end and so named exactly (it used
    /// to say "several" where a 9x9 would say "2 solutions").
    #[test]
    fn a_count_the_search_finishes_is_named_exactly() {
        let now = Instant::now();
        let mut editor = Editor::new_killer(four(), now);
        for (row, sums) in [
            (0, ["3", "7"]),
            (1, ["7", "3"]),
            (2, ["3", "7"]),
            (3, ["7", "3"]),
        ] {
            draw(&mut editor, &[(row, 0), (row, 1)], sums[0]);
            draw(&mut editor, &[(row, 2), (row, 3)], sums[1]);
        }
        assert_eq!(counted(&mut editor), Solutions::Several);
        assert_eq!(editor.solutions_label(), "10 or more solutions");
        let mut counts = Vec::new();
        for (row, col, digit) in [(3, 0, 4), (0, 0, 1), (1, 2, 1)] {
            editor.game_mut().set_cursor(row, col);
            let outcome = editor.enter(digit, now);
            editor.after(&outcome);
            counted(&mut editor);
            counts.push(editor.solutions_label());
        }
        assert_eq!(counts, ["8 solutions", "4 solutions", "2 solutions"]);
        let cancel = AtomicBool::new(false);
        let found = count_solutions_found(editor.givens(), &cancel).map(|(_, f)| f);
        assert_eq!(
            found,
            Some(Found {
                count: 2,
                exact: true
            })
        );
    }

    #[test]
    fn a_broken_cage_is_refused_with_its_reason_and_stays_drawn() {
        let now = Instant::now();
        let mut editor = Editor::new_killer(four(), now);
        // 1 cannot be made by two different digits.
        match draw(&mut editor, &[(0, 0), (0, 1)], "1") {
            Outcome::Refused(why) => {
                assert!(
                    why.contains("cannot make 1 with 2 different digits"),
                    "{why}"
                )
            }
            other => panic!("{other:?}"),
        }
        let draft = editor.draft().expect("still drawn");
        assert_eq!(draft.cells.len(), 2);
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(0));
        // Put right: the last digit erased, another typed.
        editor.erase_sum_digit();
        editor.type_sum_digit(7);
        assert_eq!(editor.finish_cage(now), Outcome::Changed);
        // A cell away from the cage is refused as it is marked; a cell
        // of another cage too.
        editor.game_mut().set_cursor(3, 3);
        editor.mark_cell();
        editor.game_mut().set_cursor(1, 1);
        match editor.mark_cell() {
            Outcome::Refused(why) => assert!(why.contains("does not touch"), "{why}"),
            other => panic!("{other:?}"),
        }
        editor.game_mut().set_cursor(3, 2);
        editor.mark_cell();
        editor.game_mut().set_cursor(2, 2);
        editor.mark_cell();
        editor.game_mut().set_cursor(1, 2);
        editor.mark_cell();
        editor.game_mut().set_cursor(0, 1);
        match editor.mark_cell() {
            Outcome::Refused(why) => assert!(why.contains("r1c2 is in the 7-cage"), "{why}"),
            other => panic!("{other:?}"),
        }
        // Five cells on a 4x4: too many.
        editor.game_mut().set_cursor(0, 2);
        match editor.mark_cell() {
            Outcome::Refused(why) => assert!(why.contains("4 cells at most"), "{why}"),
            other => panic!("{other:?}"),
        }
        // Esc: the cages are as they were.
        assert!(editor.cancel_cage());
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(1));
    }

    #[test]
    fn a_cage_picked_up_is_redrawn_with_a_new_sum_and_removed_and_undone() {
        let now = Instant::now();
        let mut editor = Editor::new_killer(four(), now);
        draw(&mut editor, &[(0, 0), (0, 1)], "3");
        // The mark key on the cage picks it up: its cells and its sum.
        editor.game_mut().set_cursor(0, 1);
        editor.mark_cell();
        let draft = editor.draft().expect("picked up").clone();
        assert_eq!(draft.sum(), Some(3));
        assert_eq!(draft.cells.len(), 2);
        editor.erase_sum_digit();
        editor.type_sum_digit(4);
        assert_eq!(editor.finish_cage(now), Outcome::Changed);
        let cages = editor.givens().cages().expect("killer").clone();
        assert_eq!(cages.len(), 1, "redrawn, not added");
        assert_eq!(cages.get(0).and_then(|c| c.sum()), Some(4));
        // Removed from any of its cells.
        editor.game_mut().set_cursor(0, 0);
        assert_eq!(editor.remove_cage(now), Outcome::Changed);
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(0));
        assert!(matches!(editor.remove_cage(now), Outcome::Refused(_)));
        // Undo brings back the cage, then its old sum; redo goes forward;
        // digits typed between take their turn.
        editor.enter(1, now);
        assert_eq!(editor.givens().filled_count(), 1);
        editor.undo(now);
        assert_eq!(editor.givens().filled_count(), 0);
        editor.undo(now);
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(1));
        editor.undo(now);
        let sum = |e: &Editor| e.givens().cages().and_then(|c| c.get(0)?.sum());
        assert_eq!(sum(&editor), Some(3));
        editor.redo(now);
        assert_eq!(sum(&editor), Some(4));
    }

    #[test]
    fn a_cage_drawn_in_a_classic_editor_makes_it_a_killer() {
        let now = Instant::now();
        let mut editor = Editor::new(four(), now);
        assert!(!editor.givens().is_killer());
        draw(&mut editor, &[(0, 0)], "2");
        assert!(editor.givens().is_killer());
        assert_eq!(counted(&mut editor), Solutions::Several);
    }
}
