//! The deal queue: the size and difficulty of the next deal, and the puzzle
//! being dealt off the UI thread, so a slow 16x16 or 25x25 deal never freezes
//! the screen. A deal that is no longer wanted (another `g`, the app
//! quitting) is cancelled, so stale deals do not pile up on the cores.

mod killer;

use crate::config::Config;
use crate::engine::generator::rules_for_deal;
use crate::engine::generator::{
    generate_unless_cancelled, hardest_dealable, GenerateError, Symmetry,
};
use crate::engine::grader::{grade, Difficulty, FORCING_MAX_SIZE};
use crate::engine::{Board, Named, Shape, Variant};
pub use crate::storage::variant_words;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, TryRecvError};
use std::sync::Arc;
use std::thread;
use std::time::Instant;

/// What is dealt next, and the deal in progress.
pub struct DealQueue {
    /// Size, boxes and difficulty of the next deal (`z`, `L`, `d`).
    pub next_size: usize,
    /// A Latin square (no boxes), not a sudoku.
    pub next_latin: bool,
    pub next_difficulty: Difficulty,
    /// The rules of the next deal (`v`): classic, X, windoku, jigsaw, ...
    pub next_variant: Variant,
    /// The run's stream of deal seeds: deal k is seeded by its k-th draw,
    /// exactly as `doku generate --seed S` seeds its k-th puzzle, so
    /// `play --seed S` deals what `generate --seed S` prints.
    seeds: ChaCha8Rng,
    in_flight: Option<Dealing>,
    /// No game yet: the first deal is still running.
    awaiting_first: bool,
    /// A message held back until the first deal arrives (what became of
    /// the saved game), so the deal does not wipe it.
    held_message: Option<String>,
}

/// The board dealt at `size`: a Latin square (no boxes) when `latin`, else
/// a sudoku with the standard boxes. `Err` for a size that is neither.
pub fn deal_shape(size: usize, latin: bool) -> Result<Shape, crate::engine::shape::ShapeError> {
    if latin {
        Shape::latin(size)
    } else {
        Shape::sudoku(size)
    }
}

/// What [`DealQueue::poll`] found.
// A board carries its rules (a jigsaw map is ~130 bytes): one of these
// crosses a channel per deal, so boxing it would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum Arrival {
    /// A puzzle, with the message held for the first deal, if any.
    Dealt(Dealt, Option<String>),
    /// The dealing thread died (a bug in the generator); the game goes on.
    Failed,
}

impl DealQueue {
    /// The config's next size and difficulty; `seed` seeds the deals (the
    /// same stream as `doku generate --seed`).
    pub fn new(config: &Config, seed: u64) -> DealQueue {
        DealQueue {
            next_size: config.size,
            next_latin: config.latin,
            next_difficulty: config.difficulty,
            next_variant: config.variant,
            seeds: ChaCha8Rng::seed_from_u64(seed),
            in_flight: None,
            awaiting_first: false,
            held_message: None,
        }
    }

    /// The board of the next deal: a sudoku or a Latin square of the next
    /// size (`Err` for a size that is neither, which the config refuses).
    pub fn next_shape(&self) -> Result<Shape, crate::engine::shape::ShapeError> {
        deal_shape(self.next_size, self.next_latin)
    }

    /// Starts dealing a puzzle of the next size and difficulty, cancelling
    /// the one in progress. False when the next size is no sudoku size.
    pub fn start(&mut self) -> bool {
        let Ok(shape) = self.next_shape() else {
            return false;
        };
        let seed = self.seeds.random();
        // Replacing the deal drops it, which cancels its thread.
        self.in_flight = Some(Dealing::start(
            shape,
            self.next_dealt_variant(),
            self.next_difficulty,
            seed,
        ));
        true
    }

    /// Starts the deal of the first game: until it arrives there is nothing to play.
    pub fn start_first(&mut self) {
        self.awaiting_first = self.start();
    }

    /// Whether the first puzzle is still being dealt.
    pub fn awaiting_first(&self) -> bool {
        self.awaiting_first
    }

    /// Holds `message` until the first deal arrives, or returns it when
    /// there is no first deal to wait for.
    pub fn hold_for_first(&mut self, message: Option<String>) -> Option<String> {
        if self.awaiting_first {
            self.held_message = message;
            None
        } else {
            message
        }
    }

    /// Drops the deal in progress (a puzzle of the player's own replaces
    /// it); its thread is cancelled.
    pub fn cancel(&mut self) {
        self.in_flight = None;
        self.awaiting_first = false;
    }

    /// The deal in progress.
    pub fn in_flight(&self) -> Option<&Dealing> {
        self.in_flight.as_ref()
    }

    /// A finished (or failed) deal, once.
    pub fn poll(&mut self) -> Option<Arrival> {
        let arrival = match self.in_flight.as_ref()?.poll() {
            DealState::Working => return None,
            DealState::Done(dealt) => Arrival::Dealt(dealt, self.held_message.take()),
            DealState::Failed => Arrival::Failed,
        };
        self.in_flight = None;
        self.awaiting_first = false;
        Some(arrival)
    }

    /// The next difficulty in the cycle; returns the status-line message.
    pub fn cycle_difficulty(&mut self) -> String {
        self.next_difficulty = self.next_difficulty.next();
        self.unless_out_of_reach(format!("next deal: {}", self.next_difficulty))
    }

    /// The next board size in the cycle (`forward`, or back); returns the
    /// status-line message.
    pub fn cycle_size(&mut self, forward: bool) -> String {
        self.next_size = crate::game::prefs::next_size(self.next_size, forward);
        self.unless_out_of_reach(format!("next deal: {}", self.next_board()))
    }

    /// The next variant in the cycle; returns the status-line message.
    pub fn cycle_variant(&mut self) -> String {
        self.next_variant = self.next_variant.next();
        self.unless_out_of_reach(format!("next deal: {}", self.next_board()))
    }

    /// Why the chosen variant cannot be dealt at the next size, if it cannot.
    pub fn variant_unplayable(&self) -> Option<String> {
        self.next_variant
            .undealable_on(self.next_size, self.next_latin)
    }

    /// The variant the next deal will have: the one chosen, or classic
    /// where it cannot be played at the next size (windoku on 6x6); the
    /// choice itself is kept for the sizes it fits.
    pub fn next_dealt_variant(&self) -> Variant {
        if self.variant_unplayable().is_some() {
            Variant::Classic
        } else {
            self.next_variant
        }
    }

    /// Latin squares next, or sudokus again; returns the status-line message.
    pub fn toggle_latin(&mut self) -> String {
        self.next_latin = !self.next_latin;
        if !self.next_latin && Shape::sudoku(self.next_size).is_err() {
            // A Latin 7x7 has no sudoku of its size: the next size up that has.
            let sizes = crate::config::SIZES;
            self.next_size = sizes
                .iter()
                .copied()
                .find(|&s| s > self.next_size)
                .unwrap_or(sizes[sizes.len() - 1]);
        }
        self.unless_out_of_reach(if self.next_latin {
            format!("next deal: {}", self.next_board())
        } else {
            format!("next deal: {} sudoku", self.next_board())
        })
    }

    /// The difficulty the next deal will have: the one chosen, or the
    /// hardest its board is dealt at when that is easier (extreme needs
    /// forcing chains, which run on boards up to 9x9). The choice itself is
    /// kept for smaller boards.
    pub fn next_dealt_difficulty(&self) -> Difficulty {
        match self.next_shape() {
            Ok(shape) => self.next_difficulty.min(dealt_ceiling(shape)),
            Err(_) => self.next_difficulty,
        }
    }

    /// The next deal in words, as it will be dealt: "9x9 Latin extreme",
    /// "16x16 expert" (with extreme chosen).
    pub fn next_deal(&self) -> String {
        format!("{} {}", self.next_board(), self.next_dealt_difficulty())
    }

    /// `message`, or when the next deal will be easier than chosen, what
    /// will be dealt and why ("next deal: 16x16 expert (extreme is for 9x9
    /// and smaller)"), so the panel and the deal hold no surprise.
    fn unless_out_of_reach(&self, message: String) -> String {
        if let Some(why) = self.variant_unplayable() {
            return format!("next deal: {} ({why})", self.next_deal());
        }
        if self.next_dealt_difficulty() == self.next_difficulty {
            return message;
        }
        let n = self.next_size;
        if n <= EASY_ONLY_SIZE {
            return format!(
                "next deal: {} (a {n}x{n} has no {} puzzles)",
                self.next_deal(),
                self.next_difficulty
            );
        }
        format!(
            "next deal: {} ({} is for {max}x{max} and smaller)",
            self.next_deal(),
            self.next_difficulty,
            max = FORCING_MAX_SIZE
        )
    }

    /// The next deal's board in words: "9x9", "9x9 Latin", "9x9 jigsaw".
    pub fn next_board(&self) -> String {
        board_words(self.next_size, self.next_latin, self.next_dealt_variant())
    }
}

/// Boards this small are dealt easy only: no carving of a 4x4 needs more
/// than singles (`doku generate --size 4 --difficulty medium` gives up
/// after 20,000), so offering medium would promise what never comes.
const EASY_ONLY_SIZE: usize = 4;

/// The hardest level the game deals on `shape`, and so offers: what the
/// generator reaches ([`hardest_dealable`]), and easy on the smallest boards.
fn dealt_ceiling(shape: Shape) -> Difficulty {
    if shape.size() <= EASY_ONLY_SIZE {
        Difficulty::Easy
    } else {
        hardest_dealable(shape)
    }
}

/// A board in words: "9x9", "9x9 Latin", "9x9 jigsaw", "9x9 windoku X",
/// "6x6 Latin X".
pub fn board_words(size: usize, latin: bool, variant: Variant) -> String {
    let n = size;
    let mut words = format!("{n}x{n}");
    if latin {
        words.push_str(" Latin");
    }
    let rules = variant_words(variant);
    if !rules.is_empty() {
        words.push(' ');
        words.push_str(rules);
    }
    words
}

/// A puzzle being dealt on another thread; dropping it cancels the thread.
pub struct Dealing {
    /// The board without its variant's rules (a jigsaw's regions are drawn
    /// on the thread).
    pub shape: Shape,
    pub variant: Variant,
    pub difficulty: Difficulty,
    pub started: Instant,
    receiver: Receiver<Dealt>,
    cancel: Arc<AtomicBool>,
}

/// A dealt puzzle and the difficulty it really has.
pub struct Dealt {
    pub puzzle: Board,
    pub difficulty: Difficulty,
    /// Its only solution, as the generator found it: the game's hints use
    /// it instead of counting and solving again on every press (up to a
    /// second each on a 25x25).
    pub solution: Option<Board>,
    /// Why the puzzle is not of the difficulty asked for, when it was out
    /// of reach on the size (extreme above 9x9): for the status line.
    pub note: Option<String>,
}

/// How a deal went, when asked.
#[allow(clippy::large_enum_variant)] // as Arrival: one per deal
enum DealState {
    Working,
    Done(Dealt),
    /// The dealing thread ended without a puzzle.
    Failed,
}

impl Dealing {
    fn start(shape: Shape, variant: Variant, difficulty: Difficulty, seed: u64) -> Dealing {
        // What the panel promised (see `DealQueue::next_dealt_difficulty`).
        let difficulty = difficulty.min(dealt_ceiling(shape));
        let (sender, receiver) = channel();
        let cancel = Arc::new(AtomicBool::new(false));
        let cancelled = Arc::clone(&cancel);
        thread::spawn(move || {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            // The rules first, from the same seed: a seed reproduces a
            // jigsaw's layout as well as its givens. A variant the size
            // cannot take was turned to classic before; this cannot fail.
            let Ok(rules) = rules_for_deal(shape, variant, &mut rng) else {
                return;
            };
            let dealt = if variant.is_killer() {
                // The seam: see `deal/killer.rs`.
                killer::deal_killer(rules, difficulty, &mut rng, &cancelled)
            } else {
                deal_unless_cancelled(rules, difficulty, &mut rng, &cancelled)
            };
            if let Some(dealt) = dealt {
                // The app may have quit meanwhile; nobody listens then.
                let _ = sender.send(dealt);
            }
        });
        Dealing {
            shape,
            variant,
            // What it will be: the thread says why, if it is not the one asked.
            difficulty: difficulty.min(dealt_ceiling(shape)),
            started: Instant::now(),
            receiver,
            cancel,
        }
    }

    /// The board being dealt in words: "9x9", "9x9 jigsaw", "6x6 Latin X".
    pub fn label(&self) -> String {
        if self.variant == Variant::Classic {
            super::view::shape_label(self.shape)
        } else {
            board_words(self.shape.size(), self.shape.is_latin(), self.variant)
        }
    }

    fn poll(&self) -> DealState {
        match self.receiver.try_recv() {
            Ok(dealt) => DealState::Done(dealt),
            Err(TryRecvError::Empty) => DealState::Working,
            Err(TryRecvError::Disconnected) => DealState::Failed,
        }
    }
}

impl Drop for Dealing {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// [`deal`], giving up (`None`) soon after `cancel` is set: the generator
/// reads the flag between clue removals, so a deal no longer wanted stops
/// within one uniqueness proof or grading rather than running to its end.
fn deal_unless_cancelled(
    shape: Shape,
    difficulty: Difficulty,
    rng: &mut impl Rng,
    cancel: &AtomicBool,
) -> Option<Dealt> {
    deal_with(
        shape,
        difficulty,
        rng,
        cancel,
        |shape, target, rng, cancel| {
            generate_unless_cancelled(shape, target, Symmetry::Rotate180, rng, cancel)
        },
    )
}

/// A generator's answer for `shape` at a difficulty (`None`: any), given
/// up soon after `cancel` is set.
type Generation = Result<crate::engine::generator::Generated, GenerateError>;

/// [`deal_unless_cancelled`] with `generate` making the puzzles: a level
/// out of reach is traded for the hardest there is, and a level that does
/// not turn up for any, labelled with the grade it has.
fn deal_with<R: Rng>(
    shape: Shape,
    difficulty: Difficulty,
    rng: &mut R,
    cancel: &AtomicBool,
    mut generate: impl FnMut(Shape, Option<Difficulty>, &mut R, &AtomicBool) -> Generation,
) -> Option<Dealt> {
    let mut target = difficulty;
    let mut note = None;
    loop {
        match generate(shape, Some(target), rng, cancel) {
            Ok(generated) => {
                return Some(Dealt {
                    puzzle: generated.puzzle,
                    difficulty: target,
                    solution: Some(generated.solution),
                    note,
                })
            }
            Err(GenerateError::Cancelled) => return None,
            // Refused at once (extreme above 9x9): the hardest there is
            // instead, and the status line says why.
            Err(GenerateError::OutOfReach { hardest, .. }) if note.is_none() => {
                // Short enough for the status line at 80 columns.
                note = Some(format!(
                    "{target} is for {max}x{max} and smaller: dealt {hardest}",
                    max = FORCING_MAX_SIZE
                ));
                target = hardest;
            }
            Err(GenerateError::GaveUp { .. } | GenerateError::OutOfReach { .. }) => break,
        }
    }
    let (puzzle, solution) = match generate(shape, None, rng, cancel) {
        Ok(generated) => (generated.puzzle, Some(generated.solution)),
        Err(GenerateError::Cancelled) => return None,
        // Unreachable with no target level; an empty board still plays.
        Err(GenerateError::GaveUp { .. } | GenerateError::OutOfReach { .. }) => {
            (Board::empty(shape), None)
        }
    };
    let difficulty = grade(&puzzle).difficulty;
    if difficulty != target && note.is_none() {
        // The panel promised the level asked for; say why this one came.
        note = Some(format!(
            "no {target} {size}x{size} turned up: dealt {difficulty}",
            size = shape.size()
        ));
    }
    (!cancel.load(Ordering::Relaxed)).then_some(Dealt {
        puzzle,
        difficulty,
        solution,
        note,
    })
}

/// A puzzle with exactly one solution at `difficulty`; when the generator
/// finds none at that level (a 4x4 rarely needs more than singles), any
/// level, labelled with the grade it really has.
pub fn deal(shape: Shape, difficulty: Difficulty, rng: &mut impl Rng) -> Dealt {
    let never = AtomicBool::new(false);
    match deal_unless_cancelled(shape, difficulty, rng, &never) {
        Some(dealt) => dealt,
        // Unreachable: nothing cancels it.
        None => Dealt {
            puzzle: Board::empty(shape),
            difficulty,
            solution: None,
            note: None,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deal_has_exactly_one_solution_and_an_honest_label() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for (size, level) in [(4, Difficulty::Expert), (9, Difficulty::Easy)] {
            let shape = Shape::sudoku(size).expect("sudoku size");
            let dealt = deal(shape, level, &mut rng);
            assert!(dealt.puzzle.is_uniquely_solvable(), "{size}x{size}");
            assert!(dealt.puzzle.filled_count() < shape.cell_count());
            assert_eq!(dealt.difficulty, grade(&dealt.puzzle).difficulty);
            // The solution the hints will use is the puzzle's own.
            let solution = dealt
                .solution
                .expect("a dealt puzzle comes with its solution");
            assert_eq!(dealt.puzzle.solution(), Some(solution));
        }
    }

    #[test]
    fn a_level_a_small_board_hardly_has_is_dealt_easier_and_says_why() {
        // The generator gives up on a medium 4x4 (see `doku generate`).
        let shape = Shape::sudoku(4).expect("sudoku size");
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let dealt = deal(shape, Difficulty::Medium, &mut rng);
        assert_ne!(dealt.difficulty, Difficulty::Medium);
        let note = dealt.note.expect("the status line says why");
        assert!(
            note.contains("medium 4x4") && note.ends_with(&format!("dealt {}", dealt.difficulty)),
            "{note}"
        );
    }

    #[test]
    fn an_extreme_deal_above_9x9_deals_expert_and_says_why() {
        let shape = Shape::sudoku(16).expect("sudoku size");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let dealt = deal(shape, Difficulty::Extreme, &mut rng);
        assert_eq!(dealt.difficulty, Difficulty::Expert);
        assert_eq!(grade(&dealt.puzzle).difficulty, Difficulty::Expert);
        let note = dealt.note.expect("the status line says why");
        assert!(
            note.contains("extreme") && note.contains("9x9") && note.ends_with("dealt expert"),
            "{note}"
        );
        // A deal in reach carries no note.
        let nine = Shape::sudoku(9).expect("sudoku size");
        assert_eq!(deal(nine, Difficulty::Easy, &mut rng).note, None);
    }

    #[test]
    fn a_cancelled_deal_gives_up_and_sends_nothing() {
        let shape = Shape::sudoku(4).expect("sudoku size");
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let cancel = AtomicBool::new(true);
        assert!(deal_unless_cancelled(shape, Difficulty::Easy, &mut rng, &cancel).is_none());

        let dealing = Dealing::start(shape, Variant::Classic, Difficulty::Easy, 7);
        let cancel = Arc::clone(&dealing.cancel);
        assert!(!cancel.load(Ordering::Relaxed));
        drop(dealing);
        assert!(
            cancel.load(Ordering::Relaxed),
            "dropping a deal cancels its thread"
        );
    }

    #[test]
    fn a_4x4_is_offered_easy_and_dealt_easy_with_nothing_to_take_back() {
        // Every 4x4 deal said "no medium 4x4 turned up: dealt easy" while
        // the panel promised medium.
        let mut config = Config::built_in();
        config.size = 4;
        config.difficulty = Difficulty::Medium;
        let mut deals = DealQueue::new(&config, 1);
        assert_eq!(deals.next_deal(), "4x4 easy");
        assert!(deals.start());
        let arrival = loop {
            if let Some(arrival) = deals.poll() {
                break arrival;
            }
            thread::sleep(std::time::Duration::from_millis(5));
        };
        let Arrival::Dealt(dealt, _) = arrival else {
            panic!("the deal failed");
        };
        assert_eq!((dealt.difficulty, dealt.note), (Difficulty::Easy, None));
        assert_eq!(
            deals.cycle_difficulty(),
            "next deal: 4x4 easy (a 4x4 has no hard puzzles)"
        );
        assert_eq!(deals.cycle_size(true), "next deal: 6x6");
        assert_eq!(deals.next_deal(), "6x6 hard");
    }

    #[test]
    fn the_variant_cycles_and_one_the_size_cannot_take_deals_classic_and_says_why() {
        let config = Config::built_in();
        let mut deals = DealQueue::new(&config, 1);
        assert_eq!(deals.next_variant, Variant::Classic);
        assert_eq!(deals.cycle_variant(), "next deal: 9x9 X");
        assert_eq!(deals.cycle_variant(), "next deal: 9x9 windoku");
        deals.next_size = 6;
        assert_eq!(deals.next_dealt_variant(), Variant::Classic);
        let message = deals.cycle_size(true);
        assert!(message.contains("windoku needs square boxes"), "{message}");
        deals.next_variant = Variant::Jigsaw;
        assert_eq!(deals.next_board(), "8x8 jigsaw");
        assert_eq!(
            deals.next_deal(),
            format!("8x8 jigsaw {}", deals.next_dealt_difficulty())
        );
    }

    #[test]
    fn a_seed_deals_the_same_jigsaw_layout_and_givens() {
        let base = Shape::sudoku(6).expect("6x6");
        let deal_from = |seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let rules = rules_for_deal(base, Variant::Jigsaw, &mut rng).expect("rules");
            deal(rules, Difficulty::Easy, &mut rng).puzzle
        };
        let (a, b) = (deal_from(4), deal_from(4));
        assert!(a.shape().is_jigsaw());
        assert_eq!(a, b);
        assert_ne!(
            a.shape(),
            deal_from(5).shape(),
            "another seed, another layout"
        );
    }

    #[test]
    fn a_new_deal_replaces_the_one_in_flight_and_cancels_it() {
        let config = Config::built_in();
        let mut deals = DealQueue::new(&config, 1);
        assert!(deals.start());
        let first = Arc::clone(&deals.in_flight().expect("a deal").cancel);
        assert!(deals.start());
        assert!(first.load(Ordering::Relaxed));
        let second = Arc::clone(&deals.in_flight().expect("a deal").cancel);
        assert!(!second.load(Ordering::Relaxed));
    }
}
