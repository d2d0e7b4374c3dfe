//! Widgets that only draw: the board, the side panel, the status line, the
//! help popup, the pause screen and the too-small message. They borrow what
//! they show and never change it.

pub mod board;
pub mod cages;
pub mod geometry;
pub mod output;
mod panel;
mod popups;
mod status;
pub mod variant;
pub mod watch_view;

pub use board::{colour_mark, BoardWidget, COLOUR_MARKS, MISTAKE_MARK};
pub use geometry::{BoardLayout, Density};
pub use panel::Panel;
pub use popups::{centred as popups_centred, HelpPopup, PausedScreen, TooSmall};
pub use status::StatusLine;

use crate::engine::{Board, Shape};
use ratatui::layout::Rect;

/// Rows under the board: the status line and the key hints.
pub const STATUS_HEIGHT: u16 = 2;
/// The side panel's width when there is room for it.
pub const PANEL_WIDTH: u16 = 34;
/// The narrowest side panel worth showing: its text wraps to fit, and it
/// keeps the hint whole beside a 9x9 with notes at 80x24.
pub const PANEL_MIN_WIDTH: u16 = 22;
/// Columns between the board and the panel.
const GAP: u16 = 2;
/// Rows kept under a board with no panel beside it, as far as the screen
/// has them, for the hint (most are written in four rows of 60 columns).
const HINT_ROWS_KEPT: u16 = 4;
/// Glues the words of a phrase that must not be broken over two rows
/// ("(H or F2: apply it)"): [`wrap`] breaks only at plain spaces, and the
/// rows it makes are drawn with [`unglue`].
pub const GLUE: char = '\u{a0}';

/// A wrapped row with its glued spaces (see [`GLUE`]) made plain again.
pub fn unglue(row: &str) -> String {
    row.replace(GLUE, " ")
}

/// Where everything goes on a screen of `area` for a board of `shape`:
/// `None` when the screen is too small for the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenLayout {
    pub board: Rect,
    pub geometry: BoardLayout,
    /// The side panel, when there is room beside the board.
    pub panel: Option<Rect>,
    /// With no panel, rows under the board where the hint on show is
    /// written whole (wrapped).
    pub hint: Option<Rect>,
    pub status: Rect,
}

impl ScreenLayout {
    pub fn new(shape: Shape, area: Rect) -> Option<ScreenLayout> {
        ScreenLayout::with_hint(shape, area, None)
    }

    /// The roomiest layout that keeps `hint` readable whole: beside the
    /// board in the panel, or wrapped under it. A tighter board is chosen
    /// if that is what it takes; failing that, the hint covers the foot
    /// of the board.
    pub fn with_hint(shape: Shape, area: Rect, hint: Option<&str>) -> Option<ScreenLayout> {
        ScreenLayout::with_hint_caged(shape, false, area, hint)
    }

    /// The layout of `board`'s screen (see [`ScreenLayout::with_hint`]): a
    /// killer's cages need a line between any two rows.
    pub fn of_board(board: &Board, area: Rect, hint: Option<&str>) -> Option<ScreenLayout> {
        ScreenLayout::with_hint_caged(board.shape(), board.is_killer(), area, hint)
    }

    fn with_hint_caged(
        shape: Shape,
        caged: bool,
        area: Rect,
        hint: Option<&str>,
    ) -> Option<ScreenLayout> {
        let board_rows = area.height.checked_sub(STATUS_HEIGHT)?;
        let hint_rows =
            |width: u16| hint.map_or(0, |text| wrap(text, usize::from(width.max(1))).len() as u16);
        let mut fallback = None;
        for geometry in BoardLayout::candidates_caged(shape, caged) {
            if geometry.width > area.width || geometry.height > board_rows {
                continue;
            }
            let panel_room = area.width - geometry.width;
            let panel_width = panel_room.saturating_sub(GAP).min(PANEL_WIDTH);
            if panel_width >= PANEL_MIN_WIDTH {
                let mut layout = ScreenLayout::place(area, geometry, Some(panel_width), 0);
                if let (Some(panel), Some(_)) = (layout.panel.as_mut(), hint) {
                    // A hint takes the rows down to the status line: beside
                    // a small board a forcing chain was cut to one row.
                    panel.height = area.y + board_rows - panel.y;
                }
                return Some(layout);
            }
            let rows = hint_rows(area.width);
            if geometry.height + rows <= board_rows {
                return Some(ScreenLayout::place(area, geometry, None, rows));
            }
            fallback.get_or_insert(geometry);
        }
        let geometry = fallback?;
        let mut layout = ScreenLayout::place(area, geometry, None, 0);
        // The hint over the foot of the board: read whole, then dismissed.
        let rows = hint_rows(area.width).min(board_rows);
        if rows > 0 {
            layout.hint = Some(Rect::new(
                area.x,
                area.y + board_rows - rows,
                area.width,
                rows,
            ));
        }
        Some(layout)
    }

    fn place(area: Rect, geometry: BoardLayout, panel_width: Option<u16>, hint_rows: u16) -> Self {
        let board_rows = area.height - STATUS_HEIGHT;
        let total = match panel_width {
            Some(width) => geometry.width + GAP + width,
            None => geometry.width,
        };
        let left = area.x + (area.width - total) / 2;
        let free = board_rows - geometry.height;
        let top = match panel_width {
            Some(_) => area.y + free / 2,
            // Centred over rows kept for a hint, whether one is on show or
            // not, and only raised for a hint that needs more: the board
            // stays put from no hint to its first level and its second.
            None => {
                let kept = free.min(HINT_ROWS_KEPT).max(hint_rows);
                area.y + (free - kept) / 2
            }
        };
        let board = Rect::new(left, top, geometry.width, geometry.height);
        let panel = panel_width.map(|width| {
            Rect::new(
                left + geometry.width + GAP,
                top,
                width,
                geometry.height.max(8).min(board_rows),
            )
        });
        let hint = (hint_rows > 0)
            .then(|| Rect::new(area.x, top + geometry.height, area.width, hint_rows));
        let status = Rect::new(area.x, area.y + board_rows, area.width, STATUS_HEIGHT);
        ScreenLayout {
            board,
            geometry,
            panel,
            hint,
            status,
        }
    }

    /// The board cell under a screen position (a mouse click), as (row, col).
    pub fn cell_at(&self, column: u16, row: u16) -> Option<(usize, usize)> {
        let x = column.checked_sub(self.board.x)?;
        let y = row.checked_sub(self.board.y)?;
        self.geometry.cell_at(x, y)
    }
}

/// Splits text at spaces into lines of at most `width` characters (a longer
/// word is cut into pieces of `width`).
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines: Vec<String> = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        for word in paragraph.split(' ') {
            let mut word: Vec<char> = word.chars().collect();
            let used = line.chars().count();
            if used > 0 && used + 1 + word.len() > width {
                lines.push(std::mem::take(&mut line));
            }
            while word.len() > width {
                let rest = word.split_off(width);
                lines.push(word.into_iter().collect());
                word = rest;
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.extend(word);
        }
        lines.push(line);
    }
    lines
}

/// `message` cut to `room` columns at a word boundary, with "…" to show that
/// more was said (the side panel, where there is one, holds all of it).
pub(crate) fn fit_message(message: &str, room: usize) -> String {
    if message.chars().count() <= room {
        return message.to_string();
    }
    let Some(keep) = room.checked_sub(1) else {
        return String::new();
    };
    let cut: String = message.chars().take(keep).collect();
    // Back to the last whole word when there is one.
    let cut = match cut.rfind(' ') {
        Some(space) if space > 0 => cut[..space].trim_end_matches([' ', ':', ',']),
        _ => cut.as_str(),
    };
    format!("{cut}…")
}

/// The smallest terminal on which a board of `shape` can be played.
pub fn minimum_size(shape: Shape) -> (u16, u16) {
    let g = BoardLayout::smallest(shape);
    (g.width, g.height + STATUS_HEIGHT)
}

/// `mm:ss`, or `h:mm:ss` past an hour.
pub fn clock_text(elapsed: std::time::Duration) -> String {
    let s = elapsed.as_secs();
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{:02}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn below_80x24_the_board_the_status_and_the_panel_or_the_hint_still_show() {
        let hint = "naked single: r9c7 can only be 5: its row, column and box already hold every other digit";
        for (width, height) in [(79, 23), (70, 20), (60, 16), (45, 18), (40, 17)] {
            let area = Rect::new(0, 0, width, height);
            let plain = ScreenLayout::new(Shape::CLASSIC, area).expect("the board fits");
            assert_eq!(plain.status.height, STATUS_HEIGHT);
            assert!(plain.board.bottom() <= plain.status.y, "{width}x{height}");
            let with_hint =
                ScreenLayout::with_hint(Shape::CLASSIC, area, Some(hint)).expect("the board fits");
            match (with_hint.panel, with_hint.hint) {
                (Some(panel), _) => assert!(panel.width >= PANEL_MIN_WIDTH),
                (None, Some(rows)) => {
                    let lines = wrap(hint, usize::from(rows.width));
                    assert!(lines.len() <= usize::from(rows.height), "{width}x{height}");
                    assert!(rows.bottom() <= with_hint.status.y, "{width}x{height}");
                }
                (None, None) => panic!("{width}x{height}: the hint has nowhere to go"),
            }
        }
    }

    /// A 6x6 killer's screen keeps a line between every two rows for its
    /// cages' edges; the same board without cages takes the open layout.
    #[test]
    fn a_killers_screen_keeps_a_line_under_every_row() {
        use crate::engine::format::{parse_puzzle, ShapeHint};
        let killer = parse_puzzle(
            ".................................... \
             aabcddeeecfdgcccffghhhiigjjjkillmmki \
             a=9,b=6,c=18,d=9,e=6,f=12,g=11,h=7,i=14,j=14,k=7,l=7,m=6",
            ShapeHint::Infer,
        )
        .expect("a 6x6 killer");
        assert!(killer.is_killer());
        let area = Rect::new(0, 0, 80, 24);
        let caged = ScreenLayout::of_board(&killer, area, None).expect("fits");
        assert!(caged.geometry.hlines.iter().all(Option::is_some));
        assert!(caged.geometry.notes_inside());
        let plain = Board::empty(killer.shape());
        let open = ScreenLayout::of_board(&plain, area, None).expect("fits");
        assert!(open.geometry.hlines.iter().any(Option::is_none));
        // A 9x9 killer: pencil cells told apart by their sums' marks at
        // 80x24, with a line under every row from 100x30.
        let small = ScreenLayout::with_hint_caged(Shape::CLASSIC, true, area, None).expect("fits");
        assert_eq!(small.geometry.cell_height, 2);
        assert!(small.geometry.hlines.iter().any(Option::is_none));
        let wide = Rect::new(0, 0, 100, 30);
        let ruled = ScreenLayout::with_hint_caged(Shape::CLASSIC, true, wide, None).expect("fits");
        assert_eq!(ruled.geometry.cell_height, 2);
        assert!(ruled.geometry.notes_inside());
        assert!(ruled.geometry.hlines.iter().all(Option::is_some));
    }

    #[test]
    fn at_80x24_a_9x9_with_notes_has_a_panel_beside_it() {
        let layout = ScreenLayout::new(Shape::CLASSIC, Rect::new(0, 0, 80, 24)).expect("fits");
        assert!(layout.geometry.notes_inside());
        assert_eq!(layout.panel.map(|p| p.width), Some(23));
    }

    #[test]
    fn wrap_keeps_words_whole_and_cuts_only_longer_ones() {
        assert_eq!(wrap("ab cd ef", 5), vec!["ab cd", "ef"]);
        assert_eq!(wrap("abcdefg", 3), vec!["abc", "def", "g"]);
        assert_eq!(wrap("a\nb", 10), vec!["a", "b"]);
    }
}
