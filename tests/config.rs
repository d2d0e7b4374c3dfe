//! Config, keymap and theme loading as the program does it: built-in files,
//! user files merged over them, and every invalid file in `tests/invalid_*`
//! stopping with its exact message.

use doku::config::error::SourceFile;
use doku::config::{self, Config, ConfigError, Environment, Loaded, WatchStart};
use doku::engine::grader::Difficulty;
use doku::engine::{Named, SearchKind};
use doku::keymap::{Action, KeyContext, KeySpec};
use doku::theme::{self, ColorDepth, Slot, ThemeSpec, Themes};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::{Color, Modifier};
use std::path::{Path, PathBuf};

fn tests_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join(name)
}

/// An environment with no user files and no terminal hints.
fn bare_env() -> Environment {
    Environment::default()
}

/// A user config folder in a temporary directory: `doku/config.toml` holds
/// `text`, and `config_home` points at it.
fn user_config(text: &str) -> (tempfile::TempDir, Environment) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let doku = dir.path().join("doku");
    std::fs::create_dir_all(doku.join("themes")).unwrap_or_else(|e| panic!("mkdir: {e}"));
    std::fs::write(doku.join("config.toml"), text).unwrap_or_else(|e| panic!("write: {e}"));
    let env = Environment {
        config_home: Some(dir.path().to_path_buf()),
        ..Environment::default()
    };
    (dir, env)
}

fn load_text(text: &str) -> Result<Loaded, ConfigError> {
    let (_dir, env) = user_config(text);
    config::load_with(None, &env)
}

fn loaded(text: &str) -> Loaded {
    load_text(text).unwrap_or_else(|e| panic!("{text:?} should load: {e}"))
}

fn load_error(text: &str) -> String {
    match load_text(text) {
        Ok(_) => panic!("{text:?} should not load"),
        Err(e) => e.to_string(),
    }
}

/// The fragment after `# expect: ` on the first line (or the second, after `# as: NAME`).
fn expectation(path: &Path) -> (String, Option<String>) {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = String::from_utf8_lossy(&bytes);
    let mut expect = None;
    let mut as_name = None;
    for line in text.lines().take(2) {
        if let Some(fragment) = line.strip_prefix("# expect: ") {
            expect = Some(fragment.to_owned());
        }
        if let Some(name) = line.strip_prefix("# as: ") {
            as_name = Some(name.trim().to_owned());
        }
    }
    let expect = expect.unwrap_or_else(|| panic!("{}: no `# expect: ` line", path.display()));
    (expect, as_name)
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

#[test]
fn every_invalid_config_stops_with_its_message() {
    let files = toml_files(&tests_dir("invalid_configs"));
    assert!(files.len() >= 25, "only {} invalid configs", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let (expect, _) = expectation(path);
        match config::load_with(Some(path), &bare_env()) {
            Ok(_) => failures.push(format!("{}: loaded without error", path.display())),
            Err(error) => {
                let message = error.to_string();
                let file_named = message.starts_with(&path.display().to_string());
                if !message.contains(&expect) || !file_named {
                    failures.push(format!(
                        "{}:\n  expected: {expect}\n  got:      {message}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_invalid_theme_stops_with_its_message() {
    let files = toml_files(&tests_dir("invalid_themes"));
    assert!(files.len() >= 10, "only {} invalid themes", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let (expect, as_name) = expectation(path);
        let (dir, env) = user_config("");
        let name = as_name.unwrap_or_else(|| "ocean".into());
        let target = dir.path().join("doku/themes").join(format!("{name}.toml"));
        std::fs::copy(path, &target).unwrap_or_else(|e| panic!("copy: {e}"));
        match config::load_with(None, &env) {
            Ok(_) => failures.push(format!("{}: loaded without error", path.display())),
            Err(error) => {
                let message = error.to_string();
                if !message.contains(&expect) || !message.contains(&format!("themes/{name}.toml")) {
                    failures.push(format!(
                        "{}:\n  expected: {expect}\n  got:      {message}",
                        path.display()
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_check_of_the_batch_commands_finds_what_loading_finds() {
    // No user files at all: nothing to find.
    let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let nothing = Environment {
        config_home: Some(empty.path().to_path_buf()),
        ..Environment::default()
    };
    assert!(config::check_with(None, &nothing).is_ok());
    // A bad config.toml where the user keeps it.
    let (_dir, env) = user_config("size = 7\n");
    let error = config::check_with(None, &env).expect_err("size 7 is no board size");
    let loading = config::load_with(None, &env).expect_err("size 7 is no board size");
    assert_eq!(error.to_string(), loading.to_string());
    // A bad theme beside no config.toml at all.
    let (dir, env) = user_config("");
    std::fs::remove_file(dir.path().join("doku/config.toml"))
        .unwrap_or_else(|e| panic!("remove: {e}"));
    let theme = toml_files(&tests_dir("invalid_themes"))
        .into_iter()
        .find(|path| expectation(path).1.is_none())
        .expect("an invalid theme");
    std::fs::copy(&theme, dir.path().join("doku/themes/ocean.toml"))
        .unwrap_or_else(|e| panic!("copy: {e}"));
    let error = config::check_with(None, &env).expect_err("the theme is invalid");
    assert!(error.to_string().contains("themes/ocean.toml"), "{error}");
}

#[test]
fn bundled_config_gives_the_documented_defaults() {
    let loaded = config::load_with(None, &bare_env()).unwrap_or_else(|e| panic!("{e}"));
    let config = &loaded.config;
    assert!(loaded.files.is_empty());
    assert_eq!(config.theme, "default");
    assert_eq!(config.size, 9);
    assert_eq!(config.difficulty, Difficulty::Medium);
    assert!(config.auto_remove_notes);
    assert!(!config.wrap);
    assert_eq!(config.watch.strategy, SearchKind::Mrv);
    assert_eq!(config.watch.step_limit, 10_000_000);
    assert_eq!(config.watch.start_from, WatchStart::Entries);
    assert_eq!(config, &Config::built_in());
}

#[test]
fn bundled_keymap_matches_the_product_key_table() {
    let keymap = Config::built_in().keymap;
    let keys = |action| keymap.keys_for(action);
    assert_eq!(keys(Action::MoveUp), ["Up", "k"]);
    assert_eq!(keys(Action::MoveLeft), ["Left", "h"]);
    // The product's erase keys: Backspace is its own action so that in
    // the editor it can erase the cell before; in play it erases as well.
    assert_eq!(keys(Action::Erase), ["0", "Delete", "x"]);
    assert_eq!(keys(Action::EraseBack), ["Backspace"]);
    assert_eq!(keys(Action::SkipCell), [".", "Space"]);
    assert_eq!(keys(Action::ToggleNotes), ["n", "Tab"]);
    assert_eq!(keys(Action::Undo), ["u", "Ctrl-u"]);
    assert_eq!(keys(Action::Redo), ["Ctrl-r"]);
    assert_eq!(keys(Action::Help)[0], "?");
    assert_eq!(keys(Action::Hint)[0], "H");
    assert_eq!(keys(Action::ToggleWatch), ["a", "Ctrl-w"]);
    assert_eq!(keys(Action::WatchPause), ["Space"]);
    assert_eq!(keys(Action::WatchStep), ["."]);
    assert_eq!(keys(Action::WatchFaster)[0], "+");
    assert_eq!(keys(Action::WatchSlower), ["-"]);
    assert_eq!(keys(Action::WatchNextStrategy), ["s"]);
    assert_eq!(keys(Action::NewGame), ["g", "Ctrl-n"]);
    assert_eq!(keys(Action::CycleDifficulty), ["d", "Ctrl-d"]);
    assert_eq!(keys(Action::CycleSize), ["z"]);
    assert_eq!(keys(Action::CycleSizeBack), ["Z"]);
    assert_eq!(keys(Action::Edit), ["e", "Ctrl-e"]);
    assert_eq!(keys(Action::Restart), ["r"]);
    assert_eq!(keys(Action::Pause), ["p", "Ctrl-p"]);
    assert_eq!(keys(Action::NextTheme), ["t"]);
    assert_eq!(keys(Action::FillCandidates), ["c", "Ctrl-f"]);
    assert_eq!(keys(Action::Quit), ["q", "Ctrl-c"]);
    let help = keymap.help_entries();
    assert_eq!(help.len(), Action::BINDABLE.len());
    assert!(help
        .iter()
        .all(|entry| !entry.keys.is_empty() && !entry.description.is_empty()));
}

fn press(code: KeyCode, modifiers: KeyModifiers) -> KeyEvent {
    KeyEvent::new(code, modifiers)
}

#[test]
fn keys_do_what_the_keymap_says_in_each_mode() {
    let keymap = Config::built_in().keymap;
    let act = |code, modifiers, mode, size| keymap.action_for(&press(code, modifiers), mode, size);
    let none = KeyModifiers::NONE;
    assert_eq!(
        act(KeyCode::Char('5'), none, KeyContext::Play, 9),
        Some(Action::Enter(5))
    );
    assert_eq!(
        act(KeyCode::Char('k'), none, KeyContext::Play, 9),
        Some(Action::MoveUp)
    );
    assert_eq!(
        act(
            KeyCode::Char('c'),
            KeyModifiers::CONTROL,
            KeyContext::Play,
            9
        ),
        Some(Action::Quit)
    );
    assert_eq!(
        act(KeyCode::Char('c'), none, KeyContext::Play, 9),
        Some(Action::FillCandidates)
    );
    assert_eq!(
        act(KeyCode::Char(' '), none, KeyContext::Watch, 9),
        Some(Action::WatchPause)
    );
    // Space leaves a cell empty and moves on in the editor (in play it
    // does nothing).
    assert_eq!(
        act(KeyCode::Char(' '), none, KeyContext::Play, 9),
        Some(Action::SkipCell)
    );
    assert_eq!(act(KeyCode::Char('k'), none, KeyContext::Watch, 9), None);
    assert_eq!(
        act(KeyCode::Char('q'), none, KeyContext::Watch, 9),
        Some(Action::Quit)
    );
    assert_eq!(act(KeyCode::Char('5'), none, KeyContext::Watch, 9), None);
    // H is the hint on 9x9 and 16x16, the digit 17 on 25x25, where F2 still hints.
    let shift = KeyModifiers::SHIFT;
    assert_eq!(
        act(KeyCode::Char('H'), shift, KeyContext::Play, 9),
        Some(Action::Hint)
    );
    assert_eq!(
        act(KeyCode::Char('H'), shift, KeyContext::Play, 16),
        Some(Action::Hint)
    );
    assert_eq!(
        act(KeyCode::Char('G'), shift, KeyContext::Play, 16),
        Some(Action::Enter(16))
    );
    assert_eq!(
        act(KeyCode::Char('H'), shift, KeyContext::Play, 25),
        Some(Action::Enter(17))
    );
    assert_eq!(
        act(KeyCode::F(2), none, KeyContext::Play, 25),
        Some(Action::Hint)
    );
    assert_eq!(keymap.keys_for_board(Action::Hint, 25), ["F2"]);
    assert_eq!(keymap.keys_for_board(Action::Hint, 9), ["H", "F2"]);
}

#[test]
fn a_user_file_changes_only_what_it_names() {
    let loaded = loaded("size = 16\n[watch]\nspeed = 2.5\n");
    let mut expected = Config::built_in();
    expected.size = 16;
    expected.watch.speed = 2.5;
    assert_eq!(loaded.config, expected);
    assert_eq!(loaded.files.len(), 1);
}

#[test]
fn named_settings_take_the_spellings_the_command_line_takes() {
    // `doku watch --strategy` parses through SearchKind::parse_named; the
    // config must take what it takes, not only the canonical names.
    for spelling in [
        "min-conflicts",
        "min_conflicts",
        "MinConflicts",
        " MIN-CONFLICTS ",
    ] {
        assert_eq!(
            SearchKind::parse_named(spelling),
            Ok(SearchKind::MinConflicts)
        );
        let text = format!("[watch]\nstrategy = \"{spelling}\"\n");
        assert_eq!(
            loaded(&text).config.watch.strategy,
            SearchKind::MinConflicts,
            "{text}"
        );
    }
    assert_eq!(
        loaded("difficulty = \"Hard\"\n").config.difficulty,
        Difficulty::Hard
    );
    assert_eq!(
        loaded("color_depth = \"24bit\"\n").color_depth,
        ColorDepth::TrueColor
    );
    assert_eq!(
        loaded("[watch]\nstart_from = \"Givens\"\n")
            .config
            .watch
            .start_from,
        WatchStart::Givens
    );
}

#[test]
fn watch_strategy_takes_every_strategy_the_solver_view_offers() {
    let config = loaded("[watch]\nstrategy = \"min-conflicts\"\n").config;
    assert_eq!(config.watch.strategy, SearchKind::MinConflicts);
    // The names the view shows, as `doku watch --strategy` takes them.
    for &strategy in SearchKind::ALL {
        let text = format!("[watch]\nstrategy = \"{strategy}\"\n");
        assert_eq!(loaded(&text).config.watch.strategy, strategy, "{text}");
    }
}

#[test]
fn an_unknown_watch_strategy_names_file_key_value_and_every_choice() {
    let (dir, env) = user_config("[watch]\nspeed = 5\nstrategy = \"annealing\"\n");
    let error = config::load_with(None, &env)
        .err()
        .unwrap_or_else(|| panic!("an unknown strategy loads"));
    let file = dir.path().join("doku").join("config.toml");
    assert_eq!(
        error.to_string(),
        format!(
            "{}:3: watch.strategy: \"annealing\" is not a strategy; \
             choose \"naive\", \"mrv\", \"min-conflicts\" or \"genetic\"",
            file.display()
        )
    );
}

#[test]
fn rebinding_an_action_replaces_its_keys_and_takes_the_key_from_others() {
    let config = loaded("[keymap]\nundo = [\"U\", \"Ctrl-z\"]\nhint = \"h\"\n").config;
    let keymap = &config.keymap;
    assert_eq!(keymap.keys_for(Action::Undo), ["U", "Ctrl-z"]);
    assert_eq!(keymap.keys_for(Action::Hint), ["h"]);
    // Ctrl-z was suspend's only key: suspend may go without one, so a
    // config that made Ctrl-z undo before suspend had it still loads.
    assert!(keymap.keys_for(Action::Suspend).is_empty());
    // `h` moved from move_left, which keeps its arrow.
    assert_eq!(keymap.keys_for(Action::MoveLeft), ["Left"]);
    let press_h = press(KeyCode::Char('h'), KeyModifiers::NONE);
    assert_eq!(
        keymap.action_for(&press_h, KeyContext::Play, 9),
        Some(Action::Hint)
    );
    let press_u = press(KeyCode::Char('u'), KeyModifiers::NONE);
    assert_eq!(keymap.action_for(&press_u, KeyContext::Play, 9), None);
    // Help follows the keymap in force.
    let help = keymap.help_entries();
    let undo = help
        .iter()
        .find(|e| e.action == Action::Undo)
        .map(|e| e.keys.clone());
    assert_eq!(undo, Some(vec!["U".to_owned(), "Ctrl-z".to_owned()]));
    assert_eq!(
        keymap.hints(&[Action::Undo, Action::Hint], KeyContext::Play, 9),
        [("U".to_owned(), "undo"), ("h".to_owned(), "hint")]
    );
}

#[test]
fn play_and_watch_keys_may_share_a_key() {
    // `s` steps the solver in the watch view and erases in play: no conflict.
    let config = loaded("[keymap]\nerase = [\"s\", \"x\"]\n").config;
    let s = press(KeyCode::Char('s'), KeyModifiers::NONE);
    assert_eq!(
        config.keymap.action_for(&s, KeyContext::Play, 9),
        Some(Action::Erase)
    );
    assert_eq!(
        config.keymap.action_for(&s, KeyContext::Watch, 9),
        Some(Action::WatchNextStrategy)
    );
    // But a key for both screens cannot also be a play key.
    let message = load_error("[keymap]\nquit = \"q\"\nundo = [\"u\", \"q\"]\n");
    assert!(
        message.contains("keymap.undo: \"q\" is also bound to quit on line 2"),
        "{message}"
    );
}

#[test]
fn key_specs_round_trip_through_the_keymap() {
    for action in Action::BINDABLE {
        for key in Config::built_in().keymap.keys_for(*action) {
            let spec = KeySpec::parse(&key).unwrap_or_else(|e| panic!("{key}: {e}"));
            assert_eq!(spec.to_string(), key);
        }
    }
}

#[test]
fn every_bundled_theme_parses_and_resolves() {
    for (name, text) in theme::BUILT_IN {
        let file = SourceFile::built_in(name, text);
        let spec = ThemeSpec::parse(&file, name, &[]).unwrap_or_else(|e| panic!("{name}: {e}"));
        for depth in [
            ColorDepth::TrueColor,
            ColorDepth::Ansi256,
            ColorDepth::Ansi16,
        ] {
            let theme = spec.resolve(depth);
            // The cursor must show without colour.
            assert!(
                theme.cursor().add_modifier.contains(Modifier::REVERSED),
                "{name}"
            );
            assert!(
                theme.given().add_modifier.contains(Modifier::BOLD),
                "{name}"
            );
            assert_ne!(theme.conflict(), theme.entry(), "{name}");
            for slot in Slot::ALL {
                let style = theme.style(*slot);
                for color in [style.fg, style.bg].into_iter().flatten() {
                    let fits = match (depth, color) {
                        (ColorDepth::TrueColor, _) => true,
                        (ColorDepth::Ansi256, Color::Rgb(..)) => false,
                        (ColorDepth::Ansi16, Color::Rgb(..) | Color::Indexed(_)) => false,
                        _ => true,
                    };
                    assert!(fits, "{name} {slot:?} at {depth:?}: {color:?}");
                }
            }
        }
        if *name != theme::MONO {
            let theme = spec.resolve(ColorDepth::TrueColor);
            assert_ne!(
                theme.box_shade(true),
                theme.box_shade(false),
                "{name}: no checkerboard"
            );
        }
    }
    assert_eq!(
        Themes::built_in(ColorDepth::TrueColor).names(),
        ["default", "light", "high-contrast", "solarized", "mono"]
    );
}

const COLOUR_DEPTHS: [ColorDepth; 3] = [
    ColorDepth::TrueColor,
    ColorDepth::Ansi256,
    ColorDepth::Ansi16,
];

/// Every built-in theme with colours, resolved at every colour depth.
fn colour_themes_at_every_depth() -> Vec<(ColorDepth, &'static str, theme::Theme)> {
    let mut all = Vec::new();
    for depth in COLOUR_DEPTHS {
        let themes = Themes::built_in(depth);
        for name in ["default", "light", "high-contrast", "solarized"] {
            let theme = themes.get(name).unwrap_or_else(|| panic!("no {name}"));
            all.push((depth, name, theme.clone()));
        }
    }
    all
}

#[test]
fn shading_and_highlights_stay_distinct_at_every_colour_depth() {
    for (depth, name, theme) in colour_themes_at_every_depth() {
        let shades = [theme.box_shade(true).bg, theme.box_shade(false).bg];
        assert_ne!(
            shades[0], shades[1],
            "{name} at {depth:?}: checkerboard lost"
        );
        for (what, style) in [
            ("peer", theme.peer_highlight()),
            ("same_digit", theme.same_digit()),
            ("hint", theme.hint_cells()),
        ] {
            if let Some(bg) = style.bg {
                assert!(
                    !shades.contains(&Some(bg)),
                    "{name} at {depth:?}: {what} background {bg:?} is a box shade"
                );
            }
        }
        for (what, style) in [
            ("note", theme.note()),
            ("entry", theme.entry()),
            ("given", theme.given()),
        ] {
            for shade in shades.into_iter().flatten() {
                assert_ne!(
                    style.fg,
                    Some(shade),
                    "{name} at {depth:?}: {what} invisible on its box shade"
                );
            }
        }
    }
}

#[test]
fn mono_has_no_colour_and_no_color_picks_it() {
    let mono_env = Environment {
        no_color: true,
        ..Environment::default()
    };
    let loaded = config::load_with(None, &mono_env).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.config.theme, "mono");
    let mono = loaded.theme();
    assert_eq!(mono.name(), "mono");
    for slot in Slot::ALL {
        let style = mono.style(*slot);
        assert_eq!((style.fg, style.bg), (None, None), "{slot:?}");
        let allowed = Modifier::BOLD | Modifier::DIM | Modifier::UNDERLINED | Modifier::REVERSED;
        assert!(
            allowed.contains(style.add_modifier),
            "{slot:?}: {:?}",
            style.add_modifier
        );
    }
    // A theme the user names wins over NO_COLOR.
    let (_dir, mut env) = user_config("theme = \"light\"\n");
    env.no_color = true;
    let loaded = config::load_with(None, &env).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.theme().name(), "light");
    assert!(theme::no_color_requested(Some("1".as_ref())));
    assert!(!theme::no_color_requested(Some("".as_ref())));
    assert!(!theme::no_color_requested(None));
}

#[test]
fn colour_depth_comes_from_the_environment() {
    assert_eq!(
        ColorDepth::detect(Some("truecolor"), Some("xterm-256color")),
        ColorDepth::TrueColor
    );
    assert_eq!(
        ColorDepth::detect(Some("24bit"), None),
        ColorDepth::TrueColor
    );
    assert_eq!(
        ColorDepth::detect(None, Some("xterm-256color")),
        ColorDepth::Ansi256
    );
    assert_eq!(
        ColorDepth::detect(None, Some("screen-256color")),
        ColorDepth::Ansi256
    );
    assert_eq!(
        ColorDepth::detect(None, Some("xterm-direct")),
        ColorDepth::TrueColor
    );
    assert_eq!(ColorDepth::detect(None, Some("xterm")), ColorDepth::Ansi16);
    assert_eq!(ColorDepth::detect(None, Some("linux")), ColorDepth::Ansi16);
    assert_eq!(ColorDepth::detect(None, None), ColorDepth::Ansi16);
    let env = Environment {
        term: Some("xterm-256color".into()),
        ..Environment::default()
    };
    let loaded = config::load_with(None, &env).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(loaded.color_depth, ColorDepth::Ansi256);
    assert!(matches!(loaded.theme().given().fg, Some(Color::Indexed(_))));
    // The config can insist.
    let (_dir, mut env) = user_config("color_depth = \"16\"\n");
    env.colorterm = Some("truecolor".into());
    assert_eq!(
        config::load_with(None, &env).map(|l| l.color_depth),
        Ok(ColorDepth::Ansi16)
    );
}

#[test]
fn colours_degrade_to_the_nearest_palette_entry() {
    let to256 = |r, g, b| theme::degrade(Color::Rgb(r, g, b), ColorDepth::Ansi256);
    assert_eq!(to256(255, 0, 0), Color::Indexed(196));
    assert_eq!(to256(255, 255, 255), Color::Indexed(231));
    assert_eq!(to256(0, 0, 0), Color::Indexed(16));
    assert_eq!(to256(0x5f, 0x87, 0xaf), Color::Indexed(67));
    assert_eq!(to256(128, 128, 128), Color::Indexed(244));
    assert_eq!(to256(0x30, 0x30, 0x30), Color::Indexed(236));
    assert_eq!(to256(0xff, 0xd7, 0x5f), Color::Indexed(221));
    let to16 = |r, g, b| theme::degrade(Color::Rgb(r, g, b), ColorDepth::Ansi16);
    assert_eq!(to16(255, 0, 0), Color::LightRed);
    assert_eq!(to16(200, 10, 10), Color::Red);
    assert_eq!(to16(0, 0, 0), Color::Black);
    assert_eq!(to16(250, 250, 250), Color::White);
    assert_eq!(to16(128, 128, 128), Color::DarkGray);
    assert_eq!(to16(0x5f, 0xaf, 0xff), Color::LightBlue);
    assert_eq!(
        theme::degrade(Color::Indexed(196), ColorDepth::Ansi16),
        Color::LightRed
    );
    assert_eq!(
        theme::degrade(Color::Indexed(4), ColorDepth::Ansi16),
        Color::Blue
    );
    // Named colours and reset pass through; true colour is untouched.
    assert_eq!(theme::degrade(Color::Cyan, ColorDepth::Ansi16), Color::Cyan);
    assert_eq!(
        theme::degrade(Color::Reset, ColorDepth::Ansi256),
        Color::Reset
    );
    assert_eq!(
        theme::degrade(Color::Rgb(1, 2, 3), ColorDepth::TrueColor),
        Color::Rgb(1, 2, 3)
    );
}

#[test]
fn user_themes_change_built_in_ones_slot_by_slot_and_add_new_ones() {
    let (dir, mut env) = user_config("theme = \"ocean\"\n");
    env.colorterm = Some("truecolor".into());
    let themes = dir.path().join("doku/themes");
    let write = |name: &str, text: &str| {
        std::fs::write(themes.join(name), text).unwrap_or_else(|e| panic!("write: {e}"));
    };
    write("default.toml", "[conflict]\nfg = \"#ff00ff\"\n");
    write(
        "ocean.toml",
        "extends = \"light\"\ndescription = \"blue\"\n[given]\nfg = \"navy\"\n",
    );
    let loaded = config::load_with(None, &env);
    // "navy" is not a colour name: the user's theme is checked like the config.
    let message = loaded.err().map(|e| e.to_string()).unwrap_or_default();
    assert!(
        message.contains("themes/ocean.toml:4: given.fg: \"navy\" is not a colour"),
        "{message}"
    );

    write(
        "ocean.toml",
        "extends = \"light\"\ndescription = \"blue\"\n[given]\nfg = \"#000080\"\n",
    );
    let loaded = config::load_with(None, &env).unwrap_or_else(|e| panic!("{e}"));
    let built_in = Themes::built_in(ColorDepth::TrueColor);
    let default = loaded
        .themes
        .get("default")
        .unwrap_or_else(|| panic!("no default"));
    let original = built_in
        .get("default")
        .unwrap_or_else(|| panic!("no default"));
    assert_eq!(default.conflict().fg, Some(Color::Rgb(255, 0, 255)));
    assert_eq!(
        default.conflict().add_modifier,
        original.conflict().add_modifier
    );
    assert_eq!(default.given(), original.given());
    let ocean = loaded.theme();
    assert_eq!(ocean.name(), "ocean");
    assert_eq!(ocean.description(), "blue");
    assert_eq!(ocean.given().fg, Some(Color::Rgb(0, 0, 0x80)));
    let light = built_in.get("light").unwrap_or_else(|| panic!("no light"));
    assert_eq!(ocean.cursor(), light.cursor());
    assert_eq!(
        loaded.themes.names(),
        [
            "default",
            "light",
            "high-contrast",
            "solarized",
            "mono",
            "ocean"
        ]
    );
    assert_eq!(loaded.themes.next_after("mono").name(), "ocean");
    assert_eq!(loaded.themes.next_after("ocean").name(), "default");
}

#[test]
fn a_missing_or_huge_file_is_reported_and_a_missing_default_is_not() {
    let missing = Path::new("/nonexistent/doku/config.toml");
    let message = config::load_with(Some(missing), &bare_env())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        message,
        "/nonexistent/doku/config.toml: cannot read: no such file"
    );

    let env = Environment {
        config_home: Some(PathBuf::from("/nonexistent")),
        ..Environment::default()
    };
    assert!(config::load_with(None, &env).is_ok());

    let (dir, env) = user_config(&"# padding\n".repeat(200_000));
    let message = config::load_with(None, &env)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(message.ends_with("config.toml: is larger than 1024 KiB; a config or theme file is a few lines of TOML (is this the right file?)"), "{message}");
    drop(dir);
}

#[test]
fn paths_under_home_are_shown_with_a_tilde() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let config_dir = dir.path().join(".config/doku");
    std::fs::create_dir_all(&config_dir).unwrap_or_else(|e| panic!("mkdir: {e}"));
    std::fs::write(
        config_dir.join("config.toml"),
        "[keymap]\nundo = \"Ctrl-Shift-Q\"\n",
    )
    .unwrap_or_else(|e| panic!("write: {e}"));
    let env = Environment {
        home: Some(dir.path().to_path_buf()),
        ..Environment::default()
    };
    let message = config::load_with(None, &env)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert_eq!(
        message,
        "~/.config/doku/config.toml:2: keymap.undo: \"Ctrl-Shift-Q\" is not a key \
         (terminals cannot tell Shift apart with a character key; keys look like \"q\", \"Ctrl-r\", \"Left\", \"Space\", \"F1\")"
    );
}

#[test]
fn a_directory_given_as_config_is_reported() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    let message = config::load_with(Some(dir.path()), &bare_env())
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(
        message.ends_with(": cannot read: it is a directory, not a file"),
        "{message}"
    );
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;

    /// Settings with values of every type, valid or not, so most files get past
    /// the TOML parser and into validation.
    fn line() -> impl Strategy<Value = String> {
        let key = prop::sample::select(vec![
            "theme",
            "size",
            "difficulty",
            "wrap",
            "tick_rate_ms",
            "color_depth",
            "watch.speed",
            "watch.step_limit",
            "watch.strategy",
            "keymap.undo",
            "keymap.quit",
            "keymap.hint",
            "keymap.move_left",
            "keymap.watch_pause",
            "bogus",
            "\"ké\"",
        ]);
        let value = prop_oneof![
            "\"[a-zA-Z0-9#+ -]{0,12}\"",
            "\"[^\"\\\\\\x00-\\x1f]{0,6}\"",
            "-?[0-9]{1,22}",
            "[0-9]{1,3}\\.[0-9]{1,3}",
            Just("true".to_owned()),
            Just("[]".to_owned()),
            "\\[\"[a-zA-Z-]{1,8}\", \"[a-zA-Z0-9?+.-]{1,3}\"\\]",
            Just("nan".to_owned()),
        ];
        (key, value).prop_map(|(key, value)| format!("{key} = {value}"))
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        #[test]
        fn any_config_text_loads_or_gives_a_located_error(lines in prop::collection::vec(line(), 0..6)) {
            let text = lines.join("\n");
            match load_text(&text) {
                Ok(loaded) => prop_assert!(loaded.themes.get(&loaded.config.theme).is_some()),
                Err(error) => {
                    prop_assert!(error.file.ends_with("config.toml"), "{error}");
                    prop_assert!(error.line.is_some(), "{error}");
                }
            }
        }

        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
            let _ = load_text(&text);
            let _ = KeySpec::parse(&text);
            let _ = theme::parse_color(&text);
        }

        #[test]
        fn every_key_spec_that_parses_round_trips(text in "((Ctrl|Alt|Shift|C|M)-){0,2}([a-zA-Z0-9?+.,;-]|F[0-9]{1,2}|Left|Space|Esc|Tab)") {
            if let Ok(spec) = KeySpec::parse(&text) {
                prop_assert_eq!(KeySpec::parse(&spec.to_string()), Ok(spec));
            }
        }
    }
}

#[test]
fn a_missed_shift_on_a_big_board_types_the_digit_not_a_command() {
    let keymap = Config::built_in().keymap;
    let press = |c: char| KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE);
    // g deals a new game on 9x9; on 16x16 it is the digit 16, like G.
    assert_eq!(
        keymap.action_for(&press('g'), KeyContext::Play, 9),
        Some(Action::NewGame)
    );
    assert_eq!(
        keymap.action_for(&press('g'), KeyContext::Play, 16),
        Some(Action::Enter(16))
    );
    assert_eq!(
        keymap.action_for(&press('a'), KeyContext::Play, 16),
        Some(Action::Enter(10))
    );
    // The solver view takes no digits: its letters stay commands.
    assert_eq!(
        keymap.action_for(&press('g'), KeyContext::Watch, 16),
        Some(Action::NewGame)
    );
}

#[test]
fn every_command_has_a_default_key_on_every_board() {
    let keymap = Config::built_in().keymap;
    for &(size, _, _) in doku::engine::shape::SUDOKU_SHAPES.iter() {
        for &action in Action::BINDABLE {
            if action.scope() == doku::keymap::Scope::Watch {
                continue;
            }
            assert!(
                !keymap.keys_for_board(action, size as usize).is_empty(),
                "{} has no key on {size}x{size}",
                action.config_name()
            );
        }
    }
}

#[test]
fn show_timer_is_read_from_the_users_file_and_checked() {
    assert!(
        Config::built_in().show_timer,
        "shown unless the player says"
    );
    assert!(!loaded("show_timer = false\n").config.show_timer);
    let message = load_error("show_timer = \"no\"\n");
    assert!(message.contains("show_timer"), "{message}");
}

/// The player's colour marks: in every colour theme at every depth, six
/// tints told apart from each other and from the box shades, on which the
/// digits, notes and each colour's own mark still show.
#[test]
fn colour_marks_are_six_distinct_tints_that_digits_read_on() {
    for (depth, name, theme) in colour_themes_at_every_depth() {
        let shades = [theme.box_shade(true).bg, theme.box_shade(false).bg];
        let mut tints = Vec::new();
        for colour in 1..=doku::game::MARK_COLOURS {
            let style = theme.colour_mark(colour);
            let at = format!("{name} at {depth:?}: colour_{colour}");
            let tint = style.bg.unwrap_or_else(|| panic!("{at} has no tint"));
            assert!(!shades.contains(&Some(tint)), "{at} is a box shade");
            // Nor a highlight's ground (at 16 colours six tints
            // cannot all miss them: the marks tell them apart there).
            if depth != ColorDepth::Ansi16 {
                for (what, style) in [
                    ("peer", theme.peer_highlight()),
                    ("same_digit", theme.same_digit()),
                    ("hint", theme.hint_cells()),
                ] {
                    assert_ne!(style.bg, Some(tint), "{at} is the {what} highlight");
                }
            }
            assert!(!tints.contains(&tint), "{at} repeats a colour");
            tints.push(tint);
            let mark = style
                .fg
                .unwrap_or_else(|| panic!("{at} has no mark colour"));
            assert_ne!(mark, tint, "{at}: its mark is invisible");
            for (what, fg) in [
                ("given", theme.given().fg),
                ("entry", theme.entry().fg),
                ("note", theme.note().fg),
            ] {
                assert_ne!(fg, Some(tint), "{at}: {what} invisible on it");
            }
        }
    }
    for depth in COLOUR_DEPTHS {
        let mono = Themes::built_in(depth).get("mono").expect("mono").clone();
        for colour in 1..=doku::game::MARK_COLOURS {
            assert_eq!(mono.colour_mark(colour), ratatui::style::Style::default());
        }
    }
}

#[test]
fn suspend_alone_may_be_left_without_a_key() {
    let config = loaded("[keymap]\nsuspend = []\n").config;
    assert!(config.keymap.keys_for(Action::Suspend).is_empty());
    let ctrl_z = press(KeyCode::Char('z'), KeyModifiers::CONTROL);
    assert_eq!(config.keymap.action_for(&ctrl_z, KeyContext::Play, 9), None);
    // Any other action still needs one.
    assert!(load_error("[keymap]\nquit = []\n").contains("every action needs at least one key"));
}
