//! doku: sudoku for the terminal.
//!
//! `engine` is the pure core (no terminal); `cli` runs the batch commands over it.
pub mod cli;
pub mod engine;
pub mod watch;
