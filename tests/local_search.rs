//! Min-conflicts and the genetic search: they reach valid solutions that keep
//! the givens, report true conflict counts, and respect their limits.

use doku::engine::local_search::{
    GaveUpReason, Genetic, GeneticConfig, LocalStep, MinConflicts, MinConflictsConfig,
};
use doku::engine::{Board, Shape};
mod common;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn seed(name: &str) -> Board {
    common::board(&common::seed(name).puzzle)
}

/// A puzzle of `shape` with about `keep` of a solution's cells given.
fn puzzle_with_givens(shape: Shape, keep: f64, seed: u64) -> Board {
    let full = Board::empty(shape)
        .solution()
        .unwrap_or_else(|| panic!("the empty {shape} has a solution"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut board = full.clone();
    for cell in shape.cells() {
        if !rng.random_bool(keep) {
            board.set(cell, None);
        }
    }
    board
}

fn keeps_givens(puzzle: &Board, solved: &Board) -> bool {
    puzzle
        .shape()
        .cells()
        .all(|c| puzzle.get(c).is_none() || puzzle.get(c) == solved.get(c))
}

fn run_min_conflicts(puzzle: &Board, seed: u64) -> (Option<Board>, u64) {
    let search = MinConflicts::new(
        puzzle,
        MinConflictsConfig::default(),
        ChaCha8Rng::seed_from_u64(seed),
    );
    let mut steps = 0;
    for step in search {
        steps += 1;
        match step {
            LocalStep::Solved(board) => return (Some(board), steps),
            LocalStep::GaveUp(_) => return (None, steps),
            _ => {}
        }
    }
    (None, steps)
}

fn run_genetic(puzzle: &Board, seed: u64) -> (Option<Board>, u64) {
    let search = Genetic::new(
        puzzle,
        GeneticConfig::default(),
        ChaCha8Rng::seed_from_u64(seed),
    );
    let mut steps = 0;
    for step in search {
        steps += 1;
        match step {
            LocalStep::Solved(board) => return (Some(board), steps),
            LocalStep::GaveUp(_) => return (None, steps),
            _ => {}
        }
    }
    (None, steps)
}

fn easy_puzzles() -> Vec<(String, Board)> {
    vec![
        ("seed-4x4-a".into(), seed("seed-4x4-a")),
        ("seed-4x4-c".into(), seed("seed-4x4-c")),
        (
            "6x6".into(),
            puzzle_with_givens(Shape::sudoku(6).unwrap(), 0.5, 6),
        ),
        ("seed-9x9-easy".into(), seed("seed-9x9-easy")),
        ("seed-9x9-a".into(), seed("seed-9x9-a")),
    ]
}

#[test]
fn min_conflicts_solves_easy_puzzles_and_keeps_the_givens() {
    for (name, puzzle) in easy_puzzles() {
        for seed in [1, 2, 3] {
            let (solved, steps) = run_min_conflicts(&puzzle, seed);
            let solved = solved.unwrap_or_else(|| panic!("{name} seed {seed}: gave up"));
            assert!(solved.is_solved(), "{name} seed {seed}: {solved:?}");
            assert!(keeps_givens(&puzzle, &solved), "{name} seed {seed}");
            assert!(steps > 0);
        }
    }
}

#[test]
fn genetic_solves_easy_puzzles_and_keeps_the_givens() {
    for (name, puzzle) in easy_puzzles() {
        for seed in [1, 2] {
            let (solved, _) = run_genetic(&puzzle, seed);
            let solved = solved.unwrap_or_else(|| panic!("{name} seed {seed}: gave up"));
            assert!(solved.is_solved(), "{name} seed {seed}: {solved:?}");
            assert!(keeps_givens(&puzzle, &solved), "{name} seed {seed}");
        }
    }
}

#[test]
fn local_searches_work_on_every_size_and_latin_squares() {
    let mut shapes: Vec<Shape> = [4, 6, 8, 9, 10, 12, 15, 16, 20, 25]
        .iter()
        .map(|&n| Shape::sudoku(n).unwrap())
        .collect();
    shapes.extend([5, 7, 11].iter().map(|&n| Shape::latin(n).unwrap()));
    for shape in shapes {
        let puzzle = puzzle_with_givens(shape, 0.7, shape.size() as u64);
        let (solved, steps) = run_min_conflicts(&puzzle, 7);
        let solved = solved.unwrap_or_else(|| panic!("min-conflicts on {shape}: gave up"));
        assert!(
            solved.is_solved() && keeps_givens(&puzzle, &solved),
            "{shape}"
        );
        eprintln!("min-conflicts {shape}: {steps} steps");
        let (solved, steps) = run_genetic(&puzzle, 7);
        let solved = solved.unwrap_or_else(|| panic!("genetic on {shape}: gave up"));
        assert!(
            solved.is_solved() && keeps_givens(&puzzle, &solved),
            "{shape}"
        );
        eprintln!("genetic {shape}: {steps} generations");
    }
}

#[test]
fn min_conflicts_reports_true_conflicts_and_replays_from_its_steps() {
    for (name, puzzle) in easy_puzzles() {
        let mut search = MinConflicts::new(
            &puzzle,
            MinConflictsConfig::default(),
            ChaCha8Rng::seed_from_u64(11),
        );
        let mut replay = search.board();
        assert!(
            replay.is_full(),
            "{name}: the first fill leaves no cell empty"
        );
        assert_eq!(search.conflicts(), replay.conflicts().len(), "{name}");
        while let Some(step) = search.next() {
            match step {
                LocalStep::Swap { a, b, conflicts } => {
                    assert!(!search.is_fixed(a) && !search.is_fixed(b), "{name}");
                    assert!(puzzle.get(a).is_none() && puzzle.get(b).is_none());
                    let (x, y) = (replay.get(a), replay.get(b));
                    replay.set(a, y);
                    replay.set(b, x);
                    assert_eq!(conflicts, replay.conflicts().len(), "{name}");
                }
                LocalStep::Restart { board, conflicts } => {
                    assert_eq!(conflicts, board.conflicts().len(), "{name}");
                    replay = board;
                }
                LocalStep::Solved(board) => assert_eq!(board, replay, "{name}"),
                other => panic!("{name}: unexpected {other:?}"),
            }
            assert_eq!(replay, search.board(), "{name}");
            assert_eq!(search.conflicting_cells(), replay.conflicting_cells());
        }
    }
}

#[test]
fn genetic_reports_true_conflicts_of_its_best_board() {
    let puzzle = seed("seed-9x9-a");
    let mut search = Genetic::new(
        &puzzle,
        GeneticConfig::default(),
        ChaCha8Rng::seed_from_u64(5),
    );
    assert!(search.population_size() >= 30);
    let mut last = 0;
    for step in search.by_ref().take(200) {
        if let LocalStep::Generation {
            number,
            best,
            best_conflicts,
        } = step
        {
            assert_eq!(number, last + 1, "generations count up by one");
            last = number;
            assert_eq!(best_conflicts, best.conflicts().len());
            assert!(keeps_givens(&puzzle, &best));
        }
    }
    let best = search.board();
    assert_eq!(search.conflicts(), best.conflicts().len());
    assert_eq!(search.conflicting_cells(), best.conflicting_cells());
}

#[test]
fn genetic_stops_at_its_generation_limit() {
    let puzzle = seed("seed-9x9-very-hard");
    let config = GeneticConfig {
        generation_limit: 7,
        ..GeneticConfig::default()
    };
    let steps: Vec<LocalStep> =
        Genetic::new(&puzzle, config, ChaCha8Rng::seed_from_u64(3)).collect();
    let generations = steps
        .iter()
        .filter(|s| matches!(s, LocalStep::Generation { .. }))
        .count();
    assert_eq!(generations, 7);
    assert_eq!(steps.last(), Some(&LocalStep::GaveUp(GaveUpReason::Limit)));
    assert_eq!(steps.len(), 8, "nothing follows the last step");
}

#[test]
fn min_conflicts_stops_at_its_step_limit() {
    let puzzle = seed("seed-9x9-very-hard");
    let config = MinConflictsConfig {
        max_steps: 25,
        ..MinConflictsConfig::default()
    };
    let steps: Vec<LocalStep> =
        MinConflicts::new(&puzzle, config, ChaCha8Rng::seed_from_u64(3)).collect();
    assert_eq!(steps.len(), 26);
    assert_eq!(steps.last(), Some(&LocalStep::GaveUp(GaveUpReason::Limit)));
}

#[test]
fn clashing_givens_give_up_at_once() {
    // The parser refuses clashing givens, so build the board by hand.
    let values = "4010000433422401".bytes().map(|b| b - b'0').collect();
    let puzzle = Board::from_values(Shape::sudoku(4).unwrap(), values).unwrap();
    assert!(!puzzle.conflicts().is_empty());
    let mc: Vec<LocalStep> = MinConflicts::new(
        &puzzle,
        MinConflictsConfig::default(),
        ChaCha8Rng::seed_from_u64(1),
    )
    .collect();
    assert_eq!(mc, vec![LocalStep::GaveUp(GaveUpReason::ClashingGivens)]);
    let ga: Vec<LocalStep> = Genetic::new(
        &puzzle,
        GeneticConfig::default(),
        ChaCha8Rng::seed_from_u64(1),
    )
    .collect();
    assert_eq!(ga, vec![LocalStep::GaveUp(GaveUpReason::ClashingGivens)]);
}

#[test]
fn a_solved_board_is_solved_in_one_step() {
    let full = seed("seed-9x9-full");
    let steps: Vec<LocalStep> = MinConflicts::new(
        &full,
        MinConflictsConfig::default(),
        ChaCha8Rng::seed_from_u64(1),
    )
    .collect();
    assert_eq!(steps, vec![LocalStep::Solved(full.clone())]);
    let steps: Vec<LocalStep> = Genetic::new(
        &full,
        GeneticConfig::default(),
        ChaCha8Rng::seed_from_u64(1),
    )
    .collect();
    assert_eq!(steps, vec![LocalStep::Solved(full)]);
}

#[test]
fn the_same_seed_gives_the_same_run() {
    let puzzle = seed("seed-9x9-a");
    let run = |s| {
        MinConflicts::new(
            &puzzle,
            MinConflictsConfig::default(),
            ChaCha8Rng::seed_from_u64(s),
        )
        .take(300)
        .collect::<Vec<_>>()
    };
    assert_eq!(run(9), run(9));
    assert_ne!(run(9), run(10));
}

/// Steps each search takes on the seed puzzles (run with `--ignored --nocapture`).
#[test]
#[ignore]
fn survey_seed_puzzles() {
    for name in [
        "seed-9x9-a",
        "seed-9x9-easy",
        "seed-9x9-medium",
        "seed-9x9-hard",
        "seed-4x4-a",
        "seed-4x4-b",
        "seed-4x4-c",
        "seed-4x4-empty",
    ] {
        let puzzle = seed(name);
        for s in 1..=3 {
            let t = std::time::Instant::now();
            let (solved, steps) = run_min_conflicts(&puzzle, s);
            eprintln!(
                "{name} min-conflicts seed {s}: {} in {steps} steps, {:?}",
                solved.is_some(),
                t.elapsed()
            );
            let t = std::time::Instant::now();
            let (solved, steps) = run_genetic(&puzzle, s);
            eprintln!(
                "{name} genetic seed {s}: {} in {steps} generations, {:?}",
                solved.is_some(),
                t.elapsed()
            );
        }
    }
}

/// A killer dealt from `seed` with `givens` digits of its solution shown.
fn killer(size: usize, givens: usize, seed: u64) -> Board {
    use doku::engine::generator::{generate_variant, with_killer_givens, Symmetry};
    use doku::engine::Variant;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let shape = Shape::sudoku(size).expect("a size");
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let dealt = generate_variant(
        shape,
        Variant::Killer,
        None,
        Symmetry::None,
        &mut rng,
        &cancel,
    )
    .expect("a killer deal");
    let puzzle = with_killer_givens(dealt, givens, &mut rng).puzzle;
    assert!(puzzle.is_killer());
    puzzle
}

/// Clashing pairs in the houses, plus, in each cage, repeated pairs and the
/// distance of its digits' sum from the cage's.
fn killer_conflicts(board: &Board) -> usize {
    let cages = board.cages().expect("a killer");
    let in_cages: usize = cages
        .iter()
        .map(|cage| {
            let digits: Vec<u8> = cage
                .cells()
                .iter()
                .filter_map(|&c| board.get(c).map(|d| d.get()))
                .collect();
            let pairs = (0..digits.len())
                .flat_map(|i| (i + 1..digits.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| digits[i] == digits[j])
                .count();
            let total: u32 = digits.iter().map(|&d| u32::from(d)).sum();
            pairs
                + cage
                    .sum()
                    .map_or(0, |s| total.abs_diff(u32::from(s)) as usize)
        })
        .sum();
    board.conflicts().len() + in_cages
}

/// On a killer the local searches count the cages too: a swap's conflicts
/// are the houses' pairs plus each cage's repeats and missed sum, and the
/// board they call solved keeps every cage (they used to call a board with
/// the houses right and the sums wrong solved).
#[test]
fn local_searches_on_a_killer_count_its_cages_and_solve_only_with_every_sum() {
    for (size, givens, seed) in [(4, 0, 1), (6, 2, 2), (9, 12, 3), (9, 6, 4)] {
        let puzzle = killer(size, givens, seed);
        let mut search = MinConflicts::new(
            &puzzle,
            MinConflictsConfig {
                max_steps: 20_000,
                ..MinConflictsConfig::default()
            },
            ChaCha8Rng::seed_from_u64(seed),
        );
        let mut replay = search.board();
        assert!(replay.is_killer(), "the board shown keeps its cages");
        assert_eq!(search.conflicts(), killer_conflicts(&replay));
        let mut solved = false;
        for step in search.by_ref() {
            match step {
                LocalStep::Swap { a, b, conflicts } => {
                    let (x, y) = (replay.get(a), replay.get(b));
                    replay.set(a, y);
                    replay.set(b, x);
                    assert_eq!(
                        conflicts,
                        killer_conflicts(&replay),
                        "{size}x{size} seed {seed}"
                    );
                }
                LocalStep::Restart { board, conflicts } => {
                    assert_eq!(conflicts, killer_conflicts(&board));
                    replay = board;
                }
                LocalStep::Solved(board) => {
                    assert!(board.is_solved(), "{size}x{size} seed {seed}: {board:?}");
                    assert!(keeps_givens(&puzzle, &board));
                    solved = true;
                }
                LocalStep::GaveUp(reason) => assert_eq!(reason, GaveUpReason::Limit),
                other => panic!("unexpected {other:?}"),
            }
        }
        eprintln!("min-conflicts on a {size}x{size} killer, seed {seed}: solved {solved}");
        let genetic = Genetic::new(
            &puzzle,
            GeneticConfig {
                generation_limit: 300,
                ..GeneticConfig::default()
            },
            ChaCha8Rng::seed_from_u64(seed),
        );
        for step in genetic {
            match step {
                LocalStep::Generation {
                    best,
                    best_conflicts,
                    ..
                } => {
                    assert!(best.is_killer(), "{size}x{size} seed {seed}: {best:?}");
                    assert_eq!(best_conflicts, killer_conflicts(&best));
                }
                LocalStep::Solved(board) => assert!(board.is_solved(), "{board:?}"),
                _ => {}
            }
        }
    }
    // The 4x4 is small enough that min-conflicts must find its solution.
    let (solved, _) = run_min_conflicts(&killer(4, 0, 1), 1);
    assert!(solved.is_some_and(|b| b.is_solved()));
}
