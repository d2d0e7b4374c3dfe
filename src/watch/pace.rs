//! How fast a run goes: the speed stops, the frame cap, turning wall time
//! into steps owed, and the run's pause and finish controls.

use std::time::Duration;

/// Speed stops for `+`/`-`, in steps per second; the last is "as fast as possible".
pub const SPEEDS: [f64; 13] = [
    1.0,
    2.0,
    5.0,
    10.0,
    20.0,
    50.0,
    100.0,
    250.0,
    500.0,
    1_000.0,
    2_500.0,
    10_000.0,
    f64::INFINITY,
];

/// The frame rate is capped here; faster speeds run several steps per frame.
pub const MAX_FPS: f64 = 30.0;

/// At full speed, the share of each frame spent stepping (the rest draws).
const FULL_SPEED_BUDGET: f64 = 0.6;

/// How long to wait between ticks at this speed: one step per tick up to
/// [`MAX_FPS`] steps per second, then a frame every 1/[`MAX_FPS`] s.
pub fn tick_interval(speed: f64) -> Duration {
    let rate = if speed.is_finite() && speed > 0.0 {
        speed.min(MAX_FPS)
    } else {
        MAX_FPS
    };
    Duration::from_secs_f64(1.0 / rate)
}

/// What a tick should do.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Due {
    /// Run this many steps.
    Steps(u64),
    /// Run steps for this long (full speed).
    For(Duration),
}

/// Turns elapsed time into steps owed at a speed, carrying fractions from
/// tick to tick but never a backlog: after a stall the run resumes at its
/// speed instead of racing to catch up.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pacer {
    owed: f64,
}

impl Pacer {
    pub fn due(&mut self, speed: f64, since_last_tick: Duration) -> Due {
        if !speed.is_finite() {
            self.owed = 0.0;
            return Due::For(Duration::from_secs_f64(FULL_SPEED_BUDGET / MAX_FPS));
        }
        // At most two frames' worth (and at least one step) may be owed.
        let cap = (speed * 2.0 / MAX_FPS).max(1.0);
        self.owed = (self.owed + speed * since_last_tick.as_secs_f64()).min(cap);
        let steps = self.owed.floor();
        self.owed -= steps;
        Due::Steps(steps as u64)
    }

    pub fn reset(&mut self) {
        self.owed = 0.0;
    }
}

/// A run's speed, and whether it is paused or finishing at full speed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pace {
    /// Steps per second; infinity for as fast as possible.
    speed: f64,
    paused: bool,
    finishing: bool,
    pacer: Pacer,
}

impl Pace {
    pub(super) fn new(speed: f64) -> Pace {
        Pace {
            speed,
            paused: false,
            finishing: false,
            pacer: Pacer::default(),
        }
    }

    /// A fresh run keeps the speed and the pause, not the finish.
    pub(super) fn restart(&mut self) {
        self.finishing = false;
        self.pacer.reset();
    }

    pub(super) fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.finishing = false;
        self.pacer.reset();
    }
    pub(super) fn is_paused(&self) -> bool {
        self.paused
    }
    /// The next faster speed stop.
    pub(super) fn faster(&mut self) {
        if let Some(&s) = SPEEDS.iter().find(|&&s| s > self.speed) {
            self.speed = s;
        }
        self.pacer.reset();
    }
    /// The next slower speed stop.
    pub(super) fn slower(&mut self) {
        if let Some(&s) = SPEEDS.iter().rev().find(|&&s| s < self.speed) {
            self.speed = s;
        }
        self.pacer.reset();
    }
    /// The speed in force: full speed while finishing.
    pub(super) fn speed(&self) -> f64 {
        if self.finishing {
            f64::INFINITY
        } else {
            self.speed
        }
    }
    pub(super) fn set_speed(&mut self, speed: f64) {
        self.speed = speed;
        self.pacer.reset();
    }
    /// Runs to the end at full speed (frame by frame, so the screen stays live).
    pub(super) fn finish(&mut self) {
        self.finishing = true;
        self.paused = false;
    }
    pub(super) fn is_finishing(&self) -> bool {
        self.finishing
    }
    /// What the time since the last tick owes.
    pub(super) fn due(&mut self, since_last_tick: Duration) -> Due {
        let speed = self.speed();
        self.pacer.due(speed, since_last_tick)
    }
}
