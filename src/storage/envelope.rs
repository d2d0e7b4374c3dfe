//! The versioned envelope around every file doku keeps: pretty JSON that a
//! person can read,
//!
//! ```json
//! { "doku": "save", "version": 1, "saved_at": "20261201T031508Z", "data": { ... } }
//! ```
//!
//! and the rule for files that cannot be read: they are moved aside to a
//! timestamped `.corrupt` name, never overwritten, never deleted.

use super::atomic::{move_aside, utc_stamp, write_atomically};
use super::{LoadError, StorageError};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::io::{self, Read};
use std::path::Path;
use std::time::SystemTime;

/// The envelope version this doku writes and reads. Raise it when a change
/// to a stored type cannot be read by the old code, and read the old
/// versions on purpose.
pub const FORMAT_VERSION: u32 = 1;

/// No file doku writes comes near this; a larger one is not ours, and
/// reading it whole would cost memory for nothing.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// Which kind of file an envelope holds, so a stats file copied over the
/// save is recognised as such.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileKind {
    /// The value of the `doku` field.
    pub tag: &'static str,
    /// What to call it in messages.
    pub noun: &'static str,
}

pub const SAVE: FileKind = FileKind {
    tag: "save",
    noun: "saved game",
};
pub const STATS: FileKind = FileKind {
    tag: "stats",
    noun: "statistics file",
};
pub const PREFS: FileKind = FileKind {
    tag: "preferences",
    noun: "preferences file",
};

#[derive(Serialize)]
struct EnvelopeOut<'a, T> {
    doku: &'static str,
    version: u32,
    saved_at: String,
    data: &'a T,
}

/// The fields read before the data, so a newer version is reported as
/// such rather than as whatever its data fails on.
#[derive(Deserialize)]
struct Header {
    doku: String,
    version: u32,
}

#[derive(Deserialize)]
struct EnvelopeIn<T> {
    data: T,
}

/// The bytes of `data` in its envelope.
pub fn encode<T: Serialize>(kind: FileKind, data: &T) -> Result<Vec<u8>, serde_json::Error> {
    let mut bytes = serde_json::to_vec_pretty(&EnvelopeOut {
        doku: kind.tag,
        version: FORMAT_VERSION,
        saved_at: utc_stamp(SystemTime::now()),
        data,
    })?;
    bytes.push(b'\n');
    Ok(bytes)
}

/// The data in these bytes, or why they are not a readable file of this kind.
pub fn decode<T: DeserializeOwned>(kind: FileKind, bytes: &[u8]) -> Result<T, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        format!(
            "it is not text (a byte that is not UTF-8 at offset {})",
            e.valid_up_to()
        )
    })?;
    if text.trim().is_empty() {
        return Err("it is empty".into());
    }
    let header: Header =
        serde_json::from_str(text).map_err(|e| format!("it is not a doku {} ({e})", kind.noun))?;
    if header.doku != kind.tag {
        return Err(format!(
            "it is a doku \"{}\" file, not a {}",
            header.doku, kind.noun
        ));
    }
    if header.version > FORMAT_VERSION {
        return Err(format!(
            "it was written by a newer doku (format version {}; this doku reads version {FORMAT_VERSION})",
            header.version
        ));
    }
    if header.version == 0 {
        return Err("it has format version 0, which no doku writes".into());
    }
    let envelope: EnvelopeIn<T> =
        serde_json::from_str(text).map_err(|e| format!("its data is damaged ({e})"))?;
    Ok(envelope.data)
}

/// Writes `data` to `path` in its envelope, atomically.
pub fn store<T: Serialize>(path: &Path, kind: FileKind, data: &T) -> Result<(), StorageError> {
    let bytes = encode(kind, data).map_err(|e| StorageError::Encode {
        path: path.to_path_buf(),
        what: kind.noun,
        reason: e.to_string(),
    })?;
    write_atomically(path, &bytes)
}

/// Reads `path`: `Ok(None)` when it does not exist, the data when it reads,
/// and when it does not (damaged, not ours, a newer version) an error that
/// says where the file was moved. An I/O failure (say, permission denied)
/// leaves the file where it is: the file may be fine.
pub fn load<T: DeserializeOwned>(path: &Path, kind: FileKind) -> Result<Option<T>, LoadError> {
    load_checked(path, kind, |_: &T| Ok(()))
}

/// [`load`], with `check` deciding whether data that decodes makes sense;
/// data it refuses is treated like a damaged file (moved aside, reported).
pub fn load_checked<T: DeserializeOwned>(
    path: &Path,
    kind: FileKind,
    check: impl FnOnce(&T) -> Result<(), String>,
) -> Result<Option<T>, LoadError> {
    let bytes = match read_capped(path) {
        Ok(Some(bytes)) => bytes,
        Ok(None) => {
            return Err(corrupt(
                path,
                kind,
                format!("it is larger than {} MiB", MAX_FILE_BYTES >> 20),
            ))
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(LoadError::Io {
                path: path.to_path_buf(),
                what: kind.noun,
                source,
            })
        }
    };
    decode(kind, &bytes)
        .and_then(|data| match check(&data) {
            Ok(()) => Ok(data),
            Err(reason) => Err(format!("its data does not make sense ({reason})")),
        })
        .map(Some)
        .map_err(|reason| corrupt(path, kind, reason))
}

/// The file's bytes, or `None` when it is over [`MAX_FILE_BYTES`].
fn read_capped(path: &Path) -> io::Result<Option<Vec<u8>>> {
    let file = std::fs::File::open(path)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= MAX_FILE_BYTES).then_some(bytes))
}

fn corrupt(path: &Path, kind: FileKind, reason: String) -> LoadError {
    match move_aside(path) {
        Ok(moved_to) => LoadError::MovedAside {
            path: path.to_path_buf(),
            what: kind.noun,
            reason,
            moved_to,
        },
        Err(move_error) => LoadError::KeptInPlace {
            path: path.to_path_buf(),
            what: kind.noun,
            reason,
            move_error,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Thing {
        name: String,
        seed: u64,
    }

    #[test]
    fn encoded_files_are_readable_json_with_the_version() {
        let bytes = encode(
            SAVE,
            &Thing {
                name: "x".into(),
                seed: u64::MAX,
            },
        )
        .unwrap();
        let text = String::from_utf8(bytes).unwrap();
        assert!(text.contains("\"version\": 1"), "{text}");
        assert!(text.contains("\"doku\": \"save\""), "{text}");
        assert!(text.contains("18446744073709551615"), "{text}");
        assert!(text.lines().count() > 3, "pretty, one field a line: {text}");
    }

    #[test]
    fn decode_explains_each_kind_of_damage() {
        let cases: [(&[u8], &str); 7] = [
            (b"", "empty"),
            (b"\xff\xfe", "not text"),
            (b"{\"doku\": \"save\", \"vers", "not a doku saved game"),
            (b"[1,2,3]", "not a doku saved game"),
            (
                b"{\"doku\": \"stats\", \"version\": 1, \"data\": {}}",
                "not a saved game",
            ),
            (
                b"{\"doku\": \"save\", \"version\": 7, \"data\": {}}",
                "newer doku (format version 7",
            ),
            (
                b"{\"doku\": \"save\", \"version\": 1, \"data\": {\"name\": 3}}",
                "data is damaged",
            ),
        ];
        for (bytes, expected) in cases {
            let err = decode::<Thing>(SAVE, bytes).unwrap_err();
            assert!(err.contains(expected), "{bytes:?}: {err}");
        }
    }
}
