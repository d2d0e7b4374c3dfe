//! A 9x9 specialisation of the instant solver: one bitboard of 81 cells per
//! digit, naked and hidden singles found with word-wide bit operations, and
//! an explicit stack of board copies for the guesses (no recursion). It
//! answers exactly what the generic [`Solver`](super::Solver) answers; the
//! `solve` benchmark shows what it buys.

use super::board::Board;
use super::shape::Shape;

const ALL: u128 = (1u128 << 81) - 1;

const fn row_mask(r: usize) -> u128 {
    0x1FFu128 << (9 * r)
}
const fn col_mask(c: usize) -> u128 {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 1u128 << (9 * r + c);
        r += 1;
    }
    m
}
const fn box_mask(b: usize) -> u128 {
    let (top, left) = ((b / 3) * 3, (b % 3) * 3);
    let mut m = 0u128;
    let mut i = 0;
    while i < 9 {
        m |= 1u128 << ((top + i / 3) * 9 + left + i % 3);
        i += 1;
    }
    m
}

/// Rows 0-8, columns 9-17, boxes 18-26.
const HOUSES: [u128; 27] = {
    let mut h = [0u128; 27];
    let mut i = 0;
    while i < 9 {
        h[i] = row_mask(i);
        h[9 + i] = col_mask(i);
        h[18 + i] = box_mask(i);
        i += 1;
    }
    h
};

/// For every cell, the 20 cells it sees.
const PEERS: [u128; 81] = {
    let mut p = [0u128; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        p[c] = (row_mask(r) | col_mask(col) | box_mask(b)) & !(1u128 << c);
        c += 1;
    }
    p
};

/// For every cell, its three houses as bits of a 27-bit set.
const CELL_HOUSES: [u32; 81] = {
    let mut h = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        let (r, col) = (c / 9, c % 9);
        let b = (r / 3) * 3 + col / 3;
        h[c] = (1 << r) | (1 << (9 + col)) | (1 << (18 + b));
        c += 1;
    }
    h
};

const ALL_HOUSES: u32 = (1 << 27) - 1;

#[derive(Clone, Copy)]
struct State {
    /// Where each digit may still go (solved cells keep their own digit's bit).
    planes: [u128; 9],
    /// Cells without a digit yet.
    unsolved: u128,
    /// Houses that already hold each digit.
    done: [u32; 9],
    /// Digits whose plane changed since hidden singles were last sought:
    /// only those can have new ones.
    dirty: u16,
}

/// Outcome of propagating singles.
enum Propagation {
    Solved,
    Contradiction,
    /// Stuck: branch on this cell.
    Branch(usize),
}

impl State {
    fn place(&mut self, cell: usize, digit: usize) {
        let bit = 1u128 << cell;
        for (d, p) in self.planes.iter_mut().enumerate() {
            self.dirty |= (((*p >> cell) & 1) as u16) << d;
            *p &= !bit;
        }
        self.planes[digit] = (self.planes[digit] & !PEERS[cell]) | bit;
        self.unsolved &= !bit;
        self.done[digit] |= CELL_HOUSES[cell];
        self.dirty |= 1 << digit;
    }

    /// Places a digit in a cell whose only candidate it is: the other
    /// planes already lack the cell.
    fn place_single(&mut self, cell: usize, digit: usize) {
        let bit = 1u128 << cell;
        self.planes[digit] &= !PEERS[cell];
        self.unsolved &= !bit;
        self.done[digit] |= CELL_HOUSES[cell];
        self.dirty |= 1 << digit;
    }

    /// Places every naked and hidden single until none is left.
    fn propagate(&mut self) -> Propagation {
        loop {
            if self.unsolved == 0 {
                return Propagation::Solved;
            }
            // Bit-sliced count of candidates per unsolved cell.
            let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
            for &p in &self.planes {
                let p = p & self.unsolved;
                threes |= twos & p;
                twos |= ones & p;
                ones |= p;
            }
            if self.unsolved & !ones != 0 {
                return Propagation::Contradiction;
            }
            let mut singles = ones & !twos;
            if singles != 0 {
                while singles != 0 {
                    let cell = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let bit = 1u128 << cell;
                    match self.planes.iter().position(|&p| p & bit != 0) {
                        Some(d) => self.place_single(cell, d),
                        None => return Propagation::Contradiction,
                    }
                }
                continue;
            }
            let mut found = false;
            let mut digits = std::mem::take(&mut self.dirty);
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut open = !self.done[d] & ALL_HOUSES;
                while open != 0 {
                    let h = open.trailing_zeros() as usize;
                    open &= open - 1;
                    // Placements earlier in this loop may have filled the house.
                    if self.done[d] & (1 << h) != 0 {
                        continue;
                    }
                    let here = self.planes[d] & HOUSES[h];
                    if here == 0 {
                        return Propagation::Contradiction;
                    }
                    if here & (here - 1) == 0 {
                        // `here` is unsolved: a solved cell with d would have
                        // marked the house done.
                        self.place(here.trailing_zeros() as usize, d);
                        found = true;
                    }
                }
            }
            if found {
                continue;
            }
            // Branch on a cell with two candidates, else three, else any.
            let pick = [twos & !threes, threes, self.unsolved]
                .into_iter()
                .find(|&m| m != 0)
                .unwrap_or(self.unsolved);
            return Propagation::Branch(pick.trailing_zeros() as usize);
        }
    }
}

/// A 9x9 board ready for the fast search.
pub(crate) struct Fast9 {
    start: Option<State>,
}

impl Fast9 {
    /// `None` unless the board is a classic 9x9 sudoku.
    pub(crate) fn from_board(board: &Board) -> Option<Fast9> {
        if board.shape() != Shape::CLASSIC {
            return None;
        }
        let mut state = State {
            planes: [ALL; 9],
            unsolved: ALL,
            done: [0; 9],
            dirty: 0x1FF,
        };
        for (cell, &v) in board.values().iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = v as usize - 1;
            if state.planes[d] & (1u128 << cell) == 0 || state.unsolved & (1u128 << cell) == 0 {
                return Some(Fast9 { start: None });
            }
            state.place(cell, d);
        }
        Some(Fast9 { start: Some(state) })
    }

    /// Runs the search, calling `on_solution` for each solution until it
    /// returns false. No recursion: alternatives wait on an explicit stack.
    fn search(&self, mut on_solution: impl FnMut(&State) -> bool) {
        let Some(start) = self.start else { return };
        let mut stack: Vec<State> = Vec::with_capacity(64);
        let mut state = start;
        loop {
            match state.propagate() {
                Propagation::Solved => {
                    if !on_solution(&state) {
                        return;
                    }
                }
                Propagation::Contradiction => {}
                Propagation::Branch(cell) => {
                    let bit = 1u128 << cell;
                    let digit = state.planes.iter().position(|&p| p & bit != 0).unwrap_or(0);
                    // The alternative: this cell is anything but `digit`.
                    let mut other = state;
                    other.planes[digit] &= !bit;
                    other.dirty |= 1 << digit;
                    stack.push(other);
                    state.place(cell, digit);
                    continue;
                }
            }
            match stack.pop() {
                Some(next) => state = next,
                None => return,
            }
        }
    }

    pub(crate) fn first_solution(&self) -> Option<[u8; 81]> {
        let mut out = None;
        self.search(|s| {
            out = Some(values(s));
            false
        });
        out
    }

    pub(crate) fn count_up_to(&self, limit: usize) -> usize {
        let mut count = 0;
        self.search(|_| {
            count += 1;
            count < limit
        });
        count
    }
}

fn values(state: &State) -> [u8; 81] {
    let mut out = [0u8; 81];
    for (d, &plane) in state.planes.iter().enumerate() {
        let mut p = plane;
        while p != 0 {
            out[p.trailing_zeros() as usize] = d as u8 + 1;
            p &= p - 1;
        }
    }
    out
}
