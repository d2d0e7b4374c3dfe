//! Whether a position can have an x-chain at all, far faster than the
//! chain search finds out (on a 25x25's chain stage nine searches in ten
//! find none, at about a millisecond each).
//!
//! The x-chain search (`chains::single_chain` with X-links) finds a chain
//! exactly when some candidate, assumed on, reaches its own opposite over
//! the links of its digit: an on candidate turns off every peer holding the
//! digit (weak links), and an off candidate turns on the other place of the
//! digit in each house where it has two (strong links). A chain assumed off
//! that reaches on starts, one strong link on, a chain assumed on that
//! reaches off. So an x-chain needs a candidate `v` from which the digit's
//! peers of `v`, off, lead through strong links (and then weak and strong
//! links in turn) to a candidate that is on and sees `v`. This module
//! decides that over the strong-link ends of each digit, as bitsets: what
//! each end reaches, then each candidate's peers.

use super::grid::Grid;

/// Whether the x-chain search could find a chain in `grid` (see the
/// module notes): `false` means it finds none.
pub(crate) fn x_chain_possible(grid: &Grid) -> bool {
    // The digits with exactly two places in each house.
    let two_places: Vec<u64> = grid
        .geo
        .house_cells
        .iter()
        .map(|cells| {
            let (mut once, mut twice, mut more) = (0u64, 0u64, 0u64);
            for &cell in cells {
                let digits = grid.cands[cell as usize];
                more |= twice & digits;
                twice |= once & digits;
                once |= digits;
            }
            twice & !more
        })
        .collect();
    let mut end_of = vec![u32::MAX; grid.cands.len()];
    (0..grid.size()).any(|digit| digit_has_x_chain(grid, digit, &two_places, &mut end_of))
}

/// [`x_chain_possible`] for one digit; `end_of` is all `u32::MAX` on entry
/// and on return.
fn digit_has_x_chain(grid: &Grid, digit: usize, two_places: &[u64], end_of: &mut [u32]) -> bool {
    let geo = &grid.geo;
    let bit = 1u64 << digit;
    // Strong links, and their ends numbered.
    let mut ends: Vec<usize> = Vec::new();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (house, cells) in geo.house_cells.iter().enumerate() {
        if two_places[house] & bit == 0 {
            continue;
        }
        let mut places = cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| grid.cands[c] & bit != 0);
        let (Some(a), Some(b)) = (places.next(), places.next()) else {
            continue;
        };
        for cell in [a, b] {
            if end_of[cell] == u32::MAX {
                end_of[cell] = ends.len() as u32;
                ends.push(cell);
            }
        }
        pairs.push((a, b));
    }
    let found = !pairs.is_empty() && chain_over_ends(grid, bit, &ends, &pairs, end_of);
    for &cell in &ends {
        end_of[cell] = u32::MAX;
    }
    found
}

fn chain_over_ends(
    grid: &Grid,
    bit: u64,
    ends: &[usize],
    pairs: &[(usize, usize)],
    end_of: &[u32],
) -> bool {
    let geo = &grid.geo;
    let words = ends.len().div_ceil(64);
    let row = |at: usize| at * words..(at + 1) * words;
    let set =
        |rows: &mut [u64], row: usize, at: usize| rows[row * words + at / 64] |= 1 << (at % 64);
    // The ends in each house, and the strong partners of each end.
    let mut in_house = vec![0u64; geo.house_cells.len() * words];
    for (i, &cell) in ends.iter().enumerate() {
        for &house in geo.houses_of(cell) {
            set(&mut in_house, house as usize, i);
        }
    }
    let mut partners = vec![0u64; ends.len() * words];
    for &(a, b) in pairs {
        let (ia, ib) = (end_of[a] as usize, end_of[b] as usize);
        set(&mut partners, ia, ib);
        set(&mut partners, ib, ia);
    }
    // From each end assumed on: the ends it sees off, their partners on.
    let mut reach = vec![0u64; ends.len() * words];
    for (i, &cell) in ends.iter().enumerate() {
        for &house in geo.houses_of(cell) {
            for w in 0..words {
                let mut bits = in_house[house as usize * words + w];
                while bits != 0 {
                    let j = w * 64 + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    if j != i {
                        for x in 0..words {
                            reach[i * words + x] |= partners[j * words + x];
                        }
                    }
                }
            }
        }
    }
    // Everything each end reaches on, step after step (Warshall's closure).
    for k in 0..ends.len() {
        let (word, mask) = (k / 64, 1u64 << (k % 64));
        for i in 0..ends.len() {
            if reach[i * words + word] & mask != 0 {
                for w in 0..words {
                    reach[i * words + w] |= reach[k * words + w];
                }
            }
        }
    }
    // What turning each end off leads to: its partners on, and all they
    // reach.
    let mut after_off = partners.clone();
    for j in 0..ends.len() {
        for w in 0..words {
            let mut bits = partners[j * words + w];
            while bits != 0 {
                let k = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for x in 0..words {
                    after_off[j * words + x] |= reach[k * words + x];
                }
            }
        }
    }
    // A candidate whose peers, off, lead to an end that is on and sees it.
    let (mut sees, mut reached) = (vec![0u64; words], vec![0u64; words]);
    for cell in (0..grid.cands.len()).filter(|&c| grid.cands[c] & bit != 0) {
        sees.fill(0);
        for &house in geo.houses_of(cell) {
            for (w, s) in sees.iter_mut().enumerate() {
                *s |= in_house[house as usize * words + w];
            }
        }
        if end_of[cell] != u32::MAX {
            let i = end_of[cell] as usize;
            sees[i / 64] &= !(1 << (i % 64));
        }
        reached.fill(0);
        for (w, &bits) in sees.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 {
                let j = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                for (x, r) in reached.iter_mut().enumerate() {
                    *r |= after_off[row(j)][x];
                }
            }
        }
        if reached.iter().zip(&sees).any(|(r, s)| r & s != 0) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::grader::grid::Finding;
    use crate::grader::{chains, find_next_by, Found, Rules};
    use crate::ShapeHint;

    /// Along SE's path of a dealt expert 16x16 and of top1465's first 9x9, the
    /// filter says "none" only where the x-chain search finds none, and
    /// both answers occur.
    #[test]
    fn no_x_chain_is_said_only_where_the_search_finds_none() {
        let puzzles = [
            "..5....8...C9.6E4.7....D1...BFG....86..2EFD.C....GC9...73B.......9....A..1.B..D.8..2D4....E.195...4...E3..C6....GA.7.261...54......BC...G89.5.F3....1A..52...C...3D6.G....1F8..A.4..8.9..E....1.......F9B...2GA....D.62BC..8E....213...A9....4.7B5.G3...A....6..",
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        ];
        let (mut said_none, mut found) = (0, 0);
        for line in puzzles {
            let board = parse_puzzle(line, ShapeHint::Infer).expect("a puzzle");
            let mut grid = Grid::new(&board).expect("consistent givens");
            let mut step = Finding::default();
            while grid.empty > 0 && !grid.broken {
                let mut chain = Finding::default();
                let searched = chains::single_chain(&grid, chains::Kind::XChain, &mut chain);
                if x_chain_possible(&grid) {
                    found += usize::from(searched);
                } else {
                    assert!(!searched, "an x-chain where none was said: {}", chain.text);
                    said_none += 1;
                }
                if find_next_by(&grid, Rules::Explainer, false, &mut step) != Found::Step {
                    break;
                }
                grid.apply(&step);
            }
        }
        assert!(
            said_none > 0 && found > 0,
            "{said_none} none, {found} found"
        );
    }
}
