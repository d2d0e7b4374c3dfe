//! What goes to the terminal: crossterm writes every colour, the 16 ANSI
//! ones too, as `38;5;N` (256-colour codes), which a 16-colour terminal
//! (`TERM=xterm`, `screen`, `linux`) may not understand. On such a terminal
//! the output is rewritten to the classic codes (30-37, 90-97 and their
//! backgrounds) before it is sent.

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
        if self.sixteen_colours {
            self.inner.write_all(&to_sixteen_colours(&bytes))?;
        } else {
            self.inner.write_all(&bytes)?;
        }
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
}
