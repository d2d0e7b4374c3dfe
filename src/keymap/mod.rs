//! Keys to actions: the one `Action` enum between the terminal and the game,
//! key specs as written in `config.toml` ("q", "Ctrl-r", "Left", "F1"), and the
//! keymap in force, from which the help screen and the status-line hints are
//! generated so they never disagree with what the keys do.
//!
//! Digits are not rebindable: `1`..`9` enter digits 1 to 9, and on boards larger
//! than 9 the letters enter 10, 11, ...: `A` or `a` is 10, `G` or `g` is 16.
//! Both cases, so that a missed Shift types a digit rather than running a
//! command (on 16x16 `g` would otherwise deal a new game). A letter that is a
//! digit on the board in play is never a command there: each command has a
//! second default key that is not a letter (`Tab` for notes, `Ctrl-n` for a
//! new game, ...), and the help lists only the keys that work on the board.
mod key;

pub use key::{KeySpec, KeySpecError, KEY_EXAMPLES};

use ratatui::crossterm::event::{KeyCode, KeyEvent};
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
pub enum KeyContext {
    Play,
    Watch,
}

impl Scope {
    pub fn covers(self, context: KeyContext) -> bool {
        matches!(
            (self, context),
            (Scope::Both, _) | (Scope::Play, KeyContext::Play) | (Scope::Watch, KeyContext::Watch)
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
    Erase => "erase", Play, "erase", "erase the cell (in the editor: and move on)";
    EraseBack => "erase_back", Play, "erase back", "erase the cell (in the editor: the one before, moving back to it)";
    ToggleNotes => "toggle_notes", Play, "notes", "toggle notes mode (digits then toggle pencil marks)";
    PickDigit => "pick_digit", Play, "hold", "hold the digit under the cursor (or the last typed) to place with Enter; again: drop it";
    FillCandidates => "fill_candidates", Play, "fill", "fill every empty cell with all its candidates as notes";
    CycleColour => "colour_cell", Play, "colour", "colour the cell: the next of 6 colours, then none again";
    ClearColours => "clear_colours", Play, "uncolour", "take every colour off the board (undoable)";
    Undo => "undo", Play, "undo", "undo the last change";
    Redo => "redo", Play, "redo", "redo the change last undone";
    Hint => "hint", Play, "hint", "hint: where to look, again: its cells, again: apply it";
    Restart => "restart", Play, "restart", "restart this puzzle (clears entries; undoable)";
    ToggleMistakes => "toggle_mistakes", Play, "mistakes", "mark and count digits that differ from the solution";
    Pause => "pause", Play, "pause", "pause (hides the board, stops the clock)";
    NewGame => "new_game", Both, "new", "deal a new puzzle";
    CycleDifficulty => "cycle_difficulty", Both, "difficulty", "cycle the difficulty for the next deal";
    CycleSize => "cycle_size", Both, "size", "cycle the board size for the next deal";
    CycleSizeBack => "cycle_size_back", Both, "size back", "cycle the board size for the next deal backwards";
    CycleVariant => "cycle_variant", Both, "variant", "cycle the variant for the next deal (classic, X, windoku, jigsaw, ...)";
    ToggleLatin => "toggle_latin", Both, "latin", "deal Latin squares (no boxes) next, or sudokus again";
    Edit => "edit", Play, "edit", "type in a puzzle of your own (the editor)";
    EditPuzzle => "edit_puzzle", Play, "edit this", "open this puzzle's givens in the editor";
    CopyPuzzle => "copy_puzzle", Play, "copy", "copy this puzzle's line to the clipboard (OSC 52); again: the game, with your entries and notes";
    SkipCell => "skip_cell", Play, "skip", "in the editor: leave the cell empty and move on";
    PlayEdited => "play_edited", Play, "play", "in the editor: fix the givens and play them";
    CageMark => "cage_mark", Play, "cage", "draw a killer cage: mark cells (on a cage: redraw it), type the sum, Enter";
    CageRemove => "cage_remove", Play, "uncage", "remove the killer cage under the cursor";
    ToggleWatch => "toggle_watch", Both, "solver", "toggle the animated solver view";
    WatchPause => "watch_pause", Watch, "pause", "pause or resume the search";
    WatchStep => "watch_step", Watch, "step", "one step (pauses first)";
    WatchFaster => "watch_faster", Watch, "faster", "faster";
    WatchSlower => "watch_slower", Watch, "slower", "slower";
    WatchNextStrategy => "watch_next_strategy", Watch, "strategy", "next strategy (starts over)";
    WatchFinish => "watch_finish", Watch, "finish", "run to the end at once";
    WatchSwitchStart => "watch_switch_start", Watch, "from", "start again from the givens only, or from your entries too";
    NextTheme => "next_theme", Both, "theme", "next theme";
    Help => "help", Both, "help", "show or hide this help";
    Back => "back", Both, "back", "close the help, cancel a hint, leave the solver view";
    Quit => "quit", Both, "quit", "quit (the game is saved first)";
    Suspend => "suspend", Both, "suspend", "suspend: back to the shell (saved first); fg brings the game back";
}

impl Action {
    /// Whether the action reads or changes the board on screen (the
    /// cursor, the cells, their notes, a hint), so it needs the board shown.
    pub fn works_on_the_board(self) -> bool {
        // Every action named, so a new one is placed here on purpose.
        match self {
            Action::MoveUp
            | Action::MoveDown
            | Action::MoveLeft
            | Action::MoveRight
            | Action::Enter(_)
            | Action::Erase
            | Action::EraseBack
            | Action::ToggleNotes
            | Action::PickDigit
            | Action::FillCandidates
            | Action::CycleColour
            | Action::ClearColours
            | Action::Undo
            | Action::Redo
            | Action::Hint
            | Action::Restart
            | Action::ToggleMistakes
            | Action::SkipCell
            | Action::CageMark
            | Action::CageRemove => true,
            Action::Pause
            | Action::NewGame
            | Action::CycleDifficulty
            | Action::CycleSize
            | Action::CycleSizeBack
            | Action::CycleVariant
            | Action::ToggleLatin
            | Action::Edit
            | Action::EditPuzzle
            | Action::CopyPuzzle
            | Action::PlayEdited
            | Action::ToggleWatch
            | Action::WatchPause
            | Action::WatchStep
            | Action::WatchFaster
            | Action::WatchSlower
            | Action::WatchNextStrategy
            | Action::WatchFinish
            | Action::WatchSwitchStart
            | Action::NextTheme
            | Action::Help
            | Action::Back
            | Action::Quit
            | Action::Suspend => false,
        }
    }

    /// Whether the action may be left with no key. Suspend only: Ctrl-z
    /// is undo to many players, and a config that takes it for undo
    /// (as configs did before suspend had a key) must still load.
    pub fn may_be_unbound(self) -> bool {
        self == Action::Suspend
    }

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
/// `1`..`9` always (within the size); on boards larger than 9, letters in
/// either case (`A` and `a` are 10), so a missed Shift still types a digit.
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
        'a'..='z' if board_size > 9 => c as u8 - b'a' + 10,
        _ => return None,
    };
    (usize::from(digit) <= board_size).then_some(digit)
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
        if let Some(&action) = Action::BINDABLE.iter().find(|action| {
            !action.may_be_unbound() && !bindings.iter().any(|b| b.action == **action)
        }) {
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

    /// What a key press does in `context` on a board of `board_size` digits.
    /// Digit keys come first, so on big boards capital letters enter digits.
    pub fn action_for(
        &self,
        key: &KeyEvent,
        context: KeyContext,
        board_size: usize,
    ) -> Option<Action> {
        if context == KeyContext::Play {
            if let Some(digit) = digit_for_key(key, board_size) {
                return Some(Action::Enter(digit));
            }
        }
        let spec = KeySpec::from_event(key);
        self.bindings
            .iter()
            .find(|b| b.key == spec && b.action.scope().covers(context))
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

    /// [`Keymap::help_entries`] with only the keys that work on a board of
    /// `board_size` digits (a letter that is a digit there is left out).
    pub fn help_entries_for_board(&self, board_size: usize) -> Vec<HelpEntry> {
        Action::BINDABLE
            .iter()
            .map(|&action| HelpEntry {
                action,
                keys: self.keys_for_board(action, board_size),
                description: action.description(),
            })
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

    /// "key label" pairs for the status line, first key of each action
    /// that reaches it on the screen `context` reads keys for.
    pub fn hints(
        &self,
        actions: &[Action],
        context: KeyContext,
        board_size: usize,
    ) -> Vec<(String, &'static str)> {
        actions
            .iter()
            .filter_map(|&action| {
                let keys = match context {
                    KeyContext::Play => self.keys_for_board(action, board_size),
                    // The solver view enters no digits (see `action_for`),
                    // so no letter is shadowed there: `a` goes back.
                    KeyContext::Watch => self.keys_for(action),
                };
                Some((keys.into_iter().next()?, action.label()))
            })
            .collect()
    }
}

/// The digit keys for a board, in words for the help screen: "1-9",
/// "1-9, A-G or a-g".
pub fn digit_keys_help(board_size: usize) -> String {
    let short = digit_keys_text(board_size);
    match short.split_once(' ') {
        Some((numbers, letters)) => {
            format!("{numbers}, {letters} or {}", letters.to_lowercase())
        }
        None => short,
    }
}

/// The digit keys for a board, for the status line: "1-9", "1-9 A-G".
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
    use ratatui::crossterm::event::KeyModifiers;
    #[test]
    fn capital_letters_are_digits_only_on_big_boards() {
        let key = |c: char| {
            let shift = if c.is_uppercase() {
                KeyModifiers::SHIFT
            } else {
                KeyModifiers::NONE
            };
            KeyEvent::new(KeyCode::Char(c), shift)
        };
        assert_eq!(digit_for_key(&key('A'), 9), None);
        assert_eq!(digit_for_key(&key('A'), 16), Some(10));
        assert_eq!(digit_for_key(&key('G'), 16), Some(16));
        assert_eq!(digit_for_key(&key('H'), 16), None);
        assert_eq!(digit_for_key(&key('H'), 25), Some(17));
        assert_eq!(digit_for_key(&key('P'), 25), Some(25));
        assert_eq!(digit_for_key(&key('5'), 4), None);
        assert_eq!(digit_for_key(&key('4'), 4), Some(4));
        assert_eq!(digit_for_key(&key('a'), 9), None);
        assert_eq!(digit_for_key(&key('p'), 25), Some(25));
        assert_eq!(digit_for_key(&key('q'), 25), None);
    }

    #[test]
    fn the_help_names_both_cases_of_the_letter_digits() {
        assert_eq!(digit_keys_help(9), "1-9");
        assert_eq!(digit_keys_help(16), "1-9, A-G or a-g");
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
