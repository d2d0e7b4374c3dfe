//! A hint worked out from a plain value: the position, the notes and what
//! is known of the puzzle's solutions. The game asks for its hints this
//! way, so the app can work out the next one on another thread before the
//! key is pressed (on a hard 9x9 a hint takes up to 90 ms); an answer is
//! used only for the request it was made for, so a hint worked out for
//! another position is never shown.

use super::{chain, Hint, HintLevel, HintLink};
use crate::engine::grader::{self, Advice, Technique};
use crate::engine::{Board, Candidates, Cell, House, Shape};

/// What is known of the puzzle's solutions when a hint is asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Knowledge {
    /// Its only solution: entries are judged against it.
    Solution(Board),
    /// A check of the solutions is running: hints are logical steps from
    /// the position alone, and never count solutions themselves.
    Checking,
    /// It has no solution, or several (the advice says which).
    Flaw(Advice),
    /// Nothing yet (a resumed game): answering proves it first.
    Unproven,
}

/// Everything the next hint depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintRequest {
    pub(super) givens: Board,
    pub(super) board: Board,
    pub(super) notes: Vec<Candidates>,
    pub(super) knowledge: Knowledge,
}

/// The hint worked out for one request.
#[derive(Clone, Debug)]
pub struct HintAnswer {
    asked: HintRequest,
    /// The verdict on the givens this answer proved (asked unproven), for
    /// the game to keep.
    proved: Option<Knowledge>,
    pub(super) hint: Result<Hint, String>,
}

impl HintAnswer {
    /// Whether this is the answer to `request`: the same givens, entries
    /// and notes, and the same knowledge of the solutions (or the
    /// knowledge this answer proved, once the game has taken it).
    pub fn answers(&self, request: &HintRequest) -> bool {
        let asked = &self.asked;
        asked.givens == request.givens
            && asked.board == request.board
            && asked.notes == request.notes
            && (asked.knowledge == request.knowledge
                || self.proved.as_ref() == Some(&request.knowledge))
    }

    /// What this answer proved of the solutions of `request`'s givens, so
    /// that a later request on the same puzzle is not proved again.
    pub fn proof_for(&self, request: &HintRequest) -> Option<&Knowledge> {
        self.proved
            .as_ref()
            .filter(|_| self.asked.givens == request.givens)
    }

    /// What the answer proved of the puzzle's solutions, if anything.
    pub(super) fn proved(&self) -> Option<&Knowledge> {
        self.proved.as_ref()
    }
}

impl HintRequest {
    /// Works out the hint. An unproven puzzle is proved first, unless
    /// `proved` is what an earlier answer found for the same givens (see
    /// [`HintAnswer::proof_for`]): up to a second on a hard 25x25.
    pub fn answer(&self, proved: Option<&Knowledge>) -> HintAnswer {
        let proved = match self.knowledge {
            Knowledge::Unproven => Some(proved.cloned().unwrap_or_else(|| prove(&self.givens))),
            _ => None,
        };
        let knowledge = proved.as_ref().unwrap_or(&self.knowledge);
        HintAnswer {
            asked: self.clone(),
            hint: self.find_hint(knowledge),
            proved,
        }
    }

    /// The grader's hint for the position, in the game's terms, with
    /// `knowledge` of the puzzle's solutions. `Err` says why there is none.
    fn find_hint(&self, knowledge: &Knowledge) -> Result<Hint, String> {
        let shape = self.board.shape();
        let any_notes = self.notes.iter().any(|n| !n.is_empty());
        let notes = any_notes.then_some(self.notes.as_slice());
        let found = match knowledge {
            Knowledge::Solution(solution) => {
                grader::next_hint_with_solution(solution, &self.board, notes)
            }
            // Sound from the position whatever the count finds; entries
            // are judged once the check has the solution.
            Knowledge::Checking => match grader::next_step(&self.board, notes) {
                Some(step) => Advice::Step(step),
                None => return Err(NO_STEP_WHILE_CHECKING.into()),
            },
            Knowledge::Flaw(flaw) => flaw.clone(),
            Knowledge::Unproven => grader::next_hint(&self.givens, &self.board, notes),
        };
        let message = found.message(shape);
        let mut hint = Hint {
            level: HintLevel::Summary,
            technique: String::new(),
            summary: String::new(),
            explanation: message.clone(),
            cells: found.cells(),
            placements: Vec::new(),
            eliminations: Vec::new(),
            erasures: Vec::new(),
            refill_notes: Vec::new(),
            links: Vec::new(),
            candidates: Vec::new(),
            net_links: 0,
        };
        let mut engine_summary = None;
        match found {
            Advice::Mistakes(cells) => {
                hint.technique = "mistake".into();
                hint.erasures = cells;
            }
            Advice::WrongNotes(cells) => {
                hint.technique = "wrong notes".into();
                hint.refill_notes = cells;
            }
            Advice::Step(step) => {
                hint.technique = step.technique.name().into();
                // The technique is shown beside it; the message repeats it.
                hint.explanation = step.explanation;
                hint.placements = step.placements;
                hint.eliminations = step.eliminations;
                hint.links = step
                    .chain
                    .iter()
                    .map(|link| HintLink {
                        from: (link.from.cell, link.from.digit),
                        to: (link.to.cell, link.to.digit),
                        strong: link.is_strong(),
                    })
                    .collect();
                // A forcing chain's links are the net its search walked.
                let forcing = matches!(
                    step.technique,
                    Technique::CellForcingChain
                        | Technique::UnitForcingChain
                        | Technique::DynamicForcingChain
                        | Technique::DynamicForcingChainPlus
                );
                if forcing && chain::is_net(&hint.links) {
                    follow_the_words(shape, &mut hint);
                }
                if !matches!(
                    step.technique,
                    Technique::NakedSingle | Technique::HiddenSingle
                ) {
                    hint.candidates = self.unnoted_candidates(&hint);
                }
                // The engine's summary names the technique and the area.
                engine_summary = Some(step.summary);
            }
            Advice::Guess { cell, .. } | Advice::OutOfReach { cell, .. } => {
                hint.technique = match found {
                    Advice::Guess { .. } => "guess",
                    _ => "out of reach",
                }
                .into();
                // Applying a guess hint places the solution's digit there.
                let solution = match knowledge {
                    Knowledge::Solution(solution) => Some(solution.clone()),
                    _ => self.givens.solution(),
                };
                if let Some(digit) = solution.and_then(|s| s.get(cell)) {
                    hint.placements = vec![(cell, digit)];
                }
            }
            Advice::Solved | Advice::NoSolution | Advice::NotUnique => return Err(message),
        }
        hint.summary = engine_summary.unwrap_or_else(|| hint_summary(shape, &hint));
        Ok(hint)
    }

    /// The candidates of every empty cell `hint` names (its pattern, its
    /// chain's candidates, its removals, its placements) where the player
    /// has no notes, as the grader saw them: a cell without notes counts
    /// as holding every digit its houses allow.
    fn unnoted_candidates(&self, hint: &Hint) -> Vec<(Cell, Candidates)> {
        let named = hint
            .cells
            .iter()
            .copied()
            .chain(hint.links.iter().flat_map(|l| [l.from.0, l.to.0]))
            .chain(hint.eliminations.iter().map(|&(c, _)| c))
            .chain(hint.placements.iter().map(|&(c, _)| c));
        let mut shown: Vec<(Cell, Candidates)> = Vec::new();
        for cell in named {
            if self.board.is_empty_cell(cell)
                && self.notes[cell.index()].is_empty()
                && !shown.iter().any(|&(c, _)| c == cell)
            {
                // Where the logic starts: a hint about a cage's sum strikes
                // the digits the sum rules out, so they must be drawn.
                shown.push((cell, self.board.candidates_before_sums(cell)));
            }
        }
        shown
    }
}

/// The verdict on `givens`: its only solution, or why there is none.
fn prove(givens: &Board) -> Knowledge {
    match grader::unique_solution(givens) {
        Ok(solution) => Knowledge::Solution(solution),
        Err(solutions) => Knowledge::Flaw(Advice::without_one_solution(solutions)),
    }
}

/// A forcing net's hint draws one path from each assumption, along its
/// words, and highlights only the cells on them and those it changes: the
/// whole net (up to a hundred links over a third of the board) is
/// notation nobody follows.
fn follow_the_words(shape: Shape, hint: &mut Hint) {
    let Some(paths) = chain::branches(
        shape,
        &hint.links,
        &hint.explanation,
        &hint.placements,
        &hint.eliminations,
    ) else {
        return;
    };
    hint.net_links = hint.links.len();
    hint.links = paths.concat();
    let links = &hint.links;
    let changed = |cell: Cell| {
        hint.placements.iter().any(|&(c, _)| c == cell)
            || hint.eliminations.iter().any(|&(c, _)| c == cell)
    };
    hint.cells
        .retain(|&c| changed(c) || links.iter().any(|l| l.from.0 == c || l.to.0 == c));
}

/// Why a hint has nothing to show while the puzzle's solutions are checked.
pub const NO_STEP_WHILE_CHECKING: &str =
    "no logical step found from here; hints can tell more once the check ends (see the panel)";

/// The first level of a hint: the technique and the houses to look at,
/// without a cell or a digit ("hidden single in box 5", "x-wing in columns
/// 2 and 7"). The houses are those holding the most of the hint's cells.
fn hint_summary(shape: Shape, hint: &Hint) -> String {
    let cells: Vec<Cell> = if hint.cells.is_empty() {
        hint.placements.iter().map(|&(c, _)| c).collect()
    } else {
        hint.cells.clone()
    };
    let count_in = |house: House| cells.iter().filter(|&&c| in_house(shape, house, c)).count();
    let best = shape.houses().map(count_in).max().unwrap_or(0);
    let mut houses: Vec<House> = if best == 0 {
        Vec::new()
    } else if best == cells.len() {
        // One house holds them all: name one, a box first (for a lone cell
        // its box says where to look without naming its row and column).
        let holding: Vec<House> = shape.houses().filter(|&h| count_in(h) == best).collect();
        let boxed = holding
            .iter()
            .copied()
            .find(|h| matches!(h, House::Box(_) | House::Region(_)));
        boxed.or(holding.first().copied()).into_iter().collect()
    } else {
        // Spread out (a fish, a wing): the houses holding the most of them.
        shape
            .houses()
            .filter(|&h| count_in(h) >= 2.max(best))
            .collect()
    };
    houses.truncate(4);
    let what = match hint.technique.as_str() {
        "mistake" => "a wrong digit",
        "wrong notes" => "notes that leave out the right digit",
        "guess" => "no logical step: a guess is needed",
        "out of reach" => "no short step within the search budget: a cell to fill",
        technique => technique,
    };
    if houses.is_empty() {
        return what.to_string();
    }
    let names: Vec<String> = houses.iter().map(House::to_string).collect();
    format!("{what} in {}", names.join(", "))
}

fn in_house(shape: Shape, house: House, cell: Cell) -> bool {
    shape.houses_of(cell).any(|h| h == house)
}
