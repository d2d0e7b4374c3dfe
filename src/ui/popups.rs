//! Screens over or instead of the board: help, pause, too small.

use super::wrap;
use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::{Constraint, Flex, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget, Wrap};

/// A rectangle of at most `width` x `height`, centred in `area`.
pub fn centred(area: Rect, width: u16, height: u16) -> Rect {
    let [row] = Layout::vertical([Constraint::Length(height.min(area.height))])
        .flex(Flex::Center)
        .areas(area);
    let [rect] = Layout::horizontal([Constraint::Length(width.min(area.width))])
        .flex(Flex::Center)
        .areas(row);
    rect
}

/// The key bindings in force, scrolled to `scroll` lines down when they do
/// not all fit, saying so at the bottom and the top.
pub struct HelpPopup<'a> {
    pub theme: &'a Theme,
    /// Whose keys these are (" keys ", " solver view keys ").
    pub title: &'a str,
    /// (keys, what they do), from the keymap.
    pub entries: &'a [(String, String)],
    /// Lines scrolled past at the top (clamped to the last page).
    pub scroll: usize,
}

impl HelpPopup<'_> {
    /// The help's lines for a screen of `area`, and their width.
    fn lines(&self, area: Rect) -> (Vec<Line<'static>>, u16) {
        let theme = self.theme;
        let key_width = self
            .entries
            .iter()
            .map(|(k, _)| k.chars().count())
            .max()
            .unwrap_or(0);
        let longest_label = self
            .entries
            .iter()
            .map(|(_, l)| l.chars().count())
            .max()
            .unwrap_or(0);
        // Border, a space, the keys, two spaces, the label, a space.
        let room = (area.width as usize).saturating_sub(key_width + 6).max(8);
        let label_width = longest_label.min(room);
        let mut lines = Vec::new();
        for (keys, label) in self.entries {
            for (i, part) in wrap(label, label_width).into_iter().enumerate() {
                let keys = if i == 0 { keys.as_str() } else { "" };
                lines.push(Line::from(vec![
                    Span::styled(format!(" {keys:>key_width$}"), theme.status_key()),
                    Span::styled(format!("  {part}"), theme.text()),
                ]));
            }
        }
        (lines, (key_width + label_width + 6) as u16)
    }

    /// How far the help can scroll on a screen of `area`: 0 when it fits.
    pub fn max_scroll(&self, area: Rect) -> usize {
        let (lines, _) = self.lines(area);
        lines
            .len()
            .saturating_sub(usize::from(area.height.saturating_sub(2)))
    }
}

impl Widget for HelpPopup<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let theme = self.theme;
        let (lines, width) = self.lines(area);
        let total = lines.len();
        let room = usize::from(area.height.saturating_sub(2));
        let scroll = self.scroll.min(self.max_scroll(area));
        let shown: Vec<Line> = lines.into_iter().skip(scroll).take(room).collect();
        let above = scroll > 0;
        let below = scroll + shown.len() < total;
        let height = shown.len() as u16 + 2;
        let rect = centred(area, width, height);
        let footer = match (above, below) {
            (_, true) => format!(
                " more below ({} of {total}): ↓ PgDn · Esc closes ",
                scroll + shown.len()
            ),
            (true, false) => " end · ↑ PgUp back · Esc closes ".to_string(),
            (false, false) => " any key closes ".to_string(),
        };
        let mut block = Block::bordered()
            .title(self.title)
            .title_bottom(footer)
            .title_style(theme.title())
            .border_style(theme.border())
            .style(theme.text());
        if above {
            block = block.title(Line::from(" ↑ more above ").right_aligned());
        }
        Clear.render(rect, buf);
        Paragraph::new(shown).block(block).render(rect, buf);
    }
}

/// Shown instead of the board while paused, so the puzzle cannot be studied
/// with the clock stopped.
pub struct PausedScreen<'a> {
    pub theme: &'a Theme,
    /// The keys that resume, from the keymap ("p").
    pub resume_keys: &'a str,
}

impl Widget for PausedScreen<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let rect = centred(area, 30, 5);
        let lines = vec![
            Line::styled("Paused", self.theme.message()).centered(),
            Line::raw(""),
            Line::from(vec![
                Span::styled(self.resume_keys, self.theme.status_key()),
                Span::styled(" resumes", self.theme.text()),
            ])
            .centered(),
        ];
        Paragraph::new(lines)
            .block(
                Block::bordered()
                    .border_style(self.theme.border())
                    .style(self.theme.text()),
            )
            .render(rect, buf);
    }
}

/// The terminal is smaller than the board needs: say how large it must be,
/// and (below that, cut first when even this does not fit) what can still
/// be done, since the status line with the key hints is not drawn.
pub struct TooSmall<'a> {
    pub theme: &'a Theme,
    pub board: &'a str,
    pub needed: (u16, u16),
    /// Lines such as "z size  g new  q quit"; none for no advice.
    pub advice: &'a [String],
}

impl Widget for TooSmall<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.is_empty() {
            return;
        }
        let (w, h) = self.needed;
        let mut text = vec![
            Line::styled("Terminal too small", self.theme.message()).centered(),
            Line::styled(format!("{} needs {w}x{h}", self.board), self.theme.text()).centered(),
            Line::styled(
                format!("now {}x{}", area.width, area.height),
                self.theme.text(),
            )
            .centered(),
        ];
        if !self.advice.is_empty() {
            text.push(Line::default());
        }
        for line in self.advice {
            text.push(Line::styled(line.clone(), self.theme.text()).centered());
        }
        // Narrow screens wrap each line onto several rows; count them all so
        // the size needed (the line that matters) is not cut off the bottom.
        let width = usize::from(area.width);
        let rows: usize = text
            .iter()
            .map(|line| line.width().div_ceil(width).max(1))
            .sum();
        let height = u16::try_from(rows).unwrap_or(u16::MAX).min(area.height);
        let rect = centred(area, area.width, height);
        Paragraph::new(text)
            .wrap(Wrap { trim: true })
            .render(rect, buf);
    }
}
