//! Reading a user's TOML file (the config, a theme) with errors that name the
//! file, line, key, bad value and the valid choices. Below both `config` and
//! `theme`, which each walk their own files with it.

pub mod error;
pub mod walk;

pub use error::{ConfigError, SourceFile};
