//! Colours in theme files: parsing the strings, the terminal's colour depth,
//! and degrading `#rrggbb` to the nearest 256- or 16-colour palette entry.

use crate::toml_file::error::{did_you_mean, one_of, quote};
use ratatui::style::Color;

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
