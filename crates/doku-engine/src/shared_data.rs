//! The large public puzzle sets for the engine's own tests: `$DOKU_SHARED`,
//! or `shared/` beside the checkout, as the workspace's tests find them.
//! They are not in the repository, so a test without them says so in one
//! line and passes.

use std::io::Write;
use std::path::PathBuf;

/// The text of `data/{file}` in the shared sets, or `None` (after one line
/// on stderr naming what `skipped` did not check) when it is absent.
pub(crate) fn shared_text(file: &str, skipped: &str) -> Option<String> {
    let dir = match std::env::var_os("DOKU_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    };
    let path = dir.join("data").join(file);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // `eprintln!` would be captured by the harness and never shown.
            let _ = writeln!(
                std::io::stderr(),
                "skipped: {skipped} (needs {}, absent; set DOKU_SHARED to the shared folder)",
                path.display()
            );
            None
        }
        // A file that is there but unreadable is a broken setup, not a skip.
        Err(e) => panic!("{}: {e}", path.display()),
    }
}
