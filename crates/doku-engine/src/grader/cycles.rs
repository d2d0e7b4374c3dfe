//! Continuous loops: X-cycles, XY-cycles and continuous nice loops, plain
//! or with grouped nodes, and the strong-link graph they share with the
//! grouped chains (grouped.rs).
//!
//! A node is a digit in one cell, or (grouped) in one of two or more cells
//! of a box that share a row or column: "on" when the digit is in it. A
//! strong link joins two nodes of which exactly one is on: the two
//! candidates of a bivalue cell, or the two places of a digit in a house
//! (a group counting as one place). A weak link joins two nodes that are
//! not both on: two digits of one cell, or one digit in nodes whose cells
//! all see each other.
//!
//! A continuous loop alternates strong and weak links and closes on
//! itself: node 1 = node 2 - node 3 = node 4 - ... - node 1. Whether node 1
//! is on or off, the loop then reads one way all round, so every second
//! node is on: each weak link has exactly one end on, as if it were strong.
//! A candidate weakly linked to both ends of a weak link of the loop goes
//! (the digit from the rest of the house, or the other digits of the cell).
//!
//! Sudoku Explainer rates a bidirectional X-cycle 6.5, a Y-cycle (strong
//! links inside bivalue cells only) 6.5 too, and cycles mixing both 7.0, each
//! plus its length increment. It has no grouped nodes in these chains; a
//! grouped loop rates as the plain loop of the same kind.

use super::chains::{say, Link, Node as CellNode};
use super::explain::removals_by_digit;
use super::grid::{bits, two_bits, Finding, Grid, Pattern};
use super::{chain_length_increment, Technique};
use crate::board::{cell_name, digit_text};
use crate::shape::{Cell, Digit};

/// Which links a search may use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flavour {
    /// One digit: strong links in houses, weak links between cells.
    X,
    /// Strong links inside bivalue cells, weak links between cells.
    Xy,
    /// Everything, including weak links inside a cell.
    Mixed,
}

/// Largest group: the cells a box shares with a line.
const MAX_GROUP: usize = 8;

/// A node: a digit in one cell or in a group of cells.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GraphNode {
    /// 0-based digit.
    pub digit: u8,
    len: u8,
    cells: [u16; MAX_GROUP],
}

impl GraphNode {
    pub fn cells(&self) -> &[u16] {
        &self.cells[..self.len as usize]
    }

    pub fn is_group(&self) -> bool {
        self.len > 1
    }
}

/// An oriented strong link: `from` off makes `to` on.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Strong {
    pub from: u32,
    pub to: u32,
    /// Inside a bivalue cell (else inside a house).
    pub in_cell: bool,
}

/// The strong links of a grid and, for each, which links may follow it.
pub(crate) struct Graph {
    pub nodes: Vec<GraphNode>,
    /// Oriented strong links: `2 * i` and `2 * i + 1` are one link both ways.
    pub strong: Vec<Strong>,
    /// Per node, the cells outside it that see all its cells (`words` each).
    seen: Vec<u64>,
    /// Per node x, the oriented strong links whose `from` it weakly links
    /// to, in three runs that the flavours select from (see [`Graph::next`]):
    /// `follow[follow_at[3x]..follow_at[3x + 1]]` same digit, strong in a
    /// house (X); then to `follow_at[3x + 2]` same digit, strong in a cell
    /// (XY); then to `follow_at[3x + 3]` the other digits of x's cell.
    follow_at: Vec<u32>,
    follow: Vec<u32>,
    words: usize,
    /// Per digit, its group nodes.
    pub groups_of: Vec<Vec<u32>>,
    /// Node of each candidate (`cell * n + digit`), or `u32::MAX`.
    pub plain: Vec<u32>,
    /// Per node x, the oriented strong links from it:
    /// `from_node[from_at[x]..from_at[x + 1]]`.
    from_at: Vec<u32>,
    from_node: Vec<u32>,
    /// Per node, the nodes weakly linked to it as bits over nodes
    /// (`node_words` each): of its digit, and (plain nodes) in its cell.
    weak_same: Vec<u64>,
    weak_cell: Vec<u64>,
    pub node_words: usize,
    /// What the graph was built from, to reuse it for the same grid.
    cands: Vec<u64>,
    /// Whether it has the group nodes (see [`Graph::plain`]).
    grouped: bool,
}

fn has(set: &[u64], c: usize) -> bool {
    set[c / 64] & (1 << (c % 64)) != 0
}

thread_local! {
    static PEER_BITS: std::cell::RefCell<Option<(crate::shape::Shape, std::rc::Rc<Vec<u64>>)>> =
        const { std::cell::RefCell::new(None) };
    static SEGMENTS: std::cell::RefCell<Option<(crate::shape::Shape, std::rc::Rc<Segments>)>> =
        const { std::cell::RefCell::new(None) };
    static LAST_GRAPH: std::cell::RefCell<Option<Graph>> = const { std::cell::RefCell::new(None) };
}

/// Each cell's peers as a bitset over cells, kept per shape.
fn peer_bits(grid: &Grid) -> std::rc::Rc<Vec<u64>> {
    PEER_BITS.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some((shape, bits)) = &*slot {
            if *shape == grid.geo.shape {
                return bits.clone();
            }
        }
        let words = grid.cands.len().div_ceil(64);
        let mut table = vec![0u64; grid.cands.len() * words];
        for (c, peers) in grid.geo.peers.iter().enumerate() {
            for &p in peers {
                table[c * words + p as usize / 64] |= 1 << (p % 64);
            }
        }
        let table = std::rc::Rc::new(table);
        *slot = Some((grid.geo.shape, table.clone()));
        table
    })
}

/// The group parts of each house, kept per shape.
fn segments_of(grid: &Grid) -> std::rc::Rc<Segments> {
    SEGMENTS.with(|slot| {
        let mut slot = slot.borrow_mut();
        if let Some((shape, segments)) = &*slot {
            if *shape == grid.geo.shape {
                return segments.clone();
            }
        }
        let segments = std::rc::Rc::new(Segments::new(grid));
        *slot = Some((grid.geo.shape, segments.clone()));
        segments
    })
}

/// Runs `f` on the graph of `grid`, building it unless the last one was
/// for the same candidates: every loop and grouped chain of one position
/// (from the X-cycles at 6.5 to the grouped AICs at 7.0) shares one graph,
/// each search taking the links its flavour allows. Without `groups` the
/// graph may lack the group nodes ([`Graph::plain`]).
pub(crate) fn with_graph<R>(grid: &Grid, groups: bool, f: impl FnOnce(&Graph) -> R) -> R {
    LAST_GRAPH.with(|slot| {
        let mut slot = slot.borrow_mut();
        let graph = match slot.take() {
            Some(g) if g.cands == grid.cands && (g.grouped || !groups) => g,
            _ if groups => Graph::new(grid),
            _ => Graph::plain(grid),
        };
        let result = f(&graph);
        *slot = Some(graph);
        result
    })
}

impl Graph {
    /// The graph of `grid` with every link, group nodes included (searches
    /// for plain chains skip them).
    pub fn new(grid: &Grid) -> Graph {
        Graph::build(grid, true)
    }

    /// The graph without the group nodes, for SE's loops, which have none:
    /// most of a large board's nodes are groups. A search for plain loops
    /// finds the same loop in it: the plain links keep their order, and
    /// the search skips group links.
    pub fn plain(grid: &Grid) -> Graph {
        Graph::build(grid, false)
    }

    fn build(grid: &Grid, grouped: bool) -> Graph {
        let n = grid.size();
        let cell_count = grid.cands.len();
        let words = cell_count.div_ceil(64);
        let mut graph = Graph {
            nodes: Vec::new(),
            strong: Vec::new(),
            seen: Vec::new(),
            follow_at: Vec::new(),
            follow: Vec::new(),
            words,
            groups_of: Vec::new(),
            plain: Vec::new(),
            from_at: Vec::new(),
            from_node: Vec::new(),
            weak_same: Vec::new(),
            weak_cell: Vec::new(),
            node_words: 0,
            cands: grid.cands.clone(),
            grouped,
        };
        let peers = peer_bits(grid);
        // Node ids: plain nodes by candidate, groups by a short search.
        let mut plain = vec![u32::MAX; cell_count * n];
        let mut groups: std::collections::HashMap<(u8, [u16; MAX_GROUP]), u32> =
            std::collections::HashMap::new();
        let key = |d: u8, cells: &[u16]| {
            let mut k = [u16::MAX; MAX_GROUP];
            k[..cells.len()].copy_from_slice(cells);
            (d, k)
        };
        let mut id = |graph: &mut Graph, d: u8, cells: &[u16]| -> u32 {
            let found = if cells.len() == 1 {
                plain[cells[0] as usize * n + d as usize]
            } else {
                groups.get(&key(d, cells)).copied().unwrap_or(u32::MAX)
            };
            if found != u32::MAX {
                return found;
            }
            let i = graph.nodes.len() as u32;
            let at = graph.seen.len();
            graph.seen.resize(at + words, 0);
            let seen = &mut graph.seen[at..];
            let peers_of = |c: u16| &peers[c as usize * words..(c as usize + 1) * words];
            seen.copy_from_slice(peers_of(cells[0]));
            for &c in &cells[1..] {
                for (word, k) in seen.iter_mut().zip(peers_of(c)) {
                    *word &= k;
                }
            }
            let mut node = GraphNode {
                digit: d,
                len: cells.len() as u8,
                cells: [0; MAX_GROUP],
            };
            node.cells[..cells.len()].copy_from_slice(cells);
            graph.nodes.push(node);
            if cells.len() == 1 {
                plain[cells[0] as usize * n + d as usize] = i;
            } else {
                groups.insert(key(d, cells), i);
            }
            i
        };
        // Each link is met once: pairs in a box sharing a line are left to
        // the line, and a split of a box is kept once.
        let add_link = |graph: &mut Graph, x: u32, y: u32, in_cell: bool| {
            graph.strong.push(Strong {
                from: x,
                to: y,
                in_cell,
            });
            graph.strong.push(Strong {
                from: y,
                to: x,
                in_cell,
            });
        };
        {
            let segments = (grouped && !grid.boxes().is_empty()).then(|| segments_of(grid));
            let mut splits = Vec::new();
            let mut a_cells: Vec<u16> = Vec::with_capacity(MAX_GROUP);
            let mut b_cells: Vec<u16> = Vec::with_capacity(MAX_GROUP);
            let cells_of = |h: usize, mask: u64, out: &mut Vec<u16>| {
                out.clear();
                out.extend(bits(mask).map(|i| grid.geo.house_cells[h][i]));
            };
            let mut places_of = vec![0u64; n];
            for h in 0..grid.geo.house_cells.len() {
                let is_box = grid.boxes().contains(&h);
                grid.places_by_digit(h, &mut places_of);
                for (d, &p) in places_of.iter().enumerate() {
                    if p.count_ones() < 2 {
                        continue;
                    }
                    // A pair in a box that shares a line was linked in the line.
                    if two_bits(p) {
                        cells_of(h, p & p.wrapping_neg(), &mut a_cells);
                        cells_of(h, p & (p - 1), &mut b_cells);
                        let shared_line = grid.geo.standard_houses[a_cells[0] as usize][..2]
                            .iter()
                            .zip(&grid.geo.standard_houses[b_cells[0] as usize][..2])
                            .any(|(x, y)| x == y);
                        if !(is_box && shared_line) {
                            let x = id(&mut graph, d as u8, &a_cells);
                            let y = id(&mut graph, d as u8, &b_cells);
                            add_link(&mut graph, x, y, false);
                        }
                        continue;
                    }
                    let Some(segments) = &segments else {
                        continue;
                    };
                    segments.splits(h, is_box, p, &mut splits);
                    for &(a, b) in &splits {
                        if a.count_ones() as usize > MAX_GROUP
                            || b.count_ones() as usize > MAX_GROUP
                        {
                            continue;
                        }
                        cells_of(h, a, &mut a_cells);
                        cells_of(h, b, &mut b_cells);
                        let x = id(&mut graph, d as u8, &a_cells);
                        let y = id(&mut graph, d as u8, &b_cells);
                        add_link(&mut graph, x, y, false);
                    }
                }
            }
        }
        {
            for (c, &cands) in grid.cands.iter().enumerate() {
                if two_bits(cands) {
                    let (p, q) = (
                        cands.trailing_zeros() as u8,
                        63 - cands.leading_zeros() as u8,
                    );
                    let x = id(&mut graph, p, &[c as u16]);
                    let y = id(&mut graph, q, &[c as u16]);
                    add_link(&mut graph, x, y, true);
                }
            }
        }
        // Links with a group first: a grouped loop is then found from its
        // lowest-numbered link, a group link, by searching upwards only.
        let is_group = |s: &Strong| {
            graph.nodes[s.from as usize].is_group() || graph.nodes[s.to as usize].is_group()
        };
        let (mut first, rest): (Vec<[Strong; 2]>, Vec<[Strong; 2]>) = graph
            .strong
            .chunks(2)
            .map(|p| [p[0], p[1]])
            .partition(|p| is_group(&p[0]));
        first.extend(rest);
        graph.strong = first.into_iter().flatten().collect();
        // What may follow a strong link into node x: a weak link from x.
        // Weak links join nodes of one digit, or (mixed) of one cell. Each
        // node's strong links are kept house links first, then cell links,
        // so each flavour takes one run of them.
        let node_count = graph.nodes.len();
        let mut start_at = vec![0u32; node_count + 1];
        for s in &graph.strong {
            start_at[s.from as usize + 1] += 1;
        }
        for x in 0..node_count {
            start_at[x + 1] += start_at[x];
        }
        let mut starts = vec![0u32; graph.strong.len()];
        let mut fill = start_at.clone();
        for in_cell in [false, true] {
            for (i, s) in graph.strong.iter().enumerate() {
                if s.in_cell == in_cell {
                    starts[fill[s.from as usize] as usize] = i as u32;
                    fill[s.from as usize] += 1;
                }
            }
        }
        // Where each node's cell links begin among its starts.
        let mut cell_at = start_at.clone();
        for x in 0..node_count {
            let from = start_at[x] as usize..start_at[x + 1] as usize;
            cell_at[x] += starts[from]
                .iter()
                .filter(|&&i| !graph.strong[i as usize].in_cell)
                .count() as u32;
        }
        let house_starts = |y: usize| &starts[start_at[y] as usize..cell_at[y] as usize];
        let cell_starts = |y: usize| &starts[cell_at[y] as usize..start_at[y + 1] as usize];
        // Plain nodes are found by cell; groups, fewer, by digit.
        let houses = grid.geo.house_cells.len();
        let mut groups_of: Vec<Vec<u32>> = vec![Vec::new(); n];
        let mut groups_in: Vec<Vec<u32>> = vec![Vec::new(); houses * n];
        for (x, nd) in graph.nodes.iter().enumerate() {
            if nd.is_group() {
                let d = nd.digit as usize;
                groups_of[d].push(x as u32);
                let (a, b) = (nd.cells[0] as usize, nd.cells[1] as usize);
                for (ha, hb) in grid.geo.standard_houses[a]
                    .iter()
                    .zip(&grid.geo.standard_houses[b])
                {
                    if ha == hb {
                        groups_in[*ha as usize * n + d].push(x as u32);
                    }
                }
            }
        }
        // Per digit, the cells with a node of it, as bits over cells: a
        // node's weak links of its digit are among the cells it sees.
        let mut with_node = vec![0u64; n * words];
        for (cand, &y) in plain.iter().enumerate() {
            if y != u32::MAX {
                let (cell, d) = (cand / n, cand % n);
                with_node[d * words + cell / 64] |= 1 << (cell % 64);
            }
        }
        let mut near: Vec<u32> = Vec::new();
        let mut weak: Vec<u32> = Vec::new();
        let node_words = node_count.div_ceil(64).max(1);
        let mut weak_same = vec![0u64; node_count * node_words];
        let mut weak_cell = vec![0u64; node_count * node_words];
        let mut follow_at = Vec::with_capacity(3 * node_count + 1);
        let mut follow = Vec::with_capacity(graph.strong.len() * 8);
        follow_at.push(0);
        for x in 0..node_count {
            let nd = graph.nodes[x];
            let d = nd.digit as usize;
            weak.clear();
            let of_digit = &with_node[d * words..(d + 1) * words];
            for (w, (&word, &nodes)) in graph.seen_of(x).iter().zip(of_digit).enumerate() {
                for b in bits(word & nodes) {
                    weak.push(plain[(w * 64 + b) * n + d]);
                }
            }
            // Groups weakly linked to a plain node share a house with it.
            near.clear();
            if nd.is_group() {
                near.extend_from_slice(&groups_of[d]);
            } else {
                for &h in grid.geo.houses_of(nd.cells[0] as usize) {
                    near.extend_from_slice(&groups_in[h as usize * n + d]);
                }
                near.sort_unstable();
                near.dedup();
            }
            for &y in &near {
                if graph.weak(x, y as usize, false) {
                    weak.push(y);
                }
            }
            for &y in &weak {
                weak_same[x * node_words + y as usize / 64] |= 1 << (y % 64);
                follow.extend_from_slice(house_starts(y as usize));
            }
            follow_at.push(follow.len() as u32);
            for &y in &weak {
                follow.extend_from_slice(cell_starts(y as usize));
            }
            follow_at.push(follow.len() as u32);
            if !nd.is_group() {
                let c = nd.cells[0] as usize;
                for e in bits(grid.cands[c] & !(1 << nd.digit)) {
                    let y = plain[c * n + e];
                    if y != u32::MAX {
                        weak_cell[x * node_words + y as usize / 64] |= 1 << (y % 64);
                        follow.extend_from_slice(
                            &starts
                                [start_at[y as usize] as usize..start_at[y as usize + 1] as usize],
                        );
                    }
                }
            }
            follow_at.push(follow.len() as u32);
        }
        graph.follow_at = follow_at;
        graph.follow = follow;
        graph.groups_of = groups_of;
        graph.plain = plain;
        graph.weak_same = weak_same;
        graph.weak_cell = weak_cell;
        graph.node_words = node_words;
        graph.from_at = start_at;
        graph.from_node = starts;
        graph
    }

    /// The oriented strong links of `flavour` that may follow strong link `s`.
    pub fn next(&self, s: u32, flavour: Flavour) -> &[u32] {
        let x = self.strong[s as usize].to as usize;
        let (from, to) = match flavour {
            Flavour::X => (3 * x, 3 * x + 1),
            Flavour::Xy => (3 * x + 1, 3 * x + 2),
            Flavour::Mixed => (3 * x, 3 * x + 3),
        };
        &self.follow[self.follow_at[from] as usize..self.follow_at[to] as usize]
    }

    /// Whether strong link `s` is one `flavour` may use.
    pub fn allows(&self, s: u32, flavour: Flavour) -> bool {
        match flavour {
            Flavour::X => !self.strong[s as usize].in_cell,
            Flavour::Xy => self.strong[s as usize].in_cell,
            Flavour::Mixed => true,
        }
    }

    /// The oriented strong links from node `x`.
    pub fn links_from(&self, x: u32) -> &[u32] {
        &self.from_node[self.from_at[x as usize] as usize..self.from_at[x as usize + 1] as usize]
    }

    /// The nodes weakly linked to node `x` that `flavour` may use, as bits
    /// over nodes (two rows: its digit's, then its cell's, for mixed).
    pub fn weak_rows(&self, x: u32, flavour: Flavour) -> [&[u64]; 2] {
        let w = self.node_words;
        let at = x as usize * w..(x as usize + 1) * w;
        let cell = if flavour == Flavour::Mixed {
            &self.weak_cell[at.clone()]
        } else {
            &[]
        };
        [&self.weak_same[at], cell]
    }

    /// The cells that see every cell of node `x`, as bits over cells.
    pub fn seen_cells(&self, x: u32) -> &[u64] {
        self.seen_of(x as usize)
    }

    /// Whether candidate `cell` holds is seen by every cell of node `x`.
    pub fn sees(&self, x: u32, cell: usize) -> bool {
        has(self.seen_of(x as usize), cell)
    }

    fn seen_of(&self, x: usize) -> &[u64] {
        &self.seen[x * self.words..(x + 1) * self.words]
    }

    /// Whether strong link `s` has a group at either end.
    pub fn is_group_link(&self, s: u32) -> bool {
        let st = self.strong[s as usize];
        self.nodes[st.from as usize].is_group() || self.nodes[st.to as usize].is_group()
    }

    /// Whether node `x` on turns node `y` off.
    pub fn weak(&self, x: usize, y: usize, in_cell: bool) -> bool {
        let (a, b) = (&self.nodes[x], &self.nodes[y]);
        if x == y {
            return false;
        }
        if a.digit == b.digit {
            return b.cells().iter().all(|&c| has(self.seen_of(x), c as usize));
        }
        in_cell && !a.is_group() && !b.is_group() && a.cells[0] == b.cells[0]
    }

    /// Every candidate (cell, 1-based digit) that sees both nodes (weakly
    /// linked to each), neither node itself, when one of them is on.
    pub fn victims_of_either(&self, grid: &Grid, x: u32, y: u32, out: &mut Vec<(u16, u8)>) {
        let (a, b) = (&self.nodes[x as usize], &self.nodes[y as usize]);
        let mut push = |c: usize, d: u8| {
            let cand = (c as u16, d + 1);
            if grid.cands[c] & (1 << d) != 0 && !out.contains(&cand) {
                out.push(cand);
            }
        };
        if a.digit == b.digit {
            for w in 0..self.words {
                let mut word = self.seen_of(x as usize)[w] & self.seen_of(y as usize)[w];
                while word != 0 {
                    let c = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    push(c, a.digit);
                }
            }
            return;
        }
        if a.is_group() || b.is_group() {
            // A cell of one node sees the whole of the other, holding its digit.
            for (single, other, o) in [(a, b, y), (b, a, x)] {
                if !single.is_group() && has(self.seen_of(o as usize), single.cells[0] as usize) {
                    push(single.cells[0] as usize, other.digit);
                }
            }
            return;
        }
        let (ca, cb) = (a.cells[0] as usize, b.cells[0] as usize);
        if ca == cb {
            for d in bits(grid.cands[ca] & !(1 << a.digit) & !(1 << b.digit)) {
                push(ca, d as u8);
            }
        } else if has(self.seen_of(x as usize), cb) {
            push(cb, a.digit);
            push(ca, b.digit);
        }
    }

    /// "r1c1=5", or a group "{r1c1,r1c2}<>5".
    pub fn say(&self, grid: &Grid, node: u32, on: bool) -> String {
        let nd = &self.nodes[node as usize];
        if !nd.is_group() {
            return say(
                grid,
                CellNode {
                    cell: nd.cells[0],
                    digit: nd.digit + 1,
                    on,
                },
            );
        }
        let names: Vec<String> = nd
            .cells()
            .iter()
            .map(|&c| cell_name(grid.geo.shape, Cell(c)))
            .collect();
        let d = Digit::new(nd.digit + 1).map_or_else(|| (nd.digit + 1).to_string(), digit_text);
        format!("{{{}}}{}{d}", names.join(","), if on { "=" } else { "<>" })
    }

    /// The drawing links from `x` (on or off) to `y`: one per pair of
    /// cells, so a group is drawn as all its cells.
    pub fn push_links(&self, x: u32, x_on: bool, y: u32, y_on: bool, out: &mut Vec<Link>) {
        let (a, b) = (&self.nodes[x as usize], &self.nodes[y as usize]);
        for &ca in a.cells() {
            for &cb in b.cells() {
                out.push(Link {
                    from: CellNode {
                        cell: ca,
                        digit: a.digit + 1,
                        on: x_on,
                    },
                    to: CellNode {
                        cell: cb,
                        digit: b.digit + 1,
                        on: y_on,
                    },
                });
            }
        }
    }

    /// The cells and digits of a run of nodes, into a finding.
    pub fn fill_cells(&self, nodes: impl Iterator<Item = u32>, out: &mut Finding) {
        for x in nodes {
            let nd = &self.nodes[x as usize];
            for &c in nd.cells() {
                if !out.cells.contains(&c) {
                    out.cells.push(c);
                }
            }
            out.digits |= 1 << nd.digit;
        }
    }
}

/// For each house, the masks (over the house's cells) of the parts a group
/// may take: the cells it shares with each box for a line, with each row
/// and each column for a box.
pub(crate) struct Segments {
    parts: Vec<Vec<u64>>,
}

impl Segments {
    pub fn new(grid: &Grid) -> Segments {
        let geo = &grid.geo;
        let boxes = grid.boxes();
        let mut parts = Vec::with_capacity(geo.house_cells.len());
        for (h, cells) in geo.house_cells.iter().enumerate() {
            let slots: &[usize] = if boxes.contains(&h) { &[0, 1] } else { &[2] };
            let mut masks = Vec::new();
            for &slot in slots {
                let mut keys: Vec<u16> = Vec::new();
                for (i, &c) in cells.iter().enumerate() {
                    let key = geo.standard_houses[c as usize][slot];
                    match keys.iter().position(|&k| k == key) {
                        Some(j) => {
                            let at = masks.len() - keys.len() + j;
                            masks[at] |= 1u64 << i;
                        }
                        None => {
                            keys.push(key);
                            masks.push(1u64 << i);
                        }
                    }
                }
            }
            parts.push(masks);
        }
        Segments { parts }
    }

    /// The ways places `p` (a mask over house `h`'s cells) of a digit split
    /// into two nodes, at least one a group: in a line, its parts in two
    /// boxes; in a box, its part in one row (or column) and the rest in
    /// one row or column.
    pub fn splits(&self, h: usize, is_box: bool, p: u64, out: &mut Vec<(u64, u64)>) {
        out.clear();
        if p.count_ones() < 3 {
            return;
        }
        let parts = &self.parts[h];
        if !is_box {
            let mut hit = parts.iter().filter(|&&m| m & p != 0);
            if let (Some(&x), Some(&y), None) = (hit.next(), hit.next(), hit.next()) {
                out.push((x & p, y & p));
            }
            return;
        }
        let within_one = |m: u64| parts.iter().any(|&seg| m & !seg == 0);
        for &seg in parts {
            let (a, b) = (p & seg, p & !seg);
            if a == 0 || b == 0 || !within_one(b) {
                continue;
            }
            let key = (a.min(b), a.max(b));
            if !out.iter().any(|&(x, y)| (x.min(y), x.max(y)) == key) {
                out.push((a, b));
            }
        }
    }
}

/// Which loop technique a loop is.
fn loop_flavour(graph: &Graph, links: &[u32]) -> Flavour {
    let in_cell_strong = links.iter().any(|&s| graph.strong[s as usize].in_cell);
    let unit_strong = links.iter().any(|&s| !graph.strong[s as usize].in_cell);
    let k = links.len();
    let in_cell_weak = (0..k).any(|i| {
        let (x, y) = (
            graph.strong[links[i] as usize].to,
            graph.strong[links[(i + 1) % k] as usize].from,
        );
        graph.nodes[x as usize].digit != graph.nodes[y as usize].digit
    });
    match (in_cell_strong, unit_strong, in_cell_weak) {
        (false, _, false) => Flavour::X,
        (_, false, false) => Flavour::Xy,
        _ => Flavour::Mixed,
    }
}

/// Longest loop searched, in strong links: longer loops are rare, hard to
/// follow and costly to find.
const MAX_STRONG: usize = 10;

/// The shortest continuous loop of `technique`'s kind that removes
/// something, with the most removals among the shortest.
#[inline(never)]
pub(crate) fn continuous_loop(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    loop_with(grid, technique, Removals::EitherEnd, out)
}

/// [`continuous_loop`] with Sudoku Explainer's removals (`CycleHint`): a
/// candidate outside the loop's cells that sees a node of its digit that
/// is on and another that is off, wherever they are on the loop (one of
/// them is true either way); nothing inside the loop's cells.
pub(crate) fn continuous_loop_as_se(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    if grid.size() == 9 && grid.geo.houses_per_cell == 3 {
        // Every removal of a loop is also a static chain's (see
        // `loop_with`): without any, there is no loop to search for.
        if technique != Technique::XCycle
            && !super::chains::with_static_scan(grid, |scan| scan.any_chain)
        {
            return false;
        }
        return se_cycles(grid, technique, out);
    }
    loop_with(grid, technique, Removals::Explainer, out)
}

/// A candidate on or off in SE's cycle search, with the one inference
/// that reached it.
#[derive(Clone, Copy)]
struct Pot {
    cell: u16,
    /// 0-based digit.
    digit: u8,
    on: bool,
    parent: u32,
    /// A bit per ancestor's candidate (hashed): most candidates are not on
    /// a chain, and this says so without walking it.
    seen: u128,
}

/// The bit of a candidate in [`Pot::seen`].
fn seen_bit(cell: u16, digit: u8) -> u128 {
    1 << ((cell as usize * 9 + digit as usize) % 128)
}

/// A loop of SE's search: its node count, its nodes from the start "on"
/// to its last "off", and what it removes.
type SeLoop = (usize, Vec<Pot>, Vec<(u16, u8)>);

/// Most nodes of a loop searched (SE has no bound; ten strong links, as
/// the other loop search).
const SE_MAX_NODES: usize = 2 * MAX_STRONG;

/// Sudoku Explainer's cycles (`Chaining.doCycles`), for its 9x9 rating:
/// from every candidate (a Y-cycle only from a bivalue cell), breadth
/// first, each "on" candidate followed once (by the first inference to
/// reach it), each "off" one from every "on" it is not an ancestor of;
/// every time an "off" turns the start back on, a loop closes. Every loop
/// that removes something counts: the fewest nodes wins, the first found
/// on a tie. An x-cycle (`XCycle`) uses links in houses only, a y-cycle
/// (`XyCycle`) strong links in bivalue cells only (weak links in houses
/// and cells), and SE's bidirectional cycle (`ContinuousNiceLoop`) both,
/// rated 7.0 even where its loop uses one kind.
fn se_cycles(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let (x_links, y_links) = match technique {
        Technique::XCycle => (true, false),
        Technique::XyCycle => (false, true),
        _ => (true, true),
    };
    let n = 9;
    // SE's region order: block, row, column (doku's houses: row, column, box).
    let houses = |cell: usize| {
        let h = grid.geo.standard_houses[cell];
        [h[2] as usize, h[0] as usize, h[1] as usize]
    };
    // The other place of each digit in each house that has two.
    let mut bilocal = vec![(u16::MAX, u16::MAX); grid.geo.house_cells.len() * n];
    let mut places = [0u64; 9];
    if x_links {
        for (h, cells) in grid.geo.house_cells.iter().enumerate() {
            grid.places_by_digit(h, &mut places);
            for (d, &at) in places.iter().enumerate() {
                if two_bits(at) {
                    let a = cells[at.trailing_zeros() as usize];
                    let b = cells[63 - at.leading_zeros() as usize];
                    bilocal[h * n + d] = (a, b);
                }
            }
        }
    }
    // Whether a candidate turned off turns another on (a strong link out
    // of it): an "off" without one ends its line, no loop closes through it.
    let mut strong = vec![false; grid.cands.len() * n];
    for cell in 0..grid.cands.len() {
        for d in bits(grid.cands[cell]) {
            strong[cell * n + d] = (y_links && two_bits(grid.cands[cell]))
                || (x_links
                    && houses(cell)
                        .iter()
                        .any(|&h| bilocal[h * n + d].0 != u16::MAX));
        }
    }
    // Each candidate's links, in the order the search takes them: the
    // same from every start, so found once instead of once per node.
    let (turned_off, turned_on) = {
        let mut made = Vec::new();
        let (mut off, mut on) = (Links::default(), Links::default());
        for cell in 0..grid.cands.len() {
            for d in 0..n {
                if grid.cands[cell] >> d & 1 == 0 {
                    off.end_key();
                    on.end_key();
                    continue;
                }
                // Assumed on, it turns off what it sees ("off" nodes with
                // no strong link out end their line: left out).
                made.clear();
                if y_links {
                    for d2 in bits(grid.cands[cell] & !(1 << d)) {
                        made.push((cell as u16, d2 as u8));
                    }
                }
                let own_box = houses(cell)[0];
                for (i, h) in houses(cell).into_iter().enumerate() {
                    for &c in &grid.geo.house_cells[h] {
                        // A row's or column's cells in the box came first.
                        if c as usize != cell
                            && grid.cands[c as usize] & (1 << d) != 0
                            && (i == 0
                                || grid.geo.standard_houses[c as usize][2] as usize != own_box)
                        {
                            made.push((c, d as u8));
                        }
                    }
                }
                off.targets
                    .extend((made.iter()).filter(|&&(c, d2)| strong[c as usize * n + d2 as usize]));
                off.end_key();
                // Assumed off, it turns on its strong partners.
                made.clear();
                if y_links && two_bits(grid.cands[cell]) {
                    let other = (grid.cands[cell] & !(1 << d)).trailing_zeros() as u8;
                    made.push((cell as u16, other));
                }
                if x_links {
                    for h in houses(cell) {
                        let (a, b) = bilocal[h * n + d];
                        let other = if a as usize == cell { b } else { a };
                        if a != u16::MAX && !made.contains(&(other, d as u8)) {
                            made.push((other, d as u8));
                        }
                    }
                }
                on.targets.extend_from_slice(&made);
                on.end_key();
            }
        }
        (off, on)
    };
    let mut arena: Vec<Pot> = Vec::new();
    let mut on_mark = vec![u32::MAX; grid.cands.len() * n];
    let (mut pending_on, mut pending_off) = (Vec::new(), Vec::new());
    let mut best: Option<SeLoop> = None;
    let mut victims = Vec::new();
    let mut stamp = 0u32;
    // SE's bidirectional cycles rate as its chains with both kinds of link
    // (7.0 plus the length), searched beside them: a loop longer than the
    // shortest such chain is never the easiest step, and the search from
    // every candidate is the costliest, so it stops there.
    let mut most = SE_MAX_NODES;
    if x_links && y_links {
        let mut chain = Finding::default();
        if super::chains::single_chain(grid, super::chains::Kind::XyForcing, &mut chain) {
            most = most.min(chain.complexity as usize);
        }
    }
    for cell in 0..grid.cands.len() {
        let count = grid.cands[cell].count_ones();
        if grid.values[cell] != 0 || count < 2 || (count > 2 && !x_links) {
            continue;
        }
        for d in bits(grid.cands[cell]) {
            // A loop closes on a strong link into its start: a candidate
            // without one starts none.
            if !strong[cell * n + d] {
                continue;
            }
            let limit = best.as_ref().map_or(most, |b| b.0 - 1);
            stamp += 1;
            arena.clear();
            arena.push(Pot {
                cell: cell as u16,
                digit: d as u8,
                on: true,
                parent: u32::MAX,
                seen: seen_bit(cell as u16, d as u8),
            });
            on_mark[cell * n + d] = stamp;
            pending_on.clear();
            pending_on.push(0u32);
            pending_off.clear();
            let mut length = 0;
            while !pending_on.is_empty() || !pending_off.is_empty() {
                length += 1;
                if length > limit {
                    break;
                }
                for &p in &pending_on {
                    let pot = arena[p as usize];
                    let key = pot.cell as usize * n + pot.digit as usize;
                    for &(c, d2) in turned_off.of(key) {
                        let bit = seen_bit(c, d2);
                        if pot.seen & bit == 0 || !is_ancestor(&arena, p, c, d2, false) {
                            arena.push(Pot {
                                cell: c,
                                digit: d2,
                                on: false,
                                parent: p,
                                seen: pot.seen | bit,
                            });
                            pending_off.push(arena.len() as u32 - 1);
                        }
                    }
                }
                pending_on.clear();
                length += 1;
                if length > limit {
                    break;
                }
                for &p in &pending_off {
                    let pot = arena[p as usize];
                    let from = pot.cell as usize * n + pot.digit as usize;
                    for &(c, d2) in turned_on.of(from) {
                        let key = c as usize * n + d2 as usize;
                        // The loop closes (of `length` nodes): is it one SE keeps?
                        let shorter = best.as_ref().is_none_or(|b| length < b.0);
                        if length >= 4 && key == cell * n + d && shorter {
                            let nodes = se_loop(&arena, p);
                            se_loop_victims(grid, &nodes, &mut victims);
                            if !victims.is_empty() {
                                best = Some((nodes.len(), nodes, victims.clone()));
                            }
                        }
                        if on_mark[key] != stamp {
                            on_mark[key] = stamp;
                            arena.push(Pot {
                                cell: c,
                                digit: d2,
                                on: true,
                                parent: p,
                                seen: pot.seen | seen_bit(c, d2),
                            });
                            pending_on.push(arena.len() as u32 - 1);
                        }
                    }
                }
                pending_off.clear();
            }
        }
    }
    let Some((nodes, lp, mut victims)) = best else {
        return false;
    };
    out.start(technique, Pattern::Chain);
    out.complexity = nodes as u16;
    let base = if x_links && y_links {
        Technique::ContinuousNiceLoop.se_rating()
    } else {
        Technique::XCycle.se_rating()
    };
    out.rating = base + chain_length_increment(nodes);
    victims.sort_unstable();
    out.eliminations.extend(victims);
    // Read from the first "off": off so on (strong), on so off (weak).
    let node = |p: &Pot| CellNode {
        cell: p.cell,
        digit: p.digit + 1,
        on: p.on,
    };
    let k = lp.len();
    let mut words = Vec::with_capacity(k + 1);
    for i in 0..=k {
        let p = &lp[(i + 1) % k];
        words.push(say(grid, node(p)));
        if i < k {
            out.chain.push(Link {
                from: node(p),
                to: node(&lp[(i + 2) % k]),
            });
        }
        if !out.cells.contains(&p.cell) {
            out.cells.push(p.cell);
        }
        out.digits |= 1 << p.digit;
    }
    out.text = format!(
        "{}: the loop closes. Whether its first candidate is true or not, the loop reads one way all round: every second candidate is true, so each weak link has exactly one true end, like a strong link: {}",
        words.join(" so "),
        removals_by_digit(grid, &out.eliminations)
    );
    true
}

/// The links out of each candidate (cell * 9 + digit) of a position, one
/// way (on to off, or off to on): the candidates they reach, in order.
#[derive(Default)]
struct Links {
    targets: Vec<(u16, u8)>,
    /// Where each candidate's targets end in `targets`.
    ends: Vec<u32>,
}

impl Links {
    fn end_key(&mut self) {
        self.ends.push(self.targets.len() as u32);
    }

    fn of(&self, key: usize) -> &[(u16, u8)] {
        let from = if key == 0 {
            0
        } else {
            self.ends[key - 1] as usize
        };
        &self.targets[from..self.ends[key] as usize]
    }
}

/// Whether `cell`, `digit` (on or off) is `p` or one of its ancestors
/// (SE's `isParent` walks the first parents).
fn is_ancestor(arena: &[Pot], mut p: u32, cell: u16, digit: u8, on: bool) -> bool {
    while p != u32::MAX {
        let pot = &arena[p as usize];
        if pot.cell == cell && pot.digit == digit && pot.on == on {
            return true;
        }
        p = pot.parent;
    }
    false
}

/// The loop closed by `last` (an "off" that turns the start back on):
/// the start first, then each inference in order.
fn se_loop(arena: &[Pot], last: u32) -> Vec<Pot> {
    let mut nodes = Vec::new();
    let mut p = last;
    while p != u32::MAX {
        nodes.push(arena[p as usize]);
        p = arena[p as usize].parent;
    }
    nodes.reverse();
    nodes
}

/// SE's removals of a loop (`Chaining.createCycleHint`): a candidate
/// outside the loop's cells that sees an "on" node of its digit and an
/// "off" one.
fn se_loop_victims(grid: &Grid, nodes: &[Pot], out: &mut Vec<(u16, u8)>) {
    out.clear();
    let in_loop = |c: u16| nodes.iter().any(|p| p.cell == c);
    for on in nodes.iter().filter(|p| p.on) {
        for &c in &grid.geo.peers[on.cell as usize] {
            if in_loop(c) || grid.cands[c as usize] & (1 << on.digit) == 0 {
                continue;
            }
            let victim = (c, on.digit + 1);
            let off_too = (nodes.iter())
                .any(|p| !p.on && p.digit == on.digit && grid.sees(p.cell as usize, c as usize));
            if off_too && !out.contains(&victim) {
                out.push(victim);
            }
        }
    }
}

/// What a loop removes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Removals {
    /// What sees both ends of one of its weak links.
    EitherEnd,
    /// Sudoku Explainer's: see [`continuous_loop_as_se`].
    Explainer,
}

fn loop_with(grid: &Grid, technique: Technique, removals: Removals, out: &mut Finding) -> bool {
    let (flavour, grouped) = match technique {
        Technique::XCycle => (Flavour::X, false),
        Technique::XyCycle => (Flavour::Xy, false),
        Technique::ContinuousNiceLoop => (Flavour::Mixed, false),
        Technique::GroupedXCycle => (Flavour::X, true),
        _ => (Flavour::Mixed, true),
    };
    // Every removal of a plain loop is also a static chain's (from the
    // victim round the loop to its opposite): without any static chain
    // there is no plain loop. (The scan is the one the chains use next.)
    // X-cycles come before the single-digit patterns of 6.6, which often
    // apply: the scan would often be wasted there, so they search without.
    if !grouped
        && flavour != Flavour::X
        && !super::chains::with_static_scan(grid, |scan| scan.any_chain)
    {
        return false;
    }
    // SE's loops have no groups; the others share the graph with the
    // grouped loops and chains of the same position.
    let groups = grouped || removals != Removals::Explainer;
    with_graph(grid, groups, |graph| {
        search(grid, graph, technique, flavour, grouped, removals, out)
    })
}

/// A loop found so far: its length in strong links, how many candidates it
/// removes, its strong links and the removals.
type Best = (usize, usize, Vec<u32>, Vec<(u16, u8)>);

fn search(
    grid: &Grid,
    graph: &Graph,
    technique: Technique,
    flavour: Flavour,
    grouped: bool,
    removals: Removals,
    out: &mut Finding,
) -> bool {
    let count = graph.strong.len();
    if count < 4 {
        return false;
    }
    // (strong links, removals count, the links, the removals)
    let mut best: Option<Best> = None;
    // Visited marks by search number, so no search clears the array.
    let mut mark = vec![u32::MAX; count];
    let mut dist = vec![0u8; count];
    let mut parent = vec![u32::MAX; count];
    let mut queue: Vec<u32> = Vec::with_capacity(count);
    let mut victims = Vec::new();
    let group_link = |s: u32| graph.is_group_link(s);
    for s0 in 0..count as u32 {
        // Each loop is found from each of its links both ways; starting
        // from its lowest-numbered link is enough (group links come first,
        // so a grouped loop starts from one).
        if grouped != group_link(s0) || !graph.allows(s0, flavour) {
            continue;
        }
        let limit = best.as_ref().map_or(MAX_STRONG, |b| b.0);
        queue.clear();
        mark[s0 as usize] = s0;
        dist[s0 as usize] = 0;
        queue.push(s0);
        let mut head = 0;
        let mut closing: Option<u32> = None;
        while head < queue.len() && closing.is_none() {
            let s = queue[head];
            head += 1;
            let depth = dist[s as usize] as usize;
            // A loop closing here has `depth + 1` strong links.
            if depth + 1 > limit {
                break;
            }
            for &t in graph.next(s, flavour) {
                if t == s0 && depth >= 1 {
                    closing = Some(s);
                    break;
                }
                // Only links numbered above the start (both orientations
                // of one link share `t / 2`).
                let below = t / 2 <= s0 / 2;
                if below || (!grouped && group_link(t)) || mark[t as usize] == s0 {
                    continue;
                }
                mark[t as usize] = s0;
                dist[t as usize] = depth as u8 + 1;
                parent[t as usize] = s;
                queue.push(t);
            }
        }
        let Some(last) = closing else {
            continue;
        };
        let mut links = vec![last];
        let mut at = last;
        while at != s0 {
            at = parent[at as usize];
            links.push(at);
        }
        links.reverse();
        if !simple(graph, &links)
            || (flavour == Flavour::Mixed && loop_flavour(graph, &links) != Flavour::Mixed)
        {
            continue;
        }
        victims.clear();
        let k = links.len();
        if removals == Removals::Explainer {
            explainer_victims(grid, graph, &links, &mut victims);
        } else {
            for i in 0..k {
                let (x, y) = (
                    graph.strong[links[i] as usize].to,
                    graph.strong[links[(i + 1) % k] as usize].from,
                );
                graph.victims_of_either(grid, x, y, &mut victims);
            }
        }
        // A loop's own candidates stay: they are its nodes.
        victims.retain(|&(c, d)| {
            !links.iter().any(|&s| {
                let st = graph.strong[s as usize];
                [st.from, st.to].iter().any(|&x| {
                    let nd = &graph.nodes[x as usize];
                    nd.digit + 1 == d && nd.cells().contains(&c)
                })
            })
        });
        if victims.is_empty() {
            continue;
        }
        let better = best
            .as_ref()
            .is_none_or(|b| (k, usize::MAX - victims.len()) < (b.0, usize::MAX - b.1));
        if better {
            best = Some((k, victims.len(), links, victims.clone()));
        }
    }
    let Some((k, _, links, mut victims)) = best else {
        return false;
    };
    out.start(technique, Pattern::Chain);
    let nodes = 2 * k;
    out.complexity = nodes as u16;
    out.rating = match loop_flavour(graph, &links) {
        Flavour::X => Technique::XCycle.se_rating(),
        Flavour::Xy => Technique::XyCycle.se_rating(),
        Flavour::Mixed => Technique::ContinuousNiceLoop.se_rating(),
    } + chain_length_increment(nodes);
    victims.sort_unstable();
    out.eliminations.extend(victims);
    let mut words = Vec::with_capacity(nodes + 1);
    for (i, &s) in links.iter().enumerate() {
        let st = graph.strong[s as usize];
        let next = graph.strong[links[(i + 1) % k] as usize];
        words.push(graph.say(grid, st.from, false));
        words.push(graph.say(grid, st.to, true));
        graph.push_links(st.from, false, st.to, true, &mut out.chain);
        graph.push_links(st.to, true, next.from, false, &mut out.chain);
    }
    words.push(graph.say(grid, graph.strong[links[0] as usize].from, false));
    graph.fill_cells(
        links
            .iter()
            .flat_map(|&s| [graph.strong[s as usize].from, graph.strong[s as usize].to]),
        out,
    );
    let group_note = if grouped {
        " (braces are a group: the digit in one of its cells)"
    } else {
        ""
    };
    out.text = format!(
        "{}: the loop closes{group_note}. Whether its first candidate is true or not, the loop reads one way all round: every second candidate is true, so each weak link has exactly one true end, like a strong link: {}",
        words.join(" so "),
        removals_by_digit(grid, &out.eliminations)
    );
    true
}

/// Sudoku Explainer's removals of a loop (its strong links `links` read
/// off to on): see [`continuous_loop_as_se`]. By digit, as bits over cells:
/// the cells that see an on node and an off node of the digit, less the
/// loop's cells (a search may try thousands of loops, each over every cell).
fn explainer_victims(grid: &Grid, graph: &Graph, links: &[u32], out: &mut Vec<(u16, u8)>) {
    let words = graph.words;
    let mut in_loop = vec![0u64; words];
    let mut digits = 0u64;
    for &s in links {
        let st = graph.strong[s as usize];
        for x in [st.from, st.to] {
            let node = &graph.nodes[x as usize];
            digits |= 1 << node.digit;
            for &c in node.cells() {
                in_loop[c as usize / 64] |= 1 << (c % 64);
            }
        }
    }
    let (mut seen_on, mut seen_off) = (vec![0u64; words], vec![0u64; words]);
    for d in bits(digits) {
        seen_on.fill(0);
        seen_off.fill(0);
        for &s in links {
            let st = graph.strong[s as usize];
            for (x, seen) in [(st.to, &mut seen_on), (st.from, &mut seen_off)] {
                if graph.nodes[x as usize].digit as usize == d {
                    for (acc, &w) in seen.iter_mut().zip(graph.seen_cells(x)) {
                        *acc |= w;
                    }
                }
            }
        }
        for w in 0..words {
            for b in bits(seen_on[w] & seen_off[w] & !in_loop[w]) {
                let cell = w * 64 + b;
                if grid.cands[cell] & (1 << d) != 0 {
                    out.push((cell as u16, d as u8 + 1));
                }
            }
        }
    }
}

/// No node twice, and no cell of a plain node twice except side by side
/// (a link inside a cell).
fn simple(graph: &Graph, links: &[u32]) -> bool {
    let mut seen: Vec<u32> = Vec::with_capacity(links.len() * 2);
    for &s in links {
        let st = graph.strong[s as usize];
        for x in [st.from, st.to] {
            if seen.contains(&x) {
                return false;
            }
            seen.push(x);
        }
    }
    // Cells: each occurs in at most two consecutive nodes.
    let k = seen.len();
    for i in 0..k {
        for j in i + 1..k {
            let adjacent = j == i + 1 || (i == 0 && j == k - 1);
            let (a, b) = (
                &graph.nodes[seen[i] as usize],
                &graph.nodes[seen[j] as usize],
            );
            if !adjacent && a.cells().iter().any(|c| b.cells().contains(c)) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod timing {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::ShapeHint;

    /// Where a loop search spends its time, on top1465's first puzzles
    /// taken to their first step past 6.4 (run with --ignored --nocapture).
    #[test]
    #[ignore]
    fn loop_search_costs() {
        let Some(text) =
            crate::shared_data::shared_text("magictour_top1465.txt", "the loop cost survey")
        else {
            return;
        };
        let mut grids = Vec::new();
        for line in text.lines().take(100) {
            let board = parse_puzzle(line, ShapeHint::Infer).unwrap();
            let mut grid = Grid::new(&board).unwrap();
            let mut f = Finding::default();
            while super::super::BY_RATING
                .iter()
                .take_while(|t| t.se_rating() < 65)
                .any(|t| t.find(&grid, &mut f))
            {
                grid.apply(&f);
            }
            grids.push(grid);
        }
        let time = |what: &str, f: &mut dyn FnMut(&Grid)| {
            let start = std::time::Instant::now();
            for _ in 0..20 {
                for g in &grids {
                    f(g);
                }
            }
            println!(
                "{what}: {:.1} us a grid",
                start.elapsed().as_secs_f64() * 1e6 / grids.len() as f64 / 20.0
            );
        };
        let mut out = Finding::default();
        time("build", &mut |g| {
            std::hint::black_box(Graph::new(g));
        });
        for (name, flavour, grouped) in [
            ("search X", Flavour::X, false),
            ("search grouped X", Flavour::X, true),
            ("search mixed", Flavour::Mixed, false),
            ("search grouped mixed", Flavour::Mixed, true),
        ] {
            let technique = Technique::XCycle;
            time(name, &mut |g| {
                let graph = Graph::new(g);
                let start = std::time::Instant::now();
                search(
                    g,
                    &graph,
                    technique,
                    flavour,
                    grouped,
                    Removals::EitherEnd,
                    &mut out,
                );
                std::hint::black_box(start);
            });
        }
    }
}
