//! Agreement of the rating with Sudoku Explainer on puzzles SE rated: the
//! fixture is a public-domain sample of SE-rated puzzles, so a fresh
//! clone checks that the grader follows SE's rules (techniques, order,
//! ratings) and not a file it was tuned to.

use doku::engine::format::parse_puzzle;
use doku::engine::grader::{grade, solve_logically, Rules};
use doku::engine::ShapeHint;

const FIXTURE: &str = include_str!("fixtures/se_rated_diabolical.txt");
/// Medium and hard puzzles (SE 2.5 to 4.4), where SE's direct hints and
/// its hidden-single order decide the path.
const BELOW_5: &str = include_str!("fixtures/se_rated_below_5.txt");

/// The diabolical fixture's puzzles with SE's rating in tenths.
fn rated() -> Vec<(String, u16)> {
    rated_in(FIXTURE)
}

/// A fixture's puzzles with SE's rating in tenths.
fn rated_in(fixture: &str) -> Vec<(String, u16)> {
    fixture
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

/// How doku's ratings compare with SE's on a fixture's puzzles.
struct Agreement {
    exact: usize,
    /// Within 0.1 of SE's.
    near: usize,
    lower: usize,
    /// Of the puzzles SE rates 3.6 or below: how many, and how many exact.
    to_3_6: usize,
    exact_to_3_6: usize,
    misses: Vec<String>,
}

impl Agreement {
    fn of(puzzles: &[(String, u16)]) -> Agreement {
        let mut tally = Agreement {
            exact: 0,
            near: 0,
            lower: 0,
            to_3_6: 0,
            exact_to_3_6: 0,
            misses: Vec::new(),
        };
        for (text, se) in puzzles {
            let board = parse_puzzle(text, ShapeHint::Infer).unwrap();
            let ours = grade(&board)
                .rating
                .expect("SE-rated puzzles have one solution");
            tally.exact += usize::from(ours == *se);
            tally.near += usize::from(ours.abs_diff(*se) <= 1);
            tally.lower += usize::from(ours < *se);
            if *se <= 36 {
                tally.to_3_6 += 1;
                tally.exact_to_3_6 += usize::from(ours == *se);
            }
            if ours != *se {
                tally.misses.push(format!("{text} SE {se} doku {ours}"));
            }
        }
        tally
    }

    /// The counts and every miss, for a failed assertion.
    fn report(&self, of: usize) -> String {
        format!(
            "exact {}, within 0.1 {}, lower {} of {of}; up to 3.6: {} of {}:\n{}",
            self.exact,
            self.near,
            self.lower,
            self.exact_to_3_6,
            self.to_3_6,
            self.misses.join("\n")
        )
    }
}

#[test]
fn ratings_agree_with_sudoku_explainer_on_its_rated_puzzles() {
    let puzzles = rated();
    assert_eq!(puzzles.len(), 200);
    let tally = Agreement::of(&puzzles);
    let report = tally.report(puzzles.len());
    // Measured when SE's rules came in: 106 exact, 119 within 0.1, one
    // lower. Most misses rate higher: SE's unique loops, BUG types 2-4 and
    // aligned pair exclusion were not there yet.
    assert!(tally.exact >= 100, "{report}");
    assert!(tally.near >= 114, "{report}");
    // Techniques SE lacks could rate a puzzle below SE's path; SE's set
    // alone rates lower only where a chain is found shorter.
    assert!(tally.lower <= 4, "{report}");
}

#[test]
fn the_rating_path_uses_only_sudoku_explainers_techniques() {
    for (text, _) in rated().iter().chain(&rated_in(BELOW_5)).step_by(10) {
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

#[test]
fn ratings_below_5_agree_with_sudoku_explainer() {
    let puzzles = rated_in(BELOW_5);
    assert_eq!(puzzles.len(), 200);
    let tally = Agreement::of(&puzzles);
    let report = tally.report(puzzles.len());
    // Measured when SE's direct hints came in: 183 exact (122 before), none
    // lower. Every miss is a puzzle Sukaku Explainer rates 4.0-4.4 with a
    // technique SE 1.2.1 lacks (skyscraper 4.0, turbot fish 4.2, W-wing
    // 4.4); up to 3.6 all 170 agree.
    assert!(tally.exact >= 180, "{report}");
    assert!(tally.exact_to_3_6 + 2 >= tally.to_3_6, "{report}");
    assert!(tally.lower <= 1, "{report}");
}

#[test]
fn a_direct_hint_rates_below_the_plain_technique() {
    // SE rates this puzzle 2.5: its path needs a hidden triple only where
    // the triple leaves a hidden single (SE's direct hidden triple), and
    // never a plain pointing (2.6).
    let text = "570060003030005060601007000053000001000080000900000270000800402080100030200040019";
    let board = parse_puzzle(text, ShapeHint::Infer).unwrap();
    let path = solve_logically(&board);
    assert!(path.solved);
    let hardest = path.steps.iter().max_by_key(|s| s.rating).unwrap();
    assert_eq!(hardest.rating, 25);
    assert_eq!(hardest.technique.name(), "direct hidden triple");
    // Every step of a path rated below the plain locked candidates places a
    // digit: SE's direct hints place the single and remove nothing.
    assert!(path
        .steps
        .iter()
        .all(|s| s.placements.len() == 1 && s.eliminations.is_empty()));
    assert_eq!(grade(&board).rating, Some(25));
}
