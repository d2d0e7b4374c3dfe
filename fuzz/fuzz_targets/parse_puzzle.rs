//! Any text as one puzzle: no panic, errors name a line (or say there is
//! no puzzle), a board that parses writes out and reads back the same.
#![no_main]

use doku::engine::format::{
    parse_puzzle, write_block, write_csv, write_line, ParseError, ShapeHint,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    match parse_puzzle(text, ShapeHint::Infer) {
        Ok(board) => {
            let hint = match board.shape().box_dims() {
                Some((r, c)) => ShapeHint::Boxes(r as u8, c as u8),
                None => ShapeHint::Latin,
            };
            let mut forms = vec![write_block(&board), write_csv(&board)];
            // One line of 1 or 4 cells reads as a row, not a whole board.
            if board.size() >= 3 {
                forms.push(write_line(&board));
            }
            for written in forms {
                let again = parse_puzzle(&written, hint);
                assert_eq!(again.as_ref(), Ok(&board), "{written}");
            }
        }
        // Text with no puzzle at all (blank, comments) is the one error
        // not about a line.
        Err(e) => assert!(e.line() >= 1 || e == ParseError::NoPuzzle, "{e}"),
    }
});
