//! Continuous loops (X-cycles, XY-cycles, continuous nice loops) and their
//! grouped forms: each on a position built around a published loop, with
//! its exact eliminations, its rating and its words; and every link drawn
//! for it a real link of the grid. Then Sudoku Explainer's techniques doku
//! lacked (Nishio, BUG type 2, unique loops) through the same API.

use doku::engine::grader::{find_technique, LogicStep, Technique};
use doku::engine::{Board, Candidates, Cell, Digit, Shape};
use std::collections::BTreeSet;

const SHAPE: Shape = Shape::CLASSIC;

fn cell(name: &str) -> Cell {
    let (r, c) = name[1..].split_once('c').expect("rNcN");
    SHAPE.cell(
        r.parse::<usize>().expect("row") - 1,
        c.parse::<usize>().expect("column") - 1,
    )
}

fn digit(d: u8) -> Digit {
    Digit::new(d).expect("a digit")
}

/// Notes on an empty 9x9 board: every cell may hold every digit, except
/// that the cells of `without` lose the listed digits and the cells of
/// `only` hold exactly the listed ones.
fn notes(without: &[(&[&str], &[u8])], only: &[(&str, &[u8])]) -> Vec<Candidates> {
    let mut notes = vec![Candidates::all(SHAPE); SHAPE.cell_count()];
    for (cells, digits) in without {
        for name in *cells {
            for &d in *digits {
                notes[cell(name).index()].remove(digit(d));
            }
        }
    }
    for (name, digits) in only {
        notes[cell(name).index()] = digits.iter().map(|&d| digit(d)).collect();
    }
    notes
}

/// The cells of a row (`r4`) or column (`c5`) outside `except`.
fn line_except(line: &str, except: &[usize]) -> Vec<String> {
    let k: usize = line[1..].parse().expect("a line number");
    (1..=9)
        .filter(|i| !except.contains(i))
        .map(|i| {
            if line.starts_with('r') {
                format!("r{k}c{i}")
            } else {
                format!("r{i}c{k}")
            }
        })
        .collect()
}

fn names(cells: &[String]) -> Vec<&str> {
    cells.iter().map(String::as_str).collect()
}

fn removed(step: &LogicStep) -> BTreeSet<(Cell, u8)> {
    let set: BTreeSet<(Cell, u8)> = step
        .eliminations
        .iter()
        .map(|&(c, d)| (c, d.get()))
        .collect();
    assert_eq!(set.len(), step.eliminations.len(), "no removal twice");
    set
}

fn expected(cells: &[&str], d: u8) -> BTreeSet<(Cell, u8)> {
    cells.iter().map(|&n| (cell(n), d)).collect()
}

/// The step `technique` finds, checked for the shape of a loop: every
/// weak link joins candidates that see each other (or share a cell),
/// every strong link starts from an off node and ends on an on node, and
/// the drawing holds as many strong links as weak ones.
/// Every link a step draws joins two candidates of `notes` that really
/// are linked: two digits of one cell, or one digit in cells that see
/// each other.
fn assert_links_are_real(step: &LogicStep, notes: &[Candidates]) {
    let cands = |c: Cell| notes[c.index()];
    for link in &step.chain {
        let (from, to) = (link.from, link.to);
        assert!(cands(from.cell).contains(from.digit), "{link:?}");
        assert!(cands(to.cell).contains(to.digit), "{link:?}");
        let linked = (from.cell == to.cell && from.digit != to.digit)
            || (from.digit == to.digit && SHAPE.sees(from.cell, to.cell));
        assert!(linked, "{link:?} joins unrelated candidates");
    }
}

fn loop_step(notes: &[Candidates], technique: Technique) -> LogicStep {
    let step = find_technique(&Board::empty(SHAPE), Some(notes), technique)
        .unwrap_or_else(|| panic!("a {technique} in the position"));
    assert_eq!(step.technique, technique);
    assert!(step.placements.is_empty(), "a loop only removes");
    assert_links_are_real(&step, notes);
    let (mut strong, mut weak) = (0, 0);
    for link in &step.chain {
        let from = link.from;
        if link.is_strong() {
            assert!(!from.on, "{link:?}");
            strong += 1;
        } else {
            assert!(from.on, "{link:?}");
            weak += 1;
        }
    }
    // A group is drawn as all its cells, so only plain loops count even.
    let grouped = matches!(
        technique,
        Technique::GroupedXCycle | Technique::GroupedNiceLoop
    );
    assert!(
        grouped || strong == weak,
        "a loop alternates: {:?}",
        step.chain
    );
    // No removal is a candidate of the loop itself.
    for &(c, d) in &step.eliminations {
        assert!(
            !step
                .chain
                .iter()
                .any(|l| (l.from.cell, l.from.digit) == (c, d) || (l.to.cell, l.to.digit) == (c, d)),
            "{c:?} {d:?} is on the loop"
        );
    }
    step
}

/// An X-cycle on 1 through three conjugate rows, closed by weak links in
/// columns 5, 8 and 1 (SudokuWiki's "Nice Loops rule 1": every weak link
/// of a continuous loop acts as a strong one):
/// r1c1=r1c5-r4c5=r4c8-r8c8=r8c1-r1c1. Each column loses its other 1s.
#[test]
fn x_cycle_removes_the_digit_along_each_weak_link() {
    let rows: Vec<String> = [
        line_except("r1", &[1, 5]),
        line_except("r4", &[5, 8]),
        line_except("r8", &[1, 8]),
    ]
    .concat();
    let n = notes(&[(&names(&rows), &[1])], &[]);
    let step = loop_step(&n, Technique::XCycle);
    let mut want = BTreeSet::new();
    for col in ["c1", "c5", "c8"] {
        let cells = line_except(col, &[1, 4, 8]);
        want.extend(expected(&names(&cells), 1));
    }
    assert_eq!(removed(&step), want);
    assert_eq!(step.rating, 65, "SE's bidirectional X-cycle, 6 nodes");
    assert_eq!(step.summary, "an x-cycle on 1");
    for words in ["r1c1<>1 so r1c5=1", "the loop closes", "1 is removed from"] {
        assert!(step.explanation.contains(words), "{}", step.explanation);
    }
    // A plain loop is not a grouped one.
    assert_eq!(
        find_technique(&Board::empty(SHAPE), Some(&n), Technique::GroupedXCycle),
        None
    );
}

/// An XY-cycle through four bivalue cells, 12 = 23 = 34 = 41 round the
/// corners r1c1, r1c5, r5c5, r5c1: each side's digit goes from the rest of
/// its row or column.
#[test]
fn xy_cycle_of_four_bivalue_cells() {
    let n = notes(
        &[],
        &[
            ("r1c1", &[1, 2]),
            ("r1c5", &[2, 3]),
            ("r5c5", &[3, 4]),
            ("r5c1", &[1, 4]),
        ],
    );
    let step = loop_step(&n, Technique::XyCycle);
    let mut want = expected(&names(&line_except("r1", &[1, 5])), 2);
    want.extend(expected(&names(&line_except("c5", &[1, 5])), 3));
    want.extend(expected(&names(&line_except("r5", &[1, 5])), 4));
    want.extend(expected(&names(&line_except("c1", &[1, 5])), 1));
    assert_eq!(removed(&step), want);
    // CycleHint.getDifficulty: 6.5 for an X- or a Y-cycle, 7.0 for both.
    assert_eq!(step.rating, 66, "SE's Y-cycle 6.5, plus 0.1 for 8 nodes");
}

/// HoDoKu's first continuous nice loop example (tech_chains):
/// 5= r7c6 =2= r6c6 -2- r4c5 -3- r8c5 =3= r8c6 =5= r7c6 =2, on a position
/// holding just its links. "All other candidates in that cell can be
/// eliminated (6 and 8)", the other 2s of box 5, the other 3s of column 5,
/// and 8 from r8c6.
#[test]
fn hodoku_continuous_nice_loop() {
    let column_6 = line_except("c6", &[6, 7, 8]);
    let row_8 = line_except("r8", &[5, 6]);
    let n = notes(
        &[(&names(&column_6), &[2, 5]), (&names(&row_8), &[3])],
        &[
            ("r7c6", &[2, 5, 6, 8]),
            ("r6c6", &[1, 2, 4, 7]),
            ("r4c5", &[2, 3]),
            ("r8c6", &[3, 5, 8]),
        ],
    );
    let step = loop_step(&n, Technique::ContinuousNiceLoop);
    let mut want: BTreeSet<(Cell, u8)> = [(cell("r7c6"), 6), (cell("r7c6"), 8), (cell("r8c6"), 8)]
        .into_iter()
        .collect();
    want.extend(expected(&["r4c4", "r5c4", "r5c5", "r6c4", "r6c5"], 2));
    want.extend(expected(&names(&line_except("c5", &[4, 8])), 3));
    assert_eq!(removed(&step), want);
    assert_eq!(
        step.rating, 71,
        "SE's mixed cycle 7.0, plus 0.1 for 8 nodes"
    );
    assert!(
        step.explanation.contains("r4c5=2") || step.explanation.contains("r4c5<>2"),
        "{}",
        step.explanation
    );
}

/// A grouped X-cycle on 1 (HoDoKu's grouped continuous nice loop on one
/// digit): with 1 in row 1 only in r1c1 and r1c5, nowhere in row 4 but
/// r4c5 and r4c78, and in row 6 only in r6c1 and r6c9, the shortest loop
/// with the most removals runs through two groups:
/// r1c1=r1c5-r4c5=r5c456-r5c23=r56c1-r1c1 (in box 5, 1 is in r4c5 or in
/// row 5; in box 4, in column 1 or in r5c23). Each weak link's house
/// loses its other 1s: column 5, the rest of row 5, column 1.
#[test]
fn grouped_x_cycle_through_box_line_groups() {
    let rows: Vec<String> = [
        line_except("r1", &[1, 5]),
        line_except("r4", &[5, 7, 8]),
        line_except("r6", &[1, 9]),
    ]
    .concat();
    let n = notes(&[(&names(&rows), &[1])], &[]);
    assert_eq!(
        find_technique(&Board::empty(SHAPE), Some(&n), Technique::XCycle),
        None,
        "no plain loop"
    );
    let step = loop_step(&n, Technique::GroupedXCycle);
    let mut want = expected(&names(&line_except("c5", &[1, 4, 5, 6])), 1);
    want.extend(expected(&names(&line_except("c1", &[1, 4, 5, 6])), 1));
    want.extend(expected(&["r5c7", "r5c8", "r5c9"], 1));
    assert_eq!(removed(&step), want);
    assert_eq!(step.rating, 65, "rated as the plain X-cycle");
    for words in ["{r5c4,r5c5,r5c6}", "{r5c1,r6c1}"] {
        assert!(step.explanation.contains(words), "{}", step.explanation);
    }
    assert_eq!(step.summary, "a grouped x-cycle on 1");
}

/// The step `technique` finds, checked for the shape of an open chain:
/// every link joins candidates that see each other (or share a cell), a
/// strong link goes from off to on and a weak one from on to off, the
/// chain starts and ends with a strong link, and nothing it removes is
/// one of its ends.
fn chain_step(notes: &[Candidates], technique: Technique) -> LogicStep {
    let step = find_technique(&Board::empty(SHAPE), Some(notes), technique)
        .unwrap_or_else(|| panic!("a {technique} in the position"));
    assert_eq!(step.technique, technique);
    assert!(
        step.placements.is_empty(),
        "a chain with strong ends only removes"
    );
    assert_links_are_real(&step, notes);
    for link in &step.chain {
        assert_eq!(link.from.on, !link.is_strong(), "{link:?}");
    }
    let (first, last) = (step.chain[0], step.chain[step.chain.len() - 1]);
    assert!(first.is_strong() && last.is_strong(), "{:?}", step.chain);
    for &(c, d) in &step.eliminations {
        for end in [first.from, last.to] {
            assert_ne!((end.cell, end.digit), (c, d), "an end is removed");
        }
    }
    step
}

/// A grouped X-chain on 1 (HoDoKu's "Grouped X-Chain"): row 1 holds 1
/// only in r1c1 and r1c5, and box 8 only in r7c5, r8c5 and r9c4, so
/// r1c1=r1c5-{r7c5,r8c5}=r9c4: r1c1 or r9c4 is 1, and r9c1, which sees
/// both, is not. No chain without the group removes anything here.
#[test]
fn grouped_x_chain_through_a_box_column_group() {
    let box_8: Vec<&str> = vec!["r7c4", "r7c6", "r8c4", "r8c6", "r9c5", "r9c6"];
    let row_1 = line_except("r1", &[1, 5]);
    let n = notes(&[(&names(&row_1), &[1]), (&box_8, &[1])], &[]);
    assert_eq!(
        find_technique(&Board::empty(SHAPE), Some(&n), Technique::XChain),
        None,
        "no plain x-chain"
    );
    let step = chain_step(&n, Technique::GroupedXChain);
    assert_eq!(removed(&step), expected(&["r9c1"], 1));
    assert_eq!(step.rating, 66, "rated as SE's plain X-chain of 6 nodes");
    assert_eq!(step.summary, "a grouped x-chain on 1");
    for words in ["{r7c5,r8c5}<>1", "r1c5=1", "1 is removed from r9c1"] {
        assert!(step.explanation.contains(words), "{}", step.explanation);
    }
    // Only one digit: no mixed chain to find.
    assert_eq!(
        find_technique(&Board::empty(SHAPE), Some(&n), Technique::GroupedAic).map(|s| s.technique),
        Some(Technique::GroupedXChain),
        "a one-digit chain found by the AIC search is named an x-chain"
    );
}

/// Box 8 holds 1 only in r9c4, r9c5 and r7c6; r9c1 holds only 1 and 2,
/// and column 6 holds 2 only in r1c6 and r7c6. The grouped AIC
/// r9c1(2=1)-{r9c4,r9c5}(1)=r7c6(1-2)=r1c6(2) says r9c1 or r1c6 is 2, so
/// r1c1, which sees both, is not.
fn grouped_aic_position() -> Vec<Candidates> {
    let box_8: Vec<&str> = vec!["r7c4", "r7c5", "r8c4", "r8c5", "r8c6", "r9c6"];
    let column_6 = line_except("c6", &[1, 7]);
    notes(
        &[(&box_8, &[1]), (&names(&column_6), &[2])],
        &[("r9c1", &[1, 2])],
    )
}

#[test]
fn grouped_aic_through_a_box_row_group() {
    let n = grouped_aic_position();
    assert_eq!(
        find_technique(&Board::empty(SHAPE), Some(&n), Technique::Aic),
        None,
        "no plain AIC"
    );
    assert_eq!(
        find_technique(&Board::empty(SHAPE), Some(&n), Technique::GroupedXChain),
        None,
        "no chain of one digit"
    );
    let step = chain_step(&n, Technique::GroupedAic);
    assert_eq!(removed(&step), expected(&["r1c1"], 2));
    assert_eq!(
        step.rating, 71,
        "SE's AIC 7.0, plus 0.1 for 8 nodes (the victim twice, six in the chain)"
    );
    assert_eq!(
        step.summary,
        "a grouped alternating inference chain on 1 and 2"
    );
    let text = &step.explanation;
    assert!(text.contains("2 is removed from r1c1"), "{text}");
    // Either way round.
    assert!(
        text.contains("r7c6<>1 so {r9c4,r9c5}=1") || text.contains("{r9c4,r9c5}<>1 so r7c6=1"),
        "{text}"
    );
}

/// The grouped AIC's position with column 7 holding 2 only in r1c7 and
/// r9c7: the chain closes into a grouped continuous nice loop,
/// r9c1(2=1)-{r9c4,r9c5}(1)=r7c6(1-2)=r1c6(2)-r1c7(2)=r9c7(2)-r9c1(2).
/// Each weak link removes like a strong one: the other 1s of row 9, the
/// other digits of r7c6, the other 2s of rows 1 and 9.
#[test]
fn grouped_continuous_nice_loop_through_a_box_row_group() {
    let mut n = grouped_aic_position();
    for name in line_except("c7", &[1, 9]) {
        n[cell(&name).index()].remove(digit(2));
    }
    assert_eq!(
        find_technique(
            &Board::empty(SHAPE),
            Some(&n),
            Technique::ContinuousNiceLoop
        ),
        None,
        "no plain loop"
    );
    let step = loop_step(&n, Technique::GroupedNiceLoop);
    let mut want = expected(&["r9c2", "r9c3", "r9c7", "r9c8", "r9c9"], 1);
    want.extend((3..=9).map(|d| (cell("r7c6"), d)));
    want.extend(expected(
        &["r1c1", "r1c2", "r1c3", "r1c4", "r1c5", "r1c8", "r1c9"],
        2,
    ));
    want.extend(expected(
        &["r9c2", "r9c3", "r9c4", "r9c5", "r9c8", "r9c9"],
        2,
    ));
    assert_eq!(removed(&step), want);
    assert_eq!(
        step.rating, 71,
        "SE's mixed cycle 7.0, plus 0.1 for 8 nodes"
    );
    assert_eq!(step.summary, "a grouped continuous nice loop on 1 and 2");
    for words in ["{r9c4,r9c5}", "the loop closes"] {
        assert!(step.explanation.contains(words), "{}", step.explanation);
    }
}

// Sudoku Explainer's techniques doku lacked (grader/unique_loops.rs, bug.rs,
// aligned_exclusion.rs, nishio.rs), through the public API: positions met
// on top1465's solving paths, one word of candidates per cell (a single
// digit is a given).

fn position(rows: &[&str]) -> (Board, Vec<Candidates>) {
    let words: Vec<&str> = rows.iter().flat_map(|r| r.split_whitespace()).collect();
    let notes: Vec<Candidates> = words
        .iter()
        .map(|w| w.bytes().map(|b| digit(b - b'0')).collect())
        .collect();
    let values: Vec<u8> = words
        .iter()
        .map(|w| {
            if w.len() == 1 {
                w.as_bytes()[0] - b'0'
            } else {
                0
            }
        })
        .collect();
    let board = Board::from_values(SHAPE, values).expect("a board");
    (board, notes)
}

fn se_step(rows: &[&str], technique: Technique) -> LogicStep {
    let (board, notes) = position(rows);
    let step = find_technique(&board, Some(&notes), technique)
        .unwrap_or_else(|| panic!("a {technique} in the position"));
    assert_eq!(step.technique, technique);
    assert_links_are_real(&step, &notes);
    step
}

#[test]
fn nishio_forcing_chain_follows_one_digit_to_a_contradiction() {
    let step = se_step(
        &[
            "4 12569 1256789 5789 3 15789 259 2567 25679",
            "1237 12359 12579 6 12479 14579 8 2357 234579",
            "23678 23569 256789 45789 24789 45789 23459 23567 1",
            "1236 12346 1246 3478 5 134678 1234 9 23478",
            "123 8 12459 3479 1479 13479 6 12357 23457",
            "136 7 14569 2 14689 134689 1345 1358 3458",
            "68 46 468 1 4689 2 7 3568 35689",
            "5 126 3 789 6789 6789 129 4 2689",
            "9 1246 124678 34578 4678 345678 1235 123568 23568",
        ],
        Technique::NishioForcingChain,
    );
    assert_eq!(removed(&step), expected(&["r1c3"], 7));
    assert_eq!(step.rating, 75);
    assert_eq!(step.summary, "a nishio forcing chain on 7");
    assert_eq!(
        step.explanation,
        "Following only 7: if r1c3=7, r3c1<>7; and r2c1<>7 so r3c1=7: impossible. So r1c3<>7"
    );
    assert!(step.chain.iter().all(|l| l.from.digit == digit(7)));
}

#[test]
fn bug_type_2_and_unique_loop_type_2_say_what_they_found() {
    let bug = se_step(
        &[
            "1 2 3 4 5 6 79 8 79",
            "4 58 6 7 9 28 15 3 12",
            "7 58 9 28 3 1 45 46 26",
            "2 4 5 3 8 7 19 16 169",
            "3 1 8 26 26 9 47 47 5",
            "6 9 7 5 1 4 8 2 3",
            "5 7 14 16 46 3 2 9 8",
            "8 6 14 9 24 25 3 157 17",
            "9 3 2 18 7 58 6 15 4",
        ],
        Technique::Bug2,
    );
    assert_eq!(removed(&bug), expected(&["r4c8", "r8c9"], 1));
    assert_eq!(bug.summary, "a bug type 2 on 1");
    assert!(
        bug.explanation
            .contains("r4c9 (1, 6 or 9) and r8c8 (1, 5 or 7)"),
        "{}",
        bug.explanation
    );
    let loop_step = se_step(
        &[
            "7 126 8 9 46 46 3 1 5",
            "9 3 4 2 5 1 6 7 8",
            "5 126 26 7 3 8 29 4 29",
            "1 4 7 5 9 3 8 2 6",
            "3 26 9 4 8 26 1 5 7",
            "8 5 26 1 26 7 4 9 3",
            "2 9 3 6 1 5 7 8 4",
            "46 8 1 3 7 249 5 6 29",
            "46 7 5 8 24 249 29 3 1",
        ],
        Technique::UniqueLoop2,
    );
    assert_eq!(removed(&loop_step), expected(&["r1c6", "r9c5"], 4));
    assert_eq!(loop_step.rating, 46);
    assert_eq!(loop_step.summary, "a unique loop type 2 on 2 and 9");
}
