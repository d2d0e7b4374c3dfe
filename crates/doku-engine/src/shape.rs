//! The geometry of a board: its size, the shape of its boxes, and the houses
//! (rows, columns, boxes) every cell belongs to.

use std::fmt;

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

/// A row, a column or a box, each numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum House {
    Row(u8),
    Col(u8),
    Box(u8),
}

impl fmt::Display for House {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            House::Row(i) => write!(f, "row {}", i + 1),
            House::Col(i) => write!(f, "column {}", i + 1),
            House::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// The largest board the engine handles (candidates are a `u64`).
pub const MAX_SIZE: usize = 64;

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
}

/// Size and box shape. `box_rows == 0` means a Latin square (no boxes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    size: u8,
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The standard 9x9 sudoku.
    pub const CLASSIC: Shape = Shape {
        size: 9,
        box_rows: 3,
        box_cols: 3,
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
        })
    }

    /// The shape a puzzle of `size` gets when nothing else says: the standard
    /// boxes for sudoku sizes, a Latin square for any other size.
    pub fn infer(size: usize) -> Result<Shape, ShapeError> {
        Shape::sudoku(size).or_else(|_| Shape::latin(size))
    }

    pub fn size(self) -> usize {
        self.size as usize
    }
    pub fn cell_count(self) -> usize {
        self.size() * self.size()
    }
    pub fn is_latin(self) -> bool {
        self.box_rows == 0
    }
    /// Box height and width, or `None` for a Latin square.
    pub fn box_dims(self) -> Option<(usize, usize)> {
        (!self.is_latin()).then_some((self.box_rows as usize, self.box_cols as usize))
    }
    /// Every candidate of this size.
    pub fn all_digits(self) -> u64 {
        if self.size() == 64 {
            u64::MAX
        } else {
            (1u64 << self.size()) - 1
        }
    }
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        (0..self.cell_count() as u16).map(Cell)
    }
    pub fn digits(self) -> impl Iterator<Item = Digit> {
        (1..=self.size).filter_map(Digit::new)
    }
    pub fn cell(self, row: usize, col: usize) -> Cell {
        Cell((row * self.size() + col) as u16)
    }
    pub fn row(self, cell: Cell) -> usize {
        cell.index() / self.size()
    }
    pub fn col(self, cell: Cell) -> usize {
        cell.index() % self.size()
    }
    /// Box index of a cell, boxes numbered in reading order.
    pub fn box_of(self, cell: Cell) -> Option<usize> {
        let (br, bc) = self.box_dims()?;
        let (r, c) = (self.row(cell), self.col(cell));
        Some((r / br) * (self.size() / bc) + c / bc)
    }
    /// The houses a cell belongs to: its row, its column and (if any) its box.
    pub fn houses_of(self, cell: Cell) -> impl Iterator<Item = House> {
        let row = House::Row(self.row(cell) as u8);
        let col = House::Col(self.col(cell) as u8);
        let bx = self.box_of(cell).map(|b| House::Box(b as u8));
        [Some(row), Some(col), bx].into_iter().flatten()
    }
    /// Every house: rows, then columns, then boxes.
    pub fn houses(self) -> impl Iterator<Item = House> {
        let n = self.size;
        let boxes = if self.is_latin() { 0 } else { n };
        (0..n)
            .map(House::Row)
            .chain((0..n).map(House::Col))
            .chain((0..boxes).map(House::Box))
    }
    /// The cells of a house, in reading order.
    pub fn house_cells(self, house: House) -> impl Iterator<Item = Cell> {
        let n = self.size();
        let (br, bc) = self.box_dims().unwrap_or((1, n));
        (0..n).map(move |i| match house {
            House::Row(r) => Cell((r as usize * n + i) as u16),
            House::Col(c) => Cell((i * n + c as usize) as u16),
            House::Box(b) => {
                let b = b as usize;
                let top = (b / (n / bc)) * br;
                let left = (b % (n / bc)) * bc;
                Cell(((top + i / bc) * n + left + i % bc) as u16)
            }
        })
    }
    /// Whether two distinct cells share a house.
    pub fn sees(self, a: Cell, b: Cell) -> bool {
        a != b
            && (self.row(a) == self.row(b)
                || self.col(a) == self.col(b)
                || (self.box_of(a).is_some() && self.box_of(a) == self.box_of(b)))
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
    pub fn parse_symbol(self, ch: char) -> Option<u8> {
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

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.box_dims() {
            Some((r, c)) => write!(f, "{n}x{n} (boxes {r}x{c})", n = self.size),
            None => write!(f, "{n}x{n} Latin square", n = self.size),
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

/// Precomputed houses and peers of a shape, for code that walks them in hot loops.
#[derive(Clone, Debug)]
pub struct Geometry {
    pub shape: Shape,
    /// For every house (rows, columns, boxes), its cells.
    pub house_cells: Vec<Vec<u16>>,
    /// For every cell, the indices of its houses in `house_cells`.
    pub cell_houses: Vec<[u16; 3]>,
    /// How many houses each cell has (2 for Latin squares, else 3).
    pub houses_per_cell: usize,
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
        let houses_per_cell = if shape.is_latin() { 2 } else { 3 };
        let cell_houses = shape
            .cells()
            .map(|c| {
                let b = shape.box_of(c).map_or(0, |b| 2 * n + b);
                [shape.row(c) as u16, (n + shape.col(c)) as u16, b as u16]
            })
            .collect();
        let peers = shape
            .cells()
            .map(|a| {
                shape
                    .cells()
                    .filter(|&b| shape.sees(a, b))
                    .map(|b| b.0)
                    .collect()
            })
            .collect();
        Geometry {
            shape,
            house_cells,
            cell_houses,
            houses_per_cell,
            peers,
        }
    }

    pub fn house(&self, index: usize) -> House {
        let n = self.shape.size();
        match index / n {
            0 => House::Row(index as u8),
            1 => House::Col((index - n) as u8),
            _ => House::Box((index - 2 * n) as u8),
        }
    }

    pub fn houses_of(&self, cell: usize) -> &[u16] {
        &self.cell_houses[cell][..self.houses_per_cell]
    }
}
