//! The status line (size, difficulty, clock, mode, a message) and the key
//! hints under it, both cut to the screen's width.

use crate::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;

pub struct StatusLine<'a> {
    pub theme: &'a Theme,
    /// Facts about the game, shown in order: "9x9", "medium", "03:12", "notes".
    pub facts: &'a [String],
    /// A message for the player (a refused key, a hint), after the facts.
    pub message: Option<&'a str>,
    /// Key hints as (keys, what they do), from the keymap in force.
    pub hints: &'a [(String, String)],
}

impl Widget for StatusLine<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.height == 0 {
            return;
        }
        let theme = self.theme;
        buf.set_style(area, theme.status());
        let mut spans = Vec::new();
        for (i, fact) in self.facts.iter().enumerate() {
            spans.push(Span::styled(
                if i == 0 { " " } else { " · " },
                theme.status(),
            ));
            spans.push(Span::styled(
                fact.as_str(),
                theme.status().patch(theme.title()),
            ));
        }
        if let Some(message) = self.message {
            spans.push(Span::styled("  ", theme.status()));
            spans.push(Span::styled(message, theme.message()));
        }
        Line::from(spans).render(Rect { height: 1, ..area }, buf);
        if area.height < 2 {
            return;
        }
        // Hints: whole "key label" pairs only, as many as fit.
        let mut spans = vec![Span::raw(" ")];
        let mut used = 1usize;
        for (keys, label) in self.hints {
            let width = keys.chars().count() + 1 + label.chars().count() + 2;
            if used + width > area.width as usize {
                break;
            }
            used += width;
            spans.push(Span::styled(keys.as_str(), theme.status_key()));
            spans.push(Span::styled(format!(" {label}  "), theme.status()));
        }
        let hints_row = Rect {
            y: area.y + 1,
            height: 1,
            ..area
        };
        Line::from(spans).render(hints_row, buf);
    }
}
