//! What a dynamic propagation does when its singles are stuck: Sudoku
//! Explainer's inner rules (`Chaining.getAdvancedPotentials`). They run in
//! SE's order, and the first rule that removes something ends the round
//! (the propagation then goes back to its singles):
//!
//! - from level 1: pointing and claiming, hidden pairs, naked pairs, x-wings;
//! - from level 2: the nested chains of the level (`grader/nested.rs`).
//!
//! Each removal's parents are the removals of this propagation its
//! pattern rests on, as SE's `getRuleParents` counts them.

use super::super::grid::{bits, Grid};
use super::super::nested;
use super::{InnerChain, Mode, Net, CAUSE_NONE};

impl Net<'_> {
    /// One round of inner rules; true when something went.
    pub(super) fn stalled(&mut self, level: u8, mode: Mode) -> bool {
        self.note_removed();
        self.locked_candidates(mode)
            || self.hidden_pairs(mode)
            || self.naked_pairs(mode)
            || self.x_wings(mode)
            || (level >= 2 && self.nested_chains(level, mode))
    }

    /// [`Net::stalled`] where the rules of level 1 are known to find
    /// nothing: only the nested chains of `level`.
    pub(super) fn stalled_past_plus(&mut self, level: u8, mode: Mode) -> bool {
        level >= 2 && self.nested_chains(level, mode)
    }

    /// Per house, the digits this propagation removed there. A pattern of
    /// the rules below whose houses lost none of its digits was in the
    /// starting grid already: it is no inference (SE), or, for pointing and
    /// claiming, it removes nothing unless the starting grid's did.
    fn note_removed(&mut self) {
        let (grid, cands) = (self.grid, &self.cands);
        for (h, cells) in grid.geo.house_cells.iter().enumerate() {
            self.removed[h] = cells
                .iter()
                .fold(0, |m, &c| m | (grid.cands[c as usize] & !cands[c as usize]));
        }
    }

    /// The off events of `digits` (a mask) in `cell` that this propagation
    /// made, into `why`.
    fn removed_in_cell(&self, cell: usize, digits: u64, why: &mut Vec<u32>) {
        let gone = self.grid.cands[cell] & !self.cands[cell] & digits;
        why.extend(bits(gone).filter_map(|d| self.event_of(cell * self.n + d, false)));
    }

    /// Two digits with the same two places in a house: other digits leave
    /// those two cells.
    fn hidden_pairs(&mut self, mode: Mode) -> bool {
        let n = self.n;
        let before = self.events.len();
        for h in 0..self.grid.geo.house_cells.len() {
            if self.removed[h] == 0 {
                continue;
            }
            for d1 in 0..n {
                let places = self.places[h * n + d1];
                if places.count_ones() != 2 {
                    continue;
                }
                for d2 in d1 + 1..n {
                    if self.places[h * n + d2] != places {
                        continue;
                    }
                    let pair = (1u64 << d1) | (1 << d2);
                    if self.removed[h] & pair == 0 {
                        // Nothing removed behind it (see `note_removed`).
                        continue;
                    }
                    let cells: Vec<usize> = bits(places)
                        .map(|i| self.grid.geo.house_cells[h][i] as usize)
                        .collect();
                    if cells.iter().all(|&c| self.cands[c] & !pair == 0) {
                        continue;
                    }
                    let mut why = self.off_events_of(h, d1, places);
                    why.extend(self.off_events_of(h, d2, places));
                    if why.is_empty() {
                        // SE: a pattern the grid had already is no inference.
                        continue;
                    }
                    for &c in &cells {
                        for e in bits(self.cands[c] & !pair) {
                            self.push(c * n + e, false, &why, mode);
                        }
                    }
                }
            }
        }
        self.events.len() > before || self.conflict.is_some()
    }

    /// Two cells of a house left with the same two digits: those digits
    /// leave the rest of the house.
    fn naked_pairs(&mut self, mode: Mode) -> bool {
        let n = self.n;
        let before = self.events.len();
        for h in 0..self.grid.geo.house_cells.len() {
            if self.removed[h] == 0 {
                continue;
            }
            let cells = &self.grid.geo.house_cells[h];
            for (i, &a) in cells.iter().enumerate() {
                let a = a as usize;
                let pair = self.cands[a];
                if self.placed[a] != 0 || pair.count_ones() != 2 {
                    continue;
                }
                for &b in &cells[i + 1..] {
                    let b = b as usize;
                    if self.placed[b] != 0 || self.cands[b] != pair {
                        continue;
                    }
                    let mut why = Vec::new();
                    self.removed_in_cell(a, !0, &mut why);
                    self.removed_in_cell(b, !0, &mut why);
                    if why.is_empty() {
                        continue;
                    }
                    for &q in cells.iter() {
                        let q = q as usize;
                        if q == a || q == b || self.placed[q] != 0 {
                            continue;
                        }
                        for e in bits(self.cands[q] & pair) {
                            self.push(q * n + e, false, &why, mode);
                        }
                    }
                }
            }
        }
        self.events.len() > before || self.conflict.is_some()
    }

    /// A digit with the same two columns in two rows (or the same two rows
    /// in two columns) leaves the rest of those columns (rows).
    fn x_wings(&mut self, mode: Mode) -> bool {
        let n = self.n;
        let geo = &self.grid.geo;
        if geo.houses_per_cell < 2 {
            return false;
        }
        let before = self.events.len();
        // Base lines are rows (slot 0) covering columns (slot 1), then the
        // other way round.
        let mut covers: Vec<(usize, u64)> = Vec::new();
        for (base, cover) in [(0usize, 1usize), (1, 0)] {
            // The wing needs the digit removed from one of its base lines
            // (see `note_removed`).
            let touched = self.removed[base * n..(base + 1) * n]
                .iter()
                .fold(0, |m, &r| m | r);
            for d in bits(touched) {
                // For each base line: the cover lines its places are in.
                covers.clear();
                for line in base * n..(base + 1) * n {
                    let places = self.places[line * n + d];
                    if places.count_ones() != 2 {
                        continue;
                    }
                    let mask = bits(places).fold(0u64, |m, i| {
                        let c = geo.house_cells[line][i] as usize;
                        m | 1 << (geo.standard_houses[c][cover] as usize - cover * n)
                    });
                    covers.push((line, mask));
                }
                for (i, &(l1, mask)) in covers.iter().enumerate() {
                    for &(l2, other) in &covers[i + 1..] {
                        if other != mask {
                            continue;
                        }
                        let mut why = self.off_events_of(l1, d, self.places[l1 * n + d]);
                        why.extend(self.off_events_of(l2, d, self.places[l2 * n + d]));
                        if why.is_empty() {
                            continue;
                        }
                        for col in bits(mask) {
                            let h = cover * n + col;
                            for &q in &geo.house_cells[h] {
                                let q = q as usize;
                                let line = geo.standard_houses[q][base] as usize;
                                if line != l1 && line != l2 && self.cands[q] & (1 << d) != 0 {
                                    self.push(q * n + d, false, &why, mode);
                                }
                            }
                        }
                    }
                }
            }
        }
        self.events.len() > before || self.conflict.is_some()
    }

    /// This propagation's grid, as a grid the inner rules can search.
    fn inner_grid(&self) -> Grid {
        let mut grid = self.grid.clone();
        for c in 0..grid.cands.len() {
            if grid.values[c] != 0 {
                continue;
            }
            if self.placed[c] != 0 {
                grid.values[c] = self.placed[c];
                grid.cands[c] = 0;
                grid.empty -= 1;
            } else {
                grid.cands[c] = self.cands[c];
            }
        }
        grid
    }

    /// The nested chains of `level` on this propagation's grid: each one
    /// removes its candidates, its parents the removals it rests on.
    fn nested_chains(&mut self, level: u8, mode: Mode) -> bool {
        if self.inner_budget == 0 {
            return false;
        }
        let inner_grid = self.inner_grid();
        let found = nested::inner_rules(&inner_grid, self.grid, level, &mut self.inner_budget);
        let before = self.events.len();
        for finding in found {
            let mut why: Vec<u32> = finding
                .rests_on
                .iter()
                .filter_map(|&cand| self.event_of(cand, false))
                .collect();
            why.sort_unstable();
            why.dedup();
            if why.is_empty() {
                // SE: a rule that needs nothing of the chain is not part of it.
                continue;
            }
            let id = self.inner.len() as u32;
            self.inner.push(InnerChain {
                complexity: finding.complexity,
                text: finding.text,
            });
            for cand in finding.eliminations {
                self.push_why(cand, false, &why, CAUSE_NONE, id, mode);
            }
        }
        self.events.len() > before || self.conflict.is_some()
    }
}
