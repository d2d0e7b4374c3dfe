//! Where each cell and each grid line of a board goes on screen, for every
//! size from 4x4 to 25x25 (and Latin squares): pure arithmetic, no drawing.

use crate::engine::Shape;

/// How thick a grid line is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    Thin,
    Heavy,
}

/// One way to lay a board out, from roomiest to tightest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Density {
    /// Tall cells with the notes drawn inside, lines between all cells, and
    /// an odd number of rows so a digit sits on the middle one (a notes grid
    /// of two rows, as on 4x4, gets a third).
    Roomy,
    /// Roomy cells with lines between all columns but between boxes only
    /// down the board, for notes grids of two rows (a 6x6, whose boxes are
    /// two rows high): each cell keeps its middle row for the digit, notes
    /// above and below it, and a 6x6 fits 80x24 (22 rows, as 9x9 pencil
    /// cells do) where lines under every cell would need 25.
    Open,
    /// As roomy, but exactly as many rows as the notes grid: a digit sits
    /// just above the middle of an even-height cell.
    Snug,
    /// Pencil cells: two rows holding the notes side by side in their own
    /// places (1-5 over 6-9 on a 9x9), lines between columns and between
    /// boxes only, so a 9x9 with notes fits 55x22 (an 80x24 terminal).
    Pencil,
    /// Pencil cells with a line under every row too, for boards whose
    /// borders run between any two rows (jigsaw regions, killer cages):
    /// a 9x9 with notes fits 55x28 (a 100x30 terminal), where without it
    /// a jigsaw drops its notes until 120x40.
    RuledPencil,
    /// One text row per cell, lines between all cells.
    Lined,
    /// One text row per cell, lines only between boxes.
    Compact,
    /// Two columns per cell, lines only between boxes.
    Tight,
}

impl Density {
    pub const ALL: [Density; 8] = [
        Density::Roomy,
        Density::Open,
        Density::Snug,
        Density::RuledPencil,
        Density::Pencil,
        Density::Lined,
        Density::Compact,
        Density::Tight,
    ];

    /// Cells of two rows with one place per note.
    pub fn is_pencil(self) -> bool {
        matches!(self, Density::Pencil | Density::RuledPencil)
    }
}

/// The positions of a board's cells and lines, relative to its top-left corner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardLayout {
    pub density: Density,
    pub size: usize,
    pub cell_width: u16,
    pub cell_height: u16,
    /// x of each column's first character.
    pub col_x: Vec<u16>,
    /// y of each row's first line.
    pub row_y: Vec<u16>,
    /// For each of the `size + 1` column boundaries: its x and weight, if drawn.
    pub vlines: Vec<Option<(u16, Line)>>,
    /// For each of the `size + 1` row boundaries: its y and weight, if drawn.
    pub hlines: Vec<Option<(u16, Line)>>,
    pub width: u16,
    pub height: u16,
    /// Rows and columns of the little grid of notes inside a cell that
    /// shows them (roomy, snug or pencil).
    pub notes_grid: (usize, usize),
}

/// Pencil cells hold one character per note, so only boards whose digits
/// are single characters get them.
const PENCIL_MAX_SIZE: usize = 9;

/// Rows and columns for the notes of one cell: the box shape, or the
/// squarest grid that holds every digit for a Latin square.
pub fn notes_grid(shape: Shape) -> (usize, usize) {
    match shape.box_dims() {
        Some(dims) => dims,
        None => {
            let n = shape.size();
            let cols = (1..=n).find(|c| c * c >= n).unwrap_or(n);
            (n.div_ceil(cols), cols)
        }
    }
}

impl BoardLayout {
    pub fn new(shape: Shape, density: Density) -> BoardLayout {
        let n = shape.size();
        // A Latin square has one "box": the whole board.
        let (box_rows, box_cols) = shape.box_dims().unwrap_or((n, n));
        let mut notes_grid = notes_grid(shape);
        if density.is_pencil() {
            notes_grid = (2, n.div_ceil(2));
        }
        let (cell_width, cell_height, every_line) = match density {
            Density::Roomy | Density::Open => {
                let rows = notes_grid.0 as u16;
                (2 * notes_grid.1 as u16 + 1, rows | 1, true)
            }
            Density::Snug => (2 * notes_grid.1 as u16 + 1, notes_grid.0 as u16, true),
            // An odd width, so a digit has a middle column (a 7x7 Latin
            // square's 4 notes a row would leave it off-centre).
            Density::Pencil | Density::RuledPencil => (notes_grid.1 as u16 | 1, 2, true),
            Density::Lined => (3, 1, true),
            Density::Compact => (3, 1, false),
            Density::Tight => (2, 1, false),
        };
        let (col_x, vlines, width) = axis(n, box_cols, cell_width, every_line);
        // Pencil cells are told apart vertically by their two-row rhythm
        // and the box lines; a line under every cell would not fit 80x24.
        let every_hline = every_line && !matches!(density, Density::Pencil | Density::Open);
        let (row_y, hlines, height) = axis(n, box_rows, cell_height, every_hline);
        BoardLayout {
            density,
            size: n,
            cell_width,
            cell_height,
            col_x,
            row_y,
            vlines,
            hlines,
            width,
            height,
            notes_grid,
        }
    }

    /// The roomiest layout that fits in `width` x `height`.
    pub fn fitting(shape: Shape, width: u16, height: u16) -> Option<BoardLayout> {
        BoardLayout::fitting_caged(shape, false, width, height)
    }

    /// [`BoardLayout::fitting`] for a board with killer cages (`caged`)
    /// or without.
    pub fn fitting_caged(
        shape: Shape,
        caged: bool,
        width: u16,
        height: u16,
    ) -> Option<BoardLayout> {
        BoardLayout::candidates_caged(shape, caged).find(|g| g.width <= width && g.height <= height)
    }

    /// Every layout this shape can have, from roomiest to tightest. A
    /// jigsaw's borders run between any two cells, so its pencil cells
    /// are ruled (a line under every row), not open between a box's rows.
    pub fn candidates(shape: Shape) -> impl Iterator<Item = BoardLayout> {
        BoardLayout::candidates_caged(shape, false)
    }

    /// [`BoardLayout::candidates`] for a board with killer cages
    /// (`caged`): a cage's edge runs between any two rows, and the open
    /// layout has no line between the rows of a box to draw it on (the
    /// pencil layout keeps a 9x9 killer with its notes at 80x24, its cages
    /// told by their sums' marks and the lines between columns).
    pub fn candidates_caged(shape: Shape, caged: bool) -> impl Iterator<Item = BoardLayout> {
        Density::ALL
            .iter()
            .filter(move |&&d| match d {
                Density::Pencil => shape.size() <= PENCIL_MAX_SIZE && !shape.is_jigsaw(),
                // Where region or cage borders need the rows' lines: a
                // classic board keeps the tighter open pencil cells.
                Density::RuledPencil => {
                    shape.size() <= PENCIL_MAX_SIZE && (shape.is_jigsaw() || caged)
                }
                // Only where the roomy cell has a spare middle row to
                // keep; a jigsaw's borders need a line between any rows.
                // A Latin square's one "box" would leave no line at all.
                Density::Open => {
                    notes_grid(shape).0 == 2
                        && shape.box_dims().is_some()
                        && !shape.is_jigsaw()
                        && !caged
                }
                _ => true,
            })
            .map(move |&d| BoardLayout::new(shape, d))
    }

    /// The tightest layout: the least room any board of this shape needs.
    pub fn smallest(shape: Shape) -> BoardLayout {
        BoardLayout::new(shape, Density::Tight)
    }

    /// Whether notes are drawn inside the cells.
    pub fn notes_inside(&self) -> bool {
        matches!(
            self.density,
            Density::Roomy | Density::Open | Density::Snug | Density::Pencil | Density::RuledPencil
        )
    }

    /// The column whose cells span `x` (0 off every column): where a
    /// horizontal line's stretch at `x` belongs, for the region and cage
    /// borders.
    pub fn col_at(&self, x: u16) -> usize {
        span_at(&self.col_x, self.cell_width, x).unwrap_or(0)
    }

    /// The row whose cells span `y` (0 off every row).
    pub fn row_at(&self, y: u16) -> usize {
        span_at(&self.row_y, self.cell_height, y).unwrap_or(0)
    }

    /// The column boundary drawn at `x`, if one is.
    pub fn vline_at(&self, x: u16) -> Option<usize> {
        self.vlines
            .iter()
            .position(|v| matches!(v, Some((vx, _)) if *vx == x))
    }

    /// The cell under a point relative to the board's corner, if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<(usize, usize)> {
        Some((
            span_at(&self.row_y, self.cell_height, y)?,
            span_at(&self.col_x, self.cell_width, x)?,
        ))
    }
}

/// Which of the spans starting at `starts`, each `extent` long, holds `v`.
fn span_at(starts: &[u16], extent: u16, v: u16) -> Option<usize> {
    starts.iter().position(|&s| v >= s && v < s + extent)
}

/// Positions along one axis: cell starts, boundary lines, total length.
#[allow(clippy::type_complexity)]
fn axis(
    n: usize,
    box_len: usize,
    cell_len: u16,
    every_line: bool,
) -> (Vec<u16>, Vec<Option<(u16, Line)>>, u16) {
    let mut starts = Vec::with_capacity(n);
    let mut lines = Vec::with_capacity(n + 1);
    let mut at = 0u16;
    for k in 0..=n {
        let heavy = k % box_len == 0;
        if heavy || every_line {
            lines.push(Some((at, if heavy { Line::Heavy } else { Line::Thin })));
            at += 1;
        } else {
            lines.push(None);
        }
        if k < n {
            starts.push(at);
            at += cell_len;
        }
    }
    (starts, lines, at)
}

/// The box-drawing character where a vertical and a horizontal line meet.
/// `None` in an arm means the line does not go that way (the board's edge).
pub fn junction(
    vertical: Option<Line>,
    horizontal: Option<Line>,
    up: bool,
    down: bool,
    left: bool,
    right: bool,
) -> char {
    use Line::{Heavy as H, Thin as T};
    match (vertical, horizontal) {
        (None, Some(H)) => '━',
        (None, Some(T)) => '─',
        (Some(H), None) => '┃',
        (Some(T), None) => '│',
        (None, None) => ' ',
        (Some(v), Some(h)) => match (up, down, left, right) {
            (false, true, false, true) => '┏',
            (false, true, true, false) => '┓',
            (true, false, false, true) => '┗',
            (true, false, true, false) => '┛',
            (false, true, true, true) => match v {
                H => '┳',
                T => '┯',
            },
            (true, false, true, true) => match v {
                H => '┻',
                T => '┷',
            },
            (true, true, false, true) => match h {
                H => '┣',
                T => '┠',
            },
            (true, true, true, false) => match h {
                H => '┫',
                T => '┨',
            },
            _ => match (v, h) {
                (H, H) => '╋',
                (H, T) => '╂',
                (T, H) => '┿',
                (T, T) => '┼',
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_by_nine_pencil_cells_fit_80x24_with_room_for_a_status_line() {
        let g = BoardLayout::new(Shape::CLASSIC, Density::Pencil);
        // 9 cells of 5 columns and 10 lines; 9 cells of 2 rows and 4 box lines.
        assert_eq!((g.width, g.height), (55, 22));
        assert_eq!(g.notes_grid, (2, 5));
        assert!(g.notes_inside());
        assert_eq!(g.vlines[3], Some((18, Line::Heavy)));
        assert_eq!(g.vlines[1], Some((6, Line::Thin)));
        assert_eq!(g.hlines[1], None, "no line between the rows of a box");
        assert_eq!(
            BoardLayout::fitting(Shape::CLASSIC, 80, 22).map(|g| g.density),
            Some(Density::Pencil)
        );
        // One row less and the notes go: one-line cells.
        assert_eq!(
            BoardLayout::fitting(Shape::CLASSIC, 80, 21).map(|g| g.density),
            Some(Density::Lined)
        );
        let lined = BoardLayout::new(Shape::CLASSIC, Density::Lined);
        assert_eq!((lined.width, lined.height), (37, 19));
    }

    #[test]
    fn ruled_pencil_cells_fit_100x30_for_borders_between_any_rows() {
        let g = BoardLayout::new(Shape::CLASSIC, Density::RuledPencil);
        assert_eq!((g.width, g.height), (55, 28));
        assert!(g.notes_inside());
        assert_eq!(g.hlines[1], Some((3, Line::Thin)), "a line under every row");
        // Only where borders need them: a killer's cages (or a jigsaw's
        // regions, see tests/ui_variants.rs); a classic's pencil cells
        // stay open between a box's rows.
        assert_eq!(
            BoardLayout::fitting_caged(Shape::CLASSIC, true, 80, 28).map(|g| g.density),
            Some(Density::RuledPencil)
        );
        assert_eq!(
            BoardLayout::fitting_caged(Shape::CLASSIC, true, 80, 27).map(|g| g.density),
            Some(Density::Pencil)
        );
        assert!(BoardLayout::candidates(Shape::CLASSIC).all(|g| g.density != Density::RuledPencil));
        let s16 = Shape::sudoku(16).expect("16");
        assert!(BoardLayout::candidates_caged(s16, true).all(|g| !g.density.is_pencil()));
    }

    #[test]
    fn pencil_cells_are_for_boards_of_single_character_digits() {
        let s16 = Shape::sudoku(16).expect("16");
        assert!(BoardLayout::candidates(s16).all(|g| g.density != Density::Pencil));
        let s6 = Shape::sudoku(6).expect("6");
        assert!(BoardLayout::candidates(s6).any(|g| g.density == Density::Pencil));
    }

    #[test]
    fn roomy_nine_by_nine_fits_120x40() {
        let g = BoardLayout::new(Shape::CLASSIC, Density::Roomy);
        assert_eq!((g.width, g.height), (73, 37));
        assert!(g.notes_inside());
    }

    #[test]
    fn roomy_cells_have_a_middle_row_and_fall_back_to_snug_ones() {
        let s4 = Shape::sudoku(4).expect("4");
        let g = BoardLayout::new(s4, Density::Roomy);
        assert_eq!((g.cell_height, g.notes_grid), (3, (2, 2)));
        assert_eq!(
            BoardLayout::fitting(s4, 80, 22).map(|g| g.density),
            Some(Density::Roomy)
        );
        // 6x6 with a middle row and a line under every cell needs 25
        // rows; with lines between boxes only, 22 hold the same cells (the
        // digits in the middle, issue 28), and a little less falls back
        // to two-row cells.
        let s6 = Shape::sudoku(6).expect("6");
        assert_eq!(BoardLayout::new(s6, Density::Roomy).height, 25);
        let open = BoardLayout::fitting(s6, 80, 22).expect("6x6 fits 80x22");
        assert_eq!(
            (open.density, open.cell_height, open.height),
            (Density::Open, 3, 22)
        );
        assert!(open.notes_inside());
        assert_eq!(open.hlines.iter().flatten().count(), 4, "box lines only");
        assert_eq!(
            open.vlines.iter().flatten().count(),
            7,
            "every column's line"
        );
        // A 6x6 killer keeps a line under every row for its cages' edges:
        // two-row cells with notes, as before the open layout.
        let caged = BoardLayout::fitting_caged(s6, true, 80, 22).expect("a 6x6 killer fits");
        assert_eq!(caged.density, Density::Snug);
        assert!(caged.notes_inside());
        assert_eq!(caged.hlines.iter().flatten().count(), 7, "every row's line");
        let snug = BoardLayout::fitting(s6, 80, 21).expect("6x6 fits 80x21");
        assert_eq!((snug.density, snug.cell_height), (Density::Snug, 2));
        // Not for a Latin square (its one box would leave no line across)
        // nor a jigsaw.
        let latin = Shape::latin(6).expect("6x6 Latin");
        assert!(BoardLayout::candidates(latin).all(|g| g.density != Density::Open));
        // Odd notes grids already have a middle row.
        assert_eq!(
            BoardLayout::new(Shape::CLASSIC, Density::Roomy),
            BoardLayout {
                density: Density::Roomy,
                ..BoardLayout::new(Shape::CLASSIC, Density::Snug)
            }
        );
    }

    #[test]
    fn a_digit_has_a_middle_column_in_every_cell_of_every_layout() {
        // A 7x7 Latin square's pencil cells were 4 wide: its digits sat
        // one column left of the middle.
        for n in 2..=25 {
            let shapes = [Shape::sudoku(n).ok(), Shape::latin(n).ok()];
            for shape in shapes.into_iter().flatten() {
                for g in BoardLayout::candidates(shape) {
                    if g.density != Density::Tight {
                        assert_eq!(g.cell_width % 2, 1, "{n}x{n} {:?}", g.density);
                    }
                }
            }
        }
    }

    #[test]
    fn big_boards_fall_back_to_compact_layouts() {
        let s16 = Shape::sudoku(16).expect("16");
        assert_eq!(
            BoardLayout::fitting(s16, 80, 22).map(|g| g.density),
            Some(Density::Compact)
        );
        let s25 = Shape::sudoku(25).expect("25");
        assert_eq!(BoardLayout::fitting(s25, 80, 22), None);
        let tight = BoardLayout::smallest(s25);
        assert_eq!((tight.width, tight.height), (56, 31));
    }

    #[test]
    fn cell_at_finds_cells_and_misses_lines() {
        let g = BoardLayout::new(Shape::CLASSIC, Density::Lined);
        assert_eq!(g.cell_at(1, 1), Some((0, 0)));
        assert_eq!(g.cell_at(0, 1), None);
        assert_eq!(g.cell_at(35, 17), Some((8, 8)));
    }
}
