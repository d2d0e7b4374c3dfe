//! Dealing a fresh puzzle off the UI thread, so a slow 16x16 or 25x25 deal
//! never freezes the screen.

use crate::engine::grader::Difficulty;
use crate::engine::{Board, Shape};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

/// A puzzle being dealt on another thread.
pub struct Dealing {
    pub shape: Shape,
    pub difficulty: Difficulty,
    pub started: Instant,
    receiver: Receiver<Board>,
}

/// How a deal went, when asked.
pub enum DealState {
    Working,
    Done(Board),
    /// The dealing thread died (a bug in the generator); the game goes on.
    Failed,
}

impl Dealing {
    pub fn start(shape: Shape, difficulty: Difficulty, seed: u64) -> Dealing {
        let (sender, receiver) = channel();
        thread::spawn(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let board = deal(shape, difficulty, &mut rng);
            // The app may have quit or started another deal; nobody listens then.
            let _ = sender.send(board);
        });
        Dealing {
            shape,
            difficulty,
            started: Instant::now(),
            receiver,
        }
    }

    pub fn poll(&self) -> DealState {
        match self.receiver.try_recv() {
            Ok(board) => DealState::Done(board),
            Err(TryRecvError::Empty) => DealState::Working,
            Err(TryRecvError::Disconnected) => DealState::Failed,
        }
    }
}

/// A puzzle with exactly one solution. Until the generator lands this is a
/// plain one: a random full grid with clues removed while the solution stays
/// unique, within a time budget for big boards.
pub fn deal(shape: Shape, _difficulty: Difficulty, rng: &mut impl Rng) -> Board {
    let full = random_full_grid(shape, rng);
    let mut puzzle = full.clone();
    let mut order: Vec<_> = shape.cells().collect();
    order.shuffle(rng);
    let budget = Duration::from_millis(if shape.size() <= 9 { 2000 } else { 1500 });
    let start = Instant::now();
    for cell in order {
        if start.elapsed() > budget {
            break;
        }
        let keep = puzzle.get(cell);
        puzzle.set(cell, None);
        if puzzle.count_solutions_up_to(2) != 1 {
            puzzle.set(cell, keep);
        }
    }
    puzzle
}

/// A solved grid: the solver's first solution of the empty board, with its
/// digits relabelled and its rows and columns shuffled within bands and stacks.
fn random_full_grid(shape: Shape, rng: &mut impl Rng) -> Board {
    let n = shape.size();
    let base = Board::empty(shape)
        .solution()
        .unwrap_or_else(|| Board::empty(shape));
    let mut labels: Vec<u8> = (1..=n as u8).collect();
    labels.shuffle(rng);
    let (br, bc) = shape.box_dims().unwrap_or((1, 1));
    let rows = shuffled_axis(n, br, rng);
    let cols = shuffled_axis(n, bc, rng);
    let mut values = vec![0u8; n * n];
    for r in 0..n {
        for c in 0..n {
            let v = base.values()[rows[r] * n + cols[c]];
            values[r * n + c] = if v == 0 { 0 } else { labels[v as usize - 1] };
        }
    }
    Board::from_values(shape, values).unwrap_or(base)
}

/// A permutation of `0..n` that keeps groups of `group` together (bands or
/// stacks) and shuffles both the groups and the lines within them.
fn shuffled_axis(n: usize, group: usize, rng: &mut impl Rng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / group).collect();
    groups.shuffle(rng);
    let mut out = Vec::with_capacity(n);
    for g in groups {
        let mut lines: Vec<usize> = (g * group..(g + 1) * group).collect();
        lines.shuffle(rng);
        out.extend(lines);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_has_exactly_one_solution_and_some_empty_cells() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for size in [4, 6, 9] {
            let shape = Shape::sudoku(size).expect("sudoku size");
            let board = deal(shape, Difficulty::Easy, &mut rng);
            assert!(board.conflicts().is_empty());
            assert!(board.is_uniquely_solvable(), "{size}x{size}");
            assert!(board.filled_count() < shape.cell_count());
        }
    }

    #[test]
    fn the_full_grid_is_a_valid_solution() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let shape = Shape::sudoku(16).expect("16");
        assert!(random_full_grid(shape, &mut rng).is_solved());
    }
}
