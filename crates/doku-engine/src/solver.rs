//! The backtracking search as an explicit-stack iterator: each `next()` is
//! one step (focus a cell, guess, deduce, backtrack, undo, solution,
//! exhausted). The animated view draws the steps; running it without a view
//! is the solver; after a solution it keeps searching, so counting solutions
//! and proving uniqueness are the same iterator. There is no recursion.

use super::board::{Board, Candidates};
use super::killer::{combos, Cages};
use super::shape::{Cell, Digit, Geometry, House, Shape};
use std::collections::VecDeque;
use std::sync::Arc;

/// How the search picks the next cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// The first empty cell in reading order, digits ascending, no deduction:
    /// the textbook backtracking.
    Naive,
    /// The cell with the fewest candidates, with naked and hidden singles
    /// deduced between guesses.
    #[default]
    Mrv,
}

impl crate::Named for Strategy {
    const ALL: &'static [Strategy] = &[Strategy::Naive, Strategy::Mrv];
    const KIND: &'static str = "strategy";

    fn name(self) -> &'static str {
        match self {
            Strategy::Naive => "naive",
            Strategy::Mrv => "mrv",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Strategy::Naive => {
                "the first empty cell in reading order, digits ascending, no deduction"
            }
            Strategy::Mrv => "the cell with the fewest candidates, singles deduced between guesses",
        }
    }
}

/// Why a deduced digit is forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// The cell has one candidate left.
    NakedSingle,
    /// The digit has one place left in this house.
    HiddenSingle(House),
    /// The cell's cage (by number, see [`Cages`]): its sum leaves the
    /// cell this one digit of those its houses allow.
    Cage(u16),
}

/// One step of the search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The search looks at a cell to branch on, with the digits it may take.
    Focus { cell: Cell, candidates: Candidates },
    /// The search branches on where a digit goes in a house: it has only
    /// these few places left there.
    FocusDigit {
        digit: Digit,
        house: House,
        cells: Vec<Cell>,
    },
    /// A killer's cage narrows its empty cells to the digits its sum
    /// still allows, before the search branches on one of them.
    CageNarrows {
        cage: u16,
        cells: Vec<Cell>,
        digits: Candidates,
    },
    /// A tentative placement: one branch of the search.
    Guess { cell: Cell, digit: Digit },
    /// A placement forced by the ones before it.
    Deduce {
        cell: Cell,
        digit: Digit,
        rule: Rule,
    },
    /// A dead end: `cell` has no digit left (`None`: a digit has no place
    /// left in some house, or the search goes on after a solution).
    Backtrack { cell: Option<Cell> },
    /// A placement taken back while backtracking.
    Undo { cell: Cell, digit: Digit },
    /// The board is full: a solution.
    Solution(Board),
    /// The search space is exhausted: no further solutions.
    Exhausted,
    /// The step limit was reached before the search finished.
    LimitReached,
}

impl Step {
    /// Whether this step ends the search (nothing follows it).
    pub fn is_final(&self) -> bool {
        matches!(self, Step::Exhausted | Step::LimitReached)
    }
}

pub use crate::shape::geometry;

#[derive(Clone, Copy, Debug)]
struct Placement {
    cell: u16,
    digit: u8,
}

/// What a choice point branches over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Branch {
    /// The digits of one cell (`remaining` holds digit bits).
    Cell(u16),
    /// The places of one digit in one house (`remaining` holds positions
    /// within the house).
    Digit { house: u16, digit: u8 },
}

/// The best choice point a scan found: a branch and its alternatives.
type Choice = (Branch, u64);

#[derive(Clone, Copy, Debug)]
struct Frame {
    branch: Branch,
    /// Alternatives not yet tried.
    remaining: u64,
    /// Trail length before this frame's guess: backtracking undoes down to it.
    trail_len: usize,
}

/// What a cage holds so far in the search.
#[derive(Clone, Copy, Debug, Default)]
struct CageState {
    placed: u64,
    /// The sum still to make (`u32::MAX`: the cage has no sum).
    left: u32,
    open: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Apply queued deductions, else look for more, else focus a cell.
    Search,
    /// Guess the next untried digit of the top frame.
    Guess,
    /// Undo placements down to the top frame, then guess again.
    Unwind,
    Done,
}

/// The search over one board, one step per `next()`.
#[derive(Clone, Debug)]
pub struct Solver {
    geo: Arc<Geometry>,
    /// A killer's cages, and each one's digits placed, sum left and cells
    /// left.
    cages: Option<Arc<Cages>>,
    cage_state: Vec<CageState>,
    /// A focus held back while its cage's narrowing is shown first.
    held_focus: Option<Choice>,
    strategy: Strategy,
    values: Vec<u8>,
    /// Digits placed in each house (bit `d - 1`).
    used: Vec<u64>,
    empty: usize,
    trail: Vec<Placement>,
    frames: Vec<Frame>,
    pending: VecDeque<(u16, u8, Rule)>,
    phase: Phase,
    steps: u64,
    limit: u64,
    guesses: u64,
    backtracks: u64,
    solutions: u64,
    max_depth: usize,
    finished: bool,
}

impl Solver {
    pub fn new(board: &Board, strategy: Strategy) -> Solver {
        let shape = board.shape();
        let geo = geometry(shape);
        let cages = board.cages().cloned();
        let cage_state = cages
            .iter()
            .flat_map(|c| c.iter())
            .map(|cage| CageState {
                placed: 0,
                left: cage.sum().map_or(u32::MAX, u32::from),
                open: cage.len() as u32,
            })
            .collect();
        let mut solver = Solver {
            used: vec![0; geo.house_cells.len()],
            geo,
            cages,
            cage_state,
            held_focus: None,
            strategy,
            values: vec![0; shape.cell_count()],
            empty: shape.cell_count(),
            trail: Vec::new(),
            frames: Vec::new(),
            pending: VecDeque::new(),
            phase: Phase::Search,
            steps: 0,
            limit: u64::MAX,
            guesses: 0,
            backtracks: 0,
            solutions: 0,
            max_depth: 0,
            finished: false,
        };
        for cell in shape.cells() {
            if let Some(digit) = board.get(cell) {
                if solver.candidates(cell.0 as usize) & digit.bit() == 0 {
                    // Givens that clash: there is nothing to search.
                    solver.phase = Phase::Done;
                }
                solver.place(cell.0, digit.get());
            }
        }
        if solver.phase == Phase::Done {
            solver.phase = Phase::Unwind;
        }
        solver
    }

    /// Ends the search with [`Step::LimitReached`] after this many steps.
    pub fn with_step_limit(mut self, limit: u64) -> Solver {
        self.limit = limit;
        self
    }

    pub fn strategy(&self) -> Strategy {
        self.strategy
    }
    pub fn shape(&self) -> Shape {
        self.geo.shape
    }
    /// Whether the search has ended (exhausted or limit reached).
    pub fn is_finished(&self) -> bool {
        self.finished
    }
    /// Steps taken so far.
    pub fn steps(&self) -> u64 {
        self.steps
    }
    pub fn guesses(&self) -> u64 {
        self.guesses
    }
    pub fn backtracks(&self) -> u64 {
        self.backtracks
    }
    pub fn solutions_found(&self) -> u64 {
        self.solutions
    }
    /// Current number of open choices on the stack.
    pub fn depth(&self) -> usize {
        self.frames.len()
    }
    pub fn max_depth(&self) -> usize {
        self.max_depth
    }
    /// The open choices, outermost first: the cell and the digit being tried.
    pub fn choices(&self) -> impl Iterator<Item = (Cell, Option<Digit>)> + '_ {
        // Each frame's guess is the first placement after its trail mark.
        self.frames.iter().filter_map(|f| {
            // A frame that has not guessed yet has no placement after its mark.
            let guess = self.trail.get(f.trail_len);
            match f.branch {
                Branch::Cell(c) => Some((Cell(c), guess.and_then(|p| Digit::new(p.digit)))),
                Branch::Digit { .. } => guess.map(|p| (Cell(p.cell), Digit::new(p.digit))),
            }
        })
    }
    /// The board as the search has it now.
    pub fn board(&self) -> Board {
        Board::from_values(self.geo.shape, self.values.clone())
            .unwrap_or_else(|| Board::empty(self.geo.shape))
            .with_cages(self.cages.clone())
    }
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.values[cell.index()])
    }

    fn candidates(&self, cell: usize) -> u64 {
        self.house_candidates(cell) & self.cage_allows(cell)
    }

    /// The digits the cell's houses leave it.
    fn house_candidates(&self, cell: usize) -> u64 {
        if self.values[cell] != 0 {
            return 0;
        }
        let mut used = 0;
        for &h in self.geo.houses_of(cell) {
            used |= self.used[h as usize];
        }
        self.geo.shape.all_digits() & !used
    }

    /// The cell's cage, if the board is a killer and the cell in a cage.
    fn cage_of(&self, cell: usize) -> Option<usize> {
        self.cages.as_ref()?.cage_of(Cell(cell as u16))
    }

    /// The digits the cell's cage leaves it: not yet in the cage, and in
    /// some combination that makes what is left of its sum.
    fn cage_allows(&self, cell: usize) -> u64 {
        let all = self.geo.shape.all_digits();
        let Some(cage) = self.cage_of(cell) else {
            return all;
        };
        let state = self.cage_state[cage];
        let open = all & !state.placed;
        if state.left == u32::MAX {
            return open;
        }
        combos::combos(open, state.open, state.left).map_or(0, |c| c.union)
    }

    fn place(&mut self, cell: u16, digit: u8) {
        let bit = 1u64 << (digit - 1);
        let c = cell as usize;
        for &h in self.geo.houses_of(c) {
            self.used[h as usize] |= bit;
        }
        if let Some(cage) = self.cage_of(c) {
            let state = &mut self.cage_state[cage];
            state.placed |= bit;
            state.open -= 1;
            if state.left != u32::MAX {
                state.left = state.left.wrapping_sub(digit as u32);
            }
        }
        self.values[c] = digit;
        self.empty -= 1;
    }

    fn unplace(&mut self, cell: u16, digit: u8) {
        let bit = 1u64 << (digit - 1);
        let c = cell as usize;
        for &h in self.geo.houses_of(c) {
            self.used[h as usize] &= !bit;
        }
        if let Some(cage) = self.cage_of(c) {
            let state = &mut self.cage_state[cage];
            state.placed &= !bit;
            state.open += 1;
            if state.left != u32::MAX {
                state.left = state.left.wrapping_add(digit as u32);
            }
        }
        self.values[c] = 0;
        self.empty += 1;
    }

    /// The step that shows a cage narrowing the cell about to be branched
    /// on, if its cage took digits its houses allow.
    fn cage_narrowing(&self, branch: Branch) -> Option<Step> {
        let Branch::Cell(cell) = branch else {
            return None;
        };
        let c = cell as usize;
        let cage = self.cage_of(c)?;
        if self.house_candidates(c) == self.candidates(c) {
            return None;
        }
        let cells = self.cages.as_ref()?.get(cage)?.cells();
        Some(Step::CageNarrows {
            cage: cage as u16,
            cells: cells
                .iter()
                .copied()
                .filter(|cell| self.values[cell.index()] == 0)
                .collect(),
            digits: Candidates(self.cage_allows(c)),
        })
    }

    fn dead_end(&mut self, cell: Option<u16>) -> Step {
        self.pending.clear();
        self.backtracks += 1;
        self.phase = Phase::Unwind;
        Step::Backtrack {
            cell: cell.map(Cell),
        }
    }

    /// Looks for singles (MRV only), queueing them; failing that, returns the
    /// cell to branch on. `Err` is a dead end.
    fn scan(&mut self) -> Result<Option<Choice>, Option<u16>> {
        let n_cells = self.values.len();
        let mut best: Option<Choice> = None;
        let mut best_len = u32::MAX;
        if self.strategy == Strategy::Naive {
            let start = match self.frames.last().map(|f| f.branch) {
                Some(Branch::Cell(c)) => c as usize,
                _ => 0,
            };
            let cell = (start..n_cells).find(|&c| self.values[c] == 0);
            return Ok(cell.map(|c| (Branch::Cell(c as u16), self.candidates(c))));
        }
        for c in 0..n_cells {
            if self.values[c] != 0 {
                continue;
            }
            let cand = self.candidates(c);
            let len = cand.count_ones();
            if len == 0 {
                return Err(Some(c as u16));
            }
            if len == 1 {
                let rule = match self.cage_of(c) {
                    Some(cage) if self.house_candidates(c) != cand => Rule::Cage(cage as u16),
                    _ => Rule::NakedSingle,
                };
                self.pending
                    .push_back((c as u16, cand.trailing_zeros() as u8 + 1, rule));
            } else if len < best_len {
                best_len = len;
                best = Some((Branch::Cell(c as u16), cand));
            }
        }
        if !self.pending.is_empty() {
            return Ok(None);
        }
        let all = self.geo.shape.all_digits();
        for h in 0..self.geo.house_cells.len() {
            let missing = all & !self.used[h];
            if missing == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0u64, 0u64, 0u64);
            for &c in &self.geo.house_cells[h] {
                let cand = self.candidates(c as usize);
                thrice |= twice & cand;
                twice |= once & cand;
                once |= cand;
            }
            if missing & !once != 0 {
                return Err(None);
            }
            // A digit with two places in a house is as good a branch as a
            // cell with two candidates, and on large boards far more common.
            let two_places = twice & !thrice;
            if best_len > 2 && two_places != 0 {
                let digit = two_places.trailing_zeros() as u8 + 1;
                let bit = 1u64 << (digit - 1);
                let mut positions = 0u64;
                for (i, &c) in self.geo.house_cells[h].iter().enumerate() {
                    if self.candidates(c as usize) & bit != 0 {
                        positions |= 1 << i;
                    }
                }
                best_len = 2;
                best = Some((
                    Branch::Digit {
                        house: h as u16,
                        digit,
                    },
                    positions,
                ));
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                for &c in &self.geo.house_cells[h] {
                    if self.candidates(c as usize) & bit != 0 {
                        let digit = bit.trailing_zeros() as u8 + 1;
                        self.pending
                            .push_back((c, digit, Rule::HiddenSingle(self.geo.house(h))));
                        break;
                    }
                }
            }
        }
        if !self.pending.is_empty() {
            return Ok(None);
        }
        Ok(best)
    }

    /// Pushes a choice point and shows its focus.
    fn open_frame(&mut self, branch: Branch, remaining: u64) -> Step {
        self.frames.push(Frame {
            branch,
            remaining,
            trail_len: self.trail.len(),
        });
        self.max_depth = self.max_depth.max(self.frames.len());
        self.phase = Phase::Guess;
        self.focus_step(branch, remaining)
    }

    fn focus_step(&self, branch: Branch, remaining: u64) -> Step {
        match branch {
            Branch::Cell(cell) => Step::Focus {
                cell: Cell(cell),
                candidates: Candidates(remaining),
            },
            Branch::Digit { house, digit } => {
                let cells = &self.geo.house_cells[house as usize];
                Step::FocusDigit {
                    digit: Digit::new(digit).unwrap_or_else(|| unreachable!()),
                    house: self.geo.house(house as usize),
                    cells: (0..cells.len())
                        .filter(|i| remaining & (1 << i) != 0)
                        .map(|i| Cell(cells[i]))
                        .collect(),
                }
            }
        }
    }

    fn step(&mut self) -> Step {
        loop {
            match self.phase {
                Phase::Done => return Step::Exhausted,
                Phase::Search => {
                    if let Some((branch, remaining)) = self.held_focus.take() {
                        return self.open_frame(branch, remaining);
                    }
                    if let Some((cell, digit, rule)) = self.pending.pop_front() {
                        let c = cell as usize;
                        if self.values[c] == digit {
                            continue; // found twice (naked and hidden)
                        }
                        if self.candidates(c) & (1u64 << (digit - 1)) == 0 {
                            return self.dead_end(Some(cell));
                        }
                        self.place(cell, digit);
                        self.trail.push(Placement { cell, digit });
                        return Step::Deduce {
                            cell: Cell(cell),
                            digit: Digit::new(digit).unwrap_or_else(|| unreachable!()),
                            rule,
                        };
                    }
                    if self.empty == 0 {
                        self.solutions += 1;
                        // The search goes on from here as from a dead end.
                        self.phase = Phase::Unwind;
                        return Step::Solution(self.board());
                    }
                    match self.scan() {
                        Err(cell) => return self.dead_end(cell),
                        Ok(None) if !self.pending.is_empty() => continue,
                        Ok(None) => return self.dead_end(None),
                        Ok(Some((branch, remaining))) => {
                            if let Some(narrows) = self.cage_narrowing(branch) {
                                self.held_focus = Some((branch, remaining));
                                return narrows;
                            }
                            return self.open_frame(branch, remaining);
                        }
                    }
                }
                Phase::Guess => {
                    let Some(frame) = self.frames.last_mut() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    if frame.remaining == 0 {
                        let branch = frame.branch;
                        self.frames.pop();
                        self.phase = Phase::Unwind;
                        self.backtracks += 1;
                        let cell = match branch {
                            Branch::Cell(c) => Some(Cell(c)),
                            Branch::Digit { .. } => None,
                        };
                        return Step::Backtrack { cell };
                    }
                    let pick = frame.remaining.trailing_zeros();
                    frame.remaining &= frame.remaining - 1;
                    let (cell, digit) = match frame.branch {
                        Branch::Cell(c) => (c, pick as u8 + 1),
                        Branch::Digit { house, digit } => {
                            (self.geo.house_cells[house as usize][pick as usize], digit)
                        }
                    };
                    self.place(cell, digit);
                    self.trail.push(Placement { cell, digit });
                    self.guesses += 1;
                    self.phase = Phase::Search;
                    return Step::Guess {
                        cell: Cell(cell),
                        digit: Digit::new(digit).unwrap_or_else(|| unreachable!()),
                    };
                }
                Phase::Unwind => {
                    let Some(frame) = self.frames.last() else {
                        self.phase = Phase::Done;
                        continue;
                    };
                    if self.trail.len() > frame.trail_len {
                        let p = self.trail.pop().unwrap_or_else(|| unreachable!());
                        self.unplace(p.cell, p.digit);
                        return Step::Undo {
                            cell: Cell(p.cell),
                            digit: Digit::new(p.digit).unwrap_or_else(|| unreachable!()),
                        };
                    }
                    self.phase = Phase::Guess;
                }
            }
        }
    }
}

impl Iterator for Solver {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        if self.finished {
            return None;
        }
        if self.steps >= self.limit {
            self.finished = true;
            return Some(Step::LimitReached);
        }
        let step = self.step();
        self.finished = step.is_final();
        self.steps += 1;
        Some(step)
    }
}
