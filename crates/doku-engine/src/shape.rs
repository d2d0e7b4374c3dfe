//! The geometry of a board: its size, the shape of its boxes, and the houses
//! (rows, columns, boxes) every cell belongs to.

use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, Mutex, OnceLock};

/// A cell index in reading order: `row * size + col`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell(pub u16);

impl Cell {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A digit `1..=size`. Zero is never a digit: empty cells are `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Digit(std::num::NonZeroU8);

impl Digit {
    /// `None` for zero.
    pub fn new(value: u8) -> Option<Digit> {
        std::num::NonZeroU8::new(value).map(Digit)
    }
    pub fn get(self) -> u8 {
        self.0.get()
    }
    /// The bit of this digit in a [`Candidates`](crate::Candidates) mask.
    pub fn bit(self) -> u64 {
        1u64 << (self.get() - 1)
    }
}

/// A house: a set of cells that holds every digit once. Rows, columns and
/// boxes are numbered from 0; a jigsaw has regions where a sudoku has boxes,
/// and variants add the two diagonals or the windoku windows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    Row(u8),
    Col(u8),
    Box(u8),
    /// A jigsaw region, numbered in reading order of its first cell.
    Region(u8),
    /// 0: the main diagonal (top left to bottom right); 1: the
    /// anti-diagonal (bottom left to top right).
    Diagonal(u8),
    /// A windoku window, in reading order.
    Window(u8),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
            House::Region(i) => write!(f, "region {}", i + 1),
            House::Diagonal(0) => write!(f, "the main diagonal"),
            House::Diagonal(_) => write!(f, "the anti-diagonal"),
            House::Window(i) => write!(f, "window {}", i + 1),
        }
    }
}

/// The largest board the engine handles (candidates are a `u64`).
pub const MAX_SIZE: usize = 64;

/// The largest jigsaw: its region map packs a region number per cell in
/// four bits, so that a [`Shape`] stays a small `Copy` value.
pub const MAX_JIGSAW_SIZE: usize = 16;

/// The most houses one cell can be in: row, column, box or region, both
/// diagonals (the centre of an odd X board) or a diagonal and a window.
pub const MAX_HOUSES_PER_CELL: usize = 5;

/// Sudoku sizes with boxes, and the box shape (rows x columns) of each.
pub const SUDOKU_SHAPES: [(u8, u8, u8); 10] = [
    (4, 2, 2),
    (6, 2, 3),
    (8, 2, 4),
    (9, 3, 3),
    (10, 2, 5),
    (12, 3, 4),
    (15, 3, 5),
    (16, 4, 4),
    (20, 4, 5),
    (25, 5, 5),
];

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("a board of size {0} is not supported (sizes 1 to {MAX_SIZE})")]
    BadSize(usize),
    #[error("boxes of {rows}x{cols} do not tile a board (rows x columns must make its size, at most {MAX_SIZE})")]
    BadBoxes { rows: usize, cols: usize },
    #[error("size {size} has no standard box shape (sudoku sizes: 4, 6, 8, 9, 10, 12, 15, 16, 20, 25); treat it as a Latin square or name the boxes")]
    NoBoxes { size: usize },
    #[error("a jigsaw of size {size} is not supported (sizes 2 to {MAX_JIGSAW_SIZE})")]
    JigsawSize { size: usize },
    #[error("a {size}x{size} region map needs {cells} cells, but has {found}")]
    RegionMapLength {
        size: usize,
        cells: usize,
        found: usize,
    },
    #[error("a {size}x{size} jigsaw needs {size} regions, but its map names {found}")]
    RegionCount { size: usize, found: usize },
    #[error(
        "region {region} has {found} cells; every region of a {size}x{size} jigsaw has {size}"
    )]
    RegionSize {
        region: usize,
        size: usize,
        found: usize,
    },
    #[error("region {region} is in pieces: r{row}c{col} does not touch the rest of it")]
    RegionNotConnected {
        region: usize,
        row: usize,
        col: usize,
    },
    #[error("windoku needs square boxes (9x9, or 4x4, 16x16, 25x25); {0} has none")]
    NoWindows(String),
}

/// Houses a variant adds to rows, columns and boxes (or regions).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Extras {
    /// X sudoku: both main diagonals.
    pub diagonals: bool,
    /// Windoku: the windows between the boxes.
    pub windows: bool,
}

impl Extras {
    pub const NONE: Extras = Extras {
        diagonals: false,
        windows: false,
    };
    pub fn is_empty(self) -> bool {
        self == Extras::NONE
    }
}

/// A jigsaw's region map: each cell's region, four bits a cell.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Regions {
    packed: [u8; MAX_JIGSAW_SIZE * MAX_JIGSAW_SIZE / 2],
}

impl Regions {
    fn get(&self, cell: usize) -> usize {
        (self.packed[cell / 2] >> ((cell % 2) * 4)) as usize & 0xF
    }
    fn set(&mut self, cell: usize, region: usize) {
        let shift = (cell % 2) * 4;
        self.packed[cell / 2] &= !(0xF << shift);
        self.packed[cell / 2] |= (region as u8 & 0xF) << shift;
    }
}

impl fmt::Debug for Regions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Regions(")?;
        for cell in 0..self.packed.len() * 2 {
            write!(f, "{:x}", self.get(cell))?;
        }
        write!(f, ")")
    }
}

/// The rules of a puzzle: its size and which cells share a house. Rows and
/// columns always; then rectangular boxes, a jigsaw's regions, or neither (a
/// Latin square); then the houses a variant adds (the diagonals of X, the
/// windows of windoku). A classic 9x9 is [`Shape::CLASSIC`]: standard boxes,
/// nothing else. A small `Copy` value, so every part of the engine takes it
/// as it always took the board's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    size: u8,
    /// Box height and width; 0 for none (a Latin square or a jigsaw).
    box_rows: u8,
    box_cols: u8,
    extras: Extras,
    regions: Option<Regions>,
}

impl Shape {
    /// The standard 9x9 sudoku.
    pub const CLASSIC: Shape = Shape {
        size: 9,
        box_rows: 3,
        box_cols: 3,
        extras: Extras::NONE,
        regions: None,
    };

    /// A sudoku of the given size with its standard box shape (see [`SUDOKU_SHAPES`]).
    pub fn sudoku(size: usize) -> Result<Shape, ShapeError> {
        SUDOKU_SHAPES
            .iter()
            .find(|(n, _, _)| *n as usize == size)
            .map(|&(n, r, c)| Shape {
                size: n,
                box_rows: r,
                box_cols: c,
                extras: Extras::NONE,
                regions: None,
            })
            .ok_or(ShapeError::NoBoxes { size })
    }

    /// A sudoku with boxes of `rows` x `cols` cells (size `rows * cols`).
    pub fn with_boxes(rows: usize, cols: usize) -> Result<Shape, ShapeError> {
        let size = rows * cols;
        if rows == 0 || cols == 0 || size > MAX_SIZE {
            return Err(ShapeError::BadBoxes { rows, cols });
        }
        Ok(Shape {
            size: size as u8,
            box_rows: rows as u8,
            box_cols: cols as u8,
            extras: Extras::NONE,
            regions: None,
        })
    }

    /// A Latin square: rows and columns only.
    pub fn latin(size: usize) -> Result<Shape, ShapeError> {
        if size == 0 || size > MAX_SIZE {
            return Err(ShapeError::BadSize(size));
        }
        Ok(Shape {
            size: size as u8,
            box_rows: 0,
            box_cols: 0,
            extras: Extras::NONE,
            regions: None,
        })
    }

    /// A jigsaw: `region_of` gives each cell's region (any numbering, one
    /// number per region). Regions are renumbered in reading order of their
    /// first cells. A map that draws the standard boxes gives the plain
    /// sudoku, so that it keeps the fast paths of boxes.
    pub fn jigsaw(size: usize, region_of: &[u8]) -> Result<Shape, ShapeError> {
        if !(2..=MAX_JIGSAW_SIZE).contains(&size) {
            return Err(ShapeError::JigsawSize { size });
        }
        let cells = size * size;
        if region_of.len() != cells {
            return Err(ShapeError::RegionMapLength {
                size,
                cells,
                found: region_of.len(),
            });
        }
        // Renumber in reading order of first cells.
        let mut number = [u8::MAX; 256];
        let mut next = 0usize;
        let mut normal = vec![0usize; cells];
        for (cell, &label) in region_of.iter().enumerate() {
            if number[label as usize] == u8::MAX {
                if next == size {
                    return Err(ShapeError::RegionCount {
                        size,
                        found: region_of
                            .iter()
                            .collect::<std::collections::HashSet<_>>()
                            .len(),
                    });
                }
                number[label as usize] = next as u8;
                next += 1;
            }
            normal[cell] = number[label as usize] as usize;
        }
        if next != size {
            return Err(ShapeError::RegionCount { size, found: next });
        }
        let mut counts = vec![0usize; size];
        for &r in &normal {
            counts[r] += 1;
        }
        if let Some((region, &found)) = counts.iter().enumerate().find(|(_, &c)| c != size) {
            return Err(ShapeError::RegionSize {
                region: region + 1,
                size,
                found,
            });
        }
        if let Some((region, cell)) = disconnected_region(size, &normal) {
            return Err(ShapeError::RegionNotConnected {
                region: region + 1,
                row: cell / size + 1,
                col: cell % size + 1,
            });
        }
        if let Ok(plain) = Shape::sudoku(size) {
            if (0..cells).all(|c| plain.box_of(Cell(c as u16)) == Some(normal[c])) {
                return Ok(plain);
            }
        }
        let mut regions = Regions {
            packed: [0; MAX_JIGSAW_SIZE * MAX_JIGSAW_SIZE / 2],
        };
        for (cell, &r) in normal.iter().enumerate() {
            regions.set(cell, r);
        }
        Ok(Shape {
            size: size as u8,
            box_rows: 0,
            box_cols: 0,
            extras: Extras::NONE,
            regions: Some(regions),
        })
    }

    /// These rules with the diagonals of X sudoku as houses too.
    pub fn with_diagonals(self) -> Shape {
        Shape {
            extras: Extras {
                diagonals: true,
                ..self.extras
            },
            ..self
        }
    }

    /// These rules with the windows of windoku as houses too: boxes of k x k
    /// give (k - 1)^2 windows of k x k, one cell in from the boxes' edges.
    pub fn with_windows(self) -> Result<Shape, ShapeError> {
        match self.box_dims() {
            Some((r, c)) if r == c && r >= 2 => Ok(Shape {
                extras: Extras {
                    windows: true,
                    ..self.extras
                },
                ..self
            }),
            _ => Err(ShapeError::NoWindows(self.to_string())),
        }
    }

    /// The same board with rows, columns and boxes only (or regions):
    /// what the classic-only techniques and fast paths need.
    pub fn without_extras(self) -> Shape {
        Shape {
            extras: Extras::NONE,
            ..self
        }
    }

    /// The shape a puzzle of `size` gets when nothing else says: the standard
    /// boxes for sudoku sizes, a Latin square for any other size.
    pub fn infer(size: usize) -> Result<Shape, ShapeError> {
        Shape::sudoku(size).or_else(|_| Shape::latin(size))
    }

    pub fn size(&self) -> usize {
        self.size as usize
    }
    pub fn cell_count(&self) -> usize {
        self.size() * self.size()
    }
    /// Rows and columns only: no boxes, no regions.
    pub fn is_latin(&self) -> bool {
        self.box_rows == 0 && self.regions.is_none()
    }
    /// A jigsaw: irregular regions instead of boxes.
    pub fn is_jigsaw(&self) -> bool {
        self.regions.is_some()
    }
    /// Whether every cell is in a box or region (a third house).
    pub fn has_boxes(&self) -> bool {
        !self.is_latin()
    }
    /// The houses a variant adds.
    pub fn extras(&self) -> Extras {
        self.extras
    }
    /// Rows, columns and rectangular boxes (or a Latin square), nothing
    /// more: the rules the classic techniques and fast paths were made for.
    pub fn is_standard(&self) -> bool {
        self.regions.is_none() && self.extras.is_empty()
    }
    /// Box height and width: `None` for a Latin square or a jigsaw.
    pub fn box_dims(&self) -> Option<(usize, usize)> {
        (self.box_rows != 0).then_some((self.box_rows as usize, self.box_cols as usize))
    }
    /// The variant's name as the command line takes it: `classic`,
    /// `jigsaw`, `x`, `windoku`, `jigsaw,x`, `windoku,x` (a Latin square's
    /// variant is `classic` or `x`).
    pub fn variant_name(&self) -> String {
        let mut parts = Vec::new();
        if self.is_jigsaw() {
            parts.push("jigsaw");
        }
        if self.extras.windows {
            parts.push("windoku");
        }
        if self.extras.diagonals {
            parts.push("x");
        }
        if parts.is_empty() {
            "classic".to_string()
        } else {
            parts.join(",")
        }
    }
    /// Every candidate of this size.
    pub fn all_digits(&self) -> u64 {
        if self.size() == 64 {
            u64::MAX
        } else {
            (1u64 << self.size()) - 1
        }
    }
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.cell_count() as u16).map(Cell)
    }
    pub fn digits(&self) -> impl Iterator<Item = Digit> {
        (1..=self.size).filter_map(Digit::new)
    }
    pub fn cell(&self, row: usize, col: usize) -> Cell {
        Cell((row * self.size() + col) as u16)
    }
    pub fn row(&self, cell: Cell) -> usize {
        cell.index() / self.size()
    }
    pub fn col(&self, cell: Cell) -> usize {
        cell.index() % self.size()
    }
    /// Box (or jigsaw region) index of a cell, numbered in reading order.
    pub fn box_of(&self, cell: Cell) -> Option<usize> {
        if let Some(regions) = &self.regions {
            return Some(regions.get(cell.index()));
        }
        let (br, bc) = self.box_dims()?;
        let (r, c) = (self.row(cell), self.col(cell));
        Some((r / br) * (self.size() / bc) + c / bc)
    }
    /// The box or region house of a cell.
    fn third_house(&self, index: usize) -> House {
        if self.is_jigsaw() {
            House::Region(index as u8)
        } else {
            House::Box(index as u8)
        }
    }
    /// The windows of windoku: their count per side and their size.
    fn window_layout(&self) -> Option<(usize, usize)> {
        let (k, _) = self.box_dims().filter(|_| self.extras.windows)?;
        Some((k - 1, k))
    }
    /// The window of a cell, if it is in one.
    fn window_of(&self, cell: Cell) -> Option<usize> {
        let (per_side, k) = self.window_layout()?;
        // Windows start one cell in from each box edge: at 1, k + 2, ...
        let slot = |x: usize| {
            let x = x.checked_sub(1)?;
            (x % (k + 1) < k).then_some(x / (k + 1))
        };
        let (wr, wc) = (slot(self.row(cell))?, slot(self.col(cell))?);
        (wr < per_side && wc < per_side).then_some(wr * per_side + wc)
    }
    /// The houses a cell belongs to: its row, its column, its box or region
    /// (if any), then a variant's diagonals and window.
    pub fn houses_of(&self, cell: Cell) -> impl Iterator<Item = House> {
        let n = self.size();
        let (r, c) = (self.row(cell), self.col(cell));
        let row = House::Row(r as u8);
        let col = House::Col(c as u8);
        let bx = self.box_of(cell).map(|b| self.third_house(b));
        let diagonals = self.extras.diagonals;
        let main = (diagonals && r == c).then_some(House::Diagonal(0));
        let anti = (diagonals && r + c == n - 1).then_some(House::Diagonal(1));
        let window = self.window_of(cell).map(|w| House::Window(w as u8));
        [Some(row), Some(col), bx, main, anti, window]
            .into_iter()
            .flatten()
    }
    /// Every house: rows, then columns, then boxes or regions, then the
    /// diagonals and windows of a variant.
    pub fn houses(&self) -> impl Iterator<Item = House> {
        let n = self.size;
        let boxes = if self.is_latin() { 0 } else { n };
        let third = if self.is_jigsaw() {
            House::Region
        } else {
            House::Box
        };
        let diagonals = if self.extras.diagonals { 2 } else { 0 };
        let windows = self.window_layout().map_or(0, |(w, _)| w * w) as u8;
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .chain((0..boxes).map(third))
            .chain((0..diagonals).map(House::Diagonal))
            .chain((0..windows).map(House::Window))
    }
    /// The cells of a house, in reading order.
    pub fn house_cells(&self, house: House) -> impl Iterator<Item = Cell> {
        let n = self.size();
        // A fixed buffer, not a Vec: callers walk houses in loops.
        let mut cells = [0u16; MAX_SIZE];
        let mut put = |i: usize, row: usize, col: usize| cells[i] = (row * n + col) as u16;
        match house {
            House::Row(r) => (0..n).for_each(|i| put(i, r as usize, i)),
            House::Col(c) => (0..n).for_each(|i| put(i, i, c as usize)),
            House::Box(b) => {
                let (br, bc) = self.box_dims().unwrap_or((1, n));
                let b = b as usize;
                let top = (b / (n / bc)) * br;
                let left = (b % (n / bc)) * bc;
                (0..n).for_each(|i| put(i, top + i / bc, left + i % bc));
            }
            House::Diagonal(0) => (0..n).for_each(|i| put(i, i, i)),
            House::Diagonal(_) => (0..n).for_each(|i| put(i, i, n - 1 - i)),
            House::Region(_) | House::Window(_) => {
                let mut i = 0;
                for cell in self.cells() {
                    if i < n && self.houses_of(cell).any(|h| h == house) {
                        put(i, self.row(cell), self.col(cell));
                        i += 1;
                    }
                }
            }
        }
        (0..n).map(move |i| Cell(cells[i]))
    }
    /// Whether two distinct cells share a house.
    pub fn sees(&self, a: Cell, b: Cell) -> bool {
        if a == b {
            return false;
        }
        if self.row(a) == self.row(b)
            || self.col(a) == self.col(b)
            || (self.box_of(a).is_some() && self.box_of(a) == self.box_of(b))
        {
            return true;
        }
        if self.extras.is_empty() {
            return false;
        }
        self.houses_of(a)
            .skip(2)
            .any(|h| self.houses_of(b).skip(2).any(|k| k == h))
    }

    /// The symbol of a digit: `1`-`9`, then `A`, `B`, ... (`None` past `Z`).
    pub fn symbol(digit: Digit) -> Option<char> {
        match digit.get() {
            d @ 1..=9 => Some((b'0' + d) as char),
            d @ 10..=35 => Some((b'A' + d - 10) as char),
            _ => None,
        }
    }
    /// The digit a symbol stands for on this board; `Some(0)` for an empty cell
    /// (`.` or `0`), `None` for anything else.
    pub fn parse_symbol(&self, ch: char) -> Option<u8> {
        let value = match ch {
            '.' | '0' => return Some(0),
            '1'..='9' => ch as u8 - b'0',
            'a'..='z' => ch as u8 - b'a' + 10,
            'A'..='Z' => ch as u8 - b'A' + 10,
            _ => return None,
        };
        (value as usize <= self.size()).then_some(value)
    }
}

/// The first region (and a cell of it) whose cells are not all joined
/// side by side, if any.
fn disconnected_region(size: usize, region_of: &[usize]) -> Option<(usize, usize)> {
    let mut seen = vec![false; region_of.len()];
    let mut done = vec![false; size];
    for start in 0..region_of.len() {
        let region = region_of[start];
        if done[region] {
            continue;
        }
        done[region] = true;
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(cell) = stack.pop() {
            let (r, c) = (cell / size, cell % size);
            let mut neighbours = Vec::with_capacity(4);
            if r > 0 {
                neighbours.push(cell - size);
            }
            if r + 1 < size {
                neighbours.push(cell + size);
            }
            if c > 0 {
                neighbours.push(cell - 1);
            }
            if c + 1 < size {
                neighbours.push(cell + 1);
            }
            for next in neighbours {
                if !seen[next] && region_of[next] == region {
                    seen[next] = true;
                    stack.push(next);
                }
            }
        }
        if let Some(stray) = (0..region_of.len()).find(|&c| region_of[c] == region && !seen[c]) {
            return Some((region, stray));
        }
    }
    None
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        let x = if self.extras.diagonals { " X" } else { "" };
        if self.is_jigsaw() {
            return write!(f, "{n}x{n} jigsaw{x}");
        }
        if self.extras.windows {
            return write!(f, "{n}x{n} windoku{x}");
        }
        match self.box_dims() {
            Some((r, c)) => write!(f, "{n}x{n}{x} (boxes {r}x{c})"),
            None => write!(f, "{n}x{n}{x} Latin square"),
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Without the shape we cannot split row and column; boards format
        // cells through `Board::cell_name`.
        write!(f, "#{}", self.0)
    }
}

/// Geometries kept before the cache starts over: every shape a program
/// uses at once fits, while a long run of fresh jigsaw layouts does not
/// grow it without bound.
const GEOMETRY_CACHE_LIMIT: usize = 64;

/// Geometry is the same for every board of a shape; build it once.
pub fn geometry(shape: Shape) -> Arc<Geometry> {
    static CACHE: OnceLock<Mutex<HashMap<Shape, Arc<Geometry>>>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = match cache.lock() {
        Ok(map) => map,
        // A panic elsewhere while holding the lock leaves the map intact.
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(geometry) = map.get(&shape) {
        return Arc::clone(geometry);
    }
    if map.len() >= GEOMETRY_CACHE_LIMIT {
        // Boards in use hold their own Arc: they keep their geometry.
        map.clear();
    }
    let geometry = Arc::new(Geometry::new(shape));
    map.insert(shape, Arc::clone(&geometry));
    geometry
}

/// Precomputed houses and peers of a shape, for code that walks them in hot loops.
///
/// Houses are numbered as [`Shape::houses`] lists them: rows `0..n`,
/// columns `n..2n`, boxes or regions `2n..3n` (when the shape has them),
/// then a variant's extra houses.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub shape: Shape,
    /// Every house, by index.
    pub houses: Vec<House>,
    /// For every house, its cells.
    pub house_cells: Vec<Vec<u16>>,
    /// For every cell, its row, column and box (or region) house indices:
    /// the houses that box-line techniques reason about. Slot 2 is
    /// meaningful only when the shape has boxes (`houses_per_cell == 3`).
    pub standard_houses: Vec<[u16; 3]>,
    /// How many standard houses each cell has (2 for Latin squares, else 3).
    pub houses_per_cell: usize,
    /// For every cell, every house it is in: the standard ones, then the
    /// variant's extra houses; `house_counts` says how many.
    all_houses: Vec<[u16; MAX_HOUSES_PER_CELL]>,
    house_counts: Vec<u8>,
    /// For every cell, the distinct cells it sees.
    pub peers: Vec<Vec<u16>>,
}

impl Geometry {
    pub fn new(shape: Shape) -> Geometry {
        let houses: Vec<House> = shape.houses().collect();
        let house_cells: Vec<Vec<u16>> = houses
            .iter()
            .map(|&h| shape.house_cells(h).map(|c| c.0).collect())
            .collect();
        let n = shape.size();
        let houses_per_cell = if shape.has_boxes() { 3 } else { 2 };
        let standard_houses = shape
            .cells()
            .map(|c| {
                let b = shape.box_of(c).map_or(0, |b| 2 * n + b);
                [shape.row(c) as u16, (n + shape.col(c)) as u16, b as u16]
            })
            .collect();
        let mut all_houses = vec![[0u16; MAX_HOUSES_PER_CELL]; shape.cell_count()];
        let mut house_counts = vec![0u8; shape.cell_count()];
        for (index, cells) in house_cells.iter().enumerate() {
            for &cell in cells {
                let count = &mut house_counts[cell as usize];
                all_houses[cell as usize][*count as usize] = index as u16;
                *count += 1;
            }
        }
        let peers = (0..shape.cell_count())
            .map(|a| {
                let mut seen = vec![false; shape.cell_count()];
                for &h in &all_houses[a][..house_counts[a] as usize] {
                    for &b in &house_cells[h as usize] {
                        seen[b as usize] = b as usize != a;
                    }
                }
                (0..shape.cell_count() as u16)
                    .filter(|&b| seen[b as usize])
                    .collect()
            })
            .collect();
        Geometry {
            shape,
            houses,
            house_cells,
            standard_houses,
            houses_per_cell,
            all_houses,
            house_counts,
            peers,
        }
    }

    pub fn house(&self, index: usize) -> House {
        self.houses[index]
    }

    /// Every house of a cell: row, column, box or region, then the extras.
    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.all_houses[cell][..self.house_counts[cell] as usize]
    }

    /// Whether the shape has houses beyond rows, columns and boxes.
    pub fn has_extras(&self) -> bool {
        self.first_extra_house() < self.house_cells.len()
    }

    /// The first house a variant adds; `house_cells.len()` when none.
    pub fn first_extra_house(&self) -> usize {
        let n = self.shape.size();
        if self.houses_per_cell == 3 {
            3 * n
        } else {
            2 * n
        }
    }
}
