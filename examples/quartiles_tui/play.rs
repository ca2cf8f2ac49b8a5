//! The playing screen of `quartiles_tui`: a `Game` driven from the keyboard.
//!
//! Type a word and press Enter: it is accepted (with its points) or rejected (with the
//! reason). `?` asks for a hint (the first tile and length of a missing word), `!` for the
//! tiles of a missing quartile, Esc quits. The found words sit in four columns by length in
//! tiles, each headed by how many are left.

use quartiles_solver::{Board, Game, Hint, Rejected, TILE_COUNT};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};

/// What the last action said, and in which colour.
enum Message {
    Hello,
    Accepted(String),
    Rejected(String),
    Hint(String),
}

/// The playing screen's state.
pub struct Play {
    game: Game,
    input: String,
    message: Message,
    /// Tiles of the last word accepted, highlighted on the board.
    last: u32,
}

/// What a key asks the program to do.
#[derive(PartialEq, Eq)]
pub enum Action {
    Continue,
    Quit,
}

impl Play {
    pub fn new(game: Game) -> Play {
        Play {
            game,
            input: String::new(),
            message: Message::Hello,
            last: 0,
        }
    }

    /// Handles one key press.
    pub fn key(&mut self, key: KeyEvent) -> Action {
        let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
        match key.code {
            KeyCode::Esc => return Action::Quit,
            KeyCode::Char('c') if ctrl => return Action::Quit,
            KeyCode::Enter => self.submit(),
            KeyCode::Backspace => {
                self.input.pop();
            }
            KeyCode::Char('?') => self.word_hint(),
            KeyCode::Char('!') => self.quartile_hint(),
            KeyCode::Char(c) if c.is_ascii_alphabetic() && self.input.len() < 32 => {
                self.input.push(c.to_ascii_lowercase());
            }
            _ => {}
        }
        Action::Continue
    }

    /// Plays one line of a script (headless mode): `?` and `!` ask for hints, anything else
    /// is typed and submitted.
    pub fn script_line(&mut self, line: &str) {
        match line.trim() {
            "?" => self.word_hint(),
            "!" => self.quartile_hint(),
            word => {
                self.input = word.to_string();
                self.submit();
            }
        }
    }

    fn submit(&mut self) {
        let text = std::mem::take(&mut self.input);
        self.message = match self.game.play(&text) {
            Ok(a) => {
                self.last = a.word.path.mask();
                let bonus = if a.bonus > 0 {
                    format!("  all five quartiles: +{} bonus!", a.bonus)
                } else {
                    String::new()
                };
                let done = if self.game.is_complete() {
                    "  every word found!"
                } else {
                    ""
                };
                Message::Accepted(format!("{} +{}{bonus}{done}", a.word, a.points))
            }
            Err(Rejected::Empty) => Message::Hello,
            Err(e) => Message::Rejected(e.to_string()),
        };
    }

    fn word_hint(&mut self) {
        self.message = match self.game.word_hint() {
            Some(Hint::FirstTile { tile, tiles }) => Message::Hint(format!(
                "a missing word starts with `{tile}` and has {tiles} tile{}",
                if tiles == 1 { "" } else { "s" }
            )),
            _ => Message::Hint("no word is missing".into()),
        };
    }

    fn quartile_hint(&mut self) {
        self.message = match self.game.quartile_hint() {
            Some(Hint::Quartile { tiles }) => Message::Hint(format!(
                "a missing quartile: {}",
                tiles.map(|t| t.to_string()).join(" + ")
            )),
            _ => Message::Hint("no quartile is missing".into()),
        };
    }

    pub fn draw(&self, frame: &mut Frame) {
        let [top, status, input, message, body, help] = Layout::vertical([
            Constraint::Length(7),
            Constraint::Length(1),
            Constraint::Length(3),
            Constraint::Length(1),
            Constraint::Min(5),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        self.draw_board(frame, top);
        let left: usize = self.game.remaining_by_tiles().iter().sum();
        frame.render_widget(
            Paragraph::new(format!(
                " score {} of {}   found {}, {left} left   hints {}",
                self.game.score(),
                self.game.max_score(),
                self.game.found().count(),
                self.game.hints_used()
            ))
            .style(Style::default().add_modifier(Modifier::BOLD)),
            status,
        );
        frame.render_widget(
            Paragraph::new(format!("> {}_", self.input))
                .block(Block::bordered().title(" your word ")),
            input,
        );
        let (text, style) = match &self.message {
            Message::Hello => (
                "type a word and press Enter".to_string(),
                Style::default().fg(Color::DarkGray),
            ),
            Message::Accepted(s) => (format!("accepted: {s}"), Style::default().fg(Color::Green)),
            Message::Rejected(s) => (format!("rejected: {s}"), Style::default().fg(Color::Red)),
            Message::Hint(s) => (format!("hint: {s}"), Style::default().fg(Color::Yellow)),
        };
        frame.render_widget(Paragraph::new(format!(" {text}")).style(style), message);
        self.draw_found(frame, body);
        frame.render_widget(
            Paragraph::new("Enter play   ? hint   ! quartile hint   Backspace   Esc quit")
                .style(Style::default().fg(Color::DarkGray)),
            help,
        );
    }

    fn draw_board(&self, frame: &mut Frame, area: Rect) {
        let board: &Board = self.game.board();
        let quartile_tiles = self
            .game
            .found()
            .filter(|w| w.is_quartile())
            .fold(0, |m, w| m | w.path.mask());
        let mut lines = Vec::new();
        for row in 0..TILE_COUNT / 4 {
            let mut spans = Vec::new();
            for col in 0..4 {
                let i = row * 4 + col;
                let style = if self.last & (1 << i) != 0 {
                    Style::default()
                        .fg(Color::Black)
                        .bg(Color::Green)
                        .add_modifier(Modifier::BOLD)
                } else if quartile_tiles & (1 << i) != 0 {
                    Style::default().fg(Color::Cyan)
                } else {
                    Style::default()
                };
                spans.push(Span::styled(format!(" {:^8} ", board.tile(i)), style));
            }
            lines.push(Line::from(spans));
        }
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" board ")),
            area,
        );
    }

    fn draw_found(&self, frame: &mut Frame, area: Rect) {
        let left = self.game.remaining_by_tiles();
        let cols = Layout::horizontal([Constraint::Ratio(1, 4); 4]).split(area);
        for (k, col) in cols.iter().enumerate() {
            let tiles = k + 1;
            let lines: Vec<Line> = self
                .game
                .found()
                .filter(|w| w.tiles() == tiles)
                .map(|w| Line::raw(w.to_string()))
                .collect();
            let title = format!(
                " {tiles} tile{}: {} left ",
                if tiles == 1 { "" } else { "s" },
                left[k]
            );
            frame.render_widget(
                Paragraph::new(lines)
                    .wrap(Wrap { trim: true })
                    .block(Block::bordered().title(title)),
                *col,
            );
        }
    }
}
