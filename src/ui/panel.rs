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
        let mut lines = self.lines;
        for &index in &self.gives_way {
            cut_to_fit(&mut lines, index, inner.width, inner.height);
        }
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
    }
}

/// Cuts line `index` short ("…") when `lines` need more than `height`
/// rows of `width`, keeping only the rows the others leave it (one at least).
fn cut_to_fit(lines: &mut [Line<'_>], index: usize, width: u16, height: u16) {
    let width = usize::from(width);
    let text = |line: &Line| -> String { line.spans.iter().map(|s| s.content.as_ref()).collect() };
    let rows = |line: &Line| super::wrap(&text(line), width).len();
    let Some(line) = lines.get(index) else {
        return;
    };
    let own = rows(line);
    let others: usize = lines.iter().map(rows).sum::<usize>() - own;
    let room = usize::from(height).saturating_sub(others).max(1);
    if room >= own {
        return;
    }
    // The rows that stay whole, then the rest of the text cut into one.
    let wrapped = super::wrap(&text(line), width);
    let (kept, rest) = wrapped.split_at(room - 1);
    let last = super::fit_message(&rest.join(" "), width);
    let cut = kept
        .iter()
        .chain([&last])
        .cloned()
        .collect::<Vec<_>>()
        .join(" ");
    lines[index] = Line::styled(cut, line.style);
}

#[cfg(test)]
mod tests {
    use super::cut_to_fit;
    use crate::ui::wrap;
    use ratatui::text::Line;

    /// The rows the lines take at `width`, as the panel wraps them.
    fn rows(lines: &[Line], width: usize) -> Vec<String> {
        lines
            .iter()
            .flat_map(|l| wrap(&l.to_string(), width))
            .collect()
    }

    #[test]
    fn a_long_line_gives_way_so_the_lines_after_it_still_show() {
        let long = "If r4c2=9, r6c3<>9 so r9c3=9 so r9c3<>7 so r6c3=7 so r6c3<>3 so r8c4<>3";
        let lines = vec![Line::raw("hint"), Line::raw(long), Line::raw("H: apply it")];
        // Everything fits: nothing changes.
        let mut wide = lines.clone();
        cut_to_fit(&mut wide, 1, 80, 5);
        assert_eq!(wide, lines);
        // 20 columns, 5 rows: the hint keeps 3 rows, the last cut with "…".
        let mut narrow = lines;
        cut_to_fit(&mut narrow, 1, 20, 5);
        let fitted = rows(&narrow, 20);
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
