//! Drives a search for the animated solver view, with no terminal in it:
//! which strategy runs, how fast, paused or not, the counters, the result,
//! and what each cell shows. The view draws a `&Watch`; the event loop asks
//! [`Watch::next_tick`] how long to wait and calls [`Watch::tick`].

use crate::engine::local_search::{
    GaveUpReason, Genetic, GeneticConfig, LocalStep, MinConflicts, MinConflictsConfig,
};
use crate::engine::{Board, Cell, Digit, Named, SearchKind, Solver, Step, Strategy};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Solved,
    /// The search space is exhausted (or the board clashes): no solution
    /// from the board the run started from.
    Exhausted,
    /// The step limit ended the run first.
    LimitReached,
}

impl Outcome {
    pub fn label(self) -> &'static str {
        match self {
            Outcome::Solved => "solved",
            Outcome::Exhausted => "no solution",
            Outcome::LimitReached => "step limit reached",
        }
    }
}

/// What a cell shows, for colouring.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    Empty,
    /// A given of the puzzle.
    Given,
    /// A player's entry the run started from (fixed for the search).
    Entry,
    /// A tentative placement: one branch of the search.
    Guess,
    /// A placement forced by the ones before it.
    Deduced,
    /// Emptied again by backtracking (until something is placed there).
    Backtracked,
    /// A digit of a local-search board that clashes with another.
    Conflicting,
    /// A digit of a local-search board that clashes with nothing.
    Placed,
    /// The cell the search looks at now.
    Focus,
}

/// Speed stops for `+`/`-`, in steps per second; the last is "as fast as possible".
pub const SPEEDS: [f64; 13] = [
    1.0,
    2.0,
    5.0,
    10.0,
    20.0,
    50.0,
    100.0,
    250.0,
    500.0,
    1_000.0,
    2_500.0,
    10_000.0,
    f64::INFINITY,
];

/// The frame rate is capped here; faster speeds run several steps per frame.
pub const MAX_FPS: f64 = 30.0;

/// At full speed, the share of each frame spent stepping (the rest draws).
const FULL_SPEED_BUDGET: f64 = 0.6;

/// The step limit when the config names none.
pub const DEFAULT_STEP_LIMIT: u64 = 10_000_000;

/// How many depth (or conflict) samples the sparkline keeps. The history
/// fills from the left and, when full, halves (each pair of samples becomes
/// its larger one) and samples half as often: the drawn line only grows at
/// its right end, so a frame redraws one column of it, not all.
pub const HISTORY_LEN: usize = 32;

/// How long to wait between ticks at this speed: one step per tick up to
/// [`MAX_FPS`] steps per second, then a frame every 1/[`MAX_FPS`] s.
pub fn tick_interval(speed: f64) -> Duration {
    let rate = if speed.is_finite() && speed > 0.0 {
        speed.min(MAX_FPS)
    } else {
        MAX_FPS
    };
    Duration::from_secs_f64(1.0 / rate)
}

/// What a tick should do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Due {
    /// Run this many steps.
    Steps(u64),
    /// Run steps for this long (full speed).
    For(Duration),
}

/// Turns elapsed time into steps owed at a speed, carrying fractions from
/// tick to tick but never a backlog: after a stall the run resumes at its
/// speed instead of racing to catch up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pacer {
    owed: f64,
}

impl Pacer {
    pub fn due(&mut self, speed: f64, since_last_tick: Duration) -> Due {
        if !speed.is_finite() {
            self.owed = 0.0;
            return Due::For(Duration::from_secs_f64(FULL_SPEED_BUDGET / MAX_FPS));
        }
        // At most two frames' worth (and at least one step) may be owed.
        let cap = (speed * 2.0 / MAX_FPS).max(1.0);
        self.owed = (self.owed + speed * since_last_tick.as_secs_f64()).min(cap);
        let steps = self.owed.floor();
        self.owed -= steps;
        Due::Steps(steps as u64)
    }

    pub fn reset(&mut self) {
        self.owed = 0.0;
    }
}

/// One step of whichever search runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchStep {
    Search(Step),
    Local(LocalStep),
}

#[derive(Clone, Debug)]
enum Engine {
    Backtracking(Box<Solver>),
    MinConflicts(Box<MinConflicts>),
    Genetic(Box<Genetic>),
}

/// Settings of a run that outlive a restart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct WatchOptions {
    pub strategy: SearchKind,
    /// Steps per second; infinity for as fast as possible.
    pub speed: f64,
    pub step_limit: u64,
    /// Seed of the local searches' randomness.
    pub seed: u64,
}

impl Default for WatchOptions {
    fn default() -> Self {
        WatchOptions {
            strategy: SearchKind::Mrv,
            speed: 20.0,
            step_limit: DEFAULT_STEP_LIMIT,
            seed: 0,
        }
    }
}

/// The counters the view shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Steps taken: search steps (naive, mrv), swaps and restarts
    /// (min-conflicts), generations (genetic).
    pub steps: u64,
    pub guesses: u64,
    pub backtracks: u64,
    pub depth: usize,
    pub max_depth: usize,
    /// Clashing pairs on the board (local searches).
    pub conflicts: usize,
    /// Generations bred (genetic).
    pub generation: u64,
    /// Times a local search started over.
    pub restarts: u64,
}

/// The animated run: a search, its pace, and what the board shows.
#[derive(Clone, Debug)]
pub struct Watch {
    givens: Board,
    start: Board,
    options: WatchOptions,
    engine: Engine,
    /// Runs of this watch so far (varies the seed of each restart).
    runs: u64,
    board: Board,
    kinds: Vec<CellKind>,
    focus: Vec<Cell>,
    counters: Counters,
    outcome: Option<Outcome>,
    last_step: Option<WatchStep>,
    paused: bool,
    finishing: bool,
    pacer: Pacer,
    elapsed: Duration,
    rate: f64,
    rate_window: (Duration, u64),
    history: Vec<u64>,
    /// Frames per history sample, and the largest value of the frames since
    /// the last sample (with how many there were).
    history_stride: u32,
    history_pending: (u64, u32),
    /// The digit an undo took from each backtracked cell (0: none).
    ghosts: Vec<u8>,
    /// What each cell showed at the last [`Watch::take_changes`].
    /// `None` before the first call, so the first frame reports every cell.
    shown: Vec<Option<(Option<Digit>, CellKind)>>,
}

impl Watch {
    /// A run from `start` (the givens, or the player's board); `givens` tells
    /// the puzzle's own cells from the player's entries.
    pub fn new(givens: &Board, start: &Board, options: WatchOptions) -> Watch {
        let shape = start.shape();
        let mut watch = Watch {
            givens: givens.clone(),
            start: start.clone(),
            options,
            engine: Engine::Backtracking(Box::new(Solver::new(start, Strategy::Naive))),
            runs: 0,
            board: start.clone(),
            kinds: vec![CellKind::Empty; shape.cell_count()],
            focus: Vec::new(),
            counters: Counters::default(),
            outcome: None,
            last_step: None,
            paused: false,
            finishing: false,
            pacer: Pacer::default(),
            elapsed: Duration::ZERO,
            rate: 0.0,
            rate_window: (Duration::ZERO, 0),
            history: Vec::with_capacity(HISTORY_LEN),
            history_stride: 1,
            history_pending: (0, 0),
            ghosts: vec![0; shape.cell_count()],
            shown: vec![None; shape.cell_count()],
        };
        watch.restart();
        watch
    }

    /// Starts the run over with the current strategy.
    pub fn restart(&mut self) {
        let seed = self.options.seed.wrapping_add(self.runs);
        self.runs += 1;
        let limit = self.options.step_limit;
        self.engine = match self.options.strategy {
            SearchKind::Naive => Engine::Backtracking(Box::new(
                Solver::new(&self.start, Strategy::Naive).with_step_limit(limit),
            )),
            SearchKind::Mrv => Engine::Backtracking(Box::new(
                Solver::new(&self.start, Strategy::Mrv).with_step_limit(limit),
            )),
            SearchKind::MinConflicts => {
                let config = MinConflictsConfig {
                    max_steps: limit,
                    ..MinConflictsConfig::default()
                };
                Engine::MinConflicts(Box::new(MinConflicts::new(
                    &self.start,
                    config,
                    ChaCha8Rng::seed_from_u64(seed),
                )))
            }
            SearchKind::Genetic => {
                let default = GeneticConfig::default();
                let config = GeneticConfig {
                    generation_limit: limit.min(default.generation_limit),
                    ..default
                };
                Engine::Genetic(Box::new(Genetic::new(
                    &self.start,
                    config,
                    ChaCha8Rng::seed_from_u64(seed),
                )))
            }
        };
        self.board = self.engine_board();
        self.counters = Counters::default();
        self.outcome = None;
        self.last_step = None;
        self.focus.clear();
        self.finishing = false;
        self.pacer.reset();
        self.elapsed = Duration::ZERO;
        self.rate = 0.0;
        self.rate_window = (Duration::ZERO, 0);
        self.history.clear();
        self.history_stride = 1;
        self.history_pending = (0, 0);
        self.ghosts.iter_mut().for_each(|g| *g = 0);
        for cell in self.start.shape().cells() {
            self.kinds[cell.index()] = if self.givens.get(cell).is_some() {
                CellKind::Given
            } else if self.start.get(cell).is_some() {
                CellKind::Entry
            } else {
                CellKind::Empty
            };
        }
        self.refresh_local();
    }

    // ----- controls -----

    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.finishing = false;
        self.pacer.reset();
    }
    pub fn is_paused(&self) -> bool {
        self.paused
    }
    /// One step (meant for a paused run).
    pub fn single_step(&mut self) {
        self.advance(1);
        self.sample_history();
        self.refresh_local();
    }
    /// The next faster speed stop.
    pub fn faster(&mut self) {
        if let Some(&s) = SPEEDS.iter().find(|&&s| s > self.options.speed) {
            self.options.speed = s;
        }
        self.pacer.reset();
    }
    /// The next slower speed stop.
    pub fn slower(&mut self) {
        if let Some(&s) = SPEEDS.iter().rev().find(|&&s| s < self.options.speed) {
            self.options.speed = s;
        }
        self.pacer.reset();
    }
    pub fn speed(&self) -> f64 {
        if self.finishing {
            f64::INFINITY
        } else {
            self.options.speed
        }
    }
    pub fn set_speed(&mut self, speed: f64) {
        self.options.speed = speed;
        self.pacer.reset();
    }
    /// Runs to the end at full speed (frame by frame, so the screen stays live).
    pub fn finish(&mut self) {
        self.finishing = true;
        self.paused = false;
    }
    pub fn is_finishing(&self) -> bool {
        self.finishing && self.outcome.is_none()
    }
    /// Restarts with the next strategy.
    pub fn next_strategy(&mut self) {
        self.options.strategy = self.options.strategy.next();
        self.restart();
    }
    pub fn set_strategy(&mut self, strategy: SearchKind) {
        self.options.strategy = strategy;
        self.restart();
    }

    // ----- time -----

    /// How long the event loop may wait before the next [`Watch::tick`];
    /// `None` when nothing animates (paused or ended): block on input.
    pub fn next_tick(&self) -> Option<Duration> {
        (!self.paused && self.outcome.is_none()).then(|| tick_interval(self.speed()))
    }

    /// Advances by the steps due after `since_last_tick` of wall time.
    pub fn tick(&mut self, since_last_tick: Duration) {
        if self.paused || self.outcome.is_some() {
            return;
        }
        self.elapsed += since_last_tick;
        match self.pacer.due(self.speed(), since_last_tick) {
            Due::Steps(n) => self.advance(n),
            Due::For(budget) => {
                // Steps between clock readings: a generation of the genetic
                // search on a big board takes milliseconds, a search step nanoseconds.
                let chunk = match self.engine {
                    Engine::Backtracking(_) => 256,
                    Engine::MinConflicts(_) => 32,
                    Engine::Genetic(_) => 1,
                };
                let began = Instant::now();
                while self.outcome.is_none() && began.elapsed() < budget {
                    self.advance(chunk);
                }
            }
        }
        self.update_rate();
        self.sample_history();
        self.refresh_local();
    }

    /// Runs to the end with no pacing (for tests and batch use).
    pub fn run_to_end(&mut self) -> Outcome {
        while self.outcome.is_none() {
            self.advance(4096);
        }
        self.sample_history();
        self.refresh_local();
        self.outcome.unwrap_or(Outcome::Exhausted)
    }

    fn update_rate(&mut self) {
        let (since, steps_then) = self.rate_window;
        let window = self.elapsed.saturating_sub(since);
        if window >= Duration::from_millis(500) {
            self.rate = (self.counters.steps - steps_then) as f64 / window.as_secs_f64();
            self.rate_window = (self.elapsed, self.counters.steps);
        }
    }

    fn sample_history(&mut self) {
        let sample = if self.options.strategy.is_backtracking() {
            self.counters.depth as u64
        } else {
            self.counters.conflicts as u64
        };
        let (largest, frames) = self.history_pending;
        let (largest, frames) = (largest.max(sample), frames + 1);
        if frames < self.history_stride {
            self.history_pending = (largest, frames);
            return;
        }
        self.history_pending = (0, 0);
        if self.history.len() == HISTORY_LEN {
            let halved: Vec<u64> = self
                .history
                .chunks(2)
                .map(|p| p[0].max(p[p.len() - 1]))
                .collect();
            self.history = halved;
            self.history_stride *= 2;
        }
        self.history.push(largest);
    }

    // ----- stepping -----

    /// Takes up to `n` steps, stopping at the end of the run.
    pub fn advance(&mut self, n: u64) {
        for _ in 0..n {
            if self.outcome.is_some() {
                return;
            }
            let step = match &mut self.engine {
                Engine::Backtracking(solver) => solver.next().map(WatchStep::Search),
                Engine::MinConflicts(search) => search.next().map(WatchStep::Local),
                Engine::Genetic(search) => search.next().map(WatchStep::Local),
            };
            let Some(step) = step else {
                self.outcome.get_or_insert(Outcome::Exhausted);
                return;
            };
            self.apply(&step);
            self.last_step = Some(step);
        }
    }

    fn apply(&mut self, step: &WatchStep) {
        match step {
            WatchStep::Search(step) => self.apply_search(step),
            WatchStep::Local(step) => self.apply_local(step),
        }
        // Steps as each search counts them: search steps, swaps (and
        // restarts), generations. The closing marker of a run is not a step.
        match &self.engine {
            Engine::Backtracking(solver) => {
                self.counters.steps = solver.steps();
                self.counters.guesses = solver.guesses();
                self.counters.backtracks = solver.backtracks();
                self.counters.depth = solver.depth();
                self.counters.max_depth = solver.max_depth();
            }
            Engine::MinConflicts(search) => self.counters.steps = search.steps(),
            Engine::Genetic(search) => self.counters.steps = search.generation(),
        }
    }

    fn apply_search(&mut self, step: &Step) {
        match *step {
            Step::Focus { cell, .. } => self.set_focus(&[cell]),
            Step::FocusDigit { ref cells, .. } => self.set_focus(cells),
            Step::Guess { cell, digit } => {
                self.board.set(cell, Some(digit));
                self.ghosts[cell.index()] = 0;
                self.kinds[cell.index()] = CellKind::Guess;
                self.set_focus(&[cell]);
            }
            Step::Deduce { cell, digit, .. } => {
                self.board.set(cell, Some(digit));
                self.ghosts[cell.index()] = 0;
                self.kinds[cell.index()] = CellKind::Deduced;
                self.set_focus(&[cell]);
            }
            Step::Backtrack { cell } => match cell {
                Some(cell) => self.set_focus(&[cell]),
                None => self.set_focus(&[]),
            },
            Step::Undo { cell, digit } => {
                self.board.set(cell, None);
                self.ghosts[cell.index()] = digit.get();
                self.kinds[cell.index()] = CellKind::Backtracked;
                self.set_focus(&[cell]);
            }
            Step::Solution(_) => {
                self.set_focus(&[]);
                self.outcome = Some(Outcome::Solved);
            }
            Step::Exhausted => {
                self.set_focus(&[]);
                self.outcome = Some(Outcome::Exhausted);
            }
            Step::LimitReached => self.outcome = Some(Outcome::LimitReached),
        }
    }

    fn apply_local(&mut self, step: &LocalStep) {
        match step {
            LocalStep::Swap { a, b, conflicts } => {
                let (x, y) = (self.board.get(*a), self.board.get(*b));
                self.board.set(*a, y);
                self.board.set(*b, x);
                self.counters.conflicts = *conflicts;
                self.set_focus(&[*a, *b]);
            }
            LocalStep::Restart { board, conflicts } => {
                self.board = board.clone();
                self.counters.conflicts = *conflicts;
                self.counters.restarts += 1;
                self.set_focus(&[]);
            }
            LocalStep::Generation {
                number,
                best,
                best_conflicts,
            } => {
                self.board = best.clone();
                self.counters.generation = *number;
                self.counters.conflicts = *best_conflicts;
                self.set_focus(&[]);
            }
            LocalStep::Solved(board) => {
                self.board = board.clone();
                self.counters.conflicts = 0;
                self.set_focus(&[]);
                self.outcome = Some(Outcome::Solved);
            }
            LocalStep::GaveUp(reason) => {
                self.set_focus(&[]);
                self.outcome = Some(match reason {
                    GaveUpReason::Limit => Outcome::LimitReached,
                    GaveUpReason::ClashingGivens | GaveUpReason::NoMove => Outcome::Exhausted,
                });
            }
        }
    }

    fn set_focus(&mut self, cells: &[Cell]) {
        self.focus.clear();
        self.focus.extend_from_slice(cells);
    }

    /// Local searches colour cells by conflict: recomputed once per frame,
    /// not per step.
    fn refresh_local(&mut self) {
        let marks = match &self.engine {
            Engine::Backtracking(_) => return,
            Engine::MinConflicts(search) => {
                self.counters.conflicts = search.conflicts();
                self.counters.restarts = search.restarts();
                search.conflicting_cells()
            }
            Engine::Genetic(search) => {
                self.counters.conflicts = search.conflicts();
                self.counters.generation = search.generation();
                self.counters.restarts = search.reseeds();
                search.conflicting_cells()
            }
        };
        for (cell, conflicting) in marks.into_iter().enumerate() {
            let kind = &mut self.kinds[cell];
            if matches!(kind, CellKind::Given | CellKind::Entry) {
                continue;
            }
            *kind = if conflicting {
                CellKind::Conflicting
            } else if self.board.values()[cell] != 0 {
                CellKind::Placed
            } else {
                CellKind::Empty
            };
        }
    }

    // ----- what the view reads -----

    pub fn strategy(&self) -> SearchKind {
        self.options.strategy
    }
    pub fn options(&self) -> WatchOptions {
        WatchOptions {
            speed: self.speed(),
            ..self.options
        }
    }
    /// The board the run shows.
    pub fn board(&self) -> &Board {
        &self.board
    }
    /// The puzzle's givens.
    pub fn givens(&self) -> &Board {
        &self.givens
    }
    /// The board the run started from.
    pub fn start(&self) -> &Board {
        &self.start
    }
    /// Whether the run started from the player's entries, not only the givens.
    pub fn started_from_entries(&self) -> bool {
        self.start != self.givens
    }
    /// The board as the search itself holds it (the view's board is kept
    /// step by step; this one is asked of the search).
    pub fn engine_board(&self) -> Board {
        match &self.engine {
            Engine::Backtracking(solver) => solver.board(),
            Engine::MinConflicts(search) => search.board(),
            Engine::Genetic(search) => search.board(),
        }
    }
    /// What a cell shows; the cells the search looks at now are [`CellKind::Focus`].
    pub fn kind(&self, cell: Cell) -> CellKind {
        if self.focus.contains(&cell) && self.outcome.is_none() {
            CellKind::Focus
        } else {
            self.kinds[cell.index()]
        }
    }
    /// What the cell would show without the focus.
    pub fn base_kind(&self, cell: Cell) -> CellKind {
        self.kinds[cell.index()]
    }
    /// The cells the search looks at now.
    pub fn focus(&self) -> &[Cell] {
        &self.focus
    }
    pub fn counters(&self) -> Counters {
        self.counters
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }
    pub fn last_step(&self) -> Option<&WatchStep> {
        self.last_step.as_ref()
    }
    /// Running time (pauses not counted).
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }
    /// Steps per second over the last half second or so.
    pub fn steps_per_second(&self) -> f64 {
        self.rate
    }
    /// Depth (backtracking) or conflicts (local search) over time, oldest
    /// first, at most [`HISTORY_LEN`] samples (see there).
    pub fn history(&self) -> &[u64] {
        &self.history
    }
    /// The digit last taken back from a cell that is still empty.
    pub fn ghost(&self, cell: Cell) -> Option<Digit> {
        if self.board.get(cell).is_some() {
            return None;
        }
        Digit::new(self.ghosts[cell.index()])
    }
    /// The open choices of a backtracking search, outermost first.
    pub fn choices(&self) -> Vec<(Cell, Option<Digit>)> {
        match &self.engine {
            Engine::Backtracking(solver) => solver.choices().collect(),
            _ => Vec::new(),
        }
    }

    /// The cells whose digit or kind changed since the last call, with what
    /// they show now.
    pub fn take_changes(&mut self) -> Vec<(Cell, Option<Digit>, CellKind)> {
        let mut changes = Vec::new();
        for cell in self.board.shape().cells() {
            let now = (self.board.get(cell), self.kind(cell));
            if self.shown[cell.index()] != Some(now) {
                self.shown[cell.index()] = Some(now);
                changes.push((cell, now.0, now.1));
            }
        }
        changes
    }
}
