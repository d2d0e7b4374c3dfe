//! The human-technique grader and the hint engine.
//!
//! A logical solver works on a candidate grid (bitmasks over any shape:
//! techniques are defined by houses, so they work on every box size and on
//! Latin squares) and applies techniques one step at a time under a rule
//! set ([`Rules`]): for the rating, Sudoku Explainer's techniques in its
//! order, rated as it rates them ([`Technique::se_rating`]), the puzzle
//! rating as its hardest step; for the hints, every technique of
//! [`Technique::ALL`], always the easiest step available.
//! The uniqueness techniques run only on a puzzle known to have exactly one
//! solution.
//!
//! - [`grade`]: the difficulty, rating and hardest technique of a puzzle.
//! - [`solve_logically`]: every step, with explanations.
//! - [`next_step`]: the next step from a position (optionally the player's notes).
//! - [`next_hint`]: what the TUI's hint key shows: the next step, or the
//!   entries that are wrong, or that a guess is needed.

mod aligned_exclusion;
mod als;
mod budget;
mod bug;
mod cages;
mod chains;
mod colouring;
mod cycles;
mod death_blossom;
mod direct;
mod explain;
mod finned_fish;
mod fish;
mod forcing;
mod grid;
mod grouped;
mod hint;
mod innies;
mod intersections;
#[cfg(test)]
mod killer_tests;
mod leftovers;
mod nested;
mod nishio;
mod single_digit;
mod singles;
#[cfg(test)]
mod soundness;
mod subsets;
mod unique_loops;
mod uniqueness;
mod w_wing;
mod wings;
mod wxyz_wing;
mod x_reach;

pub use chains::{ChainLink, ChainNode};
pub use forcing::MAX_SIZE as FORCING_MAX_SIZE;
pub use hint::{next_hint, next_hint_with_solution, unique_solution, Advice};

use super::board::{Board, Candidates};
use super::shape::{Cell, Digit};
use super::Deadline;
use grid::{Finding, Grid};

/// How hard a puzzle is for a person, from the rating of its hardest step
/// on Sudoku Explainer's scale (see [`Difficulty::of_rating`]).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Singles, and what Sudoku Explainer rates below a naked single: a
    /// pointing, claiming or hidden pair that leaves a hidden single (found
    /// by scanning, without notes; on boards up to 9x9). Rated 2.3 at most.
    Easy,
    /// Locked candidates, pairs, X-wings: up to 3.4.
    Medium,
    /// Triples, quads, swordfish, jellyfish, XY- and XYZ-wings: up to 5.4.
    Hard,
    /// Uniqueness, BUG, Sudoku Explainer's cycles and chains: above 5.4
    /// and below 8.0, or any uniqueness step. No guessing.
    Expert,
    /// Forcing chains and nets (8.0 and up, or any forcing step), or trial
    /// and error when logic stalls.
    Extreme,
}

impl Difficulty {
    /// The tier of a rating in tenths: easy to 2.3, medium to 3.4, hard to
    /// 5.4, expert below 8.0, extreme from 8.0 (Sudoku Explainer's
    /// multiple and dynamic forcing chains).
    pub fn of_rating(tenths: u16) -> Difficulty {
        match tenths {
            0..=23 => Difficulty::Easy,
            24..=34 => Difficulty::Medium,
            35..=54 => Difficulty::Hard,
            55..=79 => Difficulty::Expert,
            _ => Difficulty::Extreme,
        }
    }
}

impl crate::Named for Difficulty {
    const ALL: &'static [Difficulty] = &[
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
        Difficulty::Extreme,
    ];
    const KIND: &'static str = "difficulty";

    fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
            Difficulty::Extreme => "extreme",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Difficulty::Easy => "singles, or a pointing or hidden pair that leaves one (up to 2.3)",
            Difficulty::Medium => "plus locked candidates, pairs and x-wings (up to 3.4)",
            Difficulty::Hard => "plus triples, quads, bigger fish and wings (up to 5.4)",
            Difficulty::Expert => "plus uniqueness, loops and chains, no guessing (below 8.0)",
            Difficulty::Extreme => "forcing chains and nets, no guessing (8.0 and up)",
        }
    }
}

impl std::fmt::Display for Difficulty {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(crate::Named::name(*self))
    }
}

/// The grade of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grade {
    pub difficulty: Difficulty,
    /// Sudoku Explainer's rating in tenths (66 is 6.6): the hardest step on
    /// the path that always takes the easiest step available.
    /// [`TRIAL_AND_ERROR_RATING`] when logic stalls; `None` when the puzzle
    /// has no solution or several.
    pub rating: Option<u16>,
    /// Name of the hardest technique used ("naked single", "x-wing", ...;
    /// "trial and error" when logic alone does not finish; "beyond the
    /// search budget" when, on a board larger than 9x9, a search for a step
    /// passed its budget; "no solution" or "more than one solution" when
    /// `solutions` is `None` or `Several`).
    pub hardest: String,
    /// Only a puzzle with exactly one solution has a meaningful difficulty;
    /// the others are reported `Expert` with this field saying why.
    pub solutions: Solutions,
}

/// How many solutions a graded puzzle has.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Solutions {
    Unique,
    None,
    Several,
    /// On a board larger than 9x9, logic did not finish and the count of
    /// solutions ran out of its budget: the grade takes the puzzle to have
    /// one solution, unproven (`doku solve --count` proves it).
    Unproven,
}

/// Which techniques a run of the logical solver may use, and in what order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// Sudoku Explainer 1.2.1's techniques in its solver's order, with its
    /// ratings: the path a puzzle's rating comes from ([`grade`],
    /// [`solve_logically`], the generator's tiers). Techniques SE does not
    /// have (W-wings, grouped chains, almost locked sets, ...) are left
    /// out, so the rating is SE's.
    Explainer,
    /// Every technique doku knows, easiest rating first: the path a
    /// player's hints follow ([`next_step`], [`next_hint`]), which takes a
    /// W-wing before SE's forcing chain.
    Every,
}

/// The rating of a puzzle logic cannot finish: above the hardest nested
/// forcing chains of Sudoku Explainer's scale, whose top is about 11.9.
pub const TRIAL_AND_ERROR_RATING: u16 = 120;

/// A rating in tenths as Sudoku Explainer prints it: 66 is "6.6".
pub fn rating_text(tenths: u16) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// Sudoku Explainer's length increment for a chain of `nodes` nodes, in
/// tenths: nothing up to 6 nodes, then 0.1 more each time the length (nodes
/// less 2) passes 4, 6, 8, 12, 16, 24, 32, ... (alternately x3/2 and x4/3).
pub(crate) fn chain_length_increment(nodes: usize) -> u16 {
    let length = nodes.saturating_sub(2);
    let (mut ceil, mut added, mut odd) = (4usize, 0u16, false);
    while length > ceil {
        added += 1;
        ceil = if odd { ceil * 4 / 3 } else { ceil * 3 / 2 };
        odd = !odd;
    }
    added
}

/// The techniques. The logical solver tries them in the order of their
/// rating ([`Technique::se_rating`]), easiest first, ties in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
    LawOfLeftovers,
    NakedPair,
    HiddenPair,
    NakedTriple,
    HiddenTriple,
    NakedQuad,
    HiddenQuad,
    XWing,
    Swordfish,
    Jellyfish,
    XyWing,
    WWing,
    WxyzWing,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    HiddenRectangle,
    BugPlusOne,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    FinnedXWing,
    SashimiXWing,
    FinnedSwordfish,
    SashimiSwordfish,
    FinnedJellyfish,
    SashimiJellyfish,
    SimpleColours,
    MultiColours,
    XyzWing,
    // Continuous loops (grader/cycles.rs).
    XCycle,
    XyCycle,
    ContinuousNiceLoop,
    // Chains and forcing nets (grader/chains.rs, grader/forcing.rs).
    RemotePair,
    XChain,
    XyChain,
    Aic,
    CellForcingChain,
    UnitForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
    NestedForcingChain2,
    NestedForcingChain3,
    NestedForcingChain4,
    NestedForcingChain5,
    AlsXz,
    AlsXyWing,
    DeathBlossom,
    // Grouped loops and chains (grader/cycles.rs, grader/grouped.rs).
    GroupedXCycle,
    GroupedNiceLoop,
    GroupedXChain,
    GroupedAic,
    // Sudoku Explainer's techniques doku lacked (unique loops, BUG types
    // 2-4, aligned exclusion, Nishio).
    UniqueLoop1,
    UniqueLoop2,
    UniqueLoop3,
    UniqueLoop4,
    Bug2,
    Bug3,
    Bug4,
    AlignedPairExclusion,
    AlignedTripletExclusion,
    NishioForcingChain,
    // Sudoku Explainer's direct hints (grader/direct.rs): its rating's
    // path only.
    DirectPointing,
    DirectClaiming,
    DirectHiddenPair,
    DirectHiddenTriple,
    // Killer sudoku's own techniques (grader/cages.rs, grader/innies.rs):
    // they find nothing on a board without cages.
    CageCombinations,
    RuleOf45,
    CageInHouse,
    CombinationsCrossed,
    RuleOf45Houses,
    LockedMustHave,
    VirtualCage,
    InnieOutieDifference,
}

impl Technique {
    pub const ALL: &'static [Technique] = &[
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::LawOfLeftovers,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::HiddenTriple,
        Technique::NakedQuad,
        Technique::HiddenQuad,
        Technique::XWing,
        Technique::Swordfish,
        Technique::Jellyfish,
        Technique::XyWing,
        Technique::WWing,
        Technique::WxyzWing,
        Technique::UniqueRectangle1,
        Technique::UniqueRectangle2,
        Technique::UniqueRectangle3,
        Technique::UniqueRectangle4,
        Technique::HiddenRectangle,
        Technique::BugPlusOne,
        Technique::Skyscraper,
        Technique::TwoStringKite,
        Technique::TurbotFish,
        Technique::EmptyRectangle,
        Technique::FinnedXWing,
        Technique::SashimiXWing,
        Technique::FinnedSwordfish,
        Technique::SashimiSwordfish,
        Technique::FinnedJellyfish,
        Technique::SashimiJellyfish,
        Technique::SimpleColours,
        Technique::MultiColours,
        Technique::XyzWing,
        // Continuous loops: before the chains of the same rating, whose
        // removals include theirs.
        Technique::XCycle,
        Technique::XyCycle,
        Technique::ContinuousNiceLoop,
        // Chains and forcing nets.
        Technique::RemotePair,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain2,
        Technique::NestedForcingChain3,
        Technique::NestedForcingChain4,
        Technique::NestedForcingChain5,
        Technique::AlsXz,
        Technique::AlsXyWing,
        Technique::DeathBlossom,
        // Grouped loops and chains: after the plain ones of the same rating.
        Technique::GroupedXCycle,
        Technique::GroupedNiceLoop,
        Technique::GroupedXChain,
        Technique::GroupedAic,
        // SE's techniques doku lacked: after doku's own of the same rating
        // (its rectangles before SE's loops, which include rectangles).
        Technique::UniqueLoop1,
        Technique::UniqueLoop2,
        Technique::UniqueLoop3,
        Technique::UniqueLoop4,
        Technique::Bug2,
        Technique::Bug3,
        Technique::Bug4,
        Technique::AlignedPairExclusion,
        Technique::AlignedTripletExclusion,
        Technique::NishioForcingChain,
        Technique::DirectPointing,
        Technique::DirectClaiming,
        Technique::DirectHiddenPair,
        Technique::DirectHiddenTriple,
        Technique::CageCombinations,
        Technique::RuleOf45,
        Technique::CageInHouse,
        Technique::CombinationsCrossed,
        Technique::RuleOf45Houses,
        Technique::LockedMustHave,
        Technique::VirtualCage,
        Technique::InnieOutieDifference,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::LawOfLeftovers => "law of leftovers",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::HiddenTriple => "hidden triple",
            Technique::NakedQuad => "naked quad",
            Technique::HiddenQuad => "hidden quad",
            Technique::XWing => "x-wing",
            Technique::Swordfish => "swordfish",
            Technique::Jellyfish => "jellyfish",
            Technique::XyWing => "xy-wing",
            Technique::WWing => "w-wing",
            Technique::WxyzWing => "wxyz-wing",
            Technique::UniqueRectangle1 => "unique rectangle type 1",
            Technique::UniqueRectangle2 => "unique rectangle type 2",
            Technique::UniqueRectangle3 => "unique rectangle type 3",
            Technique::UniqueRectangle4 => "unique rectangle type 4",
            Technique::HiddenRectangle => "hidden rectangle",
            Technique::BugPlusOne => "bug+1",
            Technique::Skyscraper => "skyscraper",
            Technique::TwoStringKite => "two-string kite",
            Technique::TurbotFish => "turbot fish",
            Technique::EmptyRectangle => "empty rectangle",
            Technique::FinnedXWing => "finned x-wing",
            Technique::SashimiXWing => "sashimi x-wing",
            Technique::FinnedSwordfish => "finned swordfish",
            Technique::SashimiSwordfish => "sashimi swordfish",
            Technique::FinnedJellyfish => "finned jellyfish",
            Technique::SashimiJellyfish => "sashimi jellyfish",
            Technique::SimpleColours => "simple colours",
            Technique::MultiColours => "multi-colours",
            Technique::XyzWing => "xyz-wing",
            // Continuous loops.
            Technique::XCycle => "x-cycle",
            Technique::XyCycle => "xy-cycle",
            Technique::ContinuousNiceLoop => "continuous nice loop",
            // Chains and forcing nets.
            Technique::RemotePair => "remote pair",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "alternating inference chain",
            Technique::CellForcingChain => "cell forcing chain",
            Technique::UnitForcingChain => "unit forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::DynamicForcingChainPlus => "dynamic forcing chain (+)",
            Technique::NestedForcingChain2 => "nested forcing chain (level 2)",
            Technique::NestedForcingChain3 => "nested forcing chain (level 3)",
            Technique::NestedForcingChain4 => "nested forcing chain (level 4)",
            Technique::NestedForcingChain5 => "nested forcing chain (level 5)",
            Technique::AlsXz => "als-xz",
            Technique::AlsXyWing => "als-xy-wing",
            Technique::DeathBlossom => "death blossom",
            // Grouped loops and chains.
            Technique::GroupedXCycle => "grouped x-cycle",
            Technique::GroupedNiceLoop => "grouped continuous nice loop",
            Technique::GroupedXChain => "grouped x-chain",
            Technique::GroupedAic => "grouped alternating inference chain",
            // SE's techniques doku lacked.
            Technique::UniqueLoop1 => "unique loop type 1",
            Technique::UniqueLoop2 => "unique loop type 2",
            Technique::UniqueLoop3 => "unique loop type 3",
            Technique::UniqueLoop4 => "unique loop type 4",
            Technique::Bug2 => "bug type 2",
            Technique::Bug3 => "bug type 3",
            Technique::Bug4 => "bug type 4",
            Technique::AlignedPairExclusion => "aligned pair exclusion",
            Technique::AlignedTripletExclusion => "aligned triplet exclusion",
            Technique::NishioForcingChain => "nishio forcing chain",
            Technique::DirectPointing => "direct pointing",
            Technique::DirectClaiming => "direct claiming",
            Technique::DirectHiddenPair => "direct hidden pair",
            Technique::DirectHiddenTriple => "direct hidden triple",
            Technique::CageCombinations => "cage combinations",
            Technique::RuleOf45 => "rule of 45",
            Technique::CageInHouse => "cage inside a house",
            Technique::CombinationsCrossed => "combinations crossed with candidates",
            Technique::RuleOf45Houses => "rule of 45 (several houses)",
            Technique::LockedMustHave => "locked must-have",
            Technique::VirtualCage => "rule of 45 virtual cage",
            Technique::InnieOutieDifference => "innie-outie difference",
        }
    }

    /// The lowest difficulty that allows this technique: its rating's
    /// tier, and at least expert for the uniqueness techniques.
    pub fn difficulty(self) -> Difficulty {
        let tier = Difficulty::of_rating(self.se_rating());
        if self.needs_uniqueness() {
            tier.max(Difficulty::Expert)
        } else {
            tier
        }
    }

    /// The difficulty of one step of this technique rated `rating`.
    pub fn step_difficulty(self, rating: u16) -> Difficulty {
        self.difficulty().max(Difficulty::of_rating(rating))
    }

    /// Sudoku Explainer's rating of the technique in tenths (its easiest
    /// form: a finding may rate higher, see `Finding::rating`). A hidden
    /// single rates 1.2 in a box and 1.5 in a line; the finder sets the
    /// line value per step.
    pub fn se_rating(self) -> u16 {
        use Technique::*;
        match self {
            HiddenSingle => 12,
            NakedSingle => 23,
            Pointing => 26,
            Claiming => 28,
            // Not SE's (it rates no jigsaw): with locked candidates, as
            // jigsaw solvers meet it right after them.
            LawOfLeftovers => 29,
            NakedPair => 30,
            XWing => 32,
            HiddenPair => 34,
            NakedTriple => 36,
            Swordfish => 38,
            HiddenTriple => 40,
            XyWing => 42,
            XyzWing => 44,
            // Not in Sudoku Explainer itself; the values of its extension
            // that added them (SukakuExplainer's list).
            WWing => 44,
            WxyzWing => 46,
            // Sudoku Explainer: rectangles 4.5, type 3 0.1 more per digit
            // of its subset past two (set by the finder). A hidden
            // rectangle, which it does not have, rates with type 3.
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle4 => 45,
            UniqueRectangle3 | HiddenRectangle => 46,
            NakedQuad => 50,
            Jellyfish => 52,
            HiddenQuad => 54,
            BugPlusOne => 56,
            // Sudoku Explainer finds these as the X-chains they are: a
            // chain of two strong links is its "turbot fish", 6.6. Longer
            // chains (bigger fish, colouring) add its length increments.
            Skyscraper | TwoStringKite | TurbotFish | EmptyRectangle => 66,
            FinnedXWing | SashimiXWing => 66,
            FinnedSwordfish | SashimiSwordfish => 67,
            FinnedJellyfish | SashimiJellyfish => 68,
            SimpleColours => 66,
            MultiColours => 67,
            // Chains: SE's X- or Y-only forcing chains 6.6, chains mixing
            // both kinds of strong link 7.0; multiple (cell and unit)
            // forcing chains 8.0, dynamic 8.5, dynamic with pointing and
            // claiming, pairs and x-wings 9.0 (SE's level 1), and the nested
            // levels 2 to 5 (see grader/nested.rs). Each step adds its length
            // increment.
            // SE has no grouped nodes: a grouped chain rates as the plain
            // chain of its kind, after it in the order.
            // SE finds X-chains with X-links only (6.6), and any chain
            // with links inside cells (XY-chains, remote pairs) in its
            // search with both kinds of link (7.0): it has no Y-only
            // forcing chain (ForcingChainHint, Chaining.doUnaryChaining).
            XChain | GroupedXChain => 66,
            RemotePair | XyChain | Aic | GroupedAic => 70,
            CellForcingChain | UnitForcingChain => 80,
            DynamicForcingChain
            | DynamicForcingChainPlus
            | NestedForcingChain2
            | NestedForcingChain3
            | NestedForcingChain4
            | NestedForcingChain5 => forcing::level_of(self).map_or(120, nested::level_rating),
            // Not in SE: an ALS-XZ is an AIC through two almost locked
            // sets, rated above plain AICs and below forcing chains.
            AlsXz => 75,
            AlsXyWing => 78,
            // Not in SE nor its SukakuExplainer extension (no ALS there):
            // HoDoKu ranks it just above ALS-XY-wing, and it is a wing of
            // one set per stem digit, so it rates just past it, below the
            // forcing chains (8.0), which are searched after it.
            DeathBlossom => 79,
            // Continuous loops (SE's bidirectional cycles, CycleHint):
            // X-cycles and Y-cycles (strong links inside cells) 6.5, mixed
            // 7.0, each plus its length increment. SE has no grouped nodes
            // in these; a grouped loop rates as the plain loop of its kind.
            XCycle | GroupedXCycle | XyCycle => 65,
            ContinuousNiceLoop | GroupedNiceLoop => 70,
            // SE's UniqueLoops: 4.5 for a rectangle, 4.6 a loop of 6, 4.7
            // of 8, 5.0 from 10; type 3 adds its set's size (set by the
            // finder, which gives SE's easiest loop step).
            UniqueLoop1 | UniqueLoop2 | UniqueLoop3 | UniqueLoop4 => 45,
            // SE's BUG types 2 and 4 5.7; type 3 5.7 plus 0.1 per digit of
            // its naked set past one (5.8 for a pair).
            Bug2 | Bug4 => 57,
            Bug3 => 58,
            AlignedPairExclusion => 62,
            AlignedTripletExclusion => 75,
            // SE's Nishio 7.5, plus the length increment.
            NishioForcingChain => 75,
            // SE's direct hints (DirectLockingHint, DirectHiddenSetHint).
            DirectPointing => 17,
            DirectClaiming => 19,
            DirectHiddenPair => 20,
            DirectHiddenTriple => 25,
            // Not SE's (it rates no killer): doku's killer scale, placed
            // among SE's ratings by what a person does (see
            // `Technique::is_killer`).
            CageCombinations => 11,
            RuleOf45 => 15,
            CageInHouse => 20,
            CombinationsCrossed => 24,
            RuleOf45Houses => 25,
            LockedMustHave => 26,
            VirtualCage => 26,
            InnieOutieDifference => 28,
        }
    }

    /// Techniques that hold only when the puzzle has exactly one solution.
    pub fn needs_uniqueness(self) -> bool {
        use Technique::*;
        matches!(
            self,
            UniqueRectangle1
                | UniqueRectangle2
                | UniqueRectangle3
                | UniqueRectangle4
                | HiddenRectangle
                | BugPlusOne
                | UniqueLoop1
                | UniqueLoop2
                | UniqueLoop3
                | UniqueLoop4
                | Bug2
                | Bug3
                | Bug4
        )
    }

    /// SE's direct hints (grader/direct.rs): in its rating's path only.
    pub fn is_direct(self) -> bool {
        use Technique::*;
        matches!(
            self,
            DirectPointing | DirectClaiming | DirectHiddenPair | DirectHiddenTriple
        )
    }

    /// Killer sudoku's own techniques, on doku's killer scale (SE rates no
    /// killer; these sit among its ratings by what a person does):
    /// - cage combinations 1.1: the digits a sum allows, read off a table
    ///   as quickly as a hidden single is seen;
    /// - the rule of 45 on one house 1.5: a lone innie or outie (1.8 for
    ///   two cells, 2.0 when they may repeat a digit);
    /// - a cage inside a house 2.0: its must-haves leave the house;
    /// - combinations crossed with candidates 2.4 (2.7 when a house rules
    ///   a combination out);
    /// - the rule of 45 on several houses 2.5 (a band, two boxes, a box and
    ///   a line; 0.3 more per house past two, per cell past one);
    /// - a locked must-have 2.6, with pointing, which it is for a cage;
    /// - a rule of 45 virtual cage 2.6: three to five innies or outies
    ///   split into combinations (0.3 more per cell past three, per house
    ///   past one, 0.2 when its cells may repeat a digit; 3.8 at most);
    /// - an innie-outie difference 2.8: innies less outies make a known
    ///   number (two to four cells; 0.3 more per cell past two, per house
    ///   past one, 0.2 when they may repeat a digit).
    ///
    /// The tiers are [`Difficulty::of_rating`]'s: an easy killer needs
    /// cage combinations, lone innies and outies, cages inside a house and
    /// singles; a medium one crossed combinations, bands of houses, locked
    /// must-haves, small virtual cages, locked candidates and pairs; a
    /// hard one larger virtual cages and the classic hard techniques; an
    /// expert one chains (no uniqueness technique holds on a killer); an
    /// extreme one forcing chains or guessing.
    pub fn is_killer(self) -> bool {
        use Technique::*;
        matches!(
            self,
            CageCombinations
                | RuleOf45
                | CageInHouse
                | CombinationsCrossed
                | RuleOf45Houses
                | LockedMustHave
                | VirtualCage
                | InnieOutieDifference
        )
    }

    fn is_hidden_subset(self) -> bool {
        matches!(
            self,
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad
        )
    }

    /// Looks for this technique in the grid; fills `out` and returns true
    /// when it finds a step that places or removes something.
    fn find(self, grid: &Grid, out: &mut Finding) -> bool {
        use Technique::*;
        // A deadly pattern's swap changes the sums of the cages it
        // crosses: on a killer the uniqueness techniques do not hold.
        if self.needs_uniqueness() && (!grid.unique || grid.killer.is_some()) {
            return false;
        }
        if self.is_killer() && grid.killer.is_none() {
            return false;
        }
        match self {
            NakedSingle => singles::naked_single(grid, out),
            HiddenSingle => singles::hidden_single(grid, out),
            Pointing => intersections::pointing(grid, out),
            Claiming => intersections::claiming(grid, out),
            LawOfLeftovers => leftovers::law_of_leftovers(grid, out),
            NakedPair => subsets::naked(grid, 2, self, out),
            HiddenPair => subsets::hidden(grid, 2, self, out),
            NakedTriple => subsets::naked(grid, 3, self, out),
            HiddenTriple => subsets::hidden(grid, 3, self, out),
            NakedQuad => subsets::naked(grid, 4, self, out),
            HiddenQuad => subsets::hidden(grid, 4, self, out),
            XWing => fish::fish(grid, 2, self, out),
            Swordfish => fish::fish(grid, 3, self, out),
            Jellyfish => fish::fish(grid, 4, self, out),
            XyWing => wings::xy_wing(grid, out),
            XyzWing => wings::xyz_wing(grid, out),
            // Chains and forcing nets.
            RemotePair => chains::single_chain(grid, chains::Kind::RemotePair, out),
            XChain => chains::single_chain(grid, chains::Kind::XChain, out),
            XyChain => chains::single_chain(grid, chains::Kind::XyChain, out),
            Aic => chains::single_chain(grid, chains::Kind::Aic, out),
            CellForcingChain
            | UnitForcingChain
            | DynamicForcingChain
            | DynamicForcingChainPlus
            | NestedForcingChain2
            | NestedForcingChain3
            | NestedForcingChain4
            | NestedForcingChain5 => forcing::forcing(grid, self, out),
            AlsXz => als::als_xz(grid, out),
            AlsXyWing => als::als_xy_wing(grid, out),
            DeathBlossom => death_blossom::death_blossom(grid, out),
            XCycle | XyCycle | ContinuousNiceLoop | GroupedXCycle | GroupedNiceLoop => {
                cycles::continuous_loop(grid, self, out)
            }
            GroupedXChain | GroupedAic => grouped::grouped_chain(grid, self, out),
            WWing => w_wing::w_wing(grid, out),
            WxyzWing => wxyz_wing::wxyz_wing(grid, out),
            UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4
            | HiddenRectangle => uniqueness::unique_rectangle(grid, self, out),
            BugPlusOne => uniqueness::bug_plus_one(grid, out),
            Skyscraper | TwoStringKite | TurbotFish => single_digit::turbot(grid, self, out),
            EmptyRectangle => single_digit::empty_rectangle(grid, out),
            FinnedXWing | SashimiXWing => finned_fish::finned(grid, 2, self, out),
            FinnedSwordfish | SashimiSwordfish => finned_fish::finned(grid, 3, self, out),
            FinnedJellyfish | SashimiJellyfish => finned_fish::finned(grid, 4, self, out),
            SimpleColours => colouring::simple_colours(grid, out),
            MultiColours => colouring::multi_colours(grid, out),
            UniqueLoop1 | UniqueLoop2 | UniqueLoop3 | UniqueLoop4 => {
                unique_loops::unique_loop(grid, self, out)
            }
            Bug2 | Bug3 | Bug4 => bug::bug(grid, self, out),
            AlignedPairExclusion => aligned_exclusion::aligned_pair(grid, out),
            AlignedTripletExclusion => aligned_exclusion::aligned_triplet(grid, out),
            NishioForcingChain => nishio::nishio(grid, out),
            DirectPointing => direct::direct_locking(grid, false, out),
            DirectClaiming => direct::direct_locking(grid, true, out),
            DirectHiddenPair => direct::direct_hidden(grid, 2, self, out),
            DirectHiddenTriple => direct::direct_hidden(grid, 3, self, out),
            CageCombinations => cages::cage_combinations(grid, out),
            RuleOf45 | RuleOf45Houses | VirtualCage | InnieOutieDifference => {
                innies::rule_of_45(grid, self, out)
            }
            CageInHouse => cages::cage_in_house(grid, out),
            CombinationsCrossed => cages::combinations_crossed(grid, out),
            LockedMustHave => cages::locked_must_have(grid, out),
        }
    }
}

impl std::fmt::Display for Technique {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One step of logic: the pattern a technique found and what it concludes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicStep {
    pub technique: Technique,
    /// The cells of the pattern (what a hint highlights).
    pub cells: Vec<Cell>,
    /// The digits the pattern is about.
    pub digits: Candidates,
    /// Digits this step places.
    pub placements: Vec<(Cell, Digit)>,
    /// Candidates this step removes.
    pub eliminations: Vec<(Cell, Digit)>,
    /// The technique and where to look, giving no cell away ("an x-wing on
    /// 3 in rows 4 and 8"): a first hint.
    pub summary: String,
    /// Why, in a player's words. A forcing chain's branches are one a
    /// line (`\n` between them, and before what they prove together).
    pub explanation: String,
    /// A chain's inferences, parents before children, for drawing (empty
    /// for other techniques).
    pub chain: Vec<ChainLink>,
    /// Sudoku Explainer's rating of this step, in tenths.
    pub rating: u16,
}

/// The whole logical solution path of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicalSolution {
    pub steps: Vec<LogicStep>,
    /// Logic filled every cell.
    pub solved: bool,
    /// Logic stopped because a search for a step passed its work budget
    /// (boards larger than 9x9), not because no technique applies.
    pub cut_short: bool,
    /// The position logic reached (the solution when `solved`).
    pub board: Board,
}

/// How a run of the logical solver ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LogicEnd {
    Solved,
    /// No technique applies.
    Stalled,
    /// The search for a step passed its work budget (boards larger than
    /// 9x9): whether a technique applies is unknown.
    CutShort,
    /// A cell lost its last candidate, or the givens clash: no solution.
    Contradiction,
}

/// What the hardest steps of a run were.
#[derive(Clone, Copy, Debug, Default)]
struct Hardest {
    /// The first step of the highest difficulty and, among those, of the
    /// highest rating, with its rating.
    step: Option<(Technique, u16)>,
    /// The highest rating of a step.
    rating: u16,
    /// The highest difficulty of a technique used.
    difficulty: Option<Difficulty>,
}

impl Hardest {
    fn add(&mut self, finding: &Finding) {
        let tier = finding.technique.step_difficulty(finding.rating);
        // The hardest step decides the difficulty first (a uniqueness step
        // is expert at any rating), then the rating.
        let key = |(t, r): (Technique, u16)| (t.step_difficulty(r), r);
        if self.step.is_none_or(|s| (tier, finding.rating) > key(s)) {
            self.step = Some((finding.technique, finding.rating));
        }
        self.difficulty = self.difficulty.max(Some(tier));
        self.rating = self.rating.max(finding.rating);
    }

    /// The hardest steps of a run of these steps, then `later`'s: the
    /// same as adding every step to one `Hardest` in order.
    fn followed_by(self, later: Hardest) -> Hardest {
        let key = |(t, r): (Technique, u16)| (t.step_difficulty(r), r);
        let step = match (self.step, later.step) {
            (Some(first), Some(then)) if key(then) > key(first) => Some(then),
            (first, then) => first.or(then),
        };
        Hardest {
            step,
            rating: self.rating.max(later.rating),
            difficulty: self.difficulty.max(later.difficulty),
        }
    }
}

/// Applies techniques until the grid is solved, stalls or breaks (or, with
/// `budgeted`, a search passes its budget); calls `on_step` with each step
/// before applying it. Returns the outcome and the hardest steps.
fn run(
    grid: &mut Grid,
    rules: Rules,
    budgeted: bool,
    mut on_step: impl FnMut(&Grid, &Finding),
) -> (LogicEnd, Hardest) {
    let mut finding = Finding::default();
    let mut hardest = Hardest::default();
    loop {
        if grid.broken {
            return (LogicEnd::Contradiction, hardest);
        }
        if grid.empty == 0 {
            return (LogicEnd::Solved, hardest);
        }
        match find_next_by(grid, rules, budgeted, &mut finding) {
            Found::Step => {}
            Found::Nothing => return (LogicEnd::Stalled, hardest),
            Found::OutOfBudget => return (LogicEnd::CutShort, hardest),
        }
        hardest.add(&finding);
        on_step(grid, &finding);
        grid.apply(&finding);
    }
}

/// The techniques in the order the solver tries them: by rating, so the
/// step taken is always the easiest available (Sudoku Explainer's rule).
static BY_RATING: std::sync::LazyLock<Vec<Technique>> = std::sync::LazyLock::new(|| {
    let mut order = Technique::ALL.to_vec();
    order.sort_by_key(|t| t.se_rating());
    order
});

/// What a search for the next step found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Found {
    /// A step, in the `Finding`.
    Step,
    /// No technique applies.
    Nothing,
    /// The next technique would pass the work budget: the search stopped.
    OutOfBudget,
}

/// Sudoku Explainer 1.2.1's hint producers in its solver's order
/// (`Solver.java`: direct, indirect, then chaining producers), each as the
/// techniques that find its hints. SE's rating takes the first hint of the
/// first producer that has one; a stage of several techniques here is one
/// producer, and its easiest finding (lowest rating, then shortest chain)
/// is the step, as SE's chaining producers sort their hints.
///
/// SE finds skyscrapers, two-string kites and turbot fish as X-chains of
/// six candidates (6.6, named "turbot fish"), XY-chains and remote pairs as forcing chains with
/// both kinds of link (7.0 and up), and colour traps and wraps as the
/// X-chains and X-cycles they are, rated by length: so simple colours stay
/// out and the chain searches find those deductions at SE's rating.
/// Grouped nodes, almost locked sets, W- and WXYZ-wings, hidden and empty
/// rectangles, finned fish and multi-colours are not SE's.
static EXPLAINER_STAGES: &[&[Technique]] = {
    use Technique::*;
    &[
        // Killers only (SE has none): cage combinations before the singles.
        &[CageCombinations],
        // Direct producers: the singles, and SE's direct hints between
        // them (grader/direct.rs).
        &[HiddenSingle],
        // Killers only: the rule of 45 on one house, among the singles.
        &[RuleOf45],
        &[DirectPointing],
        &[DirectClaiming],
        &[DirectHiddenPair],
        // Killers only.
        &[CageInHouse],
        &[NakedSingle],
        // Killers only.
        &[CombinationsCrossed],
        &[DirectHiddenTriple],
        // Killers only.
        &[RuleOf45Houses],
        &[LockedMustHave],
        &[VirtualCage],
        // Indirect producers.
        &[Pointing, Claiming],
        // Killers only.
        &[InnieOutieDifference],
        // Jigsaws only; SE has no jigsaw, so the place is doku's.
        &[LawOfLeftovers],
        &[NakedPair],
        &[XWing],
        &[HiddenPair],
        &[NakedTriple],
        &[Swordfish],
        &[HiddenTriple],
        &[XyWing],
        &[XyzWing],
        // SE's unique loops: rectangles are loops of four cells, and the
        // loop search also finds the rectangle forms the types above lack.
        &[
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            UniqueLoop1,
            UniqueLoop2,
            UniqueLoop3,
            UniqueLoop4,
        ],
        &[NakedQuad],
        &[Jellyfish],
        &[HiddenQuad],
        // SE's bivalue universal grave, all its types in one producer.
        &[BugPlusOne, Bug2, Bug3, Bug4],
        &[AlignedPairExclusion],
        // SE's "forcing chains and cycles": X-, Y- and XY-cycles, X-chains
        // and forcing chains with both kinds of link, sorted by rating.
        // Ties go as SE sorts them: X before Y before both kinds of link.
        // Skyscrapers, kites and turbot fish are among the X-chains (six
        // candidates, 6.6), in SE's order.
        &[XCycle, XChain, XyCycle, ContinuousNiceLoop, Aic],
        &[AlignedTripletExclusion],
        &[NishioForcingChain],
        // SE's multiple forcing chains: cell and region forcing together.
        &[CellForcingChain, UnitForcingChain],
        &[DynamicForcingChain],
        &[DynamicForcingChainPlus],
        &[NestedForcingChain2],
        &[NestedForcingChain3],
        &[NestedForcingChain4],
        &[NestedForcingChain5],
    ]
};

/// Every technique on its own, easiest rating first, but SE's direct
/// hints: a player is shown the naked single SE ranks after them, and the
/// locked candidates or hidden set before the single they leave.
static EVERY_STAGES: std::sync::LazyLock<Vec<&'static [Technique]>> =
    std::sync::LazyLock::new(|| {
        BY_RATING
            .iter()
            .filter(|t| !t.is_direct())
            .map(std::slice::from_ref)
            .collect()
    });

impl Rules {
    /// The stages the solver tries in turn: the first that finds a step
    /// gives it.
    fn stages(self) -> &'static [&'static [Technique]] {
        match self {
            Rules::Explainer => EXPLAINER_STAGES,
            Rules::Every => &EVERY_STAGES,
        }
    }

    /// Whether this rule set uses the technique.
    pub fn uses(self, technique: Technique) -> bool {
        self.stages().iter().any(|stage| stage.contains(&technique))
    }
}

impl Technique {
    /// [`Technique::find`] as `rules` has it: in SE's set, an alternating
    /// inference chain is SE's forcing chain with both kinds of link (any
    /// chain over all links, 7.0 and up), a loop removes what SE's cycles
    /// remove, and the multiple forcing chains start where SE's do.
    fn find_by(self, rules: Rules, grid: &Grid, out: &mut Finding) -> bool {
        use Technique::*;
        match (rules, self) {
            (Rules::Explainer, Aic) => chains::single_chain(grid, chains::Kind::XyForcing, out),
            // Most positions of a large board have no x-chain at all, which
            // is far quicker to see than to search for.
            (_, XChain) if budget::applies(grid) && !x_reach::x_chain_possible(grid) => false,
            (Rules::Explainer, CellForcingChain | UnitForcingChain) => {
                forcing::multiple_as_se(grid, self, out)
            }
            (Rules::Explainer, XCycle | XyCycle | ContinuousNiceLoop) => {
                cycles::continuous_loop_as_se(grid, self, out)
            }
            _ => self.find(grid, out),
        }
    }
}

/// The first step of a stage: its only technique's, or the easiest of its
/// techniques' findings (lowest rating, then fewest chain nodes; ties to
/// the technique listed first).
///
/// The techniques of a stage are searched easiest rating first, and a
/// technique whose own rating is above the easiest finding so far is not
/// searched: a finding rates at least its technique's rating, so it could
/// not be the easiest. Under SE's rules, an x-cycle is searched only when
/// an x-chain was found (see [`x_chain_rules_out_x_cycle`]). On a dealt
/// 25x25's chain stage these skip about a fifth of the work (most of it
/// x-cycle searches); the step is the same.
fn find_in_stage(grid: &Grid, rules: Rules, stage: &[Technique], out: &mut Finding) -> bool {
    if let [technique] = stage {
        return technique.find_by(rules, grid, out);
    }
    let x_chain_first = x_chain_rules_out_x_cycle(rules, stage);
    let mut order: Vec<usize> = (0..stage.len()).collect();
    order.sort_by_key(|&place| {
        let technique = stage[place];
        let rating = match technique {
            Technique::XChain if x_chain_first => Technique::XCycle.se_rating(),
            _ => technique.se_rating(),
        };
        // The x-chain goes just before the x-cycle.
        let before_x_cycle = technique == Technique::XChain && x_chain_first;
        (rating, !before_x_cycle, place)
    });
    // The easiest finding so far: (rating, chain nodes, place in the stage).
    let mut best: Option<(u16, u16, usize)> = None;
    let mut x_chain_found = false;
    let mut candidate = Finding::default();
    for place in order {
        let technique = stage[place];
        if best.is_some_and(|(rating, ..)| rating < technique.se_rating()) {
            continue;
        }
        if technique == Technique::XCycle && x_chain_first && !x_chain_found {
            continue;
        }
        if !technique.find_by(rules, grid, &mut candidate) {
            continue;
        }
        x_chain_found |= technique == Technique::XChain;
        let key = (candidate.rating, candidate.complexity, place);
        if best.is_none_or(|best| key < best) {
            std::mem::swap(out, &mut candidate);
            best = Some(key);
        }
    }
    best.is_some()
}

/// Whether the stage has both SE's x-cycles and x-chains, so that an
/// x-cycle needs an x-chain. An x-cycle removes, as SE's do, a candidate
/// that sees one of the loop's nodes that are on and one that are off:
/// assumed on, it turns the first off, and round the loop (X-links of its
/// digit) the second on, which turns it off: an x-chain. With no x-chain
/// in the position there is no such loop.
fn x_chain_rules_out_x_cycle(rules: Rules, stage: &[Technique]) -> bool {
    rules == Rules::Explainer
        && stage.contains(&Technique::XCycle)
        && stage.contains(&Technique::XChain)
}

/// The easiest step from the grid under `rules` (see [`find_next_by`]).
fn find_next(grid: &Grid, budgeted: bool, out: &mut Finding) -> Found {
    find_next_by(grid, Rules::Every, budgeted, out)
}

/// The next step from the grid: the first stage of `rules` that finds one.
/// With `budgeted`, on a board larger than 9x9, the techniques run only
/// while their estimated work fits in one step's budget (see
/// `grader/budget.rs`).
fn find_next_by(grid: &Grid, rules: Rules, budgeted: bool, out: &mut Finding) -> Found {
    let stages = rules.stages();
    if !budgeted || !budget::applies(grid) {
        let found = stages
            .iter()
            .any(|stage| find_in_stage(grid, rules, stage, out));
        return if found { Found::Step } else { Found::Nothing };
    }
    let mut spent = budget::Spent::default();
    for stage in stages {
        for &technique in stage.iter() {
            if technique.needs_uniqueness() && !grid.unique {
                continue;
            }
            if !spent.charge(technique, grid) {
                return Found::OutOfBudget;
            }
        }
        if find_in_stage(grid, rules, stage, out) {
            return Found::Step;
        }
    }
    Found::Nothing
}

fn to_step(grid: &Grid, f: &Finding) -> LogicStep {
    let pair = |&(c, d): &(u16, u8)| Digit::new(d).map(|d| (Cell(c), d));
    LogicStep {
        technique: f.technique,
        cells: f.cells.iter().chain(&f.fins).map(|&c| Cell(c)).collect(),
        digits: Candidates(f.digits),
        placements: f.placements.iter().filter_map(pair).collect(),
        eliminations: f.eliminations.iter().filter_map(pair).collect(),
        summary: explain::summary(grid, f),
        explanation: explain::explain(grid, f),
        chain: f.chain.iter().filter_map(|l| l.public()).collect(),
        rating: f.rating,
    }
}

fn board_of(grid: &Grid) -> Option<Board> {
    let board = Board::from_values(grid.geo.shape, grid.values.clone())?;
    Some(board.with_cages(grid.killer.as_ref().map(|k| k.cages.clone())))
}

/// Grades a puzzle by the hardest technique a person needs to solve it.
///
/// Logic that finishes proves the solution unique; when it stalls, the
/// solver counts solutions to tell "trial and error" from a puzzle with
/// none or several.
pub fn grade(board: &Board) -> Grade {
    grade_with(board, false)
}

/// [`grade`] for a puzzle the caller already knows to have exactly one
/// solution (the generator checks as it removes clues): the uniqueness
/// techniques apply from the start and solutions are never counted.
pub fn grade_known_unique(board: &Board) -> Grade {
    grade_with(board, true)
}

/// [`grade`] without counting solutions, for a puzzle that may have
/// several (the generator, carving on boards without a fast uniqueness
/// check): `None` when logic without the uniqueness techniques stalls, and
/// otherwise (that proves the solution unique) the grade.
pub fn grade_if_logic_proves_unique(board: &Board) -> Option<Grade> {
    let mut probe = Grid::new(board)?;
    let (outcome, hardest) = run(&mut probe, Rules::Explainer, true, |_, _| {});
    if outcome != LogicEnd::Solved {
        return None;
    }
    if hardest.rating < first_uniqueness_rating() {
        return Some(solved_grade(hardest));
    }
    Some(grade_known_unique(board))
}

/// [`grade_known_unique`] (with `known_unique`) or
/// [`grade_if_logic_proves_unique`] (without) for a caller that only wants
/// grades up to `cap` (the generator, carving towards a target): the same
/// grade when it is at most `cap`, and `None` as soon as the puzzle is sure
/// to grade harder (or, without `known_unique`, when logic cannot prove it
/// unique). The path always takes the easiest step available, so the first
/// step harder than `cap` decides; techniques rated past `cap`'s tier (the
/// costly chains and nets) are never searched.
pub fn grade_at_most(board: &Board, cap: Difficulty, known_unique: bool) -> Option<Grade> {
    let mut grid = Grid::new(board)?;
    if known_unique {
        grid.unique = true;
        return capped_grade(run_at_most(&mut grid, Some(cap), |_| {})?, cap);
    }
    // The probe without the uniqueness techniques proves uniqueness by
    // finishing. Below expert its first step past `cap` settles it: a path
    // with the uniqueness techniques that differs uses one, which is expert.
    // From expert on, the uniqueness techniques may avoid a harder step,
    // so the probe runs to its end.
    let probe_cap = (cap < Difficulty::Expert).then_some(cap);
    let start = grid.clone();
    let mut steps = Vec::new();
    let (outcome, hardest) = run_at_most(&mut grid, probe_cap, |f| steps.push(f.clone()))?;
    if outcome != LogicEnd::Solved {
        return None;
    }
    if hardest.rating < first_uniqueness_rating() {
        return capped_grade((LogicEnd::Solved, hardest), cap);
    }
    // The run with the uniqueness techniques takes the probe's steps for as
    // long as none of them applies first, and searches on from there: the
    // probe's path is not searched twice.
    grid = start;
    grid.unique = true;
    let (stages, _) = stages_up_to(Some(cap));
    let mut taken = Hardest::default();
    for finding in &steps {
        if !run_takes_probe_step(&grid, stages, finding.technique) {
            let (outcome, rest) = run_at_most(&mut grid, Some(cap), |_| {})?;
            return capped_grade((outcome, taken.followed_by(rest)), cap);
        }
        if finding.technique.step_difficulty(finding.rating) > cap {
            return None;
        }
        taken.add(finding);
        grid.apply(finding);
    }
    capped_grade((LogicEnd::Solved, taken), cap)
}

/// [`grade_at_most`] for a killer deal, known unique, that leaves out the
/// nested forcing chains (SE's levels 2 to 5, 9.5 and up): on a killer
/// with no givens one of them can take minutes, and a deal must answer in
/// a moment. A puzzle that needs one is `None`, as one harder than `cap`.
pub fn grade_killer_deal(board: &Board, cap: Difficulty) -> Option<Grade> {
    let mut grid = Grid::new(board)?;
    grid.unique = true;
    let (stages, _) = stages_up_to(Some(cap));
    let end = stages
        .iter()
        .position(|stage| stage.contains(&Technique::NestedForcingChain2))
        .unwrap_or(stages.len());
    let run = run_stages_at_most(&mut grid, (&stages[..end], false), Some(cap), |_| {})?;
    capped_grade(run, cap)
}

/// The grade of a run of [`run_at_most`] with the uniqueness techniques,
/// when it is at most `cap`.
fn capped_grade((outcome, hardest): (LogicEnd, Hardest), cap: Difficulty) -> Option<Grade> {
    match outcome {
        LogicEnd::Solved => Some(solved_grade(hardest)),
        LogicEnd::Contradiction => Some(not_unique(Solutions::None)),
        LogicEnd::Stalled => Some(trial_and_error()),
        // The generator's runs have no budget: never cut short.
        LogicEnd::CutShort => None,
    }
    .filter(|grade| grade.difficulty <= cap)
}

/// Whether [`run_at_most`] under `stages` (SE's, up to a cap), with the
/// uniqueness techniques on `grid`, takes the step the probe found with
/// `technique` on the same position. Only the uniqueness stages before the
/// probe's are searched: every other search finds what the probe's found.
fn run_takes_probe_step(grid: &Grid, stages: &[&[Technique]], technique: Technique) -> bool {
    let mut scratch = Finding::default();
    for stage in stages {
        let uniqueness = stage.iter().any(|t| t.needs_uniqueness());
        if stage.contains(&technique) {
            // In a stage that mixed both kinds, another step might be easier.
            return !uniqueness;
        }
        if uniqueness && find_in_stage(grid, Rules::Explainer, stage, &mut scratch) {
            return false;
        }
    }
    // Past the cap's stages: the run stops here.
    false
}

/// SE's stages whose techniques all rate within `cap`'s tier (all of them
/// with no cap), and whether that is all of them.
fn stages_up_to(cap: Option<Difficulty>) -> (&'static [&'static [Technique]], bool) {
    // A finding rates at least its technique's rating, so past this
    // rating no technique can give a step of `cap`'s tier or easier.
    let top = match cap {
        None | Some(Difficulty::Extreme) => u16::MAX,
        Some(tier) => (0..TRIAL_AND_ERROR_RATING)
            .rev()
            .find(|&r| Difficulty::of_rating(r) <= tier)
            .unwrap_or(0),
    };
    // SE's stages come in the order of their techniques' ratings.
    let all = Rules::Explainer.stages();
    let end = all.partition_point(|stage| stage.iter().all(|t| t.se_rating() <= top));
    (&all[..end], end == all.len())
}

/// [`run`] that gives up (`None`) at the first step harder than `cap`, and
/// when no technique rated within `cap`'s tier applies (then the easiest
/// step is harder). With no cap it is [`run`]. Calls `on_step` with each
/// step it takes.
fn run_at_most(
    grid: &mut Grid,
    cap: Option<Difficulty>,
    on_step: impl FnMut(&Finding),
) -> Option<(LogicEnd, Hardest)> {
    run_stages_at_most(grid, stages_up_to(cap), cap, on_step)
}

/// [`run_at_most`] over the given stages (`complete`: they are all of
/// SE's, so a stall is the answer rather than "harder").
fn run_stages_at_most(
    grid: &mut Grid,
    (stages, complete): (&[&[Technique]], bool),
    cap: Option<Difficulty>,
    mut on_step: impl FnMut(&Finding),
) -> Option<(LogicEnd, Hardest)> {
    let mut finding = Finding::default();
    let mut hardest = Hardest::default();
    loop {
        if grid.broken {
            return Some((LogicEnd::Contradiction, hardest));
        }
        if grid.empty == 0 {
            return Some((LogicEnd::Solved, hardest));
        }
        let found = stages
            .iter()
            .any(|stage| find_in_stage(grid, Rules::Explainer, stage, &mut finding));
        if !found {
            // A stall is the run's answer only when every technique was tried.
            return complete.then_some((LogicEnd::Stalled, hardest));
        }
        if cap.is_some_and(|cap| finding.technique.step_difficulty(finding.rating) > cap) {
            return None;
        }
        hardest.add(&finding);
        on_step(&finding);
        grid.apply(&finding);
    }
}

/// The lowest rating of a uniqueness technique: a run whose steps all rate
/// below it takes the same path whether or not they are allowed.
fn first_uniqueness_rating() -> u16 {
    Technique::ALL
        .iter()
        .filter(|t| t.needs_uniqueness())
        .map(|t| t.se_rating())
        .min()
        .unwrap_or(u16::MAX)
}

/// The starting grid of a puzzle, with the uniqueness techniques allowed
/// when it has exactly one solution, and the probe's run when there was
/// one. Without `known_unique`, a puzzle up to 9x9 has its solutions
/// counted; on larger boards logic runs first without the uniqueness
/// techniques (the probe, its steps recorded so that the path can follow
/// them instead of searching again, see [`follow`]): when it finishes,
/// that proves the solution unique; when it stops, solutions are counted
/// from where it stopped, within the branches its logic left of the
/// grade's budget (`budget::grade_count_nodes`; the grid's `unique` stays
/// off when they are not enough). `Err` when there is no solution or
/// several.
fn prepare(board: &Board, known_unique: bool) -> Result<(Grid, Option<Probe>), Solutions> {
    let mut grid = Grid::new(board).ok_or(Solutions::None)?;
    if known_unique {
        grid.unique = true;
        return Ok((grid, None));
    }
    // A killer larger than 9x9: logic first (no uniqueness technique holds
    // on a killer, so the run is its own probe), then the killer search's
    // count from where logic stopped: the searches below know only houses.
    if board.is_killer() && grid.size() > 9 {
        return prepare_large_killer(grid);
    }
    // On 9x9 and smaller, counting solutions costs far less than a second
    // run of the chain techniques.
    if grid.size() <= 9 {
        return match board.count_solutions_up_to(2) {
            0 => Err(Solutions::None),
            1 => {
                grid.unique = true;
                Ok((grid, None))
            }
            _ => Err(Solutions::Several),
        };
    }
    let mut probe = grid.clone();
    let charged_before = budget::charged_on_this_thread();
    let mut charged_by_steps = charged_before;
    let mut recorded = Probe {
        steps: Vec::new(),
        outcome: LogicEnd::Stalled,
        verified: None,
    };
    let mut finding = Finding::default();
    // `run`, step by step, watching for the first position where the run
    // with the uniqueness techniques would leave the probe.
    let outcome = loop {
        if probe.broken {
            break LogicEnd::Contradiction;
        }
        if probe.empty == 0 {
            break LogicEnd::Solved;
        }
        let found = find_next_by(&probe, Rules::Explainer, true, &mut finding);
        let technique = (found == Found::Step).then_some(finding.technique);
        if recorded.verified.is_none() && !holds_with_uniqueness(&mut probe, technique) {
            recorded.verified = Some(recorded.steps.len());
            // Every step so far holds in every solution: counting within
            // the candidates left counts the puzzle's solutions.
            let domains: Vec<u64> = probe
                .values
                .iter()
                .zip(&probe.cands)
                .map(|(&value, &cands)| if value == 0 { cands } else { 1 << (value - 1) })
                .collect();
            let position = board_of(&probe).unwrap_or_else(|| board.clone());
            let nodes = budget::FORK_COUNT_NODES;
            match crate::alldiff_search::count_within(&position, &domains, 2, nodes, true) {
                Some(0) => return Err(Solutions::None),
                Some(1) => {
                    grid.unique = true;
                    return Ok((grid, Some(recorded)));
                }
                Some(_) => return Err(Solutions::Several),
                None => {}
            }
        }
        match found {
            Found::Step => {}
            Found::Nothing => break LogicEnd::Stalled,
            Found::OutOfBudget => break LogicEnd::CutShort,
        }
        charged_by_steps = budget::charged_on_this_thread();
        recorded.steps.push(finding.clone());
        probe.apply(&finding);
    };
    recorded.outcome = outcome;
    // A search cut short stopped at estimates, not at work done: on a
    // sparse board they run a hundred times over what its searches cost
    // (a nearly empty 25x25 is cut short within a millisecond), and would
    // leave the count too few branches to reach two solutions.
    let logic_units = match outcome {
        LogicEnd::CutShort => charged_by_steps,
        _ => budget::charged_on_this_thread(),
    } - charged_before;
    let recorded = Some(recorded);
    match outcome {
        LogicEnd::Contradiction => return Err(Solutions::None),
        LogicEnd::Solved => {
            grid.unique = true;
            return Ok((grid, recorded));
        }
        LogicEnd::Stalled | LogicEnd::CutShort => {}
    }
    // Logic's placements hold in every solution, so counting from where
    // it stopped is the same count with less to search. Its branches are
    // counted, not timed, so the grade is the same on every run.
    let from = board_of(&probe).unwrap_or_else(|| board.clone());
    let nodes = budget::grade_count_nodes(grid.size(), probe.empty, logic_units);
    match crate::alldiff_search::count_up_to(&from, 2, nodes, Deadline::NEVER) {
        Some(0) => Err(Solutions::None),
        Some(1) => {
            grid.unique = true;
            Ok((grid, recorded))
        }
        Some(_) => Err(Solutions::Several),
        // Unproven: the uniqueness techniques stay off, so the path is
        // the probe's.
        None => Ok((grid, recorded)),
    }
}

/// How long [`prepare`] may count the solutions of a killer larger than
/// 9x9 where its logic stalls: the killer search has no work estimate, so
/// this count is timed (when it runs out the grade says the solution is
/// unproven; the rating, trial and error, is the same either way).
const LARGE_KILLER_COUNT_TIME: std::time::Duration = std::time::Duration::from_secs(1);

/// [`prepare`] for a killer larger than 9x9: logic under SE's rules, which
/// proves the solution unique when it finishes; otherwise the killer
/// search counts from where it stopped, within [`LARGE_KILLER_COUNT_TIME`].
fn prepare_large_killer(mut grid: Grid) -> Result<(Grid, Option<Probe>), Solutions> {
    let mut probe = grid.clone();
    let mut recorded = Probe {
        steps: Vec::new(),
        outcome: LogicEnd::Stalled,
        verified: None,
    };
    let (outcome, _) = run(&mut probe, Rules::Explainer, true, |_, f| {
        recorded.steps.push(f.clone());
    });
    recorded.outcome = outcome;
    match outcome {
        LogicEnd::Contradiction => return Err(Solutions::None),
        LogicEnd::Solved => {
            grid.unique = true;
            return Ok((grid, Some(recorded)));
        }
        LogicEnd::Stalled | LogicEnd::CutShort => {}
    }
    let Some(from) = board_of(&probe) else {
        return Ok((grid, Some(recorded)));
    };
    let deadline = Deadline::at(std::time::Instant::now() + LARGE_KILLER_COUNT_TIME);
    match from.count_solutions_before(2, deadline) {
        Ok(0) => Err(Solutions::None),
        Ok(1) => {
            grid.unique = true;
            Ok((grid, Some(recorded)))
        }
        Ok(_) => Err(Solutions::Several),
        Err(_) => Ok((grid, Some(recorded))),
    }
}

/// The run of [`prepare`]'s probe: logic under [`Rules::Explainer`]
/// without the uniqueness techniques, from the puzzle.
struct Probe {
    /// Its steps, in order.
    steps: Vec<Finding>,
    /// How it ended, when it ran to its end.
    outcome: LogicEnd,
    /// How many of its first steps the run with the uniqueness techniques
    /// takes too, when it leaves them (`None`: it takes them all and ends
    /// as the probe did). Where a count proved the solution unique there,
    /// the probe stopped.
    verified: Option<usize>,
}

/// The path under `rules` from `grid` as [`prepare`] gave it, calling
/// `on_step` before each step as [`run`] does. Under SE's rules it takes
/// the probe's recorded steps (all of them when the uniqueness techniques
/// are off: the run is the probe; with them, those it verified), and
/// searches on from where the run leaves the probe.
fn follow(
    grid: &mut Grid,
    probe: Option<Probe>,
    rules: Rules,
    mut on_step: impl FnMut(&Grid, &Finding),
) -> (LogicEnd, Hardest) {
    let mut hardest = Hardest::default();
    if let Some(probe) = probe.filter(|_| rules == Rules::Explainer) {
        let leaves = probe.verified.filter(|_| grid.unique);
        for finding in &probe.steps[..leaves.unwrap_or(probe.steps.len())] {
            hardest.add(finding);
            on_step(grid, finding);
            grid.apply(finding);
        }
        if leaves.is_none() {
            return (probe.outcome, hardest);
        }
    }
    let (outcome, rest) = run(grid, rules, true, on_step);
    (outcome, hardest.followed_by(rest))
}

/// [`probe_step_holds`] asked of the probe's grid (whose uniqueness
/// techniques are off).
fn holds_with_uniqueness(probe: &mut Grid, technique: Option<Technique>) -> bool {
    probe.unique = true;
    let holds = probe_step_holds(probe, technique);
    probe.unique = false;
    holds
}

/// Whether a run under SE's rules with the uniqueness techniques allowed
/// does at this position what the probe did without them: takes the
/// probe's step, which `technique` found, or (`None`) finds none, as the
/// probe did when it stalled or was cut short at the budget. The two runs
/// differ only where a uniqueness technique is charged to the budget or
/// searched, so the stages are walked as [`find_next_by`] walks them, both
/// runs' budgets charged, and only the uniqueness techniques searched: any
/// other search would find what the probe's found on this same position.
fn probe_step_holds(grid: &Grid, technique: Option<Technique>) -> bool {
    let budgeted = budget::applies(grid);
    let (mut probe_spent, mut run_spent) = (budget::Spent::default(), budget::Spent::default());
    let mut scratch = Finding::default();
    for stage in Rules::Explainer.stages() {
        let (mut probe_fits, mut run_fits) = (true, true);
        for &each in stage.iter() {
            if budgeted && run_fits {
                run_fits = run_spent.charge_imagined(each, grid);
            }
            if budgeted && probe_fits && !each.needs_uniqueness() {
                probe_fits = probe_spent.charge_imagined(each, grid);
            }
        }
        match (probe_fits, run_fits) {
            (true, true) => {}
            // Both cut short here, the probe with no step.
            (false, false) => return technique.is_none(),
            _ => return false,
        }
        let found_here = technique.is_some_and(|t| stage.contains(&t));
        if stage.iter().any(|t| t.needs_uniqueness()) {
            // Only here may the run find another step (or, in a stage
            // that mixes both kinds, another easiest one).
            if found_here || find_in_stage(grid, Rules::Explainer, stage, &mut scratch) {
                return false;
            }
        } else if found_here {
            return true;
        }
    }
    technique.is_none()
}

fn grade_with(board: &Board, known_unique: bool) -> Grade {
    let (mut grid, probe) = match prepare(board, known_unique) {
        Ok(prepared) => prepared,
        Err(solutions) => return not_unique(solutions),
    };
    let (outcome, hardest) = follow(&mut grid, probe, Rules::Explainer, |_, _| {});
    verdict(outcome, hardest, grid.unique)
}

/// The grade of a path that ended with `outcome` after `hardest`, on a
/// puzzle whose solution is `unique` (or unproven).
fn verdict(outcome: LogicEnd, hardest: Hardest, unique: bool) -> Grade {
    match outcome {
        LogicEnd::Solved => solved_grade(hardest),
        // Sound steps on a puzzle with a solution never break the grid.
        LogicEnd::Contradiction => not_unique(Solutions::None),
        LogicEnd::Stalled if unique => trial_and_error(),
        LogicEnd::Stalled => Grade {
            solutions: Solutions::Unproven,
            ..trial_and_error()
        },
        LogicEnd::CutShort if unique => beyond_budget(Solutions::Unique),
        LogicEnd::CutShort => beyond_budget(Solutions::Unproven),
    }
}

fn solved_grade(hardest: Hardest) -> Grade {
    Grade {
        difficulty: hardest.difficulty.unwrap_or(Difficulty::Easy),
        // A full grid needs no step: it rates as the easiest, 1.0.
        rating: Some(if hardest.step.is_some() {
            hardest.rating
        } else {
            10
        }),
        hardest: hardest.step.map_or("none", |(t, _)| t.name()).into(),
        solutions: Solutions::Unique,
    }
}

fn trial_and_error() -> Grade {
    Grade {
        difficulty: Difficulty::Extreme,
        rating: Some(TRIAL_AND_ERROR_RATING),
        hardest: TRIAL_AND_ERROR.into(),
        solutions: Solutions::Unique,
    }
}

fn beyond_budget(solutions: Solutions) -> Grade {
    Grade {
        hardest: BEYOND_BUDGET.into(),
        solutions,
        ..trial_and_error()
    }
}

/// The `hardest` of a puzzle that logic cannot finish.
pub const TRIAL_AND_ERROR: &str = "trial and error";

/// The `hardest` of a puzzle larger than 9x9 whose logic stopped at the
/// work budget of a search for a step (see `grader/budget.rs`). Rated as
/// trial and error; whether logic could go further is unknown.
pub const BEYOND_BUDGET: &str = "beyond the search budget";

fn not_unique(solutions: Solutions) -> Grade {
    let hardest = match solutions {
        Solutions::None => "no solution",
        _ => "more than one solution",
    };
    Grade {
        difficulty: Difficulty::Expert,
        rating: None,
        hardest: hardest.into(),
        solutions,
    }
}

/// Solves by logic alone, recording every step, until solved or stuck.
/// The path is [`grade`]'s (Sudoku Explainer's techniques and order, see
/// [`Rules::Explainer`]): the uniqueness techniques apply when the puzzle
/// has exactly one solution.
pub fn solve_logically(board: &Board) -> LogicalSolution {
    solve_logically_by(board, Rules::Explainer)
}

/// [`solve_logically`] with the techniques and order of `rules`:
/// [`Rules::Every`] gives the path the hints follow.
pub fn solve_logically_by(board: &Board, rules: Rules) -> LogicalSolution {
    grade_and_solve_logically(board, rules).1
}

/// [`grade`] and [`solve_logically_by`] of one puzzle (`doku grade
/// --steps`), sharing one look at its uniqueness (on boards larger than
/// 9x9, a run of logic) and, under [`Rules::Explainer`], one path.
pub fn grade_and_solve_logically(board: &Board, rules: Rules) -> (Grade, LogicalSolution) {
    let (grade, mut grid, probe) = match prepare(board, false) {
        // The grade follows SE's rules, the path the hints'.
        Ok((grid, probe)) if rules != Rules::Explainer => {
            let (outcome, hardest) = follow(&mut grid.clone(), probe, Rules::Explainer, |_, _| {});
            let unique = grid.unique;
            (Some(verdict(outcome, hardest, unique)), grid, None)
        }
        Ok((grid, probe)) => (None, grid, probe),
        Err(solutions) => match Grid::new(board) {
            Some(grid) => (Some(not_unique(solutions)), grid, None),
            None => {
                let path = LogicalSolution {
                    steps: Vec::new(),
                    solved: false,
                    cut_short: false,
                    board: board.clone(),
                };
                return (not_unique(solutions), path);
            }
        },
    };
    let mut steps = Vec::new();
    let (outcome, hardest) = follow(&mut grid, probe, rules, |g, f| steps.push(to_step(g, f)));
    let path = LogicalSolution {
        steps,
        solved: outcome == LogicEnd::Solved,
        cut_short: outcome == LogicEnd::CutShort,
        board: board_of(&grid).unwrap_or_else(|| board.clone()),
    };
    // Under SE's rules the path is the grade's.
    let grade = grade.unwrap_or_else(|| verdict(outcome, hardest, grid.unique));
    (grade, path)
}

/// The next logical step from a position, the easiest technique first.
/// `notes` (one per cell, reading order) narrows the candidates of the
/// cells that have any; without them, candidates come from the filled
/// cells. `None` when the board is full, broken or logic is stuck (on a
/// board larger than 9x9, also when the search passes its budget). The
/// uniqueness techniques are left out: nothing here says the puzzle has
/// one solution (hints, which know, use them).
pub fn next_step(board: &Board, notes: Option<&[Candidates]>) -> Option<LogicStep> {
    let grid = grid_with_notes(board, notes)?;
    if grid.broken {
        return None;
    }
    let mut finding = Finding::default();
    (find_next(&grid, true, &mut finding) == Found::Step).then(|| to_step(&grid, &finding))
}

/// The first step a given technique finds in a position (candidates as in
/// [`next_step`]), whether or not an easier technique applies too. It takes
/// the puzzle to have exactly one solution, so a uniqueness technique
/// applies as asked: on a puzzle with several, its step may be wrong.
pub fn find_technique(
    board: &Board,
    notes: Option<&[Candidates]>,
    technique: Technique,
) -> Option<LogicStep> {
    let mut grid = grid_with_notes(board, notes)?;
    grid.unique = true;
    let mut finding = Finding::default();
    technique
        .find(&grid, &mut finding)
        .then(|| to_step(&grid, &finding))
}

fn grid_with_notes(board: &Board, notes: Option<&[Candidates]>) -> Option<Grid> {
    let mut grid = Grid::new(board)?;
    if let Some(notes) = notes {
        grid.restrict_to_notes(notes);
    }
    Some(grid)
}

#[cfg(test)]
mod rating_tests {
    use super::*;

    #[test]
    fn chains_longer_than_six_nodes_rate_higher_in_se_steps() {
        let increments: Vec<u16> = (4..=20).map(chain_length_increment).collect();
        // Lengths (nodes - 2) past 4, 6, 8, 12 and 16 each add 0.1.
        assert_eq!(
            increments,
            [0, 0, 0, 1, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5]
        );
    }

    #[test]
    fn sudoku_explainers_stages_come_in_the_order_of_their_ratings() {
        // `run_at_most` stops at the first stage rated past its cap.
        let stages = Rules::Explainer.stages();
        let rating = |stage: &[Technique]| stage.iter().map(|t| t.se_rating()).collect::<Vec<_>>();
        for pair in stages.windows(2) {
            let (before, after) = (rating(pair[0]), rating(pair[1]));
            assert!(
                before.iter().max() <= after.iter().min(),
                "{:?} before {:?}",
                pair[0],
                pair[1]
            );
        }
        // SE has none of these; the hints have every technique.
        for technique in [
            Technique::WWing,
            Technique::WxyzWing,
            Technique::HiddenRectangle,
            Technique::EmptyRectangle,
            Technique::FinnedXWing,
            Technique::SimpleColours,
            Technique::MultiColours,
            Technique::AlsXz,
            Technique::DeathBlossom,
            Technique::GroupedAic,
        ] {
            assert!(!Rules::Explainer.uses(technique), "{technique}");
        }
        for &technique in Technique::ALL {
            assert_eq!(
                Rules::Every.uses(technique),
                !technique.is_direct(),
                "{technique}"
            );
            assert!(!technique.is_direct() || Rules::Explainer.uses(technique));
        }
    }

    #[test]
    fn hardest_of_two_runs_is_the_hardest_of_their_steps_in_order() {
        let step = |technique, rating| Finding {
            technique,
            rating,
            ..Finding::default()
        };
        let steps = [
            step(Technique::HiddenSingle, 12),
            step(Technique::XWing, 32),
            step(Technique::UniqueRectangle1, 45),
            step(Technique::Aic, 72),
            step(Technique::XChain, 72),
            step(Technique::NakedPair, 30),
        ];
        let mut whole = Hardest::default();
        steps.iter().for_each(|f| whole.add(f));
        for split in 0..=steps.len() {
            let (mut first, mut then) = (Hardest::default(), Hardest::default());
            steps[..split].iter().for_each(|f| first.add(f));
            steps[split..].iter().for_each(|f| then.add(f));
            let joined = first.followed_by(then);
            assert_eq!(joined.step, whole.step, "split at {split}");
            assert_eq!(joined.rating, whole.rating, "split at {split}");
            assert_eq!(joined.difficulty, whole.difficulty, "split at {split}");
        }
        // The first of equally hard steps counts.
        assert_eq!(whole.step, Some((Technique::Aic, 72)));
    }

    #[test]
    fn the_solver_tries_techniques_easiest_rating_first() {
        let ratings: Vec<u16> = BY_RATING.iter().map(|t| t.se_rating()).collect();
        assert!(ratings.windows(2).all(|w| w[0] <= w[1]), "{ratings:?}");
        assert_eq!(BY_RATING.len(), Technique::ALL.len());
        // Cage combinations (killers only) come first; on other boards
        // the hidden single does.
        assert_eq!(BY_RATING[0], Technique::CageCombinations);
        let classic = BY_RATING.iter().find(|t| !t.is_killer());
        assert_eq!(classic, Some(&Technique::HiddenSingle));
        assert_eq!(rating_text(66), "6.6");
        assert_eq!(rating_text(120), "12.0");
    }
}

#[cfg(test)]
mod probe_tests {
    use super::*;
    use crate::format::parse_puzzle;
    use crate::ShapeHint;

    /// Dealt expert 16x16s (`doku generate --size 16 --difficulty expert`,
    /// seeds 4 and 7): SE's path of the first takes no uniqueness step; the
    /// second's takes a unique rectangle at its 83rd step, where the path
    /// leaves the probe's.
    const DEALT: [&str; 2] = [
        "..5....8...C9.6E4.7....D1...BFG....86..2EFD.C....GC9...73B.......9....A..1.B..D.8..2D4....E.195...4...E3..C6....GA.7.261...54......BC...G89.5.F3....1A..52...C...3D6.G....1F8..A.4..8.9..E....1.......F9B...2GA....D.62BC..8E....213...A9....4.7B5.G3...A....6..",
        "...3..C.B..2.48..........D6.....BEC.3....4..97..9.D.F8.47...5CB28F.C.DG....4..1B..6A.BE3.9....F..B7..5..F.CE.3.....9...F..D...64F9...C..D...6.....4.9A.7..2..8E..6....F.AC5.49..75..6....8E.D.CG3AG1...CE.B5.2.9..9B..2....C.DA5.....98..........8E.7..G.3..1...",
    ];

    #[test]
    fn a_large_path_that_follows_its_probe_is_the_path_run_from_the_start() {
        for line in DEALT {
            let board = parse_puzzle(line, ShapeHint::Infer).expect("a 16x16 puzzle");
            // The path by its definition: the uniqueness techniques on from
            // the first step (the puzzle is unique).
            let path_of = |rules| {
                let mut grid = Grid::new(&board).expect("consistent givens");
                grid.unique = true;
                let mut steps = Vec::new();
                let (outcome, hardest) =
                    run(&mut grid, rules, true, |g, f| steps.push(to_step(g, f)));
                assert_eq!(outcome, LogicEnd::Solved);
                (steps, solved_grade(hardest))
            };
            let (expected, expected_grade) = path_of(Rules::Explainer);
            let path = solve_logically(&board);
            assert!(path.solved && !path.cut_short);
            assert_eq!(path.steps, expected);
            assert_eq!(grade(&board), expected_grade);
            // `grade --steps=hints`: SE's grade with the hints' path.
            let (grade, path) = grade_and_solve_logically(&board, Rules::Every);
            assert_eq!(grade, expected_grade);
            assert_eq!(path.steps, path_of(Rules::Every).0);
        }
        let uses_uniqueness = |line: &str| {
            let board = parse_puzzle(line, ShapeHint::Infer).expect("a 16x16 puzzle");
            let path = solve_logically(&board);
            path.steps.iter().any(|s| s.technique.needs_uniqueness())
        };
        // Both ways of following the probe are exercised.
        assert!(!uses_uniqueness(DEALT[0]));
        assert!(uses_uniqueness(DEALT[1]));
    }

    #[test]
    fn the_probes_step_holds_until_a_uniqueness_technique_applies() {
        let board = parse_puzzle(DEALT[1], ShapeHint::Infer).expect("a 16x16 puzzle");
        let mut grid = Grid::new(&board).expect("consistent givens");
        grid.unique = true;
        let probes_step = |grid: &Grid| {
            let mut probe = grid.clone();
            probe.unique = false;
            let mut finding = Finding::default();
            let found = find_next_by(&probe, Rules::Explainer, true, &mut finding);
            assert_eq!(found, Found::Step);
            finding.technique
        };
        let mut finding = Finding::default();
        loop {
            assert_eq!(
                find_next_by(&grid, Rules::Explainer, true, &mut finding),
                Found::Step
            );
            let holds = probe_step_holds(&grid, Some(probes_step(&grid)));
            if finding.technique.needs_uniqueness() {
                assert!(!holds, "a {} was found", finding.technique);
                break;
            }
            assert!(holds, "{} empty", grid.empty);
            grid.apply(&finding);
        }
    }
}
