//! Killer sudoku in the engine: published killers solved and proved unique,
//! counting facts checked against an independent backtracking search that
//! shares no code with the engine (houses and cage sums from their
//! definitions), and the formats read back what they write.

mod common;

use doku::engine::format::{parse_puzzle, write, Format, ShapeHint};
use doku::engine::{Board, Cages, Cell, Shape};
use std::sync::Arc;

/// A published killer: the puzzle line and its published solution.
fn published() -> Vec<(String, String, String)> {
    common::fixture_lines("killer/published.tsv")
        .iter()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let [puzzle, solution, source] = fields[..] else {
                panic!("killer/published.tsv: not three fields: {line}");
            };
            (puzzle.into(), solution.into(), source.into())
        })
        .collect()
}

fn digits(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| c.to_digit(36).map_or(0, |d| d as u8))
        .collect()
}

/// Cages as cell lists and sums.
type CageList = [(Vec<usize>, Option<u32>)];
/// The board's size, box height and width, cages, and each cell's cage.
type Context<'a> = (usize, usize, usize, &'a CageList, &'a [usize]);

/// Counts solutions up to `limit` with plain backtracking: rows, columns and
/// boxes from their corners, each cage's digits distinct and summing to its
/// sum once full (its empty cells able to make the rest meanwhile), branching on
/// the cell with the fewest legal digits. No candidate masks, no combinations.
fn independent_count(board: &Board, limit: usize) -> usize {
    let shape = board.shape();
    let n = shape.size();
    let (br, bc) = shape.box_dims().expect("boxes");
    let cages: Vec<(Vec<usize>, Option<u32>)> = board
        .cages()
        .map(|c| {
            c.iter()
                .map(|cage| {
                    (
                        cage.cells().iter().map(|c| c.index()).collect(),
                        cage.sum().map(u32::from),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let mut cage_of = vec![usize::MAX; n * n];
    for (i, (cells, _)) in cages.iter().enumerate() {
        for &c in cells {
            cage_of[c] = i;
        }
    }
    let mut values = board.values().to_vec();
    fn ok(values: &[u8], n: usize, br: usize, bc: usize, cell: usize, v: u8) -> bool {
        let (r, c) = (cell / n, cell % n);
        (0..n).all(|k| values[r * n + k] != v && values[k * n + c] != v)
            && (0..br)
                .all(|i| (0..bc).all(|j| values[(r / br * br + i) * n + c / bc * bc + j] != v))
    }
    fn cage_ok(values: &[u8], n: usize, cells: &[usize], sum: Option<u32>) -> bool {
        let mut seen = 0u64;
        let (mut total, mut empty) = (0, 0);
        for &c in cells {
            let v = values[c];
            if v == 0 {
                empty += 1;
                continue;
            }
            if seen & (1 << v) != 0 {
                return false;
            }
            seen |= 1 << v;
            total += v as u32;
        }
        // The empty cells hold digits not yet in the cage, all different:
        // at least the smallest of those, at most the largest.
        let Some(s) = sum else { return true };
        let unused: Vec<u32> = (1..=n as u32).filter(|&d| seen & (1 << d) == 0).collect();
        let k = empty as usize;
        if k > unused.len() {
            return false;
        }
        let low: u32 = unused[..k].iter().sum();
        let high: u32 = unused[unused.len() - k..].iter().sum();
        total + low <= s && total + high >= s
    }
    fn legal(values: &mut [u8], ctx: &Context, cell: usize, v: u8) -> bool {
        let (n, br, bc, cages, cage_of) = *ctx;
        if !ok(values, n, br, bc, cell, v) {
            return false;
        }
        let cage = cage_of[cell];
        if cage == usize::MAX {
            return true;
        }
        values[cell] = v;
        let fits = cage_ok(values, n, &cages[cage].0, cages[cage].1);
        values[cell] = 0;
        fits
    }
    // Branches on the empty cell with the fewest legal digits.
    fn go(values: &mut Vec<u8>, ctx: &Context, count: &mut usize, limit: usize) {
        let n = ctx.0;
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in 0..n * n {
            if values[cell] != 0 {
                continue;
            }
            let digits: Vec<u8> = (1..=n as u8)
                .filter(|&v| legal(values, ctx, cell, v))
                .collect();
            if best.as_ref().is_none_or(|(_, b)| digits.len() < b.len()) {
                let dead = digits.is_empty();
                best = Some((cell, digits));
                if dead {
                    break;
                }
            }
        }
        let Some((cell, digits)) = best else {
            *count += 1;
            return;
        };
        for v in digits {
            if *count >= limit {
                return;
            }
            values[cell] = v;
            go(values, ctx, count, limit);
            values[cell] = 0;
        }
    }
    let mut count = 0;
    go(
        &mut values,
        &(n, br, bc, &cages, &cage_of),
        &mut count,
        limit,
    );
    count
}

#[test]
fn published_killers_solve_to_their_published_solutions_and_are_unique() {
    let all = published();
    assert!(!all.is_empty());
    for (puzzle, solution, source) in all {
        let board =
            parse_puzzle(&puzzle, ShapeHint::Infer).unwrap_or_else(|e| panic!("{source}: {e}"));
        assert!(board.is_killer(), "{source}: read as a killer");
        let found = board
            .solution()
            .unwrap_or_else(|| panic!("{source}: no solution"));
        assert_eq!(found.values(), &digits(&solution)[..], "{source}");
        assert!(found.is_solved(), "{source}: the solution keeps every cage");
        assert_eq!(board.count_solutions_up_to(2), 1, "{source}: unique");
    }
}

#[test]
fn killer_lines_blocks_and_fpuzzles_read_back_what_they_write() {
    for (puzzle, _, source) in published() {
        let board = parse_puzzle(&puzzle, ShapeHint::Infer).expect("published");
        for format in [
            Format::Line,
            Format::Block,
            Format::Fpuzzles,
            Format::FpuzzlesLink,
        ] {
            let text = write(&board, format);
            let again = parse_puzzle(&text, ShapeHint::Infer)
                .unwrap_or_else(|e| panic!("{source} as {format:?}: {e}\n{text}"));
            assert_eq!(again, board, "{source} as {format:?}:\n{text}");
        }
    }
}

/// Small killers built here: every 2-cell domino of a 4x4 tiling with its
/// sums from a filled grid, then counted both ways as cages are dropped.
#[test]
fn counts_agree_with_an_independent_search_on_small_killers() {
    let shape = Shape::sudoku(4).expect("4x4");
    let filled = parse_puzzle("1234341221434321", ShapeHint::Infer).expect("grid");
    // Dominoes: (0,1) (2,3) per row.
    let dominoes: Vec<Vec<Cell>> = (0..4)
        .flat_map(|r| [(r, 0), (r, 2)])
        .map(|(r, c)| vec![shape.cell(r, c), shape.cell(r, c + 1)])
        .collect();
    for keep in 0..=dominoes.len() {
        let cages: Vec<(Vec<Cell>, Option<u32>)> = dominoes[..keep]
            .iter()
            .map(|cells| {
                let sum = cells
                    .iter()
                    .map(|&c| filled.values()[c.index()] as u32)
                    .sum();
                (cells.clone(), Some(sum))
            })
            .collect();
        let cages = Cages::new(shape, cages).expect("dominoes");
        let board = Board::empty(shape).with_cages(Some(Arc::new(cages)));
        let engine = board.count_solutions_up_to(1000);
        let independent = independent_count(&board, 1000);
        assert_eq!(engine, independent, "{keep} dominoes");
    }
    // No cages at all: the empty 4x4's 288.
    let empty =
        Board::empty(shape).with_cages(Some(Arc::new(Cages::new(shape, []).expect("none"))));
    assert_eq!(empty.count_solutions_up_to(1000), 288);
}

/// The step solver (the solver view's search) on killers: never a wrong
/// solution; on those it finishes within its step budget, the published
/// one exactly once; and cage reasoning shown as its own steps (narrowing
/// before a branch, deductions naming the cage) across the set. Some
/// published killers take the naive search past any budget a test can
/// wait for (DailyKillerSudoku's hardest); the solver view shows those
/// for as long as one watches.
#[test]
fn the_step_solver_solves_killers_and_shows_its_cage_steps() {
    use doku::engine::{Rule, Solver, Step, Strategy};
    let (mut narrows, mut cage_deductions, mut finished) = (0, 0, 0);
    for (puzzle, solution, source) in published() {
        let board = parse_puzzle(&puzzle, ShapeHint::Infer).expect("published");
        let published = digits(&solution);
        for strategy in [Strategy::Mrv, Strategy::Naive] {
            let mut solutions = 0;
            let mut complete = true;
            for step in Solver::new(&board, strategy).with_step_limit(400_000) {
                match step {
                    Step::Solution(found) => {
                        assert!(found.is_killer(), "the solution keeps its cages");
                        assert_eq!(found.values(), &published[..], "{source} {strategy:?}");
                        solutions += 1;
                    }
                    Step::CageNarrows { cells, digits, .. } => {
                        assert!(!cells.is_empty() && !digits.is_empty());
                        narrows += 1;
                    }
                    Step::Deduce {
                        rule: Rule::Cage(_),
                        ..
                    } => cage_deductions += 1,
                    Step::LimitReached => complete = false,
                    _ => {}
                }
            }
            if complete {
                assert_eq!(solutions, 1, "{source} {strategy:?}");
                finished += 1;
            }
        }
    }
    assert!(
        narrows > 0 && cage_deductions > 0,
        "{narrows} {cage_deductions}"
    );
    assert!(
        finished >= published().len(),
        "{finished} searches finished"
    );
}

/// Dealt killers have one solution, counted by the independent search too.
/// One 9x9: a plain search takes from one second to minutes on a 9x9
/// with 25 cages and no givens (seed 1: 100 s), so the smaller boards
/// carry the count.
#[test]
fn dealt_killers_are_unique_by_a_second_method() {
    use doku::engine::generator::generate_killer;
    use rand::SeedableRng;
    use std::sync::atomic::AtomicBool;
    for (seed, shape) in [(2, Shape::CLASSIC)]
        .into_iter()
        .chain((4..10).map(|seed| (seed, Shape::sudoku(6).expect("6x6"))))
        .chain((10..14).map(|seed| (seed, Shape::sudoku(4).expect("4x4"))))
    {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let dealt = generate_killer(shape, None, &mut rng, &AtomicBool::new(false))
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!(
            independent_count(&dealt.puzzle, 2),
            1,
            "seed {seed} {shape}"
        );
        assert_eq!(dealt.puzzle.count_solutions_up_to(2), 1);
    }
}

/// Bad killers are refused with the line, the column and the fault.
#[test]
fn bad_killers_say_where_and_why() {
    let dots = ".".repeat(81);
    let mut map: Vec<char> = vec!['.'; 81];
    map[0] = 'a';
    map[2] = 'a';
    let err = |map: &str, sums: &str| {
        parse_puzzle(&format!("{dots} {map} {sums}"), ShapeHint::Infer)
            .unwrap_err()
            .to_string()
    };
    // Columns: the map starts at 83, the sums at 165.
    let pieces: String = map.iter().collect();
    assert_eq!(
        err(&pieces, "a=5"),
        "line 1, column 85: the cages: the cage at r1c1 is in pieces: r1c3 does not touch the rest of it (a cage's cells must join side to side) (cage 'a')"
    );
    map = vec!['.'; 81];
    map[0] = 'a';
    map[1] = 'a';
    let two: String = map.iter().collect();
    assert_eq!(
        err(&two, "a=1"),
        "line 1, column 83: the cages: the cage at r1c1 cannot make 1 with 2 different digits: its sum must be 3 to 17 (cage 'a')"
    );
    assert!(
        err(&two, "a=3,b=4").contains("column 169"),
        "{}",
        err(&two, "a=3,b=4")
    );
    assert!(err(&two, "a=3,b=4").contains("the sums name cage 'b'"));
    let short: String = map.iter().take(80).collect();
    assert!(err(&short, "a=3").contains("needs 81 symbols"));
    let row: String = std::iter::repeat_n('a', 10)
        .chain(std::iter::repeat_n('.', 71))
        .collect();
    assert!(
        err(&row, "a=50").contains("has 10 cells"),
        "{}",
        err(&row, "a=50")
    );
    // A given that repeats in its cage, or makes the sum impossible.
    let givens = format!("11{}", &dots[2..]);
    let e = parse_puzzle(&format!("{givens} {two} a=3"), ShapeHint::Infer).unwrap_err();
    assert!(e.to_string().contains("both hold 1"), "{e}");
    let givens = format!("9{}", &dots[1..]);
    let e = parse_puzzle(&format!("{givens} {two} a=5"), ShapeHint::Infer).unwrap_err();
    assert!(e.to_string().contains("add up to 9"), "{e}");
}

/// Killer deals at the difficulties a player picks grade as asked by the
/// public grade (the generator grades with the cap of its search), keep
/// every cage (covering the board, cages of 1 to 5 cells, 6 from expert
/// up), and are unique.
#[test]
fn killer_deals_grade_as_asked() {
    use doku::engine::generator::generate_killer;
    use doku::engine::grader::{grade, Difficulty};
    use rand::SeedableRng;
    use std::sync::atomic::AtomicBool;
    for (seed, difficulty) in [
        (21, Difficulty::Easy),
        (22, Difficulty::Medium),
        (23, Difficulty::Hard),
        (24, Difficulty::Expert),
        (26, Difficulty::Extreme),
    ] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let dealt = generate_killer(
            Shape::CLASSIC,
            Some(difficulty),
            &mut rng,
            &AtomicBool::new(false),
        )
        .unwrap_or_else(|e| panic!("{difficulty}: {e}"));
        let puzzle = &dealt.puzzle;
        assert_eq!(puzzle.filled_count(), 0);
        let cages = puzzle.cages().expect("cages");
        assert!(cages.cover_the_board());
        // Expert and extreme deals merge cages of up to six cells.
        let largest = if difficulty >= Difficulty::Expert {
            6
        } else {
            5
        };
        assert!(cages.iter().all(|c| (1..=largest).contains(&c.len())));
        assert_eq!(puzzle.count_solutions_up_to(2), 1);
        assert_eq!(grade(puzzle).difficulty, difficulty, "{puzzle:?}");
        assert_eq!(dealt.grade.map(|g| g.difficulty), Some(difficulty));
    }
}

/// A cell's candidates with its cage's sum applied, and before it (what
/// hints start from): a 3-cage of two cells is 1 and 2 only, while before
/// the sum every digit its houses and cage mates allow.
#[test]
fn candidates_with_and_before_the_sums() {
    let dots = ".".repeat(81);
    let mut map = vec!['.'; 81];
    map[0] = 'a';
    map[1] = 'a';
    let map: String = map.into_iter().collect();
    let board = parse_puzzle(&format!("{dots} {map} a=3"), ShapeHint::Infer).expect("a killer");
    let r1c1 = Cell(0);
    assert_eq!(board.candidates(r1c1).0, 0b11);
    assert_eq!(board.candidates_before_sums(r1c1).0, 0b1_1111_1111);
    let mut one = board.clone();
    one.set(Cell(1), doku::engine::Digit::new(2));
    assert_eq!(one.candidates(r1c1).0, 0b1);
    assert_eq!(one.candidates_before_sums(r1c1).0, 0b1_1111_1101);
    // Without cages the two are the same.
    let classic = parse_puzzle(&dots, ShapeHint::Infer).expect("blank");
    assert_eq!(
        classic.candidates(r1c1),
        classic.candidates_before_sums(r1c1)
    );
}
