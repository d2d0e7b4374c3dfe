//! The per-address connection limit: at most N new connections from one
//! address in any minute. The table of addresses is bounded too: addresses
//! with nothing in the window are forgotten.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::time::{Duration, Instant};

pub const WINDOW: Duration = Duration::from_secs(60);

#[derive(Debug)]
pub struct RateLimiter {
    max: usize,
    seen: HashMap<IpAddr, VecDeque<Instant>>,
    last_sweep: Option<Instant>,
}

impl RateLimiter {
    pub fn new(max: usize) -> RateLimiter {
        RateLimiter {
            max,
            seen: HashMap::new(),
            last_sweep: None,
        }
    }

    /// Whether a new connection from `address` at `now` is allowed; an
    /// allowed one is counted.
    pub fn allow(&mut self, address: IpAddr, now: Instant) -> bool {
        self.sweep(now);
        let times = self.seen.entry(address).or_default();
        while times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= WINDOW)
        {
            times.pop_front();
        }
        if times.len() >= self.max {
            return false;
        }
        times.push_back(now);
        true
    }

    fn sweep(&mut self, now: Instant) {
        if self
            .last_sweep
            .is_some_and(|t| now.saturating_duration_since(t) < WINDOW)
        {
            return;
        }
        self.last_sweep = Some(now);
        self.seen.retain(|_, times| {
            times
                .back()
                .is_some_and(|t| now.saturating_duration_since(*t) < WINDOW)
        });
    }

    #[cfg(test)]
    fn addresses(&self) -> usize {
        self.seen.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_n_connections_a_minute_and_others_are_not_affected() {
        let mut limiter = RateLimiter::new(3);
        let a: IpAddr = [127, 0, 0, 1].into();
        let b: IpAddr = [127, 0, 0, 2].into();
        let t = Instant::now();
        let secs = Duration::from_secs;
        assert!([0, 10, 20].iter().all(|&s| limiter.allow(a, t + secs(s))));
        assert!(!limiter.allow(a, t + Duration::from_secs(59)));
        assert!(limiter.allow(b, t + Duration::from_secs(59)));
        // A minute after the first, one more is allowed.
        assert!(limiter.allow(a, t + WINDOW));
        assert!(!limiter.allow(a, t + WINDOW + secs(9)));
        assert!(limiter.allow(a, t + WINDOW + secs(10)));
    }

    #[test]
    fn forgotten_addresses_do_not_pile_up() {
        let mut limiter = RateLimiter::new(1);
        let t = Instant::now();
        for i in 0..1000u32 {
            limiter.allow(IpAddr::from(i.to_be_bytes()), t);
        }
        assert_eq!(limiter.addresses(), 1000);
        limiter.allow([10, 0, 0, 1].into(), t + WINDOW * 2);
        assert_eq!(limiter.addresses(), 1);
    }
}
