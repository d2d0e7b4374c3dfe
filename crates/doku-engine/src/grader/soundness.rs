//! Soundness of the chain techniques on the shared hard sets: every step
//! agrees with the known solution.

use super::grid::{Finding, Grid};
use super::{find_next, Found, Technique};
use crate::format::parse_puzzle;
use crate::ShapeHint;

/// Runs logic on a puzzle and checks every step against its solution;
/// returns the techniques used, or the first wrong step.
pub(crate) fn check(line: &str) -> Result<Vec<Technique>, String> {
    let board = parse_puzzle(line, ShapeHint::Infer).map_err(|e| e.to_string())?;
    let solution = board.solution().ok_or("no solution")?;
    let truth = solution.values();
    let mut grid = Grid::new(&board).ok_or("clash")?;
    // The uniqueness techniques too, on the puzzles that allow them.
    grid.unique = board.count_solutions_up_to(2) == 1;
    let mut finding = Finding::default();
    let mut used = Vec::new();
    while grid.empty > 0 && !grid.broken && find_next(&grid, false, &mut finding) == Found::Step {
        disagreement(&grid, &finding, truth)?;
        used.push(finding.technique);
        grid.apply(&finding);
    }
    Ok(used)
}

/// `Err` naming the first placement or removal of `finding` that the
/// solution `truth` contradicts.
fn disagreement(grid: &Grid, finding: &Finding, truth: &[u8]) -> Result<(), String> {
    let wrong = |what: String| {
        Err(format!(
            "{:?} {what}: {}",
            finding.technique,
            super::explain::explain(grid, finding)
        ))
    };
    for &(c, d) in &finding.placements {
        if truth[c as usize] != d {
            return wrong(format!("places {d} in cell {c}"));
        }
    }
    for &(c, d) in &finding.eliminations {
        if truth[c as usize] == d {
            return wrong(format!("removes {d} from cell {c}"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// Every `DOKU_SOUND_STEP`-th line (default `step`) of a shared set.
    fn sampled(file: &str, env: &str, step: usize) -> Vec<(usize, String)> {
        let Some(text) = crate::shared_data::shared_text(file, "chain steps checked sound") else {
            return Vec::new();
        };
        let step = std::env::var(env)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(step);
        let lines = text.lines().enumerate().step_by(step);
        lines.map(|(i, l)| (i + 1, l.to_string())).collect()
    }

    #[test]
    fn chain_steps_agree_with_the_solution_on_top1465() {
        for (number, line) in sampled("magictour_top1465.txt", "DOKU_SOUND_STEP", 10) {
            if let Err(e) = super::check(&line) {
                panic!("line {number}: {e}");
            }
        }
    }

    #[test]
    fn chain_steps_agree_with_the_solution_on_se_11_plus() {
        let file = "forum_hardest_1905_11plus_10k.txt";
        for (number, line) in sampled(file, "DOKU_SOUND_STEP_SE", 500) {
            match super::check(&line) {
                Err(e) => panic!("line {number}: {e}"),
                Ok(used) => assert!(!used.is_empty()),
            }
        }
    }
}

/// Sudoku Explainer's techniques doku lacked (unique loops, BUG types 2-4,
/// aligned exclusion, Nishio, the direct hints), each asked directly on every position of a
/// puzzle's path, uniqueness allowed (the shared sets' puzzles have one
/// solution): every step they find agrees with the solution. Returns how
/// many steps each found.
pub(crate) fn check_se_extras(line: &str) -> Result<Vec<(Technique, usize)>, String> {
    let board = parse_puzzle(line, ShapeHint::Infer).map_err(|e| e.to_string())?;
    let truth = board.solution().ok_or("no solution")?.values().to_vec();
    let mut grid = Grid::new(&board).ok_or("clash")?;
    grid.unique = board.count_solutions_up_to(2) == 1;
    let mut counts: Vec<(Technique, usize)> = se_extras().iter().map(|&t| (t, 0)).collect();
    let mut step = Finding::default();
    let mut probe = Finding::default();
    while grid.empty > 0 && !grid.broken && find_next(&grid, false, &mut step) == Found::Step {
        for (t, count) in counts.iter_mut() {
            if t.find(&grid, &mut probe) {
                disagreement(&grid, &probe, &truth)?;
                *count += 1;
            }
        }
        disagreement(&grid, &step, &truth)?;
        grid.apply(&step);
    }
    Ok(counts)
}

/// SE's techniques doku lacked: the tail of [`Technique::ALL`], which
/// lists them last, from the first unique loop on.
fn se_extras() -> &'static [Technique] {
    let all = Technique::ALL;
    let first = all
        .iter()
        .position(|&t| t == Technique::UniqueLoop1)
        .expect("the unique loops are in ALL");
    &all[first..]
}

#[cfg(test)]
mod se_extras {
    /// Every SE technique doku lacked finds steps on the hard sets, and
    /// none of them is wrong.
    #[test]
    fn se_extra_steps_agree_with_the_solution() {
        let mut total = vec![0usize; super::se_extras().len()];
        for file in ["magictour_top1465.txt", "forum_hardest_1106.txt"] {
            let Some(text) = crate::shared_data::shared_text(file, "SE extras checked sound")
            else {
                return;
            };
            let step = std::env::var("DOKU_SOUND_STEP_EXTRAS")
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(if cfg!(debug_assertions) { 150 } else { 40 });
            for (i, line) in text.lines().enumerate().step_by(step) {
                match super::check_se_extras(line) {
                    Err(e) => panic!("{file} line {}: {e}", i + 1),
                    Ok(counts) => {
                        for (k, (_, c)) in counts.iter().enumerate() {
                            total[k] += c;
                        }
                    }
                }
            }
        }
        let report: Vec<String> = super::se_extras()
            .iter()
            .zip(&total)
            .map(|(t, c)| format!("{t}: {c}"))
            .collect();
        eprintln!("SE extras found: {}", report.join(", "));
        assert!(total.iter().sum::<usize>() > 0, "{report:?}");
    }
}

#[cfg(test)]
mod levels {
    use super::super::grid::{Finding, Grid};
    use super::super::{find_next, Technique};
    use crate::format::parse_puzzle;
    use crate::ShapeHint;

    const LEVELS: [Technique; 6] = [
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain2,
        Technique::NestedForcingChain3,
        Technique::NestedForcingChain4,
        Technique::NestedForcingChain5,
    ];

    /// Where the path first needs a nested chain, every forcing level
    /// (asked directly, not only the easiest) agrees with the solution.
    /// Returns the levels that found a step.
    fn check_levels(line: &str, levels: &[Technique]) -> Result<Vec<Technique>, String> {
        let board = parse_puzzle(line, ShapeHint::Infer).map_err(|e| e.to_string())?;
        let truth = board.solution().ok_or("no solution")?.values().to_vec();
        let mut grid = Grid::new(&board).ok_or("clash")?;
        let mut f = Finding::default();
        let nested = Technique::NestedForcingChain2.se_rating();
        while find_next(&grid, false, &mut f) == super::super::Found::Step
            && f.technique.se_rating() < nested
        {
            grid.apply(&f);
        }
        let mut found = Vec::new();
        for &t in levels {
            if !t.find(&grid, &mut f) {
                continue;
            }
            super::disagreement(&grid, &f, &truth)?;
            found.push(t);
        }
        Ok(found)
    }

    #[test]
    fn every_forcing_level_agrees_with_the_solution_where_nesting_starts() {
        let Some(text) = crate::shared_data::shared_text(
            "forum_hardest_1905_11plus_10k.txt",
            "every forcing level checked sound",
        ) else {
            return;
        };
        let mut nested = 0;
        for (i, line) in text.lines().enumerate().step_by(2000) {
            // Level 5 runs nested chains inside nested chains: one puzzle.
            let levels = if i == 0 { &LEVELS[..] } else { &LEVELS[..5] };
            match check_levels(line, levels) {
                Err(e) => panic!("line {}: {e}", i + 1),
                Ok(found) => {
                    nested += found
                        .iter()
                        .filter(|&&t| t >= Technique::NestedForcingChain2)
                        .count();
                }
            }
        }
        assert!(nested > 0, "no nested level found a step");
    }
}

#[cfg(test)]
mod timing {
    use super::super::grid::{Finding, Grid};
    use super::super::Technique;
    use crate::format::parse_puzzle;
    use crate::ShapeHint;

    /// The median and worst time of `grade` per puzzle of a file
    /// (`DOKU_TIME_FILE`, default top1465; run with --ignored --nocapture).
    #[test]
    #[ignore]
    fn time_per_puzzle() {
        let file = std::env::var("DOKU_TIME_FILE").unwrap_or("magictour_top1465.txt".into());
        let Some(text) = crate::shared_data::shared_text(&file, "the timing survey") else {
            return;
        };
        let mut times: Vec<(std::time::Duration, usize)> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let Ok(board) = parse_puzzle(line, ShapeHint::Infer) else {
                continue;
            };
            let start = std::time::Instant::now();
            std::hint::black_box(super::super::grade(&board));
            times.push((start.elapsed(), i + 1));
        }
        times.sort();
        let total: std::time::Duration = times.iter().map(|t| t.0).sum();
        let ms = |d: std::time::Duration| d.as_secs_f64() * 1e3;
        if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
            println!(
                "{} puzzles in {:.2} s: median {:.2} ms, p99 {:.1} ms, worst {:.1} ms (line {})",
                times.len(),
                total.as_secs_f64(),
                ms(median.0),
                ms(times[times.len() * 99 / 100].0),
                ms(worst.0),
                worst.1
            );
        }
    }

    /// Where the time goes: each technique's find, summed over the first
    /// puzzles of top1465 (run with --ignored --nocapture).
    #[test]
    #[ignore]
    fn time_per_technique() {
        let file = std::env::var("DOKU_TIME_FILE").unwrap_or("magictour_top1465.txt".into());
        let Some(text) = crate::shared_data::shared_text(&file, "the timing survey") else {
            return;
        };
        let mut worst_step = std::time::Duration::ZERO;
        let mut total = vec![(std::time::Duration::ZERO, 0usize, 0usize); Technique::ALL.len()];
        let count = std::env::var("DOKU_TIME_COUNT")
            .ok()
            .and_then(|c| c.parse().ok())
            .unwrap_or(100);
        for line in text.lines().take(count) {
            let board = parse_puzzle(line, ShapeHint::Infer).unwrap();
            let mut grid = Grid::new(&board).unwrap();
            grid.unique = board.count_solutions_up_to(2) == 1;
            let mut f = Finding::default();
            'steps: while grid.empty > 0 && !grid.broken {
                let step_start = std::time::Instant::now();
                for t in super::super::BY_RATING.iter() {
                    let i = Technique::ALL.iter().position(|x| x == t).unwrap_or(0);
                    let start = std::time::Instant::now();
                    let found = t.find(&grid, &mut f);
                    total[i].0 += start.elapsed();
                    total[i].1 += 1;
                    if found {
                        worst_step = worst_step.max(step_start.elapsed());
                        total[i].2 += 1;
                        grid.apply(&f);
                        continue 'steps;
                    }
                }
                break;
            }
        }
        println!("worst next step: {:.1} ms", worst_step.as_secs_f64() * 1e3);
        for (i, t) in Technique::ALL.iter().enumerate() {
            println!(
                "{:>30} {:>8.1} ms  {:>6} calls {:>5} found",
                t.name(),
                total[i].0.as_secs_f64() * 1e3,
                total[i].1,
                total[i].2
            );
        }
    }
}

#[cfg(test)]
mod debug {
    use super::super::chains::{Links, Mode, Net};
    use super::super::grid::{Finding, Grid};
    use super::super::Technique;
    use crate::format::parse_puzzle;
    use crate::ShapeHint;

    #[test]
    #[ignore]
    fn debug_static() {
        let board = parse_puzzle(
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            ShapeHint::Infer,
        )
        .unwrap();
        let mut grid = Grid::new(&board).unwrap();
        let mut f = Finding::default();
        'steps: loop {
            for t in &Technique::ALL[..15] {
                if t.find(&grid, &mut f) {
                    grid.apply(&f);
                    continue 'steps;
                }
            }
            break;
        }
        let mut net = Net::new(&grid);
        let n = 9;
        let mut hits = 0;
        let mut evs = 0;
        for c in 0..81 {
            for d in 0..9 {
                if grid.cands[c] & (1 << d) != 0 {
                    net.propagate(c * n + d, true, Mode::Static(Links::ALL));
                    evs += net.events.len();
                    if net.conflict.is_some() {
                        hits += 1;
                    }
                }
            }
        }
        println!("hits {hits} events {evs}");
        let c = (0..81).find(|&c| grid.cands[c].count_ones() == 2).unwrap();
        let d = grid.cands[c].trailing_zeros() as usize;
        net.propagate(c * n + d, true, Mode::Static(Links::ALL));
        for e in 0..net.events.len() as u32 {
            print!("{} ", super::super::chains::say(&grid, net.node(e)));
        }
        println!();
    }
}
