//! f-puzzles JSON, the interchange format of variant sudoku (f-puzzles,
//! SudokuPad and the solvers around them), raw or compressed as the
//! `load=` parameter of a link.
//!
//! What doku reads: `size`; `grid[r][c]` with `value`, `given`, `region`
//! (0-based; a cell without one is in f-puzzles' default box),
//! `centerPencilMarks` and `cornerPencilMarks`; `diagonal+` with
//! `diagonal-` (X); `extraregion` when its regions are the windows of
//! windoku; `killercage` (`cells` as `R1C1`, `value` the sum as a string);
//! `title`, `author`, `ruleset` and `solution`. Every other
//! constraint (arrows, thermometers, little killers, ...) is refused by name:
//! a puzzle played without one of its rules would have other solutions.

use super::lz::{compress_to_base64, decompress_from_base64};
use crate::board::{cell_name, Board, Candidates};
use crate::shape::{Cell, Digit, House, Shape, MAX_JIGSAW_SIZE, MAX_SIZE};
use serde_json::{json, Map, Value};
use std::collections::BTreeSet;

/// A puzzle as f-puzzles holds it: the rules and givens, and the state of a
/// solve in progress (digits placed, pencil marks).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fpuzzle {
    /// The rules and the givens.
    pub puzzle: Board,
    /// Digits placed that are not givens, per cell (0 for none).
    pub entries: Vec<u8>,
    /// Centre pencil marks per cell (the candidates a solver keeps).
    pub centre_marks: Vec<Candidates>,
    /// Corner pencil marks per cell.
    pub corner_marks: Vec<Candidates>,
    pub title: Option<String>,
    pub author: Option<String>,
    /// The puzzle's solution when the file carries one (0 for unknown cells).
    pub solution: Option<Vec<u8>>,
}

impl Fpuzzle {
    /// A puzzle with nothing placed and no marks.
    pub fn new(puzzle: Board) -> Fpuzzle {
        let cells = puzzle.shape().cell_count();
        Fpuzzle {
            puzzle,
            entries: vec![0; cells],
            centre_marks: vec![Candidates::NONE; cells],
            corner_marks: vec![Candidates::NONE; cells],
            title: None,
            author: None,
            solution: None,
        }
    }

    /// The givens with the digits placed: the board as the solver left it.
    pub fn board_with_entries(&self) -> Board {
        let mut board = self.puzzle.clone();
        for (i, &v) in self.entries.iter().enumerate() {
            if v != 0 && board.values()[i] == 0 {
                board.set(Cell(i as u16), Digit::new(v));
            }
        }
        board
    }
}

/// Why a text is not an f-puzzles puzzle doku can play; the message says
/// where and what, for the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FpuzzlesError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, FpuzzlesError> {
    Err(FpuzzlesError(message.into()))
}

/// Where f-puzzles links keep their puzzle.
pub const FPUZZLES_LINK: &str = "https://f-puzzles.com/?load=";
/// SudokuPad opens an f-puzzles puzzle from this prefix and the same payload.
pub const SUDOKUPAD_LINK: &str = "https://sudokupad.app/fpuzzles";

/// Whether a line of input is f-puzzles: a JSON object, a link with a
/// `load=` parameter or SudokuPad's `fpuzzles` prefix, or the bare
/// compressed payload (`N4Ig...`, the compression of `{"`).
pub fn looks_like_fpuzzles(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('{')
        || t.starts_with("N4Ig")
        || t.contains("load=")
        || t.contains("sudokupad.app")
        || t.contains("f-puzzles.com")
        || t.starts_with("fpuzzlesN4Ig")
}

/// Reads an f-puzzles puzzle from JSON, a link, or a bare payload.
pub fn read(text: &str) -> Result<Fpuzzle, FpuzzlesError> {
    let t = text.trim();
    if t.starts_with('{') {
        return read_json(t);
    }
    read_json(&unpack_link(t)?)
}

/// The JSON text inside a link or bare payload.
pub fn unpack_link(text: &str) -> Result<String, FpuzzlesError> {
    let t = text.trim();
    let payload = if let Some(at) = t.find("load=") {
        &t[at + "load=".len()..]
    } else if let Some(at) = t.find("fpuzzles") {
        &t[at + "fpuzzles".len()..]
    } else if t.contains("sudokupad.app") {
        return fail(
            "this SudokuPad link holds SudokuPad's own format, which doku cannot read; \
             doku reads the f-puzzles links (sudokupad.app/fpuzzles... or f-puzzles.com/?load=...)",
        );
    } else if t.contains("f-puzzles.com") {
        return fail("this f-puzzles link has no load= parameter: copy the link f-puzzles gives to share the puzzle");
    } else {
        t
    };
    let payload: String = payload
        .split(['&', '#', ' ', '\t'])
        .next()
        .unwrap_or_default()
        .to_string();
    let payload = percent_decode(&payload);
    if payload.is_empty() {
        return fail("the link holds no puzzle after load=");
    }
    decompress_from_base64(&payload)
        .map_err(|e| FpuzzlesError(format!("the link's compressed puzzle: {e}")))
}

/// `%2B` and the like, as links often escape `+`, `/` and `=`.
fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Names of the f-puzzles constraints doku does not play, for messages.
const UNSUPPORTED: &[(&str, &str)] = &[
    ("arrow", "arrows"),
    ("thermometer", "thermometers"),
    ("littlekillersum", "little killer sums"),
    ("sandwichsum", "sandwich sums"),
    ("xsum", "X-sums"),
    ("skyscraper", "skyscrapers"),
    ("palindrome", "palindromes"),
    ("renban", "renban lines"),
    ("whispers", "German whispers"),
    ("regionsumline", "region sum lines"),
    ("entropicline", "entropic lines"),
    ("lockout", "lockout lines"),
    ("betweenline", "between lines"),
    ("difference", "kropki white dots (difference)"),
    ("ratio", "kropki black dots (ratio)"),
    ("xv", "XV"),
    ("odd", "odd cells"),
    ("even", "even cells"),
    ("minimum", "minimum cells"),
    ("maximum", "maximum cells"),
    ("quadruple", "quadruples"),
    ("clone", "clones"),
    ("antiknight", "anti-knight"),
    ("antiking", "anti-king"),
    ("nonconsecutive", "non-consecutive"),
    ("disjointgroups", "disjoint groups"),
    ("negative", "negative constraints"),
    ("text", "text markings"),
    ("line", "drawn lines"),
    ("rectangle", "drawn rectangles"),
    ("circle", "drawn circles"),
    ("cage", "drawn cages"),
];

/// Top-level keys that carry no rule.
const HARMLESS: &[&str] = &[
    "size",
    "grid",
    "title",
    "author",
    "ruleset",
    "solution",
    "diagonal+",
    "diagonal-",
    "extraregion",
    "killercage",
    "disabledlogic",
    "truecandidatesoptions",
    "highlightConflicts",
    "activeConstraints",
    "version",
];

fn is_empty(value: &Value) -> bool {
    match value {
        Value::Null | Value::Bool(false) => true,
        Value::Array(a) => a.is_empty(),
        Value::Object(o) => o.is_empty(),
        Value::String(s) => s.is_empty(),
        Value::Number(_) | Value::Bool(true) => false,
    }
}

/// Reads f-puzzles JSON.
pub fn read_json(text: &str) -> Result<Fpuzzle, FpuzzlesError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|e| FpuzzlesError(format!("not valid f-puzzles JSON: {e}")))?;
    let Value::Object(root) = value else {
        return fail("f-puzzles JSON is an object ({\"size\": 9, \"grid\": [...]}), not this");
    };
    refuse_unknown(&root)?;
    let size = match root.get("size").and_then(Value::as_u64) {
        Some(n) if (1..=MAX_SIZE as u64).contains(&n) => n as usize,
        Some(n) => return fail(format!("size {n}: doku plays boards of 1 to {MAX_SIZE}")),
        None => return fail("\"size\" is missing or not a whole number"),
    };
    let Some(rows) = root.get("grid").and_then(Value::as_array) else {
        return fail("\"grid\" is missing or not a list of rows");
    };
    if rows.len() != size {
        return fail(format!(
            "\"grid\" has {} rows; a puzzle of size {size} has {size}",
            rows.len()
        ));
    }
    let cells = size * size;
    let mut givens = vec![0u8; cells];
    let mut entries = vec![0u8; cells];
    let mut centre = vec![Candidates::NONE; cells];
    let mut corner = vec![Candidates::NONE; cells];
    let mut regions: Vec<Option<u64>> = vec![None; cells];
    for (r, row) in rows.iter().enumerate() {
        let Some(row) = row.as_array() else {
            return fail(format!("grid row {}: not a list of cells", r + 1));
        };
        if row.len() != size {
            return fail(format!(
                "grid row {}: {} cells; a puzzle of size {size} has {size}",
                r + 1,
                row.len()
            ));
        }
        for (c, cell) in row.iter().enumerate() {
            let i = r * size + c;
            let at = format!("r{}c{}", r + 1, c + 1);
            let cell = match cell {
                Value::Object(o) => o,
                Value::Null => continue,
                _ => {
                    return fail(format!(
                        "{at}: a cell is an object ({{\"value\": 5}}), not {cell}"
                    ))
                }
            };
            let digit = |v: &Value, what: &str| -> Result<u8, FpuzzlesError> {
                match v.as_u64() {
                    Some(d) if d as usize <= size => Ok(d as u8),
                    _ => fail(format!(
                        "{at}: {what} {v} is not a digit of a {size}x{size} (1 to {size})"
                    )),
                }
            };
            if let Some(v) = cell.get("value").filter(|v| !v.is_null()) {
                let d = digit(v, "value")?;
                if cell.get("given").and_then(Value::as_bool).unwrap_or(false) {
                    givens[i] = d;
                } else {
                    entries[i] = d;
                }
            }
            for (key, marks) in [
                ("centerPencilMarks", &mut centre[i]),
                ("cornerPencilMarks", &mut corner[i]),
            ] {
                let Some(list) = cell.get(key).filter(|v| !v.is_null()) else {
                    continue;
                };
                let Some(list) = list.as_array() else {
                    return fail(format!("{at}: {key} is a list of digits, not {list}"));
                };
                for v in list {
                    if let Some(d) = Digit::new(digit(v, key)?) {
                        marks.insert(d);
                    }
                }
            }
            if let Some(v) = cell.get("region").filter(|v| !v.is_null()) {
                match v.as_u64() {
                    Some(n) if n < 256 => regions[i] = Some(n),
                    _ => return fail(format!("{at}: region {v} is not a region number (0 up)")),
                }
            }
            if cell.get("givenPencilMarks").is_some_and(|v| !is_empty(v)) {
                return fail(format!(
                    "{at}: given pencil marks limit the cell's digits, a rule doku does not play"
                ));
            }
        }
    }
    let mut shape = base_shape(size, &regions)?;
    shape = add_diagonals(shape, &root)?;
    shape = add_windows(shape, &root)?;
    let puzzle = Board::from_values(shape, givens)
        .ok_or_else(|| FpuzzlesError("the grid does not fit its size".into()))?;
    let puzzle = match read_cages(shape, &root)? {
        Some(cages) => puzzle.with_cages(Some(std::sync::Arc::new(cages))),
        None => puzzle,
    };
    let solution = match root.get("solution").filter(|v| !is_empty(v)) {
        None => None,
        Some(v) => Some(read_solution(v, size)?),
    };
    let text = |key: &str| {
        root.get(key)
            .and_then(Value::as_str)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    Ok(Fpuzzle {
        puzzle,
        entries,
        centre_marks: centre,
        corner_marks: corner,
        title: text("title"),
        author: text("author"),
        solution,
    })
}

/// Every constraint doku does not play, named in one message.
fn refuse_unknown(root: &Map<String, Value>) -> Result<(), FpuzzlesError> {
    let mut refused = Vec::new();
    for (key, value) in root {
        if HARMLESS.contains(&key.as_str()) || is_empty(value) {
            continue;
        }
        match UNSUPPORTED.iter().find(|(k, _)| k == key) {
            Some((k, name)) => refused.push(format!("{name} ({k})")),
            None => refused.push(format!("\"{key}\"")),
        }
    }
    if refused.is_empty() {
        return Ok(());
    }
    fail(format!(
        "the puzzle has rules doku does not play: {}; doku plays classic, jigsaw, X, windoku and killer rules, \
         and a puzzle without one of its rules would have other solutions",
        refused.join(", ")
    ))
}

/// f-puzzles' default boxes: as tall as the largest divisor of the size up
/// to its square root (1 for a prime size: its "boxes" are its rows).
fn default_box_rows(size: usize) -> usize {
    let mut h = (size as f64).sqrt().floor() as usize;
    while h > 1 && !size.is_multiple_of(h) {
        h -= 1;
    }
    h.max(1)
}

/// The rows and columns and third houses: f-puzzles' default boxes, or
/// the regions the cells name (a map of rows is a Latin square, a map of
/// rectangles is boxes of that shape, anything else a jigsaw).
fn base_shape(size: usize, regions: &[Option<u64>]) -> Result<Shape, FpuzzlesError> {
    let h = default_box_rows(size);
    let w = size / h;
    let shape_error = |e: crate::ShapeError| FpuzzlesError(format!("the regions: {e}"));
    let default = if h == 1 {
        Shape::latin(size).map_err(shape_error)?
    } else {
        Shape::with_boxes(h, w).map_err(shape_error)?
    };
    if regions.iter().all(Option::is_none) {
        return Ok(default);
    }
    // Each cell's region: its own, or its default box (f-puzzles numbers
    // boxes in reading order, as doku does).
    let map: Vec<usize> = (0..size * size)
        .map(|i| match regions[i] {
            Some(n) => n as usize,
            None => (i / size / h) * (size / w) + (i % size) / w,
        })
        .collect();
    if same_partition(&map, |i| i / size) {
        return Shape::latin(size).map_err(shape_error);
    }
    for r in 2..size {
        if !size.is_multiple_of(r) || size / r < 2 {
            continue;
        }
        let c = size / r;
        if same_partition(&map, |i| (i / size / r) * (size / c) + (i % size) / c) {
            return Shape::with_boxes(r, c).map_err(shape_error);
        }
    }
    if size > MAX_JIGSAW_SIZE {
        return fail(format!(
            "irregular regions on a {size}x{size}: doku plays jigsaws up to {MAX_JIGSAW_SIZE}x{MAX_JIGSAW_SIZE}"
        ));
    }
    if let Some(&big) = map.iter().find(|&&r| r > 255) {
        return fail(format!("region {big} is not a region number"));
    }
    let labels: Vec<u8> = map.iter().map(|&r| r as u8).collect();
    Shape::jigsaw(size, &labels).map_err(shape_error)
}

/// Whether two labellings of the cells draw the same regions.
fn same_partition(map: &[usize], other: impl Fn(usize) -> usize) -> bool {
    let mut pairs = std::collections::HashMap::new();
    let mut back = std::collections::HashMap::new();
    (0..map.len()).all(|i| {
        let (a, b) = (map[i], other(i));
        *pairs.entry(a).or_insert(b) == b && *back.entry(b).or_insert(a) == a
    })
}

fn add_diagonals(shape: Shape, root: &Map<String, Value>) -> Result<Shape, FpuzzlesError> {
    let on = |key: &str| root.get(key).and_then(Value::as_bool).unwrap_or(false);
    match (on("diagonal+"), on("diagonal-")) {
        (true, true) => Ok(shape.with_diagonals()),
        (false, false) => Ok(shape),
        (plus, _) => {
            let (key, which) = if plus {
                ("diagonal+", "the anti-diagonal (bottom left to top right)")
            } else {
                ("diagonal-", "the main diagonal (top left to bottom right)")
            };
            fail(format!(
                "only {which} is a house ({key}): doku's X sudoku has both diagonals"
            ))
        }
    }
}

/// `R1C1` (any case) to a cell index.
fn parse_cell(text: &str, size: usize) -> Option<usize> {
    let t = text.to_ascii_uppercase();
    let rest = t.strip_prefix('R')?;
    let (r, c) = rest.split_once('C')?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    ((1..=size).contains(&r) && (1..=size).contains(&c)).then(|| (r - 1) * size + c - 1)
}

fn add_windows(shape: Shape, root: &Map<String, Value>) -> Result<Shape, FpuzzlesError> {
    let Some(extra) = root.get("extraregion").filter(|v| !is_empty(v)) else {
        return Ok(shape);
    };
    let size = shape.size();
    let Some(list) = extra.as_array() else {
        return fail("extraregion is a list of regions ({\"cells\": [\"R1C1\", ...]})");
    };
    let mut found: BTreeSet<BTreeSet<usize>> = BTreeSet::new();
    for (k, region) in list.iter().enumerate() {
        let Some(cells) = region.get("cells").and_then(Value::as_array) else {
            return fail(format!(
                "extra region {}: no list of \"cells\" (\"R1C1\", ...)",
                k + 1
            ));
        };
        let mut set = BTreeSet::new();
        for cell in cells {
            match cell.as_str().and_then(|t| parse_cell(t, size)) {
                Some(i) => {
                    set.insert(i);
                }
                None => {
                    return fail(format!(
                        "extra region {}: {cell} is not a cell of a {size}x{size} (R1C1 to R{size}C{size})",
                        k + 1
                    ))
                }
            }
        }
        found.insert(set);
    }
    let windowed = shape.with_windows().ok();
    let windows: BTreeSet<BTreeSet<usize>> = windowed
        .map(|w| {
            w.houses()
                .filter(|h| matches!(h, House::Window(_)))
                .map(|h| w.house_cells(h).map(Cell::index).collect())
                .collect()
        })
        .unwrap_or_default();
    if !found.is_empty() && found == windows {
        if let Some(w) = windowed {
            return Ok(w);
        }
    }
    let odd = found
        .iter()
        .find(|set| !windows.contains(*set))
        .or_else(|| found.iter().next());
    let cells: Vec<String> = odd
        .map(|set| {
            set.iter()
                .take(4)
                .map(|&i| cell_name(shape, Cell(i as u16)))
                .collect()
        })
        .unwrap_or_default();
    fail(format!(
        "extra regions (one holds {}{}) that are not the windows of windoku: doku plays extra \
         regions only as windoku's four windows on a 9x9 (rows and columns 2-4 and 6-8), all of them",
        cells.join(", "),
        if odd.is_some_and(|s| s.len() > 4) { ", ..." } else { "" }
    ))
}

/// The killer cages of `killercage` (`cells` as `R1C1`, `value` the sum as
/// a string, or none), if there are any.
fn read_cages(
    shape: Shape,
    root: &Map<String, Value>,
) -> Result<Option<crate::killer::Cages>, FpuzzlesError> {
    let Some(list) = root.get("killercage").filter(|v| !is_empty(v)) else {
        return Ok(None);
    };
    let size = shape.size();
    let Some(list) = list.as_array() else {
        return fail(
            "killercage is a list of cages ({\"cells\": [\"R1C1\", ...], \"value\": \"16\"})",
        );
    };
    let mut cages = Vec::with_capacity(list.len());
    for (k, cage) in list.iter().enumerate() {
        let Some(cells) = cage.get("cells").and_then(Value::as_array) else {
            return fail(format!(
                "killer cage {}: no list of \"cells\" (\"R1C1\", ...)",
                k + 1
            ));
        };
        let mut members = Vec::with_capacity(cells.len());
        for cell in cells {
            match cell.as_str().and_then(|t| parse_cell(t, size)) {
                Some(i) => members.push(Cell(i as u16)),
                None => {
                    return fail(format!(
                        "killer cage {}: {cell} is not a cell of a {size}x{size} (R1C1 to R{size}C{size})",
                        k + 1
                    ))
                }
            }
        }
        // f-puzzles writes the sum as a string; a number is read too.
        let sum = match cage.get("value") {
            None | Some(Value::Null) => None,
            Some(Value::String(t)) if t.trim().is_empty() => None,
            Some(Value::String(t)) => match t.trim().parse::<u32>() {
                Ok(n) => Some(n),
                Err(_) => {
                    return fail(format!(
                        "killer cage {}: its sum {t:?} is not a whole number",
                        k + 1
                    ))
                }
            },
            Some(v) => match v.as_u64() {
                Some(n) if n <= u32::MAX as u64 => Some(n as u32),
                _ => {
                    return fail(format!(
                        "killer cage {}: its sum {v} is not a whole number",
                        k + 1
                    ))
                }
            },
        };
        cages.push((members, sum));
    }
    crate::killer::Cages::new(shape, cages)
        .map(Some)
        .map_err(|e| FpuzzlesError(format!("killer cages: {e}")))
}

fn read_solution(value: &Value, size: usize) -> Result<Vec<u8>, FpuzzlesError> {
    let Some(list) = value.as_array() else {
        return fail("solution: a list of digits, not this");
    };
    if list.len() != size * size {
        return fail(format!(
            "solution: {} digits; a {size}x{size} has {}",
            list.len(),
            size * size
        ));
    }
    list.iter()
        .map(|v| match v.as_u64() {
            Some(d) if d as usize <= size => Ok(d as u8),
            // f-puzzles writes "." for cells it could not solve.
            _ if v.as_str().is_some() => Ok(0),
            _ => fail(format!("solution: {v} is not a digit 1 to {size}")),
        })
        .collect()
}

fn digit_list(marks: Candidates) -> Value {
    Value::Array(marks.iter().map(|d| json!(d.get())).collect())
}

/// f-puzzles JSON of a puzzle and the state of its solve.
pub fn write_json(game: &Fpuzzle) -> String {
    let board = &game.puzzle;
    let shape = board.shape();
    let n = shape.size();
    // Regions are written where f-puzzles' default boxes would be wrong.
    let h = default_box_rows(n);
    let default = if h == 1 {
        Shape::latin(n).ok()
    } else {
        Shape::with_boxes(h, n / h).ok()
    };
    let write_regions = default.map(Shape::without_extras) != Some(shape.without_extras());
    let mut grid = Vec::with_capacity(n);
    for r in 0..n {
        let mut row = Vec::with_capacity(n);
        for c in 0..n {
            let i = r * n + c;
            let cell = Cell(i as u16);
            let mut o = Map::new();
            let given = board.values()[i];
            let entry = game.entries.get(i).copied().unwrap_or(0);
            if given != 0 {
                o.insert("value".into(), json!(given));
                o.insert("given".into(), json!(true));
            } else if entry != 0 {
                o.insert("value".into(), json!(entry));
            }
            if write_regions {
                let region = shape.box_of(cell).unwrap_or(r);
                o.insert("region".into(), json!(region));
            }
            for (key, marks) in [
                ("centerPencilMarks", &game.centre_marks),
                ("cornerPencilMarks", &game.corner_marks),
            ] {
                let m = marks.get(i).copied().unwrap_or(Candidates::NONE);
                if !m.is_empty() && given == 0 {
                    o.insert(key.into(), digit_list(m));
                }
            }
            row.push(Value::Object(o));
        }
        grid.push(Value::Array(row));
    }
    let mut root = Map::new();
    root.insert("size".into(), json!(n));
    if let Some(t) = &game.title {
        root.insert("title".into(), json!(t));
    }
    if let Some(a) = &game.author {
        root.insert("author".into(), json!(a));
    }
    root.insert("grid".into(), Value::Array(grid));
    if shape.extras().diagonals {
        root.insert("diagonal+".into(), json!(true));
        root.insert("diagonal-".into(), json!(true));
    }
    if shape.extras().windows {
        let windows: Vec<Value> = shape
            .houses()
            .filter(|h| matches!(h, House::Window(_)))
            .map(|h| {
                let cells: Vec<String> = shape
                    .house_cells(h)
                    .map(|c| format!("R{}C{}", shape.row(c) + 1, shape.col(c) + 1))
                    .collect();
                json!({ "cells": cells })
            })
            .collect();
        root.insert("extraregion".into(), Value::Array(windows));
    }
    if let Some(cages) = board.cages() {
        let list: Vec<Value> = cages
            .iter()
            .map(|cage| {
                let cells: Vec<String> = cage
                    .cells()
                    .iter()
                    .map(|&c| format!("R{}C{}", shape.row(c) + 1, shape.col(c) + 1))
                    .collect();
                match cage.sum() {
                    Some(sum) => json!({ "cells": cells, "value": sum.to_string() }),
                    None => json!({ "cells": cells }),
                }
            })
            .collect();
        root.insert("killercage".into(), Value::Array(list));
    }
    if let Some(solution) = &game.solution {
        root.insert("solution".into(), json!(solution));
    }
    Value::Object(root).to_string()
}

/// f-puzzles JSON of a board's rules and givens (its digits all given).
pub fn write_board(board: &Board) -> String {
    write_json(&Fpuzzle::new(board.clone()))
}

/// An f-puzzles link that opens this JSON (SudokuPad opens the same
/// payload after [`SUDOKUPAD_LINK`]).
pub fn link(json: &str) -> String {
    format!("{FPUZZLES_LINK}{}", compress_to_base64(json))
}

/// The compressed payload of a link, without the address.
pub fn payload(json: &str) -> String {
    compress_to_base64(json)
}
