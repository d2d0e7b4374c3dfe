//! All-different on every house as a theory of the clause learner: Régin's
//! matching filter (see [`super::super::strong`]) run on the houses whose
//! cells changed, each removed candidate explained by the Hall set that
//! removes it, each dead end by the cells that have too few digits.
//!
//! The clauses alone only see one cell or one digit at a time (singles);
//! Hall sets of any size are what the matching filter adds.

use super::cdcl::{Lit, Theory};
use crate::engine::shape::MAX_SIZE;
use crate::engine::strong::{matching_or_violation, reachability, UNMATCHED};

/// One house's open cells and missing digits, numbered from 0.
struct HouseVars {
    /// `vars[cell * size + digit]`: the variable "this cell holds this
    /// digit", `None` if the filter ruled it out before the search.
    vars: Vec<Option<u32>>,
    size: usize,
    /// The last perfect matching (cell -> digit), repaired each time.
    mates: Vec<u8>,
}

pub(super) struct AllDifferent {
    houses: Vec<HouseVars>,
    /// For each variable of the cell encoding, the houses it takes part in.
    houses_of_var: Vec<Vec<u16>>,
    dirty: Vec<bool>,
    dirty_list: Vec<u16>,
}

impl AllDifferent {
    /// `houses` lists, for each house, its open cells' variables by missing
    /// digit (`None` where a cell lacks that candidate); houses that are not
    /// square are skipped (the clauses still hold them).
    pub(super) fn new(houses: Vec<(usize, Vec<Option<u32>>)>, var_count: usize) -> AllDifferent {
        let houses: Vec<HouseVars> = houses
            .into_iter()
            .filter(|(size, vars)| *size > 0 && *size <= MAX_SIZE && vars.len() == size * size)
            .map(|(size, vars)| HouseVars {
                vars,
                size,
                mates: vec![UNMATCHED; size],
            })
            .collect();
        let mut houses_of_var = vec![Vec::new(); var_count];
        for (index, house) in houses.iter().enumerate() {
            for var in house.vars.iter().flatten() {
                if let Some(list) = houses_of_var.get_mut(*var as usize) {
                    list.push(index as u16);
                }
            }
        }
        AllDifferent {
            dirty: vec![true; houses.len()],
            dirty_list: (0..houses.len() as u16).collect(),
            houses,
            houses_of_var,
        }
    }
}

impl Theory for AllDifferent {
    fn propagate(
        &mut self,
        assigned: &[Lit],
        is_false: &dyn Fn(Lit) -> bool,
        out: &mut Vec<Vec<Lit>>,
    ) {
        for lit in assigned {
            for &house in self.houses_of_var.get(lit.var()).into_iter().flatten() {
                if !self.dirty[house as usize] {
                    self.dirty[house as usize] = true;
                    self.dirty_list.push(house);
                }
            }
        }
        while let Some(house) = self.dirty_list.pop() {
            self.dirty[house as usize] = false;
            let found = filter(&mut self.houses[house as usize], is_false, out);
            if !found {
                return;
            }
        }
    }
}

/// Runs the matching filter on one house, pushing an explanation for every
/// candidate it removes; `false` (and the clause of the dead end) if the
/// house has no perfect matching.
fn filter(house: &mut HouseVars, is_false: &dyn Fn(Lit) -> bool, out: &mut Vec<Vec<Lit>>) -> bool {
    let n = house.size;
    let mut dom = [0u64; MAX_SIZE];
    for (cell, d) in dom[..n].iter_mut().enumerate() {
        for digit in 0..n {
            if let Some(var) = house.vars[cell * n + digit] {
                if !is_false(Lit::positive(var)) {
                    *d |= 1u64 << digit;
                }
            }
        }
    }
    if let Err((cells, digits)) = matching_or_violation(&dom[..n], &mut house.mates) {
        // These cells cannot all be filled from these digits: one of them
        // must take a digit it has lost.
        out.push(outside(house, cells, digits));
        return false;
    }
    let reach = reachability(&dom[..n], &house.mates);
    let mut owner = [0usize; MAX_SIZE];
    for (cell, &mate) in house.mates.iter().enumerate() {
        owner[mate as usize] = cell;
    }
    for cell in 0..n {
        let mut others = dom[cell] & !(1u64 << house.mates[cell]);
        while others != 0 {
            let digit = others.trailing_zeros() as usize;
            others &= others - 1;
            // The cells reachable from the digit's owner only take digits
            // matched among themselves (a Hall set); if `cell` is not one of
            // them, those digits are all spoken for.
            let hall = reach[owner[digit]];
            if hall & (1u64 << cell) != 0 {
                continue;
            }
            let hall_digits = hall_digits(house, hall);
            let Some(var) = house.vars[cell * n + digit] else {
                continue;
            };
            let mut clause = outside(house, hall, hall_digits);
            clause.push(!Lit::positive(var));
            let last = clause.len() - 1;
            clause.swap(0, last);
            out.push(clause);
        }
    }
    true
}

/// The matched digits of the cells in `cells`.
fn hall_digits(house: &HouseVars, cells: u64) -> u64 {
    let mut digits = 0u64;
    let mut members = cells;
    while members != 0 {
        let cell = members.trailing_zeros() as usize;
        members &= members - 1;
        digits |= 1u64 << house.mates[cell];
    }
    digits
}

/// "Some cell of `cells` holds a digit outside `digits`": the literals of
/// those candidates (all false when the clause explains something).
fn outside(house: &HouseVars, cells: u64, digits: u64) -> Vec<Lit> {
    let n = house.size;
    let mut clause = Vec::new();
    let mut members = cells;
    while members != 0 {
        let cell = members.trailing_zeros() as usize;
        members &= members - 1;
        for digit in 0..n {
            if digits & (1u64 << digit) == 0 {
                if let Some(var) = house.vars[cell * n + digit] {
                    clause.push(Lit::positive(var));
                }
            }
        }
    }
    clause
}
