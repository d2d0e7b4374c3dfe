//! Keys to actions: the one `Action` enum between the terminal and the game,
//! key specs as written in `config.toml` ("q", "Ctrl-r", "Left", "F1"), and the
//! keymap in force, from which the help screen and the status-line hints are
//! generated so they never disagree with what the keys do.
//!
//! Digits are not rebindable: `1`..`9` enter digits 1 to 9, and on boards larger
//! than 9 the capital letters `A`, `B`, ... (typed with Shift) enter 10, 11, ...
//! Capitals stay free for bindings on boards where they are not digits (`H` is
//! the hint key on 9x9 and 16x16; on 20x20 and 25x25 it enters 17, so the hint
//! has a second default key).

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::fmt;

/// Where an action applies: the playing screen, the animated solver view, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scope {
    Play,
    Watch,
    Both,
}

/// The screen the keys are read for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mode {
    Play,
    Watch,
}

impl Scope {
    pub fn covers(self, mode: Mode) -> bool {
        matches!(
            (self, mode),
            (Scope::Both, _) | (Scope::Play, Mode::Play) | (Scope::Watch, Mode::Watch)
        )
    }
    pub fn overlaps(self, other: Scope) -> bool {
        self == Scope::Both || other == Scope::Both || self == other
    }
}

macro_rules! actions {
    ($( $variant:ident => $name:literal, $scope:ident, $label:literal, $description:literal; )*) => {
        /// Everything a key can do. `Enter(d)` comes from the digit keys; every
        /// other action is bound in `[keymap]` under its config name.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Action {
            /// Enter (or, in notes mode, toggle the pencil mark of) digit `d`, 1..=25.
            Enter(u8),
            $( $variant, )*
        }

        impl Action {
            /// Every bindable action, in the order the help screen lists them.
            pub const BINDABLE: &'static [Action] = &[ $( Action::$variant, )* ];

            /// The action's name in `config.toml`'s `[keymap]` table.
            pub fn config_name(self) -> &'static str {
                match self {
                    Action::Enter(_) => "enter",
                    $( Action::$variant => $name, )*
                }
            }

            /// A word or two for the status-line hints ("undo", "notes").
            pub fn label(self) -> &'static str {
                match self {
                    Action::Enter(_) => "digit",
                    $( Action::$variant => $label, )*
                }
            }

            /// One line for the help screen.
            pub fn description(self) -> &'static str {
                match self {
                    Action::Enter(_) => "enter a digit (in notes mode: toggle a pencil mark)",
                    $( Action::$variant => $description, )*
                }
            }

            /// Where the action applies.
            pub fn scope(self) -> Scope {
                match self {
                    Action::Enter(_) => Scope::Play,
                    $( Action::$variant => Scope::$scope, )*
                }
            }
        }
    };
}

actions! {
    MoveUp => "move_up", Play, "up", "move the cursor up";
    MoveDown => "move_down", Play, "down", "move the cursor down";
    MoveLeft => "move_left", Play, "left", "move the cursor left";
    MoveRight => "move_right", Play, "right", "move the cursor right";
    Erase => "erase", Play, "erase", "erase the cell";
    ToggleNotes => "toggle_notes", Play, "notes", "toggle notes mode (digits then toggle pencil marks)";
    FillCandidates => "fill_candidates", Play, "fill", "fill every empty cell with all its candidates as notes";
    Undo => "undo", Play, "undo", "undo the last change";
    Redo => "redo", Play, "redo", "redo the change last undone";
    Hint => "hint", Play, "hint", "hint: name the next technique and highlight its cells (again: apply it)";
    Restart => "restart", Play, "restart", "restart this puzzle (clears entries; undoable)";
    Pause => "pause", Play, "pause", "pause (hides the board, stops the clock)";
    NewGame => "new_game", Both, "new", "deal a new puzzle";
    CycleDifficulty => "cycle_difficulty", Both, "difficulty", "cycle the difficulty for the next deal";
    CycleSize => "cycle_size", Both, "size", "cycle the board size for the next deal";
    ToggleWatch => "toggle_watch", Both, "solver", "toggle the animated solver view";
    WatchPause => "watch_pause", Watch, "pause", "solver view: pause or resume";
    WatchStep => "watch_step", Watch, "step", "solver view: one step";
    WatchFaster => "watch_faster", Watch, "faster", "solver view: faster";
    WatchSlower => "watch_slower", Watch, "slower", "solver view: slower";
    WatchNextStrategy => "watch_next_strategy", Watch, "strategy", "solver view: next strategy";
    WatchFinish => "watch_finish", Watch, "finish", "solver view: run to the end at once";
    NextTheme => "next_theme", Both, "theme", "next theme";
    Help => "help", Both, "help", "show or hide this help";
    Back => "back", Both, "back", "close the help, cancel a hint, leave the solver view";
    Quit => "quit", Both, "quit", "quit (the game is saved first)";
}

impl Action {
    /// The bindable action with this config name.
    pub fn from_config_name(name: &str) -> Option<Action> {
        Action::BINDABLE
            .iter()
            .copied()
            .find(|action| action.config_name() == name)
    }

    /// The config names of every bindable action, for error messages.
    pub fn config_names() -> Vec<&'static str> {
        Action::BINDABLE.iter().map(|a| a.config_name()).collect()
    }
}

/// The symbol of digit `d` on screen and on the keyboard: 1..9, then A, B, ...
pub fn digit_symbol(d: u8) -> Option<char> {
    match d {
        1..=9 => Some(char::from(b'0' + d)),
        10..=35 => Some(char::from(b'A' + d - 10)),
        _ => None,
    }
}

/// The digit a key enters on a board of `board_size` digits, if any.
/// `1`..`9` always (within the size); capital letters on boards larger than 9.
pub fn digit_for_key(key: &KeyEvent, board_size: usize) -> Option<u8> {
    let spec = KeySpec::from_event(key);
    if !spec.modifiers.is_empty() {
        return None;
    }
    let KeyCode::Char(c) = spec.code else {
        return None;
    };
    let digit = match c {
        '1'..='9' => c as u8 - b'0',
        'A'..='Z' if board_size > 9 => c as u8 - b'A' + 10,
        _ => return None,
    };
    (usize::from(digit) <= board_size).then_some(digit)
}

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
            let modifier = match prefix.to_ascii_lowercase().as_str() {
                "ctrl" | "control" | "c" => KeyModifiers::CONTROL,
                "alt" | "meta" | "m" | "a" => KeyModifiers::ALT,
                "shift" | "s" => KeyModifiers::SHIFT,
                _ => return plain(Some(format!("\"{prefix}\" is not Ctrl, Alt or Shift"))),
            };
            if modifiers.contains(modifier) {
                return plain(Some(format!("\"{prefix}\" is written twice")));
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

/// One binding: a key for an action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    pub key: KeySpec,
    pub action: Action,
}

/// One line of the help screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HelpEntry {
    pub action: Action,
    /// The keys in force, canonical spelling, in config order.
    pub keys: Vec<String>,
    pub description: &'static str,
}

/// Why a set of bindings is not a keymap.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum KeymapError {
    /// One key does two things in the same mode.
    Conflict {
        key: KeySpec,
        first: Action,
        second: Action,
    },
    /// A digit key, which is reserved for entering digits.
    ReservedDigit { key: KeySpec, action: Action },
    /// An action no key reaches.
    Unbound { action: Action },
}

impl fmt::Display for KeymapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            KeymapError::Conflict { key, first, second } => write!(
                f,
                "\"{key}\" is bound to both {} and {}; a key can do one thing",
                first.config_name(),
                second.config_name()
            ),
            KeymapError::ReservedDigit { key, action } => write!(
                f,
                "\"{key}\" (for {}) enters a digit and cannot be rebound; pick another key",
                action.config_name()
            ),
            KeymapError::Unbound { action } => write!(
                f,
                "no key is bound to {}; every action needs at least one key",
                action.config_name()
            ),
        }
    }
}

/// The bindings in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Keymap {
    bindings: Vec<Binding>,
}

impl Keymap {
    /// Checks the bindings: no key does two things in one mode, digits stay
    /// digits, every action has a key.
    pub fn new(bindings: Vec<Binding>) -> Result<Keymap, KeymapError> {
        for (i, binding) in bindings.iter().enumerate() {
            if let KeyCode::Char('1'..='9') = binding.key.code {
                if binding.key.modifiers.is_empty() {
                    return Err(KeymapError::ReservedDigit {
                        key: binding.key,
                        action: binding.action,
                    });
                }
            }
            if let Some(earlier) = bindings[..i].iter().find(|earlier| {
                earlier.key == binding.key
                    && earlier.action != binding.action
                    && earlier.action.scope().overlaps(binding.action.scope())
            }) {
                return Err(KeymapError::Conflict {
                    key: binding.key,
                    first: earlier.action,
                    second: binding.action,
                });
            }
        }
        if let Some(&action) = Action::BINDABLE
            .iter()
            .find(|action| !bindings.iter().any(|b| b.action == **action))
        {
            return Err(KeymapError::Unbound { action });
        }
        let mut unique: Vec<Binding> = Vec::with_capacity(bindings.len());
        for binding in bindings {
            if !unique.contains(&binding) {
                unique.push(binding);
            }
        }
        Ok(Keymap { bindings: unique })
    }

    /// No bindings: only a stand-in until the built-in config is read.
    pub(crate) fn empty() -> Keymap {
        Keymap {
            bindings: Vec::new(),
        }
    }

    /// Every binding, in config order.
    pub fn bindings(&self) -> &[Binding] {
        &self.bindings
    }

    /// What a key press does in `mode` on a board of `board_size` digits.
    /// Digit keys come first, so on big boards capital letters enter digits.
    pub fn action_for(&self, key: &KeyEvent, mode: Mode, board_size: usize) -> Option<Action> {
        if mode == Mode::Play {
            if let Some(digit) = digit_for_key(key, board_size) {
                return Some(Action::Enter(digit));
            }
        }
        let spec = KeySpec::from_event(key);
        self.bindings
            .iter()
            .find(|b| b.key == spec && b.action.scope().covers(mode))
            .map(|b| b.action)
    }

    /// The keys bound to an action, canonical spelling, in config order.
    pub fn keys_for(&self, action: Action) -> Vec<String> {
        self.bindings
            .iter()
            .filter(|b| b.action == action)
            .map(|b| b.key.to_string())
            .collect()
    }

    /// The keys that reach an action on a board of `board_size` digits: those
    /// a capital-letter digit shadows are left out (for hints and help).
    pub fn keys_for_board(&self, action: Action, board_size: usize) -> Vec<String> {
        self.bindings
            .iter()
            .filter(|b| b.action == action)
            .filter(|b| {
                let event = KeyEvent::new(b.key.code, b.key.modifiers);
                action.scope() == Scope::Watch || digit_for_key(&event, board_size).is_none()
            })
            .map(|b| b.key.to_string())
            .collect()
    }

    /// One entry per bindable action, in help order, with the keys in force.
    pub fn help_entries(&self) -> Vec<HelpEntry> {
        Action::BINDABLE
            .iter()
            .map(|&action| HelpEntry {
                action,
                keys: self.keys_for(action),
                description: action.description(),
            })
            .collect()
    }

    /// "key label" pairs for the status line, first key of each action.
    pub fn hints(&self, actions: &[Action], board_size: usize) -> Vec<(String, &'static str)> {
        actions
            .iter()
            .filter_map(|&action| {
                let key = self.keys_for_board(action, board_size).into_iter().next()?;
                Some((key, action.label()))
            })
            .collect()
    }
}

impl Default for Keymap {
    /// The keymap of the built-in `config.toml`.
    fn default() -> Keymap {
        crate::config::Config::built_in().keymap
    }
}

/// The digit keys for a board, for the help screen: "1-9", "1-9 A-G".
pub fn digit_keys_text(board_size: usize) -> String {
    let top = board_size.min(35) as u8;
    let last_digit = digit_symbol(top.min(9)).unwrap_or('9');
    let mut text = format!("1-{last_digit}");
    if top > 9 {
        let last_letter = digit_symbol(top).unwrap_or('Z');
        if top == 10 {
            text.push_str(" A");
        } else {
            text.push_str(&format!(" A-{last_letter}"));
        }
    }
    text
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
        let plain_r = KeyEvent::new(KeyCode::Char('r'), KeyModifiers::NONE);
        assert!(KeySpec::parse("Ctrl-r").is_ok_and(|k| !k.matches(&plain_r)));
    }

    #[test]
    fn capital_letters_are_digits_only_on_big_boards() {
        let key = |c| KeyEvent::new(KeyCode::Char(c), KeyModifiers::SHIFT);
        assert_eq!(digit_for_key(&key('A'), 9), None);
        assert_eq!(digit_for_key(&key('A'), 16), Some(10));
        assert_eq!(digit_for_key(&key('G'), 16), Some(16));
        assert_eq!(digit_for_key(&key('H'), 16), None);
        assert_eq!(digit_for_key(&key('H'), 25), Some(17));
        assert_eq!(digit_for_key(&key('P'), 25), Some(25));
        assert_eq!(digit_for_key(&key('5'), 4), None);
        assert_eq!(digit_for_key(&key('4'), 4), Some(4));
        assert_eq!(digit_for_key(&key('a'), 16), None);
    }

    #[test]
    fn digit_key_text_names_the_letters_in_use() {
        assert_eq!(digit_keys_text(4), "1-4");
        assert_eq!(digit_keys_text(9), "1-9");
        assert_eq!(digit_keys_text(10), "1-9 A");
        assert_eq!(digit_keys_text(16), "1-9 A-G");
        assert_eq!(digit_keys_text(25), "1-9 A-P");
    }
}
