//! The names of the engine's choices (strategies, formats, symmetries,
//! difficulties), spelled and parsed in one place. The command line, the
//! config file and the help screen all take their lists from here.

/// An enum whose values have a name a person types.
pub trait Named: Copy + PartialEq + Sized + 'static {
    /// Every value, in the order help lists them.
    const ALL: &'static [Self];
    /// What kind of thing this is, for messages ("strategy", "format").
    const KIND: &'static str;

    /// The value's name: lowercase, words joined by `-`.
    fn name(self) -> &'static str;

    /// One line saying what the value means, for `--help`.
    fn about(self) -> &'static str;

    /// Other spellings taken on input besides the name (never shown).
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }

    /// The value named `text`, ignoring case, surrounding space, and `_`
    /// written for `-`.
    fn from_name(text: &str) -> Option<Self> {
        let wanted = text.trim().to_ascii_lowercase().replace('_', "-");
        Self::ALL
            .iter()
            .copied()
            .find(|v| v.name() == wanted || v.aliases().contains(&wanted.as_str()))
    }

    /// Every name, joined for a message: "naive, mrv".
    fn names() -> String {
        Self::ALL
            .iter()
            .map(|v| v.name())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// [`Named::from_name`], with a message naming the valid choices.
    fn parse_named(text: &str) -> Result<Self, String> {
        Self::from_name(text).ok_or_else(|| {
            format!(
                "unknown {} {text:?}; valid choices: {}",
                Self::KIND,
                Self::names()
            )
        })
    }

    /// The value after this one in [`Named::ALL`], wrapping around.
    fn next(self) -> Self {
        let i = Self::ALL.iter().position(|&v| v == self).unwrap_or(0);
        Self::ALL[(i + 1) % Self::ALL.len()]
    }

    /// The value before this one in [`Named::ALL`], wrapping around.
    fn previous(self) -> Self {
        let len = Self::ALL.len();
        let i = Self::ALL.iter().position(|&v| v == self).unwrap_or(0);
        Self::ALL[(i + len - 1) % len]
    }
}

#[cfg(test)]
mod tests {
    use super::Named;
    use crate::format::Format;
    use crate::generator::Symmetry;
    use crate::grader::Difficulty;
    use crate::solver::Strategy;

    fn round_trips<T: Named + std::fmt::Debug>() {
        for &v in T::ALL {
            assert_eq!(T::from_name(v.name()), Some(v));
            assert_eq!(T::from_name(&v.name().to_uppercase()), Some(v));
            assert!(!v.about().is_empty(), "{v:?} has no help text");
        }
        let err = T::parse_named("no-such-thing").unwrap_err();
        assert!(
            err.contains(T::KIND) && err.contains(T::ALL[0].name()),
            "{err}"
        );
    }

    #[test]
    fn every_name_parses_back() {
        round_trips::<Strategy>();
        round_trips::<Format>();
        round_trips::<Symmetry>();
        round_trips::<Difficulty>();
    }

    #[test]
    fn next_and_previous_wrap() {
        assert_eq!(Format::Csv.next(), Format::Fpuzzles);
        assert_eq!(Format::FpuzzlesLink.next(), Format::Line);
        assert_eq!(Format::Line.previous(), Format::FpuzzlesLink);
        assert_eq!(Format::Line.next().previous(), Format::Line);
    }
}
