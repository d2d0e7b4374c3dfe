//! Nishio forcing chains, as Sudoku Explainer finds them
//! (`Chaining(false, true, true, 0)`): assume a digit is (or is not) in a
//! cell, follow only that digit, and reach a contradiction.
//!
//! Only the digit's own links count (SE's X-links, no cell links): a place
//! that holds the digit takes it from every cell it sees; a house where the
//! digit is down to one other place puts it there. The grid changes as the
//! chain goes (SE's dynamic mode), so a house counts the places still
//! open. A candidate found both on and off breaks the assumption: assumed
//! on, the digit goes from the cell; assumed off, it is placed.
//!
//! SE rates it 7.5 plus its length increment over the chain's complexity
//! (the ancestors of the two clashing facts, each counted once per side),
//! and takes the simplest contradiction first. This is its own small
//! propagation over one digit rather than the shared `Net`, whose dynamic
//! mode always follows the cells' links too. Boards up to 9x9.

use super::chains::{say, Link, Node};
use super::grid::{Finding, Grid, Pattern};
use super::{chain_length_increment, Technique};
use crate::shape::Geometry;
use std::rc::Rc;
use std::sync::Arc;

const NONE: u32 = u32::MAX;

/// One inference: `cell` is (`on`) or is not the digit, because of its
/// parents (`parents[start..start + len]` of its propagation).
#[derive(Clone, Copy, Debug)]
struct Event {
    cell: u16,
    on: bool,
    start: u32,
    len: u32,
}

/// What every propagation of one grid reads: each cell's peers in SE's
/// order (its box, then its row and column outside the box), each house
/// as a set of cells, and each cell's houses in SE's order (box, row,
/// column).
struct Layout {
    peers: Vec<Vec<u16>>,
    house_mask: Vec<u128>,
    houses: Vec<Vec<usize>>,
}

impl Layout {
    fn new(grid: &Grid) -> Layout {
        let geo = &grid.geo;
        let house_mask = geo
            .house_cells
            .iter()
            .map(|cells| cells.iter().fold(0u128, |m, &c| m | 1u128 << c))
            .collect();
        let mut peers = Vec::with_capacity(grid.cands.len());
        let mut houses = Vec::with_capacity(grid.cands.len());
        for c in 0..grid.cands.len() {
            let of = geo.houses_of(c);
            let order: Vec<usize> = [2usize, 0, 1]
                .iter()
                .filter_map(|&k| of.get(k).map(|&h| h as usize))
                .collect();
            let bx = of.get(2).map(|&h| h as usize);
            let mut list = Vec::new();
            for (i, &h) in order.iter().enumerate() {
                for &q in &geo.house_cells[h] {
                    let in_box =
                        bx.is_some_and(|b| geo.houses_of(q as usize).get(2) == Some(&(b as u16)));
                    if q as usize != c && (i == 0 || !in_box) && !list.contains(&q) {
                        list.push(q);
                    }
                }
            }
            peers.push(list);
            houses.push(order);
        }
        Layout {
            peers,
            house_mask,
            houses,
        }
    }
}

thread_local! {
    /// The layout of the last geometry searched: it depends on the houses
    /// only, and every step of a grade searches the same ones.
    static LAYOUT: std::cell::RefCell<Option<(Arc<Geometry>, Rc<Layout>)>> =
        const { std::cell::RefCell::new(None) };
}

/// [`Layout::new`], built once per geometry.
fn layout_of(grid: &Grid) -> Rc<Layout> {
    LAYOUT.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some((geo, layout)) = slot.as_ref() {
            if Arc::ptr_eq(geo, &grid.geo) {
                return Rc::clone(layout);
            }
        }
        let layout = Rc::new(Layout::new(grid));
        *slot = Some((Arc::clone(&grid.geo), Rc::clone(&layout)));
        layout
    })
}

/// A propagation over one digit.
struct Digit1<'g> {
    layout: &'g Layout,
    bit: u64,
    /// Where the digit can go at the start, and now.
    start: u128,
    open: u128,
    events: Vec<Event>,
    parents: Vec<u32>,
    on_ev: Vec<u32>,
    off_ev: Vec<u32>,
    pending_on: Vec<u32>,
    pending_off: Vec<u32>,
    /// An off event's strong inferences before they are recorded: (cell,
    /// end of its parents in `made_parents`), kept between propagations.
    made: Vec<(usize, usize)>,
    made_parents: Vec<u32>,
}

/// A contradiction: a fact not recorded (its cell, whether on, its
/// parents) and the recorded opposite it clashes with.
struct Clash {
    cell: u16,
    on: bool,
    parents: Vec<u32>,
    old: u32,
}

impl<'g> Digit1<'g> {
    fn new(grid: &Grid, layout: &'g Layout, d: usize) -> Digit1<'g> {
        let bit = 1u64 << d;
        let start = (0..grid.cands.len())
            .filter(|&c| grid.cands[c] & bit != 0)
            .fold(0u128, |m, c| m | 1u128 << c);
        Digit1 {
            layout,
            bit,
            start,
            open: start,
            events: Vec::new(),
            parents: Vec::new(),
            on_ev: vec![NONE; grid.cands.len()],
            off_ev: vec![NONE; grid.cands.len()],
            pending_on: Vec::new(),
            pending_off: Vec::new(),
            made: Vec::new(),
            made_parents: Vec::new(),
        }
    }

    fn reset(&mut self) {
        for e in &self.events {
            self.on_ev[e.cell as usize] = NONE;
            self.off_ev[e.cell as usize] = NONE;
        }
        self.events.clear();
        self.parents.clear();
        self.pending_on.clear();
        self.pending_off.clear();
        self.open = self.start;
    }

    fn parents_of(&self, e: u32) -> &[u32] {
        let ev = self.events[e as usize];
        &self.parents[ev.start as usize..(ev.start + ev.len) as usize]
    }

    fn add(&mut self, cell: usize, on: bool, parents: &[u32]) -> u32 {
        let id = self.events.len() as u32;
        if on {
            self.on_ev[cell] = id;
        } else {
            self.off_ev[cell] = id;
        }
        self.events.push(Event {
            cell: cell as u16,
            on,
            start: self.parents.len() as u32,
            len: parents.len() as u32,
        });
        self.parents.extend_from_slice(parents);
        id
    }

    /// SE's `doChaining` in Nishio mode from one assumption: every `on`
    /// inference waiting goes before the `off` ones, each kind in order.
    fn propagate(&mut self, cell: usize, on: bool) -> Option<Clash> {
        self.reset();
        let first = self.add(cell, on, &[]);
        if on {
            self.pending_on.push(first);
        } else {
            self.pending_off.push(first);
        }
        let (mut on_head, mut off_head) = (0, 0);
        let layout = self.layout;
        let mut made = std::mem::take(&mut self.made);
        let mut made_parents = std::mem::take(&mut self.made_parents);
        let clash = 'propagation: loop {
            if on_head < self.pending_on.len() {
                let p = self.pending_on[on_head];
                on_head += 1;
                let c = self.events[p as usize].cell as usize;
                for &q in &layout.peers[c] {
                    let q = q as usize;
                    if self.open >> q & 1 == 0 {
                        continue;
                    }
                    if self.on_ev[q] != NONE {
                        break 'propagation Some(Clash {
                            cell: q as u16,
                            on: false,
                            parents: vec![p],
                            old: self.on_ev[q],
                        });
                    }
                    if self.off_ev[q] == NONE {
                        let id = self.add(q, false, &[p]);
                        self.pending_off.push(id);
                    }
                }
            } else if off_head < self.pending_off.len() {
                let p = self.pending_off[off_head];
                off_head += 1;
                let c = self.events[p as usize].cell as usize;
                made.clear();
                made_parents.clear();
                for &h in &layout.houses[c] {
                    let mask = layout.house_mask[h];
                    let open = self.open & mask;
                    // Exactly two places: one bit left once the lowest goes.
                    let rest = open & open.wrapping_sub(1);
                    if rest == 0 || rest & (rest - 1) != 0 {
                        continue;
                    }
                    let q = (open & !(1u128 << c)).trailing_zeros() as usize;
                    if q >= 128 {
                        continue;
                    }
                    // The places this house has lost so far hold too.
                    made_parents.push(p);
                    let mut lost = self.start & !self.open & mask;
                    while lost != 0 {
                        let r = lost.trailing_zeros() as usize;
                        lost &= lost - 1;
                        if self.off_ev[r] != NONE {
                            made_parents.push(self.off_ev[r]);
                        }
                    }
                    made.push((q, made_parents.len()));
                }
                self.open &= !(1u128 << c);
                let mut from = 0;
                let mut clash = None;
                for &(q, to) in &made {
                    let parents = &made_parents[from..to];
                    from = to;
                    if self.off_ev[q] != NONE {
                        clash = Some(Clash {
                            cell: q as u16,
                            on: true,
                            parents: parents.to_vec(),
                            old: self.off_ev[q],
                        });
                        break;
                    }
                    if self.on_ev[q] == NONE {
                        let id = self.add(q, true, parents);
                        self.pending_on.push(id);
                    }
                }
                if clash.is_some() {
                    break 'propagation clash;
                }
            } else {
                break 'propagation None;
            }
        };
        self.made = made;
        self.made_parents = made_parents;
        clash
    }

    /// Every recorded event behind `parents`, those included.
    fn ancestors(&self, parents: &[u32]) -> Vec<u32> {
        let mut seen = vec![false; self.events.len()];
        let mut stack = parents.to_vec();
        while let Some(e) = stack.pop() {
            if !std::mem::replace(&mut seen[e as usize], true) {
                stack.extend_from_slice(self.parents_of(e));
            }
        }
        (0..self.events.len() as u32)
            .filter(|&e| seen[e as usize])
            .collect()
    }

    /// SE's complexity of a clash: the ancestors of each side, itself
    /// included.
    fn complexity(&self, clash: &Clash) -> usize {
        1 + self.ancestors(&clash.parents).len() + self.ancestors(&[clash.old]).len()
    }

    fn node(&self, cell: u16, on: bool) -> Node {
        Node {
            cell,
            digit: self.bit.trailing_zeros() as u8 + 1,
            on,
        }
    }

    /// The main line from the assumption to an event: each step's first parent.
    fn line(&self, parents: &[u32], last: Node) -> Vec<Node> {
        let mut nodes = vec![last];
        let mut at = parents.first().copied();
        while let Some(e) = at {
            let ev = self.events[e as usize];
            nodes.push(self.node(ev.cell, ev.on));
            at = self.parents_of(e).first().copied();
        }
        nodes.reverse();
        nodes
    }
}

thread_local! {
    /// Each digit's simplest contradiction on the last position searched.
    static DIGITS: std::cell::RefCell<KnownDigits> = std::cell::RefCell::new(KnownDigits::default());
}

/// A digit's propagations read only where the digit can go: while that
/// stays as it was (and the cells tried from, those of two candidates or
/// more), its simplest contradiction is the one found before. A step
/// mostly leaves most digits as they were, so most are not searched again.
#[derive(Default)]
struct KnownDigits {
    geo: Option<Arc<Geometry>>,
    /// Each digit's places, the cells tried from, and its simplest
    /// contradiction (complexity, cell, on).
    digits: [Option<(u128, u128, Option<Contradiction>)>; 9],
}

/// A digit's contradiction: its complexity, the cell assumed, and whether
/// it was assumed on.
type Contradiction = (usize, usize, bool);

impl Digit1<'_> {
    /// The simplest contradiction of the digit from the cells of `starts`
    /// (complexity, cell, on; the first in cell order, on before off, of
    /// those as simple).
    fn simplest(&mut self, starts: u128) -> Option<Contradiction> {
        let mut best: Option<Contradiction> = None;
        let mut left = starts;
        while left != 0 {
            let cell = left.trailing_zeros() as usize;
            left &= left - 1;
            for on in [true, false] {
                if let Some(clash) = self.propagate(cell, on) {
                    let k = self.complexity(&clash);
                    if best.is_none_or(|(b, ..)| k < b) {
                        best = Some((k, cell, on));
                    }
                }
            }
        }
        best
    }
}

pub(crate) fn nishio(grid: &Grid, out: &mut Finding) -> bool {
    let n = grid.size();
    if n > 9 || grid.cands.len() > 128 {
        return false;
    }
    // The simplest contradiction: (complexity, cell, digit, on first), the
    // first in the order of the search (cell, then digit, on before off).
    let mut best: Option<(usize, usize, usize, bool)> = None;
    let layout = layout_of(grid);
    let mut nets: Vec<Digit1> = (0..n).map(|d| Digit1::new(grid, &layout, d)).collect();
    DIGITS.with(|known| {
        let mut known = known.borrow_mut();
        if !known
            .geo
            .as_ref()
            .is_some_and(|geo| Arc::ptr_eq(geo, &grid.geo))
        {
            *known = KnownDigits {
                geo: Some(Arc::clone(&grid.geo)),
                ..KnownDigits::default()
            };
        }
        for (d, net) in nets.iter_mut().enumerate() {
            let starts = (0..grid.cands.len())
                .filter(|&c| grid.cands[c] >> d & 1 != 0 && grid.cands[c].count_ones() >= 2)
                .fold(0u128, |m, c| m | 1u128 << c);
            let simplest = match known.digits[d] {
                Some((open, from, simplest)) if open == net.start && from == starts => simplest,
                _ => {
                    let simplest = net.simplest(starts);
                    known.digits[d] = Some((net.start, starts, simplest));
                    simplest
                }
            };
            if let Some((k, cell, on)) = simplest {
                let key = (k, cell, d, !on);
                if best.is_none_or(|(b, c, e, o)| key < (b, c, e, !o)) {
                    best = Some((k, cell, d, on));
                }
            }
        }
    });
    let Some((complexity, cell, d, on)) = best else {
        return false;
    };
    let net = &mut nets[d];
    let Some(clash) = net.propagate(cell, on) else {
        return false;
    };
    out.start(Technique::NishioForcingChain, Pattern::Chain);
    out.digits = 1 << d;
    let digit = d as u8 + 1;
    if on {
        out.eliminations.push((cell as u16, digit));
    } else {
        out.placements.push((cell as u16, digit));
    }
    // The links of both sides, parents before children.
    let mut ids = net.ancestors(&clash.parents);
    for e in net.ancestors(&[clash.old]) {
        if !ids.contains(&e) {
            ids.push(e);
        }
    }
    ids.sort_unstable();
    let mut cells = Vec::new();
    for &e in &ids {
        let ev = net.events[e as usize];
        let to = net.node(ev.cell, ev.on);
        if !cells.contains(&ev.cell) {
            cells.push(ev.cell);
        }
        for &p in net.parents_of(e) {
            let pe = net.events[p as usize];
            out.chain.push(Link {
                from: net.node(pe.cell, pe.on),
                to,
            });
        }
    }
    let clash_node = net.node(clash.cell, clash.on);
    for &p in &clash.parents {
        let pe = net.events[p as usize];
        out.chain.push(Link {
            from: net.node(pe.cell, pe.on),
            to: clash_node,
        });
    }
    out.cells.extend(cells);
    let words = |nodes: &[Node]| {
        nodes
            .iter()
            .map(|&node| say(grid, node))
            .collect::<Vec<_>>()
            .join(" so ")
    };
    let old = net.events[clash.old as usize];
    let old_line = net.line(net.parents_of(clash.old), net.node(old.cell, old.on));
    let new_line = net.line(&clash.parents, clash_node);
    let assumption = say(grid, net.node(cell as u16, on));
    let conclusion = say(grid, net.node(cell as u16, !on));
    let side = |line: &[Node]| {
        if line.len() > 1 {
            words(&line[1..])
        } else {
            assumption.clone()
        }
    };
    out.text = format!(
        "Following only {digit}: if {assumption}, {}; and {}: impossible. So {conclusion}",
        side(&old_line),
        side(&new_line)
    );
    out.complexity = complexity.min(u16::MAX as usize) as u16;
    out.rating += chain_length_increment(complexity);
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::grader::grid::test_cells::{expected, removals};

    #[test]
    fn an_assumption_that_puts_a_digit_twice_in_a_house_goes() {
        // The first 7 of top1465's sixth puzzle that SE's Nishio removes:
        // r1c3 = 7 takes 7 from r2c1 and r3c1 (box 1), but column 1 then
        // needs 7 in r3c1.
        let rows = crate::grader::grid::test_cells::TOP1465_SIXTH;
        let grid = Grid::from_candidate_rows(&rows);
        let mut f = Finding::default();
        assert!(nishio(&grid, &mut f));
        assert_eq!(removals(&f), expected(&[("r1c3", 7)]));
        assert!(f.placements.is_empty());
        // SE's complexity: r3c1<>7 (2 ancestors with itself) and r3c1=7
        // (r2c1<>7 and r1c3=7 behind it: 3); a chain that short adds nothing.
        assert_eq!(f.complexity, 5);
        assert_eq!(f.rating, 75);
        assert!(
            f.text.starts_with("Following only 7: if r1c3=7"),
            "{}",
            f.text
        );
        // Every link joins candidates of the digit.
        assert!(f.chain.iter().all(|l| l.from.digit == 7 && l.to.digit == 7));
    }
}
