//! Open chains with grouped nodes: grouped X-chains (one digit) and
//! grouped alternating inference chains (mixed links), over the graph of
//! cycles.rs (HoDoKu's "Grouped X-Chain" and "Grouped AIC", Eureka's
//! discontinuous nice loops with groups).
//!
//! A chain x = a - b = ... = y starts and ends with a strong link: if x is
//! off, a is on, b off, ... and y on. So x or y is on, and a candidate
//! weakly linked to both (it sees both, or shares a cell with one and sees
//! the other's digit there) goes. A group node is a digit in one of two or
//! more cells of a box that share a row or column.
//!
//! They run after the plain chains of their kind, which remove everything a
//! chain without groups can: Sudoku Explainer's chains start from the
//! victim and reach every plain chain's end. So a quick scan first finds
//! the candidates that see both ends of any chain (through the reach of
//! the link graph's parts), and only for those a search finds the shortest
//! chain with a group.

use super::cycles::{with_graph, Flavour, Graph, Parts};
use super::explain::removals_by_digit;
use super::grid::{Finding, Grid, Pattern};
use super::{chain_length_increment, Technique};

/// Longest chain searched, in strong links (as the loops).
const MAX_STRONG: usize = 10;

/// The shortest grouped chain of `technique`'s kind that removes
/// something, with the most removals among the shortest.
pub(crate) fn grouped_chain(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let flavour = if technique == Technique::GroupedXChain {
        Flavour::X
    } else {
        Flavour::Mixed
    };
    with_graph(grid, |graph| {
        if graph.groups_of.iter().all(Vec::is_empty) {
            return false;
        }
        let mut search = Search::new(grid, graph, flavour);
        let mut best: Option<Chain> = None;
        for cell in 0..grid.cands.len() {
            for d in super::grid::bits(grid.cands[cell]) {
                // A chain of one digit needs a group of that digit.
                let no_group = flavour == Flavour::X && graph.groups_of[d].is_empty();
                if no_group || !search.ends_of(cell, d) || !search.has_chain() {
                    continue;
                }
                let limit = best.as_ref().map_or(MAX_STRONG, |b| b.links.len());
                if let Some(chain) = search.shortest(limit) {
                    let better = best.as_ref().is_none_or(|b| {
                        (chain.links.len(), b.victims.len()) < (b.links.len(), chain.victims.len())
                    });
                    if better {
                        best = Some(chain);
                    }
                }
            }
        }
        let Some(chain) = best else {
            return false;
        };
        describe(grid, graph, chain, out);
        true
    })
}

/// A chain found: its oriented strong links in order, and what it removes.
struct Chain {
    links: Vec<u32>,
    victims: Vec<(u16, u8)>,
}

/// The state of the search for one position: the ends around the current
/// victim, and the breadth-first search's arrays (by generation, so no
/// search clears them).
struct Search<'a> {
    grid: &'a Grid,
    graph: &'a Graph,
    flavour: Flavour,
    parts: &'a Parts,
    /// The nodes weakly linked to the victim: a chain's possible ends.
    ends: Vec<u32>,
    is_end: Vec<u32>,
    /// The links into `ends`, as bits over links.
    into_ends: Vec<u64>,
    generation: u32,
    /// Per search state (link * 2 + whether the chain so far has a group).
    mark: Vec<u32>,
    parent: Vec<u32>,
    origin: Vec<u32>,
    queue: Vec<u32>,
}

impl<'a> Search<'a> {
    fn new(grid: &'a Grid, graph: &'a Graph, flavour: Flavour) -> Search<'a> {
        let links = graph.strong.len();
        Search {
            grid,
            graph,
            flavour,
            parts: graph.parts(flavour),
            ends: Vec::new(),
            is_end: vec![0; graph.nodes.len()],
            into_ends: vec![0; links.div_ceil(64).max(1)],
            generation: 0,
            mark: vec![0; links * 2],
            parent: vec![0; links * 2],
            origin: vec![0; links * 2],
            queue: Vec::new(),
        }
    }

    /// Collects the nodes weakly linked to candidate (`cell`, `d`), the
    /// ends a chain removing it needs; false when there are not two.
    fn ends_of(&mut self, cell: usize, d: usize) -> bool {
        let (grid, graph) = (self.grid, self.graph);
        let n = grid.size();
        self.generation += 1;
        self.ends.clear();
        for &p in &grid.geo.peers[cell] {
            let x = graph.plain[p as usize * n + d];
            if x != u32::MAX {
                self.ends.push(x);
            }
        }
        for &g in &graph.groups_of[d] {
            if graph.sees(g, cell) {
                self.ends.push(g);
            }
        }
        if self.flavour == Flavour::Mixed {
            for e in super::grid::bits(grid.cands[cell] & !(1 << d)) {
                let x = graph.plain[cell * n + e];
                if x != u32::MAX {
                    self.ends.push(x);
                }
            }
        }
        for &x in &self.ends {
            self.is_end[x as usize] = self.generation;
        }
        self.ends.len() >= 2
    }

    /// Whether some chain (grouped or not) joins two of the ends: a link
    /// from one reaches a link into another.
    fn has_chain(&mut self) -> bool {
        let graph = self.graph;
        self.into_ends.fill(0);
        for &y in &self.ends {
            for &s in graph.links_from(y) {
                // The same link the other way round ends in y.
                let t = s ^ 1;
                if graph.allows(t, self.flavour) {
                    self.into_ends[t as usize / 64] |= 1 << (t % 64);
                }
            }
        }
        self.ends.iter().any(|&x| {
            graph.links_from(x).iter().any(|&s| {
                graph.allows(s, self.flavour)
                    && self
                        .parts
                        .reach_of(graph, s)
                        .iter()
                        .zip(&self.into_ends)
                        .any(|(a, b)| a & b != 0)
            })
        })
    }

    /// The shortest chain with a group between two different ends, of at
    /// most `limit` strong links, and its removals (the ends' common
    /// victims). None when it is not simple (a node twice), which a
    /// shortest chain rarely is.
    fn shortest(&mut self, limit: usize) -> Option<Chain> {
        let graph = self.graph;
        let flavour = self.flavour;
        // A search stamps its states with the victim's generation.
        let visit = self.generation;
        self.queue.clear();
        for i in 0..self.ends.len() {
            let x = self.ends[i];
            for &s in graph.links_from(x) {
                if !graph.allows(s, flavour) {
                    continue;
                }
                let state = s * 2 + graph.is_group_link(s) as u32;
                if self.mark[state as usize] != visit {
                    self.mark[state as usize] = visit;
                    self.parent[state as usize] = u32::MAX;
                    self.origin[state as usize] = x;
                    self.queue.push(state);
                }
            }
        }
        let mut head = 0;
        let mut depth_end = self.queue.len();
        let mut depth = 1;
        while head < self.queue.len() {
            if head == depth_end {
                depth += 1;
                depth_end = self.queue.len();
                if depth > limit {
                    return None;
                }
            }
            let state = self.queue[head];
            head += 1;
            let (s, grouped) = (state / 2, state % 2 == 1);
            let y = graph.strong[s as usize].to;
            let x = self.origin[state as usize];
            if grouped && self.is_end[y as usize] == visit && y != x {
                return self.chain_to(state, x, y);
            }
            for &t in graph.next(s, flavour) {
                let next = t * 2 + (grouped || graph.is_group_link(t)) as u32;
                if self.mark[next as usize] != visit {
                    self.mark[next as usize] = visit;
                    self.parent[next as usize] = state;
                    self.origin[next as usize] = x;
                    self.queue.push(next);
                }
            }
        }
        None
    }

    fn chain_to(&self, last: u32, x: u32, y: u32) -> Option<Chain> {
        let graph = self.graph;
        let mut links = vec![last / 2];
        let mut at = last;
        while self.parent[at as usize] != u32::MAX {
            at = self.parent[at as usize];
            links.push(at / 2);
        }
        links.reverse();
        let mut nodes: Vec<u32> = Vec::with_capacity(links.len() * 2);
        for &s in &links {
            let st = graph.strong[s as usize];
            for node in [st.from, st.to] {
                if nodes.contains(&node) {
                    return None;
                }
                nodes.push(node);
            }
        }
        let mut victims = Vec::new();
        graph.victims_of_either(self.grid, x, y, &mut victims);
        victims.sort_unstable();
        Some(Chain { links, victims })
    }
}

/// Fills `out` with the chain: its technique by the links it uses (a chain
/// of one digit is an X-chain), rating, drawing and words.
fn describe(grid: &Grid, graph: &Graph, chain: Chain, out: &mut Finding) {
    let links = &chain.links;
    let first_digit = graph.nodes[graph.strong[links[0] as usize].from as usize].digit;
    let one_digit = links.iter().all(|&s| {
        let st = graph.strong[s as usize];
        !st.in_cell && graph.nodes[st.from as usize].digit == first_digit
    });
    let technique = if one_digit {
        Technique::GroupedXChain
    } else {
        Technique::GroupedAic
    };
    out.start(technique, Pattern::Chain);
    // Counted as Sudoku Explainer counts the plain chain that removes the
    // same candidate: the victim assumed, the chain's nodes (a group as
    // one), and the victim refuted.
    let nodes = 2 * links.len() + 2;
    out.complexity = nodes as u16;
    out.rating = technique.se_rating() + chain_length_increment(nodes);
    out.eliminations.extend(&chain.victims);
    let mut words = Vec::with_capacity(2 * links.len());
    for (i, &s) in links.iter().enumerate() {
        let st = graph.strong[s as usize];
        words.push(graph.say(grid, st.from, false));
        words.push(graph.say(grid, st.to, true));
        graph.push_links(st.from, false, st.to, true, &mut out.chain);
        if let Some(&next) = links.get(i + 1) {
            let next = graph.strong[next as usize];
            graph.push_links(st.to, true, next.from, false, &mut out.chain);
        }
    }
    graph.fill_cells(
        links
            .iter()
            .flat_map(|&s| [graph.strong[s as usize].from, graph.strong[s as usize].to]),
        out,
    );
    let first = graph.strong[links[0] as usize].from;
    let last = graph.strong[links[links.len() - 1] as usize].to;
    out.text = format!(
        "{}: if the chain's first candidate is false its last is true, so {} or {} (braces are a group: the digit in one of its cells), and what sees both goes: {}",
        words.join(" so "),
        graph.say(grid, first, true),
        graph.say(grid, last, true),
        removals_by_digit(grid, &out.eliminations)
    );
}
