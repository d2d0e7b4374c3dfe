//! The signals that end a game from outside: SIGHUP (the terminal went
//! away, e.g. an SSH connection dropped), SIGTERM (asked to stop) and SIGINT
//! (`kill -INT`; in raw mode Ctrl-C arrives as a key, not a signal), and
//! the stop a suspend asks for ([`stop_as_ctrl_z`]; in raw mode Ctrl-z too
//! is a key).
//!
//! A signal handler may do almost nothing safely, so the handlers only set a
//! flag, and the event loop does the work. How the app uses it:
//!
//! 1. Call [`ShutdownSignals::install`] once, before entering raw mode.
//! 2. Never block on input without a timeout: poll for events with a timeout
//!    of at most [`POLL_INTERVAL`] (the signal may interrupt another
//!    thread, so only the timeout surely brings the loop back), and on each
//!    pass call [`ShutdownSignals::pending`].
//! 3. When it returns `Some(signal)`: save the game, restore the terminal
//!    (ignore write errors: after SIGHUP the terminal is gone), and exit
//!    with [`Shutdown::exit_status`].
//! 4. Treat a failed terminal read like [`Shutdown::Hangup`]: after a
//!    hangup, reads fail with EIO before or instead of the signal.
//!
//! A second signal of the same kinds while the first is being handled ends
//! the process at once, so a stuck save cannot make doku unkillable.
//!
//! 5. Start [`ShutdownSignals::spawn_watchdog`]: crossterm 0.29 spins
//!    forever inside `event::poll` once the terminal hangs up (its read loop
//!    does not stop on end-of-file), so a loop on crossterm's reader never
//!    comes back to step 3. (On Unix the game reads its keys itself and
//!    notices the hang-up; the watchdog stays as the last resort.)
//!    The watchdog notices the signal or the hang-up itself and, if the
//!    process is still running after a grace period, ends it. Since the
//!    game is saved after every change, that loses at most the clock's time
//!    since the last move.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use signal_hook::SigId;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The longest the event loop should wait for input before it checks for
/// signals again: short enough that a hangup saves at once, long enough
/// that an idle game uses no CPU to speak of.
pub const POLL_INTERVAL: Duration = Duration::from_millis(250);

/// Why the process is asked to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shutdown {
    /// SIGHUP: the terminal is gone.
    Hangup,
    /// SIGTERM.
    Terminate,
    /// SIGINT.
    Interrupt,
}

impl Shutdown {
    fn from_signal(signal: usize) -> Option<Shutdown> {
        match i32::try_from(signal).ok()? {
            SIGHUP => Some(Shutdown::Hangup),
            SIGTERM => Some(Shutdown::Terminate),
            SIGINT => Some(Shutdown::Interrupt),
            _ => None,
        }
    }

    pub fn signal_number(self) -> i32 {
        match self {
            Shutdown::Hangup => SIGHUP,
            Shutdown::Terminate => SIGTERM,
            Shutdown::Interrupt => SIGINT,
        }
    }

    /// The shell convention for "ended by signal N": 128 + N.
    pub fn exit_status(self) -> i32 {
        128 + self.signal_number()
    }

    pub fn name(self) -> &'static str {
        match self {
            Shutdown::Hangup => "SIGHUP",
            Shutdown::Terminate => "SIGTERM",
            Shutdown::Interrupt => "SIGINT",
        }
    }
}

/// The installed handlers. Dropping this removes them; signal-hook keeps
/// its own handler in place, so these signals are then ignored, not fatal.
#[derive(Debug)]
pub struct ShutdownSignals {
    last: Arc<AtomicUsize>,
    ids: Vec<SigId>,
}

impl ShutdownSignals {
    /// Installs handlers for SIGHUP, SIGTERM and SIGINT.
    pub fn install() -> io::Result<ShutdownSignals> {
        let last = Arc::new(AtomicUsize::new(0));
        let seen = Arc::new(AtomicBool::new(false));
        let mut ids = Vec::new();
        for signal in [SIGHUP, SIGTERM, SIGINT] {
            // Order matters: the shutdown check runs first, so it only
            // fires when an earlier signal already set `seen`.
            ids.push(signal_hook::flag::register_conditional_shutdown(
                signal,
                128 + signal,
                Arc::clone(&seen),
            )?);
            ids.push(signal_hook::flag::register(signal, Arc::clone(&seen))?);
            ids.push(signal_hook::flag::register_usize(
                signal,
                Arc::clone(&last),
                signal as usize,
            )?);
        }
        Ok(ShutdownSignals { last, ids })
    }

    /// The signal that asked the process to end, if one arrived. Stays set:
    /// asking twice gives the same answer.
    pub fn pending(&self) -> Option<Shutdown> {
        Shutdown::from_signal(self.last.load(Ordering::SeqCst))
    }

    /// Starts a thread that ends the process when the event loop cannot: once
    /// a signal arrived, or standard input's terminal hung up (then it also
    /// raises [`Shutdown::Hangup`] for the loop to see), it waits `grace`
    /// for the loop to save, restore the terminal and exit; if the process
    /// is still here, it calls `before_exit` (restore the terminal) and exits
    /// with the signal's status.
    pub fn spawn_watchdog(&self, grace: Duration, before_exit: fn()) {
        let last = Arc::clone(&self.last);
        let watch = move || loop {
            std::thread::sleep(POLL_INTERVAL);
            if Shutdown::from_signal(last.load(Ordering::SeqCst)).is_none() && terminal_hung_up() {
                last.store(SIGHUP as usize, Ordering::SeqCst);
            }
            if let Some(signal) = Shutdown::from_signal(last.load(Ordering::SeqCst)) {
                // On a hung-up terminal a loop on crossterm's reader
                // cannot save anyway: it spins in crossterm's read, which
                // neither sees the end of the input nor keeps its timeout
                // (the Unix game reads its own keys and is out by then).
                // Each change was saved as it was made, so only a poll's
                // wait is given, not a core burnt for the whole grace.
                let wait = if terminal_hung_up() {
                    POLL_INTERVAL
                } else {
                    grace
                };
                std::thread::sleep(wait);
                // The process ends even if giving the terminal back panics.
                let _ = std::panic::catch_unwind(before_exit);
                std::process::exit(signal.exit_status());
            }
        };
        // Without the thread, the loop's own checks still work.
        let _ = std::thread::Builder::new()
            .name("doku-watchdog".into())
            .spawn(watch);
    }
}

/// Stops the process as Ctrl-z does in a shell (SIGTSTP, whose default
/// action stops it) and returns once it goes on (`fg` sends SIGCONT):
/// `true`, or `false` when it was not stopped at all. The kernel drops
/// SIGTSTP for a process group that no shell with job control looks
/// after (`tmux new-window doku`, `sh -c doku`): stopped there, nothing
/// could bring the game back.
#[cfg(unix)]
pub fn stop_as_ctrl_z() -> io::Result<bool> {
    use signal_hook::consts::{SIGCONT, SIGTSTP};
    let continued = Arc::new(AtomicBool::new(false));
    let id = signal_hook::flag::register(SIGCONT, Arc::clone(&continued))?;
    let raised = signal_hook::low_level::raise(SIGTSTP);
    // SIGCONT's handler may run on another thread, a moment after this
    // one goes on; when no stop came, this is the only wait.
    let since = std::time::Instant::now();
    while !continued.load(Ordering::SeqCst) && since.elapsed() < Duration::from_millis(100) {
        std::thread::sleep(Duration::from_millis(2));
    }
    signal_hook::low_level::unregister(id);
    raised?;
    Ok(continued.load(Ordering::SeqCst))
}

/// Whether standard input is a terminal that has hung up: the kernel then
/// fails terminal ioctls with EIO (not a terminal at all gives ENOTTY).
#[cfg(unix)]
fn terminal_hung_up() -> bool {
    matches!(
        rustix::termios::tcgetattr(std::io::stdin()),
        Err(rustix::io::Errno::IO)
    )
}

#[cfg(not(unix))]
fn terminal_hung_up() -> bool {
    false
}

impl Drop for ShutdownSignals {
    fn drop(&mut self) {
        for id in self.ids.drain(..) {
            signal_hook::low_level::unregister(id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // One test: the handlers are process-wide, and a signal raised while
    // another test has them uninstalled would end the test process.
    #[test]
    fn each_signal_is_seen_and_named() {
        let signals = ShutdownSignals::install().unwrap();
        assert_eq!(signals.pending(), None);
        signal_hook::low_level::raise(SIGHUP).unwrap();
        assert_eq!(signals.pending(), Some(Shutdown::Hangup));
        assert_eq!(signals.pending().map(Shutdown::exit_status), Some(129));
        drop(signals);
        for expected in [Shutdown::Terminate, Shutdown::Interrupt] {
            let signals = ShutdownSignals::install().unwrap();
            signal_hook::low_level::raise(expected.signal_number()).unwrap();
            assert_eq!(signals.pending(), Some(expected), "{}", expected.name());
        }
    }
}
