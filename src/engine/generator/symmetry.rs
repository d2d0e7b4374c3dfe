//! Symmetry of the givens: which cells are removed together.

use crate::engine::shape::Shape;

/// The pattern of the givens is unchanged by this map of the grid. The maps
/// act on cell positions only, so every one applies to every square board,
/// whatever its box shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, clap::ValueEnum)]
pub enum Symmetry {
    /// No symmetry: cells are removed one at a time.
    #[value(name = "none")]
    None,
    /// Turning the board half a turn.
    #[default]
    #[value(name = "rotate180")]
    Rotate180,
    /// Turning the board a quarter turn.
    #[value(name = "rotate90")]
    Rotate90,
    /// Reflecting left to right.
    #[value(name = "mirror")]
    Mirror,
    /// Reflecting in the main diagonal (top left to bottom right).
    #[value(name = "diagonal")]
    Diagonal,
}

impl Symmetry {
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    /// The maps that generate the symmetry, on (row, col) of an `n`x`n` grid.
    fn image(self, n: usize, (r, c): (usize, usize)) -> (usize, usize) {
        match self {
            Symmetry::None => (r, c),
            Symmetry::Rotate180 => (n - 1 - r, n - 1 - c),
            Symmetry::Rotate90 => (c, n - 1 - r),
            Symmetry::Mirror => (r, n - 1 - c),
            Symmetry::Diagonal => (c, r),
        }
    }

    /// The cell a cell maps to (applying the generating map once).
    pub fn map_cell(self, shape: Shape, cell: usize) -> usize {
        let n = shape.size();
        let (r, c) = self.image(n, (cell / n, cell % n));
        r * n + c
    }

    /// The cells of `shape` grouped into orbits: the givens keep this
    /// symmetry when each orbit is kept or removed whole. Orbits come in
    /// reading order of their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<u16>> {
        let cells = shape.cell_count();
        let mut seen = vec![false; cells];
        let mut orbits = Vec::new();
        for start in 0..cells {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::with_capacity(4);
            let mut cell = start;
            while !seen[cell] {
                seen[cell] = true;
                orbit.push(cell as u16);
                cell = self.map_cell(shape, cell);
            }
            orbits.push(orbit);
        }
        orbits
    }
}

impl std::fmt::Display for Symmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
