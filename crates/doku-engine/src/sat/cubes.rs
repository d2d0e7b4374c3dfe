//! A hard question of the uniqueness proof refuted by two copies of the
//! solver (see [`super::Instance::split_question`]): the question's cubes
//! wait in a shared queue, each copy takes the next when its own is
//! refuted, and a copy that finds the queue empty while the other still
//! works gets a share of the other's cube at the other's next turn (work
//! stealing, as in iterative cube and conquer): the cube itself, raced by
//! both ([`Steal::Race`]), or one half of it split by lookahead
//! ([`Steal::Split`]). Cubes dealt out once at the start are uneven: one
//! copy kept most of the work while the other idled (session 18).

use super::cdcl::{Cdcl, Lit, SatAnswer};
use std::collections::VecDeque;
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

/// How the two copies take turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Schedule {
    /// Each copy in its own thread, on a spare core.
    Threads,
    /// Both in the calling thread, the copy behind in conflicts going
    /// next: what two equally fast cores would do, at any load and the
    /// same on every run (for measuring and tests).
    #[cfg_attr(not(test), expect(dead_code))]
    Lockstep,
}

/// How the copies look for work, and how often.
#[derive(Clone, Copy, Debug)]
pub(super) struct Turns {
    /// Conflicts a copy searches its cube before it looks whether the
    /// other wants a share of it (each look is a restart); `u64::MAX`:
    /// no stealing, each cube searched to the end by one copy.
    pub(super) conflicts: u64,
    /// Variables the split's lookahead tries.
    pub(super) lookahead: usize,
    /// Whether the copies pass each other the literals they fixed.
    pub(super) share_units: bool,
    /// What a copy with work does for one with none.
    pub(super) steal: Steal,
}

/// What a copy with work does for one with none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Steal {
    /// Splits its cube by lookahead and hands over one half.
    Split,
    /// Hands over its cube as it is, to be searched by both (a race: the
    /// copy that refutes it first ends it for both).
    #[cfg_attr(not(test), expect(dead_code))]
    Race,
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
    turns: Turns,
    schedule: Schedule,
) -> Refutation {
    let start = solver.conflicts();
    let mut copies = [solver.clone(), solver].map(|solver| Searcher {
        solver,
        cube: None,
        exported: 0,
        imported: 0,
    });
    let pool = Mutex::new(Pool {
        queue: cubes
            .into_iter()
            .enumerate()
            .map(|(id, lits)| Cube {
                lits,
                id,
                stolen: false,
            })
            .collect(),
        busy: [false; 2],
        hungry: false,
        end: None,
        units: [Vec::new(), Vec::new()],
        steals: 0,
        refuted: Vec::new(),
        next_id: usize::MAX / 2,
    });
    let work = Work {
        pool,
        wake: Condvar::new(),
        turns,
        stop_at,
    };
    let along = match schedule {
        Schedule::Threads => {
            work.in_threads(&mut copies);
            copies
                .iter()
                .map(|copy| copy.solver.conflicts() - start)
                .max()
                .unwrap_or(0)
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
    let (mut kept, other) = if kept == 0 {
        (first.solver, second.solver)
    } else {
        (second.solver, first.solver)
    };
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
        kept: kept.conflicts() - start,
        other: other.conflicts() - start,
        along,
        steals: pool.steals,
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
    /// Raced copies of a cube share it.
    id: usize,
    /// Split off a copy's cube for the other.
    stolen: bool,
}

/// What the copies share, behind a lock.
struct Pool {
    /// Cubes no copy has taken.
    queue: VecDeque<Cube>,
    /// Which copies are searching a cube.
    busy: [bool; 2],
    /// A copy found the queue empty while the other was busy.
    hungry: bool,
    /// Set once, by the first copy to know the answer (or to give up).
    end: Option<End>,
    /// The literals each copy fixed at level 0, for the other.
    units: [Vec<Lit>; 2],
    steals: usize,
    /// The cubes refuted, by id (raced cubes end for both copies).
    refuted: Vec<usize>,
    /// The id of the next cube split off.
    next_id: usize,
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
    turns: Turns,
    stop_at: Option<u64>,
}

impl Work {
    fn lock(&self) -> MutexGuard<'_, Pool> {
        // A copy that panicked holding the lock left the pool consistent
        // (each change is one assignment); the panic reaches the caller
        // at the join.
        self.pool.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// One turn of copy `me`: takes a cube if it has none, searches it for
    /// a turn's conflicts, and splits it if the other copy waits.
    fn turn(&self, me: usize, copy: &mut Searcher) -> Turn {
        if copy.cube.is_none() {
            let mut pool = self.lock();
            if pool.end.is_some() {
                return Turn::Done;
            }
            // A raced cube the other copy refuted meanwhile is done.
            let Pool { queue, refuted, .. } = &mut *pool;
            let live = queue.iter().position(|cube| !refuted.contains(&cube.id));
            queue.drain(..live.unwrap_or(queue.len()));
            match pool.queue.pop_front() {
                Some(cube) => {
                    pool.busy[me] = true;
                    copy.cube = Some(cube);
                }
                None if pool.busy[1 - me] => {
                    pool.hungry = true;
                    return Turn::Waiting;
                }
                None => {
                    pool.end = Some(End::Refuted);
                    return Turn::Done;
                }
            }
        }
        let Some(cube) = &copy.cube else {
            unreachable!("a cube was taken above")
        };
        copy.solver.assume(&cube.lits);
        let left = self
            .stop_at
            .map(|stop| stop.saturating_sub(copy.solver.conflicts()));
        let budget = left.map_or(self.turns.conflicts, |left| left.min(self.turns.conflicts));
        let answer = copy.solver.solve(Some(budget));
        let mut pool = self.lock();
        if pool.end.is_some() {
            return Turn::Done;
        }
        match answer {
            SatAnswer::Satisfiable => {
                // The model stays in the solver: nothing may touch it now.
                pool.end = Some(End::Model {
                    by: me,
                    stolen: cube.stolen,
                });
                return Turn::Done;
            }
            SatAnswer::Unsatisfiable if copy.solver.is_contradictory() => {
                pool.end = Some(End::Refuted);
                return Turn::Done;
            }
            SatAnswer::Unsatisfiable => {
                pool.refuted.push(cube.id);
                copy.cube = None;
                pool.busy[me] = false;
            }
            SatAnswer::Unknown if pool.refuted.contains(&cube.id) => {
                // The other copy won the race for this cube.
                copy.cube = None;
                pool.busy[me] = false;
            }
            SatAnswer::Unknown => {
                if left.is_some_and(|left| left <= budget) || copy.solver.deadline().passed() {
                    pool.end = Some(End::GaveUp);
                    return Turn::Done;
                }
                if pool.hungry && pool.queue.is_empty() {
                    match self.turns.steal {
                        Steal::Split => self.split(me, copy, &mut pool),
                        Steal::Race => {
                            let raced = Cube {
                                lits: cube.lits.clone(),
                                id: cube.id,
                                stolen: true,
                            };
                            pool.queue.push_back(raced);
                            pool.hungry = false;
                            pool.steals += 1;
                        }
                    }
                }
            }
        }
        if self.turns.share_units && self.trade_units(me, copy, &mut pool) {
            pool.end = Some(End::Refuted);
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
        match copy.solver.lookahead_split(self.turns.lookahead) {
            Some(split) => {
                let mut given = cube.lits.clone();
                given.push(!split);
                cube.lits.push(split);
                // The halves are new cubes (a race on the whole would
                // not end with one half).
                cube.id = pool.next_id;
                pool.queue.push_back(Cube {
                    lits: given,
                    id: pool.next_id + 1,
                    stolen: true,
                });
                pool.next_id += 2;
                pool.hungry = false;
                pool.steals += 1;
            }
            None if copy.solver.refutes_by_propagation() => {
                copy.cube = None;
                pool.busy[me] = false;
            }
            // Nothing propagates: try again after the next turn.
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
            let before = copies[me].solver.conflicts();
            match self.turn(me, &mut copies[me]) {
                Turn::Searched => {}
                Turn::Waiting => waiting[me] = true,
                Turn::Done => done[me] = true,
            }
            clock[me] += copies[me].solver.conflicts() - before;
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
