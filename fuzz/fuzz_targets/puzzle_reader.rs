//! Any bytes, read as a stream of puzzles with each shape hint: no panic,
//! and every error names a line that exists.
#![no_main]

use doku::engine::format::{ParseError, PuzzleReader, ShapeHint};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let hint = match selector % 4 {
        0 => ShapeHint::Infer,
        1 => ShapeHint::Latin,
        2 => ShapeHint::Boxes(3, 3),
        _ => ShapeHint::Boxes(1 + selector % 5, 1 + selector / 51),
    };
    let lines = input.split(|&b| b == b'\n').count();
    for result in PuzzleReader::new(input, hint).take(10_000) {
        if let Err(e) = result {
            assert!(!matches!(e, ParseError::Io(_)), "{e}");
            assert!(
                (1..=lines).contains(&e.line()),
                "{e} (input has {lines} lines)"
            );
            assert!(
                e.to_string().starts_with(&format!("line {}", e.line())),
                "{e}"
            );
        }
    }
});
