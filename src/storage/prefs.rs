//! What the player chose with `t`, `d`, `z`, `L` and `v` (theme,
//! difficulty, size, Latin squares and variant for the next deal), remembered in `preferences.json` in the state
//! directory. The user's `config.toml` is theirs and is never rewritten:
//! these choices sit over it, and a field left out means "as configured".

use super::envelope::{self, PREFS};
use super::{LoadError, StateDir, StorageError};
use crate::engine::grader::Difficulty;
use serde::{Deserialize, Serialize};

/// The remembered choices; `None` for one never made.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preferences {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub theme: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size: Option<usize>,
    /// Latin squares (`L`) rather than sudokus.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub latin: Option<bool>,
    /// The rules of the next deal (`v`).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        with = "super::variant_name"
    )]
    pub variant: Option<crate::engine::Variant>,
}

/// The preferences in `dir` (none when there is no file). A damaged file is
/// moved aside and reported, like the other state files.
pub fn load(dir: &StateDir) -> Result<Preferences, LoadError> {
    Ok(envelope::load(&dir.prefs_file(), PREFS)?.unwrap_or_default())
}

/// Writes the preferences atomically.
pub fn store(dir: &StateDir, prefs: &Preferences) -> Result<(), StorageError> {
    dir.create()?;
    envelope::store(&dir.prefs_file(), PREFS, prefs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_round_trip_and_missing_ones_stay_unset() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = StateDir::new(tmp.path().join("doku"));
        assert_eq!(load(&dir).unwrap(), Preferences::default());
        let prefs = Preferences {
            theme: Some("light".into()),
            difficulty: Some(Difficulty::Hard),
            size: None,
            latin: None,
            variant: Some(crate::engine::Variant::JigsawX),
        };
        store(&dir, &prefs).unwrap();
        assert_eq!(load(&dir).unwrap(), prefs);
        let text = std::fs::read_to_string(dir.prefs_file()).unwrap();
        assert!(!text.contains("size"), "{text}");
    }
}
