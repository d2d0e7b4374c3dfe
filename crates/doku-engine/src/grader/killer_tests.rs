//! The killer techniques, each on a small constructed position (its
//! removals and its words), and the published killers solved by logic
//! alone, every step checked against the published solution.

use super::grid::test_cells::{at, expected, removals};
use super::grid::{Finding, Grid};
use super::{find_next, Found, Technique};
use crate::board::{Board, Candidates};
use crate::format::parse_puzzle;
use crate::killer::Cages;
use crate::shape::{Cell, Shape};
use crate::ShapeHint;
use std::sync::Arc;

/// A 9x9 with these cages (cells by name, sum) and no givens.
fn killer(cages: &[(&[&str], u32)]) -> Board {
    let list = cages.iter().map(|(cells, sum)| {
        let cells: Vec<Cell> = cells.iter().map(|&c| Cell(at(c))).collect();
        (cells, Some(*sum))
    });
    let cages = Cages::new(Shape::CLASSIC, list).expect("cages");
    Board::empty(Shape::CLASSIC).with_cages(Some(Arc::new(cages)))
}

/// The grid of a board with some cells narrowed to notes ("r1c1", "56").
fn grid(board: &Board, notes: &[(&str, &str)]) -> Grid {
    let mut grid = Grid::new(board).expect("no clash");
    let mut all = vec![Candidates::NONE; 81];
    for &(cell, digits) in notes {
        all[at(cell) as usize] = Candidates(digits.bytes().fold(0u64, |m, b| m | 1 << (b - b'1')));
    }
    grid.restrict_to_notes(&all);
    grid
}

fn find(technique: Technique, grid: &Grid) -> Finding {
    let mut f = Finding::default();
    assert!(technique.find(grid, &mut f), "no {technique}");
    f
}

fn step_words(grid: &Grid, f: &Finding) -> (String, String) {
    let step = super::to_step(grid, f);
    (step.summary, step.explanation)
}

#[test]
fn cage_combinations_keep_the_digits_a_sum_allows() {
    let board = killer(&[(&["r1c1", "r1c2"], 16)]);
    let grid = grid(&board, &[]);
    let f = find(Technique::CageCombinations, &grid);
    let mut pairs = Vec::new();
    for cell in ["r1c1", "r1c2"] {
        for d in [1, 2, 3, 4, 5, 6, 8] {
            pairs.push((cell, d));
        }
    }
    assert_eq!(removals(&f), expected(&pairs));
    assert_eq!(f.rating, 11);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(summary, "cage combinations in the 16-cage at r1c1");
    assert_eq!(
        words,
        "The 16-cage at r1c1 makes 16 in 2 cells: 7+9 only. So none of its cells can be 1, 2, 3, 4, 5, 6 or 8"
    );
    // Nothing on a board without cages.
    let classic = Grid::new(&Board::empty(Shape::CLASSIC)).expect("empty");
    assert!(!Technique::CageCombinations.find(&classic, &mut Finding::default()));
}

#[test]
fn a_placed_digit_leaves_its_cage_and_narrows_the_sum() {
    let board = killer(&[(&["r1c1", "r1c2", "r1c3"], 20)]);
    let mut values = vec![0u8; 81];
    values[0] = 8;
    let board = board.with_values(values).expect("a board");
    let grid = grid(&board, &[]);
    // 8 placed leaves the cage (as it leaves the row and box).
    assert_eq!(grid.cands[at("r2c3") as usize] & (1 << 7), 0);
    let f = find(Technique::CageCombinations, &grid);
    let (_, words) = step_words(&grid, &f);
    assert!(
        words.starts_with(
            "The 20-cage at r1c1 has 8 placed: its other 2 cells make 20 − 8 = 12: 3+9 or 5+7"
        ),
        "{words}"
    );
    // 4+8 is out (8 is placed): 1, 2 and 6 go.
    let mut pairs = Vec::new();
    for cell in ["r1c2", "r1c3"] {
        for d in [1, 2, 4, 6] {
            pairs.push((cell, d));
        }
    }
    assert_eq!(removals(&f), expected(&pairs));
}

#[test]
fn a_cage_inside_a_house_keeps_its_must_haves_from_the_rest_of_it() {
    let board = killer(&[(&["r1c1", "r1c2"], 3)]);
    let grid = grid(&board, &[]);
    let f = find(Technique::CageInHouse, &grid);
    let mut pairs = Vec::new();
    for c in 3..=9 {
        pairs.push((format!("r1c{c}"), 1));
        pairs.push((format!("r1c{c}"), 2));
    }
    let pairs: Vec<(&str, u8)> = pairs.iter().map(|(c, d)| (c.as_str(), *d)).collect();
    assert_eq!(removals(&f), expected(&pairs));
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(
        summary,
        "a cage inside a house (1 and 2) of the 3-cage at r1c1 in row 1"
    );
    assert!(
        words.starts_with("The 3-cage at r1c1 makes 3 in 2 cells: 1+2, always with 1 and 2. The cage lies inside row 1, so no other cell of row 1 can hold 1 or 2: 1 is removed from r1c3"),
        "{words}"
    );
}

#[test]
fn a_locked_must_have_leaves_every_cell_that_sees_its_places() {
    // 6 in three cells is 1+2+3; the cage spans boxes 1 and 2 and rows 1-2.
    let board = killer(&[(&["r1c3", "r1c4", "r2c4"], 6)]);
    let grid = grid(&board, &[]);
    assert!(!Technique::CageInHouse.find(&grid, &mut Finding::default()));
    let f = find(Technique::LockedMustHave, &grid);
    assert_eq!(removals(&f), expected(&[("r1c5", 1), ("r1c6", 1)]));
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(summary, "a locked must-have (1) of the 6-cage at r1c3");
    assert_eq!(
        words,
        "The 6-cage at r1c3 makes 6 in 3 cells: 1+2+3, every one with 1. Its 1 can only go in r1c3, r1c4 and r2c4, so no cell that sees all of them can be 1: 1 is removed from r1c5 and r1c6"
    );
    // Its places in one house: the rest of the house.
    let grid2 = self::grid(&board, &[("r2c4", "23456789")]);
    let f = find(Technique::LockedMustHave, &grid2);
    let row: Vec<String> = [1, 2, 5, 6, 7, 8, 9]
        .iter()
        .map(|c| format!("r1c{c}"))
        .collect();
    let pairs: Vec<(&str, u8)> = row.iter().map(|c| (c.as_str(), 1)).collect();
    assert_eq!(removals(&f), expected(&pairs));
    assert!(
        f.text.contains(
            "Its 1 can only go in r1c3 and r1c4, in row 1, so no other cell of it can be 1"
        ),
        "{}",
        f.text
    );
}

#[test]
fn combinations_that_the_candidates_cannot_hold_are_dropped() {
    let board = killer(&[(&["r1c1", "r1c2"], 15)]);
    let grid = grid(&board, &[("r1c1", "56"), ("r1c2", "789")]);
    let f = find(Technique::CombinationsCrossed, &grid);
    assert_eq!(
        removals(&f),
        expected(&[("r1c1", 5), ("r1c2", 7), ("r1c2", 8)])
    );
    assert_eq!(f.rating, 24);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(
        summary,
        "combinations crossed with candidates in the 15-cage at r1c1"
    );
    assert_eq!(
        words,
        "The 15-cage at r1c1 makes 15 in 2 cells: 6+9 or 7+8. 7+8 cannot be placed in its cells' candidates (r1c1 5 or 6 and r1c2 7, 8 or 9). With 6+9 left, its cells can hold only: r1c1 loses 5, r1c2 loses 7 and 8"
    );
}

#[test]
fn combinations_that_lack_a_digit_a_house_needs_from_the_cage_are_dropped() {
    let board = killer(&[(&["r1c1", "r1c2"], 10)]);
    let mut notes = vec![("r1c1", "12346789"), ("r1c2", "12346789")];
    let names: Vec<String> = (3..=9).map(|c| format!("r1c{c}")).collect();
    for name in &names {
        notes.push((name.as_str(), "12356789"));
    }
    let grid = grid(&board, &notes);
    let f = find(Technique::CombinationsCrossed, &grid);
    let mut pairs = Vec::new();
    for cell in ["r1c1", "r1c2"] {
        for d in [1, 2, 3, 7, 8, 9] {
            pairs.push((cell, d));
        }
    }
    assert_eq!(removals(&f), expected(&pairs));
    assert_eq!(f.rating, 27);
    assert!(
        f.text
            .contains("1+9 lacks 4, which row 1 can only place in this cage"),
        "{}",
        f.text
    );
}

/// Row 1: four two-cell cages inside it (3, 7, 11, 15) and r1c9 in a cage
/// with r2c9.
fn row_of_cages(last: (&'static [&'static str], u32)) -> Board {
    killer(&[
        (&["r1c1", "r1c2"], 3),
        (&["r1c3", "r1c4"], 7),
        (&["r1c5", "r1c6"], 11),
        (&["r1c7", "r1c8"], 15),
        last,
    ])
}

#[test]
fn the_rule_of_45_on_one_house_places_a_lone_innie() {
    let board = row_of_cages((&["r1c9", "r2c9"], 12));
    let grid = grid(&board, &[]);
    let f = find(Technique::RuleOf45, &grid);
    assert_eq!(f.placements, vec![(at("r1c9"), 9)]);
    assert_eq!(f.rating, 15);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(summary, "the rule of 45 on row 1 (innies)");
    assert_eq!(
        words,
        "Row 1 adds up to 45 and the cages inside it make 36 (3+7+11+15): the innies r1c9 = 45 − 36 = 9: r1c9 is 9"
    );
}

#[test]
fn the_rule_of_45_takes_the_fewest_cells_innies_or_outies() {
    let board = killer(&[
        (&["r1c1", "r1c2"], 3),
        (&["r1c3", "r1c4"], 7),
        (&["r1c5", "r1c6"], 11),
        (&["r1c7"], 7),
        (&["r1c8", "r1c9", "r2c9"], 20),
    ]);
    let grid = grid(&board, &[]);
    let f = find(Technique::RuleOf45, &grid);
    // Innies r1c8+r1c9 = 17 (two cells), outie r2c9 = 28 + 20 - 45 = 3.
    assert_eq!(f.placements, vec![(at("r2c9"), 3)]);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(summary, "the rule of 45 on row 1 (outies)");
    assert_eq!(
        words,
        "Row 1 adds up to 45, and the cages inside it and those that cross it make 48 (28 inside + 20): the outies r2c9 = 48 − 45 = 3: r2c9 is 3"
    );
    // The innies as a virtual cage: r1c8+r1c9 = 17 is 8+9.
    let mut grid2 = grid.clone();
    grid2.place(at("r2c9") as usize, 3);
    let f = find(Technique::RuleOf45, &grid2);
    assert_eq!(f.rating, 18);
    assert!(f.text.contains("the innies r1c8+r1c9 = 45 − 28 = 17, which these cells can only make as 8+9: r1c8 loses 1, 2"), "{}", f.text);
}

#[test]
fn the_rule_of_45_on_a_band_of_two_rows() {
    // Rows 1-2: eight two-cell cages down columns 1-8, and a cage down
    // column 9 into row 3 (r1c9, r2c9, r3c9).
    let board = killer(&[
        (&["r1c1", "r2c1"], 5),
        (&["r1c2", "r2c2"], 7),
        (&["r1c3", "r2c3"], 9),
        (&["r1c4", "r2c4"], 11),
        (&["r1c5", "r2c5"], 13),
        (&["r1c6", "r2c6"], 15),
        (&["r1c7", "r2c7"], 8),
        (&["r1c8", "r2c8"], 10),
        (&["r1c9", "r2c9", "r3c9"], 17),
    ]);
    let grid = grid(&board, &[]);
    let f = find(Technique::RuleOf45Houses, &grid);
    assert_eq!(f.placements, vec![(at("r3c9"), 5)]);
    assert_eq!(f.rating, 25);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(
        summary,
        "the rule of 45 (several houses) on rows 1-2 (outies)"
    );
    assert!(
        words.starts_with("Rows 1-2 add up to 90, and the cages inside it and those that cross it make 95 (78 inside + 17): the outies r3c9 = 95 − 90 = 5"),
        "{words}"
    );
}

#[test]
fn three_innies_make_a_virtual_cage() {
    let board = killer(&[
        (&["r1c1", "r1c2"], 3),
        (&["r1c3", "r1c4"], 7),
        (&["r1c5", "r1c6"], 11),
        (&["r1c7", "r2c7"], 10),
        (&["r1c8", "r2c8"], 10),
        (&["r1c9", "r2c9"], 10),
    ]);
    let grid = grid(&board, &[]);
    assert!(!Technique::RuleOf45.find(&grid, &mut Finding::default()));
    let f = find(Technique::VirtualCage, &grid);
    let mut pairs = Vec::new();
    for cell in ["r1c7", "r1c8", "r1c9"] {
        for d in 1..=6 {
            pairs.push((cell, d));
        }
    }
    assert_eq!(removals(&f), expected(&pairs));
    assert_eq!(f.rating, 26);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(summary, "the rule of 45 virtual cage on row 1 (innies)");
    assert!(
        words.starts_with("Row 1 adds up to 45 and the cages inside it make 21 (3+7+11): the innies r1c7+r1c8+r1c9 = 45 − 21 = 24, which these cells can only make as 7+8+9: r1c7 loses 1, 2, 3, 4, 5 and 6"),
        "{words}"
    );
}

#[test]
fn an_innie_less_an_outie_makes_a_known_difference() {
    let board = killer(&[
        (&["r1c1", "r1c2"], 3),
        (&["r1c3", "r1c4"], 7),
        (&["r1c5", "r1c6"], 11),
        (&["r1c7", "r2c7"], 10),
        (&["r1c8", "r1c9", "r2c9"], 20),
    ]);
    let grid = grid(&board, &[]);
    let f = find(Technique::InnieOutieDifference, &grid);
    let mut pairs = Vec::new();
    for d in 1..=4 {
        pairs.push(("r1c7", d));
        pairs.push(("r2c9", d + 5));
    }
    assert_eq!(removals(&f), expected(&pairs));
    assert_eq!(f.rating, 28);
    let (summary, words) = step_words(&grid, &f);
    assert_eq!(summary, "an innie-outie difference on row 1");
    assert_eq!(
        words,
        "Row 1 adds up to 45: the cages inside make 21, the 20-cage at r1c8 gives 20 less its outie r2c9, and the innie r1c7 the rest. So r1c7 − r2c9 = 45 − 21 − 20 = 4: r1c7 loses 1, 2, 3 and 4, r2c9 loses 6, 7, 8 and 9"
    );
}

#[test]
fn uniqueness_techniques_never_apply_on_a_killer() {
    let board = killer(&[(&["r1c1", "r1c2"], 3)]);
    let mut grid = grid(&board, &[]);
    grid.unique = true;
    for &t in Technique::ALL.iter().filter(|t| t.needs_uniqueness()) {
        assert!(!t.find(&grid, &mut Finding::default()), "{t}");
    }
}

/// Published killers and their solutions (tests/fixtures/killer).
const PUBLISHED: &[(&str, &str)] = &[
    // Wikipedia's "Killer sudoku" example (tests/fixtures/killer).
    (
        "................................................................................. aabbbcdefgghhccdefggiicjkkflmminjkoflppqnjoorsptqnuvvrsttqwuuxxsyzwwAAxxsyzwBBBCC a=3,b=15,c=22,d=4,e=16,f=15,g=25,h=17,i=9,j=8,k=20,l=6,m=14,n=17,o=17,p=13,q=20,r=12,s=27,t=6,u=20,v=6,w=10,x=14,y=8,z=16,A=15,B=13,C=17",
    "215647398368952174794381652586274931142593867973816425821739546659428713437165289",
    ),
    // ukpuzzles.org's killer 1 (file 247), as carried with its solution
    // in the sudoku-solver crate's tests (check_killer_9x9_1_solve).
    (
        "................................................................................. aabbdeeggaacidjfgghccidjffkhiiinjjjklllnnnmmmopppnqqqrosspvqxxrttspvqxyyttuuvwwyy a=20,b=9,c=22,d=17,e=9,f=18,g=20,h=8,i=16,j=27,k=11,l=12,m=22,n=15,o=8,p=30,q=17,r=11,s=11,t=24,u=16,v=19,w=10,x=16,y=17",
        "632798154478165392195324786724639815813452679569817243346571928981243567257986431",
    ),
    // killersudokuonline.com's tips example, with its solution from the
    // same tests (check_killer_9x9_2_solve).
    (
        "................................................................................. aabbbcccdefghijjjdefghikkklmmghqnnnloooqqqppprsssqtuvvrwwwxtuyzABBBxtuyzACCCDDDEE a=6,b=18,c=14,d=16,e=17,f=6,g=17,h=16,i=4,j=12,k=16,l=9,m=4,n=23,o=15,p=16,q=21,r=9,s=24,t=9,u=14,v=6,w=7,x=17,y=12,z=14,A=12,B=11,C=23,D=13,E=4",
        "423968517856417329917532684134726895285149763679853142341285976762391458598674231",
    ),
];

#[test]
fn published_killers_solve_by_logic_alone_every_step_sound() {
    for &(line, solution) in PUBLISHED {
        let board = parse_puzzle(line, ShapeHint::Infer).expect("a killer");
        assert!(board.is_killer());
        let truth: Vec<u8> = solution.bytes().map(|b| b - b'0').collect();
        for rules in [super::Rules::Explainer, super::Rules::Every] {
            let mut grid = Grid::new(&board).expect("no clash");
            grid.unique = true;
            let mut f = Finding::default();
            let mut used = Vec::new();
            while grid.empty > 0 && super::find_next_by(&grid, rules, false, &mut f) == Found::Step
            {
                for &(c, d) in &f.placements {
                    assert_eq!(truth[c as usize], d, "{:?}: {}", f.technique, f.text);
                }
                for &(c, d) in &f.eliminations {
                    assert_ne!(truth[c as usize], d, "{:?}: {}", f.technique, f.text);
                }
                used.push(f.technique);
                grid.apply(&f);
            }
            assert_eq!(grid.empty, 0, "{rules:?} stalled after {used:?}");
            assert_eq!(grid.values, truth);
            assert!(used.iter().any(|t| t.is_killer()));
        }
        let grade = super::grade(&board);
        assert_eq!(grade.solutions, super::Solutions::Unique);
        assert!(
            grade
                .rating
                .is_some_and(|r| r < super::TRIAL_AND_ERROR_RATING),
            "{grade:?}"
        );
        let path = super::solve_logically(&board);
        assert!(path.solved);
        assert!(path.board.is_killer(), "the path's board keeps its cages");
        assert_eq!(path.board.values(), &truth[..]);
    }
    let _ = find_next;
}

#[test]
#[ignore = "prints the published killer's path"]
fn print_published_path() {
    for (line, _) in PUBLISHED {
        let board = parse_puzzle(line, ShapeHint::Infer).expect("a killer");
        let start = std::time::Instant::now();
        let grade = super::grade(&board);
        eprintln!("{grade:?} in {:?}", start.elapsed());
        let (_, path) = super::grade_and_solve_logically(&board, super::Rules::Explainer);
        for s in &path.steps {
            if s.technique != Technique::HiddenSingle && s.technique != Technique::CageCombinations
            {
                eprintln!(
                    "{} [{}] {} | {}",
                    s.technique, s.rating, s.summary, s.explanation
                );
            }
        }
    }
}

/// A killer cut from a filled grid: cages of two to `most` cells grown
/// from each uncaged cell in reading order (no digit twice in a cage), by
/// a small deterministic generator, the sums taken from the grid.
fn cut(solution: &Board, seed: u64, most: usize) -> Board {
    let shape = solution.shape();
    let n = shape.size();
    let values = solution.values();
    let mut state = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let mut next = |bound: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % bound
    };
    let mut cage_of = vec![usize::MAX; n * n];
    let mut cages: Vec<Vec<usize>> = Vec::new();
    for start in 0..n * n {
        if cage_of[start] != usize::MAX {
            continue;
        }
        let size = 2 + next(most - 1);
        let mut cells = vec![start];
        cage_of[start] = cages.len();
        let mut digits = 1u64 << values[start];
        while cells.len() < size {
            let mut options = Vec::new();
            for &c in &cells {
                let (r, col) = (c / n, c % n);
                let around = [
                    (r > 0).then(|| c - n),
                    (r + 1 < n).then(|| c + n),
                    (col > 0).then(|| c - 1),
                    (col + 1 < n).then(|| c + 1),
                ];
                for m in around.into_iter().flatten() {
                    if cage_of[m] == usize::MAX && digits & 1 << values[m] == 0 {
                        options.push(m);
                    }
                }
            }
            if options.is_empty() {
                break;
            }
            let pick = options[next(options.len())];
            cage_of[pick] = cages.len();
            digits |= 1 << values[pick];
            cells.push(pick);
        }
        cages.push(cells);
    }
    let list = cages.iter().map(|cells| {
        let sum: u32 = cells.iter().map(|&c| u32::from(values[c])).sum();
        (cells.iter().map(|&c| Cell(c as u16)).collect(), Some(sum))
    });
    let cages = Cages::new(shape, list).expect("cages");
    Board::empty(shape).with_cages(Some(Arc::new(cages)))
}

/// Runs logic on a killer under `rules`, every step checked against the
/// solution; returns whether logic finished and the techniques used.
fn sound_path(board: &Board, truth: &[u8], rules: super::Rules) -> (bool, Vec<Technique>) {
    let mut grid = Grid::new(board).expect("no clash");
    grid.unique = true;
    let mut f = Finding::default();
    let mut used = Vec::new();
    while grid.empty > 0 && super::find_next_by(&grid, rules, false, &mut f) == Found::Step {
        for &(c, d) in &f.placements {
            assert_eq!(truth[c as usize], d, "{:?}: {}", f.technique, f.text);
        }
        for &(c, d) in &f.eliminations {
            assert_ne!(truth[c as usize], d, "{:?}: {}", f.technique, f.text);
        }
        used.push(f.technique);
        grid.apply(&f);
    }
    (grid.empty == 0, used)
}

#[test]
fn killers_cut_from_filled_grids_take_only_sound_steps() {
    let published = parse_puzzle(PUBLISHED[0].1, ShapeHint::Infer).expect("a grid");
    let grids = [
        published,
        Board::empty(Shape::sudoku(6).expect("6x6"))
            .solution()
            .expect("a 6x6 grid"),
        Board::empty(Shape::sudoku(4).expect("4x4"))
            .solution()
            .expect("a 4x4 grid"),
    ];
    let (mut unique, mut solved) = (0, 0);
    let mut seen = std::collections::BTreeSet::new();
    let mut grades = Vec::new();
    for grid in &grids {
        for seed in 0..60 {
            let most = match grid.size() {
                9 => 3 + seed as usize % 4,
                _ => 3,
            };
            let board = cut(grid, seed, most);
            if board.count_solutions_up_to(2) != 1 {
                continue;
            }
            unique += 1;
            for rules in [super::Rules::Explainer, super::Rules::Every] {
                let (done, used) = sound_path(&board, grid.values(), rules);
                solved += usize::from(done && rules == super::Rules::Explainer);
                seen.extend(used.iter().filter(|t| t.is_killer()).copied());
            }
            let grade = super::grade(&board);
            assert_eq!(grade.solutions, super::Solutions::Unique, "seed {seed}");
            grades.push((grade.rating, grade.hardest));
        }
    }
    assert!(unique >= 10, "only {unique} unique killers");
    assert!(solved >= 1, "none solved by logic");
    eprintln!("{unique} unique, {solved} solved; killer techniques used: {seen:?}");
    eprintln!("{grades:?}");
}

#[test]
fn a_killers_hints_name_the_cage_then_show_the_arithmetic() {
    let board = parse_puzzle(PUBLISHED[0].0, ShapeHint::Infer).expect("a killer");
    let super::Advice::Step(step) = super::next_hint(&board, &board, None) else {
        panic!("a step");
    };
    assert_eq!(step.technique, Technique::CageCombinations);
    // Level 1: the technique and the cage; level 2: cells and arithmetic.
    assert_eq!(step.summary, "cage combinations in the 3-cage at r1c1");
    assert!(step.explanation.contains("makes 3 in 2 cells: 1+2 only"));
    assert_eq!(step.cells, vec![Cell(0), Cell(1)]);
    assert_eq!(step.eliminations.len(), 14);
    // With the cage combinations in the player's notes, the rule of 45.
    let mut grid = Grid::new(&board).expect("no clash");
    let mut f = Finding::default();
    while Technique::CageCombinations.find(&grid, &mut f) {
        grid.apply(&f);
    }
    let notes: Vec<Candidates> = grid.cands.iter().map(|&c| Candidates(c)).collect();
    let super::Advice::Step(step) = super::next_hint(&board, &board, Some(&notes)) else {
        panic!("a step");
    };
    assert_eq!(step.technique, Technique::RuleOf45);
    assert!(
        step.summary.starts_with("the rule of 45 on "),
        "{}",
        step.summary
    );
    // "the outies r4c7+r4c9 = 55 − 45 = 10".
    assert!(
        step.explanation.contains("r4c7+r4c9 = 55 − 45 = 10"),
        "{}",
        step.explanation
    );
}

#[test]
fn a_16x16_killer_takes_only_sound_steps_and_grades_without_a_house_only_count() {
    let shape = Shape::sudoku(16).expect("16x16");
    // A filled 16x16: row r is the first row shifted by 4 (r mod 4) + r / 4.
    let values: Vec<u8> = (0..256)
        .map(|i| {
            let (r, c) = (i / 16, i % 16);
            ((4 * (r % 4) + r / 4 + c) % 16 + 1) as u8
        })
        .collect();
    let solution = Board::from_values(shape, values).expect("a grid");
    assert!(solution.is_solved());
    let board = cut(&solution, 7, 4);
    let (_, used) = sound_path(&board, solution.values(), super::Rules::Explainer);
    assert!(used.iter().any(|t| t.is_killer()));
    let grade = super::grade(&board);
    assert!(grade.rating.is_some() || grade.solutions != super::Solutions::Unique);
}

/// A dealt killer whose cage logic stops early: forcing chains finish it,
/// following the cages as they go (a digit removed from a cage narrows its
/// other cells; a cage that can no longer make its sum breaks the branch).
/// Before they did, this one was "trial and error".
const NEEDS_CAGES_IN_CHAINS: &str = "................................................................................. aaabccddeaaafghddeiijjkhdllimmkkhllnooppkhqqnropppsqtnrrrsssutvwwwwxxutvyyxxxxuuv a=27,b=5,c=12,d=17,e=14,f=7,g=8,h=16,i=24,j=7,k=14,l=19,m=15,n=16,o=9,p=28,q=16,r=21,s=16,t=24,u=23,v=6,w=20,x=36,y=5";

#[test]
fn forcing_chains_follow_the_cages_and_stay_sound() {
    let board = parse_puzzle(NEEDS_CAGES_IN_CHAINS, ShapeHint::Infer).expect("a killer");
    let truth = board.solution().expect("a solution");
    assert_eq!(board.count_solutions_up_to(2), 1);
    let mut grid = Grid::new(&board).expect("no clash");
    grid.unique = true;
    let mut f = Finding::default();
    let (mut forcing, mut cage_clash) = (0, false);
    while grid.empty > 0
        && super::find_next_by(&grid, super::Rules::Explainer, false, &mut f) == Found::Step
    {
        for &(c, d) in &f.placements {
            assert_eq!(truth.values()[c as usize], d, "{}", f.text);
        }
        for &(c, d) in &f.eliminations {
            assert_ne!(truth.values()[c as usize], d, "{}", f.text);
        }
        if super::forcing::level_of(f.technique).is_some()
            || matches!(
                f.technique,
                Technique::CellForcingChain | Technique::UnitForcingChain
            )
        {
            forcing += 1;
            cage_clash |= f.text.contains("can no longer make its sum");
        }
        grid.apply(&f);
    }
    assert_eq!(grid.empty, 0, "logic finishes");
    assert!(forcing > 0, "it needs forcing chains");
    assert!(cage_clash, "some branch breaks on a cage's sum");
    let grade = super::grade(&board);
    assert_eq!(grade.difficulty, super::Difficulty::Extreme);
    assert!(grade
        .rating
        .is_some_and(|r| r < super::TRIAL_AND_ERROR_RATING));
}
