//! Finned and sashimi fish (X-wing 2, swordfish 3, jellyfish 4). In k base
//! lines the digit lies in k cover lines, except for some fins that all lie
//! in one box. Either a fin holds the digit, or the fish is whole and each
//! cover line gets its digit in the base lines: either way a cell of a cover
//! line outside the base lines that is in the fins' box cannot hold it. The
//! fish is sashimi when a base line has fewer than two places in the cover
//! lines (without the fins it would not be a fish at all). Boards without
//! boxes have no finned fish.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn finned(grid: &Grid, k: usize, technique: Technique, out: &mut Finding) -> bool {
    let sashimi_wanted = matches!(
        technique,
        Technique::SashimiXWing | Technique::SashimiSwordfish | Technique::SashimiJellyfish
    );
    let n = grid.size();
    if grid.boxes().is_empty() {
        return false;
    }
    let (box_h, box_w) = grid.geo.shape.box_dims().unwrap_or((n, n));
    for digit in 0..n {
        let bit = 1u64 << digit;
        for rows in [true, false] {
            let first = if rows { 0 } else { n };
            // Per base line, its places as a mask over the cross direction.
            let mut lines = [(0u8, 0u64); 64];
            let mut len = 0;
            for line in 0..n {
                let places = grid.places(first + line, bit);
                let count = places.count_ones() as usize;
                if count >= 1 && count <= k + box_w.max(box_h) {
                    lines[len] = (line as u8, places);
                    len += 1;
                }
            }
            // Covers and fins together span at most k lines and one box's
            // width of cross lines: prune base sets that spread wider.
            let spread = k + if rows { box_w } else { box_h };
            let mut combo = [0usize; 4];
            let mut found = |picked: &[usize]| {
                try_fish(
                    grid,
                    &lines,
                    picked,
                    rows,
                    bit,
                    digit,
                    technique,
                    sashimi_wanted,
                    out,
                )
            };
            let search = Combos {
                lines: &lines[..len],
                k,
                spread,
            };
            if search.run(0, 0, 0, &mut combo, &mut found) {
                return true;
            }
        }
    }
    false
}

/// The k-subsets of the candidate base lines whose places together span
/// at most `spread` cross lines.
struct Combos<'a> {
    lines: &'a [(u8, u64)],
    k: usize,
    spread: usize,
}

impl Combos<'_> {
    /// Calls `f` with each subset (indices into `lines`); stops when it
    /// returns true.
    fn run(
        &self,
        start: usize,
        depth: usize,
        union: u64,
        picked: &mut [usize; 4],
        f: &mut dyn FnMut(&[usize]) -> bool,
    ) -> bool {
        if depth == self.k {
            return f(&picked[..self.k]);
        }
        for i in start..self.lines.len() {
            let next = union | self.lines[i].1;
            if next.count_ones() as usize > self.spread {
                continue;
            }
            picked[depth] = i;
            if self.run(i + 1, depth + 1, next, picked, f) {
                return true;
            }
        }
        false
    }
}

#[allow(clippy::too_many_arguments)]
fn try_fish(
    grid: &Grid,
    lines: &[(u8, u64)],
    picked: &[usize],
    rows: bool,
    bit: u64,
    digit: usize,
    technique: Technique,
    sashimi_wanted: bool,
    out: &mut Finding,
) -> bool {
    let n = grid.size();
    let k = picked.len();
    let cell_at = |base: usize, cross: usize| {
        if rows {
            base * n + cross
        } else {
            cross * n + base
        }
    };
    let base_mask: u64 = picked.iter().fold(0, |m, &i| m | 1 << lines[i].0);
    // Every box a fin could be in: one that a base line passes through.
    for bx in grid.boxes() {
        let in_box = |cell: usize| grid.geo.cell_houses[cell][2] as usize == bx;
        // Cross lines of the places outside the box must all be covers.
        let mut outside = 0u64;
        let mut inside = 0u64;
        for &i in picked {
            let (base, places) = lines[i];
            for cross in bits(places) {
                if in_box(cell_at(base as usize, cross)) {
                    inside |= 1 << cross;
                } else {
                    outside |= 1 << cross;
                }
            }
        }
        if inside == 0 || outside.count_ones() as usize > k {
            continue;
        }
        // The remaining covers come from the box's own cross lines.
        let extra_choices = inside & !outside;
        let need = k - outside.count_ones() as usize;
        let mut subsets = Vec::new();
        subsets_of(extra_choices, need, &mut subsets);
        for extra in subsets {
            let cover = outside | extra;
            if cover.count_ones() as usize != k {
                continue;
            }
            let fins: Vec<usize> = picked
                .iter()
                .flat_map(|&i| {
                    let (base, places) = lines[i];
                    bits(places & !cover).map(move |c| cell_at(base as usize, c))
                })
                .collect();
            if fins.is_empty() {
                continue; // a basic fish
            }
            let sashimi = picked
                .iter()
                .any(|&i| (lines[i].1 & cover).count_ones() < 2);
            if sashimi != sashimi_wanted {
                continue;
            }
            let victims: Vec<usize> = bits(cover)
                .flat_map(|c| (0..n).map(move |b| (b, c)))
                .filter(|&(b, _)| base_mask & (1 << b) == 0)
                .map(|(b, c)| cell_at(b, c))
                .filter(|&cell| in_box(cell) && grid.cands[cell] & bit != 0)
                .collect();
            if victims.is_empty() {
                continue;
            }
            out.start(
                technique,
                Pattern::Fish {
                    rows,
                    base: base_mask,
                    cover,
                },
            );
            out.digits = bit;
            for &i in picked {
                let (base, places) = lines[i];
                out.cells
                    .extend(bits(places & cover).map(|c| cell_at(base as usize, c) as u16));
            }
            out.fins.extend(fins.iter().map(|&c| c as u16));
            out.eliminations
                .extend(victims.iter().map(|&c| (c as u16, digit as u8 + 1)));
            debug_assert!(k >= 2);
            return true;
        }
    }
    false
}

/// Every subset of `mask` with `size` bits.
fn subsets_of(mask: u64, size: usize, out: &mut Vec<u64>) {
    fn go(rest: u64, size: usize, acc: u64, out: &mut Vec<u64>) {
        if size == 0 {
            out.push(acc);
            return;
        }
        if (rest.count_ones() as usize) < size {
            return;
        }
        let low = rest & rest.wrapping_neg();
        go(rest & !low, size - 1, acc | low, out);
        go(rest & !low, size, acc, out);
    }
    go(mask, size, 0, out);
}
