//! The app's link to what doku keeps on disk: the autosave after every
//! change, the resume on start, and the statistics as games start, end and
//! are left for new ones. Every failure here becomes a status-line message;
//! none stops the game.

use crate::game::Game;
use crate::storage::{stats, Autosave, Found, GameKind, StateDir, Stats};
use std::time::Instant;

pub struct Persistence {
    autosave: Autosave,
    /// Where the statistics go; `None` when there is nowhere (and in tests).
    state: Option<StateDir>,
    /// Why the game is not saved this run (another doku has the save, ...),
    /// shown for as long as it holds; `None` when it is (and in tests).
    not_saving: Option<&'static str>,
}

/// What [`Persistence::open`] found: the game to resume, and what the
/// status line should say about it.
pub struct Opening {
    pub persistence: Persistence,
    pub game: Option<Game>,
    /// A short line for the status bar.
    pub message: Option<String>,
    /// The saved game was resumed (the app says so, naming its own key
    /// for a new deal: see `App::resumed_message`).
    pub resumed: bool,
    /// The whole story (paths, reasons), for stderr once the terminal is
    /// restored: the status line has no room for it.
    pub notice: Option<String>,
}

/// The mistakes of a game played with them shown, as it is counted.
fn count_mistakes(stats: &mut Stats, game: &Game) {
    if game.shows_mistakes() {
        stats.record_mistakes(kind(game), u64::from(game.mistakes_made()));
    }
}

fn kind(game: &Game) -> GameKind {
    GameKind {
        size: game.shape().size(),
        difficulty: game.difficulty(),
        variant: match crate::engine::Variant::of_board(game.board()) {
            crate::engine::Variant::Classic => None,
            variant => Some(variant),
        },
    }
}

/// Whether leaving `game` for a new one counts it as abandoned: not when
/// it was solved, nor for the empty board shown while the first deal runs.
fn counts_as_abandoned(game: &Game) -> bool {
    !game.is_solved() && is_a_puzzle(game.givens())
}

/// Whether `game` was left as it was dealt: no move made (nothing to undo
/// or redo) and no hint asked for.
fn left_untouched(game: &Game) -> bool {
    !game.is_touched() && game.hints_used() == 0
}

/// Whether a board is a puzzle rather than the empty board shown while the
/// first deal runs: it has givens, or it is a killer (whose cages are its
/// puzzle, with no givens at all).
pub(super) fn is_a_puzzle(givens: &crate::engine::Board) -> bool {
    givens.filled_count() > 0 || givens.is_killer()
}

/// A kind of game in words: "9x9 medium", "6x6 custom".
fn kind_label(kind: GameKind) -> String {
    format!(
        "{0}x{0} {1}",
        kind.size,
        stats::difficulty_name(kind.difficulty)
    )
}

impl Persistence {
    /// Saves nothing and counts nothing (tests, benches).
    pub fn off() -> Persistence {
        Persistence {
            autosave: Autosave::off(),
            state: None,
            not_saving: None,
        }
    }

    /// Takes the save in the state directory; returns the saved game when
    /// there is one and `resume` is set. With `resume` off (`--new`), a
    /// saved game counts as abandoned, since the first autosave replaces it.
    pub fn open(resume: bool, now: Instant) -> Opening {
        Persistence::open_in(StateDir::from_env(), resume, now)
    }

    /// [`Persistence::open`] in a given state directory (`doku serve`: the
    /// player's own, under the server's).
    pub fn open_in(
        dir: Result<StateDir, crate::storage::StorageError>,
        resume: bool,
        now: Instant,
    ) -> Opening {
        let state = dir.as_ref().ok().cloned();
        let opened = Autosave::open_game(dir);
        // Where the save cannot be kept, the statistics and preferences
        // beside it cannot either: "nowhere to save" says so once, instead
        // of a "statistics not saved" replacing it at the first deal.
        let state = state.filter(|_| !matches!(opened.found, Found::NoStorage(_)));
        let not_saving = match &opened.found {
            Found::Unreadable(e) if !e.was_moved_aside() => Some("the save is unreadable"),
            Found::OtherInstance { .. } => Some("another doku has your save open"),
            Found::NoStorage(_) => Some("nowhere to save"),
            _ => None,
        };
        let persistence = Persistence {
            autosave: opened.autosave,
            state,
            not_saving,
        };
        let notice = opened.found.message().map(|m| format!("doku: {m}"));
        let (game, message) = match opened.found {
            Found::Game(saved) => match Game::from_saved(&saved, now) {
                Ok(game) if resume => (Some(game), None),
                // Said, since `--new` does not ask as `g` does.
                Ok(game) => (
                    None,
                    persistence.abandoned(&game).or_else(|| {
                        counts_as_abandoned(&game).then(|| {
                            format!(
                                "new game: your saved {} {} counts as abandoned",
                                super::view::board_label(game.board()),
                                stats::difficulty_name(game.difficulty())
                            )
                        })
                    }),
                ),
                // `open_game` checked the save, so this is not expected.
                Err(why) => (None, Some(format!("saved game not resumed: {why}"))),
            },
            Found::Nothing => (None, None),
            Found::Unreadable(e) if e.was_moved_aside() => (
                None,
                Some("saved game unreadable: kept aside as .corrupt".into()),
            ),
            Found::Unreadable(_) => (None, Some("saved game unreadable: not saving".into())),
            Found::OtherInstance { .. } => (
                None,
                Some("another doku has your save open: not saving".into()),
            ),
            Found::NoStorage(_) => (None, Some("nowhere to save: not saving".into())),
        };
        Opening {
            persistence,
            resumed: game.is_some(),
            game,
            message,
            notice,
        }
    }

    /// Why this run saves nothing, if it does not.
    pub fn not_saving(&self) -> Option<&'static str> {
        self.not_saving
    }

    /// Shows where the game is saved after a panic (see
    /// [`Autosave::install_panic_note`]).
    pub fn install_panic_note(&self) {
        self.autosave.install_panic_note();
    }

    /// Writes the game after a change; a solved game has nothing left to
    /// resume, so its save is removed. `Some(message)` when that failed.
    /// (A puzzle with no givens at all is never saved: see below.)
    pub fn save(&self, game: &Game, now: Instant) -> Option<String> {
        if !is_a_puzzle(game.givens()) {
            // The empty board shown while the first deal runs: not a game.
            return None;
        }
        let result = if game.is_solved() {
            self.autosave.discard()
        } else {
            self.autosave.save(&game.to_saved(now, None))
        };
        result.err().map(|e| format!("not saved: {e}"))
    }

    fn count<R>(&self, change: impl FnOnce(&mut Stats) -> R) -> Result<Option<R>, String> {
        let Some(dir) = &self.state else {
            return Ok(None);
        };
        match stats::update(dir, change) {
            Ok(updated) => match updated.recovered {
                Some(report) => Err(report.to_string()),
                None => Ok(Some(updated.value)),
            },
            Err(e) => Err(format!("statistics not saved: {e}")),
        }
    }

    /// Remembers what `t`, `d` and `z` chose. `Some(message)` on a problem.
    pub fn remember(&self, prefs: &crate::storage::Preferences) -> Option<String> {
        let dir = self.state.as_ref()?;
        crate::storage::prefs::store(dir, prefs)
            .err()
            .map(|e| format!("choice not remembered: {e}"))
    }

    /// A game began (dealt or given). `Some(message)` on a storage problem.
    pub fn started(&self, game: &Game) -> Option<String> {
        self.count(|s| s.record_start(kind(game))).err()
    }

    /// A game is left for a new one: counted as abandoned unless it was
    /// solved or is the empty board shown while the first deal runs. One
    /// left untouched (no move, no hint) does not end the streak.
    pub fn abandoned(&self, game: &Game) -> Option<String> {
        if !counts_as_abandoned(game) {
            return None;
        }
        if left_untouched(game) {
            return self.count(|s| s.record_left_untouched(kind(game))).err();
        }
        let hints = u64::from(game.hints_used());
        self.count(|s| {
            s.record_abandoned(kind(game), hints);
            count_mistakes(s, game);
        })
        .err()
    }

    /// The game was solved: counts it and says how the time compares.
    pub fn solved(&self, game: &Game, now: Instant) -> String {
        let time = game.elapsed(now);
        let hints = u64::from(game.hints_used());
        let clock = stats::clock(time.as_secs());
        let game_kind = kind(game);
        let label = kind_label(game_kind);
        if game.is_assisted() {
            let counted = self.count(|s| {
                count_mistakes(s, game);
                s.record_assisted(game_kind, hints)
            });
            return match counted {
                Err(e) => format!("solved in {clock} with help; {e}"),
                Ok(_) => format!("solved in {clock} with help: no best time, no streak"),
            };
        }
        let counted = self.count(|s| {
            count_mistakes(s, game);
            s.record_solved(game_kind, time, hints)
        });
        match counted {
            Ok(Some(solved)) if solved.is_new_best && solved.previous_best.is_some() => {
                format!("solved in {clock}: a new best for {label}!")
            }
            Ok(Some(solved)) => match solved.previous_best {
                Some(best) => format!(
                    "solved in {clock} (best for {label}: {})",
                    stats::clock(best.as_secs())
                ),
                None => format!("solved in {clock}: your first {label}"),
            },
            Ok(None) => format!("solved in {clock}"),
            Err(e) => format!("solved in {clock}; {e}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::killer::Cages;
    use crate::engine::{Board, Shape, Variant};
    use std::sync::Arc;
    use std::time::Instant;

    #[test]
    fn a_game_left_untouched_does_not_end_the_streak() {
        let tmp = tempfile::tempdir().expect("a temporary directory");
        let dir = StateDir::new(tmp.path().join("doku"));
        let now = Instant::now();
        let persistence = Persistence::open_in(Ok(dir.clone()), true, now).persistence;
        let puzzle = "4010000430422401";
        let board = || {
            crate::engine::format::parse_puzzle(puzzle, crate::engine::format::ShapeHint::Infer)
                .expect("a 4x4 puzzle")
        };
        // One solved: a streak of one.
        let mut solved = Game::new(board(), None, now);
        for (row, col, digit) in [
            (0, 1, 2),
            (0, 3, 3),
            (1, 0, 1),
            (1, 1, 3),
            (1, 2, 2),
            (2, 1, 1),
            (3, 2, 3),
        ] {
            solved.set_cursor(row, col);
            solved.enter(digit, now);
        }
        assert!(solved.is_solved(), "the test's solution is right");
        persistence.solved(&solved, now);
        let streak = || stats::load(&dir).expect("stats read").current_streak;
        assert_eq!(streak(), 1);
        // Dealt and passed over, no move made: abandoned, the streak goes on.
        let untouched = Game::new(board(), None, now);
        assert_eq!(persistence.abandoned(&untouched), None);
        let loaded = stats::load(&dir).expect("stats read");
        assert_eq!(loaded.current_streak, 1);
        assert_eq!(loaded.records[0].abandoned, 1);
        // A move undone still touched it; so does a hint looked at.
        let mut tried = Game::new(board(), None, now);
        tried.set_cursor(0, 1);
        tried.enter(2, now);
        tried.undo(now);
        assert_eq!(persistence.abandoned(&tried), None);
        assert_eq!(streak(), 0);
        persistence.solved(&solved, now);
        let mut hinted = Game::new(board(), None, now);
        hinted.hint_or_apply(now);
        assert_eq!(persistence.abandoned(&hinted), None);
        assert_eq!(streak(), 0);
    }

    #[test]
    fn a_killer_with_no_givens_is_a_puzzle_with_its_own_statistics() {
        let shape = Shape::sudoku(4).expect("4x4");
        let rows = (0..4).map(|r| ((0..4).map(|c| shape.cell(r, c)).collect(), Some(10)));
        let cages = Cages::new(shape, rows).expect("a cage a row");
        let killer = Board::empty(shape).with_cages(Some(Arc::new(cages)));
        assert!(is_a_puzzle(&killer));
        assert!(
            !is_a_puzzle(&Board::empty(shape)),
            "the board before a deal"
        );
        let game = Game::new(killer, None, Instant::now());
        let kind = kind(&game);
        assert_eq!(kind.variant, Some(Variant::Killer));
        assert!(counts_as_abandoned(&game));
    }
}
