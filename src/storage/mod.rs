//! What doku keeps on disk: the autosaved game and the statistics, in
//! `$XDG_STATE_HOME/doku/` (else `~/.local/state/doku/`).
//!
//! Every file is versioned pretty JSON ([`envelope`]), written atomically
//! ([`atomic`]); an unreadable file is moved aside to a timestamped
//! `.corrupt` name, never overwritten or deleted; a lock file ([`lock`])
//! keeps two doku processes from writing over each other.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]

pub mod atomic;
pub mod envelope;
mod game_file;
pub mod lock;
mod paths;
pub mod prefs;
mod save;
pub mod stats;
mod variant_name;

pub use game_file::{
    decode_rows, encode_rows, SavedCell, SavedChange, SavedColourEdit, SavedEdit, SavedGame,
    MARK_COLOURS,
};
pub use paths::{config_dir, StateDir};
pub use prefs::Preferences;
pub use save::{crash_note, Autosave, Found, Opened};
pub use stats::{GameKind, Stats};
pub use variant_name::words as variant_words;

use crate::toml_file::error::io_reason;
use std::io;
use std::path::{Path, PathBuf};

/// A file could not be written, or there is nowhere to write it.
#[derive(Debug, thiserror::Error)]
pub enum StorageError {
    #[error("{}: {}", path.display(), io_reason(source))]
    Io { path: PathBuf, source: io::Error },
    #[error("nowhere to keep the saved game: set XDG_STATE_HOME or HOME to an absolute path")]
    NoStateDir,
    #[error("{}: could not write the {what}: {reason}", path.display())]
    Encode {
        path: PathBuf,
        what: &'static str,
        reason: String,
    },
    /// The file to update cannot be read and was left alone.
    #[error(transparent)]
    Unreadable(Box<LoadError>),
}

impl StorageError {
    pub fn io(path: &Path, source: io::Error) -> StorageError {
        StorageError::Io {
            path: path.to_path_buf(),
            source,
        }
    }
}

/// A file exists but could not be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Damaged, not doku's, or from a newer doku: moved aside and kept.
    #[error("The {what} {} could not be read: {reason}. It was moved aside to {} and kept.", path.display(), moved_to.display())]
    MovedAside {
        path: PathBuf,
        what: &'static str,
        reason: String,
        moved_to: PathBuf,
    },
    /// Damaged, and moving it aside failed too: left untouched.
    #[error("The {what} {} could not be read: {reason}. Moving it aside failed ({}), so it is left as it is and will not be written over.", path.display(), io_reason(move_error))]
    KeptInPlace {
        path: PathBuf,
        what: &'static str,
        reason: String,
        move_error: io::Error,
    },
    /// Reading failed (permissions, a device error): the file may be fine,
    /// so it stays where it is.
    #[error("The {what} {} could not be read: {}. It is left as it is and will not be written over.", path.display(), io_reason(source))]
    Io {
        path: PathBuf,
        what: &'static str,
        source: io::Error,
    },
}

impl LoadError {
    /// Where the unreadable file went, if it was moved.
    pub fn moved_to(&self) -> Option<&Path> {
        match self {
            LoadError::MovedAside { moved_to, .. } => Some(moved_to),
            _ => None,
        }
    }

    /// Whether the original path is free to write again.
    pub fn was_moved_aside(&self) -> bool {
        self.moved_to().is_some()
    }
}
