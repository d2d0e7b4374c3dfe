//! Writing a file so that a crash at any moment leaves either the old
//! contents or the new, and moving an unreadable file aside without ever
//! overwriting anything.

use super::StorageError;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

/// Replaces `path` with `bytes` atomically: a temporary file in the same
/// directory is written and fsynced, renamed over `path`, and the directory
/// is fsynced so the rename itself survives a power cut.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), StorageError> {
    let dir = parent_dir(path);
    let tmp = temp_path(path);
    let written = (|| {
        let mut file = OpenOptions::new().write(true).create_new(true).open(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()
    })();
    if let Err(source) = written {
        let _ = fs::remove_file(&tmp);
        return Err(StorageError::io(&tmp, source));
    }
    if let Err(source) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(StorageError::io(path, source));
    }
    sync_dir(dir).map_err(|source| StorageError::io(dir, source))
}

fn parent_dir(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// `.game.json.<pid>.<n>.tmp` beside the target: hidden, unique per process
/// and per call, so two writers never share a temporary file.
fn temp_path(path: &Path) -> PathBuf {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "doku".into());
    parent_dir(path).join(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

#[cfg(unix)]
fn sync_dir(dir: &Path) -> io::Result<()> {
    File::open(dir)?.sync_all()
}

#[cfg(not(unix))]
fn sync_dir(_dir: &Path) -> io::Result<()> {
    // Directories cannot be opened for syncing here; the rename stands alone.
    Ok(())
}

/// Moves an unreadable file to `<name>.<UTC timestamp>.corrupt` beside it
/// (`-2`, `-3`, ... when that name is taken) and returns the new path. Never
/// overwrites an existing file, never deletes anything.
pub fn move_aside(path: &Path) -> io::Result<PathBuf> {
    move_aside_as(path, "corrupt")
}

/// Moves `path` to `<name>.<UTC timestamp>.<ending>` beside it, as
/// [`move_aside`] does (never overwriting, never deleting).
pub fn move_aside_as(path: &Path, ending: &str) -> io::Result<PathBuf> {
    let stamp = utc_stamp(SystemTime::now());
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "doku".into());
    for attempt in 1..=1000u32 {
        let suffix = if attempt == 1 {
            String::new()
        } else {
            format!("-{attempt}")
        };
        let target = parent_dir(path).join(format!("{name}.{stamp}{suffix}.{ending}"));
        match rename_no_replace(path, &target) {
            Ok(()) => return Ok(target),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        format!("a thousand .{ending} files with this timestamp already exist"),
    ))
}

/// Renames `from` to `to`, failing with `AlreadyExists` rather than replacing
/// `to`. A hard link is the portable no-replace rename; on file systems
/// without hard links, check then rename (racy, but only against ourselves).
fn rename_no_replace(from: &Path, to: &Path) -> io::Result<()> {
    match fs::hard_link(from, to) {
        Ok(()) => fs::remove_file(from),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Err(e),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(e),
        Err(_) => {
            if to.exists() {
                return Err(io::ErrorKind::AlreadyExists.into());
            }
            fs::rename(from, to)
        }
    }
}

/// `20261201T031508Z`: sorts by time, has no characters a shell or a file
/// system minds.
pub fn utc_stamp(time: SystemTime) -> String {
    let secs = time
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}{m:02}{d:02}T{:02}{:02}{:02}Z",
        rem / 3600,
        rem % 3600 / 60,
        rem % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
/// `civil_from_days`), to avoid a date crate for one file name.
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps_are_utc_calendar_dates() {
        let at = |secs| utc_stamp(UNIX_EPOCH + Duration::from_secs(secs));
        assert_eq!(at(0), "19700101T000000Z");
        // 2000-02-29 (a leap day of a century leap year) 12:34:56.
        assert_eq!(at(951_827_696), "20000229T123456Z");
        // 2026-12-01 03:15:08.
        assert_eq!(at(1_796_094_908), "20261201T031508Z");
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.json");
        write_atomically(&path, b"one").unwrap();
        write_atomically(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let names: Vec<_> = fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1, "{names:?}");
    }

    #[test]
    fn atomic_write_into_a_missing_directory_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing").join("f.json");
        let err = write_atomically(&path, b"x").unwrap_err().to_string();
        assert!(err.contains("missing"), "{err}");
    }

    #[test]
    fn moving_aside_never_overwrites() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.json");
        let mut moved = Vec::new();
        for content in ["first", "second", "third"] {
            fs::write(&path, content).unwrap();
            moved.push(move_aside(&path).unwrap());
            assert!(!path.exists());
        }
        let contents: Vec<String> = moved
            .iter()
            .map(|p| fs::read_to_string(p).unwrap())
            .collect();
        assert_eq!(contents, ["first", "second", "third"]);
        for p in &moved {
            let name = p.file_name().unwrap().to_string_lossy();
            assert!(
                name.starts_with("game.json.") && name.ends_with(".corrupt"),
                "{name}"
            );
        }
    }
}
