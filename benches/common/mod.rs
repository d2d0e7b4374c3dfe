//! Where the benches find their puzzles: the large public sets in
//! `../shared/data` (or `$DOKU_SHARED/data`), which are not in the
//! repository, and the seed puzzles in `tests/fixtures`.
#![allow(dead_code)]

use std::path::PathBuf;

/// The puzzle lines of `file` in the shared `data/` sets, or `None`, with one
/// line saying so, when the sets are not there: the bench skips that set.
pub fn shared_data(file: &str) -> Option<Vec<String>> {
    let dir = match std::env::var_os("DOKU_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    };
    let path = dir.join("data").join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(
            text.lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .map(str::to_owned)
                .collect(),
        ),
        Err(e) => {
            eprintln!(
                "skipped: the {file} bench ({}: {e}; set DOKU_SHARED to the shared folder)",
                path.display()
            );
            None
        }
    }
}

/// The seed-document puzzles the tests carry, as (name, puzzle) pairs.
pub fn seeds() -> Vec<(String, String)> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/seeds.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let mut fields = l.split('\t');
            Some((fields.next()?.to_owned(), fields.next()?.to_owned()))
        })
        .collect()
}
