//! The law of leftovers, the jigsaw's own technique. A band of k whole rows
//! (or columns) holds every digit k times, and so do any k regions. Take
//! the k regions that overlap the band most: the band's cells outside them
//! (the innies) and their cells outside the band (the outies) then hold the
//! same digits, as many times each. A digit no outie can hold is in no
//! innie, and the other way round.

use super::grid::{Finding, Grid, Pattern};
use super::Technique;
use crate::Shape;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

/// The most innies (and outies) a band may have: past this the law is no
/// longer something a person sees.
const MAX_LEFTOVERS: usize = 6;

pub(crate) fn law_of_leftovers(grid: &Grid, out: &mut Finding) -> bool {
    let shape = grid.geo.shape;
    if !shape.is_jigsaw() {
        return false;
    }
    bands_of(grid).iter().any(|leftovers| {
        let (band, innies, outies) = (&leftovers.band, &leftovers.innies, &leftovers.outies);
        band.eliminate(grid, innies, outies, true, out)
            || band.eliminate(grid, innies, outies, false, out)
    })
}

/// A band with its innies and outies.
struct Leftovers {
    band: Band,
    innies: Vec<usize>,
    outies: Vec<usize>,
}

/// The bands of `grid`'s layout with 1 to [`MAX_LEFTOVERS`] innies, in the
/// order they are searched. They depend on the layout alone, and the law
/// is tried at every step of a grading: they are found once per layout.
fn bands_of(grid: &Grid) -> Arc<Vec<Leftovers>> {
    static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Vec<Leftovers>>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = match cache.lock() {
        Ok(map) => map,
        Err(poisoned) => poisoned.into_inner(),
    };
    let shape = grid.geo.shape;
    if let Some(bands) = map.get(&shape) {
        return Arc::clone(bands);
    }
    // Every deal draws a fresh layout: start over now and then rather
    // than keep them all.
    if map.len() >= 64 {
        map.clear();
    }
    let bands = Arc::new(find_bands(grid));
    map.insert(shape, Arc::clone(&bands));
    bands
}

fn find_bands(grid: &Grid) -> Vec<Leftovers> {
    let n = grid.size();
    let region_of = |cell: usize| grid.geo.standard_houses[cell][2] as usize - 2 * n;
    let mut bands = Vec::new();
    for rows in [true, false] {
        for count in 1..n {
            for first in 0..=n - count {
                let in_band = |cell: usize| {
                    let line = if rows { cell / n } else { cell % n };
                    (first..first + count).contains(&line)
                };
                // The regions overlapping the band most, ties to the lower.
                let mut overlap = vec![0usize; n];
                for cell in (0..n * n).filter(|&c| in_band(c)) {
                    overlap[region_of(cell)] += 1;
                }
                let mut order: Vec<usize> = (0..n).collect();
                order.sort_by_key(|&r| (std::cmp::Reverse(overlap[r]), r));
                let chosen = &order[..count];
                let innies: Vec<usize> = (0..n * n)
                    .filter(|&c| in_band(c) && !chosen.contains(&region_of(c)))
                    .collect();
                if innies.is_empty() || innies.len() > MAX_LEFTOVERS {
                    continue;
                }
                let outies: Vec<usize> = (0..n * n)
                    .filter(|&c| !in_band(c) && chosen.contains(&region_of(c)))
                    .collect();
                bands.push(Leftovers {
                    band: Band { rows, first, count },
                    innies,
                    outies,
                });
            }
        }
    }
    bands
}

struct Band {
    rows: bool,
    first: usize,
    count: usize,
}

impl Band {
    /// Removes from the innies (`from_innies`, else the outies) every
    /// digit that no cell of the other side can hold.
    fn eliminate(
        &self,
        grid: &Grid,
        innies: &[usize],
        outies: &[usize],
        from_innies: bool,
        out: &mut Finding,
    ) -> bool {
        let (these, those) = if from_innies {
            (innies, outies)
        } else {
            (outies, innies)
        };
        // What the other side can hold: its candidates and its digits.
        let possible = those.iter().fold(0u64, |m, &c| {
            m | grid.cands[c]
                | match grid.values[c] {
                    0 => 0,
                    v => 1 << (v - 1),
                }
        });
        let victims: Vec<(u16, u8)> = these
            .iter()
            .flat_map(|&c| {
                super::grid::bits(grid.cands[c] & !possible).map(move |d| (c as u16, d as u8 + 1))
            })
            .collect();
        if victims.is_empty() {
            return false;
        }
        out.start(
            Technique::LawOfLeftovers,
            Pattern::Leftovers {
                rows: self.rows,
                first: self.first as u8,
                count: self.count as u8,
            },
        );
        out.cells
            .extend(these.iter().chain(those).map(|&c| c as u16));
        out.digits = victims.iter().fold(0, |m, &(_, d)| m | 1 << (d - 1));
        out.eliminations.extend(victims);
        let shape = grid.geo.shape;
        let name = |cells: &[usize]| {
            let names: Vec<String> = cells
                .iter()
                .map(|&c| crate::board::cell_name(shape, crate::Cell(c as u16)))
                .collect();
            names.join(", ")
        };
        let losers: Vec<usize> = these
            .iter()
            .copied()
            .filter(|&c| grid.cands[c] & out.digits != 0)
            .collect();
        let digits: Vec<String> = super::grid::bits(out.digits)
            .map(|d| (d + 1).to_string())
            .collect();
        out.text = format!(
            "{} {} hold every digit {} and so do the {} regions that overlap them most: \
             the cells of the band outside those regions ({}) and the regions' cells outside \
             the band ({}) hold the same digits. {} cannot be in {}, as no cell of the other \
             side can hold it",
            if self.rows { "Rows" } else { "Columns" },
            self.span(),
            times(self.count),
            self.count,
            name(innies),
            name(outies),
            digits.join(" or "),
            name(&losers),
        );
        true
    }

    /// "1-3", or "4" for one line.
    fn span(&self) -> String {
        if self.count == 1 {
            format!("{}", self.first + 1)
        } else {
            format!("{}-{}", self.first + 1, self.first + self.count)
        }
    }
}

fn times(count: usize) -> String {
    match count {
        1 => "once".to_string(),
        2 => "twice".to_string(),
        k => format!("{k} times"),
    }
}
