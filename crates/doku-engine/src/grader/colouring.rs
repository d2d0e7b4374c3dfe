//! Colouring on one digit. The strong links of the digit (two places in a
//! house) join its cells into clusters; colour each cluster's cells in two
//! colours, alternating along the links, so one colour holds the digit and
//! the other does not.
//!
//! Simple colours: a wrap (two cells of one colour see each other: that
//! colour is false, its cells lose the digit) or a trap (a cell outside the
//! cluster sees both colours: whichever is true, it cannot hold the digit).
//!
//! Multi-colours, two clusters A and B: when a cell of colour a1 sees a
//! cell of b1, they are not both true, so a2 or b2 is: a cell that sees a
//! cell of a2 and one of b2 loses the digit. And when a cell of a1 sees
//! cells of both colours of B, a1 is false.

use super::grid::{Finding, Grid, Pattern};
use super::{chain_length_increment, Technique};

/// The clusters of one digit: per cell, its cluster (`u16::MAX` for none),
/// colour (0 or 1) and depth from the cluster's first cell.
struct Clusters {
    cluster: Vec<u16>,
    colour: Vec<u8>,
    depth: Vec<u16>,
    /// Cells of each cluster, in the order found.
    members: Vec<Vec<u16>>,
}

fn clusters(grid: &Grid, bit: u64) -> Clusters {
    let cells = grid.cands.len();
    let mut links: Vec<Vec<u16>> = vec![Vec::new(); cells];
    for (house, members) in grid.geo.house_cells.iter().enumerate() {
        let places = grid.places(house, bit);
        if places.count_ones() == 2 {
            let a = members[places.trailing_zeros() as usize];
            let b = members[63 - places.leading_zeros() as usize];
            if !links[a as usize].contains(&b) {
                links[a as usize].push(b);
                links[b as usize].push(a);
            }
        }
    }
    let mut out = Clusters {
        cluster: vec![u16::MAX; cells],
        colour: vec![0; cells],
        depth: vec![0; cells],
        members: Vec::new(),
    };
    for start in 0..cells {
        if links[start].is_empty() || out.cluster[start] != u16::MAX {
            continue;
        }
        let id = out.members.len() as u16;
        let mut queue = vec![start as u16];
        out.cluster[start] = id;
        let mut i = 0;
        while i < queue.len() {
            let cell = queue[i] as usize;
            i += 1;
            for &next in &links[cell] {
                let next = next as usize;
                if out.cluster[next] == u16::MAX {
                    out.cluster[next] = id;
                    out.colour[next] = 1 - out.colour[cell];
                    out.depth[next] = out.depth[cell] + 1;
                    queue.push(next as u16);
                }
            }
        }
        out.members.push(queue);
    }
    out
}

/// Rating of a colouring step whose reasoning runs along a chain between
/// cells `a` and `b` of a cluster (via its first cell, at most).
fn rating(base: u16, cl: &Clusters, cells: &[usize]) -> u16 {
    let nodes: usize = cells
        .iter()
        .map(|&c| cl.depth[c] as usize + 1)
        .sum::<usize>()
        + 2;
    base + chain_length_increment(nodes)
}

pub(crate) fn simple_colours(grid: &Grid, out: &mut Finding) -> bool {
    for digit in 0..grid.size() {
        let bit = 1u64 << digit;
        let cl = clusters(grid, bit);
        for (id, members) in cl.members.iter().enumerate() {
            if members.len() < 3 {
                continue; // a single strong link colours nothing
            }
            // Wrap: two cells of one colour see each other.
            for (i, &a) in members.iter().enumerate() {
                for &b in &members[i + 1..] {
                    let (a, b) = (a as usize, b as usize);
                    if cl.colour[a] == cl.colour[b] && grid.sees(a, b) {
                        let false_colour = cl.colour[a];
                        start(out, Technique::SimpleColours, members, &cl, bit, true);
                        out.eliminations.extend(
                            members
                                .iter()
                                .filter(|&&c| cl.colour[c as usize] == false_colour)
                                .map(|&c| (c, digit as u8 + 1)),
                        );
                        out.rating = rating(65, &cl, &[a, b]);
                        return true;
                    }
                }
            }
            // Trap: a cell outside the cluster sees both colours.
            for cell in 0..grid.cands.len() {
                if grid.cands[cell] & bit == 0 || cl.cluster[cell] == id as u16 {
                    continue;
                }
                let seen = |colour: u8| {
                    members
                        .iter()
                        .map(|&c| c as usize)
                        .find(|&c| cl.colour[c] == colour && grid.sees(cell, c))
                };
                if let (Some(a), Some(b)) = (seen(0), seen(1)) {
                    start(out, Technique::SimpleColours, members, &cl, bit, false);
                    let mut victims = Vec::new();
                    for c in cell..grid.cands.len() {
                        if grid.cands[c] & bit != 0
                            && cl.cluster[c] != id as u16
                            && seen_by_both(grid, &cl, members, c)
                        {
                            victims.push((c as u16, digit as u8 + 1));
                        }
                    }
                    out.eliminations.extend(victims);
                    out.rating = rating(66, &cl, &[a, b]);
                    return true;
                }
            }
        }
    }
    false
}

fn seen_by_both(grid: &Grid, cl: &Clusters, members: &[u16], cell: usize) -> bool {
    let sees = |colour: u8| {
        members
            .iter()
            .any(|&c| cl.colour[c as usize] == colour && grid.sees(cell, c as usize))
    };
    sees(0) && sees(1)
}

/// Starts a colouring finding: the cluster's cells, colour 0 first, with
/// the split in `Pattern::Colours`.
fn start(
    out: &mut Finding,
    technique: Technique,
    members: &[u16],
    cl: &Clusters,
    bit: u64,
    wrap: bool,
) {
    let first: Vec<u16> = members
        .iter()
        .copied()
        .filter(|&c| cl.colour[c as usize] == 0)
        .collect();
    out.start(
        technique,
        Pattern::Colours {
            wrap,
            first_colour: first.len() as u16,
        },
    );
    out.digits = bit;
    out.cells.extend(first);
    out.cells.extend(
        members
            .iter()
            .copied()
            .filter(|&c| cl.colour[c as usize] == 1),
    );
}

pub(crate) fn multi_colours(grid: &Grid, out: &mut Finding) -> bool {
    for digit in 0..grid.size() {
        let bit = 1u64 << digit;
        let cl = &clusters(grid, bit);
        let k = cl.members.len();
        let of = |id: usize, colour: u8| {
            cl.members[id]
                .iter()
                .map(|&c| c as usize)
                .filter(move |&c| cl.colour[c] == colour)
        };
        for a in 0..k {
            for b in 0..k {
                if a == b {
                    continue;
                }
                for ca in 0..2u8 {
                    // Type 2: a colour of A sees both colours of B: it is false.
                    let sees_colour =
                        |cb: u8| of(a, ca).any(|x| of(b, cb).any(|y| grid.sees(x, y)));
                    if sees_colour(0) && sees_colour(1) {
                        let victims: Vec<(u16, u8)> =
                            of(a, ca).map(|c| (c as u16, digit as u8 + 1)).collect();
                        start_multi(out, cl, a, b, bit);
                        out.eliminations.extend(victims);
                        return true;
                    }
                    if a > b {
                        continue;
                    }
                    for cb in 0..2u8 {
                        if !sees_colour(cb) {
                            continue;
                        }
                        // ca and cb are not both true: the other colours are
                        // not both false.
                        let (oa, ob) = (1 - ca, 1 - cb);
                        let victims: Vec<(u16, u8)> = (0..grid.cands.len())
                            .filter(|&c| {
                                grid.cands[c] & bit != 0
                                    && cl.cluster[c] as usize != a
                                    && cl.cluster[c] as usize != b
                                    && of(a, oa).any(|x| grid.sees(c, x))
                                    && of(b, ob).any(|y| grid.sees(c, y))
                            })
                            .map(|c| (c as u16, digit as u8 + 1))
                            .collect();
                        if victims.is_empty() {
                            continue;
                        }
                        start_multi(out, cl, a, b, bit);
                        out.eliminations.extend(victims);
                        return true;
                    }
                }
            }
        }
    }
    false
}

fn start_multi(out: &mut Finding, cl: &Clusters, a: usize, b: usize, bit: u64) {
    out.start(
        Technique::MultiColours,
        Pattern::MultiColours {
            first_cluster: cl.members[a].len() as u16,
        },
    );
    out.digits = bit;
    out.cells.extend(&cl.members[a]);
    out.cells.extend(&cl.members[b]);
    let nodes = cl.members[a].len() + cl.members[b].len();
    out.rating = Technique::MultiColours.se_rating() + chain_length_increment(nodes);
}
