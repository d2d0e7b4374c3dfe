//! Reading and writing every format; parse(write(board)) == board; arbitrary
//! input never panics.

mod common;
use common::*;
use doku::engine::format::{
    classic_line, parse_puzzle, write, Format, ParseError, PuzzleReader, ReadPuzzle, ShapeHint,
};
use doku::engine::{Board, Digit, Shape};
use proptest::prelude::*;

const SEED_A: &str =
    "203610000580007000400080020802000007000305000600000402040070008000400071000061504";

fn read_all(text: &str) -> Vec<Result<Board, ParseError>> {
    PuzzleReader::new(text.as_bytes(), ShapeHint::Infer)
        .map(|r| r.map(|p| p.board))
        .collect()
}

#[test]
fn block_form_with_separators_reads_like_the_line() {
    let line = board(SEED_A);
    let block = "\
2 0 3 | 6 1 0 | 0 0 0
5 8 0 | 0 0 7 | 0 0 0
4 0 0 | 0 8 0 | 0 2 0
------+-------+------
8 0 2 | 0 0 0 | 0 0 7
0 0 0 | 3 0 5 | 0 0 0
6 0 0 | 0 0 0 | 4 0 2
------+-------+------
0 4 0 | 0 7 0 | 0 0 8
0 0 0 | 4 0 0 | 0 7 1
0 0 0 | 0 6 1 | 5 0 4
";
    assert_eq!(parse_puzzle(block, ShapeHint::Infer).unwrap(), line);
    let ss = "203|610|000\n580|007|000\n400|080|020\n---+---+---\n802|000|007\n000|305|000\n600|000|402\n---+---+---\n040|070|008\n000|400|071\n000|061|504\n";
    assert_eq!(parse_puzzle(ss, ShapeHint::Infer).unwrap(), line);
}

#[test]
fn lines_may_end_in_cr_crlf_or_lf() {
    // Terminals send a pasted newline as CR; files from Windows end lines
    // in CRLF. Each reads as LF does, with the same line numbers.
    let line = board(SEED_A);
    let block = write(&line, Format::Block);
    for ending in ["\r", "\r\n", "\n"] {
        let text = block.replace('\n', ending);
        assert_eq!(
            parse_puzzle(&text, ShapeHint::Infer),
            Ok(line.clone()),
            "{ending:?}"
        );
        let two = format!(
            "{SEED_A}{ending}{ending}# a comment{ending}{}{ending}",
            "1".repeat(3)
        );
        let read = read_all(&two);
        assert_eq!(read.len(), 2, "{ending:?}: {read:?}");
        assert_eq!(read[0], Ok(line.clone()));
        // The blank line counts once per line ending, CRLF included.
        match &read[1] {
            Err(ParseError::WrongLength { line, .. }) => assert_eq!(*line, 4, "{ending:?}"),
            other => panic!("{ending:?}: {other:?}"),
        }
    }
}

#[test]
fn nine_by_nine_lines_read_alike_wherever_the_buffer_cuts_them() {
    // Lines ending in LF are read where they lie in the reader's buffer when
    // the whole line is there; CRLF lines, and lines the buffer cuts, the
    // general way. Both must give the same puzzles, errors and line numbers.
    let clash = format!("11{}", &SEED_A[2..]);
    let letter = format!("{}A", &SEED_A[..80]);
    let jigsaw = format!("{SEED_A} {}", "111222333".repeat(9));
    let block = write(&board(SEED_A), Format::Block);
    let lines = [
        SEED_A,
        &clash,
        &letter,
        "",
        "# a comment",
        SEED_A,
        &jigsaw,
        block.trim_end(),
        SEED_A,
    ];
    let read = |ending: &str, capacity: usize| -> Vec<Result<ReadPuzzle, ParseError>> {
        let text = lines.join(ending) + ending;
        let input = std::io::BufReader::with_capacity(capacity, text.as_bytes());
        PuzzleReader::new(input, ShapeHint::Infer).collect()
    };
    let general = read("\r\n", 1 << 16);
    assert_eq!(general.len(), 7, "{general:?}");
    assert!(matches!(general[1], Err(ParseError::Clash { line: 2, .. })));
    assert_eq!(general[6].as_ref().map(|p| p.line), Ok(19));
    for capacity in [1, 50, 81, 82, 83, 100, 164, 165, 1 << 16] {
        assert_eq!(read("\n", capacity), general, "capacity {capacity}");
    }
}

#[test]
fn a_line_of_plain_words_names_its_first_letter_that_is_no_cell() {
    // It was "the first row of a 17x17 Latin square, its other 16 rows
    // are missing": a letter past the line's own width is no cell of any
    // board the line could start.
    for (text, column, found) in [
        ("abcdefghijklmnopq\n", 9, "'i'"),
        ("hello there world\n", 1, "'h'"),
        (
            "these are just some plain words\nand another line\n",
            1,
            "'t'",
        ),
    ] {
        match parse_puzzle(text, ShapeHint::Infer) {
            Err(ParseError::BadSymbol {
                line: 1,
                column: c,
                found: f,
                ..
            }) => assert_eq!((c, f.as_str()), (column, found), "{text:?}"),
            other => panic!("{text:?}: {other:?}"),
        }
    }
    // Digits are a one-line puzzle cut short more often than words.
    assert!(matches!(
        parse_puzzle("2036109\n", ShapeHint::Infer),
        Err(ParseError::WrongLength { actual: 7, .. })
    ));
}

#[test]
fn sdk_comments_csv_and_numbers_read_the_same_board() {
    let line = board(SEED_A);
    let sdk = format!(
        "#A seed puzzle\n#D from the docs\n{}",
        write(&line, Format::Block).replace('.', "0")
    );
    assert_eq!(parse_puzzle(&sdk, ShapeHint::Infer).unwrap(), line);
    let csv = write(&line, Format::Csv);
    assert_eq!(parse_puzzle(&csv, ShapeHint::Infer).unwrap(), line);
    assert_eq!(
        parse_puzzle(&csv.replace(',', ";"), ShapeHint::Infer).unwrap(),
        line
    );
}

#[test]
fn many_puzzles_one_per_line_with_comments_and_blank_lines() {
    let text = format!("# header\n{SEED_A}\n\n{}\n", SEED_A.replace('0', "."));
    let boards = read_all(&text);
    assert_eq!(boards.len(), 2);
    assert_eq!(boards[0], boards[1]);
}

#[test]
fn sixteen_by_sixteen_lines_use_letters_and_blocks_are_not_mistaken_for_4x4() {
    let sixteen = generated_puzzle(16).puzzle;
    let b = board(&sixteen);
    assert_eq!(b.size(), 16);
    // Its block form: 16 rows of 16 symbols, some above 4.
    let block = write(&b, Format::Block);
    assert_eq!(parse_puzzle(&block, ShapeHint::Infer).unwrap(), b);
    // Lowercase letters read the same.
    assert_eq!(board(&sixteen.to_lowercase()), b);
}

#[test]
fn errors_name_line_column_and_character() {
    let bad = format!("{SEED_A}\n{}x{}\n", &SEED_A[..10], &SEED_A[11..]);
    let results = read_all(&bad);
    assert!(results[0].is_ok());
    let msg = results[1].as_ref().unwrap_err().to_string();
    assert!(
        msg.contains("line 2, column 11") && msg.contains("'x'"),
        "{msg}"
    );

    // A letter beyond the size of the board.
    let msg = parse_puzzle(&SEED_A.replacen('0', "A", 1), ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("line 1, column 2") && msg.contains("'A'") && msg.contains("1-9"),
        "{msg}"
    );

    // Wrong length.
    let msg = parse_puzzle(&SEED_A[..80], ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("line 1") && msg.contains("80 cells"), "{msg}");

    // A block cut short.
    let msg = parse_puzzle("1234\n3412\n", ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(
        msg.contains("line 1") && msg.contains("2 of its 4 rows"),
        "{msg}"
    );

    // Broken givens name both cells.
    let msg = parse_puzzle(&format!("33{}", &SEED_A[2..]), ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(msg.contains("r1c1 and r1c2 both hold 3"), "{msg}");
}

#[test]
fn a_bad_symbol_in_a_later_row_of_a_block_names_its_own_line() {
    // The line used to be the block's first, whichever row held the symbol.
    let rows: Vec<String> = SEED_A
        .as_bytes()
        .chunks(9)
        .map(|r| String::from_utf8_lossy(r).into_owned())
        .collect();
    let mut bare = rows.clone();
    bare[4] = format!("x{}", &bare[4][1..]);
    let msg = parse_puzzle(&bare.join("\n"), ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(msg.starts_with("line 5, column 1: 'x'"), "{msg}");

    // With a comment and qqwing-style borders, the line counts them too.
    let framed: Vec<String> = rows
        .iter()
        .map(|r| {
            let c: Vec<char> = r.chars().collect();
            format!(
                "| {} {} {} | {} {} {} | {} {} {} |",
                c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
            )
        })
        .collect();
    let mut text = vec![
        "# a comment".to_string(),
        "+-------+-------+-------+".into(),
    ];
    for (i, row) in framed.iter().enumerate() {
        let row = if i == 7 {
            row.replacen('0', "Z", 1)
        } else {
            row.clone()
        };
        text.push(row);
        if i % 3 == 2 {
            text.push("+-------+-------+-------+".into());
        }
    }
    // Row 8 of the board: line 1 comment, 3 borders before it, so line 12.
    let msg = parse_puzzle(&text.join("\n"), ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(msg.starts_with("line 12, column 3: 'Z'"), "{msg}");

    // A number too large in row 4 of a CSV board.
    let mut csv: Vec<String> = rows
        .iter()
        .map(|r| r.chars().map(String::from).collect::<Vec<_>>().join(","))
        .collect();
    csv[3] = format!("10{}", &csv[3][1..]);
    let msg = parse_puzzle(&csv.join("\n"), ShapeHint::Infer)
        .unwrap_err()
        .to_string();
    assert!(msg.starts_with("line 4, column 1: '10'"), "{msg}");
}

#[test]
fn one_bad_cell_in_a_block_is_one_error_and_the_next_puzzle_still_reads() {
    // A 4x4 in CSV, then the same puzzle on one line.
    let good = ["1,2,3,4", "3,4,1,2", "2,1,4,3", "4,3,2,1"];
    let line = "1234341221434321";
    for bad_row in 0..4 {
        for sep in [",", ";"] {
            let mut rows: Vec<String> = good.iter().map(|r| r.replace(',', sep)).collect();
            rows[bad_row] = rows[bad_row].replacen('3', "x", 1);
            let text = format!("{}\n{line}\n", rows.join("\n"));
            let results = read_all(&text);
            assert_eq!(results.len(), 2, "row {}: {results:?}", bad_row + 1);
            let msg = results[0].as_ref().unwrap_err().to_string();
            assert!(
                msg.starts_with(&format!("line {}, column", bad_row + 1)) && msg.contains("'x'"),
                "{msg}"
            );
            assert!(results[1].is_ok(), "{:?}", results[1]);
        }
    }
    // A blank line ends the broken block early: what follows it is read.
    let results = read_all("1,x,3,4\n3,4,1,2\n\n1234341221434321\n");
    assert_eq!(results.len(), 2, "{results:?}");
    assert!(results[1].is_ok(), "{:?}", results[1]);
    // A symbol row that could be a whole puzzle skips nothing.
    let results = read_all("123?\n1234341221434321\n");
    assert!(results.last().is_some_and(|r| r.is_ok()), "{results:?}");
}

#[test]
fn non_utf8_and_control_bytes_are_named() {
    let mut bytes = SEED_A.as_bytes().to_vec();
    bytes[5] = 0xFF;
    let results: Vec<_> = PuzzleReader::new(&bytes[..], ShapeHint::Infer).collect();
    let msg = results[0].as_ref().unwrap_err().to_string();
    assert!(
        msg.contains("column 6") && msg.contains("not UTF-8"),
        "{msg}"
    );
}

#[test]
fn latin_hint_and_box_hint_shape_the_board() {
    let b = parse_puzzle("1234341243212143", ShapeHint::Latin).unwrap();
    assert!(b.shape().is_latin());
    let six = "123456456123231564564231312645645312";
    assert_eq!(
        parse_puzzle(six, ShapeHint::Boxes(2, 3)).unwrap().shape(),
        Shape::with_boxes(2, 3).unwrap()
    );
    assert!(parse_puzzle(six, ShapeHint::Boxes(3, 3)).is_err());
}

fn shape_strategy() -> impl Strategy<Value = Shape> {
    prop_oneof![
        prop::sample::select(vec![4usize, 6, 8, 9, 10, 12, 15, 16, 20, 25])
            .prop_map(|n| Shape::sudoku(n).unwrap()),
        (1usize..=40).prop_map(|n| Shape::latin(n).unwrap()),
    ]
}

fn board_strategy() -> impl Strategy<Value = Board> {
    shape_strategy().prop_flat_map(|shape| {
        let n = shape.size() as u8;
        prop::collection::vec(0..=n, shape.cell_count())
            .prop_map(move |values| Board::from_values(shape, values).unwrap())
    })
}

fn hint_for(shape: Shape) -> ShapeHint {
    match shape.box_dims() {
        Some((r, c)) => ShapeHint::Boxes(r as u8, c as u8),
        None => ShapeHint::Latin,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn parse_of_write_is_the_board_in_every_format(b in board_strategy()) {
        // Arbitrary values may clash; the reader rejects clashing givens, so
        // keep only the first of each clash.
        let mut b = b;
        for clash in b.conflicts() {
            b.set(clash.second, None);
        }
        prop_assume!(b.conflicts().is_empty());
        for format in [Format::Line, Format::Block, Format::Csv] {
            let text = write(&b, format);
            let back = parse_puzzle(&text, hint_for(b.shape()));
            prop_assert_eq!(back.as_ref(), Ok(&b), "{:?}:\n{}", format, text);
        }
    }

    #[test]
    fn a_nine_by_nine_line_reads_exactly_when_its_givens_do_not_clash(
        values in prop::collection::vec(prop_oneof![5 => Just(0u8), 1 => 1u8..=9], 81)
    ) {
        let line: String = values
            .iter()
            .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
            .collect();
        let board = Board::from_values(Shape::CLASSIC, values).unwrap();
        // A line ending in LF is read where it lies in the buffer, one at
        // the end of the input the general way: both alike.
        let read = read_all(&format!("{line}\n"));
        prop_assert_eq!(&read, &read_all(&line));
        if board.conflicts().is_empty() {
            prop_assert_eq!(&read[..1], &[Ok(board.clone())][..]);
            let mut written = write(&board, Format::Line);
            written.push('\n');
            prop_assert_eq!(classic_line(&board).map(|l| l.to_vec()), Some(written.into_bytes()));
        } else {
            prop_assert!(matches!(&read[0], Err(ParseError::Clash { line: 1, .. })), "{:?}", read);
        }
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..2000)) {
        for result in PuzzleReader::new(&bytes[..], ShapeHint::Infer) {
            if let Err(e) = result {
                let _ = e.to_string();
            }
        }
        let _ = parse_puzzle(&String::from_utf8_lossy(&bytes), ShapeHint::Infer);
    }

    #[test]
    fn puzzle_like_text_never_panics(text in "[0-9a-zA-Z.|+\\-,; \n#]{0,700}") {
        for result in PuzzleReader::new(text.as_bytes(), ShapeHint::Infer) {
            match result {
                Ok(p) => prop_assert!(p.board.conflicts().is_empty()),
                Err(e) => prop_assert!(e.line() >= 1, "{}", e),
            }
        }
    }
}

#[test]
fn digits_above_35_are_written_as_numbers() {
    let shape = Shape::latin(40).unwrap();
    let mut b = Board::empty(shape);
    b.set(shape.cell(0, 0), Digit::new(40));
    let line = write(&b, Format::Line);
    assert!(line.starts_with("40 0 0"), "{}", &line[..20]);
    assert_eq!(parse_puzzle(&line, ShapeHint::Latin).unwrap(), b);
}

#[test]
fn the_fixed_classic_line_is_for_classic_boards_only() {
    let four = Board::empty(Shape::sudoku(4).unwrap());
    assert_eq!(classic_line(&four), None);
    let x = Board::empty(Shape::CLASSIC.with_diagonals());
    assert_eq!(classic_line(&x), None);
}
