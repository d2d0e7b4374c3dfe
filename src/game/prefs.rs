//! The choices for the next deal that `z` and `Z` step through.

use crate::engine::shape::SUDOKU_SHAPES;

/// The board size after `current` (`forward`) or before it, wrapping round.
/// A size that is not a sudoku size starts from the first.
pub fn next_size(current: usize, forward: bool) -> usize {
    let sizes: Vec<usize> = SUDOKU_SHAPES.iter().map(|&(n, _, _)| n as usize).collect();
    let count = sizes.len();
    let at = sizes.iter().position(|&s| s == current);
    let next = match (at, forward) {
        (None, _) => 0,
        (Some(i), true) => (i + 1) % count,
        (Some(i), false) => (i + count - 1) % count,
    };
    sizes[next]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_goes_forward_and_back_round_the_ring() {
        assert_eq!(next_size(9, true), 10);
        assert_eq!(next_size(9, false), 8);
        assert_eq!(next_size(4, false), 25, "back from the smallest wraps");
        assert_eq!(next_size(25, true), 4);
        assert_eq!(next_size(next_size(16, true), false), 16);
    }
}
