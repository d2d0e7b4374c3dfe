//! The autosaved game: one save per user, owned by one doku process at a
//! time.
//!
//! How the app uses it:
//!
//! ```no_run
//! # use doku::storage::{Autosave, Found, StateDir};
//! # #[derive(serde::Serialize, serde::Deserialize)] struct Game;
//! # fn new_game() -> Game { Game }
//! let dir = StateDir::from_env();
//! let opened = Autosave::open::<Game>(dir);
//! let mut status = None;
//! let game = match opened.found {
//!     Found::Game(game) => { status = Some("Resumed your saved game".to_string()); game }
//!     Found::Nothing => new_game(),
//!     other => { status = other.message(); new_game() }
//! };
//! let autosave = opened.autosave;
//! // after every change:
//! if let Err(e) = autosave.save(&game) { status = Some(e.to_string()); }
//! ```

use super::envelope::{self, SAVE};
use super::lock::{self, LockFile, TryLock};
use super::{LoadError, SavedGame, StateDir, StorageError};
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Writes the game in progress after every change, or, when this process
/// does not own the save, writes nothing.
#[derive(Debug)]
pub struct Autosave {
    path: Option<PathBuf>,
    ownership: Ownership,
}

/// Whether this process owns the save (and so writes it).
#[derive(Debug)]
enum Ownership {
    /// This process holds the save's lock (until it drops this) and
    /// writes the save.
    Owner { _held: LockFile },
    /// This game is not saved (see [`Found`] for why).
    Off,
}

/// What [`Autosave::open`] found where the save lives.
#[derive(Debug)]
pub enum Found<T> {
    /// No saved game: deal a new one.
    Nothing,
    /// The saved game, to resume.
    Game(T),
    /// The save could not be read. It was moved aside (and this game
    /// autosaves), or it could not be moved and stays untouched (and this
    /// game does not autosave, so nothing overwrites it).
    Unreadable(LoadError),
    /// Another doku process has the saved game open. This game is a
    /// separate one that does not autosave.
    OtherInstance { pid: Option<u32> },
    /// The state directory cannot be used (no HOME, read-only, ...). This
    /// game does not autosave.
    NoStorage(StorageError),
}

impl<T> Found<T> {
    /// A line for the status bar when the game could not be resumed or will
    /// not be saved; `None` for the ordinary cases.
    pub fn message(&self) -> Option<String> {
        match self {
            Found::Nothing | Found::Game(_) => None,
            Found::Unreadable(e) => Some(e.to_string()),
            Found::OtherInstance { pid } => Some(match pid {
                Some(pid) => format!(
                    "Another doku (process {pid}) has your saved game open: this is a separate game and is not saved"
                ),
                None => "Another doku has your saved game open: this is a separate game and is not saved".into(),
            }),
            Found::NoStorage(e) => Some(format!("This game is not saved: {e}")),
        }
    }
}

/// What `open` returns: the autosaver for this game and what was found.
#[derive(Debug)]
pub struct Opened<T> {
    pub autosave: Autosave,
    pub found: Found<T>,
}

/// Temporary files of the save left by a writer that was killed mid-write.
/// Only the lock holder writes the save, so once we hold it they are stale.
fn remove_stale_temporaries(dir: &StateDir, save: &Path) {
    let Some(name) = save.file_name().map(|n| n.to_string_lossy().into_owned()) else {
        return;
    };
    let prefix = format!(".{name}.");
    let Ok(entries) = std::fs::read_dir(dir.path()) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let file_name = file_name.to_string_lossy();
        if file_name.starts_with(&prefix) && file_name.ends_with(".tmp") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

impl Autosave {
    /// Takes ownership of the save in `dir` (creating the directory) and
    /// reads the saved game. Never fails: every problem is a [`Found`] the
    /// app reports while the player gets a game all the same. An unreadable
    /// save is moved aside here even if the player asked for a new game, so
    /// the first autosave never overwrites it.
    pub fn open<T: DeserializeOwned>(dir: Result<StateDir, StorageError>) -> Opened<T> {
        Autosave::open_checked(dir, |_: &T| Ok(()))
    }

    /// [`Autosave::open`] for the game's own save format: a [`SavedGame`]
    /// that fails [`SavedGame::check`] is moved aside like a damaged file.
    pub fn open_game(dir: Result<StateDir, StorageError>) -> Opened<SavedGame> {
        Autosave::open_checked(dir, SavedGame::check)
    }

    /// [`Autosave::open`], with `check` refusing data that decodes but makes
    /// no sense; refused data is moved aside like a damaged file.
    pub fn open_checked<T: DeserializeOwned>(
        dir: Result<StateDir, StorageError>,
        check: impl FnOnce(&T) -> Result<(), String>,
    ) -> Opened<T> {
        let off = |found| Opened {
            autosave: Autosave::off(),
            found,
        };
        let dir = match dir.and_then(|d| d.create().map(|()| d)) {
            Ok(dir) => dir,
            Err(e) => return off(Found::NoStorage(e)),
        };
        let lock_path = dir.save_lock_file();
        let lock = match lock::try_exclusive(&lock_path) {
            Ok(TryLock::Acquired(lock)) => lock,
            Ok(TryLock::Busy { holder_pid }) => {
                return off(Found::OtherInstance { pid: holder_pid })
            }
            Err(e) => return off(Found::NoStorage(StorageError::io(&lock_path, e))),
        };
        let path = dir.save_file();
        remove_stale_temporaries(&dir, &path);
        let found = match envelope::load_checked(&path, SAVE, check) {
            Ok(None) => Found::Nothing,
            Ok(Some(game)) => Found::Game(game),
            Err(e) => {
                if !e.was_moved_aside() {
                    // Writing would overwrite a file we could not move.
                    return off(Found::Unreadable(e));
                }
                Found::Unreadable(e)
            }
        };
        Opened {
            autosave: Autosave {
                path: Some(path),
                ownership: Ownership::Owner { _held: lock },
            },
            found,
        }
    }

    /// An autosaver that saves nothing (a separate game, or no storage).
    pub fn off() -> Autosave {
        Autosave {
            path: None,
            ownership: Ownership::Off,
        }
    }

    /// Whether this game is saved.
    pub fn is_on(&self) -> bool {
        matches!(self.ownership, Ownership::Owner { .. })
    }

    /// Where the game is saved, when it is (for the panic message).
    pub fn path(&self) -> Option<&Path> {
        match self.ownership {
            Ownership::Owner { .. } => self.path.as_deref(),
            Ownership::Off => None,
        }
    }

    /// Adds a note to the panic output saying where the game is saved and
    /// how to report the bug. Call it after `ratatui::init` (whose hook
    /// restores the terminal): the note then prints after the panic message,
    /// on a normal screen. The save itself needs no work here: it is written
    /// after every change, so it already holds the last move.
    pub fn install_panic_note(&self) {
        let note = crash_note(self.path());
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            previous(info);
            let _ = std::io::Write::write_fmt(&mut std::io::stderr(), format_args!("{note}\n"));
        }));
    }

    /// Saves the game atomically; does nothing when this game is not saved.
    pub fn save<T: Serialize>(&self, game: &T) -> Result<(), StorageError> {
        match (&self.ownership, &self.path) {
            (Ownership::Owner { .. }, Some(path)) => envelope::store(path, SAVE, game),
            _ => Ok(()),
        }
    }

    /// Removes the save (the game was solved or abandoned); does nothing
    /// when this game is not saved or nothing was saved yet.
    pub fn discard(&self) -> Result<(), StorageError> {
        match (&self.ownership, &self.path) {
            (Ownership::Owner { .. }, Some(path)) => match std::fs::remove_file(path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
                Err(e) => Err(StorageError::io(path, e)),
            },
            _ => Ok(()),
        }
    }
}

/// What to tell a player whose doku crashed.
pub fn crash_note(save: Option<&Path>) -> String {
    let saved = match save {
        Some(path) => format!(
            "Your game is saved up to your last move in {}; run doku to carry on.",
            path.display()
        ),
        None => "This game was not being saved.".into(),
    };
    format!(
        "\ndoku crashed: this is a bug. {saved}\nPlease report it with the message above and what you were doing (doku {}).",
        env!("CARGO_PKG_VERSION")
    )
}
