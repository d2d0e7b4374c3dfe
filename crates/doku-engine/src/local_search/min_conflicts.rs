//! Min-conflicts: every box filled with its missing digits, then one swap of
//! two free cells of a box per step, chosen to leave the fewest conflicts.

use super::{conflicting_cells, GaveUpReason, Layout, LocalStep, Tally};
use crate::board::Board;
use crate::shape::{Cell, Shape};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Tuning of [`MinConflicts`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MinConflictsConfig {
    /// Chance that a step swaps a random pair instead of the best one: the
    /// random walk that keeps the search from circling in a local minimum.
    pub random_walk: f64,
    /// Steps without a new best conflict count before the boxes are refilled.
    pub restart_after: u64,
    /// Steps before the search gives up.
    pub max_steps: u64,
}

impl Default for MinConflictsConfig {
    fn default() -> Self {
        MinConflictsConfig {
            random_walk: 0.02,
            restart_after: 4_000,
            max_steps: 10_000_000,
        }
    }
}

/// The min-conflicts search, one swap per `next()`.
#[derive(Clone, Debug)]
pub struct MinConflicts<R: Rng = ChaCha8Rng> {
    shape: Shape,
    /// `None` when the givens clash: the search gives up at once.
    layout: Option<Layout>,
    values: Vec<u8>,
    tally: Tally,
    config: MinConflictsConfig,
    rng: R,
    steps: u64,
    /// Fewest conflicts since the last restart, and when it was reached.
    best: usize,
    best_at: u64,
    restarts: u64,
    finished: bool,
    /// The last swap, so the next one does not simply undo it.
    last_swap: Option<(u16, u16)>,
}

impl<R: Rng> MinConflicts<R> {
    /// Fills the free cells of `board` at random; the filled cells stay fixed.
    pub fn new(board: &Board, config: MinConflictsConfig, mut rng: R) -> MinConflicts<R> {
        let layout = Layout::new(board);
        let mut values = board.values().to_vec();
        if let Some(layout) = &layout {
            layout.random_fill(&mut values, &mut rng);
        }
        let tally = Tally::new(board.shape(), board.cages(), &values);
        MinConflicts {
            shape: board.shape(),
            best: tally.conflicts,
            layout,
            values,
            tally,
            config,
            rng,
            steps: 0,
            best_at: 0,
            restarts: 0,
            finished: false,
            last_swap: None,
        }
    }

    /// The board as the search has it now (every cell filled, unless the
    /// givens clash).
    pub fn board(&self) -> Board {
        super::board_of(self.layout.as_ref(), self.shape, &self.values)
    }
    /// Raw values in reading order.
    pub fn values(&self) -> &[u8] {
        &self.values
    }
    /// Clashing pairs on the current board.
    pub fn conflicts(&self) -> usize {
        self.tally.conflicts
    }
    /// For every cell, whether its digit repeats in its row or column.
    pub fn conflicting_cells(&self) -> Vec<bool> {
        conflicting_cells(&self.tally, &self.values)
    }
    /// Whether a cell is fixed (a given, or an entry the search started from).
    pub fn is_fixed(&self, cell: Cell) -> bool {
        self.layout
            .as_ref()
            .is_none_or(|l| l.fixed.get(cell.index()).copied().unwrap_or(true))
    }
    pub fn shape(&self) -> Shape {
        self.shape
    }
    pub fn steps(&self) -> u64 {
        self.steps
    }
    pub fn restarts(&self) -> u64 {
        self.restarts
    }
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    /// The best swap for a random conflicting cell (ties broken at random),
    /// or a random swap now and then.
    fn choose_swap(&mut self, layout: &Layout) -> Option<(u16, u16)> {
        if self.rng.random_bool(self.config.random_walk) {
            return layout.random_pair(&mut self.rng);
        }
        let movable: Vec<u16> = (0..self.values.len())
            .filter(|&c| {
                !layout.fixed[c]
                    && layout.free[layout.unit_of[c] as usize].len() >= 2
                    && self.tally.is_conflicting(c, self.values[c])
            })
            .map(|c| c as u16)
            .collect();
        if movable.is_empty() {
            return layout.random_pair(&mut self.rng);
        }
        let a = movable[self.rng.random_range(0..movable.len())];
        let unit = layout.unit_of[a as usize] as usize;
        let mut best: Option<(usize, u16)> = None;
        let mut ties = 0u32;
        for &b in &layout.free[unit] {
            if b == a || self.values[b as usize] == self.values[a as usize] {
                continue;
            }
            if self.last_swap == Some((a.min(b), a.max(b))) {
                continue;
            }
            let after = self
                .tally
                .after_swap(&mut self.values, a as usize, b as usize);
            match best {
                Some((score, _)) if after > score => {}
                Some((score, _)) if after == score => {
                    // Reservoir sampling: each tied swap equally likely.
                    ties += 1;
                    if self.rng.random_range(0..ties) == 0 {
                        best = Some((after, b));
                    }
                }
                _ => {
                    best = Some((after, b));
                    ties = 1;
                }
            }
        }
        match best {
            Some((_, b)) => Some((a, b)),
            None => layout.random_pair(&mut self.rng),
        }
    }

    fn step(&mut self) -> LocalStep {
        let Some(layout) = self.layout.take() else {
            return LocalStep::GaveUp(GaveUpReason::ClashingGivens);
        };
        let step = self.step_with(&layout);
        self.layout = Some(layout);
        step
    }

    fn step_with(&mut self, layout: &Layout) -> LocalStep {
        if self.tally.conflicts == 0 {
            return LocalStep::Solved(layout.board(&self.values));
        }
        if self.steps >= self.config.max_steps {
            return LocalStep::GaveUp(GaveUpReason::Limit);
        }
        if layout.swappable.is_empty() {
            return LocalStep::GaveUp(GaveUpReason::NoMove);
        }
        self.steps += 1;
        if self.steps - self.best_at > self.config.restart_after {
            layout.random_fill(&mut self.values, &mut self.rng);
            self.tally = layout.tally(&self.values);
            self.best = self.tally.conflicts;
            self.best_at = self.steps;
            self.restarts += 1;
            self.last_swap = None;
            return LocalStep::Restart {
                board: layout.board(&self.values),
                conflicts: self.tally.conflicts,
            };
        }
        let Some((a, b)) = self.choose_swap(layout) else {
            return LocalStep::GaveUp(GaveUpReason::NoMove);
        };
        self.tally.swap(&mut self.values, a as usize, b as usize);
        self.last_swap = Some((a.min(b), a.max(b)));
        if self.tally.conflicts < self.best {
            self.best = self.tally.conflicts;
            self.best_at = self.steps;
        }
        LocalStep::Swap {
            a: Cell(a),
            b: Cell(b),
            conflicts: self.tally.conflicts,
        }
    }
}

impl<R: Rng> Iterator for MinConflicts<R> {
    type Item = LocalStep;

    fn next(&mut self) -> Option<LocalStep> {
        if self.finished {
            return None;
        }
        let step = self.step();
        self.finished = step.is_final();
        Some(step)
    }
}
