//! All-different on every house as a cheap theory of the clause learner:
//! Hall sets of two (naked and hidden pairs), found by bitmask at each
//! unit-propagation fixpoint on the houses that lost a candidate since the
//! last look. The clauses alone see one cell or one digit at a time.
//!
//! Each removal is written with its explanation (a clause all false but the
//! removal) into a buffer the learner keeps as the removal's reason, not as
//! a watched clause: it costs nothing once the removal is undone.

use super::cdcl::Lit;

/// No variable for this cell and digit.
const NO_VAR: u32 = u32::MAX;

pub(crate) struct Houses {
    /// Board size: cells a house, digits a cell.
    size: usize,
    /// Each variable's cell and digit index.
    var_cell: Vec<u32>,
    var_digit: Vec<u8>,
    /// `var_of[cell * size + digit]`, or `NO_VAR`.
    var_of: Vec<u32>,
    /// For each cell, the houses it is in and its position in each, from
    /// `cell_houses[cell_start[cell]..cell_start[cell + 1]]`.
    cell_start: Vec<u32>,
    cell_houses: Vec<(u32, u8)>,
    house_cells: Vec<Vec<u32>>,
    /// Each cell's candidates not yet false (open cells only).
    dom: Vec<u64>,
    /// The variables of each cell at the start (its candidates then).
    initial_dom: Vec<u64>,
    /// `place[house * size + digit]`: the positions in the house whose cell
    /// may still hold the digit (open cells only).
    place: Vec<u64>,
    initial_place: Vec<u64>,
    dirty: Vec<bool>,
    dirty_list: Vec<u32>,
    /// `mates[house * size + pos]`: the digit matched to the cell at that
    /// position (`UNMATCHED` for given cells); `owner` the other way.
    mates: Vec<u8>,
    owner: Vec<u8>,
    naked_on: bool,
    hidden_on: bool,
    matching: bool,
    /// The largest Hall set looked for.
    largest: u32,
    /// Cells (house, position) whose candidates came down to two, and
    /// digits (house, digit) whose places did, since the last look.
    naked: Vec<(u32, u8)>,
    hidden: Vec<(u32, u8)>,
}

const UNMATCHED: u8 = u8::MAX;

impl Houses {
    /// `meaning[var]` is the cell and digit index of each variable,
    /// `house_cells` the cells of each house.
    pub(crate) fn new(size: usize, meaning: &[(usize, u32)], house_cells: &[Vec<u16>]) -> Houses {
        let mode: u32 = std::env::var("DOKU_HOUSES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(5);
        let cells = house_cells
            .iter()
            .flatten()
            .map(|&c| c as usize + 1)
            .max()
            .unwrap_or(0);
        let mut var_of = vec![NO_VAR; cells * size];
        let mut dom = vec![0u64; cells];
        for (var, &(cell, digit)) in meaning.iter().enumerate() {
            var_of[cell * size + digit as usize] = var as u32;
            dom[cell] |= 1 << digit;
        }
        let mut lists = vec![Vec::new(); cells];
        let mut place = vec![0u64; house_cells.len() * size];
        for (house, members) in house_cells.iter().enumerate() {
            for (pos, &cell) in members.iter().enumerate() {
                lists[cell as usize].push((house as u32, pos as u8));
                for digit in bits(dom[cell as usize]) {
                    place[house * size + digit as usize] |= 1 << pos;
                }
            }
        }
        let mut cell_start = vec![0u32];
        let mut cell_houses = Vec::new();
        for list in lists {
            cell_houses.extend(list);
            cell_start.push(cell_houses.len() as u32);
        }
        Houses {
            size,
            var_cell: meaning.iter().map(|&(c, _)| c as u32).collect(),
            var_digit: meaning.iter().map(|&(_, d)| d as u8).collect(),
            var_of,
            cell_start,
            cell_houses,
            house_cells: house_cells
                .iter()
                .map(|h| h.iter().map(|&c| c as u32).collect())
                .collect(),
            initial_dom: dom.clone(),
            dom,
            initial_place: place.clone(),
            place,
            dirty: vec![true; house_cells.len()],
            dirty_list: (0..house_cells.len() as u32).collect(),
            mates: vec![UNMATCHED; house_cells.len() * size],
            owner: vec![UNMATCHED; house_cells.len() * size],
            naked_on: mode & 1 != 0,
            hidden_on: mode & 4 != 0,
            matching: mode & 2 != 0,
            largest: std::env::var("DOKU_HALL")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(2),
            naked: Vec::new(),
            hidden: Vec::new(),
        }
    }

    /// Takes in a literal newly assigned.
    pub(crate) fn assigned(&mut self, lit: Lit) {
        if !lit.is_negative() {
            return;
        }
        let var = lit.var();
        let (cell, digit) = (self.var_cell[var] as usize, self.var_digit[var] as usize);
        self.dom[cell] &= !(1 << digit);
        let left = self.dom[cell].count_ones();
        let naked = left >= 2 && left <= self.largest;
        let (from, to) = (self.cell_start[cell], self.cell_start[cell + 1]);
        for &(house, pos) in &self.cell_houses[from as usize..to as usize] {
            let at = house as usize * self.size;
            self.place[at + digit] &= !(1 << pos);
            if naked && self.naked_on {
                self.naked.push((house, pos));
            }
            let places = self.place[at + digit].count_ones();
            if self.hidden_on && places >= 2 && places <= self.largest {
                self.hidden.push((house, digit as u8));
            }
            if self.matching
                && self.mates[at + pos as usize] == digit as u8
                && !self.dirty[house as usize]
            {
                self.dirty[house as usize] = true;
                self.dirty_list.push(house);
            }
        }
    }

    /// Undoes [`Houses::assigned`] of a literal.
    pub(crate) fn unassigned(&mut self, lit: Lit) {
        if !lit.is_negative() {
            return;
        }
        let var = lit.var();
        let (cell, digit) = (self.var_cell[var] as usize, self.var_digit[var] as usize);
        self.dom[cell] |= 1 << digit;
        let (from, to) = (self.cell_start[cell], self.cell_start[cell + 1]);
        for &(house, pos) in &self.cell_houses[from as usize..to as usize] {
            self.place[house as usize * self.size + digit] |= 1 << pos;
        }
    }

    /// Forgets the houses to look at (after a backjump the state is one
    /// already looked at).
    pub(crate) fn clear_dirty(&mut self) {
        for &house in &self.dirty_list {
            self.dirty[house as usize] = false;
        }
        self.dirty_list.clear();
        self.naked.clear();
        self.hidden.clear();
    }

    /// Looks at every house that lost a candidate since the last look and
    /// appends, for each candidate a pair rules out, a record `[length,
    /// removal, explanation...]` to `out` (`length` counts the literals).
    pub(crate) fn check(&mut self, out: &mut Vec<u32>) {
        while let Some(house) = self.dirty_list.pop() {
            self.dirty[house as usize] = false;
            if self.matching && !self.repair_matching(house as usize, out) {
                return;
            }
        }
        while let Some((house, pos)) = self.naked.pop() {
            self.naked_pair(house as usize, pos as usize, out);
        }
        while let Some((house, digit)) = self.hidden.pop() {
            self.hidden_pair(house as usize, digit as usize, out);
        }
    }

    /// Repairs the house's matching of open cells to digits; `false` if
    /// there is none, after appending the conflict: a set of cells with
    /// fewer candidates than members, one of which must take a candidate
    /// it has lost.
    fn repair_matching(&mut self, house: usize, out: &mut Vec<u32>) -> bool {
        let members = std::mem::take(&mut self.house_cells[house]);
        let found = self.repair_matching_of(house, &members, out);
        self.house_cells[house] = members;
        found
    }

    fn repair_matching_of(&mut self, house: usize, members: &[u32], out: &mut Vec<u32>) -> bool {
        let n = self.size;
        let base = house * n;
        let mut unmatched = 0u64;
        for (pos, &cell) in members.iter().enumerate() {
            let dm = self.dom[cell as usize];
            if self.initial_dom[cell as usize] == 0 {
                continue;
            }
            let mate = self.mates[base + pos];
            if mate == UNMATCHED || dm & (1 << mate) == 0 {
                if mate != UNMATCHED {
                    self.owner[base + mate as usize] = UNMATCHED;
                    self.mates[base + pos] = UNMATCHED;
                }
                unmatched |= 1 << pos;
            }
        }
        for start in bits(unmatched) {
            // Breadth-first over alternating paths from `start`.
            let mut parent = [UNMATCHED; 64];
            let mut cells_seen = 1u64 << start;
            let mut digits_seen = 0u64;
            let mut queue = [0u8; 64];
            let (mut head, mut tail) = (0, 1);
            queue[0] = start as u8;
            let mut free_digit = None;
            'search: while head < tail {
                let pos = queue[head] as usize;
                head += 1;
                let cell = members[pos] as usize;
                for digit in bits(self.dom[cell] & !digits_seen) {
                    digits_seen |= 1 << digit;
                    parent[digit as usize] = pos as u8;
                    let holder = self.owner[base + digit as usize];
                    if holder == UNMATCHED {
                        free_digit = Some(digit as usize);
                        break 'search;
                    }
                    if cells_seen & (1 << holder) == 0 {
                        cells_seen |= 1 << holder;
                        queue[tail] = holder;
                        tail += 1;
                    }
                }
            }
            match free_digit {
                Some(mut digit) => loop {
                    let pos = parent[digit] as usize;
                    let previous = self.mates[base + pos];
                    self.mates[base + pos] = digit as u8;
                    self.owner[base + digit] = pos as u8;
                    if previous == UNMATCHED {
                        break;
                    }
                    digit = previous as usize;
                },
                None => {
                    let at = out.len();
                    out.push(0);
                    for pos in bits(cells_seen) {
                        let cell = members[pos as usize] as usize;
                        for e in bits(self.initial_dom[cell] & !digits_seen) {
                            out.push(Lit::positive(self.var_of[cell * n + e as usize]).code());
                        }
                    }
                    out[at] = (out.len() - at - 1) as u32;
                    return false;
                }
            }
        }
        true
    }

    /// Hall sets of cells through the cell at `pos`: cells of the house
    /// as many as their candidates together (its own candidates, or those
    /// and another cell's), which no other cell of it may hold.
    fn naked_pair(&self, house: usize, pos: usize, out: &mut Vec<u32>) {
        let members = &self.house_cells[house];
        let dm = self.dom[members[pos] as usize];
        let k = dm.count_ones();
        if k < 2 || k > self.largest {
            return;
        }
        self.naked_set(house, dm, out);
        if k < self.largest {
            for (r, &cell) in members.iter().enumerate() {
                let other = self.dom[cell as usize];
                let union = dm | other;
                if r != pos
                    && other.count_ones() >= 2
                    && union != dm
                    && union.count_ones() <= self.largest
                {
                    self.naked_set(house, union, out);
                }
            }
        }
    }

    /// If `union` is a Hall set's digits in the house, rules them out of the
    /// cells outside the set.
    fn naked_set(&self, house: usize, union: u64, out: &mut Vec<u32>) {
        let n = self.size;
        let members = &self.house_cells[house];
        let k = union.count_ones();
        let mut set = 0u64;
        let mut size = 0;
        for (r, &cell) in members.iter().enumerate() {
            let dm = self.dom[cell as usize];
            if size < k && dm.count_ones() >= 2 && dm & !union == 0 {
                set |= 1 << r;
                size += 1;
            }
        }
        if size < k {
            return;
        }
        for (r, &target) in members.iter().enumerate() {
            let target = target as usize;
            if set & (1 << r) != 0 {
                continue;
            }
            for digit in bits(self.dom[target] & union) {
                let start = out.len();
                out.push(0);
                out.push((!Lit::positive(self.var_of[target * n + digit as usize])).code());
                for pos in bits(set) {
                    let cell = members[pos as usize] as usize;
                    for e in bits(self.initial_dom[cell] & !union) {
                        out.push(Lit::positive(self.var_of[cell * n + e as usize]).code());
                    }
                }
                out[start] = (out.len() - start - 1) as u32;
            }
        }
    }

    /// Hall sets of digits through `digit`: digits of the house as many as
    /// their places together, whose cells hold nothing else.
    fn hidden_pair(&self, house: usize, digit: usize, out: &mut Vec<u32>) {
        let n = self.size;
        let places = &self.place[house * n..(house + 1) * n];
        let pm = places[digit];
        let k = pm.count_ones();
        if k < 2 || k > self.largest {
            return;
        }
        self.hidden_set(house, pm, out);
        if k < self.largest {
            for (e, &other) in places.iter().enumerate() {
                let union = pm | other;
                if e != digit
                    && other.count_ones() >= 2
                    && union != pm
                    && union.count_ones() <= self.largest
                {
                    self.hidden_set(house, union, out);
                }
            }
        }
    }

    /// If `union` is the places of a Hall set of digits, rules every other
    /// digit out of those places.
    fn hidden_set(&self, house: usize, union: u64, out: &mut Vec<u32>) {
        let n = self.size;
        let members = &self.house_cells[house];
        let places = &self.place[house * n..(house + 1) * n];
        let initial = &self.initial_place[house * n..(house + 1) * n];
        let k = union.count_ones();
        let mut digits = 0u64;
        let mut size = 0;
        for (d, &pm) in places.iter().enumerate() {
            if size < k && pm.count_ones() >= 2 && pm & !union == 0 {
                digits |= 1 << d;
                size += 1;
            }
        }
        if size < k {
            return;
        }
        for pos in bits(union) {
            let cell = members[pos as usize] as usize;
            for e in bits(self.dom[cell] & !digits) {
                let start = out.len();
                out.push(0);
                out.push((!Lit::positive(self.var_of[cell * n + e as usize])).code());
                for d in bits(digits) {
                    for r in bits(initial[d as usize] & !union) {
                        let c = members[r as usize] as usize;
                        out.push(Lit::positive(self.var_of[c * n + d as usize]).code());
                    }
                }
                out[start] = (out.len() - start - 1) as u32;
            }
        }
    }
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}
