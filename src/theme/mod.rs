//! Themes in two stages: a theme file names colours and modifiers per semantic
//! slot (`given`, `conflict`, `cursor`, ...); resolving it for the terminal's
//! colour depth gives a [`Theme`] whose methods return ready `Style`s, so
//! widgets never hold raw colours.
//!
//! Built-in themes ship in the binary; user themes in `themes/` beside the
//! user's config override them slot by slot or add new ones.

mod color;
mod file;

pub use color::{
    degrade, indexed_rgb, nearest_16, nearest_256, no_color_requested, parse_color, ColorDepth,
    COLOR_NAMES,
};
pub use file::{SlotSpec, ThemeSpec, MODIFIER_NAMES};

use crate::toml_file::error::{ConfigError, SourceFile};
use ratatui::style::Style;
use std::path::Path;

/// The themes built into the binary, in the order `next theme` cycles them.
pub const BUILT_IN: &[(&str, &str)] = &[
    ("default", include_str!("../../themes/default.toml")),
    ("light", include_str!("../../themes/light.toml")),
    (
        "high-contrast",
        include_str!("../../themes/high-contrast.toml"),
    ),
    ("solarized", include_str!("../../themes/solarized.toml")),
    ("mono", include_str!("../../themes/mono.toml")),
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
    Region1 => "region_1", region_1, "Jigsaw regions of the first of four shades (neighbouring regions never share one); unset: box_even.";
    Region2 => "region_2", region_2, "Jigsaw regions of the second shade; unset: box_odd.";
    Region3 => "region_3", region_3, "Jigsaw regions of the third shade; unset: box_even.";
    Region4 => "region_4", region_4, "Jigsaw regions of the fourth shade; unset: box_odd.";
    ExtraHouse => "extra_house", extra_house, "Cells of a variant's extra houses: X's diagonals, windoku's windows (a tint), and the mark in their empty cells.";
    GridLine => "grid_line", grid_line, "Thin lines between cells of one box.";
    BoxLine => "box_line", box_line, "Heavy lines between boxes, and the board's frame.";
    Cage => "cage", cage, "Killer cages: the solid lines around each cage, and its sum; unset: box_line.";
    Given => "given", given, "A digit of the puzzle (cannot be changed).";
    Entry => "entry", entry, "A digit the player entered.";
    Conflict => "conflict", conflict, "A digit that repeats in a row, column or box, on every cell involved.";
    Mistake => "mistake", mistake, "A digit that differs from the solution, while mistakes are shown (`w`); a mark beside it says so without colour.";
    Note => "note", note, "Pencil marks.";
    Colour1 => "colour_1", colour_1, "The player's first colour mark (`o`): bg tints the cell, fg draws the cell's mark (●).";
    Colour2 => "colour_2", colour_2, "The second colour mark (▲).";
    Colour3 => "colour_3", colour_3, "The third colour mark (■).";
    Colour4 => "colour_4", colour_4, "The fourth colour mark (◆).";
    Colour5 => "colour_5", colour_5, "The fifth colour mark (★).";
    Colour6 => "colour_6", colour_6, "The sixth colour mark (✚).";
    Cursor => "cursor", cursor, "The cursor cell; unmistakable without colour (reverse video).";
    Peer => "peer", peer_highlight, "The cursor's row, column and box, faintly.";
    SameDigit => "same_digit", same_digit, "Every cell holding the cursor's digit.";
    Hint => "hint", hint_cells, "The cells a hint uses.";
    HintRemove => "hint_remove", hint_remove, "A note a hint removes; unlike any other note without colour.";
    HintPlace => "hint_place", hint_place, "A digit a hint places, shown where the notes go.";
    HintChain => "hint_chain", hint_chain, "A note on the chain a hint follows.";
    Status => "status", status, "The status line.";
    StatusKey => "status_key", status_key, "Key names in the status-line hints and the help screen.";
    Title => "title", title, "Titles: the help screen, the side panel, the celebration.";
    Border => "border", border, "Borders of panels and pop-ups.";
    Message => "message", message, "Messages: solved, paused, terminal too small.";
    SolverFocus => "solver_focus", solver_focus, "Solver view: the cell being tried.";
    SolverGuess => "solver_guess", solver_guess, "Solver view: a tentative placement (a guess on the stack).";
    SolverDeduce => "solver_deduce", solver_deduce, "Solver view: a placement deduced from a guess.";
    SolverBacktrack => "solver_backtrack", solver_backtrack, "Solver view: a placement being undone.";
    SolverDigit => "solver_digit", solver_digit, "Solver view: a digit the solver holds that is neither a guess nor deduced (local search).";
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

    /// The style of colour mark `colour` (1 to 6): its tint as the
    /// background, its mark's colour as the foreground. No style for
    /// anything else.
    pub fn colour_mark(&self, colour: u8) -> Style {
        let slot = match colour {
            1 => Slot::Colour1,
            2 => Slot::Colour2,
            3 => Slot::Colour3,
            4 => Slot::Colour4,
            5 => Slot::Colour5,
            6 => Slot::Colour6,
            _ => return Style::default(),
        };
        self.style(slot)
    }

    /// The lines around a killer's cages and their sums: the theme's
    /// `cage`, or where a theme leaves it out, its box lines.
    pub fn cage_line(&self) -> Style {
        let style = self.cage();
        if style == Style::default() {
            self.box_line()
        } else {
            style
        }
    }

    /// The shade of a jigsaw region coloured `shade` (0 to 3): its own
    /// slot, or where a theme leaves that out, the box checkerboard's.
    pub fn region_shade(&self, shade: u8) -> Style {
        let slot = match shade % 4 {
            0 => Slot::Region1,
            1 => Slot::Region2,
            2 => Slot::Region3,
            _ => Slot::Region4,
        };
        let style = self.style(slot);
        if style == Style::default() {
            self.box_shade(shade.is_multiple_of(2))
        } else {
            style
        }
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
        let built_ins = built_in_specs();
        let mut specs = built_ins.clone();
        for (path, name) in user_theme_files(user_dir, display_dir)? {
            let file = SourceFile::read(&path, format!("{display_dir}/{name}.toml"))?;
            let spec = ThemeSpec::parse(&file, &name, &built_ins)?;
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
            ThemeSpec::parse(&file, name, &[]).unwrap_or_else(|_| ThemeSpec::empty(name))
        })
        .collect()
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
