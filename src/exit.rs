//! The process exit statuses, shared by the batch commands and the game:
//! below both, so neither has to reach into the other for them.

/// Every puzzle handled (or the game ended normally).
pub const EXIT_OK: i32 = 0;
/// Some puzzle has no solution.
pub const EXIT_UNSOLVABLE: i32 = 1;
/// Unreadable input, broken givens, bad config, no usable terminal.
pub const EXIT_BAD_INPUT: i32 = 2;
/// `solve --timeout` gave up on some puzzle (and none was unreadable,
/// which is status 2).
pub const EXIT_TIMED_OUT: i32 = 3;
