//! The solver view's session: the run on screen (if the view is open), the
//! strategy and speed the next run opens with, the board it starts from, and
//! the wall-clock pacing of its ticks. The game waits untouched meanwhile.

use crate::config::{Config, WatchStart};
use crate::game::Game;
use crate::keymap::Action;
use crate::watch::{RunEnd, Watch, WatchOptions};
use std::time::{Duration, Instant};

/// `doku watch --loop` shows a solved board this long before the next deal.
const LOOP_PAUSE: Duration = Duration::from_secs(2);

pub struct WatchSession {
    /// The run while the view is open.
    run: Option<Watch>,
    /// What the next run opens with.
    options: WatchOptions,
    /// Start from the player's entries too, not only the givens.
    from_entries: bool,
    /// `doku watch --loop`: deal the next puzzle when one is solved.
    pub repeat: bool,
    /// When the run last ticked (its steps are paced by wall time).
    ticked: Option<Instant>,
}

impl WatchSession {
    /// The config's strategy, speed, limit and start; `seed` seeds the local searches.
    pub fn new(config: &Config, seed: u64) -> WatchSession {
        WatchSession {
            run: None,
            options: WatchOptions {
                strategy: config.watch.strategy,
                speed: config.watch.speed,
                step_limit: config.watch.step_limit,
                seed,
            },
            from_entries: config.watch.start_from == WatchStart::Entries,
            repeat: false,
            ticked: None,
        }
    }

    pub fn watch(&self) -> Option<&Watch> {
        self.run.as_ref()
    }
    pub fn watch_mut(&mut self) -> Option<&mut Watch> {
        self.run.as_mut()
    }
    pub fn options(&self) -> WatchOptions {
        self.options
    }
    pub fn set_options(&mut self, options: WatchOptions) {
        self.options = options;
    }

    /// Opens a run on `game`'s puzzle, from the givens or the player's board.
    pub fn open(&mut self, game: &Game, now: Instant) {
        let givens = game.givens();
        let start = if self.from_entries {
            game.board()
        } else {
            givens
        };
        self.run = Some(Watch::new(givens, start, self.options));
        self.ticked = Some(now);
    }

    /// Ends the run; the next opens with the strategy and speed left here.
    pub fn close(&mut self) {
        if let Some(run) = self.run.take() {
            self.options = WatchOptions {
                seed: self.options.seed.wrapping_add(1),
                ..run.options()
            };
        }
    }

    /// Same strategy and speed, the other starting board: the caller opens
    /// the run again.
    pub fn switch_start(&mut self) {
        if let Some(run) = &self.run {
            self.options = run.options();
        }
        self.from_entries = !self.from_entries;
    }

    /// One of the view's own controls on the run; false if `action` is none
    /// of them (or no run is open).
    pub fn control(&mut self, action: Action, now: Instant) -> bool {
        let Some(run) = &mut self.run else {
            return false;
        };
        match action {
            Action::WatchPause => run.toggle_pause(),
            Action::WatchStep => {
                if !run.is_paused() {
                    run.toggle_pause();
                }
                run.single_step();
            }
            Action::WatchFaster => run.faster(),
            Action::WatchSlower => run.slower(),
            Action::WatchNextStrategy => run.next_strategy(),
            Action::WatchFinish => run.finish(),
            _ => return false,
        }
        self.ticked = Some(now);
        true
    }

    /// The run goes on from `now` (after the help stood over it, or a key),
    /// rather than catching up on the time in between.
    pub fn resume_from(&mut self, now: Instant) {
        self.ticked = Some(now);
    }

    fn since_tick(&self, now: Instant) -> Duration {
        self.ticked.map_or(Duration::ZERO, |t| now - t)
    }

    fn solved_and_repeating(&self) -> bool {
        self.repeat
            && self
                .run
                .as_ref()
                .is_some_and(|run| run.outcome() == Some(RunEnd::Solved))
    }

    /// How long until the open run moves by itself: `tick` while a loop
    /// waits to deal the next puzzle; `None` when it stands still.
    pub fn next_wakeup(&self, now: Instant, tick: Duration) -> Option<Duration> {
        let run = self.run.as_ref()?;
        if self.solved_and_repeating() {
            return Some(tick);
        }
        let wait = run.next_tick()?;
        Some(wait.saturating_sub(self.since_tick(now)))
    }

    /// Time passes for the open run. True when a loop wants the next puzzle
    /// dealt (and `dealing` says none is being dealt yet).
    pub fn on_tick(&mut self, now: Instant, dealing: bool) -> bool {
        let since = self.since_tick(now);
        let Some(run) = &mut self.run else {
            return false;
        };
        // Ticks only when one is due: a key or a deal may wake the loop early.
        if run.next_tick().is_some_and(|wait| since >= wait) {
            run.tick(since);
            self.ticked = Some(now);
        }
        if self.solved_and_repeating() {
            // Show the solved board a moment, then deal the next.
            return !dealing && since >= LOOP_PAUSE;
        }
        if self
            .run
            .as_ref()
            .is_some_and(|run| run.next_tick().is_none())
        {
            self.ticked = Some(now);
        }
        false
    }
}
