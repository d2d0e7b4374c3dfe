//! The check of a puzzle the player gave (`doku play PUZZLE`, the editor, a
//! paste): does it have exactly one solution? On a hard 25x25 that takes
//! seconds to a minute, so it runs on another thread while the game is
//! played; the panel says it is checking, then what it found. Dropping the
//! check (another game, quitting) cancels its search.

use crate::engine::{Board, Deadline};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
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
    /// A few words for the panel.
    pub fn label(&self) -> &'static str {
        match self {
            Verdict::Unique(_) => "checked: exactly one solution",
            Verdict::Several => "checked: several solutions",
            Verdict::NoSolution => "checked: no solution",
        }
    }
}

/// A check running (or finished) on another thread.
pub struct PuzzleCheck {
    /// The search reads it through its deadline; leaked (one byte per
    /// check) because the engine's deadline holds a `'static` flag.
    cancel: &'static AtomicBool,
    receiver: Receiver<Verdict>,
    verdict: Option<Verdict>,
}

impl PuzzleCheck {
    /// Starts checking `givens`.
    pub fn start(givens: Board) -> PuzzleCheck {
        let cancel: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(false)));
        let (sender, receiver) = channel();
        thread::spawn(move || {
            if let Some(verdict) = check(&givens, Deadline::NEVER.or_cancelled_by(cancel)) {
                // The game may have changed meanwhile; nobody listens then.
                let _ = sender.send(verdict);
            }
        });
        PuzzleCheck {
            cancel,
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
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// The verdict on `givens`, or `None` once `deadline` passes (cancelled).
/// A solution first (quick to refute a dead puzzle), then a count to two.
fn check(givens: &Board, deadline: Deadline) -> Option<Verdict> {
    if !givens.is_consistent() {
        return Some(Verdict::NoSolution);
    }
    let Some(solution) = givens.solution_before(deadline).ok()? else {
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
            return;
        };
        let was_running = check.is_running();
        if let (true, Some(Verdict::Unique(solution))) = (was_running, check.poll()) {
            let solution = solution.clone();
            self.game.set_known_solution(solution);
        }
    }

    /// Why the hint key must wait (or cannot help) because of the check:
    /// a hint needs the one solution, and asking the grader before the
    /// check ends would freeze the screen for as long as the check takes.
    pub(super) fn hint_waits_for_check(&self) -> Option<String> {
        match self.puzzle_check()? {
            None => Some(
                "hints wait for the check of this puzzle's solutions (see the panel)".into(),
            ),
            Some(Verdict::Unique(_)) => None,
            Some(Verdict::Several) => {
                Some("no hints: this puzzle has several solutions".into())
            }
            Some(Verdict::NoSolution) => Some("no hints: this puzzle has no solution".into()),
        }
    }
}

impl super::AppView<'_> {
    /// The panel's line about the check of a given puzzle.
    pub(super) fn check_line(&self) -> Option<ratatui::text::Line<'static>> {
        let theme = self.app.theme();
        Some(match self.app.puzzle_check()? {
            None => ratatui::text::Line::styled(
                "checking the solutions… (play on)",
                theme.message(),
            ),
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
        let dead = board(
            "55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        let never = Deadline::NEVER;
        let solved = unique.solution().expect("solvable");
        assert_eq!(check(&unique, never), Some(Verdict::Unique(solved)));
        assert_eq!(check(&several, never), Some(Verdict::Several));
        assert_eq!(check(&dead, never), Some(Verdict::NoSolution));
    }

    #[test]
    fn a_cancelled_check_gives_up_without_a_verdict() {
        let flag: &'static AtomicBool = Box::leak(Box::new(AtomicBool::new(true)));
        // A 16x16 with few givens needs a search, which sees the flag.
        let open = board(&".".repeat(256));
        assert_eq!(check(&open, Deadline::NEVER.or_cancelled_by(flag)), None);
    }
}
