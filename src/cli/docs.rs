//! `doku completions SHELL` and `doku man`: shell completions and the man
//! page, generated from the same clap definition as `--help`, so they never
//! fall behind it.

use super::{Cli, EXIT_OK};
use clap::CommandFactory;
use clap_complete::Shell;
use std::io::{self, Write};

/// Prints the completion script for `shell`.
pub fn completions(shell: Shell) -> i32 {
    let mut script = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "doku", &mut script);
    print(&script)
}

/// Prints the man page, in roff (`doku man | man -l -`): the command line
/// from the clap definition, then what a man page says beyond it: the
/// keys (from the built-in keymap, so they never disagree with the game),
/// the files, the environment, the exit status and examples. One page: the
/// commands are listed in it, with no promise of a page of their own.
pub fn man() -> i32 {
    print(man_page().as_bytes())
}

/// The whole man page, as roff.
pub fn man_page() -> String {
    let command = Cli::command();
    let man = clap_mangen::Man::new(command.clone());
    let mut page = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = man.render_title(&mut page);
    let _ = man.render_name_section(&mut page);
    let _ = man.render_synopsis_section(&mut page);
    let _ = man.render_description_section(&mut page);
    let _ = man.render_options_section(&mut page);
    let mut text = String::from_utf8_lossy(&page).into_owned();
    text.push_str(".SH COMMANDS\n");
    for sub in command.get_subcommands().filter(|s| s.get_name() != "help") {
        let about = sub.get_about().map(|a| a.to_string()).unwrap_or_default();
        text.push_str(&format!(
            ".TP\n\\fBdoku {}\\fR\n{}\n",
            roff(sub.get_name()),
            roff(&about)
        ));
    }
    text.push_str(&format!(
        ".PP\n{}\n",
        roff("Each command's options: doku COMMAND --help.")
    ));
    text.push_str(&keys_section());
    text.push_str(&roff_sections(EXTRA));
    let mut version = Vec::new();
    let _ = man.render_version_section(&mut version);
    text.push_str(&String::from_utf8_lossy(&version));
    once_each_preamble(&text)
}

/// `text` with clap_mangen's two-line preamble (the `Aq` string, which
/// every one of its render calls writes again) kept only the first time.
fn once_each_preamble(text: &str) -> String {
    let mut seen = std::collections::HashSet::new();
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let preamble = line.starts_with(".ie \\n(.g .ds Aq") || line.starts_with(".el .ds Aq");
        if !preamble || seen.insert(line) {
            out.push_str(line);
        }
    }
    out
}

/// The game's keys as the built-in config binds them (a user's config may
/// change them; `?` in the game lists the keys in force).
fn keys_section() -> String {
    let keymap = crate::config::Config::built_in().keymap;
    let mut text = String::from(".SH KEYS\n");
    text.push_str(&format!(
        "{}\n",
        roff(
            "As the built-in config.toml binds them; your config.toml may bind others, \
             and ? in the game lists those in force. 1-9 enter digits (then A, B, ... \
             on boards larger than 9, in either case)."
        )
    ));
    for entry in keymap.help_entries() {
        let scope = match entry.action.scope() {
            crate::keymap::Scope::Watch => " (solver view)",
            _ => "",
        };
        text.push_str(&format!(
            ".TP\n\\fB{}\\fR\n{}{}\n",
            roff(&entry.keys.join(", ")),
            roff(entry.description),
            roff(scope)
        ));
    }
    text
}

/// Sections as (title, [(term, text)]), a term "" for a paragraph.
type Sections = &'static [(&'static str, &'static [(&'static str, &'static str)])];

const EXTRA: Sections = &[
    (
        "FILES",
        &[
            ("$XDG_CONFIG_HOME/doku/config.toml", "Your config (else ~/.config/doku/config.toml): only what you change; the defaults are built in. --config PATH reads another."),
            ("$XDG_CONFIG_HOME/doku/themes/NAME.toml", "Your themes, or changes to the built-in ones (default, light, high-contrast, solarized, mono)."),
            ("$XDG_STATE_HOME/doku/game.json", "The game in progress (else under ~/.local/state/doku/), saved after every change; game.lock keeps a second doku from saving over it."),
            ("$XDG_STATE_HOME/doku/stats.json", "The statistics (doku stats). doku stats --reset moves it aside to stats.json.TIME.reset."),
            ("$XDG_STATE_HOME/doku/preferences.json", "The theme, size, difficulty, Latin squares and variant last chosen with keys in the game."),
            ("*.corrupt", "A state file that could not be read, moved aside with the time in its name; never overwritten, never deleted."),
        ],
    ),
    (
        "ENVIRONMENT",
        &[
            ("NO_COLOR", "Set and not empty: no colours (the mono theme, unless your config names a theme)."),
            ("COLORTERM, TERM", "The colour depth when color_depth is \"auto\": truecolor, 256 or 16 colours."),
            ("XDG_CONFIG_HOME, XDG_STATE_HOME, HOME", "Where the files above are. A relative or empty XDG path is ignored, as the XDG spec says."),
        ],
    ),
    (
        "EXIT STATUS",
        &[
            ("0", "Every puzzle handled, or the game ended normally."),
            ("1", "Some puzzle has no solution (solve, grade)."),
            ("2", "Unreadable input, broken givens, a bad config or theme, no usable terminal."),
            ("3", "solve --timeout gave up on some puzzle."),
        ],
    ),
    (
        "EXAMPLES",
        &[
            ("doku", "Resume the saved game, or deal a new 9x9 puzzle."),
            ("doku play --size 16 --difficulty hard", "Deal a hard 16x16 (asks first over a saved game of another kind)."),
            ("doku edit", "Type in a puzzle of your own; Enter plays it."),
            ("doku solve --count --limit 2 < puzzles.txt", "Count the solutions of each puzzle, up to 2."),
            ("doku generate --count 10 --difficulty hard --seed 7", "Ten reproducible hard puzzles."),
            ("doku grade --steps PUZZLE", "The logical solution path behind the rating."),
            ("doku stats --reset", "Start the statistics afresh, the old ones kept aside."),
            ("doku man | man -l -", "Read this page."),
        ],
    ),
];

fn roff_sections(sections: Sections) -> String {
    let mut text = String::new();
    for (title, items) in sections {
        text.push_str(&format!(".SH {title}\n"));
        for (term, body) in *items {
            text.push_str(&format!(".TP\n\\fB{}\\fR\n{}\n", roff(term), roff(body)));
        }
    }
    text
}

/// Text safe in roff: backslashes and hyphens escaped, no line starting
/// with a control character.
fn roff(text: &str) -> String {
    let escaped = text.replace('\\', "\\e").replace('-', "\\-");
    match escaped.chars().next() {
        Some('.') | Some('\'') => format!("\\&{escaped}"),
        _ => escaped,
    }
}

fn print(bytes: &[u8]) -> i32 {
    // A closed stdout (`doku man | head`) is not an error worth reporting.
    let mut out = io::stdout().lock();
    let _ = out.write_all(bytes).and_then(|()| out.flush());
    EXIT_OK
}
