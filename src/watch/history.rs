//! What a run measured over time: its steps per second, and the depth (or
//! conflict) samples the sparkline draws.

use std::time::Duration;

/// How many depth (or conflict) samples the sparkline keeps. The history
/// fills from the left and, when full, halves (each pair of samples becomes
/// its larger one) and samples half as often: the drawn line only grows at
/// its right end, so a frame redraws one column of it, not all.
pub const HISTORY_LEN: usize = 32;

/// The sparkline's samples, one per frame until full, then coarser.
#[derive(Clone, Debug)]
pub(super) struct History {
    samples: Vec<u64>,
    /// Frames per sample, and the largest value of the frames since the
    /// last sample (with how many there were).
    stride: u32,
    pending: (u64, u32),
}

impl History {
    pub(super) fn new() -> History {
        History {
            samples: Vec::with_capacity(HISTORY_LEN),
            stride: 1,
            pending: (0, 0),
        }
    }

    pub(super) fn clear(&mut self) {
        self.samples.clear();
        self.stride = 1;
        self.pending = (0, 0);
    }

    /// One frame's value.
    pub(super) fn record(&mut self, sample: u64) {
        let (largest, frames) = self.pending;
        let (largest, frames) = (largest.max(sample), frames + 1);
        if frames < self.stride {
            self.pending = (largest, frames);
            return;
        }
        self.pending = (0, 0);
        if self.samples.len() == HISTORY_LEN {
            let halved: Vec<u64> = self
                .samples
                .chunks(2)
                .map(|p| p[0].max(p[p.len() - 1]))
                .collect();
            self.samples = halved;
            self.stride *= 2;
        }
        self.samples.push(largest);
    }

    pub(super) fn samples(&self) -> &[u64] {
        &self.samples
    }
}

/// Running time (pauses not counted) and steps per second over the last
/// half second or so.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Rate {
    pub(super) elapsed: Duration,
    per_second: f64,
    /// When the current window began, and the steps then.
    window: (Duration, u64),
}

impl Rate {
    /// `since_last_tick` more running time, `steps` taken in all.
    pub(super) fn record(&mut self, since_last_tick: Duration, steps: u64) {
        self.elapsed += since_last_tick;
        let (since, steps_then) = self.window;
        let window = self.elapsed.saturating_sub(since);
        if window >= Duration::from_millis(500) {
            self.per_second = (steps - steps_then) as f64 / window.as_secs_f64();
            self.window = (self.elapsed, steps);
        }
    }

    pub(super) fn per_second(&self) -> f64 {
        self.per_second
    }
}
