//! Unique loops, as Sudoku Explainer finds them (`UniqueLoops`): the
//! deadly pattern of a unique rectangle stretched to 6, 8, 10... cells.
//!
//! A loop of empty cells, each holding x and y, each sharing a house with
//! the next (never two steps in a row through the same kind of house), and
//! visiting every house it enters exactly twice, once from an even and once
//! from an odd position: were every cell only {x, y}, x and y could swap
//! along it, a second solution. On a puzzle known to have one solution,
//! some cell of the loop takes another digit:
//! - type 1: one cell holds more than x and y: it is not x or y;
//! - type 2: the cells with more hold one extra digit z between them: one
//!   of them is z, so no cell that sees them all is z;
//! - type 3: two cells with more share a house: their extra digits act as
//!   one cell, in a naked set with other cells of the house, or x and y
//!   with other digits make a hidden set there;
//! - type 4: two cells with more share a house where x has no other place:
//!   one of them is x, so neither is y.
//!
//! SE's rating: 4.5, 0.1 more for a loop of 6 cells, 0.2 for 8, 0.5 from
//! 10; type 3 adds 0.1 per digit of its naked set past one (per cell of
//! its hidden set past two). SE's rule takes the easiest of all its loops
//! (ties by type), so each type answers only when it holds that one.
//! Rectangles (4 cells) are searched too: doku's own rectangle techniques
//! take the ones they know first, so these are the forms they lack (hidden
//! sets, bigger naked sets, type 2 over three cells). Boards up to 9x9.

use super::grid::{bits, Finding, FirstOfEach, Grid, Pattern};
use super::Technique;
use crate::board::cell_name;
use crate::shape::{Cell, MAX_HOUSES_PER_CELL};

const TYPES: [Technique; 4] = [
    Technique::UniqueLoop1,
    Technique::UniqueLoop2,
    Technique::UniqueLoop3,
    Technique::UniqueLoop4,
];

thread_local! {
    static LOOPS: std::cell::RefCell<Option<FirstOfEach<4>>> = const { std::cell::RefCell::new(None) };
}

pub(crate) fn unique_loop(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let Some(kind) = TYPES.iter().position(|&t| t == technique) else {
        return false;
    };
    if grid.size() > 9 {
        return false;
    }
    if let Some(known) = LOOPS.with(|slot| FirstOfEach::recall(slot, grid, kind, out)) {
        return known;
    }
    let best = easiest(grid);
    let mut found: [Option<Finding>; 4] = Default::default();
    if let Some((k, f)) = best {
        found[k] = Some(f);
    }
    LOOPS.with(|slot| FirstOfEach::keep(slot, grid, found, 0..4, false, kind, out))
}

/// The easiest loop step of any type (lowest rating, then type).
fn easiest(grid: &Grid) -> Option<(usize, Finding)> {
    let mut best: Option<(usize, Finding)> = None;
    let mut consider = |kind: usize, f: Finding| {
        if best
            .as_ref()
            .is_none_or(|(k, b)| (f.rating, kind) < (b.rating, *k))
        {
            best = Some((kind, f));
        }
    };
    PAIR_LOOPS.with(|memo| {
        let mut memo = memo.borrow_mut();
        memo.retain(|known| std::sync::Arc::ptr_eq(&known.geo, &grid.geo));
        // The pairs whose loops are known to be this position's.
        let mut current: Vec<u64> = Vec::new();
        for start in 0..grid.cands.len() {
            let pair = grid.cands[start];
            if grid.values[start] != 0 || pair.count_ones() != 2 {
                continue;
            }
            let at = match memo.iter().position(|known| known.pair == pair) {
                Some(at) if current.contains(&pair) => at,
                known => {
                    current.push(pair);
                    let cells = PairLoops::cells_of(grid, pair);
                    match known {
                        Some(at) if memo[at].cells == cells => at,
                        Some(at) => {
                            memo[at] = PairLoops::search(grid, pair, cells);
                            at
                        }
                        None => {
                            memo.push(PairLoops::search(grid, pair, cells));
                            memo.len() - 1
                        }
                    }
                }
            };
            let loops = memo[at].loops.iter().filter(|(from, _)| *from == start);
            for cells in loops.map(|(_, cells)| cells) {
                steps_of(grid, cells, pair, &mut consider);
            }
        }
    });
    best
}

thread_local! {
    /// The loops of each pair of digits searched last on this thread.
    static PAIR_LOOPS: std::cell::RefCell<Vec<PairLoops>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The valid loops [`Search`] finds from each cell of a pair of digits.
/// The search reads only the cells that hold both digits: while none of
/// them changes, a step elsewhere leaves its loops as they were, so most
/// steps take them from here instead of searching again (the search is
/// the costliest part of the stage; the steps each loop gives are worked
/// out anew, as they read the whole grid).
struct PairLoops {
    geo: std::sync::Arc<crate::shape::Geometry>,
    pair: u64,
    /// Each cell's candidates where it holds both digits, else 0.
    cells: Vec<u64>,
    /// Each valid loop with the cell it was found from, in the order of
    /// the search.
    loops: Vec<(usize, Vec<usize>)>,
}

impl PairLoops {
    fn cells_of(grid: &Grid, pair: u64) -> Vec<u64> {
        let holds = |(&cands, &value): (&u64, &u8)| value == 0 && cands & pair == pair;
        (grid.cands.iter().zip(&grid.values))
            .map(|cell| if holds(cell) { *cell.0 } else { 0 })
            .collect()
    }

    fn search(grid: &Grid, pair: u64, cells: Vec<u64>) -> PairLoops {
        let mut loops = Vec::new();
        for start in (0..cells.len()).filter(|&start| cells[start] == pair) {
            let mut search = Search {
                grid,
                pair,
                path: vec![],
                loops: vec![],
            };
            search.extend(start, 2, 0, None);
            let valid = search.loops.into_iter().filter(|l| is_valid_loop(grid, l));
            loops.extend(valid.map(|l| (start, l)));
        }
        PairLoops {
            geo: std::sync::Arc::clone(&grid.geo),
            pair,
            cells,
            loops,
        }
    }
}

struct Search<'g> {
    grid: &'g Grid,
    pair: u64,
    path: Vec<usize>,
    loops: Vec<Vec<usize>>,
}

impl Search<'_> {
    /// SE's `checkForLoops`: extends the path from `cell` through a house
    /// of another kind than the last step's (`last`: 0 row, 1 column, 2
    /// box). `allowed` cells with extra digits are left; `extra` gathers
    /// the extra digits seen from this cell (SE gathers every neighbour
    /// tried, not only the path's).
    fn extend(&mut self, cell: usize, allowed: u8, extra: u64, last: Option<usize>) {
        let grid = self.grid;
        self.path.push(cell);
        let mut extra = extra;
        let houses = grid.geo.houses_of(cell);
        // SE's order of house kinds: box, row, column.
        for kind in [2usize, 0, 1] {
            if Some(kind) == last || kind >= houses.len() {
                continue;
            }
            let house = houses[kind] as usize;
            for &next in &grid.geo.house_cells[house] {
                let next = next as usize;
                if next == self.path[0] && self.path.len() >= 4 {
                    self.loops.push(self.path.clone());
                    continue;
                }
                if self.path.contains(&next) {
                    continue;
                }
                let cands = grid.cands[next];
                if grid.values[next] != 0 || cands & self.pair != self.pair {
                    continue;
                }
                extra |= cands & !self.pair;
                // More than x and y (it holds both).
                let wide = cands & !self.pair != 0;
                if !wide || extra.is_power_of_two() || allowed > 0 {
                    if !self.may_close(next) {
                        continue;
                    }
                    self.extend(
                        next,
                        allowed - u8::from(wide && allowed > 0),
                        extra,
                        Some(kind),
                    );
                }
            }
        }
        self.path.pop();
    }

    /// Whether `next` can join the path and still be part of a valid loop:
    /// no house may hold three of its cells, or two at positions of the
    /// same parity. (A shortcut: SE checks this once the loop closes.)
    fn may_close(&self, next: usize) -> bool {
        let grid = self.grid;
        let parity = self.path.len() % 2;
        let houses = grid.geo.houses_of(next);
        let mut count = [0u8; MAX_HOUSES_PER_CELL];
        // A row, column or box is in the same slot of every cell's houses
        // (row, column, box, then the extras): only extras are searched.
        let first_extra = grid.geo.houses_per_cell;
        for (i, &c) in self.path.iter().enumerate() {
            let of_c = grid.geo.houses_of(c);
            for (slot, &h) in houses.iter().enumerate() {
                let shared = if slot < first_extra {
                    of_c[slot] == h
                } else {
                    of_c[first_extra..].contains(&h)
                };
                if shared {
                    count[slot] += 1;
                    if count[slot] >= 2 || i % 2 == parity {
                        return false;
                    }
                }
            }
        }
        true
    }
}

/// SE's `isValidLoop`: every house a cell of the loop is in holds exactly
/// two of its cells, one at an even and one at an odd position.
fn is_valid_loop(grid: &Grid, cells: &[usize]) -> bool {
    let mut even: Vec<u16> = Vec::new();
    let mut odd: Vec<u16> = Vec::new();
    for (i, &c) in cells.iter().enumerate() {
        let seen = if i % 2 == 0 { &mut even } else { &mut odd };
        for &h in grid.geo.houses_of(c) {
            if seen.contains(&h) {
                return false;
            }
            seen.push(h);
        }
    }
    even.sort_unstable();
    odd.sort_unstable();
    even == odd
}

/// SE's `UniqueLoopHint.getDifficulty` without the type's part.
fn base_rating(len: usize) -> u16 {
    let mut r = 45;
    if len >= 10 {
        r += 3;
    }
    if len >= 8 {
        r += 2;
    } else if len >= 6 {
        r += 1;
    }
    r
}

/// Every step the loop gives, each passed to `consider` with its type.
fn steps_of(grid: &Grid, cells: &[usize], pair: u64, consider: &mut dyn FnMut(usize, Finding)) {
    let wide: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&c| grid.cands[c].count_ones() > 2)
        .collect();
    let extra = wide.iter().fold(0, |m, &c| m | grid.cands[c]) & !pair;
    let base = base_rating(cells.len());
    let start = |technique: Technique| {
        let mut f = Finding::default();
        f.start(technique, Pattern::Chain);
        f.rating = base;
        f.digits = pair;
        f.cells.extend(cells.iter().map(|&c| c as u16));
        f
    };
    let shape = grid.geo.shape;
    let name = |c: usize| cell_name(shape, Cell(c as u16));
    let names = |cs: &[usize]| super::explain::list(cs.iter().map(|&c| name(c)));
    // Words only for a loop that gives a step: most give none.
    let pair_text = || digits_text(pair, "and");
    let shape_word = if cells.len() == 4 {
        "rectangle"
    } else {
        "loop"
    };
    let deadly = || {
        format!(
            "The {shape_word} {} would be a deadly pattern of {} (they could swap: two solutions)",
            names(cells),
            pair_text()
        )
    };
    match wide.len() {
        0 => {}
        1 => {
            let mut f = start(Technique::UniqueLoop1);
            f.eliminations
                .extend(bits(pair).map(|d| (wide[0] as u16, d as u8 + 1)));
            let (deadly, pair_text) = (deadly(), pair_text());
            f.text = format!(
                "{deadly} if {} held only {pair_text} like the others, so {}",
                name(wide[0]),
                removals(grid, &f.eliminations)
            );
            consider(0, f);
        }
        _ => {
            if extra.count_ones() == 1 {
                if let Some(f) = type_2(grid, cells, &wide, extra, start(Technique::UniqueLoop2)) {
                    let mut f = f;
                    let deadly = deadly();
                    f.text = format!(
                        "{deadly} unless one of {} is {}, so no cell that sees them all can be: {}",
                        names(&wide),
                        digits_text(extra, "or"),
                        removals(grid, &f.eliminations)
                    );
                    consider(1, f);
                }
            }
            if let [c1, c2] = wide[..] {
                if extra.count_ones() >= 2 {
                    type_3(
                        grid,
                        c1,
                        c2,
                        pair,
                        extra,
                        &mut |mut f, set_cells, set, naked| {
                            let mut g = start(Technique::UniqueLoop3);
                            g.rating += f.rating;
                            g.fins.extend(set_cells.iter().map(|&c| c as u16));
                            g.eliminations = std::mem::take(&mut f.eliminations);
                            let (deadly, pair_text) = (deadly(), pair_text());
                            g.text = if naked {
                                format!(
                                "{deadly} unless {} or {} holds {}. So they act as one cell of {}, which with {} makes a naked set of {} in their house: no other cell there holds those: {}",
                                name(c1), name(c2), digits_text(extra, "or"), digits_text(extra, "or"),
                                names(set_cells), digits_text(set, "and"), removals(grid, &g.eliminations)
                            )
                            } else {
                                format!(
                                "{deadly} unless {} or {} holds a digit other than {pair_text}, so at most one of them is {}. In their house, {} then have only {} and one of those two cells to go in: a hidden set, so {} hold nothing else: {}",
                                name(c1), name(c2), digits_text(pair, "or"), digits_text(set, "and"), names(set_cells),
                                names(set_cells), removals(grid, &g.eliminations)
                            )
                            };
                            consider(2, g);
                        },
                    );
                }
                if let Some(mut f) = type_4(grid, c1, c2, pair, start(Technique::UniqueLoop4)) {
                    let y = f.eliminations[0].1;
                    let x = pair & !(1u64 << (y - 1));
                    let (deadly, pair_text) = (deadly(), pair_text());
                    f.text = format!(
                        "{deadly} if {} and {} held only {pair_text}. In a house they share, {} can only go in them, so one of them is {}; were either {}, the pattern would be complete: {}",
                        name(c1), name(c2), digits_text(x, "or"), digits_text(x, "or"),
                        digits_text(1 << (y - 1), "or"), removals(grid, &f.eliminations)
                    );
                    consider(3, f);
                }
            }
        }
    }
}

fn type_2(grid: &Grid, cells: &[usize], wide: &[usize], z: u64, mut f: Finding) -> Option<Finding> {
    let d = z.trailing_zeros() as u8 + 1;
    let victims = grid.geo.peers[wide[0]]
        .iter()
        .map(|&c| c as usize)
        .filter(|&c| {
            grid.cands[c] & z != 0
                && !wide.contains(&c)
                && !cells.contains(&c)
                && wide[1..].iter().all(|&w| grid.sees(c, w))
        });
    f.eliminations.extend(victims.map(|c| (c as u16, d)));
    (!f.eliminations.is_empty()).then_some(f)
}

fn type_4(grid: &Grid, c1: usize, c2: usize, pair: u64, mut f: Finding) -> Option<Finding> {
    let (mut lock_first, mut lock_second) = (false, false);
    let [v1, v2] = [pair & pair.wrapping_neg(), pair & (pair - 1)];
    for house in shared_houses(grid, c1, c2) {
        let others = grid.geo.house_cells[house]
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| c != c1 && c != c2)
            .fold(0u64, |m, c| m | grid.cands[c]);
        lock_first |= others & v1 == 0;
        lock_second |= others & v2 == 0;
    }
    let removed = if lock_first {
        v2
    } else if lock_second {
        v1
    } else {
        return None;
    };
    let d = removed.trailing_zeros() as u8 + 1;
    f.eliminations.extend([(c1 as u16, d), (c2 as u16, d)]);
    Some(f)
}

fn shared_houses(grid: &Grid, a: usize, b: usize) -> Vec<usize> {
    let hb = grid.geo.houses_of(b);
    grid.geo
        .houses_of(a)
        .iter()
        .filter(|h| hb.contains(h))
        .map(|&h| h as usize)
        .collect()
}

/// What a type 3 set gives: the finding (its rating's part and removals),
/// the set's cells, its digits, and whether it is naked.
type SetFound<'a> = dyn FnMut(Finding, &[usize], u64, bool) + 'a;

/// SE's type 3 sets in each house `c1` and `c2` share, smallest first:
/// `found(finding with the rating's part and the removals, set cells, set
/// digits, naked)`.
fn type_3(grid: &Grid, c1: usize, c2: usize, pair: u64, extra: u64, found: &mut SetFound) {
    let houses = shared_houses(grid, c1, c2);
    let common_extra = extra & grid.cands[c1] & grid.cands[c2];
    for degree in extra.count_ones() as usize..=7 {
        for &house in &houses {
            let cells = &grid.geo.house_cells[house];
            let empty = cells
                .iter()
                .filter(|&&c| grid.values[c as usize] == 0)
                .count();
            let others: Vec<usize> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| c != c1 && c != c2)
                .collect();
            // Naked: the extra digits (as one cell) and degree - 1 other
            // cells of two or more candidates hold `degree` digits, every
            // extra digit not in both cells among the others'.
            if degree * 2 <= empty {
                subsets(&others, degree - 1, &mut |set| {
                    if set.iter().any(|&c| grid.cands[c].count_ones() < 2) {
                        return;
                    }
                    let theirs = set.iter().fold(0, |m, &c| m | grid.cands[c]);
                    let union = theirs | extra;
                    if union.count_ones() as usize != degree
                        || (theirs | common_extra).count_ones() as usize != degree
                    {
                        return;
                    }
                    let mut f = Finding::default();
                    for &c in others.iter().filter(|c| !set.contains(c)) {
                        for d in bits(grid.cands[c] & union) {
                            f.eliminations.push((c as u16, d as u8 + 1));
                        }
                    }
                    if !f.eliminations.is_empty() {
                        f.rating = degree as u16 - 1;
                        found(f, set, union, true);
                    }
                });
            }
            // Hidden: x, y and degree - 2 digits outside both cells have
            // exactly `degree` places in the house apart from `c2`.
            if degree * 2 < empty {
                let rest: Vec<usize> = bits(grid.geo.shape.all_digits() & !pair & !extra).collect();
                if degree < 2 || degree - 2 > rest.len() {
                    continue;
                }
                subsets(&rest, degree - 2, &mut |picked| {
                    let digits = picked.iter().fold(pair, |m, &d| m | 1 << d);
                    let mut places = 0u64;
                    for d in bits(digits) {
                        let at = grid.places(house, 1 << d) & !(1u64 << index_in(grid, house, c2));
                        if at == 0 {
                            return;
                        }
                        places |= at;
                    }
                    if places.count_ones() as usize != degree {
                        return;
                    }
                    let set: Vec<usize> = bits(places)
                        .map(|i| cells[i] as usize)
                        .filter(|&c| c != c1)
                        .collect();
                    let mut f = Finding::default();
                    for &c in &set {
                        for d in bits(grid.cands[c] & !digits) {
                            f.eliminations.push((c as u16, d as u8 + 1));
                        }
                    }
                    if !f.eliminations.is_empty() {
                        f.rating = set.len() as u16 - 1;
                        found(f, &set, digits, false);
                    }
                });
            }
        }
    }
}

fn index_in(grid: &Grid, house: usize, cell: usize) -> usize {
    grid.geo.house_cells[house]
        .iter()
        .position(|&c| c as usize == cell)
        .unwrap_or(63)
}

/// Calls `f` with every `k`-subset of `items`, in lexicographic order.
fn subsets(items: &[usize], k: usize, f: &mut dyn FnMut(&[usize])) {
    fn go(
        items: &[usize],
        k: usize,
        from: usize,
        picked: &mut Vec<usize>,
        f: &mut dyn FnMut(&[usize]),
    ) {
        if picked.len() == k {
            f(picked);
            return;
        }
        for i in from..items.len() {
            if items.len() - i < k - picked.len() {
                break;
            }
            picked.push(items[i]);
            go(items, k, i + 1, picked, f);
            picked.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f);
}

fn digits_text(mask: u64, last: &str) -> String {
    let items: Vec<String> = bits(mask).map(|d| (d + 1).to_string()).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

fn removals(grid: &Grid, eliminations: &[(u16, u8)]) -> String {
    super::explain::removals_by_digit(grid, eliminations)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grader::grid::test_cells::{at, expected, removals};

    fn find(rows: &[&str], technique: Technique) -> Option<Finding> {
        let mut grid = Grid::from_candidate_rows(rows);
        grid.unique = true;
        let mut out = Finding::default();
        unique_loop(&grid, technique, &mut out).then_some(out)
    }

    /// The loops below were met on top1465's solving paths.
    const SIX_LOOP: [&str; 9] = [
        "7 126 8 9 46 46 3 1 5",
        "9 3 4 2 5 1 6 7 8",
        "5 126 26 7 3 8 29 4 29",
        "1 4 7 5 9 3 8 2 6",
        "3 26 9 4 8 26 1 5 7",
        "8 5 26 1 26 7 4 9 3",
        "2 9 3 6 1 5 7 8 4",
        "46 8 1 3 7 249 5 6 29",
        "46 7 5 8 24 249 29 3 1",
    ];

    #[test]
    fn type_2_loop_of_six_cells() {
        // r3c7, r3c9, r8c9, r8c6, r9c6, r9c7 on 2 and 9: r8c6 and r9c6 add
        // a 4, so one of them is 4: r1c6 and r9c5 see both.
        let f = find(&SIX_LOOP, Technique::UniqueLoop2).expect("a type 2");
        assert_eq!(removals(&f), expected(&[("r1c6", 4), ("r9c5", 4)]));
        let loop_cells = ["r3c7", "r3c9", "r8c9", "r8c6", "r9c6", "r9c7"];
        assert_eq!(f.cells, loop_cells.map(at));
        // SE: 4.5 and 0.1 for a loop of six.
        assert_eq!(f.rating, 46);
        // The easiest loop step is this one: no other type answers.
        assert!(find(&SIX_LOOP, Technique::UniqueLoop1).is_none());
        assert!(find(&SIX_LOOP, Technique::UniqueLoop4).is_none());
    }

    #[test]
    fn type_1_loop_of_six_cells() {
        let mut rows = SIX_LOOP;
        rows[7] = "4 8 1 3 7 29 5 6 29";
        rows[8] = "6 7 5 8 24 249 29 3 1";
        let f = find(&rows, Technique::UniqueLoop1).expect("a type 1");
        assert_eq!(removals(&f), expected(&[("r9c6", 2), ("r9c6", 9)]));
        assert_eq!(f.rating, 46);
    }

    #[test]
    fn type_4_loop_of_six_cells() {
        // r7c1, r9c1, r9c7, r1c7, r1c8, r7c8 on 4 and 8: row 1 has its 4
        // only in r1c7 and r1c8, the two cells with more: one of them is 4,
        // so neither is 8.
        let rows = [
            "1239 23 189 3689 23789 23679 1489 4689 5",
            "12359 4 189 35689 23589 23569 189 7 28",
            "259 7 6 1 2589 4 3 89 28",
            "1379 8 5 39 6 1379 2 39 4",
            "2379 23 49 389 34789 379 6 5 1",
            "139 6 149 2 13459 1359 89 389 7",
            "48 15 2 356 135 1356 7 48 9",
            "6 19 7 4 19 8 5 2 3",
            "48 59 3 7 259 259 48 1 6",
        ];
        let f = find(&rows, Technique::UniqueLoop4).expect("a type 4");
        assert_eq!(removals(&f), expected(&[("r1c7", 8), ("r1c8", 8)]));
        let loop_cells = ["r7c1", "r9c1", "r9c7", "r1c7", "r1c8", "r7c8"];
        assert_eq!(f.cells, loop_cells.map(at));
        assert_eq!(f.rating, 46);
    }

    #[test]
    fn type_3_hidden_set_in_a_row() {
        // r7c1, r8c1, r8c6, r9c6, r9c7, r7c7 on 3 and 5: at most one of r9c6
        // and r9c7 holds 3 or 5, and 3 has no other place in row 9, so 5
        // goes in r9c4.
        let rows = [
            "1 2 3 4 57 57 6 8 9",
            "4 5 6 1 8 9 2 7 3",
            "7 8 9 3 2 6 4 5 1",
            "26 49 17 567 4567 157 19 3 8",
            "68 39 17 78 367 2 179 4 5",
            "28 34 5 9 34 178 17 6 27",
            "35 1 28 28 67 4 35 9 67",
            "35 7 24 26 9 35 8 1 46",
            "9 6 48 578 1 3578 357 2 47",
        ];
        let f = find(&rows, Technique::UniqueLoop3).expect("a type 3");
        assert_eq!(removals(&f), expected(&[("r9c4", 7), ("r9c4", 8)]));
        assert_eq!(f.fins, [at("r9c4")]);
        assert_eq!(f.rating, 46);
    }

    #[test]
    fn se_loop_ratings_by_length() {
        assert_eq!([4, 6, 8, 10, 12].map(base_rating), [45, 46, 47, 50, 50]);
    }
}
