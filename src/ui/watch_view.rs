//! The animated solver view: the board as the search has it (current cell,
//! guesses, deductions, backtracks and conflicts each in their theme style)
//! and, where width allows, a panel with the strategy, counters, result, a
//! depth (or conflict) sparkline and the stack of choices. Only draws.
//!
//! Everything sits at fixed places and only the changed cells differ from
//! frame to frame, so ratatui's diff sends little per step over SSH.

use super::geometry::BoardLayout;
use super::{TooSmall, PANEL_WIDTH};
use crate::engine::board::{cell_name, digit_text};
use crate::engine::Cell;
use crate::engine::Named;
use crate::theme::Theme;
use crate::watch::{CellKind, RunEnd, Watch};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Sparkline, Widget};
use std::time::Duration;

/// Columns between the board and the panel.
const GAP: u16 = 2;
/// Rows the panel needs for the counters alone (with its borders).
const PANEL_MIN_HEIGHT: u16 = 13;
/// Rows the panel takes, where the screen has them, even beside a shorter
/// board: the counters, the graph and eight rows of the stack of choices.
/// With three rows the stack scrolled at nearly every push and pop, and
/// rewrote each of them (most of a step's bytes over SSH); with eight it
/// moves once every four levels.
const PANEL_ROOMY_HEIGHT: u16 = 28;

pub struct WatchView<'a> {
    pub watch: &'a Watch,
    pub theme: &'a Theme,
}

/// Where the board, the panel and the one-line summary go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchLayout {
    pub board: Rect,
    pub geometry: BoardLayout,
    pub panel: Option<Rect>,
    /// One line of counters under the board, when there is no panel.
    pub summary: Option<Rect>,
}

impl WatchLayout {
    /// `None` when the board does not fit in `area`.
    pub fn new(watch: &Watch, area: Rect) -> Option<WatchLayout> {
        let shape = watch.board().shape();
        let caged = watch.board().is_killer();
        let panel_room = area.width.saturating_sub(PANEL_WIDTH + GAP);
        if area.height >= PANEL_MIN_HEIGHT {
            if let Some(geometry) =
                BoardLayout::fitting_caged(shape, caged, panel_room, area.height)
            {
                let total = geometry.width + GAP + PANEL_WIDTH;
                let left = area.x + (area.width - total) / 2;
                let top = area.y + (area.height - geometry.height) / 2;
                let panel_height = geometry.height.max(PANEL_ROOMY_HEIGHT).min(area.height);
                let panel_top = area.y + (area.height - panel_height) / 2;
                return Some(WatchLayout {
                    board: Rect::new(left, top, geometry.width, geometry.height),
                    panel: Some(Rect::new(
                        left + geometry.width + GAP,
                        panel_top.min(top),
                        PANEL_WIDTH,
                        panel_height,
                    )),
                    geometry,
                    summary: None,
                });
            }
        }
        let (geometry, summary) = match BoardLayout::fitting_caged(
            shape,
            caged,
            area.width,
            area.height.saturating_sub(1),
        ) {
            Some(g) => (g, true),
            None => (
                BoardLayout::fitting_caged(shape, caged, area.width, area.height)?,
                false,
            ),
        };
        let used = geometry.height + u16::from(summary);
        let left = area.x + (area.width - geometry.width) / 2;
        let top = area.y + (area.height - used) / 2;
        Some(WatchLayout {
            board: Rect::new(left, top, geometry.width, geometry.height),
            summary: summary.then(|| Rect::new(area.x, top + geometry.height, area.width, 1)),
            geometry,
            panel: None,
        })
    }
}

impl Widget for WatchView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let area = area.intersection(buf.area);
        let shape = self.watch.board().shape();
        let Some(layout) = WatchLayout::new(self.watch, area) else {
            let g = BoardLayout::smallest(shape);
            TooSmall {
                theme: self.theme,
                board: &format!("the solver view of {0}x{0}", shape.size()),
                needed: (g.width, g.height),
                advice: &[],
            }
            .render(area, buf);
            return;
        };
        self.render_lines(&layout.geometry, layout.board, buf);
        for cell in shape.cells() {
            let g = &layout.geometry;
            let (r, c) = (shape.row(cell), shape.col(cell));
            let rect = Rect::new(
                layout.board.x + g.col_x[c],
                layout.board.y + g.row_y[r],
                g.cell_width,
                g.cell_height,
            );
            self.render_cell(cell, rect, g, buf);
        }
        if let Some(cages) = self.watch.givens().cages() {
            super::cages::render_cage_marks(
                &layout.geometry,
                self.theme,
                shape,
                cages,
                layout.board,
                buf,
            );
        }
        if let Some(panel) = layout.panel {
            self.render_panel(panel, buf);
        }
        if let Some(summary) = layout.summary {
            let text = summary_text(self.watch, usize::from(summary.width));
            Line::styled(text, self.theme.text())
                .centered()
                .render(summary, buf);
        }
    }
}

impl WatchView<'_> {
    /// The style a cell is drawn in.
    pub fn cell_style(&self, cell: Cell) -> Style {
        let theme = self.theme;
        self.shade(cell).patch(match self.watch.kind(cell) {
            CellKind::Empty => Style::default(),
            CellKind::Given => theme.given(),
            CellKind::Entry => theme.entry(),
            // The solver's own digits, unlike the player's entries.
            CellKind::Placed => theme.solver_digit(),
            CellKind::Guess => theme.solver_guess(),
            CellKind::Deduced => theme.solver_deduce(),
            CellKind::Backtracked => theme.solver_backtrack(),
            CellKind::Conflicting => theme.conflict(),
            CellKind::Focus => theme.solver_focus(),
        })
    }

    /// The cell's background: the board and its box of the checkerboard.
    fn shade(&self, cell: Cell) -> Style {
        let theme = self.theme;
        let shape = self.watch.board().shape();
        let shade = super::variant::cell_shade(theme, shape, cell);
        match super::variant::extra_tint(theme, shape, cell) {
            Some(tint) => shade.patch(tint),
            None => shade,
        }
    }

    fn render_cell(&self, cell: Cell, rect: Rect, g: &BoardLayout, buf: &mut Buffer) {
        // The cell is shaded as its box; only a label of up to three columns
        // in its middle row takes the kind's style. A step then changes a
        // few characters, not every character of a roomy cell (bytes over SSH).
        let shade = self.shade(cell);
        for y in rect.top()..rect.bottom() {
            for x in rect.left()..rect.right() {
                set_char(buf, x, y, ' ', shade);
            }
        }
        let style = self.cell_style(cell);
        let label_width = g.cell_width.min(3);
        let label_x = rect.x + (g.cell_width - label_width) / 2;
        let y = rect.y + g.cell_height.saturating_sub(1) / 2;
        for x in label_x..label_x + label_width {
            set_char(buf, x, y, ' ', style);
        }
        // The cell being undone shows the digit it loses; afterwards a dot
        // in the backtrack style marks where the search retreated (a digit
        // there would read as a clash with the digits placed since).
        let text = match self.watch.board().get(cell) {
            Some(digit) => Some(digit_text(digit)),
            None => match self.watch.ghost(cell) {
                Some(digit) if self.watch.focus().contains(&cell) => Some(digit_text(digit)),
                Some(_) => Some("·".to_string()),
                None => None,
            },
        };
        if let Some(text) = text {
            let width = text.chars().count() as u16;
            let x = rect.x + (g.cell_width.saturating_sub(width)) / 2;
            buf.set_stringn(x, y, &text, g.cell_width as usize, style);
        } else if let Some(mark) = super::variant::extra_mark(self.watch.board().shape(), cell) {
            let style = style
                .patch(self.theme.note())
                .patch(self.theme.extra_house());
            super::variant::draw_extra_mark(buf, rect, mark, style);
        }
    }

    fn render_lines(&self, g: &BoardLayout, area: Rect, buf: &mut Buffer) {
        let shape = self.watch.board().shape();
        if let Some(cages) = self.watch.givens().cages() {
            super::cages::render_cage_lines(g, self.theme, shape, cages, area, buf);
        } else if shape.is_jigsaw() {
            super::variant::render_region_lines(g, self.theme, shape, area, buf);
        } else {
            super::board::render_grid_lines(g, self.theme, area, buf);
        }
    }

    fn render_panel(&self, area: Rect, buf: &mut Buffer) {
        let theme = self.theme;
        let block = Block::bordered()
            .title(" solver ")
            .border_style(theme.border())
            .title_style(theme.title())
            .style(theme.text());
        let inner = block.inner(area);
        block.render(area, buf);
        let mut lines = panel_lines(self.watch, theme);
        lines.extend(legend(self.watch, theme, usize::from(inner.width)));
        if let Some(step) = step_text(self.watch) {
            let parts = super::wrap(&step, usize::from(inner.width));
            let used = parts.len();
            for part in parts {
                lines.push(Line::styled(part, theme.text()));
            }
            // Two lines even for a step that fits in one: otherwise the
            // graph and the stack below jumped a row each time a step of
            // one line followed one of two (a guess, a backtrack), and the
            // whole panel below was sent again, most of a step's bytes.
            for _ in used..STEP_LINES {
                lines.push(Line::raw(""));
            }
        }
        let room = inner.height as usize;
        let choices = self.watch.choices();
        // The graph takes a label and two rows when they fit beside a few
        // lines of the stack of choices.
        let stack_wanted = if choices.is_empty() { 0 } else { 4 };
        let data = self.watch.history();
        let backtracking = self.watch.strategy().is_backtracking();
        // mrv may solve by deduction alone: a flat line says nothing, words do.
        let flat = backtracking && data.iter().all(|&d| d == 0);
        let mut spark_rows = if room >= lines.len() + 3 + stack_wanted {
            2
        } else {
            0
        };
        if flat && room > lines.len() {
            lines.push(Line::styled(
                if self.watch.outcome().is_some() {
                    "depth 0 all along: no guess"
                } else {
                    "depth 0: no guess needed so far"
                },
                theme.title(),
            ));
            spark_rows = 0;
        } else if spark_rows > 0 {
            lines.push(Line::styled(
                if backtracking {
                    "depth over time"
                } else {
                    "conflicts over time"
                },
                theme.title(),
            ));
        }
        let text_rows = lines.len().min(room) as u16;
        Paragraph::new(lines).render(
            Rect {
                height: text_rows,
                ..inner
            },
            buf,
        );
        let mut y = inner.y + text_rows;
        if spark_rows > 0 {
            let width = usize::from(inner.width);
            let ended = self.watch.outcome().is_some() || self.watch.is_finishing();
            // A finished run is drawn across the whole width, however few
            // frames it took (after `f`, two or three); a running one grows
            // from the left, so a frame redraws one column, not all.
            let data = if ended && !data.is_empty() && data.len() < width {
                stretch(data, width)
            } else {
                data.to_vec()
            };
            let max = data.iter().copied().max().unwrap_or(1).max(1);
            // A steady scale for backtracking while it runs, so bars do not
            // all change at each new maximum: the deepest point so far
            // rounded up to a power of two (never past the stack's deepest,
            // the empty cells). Not the empty cells themselves: on a 16x16
            // a search 10 deep drew nothing on a scale of 150. Once ended,
            // scaled to the run's own deepest point.
            let scale = if self.watch.strategy().is_backtracking() && !ended {
                let empty =
                    self.watch.start().shape().cell_count() - self.watch.start().filled_count();
                max.next_power_of_two().min((empty as u64).max(max))
            } else {
                max
            };
            let graph = Rect::new(inner.x, y, inner.width, spark_rows.min(inner.bottom() - y));
            // The graph's whole area in its style, not only the columns
            // drawn so far: a new column's blank top then equals the blank
            // it replaces, and is not sent again.
            buf.set_style(graph, theme.solver_guess());
            Sparkline::default()
                .data(&data)
                .max(scale)
                .style(theme.solver_guess())
                .render(graph, buf);
            y += spark_rows;
        }
        // The stack of choices, deepest last, as many as the panel holds.
        let rows = inner.bottom().saturating_sub(y) as usize;
        if rows >= 2 && !choices.is_empty() {
            let shape = self.watch.board().shape();
            let shown = rows - 1;
            let hidden = hidden_choices(choices.len(), shown);
            let title = if hidden > 0 {
                format!("stack of choices ({hidden} more above)")
            } else {
                "stack of choices".to_string()
            };
            let mut stack = vec![Line::styled(title, theme.title())];
            for (level, (cell, digit)) in choices.iter().enumerate().skip(hidden) {
                let digit = digit.map_or_else(|| "?".to_string(), digit_text);
                stack.push(Line::raw(format!(
                    "{:>3} {} = {digit}",
                    level + 1,
                    cell_name(shape, *cell)
                )));
            }
            let height = stack.len() as u16;
            Paragraph::new(stack).render(Rect::new(inner.x, y, inner.width, height), buf);
        }
    }
}

/// The rows the step's words take in the panel (more when they wrap further).
const STEP_LINES: usize = 2;

/// How many of `len` choices are left out above a list of `shown` rows,
/// the deepest always in view. The list moves half a page at a time, not
/// by one at each push or pop: between moves a step changes one row, where
/// scrolling by one rewrote every row, most of a step's bytes over SSH.
fn hidden_choices(len: usize, shown: usize) -> usize {
    if len <= shown || shown == 0 {
        return 0;
    }
    let half = (shown / 2).max(1);
    (len - shown).div_ceil(half) * half
}

/// `data` spread over `width` columns, each sample repeated.
fn stretch(data: &[u64], width: usize) -> Vec<u64> {
    (0..width).map(|i| data[i * data.len() / width]).collect()
}

/// What each style on the board means, each word in its own style, in
/// lines of at most `width` columns.
pub fn legend(watch: &Watch, theme: &Theme, width: usize) -> Vec<Line<'static>> {
    let mut lines: Vec<Line<'static>> = Vec::new();
    let mut line = Line::default();
    let mut word = |text: &'static str, style: Style| {
        let used = line.width();
        if used > 0 && used + 1 + text.len() > width {
            lines.push(std::mem::take(&mut line));
        } else if used > 0 {
            line.push_span(Span::styled(" ", theme.text()));
        }
        line.push_span(Span::styled(text, style));
    };
    word("given", theme.given());
    if watch.started_from_entries() {
        word("yours", theme.entry());
    }
    if watch.strategy().is_backtracking() {
        word("guess", theme.solver_guess());
        word("deduced", theme.solver_deduce());
        word("undone", theme.solver_backtrack());
    } else {
        word("solver", theme.solver_digit());
        word("clash", theme.conflict());
    }
    word("now", theme.solver_focus());
    lines.push(line);
    lines
}

/// The last step in words: "guess r3c8 = 3 (2 candidates)", "backtrack:
/// r5c4 has no digit left".
pub fn step_text(watch: &Watch) -> Option<String> {
    use crate::engine::local_search::{GaveUpReason, LocalStep};
    use crate::engine::solver::Rule;
    use crate::engine::Step;
    use crate::watch::WatchStep;
    if watch.known_unsolvable() {
        return Some(format!(
            "no solution: the exact solver finds none, so {} is not run",
            watch.strategy().name()
        ));
    }
    let shape = watch.board().shape();
    let name = |cell: Cell| cell_name(shape, cell);
    let digits =
        |c: crate::engine::Candidates| c.iter().map(digit_text).collect::<Vec<_>>().join(" ");
    Some(match watch.last_step()? {
        WatchStep::Search(step) => match step {
            Step::Focus { cell, candidates } if candidates.is_empty() => {
                format!("{} has no candidate left", name(*cell))
            }
            Step::Focus { cell, candidates } if candidates.len() == 1 => format!(
                "look at {}: one candidate ({})",
                name(*cell),
                digits(*candidates)
            ),
            Step::Focus { cell, candidates } => format!(
                "look at {}: {} candidates ({})",
                name(*cell),
                candidates.len(),
                digits(*candidates)
            ),
            Step::FocusDigit {
                digit,
                house,
                cells,
            } => format!(
                "{} has {} left in {house}",
                digit_text(*digit),
                match cells.len() {
                    1 => "one place".to_string(),
                    n => format!("{n} places"),
                }
            ),
            Step::CageNarrows {
                cage,
                cells,
                digits: allowed,
            } => format!(
                "{}: its sum allows only {} in its {} empty cell{}",
                cage_name(watch.board(), *cage),
                digits(*allowed),
                cells.len(),
                if cells.len() == 1 { "" } else { "s" }
            ),
            Step::Guess { cell, digit } => {
                let mut before = watch.board().clone();
                before.set(*cell, None);
                let count = before.candidates(*cell).len();
                format!(
                    "guess {} = {} ({count} candidates)",
                    name(*cell),
                    digit_text(*digit)
                )
            }
            Step::Deduce { cell, digit, rule } => format!(
                "deduce {} = {}: {}",
                name(*cell),
                digit_text(*digit),
                match rule {
                    Rule::NakedSingle => "its only candidate".to_string(),
                    Rule::HiddenSingle(house) => format!("its only place in {house}"),
                    Rule::Cage(cage) => format!(
                        "the only digit the sum of {} leaves it",
                        cage_name(watch.board(), *cage)
                    ),
                }
            ),
            Step::Backtrack { cell: Some(cell) } => {
                format!("backtrack: {} has no digit left", name(*cell))
            }
            Step::Backtrack { cell: None } => "backtrack: a digit has no place left".to_string(),
            Step::Undo { cell, digit } => format!("undo {} = {}", name(*cell), digit_text(*digit)),
            Step::Solution(_) => "solved: every cell filled".to_string(),
            Step::Exhausted => "no solution: every choice failed".to_string(),
            Step::LimitReached => "stopped at the step limit".to_string(),
        },
        WatchStep::Local(step) => match step {
            LocalStep::Swap { a, b, conflicts } => {
                format!("swap {} and {}: {conflicts} clashes", name(*a), name(*b))
            }
            LocalStep::Restart { conflicts, .. } => {
                format!("stuck: refill every box at random ({conflicts} clashes)")
            }
            LocalStep::Generation {
                number,
                best_conflicts,
                ..
            } => format!("generation {number}: the best has {best_conflicts} clashes"),
            LocalStep::Solved(_) => "solved: no clash left".to_string(),
            LocalStep::GaveUp(GaveUpReason::Limit) => "stopped at the step limit".to_string(),
            LocalStep::GaveUp(GaveUpReason::ClashingGivens) => {
                "no solution: the givens clash".to_string()
            }
            LocalStep::GaveUp(GaveUpReason::NoMove) => "no solution: no move is left".to_string(),
        },
    })
}

/// The counters and the result, one per line.
pub fn panel_lines(watch: &Watch, theme: &Theme) -> Vec<Line<'static>> {
    let c = watch.counters();
    let row = |label: &str, value: String| {
        Line::from(vec![
            Span::styled(format!("{label:<11}"), theme.text()),
            Span::styled(value, theme.title()),
        ])
    };
    let mut lines = vec![row("strategy", watch.strategy().name().to_string())];
    let steps_label = match watch.strategy() {
        crate::engine::SearchKind::MinConflicts => "swaps",
        crate::engine::SearchKind::Genetic => "generation",
        _ => "steps",
    };
    lines.push(row(steps_label, grouped(c.steps)));
    if watch.strategy().is_backtracking() {
        lines.push(row("guesses", grouped(c.guesses)));
        lines.push(row("backtracks", grouped(c.backtracks)));
        lines.push(row("depth", format!("{} (max {})", c.depth, c.max_depth)));
    } else {
        lines.push(row("conflicts", grouped(c.conflicts as u64)));
        lines.push(row("restarts", grouped(c.restarts)));
        lines.push(Line::raw(""));
    }
    // The speed asked for and the speed reached, each on a row of its
    // own: together they overflow the panel at four-digit speeds.
    lines.push(row("speed", set_speed_text(watch)));
    lines.push(row(
        "measured",
        measured_speed_text(watch).unwrap_or_else(|| "-".to_string()),
    ));
    lines.push(row("elapsed", elapsed_text(watch.elapsed())));
    let from = if watch.started_from_entries() {
        "your board"
    } else {
        "the givens"
    };
    lines.push(row("from", from.to_string()));
    lines.extend(result_lines(watch, theme));
    lines
}

fn result_lines(watch: &Watch, theme: &Theme) -> Vec<Line<'static>> {
    let (text, style) = match watch.outcome() {
        Some(RunEnd::Solved) => ("solved", theme.message()),
        Some(RunEnd::Exhausted) => ("no solution", theme.conflict()),
        Some(RunEnd::LimitReached) => ("step limit reached", theme.conflict()),
        None if watch.is_paused() => ("paused", theme.status_key()),
        None if watch.is_finishing() => ("finishing...", theme.text()),
        None => ("searching", theme.text()),
    };
    let mut lines = vec![Line::from(vec![
        Span::styled(format!("{:<11}", "result"), theme.text()),
        Span::styled(text, style),
    ])];
    let naive = watch.strategy() == crate::engine::SearchKind::Naive;
    if watch.outcome() == Some(RunEnd::LimitReached) && naive {
        // Textbook backtracking can take billions of steps where mrv takes
        // a few hundred: say which to switch to (the key hints name the key).
        lines.push(Line::styled(
            "naive backtracking stalls here: switch strategy to mrv (fewest candidates first)",
            theme.text(),
        ));
    }
    if watch.outcome() == Some(RunEnd::Exhausted) && watch.started_from_entries() {
        // The puzzle has a solution; the player's board does not.
        lines.push(Line::styled(
            "one of your entries is wrong",
            theme.conflict(),
        ));
    }
    lines
}

/// The speed asked for: "20/s", or "max" at full speed.
fn set_speed_text(watch: &Watch) -> String {
    let set = watch.speed();
    if set.is_finite() {
        format!("{}/s", grouped(set as u64))
    } else {
        "max".to_string()
    }
}

/// The speed reached lately ("19/s"), while the search runs.
fn measured_speed_text(watch: &Watch) -> Option<String> {
    let actual = watch.steps_per_second();
    let running = watch.outcome().is_none() && !watch.is_paused() && actual > 0.0;
    running.then(|| format!("{}/s", grouped(actual.round() as u64)))
}

/// Both speeds for the one-line summary: "20/s (measured 19/s)".
fn speed_text(watch: &Watch) -> String {
    let set = set_speed_text(watch);
    match measured_speed_text(watch) {
        Some(measured) => format!("{set} (measured {measured})"),
        None => set,
    }
}

fn elapsed_text(elapsed: Duration) -> String {
    super::clock_text(elapsed)
}

/// The view's essentials on one line of at most `width` columns, for
/// screens too narrow for the panel: the measured speed, then the speed
/// asked for, give way before the line is cut.
pub fn summary_text(watch: &Watch, width: usize) -> String {
    let c = watch.counters();
    let mut parts = vec![
        watch.strategy().name().to_string(),
        format!("{} steps", grouped(c.steps)),
    ];
    if watch.strategy().is_backtracking() {
        parts.push(format!("depth {}/{}", c.depth, c.max_depth));
    } else {
        parts.push(format!("{} conflicts", c.conflicts));
    }
    let last = match watch.outcome() {
        Some(outcome) => vec![outcome.label().to_string()],
        None if watch.is_paused() => vec!["paused".to_string()],
        None => vec![speed_text(watch), set_speed_text(watch)],
    };
    let mut lines: Vec<String> = last
        .into_iter()
        .map(|end| [parts.as_slice(), &[end]].concat().join(" · "))
        .collect();
    lines.push(parts.join(" · "));
    let shortest = lines.pop().unwrap_or_default();
    lines
        .into_iter()
        .find(|line| line.chars().count() <= width)
        .unwrap_or(shortest)
}

/// 1234567 as "1,234,567".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

fn set_char(buf: &mut Buffer, x: u16, y: u16, ch: char, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_char(ch).set_style(style);
    }
}

/// A killer cage as the status line names it ("the 16-cage at r1c1").
fn cage_name(board: &crate::engine::Board, cage: u16) -> String {
    board.cages().map_or_else(
        || format!("cage {}", cage + 1),
        |cages| cages.name(cage as usize, board.shape()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stack_list_moves_half_a_page_at_a_time_and_keeps_the_deepest() {
        assert_eq!(hidden_choices(3, 4), 0);
        assert_eq!(hidden_choices(4, 4), 0);
        let mut moves = 0;
        let mut last = 0;
        for len in 1..=60 {
            let hidden = hidden_choices(len, 4);
            assert!(hidden < len && len - hidden <= 4, "{len}: {hidden}");
            assert!(len - hidden >= 3 || len < 3, "{len}: at least 3 in view");
            if hidden != last {
                moves += 1;
                last = hidden;
            }
        }
        assert_eq!(moves, 28, "one move every two levels");
        assert_eq!(hidden_choices(5, 1), 4, "one row: the deepest");
    }
}
