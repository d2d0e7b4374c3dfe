//! Almost locked sets: N cells of one house holding N+1 digits between
//! them. Lose any one digit and the rest are locked in.
//!
//! ALS-XZ: two such sets A and B share a digit X whose cells in A all see
//! its cells in B (a restricted common), so X is in at most one of them;
//! the other is then locked, and for any other shared digit Z one of the
//! two holds it: Z goes from every cell that sees all the Z cells of both.
//! With two restricted commons (doubly linked) both sets are locked: every
//! digit of A other than the two goes from the cells that see all its cells
//! in A, the same for B, and each restricted common goes from the cells
//! that see all its cells in both.

use super::grid::{bits, bits128, Finding, Grid, Pattern};
use super::Technique;
use crate::board::{cell_name, digit_text};
use crate::shape::{Cell, Digit};

/// Largest set tried: bigger ones are rare in human solving and costly.
const MAX_CELLS: usize = 4;

/// The most digits of a board whose cells fit a `u128` (11x11).
pub(super) const MAX_DIGITS: usize = 11;

pub(super) struct Als {
    pub(super) house: u16,
    pub(super) cells: u128,
    pub(super) cands: u64,
    /// For each digit, the set's cells holding it.
    pub(super) by_digit: [u128; MAX_DIGITS],
    /// For each digit, the cells that see every one of the set's cells
    /// holding it (outside the set).
    pub(super) seen_by_all: [u128; MAX_DIGITS],
}

/// A position's almost locked sets and, per digit, the cells holding it.
struct AlsIndex {
    shape: crate::shape::Shape,
    cands: Vec<u64>,
    sets: Vec<Als>,
    /// Each set's cells and digits, apart from the rest: the pair loops
    /// reject most pairs on these alone.
    set_cells: Vec<u128>,
    set_cands: Vec<u64>,
    holding: Vec<u128>,
    /// Per set, the sets it has restricted commons with (in order) and
    /// those digits: left by an ALS-XZ search that found nothing, for the
    /// ALS-XY-wing search of the same position.
    links: Option<Links>,
}

type Links = Vec<Vec<(u32, u64)>>;

thread_local! {
    static ALS_INDEX: std::cell::RefCell<Option<AlsIndex>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` on the sets of `grid`, finding them unless the last call was
/// on the same candidates: ALS-XZ and, when it finds nothing, ALS-XY-wing
/// search the same position.
fn with_index<R>(grid: &Grid, f: impl FnOnce(&mut AlsIndex) -> R) -> R {
    ALS_INDEX.with(|slot| {
        let mut slot = slot.borrow_mut();
        let mut index = match slot.take() {
            Some(index) if index.shape == grid.geo.shape && index.cands == grid.cands => index,
            _ => {
                let (sets, holding) = sets_and_holders(grid);
                AlsIndex {
                    shape: grid.geo.shape,
                    cands: grid.cands.clone(),
                    set_cells: sets.iter().map(|s| s.cells).collect(),
                    set_cands: sets.iter().map(|s| s.cands).collect(),
                    sets,
                    holding,
                    links: None,
                }
            }
        };
        let result = f(&mut index);
        *slot = Some(index);
        result
    })
}

/// Runs `f` on the position's sets and, per digit, the cells holding it
/// (for the death blossom, which searches after ALS-XZ and ALS-XY-wing).
pub(super) fn with_sets<R>(grid: &Grid, f: impl FnOnce(&[Als], &[u128]) -> R) -> R {
    with_index(grid, |index| f(&index.sets, &index.holding))
}

pub(crate) fn als_xz(grid: &Grid, out: &mut Finding) -> bool {
    if grid.cands.len() > 128 {
        return false;
    }
    with_index(grid, |index| als_xz_in(grid, index, out))
}

/// The first linked pair that removes something. On the way it notes every
/// pair's restricted commons; when it finds nothing, those are the links
/// ALS-XY-wing needs.
fn als_xz_in(grid: &Grid, index: &mut AlsIndex, out: &mut Finding) -> bool {
    let sets = &index.sets;
    let mut links: Links = vec![Vec::new(); sets.len()];
    for (i, a) in sets.iter().enumerate() {
        for j in i + 1..sets.len() {
            if index.set_cells[i] & index.set_cells[j] != 0
                || index.set_cands[i] & index.set_cands[j] == 0
            {
                continue;
            }
            let b = &sets[j];
            let restricted = restricted_commons(a, b);
            if restricted == 0 {
                continue;
            }
            links[i].push((j as u32, restricted));
            links[j].push((i as u32, restricted));
            let Some(victims) = linked_pair(a, b, restricted, &index.holding) else {
                continue;
            };
            out.start(Technique::AlsXz, Pattern::Chain);
            out.cells.extend(bits128(a.cells).map(|c| c as u16));
            out.cells.extend(bits128(b.cells).map(|c| c as u16));
            out.digits = a.cands & b.cands;
            out.eliminations.extend(victims);
            out.text = describe(grid, a, b, restricted, restricted.count_ones() >= 2);
            return true;
        }
    }
    index.links = Some(links);
    false
}

/// ALS-XY-wing: a pivot set C with restricted common X with set A and Y
/// with set B (X and Y different). If A lacks a digit Z they share, A is
/// locked and holds X, so C cannot: C holds Y, so B cannot, and B holds Z.
/// Either way Z is in A or B: it goes from every cell that sees all its
/// places in both.
pub(crate) fn als_xy_wing(grid: &Grid, out: &mut Finding) -> bool {
    if grid.cands.len() > 128 {
        return false;
    }
    with_index(grid, |index| {
        let links = match index.links.take() {
            Some(links) => links,
            None => all_links(index),
        };
        let found = als_xy_wing_in(grid, &index.sets, &index.holding, &links, out);
        index.links = Some(links);
        found
    })
}

/// Every pair of sets with restricted commons, as ALS-XZ notes them.
fn all_links(index: &AlsIndex) -> Links {
    let sets = &index.sets;
    let mut links: Links = vec![Vec::new(); sets.len()];
    for (i, a) in sets.iter().enumerate() {
        for j in i + 1..sets.len() {
            if index.set_cells[i] & index.set_cells[j] != 0
                || index.set_cands[i] & index.set_cands[j] == 0
            {
                continue;
            }
            let rc = restricted_commons(a, &sets[j]);
            if rc != 0 {
                links[i].push((j as u32, rc));
                links[j].push((i as u32, rc));
            }
        }
    }
    links
}

fn als_xy_wing_in(
    grid: &Grid,
    sets: &[Als],
    holding: &[u128],
    links: &Links,
    out: &mut Finding,
) -> bool {
    for (c, around) in links.iter().enumerate() {
        for (k, &(a, rc_a)) in around.iter().enumerate() {
            for &(b, rc_b) in &around[k + 1..] {
                let (sa, sb, sc) = (&sets[a as usize], &sets[b as usize], &sets[c]);
                if sa.cells & sb.cells != 0 {
                    continue;
                }
                // The digits A and B share that some cell outside both
                // could lose (the pivot's cells aside): without one, no
                // choice of X and Y removes anything.
                let both = sa.cells | sb.cells;
                let removable = bits(sa.cands & sb.cands)
                    .filter(|&z| sa.seen_by_all[z] & sb.seen_by_all[z] & holding[z] & !both != 0)
                    .fold(0u64, |m, z| m | 1 << z);
                if removable == 0 {
                    continue;
                }
                for x in bits(rc_a) {
                    for y in bits(rc_b & !(1 << x)) {
                        let zs = sa.cands & sb.cands & !(1 << x) & !(1 << y);
                        if zs & removable == 0 {
                            continue;
                        }
                        let outside = !(sa.cells | sb.cells | sc.cells);
                        let victims_of =
                            |z: usize| sa.seen_by_all[z] & sb.seen_by_all[z] & holding[z] & outside;
                        if bits(zs).all(|z| victims_of(z) == 0) {
                            continue;
                        }
                        let mut victims: Vec<(u16, u8)> = Vec::new();
                        for z in bits(zs) {
                            victims.extend(bits128(victims_of(z)).map(|v| (v as u16, z as u8 + 1)));
                        }
                        out.start(Technique::AlsXyWing, Pattern::Chain);
                        for set in [sc, sa, sb] {
                            out.cells.extend(bits128(set.cells).map(|v| v as u16));
                        }
                        out.digits = zs | 1 << x | 1 << y;
                        victims.sort_unstable();
                        out.eliminations.extend(victims);
                        let digit = |d: usize| {
                            Digit::new(d as u8 + 1).map_or_else(|| (d + 1).to_string(), digit_text)
                        };
                        out.text = format!(
                            "{}; {}; {}. {} links the first two and {} the first and last: each is in at most one of its two sets. If the second set lacks a digit it shares with the third, it holds {}, so the first holds {} and the third lacks it and holds that digit: one of them holds it, so it goes from every cell that sees all its places in both",
                            set_words(grid, sc),
                            set_words(grid, sa),
                            set_words(grid, sb),
                            digit(x),
                            digit(y),
                            digit(x),
                            digit(y),
                        );
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The digits two disjoint sets share whose places in one all see their
/// places in the other.
fn restricted_commons(a: &Als, b: &Als) -> u64 {
    if a.cells & b.cells != 0 {
        return 0;
    }
    bits(a.cands & b.cands)
        .filter(|&x| {
            b.by_digit[x] & !a.seen_by_all[x] == 0 && a.by_digit[x] & !b.seen_by_all[x] == 0
        })
        .fold(0, |m, x| m | 1 << x)
}

/// What two sets remove together: their restricted commons and the
/// eliminations, sorted; `None` when they are not linked or remove nothing.
#[cfg(test)]
fn pair(a: &Als, b: &Als, holding: &[u128]) -> Option<(u64, Vec<(u16, u8)>)> {
    let restricted = restricted_commons(a, b);
    if restricted == 0 {
        return None;
    }
    linked_pair(a, b, restricted, holding).map(|victims| (restricted, victims))
}

/// What two disjoint sets with these restricted commons remove together,
/// sorted; `None` when they share only the one digit, or remove nothing.
fn linked_pair(a: &Als, b: &Als, restricted: u64, holding: &[u128]) -> Option<Vec<(u16, u8)>> {
    let common = a.cands & b.cands;
    if common.count_ones() < 2 {
        return None;
    }
    let both = a.cells | b.cells;
    let mut victims: Vec<(u16, u8)> = Vec::new();
    let mut take = |mask: u128, d: usize| {
        for c in bits128(mask & holding[d] & !both) {
            if !victims.contains(&(c as u16, d as u8 + 1)) {
                victims.push((c as u16, d as u8 + 1));
            }
        }
    };
    for z in bits(common & !restricted) {
        take(a.seen_by_all[z] & b.seen_by_all[z], z);
    }
    if restricted.count_ones() >= 2 {
        for x in bits(restricted) {
            take(a.seen_by_all[x] & b.seen_by_all[x], x);
        }
        for set in [a, b] {
            for d in bits(set.cands & !restricted) {
                take(set.seen_by_all[d], d);
            }
        }
    }
    if victims.is_empty() {
        return None;
    }
    victims.sort_unstable();
    Some(victims)
}

/// Every almost locked set, and for each digit the cells that hold it.
fn sets_and_holders(grid: &Grid) -> (Vec<Als>, Vec<u128>) {
    let cell_count = grid.cands.len();
    let peers: Vec<u128> = grid
        .geo
        .peers
        .iter()
        .map(|ps| ps.iter().fold(0u128, |m, &p| m | 1u128 << p))
        .collect();
    let n = grid.size();
    let holding: Vec<u128> = (0..n)
        .map(|d| {
            (0..cell_count)
                .filter(|&c| grid.cands[c] & (1 << d) != 0)
                .fold(0u128, |m, c| m | 1u128 << c)
        })
        .collect();
    (find_sets(grid, n, &peers), holding)
}

fn find_sets(grid: &Grid, n: usize, peers: &[u128]) -> Vec<Als> {
    let geo = &grid.geo;
    // The largest set each house allows: one cell fewer than it has empty.
    let largest: Vec<usize> = geo
        .house_cells
        .iter()
        .map(|cells| {
            let empty = cells
                .iter()
                .filter(|&&c| grid.values[c as usize] == 0)
                .count();
            MAX_CELLS.min(empty.saturating_sub(1))
        })
        .collect();
    let mut sets: Vec<Als> = Vec::new();
    let mut empty: Vec<usize> = Vec::with_capacity(n);
    let mut unions: Vec<u64> = Vec::new();
    for (h, cells) in geo.house_cells.iter().enumerate() {
        empty.clear();
        empty.extend(
            cells
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| grid.values[c] == 0),
        );
        let max = largest[h];
        // Subsets by bitmask over the house's empty cells, in increasing
        // order; each one's candidates are a smaller subset's plus a cell's.
        unions.clear();
        unions.resize(1 << empty.len(), 0);
        let mut next = 1usize;
        while next < 1 << empty.len() {
            let pick = next;
            let low = pick.trailing_zeros() as usize;
            let size = pick.count_ones() as usize;
            if size > max {
                // Every number up to the next multiple of the lowest bit
                // keeps these bits and adds more: all too large.
                next += 1 << low;
                continue;
            }
            next += 1;
            let cands = unions[pick & (pick - 1)] | grid.cands[empty[low]];
            unions[pick] = cands;
            if cands.count_ones() as usize != size + 1 {
                continue;
            }
            let chosen = || bits(pick as u64).map(|i| empty[i]);
            // A set inside two houses (a box and a line) is kept in the
            // first that allows its size.
            let first = chosen().next().unwrap_or(0);
            let shared = geo
                .houses_of(first)
                .iter()
                .map(|&s| s as usize)
                .filter(|&s| {
                    s < h
                        && largest[s] >= size
                        && chosen().all(|c| geo.houses_of(c).contains(&(s as u16)))
                });
            if shared.clone().next().is_some() {
                continue;
            }
            let cell_mask = chosen().fold(0u128, |m, c| m | 1u128 << c);
            let mut by_digit = [0u128; MAX_DIGITS];
            let mut seen_by_all = [0u128; MAX_DIGITS];
            for d in bits(cands) {
                let mut holders = 0u128;
                let mut seen = !0u128;
                for c in chosen().filter(|&c| grid.cands[c] & (1 << d) != 0) {
                    holders |= 1u128 << c;
                    seen &= peers[c];
                }
                by_digit[d] = holders;
                seen_by_all[d] = seen & !cell_mask;
            }
            sets.push(Als {
                house: h as u16,
                cells: cell_mask,
                cands,
                by_digit,
                seen_by_all,
            });
        }
    }
    sets
}

/// "r2c2, r2c3 and r2c9 in row 2 hold only 2, 4, 7 and 9 (...)", or for a
/// set of one cell "r6c2 holds only 5 and 6 (...)".
pub(super) fn set_words(grid: &Grid, s: &Als) -> String {
    let shape = grid.geo.shape;
    let digit = |d: usize| Digit::new(d as u8 + 1).map_or_else(|| (d + 1).to_string(), digit_text);
    let cells: Vec<String> = bits128(s.cells)
        .map(|c| cell_name(shape, Cell(c as u16)))
        .collect();
    let digits = super::explain::list(bits(s.cands).map(digit));
    if let [cell] = cells.as_slice() {
        return format!("{cell} holds only {digits} (one digit more than cells)");
    }
    format!(
        "{} in {} hold only {digits} (one digit more than cells)",
        super::explain::list(cells.into_iter()),
        grid.geo.house(s.house as usize),
    )
}

fn describe(grid: &Grid, a: &Als, b: &Als, restricted: u64, doubly: bool) -> String {
    let digit = |d: usize| Digit::new(d as u8 + 1).map_or_else(|| (d + 1).to_string(), digit_text);
    let x: Vec<String> = bits(restricted).map(digit).collect();
    let rule = if doubly {
        format!(
            "{} are each in at most one of the two sets, whose cells of it see each other, so both sets are locked",
            x.join(" and ")
        )
    } else {
        format!(
            "{} is in at most one of the two sets (its cells in one see its cells in the other), so one set is locked without it, and the other digits they share are in one of them",
            x[0]
        )
    };
    format!(
        "{}; {}. {rule}: each such digit goes from every cell that sees all its places in the sets",
        set_words(grid, a),
        set_words(grid, b)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// HoDoKu's doubly linked ALS-XZ example: A = r2c239 {2479}, B =
    /// r4c23 {124}, X = 2 and 4 => r156c3<>4, r16c2<>2, r2c5<>7,
    /// r2c56<>9, r4c19, r5c13, r6c123<>1.
    #[test]
    fn hodoku_doubly_linked_als_xz() {
        let rows = [
            "124579 2579 14579 2468 246789 24689 45679 3 5679",
            "6 279 479 5 23479 2349 1 8 79",
            "4579 8 3 46 1 469 45679 2 5679",
            "1248 12 14 9 5 7 3 46 168",
            "134578 6 1457 148 348 1348 4578 9 2",
            "12345789 123579 14579 12468 23468 123468 45678 467 15678",
            "1379 1379 6 18 89 189 2 5 4",
            "59 4 8 7 269 2569 69 1 3",
            "1579 1579 2 3 4689 145689 6789 67 6789",
        ];
        let grid = Grid::from_candidate_rows(&rows);
        let (sets, holding) = sets_and_holders(&grid);
        let cells = |names: &[usize]| names.iter().fold(0u128, |m, &c| m | 1u128 << c);
        let at = |r: usize, c: usize| (r - 1) * 9 + (c - 1);
        let a = sets
            .iter()
            .find(|s| s.cells == cells(&[at(2, 2), at(2, 3), at(2, 9)]))
            .expect("A");
        let b = sets
            .iter()
            .find(|s| s.cells == cells(&[at(4, 2), at(4, 3)]))
            .expect("B");
        let (restricted, victims) = pair(a, b, &holding).expect("linked");
        assert_eq!(restricted, 0b1010, "2 and 4");
        let mut expected: Vec<(u16, u8)> = [
            (at(1, 3), 4),
            (at(5, 3), 4),
            (at(6, 3), 4),
            (at(1, 2), 2),
            (at(6, 2), 2),
            (at(2, 5), 7),
            (at(2, 5), 9),
            (at(2, 6), 9),
            (at(4, 1), 1),
            (at(4, 9), 1),
            (at(5, 1), 1),
            (at(5, 3), 1),
            (at(6, 1), 1),
            (at(6, 2), 1),
            (at(6, 3), 1),
        ]
        .iter()
        .map(|&(c, d)| (c as u16, d))
        .collect();
        expected.sort_unstable();
        assert_eq!(victims, expected);
    }
}
