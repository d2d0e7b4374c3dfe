//! The game as plain state: givens, entries, pencil marks, undo/redo, the
//! clock, hints and win detection. No terminal here: every rule is a state
//! transition tested as plain Rust.

use crate::engine::grader::{Advice, Difficulty};
use crate::engine::{Board, Candidates, Cell, Digit, Shape};
use std::time::{Duration, Instant};

pub mod cages;
pub mod chain;
pub mod editor;
mod hint_request;
pub mod prefs;
mod saved;
mod shared;

/// How many colours a cell can be marked with (the colour key goes
/// through them, then back to none).
pub use crate::storage::MARK_COLOURS;
pub use hint_request::{HintAnswer, HintRequest, Knowledge, NO_STEP_WHILE_CHECKING};

/// A direction for the cursor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// What an action did to the game, so the app knows what to redraw or say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing changed (a move against the edge, nothing to undo, ...).
    Unchanged,
    /// The cursor moved.
    Moved,
    /// The board or its notes changed.
    Changed,
    /// The change completed the board: solved, for the first time.
    Solved,
    /// Solved again after an undo or a restart: already counted once.
    SolvedAgain,
    /// A hint is shown (first `H`).
    HintShown,
    /// The action is not allowed; the text says why, for the status line.
    Refused(String),
}

/// The contents of one cell that a change can touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellState {
    value: Option<Digit>,
    notes: Candidates,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CellEdit {
    cell: Cell,
    before: CellState,
    after: CellState,
}

/// A cell's colour mark changed: 0 for none, else 1 to [`MARK_COLOURS`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ColourEdit {
    cell: Cell,
    before: u8,
    after: u8,
}

/// One undoable step: every cell it touched, and where the cursor was.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Change {
    edits: Vec<CellEdit>,
    /// Colour marks it changed (kept apart from the cells' digits and
    /// notes: a colour is the player's bookkeeping, and a given takes one).
    colours: Vec<ColourEdit>,
    cursor: Cell,
    /// A restart sets the clock to zero: the time it took away, given back
    /// by undo (so `r` then `u` cannot shorten a solving time).
    clock_reset: Option<Duration>,
}

/// How much of a hint is shown: each press of the hint key shows more.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum HintLevel {
    /// The technique and the area (houses) to look at; no cells lit.
    Summary,
    /// The cells highlighted and the whole explanation; the next press applies.
    Detail,
}

/// One link of a chain a hint shows: from one candidate to the next.
/// Strong: one of the two must be true; weak: both cannot be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HintLink {
    pub from: (Cell, Digit),
    pub to: (Cell, Digit),
    pub strong: bool,
}

/// A hint: what to look at and what it lets the player do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// How much of it is shown.
    pub level: HintLevel,
    /// The technique, for the status line ("naked single", "mistake", ...).
    pub technique: String,
    /// The first level: the technique and where to look ("naked single in
    /// box 5"), naming no cell and no digit.
    pub summary: String,
    /// A sentence naming the cells and the conclusion.
    pub explanation: String,
    /// Cells the technique uses, highlighted on the board.
    pub cells: Vec<Cell>,
    /// Digits the hint places (a second `H` applies them).
    pub placements: Vec<(Cell, Digit)>,
    /// Notes the hint removes.
    pub eliminations: Vec<(Cell, Digit)>,
    /// Entries the hint erases (player mistakes).
    pub erasures: Vec<Cell>,
    /// Cells whose notes the hint rewrites from the board (wrong notes).
    pub refill_notes: Vec<Cell>,
    /// The chain the technique follows, in order (empty when it has none).
    pub links: Vec<HintLink>,
    /// The candidates of the cells a step beyond the singles names (its
    /// pattern, its chain, its removals) where the player has no notes:
    /// what the step sees there (every digit the houses allow). The second
    /// level draws them, since the words talk about them; applying the
    /// hint keeps them as notes, so the board stays as it was shown, less
    /// what the hint removes.
    pub candidates: Vec<(Cell, Candidates)>,
    /// How many links the whole net has when `links` are the paths picked
    /// from a forcing net (see [`chain::branches`]); zero otherwise.
    pub net_links: usize,
}

impl Hint {
    /// What the status line and the panel say at the hint's level.
    pub fn text(&self) -> &str {
        match self.level {
            HintLevel::Summary => &self.summary,
            HintLevel::Detail => &self.explanation,
        }
    }
    /// The cells to highlight at the hint's level (none for the summary).
    pub fn highlighted(&self) -> &[Cell] {
        match self.level {
            HintLevel::Summary => &[],
            HintLevel::Detail => &self.cells,
        }
    }
    /// The notes to strike out at the hint's level (none for the summary).
    pub fn shown_eliminations(&self) -> &[(Cell, Digit)] {
        match self.level {
            HintLevel::Summary => &[],
            HintLevel::Detail => &self.eliminations,
        }
    }
    /// The candidates drawn in cells without notes at the hint's level
    /// (none for the summary, which gives no cell away).
    pub fn shown_candidates(&self) -> &[(Cell, Candidates)] {
        match self.level {
            HintLevel::Summary => &[],
            HintLevel::Detail => &self.candidates,
        }
    }
}

/// A step of the solution as one line: its technique, a colon, and what
/// it says ("hidden single: in box 7, 7 can only go in r9c3"). The status
/// line and `doku grade --steps` write steps this way (the side panel puts
/// the technique in its title and the explanation, a sentence, under it).
///
/// The engine writes each explanation as a sentence of its own ("In box 7,
/// ..."); after a colon it goes on in lower case, the technique's colon as
/// well as one inside it ("r4c2<>9: if r4c2=9, ..." in a nested chain).
/// A word that is not plainly capitalised (a cell, "XY-wing", "BUG") is left
/// as it is.
///
/// A forcing chain's branches stay one a line (`\n` between them), each
/// line going on in lower case too ("if r5c3=1, ..."): `doku grade
/// --steps` indents them under the step, the rows under the board show
/// them as they are, and [`one_line`] joins them for the status line.
pub fn step_line(technique: impl std::fmt::Display, explanation: &str) -> String {
    let sentence = explanation_sentence(explanation);
    let lines: Vec<_> = sentence.split('\n').map(lower_first_word).collect();
    format!("{technique}: {}", lines.join("\n"))
}

/// Text written one branch a line (see [`step_line`]) on one line, the
/// branches parted by "; " (the status line has one row).
pub fn one_line(text: &str) -> String {
    text.replace('\n', "; ")
}

/// An explanation written as a sentence of its own (the hint panel's,
/// under the technique as title): it keeps its capital, and goes on in
/// lower case after a colon inside it ("r4c2<>9: if r4c2=9, ...").
pub fn explanation_sentence(explanation: &str) -> String {
    let mut pieces = explanation.split(": ");
    let mut sentence = pieces.next().unwrap_or_default().to_string();
    for piece in pieces {
        sentence.push_str(": ");
        sentence.push_str(&lower_first_word(piece));
    }
    sentence
}

/// `sentence` with its first word in lower case, if that word is plainly
/// capitalised (an upper-case letter, then a lower-case one).
fn lower_first_word(sentence: &str) -> std::borrow::Cow<'_, str> {
    let mut chars = sentence.chars();
    match (chars.next(), chars.next()) {
        (Some(first), Some(second))
            if first.is_ascii_uppercase() && second.is_ascii_lowercase() =>
        {
            format!("{}{}", first.to_ascii_lowercase(), &sentence[1..]).into()
        }
        _ => sentence.into(),
    }
}

/// The game clock as plain durations: time banked while running, and since
/// when it has been running (`None` while stopped).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    banked: Duration,
    since: Option<Instant>,
}

impl Clock {
    pub fn running(now: Instant) -> Clock {
        Clock {
            banked: Duration::ZERO,
            since: Some(now),
        }
    }
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.banked
            + self
                .since
                .map_or(Duration::ZERO, |s| now.saturating_duration_since(s))
    }
    pub fn stop(&mut self, now: Instant) {
        self.banked = self.elapsed(now);
        self.since = None;
    }
    pub fn start(&mut self, now: Instant) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }
}

/// A puzzle being played.
#[derive(Clone, Debug)]
pub struct Game {
    givens: Board,
    board: Board,
    notes: Vec<Candidates>,
    /// Which cells take part in a conflict; recomputed after every change.
    conflicts: Vec<bool>,
    cursor: Cell,
    notes_mode: bool,
    auto_remove_notes: bool,
    wrap: bool,
    difficulty: Option<Difficulty>,
    undo: Vec<Change>,
    redo: Vec<Change>,
    clock: Clock,
    solved: bool,
    hint: Option<Hint>,
    hints_used: u32,
    /// The solve was counted in the statistics: solving again after an
    /// undo or a restart is not a second game.
    solve_counted: bool,
    /// A hint placed digits, or the solver view showed the solution: a
    /// solve sets no best time and extends no streak.
    assisted: bool,
    /// The puzzle's only solution, once known (a background check of a
    /// given puzzle): hints then skip proving it again on every press.
    known_solution: Option<Board>,
    /// Why the givens cannot judge entries (no solution, or several), once
    /// a hint proved it: later presses say so again without searching.
    known_flaw: Option<Advice>,
    /// A background check of the puzzle's solutions is running: hints give
    /// logical steps from the position alone, and never count solutions
    /// themselves (that is what the check is doing, for minutes on a hard
    /// 25x25).
    solutions_checking: bool,
    /// Digits that differ from the solution are marked (the opt-in
    /// `show_mistakes`, as in GNOME Sudoku), and counted as they are made.
    show_mistakes: bool,
    /// Wrong digits entered while mistakes were shown (an undo does not
    /// take one back: it was made).
    mistakes_made: u32,
    /// The search for the solution mistakes are judged by ran out of time
    /// (a large killer): it is not tried again on every key.
    solution_out_of_reach: bool,
    /// Digit-first entry: the digit the player holds, placed (or, in notes
    /// mode, toggled as a note) on each cell they put it on, and highlighted
    /// everywhere on the board while held.
    held: Option<u8>,
    /// The digit last typed, which the pick key holds on an empty cell.
    last_typed: Option<u8>,
    /// Each cell's colour mark, the player's own bookkeeping (colouring
    /// chains, or anything else): 0 for none, else 1 to [`MARK_COLOURS`].
    /// Undoable and saved, but no rule, hint or check looks at it.
    colours: Vec<u8>,
}

impl Game {
    /// A game on `puzzle`: its filled cells are the givens. The clock starts at `now`.
    pub fn new(puzzle: Board, difficulty: Option<Difficulty>, now: Instant) -> Game {
        let cells = puzzle.shape().cell_count();
        let conflicts = puzzle.conflicting_cells();
        let solved = puzzle.is_solved();
        let mut clock = Clock::running(now);
        if solved {
            clock.stop(now);
        }
        Game {
            board: puzzle.clone(),
            givens: puzzle,
            notes: vec![Candidates::NONE; cells],
            conflicts,
            cursor: Cell(0),
            notes_mode: false,
            auto_remove_notes: true,
            wrap: false,
            difficulty,
            undo: Vec::new(),
            redo: Vec::new(),
            clock,
            solved,
            hint: None,
            hints_used: 0,
            solve_counted: solved,
            assisted: false,
            known_solution: None,
            known_flaw: None,
            solutions_checking: false,
            show_mistakes: false,
            mistakes_made: 0,
            solution_out_of_reach: false,
            held: None,
            last_typed: None,
            colours: vec![0; cells],
        }
    }

    /// Tells the game its puzzle's only solution (proved elsewhere), so
    /// hints on a hard large board answer at once.
    pub fn set_known_solution(&mut self, solution: Board) {
        if solution.shape() == self.shape() {
            self.known_solution = Some(solution);
        }
    }

    /// Whether a background check of the puzzle's solutions is running
    /// (see `solutions_checking`).
    pub fn set_solutions_checking(&mut self, running: bool) {
        self.solutions_checking = running;
    }

    /// Whether digits that differ from the solution are marked and counted.
    pub fn set_show_mistakes(&mut self, on: bool) {
        self.show_mistakes = on;
    }
    pub fn shows_mistakes(&self) -> bool {
        self.show_mistakes
    }
    /// Wrong digits entered while mistakes were shown.
    pub fn mistakes_made(&self) -> u32 {
        self.mistakes_made
    }
    /// Whether the cell holds an entry that differs from the solution,
    /// while mistakes are shown and the solution is known.
    pub fn is_mistake(&self, cell: Cell) -> bool {
        self.show_mistakes
            && !self.is_given(cell)
            && self.board.get(cell).is_some()
            && self
                .known_solution
                .as_ref()
                .is_some_and(|solution| solution.get(cell) != self.board.get(cell))
    }
    /// How many wrong digits are on the board now (see [`Game::is_mistake`]).
    pub fn mistakes_on_board(&self) -> usize {
        self.shape().cells().filter(|&c| self.is_mistake(c)).count()
    }
    /// Whether mistakes are to be shown but nothing knows the solution yet
    /// (a resumed game: the deal's solution is not saved), nor is any
    /// check of it running.
    pub fn needs_solution_for_mistakes(&self) -> bool {
        self.show_mistakes
            && self.known_solution.is_none()
            && self.known_flaw.is_none()
            && !self.solutions_checking
            && !self.solved
            && !self.solution_out_of_reach
    }
    /// The search for the solution gave up (see [`Game::needs_solution_for_mistakes`]).
    pub fn give_up_on_solution(&mut self) {
        self.solution_out_of_reach = true;
    }
    pub fn solution_out_of_reach(&self) -> bool {
        self.solution_out_of_reach && self.known_solution.is_none()
    }
    /// Whether the solution is known (mistakes can be marked).
    pub fn knows_solution(&self) -> bool {
        self.known_solution.is_some()
    }

    /// Whether a new entry removes the notes it makes impossible.
    pub fn set_auto_remove_notes(&mut self, on: bool) {
        self.auto_remove_notes = on;
    }
    /// Whether the cursor wraps around the board's edges.
    pub fn set_wrap(&mut self, on: bool) {
        self.wrap = on;
    }

    // ---- reading the state -------------------------------------------------

    pub fn shape(&self) -> Shape {
        self.board.shape()
    }
    /// The board as played: givens and entries.
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn givens(&self) -> &Board {
        &self.givens
    }
    pub fn difficulty(&self) -> Option<Difficulty> {
        self.difficulty
    }
    pub fn is_given(&self, cell: Cell) -> bool {
        !self.givens.is_empty_cell(cell)
    }
    pub fn value(&self, cell: Cell) -> Option<Digit> {
        self.board.get(cell)
    }
    pub fn notes(&self, cell: Cell) -> Candidates {
        self.notes[cell.index()]
    }
    /// The cell's colour mark, 1 to [`MARK_COLOURS`], if it has one.
    pub fn colour(&self, cell: Cell) -> Option<u8> {
        self.colours.get(cell.index()).copied().filter(|&c| c != 0)
    }
    /// Whether any cell has a colour mark.
    pub fn has_colours(&self) -> bool {
        self.colours.iter().any(|&c| c != 0)
    }
    pub fn is_conflict(&self, cell: Cell) -> bool {
        self.conflicts[cell.index()]
    }
    pub fn has_conflicts(&self) -> bool {
        self.conflicts.iter().any(|&c| c)
    }
    pub fn cursor(&self) -> Cell {
        self.cursor
    }
    pub fn notes_mode(&self) -> bool {
        self.notes_mode
    }
    pub fn is_solved(&self) -> bool {
        self.solved
    }
    pub fn hint(&self) -> Option<&Hint> {
        self.hint.as_ref()
    }
    pub fn hints_used(&self) -> u32 {
        self.hints_used
    }
    /// Whether the game had help that gave digits away (see [`Game::mark_assisted`]).
    pub fn is_assisted(&self) -> bool {
        self.assisted
    }
    /// The solution was shown (the solver view solved this puzzle): the
    /// game is assisted from now on.
    pub fn mark_assisted(&mut self) {
        self.assisted = true;
    }
    /// Whether the player has changed anything yet (a game worth asking
    /// about before it is thrown away).
    pub fn is_touched(&self) -> bool {
        self.can_undo() || self.can_redo()
    }
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }
    pub fn elapsed(&self, now: Instant) -> Duration {
        self.clock.elapsed(now)
    }
    pub fn clock_running(&self) -> bool {
        self.clock.is_running()
    }

    // ---- the clock ---------------------------------------------------------

    /// Stops the clock (pause, or the window is hidden).
    pub fn pause(&mut self, now: Instant) {
        self.clock.stop(now);
    }
    /// Starts the clock again, unless the puzzle is solved.
    pub fn resume(&mut self, now: Instant) {
        if !self.solved {
            self.clock.start(now);
        }
    }

    // ---- moving ------------------------------------------------------------

    pub fn move_cursor(&mut self, direction: Direction) -> Outcome {
        let shape = self.shape();
        let n = shape.size();
        let (row, col) = (shape.row(self.cursor), shape.col(self.cursor));
        let step = |v: usize, forward: bool| -> Option<usize> {
            match (forward, self.wrap) {
                (true, _) if v + 1 < n => Some(v + 1),
                (true, true) => Some(0),
                (false, _) if v > 0 => Some(v - 1),
                (false, true) => Some(n - 1),
                _ => None,
            }
        };
        let target = match direction {
            Direction::Up => step(row, false).map(|r| (r, col)),
            Direction::Down => step(row, true).map(|r| (r, col)),
            Direction::Left => step(col, false).map(|c| (row, c)),
            Direction::Right => step(col, true).map(|c| (row, c)),
        };
        match target {
            Some((r, c)) if shape.cell(r, c) != self.cursor => {
                self.cursor = shape.cell(r, c);
                Outcome::Moved
            }
            _ => Outcome::Unchanged,
        }
    }

    /// Moves the cursor to the next cell in reading order (the end of a
    /// row goes on at the start of the next), as typing moves on; the last
    /// cell goes back to the first only where the cursor wraps.
    pub fn advance_cursor(&mut self) -> Outcome {
        let cells = self.shape().cell_count();
        let next = self.cursor.index() + 1;
        let next = match (next < cells, self.wrap) {
            (true, _) => next,
            (false, true) => 0,
            (false, false) => return Outcome::Unchanged,
        };
        self.cursor = Cell(next as u16);
        Outcome::Moved
    }

    /// Moves the cursor to the cell before it in reading order (the
    /// editor's Backspace); wraps to the last cell only when wrapping is on.
    pub fn retreat_cursor(&mut self) -> Outcome {
        let cells = self.shape().cell_count();
        let before = match (self.cursor.index(), self.wrap) {
            (0, true) => cells - 1,
            (0, false) => return Outcome::Unchanged,
            (i, _) => i - 1,
        };
        self.cursor = Cell(before as u16);
        Outcome::Moved
    }

    /// Puts the cursor on `row`, `col` (a mouse click); off the board does nothing.
    pub fn set_cursor(&mut self, row: usize, col: usize) -> Outcome {
        let n = self.shape().size();
        if row >= n || col >= n || self.shape().cell(row, col) == self.cursor {
            return Outcome::Unchanged;
        }
        self.cursor = self.shape().cell(row, col);
        Outcome::Moved
    }

    // ---- editing -----------------------------------------------------------

    /// Types a digit at the cursor: an entry, or in notes mode a pencil mark toggle.
    pub fn input(&mut self, value: u8, now: Instant) -> Outcome {
        if self.digit_on_board(value).is_some() {
            self.last_typed = Some(value);
        }
        self.put_digit(value, now)
    }

    /// An entry, or in notes mode a pencil mark toggle, of `value` at the cursor.
    fn put_digit(&mut self, value: u8, now: Instant) -> Outcome {
        if self.notes_mode {
            self.toggle_note(value, now)
        } else {
            self.enter(value, now)
        }
    }

    /// Puts a digit in the cursor's cell. Entering the digit already there does nothing.
    pub fn enter(&mut self, value: u8, now: Instant) -> Outcome {
        let Some(digit) = self.digit_on_board(value) else {
            return Outcome::Refused("no such digit on this board".into());
        };
        let cell = self.cursor;
        if self.is_given(cell) {
            return Outcome::Refused("a given cannot be changed".into());
        }
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        if self.board.get(cell) == Some(digit) {
            return Outcome::Unchanged;
        }
        let mut staged = Vec::new();
        self.stage_entry(&mut staged, cell, digit);
        let outcome = self.commit(staged, now);
        if self.is_mistake(cell) {
            self.mistakes_made = self.mistakes_made.saturating_add(1);
        }
        outcome
    }

    /// Stages an entry and, if switched on, the removal of the notes it makes impossible.
    fn stage_entry(&mut self, staged: &mut Vec<CellEdit>, cell: Cell, digit: Digit) {
        let entry = CellState {
            value: Some(digit),
            notes: Candidates::NONE,
        };
        self.stage(staged, cell, entry);
        if self.auto_remove_notes {
            let shape = self.shape();
            // A killer's cage mates too: a digit never repeats in a cage.
            let cage = |p: Cell| {
                let cages = self.board.cages()?;
                Some(cages.cage_of(p)? == cages.cage_of(cell)? && p != cell)
            };
            let peers: Vec<Cell> = shape
                .cells()
                .filter(|&p| shape.sees(cell, p) || cage(p) == Some(true))
                .collect();
            for peer in peers {
                let mut notes = self.notes[peer.index()];
                if notes.contains(digit) {
                    notes.remove(digit);
                    let value = self.board.get(peer);
                    self.stage(staged, peer, CellState { value, notes });
                }
            }
        }
    }

    /// Clears the cursor's cell: its entry, else its notes.
    pub fn erase(&mut self, now: Instant) -> Outcome {
        let cell = self.cursor;
        if self.is_given(cell) {
            return Outcome::Refused("a given cannot be changed".into());
        }
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        let before = self.state(cell);
        let after = if before.value.is_some() {
            CellState {
                value: None,
                ..before
            }
        } else {
            CellState {
                value: None,
                notes: Candidates::NONE,
            }
        };
        if after == before {
            return Outcome::Unchanged;
        }
        let mut staged = Vec::new();
        self.stage(&mut staged, cell, after);
        self.commit(staged, now)
    }

    /// Toggles a pencil mark in the cursor's cell (empty cells only).
    pub fn toggle_note(&mut self, value: u8, now: Instant) -> Outcome {
        let Some(digit) = self.digit_on_board(value) else {
            return Outcome::Refused("no such digit on this board".into());
        };
        let cell = self.cursor;
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        if self.board.get(cell).is_some() {
            return Outcome::Refused("notes go in empty cells".into());
        }
        let mut notes = self.notes[cell.index()];
        if notes.contains(digit) {
            notes.remove(digit);
        } else {
            notes.insert(digit);
        }
        let mut staged = Vec::new();
        self.stage(&mut staged, cell, CellState { value: None, notes });
        self.commit(staged, now)
    }

    // ---- digit-first entry -------------------------------------------------

    /// The digit held for digit-first entry, if any.
    pub fn held_digit(&self) -> Option<u8> {
        self.held
    }

    /// The pick key: holds the digit under the cursor (on an empty cell,
    /// the digit last typed); pressed again, except on another digit, it
    /// drops the digit held.
    pub fn pick_digit(&mut self) -> Outcome {
        let under = self.board.get(self.cursor).map(Digit::get);
        match (self.held, under) {
            (Some(held), Some(under)) if held != under => self.held = Some(under),
            (Some(_), _) => self.held = None,
            (None, Some(under)) => self.held = Some(under),
            (None, None) => match self.last_typed {
                Some(typed) => self.held = Some(typed),
                None => {
                    return Outcome::Refused(
                        "no digit to hold: pick on a cell with one, or type one first".into(),
                    )
                }
            },
        }
        Outcome::Changed
    }

    /// Lets go of the digit held; `false` if none was.
    pub fn drop_digit(&mut self) -> bool {
        self.held.take().is_some()
    }

    /// Puts the digit held on the cursor's cell as if typed there: an
    /// entry, or in notes mode a note toggled (undoable as any entry).
    pub fn place_held(&mut self, now: Instant) -> Outcome {
        match self.held {
            Some(digit) => self.put_digit(digit, now),
            None => Outcome::Unchanged,
        }
    }

    pub fn toggle_notes_mode(&mut self) -> Outcome {
        self.notes_mode = !self.notes_mode;
        Outcome::Changed
    }

    // ---- colour marks ------------------------------------------------------

    /// The colour key: gives the cursor's cell the next colour mark (none,
    /// then 1 to [`MARK_COLOURS`], then none again). Any cell takes one, a
    /// given too; digits, notes and the held digit stay as they are.
    pub fn cycle_colour(&mut self) -> Outcome {
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        let cell = self.cursor;
        let before = self.colours[cell.index()];
        let after = if before >= MARK_COLOURS {
            0
        } else {
            before + 1
        };
        let mut staged = Vec::new();
        self.stage_colour(&mut staged, cell, after);
        self.commit_colours(staged)
    }

    /// Takes every colour mark off the board, as one undoable change.
    pub fn clear_colours(&mut self) -> Outcome {
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        let mut staged = Vec::new();
        self.stage_no_colours(&mut staged);
        self.commit_colours(staged)
    }

    /// Changes a cell's colour mark now and records it in `staged`.
    fn stage_colour(&mut self, staged: &mut Vec<ColourEdit>, cell: Cell, after: u8) {
        let before = self.colours[cell.index()];
        if before != after {
            staged.push(ColourEdit {
                cell,
                before,
                after,
            });
            self.colours[cell.index()] = after;
        }
    }

    fn stage_no_colours(&mut self, staged: &mut Vec<ColourEdit>) {
        for cell in self.shape().cells() {
            self.stage_colour(staged, cell, 0);
        }
    }

    /// Records staged colour edits as one undoable change. The position is
    /// as it was: a hint on show stays, and nothing is solved or unsolved.
    fn commit_colours(&mut self, colours: Vec<ColourEdit>) -> Outcome {
        if colours.is_empty() {
            return Outcome::Unchanged;
        }
        self.undo.push(Change {
            edits: Vec::new(),
            colours,
            cursor: self.cursor,
            clock_reset: None,
        });
        self.redo.clear();
        Outcome::Changed
    }

    /// Fills every empty cell's notes with the digits its houses still allow.
    pub fn fill_candidates(&mut self, now: Instant) -> Outcome {
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        let mut staged = Vec::new();
        for cell in self.shape().cells() {
            let notes = self.board.candidates(cell);
            if self.board.is_empty_cell(cell) && notes != self.notes[cell.index()] {
                self.stage(&mut staged, cell, CellState { value: None, notes });
            }
        }
        self.commit(staged, now)
    }

    /// Clears every entry, note and colour mark, back to the givens, and
    /// sets the clock to zero. Undoable: undo gives the time back too.
    pub fn restart(&mut self, now: Instant) -> Outcome {
        let mut staged = Vec::new();
        for cell in self.shape().cells() {
            if !self.is_given(cell) && self.state(cell) != EMPTY {
                self.stage(&mut staged, cell, EMPTY);
            }
        }
        let mut colours = Vec::new();
        self.stage_no_colours(&mut colours);
        let played = self.clock.elapsed(now);
        let outcome = if staged.is_empty() {
            self.commit_colours(colours)
        } else {
            let outcome = self.commit(staged, now);
            if let Some(change) = self.undo.last_mut() {
                change.colours = colours;
            }
            outcome
        };
        self.clock = Clock::running(now);
        if let Some(change) = self
            .undo
            .last_mut()
            .filter(|_| outcome != Outcome::Unchanged)
        {
            change.clock_reset = Some(played);
        }
        self.resume(now);
        if outcome == Outcome::Unchanged && played > Duration::ZERO {
            // Nothing to clear, but the clock went back to zero.
            return Outcome::Changed;
        }
        outcome
    }

    pub fn undo(&mut self, now: Instant) -> Outcome {
        let Some(change) = self.undo.pop() else {
            return Outcome::Unchanged;
        };
        for edit in change.edits.iter().rev() {
            self.put(edit.cell, edit.before);
        }
        for edit in change.colours.iter().rev() {
            self.colours[edit.cell.index()] = edit.before;
        }
        if let Some(played) = change.clock_reset {
            // Undoing a restart: the time it took away comes back.
            self.clock.banked += played;
        }
        self.cursor = change.cursor;
        self.redo.push(change);
        self.after_change(now)
    }

    pub fn redo(&mut self, now: Instant) -> Outcome {
        let Some(mut change) = self.redo.pop() else {
            return Outcome::Unchanged;
        };
        if change.clock_reset.is_some() {
            // Redoing a restart sets the clock to zero again.
            change.clock_reset = Some(self.clock.elapsed(now));
            let running = self.clock.is_running();
            self.clock = Clock::running(now);
            if !running {
                self.clock.stop(now);
            }
        }
        for edit in &change.edits {
            self.put(edit.cell, edit.after);
        }
        for edit in &change.colours {
            self.colours[edit.cell.index()] = edit.after;
        }
        self.cursor = change.cursor;
        self.undo.push(change);
        self.after_change(now)
    }

    // ---- hints -------------------------------------------------------------

    /// The hint key, in three presses: the first names the technique and
    /// where to look ([`HintLevel::Summary`]), the second highlights the
    /// cells and explains ([`HintLevel::Detail`]), the third applies it as
    /// one undoable change.
    pub fn hint_or_apply(&mut self, now: Instant) -> Outcome {
        self.hint_or_apply_with(now, None)
    }

    /// [`Game::hint_or_apply`], taking the hint from `ready` (worked out
    /// ahead on another thread) when it answers this position's request;
    /// otherwise it is worked out here.
    pub fn hint_or_apply_with(&mut self, now: Instant, ready: Option<HintAnswer>) -> Outcome {
        if self.solved {
            return Outcome::Refused("the puzzle is solved".into());
        }
        match self.hint.as_mut() {
            Some(hint) if hint.level == HintLevel::Summary => {
                hint.level = HintLevel::Detail;
                let focus = hint.placements.first().map(|&(c, _)| c);
                if let Some(cell) = focus.or(hint.cells.first().copied()) {
                    self.cursor = cell;
                }
                return Outcome::HintShown;
            }
            Some(_) => {
                let hint = self.hint.take();
                return match hint {
                    Some(hint) => self.apply_hint(&hint, now),
                    None => Outcome::Unchanged,
                };
            }
            None => {}
        }
        let request = self.hint_request();
        let answer = match ready.filter(|answer| answer.answers(&request)) {
            Some(answer) => answer,
            None => request.answer(None),
        };
        self.learn(answer.proved());
        match answer.hint {
            Ok(hint) => {
                self.hints_used += 1;
                self.hint = Some(hint);
                Outcome::HintShown
            }
            Err(why) => Outcome::Refused(why),
        }
    }

    /// Forgets a shown hint without applying it.
    pub fn dismiss_hint(&mut self) {
        self.hint = None;
    }

    fn apply_hint(&mut self, hint: &Hint, now: Instant) -> Outcome {
        let mut staged = Vec::new();
        for &cell in &hint.erasures {
            if !self.is_given(cell) {
                let wrong = self.board.get(cell);
                self.stage(&mut staged, cell, EMPTY);
                if let Some(digit) = wrong {
                    self.restore_notes_of(&mut staged, cell, digit);
                }
            }
        }
        for &cell in &hint.refill_notes {
            let notes = self.board.candidates(cell);
            self.stage(&mut staged, cell, CellState { value: None, notes });
        }
        for &(cell, notes) in &hint.candidates {
            if self.board.is_empty_cell(cell) && self.notes[cell.index()].is_empty() {
                self.stage(&mut staged, cell, CellState { value: None, notes });
            }
        }
        for &(cell, digit) in &hint.eliminations {
            let mut notes = self.notes[cell.index()];
            if notes.is_empty() {
                // No notes yet: write the cell's candidates so the
                // elimination shows.
                notes = self.board.candidates(cell);
            }
            if notes.contains(digit) {
                notes.remove(digit);
                let value = self.board.get(cell);
                self.stage(&mut staged, cell, CellState { value, notes });
            }
        }
        for &(cell, digit) in &hint.placements {
            if !self.is_given(cell) && self.board.get(cell) != Some(digit) {
                self.cursor = cell;
                self.stage_entry(&mut staged, cell, digit);
                // The hint gave a digit away.
                self.assisted = true;
            }
        }
        self.commit(staged, now)
    }

    /// A wrong `digit` just erased from `cell`: its peers that have notes
    /// get it back wherever their houses now allow it. Those notes were
    /// written while the wrong digit stood (by `c`, or removed by its
    /// entry), and without it they would be wrong notes, which the next
    /// hint would blame on the player.
    fn restore_notes_of(&mut self, staged: &mut Vec<CellEdit>, cell: Cell, digit: Digit) {
        let shape = self.shape();
        for peer in shape.cells().filter(|&p| shape.sees(cell, p)) {
            let mut notes = self.notes[peer.index()];
            let allowed = self.board.candidates(peer).contains(digit);
            if self.board.is_empty_cell(peer)
                && !notes.is_empty()
                && !notes.contains(digit)
                && allowed
            {
                notes.insert(digit);
                self.stage(staged, peer, CellState { value: None, notes });
            }
        }
    }

    /// What the game knows of its puzzle's solutions, for hints.
    fn knowledge(&self) -> Knowledge {
        match (&self.known_solution, &self.known_flaw) {
            (Some(solution), _) => Knowledge::Solution(solution.clone()),
            _ if self.solutions_checking => Knowledge::Checking,
            (None, Some(flaw)) => Knowledge::Flaw(flaw.clone()),
            (None, None) => Knowledge::Unproven,
        }
    }

    /// Keeps what a hint proved of the puzzle's solutions (a resumed
    /// game's first hint), so later hints do not prove it again (up to a
    /// second on a hard 25x25).
    fn learn(&mut self, proved: Option<&Knowledge>) {
        if self.knowledge() != Knowledge::Unproven {
            return;
        }
        match proved {
            Some(Knowledge::Solution(solution)) => self.known_solution = Some(solution.clone()),
            Some(Knowledge::Flaw(flaw)) => self.known_flaw = Some(flaw.clone()),
            _ => {}
        }
    }

    /// What the hint of the position on the board depends on.
    pub fn hint_request(&self) -> HintRequest {
        HintRequest {
            givens: self.givens.clone(),
            board: self.board.clone(),
            notes: self.notes.clone(),
            knowledge: self.knowledge(),
        }
    }

    /// The request the hint key will next need worked out: this
    /// position's, or, while a hint is shown, the position after it is
    /// applied (the key's next presses show more of it, then apply it).
    /// `None` once the puzzle is solved.
    pub fn upcoming_hint_request(&self, now: Instant) -> Option<HintRequest> {
        if self.solved {
            return None;
        }
        let Some(hint) = &self.hint else {
            return Some(self.hint_request());
        };
        let mut after = self.clone();
        after.hint = None;
        after.apply_hint(hint, now);
        (!after.solved).then(|| after.hint_request())
    }

    /// Whether hints know the puzzle's verdict without searching: its one
    /// solution, or that it has none or several.
    pub fn knows_solutions(&self) -> bool {
        self.known_solution.is_some() || self.known_flaw.is_some()
    }

    // ---- plumbing ----------------------------------------------------------

    fn digit_on_board(&self, value: u8) -> Option<Digit> {
        Digit::new(value).filter(|d| d.get() as usize <= self.shape().size())
    }

    fn state(&self, cell: Cell) -> CellState {
        CellState {
            value: self.board.get(cell),
            notes: self.notes[cell.index()],
        }
    }

    /// Changes a cell now and records the change in `staged`, so edits that
    /// touch the same cell twice still undo in order.
    fn stage(&mut self, staged: &mut Vec<CellEdit>, cell: Cell, after: CellState) {
        staged.push(CellEdit {
            cell,
            before: self.state(cell),
            after,
        });
        self.put(cell, after);
    }

    fn put(&mut self, cell: Cell, state: CellState) {
        self.board.set(cell, state.value);
        self.notes[cell.index()] = state.notes;
    }

    /// Records staged (already applied) edits as one undoable change.
    fn commit(&mut self, edits: Vec<CellEdit>, now: Instant) -> Outcome {
        if edits.is_empty() {
            return Outcome::Unchanged;
        }
        self.undo.push(Change {
            edits,
            colours: Vec::new(),
            cursor: self.cursor,
            clock_reset: None,
        });
        self.redo.clear();
        self.after_change(now)
    }

    fn after_change(&mut self, now: Instant) -> Outcome {
        self.hint = None;
        self.conflicts = self.board.conflicting_cells();
        let was_solved = self.solved;
        self.solved = self.board.is_full() && !self.has_conflicts();
        if self.solved && !was_solved {
            self.clock.stop(now);
            if self.solve_counted {
                return Outcome::SolvedAgain;
            }
            self.solve_counted = true;
            return Outcome::Solved;
        }
        if was_solved && !self.solved {
            // Undo after a win: the game goes on.
            self.clock.start(now);
        }
        Outcome::Changed
    }
}

const EMPTY: CellState = CellState {
    value: None,
    notes: Candidates::NONE,
};

/// Whether two cells share a house (or are one cell), for highlighting
/// the cursor's row, column, box and a variant's other houses.
pub fn same_house(shape: Shape, a: Cell, b: Cell) -> bool {
    a == b || shape.sees(a, b)
}

#[cfg(test)]
mod step_text_tests {
    use super::{explanation_sentence, step_line};

    #[test]
    fn a_step_line_keeps_a_forcing_chain_one_branch_a_line() {
        let words = "If r1c1=1, r1c2<>1 so r1c2=5\nIf r1c1=2, r1c2<>2\nEither way r1c2<>3";
        assert_eq!(
            step_line("cell forcing chain", words),
            "cell forcing chain: if r1c1=1, r1c2<>1 so r1c2=5\nif r1c1=2, r1c2<>2\neither way r1c2<>3"
        );
        assert_eq!(
            super::one_line(&step_line("cell forcing chain", words)),
            "cell forcing chain: if r1c1=1, r1c2<>1 so r1c2=5; if r1c1=2, r1c2<>2; either way r1c2<>3"
        );
    }

    #[test]
    fn a_step_line_goes_on_in_lower_case_after_every_colon() {
        assert_eq!(
            step_line("hidden single", "In box 7, 7 can only go in r9c3"),
            "hidden single: in box 7, 7 can only go in r9c3"
        );
        assert_eq!(
            step_line(
                "nested forcing chain",
                "r4c2<>9: If r4c2=9, r4c2<>4. So r4c2<>9"
            ),
            "nested forcing chain: r4c2<>9: if r4c2=9, r4c2<>4. So r4c2<>9"
        );
        // Names that are not plainly capitalised words stay as written.
        assert_eq!(
            step_line("xy-wing", "XY-wing: BUG"),
            "xy-wing: XY-wing: BUG"
        );
    }

    #[test]
    fn an_explanation_under_its_title_keeps_its_capital_only() {
        assert_eq!(
            explanation_sentence("In box 7, 7 can only go in r9c3"),
            "In box 7, 7 can only go in r9c3"
        );
        assert_eq!(
            explanation_sentence("r6c3<>4: If r6c3=4, r6c3<>7: Either way"),
            "r6c3<>4: if r6c3=4, r6c3<>7: either way"
        );
    }
}
