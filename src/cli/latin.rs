//! `doku latin N`: a uniformly random Latin square of order N.

use super::generate::seeded_rng;
use super::output::say;
use super::{LatinArgs, EXIT_BAD_INPUT, EXIT_OK};
use crate::engine::latin::{random_latin_square, write_square, MAX_ORDER};
use std::io::{self, Write};

pub fn run(args: &LatinArgs) -> i32 {
    let mut rng = seeded_rng(args.seed);
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
