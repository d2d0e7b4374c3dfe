//! Statistics: games started, solved and abandoned, best and average
//! solving time and hints per board size and difficulty, and streaks.
//!
//! The app records events with [`update`], which holds a lock around the
//! read-modify-write so two doku processes never lose each other's games:
//!
//! ```no_run
//! # use doku::storage::{stats, GameKind, StateDir};
//! # use std::time::Duration;
//! let dir = StateDir::from_env()?;
//! let kind = GameKind { size: 9, difficulty: None, variant: None };
//! stats::update(&dir, |s| s.record_start(kind))?;
//! let solved = stats::update(&dir, |s| s.record_solved(kind, Duration::from_secs(300), 1))?;
//! if solved.value.is_new_best { /* the solved screen says so */ }
//! # Ok::<(), doku::storage::StorageError>(())
//! ```

use super::envelope::{self, STATS};
use super::{lock, LoadError, StateDir, StorageError};
use crate::engine::grader::Difficulty;
use crate::engine::Named;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What the statistics are kept per: board size and difficulty (`None` for
/// a puzzle the player brought, whose difficulty doku did not choose).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct GameKind {
    pub size: usize,
    pub difficulty: Option<Difficulty>,
    /// The rules: `None` for classic, as every record from before variants
    /// reads, so old statistics count as classic games.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::variant_name"
    )]
    pub variant: Option<crate::engine::Variant>,
}

impl GameKind {
    fn sort_key(&self) -> (usize, usize, bool, Option<Difficulty>) {
        let variant = self.variant.map_or(0, |v| {
            crate::engine::Variant::ALL
                .iter()
                .position(|&w| w == v)
                .unwrap_or(0)
        });
        (
            self.size,
            variant,
            self.difficulty.is_none(),
            self.difficulty,
        )
    }

    /// The board as the table names it: "9x9", "9x9 jigsaw", "9x9 X".
    fn board_label(&self) -> String {
        let n = self.size;
        match self.variant {
            None | Some(crate::engine::Variant::Classic) => format!("{n}x{n}"),
            Some(v) => format!("{n}x{n} {}", super::variant_words(v)),
        }
    }

    fn difficulty_label(&self) -> &'static str {
        difficulty_name(self.difficulty)
    }
}

/// A difficulty as the statistics, the status line and the solved message
/// name it: "custom" for a puzzle the player brought (typed in, pasted or
/// given on the command line), whose difficulty doku did not choose.
pub fn difficulty_name(difficulty: Option<Difficulty>) -> &'static str {
    difficulty.map_or("custom", Named::name)
}

/// The counts for one kind of game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    #[serde(flatten)]
    pub kind: GameKind,
    #[serde(default)]
    pub started: u64,
    /// Solved without help that gave digits away.
    #[serde(default)]
    pub solved: u64,
    /// Solved with hints that placed digits, or after the solver view
    /// showed the solution: no best time, no streak.
    #[serde(default)]
    pub assisted: u64,
    #[serde(default)]
    pub abandoned: u64,
    #[serde(default)]
    pub hints_used: u64,
    /// Fastest solve, in whole seconds.
    #[serde(default)]
    pub best_seconds: Option<u64>,
    /// Sum of the solving times, for the average.
    #[serde(default)]
    pub total_solved_seconds: u64,
    /// Games finished (solved, assisted or abandoned) with mistakes shown
    /// (`show_mistakes`, `w`), and the wrong digits entered in them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub games_with_mistakes_shown: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mistakes: u64,
}

fn is_zero(value: &u64) -> bool {
    *value == 0
}

impl Record {
    fn new(kind: GameKind) -> Record {
        Record {
            kind,
            started: 0,
            solved: 0,
            assisted: 0,
            abandoned: 0,
            hints_used: 0,
            best_seconds: None,
            total_solved_seconds: 0,
            games_with_mistakes_shown: 0,
            mistakes: 0,
        }
    }

    pub fn average_seconds(&self) -> Option<u64> {
        self.total_solved_seconds.checked_div(self.solved)
    }
}

/// All statistics, as stored in `stats.json`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stats {
    /// One record per kind of game played, sorted by size then difficulty.
    #[serde(default)]
    pub records: Vec<Record>,
    /// Games solved in a row (an abandoned game ends a streak, unless it
    /// was left untouched: see [`Stats::record_left_untouched`]).
    #[serde(default)]
    pub current_streak: u64,
    #[serde(default)]
    pub best_streak: u64,
}

/// What the solved screen shows after [`Stats::record_solved`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    pub time: Duration,
    /// The best time before this game, if there was one.
    pub previous_best: Option<Duration>,
    /// Faster than every earlier game of this kind (or the first solved).
    pub is_new_best: bool,
    pub streak: u64,
}

impl Stats {
    pub fn is_empty(&self) -> bool {
        self.records
            .iter()
            .all(|r| r.started == 0 && r.solved == 0 && r.assisted == 0)
    }

    pub fn record(&self, kind: GameKind) -> Option<&Record> {
        self.records.iter().find(|r| r.kind == kind)
    }

    fn record_mut(&mut self, kind: GameKind) -> &mut Record {
        let at = match self.records.iter().position(|r| r.kind == kind) {
            Some(at) => at,
            None => {
                let at = self
                    .records
                    .partition_point(|r| r.kind.sort_key() < kind.sort_key());
                self.records.insert(at, Record::new(kind));
                at
            }
        };
        &mut self.records[at]
    }

    /// A new game was dealt (or given) and play began.
    pub fn record_start(&mut self, kind: GameKind) {
        let r = self.record_mut(kind);
        r.started = r.started.saturating_add(1);
    }

    /// A game was solved in `time` with `hints` hints.
    pub fn record_solved(&mut self, kind: GameKind, time: Duration, hints: u64) -> Solved {
        let seconds = time.as_secs();
        let r = self.record_mut(kind);
        let previous_best = r.best_seconds;
        r.solved = r.solved.saturating_add(1);
        r.hints_used = r.hints_used.saturating_add(hints);
        r.total_solved_seconds = r.total_solved_seconds.saturating_add(seconds);
        let is_new_best = previous_best.is_none_or(|best| seconds < best);
        if is_new_best {
            r.best_seconds = Some(seconds);
        }
        self.current_streak = self.current_streak.saturating_add(1);
        self.best_streak = self.best_streak.max(self.current_streak);
        Solved {
            time,
            previous_best: previous_best.map(Duration::from_secs),
            is_new_best,
            streak: self.current_streak,
        }
    }

    /// A game was solved with help (hints placed digits, or the solver view
    /// showed the solution): counted apart, with no time and no streak.
    pub fn record_assisted(&mut self, kind: GameKind, hints: u64) -> u64 {
        let r = self.record_mut(kind);
        r.assisted = r.assisted.saturating_add(1);
        r.hints_used = r.hints_used.saturating_add(hints);
        r.assisted
    }

    /// A game was left unsolved for a new one; it ends the streak.
    pub fn record_abandoned(&mut self, kind: GameKind, hints: u64) {
        let r = self.record_mut(kind);
        r.abandoned = r.abandoned.saturating_add(1);
        r.hints_used = r.hints_used.saturating_add(hints);
        self.current_streak = 0;
    }

    /// A game was left for a new one before any move or hint (a deal the
    /// player passed over): counted as abandoned, but the streak goes on,
    /// since no attempt at it failed.
    pub fn record_left_untouched(&mut self, kind: GameKind) {
        let r = self.record_mut(kind);
        r.abandoned = r.abandoned.saturating_add(1);
    }

    /// A game finished with mistakes shown, and `mistakes` made in it.
    pub fn record_mistakes(&mut self, kind: GameKind, mistakes: u64) {
        let r = self.record_mut(kind);
        r.games_with_mistakes_shown = r.games_with_mistakes_shown.saturating_add(1);
        r.mistakes = r.mistakes.saturating_add(mistakes);
    }

    /// The statistics as an aligned table, or a sentence when there are none.
    pub fn table(&self) -> String {
        if self.is_empty() {
            return "No games yet: statistics appear here once you have played a game.\n".into();
        }
        // The mistakes column once a game was played with them shown.
        let mistakes = self.records.iter().any(|r| r.games_with_mistakes_shown > 0);
        let mut header = vec![
            "board",
            "difficulty",
            "started",
            "solved",
            "assisted",
            "abandoned",
            "best",
            "average",
            "hints",
        ];
        if mistakes {
            header.push("mistakes");
        }
        let mut rows: Vec<Vec<String>> = vec![header.into_iter().map(String::from).collect()];
        for r in &self.records {
            let mut row = vec![
                r.kind.board_label(),
                r.kind.difficulty_label().into(),
                r.started.to_string(),
                r.solved.to_string(),
                r.assisted.to_string(),
                r.abandoned.to_string(),
                r.best_seconds.map_or("-".into(), clock),
                r.average_seconds().map_or("-".into(), clock),
                r.hints_used.to_string(),
            ];
            if mistakes {
                row.push(match r.games_with_mistakes_shown {
                    0 => "-".into(),
                    _ => r.mistakes.to_string(),
                });
            }
            rows.push(row);
        }
        let mut widths = vec![0; rows[0].len()];
        for row in &rows {
            for (w, cell) in widths.iter_mut().zip(row) {
                *w = (*w).max(cell.chars().count());
            }
        }
        let mut out = String::new();
        for row in &rows {
            let mut line = String::new();
            for (i, (cell, &w)) in row.iter().zip(&widths).enumerate() {
                if i > 0 {
                    line.push_str("  ");
                }
                // Names to the left, numbers and times to the right.
                if i < 2 {
                    line.push_str(&format!("{cell:<w$}"));
                } else {
                    line.push_str(&format!("{cell:>w$}"));
                }
            }
            out.push_str(line.trim_end());
            out.push('\n');
        }
        out.push_str(&format!(
            "\nStreak: {} solved in a row (best {}).\n",
            self.current_streak, self.best_streak
        ));
        if self.records.iter().any(|r| r.assisted > 0) {
            out.push_str(
                "Assisted: solved with hints that placed digits, or after the solver \
                 view showed the solution; no best time, no streak.\n",
            );
        }
        if mistakes {
            out.push_str(
                "Mistakes: wrong digits entered in the games played with mistakes \
                 shown (w); - where none was.\n",
            );
        }
        out
    }
}

/// `mm:ss`, or `h:mm:ss` from an hour up: the format of the game's clock
/// on the status line and the panel, so a time reads the same everywhere.
pub fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds % 3600 / 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

/// The statistics in `dir` (empty when there are none yet). An unreadable
/// file is moved aside and reported.
pub fn load(dir: &StateDir) -> Result<Stats, LoadError> {
    Ok(envelope::load(&dir.stats_file(), STATS)?.unwrap_or_default())
}

/// Starts the statistics afresh: the file is moved aside to
/// `stats.json.<UTC timestamp>.reset` beside it, kept, not deleted, under
/// the statistics lock (a game running meanwhile counts into the new
/// file). `None` when there were no statistics to move.
pub fn reset(dir: &StateDir) -> Result<Option<std::path::PathBuf>, StorageError> {
    let file = dir.stats_file();
    if !file.exists() {
        return Ok(None);
    }
    let lock_path = dir.stats_lock_file();
    let _held = lock::exclusive(&lock_path).map_err(|e| StorageError::io(&lock_path, e))?;
    match super::atomic::move_aside_as(&file, "reset") {
        Ok(kept) => Ok(Some(kept)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(StorageError::io(&file, e)),
    }
}

/// The result of [`update`], and the report of a damaged statistics file
/// that was moved aside and started afresh.
#[derive(Debug)]
pub struct Updated<R> {
    pub value: R,
    pub recovered: Option<LoadError>,
}

/// Reads the statistics, applies `change`, writes them back atomically, all
/// under the statistics lock. A damaged file is moved aside and counting
/// starts again (reported in `recovered`); a file that cannot be read for
/// another reason is left alone and nothing is written.
pub fn update<R>(
    dir: &StateDir,
    change: impl FnOnce(&mut Stats) -> R,
) -> Result<Updated<R>, StorageError> {
    dir.create()?;
    let lock_path = dir.stats_lock_file();
    let _held = lock::exclusive(&lock_path).map_err(|e| StorageError::io(&lock_path, e))?;
    let (mut stats, recovered) = match load(dir) {
        Ok(stats) => (stats, None),
        Err(e) if e.was_moved_aside() => (Stats::default(), Some(e)),
        Err(e) => return Err(StorageError::Unreadable(Box::new(e))),
    };
    let value = change(&mut stats);
    envelope::store(&dir.stats_file(), STATS, &stats)?;
    Ok(Updated { value, recovered })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NINE_EASY: GameKind = GameKind {
        size: 9,
        difficulty: Some(Difficulty::Easy),
        variant: None,
    };
    const FOUR_CUSTOM: GameKind = GameKind {
        size: 4,
        difficulty: None,
        variant: None,
    };

    #[test]
    fn best_and_average_times_follow_the_solved_games() {
        let mut s = Stats::default();
        s.record_start(NINE_EASY);
        let first = s.record_solved(NINE_EASY, Duration::from_secs(300), 0);
        assert!(first.is_new_best);
        assert_eq!(first.previous_best, None);
        let slower = s.record_solved(NINE_EASY, Duration::from_secs(500), 2);
        assert!(!slower.is_new_best);
        assert_eq!(slower.previous_best, Some(Duration::from_secs(300)));
        let faster = s.record_solved(NINE_EASY, Duration::from_secs(100), 0);
        assert!(faster.is_new_best);
        let r = s.record(NINE_EASY).unwrap();
        assert_eq!((r.solved, r.hints_used, r.best_seconds), (3, 2, Some(100)));
        assert_eq!(r.average_seconds(), Some(300));
    }

    #[test]
    fn abandoning_ends_the_streak_but_not_the_best_streak() {
        let mut s = Stats::default();
        for _ in 0..3 {
            s.record_solved(NINE_EASY, Duration::from_secs(60), 0);
        }
        s.record_abandoned(NINE_EASY, 1);
        assert_eq!((s.current_streak, s.best_streak), (0, 3));
        let solved = s.record_solved(FOUR_CUSTOM, Duration::from_secs(10), 0);
        assert_eq!(solved.streak, 1);
        assert_eq!(s.best_streak, 3);
    }

    #[test]
    fn records_stay_sorted_by_size_then_difficulty() {
        let mut s = Stats::default();
        let hard9 = GameKind {
            size: 9,
            difficulty: Some(Difficulty::Hard),
            variant: None,
        };
        let custom9 = GameKind {
            size: 9,
            difficulty: None,
            variant: None,
        };
        for kind in [custom9, hard9, NINE_EASY, FOUR_CUSTOM] {
            s.record_start(kind);
        }
        let order: Vec<GameKind> = s.records.iter().map(|r| r.kind).collect();
        assert_eq!(order, [FOUR_CUSTOM, NINE_EASY, hard9, custom9]);
    }

    #[test]
    fn the_table_is_aligned_and_names_every_kind() {
        let mut s = Stats::default();
        s.record_start(NINE_EASY);
        s.record_solved(NINE_EASY, Duration::from_secs(3725), 12);
        s.record_start(FOUR_CUSTOM);
        let table = s.table();
        let lines: Vec<&str> = table.lines().collect();
        assert!(
            lines[0].starts_with("board  difficulty  started"),
            "{table}"
        );
        assert!(lines[1].starts_with("4x4    custom"), "{table}");
        assert!(lines[2].starts_with("9x9    easy"), "{table}");
        assert!(lines[2].contains("1:02:05"), "{table}");
        // Right-aligned columns end at the same place on every row.
        let end_of_hints = lines[0].len();
        assert_eq!(lines[1].len(), end_of_hints, "{table}");
        assert_eq!(lines[2].len(), end_of_hints, "{table}");
        assert!(
            table.contains("Streak: 1 solved in a row (best 1)"),
            "{table}"
        );
    }

    #[test]
    fn each_variant_keeps_its_own_record_and_old_records_read_as_classic() {
        use crate::engine::Variant;
        let mut stats = Stats::default();
        let jigsaw = GameKind {
            variant: Some(Variant::Jigsaw),
            ..NINE_EASY
        };
        stats.record_start(NINE_EASY);
        stats.record_start(jigsaw);
        stats.record_solved(jigsaw, Duration::from_secs(90), 0);
        assert_eq!(stats.record(NINE_EASY).map(|r| r.solved), Some(0));
        assert_eq!(stats.record(jigsaw).map(|r| r.solved), Some(1));
        let table = stats.table();
        assert!(table.contains("9x9 jigsaw"), "{table}");
        let text = serde_json::to_string(&stats).expect("json");
        assert_eq!(text.matches("\"variant\":\"jigsaw\"").count(), 1, "{text}");
        // A record written before variants: no variant, so classic.
        let old = r#"{"records":[{"size":9,"difficulty":"easy","started":2}]}"#;
        let old: Stats = serde_json::from_str(old).expect("old statistics read");
        assert_eq!(old.record(NINE_EASY).map(|r| r.started), Some(2));
    }

    #[test]
    fn no_games_says_so() {
        assert!(Stats::default().table().starts_with("No games yet"));
    }

    #[test]
    fn clock_reads_like_a_clock() {
        assert_eq!(clock(0), "00:00");
        assert_eq!(clock(59), "00:59");
        assert_eq!(clock(61), "01:01");
        assert_eq!(clock(3600), "1:00:00");
    }
}
