//! The length of the shortest static chain from an assumption to its own
//! opposite, without following the chain: the single-chain searches only
//! need each start's length to pick the shortest, and then propagate that
//! one start to spell its chain out.
//!
//! Static links come in contrapositive pairs: `x` on turns `y` off exactly
//! when `y` on turns `x` off, and `x` off turns `y` on exactly when `y` off
//! turns `x` on. So a path from the start `s` to `¬x` read backwards and
//! negated is a path from `x` to `¬s`, and the shortest chain from `s` to
//! `¬s` is the least `d(x) + d(¬x)` over the facts `x` that `s` reaches
//! both ways (`d` the distance from `s`). Its middle fact is at most half
//! its length from `s`: a breadth-first search from `s` settles a chain of
//! length `L` after about `L / 2` levels, where a propagation goes `L`
//! levels deep, and the levels near the end are the wide ones.

use super::StaticLinks;
use crate::grader::grid::bits;

/// Bits of the `off` keys (`i * 2`) of a word.
const OFF_KEYS: u64 = 0x5555_5555_5555_5555;

/// The facts of a word's keys negated: each key's bit moved to its
/// opposite's (the two keys of a candidate share a word).
fn negated(word: u64) -> u64 {
    ((word & OFF_KEYS) << 1) | ((word >> 1) & OFF_KEYS)
}

/// A breadth-first search over [`StaticLinks`]' keys, reused from start
/// to start.
pub(super) struct ShortestChain {
    visited: Vec<u64>,
    frontier: Vec<u64>,
    next: Vec<u64>,
    /// The distance of each visited key from the start.
    level: Vec<u16>,
}

impl ShortestChain {
    pub fn new(links: &StaticLinks) -> ShortestChain {
        ShortestChain {
            visited: vec![0; links.words],
            frontier: vec![0; links.words],
            next: vec![0; links.words],
            level: vec![0; links.keys()],
        }
    }

    /// The number of links of the shortest chain from compact key `start`
    /// to its opposite over `links` (only through the keys of `within`,
    /// when given), when it is below `below`: the depth at which
    /// [`Net::propagate`](super::Net::propagate) in the same static mode
    /// finds the start's opposite.
    pub fn length(
        &mut self,
        links: &StaticLinks,
        start: usize,
        within: Option<&[u64]>,
        below: usize,
    ) -> Option<usize> {
        let words = links.words;
        self.visited.fill(0);
        self.frontier.fill(0);
        self.visited[start / 64] |= 1 << (start % 64);
        self.frontier[start / 64] |= 1 << (start % 64);
        self.level[start] = 0;
        // The least d(x) + d(¬x) over the facts reached both ways so far.
        let mut shortest = usize::MAX;
        let mut depth = 0;
        loop {
            // Every fact up to `depth` away is known: a chain of length
            // `2 * depth` or less has its middle fact among them, so the
            // least sum is exact once it is that short.
            if shortest <= 2 * depth {
                break;
            }
            // Every chain still unseen is longer than `2 * depth`.
            if 2 * depth + 1 >= below {
                return None;
            }
            self.next.fill(0);
            for w in 0..words {
                for key in bits(self.frontier[w]) {
                    let key = w * 64 + key;
                    let row = &links.succ[key * words..(key + 1) * words];
                    for (acc, &s) in self.next.iter_mut().zip(row) {
                        *acc |= s;
                    }
                }
            }
            let mut any = false;
            for w in 0..words {
                let mask = within.map_or(!0, |within| within[w]);
                let fresh = self.next[w] & !self.visited[w] & mask;
                self.next[w] = fresh;
                self.visited[w] |= fresh;
                any |= fresh != 0;
            }
            if !any {
                // Every fact the start reaches is known: the least sum is
                // the length, if there is a chain at all.
                break;
            }
            depth += 1;
            for w in 0..words {
                for key in bits(self.next[w]) {
                    self.level[w * 64 + key] = depth as u16;
                }
            }
            for w in 0..words {
                for key in bits(self.next[w] & negated(self.visited[w])) {
                    let opposite = (w * 64 + key) ^ 1;
                    shortest = shortest.min(depth + self.level[opposite] as usize);
                }
            }
            std::mem::swap(&mut self.frontier, &mut self.next);
        }
        (shortest < below).then_some(shortest)
    }
}

/// Per digit, the keys of its candidates (`words` words each): an x-chain
/// of the digit takes the static links between them (every link inside a
/// cell joins two digits).
pub(super) fn keys_by_digit(links: &StaticLinks, n: usize) -> Vec<u64> {
    let words = links.words;
    let mut masks = vec![0u64; n * words];
    for (i, &cand) in links.cands.iter().enumerate() {
        let key = i * 2;
        masks[(cand as usize % n) * words + key / 64] |= 3 << (key % 64);
    }
    masks
}

#[cfg(test)]
mod tests {
    use super::super::{Links, Mode, Net};
    use super::*;
    use crate::format::parse_puzzle;
    use crate::grader::grid::{Finding, Grid};
    use crate::grader::{find_next_by, Found, Rules};
    use crate::ShapeHint;

    /// The propagation's depth of the start's opposite, if it gets there.
    fn propagated(net: &mut Net, cand: usize, on: bool, links: Links) -> Option<usize> {
        net.propagate(cand, on, Mode::Static(links));
        let target = net.conflict.as_ref()?.events[0];
        Some(net.events[target as usize].depth as usize)
    }

    /// Along SE's path of top1465's first puzzle and of a dealt expert
    /// 16x16, at every fifth position: every start's length, over all
    /// links and over one digit's, is the depth at which a propagation
    /// finds the start's opposite; a bound cuts off exactly the longer
    /// chains.
    #[test]
    fn the_lengths_are_the_depths_a_propagation_finds() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "..5....8...C9.6E4.7....D1...BFG....86..2EFD.C....GC9...73B.......9....A..1.B..D.8..2D4....E.195...4...E3..C6....GA.7.261...54......BC...G89.5.F3....1A..52...C...3D6.G....1F8..A.4..8.9..E....1.......F9B...2GA....D.62BC..8E....213...A9....4.7B5.G3...A....6..",
        ];
        let (mut chains, mut none) = (0, 0);
        for line in puzzles {
            let board = parse_puzzle(line, ShapeHint::Infer).expect("a puzzle");
            let mut grid = Grid::new(&board).expect("consistent givens");
            let mut step = Finding::default();
            for position in 0.. {
                if grid.empty == 0 || grid.broken {
                    break;
                }
                if position % 5 == 0 {
                    let n = grid.size();
                    let links = StaticLinks::new(&grid);
                    let digit_keys = keys_by_digit(&links, n);
                    let words = links.words;
                    let mut lengths = ShortestChain::new(&links);
                    let mut net = Net::new(&grid);
                    for (i, &cand) in links.cands.iter().enumerate() {
                        let (cand, digit) = (cand as usize, cand as usize % n);
                        let x_links = Links {
                            digit: Some(digit),
                            cells: false,
                            units: true,
                            pair: 0,
                        };
                        let within = &digit_keys[digit * words..(digit + 1) * words];
                        for on in [true, false] {
                            let key = i * 2 + usize::from(on);
                            let all = propagated(&mut net, cand, on, Links::ALL);
                            assert_eq!(lengths.length(&links, key, None, usize::MAX), all);
                            let x = propagated(&mut net, cand, on, x_links);
                            assert_eq!(lengths.length(&links, key, Some(within), usize::MAX), x);
                            if let Some(length) = all {
                                chains += 1;
                                let cut = lengths.length(&links, key, None, length);
                                assert_eq!(cut, None, "bounded at its own length");
                                let kept = lengths.length(&links, key, None, length + 1);
                                assert_eq!(kept, Some(length));
                            } else {
                                none += 1;
                            }
                        }
                    }
                }
                if find_next_by(&grid, Rules::Explainer, false, &mut step) != Found::Step {
                    break;
                }
                grid.apply(&step);
            }
        }
        assert!(chains > 0 && none > 0, "{chains} chains, {none} without");
    }
}
