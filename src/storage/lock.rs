//! Advisory locks (flock) on lock files, so two doku processes never write
//! the same file at once. The kernel drops a lock when its holder exits,
//! even by `kill -9`, so a stale lock cannot outlive a crash.

use std::fs::{File, OpenOptions};
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
    if !sys::try_lock_exclusive(&file)? {
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
    sys::lock_exclusive(&file)?;
    Ok(LockFile {
        _file: file,
        path: path.to_path_buf(),
    })
}

#[cfg(unix)]
mod sys {
    use rustix::fs::{flock, FlockOperation};
    use std::fs::File;
    use std::io;

    pub fn try_lock_exclusive(file: &File) -> io::Result<bool> {
        loop {
            match flock(file, FlockOperation::NonBlockingLockExclusive) {
                Ok(()) => return Ok(true),
                Err(rustix::io::Errno::WOULDBLOCK) => return Ok(false),
                Err(rustix::io::Errno::INTR) => continue,
                Err(e) => return Err(e.into()),
            }
        }
    }

    pub fn lock_exclusive(file: &File) -> io::Result<()> {
        loop {
            match flock(file, FlockOperation::LockExclusive) {
                Err(rustix::io::Errno::INTR) => continue,
                other => return other.map_err(Into::into),
            }
        }
    }
}

#[cfg(not(unix))]
mod sys {
    //! No advisory locks here: every process believes it holds the lock.
    use std::fs::File;
    use std::io;

    pub fn try_lock_exclusive(_file: &File) -> io::Result<bool> {
        Ok(true)
    }

    pub fn lock_exclusive(_file: &File) -> io::Result<()> {
        Ok(())
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
