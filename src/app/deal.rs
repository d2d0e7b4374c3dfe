//! Dealing a fresh puzzle off the UI thread, so a slow 16x16 or 25x25 deal
//! never freezes the screen.

use crate::engine::generator::{generate, Symmetry};
use crate::engine::grader::{grade, Difficulty};
use crate::engine::{Board, Shape};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::thread;
use std::time::Instant;

/// A puzzle being dealt on another thread.
pub struct Dealing {
    pub shape: Shape,
    pub difficulty: Difficulty,
    pub started: Instant,
    receiver: Receiver<Dealt>,
}

/// A dealt puzzle and the difficulty it really has.
pub struct Dealt {
    pub puzzle: Board,
    pub difficulty: Difficulty,
}

/// How a deal went, when asked.
pub enum DealState {
    Working,
    Done(Dealt),
    /// The dealing thread died (a bug in the generator); the game goes on.
    Failed,
}

impl Dealing {
    pub fn start(shape: Shape, difficulty: Difficulty, seed: u64) -> Dealing {
        let (sender, receiver) = channel();
        thread::spawn(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let dealt = deal(shape, difficulty, &mut rng);
            // The app may have quit or started another deal; nobody listens then.
            let _ = sender.send(dealt);
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
            Ok(dealt) => DealState::Done(dealt),
            Err(TryRecvError::Empty) => DealState::Working,
            Err(TryRecvError::Disconnected) => DealState::Failed,
        }
    }
}

/// A puzzle with exactly one solution at `difficulty`; when the generator
/// finds none at that level (a 4x4 rarely needs more than singles), any
/// level, labelled with the grade it really has.
pub fn deal(shape: Shape, difficulty: Difficulty, rng: &mut impl Rng) -> Dealt {
    let symmetry = Symmetry::Rotate180;
    match generate(shape, Some(difficulty), symmetry, rng) {
        Ok(generated) => Dealt {
            puzzle: generated.puzzle,
            difficulty,
        },
        Err(_) => {
            let puzzle = match generate(shape, None, symmetry, rng) {
                Ok(generated) => generated.puzzle,
                // Unreachable with no target level; an empty board still plays.
                Err(_) => Board::empty(shape),
            };
            let difficulty = grade(&puzzle).difficulty;
            Dealt { puzzle, difficulty }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_has_exactly_one_solution_and_an_honest_label() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (size, level) in [(4, Difficulty::Expert), (9, Difficulty::Easy)] {
            let shape = Shape::sudoku(size).expect("sudoku size");
            let dealt = deal(shape, level, &mut rng);
            assert!(dealt.puzzle.is_uniquely_solvable(), "{size}x{size}");
            assert!(dealt.puzzle.filled_count() < shape.cell_count());
            assert_eq!(dealt.difficulty, grade(&dealt.puzzle).difficulty);
        }
    }
}
