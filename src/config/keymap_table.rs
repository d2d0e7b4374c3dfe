//! The `[keymap]` table: each action it names gets exactly the keys given, a
//! key taken from an action it does not name moves, and clashes are reported
//! at the line where a reader meets them.

use super::error::{quote, ConfigError};
use super::walk::Table;
use crate::keymap::{Action, Binding, KeySpec, Keymap};
use ratatui::crossterm::event::{KeyCode, KeyModifiers};
use std::ops::Range;

/// One action the user's file binds, with its keys and where they are.
struct UserBinding {
    action: Action,
    name: String,
    keys: Vec<(KeySpec, String, Range<usize>)>,
    span: Range<usize>,
}

/// The keymap after a `[keymap]` table: each action named gets exactly the keys
/// given; a key taken from an action the file does not name is moved.
pub(super) fn merge_keymap(base: &Keymap, table: &Table<'_, '_>) -> Result<Keymap, ConfigError> {
    let names = Action::config_names();
    table.check_keys(&names, "action")?;
    let mut user: Vec<UserBinding> = Vec::new();
    for (name, key_span, value) in table.entries() {
        let Some(action) = Action::from_config_name(name) else {
            continue;
        };
        let texts = table.strings(
            name,
            value,
            "a key such as \"q\" or a list of keys such as [\"q\", \"Ctrl-c\"]",
        )?;
        if texts.is_empty() && !action.may_be_unbound() {
            return Err(table.error(
                &value.span(),
                name,
                "[] binds no key; every action needs at least one key (to free a key, bind it to another action)".into(),
            ));
        }
        let mut keys: Vec<(KeySpec, String, Range<usize>)> = Vec::new();
        for (text, span) in texts {
            let spec = KeySpec::parse(text).map_err(|e| {
                table.error(&span, name, format!("{} is not a key ({e})", quote(text)))
            })?;
            if let digit @ '1'..='9' = key_char(&spec) {
                return Err(table.error(
                    &span,
                    name,
                    format!(
                        "{} enters the digit {digit} and cannot be bound; pick another key",
                        quote(text)
                    ),
                ));
            }
            // Harmless, but likely a typo for another key: said as a clash
            // between two actions is.
            if let Some((_, first, _)) = keys.iter().find(|(k, _, _)| *k == spec) {
                let what = if first == text {
                    format!("{} is listed twice for {name}", quote(text))
                } else {
                    format!(
                        "{} is the same key as {}, already listed for {name}",
                        quote(text),
                        quote(first)
                    )
                };
                return Err(table.error(&span, name, format!("{what}; list each key once")));
            }
            keys.push((spec, text.to_owned(), span));
        }
        user.push(UserBinding {
            action,
            name: name.to_owned(),
            keys,
            span: key_span,
        });
    }
    // Report a clash at the later of the two lines, as a reader meets it.
    user.sort_by_key(|u| u.span.start);
    for (i, later) in user.iter().enumerate() {
        for earlier in &user[..i] {
            if !earlier.action.scope().overlaps(later.action.scope()) {
                continue;
            }
            if let Some((_, text, span)) = later
                .keys
                .iter()
                .find(|(k, _, _)| earlier.keys.iter().any(|(e, _, _)| e == k))
            {
                return Err(table.error(
                    span,
                    &later.name,
                    format!(
                        "{} is also bound to {} on line {}; a key can do one thing (bind one of them to another key)",
                        quote(text),
                        earlier.name,
                        table.file.line_of(earlier.span.start)
                    ),
                ));
            }
        }
    }
    // Keys per action, in the help screen's order.
    let mut keys: Vec<Vec<KeySpec>> = Action::BINDABLE
        .iter()
        .map(|&action| {
            base.bindings()
                .iter()
                .filter(|b| b.action == action)
                .map(|b| b.key)
                .collect()
        })
        .collect();
    for binding in &user {
        let taken: Vec<KeySpec> = binding.keys.iter().map(|(k, _, _)| *k).collect();
        for (index, &other) in Action::BINDABLE.iter().enumerate() {
            if other == binding.action {
                keys[index] = taken.clone();
                continue;
            }
            if user.iter().any(|u| u.action == other)
                || !other.scope().overlaps(binding.action.scope())
            {
                continue;
            }
            let before = keys[index].len();
            keys[index].retain(|k| !taken.contains(k));
            if keys[index].is_empty() && before > 0 && !other.may_be_unbound() {
                let (_, text, span) = binding
                    .keys
                    .iter()
                    .find(|(k, _, _)| {
                        base.bindings()
                            .iter()
                            .any(|b| b.action == other && b.key == *k)
                    })
                    .unwrap_or(&binding.keys[0]);
                let in_use = |key: &KeySpec| {
                    keys.iter().flatten().any(|k| k == key)
                        || user.iter().any(|u| u.keys.iter().any(|(k, _, _)| k == key))
                };
                let example = (5..=12)
                    .map(|n| KeySpec::new(KeyCode::F(n), KeyModifiers::NONE))
                    .find(|key| !in_use(key))
                    .map_or(String::new(), |key| {
                        format!(" (for example {} = \"{key}\")", other.config_name())
                    });
                return Err(table.error(
                    span,
                    &binding.name,
                    format!(
                        "{} was the only key of {}; bind {} to another key too{example}",
                        quote(text),
                        other.config_name(),
                        other.config_name(),
                    ),
                ));
            }
        }
    }
    let bindings = Action::BINDABLE
        .iter()
        .zip(keys)
        .flat_map(|(&action, keys)| keys.into_iter().map(move |key| Binding { key, action }))
        .collect();
    Keymap::new(bindings).map_err(|e| table.file.error(0, &table.path, e.to_string()))
}

fn key_char(spec: &KeySpec) -> char {
    match spec.code {
        ratatui::crossterm::event::KeyCode::Char(c) if spec.modifiers.is_empty() => c,
        _ => '\0',
    }
}
