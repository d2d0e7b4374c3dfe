//! `doku latin N`: a uniformly random Latin square of order N.

use super::generate::seeded_rng;
use super::output::say;
use super::{LatinArgs, EXIT_BAD_INPUT, EXIT_OK};
use crate::engine::latin::{random_latin_square, write_square};
use crate::engine::shape::MAX_SIZE;
use std::io::{self, Write};

pub fn run(args: &LatinArgs) -> i32 {
    let mut rng = seeded_rng(args.seed);
    // The engine can build squares up to order 255, but doku reads boards
    // of at most MAX_SIZE: it prints only what it can read back.
    let square = (args.n <= MAX_SIZE)
        .then(|| random_latin_square(args.n, &mut rng))
        .flatten();
    let Some(square) = square else {
        say!(
            "doku: latin: order {} is out of range: choose N from 1 to {MAX_SIZE}",
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
