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
    /// The lines cut short ("…"), first to last, when the panel cannot
    /// hold them all (a long hint and its chain), so the lines after them
    /// (the key to press next) still show.
    pub gives_way: Vec<usize>,
}

impl Widget for Panel<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let block = Block::bordered()
            .title(format!(" {} ", self.title))
            .border_style(self.theme.border())
            .title_style(self.theme.title())
            .style(self.theme.text());
        let inner = block.inner(area);
        // Indices from the last, so cutting one leaves the others' in place.
        let mut order = self.gives_way.clone();
        let mut lines = self.lines;
        while !order.is_empty() {
            let index = order.remove(0);
            let before = lines.len();
            lines = fit_lines(lines, index, inner.width, inner.height);
            let grown = lines.len() - before;
            // Rows the cut line became shift the lines after it.
            for i in order.iter_mut().filter(|i| **i > index) {
                *i += grown;
            }
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
    }
}

/// `lines` in `height` rows of `width`: when they need more, line `index`
/// keeps only the rows the others leave it, its last row ending in "…".
fn fit_lines(mut lines: Vec<Line<'_>>, index: usize, width: u16, height: u16) -> Vec<Line<'_>> {
    let width = usize::from(width);
    let rows = |line: &Line| {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        super::wrap(&text, width).len()
    };
    let Some(line) = lines.get(index) else {
        return lines;
    };
    let total: usize = lines.iter().map(rows).sum();
    if total <= usize::from(height) {
        return lines;
    }
    let others = total - rows(line);
    let room = usize::from(height).saturating_sub(others).max(1);
    if room >= rows(line) {
        return lines;
    }
    let style = line.style;
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let mut kept = super::wrap(&text, width);
    kept.truncate(room);
    if let Some(last) = kept.last_mut() {
        // Room for the ellipsis, at a word boundary when there is one.
        while last.chars().count() + 1 > width {
            last.pop();
        }
        if let Some(space) = last.rfind(' ').filter(|&at| at > 0) {
            last.truncate(space);
        }
        last.push('…');
    }
    let cut: Vec<Line> = kept
        .into_iter()
        .map(|row| Line::styled(row, style))
        .collect();
    lines.splice(index..=index, cut);
    lines
}

#[cfg(test)]
mod tests {
    use super::fit_lines;
    use ratatui::text::Line;

    fn texts(lines: &[Line]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn a_long_line_gives_way_so_the_lines_after_it_still_show() {
        let long = "If r4c2=9, r6c3<>9 so r9c3=9 so r9c3<>7 so r6c3=7 so r6c3<>3 so r8c4<>3";
        let lines = vec![Line::raw("hint"), Line::raw(long), Line::raw("H: apply it")];
        // Everything fits: nothing changes.
        assert_eq!(texts(&fit_lines(lines.clone(), 1, 80, 5)), texts(&lines));
        // 20 columns, 5 rows: the hint keeps 3 rows, the last cut with "…".
        let fitted = texts(&fit_lines(lines, 1, 20, 5));
        assert_eq!(fitted.len(), 5, "{fitted:?}");
        assert_eq!(fitted[0], "hint");
        assert_eq!(fitted[4], "H: apply it");
        assert!(fitted[3].ends_with('…'), "{fitted:?}");
        assert!(
            fitted.iter().all(|row| row.chars().count() <= 20),
            "{fitted:?}"
        );
        assert!(long.starts_with(&fitted[1]), "{fitted:?}");
    }
}
