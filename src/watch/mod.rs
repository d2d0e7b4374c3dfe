//! Drives a search for the animated solver view, with no terminal in it:
//! which strategy runs, how fast, paused or not, the counters, the result,
//! and what each cell shows. The view draws a `&Watch`; the event loop asks
//! [`Watch::next_tick`] how long to wait and calls [`Watch::tick`].

mod cells;
mod history;
mod pace;
mod search;

pub use cells::CellKind;
pub use history::HISTORY_LEN;
pub use pace::{tick_interval, Due, Pacer, MAX_FPS, SPEEDS};
pub use search::WatchStep;

use crate::engine::{Board, Cell, Digit, Named, SearchKind};
use cells::Cells;
use history::{History, Rate};
use pace::Pace;
use search::Search;
use std::time::{Duration, Instant};

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunEnd {
    Solved,
    /// The search space is exhausted (or the board clashes): no solution
    /// from the board the run started from.
    Exhausted,
    /// The step limit ended the run first.
    LimitReached,
}

impl RunEnd {
    pub fn label(self) -> &'static str {
        match self {
            RunEnd::Solved => "solved",
            RunEnd::Exhausted => "no solution",
            RunEnd::LimitReached => "step limit reached",
        }
    }
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
    /// Strategy, step limit and seed; the speed in force is `pace`'s.
    options: WatchOptions,
    search: Search,
    /// Runs of this watch so far (varies the seed of each restart).
    runs: u64,
    cells: Cells,
    counters: Counters,
    outcome: Option<RunEnd>,
    last_step: Option<WatchStep>,
    pace: Pace,
    rate: Rate,
    history: History,
}

impl Watch {
    /// A run from `start` (the givens, or the player's board); `givens` tells
    /// the puzzle's own cells from the player's entries.
    pub fn new(givens: &Board, start: &Board, options: WatchOptions) -> Watch {
        let mut watch = Watch {
            givens: givens.clone(),
            start: start.clone(),
            options,
            // The first run's seed is the options' own (see `restart`).
            search: Search::new(start, &options, options.seed),
            runs: 1,
            cells: Cells::new(start),
            counters: Counters::default(),
            outcome: None,
            last_step: None,
            pace: Pace::new(options.speed),
            rate: Rate::default(),
            history: History::new(),
        };
        watch.reset_run();
        watch
    }

    /// Starts the run over with the current strategy.
    pub fn restart(&mut self) {
        let seed = self.options.seed.wrapping_add(self.runs);
        self.runs += 1;
        self.search = Search::new(&self.start, &self.options, seed);
        self.reset_run();
    }

    /// Everything but the search back to the start of a run.
    fn reset_run(&mut self) {
        self.cells
            .reset(&self.givens, &self.start, self.search.board());
        self.counters = Counters::default();
        self.outcome = None;
        self.last_step = None;
        self.pace.restart();
        self.rate = Rate::default();
        self.history.clear();
        self.refresh_local();
    }

    // ----- controls -----

    pub fn toggle_pause(&mut self) {
        self.pace.toggle_pause();
    }
    pub fn is_paused(&self) -> bool {
        self.pace.is_paused()
    }
    /// One step (meant for a paused run).
    pub fn single_step(&mut self) {
        self.advance(1);
        self.sample_history();
        self.refresh_local();
    }
    /// The next faster speed stop.
    pub fn faster(&mut self) {
        self.pace.faster();
    }
    /// The next slower speed stop.
    pub fn slower(&mut self) {
        self.pace.slower();
    }
    pub fn speed(&self) -> f64 {
        self.pace.speed()
    }
    pub fn set_speed(&mut self, speed: f64) {
        self.pace.set_speed(speed);
    }
    /// Runs to the end at full speed (frame by frame, so the screen stays live).
    pub fn finish(&mut self) {
        self.pace.finish();
    }
    pub fn is_finishing(&self) -> bool {
        self.pace.is_finishing() && self.outcome.is_none()
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
        (!self.is_paused() && self.outcome.is_none()).then(|| tick_interval(self.speed()))
    }

    /// Advances by the steps due after `since_last_tick` of wall time.
    pub fn tick(&mut self, since_last_tick: Duration) {
        if self.is_paused() || self.outcome.is_some() {
            return;
        }
        match self.pace.due(since_last_tick) {
            Due::Steps(n) => self.advance(n),
            Due::For(budget) => {
                let chunk = self.search.chunk();
                let began = Instant::now();
                while self.outcome.is_none() && began.elapsed() < budget {
                    self.advance(chunk);
                }
            }
        }
        self.rate.record(since_last_tick, self.counters.steps);
        self.sample_history();
        self.refresh_local();
    }

    /// Runs to the end with no pacing (for tests and batch use).
    pub fn run_to_end(&mut self) -> RunEnd {
        while self.outcome.is_none() {
            self.advance(4096);
        }
        self.sample_history();
        self.refresh_local();
        self.outcome.unwrap_or(RunEnd::Exhausted)
    }

    fn sample_history(&mut self) {
        let sample = if self.options.strategy.is_backtracking() {
            self.counters.depth as u64
        } else {
            self.counters.conflicts as u64
        };
        self.history.record(sample);
    }

    // ----- stepping -----

    /// Takes up to `n` steps, stopping at the end of the run.
    pub fn advance(&mut self, n: u64) {
        for _ in 0..n {
            if self.outcome.is_some() {
                return;
            }
            let Some(step) = self.search.next_step() else {
                self.outcome.get_or_insert(RunEnd::Exhausted);
                return;
            };
            let ended = match &step {
                WatchStep::Search(step) => self.cells.apply_search(step),
                WatchStep::Local(step) => self.cells.apply_local(step, &mut self.counters),
            };
            if ended.is_some() {
                self.outcome = ended;
            }
            // The closing marker of a run is not a step.
            self.search.count(&mut self.counters);
            self.last_step = Some(step);
        }
    }

    /// Local searches colour cells by conflict: recomputed once per frame,
    /// not per step.
    fn refresh_local(&mut self) {
        if let Some(marks) = self.search.conflicts(&mut self.counters) {
            self.cells.mark_conflicts(marks);
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
        &self.cells.board
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
        self.search.board()
    }
    /// What a cell shows; the cells the search looks at now are [`CellKind::Focus`].
    pub fn kind(&self, cell: Cell) -> CellKind {
        if self.cells.focus.contains(&cell) && self.outcome.is_none() {
            CellKind::Focus
        } else {
            self.cells.kind(cell)
        }
    }
    /// What the cell would show without the focus.
    pub fn base_kind(&self, cell: Cell) -> CellKind {
        self.cells.kind(cell)
    }
    /// The cells the search looks at now.
    pub fn focus(&self) -> &[Cell] {
        &self.cells.focus
    }
    pub fn counters(&self) -> Counters {
        self.counters
    }
    pub fn outcome(&self) -> Option<RunEnd> {
        self.outcome
    }
    pub fn last_step(&self) -> Option<&WatchStep> {
        self.last_step.as_ref()
    }
    /// Running time (pauses not counted).
    pub fn elapsed(&self) -> Duration {
        self.rate.elapsed
    }
    /// Steps per second over the last half second or so.
    pub fn steps_per_second(&self) -> f64 {
        self.rate.per_second()
    }
    /// Depth (backtracking) or conflicts (local search) over time, oldest
    /// first, at most [`HISTORY_LEN`] samples (see there).
    pub fn history(&self) -> &[u64] {
        self.history.samples()
    }
    /// The digit last taken back from a cell that is still empty.
    pub fn ghost(&self, cell: Cell) -> Option<Digit> {
        self.cells.ghost(cell)
    }
    /// The open choices of a backtracking search, outermost first.
    pub fn choices(&self) -> Vec<(Cell, Option<Digit>)> {
        self.search.choices()
    }
}
