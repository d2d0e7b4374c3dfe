//! The digit combinations a cage's sum allows: which sets of `k` different
//! digits add up to `s`, out of the digits still open to the cage.
//!
//! Every search asks this at every node, so 9x9 and smaller boards answer
//! from a table (a few hundred kilobytes, built once); larger boards walk
//! the digits with bounds on the reachable sums.

use std::sync::OnceLock;

/// Every digit any `k`-digit combination from `open` that adds up to `sum`
/// uses (`union`), and those every such combination uses (`common`: the
/// digits the cage must hold). `None` when no combination exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combos {
    pub union: u64,
    pub common: u64,
}

/// The largest board the table covers: digits 1 to 9, sums to 45.
const TABLE_SIZE: usize = 9;
const TABLE_SUMS: usize = 46;
const TABLE_COUNTS: usize = TABLE_SIZE + 1;

/// `(union, common)` per (open digits, count, sum); a zero union means none.
struct Table {
    entries: Vec<(u16, u16)>,
}

fn index(open: usize, count: usize, sum: usize) -> usize {
    (open * TABLE_COUNTS + count) * TABLE_SUMS + sum
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let subsets = 1usize << TABLE_SIZE;
        let mut entries = vec![(0u16, u16::MAX); subsets * TABLE_COUNTS * TABLE_SUMS];
        for combo in 0..subsets {
            let count = combo.count_ones() as usize;
            let sum = digit_sum(combo as u64) as usize;
            // Every `open` set that holds `combo`: `combo` plus any subset of the rest.
            let rest = (subsets - 1) & !combo;
            let mut extra = rest;
            loop {
                let entry = &mut entries[index(combo | extra, count, sum)];
                entry.0 |= combo as u16;
                entry.1 &= combo as u16;
                if extra == 0 {
                    break;
                }
                extra = (extra - 1) & rest;
            }
        }
        Table { entries }
    })
}

/// The sum of the digits in a mask (bit `d - 1` for digit `d`).
pub fn digit_sum(mask: u64) -> u32 {
    let mut bits = mask;
    let mut sum = 0;
    while bits != 0 {
        sum += bits.trailing_zeros() + 1;
        bits &= bits - 1;
    }
    sum
}

/// See [`Combos`]. `count` zero allows only a zero sum (nothing left to add).
pub fn combos(open: u64, count: u32, sum: u32) -> Option<Combos> {
    if count == 0 {
        return (sum == 0).then_some(Combos {
            union: 0,
            common: 0,
        });
    }
    if open >> TABLE_SIZE == 0 {
        if count as usize > TABLE_SIZE || sum as usize >= TABLE_SUMS {
            return None;
        }
        let (union, common) = table().entries[index(open as usize, count as usize, sum as usize)];
        return (union != 0).then_some(Combos {
            union: union as u64,
            common: common as u64,
        });
    }
    let mut found = Combos {
        union: 0,
        common: u64::MAX,
    };
    walk(open, count, sum, 0, &mut |combo| {
        found.union |= combo;
        found.common &= combo;
    });
    (found.union != 0).then_some(found)
}

/// Every `count`-digit combination from `open` that adds up to `sum`, as
/// masks in ascending order of their highest digit: what a panel lists.
pub fn list(open: u64, count: u32, sum: u32) -> Vec<u64> {
    let mut all = Vec::new();
    if count == 0 {
        return all;
    }
    walk(open, count, sum, 0, &mut |combo| all.push(combo));
    all.sort_unstable();
    all
}

/// Calls `found` with each combination, choosing digits from the highest
/// down and cutting a branch once its sum is out of reach.
fn walk(open: u64, count: u32, sum: u32, chosen: u64, found: &mut impl FnMut(u64)) {
    if count == 0 {
        if sum == 0 {
            found(chosen);
        }
        return;
    }
    if open == 0 || (open.count_ones()) < count {
        return;
    }
    let top = 63 - open.leading_zeros(); // bit of the highest open digit
    let (low, high) = bounds(open, count);
    if sum < low || sum > high {
        return;
    }
    let bit = 1u64 << top;
    let digit = top + 1;
    if digit <= sum {
        walk(open & !bit, count - 1, sum - digit, chosen | bit, found);
    }
    walk(open & !bit, count, sum, chosen, found);
}

/// The smallest and largest sums `count` digits from `open` can make.
pub fn bounds(open: u64, count: u32) -> (u32, u32) {
    let mut low = 0;
    let mut bits = open;
    for _ in 0..count {
        if bits == 0 {
            return (u32::MAX, 0);
        }
        low += bits.trailing_zeros() + 1;
        bits &= bits - 1;
    }
    let mut high = 0;
    let mut bits = open;
    for _ in 0..count {
        let top = 63 - bits.leading_zeros();
        high += top + 1;
        bits &= !(1u64 << top);
    }
    (low, high)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mask(digits: &[u32]) -> u64 {
        digits.iter().map(|d| 1u64 << (d - 1)).sum()
    }

    #[test]
    fn the_textbook_cages() {
        let nine = mask(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
        // 16 in two cells is 7+9; 10 in four is 1+2+3+4; 17 in two is 8+9.
        let c = combos(nine, 2, 16).expect("16 in two");
        assert_eq!((c.union, c.common), (mask(&[7, 9]), mask(&[7, 9])));
        let c = combos(nine, 4, 10).expect("10 in four");
        assert_eq!(c.union, mask(&[1, 2, 3, 4]));
        assert_eq!(combos(nine, 2, 1), None);
        assert_eq!(combos(nine, 9, 46), None);
        assert_eq!(combos(nine, 9, 45).map(|c| c.common), Some(nine));
        // 15 in two: 6+9, 7+8: nothing common.
        let c = combos(nine, 2, 15).expect("15 in two");
        assert_eq!((c.union, c.common), (mask(&[6, 7, 8, 9]), 0));
        // Without the 9: only 7+8.
        let c = combos(nine & !mask(&[9]), 2, 15).expect("15 without 9");
        assert_eq!(c.common, mask(&[7, 8]));
    }

    #[test]
    fn table_and_walk_agree_on_every_nine_digit_question() {
        for open in 0u64..512 {
            for count in 0..=9 {
                for sum in 0..=46 {
                    let from_table = combos(open, count, sum);
                    let listed = list(open, count, sum);
                    let walked = (!listed.is_empty()).then(|| Combos {
                        union: listed.iter().fold(0, |a, &c| a | c),
                        common: listed.iter().fold(u64::MAX, |a, &c| a & c),
                    });
                    if count > 0 {
                        assert_eq!(
                            from_table, walked,
                            "open {open:b}, {count} cells, sum {sum}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn large_boards_walk() {
        let sixteen = (1u64 << 16) - 1;
        let c = combos(sixteen, 2, 31).expect("15+16");
        assert_eq!(c.common, mask(&[15, 16]));
        assert_eq!(list(sixteen, 3, 6), vec![mask(&[1, 2, 3])]);
        assert_eq!(combos(sixteen, 16, 136).map(|c| c.common), Some(sixteen));
    }
}
