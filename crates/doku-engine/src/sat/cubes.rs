//! A hard question of the uniqueness proof refuted by two copies of the
//! solver (see [`super::Instance::split_question`]): the question's cubes
//! wait in a shared queue, each copy takes the next when its own is
//! refuted, and a copy that finds the queue empty while the other still
//! works interrupts it (work stealing, as in iterative cube and conquer):
//! the other stops at its next look at the deadline, splits its cube by
//! lookahead, queues one half (with a copy of itself, learned clauses
//! and all, for the taker to search it with) and goes on with the other.
//! Cubes dealt out once at the start are uneven: one copy kept most of
//! the work while the other idled (session 18).

#[cfg(doc)]
use super::cdcl::CLOCK_EVERY_CONFLICTS;
use super::cdcl::{Cdcl, Lit, SatAnswer};
use crate::Deadline;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How the two copies take turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Schedule {
    /// Each copy in its own thread, on a spare core.
    Threads,
    /// Both in the calling thread, the copy behind in conflicts going
    /// next for up to the next look at the deadline (paused, not
    /// restarted): what two equally fast cores would do, at any load and
    /// the same on every run (for measuring and tests).
    #[cfg_attr(not(test), expect(dead_code))]
    Lockstep,
}

/// How the copies share work.
#[derive(Clone, Copy, Debug)]
pub(super) struct Sharing {
    /// Variables the split's lookahead tries.
    pub(super) lookahead: usize,
    /// Whether the copies pass each other the literals they fixed (when
    /// one takes a cube, ends one or splits one).
    pub(super) share_units: bool,
    /// Whether a copy with nothing to do interrupts the other for half
    /// its cube (else each cube is searched to its end by one copy).
    pub(super) steal: bool,
    /// In lockstep, conflicts between a copy's looks at its interrupt
    /// (with threads, the solver looks at its deadline every
    /// [`CLOCK_EVERY_CONFLICTS`]; tests look more often to steal more).
    pub(super) look_every: u64,
    /// Whether the half split off goes with a copy of the splitting
    /// solver (its learned clauses, activities and phases), which the
    /// copy that takes it searches instead of its own.
    pub(super) fork: bool,
}

/// How a split question's work went, for measuring.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Shares {
    /// Conflicts of the copy that goes on as the solver, and of the other.
    pub(super) kept: u64,
    pub(super) other: u64,
    /// Conflicts until the answer with the copies side by side: in
    /// lockstep, idle waits included; with threads, the larger share.
    pub(super) along: u64,
    /// Cubes split for a copy that had none.
    pub(super) steals: usize,
    /// Conflicts the kept solver's count took over from the other copy
    /// when it took a forked half (searched once, counted in `other`).
    pub(super) inherited: u64,
    /// Whether the answer is a model found in a cube split off for the
    /// other copy.
    pub(super) model_in_stolen_cube: bool,
}

/// The answer to a split question and the copy that goes on as the solver:
/// the one that found the model, else the first, given what the other
/// fixed.
pub(super) struct Refutation {
    pub(super) answer: SatAnswer,
    pub(super) solver: Cdcl,
    pub(super) shares: Shares,
}

/// Whether some model of `solver`'s clauses satisfies one of `cubes`,
/// searched by `solver` and a copy of it; gives up when a copy passes
/// `stop_at` conflicts or the solver's deadline.
pub(super) fn refute(
    solver: Cdcl,
    cubes: Vec<Vec<Lit>>,
    stop_at: Option<u64>,
    sharing: Sharing,
    schedule: Schedule,
) -> Refutation {
    let start = solver.conflicts();
    let outer = solver.deadline().clone();
    let interrupts = [(); 2].map(|()| Arc::new(AtomicBool::new(false)));
    let mut copies = [solver.clone(), solver];
    for (copy, interrupt) in copies.iter_mut().zip(&interrupts) {
        // Each copy stops at the question's deadline or when the other
        // asks for work.
        copy.set_deadline(outer.clone().or_cancelled_by(Arc::clone(interrupt)));
    }
    let mut copies = copies.map(|solver| Searcher {
        solver,
        cube: None,
        exported: 0,
        imported: 0,
        searched: 0,
    });
    let pool = Mutex::new(Pool {
        queue: cubes
            .into_iter()
            .map(|lits| Cube {
                lits,
                stolen: false,
                fork: None,
            })
            .collect(),
        busy: [false; 2],
        hungry: false,
        end: None,
        units: [Vec::new(), Vec::new()],
        steals: 0,
    });
    let work = Work {
        pool,
        wake: Condvar::new(),
        sharing,
        schedule,
        budget: stop_at.map(|stop| stop.saturating_sub(start)),
        outer: outer.clone(),
        interrupts,
    };
    let along = match schedule {
        Schedule::Threads => {
            work.in_threads(&mut copies);
            copies.iter().map(|copy| copy.searched).max().unwrap_or(0)
        }
        Schedule::Lockstep => work.in_lockstep(&mut copies),
    };
    let pool = work
        .pool
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner);
    let (answer, kept, model_in_stolen_cube) = match pool.end {
        Some(End::Model { by, stolen }) => (SatAnswer::Satisfiable, by, stolen),
        Some(End::Refuted) => (SatAnswer::Unsatisfiable, 0, false),
        Some(End::GaveUp) | None => (SatAnswer::Unknown, 0, false),
    };
    let [first, second] = copies;
    let (kept, other) = if kept == 0 {
        (first, second)
    } else {
        (second, first)
    };
    let inherited = kept.solver.conflicts() - start - kept.searched;
    let (kept_searched, other_searched) = (kept.searched, other.searched);
    let (mut kept, other) = (kept.solver, other.solver);
    kept.set_deadline(outer);
    if answer == SatAnswer::Unsatisfiable {
        kept.assume(&[]);
        if other.is_contradictory() {
            kept.add_clause(&[]);
        }
        for unit in other.fixed_literals() {
            kept.add_clause(&[unit]);
        }
    }
    let shares = Shares {
        kept: kept_searched,
        other: other_searched,
        along,
        steals: pool.steals,
        inherited,
        model_in_stolen_cube,
    };
    Refutation {
        answer,
        solver: kept,
        shares,
    }
}

/// Literals a model must satisfy, all at once.
struct Cube {
    lits: Vec<Lit>,
    /// Split off a copy's cube for the other.
    stolen: bool,
    /// The solver that split it, to search it with.
    fork: Option<Box<Cdcl>>,
}

/// What the copies share, behind a lock.
struct Pool {
    /// Cubes no copy has taken.
    queue: VecDeque<Cube>,
    /// Which copies are searching a cube.
    busy: [bool; 2],
    /// A copy found the queue empty while the other was busy, and asked
    /// it for work.
    hungry: bool,
    /// Set once, by the first copy to know the answer (or to give up).
    end: Option<End>,
    /// The literals each copy fixed at level 0, for the other.
    units: [Vec<Lit>; 2],
    steals: usize,
}

#[derive(Clone, Copy, Debug)]
enum End {
    /// Copy `by` found a model.
    Model { by: usize, stolen: bool },
    /// Every cube refuted, or the clauses alone contradictory.
    Refuted,
    /// A deadline or the conflict budget ran out (or a copy panicked).
    GaveUp,
}

/// One copy of the solver and the cube it searches.
struct Searcher {
    solver: Cdcl,
    cube: Option<Cube>,
    /// How many of its fixed literals it gave the pool, and how many of
    /// the other's it took.
    exported: usize,
    imported: usize,
    /// Conflicts it searched itself (a fork's count starts at its
    /// parent's).
    searched: u64,
}

/// What a copy did in one turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Turn {
    Searched,
    /// No cube to take: the other copy must split one first.
    Waiting,
    /// The pool has its answer.
    Done,
}

struct Work {
    pool: Mutex<Pool>,
    /// Rung when a copy ends a turn: a waiting copy may find a cube, or
    /// the answer.
    wake: Condvar,
    sharing: Sharing,
    schedule: Schedule,
    /// Conflicts each copy may search.
    budget: Option<u64>,
    /// The question's own deadline, without the interrupts.
    outer: Deadline,
    /// Set by a copy that wants work from the other: copy `i` stops at
    /// `interrupts[i]`.
    interrupts: [Arc<AtomicBool>; 2],
}

impl Work {
    fn lock(&self) -> MutexGuard<'_, Pool> {
        // A copy that panicked holding the lock left the pool consistent
        // (each change is one assignment); the panic reaches the caller
        // at the join.
        self.pool.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Sets the answer and stops the other copy at its next look at the
    /// deadline, rather than at the end of its cube.
    fn finish(&self, pool: &mut Pool, end: End) {
        pool.end = Some(end);
        for interrupt in &self.interrupts {
            interrupt.store(true, Ordering::Relaxed);
        }
    }

    /// One turn of copy `me`: takes a cube if it has none, then searches
    /// it until it is refuted or the other copy asks for work (in
    /// lockstep, until the next look at the deadline), and splits it if
    /// asked.
    fn turn(&self, me: usize, copy: &mut Searcher) -> Turn {
        if copy.cube.is_none() {
            let mut pool = self.lock();
            if pool.end.is_some() {
                return Turn::Done;
            }
            match pool.queue.pop_front() {
                Some(mut cube) => {
                    pool.busy[me] = true;
                    if let Some(fork) = cube.fork.take() {
                        let deadline = copy.solver.deadline().clone();
                        copy.solver = *fork;
                        copy.solver.set_deadline(deadline);
                        // Trading again from the start only repeats units.
                        copy.exported = 0;
                        copy.imported = 0;
                    }
                    copy.cube = Some(cube);
                    if !pool.hungry {
                        // Asked while it finished its last cube: moot.
                        self.interrupts[me].store(false, Ordering::Relaxed);
                    }
                    if self.sharing.share_units && self.trade_units(me, copy, &mut pool) {
                        self.finish(&mut pool, End::Refuted);
                        return Turn::Done;
                    }
                }
                None if pool.busy[1 - me] => {
                    if self.sharing.steal && !pool.hungry {
                        pool.hungry = true;
                        self.interrupts[1 - me].store(true, Ordering::Relaxed);
                    }
                    return Turn::Waiting;
                }
                None => {
                    self.finish(&mut pool, End::Refuted);
                    return Turn::Done;
                }
            }
        }
        let Some(cube) = &copy.cube else {
            unreachable!("a cube was taken above")
        };
        copy.solver.assume(&cube.lits);
        let left = self
            .budget
            .map(|budget| budget.saturating_sub(copy.searched));
        let before = copy.solver.conflicts();
        let answer = match self.schedule {
            Schedule::Threads => copy.solver.solve(left),
            Schedule::Lockstep => {
                let look_every = self.sharing.look_every.max(1);
                let to_look = look_every - copy.solver.conflicts() % look_every;
                copy.solver
                    .solve_paused(left.map_or(to_look, |left| left.min(to_look)))
            }
        };
        copy.searched += copy.solver.conflicts() - before;
        let mut pool = self.lock();
        if pool.end.is_some() {
            return Turn::Done;
        }
        match answer {
            SatAnswer::Satisfiable => {
                // The model stays in the solver: nothing may touch it now.
                self.finish(
                    &mut pool,
                    End::Model {
                        by: me,
                        stolen: cube.stolen,
                    },
                );
                return Turn::Done;
            }
            SatAnswer::Unsatisfiable if copy.solver.is_contradictory() => {
                self.finish(&mut pool, End::Refuted);
                return Turn::Done;
            }
            SatAnswer::Unsatisfiable => {
                copy.cube = None;
                pool.busy[me] = false;
            }
            SatAnswer::Unknown => {
                let out_of_budget = self.budget.is_some_and(|budget| copy.searched >= budget);
                if out_of_budget || self.outer.passed() {
                    self.finish(&mut pool, End::GaveUp);
                    return Turn::Done;
                }
                if !self.interrupts[me].swap(false, Ordering::Relaxed) {
                    // Paused in lockstep: nothing to share.
                    return Turn::Searched;
                }
                if pool.hungry && pool.queue.is_empty() {
                    self.split(me, copy, &mut pool);
                }
            }
        }
        if self.sharing.share_units && self.trade_units(me, copy, &mut pool) {
            self.finish(&mut pool, End::Refuted);
            return Turn::Done;
        }
        Turn::Searched
    }

    /// Splits `copy`'s cube by lookahead: it keeps the half where the
    /// literal found holds and queues the other for the waiting copy.
    fn split(&self, me: usize, copy: &mut Searcher, pool: &mut Pool) {
        let Some(cube) = &mut copy.cube else {
            return;
        };
        copy.solver.assume(&cube.lits);
        match copy.solver.lookahead_split(self.sharing.lookahead) {
            Some(split) => {
                let mut given = cube.lits.clone();
                given.push(!split);
                cube.lits.push(split);
                let fork = self.sharing.fork.then(|| Box::new(copy.solver.clone()));
                pool.queue.push_back(Cube {
                    lits: given,
                    stolen: true,
                    fork,
                });
                pool.hungry = false;
                pool.steals += 1;
            }
            None if copy.solver.refutes_by_propagation() => {
                copy.cube = None;
                pool.busy[me] = false;
            }
            // Nothing propagates: the waiting copy waits for this cube's end.
            None => {}
        }
    }

    /// Gives the pool the literals `copy` fixed since its last trade and
    /// adds those the other copy fixed (implied by the same clauses, so
    /// they hold in both). Whether that contradicts the clauses.
    fn trade_units(&self, me: usize, copy: &mut Searcher, pool: &mut Pool) -> bool {
        let fixed = copy.solver.fixed_literals();
        pool.units[me].extend_from_slice(&fixed[copy.exported.min(fixed.len())..]);
        copy.exported = fixed.len();
        let theirs = &pool.units[1 - me];
        for &unit in &theirs[copy.imported..] {
            copy.solver.add_clause(&[unit]);
        }
        copy.imported = theirs.len();
        copy.solver.is_contradictory()
    }

    /// The copies in two threads (the second in this one); if no thread
    /// can be started, the first copy takes every cube alone.
    fn in_threads(&self, copies: &mut [Searcher; 2]) {
        let [first, second] = copies;
        std::thread::scope(|scope| {
            let helper = std::thread::Builder::new()
                .name("doku-proof".to_string())
                .spawn_scoped(scope, || self.run(1, second));
            self.run(0, first);
            if let Ok(helper) = helper {
                helper
                    .join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            }
        });
    }

    /// Copy `me`'s turns until the pool has its answer.
    fn run(&self, me: usize, copy: &mut Searcher) {
        let _leaving = Leaving { work: self, me };
        loop {
            match self.turn(me, copy) {
                Turn::Searched => self.wake.notify_all(),
                Turn::Waiting => {
                    let pool = self.lock();
                    if pool.end.is_none() && pool.queue.is_empty() && pool.busy[1 - me] {
                        // The timeout only guards against a lost wake-up.
                        let waited = self.wake.wait_timeout(pool, Duration::from_millis(50));
                        drop(waited.unwrap_or_else(PoisonError::into_inner));
                    }
                }
                Turn::Done => return,
            }
        }
    }

    /// Both copies in this thread, the one with fewer conflicts (and
    /// idle waits) since the split going next; the conflicts until the
    /// answer with the copies side by side.
    fn in_lockstep(&self, copies: &mut [Searcher; 2]) -> u64 {
        let mut clock = [0u64; 2];
        let mut waiting = [false; 2];
        let mut done = [false; 2];
        while let Some(me) = self.next_in_lockstep(&clock, &waiting, &done) {
            if waiting[me] {
                // Idle until the other's turn that gave it work (or ended).
                clock[me] = clock[me].max(clock[1 - me]);
                waiting[me] = false;
            }
            let before = copies[me].searched;
            match self.turn(me, &mut copies[me]) {
                Turn::Searched => {}
                Turn::Waiting => waiting[me] = true,
                Turn::Done => done[me] = true,
            }
            clock[me] += copies[me].searched - before;
        }
        clock[0].max(clock[1])
    }

    fn next_in_lockstep(
        &self,
        clock: &[u64; 2],
        waiting: &[bool; 2],
        done: &[bool; 2],
    ) -> Option<usize> {
        let pool = self.lock();
        let ready = |me: usize| {
            let waits_for_a_cube =
                waiting[me] && pool.end.is_none() && pool.queue.is_empty() && pool.busy[1 - me];
            !done[me] && !waits_for_a_cube
        };
        match (ready(0), ready(1)) {
            (true, true) => Some(if clock[1] < clock[0] { 1 } else { 0 }),
            (true, false) => Some(0),
            (false, true) => Some(1),
            (false, false) => None,
        }
    }
}

/// Marks a copy's thread as gone however it ends, so that the other never
/// waits for it: a panic ends the question (and reaches the caller at the
/// join).
struct Leaving<'a> {
    work: &'a Work,
    me: usize,
}

impl Drop for Leaving<'_> {
    fn drop(&mut self) {
        let mut pool = self.work.lock();
        pool.busy[self.me] = false;
        if std::thread::panicking() && pool.end.is_none() {
            pool.end = Some(End::GaveUp);
        }
        drop(pool);
        self.work.wake.notify_all();
    }
}
