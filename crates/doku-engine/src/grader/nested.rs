//! Nested forcing chains: the chains a dynamic propagation runs on its own
//! grid when its singles are stuck, as Sudoku Explainer does
//! (`Chaining.getAdvancedPotentials`, `ChainingHint.getNestedComplexity`).
//!
//! SE's table (`Chaining.getDifficulty`, `getOtherRules`), for a dynamic
//! forcing chain (contradictions, double implications, cell and unit
//! forcing, each branch updating its grid as it goes) of level L:
//!
//! | level | base | inner rules when the singles are stuck, tried in order |
//! |-------|------|----------------------------------------------------------|
//! | 0     | 8.5  | none (plain dynamic forcing chains)                      |
//! | 1     | 9.0  | pointing/claiming, hidden pair, naked pair, x-wing ("+") |
//! | 2     | 9.5  | level 1's, then static forcing chains                    |
//! | 3     | 10.0 | level 2's, then static multiple (cell, unit) chains      |
//! | 4     | 10.5 | level 1's, then dynamic forcing chains                   |
//! | 5     | 11.0 | level 4's, then dynamic forcing chains of level 2        |
//!
//! (Static multiple chains alone rate 8.0; SE's base for level L >= 2 is
//! 9.5 + 0.5 (L - 2), for level 1 8.5 + 0.5.) The first inner rule that
//! removes something ends the round; every chain it found counts.
//!
//! A step's rating is its base plus SE's length increment of its
//! complexity: the nodes of its own chains (each branch counted apart) plus
//! the whole complexity of every distinct inner chain they rest on.
//!
//! An inner chain rests on the outer chain through the cells and houses
//! whose singles it used: the candidates the outer chain had removed there
//! (SE's `getRuleParents`). An inner chain that rests on none of them holds
//! without the outer chain and is not used (SE skips it too).

use super::chains::{
    say_into, say_path_into, with_static_reach, InnerChain, Links, Mode, Net, CAUSE_CELL,
    CAUSE_NONE,
};
use super::forcing::conflict_words;
use super::grid::{bits, three_bits_or_more, Grid};
use super::{chain_length_increment, TRIAL_AND_ERROR_RATING};

/// Inner propagations one outer propagation may spend on its nested rules
/// (SE has no bound; ours keeps a step affordable).
pub(crate) const NESTED_BUDGET: usize = 2000;

/// The same bound for a propagation inside an inner chain (level 5).
const INNER_NESTED_BUDGET: usize = 200;

/// SE's base rating of a dynamic forcing chain of `level`, in tenths.
pub(crate) fn level_rating(level: u8) -> u16 {
    match level {
        0 => 85,
        1 => 90,
        _ => 95 + 5 * (u16::from(level) - 2),
    }
}

/// SE's rating of a dynamic forcing step of `level` and `complexity` (its
/// own nodes plus its inner chains'), in tenths: the base plus the length
/// increment, kept below trial and error (SE's scale tops out at 11.9 in
/// practice).
pub(crate) fn step_rating(level: u8, complexity: u32) -> u16 {
    (level_rating(level) + chain_length_increment(complexity as usize))
        .min(TRIAL_AND_ERROR_RATING - 1)
}

/// One chain an inner rule found.
#[derive(Clone)]
pub(crate) struct InnerFinding {
    /// The candidates it removes (`cell * n + digit`).
    pub eliminations: Vec<usize>,
    /// The candidates of the outer grid, gone from the inner grid, that
    /// its singles rest on.
    pub rests_on: Vec<usize>,
    /// Those singles: (cause, candidate) as in `Event`; what they rest on
    /// depends on the outer grid, the chain itself only on the inner one.
    singles: Vec<(u16, usize)>,
    pub complexity: u32,
    pub text: String,
}

/// The chains of `level`'s inner rules on `grid` (the propagation's grid;
/// `outer` is the grid the propagation started from).
pub(crate) fn inner_rules(
    grid: &Grid,
    outer: &Grid,
    level: u8,
    budget: &mut usize,
) -> Vec<InnerFinding> {
    let mut search = Search {
        grid,
        outer,
        n: grid.size(),
        budget,
    };
    let static_mode = Mode::Static(Links::ALL);
    let forcing = Rule {
        contradictions: true,
        multiple: false,
    };
    let multiple = Rule {
        contradictions: false,
        multiple: true,
    };
    let dynamic = Rule {
        contradictions: true,
        multiple: true,
    };
    let first = match level {
        2 | 3 => search.cached(static_mode, forcing),
        _ => search.cached(Mode::Dynamic { level: 0 }, dynamic),
    };
    if !first.is_empty() {
        return first;
    }
    match level {
        3 => search.cached(static_mode, multiple),
        5.. => search.cached(Mode::Dynamic { level: level - 3 }, dynamic),
        _ => first,
    }
}

/// Inner rules' chains by the grid they searched. Outer searches meet the
/// same stalled grids again: the next step's search (one candidate less)
/// mostly stalls where the last one did, the next level replays the last
/// level's propagations, and a step is followed again to be written down.
///
/// Full, it lets its oldest entry go at each new one. (It was emptied at
/// once: the hint that filled it paid for freeing twenty thousand entries,
/// 20-40 ms, a dozen hints' worth.) Which entries it holds never changes a
/// result: a hit costs what the search cost.
#[derive(Default)]
struct Cache {
    /// (rule, inner candidates) to the chains and the budget they cost.
    chains: std::collections::HashMap<CacheKey, (Vec<InnerFinding>, usize), GridHash>,
    /// The keys, oldest first.
    order: std::collections::VecDeque<CacheKey>,
}

/// A rule and the candidates of the grid it searched.
type CacheKey = (u8, std::rc::Rc<[u64]>);

/// Entries kept (a few hundred bytes each).
const CACHE_LIMIT: usize = 20_000;

thread_local! {
    static CACHE: std::cell::RefCell<Cache> = std::cell::RefCell::new(Cache::default());
}

/// Hashes the cache's keys, candidate grids of a few hundred bytes, a word
/// at a time (the default hasher's cost showed in nested searches). The
/// keys are our own grids: no defence against chosen collisions is needed.
#[derive(Clone, Copy, Default)]
pub(super) struct GridHash;

impl std::hash::BuildHasher for GridHash {
    type Hasher = WordHasher;
    fn build_hasher(&self) -> WordHasher {
        WordHasher(0)
    }
}

pub(super) struct WordHasher(u64);

impl WordHasher {
    fn mix(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl std::hash::Hasher for WordHasher {
    fn finish(&self) -> u64 {
        // The table picks buckets by the low bits: fold the high ones in.
        let h = self.0 ^ (self.0 >> 32);
        h.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ (h >> 29)
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        for &b in chunks.remainder() {
            self.mix(u64::from(b));
        }
    }

    fn write_u64(&mut self, word: u64) {
        self.mix(word);
    }

    fn write_usize(&mut self, word: usize) {
        self.mix(word as u64);
    }

    fn write_u8(&mut self, byte: u8) {
        self.mix(u64::from(byte));
    }
}

/// What an inner forcing-chain rule looks for.
#[derive(Clone, Copy)]
struct Rule {
    /// An assumption (on or off) that breaks the grid; in a dynamic rule
    /// also an assumption and its opposite that agree.
    contradictions: bool,
    /// Cell and unit forcing.
    multiple: bool,
}

struct Search<'a, 'b> {
    grid: &'a Grid,
    outer: &'a Grid,
    n: usize,
    budget: &'b mut usize,
}

impl Search<'_, '_> {
    /// [`Search::run`], without the chains that rest on nothing the outer
    /// propagation did (SE: such a rule needs no chain, it is not part of
    /// it), remembered by grid. A hit costs the budget the search cost, so
    /// a step found and the same step followed again agree.
    fn cached(&mut self, mode: Mode, rule: Rule) -> Vec<InnerFinding> {
        let rule_id = match mode {
            Mode::Static(_) => u8::from(rule.multiple),
            Mode::Dynamic { level } => 2 + level,
        };
        let key: CacheKey = (rule_id, self.grid.cands.as_slice().into());
        let hit = CACHE.with(|cache| cache.borrow().chains.get(&key).cloned());
        let mut found = match hit {
            Some((found, cost)) if *self.budget >= cost => {
                *self.budget -= cost;
                found
            }
            _ => {
                let before = *self.budget;
                let found = self.run(mode, rule);
                // A search the budget cut short is not the rule's whole answer.
                if *self.budget > 0 {
                    let cost = before - *self.budget;
                    CACHE.with(|cache| {
                        let mut cache = cache.borrow_mut();
                        if cache.chains.len() >= CACHE_LIMIT {
                            if let Some(oldest) = cache.order.pop_front() {
                                cache.chains.remove(&oldest);
                            }
                        }
                        if cache
                            .chains
                            .insert(key.clone(), (found.clone(), cost))
                            .is_none()
                        {
                            cache.order.push_back(key);
                        }
                    });
                }
                found
            }
        };
        for f in &mut found {
            f.rests_on.clear();
            for &(cause, cand) in &f.singles {
                self.hidden_of(cause, cand, &mut f.rests_on);
            }
            f.rests_on.sort_unstable();
            f.rests_on.dedup();
        }
        found.retain(|f| !f.rests_on.is_empty());
        found
    }

    fn spend(&mut self) -> bool {
        if *self.budget == 0 {
            return false;
        }
        *self.budget -= 1;
        true
    }

    fn run(&mut self, mode: Mode, rule: Rule) -> Vec<InnerFinding> {
        if let Mode::Static(_) = mode {
            return self.run_static(mode, rule);
        }
        let grid = self.grid;
        let n = self.n;
        let dynamic = matches!(mode, Mode::Dynamic { .. });
        let cand_count = grid.cands.len() * n;
        let words = (cand_count * 2).div_ceil(64);
        let mut on_net = Net::new(grid);
        let mut off_net = Net::new(grid);
        on_net.inner_budget = INNER_NESTED_BUDGET;
        off_net.inner_budget = INNER_NESTED_BUDGET;
        let mut branch_bits = if rule.multiple {
            vec![0u64; cand_count * words]
        } else {
            Vec::new()
        };
        let mut live = vec![false; cand_count];
        let mut found: Vec<InnerFinding> = Vec::new();
        'cells: for cell in 0..grid.cands.len() {
            let count = grid.cands[cell].count_ones();
            if count < 2 {
                continue;
            }
            for d in bits(grid.cands[cell]) {
                let cand = cell * n + d;
                if !self.spend() {
                    break 'cells;
                }
                on_net.propagate(cand, true, mode);
                if on_net.conflict.is_some() {
                    if rule.contradictions {
                        found.push(self.contradiction(&on_net, cand, false));
                    }
                    continue;
                }
                live[cand] = true;
                if rule.multiple {
                    let row = &mut branch_bits[cand * words..(cand + 1) * words];
                    for e in &on_net.events {
                        let key = e.cand as usize * 2 + e.on as usize;
                        row[key / 64] |= 1 << (key % 64);
                    }
                }
                if !rule.contradictions || !self.spend() {
                    continue;
                }
                off_net.propagate(cand, false, mode);
                if off_net.conflict.is_some() {
                    found.push(self.contradiction(&off_net, cand, true));
                } else if dynamic && count >= 3 {
                    self.double(&on_net, &off_net, cand, &mut found);
                }
            }
        }
        if rule.multiple {
            let common = |group: &[usize], out: &mut Vec<usize>| {
                let mut bits_of = group
                    .iter()
                    .map(|&c| &branch_bits[c * words..(c + 1) * words]);
                let mut all: Vec<u64> = bits_of.next().map(<[u64]>::to_vec).unwrap_or_default();
                for theirs in bits_of {
                    for (acc, &x) in all.iter_mut().zip(theirs) {
                        *acc &= x;
                    }
                }
                out.clear();
                out.extend(
                    all.iter()
                        .enumerate()
                        .flat_map(|(w, &word)| bits(word).map(move |b| w * 64 + b)),
                );
            };
            self.multiple(mode, dynamic, common, &live, &mut found);
        }
        one_per_removal(found)
    }

    /// [`Search::run`] with static links: the bitset scan finds the
    /// chains; only those found are followed again for their nodes.
    fn run_static(&mut self, mode: Mode, rule: Rule) -> Vec<InnerFinding> {
        let grid = self.grid;
        let cand_count = grid.cands.len() * self.n;
        let assumptions: usize = grid.cands.iter().map(|c| c.count_ones() as usize).sum();
        if *self.budget < assumptions {
            *self.budget = 0;
            return Vec::new();
        }
        *self.budget -= assumptions;
        with_static_reach(grid, self.outer, |reach| {
            let mut hits = Vec::new();
            let mut live = vec![false; cand_count];
            for cand in reach.cands() {
                if reach.hit(cand) {
                    hits.push(cand);
                } else {
                    live[cand] = true;
                }
            }
            let mut found = Vec::new();
            if rule.contradictions && !hits.is_empty() {
                let mut net = Net::new(grid);
                for cand in hits {
                    net.propagate(cand, true, mode);
                    if net.conflict.is_some() {
                        found.push(self.contradiction(&net, cand, false));
                    }
                }
            }
            if rule.multiple {
                let mut scratch = Vec::new();
                let common = |group: &[usize], out: &mut Vec<usize>| {
                    reach.common(group, &mut scratch, out);
                };
                self.multiple(mode, false, common, &live, &mut found);
            }
            one_per_removal(found)
        })
    }

    /// What `fact` (`cand * 2 + on`) removes from the grid, if anything.
    fn removes(&self, key: usize) -> Vec<usize> {
        let (cand, on) = (key / 2, key % 2 == 1);
        let (cell, d) = (cand / self.n, cand % self.n);
        let cands = self.grid.cands[cell];
        if cands & (1 << d) == 0 {
            return Vec::new();
        }
        if on {
            bits(cands & !(1 << d)).map(|e| cell * self.n + e).collect()
        } else {
            vec![cand]
        }
    }

    /// Whether `fact` (`cand * 2 + on`) removes anything from the grid:
    /// [`Search::removes`] without building the list.
    fn removes_any(&self, key: usize) -> bool {
        let (cand, on) = (key / 2, key % 2 == 1);
        let cands = self.grid.cands[cand / self.n];
        let bit = 1u64 << (cand % self.n);
        cands & bit != 0 && (!on || cands & !bit != 0)
    }

    /// An assumption that broke the grid: it is false.
    fn contradiction(&self, net: &Net, cand: usize, placed: bool) -> InnerFinding {
        let conflict = net.conflict.as_ref().map(|c| c.events.clone());
        let events = conflict.unwrap_or_default();
        let mut weight = Weight::default();
        weight.add_conflict(net, &events);
        let mut singles = Vec::new();
        singles_of(net, &events, &mut singles);
        let key = cand * 2 + usize::from(placed);
        let mut text = String::with_capacity(256);
        say_key_into(self.grid, key, &mut text);
        text.push_str(" (if ");
        say_into(net.grid, net.node(0), &mut text);
        text.push_str(", ");
        line_after_assumption(net, events.first().copied().unwrap_or(0), &mut text);
        if let Some(conflict) = &net.conflict {
            text.push_str(&conflict_words(net, conflict));
        }
        text.push(')');
        InnerFinding {
            eliminations: self.removes(key),
            rests_on: Vec::new(),
            singles,
            complexity: weight.total(),
            text,
        }
    }

    /// Facts a candidate and its absence both imply (SE's double forcing).
    fn double(&self, on_net: &Net, off_net: &Net, cand: usize, found: &mut Vec<InnerFinding>) {
        for (id, e) in off_net.events.iter().enumerate().skip(1) {
            let key = e.cand as usize * 2 + e.on as usize;
            let Some(on_id) = on_net.event_of(e.cand as usize, e.on) else {
                continue;
            };
            let eliminations = self.removes(key);
            if eliminations.is_empty() || e.cand as usize == cand {
                continue;
            }
            let mut weight = Weight::default();
            weight.add(on_net, &[on_id]);
            weight.add(off_net, &[id as u32]);
            let mut singles = Vec::new();
            singles_of(on_net, &[on_id], &mut singles);
            singles_of(off_net, &[id as u32], &mut singles);
            let mut text = String::with_capacity(256);
            say_key_into(self.grid, key, &mut text);
            text.push_str(" (whether ");
            say_into(self.grid, on_net.node(0), &mut text);
            text.push_str(" or not: ");
            say_path_into(on_net, on_id, &mut text);
            text.push_str("; ");
            say_path_into(off_net, id as u32, &mut text);
            text.push(')');
            found.push(InnerFinding {
                eliminations,
                rests_on: Vec::new(),
                singles,
                complexity: weight.total(),
                text,
            });
        }
    }

    /// Cell and unit forcing: a fact every branch of a group reaches.
    fn multiple(
        &mut self,
        mode: Mode,
        dynamic: bool,
        mut common: impl FnMut(&[usize], &mut Vec<usize>),
        live: &[bool],
        found: &mut Vec<InnerFinding>,
    ) {
        let grid = self.grid;
        let n = self.n;
        // (group, site, is_cell, the facts all its branches reach).
        let mut work: Vec<(Vec<usize>, usize, bool, Vec<usize>)> = Vec::new();
        let mut facts = Vec::new();
        // Each group in turn (cells, then houses), in one buffer: most
        // share nothing that removes anything.
        let mut group: Vec<usize> = Vec::new();
        let mut try_group = |group: &[usize], site: usize, is_cell: bool| {
            if group.iter().any(|&c| !live[c]) {
                return;
            }
            common(group, &mut facts);
            facts.retain(|&key| !group.contains(&(key / 2)) && self.removes_any(key));
            if !facts.is_empty() {
                work.push((group.to_vec(), site, is_cell, std::mem::take(&mut facts)));
            }
        };
        for cell in 0..grid.cands.len() {
            let count = grid.cands[cell].count_ones();
            // SE: a static cell needs three digits (two are a plain chain).
            if count >= 3 || (dynamic && count == 2) {
                group.clear();
                group.extend(bits(grid.cands[cell]).map(|d| cell * n + d));
                try_group(&group, cell, true);
            }
        }
        for (h, cells) in grid.geo.house_cells.iter().enumerate() {
            for d in 0..n {
                group.clear();
                let bit = 1u64 << d;
                group.extend(
                    (cells.iter())
                        .filter(|&&c| grid.cands[c as usize] & bit != 0)
                        .map(|&c| c as usize * n + d),
                );
                // SE chains a region from its first place of the digit,
                // and a static search starts only from cells of three
                // digits or more (`Chaining.doRegionChainings`, called
                // from `getMultipleChainsHintList`), so a static region
                // whose first place is a pair is never chained.
                let first_chained = group
                    .first()
                    .is_some_and(|&c| dynamic || three_bits_or_more(grid.cands[c / n]));
                if group.len() >= 2 && first_chained {
                    try_group(&group, h, false);
                }
            }
        }
        if work.is_empty() {
            return;
        }
        let mut net = Net::new(grid);
        net.inner_budget = INNER_NESTED_BUDGET;
        // A static branch is the same every time it is followed: each start
        // is followed once, for every fact any of its groups needs from it
        // (a dynamic one spends the inner budget as it goes, so it is
        // followed again for each fact, as it was found).
        let mut branches: std::collections::HashMap<(usize, usize), Option<Branch>> =
            std::collections::HashMap::new();
        if let Mode::Static(links) = mode {
            let mut wanted: Vec<(usize, usize)> = work
                .iter()
                .flat_map(|(group, _, _, facts)| {
                    group
                        .iter()
                        .flat_map(move |&start| facts.iter().map(move |&key| (start, key)))
                })
                .collect();
            wanted.sort_unstable();
            wanted.dedup();
            let mut keys = Vec::new();
            for same_start in wanted.chunk_by(|a, b| a.0 == b.0) {
                // Followed only as far as its facts: the rest is not read.
                keys.clear();
                keys.extend(same_start.iter().map(|&(_, key)| key));
                net.propagate_static_until(same_start[0].0, links, &keys);
                for &(start, key) in same_start {
                    let branch = net
                        .event_of(key / 2, key % 2 == 1)
                        .map(|target| Branch::of(&net, target));
                    branches.insert((start, key), branch);
                }
            }
        }
        for (group, site, is_cell, facts) in work {
            for key in facts {
                let mut weight = Weight::default();
                // The shared single the assumptions stand on.
                let root = if is_cell { CAUSE_CELL } else { site as u16 };
                let mut singles = vec![(root, group[0])];
                // The branches' lines, "; " between them.
                let mut lines = String::with_capacity(256);
                for &start in &group {
                    if dynamic {
                        net.propagate(start, true, mode);
                        let Some(target) = net.event_of(key / 2, key % 2 == 1) else {
                            continue;
                        };
                        weight.add(&net, &[target]);
                        singles_of(&net, &[target], &mut singles);
                        if !lines.is_empty() {
                            lines.push_str("; ");
                        }
                        say_path_into(&net, target, &mut lines);
                    } else if let Some(Some(branch)) = branches.get(&(start, key)) {
                        weight.flat += branch.nodes;
                        singles.extend_from_slice(&branch.singles);
                        if !lines.is_empty() {
                            lines.push_str("; ");
                        }
                        lines.push_str(&branch.line);
                    }
                }
                singles.sort_unstable();
                singles.dedup();
                let place = if is_cell {
                    format!(
                        "every digit of {}",
                        crate::board::cell_name(grid.geo.shape, crate::Cell((group[0] / n) as u16))
                    )
                } else {
                    format!(
                        "every place of {} in {}",
                        group[0] % n + 1,
                        grid.geo.house(site)
                    )
                };
                let mut text = String::with_capacity(64 + place.len() + lines.len());
                say_key_into(grid, key, &mut text);
                text.push_str(" (");
                text.push_str(&place);
                text.push_str(" leads to it: ");
                text.push_str(&lines);
                text.push(')');
                found.push(InnerFinding {
                    eliminations: self.removes(key),
                    rests_on: Vec::new(),
                    singles,
                    complexity: weight.total(),
                    text,
                });
            }
        }
    }

    /// The candidates the outer propagation removed from the cell (or, for
    /// a house cause, the places of the digit in the house) of `cand`.
    fn hidden_of(&self, cause: u16, cand: usize, out: &mut Vec<usize>) {
        let n = self.n;
        let (cell, d) = (cand / n, cand % n);
        if cause == CAUSE_CELL {
            let gone = self.outer.cands[cell] & !self.grid.cands[cell];
            out.extend(bits(gone).map(|e| cell * n + e));
        } else if cause != CAUSE_NONE {
            for &c in &self.grid.geo.house_cells[cause as usize] {
                let c = c as usize;
                let bit = 1u64 << d;
                if self.outer.cands[c] & bit != 0 && self.grid.cands[c] & bit == 0 {
                    out.push(c * n + d);
                }
            }
        }
    }
}

/// What one static branch says about one fact: what a chain counts and
/// tells of it.
struct Branch {
    /// The inferences the fact rests on, itself included.
    nodes: u32,
    /// The singles among them (see [`singles_of`]), unsorted.
    singles: Vec<(u16, usize)>,
    /// The line from the assumption to the fact, in words.
    line: String,
}

impl Branch {
    fn of(net: &Net, target: u32) -> Branch {
        let ancestors = net.ancestors(&[target]);
        let singles = ancestors
            .iter()
            .map(|&e| net.events[e as usize])
            .filter(|event| event.on && event.cause != CAUSE_NONE)
            .map(|event| (event.cause, event.cand as usize))
            .collect();
        let mut line = String::with_capacity(128);
        say_path_into(net, target, &mut line);
        Branch {
            nodes: ancestors.len() as u32,
            singles,
            line,
        }
    }
}

/// The singles behind `targets`: (cause, candidate) of each `on` event
/// with a cause.
fn singles_of(net: &Net, targets: &[u32], out: &mut Vec<(u16, usize)>) {
    for e in net.ancestors(targets) {
        let event = net.events[e as usize];
        if event.on && event.cause != CAUSE_NONE {
            out.push((event.cause, event.cand as usize));
        }
    }
    out.sort_unstable();
    out.dedup();
}

/// SE keeps one chain per set of removals, the least complex.
fn one_per_removal(mut found: Vec<InnerFinding>) -> Vec<InnerFinding> {
    found.sort_by(|a, b| (&a.eliminations, a.complexity).cmp(&(&b.eliminations, b.complexity)));
    found.dedup_by(|b, a| a.eliminations == b.eliminations);
    found
}

/// The events whose ancestors SE counts for a broken grid: each side of a
/// clash apart; for an empty cell or house, the last removal apart from
/// the others (SE sees the single they force clash with it).
pub(crate) fn conflict_targets(events: &[u32]) -> Vec<Vec<u32>> {
    match events {
        [] => Vec::new(),
        [one] => vec![vec![*one]],
        [a, b] => vec![vec![*a], vec![*b]],
        [rest @ .., last] => vec![rest.to_vec(), vec![*last]],
    }
}

/// A chain's complexity as SE counts it: nodes per branch, plus each
/// distinct inner chain's whole complexity.
#[derive(Default)]
pub(crate) struct Weight {
    flat: u32,
    nested: u32,
    seen: Vec<String>,
}

impl Weight {
    /// Adds one branch: the ancestors of `targets` in `net`.
    pub fn add(&mut self, net: &Net, targets: &[u32]) {
        let ancestors = net.ancestors(targets);
        self.flat += ancestors.len() as u32;
        for e in ancestors {
            if let Some(chain) = net.inner_chain_of(e) {
                self.add_inner(chain);
            }
        }
    }

    /// Counts an inner chain once, however many inferences rest on it (SE
    /// sums distinct nested chains).
    fn add_inner(&mut self, chain: &InnerChain) {
        if !self.seen.contains(&chain.text) {
            self.seen.push(chain.text.clone());
            self.nested += chain.complexity;
        }
    }

    /// Adds a broken grid's sides, as SE counts them.
    pub fn add_conflict(&mut self, net: &Net, events: &[u32]) {
        for side in conflict_targets(events) {
            self.add(net, &side);
        }
    }

    pub fn total(&self) -> u32 {
        self.flat + self.nested
    }

    /// For an event an inner chain made, that chain's number (from 1) in
    /// [`Weight::inner_texts`].
    pub fn inner_number(&self, net: &Net, event: u32) -> Option<usize> {
        let text = &net.inner_chain_of(event)?.text;
        self.seen.iter().position(|t| t == text).map(|i| i + 1)
    }

    /// The inner chains met, in the order met.
    pub fn inner_texts(&self) -> &[String] {
        &self.seen
    }
}

/// The fact `key` (`cand * 2 + on`) in words, at the end of `out`.
fn say_key_into(grid: &Grid, key: usize, out: &mut String) {
    let n = grid.size();
    let cand = key / 2;
    let node = super::chains::Node {
        cell: (cand / n) as u16,
        digit: (cand % n) as u8 + 1,
        on: key % 2 == 1,
    };
    say_into(grid, node, out);
}

/// "a so b so c": the main line to `target` after the assumption, at the
/// end of `out`.
fn line_after_assumption(net: &Net, target: u32, out: &mut String) {
    let path = net.path_to(target);
    for (i, &e) in path[1..].iter().enumerate() {
        if i > 0 {
            out.push_str(" so ");
        }
        say_into(net.grid, net.node(e), out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rate_as_in_sudoku_explainer() {
        // Chaining.getDifficulty: 8.5 dynamic, 8.5 + 0.5 L for level 1,
        // 9.5 + 0.5 (L - 2) from level 2.
        let table: Vec<u16> = (0..=5).map(level_rating).collect();
        assert_eq!(table, [85, 90, 95, 100, 105, 110]);
    }

    #[test]
    fn inner_chains_lengthen_the_step_once_each() {
        let inner = |complexity, text: &str| InnerChain {
            complexity,
            text: text.to_owned(),
        };
        let mut weight = Weight {
            flat: 22,
            ..Weight::default()
        };
        weight.add_inner(&inner(40, "r1c1<>5 (if r1c1=5, ...)"));
        weight.add_inner(&inner(35, "r2c2<>7 (if r2c2=7, ...)"));
        // The same chain met again by another branch counts once.
        weight.add_inner(&inner(40, "r1c1<>5 (if r1c1=5, ...)"));
        assert_eq!(weight.total(), 22 + 40 + 35);
        // ChainingHint.getLengthDifficulty by hand: length = 97 - 2 = 95
        // passes 4, 6, 8, 12, 16, 24, 32, 48 and 64 (not 96): +0.9 on 10.5.
        assert_eq!(step_rating(4, weight.total()), 114);
        // Without the inner chains: length 20 passes 4, 6, 8, 12, 16: +0.5.
        assert_eq!(step_rating(4, 22), 110);
        // However long, below trial and error.
        assert_eq!(step_rating(5, 100_000), TRIAL_AND_ERROR_RATING - 1);
    }
}
