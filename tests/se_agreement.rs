//! Agreement of the rating with Sudoku Explainer on puzzles SE rated: the
//! fixture is a public-domain sample of SE-rated puzzles, so a fresh
//! clone checks that the grader follows SE's rules (techniques, order,
//! ratings) and not a file it was tuned to.

use doku::engine::format::parse_puzzle;
use doku::engine::grader::{grade, solve_logically, Rules};
use doku::engine::ShapeHint;

const FIXTURE: &str = include_str!("fixtures/se_rated_diabolical.txt");

/// The fixture's puzzles with SE's rating in tenths.
fn rated() -> Vec<(String, u16)> {
    FIXTURE
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let (puzzle, rating) = line.split_once(' ').expect("PUZZLE RATING");
            let (units, tenths) = rating.trim().split_once('.').expect("a rating like 7.2");
            let tenths = units.parse::<u16>().unwrap() * 10 + tenths.parse::<u16>().unwrap();
            (puzzle.to_string(), tenths)
        })
        .collect()
}

#[test]
fn ratings_agree_with_sudoku_explainer_on_its_rated_puzzles() {
    let puzzles = rated();
    assert_eq!(puzzles.len(), 200);
    let (mut exact, mut near, mut lower) = (0, 0, 0);
    let mut misses = Vec::new();
    for (text, se) in &puzzles {
        let board = parse_puzzle(text, ShapeHint::Infer).unwrap();
        let ours = grade(&board)
            .rating
            .expect("SE-rated puzzles have one solution");
        exact += usize::from(ours == *se);
        near += usize::from(ours.abs_diff(*se) <= 1);
        lower += usize::from(ours < *se);
        if ours != *se {
            misses.push(format!("{text} SE {se} doku {ours}"));
        }
    }
    // Measured when SE's rules came in: 106 exact, 119 within 0.1, one
    // lower. Most misses rate higher: SE's unique loops, BUG types 2-4 and
    // aligned pair exclusion were not there yet.
    let report = format!(
        "exact {exact}, within 0.1 {near}, lower {lower} of {}:\n{}",
        puzzles.len(),
        misses.join("\n")
    );
    assert!(exact >= 100, "{report}");
    assert!(near >= 114, "{report}");
    // Techniques SE lacks could rate a puzzle below SE's path; SE's set
    // alone rates lower only where a chain is found shorter.
    assert!(lower <= 4, "{report}");
}

#[test]
fn the_rating_path_uses_only_sudoku_explainers_techniques() {
    for (text, _) in rated().iter().step_by(10) {
        let board = parse_puzzle(text, ShapeHint::Infer).unwrap();
        let path = solve_logically(&board);
        assert!(path.solved, "{text}");
        // Every step sound: the path ends on the one solution.
        assert_eq!(Some(&path.board), board.solution().as_ref(), "{text}");
        for step in &path.steps {
            assert!(
                Rules::Explainer.uses(step.technique),
                "{text}: {} is not SE's",
                step.technique
            );
        }
        let hardest = path.steps.iter().map(|s| s.rating).max();
        assert_eq!(hardest, grade(&board).rating, "{text}");
    }
}
