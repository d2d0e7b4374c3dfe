//! A killer's cages on the board, drawn over the grid's own lines so the
//! notes keep their room: each piece of line between two cells is solid
//! where they lie in different cages (in the cage style) and dotted where
//! one cage goes on across it (`┊` `┈`, heavy `╏` `╍` on a box line), so
//! every cage is a closed outline and the grid still shows inside it.
//! Where a layout has no line between two rows (the pencil cells of a 9x9
//! at 80x24), the upper cell's last row is underlined instead.
//!
//! A cage's sum sits at its top-left corner: on the line above its first
//! cell where there is one, else (pencil cells) in small raised digits in
//! the cell's top-left corner, which pencil cells of a killer keep free
//! for it by laying their notes one place on (`·1234` over `56789`); a
//! two-digit sum takes the line beside it for its tens. The tightest
//! layouts (one-row cells, lines between boxes only) write it left of the
//! cell's digit when it fits there, over the cell while it is empty, and
//! leave it to the panel otherwise. The play board, the editor and the
//! solver view share it.

use super::geometry::{BoardLayout, Density, Line};
use super::variant::arms;
use crate::engine::killer::Cages;
use crate::engine::{Cell, Shape};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};

/// A light line inside a cage (between two of its cells).
pub const INSIDE_V: char = '┊';
pub const INSIDE_H: char = '┈';
/// A box line that a cage goes on across.
pub const INSIDE_HEAVY_V: char = '╏';
pub const INSIDE_HEAVY_H: char = '╍';

/// What a piece of line between two cells (or a cell and the frame) is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Piece {
    /// Between two cages, a cage and a cell in none, or at the frame.
    Border(Line),
    /// Between two cells of one cage.
    Inside(Line),
    /// Between two cells in no cage: the plain grid.
    Plain(Line),
}

impl Piece {
    fn weight(self) -> Line {
        match self {
            Piece::Border(w) | Piece::Inside(w) | Piece::Plain(w) => w,
        }
    }
    /// The piece as an arm of a junction: solid pieces only.
    fn arm(self) -> Option<Line> {
        match self {
            Piece::Border(w) | Piece::Plain(w) => Some(w),
            Piece::Inside(_) => None,
        }
    }
}

/// The cages and the board they are drawn on.
struct Outline<'a> {
    shape: Shape,
    cages: &'a Cages,
}

impl Outline<'_> {
    /// The piece between cells `a` and `b` (`None`: off the board).
    fn piece(&self, a: Option<(usize, usize)>, b: Option<(usize, usize)>) -> Piece {
        let (Some(a), Some(b)) = (a, b) else {
            return Piece::Border(Line::Heavy);
        };
        let (a, b) = (self.shape.cell(a.0, a.1), self.shape.cell(b.0, b.1));
        let weight = if self.shape.box_of(a) == self.shape.box_of(b) {
            Line::Thin
        } else {
            Line::Heavy
        };
        match (self.cages.cage_of(a), self.cages.cage_of(b)) {
            (Some(x), Some(y)) if x == y => Piece::Inside(weight),
            (None, None) => Piece::Plain(weight),
            _ => Piece::Border(weight),
        }
    }

    /// The piece of vertical line `vi` (left of column `vi`) beside row `r`.
    fn v_piece(&self, vi: usize, r: usize) -> Piece {
        let n = self.shape.size();
        self.piece((vi > 0).then(|| (r, vi - 1)), (vi < n).then_some((r, vi)))
    }

    /// The piece of horizontal line `hi` (above row `hi`) over column `c`.
    fn h_piece(&self, hi: usize, c: usize) -> Piece {
        let n = self.shape.size();
        self.piece((hi > 0).then(|| (hi - 1, c)), (hi < n).then_some((hi, c)))
    }

    /// Whether cells `a` and `b` lie in different cages (or one in none).
    fn apart(&self, a: Cell, b: Cell) -> bool {
        match (self.cages.cage_of(a), self.cages.cage_of(b)) {
            (Some(x), Some(y)) => x != y,
            (None, None) => false,
            _ => true,
        }
    }
}

fn piece_char(piece: Piece, vertical: bool) -> char {
    match (piece, vertical) {
        (Piece::Inside(Line::Thin), true) => INSIDE_V,
        (Piece::Inside(Line::Thin), false) => INSIDE_H,
        (Piece::Inside(Line::Heavy), true) => INSIDE_HEAVY_V,
        (Piece::Inside(Line::Heavy), false) => INSIDE_HEAVY_H,
        (solid, true) => arms(Some(solid.weight()), None, Some(solid.weight()), None),
        (solid, false) => arms(None, Some(solid.weight()), None, Some(solid.weight())),
    }
}

fn piece_style(theme: &Theme, piece: Piece) -> Style {
    match piece {
        Piece::Border(_) => theme.cage_line(),
        Piece::Inside(Line::Thin) | Piece::Plain(Line::Thin) => theme.grid_line(),
        Piece::Inside(Line::Heavy) | Piece::Plain(Line::Heavy) => theme.box_line(),
    }
}

/// Every line the layout draws, as the cages make it (in place of the
/// plain grid): solid around cages, dotted inside them.
pub fn render_cage_lines(
    g: &BoardLayout,
    theme: &Theme,
    shape: Shape,
    cages: &Cages,
    area: Rect,
    buf: &mut Buffer,
) {
    let outline = Outline { shape, cages };
    let n = shape.size();
    for (hi, h) in g.hlines.iter().enumerate() {
        let Some((y, _)) = *h else { continue };
        for x in 0..g.width {
            let (ch, style) = match g.vline_at(x) {
                Some(vi) => {
                    let up = (hi > 0).then(|| outline.v_piece(vi, hi - 1));
                    let down = (hi < n).then(|| outline.v_piece(vi, hi));
                    let left = (vi > 0).then(|| outline.h_piece(hi, vi - 1));
                    let right = (vi < n).then(|| outline.h_piece(hi, vi));
                    junction(theme, [up, right, down, left])
                }
                None => {
                    let piece = outline.h_piece(hi, g.col_at(x));
                    (piece_char(piece, false), piece_style(theme, piece))
                }
            };
            put(buf, area.x + x, area.y + y, ch, style);
        }
    }
    for (vi, v) in g.vlines.iter().enumerate() {
        let Some((x, _)) = *v else { continue };
        for y in 0..g.height {
            if g.hlines.iter().flatten().any(|&(hy, _)| hy == y) {
                continue;
            }
            let piece = outline.v_piece(vi, g.row_at(y));
            put(
                buf,
                area.x + x,
                area.y + y,
                piece_char(piece, true),
                piece_style(theme, piece),
            );
        }
    }
}

/// Where lines meet: the solid arms' glyph (a cage's corner, a border
/// going on past a dotted line); the dotted line itself where all four
/// arms are inside one cage.
fn junction(theme: &Theme, pieces: [Option<Piece>; 4]) -> (char, Style) {
    let [up, right, down, left] = pieces.map(|p| p.and_then(Piece::arm));
    let ch = arms(up, right, down, left);
    let border = pieces
        .iter()
        .flatten()
        .any(|p| matches!(p, Piece::Border(_)));
    let heavy = pieces
        .iter()
        .flatten()
        .any(|p| p.arm() == Some(Line::Heavy));
    let style = if border {
        theme.cage_line()
    } else if heavy {
        theme.box_line()
    } else {
        theme.grid_line()
    };
    if ch != ' ' {
        return (ch, style);
    }
    // Inside one cage all round: the dotted line goes on.
    let dotted = pieces[1]
        .or(pieces[3])
        .or(pieces[0])
        .or(pieces[2])
        .unwrap_or(Piece::Inside(Line::Thin));
    let horizontal = pieces[1].is_some() || pieces[3].is_some();
    (piece_char(dotted, !horizontal), piece_style(theme, dotted))
}

/// Whether pencil cells keep their top-left place free for a cage's sum:
/// in a killer, when the other places still hold every digit (9x9 and
/// 4x4; a 6x6's pencil cells have exactly six places, and its sums then
/// cover the first note).
pub fn keeps_corner(g: &BoardLayout, killer: bool) -> bool {
    killer
        && g.density == Density::Pencil
        && usize::from(g.cell_width) * usize::from(g.cell_height) > g.size
}

/// Where note `index` (digit `index + 1`) goes in a pencil cell, from the
/// cell's corner: in reading order, one place on when the corner is kept.
pub fn pencil_place(g: &BoardLayout, corner_kept: bool, index: usize, cols: usize) -> (u16, u16) {
    if corner_kept {
        let place = index + 1;
        let width = usize::from(g.cell_width.max(1));
        ((place % width) as u16, (place / width) as u16)
    } else {
        ((index % cols.max(1)) as u16, (index / cols.max(1)) as u16)
    }
}

/// Small raised digits, for a sum inside a cell.
fn superscript(text: &str) -> String {
    text.chars()
        .map(|ch| match ch {
            '0' => '⁰',
            '1' => '¹',
            '2' => '²',
            '3' => '³',
            '4' => '⁴',
            '5' => '⁵',
            '6' => '⁶',
            '7' => '⁷',
            '8' => '⁸',
            '9' => '⁹',
            other => other,
        })
        .collect()
}

/// The sum as drawn inside a pencil cell (`¹⁶`), or `None` for a cage
/// without a sum.
pub fn sum_label(sum: Option<u16>) -> Option<String> {
    sum.map(|s| superscript(&s.to_string()))
}

/// After the cells: the underlines that stand for missing lines between
/// two cages, and each cage's sum in its corner.
pub fn render_cage_marks(
    g: &BoardLayout,
    theme: &Theme,
    shape: Shape,
    cages: &Cages,
    area: Rect,
    buf: &mut Buffer,
) {
    let outline = Outline { shape, cages };
    let n = shape.size();
    let cage = theme.cage_line();
    // A border between two rows with no line there: an underline.
    for cell in shape.cells() {
        let (r, c) = (shape.row(cell), shape.col(cell));
        if r + 1 >= n || g.hlines[r + 1].is_some() {
            continue;
        }
        if !outline.apart(cell, shape.cell(r + 1, c)) {
            continue;
        }
        let y = area.y + g.row_y[r] + g.cell_height - 1;
        let mut underline = Style::default().add_modifier(Modifier::UNDERLINED);
        if let Some(colour) = cage.fg {
            underline = underline.underline_color(colour);
        }
        for x in 0..g.cell_width {
            if let Some(spot) = buf.cell_mut((area.x + g.col_x[c] + x, y)) {
                spot.set_style(underline);
            }
        }
    }
    let sum_style = cage.add_modifier(Modifier::BOLD);
    for found in cages.iter() {
        let Some(sum) = found.sum() else { continue };
        let anchor = found.anchor();
        let (r, c) = (shape.row(anchor), shape.col(anchor));
        let (x, y) = (area.x + g.col_x[c], area.y + g.row_y[r]);
        match g.hlines[r] {
            Some((line_y, _)) if g.density != Density::Pencil => {
                // On the line above the cage, where nothing else is.
                let text = sum.to_string();
                for (i, ch) in text.chars().take(usize::from(g.cell_width)).enumerate() {
                    put(buf, x + i as u16, area.y + line_y, ch, sum_style);
                }
            }
            _ if g.density == Density::Pencil => {
                // In the corner kept for it, the tens on the line beside.
                let label: Vec<char> = superscript(&sum.to_string()).chars().collect();
                let start = x.saturating_sub(label.len() as u16 - 1);
                for (i, &ch) in label.iter().enumerate() {
                    if let Some(spot) = buf.cell_mut((start + i as u16, y)) {
                        spot.set_char(ch).set_style(sum_style);
                    }
                }
            }
            // One-row cells with no line above (between box lines): small
            // digits left of the cell's digit, or over an empty cell.
            _ => {
                let label: Vec<char> = superscript(&sum.to_string()).chars().collect();
                let middle = x + (g.cell_width.saturating_sub(1)) / 2;
                let empty = buf
                    .cell((middle, y))
                    .is_some_and(|spot| matches!(spot.symbol(), " " | "·"));
                let room = if empty { g.cell_width } else { middle - x };
                if label.len() <= usize::from(room) {
                    for (i, &ch) in label.iter().enumerate() {
                        if let Some(spot) = buf.cell_mut((x + i as u16, y)) {
                            spot.set_char(ch).set_style(sum_style);
                        }
                    }
                }
            }
        }
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nine_notes_fit_beside_the_corner_of_a_killers_pencil_cell() {
        let g = BoardLayout::new(Shape::CLASSIC, Density::Pencil);
        assert!(keeps_corner(&g, true));
        assert!(!keeps_corner(&g, false));
        let places: Vec<(u16, u16)> = (0..9).map(|i| pencil_place(&g, true, i, 5)).collect();
        assert_eq!(places[0], (1, 0), "1 right of the corner");
        assert_eq!(places[3], (4, 0));
        assert_eq!(places[4], (0, 1), "5 starts the second row");
        assert_eq!(places[8], (4, 1));
        assert!(!places.contains(&(0, 0)));
        let roomy = BoardLayout::new(Shape::CLASSIC, Density::Roomy);
        assert!(!keeps_corner(&roomy, true), "roomy sums sit on the line");
        assert_eq!(sum_label(Some(16)).as_deref(), Some("¹⁶"));
        assert_eq!(sum_label(None), None);
    }
}
