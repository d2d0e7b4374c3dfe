//! The saved game as it is written in `game.json`: plain data a person can
//! read (the board as rows of symbols), and a check that a file edited by
//! hand, damaged, or hostile cannot hand the game an impossible state.
//!
//! The app converts its game to a [`SavedGame`] after every change and back
//! on resume; [`SavedGame::check`] has already run by then (through
//! [`super::Autosave::open_game`]), so the conversion may index freely.

use crate::engine::grader::Difficulty;
use crate::engine::{Board, Cages, Digit, Shape};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::sync::Arc;

/// How many colours a cell can be marked with: a colour mark is saved as 1
/// to this (the player's bookkeeping; see [`SavedGame::colours`]).
pub const MARK_COLOURS: u8 = 6;

/// One game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// Board size N (N x N cells).
    pub size: usize,
    /// Box height and width; absent for a Latin square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boxes: Option<(usize, usize)>,
    /// The rules besides rows, columns and boxes ("x", "windoku", "jigsaw",
    /// "jigsaw,x", ...); absent for classic rules (and in saves from before
    /// variants, which are classic).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::variant_name"
    )]
    pub variant: Option<crate::engine::Variant>,
    /// A jigsaw's regions, one string a row: each cell's region as a
    /// symbol (`1` for the first region, as digits are written).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub regions: Vec<String>,
    /// A killer's cages, one string a row: each cell's cage as a symbol
    /// (`.` for a cell in none), as `doku` reads a killer's cage map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cages: Vec<String>,
    /// The sums of a killer's cages by their symbols: `a=3,b=15,...` (a
    /// cage left out keeps its digits apart and has no sum).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sums: String,
    /// The difficulty it was dealt at; absent for a puzzle the player gave.
    #[serde(default)]
    pub difficulty: Option<Difficulty>,
    /// The seed it was dealt with, when it was dealt.
    #[serde(default)]
    pub seed: Option<u64>,
    /// The givens, one string a row: symbols (`.` empty) for N <= 35,
    /// numbers separated by spaces (`0` empty) beyond.
    pub givens: Vec<String>,
    /// The player's entries, in the same form (empty where a given is).
    pub entries: Vec<String>,
    /// Pencil marks by cell index (row * N + column): bit d-1 for digit d.
    #[serde(default)]
    pub notes: BTreeMap<u16, u64>,
    #[serde(default)]
    pub undo: Vec<SavedChange>,
    #[serde(default)]
    pub redo: Vec<SavedChange>,
    /// Cell index of the cursor.
    #[serde(default)]
    pub cursor: u16,
    #[serde(default)]
    pub notes_mode: bool,
    /// Time played so far, in milliseconds.
    #[serde(default)]
    pub elapsed_ms: u64,
    #[serde(default)]
    pub hints_used: u32,
    /// The solve was counted in the statistics (solving again after an
    /// undo is not counted twice).
    #[serde(default, skip_serializing_if = "is_false")]
    pub solve_counted: bool,
    /// Hints placed digits or the solver view showed the solution.
    #[serde(default, skip_serializing_if = "is_false")]
    pub assisted: bool,
    /// Wrong digits are marked in this game (`show_mistakes`, `w`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub show_mistakes: bool,
    /// Wrong digits entered while they were marked.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mistakes: u32,
    /// The player's colour marks by cell index: 1 to [`MARK_COLOURS`]
    /// (absent in saves from before colours, which had none).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub colours: BTreeMap<u16, u8>,
}

fn is_zero(value: &u32) -> bool {
    *value == 0
}

fn is_false(value: &bool) -> bool {
    !*value
}

/// One undoable step: the cells it changed and where the cursor was.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedChange {
    pub cursor: u16,
    pub edits: Vec<SavedEdit>,
    /// A restart: the milliseconds of play it set the clock back by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_reset_ms: Option<u64>,
    /// The colour marks it changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub colours: Vec<SavedColourEdit>,
}

/// A cell's colour mark before and after a change: 0 for none, else 1 to
/// [`MARK_COLOURS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedColourEdit {
    pub cell: u16,
    pub before: u8,
    pub after: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedEdit {
    pub cell: u16,
    pub before: SavedCell,
    pub after: SavedCell,
}

/// A cell's contents: its value (0 empty) and its notes (bit d-1 for d).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedCell {
    pub value: u8,
    pub notes: u64,
}

/// Rows of a board's values in the saved form.
pub fn encode_rows(shape: Shape, values: &[u8]) -> Vec<String> {
    let n = shape.size().max(1);
    values
        .chunks(n)
        .map(|row| {
            if shape.size() <= 35 {
                row.iter()
                    .map(|&v| Digit::new(v).and_then(Shape::symbol).unwrap_or('.'))
                    .collect()
            } else {
                row.iter()
                    .map(|v| v.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            }
        })
        .collect()
}

/// Values from rows in the saved form; the error names the field and row.
pub fn decode_rows(shape: Shape, rows: &[String], field: &str) -> Result<Vec<u8>, String> {
    let n = shape.size();
    if rows.len() != n {
        return Err(format!(
            "{field}: {} rows, but a {n}x{n} board has {n}",
            rows.len()
        ));
    }
    let mut values = Vec::with_capacity(n * n);
    for (r, row) in rows.iter().enumerate() {
        let before = values.len();
        if n <= 35 {
            for ch in row.chars() {
                let v = shape.parse_symbol(ch).ok_or_else(|| {
                    format!(
                        "{field} row {}: {ch:?} is not a symbol of a {n}x{n} board",
                        r + 1
                    )
                })?;
                values.push(v);
            }
        } else {
            for word in row.split_whitespace() {
                let v = word
                    .parse::<u8>()
                    .ok()
                    .filter(|&v| v as usize <= n)
                    .ok_or_else(|| {
                        format!("{field} row {}: {word:?} is not a number 0-{n}", r + 1)
                    })?;
                values.push(v);
            }
        }
        let got = values.len() - before;
        if got != n {
            return Err(format!(
                "{field} row {}: {got} cells, but a row has {n}",
                r + 1
            ));
        }
    }
    Ok(values)
}

impl SavedGame {
    /// The board's shape, if the size, boxes or regions, and variant
    /// describe one.
    pub fn shape(&self) -> Result<Shape, String> {
        let shape = match (self.boxes, self.regions.is_empty()) {
            (Some(_), false) => {
                return Err("regions: a board has boxes or regions, not both".into())
            }
            (Some((r, c)), true) => Shape::with_boxes(r, c).map_err(|e| format!("boxes: {e}"))?,
            (None, true) => Shape::latin(self.size).map_err(|e| format!("size: {e}"))?,
            (None, false) => {
                let latin = Shape::latin(self.size).map_err(|e| format!("size: {e}"))?;
                let map = decode_rows(latin, &self.regions, "regions")?;
                if map.contains(&0) {
                    return Err("regions: every cell needs a region".into());
                }
                let map: Vec<u8> = map.iter().map(|&v| v - 1).collect();
                Shape::jigsaw(self.size, &map).map_err(|e| format!("regions: {e}"))?
            }
        };
        if shape.size() != self.size {
            return Err(format!(
                "boxes: {:?} do not make a board of size {}",
                self.boxes, self.size
            ));
        }
        match self.variant {
            None => Ok(shape),
            Some(variant) => variant
                .apply(shape)
                .map_err(|e| format!("variant {variant}: {e}")),
        }
    }

    /// The rules of `shape` in the saved form: its variant (none for
    /// classic) and a jigsaw's region rows.
    pub fn rules_of(shape: Shape) -> (Option<crate::engine::Variant>, Vec<String>) {
        use crate::engine::Variant;
        let variant = Variant::of(&shape);
        let regions = if shape.is_jigsaw() {
            let latin = Shape::latin(shape.size()).unwrap_or(shape);
            let map: Vec<u8> = shape
                .cells()
                .map(|cell| shape.box_of(cell).map_or(0, |r| r as u8 + 1))
                .collect();
            encode_rows(latin, &map)
        } else {
            Vec::new()
        };
        ((variant != Variant::Classic).then_some(variant), regions)
    }

    /// A killer's cages in the saved form: the cage map's rows and the
    /// sums (none for a board without cages).
    pub fn cages_of(board: &Board) -> (Vec<String>, String) {
        let Some(cages) = board.cages() else {
            return (Vec::new(), String::new());
        };
        let shape = board.shape();
        let (map, sums) = crate::engine::format::killer::write_cages(shape, cages);
        let symbols: Vec<char> = map.chars().collect();
        let rows = symbols
            .chunks(shape.size().max(1))
            .map(|row| row.iter().collect())
            .collect();
        (rows, sums)
    }

    /// The cages of a killer, read and checked like a killer typed in:
    /// `None` for a game without them. A killer without cages, or cages
    /// on a game that is no killer, is an error too.
    pub fn cages(&self, shape: Shape) -> Result<Option<Arc<Cages>>, String> {
        let killer = self.variant.is_some_and(|v| v.is_killer());
        if self.cages.is_empty() {
            if killer {
                return Err("cages: a killer needs its cage map".into());
            }
            if !self.sums.is_empty() {
                return Err("sums: given, but there is no cage map".into());
            }
            return Ok(None);
        }
        if !killer {
            return Err("cages: a cage map, but the variant is not killer".into());
        }
        let n = shape.size();
        if self.cages.len() != n {
            return Err(format!(
                "cages: {} rows, but a {n}x{n} board has {n}",
                self.cages.len()
            ));
        }
        let mut map = Vec::with_capacity(n * n);
        for (r, row) in self.cages.iter().enumerate() {
            let symbols: Vec<char> = row.chars().collect();
            if symbols.len() != n {
                return Err(format!(
                    "cages row {}: {} cells, but a row has {n}",
                    r + 1,
                    symbols.len()
                ));
            }
            map.extend(symbols);
        }
        crate::engine::format::killer::read_cages(shape, &map, &self.sums)
            .map(|cages| Some(Arc::new(cages)))
            .map_err(|(in_sums, e)| {
                let field = if in_sums { "sums" } else { "cages" };
                format!("{field}: {}", e.message)
            })
    }

    /// The givens as a board, with a killer's cages.
    pub fn givens_board(&self) -> Result<Board, String> {
        let shape = self.shape()?;
        let values = decode_rows(shape, &self.givens, "givens")?;
        let cages = self.cages(shape)?;
        Board::from_values(shape, values)
            .map(|board| board.with_cages(cages))
            .ok_or_else(|| "givens: wrong number of cells".into())
    }

    /// The player's entries, one value per cell (0 where none).
    pub fn entry_values(&self) -> Result<Vec<u8>, String> {
        decode_rows(self.shape()?, &self.entries, "entries")
    }

    /// Everything a game needs to be true of the data: a real shape, rows of
    /// the right length, givens that break no rule, entries only in empty
    /// cells, cells and digits in range everywhere (notes, undo, cursor).
    /// The error names the field.
    pub fn check(&self) -> Result<(), String> {
        let shape = self.shape()?;
        let cells = shape.cell_count();
        let digits = shape.all_digits();
        let givens = self.givens_board()?;
        if let Some(clash) = givens.conflicts().first() {
            return Err(format!(
                "givens: {} and {} both hold {} (in {})",
                givens.cell_name(clash.first),
                givens.cell_name(clash.second),
                clash.digit.get(),
                clash.house
            ));
        }
        if let Some(problem) = givens.cage_problems().first() {
            let name = givens
                .cages()
                .map_or_else(String::new, |c| c.name(problem.cage(), shape));
            return Err(format!("givens: {name} cannot hold them"));
        }
        let entries = self.entry_values()?;
        if let Some(i) = (0..cells).find(|&i| entries[i] != 0 && givens.values()[i] != 0) {
            return Err(format!("entries: cell {i} holds a given and an entry"));
        }
        let cell_ok = |cell: u16, field: &str| {
            if (cell as usize) < cells {
                Ok(())
            } else {
                Err(format!(
                    "{field}: {cell} is not a cell of a {0}x{0} board",
                    shape.size()
                ))
            }
        };
        let notes_ok = |notes: u64, field: &str| {
            if notes & !digits == 0 {
                Ok(())
            } else {
                Err(format!(
                    "{field}: notes {notes:#x} hold digits beyond {}",
                    shape.size()
                ))
            }
        };
        let colour_ok = |colour: u8, field: &str| {
            if colour <= MARK_COLOURS {
                Ok(())
            } else {
                Err(format!(
                    "{field}: colour {colour}, but there are {MARK_COLOURS}"
                ))
            }
        };
        cell_ok(self.cursor, "cursor")?;
        for (&cell, &notes) in &self.notes {
            cell_ok(cell, "notes")?;
            notes_ok(notes, &format!("notes of cell {cell}"))?;
        }
        for (&cell, &colour) in &self.colours {
            cell_ok(cell, "colours")?;
            if colour == 0 {
                return Err(format!(
                    "colours: cell {cell} has colour 0 (none is left out)"
                ));
            }
            colour_ok(colour, &format!("colours of cell {cell}"))?;
        }
        for (name, stack) in [("undo", &self.undo), ("redo", &self.redo)] {
            for (i, change) in stack.iter().enumerate() {
                let at = format!("{name}[{i}]");
                cell_ok(change.cursor, &format!("{at}.cursor"))?;
                for edit in &change.edits {
                    cell_ok(edit.cell, &format!("{at}.cell"))?;
                    if givens.values()[edit.cell as usize] != 0 {
                        return Err(format!("{at}: cell {} is a given", edit.cell));
                    }
                    for state in [edit.before, edit.after] {
                        if state.value as usize > shape.size() {
                            return Err(format!(
                                "{at}: value {} on a {1}x{1} board",
                                state.value,
                                shape.size()
                            ));
                        }
                        notes_ok(state.notes, &at)?;
                    }
                }
                for edit in &change.colours {
                    cell_ok(edit.cell, &format!("{at}.colours.cell"))?;
                    colour_ok(edit.before.max(edit.after), &format!("{at}.colours"))?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> SavedGame {
        let shape = Shape::sudoku(4).unwrap();
        let givens = [1, 0, 0, 0, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0, 0, 2];
        let mut entries = [0u8; 16];
        entries[1] = 2;
        SavedGame {
            size: 4,
            boxes: Some((2, 2)),
            variant: None,
            regions: Vec::new(),
            cages: Vec::new(),
            sums: String::new(),
            difficulty: Some(Difficulty::Easy),
            seed: Some(7),
            givens: encode_rows(shape, &givens),
            entries: encode_rows(shape, &entries),
            notes: BTreeMap::from([(5, 0b1010)]),
            undo: vec![SavedChange {
                cursor: 1,
                edits: vec![SavedEdit {
                    cell: 1,
                    before: SavedCell::default(),
                    after: SavedCell { value: 2, notes: 0 },
                }],
                clock_reset_ms: None,
                // A given (cell 0) takes a colour mark too.
                colours: vec![SavedColourEdit {
                    cell: 0,
                    before: 0,
                    after: 3,
                }],
            }],
            redo: vec![],
            cursor: 1,
            notes_mode: false,
            elapsed_ms: 61_000,
            hints_used: 0,
            solve_counted: false,
            assisted: false,
            show_mistakes: false,
            mistakes: 0,
            colours: BTreeMap::from([(0, 3)]),
        }
    }

    #[test]
    fn rows_read_back_for_small_and_large_boards() {
        for size in [4, 9, 16, 25, 36, 64] {
            let shape = Shape::latin(size).unwrap();
            let values: Vec<u8> = (0..size * size).map(|i| (i % (size + 1)) as u8).collect();
            let rows = encode_rows(shape, &values);
            assert_eq!(rows.len(), size);
            assert_eq!(decode_rows(shape, &rows, "g").unwrap(), values, "{size}");
        }
        assert_eq!(
            encode_rows(Shape::sudoku(4).unwrap(), &[1, 0, 0, 4].repeat(4))[0],
            "1..4"
        );
    }

    #[test]
    fn a_consistent_game_passes() {
        sample().check().unwrap();
    }

    #[test]
    fn each_inconsistency_is_named() {
        type Breakage = fn(&mut SavedGame);
        let cases: Vec<(Breakage, &str)> = vec![
            (|g| g.size = 5, "boxes"),
            (|g| g.boxes = Some((0, 4)), "boxes"),
            (
                |g| {
                    g.givens.pop();
                },
                "givens: 3 rows",
            ),
            (|g| g.givens[0] = "1..".into(), "givens row 1: 3 cells"),
            (|g| g.givens[0] = "1..5".into(), "givens row 1: '5'"),
            (
                |g| g.givens[0] = "1..1".into(),
                "givens: r1c1 and r1c4 both hold 1",
            ),
            (
                |g| g.entries[0] = "1...".into(),
                "entries: cell 0 holds a given",
            ),
            (|g| g.cursor = 16, "cursor: 16 is not a cell"),
            (
                |g| {
                    g.notes.insert(99, 1);
                },
                "notes: 99",
            ),
            (
                |g| {
                    g.notes.insert(3, 1 << 4);
                },
                "notes of cell 3",
            ),
            (|g| g.undo[0].edits[0].cell = 400, "undo[0].cell"),
            (|g| g.undo[0].edits[0].after.value = 9, "undo[0]: value 9"),
            (
                |g| g.undo[0].edits[0].cell = 0,
                "undo[0]: cell 0 is a given",
            ),
            (
                |g| {
                    g.colours.insert(16, 1);
                },
                "colours: 16 is not a cell",
            ),
            (
                |g| {
                    g.colours.insert(2, 7);
                },
                "colours of cell 2: colour 7, but there are 6",
            ),
            (
                |g| {
                    g.colours.insert(2, 0);
                },
                "colours: cell 2 has colour 0",
            ),
            (
                |g| g.undo[0].colours[0].after = 9,
                "undo[0].colours: colour 9",
            ),
            (
                |g| g.undo[0].colours[0].cell = 99,
                "undo[0].colours.cell: 99",
            ),
        ];
        for (break_it, expected) in cases {
            let mut g = sample();
            break_it(&mut g);
            let err = g.check().unwrap_err();
            assert!(err.contains(expected), "{expected:?} not in {err:?}");
        }
    }
}
