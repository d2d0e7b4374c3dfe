//! Agreement of the rating with Sudoku Explainer on puzzles SE rated: the
//! fixture is a public-domain sample of SE-rated puzzles, so a fresh
//! clone checks that the grader follows SE's rules (techniques, order,
//! ratings) and not a file it was tuned to.

use doku::engine::format::parse_puzzle;
use doku::engine::grader::{grade, solve_logically, Rules};
use doku::engine::ShapeHint;

mod common;

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

/// SE 1.2.1's own ratings (`se-rate`) in tenths, one a line, of a
/// fixture's puzzles in order.
fn se_1_2_1_ratings(fixture: &str) -> Vec<u16> {
    fixture
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|rating| {
            let (units, tenths) = rating.trim().split_once('.').expect("a rating like 7.2");
            units.parse::<u16>().unwrap() * 10 + tenths.parse::<u16>().unwrap()
        })
        .collect()
}

/// Every puzzle rated within 0.1 of SE 1.2.1, and at least `exact` of them
/// exactly.
fn assert_agrees(puzzles: &[(String, u16)], exact: usize) {
    let tally = Agreement::of(puzzles);
    let report = tally.report(puzzles.len());
    assert!(tally.exact >= exact, "{report}");
    assert_eq!(tally.near, puzzles.len(), "{report}");
}

#[test]
fn ratings_equal_se_1_2_1_on_the_diabolical_puzzles() {
    // The same 200 puzzles rated by SE 1.2.1 itself. Measured: 189 exact
    // before SE's cycle search, its house order in dynamic chains and its
    // count of a dynamic branch's ancestors; 200 since.
    let ratings = se_1_2_1_ratings(include_str!("fixtures/se121_diabolical_ratings.txt"));
    let puzzles: Vec<(String, u16)> = (rated().into_iter().map(|(text, _)| text))
        .zip(ratings)
        .collect();
    assert_eq!(puzzles.len(), 200);
    assert_agrees(&puzzles, 198);
}

#[test]
fn ratings_equal_se_1_2_1_on_every_10th_of_top1465() {
    // Measured with se-rate: 111 of 147 exact before (34 of the misses
    // dynamic forcing chains 0.1-0.3 high), 147 since.
    let Some(lines) = common::shared_data(
        "magictour_top1465.txt",
        "SE 1.2.1's ratings of every 10th puzzle of top1465",
    ) else {
        return;
    };
    let ratings = se_1_2_1_ratings(include_str!("fixtures/se121_top1465_every_10th.txt"));
    let puzzles: Vec<(String, u16)> = (lines.iter().step_by(10).map(|l| l[..81].to_string()))
        .zip(ratings)
        .collect();
    assert_eq!(puzzles.len(), 147);
    assert_agrees(&puzzles, 145);
}

#[test]
fn loops_and_chains_sudoku_explainer_finds_rate_as_it_does() {
    // SE 1.2.1's ratings (se-rate), each missed before.
    let cases = [
        // A Y-cycle of four cells, r2c8, r8c8, r8c4, r2c4: rated 7.1 as an
        // alternating inference chain while the loop search kept one route
        // per starting link.
        (
            "1.3..2..5..6.5.7...2.....695..1.3....7..6..2....7.8..426.....7...4.8.2..8..2..9.3",
            66,
        ),
        // A two-branch unit forcing chain of complexity 13 (SE counts
        // every ancestor of a dynamic branch): 8.9 before.
        (
            ".7.5..1...9.........82.3.7...4.153...8.....4...648.5...6.7.49.........2...7..6.3.",
            88,
        ),
        // Dynamic unit chains: 9.3 before.
        (
            "8..4.2....6783......9.5.....41...6.2.5.....1.7.6...53.....2.9......8526....6.4..3",
            90,
        ),
    ];
    for (text, se) in cases {
        let board = parse_puzzle(text, ShapeHint::Infer).unwrap();
        assert_eq!(grade(&board).rating, Some(se), "{text}");
        let path = solve_logically(&board);
        assert_eq!(Some(&path.board), board.solution().as_ref(), "{text}");
    }
    // The loop is SE's y-cycle, its four cells' eight candidates: 6.6.
    let board = parse_puzzle(cases[0].0, ShapeHint::Infer).unwrap();
    let path = solve_logically(&board);
    let cycle = path.steps.iter().max_by_key(|s| s.rating).unwrap();
    assert_eq!(cycle.technique.name(), "xy-cycle");
    assert_eq!(cycle.rating, 66);
}
