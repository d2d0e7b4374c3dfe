//! `doku latin N`: a uniformly random Latin square of order N.

use super::generate::seeded_rng;
use super::output::say;
use super::{LatinArgs, EXIT_BAD_INPUT, EXIT_OK};
use crate::engine::format::Format;
use crate::engine::latin::{random_latin_square, write_square, MAX_ORDER};
use crate::engine::shape::MAX_SIZE;
use std::io::{self, Write};

pub fn run(args: &LatinArgs) -> i32 {
    let mut rng = seeded_rng(args.seed);
    // Squares go up to order 255 (the program doku grew from wrote them up
    // to 100x100 as CSV for other programs); boards to play, solve and
    // grade stop at MAX_SIZE, and so do f-puzzles files.
    if matches!(args.format, Format::Fpuzzles | Format::FpuzzlesLink) && args.n > MAX_SIZE {
        say!(
            "doku: latin: order {}: f-puzzles boards go up to {MAX_SIZE}x{MAX_SIZE}; choose csv, line or block for a larger square",
            args.n
        );
        return EXIT_BAD_INPUT;
    }
    let Some(square) = random_latin_square(args.n, &mut rng) else {
        say!(
            "doku: latin: order {} is out of range: choose N from 1 to {MAX_ORDER}",
            args.n
        );
        return EXIT_BAD_INPUT;
    };
    let mut text = write_square(&square, args.format);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    // A closed stdout (`| head`) is not an error worth reporting.
    let _ = io::stdout().lock().write_all(text.as_bytes());
    EXIT_OK
}
