//! The local terminal's keys, read by doku itself: the bytes of the
//! terminal, parsed by [`InputParser`] (as `doku serve` parses a client's),
//! and the window's new size on SIGWINCH. crossterm's own reader drops the
//! key that comes in the same read after an Esc (see `crate::input`).
//!
//! It blocks in `poll` on the terminal and on a pipe that SIGWINCH's
//! handler writes to, so an idle game wakes only for a key, a resize or
//! its own timeout. A hung-up terminal (the read fails with EIO or finds
//! the end) is remembered, not reported as an error: the loop then ends
//! the game as it does on SIGHUP.

use crate::input::InputParser;
use ratatui::crossterm::event::Event;
use rustix::event::{PollFd, PollFlags, Timespec};
use signal_hook::consts::SIGWINCH;
use signal_hook::SigId;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, IsTerminal, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

/// Where the keys come from: standard input when it is the terminal, else
/// the terminal itself (`doku play -` reads its puzzle from a pipe), as
/// crossterm does.
enum Tty {
    Stdin(io::Stdin),
    Device(File),
}

impl AsFd for Tty {
    fn as_fd(&self) -> BorrowedFd<'_> {
        match self {
            Tty::Stdin(stdin) => stdin.as_fd(),
            Tty::Device(file) => file.as_fd(),
        }
    }
}

pub struct TerminalInput {
    tty: Tty,
    /// Readable after a SIGWINCH (its handler writes a byte).
    resized: UnixStream,
    resize_signal: SigId,
    parser: InputParser,
    queue: VecDeque<Event>,
    /// The size last reported, so a signal that changed nothing is no event.
    size: Option<(u16, u16)>,
    hung_up: bool,
}

impl TerminalInput {
    pub fn open() -> io::Result<TerminalInput> {
        let tty = if io::stdin().is_terminal() {
            Tty::Stdin(io::stdin())
        } else {
            Tty::Device(File::options().read(true).write(true).open("/dev/tty")?)
        };
        let (resized, wake) = UnixStream::pair()?;
        resized.set_nonblocking(true)?;
        let resize_signal = signal_hook::low_level::pipe::register(SIGWINCH, wake)?;
        Ok(TerminalInput {
            tty,
            resized,
            resize_signal,
            parser: InputParser::new(),
            queue: VecDeque::new(),
            size: ratatui::crossterm::terminal::size().ok(),
            hung_up: false,
        })
    }

    /// Whether the terminal has gone (a read found its end or failed with EIO).
    pub fn hung_up(&self) -> bool {
        self.hung_up
    }

    /// The next event, waiting at most `timeout` (an Esc with nothing after
    /// it becomes the Esc key once [`crate::input::ESC_WAIT`] has passed).
    pub fn next_event(&mut self, timeout: Duration) -> io::Result<Option<Event>> {
        let until = Instant::now() + timeout;
        loop {
            let now = Instant::now();
            if let Some(event) = self.ready(now) {
                return Ok(Some(event));
            }
            if self.hung_up {
                return Ok(None);
            }
            let wake = self.parser.deadline().map_or(until, |d| d.min(until));
            let (keys, resized) = self.wait(wake.saturating_duration_since(now))?;
            if resized {
                self.drain_wakeups();
                self.check_size();
            }
            if keys {
                self.read_keys(Instant::now())?;
            }
            if !keys && !resized && Instant::now() >= until {
                return Ok(self.ready(Instant::now()));
            }
        }
    }

    /// Reports the window's size if it changed (after the game was
    /// suspended, say, when a signal may have been missed).
    pub fn check_size(&mut self) {
        let size = ratatui::crossterm::terminal::size().ok();
        if size == self.size {
            return;
        }
        self.size = size;
        if let Some((width, height)) = size {
            self.queue.push_back(Event::Resize(width, height));
        }
    }

    /// An event that needs no waiting: one parsed, or an Esc that waited
    /// long enough.
    fn ready(&mut self, now: Instant) -> Option<Event> {
        if self.queue.is_empty() {
            let mut events = Vec::new();
            self.parser.flush_stale(now, &mut events);
            self.queue.extend(events);
        }
        self.queue.pop_front()
    }

    /// Blocks until a key's bytes or a resize come, or `wait` passes:
    /// which of the two came.
    fn wait(&self, wait: Duration) -> io::Result<(bool, bool)> {
        let mut fds = [
            PollFd::new(&self.tty, PollFlags::IN),
            PollFd::new(&self.resized, PollFlags::IN),
        ];
        let timeout = Timespec::try_from(wait).unwrap_or(Timespec {
            tv_sec: 1,
            tv_nsec: 0,
        });
        match rustix::event::poll(&mut fds, Some(&timeout)) {
            Ok(_) => {}
            // Another signal: the caller looks again.
            Err(rustix::io::Errno::INTR) => return Ok((false, false)),
            Err(err) => return Err(err.into()),
        }
        // A hang-up shows as readable too: the read then says so.
        let woke = |fd: &PollFd<'_>| {
            fd.revents()
                .intersects(PollFlags::IN | PollFlags::HUP | PollFlags::ERR)
        };
        Ok((woke(&fds[0]), woke(&fds[1])))
    }

    fn read_keys(&mut self, now: Instant) -> io::Result<()> {
        let mut buffer = [0u8; 1024];
        match rustix::io::read(&self.tty, &mut buffer) {
            Ok(0) | Err(rustix::io::Errno::IO) => self.hung_up = true,
            Ok(n) => {
                let mut events = Vec::new();
                self.parser.feed(&buffer[..n], now, &mut events);
                self.queue.extend(events);
            }
            Err(rustix::io::Errno::INTR | rustix::io::Errno::AGAIN) => {}
            Err(err) => return Err(err.into()),
        }
        Ok(())
    }

    fn drain_wakeups(&mut self) {
        let mut sink = [0u8; 64];
        while matches!(self.resized.read(&mut sink), Ok(n) if n > 0) {}
    }
}

impl Drop for TerminalInput {
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.resize_signal);
    }
}
