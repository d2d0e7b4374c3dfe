//! The board: shaded boxes, grid lines, givens, entries, notes, conflicts,
//! the cursor and its row, column, box and digit.

use super::geometry::{junction, BoardLayout, Line};
use crate::engine::board::{cell_name, digit_text};
use crate::engine::{Candidates, Cell, Digit, Shape};
use crate::game::{same_house, Game};
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;

/// Stands for a note position with no note, in a pencil cell that has
/// notes: it keeps each note in its own place, and makes a lone note look
/// unlike a digit even without colour.
pub const NO_NOTE: char = '·';
/// Drawn after a digit that clashes with another, so a conflict shows
/// without colour and unlike any highlight.
pub const CONFLICT_MARK: char = '!';
/// Drawn before a digit that differs from the solution while mistakes are
/// shown (`w`), so a mistake reads without colour, unlike a clash.
pub const MISTAKE_MARK: char = '✗';
/// The marks of the player's colours (`o`), one a colour, drawn in a
/// coloured cell's corner: which colour a cell has reads without colour
/// (`NO_COLOR`, the mono theme), and for a reader who tells few colours
/// apart. Shapes, never letters or digits, which are symbols of the board.
pub const COLOUR_MARKS: [char; crate::game::MARK_COLOURS as usize] = ['●', '▲', '■', '◆', '★', '✚'];

/// The mark of colour `colour` (1 to [`crate::game::MARK_COLOURS`]).
pub fn colour_mark(colour: u8) -> Option<char> {
    COLOUR_MARKS
        .get(usize::from(colour).checked_sub(1)?)
        .copied()
}

pub use crate::game::HintLink;

/// What a hint shows on the board: the cells it uses, the digits it
/// places, the notes it removes and the chain it follows.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HintMarks {
    pub cells: Vec<Cell>,
    pub placements: Vec<(Cell, Digit)>,
    pub eliminations: Vec<(Cell, Digit)>,
    /// In chain order.
    pub links: Vec<HintLink>,
    /// Candidates drawn in cells the player has no notes in (see
    /// [`crate::game::Hint::candidates`]).
    pub candidates: Vec<(Cell, Candidates)>,
    /// The links of the whole net, when `links` are paths picked from a
    /// forcing net (see [`crate::game::Hint::net_links`]); zero otherwise.
    pub net_links: usize,
}

impl HintMarks {
    /// What a cell shows as its notes: the player's, or where there are
    /// none, the candidates the hint draws there.
    pub fn notes_or_candidates(marks: Option<&HintMarks>, game: &Game, cell: Cell) -> Candidates {
        let notes = game.notes(cell);
        if !notes.is_empty() {
            return notes;
        }
        marks
            .and_then(|m| m.candidates.iter().find(|&&(c, _)| c == cell))
            .map_or(notes, |&(_, candidates)| candidates)
    }

    fn is_chain_candidate(&self, cell: Cell, digit: Digit) -> bool {
        self.links
            .iter()
            .any(|l| l.from == (cell, digit) || l.to == (cell, digit))
    }

    /// The chain in Eureka notation, told apart without colour: `=` for a
    /// strong link, `-` for a weak one: "(5)r1c2 = (5)r1c7 - (5)r4c7". A
    /// link that does not continue the one before (another branch of a
    /// forcing chain) starts its own run after "; ". Paths picked from a
    /// forcing net keep their first and last links ("… " between) and say
    /// how large the net is: the words spell each path whole.
    pub fn chain_text(&self, shape: Shape) -> Option<String> {
        self.links.first()?;
        if let Some(grouped) = self.grouped_chain_text(shape) {
            return Some(grouped);
        }
        let name = |(cell, digit): (Cell, Digit)| {
            format!("({}){}", digit_text(digit), cell_name(shape, cell))
        };
        let sign = |link: &HintLink| if link.strong { " = " } else { " - " };
        let mut runs: Vec<Vec<&HintLink>> = Vec::new();
        for link in &self.links {
            match runs.last_mut() {
                Some(run) if run.last().is_some_and(|l| l.to == link.from) => run.push(link),
                _ => runs.push(vec![link]),
            }
        }
        let texts: Vec<String> = runs
            .iter()
            .map(|run| {
                let mut text = name(run[0].from);
                let cut = self.net_links > 0 && run.len() > NET_PATH_LINKS;
                for (i, link) in run.iter().enumerate() {
                    if cut && (HEAD_LINKS..run.len() - TAIL_LINKS).contains(&i) {
                        if i == HEAD_LINKS {
                            text.push_str(" …");
                        }
                        continue;
                    }
                    if cut && i == run.len() - TAIL_LINKS {
                        text.push(' ');
                        text.push_str(&name(link.from));
                    }
                    text.push_str(sign(link));
                    text.push_str(&name(link.to));
                }
                text
            })
            .collect();
        let mut text = texts.join("; ");
        if self.net_links > 0 {
            text.push_str(&format!(
                " (paths through a net of {} links)",
                self.net_links
            ));
        }
        Some(text)
    }
}

impl HintMarks {
    /// A chain through groups (a digit in one of two or three cells of a
    /// box and a line) read as one run, the way its words write it:
    /// "(6)r5c9 = (6){r1c9,r2c9} - (6){r3c7,r3c8} = (6)r3c5". The links
    /// join each cell of a group to each of the next, so as runs they
    /// broke into a dozen pieces. `None` unless every link leads from one
    /// step of the chain to the next, all of a step's links alike and all
    /// of its candidates of one digit in one house, and a group is
    /// somewhere on it.
    fn grouped_chain_text(&self, shape: Shape) -> Option<String> {
        if self.net_links > 0 {
            return None;
        }
        let mut used = vec![false; self.links.len()];
        // The chain starts at what no link leads to (a group, perhaps), or
        // a loop at its first link.
        let mut start: Vec<(Cell, Digit)> = Vec::new();
        for link in &self.links {
            if !self.links.iter().any(|l| l.to == link.from) && !start.contains(&link.from) {
                start.push(link.from);
            }
        }
        if start.is_empty() {
            start.push(self.links.first()?.from);
        }
        let one_group = |step: &[(Cell, Digit)]| {
            step.first().is_some_and(|&(_, digit)| {
                step.iter().all(|&(c, d)| {
                    d == digit && step.iter().all(|&(other, _)| same_house(shape, c, other))
                })
            })
        };
        if !one_group(&start) {
            return None;
        }
        let mut steps: Vec<Vec<(Cell, Digit)>> = vec![start];
        let mut signs: Vec<bool> = Vec::new();
        while used.iter().any(|&u| !u) {
            let at = steps.last()?;
            let mut next: Vec<(Cell, Digit)> = Vec::new();
            let mut strong = None;
            for (i, link) in self.links.iter().enumerate() {
                if used[i] || !at.contains(&link.from) {
                    continue;
                }
                if strong.is_some_and(|s| s != link.strong) {
                    return None;
                }
                strong = Some(link.strong);
                used[i] = true;
                if !next.contains(&link.to) {
                    next.push(link.to);
                }
            }
            if !one_group(&next) {
                return None;
            }
            signs.push(strong?);
            steps.push(next);
        }
        if steps.iter().all(|step| step.len() == 1) {
            return None;
        }
        let name = |step: &[(Cell, Digit)]| {
            let cells: Vec<String> = step.iter().map(|&(c, _)| cell_name(shape, c)).collect();
            let cells = match cells.as_slice() {
                [one] => one.clone(),
                many => format!("{{{}}}", many.join(",")),
            };
            format!("({}){cells}", digit_text(step[0].1))
        };
        let mut text = name(&steps[0]);
        for (step, strong) in steps[1..].iter().zip(signs) {
            text.push_str(if strong { " = " } else { " - " });
            text.push_str(&name(step));
        }
        Some(text)
    }
}

/// A path from a forcing net longer than this many links is cut to its
/// first `HEAD_LINKS` and last `TAIL_LINKS`.
const NET_PATH_LINKS: usize = 6;
const HEAD_LINKS: usize = 3;
const TAIL_LINKS: usize = 2;

/// Draws a game's board into the top-left corner of its area, laid out by
/// `geometry` (which the caller chose to fit).
pub struct BoardWidget<'a> {
    pub game: &'a Game,
    pub theme: &'a Theme,
    pub geometry: &'a BoardLayout,
    /// Cells lit by the solved celebration (a wave across the board).
    pub lit: Option<&'a dyn Fn(Cell) -> bool>,
    /// The hint on show, if any.
    pub marks: Option<&'a HintMarks>,
}

impl Widget for BoardWidget<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let g = self.geometry;
        // Never draw outside the area, whatever the caller passed.
        let area = area.intersection(buf.area);
        if area.width < g.width || area.height < g.height {
            return;
        }
        self.render_lines(area, buf);
        let shape = self.game.shape();
        for cell in shape.cells() {
            let (r, c) = (shape.row(cell), shape.col(cell));
            let rect = Rect::new(
                area.x + g.col_x[c],
                area.y + g.row_y[r],
                g.cell_width,
                g.cell_height,
            );
            self.render_cell(cell, rect, buf);
        }
        if let Some(cages) = self.game.board().cages() {
            super::cages::render_cage_marks(g, self.theme, shape, cages, area, buf);
        }
    }
}

impl BoardWidget<'_> {
    fn render_lines(&self, area: Rect, buf: &mut Buffer) {
        let shape = self.game.shape();
        if let Some(cages) = self.game.board().cages() {
            super::cages::render_cage_lines(self.geometry, self.theme, shape, cages, area, buf);
        } else if shape.is_jigsaw() {
            super::variant::render_region_lines(self.geometry, self.theme, shape, area, buf);
        } else {
            render_grid_lines(self.geometry, self.theme, area, buf);
        }
    }

    fn cell_style(&self, cell: Cell) -> Style {
        let game = self.game;
        let theme = self.theme;
        let shape = game.shape();
        let cursor = game.cursor();
        let mut style = super::variant::cell_shade(theme, shape, cell);
        if let Some(tint) = super::variant::extra_tint(theme, shape, cell) {
            style = style.patch(tint);
        }
        if same_house(shape, cursor, cell) || same_cage(game.board(), cursor, cell) {
            style = style.patch(theme.peer_highlight());
        }
        if let Some(colour) = game.colour(cell) {
            // The player's colour over the cursor's houses, so colours stay
            // put as the cursor moves; under the hint's cells and the
            // held digit, which come and go (the mark still says it).
            if let Some(tint) = theme.colour_mark(colour).bg {
                style = style.bg(tint);
            }
        }
        if let Some(marks) = self.marks {
            if marks.cells.contains(&cell) {
                style = style.patch(theme.hint_cells());
            }
        }
        let value = game.value(cell);
        // The digit held for digit-first entry, else the cursor's digit.
        let same = match game.held_digit() {
            Some(held) => value.map(Digit::get) == Some(held),
            None => value.is_some() && value == game.value(cursor),
        };
        if same {
            style = style.patch(theme.same_digit());
        }
        if value.is_some() {
            style = style.patch(if game.is_given(cell) {
                theme.given()
            } else {
                theme.entry()
            });
        }
        if self.lit.is_some_and(|lit| lit(cell)) {
            style = style.patch(theme.title());
        }
        let conflict = |style: Style| match game.is_conflict(cell) {
            // Last, so a conflict shows its colour even under the cursor.
            true => style.patch(theme.conflict()),
            false => style,
        };
        if cell != cursor {
            return conflict(style);
        }
        let under = conflict(style);
        let shown = conflict(style.patch(theme.cursor()));
        if looks_alike(shown, under) {
            // The cursor adds nothing this cell does not already show (a
            // conflict in reverse video, as without colour): it inverts the
            // cell instead, underlined, so it is never lost.
            return cursor_inverting(under);
        }
        shown
    }

    fn render_cell(&self, cell: Cell, rect: Rect, buf: &mut Buffer) {
        let style = self.cell_style(cell);
        self.render_cell_contents(cell, rect, style, buf);
        if let Some(colour) = self.game.colour(cell) {
            self.render_colour_mark(cell, colour, rect, style, buf);
        }
    }

    /// A coloured cell's mark, in the first corner nothing else is drawn
    /// in: bottom right, top right, bottom left, top left. A 9x9 cell at
    /// 80x24 has its bottom right free even with 9 notes; a 16x16 cell of
    /// one row puts it after the digit, or before it where a conflict's
    /// `!` is. A cell with no corner free (a digit with both a mistake's
    /// and a conflict's mark, a killer's full pencil cell) shows its colour
    /// by its tint, and the side panel names it.
    fn render_colour_mark(
        &self,
        cell: Cell,
        colour: u8,
        rect: Rect,
        style: Style,
        buf: &mut Buffer,
    ) {
        let Some(mark) = colour_mark(colour) else {
            return;
        };
        let (left, right) = (rect.left(), rect.right().saturating_sub(1));
        let (top, bottom) = (rect.top(), rect.bottom().saturating_sub(1));
        let free = [(right, bottom), (right, top), (left, bottom), (left, top)]
            .into_iter()
            .find(|&(x, y)| buf.cell((x, y)).is_some_and(|c| c.symbol() == " "));
        let Some((x, y)) = free else {
            return;
        };
        // In the colour's own hue on its tint; on the cursor, in the
        // cursor's style, which inverts the cell.
        let mark_style = match self.theme.colour_mark(colour).fg {
            Some(fg) if cell != self.game.cursor() => style.fg(fg),
            _ => style,
        };
        set_char(buf, x, y, mark, mark_style);
    }

    fn render_cell_contents(&self, cell: Cell, rect: Rect, style: Style, buf: &mut Buffer) {
        let g = self.geometry;
        buf.set_style(rect, style);
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                set_char(buf, x, y, ' ', style);
            }
        }
        let middle_y = rect.y + (g.cell_height.saturating_sub(1)) / 2;
        let notes = HintMarks::notes_or_candidates(self.marks, self.game, cell);
        if let Some(digit) = self.game.value(cell) {
            let text = digit_text(digit);
            let len = text.chars().count() as u16;
            let x = rect.x + (g.cell_width.saturating_sub(len)) / 2;
            // A mistake's look is the digit's alone: struck through or
            // underlined blanks would draw lines across the cell. A
            // conflict's colour stays over it.
            let digit_style = match self.game.is_mistake(cell) {
                true if self.game.is_conflict(cell) => style
                    .patch(self.theme.mistake())
                    .patch(self.theme.conflict()),
                true => style.patch(self.theme.mistake()),
                false => style,
            };
            buf.set_stringn(x, middle_y, &text, g.cell_width as usize, digit_style);
            if self.game.is_conflict(cell) && x + len < rect.right() {
                set_char(buf, x + len, middle_y, CONFLICT_MARK, style);
            }
            // Before the digit, else after it (a narrow cell); a cell with
            // room for neither (a conflict's mark there) has the mistake's
            // style alone.
            if self.game.is_mistake(cell) {
                // The mark in the mistake's colour, on the cell's ground.
                let mark = match self.theme.mistake().fg {
                    Some(fg) if !self.game.is_conflict(cell) => style.fg(fg),
                    _ => style,
                };
                if x > rect.x {
                    set_char(buf, x - 1, middle_y, MISTAKE_MARK, mark);
                } else if x + len < rect.right() && !self.game.is_conflict(cell) {
                    set_char(buf, x + len, middle_y, MISTAKE_MARK, mark);
                }
            }
            return;
        }
        let place = self.marks.and_then(|m| {
            m.placements
                .iter()
                .find(|&&(c, _)| c == cell)
                .map(|&(_, d)| d)
        });
        if !g.notes_inside() {
            // No room for the notes: a cue that there are some (the panel
            // lists the cursor's), or the digit a hint places.
            let x = rect.x + (g.cell_width.saturating_sub(1)) / 2;
            if let Some(digit) = place {
                let text = digit_text(digit);
                let style = style.patch(self.theme.hint_place());
                buf.set_stringn(x, middle_y, &text, g.cell_width as usize, style);
            } else if !notes.is_empty() {
                set_char(buf, x, middle_y, NO_NOTE, style.patch(self.theme.note()));
            } else {
                self.render_extra_mark(cell, rect, style, buf);
            }
            return;
        }
        if notes.is_empty() && place.is_none() {
            self.render_extra_mark(cell, rect, style, buf);
        }
        let (rows, cols) = g.notes_grid;
        let pencil = g.density.is_pencil();
        // A cell with a spare middle row (2 rows of notes in 3) puts
        // them at its top and bottom, around the digit's row.
        let row_step = match rows {
            0 | 1 => 1,
            _ => (g.cell_height.saturating_sub(1) / (rows as u16 - 1)).max(1),
        };
        let size = self.game.shape().size();
        let corner_kept = super::cages::keeps_corner(g, self.game.board().is_killer());
        for i in 0..size {
            let Some(digit) = Digit::new(i as u8 + 1) else {
                continue;
            };
            let (nr, nc) = (i / cols, i % cols);
            let (x, y) = if pencil {
                let (dx, dy) = super::cages::pencil_place(g, corner_kept, i, cols);
                (rect.x + dx, rect.y + dy)
            } else {
                (rect.x + 1 + 2 * nc as u16, rect.y + nr as u16 * row_step)
            };
            if y >= rect.bottom() || x >= rect.right() {
                continue;
            }
            let noted = notes.contains(digit);
            let mut style = style.patch(self.note_style(cell, digit, place == Some(digit)));
            if noted && self.game.held_digit() == Some(digit.get()) {
                // The held digit's notes stand out as its entries do.
                style = style.patch(self.theme.same_digit());
            }
            if noted || place == Some(digit) {
                buf.set_stringn(x, y, digit_text(digit), 1, style);
            } else if !notes.is_empty() || place.is_some() {
                // Dots in the other places: a lone note is never read as
                // a digit, wherever its place is (the middle of a 3x3).
                set_char(buf, x, y, NO_NOTE, style);
            }
        }
    }

    /// The mark of a variant's extra house (a diagonal, a window) in an
    /// empty cell without notes, so the house reads without colour.
    fn render_extra_mark(&self, cell: Cell, rect: Rect, style: Style, buf: &mut Buffer) {
        let shape = self.game.shape();
        if let Some(mark) = super::variant::extra_mark(shape, cell) {
            let style = style
                .patch(self.theme.note())
                .patch(self.theme.extra_house());
            super::variant::draw_extra_mark(buf, rect, mark, style);
        }
    }

    /// A note's style: plain, or as a hint marks it (removed, placed, on
    /// the chain).
    fn note_style(&self, cell: Cell, digit: Digit, placed: bool) -> Style {
        let theme = self.theme;
        let mut style = theme.note();
        let Some(marks) = self.marks else {
            return style;
        };
        if marks.is_chain_candidate(cell, digit) {
            style = style.patch(theme.hint_chain());
        }
        if marks.eliminations.contains(&(cell, digit)) {
            style = style.patch(theme.hint_remove());
        }
        if placed {
            style = style.patch(theme.hint_place());
        }
        style
    }
}

/// Whether two styles draw the same: the same colours and the same
/// modifiers in force.
fn looks_alike(a: Style, b: Style) -> bool {
    let modifiers = |s: Style| s.add_modifier - s.sub_modifier;
    (a.fg, a.bg, modifiers(a)) == (b.fg, b.bg, modifiers(b))
}

/// The cursor on a cell whose style hides it: the cell's style with
/// reverse video switched over, and underlined.
fn cursor_inverting(under: Style) -> Style {
    let inverted = if (under.add_modifier - under.sub_modifier).contains(Modifier::REVERSED) {
        under.remove_modifier(Modifier::REVERSED)
    } else {
        under.add_modifier(Modifier::REVERSED)
    };
    inverted.add_modifier(Modifier::UNDERLINED)
}

/// Whether two cells share a killer cage (a digit repeats in neither).
pub fn same_cage(board: &crate::engine::Board, a: Cell, b: Cell) -> bool {
    board.cages().is_some_and(|cages| {
        cages
            .cage_of(a)
            .is_some_and(|cage| cages.cage_of(b) == Some(cage))
    })
}

fn set_char(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

/// The notes of a cell as text, for the side panel when cells are too
/// small: "notes 1 4 7", or "candidates 1 4 7" where the cell has none and
/// a hint draws its candidates there. Empty when there is neither.
pub fn notes_text(game: &Game, marks: Option<&HintMarks>, cell: Cell) -> String {
    let shown = HintMarks::notes_or_candidates(marks, game, cell);
    if shown.is_empty() {
        return String::new();
    }
    let label = if game.notes(cell).is_empty() {
        "candidates"
    } else {
        "notes"
    };
    let digits: Vec<String> = shown.iter().map(digit_text).collect();
    format!("{label} {}", digits.join(" "))
}

/// The grid: thin lines between cells, heavy ones between boxes, with the
/// right junction characters. The play board and the solver view share it.
pub(crate) fn render_grid_lines(g: &BoardLayout, theme: &Theme, area: Rect, buf: &mut Buffer) {
    let line_style = |heavy: bool| {
        if heavy {
            theme.box_line()
        } else {
            theme.grid_line()
        }
    };
    let last_v = g.vlines.iter().rposition(Option::is_some).unwrap_or(0);
    let last_h = g.hlines.iter().rposition(Option::is_some).unwrap_or(0);
    // Horizontal lines, with their junctions.
    for (hi, h) in g.hlines.iter().enumerate() {
        let Some((y, hw)) = *h else { continue };
        for x in 0..g.width {
            let v = g.vlines.iter().enumerate().find_map(|(vi, v)| match v {
                Some((vx, vw)) if *vx == x => Some((vi, *vw)),
                _ => None,
            });
            let ch = match v {
                Some((vi, vw)) => {
                    junction(Some(vw), Some(hw), hi > 0, hi < last_h, vi > 0, vi < last_v)
                }
                None => junction(None, Some(hw), false, false, true, true),
            };
            let heavy = hw == Line::Heavy || v.is_some_and(|(_, vw)| vw == Line::Heavy);
            set_char(buf, area.x + x, area.y + y, ch, line_style(heavy));
        }
    }
    // Vertical lines between the horizontal ones.
    for &(x, vw) in g.vlines.iter().flatten() {
        for y in 0..g.height {
            if g.hlines.iter().flatten().any(|&(hy, _)| hy == y) {
                continue;
            }
            let ch = junction(Some(vw), None, true, true, false, false);
            set_char(
                buf,
                area.x + x,
                area.y + y,
                ch,
                line_style(vw == Line::Heavy),
            );
        }
    }
}

#[cfg(test)]
mod chain_text_tests {
    use super::*;
    use crate::engine::Board;

    #[test]
    fn the_panel_names_a_cells_notes_or_else_the_candidates_a_hint_draws() {
        let now = std::time::Instant::now();
        let mut game = Game::new(Board::empty(Shape::CLASSIC), None, now);
        let d = |v| Digit::new(v).expect("digit");
        let (noted, bare) = (Cell(0), Cell(1));
        game.set_cursor(0, 0);
        game.toggle_note(4, now);
        game.toggle_note(1, now);
        let marks = HintMarks {
            candidates: vec![(bare, Candidates::from_iter([d(2), d(3)]))],
            ..HintMarks::default()
        };
        assert_eq!(notes_text(&game, Some(&marks), noted), "notes 1 4");
        assert_eq!(notes_text(&game, Some(&marks), bare), "candidates 2 3");
        assert_eq!(notes_text(&game, None, bare), "");
    }

    #[test]
    fn a_chain_through_groups_reads_as_one_run_with_its_groups_in_braces() {
        let d = |v| Digit::new(v).expect("digit");
        let shape = Shape::CLASSIC;
        let c = |r: usize, col: usize| shape.cell(r - 1, col - 1);
        let link = |from: (Cell, u8), to: (Cell, u8), strong| HintLink {
            from: (from.0, d(from.1)),
            to: (to.0, d(to.1)),
            strong,
        };
        // r5c9=6 or {r1c9,r2c9}=6, which rules out {r3c7,r3c8}, so r3c5=6.
        let marks = HintMarks {
            links: vec![
                link((c(5, 9), 6), (c(1, 9), 6), true),
                link((c(5, 9), 6), (c(2, 9), 6), true),
                link((c(1, 9), 6), (c(3, 7), 6), false),
                link((c(1, 9), 6), (c(3, 8), 6), false),
                link((c(2, 9), 6), (c(3, 7), 6), false),
                link((c(2, 9), 6), (c(3, 8), 6), false),
                link((c(3, 7), 6), (c(3, 5), 6), true),
                link((c(3, 8), 6), (c(3, 5), 6), true),
            ],
            ..HintMarks::default()
        };
        assert_eq!(
            marks.chain_text(shape).as_deref(),
            Some("(6)r5c9 = (6){r1c9,r2c9} - (6){r3c7,r3c8} = (6)r3c5")
        );
    }

    #[test]
    fn each_branch_of_a_forcing_chain_reads_on_its_own() {
        let d = |v| Digit::new(v).expect("digit");
        let link = |from: (u16, u8), to: (u16, u8), strong| HintLink {
            from: (Cell(from.0), d(from.1)),
            to: (Cell(to.0), d(to.1)),
            strong,
        };
        // Two branches from r1c1 (digits 1 and 2) that both end at r1c9<>5.
        let marks = HintMarks {
            links: vec![
                link((0, 1), (8, 1), false),
                link((8, 1), (8, 5), true),
                link((0, 2), (0, 5), false),
                link((0, 5), (8, 5), true),
            ],
            ..HintMarks::default()
        };
        assert_eq!(
            marks.chain_text(Shape::CLASSIC).as_deref(),
            Some("(1)r1c1 - (1)r1c9 = (5)r1c9; (2)r1c1 - (5)r1c1 = (5)r1c9")
        );
    }
}
