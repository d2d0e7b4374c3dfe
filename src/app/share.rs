//! Sharing the puzzle: the copy key puts the puzzle in play on the
//! clipboard of the player's terminal with OSC 52, as the line `doku`
//! reads back (a jigsaw's regions and a killer's cages included, as `doku
//! generate` prints them); pressed again at once, it copies the game: the
//! givens with the player's entries and notes, as HoDoKu's library line
//! when that holds them exactly (a classic 9x9), else as an f-puzzles link
//! (which SudokuPad opens too); `doku play` reads both back. The request
//! goes out the way the frames do (see `event_loop::run`), so it reaches
//! the terminal of a player over SSH too; some terminals ignore it, and
//! the status line says so.

use super::App;
use crate::engine::format::{write_game, write_line, GameFormat, PlayedPuzzle};
use crate::keymap::Action;

/// Where a copy may not have arrived, and the fix for tmux.
const WHERE: &str = "OSC 52: some terminals ignore it; tmux: set -g set-clipboard on";

/// The OSC 52 request that puts `text` on the terminal's clipboard:
/// `ESC ] 52 ; c ; BASE64 BEL`.
pub fn osc52(text: &str) -> Vec<u8> {
    let mut out = b"\x1b]52;c;".to_vec();
    out.extend_from_slice(base64(text.as_bytes()).as_bytes());
    out.push(0x07);
    out
}

/// What a shared game holds besides its givens, in words for the status
/// line: "3 entries", "notes" (nothing for a bare puzzle).
pub(super) fn progress_words(played: &PlayedPuzzle) -> Vec<String> {
    let mut words = Vec::new();
    match played.entry_count() {
        0 => {}
        1 => words.push("1 entry".to_string()),
        n => words.push(format!("{n} entries")),
    }
    if played.has_notes() {
        words.push("notes".into());
    }
    words
}

/// Standard base64 (RFC 4648, with padding), as OSC 52 takes it.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = u32::from(b[0]) << 16 | u32::from(b[1]) << 8 | u32::from(b[2]);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

impl App {
    /// The copy key: the puzzle line of the game in play, queued for the
    /// terminal; pressed again right after, the game with its entries and
    /// notes. The status line says what went and where it may not arrive.
    pub(super) fn copy_puzzle(&mut self) {
        let again = std::mem::take(&mut self.copy_again_copies_game);
        if self.deals.awaiting_first() {
            self.message = Some("nothing to copy yet: the puzzle is still being dealt".into());
            return;
        }
        if again {
            self.copy_game();
            return;
        }
        let line = write_line(self.game.givens());
        self.terminal_requests.extend_from_slice(&osc52(&line));
        let size = self.game.shape().size();
        let key = self.keymap.keys_for_board(Action::CopyPuzzle, size);
        self.message = Some(match key.first() {
            Some(key) => {
                format!("puzzle copied; {key} again: with your entries and notes ({WHERE})")
            }
            None => format!("puzzle copied ({WHERE})"),
        });
        self.copy_again_copies_game = true;
    }

    /// The game as one line: HoDoKu's or an f-puzzles link (see the
    /// module's comment), queued for the terminal.
    fn copy_game(&mut self) {
        let played = self.game.played();
        let (text, format) = write_game(&played);
        self.terminal_requests.extend_from_slice(&osc52(&text));
        let what = match format {
            GameFormat::Hodoku => "game copied as HoDoKu's line",
            GameFormat::FpuzzlesLink => "game copied as an f-puzzles link",
        };
        let parts = progress_words(&played);
        let held = if parts.is_empty() {
            "nothing entered yet".to_string()
        } else {
            parts.join(", ")
        };
        self.message = Some(format!("{what}: {held} ({WHERE})"));
    }

    /// The bytes keys asked to send to the terminal itself (not cells),
    /// handed over once: the event loop writes them with the next frame.
    pub fn take_terminal_requests(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.terminal_requests)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_pads_as_rfc_4648_says() {
        assert_eq!(base64(b""), "");
        assert_eq!(base64(b"f"), "Zg==");
        assert_eq!(base64(b"fo"), "Zm8=");
        assert_eq!(base64(b"foo"), "Zm9v");
        assert_eq!(base64(b"foobar"), "Zm9vYmFy");
        assert_eq!(base64(&[0xff, 0xfe, 0x00]), "//4A");
    }

    #[test]
    fn osc52_wraps_the_text_in_base64() {
        assert_eq!(osc52("12.4"), b"\x1b]52;c;MTIuNA==\x07".to_vec());
    }
}
