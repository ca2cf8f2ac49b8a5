//! `sudoku`: the seed's command line on `sudoku-engine`.
//!
//! ```sh
//! cargo run --release -p examples --example sudoku -- -c 1000000            # finals -> sudoku.txt
//! cargo run --release -p examples --example sudoku -- -c 10 -d 5 -o f.txt   # top-left digit 5
//! cargo run --release -p examples --example sudoku -- -s puzzles.txt -o solved.txt
//! cargo run --release -p examples --example sudoku -- -s puzzles.txt --count
//! cargo run --release -p examples --example sudoku -- -s puzzles.txt --format line --threads 2
//! cargo run --release -p examples --example sudoku -- -g 1000 --seed 7 --symmetry rot180 \
//!     --difficulty hard --clues 26 -o puzzles.txt --threads 2
//! cargo run --release -p examples --example sudoku -- --rate puzzles.txt [--steps]
//! cargo run --release -p examples --example sudoku -- --isomorphs puzzles.txt --seed 7 -o iso.txt
//! ```
//!
//! `-c N` writes N distinct solved grids in the nine-line format (`163 * N - 1` bytes);
//! `-s FILE` solves every puzzle of FILE (nine-line or one-line format, detected) and writes
//! the solutions in the same format unless `--format` says otherwise; puzzles without exactly
//! one solution are listed on stderr (puzzle number, verdict). `--count` prints each puzzle's
//! solution count (0, 1 or 2+) instead of solving to a file. With `-s`, `--svg FILE` also
//! draws the first puzzle and its solution as an SVG picture.
//!
//! `-g N` writes N puzzles (exactly one solution, minimal), one a line followed by a space and
//! its grade (`easy`, `medium`, `hard`, `expert`, `trial`); the same seed and options give the
//! same file for any `--threads`. `--rate FILE` prints `N: GRADE SCORE` for each puzzle of
//! FILE (the generator's output, one-line or nine-line files); `--steps` adds the deductions.
//! `--isomorphs FILE` writes every puzzle of FILE moved by its own symmetry of sudoku (band,
//! row, stack and column orders, transpose, relabelling; drawn from `--seed`), in FILE's
//! format: the same puzzles to logic, new to a solver's heuristics.
#![forbid(unsafe_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::Parser;
use examples::counter_bar;
use puzzle_search::{ReplaceFile, ReplaceWriter};
use sudoku_engine::generate::{Finals, MAX_FINALS};
use sudoku_engine::io::{SolveOptions, read_puzzles, solve_file, verdicts_file, write_finals};
use sudoku_engine::isomorph::Isomorph;
use sudoku_engine::parse::{Format, write_all};
use sudoku_engine::puzzle_gen::{Generator, Symmetry, UnknownSymmetry};
use sudoku_engine::rating::{GRADES, Grade, UnknownGrade, rate, read_rated};
use sudoku_engine::{Grid, UnknownFormat, Verdict};

#[derive(Parser, Debug)]
#[command(
    name = "sudoku",
    about = "Generate distinct solved sudoku grids, or solve a file of puzzles",
    group = clap::ArgGroup::new("mode").required(true)
        .args(["create", "solve", "puzzles", "rate", "isomorphs"]),
    group = clap::ArgGroup::new("seeded").args(["puzzles", "isomorphs"])
)]
struct Args {
    /// Write N distinct solved grids ("finals").
    #[arg(short = 'c', value_name = "N", value_parser = parse_count)]
    create: Option<u64>,
    /// Solve every puzzle of FILE (nine-line or one-line format, detected).
    #[arg(short = 's', value_name = "FILE")]
    solve: Option<PathBuf>,
    /// Output file.
    #[arg(short = 'o', value_name = "FILE", default_value = "sudoku.txt")]
    output: PathBuf,
    /// Top-left digit of the generated grids.
    #[arg(short = 'd', long, value_name = "DIGIT", default_value_t = 1,
          value_parser = clap::value_parser!(u8).range(1..=9))]
    digit: u8,
    /// With -s: print each puzzle's number of solutions (0, 1 or 2+) instead of solving.
    #[arg(long, requires = "solve")]
    count: bool,
    /// With -s: the output format (default: the input's).
    #[arg(long, value_name = "line|grid", value_parser = parse_format, requires = "solve")]
    format: Option<Format>,
    /// With -s: solving threads (the output is the same for any number).
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=1024))]
    threads: u16,
    /// With -s: also draw the file's first puzzle and its solution as an SVG picture in FILE
    /// (givens bold, filled digits light).
    #[arg(long, value_name = "FILE", requires = "solve")]
    svg: Option<PathBuf>,
    /// Write N puzzles with exactly one solution, minimal, each followed by its grade.
    #[arg(short = 'g', value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    puzzles: Option<u64>,
    /// With -g or --isomorphs: the seed (the same seed and options give the same puzzles).
    #[arg(long, value_name = "S", default_value_t = 1, requires = "seeded")]
    seed: u64,
    /// With -g: the symmetry of the givens.
    #[arg(long, value_name = "none|rot180|diagonal|mirror", default_value = "none",
          value_parser = parse_symmetry, requires = "puzzles")]
    symmetry: Symmetry,
    /// With -g: only puzzles of this grade.
    #[arg(long, value_name = "easy|medium|hard|expert|trial", value_parser = parse_grade,
          requires = "puzzles")]
    difficulty: Option<Grade>,
    /// With -g: only puzzles with at most K givens (20 to 81).
    #[arg(long, value_name = "K", requires = "puzzles")]
    clues: Option<usize>,
    /// Print the grade and score of every puzzle of FILE.
    #[arg(long, value_name = "FILE")]
    rate: Option<PathBuf>,
    /// With --rate: print every deduction too (cell, digit, technique).
    #[arg(long, requires = "rate")]
    steps: bool,
    /// Write an isomorph of every puzzle of FILE (each moved by its own symmetry drawn from
    /// --seed), in FILE's format: equivalent puzzles no solver has been tuned on.
    #[arg(long, value_name = "FILE")]
    isomorphs: Option<PathBuf>,
}

fn parse_symmetry(s: &str) -> Result<Symmetry, UnknownSymmetry> {
    s.parse()
}

fn parse_grade(s: &str) -> Result<Grade, UnknownGrade> {
    s.parse()
}

fn make_puzzles(n: u64, args: &Args, threads: usize) -> Result<(), String> {
    let start = Instant::now();
    let mut generator = Generator::new(args.seed).symmetry(args.symmetry);
    if let Some(g) = args.difficulty {
        generator = generator.difficulty(g);
    }
    if let Some(k) = args.clues {
        generator = generator.clues(k).map_err(|e| e.to_string())?;
    }
    let output = &args.output;
    let (out, file) = replace_output(output)?;
    let bar = (n >= 1000).then(|| counter_bar("puzzles", n));
    let report = sudoku_engine::io::write_puzzles(file, &generator, n, threads, |done, _| {
        if let Some(bar) = &bar {
            bar.set_position(done);
        }
    })
    .map_err(|e| format!("{}: {e}", output.display()))?;
    out.commit()
        .map_err(|e| format!("{}: {e}", output.display()))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let grades: Vec<String> = GRADES
        .iter()
        .map(|&g| format!("{} {g}", report.of_grade(g)))
        .collect();
    eprintln!(
        "wrote {n} puzzles ({}; {} attempts) to {} in {:.3} s",
        grades.join(", "),
        report.attempts,
        output.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn rate_file(input: &Path, steps: bool) -> Result<(), String> {
    let text = std::fs::read_to_string(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let grids = read_rated(&text).map_err(|e| format!("{}: {e}", input.display()))?;
    if grids.is_empty() {
        return Err(format!("{}: no puzzle found", input.display()));
    }
    let mut hist = [0usize; 6];
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for (k, g) in grids.iter().enumerate() {
        let line = match rate(g) {
            Ok(r) => {
                hist[GRADES.iter().position(|&x| x == r.grade).unwrap_or(0)] += 1;
                if steps {
                    for d in &r.log {
                        writeln!(out, "  {d}").map_err(|e| e.to_string())?;
                    }
                }
                format!("{}: {} {}", k + 1, r.grade, r.score)
            }
            Err(e) => {
                hist[5] += 1;
                format!("{}: unrated ({e})", k + 1)
            }
        };
        writeln!(out, "{line}").map_err(|e| e.to_string())?;
    }
    out.flush().map_err(|e| e.to_string())?;
    let grades: Vec<String> = GRADES
        .iter()
        .zip(hist)
        .map(|(g, n)| format!("{n} {g}"))
        .collect();
    eprintln!(
        "{} puzzles: {}, {} unrated",
        grids.len(),
        grades.join(", "),
        hist[5]
    );
    Ok(())
}

fn parse_count(s: &str) -> Result<u64, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number"))?;
    if n == 0 || n > MAX_FINALS {
        return Err(format!("N must be between 1 and {MAX_FINALS}, got {n}"));
    }
    Ok(n)
}

fn parse_format(s: &str) -> Result<Format, UnknownFormat> {
    s.parse()
}

/// `output` replaced whole: written beside it and renamed over it once complete (the
/// `ReplaceFile` to commit), so a failure midway keeps the old file; and a handle for the
/// writer thread.
fn replace_output(output: &Path) -> Result<(ReplaceFile, ReplaceWriter), String> {
    let at = |e: std::io::Error| format!("{}: {e}", output.display());
    let out = ReplaceFile::create(output).map_err(at)?;
    let file = out.writer().map_err(at)?;
    Ok((out, file))
}

fn generate(n: u64, digit: u8, output: &Path) -> Result<(), String> {
    let start = Instant::now();
    let (out, file) = replace_output(output)?;
    let finals = Finals::new(digit, n).map_err(|e| e.to_string())?;
    // Progress only for people watching (the bar hides itself when stderr is not a
    // terminal), and only for runs long enough to watch.
    let bar = (n >= 100_000).then(|| counter_bar("finals", n));
    write_finals(file, finals, |done, _| {
        if let Some(bar) = &bar {
            bar.set_position(done);
        }
    })
    .map_err(|e| format!("{}: {e}", output.display()))?;
    out.commit()
        .map_err(|e| format!("{}: {e}", output.display()))?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    eprintln!(
        "wrote {n} finals (top-left {digit}, {} bytes) to {} in {:.3} s",
        163 * n - 1,
        output.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// Appends `n` in decimal.
fn push_number(out: &mut Vec<u8>, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut k = digits.len();
    loop {
        k -= 1;
        digits[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.extend_from_slice(&digits[k..]);
}

fn verdict_word(v: Verdict) -> &'static str {
    match v {
        Verdict::NoSolution => "0",
        Verdict::Unique => "1",
        Verdict::Multiple => "2+",
    }
}

/// The puzzles of `input` (format detected) and its format; an error naming the file when it
/// cannot be read, a puzzle is malformed, or it holds none.
fn read_file_puzzles(input: &Path) -> Result<(Vec<Grid>, Format), String> {
    let text = std::fs::read_to_string(input).map_err(|e| format!("{}: {e}", input.display()))?;
    let (grids, format) =
        read_puzzles(&text, None).map_err(|e| format!("{}: {e}", input.display()))?;
    if grids.is_empty() {
        return Err(format!("{}: no puzzle found", input.display()));
    }
    Ok((grids, format))
}

fn count(input: &Path, threads: usize) -> Result<(), String> {
    // Verdicts alone: no solution's grid is built.
    let (verdicts, _) = verdicts_file(input, None, threads).map_err(|e| e.to_string())?;
    let mut hist = [0usize; 3];
    // The lines are put together by hand: through `writeln!` the formatting machinery cost
    // as much as solving an easy puzzle.
    let mut text = Vec::with_capacity(verdicts.len() * 12);
    for (k, &v) in verdicts.iter().enumerate() {
        hist[match v {
            Verdict::NoSolution => 0,
            Verdict::Unique => 1,
            Verdict::Multiple => 2,
        }] += 1;
        push_number(&mut text, k + 1);
        text.extend_from_slice(b": ");
        text.extend_from_slice(verdict_word(v).as_bytes());
        text.push(b'\n');
    }
    let mut out = std::io::stdout().lock();
    out.write_all(&text).map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())?;
    eprintln!(
        "{} puzzles: {} with no solution, {} unique, {} with several",
        verdicts.len(),
        hist[0],
        hist[1],
        hist[2]
    );
    Ok(())
}

/// An error when `output` names the file `input` (writing would destroy what is read).
fn refuse_overwrite(input: &Path, output: &Path) -> Result<(), String> {
    match (input.canonicalize(), output.canonicalize()) {
        (Ok(a), Ok(b)) if a == b => Err(format!(
            "{}: the output would overwrite the input; choose another with -o",
            output.display()
        )),
        _ => Ok(()),
    }
}

fn solve(
    input: &Path,
    output: &Path,
    format: Option<Format>,
    threads: usize,
) -> Result<(), String> {
    refuse_overwrite(input, output)?;
    let start = Instant::now();
    let options = SolveOptions {
        output: format,
        threads,
        ..SolveOptions::default()
    };
    let report = solve_file(input, output, options).map_err(|e| e.to_string())?;
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    for a in &report.anomalies {
        let _ = writeln!(err, "puzzle {}: {}", a.puzzle, a.verdict);
    }
    let _ = writeln!(
        err,
        "solved {} puzzles ({} unique, {} without exactly one solution) into {} in {:.3} s",
        report.puzzles,
        report.unique,
        report.anomalies.len(),
        output.display(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `--isomorphs FILE`: puzzle `k` of `input` moved by `Isomorph::for_puzzle(seed, k)`,
/// written to `output` in the input's format.
fn isomorphs(input: &Path, seed: u64, output: &Path) -> Result<(), String> {
    refuse_overwrite(input, output)?;
    let (grids, format) = read_file_puzzles(input)?;
    let moved: Vec<Grid> = grids
        .iter()
        .enumerate()
        .map(|(k, g)| Isomorph::for_puzzle(seed, k as u64).apply(g))
        .collect();
    let mut bytes = Vec::with_capacity(163 * moved.len());
    write_all(&mut bytes, &moved, format);
    bytes.push(b'\n');
    // A temporary file renamed over `output` once whole: a failure keeps the old file.
    puzzle_search::write_atomically(output, &bytes)
        .map_err(|e| format!("{}: {e}", output.display()))?;
    eprintln!(
        "wrote isomorphs of {} puzzles (seed {seed}) to {}",
        moved.len(),
        output.display()
    );
    Ok(())
}

/// `--svg FILE`: the first puzzle of `input` and its solution (or the puzzle alone when it has
/// none).
fn picture(input: &Path, svg: &Path) -> Result<(), String> {
    let (grids, _) = read_file_puzzles(input)?;
    // Never empty (`read_file_puzzles` says so), but no index that could panic.
    let Some(puzzle) = grids.first() else {
        return Ok(());
    };
    examples::picture::write_svg(Some(svg), || match sudoku_engine::solve(puzzle) {
        Some(solution) => puzzle.solution_svg(&solution),
        None => puzzle.to_svg(),
    })
}

fn main() -> ExitCode {
    let _out = examples::output::guard("sudoku");
    let args = Args::parse();
    let threads = usize::from(args.threads);
    let result = match (&args.create, &args.solve) {
        _ if args.puzzles.is_some() => make_puzzles(args.puzzles.unwrap_or(0), &args, threads),
        _ if args.isomorphs.is_some() => isomorphs(
            args.isomorphs.as_deref().unwrap_or(Path::new("")),
            args.seed,
            &args.output,
        ),
        _ if args.rate.is_some() => {
            rate_file(args.rate.as_deref().unwrap_or(Path::new("")), args.steps)
        }
        (Some(n), None) => generate(*n, args.digit, &args.output),
        (None, Some(input)) if args.count => count(input, threads),
        (None, Some(input)) => solve(input, &args.output, args.format, threads),
        _ => Err("give either -c N or -s FILE".into()),
    };
    let result = result.and_then(|()| match (&args.svg, &args.solve) {
        (Some(svg), Some(input)) => picture(input, svg),
        _ => Ok(()),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku: {e}");
            ExitCode::FAILURE
        }
    }
}
