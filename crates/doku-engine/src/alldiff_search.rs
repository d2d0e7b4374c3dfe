//! The instant solver for large boards: per-cell candidate bitmasks pruned to
//! a fixpoint by domain-consistent all-different on every house (Régin's
//! matching filter), then a depth-first search on the cell with the fewest
//! candidates (weighted by how often its houses failed), with an explicit
//! stack of state copies (no recursion).
//!
//! The step iterator [`Solver`](super::Solver) only deduces singles; on 25x25
//! boards it thrashes for millions of steps where this search needs a few
//! thousand nodes. Naked and hidden singles are special cases of the
//! matching filter, so it needs no separate single rules. Each node costs
//! more than an iterator step, so small boards stay on the iterator (see
//! `Board::solution`).

use super::board::Board;
use super::shape::{Geometry, MAX_SIZE};
use super::solver::geometry;
use super::Deadline;
use std::sync::Arc;

/// Branches between two looks at the clock (about a millisecond).
const CLOCK_EVERY_BRANCHES: u64 = 64;

/// No digit matched to a cell, or no cell to a digit.
const UNMATCHED: u8 = u8::MAX;

/// Hands every solution of `board` (as singleton domains) to `found`, in
/// search order, until `found` returns `false`. `false` if the search gave up
/// after `max_nodes` branches before finishing.
fn search(
    board: &Board,
    max_nodes: u64,
    deadline: Deadline,
    mut found: impl FnMut(&[u64]) -> bool,
) -> bool {
    let mut search = Search::new(board);
    search.deadline = deadline;
    if !search.load_givens(board) {
        return true;
    }
    search.run(max_nodes, &mut found)
}

/// The number of solutions of `board`, counting stops at `limit`; `None`
/// if the search gave up after `max_nodes` branches.
/// (or when `deadline` passed).
pub(crate) fn count_up_to(
    board: &Board,
    limit: usize,
    max_nodes: u64,
    deadline: Deadline,
) -> Option<usize> {
    let mut count = 0;
    if limit == 0 {
        return Some(0);
    }
    let finished = search(board, max_nodes, deadline, |_| {
        count += 1;
        count < limit
    });
    finished.then_some(count)
}

/// [`count_up_to`] within candidates narrowed past what the filled cells
/// leave: `domains` holds each cell's (bit `d - 1` for digit `d`), and
/// only the solutions of `board` within them are counted. With
/// `box_line`, pointing and claiming narrow the search too (they pay on
/// nearly solved positions, see [`Search::segments`]).
pub(crate) fn count_within(
    board: &Board,
    domains: &[u64],
    limit: usize,
    max_nodes: u64,
    box_line: bool,
) -> Option<usize> {
    let mut search = Search::new(board);
    if box_line {
        search.segments = segments(&search.geo);
    }
    let mut fresh = Vec::new();
    for (cell, (domain, &within)) in search.domains.iter_mut().zip(domains).enumerate() {
        *domain &= within;
        if domain.is_power_of_two() {
            fresh.push(cell as u16);
        }
    }
    if limit == 0 || search.domains.contains(&0) {
        return Some(0);
    }
    if !search.singles(&mut fresh) || !search.propagate_everywhere() {
        return Some(0);
    }
    let mut count = 0;
    let finished = search.run(max_nodes, &mut |_| {
        count += 1;
        count < limit
    });
    finished.then_some(count)
}

/// Some solution of `board`, if it has one; `None` if the search gave up
/// after `max_nodes` branches (`Some(None)`: no solution).
/// (or when `deadline` passed).
pub(crate) fn first_solution(
    board: &Board,
    max_nodes: u64,
    deadline: Deadline,
) -> Option<Option<Board>> {
    let mut solution = None;
    let finished = search(board, max_nodes, deadline, |domains| {
        let values = domains
            .iter()
            .map(|&d| d.trailing_zeros() as u8 + 1)
            .collect();
        solution = Board::from_values(board.shape(), values);
        false
    });
    finished.then_some(solution)
}

/// Whether `puzzle` has a solution other than `known` (one of its
/// solutions), when every other solution must differ from `known` in one of
/// `freed` (the cells just emptied of a puzzle whose only solution was
/// `known`). `None` if the search gave up after `max_nodes` branches.
///
/// A second solution differs first (in `freed` order) at some freed cell:
/// one search per freed cell, the cells before it fixed to `known` and the
/// cell itself barred from its `known` digit. Each search wants any one
/// solution, and most are refuted by the filter before they branch.
pub(crate) fn has_other_solution(
    puzzle: &Board,
    known: &Board,
    freed: &[usize],
    max_nodes: u64,
) -> Option<bool> {
    let mut base = Search::new(puzzle);
    base.segments = segments(&base.geo);
    if !base.set_givens(puzzle) {
        // Cannot happen for a puzzle `known` solves; no second solution.
        return Some(false);
    }
    let mut budget = max_nodes;
    for (i, &cell) in freed.iter().enumerate() {
        let mut search = base.fork();
        let mut fresh = Vec::with_capacity(i + 1);
        for &earlier in &freed[..i] {
            search.domains[earlier] = known_bit(known, earlier);
            fresh.push(earlier as u16);
        }
        let barred = search.domains[cell] & !known_bit(known, cell);
        if barred == 0 {
            continue;
        }
        search.domains[cell] = barred;
        if barred.is_power_of_two() {
            fresh.push(cell as u16);
        }
        // Singles first: cheap, and they refute most branches alone.
        if !search.singles(&mut fresh) || !search.propagate_everywhere() {
            continue;
        }
        let mut found = false;
        let finished = search.run_counted(&mut budget, &mut |_| {
            found = true;
            false
        });
        if !finished {
            return None;
        }
        if found {
            return Some(true);
        }
    }
    Some(false)
}

/// The domain bit of `known`'s digit at `cell`.
fn known_bit(known: &Board, cell: usize) -> u64 {
    1u64 << (known.values()[cell].wrapping_sub(1) & 63)
}

/// Every cell's candidates after the matching filter on the givens (bit
/// `d - 1` for digit `d`), `None` if the filter proves `board` unsolvable.
pub(crate) fn filtered_domains(board: &Board) -> Option<Vec<u64>> {
    let mut search = Search::new(board);
    search.load_givens(board).then_some(search.domains)
}

/// The search over one board: the current domains and matchings, and a stack
/// of saved copies, one per open branch.
struct Search {
    geo: Arc<Geometry>,
    size: usize,
    /// Candidates of every cell, bit `d - 1` for digit `d`.
    domains: Vec<u64>,
    /// For every house and every position in it, the digit index (0-based)
    /// of the cell in the last perfect matching found; repairing it is
    /// cheaper than matching from scratch.
    mates: Vec<u8>,
    /// Houses whose cells changed since their filter last ran.
    queue: Vec<u16>,
    queued: Vec<bool>,
    /// Saved states, `domains.len()` and `mates.len()` entries per branch.
    saved_domains: Vec<u64>,
    saved_mates: Vec<u8>,
    /// For every saved state, the cell whose domain the branch narrowed.
    saved_cells: Vec<u16>,
    /// For every house, 1 + how often its filter failed: branching prefers
    /// cells in houses that fail often (Gecode's accumulated failure count).
    failures: Vec<u32>,
    /// Where a line crosses a box, for pointing and claiming; empty when
    /// the search goes without them. Proofs by propagation alone (the
    /// generator) need them; in a search for solutions they changed which
    /// Gecode 25x25 puzzles were slow more than how many, so it skips them.
    segments: Arc<Vec<Segment>>,
    /// When the search gives up, as if out of branches.
    deadline: Deadline,
}

/// The cells where a row or column crosses a box, and the rest of each: a
/// digit whose places in the line all lie in the crossing cannot be
/// elsewhere in the box (claiming), and the other way round (pointing).
/// The matching filter sees one house at a time and misses these.
pub(crate) struct Segment {
    pub(crate) crossing: Vec<u16>,
    pub(crate) line_rest: Vec<u16>,
    pub(crate) box_rest: Vec<u16>,
}

/// The segments of a shape, built once per shape.
pub(crate) fn segments(geo: &Geometry) -> Arc<Vec<Segment>> {
    use std::collections::HashMap;
    use std::sync::{Mutex, OnceLock};
    static CACHE: OnceLock<Mutex<HashMap<crate::Shape, Arc<Vec<Segment>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = match cache.lock() {
        Ok(map) => map,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(segments) = map.get(&geo.shape) {
        return Arc::clone(segments);
    }
    // Fresh jigsaw layouts come one after another: start over now and
    // then rather than keep them all.
    if map.len() >= 64 {
        map.clear();
    }
    let segments = Arc::new(build_segments(geo));
    map.insert(geo.shape, Arc::clone(&segments));
    segments
}

fn build_segments(geo: &Geometry) -> Vec<Segment> {
    let n = geo.shape.size();
    if geo.houses_per_cell < 3 {
        return Vec::new();
    }
    let mut segments = Vec::new();
    for line in 0..2 * n {
        for bx in 2 * n..3 * n {
            let in_box = |c: &u16| geo.standard_houses[*c as usize][2] as usize == bx;
            let line_cells = &geo.house_cells[line];
            let crossing: Vec<u16> = line_cells.iter().copied().filter(in_box).collect();
            if crossing.is_empty() {
                continue;
            }
            let in_line = |c: &u16| geo.standard_houses[*c as usize].contains(&(line as u16));
            segments.push(Segment {
                line_rest: line_cells.iter().copied().filter(|c| !in_box(c)).collect(),
                box_rest: geo.house_cells[bx]
                    .iter()
                    .copied()
                    .filter(|c| !in_line(c))
                    .collect(),
                crossing,
            });
        }
    }
    segments
}

impl Search {
    fn new(board: &Board) -> Search {
        let geo = geometry(board.shape());
        let size = board.size();
        let houses = geo.house_cells.len();
        Search {
            size,
            domains: vec![board.shape().all_digits(); board.shape().cell_count()],
            mates: vec![UNMATCHED; houses * size],
            queue: Vec::with_capacity(houses),
            queued: vec![false; houses],
            saved_domains: Vec::new(),
            saved_mates: Vec::new(),
            saved_cells: Vec::new(),
            failures: vec![1; houses],
            segments: Arc::new(Vec::new()),
            deadline: Deadline::NEVER,
            geo,
        }
    }

    /// Sets the givens and propagates; `false` if the board has no solution.
    fn load_givens(&mut self, board: &Board) -> bool {
        self.set_givens(board) && self.propagate_everywhere()
    }

    /// Sets the givens and deduces singles only (see [`Search::singles`]);
    /// `false` if that shows the board has no solution.
    fn set_givens(&mut self, board: &Board) -> bool {
        let mut fresh = Vec::new();
        for (cell, (domain, &value)) in self.domains.iter_mut().zip(board.values()).enumerate() {
            if value != 0 {
                *domain = 1u64 << (value - 1);
                fresh.push(cell as u16);
            }
        }
        self.singles(&mut fresh)
    }

    /// Runs every house's filter, then to a fixpoint.
    fn propagate_everywhere(&mut self) -> bool {
        for house in 0..self.geo.house_cells.len() {
            self.enqueue(house);
        }
        self.propagate()
    }

    /// Naked and hidden singles to a fixpoint, starting from the solved
    /// cells in `fresh` (their digits leave their peers); `false` on a
    /// contradiction. Bit operations only: before the matching filter runs,
    /// this does most of its work for a fraction of the cost, and it alone
    /// refutes most wrong digits in a nearly full grid.
    fn singles(&mut self, fresh: &mut Vec<u16>) -> bool {
        let geo = Arc::clone(&self.geo);
        let all = geo.shape.all_digits();
        loop {
            while let Some(cell) = fresh.pop() {
                let bit = self.domains[cell as usize];
                for &peer in &geo.peers[cell as usize] {
                    let domain = self.domains[peer as usize];
                    if domain & bit != 0 {
                        let left = domain & !bit;
                        if left == 0 {
                            return false;
                        }
                        self.domains[peer as usize] = left;
                        if left.is_power_of_two() {
                            fresh.push(peer);
                        }
                    }
                }
            }
            for cells in &geo.house_cells {
                let (mut once, mut twice, mut solved) = (0u64, 0u64, 0u64);
                for &cell in cells {
                    let domain = self.domains[cell as usize];
                    twice |= once & domain;
                    once |= domain;
                    if domain.is_power_of_two() {
                        solved |= domain;
                    }
                }
                if once != all {
                    return false;
                }
                let hidden = once & !twice & !solved;
                if hidden == 0 {
                    continue;
                }
                for &cell in cells {
                    let only_here = self.domains[cell as usize] & hidden;
                    if only_here != 0 {
                        if !only_here.is_power_of_two() {
                            return false;
                        }
                        self.domains[cell as usize] = only_here;
                        fresh.push(cell);
                    }
                }
            }
            if fresh.is_empty() {
                return true;
            }
        }
    }

    fn enqueue(&mut self, house: usize) {
        if !self.queued[house] {
            self.queued[house] = true;
            self.queue.push(house as u16);
        }
    }

    fn enqueue_houses_of(&mut self, cell: usize) {
        // By index: `enqueue` borrows `self` mutably.
        for i in 0..self.geo.houses_of(cell).len() {
            let house = self.geo.houses_of(cell)[i];
            self.enqueue(house as usize);
        }
    }

    fn clear_queue(&mut self) {
        for &house in &self.queue {
            self.queued[house as usize] = false;
        }
        self.queue.clear();
    }

    /// Filters queued houses until nothing changes; `false` on a
    /// contradiction (the queue is then empty again).
    fn propagate(&mut self) -> bool {
        loop {
            while let Some(house) = self.queue.pop() {
                let house = house as usize;
                self.queued[house] = false;
                if !self.filter_house(house) {
                    self.failures[house] = self.failures[house].saturating_add(1);
                    self.clear_queue();
                    return false;
                }
            }
            // Pointing and claiming only once every house is matched: the
            // filter is cheaper per removal and often makes them moot.
            if !self.box_line() {
                return true;
            }
        }
    }

    /// One pass of pointing and claiming over every segment; whether it
    /// removed anything (the houses of changed cells are queued).
    fn box_line(&mut self) -> bool {
        let segments = Arc::clone(&self.segments);
        let mut changed = false;
        for segment in segments.iter() {
            let union = |cells: &[u16], domains: &[u64]| {
                cells.iter().fold(0u64, |acc, &c| acc | domains[c as usize])
            };
            let inside = union(&segment.crossing, &self.domains);
            if inside == 0 {
                continue;
            }
            let claimed = inside & !union(&segment.line_rest, &self.domains);
            let pointed = inside & !union(&segment.box_rest, &self.domains);
            for (cells, gone) in [(&segment.box_rest, claimed), (&segment.line_rest, pointed)] {
                if gone == 0 {
                    continue;
                }
                for &cell in cells {
                    let cell = cell as usize;
                    let domain = self.domains[cell];
                    // A solved cell losing its digit is left empty: the
                    // house filter then reports the contradiction.
                    if domain & gone != 0 {
                        self.domains[cell] = domain & !gone;
                        self.enqueue_houses_of(cell);
                        changed = true;
                    }
                }
            }
        }
        changed
    }

    /// Régin's filter on one house: find a perfect matching of cells to
    /// digits (repairing the previous one), then keep only the candidates
    /// that lie on some perfect matching. Those are the edges inside one
    /// strongly connected component of the graph where a cell points to the
    /// cells whose matched digit it could take instead. Queues the other
    /// houses of every cell that lost candidates.
    fn filter_house(&mut self, house: usize) -> bool {
        let n = self.size;
        let geo = Arc::clone(&self.geo);
        let cells = &geo.house_cells[house];
        // Solved cells take their digits out of the matching problem (a
        // naked single), which leaves a smaller one over the open cells.
        let mut fixed = 0u64;
        for &cell in cells {
            let domain = self.domains[cell as usize];
            if domain.is_power_of_two() {
                if fixed & domain != 0 {
                    return false;
                }
                fixed |= domain;
            }
        }
        let mut open = [0u8; MAX_SIZE];
        let mut dom = [0u64; MAX_SIZE];
        let mut mates = [UNMATCHED; MAX_SIZE];
        let saved_mates = &mut self.mates[house * n..(house + 1) * n];
        let mut k = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let domain = self.domains[cell as usize];
            if !domain.is_power_of_two() {
                open[k] = i as u8;
                dom[k] = domain & !fixed;
                mates[k] = saved_mates[i];
                k += 1;
            }
        }
        if k == 0 {
            return true;
        }
        if !perfect_matching(&dom[..k], &mut mates[..k]) {
            return false;
        }
        let pruned = prune_to_matchings(&dom[..k], &mates[..k]);
        for j in 0..k {
            let i = open[j] as usize;
            saved_mates[i] = mates[j];
        }
        for j in 0..k {
            let cell = cells[open[j] as usize] as usize;
            if self.domains[cell] != pruned[j] {
                self.domains[cell] = pruned[j];
                self.enqueue_houses_of(cell);
            }
        }
        true
    }

    /// A copy of the current state with no open branches, sharing the
    /// failure counts learnt so far.
    fn fork(&self) -> Search {
        Search {
            geo: Arc::clone(&self.geo),
            size: self.size,
            domains: self.domains.clone(),
            mates: self.mates.clone(),
            queue: Vec::with_capacity(self.queued.len()),
            queued: vec![false; self.queued.len()],
            saved_domains: Vec::new(),
            saved_mates: Vec::new(),
            saved_cells: Vec::new(),
            failures: self.failures.clone(),
            segments: Arc::clone(&self.segments),
            deadline: self.deadline.clone(),
        }
    }

    /// Depth-first search from the propagated givens, reporting every
    /// solution until `found` says stop; `false` if it gave up after
    /// `max_nodes` branches instead.
    fn run(&mut self, max_nodes: u64, found: &mut impl FnMut(&[u64]) -> bool) -> bool {
        let mut budget = max_nodes;
        self.run_counted(&mut budget, found)
    }

    /// [`Search::run`] taking its branches from `budget` (what is left stays
    /// there), so several searches can share one budget.
    fn run_counted(&mut self, budget: &mut u64, found: &mut impl FnMut(&[u64]) -> bool) -> bool {
        loop {
            match self.branch_cell() {
                None => {
                    if !found(&self.domains) {
                        return true;
                    }
                }
                Some(cell) => {
                    if *budget == 0 {
                        return false;
                    }
                    *budget -= 1;
                    if budget.is_multiple_of(CLOCK_EVERY_BRANCHES) && self.deadline.passed() {
                        return false;
                    }
                    // Two branches: the lowest candidate, or not it. The
                    // second waits on the stack.
                    let domain = self.domains[cell];
                    let lowest = domain & domain.wrapping_neg();
                    self.domains[cell] = domain & !lowest;
                    self.save(cell);
                    self.domains[cell] = lowest;
                    self.enqueue_houses_of(cell);
                    if self.propagate() {
                        continue;
                    }
                }
            }
            // A dead end or a reported solution: resume the latest open branch.
            loop {
                let Some(cell) = self.restore() else {
                    return true;
                };
                self.enqueue_houses_of(cell);
                if self.propagate() {
                    break;
                }
            }
        }
    }

    /// The unsolved cell with the fewest candidates per failure of its
    /// houses (Gecode's size/AFC), `None` when all are solved.
    fn branch_cell(&self) -> Option<usize> {
        // Smallest domain relative to the failures of the cell's houses:
        // minimise len / afc, compared as len_a * afc_b < len_b * afc_a.
        let mut best = None;
        // Any real cell (len <= 64, afc >= 1) beats this start.
        let (mut best_len, mut best_afc) = (MAX_SIZE as u64 + 1, 1u64);
        for (cell, &domain) in self.domains.iter().enumerate() {
            let len = domain.count_ones() as u64;
            if len <= 1 {
                continue;
            }
            let houses = self.geo.houses_of(cell);
            let afc: u64 = houses
                .iter()
                .map(|&h| self.failures[h as usize] as u64)
                .sum();
            let (lhs, rhs) = (len * best_afc, best_len * afc);
            if lhs < rhs {
                best = Some(cell);
                best_len = len;
                best_afc = afc;
            }
        }
        best
    }

    fn save(&mut self, cell: usize) {
        self.saved_domains.extend_from_slice(&self.domains);
        self.saved_mates.extend_from_slice(&self.mates);
        self.saved_cells.push(cell as u16);
    }

    /// Pops the latest saved state into the current one; the cell its branch
    /// narrowed, or `None` when no branch is left.
    fn restore(&mut self) -> Option<usize> {
        let cell = self.saved_cells.pop()?;
        let d = self.saved_domains.len() - self.domains.len();
        self.domains.copy_from_slice(&self.saved_domains[d..]);
        self.saved_domains.truncate(d);
        let m = self.saved_mates.len() - self.mates.len();
        self.mates.copy_from_slice(&self.saved_mates[m..]);
        self.saved_mates.truncate(m);
        Some(cell as usize)
    }
}

/// The candidates of one house's open cells (`dom`, each cell's digits as
/// bits) that lie on some perfect matching of those cells to their digits:
/// Régin's filter, for callers that keep no matching between calls; `None`
/// if there is no perfect matching.
pub(crate) fn matching_filter(dom: &[u64]) -> Option<[u64; MAX_SIZE]> {
    let mut mates = [UNMATCHED; MAX_SIZE];
    let mates = &mut mates[..dom.len()];
    perfect_matching(dom, mates).then(|| prune_to_matchings(dom, mates))
}

/// Repairs `mates` (cell position -> digit index) into a perfect matching of
/// the cells of one house to its digits, `dom` giving each cell's
/// candidates. `false` if there is none: then some set of cells has fewer
/// candidates than members.
fn perfect_matching(dom: &[u64], mates: &mut [u8]) -> bool {
    let n = dom.len();
    let mut owner = [UNMATCHED; MAX_SIZE];
    for (cell, mate) in mates.iter_mut().enumerate() {
        if *mate != UNMATCHED && dom[cell] & (1u64 << *mate) != 0 {
            owner[*mate as usize] = cell as u8;
        } else {
            *mate = UNMATCHED;
        }
    }
    for start in 0..n {
        if mates[start] == UNMATCHED && !augment(dom, mates, &mut owner, start) {
            return false;
        }
    }
    true
}

/// Breadth-first search for an alternating path from the unmatched cell
/// `start` to an unmatched digit; flips it if found.
fn augment(dom: &[u64], mates: &mut [u8], owner: &mut [u8; MAX_SIZE], start: usize) -> bool {
    // parent[d]: the cell from which digit d was reached.
    let mut parent = [UNMATCHED; MAX_SIZE];
    let mut queue = [0u8; MAX_SIZE];
    let (mut head, mut tail) = (0, 1);
    queue[0] = start as u8;
    let mut seen = 0u64;
    while head < tail {
        let cell = queue[head] as usize;
        head += 1;
        let mut fresh = dom[cell] & !seen;
        seen |= fresh;
        while fresh != 0 {
            let digit = fresh.trailing_zeros() as usize;
            fresh &= fresh - 1;
            parent[digit] = cell as u8;
            if owner[digit] == UNMATCHED {
                // Flip the path back to `start`.
                let (mut cell, mut digit) = (cell, digit);
                loop {
                    let previous = mates[cell];
                    mates[cell] = digit as u8;
                    owner[digit] = cell as u8;
                    if cell == start {
                        return true;
                    }
                    digit = previous as usize;
                    cell = parent[digit] as usize;
                }
            }
            queue[tail] = owner[digit];
            tail += 1;
        }
    }
    false
}

/// Each cell's candidates that lie on some perfect matching, given one
/// perfect matching `mates`.
fn prune_to_matchings(dom: &[u64], mates: &[u8]) -> [u64; MAX_SIZE] {
    let n = dom.len();
    let mut owner = [0u8; MAX_SIZE];
    for (cell, &mate) in mates.iter().enumerate() {
        owner[mate as usize] = cell as u8;
    }
    // reach[x]: cells x can reach, starting with the cells whose digit x
    // could take (x itself included, through its own digit).
    let mut reach = [0u64; MAX_SIZE];
    for (r, &domain) in reach.iter_mut().zip(dom) {
        let mut digits = domain;
        while digits != 0 {
            *r |= 1u64 << owner[digits.trailing_zeros() as usize];
            digits &= digits - 1;
        }
    }
    // Transitive closure (Warshall on bit rows): n² word operations, no
    // recursion, and cheap at n <= 64.
    for k in 0..n {
        let bit = 1u64 << k;
        let through = reach[k];
        for r in reach[..n].iter_mut() {
            if *r & bit != 0 {
                *r |= through;
            }
        }
    }
    let mut pruned = [0u64; MAX_SIZE];
    let mut done = 0u64;
    for x in 0..n {
        if done & (1u64 << x) != 0 {
            continue;
        }
        // x's component: the cells it reaches that reach it back.
        let mut component = 0u64;
        let mut digits = 0u64;
        let mut members = reach[x];
        while members != 0 {
            let y = members.trailing_zeros() as usize;
            members &= members - 1;
            if reach[y] & (1u64 << x) != 0 {
                component |= 1u64 << y;
                digits |= 1u64 << mates[y];
            }
        }
        done |= component;
        let mut members = component;
        while members != 0 {
            let y = members.trailing_zeros() as usize;
            members &= members - 1;
            pruned[y] = dom[y] & digits;
        }
    }
    pruned
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Shape, Solver, Step, Strategy};

    fn iterator_count(board: &Board, limit: usize) -> usize {
        Solver::new(board, Strategy::Mrv)
            .filter(|s| matches!(s, Step::Solution(_)))
            .take(limit)
            .count()
    }

    #[test]
    fn a_count_within_narrowed_candidates_counts_only_the_solutions_inside_them() {
        let sudoku = Board::empty(Shape::sudoku(4).expect("4x4"));
        let all = sudoku.shape().all_digits();
        let mut domains = vec![all; sudoku.shape().cell_count()];
        for box_line in [false, true] {
            assert_eq!(
                count_within(&sudoku, &domains, 1000, u64::MAX, box_line),
                Some(288)
            );
        }
        // The top left cell holds 1: a quarter of the solutions, by symmetry.
        domains[0] = 0b0001;
        assert_eq!(
            count_within(&sudoku, &domains, 1000, u64::MAX, true),
            Some(72)
        );
        // Its right neighbour too: none.
        domains[1] = 0b0001;
        assert_eq!(
            count_within(&sudoku, &domains, 1000, u64::MAX, true),
            Some(0)
        );
        // A budget of no branches gives up on a board that needs one.
        assert_eq!(count_within(&sudoku, &[all; 16], 2, 0, true), None);
    }

    #[test]
    fn counts_the_empty_4x4_sudoku_and_latin_square() {
        let sudoku = Board::empty(Shape::sudoku(4).expect("4x4"));
        assert_eq!(
            count_up_to(&sudoku, 1000, u64::MAX, Deadline::NEVER),
            Some(288)
        );
        let latin = Board::empty(Shape::latin(4).expect("4x4 Latin"));
        assert_eq!(
            count_up_to(&latin, 1000, u64::MAX, Deadline::NEVER),
            Some(576)
        );
        assert_eq!(count_up_to(&latin, 10, u64::MAX, Deadline::NEVER), Some(10));
        assert_eq!(count_up_to(&latin, 0, u64::MAX, Deadline::NEVER), Some(0));
        // A budget of no branches gives up on a board that needs one.
        assert_eq!(count_up_to(&latin, 10, 0, Deadline::NEVER), None);
        assert_eq!(first_solution(&latin, 0, Deadline::NEVER), None);
    }

    #[test]
    fn agrees_with_the_step_iterator_on_small_puzzles() {
        // Blank cells of a full grid by a fixed pseudo-random pattern, from
        // nearly full to nearly empty, so counts range from 1 to many.
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for shape in [
            Shape::sudoku(4),
            Shape::sudoku(6),
            Shape::sudoku(8),
            Shape::latin(5),
        ] {
            let shape = shape.expect("valid shape");
            let full = first_solution(&Board::empty(shape), u64::MAX, Deadline::NEVER)
                .flatten()
                .expect("a full grid");
            assert!(full.is_solved());
            for keep_percent in [80u64, 60, 45, 30] {
                let puzzle = crate::test_support::blanked(&full, keep_percent, &mut seed);
                let strong =
                    count_up_to(&puzzle, 500, u64::MAX, Deadline::NEVER).expect("no budget");
                assert!(strong >= 1, "{puzzle:?}");
                assert_eq!(strong, iterator_count(&puzzle, 500), "{puzzle:?}");
                let solution = first_solution(&puzzle, u64::MAX, Deadline::NEVER)
                    .flatten()
                    .expect("solvable");
                assert!(solution.is_solved());
                let kept = puzzle.values().iter().zip(solution.values());
                assert!(kept.into_iter().all(|(&p, &s)| p == 0 || p == s));
            }
        }
    }

    #[test]
    fn other_solution_search_agrees_with_the_step_iterator() {
        // Carve full grids cell by cell, as the generator does, and compare
        // every verdict with an independent count.
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for shape in [
            Shape::sudoku(6),
            Shape::sudoku(9),
            Shape::sudoku(10),
            Shape::sudoku(12),
            Shape::latin(5),
        ] {
            let shape = shape.expect("valid shape");
            let full = first_solution(&Board::empty(shape), u64::MAX, Deadline::NEVER)
                .flatten()
                .expect("a full grid");
            let mut puzzle = full.clone();
            let (mut kept, mut refused) = (0, 0);
            for step in 0..shape.cell_count() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let cell = (seed as usize + step) % shape.cell_count();
                if puzzle.values()[cell] == 0 {
                    continue;
                }
                // Pairs of cells, as the generator's symmetric orbits.
                let image = shape.cell_count() - 1 - cell;
                let orbit = if image == cell {
                    vec![cell]
                } else {
                    vec![cell, image]
                };
                let mut sparser = puzzle.clone();
                for &c in &orbit {
                    sparser.set(crate::Cell(c as u16), None);
                }
                let other = has_other_solution(&sparser, &full, &orbit, u64::MAX);
                let several = iterator_count(&sparser, 2) > 1;
                assert_eq!(other, Some(several), "{sparser:?} {orbit:?} {full:?}");
                // Without branches the answer is sure or absent.
                let quick = has_other_solution(&sparser, &full, &orbit, 0);
                assert!(quick.is_none() || quick == Some(several));
                if several {
                    refused += 1;
                } else {
                    puzzle = sparser;
                    kept += 1;
                }
            }
            assert!(
                kept > 0 && refused > 0,
                "{shape}: {kept} kept, {refused} refused"
            );
        }
    }

    #[test]
    fn pointing_and_claiming_narrow_what_the_house_filter_leaves() {
        // 4x4: digit 1 may only go in the top row's left box cells, so it
        // leaves the rest of that box (claiming); the row filter alone
        // cannot see the box.
        let shape = Shape::sudoku(4).expect("4x4");
        let mut search = Search::new(&Board::empty(shape));
        search.segments = segments(&search.geo);
        let all = shape.all_digits();
        search.domains = vec![all; 16];
        // Row 0: digit 1 (bit 0) only in cells 0 and 1.
        search.domains[2] = all & !1;
        search.domains[3] = all & !1;
        assert!(search.box_line());
        // Box 0 is cells 0, 1, 4, 5: cells 4 and 5 lose digit 1.
        assert_eq!(search.domains[4] & 1, 0);
        assert_eq!(search.domains[5] & 1, 0);
        assert_eq!(search.domains[8] & 1, 1);
    }

    #[test]
    fn matching_filter_removes_edges_outside_every_perfect_matching() {
        // Cells 0 and 1 can only take digits 0 and 1 between them, so cell
        // 2 loses both and keeps digit 2.
        let dom = [0b011, 0b011, 0b111];
        let mut mates = [UNMATCHED; 3];
        assert!(perfect_matching(&dom, &mut mates));
        let pruned = prune_to_matchings(&dom, &mates);
        assert_eq!(&pruned[..3], &[0b011, 0b011, 0b100]);
    }

    #[test]
    fn no_perfect_matching_when_three_cells_share_two_digits() {
        let dom = [0b011, 0b011, 0b011];
        let mut mates = [UNMATCHED; 3];
        assert!(!perfect_matching(&dom, &mut mates));
    }
}
