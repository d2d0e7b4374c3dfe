//! A status line on stderr for long runs: drawn by a background thread,
//! rewritten in place, and erased before anything else is printed, so a
//! result never lands on the end of it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Work that ends sooner than this shows no status line.
pub(super) const QUIET_PERIOD: Duration = Duration::from_secs(1);

/// How often the line is redrawn.
const TICK: Duration = Duration::from_millis(100);

pub(super) struct ProgressLine {
    /// Whether the line is on the screen; held while anyone writes to the
    /// terminal.
    shown: Mutex<bool>,
    finished: AtomicBool,
}

impl ProgressLine {
    /// Runs `work`. When `enabled` (stderr is a terminal), a thread asks
    /// `text` every tick what the line should say (`None`: nothing) until
    /// the work returns, then erases it.
    pub(super) fn run<T>(
        enabled: bool,
        text: impl FnMut() -> Option<String> + Send,
        work: impl FnOnce(&ProgressLine) -> T,
    ) -> T {
        Self::run_ticking(enabled, TICK, text, work)
    }

    fn run_ticking<T>(
        enabled: bool,
        tick: Duration,
        text: impl FnMut() -> Option<String> + Send,
        work: impl FnOnce(&ProgressLine) -> T,
    ) -> T {
        let status = ProgressLine {
            shown: Mutex::new(false),
            finished: AtomicBool::new(false),
        };
        std::thread::scope(|scope| {
            let drawer = enabled.then(|| scope.spawn(|| status.draw_until_finished(tick, text)));
            let result = work(&status);
            status.finished.store(true, Ordering::Release);
            // Wake the drawer now rather than at its next tick: a quick run
            // must not wait a tick to exit.
            if let Some(drawer) = drawer {
                drawer.thread().unpark();
            }
            result
        })
    }

    /// Erases the line and keeps it off while the guard lives: hold it while
    /// writing to stdout or stderr.
    pub(super) fn quiet(&self) -> MutexGuard<'_, bool> {
        let mut shown = self.shown.lock().unwrap_or_else(|p| p.into_inner());
        erase(&mut shown);
        shown
    }

    fn draw_until_finished(&self, tick: Duration, mut text: impl FnMut() -> Option<String>) {
        let mut last = String::new();
        loop {
            std::thread::park_timeout(tick);
            let mut shown = self.shown.lock().unwrap_or_else(|p| p.into_inner());
            if self.finished.load(Ordering::Acquire) {
                erase(&mut shown);
                return;
            }
            match text() {
                Some(line) if !*shown || line != last => {
                    super::output::to_stderr(format_args!("\r\x1b[2K{line}"));
                    *shown = true;
                    last = line;
                }
                Some(_) => {}
                None => erase(&mut shown),
            }
        }
    }
}

fn erase(shown: &mut bool) {
    if *shown {
        super::output::to_stderr(format_args!("\r\x1b[2K"));
        *shown = false;
    }
}

/// Notices one piece of work running long: fed the number of the piece in
/// hand (0 for none) at each tick, it says for how long that number has not
/// changed.
#[derive(Default)]
pub(super) struct Stall {
    piece: usize,
    since: Option<Instant>,
}

impl Stall {
    pub(super) fn observe(&mut self, piece: usize, now: Instant) -> Duration {
        if piece == 0 || piece != self.piece {
            self.piece = piece;
            self.since = (piece != 0).then_some(now);
            return Duration::ZERO;
        }
        self.since.map_or(Duration::ZERO, |since| now - since)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stall_counts_from_when_the_piece_was_first_seen() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut stall = Stall::default();
        assert_eq!(stall.observe(0, at(0)), Duration::ZERO);
        assert_eq!(stall.observe(1, at(100)), Duration::ZERO);
        assert_eq!(stall.observe(1, at(1300)), Duration::from_millis(1200));
        // A new piece starts the count again; so does a pause between pieces.
        assert_eq!(stall.observe(2, at(1400)), Duration::ZERO);
        assert_eq!(stall.observe(2, at(1500)), Duration::from_millis(100));
        assert_eq!(stall.observe(0, at(1600)), Duration::ZERO);
        assert_eq!(stall.observe(2, at(1700)), Duration::ZERO);
        assert_eq!(stall.observe(2, at(2700)), Duration::from_millis(1000));
    }

    #[test]
    fn quick_work_returns_without_waiting_for_the_drawer() {
        let start = Instant::now();
        let tick = Duration::from_secs(30);
        let answer = ProgressLine::run_ticking(true, tick, || Some("busy".into()), |_| 42);
        assert_eq!(answer, 42);
        // The drawer is woken when the work ends, not at its next tick.
        assert!(start.elapsed() < tick / 2, "{:?}", start.elapsed());
    }
}
