//! What the app asks before it throws a game away (a new deal, a puzzle
//! given, pasted or typed in), the puzzle editor's keys, and a pasted
//! puzzle line. Each is a small state change over [`App`], tested without
//! a terminal.

use super::{App, Screen};
use crate::engine::format::{parse_game_as, PlayedPuzzle, ShapeHint};
use crate::engine::Variant;
use crate::engine::{Board, Shape};
use crate::game::editor::{Editor, FixRefused};
use crate::game::{Direction, Outcome};
use crate::keymap::Action;
use crate::watch::RunEnd;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use std::time::Instant;

/// Something that would replace the game on screen, waiting for a yes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Proposal {
    /// Deal a new puzzle (`g`).
    NewDeal,
    /// Play this puzzle (given on the command line, pasted, or typed in),
    /// from where its player left it when the text carried a game.
    Play(PlayedPuzzle),
    /// Play this puzzle and open the solver view on it.
    Watch(Board),
    /// Quit, though givens typed in the editor are not kept.
    Quit,
}

/// A yes/no question on the status line: `y` does it, any other key keeps
/// things as they are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    pub proposal: Proposal,
    pub text: String,
}

/// How long Enter in the editor waits for a count still running.
const COUNT_PATIENCE: std::time::Duration = std::time::Duration::from_millis(1500);

impl App {
    /// Whether throwing the game on screen away loses something: it is
    /// unsolved and the player has changed it.
    fn game_at_stake(&self) -> bool {
        !self.deals.awaiting_first() && !self.game.is_solved() && self.game.is_touched()
    }

    /// The question waiting for an answer, if any.
    pub fn question(&self) -> Option<&Question> {
        self.question.as_ref()
    }

    /// Asks `text` before doing `proposal`.
    pub(super) fn ask(&mut self, proposal: Proposal, text: &str) {
        // The key hints under it say y: yes, any other key: no.
        let text = format!("{text}?");
        self.message = Some(text.clone());
        self.question = Some(Question { proposal, text });
    }

    /// `g`: a new deal, asked first when the game in progress would be lost.
    pub(super) fn new_deal(&mut self) {
        if self.game_at_stake() {
            self.ask(
                Proposal::NewDeal,
                "deal a new puzzle (this game then counts as abandoned)",
            );
        } else {
            self.start_deal();
        }
    }

    /// Offers to play `board` (`why` says where it comes from, or warns);
    /// asks when that would lose the game in progress or `warning` is set.
    pub(super) fn propose(&mut self, proposal: Proposal, warning: Option<&str>) {
        let mut why: Vec<&str> = warning.into_iter().collect();
        if self.game_at_stake() {
            why.push("your game in progress then counts as abandoned");
        }
        if why.is_empty() {
            // What was said about the old screen ("pasted ... into the
            // editor") does not describe the new game.
            self.message = None;
            self.carry_out(proposal, Instant::now());
            return;
        }
        let play = match proposal {
            Proposal::Watch(_) => "watch the solver on it",
            _ => "play it",
        };
        self.ask(proposal, &format!("{play} ({})", why.join("; ")));
    }

    /// `doku play PUZZLE` over a saved game: the saved game stays on
    /// screen until the player says yes to the puzzle given; when nothing
    /// would be lost, the puzzle starts at once.
    pub fn offer_given(&mut self, played: PlayedPuzzle, now: Instant) {
        // A shared game of the saved puzzle is another game unless it is
        // where the saved one stands.
        let same_progress = !played.progress_is_set() || self.game.played() == played;
        if self.game.givens() == &played.puzzle && same_progress {
            // The same puzzle again: going on with it loses nothing.
            self.message = Some("resumed: this puzzle is your saved game".into());
            return;
        }
        if self.game_at_stake() {
            self.ask(
                Proposal::Play(played),
                "play the puzzle you gave (the game on screen then counts as abandoned)",
            );
        } else {
            // Nothing played in the saved game: "resumed" would mislead.
            self.message = None;
            self.carry_out(Proposal::Play(played), now);
        }
    }

    /// `doku play --size/--difficulty/--boxes latin` over a saved game of
    /// another kind: the flags say what to play, so a deal of that kind is
    /// offered (asked first when the saved game would be lost, as a puzzle
    /// given or pasted is), or dealt at once when nothing would be lost.
    pub fn offer_asked_deal(&mut self) {
        if self.game_at_stake() {
            let saved = format!(
                "{} {}",
                super::view::board_label(self.game.board()),
                crate::storage::stats::difficulty_name(self.game.difficulty())
            );
            self.ask(
                Proposal::NewDeal,
                &format!(
                    "deal the {} asked for (saved {saved} then counts as abandoned)",
                    self.deals.next_deal()
                ),
            );
        } else {
            self.start_deal();
        }
    }

    /// A key while a question waits: `y` (or `Y`) does it, any other key
    /// cancels and says so.
    pub(super) fn answer(&mut self, key: &KeyEvent, now: Instant) {
        let Some(question) = self.question.take() else {
            return;
        };
        let yes = matches!(key.code, KeyCode::Char('y') | KeyCode::Char('Y'));
        if yes {
            self.message = None;
            self.carry_out(question.proposal, now);
        } else {
            self.message = Some(match (&question.proposal, self.screen) {
                (Proposal::Quit, _) => "not quit".into(),
                (_, Screen::Editing) => "not played: the editor is as it was".into(),
                _ => "kept this game".into(),
            });
        }
    }

    fn carry_out(&mut self, proposal: Proposal, now: Instant) {
        match proposal {
            Proposal::NewDeal => self.start_deal(),
            Proposal::Quit => self.quit = true,
            Proposal::Play(played) => {
                // A deal still running would replace this puzzle on arrival.
                self.deals.cancel();
                self.editor = None;
                self.start_played_game(played, None, now);
            }
            Proposal::Watch(board) => {
                self.deals.cancel();
                self.editor = None;
                self.start_game(board, None, now);
                self.enter_watch(now);
            }
        }
    }

    /// A puzzle pasted into the terminal (bracketed paste): in the editor
    /// it becomes the givens; elsewhere doku offers to play it, from where
    /// its player left it when the text carries a game (HoDoKu's library
    /// line, f-puzzles with values and pencil marks).
    pub fn paste(&mut self, text: &str, now: Instant) {
        let played = match parse_game_as(text.trim().as_bytes(), ShapeHint::Infer, Variant::Classic)
        {
            Ok(played) => played,
            Err(e) => {
                self.message = Some(format!("the pasted text is not a puzzle: {e}"));
                return;
            }
        };
        let board = played.puzzle.clone();
        let n = board.shape().size();
        if self.screen == Screen::Editing {
            self.editor = Some(Editor::from_board(board, now));
            self.message = Some(format!("pasted a {n}x{n} puzzle into the editor"));
            return;
        }
        if !matches!(self.screen, Screen::Playing) || self.deals.awaiting_first() {
            return;
        }
        if !board.conflicts().is_empty() {
            self.message = Some(format!(
                "the pasted {n}x{n} puzzle has clashing givens: not played"
            ));
            return;
        }
        let mut what = vec![format!("{} givens", board.filled_count())];
        what.extend(super::share::progress_words(&played));
        if self.game_at_stake() {
            what.push("this game then counts as abandoned".into());
        }
        let kind = if played.progress_is_set() {
            "game"
        } else {
            "puzzle"
        };
        let text = format!("play the pasted {n}x{n} {kind} ({})", what.join(", "));
        self.ask(Proposal::Play(played), &text);
    }

    /// Opens the editor on a blank board of `size` (the game waits, its
    /// clock stopped).
    pub fn open_editor(&mut self, size: usize, now: Instant) {
        // A Latin square when those are dealt next (`L`), as the panel says.
        let shape = super::deal::deal_shape(size, self.deals.next_latin).unwrap_or(Shape::CLASSIC);
        self.open_blank_editor(shape, now);
    }

    /// Opens the editor on the givens of the puzzle in play (and a
    /// killer's cages): to change them, or play them as a puzzle of one's
    /// own. The game waits, as for `e`.
    pub(super) fn edit_this_puzzle(&mut self, now: Instant) {
        self.game.pause(now);
        let givens = self.game.givens().clone();
        let count = givens.filled_count();
        self.editor = Some(Editor::from_board(givens, now));
        self.screen = Screen::Editing;
        self.message = Some(match count {
            1 => "editor: this puzzle's given".into(),
            n => format!("editor: this puzzle's {n} givens"),
        });
    }

    /// Opens the editor on a blank board of `shape` (`doku edit --boxes`).
    pub fn open_blank_editor(&mut self, shape: Shape, now: Instant) {
        self.game.pause(now);
        self.editor = Some(Editor::new(shape, now));
        self.screen = Screen::Editing;
        self.message = None;
    }

    /// `q`: quits, but asks first when givens typed in the editor (open,
    /// or left with Esc) would be lost (only the game is saved), or a game
    /// played from `doku watch` (which saves none).
    pub(super) fn quit_unless_givens_at_stake(&mut self) {
        let typed = self
            .editor
            .iter()
            .chain(&self.left_editor)
            .map(|editor| editor.givens().filled_count())
            .max()
            .unwrap_or(0);
        // Cages drawn are lost as givens typed are.
        let cages = self
            .editor
            .iter()
            .chain(&self.left_editor)
            .filter_map(|editor| editor.givens().cages().map(|c| c.len()))
            .max()
            .unwrap_or(0);
        match (typed, cages) {
            // A game played from `doku watch` is not saved: digits put
            // down there would be lost without a word.
            (0, 0) if self.keeps_no_game && self.game_at_stake() => self.ask(
                Proposal::Quit,
                "quit (this game came with doku watch and is not saved)",
            ),
            (0, 0) => self.quit = true,
            (_, 1..) => self.ask(
                Proposal::Quit,
                "quit (the puzzle drawn in the editor, cages and givens, is not kept)",
            ),
            (typed, _) => self.ask_quit_losing_givens(typed),
        }
    }

    fn ask_quit_losing_givens(&mut self, typed: usize) {
        match typed {
            1 => self.ask(
                Proposal::Quit,
                "quit (the given typed in the editor is not kept)",
            ),
            n => self.ask(
                Proposal::Quit,
                &format!("quit (the {n} givens typed in the editor are not kept)"),
            ),
        }
    }

    /// The editor left with Esc, as it was.
    pub(super) fn reopen_editor(&mut self, editor: Editor, now: Instant) {
        self.game.pause(now);
        self.editor = Some(editor);
        self.screen = Screen::Editing;
        self.message = None;
    }

    /// Back to the game as it was; givens typed wait for the edit key.
    fn close_editor(&mut self, now: Instant) {
        self.left_editor = self.editor.take().filter(|editor| {
            // A blank killer, no cage drawn yet, has nothing to keep.
            let givens = editor.givens();
            super::persist::is_a_puzzle(givens)
                && (givens.filled_count() > 0 || givens.cages().is_some_and(|c| !c.is_empty()))
        });
        self.screen = Screen::Playing;
        self.game.resume(now);
        // The game's board decides which letters are digits (e is on 16x16).
        let edit_keys = self
            .keymap
            .keys_for_board(Action::Edit, self.game.shape().size());
        self.message = Some(match (&self.left_editor, edit_keys.first()) {
            (Some(editor), Some(key)) if editor.givens().cages().is_some_and(|c| !c.is_empty()) => {
                format!("left the editor: {key} brings back the killer you drew")
            }
            (Some(editor), Some(key)) => match editor.givens().filled_count() {
                1 => format!("left the editor: {key} brings back your given"),
                n => format!("left the editor: {key} brings back your {n} givens"),
            },
            _ => "left the editor; your game is as it was".into(),
        });
    }

    /// A key in the editor.
    pub(super) fn editor_key(&mut self, action: Action, now: Instant) {
        let Some(editor) = self.editor.as_mut() else {
            self.screen = Screen::Playing;
            return;
        };
        if editor.draft().is_some() {
            self.cage_draft_key(action, now);
            return;
        }
        let killer = editor.givens().is_killer();
        let outcome = match action {
            Action::CageMark => {
                let outcome = editor.mark_cell();
                self.message = self.cage_message(outcome);
                return;
            }
            Action::CageRemove => {
                let outcome = editor.remove_cage(now);
                self.message = match outcome {
                    Outcome::Refused(why) => Some(why),
                    _ => Some("cage removed".into()),
                };
                return;
            }
            Action::Enter(value) => editor.enter(value, now),
            Action::Erase | Action::SkipCell => editor.erase(now),
            // As in a line of text: the cell before the cursor, which is
            // the one just typed, and the cursor goes back to it.
            Action::EraseBack => {
                editor.game_mut().retreat_cursor();
                editor.erase(now)
            }
            Action::Undo => editor.undo(now),
            Action::Redo => editor.redo(now),
            _ => Outcome::Unchanged,
        };
        // Typing moves on, as in a puzzle line: a digit, or a key for an
        // empty cell (0, ., Space, an erase key), then the next cell; a 9x9
        // is 81 presses. A refused digit stays to be put right.
        let typed = matches!(action, Action::Enter(_) | Action::Erase | Action::SkipCell);
        if typed && !matches!(outcome, Outcome::Refused(_)) {
            editor.game_mut().advance_cursor();
        }
        if outcome != Outcome::Unchanged || typed {
            editor.after(&outcome);
            self.message = match outcome {
                Outcome::Refused(why) => Some(why),
                _ => None,
            };
            return;
        }
        let board = editor.game_mut();
        let outcome = match action {
            Action::Quit => {
                self.quit_unless_givens_at_stake();
                return;
            }
            Action::Back | Action::Edit => {
                self.close_editor(now);
                return;
            }
            Action::Help => {
                // The keys in force, the cage keys among them; any key
                // comes back to the editor.
                self.screen = Screen::Help;
                return;
            }
            Action::PlayEdited | Action::ToggleWatch => {
                let watch = action == Action::ToggleWatch;
                self.fix_and_play(watch);
                return;
            }
            Action::CycleVariant if killer => {
                // A killer keeps its cages: its diagonals come and go.
                let givens = board.board().clone();
                let shape = givens.shape();
                let rules = if shape.extras().diagonals {
                    shape.without_extras()
                } else {
                    shape.with_diagonals()
                };
                let board = Board::from_values(rules, givens.values().to_vec())
                    .map(|b| b.with_cages(givens.cages().cloned()));
                if let Some(board) = board {
                    self.message = Some(format!(
                        "editor: {} rules",
                        super::view::board_label(&board)
                    ));
                    self.editor = Some(Editor::from_board(board, now));
                }
                return;
            }
            Action::CycleVariant => {
                let givens = editor.givens().clone();
                match next_editor_variant(givens.shape()) {
                    Some(rules) => {
                        // The givens stay; clashes under the new rules show at once.
                        if let Some(board) = Board::from_values(rules, givens.values().to_vec()) {
                            self.editor = Some(Editor::from_board(board, now));
                        }
                        self.message =
                            Some(format!("editor: {} rules", super::view::shape_label(rules)));
                        return;
                    }
                    None => Outcome::Refused(format!(
                        "no other variant fits a {} board",
                        super::view::shape_label(givens.shape())
                    )),
                }
            }
            Action::CycleSize | Action::CycleSizeBack => {
                let cages = editor.givens().cages().map_or(0, |c| c.len());
                if editor.givens().filled_count() > 0 {
                    Outcome::Refused(
                        "the size changes on a blank board: erase the givens first".into(),
                    )
                } else if cages > 0 {
                    Outcome::Refused(
                        "the size changes on a blank board: remove the cages first".into(),
                    )
                } else {
                    let shape = editor.givens().shape();
                    let next =
                        crate::game::prefs::next_size(shape.size(), action == Action::CycleSize);
                    // A Latin editor (doku edit --boxes latin) stays one.
                    let next_shape =
                        super::deal::deal_shape(next, shape.is_latin()).unwrap_or(Shape::CLASSIC);
                    self.open_blank_editor(next_shape, now);
                    if killer {
                        // A blank killer stays one.
                        self.editor = Some(Editor::new_killer(next_shape, now));
                    }
                    self.message = Some(format!(
                        "editor: a blank {} board",
                        super::view::shape_label(next_shape)
                    ));
                    return;
                }
            }
            // Typed digits, erase, undo and redo went through the editor
            // above; here they changed nothing (nothing to undo, ...).
            Action::Enter(_)
            | Action::Erase
            | Action::EraseBack
            | Action::SkipCell
            | Action::Undo
            | Action::Redo => Outcome::Unchanged,
            Action::MoveUp => board.move_cursor(Direction::Up),
            Action::MoveDown => board.move_cursor(Direction::Down),
            Action::MoveLeft => board.move_cursor(Direction::Left),
            Action::MoveRight => board.move_cursor(Direction::Right),
            _ => {
                // The keys in force, in words short enough for 80 columns.
                let size = board.shape().size();
                let key = |action| {
                    let keys = self.keymap.keys_for_board(action, size);
                    keys.into_iter().next().unwrap_or_else(|| "-".into())
                };
                Outcome::Refused(format!(
                    "type givens here: {} plays, {} watches the solver, {} leaves",
                    key(Action::PlayEdited),
                    key(Action::ToggleWatch),
                    key(Action::Back)
                ))
            }
        };
        editor.after(&outcome);
        self.message = match outcome {
            Outcome::Refused(why) => Some(why),
            _ => None,
        };
    }

    /// A key while a killer cage is being drawn: moves, the mark key,
    /// Enter to make the cage, Esc to drop it, erase for the sum's last
    /// digit (the digits of the sum come through [`App::cage_sum_key`]).
    fn cage_draft_key(&mut self, action: Action, now: Instant) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        let outcome = match action {
            Action::Quit => {
                self.quit_unless_givens_at_stake();
                return;
            }
            Action::MoveUp => editor.game_mut().move_cursor(Direction::Up),
            Action::MoveDown => editor.game_mut().move_cursor(Direction::Down),
            Action::MoveLeft => editor.game_mut().move_cursor(Direction::Left),
            Action::MoveRight => editor.game_mut().move_cursor(Direction::Right),
            Action::CageMark => editor.mark_cell(),
            Action::Erase | Action::EraseBack => editor.erase_sum_digit(),
            Action::Back => {
                editor.cancel_cage();
                self.message = Some("cage dropped: the cages are as they were".into());
                return;
            }
            Action::PlayEdited => {
                let outcome = editor.finish_cage(now);
                self.message = match outcome {
                    Outcome::Refused(why) => Some(why),
                    _ => Some("cage made".into()),
                };
                return;
            }
            Action::Enter(_) => Outcome::Refused("a cage's sum is typed in digits 0 to 9".into()),
            _ => {
                let size = editor.givens().shape().size();
                let key = |action| {
                    let keys = self.keymap.keys_for_board(action, size);
                    keys.into_iter().next().unwrap_or_else(|| "-".into())
                };
                Outcome::Refused(format!(
                    "drawing a cage: {} marks a cell, digits type the sum, {} makes it, {} drops it",
                    key(Action::CageMark),
                    key(Action::PlayEdited),
                    key(Action::Back)
                ))
            }
        };
        self.message = self.cage_message(outcome);
    }

    /// The status line after a key that draws a cage: a refusal says why;
    /// otherwise the cage drawn so far shows in the status line's facts.
    fn cage_message(&self, outcome: Outcome) -> Option<String> {
        match outcome {
            Outcome::Refused(why) => Some(why),
            _ => None,
        }
    }

    /// A digit key while a cage is being drawn types its sum, in decimal
    /// on any board (on a 4x4 the sum of four cells is 10); `false` when
    /// the key is no digit or no cage is being drawn.
    pub(super) fn cage_sum_key(&mut self, key: &KeyEvent) -> bool {
        let Some(editor) = self.editor.as_mut().filter(|e| e.draft().is_some()) else {
            return false;
        };
        let KeyCode::Char(typed @ '0'..='9') = key.code else {
            return false;
        };
        if !key
            .modifiers
            .difference(ratatui::crossterm::event::KeyModifiers::SHIFT)
            .is_empty()
        {
            return false;
        }
        let outcome = editor.type_sum_digit(typed as u8 - b'0');
        self.message = self.cage_message(outcome);
        true
    }

    /// "Fix the givens": play them (or watch the solver on them) when they
    /// make a puzzle; several solutions ask first; none is refused.
    fn fix_and_play(&mut self, watch: bool) {
        let Some(editor) = self.editor.as_mut() else {
            return;
        };
        // Enter right after the last digit: the count is usually a few
        // milliseconds from done, so wait for it a moment.
        editor.wait_for_count(COUNT_PATIENCE);
        let wrap = |board| {
            if watch {
                Proposal::Watch(board)
            } else {
                Proposal::Play(PlayedPuzzle::new(board))
            }
        };
        match editor.fix() {
            Ok(board) => self.propose(wrap(board), None),
            Err(FixRefused::Warn(board, warning)) => self.propose(wrap(board), Some(&warning)),
            Err(FixRefused::Refused(why)) => self.message = Some(why),
        }
    }

    /// Time passes in the editor: a finished count shows.
    pub(super) fn poll_editor(&mut self) -> bool {
        self.editor.as_mut().is_some_and(Editor::poll)
    }

    /// The solver view solved this game's puzzle: the solution has been
    /// shown, so solving it now is assisted.
    pub(super) fn note_solution_shown(&mut self) {
        let solved = self
            .session
            .watch()
            .is_some_and(|w| w.outcome() == Some(RunEnd::Solved));
        if solved && !self.game.is_solved() && !self.game.is_assisted() {
            self.game.mark_assisted();
        }
    }
}

/// The rules after those of `shape` in the variant cycle that fit it: X
/// and windoku add or drop their houses; a jigsaw keeps its regions (so it
/// turns between jigsaw and jigsaw X), and a board without regions skips
/// the jigsaws. `None` when nothing else fits.
fn next_editor_variant(shape: Shape) -> Option<Shape> {
    use crate::engine::{Named, Variant};
    let current = Variant::of(&shape);
    let mut variant = current.next();
    while variant != current {
        if let Ok(rules) = variant.apply(shape) {
            if Variant::of(&rules) == variant {
                return Some(rules);
            }
        }
        variant = variant.next();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;
    use crate::engine::format::parse_puzzle;
    use crate::engine::grader::Difficulty;
    use crate::game::editor::Solutions;
    use crate::game::Game;
    use crate::theme::{ColorDepth, Themes};
    use ratatui::crossterm::event::{Event, KeyModifiers};

    const PUZZLE: &str =
        "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
    /// The same puzzle with r1c2 given as 2 too: a clash in row 1.
    const CLASH: &str =
        "223610000580007000400080020802000007000305000600000402040070008000400071000061504";

    fn board(text: &str) -> Board {
        parse_puzzle(text, ShapeHint::Infer).expect("puzzle")
    }

    fn app_on(puzzle: Board, now: Instant) -> App {
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default").clone();
        let game = Game::new(puzzle, Some(Difficulty::Medium), now);
        App::new(&Config::built_in(), themes, theme, game, 42)
    }

    fn app(now: Instant) -> App {
        app_on(board(PUZZLE), now)
    }

    fn key(app: &mut App, code: KeyCode, now: Instant) {
        app.handle_event(Event::Key(KeyEvent::new(code, KeyModifiers::NONE)), now);
    }

    fn chars(app: &mut App, keys: &str, now: Instant) {
        for ch in keys.chars() {
            key(app, KeyCode::Char(ch), now);
        }
    }

    #[test]
    fn g_in_a_game_in_progress_asks_and_any_other_key_keeps_the_game() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "l9", now); // r1c2 = 9
        chars(&mut app, "g", now);
        assert!(!app.is_dealing(), "nothing is dealt before the answer");
        let asked = app.message.clone().expect("a question");
        assert!(
            asked.contains("abandoned") && asked.ends_with('?'),
            "{asked}"
        );
        assert!(app.question().is_some());
        chars(&mut app, "n", now);
        assert!(!app.is_dealing());
        assert_eq!(app.question(), None);
        assert!(app.game.can_undo(), "the game is as it was");
        assert_eq!(app.message.as_deref(), Some("kept this game"));
        // The answer key did nothing else: a digit key is not entered.
        chars(&mut app, "g", now);
        chars(&mut app, "5", now);
        assert_eq!(
            app.game.value(app.game.cursor()).map(|d| d.get()),
            Some(9),
            "5 answered no"
        );
        chars(&mut app, "g", now);
        chars(&mut app, "y", now);
        assert!(app.is_dealing(), "y deals");
    }

    #[test]
    fn g_on_an_untouched_or_solved_game_deals_at_once() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "g", now);
        assert!(app.is_dealing());
        assert_eq!(app.question(), None);
    }

    #[test]
    fn g_in_the_solver_view_asks_too_and_no_leaves_the_game_untouched() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "l9", now);
        let before = app.game.board().clone();
        chars(&mut app, "a", now);
        assert_eq!(app.screen, Screen::Watching);
        chars(&mut app, "g", now);
        assert!(app.question().is_some());
        key(&mut app, KeyCode::Esc, now);
        assert!(!app.is_dealing());
        assert_eq!(
            app.screen,
            Screen::Watching,
            "Esc answered the question only"
        );
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.screen, Screen::Playing);
        assert_eq!(app.game.board(), &before);
        assert!(app.game.can_undo());
    }

    #[test]
    fn a_puzzle_given_over_a_game_in_progress_waits_for_a_yes() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "l9", now);
        let other = board(&PUZZLE.replace('2', "0"));
        app.offer_given(PlayedPuzzle::new(other.clone()), now);
        assert!(app.question().is_some());
        chars(&mut app, "x", now);
        assert_ne!(app.game.givens(), &other, "the saved game stays");
        assert!(app.game.can_undo());
        app.offer_given(PlayedPuzzle::new(other.clone()), now);
        chars(&mut app, "y", now);
        assert_eq!(app.game.givens(), &other);
        // The saved game's own puzzle given again: it just goes on.
        chars(&mut app, "4", now);
        app.offer_given(PlayedPuzzle::new(other.clone()), now);
        assert!(app.question().is_none());
        assert!(app.game.can_undo(), "the same game, entries kept");
    }

    #[test]
    fn a_pasted_puzzle_line_is_offered_and_a_bad_one_is_explained() {
        let now = Instant::now();
        let mut app = app(now);
        app.handle_event(Event::Paste("not a puzzle".into()), now);
        let said = app.message.clone().unwrap_or_default();
        assert!(
            said.starts_with("the pasted text is not a puzzle"),
            "{said}"
        );
        let other = PUZZLE.replace('2', "0");
        app.handle_event(Event::Paste(format!("{other}\n")), now);
        let asked = app.message.clone().unwrap_or_default();
        assert!(asked.contains("play the pasted 9x9 puzzle"), "{asked}");
        chars(&mut app, "y", now);
        assert_eq!(app.game.givens(), &board(&other));
        app.handle_event(Event::Paste(CLASH.into()), now);
        assert!(app.question().is_none(), "clashing givens are not offered");
    }

    #[test]
    fn a_block_pasted_with_cr_line_ends_is_read_in_the_game_and_in_the_editor() {
        // Terminals send a pasted newline as CR (`doku generate --format
        // block` pasted with bracketed paste); CRLF comes from Windows.
        let now = Instant::now();
        let other = board(&PUZZLE.replace('2', "0"));
        let block = crate::engine::format::write_block(&other);
        for ending in ["\r", "\r\n"] {
            let mut app = app(now);
            app.handle_event(Event::Paste(block.replace('\n', ending)), now);
            let asked = app.message.clone().unwrap_or_default();
            assert!(
                asked.contains("play the pasted 9x9 puzzle"),
                "{ending:?}: {asked}"
            );
            chars(&mut app, "y", now);
            assert_eq!(app.game.givens(), &other);
            chars(&mut app, "e", now);
            app.handle_event(Event::Paste(block.replace('\n', ending)), now);
            let said = app.message.clone().unwrap_or_default();
            assert!(said.contains("pasted a 9x9 puzzle"), "{ending:?}: {said}");
        }
    }

    #[test]
    fn a_puzzle_played_from_the_editor_leaves_the_editors_message_behind() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e", now);
        app.handle_event(Event::Paste(PUZZLE.into()), now);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("pasted"), "{said}");
        app.editor.as_mut().expect("editor open").finish_count();
        key(&mut app, KeyCode::Enter, now);
        assert_eq!(app.screen, Screen::Playing);
        assert_eq!(app.message, None);
    }

    /// Wikipedia's killer: no givens, cages and sums only.
    const KILLER: &str = "................................................................................. aabbbcdefgghhccdefggiicjkkflmminjkoflppqnjoorsptqnuvvrsttqwuuxxsyzwwAAxxsyzwBBBCC a=3,b=15,c=22,d=4,e=16,f=15,g=25,h=17,i=9,j=8,k=20,l=6,m=14,n=17,o=17,p=13,q=20,r=12,s=27,t=6,u=20,v=6,w=10,x=14,y=8,z=16,A=15,B=13,C=17";

    #[test]
    fn a_killer_pasted_in_the_editor_keeps_its_cages_is_counted_and_plays() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e", now);
        app.handle_event(Event::Paste(KILLER.into()), now);
        let editor = app.editor.as_mut().expect("editor open");
        assert!(editor.givens().is_killer(), "the cages came with it");
        // No givens, and still a puzzle: its cages are counted.
        editor.finish_count();
        assert_eq!(editor.solutions(), &Solutions::One);
        let cages = editor.givens().cages().cloned();
        // v adds the diagonals and keeps the cages (the killer has no X
        // solution), and takes them off again.
        chars(&mut app, "v", now);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("9x9 killer X rules"), "{said}");
        let editor = app.editor.as_mut().expect("editor open");
        assert_eq!(editor.givens().cages().cloned(), cages);
        assert!(editor.givens().shape().extras().diagonals);
        chars(&mut app, "v", now);
        let editor = app.editor.as_mut().expect("editor open");
        assert!(!editor.givens().shape().extras().diagonals);
        editor.finish_count();
        key(&mut app, KeyCode::Enter, now);
        assert_eq!(app.screen, Screen::Playing);
        assert!(app.game.board().is_killer(), "played with its cages");
    }

    /// The editor open on a blank 4x4 killer, at 80x24.
    fn blank_killer_editor(now: Instant) -> App {
        let mut app = app(now);
        app.set_terminal_size(80, 24);
        let shape = Shape::sudoku(4).expect("4x4");
        app.open_blank_editor(shape, now);
        app.editor = Some(Editor::new_killer(shape, now));
        app
    }

    #[test]
    fn the_cage_being_drawn_is_counted_in_the_panel() {
        use ratatui::layout::Rect;
        let now = Instant::now();
        let mut app = blank_killer_editor(now);
        let panel = |app: &App| {
            let area = Rect::new(0, 0, 80, 24);
            let mut buf = ratatui::buffer::Buffer::empty(area);
            ratatui::widgets::Widget::render(crate::app::AppView { app, now }, area, &mut buf);
            (0..24)
                .map(|y| (0..80).map(|x| buf[(x, y)].symbol()).collect::<String>())
                .collect::<Vec<_>>()
                .join("\n")
        };
        chars(&mut app, "m", now);
        let one = panel(&app);
        assert!(one.contains("1 cell, no sum"), "{one}");
        chars(&mut app, "lm3", now);
        let two = panel(&app);
        assert!(two.contains("2 cells, sum 3"), "{two}");
    }

    #[test]
    fn a_killer_is_drawn_with_keys_the_cage_lit_and_its_sum_typed() {
        use crate::ui::ScreenLayout;
        use ratatui::layout::Rect;
        let now = Instant::now();
        let mut app = blank_killer_editor(now);
        let shape = Shape::sudoku(4).expect("4x4");
        // m marks r1c1 and r1c2: both drawn lit, as a hint's cells are.
        chars(&mut app, "mlm", now);
        let area = Rect::new(0, 0, 80, 24);
        let mut buf = ratatui::buffer::Buffer::empty(area);
        ratatui::widgets::Widget::render(crate::app::AppView { app: &app, now }, area, &mut buf);
        let layout = ScreenLayout::new(shape, area).expect("fits");
        let at = |r: usize, c: usize| {
            let x = layout.board.x + layout.geometry.col_x[c];
            let y = layout.board.y + layout.geometry.row_y[r];
            buf[(x, y)].style()
        };
        let lit = app.theme().hint_cells().bg;
        assert!(lit.is_some(), "the default theme lights a hint's cells");
        assert_eq!(at(0, 0).bg, lit, "r1c1 is in the cage drawn");
        assert_ne!(at(3, 3).bg, lit, "r4c4 is not");
        let status: String = (0..80).map(|x| buf[(x, 22)].symbol()).collect();
        assert!(status.contains("drawing a cage"), "{status}");
        // Digits type the sum (0 too, and past the board's digits), Enter
        // makes the cage.
        chars(&mut app, "10", now);
        key(&mut app, KeyCode::Enter, now);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("cannot make 10 with 2"), "{said}");
        key(&mut app, KeyCode::Backspace, now);
        key(&mut app, KeyCode::Backspace, now);
        chars(&mut app, "7", now);
        key(&mut app, KeyCode::Enter, now);
        assert_eq!(app.message.as_deref(), Some("cage made"));
        let editor = app.editor.as_mut().expect("editor open");
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(1));
        editor.finish_count();
        assert_eq!(editor.solutions(), &Solutions::Several);
        // u takes it back; M removes the cage under the cursor.
        chars(&mut app, "u", now);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(0));
        chars(&mut app, "mlm3", now);
        key(&mut app, KeyCode::Enter, now);
        chars(&mut app, "M", now);
        assert_eq!(app.message.as_deref(), Some("cage removed"));
        // Esc drops a cage being drawn; a second Esc leaves the editor.
        chars(&mut app, "m", now);
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.screen, Screen::Editing);
        assert!(app.editor.as_ref().is_some_and(|e| e.draft().is_none()));
        // In the game the cage keys say where cages are drawn.
        key(&mut app, KeyCode::Esc, now);
        chars(&mut app, "m", now);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("drawn in the editor"), "{said}");
    }

    #[test]
    fn cages_drawn_are_asked_about_before_quitting_and_wait_for_e() {
        let now = Instant::now();
        let mut app = app(now);
        let shape = Shape::sudoku(4).expect("4x4");
        app.open_blank_editor(shape, now);
        app.editor = Some(Editor::new_killer(shape, now));
        chars(&mut app, "mlm3", now);
        key(&mut app, KeyCode::Enter, now);
        chars(&mut app, "q", now);
        assert!(!app.quit, "asked first");
        let asked = app.question().map(|q| q.text.clone()).unwrap_or_default();
        assert!(asked.contains("cages and givens"), "{asked}");
        chars(&mut app, "n", now);
        key(&mut app, KeyCode::Esc, now);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("brings back the killer you drew"), "{said}");
        chars(&mut app, "e", now);
        let editor = app.editor.as_ref().expect("back in the editor");
        assert_eq!(editor.givens().cages().map(|c| c.len()), Some(1));
    }

    #[test]
    fn the_editor_counts_solutions_and_enter_plays_a_proper_puzzle() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e", now);
        assert_eq!(app.screen, Screen::Editing);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.solutions(), &Solutions::Blank);
        // Enter on a blank board is refused with the reason.
        key(&mut app, KeyCode::Enter, now);
        assert_eq!(app.screen, Screen::Editing);
        assert!(app.message.clone().unwrap_or_default().contains("blank"));
        // One digit: counting starts, and finds several.
        chars(&mut app, "5", now);
        let editor = app.editor.as_mut().expect("editor open");
        editor.finish_count();
        assert_eq!(editor.solutions(), &Solutions::Several);
        // Several: Enter warns and asks.
        key(&mut app, KeyCode::Enter, now);
        let asked = app.message.clone().unwrap_or_default();
        assert!(asked.contains("several solutions"), "{asked}");
        chars(&mut app, "n", now);
        assert_eq!(app.screen, Screen::Editing);
        // A whole puzzle pasted in: exactly one, and Enter plays it.
        app.handle_event(Event::Paste(PUZZLE.into()), now);
        let editor = app.editor.as_mut().expect("editor open");
        editor.finish_count();
        assert_eq!(editor.solutions(), &Solutions::One);
        app.start_deal();
        key(&mut app, KeyCode::Enter, now);
        assert_eq!(app.screen, Screen::Playing);
        assert_eq!(app.game.givens(), &board(PUZZLE));
        assert!(app.editor.is_none());
        assert!(
            !app.is_dealing(),
            "no deal arrives over the puzzle typed in"
        );
    }

    #[test]
    fn the_editor_refuses_clashing_givens_and_shows_the_conflict_live() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e", now);
        chars(&mut app, "3l3", now);
        let editor = app.editor.as_ref().expect("editor open");
        assert!(editor.game().has_conflicts(), "shown as typed");
        match editor.solutions() {
            Solutions::None(reason) => assert!(reason.contains("both hold 3"), "{reason}"),
            other => panic!("{other:?}"),
        }
        key(&mut app, KeyCode::Enter, now);
        let said = app.message.clone().unwrap_or_default();
        assert!(
            said.starts_with("no solution") && said.contains("r1c1"),
            "{said}"
        );
        assert_eq!(app.screen, Screen::Editing);
    }

    #[test]
    fn a_click_in_the_editor_moves_the_editors_cursor_not_the_games() {
        use crate::ui::ScreenLayout;
        use ratatui::crossterm::event::{MouseButton, MouseEvent, MouseEventKind};
        use ratatui::layout::Rect;
        let now = Instant::now();
        let mut app = app(now);
        app.set_terminal_size(80, 24);
        chars(&mut app, "e", now);
        let layout = ScreenLayout::new(Shape::CLASSIC, Rect::new(0, 0, 80, 24)).expect("fits");
        let click = MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column: layout.board.x + layout.geometry.col_x[4] + 1,
            row: layout.board.y + layout.geometry.row_y[2],
            modifiers: KeyModifiers::NONE,
        };
        app.handle_event(Event::Mouse(click), now);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.game().cursor(), Shape::CLASSIC.cell(2, 4));
        assert_eq!(app.game.cursor(), Shape::CLASSIC.cell(0, 0));
    }

    #[test]
    fn esc_leaves_the_editor_and_the_game_is_as_it_was() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "l9", now);
        let before = app.game.board().clone();
        chars(&mut app, "e7", now);
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.screen, Screen::Playing);
        assert_eq!(app.game.board(), &before);
        assert!(app.editor.is_none());
    }

    #[test]
    fn on_a_16x16_board_a_lowercase_letter_is_a_digit_not_a_command() {
        let now = Instant::now();
        let shape = Shape::sudoku(16).expect("16x16");
        let mut app = app_on(Board::empty(shape), now);
        chars(&mut app, "g", now);
        assert!(!app.is_dealing());
        assert_eq!(app.game.value(app.game.cursor()).map(|d| d.get()), Some(16));
        chars(&mut app, "a", now);
        assert_eq!(app.screen, Screen::Playing, "a is the digit 10 here");
        assert_eq!(app.game.value(app.game.cursor()).map(|d| d.get()), Some(10));
        // The commands keep their other keys.
        app.handle_event(
            Event::Key(KeyEvent::new(KeyCode::Char('w'), KeyModifiers::CONTROL)),
            now,
        );
        assert_eq!(app.screen, Screen::Watching);
    }

    #[test]
    fn the_editor_opens_on_a_latin_square_when_latin_squares_are_dealt_next() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "Le", now);
        assert_eq!(app.screen, Screen::Editing);
        let shape = app.editor.as_ref().expect("editing").givens().shape();
        assert!(shape.is_latin() && shape.size() == 9, "{shape:?}");
        // Its size key keeps to Latin squares.
        chars(&mut app, "z", now);
        let shape = app.editor.as_ref().expect("editing").givens().shape();
        assert!(shape.is_latin() && shape.size() == 10, "{shape:?}");
    }

    #[test]
    fn z_and_capital_z_step_the_next_size_both_ways() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "z", now);
        assert_eq!(app.deals.next_size, 10);
        chars(&mut app, "ZZ", now);
        assert_eq!(app.deals.next_size, 8);
    }

    #[test]
    fn the_solver_view_solving_the_puzzle_marks_the_game_assisted() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "a", now);
        assert!(
            !app.game.is_assisted(),
            "opening the view shows nothing yet"
        );
        // The search reaches the solution (as `f` makes it do over ticks).
        app.watch_mut().expect("watching").run_to_end();
        app.on_tick(now);
        assert!(app.game.is_assisted(), "the solution was shown");
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.game.board(), app.game.givens(), "no digit placed");
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("counts as assisted"), "{said}");
    }

    #[test]
    fn starting_the_search_over_in_the_view_still_tells_that_the_solution_was_shown() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "a", now);
        app.watch_mut().expect("watching").run_to_end();
        app.on_tick(now);
        assert!(app.game.is_assisted(), "the solution was shown");
        // Start over from the other start (b), then leave.
        chars(&mut app, "b", now);
        assert!(app.watch().is_some(), "still watching");
        key(&mut app, KeyCode::Esc, now);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("counts as assisted"), "{said}");
    }

    #[test]
    fn the_editor_refusals_are_read_whole_on_an_80_column_status_line() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e", now);
        assert_eq!(app.screen, Screen::Editing);
        let status = |app: &App| {
            let area = ratatui::layout::Rect::new(0, 0, 80, 24);
            let mut buf = ratatui::buffer::Buffer::empty(area);
            ratatui::widgets::Widget::render(crate::app::AppView { app, now }, area, &mut buf);
            (0..80).map(|x| buf[(x, 22)].symbol()).collect::<String>()
        };
        // A key the editor does not take, then z with givens typed.
        chars(&mut app, "p", now);
        let said = app.message.clone().expect("refused");
        assert!(status(&app).contains(&said), "{said}\n{}", status(&app));
        chars(&mut app, "1l2z", now);
        let said = app.message.clone().expect("refused");
        assert!(said.contains("erase the givens"), "{said}");
        assert!(status(&app).contains(&said), "{said}\n{}", status(&app));
    }

    #[test]
    fn givens_typed_in_the_editor_wait_for_e_after_esc() {
        // Esc (or a second e) threw the typed givens away without a word.
        let now = Instant::now();
        let mut app = app(now);
        // A digit moves the cursor on: 1 in r1c1, 2 in r1c2.
        chars(&mut app, "e12", now);
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.screen, Screen::Playing);
        let said = app.message.clone().unwrap_or_default();
        assert!(said.contains("e brings back your 2 givens"), "{said}");
        chars(&mut app, "e", now);
        assert_eq!(app.screen, Screen::Editing);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.givens().filled_count(), 2);
        // Erased, there is nothing to keep: the next e starts blank.
        chars(&mut app, "e", now);
        assert_eq!(app.screen, Screen::Playing);
        chars(&mut app, "e", now);
        // Back to r1c1; each erase moves on, as typing does.
        key(&mut app, KeyCode::Left, now);
        key(&mut app, KeyCode::Left, now);
        key(&mut app, KeyCode::Char('x'), now);
        key(&mut app, KeyCode::Char('x'), now);
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(
            app.message.as_deref(),
            Some("left the editor; your game is as it was"),
            "a blank board is not kept"
        );
        chars(&mut app, "e", now);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.givens().filled_count(), 0);
    }

    #[test]
    fn backspace_in_the_editor_erases_the_cell_just_typed_and_goes_back_to_it() {
        // It erased the cursor's cell and moved on, like the other erase
        // keys, so a mistyped given took Left, Left, x to put right.
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e123", now);
        use crate::engine::Cell;
        let at = |app: &App| app.editor.as_ref().expect("editor open").givens().clone();
        assert_eq!(
            app.editor.as_ref().map(|e| e.game().cursor()),
            Some(Cell(3))
        );
        key(&mut app, KeyCode::Backspace, now);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.game().cursor(), Cell(2), "back on the 3");
        assert_eq!(at(&app).get(Cell(2)), None, "the 3 is erased");
        assert_eq!(
            at(&app).get(Cell(1)).map(|d| d.get()),
            Some(2),
            "the 2 stays"
        );
        chars(&mut app, "4", now);
        assert_eq!(
            at(&app).get(Cell(2)).map(|d| d.get()),
            Some(4),
            "typed again"
        );
        // Back to r1c1, every given erased on the way.
        for _ in 0..3 {
            key(&mut app, KeyCode::Backspace, now);
        }
        assert_eq!(
            app.editor.as_ref().map(|e| e.game().cursor()),
            Some(Cell(0))
        );
        assert_eq!(at(&app).filled_count(), 0);
        // In play it erases the cursor's cell and stays there, as before.
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.screen, Screen::Playing);
        let shape = app.game.shape();
        let empty = shape
            .cells()
            .find(|&c| app.game.board().get(c).is_none())
            .expect("an empty cell");
        app.game.set_cursor(shape.row(empty), shape.col(empty));
        let digit = app
            .game
            .board()
            .candidates(empty)
            .iter()
            .next()
            .expect("a candidate");
        chars(&mut app, &digit.get().to_string(), now);
        assert!(app.game.board().get(empty).is_some());
        key(&mut app, KeyCode::Backspace, now);
        assert_eq!(app.game.board().get(empty), None, "erased");
        assert_eq!(app.game.cursor(), empty, "and the cursor stays");
    }

    #[test]
    fn q_asks_before_typed_givens_are_lost() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e1l2q", now);
        assert!(!app.quit, "asked first");
        let asked = app.question().map(|q| q.text.clone()).unwrap_or_default();
        assert!(asked.contains("2 givens"), "{asked}");
        chars(&mut app, "n", now);
        assert!(!app.quit);
        assert_eq!(app.screen, Screen::Editing);
        assert_eq!(
            app.editor.as_ref().map(|e| e.givens().filled_count()),
            Some(2)
        );
        // Left with Esc they wait for e, so q in the game asks too.
        key(&mut app, KeyCode::Esc, now);
        chars(&mut app, "q", now);
        assert!(!app.quit, "asked first");
        chars(&mut app, "y", now);
        assert!(app.quit);
        // Nothing typed, nothing asked.
        let mut app = app_on(board(PUZZLE), now);
        chars(&mut app, "eq", now);
        assert!(app.quit);
    }

    #[test]
    fn a_9x9_is_typed_in_81_presses_and_the_count_ends_with_the_grade() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e", now);
        // The puzzle line as keys: 0 and . leave a cell empty and move on,
        // as Space does; a digit moves on too.
        let keys: String = PUZZLE
            .chars()
            .enumerate()
            .map(|(i, c)| match (c, i % 3) {
                ('0', 0) => '.',
                ('0', 1) => ' ',
                (c, _) => c,
            })
            .collect();
        assert_eq!(keys.chars().count(), 81);
        for ch in keys.chars() {
            let code = if ch == ' ' {
                KeyCode::Char(' ')
            } else {
                KeyCode::Char(ch)
            };
            key(&mut app, code, now);
        }
        let editor = app.editor.as_mut().expect("editor open");
        assert_eq!(editor.givens(), &board(PUZZLE));
        // The cursor went round to the first cell again (the editor wraps).
        assert_eq!(editor.game().cursor(), crate::engine::Cell(0));
        editor.finish_count();
        assert_eq!(editor.solutions(), &Solutions::One);
        let grade = editor.grade().expect("a unique 9x9 is graded").to_string();
        assert_eq!(
            editor.solutions_label(),
            format!("exactly one solution: {grade}")
        );
    }

    #[test]
    fn the_editor_counts_solutions_up_to_ten() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "e5", now);
        let editor = app.editor.as_mut().expect("editor open");
        editor.finish_count();
        assert_eq!(editor.solutions(), &Solutions::Several);
        assert_eq!(editor.solutions_label(), "10 or more solutions");
        assert_eq!(editor.grade(), None);
    }

    #[test]
    fn capital_e_opens_the_puzzle_in_play_in_the_editor() {
        let now = Instant::now();
        let mut app = app(now);
        chars(&mut app, "l9", now); // an entry: not a given, not edited
        chars(&mut app, "E", now);
        assert_eq!(app.screen, Screen::Editing);
        let editor = app.editor.as_ref().expect("editor open");
        assert_eq!(editor.givens(), &board(PUZZLE));
        assert!(app.message.clone().unwrap_or_default().contains("givens"));
        // Esc: back to the game as it was, its entry kept.
        key(&mut app, KeyCode::Esc, now);
        assert_eq!(app.screen, Screen::Playing);
        assert!(app.game.can_undo());
    }
}
