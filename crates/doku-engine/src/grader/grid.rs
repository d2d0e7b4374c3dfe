//! The candidate grid the techniques read, and the finding they write.
//!
//! Everything here is bitmasks over a shared [`Geometry`]: a cell's
//! candidates are a `u64` over digits, a digit's places in a house are a
//! `u64` over the house's cells (index `i` = the house's `i`-th cell in
//! reading order). The techniques never allocate: they fill a reused
//! [`Finding`].

use super::chains::Link;
use super::Technique;
use crate::board::{Board, Candidates};
use crate::killer::Cages;
use crate::shape::Geometry;
use crate::solver::geometry;
use std::sync::Arc;

/// Values and candidates of a position, kept consistent as steps apply.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    pub geo: Arc<Geometry>,
    pub values: Vec<u8>,
    /// Candidates of each cell; 0 for a filled cell.
    pub cands: Vec<u64>,
    /// Empty cells left.
    pub empty: usize,
    /// An empty cell has lost its last candidate: the position has no solution.
    pub broken: bool,
    /// The puzzle is known to have exactly one solution, which allows the
    /// uniqueness techniques.
    pub unique: bool,
    /// A killer's cages (`None` on every other board): a placed digit
    /// leaves its cage as it leaves its houses; the sums are the killer
    /// techniques' (`grader/cages.rs`, `grader/innies.rs`).
    pub killer: Option<Arc<CageRules>>,
}

/// A killer's cages as the techniques read them: cell indices and sums.
#[derive(Debug)]
pub(crate) struct CageRules {
    pub cages: Arc<Cages>,
    /// Each cage's cells, in reading order.
    pub cells: Vec<Vec<u16>>,
    /// Each cage's sum (`None`: its digits only differ).
    pub sums: Vec<Option<u32>>,
    /// Each cell's cage, [`CageRules::NONE`] for none.
    pub cage_of: Vec<u16>,
}

impl CageRules {
    pub const NONE: u16 = u16::MAX;

    fn new(cages: &Arc<Cages>, cell_count: usize) -> CageRules {
        let cells: Vec<Vec<u16>> = cages
            .iter()
            .map(|cage| cage.cells().iter().map(|c| c.0).collect())
            .collect();
        let mut cage_of = vec![Self::NONE; cell_count];
        for (i, list) in cells.iter().enumerate() {
            for &c in list {
                cage_of[c as usize] = i as u16;
            }
        }
        CageRules {
            cages: cages.clone(),
            sums: cages.iter().map(|c| c.sum().map(u32::from)).collect(),
            cells,
            cage_of,
        }
    }

    /// The cage of a cell, if any.
    pub fn cage(&self, cell: usize) -> Option<usize> {
        match self.cage_of[cell] {
            Self::NONE => None,
            i => Some(i as usize),
        }
    }
}

impl Grid {
    /// The grid of a board, candidates from its filled cells. `None` when two
    /// filled cells of one house hold the same digit.
    pub fn new(board: &Board) -> Option<Grid> {
        let shape = board.shape();
        let geo = geometry(shape);
        let values = board.values().to_vec();
        let mut used = vec![0u64; geo.house_cells.len()];
        for (house, cells) in geo.house_cells.iter().enumerate() {
            for &cell in cells {
                let value = values[cell as usize];
                if value != 0 {
                    let bit = 1u64 << (value - 1);
                    if used[house] & bit != 0 {
                        return None;
                    }
                    used[house] |= bit;
                }
            }
        }
        // A killer's cages: a digit never repeats in one either.
        let killer = board
            .cages()
            .map(|cages| Arc::new(CageRules::new(cages, values.len())));
        let mut in_cage = vec![0u64; killer.as_ref().map_or(0, |k| k.cells.len())];
        if let Some(killer) = &killer {
            for (cage, cells) in killer.cells.iter().enumerate() {
                for &cell in cells {
                    let value = values[cell as usize];
                    if value != 0 {
                        let bit = 1u64 << (value - 1);
                        if in_cage[cage] & bit != 0 {
                            return None;
                        }
                        in_cage[cage] |= bit;
                    }
                }
            }
        }
        let all = shape.all_digits();
        let mut cands = vec![0u64; values.len()];
        let mut empty = 0;
        let mut broken = false;
        for (cell, &value) in values.iter().enumerate() {
            if value == 0 {
                let mut seen = geo
                    .houses_of(cell)
                    .iter()
                    .fold(0, |acc, &h| acc | used[h as usize]);
                if let Some(cage) = killer.as_ref().and_then(|k| k.cage(cell)) {
                    seen |= in_cage[cage];
                }
                cands[cell] = all & !seen;
                broken |= cands[cell] == 0;
                empty += 1;
            }
        }
        Some(Grid {
            geo,
            values,
            cands,
            empty,
            broken,
            unique: false,
            killer,
        })
    }

    /// A 9x9 grid from nine rows of candidates, one word a cell ("124579
    /// 2579 3 ..."): a single digit is a filled cell (published technique
    /// examples list their grids this way).
    #[cfg(test)]
    pub(crate) fn from_candidate_rows(rows: &[&str]) -> Grid {
        let notes: Vec<Candidates> = rows
            .iter()
            .flat_map(|r| {
                r.split_whitespace()
                    .map(|cell| Candidates(cell.bytes().fold(0u64, |m, b| m | 1 << (b - b'1'))))
            })
            .collect();
        let values: Vec<u8> = notes
            .iter()
            .map(|c| match c.0.count_ones() {
                1 => c.0.trailing_zeros() as u8 + 1,
                _ => 0,
            })
            .collect();
        let board = Board::from_values(crate::shape::Shape::CLASSIC, values).expect("a board");
        let mut grid = Grid::new(&board).expect("no clash");
        grid.restrict_to_notes(&notes);
        grid
    }

    /// Narrows empty cells to a player's notes; a cell without notes keeps
    /// every candidate its houses allow.
    pub fn restrict_to_notes(&mut self, notes: &[Candidates]) {
        for (cell, note) in notes.iter().enumerate().take(self.cands.len()) {
            if self.values[cell] == 0 && !note.is_empty() {
                self.cands[cell] &= note.0;
                self.broken |= self.cands[cell] == 0;
            }
        }
    }

    pub fn size(&self) -> usize {
        self.geo.shape.size()
    }

    /// Places a digit and removes it from the candidates of every peer.
    pub fn place(&mut self, cell: usize, digit: u8) {
        if self.values[cell] != 0 {
            return;
        }
        let bit = 1u64 << (digit - 1);
        self.values[cell] = digit;
        self.cands[cell] = 0;
        self.empty -= 1;
        for &peer in &self.geo.peers[cell] {
            let peer = peer as usize;
            if self.cands[peer] & bit != 0 {
                self.cands[peer] &= !bit;
                self.broken |= self.cands[peer] == 0;
            }
        }
        if let Some(killer) = &self.killer {
            if let Some(cage) = killer.cage(cell) {
                for &mate in &killer.cells[cage] {
                    let mate = mate as usize;
                    if self.cands[mate] & bit != 0 {
                        self.cands[mate] &= !bit;
                        self.broken |= self.cands[mate] == 0;
                    }
                }
            }
        }
    }

    /// Whether two different cells can never hold the same digit: they
    /// share a house, or (on a killer) a cage.
    pub fn differ(&self, a: usize, b: usize) -> bool {
        self.sees(a, b)
            || self
                .killer
                .as_ref()
                .is_some_and(|k| a != b && k.cage(a).is_some() && k.cage(a) == k.cage(b))
    }

    pub fn eliminate(&mut self, cell: usize, digit: u8) {
        if self.values[cell] == 0 {
            self.cands[cell] &= !(1u64 << (digit - 1));
            self.broken |= self.cands[cell] == 0;
        }
    }

    pub fn apply(&mut self, finding: &Finding) {
        for &(cell, digit) in &finding.placements {
            self.place(cell as usize, digit);
        }
        for &(cell, digit) in &finding.eliminations {
            self.eliminate(cell as usize, digit);
        }
    }

    /// Where a digit (as a bit) can go in a house: bit `i` for its `i`-th cell.
    pub fn places(&self, house: usize, bit: u64) -> u64 {
        let mut mask = 0;
        for (i, &cell) in self.geo.house_cells[house].iter().enumerate() {
            if self.cands[cell as usize] & bit != 0 {
                mask |= 1u64 << i;
            }
        }
        mask
    }

    /// [`Grid::places`] of every digit of a house at once (`out[digit]`,
    /// `out` as long as the grid's size): one pass over the house's cells
    /// for all digits, where a search that asks digit by digit makes one
    /// per digit (on a 25x25, 25 passes for what one does).
    pub fn places_by_digit(&self, house: usize, out: &mut [u64]) {
        out.fill(0);
        for (i, &cell) in self.geo.house_cells[house].iter().enumerate() {
            for digit in bits(self.cands[cell as usize]) {
                out[digit] |= 1u64 << i;
            }
        }
    }

    /// House indices of the boxes or regions, then a variant's extra houses
    /// (empty for a plain Latin square): every house that is not a line.
    pub fn boxes(&self) -> std::ops::Range<usize> {
        let n = self.size();
        2 * n..self.geo.house_cells.len()
    }

    /// Whether two different cells share a house (`Shape::sees`, read
    /// from the geometry's house table).
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let geo = &self.geo;
        let (ha, hb) = (&geo.standard_houses[a], &geo.standard_houses[b]);
        let standard = geo.houses_per_cell;
        a != b
            && (ha[..standard].iter().zip(hb).any(|(x, y)| x == y)
                || (geo.has_extras()
                    && geo.houses_of(a)[standard..]
                        .iter()
                        .any(|h| geo.houses_of(b)[standard..].contains(h))))
    }
}

/// The shape of what a technique found, for its explanation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pattern {
    /// A cell with one candidate left.
    Cell,
    /// A pattern inside one house (hidden single, subsets).
    House(u16),
    /// Locked candidates: the digit's places in house `within` all lie in
    /// house `along`, so it goes from the rest of `along`.
    Intersection { within: u16, along: u16 },
    /// A fish: in the `base` lines (rows when `rows`, else columns) the digit
    /// lies only in the `cover` lines (the other direction).
    Fish { rows: bool, base: u64, cover: u64 },
    /// A wing: pivot first, then the two pincers.
    Wing,
    /// A chain or net: its links are in `Finding::chain`, its words in
    /// `Finding::text`.
    Chain,
    /// Two strong links on one digit (cells a1, a2, b1, b2: a2 sees b1), in
    /// these houses.
    Turbot { first: u16, second: u16 },
    /// An empty rectangle: the digit's places in box `bx` (the first cells)
    /// lie in `row` and `col`; the last two cells are the strong link p, q
    /// in house `link`.
    EmptyRectangle {
        bx: u16,
        row: u16,
        col: u16,
        link: u16,
    },
    /// A W-wing: cell a, the strong link p, q (in `house`), cell b.
    WWing { house: u16 },
    /// A unique rectangle: the four corners, then any cells of a subset.
    Rectangle,
    /// A colour cluster: the cells of the first colour, then the second.
    Colours { wrap: bool, first_colour: u16 },
    /// Two colour clusters: the first's cells, then the second's.
    MultiColours { first_cluster: u16 },
    /// The law of leftovers on `count` rows (or columns) from `first`: the
    /// innies, then the outies; its words in `Finding::text`.
    Leftovers { rows: bool, first: u8, count: u8 },
    /// A killer cage's combinations (the cage's number); words in
    /// `Finding::text`.
    Cage { cage: u16 },
    /// A killer cage's must-haves and the house they leave (`u16::MAX`:
    /// no one house); words in `Finding::text`.
    CageHouse { cage: u16, house: u16 },
    /// The rule of 45 on the houses of the mask (bit = house index): the
    /// virtual cage of its innies, or of its outies; words in
    /// `Finding::text`.
    Innies { houses: u128, outies: bool },
}

/// One technique's find, in a buffer reused from step to step.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub technique: Technique,
    /// Sudoku Explainer's rating of this step in tenths: the technique's
    /// (set by `start`), raised by a finder for a harder form (a hidden
    /// single in a line, a longer chain).
    pub rating: u16,
    pub pattern: Pattern,
    pub cells: Vec<u16>,
    /// Fins of a finned fish (outside `cells`).
    pub fins: Vec<u16>,
    pub digits: u64,
    pub placements: Vec<(u16, u8)>,
    pub eliminations: Vec<(u16, u8)>,
    /// A chain's links, parents before children (empty for other patterns).
    pub chain: Vec<Link>,
    /// A chain's node count, for its length increment.
    pub complexity: u16,
    /// A chain's explanation, written as it is found.
    pub text: String,
}

impl Default for Finding {
    fn default() -> Self {
        Finding {
            technique: Technique::NakedSingle,
            rating: Technique::NakedSingle.se_rating(),
            pattern: Pattern::Cell,
            cells: Vec::with_capacity(8),
            fins: Vec::with_capacity(4),
            digits: 0,
            placements: Vec::with_capacity(4),
            eliminations: Vec::with_capacity(32),
            chain: Vec::new(),
            complexity: 0,
            text: String::new(),
        }
    }
}

impl Finding {
    pub fn start(&mut self, technique: Technique, pattern: Pattern) {
        self.technique = technique;
        self.rating = technique.se_rating();
        self.pattern = pattern;
        self.cells.clear();
        self.fins.clear();
        self.digits = 0;
        self.placements.clear();
        self.eliminations.clear();
        self.chain.clear();
        self.complexity = 0;
        self.text.clear();
    }
}

/// The first finding of each of `N` techniques that one search finds
/// together (the solver asks for them in turn on the same position, each
/// only when the ones before found nothing), kept for the later calls on
/// the same candidates: `found[kind]` is `None` while unknown and
/// `Some(None)` when there is none.
pub(crate) struct FirstOfEach<const N: usize> {
    shape: crate::shape::Shape,
    cands: Vec<u64>,
    found: [Option<Option<Finding>>; N],
}

impl<const N: usize> FirstOfEach<N> {
    /// What an earlier search of this position knows about `kind`: into
    /// `out` and `Some(true)` when it found one, `Some(false)` when there
    /// is none, `None` when it does not know.
    pub fn recall(
        slot: &std::cell::RefCell<Option<Self>>,
        grid: &Grid,
        kind: usize,
        out: &mut Finding,
    ) -> Option<bool> {
        match &*slot.borrow() {
            Some(memo) if memo.is_of(grid) => match &memo.found[kind] {
                Some(Some(found)) => {
                    out.clone_from(found);
                    Some(true)
                }
                Some(None) => Some(false),
                None => None,
            },
            _ => None,
        }
    }

    /// Keeps what a search of this position for the kinds `searched` found,
    /// and puts the finding of `kind` into `out` (true when there is one).
    /// A search that `stopped` early (at `kind`) knows only the kinds it
    /// found; one that ran to its end knows that the others it searched
    /// for have none.
    pub fn keep(
        slot: &std::cell::RefCell<Option<Self>>,
        grid: &Grid,
        found: [Option<Finding>; N],
        searched: std::ops::Range<usize>,
        stopped: bool,
        kind: usize,
        out: &mut Finding,
    ) -> bool {
        let mut slot = slot.borrow_mut();
        if !slot.as_ref().is_some_and(|memo| memo.is_of(grid)) {
            *slot = Some(FirstOfEach {
                shape: grid.geo.shape,
                cands: grid.cands.clone(),
                found: std::array::from_fn(|_| None),
            });
        }
        let Some(memo) = slot.as_mut() else {
            return false;
        };
        for (i, (known, found)) in memo.found.iter_mut().zip(found).enumerate() {
            if found.is_some() || (!stopped && searched.contains(&i)) {
                *known = Some(found);
            }
        }
        match &memo.found[kind] {
            Some(Some(found)) => {
                out.clone_from(found);
                true
            }
            _ => false,
        }
    }

    fn is_of(&self, grid: &Grid) -> bool {
        self.shape == grid.geo.shape && self.cands == grid.cands
    }
}

/// Bits of a mask, lowest first.
/// Whether `mask` holds exactly two bits. `count_ones() == 2` is a
/// software popcount on x86_64's baseline (no POPCNT): about fifteen
/// instructions where this is four.
#[inline(always)]
pub(crate) fn two_bits(mask: u64) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// Whether `mask` holds three bits or more (see [`two_bits`]).
#[inline(always)]
pub(crate) fn three_bits_or_more(mask: u64) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest & rest.wrapping_sub(1) != 0
}

pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// Bits of a 128-bit cell set (boards up to 128 cells), lowest first.
pub(crate) fn bits128(mut mask: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            bit
        })
    })
}

/// Helpers for the techniques' unit tests on 9x9 positions.
#[cfg(test)]
pub(crate) mod test_cells {
    use super::Finding;

    /// The candidates of a position on top1465's sixth puzzle's solving
    /// path, where aligned exclusion and Nishio both find steps.
    pub(crate) const TOP1465_SIXTH: [&str; 9] = [
        "4 12569 1256789 5789 3 15789 259 2567 25679",
        "1237 12359 12579 6 12479 14579 8 2357 234579",
        "23678 23569 256789 45789 24789 45789 23459 23567 1",
        "1236 12346 1246 3478 5 134678 1234 9 23478",
        "123 8 12459 3479 1479 13479 6 12357 23457",
        "136 7 14569 2 14689 134689 1345 1358 3458",
        "68 46 468 1 4689 2 7 3568 35689",
        "5 126 3 789 6789 6789 129 4 2689",
        "9 1246 124678 34578 4678 345678 1235 123568 23568",
    ];

    /// "r1c6" as a cell index of a 9x9 grid.
    pub(crate) fn at(name: &str) -> u16 {
        let (r, c) = name[1..].split_once('c').expect("rNcM");
        (r.parse::<u16>().expect("row") - 1) * 9 + c.parse::<u16>().expect("column") - 1
    }

    /// A finding's eliminations, sorted.
    pub(crate) fn removals(f: &Finding) -> Vec<(u16, u8)> {
        let mut v = f.eliminations.clone();
        v.sort_unstable();
        v
    }

    /// Named eliminations (`("r1c6", 4)`), sorted as [`removals`].
    pub(crate) fn expected(pairs: &[(&str, u8)]) -> Vec<(u16, u8)> {
        let mut v: Vec<(u16, u8)> = pairs.iter().map(|&(c, d)| (at(c), d)).collect();
        v.sort_unstable();
        v
    }
}

/// Searches `items` (an id bit and a mask each) for `k` of them whose masks
/// together have exactly `k` bits; `found(ids, union)` decides whether a
/// match is useful (returns true to stop). Items whose mask alone has more
/// than `k` bits should be left out by the caller.
pub(crate) fn find_k_with_k(
    items: &[(u8, u64)],
    k: usize,
    found: &mut dyn FnMut(u64, u64) -> bool,
) -> bool {
    fn search(
        items: &[(u8, u64)],
        start: usize,
        left: usize,
        k: usize,
        ids: u64,
        union: u64,
        found: &mut dyn FnMut(u64, u64) -> bool,
    ) -> bool {
        if left == 0 {
            return union.count_ones() as usize == k && found(ids, union);
        }
        for i in start..=items.len().saturating_sub(left) {
            let (id, mask) = items[i];
            let next = union | mask;
            if next.count_ones() as usize > k {
                continue;
            }
            if search(items, i + 1, left - 1, k, ids | 1u64 << id, next, found) {
                return true;
            }
        }
        false
    }
    items.len() >= k && search(items, 0, k, k, 0, 0, found)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    /// `Grid::sees` reads the house table; it must agree with the shape's
    /// own rule on boards with boxes of every proportion and without boxes.
    #[test]
    fn sees_agrees_with_the_shape_on_every_pair_of_cells() {
        let shapes = [
            Shape::CLASSIC,
            Shape::sudoku(6).expect("6x6"),
            Shape::with_boxes(2, 4).expect("2x4 boxes"),
            Shape::latin(5).expect("5x5 latin"),
        ];
        for shape in shapes {
            let n = shape.size();
            let board = Board::from_values(shape, vec![0; n * n]).expect("an empty board");
            let grid = Grid::new(&board).expect("no clash");
            for a in 0..n * n {
                for b in 0..n * n {
                    let expected = shape.sees(crate::Cell(a as u16), crate::Cell(b as u16));
                    assert_eq!(grid.sees(a, b), expected, "{shape:?} cells {a} and {b}");
                }
            }
        }
    }

    /// The techniques whose searches share what they found on a position
    /// ([`FirstOfEach`]) answer as a fresh search would, whichever of them
    /// is asked first, on every position along the solving path of puzzles
    /// that use each group.
    #[test]
    fn remembered_findings_match_a_fresh_search_in_any_order() {
        use super::super::{find_next, Technique::*};
        use crate::format::parse_puzzle;
        use crate::ShapeHint;
        let shared = [
            FinnedXWing,
            SashimiXWing,
            FinnedSwordfish,
            SashimiSwordfish,
            FinnedJellyfish,
            SashimiJellyfish,
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            HiddenRectangle,
        ];
        // Puzzles of top1465 whose paths take finned fish, turbot fish and
        // rectangles.
        let puzzles = [
            "5.8.....7...9.1...4............5...4.6.....3..9....6...2.3...1.7...8..........2..",
            ".......71.2.8........5.3...7.9.6.......2..8..1.........3...25..6...1..4..........",
            "......41.9..3.....3...5.....48..7..........52.1.......6..2....5.7....8......9....",
        ];
        let blank = Grid::new(&Board::from_values(Shape::CLASSIC, vec![0; 81]).expect("empty"))
            .expect("no clash");
        // A search on another position replaces what each group remembers.
        let forget = || {
            for t in shared {
                t.find(&blank, &mut Finding::default());
            }
        };
        let ask = |grid: &Grid, t: super::super::Technique| {
            let mut out = Finding::default();
            t.find(grid, &mut out).then(|| format!("{out:?}"))
        };
        let mut found = 0;
        for puzzle in puzzles {
            let board = parse_puzzle(puzzle, ShapeHint::Infer).expect("a puzzle");
            let mut grid = Grid::new(&board).expect("no clash");
            grid.unique = true;
            let mut step = Finding::default();
            while grid.empty > 0 && find_next(&grid, false, &mut step) == super::super::Found::Step
            {
                let fresh: Vec<Option<String>> = shared
                    .iter()
                    .map(|&t| {
                        forget();
                        ask(&grid, t)
                    })
                    .collect();
                found += fresh.iter().flatten().count();
                for order in [
                    shared.to_vec(),
                    shared.iter().rev().copied().collect::<Vec<_>>(),
                ] {
                    forget();
                    for t in order {
                        let i = shared.iter().position(|&s| s == t).expect("listed");
                        assert_eq!(ask(&grid, t), fresh[i], "{t:?} on {puzzle}");
                    }
                }
                grid.apply(&step);
            }
        }
        assert!(found > 0, "the paths meet some of these patterns");
    }
}
