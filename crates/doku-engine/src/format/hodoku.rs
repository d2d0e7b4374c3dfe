//! HoDoKu's library format: a classic 9x9 solve in progress on one line,
//! as HoDoKu copies it ("Copy library format") and keeps its test library
//! (`reglib-1.3.txt`, whose header defines it):
//!
//! `:<technique>:<candidates>:<grid>:<deleted candidates>:<eliminations>:<placements>:<extra>`
//!
//! The grid is 81 cells, `1`-`9`, with `.` or `0` for an empty cell; a `+`
//! before a digit marks it placed by the solver, not given. The deleted
//! candidates are `DRC` triples separated by spaces (digit, row, column:
//! `436` is r3c6 <> 4); HoDoKu writes only those the placed digits do not
//! already rule out. A cell's candidates are then every digit its row,
//! column and box leave it, less the deleted ones. The technique and the
//! fields after the deleted candidates describe a step of HoDoKu's test
//! library; a game has `0000` and `x` and leaves the rest empty.
//!
//! HoDoKu takes a line for this format when it holds six or seven colons;
//! doku takes a line that starts with a colon, so that a line with the
//! wrong number of fields gets a message about this format.

use crate::board::{Board, Candidates};
use crate::shape::{Cell, Digit, Shape};

/// A line of HoDoKu's library format, read: per cell, the given, the
/// digit placed (0 for none) and the candidates deleted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LibraryLine {
    pub givens: Vec<u8>,
    pub placed: Vec<u8>,
    pub deleted: Vec<Candidates>,
}

/// Why a line is not HoDoKu's library format: the column (1-based, in
/// characters, on the whole line) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HodokuError {
    pub column: usize,
    pub message: String,
}

/// What a line of the format looks like, for messages.
pub const SHAPE: &str = ":0000:x:GRID:DELETED::";

/// Whether a line is meant as HoDoKu's library format: it starts with a
/// colon (no other puzzle format does).
pub fn looks_like_library_line(text: &str) -> bool {
    text.trim_start().starts_with(':')
}

/// Reads one line of HoDoKu's library format.
pub fn read(text: &str) -> Result<LibraryLine, HodokuError> {
    let chars: Vec<char> = text.chars().collect();
    let colons: Vec<usize> = chars
        .iter()
        .enumerate()
        .filter(|(_, &c)| c == ':')
        .map(|(i, _)| i)
        .collect();
    let lead = chars.iter().take_while(|c| c.is_whitespace()).count();
    if colons.first() != Some(&lead) {
        return Err(HodokuError {
            column: lead + 1,
            message: format!("a library line starts with ':' ({SHAPE})"),
        });
    }
    if colons.len() != 6 && colons.len() != 7 {
        return Err(HodokuError {
            column: colons.last().map_or(1, |&i| i + 1),
            message: format!(
                "a library line has 6 or 7 ':' between its fields ({SHAPE}); this one has {}",
                colons.len()
            ),
        });
    }
    // The grid is the fourth field, the deleted candidates the fifth.
    let field = |k: usize| (colons[k] + 1, colons[k + 1]);
    let (grid_start, grid_end) = field(2);
    let (givens, placed) = read_grid(&chars, grid_start, grid_end)?;
    let (deleted_start, deleted_end) = field(3);
    let deleted = read_deleted(&chars, deleted_start, deleted_end)?;
    Ok(LibraryLine {
        givens,
        placed,
        deleted,
    })
}

const CELLS: usize = 81;

fn read_grid(chars: &[char], start: usize, end: usize) -> Result<(Vec<u8>, Vec<u8>), HodokuError> {
    let mut givens = Vec::with_capacity(CELLS);
    let mut placed = Vec::with_capacity(CELLS);
    let mut plus_at = None;
    for (i, &ch) in chars.iter().enumerate().take(end).skip(start) {
        let column = i + 1;
        let bad = |message: String| Err(HodokuError { column, message });
        if ch == '+' {
            if plus_at.is_some() {
                return bad("'+' twice: one '+' marks the digit after it as placed".into());
            }
            plus_at = Some(column);
            continue;
        }
        let value = match ch {
            '1'..='9' => ch as u8 - b'0',
            '.' | '0' if plus_at.is_some() => {
                return bad(format!(
                    "'{ch}' after '+': the '+' marks a digit placed, and this cell is empty"
                ))
            }
            '.' | '0' => 0,
            _ => {
                return bad(format!(
                    "{} is not a cell of the grid (1-9, '.' or '0' for empty, '+' before a placed digit)",
                    super::describe(ch)
                ))
            }
        };
        if givens.len() == CELLS {
            return bad(format!(
                "the grid has more than {CELLS} cells (HoDoKu's grid is 9x9)"
            ));
        }
        let is_placed = plus_at.take().is_some();
        givens.push(if is_placed { 0 } else { value });
        placed.push(if is_placed { value } else { 0 });
    }
    if let Some(column) = plus_at {
        return Err(HodokuError {
            column,
            message: "'+' ends the grid: it marks the digit after it as placed".into(),
        });
    }
    if givens.len() != CELLS {
        return Err(HodokuError {
            column: start + 1,
            message: format!(
                "the grid has {} cells; HoDoKu's grid has {CELLS} (9x9)",
                givens.len()
            ),
        });
    }
    Ok((givens, placed))
}

fn read_deleted(chars: &[char], start: usize, end: usize) -> Result<Vec<Candidates>, HodokuError> {
    let mut deleted = vec![Candidates::NONE; CELLS];
    let mut i = start;
    while i < end {
        if chars[i].is_whitespace() {
            i += 1;
            continue;
        }
        let word_end = (i..end).find(|&j| chars[j].is_whitespace()).unwrap_or(end);
        let word: String = chars[i..word_end].iter().collect();
        let digits: Vec<u8> = word
            .chars()
            .filter_map(|c| c.to_digit(10).filter(|&d| d > 0).map(|d| d as u8))
            .collect();
        if digits.len() != 3 || word.chars().count() != 3 {
            return Err(HodokuError {
                column: i + 1,
                message: format!(
                    "'{word}' is not a deleted candidate: each is a digit, its row and its column, 1-9 (436: r3c6 <> 4)"
                ),
            });
        }
        let cell = usize::from(digits[1] - 1) * 9 + usize::from(digits[2] - 1);
        if let Some(digit) = Digit::new(digits[0]) {
            deleted[cell].insert(digit);
        }
        i = word_end;
    }
    Ok(deleted)
}

impl LibraryLine {
    /// The candidates HoDoKu shows in each empty cell: the digits the
    /// givens and placed digits of its houses leave it, less those deleted.
    /// `None` when nothing is deleted: HoDoKu then shows every candidate,
    /// which doku leaves to the fill key rather than filling every cell
    /// with notes unasked.
    pub fn candidates(&self, shape: Shape) -> Option<Vec<Candidates>> {
        if self.deleted.iter().all(|d| d.is_empty()) {
            return None;
        }
        let values: Vec<u8> = self
            .givens
            .iter()
            .zip(&self.placed)
            .map(|(&g, &p)| g.max(p))
            .collect();
        let board = Board::from_values(shape, values)?;
        Some(
            shape
                .cells()
                .map(|cell| Candidates(board.candidates(cell).0 & !self.deleted[cell.index()].0))
                .collect(),
        )
    }
}

/// The library line of a classic 9x9 game: its givens, the player's
/// entries marked with `+`, and, when any cell has notes, each empty
/// cell's candidates not in its notes as deleted. `None` for any other
/// board (HoDoKu plays classic 9x9 only).
pub fn write(puzzle: &Board, entries: &[u8], notes: &[Candidates]) -> Option<String> {
    if puzzle.shape() != Shape::CLASSIC || puzzle.is_killer() || entries.len() != CELLS {
        return None;
    }
    let mut out = String::from(":0000:x:");
    let mut board = puzzle.clone();
    for (i, (&given, &entry)) in puzzle.values().iter().zip(entries).enumerate() {
        if given != 0 {
            out.push(char::from(b'0' + given));
        } else if entry != 0 {
            out.push('+');
            out.push(char::from(b'0' + entry));
            board.set(Cell(i as u16), Digit::new(entry));
        } else {
            out.push('.');
        }
    }
    out.push(':');
    let mut deleted = Vec::new();
    if notes.iter().any(|n| !n.is_empty()) {
        for cell in board.shape().cells() {
            let note = notes.get(cell.index()).copied().unwrap_or(Candidates::NONE);
            let left = board.candidates(cell);
            // A cell left without a candidate is one HoDoKu takes for a
            // contradiction: nothing is deleted there (HoDoKu shows every
            // candidate, and the game is then shared another way).
            if left.0 & note.0 == 0 {
                continue;
            }
            let gone = Candidates(left.0 & !note.0);
            let (row, col) = (cell.index() / 9 + 1, cell.index() % 9 + 1);
            deleted.extend(gone.iter().map(|d| format!("{}{row}{col}", d.get())));
        }
    }
    out.push_str(&deleted.join(" "));
    out.push_str("::");
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    // Example 2 of the header of HoDoKu's reglib-1.3.txt, which spells out
    // what it means: the digits with '+' placed, then r2c4<>25, r2c5<>25,
    // r3c5<>1, r5c5<>47, r5c8<>47, r6c5<>1, r6c8<>1, r7c1<>7 deleted, and
    // 247 from two cells its prose calls r4c8 and r5c8, but whose triples
    // (284 484 784, 285 485 785) HoDoKu's reader takes as r8c4 and r8c5:
    // digit, row, column.
    const REGLIB_EXAMPLE_2: &str = ":0603:3:14+8..+9+72+5.+3...89.697+6....38.+61......3+2.8.56...9......2.5+9+186....+8+3....61+6+1...35+89:224 524 225 525 135 455 755 458 758 165 168 771 284 484 784 285 485 785:364 365::";

    fn cell(row: usize, col: usize) -> usize {
        (row - 1) * 9 + col - 1
    }

    fn digits(set: Candidates) -> Vec<u8> {
        set.iter().map(Digit::get).collect()
    }

    #[test]
    fn reglib_example_2_reads_its_givens_placed_digits_and_deletions() {
        let line = read(REGLIB_EXAMPLE_2).expect("HoDoKu's own example");
        // "14+8..+9+72+5": 1 and 4 given, 8 placed, two empty, 9 7 placed,
        // 2 given, 5 placed.
        assert_eq!(&line.givens[..9], &[1, 4, 0, 0, 0, 0, 0, 2, 0]);
        assert_eq!(&line.placed[..9], &[0, 0, 8, 0, 0, 9, 7, 0, 5]);
        assert_eq!(digits(line.deleted[cell(2, 4)]), vec![2, 5]);
        assert_eq!(digits(line.deleted[cell(8, 4)]), vec![2, 4, 7]);
        assert_eq!(digits(line.deleted[cell(8, 5)]), vec![2, 4, 7]);
        assert_eq!(digits(line.deleted[cell(7, 1)]), vec![7]);
        let count: usize = line.deleted.iter().map(|d| d.len()).sum();
        assert_eq!(count, 18, "the 18 triples of the line");
    }

    #[test]
    fn the_candidates_are_what_the_houses_leave_less_the_deleted() {
        let line = read(REGLIB_EXAMPLE_2).expect("HoDoKu's own example");
        let candidates = line.candidates(Shape::CLASSIC).expect("it deletes some");
        let values: Vec<u8> = line
            .givens
            .iter()
            .zip(&line.placed)
            .map(|(&g, &p)| g.max(p))
            .collect();
        let board = Board::from_values(Shape::CLASSIC, values).expect("a 9x9");
        for c in Shape::CLASSIC.cells() {
            let left = board.candidates(c);
            assert_eq!(
                candidates[c.index()].0,
                left.0 & !line.deleted[c.index()].0,
                "cell {}",
                c.index()
            );
        }
        // r2c4 had 2 and 5 deleted; neither is left there.
        let r2c4 = candidates[cell(2, 4)];
        assert!(!r2c4.contains(Digit::new(2).unwrap()) && !r2c4.contains(Digit::new(5).unwrap()));
        assert!(!r2c4.is_empty());
    }

    #[test]
    fn a_line_without_deletions_has_no_candidates_to_show() {
        // Example 1 of reglib-1.3.txt: "there are no additional candidates
        // to delete".
        let line = read(":0003:8:6...+53+4.7....4+2+56.+254867+3+9+1.+4..+9+6.1.162+38+5749.3..+1+4.+5....42193..1.+57...+44+2.6+3.+1+75:::829:")
            .expect("HoDoKu's own example");
        assert_eq!(line.candidates(Shape::CLASSIC), None);
        // The header spells out the givens and the placed digits.
        let text = |v: &[u8]| -> String {
            v.iter()
                .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
                .collect()
        };
        assert_eq!(
            text(&line.givens),
            "6....3..7....4..6..54867..........1.162.8.749.3..........42193..1..7....4..6....5"
        );
        assert_eq!(
            text(&line.placed),
            "....5.4.......25..2.....391.4..96......3.5.......14.5.............5....4.2..3.17."
        );
    }

    #[test]
    fn a_written_line_reads_back_to_the_same_game() {
        let line = read(REGLIB_EXAMPLE_2).expect("HoDoKu's own example");
        let puzzle = Board::from_values(Shape::CLASSIC, line.givens.clone()).expect("a 9x9");
        let notes = line.candidates(Shape::CLASSIC).expect("it deletes some");
        let written = write(&puzzle, &line.placed, &notes).expect("classic 9x9");
        let again = read(&written).expect("our own line");
        assert_eq!(again.givens, line.givens);
        assert_eq!(again.placed, line.placed);
        assert_eq!(again.candidates(Shape::CLASSIC), Some(notes));
        assert!(written.starts_with(":0000:x:14+8..+9+72+5"), "{written}");
        assert!(written.ends_with("::"), "{written}");
    }

    #[test]
    fn malformed_lines_name_the_column_and_the_fault() {
        let grid = ".".repeat(81);
        let err = |text: &str| read(text).expect_err(text);
        let e = err(&format!(":0000:x:{grid}:"));
        assert!(e.message.contains("6 or 7 ':'"), "{e:?}");
        let e = err(&format!(":0000:x:{}x{}:::", &grid[..10], &grid[11..]));
        assert_eq!(e.column, 9 + 10);
        assert!(e.message.contains("'x' is not a cell"), "{e:?}");
        let e = err(&format!(":0000:x:{}:::", &grid[..80]));
        assert!(e.message.contains("80 cells"), "{e:?}");
        let e = err(&format!(":0000:x:{grid}.:::"));
        assert_eq!(e.column, 9 + 81);
        assert!(e.message.contains("more than 81"), "{e:?}");
        let e = err(&format!(":0000:x:+.{}:::", &grid[1..]));
        assert_eq!(e.column, 10);
        let e = err(&format!(":0000:x:{grid}:123 40 5:::"));
        assert_eq!(e.column, 9 + 81 + 5, "after the grid's ':', \"123 \"");
        assert!(e.message.contains("'40'"), "{e:?}");
        let e = err(&format!(":0000:x:{grid}:1234::"));
        assert!(e.message.contains("'1234'"), "{e:?}");
    }

    #[test]
    fn only_classic_boards_are_written() {
        let jigsaw_like = Shape::latin(9).expect("a 9x9 Latin square");
        let board = Board::empty(jigsaw_like);
        assert_eq!(write(&board, &[0; 81], &[Candidates::NONE; 81]), None);
        let classic = Board::empty(Shape::CLASSIC);
        let line = write(&classic, &[0; 81], &[Candidates::NONE; 81]).expect("classic");
        assert_eq!(line, format!(":0000:x:{}:::", ".".repeat(81)));
    }

    #[test]
    fn the_reader_gives_the_givens_with_the_game_and_names_the_line_of_an_error() {
        use crate::format::{parse_game_as, ParseError, PuzzleReader, ShapeHint};
        use crate::variant::Variant;
        let played = parse_game_as(
            REGLIB_EXAMPLE_2.as_bytes(),
            ShapeHint::Infer,
            Variant::Classic,
        )
        .expect("HoDoKu's own example");
        let line = read(REGLIB_EXAMPLE_2).expect("HoDoKu's own example");
        assert_eq!(played.puzzle.values(), &line.givens[..]);
        assert_eq!(played.progress.entries, line.placed);
        // Notes in the empty cells only, as HoDoKu shows candidates.
        let notes = line.candidates(Shape::CLASSIC).expect("deletions");
        for c in Shape::CLASSIC.cells() {
            let i = c.index();
            let empty = line.givens[i] == 0 && line.placed[i] == 0;
            let expected = if empty { notes[i] } else { Candidates::NONE };
            assert_eq!(played.progress.notes[i], expected, "cell {i}");
        }
        // In a batch, the second line's fault is named on line 2.
        let batch = format!("{REGLIB_EXAMPLE_2}\n:0000:x:{}:::\n", "x".repeat(81));
        let read: Vec<_> = PuzzleReader::new(batch.as_bytes(), ShapeHint::Infer).collect();
        assert!(read[0].is_ok());
        assert!(
            matches!(&read[1], Err(ParseError::Hodoku { line: 2, .. })),
            "{:?}",
            read[1]
        );
    }

    #[test]
    fn givens_that_clash_are_refused_but_entries_that_clash_are_kept() {
        use crate::format::{parse_game_as, ParseError, ShapeHint};
        use crate::variant::Variant;
        let rest = ".".repeat(79);
        let clash = format!(":0000:x:11{rest}:::");
        let err = parse_game_as(clash.as_bytes(), ShapeHint::Infer, Variant::Classic);
        assert!(matches!(err, Err(ParseError::Clash { .. })), "{err:?}");
        let entries = format!(":0000:x:1+1{rest}:::");
        let played = parse_game_as(entries.as_bytes(), ShapeHint::Infer, Variant::Classic)
            .expect("a clash among entries is the player's");
        assert_eq!(played.progress.entries[1], 1);
    }
}
