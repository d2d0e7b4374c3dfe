//! The side panel beside the board: the cursor's cell and notes, the hint
//! being shown, the next deal, and the result once solved.

use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Widget, Wrap};

pub struct Panel<'a> {
    pub theme: &'a Theme,
    pub title: &'a str,
    pub lines: Vec<Line<'a>>,
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let block = Block::bordered()
            .title(format!(" {} ", self.title))
            .border_style(self.theme.border())
            .title_style(self.theme.title())
            .style(self.theme.text());
        Paragraph::new(self.lines)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
    }
}
