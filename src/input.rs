//! Terminal input as raw bytes (what a local terminal, or an SSH client
//! from its pty, sends) to the events the app reads, as crossterm would
//! make them: keys, mouse clicks, bracketed pastes. Both the local game
//! and `doku serve` read their keys through it: crossterm's own reader
//! loses the key that arrives in the same read after an Esc (it empties
//! its buffer after Esc Esc, so an arrow is dropped or its last byte typed
//! as a letter, a digit on 16x16), which a paste, a fast typist over SSH
//! or tmux's `send-keys Escape Up` all produce.
//!
//! SSH keeps no message boundaries, so an escape sequence can arrive in
//! pieces: a partial one is kept until the rest comes. A lone Esc is told
//! from the start of a sequence by time: when nothing follows it within
//! [`ESC_WAIT`], it is the Esc key (the loop asks [`InputParser::deadline`]
//! and calls [`InputParser::flush_stale`]). crossterm's own parser is not
//! public, hence this one.

use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use std::time::{Duration, Instant};

/// How long a lone Esc waits for the rest of a sequence (a local terminal's
/// whole sequence arrives in one read; over a network, pieces come within
/// a few milliseconds of each other).
pub const ESC_WAIT: Duration = Duration::from_millis(50);

/// The most of one bracketed paste that is kept (a 25x25 puzzle is 625
/// characters); the rest is dropped, so a paste that never ends cannot
/// grow without bound.
pub const MAX_PASTE: usize = 64 * 1024;

/// Longest escape sequence waited for; anything longer is not a key.
const MAX_SEQUENCE: usize = 64;

const PASTE_START: &[u8] = b"\x1b[200~";
const PASTE_END: &[u8] = b"\x1b[201~";

/// Bytes in, events out; keeps what is not complete yet.
#[derive(Debug, Default)]
pub struct InputParser {
    pending: Vec<u8>,
    /// When the oldest pending byte arrived.
    since: Option<Instant>,
    /// Inside a bracketed paste: the text so far.
    paste: Option<Vec<u8>>,
}

/// What the front of the buffer holds.
enum Parsed {
    /// An event, and how many bytes it took.
    Event(Event, usize),
    /// Bytes that mean nothing to the game (a focus report, an unknown
    /// sequence): dropped.
    Skip(usize),
    /// The start of a paste (its marker's length).
    PasteStart(usize),
    /// The start of something that needs more bytes.
    Incomplete,
}

impl InputParser {
    pub fn new() -> InputParser {
        InputParser::default()
    }

    /// Parses `bytes` after what was pending, pushing complete events to `out`.
    pub fn feed(&mut self, bytes: &[u8], now: Instant, out: &mut Vec<Event>) {
        if bytes.is_empty() {
            return;
        }
        if self.pending.is_empty() {
            self.since = Some(now);
        }
        self.pending.extend_from_slice(bytes);
        self.parse(false, out);
        if self.pending.is_empty() {
            self.since = None;
        } else if self.paste.is_none() {
            // What is left waits from now for the rest.
            self.since = Some(now);
        }
    }

    /// When the pending bytes turn into a lone Esc (or are dropped), if no
    /// more come: `None` when nothing waits.
    pub fn deadline(&self) -> Option<Instant> {
        if self.paste.is_some() {
            return None;
        }
        self.since.map(|t| t + ESC_WAIT)
    }

    /// Resolves a pending partial sequence that waited [`ESC_WAIT`]: its
    /// Esc is the Esc key, and what follows is read as plain keys.
    pub fn flush_stale(&mut self, now: Instant, out: &mut Vec<Event>) {
        if self.deadline().is_some_and(|d| now >= d) {
            self.parse(true, out);
            self.since = (!self.pending.is_empty()).then_some(now);
        }
    }

    fn parse(&mut self, stale: bool, out: &mut Vec<Event>) {
        let mut at = 0;
        loop {
            if let Some(text) = &mut self.paste {
                let rest = &self.pending[at..];
                match find(rest, PASTE_END) {
                    Some(end) => {
                        keep_bounded(text, &rest[..end]);
                        let text = self.paste.take().unwrap_or_default();
                        out.push(Event::Paste(String::from_utf8_lossy(&text).into_owned()));
                        at += end + PASTE_END.len();
                        continue;
                    }
                    None => {
                        // Keep what may be the start of the end marker.
                        let keep = partial_suffix(rest, PASTE_END);
                        keep_bounded(text, &rest[..rest.len() - keep]);
                        at = self.pending.len() - keep;
                        break;
                    }
                }
            }
            let rest = &self.pending[at..];
            if rest.is_empty() {
                break;
            }
            match parse_one(rest) {
                Parsed::Event(event, used) => {
                    out.push(event);
                    at += used;
                }
                Parsed::Skip(used) => at += used,
                Parsed::PasteStart(used) => {
                    self.paste = Some(Vec::new());
                    at += used;
                }
                Parsed::Incomplete if stale => {
                    // Waited long enough: an Esc was a key of its own (and
                    // what followed it plain keys); a cut character is dropped.
                    if rest[0] == 0x1b {
                        out.push(key(KeyCode::Esc, KeyModifiers::NONE));
                    }
                    at += 1;
                }
                Parsed::Incomplete => break,
            }
        }
        self.pending.drain(..at);
    }
}

fn keep_bounded(text: &mut Vec<u8>, more: &[u8]) {
    let room = MAX_PASTE.saturating_sub(text.len());
    text.extend_from_slice(&more[..more.len().min(room)]);
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// How many bytes at the end of `bytes` are a proper prefix of `marker`.
fn partial_suffix(bytes: &[u8], marker: &[u8]) -> usize {
    (1..marker.len())
        .rev()
        .find(|&n| n <= bytes.len() && bytes.ends_with(&marker[..n]))
        .unwrap_or(0)
}

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

/// A character as crossterm reports it: capitals come with Shift.
fn char_key(c: char, modifiers: KeyModifiers) -> Event {
    let shift = if c.is_uppercase() {
        KeyModifiers::SHIFT
    } else {
        KeyModifiers::NONE
    };
    key(KeyCode::Char(c), modifiers | shift)
}

fn parse_one(bytes: &[u8]) -> Parsed {
    match bytes[0] {
        0x1b => parse_escape(bytes),
        b'\r' | b'\n' => Parsed::Event(key(KeyCode::Enter, KeyModifiers::NONE), 1),
        b'\t' => Parsed::Event(key(KeyCode::Tab, KeyModifiers::NONE), 1),
        0x7f | 0x08 => Parsed::Event(key(KeyCode::Backspace, KeyModifiers::NONE), 1),
        0x00 => Parsed::Event(key(KeyCode::Char(' '), KeyModifiers::CONTROL), 1),
        c @ 0x01..=0x1a => Parsed::Event(
            key(KeyCode::Char((b'a' + c - 1) as char), KeyModifiers::CONTROL),
            1,
        ),
        c @ 0x1c..=0x1f => Parsed::Event(
            key(
                KeyCode::Char((b'4' + c - 0x1c) as char),
                KeyModifiers::CONTROL,
            ),
            1,
        ),
        _ => match parse_char(bytes) {
            Some(Ok((c, used))) => Parsed::Event(char_key(c, KeyModifiers::NONE), used),
            Some(Err(used)) => Parsed::Skip(used),
            None => Parsed::Incomplete,
        },
    }
}

/// One UTF-8 character: `Some(Ok((char, length)))`, `Some(Err(n))` for `n`
/// bytes that are not UTF-8, `None` when the character is cut short.
fn parse_char(bytes: &[u8]) -> Option<Result<(char, usize), usize>> {
    let len = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return Some(Err(1)),
    };
    if bytes.len() < len {
        // Cut short, unless what is there is already wrong.
        let continuation = bytes[1..].iter().all(|b| b & 0xc0 == 0x80);
        return if continuation { None } else { Some(Err(1)) };
    }
    match std::str::from_utf8(&bytes[..len]) {
        Ok(s) => s.chars().next().map(|c| Ok((c, len))),
        Err(_) => Some(Err(1)),
    }
}

fn parse_escape(bytes: &[u8]) -> Parsed {
    let Some(&second) = bytes.get(1) else {
        return Parsed::Incomplete;
    };
    match second {
        b'[' => parse_csi(bytes),
        b'O' => match bytes.get(2) {
            None => Parsed::Incomplete,
            Some(&c) => match ss3_key(c) {
                Some(code) => Parsed::Event(key(code, KeyModifiers::NONE), 3),
                None => Parsed::Skip(3),
            },
        },
        // Esc pressed twice: the first is a key of its own.
        0x1b => Parsed::Event(key(KeyCode::Esc, KeyModifiers::NONE), 1),
        // Alt with a key: Esc then the key.
        _ => match parse_one(&bytes[1..]) {
            Parsed::Event(Event::Key(inner), used) => Parsed::Event(
                key(inner.code, inner.modifiers | KeyModifiers::ALT),
                used + 1,
            ),
            Parsed::Event(_, used) | Parsed::Skip(used) | Parsed::PasteStart(used) => {
                Parsed::Skip(used + 1)
            }
            Parsed::Incomplete => Parsed::Incomplete,
        },
    }
}

fn ss3_key(c: u8) -> Option<KeyCode> {
    Some(match c {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        b'R' => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        _ => return None,
    })
}

/// `CSI` sequences: `ESC [`, parameters (0x30-0x3f), intermediates
/// (0x20-0x2f), one final byte (0x40-0x7e).
fn parse_csi(bytes: &[u8]) -> Parsed {
    // X10 mouse: ESC [ M and three bytes.
    if bytes.get(2) == Some(&b'M') {
        return match bytes.get(3..6) {
            Some(&[b, x, y]) => match x10_mouse(b, x, y) {
                Some(event) => Parsed::Event(event, 6),
                None => Parsed::Skip(6),
            },
            _ => Parsed::Incomplete,
        };
    }
    let body = &bytes[2..];
    let Some(end) = body.iter().position(|b| !(0x20..=0x3f).contains(b)) else {
        return if bytes.len() >= MAX_SEQUENCE {
            Parsed::Skip(bytes.len())
        } else {
            Parsed::Incomplete
        };
    };
    let final_byte = body[end];
    let used = 2 + end + 1;
    if !(0x40..=0x7e).contains(&final_byte) {
        // Not a sequence after all: drop the introducer, read the rest.
        return Parsed::Skip(2 + end);
    }
    let params = &body[..end];
    if bytes[..used] == *PASTE_START {
        return Parsed::PasteStart(used);
    }
    let event = match (params.first(), final_byte) {
        (Some(b'<'), b'M' | b'm') => sgr_mouse(&params[1..], final_byte == b'm'),
        _ => csi_key(params, final_byte),
    };
    match event {
        Some(event) => Parsed::Event(event, used),
        None => Parsed::Skip(used),
    }
}

fn numbers(params: &[u8]) -> Vec<u16> {
    params
        .split(|&b| b == b';')
        .map(|p| {
            std::str::from_utf8(p)
                .ok()
                .and_then(|s| s.parse().ok())
                .unwrap_or(0)
        })
        .collect()
}

/// The xterm modifier parameter: 1 + (1 shift, 2 alt, 4 ctrl).
fn modifiers(param: Option<u16>) -> KeyModifiers {
    modifier_bits(param.unwrap_or(1).saturating_sub(1))
}

/// Modifiers as xterm counts them: 1 shift, 2 alt, 4 ctrl.
fn modifier_bits(bits: u16) -> KeyModifiers {
    let mut modifiers = KeyModifiers::NONE;
    if bits & 1 != 0 {
        modifiers |= KeyModifiers::SHIFT;
    }
    if bits & 2 != 0 {
        modifiers |= KeyModifiers::ALT;
    }
    if bits & 4 != 0 {
        modifiers |= KeyModifiers::CONTROL;
    }
    modifiers
}

fn csi_key(params: &[u8], final_byte: u8) -> Option<Event> {
    let n = numbers(params);
    let mods = modifiers(n.get(1).copied());
    let code = match final_byte {
        b'Z' => return Some(key(KeyCode::BackTab, KeyModifiers::SHIFT)),
        b'I' => return Some(Event::FocusGained),
        b'O' => return Some(Event::FocusLost),
        b'~' => match n.first().copied().unwrap_or(0) {
            1 | 7 => KeyCode::Home,
            2 => KeyCode::Insert,
            3 => KeyCode::Delete,
            4 | 8 => KeyCode::End,
            5 => KeyCode::PageUp,
            6 => KeyCode::PageDown,
            k @ 11..=15 => KeyCode::F((k - 10) as u8),
            k @ 17..=21 => KeyCode::F((k - 11) as u8),
            k @ 23..=24 => KeyCode::F((k - 12) as u8),
            _ => return None,
        },
        // Arrows, Home, End and F1-F4 end in the letters SS3 uses.
        other => ss3_key(other)?,
    };
    Some(key(code, mods))
}

/// A mouse report's modifiers: xterm's bits, two places up (4 shift, 8
/// alt, 16 ctrl).
fn mouse_modifiers(b: u16) -> KeyModifiers {
    modifier_bits(b >> 2)
}

/// A mouse report's button code to an event kind (`release`: SGR's `m`).
fn mouse_kind(b: u16, release: bool) -> Option<MouseEventKind> {
    let button = match b & 3 {
        0 => MouseButton::Left,
        1 => MouseButton::Middle,
        2 => MouseButton::Right,
        _ => MouseButton::Left,
    };
    Some(if b & 64 != 0 {
        match b & 3 {
            0 => MouseEventKind::ScrollUp,
            1 => MouseEventKind::ScrollDown,
            2 => MouseEventKind::ScrollLeft,
            _ => MouseEventKind::ScrollRight,
        }
    } else if b & 32 != 0 {
        if b & 3 == 3 {
            MouseEventKind::Moved
        } else {
            MouseEventKind::Drag(button)
        }
    } else if release || b & 3 == 3 {
        MouseEventKind::Up(button)
    } else {
        MouseEventKind::Down(button)
    })
}

fn mouse(kind: MouseEventKind, column: u16, row: u16, b: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: mouse_modifiers(b),
    })
}

fn sgr_mouse(params: &[u8], release: bool) -> Option<Event> {
    let n = numbers(params);
    let (&b, &x, &y) = (n.first()?, n.get(1)?, n.get(2)?);
    let kind = mouse_kind(b, release)?;
    Some(mouse(kind, x.saturating_sub(1), y.saturating_sub(1), b))
}

fn x10_mouse(b: u8, x: u8, y: u8) -> Option<Event> {
    let b = u16::from(b.checked_sub(32)?);
    let kind = mouse_kind(b, false)?;
    let column = u16::from(x.checked_sub(33)?);
    let row = u16::from(y.checked_sub(33)?);
    Some(mouse(kind, column, row, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_all(chunks: &[&[u8]]) -> Vec<Event> {
        let mut parser = InputParser::new();
        let mut out = Vec::new();
        let t = Instant::now();
        for chunk in chunks {
            parser.feed(chunk, t, &mut out);
        }
        out
    }

    fn k(code: KeyCode) -> Event {
        key(code, KeyModifiers::NONE)
    }

    #[test]
    fn plain_keys_and_control_keys() {
        assert_eq!(
            parse_all(&[b"a5\r\x7f\tQ \x03"]),
            vec![
                k(KeyCode::Char('a')),
                k(KeyCode::Char('5')),
                k(KeyCode::Enter),
                k(KeyCode::Backspace),
                k(KeyCode::Tab),
                key(KeyCode::Char('Q'), KeyModifiers::SHIFT),
                k(KeyCode::Char(' ')),
                key(KeyCode::Char('c'), KeyModifiers::CONTROL),
            ]
        );
        assert_eq!(
            parse_all(&[b"\x12"]),
            vec![key(KeyCode::Char('r'), KeyModifiers::CONTROL)]
        );
    }

    #[test]
    fn arrows_function_keys_and_modifiers() {
        assert_eq!(
            parse_all(&[b"\x1b[A\x1bOB\x1b[1;5C\x1b[3~\x1b[5~\x1b[15~\x1bOP\x1b[Z"]),
            vec![
                k(KeyCode::Up),
                k(KeyCode::Down),
                key(KeyCode::Right, KeyModifiers::CONTROL),
                k(KeyCode::Delete),
                k(KeyCode::PageUp),
                k(KeyCode::F(5)),
                k(KeyCode::F(1)),
                key(KeyCode::BackTab, KeyModifiers::SHIFT),
            ]
        );
    }

    #[test]
    fn a_sequence_split_at_every_byte_is_one_key() {
        for whole in [
            &b"\x1b[1;5D"[..],
            b"\x1b[<0;12;7M",
            b"\x1b[200~puzzle\x1b[201~",
            "é".as_bytes(),
            b"\x1b[M !!",
        ] {
            let pieces: Vec<&[u8]> = whole.chunks(1).collect();
            let split = parse_all(&pieces);
            assert_eq!(split, parse_all(&[whole]), "{whole:?}");
            assert_eq!(split.len(), 1, "{whole:?}: {split:?}");
        }
    }

    #[test]
    fn a_lone_esc_is_a_key_after_a_short_wait_and_not_before() {
        let mut parser = InputParser::new();
        let mut out = Vec::new();
        let t = Instant::now();
        parser.feed(b"\x1b", t, &mut out);
        assert!(out.is_empty(), "it may be the start of an arrow");
        parser.flush_stale(t + ESC_WAIT / 2, &mut out);
        assert!(out.is_empty());
        assert_eq!(parser.deadline(), Some(t + ESC_WAIT));
        parser.flush_stale(t + ESC_WAIT, &mut out);
        assert_eq!(out, vec![k(KeyCode::Esc)]);
        assert_eq!(parser.deadline(), None);
        // The rest of an arrow in time makes it an arrow.
        out.clear();
        parser.feed(b"\x1b[", t, &mut out);
        parser.feed(b"A", t + ESC_WAIT / 2, &mut out);
        assert_eq!(out, vec![k(KeyCode::Up)]);
    }

    #[test]
    fn esc_then_a_letter_is_alt_and_two_escs_are_two_keys() {
        assert_eq!(
            parse_all(&[b"\x1bx"]),
            vec![key(KeyCode::Char('x'), KeyModifiers::ALT)]
        );
        let mut parser = InputParser::new();
        let mut out = Vec::new();
        let t = Instant::now();
        parser.feed(b"\x1b\x1b", t, &mut out);
        parser.flush_stale(t + ESC_WAIT, &mut out);
        assert_eq!(out, vec![k(KeyCode::Esc), k(KeyCode::Esc)]);
    }

    #[test]
    fn esc_and_an_arrow_in_one_read_are_both_keys() {
        // What tmux's `send-keys Escape Up` writes, or a paste: no wait
        // between the two, so only the bytes tell them apart.
        assert_eq!(
            parse_all(&[b"\x1b\x1b[A"]),
            vec![k(KeyCode::Esc), k(KeyCode::Up)]
        );
        assert_eq!(
            parse_all(&[b"\x1b\x1b[B\x1b\x1bOC"]),
            vec![
                k(KeyCode::Esc),
                k(KeyCode::Down),
                k(KeyCode::Esc),
                k(KeyCode::Right)
            ]
        );
    }

    #[test]
    fn mouse_clicks_in_both_encodings_are_zero_based() {
        let click = |column, row| {
            Event::Mouse(MouseEvent {
                kind: MouseEventKind::Down(MouseButton::Left),
                column,
                row,
                modifiers: KeyModifiers::NONE,
            })
        };
        assert_eq!(parse_all(&[b"\x1b[<0;12;7M"]), vec![click(11, 6)]);
        assert_eq!(parse_all(&[b"\x1b[M !!"]), vec![click(0, 0)]);
        let up = parse_all(&[b"\x1b[<0;12;7m"]);
        assert!(matches!(
            up[..],
            [Event::Mouse(MouseEvent {
                kind: MouseEventKind::Up(MouseButton::Left),
                ..
            })]
        ));
    }

    #[test]
    fn a_paste_is_one_event_and_an_endless_one_is_bounded() {
        assert_eq!(
            parse_all(&[b"1\x1b[200~5.3\r\x1b[2", b"01~2"]),
            vec![
                k(KeyCode::Char('1')),
                Event::Paste("5.3\r".into()),
                k(KeyCode::Char('2'))
            ]
        );
        let mut parser = InputParser::new();
        let mut out = Vec::new();
        let t = Instant::now();
        parser.feed(PASTE_START, t, &mut out);
        let block = vec![b'7'; 4096];
        for _ in 0..100 {
            parser.feed(&block, t, &mut out);
        }
        assert!(parser.pending.len() < 16, "{}", parser.pending.len());
        parser.feed(PASTE_END, t, &mut out);
        match &out[..] {
            [Event::Paste(text)] => assert_eq!(text.len(), MAX_PASTE),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn garbage_never_panics_and_never_piles_up() {
        let mut parser = InputParser::new();
        let mut out = Vec::new();
        let t = Instant::now();
        let mut state = 0x1234_5678u32;
        for round in 0..2000 {
            let len = (round % 37) + 1;
            let bytes: Vec<u8> = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 17;
                    state ^= state << 5;
                    // Mostly the bytes of sequences, to reach deep states.
                    b"\x1b[<;0123456789~MOm\xc3\xa9\xff"[state as usize % 18]
                })
                .collect();
            parser.feed(&bytes, t, &mut out);
            parser.flush_stale(t + ESC_WAIT, &mut out);
            assert!(parser.pending.len() <= MAX_SEQUENCE + 8);
        }
        // Bytes that are not UTF-8 are dropped, not turned into keys.
        assert_eq!(parse_all(&[b"\xff\xfea"]), vec![k(KeyCode::Char('a'))]);
    }
}
