//! The work budget of one search for a step on a board larger than 9x9.
//!
//! On a 25x25 the chain techniques' scan and the rectangle search grow with
//! a power of the candidate count: on a nearly empty board one hint took
//! seconds, and a 64x64 Latin square would need gigabytes for the scan. So
//! before each technique runs, its work is estimated from the position (the
//! board's size and its live candidates, per family of search), and the
//! search stops at the first technique whose estimate no longer fits in
//! what is left of [`STEP_BUDGET`]. The estimate depends on the position
//! alone, never on the clock: the same position always gets the same
//! answer, on any machine and under any load.
//!
//! Boards up to 9x9 have no budget: their searches are quick, and their
//! grades and hints stay exactly what they were.

use super::grid::Grid;
use super::Technique;
use std::cell::Cell;

/// Estimated work one search for a step may do, in the units of
/// [`estimate`] (roughly word operations of the chain scan). On the machine
/// this was measured on, 1e11 of them took about a second, so this is
/// about 50 ms: a hint answers within 100 ms with room to spare.
pub(crate) const STEP_BUDGET: u64 = 5_000_000_000;

/// Whether searches on this grid are budgeted (boards larger than 9x9).
pub(crate) fn applies(grid: &Grid) -> bool {
    grid.size() > 9
}

/// What a search for one step has spent so far.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Spent {
    units: u64,
    /// The chain techniques share one scan of the position: the first pays.
    scan_paid: bool,
    /// The position's live candidates, counted at the first charge (a
    /// `Spent` is for one position; counting them at each of its forty
    /// charges cost a twentieth of a 25x25's grade).
    candidates: Option<u64>,
}

impl Spent {
    /// Charges `technique`'s estimated work; `false` (and nothing charged)
    /// when it would pass the budget, so the search must stop here.
    pub fn charge(&mut self, technique: Technique, grid: &Grid) -> bool {
        let Some(cost) = self.add(technique, grid) else {
            return false;
        };
        CHARGED.with(|charged| charged.set(charged.get().saturating_add(cost)));
        true
    }

    /// [`Spent::charge`] for a search that is only imagined (what another
    /// run would charge): the thread's total is left as it is.
    pub fn charge_imagined(&mut self, technique: Technique, grid: &Grid) -> bool {
        self.add(technique, grid).is_some()
    }

    /// Adds `technique`'s estimate and returns it; `None` (and nothing
    /// added) when it would pass the budget.
    fn add(&mut self, technique: Technique, grid: &Grid) -> Option<u64> {
        // The killer techniques look at nothing on a board without cages:
        // they cost nothing there, so other boards' budgets are as before.
        if technique.is_killer() && grid.killer.is_none() {
            return Some(0);
        }
        let family = family_of(technique);
        let c = *self.candidates.get_or_insert_with(|| live_candidates(grid));
        let cost = estimate(family, grid.size() as u64, c, self.scan_paid);
        if self.units.saturating_add(cost) > STEP_BUDGET {
            return None;
        }
        self.units += cost;
        self.scan_paid |= family == Family::Chains;
        Some(cost)
    }
}

thread_local! {
    /// Units charged by every search on this thread so far: a grade reads
    /// it around its logic to know what the whole run cost, without a
    /// meter threaded through every search's signature.
    static CHARGED: Cell<u64> = const { Cell::new(0) };
}

/// Units charged by the searches run on this thread so far (see
/// [`Spent::charge`]): the difference between two readings is what the
/// searches between them were estimated to cost.
pub(crate) fn charged_on_this_thread() -> u64 {
    CHARGED.with(Cell::get)
}

/// Estimated work a grade on a board larger than 9x9 may spend on its
/// logic and on counting solutions when the logic stops, in the units of
/// [`STEP_BUDGET`] (about 60 ms). The logic always runs to its end (each
/// search within its own budget): what it leaves of this is the count's.
/// Hard 25x25s need tens of thousands of branches to prove one solution,
/// far past what any grade can spend, so most of a count's worth is in a
/// loose puzzle, whose two solutions show within a few hundred branches.
pub(crate) const GRADE_BUDGET: u64 = 6_000_000_000;

/// Estimated work of one branch of the count of solutions on a board of
/// size `n` with `filled` cells filled: the matching filter re-runs on the
/// houses of every cell a branch narrows, each filter about `n^2` word
/// operations, and the fuller the board the further each narrowing
/// spreads. Measured on a slow machine: about 150 microseconds a branch
/// on the Gecode 25x25s (half full where their logic stalls; a chain scan
/// estimated at 8 ms took 7 to 13 there), under 50 on a 25x25 with one
/// cell in twenty filled; rounded up.
fn count_branch_units(n: u64, filled: u64) -> u64 {
    1000 * n * (2 * filled).max(n * n / 5)
}

/// Branches of the count of solutions tried where a grade's probe (logic
/// without the uniqueness techniques) and the run with them part: when it
/// proves the solution unique there, the probe stops and the run goes on
/// alone, instead of the probe's path being searched to its end as well.
/// Logic has narrowed the candidates by then: on dealt expert 25x25s the
/// count took 0 to 100 branches (17 of 20 within 30), a few milliseconds;
/// on the hard Gecode 25x25s it runs out, and the probe goes on as before.
pub(crate) const FORK_COUNT_NODES: u64 = 64;

/// Branches the count of solutions may always take, whatever the logic
/// cost: logic that went far and stalls at a few undecided cells (a deadly
/// pattern of a puzzle with two solutions) leaves a count that shows both
/// within a couple of dozen branches, each cheap with few cells left (a
/// few milliseconds at most on a 25x25).
const COUNT_NODES_ALWAYS: u64 = 32;

/// Branches the count of solutions may take when a grade of a board of
/// size `n` (larger than 9x9) stopped its logic with `empty` cells left,
/// after the logic was charged `logic_units`: what the logic left of
/// [`GRADE_BUDGET`] (at least [`COUNT_NODES_ALWAYS`]), and never more than
/// a branch per empty cell (so that a loose puzzle reaches its solutions)
/// and 250 more on a 25x25, more on smaller boards, whose branches cost
/// less. Branches are counted, not timed, so the grade is the same on
/// every run and machine.
pub(crate) fn grade_count_nodes(n: usize, empty: usize, logic_units: u64) -> u64 {
    let n = n.max(1) as u64;
    let filled = (n * n).saturating_sub(empty as u64);
    let affordable = GRADE_BUDGET.saturating_sub(logic_units) / count_branch_units(n, filled);
    let most = empty as u64 + 250 * 25 * 25 * 25 / (n * n * n);
    affordable.max(COUNT_NODES_ALWAYS).min(most)
}

/// The candidates left in the grid's empty cells.
fn live_candidates(grid: &Grid) -> u64 {
    grid.cands.iter().map(|m| u64::from(m.count_ones())).sum()
}

/// Kinds of search, by how their work grows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    /// Patterns inside a few houses or cells: singles, intersections,
    /// subsets, fish, wings, single-digit patterns, colouring, almost
    /// locked sets.
    Local,
    /// Every rectangle of cells times every pair of their common digits.
    Rectangles,
    /// Reachability from every candidate (the chains' shared scan), and
    /// nets.
    Chains,
}

fn family_of(technique: Technique) -> Family {
    use Technique::*;
    match technique {
        NakedSingle | HiddenSingle | Pointing | Claiming | LawOfLeftovers | NakedPair
        | HiddenPair | NakedTriple | HiddenTriple | NakedQuad | HiddenQuad | XWing | Swordfish
        | Jellyfish | XyWing | XyzWing | WWing | WxyzWing | BugPlusOne | Skyscraper
        | TwoStringKite | TurbotFish | EmptyRectangle | FinnedXWing | SashimiXWing
        | FinnedSwordfish | SashimiSwordfish | FinnedJellyfish | SashimiJellyfish
        | SimpleColours | MultiColours | AlsXz | AlsXyWing | DirectPointing | DirectClaiming
        | DirectHiddenPair | DirectHiddenTriple | CageCombinations | RuleOf45 | CageInHouse
        | CombinationsCrossed | RuleOf45Houses | LockedMustHave | VirtualCage
        | InnieOutieDifference => Family::Local,
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
        | HiddenRectangle => Family::Rectangles,
        // The chains, the forcing nets, and any technique added later
        // until it is measured: as costly as the chain scan.
        _ => Family::Chains,
    }
}

/// The estimated work of a search of `family` on `grid`, from its size `n`
/// and its live candidates `c`, in units of which 1e8 take about a
/// millisecond. Fitted to timings on 16x16 and 25x25 positions from nearly
/// empty to half full, rounded up (the calibration below measures them
/// again):
/// - local searches: `20 c n^2` (a few milliseconds at most on a 25x25);
/// - rectangles: `100 c^2` (rectangles of cells times pairs of digits);
/// - the chain scan: `c^3 / 4`. It is a breadth-first search from each of
///   the `c` candidates over up to `2c` facts, each fact costing a row of
///   `2c / 64` words: `c^3 / 16` word operations at worst, and half-full
///   25x25s, whose many two-way links reach most facts, run them at about
///   a twentieth of the rate first assumed (at 1,260 candidates a scan
///   estimated at 1 ms took 25). Sparser boards reach far fewer facts,
///   so the estimate cannot be right for both: the first fit, `c^3 / 16`,
///   let a sparse 25x25 with 3,700 candidates spend 80 ms on the scan,
///   and `c^3 / 4` stops the scan at about 2,700 candidates (the Gecode
///   sets' grades are the same with either).
///   Once the scan is paid, each chain technique's own pass costs `c^2`.
///
/// The forcing chains and nets (the nested levels too) do not run on
/// boards larger than 9x9 (`grader/forcing.rs`), so their `c^2` is never
/// spent; the loops (`grader/cycles.rs`) measure under a millisecond each
/// on the Gecode 25x25s once the scan is paid, so they stay with the
/// chains.
fn estimate(family: Family, n: u64, c: u64, scan_paid: bool) -> u64 {
    match family {
        Family::Local => 20 * c * n * n,
        Family::Rectangles => 100 * c * c,
        Family::Chains if scan_paid => c * c,
        Family::Chains => c.saturating_mul(c).saturating_mul(c) / 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, Shape};

    fn grid_of(shape: Shape) -> Grid {
        Grid::new(&Board::empty(shape)).expect("an empty board is consistent")
    }

    #[test]
    fn an_empty_25x25_cannot_afford_the_chain_scan_but_its_singles_run() {
        let grid = grid_of(Shape::sudoku(25).expect("25x25"));
        let mut spent = Spent::default();
        assert!(spent.charge(Technique::HiddenSingle, &grid));
        assert!(spent.charge(Technique::NakedQuad, &grid));
        assert!(!spent.charge(Technique::Aic, &grid));
        assert!(!spent.charge(Technique::UniqueRectangle1, &grid));
    }

    #[test]
    fn a_sparse_25x25_cannot_afford_the_chain_scan_even_without_rectangles() {
        // One cell in three given: about 3,700 candidates, whose scan took
        // 80 ms. Without the uniqueness techniques (a grade's first run,
        // a hint while the check runs) nothing else used up the budget.
        let shape = Shape::sudoku(25).expect("25x25");
        let solution = Board::empty(shape)
            .solution()
            .expect("an empty board solves");
        let mut position = Board::empty(shape);
        for cell in shape.cells().step_by(3) {
            position.set(cell, solution.get(cell));
        }
        let grid = Grid::new(&position).expect("part of a solution");
        let c: u32 = grid.cands.iter().map(|m| m.count_ones()).sum();
        assert!((3000..4500).contains(&c), "{c} candidates");
        let mut spent = Spent::default();
        for technique in [
            Technique::HiddenSingle,
            Technique::NakedQuad,
            Technique::XyzWing,
        ] {
            assert!(spent.charge(technique, &grid), "{technique}");
        }
        assert!(!spent.charge(Technique::XCycle, &grid));
    }

    #[test]
    fn the_chain_scan_is_charged_once_per_search() {
        // A 16x16 with a few candidates left per cell: the scan fits.
        let mut grid = grid_of(Shape::sudoku(16).expect("16x16"));
        for cands in grid.cands.iter_mut() {
            *cands &= 0b111;
        }
        let mut spent = Spent::default();
        assert!(spent.charge(Technique::XChain, &grid));
        let after_scan = spent.units;
        assert!(spent.charge(Technique::Aic, &grid));
        assert!(spent.units - after_scan < after_scan);
    }

    #[test]
    fn every_charge_adds_to_the_threads_total() {
        let grid = grid_of(Shape::sudoku(16).expect("16x16"));
        let before = charged_on_this_thread();
        let mut spent = Spent::default();
        assert!(spent.charge(Technique::HiddenSingle, &grid));
        assert!(spent.charge(Technique::NakedPair, &grid));
        assert_eq!(charged_on_this_thread() - before, spent.units);
        // A refused charge costs nothing.
        let mut spent = Spent::default();
        let before = charged_on_this_thread();
        assert!(!spent.charge(Technique::Aic, &grid_of(Shape::sudoku(25).expect("25x25"))));
        assert_eq!(charged_on_this_thread(), before);
    }

    #[test]
    fn the_count_gets_what_the_logic_left_of_the_grade_budget() {
        let fresh = grade_count_nodes(25, 330, 0);
        assert!((200..=580).contains(&fresh), "{fresh}");
        // A nearly empty board's branches cost less: a branch per empty
        // cell fits, and the margin, and never more.
        assert_eq!(grade_count_nodes(25, 600, 0), 600 + 250);
        // Logic that spent half the budget leaves the count about half.
        let half = grade_count_nodes(25, 330, GRADE_BUDGET / 2);
        assert!(half.abs_diff(fresh / 2) <= 1, "{half} of {fresh}");
        // Logic past the budget leaves the few branches always allowed.
        let least = grade_count_nodes(25, 330, GRADE_BUDGET);
        assert_eq!(least, COUNT_NODES_ALWAYS);
        assert_eq!(grade_count_nodes(25, 330, 3 * GRADE_BUDGET), least);
        // Smaller boards' branches cost less: more of them fit.
        assert!(grade_count_nodes(16, 200, 0) > fresh);
    }

    #[test]
    fn boards_up_to_9x9_are_not_budgeted() {
        assert!(!applies(&grid_of(Shape::sudoku(9).expect("9x9"))));
        assert!(applies(&grid_of(Shape::sudoku(16).expect("16x16"))));
        assert!(applies(&grid_of(Shape::latin(10).expect("latin 10"))));
    }
}

/// The estimates against measured costs (run with `cargo test --release -p
/// doku-engine --lib estimates_against -- --ignored --nocapture`): every
/// technique timed alone, on fresh memos, at positions of the Gecode sets
/// played by the budgeted search (and on sparse boards), next to its
/// estimate. Prints, per technique, the worst time it took within the
/// budget and how far its time ran over its estimate.
#[cfg(test)]
mod calibration {
    use super::super::{find_next, Found, BY_RATING};
    use super::*;
    use crate::format::parse_puzzle;
    use crate::grader::grid::Finding;
    use crate::{Board, Shape, ShapeHint};
    use std::collections::BTreeMap;

    /// Estimated units one millisecond of work is worth (see STEP_BUDGET).
    const UNITS_PER_MS: f64 = STEP_BUDGET as f64 / 50.0;

    /// This thread's CPU time in ms, so the other processes of a busy
    /// machine do not count.
    #[cfg(all(target_os = "linux", target_pointer_width = "64"))]
    fn thread_cpu_ms() -> f64 {
        #[repr(C)]
        struct Timespec {
            secs: i64,
            nanos: i64,
        }
        extern "C" {
            fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
        }
        const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
        let mut time = Timespec { secs: 0, nanos: 0 };
        // SAFETY: clock_gettime writes one timespec into the place given.
        unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut time) };
        time.secs as f64 * 1e3 + time.nanos as f64 / 1e6
    }

    #[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
    fn thread_cpu_ms() -> f64 {
        use std::sync::LazyLock;
        static START: LazyLock<std::time::Instant> = LazyLock::new(std::time::Instant::now);
        START.elapsed().as_secs_f64() * 1e3
    }

    /// Per technique in the search's order, then per family.
    type Table = BTreeMap<(usize, String), Worst>;

    #[derive(Default)]
    struct Worst {
        runs: usize,
        /// Worst time run within the budget, and the estimate then.
        within_ms: f64,
        within_units: u64,
        /// Worst measured / estimated time, over estimates of 1 ms or more.
        over: f64,
        over_at: (f64, u64, u64),
    }

    /// One position, on a fresh thread (so every memo is cold, as on a new
    /// position): each technique in the search's order, its estimate as
    /// the budget charges it, its time; and the real search's time.
    fn measure(grid: Grid, table: &mut Table, search_worst: &mut (f64, String)) {
        let (rows, search_ms, found) = std::thread::spawn(move || {
            let start = thread_cpu_ms();
            let mut finding = Finding::default();
            let found = find_next(&grid, true, &mut finding);
            let search_ms = thread_cpu_ms() - start;
            let found = match found {
                Found::Step => finding.technique.name().to_string(),
                other => format!("{other:?}"),
            };
            let c = live_candidates(&grid);
            // Again on cold memos: each technique alone.
            std::thread::spawn(move || {
                let mut rows = Vec::new();
                // The chains' shared scan alone, charged with the first
                // technique of the family (so the rows below run without it).
                let start = thread_cpu_ms();
                super::super::chains::with_static_scan(&grid, |_| ());
                let scan_ms = thread_cpu_ms() - start;
                let scan_units = estimate(Family::Chains, grid.size() as u64, c, false);
                rows.push((None, scan_units, scan_ms, scan_units <= STEP_BUDGET, c));
                let mut total = 0u64;
                let mut scan_paid = false;
                for &technique in BY_RATING.iter() {
                    let family = family_of(technique);
                    let units = estimate(family, grid.size() as u64, c, scan_paid);
                    scan_paid |= family == Family::Chains;
                    total = total.saturating_add(units);
                    // Past twenty budgets a search may take minutes.
                    if units > 20 * STEP_BUDGET {
                        continue;
                    }
                    let start = thread_cpu_ms();
                    technique.find(&grid, &mut Finding::default());
                    let ms = thread_cpu_ms() - start;
                    rows.push((Some(technique), units, ms, total <= STEP_BUDGET, c));
                }
                (rows, search_ms, found)
            })
            .join()
            .expect("the measurement thread")
        })
        .join()
        .expect("the search thread");
        if search_ms > search_worst.0 {
            *search_worst = (search_ms, found);
        }
        // The chains share their scan (whichever runs it first pays), so
        // the estimates are checked family by family too.
        let mut families: BTreeMap<String, (u64, f64, u64)> = BTreeMap::new();
        let order = |t: Technique| BY_RATING.iter().position(|&b| b == t).unwrap_or(0);
        for &(technique, units, ms, _, c) in &rows {
            // The scan's units are charged with the family's first technique.
            let family = technique.map_or(Family::Chains, family_of);
            let sum = families.entry(format!("family {family:?}")).or_default();
            sum.0 += if technique.is_none() { 0 } else { units };
            sum.1 += ms;
            sum.2 = c;
        }
        for (name, (units, ms, c)) in families {
            let worst = table.entry((usize::MAX, name)).or_default();
            worst.runs += 1;
            let estimated_ms = units as f64 / UNITS_PER_MS;
            if ms > worst.within_ms {
                worst.within_ms = ms;
                worst.within_units = units;
            }
            if estimated_ms >= 1.0 && ms / estimated_ms > worst.over {
                worst.over = ms / estimated_ms;
                worst.over_at = (ms, units, c);
            }
        }
        for (technique, units, ms, within, c) in rows {
            let key = match technique {
                Some(technique) => (order(technique), technique.name().to_string()),
                None => (usize::MAX - 1, "(the chains' scan alone)".to_string()),
            };
            let worst = table.entry(key).or_default();
            worst.runs += 1;
            if within && ms > worst.within_ms {
                worst.within_ms = ms;
                worst.within_units = units;
            }
            let estimated_ms = units as f64 / UNITS_PER_MS;
            if estimated_ms >= 1.0 && ms / estimated_ms > worst.over {
                worst.over = ms / estimated_ms;
                worst.over_at = (ms, units, c);
            }
        }
    }

    fn print(title: &str, table: &Table, search_worst: &(f64, String)) {
        println!(
            "{title}: worst budgeted search {:.1} ms ({})",
            search_worst.0, search_worst.1
        );
        println!(
            "  {:<30} {:>5} {:>10} {:>12} {:>8} {:>10} {:>12} {:>6}",
            "technique", "runs", "within ms", "its units", "over x", "at ms", "units", "c"
        );
        for ((_, name), w) in table {
            println!(
                "  {:<30} {:>5} {:>10.2} {:>12} {:>8.2} {:>10.2} {:>12} {:>6}",
                name,
                w.runs,
                w.within_ms,
                w.within_units,
                w.over,
                w.over_at.0,
                w.over_at.1,
                w.over_at.2
            );
        }
    }

    #[test]
    #[ignore = "a measurement, minutes long: run it with --release --ignored --nocapture"]
    fn estimates_against_measured_costs() {
        let every: usize = std::env::var("DOKU_CALIBRATE_EVERY")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(8);
        let files = std::env::var("DOKU_CALIBRATE_FILES")
            .unwrap_or_else(|_| "16x16_gecode_janko55.txt 25x25_gecode.txt".into());
        for file in files.split_whitespace() {
            let Some(text) = crate::shared_data::shared_text(file, "the budget calibration") else {
                continue;
            };
            let mut table = Table::new();
            let mut search_worst = (0.0, String::new());
            for line in text.lines().filter(|l| !l.trim().is_empty()) {
                let board = parse_puzzle(line, ShapeHint::Infer).expect("a Gecode puzzle");
                let solution = board.solution().expect("a Gecode puzzle has a solution");
                let mut grid = Grid::new(&board).expect("consistent givens");
                grid.unique = true;
                let mut finding = Finding::default();
                for step in 0.. {
                    if grid.empty == 0 {
                        break;
                    }
                    if step % every == 0 {
                        measure(grid.clone(), &mut table, &mut search_worst);
                    }
                    // Played as the hints play it: the step, or the
                    // solution's digit in the first cell of fewest candidates.
                    if find_next(&grid, true, &mut finding) == Found::Step {
                        grid.apply(&finding);
                    } else {
                        let cell = (0..grid.cands.len())
                            .filter(|&c| grid.values[c] == 0)
                            .min_by_key(|&c| grid.cands[c].count_ones())
                            .expect("an empty cell");
                        grid.place(cell, solution.values()[cell]);
                    }
                }
            }
            print(file, &table, &search_worst);
        }
        for size in [16, 25] {
            let shape = Shape::sudoku(size).expect("a sudoku size");
            let solution = Board::empty(shape)
                .solution()
                .expect("an empty board solves");
            let mut table = Table::new();
            let mut search_worst = (0.0, String::new());
            for keep_every in [1000, 20, 10, 5, 4, 3, 2] {
                let mut position = Board::empty(shape);
                for cell in shape.cells().step_by(keep_every) {
                    position.set(cell, solution.get(cell));
                }
                let mut grid = Grid::new(&position).expect("a part of a solution");
                grid.unique = true;
                measure(grid, &mut table, &mut search_worst);
            }
            print(&format!("sparse {size}x{size}"), &table, &search_worst);
        }
    }
}
