//! Basic fish: X-wing (2), swordfish (3), jellyfish (4). In k rows a digit
//! can only go in the same k columns, so each of those columns gets the digit
//! in one of these rows, and it goes from the rest of the columns (and the
//! same with rows and columns swapped).

use super::grid::{bits, find_k_with_k, Finding, Grid, Pattern};
use super::Technique;

pub(crate) fn fish(grid: &Grid, k: usize, technique: Technique, out: &mut Finding) -> bool {
    let n = grid.size();
    let mut items = [(0u8, 0u64); 64];
    // Each line's places of every digit (`line * n + digit`; rows, then
    // columns), worked out once for all digits.
    let mut line_places = vec![0u64; 2 * n * n];
    for (line, places) in line_places.chunks_mut(n).enumerate() {
        grid.places_by_digit(line, places);
    }
    for digit in 0..n {
        let bit = 1u64 << digit;
        for rows in [true, false] {
            // Base lines are houses 0..n (rows) or n..2n (columns); a place's
            // index within a row is its column, and within a column its row.
            let first = if rows { 0 } else { n };
            let mut len = 0;
            for line in 0..n {
                let places = line_places[(first + line) * n + digit];
                if (2..=k).contains(&(places.count_ones() as usize)) {
                    items[len] = (line as u8, places);
                    len += 1;
                }
            }
            let mut found = |base: u64, cover: u64| {
                let cell_at = |base_line: usize, cover_line: usize| {
                    if rows {
                        base_line * n + cover_line
                    } else {
                        cover_line * n + base_line
                    }
                };
                let victims = bits(cover).flat_map(|c| {
                    (0..n)
                        .filter(move |&b| base & (1 << b) == 0)
                        .map(move |b| cell_at(b, c))
                });
                let mut victims = victims
                    .filter(|&cell| grid.cands[cell] & bit != 0)
                    .peekable();
                if victims.peek().is_none() {
                    return false;
                }
                out.start(technique, Pattern::Fish { rows, base, cover });
                out.digits = bit;
                out.eliminations
                    .extend(victims.map(|cell| (cell as u16, digit as u8 + 1)));
                for b in bits(base) {
                    for c in bits(cover) {
                        let cell = cell_at(b, c);
                        if grid.cands[cell] & bit != 0 {
                            out.cells.push(cell as u16);
                        }
                    }
                }
                true
            };
            if find_k_with_k(&items[..len], k, &mut found) {
                return true;
            }
        }
    }
    false
}
