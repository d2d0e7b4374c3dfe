//! What a variant adds to the drawing of a board, apart from the classic
//! board's code so both stay easy to read: a jigsaw's region borders (heavy
//! where two regions meet, light inside a region, with the mixed junction
//! glyphs), its regions shaded so that neighbouring regions differ, and the
//! tint and the marks of X's diagonals and windoku's windows, which stay
//! readable without colour. The play board and the solver view share it.

use super::geometry::{BoardLayout, Line};
use crate::engine::{Cell, House, Shape};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use std::cell::RefCell;

/// Marks an empty cell of the main diagonal (top left to bottom right).
pub const MAIN_DIAGONAL_MARK: char = '╲';
/// Marks an empty cell of the anti-diagonal.
pub const ANTI_DIAGONAL_MARK: char = '╱';
/// Marks the empty centre of an odd X board, on both diagonals.
pub const BOTH_DIAGONALS_MARK: char = '╳';
/// Marks an empty cell of a windoku window.
pub const WINDOW_MARK: char = '░';

/// The background of a cell: the box checkerboard of a board with boxes
/// (and of a Latin square: one box), a jigsaw's region in its colour.
pub fn cell_shade(theme: &Theme, shape: Shape, cell: Cell) -> Style {
    if shape.is_jigsaw() {
        let region = shape.box_of(cell).unwrap_or(0);
        let colour = region_colours(shape).get(region).copied().unwrap_or(0);
        return theme.board().patch(theme.region_shade(colour));
    }
    let (r, c) = (shape.row(cell), shape.col(cell));
    let (br, bc) = shape.box_dims().unwrap_or((shape.size(), shape.size()));
    let even = (r / br + c / bc) % 2 == 0;
    theme.board().patch(theme.box_shade(even))
}

/// The tint of a cell in one of a variant's extra houses (a diagonal, a
/// window), laid over its shade; `None` for other cells.
pub fn extra_tint(theme: &Theme, shape: Shape, cell: Cell) -> Option<Style> {
    extra_mark(shape, cell).map(|_| theme.extra_house())
}

/// The glyph an empty cell of an extra house shows, so the house reads
/// without colour: `╲` `╱` (`╳` on both) for the diagonals, `░` for a
/// window. None of them is a digit or a note.
pub fn extra_mark(shape: Shape, cell: Cell) -> Option<char> {
    let extras = shape.extras();
    if extras.is_empty() {
        return None;
    }
    let (mut main, mut anti, mut window) = (false, false, false);
    for house in shape.houses_of(cell) {
        match house {
            House::Diagonal(0) => main = true,
            House::Diagonal(_) => anti = true,
            House::Window(_) => window = true,
            _ => {}
        }
    }
    match (main, anti, window) {
        (true, true, _) => Some(BOTH_DIAGONALS_MARK),
        (true, false, _) => Some(MAIN_DIAGONAL_MARK),
        (false, true, _) => Some(ANTI_DIAGONAL_MARK),
        (false, false, true) => Some(WINDOW_MARK),
        (false, false, false) => None,
    }
}

/// Draws `mark` in the middle of an empty cell's rectangle.
pub fn draw_extra_mark(buf: &mut Buffer, rect: Rect, mark: char, style: Style) {
    let x = rect.x + rect.width.saturating_sub(1) / 2;
    let y = rect.y + rect.height.saturating_sub(1) / 2;
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(mark).set_style(style);
    }
}

/// How many shades a jigsaw's regions take: four colour any map.
pub const REGION_SHADES: usize = 4;

thread_local! {
    /// The colouring of the shape last drawn: every cell asks for it.
    static COLOURED: RefCell<Option<(Shape, Vec<u8>)>> = const { RefCell::new(None) };
}

/// A shade (0 to 3) for each region of a jigsaw, so that no two regions
/// that share an edge have the same one.
pub fn region_colours(shape: Shape) -> Vec<u8> {
    COLOURED.with(|memo| {
        let mut memo = memo.borrow_mut();
        if let Some((known, colours)) = memo.as_ref() {
            if *known == shape {
                return colours.clone();
            }
        }
        let colours = colour_regions(shape);
        *memo = Some((shape, colours.clone()));
        colours
    })
}

fn colour_regions(shape: Shape) -> Vec<u8> {
    let n = shape.size();
    let region = |r: usize, c: usize| shape.box_of(shape.cell(r, c)).unwrap_or(0);
    let regions = (0..n)
        .flat_map(|r| (0..n).map(move |c| (r, c)))
        .map(|(r, c)| region(r, c) + 1)
        .max()
        .unwrap_or(0);
    let mut next_to = vec![vec![false; regions]; regions];
    for r in 0..n {
        for c in 0..n {
            let a = region(r, c);
            for (rr, cc) in [(r + 1, c), (r, c + 1)] {
                if rr < n && cc < n {
                    let b = region(rr, cc);
                    if a != b {
                        next_to[a][b] = true;
                        next_to[b][a] = true;
                    }
                }
            }
        }
    }
    let mut colours = vec![u8::MAX; regions];
    if !colour_from(0, &next_to, &mut colours) {
        // Unreachable for a map in the plane; still a drawing, never a panic.
        for (i, colour) in colours.iter_mut().enumerate() {
            *colour = (i % REGION_SHADES) as u8;
        }
    }
    colours
}

/// Backtracking over the regions in order: at most 16 of them.
fn colour_from(at: usize, next_to: &[Vec<bool>], colours: &mut [u8]) -> bool {
    if at == colours.len() {
        return true;
    }
    for colour in 0..REGION_SHADES as u8 {
        let clash = (0..at).any(|other| next_to[at][other] && colours[other] == colour);
        if !clash {
            colours[at] = colour;
            if colour_from(at + 1, next_to, colours) {
                return true;
            }
        }
    }
    colours[at] = u8::MAX;
    false
}

/// The grid of a jigsaw: each piece of line between two cells heavy where
/// they lie in different regions (and at the frame), light inside one, and
/// every junction the glyph of its four arms (`╋`, `┿`, `╂`, `┠`, `╽`, ...).
/// Layouts without a line between some cells (the tightest ones) leave
/// those borders to the shading.
pub fn render_region_lines(
    g: &BoardLayout,
    theme: &Theme,
    shape: Shape,
    area: Rect,
    buf: &mut Buffer,
) {
    let n = shape.size();
    let region = |r: usize, c: usize| shape.box_of(shape.cell(r, c));
    // The piece of the vertical line at boundary `vi`, beside row `r`.
    let v_piece = |vi: usize, r: usize| {
        if vi == 0 || vi == n || region(r, vi - 1) != region(r, vi) {
            Line::Heavy
        } else {
            Line::Thin
        }
    };
    // The piece of the horizontal line at boundary `hi`, over column `c`.
    let h_piece = |hi: usize, c: usize| {
        if hi == 0 || hi == n || region(hi - 1, c) != region(hi, c) {
            Line::Heavy
        } else {
            Line::Thin
        }
    };
    let style = |heavy: bool| {
        if heavy {
            theme.box_line()
        } else {
            theme.grid_line()
        }
    };
    for (hi, h) in g.hlines.iter().enumerate() {
        let Some((y, _)) = *h else { continue };
        for x in 0..g.width {
            let (ch, heavy) = match g.vline_at(x) {
                Some(vi) => {
                    let up = (hi > 0).then(|| v_piece(vi, hi - 1));
                    let down = (hi < n).then(|| v_piece(vi, hi));
                    let left = (vi > 0).then(|| h_piece(hi, vi - 1));
                    let right = (vi < n).then(|| h_piece(hi, vi));
                    let heavy = [up, right, down, left].contains(&Some(Line::Heavy));
                    (arms(up, right, down, left), heavy)
                }
                None => {
                    let piece = h_piece(hi, g.col_at(x));
                    (
                        arms(None, Some(piece), None, Some(piece)),
                        piece == Line::Heavy,
                    )
                }
            };
            put(buf, area.x + x, area.y + y, ch, style(heavy));
        }
    }
    for (vi, v) in g.vlines.iter().enumerate() {
        let Some((x, _)) = *v else { continue };
        for y in 0..g.height {
            if g.hlines.iter().flatten().any(|&(hy, _)| hy == y) {
                continue;
            }
            let piece = v_piece(vi, g.row_at(y));
            let ch = arms(Some(piece), None, Some(piece), None);
            put(buf, area.x + x, area.y + y, ch, style(piece == Line::Heavy));
        }
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

/// Every box-drawing glyph with its arms up, right, down and left: 0 none,
/// 1 light, 2 heavy.
const GLYPHS: &[(char, [u8; 4])] = &[
    ('─', [0, 1, 0, 1]),
    ('━', [0, 2, 0, 2]),
    ('│', [1, 0, 1, 0]),
    ('┃', [2, 0, 2, 0]),
    ('┌', [0, 1, 1, 0]),
    ('┍', [0, 2, 1, 0]),
    ('┎', [0, 1, 2, 0]),
    ('┏', [0, 2, 2, 0]),
    ('┐', [0, 0, 1, 1]),
    ('┑', [0, 0, 1, 2]),
    ('┒', [0, 0, 2, 1]),
    ('┓', [0, 0, 2, 2]),
    ('└', [1, 1, 0, 0]),
    ('┕', [1, 2, 0, 0]),
    ('┖', [2, 1, 0, 0]),
    ('┗', [2, 2, 0, 0]),
    ('┘', [1, 0, 0, 1]),
    ('┙', [1, 0, 0, 2]),
    ('┚', [2, 0, 0, 1]),
    ('┛', [2, 0, 0, 2]),
    ('├', [1, 1, 1, 0]),
    ('┝', [1, 2, 1, 0]),
    ('┞', [2, 1, 1, 0]),
    ('┟', [1, 1, 2, 0]),
    ('┠', [2, 1, 2, 0]),
    ('┡', [2, 2, 1, 0]),
    ('┢', [1, 2, 2, 0]),
    ('┣', [2, 2, 2, 0]),
    ('┤', [1, 0, 1, 1]),
    ('┥', [1, 0, 1, 2]),
    ('┦', [2, 0, 1, 1]),
    ('┧', [1, 0, 2, 1]),
    ('┨', [2, 0, 2, 1]),
    ('┩', [2, 0, 1, 2]),
    ('┪', [1, 0, 2, 2]),
    ('┫', [2, 0, 2, 2]),
    ('┬', [0, 1, 1, 1]),
    ('┭', [0, 1, 1, 2]),
    ('┮', [0, 2, 1, 1]),
    ('┯', [0, 2, 1, 2]),
    ('┰', [0, 1, 2, 1]),
    ('┱', [0, 1, 2, 2]),
    ('┲', [0, 2, 2, 1]),
    ('┳', [0, 2, 2, 2]),
    ('┴', [1, 1, 0, 1]),
    ('┵', [1, 1, 0, 2]),
    ('┶', [1, 2, 0, 1]),
    ('┷', [1, 2, 0, 2]),
    ('┸', [2, 1, 0, 1]),
    ('┹', [2, 1, 0, 2]),
    ('┺', [2, 2, 0, 1]),
    ('┻', [2, 2, 0, 2]),
    ('┼', [1, 1, 1, 1]),
    ('┽', [1, 1, 1, 2]),
    ('┾', [1, 2, 1, 1]),
    ('┿', [1, 2, 1, 2]),
    ('╀', [2, 1, 1, 1]),
    ('╁', [1, 1, 2, 1]),
    ('╂', [2, 1, 2, 1]),
    ('╃', [2, 1, 1, 2]),
    ('╄', [2, 2, 1, 1]),
    ('╅', [1, 1, 2, 2]),
    ('╆', [1, 2, 2, 1]),
    ('╇', [2, 2, 1, 2]),
    ('╈', [1, 2, 2, 2]),
    ('╉', [2, 1, 2, 2]),
    ('╊', [2, 2, 2, 1]),
    ('╋', [2, 2, 2, 2]),
    ('╴', [0, 0, 0, 1]),
    ('╵', [1, 0, 0, 0]),
    ('╶', [0, 1, 0, 0]),
    ('╷', [0, 0, 1, 0]),
    ('╸', [0, 0, 0, 2]),
    ('╹', [2, 0, 0, 0]),
    ('╺', [0, 2, 0, 0]),
    ('╻', [0, 0, 2, 0]),
    ('╼', [0, 2, 0, 1]),
    ('╽', [1, 0, 2, 0]),
    ('╾', [0, 1, 0, 2]),
    ('╿', [2, 0, 1, 0]),
];

/// The glyph whose arms go up, right, down and left as given (`None`: no
/// arm that way), light or heavy each.
pub fn arms(up: Option<Line>, right: Option<Line>, down: Option<Line>, left: Option<Line>) -> char {
    let weight = |arm: Option<Line>| match arm {
        None => 0,
        Some(Line::Thin) => 1,
        Some(Line::Heavy) => 2,
    };
    let wanted = [weight(up), weight(right), weight(down), weight(left)];
    GLYPHS
        .iter()
        .find(|(_, a)| *a == wanted)
        .map_or(' ', |&(ch, _)| ch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::variant::Variant;
    use Line::{Heavy as H, Thin as T};

    #[test]
    fn every_mix_of_arms_has_its_own_glyph() {
        assert_eq!(GLYPHS.len(), 80, "3^4 mixes less the empty one");
        let mut seen: Vec<char> = GLYPHS.iter().map(|&(c, _)| c).collect();
        seen.sort_unstable();
        seen.dedup();
        assert_eq!(seen.len(), 80);
        assert_eq!(arms(Some(H), Some(T), Some(H), Some(T)), '╂');
        assert_eq!(arms(Some(T), Some(H), Some(T), Some(H)), '┿');
        assert_eq!(arms(Some(H), Some(T), Some(H), None), '┠');
        assert_eq!(arms(None, Some(H), Some(T), Some(H)), '┯');
        assert_eq!(arms(Some(H), Some(H), Some(T), Some(T)), '╄');
        assert_eq!(arms(Some(T), None, Some(H), None), '╽');
    }

    #[test]
    fn neighbouring_regions_get_different_shades() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for size in [4, 6, 9] {
            let base = Shape::latin(size).expect("size");
            let shape = crate::engine::generator::rules_for_deal(base, Variant::Jigsaw, &mut rng)
                .expect("a jigsaw");
            let colours = region_colours(shape);
            assert!(colours.iter().all(|&c| (c as usize) < REGION_SHADES));
            for cell in shape.cells() {
                let (r, c) = (shape.row(cell), shape.col(cell));
                for (rr, cc) in [(r + 1, c), (r, c + 1)] {
                    if rr < size && cc < size {
                        let (a, b) = (shape.box_of(cell), shape.box_of(shape.cell(rr, cc)));
                        if a != b {
                            let (a, b) = (a.expect("region"), b.expect("region"));
                            assert_ne!(colours[a], colours[b], "{size}x{size}");
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn extra_houses_are_marked_and_other_cells_are_not() {
        let x = Variant::X.apply(Shape::CLASSIC).expect("x");
        assert_eq!(extra_mark(x, x.cell(0, 0)), Some(MAIN_DIAGONAL_MARK));
        assert_eq!(extra_mark(x, x.cell(0, 8)), Some(ANTI_DIAGONAL_MARK));
        assert_eq!(extra_mark(x, x.cell(4, 4)), Some(BOTH_DIAGONALS_MARK));
        assert_eq!(extra_mark(x, x.cell(0, 1)), None);
        let w = Variant::Windoku.apply(Shape::CLASSIC).expect("windoku");
        assert_eq!(extra_mark(w, w.cell(1, 1)), Some(WINDOW_MARK));
        assert_eq!(extra_mark(w, w.cell(0, 0)), None);
        assert_eq!(extra_mark(Shape::CLASSIC, Cell(0)), None);
    }
}
