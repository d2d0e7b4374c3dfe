//! Naked subsets (k cells of a house holding only k digits between them: no
//! other cell of the house takes those digits) and hidden subsets (k digits
//! of a house with only k places between them: those cells take no other
//! digit), for k = 2, 3, 4.

use super::grid::{bits, find_k_with_k, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn naked(grid: &Grid, k: usize, technique: Technique, out: &mut Finding) -> bool {
    let mut items = [(0u8, 0u64); 64];
    for (house, cells) in grid.geo.house_cells.iter().enumerate() {
        let mut len = 0;
        for (i, &cell) in cells.iter().enumerate() {
            let count = grid.cands[cell as usize].count_ones() as usize;
            if (2..=k).contains(&count) {
                items[len] = (i as u8, grid.cands[cell as usize]);
                len += 1;
            }
        }
        let mut found = |members: u64, digits: u64| {
            let others = cells
                .iter()
                .enumerate()
                .filter(|&(i, &c)| members & (1 << i) == 0 && grid.cands[c as usize] & digits != 0);
            if others.clone().next().is_none() {
                return false;
            }
            out.start(technique, Pattern::House(house as u16));
            out.digits = digits;
            out.cells.extend(bits(members).map(|i| cells[i]));
            for (_, &cell) in others {
                let hit = grid.cands[cell as usize] & digits;
                out.eliminations
                    .extend(bits(hit).map(|d| (cell, d as u8 + 1)));
            }
            true
        };
        if find_k_with_k(&items[..len], k, &mut found) {
            return true;
        }
    }
    false
}

pub(crate) fn hidden(grid: &Grid, k: usize, technique: Technique, out: &mut Finding) -> bool {
    let mut items = [(0u8, 0u64); 64];
    let n = grid.size();
    let mut places_of = [0u64; 64];
    for (house, cells) in grid.geo.house_cells.iter().enumerate() {
        let mut len = 0;
        grid.places_by_digit(house, &mut places_of[..n]);
        for (digit, &places) in places_of[..n].iter().enumerate() {
            if (2..=k).contains(&(places.count_ones() as usize)) {
                items[len] = (digit as u8, places);
                len += 1;
            }
        }
        let mut found = |digits: u64, members: u64| {
            let extra = bits(members).any(|i| grid.cands[cells[i] as usize] & !digits != 0);
            if !extra {
                return false;
            }
            out.start(technique, Pattern::House(house as u16));
            out.digits = digits;
            out.cells.extend(bits(members).map(|i| cells[i]));
            for i in bits(members) {
                let cell = cells[i];
                let hit = grid.cands[cell as usize] & !digits;
                out.eliminations
                    .extend(bits(hit).map(|d| (cell, d as u8 + 1)));
            }
            true
        };
        if find_k_with_k(&items[..len], k, &mut found) {
            return true;
        }
    }
    false
}
