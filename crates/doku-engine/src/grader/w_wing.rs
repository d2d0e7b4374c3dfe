//! W-wing: two cells with the same two candidates x and y that do not see
//! each other, and a strong link on x (x has exactly two places in a house)
//! whose ends see one cell each. One end of the link is x, so the cell it
//! sees is not x, so that cell is y: one of the two cells is y either way,
//! and no cell that sees both can be.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn w_wing(grid: &Grid, out: &mut Finding) -> bool {
    let cells = grid.cands.len();
    for a in 0..cells {
        let pair = grid.cands[a];
        if pair.count_ones() != 2 {
            continue;
        }
        for b in a + 1..cells {
            if grid.cands[b] != pair || grid.sees(a, b) {
                continue;
            }
            for x in bits(pair) {
                let x_bit = 1u64 << x;
                let y_bit = pair & !x_bit;
                let victims = || {
                    grid.geo.peers[a]
                        .iter()
                        .map(|&c| c as usize)
                        .filter(move |&c| c != b && grid.cands[c] & y_bit != 0 && grid.sees(c, b))
                };
                if victims().next().is_none() {
                    continue;
                }
                let Some((house, p, q)) = linking_strong_link(grid, x_bit, a, b) else {
                    continue;
                };
                out.start(
                    Technique::WWing,
                    Pattern::WWing {
                        house: house as u16,
                    },
                );
                out.digits = pair;
                out.cells.extend([a as u16, p as u16, q as u16, b as u16]);
                let y = y_bit.trailing_zeros() as u8 + 1;
                out.eliminations.extend(victims().map(|c| (c as u16, y)));
                return true;
            }
        }
    }
    false
}

/// A house where the digit has exactly two places p and q, p seeing `a` and
/// q seeing `b` (neither being `a` or `b`).
fn linking_strong_link(grid: &Grid, bit: u64, a: usize, b: usize) -> Option<(usize, usize, usize)> {
    for (house, cells) in grid.geo.house_cells.iter().enumerate() {
        let places = grid.places(house, bit);
        if places.count_ones() != 2 {
            continue;
        }
        let first = cells[places.trailing_zeros() as usize] as usize;
        let second = cells[63 - places.leading_zeros() as usize] as usize;
        if [first, second].iter().any(|&c| c == a || c == b) {
            continue;
        }
        for (p, q) in [(first, second), (second, first)] {
            if grid.sees(p, a) && grid.sees(q, b) {
                return Some((house, p, q));
            }
        }
    }
    None
}
