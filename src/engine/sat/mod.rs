//! The solver for hard large boards: the givens pruned by the matching filter
//! (see [`super::strong`]), the open cells encoded as clauses over variables
//! "cell c holds digit d", and a clause-learning SAT search ([`cdcl`]).
//!
//! The 25x25 Gecode instances with about 43% givens sit at the
//! quasigroup-completion phase transition: depth-first search with any
//! propagation we tried thrashes there for minutes, while learning from each
//! conflict solves them in a fraction of a second.

mod alldiff;
mod cdcl;

use super::board::Board;
use super::solver::geometry;
use super::strong;
use alldiff::AllDifferent;
use cdcl::{Cdcl, Lit, Outcome};

/// Some solution of `board`, if it has one.
pub(crate) fn first_solution(board: &Board) -> Option<Board> {
    let mut instance = Instance::new(board)?;
    let t = std::time::Instant::now();
    let outcome = instance.solver.solve(&mut instance.theory, None);
    if std::env::var_os("DOKU_SAT_STATS").is_some() {
        eprintln!("vars {} conflicts {} time {:?} avglen {} avglbd {}", instance.solver.var_count(), instance.solver.conflicts(), t.elapsed(), instance.solver.learnt_lits / instance.solver.conflicts().max(1), instance.solver.lbd_sum / instance.solver.conflicts().max(1));
    }
    match outcome {
        Outcome::Satisfiable => instance.model(),
        Outcome::Unsatisfiable | Outcome::Unknown => None,
    }
}

/// The number of solutions of `board`, counting stops at `limit`: each
/// solution found is excluded by a clause before searching again.
pub(crate) fn count_up_to(board: &Board, limit: usize) -> usize {
    if limit == 0 {
        return 0;
    }
    let Some(mut instance) = Instance::new(board) else {
        return 0;
    };
    let mut count = 0;
    while count < limit && instance.solver.solve(&mut instance.theory, None) == Outcome::Satisfiable {
        count += 1;
        instance.exclude_model();
    }
    count
}

/// One board as clauses.
struct Instance {
    board: Board,
    /// Candidates of every cell after the matching filter.
    domains: Vec<u64>,
    /// For each variable, its cell and digit index (0-based).
    meaning: Vec<(usize, u32)>,
    solver: Cdcl,
    theory: AllDifferent,
}

/// No variable for this cell and digit.
const NO_VAR: u32 = u32::MAX;

impl Instance {
    /// `None` if the matching filter already proves `board` unsolvable.
    fn new(board: &Board) -> Option<Instance> {
        let domains = if std::env::var_os("SAC").is_some() { strong::singleton_filtered_domains(board)? } else { strong::filtered_domains(board)? };
        if std::env::var_os("DOKU_SAT_STATS").is_some() { eprintln!("open candidates {}", domains.iter().filter(|d| d.count_ones() > 1).map(|d| d.count_ones()).sum::<u32>()); }
        let n = board.size();
        let mut var_of = vec![NO_VAR; domains.len() * n];
        let mut meaning = Vec::new();
        for (cell, &domain) in domains.iter().enumerate() {
            if domain.count_ones() < 2 {
                continue;
            }
            for digit in bits(domain) {
                var_of[cell * n + digit as usize] = meaning.len() as u32;
                meaning.push((cell, digit));
            }
        }
        // Exactly one digit per open cell, and exactly one cell per digit
        // a house still lacks. Pairs of cells sharing a row and a box would
        // give the same at-most-one pair twice; those are removed.
        let mut long = Vec::new();
        let mut pairs = Vec::new();
        let mut group = Vec::with_capacity(n);
        for (cell, &domain) in domains.iter().enumerate() {
            if domain.count_ones() >= 2 {
                group.clear();
                group.extend(bits(domain).map(|d| var_of[cell * n + d as usize]));
                exactly_one(&group, &mut long, &mut pairs);
            }
        }
        let geo = geometry(board.shape());
        let mut theory_houses = Vec::new();
        for cells in &geo.house_cells {
            let open: Vec<usize> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| domains[c].count_ones() > 1)
                .collect();
            let placed = cells
                .iter()
                .map(|&c| domains[c as usize])
                .filter(|d| d.is_power_of_two())
                .fold(0u64, |acc, d| acc | d);
            let missing: Vec<u32> = bits(board.shape().all_digits() & !placed).collect();
            let vars = open
                .iter()
                .flat_map(|&cell| {
                    missing.iter().map(move |&digit| (cell, digit))
                })
                .map(|(cell, digit)| Some(var_of[cell * n + digit as usize]).filter(|&v| v != NO_VAR))
                .collect();
            theory_houses.push((open.len(), vars));
        }
        for cells in &geo.house_cells {
            let placed = cells
                .iter()
                .map(|&c| domains[c as usize])
                .filter(|d| d.is_power_of_two())
                .fold(0u64, |acc, d| acc | d);
            for digit in bits(board.shape().all_digits() & !placed) {
                group.clear();
                group.extend(
                    cells
                        .iter()
                        .map(|&c| var_of[c as usize * n + digit as usize])
                        .filter(|&v| v != NO_VAR),
                );
                exactly_one(&group, &mut long, &mut pairs);
            }
        }
        let mut var_count = meaning.len() as u32;
        if let Some((box_rows, box_cols)) = board.shape().box_dims() {
            // Where a digit goes inside one row (or column) of one box: a
            // variable for each such segment, true iff the digit is in one of
            // its cells, and exactly one segment per row and per box. Unit
            // propagation then makes the box-line eliminations (pointing and
            // claiming) that the cell clauses alone do not see.
            let boxes_across = n / box_cols;
            let mut segments = vec![Vec::new(); 2 * n * n];
            for digit in 0..n {
                segments.iter_mut().for_each(Vec::clear);
                for (cell, vars) in var_of.chunks(n).enumerate() {
                    let var = vars[digit];
                    if var == NO_VAR {
                        continue;
                    }
                    let (row, col) = (cell / n, cell % n);
                    let bx = (row / box_rows) * boxes_across + col / box_cols;
                    segments[row * n + bx].push(var);
                    segments[n * n + col * n + bx].push(var);
                }
                // For each line (rows then columns) and each box, the
                // segment variables along it.
                let mut by_line = vec![Vec::new(); 2 * n];
                let mut by_box = vec![Vec::new(); 2 * n];
                for (index, cells) in segments.iter().enumerate() {
                    if cells.is_empty() {
                        continue;
                    }
                    let segment = var_count;
                    var_count += 1;
                    let mut some_cell = vec![!Lit::positive(segment)];
                    for &cell_var in cells {
                        some_cell.push(Lit::positive(cell_var));
                        long.push(vec![!Lit::positive(cell_var), Lit::positive(segment)]);
                    }
                    long.push(some_cell);
                    let (kind, rest) = (index / (n * n), index % (n * n));
                    by_line[kind * n + rest / n].push(segment);
                    by_box[kind * n + rest % n].push(segment);
                }
                for group in by_line.iter().chain(&by_box) {
                    if !group.is_empty() {
                        exactly_one(group, &mut long, &mut pairs);
                    }
                }
            }
        }
        pairs.sort_unstable();
        pairs.dedup();
        // Deciding "this cell holds this digit" first, as a person would,
        // propagates far more than ruling one candidate out.
        let mut solver = Cdcl::new(var_count as usize, std::env::var_os("NEG").is_none());
        for (a, b) in pairs {
            solver.add_clause(&[!Lit::positive(a), !Lit::positive(b)]);
        }
        for clause in &long {
            solver.add_clause(clause);
        }
        let theory = AllDifferent::new(theory_houses, meaning.len());
        Some(Instance {
            theory,
            board: board.clone(),
            domains,
            meaning,
            solver,
        })
    }

    /// The board the last satisfiable search found.
    fn model(&self) -> Option<Board> {
        let mut values: Vec<u8> = self
            .domains
            .iter()
            .map(|&d| {
                if d.is_power_of_two() {
                    d.trailing_zeros() as u8 + 1
                } else {
                    0
                }
            })
            .collect();
        for (var, &(cell, digit)) in self.meaning.iter().enumerate() {
            if self.solver.is_true(Lit::positive(var as u32)) {
                values[cell] = digit as u8 + 1;
            }
        }
        Board::from_values(self.board.shape(), values).filter(Board::is_solved)
    }

    /// Forbids the last model: some open cell must differ.
    fn exclude_model(&mut self) {
        let clause: Vec<Lit> = (0..self.meaning.len() as u32)
            .map(Lit::positive)
            .filter(|&lit| self.solver.is_true(lit))
            .map(|lit| !lit)
            .collect();
        self.solver.add_clause(&clause);
    }
}

/// Clauses saying exactly one of the variables in `group` is true: one long
/// clause, and the pairs (as `(low, high)`) that may not both be true.
fn exactly_one(group: &[u32], long: &mut Vec<Vec<Lit>>, pairs: &mut Vec<(u32, u32)>) {
    long.push(group.iter().map(|&v| Lit::positive(v)).collect());
    for (i, &a) in group.iter().enumerate() {
        for &b in &group[i + 1..] {
            pairs.push((a.min(b), a.max(b)));
        }
    }
}

/// The indices of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let bit = mask.trailing_zeros();
            mask &= mask - 1;
            bit
        })
    })
}
