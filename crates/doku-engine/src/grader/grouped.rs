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
//! A chain with a group runs through a strong link with a group at one end
//! (group nodes exist only as such links' ends), and there are few of
//! those. So for each, a breadth-first sweep over bits of nodes finds the
//! ends its chains reach forwards, and (the same sweep from the link turned
//! round, as a chain read backwards is a chain) the starts, level by level;
//! the candidates that a start and an end of the shortest total length both
//! see are the victims. Only for those a search finds the chain to show.

use super::cycles::{with_graph, Flavour, Graph};
use super::explain::removals_by_digit;
use super::grid::{bits, Finding, Grid, Pattern};
use super::{chain_length_increment, Technique};

/// Longest chain searched, in strong links (as the loops).
const MAX_STRONG: usize = 10;

/// The shortest grouped chain of `technique`'s kind that removes
/// something, with the most removals among the shortest.
#[inline(never)]
pub(crate) fn grouped_chain(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let flavour = if technique == Technique::GroupedXChain {
        Flavour::X
    } else {
        Flavour::Mixed
    };
    with_graph(grid, true, |graph| {
        let Some(victims) = shortest_victims(grid, graph, flavour) else {
            return false;
        };
        let mut search = Search::new(grid, graph, flavour);
        let mut best: Option<Chain> = None;
        for (cell, d) in victims {
            if !search.ends_of(cell, d) {
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
        let Some(chain) = best else {
            return false;
        };
        describe(grid, graph, chain, out);
        true
    })
}

/// How many victims of the shortest length get a full search for their
/// chain (the one shown has the most removals among them).
const MAX_TRIED: usize = 12;

/// The candidates (cell, 0-based digit) that see both ends of a chain with
/// a group of the shortest length there is, or None.
fn shortest_victims(grid: &Grid, graph: &Graph, flavour: Flavour) -> Option<Vec<(usize, usize)>> {
    let n = grid.size();
    let cell_words = grid.cands.len().div_ceil(64);
    // Per digit, the cells holding it.
    let mut holding = vec![0u64; n * cell_words];
    for (c, &cands) in grid.cands.iter().enumerate() {
        for d in bits(cands) {
            holding[d * cell_words + c / 64] |= 1 << (c % 64);
        }
    }
    let mut sweep = Sweep::new(grid, graph, flavour);
    // Each node's sweep, made when first needed: most nodes end more than
    // one group link.
    let mut made: Vec<Option<Levels>> = Vec::new();
    made.resize_with(graph.nodes.len(), || None);
    let mut best_len = MAX_STRONG + 1;
    let mut victims: Vec<(usize, usize)> = Vec::new();
    let mut found = Vec::new();
    for g in (0..graph.strong.len() as u32).step_by(2) {
        if !graph.is_group_link(g) || !graph.allows(g, flavour) {
            continue;
        }
        // Chains x ... =g= ... y: the starts are the ends of the chains
        // from the link turned round.
        let link = graph.strong[g as usize];
        for x in [link.from, link.to] {
            if made[x as usize].is_none() {
                made[x as usize] = Some(sweep.from(x));
            }
        }
        let (Some(starts), Some(ends)) = (&made[link.from as usize], &made[link.to as usize])
        else {
            continue;
        };
        let mut meet = starts.all.iter().zip(&ends.all).zip(&holding);
        if meet.all(|((x, y), h)| x & y & h == 0) {
            continue;
        }
        for len in 1..=best_len.min(MAX_STRONG) {
            found.clear();
            for a in 0..len.min(starts.count) {
                let b = len - 1 - a;
                if b >= ends.count {
                    continue;
                }
                let (xs, ys) = (starts.level(a), ends.level(b));
                for (i, ((x, y), h)) in xs.iter().zip(ys).zip(&holding).enumerate() {
                    for bit in bits(x & y & h) {
                        found.push(((i % cell_words) * 64 + bit, i / cell_words));
                    }
                }
            }
            if found.is_empty() {
                continue;
            }
            if len < best_len {
                best_len = len;
                victims.clear();
            }
            victims.extend_from_slice(&found);
            break;
        }
    }
    victims.sort_unstable();
    victims.dedup();
    victims.truncate(MAX_TRIED);
    (!victims.is_empty()).then_some(victims)
}

/// What chains from one node on reach, level by level (level k: k strong
/// links on from it), each level kept as the candidates their ends see
/// (per digit, bits over cells), and all levels together.
struct Levels {
    levels: Vec<u64>,
    count: usize,
    all: Vec<u64>,
}

impl Levels {
    fn level(&self, k: usize) -> &[u64] {
        let size = self.all.len();
        &self.levels[k * size..(k + 1) * size]
    }
}

/// A breadth-first sweep over bits of nodes.
struct Sweep<'a> {
    grid: &'a Grid,
    graph: &'a Graph,
    flavour: Flavour,
    cell_words: usize,
    /// Per node x, the nodes one weak and one strong link on from it
    /// (x on, a node it sees off, that node's strong partner on), as bits
    /// over nodes, `graph.node_words` each.
    /// (made when a sweep first reaches the node)
    on_next: Vec<u64>,
    on_next_made: Vec<bool>,
    on: Vec<u64>,
    next: Vec<u64>,
    seen: Vec<u64>,
}

impl<'a> Sweep<'a> {
    fn new(grid: &'a Grid, graph: &'a Graph, flavour: Flavour) -> Sweep<'a> {
        let w = graph.node_words;
        Sweep {
            grid,
            graph,
            flavour,
            cell_words: grid.cands.len().div_ceil(64),
            on_next: vec![0; graph.nodes.len() * w],
            on_next_made: vec![false; graph.nodes.len()],
            on: vec![0; w],
            next: vec![0; w],
            seen: vec![0; w],
        }
    }

    /// The levels of the chains from node `start` on, up to chains of
    /// `MAX_STRONG - 1` strong links.
    fn from(&mut self, start: u32) -> Levels {
        let w = self.graph.node_words;
        let size = self.grid.size() * self.cell_words;
        let mut out = Levels {
            levels: Vec::with_capacity(size * 4),
            count: 0,
            all: vec![0; size],
        };
        self.on.fill(0);
        self.seen.fill(0);
        self.on[start as usize / 64] |= 1 << (start % 64);
        self.seen[start as usize / 64] |= 1 << (start % 64);
        loop {
            self.keep_level(&mut out);
            if out.count == MAX_STRONG {
                break;
            }
            self.next.fill(0);
            let on = std::mem::take(&mut self.on);
            for x in ones(&on) {
                self.make_on_next(x);
                let row = &self.on_next[x as usize * w..(x as usize + 1) * w];
                for (acc, &bit) in self.next.iter_mut().zip(row) {
                    *acc |= bit;
                }
            }
            self.on = on;
            let mut any = false;
            for ((acc, seen), on) in self
                .next
                .iter_mut()
                .zip(self.seen.iter_mut())
                .zip(self.on.iter_mut())
            {
                *acc &= !*seen;
                *seen |= *acc;
                *on = *acc;
                any |= *acc != 0;
            }
            if !any {
                break;
            }
        }
        out
    }

    /// Fills node `x`'s row of `on_next` unless it is made.
    fn make_on_next(&mut self, x: u32) {
        let (graph, flavour) = (self.graph, self.flavour);
        if std::mem::replace(&mut self.on_next_made[x as usize], true) {
            return;
        }
        let w = graph.node_words;
        let row = &mut self.on_next[x as usize * w..(x as usize + 1) * w];
        for weak in graph.weak_rows(x, flavour) {
            for z in ones(weak) {
                for &s in graph.links_from(z) {
                    if graph.allows(s, flavour) {
                        let y = graph.strong[s as usize].to;
                        row[y as usize / 64] |= 1 << (y % 64);
                    }
                }
            }
        }
    }

    /// Adds the level of the ends in `on`: the candidates they see.
    fn keep_level(&self, out: &mut Levels) {
        let (grid, graph) = (self.grid, self.graph);
        let cell_words = self.cell_words;
        let size = out.all.len();
        let at = out.levels.len();
        out.levels.resize(at + size, 0);
        let level = &mut out.levels[at..];
        for x in ones(&self.on) {
            let nd = &graph.nodes[x as usize];
            let d = nd.digit as usize;
            let row = &mut level[d * cell_words..(d + 1) * cell_words];
            for (acc, &seen) in row.iter_mut().zip(graph.seen_cells(x)) {
                *acc |= seen;
            }
            if self.flavour == Flavour::Mixed && !nd.is_group() {
                let c = nd.cells()[0] as usize;
                for e in bits(grid.cands[c] & !(1 << d)) {
                    level[e * cell_words + c / 64] |= 1 << (c % 64);
                }
            }
        }
        for (acc, &bit) in out.all.iter_mut().zip(level.iter()) {
            *acc |= bit;
        }
        out.count += 1;
    }
}

/// The set bits of a bitset, as indices.
fn ones(set: &[u64]) -> impl Iterator<Item = u32> + '_ {
    set.iter()
        .enumerate()
        .flat_map(|(w, &word)| bits(word).map(move |b| (w * 64 + b) as u32))
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
    /// The nodes weakly linked to the victim: a chain's possible ends.
    ends: Vec<u32>,
    is_end: Vec<u32>,
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
            ends: Vec::new(),
            is_end: vec![0; graph.nodes.len()],
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
            for e in bits(grid.cands[cell] & !(1 << d)) {
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
