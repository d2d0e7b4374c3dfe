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
            let used: usize = spans.iter().map(Span::width).sum::<usize>() + 2;
            let room = usize::from(area.width).saturating_sub(used);
            spans.push(Span::styled("  ", theme.status()));
            spans.push(Span::styled(fit_message(message, room), theme.message()));
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

/// `message` cut to `room` columns at a word boundary, with "…" to show that
/// more was said (the side panel, where there is one, holds all of it).
fn fit_message(message: &str, room: usize) -> String {
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

#[cfg(test)]
mod tests {
    use super::fit_message;

    #[test]
    fn a_long_message_is_cut_at_a_word_with_an_ellipsis() {
        let hint = "naked single: r9c7 can only be 5: its row, column and box already hold every other digit";
        assert_eq!(fit_message(hint, 200), hint);
        let cut = fit_message(hint, 40);
        assert!(cut.chars().count() <= 40, "{cut}");
        assert_eq!(cut, "naked single: r9c7 can only be 5: its…");
        assert_eq!(fit_message(hint, 0), "");
        assert_eq!(fit_message("abcdef", 4), "abc…");
    }
}
