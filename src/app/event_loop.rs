//! The game loop, apart from any one terminal: the app fed events from an
//! [`EventSource`] and drawn into any ratatui backend. The local terminal
//! (`tui`) is one source, crossterm over standard output; an SSH session
//! (`crate::serve`) is another, bytes from a channel parsed into the same
//! events and frames written back into the channel.

use super::App;
use crate::signals::POLL_INTERVAL;
use crate::ui::output::RawOutput;
use ratatui::backend::Backend;
use ratatui::crossterm::event::Event;
use ratatui::Terminal;
use std::io;
use std::time::{Duration, Instant};

/// Where the loop's events come from, and what may end it from outside.
pub trait EventSource {
    /// Why the loop was ended from outside (a signal, a closed connection).
    type Stop;

    /// The next event, waiting at most `timeout`; `Ok(None)` when none came.
    fn next_event(&mut self, timeout: Duration) -> io::Result<Option<Event>>;

    /// Whether the loop must end now, and why.
    fn stop(&mut self, now: Instant) -> Option<Self::Stop>;

    /// Whether a frame may be sent now: a client that reads slowly gets
    /// fewer frames (each one the difference from the last one sent, so
    /// frames skipped are merged, never queued).
    fn may_draw(&mut self) -> bool {
        true
    }

    /// Whether there is a shell to suspend to: not in an SSH session.
    fn can_suspend(&self) -> bool {
        false
    }

    /// Hands the terminal back to the shell and stops the process, as
    /// Ctrl-z does in any terminal program; returns once the shell brings
    /// it back (`fg`), the terminal taken over again. `Ok(false)` when the
    /// process was not stopped (its shell has no job control).
    fn suspend(&mut self) -> io::Result<bool> {
        Ok(false)
    }
}

/// One frame: only the cells that changed are sent.
pub fn draw<B: Backend<Error = io::Error>>(
    terminal: &mut Terminal<B>,
    app: &App,
) -> io::Result<()> {
    terminal.autoresize()?;
    let mut frame = terminal.get_frame();
    let area = frame.area();
    frame.render_widget(app, area);
    terminal.flush()?;
    terminal.swap_buffers();
    terminal.backend_mut().flush()
}

/// Runs the app until the player quits (`Ok(None)`) or the source says
/// the loop must end (`Ok(Some(why))`). It blocks on input whenever nothing
/// on screen moves, and ticks while something does.
pub fn run<B, S>(
    app: &mut App,
    terminal: &mut Terminal<B>,
    source: &mut S,
) -> io::Result<Option<S::Stop>>
where
    B: Backend<Error = io::Error> + RawOutput,
    S: EventSource,
{
    let size = terminal.size()?;
    app.set_terminal_size(size.width, size.height);
    // A game started in a terminal too small for it waits for it to grow.
    app.hold_clock_while_hidden(Instant::now());
    let mut redraw = true;
    loop {
        if let Some(stop) = source.stop(Instant::now()) {
            return Ok(Some(stop));
        }
        // What a key asked of the terminal itself (the clipboard), down
        // the frames' own path: over SSH it reaches the client's terminal.
        let requests = app.take_terminal_requests();
        if !requests.is_empty() {
            terminal.backend_mut().send_raw(&requests)?;
        }
        if redraw && source.may_draw() {
            draw(terminal, app)?;
            redraw = false;
        }
        if app.quit {
            return Ok(None);
        }
        let now = Instant::now();
        // Never block for long: a signal (or a server shutting down) is
        // only seen between waits.
        let wakeup = app.next_wakeup(now);
        let wait = wakeup.map_or(POLL_INTERVAL, |w| w.min(POLL_INTERVAL));
        let got = source.next_event(wait)?;
        // A wait that only ran out its cap changed nothing on screen: an
        // idle game sends the clock's new characters once a second, no more.
        redraw |= got.is_some() || wakeup.is_some_and(|w| w <= POLL_INTERVAL);
        if let Some(event) = got {
            app.handle_event(event, Instant::now());
        }
        // Drain what else is waiting before drawing, so a burst of keys
        // (or a held arrow) costs one frame, not one per key.
        while !app.quit {
            match source.next_event(Duration::ZERO)? {
                Some(event) => app.handle_event(event, Instant::now()),
                None => break,
            }
        }
        if app.take_suspend_request() {
            suspend(app, terminal, source)?;
            redraw = true;
        }
        app.on_tick(Instant::now());
    }
}

/// Ctrl-z: the game saved and its clock stopped, the terminal handed to
/// the shell until `fg`, then everything drawn again (the shell wrote
/// over the screen, and the terminal may have changed size).
fn suspend<B, S>(app: &mut App, terminal: &mut Terminal<B>, source: &mut S) -> io::Result<()>
where
    B: Backend<Error = io::Error>,
    S: EventSource,
{
    if !source.can_suspend() {
        app.suspend_refused();
        return Ok(());
    }
    app.suspending(Instant::now());
    terminal.show_cursor()?;
    let stopped = source.suspend()?;
    terminal.hide_cursor()?;
    terminal.clear()?;
    let size = terminal.size()?;
    app.set_terminal_size(size.width, size.height);
    app.resumed(stopped, Instant::now());
    Ok(())
}
