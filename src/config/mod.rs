//! `config.toml`: the built-in defaults merged with the user's file, validated
//! before the terminal is taken over, so every mistake is reported on a normal
//! terminal with the file, line, key, value and the valid choices.
//!
//! A user file names only what it changes. Themes are loaded here too, because
//! the config names the theme and the user's themes live beside the config.

mod keymap_table;

// The file walking lives below config and theme; re-exported where the
// config's users have always found it.
pub use crate::toml_file::{error, walk};
pub use error::ConfigError;

use crate::engine::grader::Difficulty;
use crate::engine::shape::SUDOKU_SHAPES;
use crate::engine::Named;
use crate::engine::{SearchKind, Variant};
use crate::keymap::Keymap;
use crate::storage::config_dir;
use crate::theme::{self, ColorDepth, Theme, Themes};
use error::{one_of, quote, SourceFile};
use keymap_table::merge_keymap;
use std::path::{Path, PathBuf};
use std::time::Duration;
use walk::{parse_document, Table};

/// The documented defaults, built into the binary.
pub const BUILT_IN_CONFIG: &str = include_str!("../../config.toml");

/// Board sizes that can be dealt: those of the engine's sudoku shapes, in
/// their order (the one list of them).
pub const SIZES: [usize; SUDOKU_SHAPES.len()] = {
    let mut sizes = [0; SUDOKU_SHAPES.len()];
    let mut i = 0;
    while i < sizes.len() {
        sizes[i] = SUDOKU_SHAPES[i].0 as usize;
        i += 1;
    }
    sizes
};

/// Top-level keys of a config file.
const ROOT_KEYS: &[&str] = &[
    "theme",
    "color_depth",
    "size",
    "latin",
    "variant",
    "difficulty",
    "auto_remove_notes",
    "wrap",
    "show_timer",
    "show_mistakes",
    "mouse",
    "tick_rate_ms",
    "watch",
    "keymap",
];
const WATCH_KEYS: &[&str] = &["speed", "strategy", "step_limit", "start_from"];

/// Limits of the numeric settings, also quoted in messages.
pub const TICK_RATE_MS: (u64, u64) = (10, 1000);
pub const WATCH_SPEED: (f64, f64) = (1.0, 1_000_000.0);

/// Colour depth as configured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorDepthSetting {
    /// From `COLORTERM` and `TERM`.
    Auto,
    Fixed(ColorDepth),
}

/// Where the solver view starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WatchStart {
    /// The board as the player has it, entries included.
    Entries,
    /// The puzzle's givens only.
    Givens,
}

impl Named for ColorDepthSetting {
    const ALL: &'static [ColorDepthSetting] = &[
        ColorDepthSetting::Auto,
        ColorDepthSetting::Fixed(ColorDepth::TrueColor),
        ColorDepthSetting::Fixed(ColorDepth::Ansi256),
        ColorDepthSetting::Fixed(ColorDepth::Ansi16),
    ];
    const KIND: &'static str = "colour depth";

    fn name(self) -> &'static str {
        match self {
            ColorDepthSetting::Auto => "auto",
            ColorDepthSetting::Fixed(ColorDepth::TrueColor) => "truecolor",
            ColorDepthSetting::Fixed(ColorDepth::Ansi256) => "256",
            ColorDepthSetting::Fixed(ColorDepth::Ansi16) => "16",
        }
    }

    fn about(self) -> &'static str {
        match self {
            ColorDepthSetting::Auto => "as COLORTERM and TERM advertise",
            ColorDepthSetting::Fixed(ColorDepth::TrueColor) => "24-bit #rrggbb colours",
            ColorDepthSetting::Fixed(ColorDepth::Ansi256) => "the xterm 256-colour palette",
            ColorDepthSetting::Fixed(ColorDepth::Ansi16) => "the 16 ANSI colours",
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            ColorDepthSetting::Fixed(ColorDepth::TrueColor) => &["24bit"],
            _ => &[],
        }
    }
}

impl Named for WatchStart {
    const ALL: &'static [WatchStart] = &[WatchStart::Entries, WatchStart::Givens];
    const KIND: &'static str = "starting board";

    fn name(self) -> &'static str {
        match self {
            WatchStart::Entries => "entries",
            WatchStart::Givens => "givens",
        }
    }

    fn about(self) -> &'static str {
        match self {
            WatchStart::Entries => "the board as the player has it, entries included",
            WatchStart::Givens => "the puzzle's givens only",
        }
    }
}

/// Settings of the animated solver view.
#[derive(Clone, Debug, PartialEq)]
pub struct WatchConfig {
    /// Steps per second at start.
    pub speed: f64,
    /// Any strategy the view offers, backtracking or local search.
    pub strategy: SearchKind,
    /// The search stops after this many steps and says so.
    pub step_limit: u64,
    pub start_from: WatchStart,
}

/// Everything `config.toml` sets.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Name of the theme at start (always one of the loaded themes).
    pub theme: String,
    pub color_depth: ColorDepthSetting,
    /// Board size of a new deal, one of [`SIZES`].
    pub size: usize,
    /// A new deal is a Latin square (no boxes), not a sudoku.
    pub latin: bool,
    /// The rules of a new deal: classic, x, windoku, jigsaw, ...
    pub variant: Variant,
    pub difficulty: Difficulty,
    pub auto_remove_notes: bool,
    pub wrap: bool,
    /// The clock shows on the status line while playing (it runs either
    /// way: the statistics keep every time).
    pub show_timer: bool,
    /// Digits that differ from the solution are marked and counted (off by
    /// default, as in GNOME Sudoku; `w` switches).
    pub show_mistakes: bool,
    pub mouse: bool,
    /// Interval between animation frames.
    pub tick_rate: Duration,
    pub watch: WatchConfig,
    pub keymap: Keymap,
}

/// The config and themes in force.
#[derive(Clone, Debug)]
pub struct Loaded {
    pub config: Config,
    pub themes: Themes,
    /// The colour depth the themes were resolved for.
    pub color_depth: ColorDepth,
    /// The user files that were read, as named in messages (none: defaults only).
    pub files: Vec<String>,
}

impl Loaded {
    /// The theme to start with.
    pub fn theme(&self) -> &Theme {
        self.themes
            .get(&self.config.theme)
            .unwrap_or_else(|| self.themes.next_after(""))
    }
}

/// What `load` reads from the process environment, separate so tests can set it.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    /// `$XDG_CONFIG_HOME`, when set to an absolute path.
    pub config_home: Option<PathBuf>,
    /// `$HOME`.
    pub home: Option<PathBuf>,
    /// `NO_COLOR` is set and not empty.
    pub no_color: bool,
    pub colorterm: Option<String>,
    pub term: Option<String>,
}

impl Environment {
    pub fn from_process() -> Environment {
        let path = |name| {
            std::env::var_os(name)
                .map(PathBuf::from)
                .filter(|p| p.is_absolute())
        };
        Environment {
            config_home: path("XDG_CONFIG_HOME"),
            home: path("HOME"),
            no_color: theme::no_color_requested(std::env::var_os("NO_COLOR").as_deref()),
            colorterm: std::env::var("COLORTERM").ok(),
            term: std::env::var("TERM").ok(),
        }
    }

    /// The user's config file when no `--config` is given.
    pub fn default_config_path(&self) -> Option<PathBuf> {
        config_dir(self.config_home.as_deref(), self.home.as_deref())
            .map(|dir| dir.join("config.toml"))
    }

    /// A path as the user would write it: `~/...` under the home directory.
    pub fn display(&self, path: &Path) -> String {
        if let Some(rest) = self
            .home
            .as_ref()
            .and_then(|home| path.strip_prefix(home).ok())
        {
            return format!("~/{}", rest.display());
        }
        path.display().to_string()
    }
}

/// Loads the built-in config merged with the user's (or `cli_path`), and the
/// themes, from this process's environment. Call before taking over the terminal.
pub fn load(cli_path: Option<&Path>) -> Result<Loaded, ConfigError> {
    load_with(cli_path, &Environment::from_process())
}

/// Whether the user's config and themes break no rule, as [`load`] would
/// find them, for the commands that use neither (`doku solve`, `grade`,
/// ...). Where the user has no config file and no theme folder, and gives
/// no `--config`, nothing is read: the built-in files are checked by the
/// tests, and parsing them is three quarters of a one-puzzle `doku solve`.
pub fn check(cli_path: Option<&Path>) -> Result<(), ConfigError> {
    check_with(cli_path, &Environment::from_process())
}

/// [`check`] with the environment given.
pub fn check_with(cli_path: Option<&Path>, env: &Environment) -> Result<(), ConfigError> {
    // Anything but "not found" is read: a file, a folder, or an error that
    // `load` reports (a theme folder that cannot be listed).
    let present = |path: &Path| !matches!(std::fs::metadata(path), Err(e) if e.kind() == std::io::ErrorKind::NotFound);
    let user_files = cli_path.is_some()
        || env.default_config_path().is_some_and(|path| {
            present(&path)
                || path
                    .parent()
                    .is_some_and(|dir| present(&dir.join("themes")))
        });
    if user_files {
        load_with(cli_path, env).map(drop)
    } else {
        Ok(())
    }
}

/// [`load`] with the environment given.
pub fn load_with(cli_path: Option<&Path>, env: &Environment) -> Result<Loaded, ConfigError> {
    let mut draft = ConfigDraft::built_in();
    let mut files = Vec::new();
    let (path, required) = match cli_path {
        Some(path) => (Some(path.to_path_buf()), true),
        None => (env.default_config_path(), false),
    };
    let mut theme_named = None;
    if let Some(path) = &path {
        let name = env.display(path);
        if required || path.exists() {
            let file = SourceFile::read(path, name.clone())?;
            theme_named = draft.merge(&file)?;
            files.push(name);
        }
    }
    let mut config = draft.finish();
    let color_depth = match config.color_depth {
        ColorDepthSetting::Auto => {
            ColorDepth::detect(env.colorterm.as_deref(), env.term.as_deref())
        }
        ColorDepthSetting::Fixed(depth) => depth,
    };
    let theme_dir = path
        .as_deref()
        .and_then(Path::parent)
        .map(|dir| dir.join("themes"));
    let display_dir = theme_dir
        .as_deref()
        .map_or_else(|| "themes".into(), |dir| env.display(dir));
    let themes = Themes::load(theme_dir.as_deref(), &display_dir, color_depth)?;
    match &theme_named {
        Some(named) if themes.get(&config.theme).is_none() => {
            return Err(ConfigError {
                file: named.file.clone(),
                line: Some(named.line),
                key: Some("theme".into()),
                message: format!(
                    "{} is not a theme; themes: {} (or add themes/NAME.toml beside the config)",
                    quote(&config.theme),
                    one_of(&themes.names()),
                ),
            });
        }
        Some(_) => {}
        // NO_COLOR chooses mono unless the user's config names a theme.
        None if env.no_color => config.theme = theme::MONO.to_owned(),
        None => {}
    }
    Ok(Loaded {
        config,
        themes,
        color_depth,
        files,
    })
}

/// The value `key` names, spelled as everywhere else (see [`Named`]), or an
/// error listing the valid names.
fn named_value<T: Named>(table: &Table<'_, '_>, key: &str) -> Result<Option<T>, ConfigError> {
    // Quoted as they are written in the file (some are numbers: "256").
    let names: Vec<String> = T::ALL.iter().map(|v| quote(v.name())).collect();
    let Some((name, span)) = table.string(key, &format!("one of {}", one_of(&names)))? else {
        return Ok(None);
    };
    let value = T::from_name(name).ok_or_else(|| {
        table.error(
            &span,
            key,
            format!(
                "{} is not a {}; choose {}",
                quote(name),
                T::KIND,
                one_of(&names)
            ),
        )
    })?;
    Ok(Some(value))
}

/// Where the user's file named the theme, to point at it if no such theme exists.
struct ThemeNamed {
    file: String,
    line: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config::built_in()
    }
}

impl Config {
    /// The defaults: the built-in `config.toml`, the only place they are written.
    pub fn built_in() -> Config {
        ConfigDraft::built_in().finish()
    }
}

/// What the config files named so far: the built-in file names every key
/// (tests check it), a user's file only what it changes.
struct ConfigDraft {
    theme: Option<String>,
    color_depth: Option<ColorDepthSetting>,
    size: Option<usize>,
    latin: Option<bool>,
    variant: Option<Variant>,
    difficulty: Option<Difficulty>,
    auto_remove_notes: Option<bool>,
    wrap: Option<bool>,
    show_timer: Option<bool>,
    show_mistakes: Option<bool>,
    mouse: Option<bool>,
    tick_rate: Option<Duration>,
    watch: WatchDraft,
    keymap: Keymap,
}

#[derive(Default)]
struct WatchDraft {
    speed: Option<f64>,
    strategy: Option<SearchKind>,
    step_limit: Option<u64>,
    start_from: Option<WatchStart>,
}

impl ConfigDraft {
    /// Nothing named yet.
    fn empty() -> ConfigDraft {
        ConfigDraft {
            theme: None,
            color_depth: None,
            size: None,
            latin: None,
            variant: None,
            difficulty: None,
            auto_remove_notes: None,
            wrap: None,
            show_timer: None,
            show_mistakes: None,
            mouse: None,
            tick_rate: None,
            watch: WatchDraft::default(),
            keymap: Keymap::empty(),
        }
    }

    /// The built-in `config.toml`, merged.
    fn built_in() -> ConfigDraft {
        let mut draft = ConfigDraft::empty();
        let file = SourceFile::built_in("config.toml", BUILT_IN_CONFIG);
        if let Err(err) = draft.merge(&file) {
            // Compiled in and checked by the tests below: a bug, not user input.
            panic!("the built-in config.toml does not load: {err}");
        }
        draft
    }

    /// The config, every key set (the built-in file sets them all).
    fn finish(self) -> Config {
        fn set<T>(value: Option<T>, key: &str) -> T {
            // The built-in file names every key (see the tests below).
            value.unwrap_or_else(|| panic!("the built-in config.toml does not set {key}"))
        }
        Config {
            theme: set(self.theme, "theme"),
            color_depth: set(self.color_depth, "color_depth"),
            size: set(self.size, "size"),
            latin: set(self.latin, "latin"),
            variant: set(self.variant, "variant"),
            difficulty: set(self.difficulty, "difficulty"),
            auto_remove_notes: set(self.auto_remove_notes, "auto_remove_notes"),
            wrap: set(self.wrap, "wrap"),
            show_timer: set(self.show_timer, "show_timer"),
            show_mistakes: set(self.show_mistakes, "show_mistakes"),
            mouse: set(self.mouse, "mouse"),
            tick_rate: set(self.tick_rate, "tick_rate_ms"),
            watch: WatchConfig {
                speed: set(self.watch.speed, "watch.speed"),
                strategy: set(self.watch.strategy, "watch.strategy"),
                step_limit: set(self.watch.step_limit, "watch.step_limit"),
                start_from: set(self.watch.start_from, "watch.start_from"),
            },
            keymap: self.keymap,
        }
    }

    /// Applies what `file` names over this config. On error nothing is
    /// guaranteed about `self` (the caller stops the program).
    fn merge(&mut self, file: &SourceFile) -> Result<Option<ThemeNamed>, ConfigError> {
        let document = parse_document(file)?;
        let root = Table::root(file, document.get_ref());
        root.check_keys(ROOT_KEYS, "key")?;

        let mut theme_named = None;
        if let Some((name, span)) = root.string("theme", "a theme name such as \"default\"")? {
            self.theme = Some(name.to_owned());
            theme_named = Some(ThemeNamed {
                file: file.name.clone(),
                line: file.line_of(span.start),
            });
        }
        if let Some(depth) = named_value(&root, "color_depth")? {
            self.color_depth = Some(depth);
        }
        let sizes: Vec<String> = SIZES.iter().map(|s| s.to_string()).collect();
        let size_choices = one_of(&sizes);
        if let Some((size, span)) =
            root.integer("size", &format!("a board size: {size_choices}"))?
        {
            let size = usize::try_from(size)
                .ok()
                .filter(|s| SIZES.contains(s))
                .ok_or_else(|| {
                    root.error(
                        &span,
                        "size",
                        format!("{size} is not a board size; sizes are {size_choices}"),
                    )
                })?;
            self.size = Some(size);
        }
        if let Some(difficulty) = named_value(&root, "difficulty")? {
            self.difficulty = Some(difficulty);
        }
        if let Some(variant) = named_value(&root, "variant")? {
            self.variant = Some(variant);
        }
        for (key, field) in [
            ("latin", &mut self.latin),
            ("auto_remove_notes", &mut self.auto_remove_notes),
            ("wrap", &mut self.wrap),
            ("show_timer", &mut self.show_timer),
            ("show_mistakes", &mut self.show_mistakes),
            ("mouse", &mut self.mouse),
        ] {
            if let Some(value) = root.boolean(key)? {
                *field = Some(value);
            }
        }
        let (low, high) = TICK_RATE_MS;
        let tick_expected = format!("milliseconds, a whole number from {low} to {high}");
        if let Some((ms, span)) = root.integer("tick_rate_ms", &tick_expected)? {
            let ms = u64::try_from(ms)
                .ok()
                .filter(|ms| (low..=high).contains(ms))
                .ok_or_else(|| {
                    root.error(
                        &span,
                        "tick_rate_ms",
                        format!("{ms} is out of range; {tick_expected}"),
                    )
                })?;
            self.tick_rate = Some(Duration::from_millis(ms));
        }
        if let Some(watch) = root.table("watch")? {
            self.merge_watch(&watch)?;
        }
        if let Some(keymap) = root.table("keymap")? {
            self.keymap = merge_keymap(&self.keymap, &keymap)?;
        }
        Ok(theme_named)
    }

    fn merge_watch(&mut self, watch: &Table<'_, '_>) -> Result<(), ConfigError> {
        watch.check_keys(WATCH_KEYS, "key")?;
        let (low, high) = WATCH_SPEED;
        let speed_expected = format!("steps per second, a number from {low} to {high}");
        if let Some((speed, span)) = watch.number("speed", &speed_expected)? {
            if !(low..=high).contains(&speed) {
                return Err(watch.error(
                    &span,
                    "speed",
                    format!("{speed} is out of range; {speed_expected}"),
                ));
            }
            self.watch.speed = Some(speed);
        }
        // The names the view shows and `doku watch --strategy` takes.
        if let Some(strategy) = named_value(watch, "strategy")? {
            self.watch.strategy = Some(strategy);
        }
        let limit_expected = "a whole number of steps, at least 1";
        if let Some((limit, span)) = watch.integer("step_limit", limit_expected)? {
            let limit = u64::try_from(limit)
                .ok()
                .filter(|&l| l >= 1)
                .ok_or_else(|| {
                    watch.error(
                        &span,
                        "step_limit",
                        format!("{limit} is out of range; {limit_expected}"),
                    )
                })?;
            self.watch.step_limit = Some(limit);
        }
        if let Some(start) = named_value(watch, "start_from")? {
            self.watch.start_from = Some(start);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keymap::Action;

    #[test]
    fn built_in_config_merges_cleanly() {
        let mut draft = ConfigDraft::empty();
        let file = SourceFile::built_in("config.toml", BUILT_IN_CONFIG);
        assert_eq!(draft.merge(&file).err(), None);
        let config = draft.finish();
        assert!(!config.keymap.bindings().is_empty());
    }

    #[test]
    fn built_in_config_documents_every_setting() {
        let file = SourceFile::built_in("config.toml", BUILT_IN_CONFIG);
        let document = parse_document(&file).unwrap_or_else(|e| panic!("{e}"));
        let root = Table::root(&file, document.get_ref());
        for key in ROOT_KEYS {
            assert!(root.get(key).is_some(), "config.toml does not set {key}");
        }
        let table = |name| match root.table(name) {
            Ok(Some(table)) => table,
            _ => panic!("config.toml has no [{name}]"),
        };
        for key in WATCH_KEYS {
            assert!(
                table("watch").get(key).is_some(),
                "config.toml does not set watch.{key}"
            );
        }
        for name in Action::config_names() {
            assert!(
                table("keymap").get(name).is_some(),
                "config.toml does not bind {name}"
            );
        }
    }
}
