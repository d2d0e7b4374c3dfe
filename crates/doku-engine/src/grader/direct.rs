//! Sudoku Explainer's direct hints: locked candidates or a hidden pair or
//! triple whose removals would leave a digit one place in a house. SE 1.2.1
//! (`Locking(true)`, `HiddenSet(k, true)` in its `Solver.java`) rates the
//! placement by the reason: direct pointing 1.7, direct claiming 1.9,
//! direct hidden pair 2.0, direct hidden triple 2.5. It tries them between
//! the hidden single and the naked single (the triple after the naked
//! single), and its step only places the digit: the removals are the
//! reason, not part of the step, so the path may need them again later.
//!
//! Only the rating's path ([`super::Rules::Explainer`]) uses them: a
//! player's hint gives the naked single SE ranks after them, and the
//! pointing, then the hidden single it leaves, as two plainer steps.
//!
//! They run on boards up to 9x9 ([`DIRECT_MAX_SIZE`]), the sizes SE rates
//! and doku matches it on. Above that the scale is doku's own, and the
//! search for them (every digit of every box and line, then the houses
//! it crosses) was 40% of a 25x25 deal and doubled its median (0.25 s to
//! 0.6 s, against the 0.5 s goal); there the plain locked candidates and
//! the single rate the step, as they did before.

use super::grid::{bits, find_k_with_k, Finding, Grid, Pattern};
use super::Technique;

/// The largest board the direct hints are looked for on.
pub(crate) const DIRECT_MAX_SIZE: usize = 9;

/// Every house's places for every digit, from one pass over the houses'
/// cells: `of(house, digit)` has bit `i` for the house's `i`-th cell.
struct Places {
    n: usize,
    masks: Vec<u64>,
    /// The grid they are of (its shape and candidates).
    shape: crate::shape::Shape,
    cands: Vec<u64>,
}

thread_local! {
    /// The last position's places: the four direct stages run one after
    /// the other on the same position.
    static PLACES: std::cell::RefCell<Option<Places>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` on `grid`'s places, worked out unless the last ones were of
/// the same candidates.
fn with_places<R>(grid: &Grid, f: impl FnOnce(&Places) -> R) -> R {
    let last = PLACES.with(|last| last.borrow_mut().take());
    let places = match last {
        Some(places) if places.shape == grid.geo.shape && places.cands == grid.cands => places,
        _ => Places::new(grid),
    };
    let result = f(&places);
    PLACES.with(|last| *last.borrow_mut() = Some(places));
    result
}

impl Places {
    fn new(grid: &Grid) -> Places {
        let n = grid.size();
        let mut masks = vec![0u64; grid.geo.house_cells.len() * n];
        for (house, cells) in grid.geo.house_cells.iter().enumerate() {
            let row = &mut masks[house * n..(house + 1) * n];
            for (i, &cell) in cells.iter().enumerate() {
                for d in bits(grid.cands[cell as usize]) {
                    row[d] |= 1 << i;
                }
            }
        }
        Places {
            n,
            masks,
            shape: grid.geo.shape,
            cands: grid.cands.clone(),
        }
    }

    fn of(&self, house: usize, digit: usize) -> u64 {
        self.masks[house * self.n + digit]
    }
}

/// SE's direct pointing (a box's places for a digit lie in one line: the
/// rest of the line loses it, and another box the line crosses keeps one
/// place for it) or, with `claiming`, direct claiming (a line's places lie
/// in one box: the rest of the box loses it, and another line of the same
/// direction through the box keeps one place). SE's order: lines along
/// columns first, then rows; digits in order; houses in order.
pub(crate) fn direct_locking(grid: &Grid, claiming: bool, out: &mut Finding) -> bool {
    if grid.boxes().is_empty() || grid.size() > DIRECT_MAX_SIZE {
        return false;
    }
    with_places(grid, |places| locking_in(grid, places, claiming, out))
}

/// [`direct_locking`] with the position's places.
fn locking_in(grid: &Grid, places: &Places, claiming: bool, out: &mut Finding) -> bool {
    let n = grid.size();
    for lines in [n..2 * n, 0..n] {
        // The house the places share: a box for claiming, a line of this
        // direction for pointing; the houses searched for the single are
        // of the kind of the first.
        let (firsts, slot) = if claiming {
            (lines.clone(), 2)
        } else {
            (grid.boxes(), usize::from(lines.start != 0))
        };
        for digit in 0..n {
            for within in firsts.clone() {
                let mask = places.of(within, digit);
                if mask.count_ones() < 2 {
                    continue;
                }
                let cells = &grid.geo.house_cells[within];
                let house_of =
                    |i: usize| grid.geo.standard_houses[cells[i] as usize][slot] as usize;
                let along = house_of(mask.trailing_zeros() as usize);
                if !bits(mask).all(|i| house_of(i) == along) {
                    continue;
                }
                let technique = if claiming {
                    Technique::DirectClaiming
                } else {
                    Technique::DirectPointing
                };
                let lock = Lock {
                    within,
                    along,
                    digit,
                };
                if lock.leaves_single(grid, places, firsts.clone(), technique, out) {
                    return true;
                }
            }
        }
    }
    false
}

/// A digit's places in house `within` all lie in house `along`.
struct Lock {
    within: usize,
    along: usize,
    digit: usize,
}

impl Lock {
    /// The first house of `others` (the kind of `within`) with two places
    /// or more for the digit, all but one of them in `along`, keeps that
    /// one. Fills `out` with the placement.
    fn leaves_single(
        &self,
        grid: &Grid,
        places: &Places,
        others: std::ops::Range<usize>,
        technique: Technique,
        out: &mut Finding,
    ) -> bool {
        let (within, along, bit) = (self.within, self.along, 1u64 << self.digit);
        let in_along = |c: u16| grid.geo.standard_houses[c as usize].contains(&(along as u16));
        let in_within = |c: u16| grid.geo.house_cells[within].contains(&c);
        // The lock removes the digit from `along` outside `within`: a
        // window of windoku can share cells with both.
        let removed = |c: u16| in_along(c) && !in_within(c);
        for other in others.filter(|&h| h != within) {
            let mask = places.of(other, self.digit);
            if mask.count_ones() < 2 {
                continue;
            }
            let cells = &grid.geo.house_cells[other];
            let mut kept = bits(mask).map(|i| cells[i]).filter(|&c| !removed(c));
            let (Some(target), None) = (kept.next(), kept.next()) else {
                continue;
            };
            super::intersections::start_intersection(grid, within, along, bit, technique, out);
            let inside = &grid.geo.house_cells[within];
            let with_digit = |c: &&u16| grid.cands[**c as usize] & bit != 0;
            // The cells that would lose the digit, for the words: the step
            // itself removes nothing.
            out.fins.extend(
                grid.geo.house_cells[along]
                    .iter()
                    .filter(with_digit)
                    .filter(|c| !inside.contains(c)),
            );
            out.placements.push((target, self.digit as u8 + 1));
            return true;
        }
        false
    }
}

/// SE's direct hidden pair (`k` 2) or triple (`k` 3): `k` digits of a house
/// with `k` places between them, each with two places or more, so those
/// cells take no other digit; another digit of the house then has one
/// place left. SE's order: boxes, then columns, then rows; only houses with
/// more than `k` empty cells.
pub(crate) fn direct_hidden(
    grid: &Grid,
    k: usize,
    technique: Technique,
    out: &mut Finding,
) -> bool {
    if grid.size() > DIRECT_MAX_SIZE {
        return false;
    }
    with_places(grid, |places| hidden_in(grid, places, k, technique, out))
}

/// [`direct_hidden`] with the position's places.
fn hidden_in(
    grid: &Grid,
    places: &Places,
    k: usize,
    technique: Technique,
    out: &mut Finding,
) -> bool {
    let n = grid.size();
    let mut items = [(0u8, 0u64); 64];
    for house in grid.boxes().chain(n..2 * n).chain(0..n) {
        let cells = &grid.geo.house_cells[house];
        let empty = cells
            .iter()
            .filter(|&&c| grid.values[c as usize] == 0)
            .count();
        if empty <= k {
            continue;
        }
        // Digits that may belong to a set: two to k places.
        let mut len = 0;
        for d in 0..n {
            let mask = places.of(house, d);
            if (2..=k).contains(&(mask.count_ones() as usize)) {
                items[len] = (d as u8, mask);
                len += 1;
            }
        }
        let mut found = None;
        find_k_with_k(&items[..len], k, &mut |digits: u64, union: u64| {
            // The first other digit the set's cells leave one place.
            found = (0..n)
                .find(|&d| {
                    let mask = places.of(house, d);
                    digits & (1 << d) == 0
                        && mask.count_ones() > 1
                        && (mask & !union).count_ones() == 1
                })
                .map(|d| (digits, union, d));
            found.is_some()
        });
        let Some((digits, union, d)) = found else {
            continue;
        };
        out.start(technique, Pattern::House(house as u16));
        out.digits = digits;
        out.cells.extend(bits(union).map(|i| cells[i]));
        let target = cells[(places.of(house, d) & !union).trailing_zeros() as usize];
        out.placements.push((target, d as u8 + 1));
        return true;
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::grader::grid::test_cells::at;
    use crate::ShapeHint;

    /// A position met on the rating path of an SE-rated puzzle (every
    /// step before it placed a digit, so its givens give its candidates),
    /// and that position's solution.
    fn position(values: &str) -> (Grid, Vec<u8>) {
        let board = parse_puzzle(values, ShapeHint::Infer).expect("a puzzle");
        let solution = board.solution().expect("one solution").values().to_vec();
        (Grid::new(&board).expect("no clash"), solution)
    }

    /// The placement is right, and no house of its cell had the digit in
    /// one place already: the direct hint is what finds it.
    fn placement_is_new_and_right(grid: &Grid, f: &Finding, solution: &[u8]) {
        let [(cell, digit)] = f.placements[..] else {
            panic!("one placement: {:?}", f.placements);
        };
        assert_eq!(solution[cell as usize], digit);
        for &house in &grid.geo.standard_houses[cell as usize] {
            let places = grid.places(house as usize, 1 << (digit - 1));
            assert!(places.count_ones() > 1, "a hidden single in house {house}");
        }
        // SE's step places and removes nothing else.
        assert!(f.eliminations.is_empty());
    }

    #[test]
    fn direct_pointing_leaves_a_single_in_another_box() {
        // In box 7, 5 can only go in column 2 (r8c2, r9c2): r2c2 and r4c2
        // lose it, and box 4 keeps one place for 5, r4c1.
        let (grid, solution) = position(
            "010020600200006300763009258007090426006254000142060000328605109401930860609080030",
        );
        let mut f = Finding::default();
        assert!(direct_locking(&grid, false, &mut f));
        assert_eq!(f.technique, Technique::DirectPointing);
        assert_eq!(f.rating, 17);
        assert_eq!(f.placements, [(at("r4c1"), 5)]);
        assert_eq!(f.cells, [at("r8c2"), at("r9c2")]);
        assert_eq!(f.fins, [at("r2c2"), at("r4c2")]);
        assert_eq!(
            f.pattern,
            Pattern::Intersection {
                within: 24,
                along: 10
            }
        );
        placement_is_new_and_right(&grid, &f, &solution);
    }

    #[test]
    fn direct_claiming_leaves_a_single_in_another_line() {
        // In column 8, 8 can only go in box 3 (r2c8, r3c8): r2c9 and r3c9
        // lose it, and column 9 keeps one place for 8, r7c9.
        let (grid, solution) = position(
            "304801657060375400070000300057904036649783521038000794000037060783609040006008973",
        );
        let mut f = Finding::default();
        assert!(direct_locking(&grid, true, &mut f));
        assert_eq!(f.technique, Technique::DirectClaiming);
        assert_eq!(f.rating, 19);
        assert_eq!(f.placements, [(at("r7c9"), 8)]);
        assert_eq!(f.cells, [at("r2c8"), at("r3c8")]);
        assert_eq!(f.fins, [at("r2c9"), at("r3c9")]);
        assert_eq!(
            f.pattern,
            Pattern::Intersection {
                within: 16,
                along: 20
            }
        );
        placement_is_new_and_right(&grid, &f, &solution);
    }

    #[test]
    fn direct_hidden_pair_leaves_a_single_in_its_house() {
        // In box 9, 6 and 7 can only go in r8c7 and r8c9, which lose 5: 5
        // keeps one place in box 9, r7c8.
        let (grid, solution) = position(
            "570068103030015060691007000053000001120080300940001270310806402080100030260043819",
        );
        let mut f = Finding::default();
        assert!(direct_hidden(&grid, 2, Technique::DirectHiddenPair, &mut f));
        assert_eq!(f.rating, 20);
        assert_eq!(f.placements, [(at("r7c8"), 5)]);
        assert_eq!(f.cells, [at("r8c7"), at("r8c9")]);
        assert_eq!(f.digits, 1 << 5 | 1 << 6);
        assert_eq!(f.pattern, Pattern::House(26));
        placement_is_new_and_right(&grid, &f, &solution);
    }

    #[test]
    fn direct_hidden_triple_leaves_a_single_in_its_house() {
        // In row 8, 2, 5 and 9 can only go in r8c3, r8c5 and r8c6, which
        // lose 4 and 7: 4 keeps one place in row 8, r8c1.
        let (grid, solution) = position(
            "570068103030015060691007500053000001120080300940001270310806452080100030260043819",
        );
        let mut f = Finding::default();
        assert!(direct_hidden(
            &grid,
            3,
            Technique::DirectHiddenTriple,
            &mut f
        ));
        assert_eq!(f.rating, 25);
        assert_eq!(f.placements, [(at("r8c1"), 4)]);
        assert_eq!(f.cells, [at("r8c3"), at("r8c5"), at("r8c6")]);
        assert_eq!(f.digits, 1 << 1 | 1 << 4 | 1 << 8);
        assert_eq!(f.pattern, Pattern::House(7));
        placement_is_new_and_right(&grid, &f, &solution);
    }

    #[test]
    fn no_direct_hint_without_a_single_to_leave() {
        // A full grid but two cells: every digit has one place or none.
        let (grid, _) = position(
            "004678912672195348198342567859761423426853791713924856961537284287419635345286179",
        );
        let mut f = Finding::default();
        assert!(!direct_locking(&grid, false, &mut f));
        assert!(!direct_locking(&grid, true, &mut f));
        assert!(!direct_hidden(
            &grid,
            2,
            Technique::DirectHiddenPair,
            &mut f
        ));
        assert!(!direct_hidden(
            &grid,
            3,
            Technique::DirectHiddenTriple,
            &mut f
        ));
    }
}
