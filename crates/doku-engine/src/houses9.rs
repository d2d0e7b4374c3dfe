//! The generator's uniqueness proof on 9x9 boards with any houses (jigsaw
//! regions, diagonals, windows): the answer of
//! `alldiff_search::has_other_solution` with no branches, from fixed-size
//! arrays and bit masks instead of a general search.
//!
//! That proof refutes, one freed cell at a time, every other solution by
//! propagation alone: singles, the matching filter on every house (naked and
//! hidden subsets of every size) and pointing and claiming between lines
//! and boxes (or regions). Propagation to a fixpoint ends in the same state
//! whatever order its rules run in (each only removes candidates, and
//! removes more from fewer), so a faster order proves exactly what the
//! general search proves, and deals stay the same.
//!
//! What makes it faster: the masks of every house, peer set and segment are
//! built once per layout; the givens are placed digit by digit on masks;
//! singles visit only the peers still holding a digit, and refute most
//! freed cells alone; a short search for a second solution settles most of
//! the removals to refuse before any matching; the matching filter starts
//! with the houses a freed cell's change touched.
//!
//! It also tells whether propagation alone solves a puzzle, which rules out
//! an extreme grade (the generator skips grading such a puzzle).

use crate::board::Board;
use crate::shape::{geometry, Shape};

const CELLS: usize = 81;
const ALL_DIGITS: u16 = 0x1FF;
const ALL_CELLS: u128 = (1 << CELLS) - 1;

/// Where a row or column crosses a box (or region), and the rest of each:
/// a digit whose places in the line all lie in the crossing leaves the rest
/// of the box (claiming), and the other way round (pointing). The general
/// search's segments, as masks.
#[derive(Clone, Copy, Debug)]
struct Segment {
    crossing: u128,
    line_rest: u128,
    box_rest: u128,
    /// All three together.
    cells: u128,
}

/// A 9x9 layout's houses as masks, built once per shape.
#[derive(Clone, Debug)]
pub(crate) struct Houses9 {
    /// Every house's nine cells, in the order `Geometry` numbers them.
    house_cells: Vec<[u8; 9]>,
    /// For every cell, its houses (bit `h` for house `h`).
    houses_of: [u64; CELLS],
    /// For every cell, the cells it sees.
    peers: [u128; CELLS],
    segments: Vec<Segment>,
    /// Bit `h` for every house `h`.
    every_house: u64,
}

impl Houses9 {
    /// The layout of `shape`, if it is 9x9 with at most 64 houses of nine
    /// cells (every 9x9 variant).
    pub(crate) fn new(shape: Shape) -> Option<Houses9> {
        if shape.size() != 9 || shape.cell_count() != CELLS {
            return None;
        }
        let geo = geometry(shape);
        if geo.house_cells.is_empty()
            || geo.house_cells.len() > 64
            || geo.house_cells.iter().any(|h| h.len() != 9)
        {
            return None;
        }
        let mut house_cells = Vec::with_capacity(geo.house_cells.len());
        let mut houses_of = [0u64; CELLS];
        for (house, cells) in geo.house_cells.iter().enumerate() {
            let mut row = [0u8; 9];
            for (slot, &cell) in row.iter_mut().zip(cells) {
                *slot = cell as u8;
                houses_of[cell as usize] |= 1 << house;
            }
            house_cells.push(row);
        }
        let mut peers = [0u128; CELLS];
        for (mask, cell_peers) in peers.iter_mut().zip(&geo.peers) {
            *mask = cell_peers.iter().fold(0, |acc, &p| acc | 1u128 << p);
        }
        let mask_of = |cells: &[u16]| cells.iter().fold(0u128, |m, &c| m | 1 << c);
        let segments = crate::alldiff_search::segments(&geo)
            .iter()
            .map(|segment| {
                let crossing = mask_of(&segment.crossing);
                let line_rest = mask_of(&segment.line_rest);
                let box_rest = mask_of(&segment.box_rest);
                Segment {
                    crossing,
                    line_rest,
                    box_rest,
                    cells: crossing | line_rest | box_rest,
                }
            })
            .collect();
        Some(Houses9 {
            every_house: u64::MAX >> (64 - house_cells.len()),
            house_cells,
            houses_of,
            peers,
            segments,
        })
    }

    /// Whether propagation, and a search of at most `branches` guesses in
    /// all, refute every solution of `puzzle` other than `known`, where
    /// `puzzle` is a puzzle whose only solution was `known` with the cells
    /// of `freed` just emptied. With no branches, exactly when
    /// `alldiff_search::has_other_solution(puzzle, known, freed, 0)` is
    /// `Some(false)`; with enough, exactly when `known` is the only
    /// solution. (More branches never prove less: a search that ends
    /// within fewer ends the same way within more.)
    ///
    /// Another solution would differ from `known` first (in `freed` order)
    /// at some freed cell: for each, the cells before it take their `known`
    /// digits and it loses its own, and propagation must end in a
    /// contradiction, or else every guess below it must.
    pub(crate) fn proves_unique(
        &self,
        puzzle: &Board,
        known: &Board,
        freed: &[u16],
        mut branches: u32,
    ) -> bool {
        let Some(mut base) = Propagation::from_givens(self, puzzle.values()) else {
            return true; // as below
        };
        if !base.singles(self) {
            // Cannot happen for a puzzle `known` solves; no second solution.
            return true;
        }
        let known_bit = |cell: usize| 1u16 << (known.values()[cell].wrapping_sub(1) & 15);
        for (i, &cell) in freed.iter().enumerate() {
            let cell = cell as usize;
            let mut probe = base.clone();
            probe.mark_clean();
            let narrowed = freed[..i].iter().all(|&earlier| {
                let earlier = earlier as usize;
                probe.narrow(self, earlier, probe.domains[earlier] & known_bit(earlier))
            });
            if !narrowed || !probe.narrow(self, cell, probe.domains[cell] & !known_bit(cell)) {
                continue;
            }
            if !probe.singles(self) {
                continue;
            }
            // A solution found by a short search settles it at once: no
            // rule removes a digit of a solution, so propagation cannot
            // end in a contradiction either.
            let mut witness_nodes = WITNESS_NODES;
            if probe.clone().finds_solution(self, &mut witness_nodes) {
                return false;
            }
            // Every house and segment still to be looked at once; the
            // houses the probe changed first, where a contradiction is
            // likeliest.
            probe.filter_pending = self.every_house;
            probe.segment_dirty = ALL_CELLS;
            if probe.propagate(self) && !probe.refutes_by_search(self, &mut branches) {
                return false; // a solution, or the branches ran out
            }
        }
        true
    }
}

impl Houses9 {
    /// Whether propagation alone (singles, the matching filter on every
    /// house, pointing and claiming between lines and boxes) solves
    /// `puzzle`.
    pub(crate) fn solves_by_propagation(&self, puzzle: &Board) -> bool {
        let Some(mut propagation) = Propagation::from_givens(self, puzzle.values()) else {
            return false;
        };
        propagation.propagate(self) && propagation.domains.iter().all(|d| d.is_power_of_two())
    }
}

/// Branches a search for a second solution may take before the proof
/// falls back on propagation. Most removals a proof refuses have a second
/// solution within a few; the search is wasted on the others (on jigsaw X
/// deals, 16 took a tenth less time than 64, 4 a tenth more on jigsaws).
const WITNESS_NODES: u32 = 16;

impl Propagation {
    /// The open cell with the fewest candidates (the first found with two),
    /// to guess on; `None` once every cell is solved.
    fn branch_cell(&self) -> Option<usize> {
        let mut best = None;
        let mut best_len = 10;
        for (cell, &domain) in self.domains.iter().enumerate() {
            let len = domain.count_ones();
            if len > 1 && len < best_len {
                best = Some(cell);
                best_len = len;
                if len == 2 {
                    break;
                }
            }
        }
        best
    }

    /// Whether singles and at most `nodes` guesses find a solution from
    /// here (the state is left unspecified).
    fn finds_solution(&mut self, houses: &Houses9, nodes: &mut u32) -> bool {
        if !self.singles(houses) {
            return false;
        }
        let Some(cell) = self.branch_cell() else {
            return true;
        };
        let mut digits = self.domains[cell];
        while digits != 0 {
            if *nodes == 0 {
                return false;
            }
            *nodes -= 1;
            let digit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let mut guess = self.clone();
            if guess.narrow(houses, cell, digit) && guess.finds_solution(houses, nodes) {
                return true;
            }
        }
        false
    }

    /// Whether a search from this fixpoint of [`Propagation::propagate`]
    /// proves it has no solution, within `branches` guesses (each guess
    /// propagated to its own fixpoint); `false` on a solution, or when
    /// the branches run out first.
    fn refutes_by_search(&self, houses: &Houses9, branches: &mut u32) -> bool {
        // Every cell solved, at a fixpoint: a solution.
        let Some(cell) = self.branch_cell() else {
            return false;
        };
        let mut digits = self.domains[cell];
        while digits != 0 {
            if *branches == 0 {
                return false;
            }
            *branches -= 1;
            let digit = digits & digits.wrapping_neg();
            digits &= digits - 1;
            let mut guess = self.clone();
            if guess.narrow(houses, cell, digit)
                && guess.propagate(houses)
                && !guess.refutes_by_search(houses, branches)
            {
                return false;
            }
        }
        true
    }
}

/// Candidates of every cell (bit `d - 1` for digit `d`) and what changed
/// since each rule last looked.
#[derive(Clone, Debug)]
struct Propagation {
    domains: [u16; CELLS],
    /// For every digit, the cells that may take it.
    places: [u128; 9],
    /// Solved cells whose digit has not yet left their peers.
    fresh: u128,
    /// Houses to scan for hidden singles.
    hidden_dirty: u64,
    /// Houses changed since the matching filter last ran on them.
    filter_dirty: u64,
    /// Houses the matching filter has not run on yet (it runs on the
    /// changed ones first).
    filter_pending: u64,
    /// Cells changed since pointing and claiming last looked.
    segment_dirty: u128,
}

impl Propagation {
    /// The givens of `values` (0 for an empty cell) as solved cells whose
    /// digits have left their peers, every house to be looked at; `None` if
    /// two givens that see each other share a digit.
    fn from_givens(houses: &Houses9, values: &[u8]) -> Option<Propagation> {
        // Digit by digit, on masks: far cheaper than each given's peers
        // one by one.
        let mut given = [0u128; 9];
        for (cell, &value) in values.iter().enumerate().take(CELLS) {
            if value != 0 {
                given[value as usize - 1] |= 1 << cell;
            }
        }
        let givens = given.iter().fold(0, |all, &g| all | g);
        let mut domains = [0u16; CELLS];
        let mut places = [0u128; 9];
        for digit in 0..9 {
            let mut seen = 0u128;
            let mut cells = given[digit];
            while cells != 0 {
                seen |= houses.peers[cells.trailing_zeros() as usize];
                cells &= cells - 1;
            }
            if seen & given[digit] != 0 {
                return None;
            }
            places[digit] = (ALL_CELLS & !givens & !seen) | given[digit];
            let mut cells = places[digit];
            while cells != 0 {
                domains[cells.trailing_zeros() as usize] |= 1 << digit;
                cells &= cells - 1;
            }
        }
        let mut fresh = 0u128;
        for (cell, &domain) in domains.iter().enumerate() {
            if domain == 0 {
                return None;
            }
            if domain.is_power_of_two() && givens & (1 << cell) == 0 {
                fresh |= 1 << cell;
            }
        }
        let mut propagation = Propagation {
            domains,
            places,
            fresh,
            hidden_dirty: 0,
            filter_dirty: 0,
            filter_pending: 0,
            segment_dirty: 0,
        };
        propagation.mark_everything();
        Some(propagation)
    }

    fn mark_everything(&mut self) {
        self.hidden_dirty = u64::MAX;
        self.filter_pending = u64::MAX;
        self.segment_dirty = u128::MAX;
    }

    /// A fixpoint has nothing left to look at.
    fn mark_clean(&mut self) {
        self.fresh = 0;
        self.hidden_dirty = 0;
        self.filter_dirty = 0;
        self.filter_pending = 0;
        self.segment_dirty = 0;
    }

    /// Narrows `cell` to `domain` (a subset of its candidates), noting what
    /// must be looked at again; `false` if it is left empty.
    fn narrow(&mut self, houses: &Houses9, cell: usize, domain: u16) -> bool {
        if domain == self.domains[cell] {
            return true;
        }
        if domain == 0 {
            return false;
        }
        let bit = 1u128 << cell;
        let mut gone = self.domains[cell] & !domain;
        while gone != 0 {
            self.places[gone.trailing_zeros() as usize] &= !bit;
            gone &= gone - 1;
        }
        self.domains[cell] = domain;
        if domain.is_power_of_two() {
            self.fresh |= bit;
        }
        let of = houses.houses_of[cell];
        self.hidden_dirty |= of;
        self.filter_dirty |= of;
        self.segment_dirty |= bit;
        true
    }

    /// Naked and hidden singles to a fixpoint; `false` on a contradiction.
    fn singles(&mut self, houses: &Houses9) -> bool {
        loop {
            while self.fresh != 0 {
                let cell = self.fresh.trailing_zeros() as usize;
                self.fresh &= self.fresh - 1;
                let digit = self.domains[cell];
                // Only the peers that still may take the digit.
                let mut peers = houses.peers[cell] & self.places[digit.trailing_zeros() as usize];
                while peers != 0 {
                    let peer = peers.trailing_zeros() as usize;
                    peers &= peers - 1;
                    if !self.narrow(houses, peer, self.domains[peer] & !digit) {
                        return false;
                    }
                }
            }
            let dirty = self.hidden_dirty & houses.every_house;
            self.hidden_dirty = 0;
            if dirty == 0 {
                return true;
            }
            let mut dirty = dirty;
            while dirty != 0 {
                let house = dirty.trailing_zeros() as usize;
                dirty &= dirty - 1;
                if !self.hidden_singles(houses, house) {
                    return false;
                }
            }
        }
    }

    /// Solves the cells of `house` that alone can take some digit; `false`
    /// if a digit has no place or a cell must take two.
    fn hidden_singles(&mut self, houses: &Houses9, house: usize) -> bool {
        let cells = &houses.house_cells[house];
        let (mut once, mut twice, mut solved) = (0u16, 0u16, 0u16);
        for &cell in cells {
            let domain = self.domains[cell as usize];
            twice |= once & domain;
            once |= domain;
            if domain.is_power_of_two() {
                solved |= domain;
            }
        }
        if once != ALL_DIGITS {
            return false;
        }
        let hidden = once & !twice & !solved;
        if hidden == 0 {
            return true;
        }
        for &cell in cells {
            let only_here = self.domains[cell as usize] & hidden;
            if only_here != 0
                && (!only_here.is_power_of_two() || !self.narrow(houses, cell as usize, only_here))
            {
                return false;
            }
        }
        true
    }

    /// Every rule to a fixpoint, from what is marked to look at; `false` on
    /// a contradiction.
    fn propagate(&mut self, houses: &Houses9) -> bool {
        loop {
            if !self.singles(houses) {
                return false;
            }
            let mut filter = self.filter_dirty & houses.every_house;
            if filter == 0 {
                filter = self.filter_pending & houses.every_house;
            }
            if filter != 0 {
                let house = filter.trailing_zeros() as usize;
                if !self.filter_house(houses, house) {
                    return false;
                }
                continue;
            }
            // Pointing and claiming only once every house is matched, as in
            // the general search (the order changes nothing but the cost).
            let dirty = self.segment_dirty;
            self.segment_dirty = 0;
            let mut changed = false;
            for segment in &houses.segments {
                if segment.cells & dirty == 0 {
                    continue;
                }
                let inside = self.union(segment.crossing);
                if inside == 0 {
                    continue;
                }
                let claimed = inside & !self.union(segment.line_rest);
                let pointed = inside & !self.union(segment.box_rest);
                for (mut cells, gone) in [(segment.box_rest, claimed), (segment.line_rest, pointed)]
                {
                    if gone == 0 {
                        continue;
                    }
                    while cells != 0 {
                        let cell = cells.trailing_zeros() as usize;
                        cells &= cells - 1;
                        let domain = self.domains[cell];
                        if domain & gone != 0 {
                            if !self.narrow(houses, cell, domain & !gone) {
                                return false;
                            }
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return true;
            }
        }
    }

    /// The candidates of the cells of `mask`, together.
    fn union(&self, mut mask: u128) -> u16 {
        let mut union = 0;
        while mask != 0 {
            union |= self.domains[mask.trailing_zeros() as usize];
            mask &= mask - 1;
        }
        union
    }

    /// Régin's matching filter on one house: keeps only the candidates that
    /// lie on some perfect matching of its open cells to its open digits
    /// (see `alldiff_search`'s `filter_house`); `false` if there is none.
    fn filter_house(&mut self, houses: &Houses9, house: usize) -> bool {
        self.filter_dirty &= !(1 << house);
        self.filter_pending &= !(1 << house);
        let cells = &houses.house_cells[house];
        let mut fixed = 0u16;
        for &cell in cells {
            let domain = self.domains[cell as usize];
            if domain.is_power_of_two() {
                if fixed & domain != 0 {
                    return false;
                }
                fixed |= domain;
            }
        }
        let mut open = [0u8; 9];
        let mut domains = [0u16; 9];
        let mut k = 0;
        for &cell in cells {
            let domain = self.domains[cell as usize];
            if !domain.is_power_of_two() {
                open[k] = cell;
                domains[k] = domain & !fixed;
                k += 1;
            }
        }
        // With singles done (`propagate` runs them before each filter), at
        // most three open cells hold no subset to find and always match.
        if k <= 3 {
            return true;
        }
        let wide: [u64; 9] = domains.map(u64::from);
        let Some(pruned) = crate::alldiff_search::matching_filter(&wide[..k]) else {
            return false;
        };
        for j in 0..k {
            if !self.narrow(houses, open[j] as usize, pruned[j] as u16) {
                return false;
            }
        }
        // The filter leaves its own house consistent.
        self.filter_dirty &= !(1 << house);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alldiff_search::has_other_solution;
    use crate::format::{parse_puzzle_as, ShapeHint};
    use crate::generator::{full_grid, rules_for_deal};
    use crate::{Cell, Variant};
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    /// The general search's verdict with no branches, which `proves_unique`
    /// must repeat.
    fn general(puzzle: &Board, known: &Board, freed: &[u16]) -> bool {
        let freed: Vec<usize> = freed.iter().map(|&c| c as usize).collect();
        has_other_solution(puzzle, known, &freed, 0) == Some(false)
    }

    fn variants() -> Vec<Variant> {
        ["classic", "x", "windoku", "windoku,x", "jigsaw", "jigsaw,x"]
            .iter()
            .map(|name| Variant::parse(name).expect("a variant"))
            .collect()
    }

    /// A minimal puzzle of `variant` carved as the generator carves (pairs
    /// of cells opposite through the centre, in an order drawn from
    /// `seed`), each removal kept where `keeps(houses, sparser, full,
    /// freed)` says so.
    fn carved(
        variant: Variant,
        seed: u64,
        mut keeps: impl FnMut(&Houses9, &Board, &Board, &[u16]) -> bool,
    ) -> Board {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
        let houses = Houses9::new(shape).expect("a 9x9 layout");
        let full = full_grid(shape, &mut rng);
        let mut cells: Vec<u16> = (0..=40).collect();
        cells.shuffle(&mut rng);
        let mut puzzle = full.clone();
        for cell in cells {
            let orbit: Vec<u16> = if cell == 40 {
                vec![40]
            } else {
                vec![cell, 80 - cell]
            };
            let mut sparser = puzzle.clone();
            for &c in &orbit {
                sparser.set(Cell(c), None);
            }
            if keeps(&houses, &sparser, &full, &orbit) {
                puzzle = sparser;
            }
        }
        puzzle
    }

    #[test]
    fn agrees_with_the_general_search_while_carving_every_9x9_variant() {
        // Carve full grids as the generator does (pairs of cells opposite
        // through the centre, in random order) and compare every verdict.
        for variant in variants() {
            let (mut proved, mut refused) = (0, 0);
            for seed in 0..6 {
                let puzzle = carved(variant, seed, |houses, sparser, full, orbit| {
                    let verdict = general(sparser, full, orbit);
                    assert_eq!(
                        houses.proves_unique(sparser, full, orbit, 0),
                        verdict,
                        "{variant:?} {sparser:?} {orbit:?}"
                    );
                    if verdict {
                        proved += 1;
                    } else {
                        refused += 1;
                    }
                    verdict
                });
                // Every carving ends unique: the proof refutes no solution
                // that exists.
                assert_eq!(puzzle.count_solutions_up_to(2), 1, "{variant:?} {puzzle:?}");
            }
            assert!(
                proved > 0 && refused > 0,
                "{variant:?}: {proved} proved, {refused} refused"
            );
        }
    }

    #[test]
    fn agrees_with_the_general_search_on_sparse_positions_with_many_solutions() {
        // Random blanks, far past what a carving keeps, with every empty
        // cell freed: the proofs must agree where propagation fails too.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for variant in variants() {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
            let houses = Houses9::new(shape).expect("a 9x9 layout");
            let full = full_grid(shape, &mut rng);
            let mut verdicts = [0; 2];
            for keep_percent in [70u64, 55, 45, 35, 25] {
                for _ in 0..4 {
                    let puzzle = crate::test_support::blanked(&full, keep_percent, &mut seed);
                    let freed: Vec<u16> = (0..81u16)
                        .filter(|&c| puzzle.values()[c as usize] == 0)
                        .collect();
                    let verdict = general(&puzzle, &full, &freed);
                    assert_eq!(
                        houses.proves_unique(&puzzle, &full, &freed, 0),
                        verdict,
                        "{puzzle:?}"
                    );
                    verdicts[verdict as usize] += 1;
                }
            }
            assert!(
                verdicts[0] > 0 && verdicts[1] > 0,
                "{variant:?}: {verdicts:?}"
            );
        }
    }

    #[test]
    fn proves_the_published_9x9_variants_as_the_general_search_does() {
        let text = include_str!("../../../tests/fixtures/variants/published.tsv");
        let mut checked = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fields: Vec<&str> = line.split('\t').collect();
            let variant = Variant::parse(fields[0]).expect("a variant");
            if variant.is_killer() {
                continue;
            }
            let puzzle = parse_puzzle_as(fields[1].as_bytes(), ShapeHint::Infer, variant)
                .expect("a published puzzle");
            let Some(houses) = Houses9::new(puzzle.shape()) else {
                continue;
            };
            let solution = puzzle.solution().expect("a solution");
            assert_eq!(
                solution
                    .values()
                    .iter()
                    .map(|v| char::from(b'0' + v))
                    .collect::<String>(),
                fields[2]
            );
            let freed: Vec<u16> = (0..81u16)
                .filter(|&c| puzzle.values()[c as usize] == 0)
                .collect();
            // The whole puzzle as one removal: the same verdict either way,
            // and a proof only for a puzzle with one solution.
            let verdict = houses.proves_unique(&puzzle, &solution, &freed, 0);
            assert_eq!(verdict, general(&puzzle, &solution, &freed), "{line}");
            if verdict {
                assert_eq!(puzzle.count_solutions_up_to(2), 1, "{line}");
            }
            checked += 1;
        }
        assert!(checked >= 4, "{checked} published 9x9 variants");
    }

    #[test]
    fn with_enough_branches_it_proves_exactly_the_unique_positions() {
        use crate::generator::EXTREME_UNIQUENESS_BRANCHES;
        // Every removal tried while carving with propagation alone: those
        // it proves, those only a search proves, those with a second
        // solution. More branches never prove less, and unbounded ones
        // settle each removal as a count does.
        for variant in variants() {
            // Proved by propagation, proved only by a search, not unique.
            let mut outcomes = [0; 3];
            for seed in 0..8 {
                carved(variant, seed, |houses, sparser, full, orbit| {
                    let proves = |branches| houses.proves_unique(sparser, full, orbit, branches);
                    let (none, few, all) = (
                        proves(0),
                        proves(EXTREME_UNIQUENESS_BRANCHES),
                        proves(u32::MAX),
                    );
                    assert!(!none || few, "{variant:?} {sparser:?}");
                    assert!(!few || all, "{variant:?} {sparser:?}");
                    let unique = sparser.count_solutions_up_to(2) == 1;
                    assert_eq!(all, unique, "{variant:?} {sparser:?}");
                    outcomes[if !unique {
                        2
                    } else if none {
                        0
                    } else {
                        1
                    }] += 1;
                    none
                });
            }
            // On classic boards propagation proves every unique removal
            // of these carvings.
            let searched = variant == Variant::Classic || outcomes[1] > 0;
            assert!(
                outcomes[0] > 0 && searched && outcomes[2] > 0,
                "{variant:?}: {outcomes:?} (by propagation, by search, not unique)"
            );
        }
    }

    #[test]
    fn carving_with_unbounded_branches_leaves_no_removable_pair() {
        // The proof with a full search makes truly minimal puzzles: every
        // pair of givens left (the carving's orbit) is needed.
        for variant in variants() {
            for seed in 0..2 {
                let puzzle = carved(variant, seed, |houses, sparser, full, orbit| {
                    houses.proves_unique(sparser, full, orbit, u32::MAX)
                });
                assert_eq!(puzzle.count_solutions_up_to(2), 1, "{variant:?} {puzzle:?}");
                for cell in 0..=40u16 {
                    let mut sparser = puzzle.clone();
                    sparser.set(Cell(cell), None);
                    sparser.set(Cell(80 - cell), None);
                    if sparser != puzzle {
                        assert_eq!(
                            sparser.count_solutions_up_to(2),
                            2,
                            "{variant:?} {puzzle:?} r{}c{}",
                            cell / 9 + 1,
                            cell % 9 + 1
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_puzzle_that_propagation_solves_never_grades_extreme() {
        // The generator skips grading such a puzzle for an extreme deal:
        // the grader must always find a step rated 5.4 or less in it.
        // Carved as extreme deals carve, and with no branches too.
        use crate::generator::EXTREME_UNIQUENESS_BRANCHES;
        use crate::grader::{grade_at_most, Difficulty, TRIAL_AND_ERROR};
        for variant in variants() {
            let (mut solved, mut stuck) = (0, 0);
            let carvings = (0..8).flat_map(|seed| [(seed, 0), (seed, EXTREME_UNIQUENESS_BRANCHES)]);
            for (seed, branches) in carvings {
                let puzzle = carved(variant, seed, |houses, sparser, full, orbit| {
                    houses.proves_unique(sparser, full, orbit, branches)
                });
                let houses = Houses9::new(puzzle.shape()).expect("a 9x9 layout");
                if houses.solves_by_propagation(&puzzle) {
                    let grade = grade_at_most(&puzzle, Difficulty::Extreme, true).expect("a grade");
                    assert!(
                        grade.difficulty < Difficulty::Extreme,
                        "{variant:?} {puzzle:?}"
                    );
                    assert_ne!(grade.hardest, TRIAL_AND_ERROR);
                    solved += 1;
                } else {
                    stuck += 1;
                }
            }
            assert!(solved > 0, "{variant:?}: {solved} solved, {stuck} stuck");
        }
    }

    #[test]
    fn only_9x9_layouts_have_one() {
        assert!(Houses9::new(Shape::CLASSIC).is_some());
        assert!(Houses9::new(Shape::sudoku(6).expect("6x6")).is_none());
        assert!(Houses9::new(Shape::sudoku(16).expect("16x16")).is_none());
    }
}
