//! Explanations in a player's words: what the pattern is and why it lets
//! these digits go.

use super::grid::{bits, Finding, Grid, Pattern};
use super::Technique;
use crate::board::{cell_name, digit_text};
use crate::shape::{Cell, Digit};

pub(crate) fn explain(grid: &Grid, f: &Finding) -> String {
    let shape = grid.geo.shape;
    let cell = |c: u16| cell_name(shape, Cell(c));
    let house = |h: u16| grid.geo.house(h as usize).to_string();
    let cells = || list(f.cells.iter().map(|&c| cell(c)));
    let digits = |mask: u64| list(bits(mask).map(|d| digit(d as u8 + 1)));
    match (f.technique, f.pattern) {
        (Technique::NakedSingle, _) => {
            let (c, d) = f.placements[0];
            let houses = house_kinds(shape, Cell(c));
            // Whether the filled cells alone rule the rest out, or earlier
            // eliminations helped.
            let seen = grid.geo.peers[c as usize]
                .iter()
                .map(|&p| grid.values[p as usize])
                .filter(|&v| v != 0)
                .fold(0u64, |acc, v| acc | 1 << (v - 1));
            if (shape.all_digits() & !seen).count_ones() == 1 {
                format!(
                    "{} can only be {}: its {houses} already hold every other digit",
                    cell(c),
                    digit(d)
                )
            } else {
                format!(
                    "{} can only be {}: every other digit has been ruled out",
                    cell(c),
                    digit(d)
                )
            }
        }
        (
            Technique::DirectPointing | Technique::DirectClaiming,
            Pattern::Intersection { within, along },
        ) => {
            let (target, d) = f.placements[0];
            // The house the digit is left one place in: of the kind of
            // `within` (a box for pointing, a line for claiming).
            let n = grid.size() as u16;
            let kind = if within >= 2 * n {
                2
            } else {
                usize::from(within >= n)
            };
            let third = grid.geo.standard_houses[target as usize][kind];
            format!(
                "In {}, {} can only go in {}, so no other cell of {} can be {} ({}). That leaves {} one place in {}: {}",
                house(within),
                digit(d),
                house(along),
                house(along),
                digit(d),
                list(f.fins.iter().map(|&c| cell(c))),
                digit(d),
                house(third),
                cell(target)
            )
        }
        (Technique::DirectHiddenPair | Technique::DirectHiddenTriple, Pattern::House(h)) => {
            let (target, d) = f.placements[0];
            let others: Vec<(u16, u8)> = f
                .cells
                .iter()
                .flat_map(|&c| {
                    bits(grid.cands[c as usize] & !f.digits).map(move |x| (c, x as u8 + 1))
                })
                .collect();
            format!(
                "In {}, {} can only go in {}, so those cells hold nothing else ({}). That leaves {} one place in {}: {}",
                house(h),
                digits(f.digits),
                cells(),
                removals_by_cell(grid, &others),
                digit(d),
                house(h),
                cell(target)
            )
        }
        (Technique::HiddenSingle, Pattern::House(h)) => {
            let (c, d) = f.placements[0];
            format!("In {}, {} can only go in {}", house(h), digit(d), cell(c))
        }
        (_, Pattern::Intersection { within, along }) => format!(
            "In {}, {} can only go in {}, so {}",
            house(within),
            digits(f.digits),
            house(along),
            removals_by_digit(grid, &f.eliminations)
        ),
        (t, Pattern::House(h)) if t.is_hidden_subset() => format!(
            "In {}, {} can only go in {}, so those cells hold nothing else: {}",
            house(h),
            digits(f.digits),
            cells(),
            removals_by_cell(grid, &f.eliminations)
        ),
        (_, Pattern::House(h)) => format!(
            "In {}, {} hold only {} between them, so no other cell of {} can: {}",
            house(h),
            cells(),
            digits(f.digits),
            house(h),
            removals_by_digit(grid, &f.eliminations)
        ),
        (_, Pattern::Fish { rows, base, cover }) => {
            let (base_kind, cover_kind) = if rows {
                ("rows", "columns")
            } else {
                ("columns", "rows")
            };
            let numbers = |mask: u64| list(bits(mask).map(|i| (i + 1).to_string()));
            if !f.fins.is_empty() {
                let fins = list(f.fins.iter().map(|&c| cell(c)));
                let fin_box = house(grid.geo.standard_houses[f.fins[0] as usize][2]);
                return format!(
                    "In {base_kind} {}, {} can only go in {cover_kind} {} or in the fins {fins} ({fin_box}). If no fin is {}, each of those {cover_kind} has its {} in these {base_kind}; if a fin is, it rules out the rest of {fin_box}. Either way: {}",
                    numbers(base),
                    digits(f.digits),
                    numbers(cover),
                    digits(f.digits),
                    digits(f.digits),
                    removals_by_digit(grid, &f.eliminations)
                );
            }
            format!(
                "In {base_kind} {}, {} can only go in {cover_kind} {}, so each of those {cover_kind} has its {} in these {base_kind}: {}",
                numbers(base),
                digits(f.digits),
                numbers(cover),
                digits(f.digits),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (Technique::XyWing, _) => {
            let [pivot, a, b] = [f.cells[0], f.cells[1], f.cells[2]];
            let z = f.digits;
            let x = grid.cands[pivot as usize] & grid.cands[a as usize];
            let y = grid.cands[pivot as usize] & grid.cands[b as usize];
            format!(
                "{} is {} or {}. If {}, {} ({}) is {}; if {}, {} ({}) is {}. Either way one of them is {}, so no cell that sees both can be: {}",
                cell(pivot),
                digits(x),
                digits(y),
                digits(x),
                cell(a),
                options(grid.cands[a as usize]),
                digits(z),
                digits(y),
                cell(b),
                options(grid.cands[b as usize]),
                digits(z),
                digits(z),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (Technique::XyzWing, _) => {
            let [pivot, a, b] = [f.cells[0], f.cells[1], f.cells[2]];
            format!(
                "{} is {} and sees {} ({}) and {} ({}). Whichever digit {} takes, one of the three is {}, so no cell that sees all three can be: {}",
                cell(pivot),
                options(grid.cands[pivot as usize]),
                cell(a),
                options(grid.cands[a as usize]),
                cell(b),
                options(grid.cands[b as usize]),
                cell(pivot),
                digits(f.digits),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        // Their words end with the rule; the removals follow, as in every
        // other step (a hint cut to fit keeps its end).
        (Technique::AlsXz | Technique::AlsXyWing, _) => {
            format!("{}: {}", f.text, removals_by_digit(grid, &f.eliminations))
        }
        (
            _,
            Pattern::Chain
            | Pattern::Leftovers { .. }
            | Pattern::Cage { .. }
            | Pattern::CageHouse { .. }
            | Pattern::Innies { .. },
        ) => f.text.clone(),
        (_, Pattern::Turbot { first, second }) => {
            let [a1, a2, b1, b2] = [f.cells[0], f.cells[1], f.cells[2], f.cells[3]];
            let d = digits(f.digits);
            format!(
                "{d} is {} or {} ({}), and {} or {} ({}); {} sees {}. {}<>{d} so {}={d} so {}<>{d} so {}={d}: {} or {} is {d}, so {}",
                cell(a1), cell(a2), house(first),
                cell(b1), cell(b2), house(second),
                cell(a2), cell(b1),
                cell(a1), cell(a2), cell(b1), cell(b2),
                cell(a1), cell(b2),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (_, Pattern::EmptyRectangle { bx, row, col, link }) => {
            let d = digits(f.digits);
            let k = f.cells.len();
            let (p, q) = (f.cells[k - 2], f.cells[k - 1]);
            let target = f.eliminations[0].0;
            let n = shape.size() as u16;
            let (cross, other) = if (n..2 * n).contains(&link) {
                (format!("row {}", row + 1), format!("column {}", col + 1))
            } else {
                (format!("column {}", col + 1), format!("row {}", row + 1))
            };
            format!(
                "In {}, {d} can only go in row {} or column {} (an empty rectangle). In {}, {d} is {} or {}: if {}<>{d} then {}={d}, which rules out {cross} of {}, so its {d} is in {other} and {}<>{d}; if {}={d}, {}<>{d} as well. {}",
                house(bx), row + 1, col + 1,
                house(link), cell(p), cell(q),
                cell(q), cell(p), house(bx), cell(target),
                cell(q), cell(target),
                capitalise(&removals_by_digit(grid, &f.eliminations))
            )
        }
        (_, Pattern::WWing { house: h }) => {
            let [a, p, q, b] = [f.cells[0], f.cells[1], f.cells[2], f.cells[3]];
            let y = f.eliminations[0].1;
            let x = f.digits & !(1u64 << (y - 1));
            format!(
                "{} and {} are both {}. In {}, {} is {} (which sees {}) or {} (which sees {}): whichever it is, the cell it sees is not {} but {}. So one of {} and {} is {}: {}",
                cell(a), cell(b), options(f.digits),
                house(h), digits(x), cell(p), cell(a), cell(q), cell(b),
                digits(x), digit(y),
                cell(a), cell(b), digit(y),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (Technique::WxyzWing, _) => {
            let z = digits(f.digits);
            let all = f.cells.iter().fold(0, |m, &c| m | grid.cands[c as usize]);
            let parts = list(
                f.cells
                    .iter()
                    .map(|&c| format!("{} ({})", cell(c), options(grid.cands[c as usize]))),
            );
            format!(
                "{parts} hold only {} between them. Every digit but {z} is in at most one of them (the cells holding it see each other), so four cells need {z}: one of the cells holding {z} is {z}, so {}",
                digits(all),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (Technique::BugPlusOne, _) => {
            let (c, d) = f.placements[0];
            format!(
                "Every empty cell but {} has two candidates. Were {} not {}, every digit would have two places in every house: a pattern with no single solution. So {} is {}",
                cell(c), cell(c), digit(d), cell(c), digit(d)
            )
        }
        (Technique::Bug2 | Technique::Bug3 | Technique::Bug4, _) => bug_words(grid, f),
        (Technique::AlignedPairExclusion | Technique::AlignedTripletExclusion, _) => {
            let base = list(
                f.cells
                    .iter()
                    .map(|&c| format!("{} ({})", cell(c), options(grid.cands[c as usize]))),
            );
            let excluders = list(
                f.fins
                    .iter()
                    .map(|&c| format!("{} ({})", cell(c), options(grid.cands[c as usize]))),
            );
            format!(
                "{base} all see {excluders}. A choice of digits for {} that repeats a digit in a house, or takes every candidate of one of those cells, is impossible; no possible choice uses these: {}",
                cells(),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (t, Pattern::Rectangle) => {
            let corners = list(f.cells[..4].iter().map(|&c| cell(c)));
            let pair = digits(f.digits);
            let deadly = format!("{corners} would be a deadly pattern of {pair} (two solutions)");
            let removals = removals_by_digit(grid, &f.eliminations);
            let extra = |c: u16| grid.cands[c as usize] & !f.digits;
            let roof: Vec<u16> = f.cells[..4]
                .iter()
                .copied()
                .filter(|&c| extra(c) != 0)
                .collect();
            match t {
                Technique::UniqueRectangle1 => {
                    let target = f.eliminations[0].0;
                    format!(
                        "{deadly} if {} held only {} like the other three, so {}",
                        cell(target),
                        pair,
                        removals_by_cell(grid, &f.eliminations)
                    )
                }
                Technique::UniqueRectangle2 => format!(
                    "{deadly} unless {} or {} is {}, so one of them is: {}",
                    cell(roof[0]), cell(roof[1]), digits(extra(roof[0])), removals
                ),
                Technique::UniqueRectangle3 => format!(
                    "{deadly} unless {} or {} holds {}; with {} they are a naked subset of {}, so no other cell of their house can hold those: {}",
                    cell(roof[0]),
                    cell(roof[1]),
                    options(extra(roof[0]) | extra(roof[1])),
                    list(f.cells[4..].iter().map(|&c| cell(c))),
                    digits(f.cells[4..].iter().fold(extra(roof[0]) | extra(roof[1]), |m, &c| m | grid.cands[c as usize])),
                    removals
                ),
                Technique::UniqueRectangle4 => {
                    let y = f.eliminations[0].1;
                    let x = f.digits & !(1u64 << (y - 1));
                    format!(
                        "{deadly} if {} and {} held only {}. In a house they share, {} can only go in them, so one is {}; were either {}, the pattern would be complete: {}",
                        cell(roof[0]), cell(roof[1]), pair, digits(x), digits(x), digit(y), removals
                    )
                }
                _ => {
                    let (target, y) = f.eliminations[0];
                    let x = f.digits & !(1u64 << (y - 1));
                    format!(
                        "In the row and the column of {}, {} can only go in the rectangle {corners}, one corner of which holds only {}. Were {} {}, the rectangle would hold only {} and {} in a deadly pattern (two solutions): {}",
                        cell(target), digits(x), pair, cell(target), digit(y),
                        digits(x), digit(y), removals
                    )
                }
            }
        }
        (_, Pattern::Colours { wrap, first_colour }) => {
            let d = digits(f.digits);
            let k = first_colour as usize;
            let a = list(f.cells[..k].iter().map(|&c| cell(c)));
            let b = list(f.cells[k..].iter().map(|&c| cell(c)));
            let start = format!(
                "Colouring the strong links of {d}: one of the colours A ({a}) and B ({b}) is {d} and the other is not"
            );
            if wrap {
                format!(
                    "{start}. Two cells of one colour see each other, so that colour is not {d}: {}",
                    removals_by_digit(grid, &f.eliminations)
                )
            } else {
                format!(
                    "{start}. A cell that sees both colours cannot be {d}: {}",
                    removals_by_digit(grid, &f.eliminations)
                )
            }
        }
        (_, Pattern::MultiColours { first_cluster }) => {
            let d = digits(f.digits);
            let k = first_cluster as usize;
            format!(
                "Two clusters of strong links on {d} ({} and {}), each coloured in two: a cell of one cluster sees a cell of the other, so those two colours are not both {d}, and one of their opposites is: {}",
                list(f.cells[..k].iter().map(|&c| cell(c))),
                list(f.cells[k..].iter().map(|&c| cell(c))),
                removals_by_digit(grid, &f.eliminations)
            )
        }
        (t, _) => format!("{}: {}", t.name(), removals_by_digit(grid, &f.eliminations)),
    }
}

/// A BUG type 2, 3 or 4: the BUG cells, then (type 3) its naked set's
/// other cells as the finding's fins.
fn bug_words(grid: &Grid, f: &Finding) -> String {
    let shape = grid.geo.shape;
    let cell = |c: u16| cell_name(shape, Cell(c));
    let digits = |mask: u64| list(bits(mask).map(|d| digit(d as u8 + 1)));
    let (bugs, set) = (&f.cells[..], &f.fins[..]);
    let named = |cs: &[u16]| {
        list(
            cs.iter()
                .map(|&c| format!("{} ({})", cell(c), options(grid.cands[c as usize]))),
        )
    };
    let lead = format!(
        "Every other empty cell has two candidates: were {} to lose their extra digits, every digit would have two places in each house, a pattern with no single solution. So one of them keeps an extra digit",
        named(bugs)
    );
    let removals = removals_by_digit(grid, &f.eliminations);
    match f.technique {
        Technique::Bug2 => format!(
            "{lead}, which is {} in each: one of them is {}, so no cell that sees them all can be: {removals}",
            digits(f.digits),
            digits(f.digits)
        ),
        Technique::Bug3 => format!(
            "{lead}. With {} they make a naked set of {} in their house, so no other cell there can hold those: {removals}",
            named(set),
            digits(f.digits)
        ),
        _ => format!(
            "{lead}. In a house they share, {} can only go in them, so one of them is {}; the other keeps its extra digit, so neither holds its last candidate: {removals}",
            digits(f.digits),
            digits(f.digits)
        ),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// A short line for a first hint: the technique and where to look, no
/// cells or eliminations ("an x-wing on 3 in rows 4 and 8").
pub(crate) fn summary(grid: &Grid, f: &Finding) -> String {
    let house = |h: u16| grid.geo.house(h as usize).to_string();
    let digits = |mask: u64| list(bits(mask).map(|d| digit(d as u8 + 1)));
    let name = f.technique.name();
    let article = match name.as_bytes().first() {
        _ if matches!(f.technique, Technique::Pointing | Technique::Claiming) => "",
        _ if matches!(
            f.technique,
            Technique::RuleOf45 | Technique::RuleOf45Houses | Technique::VirtualCage
        ) =>
        {
            "the "
        }
        _ if f.technique == Technique::CombinationsCrossed => "",
        Some(b'a' | b'e' | b'i' | b'o' | b'x') => "an ",
        _ if name.ends_with('s') => "",
        _ => "a ",
    };
    let lines = |rows: bool, mask: u64| {
        let kind = if rows { "rows" } else { "columns" };
        format!("{kind} {}", list(bits(mask).map(|i| (i + 1).to_string())))
    };
    let area = match f.pattern {
        Pattern::Cell if f.technique == Technique::BugPlusOne => String::new(),
        // A chain through a few digits is named by them ("an alternating
        // inference chain on 5, 8 and 9"); past three they no longer
        // narrow the search.
        Pattern::Chain if f.digits.count_ones() <= 3 => format!(" on {}", digits(f.digits)),
        Pattern::Chain => String::new(),
        Pattern::Cell => {
            let c = f.cells[0] as usize;
            format!(" in {}", house(grid.geo.standard_houses[c][0]))
        }
        Pattern::House(h) => format!(" in {}", house(h)),
        Pattern::Intersection { within, along } => {
            format!(
                " on {} in {} and {}",
                digits(f.digits),
                house(within),
                house(along)
            )
        }
        Pattern::Fish { rows, base, .. } => {
            format!(" on {} in {}", digits(f.digits), lines(rows, base))
        }
        Pattern::Turbot { first, second } => {
            format!(
                " on {} in {} and {}",
                digits(f.digits),
                house(first),
                house(second)
            )
        }
        Pattern::EmptyRectangle { bx, .. } => format!(" on {} in {}", digits(f.digits), house(bx)),
        Pattern::Rectangle => {
            let n = grid.size();
            let (a, d) = (f.cells[0] as usize, f.cells[3] as usize);
            format!(
                " on {} in rows {} and {}",
                digits(f.digits),
                a / n + 1,
                d / n + 1
            )
        }
        Pattern::Leftovers { rows, first, count } => {
            let kind = if rows { "rows" } else { "columns" };
            let (first, count) = (first as usize + 1, count as usize);
            if count == 1 {
                format!(" in {} {first}", &kind[..kind.len() - 1])
            } else {
                format!(" in {kind} {first}-{}", first + count - 1)
            }
        }
        Pattern::Cage { cage } => format!(" in {}", super::cages::cage_name(grid, cage as usize)),
        Pattern::CageHouse { cage, house } => {
            let cage = super::cages::cage_name(grid, cage as usize);
            let digits = digits(f.digits);
            match house {
                u16::MAX => format!(" ({digits}) of {cage}"),
                h => format!(" ({digits}) of {cage} in {}", grid.geo.house(h as usize)),
            }
        }
        Pattern::Innies { houses, .. } if f.technique == Technique::InnieOutieDifference => {
            format!(" on {}", super::innies::region_name(grid, houses))
        }
        Pattern::Innies { houses, outies } => format!(
            " on {} ({})",
            super::innies::region_name(grid, houses),
            if outies { "outies" } else { "innies" }
        ),
        Pattern::Wing
        | Pattern::WWing { .. }
        | Pattern::Colours { .. }
        | Pattern::MultiColours { .. } => {
            format!(" on {}", digits(f.digits))
        }
    };
    format!("{article}{name}{area}")
}

pub(super) fn digit(d: u8) -> String {
    Digit::new(d).map_or_else(|| d.to_string(), digit_text)
}

/// "3 or 5", "1, 3 or 9".
pub(super) fn options(mask: u64) -> String {
    join(bits(mask).map(|d| digit(d as u8 + 1)), "or")
}

/// "a", "a and b", "a, b and c".
pub(super) fn list(items: impl Iterator<Item = String>) -> String {
    join(items, "and")
}

fn join(items: impl Iterator<Item = String>, last: &str) -> String {
    let items: Vec<String> = items.collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// "7 is removed from r4c1 and r4c2", "3 is removed from r1c7, 8 from r1c9".
pub(crate) fn removals_by_digit(grid: &Grid, eliminations: &[(u16, u8)]) -> String {
    let shape = grid.geo.shape;
    let mut by_digit: Vec<(u8, Vec<String>)> = Vec::new();
    for &(c, d) in eliminations {
        match by_digit.iter_mut().find(|(x, _)| *x == d) {
            Some((_, cells)) => cells.push(cell_name(shape, Cell(c))),
            None => by_digit.push((d, vec![cell_name(shape, Cell(c))])),
        }
    }
    by_digit.sort_by_key(|(d, _)| *d);
    let parts: Vec<String> = by_digit
        .into_iter()
        .enumerate()
        .map(|(i, (d, cells))| {
            let verb = if i == 0 { " is removed" } else { "" };
            format!("{}{verb} from {}", digit(d), list(cells.into_iter()))
        })
        .collect();
    parts.join(", ")
}

/// "r1c2 loses 1, r1c5 loses 4 and 6".
pub(super) fn removals_by_cell(grid: &Grid, eliminations: &[(u16, u8)]) -> String {
    let shape = grid.geo.shape;
    let mut by_cell: Vec<(u16, Vec<String>)> = Vec::new();
    for &(c, d) in eliminations {
        match by_cell.iter_mut().find(|(x, _)| *x == c) {
            Some((_, ds)) => ds.push(digit(d)),
            None => by_cell.push((c, vec![digit(d)])),
        }
    }
    let parts: Vec<String> = by_cell
        .into_iter()
        .map(|(c, ds)| {
            format!(
                "{} loses {}",
                cell_name(shape, Cell(c)),
                list(ds.into_iter())
            )
        })
        .collect();
    parts.join(", ")
}

/// The kinds of houses a cell is in, for "its row, column and box": a
/// jigsaw's region, a variant's diagonal or window by name.
fn house_kinds(shape: crate::Shape, cell: Cell) -> String {
    use crate::House;
    let mut kinds: Vec<&str> = Vec::new();
    for house in shape.houses_of(cell) {
        let kind = match house {
            House::Row(_) => "row",
            House::Col(_) => "column",
            House::Box(_) => "box",
            House::Region(_) => "region",
            House::Diagonal(_) if kinds.contains(&"diagonal") => {
                kinds.retain(|&k| k != "diagonal");
                "diagonals"
            }
            House::Diagonal(_) => "diagonal",
            House::Window(_) => "window",
        };
        kinds.push(kind);
    }
    match kinds.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => kinds.concat(),
    }
}
