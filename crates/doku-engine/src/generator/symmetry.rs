//! Symmetry of the givens: which cells are removed together.

use crate::shape::Shape;
use crate::Named;

/// The pattern of the givens is unchanged by this map of the grid. The maps
/// act on cell positions only, so every one applies to every square board,
/// whatever its box shape.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: cells are removed one at a time.
    None,
    /// Turning the board half a turn.
    #[default]
    Rotate180,
    /// Turning the board a quarter turn.
    Rotate90,
    /// Reflecting left to right.
    Mirror,
    /// Reflecting in the main diagonal (top left to bottom right).
    Diagonal,
}

impl crate::Named for Symmetry {
    const ALL: &'static [Symmetry] = &[
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];
    const KIND: &'static str = "symmetry";

    fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rotate180 => "rotate180",
            Symmetry::Rotate90 => "rotate90",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Symmetry::None => "no symmetry: cells are removed one at a time",
            Symmetry::Rotate180 => "unchanged by half a turn",
            Symmetry::Rotate90 => "unchanged by a quarter turn",
            Symmetry::Mirror => "unchanged by reflecting left to right",
            Symmetry::Diagonal => "unchanged by reflecting in the main diagonal",
        }
    }
}

impl Symmetry {
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
