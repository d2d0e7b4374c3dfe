//! Widgets that only draw: the board, the side panel, the status line, the
//! help popup, the pause screen and the too-small message. They borrow what
//! they show and never change it.

pub mod board;
pub mod geometry;
mod panel;
mod popups;
mod status;
pub mod watch_view;

pub use board::BoardWidget;
pub use geometry::{Density, Geometry};
pub use panel::Panel;
pub use popups::{centred as popups_centred, HelpPopup, PausedScreen, TooSmall};
pub use status::StatusLine;

use crate::engine::Shape;
use ratatui::layout::Rect;

/// Rows under the board: the status line and the key hints.
pub const STATUS_HEIGHT: u16 = 2;
/// The side panel's width when there is room for it.
pub const PANEL_WIDTH: u16 = 34;
/// Columns between the board and the panel.
const GAP: u16 = 2;

/// Where everything goes on a screen of `area` for a board of `shape`:
/// `None` when the screen is too small for the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScreenLayout {
    pub board: Rect,
    pub geometry: Geometry,
    /// The side panel, when there is room beside the board.
    pub panel: Option<Rect>,
    pub status: Rect,
}

impl ScreenLayout {
    pub fn new(shape: Shape, area: Rect) -> Option<ScreenLayout> {
        let board_rows = area.height.checked_sub(STATUS_HEIGHT)?;
        let geometry = Geometry::fitting(shape, area.width, board_rows)?;
        let with_panel = geometry.width + GAP + PANEL_WIDTH <= area.width;
        let total = if with_panel {
            geometry.width + GAP + PANEL_WIDTH
        } else {
            geometry.width
        };
        let left = area.x + (area.width - total) / 2;
        let top = area.y + (board_rows - geometry.height) / 2;
        let board = Rect::new(left, top, geometry.width, geometry.height);
        let panel = with_panel.then(|| {
            Rect::new(
                left + geometry.width + GAP,
                top,
                PANEL_WIDTH,
                geometry.height.max(8).min(board_rows),
            )
        });
        let status = Rect::new(area.x, area.y + board_rows, area.width, STATUS_HEIGHT);
        Some(ScreenLayout {
            board,
            geometry,
            panel,
            status,
        })
    }

    /// The board cell under a screen position (a mouse click), as (row, col).
    pub fn cell_at(&self, column: u16, row: u16) -> Option<(usize, usize)> {
        let x = column.checked_sub(self.board.x)?;
        let y = row.checked_sub(self.board.y)?;
        self.geometry.cell_at(x, y)
    }
}

/// The smallest terminal on which a board of `shape` can be played.
pub fn minimum_size(shape: Shape) -> (u16, u16) {
    let g = Geometry::smallest(shape);
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
