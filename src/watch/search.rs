//! The search a run drives, whichever kind it is, behind one interface:
//! the next step, the board it holds, and the counters it keeps.

use super::{Counters, WatchOptions};
use crate::engine::local_search::{
    Genetic, GeneticConfig, LocalStep, MinConflicts, MinConflictsConfig,
};
use crate::engine::{Board, Cell, Digit, SearchKind, Solver, Step, Strategy};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// One step of whichever search runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WatchStep {
    Search(Step),
    Local(LocalStep),
}

#[derive(Clone, Debug)]
pub(super) enum Search {
    Backtracking(Box<Solver>),
    MinConflicts(Box<MinConflicts>),
    Genetic(Box<Genetic>),
}

impl Search {
    /// A search of `options.strategy` from `start`; `seed` seeds a local search.
    pub(super) fn new(start: &Board, options: &WatchOptions, seed: u64) -> Search {
        let limit = options.step_limit;
        let backtracking = |strategy| {
            Search::Backtracking(Box::new(
                Solver::new(start, strategy).with_step_limit(limit),
            ))
        };
        match options.strategy {
            SearchKind::Naive => backtracking(Strategy::Naive),
            SearchKind::Mrv => backtracking(Strategy::Mrv),
            SearchKind::MinConflicts => {
                let config = MinConflictsConfig {
                    max_steps: limit,
                    ..MinConflictsConfig::default()
                };
                Search::MinConflicts(Box::new(MinConflicts::new(
                    start,
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
                Search::Genetic(Box::new(Genetic::new(
                    start,
                    config,
                    ChaCha8Rng::seed_from_u64(seed),
                )))
            }
        }
    }

    /// The next step; `None` when the search has nothing more to say.
    pub(super) fn next_step(&mut self) -> Option<WatchStep> {
        match self {
            Search::Backtracking(solver) => solver.next().map(WatchStep::Search),
            Search::MinConflicts(search) => search.next().map(WatchStep::Local),
            Search::Genetic(search) => search.next().map(WatchStep::Local),
        }
    }

    /// Steps between clock readings at full speed: a generation of the
    /// genetic search on a big board takes milliseconds, a search step nanoseconds.
    pub(super) fn chunk(&self) -> u64 {
        match self {
            Search::Backtracking(_) => 256,
            Search::MinConflicts(_) => 32,
            Search::Genetic(_) => 1,
        }
    }

    /// Steps as each search counts them: search steps, swaps (and
    /// restarts), generations; and a backtracking search's guesses and depth.
    pub(super) fn count(&self, counters: &mut Counters) {
        match self {
            Search::Backtracking(solver) => {
                counters.steps = solver.steps();
                counters.guesses = solver.guesses();
                counters.backtracks = solver.backtracks();
                counters.depth = solver.depth();
                counters.max_depth = solver.max_depth();
            }
            Search::MinConflicts(search) => counters.steps = search.steps(),
            Search::Genetic(search) => counters.steps = search.generation(),
        }
    }

    /// A local search's conflicting cells (updating its counters); `None`
    /// for a backtracking search, which colours cells step by step.
    pub(super) fn conflicts(&self, counters: &mut Counters) -> Option<Vec<bool>> {
        match self {
            Search::Backtracking(_) => None,
            Search::MinConflicts(search) => {
                counters.conflicts = search.conflicts();
                counters.restarts = search.restarts();
                Some(search.conflicting_cells())
            }
            Search::Genetic(search) => {
                counters.conflicts = search.conflicts();
                counters.generation = search.generation();
                counters.restarts = search.reseeds();
                Some(search.conflicting_cells())
            }
        }
    }

    /// The board as the search itself holds it.
    pub(super) fn board(&self) -> Board {
        match self {
            Search::Backtracking(solver) => solver.board(),
            Search::MinConflicts(search) => search.board(),
            Search::Genetic(search) => search.board(),
        }
    }

    /// The open choices of a backtracking search, outermost first.
    pub(super) fn choices(&self) -> Vec<(Cell, Option<Digit>)> {
        match self {
            Search::Backtracking(solver) => solver.choices().collect(),
            _ => Vec::new(),
        }
    }
}
