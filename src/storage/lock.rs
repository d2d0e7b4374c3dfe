//! Locks on lock files, so two doku processes never write the same file at
//! once: std's `File::try_lock`/`lock` (flock on Linux and the BSDs,
//! LockFileEx on Windows). The kernel drops a lock when its holder exits,
//! even by `kill -9`, so a stale lock cannot outlive a crash.

use std::fs::{File, OpenOptions, TryLockError};
use std::io::{self, Read, Seek, Write};
use std::path::{Path, PathBuf};

/// A held lock; released when dropped (or when the process ends).
#[derive(Debug)]
pub struct LockFile {
    _file: File,
    path: PathBuf,
}

impl LockFile {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// The outcome of trying to take a lock without waiting.
#[derive(Debug)]
pub enum TryLock {
    Acquired(LockFile),
    /// Another process holds it; the process id it wrote, if readable.
    Busy {
        holder_pid: Option<u32>,
    },
}

/// Opens without truncating: truncating before holding the lock would wipe
/// the holder's process id.
fn open(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
}

/// Takes the exclusive lock on `path` if no one holds it, and writes this
/// process's id into the file for the one who finds it busy.
pub fn try_exclusive(path: &Path) -> io::Result<TryLock> {
    let mut file = open(path)?;
    if !try_lock_exclusive(&file)? {
        let mut text = String::new();
        let holder_pid = file
            .read_to_string(&mut text)
            .ok()
            .and_then(|_| text.trim().parse().ok());
        return Ok(TryLock::Busy { holder_pid });
    }
    // The pid is a courtesy for messages; failing to write it is no reason
    // to give the lock up.
    let _ = file
        .set_len(0)
        .and_then(|()| file.rewind())
        .and_then(|()| writeln!(file, "{}", std::process::id()));
    Ok(TryLock::Acquired(LockFile {
        _file: file,
        path: path.to_path_buf(),
    }))
}

/// Waits for the exclusive lock on `path`. For short critical sections
/// only (a read-modify-write of a small file).
pub fn exclusive(path: &Path) -> io::Result<LockFile> {
    let file = open(path)?;
    lock_exclusive(&file)?;
    Ok(LockFile {
        _file: file,
        path: path.to_path_buf(),
    })
}

/// Whether the exclusive lock was taken; false when another holds it.
/// Where the platform has no file locks, every process believes it holds
/// the lock (as before std had them).
fn try_lock_exclusive(file: &File) -> io::Result<bool> {
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(true),
            Err(TryLockError::WouldBlock) => return Ok(false),
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(TryLockError::Error(e)) if e.kind() == io::ErrorKind::Unsupported => {
                return Ok(true)
            }
            Err(TryLockError::Error(e)) => return Err(e),
        }
    }
}

/// Waits for the exclusive lock (see [`try_lock_exclusive`] on platforms
/// without locks).
fn lock_exclusive(file: &File) -> io::Result<()> {
    loop {
        match file.lock() {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) if e.kind() == io::ErrorKind::Unsupported => return Ok(()),
            other => return other,
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_second_holder_is_refused_until_the_first_lets_go() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("game.lock");
        let first = match try_exclusive(&path).unwrap() {
            TryLock::Acquired(lock) => lock,
            busy => panic!("free lock reported {busy:?}"),
        };
        // flock locks belong to the open file, so a second open in this
        // process contends like a second process would.
        match try_exclusive(&path).unwrap() {
            TryLock::Busy { holder_pid } => assert_eq!(holder_pid, Some(std::process::id())),
            TryLock::Acquired(_) => panic!("lock taken twice"),
        }
        drop(first);
        assert!(matches!(
            try_exclusive(&path).unwrap(),
            TryLock::Acquired(_)
        ));
    }
}
