//! A small conflict-driven clause-learning SAT solver: two watched literals
//! (binary clauses kept apart as implication lists), first-UIP learning with
//! recursive minimisation and shrinking, VSIDS with target and saved phases, Luby
//! restarts and deletion of learned clauses by literal block distance. No
//! recursion anywhere (clause minimisation walks an explicit stack).
//!
//! Generic over clauses; [`super`] encodes boards into it.

use std::ops::Not;

/// A variable (its index) with a sign.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Lit(u32);

impl Lit {
    pub(crate) fn positive(var: u32) -> Lit {
        Lit(var << 1)
    }

    pub(crate) fn var(self) -> usize {
        (self.0 >> 1) as usize
    }

    fn index(self) -> usize {
        self.0 as usize
    }

    fn is_negative(self) -> bool {
        self.0 & 1 == 1
    }
}

impl Not for Lit {
    type Output = Lit;
    fn not(self) -> Lit {
        Lit(self.0 ^ 1)
    }
}

/// What a call to [`Cdcl::solve`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum SatAnswer {
    /// A model: read it with [`Cdcl::is_true`].
    Satisfiable,
    Unsatisfiable,
    /// The conflict budget ran out first.
    Unknown,
}

const UNDEFINED: i8 = 0;
const TRUE: i8 = 1;
const FALSE: i8 = -1;

/// Why a variable has its value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Reason {
    /// A decision. An unassigned variable keeps the reason it last had:
    /// reasons are read only for assigned variables.
    Decision,
    /// The binary clause (implied ∨ this literal), this literal being false.
    Binary(Lit),
    /// A long clause whose first literal is the implied one.
    Clause(u32),
}

/// Two literals made false together, or a long clause made all false.
#[derive(Clone, Copy, Debug)]
enum Conflict {
    Binary(Lit, Lit),
    Clause(u32),
}

#[derive(Clone, Copy)]
struct Watch {
    clause: u32,
    /// Some other literal of the clause: when it is true the clause is not
    /// even looked at.
    blocker: Lit,
}

/// Long clauses live in one arena of words, each as its length, its
/// literals, and two words propagation never reads: [`LEARNT`] and
/// [`DELETED`] flags over its literal block distance (how many decision
/// levels it spanned when learned), and its slot (see `Cdcl::free_slots`).
/// A clause is named by the offset of its length. One flat array instead of
/// a vector per clause: propagation, which is most of the time, reads a
/// clause with no pointer to follow, and finds its literals right behind
/// the one word it needs besides them.
const HEADER: usize = 1;
const TRAILER: usize = 2;
const LEARNT: u32 = 1 << 31;
const DELETED: u32 = 1 << 30;
const LBD_MASK: u32 = (1 << 16) - 1;
/// In the old arena while clauses are moved: this clause's length word now
/// holds its new offset.
const MOVED: u32 = 1 << 31;

/// Learned clauses with this literal block distance or less are never deleted.
const GLUE: u32 = 2;
/// Conflicts per unit of the Luby restart sequence.
const RESTART_UNIT: u64 = 512;
/// Conflicts before the first reduction of the learned clauses, and how much
/// the interval grows after each.
const FIRST_REDUCE: u64 = 2000;
const REDUCE_GROWTH: u64 = 300;
const VAR_DECAY: f64 = 0.95;

#[derive(Clone)]
pub(crate) struct Cdcl {
    /// Value of every literal (`TRUE`, `FALSE`, `UNDEFINED`), indexed by
    /// `Lit::index`, so a literal's value is one load.
    values: Vec<i8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    /// The last value of each variable, tried first when it is decided again.
    saved_phase: Vec<bool>,
    /// The values of the longest conflict-free trail since the last
    /// restart, tried before the saved phase (the target phase).
    /// `target_len` is that trail's length, 0 after a restart.
    target_phase: Vec<Option<bool>>,
    target_len: usize,
    /// Slots of deleted learned clauses, reused by new ones: the slot
    /// breaks ties when clauses are deleted, as clause indices did before
    /// the arena, so the search is the one measured then.
    free_slots: Vec<u32>,
    next_slot: u32,
    /// Scratch of [`Cdcl::is_redundant`], kept to spare an allocation per call.
    redundant_stack: Vec<(Lit, usize)>,
    /// Variables [`Cdcl::is_redundant`] proved not to follow from the
    /// clause being minimised, and their list for clearing.
    poison: Vec<bool>,
    poisoned: Vec<usize>,
    /// Scratch of [`Cdcl::block_uip`]: the variables it walks through.
    shrinkable: Vec<bool>,
    shrink_flagged: Vec<usize>,
    shrink_reason: Vec<Lit>,
    /// Scratch of [`Cdcl::analyze`], kept to spare allocations per
    /// conflict: the clause being learned, the literals of the reason
    /// being resolved, and the variables marked `seen` for clearing.
    learnt: Vec<Lit>,
    resolved: Vec<Lit>,
    marked: Vec<usize>,
    trail: Vec<Lit>,
    /// Where each decision level starts on the trail.
    levels: Vec<usize>,
    /// Next trail position to propagate.
    head: usize,
    arena: Vec<u32>,
    /// For each literal, the long clauses watching it (looked at when it
    /// becomes false).
    watches: Vec<Vec<Watch>>,
    /// For each literal `l`, the literals `o` of binary clauses (l ∨ o).
    binaries: Vec<Vec<Lit>>,
    activity: Vec<f64>,
    var_increment: f64,
    heap: VarHeap,
    /// Scratch for conflict analysis.
    seen: Vec<bool>,
    level_stamp: Vec<u64>,
    stamp: u64,
    /// An empty clause was derived: nothing can satisfy the clauses.
    contradiction: bool,
    conflicts: u64,
    /// When [`Cdcl::solve`] gives up (checked every few hundred conflicts).
    deadline: crate::Deadline,
    next_reduce: u64,
    reductions: u64,
    /// Restarts when the recent clauses' LBD rises above the long-run
    /// average, deciding by saved phases only (Kissat's focused mode),
    /// instead of Luby restarts towards the target phase.
    focused: bool,
    /// Exponential moving averages of the learned clauses' LBD (fast and
    /// slow), for the focused mode's restarts.
    lbd_fast: f64,
    lbd_slow: f64,
    /// (1 - alpha)^conflicts of each average, to correct its bias towards
    /// the initial 0 (as Kissat does).
    fast_bias: f64,
    slow_bias: f64,
    conflicts_since_restart: u64,
    /// Literals every search decides first (at levels 1, 2, ...): an
    /// unsatisfiable answer then means the clauses imply that not all of
    /// them hold, unless [`Cdcl::is_contradictory`].
    assumptions: Vec<Lit>,
    /// The last [`Cdcl::solve_paused`] ran out of budget mid-search, under
    /// the assumptions still set: the next goes on from there.
    paused: bool,
}

/// Weights of the newest LBD in the fast and slow averages, and how far
/// the fast must rise above the slow before a focused restart (Kissat's
/// defaults).
const LBD_FAST_ALPHA: f64 = 1.0 / 32.0;
const LBD_SLOW_ALPHA: f64 = 1.0 / 4096.0;
const RESTART_MARGIN: f64 = 1.1;

impl Cdcl {
    /// A solver over `vars` variables and no clauses; decisions try
    /// `initial_phase` first.
    pub(crate) fn new(vars: usize, initial_phase: bool) -> Cdcl {
        let mut heap = VarHeap::default();
        let activity = vec![0.0; vars];
        for var in 0..vars {
            heap.insert(var, &activity);
        }
        Cdcl {
            values: vec![UNDEFINED; 2 * vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            saved_phase: vec![initial_phase; vars],
            target_phase: vec![None; vars],
            target_len: 0,
            free_slots: Vec::new(),
            next_slot: 0,
            redundant_stack: Vec::new(),
            poison: vec![false; vars],
            poisoned: Vec::new(),
            shrinkable: vec![false; vars],
            shrink_flagged: Vec::new(),
            shrink_reason: Vec::new(),
            learnt: Vec::new(),
            resolved: Vec::new(),
            marked: Vec::new(),
            trail: Vec::with_capacity(vars),
            levels: Vec::new(),
            head: 0,
            arena: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            binaries: vec![Vec::new(); 2 * vars],
            activity,
            var_increment: 1.0,
            heap,
            seen: vec![false; vars],
            level_stamp: vec![0; vars + 1],
            stamp: 0,
            contradiction: false,
            conflicts: 0,
            deadline: crate::Deadline::NEVER,
            next_reduce: FIRST_REDUCE,
            reductions: 0,
            focused: false,
            lbd_fast: 0.0,
            lbd_slow: 0.0,
            fast_bias: 1.0,
            paused: false,
            slow_bias: 1.0,
            conflicts_since_restart: 0,
            assumptions: Vec::new(),
        }
    }

    pub(crate) fn var_count(&self) -> usize {
        self.level.len()
    }

    /// Conflicts met so far, over all calls to `solve`.
    pub(crate) fn conflicts(&self) -> u64 {
        self.conflicts
    }

    /// Puts the variables in the heap in another initial order (all
    /// activities are 0 at the start, so ties go by insertion): the search
    /// at the phase transition swings by 2-10x with it, and changes are
    /// judged over several orders.
    #[cfg(test)]
    pub(crate) fn shuffle_initial_order(&mut self, seed: u64) {
        let mut order: Vec<usize> = (0..self.var_count()).collect();
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for i in (1..order.len()).rev() {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            order.swap(i, (state % (i as u64 + 1)) as usize);
        }
        self.heap = VarHeap::default();
        for var in order {
            self.heap.insert(var, &self.activity);
        }
    }

    /// Switches between the focused mode (see [`Cdcl::focused`]) and the
    /// stable one.
    pub(crate) fn set_focused(&mut self, focused: bool) {
        self.focused = focused;
    }

    /// Sets (or, empty, clears) the literals [`Cdcl::solve`] assumes.
    pub(crate) fn assume(&mut self, assumptions: &[Lit]) {
        if self.assumptions != assumptions {
            self.paused = false;
            self.assumptions.clear();
            self.assumptions.extend_from_slice(assumptions);
        }
    }

    /// The clauses alone have no model (whatever the assumption).
    pub(crate) fn is_contradictory(&self) -> bool {
        self.contradiction
    }

    /// How often conflict analysis has met `var` lately (VSIDS score).
    pub(crate) fn activity(&self, var: usize) -> f64 {
        self.activity[var]
    }

    /// Whether `lit` holds at level 0, in every model of the clauses.
    pub(crate) fn is_fixed_true(&self, lit: Lit) -> bool {
        self.value(lit) == TRUE && self.level[lit.var()] == 0
    }

    /// Forgets the saved and target phases (back to all `phase`).
    pub(crate) fn reset_phases(&mut self, phase: bool) {
        self.saved_phase.fill(phase);
        self.target_phase.fill(None);
        self.target_len = 0;
    }

    /// A literal to split the search under the assumptions on, by one
    /// step of lookahead: of the `candidates` most active open variables,
    /// the one whose two values each propagate most (the product of one
    /// more than the literals each implies, as march scores them), its
    /// positive literal. `None` if propagation alone refutes the
    /// assumptions or no open variable implies anything. Leaves the solver at level 0 with its phases as
    /// they were.
    pub(crate) fn lookahead_split(&mut self, candidates: usize) -> Option<Lit> {
        self.backtrack(0);
        let phases = self.saved_phase.clone();
        let best = self.best_split(candidates);
        self.backtrack(0);
        self.saved_phase = phases;
        best
    }

    fn best_split(&mut self, candidates: usize) -> Option<Lit> {
        for i in 0..self.assumptions.len() {
            let assumed = self.assumptions[i];
            match self.value(assumed) {
                TRUE => continue,
                FALSE => return None,
                _ => {}
            }
            self.levels.push(self.trail.len());
            self.assign(assumed, Reason::Decision);
            if self.propagate().is_some() {
                return None;
            }
        }
        let base = self.decision_level();
        let mut open: Vec<usize> = (0..self.var_count())
            .filter(|&var| self.values[2 * var] == UNDEFINED)
            .collect();
        open.sort_by(|&a, &b| self.activity[b].total_cmp(&self.activity[a]));
        open.truncate(candidates);
        let mut best = None;
        let mut best_score = 0u64;
        'candidates: for var in open {
            let lit = Lit::positive(var as u32);
            let mut implied = [0u64; 2];
            for (side, count) in [lit, !lit].into_iter().zip(&mut implied) {
                self.levels.push(self.trail.len());
                let before = self.trail.len() + 1;
                self.assign(side, Reason::Decision);
                let failed = self.propagate().is_some();
                *count = (self.trail.len() - before) as u64;
                self.backtrack(base);
                if failed {
                    // A value that fails at once leaves one real cube.
                    continue 'candidates;
                }
            }
            // (1 + a)(1 + b) - 1: balanced sides first, 0 if neither
            // side implies anything.
            let score = implied[0] * implied[1] + implied[0] + implied[1];
            if score > best_score {
                best_score = score;
                best = Some(lit);
            }
        }
        best
    }

    /// Whether the assumptions, with propagation at level 0, already
    /// contradict the clauses.
    pub(crate) fn refutes_by_propagation(&mut self) -> bool {
        self.backtrack(0);
        let phases = self.saved_phase.clone();
        let mut refuted = false;
        for i in 0..self.assumptions.len() {
            let assumed = self.assumptions[i];
            match self.value(assumed) {
                TRUE => continue,
                FALSE => {
                    refuted = true;
                    break;
                }
                _ => {}
            }
            self.levels.push(self.trail.len());
            self.assign(assumed, Reason::Decision);
            if self.propagate().is_some() {
                refuted = true;
                break;
            }
        }
        self.backtrack(0);
        self.saved_phase = phases;
        refuted
    }

    /// The literals fixed at level 0 (implied by the clauses alone).
    pub(crate) fn fixed_literals(&self) -> Vec<Lit> {
        let end = self.levels.first().copied().unwrap_or(self.trail.len());
        self.trail[..end].to_vec()
    }

    /// The deadline [`Cdcl::solve`] gives up at.
    pub(crate) fn deadline(&self) -> &crate::Deadline {
        &self.deadline
    }

    /// Whether `lit` is true in the model of the last satisfiable `solve`.
    pub(crate) fn is_true(&self, lit: Lit) -> bool {
        self.values.get(lit.index()) == Some(&TRUE)
    }

    /// Adds a clause (between calls to `solve`). Literals of variables out of
    /// range make the clause ignored rather than panic: callers build
    /// clauses from their own variable map.
    pub(crate) fn add_clause(&mut self, lits: &[Lit]) {
        if self.contradiction || lits.iter().any(|l| l.var() >= self.var_count()) {
            return;
        }
        self.backtrack(0);
        let mut clause: Vec<Lit> = Vec::with_capacity(lits.len());
        for &lit in lits {
            match self.values[lit.index()] {
                TRUE => return,
                FALSE => {}
                _ => {
                    if clause.contains(&!lit) {
                        return;
                    }
                    if !clause.contains(&lit) {
                        clause.push(lit);
                    }
                }
            }
        }
        match clause.len() {
            0 => self.contradiction = true,
            1 => {
                self.assign(clause[0], Reason::Decision);
                if self.propagate().is_some() {
                    self.contradiction = true;
                }
            }
            _ => {
                self.attach(&clause, false, 0);
            }
        }
    }

    /// Searches for a model of the clauses, giving up after `budget` more
    /// conflicts (`None`: no limit).
    /// Makes [`Cdcl::solve`] answer [`SatAnswer::Unknown`] once `deadline`
    /// has passed.
    pub(crate) fn set_deadline(&mut self, deadline: crate::Deadline) {
        self.deadline = deadline;
    }

    pub(crate) fn solve(&mut self, budget: Option<u64>) -> SatAnswer {
        self.paused = false;
        self.search(budget, false)
    }

    /// [`Cdcl::solve`] that, when `budget` runs out, leaves the search
    /// where it is: the next call under the same assumptions goes on as
    /// if it had never stopped (no restart), so that two copies can take
    /// turns in one thread with each search the same as in a thread of
    /// its own (in the focused mode, whose restarts need no schedule). A
    /// stop at the budget falls where a look at the deadline would.
    pub(crate) fn solve_paused(&mut self, budget: u64) -> SatAnswer {
        self.search(Some(budget), true)
    }

    fn search(&mut self, budget: Option<u64>, pausing: bool) -> SatAnswer {
        if self.contradiction {
            return SatAnswer::Unsatisfiable;
        }
        if !std::mem::take(&mut self.paused) {
            // A search refuted under other assumptions may have left
            // them on the trail.
            self.backtrack(0);
        }
        let stop_at = budget.map(|b| self.conflicts.saturating_add(b));
        let mut restarts = 0u64;
        let mut restart_at = self.conflicts + luby(restarts) * RESTART_UNIT;
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                self.remember_target();
                if self.levels.is_empty() {
                    self.contradiction = true;
                    return SatAnswer::Unsatisfiable;
                }
                let (back_to, lbd) = self.analyze(conflict);
                self.lbd_fast += LBD_FAST_ALPHA * (lbd as f64 - self.lbd_fast);
                self.lbd_slow += LBD_SLOW_ALPHA * (lbd as f64 - self.lbd_slow);
                self.fast_bias *= 1.0 - LBD_FAST_ALPHA;
                self.slow_bias *= 1.0 - LBD_SLOW_ALPHA;
                self.conflicts_since_restart += 1;
                self.backtrack(back_to);
                self.learn(lbd);
                self.var_increment /= VAR_DECAY;
                let out_of_time =
                    self.conflicts.is_multiple_of(CLOCK_EVERY_CONFLICTS) && self.deadline.passed();
                let out_of_budget = stop_at.is_some_and(|stop| self.conflicts >= stop);
                if out_of_time || (out_of_budget && !pausing) {
                    self.backtrack(0);
                    return SatAnswer::Unknown;
                }
                if self.focused {
                    let fast = self.lbd_fast / (1.0 - self.fast_bias);
                    let slow = self.lbd_slow / (1.0 - self.slow_bias);
                    if self.conflicts_since_restart >= 2 && fast > RESTART_MARGIN * slow {
                        self.conflicts_since_restart = 0;
                        self.backtrack(0);
                    }
                } else if self.conflicts >= restart_at {
                    restarts += 1;
                    restart_at = self.conflicts + luby(restarts) * RESTART_UNIT;
                    self.backtrack(0);
                    self.target_len = 0;
                }
                if self.conflicts >= self.next_reduce {
                    self.reductions += 1;
                    self.next_reduce =
                        self.conflicts + FIRST_REDUCE + REDUCE_GROWTH * self.reductions;
                    self.reduce_learnt();
                }
                if out_of_budget && pausing {
                    self.paused = true;
                    return SatAnswer::Unknown;
                }
            } else {
                // Assumptions are the lowest decisions, so any not yet
                // true comes before every other decision.
                let open = self.assumptions.iter().find(|&&a| self.value(a) != TRUE);
                if let Some(&assumed) = open {
                    if self.value(assumed) == FALSE {
                        // The clauses and the earlier assumptions imply
                        // the opposite.
                        return SatAnswer::Unsatisfiable;
                    }
                    self.levels.push(self.trail.len());
                    self.assign(assumed, Reason::Decision);
                    continue;
                }
                match self.pick_branch() {
                    None => return SatAnswer::Satisfiable,
                    Some(lit) => {
                        self.levels.push(self.trail.len());
                        self.assign(lit, Reason::Decision);
                    }
                }
            }
        }
    }

    fn value(&self, lit: Lit) -> i8 {
        self.values[lit.index()]
    }

    fn decision_level(&self) -> u32 {
        self.levels.len() as u32
    }

    fn assign(&mut self, lit: Lit, reason: Reason) {
        let level = self.decision_level();
        Assigner {
            values: &mut self.values,
            level: &mut self.level,
            reason: &mut self.reason,
            trail: &mut self.trail,
        }
        .assign(lit, reason, level);
    }

    /// Stores a clause of two or more literals and watches its first two.
    /// Returns the reason that implies its first literal.
    fn attach(&mut self, lits: &[Lit], learnt: bool, lbd: u32) -> Reason {
        if lits.len() == 2 {
            self.binaries[lits[0].index()].push(lits[1]);
            self.binaries[lits[1].index()].push(lits[0]);
            return Reason::Binary(lits[1]);
        }
        let index = self.arena.len() as u32;
        let flags = if learnt { LEARNT } else { 0 };
        let slot = self.free_slots.pop().unwrap_or_else(|| {
            self.next_slot += 1;
            self.next_slot - 1
        });
        self.arena.push(lits.len() as u32);
        self.arena.extend(lits.iter().map(|l| l.0));
        self.arena.push(flags | lbd.min(LBD_MASK));
        self.arena.push(slot);
        let (first, second) = (lits[0], lits[1]);
        self.watches[first.index()].push(Watch {
            clause: index,
            blocker: second,
        });
        self.watches[second.index()].push(Watch {
            clause: index,
            blocker: first,
        });
        Reason::Clause(index)
    }

    /// Unit propagation to a fixpoint; the conflict if one arises.
    fn propagate(&mut self) -> Option<Conflict> {
        let level = self.decision_level();
        // The fields apart, so that the loop keeps them in registers.
        let Cdcl {
            values,
            level: var_level,
            reason,
            trail,
            head,
            arena,
            watches: all_watches,
            binaries,
            ..
        } = self;
        let mut assigner = Assigner {
            values,
            level: var_level,
            reason,
            trail,
        };
        while *head < assigner.trail.len() {
            let falsified = !assigner.trail[*head];
            *head += 1;
            for &other in &binaries[falsified.index()] {
                match assigner.values[other.index()] {
                    TRUE => {}
                    FALSE => return Some(Conflict::Binary(falsified, other)),
                    _ => assigner.assign(other, Reason::Binary(falsified), level),
                }
            }
            let mut watches = std::mem::take(&mut all_watches[falsified.index()]);
            let (mut i, mut j) = (0, 0);
            let mut conflict = None;
            while i < watches.len() {
                let watch = watches[i];
                i += 1;
                let values = &*assigner.values;
                if values[watch.blocker.index()] == TRUE {
                    watches[j] = watch;
                    j += 1;
                    continue;
                }
                let start = watch.clause as usize + HEADER;
                let len = arena[start - HEADER] as usize;
                let lits = &mut arena[start..start + len];
                // `falsified` is one of the two watched literals, the first
                // two: moved second without a branch, since which of the
                // two it is, is a coin flip.
                debug_assert!(lits[0] == falsified.0 || lits[1] == falsified.0);
                let first = Lit(lits[0] ^ lits[1] ^ falsified.0);
                lits[0] = first.0;
                lits[1] = falsified.0;
                let kept = Watch {
                    clause: watch.clause,
                    blocker: first,
                };
                // (When `first` is the blocker it was just found not true.)
                if values[first.index()] == TRUE {
                    watches[j] = kept;
                    j += 1;
                    continue;
                }
                let replacement = lits[2..].iter().position(|&l| values[l as usize] != FALSE);
                if let Some(k) = replacement {
                    let k = k + 2;
                    let found = Lit(lits[k]);
                    if values[found.index()] == TRUE {
                        // Satisfied: keep watching here with the true
                        // literal as blocker (as CaDiCaL does). Sound
                        // without moving the watch: `falsified` is on the
                        // current level, so no backjump undoes `found`
                        // and leaves it.
                        watches[j] = Watch {
                            clause: watch.clause,
                            blocker: found,
                        };
                        j += 1;
                        continue;
                    }
                    lits.swap(1, k);
                    all_watches[found.index()].push(kept);
                    continue;
                }
                watches[j] = kept;
                j += 1;
                if values[first.index()] == FALSE {
                    conflict = Some(Conflict::Clause(watch.clause));
                    while i < watches.len() {
                        watches[j] = watches[i];
                        i += 1;
                        j += 1;
                    }
                } else {
                    assigner.assign(first, Reason::Clause(watch.clause), level);
                }
            }
            watches.truncate(j);
            all_watches[falsified.index()] = watches;
            if conflict.is_some() {
                *head = assigner.trail.len();
                return conflict;
            }
        }
        None
    }

    /// The false literals of the clause behind `reason` (all but the implied
    /// one), appended to `out`.
    fn reason_lits(&self, reason: Reason, out: &mut Vec<Lit>) {
        match reason {
            Reason::Decision => {}
            Reason::Binary(lit) => out.push(lit),
            Reason::Clause(index) => {
                out.extend(self.clause_lits(index)[1..].iter().map(|&l| Lit(l)))
            }
        }
    }

    /// First-UIP conflict analysis: the learned clause (asserting literal
    /// first, a literal of the backjump level second) left in
    /// `Cdcl::learnt`, the level to jump back to, and the clause's literal
    /// block distance.
    fn analyze(&mut self, conflict: Conflict) -> (u32, u32) {
        let current = self.decision_level();
        let mut learnt = std::mem::take(&mut self.learnt);
        learnt.clear();
        learnt.push(Lit(0));
        let mut open = 0usize;
        let mut index = self.trail.len();
        let mut lits = std::mem::take(&mut self.resolved);
        lits.clear();
        match conflict {
            Conflict::Binary(a, b) => lits.extend([a, b]),
            Conflict::Clause(c) => lits.extend(self.clause_lits(c).iter().map(|&l| Lit(l))),
        }
        let uip = loop {
            for &lit in &lits {
                let var = lit.var();
                if self.seen[var] || self.level[var] == 0 {
                    continue;
                }
                self.seen[var] = true;
                self.bump(var);
                if self.level[var] >= current {
                    open += 1;
                } else {
                    learnt.push(lit);
                }
            }
            // The latest marked literal on the trail is resolved next.
            let next = loop {
                index -= 1;
                let lit = self.trail[index];
                if self.seen[lit.var()] {
                    break lit;
                }
            };
            self.seen[next.var()] = false;
            open -= 1;
            if open == 0 {
                break next;
            }
            lits.clear();
            self.reason_lits(self.reason[next.var()], &mut lits);
        };
        learnt[0] = !uip;
        self.resolved = lits;

        // Recursive minimisation: drop a literal implied by the others (its
        // reasons lead back only to literals in the clause or at level 0).
        let mut marked = std::mem::take(&mut self.marked);
        marked.clear();
        marked.extend(learnt[1..].iter().map(|l| l.var()));
        let levels_in_clause = learnt[1..]
            .iter()
            .fold(0u32, |acc, l| acc | abstract_level(self.level[l.var()]));
        let mut kept = 1;
        for i in 1..learnt.len() {
            let lit = learnt[i];
            if self.reason[lit.var()] == Reason::Decision
                || !self.is_redundant(lit, levels_in_clause, &mut marked)
            {
                learnt[kept] = lit;
                kept += 1;
            }
        }
        learnt.truncate(kept);
        self.clear_poison();
        self.shrink(&mut learnt, &mut marked, levels_in_clause);
        self.clear_poison();
        for &var in &marked {
            self.seen[var] = false;
        }
        self.marked = marked;

        let mut back_to = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 2..learnt.len() {
                if self.level[learnt[i].var()] > self.level[learnt[best].var()] {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back_to = self.level[learnt[1].var()];
        }
        self.stamp += 1;
        let mut lbd = 0;
        for lit in &learnt {
            let level = self.level[lit.var()] as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                lbd += 1;
            }
        }
        self.learnt = learnt;
        (back_to, lbd)
    }

    /// Shrinking (Fleury and Biere's, as in Kissat): the literals of the
    /// learned clause at one lower decision level are replaced by that
    /// level's own implication point, when the walk back to it meets only
    /// literals of that level or literals the clause already implies
    /// (`seen`). The clause keeps its levels, hence its LBD, and gets
    /// shorter.
    fn shrink(&mut self, learnt: &mut Vec<Lit>, marked: &mut Vec<usize>, levels_in_clause: u32) {
        if learnt.len() <= 2 {
            return;
        }
        let level = &self.level;
        learnt[1..].sort_by_key(|l| std::cmp::Reverse(level[l.var()]));
        let (mut out, mut i) = (1, 1);
        while i < learnt.len() {
            let level = self.level[learnt[i].var()];
            let mut end = i + 1;
            while end < learnt.len() && self.level[learnt[end].var()] == level {
                end += 1;
            }
            let uip = if end - i > 1 {
                self.block_uip(&learnt[i..end], level, levels_in_clause, marked)
            } else {
                None
            };
            if let Some(uip) = uip {
                learnt[out] = !uip;
                out += 1;
                if !self.seen[uip.var()] {
                    self.seen[uip.var()] = true;
                    marked.push(uip.var());
                    self.bump(uip.var());
                }
            } else {
                for k in i..end {
                    learnt[out] = learnt[k];
                    out += 1;
                }
            }
            i = end;
        }
        learnt.truncate(out);
    }

    /// The literal on the trail at `level` that implies every literal of
    /// `block` (all of that level) together with literals the clause
    /// already implies, if the walk back finds one.
    fn block_uip(
        &mut self,
        block: &[Lit],
        level: u32,
        levels_in_clause: u32,
        marked: &mut Vec<usize>,
    ) -> Option<Lit> {
        let mut flagged = std::mem::take(&mut self.shrink_flagged);
        let mut reason = std::mem::take(&mut self.shrink_reason);
        flagged.clear();
        for &lit in block {
            self.shrinkable[lit.var()] = true;
            flagged.push(lit.var());
        }
        let mut open = block.len();
        let start = self.levels[level as usize - 1];
        let mut pos = self.levels[level as usize];
        let mut found = None;
        'walk: while pos > start {
            pos -= 1;
            let lit = self.trail[pos];
            if !self.shrinkable[lit.var()] {
                continue;
            }
            if open == 1 {
                found = Some(lit);
                break;
            }
            open -= 1;
            reason.clear();
            self.reason_lits(self.reason[lit.var()], &mut reason);
            for &r in &reason {
                let var = r.var();
                let at = self.level[var];
                if at == 0 || self.shrinkable[var] || self.seen[var] {
                    continue;
                }
                if at != level {
                    if self.reason[var] != Reason::Decision
                        && self.is_redundant(r, levels_in_clause, marked)
                    {
                        continue;
                    }
                    break 'walk;
                }
                self.shrinkable[var] = true;
                flagged.push(var);
                open += 1;
            }
        }
        for &var in &flagged {
            self.shrinkable[var] = false;
        }
        self.shrink_flagged = flagged;
        self.shrink_reason = reason;
        found
    }

    /// Whether `lit` (implied) follows from the marked literals (`seen`: the
    /// learned clause's and those already proved to follow from it): a
    /// depth-first walk over its reasons with an explicit stack, giving up
    /// at a decision or at a level the clause does not touch. Every literal
    /// whose reasons were all walked is proved and stays marked (added to
    /// `marked` for clearing); on a failure the literals on the path to it
    /// are poisoned (added to `poisoned`), so no later walk goes there again.
    fn is_redundant(&mut self, lit: Lit, levels_in_clause: u32, marked: &mut Vec<usize>) -> bool {
        let mut stack = std::mem::take(&mut self.redundant_stack);
        stack.clear();
        stack.push((lit, 0));
        let mut redundant = true;
        while let Some(&mut (implied, ref mut next)) = stack.last_mut() {
            let Some(l) = self.reason_lit(self.reason[implied.var()], *next) else {
                stack.pop();
                let var = implied.var();
                if !self.seen[var] {
                    self.seen[var] = true;
                    marked.push(var);
                }
                continue;
            };
            *next += 1;
            let var = l.var();
            if self.seen[var] || self.level[var] == 0 {
                continue;
            }
            if self.poison[var]
                || self.reason[var] == Reason::Decision
                || abstract_level(self.level[var]) & levels_in_clause == 0
            {
                if !self.poison[var] {
                    self.poison[var] = true;
                    self.poisoned.push(var);
                }
                for &(on_path, _) in &stack {
                    if !self.poison[on_path.var()] {
                        self.poison[on_path.var()] = true;
                        self.poisoned.push(on_path.var());
                    }
                }
                redundant = false;
                break;
            }
            stack.push((l, 0));
        }
        self.redundant_stack = stack;
        redundant
    }

    /// The `i`-th false literal of the clause behind `reason`, if it has
    /// that many.
    fn reason_lit(&self, reason: Reason, i: usize) -> Option<Lit> {
        match reason {
            Reason::Decision => None,
            Reason::Binary(lit) => (i == 0).then_some(lit),
            Reason::Clause(index) => self.clause_lits(index).get(i + 1).map(|&l| Lit(l)),
        }
    }

    /// Clears the poison marks [`Cdcl::is_redundant`] left.
    fn clear_poison(&mut self) {
        for &var in &self.poisoned {
            self.poison[var] = false;
        }
        self.poisoned.clear();
    }

    /// Stores the learned clause [`Cdcl::analyze`] left and asserts its
    /// first literal (the caller has backjumped).
    fn learn(&mut self, lbd: u32) {
        let learnt = std::mem::take(&mut self.learnt);
        let asserted = learnt[0];
        if learnt.len() == 1 {
            self.assign(asserted, Reason::Decision);
        } else {
            let reason = self.attach(&learnt, true, lbd);
            self.assign(asserted, reason);
        }
        self.learnt = learnt;
    }

    fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.levels[level as usize];
        let Cdcl {
            values,
            saved_phase,
            heap,
            activity,
            trail,
            ..
        } = self;
        // `reason` and `level` are read only for assigned variables, so
        // they keep their stale values here.
        for &lit in trail[start..].iter().rev() {
            let var = lit.var();
            values[2 * var..2 * var + 2].fill(UNDEFINED);
            saved_phase[var] = !lit.is_negative();
            // Most variables unassigned were implied, never popped.
            if !heap.contains(var) {
                heap.insert(var, activity);
            }
        }
        self.trail.truncate(start);
        self.levels.truncate(level as usize);
        self.head = start;
    }

    /// Keeps the values of the trail below the conflicting level (which
    /// propagated without conflict) if it is the longest since the last
    /// restart. Deciding towards the fullest consistent assignment seen,
    /// rather than towards each variable's last value, is what finds
    /// solutions at the phase transition: with it the hardest 25x25 Gecode
    /// puzzles fall in seconds instead of minutes.
    fn remember_target(&mut self) {
        let consistent = self.levels.last().copied().unwrap_or(0);
        if consistent > self.target_len {
            self.target_len = consistent;
            for &lit in &self.trail[..consistent] {
                self.target_phase[lit.var()] = Some(!lit.is_negative());
            }
        }
    }

    /// The most active unassigned variable with its saved phase.
    fn pick_branch(&mut self) -> Option<Lit> {
        while let Some(var) = self.heap.pop(&self.activity) {
            if self.values[2 * var] == UNDEFINED {
                let lit = Lit::positive(var as u32);
                let target = if self.focused {
                    None
                } else {
                    self.target_phase[var]
                };
                let phase = target.unwrap_or(self.saved_phase[var]);
                return Some(if phase { lit } else { !lit });
            }
        }
        None
    }

    fn bump(&mut self, var: usize) {
        self.activity[var] += self.var_increment;
        if self.activity[var] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.var_increment *= 1e-100;
        }
        self.heap.increased(var, &self.activity);
    }

    /// Deletes the less useful half of the learned long clauses (highest
    /// literal block distance first), keeping glue clauses and reasons.
    fn reduce_learnt(&mut self) {
        let mut candidates = Vec::new();
        let mut at = 0;
        while at < self.arena.len() {
            let len = self.arena[at] as usize;
            let meta = self.arena[at + HEADER + len];
            let lbd = meta & LBD_MASK;
            if meta & LEARNT != 0 && meta & DELETED == 0 && lbd > GLUE && !self.is_reason(at as u32)
            {
                candidates.push((lbd, self.arena[at + HEADER + len + 1], at as u32));
            }
            at += HEADER + len + TRAILER;
        }
        // Highest LBD first; among equals the lower slot first.
        candidates.sort_by_key(|&(lbd, slot, _)| (std::cmp::Reverse(lbd), slot));
        for &(_, slot, at) in &candidates[..candidates.len() / 2] {
            let at = at as usize;
            let meta = at + HEADER + self.arena[at] as usize;
            self.arena[meta] |= DELETED;
            self.free_slots.push(slot);
        }
        // Drop the deleted clauses' watches now.
        let arena = &self.arena;
        for watches in &mut self.watches {
            watches.retain(|w| {
                let at = w.clause as usize;
                arena[at + HEADER + arena[at] as usize] & DELETED == 0
            });
        }
        self.compact();
    }

    /// Moves the live clauses into a new arena in the order the watch
    /// lists name them (Kissat moves clauses so at each reduction), so that
    /// the clauses one literal's watches reach sit side by side, and
    /// renames them in the watches and the reasons. Every live clause is
    /// watched; the deleted ones no longer are.
    fn compact(&mut self) {
        let mut moved = Vec::with_capacity(self.arena.len());
        for watches in &mut self.watches {
            for watch in watches.iter_mut() {
                let at = watch.clause as usize;
                let word = self.arena[at];
                if word & MOVED != 0 {
                    watch.clause = word & !MOVED;
                    continue;
                }
                let new_at = moved.len() as u32;
                let end = at + HEADER + word as usize + TRAILER;
                moved.extend_from_slice(&self.arena[at..end]);
                self.arena[at] = MOVED | new_at;
                watch.clause = new_at;
            }
        }
        for &lit in &self.trail {
            if let Reason::Clause(old) = self.reason[lit.var()] {
                self.reason[lit.var()] = Reason::Clause(self.arena[old as usize] & !MOVED);
            }
        }
        self.arena = moved;
    }

    /// The literals of the long clause at `index`, as words.
    fn clause_lits(&self, index: u32) -> &[u32] {
        let start = index as usize + HEADER;
        &self.arena[start..start + self.arena[index as usize] as usize]
    }

    fn is_reason(&self, index: u32) -> bool {
        let first = Lit(self.clause_lits(index)[0]);
        self.value(first) == TRUE && self.reason[first.var()] == Reason::Clause(index)
    }
}

/// A bit standing for a decision level, so a set of levels fits in a word.
/// Conflicts between two looks at the clock (well under a millisecond).
pub(super) const CLOCK_EVERY_CONFLICTS: u64 = 256;

fn abstract_level(level: u32) -> u32 {
    1 << (level & 31)
}

/// The Luby sequence 1, 1, 2, 1, 1, 2, 4, 1, ... at `i` (from 0).
fn luby(mut i: u64) -> u64 {
    // Find the finite subsequence that contains index i, and its size.
    let (mut size, mut power) = (1u64, 0u32);
    while size < i + 1 {
        power += 1;
        size = 2 * size + 1;
    }
    while size - 1 != i {
        size = (size - 1) >> 1;
        power -= 1;
        i %= size;
    }
    1u64 << power
}

/// The parts of [`Cdcl`] an assignment writes, borrowed apart from the
/// rest so that propagation can assign while it holds the watches.
struct Assigner<'a> {
    values: &'a mut [i8],
    level: &'a mut [u32],
    reason: &'a mut [Reason],
    trail: &'a mut Vec<Lit>,
}

impl Assigner<'_> {
    #[inline(always)]
    fn assign(&mut self, lit: Lit, reason: Reason, level: u32) {
        let var = lit.var();
        // Both literals' values in one store, no branch on the sign.
        let pair = if lit.is_negative() {
            [FALSE, TRUE]
        } else {
            [TRUE, FALSE]
        };
        self.values[2 * var..2 * var + 2].copy_from_slice(&pair);
        self.level[var] = level;
        self.reason[var] = reason;
        self.trail.push(lit);
    }
}

/// A max-heap of variables by activity, with each variable's position so an
/// activity bump can sift it up. Variables and positions as `u32`, half the
/// cache lines of `usize`.
#[derive(Clone, Default)]
struct VarHeap {
    items: Vec<u32>,
    /// Position of each variable in `items`, [`VarHeap::ABSENT`] when absent.
    position: Vec<u32>,
}

impl VarHeap {
    const ABSENT: u32 = u32::MAX;

    #[inline]
    fn contains(&self, var: usize) -> bool {
        self.position.get(var).is_some_and(|&p| p != Self::ABSENT)
    }

    fn insert(&mut self, var: usize, activity: &[f64]) {
        if self.position.len() <= var {
            self.position.resize(var + 1, Self::ABSENT);
        }
        if self.contains(var) {
            return;
        }
        self.position[var] = self.items.len() as u32;
        self.items.push(var as u32);
        self.sift_up(self.items.len() - 1, activity);
    }

    fn increased(&mut self, var: usize, activity: &[f64]) {
        if self.contains(var) {
            self.sift_up(self.position[var] as usize, activity);
        }
    }

    fn pop(&mut self, activity: &[f64]) -> Option<usize> {
        let top = *self.items.first()?;
        let last = self.items.pop()?;
        self.position[top as usize] = Self::ABSENT;
        if !self.items.is_empty() {
            self.items[0] = last;
            self.position[last as usize] = 0;
            self.sift_down(0, activity);
        }
        Some(top as usize)
    }

    fn sift_up(&mut self, mut at: usize, activity: &[f64]) {
        let var = self.items[at];
        let score = activity[var as usize];
        while at > 0 {
            let parent = (at - 1) / 2;
            let above = self.items[parent];
            if activity[above as usize] >= score {
                break;
            }
            self.items[at] = above;
            self.position[above as usize] = at as u32;
            at = parent;
        }
        self.items[at] = var;
        self.position[var as usize] = at as u32;
    }

    fn sift_down(&mut self, mut at: usize, activity: &[f64]) {
        let var = self.items[at];
        let score = activity[var as usize];
        loop {
            let left = 2 * at + 1;
            if left >= self.items.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.items.len()
                && activity[self.items[right] as usize] > activity[self.items[left] as usize]
            {
                right
            } else {
                left
            };
            let below = self.items[child];
            if activity[below as usize] <= score {
                break;
            }
            self.items[at] = below;
            self.position[below as usize] = at as u32;
            at = child;
        }
        self.items[at] = var;
        self.position[var as usize] = at as u32;
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    fn lit(var: u32, positive: bool) -> Lit {
        if positive {
            Lit::positive(var)
        } else {
            !Lit::positive(var)
        }
    }

    /// `pigeons` pigeons in `holes` holes, each pigeon in some hole, no two
    /// in one: unsatisfiable exactly when pigeons > holes.
    pub(in crate::sat) fn pigeonhole(pigeons: u32, holes: u32) -> Cdcl {
        let var = |p: u32, h: u32| p * holes + h;
        let mut solver = Cdcl::new((pigeons * holes) as usize, true);
        for p in 0..pigeons {
            let somewhere: Vec<Lit> = (0..holes).map(|h| lit(var(p, h), true)).collect();
            solver.add_clause(&somewhere);
        }
        for h in 0..holes {
            for p in 0..pigeons {
                for q in p + 1..pigeons {
                    solver.add_clause(&[lit(var(p, h), false), lit(var(q, h), false)]);
                }
            }
        }
        solver
    }

    #[test]
    fn pigeonhole_is_unsatisfiable_with_one_hole_too_few() {
        for n in 2..=6 {
            assert_eq!(pigeonhole(n + 1, n).solve(None), SatAnswer::Unsatisfiable);
        }
    }

    #[test]
    fn a_model_satisfies_every_clause() {
        let mut solver = pigeonhole(6, 6);
        assert_eq!(solver.solve(None), SatAnswer::Satisfiable);
        for p in 0..6 {
            let holes: Vec<u32> = (0..6)
                .filter(|&h| solver.is_true(lit(p * 6 + h, true)))
                .collect();
            assert_eq!(holes.len(), 1, "pigeon {p} in {holes:?}");
        }
        for h in 0..6 {
            let pigeons = (0..6)
                .filter(|&p| solver.is_true(lit(p * 6 + h, true)))
                .count();
            assert_eq!(pigeons, 1, "hole {h}");
        }
    }

    #[test]
    fn blocking_each_model_enumerates_all_of_them() {
        // Permutations of 4: 24 models, then none.
        let mut solver = pigeonhole(4, 4);
        let mut models = 0;
        while solver.solve(None) == SatAnswer::Satisfiable {
            models += 1;
            let block: Vec<Lit> = (0..16)
                .map(|v| lit(v, true))
                .filter(|&l| solver.is_true(l))
                .map(|l| !l)
                .collect();
            solver.add_clause(&block);
            assert!(models <= 24);
        }
        assert_eq!(models, 24);
    }

    #[test]
    fn a_spent_budget_is_unknown_and_search_resumes() {
        let mut solver = pigeonhole(8, 7);
        assert_eq!(solver.solve(Some(1)), SatAnswer::Unknown);
        assert_eq!(solver.conflicts(), 1);
        assert_eq!(solver.solve(None), SatAnswer::Unsatisfiable);
    }

    #[test]
    fn contradictory_units_and_out_of_range_literals() {
        let mut solver = Cdcl::new(2, true);
        // A literal of a variable the solver does not have is ignored.
        solver.add_clause(&[lit(5, true)]);
        assert_eq!(solver.solve(None), SatAnswer::Satisfiable);
        solver.add_clause(&[lit(0, true)]);
        solver.add_clause(&[lit(0, false), lit(1, true)]);
        assert_eq!(solver.solve(None), SatAnswer::Satisfiable);
        assert!(solver.is_true(lit(1, true)));
        solver.add_clause(&[lit(1, false)]);
        assert_eq!(solver.solve(None), SatAnswer::Unsatisfiable);
        solver.add_clause(&[]);
        assert_eq!(solver.solve(None), SatAnswer::Unsatisfiable);
    }

    #[test]
    fn an_assumption_the_clauses_refute_fails_without_a_contradiction() {
        // a -> b -> c, and not both a and c: a is false in every model.
        let mut solver = Cdcl::new(3, true);
        solver.add_clause(&[lit(0, false), lit(1, true)]);
        solver.add_clause(&[lit(1, false), lit(2, true)]);
        solver.add_clause(&[lit(0, false), lit(2, false)]);
        solver.assume(&[lit(0, true)]);
        assert_eq!(solver.solve(None), SatAnswer::Unsatisfiable);
        assert!(!solver.is_contradictory());
        solver.assume(&[lit(2, true)]);
        assert_eq!(solver.solve(None), SatAnswer::Satisfiable);
        assert!(solver.is_true(lit(2, true)) && solver.is_true(lit(0, false)));
        solver.assume(&[]);
        solver.add_clause(&[lit(0, true)]);
        assert_eq!(solver.solve(None), SatAnswer::Unsatisfiable);
        assert!(solver.is_contradictory());
    }

    #[test]
    fn a_refuted_cube_leaves_the_next_cube_its_own_search() {
        // Not all of a, b, c: the cube a, b, c fails with a and b still
        // assumed on the trail, and the cube a, not b has models.
        let mut solver = Cdcl::new(3, true);
        solver.add_clause(&[lit(0, false), lit(1, false), lit(2, false)]);
        solver.assume(&[lit(0, true), lit(1, true), lit(2, true)]);
        assert_eq!(solver.solve(None), SatAnswer::Unsatisfiable);
        assert!(!solver.is_contradictory());
        solver.assume(&[lit(0, true), lit(1, false)]);
        assert_eq!(solver.solve(None), SatAnswer::Satisfiable);
        assert!(solver.is_true(lit(0, true)) && solver.is_true(lit(1, false)));
    }

    #[test]
    fn lookahead_splits_on_a_variable_both_values_of_which_propagate() {
        // a -> b, a -> c, not a -> d; e and f free. Only a propagates
        // either way.
        let mut solver = Cdcl::new(6, true);
        solver.add_clause(&[lit(0, false), lit(1, true)]);
        solver.add_clause(&[lit(0, false), lit(2, true)]);
        solver.add_clause(&[lit(0, true), lit(3, true)]);
        solver.add_clause(&[lit(4, true), lit(5, true), lit(1, true)]);
        assert_eq!(solver.lookahead_split(6), Some(lit(0, true)));
        // Assuming not a leaves nothing that propagates both ways.
        solver.assume(&[lit(0, false)]);
        assert_eq!(solver.lookahead_split(6), None);
        assert!(!solver.refutes_by_propagation());
        solver.assume(&[lit(0, true), lit(1, false)]);
        assert!(solver.refutes_by_propagation());
        assert_eq!(solver.lookahead_split(6), None);
    }

    /// A search paused at every few conflicts and resumed makes the same
    /// conflicts as one that never stopped (in the focused mode, whose
    /// restarts keep no schedule between calls).
    #[test]
    fn a_paused_search_goes_on_as_if_never_stopped() {
        let mut whole = pigeonhole(8, 7);
        whole.set_focused(true);
        let mut paused = whole.clone();
        assert_eq!(whole.solve(None), SatAnswer::Unsatisfiable);
        let mut pauses = 0;
        let answer = loop {
            match paused.solve_paused(7) {
                SatAnswer::Unknown => pauses += 1,
                answer => break answer,
            }
        };
        assert_eq!(answer, SatAnswer::Unsatisfiable);
        assert!(pauses > 10, "{pauses} pauses");
        assert_eq!(paused.conflicts(), whole.conflicts());
    }

    #[test]
    fn luby_sequence_starts_as_published() {
        let first: Vec<u64> = (0..15).map(luby).collect();
        assert_eq!(first, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
