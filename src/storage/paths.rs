//! Where doku's files live, after the XDG base directory spec, in one place:
//! the state (`$XDG_STATE_HOME/doku/`, else `~/.local/state/doku/`) and the
//! user's config (`$XDG_CONFIG_HOME/doku/`, else `~/.config/doku/`).

use super::StorageError;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The directory of the user's `config.toml` and `themes/`, for these
/// values of `XDG_CONFIG_HOME` and `HOME`; `None` with neither.
pub fn config_dir(xdg_config_home: Option<&Path>, home: Option<&Path>) -> Option<PathBuf> {
    doku_dir(xdg_config_home, home, &[".config"])
}

/// `$XDG_..._HOME/doku`, else `$HOME/<fallback>/doku`. The XDG spec says a
/// relative `XDG_..._HOME` is invalid and must be ignored; so is an empty
/// one, and a relative `HOME`.
fn doku_dir(xdg: Option<&Path>, home: Option<&Path>, fallback: &[&str]) -> Option<PathBuf> {
    if let Some(xdg) = xdg.filter(|p| p.is_absolute()) {
        return Some(xdg.join("doku"));
    }
    let mut dir = home.filter(|p| p.is_absolute())?.to_path_buf();
    dir.extend(fallback);
    Some(dir.join("doku"))
}

/// The directory holding the saved game, the statistics and their locks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StateDir {
    root: PathBuf,
}

impl StateDir {
    /// The state directory from the environment (`XDG_STATE_HOME`, else
    /// `HOME`). Tests point `XDG_STATE_HOME` at a temporary directory.
    pub fn from_env() -> Result<StateDir, StorageError> {
        StateDir::from_vars(std::env::var_os("XDG_STATE_HOME"), std::env::var_os("HOME"))
    }

    /// The state directory for these values of `XDG_STATE_HOME` and `HOME`.
    /// The XDG spec says a relative `XDG_STATE_HOME` is invalid and must be
    /// ignored; so is an empty one.
    pub fn from_vars(
        xdg_state_home: Option<OsString>,
        home: Option<OsString>,
    ) -> Result<StateDir, StorageError> {
        let xdg = xdg_state_home.map(PathBuf::from);
        let home = home.map(PathBuf::from);
        doku_dir(xdg.as_deref(), home.as_deref(), &[".local", "state"])
            .map(StateDir::new)
            .ok_or(StorageError::NoStateDir)
    }

    /// A state directory at exactly this path.
    pub fn new(root: impl Into<PathBuf>) -> StateDir {
        StateDir { root: root.into() }
    }

    pub fn path(&self) -> &Path {
        &self.root
    }

    /// The game in progress.
    pub fn save_file(&self) -> PathBuf {
        self.root.join("game.json")
    }

    /// Held (flock) by the doku process that owns the saved game. A lock
    /// file of its own because the save is replaced by rename, which would
    /// drop a lock held on the save itself.
    pub fn save_lock_file(&self) -> PathBuf {
        self.root.join("game.lock")
    }

    /// Games played, solved, best times.
    pub fn stats_file(&self) -> PathBuf {
        self.root.join("stats.json")
    }

    /// What `t`, `d` and `z` last chose (theme, difficulty and size of the
    /// next deal), so a restart keeps them without touching config.toml.
    pub fn prefs_file(&self) -> PathBuf {
        self.root.join("preferences.json")
    }

    /// Held briefly around each read-modify-write of the statistics, so two
    /// doku processes never lose each other's results.
    pub fn stats_lock_file(&self) -> PathBuf {
        self.root.join("stats.lock")
    }

    /// Creates the directory (and its parents) if it is missing, readable by
    /// the user only: a save may say what someone was doing and when.
    pub fn create(&self) -> Result<(), StorageError> {
        let mut builder = std::fs::DirBuilder::new();
        builder.recursive(true);
        #[cfg(unix)]
        std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
        builder
            .create(&self.root)
            .map_err(|source| StorageError::io(&self.root, source))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(s: &str) -> Option<OsString> {
        Some(OsString::from(s))
    }

    #[test]
    fn the_config_follows_the_same_rule_as_the_state() {
        let path = |s: &'static str| Some(Path::new(s));
        assert_eq!(
            config_dir(path("/xdg/config"), path("/home/ann")),
            Some(PathBuf::from("/xdg/config/doku"))
        );
        assert_eq!(
            config_dir(path("relative"), path("/home/ann")),
            Some(PathBuf::from("/home/ann/.config/doku"))
        );
        assert_eq!(
            config_dir(None, path("/home/ann")),
            Some(PathBuf::from("/home/ann/.config/doku"))
        );
        assert_eq!(config_dir(None, None), None);
    }

    #[test]
    fn xdg_state_home_wins_over_home() {
        let dir = StateDir::from_vars(os("/xdg/state"), os("/home/ann")).unwrap();
        assert_eq!(dir.path(), Path::new("/xdg/state/doku"));
        assert_eq!(dir.save_file(), Path::new("/xdg/state/doku/game.json"));
        assert_eq!(dir.stats_file(), Path::new("/xdg/state/doku/stats.json"));
    }

    #[test]
    fn home_is_the_fallback() {
        let dir = StateDir::from_vars(None, os("/home/ann")).unwrap();
        assert_eq!(dir.path(), Path::new("/home/ann/.local/state/doku"));
    }

    #[test]
    fn relative_or_empty_xdg_state_home_is_ignored() {
        for bad in ["", "state", "./state"] {
            let dir = StateDir::from_vars(os(bad), os("/home/ann")).unwrap();
            assert_eq!(
                dir.path(),
                Path::new("/home/ann/.local/state/doku"),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn no_usable_variable_is_an_error_that_names_them() {
        let err = StateDir::from_vars(os("rel"), None).unwrap_err();
        let msg = err.to_string();
        assert!(
            msg.contains("XDG_STATE_HOME") && msg.contains("HOME"),
            "{msg}"
        );
    }
}
