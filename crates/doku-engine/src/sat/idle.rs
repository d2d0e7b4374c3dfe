//! Whether the machine has a core idle, for running a proof's second share
//! beside the first (see [`super::Instance::split_question`]). A thread on
//! a core some other process keeps busy only halves both searches: on 2
//! cores at load 4-6, copies of a search raced on such a core took 58 s of
//! wall time where one search took 37 s (session 17).

/// A core's worth of idle time, near enough: the rest of a core is noise
/// (a terminal, a shell) that a second thread barely slows.
pub(super) const IDLE_ENOUGH: f64 = 0.75;

/// The machine's CPU time counters at one moment (Linux's `/proc/stat`,
/// in ticks); empty where there is none to read, so that nothing is
/// ever seen idle there.
#[derive(Clone, Copy, Debug)]
pub(super) struct CpuTimes(Option<Ticks>);

#[derive(Clone, Copy, Debug)]
struct Ticks {
    idle: u64,
    total: u64,
    cpus: usize,
}

impl CpuTimes {
    pub(super) fn now() -> CpuTimes {
        CpuTimes(Ticks::read())
    }

    /// Cores idle on average from this reading to now: 0 when no tick
    /// has passed (too soon to tell) or nothing can be read.
    pub(super) fn idle_cores_until_now(&self) -> f64 {
        match (self.0, Ticks::read()) {
            (Some(before), Some(after)) => after.idle_cores_since(before),
            _ => 0.0,
        }
    }
}

impl Ticks {
    fn read() -> Option<Ticks> {
        let text = std::fs::read_to_string("/proc/stat").ok()?;
        Ticks::parse(&text)
    }

    fn parse(text: &str) -> Option<Ticks> {
        let mut lines = text.lines();
        // user nice system idle iowait irq softirq steal (guests are in user).
        let ticks: Vec<u64> = lines
            .next()?
            .strip_prefix("cpu ")?
            .split_whitespace()
            .take(8)
            .map(|t| t.parse().ok())
            .collect::<Option<_>>()?;
        let idle = ticks.get(3)? + ticks.get(4).copied().unwrap_or(0);
        let cpus = lines.take_while(|l| l.starts_with("cpu")).count();
        Some(Ticks {
            idle,
            total: ticks.iter().sum(),
            cpus,
        })
    }

    fn idle_cores_since(&self, before: Ticks) -> f64 {
        let total = self.total.saturating_sub(before.total);
        if total == 0 {
            return 0.0;
        }
        let idle = self.idle.saturating_sub(before.idle);
        idle as f64 / total as f64 * self.cpus as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stat(user: u64, idle: u64) -> Ticks {
        let text = format!(
            "cpu  {user} 0 0 {idle} 0 0 0 0 0 0\ncpu0 0 0 0 0 0 0 0 0 0 0\n\
             cpu1 0 0 0 0 0 0 0 0 0 0\nintr 1 2 3\n"
        );
        Ticks::parse(&text).expect("a cpu line")
    }

    #[test]
    fn idle_ticks_read_as_cores() {
        let before = stat(1000, 500);
        // 200 ticks passed, 100 of them idle, on 2 cores: one core idle.
        assert_eq!(stat(1100, 600).idle_cores_since(before), 1.0);
        assert_eq!(stat(1200, 500).idle_cores_since(before), 0.0);
        assert_eq!(before.idle_cores_since(before), 0.0);
        assert!(Ticks::parse("intr 1 2 3\n").is_none());
    }
}
