//! The whole screen for the app's state: which widgets go where, with what.
//! Reads the app, never changes it.

use super::{App, Screen};
use crate::engine::Cell;
use crate::keymap::{self, digit_keys_text, Action, Scope};
use crate::ui::board::{notes_text, HintMarks};
use crate::ui::{
    clock_text, minimum_size, BoardWidget, HelpPopup, Panel, PausedScreen, ScreenLayout,
    StatusLine, TooSmall, MISTAKE_MARK, STATUS_HEIGHT,
};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::Widget;
use std::time::Instant;

const SPINNER: [char; 10] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/// The app as seen at one instant (the clock, the spinner, the celebration),
/// so tests draw deterministic frames.
pub struct AppView<'a> {
    pub app: &'a App,
    pub now: Instant,
}

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        AppView {
            app: self,
            now: Instant::now(),
        }
        .render(area, buf);
    }
}

impl Widget for AppView<'_> {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let app = self.app;
        let theme = app.theme();
        let area = area.intersection(buf.area);
        buf.set_style(area, theme.text());
        let game = self.board_game();
        let shape = game.shape();
        let hint_text = hint_text(app);
        let layout = match app.screen {
            Screen::Playing | Screen::Help => {
                ScreenLayout::of_board(game.board(), area, hint_text.as_deref())
            }
            _ => ScreenLayout::of_board(game.board(), area, None),
        };
        let Some(layout) = layout else {
            TooSmall {
                theme,
                board: &format!("{0}x{0}", shape.size()),
                needed: minimum_size(shape),
                advice: &self.too_small_advice(),
            }
            .render(area, buf);
            // The help needs no board, and scrolls in a small terminal.
            if matches!(app.screen, Screen::Help | Screen::WatchHelp) {
                self.render_help(area, buf);
            }
            return;
        };
        let facts = self.facts(&layout);
        let hints = self.hints();
        // The panel, or the rows under the board, show a hint whole; the
        // status line would only repeat it cut short.
        let hint_shown_whole = (layout.panel.is_some() || layout.hint.is_some())
            && app.screen == Screen::Playing
            && app.game.hint().map(super::hint_message) == app.message;
        StatusLine {
            theme,
            facts: &facts,
            message: app.message.as_deref().filter(|_| !hint_shown_whole),
            hints: &hints,
        }
        .render(layout.status, buf);
        let above_status = Rect {
            height: area.height - STATUS_HEIGHT,
            ..area
        };
        if app.awaiting_first_deal() && !matches!(app.screen, Screen::Help | Screen::WatchHelp) {
            let dealing = app.deals.in_flight();
            let text = format!(
                "{} dealing a {} {} puzzle",
                self.spinner(),
                dealing.map_or_else(|| shape_label(shape), |d| d.label()),
                dealing.map_or(app.deals.next_dealt_difficulty(), |d| d.difficulty),
            );
            let rect = crate::ui::popups_centred(above_status, text.chars().count() as u16, 1);
            Line::styled(text, theme.message()).render(rect, buf);
            return;
        }
        match app.screen {
            Screen::Paused => {
                let keys = app.keymap.keys_for(Action::Pause).join(" or ");
                PausedScreen {
                    theme,
                    resume_keys: &keys,
                }
                .render(above_status, buf);
                return;
            }
            Screen::Watching | Screen::WatchHelp => {
                if let Some(watch) = app.watch() {
                    crate::ui::watch_view::WatchView { watch, theme }.render(above_status, buf);
                }
                if app.screen == Screen::WatchHelp {
                    self.render_help(area, buf);
                }
                return;
            }
            Screen::Playing | Screen::Help | Screen::Editing => {}
        }
        let progress = app
            .celebrating(self.now)
            .then(|| app.celebration_progress(self.now))
            .flatten();
        let n = shape.size();
        let lit = move |cell: Cell| {
            progress.is_some_and(|p| {
                let diagonal = (shape.row(cell) + shape.col(cell)) as f32 / (2 * n - 1) as f32;
                (diagonal - p).abs() < 0.12
            })
        };
        let marks = match &app.editor {
            // The killer cage being drawn in the editor, lit as a hint's cells.
            Some(editor) if app.screen == Screen::Editing => {
                editor.draft().map(|draft| crate::ui::board::HintMarks {
                    cells: draft.cells.clone(),
                    ..Default::default()
                })
            }
            _ => game.hint().map(hint_marks),
        };
        BoardWidget {
            game,
            theme,
            geometry: &layout.geometry,
            lit: Some(&lit),
            marks: marks.as_ref(),
        }
        .render(layout.board, buf);
        if let (Some(rect), Some(text)) = (layout.hint, &hint_text) {
            // Under the board, or over its foot when nothing else fits.
            ratatui::widgets::Clear.render(rect, buf);
            let lines: Vec<Line> = crate::ui::wrap(text, usize::from(rect.width))
                .into_iter()
                .map(|line| Line::styled(crate::ui::unglue(&line), theme.text()))
                .collect();
            ratatui::widgets::Paragraph::new(lines).render(rect, buf);
        }
        if let Some(panel) = layout.panel {
            let (title, (lines, gives_way)) = match &app.editor {
                Some(editor) if app.screen == Screen::Editing => {
                    ("your puzzle", (self.editor_panel_lines(editor), Vec::new()))
                }
                _ => ("doku", self.panel_lines(&layout)),
            };
            Panel {
                theme,
                title,
                lines,
                gives_way,
            }
            .render(panel, buf);
        }
        if app.screen == Screen::Help {
            self.render_help(area, buf);
        }
    }
}

impl AppView<'_> {
    /// The board on screen: the game's, or the one being typed in the editor.
    fn board_game(&self) -> &crate::game::Game {
        match &self.app.editor {
            Some(editor) if self.app.screen == Screen::Editing => editor.game(),
            _ => &self.app.game,
        }
    }

    /// The editor's side panel: the givens, the solutions, the keys.
    fn editor_panel_lines(&self, editor: &crate::game::editor::Editor) -> Vec<Line<'static>> {
        use crate::game::editor::Solutions;
        let app = self.app;
        let theme = app.theme();
        let board = editor.givens();
        let shape = board.shape();
        let mut lines = vec![
            Line::raw(format!("givens: {}", board.filled_count())),
            Line::raw(format!(
                "cell {}",
                crate::engine::board::cell_name(shape, editor.game().cursor())
            )),
            Line::raw(""),
        ];
        let solutions = editor.solutions();
        let style = match solutions {
            Solutions::None(_) => theme.conflict(),
            Solutions::One => theme.message(),
            _ => theme.text(),
        };
        lines.push(Line::styled(editor.solutions_label().to_string(), style));
        if let Solutions::None(reason) = solutions {
            lines.push(Line::raw(reason.clone()));
        }
        // A clash is the reason "no solution" already gives; said again it
        // would only push the keys down the narrow panel.
        if editor.game().has_conflicts() && !matches!(solutions, Solutions::None(_)) {
            lines.push(Line::styled("conflict: clashing givens", theme.conflict()));
        }
        if let Some(cages) = board.cages() {
            lines.push(Line::raw(match cages.len() {
                1 => "1 cage".to_string(),
                n => format!("{n} cages"),
            }));
        }
        lines.push(Line::raw(""));
        let size = shape.size();
        if let Some(draft) = editor.draft() {
            // Drawing a cage: its keys instead of the editor's.
            lines.push(Line::styled("drawing a cage", theme.message()));
            let cells = match draft.cells.len() {
                1 => "1 cell".to_string(),
                n => format!("{n} cells"),
            };
            lines.push(Line::raw(match draft.sum() {
                Some(sum) => format!("{cells}, sum {sum}"),
                None => format!("{cells}, no sum"),
            }));
            for (action, what) in [
                (Action::CageMark, "add/take out cell"),
                (Action::PlayEdited, "make the cage"),
                (Action::Back, "drop it"),
            ] {
                if let Some(key) = app.keymap.keys_for_board(action, size).first() {
                    lines.push(Line::from(vec![
                        Span::styled(key.clone(), theme.status_key()),
                        Span::raw(format!(" {what}")),
                    ]));
                }
            }
            lines.push(Line::raw("0-9 type the sum"));
            return lines;
        }
        let cage_keys: &[(Action, &str)] = if board.is_killer() {
            &[
                (Action::CageMark, "draw a cage"),
                (Action::CageRemove, "remove a cage"),
            ]
        } else {
            // Drawing a cage makes the puzzle a killer.
            &[(Action::CageMark, "draw a killer cage")]
        };
        // Digits move on to the next cell; so does the key for an empty one.
        let typing: &[(Action, &str)] = &[(Action::SkipCell, "empty cell, next")];
        for &(action, what) in typing.iter().chain(cage_keys).chain(&[
            // Short enough for one line of the narrow panel at 80x24.
            (Action::PlayEdited, "play the puzzle"),
            (Action::ToggleWatch, "watch the solver"),
            (Action::CycleSize, "size (blank board)"),
            (Action::CycleVariant, "variant (blank board)"),
            (Action::Back, "back to your game"),
        ]) {
            if let Some(key) = app.keymap.keys_for_board(action, size).first() {
                lines.push(Line::from(vec![
                    Span::styled(key.clone(), theme.status_key()),
                    Span::raw(format!(" {what}")),
                ]));
            }
        }
        lines
    }

    /// The keys of the screen under the help: the game's, or the solver view's.
    fn render_help(&self, area: Rect, buf: &mut Buffer) {
        let entries = self.help_popup_entries();
        self.help_popup(&entries).render(area, buf);
    }

    fn help_popup_entries(&self) -> (&'static str, Vec<(String, String)>) {
        if self.app.screen == Screen::WatchHelp {
            (" solver view keys ", self.watch_help_entries())
        } else {
            (" keys ", self.help_entries())
        }
    }

    fn help_popup<'e>(
        &'e self,
        entries: &'e (&'static str, Vec<(String, String)>),
    ) -> HelpPopup<'e> {
        HelpPopup {
            theme: self.app.theme(),
            title: entries.0,
            entries: &entries.1,
            scroll: self.app.help_scroll,
        }
    }

    /// How far the help on show can scroll on a screen of `area`.
    pub(super) fn help_max_scroll(&self, area: Rect) -> usize {
        let entries = self.help_popup_entries();
        self.help_popup(&entries).max_scroll(area)
    }

    /// The spinner's frame: it turns every 100 ms while a deal runs.
    fn spinner(&self) -> char {
        let started = self.app.deals.in_flight().map_or(self.now, |d| d.started);
        let frame = self.now.saturating_duration_since(started).as_millis() / 100;
        SPINNER[frame as usize % SPINNER.len()]
    }

    fn facts(&self, layout: &ScreenLayout) -> Vec<String> {
        let app = self.app;
        let game = &app.game;
        let mut facts = vec![
            board_label(game.board()),
            crate::storage::stats::difficulty_name(game.difficulty()).to_string(),
        ];
        if app.shows_timer() {
            facts.push(clock_text(game.elapsed(self.now)));
        }
        if app.question().is_some() {
            // The question needs the whole line.
            return Vec::new();
        }
        if let (Screen::Editing, Some(editor)) = (app.screen, &app.editor) {
            let board = editor.givens();
            if let Some(draft) = editor.draft() {
                return vec![
                    board_label(board),
                    "drawing a cage".into(),
                    match draft.cells.len() {
                        1 => "1 cell".to_string(),
                        n => format!("{n} cells"),
                    },
                    match draft.sum() {
                        Some(sum) => format!("sum {sum}"),
                        None => "no sum yet".into(),
                    },
                ];
            }
            return vec![
                board_label(board),
                "editor".into(),
                match board.filled_count() {
                    1 => "1 given".to_string(),
                    n => format!("{n} givens"),
                },
                editor.solutions_label().to_string(),
            ];
        }
        if let (Screen::Watching | Screen::WatchHelp, Some(watch)) = (app.screen, app.watch()) {
            // The solver's own facts replace the game's clock and mode.
            facts.truncate(2);
            facts.push(format!("solver: {}", watch.strategy()));
            if let Some(outcome) = watch.outcome() {
                facts.push(outcome.label().to_string());
            } else if watch.is_paused() {
                facts.push("paused".to_string());
            }
            return facts;
        }
        facts.push(
            match (app.screen, game.is_solved(), game.notes_mode()) {
                (Screen::Paused, _, _) => "paused",
                (Screen::Help | Screen::WatchHelp, _, _) => "help",
                (Screen::Watching, _, _) => "solver",
                (Screen::Editing, _, _) => "editor",
                (_, true, _) => "solved",
                (_, _, true) => "notes",
                _ => "play",
            }
            .into(),
        );
        if app.not_saving().is_some() {
            // Not only until the first key: the panel says why.
            facts.push("not saving".into());
        }
        if let Some(fact) = self.check_fact() {
            facts.push(fact);
        }
        if let Some(dealing) = app.deals.in_flight() {
            facts.push(format!(
                "{} dealing {} {}",
                self.spinner(),
                dealing.label(),
                dealing.difficulty
            ));
        }
        // No panel and no room in the cells: the cursor's notes go here.
        if layout.panel.is_none() && !layout.geometry.notes_inside() {
            let marks = game.hint().map(hint_marks);
            let notes = notes_text(game, marks.as_ref(), game.cursor());
            if !notes.is_empty() {
                facts.push(notes);
            }
        }
        facts
    }

    /// What the too-small screen offers instead of the status line: the
    /// keys still work, and a board dealt too large for the terminal (25x25
    /// at 80x24) is left by choosing a smaller size for a new deal.
    fn too_small_advice(&self) -> Vec<String> {
        let app = self.app;
        if let Some(question) = app.question() {
            // The next key answers it: it must be seen, board or not.
            return vec![question.text.clone(), "y yes  any other key no".to_string()];
        }
        let size = app.game.shape().size();
        let keys = |actions: &[Action]| {
            app.keymap
                .hints(actions, keymap::KeyContext::Play, size)
                .into_iter()
                .map(|(keys, label)| format!("{keys} {label}"))
                .collect::<Vec<_>>()
                .join("  ")
        };
        let mut advice = vec![keys(&[Action::CycleSize, Action::NewGame, Action::Quit])];
        advice.retain(|line| !line.is_empty());
        if app.deals.next_shape().ok() != Some(app.game.shape()) {
            advice.push(format!("next deal: {}", app.deals.next_board()));
        }
        advice
    }

    fn hints(&self) -> Vec<(String, String)> {
        let app = self.app;
        let size = self.board_game().shape().size();
        if app.question().is_some() {
            // Only the answer keys apply while a question waits.
            return vec![
                ("y".to_string(), "yes".to_string()),
                ("any other key".to_string(), "no".to_string()),
            ];
        }
        let drawing = app.screen == Screen::Editing
            && app.editor.as_ref().is_some_and(|e| e.draft().is_some());
        let actions: &[Action] = match app.screen {
            Screen::Editing if drawing => &[
                Action::CageMark,
                Action::Erase,
                Action::PlayEdited,
                Action::Back,
            ],
            Screen::Editing => &[
                Action::Erase,
                Action::Undo,
                Action::PlayEdited,
                Action::ToggleWatch,
                Action::CycleSize,
                Action::Back,
                Action::Quit,
            ],
            Screen::Paused => &[Action::Pause, Action::Quit],
            Screen::Help | Screen::WatchHelp => &[Action::Help, Action::Quit],
            // A finished search has nothing to pause, step or pace: what
            // there is to do next instead.
            Screen::Watching if app.watch().is_some_and(|w| w.outcome().is_some()) => &[
                Action::WatchNextStrategy,
                Action::NewGame,
                Action::ToggleWatch,
                Action::Help,
                Action::Quit,
            ],
            // Finish gives way to help, which lists it and the rest:
            // all of them would not fit in 80 columns.
            Screen::Watching => &[
                Action::WatchPause,
                Action::WatchStep,
                Action::WatchFaster,
                Action::WatchSlower,
                Action::WatchNextStrategy,
                Action::ToggleWatch,
                Action::Help,
                Action::Quit,
            ],
            Screen::Playing if app.game.is_solved() => {
                &[Action::NewGame, Action::Undo, Action::Help, Action::Quit]
            }
            Screen::Playing => &[
                Action::ToggleNotes,
                Action::Erase,
                Action::Undo,
                Action::Hint,
                Action::NewGame,
                Action::Pause,
                Action::Help,
                Action::Quit,
            ],
        };
        let mut hints = Vec::new();
        if drawing {
            hints.push(("0-9".to_string(), "sum".to_string()));
        } else if (app.screen == Screen::Playing && !app.game.is_solved())
            || app.screen == Screen::Editing
        {
            hints.push((digit_keys_text(size), "digit".to_string()));
        }
        for &action in actions {
            if drawing && action == Action::Erase {
                // The digit keys type the sum: erase is its other keys.
                let keys = app.keymap.keys_for_board(action, size);
                if let Some(key) = keys
                    .into_iter()
                    .find(|k| !k.chars().all(|c| c.is_ascii_digit()))
                {
                    hints.push((key, self.hint_label(action, "erase").to_string()));
                }
                continue;
            }
            for (keys, label) in app.keymap.hints(&[action], app.key_context(), size) {
                hints.push((keys, self.hint_label(action, label).to_string()));
            }
        }
        hints
    }

    /// An action's label in the key hints, for what the key does right now:
    /// in the solver view `a` goes back to the game, and a paused clock or
    /// search is resumed by the key that paused it.
    fn hint_label(&self, action: Action, label: &'static str) -> &'static str {
        let app = self.app;
        let watch_paused = app.watch().is_some_and(|w| w.is_paused());
        let drawing = app.editor.as_ref().is_some_and(|e| e.draft().is_some());
        match (app.screen, action) {
            (Screen::Watching, Action::ToggleWatch) => "back",
            (Screen::Editing, Action::Back) if drawing => "drop cage",
            (Screen::Editing, Action::PlayEdited) if drawing => "make cage",
            (Screen::Editing, Action::Erase) if drawing => "erase sum digit",
            (Screen::Editing, Action::CageMark) if drawing => "cell",
            (Screen::Editing, Action::Back) => "leave",
            (Screen::Watching, Action::WatchPause) if watch_paused => "resume",
            (Screen::Paused, Action::Pause) => "resume",
            _ => label,
        }
    }

    fn help_entries(&self) -> Vec<(String, String)> {
        let app = self.app;
        // Help opened from the editor lists the editor's keys, for its board.
        let editor = app.editor.as_ref();
        let size = editor.map_or(app.game.shape().size(), |e| e.givens().shape().size());
        // Lowercase letters are digits too on big boards, so a missed Shift
        // never runs a command; the keys listed below are those that work.
        let digits = if editor.is_some() {
            "type a given (while drawing a cage: its sum)"
        } else if size > 9 {
            "enter a digit; a letter in either case"
        } else {
            "enter a digit (notes mode: a pencil mark)"
        };
        let mut entries = vec![(keymap::digit_keys_help(size), digits.to_string())];
        // The four moves share lines: "Up/Down/Left/Right", "k/j/h/l".
        let moves = [
            Action::MoveUp,
            Action::MoveDown,
            Action::MoveLeft,
            Action::MoveRight,
        ];
        // Only keys that are no digit here (h, j, k, l are on 25x25).
        let move_keys: Vec<Vec<String>> = moves
            .iter()
            .map(|&a| app.keymap.keys_for_board(a, size))
            .collect();
        let sets = move_keys.iter().map(Vec::len).max().unwrap_or(0);
        for i in 0..sets {
            // A line with a move missing (its key rebound to another
            // action) lists the keys it has and names their directions,
            // rather than a "-" for the one gone.
            let (keys, ways): (Vec<&str>, Vec<&str>) = move_keys
                .iter()
                .zip(["up", "down", "left", "right"])
                .filter_map(|(k, way)| Some((k.get(i)?.as_str(), way)))
                .unzip();
            let mut what = match keys.len() {
                4 => "move the cursor".to_string(),
                _ => format!("move the cursor {}", ways.join("/")),
            };
            // A click on the first line, not one of its own: the help
            // fits 80x24 whole.
            if i == 0 && app.mouse_enabled() {
                what.push_str(" (or click a cell)");
            }
            entries.push((keys.join("/"), what));
        }
        for entry in app.keymap.help_entries_for_board(size) {
            let solver_only = entry.action.scope() == Scope::Watch;
            // The editor's own key is listed in the editor's panel.
            let elsewhere = match editor {
                Some(_) => {
                    !editor_takes(entry.action)
                        || folded_into_size(entry.action)
                        || folded_into_another(entry.action)
                }
                None => {
                    folded_into_size(entry.action)
                        || folded_into_another(entry.action)
                        || editor_only(entry.action)
                }
            };
            if !moves.contains(&entry.action) && !solver_only && !elsewhere {
                let mut description = match entry.action {
                    // A game played from doku watch is not saved either.
                    Action::Quit if app.keeps_no_game => QUIT_SAVING_NOTHING,
                    _ => entry.description,
                }
                .to_string();
                let mut keys = entry.keys.join(" ");
                if keys.is_empty() {
                    // The config bound it only to letters, which are digits here.
                    keys = "-".into();
                    description = format!(
                        "{description}: no key on this board (bind one that is not a letter)"
                    );
                }
                if entry.action == Action::CycleSize {
                    self.fold_size_back(&mut keys, &mut description, Some(size));
                }
                if entry.action == Action::Quit {
                    self.fold_suspend(&mut description, Some(size));
                }
                // Two lines in one, so the help fits 80x24 whole.
                let put = app.keymap.keys_for_board(Action::PlayEdited, size);
                let put = put.first().map_or("Enter", String::as_str);
                let (text, others): (&str, Vec<(Action, String)>) = match entry.action {
                    Action::Erase if editor.is_some() => (
                        "erase the cell and move on",
                        vec![(Action::EraseBack, "the one before".into())],
                    ),
                    Action::Erase => (
                        "erase the cell; the editor moves on",
                        vec![(Action::EraseBack, "back".into())],
                    ),
                    Action::Undo => (
                        "undo the last change",
                        vec![(Action::Redo, "redo it".into())],
                    ),
                    Action::ToggleNotes => (
                        "toggle notes mode",
                        vec![(Action::PickDigit, format!("hold a digit; {put} puts it"))],
                    ),
                    Action::CycleColour => (
                        "colour the cell: 6 in turn, then none",
                        vec![(Action::ClearColours, "clear all".into())],
                    ),
                    Action::Edit if editor.is_none() => (
                        "type a puzzle",
                        vec![
                            (Action::EditPuzzle, "edit it".into()),
                            // The copy key pressed again copies the game:
                            // the puzzle with the entries and notes.
                            (Action::CopyPuzzle, "copy, again: game".into()),
                        ],
                    ),
                    _ => ("", Vec::new()),
                };
                let mut asides = Vec::new();
                for (other, its) in &others {
                    let more = app.keymap.keys_for_board(*other, size);
                    if let Some(first) = more.first() {
                        keys = format!("{keys} {}", more.join(" "));
                        asides.push(format!("{first}: {its}"));
                    }
                }
                if !asides.is_empty() {
                    description = format!("{text} ({})", asides.join("; "));
                }
                // The solver view's keys are listed by its own help.
                if entry.action == Action::ToggleWatch {
                    if let Some(help) = app.keymap.keys_for(Action::Help).first() {
                        description.push_str(&format!(" (its keys: {help} there)"));
                    }
                }
                entries.push((keys, description));
            }
        }
        entries
    }

    /// `z` and `Z` share one help line: "z Z  cycle the board size for the
    /// next deal (Z: back)", so the help stays within 24 rows.
    fn fold_size_back(&self, keys: &mut String, description: &mut String, size: Option<usize>) {
        let back = match size {
            Some(size) => self.app.keymap.keys_for_board(Action::CycleSizeBack, size),
            None => self.app.keymap.keys_for(Action::CycleSizeBack),
        };
        if let Some(first) = back.first() {
            keys.push(' ');
            keys.push_str(&back.join(" "));
            description.push_str(&format!(" ({first}: back)"));
        }
        // The variant key shares the line too: the help fits 80x24.
        let variant = match size {
            Some(size) => self.app.keymap.keys_for_board(Action::CycleVariant, size),
            None => self.app.keymap.keys_for(Action::CycleVariant),
        };
        if let Some(first) = variant.first() {
            keys.push(' ');
            keys.push_str(&variant.join(" "));
            *description = description.replace(
                "cycle the board size for the next deal",
                "the next deal's board size",
            );
            description.push_str(&format!(" / variant ({first})"));
        }
    }

    /// The suspend key is named in the quit line's words, so the help
    /// stays within 24 rows and the keys column holds only keys that
    /// quit: "q Ctrl-c  quit (...); Ctrl-z suspends".
    fn fold_suspend(&self, description: &mut String, size: Option<usize>) {
        let suspend = match size {
            Some(size) => self.app.keymap.keys_for_board(Action::Suspend, size),
            None => self.app.keymap.keys_for(Action::Suspend),
        };
        if !suspend.is_empty() {
            description.push_str(&format!("; {} suspends", suspend.join(" or ")));
        }
    }

    /// The solver view's keys: its own, then those of both screens that
    /// work there, each in keymap order.
    fn watch_help_entries(&self) -> Vec<(String, String)> {
        // No digits are entered there, so no key is shadowed by one.
        let mut entries = self.app.keymap.help_entries();
        entries.retain(|entry| {
            entry.action.scope().covers(keymap::KeyContext::Watch)
                && !entry.keys.is_empty()
                && !folded_into_size(entry.action)
                && entry.action != Action::Suspend
        });
        entries.sort_by_key(|entry| entry.action.scope() != Scope::Watch);
        entries
            .into_iter()
            .map(|entry| {
                let mut description = match entry.action {
                    // There, it can only go back.
                    Action::ToggleWatch => "back to the game",
                    // "the game is saved first" would promise a save.
                    Action::Quit if self.app.keeps_no_game => QUIT_SAVING_NOTHING,
                    _ => entry.description,
                }
                .to_string();
                let mut keys = entry.keys.join(" ");
                if entry.action == Action::CycleSize {
                    self.fold_size_back(&mut keys, &mut description, None);
                }
                if entry.action == Action::Quit {
                    self.fold_suspend(&mut description, None);
                }
                (keys, description)
            })
            .collect()
    }

    /// The panel's lines, and those that give way when they do not all fit:
    /// a long hint's chain notation, then its words (the words say what the
    /// notation does; `doku grade --steps` prints both whole), so the key
    /// that applies the hint still shows.
    fn panel_lines(&self, layout: &ScreenLayout) -> (Vec<Line<'static>>, Vec<(usize, usize)>) {
        let app = self.app;
        let game = &app.game;
        let theme = app.theme();
        let shape = game.shape();
        let cursor = game.cursor();
        let mut lines = Vec::new();
        let mut gives_way = Vec::new();
        if game.is_solved() {
            lines.push(Line::styled("Solved!", theme.message()));
            lines.push(Line::raw(format!(
                "time {}",
                clock_text(game.elapsed(self.now))
            )));
            if game.is_assisted() {
                // Counted apart in the statistics: no best time, no streak.
                lines.push(Line::raw("assisted: with help"));
            }
            let used = game.hints_used();
            lines.push(Line::raw(match used {
                0 => "no hints used".to_string(),
                1 => "1 hint used".to_string(),
                n => format!("{n} hints used"),
            }));
            let keys = app.keymap.keys_for(Action::NewGame).join(" or ");
            lines.push(Line::from(vec![
                Span::styled(keys, theme.status_key()),
                Span::raw(" deals the next"),
            ]));
            lines.push(Line::raw(""));
        }
        lines.push(Line::raw(format!(
            "cell {}",
            crate::engine::board::cell_name(shape, cursor)
        )));
        if let Some(colour) = game.colour(cursor) {
            // Named, for a cell too full for its mark, and a reader who
            // tells the tints apart badly.
            let mark = crate::ui::colour_mark(colour).unwrap_or(' ');
            let style = theme.colour_mark(colour);
            lines.push(Line::from(vec![
                Span::raw(format!("colour {colour} ")),
                Span::styled(mark.to_string(), style),
            ]));
        }
        if !layout.geometry.notes_inside() {
            let marks = game.hint().map(hint_marks);
            let notes = notes_text(game, marks.as_ref(), cursor);
            if !notes.is_empty() {
                lines.push(Line::raw(notes));
            }
        }
        let cage_problem = crate::game::cages::problem_at(game.board(), cursor);
        if let Some(view) = crate::game::cages::cage_view(game.board(), cursor) {
            let cage_lines = cage_lines(&view, cage_problem.is_some());
            if !cage_lines.is_empty() {
                // The combinations give way to the hint and the keys.
                gives_way.push((lines.len() + cage_lines.len() - 1, 1));
            }
            lines.extend(cage_lines.into_iter().map(|(text, broken)| {
                if broken {
                    Line::styled(text, theme.conflict())
                } else {
                    Line::raw(text)
                }
            }));
        }
        let house_clash = game
            .board()
            .conflicts()
            .iter()
            .any(|c| c.first == cursor || c.second == cursor);
        if let (Some(problem), false) = (cage_problem, house_clash) {
            lines.push(Line::styled(
                format!(
                    "conflict: {}",
                    crate::game::cages::problem_text(game.board(), &problem)
                ),
                theme.conflict(),
            ));
        } else if game.is_conflict(cursor) {
            lines.push(Line::styled(
                "conflict: this digit repeats in its row, column or box",
                theme.conflict(),
            ));
        } else if game.has_conflicts() {
            lines.push(Line::styled("conflict on the board (!)", theme.conflict()));
        }
        if game.notes_mode() {
            lines.push(Line::styled(
                "notes mode: digits toggle marks",
                theme.message(),
            ));
        }
        if let Some(symbol) = game.held_digit().and_then(keymap::digit_symbol) {
            // Digit-first entry: which digit the put key (and a click) puts.
            let put = app.keymap.keys_for_board(Action::PlayEdited, shape.size());
            let put = put.first().map_or("Enter", String::as_str);
            lines.push(Line::styled(
                format!("holding {symbol}: {put} puts"),
                theme.message(),
            ));
        }
        // Lines a long hint pushes out, least worth first, before its
        // words are cut: what they say is on the board or a key away.
        let mut spare: Vec<usize> = Vec::new();
        if !game.is_solved() {
            spare.push(lines.len());
            lines.push(Line::raw(digits_left(game)));
        }
        if game.shows_mistakes() {
            lines.push(self.mistakes_line());
            let on_board = game.mistakes_on_board();
            if on_board > 0 {
                lines.push(Line::raw(format!(
                    "{MISTAKE_MARK} on the board: {on_board}"
                )));
            }
        }
        if let Some(hint) = game.hint() {
            lines.push(Line::raw(""));
            // The summary names the technique itself; the details follow it.
            let detail = hint.level == crate::game::HintLevel::Detail;
            let title = if detail {
                format!("hint: {}", hint.technique)
            } else {
                "hint".to_string()
            };
            lines.push(Line::styled(title, theme.title()));
            let words = lines.len();
            // One span, newlines kept (`Line::raw` would run a forcing
            // chain's branches together): the panel draws a branch a line.
            lines.push(Line::from(Span::raw(crate::game::explanation_sentence(
                hint.text(),
            ))));
            if let Some(chain) = hint_marks(hint).chain_text(shape) {
                // Cut to fewer rows, a chain says less than its drawing.
                gives_way.push((lines.len(), CHAIN_ROWS_WORTH_SHOWING));
                lines.push(Line::raw(format!("chain (= strong, - weak): {chain}")));
            }
            // Only keys that are not digits on this board (H is 17 on 20x20).
            let keys = app.keymap.keys_for_board(Action::Hint, shape.size());
            if !keys.is_empty() {
                let keys = keys.join(" or ");
                let next = hint_next_step(hint);
                let inner_width = layout.panel.map_or(0, |p| p.width.saturating_sub(2));
                if keys.chars().count() + next.chars().count() <= usize::from(inner_width) {
                    lines.push(Line::from(vec![
                        Span::styled(keys, theme.status_key()),
                        Span::raw(next),
                    ]));
                } else {
                    // Too long for a row: broken after the keys, so what
                    // they do reads whole ("H or F2: show the" / "cells"
                    // left a word alone).
                    lines.push(Line::from(vec![
                        Span::styled(keys, theme.status_key()),
                        Span::raw(":"),
                    ]));
                    lines.push(Line::raw(next.trim_start_matches(": ").to_string()));
                }
            }
            gives_way.push((words, 1));
        }
        if let Some(line) = self.check_line() {
            lines.push(Line::raw(""));
            lines.push(line);
        }
        let deal_lines = lines.len();
        lines.push(Line::raw(""));
        // On one row if it fits; else the deal on a row of its own, never
        // broken as "9x9 Latin" / "extreme".
        let deal = app.deals.next_deal();
        let inner_width = layout
            .panel
            .map_or(0, |panel| panel.width.saturating_sub(2));
        let label = "next deal:";
        if label.len() + 1 + deal.len() <= usize::from(inner_width) {
            lines.push(Line::raw(format!("{label} {deal}")));
        } else {
            lines.push(Line::raw(label));
            lines.push(Line::raw(deal));
        }
        // A variant chosen (with v, or in config.toml) that this size does
        // not deal: the panel says why the deal is a classic.
        if app.deals.variant_unplayable().is_some() {
            let n = app.deals.next_size;
            let chosen = crate::storage::variant_words(app.deals.next_variant);
            lines.push(Line::raw(format!("({chosen}: not dealt at {n}x{n})")));
        }
        // The next deal goes first (the status line names the game on
        // screen), then the hints used (the status counts them too).
        let deal_count = lines.len() - deal_lines;
        spare.splice(0..0, deal_lines..lines.len());
        if game.hints_used() > 0 && !game.is_solved() {
            spare.insert(deal_count, lines.len());
            lines.push(Line::raw(format!("hints used: {}", game.hints_used())));
        }
        if let Some(why) = app.not_saving() {
            lines.push(Line::raw(""));
            lines.push(Line::styled(format!("not saving: {why}"), theme.conflict()));
        }
        if game.hint().is_some() {
            if let Some(panel) = layout.panel {
                let (width, height) = (
                    panel.width.saturating_sub(2),
                    panel.height.saturating_sub(2),
                );
                make_room(&mut lines, &mut gives_way, &spare, width, height);
            }
        }
        (lines, gives_way)
    }
}

/// Leaves out the `spare` lines, in that order, while `lines` need more
/// than `height` rows of `width`, moving up the lines that give way.
fn make_room(
    lines: &mut Vec<Line<'static>>,
    gives_way: &mut [(usize, usize)],
    spare: &[usize],
    width: u16,
    height: u16,
) {
    let rows = |line: &Line| -> usize {
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        crate::ui::wrap(&text, usize::from(width)).len()
    };
    let mut left_out: Vec<usize> = Vec::new();
    for &index in spare {
        if lines.iter().map(rows).sum::<usize>() <= usize::from(height) {
            break;
        }
        // Lines left out before this one moved it up.
        let at = index - left_out.iter().filter(|&&i| i < index).count();
        lines.remove(at);
        for (line, _) in gives_way.iter_mut() {
            if *line > at {
                *line -= 1;
            }
        }
        left_out.push(index);
    }
}

impl AppView<'_> {
    /// The panel's line while mistakes are shown: how many were made, how
    /// many are on the board (marked), or why none can be marked.
    fn mistakes_line(&self) -> Line<'static> {
        let game = &self.app.game;
        let theme = self.app.theme();
        if game.solution_out_of_reach() {
            return Line::styled("mistakes: solution not found", theme.conflict());
        }
        if !game.knows_solution() {
            return match self.app.hint_waits_for_check() {
                Some(_) => Line::styled("mistakes: no single solution", theme.conflict()),
                None => Line::raw("mistakes: once solutions are checked"),
            };
        }
        Line::raw(format!("mistakes made: {}", game.mistakes_made()))
    }
}

/// The cage under the cursor in the panel: its sum and size, what its
/// empty cells must make, and the combinations that still can (the last
/// line; flagged `true` where it says the cage is broken).
fn cage_lines(view: &crate::game::cages::CageView, broken: bool) -> Vec<(String, bool)> {
    let mut lines = Vec::new();
    let cells = match view.cells {
        1 => "1 cell".to_string(),
        n => format!("{n} cells"),
    };
    let Some(sum) = view.sum else {
        lines.push((format!("cage of {cells}, no sum"), false));
        return lines;
    };
    lines.push((format!("cage {sum}: {cells}"), false));
    let (Some(to_make), true) = (view.to_make, view.left > 0) else {
        return lines;
    };
    if broken {
        return lines;
    }
    let left = match view.left {
        1 => "1 left".to_string(),
        n => format!("{n} left"),
    };
    let combinations = view.combinations.join(" ");
    lines.push(if view.combinations.is_empty() {
        (format!("{left}: nothing makes {to_make}"), true)
    } else if view.left == view.cells {
        (format!("can be {combinations}"), false)
    } else {
        (format!("{left} make {to_make}: {combinations}"), false)
    });
    lines
}

/// How many of each digit are left to place, a digit that is done marked
/// done: "left 1:3 2✓ 3:5 ...". A digit placed too often (a conflict)
/// shows how many too many.
pub(super) fn digits_left(game: &crate::game::Game) -> String {
    let shape = game.shape();
    let n = shape.size();
    let mut placed = vec![0usize; n + 1];
    for cell in shape.cells() {
        if let Some(digit) = game.value(cell) {
            if let Some(count) = placed.get_mut(usize::from(digit.get())) {
                *count += 1;
            }
        }
    }
    let parts: Vec<String> = (1..=n)
        .filter_map(|v| crate::engine::Digit::new(v as u8))
        .map(|digit| {
            let symbol = crate::engine::board::digit_text(digit);
            let count = placed[usize::from(digit.get())];
            match count.cmp(&n) {
                std::cmp::Ordering::Equal => format!("{symbol}✓"),
                std::cmp::Ordering::Less => format!("{symbol}:{}", n - count),
                std::cmp::Ordering::Greater => format!("{symbol}:+{}", count - n),
            }
        })
        .collect();
    format!("left {}", parts.join(" "))
}

/// The fewest panel rows a chain's notation is shown in, when the hint's
/// words leave it less room: its start, "…" and its end.
const CHAIN_ROWS_WORTH_SHOWING: usize = 3;

/// What the next press of the hint key does, after the key's name.
fn hint_next_step(hint: &crate::game::Hint) -> &'static str {
    match hint.level {
        crate::game::HintLevel::Summary => ": show the cells",
        crate::game::HintLevel::Detail => ": apply it",
    }
}

/// The hint on show as the board draws it, at its level: the summary marks
/// nothing, the detail its cells, placements, removals and chain.
pub(super) fn hint_marks(hint: &crate::game::Hint) -> HintMarks {
    let detail = hint.level == crate::game::HintLevel::Detail;
    HintMarks {
        cells: hint.highlighted().to_vec(),
        placements: if detail {
            hint.placements.clone()
        } else {
            Vec::new()
        },
        eliminations: hint.shown_eliminations().to_vec(),
        links: if detail {
            hint.links.clone()
        } else {
            Vec::new()
        },
        candidates: hint.shown_candidates().to_vec(),
        net_links: hint.net_links,
    }
}

/// The hint on show, whole, for the rows under the board when there is no
/// panel: what, why, the chain, and what the hint key does next.
pub(super) fn hint_text(app: &App) -> Option<String> {
    let hint = app.game.hint()?;
    let shape = app.game.shape();
    // The status line's message, with "hint: " before the detail level too.
    let mut text = match hint.level {
        crate::game::HintLevel::Summary => super::hint_words(hint),
        crate::game::HintLevel::Detail => format!("hint: {}", super::hint_words(hint)),
    };
    if let Some(chain) = hint_marks(hint).chain_text(shape) {
        text.push_str(&format!("\nchain (= strong, - weak): {chain}"));
    }
    let keys = app.keymap.keys_for_board(Action::Hint, shape.size());
    if !keys.is_empty() {
        // Whole on one row: "(H or F2: apply" / "it)" leaves a word alone.
        let next = format!("({}{})", keys.join(" or "), hint_next_step(hint));
        text.push(' ');
        text.push_str(&next.replace(' ', &crate::ui::GLUE.to_string()));
    }
    Some(text)
}

/// Actions listed on another action's help line.
/// The quit key's help where nothing is saved (`doku watch`, and a game
/// played from it), instead of the keymap's promise of a save.
const QUIT_SAVING_NOTHING: &str = "quit (doku watch saves no game)";

/// The editor's own keys: the game's help leaves them to the editor's.
fn editor_only(action: Action) -> bool {
    matches!(
        action,
        Action::PlayEdited | Action::SkipCell | Action::CageMark | Action::CageRemove
    )
}

/// The keys the editor takes, for its help.
fn editor_takes(action: Action) -> bool {
    editor_only(action)
        || matches!(
            action,
            Action::MoveUp
                | Action::MoveDown
                | Action::MoveLeft
                | Action::MoveRight
                | Action::Erase
                | Action::EraseBack
                | Action::Undo
                | Action::Redo
                | Action::CycleSize
                | Action::CycleSizeBack
                | Action::CycleVariant
                | Action::ToggleWatch
                | Action::Help
                | Action::Back
                | Action::Quit
        )
}

/// Actions the help lists on another's line: redo with undo, the puzzle
/// in play's editor and its copy with the editor, digit-first entry with
/// notes mode, taking every colour off with the colour key, suspending
/// with quitting.
fn folded_into_another(action: Action) -> bool {
    matches!(
        action,
        Action::Redo
            | Action::EraseBack
            | Action::EditPuzzle
            | Action::CopyPuzzle
            | Action::PickDigit
            | Action::ClearColours
            | Action::Suspend
    )
}

fn folded_into_size(action: Action) -> bool {
    action == Action::CycleSizeBack || action == Action::CycleVariant
}

/// A puzzle as the status line names it: its shape ([`shape_label`]), or
/// "9x9 killer", "9x9 killer X" for a killer, whose cages the shape does
/// not know.
pub(super) fn board_label(board: &crate::engine::Board) -> String {
    if board.is_killer() {
        let shape = board.shape();
        let variant = crate::engine::Variant::of_board(board);
        return super::deal::board_words(shape.size(), shape.is_latin(), variant);
    }
    shape_label(board.shape())
}

/// A board's size as the status line names it: "9x9", or "9x9 Latin" for a
/// Latin square, whose missing box lines are otherwise easy to take for a
/// drawing fault; boxes other than the size's standard ones are named too.
pub(super) fn shape_label(shape: crate::engine::Shape) -> String {
    let n = shape.size();
    let variant = crate::engine::Variant::of(&shape);
    if variant != crate::engine::Variant::Classic {
        // "9x9 jigsaw", "9x9 X", "9x9 windoku X", "6x6 Latin X".
        return super::deal::board_words(n, shape.is_latin(), variant);
    }
    match shape.box_dims() {
        None => format!("{n}x{n} Latin"),
        Some((rows, cols)) if crate::engine::Shape::sudoku(n).ok() != Some(shape) => {
            format!("{n}x{n} ({rows}x{cols} boxes)")
        }
        Some(_) => format!("{n}x{n}"),
    }
}
