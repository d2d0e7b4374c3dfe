//! Death blossom: a stem cell and, for each of its digits, an almost
//! locked set (a petal) holding that digit, whose places of it all see the
//! stem. The petals do not overlap each other or the stem. Whichever digit
//! the stem takes, the petal of that digit loses it and is locked with its
//! other digits; so a digit Z every petal holds is in one of them (or, when
//! the stem has Z too, in the stem), and Z goes from every other cell that
//! sees all its places there.
//!
//! The search reuses the position's almost locked sets (grader/als.rs),
//! indexes them once by (stem cell, digit), and stops at the first blossom
//! that removes something.

use super::als::{set_words, with_sets, Als, MAX_DIGITS};
use super::explain::removals_by_digit;
use super::grid::{bits, bits128, Finding, Grid, Pattern};
use super::Technique;
use crate::board::{cell_name, digit_text};
use crate::shape::{Cell, Digit};

pub(crate) fn death_blossom(grid: &Grid, out: &mut Finding) -> bool {
    if grid.cands.len() > 128 {
        return false;
    }
    with_sets(grid, |sets, holding| search(grid, sets, holding, out))
}

/// For each stem cell and digit, the sets holding the digit whose places of
/// it all see the cell (the cell outside them): the petals that cell could
/// have for that digit. One flat list, `start[cell * n + digit]` to
/// `start[cell * n + digit + 1]`.
struct Petals {
    n: usize,
    start: Vec<u32>,
    sets: Vec<u32>,
}

impl Petals {
    fn new(grid: &Grid, sets: &[Als], holding: &[u128], stems: u128) -> Petals {
        let n = grid.size();
        let slots = grid.cands.len() * n;
        let targets = |s: &Als, d: usize| bits128(s.seen_by_all[d] & holding[d] & stems);
        let mut start = vec![0u32; slots + 1];
        for s in sets {
            for d in bits(s.cands) {
                for c in targets(s, d) {
                    start[c * n + d + 1] += 1;
                }
            }
        }
        for i in 0..slots {
            start[i + 1] += start[i];
        }
        let mut next = start.clone();
        let mut flat = vec![0u32; start[slots] as usize];
        for (i, s) in sets.iter().enumerate() {
            for d in bits(s.cands) {
                for c in targets(s, d) {
                    let slot = &mut next[c * n + d];
                    flat[*slot as usize] = i as u32;
                    *slot += 1;
                }
            }
        }
        Petals {
            n,
            start,
            sets: flat,
        }
    }

    fn of(&self, cell: usize, digit: usize) -> &[u32] {
        let slot = cell * self.n + digit;
        &self.sets[self.start[slot] as usize..self.start[slot + 1] as usize]
    }
}

/// One stem's search: its digits (fewest petals first) and the petals
/// chosen so far, one per digit.
struct Blossom<'a> {
    sets: &'a [Als],
    petals: &'a Petals,
    stem: usize,
    digits: Vec<usize>,
    chosen: Vec<u32>,
}

fn search(grid: &Grid, sets: &[Als], holding: &[u128], out: &mut Finding) -> bool {
    let n = grid.size();
    // The cells each digit has a petal for; a stem needs one for each of
    // its digits. A position without such a cell builds no index.
    let mut covered = [0u128; MAX_DIGITS];
    for s in sets {
        for d in bits(s.cands) {
            covered[d] |= s.seen_by_all[d] & holding[d];
        }
    }
    let stems = (0..grid.cands.len())
        .filter(|&c| {
            let cands = grid.cands[c];
            grid.values[c] == 0
                && cands.count_ones() >= 2
                && bits(cands).all(|d| covered[d] & 1u128 << c != 0)
        })
        .fold(0u128, |m, c| m | 1u128 << c);
    if stems == 0 {
        return false;
    }
    let petals = Petals::new(grid, sets, holding, stems);
    for stem in bits128(stems) {
        let cands = grid.cands[stem];
        let mut digits: Vec<usize> = bits(cands).collect();
        digits.sort_by_key(|&d| petals.of(stem, d).len());
        // Where each digit could go from: the cells holding it other than
        // the stem; a digit the stem has too must also see the stem.
        let stem_peers = grid.geo.peers[stem]
            .iter()
            .fold(0u128, |m, &p| m | 1u128 << p);
        let mut victims = [0u128; MAX_DIGITS];
        for (z, slot) in victims.iter_mut().enumerate().take(n) {
            *slot = holding[z] & !(1u128 << stem);
            if cands & 1 << z != 0 {
                *slot &= stem_peers;
            }
        }
        // A bound before trying combinations: a digit Z every petal could
        // share, with cells that see the Z places of some petal of each
        // stem digit. Without one, no choice of petals removes anything.
        let mut common = (1u64 << n) - 1;
        for &d in &digits {
            let mut held = 0u64;
            let mut seen = [0u128; MAX_DIGITS];
            for &i in petals.of(stem, d) {
                let petal = &sets[i as usize];
                held |= petal.cands;
                for z in bits(petal.cands & common) {
                    seen[z] |= petal.seen_by_all[z];
                }
            }
            common &= held;
            for z in bits(common) {
                victims[z] &= seen[z];
                if victims[z] == 0 {
                    common &= !(1 << z);
                }
            }
            if common == 0 {
                break;
            }
        }
        if common == 0 {
            continue;
        }
        let mut blossom = Blossom {
            sets,
            petals: &petals,
            stem,
            digits,
            chosen: Vec::with_capacity(n),
        };
        if let Some((zs, victims)) = blossom.grow(1u128 << stem, common, &victims) {
            blossom.write(grid, zs, &victims, out);
            return true;
        }
    }
    false
}

impl Blossom<'_> {
    /// Chooses a petal for the next digit of the stem, disjoint from
    /// `used`; `common` is the digits every petal so far holds, and
    /// `victims[z]` the cells that see all their places of z (and hold z).
    /// Returns the common digits that remove something, and their victims,
    /// once every digit has a petal. Victims only shrink as petals are
    /// added, so a choice that leaves none is dropped at once.
    fn grow(
        &mut self,
        used: u128,
        common: u64,
        victims: &[u128; MAX_DIGITS],
    ) -> Option<(u64, [u128; MAX_DIGITS])> {
        let Some(&digit) = self.digits.get(self.chosen.len()) else {
            let zs = bits(common)
                .filter(|&z| victims[z] != 0)
                .fold(0u64, |m, z| m | 1 << z);
            return (zs != 0).then_some((zs, *victims));
        };
        for &i in self.petals.of(self.stem, digit) {
            let petal = &self.sets[i as usize];
            let common = common & petal.cands;
            if petal.cells & used != 0 || common == 0 {
                continue;
            }
            let mut next = [0u128; MAX_DIGITS];
            let mut any = false;
            for z in bits(common) {
                // The set's own cells are outside `seen_by_all`.
                next[z] = victims[z] & petal.seen_by_all[z];
                any |= next[z] != 0;
            }
            if !any {
                continue;
            }
            self.chosen.push(i);
            if let Some(found) = self.grow(used | petal.cells, common, &next) {
                return Some(found);
            }
            self.chosen.pop();
        }
        None
    }

    fn write(&self, grid: &Grid, zs: u64, victims: &[u128; MAX_DIGITS], out: &mut Finding) {
        out.start(Technique::DeathBlossom, Pattern::Chain);
        let stem_cands = grid.cands[self.stem];
        // The petals in the stem's digit order, for the words and the cells.
        let mut petals: Vec<(usize, &Als)> = self
            .digits
            .iter()
            .zip(&self.chosen)
            .map(|(&d, &i)| (d, &self.sets[i as usize]))
            .collect();
        petals.sort_by_key(|&(d, _)| d);
        out.cells.push(self.stem as u16);
        for (_, petal) in &petals {
            out.cells.extend(bits128(petal.cells).map(|c| c as u16));
        }
        out.digits = stem_cands | zs;
        for z in bits(zs) {
            out.eliminations
                .extend(bits128(victims[z]).map(|c| (c as u16, z as u8 + 1)));
        }
        out.eliminations.sort_unstable();
        out.text = describe(grid, self.stem, &petals, zs, &out.eliminations);
    }
}

fn describe(
    grid: &Grid,
    stem: usize,
    petals: &[(usize, &Als)],
    zs: u64,
    eliminations: &[(u16, u8)],
) -> String {
    let digit = |d: usize| Digit::new(d as u8 + 1).map_or_else(|| (d + 1).to_string(), digit_text);
    let join = |items: Vec<String>, last: &str| match items.split_last() {
        Some((tail, head)) if !head.is_empty() => format!("{} {last} {tail}", head.join(", ")),
        Some((tail, _)) => tail.clone(),
        None => String::new(),
    };
    let stem_name = cell_name(grid.geo.shape, Cell(stem as u16));
    let stem_cands = grid.cands[stem];
    let options = join(bits(stem_cands).map(digit).collect(), "or");
    let each: Vec<String> = petals
        .iter()
        .map(|&(d, petal)| {
            format!(
                "for {}, {}, whose {}s all see {stem_name}",
                digit(d),
                set_words(grid, petal),
                digit(d)
            )
        })
        .collect();
    let z_words = join(bits(zs).map(digit).collect(), "and");
    let (is, goes, its) = if zs.count_ones() == 1 {
        ("is", "goes", "its")
    } else {
        ("are", "go", "their")
    };
    let in_stem = zs & stem_cands;
    let or_stem = if in_stem == 0 {
        String::new()
    } else if in_stem == zs && zs.count_ones() == 1 {
        format!(" (or in {stem_name} itself)")
    } else {
        format!(
            " (or, for {}, in {stem_name} itself)",
            join(bits(in_stem).map(digit).collect(), "and")
        )
    };
    // The removals first: a hint cut to fit its panel still says them.
    format!(
        "{}: {stem_name} (the stem) is {options}. The petals: {}. Whichever digit {stem_name} is, the petal for it loses that digit and is locked with its other digits; every petal holds {z_words}, so {z_words} {is} in one of them{or_stem} and {goes} from every cell that sees all {its} places there",
        removals_by_digit(grid, eliminations),
        each.join("; ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::shape::Shape;

    /// A position in HoDoKu's test form: the digits (`+` before a placed
    /// one, `.` for empty) and the candidates removed besides, each as
    /// digit, row, column ("432" is 4 from r3c2).
    fn position(digits: &str, removed: &str) -> Grid {
        let mut grid = Grid::new(&board(digits)).expect("no clash");
        for code in removed.split_whitespace() {
            let b = code.as_bytes();
            let (d, r, c) = (b[0] - b'0', (b[1] - b'1') as usize, (b[2] - b'1') as usize);
            grid.eliminate(r * 9 + c, d);
        }
        grid
    }

    fn board(digits: &str) -> Board {
        let values: Vec<u8> = digits
            .bytes()
            .filter(|&b| b != b'+')
            .map(|b| if b == b'.' { 0 } else { b - b'0' })
            .collect();
        Board::from_values(Shape::CLASSIC, values).expect("a board")
    }

    /// The death blossom of gamesudoku.blogspot.com ("advanced death
    /// blossom") in HoDoKu's tests, whose published removal is r5c1<>1.
    const HODOKU_DIGITS: &str =
        "+36+1..+492+7.7.23.8.....7.1...8.........+356.84.........+83...4+27.....3+915.6..92....4.";

    fn hodoku_board() -> Board {
        board(HODOKU_DIGITS)
    }

    fn hodoku_example() -> Grid {
        position(
            HODOKU_DIGITS,
            "432 535 835 747 148 751 261 761 463 767 577 178 179 691 397 899",
        )
    }

    fn at(r: usize, c: usize) -> usize {
        (r - 1) * 9 + (c - 1)
    }

    /// The position's almost locked set on exactly these cells.
    fn set_on<'a>(sets: &'a [Als], cells: &[usize]) -> &'a Als {
        let mask = cells.iter().fold(0u128, |m, &c| m | 1u128 << c);
        sets.iter()
            .find(|s| s.cells == mask)
            .expect("an almost locked set")
    }

    fn copy(s: &Als) -> Als {
        Als {
            house: s.house,
            cells: s.cells,
            cands: s.cands,
            by_digit: s.by_digit,
            seen_by_all: s.seen_by_all,
        }
    }

    #[test]
    fn hodokus_example_removes_1_from_r5c1() {
        let grid = hodoku_example();
        let mut out = Finding::default();
        assert!(death_blossom(&grid, &mut out));
        assert_eq!(out.technique, Technique::DeathBlossom);
        assert_eq!(out.rating, 79);
        assert_eq!(out.eliminations, [(at(5, 1) as u16, 1)]);
        // The stem first, then the petals of 2 and of 8.
        let cells = [(8, 9), (5, 5), (5, 8), (5, 9), (4, 2), (6, 2), (8, 2)];
        let cells: Vec<u16> = cells.iter().map(|&(r, c)| at(r, c) as u16).collect();
        assert_eq!(out.cells, cells);
        assert_eq!(out.digits, 0b1000_0011, "the stem's 2 and 8, and 1");
        assert_eq!(
            out.text,
            "1 is removed from r5c1: r8c9 (the stem) is 2 or 8. The petals: for 2, r5c5, r5c8 and r5c9 in row 5 hold only 1, 2, 7 and 9 (one digit more than cells), whose 2s all see r8c9; for 8, r4c2, r6c2 and r8c2 in column 2 hold only 1, 2, 4 and 8 (one digit more than cells), whose 8s all see r8c9. Whichever digit r8c9 is, the petal for it loses that digit and is locked with its other digits; every petal holds 1, so 1 is in one of them and goes from every cell that sees all its places there"
        );
        let solution = hodoku_board().solution().expect("one solution");
        for &(c, d) in &out.eliminations {
            assert_ne!(solution.values()[c as usize], d, "a digit of the solution");
        }
    }

    #[test]
    fn a_stem_digit_without_a_petal_gives_no_step() {
        let grid = hodoku_example();
        with_sets(&grid, |sets, holding| {
            let petal_of_2 = set_on(sets, &[at(5, 5), at(5, 8), at(5, 9)]);
            let petal_of_8 = set_on(sets, &[at(4, 2), at(6, 2), at(8, 2)]);
            let mut out = Finding::default();
            assert!(!search(&grid, &[copy(petal_of_2)], holding, &mut out));
            let both = [copy(petal_of_2), copy(petal_of_8)];
            assert!(search(&grid, &both, holding, &mut out));
            assert_eq!(out.eliminations, [(at(5, 1) as u16, 1)]);
        });
    }

    #[test]
    fn overlapping_petals_give_no_step() {
        let grid = hodoku_example();
        with_sets(&grid, |sets, holding| {
            let petal_of_2 = set_on(sets, &[at(5, 5), at(5, 8), at(5, 9)]);
            let petal_of_8 = set_on(sets, &[at(4, 2), at(6, 2), at(8, 2)]);
            // The petal of 8 stretched over r5c5, a cell of the petal of 2:
            // the same digits and places, so only the overlap differs.
            let mut overlapping = copy(petal_of_8);
            overlapping.cells |= 1u128 << at(5, 5);
            let mut out = Finding::default();
            assert!(!search(
                &grid,
                &[copy(petal_of_2), overlapping],
                holding,
                &mut out
            ));
            let apart = [copy(petal_of_2), copy(petal_of_8)];
            assert!(search(&grid, &apart, holding, &mut out));
        });
    }

    /// Top1465's puzzle 693 where its path first needs a death blossom,
    /// as candidates (a single digit is a filled cell).
    const TOP1465_693: [&str; 9] = [
        "2458 248 9 3578 3457 6 247 1 257",
        "2456 7 268 59 459 1 3 289 24569",
        "1 3 68 5789 4579 2 479 789 45679",
        "234 5 23 12379 6 47 8 2379 1249",
        "23468 24689 1 23579 3579 4578 2479 2379 2479",
        "2348 289 7 1239 139 48 6 5 1249",
        "9 18 5 4 2 3 17 6 78",
        "23678 1268 2368 167 17 9 5 4 28",
        "267 126 4 1567 8 57 129 29 3",
    ];

    #[test]
    fn a_digit_the_stem_has_too_is_in_a_petal_or_in_the_stem() {
        let grid = Grid::from_candidate_rows(&TOP1465_693);
        let mut out = Finding::default();
        assert!(death_blossom(&grid, &mut out));
        // Stem r3c8 {7,8,9}; petals r1c1279 {24578} (7s in box 3), r23c45
        // {45789} (8 in row 3), r78c9+r9c8 {2789} (9 in column 8). Every
        // petal has 7, and so has the stem: of the cells holding 7, only
        // r3c9 sees the 7s of all three petals and the stem. r3c7 sees
        // those of the first two and the stem, not r7c9's.
        assert_eq!(out.cells[0], at(3, 8) as u16);
        assert_eq!(out.eliminations, [(at(3, 9) as u16, 7)]);
        assert!(out.text.contains("(or in r3c8 itself)"), "{}", out.text);
        let puzzle =
            "..9..6.1..7...13...3...2....5..6.8....1........7...65.9...23.6......954...4.8...3";
        let solution = board(puzzle).solution().expect("one solution");
        assert_ne!(solution.values()[at(3, 9)], 7);
    }
}
