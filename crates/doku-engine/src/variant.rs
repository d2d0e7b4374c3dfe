//! The variants doku plays, by name: the classic rules, and the rules that
//! add houses (X's diagonals, windoku's windows) or replace the boxes with
//! irregular regions (jigsaw). The command line, the config file and the
//! game's deal key take their names from here.

use crate::shape::{Shape, ShapeError, MAX_JIGSAW_SIZE};
use crate::Named;

/// The largest killer doku deals and plays: past it, cages of a few cells
/// hold too little of the board's sums for a person to solve by.
pub const MAX_KILLER_SIZE: usize = 16;

/// The largest killer dealt: past it the uniqueness search on a nearly
/// empty board takes minutes (a 12x12 with no givens, over 60 s).
pub const MAX_DEALT_KILLER_SIZE: usize = 10;

/// A rule set: which houses a puzzle has besides its rows and columns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Both main diagonals are houses too.
    X,
    /// Four more 3x3 windows (on 9x9) are houses too.
    Windoku,
    /// Windoku and X together.
    WindokuX,
    /// Irregular regions instead of boxes.
    Jigsaw,
    /// A jigsaw with both diagonals.
    JigsawX,
    /// Cages with sums over the classic rules.
    Killer,
    /// A killer whose diagonals are houses too.
    KillerX,
}

impl Named for Variant {
    const ALL: &'static [Variant] = &[
        Variant::Classic,
        Variant::X,
        Variant::Windoku,
        Variant::WindokuX,
        Variant::Jigsaw,
        Variant::JigsawX,
        Variant::Killer,
        Variant::KillerX,
    ];
    const KIND: &'static str = "variant";

    fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::WindokuX => "windoku,x",
            Variant::Jigsaw => "jigsaw",
            Variant::JigsawX => "jigsaw,x",
            Variant::Killer => "killer",
            Variant::KillerX => "killer,x",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Variant::Classic => "rows, columns and boxes",
            Variant::X => "both main diagonals hold every digit once too",
            Variant::Windoku => "four windows (rows and columns 2-4, 6-8 on 9x9) are houses too",
            Variant::WindokuX => "windoku and X together",
            Variant::Jigsaw => "irregular regions instead of boxes",
            Variant::JigsawX => "a jigsaw whose diagonals are houses too",
            Variant::Killer => "cages whose digits differ and add up to the cage's sum",
            Variant::KillerX => "a killer whose diagonals are houses too",
        }
    }
}

impl std::fmt::Display for Variant {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What a variant name can be made of: parts joined by `,` or `+`, in any order.
const PARTS: &str = "classic, x (or diagonal), windoku (or hyper), jigsaw (or irregular), \
                     killer (or sumdoku), and the pairs jigsaw,x, windoku,x and killer,x";

impl Variant {
    /// The variant of a shape's houses (cages are not the shape's: see
    /// [`Variant::of_board`]).
    pub fn of(shape: &Shape) -> Variant {
        let extras = shape.extras();
        Variant::from_parts(shape.is_jigsaw(), extras.windows, extras.diagonals)
    }

    /// The variant of a puzzle: its houses, and whether it has cages.
    pub fn of_board(board: &crate::Board) -> Variant {
        let houses = Variant::of(&board.shape());
        match (board.is_killer(), houses.has_diagonals()) {
            (true, true) => Variant::KillerX,
            (true, false) => Variant::Killer,
            (false, _) => houses,
        }
    }

    /// This variant without its cages: the houses a killer is played in.
    pub fn houses(self) -> Variant {
        match self {
            Variant::Killer => Variant::Classic,
            Variant::KillerX => Variant::X,
            other => other,
        }
    }

    /// The variant with these parts (windows on a jigsaw are not one: the
    /// jigsaw wins, as `parse` refuses the pair).
    fn from_parts(jigsaw: bool, windows: bool, diagonals: bool) -> Variant {
        match (jigsaw, windows, diagonals) {
            (true, _, false) => Variant::Jigsaw,
            (true, _, true) => Variant::JigsawX,
            (false, true, true) => Variant::WindokuX,
            (false, true, false) => Variant::Windoku,
            (false, false, true) => Variant::X,
            (false, false, false) => Variant::Classic,
        }
    }

    /// A variant from its parts, in any order and case: `x`, `jigsaw,x`,
    /// `X+windoku`, `diagonal`, `hyper`, `irregular`.
    pub fn parse(text: &str) -> Result<Variant, String> {
        let (mut jigsaw, mut windows, mut diagonals, mut killer) = (false, false, false, false);
        for part in text.split([',', '+']) {
            match part.trim().to_ascii_lowercase().as_str() {
                "classic" | "sudoku" => {}
                "x" | "diagonal" | "diagonals" => diagonals = true,
                "windoku" | "hyper" | "window" | "windows" => windows = true,
                "jigsaw" | "irregular" => jigsaw = true,
                "killer" | "sumdoku" | "cages" => killer = true,
                "" => return Err(format!("empty variant in {text:?}; valid: {PARTS}")),
                other => return Err(format!("unknown variant {other:?}; valid: {PARTS}")),
            }
        }
        if jigsaw && windows {
            return Err(
                "jigsaw and windoku do not combine: windows need the standard boxes".to_string(),
            );
        }
        if killer && (jigsaw || windows) {
            return Err(format!(
                "killer combines with x only (killer,x), not with {}",
                if jigsaw { "jigsaw" } else { "windoku" }
            ));
        }
        if killer {
            return Ok(if diagonals {
                Variant::KillerX
            } else {
                Variant::Killer
            });
        }
        Ok(Variant::from_parts(jigsaw, windows, diagonals))
    }

    pub fn is_killer(self) -> bool {
        matches!(self, Variant::Killer | Variant::KillerX)
    }

    pub fn is_jigsaw(self) -> bool {
        matches!(self, Variant::Jigsaw | Variant::JigsawX)
    }
    pub fn has_diagonals(self) -> bool {
        matches!(
            self,
            Variant::X | Variant::WindokuX | Variant::JigsawX | Variant::KillerX
        )
    }
    pub fn has_windows(self) -> bool {
        matches!(self, Variant::Windoku | Variant::WindokuX)
    }

    /// Why this variant cannot be played on boards of `size` (with the
    /// standard boxes of that size, or as a Latin square when `latin`).
    pub fn unplayable_on(self, size: usize, latin: bool) -> Option<String> {
        if self.is_killer() && !(4..=MAX_KILLER_SIZE).contains(&size) {
            return Some(format!(
                "killer is played on sizes 4 to {MAX_KILLER_SIZE}, not {size}x{size}"
            ));
        }
        if self.is_jigsaw() && !(4..=MAX_JIGSAW_SIZE).contains(&size) {
            return Some(format!(
                "jigsaw is played on sizes 4 to {MAX_JIGSAW_SIZE}, not {size}x{size}"
            ));
        }
        if self.is_jigsaw() && latin {
            return Some("a jigsaw has regions, a Latin square has none".to_string());
        }
        if self.has_windows() && (latin || ![4, 9, 16, 25].contains(&size)) {
            return Some(format!(
                "windoku needs square boxes (4x4, 9x9, 16x16, 25x25), not a {size}x{size}{}",
                if latin { " Latin square" } else { "" }
            ));
        }
        None
    }

    /// Why this variant cannot be dealt on a board of `size` (Latin square
    /// or not), if it cannot: where it cannot be played, and killers past
    /// [`MAX_DEALT_KILLER_SIZE`].
    pub fn undealable_on(self, size: usize, latin: bool) -> Option<String> {
        if let Some(why) = self.unplayable_on(size, latin) {
            return Some(why);
        }
        if self.is_killer() && size > MAX_DEALT_KILLER_SIZE {
            return Some(format!(
                "killer deals go up to {MAX_DEALT_KILLER_SIZE}x{MAX_DEALT_KILLER_SIZE}, not \
                 {size}x{size} (a larger killer with no givens takes minutes to prove unique); \
                 a larger killer of your own plays from a file"
            ));
        }
        None
    }

    /// `shape` with this variant's houses added to those it has: the rules
    /// of a puzzle read with `--variant`. A jigsaw's regions come from the
    /// puzzle (its region map): `jigsaw` on a puzzle without them is
    /// refused, as is windoku without square boxes. `classic` adds nothing.
    pub fn add_to(self, shape: Shape) -> Result<Shape, VariantError> {
        if self.is_jigsaw() && !shape.is_jigsaw() {
            return Err(VariantError::NoRegions);
        }
        let mut shape = shape;
        if self.has_windows() && !shape.extras().windows {
            shape = shape.with_windows().map_err(VariantError::Shape)?;
        }
        if self.has_diagonals() {
            shape = shape.with_diagonals();
        }
        Ok(shape)
    }

    /// `base` (boxes, regions or a Latin square) with this variant's extra
    /// houses. The regions of a jigsaw come with `base`: a jigsaw variant
    /// on a base without regions is refused, as is windoku without boxes.
    pub fn apply(self, base: Shape) -> Result<Shape, VariantError> {
        self.add_to(base.without_extras())
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    #[error("a jigsaw needs its regions: write the region map after the givens (one symbol per cell, a space between), or give an f-puzzles file")]
    NoRegions,
    #[error(transparent)]
    Shape(ShapeError),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_and_parts_combine_in_any_order() {
        for &v in Variant::ALL {
            assert_eq!(Variant::parse(v.name()), Ok(v));
        }
        assert_eq!(Variant::parse("X+Jigsaw"), Ok(Variant::JigsawX));
        assert_eq!(Variant::parse("hyper, diagonal"), Ok(Variant::WindokuX));
        let err = Variant::parse("jigsaw,windoku").unwrap_err();
        assert!(err.contains("do not combine"), "{err}");
        assert_eq!(Variant::parse("X+killer"), Ok(Variant::KillerX));
        let err = Variant::parse("killer,jigsaw").unwrap_err();
        assert!(err.contains("killer combines with x only"), "{err}");
        let err = Variant::parse("samurai").unwrap_err();
        assert!(
            err.contains("\"samurai\"") && err.contains("killer"),
            "{err}"
        );
    }

    #[test]
    fn a_variant_applied_to_a_shape_reads_back() {
        let x = Variant::X.apply(Shape::CLASSIC).expect("x on 9x9");
        assert_eq!(Variant::of(&x), Variant::X);
        assert_eq!(x.to_string(), "9x9 X (boxes 3x3)");
        let w = Variant::WindokuX.apply(Shape::CLASSIC).expect("windoku x");
        assert_eq!(Variant::of(&w), Variant::WindokuX);
        assert_eq!(Variant::Classic.apply(w), Ok(Shape::CLASSIC));
        assert_eq!(
            Variant::Jigsaw.apply(Shape::CLASSIC),
            Err(VariantError::NoRegions)
        );
        let six = Shape::sudoku(6).expect("6x6");
        assert!(Variant::Windoku.apply(six).is_err());
        assert!(Variant::Windoku.unplayable_on(6, false).is_some());
        assert!(Variant::X.unplayable_on(7, true).is_none());
    }
}
