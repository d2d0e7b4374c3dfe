//! The killer deal: the game's deal thread calls [`deal_killer`] for
//! `killer` and `killer,x` (the `v` key, `--variant killer`), and nothing
//! else about a killer deal lives in the app. The engine deals it
//! ([`generate_killer`]: no givens, cages changed until unique at the level
//! asked); the retries, the notes and the cancelling are the classic
//! deal's, in `deal_with`.

use super::{deal_with, Dealt};
use crate::engine::generator::generate_killer;
use crate::engine::grader::Difficulty;
use crate::engine::Shape;
use rand::Rng;
use std::sync::atomic::AtomicBool;

/// A killer on `rules` (the houses: classic, or X for `killer,x`) at
/// `difficulty`, or `None` once `cancel` is set.
pub(super) fn deal_killer(
    rules: Shape,
    difficulty: Difficulty,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Option<Dealt> {
    deal_with(rules, difficulty, rng, cancel, generate_killer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn a_dealt_killer_has_no_givens_one_solution_and_its_cages() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let never = AtomicBool::new(false);
        let dealt =
            deal_killer(Shape::CLASSIC, Difficulty::Easy, &mut rng, &never).expect("a killer");
        assert!(dealt.puzzle.is_killer());
        assert_eq!(dealt.puzzle.filled_count(), 0, "a killer proper");
        let cages = dealt.puzzle.cages().expect("cages");
        assert!(cages.cover_the_board());
        let solution = dealt.solution.expect("its solution");
        assert!(solution.is_killer() && solution.is_solved());
        assert_eq!(dealt.puzzle.count_solutions_up_to(2), 1);
    }
}
