//! The board: a grid of optional digits of some [`Shape`], candidates as
//! bitmasks, and the conflicts a player's entries make.

use super::killer::{combos, Cages};
use super::shape::{Cell, Digit, House, Shape, MAX_SIZE};
use std::fmt;
use std::sync::Arc;

/// A set of digits as a bitmask: bit `d - 1` stands for digit `d`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Candidates(pub u64);

impl Candidates {
    pub const NONE: Candidates = Candidates(0);

    pub fn all(shape: Shape) -> Candidates {
        Candidates(shape.all_digits())
    }
    pub fn contains(self, digit: Digit) -> bool {
        self.0 & digit.bit() != 0
    }
    pub fn insert(&mut self, digit: Digit) {
        self.0 |= digit.bit();
    }
    pub fn remove(&mut self, digit: Digit) {
        self.0 &= !digit.bit();
    }
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The lowest digit in the set.
    pub fn first(self) -> Option<Digit> {
        (self.0 != 0).then(|| digit_of_bit(self.0.trailing_zeros()))
    }
    /// The only digit in the set, if it holds exactly one.
    pub fn single(self) -> Option<Digit> {
        (self.0.is_power_of_two()).then(|| digit_of_bit(self.0.trailing_zeros()))
    }
    pub fn iter(self) -> impl Iterator<Item = Digit> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let d = digit_of_bit(bits.trailing_zeros());
                bits &= bits - 1;
                d
            })
        })
    }
}

fn digit_of_bit(bit: u32) -> Digit {
    // bit < 64, so bit + 1 is in 1..=64 and never zero.
    Digit::new(bit as u8 + 1).unwrap_or_else(|| unreachable!("bit index + 1 is never zero"))
}

impl std::ops::BitAnd for Candidates {
    type Output = Candidates;
    fn bitand(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 & rhs.0)
    }
}
impl std::ops::BitOr for Candidates {
    type Output = Candidates;
    fn bitor(self, rhs: Candidates) -> Candidates {
        Candidates(self.0 | rhs.0)
    }
}
impl std::ops::Not for Candidates {
    type Output = Candidates;
    /// The complement within 64 digits; mask with [`Candidates::all`] for a board.
    fn not(self) -> Candidates {
        Candidates(!self.0)
    }
}
impl FromIterator<Digit> for Candidates {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        let mut c = Candidates::NONE;
        for d in iter {
            c.insert(d);
        }
        c
    }
}

/// Two cells of one house holding the same digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clash {
    pub first: Cell,
    pub second: Cell,
    pub digit: Digit,
    pub house: House,
}

/// Where a killer cage breaks its rule: a digit twice, or digits that can
/// no longer make (or already pass) its sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CageProblem {
    /// The same digit twice in the cage.
    Repeat {
        cage: usize,
        first: Cell,
        second: Cell,
        digit: Digit,
    },
    /// The digits in the cage add up to `total`, and no digits in its empty
    /// cells can bring that to the sum (a full cage: `total` is not it).
    Sum { cage: usize, total: u32 },
}

impl CageProblem {
    pub fn cage(&self) -> usize {
        match *self {
            CageProblem::Repeat { cage, .. } | CageProblem::Sum { cage, .. } => cage,
        }
    }
}

/// A grid of cells, each empty or holding a digit, and the rules they are
/// played by: the houses of its [`Shape`], and a killer's cages.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    shape: Shape,
    cells: Vec<u8>,
    cages: Option<Arc<Cages>>,
}

impl Board {
    pub fn empty(shape: Shape) -> Board {
        Board {
            shape,
            cells: vec![0; shape.cell_count()],
            cages: None,
        }
    }

    /// This board with a killer's cages (`None`: none). Cages made for
    /// another size are dropped.
    pub fn with_cages(mut self, cages: Option<Arc<Cages>>) -> Board {
        self.cages = cages.filter(|c| c.fit(self.shape));
        self
    }

    /// The killer cages the board is played with, if any.
    pub fn cages(&self) -> Option<&Arc<Cages>> {
        self.cages.as_ref()
    }

    /// Whether the board is a killer (it has cages).
    pub fn is_killer(&self) -> bool {
        self.cages.is_some()
    }

    /// A board with the same rules (shape and cages) and other values;
    /// `None` if they do not fit, as for [`Board::from_values`].
    pub fn with_values(&self, values: Vec<u8>) -> Option<Board> {
        Board::from_values(self.shape, values).map(|b| b.with_cages(self.cages.clone()))
    }

    /// A board from raw values (0 = empty). `None` if the length or a value
    /// does not fit the shape.
    pub fn from_values(shape: Shape, values: Vec<u8>) -> Option<Board> {
        // The largest value, not `all`: a loop without an early exit is
        // vectorised, and a batch solve builds a board per solution.
        let ok = values.len() == shape.cell_count()
            && values.iter().fold(0, |high, &v| high.max(v)) as usize <= shape.size();
        ok.then_some(Board {
            shape,
            cells: values,
            cages: None,
        })
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }
    pub fn size(&self) -> usize {
        self.shape.size()
    }
    /// Raw values in reading order, 0 for empty.
    pub fn values(&self) -> &[u8] {
        &self.cells
    }
    pub fn get(&self, cell: Cell) -> Option<Digit> {
        Digit::new(self.cells[cell.index()])
    }
    /// Sets or clears a cell. Digits outside the board's size are ignored.
    pub fn set(&mut self, cell: Cell, digit: Option<Digit>) {
        let value = digit.map_or(0, Digit::get);
        if (value as usize) <= self.size() {
            self.cells[cell.index()] = value;
        }
    }
    pub fn is_empty_cell(&self, cell: Cell) -> bool {
        self.cells[cell.index()] == 0
    }
    pub fn filled_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
    /// Full and free of conflicts (and of broken cages).
    pub fn is_solved(&self) -> bool {
        self.is_full() && self.conflicts().is_empty() && self.cage_problems().is_empty()
    }

    /// The digits a cell could still take: those not already placed in any of
    /// its houses. A filled cell has none.
    pub fn candidates(&self, cell: Cell) -> Candidates {
        if !self.is_empty_cell(cell) {
            return Candidates::NONE;
        }
        let mut used = 0u64;
        for house in self.shape.houses_of(cell) {
            for other in self.shape.house_cells(house) {
                if let Some(d) = self.get(other) {
                    used |= d.bit();
                }
            }
        }
        let all = self.shape.all_digits();
        Candidates(all & !used & self.cage_allows(cell))
    }

    /// The digits a cell's houses and its cage mates leave it, before any
    /// cage's sum is applied: where the killer logic (and so its hints)
    /// starts, so a hint about a cage's combinations strikes digits the
    /// board shows. The same as [`Board::candidates`] without cages.
    pub fn candidates_before_sums(&self, cell: Cell) -> Candidates {
        Candidates(self.house_free(cell) & !self.cage_placed_digits(cell))
    }

    /// The digits placed in the cell's cage (none outside a cage).
    fn cage_placed_digits(&self, cell: Cell) -> u64 {
        let Some(cage) = self
            .cages
            .as_ref()
            .and_then(|c| c.cage_of(cell).and_then(|i| c.get(i)))
        else {
            return 0;
        };
        cage.cells()
            .iter()
            .filter_map(|&c| self.get(c))
            .fold(0, |m, d| m | d.bit())
    }

    /// The digits the cell's houses leave it (none for a filled cell).
    fn house_free(&self, cell: Cell) -> u64 {
        if !self.is_empty_cell(cell) {
            return 0;
        }
        let mut used = 0u64;
        for house in self.shape.houses_of(cell) {
            for other in self.shape.house_cells(house) {
                if let Some(d) = self.get(other) {
                    used |= d.bit();
                }
            }
        }
        self.shape.all_digits() & !used
    }

    /// The digits a cell's cage leaves it: not yet in the cage, and in
    /// some combination that makes the cage's sum with the digits placed
    /// (every digit when the cell is in no cage).
    pub fn cage_allows(&self, cell: Cell) -> u64 {
        let all = self.shape.all_digits();
        let Some(cages) = &self.cages else {
            return all;
        };
        let Some(cage) = cages.cage_of(cell).and_then(|i| cages.get(i)) else {
            return all;
        };
        let (mut placed, mut total, mut open) = (0u64, 0u32, 0u32);
        for &c in cage.cells() {
            match self.get(c) {
                Some(d) => {
                    placed |= d.bit();
                    total += d.get() as u32;
                }
                None => open += 1,
            }
        }
        let Some(sum) = cage.sum() else {
            return all & !placed;
        };
        let Some(left) = (sum as u32).checked_sub(total) else {
            return 0;
        };
        combos::combos(all & !placed, open, left).map_or(0, |c| c.union)
    }

    /// Every way the board breaks a cage's rule, cage by cage.
    pub fn cage_problems(&self) -> Vec<CageProblem> {
        let Some(cages) = &self.cages else {
            return Vec::new();
        };
        let all = self.shape.all_digits();
        let mut problems = Vec::new();
        for (i, cage) in cages.iter().enumerate() {
            let (mut placed, mut total, mut open) = (0u64, 0u32, 0u32);
            let mut repeated = false;
            for (k, &c) in cage.cells().iter().enumerate() {
                let Some(d) = self.get(c) else {
                    open += 1;
                    continue;
                };
                if placed & d.bit() != 0 {
                    repeated = true;
                    if let Some(&first) =
                        cage.cells()[..k].iter().find(|&&e| self.get(e) == Some(d))
                    {
                        problems.push(CageProblem::Repeat {
                            cage: i,
                            first,
                            second: c,
                            digit: d,
                        });
                    }
                }
                placed |= d.bit();
                total += d.get() as u32;
            }
            let Some(sum) = cage.sum() else { continue };
            // With a repeat, "the rest cannot make the sum" says nothing more.
            let reachable = repeated
                || (sum as u32)
                    .checked_sub(total)
                    .is_some_and(|left| combos::combos(all & !placed, open, left).is_some());
            if !reachable {
                problems.push(CageProblem::Sum { cage: i, total });
            }
        }
        problems
    }

    /// Every pair of cells that share a house and hold the same digit, in
    /// reading order of the first cell. A pair sharing two houses (a row and a
    /// box) is listed once, with the first house (row before column before box).
    pub fn conflicts(&self) -> Vec<Clash> {
        let n = self.size();
        let mut clashes = Vec::new();
        // first[digit] = first cell of this house holding digit, for the house at hand.
        let mut first = vec![u16::MAX; n + 1];
        for house in self.shape.houses() {
            first.iter_mut().for_each(|f| *f = u16::MAX);
            let cells: Vec<Cell> = self.shape.house_cells(house).collect();
            for (i, &cell) in cells.iter().enumerate() {
                let Some(digit) = self.get(cell) else {
                    continue;
                };
                let d = digit.get() as usize;
                if first[d] == u16::MAX {
                    first[d] = cell.0;
                    continue;
                }
                // Pair this cell with every earlier one of the same digit.
                for &earlier in &cells[..i] {
                    if self.get(earlier) == Some(digit) {
                        let already = clashes.iter().any(|c: &Clash| {
                            c.first == earlier && c.second == cell && c.digit == digit
                        });
                        if !already {
                            clashes.push(Clash {
                                first: earlier,
                                second: cell,
                                digit,
                                house,
                            });
                        }
                    }
                }
            }
        }
        clashes.sort_by_key(|c| (c.first, c.second));
        clashes
    }

    /// Whether no digit repeats in any house: a fast check that allocates
    /// nothing (use [`Board::conflicts`] to learn where).
    pub fn is_consistent(&self) -> bool {
        if self.cages.is_some() && !self.cage_problems().is_empty() {
            return false;
        }
        if self.shape == Shape::CLASSIC {
            if let Ok(values) = <&[u8; 81]>::try_from(self.cells.as_slice()) {
                return super::fast9::is_consistent(values);
            }
        }
        if !self.shape.is_standard() {
            return self.is_consistent_in_every_house();
        }
        let n = self.size();
        // Latin squares: one "box" as wide as the grid that is never checked.
        let (box_rows, box_cols) = self.shape.box_dims().unwrap_or((n, n));
        let check_boxes = !self.shape.is_latin();
        let mut cols = [0u64; MAX_SIZE];
        let mut boxes = [0u64; MAX_SIZE];
        for (r, row) in self.cells.chunks_exact(n).enumerate() {
            let band = (r / box_rows) * (n / box_cols);
            let mut seen_in_row = 0u64;
            // Walks the row one box-width at a time: no division per cell.
            for (stack, part) in row.chunks_exact(box_cols).enumerate() {
                let b = band + stack;
                for (k, &v) in part.iter().enumerate() {
                    if v == 0 {
                        continue;
                    }
                    let c = stack * box_cols + k;
                    let bit = 1u64 << (v - 1);
                    let box_seen = if check_boxes { boxes[b] } else { 0 };
                    if (seen_in_row | cols[c] | box_seen) & bit != 0 {
                        return false;
                    }
                    seen_in_row |= bit;
                    cols[c] |= bit;
                    boxes[b] |= bit;
                }
            }
        }
        true
    }

    /// [`Board::is_consistent`] for any rules: every house of the geometry.
    fn is_consistent_in_every_house(&self) -> bool {
        let geo = crate::shape::geometry(self.shape);
        geo.house_cells.iter().all(|cells| {
            let mut seen = 0u64;
            cells.iter().all(|&c| {
                let v = self.cells[c as usize];
                if v == 0 {
                    return true;
                }
                let bit = 1u64 << (v - 1);
                let fresh = seen & bit == 0;
                seen |= bit;
                fresh
            })
        })
    }

    /// For every cell, whether it takes part in a conflict.
    pub fn conflicting_cells(&self) -> Vec<bool> {
        let mut marks = vec![false; self.cells.len()];
        for clash in self.conflicts() {
            marks[clash.first.index()] = true;
            marks[clash.second.index()] = true;
        }
        for problem in self.cage_problems() {
            match problem {
                CageProblem::Repeat { first, second, .. } => {
                    marks[first.index()] = true;
                    marks[second.index()] = true;
                }
                // The cage's filled cells make the sum impossible together.
                CageProblem::Sum { cage, .. } => {
                    let cells = self
                        .cages
                        .iter()
                        .flat_map(|c| c.get(cage))
                        .flat_map(|c| c.cells());
                    for &c in cells {
                        if !self.is_empty_cell(c) {
                            marks[c.index()] = true;
                        }
                    }
                }
            }
        }
        marks
    }

    /// `r1c2`-style name of a cell, counting from 1.
    pub fn cell_name(&self, cell: Cell) -> String {
        cell_name(self.shape, cell)
    }
}

/// `r1c2`-style name of a cell, counting from 1.
pub fn cell_name(shape: Shape, cell: Cell) -> String {
    format!("r{}c{}", shape.row(cell) + 1, shape.col(cell) + 1)
}

/// The symbol of a digit as written on a board: `1`-`9` then letters; digits
/// past `Z` are written as numbers.
pub fn digit_text(digit: Digit) -> String {
    Shape::symbol(digit).map_or_else(|| digit.get().to_string(), String::from)
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board({}, ", self.shape)?;
        if let Some(cages) = &self.cages {
            write!(f, "{} cages, ", cages.len())?;
        }
        for &v in &self.cells {
            match Digit::new(v) {
                Some(d) => write!(f, "{}", digit_text(d))?,
                None => write!(f, ".")?,
            }
        }
        write!(f, ")")
    }
}
