//! Soundness of the chain techniques on the shared hard sets: every step
//! agrees with the known solution.

use super::grid::{Finding, Grid};
use super::{find_next, Technique};
use crate::format::parse_puzzle;
use crate::ShapeHint;

/// Runs logic on a puzzle and checks every step against its solution;
/// returns the techniques used, or the first wrong step.
pub(crate) fn check(line: &str) -> Result<Vec<Technique>, String> {
    let board = parse_puzzle(line, ShapeHint::Infer).map_err(|e| e.to_string())?;
    let solution = board.solution().ok_or("no solution")?;
    let truth = solution.values();
    let mut grid = Grid::new(&board).ok_or("clash")?;
    let mut finding = Finding::default();
    let mut used = Vec::new();
    while grid.empty > 0 && !grid.broken && find_next(&grid, &mut finding) {
        for &(c, d) in &finding.placements {
            if truth[c as usize] != d {
                return Err(format!("{:?} places {d} in cell {c}: {}", finding.technique, super::explain::explain(&grid, &finding)));
            }
        }
        for &(c, d) in &finding.eliminations {
            if truth[c as usize] == d {
                return Err(format!("{:?} removes {d} from cell {c}: {}", finding.technique, super::explain::explain(&grid, &finding)));
            }
        }
        used.push(finding.technique);
        grid.apply(&finding);
    }
    Ok(used)
}

#[cfg(test)]
mod tests {
    fn data(name: &str) -> Option<String> {
        let path = format!("{}/../../../shared/data/{name}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(path).ok()
    }

    #[test]
    fn chain_steps_agree_with_the_solution_on_top1465() {
        let Some(text) = data("magictour_top1465.txt") else {
            println!("magictour_top1465.txt is absent: soundness not checked");
            return;
        };
        let step: usize = std::env::var("DOKU_SOUND_STEP").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
        for (i, line) in text.lines().enumerate().step_by(step) {
            if let Err(e) = super::check(line) {
                panic!("line {}: {e}", i + 1);
            }
        }
    }
}
