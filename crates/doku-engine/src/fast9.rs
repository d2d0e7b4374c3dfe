//! A 9x9 specialisation of the instant solver, built on bands.
//!
//! A band is three rows: 27 cells, one `u32` of candidates per band and
//! digit. Inside a band each digit sits once per row and once per box, so the
//! (row, box) segments it uses form a permutation; one table lookup keeps the
//! segments that take part in some permutation (hidden singles in rows and
//! boxes, pointing and claiming, all at once). A box whose candidates shrink
//! to one column clears that column from the other two bands. A row left
//! with one cell solves it. Naked singles come from a bit-sliced count over
//! the digits. When those are stuck, the stacks (three boxes in a column)
//! get the bands' permutation rule on columns: in a stack a digit takes one
//! column per band and one band per column, and places no such matching
//! uses go (the bands see columns only through their boxes otherwise),
//! and each triad (the three cells of a box in a row or a column) holds
//! three digits: no more must go there, no fewer may; both checked only
//! before a guess, where they cost least. Only sets that changed
//! since they were last examined are looked at again: every narrowing marks
//! its set, so none are scanned for. Guesses branch, as tdoku does, on where
//! a digit lies at the level of triads (the three cells of a box in a row or a
//! column): in the band or stack with the fewest placements left, a digit
//! with two (or the fewest), in a triad its first placement uses or not.
//! That guesses a fifth less often than a cell with two candidates did.
//! There is no recursion: the state searched is the top of an explicit stack
//! of state copies, with the alternatives below it.
//!
//! It answers exactly what the generic [`Solver`](super::Solver) answers
//! (`tests/engine_corpus.rs` checks), about 20x faster on hard sets: the
//! `solve` benchmark and `../shared/bench/compare` measure it.

const BAND: u32 = (1 << 27) - 1;
const ROW: u32 = 0x1FF;

/// For a 9-bit row of a band, which of its three box segments hold a bit.
const SEGMENTS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut p = 0;
    while p < 512 {
        let mut seg = 0;
        while seg < 3 {
            if (p >> (3 * seg)) & 7 != 0 {
                t[p] |= 1 << seg;
            }
            seg += 1;
        }
        p += 1;
    }
    t
};

/// The ways a digit can lie in a band, its three rows each in another
/// box: as the segments each uses (bit `3 * row + box`).
const PERMUTATIONS: [usize; 6] = {
    const BOX_ORDERS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut t = [0; 6];
    let mut p = 0;
    while p < 6 {
        let order = BOX_ORDERS[p];
        t[p] = 1 << order[0] | 1 << (3 + order[1]) | 1 << (6 + order[2]);
        p += 1;
    }
    t
};

/// The segments of a band's set that hold a cell: bit `3 * row + box`.
#[inline(always)]
fn segments(s: u32) -> u32 {
    SEGMENTS[(s & ROW) as usize]
        | SEGMENTS[((s >> 9) & ROW) as usize] << 3
        | SEGMENTS[((s >> 18) & ROW) as usize] << 6
}

/// The cells of column 0 of a band; times a 9-bit set of columns, the
/// cells of those columns.
const COLUMN: u32 = 1 | 1 << 9 | 1 << 18;

/// For a digit's columns in the three bands (bit `9 * band + column`):
/// the places whose band and column can be left out of a matching of the
/// other two bands to the other two columns of the stack. A place is
/// kept (with the word itself) when some permutation of the stack uses
/// it. Rotations do it for all three stacks at once.
#[inline(always)]
fn stack_matchings(w: u32) -> u32 {
    // The place of the next band, and of the one after, at each place.
    let next_band = |x: u32| x >> 9 | (x & ROW) << 18;
    let band_after = |x: u32| x >> 18 | (x & 0x3FFFF) << 9;
    // The same for the columns of each stack.
    let next_col = ((w >> 1) & 0o333_333_333) | ((w << 2) & 0o444_444_444);
    let col_after = ((w >> 2) & 0o111_111_111) | ((w << 1) & 0o666_666_666);
    (next_band(next_col) & band_after(col_after)) | (next_band(col_after) & band_after(next_col))
}

/// Of a band's segment pattern (bit `3 * row + box`): the segments that
/// are the only one of their row.
const LONE_SEGMENTS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let mut row = 0;
        while row < 3 {
            let group = (pattern >> (3 * row)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                t[pattern] |= (group << (3 * row)) as u16;
            }
            row += 1;
        }
        pattern += 1;
    }
    t
};

/// The cells of a band's segments (bit `3 * row + box`).
const SEGMENT_CELLS: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let mut seg = 0;
        while seg < 9 {
            if pattern & (1 << seg) != 0 {
                t[pattern] |= 7 << (9 * (seg / 3) + 3 * (seg % 3));
            }
            seg += 1;
        }
        pattern += 1;
    }
    t
};

/// For segments a digit must use in a band: the cells it keeps, its row
/// and box outside each of them lost (nothing where two share a line).
const MUST_KEEP: [u32; 512] = {
    let mut t = [BAND; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let mut seg = 0;
        while seg < 9 {
            if pattern & (1 << seg) != 0 {
                let (row, bx) = (seg / 3, seg % 3);
                let line_and_box = ROW << (9 * row) | (7 * COLUMN) << (3 * bx);
                t[pattern] &= !line_and_box | SEGMENT_CELLS[1 << seg];
            }
            seg += 1;
        }
        pattern += 1;
    }
    t
};

/// For columns a digit must use in a band: the columns it keeps, the
/// other columns of each one's stack lost (none where two share a stack).
const COLUMNS_KEEP: [u32; 512] = {
    let mut t = [ROW; 512];
    let mut cols = 0usize;
    while cols < 512 {
        let mut c = 0;
        while c < 9 {
            if cols & (1 << c) != 0 {
                let stack = 7 << (3 * (c / 3));
                t[cols] &= !stack | 1 << c;
            }
            c += 1;
        }
        cols += 1;
    }
    t
};

/// Bit-sliced over nine words: the bits set in at least three of them,
/// and in at least four.
#[inline(always)]
fn at_least_three_and_four(words: &[u64; 9]) -> (u64, u64) {
    let (mut one, mut two, mut three, mut four) = (0, 0, 0, 0);
    for &w in words {
        four |= three & w;
        three |= two & w;
        two |= one & w;
        one |= w;
    }
    (three, four)
}

/// How many permutations fit a pattern of segments.
const PERMUTATION_COUNT: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let used = PERMUTATIONS[p];
            if pattern & used == used {
                t[pattern] += 1;
            }
            p += 1;
        }
        pattern += 1;
    }
    t
};

/// The segments of the first two permutations that fit a pattern.
const FIRST_TWO_PERMUTATIONS: [[u16; 2]; 512] = {
    let mut t = [[0u16; 2]; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let mut p = 0;
        let mut found = 0;
        while p < 6 {
            let used = PERMUTATIONS[p];
            if pattern & used == used && found < 2 {
                t[pattern][found] = used as u16;
                found += 1;
            }
            p += 1;
        }
        pattern += 1;
    }
    t
};

/// Indexed by the band's segments that hold a digit (bit `3 * row + box`):
/// the segments that some permutation uses.
const PERMUTED_SEGMENTS: [u16; 512] = {
    let mut t = [0u16; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        let mut p = 0;
        while p < 6 {
            let used = PERMUTATIONS[p];
            if pattern & used == used {
                t[pattern] |= used as u16;
            }
            p += 1;
        }
        pattern += 1;
    }
    t
};

/// Indexed by the band's segments that hold a digit (bit `3 * row + box`):
/// the cells of the segments that some permutation uses. Zero when no
/// permutation fits: the digit cannot be placed in the band.
const PERMUTABLE: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut pattern = 0usize;
    while pattern < 512 {
        t[pattern] = SEGMENT_CELLS[PERMUTED_SEGMENTS[pattern] as usize];
        pattern += 1;
    }
    t
};

/// Indexed by the nine columns where a digit may go in a band: what the
/// other bands keep. A box with one such column owns it: they lose it.
const OTHER_BANDS_KEEP: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut lone = 0u32;
        let mut b = 0;
        while b < 3 {
            let group = (cols >> (3 * b)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                lone |= (group as u32) << (3 * b);
            }
            b += 1;
        }
        t[cols] = BAND & !(lone | lone << 9 | lone << 18);
        cols += 1;
    }
    t
};

/// For a cell of a band (bit `9 * row + column`): the band minus the
/// cell's row and box, plus the cell itself.
const KEEP_ONLY: [u32; 27] = {
    let mut t = [0u32; 27];
    let mut x = 0;
    while x < 27 {
        let (row, col) = (x / 9, x % 9);
        let box_cells = (7 | 7 << 9 | 7 << 18) << (3 * (col / 3));
        t[x] = (BAND & !(ROW << (9 * row)) & !box_cells) | 1 << x;
        x += 1;
    }
    t
};

/// [`KEEP_ONLY`], and the whole band at 32 (the trailing zeros of none).
#[cfg(target_arch = "x86_64")]
const KEEP_ONLY_OR_BAND: [u32; 33] = {
    let mut t = [BAND; 33];
    let mut x = 0;
    while x < 27 {
        t[x] = KEEP_ONLY[x];
        x += 1;
    }
    t
};

/// For a 9-bit row: the row itself when it holds one bit, else 0.
const LONE_CELL: [u32; 512] = {
    let mut t = [0u32; 512];
    let mut p = 1;
    while p < 512 {
        if p & (p - 1) == 0 {
            t[p] = p as u32;
        }
        p += 1;
    }
    t
};

#[cfg(test)]
thread_local! {
    /// Band updates, propagations and guesses, for the `search_statistics` survey.
    static COUNTS: std::cell::Cell<[u64; 4]> = const { std::cell::Cell::new([0; 4]) };
}

#[cfg(test)]
fn tally(which: usize) {
    COUNTS.with(|c| {
        let mut n = c.get();
        n[which] += 1;
        c.set(n);
    });
}

/// Index of a (band, digit) set: the nine digits of a band sit together.
const fn set_index(band: usize, digit: usize) -> usize {
    9 * band + digit
}

/// For each set index, the same digit in the other two bands.
const OTHER_BANDS: [[usize; 2]; 27] = {
    let mut t = [[0usize; 2]; 27];
    let mut i = 0;
    while i < 27 {
        t[i] = [(i + 9) % 27, (i + 18) % 27];
        i += 1;
    }
    t
};

/// The 27 sets, padded to 28 (whole 16-byte lines).
const SETS: usize = 28;
/// One bit per real set.
const ALL_SETS: u32 = (1 << 27) - 1;

#[derive(Clone, Copy)]
#[repr(C, align(16))]
struct State {
    /// Where each digit may go, per band: index [`set_index`], bit
    /// `9 * row + column` within the band. Solved cells keep their digit.
    /// The last entry is padding and stays zero.
    cand: [u32; SETS],
    /// Each set's segments (bit `3 * row + box`) and, from bit 16, its
    /// columns, as last examined: the stacks and triads passes run where
    /// every set is as last examined, and read them here.
    shapes: [u32; SETS],
    /// Cells without a digit yet, per band.
    unsolved: [u32; 3],
    /// The sets narrowed since they were last examined, as bits: every
    /// change marks its set, so unchanged sets are skipped without a scan.
    pending: u32,
}

/// Outcome of propagating.
enum Propagation {
    Solved,
    Contradiction,
    /// Stuck: branch on a set (index): first it keeps only the first
    /// mask, then only the second.
    Branch(usize, u32, u32),
}

impl State {
    fn start() -> State {
        State {
            cand: [0; SETS],
            shapes: [0; SETS],
            unsolved: [BAND; 3],
            // Every set is examined at first, but never the padding.
            pending: ALL_SETS,
        }
    }

    #[inline(always)]
    fn narrow(&mut self, i: usize, keep: u32) {
        self.pending |= ((self.cand[i] & !keep != 0) as u32) << i;
        self.cand[i] &= keep;
    }

    /// Puts a digit (a set index) in a cell of its band; the rest follows
    /// from propagation.
    #[inline(always)]
    fn assign(&mut self, i: usize, x: usize) {
        self.narrow(i, KEEP_ONLY[x]);
    }

    /// Examines one digit in one band; false on a contradiction. The other
    /// sets it narrows are added to `todo`, so that a round of updates needs
    /// no scan of all the sets to find them (a scan's vector loads stalled
    /// on the stores just made).
    #[inline(always)]
    fn update(&mut self, i: usize, todo: &mut u32) -> bool {
        let mut s = self.cand[i];
        #[cfg(test)]
        tally(0);
        let [a, b] = OTHER_BANDS[i];
        let segments = SEGMENTS[(s & ROW) as usize]
            | SEGMENTS[((s >> 9) & ROW) as usize] << 3
            | SEGMENTS[(s >> 18) as usize] << 6;
        s &= PERMUTABLE[segments as usize];
        if s == 0 {
            return false;
        }
        // A box whose cells for the digit lie in one column: the other bands
        // lose that column.
        let columns = (s | s >> 9 | s >> 18) & ROW;
        let keep = OTHER_BANDS_KEEP[columns as usize];
        let (old_a, old_b) = (self.cand[a], self.cand[b]);
        self.cand[a] = old_a & keep;
        self.cand[b] = old_b & keep;
        *todo |= ((old_a & !keep != 0) as u32) << a | ((old_b & !keep != 0) as u32) << b;
        // Rows left with one cell for the digit: that cell is solved.
        let band = i / 9;
        let placed = (LONE_CELL[(s & ROW) as usize]
            | LONE_CELL[((s >> 9) & ROW) as usize] << 9
            | LONE_CELL[(s >> 18) as usize] << 18)
            & self.unsolved[band];
        // Branch-free: whether a row gets solved is a coin toss to the
        // branch predictor, and nine ANDs cost less than a miss.
        self.unsolved[band] &= !placed;
        // The other digits lose the solved cells (this one is rewritten
        // below, and not examined again for it).
        let mut lost = 0;
        for (k, c) in self.cand[9 * band..9 * band + 9].iter_mut().enumerate() {
            lost |= ((*c & placed != 0) as u32) << k;
            *c &= !placed;
        }
        *todo |= (lost << (9 * band)) & !(1 << i);
        self.cand[i] = s;
        // What the permutations keep is what the segments of `s` are.
        self.shapes[i] = PERMUTED_SEGMENTS[segments as usize] as u32 | columns << 16;
        true
    }

    /// Examines the pending sets until none is left; false on a
    /// contradiction. In rounds: each update adds the sets it narrows to
    /// the next round, unless they are still to come in this one.
    #[inline(always)]
    fn examine_pending(&mut self) -> bool {
        let mut todo = std::mem::take(&mut self.pending);
        while todo != 0 {
            let mut next = 0;
            while todo != 0 {
                let i = todo.trailing_zeros() as usize;
                todo &= todo - 1;
                next &= !(1 << i);
                if !self.update(i, &mut next) {
                    return false;
                }
            }
            todo = next;
        }
        true
    }

    /// Whether examining every set again would change nothing: no change
    /// went unmarked (checked in debug builds).
    fn is_examined(&self) -> bool {
        let mut again = *self;
        again.pending = ALL_SETS;
        again.examine_pending()
            && again.cand == self.cand
            && again.unsolved == self.unsolved
            && again.shapes == self.shapes
    }

    /// Propagates until solved, contradicted or stuck.
    fn propagate(&mut self) -> Propagation {
        loop {
            if !self.examine_pending() {
                return Propagation::Contradiction;
            }
            if self.unsolved == [0; 3] {
                return Propagation::Solved;
            }
            // Naked singles, counting candidates per cell bit-sliced.
            let mut progress = false;
            for band in 0..3 {
                let open = self.unsolved[band];
                if open == 0 {
                    continue;
                }
                let digits = &self.cand[9 * band..9 * band + 9];
                let (mut ones, mut twos) = (0u32, 0u32);
                for &a in digits {
                    twos |= ones & a;
                    ones |= a;
                }
                if open & !ones != 0 {
                    return Propagation::Contradiction;
                }
                let mut singles = open & !twos;
                while singles != 0 {
                    let x = singles.trailing_zeros() as usize;
                    singles &= singles - 1;
                    let digit = self.digit_at(band, x);
                    self.assign(set_index(band, digit), x);
                    progress = true;
                }
            }
            if progress {
                continue;
            }
            debug_assert!(self.is_examined(), "a narrowing left unmarked");
            let mut places = [0; 9];
            match self.stacks(&mut places) {
                None => return Propagation::Contradiction,
                Some(true) => continue,
                Some(false) => {}
            }
            let mut bands = [0; 9];
            match self.triads(&places, &mut bands) {
                None => return Propagation::Contradiction,
                Some(true) => continue,
                Some(false) => {}
            }
            let (i, first, second) = self.triad_branch(&places, &bands);
            return Propagation::Branch(i, first, second);
        }
    }

    /// Stacks (three boxes in a column), which the bands see only through
    /// their boxes, run when the band rules are stuck, before a guess:
    /// there a digit takes one column per band and one band per column (a
    /// minicolumn, the three cells of a box in a column, in each band), a
    /// permutation as in a band. The bands lose the columns no permutation
    /// uses: a column held by one band claims its box, two bands held to
    /// the same two columns leave them to the third, ... `None` on a
    /// contradiction, else whether anything narrowed; `places` is left
    /// with each digit's columns in the three bands (bit `9 * band +
    /// column`), for [`State::triad_branch`].
    fn stacks(&mut self, places: &mut [u32; 9]) -> Option<bool> {
        #[cfg(test)]
        tally(3);
        let columns = |i: usize| {
            debug_assert_eq!(self.shapes[i] >> 16, {
                let s = self.cand[i];
                (s | s >> 9 | s >> 18) & ROW
            });
            self.shapes[i] >> 16
        };
        for (digit, p) in places.iter_mut().enumerate() {
            *p = columns(digit) | columns(9 + digit) << 9 | columns(18 + digit) << 18;
        }
        let (mut narrowed, mut missing) = (0, 0);
        for p in places.iter_mut() {
            let kept = *p & stack_matchings(*p);
            // A column with no band left for the digit.
            missing |= ROW & !(kept | kept >> 9 | kept >> 18);
            narrowed |= *p & !kept;
            *p = kept;
        }
        if missing != 0 {
            return None;
        }
        if narrowed == 0 {
            // Mostly: the bands have seen to it all.
            return Some(false);
        }
        for (digit, &p) in places.iter().enumerate() {
            for band in 0..3 {
                self.narrow(set_index(band, digit), ((p >> (9 * band)) & ROW) * COLUMN);
            }
        }
        Some(true)
    }

    /// Triads (the three cells of a box in a row, or in a column) hold
    /// three digits each. Counted over the digits, for all 27 row triads
    /// and all 27 column triads at once: a triad four digits must use, or
    /// one where fewer than three may go, is a contradiction; a triad three
    /// digits must use is closed to the others; a triad only three digits
    /// may use takes all three (they leave the rest of its line and box).
    /// Without this a triad branch can send a fourth digit into a full
    /// triad and the cells notice only far deeper: counting to two on the
    /// empty grid never ended. `places` is as [`State::stacks`] left it.
    /// `None` on a contradiction, else whether anything narrowed.
    /// `bands` is left with each digit's row triads (as `places`, bit
    /// `9 * band + 3 * row + box`), for [`State::triad_branch`].
    fn triads(&mut self, places: &[u32; 9], bands: &mut [u32; 9]) -> Option<bool> {
        // Bit 9 * band + 3 * row + box for row triads, bit 9 * band +
        // column for column triads; `may` where the digit can go, `must`
        // where it is the only triad of its line in the band or stack.
        let row_may = bands;
        // Row triads in the low half, column triads in the high half: one
        // count does both.
        let (mut may, mut must) = ([0u64; 9], [0u64; 9]);
        for digit in 0..9 {
            let (mut row, mut lone) = (0, 0);
            for band in 0..3 {
                let i = set_index(band, digit);
                debug_assert_eq!(self.shapes[i] & ROW, segments(self.cand[i]));
                let pattern = (self.shapes[i] & ROW) as usize;
                row |= (pattern as u32) << (9 * band);
                lone |= (LONE_SEGMENTS[pattern] as u32) << (9 * band);
            }
            let p = places[digit];
            let [a, b, c] = [p & ROW, (p >> 9) & ROW, p >> 18];
            let col_lone = (a & !b & !c) | (b & !a & !c) << 9 | (c & !a & !b) << 18;
            row_may[digit] = row;
            may[digit] = row as u64 | (p as u64) << 32;
            must[digit] = lone as u64 | (col_lone as u64) << 32;
        }
        let (may3, may4) = at_least_three_and_four(&may);
        let (must3, must4) = at_least_three_and_four(&must);
        let all = ALL_SETS as u64 | (ALL_SETS as u64) << 32;
        if (must4 | (all & !may3)) != 0 {
            return None;
        }
        // What the digits must use is kept already (the bands' and the
        // stacks' permutations see to it): only triads that are tight (three
        // digits may go) or full (three must) can tell a digit more. Mostly
        // none are, and the cells are left alone.
        let telling = may3 & !may4 | must3;
        let news: [u64; 9] = std::array::from_fn(|digit| may[digit] & !must[digit] & telling);
        let any = news.iter().fold(0, |a, &n| a | n);
        if any == 0 {
            return Some(false);
        }
        let mut narrowed = 0;
        for (digit, &new) in news.iter().enumerate() {
            if new == 0 {
                continue;
            }
            // New triads the digit must use (tight), or cannot (full).
            let (row_in, row_out) = ((new & !must3) as u32, (new & must3) as u32);
            let (col_in, col_out) = (((new & !must3) >> 32) as u32, ((new & must3) >> 32) as u32);
            // A column the digit must use in one band is not its column
            // in the other two.
            let col_in_any = (col_in | col_in >> 9 | col_in >> 18) & ROW;
            for band in 0..3 {
                let shift = 9 * band;
                let row_in = ((row_in >> shift) & ROW) as usize;
                let row_out = ((row_out >> shift) & ROW) as usize;
                let col_in = (col_in >> shift) & ROW;
                let col_out = (col_out >> shift) & ROW;
                let keep = MUST_KEEP[row_in]
                    & !SEGMENT_CELLS[row_out]
                    & (COLUMN
                        * (COLUMNS_KEEP[col_in as usize] & !col_out & !(col_in_any & !col_in)));
                let i = set_index(band, digit);
                narrowed |= self.cand[i] & !keep;
                self.narrow(i, keep);
            }
        }
        Some(narrowed != 0)
    }

    /// Where to branch: in the band or stack whose digits have the fewest
    /// placements (permutations of triads) left, a digit with the fewest
    /// (two if any), on a triad that its first placement uses and its
    /// second does not: first the digit is in the triad, then it is not.
    /// Both alternatives narrow, by construction: the first placement
    /// uses the triad, so the digit has a cell there for the second to
    /// take away; the second uses another triad of the same line (row or
    /// column), whose cells the first takes away.
    /// As (set index, what it keeps first, what it keeps then). 21% fewer
    /// guesses than branching on a cell with two candidates (1905_11+:
    /// 55.3 to 43.7 a puzzle).
    /// `places` and `bands` as [`State::triads`] left them.
    fn triad_branch(&self, places: &[u32; 9], bands: &[u32; 9]) -> (usize, u32, u32) {
        // A digit's pattern in a unit (band 0-2, then stack 0-2): bit 3 *
        // row + box, or 3 * band + column of the stack. Read again for the
        // unit chosen rather than kept for all six: the guess is taken
        // often enough on easy grids (deals) for the copies to show.
        let pattern = |unit: usize, digit: usize| {
            if unit < 3 {
                (bands[digit] >> (9 * unit)) as usize & 0x1FF
            } else {
                let q = places[digit] >> (3 * (unit - 3));
                ((q & 7) | (q >> 6 & 0o70) | (q >> 12 & 0o700)) as usize
            }
        };
        let mut totals = [0u32; 6];
        for digit in 0..9 {
            for (unit, total) in totals.iter_mut().enumerate() {
                *total += PERMUTATION_COUNT[pattern(unit, digit)] as u32;
            }
        }
        let mut best_total = u32::MAX;
        let mut unit = 0;
        for (u, &total) in totals.iter().enumerate() {
            // Nine is every digit placed one way only.
            if total > 9 && total < best_total {
                (best_total, unit) = (total, u);
            }
        }
        let (is_stack, index) = (unit >= 3, unit % 3);
        if best_total == u32::MAX {
            // Not reached (every digit placed one way in every band and
            // stack is a solved grid), but a cell guess is always sound.
            let (band, x) = self.fewest_candidates();
            return (
                set_index(band, self.digit_at(band, x)),
                KEEP_ONLY[x],
                !(1 << x),
            );
        }
        let mut digit = 0;
        let mut fewest = u8::MAX;
        for d in 0..9 {
            let n = PERMUTATION_COUNT[pattern(unit, d)];
            if n >= 2 && n < fewest {
                (fewest, digit) = (n, d);
                if n == 2 {
                    break;
                }
            }
        }
        // The triad (bit 3 * row + box, or 3 * band + column of the stack).
        let [first, second] = FIRST_TWO_PERMUTATIONS[pattern(unit, digit)];
        let triad = (first & !second).trailing_zeros() as usize;
        let (line, place) = (triad / 3, triad % 3);
        // The keep masks `triads` uses for a triad the digit must use,
        // then for one it cannot.
        if is_stack {
            let column = 1 << (3 * index + place);
            let keep_in = COLUMN * COLUMNS_KEEP[column];
            (set_index(line, digit), keep_in, !(COLUMN * column as u32))
        } else {
            (
                set_index(index, digit),
                MUST_KEEP[1 << triad],
                !SEGMENT_CELLS[1 << triad],
            )
        }
    }

    /// The state with every set's shape read from it, as the updates leave
    /// it where the stacks and triads passes run: for tests that set
    /// candidates by hand.
    #[cfg(test)]
    fn reshaped(&mut self) -> &mut State {
        for i in 0..27 {
            let s = self.cand[i];
            self.shapes[i] = segments(s) | ((s | s >> 9 | s >> 18) & ROW) << 16;
        }
        self
    }

    /// The lowest digit still possible in a cell of a band.
    fn digit_at(&self, band: usize, x: usize) -> usize {
        let digits = &self.cand[9 * band..9 * band + 9];
        digits.iter().position(|&c| c & (1 << x) != 0).unwrap_or(0)
    }

    /// The unsolved cell with the fewest candidates, as (band, bit).
    fn fewest_candidates(&self) -> (usize, usize) {
        let mut best = (0, 0, u32::MAX);
        for band in 0..3 {
            let mut open = self.unsolved[band];
            while open != 0 {
                let x = open.trailing_zeros() as usize;
                open &= open - 1;
                let count = self.cand[9 * band..9 * band + 9]
                    .iter()
                    .filter(|&&c| c & (1 << x) != 0)
                    .count() as u32;
                if count < best.2 {
                    best = (band, x, count);
                }
            }
        }
        (best.0, best.1)
    }

    /// The solved grid. Each cell's value is written a bit at a time: a
    /// bit plane per bit of the value (the sets whose value has the bit),
    /// spread to bytes by a table, a row of a band at once. A batch of
    /// easy puzzles spent a tenth of its instructions here, a cell at a
    /// time.
    fn values(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (band, cells) in out.chunks_exact_mut(27).enumerate() {
            let s = &self.cand[9 * band..9 * band + 9];
            // Values 1 to 9: digit index + 1.
            let planes = [
                s[0] | s[2] | s[4] | s[6] | s[8],
                s[1] | s[2] | s[5] | s[6],
                s[3] | s[4] | s[5] | s[6],
                s[7] | s[8],
            ];
            for (row, cells) in cells.chunks_exact_mut(9).enumerate() {
                let (mut first8, mut ninth) = (0u64, 0u32);
                for (bit, &plane) in planes.iter().enumerate() {
                    let r = plane >> (9 * row);
                    first8 |= BYTE_SPREAD[(r & 0xFF) as usize] << bit;
                    ninth |= ((r >> 8) & 1) << bit;
                }
                cells[..8].copy_from_slice(&first8.to_le_bytes());
                cells[8] = ninth as u8;
            }
        }
        out
    }
}

/// For 8 bits: a byte per bit, 1 where the bit is set.
const BYTE_SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut p = 0;
    while p < 256 {
        let mut bit = 0;
        while bit < 8 {
            if p & (1 << bit) != 0 {
                t[p] |= 1 << (8 * bit);
            }
            bit += 1;
        }
        p += 1;
    }
    t
};

/// The givens of a 9x9 board, per band and digit.
struct Givens {
    /// Cells holding each digit (a set index; index 27 collects empties).
    given: [u32; 28],
    /// Cells each digit may still take in its band: every given clears its
    /// row and box there.
    keep: [u32; 28],
    /// Cells holding any digit, per band.
    occupied: [u32; 3],
}

impl Givens {
    /// [`Givens::portable`] with SSE2 (in every x86_64): each band's 27
    /// values are two 16-byte loads, and one compare per digit gives the
    /// digit's cells at once. A batch of easy puzzles spends a sixth of its
    /// instructions here (twice a puzzle: the check of its givens, the
    /// search), a byte at a time.
    #[cfg(target_arch = "x86_64")]
    fn new(values: &[u8; 81]) -> Givens {
        use std::arch::x86_64::*;
        let mut given = [0u32; 28];
        let mut occupied = [0u32; 3];
        for (band, occupied) in occupied.iter_mut().enumerate() {
            // SAFETY: SSE2 is part of the x86_64 baseline; the loads read
            // bytes 27 * band + 0..16 and + 11..27, inside the 81 values.
            let (low, high) = unsafe {
                let p = values.as_ptr().add(27 * band);
                (
                    _mm_loadu_si128(p as *const __m128i),
                    _mm_loadu_si128(p.add(11) as *const __m128i),
                )
            };
            for digit in 0..9 {
                // SAFETY: SSE2 register operations only.
                let cells = unsafe {
                    let d = _mm_set1_epi8(digit as i8 + 1);
                    let a = _mm_movemask_epi8(_mm_cmpeq_epi8(low, d)) as u32;
                    let b = _mm_movemask_epi8(_mm_cmpeq_epi8(high, d)) as u32;
                    a | b << 11
                };
                given[set_index(band, digit)] = cells;
                *occupied |= cells;
            }
        }
        let mut keep = [BAND; 28];
        for (keep, &cells) in keep.iter_mut().zip(&given) {
            // The first given (or none) without a branch, any others after.
            *keep = KEEP_ONLY_OR_BAND[cells.trailing_zeros() as usize];
            let mut rest = cells & cells.wrapping_sub(1);
            while rest != 0 {
                *keep &= KEEP_ONLY[rest.trailing_zeros() as usize];
                rest &= rest - 1;
            }
        }
        Givens {
            given,
            keep,
            occupied,
        }
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn new(values: &[u8; 81]) -> Givens {
        Givens::portable(values)
    }

    /// The givens read eight cells at a time.
    #[cfg(any(test, not(target_arch = "x86_64")))]
    fn portable(values: &[u8; 81]) -> Givens {
        let mut g = Givens {
            given: [0; 28],
            keep: [BAND; 28],
            occupied: [0; 3],
        };
        // Eight cells at a time: most are empty, and a word of empties costs
        // a few instructions instead of a branch per cell.
        let mut add = |cell: usize| {
            let v = values[cell];
            if !(1..=9).contains(&v) {
                return;
            }
            let (band, x) = (cell / 27, cell % 27);
            let i = set_index(band, v as usize - 1);
            g.given[i] |= 1 << x;
            g.keep[i] &= KEEP_ONLY[x];
            g.occupied[band] |= 1 << x;
        };
        for (k, chunk) in values.chunks_exact(8).enumerate() {
            let mut word = 0u64;
            for (j, &b) in chunk.iter().enumerate() {
                word |= (b as u64) << (8 * j);
            }
            // The high bit of each byte that is not zero.
            let low = 0x7F7F_7F7F_7F7F_7F7F_u64;
            let mut filled = (((word & low) + low) | word) & !low;
            while filled != 0 {
                add(8 * k + filled.trailing_zeros() as usize / 8);
                filled &= filled - 1;
            }
        }
        add(80);
        g
    }

    /// Whether a digit repeats in a row, column or box.
    fn clash(&self) -> bool {
        let mut clash = 0;
        for digit in 0..9 {
            let mut columns = [0u32; 3];
            for (band, cols) in columns.iter_mut().enumerate() {
                let i = set_index(band, digit);
                let g = self.given[i];
                // Another given of the digit in the row or box cleared it.
                clash |= g & !self.keep[i];
                *cols = (g | g >> 9 | g >> 18) & ROW;
            }
            clash |= columns[0] & columns[1] | columns[0] & columns[2] | columns[1] & columns[2];
        }
        clash != 0
    }
}

/// Whether the givens of a 9x9 board break no rule (81 values, 0 empty).
pub(crate) fn is_consistent(values: &[u8; 81]) -> bool {
    !Givens::new(values).clash()
}

/// Splits the state on top of the stack: below, set `i` keeps `second`;
/// on top, searched first, it keeps `first`.
#[inline(always)]
fn guess(stack: &mut Vec<State>, i: usize, first: u32, second: u32) {
    #[cfg(test)]
    tally(2);
    let below = stack.len() - 1;
    // Each alternative must narrow, or the search would pick the same
    // branch again without end (triad_branch builds them so).
    debug_assert!(stack[below].cand[i] & !first != 0 && stack[below].cand[i] & !second != 0);
    stack.extend_from_within(below..);
    stack[below].narrow(i, second);
    stack[below + 1].narrow(i, first);
}

/// A 9x9 board ready for the fast search.
pub(crate) struct Fast9 {
    /// `None` when two givens already clash.
    start: Option<State>,
}

impl Fast9 {
    /// From 81 cell values in reading order (0 for empty, else 1..=9).
    pub(crate) fn from_values(values: &[u8; 81]) -> Fast9 {
        let givens = Givens::new(values);
        if givens.clash() {
            return Fast9 { start: None };
        }
        let mut state = State::start();
        for (i, c) in state.cand[..27].iter_mut().enumerate() {
            *c = givens.keep[i] & (!givens.occupied[i / 9] | givens.given[i]);
        }
        Fast9 { start: Some(state) }
    }

    /// Runs the search, calling `on_solution` for each solution until it
    /// returns false. No recursion: the state being searched is the top of
    /// an explicit stack, with the alternatives below it, so a guess copies
    /// one state and a backtrack copies none.
    fn search(&self, mut on_solution: impl FnMut(&State) -> bool) {
        let Some(mut root) = self.start else { return };
        // Easy puzzles never guess: no allocation for them.
        #[cfg(test)]
        tally(1);
        let (i, a, b) = match root.propagate() {
            Propagation::Solved => {
                on_solution(&root);
                return;
            }
            Propagation::Contradiction => return,
            Propagation::Branch(i, a, b) => (i, a, b),
        };
        let mut stack: Vec<State> = Vec::with_capacity(16);
        stack.push(root);
        guess(&mut stack, i, a, b);
        while let Some(state) = stack.last_mut() {
            #[cfg(test)]
            tally(1);
            match state.propagate() {
                Propagation::Solved => {
                    if !on_solution(state) {
                        return;
                    }
                }
                Propagation::Contradiction => {}
                Propagation::Branch(i, a, b) => {
                    guess(&mut stack, i, a, b);
                    continue;
                }
            }
            stack.pop();
        }
    }

    pub(crate) fn first_solution(&self) -> Option<[u8; 81]> {
        let mut out = None;
        self.search(|s| {
            out = Some(s.values());
            false
        });
        out
    }

    /// [`Fast9::count_up_to`], giving up at `deadline` (`None`); the clock
    /// is read every few thousand solutions, so a count to a large limit
    /// stops in time.
    pub(crate) fn count_up_to_before(
        &self,
        limit: usize,
        deadline: crate::Deadline,
    ) -> Option<usize> {
        let mut count = 0usize;
        let mut timed_out = false;
        self.search(|_| {
            count += 1;
            if count.is_multiple_of(4096) && deadline.passed() {
                timed_out = true;
                return false;
            }
            count < limit
        });
        (!timed_out).then_some(count)
    }

    pub(crate) fn count_up_to(&self, limit: usize) -> usize {
        let mut count = 0;
        self.search(|_| {
            count += 1;
            count < limit
        });
        count
    }

    /// Whether the board has a solution besides `solution` (81 digits),
    /// given that its only one with the cells of `freed` given as there
    /// is `solution` (a generator's puzzle with `freed` just emptied).
    ///
    /// Any other solution differs from `solution` in a freed cell, and in a
    /// first one: so the search looks for a solution with the first freed
    /// cell's digit ruled out, then with that cell given and the second's
    /// ruled out, and so on. Each looks for one solution on a board
    /// narrower than the puzzle, where counting to two would find
    /// `solution` again before ruling the rest out. Propagation runs once
    /// first: a puzzle it solves is unique without a search.
    pub(crate) fn has_solution_besides(&self, solution: &[u8], freed: &[u16]) -> bool {
        let Some(mut root) = self.start else {
            return false;
        };
        if !matches!(root.propagate(), Propagation::Branch(..)) {
            return false;
        }
        for &cell in freed {
            let (band, x) = (cell as usize / 27, cell as usize % 27);
            let digit = usize::from(solution[cell as usize]).saturating_sub(1);
            let mut other = root;
            other.narrow(set_index(band, digit), !(1 << x));
            if (Fast9 { start: Some(other) }).has_solution() {
                return true;
            }
            root.assign(set_index(band, digit), x);
        }
        false
    }

    /// Whether the board has a solution: the search stops at the first.
    fn has_solution(&self) -> bool {
        let mut found = false;
        self.search(|_| {
            found = true;
            false
        });
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counting_to_two_on_sparse_grids_finds_two() {
        // Sparse grids have solutions everywhere: a branch rule that stops
        // making progress there hangs instead of failing (a triad branch
        // once did, and only the app's check tests showed it, by hanging).
        let mut grids = vec![[0u8; 81]];
        for cell in 0..81 {
            let mut values = [0u8; 81];
            values[cell] = 1 + (cell % 9) as u8;
            grids.push(values);
        }
        let mut first_row = [0u8; 81];
        first_row[..8].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8]);
        grids.push(first_row);
        for values in &grids {
            assert_eq!(Fast9::from_values(values).count_up_to(2), 2, "{values:?}");
        }
    }

    #[test]
    fn givens_read_by_vectors_as_by_words() {
        // Random values, out-of-range ones and clashes included.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for round in 0..2000 {
            let mut values = [0u8; 81];
            for v in values.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                *v = match seed % 5 {
                    0 if round % 3 == 0 => (seed >> 8) as u8,
                    0 | 1 => 1 + (seed >> 8) as u8 % 9,
                    _ => 0,
                };
            }
            let (a, b) = (Givens::new(&values), Givens::portable(&values));
            assert_eq!(a.given, b.given, "{values:?}");
            assert_eq!(a.keep, b.keep, "{values:?}");
            assert_eq!(a.occupied, b.occupied, "{values:?}");
        }
    }

    #[test]
    fn permutable_keeps_only_segments_of_some_permutation() {
        // Every segment present: all kept.
        assert_eq!(PERMUTABLE[0x1FF], BAND);
        // Row 0 only in box 0: the other rows lose box 0.
        let pattern = 0b110_110_001;
        let keep = PERMUTABLE[pattern];
        assert_eq!(keep & ROW, 7);
        assert_eq!((keep >> 9) & ROW, 0b111_111_000);
        // Rows 0 and 1 both only in box 0: no permutation.
        assert_eq!(PERMUTABLE[0b111_001_001], 0);
    }

    #[test]
    fn a_column_held_by_one_band_claims_its_box() {
        // Digit 1 (set 0 in every band) may go anywhere in band 0, but
        // bands 1 and 2 have lost column 4: band 0 must hold it in column
        // 4, so box 1's other columns (3 and 5) lose it, and nothing else.
        let mut state = State::start();
        state.cand = [BAND; SETS];
        state.cand[SETS - 1] = 0;
        let column4 = (1 << 4) | (1 << 13) | (1 << 22);
        state.cand[set_index(1, 0)] &= !column4;
        state.cand[set_index(2, 0)] &= !column4;
        assert_eq!(state.reshaped().stacks(&mut [0; 9]), Some(true));
        let lost = BAND & !state.cand[set_index(0, 0)];
        assert_eq!(lost, column4 >> 1 | column4 << 1);
        assert_eq!(state.cand[set_index(1, 0)], BAND & !column4);
        assert_eq!(
            state.reshaped().stacks(&mut [0; 9]),
            Some(false),
            "nothing more to claim"
        );
        // Column 4 with no place for the digit at all: a contradiction.
        state.cand[set_index(0, 0)] &= !column4;
        assert_eq!(state.reshaped().stacks(&mut [0; 9]), None);
    }

    #[test]
    fn stack_matchings_keep_the_places_some_permutation_uses() {
        // Every pattern of a digit's places in each stack (bit 3 * band +
        // column), against the six permutations tried one by one.
        for stack in 0..3 {
            for pattern in 0..512u32 {
                let mut places = 0;
                let mut expected = 0;
                for band in 0..3 {
                    let cols = (pattern >> (3 * band)) & 7;
                    places |= cols << (9 * band + 3 * stack);
                }
                // A band's permutation (bit 3 * row + box) read as one of
                // the stack's (bit 3 * band + column).
                for segments in PERMUTATIONS {
                    let used: u32 = (0..3)
                        .map(|band| ((segments as u32 >> (3 * band)) & 7) << (9 * band + 3 * stack))
                        .sum();
                    if places & used == used {
                        expected |= used;
                    }
                }
                let in_stack = (7 * COLUMN) << (3 * stack);
                let kept = places & stack_matchings(places) & in_stack;
                assert_eq!(kept, expected, "stack {stack}, pattern {pattern:09b}");
            }
        }
    }

    #[test]
    fn a_triad_branch_puts_the_digit_in_a_triad_then_keeps_it_out() {
        // The empty grid: every band and stack alike, so band 0 and digit 1
        // (set 0); its first two placements part on row 1's triad in box 1.
        let mut state = State::start();
        state.cand = [BAND; SETS];
        state.cand[SETS - 1] = 0;
        let mut places = [0; 9];
        assert_eq!(state.reshaped().stacks(&mut places), Some(false));
        let mut bands = [0; 9];
        assert_eq!(state.reshaped().triads(&places, &mut bands), Some(false));
        let (i, first, second) = state.triad_branch(&places, &bands);
        assert_eq!(i, set_index(0, 0));
        let triad = 7 << (9 + 3);
        assert_eq!(second, !triad, "then the triad loses the digit");
        assert_eq!(first & triad, triad);
        // The row's and the box's other cells lose it, nothing else does.
        let row_and_box = (ROW << 9) | (7 * COLUMN) << 3;
        assert_eq!(BAND & !first, row_and_box & !triad);
    }

    /// Every digit anywhere, but `digits` only in row 0's triad of box 0
    /// (`inside`), or all others kept out of it (`!inside`).
    fn with_first_triad(digits: std::ops::Range<usize>, inside: bool) -> State {
        let mut state = State::start();
        state.cand = [BAND; SETS];
        state.cand[SETS - 1] = 0;
        let (triad, row) = (7, ROW);
        for digit in 0..9 {
            let i = set_index(0, digit);
            match (digits.contains(&digit), inside) {
                (true, true) => state.cand[i] &= !(row & !triad),
                (false, false) => state.cand[i] &= !triad,
                _ => {}
            }
        }
        state
    }

    #[test]
    fn a_fourth_digit_held_to_a_triad_is_a_contradiction() {
        let mut state = with_first_triad(0..4, true);
        let mut places = [0; 9];
        assert_eq!(state.reshaped().stacks(&mut places), Some(false));
        assert_eq!(state.reshaped().triads(&places, &mut [0; 9]), None);
    }

    #[test]
    fn a_triad_three_digits_need_is_closed_to_the_others() {
        let mut state = with_first_triad(0..3, true);
        let before = state.cand;
        let mut places = [0; 9];
        assert_eq!(state.reshaped().stacks(&mut places), Some(false));
        assert_eq!(state.reshaped().triads(&places, &mut [0; 9]), Some(true));
        // (That the three leave the rest of box 0 is the bands' rule.)
        for digit in 0..9 {
            let i = set_index(0, digit);
            let lost = if digit < 3 { 0 } else { 7 };
            assert_eq!(before[i] & !state.cand[i], lost, "digit {digit}");
        }
        assert_eq!(state.cand[9..], before[9..], "other bands untouched");
    }

    #[test]
    fn a_triad_only_three_digits_may_use_takes_them() {
        let mut state = with_first_triad(0..3, false);
        let before = state.cand;
        let mut places = [0; 9];
        assert_eq!(state.reshaped().stacks(&mut places), Some(false));
        assert_eq!(state.reshaped().triads(&places, &mut [0; 9]), Some(true));
        // Row 0's other triads and box 0's other rows lose the three.
        let elsewhere = (ROW & !7) | 7 << 9 | 7 << 18;
        for digit in 0..9 {
            let i = set_index(0, digit);
            let lost = if digit < 3 { elsewhere } else { 0 };
            assert_eq!(before[i] & !state.cand[i], lost, "digit {digit}");
        }
        assert_eq!(state.cand[9..], before[9..], "other bands untouched");
    }

    #[test]
    fn counting_on_sparse_grids_reaches_large_limits() {
        // Deeper into the empty grid's solutions than counting to two: every
        // triad branch must narrow in both directions, or this never ends.
        assert_eq!(Fast9::from_values(&[0; 81]).count_up_to(5000), 5000);
        let mut one_given = [0u8; 81];
        one_given[40] = 5;
        assert_eq!(Fast9::from_values(&one_given).count_up_to(5000), 5000);
    }

    #[test]
    fn a_solved_state_reads_back_as_its_grid() {
        // A valid grid relabelled nine ways: every digit in every cell.
        let base: Vec<u8> = (0..81)
            .map(|cell| {
                let (r, c) = (cell / 9, cell % 9);
                ((r * 3 + r / 3 + c) % 9) as u8
            })
            .collect();
        for shift in 0..9 {
            let mut state = State::start();
            let mut grid = [0u8; 81];
            for (cell, &d) in base.iter().enumerate() {
                let digit = (d as usize + shift) % 9;
                grid[cell] = digit as u8 + 1;
                state.cand[set_index(cell / 27, digit)] |= 1 << (cell % 27);
            }
            assert_eq!(state.values(), grid, "shift {shift}");
        }
    }

    #[test]
    fn keep_only_clears_row_and_box_but_not_the_cell() {
        let k = KEEP_ONLY[10]; // row 1, column 1
        assert_ne!(k & (1 << 10), 0);
        for x in [9, 11, 17, 0, 2, 20] {
            assert_eq!(k & (1 << x), 0, "bit {x}");
        }
        for x in [3, 8, 21, 26] {
            assert_ne!(k & (1 << x), 0, "bit {x}");
        }
    }
}
/// `cargo test --release --lib search_statistics -- --ignored --nocapture`:
/// guesses, propagations and band updates per puzzle on the shared sets, for
/// whoever tunes this file next.
#[cfg(test)]
mod statistics {
    use super::*;
    #[test]
    #[ignore = "a survey that prints numbers, not a check"]
    fn search_statistics() {
        for file in [
            "magictour_top1465",
            "forum_hardest_1106",
            "forum_hardest_1905_11plus_10k",
            "kaggle_style_10k",
        ] {
            let Some(text) =
                crate::shared_data::shared_text(&format!("{file}.txt"), "the search survey")
            else {
                continue;
            };
            COUNTS.with(|c| c.set([0; 4]));
            let mut puzzles = 0u64;
            for line in text.lines() {
                let v: Vec<u8> = line
                    .bytes()
                    .map(|c| if c.is_ascii_digit() { c - b'0' } else { 0 })
                    .collect();
                let solution =
                    Fast9::from_values(v.as_slice().try_into().unwrap()).first_solution();
                assert!(solution.is_some(), "{line}");
                puzzles += 1;
            }
            let [updates, rounds, guesses, stacks] =
                COUNTS.with(|c| c.get()).map(|n| n as f64 / puzzles as f64);
            println!(
                "{file}: {updates:.1} updates, {rounds:.2} propagations, {guesses:.2} guesses, {stacks:.1} stack rounds per puzzle"
            );
        }
    }
}
