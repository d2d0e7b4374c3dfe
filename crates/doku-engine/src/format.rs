//! Reading and writing puzzles: one line per puzzle, the block form (with or
//! without `|`, `-`, `+` separators, `.ss`-style), `.sdk` with `#` comments,
//! CSV with `,` or `;`, and whitespace-separated numbers for large boards.
//!
//! Reading streams line by line, so memory stays flat on any input, and every
//! error names the line, the column and the offending character.
//!
//! Variants: a jigsaw's line is its givens, a space, and its region map
//! (one symbol per cell naming its region, any distinct symbols); its block
//! form is the grid, a line `regions:`, and the map in N rows. f-puzzles
//! JSON (one object, on one line or many) and f-puzzles or SudokuPad links
//! are read wherever a puzzle is ([`fpuzzles`]). The houses a line cannot
//! show (X's diagonals, windoku's windows) come from a [`Variant`] given to
//! the reader ([`PuzzleReader::with_variant`]).
//!
//! A game in progress (the givens, the digits placed and the notes) is
//! shared as a line of HoDoKu's library format ([`hodoku`]) or as f-puzzles
//! with values and pencil marks; both are read as puzzles everywhere, and
//! [`parse_game_as`] keeps what was placed and noted too.

pub mod fpuzzles;
pub mod hodoku;
pub mod killer;
pub mod lz;

use super::board::{cell_name, digit_text, Board, Candidates};
use super::shape::{Cell, Digit, Shape, ShapeError, MAX_SIZE};
use super::variant::Variant;
use std::io::BufRead;

/// The most bytes one f-puzzles JSON object spread over many lines may take.
pub const MAX_JSON_BYTES: usize = 4 << 20;

/// A line longer than this is not a puzzle (a 64x64 board in numbers is
/// about 12 KiB); reading stops buffering it to keep memory flat.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("line {line}, column {column}: {found} is not a cell ({expected})")]
    BadSymbol {
        line: usize,
        column: usize,
        /// The offending character, quoted, or a byte in hex.
        found: String,
        expected: String,
    },
    #[error("line {line}: {}, but {expected}", cells(*.actual))]
    WrongLength {
        line: usize,
        expected: String,
        actual: usize,
    },
    #[error("line {line}: the puzzle that starts here ends after {rows} of its {size} rows")]
    Incomplete {
        line: usize,
        rows: usize,
        size: usize,
    },
    #[error("line {line}: longer than {MAX_LINE_BYTES} bytes; not a puzzle")]
    LineTooLong { line: usize },
    #[error("line {line}: {source}")]
    Shape { line: usize, source: ShapeError },
    #[error("line {line}: the givens break the rules: {first} and {second} both hold {digit} (same {house})")]
    Clash {
        line: usize,
        first: String,
        second: String,
        digit: String,
        house: String,
    },
    #[error(
        "line {line}: this 16x16 puzzle writes empty cells both as '.' and as '0' and never \
         uses G, so it looks written in hex (0-F), where 0 is a symbol; doku reads 1-9 then A-G, \
         with '.' or '0' for empty: write its 0s as G (for example with tr 0 G)"
    )]
    LooksHex { line: usize },
    #[error("line {line}: a second puzzle starts here, but one puzzle was expected")]
    ExtraPuzzle { line: usize },
    #[error("line {line}, column {column}: the region map: {message}")]
    RegionMap {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("line {line}, column {column}: the cages: {message}")]
    Cages {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("line {line}: f-puzzles: {message}")]
    Fpuzzles { line: usize, message: String },
    #[error("line {line}, column {column}: HoDoKu library line: {message}")]
    Hodoku {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("line {line}: {message}")]
    Variant { line: usize, message: String },
    #[error("no puzzle in it (it is empty, or holds only blank and comment lines)")]
    NoPuzzle,
    #[error("reading failed: {0}")]
    Io(String),
}

/// `1 cell`, `81 cells`.
fn cells(count: usize) -> String {
    match count {
        1 => "1 cell".into(),
        n => format!("{n} cells"),
    }
}

impl ParseError {
    /// The line of the input the error is about (0 when not about a line).
    pub fn line(&self) -> usize {
        match self {
            ParseError::BadSymbol { line, .. }
            | ParseError::WrongLength { line, .. }
            | ParseError::Incomplete { line, .. }
            | ParseError::LineTooLong { line }
            | ParseError::Shape { line, .. }
            | ParseError::Clash { line, .. }
            | ParseError::LooksHex { line }
            | ParseError::ExtraPuzzle { line }
            | ParseError::RegionMap { line, .. }
            | ParseError::Cages { line, .. }
            | ParseError::Fpuzzles { line, .. }
            | ParseError::Hodoku { line, .. }
            | ParseError::Variant { line, .. } => *line,
            ParseError::NoPuzzle | ParseError::Io(_) => 0,
        }
    }
}

/// How to read the shape of a puzzle when its size alone does not say it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ShapeHint {
    /// Standard boxes for sudoku sizes, a Latin square for other sizes.
    #[default]
    Infer,
    /// A Latin square of whatever size the puzzle has.
    Latin,
    /// Boxes of this many rows and columns.
    Boxes(u8, u8),
}

impl ShapeHint {
    fn shape_for(self, size: usize) -> Result<Shape, ShapeError> {
        match self {
            ShapeHint::Infer => Shape::infer(size),
            ShapeHint::Latin => Shape::latin(size),
            ShapeHint::Boxes(r, c) => {
                let shape = Shape::with_boxes(r as usize, c as usize)?;
                if shape.size() == size {
                    Ok(shape)
                } else {
                    Err(ShapeError::BadBoxes {
                        rows: r as usize,
                        cols: c as usize,
                    })
                }
            }
        }
    }
    /// The board size this hint fixes, if any.
    fn size(self) -> Option<usize> {
        match self {
            ShapeHint::Boxes(r, c) => Some(r as usize * c as usize),
            _ => None,
        }
    }
}

/// A puzzle read from input, with the line it started on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadPuzzle {
    pub line: usize,
    pub board: Board,
    /// The digits placed and the notes, for the formats that keep a game
    /// in progress (HoDoKu's library line, f-puzzles); boxed, as batch
    /// input carries none and moves many puzzles.
    pub progress: Option<Box<Progress>>,
}

impl ReadPuzzle {
    /// A puzzle with nothing placed.
    pub fn new(line: usize, board: Board) -> ReadPuzzle {
        ReadPuzzle {
            line,
            board,
            progress: None,
        }
    }
}

/// A solve in progress, per cell: the digit placed (0 for none; never on
/// a given) and the notes (only in cells without a digit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub entries: Vec<u8>,
    pub notes: Vec<Candidates>,
}

impl Progress {
    /// Whether anything is placed or noted.
    pub fn is_empty(&self) -> bool {
        self.entries.iter().all(|&e| e == 0) && self.notes.iter().all(|n| n.is_empty())
    }
}

/// A puzzle and the game played on it so far, as shared between players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedPuzzle {
    /// The rules and the givens.
    pub puzzle: Board,
    pub progress: Progress,
}

impl PlayedPuzzle {
    /// `puzzle` with nothing placed or noted.
    pub fn new(puzzle: Board) -> PlayedPuzzle {
        let cells = puzzle.shape().cell_count();
        PlayedPuzzle {
            puzzle,
            progress: Progress {
                entries: vec![0; cells],
                notes: vec![Candidates::NONE; cells],
            },
        }
    }

    /// The game of `puzzle` with these entries and notes, made consistent:
    /// no entry on a given, no note in a cell with a digit, each list one
    /// per cell.
    pub fn with_progress(puzzle: Board, entries: &[u8], notes: &[Candidates]) -> PlayedPuzzle {
        let size = puzzle.shape().size();
        let mut played = PlayedPuzzle::new(puzzle);
        let givens = played.puzzle.values();
        for (i, (entry, note)) in played
            .progress
            .entries
            .iter_mut()
            .zip(played.progress.notes.iter_mut())
            .enumerate()
        {
            let placed = entries.get(i).copied().filter(|&d| usize::from(d) <= size);
            *entry = if givens[i] == 0 {
                placed.unwrap_or(0)
            } else {
                0
            };
            if givens[i] == 0 && *entry == 0 {
                let all = Candidates::all(played.puzzle.shape());
                *note = Candidates(notes.get(i).map_or(0, |n| n.0 & all.0));
            }
        }
        played
    }

    /// How many digits the player placed.
    pub fn entry_count(&self) -> usize {
        self.progress.entries.iter().filter(|&&e| e != 0).count()
    }

    /// Whether anything is placed or noted.
    pub fn progress_is_set(&self) -> bool {
        !self.progress.is_empty()
    }

    /// Whether any cell has notes.
    pub fn has_notes(&self) -> bool {
        self.progress.notes.iter().any(|n| !n.is_empty())
    }
}

/// One token of a row: its raw value (0 = empty, may exceed the size until
/// the size is known) and where it stood (a block's rows are on lines of
/// their own, so the line is the token's, not the puzzle's).
#[derive(Clone, Copy, Debug)]
struct Token {
    value: u16,
    line: usize,
    column: usize,
    ch: char,
}

/// Reads puzzles one after another from any `BufRead`, in any supported
/// format, streaming.
pub struct PuzzleReader<R> {
    input: R,
    hint: ShapeHint,
    line_no: usize,
    buf: Vec<u8>,
    /// Rows of a block-form puzzle being gathered, and the line it began on.
    block: Vec<Vec<Token>>,
    block_line: usize,
    /// The block's first row has no `|`, `,` or `;`: on its own it could
    /// have been a whole puzzle on one line.
    block_bare: bool,
    /// Rows still to pass over after an unreadable row of a block, so that
    /// one bad cell gives one error, not a second one for the rows after it.
    skip_rows: usize,
    /// The last line ended in a CR: a LF right after it belongs to the
    /// same line ending (CRLF), not to an empty line.
    after_cr: bool,
    done: bool,
    /// Houses added to every puzzle read (`--variant`).
    variant: Variant,
    /// `self.buf` holds a line read ahead (after a block, to see whether
    /// its region map follows), to be handled next.
    held: bool,
    /// The puzzle being returned was a block (its map may follow).
    from_block: bool,
}

impl<R: BufRead> PuzzleReader<R> {
    pub fn new(input: R, hint: ShapeHint) -> Self {
        PuzzleReader {
            input,
            hint,
            line_no: 0,
            buf: Vec::new(),
            block: Vec::new(),
            block_line: 0,
            block_bare: false,
            skip_rows: 0,
            after_cr: false,
            done: false,
            variant: Variant::Classic,
            held: false,
            from_block: false,
        }
    }

    /// Adds `variant`'s houses to every puzzle read (the regions of a
    /// jigsaw come from the input: a variant with `jigsaw` refuses a
    /// puzzle without a region map).
    pub fn with_variant(mut self, variant: Variant) -> Self {
        self.variant = variant;
        self
    }

    /// Reads one line into `self.buf` (without its line ending), keeping at
    /// most [`MAX_LINE_BYTES`]. `Ok(false)` at the end of input. A line ends
    /// in LF, CRLF or a lone CR: terminals send a pasted newline as CR, and
    /// files from other systems end lines either way.
    fn read_line(&mut self) -> Result<bool, ParseError> {
        if self.held {
            self.held = false;
            return Ok(true);
        }
        self.buf.clear();
        let mut too_long = false;
        let mut any = false;
        loop {
            let available = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ParseError::Io(e.to_string())),
            };
            if available.is_empty() {
                break;
            }
            if std::mem::take(&mut self.after_cr) && available[0] == b'\n' {
                // The LF of a CRLF whose CR ended the previous line.
                self.input.consume(1);
                continue;
            }
            any = true;
            let (chunk, found_newline) = match line_end(available) {
                Some(i) => {
                    self.after_cr = available[i] == b'\r';
                    (&available[..i], true)
                }
                None => (available, false),
            };
            if !too_long {
                if self.buf.len() + chunk.len() > MAX_LINE_BYTES {
                    too_long = true;
                } else {
                    self.buf.extend_from_slice(chunk);
                }
            }
            let used = chunk.len() + usize::from(found_newline);
            self.input.consume(used);
            if found_newline {
                break;
            }
        }
        if !any {
            return Ok(false);
        }
        self.line_no += 1;
        if too_long {
            self.buf.clear();
            return Err(ParseError::LineTooLong { line: self.line_no });
        }
        Ok(true)
    }

    /// How many rows of its block follow the unreadable row in `self.buf`:
    /// the block's width less the rows read, when the row is inside a block
    /// or plainly opens one (fields separated by `,`, `;` or spaces, as many
    /// as a board size). Zero when the row might be a whole puzzle.
    fn rows_left_after_bad_row(&self) -> usize {
        let width = match self.block.first() {
            Some(first) => first.len(),
            None => match self.separated_row_width() {
                Some(width) => width,
                None => return 0,
            },
        };
        let fits = match self.hint.size() {
            Some(n) => width == n,
            None => (2..=MAX_SIZE).contains(&width),
        };
        if fits {
            width.saturating_sub(self.block.len() + 1)
        } else {
            0
        }
    }

    /// How many fields the row in `self.buf` has, when they are plainly
    /// separated (`,`, `;` or spaces between numbers).
    fn separated_row_width(&self) -> Option<usize> {
        let text = String::from_utf8_lossy(&self.buf);
        if is_csv_row(&self.buf) {
            Some(text.split([',', ';']).count())
        } else if is_number_row(text.trim()) {
            Some(text.split_whitespace().count())
        } else {
            None
        }
    }

    /// The width of the row in `self.buf` when it opens a block wider than
    /// any board doku reads (and is not a whole puzzle on one line: a
    /// square number of cells, none past the square's side).
    fn too_wide_row(&self) -> Option<usize> {
        if !self.block.is_empty() || self.hint.size().is_some() {
            return None;
        }
        let width = self.separated_row_width()?;
        if width <= MAX_SIZE {
            return None;
        }
        // 100 cells may be a 10x10 on one line, unless a number passes 10.
        let root = (width as f64).sqrt().round() as usize;
        let text = String::from_utf8_lossy(&self.buf);
        let beyond_root = text
            .split([',', ';', ' ', '\t'])
            .filter_map(|f| f.trim().parse::<usize>().ok())
            .any(|v| v > root);
        (root * root != width || beyond_root).then_some(width)
    }

    fn finish_block(&mut self) -> Result<ReadPuzzle, ParseError> {
        self.from_block = true;
        let rows = std::mem::take(&mut self.block);
        let size = rows.first().map_or(0, Vec::len);
        let line = self.block_line;
        if rows.len() == 1 && size > 1 && self.block_bare {
            // A lone short row whose length is a square (`12..`): a 2x2
            // puzzle on one line after all.
            let n = (size as f64).sqrt().round() as usize;
            let fits = rows[0].iter().all(|t| t.value as usize <= n);
            if n * n == size && n < 3 && fits {
                return build(self.hint, line, n, &rows[0], false);
            }
            // Otherwise most likely a mistyped one-line puzzle, so the
            // message speaks of both readings; a row of a size without
            // sudoku boxes would start a Latin square.
            let board = if Shape::sudoku(size).is_ok() {
                "puzzle"
            } else {
                "Latin square"
            };
            let others = match size - 1 {
                1 => "its other row is missing".to_string(),
                n => format!("its other {n} rows are missing"),
            };
            let missing =
                format!("; or, if this line is the first row of a {size}x{size} {board}, {others}");
            // A symbol too large for an N*N reading is worth naming only
            // when that reading is a sudoku size: `123456789` is a row of a
            // 9x9 far more often than a 3x3 Latin square.
            let square = (size as f64).sqrt().round() as usize;
            if Shape::sudoku(square).is_ok() {
                if let Some(err) = symbol_beyond_square(&rows[0], line, &missing) {
                    return Err(err);
                }
            }
            return Err(ParseError::WrongLength {
                line,
                expected: format!("a puzzle on one line needs N*N cells (81 for 9x9){missing}"),
                actual: size,
            });
        }
        if rows.len() == 1 && size == 1 && self.block_bare && rows[0][0].value > 1 {
            // One symbol alone on a line: a 1x1 Latin square holds only 1,
            // so this is a puzzle cut short, not a board of size 1.
            return Err(ParseError::WrongLength {
                line,
                expected: "a puzzle on one line needs N*N cells (81 for 9x9)".into(),
                actual: 1,
            });
        }
        if rows.len() < size {
            return Err(ParseError::Incomplete {
                line,
                rows: rows.len(),
                size,
            });
        }
        let tokens: Vec<Token> = rows.into_iter().flatten().collect();
        // Its givens are checked once its region map, if any, is read.
        build(self.hint, line, size, &tokens, false)
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<ReadPuzzle, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.variant == Variant::Classic {
            if let Some(puzzle) = self.classic_line_in_place() {
                return Some(Ok(puzzle));
            }
        }
        self.from_block = false;
        let mut item = self.next_raw()?;
        if self.from_block {
            if let Ok(puzzle) = item {
                item = if self.done {
                    Ok(puzzle)
                } else {
                    self.regions_after_block(puzzle)
                        .and_then(|p| self.cages_after_block(p))
                };
                item = item.and_then(|p| check_givens(&p.board, p.line).map(|()| p));
            }
        }
        Some(item.and_then(|p| add_variant(p, self.variant)))
    }
}

/// `puzzle` with the houses of `variant` added, its givens checked again.
/// Why `--variant killer` (or killer,x) cannot read a puzzle without cages.
pub fn no_cages_message(variant: Variant) -> String {
    format!(
        "--variant {variant}: a killer needs its cages: write the cage map and the sums after \
         the givens (see doku solve --help), or give an f-puzzles file"
    )
}

fn add_variant(puzzle: ReadPuzzle, variant: Variant) -> Result<ReadPuzzle, ParseError> {
    if variant == Variant::Classic {
        return Ok(puzzle);
    }
    let line = puzzle.line;
    if variant.is_killer() && !puzzle.board.is_killer() {
        return Err(ParseError::Variant {
            line,
            message: no_cages_message(variant),
        });
    }
    let shape = variant
        .add_to(puzzle.board.shape())
        .map_err(|e| ParseError::Variant {
            line,
            message: format!("--variant {variant}: {e}"),
        })?;
    let board = Board::from_values(shape, puzzle.board.values().to_vec())
        .map(|b| b.with_cages(puzzle.board.cages().cloned()))
        .ok_or(ParseError::Variant {
            line,
            message: "the puzzle does not fit its variant".into(),
        })?;
    check_givens(&board, line)?;
    Ok(ReadPuzzle {
        line,
        board,
        progress: puzzle.progress,
    })
}

impl<R: BufRead> PuzzleReader<R> {
    /// After a block: its region map, if a `regions:` line follows; any
    /// other line is kept for the next puzzle.
    fn regions_after_block(&mut self, puzzle: ReadPuzzle) -> Result<ReadPuzzle, ParseError> {
        // Blank lines between the grid and its map are passed over.
        if !self.next_words_line()? {
            return Ok(puzzle);
        }
        let head = String::from_utf8_lossy(&self.buf)
            .trim()
            .to_ascii_lowercase();
        if head != "regions:" && head != "regions" {
            self.held = true;
            return Ok(puzzle);
        }
        let n = puzzle.board.size();
        let marker_line = self.line_no;
        let map = self.map_rows(n, "map", |line, message| ParseError::RegionMap {
            line,
            column: 1,
            message,
        })?;
        let symbols: Vec<char> = map.iter().map(|m| m.0).collect();
        let shape = region_shape(n, &symbols).map_err(|(cell, message)| {
            let (_, line, column) = map[cell.min(map.len() - 1)];
            ParseError::RegionMap {
                line,
                column,
                message,
            }
        })?;
        let board = Board::from_values(shape, puzzle.board.values().to_vec()).ok_or(
            ParseError::RegionMap {
                line: marker_line,
                column: 1,
                message: "it does not fit the grid".into(),
            },
        )?;
        check_givens(&board, puzzle.line)?;
        Ok(ReadPuzzle::new(puzzle.line, board))
    }

    /// After a block (and its region map): its cages, if a `cages:` line
    /// follows, with their sums on a `sums:` line after the map.
    fn cages_after_block(&mut self, puzzle: ReadPuzzle) -> Result<ReadPuzzle, ParseError> {
        if self.done || !self.next_words_line()? {
            return Ok(puzzle);
        }
        let head = String::from_utf8_lossy(&self.buf)
            .trim()
            .to_ascii_lowercase();
        if head != "cages:" && head != "cages" {
            self.held = true;
            return Ok(puzzle);
        }
        let n = puzzle.board.size();
        let marker_line = self.line_no;
        let map = self.map_rows(n, "cage map", |line, message| ParseError::Cages {
            line,
            column: 1,
            message,
        })?;
        let (mut sums, mut sums_line, mut sums_column) = (String::new(), marker_line, 1);
        if self.next_words_line()? {
            let text = String::from_utf8_lossy(&self.buf).into_owned();
            let trimmed = text.trim_start();
            let lead = text.len() - trimmed.len();
            match trimmed.get(..5) {
                Some(head) if head.eq_ignore_ascii_case("sums:") => {
                    sums = trimmed[5..].to_string();
                    sums_line = self.line_no;
                    sums_column = text[..lead].chars().count() + 6;
                }
                _ => self.held = true,
            }
        }
        let symbols: Vec<char> = map.iter().map(|m| m.0).collect();
        let cages =
            killer::read_cages(puzzle.board.shape(), &symbols, &sums).map_err(|(in_sums, e)| {
                let (line, column) = if in_sums {
                    (sums_line, sums_column + e.at)
                } else {
                    map.get(e.at).map_or((marker_line, 1), |m| (m.1, m.2))
                };
                ParseError::Cages {
                    line,
                    column,
                    message: e.message,
                }
            })?;
        let board = puzzle.board.with_cages(Some(std::sync::Arc::new(cages)));
        check_cages(&board, puzzle.line)?;
        Ok(ReadPuzzle::new(puzzle.line, board))
    }

    /// The `n` rows of `n` symbols of a map under a block (the marker line
    /// just read), each symbol with its line and column. A map cut short or
    /// a row of another width is `error(line, message)`, naming the map as
    /// `what`.
    fn map_rows(
        &mut self,
        n: usize,
        what: &str,
        error: impl Fn(usize, String) -> ParseError,
    ) -> Result<Vec<(char, usize, usize)>, ParseError> {
        let marker_line = self.line_no;
        let mut map = Vec::with_capacity(n * n);
        for row in 0..n {
            if !self.read_line()? {
                self.done = true;
                return Err(error(
                    marker_line,
                    format!(
                        "the {what} ends after {row} of its {n} rows (one row of {n} symbols per row of the grid)"
                    ),
                ));
            }
            let text = String::from_utf8_lossy(&self.buf).into_owned();
            let symbols: Vec<(char, usize, usize)> = text
                .chars()
                .enumerate()
                .filter(|(_, ch)| !ch.is_whitespace())
                .map(|(i, ch)| (ch, self.line_no, i + 1))
                .collect();
            if symbols.len() != n {
                return Err(error(
                    self.line_no,
                    format!(
                        "row {} of the {what} has {} symbols; each row of a {n}x{n} map has {n}",
                        row + 1,
                        symbols.len()
                    ),
                ));
            }
            map.extend(symbols);
        }
        Ok(map)
    }

    /// Reads on to the next line with words in it; `false` at the end.
    fn next_words_line(&mut self) -> Result<bool, ParseError> {
        loop {
            if !self.read_line()? {
                self.done = true;
                return Ok(false);
            }
            if !self.buf.iter().all(u8::is_ascii_whitespace) {
                return Ok(true);
            }
        }
    }

    /// One f-puzzles JSON object starting on this line, read on until its
    /// braces close.
    fn json_object(&mut self, line: usize) -> Result<ReadPuzzle, ParseError> {
        let mut text = String::from_utf8_lossy(&self.buf).into_owned();
        let mut scan = JsonDepth::default();
        scan.feed(&text);
        while !scan.closed() {
            match self.read_line() {
                Ok(true) => {}
                Ok(false) => {
                    self.done = true;
                    // Brackets that do not match are the parser's to name.
                    return match fpuzzles_puzzle(&text, line) {
                        Err(ParseError::Fpuzzles { message, .. }) if message.contains("EOF") => {
                            Err(ParseError::Fpuzzles {
                                line,
                                message:
                                    "the JSON object that starts here never ends (a '}' is missing)"
                                        .into(),
                            })
                        }
                        other => other,
                    };
                }
                Err(e) => return Err(e),
            }
            let more = String::from_utf8_lossy(&self.buf);
            scan.feed(&more);
            text.push('\n');
            text.push_str(&more);
            if text.len() > MAX_JSON_BYTES {
                return Err(ParseError::Fpuzzles {
                    line,
                    message: format!("the JSON object that starts here runs past {MAX_JSON_BYTES} bytes; not a puzzle"),
                });
            }
        }
        fpuzzles_puzzle(&text, line)
    }

    /// The common case of batch input, read where it lies in the input's
    /// buffer: a line of exactly 81 symbols and a LF, a classic 9x9 whose
    /// givens do not clash, neither copied to `self.buf` nor scanned for its
    /// end. `None` leaves everything else to the general path, unread:
    /// other lines, a line cut by the end of the buffer, any state between
    /// lines (a block being gathered, a line held, a CR just read).
    fn classic_line_in_place(&mut self) -> Option<ReadPuzzle> {
        if self.done
            || self.held
            || self.after_cr
            || self.skip_rows > 0
            || !self.block.is_empty()
            || self.hint != ShapeHint::Infer
        {
            return None;
        }
        let available = self.input.fill_buf().ok()?;
        let (line, rest) = available.split_first_chunk::<81>()?;
        if rest.first() != Some(&b'\n') {
            return None;
        }
        let board = classic_board(line)?;
        self.input.consume(82);
        self.line_no += 1;
        Some(ReadPuzzle::new(self.line_no, board))
    }

    fn next_raw(&mut self) -> Option<Result<ReadPuzzle, ParseError>> {
        while !self.done {
            match self.read_line() {
                Err(e) => {
                    if matches!(e, ParseError::Io(_)) {
                        self.done = true;
                    }
                    self.block.clear();
                    return Some(Err(e));
                }
                Ok(false) => {
                    self.done = true;
                    if !self.block.is_empty() {
                        return Some(self.finish_block());
                    }
                    return None;
                }
                Ok(true) => {}
            }
            let line_no = self.line_no;
            if self.skip_rows > 0 {
                // A blank line ends the broken block early.
                let blank = self.buf.iter().all(|b| b.is_ascii_whitespace());
                self.skip_rows = if blank { 0 } else { self.skip_rows - 1 };
                continue;
            }
            if self.block.is_empty() {
                // A HoDoKu library line, the only format to start with a
                // colon: looked at first, as its grid would pass for plain
                // symbols further on.
                let first = self.buf.iter().find(|b| !b.is_ascii_whitespace());
                if first == Some(&b':') {
                    let text = String::from_utf8_lossy(&self.buf);
                    return Some(hodoku_puzzle(&text, self.hint, line_no));
                }
                // Most batch lines are one puzzle of plain symbols: read at
                // once, before the looks at JSON, links and region maps, none
                // of which such a line can be (see `plain_line`).
                if let Some(puzzle) = plain_line(&self.buf, self.hint, line_no) {
                    return Some(puzzle);
                }
                let text = String::from_utf8_lossy(&self.buf);
                if text.trim_start().starts_with('{') {
                    return Some(self.json_object(line_no));
                }
                if fpuzzles::looks_like_fpuzzles(&text) {
                    return Some(fpuzzles_puzzle(&text, line_no));
                }
                if let Some(puzzle) = line_with_cages(&self.buf, self.hint, line_no) {
                    return Some(puzzle);
                }
                if let Some(puzzle) = line_with_map(&self.buf, self.hint, line_no) {
                    return Some(puzzle);
                }
                if let Some(puzzle) = fast_line(&self.buf, self.hint, line_no) {
                    return Some(puzzle);
                }
            }
            // The first row of a square too large to read: said once, its
            // other rows skipped, rather than a number named on each.
            if let Some(width) = self.too_wide_row() {
                self.skip_rows = width - 1;
                return Some(Err(ParseError::WrongLength {
                    line: line_no,
                    expected: format!(
                        "doku reads boards up to {MAX_SIZE}x{MAX_SIZE} (larger squares from doku latin are only to save); the next {} rows are skipped as part of it",
                        width - 1
                    ),
                    actual: width,
                }));
            }
            let row = match tokenize(&self.buf, line_no) {
                Ok(Some(row)) => row,
                Ok(None) => {
                    // A blank, comment or separator line. A blank line in the
                    // middle of a block ends it early.
                    let blank = self.buf.iter().all(|b| b.is_ascii_whitespace());
                    if blank && !self.block.is_empty() {
                        return Some(self.finish_block());
                    }
                    continue;
                }
                Err(e) => {
                    self.skip_rows = self.rows_left_after_bad_row();
                    self.block.clear();
                    return Some(Err(e));
                }
            };
            if let Some(width) = self.block.first().map(Vec::len) {
                if row.len() == width {
                    self.block.push(row);
                    if self.block.len() == width {
                        return Some(self.finish_block());
                    }
                    continue;
                }
                // A row of another width: the block was cut short.
                let err = ParseError::WrongLength {
                    line: line_no,
                    expected: format!(
                        "row {} of the puzzle from line {} needs {width}",
                        self.block.len() + 1,
                        self.block_line
                    ),
                    actual: row.len(),
                };
                self.block.clear();
                return Some(Err(err));
            }
            if is_whole_puzzle(&row, self.hint, &self.buf) {
                let size = (row.len() as f64).sqrt().round() as usize;
                return Some(build(self.hint, line_no, size, &row, true));
            }
            let width = row.len();
            let fits = match self.hint.size() {
                Some(n) => width == n,
                None => (1..=MAX_SIZE).contains(&width),
            };
            let bare = !self.buf.contains(&b'|') && !is_csv_row(&self.buf);
            if !fits {
                if bare {
                    if let Some(err) = symbol_beyond_square(&row, line_no, "") {
                        return Some(Err(err));
                    }
                }
                return Some(Err(ParseError::WrongLength {
                    line: line_no,
                    expected: expected_lengths(self.hint),
                    actual: width,
                }));
            }
            // A letter past the row's own width is no cell of any board
            // this line could start (a line of plain words): named, rather
            // than "the first row of a 17x17 Latin square". Digits are more
            // likely a one-line puzzle cut short, which the length message
            // says; a row of N*N cells is left to `finish_block`, which
            // names it for both readings.
            let square = (width as f64).sqrt().round() as usize;
            let one_line = square >= 3 && square * square == width;
            let beyond = |t: &&Token| t.ch.is_ascii_alphabetic() && t.value as usize > width;
            if let Some(t) = row.iter().find(beyond) {
                if !one_line && width >= 3 {
                    return Some(Err(ParseError::BadSymbol {
                        line: line_no,
                        column: t.column,
                        found: quote(t.ch, t.value),
                        expected: symbol_range(width),
                    }));
                }
            }
            self.block_line = line_no;
            self.block_bare = bare;
            self.block.push(row);
            if width == 1 {
                return Some(self.finish_block());
            }
        }
        None
    }
}

/// Tracks the nesting of a JSON text fed line by line, strings and their
/// escapes included, to see where an object spread over lines ends.
#[derive(Default)]
struct JsonDepth {
    depth: usize,
    opened: bool,
    in_string: bool,
    escaped: bool,
}

impl JsonDepth {
    fn feed(&mut self, text: &str) {
        for ch in text.chars() {
            if self.in_string {
                match ch {
                    _ if self.escaped => self.escaped = false,
                    '\\' => self.escaped = true,
                    '"' => self.in_string = false,
                    _ => {}
                }
                continue;
            }
            match ch {
                '"' => self.in_string = true,
                '{' | '[' => {
                    self.depth += 1;
                    self.opened = true;
                }
                '}' | ']' => self.depth = self.depth.saturating_sub(1),
                _ => {}
            }
        }
    }
    fn closed(&self) -> bool {
        self.opened && self.depth == 0
    }
}

/// The puzzle of an f-puzzles JSON text or link found on `line`, with
/// its values that are not given as entries and its pencil marks, centre
/// or corner, as notes.
fn fpuzzles_puzzle(text: &str, line: usize) -> Result<ReadPuzzle, ParseError> {
    let game = fpuzzles::read(text).map_err(|e| ParseError::Fpuzzles { line, message: e.0 })?;
    check_givens(&game.puzzle, line)?;
    let marks: Vec<Candidates> = game
        .centre_marks
        .iter()
        .zip(&game.corner_marks)
        .map(|(centre, corner)| Candidates(centre.0 | corner.0))
        .collect();
    let played = PlayedPuzzle::with_progress(game.puzzle, &game.entries, &marks);
    Ok(ReadPuzzle {
        line,
        board: played.puzzle,
        progress: (!played.progress.is_empty()).then(|| Box::new(played.progress)),
    })
}

/// The puzzle of a line of HoDoKu's library format found on `line`: its
/// givens, its placed digits as entries and, when it deletes candidates,
/// the candidates left as notes (what HoDoKu shows).
fn hodoku_puzzle(text: &str, hint: ShapeHint, line: usize) -> Result<ReadPuzzle, ParseError> {
    let read = hodoku::read(text).map_err(|e| ParseError::Hodoku {
        line,
        column: e.column,
        message: e.message,
    })?;
    let shape = hint
        .shape_for(9)
        .map_err(|source| ParseError::Shape { line, source })?;
    let board = Board::from_values(shape, read.givens.clone()).ok_or(ParseError::Hodoku {
        line,
        column: 1,
        message: "the grid does not fit a 9x9".into(),
    })?;
    check_givens(&board, line)?;
    let notes = read.candidates(shape).unwrap_or_default();
    let played = PlayedPuzzle::with_progress(board, &read.placed, &notes);
    Ok(ReadPuzzle {
        line,
        board: played.puzzle,
        progress: (!played.progress.is_empty()).then(|| Box::new(played.progress)),
    })
}

/// The rules a region map draws: `symbols` names each cell's region, any
/// distinct symbols. On error, the cell to point at and the message.
pub fn region_shape(size: usize, symbols: &[char]) -> Result<Shape, (usize, String)> {
    let mut labels: Vec<char> = Vec::with_capacity(size);
    let mut region_of = Vec::with_capacity(symbols.len());
    for (cell, &ch) in symbols.iter().enumerate() {
        let index = match labels.iter().position(|&l| l == ch) {
            Some(i) => i,
            None => {
                labels.push(ch);
                labels.len() - 1
            }
        };
        if index >= size {
            let distinct = symbols
                .iter()
                .collect::<std::collections::HashSet<_>>()
                .len();
            return Err((
                cell,
                format!(
                    "{} ('{ch}' is region {})",
                    ShapeError::RegionCount {
                        size,
                        found: distinct
                    },
                    index + 1
                ),
            ));
        }
        region_of.push(index as u8);
    }
    Shape::jigsaw(size, &region_of).map_err(|e| {
        let cell = match e {
            ShapeError::RegionSize { region, .. } => region_of
                .iter()
                .position(|&r| r as usize + 1 == region)
                .unwrap_or(0),
            ShapeError::RegionNotConnected { row, col, .. } => (row - 1) * size + col - 1,
            _ => 0,
        };
        let named = match e {
            ShapeError::RegionSize { region, .. }
            | ShapeError::RegionNotConnected { region, .. } => labels
                .get(region - 1)
                .map_or(String::new(), |l| format!(" (the region marked '{l}')")),
            _ => String::new(),
        };
        (cell, format!("{e}{named}"))
    })
}

/// A jigsaw on one line: the givens, whitespace, the region map. `None`
/// when the line is not two words of N*N symbols each (N at least 4).
fn line_with_map(
    raw: &[u8],
    hint: ShapeHint,
    line: usize,
) -> Option<Result<ReadPuzzle, ParseError>> {
    let text = std::str::from_utf8(raw).ok()?;
    let start = text.len() - text.trim_start().len();
    let givens_len = text[start..].find(char::is_whitespace)?;
    let rest = &text[start + givens_len..];
    let map_at = start + givens_len + (rest.len() - rest.trim_start().len());
    let map = text[map_at..].trim_end();
    if map.is_empty() || map.contains(char::is_whitespace) {
        return None;
    }
    let givens = &text[start..start + givens_len];
    let cells = givens.chars().count();
    let n = (cells as f64).sqrt().round() as usize;
    if n < 4 || n * n != cells || givens.contains([',', ';', '|']) {
        return None;
    }
    let _ = hint;
    let map_column = text[..map_at].chars().count() + 1;
    let symbols: Vec<char> = map.chars().collect();
    if symbols.len() != cells {
        return Some(Err(ParseError::RegionMap {
            line,
            column: map_column,
            message: format!(
                "{}",
                ShapeError::RegionMapLength {
                    size: n,
                    cells,
                    found: symbols.len()
                }
            ),
        }));
    }
    let shape = match region_shape(n, &symbols) {
        Ok(shape) => shape,
        Err((cell, message)) => {
            return Some(Err(ParseError::RegionMap {
                line,
                column: map_column + cell,
                message,
            }))
        }
    };
    let tokens = match tokenize(&raw[..start + givens_len], line) {
        Ok(Some(tokens)) => tokens,
        Ok(None) => return None,
        Err(e) => return Some(Err(e)),
    };
    Some(build_on(shape, line, &tokens, true))
}

/// A killer on one line: the givens, a jigsaw's region map if any, the
/// cage map, the sums (`a=16,b=7`). `None` unless the line has three or
/// four words and the last one names sums.
fn line_with_cages(
    raw: &[u8],
    hint: ShapeHint,
    line: usize,
) -> Option<Result<ReadPuzzle, ParseError>> {
    let text = std::str::from_utf8(raw).ok()?;
    // Each word and the column (from 1) it starts at.
    let mut words: Vec<(usize, &str)> = Vec::new();
    let mut column = 0;
    let mut start = None;
    for (i, ch) in text.char_indices() {
        column += 1;
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((i, column)),
            (true, Some((from, col))) => {
                words.push((col, &text[from..i]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((from, col)) = start {
        words.push((col, &text[from..]));
    }
    let (sums_column, sums) = *words.last()?;
    if !(3..=4).contains(&words.len()) || !sums.contains('=') {
        return None;
    }
    let (givens_column, givens) = words[0];
    let (map_column, map) = words[words.len() - 2];
    let cells = givens.chars().count();
    let n = (cells as f64).sqrt().round() as usize;
    if n * n != cells {
        return Some(Err(ParseError::WrongLength {
            line,
            expected: "a killer's line starts with its givens, one symbol per cell".into(),
            actual: cells,
        }));
    }
    let shape = if words.len() == 4 {
        let (regions_column, regions) = words[1];
        let symbols: Vec<char> = regions.chars().collect();
        match region_shape(n, &symbols) {
            Ok(shape) => shape,
            Err((cell, message)) => {
                return Some(Err(ParseError::RegionMap {
                    line,
                    column: regions_column + cell,
                    message,
                }))
            }
        }
    } else {
        match hint.shape_for(n) {
            Ok(shape) => shape,
            Err(source) => return Some(Err(ParseError::Shape { line, source })),
        }
    };
    let map_symbols: Vec<char> = map.chars().collect();
    let cages = match killer::read_cages(shape, &map_symbols, sums) {
        Ok(cages) => cages,
        Err((in_sums, e)) => {
            let column = if in_sums { sums_column } else { map_column } + e.at;
            return Some(Err(ParseError::Cages {
                line,
                column,
                message: e.message,
            }));
        }
    };
    let givens_end = text
        .char_indices()
        .nth(givens_column - 1 + cells)
        .map_or(text.len(), |(i, _)| i);
    let tokens = match tokenize(&raw[..givens_end], line) {
        Ok(Some(tokens)) => tokens,
        Ok(None) => return None,
        Err(e) => return Some(Err(e)),
    };
    let puzzle = match build_on(shape, line, &tokens, true) {
        Ok(puzzle) => puzzle,
        Err(e) => return Some(Err(e)),
    };
    let board = puzzle.board.with_cages(Some(std::sync::Arc::new(cages)));
    Some(check_cages(&board, line).map(|()| ReadPuzzle::new(line, board)))
}

/// The givens of a killer against its cages: no digit twice in a cage, no
/// cage whose givens cannot make its sum.
pub fn check_cages(board: &Board, line: usize) -> Result<(), ParseError> {
    let Some(problem) = board.cage_problems().into_iter().next() else {
        return Ok(());
    };
    let cages = board.cages().map(|c| c.as_ref());
    let name = cages.map_or(String::new(), |c| c.name(problem.cage(), board.shape()));
    let message = match problem {
        crate::board::CageProblem::Repeat {
            first,
            second,
            digit,
            ..
        } => format!(
            "the givens {} and {} both hold {} in {name}",
            board.cell_name(first),
            board.cell_name(second),
            digit_text(digit)
        ),
        crate::board::CageProblem::Sum { total, .. } => {
            format!(
                "the givens in {name} add up to {total}, and its empty cells cannot make its sum"
            )
        }
    };
    Err(ParseError::Variant { line, message })
}

fn expected_lengths(hint: ShapeHint) -> String {
    match hint.size() {
        Some(n) => format!(
            "a {n}x{n} puzzle needs {} on one line or {n} per row",
            n * n
        ),
        None => {
            "a puzzle needs N*N cells on one line (81 for 9x9) or N cells on each of N rows".into()
        }
    }
}

/// Cell values of the one-character symbols: `.` and `0` are empty, `1`-`9`
/// then `A`-`Z` (either case) count on from 10; anything else is
/// [`NOT_A_SYMBOL`].
const SYMBOL_VALUES: [u8; 256] = {
    let mut t = [NOT_A_SYMBOL; 256];
    t[b'.' as usize] = 0;
    t[b'0' as usize] = 0;
    let mut d = 1;
    while d <= 9 {
        t[(b'0' + d) as usize] = d;
        d += 1;
    }
    let mut l = 0;
    while l < 26 {
        t[(b'A' + l) as usize] = 10 + l;
        t[(b'a' + l) as usize] = 10 + l;
        l += 1;
    }
    t
};
const NOT_A_SYMBOL: u8 = u8::MAX;

/// The common case of batch input, read without tokens: one line of plain
/// symbols, long enough that it can only be a whole puzzle (9x9 and up).
/// `None` sends the line down the general path, which also words the errors.
fn fast_line(raw: &[u8], hint: ShapeHint, line: usize) -> Option<Result<ReadPuzzle, ParseError>> {
    let len = raw.len();
    if len <= MAX_SIZE || hint != ShapeHint::Infer {
        return None;
    }
    if let Ok(raw) = <&[u8; 81]>::try_from(raw) {
        if let Some(board) = classic_board(raw) {
            return Some(Ok(ReadPuzzle::new(line, board)));
        }
        // A clash or a symbol past 9: worded below or by the general path.
    }
    let n = if len == 81 {
        9
    } else {
        (len as f64).sqrt().round() as usize
    };
    if n * n != len {
        return None;
    }
    if n == 16 && looks_hex(raw.iter().map(|&b| b as char)) {
        return None; // the general path says why it is refused
    }
    let values: Vec<u8> = raw.iter().map(|&b| SYMBOL_VALUES[b as usize]).collect();
    // Anything but a symbol of this size (NOT_A_SYMBOL included) goes down
    // the general path, which words the error.
    if values.iter().fold(0, |high, &v| high.max(v)) as usize > n {
        return None;
    }
    let shape = Shape::infer(n).ok()?;
    let board = Board::from_values(shape, values)?;
    Some(check_givens(&board, line).map(|()| ReadPuzzle::new(line, board)))
}

/// The board of a 9x9 line of symbols whose givens do not clash; `None`
/// for a symbol past 9 or two givens of one house holding the same digit,
/// left to the paths that word the error. The check counts each house's
/// digits in nibbles of one word (see [`DIGIT_NIBBLE`]) and looks at the
/// sums once: additions the compiler runs two lanes at a time, where
/// testing and setting masks cell by cell took three times the
/// instructions.
fn classic_board(raw: &[u8; 81]) -> Option<Board> {
    let counts: [u64; 81] = std::array::from_fn(|i| DIGIT_NIBBLE[raw[i] as usize]);
    let mut all = 0u64;
    // Each band's three rows added lane by lane: a column's count in the
    // band, so the columns are three of them added and a box three lanes.
    let mut cols = [0u64; 9];
    for band in counts.chunks_exact(27) {
        let mut lanes = [0u64; 9];
        for row in band.chunks_exact(9) {
            all |= row.iter().sum::<u64>();
            for (lane, &count) in lanes.iter_mut().zip(row) {
                *lane += count;
            }
        }
        for (col, &lane) in cols.iter_mut().zip(&lanes) {
            *col += lane;
        }
        for stack in lanes.chunks_exact(3) {
            all |= stack.iter().sum::<u64>();
        }
    }
    all = cols.iter().fold(all, |all, &col| all | col);
    // A nibble of 2 or more (a digit twice in some house), or a byte that is
    // no 9x9 symbol.
    const TWICE_OR_NOT_A_SYMBOL: u64 = !0xf_ffff_ffff | 0xe_eeee_eeee;
    if all & TWICE_OR_NOT_A_SYMBOL != 0 {
        return None;
    }
    // Every byte is now `.` or `0`-`9`, and `.` is below `0`.
    let values = raw.iter().map(|&b| b.saturating_sub(b'0')).collect();
    Board::from_values(Shape::CLASSIC, values)
}

/// Per byte, its digit 1-9 counted in the digit's nibble of a word
/// (`1 << 4 * (d - 1)`), 0 for an empty cell (`.`, `0`), and a bit above
/// the nibbles for any other byte. A house's nine cells add up to at most 9
/// in a nibble: no carry from one digit's count into the next.
const DIGIT_NIBBLE: [u64; 256] = {
    // Read off SYMBOL_VALUES, so both readers agree on what a symbol is.
    let mut t = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        t[byte] = match SYMBOL_VALUES[byte] {
            0 => 0,
            d @ 1..=9 => 1 << (4 * (d - 1)),
            _ => NOT_A_9X9_SYMBOL,
        };
        byte += 1;
    }
    t
};
/// Far enough above the nibbles that 81 of them do not overflow the word.
const NOT_A_9X9_SYMBOL: u64 = 1 << 40;

/// [`fast_line`] for a line that can be nothing else: up to 25x25 its
/// symbols stop at `P`, so it holds no `{`, no whitespace (a region map
/// follows a space), no `load=`, `sudokupad.app` or `f-puzzles.com`; only
/// the bare payload of a link (`N4Ig...`) is left to the general path.
fn plain_line(raw: &[u8], hint: ShapeHint, line: usize) -> Option<Result<ReadPuzzle, ParseError>> {
    if raw.len() > 25 * 25 || raw.starts_with(b"N4Ig") {
        return None;
    }
    fast_line(raw, hint, line)
}

/// Where the line in `bytes` ends: the first LF or CR. Eight bytes a step
/// (a byte equal to a newline is a zero byte of the word xor its pattern),
/// as batch lines are 81 bytes and more.
fn line_end(bytes: &[u8]) -> Option<usize> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let has_zero = |w: u64| w.wrapping_sub(LOW) & !w & HIGH;
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in &mut words {
        let w = u64::from_le_bytes([
            word[0], word[1], word[2], word[3], word[4], word[5], word[6], word[7],
        ]);
        if has_zero(w ^ (LOW * u64::from(b'\n'))) | has_zero(w ^ (LOW * u64::from(b'\r'))) != 0 {
            break;
        }
        at += 8;
    }
    bytes[at..]
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .map(|i| at + i)
}

/// Whether a row holds a whole puzzle on one line rather than one row of a
/// block: its length is a square N*N (N >= 3, or the size the hint fixes) and
/// no symbol exceeds N. A 16-cell row holding `A` is a row of a 16x16 board,
/// not a 4x4 puzzle. A CSV row short enough to be a row is one (CSV is N
/// rows of N numbers): `1,0,0,2,0,0,3,0,0` opens a 9x9 board, not a 3x3 one.
fn is_whole_puzzle(row: &[Token], hint: ShapeHint, raw: &[u8]) -> bool {
    let len = row.len();
    let n = (len as f64).sqrt().round() as usize;
    if n * n != len {
        return false;
    }
    if let Some(size) = hint.size() {
        return n == size;
    }
    // `|` and CSV separators make a row of a block, unless the row is too
    // long to be one: `53.|.7.|...|6..|...` run on for 81 cells is a puzzle.
    let separated = raw.contains(&b'|') || is_csv_row(raw);
    if n < 3 || (separated && len <= MAX_SIZE) {
        return false;
    }
    len > MAX_SIZE || row.iter().all(|t| t.value as usize <= n)
}

fn is_csv_row(raw: &[u8]) -> bool {
    raw.iter().any(|b| matches!(b, b',' | b';'))
}

/// A line of N*N symbols (N >= 3, no separators) is not a whole puzzle only
/// because some symbol exceeds N: names that symbol, so `1234.......5....`
/// or 81 cells holding `A` get a message about the symbol, not the length.
fn symbol_beyond_square(row: &[Token], line: usize, or_else: &str) -> Option<ParseError> {
    let n = (row.len() as f64).sqrt().round() as usize;
    if n < 3 || n * n != row.len() || n > MAX_SIZE {
        return None;
    }
    let t = row.iter().find(|t| t.value as usize > n)?;
    Some(ParseError::BadSymbol {
        line,
        column: t.column,
        found: quote(t.ch, t.value),
        expected: format!("{}{or_else}", symbol_range(n)),
    })
}

/// The board of `tokens`; its givens checked against the rules when `check`.
fn build(
    hint: ShapeHint,
    line: usize,
    size: usize,
    tokens: &[Token],
    check: bool,
) -> Result<ReadPuzzle, ParseError> {
    let shape = hint
        .shape_for(size)
        .map_err(|source| ParseError::Shape { line, source })?;
    build_on(shape, line, tokens, check)
}

/// The board of `tokens` on the rules `shape`, its givens checked when `check`.
fn build_on(
    shape: Shape,
    line: usize,
    tokens: &[Token],
    check: bool,
) -> Result<ReadPuzzle, ParseError> {
    let size = shape.size();
    let mut values = Vec::with_capacity(tokens.len());
    for t in tokens {
        if t.value as usize > size {
            return Err(ParseError::BadSymbol {
                line: t.line,
                column: t.column,
                found: quote(t.ch, t.value),
                expected: symbol_range(size),
            });
        }
        values.push(t.value as u8);
    }
    // Written in numbers (`10 0 3 ...`), a 16x16 has no letters to check.
    let in_numbers = tokens.iter().any(|t| t.ch.is_ascii_digit() && t.value > 9);
    if size == 16 && !in_numbers && looks_hex(tokens.iter().map(|t| t.ch)) {
        return Err(ParseError::LooksHex { line });
    }
    let board = Board::from_values(shape, values).ok_or(ParseError::WrongLength {
        line,
        expected: format!("a {size}x{size} puzzle needs {}", size * size),
        actual: tokens.len(),
    })?;
    if check {
        check_givens(&board, line)?;
    }
    Ok(ReadPuzzle::new(line, board))
}

/// Whether the symbols of a 16x16 look written in hex (`0`-`F`, with `.`
/// for empty): both `.` and `0` appear, and `G` never does. Read as doku
/// reads them, its `0` givens would silently become empty cells.
fn looks_hex(symbols: impl Iterator<Item = char>) -> bool {
    let (mut dot, mut zero) = (false, false);
    for ch in symbols {
        match ch {
            '.' => dot = true,
            '0' => zero = true,
            'G' | 'g' => return false,
            _ => {}
        }
    }
    dot && zero
}

fn quote(ch: char, value: u16) -> String {
    if ch.is_ascii_digit() && value > 9 {
        format!("'{value}'")
    } else {
        describe(ch)
    }
}

/// What the cells of a board of this size may hold, for error messages. A
/// size without sudoku boxes is named a Latin square, as it is read.
pub fn symbol_range(size: usize) -> String {
    let last = Digit::new(size.min(255) as u8)
        .map(digit_text)
        .unwrap_or_default();
    let board = if Shape::sudoku(size).is_ok() {
        format!("a {size}x{size} board")
    } else {
        format!("a {size}x{size} Latin square")
    };
    if size == 1 {
        format!("only 1, or '.' or '0' for empty, on {board}")
    } else if size <= 9 {
        format!("1-{last}, or '.' or '0' for empty, on {board}")
    } else if size <= 35 {
        format!("1-9 and A-{last}, or '.' or '0' for empty, on {board}")
    } else {
        format!("numbers 1-{size}, or 0 for empty, on {board}")
    }
}

/// Fails on the first two givens of one house that hold the same digit.
pub fn check_givens(board: &Board, line: usize) -> Result<(), ParseError> {
    if board.is_consistent() {
        return Ok(());
    }
    match board.conflicts().first() {
        None => Ok(()),
        Some(clash) => Err(ParseError::Clash {
            line,
            first: cell_name(board.shape(), clash.first),
            second: cell_name(board.shape(), clash.second),
            digit: digit_text(clash.digit),
            // "same main diagonal", not "same the main diagonal".
            house: clash
                .house
                .to_string()
                .trim_start_matches("the ")
                .to_string(),
        }),
    }
}

/// Splits one line into cell tokens. `Ok(None)` for a line that holds no
/// cells: blank, a comment (`#`, `//`) or a separator line (`---+---`).
fn tokenize(raw: &[u8], line: usize) -> Result<Option<Vec<Token>>, ParseError> {
    let text = String::from_utf8_lossy(raw);
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with("//") {
        return Ok(None);
    }
    let mut tokens = Vec::new();
    if trimmed.contains([',', ';']) {
        // CSV: numbers separated by ',' or ';', an empty field or '.' is empty.
        let mut column = 1;
        for field in text.split([',', ';']) {
            let lead = field.len() - field.trim_start().len();
            let f = field.trim();
            tokens.push(number_token(f, line, column + lead)?);
            column += field.chars().count() + 1;
        }
    } else if is_number_row(trimmed) {
        for (column, (i, ch)) in (1..).zip(text.char_indices()) {
            let starts = !ch.is_whitespace()
                && text[..i]
                    .chars()
                    .next_back()
                    .is_none_or(char::is_whitespace);
            if starts {
                let word: String = text[i..]
                    .chars()
                    .take_while(|c| !c.is_whitespace())
                    .collect();
                tokens.push(number_token(&word, line, column)?);
            }
        }
    } else {
        for (i, ch) in text.chars().enumerate() {
            match ch {
                ' ' | '\t' | '|' | '-' | '+' | '=' | '*' => continue,
                _ => {}
            }
            let value = match ch {
                '.' | '0' | '_' => 0,
                '1'..='9' => ch as u16 - '0' as u16,
                'a'..='z' => ch as u16 - 'a' as u16 + 10,
                'A'..='Z' => ch as u16 - 'A' as u16 + 10,
                _ => {
                    return Err(ParseError::BadSymbol {
                        line,
                        column: i + 1,
                        found: describe(ch),
                        expected: "a digit 1-9, a letter for sizes over 9, or '.' or '0' for empty"
                            .into(),
                    })
                }
            };
            tokens.push(Token {
                value,
                line,
                column: i + 1,
                ch,
            });
        }
    }
    Ok((!tokens.is_empty()).then_some(tokens))
}

fn describe(ch: char) -> String {
    if ch == char::REPLACEMENT_CHARACTER {
        "a byte that is not UTF-8".into()
    } else if ch.is_control() {
        format!("control character U+{:04X}", ch as u32)
    } else if is_invisible(ch) {
        // Quoted, a zero-width space reads as '' and a no-break space as
        // ' ': the user could not tell what to delete.
        format!("invisible character U+{:04X}", ch as u32)
    } else if !ch.is_ascii() {
        format!("'{ch}' (U+{:04X})", ch as u32)
    } else {
        format!("'{ch}'")
    }
}

/// A character that shows as nothing or as a plain space: Unicode spaces
/// other than ASCII's, and the zero-width and format characters that
/// copying from web pages and word processors brings along.
fn is_invisible(ch: char) -> bool {
    !ch.is_ascii()
        && (ch.is_whitespace()
            || matches!(
                ch as u32,
                0xAD | 0x34F
                    | 0x61C
                    | 0x115F
                    | 0x1160
                    | 0x180B..=0x180E
                    | 0x200B..=0x200F
                    | 0x202A..=0x202E
                    | 0x2060..=0x206F
                    | 0x3164
                    | 0xFE00..=0xFE0F
                    | 0xFEFF
                    | 0xFFA0
                    | 0xE0000..=0xE0FFF
            ))
}

/// A row of whitespace-separated numbers with at least one of two digits
/// (`10 0 3 ...`). Rows of single symbols read the same either way.
fn is_number_row(trimmed: &str) -> bool {
    let mut any_long = false;
    if trimmed.split_whitespace().nth(1).is_none() {
        return false;
    }
    for word in trimmed.split_whitespace() {
        if !word.bytes().all(|b| b.is_ascii_digit()) && word != "." {
            return false;
        }
        any_long |= word.len() > 1;
    }
    any_long
}

fn number_token(field: &str, line: usize, column: usize) -> Result<Token, ParseError> {
    if field.is_empty() || field == "." || field == "_" {
        return Ok(Token {
            value: 0,
            line,
            column,
            ch: '.',
        });
    }
    let bad = |ch: char, at: usize| ParseError::BadSymbol {
        line,
        column: column + at,
        found: describe(ch),
        expected: "a number, with 0 or nothing for an empty cell".into(),
    };
    for (i, ch) in field.chars().enumerate() {
        if !ch.is_ascii_digit() {
            return Err(bad(ch, i));
        }
    }
    match field.parse::<u16>() {
        Ok(value) if (value as usize) <= MAX_SIZE => Ok(Token {
            value,
            line,
            column,
            ch: field.chars().next().unwrap_or('0'),
        }),
        _ => Err(ParseError::BadSymbol {
            line,
            column,
            found: format!("'{field}'"),
            expected: format!("a number from 0 to {MAX_SIZE}"),
        }),
    }
}

/// Reads exactly one puzzle from a string (one line, or a block).
pub fn parse_puzzle(text: &str, hint: ShapeHint) -> Result<Board, ParseError> {
    parse_puzzle_bytes(text.as_bytes(), hint)
}

/// [`parse_puzzle`] for the bytes of a file, which need not be UTF-8: a
/// byte that is not names its line and column like any other bad symbol.
pub fn parse_puzzle_bytes(bytes: &[u8], hint: ShapeHint) -> Result<Board, ParseError> {
    parse_puzzle_as(bytes, hint, Variant::Classic)
}

/// [`parse_puzzle_bytes`] with `variant`'s houses added (`--variant`): the
/// reading `play`, `watch` and `edit` share with the batch commands. Any
/// format, f-puzzles JSON and links included.
pub fn parse_puzzle_as(
    bytes: &[u8],
    hint: ShapeHint,
    variant: Variant,
) -> Result<Board, ParseError> {
    only_puzzle(bytes, hint, variant).map(|p| p.board)
}

/// [`parse_puzzle_as`] keeping the game: for a HoDoKu library line or
/// f-puzzles, the digits placed (as entries, not givens) and the notes;
/// any other format gives the puzzle with nothing placed.
pub fn parse_game_as(
    bytes: &[u8],
    hint: ShapeHint,
    variant: Variant,
) -> Result<PlayedPuzzle, ParseError> {
    let p = only_puzzle(bytes, hint, variant)?;
    Ok(match p.progress {
        Some(progress) => PlayedPuzzle {
            puzzle: p.board,
            progress: *progress,
        },
        None => PlayedPuzzle::new(p.board),
    })
}

/// The one puzzle in `bytes`: a second one, or none, is an error.
fn only_puzzle(bytes: &[u8], hint: ShapeHint, variant: Variant) -> Result<ReadPuzzle, ParseError> {
    let mut reader = PuzzleReader::new(bytes, hint).with_variant(variant);
    match reader.next() {
        Some(Ok(p)) => match reader.next() {
            None => Ok(p),
            Some(Ok(extra)) => Err(ParseError::ExtraPuzzle { line: extra.line }),
            Some(Err(e)) => Err(e),
        },
        Some(Err(e)) => Err(e),
        None => Err(ParseError::NoPuzzle),
    }
}

/// The one-line formats a game in progress is shared in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameFormat {
    /// HoDoKu's library line: classic 9x9, notes as candidates deleted.
    Hodoku,
    /// An f-puzzles link (SudokuPad opens its payload too): any rules,
    /// entries as values, notes as centre pencil marks.
    FpuzzlesLink,
}

/// A game in progress as one line another program (or doku) reads back:
/// HoDoKu's library line when it holds the game exactly (a classic 9x9
/// whose notes are either absent or each empty cell's candidates less some
/// eliminated, as HoDoKu keeps them), else an f-puzzles link, which holds
/// any notes and rules.
pub fn write_game(game: &PlayedPuzzle) -> (String, GameFormat) {
    let Progress { entries, notes } = &game.progress;
    if let Some(line) = hodoku::write(&game.puzzle, entries, notes) {
        let same = parse_game_as(line.as_bytes(), ShapeHint::Infer, Variant::Classic)
            .is_ok_and(|back| back == *game);
        if same {
            return (line, GameFormat::Hodoku);
        }
    }
    let mut fpuzzle = fpuzzles::Fpuzzle::new(game.puzzle.clone());
    fpuzzle.entries = entries.clone();
    fpuzzle.centre_marks = notes.clone();
    let json = fpuzzles::write_json(&fpuzzle);
    (fpuzzles::link(&json), GameFormat::FpuzzlesLink)
}

/// Output formats.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// One line per puzzle, `.` for empty cells.
    #[default]
    Line,
    /// A readable grid with box separators, puzzles separated by a blank line.
    Block,
    /// N rows of N numbers separated by commas, `0` for empty.
    Csv,
    /// f-puzzles JSON, one object per line.
    Fpuzzles,
    /// An f-puzzles link (its `load=` parameter is the compressed JSON).
    FpuzzlesLink,
}

impl crate::Named for Format {
    const ALL: &'static [Format] = &[
        Format::Line,
        Format::Block,
        Format::Csv,
        Format::Fpuzzles,
        Format::FpuzzlesLink,
    ];
    const KIND: &'static str = "format";

    fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Block => "block",
            Format::Csv => "csv",
            Format::Fpuzzles => "fpuzzles",
            Format::FpuzzlesLink => "fpuzzles-link",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Format::Line => {
                "one line per puzzle, `.` for empty cells; a jigsaw's region map after a space"
            }
            Format::Block => "a readable grid with box separators; a jigsaw's map after `regions:`",
            Format::Csv => "N rows of N numbers separated by commas, `0` for empty",
            Format::Fpuzzles => "f-puzzles JSON (f-puzzles, SudokuPad), one object per line",
            Format::FpuzzlesLink => {
                "an f-puzzles link that opens the puzzle (SudokuPad reads its payload too)"
            }
        }
    }
}

fn symbol_or_number(value: u8, size: usize) -> String {
    match Digit::new(value) {
        None => ".".into(),
        Some(d) if size <= 35 => digit_text(d),
        Some(d) => d.get().to_string(),
    }
}

/// The region map of a jigsaw: each cell's region as `1`-`9`, then `A`...,
/// regions numbered in reading order. `None` for other rules.
pub fn region_map(shape: Shape) -> Option<String> {
    if !shape.is_jigsaw() {
        return None;
    }
    Some(
        shape
            .cells()
            .map(|c| region_symbol(shape.box_of(c).unwrap_or(0)))
            .collect(),
    )
}

fn region_symbol(region: usize) -> char {
    Digit::new(region as u8 + 1)
        .and_then(Shape::symbol)
        .unwrap_or('?')
}

/// One line: symbols for sizes up to 35, whitespace-separated numbers
/// beyond; a jigsaw's region map after a space.
pub fn write_line(board: &Board) -> String {
    let mut line = write_givens_line(board);
    if let Some(map) = region_map(board.shape()) {
        line.push(' ');
        line.push_str(&map);
    }
    if let Some(cages) = board.cages() {
        let (map, sums) = killer::write_cages(board.shape(), cages);
        line.push_str(&format!(" {map} {sums}"));
    }
    line
}

/// [`write_line`] of a classic 9x9 (no region map, no cages) in a fixed
/// buffer, newline last: what a batch solve writes per solution, without
/// a string made and dropped each time. `None` for any other board.
pub fn classic_line(board: &Board) -> Option<[u8; 82]> {
    if board.shape() != Shape::CLASSIC || board.cages().is_some() {
        return None;
    }
    let values: &[u8; 81] = board.values().try_into().ok()?;
    let mut line = [b'\n'; 82];
    for (byte, &v) in line.iter_mut().zip(values) {
        *byte = if v == 0 { b'.' } else { b'0' + v };
    }
    Some(line)
}

fn write_givens_line(board: &Board) -> String {
    let size = board.size();
    if size <= 9 {
        // A choice per byte, not a table lookup: the loop is vectorised,
        // and a batch solve writes a line per solution.
        let bytes: Vec<u8> = board
            .values()
            .iter()
            .map(|&v| if v == 0 { b'.' } else { b'0' + v })
            .collect();
        String::from_utf8(bytes).unwrap_or_default()
    } else if size <= 35 {
        const SYMBOLS: &[u8; 36] = b".123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
        let bytes: Vec<u8> = board
            .values()
            .iter()
            .map(|&v| SYMBOLS[v as usize])
            .collect();
        // Every byte comes from the ASCII table above.
        String::from_utf8(bytes).unwrap_or_default()
    } else {
        board
            .values()
            .iter()
            .map(|v| v.to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A readable grid: cells separated by spaces, `|` between boxes, a rule of
/// `-` and `+` between bands of boxes. Ends with a newline.
pub fn write_block(board: &Board) -> String {
    let shape = board.shape();
    let n = shape.size();
    let width = if n <= 35 { 1 } else { 2 };
    let (br, bc) = shape.box_dims().unwrap_or((n, n));
    let mut out = String::new();
    for r in 0..n {
        if r > 0 && r % br == 0 {
            // A placeholder that `fix_rules` widens to match the cell lines.
            out.push_str("-\n");
        }
        let mut line = String::new();
        // A jigsaw's rows are framed by `|`, with a `|` at each region
        // border: the frame also tells a row of 9 small digits from a
        // whole 3x3 puzzle when the block is read back.
        let region = |c: usize| shape.box_of(Cell((r * n + c) as u16));
        if shape.is_jigsaw() {
            line.push_str("| ");
        }
        for c in 0..n {
            let border = if shape.is_jigsaw() {
                c > 0 && region(c) != region(c - 1)
            } else {
                c > 0 && c % bc == 0
            };
            if border {
                line.push_str(" |");
            }
            if c > 0 {
                line.push(' ');
            }
            let v = board.values()[r * n + c];
            line.push_str(&format!("{:>width$}", symbol_or_number(v, n)));
        }
        if shape.is_jigsaw() {
            line.push_str(" |");
        }
        out.push_str(&line);
        out.push('\n');
    }
    let mut out = fix_rules(&out, n);
    if shape.is_jigsaw() {
        // The map under the grid, after a line that says what it is.
        out.push_str("regions:\n");
        for r in 0..n {
            let row: Vec<String> = (0..n)
                .map(|c| {
                    let region = shape.box_of(Cell((r * n + c) as u16)).unwrap_or(0);
                    region_symbol(region).to_string()
                })
                .collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
    }
    if let Some(cages) = board.cages() {
        let (map, sums) = killer::write_cages(shape, cages);
        let symbols: Vec<char> = map.chars().collect();
        out.push_str("cages:\n");
        for row in symbols.chunks(n) {
            let row: Vec<String> = row.iter().map(char::to_string).collect();
            out.push_str(&row.join(" "));
            out.push('\n');
        }
        out.push_str(&format!("sums: {}\n", sums.replace(',', " ")));
    }
    out
}

/// Makes every rule line exactly as wide as the cell lines, with `+` where
/// the cell lines have `|`.
fn fix_rules(text: &str, size: usize) -> String {
    let Some(template) = text.lines().next() else {
        return String::new();
    };
    let rule: String = template
        .chars()
        .map(|c| if c == '|' { '+' } else { '-' })
        .collect();
    let mut out = String::new();
    for line in text.lines() {
        if size > 0 && line.starts_with('-') {
            out.push_str(&rule);
        } else {
            out.push_str(line);
        }
        out.push('\n');
    }
    out
}

/// N rows of N numbers separated by commas, `0` for empty. Ends with a newline.
pub fn write_csv(board: &Board) -> String {
    let n = board.size();
    let mut out = String::new();
    for row in board.values().chunks(n.max(1)) {
        let fields: Vec<String> = row.iter().map(|v| v.to_string()).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    }
    out
}

/// Writes a board in a format. Line, f-puzzles JSON and link output have
/// no trailing newline; block and CSV end with one.
pub fn write(board: &Board, format: Format) -> String {
    match format {
        Format::Line => write_line(board),
        Format::Block => write_block(board),
        Format::Csv => write_csv(board),
        Format::Fpuzzles => fpuzzles::write_board(board),
        Format::FpuzzlesLink => fpuzzles::link(&fpuzzles::write_board(board)),
    }
}

/// Whether a format writes one record per line (blank lines do not
/// separate its records).
pub fn is_one_line(format: Format) -> bool {
    matches!(
        format,
        Format::Line | Format::Fpuzzles | Format::FpuzzlesLink
    )
}
