//! A genetic algorithm over box-valid boards: fitness is the conflict count,
//! children take whole boxes from either parent, mutation swaps two free cells
//! of a box, and the fittest boards pass to the next generation unchanged.

use super::{GaveUpReason, Layout, LocalStep, Tally};
use crate::board::Board;
use crate::shape::Shape;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Tuning of [`Genetic`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GeneticConfig {
    /// Boards per generation (at least 30 are kept, whatever is asked).
    pub population: usize,
    /// The fittest boards copied unchanged into the next generation.
    pub elite: usize,
    /// Boards drawn per tournament when picking a parent.
    pub tournament: usize,
    /// Swaps tried on each child; a swap that adds conflicts is kept only
    /// with probability `worse_swap`, so children climb but can still wander.
    pub mutation_swaps: usize,
    pub worse_swap: f64,
    /// Chance that a mutation swap is aimed at a cell in conflict (with the
    /// partner that helps most) rather than at two random cells.
    pub directed: f64,
    /// Generations without a new best before the whole population is
    /// replaced by fresh random boards (a restart).
    pub reseed_after: u64,
    /// Generations before the search gives up.
    pub generation_limit: u64,
}

impl Default for GeneticConfig {
    fn default() -> Self {
        GeneticConfig {
            population: 40,
            elite: 2,
            tournament: 3,
            mutation_swaps: 4,
            worse_swap: 0.1,
            directed: 0.7,
            reseed_after: 100,
            generation_limit: 100_000,
        }
    }
}

/// The smallest population the search runs with.
pub const MIN_POPULATION: usize = 30;

#[derive(Clone, Debug)]
struct Individual {
    values: Vec<u8>,
    tally: Tally,
}

impl Individual {
    fn conflicts(&self) -> usize {
        self.tally.conflicts
    }
}

/// The genetic search, one generation per `next()`.
#[derive(Clone, Debug)]
pub struct Genetic<R: Rng = ChaCha8Rng> {
    shape: Shape,
    /// `None` when the givens clash: the search gives up at once.
    layout: Option<Layout>,
    /// Sorted fittest first.
    population: Vec<Individual>,
    config: GeneticConfig,
    rng: R,
    generation: u64,
    best_ever: usize,
    best_at: u64,
    reseeds: u64,
    finished: bool,
}

impl<R: Rng> Genetic<R> {
    /// A first generation of random fills of `board`; its filled cells stay fixed.
    pub fn new(board: &Board, config: GeneticConfig, mut rng: R) -> Genetic<R> {
        let shape = board.shape();
        let population_size = config.population.max(MIN_POPULATION);
        let config = GeneticConfig {
            population: population_size,
            elite: config.elite.min(population_size),
            tournament: config.tournament.max(1),
            ..config
        };
        let layout = Layout::new(board);
        let mut population = Vec::new();
        match &layout {
            Some(layout) => {
                for _ in 0..config.population {
                    population.push(random_individual(layout, board.values(), &mut rng));
                }
            }
            None => population.push(Individual {
                values: board.values().to_vec(),
                tally: Tally::new(shape, board.cages(), board.values()),
            }),
        }
        population.sort_by_key(Individual::conflicts);
        let best_ever = population[0].conflicts();
        Genetic {
            shape,
            layout,
            population,
            config,
            rng,
            generation: 0,
            best_ever,
            best_at: 0,
            reseeds: 0,
            finished: false,
        }
    }

    /// The fittest board of the current generation.
    pub fn board(&self) -> Board {
        super::board_of(self.layout.as_ref(), self.shape, &self.population[0].values)
    }
    /// Raw values of the fittest board.
    pub fn values(&self) -> &[u8] {
        &self.population[0].values
    }
    /// Clashing pairs on the fittest board.
    pub fn conflicts(&self) -> usize {
        self.population[0].conflicts()
    }
    /// For every cell of the fittest board, whether its digit repeats in its
    /// row or column.
    pub fn conflicting_cells(&self) -> Vec<bool> {
        let best = &self.population[0];
        super::conflicting_cells(&best.tally, &best.values)
    }
    /// Generations bred so far.
    pub fn generation(&self) -> u64 {
        self.generation
    }
    pub fn population_size(&self) -> usize {
        self.population.len()
    }
    /// Times the population was replaced after stagnating.
    pub fn reseeds(&self) -> u64 {
        self.reseeds
    }
    pub fn shape(&self) -> Shape {
        self.shape
    }
    pub fn is_finished(&self) -> bool {
        self.finished
    }

    fn tournament(&mut self) -> usize {
        // The population is sorted, so the smallest index drawn is the fittest.
        (0..self.config.tournament)
            .map(|_| self.rng.random_range(0..self.population.len()))
            .min()
            .unwrap_or(0)
    }

    fn breed(&mut self, layout: &Layout) -> Individual {
        let (a, b) = (self.tournament(), self.tournament());
        let mut values = self.population[a].values.clone();
        let other = &self.population[b].values;
        for cells in &layout.free {
            if self.rng.random_bool(0.5) {
                for &c in cells {
                    values[c as usize] = other[c as usize];
                }
            }
        }
        let mut tally = layout.tally(&values);
        for _ in 0..self.config.mutation_swaps {
            let Some((x, y)) = self.mutation_pair(layout, &mut values, &mut tally) else {
                break;
            };
            let before = tally.conflicts;
            tally.swap(&mut values, x as usize, y as usize);
            if tally.conflicts > before && !self.rng.random_bool(self.config.worse_swap) {
                tally.swap(&mut values, x as usize, y as usize);
            }
        }
        Individual { values, tally }
    }

    /// A swap for mutation: a cell in conflict and the partner in its box
    /// that leaves the fewest conflicts (when the board has conflicts and
    /// `directed` says so), else two random free cells of a box.
    fn mutation_pair(
        &mut self,
        layout: &Layout,
        values: &mut [u8],
        tally: &mut Tally,
    ) -> Option<(u16, u16)> {
        if tally.conflicts == 0 || !self.rng.random_bool(self.config.directed) {
            return layout.random_pair(&mut self.rng);
        }
        // A few random probes find a conflicting cell without scanning the board.
        for _ in 0..8 {
            let (a, _) = layout.random_pair(&mut self.rng)?;
            if !tally.is_conflicting(a as usize, values[a as usize]) {
                continue;
            }
            let unit = &layout.free[layout.unit_of[a as usize] as usize];
            let best = unit
                .iter()
                .filter(|&&b| b != a)
                .map(|&b| (tally.after_swap(values, a as usize, b as usize), b))
                .min_by_key(|&(after, _)| after);
            return best.map(|(_, b)| (a, b));
        }
        layout.random_pair(&mut self.rng)
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
        if self.conflicts() == 0 {
            return LocalStep::Solved(layout.board(&self.population[0].values));
        }
        if self.generation >= self.config.generation_limit {
            return LocalStep::GaveUp(GaveUpReason::Limit);
        }
        if layout.swappable.is_empty() {
            return LocalStep::GaveUp(GaveUpReason::NoMove);
        }
        self.generation += 1;
        let mut next: Vec<Individual> = self.population[..self.config.elite].to_vec();
        while next.len() < self.config.population {
            next.push(self.breed(layout));
        }
        next.sort_by_key(Individual::conflicts);
        self.population = next;
        if self.conflicts() < self.best_ever {
            self.best_ever = self.conflicts();
            self.best_at = self.generation;
        } else if self.generation - self.best_at > self.config.reseed_after {
            // Stuck in a local minimum that breeding does not leave: start
            // afresh (the best board so far is not kept; it is the trap).
            let givens: Vec<u8> = (0..self.population[0].values.len())
                .map(|c| {
                    if layout.fixed[c] {
                        self.population[0].values[c]
                    } else {
                        0
                    }
                })
                .collect();
            for individual in self.population.iter_mut() {
                *individual = random_individual(layout, &givens, &mut self.rng);
            }
            self.population.sort_by_key(Individual::conflicts);
            self.best_ever = self.conflicts();
            self.best_at = self.generation;
            self.reseeds += 1;
        }
        LocalStep::Generation {
            number: self.generation,
            best: layout.board(&self.population[0].values),
            best_conflicts: self.conflicts(),
        }
    }
}

fn random_individual(layout: &Layout, givens: &[u8], rng: &mut impl Rng) -> Individual {
    let mut values = givens.to_vec();
    layout.random_fill(&mut values, rng);
    let tally = layout.tally(&values);
    Individual { values, tally }
}

impl<R: Rng> Iterator for Genetic<R> {
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
