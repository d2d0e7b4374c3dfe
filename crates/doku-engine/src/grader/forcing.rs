//! Forcing chains and nets, the last logic before trial and error.
//!
//! - Cell forcing: every digit a cell can take leads to the same fact.
//! - Unit forcing: every place a digit can take in a unit leads to it.
//! - Contradiction: assuming a candidate breaks the grid, so it goes (or,
//!   assumed absent, so it is placed).
//! - Digit (double) forcing: a candidate and its absence lead to the same fact.
//!
//! Static multiple chains (SE 8.0) follow only the starting grid's links;
//! dynamic chains (8.5) update a copy of the grid as they go (forcing nets);
//! dynamic plus (9.0, SE's level 1) adds pointing, claiming, pairs and
//! x-wings whenever the singles stall; the nested levels 2 to 5 (9.5 to
//! 11.0) add chains inside the chain: SE's table is in `grader/nested.rs`.

use super::chains::{
    fill_cells, fill_chain, say, with_static_branches, Branches, Conflict, ConflictKind, Links,
    Mode, Net, Node, Stop,
};
use super::grid::{bits, Finding, Grid, Pattern};
use super::nested::{conflict_targets, step_rating, Weight, NESTED_BUDGET};
use super::{chain_length_increment, Technique};
use crate::board::{cell_name, digit_text};
use crate::shape::{Cell, Digit};

/// Largest grid the nets run on: their cost grows with the cube of the size.
pub const MAX_SIZE: usize = 9;

/// The level (SE's `Chaining.level`) of a dynamic forcing technique.
pub(crate) fn level_of(technique: Technique) -> Option<u8> {
    Some(match technique {
        Technique::DynamicForcingChain => 0,
        Technique::DynamicForcingChainPlus => 1,
        Technique::NestedForcingChain2 => 2,
        Technique::NestedForcingChain3 => 3,
        Technique::NestedForcingChain4 => 4,
        Technique::NestedForcingChain5 => 5,
        _ => return None,
    })
}

/// A conclusion and the assumptions that prove it.
#[derive(Clone, Debug)]
struct Proof {
    /// `cand * 2 + on`: the fact concluded.
    key: u32,
    /// The assumptions, each a branch that reaches the fact (or, for a
    /// contradiction, one assumption that breaks the grid).
    starts: Vec<(usize, bool)>,
    contradiction: bool,
    cost: usize,
    /// Ties on cost go as SE sorts its hints (`getSortKey`: cell 5, unit
    /// 6, contradiction 7), then in the order SE found them.
    rank: Rank,
}

/// SE's sort key of the kind of proof, where SE met it (the cell, or the
/// unit's first place and kind), then facts "on" before "off", then the
/// fact.
type Rank = (u8, u32, bool, u32);

pub(crate) fn forcing(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    if grid.size() > MAX_SIZE {
        return false;
    }
    let level = level_of(technique);
    let mode = level.map_or(Mode::Static(Links::ALL), |level| Mode::Dynamic { level });
    if level.is_none() {
        return with_static_branches(grid, |on| {
            let best = multiple(grid, on, technique);
            let mut net = Net::new(grid);
            finish(grid, &mut net, mode, technique, best, out)
        });
    }
    let n = grid.size();
    let mut net = Net::new(grid);
    // A megabyte of depths on a 9x9 board: kept between calls.
    thread_local! {
        static BRANCHES: std::cell::Cell<Option<Branches>> = const { std::cell::Cell::new(None) };
    }
    let mut branches = Branches::reuse(BRANCHES.take(), net.cand_count());
    let mut best: Option<Proof> = None;
    let level = level.unwrap_or(0);
    let mut stops = Stops::take(grid);
    let (lower, mut own) = stops.of_levels(level);
    // Every candidate assumed on.
    let mut count = 0;
    for cell in 0..grid.cands.len() {
        if grid.cands[cell].count_ones() < 2 {
            continue;
        }
        for d in bits(grid.cands[cell]) {
            let cand = cell * n + d;
            net.inner_budget = NESTED_BUDGET;
            match lower.and_then(|lower| lower.get(count)) {
                Some(stop) => net.resume(stop, mode),
                None => net.propagate(cand, true, mode),
            }
            if let Some(own) = own.as_mut() {
                if own.len() <= count {
                    own.push(Stop::default());
                }
                net.save(&mut own[count]);
            }
            count += 1;
            match &net.conflict {
                Some(conflict) => {
                    // What it implied before it broke still serves cell and
                    // unit chains, as in SE (its sets stop at the clash): a
                    // branch that cannot hold proves anything.
                    let sides = conflict_targets(&conflict.events);
                    let flat = branches.record_counting(cand, &net, &sides);
                    // Without inner chains the weight is the ancestors
                    // alone, which the record just counted.
                    let cost = if net.inner.is_empty() {
                        flat as usize
                    } else {
                        let mut weight = Weight::default();
                        weight.add_conflict(&net, &conflict.events);
                        weight.total() as usize
                    };
                    consider(
                        Proof {
                            // The assumption broke the grid: the candidate is off.
                            key: cand as u32 * 2,
                            starts: vec![(cand, true)],
                            contradiction: true,
                            cost,
                            rank: (7, cand as u32, false, 0),
                        },
                        &mut best,
                    );
                }
                None => branches.record(cand, &net),
            }
        }
    }
    if let Some(p) = multiple(grid, &branches, technique) {
        consider(p, &mut best);
    }
    BRANCHES.set(Some(branches));
    if let Some(own) = own {
        stops.by_level[level as usize] = own;
        stops.kept[level as usize] = count;
    }
    Stops::put(stops);
    finish(grid, &mut net, mode, technique, best, out)
}

/// Sudoku Explainer's multiple forcing chains (8.0, static): its search
/// starts only from cells of three candidates or more, and tries a unit's
/// places for a digit only from the first of them, so it starts there too
/// (`Chaining.getMultipleChainsHintList`, `doRegionChainings`).
pub(crate) fn multiple_as_se(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    if grid.size() > MAX_SIZE {
        return false;
    }
    with_static_branches(grid, |on| {
        let best = multiple_from(grid, on, technique, 3);
        let mut net = Net::new(grid);
        finish(
            grid,
            &mut net,
            Mode::Static(Links::ALL),
            technique,
            best,
            out,
        )
    })
}

/// Where each assumption's propagation stopped at each level, for one
/// grid: the next level goes on from there (see `Stop`).
#[derive(Default)]
struct Stops {
    shape: Option<crate::shape::Shape>,
    values: Vec<u8>,
    cands: Vec<u64>,
    /// Per level, per assumption in the search's order; past `kept`, and
    /// of other grids, only buffers to reuse.
    by_level: [Vec<Stop>; 6],
    /// Per level, how many stops are of this grid (0: not kept).
    kept: [usize; 6],
}

thread_local! {
    static STOPS: std::cell::RefCell<Stops> = std::cell::RefCell::new(Stops::default());
}

impl Stops {
    /// The stops kept for `grid`, or none if they were of another grid.
    fn take(grid: &Grid) -> Stops {
        let mut stops = STOPS.with(|s| std::mem::take(&mut *s.borrow_mut()));
        let same = stops.shape == Some(grid.geo.shape)
            && stops.values == grid.values
            && stops.cands == grid.cands;
        if !same {
            stops.shape = Some(grid.geo.shape);
            stops.values.clone_from(&grid.values);
            stops.cands.clone_from(&grid.cands);
            stops.kept = [0; 6];
        }
        stops
    }

    fn put(stops: Stops) {
        STOPS.with(|s| *s.borrow_mut() = stops);
    }

    /// The stops `level` goes on from (if kept), and the vector for its
    /// own stops if a higher level goes on from them.
    ///
    /// Level 1 starts over instead of going on from level 0: level 0 almost
    /// always finds a step (4669 of its 4679 searches grading top1465), so
    /// copying its every propagation for level 1 cost far more than level
    /// 1 redoing the singles the few times it runs.
    fn of_levels(&mut self, level: u8) -> (Option<&[Stop]>, Option<Vec<Stop>>) {
        let lower = match level {
            2 | 4 => Some(1),
            3 => Some(2),
            5 => Some(4),
            _ => None,
        };
        let own = matches!(level, 1 | 2 | 4).then(|| {
            self.kept[level as usize] = 0;
            std::mem::take(&mut self.by_level[level as usize])
        });
        let lower = lower
            .map(|l: usize| &self.by_level[l][..self.kept[l]])
            .filter(|stops| !stops.is_empty());
        (lower, own)
    }
}

fn consider(proof: Proof, best: &mut Option<Proof>) {
    if best
        .as_ref()
        .is_none_or(|b| (proof.cost, proof.rank) < (b.cost, b.rank))
    {
        *best = Some(proof);
    }
}

/// The cheapest cell or unit forcing in these branches.
fn multiple(grid: &Grid, branches: &Branches, technique: Technique) -> Option<Proof> {
    multiple_from(grid, branches, technique, 2)
}

/// [`multiple`] from cells of at least `widest` candidates (a unit: from
/// its first place's cell).
fn multiple_from(
    grid: &Grid,
    branches: &Branches,
    technique: Technique,
    widest: u32,
) -> Option<Proof> {
    let wide = |cand: usize| grid.cands[cand / grid.size()].count_ones() >= widest;
    let n = grid.size();
    let want_cells = technique != Technique::UnitForcingChain;
    let want_units = technique != Technique::CellForcingChain;
    let mut best = None;
    let mut scratch = Vec::new();
    // One buffer for every group's branches.
    let mut group: Vec<usize> = Vec::new();
    if want_cells {
        for cell in 0..grid.cands.len() {
            group.clear();
            group.extend(bits(grid.cands[cell]).map(|d| cell * n + d));
            if group.len() >= 2 && wide(cell * n) {
                if let Some(p) = common(branches, &group, (5, cell as u32), grid, &mut scratch) {
                    consider(p, &mut best);
                }
            }
        }
    }
    if want_units {
        for (h, cells) in grid.geo.house_cells.iter().enumerate() {
            // SE meets a unit at its first place, block before row before
            // column (doku's houses: rows, columns, boxes).
            let kind = match h / n {
                0 => 1,
                1 => 2,
                _ => 0,
            };
            for d in 0..n {
                places_in(grid, cells, d, &mut group);
                if group.len() >= 2 && wide(group[0]) {
                    let met = (group[0] * 3 + kind) as u32;
                    if let Some(p) = common(branches, &group, (6, met), grid, &mut scratch) {
                        consider(p, &mut best);
                    }
                }
            }
        }
    }
    best
}

/// Into `group`, the candidates of digit `d` (0-based) in a house's
/// `cells`: the branches of a unit forcing chain.
fn places_in(grid: &Grid, cells: &[u16], d: usize, group: &mut Vec<usize>) {
    let n = grid.size();
    group.clear();
    group.extend(
        cells
            .iter()
            .filter(|&&c| grid.cands[c as usize] & (1 << d) != 0)
            .map(|&c| c as usize * n + d),
    );
}

/// The cheapest fact every branch of `group` reaches, if any; a branch that
/// broke the grid is left out (it cannot be the truth).
fn common(
    branches: &Branches,
    group: &[usize],
    (kind, met): (u8, u32),
    grid: &Grid,
    scratch: &mut Vec<u64>,
) -> Option<Proof> {
    let n = grid.size();
    // A branch that broke the grid is a contradiction, its own step.
    if group.iter().any(|&c| !branches.is_live(c)) {
        return None;
    }
    let live = group;
    branches.common(live, scratch);
    let mut best: Option<Proof> = None;
    for (w, &word) in scratch.iter().enumerate() {
        for b in bits(word) {
            let key = w * 64 + b;
            let cand = key / 2;
            let (cell, digit) = (cand / n, cand % n);
            // Only facts that change the grid.
            if grid.cands[cell] & (1 << digit) == 0
                || group.contains(&cand)
                || (key % 2 == 1 && grid.cands[cell].count_ones() == 1)
            {
                continue;
            }
            let cost: usize = live.iter().map(|&c| branches.depth(c, key) + 1).sum();
            let rank = (kind, met, key % 2 == 0, key as u32);
            if best
                .as_ref()
                .is_none_or(|b| (cost, rank) < (b.cost, b.rank))
            {
                best = Some(Proof {
                    key: key as u32,
                    starts: live.iter().map(|&c| (c, true)).collect(),
                    contradiction: false,
                    cost,
                    rank,
                });
            }
        }
    }
    best
}

fn finish(
    grid: &Grid,
    net: &mut Net,
    mode: Mode,
    technique: Technique,
    best: Option<Proof>,
    out: &mut Finding,
) -> bool {
    let Some(proof) = best else {
        return false;
    };
    let n = net.n;
    out.start(technique, Pattern::Chain);
    let cand = (proof.key / 2) as usize;
    let (cell, digit) = ((cand / n) as u16, (cand % n) as u8 + 1);
    let fact_on = proof.key % 2 == 1;
    // A contradiction's key is already the opposite of its assumption.
    let concluded = fact_on;
    if concluded {
        out.placements.push((cell, digit));
    } else {
        out.eliminations.push((cell, digit));
    }
    let mut weight = Weight::default();
    let mut text = String::new();
    for &(start, on) in &proof.starts {
        net.inner_budget = NESTED_BUDGET;
        net.propagate(start, on, mode);
        // A cell or unit chain's branch that broke the grid counts up to
        // the fact, which it reached before the clash.
        let clash = net.conflict.as_ref().filter(|_| proof.contradiction);
        let targets: Vec<u32> = match clash {
            Some(conflict) => conflict.events.clone(),
            None => net.event_of(cand, fact_on).into_iter().collect(),
        };
        if targets.is_empty() {
            // Cannot happen: the branch reached the fact before.
            continue;
        }
        match clash {
            Some(conflict) => weight.add_conflict(net, &conflict.events),
            None => weight.add(net, &targets),
        }
        // A nested step's links would be its whole net and the inner
        // chains it rests on: a hundred or more, notation nobody can
        // follow. Its words give the outer chain in order and number the
        // inner ones, so it carries no links to draw or print.
        if level_of(technique).is_some_and(|level| level >= 2) {
            fill_cells(net, &targets, out);
        } else {
            fill_chain(net, &targets, out);
        }
        // One branch a line: run together, three or four branches of a
        // dozen links each read as one sentence nobody can follow.
        if !text.is_empty() {
            text.push('\n');
        }
        let assumption = say(grid, net.node(0));
        // The line from the assumption, which the sentence already names.
        let path = net.path_to(targets[0]);
        let line: Vec<String> = path[1..]
            .iter()
            .map(|&e| {
                // An inference of an inner chain points to it: "r1c2<>5 [2]".
                let words = say(grid, net.node(e));
                match weight.inner_number(net, e) {
                    Some(k) => format!("{words} [{k}]"),
                    None => words,
                }
            })
            .collect();
        text.push_str(&format!("If {assumption}, {}", line.join(" so ")));
        if let Some(conflict) = net.conflict.as_ref().filter(|_| proof.contradiction) {
            text.push_str(&conflict_words(net, conflict));
        }
    }
    let fact = Node {
        cell,
        digit,
        on: concluded,
    };
    let lead = if proof.contradiction {
        "So"
    } else {
        "Either way"
    };
    text.push_str(&format!("\n{lead} {}", say(grid, fact)));
    if !weight.inner_texts().is_empty() {
        // What each nested chain did, in the order the chain met them.
        let numbered: Vec<String> = (weight.inner_texts().iter().enumerate())
            .map(|(i, chain)| format!("[{}] {chain}", i + 1))
            .collect();
        text.push_str("\nInner chains: ");
        text.push_str(&numbered.join("; "));
        // Nested steps run long: the conclusion first, so a hint cut to fit
        // the panel still says what it found.
        text = format!("{}: {text}", say(grid, fact));
    }
    out.text = text;
    let complexity = weight.total() as usize;
    out.complexity = complexity.min(u16::MAX as usize) as u16;
    out.rating = match level_of(technique) {
        Some(level) => step_rating(level, complexity as u32),
        None => out.rating + chain_length_increment(complexity),
    };
    true
}

pub(crate) fn conflict_words(net: &Net, conflict: &Conflict) -> String {
    let shape = net.grid.geo.shape;
    match conflict.what {
        ConflictKind::Both => {
            let other = net.node(conflict.events[1]);
            format!(", but {} too: impossible", say(net.grid, other))
        }
        ConflictKind::EmptyCell(c) => {
            format!(
                ", and {} has no digit left: impossible",
                cell_name(shape, Cell(c))
            )
        }
        ConflictKind::Cage(cage) => format!(
            ", and {} can no longer make its sum: impossible",
            super::cages::cage_name(net.grid, usize::from(cage))
        ),
        ConflictKind::NoPlace { house, digit } => format!(
            ", and {} has no place left for {}: impossible",
            net.grid.geo.house(house as usize),
            Digit::new(digit).map_or_else(|| digit.to_string(), digit_text)
        ),
    }
}
