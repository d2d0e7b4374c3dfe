//! One key as written in `config.toml` ("q", "Ctrl-r", "Left", "Space", "F1"),
//! parsed into crossterm's code and modifiers, and written back canonically.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::fmt;

/// One key, as written in the config ("q", "Ctrl-r", "Left", "Space", "F1").
///
/// Character keys carry their case in the character ("H" is Shift-h), so Shift
/// is never stored with a character; Ctrl and Alt with a letter ignore case,
/// because terminals cannot tell Ctrl-r from Ctrl-R.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KeySpec {
    pub code: KeyCode,
    pub modifiers: KeyModifiers,
}

/// Why a key spec did not parse; the config error adds file, key and value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySpecError {
    pub reason: Option<String>,
}

impl fmt::Display for KeySpecError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            Some(reason) => write!(f, "{reason}; "),
            None => Ok(()),
        }?;
        f.write_str(KEY_EXAMPLES)
    }
}

/// Shown with every key spec error.
pub const KEY_EXAMPLES: &str = "keys look like \"q\", \"Ctrl-r\", \"Left\", \"Space\", \"F1\"";

const NAMED_KEYS: &[(&str, KeyCode)] = &[
    ("Left", KeyCode::Left),
    ("Right", KeyCode::Right),
    ("Up", KeyCode::Up),
    ("Down", KeyCode::Down),
    ("Home", KeyCode::Home),
    ("End", KeyCode::End),
    ("PageUp", KeyCode::PageUp),
    ("PageDown", KeyCode::PageDown),
    ("Tab", KeyCode::Tab),
    ("BackTab", KeyCode::BackTab),
    ("Backspace", KeyCode::Backspace),
    ("Delete", KeyCode::Delete),
    ("Insert", KeyCode::Insert),
    ("Esc", KeyCode::Esc),
    ("Enter", KeyCode::Enter),
    ("Space", KeyCode::Char(' ')),
];

/// Other spellings people write for named keys.
const KEY_ALIASES: &[(&str, &str)] = &[
    ("escape", "Esc"),
    ("return", "Enter"),
    ("del", "Delete"),
    ("ins", "Insert"),
    ("pgup", "PageUp"),
    ("pgdn", "PageDown"),
    ("pagedown", "PageDown"),
    ("pageup", "PageUp"),
    ("bs", "Backspace"),
];

impl KeySpec {
    pub fn new(code: KeyCode, modifiers: KeyModifiers) -> KeySpec {
        KeySpec { code, modifiers }.normalized()
    }

    /// The spec a key event matches, with the same normalisation as parsing.
    pub fn from_event(key: &KeyEvent) -> KeySpec {
        let modifiers =
            key.modifiers & (KeyModifiers::CONTROL | KeyModifiers::ALT | KeyModifiers::SHIFT);
        KeySpec::new(key.code, modifiers)
    }

    fn normalized(mut self) -> KeySpec {
        match self.code {
            KeyCode::Char(c) => {
                if self
                    .modifiers
                    .intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
                {
                    self.code = KeyCode::Char(c.to_ascii_lowercase());
                } else if self.modifiers.contains(KeyModifiers::SHIFT) && c.is_ascii_lowercase() {
                    // Some keyboard protocols report Shift-h as 'h' with Shift.
                    self.code = KeyCode::Char(c.to_ascii_uppercase());
                }
                self.modifiers.remove(KeyModifiers::SHIFT);
            }
            KeyCode::BackTab => self.modifiers.remove(KeyModifiers::SHIFT),
            KeyCode::Tab if self.modifiers.contains(KeyModifiers::SHIFT) => {
                self.code = KeyCode::BackTab;
                self.modifiers.remove(KeyModifiers::SHIFT);
            }
            _ => {}
        }
        self
    }

    /// Parses "q", "H", "?", "Ctrl-r", "Alt-x", "Shift-Left", "Space", "F1".
    pub fn parse(text: &str) -> Result<KeySpec, KeySpecError> {
        let plain = |reason: Option<String>| Err(KeySpecError { reason });
        if text.is_empty() {
            return plain(Some("the key is empty".into()));
        }
        let mut modifiers = KeyModifiers::NONE;
        let mut rest = text;
        // "-" on its own is the minus key; "Ctrl--" is Ctrl with minus.
        while let Some((prefix, tail)) = rest.split_once('-') {
            if tail.is_empty() {
                break;
            }
            // Emacs's C- and M- are common enough in dotfiles to accept.
            let modifier = match prefix.to_ascii_lowercase().as_str() {
                "ctrl" | "control" | "c" => KeyModifiers::CONTROL,
                "alt" | "meta" | "m" => KeyModifiers::ALT,
                "shift" => KeyModifiers::SHIFT,
                "" => return plain(None),
                _ => return plain(Some(format!("{prefix:?} is not Ctrl, Alt or Shift"))),
            };
            if modifiers.contains(modifier) {
                return plain(Some(format!("{prefix:?} is written twice")));
            }
            modifiers |= modifier;
            rest = tail;
        }
        let mut chars = rest.chars();
        let code = match (chars.next(), chars.next()) {
            (Some(c), None) => {
                if c.is_control() {
                    return plain(Some("a control character is not a key".into()));
                }
                if c == ' ' {
                    return plain(Some("write \"Space\" for the space bar".into()));
                }
                if modifiers.contains(KeyModifiers::SHIFT) {
                    return plain(Some(
                        if c.is_alphabetic()
                            && !modifiers.intersects(KeyModifiers::CONTROL | KeyModifiers::ALT)
                        {
                            format!(
                                "write the capital \"{}\" instead of Shift",
                                c.to_uppercase()
                            )
                        } else {
                            "terminals cannot tell Shift apart with a character key".into()
                        },
                    ));
                }
                KeyCode::Char(c)
            }
            _ => match named_key(rest) {
                Some(code) => code,
                // Not a name: most likely one character as the eye sees it, made of several.
                None if !rest.is_ascii() => {
                    return plain(Some(format!(
                        "it is {} characters: a key is one character or a name like \"Left\"",
                        rest.chars().count()
                    )))
                }
                None => return plain(None),
            },
        };
        if code == KeyCode::Char(' ') && modifiers.contains(KeyModifiers::SHIFT) {
            return plain(Some("terminals cannot tell Shift-Space from Space".into()));
        }
        Ok(KeySpec::new(code, modifiers))
    }

    /// Does this key event press this key?
    pub fn matches(&self, key: &KeyEvent) -> bool {
        KeySpec::from_event(key) == *self
    }
}

fn named_key(name: &str) -> Option<KeyCode> {
    let lower = name.to_ascii_lowercase();
    if let Some(number) = lower.strip_prefix('f') {
        if let Ok(n @ 1..=24) = number.parse::<u8>() {
            return Some(KeyCode::F(n));
        }
    }
    let canonical = KEY_ALIASES
        .iter()
        .find(|(alias, _)| *alias == lower)
        .map_or(name, |(_, canonical)| canonical);
    NAMED_KEYS
        .iter()
        .find(|(named, _)| named.eq_ignore_ascii_case(canonical))
        .map(|(_, code)| *code)
}

impl fmt::Display for KeySpec {
    /// The canonical spelling, which `parse` reads back to the same key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (modifier, name) in [
            (KeyModifiers::CONTROL, "Ctrl-"),
            (KeyModifiers::ALT, "Alt-"),
            (KeyModifiers::SHIFT, "Shift-"),
        ] {
            if self.modifiers.contains(modifier) {
                f.write_str(name)?;
            }
        }
        match self.code {
            KeyCode::F(n) => write!(f, "F{n}"),
            KeyCode::Char(' ') => f.write_str("Space"),
            KeyCode::Char(c) => write!(f, "{c}"),
            code => match NAMED_KEYS.iter().find(|(_, named)| *named == code) {
                Some((name, _)) => f.write_str(name),
                None => write!(f, "{code:?}"),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_round_trip_through_their_canonical_spelling() {
        for text in [
            "q",
            "H",
            "?",
            "+",
            "-",
            ".",
            "0",
            "Ctrl-r",
            "Alt-x",
            "Ctrl--",
            "Left",
            "Space",
            "Backspace",
            "Delete",
            "Esc",
            "Enter",
            "F1",
            "F12",
            "Shift-Left",
            "BackTab",
            "é",
        ] {
            let spec = KeySpec::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(spec.to_string(), text);
            assert_eq!(KeySpec::parse(&spec.to_string()), Ok(spec));
        }
    }

    #[test]
    fn spellings_are_forgiving_where_unambiguous() {
        let ctrl_r = KeySpec::new(KeyCode::Char('r'), KeyModifiers::CONTROL);
        assert_eq!(KeySpec::parse("ctrl-R"), Ok(ctrl_r));
        assert_eq!(KeySpec::parse("C-r"), Ok(ctrl_r));
        assert_eq!(KeySpec::parse("escape").map(|k| k.code), Ok(KeyCode::Esc));
        assert_eq!(
            KeySpec::parse("Shift-Tab").map(|k| k.code),
            Ok(KeyCode::BackTab)
        );
    }

    #[test]
    fn nonsense_is_not_a_key() {
        for text in [
            "",
            "Ctrl-Shift-Q",
            "Shift-q",
            "Hyper-x",
            "F0",
            "F99",
            "Lefty",
            "qq",
            " ",
            "Ctrl-Ctrl-x",
        ] {
            assert!(KeySpec::parse(text).is_err(), "{text:?} parsed");
        }
    }

    #[test]
    fn events_match_specs_whatever_shift_the_terminal_reports() {
        let shifted_h = KeyEvent::new(KeyCode::Char('H'), KeyModifiers::SHIFT);
        assert!(KeySpec::parse("H").is_ok_and(|k| k.matches(&shifted_h)));
        let ctrl_upper_r = KeyEvent::new(
            KeyCode::Char('R'),
            KeyModifiers::CONTROL | KeyModifiers::SHIFT,
        );
        assert!(KeySpec::parse("Ctrl-r").is_ok_and(|k| k.matches(&ctrl_upper_r)));
        let shift_lower_h = KeyEvent::new(KeyCode::Char('h'), KeyModifiers::SHIFT);
        assert!(KeySpec::parse("H").is_ok_and(|k| k.matches(&shift_lower_h)));
        assert!(KeySpec::parse("h").is_ok_and(|k| !k.matches(&shift_lower_h)));
        let plain_r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
        assert!(KeySpec::parse("Ctrl-r").is_ok_and(|k| !k.matches(&plain_r)));
    }
}
