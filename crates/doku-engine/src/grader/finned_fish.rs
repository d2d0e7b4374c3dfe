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

/// The most boxes a board has (25x25).
const MAX_BOXES: usize = 32;

/// A digit's first fish of each size and kind, found from its places alone.
#[derive(Default)]
struct DigitFish {
    /// The digit's places in each row, which decide its fish.
    rows: Vec<u64>,
    found: [Option<Finding>; 6],
}

/// The board shape the digits' fish are of, and the fish of each digit.
type Memo = (Option<crate::shape::Shape>, Vec<DigitFish>);

thread_local! {
    static FISH: std::cell::RefCell<Memo> = const { std::cell::RefCell::new((None, Vec::new())) };
}

/// The memo's index of a fish size and kind.
fn kind_index(k: usize, sashimi: bool) -> usize {
    (k - 2) * 2 + sashimi as usize
}

/// The finned fish of size `k` (or, for a sashimi technique, the sashimi
/// fish), the first in the search's order (digit by digit).
///
/// A digit's fish depend on its places alone, and the solver asks for
/// these six in turn at position after position where most digits did not
/// change: each digit's first fish of every size and kind are kept while
/// its places stay, and found again (all six in one search: a search of
/// the smallest size visits every larger base set too) when they change.
pub(crate) fn finned(grid: &Grid, k: usize, technique: Technique, out: &mut Finding) -> bool {
    let sashimi = matches!(
        technique,
        Technique::SashimiXWing | Technique::SashimiSwordfish | Technique::SashimiJellyfish
    );
    if !(2..=MAX_FISH).contains(&k) {
        return false;
    }
    let wanted = kind_index(k, sashimi);
    let n = grid.size();
    FISH.with(|memo| {
        let (shape, digits) = &mut *memo.borrow_mut();
        if *shape != Some(grid.geo.shape) {
            *shape = Some(grid.geo.shape);
            digits.clear();
        }
        digits.resize_with(n, DigitFish::default);
        for (digit, known) in digits.iter_mut().enumerate() {
            let rows = (0..n).map(|row| grid.places(row, 1 << digit));
            if known.rows.len() != n || !known.rows.iter().copied().eq(rows.clone()) {
                known.rows.clear();
                known.rows.extend(rows);
                let mut record = Record {
                    wanted: usize::MAX,
                    found: Default::default(),
                };
                search(grid, 2, digit..digit + 1, &mut record);
                known.found = record.found;
            }
            if let Some(found) = &known.found[wanted] {
                out.clone_from(found);
                return true;
            }
        }
        false
    })
}

/// The technique of a fish size and kind.
fn technique_of(k: usize, sashimi: bool) -> Technique {
    match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (_, true) => Technique::SashimiJellyfish,
    }
}

/// What a search records: the first fish of each size and kind it meets,
/// and the one it was asked for (it stops there).
struct Record {
    wanted: usize,
    found: [Option<Finding>; 6],
}

/// The search behind [`finned`] over `digits`: base sets of sizes `k` to 4
/// in order (each size's sets in the order a search of that size alone
/// takes them). True when it stopped at the fish it was asked for.
fn search(grid: &Grid, k: usize, digits: std::ops::Range<usize>, record: &mut Record) -> bool {
    let n = grid.size();
    if grid.boxes().is_empty() {
        return false;
    }
    let (box_h, box_w) = grid.geo.shape.box_dims().unwrap_or((n, n));
    let boxes = grid.boxes();
    let box_count = boxes.len();
    if box_count > MAX_BOXES {
        return false;
    }
    // Per orientation, base line and box: the line's cross positions inside
    // the box.
    let mut in_box = vec![0u64; 2 * n * box_count];
    for (o, rows) in [true, false].into_iter().enumerate() {
        for line in 0..n {
            for cross in 0..n {
                let cell = if rows {
                    line * n + cross
                } else {
                    cross * n + line
                };
                let bx = grid.geo.standard_houses[cell][2] as usize - boxes.start;
                if bx < box_count {
                    in_box[(o * n + line) * box_count + bx] |= 1 << cross;
                }
            }
        }
    }
    // Per candidate base line and box: its places outside the box.
    let mut outside = vec![0u64; n * box_count];
    // Depth 0 is the empty pick: nothing outside any box.
    let mut scratch = [[0u64; MAX_BOXES]; 5];
    for digit in digits {
        let bit = 1u64 << digit;
        for (o, rows) in [true, false].into_iter().enumerate() {
            let first = if rows { 0 } else { n };
            let in_box = &in_box[o * n * box_count..(o + 1) * n * box_count];
            // Per base line, its places as a mask over the cross direction.
            let mut lines = [(0u8, 0u64); 64];
            let mut all_places = [0u64; 64];
            let mut len = 0;
            for line in 0..n {
                let places = grid.places(first + line, bit);
                all_places[line] = places;
                let count = places.count_ones() as usize;
                if count >= 1 && count <= MAX_FISH + box_w.max(box_h) {
                    for bx in 0..box_count {
                        outside[len * box_count + bx] = places & !in_box[line * box_count + bx];
                    }
                    lines[len] = (line as u8, places);
                    len += 1;
                }
            }
            // Covers and fins together span at most k lines and one box's
            // width of cross lines: prune base sets that spread wider.
            let fin_width = if rows { box_w } else { box_h };
            let mut combo = [0usize; 4];
            let mut found = |picked: &[usize], viable: u64| {
                try_fish(
                    grid,
                    &lines,
                    picked,
                    viable,
                    &all_places,
                    in_box,
                    rows,
                    bit,
                    digit,
                    record,
                )
            };
            let search = Combos {
                lines: &lines[..len],
                outside: &outside,
                box_count,
                smallest: k,
                fin_width,
            };
            // A box can hold fins only when the digit's places in it lie in
            // two lines or more: one a base line (the fins), one not (what
            // goes). Others would be tried and dropped for every base set.
            let mut lines_in_box = [0u8; MAX_BOXES];
            for (line, &places) in all_places.iter().enumerate().take(n) {
                for (bx, count) in lines_in_box.iter_mut().enumerate().take(box_count) {
                    *count += (places & in_box[line * box_count + bx] != 0) as u8;
                }
            }
            let viable = (0..box_count)
                .filter(|&bx| lines_in_box[bx] >= 2)
                .fold(0u64, |m, bx| m | 1 << bx);
            if viable == 0 {
                continue;
            }
            let start = SoFar { union: 0, viable };
            if search.run(0, 0, start, &mut scratch, &mut combo, &mut found) {
                return true;
            }
        }
    }
    false
}

/// The largest fish.
const MAX_FISH: usize = 4;

/// The subsets of the candidate base lines, of sizes `smallest` to 4,
/// whose places together span at most k + `fin_width` cross lines (k the
/// subset's size), and whose places outside some box lie in at most k
/// cross lines (the covers): fins all lie in one box.
struct Combos<'a> {
    lines: &'a [(u8, u64)],
    /// Per line (as in `lines`) and box, the line's places outside the box.
    outside: &'a [u64],
    box_count: usize,
    smallest: usize,
    fin_width: usize,
}

/// The lines picked so far: the union of their places and the boxes that
/// could still hold their fins in a fish of 4. Their places outside each
/// such box are in the search's per-depth scratch (only those boxes'
/// entries are written and read, so the scratch is never cleared).
#[derive(Clone, Copy)]
struct SoFar {
    union: u64,
    viable: u64,
}

impl Combos<'_> {
    /// Calls `f` with each subset (indices into `lines`) and the mask of
    /// boxes that could hold its fins; stops when it returns true. A
    /// subset comes before the larger ones that start with it, so each
    /// size's subsets come in the order of a search of that size alone.
    /// The pruning is the largest fish's: a smaller subset passes its own
    /// test at the node itself (its unions only grow along the way).
    /// `outside[depth]` holds, per viable box of `so_far`, the places of
    /// the lines picked so far outside it.
    fn run(
        &self,
        start: usize,
        depth: usize,
        so_far: SoFar,
        outside: &mut [[u64; MAX_BOXES]; 5],
        picked: &mut [usize; 4],
        f: &mut dyn FnMut(&[usize], u64) -> bool,
    ) -> bool {
        let size = depth + 1;
        for i in start..self.lines.len() {
            let next = so_far.union | self.lines[i].1;
            if next.count_ones() as usize > MAX_FISH + self.fin_width {
                continue;
            }
            // Only boxes still viable for the lines picked so far can stay
            // viable: the union outside a box only grows.
            let mut viable = 0u64;
            let mut viable_now = 0u64;
            let row = &self.outside[i * self.box_count..(i + 1) * self.box_count];
            let (before, after) = outside.split_at_mut(depth + 1);
            let (now, then) = (&before[depth], &mut after[0]);
            for bx in bits(so_far.viable) {
                let merged = now[bx] | row[bx];
                then[bx] = merged;
                let count = merged.count_ones() as usize;
                if count <= MAX_FISH {
                    viable |= 1 << bx;
                }
                if count <= size {
                    viable_now |= 1 << bx;
                }
            }
            if viable == 0 {
                continue;
            }
            picked[depth] = i;
            if size >= self.smallest
                && viable_now != 0
                && next.count_ones() as usize <= size + self.fin_width
                && f(&picked[..size], viable_now)
            {
                return true;
            }
            if size < MAX_FISH {
                let next_so_far = SoFar {
                    union: next,
                    viable,
                };
                if self.run(i + 1, depth + 1, next_so_far, outside, picked, f) {
                    return true;
                }
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
    viable_boxes: u64,
    all_places: &[u64; 64],
    in_box_masks: &[u64],
    rows: bool,
    bit: u64,
    digit: usize,
    record: &mut Record,
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
        if viable_boxes & (1 << (bx - grid.boxes().start)) == 0 {
            continue; // its outside places span more than k cross lines
        }
        let in_box = |cell: usize| grid.geo.standard_houses[cell][2] as usize == bx;
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
        // Cross positions of the box, off the base lines, that hold the
        // digit: a cover must pass through one for anything to go.
        let box_count = in_box_masks.len() / n;
        let box_index = bx - grid.boxes().start;
        let mut targets = 0u64;
        for line in 0..n {
            if base_mask & (1 << line) == 0 {
                targets |= all_places[line] & in_box_masks[line * box_count + box_index];
            }
        }
        if (outside | extra_choices) & targets == 0 {
            continue;
        }
        let need = k - outside.count_ones() as usize;
        let mut subsets = Vec::new();
        subsets_of(extra_choices, need, &mut subsets);
        for extra in subsets {
            let cover = outside | extra;
            if cover.count_ones() as usize != k || cover & targets == 0 {
                continue;
            }
            let has_fins = picked.iter().any(|&i| lines[i].1 & !cover != 0);
            let sashimi = picked
                .iter()
                .any(|&i| (lines[i].1 & cover).count_ones() < 2);
            if !has_fins {
                continue; // no fins: a basic fish
            }
            // Each size and kind keeps the first it meets.
            let kind = kind_index(k, sashimi);
            let slot = &mut record.found[kind];
            if slot.is_some() {
                continue;
            }
            let target = slot.insert(Finding::default());
            let technique = technique_of(k, sashimi);
            let fins: Vec<usize> = picked
                .iter()
                .flat_map(|&i| {
                    let (base, places) = lines[i];
                    bits(places & !cover).map(move |c| cell_at(base as usize, c))
                })
                .collect();
            let victims: Vec<usize> = bits(cover)
                .flat_map(|c| (0..n).map(move |b| (b, c)))
                .filter(|&(b, _)| base_mask & (1 << b) == 0)
                .map(|(b, c)| cell_at(b, c))
                .filter(|&cell| in_box(cell) && grid.cands[cell] & bit != 0)
                .collect();
            debug_assert!(!fins.is_empty() && !victims.is_empty());
            target.start(
                technique,
                Pattern::Fish {
                    rows,
                    base: base_mask,
                    cover,
                },
            );
            target.digits = bit;
            for &i in picked {
                let (base, places) = lines[i];
                target
                    .cells
                    .extend(bits(places & cover).map(|c| cell_at(base as usize, c) as u16));
            }
            target.fins.extend(fins.iter().map(|&c| c as u16));
            target
                .eliminations
                .extend(victims.iter().map(|&c| (c as u16, digit as u8 + 1)));
            if record.wanted == kind {
                return true;
            }
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
