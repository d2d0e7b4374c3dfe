//! Chains: the implication engine every chain technique shares, and the
//! single-assumption chains (X-chains, XY-chains, remote pairs, alternating
//! inference chains).
//!
//! A node is a candidate (a digit in a cell), `on` (it is the digit) or
//! `off` (it is not). Links are Sudoku Explainer's: a candidate that is on
//! turns every candidate it sees off (weak link); a candidate that is off
//! turns on the other candidate of a bivalue cell or the other place of a
//! bilocal unit (strong link). Following them breadth first from one
//! assumption finds the shortest chain to each consequence.
//!
//! An alternating inference chain is found as SE finds it: assume the
//! victim, follow the links, and arrive at its opposite. "If r1c1 is 5 then
//! ... then r1c1 is not 5" removes the 5; "if r1c1 is not 5 then ... then it
//! is 5" places it. Nice loops and both-ends eliminations are the same chains
//! seen from the candidate they remove.
//!
//! In *static* mode only the links of the starting grid count (SE's plain
//! chains and multiple chains); in *dynamic* mode each inference updates a
//! copy of the grid, so a cell whose other candidates all went becomes a
//! naked single (SE's dynamic chains, forcing nets).

use super::grid::{bits, bits128, two_bits, Finding, Grid, Pattern};
use super::{chain_length_increment, Technique};
use crate::shape::{Cell, Digit};

mod shortest;
mod stall;

pub(crate) const NONE: u32 = u32::MAX;

/// One inference in a propagation: candidate `cand` (`cell * n + digit`)
/// is on or off, because of its parents.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Event {
    pub cand: u32,
    pub on: bool,
    /// Longest run of inferences from the assumption (for picking short chains).
    pub depth: u16,
    parent_start: u32,
    parent_len: u16,
    /// Why an `on` event holds: [`CAUSE_CELL`] (the cell's last digit), a
    /// house index (the digit's last place there), or [`CAUSE_NONE`].
    pub cause: u16,
}

/// An event with no single behind it (a weak link, an assumption).
pub(crate) const CAUSE_NONE: u16 = u16::MAX;
/// An `on` event because its cell has no other digit left.
pub(crate) const CAUSE_CELL: u16 = u16::MAX - 1;

/// A chain found inside a propagation by one of its inner rules (SE's
/// nested chains), which the outer chain's inferences rest on.
#[derive(Clone, Debug)]
pub(crate) struct InnerChain {
    /// Its whole complexity, its own inner chains included (SE's
    /// `getComplexity`).
    pub complexity: u32,
    /// What it did, in words.
    pub text: String,
}

/// Which links a static propagation may follow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Links {
    /// Only candidates of this digit (X-chains).
    pub digit: Option<usize>,
    /// Strong links inside bivalue cells.
    pub cells: bool,
    /// Strong links between the two places of a digit in a unit.
    pub units: bool,
    /// With cell links: only bivalue cells holding exactly these digits
    /// (remote pairs); 0 for any.
    pub pair: u64,
}

impl Links {
    pub const ALL: Links = Links {
        digit: None,
        cells: true,
        units: true,
        pair: 0,
    };
}

/// How a propagation infers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    Static(Links),
    /// Singles on a changing copy of the grid. From `level` 1 (SE's
    /// "dynamic plus"), whenever the singles are stuck, the propagation also
    /// runs inner rules on its grid: level 1 pointing, claiming, pairs and
    /// x-wings; levels 2 to 5 the nested chains of SE's table in
    /// `grader/nested.rs`.
    Dynamic {
        level: u8,
    },
}

/// Why a dynamic assumption broke the grid: the events that together clash.
#[derive(Clone, Debug, Default)]
pub(crate) struct Conflict {
    pub events: Vec<u32>,
    /// What clashed, for the explanation.
    pub what: ConflictKind,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum ConflictKind {
    /// A candidate was found both on and off.
    #[default]
    Both,
    /// A cell lost every candidate.
    EmptyCell(u16),
    /// A digit lost every place in a house.
    NoPlace { house: u16, digit: u8 },
    /// A killer cage's digits can no longer make its sum.
    Cage(u16),
}

/// The implication engine over one grid. Reused across assumptions: every
/// propagation resets the per-assumption state from the grid.
pub(crate) struct Net<'g> {
    pub grid: &'g Grid,
    pub n: usize,
    /// Where cells sit in their houses, shared by every net of the shape.
    layout: std::sync::Arc<Layout>,
    /// Where each digit can go in each house at the start (`house * n + digit`).
    base_places: Vec<u64>,
    /// Per digit, the cells that hold it at the start (boards of up to 128
    /// cells, the only ones a dynamic propagation runs on; else empty).
    base_cells_with: Vec<u128>,
    // Per-propagation state.
    cands: Vec<u64>,
    /// `base_cells_with` for `cands`.
    cells_with: Vec<u128>,
    placed: Vec<u8>,
    places: Vec<u64>,
    on_ev: Vec<u32>,
    off_ev: Vec<u32>,
    pub events: Vec<Event>,
    parents: Vec<u32>,
    pub conflict: Option<Conflict>,
    /// For nested levels: how many inner assumptions a propagation may try.
    pub inner_budget: usize,
    /// The inner chains this propagation's inner rules found.
    pub inner: Vec<InnerChain>,
    /// (event, its inner chain in `inner`) for the events inner chains
    /// made, by event (kept apart so `Event` stays small).
    inner_of: Vec<(u32, u32)>,
    /// The inner budget before the last stall (see [`Net::save`]).
    stall_budget: usize,
    scratch: Vec<u32>,
    /// Per house, the digits this propagation has removed there, as of its
    /// last stall: the inner rules' patterns need a removal in their houses
    /// (see `chains/stall.rs`).
    removed: Vec<u64>,
    /// Whether the starting grid itself has a pointing or claiming pattern
    /// (known from the first stall on).
    base_locked: Option<bool>,
}

/// Where a dynamic propagation stopped: broken, or stalled with nothing
/// its inner rules could remove. A propagation of a higher level whose
/// inner rules begin with the same ones (SE's table in
/// `grader/nested.rs`: level 1 adds rules to level 0, 2 to 1, 3 to 2, 4 to
/// 1 and 5 to 4) makes the same inferences up to there, so it goes on from
/// it instead of starting over; a broken one breaks the same way.
#[derive(Clone, Default)]
pub(crate) struct Stop {
    cands: Vec<u64>,
    placed: Vec<u8>,
    places: Vec<u64>,
    events: Vec<Event>,
    parents: Vec<u32>,
    conflict: Option<Conflict>,
    inner: Vec<InnerChain>,
    inner_of: Vec<(u32, u32)>,
    inner_budget: usize,
}

impl<'g> Net<'g> {
    pub fn new(grid: &'g Grid) -> Net<'g> {
        let n = grid.size();
        let geo = &grid.geo;
        let mut base_places = vec![0u64; geo.house_cells.len() * n];
        for (h, cells) in geo.house_cells.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                for d in bits(grid.cands[c as usize]) {
                    base_places[h * n + d] |= 1 << i;
                }
            }
        }
        let cand_count = grid.cands.len() * n;
        let base_cells_with = cells_with_digits(grid, &grid.cands);
        Net {
            grid,
            n,
            layout: Layout::of(grid),
            cells_with: base_cells_with.clone(),
            base_cells_with,
            places: base_places.clone(),
            base_places,
            cands: grid.cands.clone(),
            placed: grid.values.clone(),
            on_ev: vec![NONE; cand_count],
            off_ev: vec![NONE; cand_count],
            events: Vec::with_capacity(cand_count),
            parents: Vec::with_capacity(cand_count * 2),
            conflict: None,
            inner_budget: usize::MAX,
            inner: Vec::new(),
            inner_of: Vec::new(),
            stall_budget: usize::MAX,
            scratch: Vec::new(),
            removed: vec![0; geo.house_cells.len()],
            base_locked: None,
        }
    }

    pub fn cand_count(&self) -> usize {
        self.on_ev.len()
    }

    /// The event that set candidate `cand` on (or off), if any.
    pub fn event_of(&self, cand: usize, on: bool) -> Option<u32> {
        let e = if on {
            self.on_ev[cand]
        } else {
            self.off_ev[cand]
        };
        (e != NONE).then_some(e)
    }

    /// The inner chain that made `event`, if one did.
    pub fn inner_chain_of(&self, event: u32) -> Option<&InnerChain> {
        let i = self
            .inner_of
            .binary_search_by_key(&event, |&(e, _)| e)
            .ok()?;
        self.inner.get(self.inner_of[i].1 as usize)
    }

    pub fn parents_of(&self, event: u32) -> &[u32] {
        let e = &self.events[event as usize];
        &self.parents[e.parent_start as usize..e.parent_start as usize + e.parent_len as usize]
    }

    fn reset(&mut self, mode: Mode) {
        for e in &self.events {
            self.on_ev[e.cand as usize] = NONE;
            self.off_ev[e.cand as usize] = NONE;
        }
        self.events.clear();
        self.parents.clear();
        self.inner.clear();
        self.inner_of.clear();
        self.conflict = None;
        self.stall_budget = self.inner_budget;
        if let Mode::Dynamic { .. } = mode {
            self.cands.copy_from_slice(&self.grid.cands);
            self.cells_with.copy_from_slice(&self.base_cells_with);
            self.placed.copy_from_slice(&self.grid.values);
            self.places.copy_from_slice(&self.base_places);
        }
    }

    /// Records an event unless it is known already; a clash with its
    /// opposite ends a dynamic propagation (and is skipped in a static one).
    #[inline(always)]
    fn push(&mut self, cand: usize, on: bool, parents: &[u32], mode: Mode) {
        self.push_why(cand, on, parents, CAUSE_NONE, NONE, mode);
    }

    /// [`Net::push`] with the event's cause and inner chain.
    #[inline(always)]
    fn push_why(
        &mut self,
        cand: usize,
        on: bool,
        parents: &[u32],
        cause: u16,
        inner: u32,
        mode: Mode,
    ) {
        let (same, other) = if on {
            (self.on_ev[cand], self.off_ev[cand])
        } else {
            (self.off_ev[cand], self.on_ev[cand])
        };
        if same != NONE || self.conflict.is_some() {
            return;
        }
        if other != NONE {
            if let Mode::Static(_) = mode {
                // Static links are facts of the starting grid: a candidate
                // found both ways is still followed both ways (so wider
                // links always reach further), except the assumption's
                // opposite, which completes a chain.
                let id = self.add_event(cand, on, parents, cause, inner);
                if other == 0 {
                    self.conflict = Some(Conflict {
                        events: vec![id, 0],
                        what: ConflictKind::Both,
                    });
                }
                return;
            }
            let id = self.add_event(cand, on, parents, cause, inner);
            self.conflict = Some(Conflict {
                events: vec![id, other],
                what: ConflictKind::Both,
            });
            return;
        }
        self.add_event(cand, on, parents, cause, inner);
    }

    #[inline(always)]
    fn add_event(&mut self, cand: usize, on: bool, parents: &[u32], cause: u16, inner: u32) -> u32 {
        let id = self.events.len() as u32;
        let depth = parents
            .iter()
            .map(|&p| self.events[p as usize].depth + 1)
            .max()
            .unwrap_or(0);
        self.events.push(Event {
            cand: cand as u32,
            on,
            depth,
            parent_start: self.parents.len() as u32,
            parent_len: parents.len() as u16,
            cause,
        });
        if inner != NONE {
            self.inner_of.push((id, inner));
        }
        self.parents.extend_from_slice(parents);
        if on {
            self.on_ev[cand] = id;
        } else {
            self.off_ev[cand] = id;
        }
        id
    }

    /// Follows every inference from one assumption. Afterwards `events`
    /// holds what it implies and `conflict` whether it broke the grid (in
    /// static mode: whether it reached its own opposite).
    pub fn propagate(&mut self, cand: usize, on: bool, mode: Mode) {
        self.reset(mode);
        self.push(cand, on, &[], mode);
        self.run(mode);
    }

    fn run(&mut self, mode: Mode) {
        self.run_from(mode, false, false);
    }

    /// [`Net::propagate`] from `cand` on with static `links`, stopped once
    /// every fact of `wanted` (`cand * 2 + on`) is found: a static
    /// propagation only adds events, so those it found it finds the same
    /// way (same parents, same depths) as the whole propagation does.
    pub fn propagate_static_until(&mut self, cand: usize, links: Links, wanted: &[usize]) {
        let mode = Mode::Static(links);
        self.reset(mode);
        self.push(cand, true, &[], mode);
        let mut head = 0;
        while self.conflict.is_none() && head < self.events.len() {
            if (wanted.iter()).all(|&key| self.event_of(key / 2, key % 2 == 1).is_some()) {
                return;
            }
            self.follow_static(head as u32, links, mode);
            head += 1;
        }
    }

    /// [`Net::run`]; with `stalled`, from a dynamic propagation's stall
    /// (every event followed); with `plus_done` too, a stall where the
    /// rules of level 1 found nothing (see [`Net::resume`]).
    fn run_from(&mut self, mode: Mode, mut stalled: bool, mut plus_done: bool) {
        let mut head = 0;
        // A dynamic propagation follows its `on` events before any `off`
        // one, each kind first in first out, as SE's `Chaining.doChaining`
        // takes `pendingOn` before `pendingOff`: which inference reaches a
        // candidate first decides its parents, so the chains SE counts.
        let (mut on_head, mut off_head) = if stalled {
            (self.events.len(), self.events.len())
        } else {
            (0, 0)
        };
        loop {
            // From a stall the singles have nothing left to follow.
            let follow = !std::mem::take(&mut stalled);
            while follow && self.conflict.is_none() {
                let id = match mode {
                    Mode::Static(_) if head < self.events.len() => {
                        head += 1;
                        head - 1
                    }
                    Mode::Static(_) => break,
                    Mode::Dynamic { .. } => {
                        let next = |from: &mut usize, on: bool| {
                            while *from < self.events.len() && self.events[*from].on != on {
                                *from += 1;
                            }
                            (*from < self.events.len()).then(|| {
                                *from += 1;
                                *from - 1
                            })
                        };
                        match next(&mut on_head, true).or_else(|| next(&mut off_head, false)) {
                            Some(id) => id,
                            None => break,
                        }
                    }
                } as u32;
                match mode {
                    Mode::Static(links) => self.follow_static(id, links, mode),
                    Mode::Dynamic { .. } => self.follow_dynamic(id, mode),
                }
            }
            if self.conflict.is_some() {
                return;
            }
            let Mode::Dynamic { level } = mode else {
                return;
            };
            // What the inner rules found nothing in is where a higher
            // level goes on from (see `Stop`).
            self.stall_budget = self.inner_budget;
            let went = if std::mem::take(&mut plus_done) {
                self.stalled_past_plus(level, mode)
            } else {
                level >= 1 && self.stalled(level, mode)
            };
            if went {
                continue;
            }
            return;
        }
    }

    /// Keeps where this dynamic propagation stopped, with the inner budget
    /// it had before its last stall if that found nothing.
    pub fn save(&self, into: &mut Stop) {
        into.cands.clone_from(&self.cands);
        into.placed.clone_from(&self.placed);
        into.places.clone_from(&self.places);
        into.events.clone_from(&self.events);
        into.parents.clone_from(&self.parents);
        into.conflict.clone_from(&self.conflict);
        into.inner.clone_from(&self.inner);
        into.inner_of.clone_from(&self.inner_of);
        into.inner_budget = if self.conflict.is_some() {
            self.inner_budget
        } else {
            self.stall_budget
        };
    }

    /// Goes on from a propagation of a lower level that `save` kept, as
    /// if this one had run from its assumption (see `Stop`).
    pub fn resume(&mut self, from: &Stop, mode: Mode) {
        for e in &self.events {
            self.on_ev[e.cand as usize] = NONE;
            self.off_ev[e.cand as usize] = NONE;
        }
        self.cands.clone_from(&from.cands);
        self.cells_with = cells_with_digits(self.grid, &self.cands);
        self.placed.clone_from(&from.placed);
        self.places.clone_from(&from.places);
        self.events.clone_from(&from.events);
        self.parents.clone_from(&from.parents);
        self.conflict.clone_from(&from.conflict);
        self.inner.clone_from(&from.inner);
        self.inner_of.clone_from(&from.inner_of);
        self.inner_budget = from.inner_budget;
        self.stall_budget = from.inner_budget;
        for (id, e) in self.events.iter().enumerate() {
            if e.on {
                self.on_ev[e.cand as usize] = id as u32;
            } else {
                self.off_ev[e.cand as usize] = id as u32;
            }
        }
        if self.conflict.is_none() {
            // From level 2 up, the lower level's stop is where the rules of
            // level 1, which every level from 1 begins with, found nothing:
            // this level's first round goes on from there.
            let Mode::Dynamic { level } = mode else {
                return;
            };
            self.run_from(mode, true, level >= 2);
        }
    }

    fn follow_static(&mut self, id: u32, links: Links, mode: Mode) {
        let Event { cand, on, .. } = self.events[id as usize];
        // A 32-bit division: the 64-bit one is several times slower.
        let n32 = self.n as u32;
        let (cell, digit) = ((cand / n32) as usize, (cand % n32) as usize);
        let grid = self.grid;
        let n = self.n;
        let allowed = |d: usize| links.digit.is_none_or(|x| x == d);
        if on {
            for e in bits(grid.cands[cell]) {
                if e != digit && allowed(e) {
                    self.push(cell * n + e, false, &[id], mode);
                }
            }
            let bit = 1u64 << digit;
            for &p in &grid.geo.peers[cell] {
                if grid.cands[p as usize] & bit != 0 {
                    self.push(p as usize * n + digit, false, &[id], mode);
                }
            }
            return;
        }
        let cell_cands = grid.cands[cell];
        if links.cells && two_bits(cell_cands) && (links.pair == 0 || links.pair == cell_cands) {
            let e = (cell_cands & !(1 << digit)).trailing_zeros() as usize;
            if allowed(e) {
                self.push_why(cell * n + e, true, &[id], CAUSE_CELL, NONE, mode);
            }
        }
        if links.units {
            for (slot, &h) in grid.geo.houses_of(cell).iter().enumerate() {
                let places = self.base_places[h as usize * n + digit];
                if two_bits(places) {
                    let other = places & !(1u64 << self.layout.cell_pos[cell][slot]);
                    let q = grid.geo.house_cells[h as usize][other.trailing_zeros() as usize];
                    self.push_why(q as usize * n + digit, true, &[id], h, NONE, mode);
                }
            }
        }
    }

    fn follow_dynamic(&mut self, id: u32, mode: Mode) {
        let Event { cand, on, .. } = self.events[id as usize];
        let n = self.n;
        let (cell, digit) = ((cand / n as u32) as usize, (cand % n as u32) as usize);
        let bit = 1u64 << digit;
        let grid = self.grid;
        // SE's order of houses (`Grid.getRegionTypes`): box, row, column.
        // Which inference reaches a candidate first decides its parents, so
        // the ancestors SE counts: a dynamic propagation follows its order.
        // A variant's extra houses come after SE's three.
        let houses = grid.geo.houses_of(cell);
        let order = house_order(grid, cell);
        if on {
            self.placed[cell] = digit as u8 + 1;
            for e in bits(self.cands[cell] & !bit) {
                self.push(cell * n + e, false, &[id], mode);
            }
            if self.cells_with.is_empty() {
                for i in 0..self.layout.peers_in_order[cell].len() {
                    let p = self.layout.peers_in_order[cell][i] as usize;
                    if self.cands[p] & bit != 0 {
                        self.push(p * n + digit, false, &[id], mode);
                    }
                }
            } else {
                // The peers that hold the digit, in the same order.
                for i in 0..self.layout.peer_runs[cell].len() {
                    let run = self.layout.peer_runs[cell][i] & self.cells_with[digit];
                    for p in bits128(run) {
                        self.push(p * n + digit, false, &[id], mode);
                    }
                }
            }
            self.follow_cage(cell, mode);
            return;
        }
        if self.cands[cell] & bit == 0 {
            return;
        }
        self.cands[cell] &= !bit;
        if let Some(cells) = self.cells_with.get_mut(digit) {
            *cells &= !(1u128 << cell);
        }
        self.follow_cage(cell, mode);
        if self.conflict.is_some() {
            return;
        }
        if self.placed[cell] == 0 {
            let left = self.cands[cell];
            // A last digit already known on would be pushed for nothing.
            let known = left != 0 && self.on_ev[cell * n + left.trailing_zeros() as usize] != NONE;
            if left.count_ones() <= 1 && !known {
                let mut why = std::mem::take(&mut self.scratch);
                why.clear();
                why.extend(
                    bits(grid.cands[cell] & !left)
                        .filter_map(|d| self.event_of(cell * n + d, false)),
                );
                if left == 0 {
                    self.conflict = Some(Conflict {
                        events: why.clone(),
                        what: ConflictKind::EmptyCell(cell as u16),
                    });
                } else {
                    let on = cell * n + left.trailing_zeros() as usize;
                    self.push_why(on, true, &why, CAUSE_CELL, NONE, mode);
                }
                self.scratch = why;
                if self.conflict.is_some() {
                    return;
                }
            }
        }
        for &slot in order {
            let h = houses[slot] as usize;
            let key = h * n + digit;
            self.places[key] &= !(1u64 << self.layout.cell_pos[cell][slot]);
            let left = self.places[key];
            if left.count_ones() > 1 {
                continue;
            }
            let cells = &grid.geo.house_cells[h];
            // Once the digit's last place is on, every later removal in the
            // house lands here: skip the push that would find it known.
            if left != 0
                && self.on_ev[cells[left.trailing_zeros() as usize] as usize * n + digit] != NONE
            {
                continue;
            }
            let mut why = std::mem::take(&mut self.scratch);
            why.clear();
            why.extend(
                bits(self.base_places[key] & !left)
                    .filter_map(|i| self.event_of(cells[i] as usize * n + digit, false)),
            );
            if left == 0 {
                self.conflict = Some(Conflict {
                    events: why.clone(),
                    what: ConflictKind::NoPlace {
                        house: h as u16,
                        digit: digit as u8 + 1,
                    },
                });
            } else {
                let q = cells[left.trailing_zeros() as usize] as usize;
                self.push_why(q * n + digit, true, &why, h as u16, NONE, mode);
            }
            self.scratch = why;
            if self.conflict.is_some() {
                return;
            }
        }
    }

    /// Killers: a digit placed or removed in a cage narrows its other
    /// cells to the digits that still take part in a way of making its sum
    /// (a combination the cells can hold, each cell a different digit of
    /// it), as a player reasons with the cage while following a chain. The
    /// inference rests on every placement and removal the propagation made
    /// in the cage. A cage that can no longer make its sum breaks the grid.
    #[inline(always)]
    fn follow_cage(&mut self, cell: usize, mode: Mode) {
        if self.grid.killer.is_some() {
            self.follow_killer_cage(cell, mode);
        }
    }

    /// [`Net::follow_cage`] on a killer.
    fn follow_killer_cage(&mut self, cell: usize, mode: Mode) {
        let Some(killer) = self.grid.killer.as_deref() else {
            return;
        };
        let Some(cage) = killer.cage(cell) else {
            return;
        };
        let n = self.n;
        let cells = &killer.cells[cage];
        let (mut placed, mut total) = (0u64, 0u32);
        let mut open: [(u16, u64); 64] = [(0, 0); 64];
        let mut open_count = 0;
        for &c in cells {
            let c = c as usize;
            match self.placed[c] {
                0 => {
                    open[open_count] = (c as u16, self.cands[c]);
                    open_count += 1;
                }
                v => {
                    placed |= 1 << (v - 1);
                    total += u32::from(v);
                }
            }
        }
        let open = &open[..open_count];
        // What each open cell may still hold.
        let mut allowed = [0u64; 64];
        let possible = match killer.sums[cage] {
            None => {
                for (i, &(_, cands)) in open.iter().enumerate() {
                    allowed[i] = cands & !placed;
                }
                true
            }
            Some(sum) if open.is_empty() => total == sum,
            Some(sum) => match sum.checked_sub(total) {
                None => false,
                Some(left) => {
                    let digits = open.iter().fold(0, |m, &(_, c)| m | c) & !placed;
                    let mut any = false;
                    let cands: Vec<u64> = open.iter().map(|&(_, c)| c).collect();
                    for combo in crate::killer::combos::list(digits, open.len() as u32, left) {
                        if !super::cages::fits(&cands, combo) {
                            continue;
                        }
                        any = true;
                        for (i, &c) in cands.iter().enumerate() {
                            let open_digits = c & combo & !allowed[i];
                            if open_digits == 0 {
                                continue;
                            }
                            // The other cells must take the rest of it.
                            let mut rest = cands.clone();
                            rest.remove(i);
                            for d in bits(open_digits) {
                                if super::cages::fits(&rest, combo & !(1 << d)) {
                                    allowed[i] |= 1 << d;
                                }
                            }
                        }
                    }
                    any
                }
            },
        };
        let goes = |i: usize| open[i].1 & !allowed[i];
        if possible && (0..open.len()).all(|i| goes(i) == 0) {
            return;
        }
        // Why: what this propagation placed or removed in the cage.
        let mut why = std::mem::take(&mut self.scratch);
        why.clear();
        for &c in cells {
            let c = c as usize;
            if self.grid.values[c] != 0 {
                continue;
            }
            match self.placed[c] {
                0 => why.extend(
                    bits(self.grid.cands[c] & !self.cands[c])
                        .filter_map(|d| self.event_of(c * n + d, false)),
                ),
                v => why.extend(self.event_of(c * n + usize::from(v) - 1, true)),
            }
        }
        if why.is_empty() {
            // The starting grid's own cage logic, not the chain's.
            self.scratch = why;
            return;
        }
        if !possible {
            self.conflict = Some(Conflict {
                events: why.clone(),
                what: ConflictKind::Cage(cage as u16),
            });
        } else {
            for (i, &(c, _)) in open.iter().enumerate() {
                for d in bits(goes(i)) {
                    self.push(c as usize * n + d, false, &why, mode);
                    if self.conflict.is_some() {
                        break;
                    }
                }
            }
        }
        self.scratch = why;
    }

    /// Pointing and claiming on the propagation's grid; true when it removed
    /// something.
    fn locked_candidates(&mut self, mode: Mode) -> bool {
        let grid = self.grid;
        let geo = &grid.geo;
        let n = self.n;
        let before = self.events.len();
        let layout = std::sync::Arc::clone(&self.layout);
        // A crossing whose places this propagation left alone is as it was
        // in the starting grid: it can point only if the grid's did.
        let base_locked = match self.base_locked {
            Some(known) => known,
            None => {
                let known = self.locked_in_base();
                self.base_locked = Some(known);
                known
            }
        };
        let all_digits = u64::MAX >> (64 - n);
        for &Crossing {
            b,
            line,
            shared_in_box,
            shared_in_line,
        } in &layout.crossings
        {
            let (b, line) = (b as usize, line as usize);
            let digits = if base_locked {
                all_digits
            } else {
                self.removed[b] | self.removed[line]
            };
            for d in bits(digits) {
                let in_box = self.places[b * n + d];
                let in_line = self.places[line * n + d];
                if in_box == 0 || in_line == 0 {
                    continue;
                }
                // Pointing: the box's places all in the line.
                if in_box & !shared_in_box == 0 && in_line & !shared_in_line != 0 {
                    let why = self.off_events_of(b, d, shared_in_box);
                    if why.is_empty() {
                        // SE: a pattern the grid had already is no inference
                        // of the chain (`getAdvancedPotentials` skips it).
                        continue;
                    }
                    for i in bits(in_line & !shared_in_line) {
                        let c = geo.house_cells[line][i] as usize;
                        self.push(c * n + d, false, &why, mode);
                    }
                } else if in_line & !shared_in_line == 0 && in_box & !shared_in_box != 0 {
                    let why = self.off_events_of(line, d, shared_in_line);
                    if why.is_empty() {
                        continue;
                    }
                    for i in bits(in_box & !shared_in_box) {
                        let c = geo.house_cells[b][i] as usize;
                        self.push(c * n + d, false, &why, mode);
                    }
                }
                if self.conflict.is_some() {
                    return true;
                }
            }
        }
        // Every pattern of the round counts, as SE's `Locking` gives all
        // its hints to `getAdvancedPotentials` at once.
        self.events.len() > before
    }

    /// Whether the starting grid has a pointing or claiming pattern with
    /// something to remove.
    fn locked_in_base(&self) -> bool {
        let n = self.n;
        self.layout.crossings.iter().any(|crossing| {
            let (b, line) = (crossing.b as usize, crossing.line as usize);
            (0..n).any(|d| {
                let in_box = self.base_places[b * n + d];
                let in_line = self.base_places[line * n + d];
                let box_out = in_box & !crossing.shared_in_box;
                let line_out = in_line & !crossing.shared_in_line;
                in_box != 0
                    && in_line != 0
                    && ((box_out == 0 && line_out != 0) || (line_out == 0 && box_out != 0))
            })
        })
    }

    /// The events that removed digit `d` from house `h` outside `keep`.
    fn off_events_of(&self, h: usize, d: usize, keep: u64) -> Vec<u32> {
        let cells = &self.grid.geo.house_cells[h];
        bits(self.base_places[h * self.n + d] & !keep)
            .filter_map(|i| self.event_of(cells[i] as usize * self.n + d, false))
            .collect()
    }

    /// Every event `target` rests on, itself included, in the order found
    /// (parents before children).
    pub fn ancestors(&self, targets: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.events.len()];
        let mut stack: Vec<u32> = targets.to_vec();
        while let Some(e) = stack.pop() {
            if std::mem::replace(&mut seen[e as usize], true) {
                continue;
            }
            stack.extend_from_slice(self.parents_of(e));
        }
        (0..self.events.len() as u32)
            .filter(|&e| seen[e as usize])
            .collect()
    }

    /// The main line from the assumption to `target`: each step's deepest parent.
    pub fn path_to(&self, target: u32) -> Vec<u32> {
        let mut path = vec![target];
        let mut at = target;
        while let Some(&p) = self
            .parents_of(at)
            .iter()
            .max_by_key(|&&p| self.events[p as usize].depth)
        {
            path.push(p);
            at = p;
        }
        path.reverse();
        path
    }

    /// The links behind `targets`, parents to children, for drawing.
    pub fn links_to(&self, targets: &[u32], out: &mut Vec<Link>) {
        for e in self.ancestors(targets) {
            let to = self.node(e);
            for &p in self.parents_of(e) {
                out.push(Link {
                    from: self.node(p),
                    to,
                });
            }
        }
    }

    pub fn node(&self, event: u32) -> Node {
        let e = self.events[event as usize];
        Node {
            cell: (e.cand as usize / self.n) as u16,
            digit: (e.cand as usize % self.n) as u8 + 1,
            on: e.on,
        }
    }
}

/// Per digit, the cells of `cands` that hold it, on boards of up to 128
/// cells (else none).
fn cells_with_digits(grid: &Grid, cands: &[u64]) -> Vec<u128> {
    if cands.len() > 128 {
        return Vec::new();
    }
    let mut cells = vec![0u128; grid.size()];
    for (c, &digits) in cands.iter().enumerate() {
        for d in bits(digits) {
            cells[d] |= 1 << c;
        }
    }
    cells
}

/// The slots of `cell`'s houses in the order a dynamic propagation follows
/// them: SE's (`Grid.getRegionTypes`), box, row, column; a variant's extra
/// houses after SE's three.
fn house_order(grid: &Grid, cell: usize) -> &'static [usize] {
    let count = grid.geo.houses_of(cell).len();
    match grid.geo.houses_per_cell {
        3 => &[2, 0, 1, 3, 4][..count],
        _ => &[0, 1, 2, 3][..count],
    }
}

/// Where cells sit in their houses: the same for every grid of a shape,
/// so worked out once per shape and thread, not for every net.
pub(crate) struct Layout {
    shape: crate::shape::Shape,
    /// For each cell, its position inside each of its houses.
    cell_pos: Vec<[u8; crate::shape::MAX_HOUSES_PER_CELL]>,
    /// For each cell, the other cells of its houses, each once, in the
    /// order a dynamic propagation turns them off ([`house_order`]).
    peers_in_order: Vec<Vec<u16>>,
    /// `peers_in_order` cut into runs of rising cells, each a set of cells
    /// (boards of up to 128 cells): taken in turn, lowest cell first, they
    /// give the same order.
    peer_runs: Vec<Vec<u128>>,
    /// The boxes and lines that share cells, box by box, rows before
    /// columns: where pointing and claiming look.
    crossings: Vec<Crossing>,
}

/// A box and a line that share cells, and those cells' positions in each.
struct Crossing {
    b: u16,
    line: u16,
    shared_in_box: u64,
    shared_in_line: u64,
}

impl Layout {
    fn of(grid: &Grid) -> std::sync::Arc<Layout> {
        thread_local! {
            static LAST: std::cell::RefCell<Option<std::sync::Arc<Layout>>> =
                const { std::cell::RefCell::new(None) };
        }
        LAST.with(|last| {
            let mut last = last.borrow_mut();
            match last.as_ref() {
                Some(layout) if layout.shape == grid.geo.shape => std::sync::Arc::clone(layout),
                _ => {
                    let layout = std::sync::Arc::new(Layout::new(grid));
                    *last = Some(std::sync::Arc::clone(&layout));
                    layout
                }
            }
        })
    }

    fn new(grid: &Grid) -> Layout {
        let geo = &grid.geo;
        let n = grid.size();
        let mut cell_pos = vec![[0u8; crate::shape::MAX_HOUSES_PER_CELL]; grid.cands.len()];
        for (h, cells) in geo.house_cells.iter().enumerate() {
            for (i, &c) in cells.iter().enumerate() {
                let slot = geo
                    .houses_of(c as usize)
                    .iter()
                    .position(|&x| x as usize == h);
                if let Some(slot) = slot {
                    cell_pos[c as usize][slot] = i as u8;
                }
            }
        }
        let mut crossings = Vec::new();
        for b in grid.boxes() {
            for line in 0..2 * n {
                let slot = if line < n { 0 } else { 1 };
                let mut shared_in_box = 0u64;
                let mut shared_in_line = 0u64;
                for (i, &c) in geo.house_cells[b].iter().enumerate() {
                    if geo.standard_houses[c as usize][slot] as usize == line {
                        shared_in_box |= 1 << i;
                        shared_in_line |= 1 << cell_pos[c as usize][slot];
                    }
                }
                if shared_in_box != 0 {
                    crossings.push(Crossing {
                        b: b as u16,
                        line: line as u16,
                        shared_in_box,
                        shared_in_line,
                    });
                }
            }
        }
        // Which cell last took each cell as a peer.
        let mut taken_by = vec![usize::MAX; grid.cands.len()];
        let peers_in_order: Vec<Vec<u16>> = (0..grid.cands.len())
            .map(|cell| {
                let houses = geo.houses_of(cell);
                let mut peers: Vec<u16> = Vec::new();
                taken_by[cell] = cell;
                for &slot in house_order(grid, cell) {
                    for &p in &geo.house_cells[houses[slot] as usize] {
                        if std::mem::replace(&mut taken_by[p as usize], cell) != cell {
                            peers.push(p);
                        }
                    }
                }
                peers
            })
            .collect();
        let peer_runs = if grid.cands.len() <= 128 {
            (peers_in_order.iter())
                .map(|peers| {
                    let mut runs: Vec<u128> = Vec::new();
                    for (i, &p) in peers.iter().enumerate() {
                        match runs.last_mut() {
                            Some(run) if peers[i - 1] < p => *run |= 1 << p,
                            _ => runs.push(1 << p),
                        }
                    }
                    runs
                })
                .collect()
        } else {
            Vec::new()
        };
        Layout {
            shape: geo.shape,
            cell_pos,
            peers_in_order,
            peer_runs,
            crossings,
        }
    }
}

/// A candidate that a chain says is (`on`) or is not the cell's digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Node {
    pub cell: u16,
    pub digit: u8,
    pub on: bool,
}

impl Node {
    fn public(self) -> Option<ChainNode> {
        Some(ChainNode {
            cell: Cell(self.cell),
            digit: Digit::new(self.digit)?,
            on: self.on,
        })
    }
}

/// One inference inside a finding, between crate-internal nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Link {
    pub from: Node,
    pub to: Node,
}

impl Link {
    pub fn public(self) -> Option<ChainLink> {
        Some(ChainLink {
            from: self.from.public()?,
            to: self.to.public()?,
        })
    }
}

/// A candidate of a chain: the chain says the cell is (`on`) or is not
/// (`!on`) this digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainNode {
    pub cell: Cell,
    pub digit: Digit,
    pub on: bool,
}

/// One inference of a chain, in the order a player follows it. Into an
/// `on` node it is a strong link (the cause is off, so this must be on);
/// into an `off` node a weak link (the cause is on, so this cannot be).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChainLink {
    pub from: ChainNode,
    pub to: ChainNode,
}

impl ChainLink {
    pub fn is_strong(&self) -> bool {
        self.to.on
    }
}

/// "r1c1=5" or "r1c1<>5".
pub(crate) fn say(grid: &Grid, node: Node) -> String {
    let mut out = String::with_capacity(8);
    say_into(grid, node, &mut out);
    out
}

/// [`say`], written at the end of `out`: the nested chains word every
/// chain they find, most of them never shown, so this skips the
/// formatting machinery (the same text as `cell_name` and `digit_text`).
pub(crate) fn say_into(grid: &Grid, node: Node, out: &mut String) {
    let shape = grid.geo.shape;
    let cell = Cell(node.cell);
    out.push('r');
    push_number(out, shape.row(cell) + 1);
    out.push('c');
    push_number(out, shape.col(cell) + 1);
    out.push_str(if node.on { "=" } else { "<>" });
    match Digit::new(node.digit).and_then(crate::shape::Shape::symbol) {
        Some(symbol) => out.push(symbol),
        None => push_number(out, usize::from(node.digit)),
    }
}

/// A number in decimal, as `Display` writes it.
fn push_number(out: &mut String, number: usize) {
    if number >= 10 {
        push_number(out, number / 10);
    }
    out.push(char::from(b'0' + (number % 10) as u8));
}

/// "r1c1=5 so r1c4<>5 so r2c4=5": the main line to an event.
pub(crate) fn say_path(net: &Net, target: u32) -> String {
    let mut out = String::new();
    say_path_into(net, target, &mut out);
    out
}

/// [`say_path`], written at the end of `out`.
pub(crate) fn say_path_into(net: &Net, target: u32, out: &mut String) {
    for (i, e) in net.path_to(target).into_iter().enumerate() {
        if i > 0 {
            out.push_str(" so ");
        }
        say_into(net.grid, net.node(e), out);
    }
}

/// The flavours of single-assumption chains, easiest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    RemotePair,
    XChain,
    XyChain,
    Aic,
    /// Sudoku Explainer's forcing chain with both kinds of link: the
    /// shortest chain over all links, whatever links it uses, rated 7.0
    /// plus its length increment (named an XY-chain when its strong links
    /// are all inside cells, else an AIC).
    XyForcing,
}

/// The shortest chain of a kind: an assumption that leads to its own
/// opposite, removing the candidate (or placing it).
pub(crate) fn single_chain(grid: &Grid, kind: Kind, out: &mut Finding) -> bool {
    // Narrower links reach a subset of what all links reach: without a
    // chain there, none exists.
    let Some((hits, off_hits, all_links)) = with_static_scan(grid, |scan| {
        scan.any_chain.then(|| {
            let links = std::rc::Rc::clone(&scan.links);
            (scan.hits.clone(), scan.off_hits.clone(), links)
        })
    }) else {
        return false;
    };
    let n = grid.size();
    // A start that can begin a chain must reach its opposite with all
    // links too.
    let hit = |cand: usize, on: bool| {
        let hits = if on { &hits } else { &off_hits };
        hits[cand / 64] & (1 << (cand % 64)) != 0
    };
    let mut net = Net::new(grid);
    let mut best: Option<(usize, usize, bool, Links)> = None; // (complexity, cand, start_on, links)
    let link_sets: Vec<Links> = match kind {
        Kind::XChain => (0..n)
            .map(|d| Links {
                digit: Some(d),
                cells: false,
                units: true,
                pair: 0,
            })
            .collect(),
        Kind::XyChain => vec![Links {
            digit: None,
            cells: true,
            units: false,
            pair: 0,
        }],
        Kind::RemotePair => {
            let mut pairs: Vec<u64> = grid
                .cands
                .iter()
                .copied()
                .filter(|&c| two_bits(c))
                .collect();
            pairs.sort_unstable();
            // A remote pair needs four cells of the same pair.
            let mut counted: Vec<u64> = Vec::new();
            for w in pairs.chunk_by(|a, b| a == b) {
                if w.len() >= 4 {
                    counted.push(w[0]);
                }
            }
            counted
                .into_iter()
                .map(|pair| Links {
                    digit: None,
                    cells: true,
                    units: false,
                    pair,
                })
                .collect()
        }
        Kind::Aic | Kind::XyForcing => vec![Links::ALL],
    };
    // Starts cell by cell, then digit by digit, as Sudoku Explainer tries
    // them: of chains as short, the first found is the step.
    let cells = 0..grid.cands.len();
    let starts: Vec<(Links, usize)> = match kind {
        Kind::XChain => cells
            .flat_map(|cell| link_sets.iter().map(move |&links| (links, cell)))
            .collect(),
        _ => link_sets
            .iter()
            .flat_map(|&links| cells.clone().map(move |cell| (links, cell)))
            .collect(),
    };
    // X-chains and SE's chains over all links take any chain: each start's
    // length alone decides, and is found without propagating.
    let mut lengths = matches!(kind, Kind::XChain | Kind::XyForcing)
        .then(|| shortest::ShortestChain::new(&all_links));
    let digit_keys = (kind == Kind::XChain).then(|| shortest::keys_by_digit(&all_links, n));
    for (links, cell) in starts {
        let cands = grid.cands[cell];
        for d in bits(cands) {
            if links.digit.is_some_and(|x| x != d)
                || (links.pair != 0 && !remote_pair_start(grid, cell, d, links.pair))
            {
                continue;
            }
            let cand = cell * n + d;
            // Off-to-on (a placement) needs the start to be off; in a
            // bivalue cell that is just the other digit's chain.
            for start_on in [true, false] {
                if !hit(cand, start_on) {
                    continue;
                }
                if let Some(lengths) = &mut lengths {
                    let key = all_links.index[cand] as usize * 2 + start_on as usize;
                    let within = links
                        .digit
                        .zip(digit_keys.as_deref())
                        .map(|(d, keys)| &keys[d * all_links.words..(d + 1) * all_links.words]);
                    // Only a chain shorter than the best counts.
                    let below = best.map_or(usize::MAX, |(c, ..)| c - 1);
                    if let Some(length) = lengths.length(&all_links, key, within, below) {
                        best = Some((length + 1, cand, start_on, links));
                    }
                    continue;
                }
                let mode = Mode::Static(links);
                net.propagate(cand, start_on, mode);
                let Some(conflict) = &net.conflict else {
                    continue;
                };
                let target = conflict.events[0];
                let complexity = net.ancestors(&[target]).len();
                if !fits_kind(&net, target, kind) {
                    continue;
                }
                if best.is_none_or(|(c, ..)| complexity < c) {
                    best = Some((complexity, cand, start_on, links));
                }
            }
        }
    }
    let Some((complexity, cand, start_on, links)) = best else {
        return false;
    };
    net.propagate(cand, start_on, Mode::Static(links));
    let target = net.conflict.as_ref().map_or(0, |c| c.events[0]);
    let technique = match kind {
        Kind::RemotePair => Technique::RemotePair,
        Kind::XChain => Technique::XChain,
        Kind::XyChain => Technique::XyChain,
        Kind::Aic => Technique::Aic,
        Kind::XyForcing if strong_links_in_cells(&net, target) => Technique::XyChain,
        Kind::XyForcing => Technique::Aic,
    };
    out.start(technique, Pattern::Chain);
    // SE rates any chain its both-links search finds 7.0 and up.
    out.rating = match kind {
        Kind::XyForcing => Technique::Aic.se_rating(),
        _ => technique.se_rating(),
    };
    let (cell, digit) = (cand / n, cand % n);
    if start_on {
        out.eliminations.push((cell as u16, digit as u8 + 1));
    } else {
        out.placements.push((cell as u16, digit as u8 + 1));
    }
    fill_chain(&net, &[target], out);
    out.complexity = complexity as u16;
    out.rating += chain_length_increment(complexity);
    let start = net.node(0);
    let end = Node {
        on: !start.on,
        ..start
    };
    out.text = format!(
        "{}: assuming {} leads to its opposite, so {}",
        say_path(&net, target),
        say(grid, start),
        say(grid, end)
    );
    true
}

/// A remote pair removes a digit of the pair from a cell that sees two
/// cells of the pair (or is one).
fn remote_pair_start(grid: &Grid, cell: usize, d: usize, pair: u64) -> bool {
    pair & (1 << d) != 0
        && (grid.cands[cell] == pair
            || grid.geo.peers[cell]
                .iter()
                .filter(|&&p| grid.cands[p as usize] == pair)
                .nth(1)
                .is_some())
}

/// Whether every strong link of the chain to `target` is inside a cell
/// (an XY-chain).
fn strong_links_in_cells(net: &Net, target: u32) -> bool {
    net.path_to(target).windows(2).all(|w| {
        let (a, b) = (net.node(w[0]), net.node(w[1]));
        !b.on || a.cell == b.cell
    })
}

/// Whether the chain to `target` is of the kind asked: remote pairs need
/// four cells or more; an AIC must use both kinds of strong link (else it
/// is an X- or XY-chain, found earlier).
fn fits_kind(net: &Net, target: u32, kind: Kind) -> bool {
    let path = net.path_to(target);
    let strong_in_cell = |w: &[u32]| {
        let (a, b) = (net.node(w[0]), net.node(w[1]));
        b.on && a.cell == b.cell
    };
    match kind {
        Kind::RemotePair => {
            let mut cells: Vec<u16> = path.iter().map(|&e| net.node(e).cell).collect();
            cells.sort_unstable();
            cells.dedup();
            cells.len() >= 4
        }
        Kind::Aic => {
            let strong: Vec<bool> = path
                .windows(2)
                .filter(|w| net.node(w[1]).on)
                .map(strong_in_cell)
                .collect();
            strong.iter().any(|&s| s) && strong.iter().any(|&s| !s)
        }
        _ => true,
    }
}

/// The cells in chain order, the digits, and the links of a finding.
pub(crate) fn fill_chain(net: &Net, targets: &[u32], out: &mut Finding) {
    net.links_to(targets, &mut out.chain);
    fill_cells(net, targets, out);
}

/// The cells in chain order and the digits of a finding, without links.
pub(crate) fn fill_cells(net: &Net, targets: &[u32], out: &mut Finding) {
    for e in net.ancestors(targets) {
        let node = net.node(e);
        if !out.cells.contains(&node.cell) {
            out.cells.push(node.cell);
        }
        out.digits |= 1 << (node.digit - 1);
    }
}

/// What every candidate implies on and off with all static links, shared
/// by the chain searches and the static forcing chains of one position.
pub(crate) struct StaticScan {
    shape: crate::shape::Shape,
    cands: Vec<u64>,
    /// Some candidate, assumed on, reached its own opposite.
    pub any_chain: bool,
    /// Those candidates (bits over `cand`).
    pub hits: Vec<u64>,
    /// The candidates that, assumed off, reach their own opposite.
    off_hits: Vec<u64>,
    links: std::rc::Rc<StaticLinks>,
    /// What each key of `links` reaches.
    closure: Closure,
    /// Each candidate assumed on, with depths: only the forcing chains need
    /// them, so they are found when first asked ([`with_static_branches`]).
    on: Option<Branches>,
    /// An older scan's branches, whose buffers `on` reuses.
    spare: Option<Branches>,
}

thread_local! {
    static STATIC_SCAN: std::cell::RefCell<Option<StaticScan>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` on the static scan of `grid`, computing it unless the last scan
/// was of the same candidates.
pub(crate) fn with_static_scan<R>(grid: &Grid, f: impl FnOnce(&StaticScan) -> R) -> R {
    STATIC_SCAN.with(|cell| {
        let mut slot = cell.borrow_mut();
        let scan = current_scan(grid, slot.take());
        let result = f(&scan);
        *slot = Some(scan);
        result
    })
}

/// Runs `f` on the scan's branches (every candidate assumed on, except those
/// that reach their own opposite), computing them unless they are known.
pub(crate) fn with_static_branches<R>(grid: &Grid, f: impl FnOnce(&Branches) -> R) -> R {
    STATIC_SCAN.with(|cell| {
        let mut slot = cell.borrow_mut();
        let mut scan = current_scan(grid, slot.take());
        let on = match scan.on.take() {
            Some(on) => on,
            None => branches_of(
                &scan.links,
                &scan.closure,
                &scan.hits,
                scan.spare.take(),
                grid,
            ),
        };
        let result = f(&on);
        scan.on = Some(on);
        *slot = Some(scan);
        result
    })
}

fn current_scan(grid: &Grid, old: Option<StaticScan>) -> StaticScan {
    match old {
        Some(scan) if scan.shape == grid.geo.shape && scan.cands == grid.cands => scan,
        old => scan_of(grid, old.and_then(|old| old.on.or(old.spare))),
    }
}

fn scan_of(grid: &Grid, spare: Option<Branches>) -> StaticScan {
    let n = grid.size();
    let cand_count = grid.cands.len() * n;
    let links = StaticLinks::new(grid);
    let closure = links.closure();
    // An off-to-on chain back to a candidate also shows as the on-to-off
    // chain of its strong partner, so assuming each candidate on finds
    // whether any chain exists.
    let mut any_chain = false;
    let mut hits = vec![0u64; cand_count.div_ceil(64)];
    let mut off_hits = vec![0u64; cand_count.div_ceil(64)];
    for i in 0..links.cands.len() {
        let cand = links.cands[i] as usize;
        if closure.reaches(i * 2 + 1, i * 2) {
            any_chain = true;
            hits[cand / 64] |= 1 << (cand % 64);
        }
        // An `off` key without a strong link reaches nothing.
        if closure.has(i * 2) && closure.reaches(i * 2, i * 2 + 1) {
            off_hits[cand / 64] |= 1 << (cand % 64);
        }
    }
    StaticScan {
        hits,
        off_hits,
        shape: grid.geo.shape,
        cands: grid.cands.clone(),
        any_chain,
        links: std::rc::Rc::new(links),
        closure,
        on: None,
        spare,
    }
}

/// Each candidate that does not reach its own opposite (`hits`), assumed on:
/// what it reaches from the closure; its depths by breadth-first search
/// when first read (the forcing chains read them only for the groups
/// whose branches share a fact).
fn branches_of(
    links: &std::rc::Rc<StaticLinks>,
    closure: &Closure,
    hits: &[u64],
    spare: Option<Branches>,
    grid: &Grid,
) -> Branches {
    let cand_count = grid.cands.len() * grid.size();
    let mut on = Branches::reuse(spare, cand_count);
    let mut pending = vec![false; cand_count];
    for (i, &cand) in links.cands.iter().enumerate() {
        let cand = cand as usize;
        if hits[cand / 64] & (1 << (cand % 64)) == 0 {
            on.record_keys(cand, links, closure.of(i * 2 + 1));
            pending[cand] = true;
        }
    }
    on.lazy = Some(LazyDepths {
        links: std::rc::Rc::clone(links),
        pending: std::cell::RefCell::new(pending),
        scratch: std::cell::RefCell::new(ReachScratch::new(links.words, links.keys())),
    });
    on
}

/// Runs `f` on what every candidate of `grid`, assumed on, reaches with
/// all static links: what [`Net::propagate`] finds in
/// `Mode::Static(Links::ALL)`, from the scan's bitsets, far faster (the
/// nested chains ask at every stall). The answers for the last thousand
/// grids are kept ([`ReachCache`]): a nested search of level 3 asks twice
/// on each grid (its static forcing chains, then its multiple chains), and
/// again on each grid level 2 stopped at.
///
/// `outer` is the grid the asking propagation started from: `grid` is it
/// less what the propagation removed, so its weak links are `outer`'s
/// between the candidates left. They are worked out once per `outer` and
/// masked for each `grid`, instead of from the peers at every stall.
pub(crate) fn with_static_reach<R>(
    grid: &Grid,
    outer: &Grid,
    f: impl FnOnce(&StaticReach) -> R,
) -> R {
    thread_local! {
        static REACHES: std::cell::RefCell<ReachCache> = std::cell::RefCell::new(ReachCache::default());
        static WEAK: std::cell::RefCell<Option<WeakLinks>> = const { std::cell::RefCell::new(None) };
    }
    let hash = cands_hash(&grid.cands);
    let (slot, found) =
        REACHES.with(|cache| cache.borrow_mut().take(grid.geo.shape, &grid.cands, hash));
    let reach = match found {
        Ok(reach) => reach,
        Err(spare) => {
            let within = grid.geo.shape == outer.geo.shape
                && grid.cands.len() == outer.cands.len()
                && grid
                    .cands
                    .iter()
                    .zip(&outer.cands)
                    .all(|(&g, &o)| g & !o == 0);
            let universe = if within { outer } else { grid };
            let weak = match WEAK.with(|weak| weak.borrow_mut().take()) {
                Some(weak)
                    if weak.shape == universe.geo.shape && weak.grid_cands == universe.cands =>
                {
                    weak
                }
                _ => WeakLinks::new(universe),
            };
            let mut build = BUILD.with(|build| build.take());
            let links = StaticLinks::within(grid, &weak, build.links.take());
            WEAK.with(|w| *w.borrow_mut() = Some(weak));
            let closure = links.closure_with(&mut build.tarjan, build.closure.take());
            let reach = StaticReach::of(grid, &links, &closure, spare);
            build.links = Some(links);
            build.closure = Some(closure);
            BUILD.with(|b| b.set(build));
            reach
        }
    };
    let result = f(&reach);
    REACHES.with(|cache| cache.borrow_mut().put(slot, hash, reach));
    result
}

/// The buffers a [`StaticReach`] is built in, kept for the next one.
#[derive(Default)]
struct ReachBuild {
    links: Option<StaticLinks>,
    closure: Option<Closure>,
    tarjan: TarjanScratch,
}

thread_local! {
    static BUILD: std::cell::Cell<ReachBuild> = std::cell::Cell::new(ReachBuild::default());
}

/// The static reaches of the last grids asked, by their candidates. A
/// nested search of level 3 goes on from where level 2 stopped, and asks
/// for the multiple chains on each grid whose forcing chains level 2
/// asked for a few hundred grids before: its first stall's reach is found
/// here instead of built again.
#[derive(Default)]
struct ReachCache {
    /// The reaches kept; each slot is replaced in turn once all are full.
    slots: Vec<Option<StaticReach>>,
    /// Each kept reach's slot, by the hash of its grid's candidates.
    by_hash: std::collections::HashMap<u64, usize, super::nested::GridHash>,
    /// The slot the next new reach goes in: the oldest kept.
    next: usize,
    /// The heap bytes of the reaches kept.
    bytes: usize,
}

/// Reaches kept (each about 18 kB on a 9x9). Level 3 asks again for a
/// grid up to about a thousand new grids after level 2 did.
const REACH_CACHE_LIMIT: usize = 1024;

/// The most the reaches kept may take, per thread. A 9x9's thousand fit;
/// a larger board's reach grows with the square of its candidates (a
/// 25x25's can take megabytes), so fewer of them are kept, oldest first
/// dropped, instead of a thousand.
const REACH_CACHE_BYTES: usize = 24 << 20;

impl ReachCache {
    /// The slot for `grid` and its reach if kept; else the reach that slot
    /// held (its buffers to reuse), if any.
    fn take(
        &mut self,
        shape: crate::shape::Shape,
        grid_cands: &[u64],
        hash: u64,
    ) -> (usize, Result<StaticReach, Option<StaticReach>>) {
        if let Some(&slot) = self.by_hash.get(&hash) {
            if let Some(reach) = self.slots[slot]
                .take_if(|reach| reach.shape == shape && reach.grid_cands == grid_cands)
            {
                self.bytes -= reach.heap_bytes();
                return (slot, Ok(reach));
            }
        }
        let slot = self.next;
        self.next = (self.next + 1) % REACH_CACHE_LIMIT;
        if slot == self.slots.len() {
            self.slots.push(None);
            return (slot, Err(None));
        }
        (slot, Err(self.evict(slot)))
    }

    fn put(&mut self, slot: usize, hash: u64, reach: StaticReach) {
        self.bytes += reach.heap_bytes();
        self.by_hash.insert(hash, slot);
        self.slots[slot] = Some(reach);
        // Drop the oldest until the rest fit; the one just used stays.
        let kept = self.slots.len();
        for age in 0..kept {
            if self.bytes <= REACH_CACHE_BYTES {
                break;
            }
            let oldest = (self.next + age) % kept;
            if oldest != slot {
                self.evict(oldest);
            }
        }
    }

    /// Empties `slot`, returning the reach it held.
    fn evict(&mut self, slot: usize) -> Option<StaticReach> {
        let old = self.slots.get_mut(slot)?.take()?;
        self.bytes -= old.heap_bytes();
        let old_hash = cands_hash(&old.grid_cands);
        if self.by_hash.get(&old_hash) == Some(&slot) {
            self.by_hash.remove(&old_hash);
        }
        Some(old)
    }
}

/// A hash of a grid's candidates, a word at a time (the nested chains'
/// cache hasher).
fn cands_hash(cands: &[u64]) -> u64 {
    use std::hash::BuildHasher;
    super::nested::GridHash.hash_one(cands)
}

/// The weak links (on to off) between a grid's candidates, as rows of
/// bits over compact keys ([`StaticLinks`]' keys for this grid): they hold
/// between the same candidates in any grid with fewer.
struct WeakLinks {
    shape: crate::shape::Shape,
    grid_cands: Vec<u64>,
    /// The grid's candidates (`cell * n + digit`), in order.
    cands: std::rc::Rc<[u32]>,
    /// Each candidate's place in `cands` (by `cell * n + digit`).
    index: std::rc::Rc<[u32]>,
    words: usize,
    /// Per candidate of `cands`, the `off` keys its `on` key links to.
    on_rows: Vec<u64>,
}

/// The grid's candidates (`cell * n + digit`) in order, and for each
/// `cell * n + digit` its number among them (`u32::MAX` when not one).
fn numbered_candidates(grid: &Grid) -> (Vec<u32>, Vec<u32>) {
    let n = grid.size();
    let mut index = vec![u32::MAX; grid.cands.len() * n];
    let mut cands = Vec::new();
    for (cell, &c) in grid.cands.iter().enumerate() {
        for d in bits(c) {
            index[cell * n + d] = cands.len() as u32;
            cands.push((cell * n + d) as u32);
        }
    }
    (cands, index)
}

/// Per house and digit (`house * n + digit`), how many places the digit
/// has there and the first two: a strong link where there are exactly two.
fn house_places_up_to_two(grid: &Grid) -> Vec<(usize, [u16; 2])> {
    let n = grid.size();
    let geo = &grid.geo;
    let mut places = vec![(0usize, [0u16; 2]); geo.house_cells.len() * n];
    for (h, cells) in geo.house_cells.iter().enumerate() {
        for &q in cells {
            for d in bits(grid.cands[q as usize]) {
                let (count, two) = &mut places[h * n + d];
                if *count < 2 {
                    two[*count] = q;
                }
                *count += 1;
            }
        }
    }
    places
}

impl WeakLinks {
    fn new(grid: &Grid) -> WeakLinks {
        let n = grid.size();
        let geo = &grid.geo;
        let (cands, index) = numbered_candidates(grid);
        let words = (cands.len() * 2).div_ceil(64).max(1);
        let mut on_rows = vec![0u64; cands.len() * words];
        for (i, &cand) in cands.iter().enumerate() {
            let (cell, digit) = (cand as usize / n, cand as usize % n);
            let bit = 1u64 << digit;
            let row = &mut on_rows[i * words..(i + 1) * words];
            let mut add = |to_cand: usize| {
                let to = index[to_cand] as usize * 2;
                row[to / 64] |= 1 << (to % 64);
            };
            for e in bits(grid.cands[cell] & !bit) {
                add(cell * n + e);
            }
            for &p in &geo.peers[cell] {
                if grid.cands[p as usize] & bit != 0 {
                    add(p as usize * n + digit);
                }
            }
        }
        WeakLinks {
            shape: geo.shape,
            grid_cands: grid.cands.clone(),
            cands: cands.into(),
            index: index.into(),
            words,
            on_rows,
        }
    }
}

/// What each candidate of a grid, assumed on, reaches with its static links.
pub(crate) struct StaticReach {
    shape: crate::shape::Shape,
    grid_cands: Vec<u64>,
    /// The candidates the keys number (a wider grid's, see
    /// [`StaticLinks::within`]), and each one's place among them.
    cands: std::rc::Rc<[u32]>,
    index: std::rc::Rc<[u32]>,
    words: usize,
    /// Per place in `cands`, its row in `rows` (`u32::MAX`: not in the grid).
    row_of: Vec<u32>,
    /// The keys each candidate of the grid reaches (`words` words each).
    rows: Vec<u64>,
}

impl StaticReach {
    /// What `closure` says of `links`' candidates, in `spare`'s buffers.
    fn of(
        grid: &Grid,
        links: &StaticLinks,
        closure: &Closure,
        spare: Option<StaticReach>,
    ) -> StaticReach {
        let (mut grid_cands, mut row_of, mut rows) = match spare {
            Some(old) => (old.grid_cands, old.row_of, old.rows),
            None => Default::default(),
        };
        grid_cands.clone_from(&grid.cands);
        row_of.clear();
        rows.clear();
        for i in 0..links.cands.len() {
            if links.is_live(i) {
                row_of.push((rows.len() / links.words) as u32);
                rows.extend_from_slice(closure.of(i * 2 + 1));
            } else {
                row_of.push(u32::MAX);
            }
        }
        StaticReach {
            shape: grid.geo.shape,
            grid_cands,
            cands: std::rc::Rc::clone(&links.cands),
            index: std::rc::Rc::clone(&links.index),
            words: links.words,
            row_of,
            rows,
        }
    }

    /// What the reach's own buffers take on the heap (the candidate
    /// numbering is shared with the links it came from).
    fn heap_bytes(&self) -> usize {
        self.grid_cands.capacity() * size_of::<u64>()
            + self.row_of.capacity() * size_of::<u32>()
            + self.rows.capacity() * size_of::<u64>()
    }

    /// The keys candidate `cand`, assumed on, reaches.
    fn row(&self, cand: usize) -> &[u64] {
        let r = self.row_of[self.index[cand] as usize] as usize;
        &self.rows[r * self.words..(r + 1) * self.words]
    }

    /// The grid's candidates (`cell * n + digit`), in order.
    pub fn cands(&self) -> impl Iterator<Item = usize> + '_ {
        (self.cands.iter().zip(&self.row_of))
            .filter(|&(_, &r)| r != u32::MAX)
            .map(|(&c, _)| c as usize)
    }

    /// Whether `cand`, assumed on, reaches its own opposite.
    pub fn hit(&self, cand: usize) -> bool {
        let off = self.index[cand] as usize * 2;
        self.row(cand)[off / 64] & (1 << (off % 64)) != 0
    }

    /// The facts (`cand * 2 + on`, in order) that every candidate of
    /// `group`, assumed on, reaches; `scratch` holds the bits between calls.
    pub fn common(&self, group: &[usize], scratch: &mut Vec<u64>, out: &mut Vec<usize>) {
        // Resized only when the size changes: a call per group of every
        // stall, a fill each time showed.
        if scratch.len() != self.words {
            scratch.clear();
            scratch.resize(self.words, 0);
        }
        out.clear();
        for (k, &cand) in group.iter().enumerate() {
            let row = self.row(cand);
            let mut any = 0;
            if k == 0 {
                for (acc, &x) in scratch.iter_mut().zip(row) {
                    *acc = x;
                    any |= x;
                }
            } else {
                for (acc, &x) in scratch.iter_mut().zip(row) {
                    *acc &= x;
                    any |= *acc;
                }
            }
            // Most groups share nothing, seen after two or three rows.
            if any == 0 {
                return;
            }
        }
        if group.is_empty() {
            scratch.fill(!0);
        }
        // Compact keys follow the candidates' order: the facts come out
        // in order of `cand * 2 + on` too.
        for (w, &word) in scratch.iter().enumerate() {
            for b in bits(word) {
                let compact = w * 64 + b;
                out.push(self.cands[compact / 2] as usize * 2 + compact % 2);
            }
        }
    }
}

/// The static links with all link kinds ([`Links::ALL`]) as bitsets over
/// compact keys (`i * 2 + on` for the `i`-th candidate of the grid): the
/// scan's breadth-first searches union whole successor sets instead of
/// pushing events one by one. It reaches what [`Net::propagate`] reaches in
/// `Mode::Static(Links::ALL)`, each fact at the same depth.
struct StaticLinks {
    /// The grid's candidates (`cell * n + digit`), in order; built
    /// [`StaticLinks::within`] a wider grid, that grid's.
    cands: std::rc::Rc<[u32]>,
    /// Each candidate's place in `cands` (by `cell * n + digit`).
    index: std::rc::Rc<[u32]>,
    /// Built within a wider grid: which of `cands` (by place) this grid
    /// has. The others have no links and no link enters them.
    live: Option<Vec<u64>>,
    words: usize,
    /// Per compact key, its successors (`words` words each).
    succ: Vec<u64>,
}

/// Per-search state of [`StaticLinks::reach`].
struct ReachScratch {
    visited: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    depth: Vec<u8>,
}

impl ReachScratch {
    fn new(words: usize, keys: usize) -> ReachScratch {
        ReachScratch {
            visited: vec![0; words],
            frontier: vec![0; words],
            next: vec![0; words],
            depth: vec![0; keys],
        }
    }
}

impl StaticLinks {
    fn new(grid: &Grid) -> StaticLinks {
        let n = grid.size();
        let geo = &grid.geo;
        let (cands, index) = numbered_candidates(grid);
        let words = (cands.len() * 2).div_ceil(64).max(1);
        let mut succ = vec![0u64; cands.len() * 2 * words];
        let places = house_places_up_to_two(grid);
        let mut add = |from: usize, to_cand: usize, to_on: bool| {
            let to = index[to_cand] as usize * 2 + to_on as usize;
            succ[from * words + to / 64] |= 1 << (to % 64);
        };
        for (i, &cand) in cands.iter().enumerate() {
            let (cell, digit) = (cand as usize / n, cand as usize % n);
            let bit = 1u64 << digit;
            // On: the cell's other digits and the digit's peers go off.
            for e in bits(grid.cands[cell]) {
                if e != digit {
                    add(i * 2 + 1, cell * n + e, false);
                }
            }
            for &p in &geo.peers[cell] {
                if grid.cands[p as usize] & bit != 0 {
                    add(i * 2 + 1, p as usize * n + digit, false);
                }
            }
            // Off: the other digit of a bivalue cell, and the other place
            // of a conjugate pair, go on.
            let cell_cands = grid.cands[cell];
            if two_bits(cell_cands) {
                let e = (cell_cands & !bit).trailing_zeros() as usize;
                add(i * 2, cell * n + e, true);
            }
            for &h in geo.houses_of(cell) {
                if let (2, [a, b]) = places[h as usize * n + digit] {
                    let other = if a as usize == cell { b } else { a };
                    add(i * 2, other as usize * n + digit, true);
                }
            }
        }
        StaticLinks {
            cands: cands.into(),
            index: index.into(),
            live: None,
            words,
            succ,
        }
    }

    /// The static links of `grid`, whose candidates are among `weak`'s
    /// grid's: its weak links are `weak`'s between the candidates it has,
    /// its strong links its own. Keys are `weak`'s, so the reach of each
    /// key is the same set of candidates as [`StaticLinks::new`]'s, in the
    /// same order. `spare`'s buffers are reused.
    fn within(grid: &Grid, weak: &WeakLinks, spare: Option<StaticLinks>) -> StaticLinks {
        let n = grid.size();
        let geo = &grid.geo;
        let words = weak.words;
        let count = weak.cands.len();
        let (mut by_cand, mut succ) = match spare {
            Some(old) => (old.live.unwrap_or_default(), old.succ),
            None => Default::default(),
        };
        let index = &weak.index;
        // Which candidates this grid has, and which keys (both of each).
        by_cand.clear();
        by_cand.resize(count.div_ceil(64), 0);
        let mut live = vec![0u64; words];
        for (i, &cand) in weak.cands.iter().enumerate() {
            let (cell, digit) = (cand as usize / n, cand as usize % n);
            if grid.cands[cell] & (1 << digit) != 0 {
                by_cand[i / 64] |= 1 << (i % 64);
                live[i * 2 / 64] |= 3 << (i * 2 % 64);
            }
        }
        succ.clear();
        succ.resize(count * 2 * words, 0);
        let places = house_places_up_to_two(grid);
        for (i, &cand) in weak.cands.iter().enumerate() {
            if by_cand[i / 64] >> (i % 64) & 1 == 0 {
                continue;
            }
            let (cell, digit) = (cand as usize / n, cand as usize % n);
            let bit = 1u64 << digit;
            // On: the weak links to the candidates left.
            let on_row = &weak.on_rows[i * words..(i + 1) * words];
            let row = &mut succ[(i * 2 + 1) * words..(i * 2 + 2) * words];
            for ((to, &from), &mask) in row.iter_mut().zip(on_row).zip(&live) {
                *to = from & mask;
            }
            // Off: the other digit of a bivalue cell, and the other place
            // of a conjugate pair, go on.
            let row = (i * 2) * words;
            let cell_cands = grid.cands[cell];
            if two_bits(cell_cands) {
                let e = (cell_cands & !bit).trailing_zeros() as usize;
                let to = index[cell * n + e] as usize * 2 + 1;
                succ[row + to / 64] |= 1 << (to % 64);
            }
            for &h in geo.houses_of(cell) {
                if let (2, [a, b]) = places[h as usize * n + digit] {
                    let other = if a as usize == cell { b } else { a };
                    let to = index[other as usize * n + digit] as usize * 2 + 1;
                    succ[row + to / 64] |= 1 << (to % 64);
                }
            }
        }
        StaticLinks {
            cands: std::rc::Rc::clone(&weak.cands),
            index: std::rc::Rc::clone(&weak.index),
            live: Some(by_cand),
            words,
            succ,
        }
    }

    /// Whether the grid has the candidate at place `i` of `cands`.
    fn is_live(&self, i: usize) -> bool {
        self.live
            .as_ref()
            .is_none_or(|live| live[i / 64] >> (i % 64) & 1 != 0)
    }

    fn keys(&self) -> usize {
        self.cands.len() * 2
    }

    /// What every key reaches (what [`StaticLinks::reach`] visits from it).
    /// Every key of a strongly connected component reaches the same keys,
    /// and the components come out of Tarjan's algorithm after all they
    /// lead to, so each one's reach is its keys and the reaches of the
    /// components its links enter: one pass over the links instead of a
    /// search from every key.
    fn closure(&self) -> Closure {
        self.closure_with(&mut TarjanScratch::default(), None)
    }

    /// [`StaticLinks::closure`] in the buffers of `scratch` and `spare`.
    fn closure_with(&self, scratch: &mut TarjanScratch, spare: Option<Closure>) -> Closure {
        const UNSEEN: u32 = u32::MAX;
        let (keys, words) = (self.keys(), self.words);
        let TarjanScratch {
            linked,
            index,
            low,
            added_to,
            stack,
            path,
            first_link,
            links,
        } = scratch;
        let (mut component, mut reach) = match spare {
            Some(old) => (old.component, old.reach),
            None => Default::default(),
        };
        // The keys with links out: every `on` key, and each `off` key with
        // a strong link. An `off` key without one reaches only itself, and
        // its bit in the rows that lead to it is all it adds: the search
        // leaves it out (and it has no component).
        linked.clear();
        linked.resize(words, 0);
        for key in 0..keys {
            let row = &self.succ[key * words..(key + 1) * words];
            if (key % 2 == 1 && self.is_live(key / 2)) || row.iter().any(|&w| w != 0) {
                linked[key / 64] |= 1 << (key % 64);
            }
        }
        index.clear();
        index.resize(keys, UNSEEN);
        low.clear();
        low.resize(keys, 0);
        component.clear();
        component.resize(keys, UNSEEN);
        // Per component, the last component whose reach took it in: many
        // links of a component lead into the same other one, whose reach
        // is added once.
        added_to.clear();
        added_to.resize(keys, UNSEEN);
        reach.clear();
        stack.clear();
        // The links between linked keys as lists (`links[first_link[key]..
        // first_link[key + 1]]`, in order): a few hundred among rows of
        // thousands of bits, which the search and the reaches read again.
        first_link.clear();
        links.clear();
        for key in 0..keys {
            first_link.push(links.len() as u32);
            if linked[key / 64] & (1 << (key % 64)) == 0 {
                continue;
            }
            let row = &self.succ[key * words..(key + 1) * words];
            for (w, (&word, &mask)) in row.iter().zip(linked.iter()).enumerate() {
                links.extend(bits(word & mask).map(|b| (w * 64 + b) as u32));
            }
        }
        first_link.push(links.len() as u32);
        // The depth-first path: each key and its next link to try.
        path.clear();
        let mut counter = 0u32;
        for root in 0..keys {
            if index[root] != UNSEEN || linked[root / 64] & (1 << (root % 64)) == 0 {
                continue;
            }
            index[root] = counter;
            low[root] = counter;
            counter += 1;
            stack.push(root as u32);
            path.push((root, first_link[root] as usize));
            while let Some(&mut (key, ref mut at)) = path.last_mut() {
                if *at < first_link[key + 1] as usize {
                    let next = links[*at] as usize;
                    *at += 1;
                    if index[next] == UNSEEN {
                        index[next] = counter;
                        low[next] = counter;
                        counter += 1;
                        stack.push(next as u32);
                        path.push((next, first_link[next] as usize));
                    } else if component[next] == UNSEEN {
                        // On the stack: in the component being built.
                        low[key] = low[key].min(index[next]);
                    }
                    continue;
                }
                path.pop();
                if let Some(&(parent, _)) = path.last() {
                    low[parent] = low[parent].min(low[key]);
                }
                if low[key] != index[key] {
                    continue;
                }
                // `key` roots a component: the stack down to it. It reaches
                // its keys, what they link to, and the reaches of the
                // components those links enter.
                let c = reach.len() / words;
                reach.resize(reach.len() + words, 0);
                let first = stack.iter().rposition(|&k| k as usize == key).unwrap_or(0);
                let (done, own) = reach.split_at_mut(c * words);
                for &member in &stack[first..] {
                    component[member as usize] = c as u32;
                    own[member as usize / 64] |= 1 << (member % 64);
                    let row = &self.succ[member as usize * words..(member as usize + 1) * words];
                    for (acc, &x) in own.iter_mut().zip(row) {
                        *acc |= x;
                    }
                }
                for &member in &stack[first..] {
                    let member = member as usize;
                    for &next in
                        &links[first_link[member] as usize..first_link[member + 1] as usize]
                    {
                        let to = component[next as usize] as usize;
                        if to != c && added_to[to] != c as u32 {
                            added_to[to] = c as u32;
                            let theirs = &done[to * words..(to + 1) * words];
                            for (acc, &x) in own.iter_mut().zip(theirs) {
                                *acc |= x;
                            }
                        }
                    }
                }
                stack.truncate(first);
            }
        }
        Closure {
            words,
            component,
            reach,
        }
    }

    /// Breadth-first search from compact key `start`, leaving what it
    /// reaches in `out.visited` with depths in `out.depth`; true (and
    /// stopped early) when it reaches `stop`.
    fn reach(&self, start: usize, stop: usize, out: &mut ReachScratch) -> bool {
        let words = self.words;
        out.visited.fill(0);
        out.frontier.fill(0);
        out.visited[start / 64] |= 1 << (start % 64);
        out.frontier[start / 64] |= 1 << (start % 64);
        out.depth[start] = 0;
        let mut level = 0u8;
        loop {
            out.next.fill(0);
            for w in 0..words {
                let mut word = out.frontier[w];
                while word != 0 {
                    let key = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    let row = &self.succ[key * words..(key + 1) * words];
                    for (acc, s) in out.next.iter_mut().zip(row) {
                        *acc |= s;
                    }
                }
            }
            let mut any = false;
            for w in 0..words {
                let fresh = out.next[w] & !out.visited[w];
                out.next[w] = fresh;
                out.visited[w] |= fresh;
                any |= fresh != 0;
            }
            if !any {
                return false;
            }
            level = level.saturating_add(1);
            if out.next[stop / 64] & (1 << (stop % 64)) != 0 {
                return true;
            }
            for w in 0..words {
                let mut word = out.next[w];
                while word != 0 {
                    let key = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    out.depth[key] = level;
                }
            }
            std::mem::swap(&mut out.frontier, &mut out.next);
        }
    }
}

/// The working buffers of [`StaticLinks::closure_with`].
#[derive(Default)]
struct TarjanScratch {
    linked: Vec<u64>,
    index: Vec<u32>,
    low: Vec<u32>,
    added_to: Vec<u32>,
    stack: Vec<u32>,
    path: Vec<(usize, usize)>,
    first_link: Vec<u32>,
    links: Vec<u32>,
}

/// What each key of [`StaticLinks`] reaches, by strongly connected component.
struct Closure {
    words: usize,
    component: Vec<u32>,
    /// Per component, the compact keys it reaches (`words` words each).
    reach: Vec<u64>,
}

impl Closure {
    /// The compact keys `key` reaches, itself included (`key` is an `on`
    /// key, or an `off` key with a strong link).
    fn of(&self, key: usize) -> &[u64] {
        let c = self.component[key] as usize;
        &self.reach[c * self.words..(c + 1) * self.words]
    }

    /// Whether `key` has a reach: an `on` key, or an `off` key with a
    /// strong link.
    fn has(&self, key: usize) -> bool {
        self.component[key] != u32::MAX
    }

    fn reaches(&self, from: usize, to: usize) -> bool {
        self.of(from)[to / 64] & (1 << (to % 64)) != 0
    }
}

/// Each event's number of ancestors, itself and the assumption included
/// (SE's `getAncestorCount` of a branch ending there), and the number of
/// ancestors of each of `sides` (sets of events) summed. Parents come
/// before their children, so one pass over the events unions the parents'
/// sets.
fn ancestor_counts(net: &Net, sides: &[Vec<u32>]) -> (Vec<u32>, u32) {
    thread_local! {
        static SETS: std::cell::RefCell<Vec<u64>> = const { std::cell::RefCell::new(Vec::new()) };
    }
    let count = net.events.len();
    let words = count.div_ceil(64);
    SETS.with(|sets| {
        let mut sets = sets.borrow_mut();
        sets.clear();
        sets.reserve(count * words);
        let mut counts = Vec::with_capacity(count);
        for e in 0..count {
            let parents = net.parents_of(e as u32);
            // Each set starts as its first parent's: no zeroing first.
            match parents.first() {
                Some(&p) => sets.extend_from_within(p as usize * words..(p as usize + 1) * words),
                None => sets.resize((e + 1) * words, 0),
            }
            let (done, own) = sets.split_at_mut(e * words);
            own[e / 64] |= 1 << (e % 64);
            for &p in parents.iter().skip(1) {
                let p = p as usize;
                let theirs = &done[p * words..(p + 1) * words];
                for (w, &b) in own.iter_mut().zip(theirs) {
                    *w |= b;
                }
            }
            // One parent: its count plus this event, without a popcount.
            counts.push(match parents {
                &[p] => counts[p as usize] + 1,
                _ => own.iter().map(|w| w.count_ones()).sum(),
            });
        }
        let mut union = vec![0u64; words];
        let mut sides_count = 0;
        for side in sides {
            if let [one] = side.as_slice() {
                sides_count += counts[*one as usize];
                continue;
            }
            union.fill(0);
            for &e in side {
                let set = &sets[e as usize * words..(e as usize + 1) * words];
                for (w, &b) in union.iter_mut().zip(set) {
                    *w |= b;
                }
            }
            sides_count += union.iter().map(|w| w.count_ones()).sum::<u32>();
        }
        (counts, sides_count)
    })
}

/// What assumptions implied, as bitsets over `cand * 2 + on` with the depth
/// each fact was found at.
pub(crate) struct Branches {
    keys: usize,
    words: usize,
    live: Vec<bool>,
    bits: Vec<u64>,
    depth: std::cell::RefCell<Vec<u8>>,
    /// Static branches whose depths are searched when first read.
    lazy: Option<LazyDepths>,
}

/// The static links a branch's depths are searched in, and the branches
/// not searched yet.
struct LazyDepths {
    links: std::rc::Rc<StaticLinks>,
    pending: std::cell::RefCell<Vec<bool>>,
    scratch: std::cell::RefCell<ReachScratch>,
}

impl Branches {
    pub fn new(cand_count: usize) -> Branches {
        let keys = cand_count * 2;
        let words = keys.div_ceil(64);
        Branches {
            keys,
            words,
            live: vec![false; cand_count],
            bits: vec![0; cand_count * words],
            depth: std::cell::RefCell::new(vec![0; cand_count * keys]),
            lazy: None,
        }
    }

    /// Empty branches in `old`'s buffers when the size matches (depths
    /// are read only where a branch's bits say it reached, so they need no
    /// clearing).
    pub fn reuse(old: Option<Branches>, cand_count: usize) -> Branches {
        match old {
            Some(mut old) if old.live.len() == cand_count => {
                old.live.fill(false);
                old.lazy = None;
                old
            }
            _ => Branches::new(cand_count),
        }
    }

    /// Records a dynamic branch. Its "depth" to each fact is the number of
    /// the fact's ancestors less one: SE counts a dynamic branch's every
    /// ancestor (`getAncestorCount`), and a fact whose single rests on
    /// several removals costs all of them, not its longest line.
    pub fn record(&mut self, cand: usize, net: &Net) {
        self.record_counting(cand, net, &[]);
    }

    /// [`Branches::record`] of a branch that broke the grid, with the
    /// ancestors of each side of the clash (`sides`, see
    /// `nested::conflict_targets`) counted from the same sets: the
    /// flat weight of the contradiction.
    pub fn record_counting(&mut self, cand: usize, net: &Net, sides: &[Vec<u32>]) -> u32 {
        self.live[cand] = true;
        let bits = &mut self.bits[cand * self.words..(cand + 1) * self.words];
        bits.fill(0);
        let depth = self.depth.get_mut();
        let (counts, sides_count) = ancestor_counts(net, sides);
        for (e, &count) in net.events.iter().zip(counts.iter()) {
            let key = e.cand as usize * 2 + e.on as usize;
            bits[key / 64] |= 1 << (key % 64);
            depth[cand * self.keys + key] = count.saturating_sub(1).min(255) as u8;
        }
        sides_count
    }

    /// The facts of a static branch: the compact keys `reached` (a row of
    /// the closure), without their depths.
    fn record_keys(&mut self, cand: usize, links: &StaticLinks, reached: &[u64]) {
        self.live[cand] = true;
        let bits = &mut self.bits[cand * self.words..(cand + 1) * self.words];
        bits.fill(0);
        for (w, &word) in reached.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let compact = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let key = links.cands[compact / 2] as usize * 2 + compact % 2;
                bits[key / 64] |= 1 << (key % 64);
            }
        }
    }

    /// A static branch's depths, by breadth-first search (the same search
    /// finds what it reaches, as the closure did).
    fn search_depths(&self, cand: usize, lazy: &LazyDepths) {
        let links = &lazy.links;
        let mut reach = lazy.scratch.borrow_mut();
        let i = links.index[cand] as usize;
        links.reach(i * 2 + 1, i * 2, &mut reach);
        let mut depth = self.depth.borrow_mut();
        for (w, &word) in reach.visited.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let compact = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let key = links.cands[compact / 2] as usize * 2 + compact % 2;
                depth[cand * self.keys + key] = reach.depth[compact];
            }
        }
    }

    pub fn is_live(&self, cand: usize) -> bool {
        self.live[cand]
    }

    /// The facts every branch of `cands` reaches (`cands` all live).
    pub fn common(&self, cands: &[usize], out: &mut Vec<u64>) {
        out.clear();
        out.resize(self.words, !0);
        for &c in cands {
            for (w, b) in out.iter_mut().zip(&self.bits[c * self.words..]) {
                *w &= b;
            }
        }
    }

    pub fn depth(&self, cand: usize, key: usize) -> usize {
        if let Some(lazy) = &self.lazy {
            if std::mem::take(&mut lazy.pending.borrow_mut()[cand]) {
                self.search_depths(cand, lazy);
            }
        }
        self.depth.borrow()[cand * self.keys + key] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::ShapeHint;

    /// An SE 11+ puzzle (forum_hardest_1905_11plus): nested chains of level
    /// 3 at its givens.
    const HARDEST: &str =
        "98.7..6..7..9..5....5.4..7.8..6..3...2...1.......8...53...97.....8.6.7.....8....3";

    /// A stand-in reach of `grid_cands` whose rows take `bytes` bytes.
    fn reach_of(grid_cands: Vec<u64>, bytes: usize) -> StaticReach {
        StaticReach {
            shape: crate::shape::Shape::CLASSIC,
            grid_cands,
            cands: std::rc::Rc::from([]),
            index: std::rc::Rc::from([]),
            words: 1,
            row_of: Vec::new(),
            rows: vec![0; bytes / size_of::<u64>()],
        }
    }

    #[test]
    fn the_reach_cache_keeps_its_bytes_under_the_cap_dropping_the_oldest() {
        let mut cache = ReachCache::default();
        let big = REACH_CACHE_BYTES / 5;
        for n in 0..12u64 {
            let cands = vec![n];
            let hash = cands_hash(&cands);
            let (slot, found) = cache.take(crate::shape::Shape::CLASSIC, &cands, hash);
            assert!(found.is_err(), "grid {n} is new");
            cache.put(slot, hash, reach_of(cands, big));
            let kept: usize = cache
                .slots
                .iter()
                .flatten()
                .map(StaticReach::heap_bytes)
                .sum();
            assert_eq!(
                cache.bytes, kept,
                "the count follows the slots after grid {n}"
            );
            assert!(
                cache.bytes <= REACH_CACHE_BYTES,
                "{} bytes after grid {n}",
                cache.bytes
            );
        }
        // Each takes a fifth of the cap and its grid's word, so the last
        // four fit and the ones before them went.
        let is_kept = |cache: &mut ReachCache, n: u64| {
            let cands = vec![n];
            let hash = cands_hash(&cands);
            let (slot, found) = cache.take(crate::shape::Shape::CLASSIC, &cands, hash);
            let kept = found.as_ref().is_ok();
            if let Ok(reach) = found {
                cache.put(slot, hash, reach);
            }
            kept
        };
        assert!((8..12).all(|n| is_kept(&mut cache, n)));
        assert!(!(0..8).any(|n| is_kept(&mut cache, n)));
    }

    #[test]
    fn a_reach_kept_for_a_grid_is_found_again_for_it_alone() {
        let outer = hardest();
        // Propagations' grids: the outer grid less one candidate of a
        // different cell of three or more each.
        let wide: Vec<usize> = (0..outer.cands.len())
            .filter(|&c| outer.cands[c].count_ones() >= 3)
            .collect();
        let grids: Vec<Grid> = wide
            .iter()
            .take(5)
            .map(|&cell| {
                let mut grid = outer.clone();
                grid.cands[cell] &= grid.cands[cell] - 1;
                grid
            })
            .collect();
        // What a reach says: each candidate's hit and what it reaches.
        let answers = |reach: &StaticReach| -> Vec<(usize, bool, Vec<usize>)> {
            let (mut scratch, mut common) = (Vec::new(), Vec::new());
            reach
                .cands()
                .map(|cand| {
                    reach.common(&[cand], &mut scratch, &mut common);
                    (cand, reach.hit(cand), common.clone())
                })
                .collect()
        };
        let first: Vec<_> = grids
            .iter()
            .map(|grid| with_static_reach(grid, &outer, answers))
            .collect();
        // Asked again, in another order, each grid gets its own answers.
        for (grid, expected) in grids.iter().zip(&first).rev() {
            assert_eq!(&with_static_reach(grid, &outer, answers), expected);
        }
        // And they are the grid's own: built alone, from its links.
        for (grid, expected) in grids.iter().zip(&first) {
            let own = StaticLinks::new(grid);
            let closure = own.closure();
            let built: Vec<(usize, bool, Vec<usize>)> = (0..own.cands.len())
                .map(|i| {
                    let reached = (0..own.keys())
                        .filter(|&k| closure.reaches(i * 2 + 1, k))
                        .map(|k| own.cands[k / 2] as usize * 2 + k % 2)
                        .collect();
                    (
                        own.cands[i] as usize,
                        closure.reaches(i * 2 + 1, i * 2),
                        reached,
                    )
                })
                .collect();
            assert_eq!(&built, expected);
        }
        assert_ne!(first[0], first[1]);
    }

    fn hardest() -> Grid {
        let board = parse_puzzle(HARDEST, ShapeHint::Infer).expect("a 9x9 puzzle");
        Grid::new(&board).expect("no clash")
    }

    /// Every candidate's events, as (candidate, on, depth, parents' nodes).
    fn trace(net: &Net) -> Vec<(u32, bool, u16, Vec<Node>)> {
        (0..net.events.len() as u32)
            .map(|id| {
                let e = net.events[id as usize];
                let parents = net.parents_of(id).iter().map(|&p| net.node(p)).collect();
                (e.cand, e.on, e.depth, parents)
            })
            .collect()
    }

    #[test]
    fn the_closure_reaches_what_a_breadth_first_search_reaches() {
        let grid = hardest();
        let links = StaticLinks::new(&grid);
        let closure = links.closure();
        let mut scratch = ReachScratch::new(links.words, links.keys());
        let mut hits = 0;
        for i in 0..links.cands.len() {
            // Stopped at its own start, which it never reaches again: the
            // whole reach.
            links.reach(i * 2 + 1, i * 2 + 1, &mut scratch);
            assert_eq!(closure.of(i * 2 + 1), &scratch.visited[..], "candidate {i}");
            hits += usize::from(closure.reaches(i * 2 + 1, i * 2));
        }
        // The grid has chains, and candidates without them.
        assert!(hits > 0 && hits < links.cands.len(), "{hits} hits");
    }

    #[test]
    fn the_static_reach_agrees_with_a_static_propagation() {
        let grid = hardest();
        let mut net = Net::new(&grid);
        let (mut common, mut scratch) = (Vec::new(), Vec::new());
        with_static_reach(&grid, &grid, |reach| {
            for cand in reach.cands() {
                net.propagate(cand, true, Mode::Static(Links::ALL));
                assert_eq!(reach.hit(cand), net.conflict.is_some(), "candidate {cand}");
                if net.conflict.is_some() {
                    continue;
                }
                let mut keys: Vec<usize> = net
                    .events
                    .iter()
                    .map(|e| e.cand as usize * 2 + usize::from(e.on))
                    .collect();
                keys.sort_unstable();
                keys.dedup();
                reach.common(&[cand], &mut scratch, &mut common);
                assert_eq!(common, keys, "candidate {cand}");
            }
        });
    }

    #[test]
    fn a_reach_within_a_wider_grid_is_the_grids_own() {
        let outer = hardest();
        // A propagation's grid: the outer grid less a candidate in every
        // third cell of three or more (some become bivalue: new strong
        // links; the removed candidates' weak links go).
        let mut grid = outer.clone();
        let mut wide = 0;
        for cell in 0..grid.cands.len() {
            if grid.cands[cell].count_ones() >= 3 {
                wide += 1;
                if wide % 3 == 0 {
                    grid.cands[cell] &= grid.cands[cell] - 1;
                }
            }
        }
        assert_ne!(grid.cands, outer.cands);
        let own = StaticLinks::new(&grid);
        let own_closure = own.closure();
        let (mut scratch, mut common) = (Vec::new(), Vec::new());
        with_static_reach(&grid, &outer, |reach| {
            let cands: Vec<usize> = reach.cands().collect();
            let own_cands: Vec<usize> = own.cands.iter().map(|&c| c as usize).collect();
            assert_eq!(cands, own_cands);
            let mut hits = 0;
            for &cand in &cands {
                let i = own.index[cand] as usize;
                let hit = own_closure.reaches(i * 2 + 1, i * 2);
                assert_eq!(reach.hit(cand), hit, "candidate {cand}");
                hits += usize::from(hit);
                reach.common(&[cand], &mut scratch, &mut common);
                let expected: Vec<usize> = (0..own.keys())
                    .filter(|&k| own_closure.reaches(i * 2 + 1, k))
                    .map(|k| own.cands[k / 2] as usize * 2 + k % 2)
                    .collect();
                assert_eq!(common, expected, "candidate {cand}");
            }
            assert!(hits > 0 && hits < cands.len(), "{hits} hits");
        });
    }

    #[test]
    fn a_level_going_on_from_a_lower_levels_stop_infers_as_if_it_started_over() {
        let grid = hardest();
        let n = grid.size();
        let (mut lower, mut resumed, mut fresh) =
            (Net::new(&grid), Net::new(&grid), Net::new(&grid));
        let mut stop = Stop::default();
        let mut extended = 0;
        // Every 7th candidate, for each level and the level it goes on from.
        let cands: Vec<usize> = (0..grid.cands.len())
            .filter(|&c| grid.cands[c].count_ones() >= 2)
            .flat_map(|c| bits(grid.cands[c]).map(move |d| c * n + d))
            .step_by(7)
            .collect();
        for (from, to) in [(0, 1), (1, 2), (2, 3), (1, 4)] {
            for &cand in &cands {
                for net in [&mut lower, &mut resumed, &mut fresh] {
                    net.inner_budget = super::super::nested::NESTED_BUDGET;
                }
                lower.propagate(cand, true, Mode::Dynamic { level: from });
                lower.save(&mut stop);
                resumed.resume(&stop, Mode::Dynamic { level: to });
                fresh.propagate(cand, true, Mode::Dynamic { level: to });
                assert_eq!(trace(&resumed), trace(&fresh), "{cand} from {from} to {to}");
                assert_eq!(
                    resumed
                        .conflict
                        .as_ref()
                        .map(|c| (c.events.clone(), c.what)),
                    fresh.conflict.as_ref().map(|c| (c.events.clone(), c.what)),
                );
                let texts =
                    |net: &Net| net.inner.iter().map(|c| c.text.clone()).collect::<Vec<_>>();
                assert_eq!(texts(&resumed), texts(&fresh));
                assert_eq!(resumed.inner_budget, fresh.inner_budget);
                extended += usize::from(resumed.events.len() > lower.events.len());
            }
        }
        // The higher levels went further than the lower ones somewhere.
        assert!(extended > 0);
    }
}
