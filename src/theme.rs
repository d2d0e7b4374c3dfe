//! Themes in two stages: a theme file names colours and modifiers per semantic
//! slot (`given`, `conflict`, `cursor`, ...); resolving it for the terminal's
//! colour depth gives a [`Theme`] whose methods return ready `Style`s, so
//! widgets never hold raw colours.
//!
//! Built-in themes ship in the binary; user themes in `themes/` beside the
//! user's config override them slot by slot or add new ones.

use crate::config::error::{did_you_mean, one_of, quote, ConfigError, SourceFile};
use crate::config::walk::{parse_document, Table};
use ratatui::style::{Color, Modifier, Style};
use std::path::Path;

/// The themes built into the binary, in the order `next theme` cycles them.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("default", include_str!("../themes/default.toml")),
    ("light", include_str!("../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../themes/high-contrast.toml"),
    ),
    ("solarized", include_str!("../themes/solarized.toml")),
    ("mono", include_str!("../themes/mono.toml")),
];

/// The theme without colour, chosen when `NO_COLOR` is set.
pub const MONO: &str = "mono";

macro_rules! slots {
    ($( $variant:ident => $name:literal, $method:ident, $doc:literal; )*) => {
        /// A semantic style slot of a theme; its name is its table in the theme file.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Slot { $( #[doc = $doc] $variant, )* }

        impl Slot {
            pub const ALL: &'static [Slot] = &[ $( Slot::$variant, )* ];

            /// The slot's table name in a theme file.
            pub fn name(self) -> &'static str {
                match self { $( Slot::$variant => $name, )* }
            }
        }

        impl Theme {
            $(
                #[doc = $doc]
                pub fn $method(&self) -> Style {
                    self.style(Slot::$variant)
                }
            )*
        }
    };
}

slots! {
    Text => "text", text, "Everything outside the board: the screen's own text and background.";
    Board => "board", board, "An empty cell, under the box shading.";
    BoxEven => "box_even", box_even, "Cells of boxes 0, 2, 4, ... in checkerboard order.";
    BoxOdd => "box_odd", box_odd, "Cells of the other boxes of the checkerboard.";
    GridLine => "grid_line", grid_line, "Thin lines between cells of one box.";
    BoxLine => "box_line", box_line, "Heavy lines between boxes, and the board's frame.";
    Given => "given", given, "A digit of the puzzle (cannot be changed).";
    Entry => "entry", entry, "A digit the player entered.";
    Conflict => "conflict", conflict, "A digit that repeats in a row, column or box, on every cell involved.";
    Note => "note", note, "Pencil marks.";
    Cursor => "cursor", cursor, "The cursor cell; unmistakable without colour (reverse video).";
    Peer => "peer", peer_highlight, "The cursor's row, column and box, faintly.";
    SameDigit => "same_digit", same_digit, "Every cell holding the cursor's digit.";
    Hint => "hint", hint_cells, "The cells a hint uses.";
    Status => "status", status, "The status line.";
    StatusKey => "status_key", status_key, "Key names in the status-line hints and the help screen.";
    Title => "title", title, "Titles: the help screen, the side panel, the celebration.";
    Border => "border", border, "Borders of panels and pop-ups.";
    Message => "message", message, "Messages: solved, paused, terminal too small.";
    SolverFocus => "solver_focus", solver_focus, "Solver view: the cell being tried.";
    SolverGuess => "solver_guess", solver_guess, "Solver view: a tentative placement (a guess on the stack).";
    SolverDeduce => "solver_deduce", solver_deduce, "Solver view: a placement deduced from a guess.";
    SolverBacktrack => "solver_backtrack", solver_backtrack, "Solver view: a placement being undone.";
}

/// Colour depth of the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorDepth {
    /// 24-bit `#rrggbb`.
    TrueColor,
    /// The xterm 256-colour palette.
    Ansi256,
    /// The 16 ANSI colours.
    Ansi16,
}

impl ColorDepth {
    /// Names accepted for `color_depth` in the config.
    pub const NAMES: &'static [&'static str] = &["truecolor", "256", "16"];

    pub fn from_name(name: &str) -> Option<ColorDepth> {
        match name {
            "truecolor" | "24bit" => Some(ColorDepth::TrueColor),
            "256" => Some(ColorDepth::Ansi256),
            "16" => Some(ColorDepth::Ansi16),
            _ => None,
        }
    }

    /// The depth a terminal advertises through `COLORTERM` and `TERM`. Unknown
    /// terminals get 16 colours: wrong but legible beats garbage escapes.
    pub fn detect(colorterm: Option<&str>, term: Option<&str>) -> ColorDepth {
        let colorterm = colorterm.unwrap_or("").to_ascii_lowercase();
        let term = term.unwrap_or("").to_ascii_lowercase();
        if colorterm == "truecolor" || colorterm == "24bit" || term.ends_with("-direct") {
            ColorDepth::TrueColor
        } else if term.contains("256color") {
            ColorDepth::Ansi256
        } else {
            ColorDepth::Ansi16
        }
    }

    /// [`ColorDepth::detect`] on this process's environment.
    pub fn from_env() -> ColorDepth {
        let colorterm = std::env::var("COLORTERM").ok();
        let term = std::env::var("TERM").ok();
        ColorDepth::detect(colorterm.as_deref(), term.as_deref())
    }
}

/// `NO_COLOR` is set to something non-empty (<https://no-color.org>).
pub fn no_color_requested(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_some_and(|v| !v.is_empty())
}

/// The xterm colour cube's six levels per channel.
const CUBE_LEVELS: [u8; 6] = [0, 95, 135, 175, 215, 255];

/// xterm's default values for the 16 ANSI colours, in index order.
const ANSI16: [(Color, [u8; 3]); 16] = [
    (Color::Black, [0, 0, 0]),
    (Color::Red, [205, 0, 0]),
    (Color::Green, [0, 205, 0]),
    (Color::Yellow, [205, 205, 0]),
    (Color::Blue, [0, 0, 238]),
    (Color::Magenta, [205, 0, 205]),
    (Color::Cyan, [0, 205, 205]),
    (Color::Gray, [229, 229, 229]),
    (Color::DarkGray, [127, 127, 127]),
    (Color::LightRed, [255, 0, 0]),
    (Color::LightGreen, [0, 255, 0]),
    (Color::LightYellow, [255, 255, 0]),
    (Color::LightBlue, [92, 92, 255]),
    (Color::LightMagenta, [255, 0, 255]),
    (Color::LightCyan, [0, 255, 255]),
    (Color::White, [255, 255, 255]),
];

fn distance(a: [u8; 3], b: [u8; 3]) -> u32 {
    a.iter()
        .zip(b)
        .map(|(&x, y)| (i32::from(x) - i32::from(y)).pow(2) as u32)
        .sum()
}

/// The RGB value of an xterm palette index.
pub fn indexed_rgb(index: u8) -> [u8; 3] {
    match index {
        0..=15 => ANSI16[usize::from(index)].1,
        16..=231 => {
            let i = index - 16;
            [
                CUBE_LEVELS[usize::from(i / 36)],
                CUBE_LEVELS[usize::from(i / 6 % 6)],
                CUBE_LEVELS[usize::from(i % 6)],
            ]
        }
        232..=255 => {
            let level = 8 + 10 * (index - 232);
            [level; 3]
        }
    }
}

/// The nearest colour of the 256 palette's cube and grey ramp (indices 16..=255;
/// 0..=15 are left out because every terminal theme redefines them).
pub fn nearest_256(rgb: [u8; 3]) -> u8 {
    let nearest_level = |v: u8| {
        (0..6)
            .min_by_key(|&i| (i32::from(CUBE_LEVELS[i]) - i32::from(v)).abs())
            .unwrap_or(0) as u8
    };
    let cube = 16 + 36 * nearest_level(rgb[0]) + 6 * nearest_level(rgb[1]) + nearest_level(rgb[2]);
    let mean = (rgb.iter().map(|&v| u32::from(v)).sum::<u32>() / 3) as i32;
    let grey = 232 + ((mean - 8).clamp(0, 230) + 5) as u8 / 10;
    if distance(indexed_rgb(grey), rgb) < distance(indexed_rgb(cube), rgb) {
        grey
    } else {
        cube
    }
}

/// The nearest of the 16 ANSI colours.
pub fn nearest_16(rgb: [u8; 3]) -> Color {
    ANSI16
        .iter()
        .min_by_key(|(_, value)| distance(*value, rgb))
        .map_or(Color::Reset, |(color, _)| *color)
}

/// A colour as the terminal of `depth` can show it.
pub fn degrade(color: Color, depth: ColorDepth) -> Color {
    match (color, depth) {
        (_, ColorDepth::TrueColor) => color,
        (Color::Rgb(r, g, b), ColorDepth::Ansi256) => Color::Indexed(nearest_256([r, g, b])),
        (Color::Rgb(r, g, b), ColorDepth::Ansi16) => nearest_16([r, g, b]),
        (Color::Indexed(i), ColorDepth::Ansi16) => nearest_16(indexed_rgb(i)),
        _ => color,
    }
}

/// Colour names a theme may use, as listed in messages.
pub const COLOR_NAMES: &[&str] = &[
    "black",
    "red",
    "green",
    "yellow",
    "blue",
    "magenta",
    "cyan",
    "gray",
    "dark_gray",
    "light_red",
    "light_green",
    "light_yellow",
    "light_blue",
    "light_magenta",
    "light_cyan",
    "white",
];

/// Parses `"#rrggbb"`, `"color0"`..`"color255"`, `"reset"` or a colour name;
/// the error says what is wrong with it.
pub fn parse_color(text: &str) -> Result<Color, String> {
    let valid = format!(
        "colours look like \"#rrggbb\", \"color0\" to \"color255\", \"reset\" or a name: {}",
        one_of(COLOR_NAMES)
    );
    if let Some(hex) = text.strip_prefix('#') {
        if let Some(bad) = hex.chars().find(|c| !c.is_ascii_hexdigit()) {
            return Err(format!(
                "{} is not a colour: {} is not a hex digit ({valid})",
                quote(text),
                quote(&bad.to_string())
            ));
        }
        if hex.len() != 6 {
            return Err(format!(
                "{} is not a colour: it has {} hex digits, not 6 ({valid})",
                quote(text),
                hex.len()
            ));
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
        return Ok(Color::Rgb(channel(0), channel(2), channel(4)));
    }
    let lower = text.to_lowercase();
    for prefix in ["color", "colour"] {
        if let Some(number) = lower.strip_prefix(prefix) {
            if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit()) {
                return number.parse::<u8>().map(Color::Indexed).map_err(|_| {
                    format!(
                        "{} is not a colour: indexed colours go from color0 to color255",
                        quote(text)
                    )
                });
            }
        }
    }
    let squashed: String = lower
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .collect();
    let squashed = squashed.replace("grey", "gray");
    if squashed == "reset" {
        return Ok(Color::Reset);
    }
    if let Some(index) = COLOR_NAMES
        .iter()
        .position(|name| name.replace('_', "") == squashed)
    {
        return Ok(ANSI16[index].0);
    }
    let hint = match did_you_mean(&lower, COLOR_NAMES) {
        Some(name) => format!("did you mean \"{name}\"? "),
        None => String::new(),
    };
    Err(format!("{} is not a colour; {hint}{valid}", quote(text)))
}

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
    fn empty(name: &str) -> ThemeSpec {
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

    /// Reads a theme file over `base`: each slot field the file names replaces
    /// the base's. `name` is the theme's name (its file stem).
    pub fn parse(
        file: &SourceFile,
        name: &str,
        base: Option<&ThemeSpec>,
    ) -> Result<ThemeSpec, ConfigError> {
        let document = parse_document(file)?;
        let root = Table::root(file, document.get_ref());
        let mut allowed = vec!["extends", "description"];
        allowed.extend(Slot::ALL.iter().map(|s| s.name()));
        root.check_keys(&allowed, "theme key")?;
        let mut spec = base.cloned().unwrap_or_else(|| ThemeSpec::empty(name));
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

/// A theme resolved for the terminal: one `Style` per slot.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Theme {
    name: String,
    description: String,
    styles: Vec<Style>,
}

impl Theme {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn description(&self) -> &str {
        &self.description
    }

    /// The style of a slot.
    pub fn style(&self, slot: Slot) -> Style {
        self.styles.get(slot as usize).copied().unwrap_or_default()
    }

    /// Box shading of the checkerboard: `even` for boxes whose
    /// `box_row + box_col` is even.
    pub fn box_shade(&self, even: bool) -> Style {
        self.style(if even { Slot::BoxEven } else { Slot::BoxOdd })
    }
}

/// Every theme available, built-in ones first, in cycling order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Themes {
    themes: Vec<Theme>,
}

impl Themes {
    /// The built-in themes only.
    pub fn built_in(depth: ColorDepth) -> Themes {
        Themes {
            themes: built_in_specs()
                .iter()
                .map(|spec| spec.resolve(depth))
                .collect(),
        }
    }

    /// The built-in themes with the user's `*.toml` files in `user_dir` over
    /// them. A file named like a built-in theme changes it; another name adds
    /// a theme based on `extends` (default: `default`).
    pub fn load(
        user_dir: Option<&Path>,
        display_dir: &str,
        depth: ColorDepth,
    ) -> Result<Themes, ConfigError> {
        let mut specs = built_in_specs();
        let built_in_names: Vec<&str> = BUILT_IN.iter().map(|(name, _)| *name).collect();
        for (path, name) in user_theme_files(user_dir, display_dir)? {
            let file = SourceFile::read(&path, format!("{display_dir}/{name}.toml"))?;
            let base_name = extends_of(&file)?;
            let base_name = base_name.as_ref().map(|(n, _)| n.as_str());
            let base = match base_name {
                Some(base) => match specs.iter().take(BUILT_IN.len()).find(|s| s.name == base) {
                    Some(spec) => spec.clone(),
                    None => {
                        let span = extends_of(&file)?.map_or(0, |(_, span)| span);
                        return Err(file.error(
                            span,
                            "extends",
                            format!(
                                "{} is not a built-in theme; themes extend one of {}",
                                quote(base),
                                one_of(&built_in_names)
                            ),
                        ));
                    }
                },
                None => specs
                    .iter()
                    .find(|s| s.name == name)
                    .or_else(|| specs.first())
                    .cloned()
                    .unwrap_or_else(|| ThemeSpec::empty(&name)),
            };
            let spec = ThemeSpec::parse(&file, &name, Some(&base))?;
            match specs.iter_mut().find(|s| s.name == name) {
                Some(existing) => *existing = spec,
                None => specs.push(spec),
            }
        }
        Ok(Themes {
            themes: specs.iter().map(|spec| spec.resolve(depth)).collect(),
        })
    }

    pub fn get(&self, name: &str) -> Option<&Theme> {
        self.themes.iter().find(|t| t.name == name)
    }

    /// Theme names in cycling order.
    pub fn names(&self) -> Vec<&str> {
        self.themes.iter().map(|t| t.name.as_str()).collect()
    }

    /// The theme after `name` in cycling order (wrapping round).
    pub fn next_after(&self, name: &str) -> &Theme {
        let index = self
            .themes
            .iter()
            .position(|t| t.name == name)
            .map_or(0, |i| i + 1);
        &self.themes[index % self.themes.len()]
    }
}

fn built_in_specs() -> Vec<ThemeSpec> {
    BUILT_IN
        .iter()
        .map(|(name, text)| {
            let file = SourceFile::built_in(&format!("themes/{name}.toml"), text);
            // The built-in files are checked by tests; a broken one must not
            // stop the game, so it degrades to an unstyled theme.
            ThemeSpec::parse(&file, name, None).unwrap_or_else(|_| ThemeSpec::empty(name))
        })
        .collect()
}

/// The `extends` value of a theme file and its position, read before the rest.
fn extends_of(file: &SourceFile) -> Result<Option<(String, usize)>, ConfigError> {
    let document = parse_document(file)?;
    let root = Table::root(file, document.get_ref());
    Ok(root
        .string("extends", "the name of a built-in theme")?
        .map(|(name, span)| (name.to_owned(), span.start)))
}

/// `*.toml` files in the user's theme folder, sorted, with their theme names.
fn user_theme_files(
    dir: Option<&Path>,
    display_dir: &str,
) -> Result<Vec<(std::path::PathBuf, String)>, ConfigError> {
    let Some(dir) = dir else {
        return Ok(Vec::new());
    };
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => {
            return Err(ConfigError {
                file: display_dir.to_owned(),
                line: None,
                key: None,
                message: format!("cannot read the theme folder: {e}"),
            })
        }
    };
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("toml") {
            continue;
        }
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            return Err(ConfigError {
                file: format!("{display_dir}/{}", path.display()),
                line: None,
                key: None,
                message: "a theme's file name must be UTF-8 text (it is the theme's name)".into(),
            });
        };
        files.push((path.clone(), stem.to_owned()));
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colour_strings_parse() {
        assert_eq!(parse_color("#ff8000"), Ok(Color::Rgb(255, 128, 0)));
        assert_eq!(parse_color("#FF8000"), Ok(Color::Rgb(255, 128, 0)));
        assert_eq!(parse_color("color123"), Ok(Color::Indexed(123)));
        assert_eq!(parse_color("reset"), Ok(Color::Reset));
        assert_eq!(parse_color("light_blue"), Ok(Color::LightBlue));
        assert_eq!(parse_color("DarkGrey"), Ok(Color::DarkGray));
    }

    #[test]
    fn bad_colours_say_why() {
        let fails = |text: &str, fragment: &str| {
            let error = parse_color(text).err().unwrap_or_default();
            assert!(error.contains(fragment), "{text}: {error}");
        };
        fails("#zz0000", "\"z\" is not a hex digit");
        fails("#12345", "it has 5 hex digits, not 6");
        fails("color256", "color0 to color255");
        fails("rde", "did you mean \"red\"?");
        fails("#ｆｆ0000", "\"ｆ\" is not a hex digit");
    }
}
