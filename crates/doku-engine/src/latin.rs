//! Uniformly random Latin squares by the Jacobson-Matthews Markov chain.
//!
//! A Latin square of order n is a 0/1 "incidence cube" `x[r][c][s]` with
//! exactly one 1 on every line (fix two coordinates, vary the third). The
//! chain also visits *improper* cubes, which hold one -1 cell and still sum
//! to 1 on every line. Each move adds +1 and -1 around a 2x2x2 sub-cube; the
//! chain is irreducible and its stationary distribution is uniform over the
//! proper cubes (Jacobson and Matthews, J. Combin. Des. 4 (1996)). The
//! cyclic-shift-and-permute trick is fast but only reaches the squares
//! isotopic to the cyclic group, so it is far from uniform.
//!
//! When to stop: the proper squares are uniform under the chain's
//! stationary distribution, but stopping at "the first proper cube after a
//! fixed number of moves" is length-biased: it favours squares that end long
//! excursions through improper cubes (for order 4 it undersamples the
//! squares isotopic to the Klein group four-fold). So we count *visits to
//! proper cubes* instead: the chain seen only at those visits is itself a
//! reversible Markov chain, uniform on the proper squares.
//!
//! How long: no mixing bound is proven. We stop at the `n^2`-th proper visit.
//! Excursions last about `n` moves, so that is about `n^3` moves, the usual
//! practical choice, and well past where the distribution for small orders
//! stops changing (the chi-square test in `tests/latin.rs` checks order 4
//! over all 576 squares). For n = 255 it is 16.5 million moves, about 0.6 s.

use super::board::digit_text;
use super::format::Format;
use super::shape::Digit;
use rand::Rng;

/// The largest order `random_latin_square` accepts: symbols are `u8` values
/// 0..n, and 255 serves as the empty-slot marker.
pub const MAX_ORDER: usize = 255;

const EMPTY: u8 = u8::MAX;

/// The +1 entries on one line of the cube, first slot filled first. A line
/// holds one entry, two on the lines through the -1 cell of an improper
/// cube, and never more during a move (see [`Cube::step`]).
#[derive(Clone, Copy)]
struct Slots([u8; 2]);

impl Slots {
    const NONE: Slots = Slots([EMPTY; 2]);

    #[inline]
    fn contains(self, v: u8) -> bool {
        self.0[0] == v || self.0[1] == v
    }
    #[inline]
    fn insert(&mut self, v: u8) {
        debug_assert!(self.0[1] == EMPTY, "a cube line never holds three entries");
        if self.0[0] == EMPTY {
            self.0[0] = v;
        } else {
            self.0[1] = v;
        }
    }
    #[inline]
    fn remove(&mut self, v: u8) {
        if self.0[0] == v {
            self.0 = [self.0[1], EMPTY];
        } else if self.0[1] == v {
            self.0[1] = EMPTY;
        }
    }
    /// The first entry, or (with `second`) the second one.
    #[inline]
    fn pick(self, second: bool) -> u8 {
        self.0[second as usize]
    }
}

/// The incidence cube, stored as its +1 entries seen from each of the three
/// line directions, plus the single -1 cell of an improper cube.
struct Cube {
    n: usize,
    /// For (row, col): the symbols.
    symbols: Vec<Slots>,
    /// For (row, symbol): the columns.
    cols: Vec<Slots>,
    /// For (col, symbol): the rows.
    rows: Vec<Slots>,
    improper: Option<(u8, u8, u8)>,
}

impl Cube {
    /// The cyclic square `(r + c) mod n`.
    fn cyclic(n: usize) -> Cube {
        let mut cube = Cube {
            n,
            symbols: vec![Slots::NONE; n * n],
            cols: vec![Slots::NONE; n * n],
            rows: vec![Slots::NONE; n * n],
            improper: None,
        };
        for r in 0..n {
            for c in 0..n {
                cube.add(r as u8, c as u8, ((r + c) % n) as u8);
            }
        }
        cube
    }

    fn at(&self, a: u8, b: u8) -> usize {
        a as usize * self.n + b as usize
    }

    #[inline]
    fn add(&mut self, r: u8, c: u8, s: u8) {
        if self.improper == Some((r, c, s)) {
            self.improper = None;
            return;
        }
        let (rc, rs, cs) = (self.at(r, c), self.at(r, s), self.at(c, s));
        self.symbols[rc].insert(s);
        self.cols[rs].insert(c);
        self.rows[cs].insert(r);
    }

    #[inline]
    fn sub(&mut self, r: u8, c: u8, s: u8) {
        let (rc, rs, cs) = (self.at(r, c), self.at(r, s), self.at(c, s));
        if self.symbols[rc].contains(s) {
            self.symbols[rc].remove(s);
            self.cols[rs].remove(c);
            self.rows[cs].remove(r);
        } else {
            debug_assert!(self.improper.is_none(), "at most one -1 cell");
            self.improper = Some((r, c, s));
        }
    }

    /// One Jacobson-Matthews move.
    fn step(&mut self, rng: &mut impl Rng) {
        let n = self.n;
        let (r, c, s, r2, c2, s2);
        match self.improper {
            None => {
                // A uniformly random 0 cell: each (row, col) line has n - 1.
                r = rng.random_range(0..n) as u8;
                c = rng.random_range(0..n) as u8;
                let held = self.symbols[self.at(r, c)].pick(false);
                let other = rng.random_range(0..n - 1) as u8;
                s = if other >= held { other + 1 } else { other };
                s2 = held;
                c2 = self.cols[self.at(r, s)].pick(false);
                r2 = self.rows[self.at(c, s)].pick(false);
            }
            Some((ri, ci, si)) => {
                (r, c, s) = (ri, ci, si);
                // Each line through the -1 cell holds two +1 entries: pick
                // one of each, by three bits of one random word.
                let coin: u32 = rng.random();
                r2 = self.rows[self.at(c, s)].pick(coin & 1 != 0);
                c2 = self.cols[self.at(r, s)].pick(coin & 2 != 0);
                s2 = self.symbols[self.at(r, c)].pick(coin & 4 != 0);
            }
        }
        // This order keeps every line at two entries at most: the first
        // addition cancels the -1 cell of an improper cube (so no second -1
        // appears), the lines it grows in a proper cube held one entry, and
        // each line loses an entry in the subtractions before it gains one
        // in the remaining additions.
        self.add(r, c, s);
        self.sub(r, c, s2);
        self.sub(r, c2, s);
        self.sub(r2, c, s);
        self.sub(r2, c2, s2);
        self.add(r, c2, s2);
        self.add(r2, c, s2);
        self.add(r2, c2, s);
    }

    fn square(&self) -> Vec<Vec<u8>> {
        (0..self.n)
            .map(|r| {
                (0..self.n)
                    .map(|c| self.symbols[r * self.n + c].pick(false))
                    .collect()
            })
            .collect()
    }
}

/// How many visits to proper cubes `random_latin_square` lets the chain make
/// for order `n` (see the module notes).
pub fn proper_visits(n: usize) -> u64 {
    (n as u64).pow(2)
}

/// A uniformly random Latin square of order `n` (1..=[`MAX_ORDER`]), as rows
/// of symbols `1..=n`. `None` for an order outside that range.
pub fn random_latin_square(n: usize, rng: &mut impl Rng) -> Option<Vec<Vec<u16>>> {
    if !(1..=MAX_ORDER).contains(&n) {
        return None;
    }
    let mut cube = Cube::cyclic(n);
    if n > 1 {
        let target = proper_visits(n);
        let mut visits = 0;
        while visits < target {
            cube.step(rng);
            if cube.improper.is_none() {
                visits += 1;
            }
        }
    }
    Some(
        cube.square()
            .into_iter()
            .map(|row| row.into_iter().map(|s| s as u16 + 1).collect())
            .collect(),
    )
}

/// Whether `square` is a Latin square: n rows of n symbols from `1..=n`,
/// each once per row and once per column.
pub fn is_latin_square(square: &[Vec<u16>]) -> bool {
    let n = square.len();
    let symbols_ok = square
        .iter()
        .all(|row| row.len() == n && row.iter().all(|&s| (1..=n).contains(&(s as usize))));
    if !symbols_ok {
        return false;
    }
    let mut seen = vec![false; n + 1];
    let rows_ok = square.iter().all(|row| {
        seen.iter_mut().for_each(|s| *s = false);
        row.iter()
            .all(|&s| !std::mem::replace(&mut seen[s as usize], true))
    });
    let cols_ok = (0..n).all(|c| {
        seen.iter_mut().for_each(|s| *s = false);
        square
            .iter()
            .all(|row| !std::mem::replace(&mut seen[row[c] as usize], true))
    });
    rows_ok && cols_ok
}

/// Writes a square in the style of [`super::format::write`] for a Latin
/// square board (which stops at order 64): line form uses symbols `1`-`9`,
/// `A`.. up to order 35 and space-separated numbers beyond; block form is
/// one row per line, right-aligned cells separated by spaces; CSV is rows of
/// comma-separated numbers. Line output has no trailing newline; block and
/// CSV end with one.
pub fn write_square(square: &[Vec<u16>], format: Format) -> String {
    let n = square.len();
    let symbol = |s: u16| -> String {
        match u8::try_from(s).ok().and_then(Digit::new) {
            Some(d) if n <= 35 => digit_text(d),
            _ => s.to_string(),
        }
    };
    match format {
        Format::Line => {
            let cells = square.iter().flatten().map(|&s| symbol(s));
            if n <= 35 {
                cells.collect()
            } else {
                cells.collect::<Vec<_>>().join(" ")
            }
        }
        Format::Block => {
            let width = if n <= 35 {
                1
            } else {
                n.to_string().len().max(2)
            };
            let mut out = String::new();
            for row in square {
                let cells: Vec<String> = row
                    .iter()
                    .map(|&s| format!("{:>width$}", symbol(s)))
                    .collect();
                out.push_str(&cells.join(" "));
                out.push('\n');
            }
            out
        }
        // f-puzzles boards stop at order 64; larger squares are written as CSV.
        Format::Fpuzzles | Format::FpuzzlesLink => {
            let values: Vec<u8> = square
                .iter()
                .flatten()
                .map(|&s| u8::try_from(s).unwrap_or(0))
                .collect();
            match crate::Shape::latin(n)
                .ok()
                .and_then(|shape| crate::Board::from_values(shape, values))
            {
                Some(board) => super::format::write(&board, format),
                None => write_square(square, Format::Csv),
            }
        }
        Format::Csv => {
            let mut out = String::new();
            for row in square {
                let cells: Vec<String> = row.iter().map(|s| s.to_string()).collect();
                out.push_str(&cells.join(","));
                out.push('\n');
            }
            out
        }
    }
}
