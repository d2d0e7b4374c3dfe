//! The command line: argument definitions and dispatch to the batch commands
//! and the TUI.

mod docs;
mod generate;
mod grade;
mod input;
mod latin;
mod output;
mod progress;
mod solve;
mod stats;

use crate::engine::format::{Format, PlayedPuzzle, ShapeHint};
use crate::engine::generator::Symmetry;
use crate::engine::grader::Difficulty;
use crate::engine::{Board, Named, Strategy, Variant};
use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand, ValueEnum};
use output::say;
use std::path::PathBuf;

pub use input::InputArgs;

pub use crate::exit::{EXIT_BAD_INPUT, EXIT_OK, EXIT_TIMED_OUT, EXIT_UNSOLVABLE};

/// `doku latin --help`: which cap is which.
const LATIN_ABOUT: &str = "Print a uniformly random Latin square of order N, 1 to 255.

Squares of any order up to 255 are printed (as CSV by default), for other \
programs. doku itself plays, solves and grades boards of at most 64x64, so \
only a square up to 64 reads back into doku; the f-puzzles formats stop at \
64 too.";

const GRADE_ABOUT: &str = "\
Print the difficulty, the hardest technique and the rating of each puzzle.

One line per puzzle, in input order, four tab-separated fields:
  DIFFICULTY<TAB>HARDEST TECHNIQUE<TAB>N clues<TAB>RATING
for example `expert<TAB>turbot fish<TAB>24 clues<TAB>6.6`. The rating is Sudoku
Explainer's (SE 1.2.1): its techniques, tried in its order, and the puzzle rates
as its hardest step (hidden single 1.2, a pointing that leaves a hidden single
1.7, naked single 2.3, x-wing 3.2, xy-wing 4.2,
unique rectangle 4.5, x- and xy-cycles 6.5, x-chains and turbot fish 6.6,
xy-chains and other chains 7.0, forcing chains 8.0, dynamic 8.5 and 9.0, nested
forcing chains of levels 2-5 from 9.5 to 11.0, chains plus their length; 12.0
when logic cannot finish). Techniques SE does not have (w-wings, grouped chains,
almost locked sets, finned fish, ...) serve the hints, not the rating.
Difficulty follows the rating:
  easy     singles, and a pointing, claiming or hidden pair that leaves a hidden
           single (SE's direct hints, 1.7-2.0, up to 9x9): up to 2.3
  medium   plus pointing, claiming, pairs and x-wings, up to 3.4
  hard     plus triples, quads, swordfish, jellyfish and wings, up to 5.4
  expert   plus uniqueness, loops and chains: below 8.0
  extreme  forcing chains and nets from 8.0, or `trial and error` (rated 12.0)
A puzzle without exactly one solution gets `no solution` or `not unique` in the
first field (exit status 1); unreadable input gets `invalid` (exit status 2).

Boards larger than 9x9 answer in a fraction of a second: each search for a step
has a budget of estimated work (the same on every run and machine). A puzzle
whose logic stops at it gets `beyond the search budget`, extreme, rated 12.0
like trial and error (logic might have gone further). When logic stops, the
solutions are counted within a budget too; if that count runs out, the grade
is printed with its uniqueness unproven (`doku solve --count` proves it).

With --steps, each puzzle's line is followed by its logical solution path, one
step per line, indented by two spaces: `TECHNIQUE: why, in words`; where logic
stops, a last line `trial and error: ...` (or `beyond the search budget: ...`)
says how many cells are left. That path is the rating's (SE's techniques and
order). --steps=hints prints instead the path the hints in a game follow: every
technique doku knows, easiest first (a w-wing before a forcing chain); its
hardest step may differ from the line's.";

const SERVE_ABOUT: &str = "\
Serve the game over SSH: anyone with an SSH client plays, with nothing to install.

  doku serve                      listens on 127.0.0.1:2222 (other addresses: --listen)
  ssh -p 2222 HOST                plays: the whole game, as in a local terminal
  ssh -p 2222 watch@HOST          watches the solver on fresh puzzles, in a loop
                                  (its own speed and pause: + - Space; another name: --watch-user)

A client's public key is its player: its saved game, preferences and statistics
are kept under STATE/players/ by the key's fingerprint, and the next connection
with the same key resumes. Any key is accepted; no password is asked or stored.
A client without a key (ssh -o PubkeyAuthentication=no) plays a game that is not
kept. Only the game is served: commands (ssh HOST CMD), sftp and other
subsystems, port, agent and X11 forwarding are refused, and the game needs a
pty (ssh -t when a command line would not give one).

Every session plays with the operator's config and themes: --config PATH, else
the server user's own config.toml ($XDG_CONFIG_HOME/doku, else ~/.config/doku),
as for doku in a terminal; it is checked at start (a mistake is named and the
server does not start). Each player's own choices (size, difficulty, theme...)
are kept with their key, over the config.

The host key is made on the first start, kept as STATE/ssh_host_ed25519_key
(mode 0600) and reused; its fingerprint is printed at start, for players to
check against what ssh shows them. STATE is the state directory: --state, else
$XDG_STATE_HOME/doku (else ~/.local/state/doku).

Limits (each has a safe default): --max-sessions games at once (one more is
told the server is full), --max-per-minute new connections from one address, in
any minute (more are closed at once), --max-auth-attempts per connection,
--idle seconds without a key (the game is saved and the session closed),
--output-budget bytes waiting for a slow client (past it, frames are merged into
the next; a client whose output stays past it for --stall seconds, 30 unless
told, is closed), --max-input bytes of
one read of input (the rest is dropped). SIGTERM or SIGINT saves every game and
closes every session, then exits with status 0.

As a systemd service (a user of its own, the state in /var/lib/doku):

  [Unit]
  Description=doku over SSH
  After=network-online.target

  [Service]
  User=doku
  StateDirectory=doku
  ExecStart=/usr/local/bin/doku serve --listen 0.0.0.0:2222 --state /var/lib/doku
  Restart=on-failure
  NoNewPrivileges=yes
  ProtectSystem=strict
  ProtectHome=yes
  PrivateTmp=yes

  [Install]
  WantedBy=multi-user.target";

#[derive(Debug, Parser)]
#[command(
    name = "doku",
    version,
    about = "Sudoku for the terminal: play, watch the solver think, deal fresh puzzles",
    long_about = "Sudoku for the terminal: play, watch the solver think, deal fresh puzzles.\n\nWith no command, doku resumes the saved game or deals a new one."
)]
pub struct Cli {
    /// Use this config file instead of the user's config.toml.
    #[arg(long, global = true, value_name = "PATH")]
    pub config: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

// `defer`: a command's arguments are built only when it runs (or for
// `--help`, completions and the man page, which build them all), so that
// `doku solve` does not first build the other eleven commands' arguments:
// that was a quarter of the instructions of solving one puzzle.
#[derive(Debug, Subcommand)]
#[command(defer = true)]
pub enum Command {
    /// Play a puzzle in the terminal (a fresh one, or the one given).
    Play(PlayArgs),
    /// Watch the solver work through a puzzle, step by step.
    Watch(WatchArgs),
    /// Type in a puzzle of your own: conflicts show as you type, the
    /// solutions are counted, then Enter plays it (Esc goes to your game).
    Edit(EditArgs),
    /// Print one solution per puzzle, or count the solutions.
    Solve(SolveArgs),
    /// Print fresh puzzles with exactly one solution.
    Generate(GenerateArgs),
    /// Print the difficulty and the hardest technique each puzzle needs.
    #[command(long_about = GRADE_ABOUT)]
    Grade(GradeArgs),
    /// Print a uniformly random Latin square of order N (up to 255).
    #[command(long_about = LATIN_ABOUT)]
    Latin(LatinArgs),
    /// Print game statistics, or start them afresh (--reset).
    Stats(StatsArgs),
    /// Serve the game over SSH: anyone with an SSH client plays, or watches the solver.
    #[command(long_about = SERVE_ABOUT)]
    Serve(ServeArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    #[command(
        long_about = "Print a shell completion script for doku.\n\nFor example, for bash: doku completions bash > ~/.local/share/bash-completion/completions/doku\nfor zsh: doku completions zsh > ~/.zfunc/_doku (with ~/.zfunc in fpath)\nfor fish: doku completions fish > ~/.config/fish/completions/doku.fish"
    )]
    Completions {
        /// The shell to complete for.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff; read it with `doku man | man -l -`).
    Man,
}

#[derive(Debug, Args)]
pub struct PlayArgs {
    /// A puzzle on one line (81 symbols for 9x9, `.` or `0` for empty), or
    /// a game in progress as Y twice copies it: a HoDoKu library line
    /// (`:0000:x:GRID:DELETED::`, `+` before a placed digit) or f-puzzles
    /// JSON or link, its placed digits as entries and its candidates or
    /// pencil marks as notes; `-` reads it from standard input.
    pub puzzle: Option<String>,
    /// Read the puzzle (or a game in progress) from a file.
    #[arg(long, short, value_name = "F", conflicts_with = "puzzle")]
    pub file: Option<PathBuf>,
    /// Start a new game instead of resuming the saved one.
    #[arg(long)]
    pub new: bool,
    /// Box shape as ROWSxCOLS (e.g. 2x3), or `latin` for a Latin square (rows
    /// and columns only); by default the standard boxes of the puzzle's size.
    /// Without a puzzle, `latin` deals Latin squares (as L does in the game).
    #[arg(long, value_name = "RxC|latin", value_parser = input::parse_boxes)]
    pub boxes: Option<ShapeHint>,
    /// Board size of a fresh deal: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25
    /// [default: the size last chosen with z in the game, or config.toml's].
    /// A saved game is still resumed first; its new-game key deals this.
    #[arg(long, value_name = "N", conflicts_with_all = ["puzzle", "file"])]
    pub size: Option<usize>,
    /// Difficulty of a fresh deal [default: the one last chosen with d in
    /// the game, or config.toml's]. A saved game is still resumed first.
    #[arg(long, value_parser = named::<Difficulty>(), conflicts_with_all = ["puzzle", "file"])]
    pub difficulty: Option<Difficulty>,
    /// Rules: classic, x, windoku, jigsaw, killer, or jigsaw,x, windoku,x
    /// and killer,x. Without a puzzle, the variant of fresh deals (as v
    /// chooses in the game; a jigsaw gets a new region layout each deal, a
    /// killer new cages); with one, x and windoku add their houses to it.
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    pub variant: Option<Variant>,
    /// Seed of this run's deals (any number): the same seed deals the same
    /// puzzle, a jigsaw's layout included; the first deal is the puzzle
    /// `doku generate --seed S` prints with the same size, difficulty and
    /// variant, so two people can play the same deal.
    #[arg(long, value_name = "S", conflicts_with_all = ["puzzle", "file"])]
    pub seed: Option<u64>,
}

/// `--variant`: a variant's name or parts, as `doku generate` takes them.
fn parse_variant(text: &str) -> Result<Variant, String> {
    Variant::parse(text)
}

/// A puzzle given with `--variant`: its board under the variant's rules
/// (x and windoku add their houses; a jigsaw's regions come with the puzzle).
fn with_variant(board: Board, variant: Option<Variant>) -> Result<Board, String> {
    let Some(variant) = variant else {
        return Ok(board);
    };
    let shape = board.shape();
    let rules = variant
        .apply(shape)
        .map_err(|e| format!("--variant {variant}: {e}"))?;
    if rules == shape {
        return Ok(board);
    }
    // A killer keeps its cages under the variant's houses (killer,x).
    Board::from_values(rules, board.values().to_vec())
        .map(|b| b.with_cages(board.cages().cloned()))
        .ok_or_else(|| format!("--variant {variant}: the puzzle does not fit its rules"))
}

impl PlayArgs {
    /// What the fresh deals of this run should be, over the remembered
    /// choices and the config: `--size`, `--difficulty`, and `--boxes latin`
    /// without a puzzle.
    fn deal_choices(&self) -> Result<crate::app::DealChoices, String> {
        let fresh = self.puzzle.is_none() && self.file.is_none();
        match (self.size, self.boxes) {
            // A Latin square of any size, as `doku generate` deals it.
            (Some(size), Some(ShapeHint::Latin)) if fresh => {
                crate::engine::Shape::latin(size).map_err(|e| format!("--size {size}: {e}"))?;
            }
            (Some(size), _) => check_board_size(size)?,
            (None, _) => {}
        }
        let latin = match self.boxes {
            Some(ShapeHint::Latin) if fresh => Some(true),
            Some(ShapeHint::Boxes(rows, cols)) if fresh => {
                return Err(format!(
                    "--boxes {rows}x{cols} needs a puzzle: fresh deals in the game have \
                     standard boxes or none (--boxes latin); doku generate --boxes \
                     {rows}x{cols} deals other shapes"
                ))
            }
            _ => None,
        };
        // Refused as `doku generate` refuses it, rather than dealt easier.
        if let (Some(size), Some(difficulty)) = (self.size, self.difficulty) {
            use crate::engine::generator::{hardest_dealable, GenerateError};
            let shape =
                crate::app::deal_shape(size, latin.unwrap_or(false)).map_err(|e| e.to_string())?;
            let hardest = hardest_dealable(shape);
            if difficulty > hardest {
                return Err(GenerateError::OutOfReach {
                    size,
                    difficulty,
                    hardest,
                }
                .to_string());
            }
        }
        let variant = if fresh { self.variant } else { None };
        if let (Some(variant), Some(size)) = (variant, self.size) {
            if let Some(why) = variant.undealable_on(size, latin.unwrap_or(false)) {
                return Err(format!("--variant {variant}: {why}"));
            }
        }
        Ok(crate::app::DealChoices {
            size: self.size,
            difficulty: self.difficulty,
            latin,
            variant,
            seed: self.seed,
        })
    }
}

#[derive(Debug, Args)]
pub struct EditArgs {
    /// A puzzle on one line to start from; with none, a blank board.
    pub puzzle: Option<String>,
    /// Board size of the blank board: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25
    /// [default: the size of the next deal].
    #[arg(long, value_name = "N", conflicts_with = "puzzle")]
    pub size: Option<usize>,
    /// Box shape as ROWSxCOLS (e.g. 2x3), or `latin` for a Latin square (rows
    /// and columns only); by default the standard boxes of the puzzle's size,
    /// or for a blank board the shape of the next deal.
    #[arg(long, value_name = "RxC|latin", value_parser = input::parse_boxes)]
    pub boxes: Option<ShapeHint>,
    /// Rules of the givens: classic, x, windoku or windoku,x (a jigsaw's
    /// regions come with a puzzle that has them); killer or killer,x opens
    /// a blank killer whose cages you draw (m marks, Enter makes a cage).
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    pub variant: Option<Variant>,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// A puzzle on one line; with none, a freshly dealt one.
    pub puzzle: Option<String>,
    /// Read the puzzle from a file.
    #[arg(long, short, value_name = "F", conflicts_with = "puzzle")]
    pub file: Option<PathBuf>,
    /// Search strategy to watch: naive, mrv, min-conflicts or genetic
    /// [default: watch.strategy of the config, mrv as shipped].
    #[arg(long, value_name = "S", value_parser = NamesOnly::<crate::engine::SearchKind>::new())]
    pub strategy: Option<String>,
    /// Steps per second, 1 to 1000000, or inf for as fast as possible
    /// [default: watch.speed of the config, 20 as shipped].
    #[arg(long, value_name = "STEPS_PER_S", value_parser = parse_speed, allow_negative_numbers = true)]
    pub speed: Option<f64>,
    /// Deal the next puzzle when one is solved (a screensaver).
    #[arg(long = "loop")]
    pub repeat: bool,
    /// Box shape as ROWSxCOLS (e.g. 2x3), or `latin` for a Latin square (rows
    /// and columns only); by default the standard boxes of the puzzle's size.
    /// Without a puzzle, `latin` deals Latin squares (as in doku play).
    #[arg(long, value_name = "RxC|latin", value_parser = input::parse_boxes)]
    pub boxes: Option<ShapeHint>,
    /// Rules: classic, x, windoku, jigsaw, killer, jigsaw,x, windoku,x or
    /// killer,x (as in doku play).
    #[arg(long, value_name = "V", value_parser = parse_variant)]
    pub variant: Option<Variant>,
    /// Seed of the deals (any number), as in doku play.
    #[arg(long, value_name = "S", conflicts_with_all = ["puzzle", "file"])]
    pub seed: Option<u64>,
}

#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format of the solutions.
    #[arg(long, value_parser = named::<Format>(), default_value = "line")]
    pub format: Format,
    /// Print the number of solutions instead of a solution.
    #[arg(long)]
    pub count: bool,
    /// With --count: stop counting at K solutions (K at least 1).
    #[arg(
        long,
        value_name = "K",
        default_value_t = 1000,
        requires = "count",
        value_parser = parse_limit
    )]
    pub limit: usize,
    /// Search strategy.
    #[arg(long, value_parser = named::<Strategy>(), default_value = "mrv")]
    pub strategy: Strategy,
    /// Give up on a puzzle after SECONDS (fractions allowed): its line says
    /// `timed out`, the next puzzle goes on, and the exit status is 3 unless
    /// some input was unreadable (2).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
}

fn parse_timeout(text: &str) -> Result<std::time::Duration, String> {
    let bad = || format!("'{text}' is not a time: give seconds above 0, such as 10 or 0.5");
    let seconds: f64 = text.trim().parse().map_err(|_| bad())?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(bad());
    }
    std::time::Duration::try_from_secs_f64(seconds).map_err(|_| bad())
}

fn parse_limit(text: &str) -> Result<usize, String> {
    parse_one_or_more(text, "counting needs a limit of at least 1")
}

/// `generate --count`: zero puzzles would print nothing and succeed, which
/// reads as a deal that silently failed.
fn parse_how_many(text: &str) -> Result<usize, String> {
    parse_one_or_more(text, "give how many puzzles to deal, 1 or more")
}

/// A whole number from 1 up; `on_zero` says why 0 will not do.
fn parse_one_or_more(text: &str, on_zero: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(0) => Err(on_zero.into()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!(
            "'{text}' is not a count: give a whole number from 1 up"
        )),
    }
}

/// A `--flag NAME` parser for an engine enum: the names, their help and
/// their parsing all come from [`Named`], so `--help`, the config file and
/// the error for a bad name list the same choices.
fn named<T: Named + Send + Sync>() -> impl TypedValueParser<Value = T> {
    PossibleValuesParser::new(
        T::ALL
            .iter()
            .map(|v| PossibleValue::new(v.name()).help(v.about())),
    )
    .try_map(|name| T::parse_named(&name))
}

/// A value checked later with its own message (see `watch_launch`), whose
/// names clap still lists in `--help` and the shell completions (which
/// otherwise offered file names).
#[derive(Clone)]
struct NamesOnly<T>(std::marker::PhantomData<T>);

impl<T> NamesOnly<T> {
    fn new() -> Self {
        NamesOnly(std::marker::PhantomData)
    }
}

impl<T: Named + Send + Sync> TypedValueParser for NamesOnly<T> {
    type Value = String;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<String, clap::Error> {
        Ok(value.to_string_lossy().into_owned())
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            T::ALL
                .iter()
                .map(|v| PossibleValue::new(v.name()).help(v.about())),
        ))
    }
}

/// Difficulty to generate: one of the graded levels, or `any`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DifficultyArg {
    Level(Difficulty),
    Any,
}

impl DifficultyArg {
    pub fn level(self) -> Option<Difficulty> {
        match self {
            DifficultyArg::Level(d) => Some(d),
            DifficultyArg::Any => None,
        }
    }
}

/// The `--difficulty` parser: the graded levels' names, then `any`.
fn difficulty_choice() -> impl TypedValueParser<Value = DifficultyArg> {
    let levels = Difficulty::ALL
        .iter()
        .map(|d| PossibleValue::new(d.name()).help(d.about()));
    PossibleValuesParser::new(
        levels
            .chain([PossibleValue::new("any").help("whatever the dealt puzzle turns out to need")]),
    )
    .try_map(|name| match Difficulty::from_name(&name) {
        Some(d) => Ok(DifficultyArg::Level(d)),
        None if name.eq_ignore_ascii_case("any") => Ok(DifficultyArg::Any),
        None => Difficulty::parse_named(&name).map(DifficultyArg::Level),
    })
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// How many puzzles (1 or more).
    #[arg(long, short = 'n', default_value_t = 1, value_parser = parse_how_many)]
    pub count: usize,
    /// Board size: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25.
    #[arg(long, default_value_t = 9)]
    pub size: usize,
    /// Box shape as ROWSxCOLS (e.g. 3x2 for tall 6x6 boxes), or `latin` for
    /// Latin squares of --size N, any N from 2 to 25 (rows and columns only)
    /// [default: the standard boxes of --size].
    #[arg(long, value_name = "RxC|latin", value_parser = input::parse_boxes)]
    pub boxes: Option<ShapeHint>,
    /// Variant to deal [default: classic]. A jigsaw gets a fresh random
    /// layout of regions each deal, printed after its line (a space, then
    /// one symbol per cell naming its region); a killer (no givens) prints
    /// its cage map and sums after its line; X and windoku print as
    /// classic lines, so read them back with the same --variant, or write
    /// them with --format fpuzzles, which carries the rules.
    #[arg(long, value_name = "V", value_parser = input::VariantParser)]
    pub variant: Option<crate::engine::Variant>,
    /// Difficulty by the techniques needed [default: medium; easy on 4x4,
    /// where harder puzzles hardly exist]. Extreme is for boards up to 9x9,
    /// where the forcing chains and nets run; larger boards go up to expert.
    #[arg(long, value_parser = difficulty_choice())]
    pub difficulty: Option<DifficultyArg>,
    /// Symmetry of the givens.
    #[arg(long, value_parser = named::<Symmetry>(), default_value = "rotate180")]
    pub symmetry: Symmetry,
    /// Easy killers only: show N digits of the solution as givens (one in
    /// each of N cages), for a first killer. A killer has none by default.
    #[arg(long, value_name = "N")]
    pub givens: Option<usize>,
    /// Seed for reproducible output (any number); by default a fresh one.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output format of the puzzles.
    #[arg(long, value_parser = named::<Format>(), default_value = "line")]
    pub format: Format,
    /// Puzzles dealt at once; the output is the same for any N [default:
    /// one per core].
    #[arg(long, short = 'j', value_name = "N", value_parser = input::parse_jobs)]
    pub jobs: Option<usize>,
}

impl GenerateArgs {
    /// The difficulty asked for, or the default for the size.
    pub fn difficulty(&self) -> DifficultyArg {
        self.difficulty.unwrap_or(if self.size == 4 {
            DifficultyArg::Level(Difficulty::Easy)
        } else {
            DifficultyArg::Level(Difficulty::Medium)
        })
    }
}

#[derive(Debug, Args)]
pub struct GradeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print the whole logical solution path, one technique per line: the
    /// rating's path (Sudoku Explainer's techniques), or with
    /// `--steps=hints` the path the game's hints follow (every technique).
    #[arg(
        long,
        value_enum,
        value_name = "rating|hints",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "rating"
    )]
    pub steps: Option<StepsPath>,
}

/// Which logical solution path `grade --steps` prints.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StepsPath {
    /// The path the rating comes from: Sudoku Explainer's techniques in its order.
    Rating,
    /// The path the hints follow: every technique, easiest first.
    Hints,
}

#[derive(Debug, Args)]
pub struct StatsArgs {
    /// Start the statistics afresh. The old file is kept beside the new,
    /// renamed stats.json.<UTC time>.reset, never deleted; asks first.
    #[arg(long)]
    pub reset: bool,
    /// With --reset: do not ask (needed when stdin is not a terminal).
    #[arg(long, requires = "reset")]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct LatinArgs {
    /// Order of the square, 1 to 255 (doku plays, solves and grades boards up to 64x64).
    pub n: usize,
    /// Seed for reproducible output (any number); by default a fresh one.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Output format of the square.
    #[arg(long, value_parser = named::<Format>(), default_value = "csv")]
    pub format: Format,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address and port to listen on; other than loopback is the
    /// operator's explicit choice (0.0.0.0:2222 for every interface).
    #[arg(long, value_name = "ADDR:PORT", default_value = "127.0.0.1:2222")]
    pub listen: std::net::SocketAddr,
    /// The state directory: host key and players' files (default: the XDG state directory).
    #[arg(long, value_name = "DIR")]
    pub state: Option<PathBuf>,
    /// Games at once.
    #[arg(long, value_name = "N", default_value_t = 32, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    pub max_sessions: u32,
    /// Seconds without a key before a game is saved and its session closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 1800, value_parser = clap::value_parser!(u64).range(1..=604_800))]
    pub idle: u64,
    /// New connections from one address in any minute.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub max_per_minute: u32,
    /// Authentication attempts per connection.
    #[arg(long, value_name = "N", default_value_t = 6, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub max_auth_attempts: u32,
    /// Bytes of output waiting for a slow client past which frames are merged.
    #[arg(long, value_name = "BYTES", default_value_t = 65536, value_parser = clap::value_parser!(u32).range(1024..=16_777_216))]
    pub output_budget: u32,
    /// Seconds a client's output may stay past the budget (it reads nothing)
    /// before its game is saved and its session closed.
    #[arg(long, value_name = "SECONDS", default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub stall: u64,
    /// Bytes taken from one read of a client's input (the rest is dropped).
    #[arg(long, value_name = "BYTES", default_value_t = 4096, value_parser = clap::value_parser!(u32).range(16..=1_048_576))]
    pub max_input: u32,
    /// The user name that watches the solver instead of playing.
    #[arg(long, value_name = "NAME", default_value = "watch")]
    pub watch_user: String,
}

impl ServeArgs {
    fn options(&self, config: Option<PathBuf>) -> crate::serve::ServeOptions {
        crate::serve::ServeOptions {
            listen: self.listen,
            state: self.state.clone(),
            max_sessions: self.max_sessions as usize,
            idle: std::time::Duration::from_secs(self.idle),
            per_minute: self.max_per_minute as usize,
            auth_attempts: self.max_auth_attempts as usize,
            output_budget: self.output_budget as usize,
            stall: std::time::Duration::from_secs(self.stall),
            max_input: self.max_input as usize,
            watch_user: self.watch_user.clone(),
            config: crate::serve::session::OperatorConfig::from_process(config),
        }
    }
}

/// Parses the command line and runs it; returns the exit status.
pub fn main() -> i32 {
    let cli = parse_command_line();
    // The batch commands read nothing from the config, but the config must
    // still be valid, the user's own config.toml as much as a --config
    // given: a bad key is an error here as it is for the game, with the
    // same message, not silently ignored until the next game.
    let batch = matches!(
        cli.command,
        Some(
            Command::Solve(_)
                | Command::Stats(_)
                | Command::Grade(_)
                | Command::Generate(_)
                | Command::Latin(_)
        )
    );
    if batch {
        if let Err(err) = crate::config::check(cli.config.as_deref()) {
            say!("doku: {err}");
            return EXIT_BAD_INPUT;
        }
    }
    match cli.command {
        Some(Command::Solve(args)) => solve::run(&args),
        Some(Command::Stats(args)) => stats::run(&args),
        Some(Command::Grade(args)) => grade::run(&args),
        Some(Command::Generate(args)) => generate::run(&args),
        Some(Command::Latin(args)) => latin::run(&args),
        Some(Command::Completions { shell }) => docs::completions(shell),
        Some(Command::Man) => docs::man(),
        Some(Command::Serve(args)) => crate::serve::main(args.options(cli.config.clone())),
        Some(Command::Play(args)) => match play_game(&args) {
            // A puzzle that cannot be finished is no game; `doku watch` shows
            // the search exhausting it instead.
            Ok(Some(played)) if !has_solution(&played.puzzle, &puzzle_source(&args)) => {
                say!(
                    "doku: {}: this puzzle has no solution, so it cannot be played; \
                     doku watch shows the search proving it",
                    puzzle_source(&args)
                );
                EXIT_UNSOLVABLE
            }
            Ok(puzzle) => match args.deal_choices() {
                Ok(choices) => crate::app::main(cli.config.as_deref(), puzzle, !args.new, choices),
                Err(msg) => {
                    say!("doku: {msg}");
                    EXIT_BAD_INPUT
                }
            },
            Err(msg) => {
                say!("doku: {msg}");
                EXIT_BAD_INPUT
            }
        },
        Some(Command::Watch(args)) => match watch_launch(&args) {
            Ok((puzzle, launch)) => {
                crate::app::main_with(cli.config.as_deref(), puzzle, false, Some(launch))
            }
            Err(msg) => {
                say!("doku: {msg}");
                EXIT_BAD_INPUT
            }
        },
        Some(Command::Edit(args)) => match edit_launch(&args) {
            Ok(launch) => crate::app::main_edit(cli.config.as_deref(), launch),
            Err(msg) => {
                say!("doku: {msg}");
                EXIT_BAD_INPUT
            }
        },
        None => crate::app::main(
            cli.config.as_deref(),
            None,
            true,
            crate::app::DealChoices::default(),
        ),
    }
}

/// `Cli::parse()`, the same messages and exit statuses, except that the
/// parser's command tree is left for the process exit to free: freeing it
/// was 16K instructions, 1.5% of `doku solve` of one puzzle.
fn parse_command_line() -> Cli {
    let mut command = Cli::command();
    let mut matches = command.get_matches_mut();
    let cli = Cli::from_arg_matches_mut(&mut matches)
        .unwrap_or_else(|e| e.format(&mut Cli::command()).exit());
    std::mem::forget(command);
    cli
}

/// `--size N` of `doku play` and `doku edit`: a size the game deals.
fn check_board_size(size: usize) -> Result<(), String> {
    if crate::config::SIZES.contains(&size) {
        return Ok(());
    }
    let sizes: Vec<String> = crate::config::SIZES.iter().map(|s| s.to_string()).collect();
    let list = sizes.join(", ");
    let list = match list.rfind(", ") {
        Some(at) => format!("{} or {}", &list[..at], &list[at + 2..]),
        None => list,
    };
    Err(format!("--size {size}: not a board size; use {list}"))
}

/// What `doku edit` was asked for, checked: a sudoku size, or a puzzle line.
fn edit_launch(args: &EditArgs) -> Result<crate::app::EditLaunch, String> {
    use crate::engine::format::parse_puzzle;
    if let Some(size) = args.size {
        check_board_size(size)?;
    }
    // A blank board with boxes of RxC is (R*C)x(R*C).
    if let (None, Some(ShapeHint::Boxes(rows, cols))) = (&args.puzzle, args.boxes) {
        let boxed = usize::from(rows) * usize::from(cols);
        match args.size {
            Some(size) if size != boxed => {
                return Err(format!(
                    "--size {size} and --boxes {rows}x{cols} disagree: boxes of \
                     {rows}x{cols} make a {boxed}x{boxed} board; give one of them"
                ))
            }
            _ => check_board_size(boxed).map_err(|_| {
                format!("--boxes {rows}x{cols}: {boxed}x{boxed} is not a board size")
            })?,
        }
    }
    let start = match &args.puzzle {
        // Named as `doku play` names it: "line 1" alone says not of what.
        Some(text) => {
            let hint = args.boxes.unwrap_or_default();
            if let Some(problem) = input::file_named_as_puzzle(text, hint, false) {
                return Err(format!("the puzzle argument: {problem}"));
            }
            let board =
                parse_puzzle(text, hint).map_err(|e| format!("the puzzle argument: {e}"))?;
            Some(with_variant(board, args.variant)?)
        }
        None => None,
    };
    if let (None, Some(variant)) = (&args.puzzle, args.variant) {
        if variant.is_jigsaw() {
            return Err(format!(
                "--variant {variant}: a blank jigsaw has no regions yet; give a puzzle \
                 with its region map (givens, a space, one region symbol per cell)"
            ));
        }
        let latin = args.boxes == Some(ShapeHint::Latin);
        if let Some(why) = args
            .size
            .and_then(|size| variant.unplayable_on(size, latin))
        {
            return Err(format!("--variant {variant}: {why}"));
        }
    }
    Ok(crate::app::EditLaunch {
        size: args.size,
        boxes: args.boxes.unwrap_or_default(),
        start,
        variant: args.variant,
    })
}

/// `--speed`: steps per second in the config's range; infinity is "as fast
/// as possible", the top speed stop.
fn parse_speed(text: &str) -> Result<f64, String> {
    let (low, high) = crate::config::WATCH_SPEED;
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|&speed| speed >= low && (speed <= high || speed == f64::INFINITY))
        .ok_or_else(|| {
            format!(
                "'{text}' is not a speed: give steps per second from {low} to {high}, or inf for as fast as possible"
            )
        })
}

/// What `doku watch` was asked for, checked: the puzzle (`None`: deal one),
/// the strategy and the speed.
fn watch_launch(
    args: &WatchArgs,
) -> Result<(Option<crate::engine::Board>, crate::app::WatchLaunch), String> {
    // Without --strategy the config's watch.strategy applies.
    let strategy = args
        .strategy
        .as_deref()
        .map(crate::engine::SearchKind::parse_named)
        .transpose()
        .map_err(|e| format!("--strategy: {e}"))?;
    // The puzzle is read as `doku play` reads it, and without one
    // `--boxes latin` deals Latin squares as there.
    let as_play = PlayArgs {
        puzzle: args.puzzle.clone(),
        file: args.file.clone(),
        new: true,
        boxes: args.boxes,
        size: None,
        difficulty: None,
        variant: args.variant,
        seed: args.seed,
    };
    // The solver starts from the givens: entries shared with the puzzle
    // are the player's, not the watched run's.
    let puzzle = play_game(&as_play)?.map(|played| played.puzzle);
    let launch = crate::app::WatchLaunch {
        strategy,
        speed: args.speed,
        repeat: args.repeat,
        deals: as_play.deal_choices()?,
    };
    Ok((puzzle, launch))
}

/// Whether `board` may be finished: false only when a quick search proves
/// it has no solution. A hard large puzzle can take a minute to solve, so
/// past [`QUICK_CHECK`] the game starts anyway and its panel reports the
/// check running in the background (see `crate::app`).
fn has_solution(board: &crate::engine::Board, source: &str) -> bool {
    use progress::{ProgressLine, QUIET_PERIOD};
    use std::io::IsTerminal;
    let start = std::time::Instant::now();
    let text = || {
        let waited = start.elapsed();
        (waited >= QUIET_PERIOD).then(|| {
            format!(
                "doku: checking that {source} has a solution: {}s (Ctrl-c stops)",
                waited.as_secs()
            )
        })
    };
    ProgressLine::run(std::io::stderr().is_terminal(), text, |_| {
        let quick = crate::engine::Deadline::after(QUICK_CHECK);
        !matches!(board.solution_before(quick), Ok(None))
    })
}

/// How long `doku play` looks for a solution before the game starts.
const QUICK_CHECK: std::time::Duration = std::time::Duration::from_millis(300);

/// Where `doku play` took its puzzle from, for messages.
fn puzzle_source(args: &PlayArgs) -> String {
    match (&args.puzzle, &args.file) {
        (None, Some(path)) => path.display().to_string(),
        (Some(dash), _) if dash == "-" => "standard input".to_string(),
        _ => "the puzzle argument".to_string(),
    }
}

/// The puzzle `doku play` was given, checked, with the entries and notes
/// of a shared game (a HoDoKu library line, f-puzzles with values and
/// pencil marks); `None` for a fresh deal.
fn play_game(args: &PlayArgs) -> Result<Option<PlayedPuzzle>, String> {
    use crate::engine::format::{check_givens, parse_game_as};
    let source = puzzle_source(args);
    // Bytes, not a string: a file that is not UTF-8 gets the line and column
    // of its first bad byte from the parser, like `doku solve --file`.
    let bytes = match (&args.puzzle, &args.file) {
        // The keys then come from the terminal itself (/dev/tty).
        (Some(dash), _) if dash == "-" => {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::stdin(), &mut bytes)
                .map_err(|e| format!("{source}: cannot read it: {e}"))?;
            bytes
        }
        (Some(text), _) => {
            if let Some(problem) =
                input::file_named_as_puzzle(text, args.boxes.unwrap_or_default(), true)
            {
                return Err(format!("{source}: {problem}"));
            }
            text.clone().into_bytes()
        }
        (None, Some(path)) => std::fs::read(path).map_err(|e| input::cannot_read(path, &e))?,
        (None, None) => return Ok(None),
    };
    let bytes = bytes.strip_prefix(input::BYTE_ORDER_MARK).unwrap_or(&bytes);
    let played = parse_game_as(bytes, args.boxes.unwrap_or_default(), Variant::Classic)
        .map_err(|e| format!("{source}: {e}"))?;
    // As `doku solve --variant killer` refuses a line without cages, rather
    // than playing it as a classic under a killer's name.
    if let Some(variant) = args.variant.filter(|v| v.is_killer()) {
        if !played.puzzle.is_killer() {
            return Err(format!(
                "{source}: {}",
                crate::engine::format::no_cages_message(variant)
            ));
        }
    }
    let board = with_variant(played.puzzle, args.variant)?;
    check_givens(&board, 1).map_err(|e| format!("{source}: {e}"))?;
    Ok(Some(PlayedPuzzle {
        puzzle: board,
        progress: played.progress,
    }))
}
