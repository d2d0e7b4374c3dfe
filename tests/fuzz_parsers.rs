//! Hostile bytes for every parser doku has here: the puzzle reader, the
//! one-puzzle parser, and the save/statistics envelope. Nothing panics;
//! every puzzle error names a line that exists in the input; whatever
//! parses writes out and reads back the same.
//!
//! Three generators, because uniform random bytes rarely get past the first
//! character: raw bytes, a soup of the symbols the formats use, and valid
//! puzzles with a few edits. (The `fuzz/` directory has cargo-fuzz targets
//! for the same properties, for longer runs on nightly.)

use doku::engine::format::{
    parse_puzzle, write_block, write_csv, write_line, ParseError, PuzzleReader, ShapeHint,
};
use doku::engine::Board;
use doku::storage::envelope::{decode, encode, SAVE, STATS};
use doku::storage::{SavedCell, SavedChange, SavedColourEdit, SavedEdit, SavedGame, Stats};
use proptest::prelude::*;

const NINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// A 16x16 puzzle on one line: the diagonal holds 1-9, A-G.
fn sixteen_line() -> String {
    (0..256)
        .map(|i| {
            if i % 17 == 0 {
                b"123456789ABCDEFG"[i / 17] as char
            } else {
                '.'
            }
        })
        .collect()
}

fn hints() -> impl Strategy<Value = ShapeHint> {
    prop_oneof![
        Just(ShapeHint::Infer),
        Just(ShapeHint::Latin),
        Just(ShapeHint::Boxes(3, 3)),
        Just(ShapeHint::Boxes(2, 3)),
        (1u8..=8, 1u8..=8).prop_map(|(r, c)| ShapeHint::Boxes(r, c)),
    ]
}

/// Bytes made of what puzzle files are made of, and what breaks them.
fn symbol_soup(max: usize) -> impl Strategy<Value = Vec<u8>> {
    let pieces: Vec<&'static [u8]> = vec![
        b"1",
        b"2",
        b"3",
        b"4",
        b"5",
        b"6",
        b"7",
        b"8",
        b"9",
        b"0",
        b".",
        b"_",
        b"A",
        b"g",
        b"Z",
        b"10",
        b"25",
        b"64",
        b"65",
        b"99999",
        b" ",
        b"\t",
        b"|",
        b"-",
        b"+",
        b",",
        b";",
        b"#",
        b"//",
        b"\n",
        b"\r\n",
        b"\n\n",
        b"\xff",
        b"\xc3\xa9",
        b"\xe2\x80\x8b",
        b"\x00",
        b"*",
        b"=",
        // HoDoKu's library line: colons, and deleted candidates as triples.
        b":",
        b":0000:x:",
        b" 123",
    ];
    proptest::collection::vec(proptest::sample::select(pieces), 0..max)
        .prop_map(|parts| parts.concat())
}

/// Valid puzzles in each input form.
fn valid_inputs() -> Vec<String> {
    let board = parse_puzzle(NINE, ShapeHint::Infer).expect("the fixture parses");
    let sixteen = parse_puzzle(&sixteen_line(), ShapeHint::Infer).expect("the 16x16 parses");
    vec![
        NINE.to_string(),
        write_block(&board),
        write_csv(&board),
        format!("# comment\n{NINE}\n\n{NINE}\n"),
        write_block(&sixteen),
        write_csv(&sixteen),
        sixteen_line(),
        // HoDoKu's library line (its reglib-1.3.txt example 2): givens,
        // placed digits after '+', deleted candidates.
        ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::".to_string(),
    ]
}

#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edited_input() -> impl Strategy<Value = Vec<u8>> {
    let inputs = valid_inputs();
    let edit = prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Replace(at, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Edit::Insert(at, b)),
        any::<usize>().prop_map(Edit::Delete),
    ];
    (
        proptest::sample::select(inputs),
        proptest::collection::vec(edit, 1..6),
    )
        .prop_map(|(input, edits)| {
            let mut bytes = input.into_bytes();
            for edit in edits {
                let len = bytes.len().max(1);
                match edit {
                    Edit::Replace(at, b) if !bytes.is_empty() => bytes[at % len] = b,
                    Edit::Insert(at, b) => bytes.insert(at % (bytes.len() + 1), b),
                    Edit::Delete(at) if !bytes.is_empty() => {
                        bytes.remove(at % len);
                    }
                    _ => {}
                }
            }
            bytes
        })
}

/// Reads every puzzle in `input`; checks each error is about a real line
/// and says so first. Returns the number of results.
fn read_all(input: &[u8], hint: ShapeHint) -> Result<usize, TestCaseError> {
    // A line ends in LF, CRLF or a lone CR.
    let crlf = input.windows(2).filter(|w| w == b"\r\n").count();
    let lines = input.split(|&b| b == b'\n' || b == b'\r').count() - crlf;
    let mut results = 0;
    for result in PuzzleReader::new(input, hint).take(100_000) {
        results += 1;
        if let Err(e) = result {
            prop_assert!(!matches!(e, ParseError::Io(_)), "{e}");
            prop_assert!(
                (1..=lines).contains(&e.line()),
                "{e}: line {} of {lines}",
                e.line()
            );
            let message = e.to_string();
            prop_assert!(
                message.starts_with(&format!("line {}", e.line())),
                "{message}"
            );
        }
    }
    Ok(results)
}

/// A board reads back from each form it writes.
fn round_trips(board: &Board) -> Result<(), TestCaseError> {
    let hint = match board.shape().box_dims() {
        Some((r, c)) => ShapeHint::Boxes(r as u8, c as u8),
        None => ShapeHint::Latin,
    };
    let mut forms = vec![write_block(board), write_csv(board)];
    // One line of 1 or 4 cells reads as a row of a block, not a whole board.
    if board.size() >= 3 {
        forms.push(write_line(board));
    }
    for written in forms {
        let again = parse_puzzle(&written, hint);
        prop_assert_eq!(again.as_ref(), Ok(board), "{}", written);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn reader_survives_arbitrary_bytes(
        input in proptest::collection::vec(any::<u8>(), 0..2048),
        hint in hints(),
    ) {
        read_all(&input, hint)?;
    }

    #[test]
    fn reader_survives_symbol_soup(input in symbol_soup(600), hint in hints()) {
        read_all(&input, hint)?;
    }

    #[test]
    fn reader_survives_edited_puzzles(input in edited_input(), hint in hints()) {
        read_all(&input, hint)?;
    }

    #[test]
    fn parse_puzzle_errors_name_a_line_and_boards_round_trip(
        input in prop_oneof![
            symbol_soup(400).prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
            edited_input().prop_map(|b| String::from_utf8_lossy(&b).into_owned()),
            ".*",
        ],
    ) {
        match parse_puzzle(&input, ShapeHint::Infer) {
            Ok(board) => round_trips(&board)?,
            // Blank and comment lines only: no line to name.
            Err(ParseError::NoPuzzle) => {}
            Err(e) => {
                // A line ends in LF, CRLF or a lone CR.
                let lines = input.replace("\r\n", "\n").split(['\n', '\r']).count().max(1);
                prop_assert!((1..=lines).contains(&e.line()), "{e}: {lines} lines");
            }
        }
    }

    #[test]
    fn save_and_stats_files_survive_arbitrary_and_edited_bytes(
        bytes in proptest::collection::vec(any::<u8>(), 0..512),
        edits in proptest::collection::vec((any::<usize>(), any::<u8>()), 0..4),
    ) {
        let _ = decode::<Stats>(STATS, &bytes);
        let _ = decode::<serde_json::Value>(SAVE, &bytes);
        let mut stats = Stats::default();
        stats.record_start(doku::storage::GameKind { size: 9, difficulty: None, variant: None });
        let mut valid = encode(STATS, &stats).expect("stats encode");
        for (at, b) in edits {
            let at = at % valid.len();
            valid[at] = b;
        }
        // Whatever JSON decodes as a game must pass or fail the check, not panic.
        if let Ok(game) = decode::<SavedGame>(SAVE, &bytes) {
            let _ = game.check();
        }
        match decode::<Stats>(STATS, &valid) {
            Ok(_) => {}
            Err(reason) => prop_assert!(!reason.is_empty()),
        }
    }
}

/// Any values in a save's fields: `check` answers, never panics, and what
/// it passes the game can build on (the rows decode to a board).
fn arbitrary_saved_game() -> impl Strategy<Value = SavedGame> {
    let rows = proptest::collection::vec("[0-9A-Za-z. ]{0,12}", 0..12);
    let cell = (any::<u8>(), any::<u64>()).prop_map(|(value, notes)| SavedCell { value, notes });
    let edit = (0u16..200, cell.clone(), cell).prop_map(|(cell, before, after)| SavedEdit {
        cell,
        before,
        after,
    });
    let colour_edit =
        (0u16..200, 0u8..10, 0u8..10).prop_map(|(cell, before, after)| SavedColourEdit {
            cell,
            before,
            after,
        });
    let change = (
        0u16..200,
        proptest::collection::vec(edit, 0..3),
        proptest::collection::vec(colour_edit, 0..2),
    )
        .prop_map(|(cursor, edits, colours)| SavedChange {
            cursor,
            edits,
            clock_reset_ms: None,
            colours,
        });
    (
        (0usize..70, proptest::option::of((0usize..10, 0usize..10))),
        (rows.clone(), rows),
        proptest::collection::btree_map(0u16..200, any::<u64>(), 0..4),
        proptest::collection::vec(change, 0..3),
        0u16..200,
        proptest::collection::btree_map(0u16..200, 0u8..10, 0..3),
    )
        .prop_map(
            |((size, boxes), (givens, entries), notes, undo, cursor, colours)| SavedGame {
                size,
                boxes,
                variant: None,
                regions: Vec::new(),
                cages: Vec::new(),
                sums: String::new(),
                difficulty: None,
                seed: None,
                givens,
                entries,
                notes,
                undo,
                redo: vec![],
                cursor,
                notes_mode: false,
                elapsed_ms: 0,
                hints_used: 0,
                solve_counted: false,
                assisted: false,
                show_mistakes: false,
                mistakes: 0,
                colours,
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn saved_game_check_never_panics(game in arbitrary_saved_game()) {
        if game.check().is_ok() {
            let board = game.givens_board().expect("checked givens decode");
            let entries = game.entry_values().expect("checked entries decode");
            prop_assert_eq!(entries.len(), board.shape().cell_count());
            prop_assert!((game.cursor as usize) < entries.len());
            for (&cell, &colour) in &game.colours {
                prop_assert!((cell as usize) < entries.len());
                prop_assert!((1..=doku::storage::MARK_COLOURS).contains(&colour));
            }
        }
    }
}

#[test]
fn the_valid_inputs_do_parse() {
    // The edited-input generator is only useful if its seeds are valid.
    for input in valid_inputs() {
        let results: Vec<_> = PuzzleReader::new(input.as_bytes(), ShapeHint::Infer).collect();
        assert!(!results.is_empty(), "{input}");
        for r in results {
            assert!(r.is_ok(), "{input}: {r:?}");
        }
    }
}

/// Every input in the cargo-fuzz seed corpus (and the local corpus, when a
/// fuzzing run has left one) goes through the same properties under plain
/// `cargo test`, so whatever fuzzing found stays fixed.
#[test]
fn the_fuzz_corpora_replay_cleanly() {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let files = |target: &str| -> Vec<Vec<u8>> {
        ["seeds", "corpus"]
            .iter()
            .filter_map(|dir| std::fs::read_dir(fuzz.join(dir).join(target)).ok())
            .flatten()
            .filter_map(|entry| std::fs::read(entry.ok()?.path()).ok())
            .collect()
    };
    let readers = files("puzzle_reader");
    assert!(!readers.is_empty(), "the seed corpus is missing");
    for data in &readers {
        let Some((&selector, input)) = data.split_first() else {
            continue;
        };
        // The same choice of hint as fuzz/fuzz_targets/puzzle_reader.rs.
        let hint = match selector % 4 {
            0 => ShapeHint::Infer,
            1 => ShapeHint::Latin,
            2 => ShapeHint::Boxes(3, 3),
            _ => ShapeHint::Boxes(1 + selector % 5, 1 + selector / 51),
        };
        read_all(input, hint).unwrap();
    }
    for data in files("parse_puzzle") {
        let Ok(text) = std::str::from_utf8(&data) else {
            continue;
        };
        if let Ok(board) = parse_puzzle(text, ShapeHint::Infer) {
            round_trips(&board).unwrap();
        }
    }
    for data in files("save_file") {
        let _ = decode::<Stats>(STATS, &data);
        if let Ok(game) = decode::<SavedGame>(SAVE, &data) {
            let _ = game.check();
        }
    }
}
