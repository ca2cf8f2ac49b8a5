//! `quartiles_tui`: play Quartiles in the terminal, or watch the search live.
//!
//! ```sh
//! cargo run --release -p examples --example quartiles_tui                  # play the seed's board
//! cargo run --release -p examples --example quartiles_tui -- --public qc-2025-02-21
//! printf 'truss\n?\n!\n' | cargo run --release -p examples --example quartiles_tui -- --headless
//! cargo run --release -p examples --example quartiles_tui -- --watch --nodes 50
//! cargo run --release -p examples --example quartiles_tui -- --watch --headless
//! ```
//!
//! Playing (the default) runs a `Game`: type a word and press Enter to see it accepted with
//! its points or rejected with the reason; `?` gives the first tile and length of a missing
//! word, `!` the tiles of a missing quartile; the columns show the words found by length in
//! tiles and how many are left; `Esc` quits. With `--headless` the moves come from standard
//! input, one a line (a word, `?` or `!`), and the final screen is printed.
//!
//! Watching (`--watch`): the solver runs in small node budgets, one per frame, so a search of
//! microseconds becomes an animation: the board with the tiles of the current path
//! highlighted, a progress gauge, and each word drawn as it is found. Keys: `space`
//! pause/resume, `+`/`-` speed, `r` restart, `q` or `Esc` quit. `--headless` renders the
//! frames off-screen and prints the last one. `--svg FILE` draws the board solved in full
//! (quartiles in their colours, every word) when the game or the watch ends.
#![forbid(unsafe_code)]

#[path = "quartiles_tui/play.rs"]
mod play;

use std::io::{self, BufRead as _, Write as _};
use std::process::ExitCode;
use std::time::Duration;

use clap::Parser;
use quartiles_solver::{Board, Budget, Dictionary, Game, Search, Solver, Step, TILE_COUNT, Word};
use ratatui::backend::{Backend, TestBackend};
use ratatui::crossterm::event::{self, Event, KeyCode, KeyEventKind};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Gauge, Paragraph, Wrap};
use ratatui::{Frame, Terminal};

/// The seed's board, shown when no board is given.
const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

#[derive(Parser, Debug)]
#[command(about = "Play Quartiles in the terminal, or watch the solver find every word live")]
struct Args {
    /// The 20 tiles (separate arguments, or one argument with spaces or commas).
    tiles: Vec<String>,
    /// Solve a board of testdata/quartiles/boards-public.json by its id.
    #[arg(long, conflicts_with = "tiles")]
    public: Option<String>,
    /// Watch the search instead of playing.
    #[arg(long)]
    watch: bool,
    /// Nodes of search per frame when watching (smaller is slower).
    #[arg(long, default_value_t = 40)]
    nodes: u64,
    /// Milliseconds per frame.
    #[arg(long, default_value_t = 30)]
    frame_ms: u64,
    /// Render off-screen (80x30) and print the final frame instead of using the terminal
    /// (playing: the moves are read from standard input, one a line).
    #[arg(long)]
    headless: bool,
    /// When the game or the watch ends, draw the board solved in full (its quartiles in their
    /// colours and every word) as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    svg: Option<std::path::PathBuf>,
}

/// What the screen shows.
struct App {
    dict: Dictionary,
    board: Board,
    solver: Solver,
    words: Vec<Word>,
    nodes_per_frame: u64,
    paused: bool,
    finished: bool,
}

impl App {
    fn new(dict: Dictionary, board: Board, nodes_per_frame: u64) -> App {
        App {
            solver: Solver::new(&dict, &board),
            dict,
            board,
            words: Vec::new(),
            nodes_per_frame,
            paused: false,
            finished: false,
        }
    }

    fn restart(&mut self) {
        self.solver = Solver::new(&self.dict, &self.board);
        self.words.clear();
        self.finished = false;
    }

    /// One frame of search: a node budget, collecting every word found in it.
    fn tick(&mut self) {
        if self.paused || self.finished {
            return;
        }
        let target = self.solver.progress().nodes + self.nodes_per_frame;
        while self.solver.progress().nodes < target {
            let left = target - self.solver.progress().nodes;
            match self.solver.step(Budget::nodes(left)) {
                Step::Found(w) => self.words.push(w),
                Step::Paused => break,
                Step::Finished => {
                    self.finished = true;
                    break;
                }
            }
        }
    }

    fn draw(&self, frame: &mut Frame) {
        let [top, gauge, body, help] = Layout::vertical([
            Constraint::Length(7),
            Constraint::Length(3),
            Constraint::Min(5),
            Constraint::Length(1),
        ])
        .areas(frame.area());
        self.draw_board(frame, top);
        let p = self.solver.progress();
        let fraction = p.fraction.unwrap_or(0.0);
        let label = format!(
            "{:.0}%  {} nodes  {} words{}",
            fraction * 100.0,
            p.nodes,
            p.words,
            if self.paused { "  (paused)" } else { "" }
        );
        frame.render_widget(
            Gauge::default()
                .block(Block::bordered().title(" search "))
                .gauge_style(Style::default().fg(Color::Green))
                .ratio(fraction)
                .label(label),
            gauge,
        );
        self.draw_words(frame, body);
        frame.render_widget(
            Paragraph::new("space pause/resume   + / - speed   r restart   q quit")
                .style(Style::default().fg(Color::DarkGray)),
            help,
        );
    }

    fn draw_board(&self, frame: &mut Frame, area: Rect) {
        let current = if self.finished {
            0
        } else {
            self.solver.current_path().mask()
        };
        let quartile_tiles: u32 = self
            .solver
            .quartiles()
            .first()
            .map(|c| c.iter().fold(0, |m, w| m | w.path.mask()))
            .unwrap_or(0);
        let mut lines = Vec::new();
        for row in 0..TILE_COUNT / 4 {
            let mut spans = Vec::new();
            for col in 0..4 {
                let i = row * 4 + col;
                let style = if current & (1 << i) != 0 {
                    Style::default()
                        .fg(Color::Black)
                        .bg(Color::Yellow)
                        .add_modifier(Modifier::BOLD)
                } else if self.finished && quartile_tiles & (1 << i) != 0 {
                    Style::default().fg(Color::Cyan)
                } else {
                    Style::default()
                };
                spans.push(Span::styled(format!(" {:^8} ", self.board.tile(i)), style));
            }
            lines.push(Line::from(spans));
        }
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" board ")),
            area,
        );
    }

    fn draw_words(&self, frame: &mut Frame, area: Rect) {
        let covers = if self.finished {
            self.solver.quartiles()
        } else {
            Vec::new()
        };
        let in_cover = |w: &Word| covers.first().is_some_and(|c| c.contains(w));
        let cols = Layout::horizontal([Constraint::Ratio(1, 4); 4]).split(area);
        for (k, col) in cols.iter().enumerate() {
            let tiles = k + 1;
            let lines: Vec<Line> = self
                .words
                .iter()
                .filter(|w| w.tiles() == tiles)
                .map(|w| {
                    if in_cover(w) {
                        Line::styled(
                            format!("{w} *"),
                            Style::default()
                                .fg(Color::Cyan)
                                .add_modifier(Modifier::BOLD),
                        )
                    } else {
                        Line::raw(w.to_string())
                    }
                })
                .collect();
            let count = lines.len();
            // Keep the newest words in view.
            let skip = count.saturating_sub(col.height.saturating_sub(2) as usize);
            let title = format!(
                " {tiles} tile{} ({count}) ",
                if tiles == 1 { "" } else { "s" }
            );
            frame.render_widget(
                Paragraph::new(lines.into_iter().skip(skip).collect::<Vec<_>>())
                    .wrap(Wrap { trim: true })
                    .block(Block::bordered().title(title)),
                *col,
            );
        }
        if self.finished {
            let summary = format!(
                " done: {} words, score {}, {} ",
                self.solver.solution().len(),
                self.solver.score(),
                if covers.is_empty() {
                    "no quartiles".to_string()
                } else {
                    "quartiles marked *".to_string()
                }
            );
            let width = (summary.len() as u16).min(area.width);
            frame.render_widget(
                Paragraph::new(summary).style(Style::default().fg(Color::Black).bg(Color::Cyan)),
                Rect::new(area.x + 1, area.bottom().saturating_sub(1), width, 1),
            );
        }
    }
}

/// Runs the animation until the user quits.
fn run_interactive<B: Backend>(
    terminal: &mut Terminal<B>,
    app: &mut App,
    frame: Duration,
) -> io::Result<()>
where
    io::Error: From<B::Error>,
{
    loop {
        app.tick();
        terminal.draw(|f| app.draw(f))?;
        if event::poll(frame)?
            && let Event::Key(key) = event::read()?
            && key.kind == KeyEventKind::Press
        {
            match key.code {
                KeyCode::Char('q') | KeyCode::Esc => return Ok(()),
                KeyCode::Char(' ') => app.paused = !app.paused,
                KeyCode::Char('+') => app.nodes_per_frame = (app.nodes_per_frame * 2).min(1 << 20),
                KeyCode::Char('-') => app.nodes_per_frame = (app.nodes_per_frame / 2).max(1),
                KeyCode::Char('r') => app.restart(),
                _ => {}
            }
        }
    }
}

/// Plays until the user quits.
fn play_interactive<B: Backend>(terminal: &mut Terminal<B>, play: &mut play::Play) -> io::Result<()>
where
    io::Error: From<B::Error>,
{
    loop {
        terminal.draw(|f| play.draw(f))?;
        if let Event::Key(key) = event::read()?
            && key.kind == KeyEventKind::Press
            && play.key(key) == play::Action::Quit
        {
            return Ok(());
        }
    }
}

/// Plays the moves of standard input off-screen and prints the final screen.
fn play_headless(play: &mut play::Play) -> Result<(), String> {
    let mut terminal =
        Terminal::new(TestBackend::new(80, 30)).map_err(|e| format!("headless terminal: {e}"))?;
    let mut moves = 0;
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| format!("stdin: {e}"))?;
        play.script_line(&line);
        moves += 1;
    }
    terminal
        .draw(|f| play.draw(f))
        .map_err(|e| format!("drawing: {e}"))?;
    print_screen(&terminal, &format!("({moves} moves)\n"))
}

/// Renders every frame off-screen and prints the last one as text.
fn run_headless(app: &mut App) -> Result<(), String> {
    let mut terminal =
        Terminal::new(TestBackend::new(80, 30)).map_err(|e| format!("headless terminal: {e}"))?;
    let mut frames = 0;
    while !app.finished {
        app.tick();
        terminal
            .draw(|f| app.draw(f))
            .map_err(|e| format!("drawing: {e}"))?;
        frames += 1;
    }
    print_screen(&terminal, &format!("({frames} frames)\n"))
}

/// Prints the off-screen buffer as text, then `footer`.
fn print_screen(terminal: &Terminal<TestBackend>, footer: &str) -> Result<(), String> {
    let buffer = terminal.backend().buffer();
    let width = buffer.area.width as usize;
    let mut text = String::new();
    for row in buffer.content().chunks(width) {
        let line: String = row.iter().map(|c| c.symbol()).collect();
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push_str(footer);
    // A closed pipe (`| head`) ends the program quietly.
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => Err(format!("stdout: {e}")),
        _ => Ok(()),
    }
}

fn main() -> ExitCode {
    let _out = examples::output::guard("quartiles_tui");
    let args = examples::args::parse::<Args>();
    let board = match (&args.public, args.tiles.is_empty()) {
        (Some(id), _) => examples::quartiles_public_board(id),
        (None, true) => Board::parse(SEED).map_err(|e| e.to_string()),
        (None, false) => Board::parse(&args.tiles.join(" ")).map_err(|e| e.to_string()),
    };
    let board = match board {
        Ok(b) => b,
        Err(e) => {
            eprintln!("quartiles_tui: {e}");
            return ExitCode::FAILURE;
        }
    };
    let dict = Dictionary::english();
    dict.prepare();
    let result = if args.watch {
        watch(dict.clone(), board, &args)
    } else {
        let mut play = play::Play::new(Game::new(&dict, &board));
        if args.headless {
            play_headless(&mut play)
        } else {
            match ratatui::try_init() {
                Ok(mut terminal) => {
                    let r = play_interactive(&mut terminal, &mut play);
                    ratatui::restore();
                    r.map_err(|e| format!("terminal: {e}"))
                }
                Err(e) => {
                    ratatui::restore();
                    Err(format!("cannot open the terminal ({e}); try --headless"))
                }
            }
        }
    };
    let result = result.and_then(|()| {
        examples::picture::write_svg(args.svg.as_deref(), || {
            Solver::new(&dict, &board).finish().to_svg()
        })
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("quartiles_tui: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The search animation (`--watch`).
fn watch(dict: Dictionary, board: Board, args: &Args) -> Result<(), String> {
    let mut app = App::new(dict, board, args.nodes.max(1));
    if args.headless {
        run_headless(&mut app)
    } else {
        match ratatui::try_init() {
            Ok(mut terminal) => {
                let r = run_interactive(
                    &mut terminal,
                    &mut app,
                    Duration::from_millis(args.frame_ms.max(1)),
                );
                ratatui::restore();
                r.map_err(|e| format!("terminal: {e}"))
            }
            Err(e) => {
                ratatui::restore();
                Err(format!("cannot open the terminal ({e}); try --headless"))
            }
        }
    }
}
