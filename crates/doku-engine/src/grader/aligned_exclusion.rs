//! Aligned pair and triplet exclusion, as Sudoku Explainer finds them
//! (`AlignedPairExclusion`, `AlignedExclusion(3)`).
//!
//! Take two cells (or three) and the small cells that see all of them: the
//! *excluders*, bivalue cells for a pair, cells of two or three candidates
//! for a triplet. A combination of digits for the base cells is impossible
//! when two of them that share a house get the same digit, or when it takes
//! every candidate of an excluder (which would be left empty). A digit of a
//! base cell that is in no possible combination goes. SE asks for at least
//! two excluders, and in a triplet one cell of two or three candidates that
//! sees another base cell (its "aligned" rule: the third cell comes from the
//! excluders of the first two).
//!
//! SE rates a pair 6.2 and a triplet 7.5. Searched on boards up to 9x9
//! (cells as one 128-bit set); each pair or triplet is cut as soon as its
//! cells share fewer than two excluders, so the search stays cheap.

use super::grid::{bits, bits128, Finding, Grid, Pattern};
use super::Technique;

/// Largest board searched: cell sets are 128-bit masks.
const MAX_CELLS: usize = 128;

pub(crate) fn aligned_pair(grid: &Grid, out: &mut Finding) -> bool {
    aligned(grid, 2, out)
}

pub(crate) fn aligned_triplet(grid: &Grid, out: &mut Finding) -> bool {
    aligned(grid, 3, out)
}

fn aligned(grid: &Grid, degree: usize, out: &mut Finding) -> bool {
    let cells = grid.cands.len();
    if cells > MAX_CELLS || grid.size() > 9 {
        return false;
    }
    let slot = if degree == 2 {
        &PAIRS_NONE
    } else {
        &TRIPLETS_NONE
    };
    let changed = slot.with(|known| match &*known.borrow() {
        Some(known) => known.changed_in(grid),
        None => u128::MAX,
    });
    if changed == 0 {
        return false;
    }
    if search(grid, degree, changed, out) {
        return true;
    }
    slot.with(|known| {
        let mut known = known.borrow_mut();
        match known.as_mut() {
            Some(known) if std::sync::Arc::ptr_eq(&known.geo, &grid.geo) => {
                known.cands.clone_from(&grid.cands);
                known.values.clone_from(&grid.values);
            }
            _ => {
                *known = Some(Nothing {
                    geo: std::sync::Arc::clone(&grid.geo),
                    cands: grid.cands.clone(),
                    values: grid.values.clone(),
                })
            }
        }
    });
    false
}

thread_local! {
    /// The last position on this thread where the search of pairs found
    /// nothing.
    static PAIRS_NONE: std::cell::RefCell<Option<Nothing>> = const { std::cell::RefCell::new(None) };
    /// The same for triplets.
    static TRIPLETS_NONE: std::cell::RefCell<Option<Nothing>> = const { std::cell::RefCell::new(None) };
}

/// A position where a search found nothing. What a search decides about
/// some base cells reads only their candidates and those of the cells
/// that see them all: where none of those changed since such a position,
/// it decides nothing again. The path's next position mostly differs in a
/// few cells (a chain's removal, a placement and its peers), so most
/// cells are skipped on the positions that find nothing again.
struct Nothing {
    geo: std::sync::Arc<crate::shape::Geometry>,
    cands: Vec<u64>,
    values: Vec<u8>,
}

impl Nothing {
    /// The cells whose candidates differ from the grid's (all of them on
    /// another board).
    fn changed_in(&self, grid: &Grid) -> u128 {
        if !std::sync::Arc::ptr_eq(&self.geo, &grid.geo) || self.cands.len() != grid.cands.len() {
            return u128::MAX;
        }
        let cells = self.cands.iter().zip(&self.values);
        let now = grid.cands.iter().zip(&grid.values);
        (cells.zip(now).enumerate())
            .filter(|(_, (was, is))| was != is)
            .fold(0u128, |m, (c, _)| m | 1u128 << c)
    }
}

/// The search: base cells that, with every cell seeing them all, are
/// outside `changed` are not tried (see [`Nothing`]).
fn search(grid: &Grid, degree: usize, changed: u128, out: &mut Finding) -> bool {
    let cells = grid.cands.len();
    let count = |c: usize| grid.cands[c].count_ones() as usize;
    // The cells with two to `degree` candidates, counted once each (a
    // peer is asked about some twenty times).
    let small_cells = (0..cells)
        .filter(|&c| grid.values[c] == 0 && (2..=degree).contains(&count(c)))
        .fold(0u128, |m, c| m | 1u128 << c);
    let small = |c: usize| small_cells >> c & 1 != 0;
    // Each cell's excluders: its peers with two to `degree` candidates.
    let mut excluders = vec![0u128; cells];
    let mut peers = vec![0u128; cells];
    for (c, (ex, seen)) in excluders.iter_mut().zip(peers.iter_mut()).enumerate() {
        for &p in &grid.geo.peers[c] {
            *seen |= 1u128 << p;
        }
        *ex = *seen & small_cells;
    }
    let base: Vec<usize> = (0..cells)
        .filter(|&c| grid.values[c] == 0 && count(c) >= 2 && excluders[c] != 0)
        .collect();
    let base_mask = base.iter().fold(0u128, |m, &c| m | 1u128 << c);
    let touched = |c: usize| changed >> c & 1 != 0;
    for (i, &a) in base.iter().enumerate() {
        for &b in &base[i + 1..] {
            let common = excluders[a] & excluders[b];
            // Fewer than two (no bit left once the lowest goes).
            if common & common.wrapping_sub(1) == 0 {
                continue;
            }
            let pair_touched = touched(a) || touched(b);
            let shared = peers[a] & peers[b];
            if degree == 2 {
                if !pair_touched && shared & changed == 0 {
                    continue;
                }
                if exclude(grid, &[a, b], common, &peers, out) {
                    return true;
                }
                continue;
            }
            // The third cells that see two or more of these excluders (an
            // excluder is a small peer, so a cell's excluders among them
            // are those whose peers it is among), after `b` in order.
            let (mut once, mut twice) = (0u128, 0u128);
            for e in bits128(common) {
                twice |= once & peers[e];
                once |= peers[e];
            }
            let after_b = if b + 1 >= 128 { 0 } else { !0u128 << (b + 1) };
            let mut thirds = twice & base_mask & after_b;
            if !pair_touched && shared & changed == 0 {
                // Only a changed third cell can decide anything new.
                thirds &= changed;
            }
            for c in bits128(thirds) {
                if !pair_touched && !touched(c) && shared & peers[c] & changed == 0 {
                    continue;
                }
                let common = common & excluders[c];
                // SE's aligned rule: some base cell with two or three
                // candidates sees another base cell.
                let trio = [a, b, c];
                let aligned = trio
                    .iter()
                    .any(|&x| small(x) && trio.iter().any(|&y| y != x && peers[x] >> y & 1 != 0));
                if aligned && exclude(grid, &trio, common, &peers, out) {
                    return true;
                }
            }
        }
    }
    false
}

/// Tries every combination of digits for the base cells; fills `out` when
/// some digit of a base cell is in none that is possible.
fn exclude(grid: &Grid, base: &[usize], common: u128, peers: &[u128], out: &mut Finding) -> bool {
    let k = base.len();
    let cands: [u64; 3] = std::array::from_fn(|i| base.get(i).map_or(1, |&c| grid.cands[c]));
    let all = cands[..k].iter().fold(0, |m, &c| m | c);
    // The excluders that a combination can empty: those whose candidates
    // all lie among the base cells'. (A combination ruled out by repeats
    // alone removes what a naked pair already did.)
    let mut locks = [0u64; 32];
    let mut count = 0;
    let mut lockers = 0u128;
    for c in bits128(common) {
        if grid.cands[c] & !all == 0 && count < locks.len() {
            locks[count] = grid.cands[c];
            lockers |= 1u128 << c;
            count += 1;
        }
    }
    if count == 0 {
        return false;
    }
    let locks = &locks[..count];
    let sees = |x: usize, y: usize| y < k && peers[base[x]] >> base[y] & 1 != 0;
    let (s01, s02, s12) = (sees(0, 1), sees(0, 2), sees(1, 2));
    let mut allowed = [0u64; 3];
    for a in bits(cands[0]) {
        for b in bits(cands[1]) {
            if a == b && s01 {
                continue;
            }
            let ab = 1u64 << a | 1u64 << b;
            // The third cell's digits that complete a lock with `a` and
            // `b` (all of them when `a` and `b` alone fill one): each lock
            // once, instead of once per combination.
            let mut blocked = 0u64;
            for &lock in locks {
                let rest = lock & !ab;
                if rest == 0 {
                    blocked = u64::MAX;
                    break;
                }
                if rest & (rest - 1) == 0 {
                    blocked |= rest;
                }
            }
            if k == 2 {
                if blocked != u64::MAX {
                    allowed[0] |= 1 << a;
                    allowed[1] |= 1 << b;
                }
            } else {
                let mut third = cands[2] & !blocked;
                if s02 {
                    third &= !(1u64 << a);
                }
                if s12 {
                    third &= !(1u64 << b);
                }
                if third != 0 {
                    allowed[0] |= 1 << a;
                    allowed[1] |= 1 << b;
                    allowed[2] |= third;
                }
            }
            // What is allowed only grows, and the answer reads it at the
            // end: once `a` is allowed with every digit of the other
            // cells, the rest of `a`'s combinations add nothing, and once
            // every digit of every cell is allowed, nothing goes.
            let others = allowed[1] == cands[1] && (k == 2 || allowed[2] == cands[2]);
            if others && allowed[0] >> a & 1 != 0 {
                if allowed[0] == cands[0] {
                    return false;
                }
                break;
            }
        }
    }
    if (0..k).all(|i| cands[i] & !allowed[i] == 0) {
        return false;
    }
    let removals: Vec<(u16, u8)> = base
        .iter()
        .zip(allowed)
        .flat_map(|(&c, ok)| bits(grid.cands[c] & !ok).map(move |d| (c as u16, d as u8 + 1)))
        .collect();
    let technique = if k == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripletExclusion
    };
    out.start(technique, Pattern::Wing);
    out.digits = removals.iter().fold(0, |m, &(_, d)| m | 1 << (d - 1));
    out.cells.extend(base.iter().map(|&c| c as u16));
    out.fins.extend(bits128(lockers).map(|c| c as u16));
    out.eliminations.extend(removals);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grader::grid::test_cells::{at, expected, removals, TOP1465_SIXTH};

    #[test]
    fn aligned_pair_exclusion_on_two_cells_of_a_row() {
        // r7c3 (4, 6 or 8) and r7c5 (4, 6, 8 or 9) see the bivalue r7c1 (6
        // or 8) and r7c2 (4 or 6). r7c5 = 6 leaves r7c3 4 or 8, and each
        // takes both digits of one of them; 6 twice is a repeat.
        let grid = Grid::from_candidate_rows(&TOP1465_SIXTH);
        let mut f = Finding::default();
        assert!(aligned_pair(&grid, &mut f));
        assert_eq!(f.cells, [at("r7c3"), at("r7c5")]);
        assert_eq!(f.fins, [at("r7c1"), at("r7c2")]);
        assert_eq!(removals(&f), expected(&[("r7c5", 6)]));
        assert_eq!(f.rating, 62);
    }

    #[test]
    fn aligned_triplet_exclusion_with_cells_of_three_candidates_as_excluders() {
        // r7c1 (6 or 8), r7c2 (4 or 6) and r9c2 see r7c3 (4, 6 or 8) and
        // r8c2 (1, 2 or 6): r9c2 = 4 or 6 forces the other two to fill r7c3.
        let grid = Grid::from_candidate_rows(&TOP1465_SIXTH);
        let mut f = Finding::default();
        assert!(aligned_triplet(&grid, &mut f));
        assert_eq!(f.cells, [at("r7c1"), at("r7c2"), at("r9c2")]);
        assert_eq!(f.fins, [at("r7c3"), at("r8c2")]);
        assert_eq!(removals(&f), expected(&[("r9c2", 4), ("r9c2", 6)]));
        assert_eq!(f.rating, 75);
    }

    #[test]
    fn one_excluder_is_not_enough() {
        // Without r7c2's pair, r7c3 and r7c5 share one bivalue excluder.
        let mut grid = Grid::from_candidate_rows(&TOP1465_SIXTH);
        // r7c2 with a third candidate, 1 (a built position: only the
        // excluders matter here).
        grid.cands[at("r7c2") as usize] |= 1;
        let mut f = Finding::default();
        let found = aligned_pair(&grid, &mut f);
        assert!(!found || f.cells != [at("r7c3"), at("r7c5")]);
    }
}
