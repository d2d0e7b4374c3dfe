//! The check of a puzzle the player gave (`doku play PUZZLE`, the editor, a
//! paste): does it have exactly one solution? On a hard 25x25 that takes
//! seconds to a minute, so it runs on another thread while the game is
//! played; the panel says it is checking, then what it found. Dropping the
//! check (another game, quitting) cancels its search.

use crate::engine::{Board, Deadline};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread;

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Exactly one solution: hints can use it.
    Unique(Board),
    /// Two or more: logic alone cannot finish it, hints cannot say which.
    Several,
    /// None: the puzzle cannot be finished.
    NoSolution,
}

impl Verdict {
    /// A few words for the panel (fits its 21 columns).
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "checked: one solution",
            Verdict::Several => "several solutions",
            Verdict::NoSolution => "no solution",
        }
    }
}

/// A check running (or finished) on another thread.
pub struct PuzzleCheck {
    /// The search reads it through its deadline. `None` when the check was
    /// answered at once.
    cancel: Option<Arc<AtomicBool>>,
    receiver: Receiver<Verdict>,
    verdict: Option<Verdict>,
}

impl PuzzleCheck {
    /// Starts checking `givens`.
    pub fn start(givens: Board) -> PuzzleCheck {
        let (sender, receiver) = channel();
        // Most puzzles (every 9x9) are settled in far less than a frame:
        // answered here, with no thread and no "checking…" flash that
        // would crowd the status line's messages.
        if let Some(verdict) = check(&givens, Deadline::after(INLINE_CHECK)) {
            let _ = sender.send(verdict);
            return PuzzleCheck {
                cancel: None,
                receiver,
                verdict: None,
            };
        }
        let cancel = Arc::new(AtomicBool::new(false));
        let deadline = Deadline::NEVER.or_cancelled_by(Arc::clone(&cancel));
        thread::spawn(move || {
            if let Some(verdict) = check(&givens, deadline) {
                // The game may have changed meanwhile; nobody listens then.
                let _ = sender.send(verdict);
            }
        });
        PuzzleCheck {
            cancel: Some(cancel),
            receiver,
            verdict: None,
        }
    }

    /// A check whose verdict the test sends (a search of known length).
    #[cfg(test)]
    fn answered_by(receiver: Receiver<Verdict>) -> PuzzleCheck {
        PuzzleCheck {
            cancel: Some(Arc::new(AtomicBool::new(false))),
            receiver,
            verdict: None,
        }
    }

    /// What the check found, once it has (polls the thread).
    pub fn poll(&mut self) -> Option<&Verdict> {
        if self.verdict.is_none() {
            match self.receiver.try_recv() {
                Ok(verdict) => self.verdict = Some(verdict),
                Err(TryRecvError::Empty) => {}
                // The thread died (a bug in the search): say nothing sure.
                Err(TryRecvError::Disconnected) => {}
            }
        }
        self.verdict.as_ref()
    }

    /// What the check found, if it has finished (as last polled).
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Whether the search is still running (not finished, not failed).
    pub fn is_running(&self) -> bool {
        self.verdict.is_none()
    }
}

impl Drop for PuzzleCheck {
    fn drop(&mut self) {
        if let Some(cancel) = &self.cancel {
            cancel.store(true, Ordering::Relaxed);
        }
    }
}

/// How long the game may wait for a check before it runs on a thread
/// instead: far below what a person notices at start.
const INLINE_CHECK: std::time::Duration = std::time::Duration::from_millis(30);

/// The verdict on `givens`, or `None` once `deadline` passes (cancelled).
/// A solution first (quick to refute a dead puzzle), then a count to two.
fn check(givens: &Board, deadline: Deadline) -> Option<Verdict> {
    if !givens.is_consistent() {
        return Some(Verdict::NoSolution);
    }
    let Some(solution) = givens.solution_before(deadline.clone()).ok()? else {
        return Some(Verdict::NoSolution);
    };
    Some(match givens.count_solutions_before(2, deadline).ok()? {
        0 => Verdict::NoSolution,
        1 => Verdict::Unique(solution),
        _ => Verdict::Several,
    })
}

impl super::App {
    /// Starts checking the game's puzzle when it is a given one (no
    /// difficulty: not dealt, so not known unique); a deal drops the check.
    pub fn check_given_puzzle(&mut self) {
        let given = self.game.difficulty().is_none() && !self.game.is_solved();
        self.check = given.then(|| PuzzleCheck::start(self.game.givens().clone()));
        // A check answered at once is in force before the first frame.
        self.poll_check();
    }

    /// Whether a given puzzle is still being checked.
    pub fn is_checking(&self) -> bool {
        self.check.as_ref().is_some_and(PuzzleCheck::is_running)
    }

    /// The check of the given puzzle: running (`None` inside) or its verdict.
    pub fn puzzle_check(&self) -> Option<Option<&Verdict>> {
        self.check.as_ref().map(PuzzleCheck::verdict)
    }

    /// Picks up a finished check: a unique solution goes to the game for
    /// its hints.
    pub(super) fn poll_check(&mut self) {
        let Some(check) = self.check.as_mut() else {
            self.game.set_solutions_checking(false);
            return;
        };
        let was_running = check.is_running();
        if let (true, Some(Verdict::Unique(solution))) = (was_running, check.poll()) {
            let solution = solution.clone();
            self.game.set_known_solution(solution);
        }
        self.game.set_solutions_checking(check.is_running());
    }

    /// Why the hint key cannot help because of the check. While it runs,
    /// the game's hints are logical steps from the position alone (see
    /// `Game::set_solutions_checking`): they need no solution, and never
    /// freeze the screen counting solutions as the check does.
    pub(super) fn hint_waits_for_check(&self) -> Option<String> {
        match self.puzzle_check()? {
            None => None,
            Some(Verdict::Unique(_)) => None,
            Some(Verdict::Several) => Some("no hints: this puzzle has several solutions".into()),
            Some(Verdict::NoSolution) => Some("no hints: this puzzle has no solution".into()),
        }
    }
}

impl super::AppView<'_> {
    /// The panel's line about the check of a given puzzle.
    pub(super) fn check_line(&self) -> Option<ratatui::text::Line<'static>> {
        let theme = self.app.theme();
        Some(match self.app.puzzle_check()? {
            None => ratatui::text::Line::styled("checking solutions…", theme.message()),
            Some(verdict @ Verdict::Unique(_)) => ratatui::text::Line::raw(verdict.label()),
            Some(verdict) => ratatui::text::Line::styled(verdict.label(), theme.conflict()),
        })
    }

    /// The status line's word while checking, and a problem found (one
    /// solution needs no word there).
    pub(super) fn check_fact(&self) -> Option<String> {
        match self.app.puzzle_check()? {
            None => Some("checking…".into()),
            Some(Verdict::Unique(_)) => None,
            Some(Verdict::Several) => Some("several solutions".into()),
            Some(Verdict::NoSolution) => Some("no solution".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::format::{parse_puzzle, ShapeHint};

    fn board(text: &str) -> Board {
        parse_puzzle(text, ShapeHint::Infer).expect("a puzzle")
    }

    #[test]
    fn the_check_tells_one_several_and_no_solution_apart() {
        let unique = board(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let several = board(&".".repeat(81));
        // No clash, but r1c9 has no digit left (9 is in its column).
        let dead = board(&format!("12345678.........9{}", ".".repeat(63)));
        let never = Deadline::NEVER;
        let solved = unique.solution().expect("solvable");
        assert_eq!(check(&unique, never.clone()), Some(Verdict::Unique(solved)));
        assert_eq!(check(&several, never.clone()), Some(Verdict::Several));
        assert_eq!(check(&dead, never), Some(Verdict::NoSolution));
    }

    #[test]
    fn a_cancelled_check_gives_up_without_a_verdict_and_lets_its_flag_go() {
        let flag = Arc::new(AtomicBool::new(true));
        // A 16x16 with few givens needs a search, which sees the flag.
        let open = board(&".".repeat(256));
        let deadline = Deadline::NEVER.or_cancelled_by(Arc::clone(&flag));
        assert_eq!(check(&open, deadline), None);
        // Shared, not leaked: once the search is over only the owner holds it.
        assert_eq!(Arc::strong_count(&flag), 1);
    }

    /// The app with a given (undealt) 9x9 puzzle, its check answered by
    /// the test through the returned sender.
    fn app_with_held_check(
        now: std::time::Instant,
    ) -> (super::super::App, std::sync::mpsc::Sender<Verdict>) {
        use crate::config::Config;
        use crate::game::Game;
        use crate::theme::{ColorDepth, Themes};
        let givens = board(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let themes = Themes::built_in(ColorDepth::TrueColor);
        let theme = themes.get("default").expect("default").clone();
        let game = Game::new(givens, None, now);
        let mut app = super::super::App::new(&Config::built_in(), themes, theme, game, 1);
        let (sender, receiver) = channel();
        app.check = Some(PuzzleCheck::answered_by(receiver));
        (app, sender)
    }

    fn screen(app: &super::super::App, now: std::time::Instant) -> String {
        use ratatui::backend::TestBackend;
        let mut terminal = ratatui::Terminal::new(TestBackend::new(80, 24)).expect("terminal");
        terminal
            .draw(|frame| frame.render_widget(super::super::AppView { app, now }, frame.area()))
            .expect("draws");
        let buf = terminal.backend().buffer().clone();
        let mut out = String::new();
        for y in 0..buf.area.height {
            for x in 0..buf.area.width {
                out.push_str(buf[(x, y)].symbol());
            }
            out.push('\n');
        }
        out
    }

    fn key(app: &mut super::super::App, ch: char, now: std::time::Instant) {
        use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
        let press = KeyEvent::new(KeyCode::Char(ch), KeyModifiers::NONE);
        app.handle_event(Event::Key(press), now);
    }

    #[test]
    fn the_game_is_played_while_the_check_runs_and_the_panel_says_what_it_found() {
        let now = std::time::Instant::now();
        let (mut app, sender) = app_with_held_check(now);
        app.on_tick(now);
        assert!(app.is_checking());
        assert!(
            app.next_wakeup(now).is_some(),
            "the panel is redrawn while checking"
        );
        let checking = screen(&app, now);
        assert!(checking.contains("checking solutions"), "{checking}");
        // Playing goes on: r1c3 is empty in the givens.
        key(&mut app, 'l', now);
        key(&mut app, 'l', now);
        key(&mut app, '4', now);
        let cell = app.game.shape().cell(0, 2);
        assert_eq!(app.game.value(cell).map(|d| d.get()), Some(4));
        // A hint answers at once with a logical step from the position,
        // without counting solutions (what the check is doing).
        key(&mut app, 'H', now);
        let hint = app.game.hint().expect("a step from the position");
        assert!(!hint.technique.is_empty() && hint.technique != "mistake");
        app.game.dismiss_hint();

        let solution = app.game.givens().solution().expect("solvable");
        sender
            .send(Verdict::Unique(solution))
            .expect("the check listens");
        app.on_tick(now);
        assert!(!app.is_checking());
        let done = screen(&app, now);
        assert!(done.contains("checked: one solution"), "{done}");
        assert!(!done.contains("checking solutions"), "{done}");
        key(&mut app, 'H', now);
        assert!(app.game.hint().is_some(), "{:?}", app.message);
    }

    #[test]
    fn a_puzzle_with_several_solutions_is_reported_and_gets_no_hints() {
        let now = std::time::Instant::now();
        let (mut app, sender) = app_with_held_check(now);
        sender.send(Verdict::Several).expect("the check listens");
        app.on_tick(now);
        let done = screen(&app, now);
        assert!(done.contains("several solutions"), "{done}");
        key(&mut app, 'H', now);
        let refused = app.message.clone().unwrap_or_default();
        assert!(refused.contains("several solutions"), "{refused}");
        assert!(app.game.hint().is_none());
    }

    #[test]
    fn a_deal_drops_the_check_and_cancels_its_search() {
        let now = std::time::Instant::now();
        let (mut app, _sender) = app_with_held_check(now);
        let flag = app
            .check
            .as_ref()
            .and_then(|c| c.cancel.clone())
            .expect("a check");
        let solved = app.game.givens().solution().expect("solvable");
        app.start_game(
            solved.clone(),
            Some(crate::engine::grader::Difficulty::Easy),
            now,
        );
        assert!(app.check.is_none());
        assert!(
            flag.load(Ordering::Relaxed),
            "the old search was told to stop"
        );
    }
}
