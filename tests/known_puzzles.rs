//! The puzzles the repository carries (`tests/fixtures`): famous hard ones
//! and ones doku generated, each checked on every run, with or without the
//! shared sets beside the checkout.

mod common;
use common::*;

#[test]
fn every_famous_puzzle_has_exactly_one_solution() {
    let famous = famous();
    assert!(famous.len() >= 35, "famous.tsv lost rows");
    let mut seen = std::collections::BTreeMap::new();
    for f in famous {
        // The same grid under two names would be one fact written twice.
        if let Some(first) = seen.insert(f.puzzle.clone(), f.name.clone()) {
            panic!("{} and {first} are the same puzzle", f.name);
        }
        assert!(!f.source.trim().is_empty(), "{}: no source", f.name);
        let puzzle = board(&f.puzzle);
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{}", f.name);
        let solution = puzzle
            .solution()
            .unwrap_or_else(|| panic!("{}: no solution", f.name));
        assert_valid_solution(&puzzle, &solution);
    }
}

#[test]
fn every_generated_puzzle_has_its_one_recorded_solution() {
    let generated = generated();
    let sizes: std::collections::BTreeSet<usize> = generated.iter().map(|g| g.size).collect();
    assert!(
        sizes.len() >= 8,
        "generated.tsv covers only sizes {sizes:?}"
    );
    for g in generated {
        let puzzle = board(&g.puzzle);
        let recorded = board(&g.solution);
        assert_eq!(puzzle.size(), g.size, "{}", g.puzzle);
        // The recorded solution is checked without the engine's rules first.
        assert_valid_solution(&puzzle, &recorded);
        assert_eq!(puzzle.count_solutions_up_to(2), 1, "{}", g.puzzle);
        assert_eq!(puzzle.solution(), Some(recorded), "{}", g.puzzle);
    }
}
