//! Reading TOML tables with the position of every value kept, so each error
//! names the line and the dotted key path. Used by config and theme files.

use super::error::{did_you_mean, one_of, quote, ConfigError, SourceFile};
use std::ops::Range;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

/// Parses a whole file, turning TOML syntax errors into config errors.
pub fn parse_document(file: &SourceFile) -> Result<Spanned<DeTable<'_>>, ConfigError> {
    DeTable::parse(&file.text).map_err(|e| {
        let offset = e.span().map_or(0, |span| span.start);
        let message = e.message().trim().replace('\n', "; ");
        ConfigError {
            file: file.name.clone(),
            line: Some(file.line_of(offset)),
            key: None,
            message: format!(
                "column {}: not valid TOML: {message}",
                file.column_of(offset)
            ),
        }
    })
}

/// One table of a file, with its dotted path.
pub struct Table<'f, 'i> {
    pub file: &'f SourceFile,
    pub path: String,
    pub table: &'f DeTable<'i>,
}

impl<'f, 'i> Table<'f, 'i> {
    pub fn root(file: &'f SourceFile, table: &'f DeTable<'i>) -> Table<'f, 'i> {
        Table {
            file,
            path: String::new(),
            table,
        }
    }

    /// The dotted path of a key in this table.
    pub fn key_path(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    /// An error about the value (or key) at `span`.
    pub fn error(&self, span: &Range<usize>, key: &str, message: String) -> ConfigError {
        self.file.error(span.start, &self.key_path(key), message)
    }

    /// Every entry: key, key position, value.
    pub fn entries(
        &self,
    ) -> impl Iterator<Item = (&'f str, Range<usize>, &'f Spanned<DeValue<'i>>)> {
        self.table
            .iter()
            .map(|(key, value)| (key.get_ref().as_ref(), key.span(), value))
    }

    /// Refuses any key not in `allowed`, suggesting the likely intended one.
    pub fn check_keys(&self, allowed: &[&str], what: &str) -> Result<(), ConfigError> {
        for (key, span, _) in self.entries() {
            if !allowed.contains(&key) {
                let hint = match did_you_mean(key, allowed) {
                    Some(name) => format!("did you mean \"{name}\"? "),
                    None => String::new(),
                };
                return Err(self.error(
                    &span,
                    key,
                    format!(
                        "unknown {what} {}; {hint}valid {what}s: {}",
                        quote(key),
                        one_of(allowed)
                    ),
                ));
            }
        }
        Ok(())
    }

    pub fn get(&self, key: &str) -> Option<&'f Spanned<DeValue<'i>>> {
        self.table
            .iter()
            .find(|(k, _)| k.get_ref().as_ref() == key)
            .map(|(_, v)| v)
    }

    fn wrong_type(&self, key: &str, value: &Spanned<DeValue<'_>>, expected: &str) -> ConfigError {
        self.error(
            &value.span(),
            key,
            format!("expected {expected}, found {}", describe(value.get_ref())),
        )
    }

    pub fn string(
        &self,
        key: &str,
        expected: &str,
    ) -> Result<Option<(&'f str, Range<usize>)>, ConfigError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => match value.get_ref() {
                DeValue::String(s) => Ok(Some((s.as_ref(), value.span()))),
                _ => Err(self.wrong_type(key, value, expected)),
            },
        }
    }

    pub fn integer(
        &self,
        key: &str,
        expected: &str,
    ) -> Result<Option<(i128, Range<usize>)>, ConfigError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => match value.get_ref() {
                DeValue::Integer(i) => i128::from_str_radix(i.as_str(), i.radix())
                    .map(|n| Some((n, value.span())))
                    .map_err(|_| self.wrong_type(key, value, expected)),
                _ => Err(self.wrong_type(key, value, expected)),
            },
        }
    }

    /// An integer or a decimal number.
    pub fn number(
        &self,
        key: &str,
        expected: &str,
    ) -> Result<Option<(f64, Range<usize>)>, ConfigError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => {
                let number = match value.get_ref() {
                    DeValue::Integer(i) => i128::from_str_radix(i.as_str(), i.radix())
                        .ok()
                        .map(|n| n as f64),
                    DeValue::Float(f) => f.as_str().replace('_', "").parse::<f64>().ok(),
                    _ => None,
                };
                match number {
                    Some(n) if n.is_finite() => Ok(Some((n, value.span()))),
                    _ => Err(self.wrong_type(key, value, expected)),
                }
            }
        }
    }

    pub fn boolean(&self, key: &str) -> Result<Option<bool>, ConfigError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => match value.get_ref() {
                DeValue::Boolean(b) => Ok(Some(*b)),
                _ => Err(self.wrong_type(key, value, "true or false")),
            },
        }
    }

    pub fn table(&self, key: &str) -> Result<Option<Table<'f, 'i>>, ConfigError> {
        match self.get(key) {
            None => Ok(None),
            Some(value) => match value.get_ref() {
                DeValue::Table(table) => Ok(Some(Table {
                    file: self.file,
                    path: self.key_path(key),
                    table,
                })),
                _ => {
                    Err(self.wrong_type(key, value, &format!("a table ([{}])", self.key_path(key))))
                }
            },
        }
    }

    /// A string, or a list of strings: `"q"` or `["q", "Ctrl-c"]`.
    pub fn strings(
        &self,
        key: &str,
        value: &'f Spanned<DeValue<'i>>,
        expected: &str,
    ) -> Result<Vec<(&'f str, Range<usize>)>, ConfigError> {
        match value.get_ref() {
            DeValue::String(s) => Ok(vec![(s.as_ref(), value.span())]),
            DeValue::Array(items) => items
                .iter()
                .map(|item| match item.get_ref() {
                    DeValue::String(s) => Ok((s.as_ref(), item.span())),
                    _ => Err(self.wrong_type(key, item, expected)),
                })
                .collect(),
            _ => Err(self.wrong_type(key, value, expected)),
        }
    }
}

/// A value as the user wrote it, for "found ..." in messages.
pub fn describe(value: &DeValue<'_>) -> String {
    match value {
        DeValue::String(s) => format!("the text {}", quote(s)),
        DeValue::Integer(i) => format!("the number {i}"),
        DeValue::Float(f) => format!("the number {f}"),
        DeValue::Boolean(b) => format!("{b}"),
        DeValue::Datetime(d) => format!("the date {d}"),
        DeValue::Array(_) => "a list".into(),
        DeValue::Table(_) => "a table".into(),
    }
}
