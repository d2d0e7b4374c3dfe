//! What the config sets for a session of play and the app keeps: the themes
//! (the one in use changes with `t`), the mouse, the animation tick, and the
//! options every new game starts with.

use crate::config::Config;
use crate::engine::format::PlayedPuzzle;
use crate::engine::grader::Difficulty;
use crate::game::Game;
use crate::theme::{Theme, Themes};
use std::time::{Duration, Instant};

pub struct Settings {
    themes: Themes,
    theme: Theme,
    /// Clicks move the cursor.
    pub mouse: bool,
    /// Interval between animation frames.
    pub tick: Duration,
    auto_remove_notes: bool,
    wrap: bool,
    /// The clock shows on the status line.
    pub show_timer: bool,
    /// New games mark and count wrong digits (`show_mistakes`, `w`).
    pub show_mistakes: bool,
}

impl Settings {
    /// The config's settings, starting in `theme` (one of `themes`).
    pub fn new(config: &Config, themes: Themes, theme: Theme) -> Settings {
        Settings {
            themes,
            theme,
            mouse: config.mouse,
            tick: config.tick_rate,
            auto_remove_notes: config.auto_remove_notes,
            wrap: config.wrap,
            show_timer: config.show_timer,
            show_mistakes: config.show_mistakes,
        }
    }

    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    /// Moves to the next theme and returns its name.
    pub fn next_theme(&mut self) -> &str {
        self.theme = self.themes.next_after(self.theme.name()).clone();
        self.theme.name()
    }

    /// Gives `game` the options every game is played with.
    pub fn apply_to(&self, game: &mut Game) {
        game.set_auto_remove_notes(self.auto_remove_notes);
        game.set_wrap(self.wrap);
        // Only on: a resumed game that marks its mistakes keeps marking
        // them (it was switched on for that game).
        if self.show_mistakes {
            game.set_show_mistakes(true);
        }
    }

    /// A new game that starts with `played`'s entries and notes, with
    /// these options.
    pub fn new_played_game(
        &self,
        played: &PlayedPuzzle,
        difficulty: Option<Difficulty>,
        now: Instant,
    ) -> Game {
        let mut game = Game::from_played(played, difficulty, now);
        self.apply_to(&mut game);
        game
    }
}
