//! Any bytes as a save or statistics file: an answer, never a panic; a game
//! that passes the check decodes to a board.
#![no_main]

use doku::storage::envelope::{decode, SAVE, STATS};
use doku::storage::{SavedGame, Stats};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = decode::<Stats>(STATS, data);
    if let Ok(game) = decode::<SavedGame>(SAVE, data) {
        if game.check().is_ok() {
            let board = game.givens_board().expect("checked givens decode");
            let entries = game.entry_values().expect("checked entries decode");
            assert_eq!(entries.len(), board.shape().cell_count());
        }
    }
});
