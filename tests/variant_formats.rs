//! Puzzles of every variant through every format: the line with a jigsaw's
//! region map or a killer's cages, the block with its `regions:` or
//! `cages:` map, f-puzzles JSON and links;
//! and every refusal with the message a user reads.

mod common;
use common::fixture_lines;
use doku::engine::format::fpuzzles::{self, Fpuzzle};
use doku::engine::format::lz::{compress_to_base64, decompress_from_base64};
use doku::engine::format::{parse_puzzle, write, Format, ParseError, PuzzleReader, ShapeHint};
use doku::engine::generator::Symmetry;
use doku::engine::generator::{generate_variant, rules_for_deal};
use doku::engine::{Board, Candidates, Digit, Named, Shape, Variant};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A dealt puzzle of `variant` on a 9x9 (or `size`), seeded.
fn dealt(variant: Variant, size: usize, seed: u64) -> Board {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let base = Shape::sudoku(size).unwrap();
    let rules = rules_for_deal(base, variant, &mut rng).unwrap();
    let never = std::sync::atomic::AtomicBool::new(false);
    generate_variant(rules, variant, None, Symmetry::None, &mut rng, &never)
        .unwrap()
        .puzzle
}

fn read_as(text: &str, variant: Variant) -> Result<Board, ParseError> {
    let mut reader = PuzzleReader::new(text.as_bytes(), ShapeHint::Infer).with_variant(variant);
    let first = reader.next().expect("a puzzle");
    assert!(reader.next().is_none(), "one puzzle in {text:?}");
    first.map(|p| p.board)
}

fn err(text: &str, variant: Variant) -> String {
    match read_as(text, variant) {
        Ok(board) => panic!("{text:?} read as {board:?}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn every_variant_round_trips_through_line_block_json_and_link() {
    for (i, &variant) in Variant::ALL.iter().enumerate() {
        for size in [9, 6] {
            if variant.unplayable_on(size, false).is_some() {
                continue;
            }
            let board = dealt(variant, size, 40 + i as u64);
            assert_eq!(Variant::of_board(&board), variant);
            // Line and block carry a jigsaw's map and a killer's cages; X and
            // windoku come from --variant.
            let extra = if variant.is_jigsaw() {
                variant.max_classic()
            } else {
                variant
            };
            for format in [Format::Line, Format::Block] {
                let text = write(&board, format);
                let back = read_as(&text, extra)
                    .unwrap_or_else(|e| panic!("{variant} {format:?}: {e}\n{text}"));
                assert_eq!(back, board, "{variant} {size}x{size} {format:?}:\n{text}");
                // With the variant named in full, the same.
                assert_eq!(read_as(&text, variant).unwrap(), board);
            }
            // f-puzzles carries the whole rules: no --variant needed.
            for format in [Format::Fpuzzles, Format::FpuzzlesLink] {
                let text = write(&board, format);
                assert!(!text.contains('\n'), "{format:?} is one line");
                let back = read_as(&text, Variant::Classic).unwrap();
                assert_eq!(back, board, "{variant} {size}x{size} {format:?}: {text}");
            }
        }
    }
}

trait MaxClassic {
    fn max_classic(self) -> Variant;
}
impl MaxClassic for Variant {
    /// The variant a jigsaw's line needs named: its extras only.
    fn max_classic(self) -> Variant {
        match self {
            Variant::JigsawX => Variant::X,
            _ => Variant::Classic,
        }
    }
}

#[test]
fn a_jigsaw_line_is_givens_a_space_and_the_map_in_reading_order() {
    let board = dealt(Variant::Jigsaw, 9, 3);
    let line = write(&board, Format::Line);
    let (givens, map) = line.split_once(' ').unwrap();
    assert_eq!(givens.len(), 81);
    assert!(
        map.starts_with('1'),
        "regions numbered in reading order: {map}"
    );
    let mut seen = Vec::new();
    for ch in map.chars() {
        if !seen.contains(&ch) {
            seen.push(ch);
        }
    }
    assert_eq!(seen.iter().collect::<String>(), "123456789");
    // Any distinct symbols name the same regions.
    let relabelled: String = map
        .chars()
        .map(|c| (b'a' + (c as u8 - b'1')) as char)
        .collect();
    assert_eq!(
        parse_puzzle(&format!("{givens}   {relabelled}"), ShapeHint::Infer).unwrap(),
        board
    );
    // The block form prints the map after `regions:`.
    let block = write(&board, Format::Block);
    assert!(block.contains("\nregions:\n"), "{block}");
}

const JANKO: &str =
    "8...........1.....2.....4.6.....8..5...62..18.3...4.2....5..1.7..2.........8...9.";
const JANKO_MAP: &str =
    "999998888555998888555998333555111333222111333222111444222766444777766444777766666";

#[test]
fn bad_region_maps_name_line_column_and_what_is_wrong() {
    // One cell short.
    let e = err(&format!("{JANKO} {}", &JANKO_MAP[..80]), Variant::Classic);
    assert_eq!(
        e,
        "line 1, column 83: the region map: a 9x9 region map needs 81 cells, but has 80"
    );
    // A region of 10 cells and one of 8: swap one cell of region 9 into 5.
    let mut map: Vec<char> = JANKO_MAP.chars().collect();
    map[5] = '9';
    let e = err(
        &format!("{JANKO} {}", map.iter().collect::<String>()),
        Variant::Classic,
    );
    assert!(e.starts_with("line 1, column 83: the region map: region 1 has 10 cells; every region of a 9x9 jigsaw has 9 (the region marked '9')"), "{e}");
    // A region in pieces: trade two cells far apart between regions 9 and 6.
    let mut map: Vec<char> = JANKO_MAP.chars().collect();
    map[0] = '6';
    map[80] = '9';
    let e = err(
        &format!("{JANKO} {}", map.iter().collect::<String>()),
        Variant::Classic,
    );
    assert!(e.contains("is in pieces"), "{e}");
    assert!(e.starts_with("line 1, column "), "{e}");
    // Ten regions.
    let mut map: Vec<char> = JANKO_MAP.chars().collect();
    map[80] = 'Z';
    let e = err(
        &format!("{JANKO} {}", map.iter().collect::<String>()),
        Variant::Classic,
    );
    assert!(e.contains("needs 9 regions, but its map names 10"), "{e}");
    assert!(e.starts_with("line 1, column 163:"), "{e}");
}

#[test]
fn variant_flags_add_houses_and_refuse_what_cannot_be() {
    let x = dealt(Variant::X, 9, 8);
    let line = write(&x, Format::Line);
    assert_eq!(read_as(&line, Variant::X).unwrap(), x);
    // Without the flag the same line is a classic puzzle.
    assert_eq!(
        Variant::of(&read_as(&line, Variant::Classic).unwrap().shape()),
        Variant::Classic
    );
    let e = err(&line, Variant::Jigsaw);
    assert!(e.starts_with("line 1: --variant jigsaw: a jigsaw needs its regions: write the region map after the givens"), "{e}");
    let e = err(&format!("{JANKO} {JANKO_MAP}"), Variant::Windoku);
    assert!(e.contains("windoku needs square boxes"), "{e}");
    // X on a map makes a jigsaw X; the givens are checked on the diagonals.
    let clash = format!("1{}1", ".".repeat(79));
    let e = err(&clash, Variant::X);
    assert!(
        e.contains("r1c1 and r9c9 both hold 1 (same the main diagonal)")
            || e.contains("r1c1 and r9c9"),
        "{e}"
    );
}

#[test]
fn published_variant_puzzles_solve_to_their_published_solutions() {
    let mut seen = std::collections::HashSet::new();
    for line in fixture_lines("variants/published.tsv") {
        let fields: Vec<&str> = line.split('\t').collect();
        let [variant, puzzle, solution, source] = fields[..] else {
            panic!("published.tsv: not four fields: {line}");
        };
        let variant = Variant::parse(variant).unwrap();
        let board = read_as(puzzle, variant).unwrap();
        assert_eq!(board.count_solutions_up_to(2), 1, "{source}");
        let solved = board.solution().unwrap();
        let values: String = solved.values().iter().map(|v| v.to_string()).collect();
        assert_eq!(values, solution, "{source}");
        seen.insert(variant);
    }
    // Each variant doku deals has a published puzzle here.
    for variant in ["x", "jigsaw", "windoku"] {
        assert!(
            seen.contains(&Variant::parse(variant).unwrap()),
            "no published {variant}"
        );
    }
}

#[test]
fn real_fpuzzles_links_are_read() {
    for link in fixture_lines("variants/fpuzzles_links.txt") {
        let board = parse_puzzle(&link, ShapeHint::Infer).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(board.shape(), Shape::CLASSIC);
        assert!(board.filled_count() > 0);
        assert!(board.solution().is_some());
    }
    // The payload of `{"x":3}` (lisudoku's test) unpacks, and is refused by name.
    assert_eq!(
        decompress_from_base64("N4IgHiBcDMC+Q===").unwrap(),
        "{\"x\":3}"
    );
    let e = parse_puzzle("N4IgHiBcDMC+Q===", ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(e.contains("rules doku does not play: \"x\""), "{e}");
    // A killer from rangsk's SudokuSolver tests: two cages, 9 and 33.
    let killer = fixture_lines("variants/fpuzzles_killer_link.txt").remove(0);
    let board = parse_puzzle(&killer, ShapeHint::Infer).unwrap();
    let sums: Vec<Option<u16>> = board.cages().unwrap().iter().map(|c| c.sum()).collect();
    assert_eq!(sums, [Some(9), Some(33)]);
    // SudokuPad reads the same payload after its fpuzzles prefix; so does doku.
    let payload = killer.split_once("load=").unwrap().1;
    let again = parse_puzzle(
        &format!("https://sudokupad.app/fpuzzles{payload}"),
        ShapeHint::Infer,
    )
    .unwrap();
    assert_eq!(again, board);
    // Escaped as links often are.
    let escaped = fixture_lines("variants/fpuzzles_links.txt")[1]
        .replace('+', "%2B")
        .replace('/', "%2F")
        .replace("https:%2F%2F", "https://")
        .replace("f-puzzles.com%2F", "f-puzzles.com/");
    assert!(
        parse_puzzle(&escaped, ShapeHint::Infer).is_ok(),
        "{escaped}"
    );
}

fn json_with(extra: &str) -> String {
    let row = ["{}"; 9].join(",");
    let grid = vec![format!("[{row}]"); 9].join(",");
    format!("{{\"size\":9,\"grid\":[{grid}]{extra}}}")
}

#[test]
fn every_unknown_constraint_is_refused_by_name() {
    for (key, name) in [
        ("arrow", "arrows"),
        ("thermometer", "thermometers"),
        ("littlekillersum", "little killer sums"),
        ("sandwichsum", "sandwich sums"),
        ("palindrome", "palindromes"),
        ("difference", "kropki white dots"),
        ("ratio", "kropki black dots"),
        ("xv", "XV"),
        ("odd", "odd cells"),
        ("even", "even cells"),
        ("minimum", "minimum cells"),
        ("maximum", "maximum cells"),
        ("quadruple", "quadruples"),
        ("clone", "clones"),
        ("betweenline", "between lines"),
    ] {
        let text = json_with(&format!(",\"{key}\":[{{\"cells\":[\"R1C1\"]}}]"));
        let e = err(&text, Variant::Classic);
        assert!(e.contains(&format!("{name} ({key})")), "{key}: {e}");
        assert!(
            e.starts_with("line 1: f-puzzles: the puzzle has rules doku does not play"),
            "{e}"
        );
    }
    for key in ["antiknight", "antiking", "nonconsecutive", "disjointgroups"] {
        let e = err(&json_with(&format!(",\"{key}\":true")), Variant::Classic);
        assert!(e.contains(&format!("({key})")), "{e}");
    }
    // An empty list or false is no constraint.
    assert!(read_as(
        &json_with(",\"arrow\":[],\"antiknight\":false"),
        Variant::Classic
    )
    .is_ok());
    // Two at once are both named.
    let e = err(
        &json_with(",\"arrow\":[{}],\"newthing\":1"),
        Variant::Classic,
    );
    assert!(
        e.contains("arrows (arrow)") && e.contains("\"newthing\""),
        "{e}"
    );
}

#[test]
fn fpuzzles_diagonals_windows_and_regions() {
    let both = read_as(
        &json_with(",\"diagonal+\":true,\"diagonal-\":true"),
        Variant::Classic,
    )
    .unwrap();
    assert_eq!(Variant::of(&both.shape()), Variant::X);
    let e = err(&json_with(",\"diagonal+\":true"), Variant::Classic);
    assert!(
        e.contains("only the anti-diagonal (bottom left to top right) is a house (diagonal+)"),
        "{e}"
    );
    let e = err(&json_with(",\"diagonal-\":true"), Variant::Classic);
    assert!(
        e.contains("only the main diagonal (top left to bottom right)"),
        "{e}"
    );
    let window = |r: usize, c: usize| {
        let cells: Vec<String> = (0..9)
            .map(|i| format!("\"R{}C{}\"", r + i / 3, c + i % 3))
            .collect();
        format!("{{\"cells\":[{}]}}", cells.join(","))
    };
    let windows = [window(6, 6), window(2, 2), window(2, 6), window(6, 2)].join(",");
    let w = read_as(
        &json_with(&format!(",\"extraregion\":[{windows}]")),
        Variant::Classic,
    )
    .unwrap();
    assert_eq!(Variant::of(&w.shape()), Variant::Windoku);
    let e = err(
        &json_with(&format!(",\"extraregion\":[{}]", window(1, 1))),
        Variant::Classic,
    );
    assert!(
        e.contains("not the windows of windoku") && e.contains("r1c1"),
        "{e}"
    );
    let e = err(
        &json_with(&format!(
            ",\"extraregion\":[{},{}]",
            window(2, 2),
            window(2, 6)
        )),
        Variant::Classic,
    );
    assert!(e.contains("not the windows of windoku"), "{e}");
    // A region per cell overrides the default box: rows as regions is a Latin square.
    let rows: Vec<String> = (0..9)
        .map(|r| format!("[{}]", vec![format!("{{\"region\":{r}}}"); 9].join(",")))
        .collect();
    let latin = read_as(
        &format!("{{\"size\":9,\"grid\":[{}]}}", rows.join(",")),
        Variant::Classic,
    )
    .unwrap();
    assert!(latin.shape().is_latin());
    // Regions that are not connected are refused with the shape's message.
    let mut cells: Vec<Vec<String>> = (0..9)
        .map(|r| {
            (0..9)
                .map(|c| format!("{{\"region\":{}}}", (r / 3) * 3 + c / 3))
                .collect()
        })
        .collect();
    cells[0][0] = "{\"region\":8}".into();
    cells[8][8] = "{\"region\":0}".into();
    let grid: Vec<String> = cells.iter().map(|r| format!("[{}]", r.join(","))).collect();
    let e = err(
        &format!("{{\"size\":9,\"grid\":[{}]}}", grid.join(",")),
        Variant::Classic,
    );
    assert!(
        e.contains("the regions: region") && e.contains("is in pieces"),
        "{e}"
    );
}

#[test]
fn bad_fpuzzles_json_says_what_is_wrong() {
    for (text, says) in [
        ("{\"size\":9}", "\"grid\" is missing"),
        ("{\"grid\":[]}", "\"size\" is missing"),
        ("{\"size\":9,\"grid\":[[]]}", "\"grid\" has 1 rows"),
        ("{\"size\": 9, \"grid\": ", "never ends"),
        ("{\"size\":9,\"grid\":[1,2}", "not valid f-puzzles JSON"),
        ("N4IgHiBcDMC+", "f-puzzles:"),
        ("https://sudokupad.app/abc123", "SudokuPad's own format"),
        ("https://f-puzzles.com/?load=!!!", "not a base64 character"),
    ] {
        let e = err(text, Variant::Classic);
        assert!(e.contains(says), "{text}: {e}");
    }
    let bad_value = json_with("").replacen("{}", "{\"value\":12,\"given\":true}", 1);
    let e = err(&bad_value, Variant::Classic);
    assert!(e.contains("r1c1: value 12 is not a digit of a 9x9"), "{e}");
    let clash = json_with("").replacen("{}", "{\"value\":5,\"given\":true}", 2);
    let e = err(&clash, Variant::Classic);
    assert!(e.contains("r1c1 and r1c2 both hold 5"), "{e}");
}

#[test]
fn json_over_many_lines_and_one_per_line_in_a_batch() {
    let board = dealt(Variant::WindokuX, 9, 5);
    let json = write(&board, Format::Fpuzzles);
    let pretty =
        serde_json::to_string_pretty(&serde_json::from_str::<serde_json::Value>(&json).unwrap())
            .unwrap();
    assert!(pretty.lines().count() > 100);
    assert_eq!(read_as(&pretty, Variant::Classic).unwrap(), board);
    let jigsaw = dealt(Variant::Jigsaw, 9, 6);
    let batch = format!(
        "{json}\n{}\n{}\n",
        write(&jigsaw, Format::Fpuzzles),
        write(&jigsaw, Format::FpuzzlesLink)
    );
    let read: Vec<Board> = PuzzleReader::new(batch.as_bytes(), ShapeHint::Infer)
        .map(|r| r.unwrap().board)
        .collect();
    assert_eq!(read, vec![board, jigsaw.clone(), jigsaw]);
}

#[test]
fn a_game_with_entries_and_pencil_marks_round_trips() {
    let puzzle = dealt(Variant::Jigsaw, 9, 9);
    let mut game = Fpuzzle::new(puzzle.clone());
    let empty: Vec<usize> = (0..81).filter(|&i| puzzle.values()[i] == 0).collect();
    let solution = puzzle.solution().unwrap();
    game.entries[empty[0]] = solution.values()[empty[0]];
    let mut marks = Candidates::NONE;
    marks.insert(Digit::new(2).unwrap());
    marks.insert(Digit::new(7).unwrap());
    game.centre_marks[empty[1]] = marks;
    game.corner_marks[empty[2]] = marks;
    game.title = Some("A \"test\" jigsaw".into());
    let json = fpuzzles::write_json(&game);
    let back = fpuzzles::read(&json).unwrap();
    assert_eq!(back, game);
    assert_eq!(
        back.board_with_entries().filled_count(),
        puzzle.filled_count() + 1
    );
    let link = fpuzzles::link(&json);
    assert!(
        link.starts_with("https://f-puzzles.com/?load=N4Ig"),
        "{link}"
    );
    assert_eq!(fpuzzles::read(&link).unwrap(), game);
}

#[test]
fn lz_string_matches_the_javascript_library_and_survives_garbage() {
    assert_eq!(compress_to_base64("{\"x\":3}"), "N4IgHiBcDMC+Q===");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    use rand::Rng;
    const B64: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=";
    for _ in 0..2000 {
        let len = rng.random_range(0..200);
        let text: String = (0..len)
            .map(|_| B64[rng.random_range(0..B64.len())] as char)
            .collect();
        let _ = decompress_from_base64(&text);
        let _ = parse_puzzle(&format!("N4Ig{text}"), ShapeHint::Infer);
        let _ = fpuzzles::read(&format!("{{\"size\":9,\"grid\":{text}}}"));
    }
}

#[test]
fn parse_puzzle_as_adds_the_variant_for_the_game() {
    use doku::engine::format::parse_puzzle_as;
    let x = dealt(Variant::X, 9, 12);
    let line = write(&x, Format::Line);
    let read = parse_puzzle_as(line.as_bytes(), ShapeHint::Infer, Variant::X).unwrap();
    assert_eq!(read, x);
    let e = parse_puzzle_as(line.as_bytes(), ShapeHint::Infer, Variant::Jigsaw).unwrap_err();
    assert!(e.to_string().contains("a jigsaw needs its regions"), "{e}");
}

#[test]
fn a_game_in_f_puzzles_plays_with_its_values_as_entries_and_its_marks_as_notes() {
    use doku::engine::format::parse_game_as;
    let puzzle = dealt(Variant::Jigsaw, 9, 9);
    let mut game = Fpuzzle::new(puzzle.clone());
    let empty: Vec<usize> = (0..81).filter(|&i| puzzle.values()[i] == 0).collect();
    game.entries[empty[0]] = 4;
    let mut two = Candidates::NONE;
    two.insert(Digit::new(2).unwrap());
    two.insert(Digit::new(7).unwrap());
    let mut one = Candidates::NONE;
    one.insert(Digit::new(9).unwrap());
    game.centre_marks[empty[1]] = two;
    game.corner_marks[empty[2]] = one;
    // A mark under a digit is no note: the digit covers it.
    game.centre_marks[empty[0]] = one;
    for text in [
        fpuzzles::write_json(&game),
        fpuzzles::link(&fpuzzles::write_json(&game)),
    ] {
        let played = parse_game_as(text.as_bytes(), ShapeHint::Infer, Variant::Classic)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(played.puzzle, puzzle, "the givens and the regions");
        assert_eq!(played.progress.entries[empty[0]], 4);
        assert_eq!(played.entry_count(), 1);
        assert_eq!(played.progress.notes[empty[1]], two, "centre marks");
        assert_eq!(played.progress.notes[empty[2]], one, "corner marks");
        assert_eq!(played.progress.notes[empty[0]], Candidates::NONE);
        // The batch commands read the givens only.
        assert_eq!(read_as(&text, Variant::Classic).unwrap(), puzzle);
    }
}
