//! doku: sudoku for the terminal.
//!
//! `engine` is the pure core (no terminal); `cli` runs the batch commands over
//! it; `game` is the play state and `app`/`ui` the terminal around it.
// Input comes from users and files: no unwrap or expect outside tests.
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used))]
pub mod app;
pub mod cli;
pub mod config;
/// The pure core lives in its own crate (`crates/doku-engine`), so nothing
/// here can pull the terminal or the CLI parser into it.
pub use doku_engine as engine;
pub mod exit;
pub mod game;
pub mod input;
pub mod keymap;
pub mod serve;
pub mod signals;
pub mod storage;
pub mod theme;
pub mod toml_file;
pub mod ui;
pub mod watch;
