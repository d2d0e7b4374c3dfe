//! Theme files: each table is a style slot with colours and modifiers; a file
//! is read over a base theme and later resolved for a colour depth.

use super::color::{degrade, parse_color, ColorDepth};
use super::{Slot, Theme, BUILT_IN, MONO};
use crate::toml_file::error::{one_of, quote, ConfigError, SourceFile};
use crate::toml_file::walk::{parse_document, Table};
use ratatui::style::{Color, Modifier, Style};

/// Modifier names a theme may use.
pub const MODIFIER_NAMES: &[&str] = &[
    "bold",
    "dim",
    "italic",
    "underlined",
    "reversed",
    "crossed_out",
];

/// The modifiers `mono` may use: ones every terminal shows.
const MONO_MODIFIERS: Modifier = Modifier::BOLD
    .union(Modifier::DIM)
    .union(Modifier::UNDERLINED)
    .union(Modifier::REVERSED);

fn parse_modifier(text: &str) -> Option<Modifier> {
    match text.to_lowercase().as_str() {
        "bold" => Some(Modifier::BOLD),
        "dim" => Some(Modifier::DIM),
        "italic" => Some(Modifier::ITALIC),
        "underlined" | "underline" => Some(Modifier::UNDERLINED),
        "reversed" | "reverse" => Some(Modifier::REVERSED),
        "crossed_out" | "strikethrough" => Some(Modifier::CROSSED_OUT),
        _ => None,
    }
}

/// One slot as a theme file states it; unset fields fall through to the base theme.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SlotSpec {
    pub fg: Option<Color>,
    pub bg: Option<Color>,
    /// Used instead of `fg` on 16-colour terminals, where the nearest ANSI
    /// colour to `fg` may be a poor choice (two shades of grey both turning black).
    pub fg_16: Option<Color>,
    pub bg_16: Option<Color>,
    pub modifiers: Option<Modifier>,
}

/// A theme file, parsed but not yet resolved for a colour depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeSpec {
    pub name: String,
    pub description: String,
    slots: Vec<SlotSpec>,
}

impl ThemeSpec {
    pub(super) fn empty(name: &str) -> ThemeSpec {
        ThemeSpec {
            name: name.to_owned(),
            description: String::new(),
            slots: vec![SlotSpec::default(); Slot::ALL.len()],
        }
    }

    pub fn slot(&self, slot: Slot) -> SlotSpec {
        self.slots[slot as usize]
    }

    /// The styles for a terminal of `depth`.
    pub fn resolve(&self, depth: ColorDepth) -> Theme {
        let styles = self
            .slots
            .iter()
            .map(|spec| {
                let (fg, bg) = match depth {
                    ColorDepth::Ansi16 => (spec.fg_16.or(spec.fg), spec.bg_16.or(spec.bg)),
                    _ => (spec.fg, spec.bg),
                };
                let mut style = Style::new();
                if let Some(fg) = fg {
                    style = style.fg(degrade(fg, depth));
                }
                if let Some(bg) = bg {
                    style = style.bg(degrade(bg, depth));
                }
                style.add_modifier(spec.modifiers.unwrap_or(Modifier::empty()))
            })
            .collect();
        Theme {
            name: self.name.clone(),
            description: self.description.clone(),
            styles,
        }
    }

    /// Reads a theme file over its base: the built-in theme it `extends`, else
    /// the built-in theme of the same name, else the first (`default`). Each
    /// slot field the file names replaces the base's. `name` is the theme's
    /// name (its file stem); `built_ins` is empty when reading the built-ins.
    pub fn parse(
        file: &SourceFile,
        name: &str,
        built_ins: &[ThemeSpec],
    ) -> Result<ThemeSpec, ConfigError> {
        let document = parse_document(file)?;
        let root = Table::root(file, document.get_ref());
        let mut allowed = vec!["extends", "description"];
        allowed.extend(Slot::ALL.iter().map(|s| s.name()));
        root.check_keys(&allowed, "theme key")?;
        let base = match root.string("extends", "the name of a built-in theme")? {
            Some((extends, span)) => {
                built_ins
                    .iter()
                    .find(|b| b.name == extends)
                    .ok_or_else(|| {
                        let names: Vec<&str> = BUILT_IN.iter().map(|(n, _)| *n).collect();
                        root.error(
                            &span,
                            "extends",
                            format!(
                                "{} is not a built-in theme; themes extend one of {}",
                                quote(extends),
                                one_of(&names)
                            ),
                        )
                    })?
            }
            None => match built_ins.iter().find(|b| b.name == name) {
                Some(same_name) => same_name,
                None => match built_ins.first() {
                    Some(default) => default,
                    None => &ThemeSpec::empty(name),
                },
            },
        };
        let mut spec = base.clone();
        spec.name = name.to_owned();
        if let Some((description, _)) = root.string("description", "a line of text")? {
            spec.description = description.to_owned();
        }
        for &slot in Slot::ALL {
            let Some(table) = root.table(slot.name())? else {
                continue;
            };
            table.check_keys(&["fg", "bg", "fg_16", "bg_16", "modifiers"], "style key")?;
            let target = &mut spec.slots[slot as usize];
            for (key, field) in [
                ("fg", &mut target.fg),
                ("bg", &mut target.bg),
                ("fg_16", &mut target.fg_16),
                ("bg_16", &mut target.bg_16),
            ] {
                if let Some((text, span)) =
                    table.string(key, "a colour such as \"#d0d0d0\" or \"red\"")?
                {
                    let color =
                        parse_color(text).map_err(|reason| table.error(&span, key, reason))?;
                    if name == MONO && color != Color::Reset {
                        return Err(table.error(
                            &span,
                            key,
                            format!(
                                "{} is a colour, and mono is the theme without colour (for NO_COLOR); \
                                 make your own theme with extends = \"mono\" instead",
                                quote(text)
                            ),
                        ));
                    }
                    *field = Some(color);
                }
            }
            if let Some(value) = table.get("modifiers") {
                let expected = format!("a list of modifiers from {}", one_of(MODIFIER_NAMES));
                let mut modifiers = Modifier::empty();
                for (text, span) in table.strings("modifiers", value, &expected)? {
                    let modifier = parse_modifier(text).ok_or_else(|| {
                        table.error(
                            &span,
                            "modifiers",
                            format!(
                                "{} is not a modifier; modifiers are {}",
                                quote(text),
                                one_of(MODIFIER_NAMES)
                            ),
                        )
                    })?;
                    if name == MONO && !MONO_MODIFIERS.contains(modifier) {
                        return Err(table.error(
                            &span,
                            "modifiers",
                            format!(
                                "{} is not for mono, which uses only bold, dim, underlined and reversed \
                                 (every terminal shows those)",
                                quote(text)
                            ),
                        ));
                    }
                    modifiers |= modifier;
                }
                target.modifiers = Some(modifiers);
            }
        }
        Ok(spec)
    }
}
