//! The status line (size, difficulty, clock, mode, a message) and the key
//! hints under it, both cut to the screen's width.

use super::fit_message;
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

impl<'a> Widget for StatusLine<'a> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        if area.height == 0 {
            return;
        }
        let theme = self.theme;
        buf.set_style(area, theme.status());
        let facts_spans = |facts: &'a [String]| {
            let mut spans = Vec::new();
            for (i, fact) in facts.iter().enumerate() {
                spans.push(Span::styled(
                    if i == 0 { " " } else { " · " },
                    theme.status(),
                ));
                spans.push(Span::styled(
                    fact.as_str(),
                    theme.status().patch(theme.title()),
                ));
            }
            spans
        };
        let width = |spans: &[Span]| spans.iter().map(Span::width).sum::<usize>();
        let mut shown = self.facts.len();
        if let Some(message) = self.message {
            // The message is the news of the moment (a refused key says what
            // to do instead): the facts after the first give way, last
            // first, before it is cut.
            let needed = Span::raw(message).width() + 2;
            while shown > 1
                && width(&facts_spans(&self.facts[..shown])) + needed > usize::from(area.width)
            {
                shown -= 1;
            }
        }
        let mut spans = facts_spans(&self.facts[..shown]);
        // What of the message does not fit its row goes on under it, in
        // place of key hints, rather than being cut (the hints come back
        // with the next key).
        let mut rest = None;
        if let Some(message) = self.message {
            let used: usize = spans.iter().map(Span::width).sum::<usize>() + 2;
            let room = usize::from(area.width).saturating_sub(used);
            let first = match split_to_fit(message, room) {
                Some((first, more)) if area.height >= 2 => {
                    rest = Some(more);
                    first.to_string()
                }
                _ => fit_message(message, room),
            };
            spans.push(Span::styled("  ", theme.status()));
            spans.push(Span::styled(first, theme.message()));
        }
        Line::from(spans).render(Rect { height: 1, ..area }, buf);
        if area.height < 2 {
            return;
        }
        let mut spans = vec![Span::raw(" ")];
        let mut room = usize::from(area.width).saturating_sub(1);
        if let Some(rest) = rest {
            let rest = fit_message(rest, room);
            room = room.saturating_sub(rest.chars().count() + 2);
            spans.push(Span::styled(rest, theme.message()));
            spans.push(Span::raw("  "));
        }
        for (keys, label) in fit_hints(self.hints, room) {
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

/// A message too long for `room` columns, split after its last whole word
/// that fits: the first row and the rest. `None` when it fits, or when not
/// even its first word does.
fn split_to_fit(message: &str, room: usize) -> Option<(&str, &str)> {
    if message.chars().count() <= room {
        return None;
    }
    let end = message
        .char_indices()
        .nth(room)
        .map_or(message.len(), |(i, _)| i);
    let space = message[..end].rfind(' ').filter(|&i| i > 0)?;
    Some((
        message[..space].trim_end(),
        message[space + 1..].trim_start(),
    ))
}

/// The hints that fit in `room` columns, whole "key label" pairs only.
/// When they do not all fit, the last two (help and quit, which close every
/// screen's list) stay and the ones just before them give way: a player
/// must always see how to get help and how to leave.
fn fit_hints(hints: &[(String, String)], room: usize) -> Vec<&(String, String)> {
    let width = |(keys, label): &(String, String)| keys.chars().count() + 1 + label.chars().count();
    // Pairs are two columns apart; the last needs no gap after it.
    let row_width = |list: &[(String, String)]| {
        list.iter()
            .map(|h| width(h) + 2)
            .sum::<usize>()
            .saturating_sub(2)
    };
    if row_width(hints) <= room {
        return hints.iter().collect();
    }
    let tail = &hints[hints.len().saturating_sub(2)..];
    let head = &hints[..hints.len() - tail.len()];
    let tail_width = row_width(tail);
    let mut used = 0;
    let mut shown: Vec<&(String, String)> = Vec::new();
    if tail_width <= room {
        for hint in head {
            if used + width(hint) + 2 + tail_width > room {
                break;
            }
            used += width(hint) + 2;
            shown.push(hint);
        }
        shown.extend(tail);
        return shown;
    }
    // Too narrow even for help and quit: as many as fit, from the front.
    for hint in hints {
        if used + width(hint) > room {
            break;
        }
        used += width(hint) + 2;
        shown.push(hint);
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::{fit_hints, StatusLine};
    use crate::theme::{ColorDepth, Themes};
    use crate::ui::fit_message;
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::widgets::Widget;

    fn status_row(facts: &[&str], message: &str, width: u16) -> String {
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default theme");
        let facts: Vec<String> = facts.iter().map(|f| f.to_string()).collect();
        let area = Rect::new(0, 0, width, 1);
        let mut buf = Buffer::empty(area);
        StatusLine {
            theme,
            facts: &facts,
            message: Some(message),
            hints: &[],
        }
        .render(area, &mut buf);
        (0..width).map(|x| buf[(x, 0)].symbol()).collect()
    }

    #[test]
    fn facts_after_the_first_give_way_to_a_message_that_would_be_cut() {
        // The editor's facts take 44 columns and repeat its panel; its
        // refusal used to be cut to "the size changes on a blank…", which
        // dropped what to do.
        let facts = ["9x9", "editor", "3 givens", "several solutions"];
        let message = "the size changes on a blank board: erase the givens first";
        let row = status_row(&facts, message, 80);
        assert_eq!(row.trim_end(), format!(" 9x9 · editor  {message}"));
        // Room for them all: nothing gives way.
        let row = status_row(&facts, "kept", 80);
        assert!(
            row.starts_with(" 9x9 · editor · 3 givens · several solutions  kept"),
            "{row}"
        );
        // Too long even after the first fact alone: cut, as before.
        let row = status_row(&facts, message, 40);
        assert!(
            row.starts_with(" 9x9  the size changes on a blank…"),
            "{row}"
        );
    }

    #[test]
    fn a_message_too_long_for_its_row_goes_on_under_it_instead_of_being_cut() {
        // At 80 columns long messages were cut with no way to read the rest.
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default theme");
        let facts = vec!["9x9".to_string(), "medium".to_string()];
        let hints = vec![("?".to_string(), "help".to_string())];
        let message = "the pasted text is not a puzzle: line 1, column 22: 'x' is not a \
                       cell (a digit 1-9, a letter for sizes over 9, or '.' or '0' for empty)";
        let area = Rect::new(0, 0, 80, 2);
        let mut buf = Buffer::empty(area);
        StatusLine {
            theme,
            facts: &facts,
            message: Some(message),
            hints: &hints,
        }
        .render(area, &mut buf);
        let row = |y| -> String { (0..80).map(|x| buf[(x, y)].symbol()).collect() };
        let (first, second) = (row(0), row(1));
        let words = format!("{} {}", first.trim(), second.trim());
        assert!(words.contains(message), "{first}\n{second}");
        assert!(first.starts_with(" 9x9  the pasted text"), "{first}");
        // The key hints make room for it, and come back with the next key.
        assert!(second.trim_end().ends_with("? help"), "{second}");
    }

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, l)| (k.to_string(), l.to_string()))
            .collect()
    }

    fn labels(shown: Vec<&(String, String)>) -> Vec<&str> {
        shown.into_iter().map(|(_, label)| label.as_str()).collect()
    }

    #[test]
    fn hints_that_do_not_fit_give_way_before_help_and_quit() {
        let hints = pairs(&[
            ("1-9 A-G", "digit"),
            ("n", "notes"),
            ("0", "erase"),
            ("u", "undo"),
            ("H", "hint"),
            ("Ctrl-n", "new"),
            ("p", "pause"),
            ("?", "help"),
            ("q", "quit"),
        ]);
        // All of them: 13 + 7 + 7 + 6 + 6 + 10 + 7 + 6 + 6 and eight gaps of two.
        assert_eq!(labels(fit_hints(&hints, 84)).len(), 9);
        assert_eq!(
            labels(fit_hints(&hints, 79)),
            ["digit", "notes", "erase", "undo", "hint", "new", "help", "quit"]
        );
        assert_eq!(labels(fit_hints(&hints, 20)), ["help", "quit"]);
        // Narrower than help and quit together: what fits from the front.
        assert_eq!(labels(fit_hints(&hints, 14)), ["help", "quit"]);
        assert_eq!(labels(fit_hints(&hints, 13)), ["digit"]);
    }

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
