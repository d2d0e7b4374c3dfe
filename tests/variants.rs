//! The variants' rules in the engine: counting facts, jigsaw layouts, and
//! deals of every variant checked by a second, independent method: a plain
//! backtracking over houses built here from the rules' definitions (rows,
//! columns, boxes by their corners, the two diagonals, the windoku windows,
//! a jigsaw's region map), sharing no code with the engine's searches.

use doku::engine::generator::{generate, generate_variant, rules_for_deal, Symmetry};
use doku::engine::grader::{grade, solve_logically, Difficulty, LogicStep, Solutions};
use doku::engine::{Board, Cell, Named, Shape, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Every house of `shape` as lists of cells, built from the definitions.
fn independent_houses(shape: &Shape) -> Vec<Vec<usize>> {
    let n = shape.size();
    let mut houses: Vec<Vec<usize>> = Vec::new();
    houses.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    houses.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    if let Some((br, bc)) = shape.box_dims() {
        for top in (0..n).step_by(br) {
            for left in (0..n).step_by(bc) {
                let cells = (0..br)
                    .flat_map(|i| (0..bc).map(move |j| (top + i) * n + left + j))
                    .collect();
                houses.push(cells);
            }
        }
    } else if shape.is_jigsaw() {
        // The region map is the puzzle's definition: read it cell by cell.
        let mut regions = vec![Vec::new(); n];
        for cell in 0..n * n {
            let region = shape
                .box_of(Cell(cell as u16))
                .expect("a jigsaw cell has a region");
            regions[region].push(cell);
        }
        houses.extend(regions);
    }
    if shape.extras().diagonals {
        houses.push((0..n).map(|i| i * n + i).collect());
        houses.push((0..n).map(|i| i * n + n - 1 - i).collect());
    }
    if shape.extras().windows {
        let (k, _) = shape.box_dims().expect("windoku has boxes");
        let starts: Vec<usize> = (0..k - 1).map(|w| 1 + w * (k + 1)).collect();
        for &top in &starts {
            for &left in &starts {
                let cells = (0..k)
                    .flat_map(|i| (0..k).map(move |j| (top + i) * n + left + j))
                    .collect();
                houses.push(cells);
            }
        }
    }
    houses
}

/// Solutions of `values` under `houses`, counting stops at `limit`: a
/// plain depth-first search on the first empty cell with the fewest digits.
fn independent_count(n: usize, houses: &[Vec<usize>], values: &[u8], limit: usize) -> usize {
    let mut peers = vec![Vec::new(); n * n];
    for house in houses {
        for &a in house {
            for &b in house {
                if a != b && !peers[a].contains(&b) {
                    peers[a].push(b);
                }
            }
        }
    }
    fn search(values: &mut Vec<u8>, peers: &[Vec<usize>], n: usize, limit: usize) -> usize {
        let allowed = |values: &[u8], cell: usize| -> Vec<u8> {
            (1..=n as u8)
                .filter(|&d| peers[cell].iter().all(|&p| values[p] != d))
                .collect()
        };
        let mut best: Option<(usize, Vec<u8>)> = None;
        for cell in 0..values.len() {
            if values[cell] == 0 {
                let digits = allowed(values, cell);
                if best.as_ref().is_none_or(|(_, b)| digits.len() < b.len()) {
                    best = Some((cell, digits));
                }
            }
        }
        let Some((cell, digits)) = best else {
            return 1;
        };
        let mut found = 0;
        for d in digits {
            values[cell] = d;
            found += search(values, peers, n, limit - found);
            values[cell] = 0;
            if found >= limit {
                break;
            }
        }
        found
    }
    search(&mut values.to_vec(), &peers, n, limit)
}

fn independently_valid(board: &Board) -> bool {
    let values = board.values();
    values.iter().all(|&v| v != 0)
        && independent_houses(&board.shape()).iter().all(|house| {
            let mut seen: Vec<u8> = house.iter().map(|&c| values[c]).collect();
            seen.sort_unstable();
            seen.dedup();
            seen.len() == house.len()
        })
}

/// Every placement and removal of `step` agrees with the solution `truth`.
fn assert_step_agrees(step: &LogicStep, truth: &[u8], what: &str) {
    for &(cell, digit) in &step.placements {
        assert_eq!(
            truth[cell.index()],
            digit.get(),
            "{what}: {}",
            step.explanation
        );
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(
            truth[cell.index()],
            digit.get(),
            "{what}: {}",
            step.explanation
        );
    }
}

fn variant_shape(variant: &str, size: usize) -> Shape {
    Variant::parse(variant)
        .expect("a variant")
        .apply(Shape::sudoku(size).expect("a sudoku size"))
        .expect("the variant fits")
}

#[test]
fn empty_4x4_grids_count_as_the_rules_say() {
    // Counted by hand-made backtracking over the definitions (see above):
    // 288 sudoku, 48 with the diagonals, 168 with the centre window.
    let cases = [
        (Shape::sudoku(4).expect("4x4"), 288),
        (variant_shape("x", 4), 48),
        (variant_shape("windoku", 4), 168),
        (variant_shape("windoku,x", 4), 48),
        (Shape::latin(4).expect("latin").with_diagonals(), 48),
        (Shape::latin(5).expect("latin").with_diagonals(), 960),
    ];
    for (shape, expected) in cases {
        let empty = Board::empty(shape);
        let independent = independent_count(
            shape.size(),
            &independent_houses(&shape),
            empty.values(),
            10_000,
        );
        assert_eq!(independent, expected, "independent count of {shape}");
        assert_eq!(
            empty.count_solutions_up_to(10_000),
            expected,
            "engine count of {shape}"
        );
    }
}

#[test]
fn a_fixed_jigsaw_counts_the_same_both_ways() {
    // A 5x5 and a 6x6 jigsaw (no sudoku boxes fit a 5x5 at all).
    let layouts: [(usize, &str); 2] = [
        (5, "0001102211023314223344443"),
        (6, "000111022311022331042233445553444555"),
    ];
    for (n, map) in layouts {
        let regions: Vec<u8> = map.bytes().map(|b| b - b'0').collect();
        let shape = Shape::jigsaw(n, &regions).expect("a valid layout");
        assert!(shape.is_jigsaw(), "{shape}");
        let empty = Board::empty(shape);
        let independent =
            independent_count(n, &independent_houses(&shape), empty.values(), 100_000);
        assert!(independent > 0, "{map} has grids");
        assert_eq!(empty.count_solutions_up_to(100_000), independent, "{map}");
    }
}

#[test]
fn bad_region_maps_are_refused_with_the_reason() {
    let err = |n: usize, map: &str| {
        let regions: Vec<u8> = map.bytes().collect();
        Shape::jigsaw(n, &regions).expect_err(map).to_string()
    };
    assert!(err(4, "aabbaabbccddccd").contains("16 cells, but has 15"));
    assert!(err(4, "aaabaabbccddccdd").contains("region 1 has 5 cells"));
    assert!(err(4, "aabbccbbaaddccdd").contains("in pieces"));
    assert!(err(4, "aabbaabbccddccee").contains("needs 4 regions"));
    // The standard boxes drawn as a map are the plain sudoku.
    let boxes: Vec<u8> = "aabbaabbccddccdd".bytes().collect();
    assert_eq!(Shape::jigsaw(4, &boxes), Ok(Shape::sudoku(4).expect("4x4")));
}

#[test]
fn deals_of_every_variant_are_unique_sound_and_graded_as_asked() {
    let difficulties = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        // Extreme deals prove uniqueness with a short search as well.
        Difficulty::Extreme,
    ];
    // Killers have their own deals and checks (tests/killer.rs).
    let carved = Variant::ALL
        .iter()
        .filter(|&&v| v != Variant::Classic && !v.is_killer());
    for &variant in carved {
        for (k, &difficulty) in difficulties.iter().enumerate() {
            let seed = 100 + k as u64;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let base = Shape::CLASSIC;
            let shape = rules_for_deal(base, variant, &mut rng).expect("rules for a 9x9 deal");
            assert_eq!(Variant::of(&shape), variant);
            let dealt = generate(shape, Some(difficulty), Symmetry::Rotate180, &mut rng)
                .unwrap_or_else(|e| panic!("{variant} {difficulty}: {e}"));
            let puzzle = &dealt.puzzle;
            let what = format!("{variant} {difficulty} seed {seed}: {puzzle:?}");
            // Unique, by the independent search.
            let houses = independent_houses(&shape);
            assert_eq!(
                independent_count(9, &houses, puzzle.values(), 2),
                1,
                "{what}"
            );
            assert!(independently_valid(&dealt.solution), "{what}");
            // Graded as asked, and every logical step agrees with the solution.
            let verdict = grade(puzzle);
            assert_eq!(verdict.solutions, Solutions::Unique, "{what}");
            assert_eq!(verdict.difficulty, difficulty, "{what}");
            let logic = solve_logically(puzzle);
            assert!(logic.solved, "{what}: logic stalled");
            let truth = dealt.solution.values();
            for step in &logic.steps {
                assert_step_agrees(step, truth, &what);
            }
        }
    }
}

#[test]
fn a_seed_deals_the_same_jigsaw() {
    let deal = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let shape = rules_for_deal(Shape::CLASSIC, Variant::Jigsaw, &mut rng).expect("rules");
        generate(
            shape,
            Some(Difficulty::Medium),
            Symmetry::Rotate180,
            &mut rng,
        )
        .expect("deal")
    };
    assert_eq!(deal(5), deal(5));
    assert_ne!(deal(5).puzzle.shape(), deal(6).puzzle.shape());
}

#[test]
fn the_solver_respects_every_house_on_jigsaws_of_many_sizes() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for size in [4, 5, 6, 7, 8, 9, 10, 12, 16] {
        for variant in [Variant::Jigsaw, Variant::JigsawX] {
            let base = Shape::infer(size).expect("a size");
            let Ok(shape) = rules_for_deal(base, variant, &mut rng) else {
                panic!("no {variant} rules for {size}x{size}");
            };
            let solved = Board::empty(shape).solution();
            let solved = solved.unwrap_or_else(|| panic!("{shape} has a grid"));
            assert!(independently_valid(&solved), "{shape}: {solved:?}");
        }
    }
}

/// Deal times per variant and difficulty, median and max over 15 seeds
/// (`cargo test --release --test variants deal_times -- --ignored --nocapture`;
/// `scripts/variant_deal_times.sh` times the CLI, against a base binary too).
#[test]
#[ignore]
fn deal_times() {
    for &variant in Variant::ALL {
        for difficulty in [
            Difficulty::Easy,
            Difficulty::Medium,
            Difficulty::Hard,
            Difficulty::Expert,
            Difficulty::Extreme,
        ] {
            let mut times = Vec::new();
            let mut failed = 0;
            for seed in 0..15u64 {
                let start = std::time::Instant::now();
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
                let never = std::sync::atomic::AtomicBool::new(false);
                let dealt = generate_variant(
                    shape,
                    variant,
                    Some(difficulty),
                    Symmetry::Rotate180,
                    &mut rng,
                    &never,
                );
                times.push(start.elapsed().as_secs_f64() * 1000.0);
                failed += usize::from(dealt.is_err());
            }
            times.sort_by(f64::total_cmp);
            eprintln!(
                "{variant:<10} {difficulty:<8} median {:7.1} ms  max {:7.1} ms{}",
                times[times.len() / 2],
                times[times.len() - 1],
                if failed > 0 {
                    format!("  ({failed} gave up)")
                } else {
                    String::new()
                }
            );
        }
    }
}

/// What minimal deals of a variant grade (`cargo test --test variants grade_mix -- --ignored --nocapture`).
#[test]
#[ignore]
fn grade_mix() {
    for &variant in Variant::ALL {
        let mut mix = std::collections::BTreeMap::new();
        for seed in 0..60u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
            let never = std::sync::atomic::AtomicBool::new(false);
            let dealt =
                generate_variant(shape, variant, None, Symmetry::Rotate180, &mut rng, &never)
                    .expect("deal");
            let g = grade(&dealt.puzzle);
            *mix.entry(format!("{} {}", g.difficulty, g.hardest))
                .or_insert(0) += 1;
        }
        eprintln!("{variant}: {mix:?}");
    }
}

/// Every step of logic on minimal deals of each variant agrees with the
/// solution, and logic (with chains and nets) finishes them.
#[test]
fn logic_is_sound_on_minimal_deals_of_every_variant() {
    let per_variant: u64 = std::env::var("DOKU_VARIANT_SAMPLES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let mut jigsaw_techniques: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    // Killers: tests/killer_grade.rs and the grader's killer tests.
    for &variant in Variant::ALL.iter().filter(|v| !v.is_killer()) {
        for seed in 0..per_variant {
            let mut rng = ChaCha8Rng::seed_from_u64(1000 + seed);
            let shape = rules_for_deal(Shape::CLASSIC, variant, &mut rng).expect("rules");
            let dealt = generate(shape, None, Symmetry::None, &mut rng).expect("a deal");
            let what = format!("{variant} seed {}: {:?}", 1000 + seed, dealt.puzzle);
            let truth = dealt.solution.values();
            let logic = solve_logically(&dealt.puzzle);
            for step in &logic.steps {
                if variant.is_jigsaw() {
                    jigsaw_techniques.insert(step.technique.name());
                }
                assert_step_agrees(step, truth, &what);
            }
            let verdict = grade(&dealt.puzzle);
            assert_eq!(
                verdict.solutions,
                Solutions::Unique,
                "{what}: {}",
                verdict.hardest
            );
        }
    }
    // The jigsaw's own technique takes part (and was checked above).
    assert!(
        jigsaw_techniques.contains("law of leftovers"),
        "{jigsaw_techniques:?}"
    );
}
