//! What goes to the terminal: crossterm writes every colour, the 16 ANSI
//! ones too, as `38;5;N` (256-colour codes), which a 16-colour terminal
//! (`TERM=xterm`, `screen`, `linux`) may not understand. On such a terminal
//! the output is rewritten to the classic codes (30-37, 90-97 and their
//! backgrounds) before it is sent.
//!
//! Every frame is also made shorter on the way out, with the same effect on
//! the screen: crossterm moves the cursor with a full `ESC[row;colH` before
//! each run of changed cells, and writes each colour and attribute change as
//! a sequence of its own, then four resets at the end of the frame. Over SSH
//! those were most of what a step of the solver view costs. See [`compact`].

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::{Buffer, Cell, CellDiffOption};
use ratatui::layout::{Position, Rect, Size};
use std::io::{self, Write};

/// The terminal's writer: standard output, with 256-colour codes for the 16
/// ANSI colours rewritten when `sixteen_colours` is set. Everything written
/// is held until `flush`, so a code split across writes is seen whole.
pub struct TerminalOutput<W: Write> {
    inner: W,
    sixteen_colours: bool,
    pending: Vec<u8>,
}

impl<W: Write> TerminalOutput<W> {
    pub fn new(inner: W, sixteen_colours: bool) -> Self {
        TerminalOutput {
            inner,
            sixteen_colours,
            pending: Vec::new(),
        }
    }
}

impl<W: Write> Write for TerminalOutput<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        let bytes = std::mem::take(&mut self.pending);
        let bytes = if self.sixteen_colours {
            to_sixteen_colours(&bytes)
        } else {
            bytes
        };
        self.inner.write_all(&compact(&bytes))?;
        self.inner.flush()
    }
}

/// `bytes` with every SGR colour `38;5;N` / `48;5;N` for N below 16 turned
/// into its 16-colour code; all else is left as it was.
pub fn to_sixteen_colours(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == 0x1b && bytes.get(i + 1) == Some(&b'[') {
            // An SGR sequence: digits and semicolons, ending in 'm'.
            let start = i + 2;
            let end = bytes[start..]
                .iter()
                .position(|b| !(b.is_ascii_digit() || *b == b';'))
                .map(|p| start + p);
            if let Some(end) = end {
                if bytes[end] == b'm' {
                    out.extend_from_slice(b"\x1b[");
                    out.extend_from_slice(&rewrite_params(&bytes[start..end]));
                    out.push(b'm');
                    i = end + 1;
                    continue;
                }
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    out
}

fn rewrite_params(params: &[u8]) -> Vec<u8> {
    let text = String::from_utf8_lossy(params);
    let parts: Vec<&str> = text.split(';').collect();
    let mut out: Vec<String> = Vec::with_capacity(parts.len());
    let mut k = 0;
    while k < parts.len() {
        let (p, next) = (parts[k], parts.get(k + 1).copied());
        match (p, next) {
            ("38" | "48" | "58", Some("5")) => {
                let index = parts.get(k + 2).and_then(|n| n.parse::<u8>().ok());
                match index {
                    Some(n) if n < 16 && p != "58" => {
                        let base: u8 = match (p, n < 8) {
                            ("38", true) => 30,
                            ("38", false) => 90,
                            (_, true) => 40,
                            (_, false) => 100,
                        };
                        out.push((base + n % 8).to_string());
                    }
                    _ => out.extend(
                        parts[k..(k + 3).min(parts.len())]
                            .iter()
                            .map(|s| s.to_string()),
                    ),
                }
                k += 3;
            }
            ("38" | "48" | "58", Some("2")) => {
                // A true colour: its three channels are not codes of their own.
                out.extend(
                    parts[k..(k + 5).min(parts.len())]
                        .iter()
                        .map(|s| s.to_string()),
                );
                k += 5;
            }
            _ => {
                out.push(p.to_string());
                k += 1;
            }
        }
    }
    out.join(";").into_bytes()
}

/// A backend that remembers what it has drawn, so that between two changed
/// cells of a row it writes the few unchanged ones instead of moving the
/// cursor over them, when that is shorter: one character of the same style
/// for one, where a move to the column (`ESC[70G`) takes four or five.
/// ratatui's diff sends "backtrack: r2c9" after "backt ack: r3c2" as five
/// pieces with a move before each; this sends it as one.
pub struct CompactBackend<B: Backend> {
    inner: B,
    /// What the terminal shows, as far as this backend has drawn it since
    /// the last clear; `None` before the first clear and after a partial one.
    shown: Option<Buffer>,
}

impl<B: Backend> CompactBackend<B> {
    pub fn new(inner: B) -> Self {
        CompactBackend { inner, shown: None }
    }

    pub fn inner_mut(&mut self) -> &mut B {
        &mut self.inner
    }

    /// Whether the cell at `(x, y)` may be written again as it is shown: a
    /// character of one column that no wider character before it covers.
    fn rewritable(&self, x: u16, y: u16) -> Option<&Cell> {
        let shown = self.shown.as_ref()?;
        let cell = shown.cell((x, y))?;
        let one_ascii = |cell: &Cell| {
            let symbol = cell.symbol();
            symbol.len() == 1 && symbol.bytes().all(|b| b.is_ascii_graphic() || b == b' ')
        };
        let narrow = |cell: &Cell| {
            one_ascii(cell)
                || cell.symbol().chars().count() == 1
                    && cell.symbol().chars().all(|c| {
                        // Box drawing, blocks and the middle dot: one column.
                        matches!(c, '\u{2500}'..='\u{259f}' | '\u{b7}')
                    })
        };
        let before_is_narrow = x == 0 || shown.cell((x - 1, y)).is_some_and(narrow);
        (one_ascii(cell) && before_is_narrow && cell.diff_option == CellDiffOption::None)
            .then_some(cell)
    }
}

/// The bytes of a move to column `x` (0-based) on the cursor's row.
fn column_move_len(x: u16) -> usize {
    // ESC [ digits G
    3 + (x + 1).to_string().len()
}

fn same_style(a: &Cell, b: &Cell) -> bool {
    a.fg == b.fg
        && a.bg == b.bg
        && a.modifier == b.modifier
        && a.underline_color == b.underline_color
}

/// A backend that also sends the terminal requests of its own that are no
/// cells (OSC 52: text for the clipboard) down the same path as the frames,
/// so they reach a `doku serve` client over SSH as they reach a local
/// terminal.
pub trait RawOutput {
    /// Sends `bytes` as they are, at once.
    fn send_raw(&mut self, bytes: &[u8]) -> io::Result<()>;
}

impl<W: Write> RawOutput for ratatui::backend::CrosstermBackend<W> {
    fn send_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.write_all(bytes)?;
        Write::flush(self)
    }
}

impl<B: Backend + RawOutput> RawOutput for CompactBackend<B> {
    fn send_raw(&mut self, bytes: &[u8]) -> io::Result<()> {
        // Nothing on screen moves: what this backend knows is shown stays so.
        self.inner.send_raw(bytes)
    }
}

impl<B: Backend> Backend for CompactBackend<B> {
    type Error = B::Error;

    fn draw<'a, I>(&mut self, content: I) -> Result<(), Self::Error>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        let mut cells: Vec<(u16, u16, Cell)> = Vec::new();
        for (x, y, cell) in content {
            if let Some(&(px, py, ref last)) = cells.last() {
                let gap = x.saturating_sub(px + 1);
                if py == y && x > px + 1 && usize::from(gap) < column_move_len(x) {
                    let fill: Option<Vec<Cell>> = (px + 1..x)
                        .map(|gx| {
                            self.rewritable(gx, y)
                                .filter(|shown| same_style(shown, last))
                                .cloned()
                        })
                        .collect();
                    if let Some(fill) = fill {
                        cells.extend((px + 1..x).zip(fill).map(|(gx, c)| (gx, y, c)));
                    }
                }
            }
            cells.push((x, y, cell.clone()));
        }
        if cells.is_empty() {
            // Nothing changed: crossterm would still send its resets.
            return Ok(());
        }
        if let Some(shown) = self.shown.as_mut() {
            for (x, y, cell) in &cells {
                if let Some(at) = shown.cell_mut((*x, *y)) {
                    *at = cell.clone();
                }
            }
        }
        self.inner
            .draw(cells.iter().map(|(x, y, cell)| (*x, *y, cell)))
    }

    fn hide_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.hide_cursor()
    }

    fn show_cursor(&mut self) -> Result<(), Self::Error> {
        self.inner.show_cursor()
    }

    fn get_cursor_position(&mut self) -> Result<Position, Self::Error> {
        self.inner.get_cursor_position()
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> Result<(), Self::Error> {
        self.inner.set_cursor_position(position)
    }

    fn clear(&mut self) -> Result<(), Self::Error> {
        self.clear_region(ClearType::All)
    }

    /// The whole screen cleared (what `Terminal::clear` asks for) is known
    /// blank; after a partial clear nothing is assumed.
    fn clear_region(&mut self, clear_type: ClearType) -> Result<(), Self::Error> {
        self.inner.clear_region(clear_type)?;
        self.shown = match clear_type {
            ClearType::All => self
                .inner
                .size()
                .ok()
                .map(|size| Buffer::empty(Rect::new(0, 0, size.width, size.height))),
            _ => None,
        };
        Ok(())
    }

    fn append_lines(&mut self, n: u16) -> Result<(), Self::Error> {
        self.shown = None;
        self.inner.append_lines(n)
    }

    fn size(&self) -> Result<Size, Self::Error> {
        self.inner.size()
    }

    fn window_size(&mut self) -> Result<WindowSize, Self::Error> {
        self.inner.window_size()
    }

    fn flush(&mut self) -> Result<(), Self::Error> {
        self.inner.flush()
    }
}

/// The most parameters put in one merged SGR sequence (terminals keep a
/// fixed number: xterm 30, tmux 24).
const MAX_SGR_PARAMS: usize = 16;

/// `bytes` with the same effect on the screen in fewer bytes:
/// - a cursor move to the row the cursor is already on (known from the
///   last move, text never leaves its row in a frame) goes to the column
///   only: `ESC[27;70H` becomes `ESC[70G`;
/// - SGR sequences one after the other become one: `ESC[22m ESC[39;49m`
///   is `ESC[22;39;49m`, and what comes before a reset (`0`) in it is
///   dropped, so crossterm's end of frame `ESC[39m ESC[49m ESC[59m ESC[0m`
///   is `ESC[0m`;
/// - a foreground or background colour set again to the colour it already
///   is (crossterm sets both when either changes) is left out.
///
/// Anything else (other sequences, control characters) passes unchanged and
/// makes the cursor's row and the colours unknown again.
pub fn compact(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut row: Option<&[u8]> = None;
    let mut sgr: Vec<&[u8]> = Vec::new();
    let mut colours = Colours::default();
    let mut i = 0;
    while i < bytes.len() {
        if let Some((params, end, kind)) = csi_at(bytes, i) {
            match kind {
                b'm' => {
                    let groups = sgr_groups(params);
                    if sgr.len() + groups.len() > MAX_SGR_PARAMS {
                        write_sgr(&mut out, &sgr, &mut colours);
                        sgr.clear();
                    }
                    for group in groups {
                        if group == b"0" || group.is_empty() {
                            sgr.clear();
                            sgr.push(b"0");
                        } else {
                            sgr.push(group);
                        }
                    }
                }
                b'H' => {
                    write_sgr(&mut out, &sgr, &mut colours);
                    sgr.clear();
                    let (y, x) = match params.iter().position(|&b| b == b';') {
                        Some(semi) => (&params[..semi], &params[semi + 1..]),
                        None => (params, &b""[..]),
                    };
                    let y = if y.is_empty() { &b"1"[..] } else { y };
                    let x = if x.is_empty() { &b"1"[..] } else { x };
                    out.extend_from_slice(b"\x1b[");
                    if row == Some(y) {
                        out.extend_from_slice(x);
                        out.push(b'G');
                    } else {
                        out.extend_from_slice(y);
                        out.push(b';');
                        out.extend_from_slice(x);
                        out.push(b'H');
                    }
                    row = Some(y);
                }
                _ => {
                    write_sgr(&mut out, &sgr, &mut colours);
                    sgr.clear();
                    out.extend_from_slice(&bytes[i..end]);
                    row = None;
                    colours = Colours::default();
                }
            }
            i = end;
            continue;
        }
        write_sgr(&mut out, &sgr, &mut colours);
        sgr.clear();
        let b = bytes[i];
        if b < 0x20 || b == 0x7f {
            // A control character or an escape not understood here.
            row = None;
            colours = Colours::default();
        }
        out.push(b);
        i += 1;
    }
    write_sgr(&mut out, &sgr, &mut colours);
    out
}

/// A control sequence `ESC [ params final` at `i` whose parameters are
/// digits and semicolons only: the parameters, the index after it and
/// the final byte.
fn csi_at(bytes: &[u8], i: usize) -> Option<(&[u8], usize, u8)> {
    if bytes.get(i) != Some(&0x1b) || bytes.get(i + 1) != Some(&b'[') {
        return None;
    }
    let start = i + 2;
    let len = bytes[start..]
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b';'))?;
    let end = start + len;
    let last = bytes[end];
    (0x40..=0x7e)
        .contains(&last)
        .then_some((&bytes[start..end], end + 1, last))
}

/// An SGR's parameters as the codes they make: `38;5;221` (a colour) is one,
/// `1` another. An empty list is a reset.
fn sgr_groups(params: &[u8]) -> Vec<&[u8]> {
    if params.is_empty() {
        return vec![b"0"];
    }
    let parts: Vec<usize> = std::iter::once(0)
        .chain(
            params
                .iter()
                .enumerate()
                .filter(|(_, &b)| b == b';')
                .map(|(k, _)| k + 1),
        )
        .collect();
    let part = |k: usize| -> &[u8] {
        let end = parts.get(k + 1).map_or(params.len(), |&next| next - 1);
        &params[parts[k]..end]
    };
    let mut groups = Vec::new();
    let mut k = 0;
    while k < parts.len() {
        let taken = match (part(k), parts.get(k + 1).map(|_| part(k + 1))) {
            (b"38" | b"48" | b"58", Some(b"5")) => 3,
            (b"38" | b"48" | b"58", Some(b"2")) => 5,
            _ => 1,
        }
        .min(parts.len() - k);
        let end = parts.get(k + taken).map_or(params.len(), |&next| next - 1);
        groups.push(&params[parts[k]..end]);
        k += taken;
    }
    groups
}

/// The colours in force, as far as this flush has set them (`None`: not
/// known). A reset makes them the defaults.
#[derive(Default)]
struct Colours {
    foreground: Option<Vec<u8>>,
    background: Option<Vec<u8>>,
}

/// Which colour an SGR group sets: `Some(true)` the foreground, `Some(false)`
/// the background.
fn sets_foreground(group: &[u8]) -> Option<bool> {
    let code = group.split(|&b| b == b';').next()?;
    let n: u16 = std::str::from_utf8(code).ok()?.parse().ok()?;
    match n {
        30..=39 | 90..=97 => Some(true),
        40..=49 | 100..=107 => Some(false),
        _ => None,
    }
}

fn write_sgr(out: &mut Vec<u8>, groups: &[&[u8]], colours: &mut Colours) {
    let mut kept: Vec<&[u8]> = Vec::with_capacity(groups.len());
    for &group in groups {
        if group == b"0" {
            colours.foreground = Some(b"39".to_vec());
            colours.background = Some(b"49".to_vec());
        } else if let Some(foreground) = sets_foreground(group) {
            let now = if foreground {
                &mut colours.foreground
            } else {
                &mut colours.background
            };
            if now.as_deref() == Some(group) {
                continue;
            }
            *now = Some(group.to_vec());
        }
        kept.push(group);
    }
    if kept.is_empty() {
        return;
    }
    out.extend_from_slice(b"\x1b[");
    for (k, group) in kept.iter().enumerate() {
        if k > 0 {
            out.push(b';');
        }
        out.extend_from_slice(group);
    }
    out.push(b'm');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixteen_colour_codes_replace_256_colour_codes_for_the_ansi_colours() {
        let sent = b"\x1b[23;21H\x1b[1m\x1b[38;5;15;48;5;8mx\x1b[38;5;1m\x1b[48;5;4m\x1b[39m";
        assert_eq!(
            to_sixteen_colours(sent),
            b"\x1b[23;21H\x1b[1m\x1b[97;100mx\x1b[31m\x1b[44m\x1b[39m".to_vec()
        );
    }

    #[test]
    fn other_colours_and_text_pass_unchanged() {
        for sent in [
            &b"\x1b[38;5;221m"[..],
            b"\x1b[38;2;1;5;9m",
            b"plain 38;5;1m text",
            b"\x1b[58;5;3m",
            b"\x1b[?25l",
            "\u{2503} 5".as_bytes(),
        ] {
            assert_eq!(to_sixteen_colours(sent), sent.to_vec());
        }
    }

    #[test]
    fn output_is_rewritten_whole_at_flush_even_when_written_in_pieces() {
        let mut out = TerminalOutput::new(Vec::new(), true);
        for piece in [&b"\x1b["[..], b"38;", b"5;", b"9", b"m7"] {
            out.write_all(piece).expect("to memory");
        }
        assert!(out.inner.is_empty(), "held until flushed");
        out.flush().expect("to memory");
        assert_eq!(out.inner, b"\x1b[91m7".to_vec());
        let mut plain = TerminalOutput::new(Vec::new(), false);
        plain.write_all(b"\x1b[38;5;9m").expect("to memory");
        plain.flush().expect("to memory");
        assert_eq!(plain.inner, b"\x1b[38;5;9m".to_vec());
    }

    #[test]
    fn a_move_on_the_same_row_names_the_column_only() {
        let sent = b"\x1b[27;65H0\x1b[27;70H8\x1b[28;65H1\x1b[28;65H2";
        assert_eq!(
            compact(sent),
            b"\x1b[27;65H0\x1b[70G8\x1b[28;65H1\x1b[65G2".to_vec()
        );
        // After anything that may move the cursor, the row is named again.
        for between in [&b"\r"[..], b"\n", b"\x1b[2J", b"\x1b[?25l", b"\x1b7"] {
            let sent = [&b"\x1b[3;5Hx"[..], between, b"\x1b[3;9Hy"].concat();
            assert_eq!(compact(&sent), sent, "{between:?}");
        }
    }

    #[test]
    fn sgr_sequences_in_a_row_are_merged_and_a_reset_drops_what_it_undoes() {
        assert_eq!(
            compact(b"\x1b[14;55H\x1b[27m\x1b[22m\x1b[39;48;5;236m   "),
            b"\x1b[14;55H\x1b[27;22;39;48;5;236m   ".to_vec()
        );
        assert_eq!(
            compact(b"x\x1b[39m\x1b[49m\x1b[59m\x1b[0m"),
            b"x\x1b[0m".to_vec()
        );
        // A 0 inside a colour is a colour, not a reset.
        assert_eq!(
            compact(b"\x1b[1m\x1b[38;5;0;48;2;0;0;0mx\x1b[m\x1b[1m"),
            b"\x1b[1;38;5;0;48;2;0;0;0mx\x1b[0;1m".to_vec()
        );
        // Text between them keeps them apart.
        let apart = b"\x1b[1ma\x1b[22mb";
        assert_eq!(compact(apart), apart.to_vec());
    }

    #[test]
    fn a_colour_set_again_to_what_it_is_is_left_out() {
        assert_eq!(
            compact(b"\x1b[1;1H\x1b[38;5;221;48;5;236mx\x1b[1;5H\x1b[7;38;5;203;48;5;236my"),
            b"\x1b[1;1H\x1b[38;5;221;48;5;236mx\x1b[5G\x1b[7;38;5;203my".to_vec()
        );
        // After a reset the defaults are known; a sequence left empty goes.
        assert_eq!(compact(b"a\x1b[0mb\x1b[39;49mc"), b"a\x1b[0mbc".to_vec());
        // Not known at the start, nor after another sequence: sent.
        let unknown = b"\x1b[39mx\x1b[?25l\x1b[39my";
        assert_eq!(compact(unknown), unknown.to_vec());
    }

    #[test]
    fn long_runs_of_sgr_are_cut_before_a_terminal_would_drop_codes() {
        let sent = b"\x1b[1m".repeat(40);
        let out = compact(&sent);
        for sequence in out.split(|&b| b == b'm').filter(|s| !s.is_empty()) {
            let params = sequence.iter().filter(|&&b| b == b';').count() + 1;
            assert!(
                params <= MAX_SGR_PARAMS,
                "{}",
                String::from_utf8_lossy(&out)
            );
        }
    }

    #[test]
    fn compacting_leaves_other_bytes_alone() {
        for sent in [
            "\u{2503} 5 \u{b7}".as_bytes(),
            b"\x1b[?1049h\x1b[?25l",
            b"\x1b]0;title\x07",
            b"\x1b]52;c;MTIz\x07",
            b"\x1b[",
            b"\x1b[12",
            b"\x1b[38:5:1m",
        ] {
            assert_eq!(compact(sent), sent.to_vec());
        }
    }

    /// The cells a backend is asked to draw.
    struct Recorder {
        inner: ratatui::backend::TestBackend,
        sent: Vec<(u16, u16, String)>,
    }

    fn recording() -> CompactBackend<Recorder> {
        CompactBackend::new(Recorder {
            inner: ratatui::backend::TestBackend::new(20, 2),
            sent: Vec::new(),
        })
    }

    #[test]
    fn a_few_unchanged_cells_between_changed_ones_are_written_again() {
        let mut backend = recording();
        backend.clear().expect("clears");
        drawn_into(&mut backend, "backtrack: r2c9", 0);
        backend.inner_mut().sent.clear();
        let changed = [
            (0, 0, Cell::new("B")),
            (2, 0, Cell::new("C")),
            (16, 0, Cell::new("!")),
        ];
        backend
            .draw(changed.iter().map(|(x, y, c)| (*x, *y, c)))
            .expect("draws");
        let sent = &backend.inner_mut().sent;
        let xs: Vec<u16> = sent.iter().map(|(x, _, _)| *x).collect();
        // The 'a' at x 1 is written again (one byte for a move of four);
        // the gap from 3 to 15 is moved over.
        assert_eq!(xs, vec![0, 1, 2, 16]);
        assert_eq!(sent[1].2, "a");
    }

    fn drawn_into(backend: &mut CompactBackend<Recorder>, row: &str, y: u16) {
        let cells: Vec<(u16, u16, Cell)> = row
            .chars()
            .enumerate()
            .map(|(x, ch)| {
                let mut cell = Cell::default();
                cell.set_symbol(&ch.to_string());
                (x as u16, y, cell)
            })
            .collect();
        backend
            .draw(cells.iter().map(|(x, y, c)| (*x, *y, c)))
            .expect("draws");
    }

    #[test]
    fn gaps_of_another_style_a_wide_character_or_an_unknown_screen_are_moved_over() {
        let mut backend = recording();
        // Before the first clear, nothing is known of the screen.
        drawn_into(&mut backend, "ab", 0);
        backend.inner_mut().sent.clear();
        let ends = [(0, 0, Cell::new("x")), (2, 0, Cell::new("y"))];
        backend
            .draw(ends.iter().map(|(x, y, c)| (*x, *y, c)))
            .expect("draws");
        assert_eq!(backend.inner_mut().sent.len(), 2, "unknown: not filled");
        backend.clear().expect("clears");
        drawn_into(&mut backend, "a世bcd", 0);
        let mut bold = Cell::new("z");
        bold.modifier = ratatui::style::Modifier::BOLD;
        let mut fill = |cells: &[(u16, u16, Cell)]| {
            backend.inner_mut().sent.clear();
            backend
                .draw(cells.iter().map(|(x, y, c)| (*x, *y, c)))
                .expect("draws");
            backend
                .inner_mut()
                .sent
                .iter()
                .map(|(x, _, _)| *x)
                .collect::<Vec<u16>>()
        };
        // x 2 follows a wide character: writing it again would cut that one.
        assert_eq!(
            fill(&[(1, 0, Cell::new("w")), (3, 0, Cell::new("q"))]),
            vec![1, 3]
        );
        // A gap whose style differs from the cell before it is moved over.
        assert_eq!(fill(&[(3, 0, bold.clone()), (5, 0, bold)]), vec![3, 5]);
    }

    impl Backend for Recorder {
        type Error = io::Error;

        fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
        where
            I: Iterator<Item = (u16, u16, &'a Cell)>,
        {
            let cells: Vec<(u16, u16, &Cell)> = content.collect();
            self.sent.extend(
                cells
                    .iter()
                    .map(|(x, y, c)| (*x, *y, c.symbol().to_string())),
            );
            self.inner
                .draw(cells.into_iter())
                .map_err(|never| match never {})
        }
        fn hide_cursor(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn show_cursor(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn get_cursor_position(&mut self) -> io::Result<Position> {
            Ok(Position::ORIGIN)
        }
        fn set_cursor_position<P: Into<Position>>(&mut self, _position: P) -> io::Result<()> {
            Ok(())
        }
        fn clear(&mut self) -> io::Result<()> {
            Ok(())
        }
        fn clear_region(&mut self, _clear_type: ClearType) -> io::Result<()> {
            Ok(())
        }
        fn size(&self) -> io::Result<Size> {
            Ok(Size::new(20, 2))
        }
        fn window_size(&mut self) -> io::Result<WindowSize> {
            Ok(WindowSize {
                columns_rows: Size::new(20, 2),
                pixels: Size::default(),
            })
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
}
