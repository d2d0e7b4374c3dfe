//! The rule of 45, the killer's own law: a house holds every digit once,
//! 45 in all on a 9x9 (1 + 2 + ... + n on any board), and k houses that
//! share no cell hold k times as much. Take a region of such houses (one
//! house, a band of adjacent rows or columns, two boxes side by side, a
//! box and the line beside it): the cages wholly inside it make a known
//! part of its total, and the cells of the cages that cross its edge make
//! the rest. Those inside the region (the innies) add up to the total less
//! the cages inside; those outside it (the outies) to the crossing cages'
//! sums less what the region leaves them. Either set is a cage of its own,
//! a virtual one whose sum is a difference ("r1c1+r1c2+r2c1 = 45 − 38 =
//! 7"), and its combinations, crossed with the cells' candidates, rule
//! digits out as a cage's do. Its cells may repeat a digit where they
//! share no house and no cage.

use super::cages::capital;
use super::explain::{digit, list, removals_by_cell};
use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;
use crate::board::cell_name;
use crate::shape::Cell;

/// The most empty innies (or outies) a virtual cage may have: past this
/// the sum is no longer something a person adds up and splits.
pub(crate) const MAX_CELLS: usize = 5;

/// A region: the houses it joins (no two share a cell).
struct Region {
    houses: Vec<u16>,
}

/// The regions the rule is tried on: every house; two to n/2 adjacent
/// rows or columns; two boxes (or jigsaw regions) that touch; a box and a
/// row or column that touches it without crossing it.
fn regions(grid: &Grid) -> Vec<Region> {
    let n = grid.size();
    let geo = &grid.geo;
    let mut out: Vec<Region> = (0..geo.house_cells.len())
        .map(|h| Region {
            houses: vec![h as u16],
        })
        .collect();
    for first_house in [0, n] {
        for count in 2..=n / 2 {
            for first in 0..=n - count {
                out.push(Region {
                    houses: (first..first + count)
                        .map(|i| (first_house + i) as u16)
                        .collect(),
                });
            }
        }
    }
    let boxes = if geo.houses_per_cell == 3 {
        2 * n..3 * n
    } else {
        0..0
    };
    let touch = |a: usize, b: usize| {
        let (ca, cb) = (&geo.house_cells[a], &geo.house_cells[b]);
        ca.iter().all(|c| !cb.contains(c))
            && ca.iter().any(|&x| {
                cb.iter().any(|&y| {
                    let (x, y) = (x as usize, y as usize);
                    let (rx, cx, ry, cy) = (x / n, x % n, y / n, y % n);
                    rx.abs_diff(ry) + cx.abs_diff(cy) == 1
                })
            })
    };
    for a in boxes.clone() {
        for b in boxes.clone().filter(|&b| b > a) {
            if touch(a, b) {
                out.push(Region {
                    houses: vec![a as u16, b as u16],
                });
            }
        }
        for line in 0..2 * n {
            if touch(a, line) {
                out.push(Region {
                    houses: vec![a as u16, line as u16],
                });
            }
        }
    }
    out
}

/// "row 1", "rows 1-3", "columns 4-5", "box 1 and box 2", "box 1 and row 4".
pub(crate) fn region_name(grid: &Grid, houses: u128) -> String {
    let n = grid.size();
    let list_of: Vec<usize> = (0..128).filter(|&h| houses >> h & 1 != 0).collect();
    let lines = |from: usize, kind: &str| {
        let inside = list_of.iter().all(|&h| (from..from + n).contains(&h));
        let consecutive = list_of.windows(2).all(|w| w[1] == w[0] + 1);
        (list_of.len() > 1 && inside && consecutive).then(|| {
            format!(
                "{kind} {}-{}",
                list_of[0] - from + 1,
                list_of[list_of.len() - 1] - from + 1
            )
        })
    };
    lines(0, "rows")
        .or_else(|| lines(n, "columns"))
        .unwrap_or_else(|| list(list_of.iter().map(|&h| grid.geo.house(h).to_string())))
}

/// A virtual cage: cells and the sum they make, with the words that
/// derive it.
struct Virtual {
    open: Vec<u16>,
    left: u32,
    outies: bool,
    /// "the innies r1c1+r1c2+r2c1 = 45 − 38 = 7".
    words: String,
}

/// The rule as `technique` has it: [`Technique::RuleOf45`] on one house
/// and [`Technique::RuleOf45Houses`] on several, with one or two empty
/// innies (or outies); [`Technique::VirtualCage`] with three to
/// [`MAX_CELLS`], on one house or several. The easiest finding (see
/// [`rating`]) is the step.
pub(crate) fn rule_of_45(grid: &Grid, technique: Technique, out: &mut Finding) -> bool {
    let Some(killer) = grid.killer.as_ref() else {
        return false;
    };
    let n = grid.size();
    let house_total = (n * (n + 1) / 2) as u32;
    let shape = grid.geo.shape;
    let name = |c: u16| cell_name(shape, Cell(c));
    // The easiest finding: (rating, finding).
    let mut best: Option<(u16, Finding)> = None;
    let mut in_region = vec![false; grid.values.len()];
    for region in regions(grid) {
        let several = region.houses.len() > 1;
        if !matches!(
            technique,
            Technique::VirtualCage | Technique::InnieOutieDifference
        ) && several != (technique == Technique::RuleOf45Houses)
        {
            continue;
        }
        in_region.iter_mut().for_each(|x| *x = false);
        for &h in &region.houses {
            for &c in &grid.geo.house_cells[h as usize] {
                in_region[c as usize] = true;
            }
        }
        let total = house_total * region.houses.len() as u32;
        // Cages inside, cages crossing, cells in no cage.
        let (mut inside, mut crossing, mut uncaged) = (Vec::new(), Vec::new(), Vec::new());
        let mut seen = vec![false; killer.cells.len()];
        for (c, _) in in_region.iter().enumerate().filter(|(_, &r)| r) {
            match killer.cage(c) {
                None => uncaged.push(c as u16),
                Some(k) if !seen[k] => {
                    seen[k] = true;
                    if killer.cells[k].iter().all(|&x| in_region[x as usize]) {
                        inside.push(k);
                    } else {
                        crossing.push(k);
                    }
                }
                Some(_) => {}
            }
        }
        if crossing.is_empty() && uncaged.is_empty() {
            continue;
        }
        let Some(inside_sum) = inside.iter().map(|&k| killer.sums[k]).sum::<Option<u32>>() else {
            continue;
        };
        let houses_mask = region.houses.iter().fold(0u128, |m, &h| m | 1 << h);
        let region_words = region_name(grid, houses_mask);
        if technique == Technique::InnieOutieDifference {
            let parts = Parts {
                in_region: &in_region,
                inside_sum,
                crossing: &crossing,
                uncaged: &uncaged,
                total,
                houses: region.houses.len(),
                mask: houses_mask,
                words: &region_words,
            };
            if let Some(found) = difference(grid, &parts) {
                if best.as_ref().is_none_or(|(r, _)| found.rating < *r) {
                    best = Some((found.rating, found));
                }
            }
            continue;
        }
        let holds = if region.houses.len() == 1 {
            format!("{} adds up to {total}", capital(&region_words))
        } else {
            format!("{} add up to {total}", capital(&region_words))
        };
        let sums_of = |cages: &[usize]| {
            let parts: Vec<String> = cages
                .iter()
                .map(|&k| killer.sums[k].unwrap_or(0).to_string())
                .collect();
            parts.join("+")
        };
        let mut forms: Vec<(Vec<u16>, i64, String, bool)> = Vec::new();
        // The innies: the region's cells in crossing cages or in none.
        let innies: Vec<u16> = in_region
            .iter()
            .enumerate()
            .filter(|&(c, &r)| r && killer.cage(c).is_none_or(|k| crossing.contains(&k)))
            .map(|(c, _)| c as u16)
            .collect();
        let inside_words = match inside.len() {
            0 => "no cage lies inside".to_string(),
            1 => format!("the cage inside it makes {inside_sum}"),
            _ => format!(
                "the cages inside it make {inside_sum} ({})",
                sums_of(&inside)
            ),
        };
        // With no cage inside, the innies are the whole region: what its
        // houses say without the rule.
        if !inside.is_empty() {
            forms.push((
                innies,
                i64::from(total) - i64::from(inside_sum),
                format!(
                    "{holds} and {inside_words}: the innies {{}} = {total} − {inside_sum} = {{}}"
                ),
                false,
            ));
        }
        // The outies: the crossing cages' cells outside the region.
        let crossing_sum = crossing
            .iter()
            .map(|&k| killer.sums[k])
            .sum::<Option<u32>>();
        let uncaged_open = uncaged.iter().any(|&c| grid.values[c as usize] == 0);
        if let (Some(crossing_sum), false) = (crossing_sum, uncaged_open) {
            let uncaged_sum: u32 = uncaged
                .iter()
                .map(|&c| u32::from(grid.values[c as usize]))
                .sum();
            let mut outies: Vec<u16> = crossing
                .iter()
                .flat_map(|&k| killer.cells[k].iter().copied())
                .filter(|&c| !in_region[c as usize])
                .collect();
            outies.sort_unstable();
            let covering = inside_sum + crossing_sum + uncaged_sum;
            let parts = match (inside.len(), uncaged.is_empty()) {
                (0, true) => format!(
                    "the cages that cross it make {crossing_sum} ({})",
                    sums_of(&crossing)
                ),
                _ => format!(
                    "the cages inside it and those that cross it make {covering} ({}{}{})",
                    if inside.is_empty() {
                        String::new()
                    } else {
                        format!("{inside_sum} inside + ")
                    },
                    sums_of(&crossing),
                    if uncaged.is_empty() {
                        String::new()
                    } else {
                        format!(" + {uncaged_sum} placed outside any cage")
                    },
                ),
            };
            forms.push((
                outies,
                i64::from(covering) - i64::from(total),
                format!("{holds}, and {parts}: the outies {{}} = {covering} − {total} = {{}}"),
                true,
            ));
        }
        for (cells, sum, template, outies) in forms {
            let Ok(sum) = u32::try_from(sum) else {
                continue;
            };
            let Some(virt) = virtual_cage(grid, &cells, sum, &template, outies, &name) else {
                continue;
            };
            let small = virt.open.len() <= 2;
            if small == (technique == Technique::VirtualCage) {
                continue;
            }
            let repeats = virt.open.iter().enumerate().any(|(i, &a)| {
                virt.open[i + 1..]
                    .iter()
                    .any(|&b| !grid.differ(a as usize, b as usize))
            });
            let rating = rating(technique, region.houses.len(), virt.open.len(), repeats);
            if best.as_ref().is_some_and(|(r, _)| *r <= rating) {
                continue;
            }
            let mut found = Finding::default();
            if eliminate(grid, &virt, technique, houses_mask, &mut found) {
                found.rating = rating;
                best = Some((rating, found));
            }
        }
    }
    match best {
        Some((_, found)) => {
            *out = found;
            true
        }
        None => false,
    }
}

/// The rating of a step of the rule, from its technique's: one more
/// empty cell 0.3 (past one, or past three for a virtual cage), one more
/// house 0.3 (past two for several houses, past one for a virtual cage),
/// and 0.2 when the cells may repeat a digit (they share no house or cage,
/// so their combinations are not a cage's). On one house: a lone innie
/// 1.5, two 1.8; on two houses 2.5 and 2.8; a virtual cage of three cells
/// on one house 2.6, of five on two houses 3.5.
fn rating(technique: Technique, houses: usize, cells: usize, repeats: bool) -> u16 {
    let (first_cell, first_house) = match technique {
        Technique::VirtualCage => (3, 1),
        Technique::RuleOf45Houses => (1, 2),
        _ => (1, 1),
    };
    technique.se_rating()
        + 3 * cells.saturating_sub(first_cell) as u16
        + 3 * houses.saturating_sub(first_house) as u16
        + if repeats { 2 } else { 0 }
}

/// The virtual cage of `cells` making `sum`, with its placed cells moved
/// into the sum. `None` when no cell is empty or too many are.
fn virtual_cage(
    grid: &Grid,
    cells: &[u16],
    sum: u32,
    template: &str,
    outies: bool,
    name: &dyn Fn(u16) -> String,
) -> Option<Virtual> {
    let open: Vec<u16> = cells
        .iter()
        .copied()
        .filter(|&c| grid.values[c as usize] == 0)
        .collect();
    if open.is_empty() || open.len() > MAX_CELLS {
        return None;
    }
    let placed: Vec<u16> = cells
        .iter()
        .copied()
        .filter(|&c| grid.values[c as usize] != 0)
        .collect();
    let placed_sum: u32 = placed
        .iter()
        .map(|&c| u32::from(grid.values[c as usize]))
        .sum();
    let left = sum.checked_sub(placed_sum)?;
    let all_names: Vec<String> = cells.iter().map(|&c| name(c)).collect();
    let mut words =
        template
            .replacen("{}", &all_names.join("+"), 1)
            .replacen("{}", &sum.to_string(), 1);
    if !placed.is_empty() {
        let known = list(
            placed
                .iter()
                .map(|&c| format!("{} is {}", name(c), grid.values[c as usize])),
        );
        let open_names: Vec<String> = open.iter().map(|&c| name(c)).collect();
        words.push_str(&format!(
            "; {known}, so {} = {sum} − {placed_sum} = {left}",
            open_names.join("+")
        ));
    }
    Some(Virtual {
        open,
        left,
        outies,
        words,
    })
}

/// The eliminations (or the placement, for one cell) of a virtual cage:
/// every digit of a cell that no way of making the sum gives it.
fn eliminate(
    grid: &Grid,
    virt: &Virtual,
    technique: Technique,
    houses: u128,
    out: &mut Finding,
) -> bool {
    let cells = &virt.open;
    let cands: Vec<u64> = cells.iter().map(|&c| grid.cands[c as usize]).collect();
    let mut possible = vec![0u64; cells.len()];
    let mut ways: Vec<Vec<u8>> = Vec::new();
    let mut chosen = vec![0u8; cells.len()];
    // First a search that stops once nothing can go; only a step collects
    // every way for its words.
    enumerate(
        grid,
        cells,
        &cands,
        virt.left,
        0,
        &mut chosen,
        &mut possible,
        &mut None,
    );
    if possible.iter().zip(&cands).all(|(p, c)| p == c) {
        return false;
    }
    possible.iter_mut().for_each(|p| *p = 0);
    enumerate(
        grid,
        cells,
        &cands,
        virt.left,
        0,
        &mut chosen,
        &mut possible,
        &mut Some(&mut ways),
    );
    out.start(
        technique,
        Pattern::Innies {
            houses,
            outies: virt.outies,
        },
    );
    out.cells.extend(cells);
    out.digits = possible.iter().fold(0, |m, &p| m | p);
    let shape = grid.geo.shape;
    if cells.len() == 1 && possible[0].count_ones() == 1 {
        let d = possible[0].trailing_zeros() as u8 + 1;
        out.placements.push((cells[0], d));
        out.text = format!(
            "{}: {} is {}",
            virt.words,
            cell_name(shape, Cell(cells[0])),
            digit(d)
        );
        return true;
    }
    for (i, &c) in cells.iter().enumerate() {
        for d in bits(cands[i] & !possible[i]) {
            out.eliminations.push((c, d as u8 + 1));
        }
    }
    let mut sets: Vec<Vec<u8>> = ways
        .iter()
        .map(|w| {
            let mut s = w.clone();
            s.sort_unstable();
            s
        })
        .collect();
    sets.sort_unstable();
    sets.dedup();
    let made = if sets.is_empty() {
        "which no digits of these cells can make".to_string()
    } else if sets.len() <= 6 {
        let parts: Vec<String> = sets
            .iter()
            .map(|s| {
                let digits: Vec<String> = s.iter().map(|&d| digit(d)).collect();
                digits.join("+")
            })
            .collect();
        let joined = match parts.len() {
            1 => parts[0].clone(),
            n => format!("{} or {}", parts[..n - 1].join(", "), parts[n - 1]),
        };
        format!("which these cells can only make as {joined}")
    } else {
        format!("which these cells can make in {} ways", sets.len())
    };
    out.text = format!(
        "{}, {made}: {}",
        virt.words,
        removals_by_cell(grid, &out.eliminations)
    );
    true
}

/// Every way to give `cells[at..]` digits from their candidates that make
/// `left`, no two equal where the cells differ (a house or a cage):
/// marks each digit used in `possible`; with `ways`, records each way.
/// Without, stops as soon as every candidate is known to be possible.
#[allow(clippy::too_many_arguments)]
fn enumerate(
    grid: &Grid,
    cells: &[u16],
    cands: &[u64],
    left: u32,
    at: usize,
    chosen: &mut [u8],
    possible: &mut [u64],
    ways: &mut Option<&mut Vec<Vec<u8>>>,
) -> bool {
    if at == cells.len() {
        if left != 0 {
            return false;
        }
        for (p, &d) in possible.iter_mut().zip(chosen.iter()) {
            *p |= 1 << (d - 1);
        }
        if let Some(ways) = ways {
            ways.push(chosen.to_vec());
            return false;
        }
        return possible.iter().zip(cands).all(|(p, c)| p == c);
    }
    // Bounds on what the cells after this one can add.
    let (mut low, mut high) = (0u32, 0u32);
    for &m in &cands[at + 1..] {
        if m == 0 {
            return false;
        }
        low += m.trailing_zeros() + 1;
        high += 64 - m.leading_zeros();
    }
    for d in bits(cands[at]) {
        let value = d as u32 + 1;
        if value > left || left - value < low || left - value > high {
            continue;
        }
        let clash = (0..at).any(|j| {
            u32::from(chosen[j]) == value && grid.differ(cells[j] as usize, cells[at] as usize)
        });
        if clash {
            continue;
        }
        chosen[at] = value as u8;
        if enumerate(
            grid,
            cells,
            cands,
            left - value,
            at + 1,
            chosen,
            possible,
            ways,
        ) {
            return true;
        }
    }
    false
}

/// A region's cages as the rule splits them.
struct Parts<'a> {
    in_region: &'a [bool],
    inside_sum: u32,
    crossing: &'a [usize],
    uncaged: &'a [u16],
    total: u32,
    houses: usize,
    mask: u128,
    words: &'a str,
}

/// The most empty cells of an innie-outie difference.
const MAX_DIFFERENCE_CELLS: usize = 4;

/// The innie-outie difference: each cage that crosses the region's edge
/// is counted by its smaller side, its cells inside (innies, added) or its
/// sum less its cells outside (outies, taken away), so the innies less
/// the outies make a known number ("r1c7 − r2c9 = 45 − 28 − 20 = −3").
/// A step when both sides have empty cells (one side alone is the plain
/// rule) and some digit of theirs fits no way of making the difference.
fn difference(grid: &Grid, parts: &Parts) -> Option<Finding> {
    let killer = grid.killer.as_ref()?;
    let shape = grid.geo.shape;
    let name = |c: u16| cell_name(shape, Cell(c));
    let is_open = |c: u16| grid.values[c as usize] == 0;
    let (mut plus, mut minus): (Vec<u16>, Vec<u16>) = (Vec::new(), Vec::new());
    // total = inside + innies + Σ outie cages' (sum − outies) + uncaged
    let mut constant = i64::from(parts.total) - i64::from(parts.inside_sum);
    let mut given: Vec<String> = Vec::new();
    for &k in parts.crossing {
        let cells = &killer.cells[k];
        let inner: Vec<u16> = cells
            .iter()
            .copied()
            .filter(|&c| parts.in_region[c as usize])
            .collect();
        let outer: Vec<u16> = cells
            .iter()
            .copied()
            .filter(|&c| !parts.in_region[c as usize])
            .collect();
        let open_in = inner.iter().filter(|&&c| is_open(c)).count();
        let open_out = outer.iter().filter(|&&c| is_open(c)).count();
        match killer.sums[k] {
            Some(sum) if open_out < open_in => {
                constant -= i64::from(sum);
                minus.extend(outer);
                given.push(format!(
                    "{} gives {sum} less its {} {}",
                    super::cages::cage_name(grid, k),
                    if open_out == 1 { "outie" } else { "outies" },
                    join_plus(&outer_names(&minus_of(cells, parts.in_region), &name))
                ));
            }
            _ => plus.extend(inner),
        }
    }
    plus.extend(parts.uncaged.iter().copied());
    plus.sort_unstable();
    minus.sort_unstable();
    // Placed cells move into the constant.
    let value = |c: u16| i64::from(grid.values[c as usize]);
    let placed = plus
        .iter()
        .filter(|&&c| !is_open(c))
        .map(|&c| value(c))
        .sum::<i64>()
        - minus
            .iter()
            .filter(|&&c| !is_open(c))
            .map(|&c| value(c))
            .sum::<i64>();
    let open_plus: Vec<u16> = plus.iter().copied().filter(|&c| is_open(c)).collect();
    let open_minus: Vec<u16> = minus.iter().copied().filter(|&c| is_open(c)).collect();
    if open_plus.is_empty()
        || open_minus.is_empty()
        || open_plus.len() + open_minus.len() > MAX_DIFFERENCE_CELLS
    {
        return None;
    }
    let target = constant - placed;
    let cells: Vec<u16> = open_plus.iter().chain(&open_minus).copied().collect();
    let signs: Vec<i64> = open_plus
        .iter()
        .map(|_| 1)
        .chain(open_minus.iter().map(|_| -1))
        .collect();
    let cands: Vec<u64> = cells.iter().map(|&c| grid.cands[c as usize]).collect();
    let mut possible = vec![0u64; cells.len()];
    let mut chosen = vec![0u8; cells.len()];
    signed(
        grid,
        &cells,
        &signs,
        &cands,
        target,
        0,
        &mut chosen,
        &mut possible,
    );
    let eliminations: Vec<(u16, u8)> = cells
        .iter()
        .zip(&cands)
        .zip(&possible)
        .flat_map(|((&c, &m), &p)| bits(m & !p).map(move |d| (c, d as u8 + 1)))
        .collect();
    if eliminations.is_empty() {
        return None;
    }
    let repeats = cells.iter().enumerate().any(|(i, &a)| {
        cells[i + 1..]
            .iter()
            .any(|&b| !grid.differ(a as usize, b as usize))
    });
    let mut out = Finding::default();
    out.start(
        Technique::InnieOutieDifference,
        Pattern::Innies {
            houses: parts.mask,
            outies: false,
        },
    );
    out.rating +=
        3 * (cells.len() as u16 - 2) + 3 * (parts.houses as u16 - 1) + if repeats { 2 } else { 0 };
    out.cells.extend(&cells);
    out.digits = possible.iter().fold(0, |m, &p| m | p);
    out.eliminations.extend(&eliminations);
    let all_plus: Vec<String> = plus.iter().map(|&c| name(c)).collect();
    let all_minus: Vec<String> = minus.iter().map(|&c| name(c)).collect();
    let outie_sums: i64 = i64::from(parts.total) - i64::from(parts.inside_sum) - constant;
    let mut words = format!(
        "{} {} up to {}: the cages inside make {}, {}, and the {} {} the rest. So {} − {} = {} − {} − {} = {}",
        capital(parts.words),
        if parts.houses == 1 { "adds" } else { "add" },
        parts.total,
        parts.inside_sum,
        list(given.iter().cloned()),
        if all_plus.len() == 1 { "innie" } else { "innies" },
        join_plus(&all_plus).trim_start_matches('(').trim_end_matches(')'),
        join_plus(&all_plus),
        join_plus(&all_minus),
        parts.total,
        parts.inside_sum,
        outie_sums,
        constant
    );
    if plus.len() + minus.len() > cells.len() {
        let known: Vec<String> = plus
            .iter()
            .chain(&minus)
            .filter(|&&c| !is_open(c))
            .map(|&c| format!("{} is {}", name(c), grid.values[c as usize]))
            .collect();
        let open_p: Vec<String> = open_plus.iter().map(|&c| name(c)).collect();
        let open_m: Vec<String> = open_minus.iter().map(|&c| name(c)).collect();
        words.push_str(&format!(
            "; {}, so {} − {} = {target}",
            list(known.into_iter()),
            join_plus(&open_p),
            join_plus(&open_m)
        ));
    }
    out.text = format!("{words}: {}", removals_by_cell(grid, &eliminations));
    Some(out)
}

fn minus_of(cells: &[u16], in_region: &[bool]) -> Vec<u16> {
    cells
        .iter()
        .copied()
        .filter(|&c| !in_region[c as usize])
        .collect()
}

fn outer_names(cells: &[u16], name: &dyn Fn(u16) -> String) -> Vec<String> {
    cells.iter().map(|&c| name(c)).collect()
}

/// "r1c1+r1c2", or "(r1c1+r1c2)" inside a difference when more than one.
fn join_plus(names: &[String]) -> String {
    match names.len() {
        1 => names[0].clone(),
        _ => format!("({})", names.join("+")),
    }
}

/// [`enumerate`] for a difference: cells with signs (+1 innie, −1 outie)
/// whose signed digits add up to `left`.
#[allow(clippy::too_many_arguments)]
fn signed(
    grid: &Grid,
    cells: &[u16],
    signs: &[i64],
    cands: &[u64],
    left: i64,
    at: usize,
    chosen: &mut [u8],
    possible: &mut [u64],
) {
    if at == cells.len() {
        if left == 0 {
            for (p, &d) in possible.iter_mut().zip(chosen.iter()) {
                *p |= 1 << (d - 1);
            }
        }
        return;
    }
    for d in bits(cands[at]) {
        let value = d as u8 + 1;
        let clash = (0..at)
            .any(|j| chosen[j] == value && grid.differ(cells[j] as usize, cells[at] as usize));
        if clash {
            continue;
        }
        chosen[at] = value;
        signed(
            grid,
            cells,
            signs,
            cands,
            left - signs[at] * i64::from(value),
            at + 1,
            chosen,
            possible,
        );
    }
}
