//! Wings: a pivot cell and two pincers that see it.
//!
//! XY-wing: pivot {x,y}, pincers {x,z} and {y,z}. Whichever of x and y the
//! pivot takes, one pincer becomes z, so z goes from every cell that sees
//! both pincers. XYZ-wing: pivot {x,y,z}, pincers {x,z} and {y,z}; one of
//! the three is z, so z goes from every cell that sees all three.

use super::grid::{Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn xy_wing(grid: &Grid, out: &mut Finding) -> bool {
    wing(grid, 2, Technique::XyWing, out)
}

pub(crate) fn xyz_wing(grid: &Grid, out: &mut Finding) -> bool {
    wing(grid, 3, Technique::XyzWing, out)
}

fn wing(grid: &Grid, pivot_size: u32, technique: Technique, out: &mut Finding) -> bool {
    let peers = &grid.geo.peers;
    for pivot in 0..grid.cands.len() {
        let p = grid.cands[pivot];
        if p.count_ones() != pivot_size {
            continue;
        }
        for (i, &a) in peers[pivot].iter().enumerate() {
            let am = grid.cands[a as usize];
            if am.count_ones() != 2 || !pincer_fits(p, am, pivot_size) {
                continue;
            }
            for &b in &peers[pivot][i + 1..] {
                let bm = grid.cands[b as usize];
                if bm.count_ones() != 2 || bm == am || !pincer_fits(p, bm, pivot_size) {
                    continue;
                }
                let z = am & bm;
                if z.count_ones() != 1 || (am | bm | p).count_ones() != 3 {
                    continue;
                }
                // XY: the pivot holds x and y, not z; XYZ: it holds all three.
                if (pivot_size == 2) == (p & z != 0) {
                    continue;
                }
                let (a, b) = (a as usize, b as usize);
                let digit = z.trailing_zeros() as u8 + 1;
                let mut victims = peers[a]
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| {
                        c != pivot
                            && c != b
                            && grid.cands[c] & z != 0
                            && grid.sees(c, b)
                            && (pivot_size == 2 || grid.sees(c, pivot))
                    })
                    .peekable();
                if victims.peek().is_none() {
                    continue;
                }
                out.start(technique, Pattern::Wing);
                out.digits = z;
                out.eliminations.extend(victims.map(|c| (c as u16, digit)));
                out.cells.extend([pivot as u16, a as u16, b as u16]);
                return true;
            }
        }
    }
    false
}

/// A pincer shares exactly one digit with an XY pivot, or is a two-digit
/// subset of an XYZ pivot.
fn pincer_fits(pivot: u64, pincer: u64, pivot_size: u32) -> bool {
    if pivot_size == 2 {
        (pivot & pincer).count_ones() == 1
    } else {
        pincer & !pivot == 0
    }
}
