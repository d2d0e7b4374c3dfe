//! The human-technique grader and the hint engine.
//!
//! A logical solver works on a candidate grid (bitmasks over any shape:
//! techniques are defined by houses, so they work on every box size and on
//! Latin squares) and applies the techniques of [`Technique::ALL`] in order
//! of difficulty, one step at a time, easiest first.
//!
//! - [`grade`]: the difficulty of a puzzle and the hardest technique it needs.
//! - [`solve_logically`]: every step, with explanations.
//! - [`next_step`]: the next step from a position (optionally the player's notes).
//! - [`next_hint`]: what the TUI's hint key shows: the next step, or the
//!   entries that are wrong, or that a guess is needed.

mod chains;
mod explain;
mod fish;
mod forcing;
mod grid;
mod hint;
mod intersections;
mod singles;
#[cfg(test)]
mod soundness;
mod subsets;
mod wings;

pub use chains::{ChainLink, ChainNode};
pub use hint::{next_hint, next_hint_with_solution, Hint};

use super::board::{Board, Candidates};
use super::shape::{Cell, Digit};
use grid::{Finding, Grid};

/// How hard a puzzle is for a person: the hardest technique it needs.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Difficulty {
    /// Singles only.
    Easy,
    /// Plus locked candidates and naked/hidden pairs.
    Medium,
    /// Plus triples, quads, fish and wings.
    Hard,
    /// More than that, or trial and error.
    Expert,
}

impl crate::Named for Difficulty {
    const ALL: &'static [Difficulty] = &[
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];
    const KIND: &'static str = "difficulty";

    fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    fn about(self) -> &'static str {
        match self {
            Difficulty::Easy => "singles only",
            Difficulty::Medium => "plus locked candidates and naked or hidden pairs",
            Difficulty::Hard => "plus triples, quads, fish and wings",
            Difficulty::Expert => "more than that",
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
    /// Name of the hardest technique used ("naked single", "x-wing", ...;
    /// "trial and error" when logic alone does not finish; "no solution" or
    /// "more than one solution" when `solutions` is not `Unique`).
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
}

/// The techniques, easiest first: the order the logical solver tries them in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    NakedSingle,
    HiddenSingle,
    Pointing,
    Claiming,
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
    XyzWing,
    // Chains and forcing nets (grader/chains.rs, grader/forcing.rs).
    RemotePair,
    XChain,
    XyChain,
    Aic,
    CellForcingChain,
    UnitForcingChain,
    DynamicForcingChain,
    DynamicForcingChainPlus,
    NestedForcingChain,
}

impl Technique {
    pub const ALL: [Technique; 24] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
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
        Technique::XyzWing,
        // Chains and forcing nets.
        Technique::RemotePair,
        Technique::XChain,
        Technique::XyChain,
        Technique::Aic,
        Technique::CellForcingChain,
        Technique::UnitForcingChain,
        Technique::DynamicForcingChain,
        Technique::DynamicForcingChainPlus,
        Technique::NestedForcingChain,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
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
            Technique::XyzWing => "xyz-wing",
            // Chains and forcing nets.
            Technique::RemotePair => "remote pair",
            Technique::XChain => "x-chain",
            Technique::XyChain => "xy-chain",
            Technique::Aic => "alternating inference chain",
            Technique::CellForcingChain => "cell forcing chain",
            Technique::UnitForcingChain => "unit forcing chain",
            Technique::DynamicForcingChain => "dynamic forcing chain",
            Technique::DynamicForcingChainPlus => "dynamic forcing chain (+)",
            Technique::NestedForcingChain => "nested forcing chain",
        }
    }

    /// The lowest difficulty that allows this technique.
    pub fn difficulty(self) -> Difficulty {
        match self {
            Technique::NakedSingle | Technique::HiddenSingle => Difficulty::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::HiddenPair => Difficulty::Medium,
            Technique::RemotePair
            | Technique::XChain
            | Technique::XyChain
            | Technique::Aic
            | Technique::CellForcingChain
            | Technique::UnitForcingChain
            | Technique::DynamicForcingChain
            | Technique::DynamicForcingChainPlus
            | Technique::NestedForcingChain => Difficulty::Expert,
            _ => Difficulty::Hard,
        }
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
        match self {
            NakedSingle => singles::naked_single(grid, out),
            HiddenSingle => singles::hidden_single(grid, out),
            Pointing => intersections::pointing(grid, out),
            Claiming => intersections::claiming(grid, out),
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
            CellForcingChain | UnitForcingChain | DynamicForcingChain
            | DynamicForcingChainPlus | NestedForcingChain => forcing::forcing(grid, self, out),
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
    /// Why, in a player's words.
    pub explanation: String,
    /// A chain's inferences, parents before children, for drawing (empty
    /// for other techniques).
    pub chain: Vec<ChainLink>,
}

/// The whole logical solution path of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LogicalSolution {
    pub steps: Vec<LogicStep>,
    /// Logic filled every cell.
    pub solved: bool,
    /// The position logic reached (the solution when `solved`).
    pub board: Board,
}

/// How a run of the logical solver ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Solved,
    /// No technique applies.
    Stalled,
    /// A cell lost its last candidate, or the givens clash: no solution.
    Contradiction,
}

/// Applies techniques until the grid is solved, stalls or breaks; calls
/// `on_step` with each step before applying it. Returns the outcome and the
/// hardest technique used.
fn run(grid: &mut Grid, mut on_step: impl FnMut(&Grid, &Finding)) -> (Outcome, Option<Technique>) {
    let mut finding = Finding::default();
    let mut hardest = None;
    loop {
        if grid.broken {
            return (Outcome::Contradiction, hardest);
        }
        if grid.empty == 0 {
            return (Outcome::Solved, hardest);
        }
        if !find_next(grid, &mut finding) {
            return (Outcome::Stalled, hardest);
        }
        hardest = hardest.max(Some(finding.technique));
        on_step(grid, &finding);
        grid.apply(&finding);
    }
}

fn find_next(grid: &Grid, out: &mut Finding) -> bool {
    Technique::ALL.iter().any(|t| t.find(grid, out))
}

fn to_step(grid: &Grid, f: &Finding) -> LogicStep {
    let pair = |&(c, d): &(u16, u8)| Digit::new(d).map(|d| (Cell(c), d));
    LogicStep {
        technique: f.technique,
        cells: f.cells.iter().map(|&c| Cell(c)).collect(),
        digits: Candidates(f.digits),
        placements: f.placements.iter().filter_map(pair).collect(),
        eliminations: f.eliminations.iter().filter_map(pair).collect(),
        explanation: explain::explain(grid, f),
        chain: f.chain.iter().filter_map(|l| l.public()).collect(),
    }
}

fn board_of(grid: &Grid) -> Option<Board> {
    Board::from_values(grid.geo.shape, grid.values.clone())
}

/// Grades a puzzle by the hardest technique a person needs to solve it.
///
/// Logic that finishes proves the solution unique; when it stalls, the
/// solver counts solutions to tell "trial and error" from a puzzle with
/// none or several.
pub fn grade(board: &Board) -> Grade {
    grade_with(board, true)
}

/// [`grade`] for a puzzle the caller already knows to have exactly one
/// solution (the generator checks as it removes clues): when logic stalls
/// it is `Expert` straight away, without counting solutions again.
pub fn grade_known_unique(board: &Board) -> Grade {
    grade_with(board, false)
}

fn grade_with(board: &Board, count_when_stalled: bool) -> Grade {
    let Some(mut grid) = Grid::new(board) else {
        return not_unique(Solutions::None);
    };
    match run(&mut grid, |_, _| {}) {
        (Outcome::Solved, hardest) => Grade {
            difficulty: hardest.map_or(Difficulty::Easy, Technique::difficulty),
            hardest: hardest.map_or("none", Technique::name).into(),
            solutions: Solutions::Unique,
        },
        (Outcome::Contradiction, _) => not_unique(Solutions::None),
        // Logic's placements hold in every solution, so counting from where
        // it stopped is the same count with less to search.
        (Outcome::Stalled, _) if !count_when_stalled => trial_and_error(),
        (Outcome::Stalled, _) => match board_of(&grid)
            .unwrap_or_else(|| board.clone())
            .count_solutions_up_to(2)
        {
            0 => not_unique(Solutions::None),
            1 => trial_and_error(),
            _ => not_unique(Solutions::Several),
        },
    }
}

fn trial_and_error() -> Grade {
    Grade {
        difficulty: Difficulty::Expert,
        hardest: "trial and error".into(),
        solutions: Solutions::Unique,
    }
}

fn not_unique(solutions: Solutions) -> Grade {
    let hardest = match solutions {
        Solutions::None => "no solution",
        _ => "more than one solution",
    };
    Grade {
        difficulty: Difficulty::Expert,
        hardest: hardest.into(),
        solutions,
    }
}

/// Solves by logic alone, recording every step, until solved or stuck.
pub fn solve_logically(board: &Board) -> LogicalSolution {
    let Some(mut grid) = Grid::new(board) else {
        return LogicalSolution {
            steps: Vec::new(),
            solved: false,
            board: board.clone(),
        };
    };
    let mut steps = Vec::new();
    let (outcome, _) = run(&mut grid, |g, f| steps.push(to_step(g, f)));
    LogicalSolution {
        steps,
        solved: outcome == Outcome::Solved,
        board: board_of(&grid).unwrap_or_else(|| board.clone()),
    }
}

/// The next logical step from a position, the easiest technique first.
/// `notes` (one per cell, reading order) narrows the candidates of the
/// cells that have any; without them, candidates come from the filled
/// cells. `None` when the board is full, broken or logic is stuck.
pub fn next_step(board: &Board, notes: Option<&[Candidates]>) -> Option<LogicStep> {
    let grid = grid_with_notes(board, notes)?;
    if grid.broken {
        return None;
    }
    let mut finding = Finding::default();
    find_next(&grid, &mut finding).then(|| to_step(&grid, &finding))
}

/// The first step a given technique finds in a position (candidates as in
/// [`next_step`]), whether or not an easier technique applies too.
pub fn find_technique(
    board: &Board,
    notes: Option<&[Candidates]>,
    technique: Technique,
) -> Option<LogicStep> {
    let grid = grid_with_notes(board, notes)?;
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
