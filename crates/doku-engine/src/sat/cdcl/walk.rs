//! Local search for phases (Kissat's "walk" rephasing): from the phases
//! the search would decide, ProbSAT flips variables of unsatisfied clauses
//! for a bounded number of steps, and the assignment that left the fewest
//! clauses unsatisfied becomes the saved and target phases. The search
//! itself is untouched: only which value a decision tries first changes, so
//! the answers (and the proofs) stay what they were.

use super::{Cdcl, Lit, DELETED, FALSE, HEADER, LEARNT, TRUE, UNDEFINED};

/// Weight `WALK_BASE^-breaks` of flipping a literal that makes `breaks`
/// satisfied clauses unsatisfied (ProbSAT's exponential break score).
const WALK_BASE: f64 = 3.0;

impl Cdcl {
    /// Walks at level 0 for up to `flips` flips and sets the phases of the
    /// open variables to the best assignment met. Returns whether that
    /// assignment satisfies every clause.
    pub(super) fn walk_phases(&mut self, flips: u64) -> bool {
        debug_assert!(self.levels.is_empty());
        let vars = self.var_count();
        // The walk's clauses: the original long ones and every binary,
        // without literals false at level 0; satisfied ones left out.
        let mut starts: Vec<u32> = vec![0];
        let mut lits: Vec<Lit> = Vec::new();
        let mut at = 0;
        while at < self.arena.len() {
            let (len, meta) = (self.arena[at] as usize, self.arena[at + 1]);
            if meta & (LEARNT | DELETED) == 0 {
                let clause = &self.arena[at + HEADER..at + HEADER + len];
                if clause.iter().all(|&l| self.values[l as usize] != TRUE) {
                    lits.extend(
                        clause
                            .iter()
                            .filter(|&&l| self.values[l as usize] == UNDEFINED)
                            .map(|&l| Lit(l)),
                    );
                    starts.push(lits.len() as u32);
                }
            }
            at += HEADER + len;
        }
        for (index, others) in self.binaries.iter().enumerate() {
            let lit = Lit(index as u32);
            if self.values[index] != UNDEFINED {
                continue;
            }
            for &other in others {
                if other.index() > index && self.values[other.index()] == UNDEFINED {
                    lits.extend([lit, other]);
                    starts.push(lits.len() as u32);
                }
            }
        }
        let clauses = starts.len() - 1;
        // Each literal's clauses, flat.
        let mut occurrence_start = vec![0u32; 2 * vars + 1];
        for &lit in &lits {
            occurrence_start[lit.index() + 1] += 1;
        }
        for i in 0..2 * vars {
            occurrence_start[i + 1] += occurrence_start[i];
        }
        let mut fill = occurrence_start.clone();
        let mut occurrences = vec![0u32; lits.len()];
        for clause in 0..clauses {
            for &lit in &lits[starts[clause] as usize..starts[clause + 1] as usize] {
                occurrences[fill[lit.index()] as usize] = clause as u32;
                fill[lit.index()] += 1;
            }
        }
        let occurring = |lit: Lit| {
            &occurrences
                [occurrence_start[lit.index()] as usize..occurrence_start[lit.index() + 1] as usize]
        };

        let mut value: Vec<bool> = (0..vars)
            .map(|var| match self.values[2 * var] {
                TRUE => true,
                FALSE => false,
                _ => self.target_phase[var].unwrap_or(self.saved_phase[var]),
            })
            .collect();
        let is_true = |value: &[bool], lit: Lit| value[lit.var()] != lit.is_negative();
        let mut true_count = vec![0u32; clauses];
        // The unsatisfied clauses, and each one's place in that list.
        let mut unsatisfied: Vec<u32> = Vec::new();
        let mut place = vec![u32::MAX; clauses];
        for clause in 0..clauses {
            let members = &lits[starts[clause] as usize..starts[clause + 1] as usize];
            true_count[clause] = members.iter().filter(|&&l| is_true(&value, l)).count() as u32;
            if true_count[clause] == 0 {
                place[clause] = unsatisfied.len() as u32;
                unsatisfied.push(clause as u32);
            }
        }

        let mut best = unsatisfied.len();
        // Variables flipped since the best assignment, undone at the end.
        let mut since_best: Vec<usize> = Vec::new();
        let mut weights: Vec<f64> = Vec::new();
        let mut flipped = 0;
        while !unsatisfied.is_empty() && flipped < flips {
            flipped += 1;
            let clause = unsatisfied[(self.next_random() % unsatisfied.len() as u64) as usize];
            let members =
                &lits[starts[clause as usize] as usize..starts[clause as usize + 1] as usize];
            weights.clear();
            let mut sum = 0.0;
            for &lit in members {
                // Flipping lit's variable makes !lit false: the clauses
                // where !lit is the only true literal break.
                let breaks = occurring(!lit)
                    .iter()
                    .filter(|&&c| true_count[c as usize] == 1)
                    .count();
                let weight = WALK_BASE.powi(-(breaks as i32));
                sum += weight;
                weights.push(weight);
            }
            let mut pick = sum * (self.next_random() >> 11) as f64 / (1u64 << 53) as f64;
            let mut chosen = members.len() - 1;
            for (i, &weight) in weights.iter().enumerate() {
                if pick < weight {
                    chosen = i;
                    break;
                }
                pick -= weight;
            }
            let made_true = members[chosen];
            value[made_true.var()] = !made_true.is_negative();
            for &c in occurring(made_true) {
                true_count[c as usize] += 1;
                if true_count[c as usize] == 1 {
                    let at = place[c as usize] as usize;
                    unsatisfied.swap_remove(at);
                    if let Some(&moved) = unsatisfied.get(at) {
                        place[moved as usize] = at as u32;
                    }
                    place[c as usize] = u32::MAX;
                }
            }
            for &c in occurring(!made_true) {
                true_count[c as usize] -= 1;
                if true_count[c as usize] == 0 {
                    place[c as usize] = unsatisfied.len() as u32;
                    unsatisfied.push(c);
                }
            }
            since_best.push(made_true.var());
            if unsatisfied.len() < best {
                best = unsatisfied.len();
                since_best.clear();
            }
        }
        for &var in &since_best {
            value[var] = !value[var];
        }
        for (var, &phase) in value.iter().enumerate() {
            if self.values[2 * var] == UNDEFINED {
                self.saved_phase[var] = phase;
                self.target_phase[var] = Some(phase);
            }
        }

        best == 0
    }

    /// xorshift64: the walk's choices, the same on every run.
    fn next_random(&mut self) -> u64 {
        let mut state = self.random;
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        self.random = state;
        state
    }
}
