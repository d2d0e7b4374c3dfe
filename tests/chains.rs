//! Chains and forcing nets: published examples with their eliminations,
//! the shape of every chain found (each link a real link of the grid), and
//! their ratings.

use doku::engine::format::parse_puzzle;
use doku::engine::grader::{find_technique, ChainLink, LogicStep, Technique};
use doku::engine::{Board, Candidates, Cell, Digit, Shape, ShapeHint};
use std::collections::BTreeSet;

fn puzzle(text: &str) -> Board {
    parse_puzzle(text, ShapeHint::Infer).expect("test puzzle parses")
}

fn cell(shape: Shape, name: &str) -> Cell {
    let (r, c) = name[1..].split_once('c').expect("rNcN");
    shape.cell(
        r.parse::<usize>().expect("row") - 1,
        c.parse::<usize>().expect("column") - 1,
    )
}

fn digits(text: &str) -> Candidates {
    text.bytes().filter_map(|b| Digit::new(b - b'0')).collect()
}

/// Notes for a 9x9 board from nine rows of nine candidate lists.
fn notes_of(rows: [&str; 9]) -> Vec<Candidates> {
    rows.iter()
        .flat_map(|row| row.split_whitespace().map(digits).collect::<Vec<_>>())
        .collect()
}

/// Leren's position of January 6, 2020 on the enjoysudoku forum: a loop
/// (1=6)r7c7 - 6r8c8 = 6r8c1 - (5)r8c1 = 5r8c9 - (5=1)r7c9 - loop removes
/// 1 from r7c1, 7 and 8 from r8c1, 1 and 6 from r9c7, 6 from r9c8, 1 and 5
/// from r9c9. Candidates as published, with the removed ones put back.
const LEREN_PUZZLE: &str =
    "...........12345...2.6.5.7..58...31..6.....5..17...82..3.7.2.4...21439...........";
const LEREN_NOTES: [&str; 9] = [
    "345689 489 34569 89 1789 1789 1246 369 1234",
    "679 79 1 2 3 4 5 69 8",
    "3489 2 349 6 189 5 14 7 134",
    "249 5 8 49 2679 679 3 1 4679",
    "2349 6 349 3489 12789 1789 47 5 479",
    "349 1 7 3459 569 69 8 2 469",
    "15689 3 569 7 5689 2 16 4 15",
    "5678 78 2 1 4 3 9 68 57",
    "1456789 4789 4569 589 5689 689 1267 368 12357",
];

const CHAINS: [Technique; 4] = [
    Technique::RemotePair,
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
];

/// Applies the first chain step found, again and again; returns every
/// elimination made, checking each against the solution.
fn chain_eliminations(board: &Board, notes: &mut [Candidates]) -> BTreeSet<(Cell, u8)> {
    let solution = board.solution().expect("a solution");
    let mut removed = BTreeSet::new();
    'steps: loop {
        for technique in CHAINS {
            if let Some(step) = find_technique(board, Some(notes), technique) {
                check_links(board, notes.to_vec(), &step);
                for &(c, d) in &step.eliminations {
                    assert_ne!(solution.get(c), Some(d), "wrong: {}", step.explanation);
                    removed.insert((c, d.get()));
                    notes[c.index()].remove(d);
                }
                for &(c, d) in &step.placements {
                    assert_eq!(solution.get(c), Some(d), "wrong: {}", step.explanation);
                    notes[c.index()] = std::iter::once(d).collect();
                }
                continue 'steps;
            }
        }
        return removed;
    }
}

/// Every link of a chain is a link of the grid: a weak link joins two
/// candidates of one cell or one digit in cells that see each other; a
/// strong link (static chains) joins the two digits of a bivalue cell or
/// the two places of a digit in a unit.
fn check_links(board: &Board, notes: Vec<Candidates>, step: &LogicStep) {
    let shape = board.shape();
    let cands = |c: Cell| {
        if board.get(c).is_some() {
            Candidates::NONE
        } else {
            notes[c.index()]
        }
    };
    assert!(!step.chain.is_empty(), "a chain: {step:?}");
    for link in &step.chain {
        let ChainLink { from, to } = *link;
        let linked = (from.cell == to.cell && from.digit != to.digit)
            || (from.digit == to.digit && shape.sees(from.cell, to.cell));
        assert!(linked, "{link:?} joins unrelated candidates");
        assert!(cands(from.cell).contains(from.digit), "{link:?}");
        assert!(cands(to.cell).contains(to.digit), "{link:?}");
        if link.is_strong() {
            assert!(!from.on, "a strong link starts from an off node: {link:?}");
            let strong = if from.cell == to.cell {
                cands(from.cell).len() == 2
            } else {
                shape.houses_of(from.cell).any(|h| {
                    shape.house_cells(h).any(|c| c == to.cell)
                        && shape
                            .house_cells(h)
                            .filter(|&c| cands(c).contains(from.digit))
                            .count()
                            == 2
                })
            };
            assert!(strong, "{link:?} is not a strong link");
        } else {
            assert!(from.on, "a weak link starts from an on node: {link:?}");
        }
    }
}

mod common;

/// The famous hard puzzles of the fixtures, then the first of top1465 when
/// the shared sets are there.
fn hard_puzzles(skipped: &str) -> Vec<String> {
    let mut lines: Vec<String> = common::famous().into_iter().map(|f| f.puzzle).collect();
    lines.extend(common::shared_data("magictour_top1465.txt", skipped).unwrap_or_default());
    lines
}

#[test]
fn leren_loop_eliminations_are_all_found_by_chains() {
    let board = puzzle(LEREN_PUZZLE);
    let shape = board.shape();
    let mut notes = notes_of(LEREN_NOTES);
    let removed = chain_eliminations(&board, &mut notes);
    let published = [
        ("r7c1", 1),
        ("r8c1", 7),
        ("r8c1", 8),
        ("r9c7", 1),
        ("r9c7", 6),
        ("r9c8", 6),
        ("r9c9", 1),
        ("r9c9", 5),
    ];
    for (name, d) in published {
        assert!(
            removed.contains(&(cell(shape, name), d)),
            "{d} stays in {name}: removed {removed:?}"
        );
    }
}

#[test]
fn first_chain_of_leren_is_an_aic_rated_from_7_0() {
    let board = puzzle(LEREN_PUZZLE);
    let notes = notes_of(LEREN_NOTES);
    let step = find_technique(&board, Some(&notes), Technique::Aic).expect("an AIC");
    assert_eq!(step.eliminations.len() + step.placements.len(), 1);
    assert!(step.rating >= 70, "{}", step.rating);
    // The words follow the chain: "r8c1=7 so r8c1<>5 so ...".
    assert!(step.explanation.contains(" so "), "{}", step.explanation);
    check_links(&board, notes, &step);
}

/// Shared hard sets: every chain technique's first step on the first
/// positions where logic needs them agrees with the solution and has the
/// links of its kind.
#[test]
fn chain_kinds_use_only_their_links() {
    // The shared set when present; the famous hard puzzles always.
    let text = hard_puzzles("chain kinds checked on the famous puzzles only");
    let mut seen = BTreeSet::new();
    for line in text.iter().take(60) {
        let board = puzzle(line);
        let solution = board.solution().expect("a solution");
        for technique in CHAINS {
            let Some(step) = find_technique(&board, None, technique) else {
                continue;
            };
            seen.insert(technique.name());
            for &(c, d) in &step.eliminations {
                assert_ne!(solution.get(c), Some(d), "{}", step.explanation);
            }
            let digits: BTreeSet<u8> = step
                .chain
                .iter()
                .flat_map(|l| [l.from.digit.get(), l.to.digit.get()])
                .collect();
            let strong_in_cell = step
                .chain
                .iter()
                .filter(|l| l.is_strong())
                .map(|l| l.from.cell == l.to.cell);
            match technique {
                Technique::XChain => assert_eq!(digits.len(), 1, "{step:?}"),
                Technique::XyChain | Technique::RemotePair => {
                    assert!(strong_in_cell.clone().all(|s| s), "{step:?}")
                }
                _ => {}
            }
            if technique == Technique::RemotePair {
                assert_eq!(digits.len(), 2, "{step:?}");
            }
            assert!(step.rating >= technique.se_rating());
        }
    }
    assert!(
        seen.contains("x-chain") || seen.contains("xy-chain"),
        "{seen:?}"
    );
}

#[test]
fn forcing_chains_are_sound_and_explained() {
    // The first puzzles of top1465 need dynamic forcing chains.
    // The shared set when present; the famous hard puzzles always.
    let text = hard_puzzles("forcing chains checked on the famous puzzles only");
    let mut found = 0;
    for line in text.iter().take(10) {
        let board = puzzle(line);
        let solution = board.solution().expect("a solution");
        for technique in [
            Technique::CellForcingChain,
            Technique::UnitForcingChain,
            Technique::DynamicForcingChain,
            Technique::DynamicForcingChainPlus,
        ] {
            let Some(step) = find_technique(&board, None, technique) else {
                continue;
            };
            found += 1;
            for &(c, d) in &step.eliminations {
                assert_ne!(solution.get(c), Some(d), "{}", step.explanation);
            }
            for &(c, d) in &step.placements {
                assert_eq!(solution.get(c), Some(d), "{}", step.explanation);
            }
            assert!(step.explanation.starts_with("If "), "{}", step.explanation);
            assert!(!step.chain.is_empty());
            assert!(step.rating >= technique.se_rating());
        }
    }
    assert!(found >= 10, "only {found} forcing steps");
}
