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
    /// (the key to press next) still show: each with the fewest rows worth
    /// showing, below which it is left out (a chain cut to one row says
    /// nothing the board does not).
    pub gives_way: Vec<(usize, usize)>,
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
        let mut left_out: Vec<usize> = Vec::new();
        for &(index, fewest) in &self.gives_way {
            // Lines left out before this one moved it up.
            let index = index - left_out.iter().filter(|&&i| i < index).count();
            if !cut_to_fit(&mut lines, index, fewest, inner.width, inner.height) {
                lines.remove(index);
                left_out.push(index);
            }
        }
        // A line written in several (a forcing chain, one branch a line)
        // is drawn as those lines.
        let lines: Vec<Line> = lines.into_iter().flat_map(split_lines).collect();
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(block)
            .render(area, buf);
    }
}

/// `line` as the lines its text is written in (`\n` between them), each
/// with its style: a line of one span, as the hint's words are, keeps it.
fn split_lines(line: Line<'_>) -> Vec<Line<'_>> {
    if !line.spans.iter().any(|s| s.content.contains('\n')) {
        return vec![line];
    }
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    let style = match line.spans.as_slice() {
        [only] => line.style.patch(only.style),
        _ => line.style,
    };
    text.split('\n')
        .map(|part| Line::styled(part.to_string(), style))
        .collect()
}

/// Cuts line `index` short ("…") when `lines` need more than `height`
/// rows of `width`, keeping only the rows the others leave it (one at
/// least). `false` when that is fewer than `fewest` rows: the caller
/// leaves the line out.
fn cut_to_fit(
    lines: &mut [Line<'_>],
    index: usize,
    fewest: usize,
    width: u16,
    height: u16,
) -> bool {
    let width = usize::from(width);
    let text = |line: &Line| -> String { line.spans.iter().map(|s| s.content.as_ref()).collect() };
    let rows = |line: &Line| super::wrap(&text(line), width).len();
    let Some(line) = lines.get(index) else {
        return true;
    };
    let own = rows(line);
    let others: usize = lines.iter().map(rows).sum::<usize>() - own;
    let room = usize::from(height).saturating_sub(others).max(1);
    if room >= own {
        return true;
    }
    if room < fewest {
        return false;
    }
    // Cut short, it reads on one line: its lines as sentences.
    let full = text(line).replace('\n', ". ");
    let cut = if room == 1 {
        super::fit_message(&full, width)
    } else {
        head_and_tail(&full, width, room)
    };
    lines[index] = Line::styled(cut, line.style);
    true
}

/// `text` in `room` rows (two or more) of `width`: its first rows, "…",
/// and as many of its last words as fit in the other half. A hint's words
/// end with what it found (the longest, nested chains and blossoms, also
/// start with it), so a hint cut to fit still says what goes.
fn head_and_tail(text: &str, width: usize, room: usize) -> String {
    let wrapped = super::wrap(text, width);
    let tail_rows = room / 2;
    let head_rows = (room - tail_rows).min(wrapped.len());
    let head = wrapped[..head_rows].join(" ");
    let words: Vec<&str> = text.split(' ').collect();
    let free = words.len().saturating_sub(head.split(' ').count());
    let tail_of = |take: usize| words[words.len() - take..].join(" ");
    // As many last words as fit in the rows the head leaves (the tail
    // starts on the head's last row, after "…").
    let mut take = 0;
    while take < free
        && super::wrap(&format!("{head} … {}", tail_of(take + 1)), width).len() <= room
    {
        take += 1;
    }
    // Start the tail at a clause if one starts within it ("…: 9 is removed
    // from r6c2" reads better than a sentence taken up mid-way).
    if let Some(clause) = (1..take).rev().find(|&t| {
        let before = words[words.len() - t - 1];
        before.ends_with(':') || before.ends_with('.') || before.ends_with(',')
    }) {
        take = clause;
    }
    loop {
        let cut = if take == 0 {
            format!("{head} …")
        } else {
            format!("{head} … {}", tail_of(take))
        };
        if take == 0 || super::wrap(&cut, width).len() <= room {
            return cut;
        }
        take -= 1;
    }
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
    fn a_hint_cut_to_fit_fills_the_rows_it_is_left() {
        let long = "r1c9<>9 so r2c9=9 so r2c9<>4 so r2c6=4 so r3c4<>4 so r5c4=4 so r5c4<>9 so {r1c4,r3c4}=9: if the chain's first candidate is false its last is true, so r1c9=9 or {r1c4,r3c4}=9 (braces are a group: the digit in one of its cells), and what sees both goes: 9 is removed from r1c6";
        for room in 3..=9 {
            let cut = super::head_and_tail(long, 21, room);
            let rows = wrap(&cut, 21);
            // A row short at most: a word too long for the row left over.
            assert!(
                rows.len() <= room && rows.len() + 1 >= room,
                "{room}: {rows:?}"
            );
            let end = if room > 3 {
                "9 is removed from r1c6"
            } else {
                "r1c6"
            };
            assert!(cut.ends_with(end), "{cut}");
        }
    }

    #[test]
    fn a_long_line_gives_way_so_the_lines_after_it_still_show() {
        let long = "If r4c2=9, r6c3<>9 so r9c3=9 so r9c3<>7 so r6c3=7 so r6c3<>3 so r8c4<>3";
        let lines = vec![Line::raw("hint"), Line::raw(long), Line::raw("H: apply it")];
        // Everything fits: nothing changes.
        let mut wide = lines.clone();
        assert!(cut_to_fit(&mut wide, 1, 1, 80, 5));
        assert_eq!(wide, lines);
        // 20 columns, 5 rows: the hint keeps 3 rows, its first two and,
        // after "…", its end, which says what the step found.
        let mut narrow = lines;
        assert!(cut_to_fit(&mut narrow, 1, 1, 20, 5));
        let fitted = rows(&narrow, 20);
        assert_eq!(fitted.len(), 5, "{fitted:?}");
        assert_eq!(fitted[0], "hint");
        assert_eq!(fitted[4], "H: apply it");
        assert!(
            fitted.iter().all(|row| row.chars().count() <= 20),
            "{fitted:?}"
        );
        assert!(long.starts_with(&fitted[1]), "{fitted:?}");
        let (before, after) = fitted[3].split_once('…').expect("the cut is marked with …");
        assert!(
            before.is_empty() || long.contains(before.trim()),
            "{fitted:?}"
        );
        assert!(long.ends_with(after.trim()), "{fitted:?}");
        assert!(after.trim().ends_with("r8c4<>3"), "{fitted:?}");
        // One row: the start, cut with "…".
        let mut one = vec![Line::raw(long)];
        assert!(cut_to_fit(&mut one, 0, 1, 20, 1));
        let fitted = rows(&one, 20);
        assert_eq!(fitted.len(), 1, "{fitted:?}");
        assert!(fitted[0].ends_with('…'), "{fitted:?}");
    }
}
