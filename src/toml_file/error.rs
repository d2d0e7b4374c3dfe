//! Config errors written for the person who has to fix the file: which file,
//! which line, which key, what was there and what would be accepted.

use std::fmt;
use std::io::Read;
use std::path::Path;

/// Config and theme files are a few kilobytes; anything past this is a mistake
/// (a wrong path, a binary), and reading it whole would only waste memory.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024;

/// Longest value quoted back in a message, in characters.
const MAX_QUOTED_CHARS: usize = 60;

/// A config or theme file that cannot be used. `Display` gives the whole
/// message: `file:line: key.path: what is wrong (what would be right)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file as the user knows it (`~/.config/doku/config.toml`, or the
    /// path given with `--config`), or `built-in config.toml`.
    pub file: String,
    /// 1-based line of the offending value, when known.
    pub line: Option<usize>,
    /// Dotted key path (`keymap.undo`, `watch.speed`), when the error is about a key.
    pub key: Option<String>,
    pub message: String,
}

impl fmt::Display for ConfigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(line) = self.line {
            write!(f, ":{line}")?;
        }
        if let Some(key) = &self.key {
            write!(f, ": {key}")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for ConfigError {}

/// The text of one config or theme file, with the name to show in messages.
#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    pub text: String,
}

impl SourceFile {
    /// A file built into the binary.
    pub fn built_in(name: &str, text: &str) -> SourceFile {
        SourceFile {
            name: format!("built-in {name}"),
            text: text.to_owned(),
        }
    }

    /// Reads a file the user wrote, refusing huge and non-UTF-8 ones with a
    /// message that says where the problem is.
    pub fn read(path: &Path, name: String) -> Result<SourceFile, ConfigError> {
        let fail = |line: Option<usize>, message: String| ConfigError {
            file: name.clone(),
            line,
            key: None,
            message,
        };
        let file = std::fs::File::open(path)
            .map_err(|e| fail(None, format!("cannot read: {}", io_reason(&e))))?;
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| fail(None, format!("cannot read: {}", io_reason(&e))))?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(fail(
                None,
                format!(
                    "is larger than {} KiB; a config or theme file is a few lines of TOML (is this the right file?)",
                    MAX_FILE_BYTES / 1024
                ),
            ));
        }
        let text = String::from_utf8(bytes).map_err(|e| {
            let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = valid.iter().filter(|&&b| b == b'\n').count() + 1;
            let column =
                String::from_utf8_lossy(valid.rsplit(|&b| b == b'\n').next().unwrap_or(&[]))
                    .chars()
                    .count()
                    + 1;
            let byte = e.as_bytes()[valid.len()];
            fail(
                Some(line),
                format!(
                    "column {column}: byte 0x{byte:02x} is not UTF-8 text; save the file as UTF-8"
                ),
            )
        })?;
        Ok(SourceFile { name, text })
    }

    /// 1-based line of a byte offset into the text.
    pub fn line_of(&self, offset: usize) -> usize {
        let end = offset.min(self.text.len());
        self.text.as_bytes()[..end]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1
    }

    /// 1-based column, in characters, of a byte offset into the text.
    pub fn column_of(&self, offset: usize) -> usize {
        let mut end = offset.min(self.text.len());
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let line_start = self.text[..end].rfind('\n').map_or(0, |i| i + 1);
        self.text[line_start..end].chars().count() + 1
    }

    /// An error about the value at byte `offset`, under key path `key`.
    pub fn error(&self, offset: usize, key: &str, message: String) -> ConfigError {
        ConfigError {
            file: self.name.clone(),
            line: Some(self.line_of(offset)),
            key: (!key.is_empty()).then(|| key.to_owned()),
            message,
        }
    }

    /// An error about the whole file.
    pub fn file_error(&self, message: String) -> ConfigError {
        ConfigError {
            file: self.name.clone(),
            line: None,
            key: None,
            message,
        }
    }
}

/// Why a file could not be read or written, in a user's words: "no such
/// file", not "No such file or directory (os error 2)".
pub fn io_reason(error: &std::io::Error) -> String {
    use std::io::ErrorKind;
    match error.kind() {
        ErrorKind::NotFound => "no such file".into(),
        ErrorKind::PermissionDenied => "permission denied".into(),
        ErrorKind::IsADirectory => "it is a directory, not a file".into(),
        ErrorKind::NotADirectory => "part of the path is a file, not a directory".into(),
        ErrorKind::ReadOnlyFilesystem => "the file system is read-only".into(),
        ErrorKind::StorageFull => "the disk is full".into(),
        // The system's own words, without the error number only a
        // programmer can use.
        _ => {
            let text = error.to_string();
            match text.rfind(" (os error ") {
                Some(at) if text.ends_with(')') => text[..at].to_string(),
                _ => text,
            }
        }
    }
}

/// A string value quoted for a message: escaped like Rust does (so control
/// characters show), cut at a character boundary when long.
pub fn quote(value: &str) -> String {
    let mut chars = value.chars();
    let head: String = chars.by_ref().take(MAX_QUOTED_CHARS).collect();
    let cut = chars.next().is_some();
    let mut quoted = format!("{head:?}");
    if cut {
        quoted.insert_str(quoted.len() - 1, "...");
    }
    quoted
}

/// The closest name to a misspelling, if close enough to be a likely typo.
pub fn did_you_mean<'a>(wrong: &str, names: &[&'a str]) -> Option<&'a str> {
    let wrong = wrong.to_lowercase();
    names
        .iter()
        .map(|name| (edit_distance(&wrong, name), *name))
        .filter(|(distance, name)| *distance <= 2.max(name.chars().count() / 4))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, name)| name)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != *cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

/// "a, b or c" for lists of valid choices.
pub fn one_of<S: AsRef<str>>(choices: &[S]) -> String {
    match choices {
        [] => String::new(),
        [only] => only.as_ref().to_owned(),
        [init @ .., last] => format!(
            "{} or {}",
            init.iter()
                .map(|s| s.as_ref())
                .collect::<Vec<_>>()
                .join(", "),
            last.as_ref()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn file_errors_are_said_without_the_system_s_error_numbers() {
        // A path through a file, as XDG_STATE_HOME=/dev/null/x gives.
        let through_a_file = std::fs::read("/dev/null/x").expect_err("not a directory");
        assert_eq!(
            io_reason(&through_a_file),
            "part of the path is a file, not a directory"
        );
        let missing = std::fs::read("/nonexistent/doku").expect_err("missing");
        assert_eq!(io_reason(&missing), "no such file");
        // Kinds without words of their own keep the system's, unnumbered.
        let device = std::io::Error::from_raw_os_error(5);
        assert!(device.to_string().contains("(os error 5)"));
        assert_eq!(io_reason(&device), "Input/output error");
        let storage = crate::storage::StorageError::io(
            std::path::Path::new("/dev/null/x/doku"),
            through_a_file,
        );
        assert_eq!(
            storage.to_string(),
            "/dev/null/x/doku: part of the path is a file, not a directory"
        );
    }

    #[test]
    fn quoting_cuts_long_multibyte_values_on_char_boundaries() {
        let long = "é".repeat(100);
        let quoted = quote(&long);
        assert!(quoted.ends_with("...\""));
        assert_eq!(
            quoted.chars().filter(|&c| c == 'é').count(),
            MAX_QUOTED_CHARS
        );
        assert_eq!(quote("tab\there"), "\"tab\\there\"");
    }

    #[test]
    fn suggestions_catch_typos_not_strangers() {
        let names = ["undo", "redo", "quit", "toggle_notes"];
        assert_eq!(did_you_mean("undoo", &names), Some("undo"));
        assert_eq!(did_you_mean("toggle_note", &names), Some("toggle_notes"));
        assert_eq!(did_you_mean("banana", &names), None);
    }

    #[test]
    fn columns_count_characters_not_bytes() {
        let file = SourceFile::built_in("x", "a = \"ééé\" x\n");
        let offset = file.text.find('x').unwrap_or(0);
        assert_eq!(file.column_of(offset), 11);
        assert_eq!(file.line_of(file.text.len()), 2);
    }
}
