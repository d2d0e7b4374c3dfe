//! The killer search: candidates as bitmasks, propagated to a fixed point
//! (a placed digit leaves its houses and its cage; hidden singles in each
//! house; each cage keeps only the digits its sum still allows, and places
//! a digit every combination needs where it has one place left), then a
//! branch on the cell with the fewest candidates.

use super::combos::{self, Combos};
use super::Cages;
use crate::shape::{geometry, Geometry};
use crate::{Board, Deadline, TimedOut};
use std::sync::Arc;

/// Nodes between two looks at the clock.
const CLOCK_EVERY_NODES: u64 = 1024;

struct Search {
    geo: Arc<Geometry>,
    /// Groups of cells of one house whose sum is known: each cage with a
    /// sum, and each house's innies (the house less the cages wholly in
    /// it: the rule of 45). Digits differ within each group.
    sum_groups: Vec<(Vec<u16>, u32)>,
    /// Each cell's cage mates (the cage without the cell).
    mates: Vec<Vec<u16>>,
    all: u64,
    nodes: u64,
    deadline: Deadline,
    timed_out: bool,
    limit: usize,
    found: usize,
    /// The first solutions found (up to `limit`).
    solutions: Vec<Vec<u8>>,
}

/// Candidates of every cell; a cell with one candidate is filled, and
/// `placed` says whether its digit has left its peers yet.
#[derive(Clone)]
struct Node {
    cand: Vec<u64>,
    placed: Vec<bool>,
}

pub(crate) fn first_solution(
    board: &Board,
    cages: &Cages,
    deadline: Deadline,
) -> Result<Option<Vec<u8>>, TimedOut> {
    let mut search = Search::new(board, cages, 1, deadline);
    search.run(board)?;
    Ok(search.solutions.pop())
}

/// A solution of a killer other than `known` (one of its solutions), if
/// it has one: the two first solutions found tell.
pub(crate) fn other_solution(board: &Board, cages: &Cages, known: &[u8]) -> Option<Board> {
    let mut search = Search::new(board, cages, 2, Deadline::NEVER);
    search.run(board).ok()?;
    let other = search.solutions.into_iter().find(|s| s != known)?;
    board.with_values(other)
}

pub(crate) fn count_up_to(
    board: &Board,
    cages: &Cages,
    limit: usize,
    deadline: Deadline,
) -> Result<usize, TimedOut> {
    let mut search = Search::new(board, cages, limit, deadline);
    search.run(board)?;
    Ok(search.found)
}

/// The rule of 45 in each house: the cells the cages wholly inside it
/// (with sums) leave, and the sum those cells must make. Houses with no
/// such cage, or none left over, add nothing.
fn innies(geo: &Geometry, cages: &Cages, cage_cells: &[Vec<u16>]) -> Vec<(Vec<u16>, u32)> {
    let n = geo.shape.size() as u32;
    let house_sum = n * (n + 1) / 2;
    let mut groups = Vec::new();
    for cells in &geo.house_cells {
        let mut inside = 0;
        let mut rest: Vec<u16> = cells.clone();
        for (cage, members) in cages.iter().zip(cage_cells) {
            let Some(sum) = cage.sum() else { continue };
            if members.iter().all(|c| cells.contains(c)) {
                inside += u32::from(sum);
                rest.retain(|c| !members.contains(c));
            }
        }
        if inside > 0 && !rest.is_empty() && rest.len() < cells.len() {
            if let Some(left) = house_sum.checked_sub(inside) {
                groups.push((rest, left));
            }
        }
    }
    groups
}

impl Search {
    fn new(board: &Board, cages: &Cages, limit: usize, deadline: Deadline) -> Search {
        let shape = board.shape();
        let cage_cells: Vec<Vec<u16>> = cages
            .iter()
            .map(|cage| cage.cells().iter().map(|c| c.0).collect())
            .collect();
        let mut mates = vec![Vec::new(); shape.cell_count()];
        for cells in &cage_cells {
            for &c in cells {
                mates[c as usize] = cells.iter().copied().filter(|&m| m != c).collect();
            }
        }
        let geo = geometry(shape);
        let mut sum_groups: Vec<(Vec<u16>, u32)> = cages
            .iter()
            .zip(&cage_cells)
            .filter_map(|(cage, cells)| Some((cells.clone(), u32::from(cage.sum()?))))
            .collect();
        sum_groups.extend(innies(&geo, cages, &cage_cells));
        Search {
            geo,
            sum_groups,
            mates,
            all: shape.all_digits(),
            nodes: 0,
            deadline,
            timed_out: false,
            limit: limit.max(1),
            found: 0,
            solutions: Vec::new(),
        }
    }

    fn root(&self, board: &Board) -> (Node, Vec<u16>) {
        let mut node = Node {
            cand: vec![self.all; board.values().len()],
            placed: vec![false; board.values().len()],
        };
        let mut queue = Vec::new();
        for (c, &v) in board.values().iter().enumerate() {
            if v != 0 {
                node.cand[c] = 1 << (v - 1);
                queue.push(c as u16);
            }
        }
        (node, queue)
    }

    fn run(&mut self, board: &Board) -> Result<(), TimedOut> {
        let (mut node, mut queue) = self.root(board);
        if self.propagate(&mut node, &mut queue) {
            self.branch(node);
        }
        if self.timed_out {
            Err(TimedOut)
        } else {
            Ok(())
        }
    }

    /// Whether the search should stop: enough solutions, or out of time.
    fn done(&self) -> bool {
        self.found >= self.limit || self.timed_out
    }

    fn branch(&mut self, node: Node) {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY_NODES) && self.deadline.passed() {
            self.timed_out = true;
            return;
        }
        // The open cell with the fewest candidates.
        let mut best = None;
        let mut best_len = u32::MAX;
        for (c, &cand) in node.cand.iter().enumerate() {
            let len = cand.count_ones();
            if len > 1 && len < best_len {
                best_len = len;
                best = Some(c);
                if len == 2 {
                    break;
                }
            }
        }
        let Some(cell) = best else {
            self.found += 1;
            if self.solutions.len() < self.limit.min(2) {
                self.solutions.push(
                    node.cand
                        .iter()
                        .map(|&m| m.trailing_zeros() as u8 + 1)
                        .collect(),
                );
            }
            return;
        };
        let mut options = node.cand[cell];
        while options != 0 && !self.done() {
            let bit = options & options.wrapping_neg();
            options &= options - 1;
            let mut child = node.clone();
            child.cand[cell] = bit;
            let mut queue = vec![cell as u16];
            if self.propagate(&mut child, &mut queue) {
                self.branch(child);
            }
        }
    }

    /// Propagates to a fixed point; `false` on a contradiction.
    fn propagate(&self, node: &mut Node, queue: &mut Vec<u16>) -> bool {
        loop {
            while let Some(c) = queue.pop() {
                let c = c as usize;
                if node.placed[c] {
                    continue;
                }
                node.placed[c] = true;
                let bit = node.cand[c];
                for &p in self.geo.peers[c].iter().chain(&self.mates[c]) {
                    let p = p as usize;
                    if node.cand[p] & bit != 0 {
                        node.cand[p] &= !bit;
                        let left = node.cand[p];
                        if left == 0 {
                            return false;
                        }
                        if left.is_power_of_two() {
                            queue.push(p as u16);
                        }
                    }
                }
            }
            match self.houses(node, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.sums(node, queue) {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// Hidden singles in every house. `None` on a digit with no place.
    fn houses(&self, node: &mut Node, queue: &mut Vec<u16>) -> Option<bool> {
        let mut progress = false;
        for cells in &self.geo.house_cells {
            let (mut once, mut twice) = (0u64, 0u64);
            for &c in cells {
                let cand = node.cand[c as usize];
                twice |= once & cand;
                once |= cand;
            }
            if once != self.all {
                return None;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                for &c in cells {
                    let c = c as usize;
                    if node.cand[c] & bit != 0 {
                        if node.cand[c] != bit {
                            node.cand[c] = bit;
                            queue.push(c as u16);
                            progress = true;
                        }
                        break;
                    }
                }
            }
        }
        Some(progress)
    }

    /// Each cage with a sum keeps only the digits its combinations allow.
    fn sums(&self, node: &mut Node, queue: &mut Vec<u16>) -> Option<bool> {
        let mut progress = false;
        for (cells, sum) in &self.sum_groups {
            let sum = *sum;
            let (mut fixed, mut fixed_sum, mut open, mut open_cells) = (0u64, 0u32, 0u64, 0u32);
            // Which of the cage's cells were open before this pass.
            let mut was_open = 0u64;
            for (k, &c) in cells.iter().enumerate() {
                let cand = node.cand[c as usize];
                if cand.is_power_of_two() {
                    if fixed & cand != 0 {
                        return None;
                    }
                    fixed |= cand;
                    fixed_sum += cand.trailing_zeros() + 1;
                } else {
                    open |= cand;
                    open_cells += 1;
                    was_open |= 1 << k;
                }
            }
            let left = sum.checked_sub(fixed_sum)?;
            let Combos { union, common } = combos::combos(open & !fixed, open_cells, left)?;
            if open_cells == 0 {
                continue;
            }
            for &c in cells {
                let c = c as usize;
                let cand = node.cand[c];
                if cand.is_power_of_two() || cand & !union == 0 {
                    continue;
                }
                let kept = cand & union;
                if kept == 0 {
                    return None;
                }
                node.cand[c] = kept;
                progress = true;
                if kept.is_power_of_two() {
                    queue.push(c as u16);
                }
            }
            // A digit every combination needs, with one place left in the cage.
            let mut needed = common;
            while needed != 0 {
                let bit = needed & needed.wrapping_neg();
                needed &= needed - 1;
                let mut place = None;
                let mut places = 0;
                for (k, &c) in cells.iter().enumerate() {
                    if was_open & (1 << k) != 0 && node.cand[c as usize] & bit != 0 {
                        places += 1;
                        place = Some(c);
                    }
                }
                match (places, place) {
                    (0, _) => return None,
                    (1, Some(c)) if node.cand[c as usize] != bit => {
                        node.cand[c as usize] = bit;
                        queue.push(c);
                        progress = true;
                    }
                    _ => {}
                }
            }
        }
        Some(progress)
    }
}
