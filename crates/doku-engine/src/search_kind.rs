//! The searches that can be followed step by step: the backtracking solver's
//! strategies and the local searches. The animated solver view, the config
//! (`watch.strategy`) and `doku watch --strategy` all name them from here.

use crate::{Named, Strategy};
use std::fmt;

/// A search that yields its steps one at a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SearchKind {
    Naive,
    Mrv,
    MinConflicts,
    Genetic,
}

impl SearchKind {
    /// The backtracking solver's strategy, for the searches that are one
    /// (with guesses and a stack) rather than local searches over full boards.
    pub fn backtracking(self) -> Option<Strategy> {
        match self {
            SearchKind::Naive => Some(Strategy::Naive),
            SearchKind::Mrv => Some(Strategy::Mrv),
            SearchKind::MinConflicts | SearchKind::Genetic => None,
        }
    }

    /// Whether this is a backtracking search.
    pub fn is_backtracking(self) -> bool {
        self.backtracking().is_some()
    }
}

impl Named for SearchKind {
    const ALL: &'static [SearchKind] = &[
        SearchKind::Naive,
        SearchKind::Mrv,
        SearchKind::MinConflicts,
        SearchKind::Genetic,
    ];
    const KIND: &'static str = "strategy";

    fn name(self) -> &'static str {
        match self {
            SearchKind::Naive => "naive",
            SearchKind::Mrv => "mrv",
            SearchKind::MinConflicts => "min-conflicts",
            SearchKind::Genetic => "genetic",
        }
    }

    fn about(self) -> &'static str {
        match self {
            SearchKind::Naive | SearchKind::Mrv => self.backtracking().map_or("", Named::about),
            SearchKind::MinConflicts => {
                "a full board, swapping digits to remove clashes, restarting when stuck"
            }
            SearchKind::Genetic => "a population of full boards, bred towards fewer clashes",
        }
    }

    fn aliases(self) -> &'static [&'static str] {
        match self {
            SearchKind::MinConflicts => &["minconflicts"],
            _ => &[],
        }
    }
}

impl fmt::Display for SearchKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_back_with_the_old_spellings() {
        for &kind in SearchKind::ALL {
            assert_eq!(SearchKind::from_name(kind.name()), Some(kind));
            assert!(!kind.about().is_empty(), "{kind:?} has no help text");
        }
        assert_eq!(SearchKind::from_name("MRV"), Some(SearchKind::Mrv));
        assert_eq!(
            SearchKind::from_name("min_conflicts"),
            Some(SearchKind::MinConflicts)
        );
        assert_eq!(
            SearchKind::from_name("MinConflicts"),
            Some(SearchKind::MinConflicts)
        );
        let err = SearchKind::parse_named("dfs").unwrap_err();
        assert!(err.contains("naive, mrv, min-conflicts, genetic"), "{err}");
    }
}
