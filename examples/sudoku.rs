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
//! cat puzzles.txt | cargo run --release -p examples --example sudoku -- -s - --count --json
//! cargo run --release -p examples --example sudoku -- -c 3 -o -                # to stdout
//! ```
//!
//! Every FILE may be `-` for standard input, and `-o -` writes to standard output. `--json`
//! (with `-s` or `--rate`) prints one JSON object on stdout instead of text and writes no file:
//! `-s` gives `{"puzzles", "unique", "guesses", "anomalies": [[k, "none"|"several"]],
//! "solutions": [81 characters each]}` (the fields of Python's `sudoku.solve_file` report, and
//! each puzzle's solution as `sudoku.solve` gives it, or the puzzle as given when it has none);
//! `-s --count` gives `{"puzzles", "verdicts": ["none"|"unique"|"several"], "none", "unique",
//! "several"}`; `--rate` gives `{"ratings": [{"puzzle", "grade", "score"} or {"puzzle",
//! "error"}]}`.
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
use examples::input::{self, plural};
use puzzle_search::{ReplaceFile, ReplaceWriter};
use sudoku_engine::generate::{Finals, MAX_FINALS};
use sudoku_engine::io::{
    SolveOptions, count_all, read_puzzles, solve_file, solve_to_writer, verdicts, verdicts_file,
    write_finals,
};
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
    group = clap::ArgGroup::new("seeded").args(["puzzles", "isomorphs"]),
    group = clap::ArgGroup::new("reports").args(["solve", "rate"])
)]
struct Args {
    /// Write N distinct solved grids ("finals").
    #[arg(short = 'c', value_name = "N", value_parser = parse_count)]
    create: Option<u64>,
    /// Solve every puzzle of FILE (nine-line or one-line format, detected; `-` reads
    /// standard input).
    #[arg(short = 's', value_name = "FILE")]
    solve: Option<PathBuf>,
    /// Output file (`-`: standard output).
    #[arg(short = 'o', value_name = "FILE", default_value = "sudoku.txt")]
    output: PathBuf,
    /// With -s or --rate: print one JSON object on stdout instead of text (and write no
    /// file).
    #[arg(long, requires = "reports", conflicts_with_all = ["output", "format", "svg", "steps"])]
    json: bool,
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
    .map_err(|e| format!("{}: {e}", input::name(output)))?;
    out.commit(output)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let grades: Vec<String> = GRADES
        .iter()
        .map(|&g| format!("{} {g}", report.of_grade(g)))
        .collect();
    eprintln!(
        "wrote {} ({}; {}) to {} in {:.3} s",
        plural(n, "puzzle", "puzzles"),
        grades.join(", "),
        plural(report.attempts, "attempt", "attempts"),
        input::output_name(output),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

fn rate_file(file: &Path, steps: bool, json: bool) -> Result<(), String> {
    let text = input::read_text(file)?;
    let grids = read_rated(&text).map_err(|e| format!("{}: {e}", input::name(file)))?;
    if grids.is_empty() {
        return Err(format!("{}: no puzzle found", input::name(file)));
    }
    if json {
        let ratings: Vec<serde_json::Value> = grids
            .iter()
            .enumerate()
            .map(|(k, g)| match rate(g) {
                Ok(r) => serde_json::json!({
                    "puzzle": k + 1, "grade": r.grade.to_string(), "score": r.score
                }),
                Err(e) => serde_json::json!({"puzzle": k + 1, "error": e.to_string()}),
            })
            .collect();
        return print_json(&serde_json::json!({ "ratings": ratings }));
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
        "{}: {}, {} unrated",
        plural(grids.len() as u64, "puzzle", "puzzles"),
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

/// Where an output goes: a file replaced whole, or standard output (`-o -`).
enum Output {
    /// Written beside the file and renamed over it once complete, so a failure midway keeps
    /// the old file.
    File(ReplaceFile),
    /// Standard output, written as it comes.
    Stdout,
}

/// `output` opened for a writer thread (see [`Output`]).
fn replace_output(output: &Path) -> Result<(Output, Box<dyn Write + Send>), String> {
    if input::is_std(output) {
        return Ok((Output::Stdout, Box::new(std::io::stdout())));
    }
    let at = |e: std::io::Error| format!("{}: {e}", output.display());
    let out = ReplaceFile::create(output).map_err(at)?;
    let file: ReplaceWriter = out.writer().map_err(at)?;
    Ok((Output::File(out), Box::new(file)))
}

impl Output {
    /// Puts a complete file in place (standard output needs nothing more).
    fn commit(self, output: &Path) -> Result<(), String> {
        match self {
            Output::File(out) => out
                .commit()
                .map_err(|e| format!("{}: {e}", output.display())),
            Output::Stdout => Ok(()),
        }
    }
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
    .map_err(|e| format!("{}: {e}", input::name(output)))?;
    out.commit(output)?;
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    eprintln!(
        "wrote {} (top-left {digit}, {} bytes) to {} in {:.3} s",
        plural(n, "final", "finals"),
        163 * n - 1,
        input::output_name(output),
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
fn read_file_puzzles(file: &Path) -> Result<(Vec<Grid>, Format), String> {
    let text = input::read_text(file)?;
    let (grids, format) =
        read_puzzles(&text, None).map_err(|e| format!("{}: {e}", input::name(file)))?;
    if grids.is_empty() {
        return Err(format!("{}: no puzzle found", input::name(file)));
    }
    Ok((grids, format))
}

/// Prints `value` as one line of JSON on stdout.
fn print_json(value: &serde_json::Value) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{value}").map_err(|e| format!("stdout: {e}"))?;
    out.flush().map_err(|e| format!("stdout: {e}"))
}

/// `-s FILE --json`: the report and every solution as one JSON object. The answers are the
/// ones `-s FILE -o OUT` writes: the first solution found, or the puzzle as given when it
/// has none.
fn solve_json(file: &Path, threads: usize) -> Result<(), String> {
    let (grids, _) = read_file_puzzles(file)?;
    let counts = count_all(&grids, threads).map_err(|e| e.to_string())?;
    let solutions: Vec<String> = grids
        .iter()
        .zip(&counts)
        .map(|(g, c)| c.first.as_ref().unwrap_or(g).to_line())
        .collect();
    let anomalies: Vec<serde_json::Value> = counts
        .iter()
        .enumerate()
        .filter(|(_, c)| c.verdict() != Verdict::Unique)
        .map(|(k, c)| serde_json::json!([k + 1, c.verdict().name()]))
        .collect();
    print_json(&serde_json::json!({
        "puzzles": grids.len(),
        "unique": grids.len() - anomalies.len(),
        "guesses": counts.iter().map(|c| c.guesses).sum::<u64>(),
        "anomalies": anomalies,
        "solutions": solutions,
    }))
}

fn count(file: &Path, threads: usize, json: bool) -> Result<(), String> {
    // Verdicts alone: no solution's grid is built. A file is read a batch at a time;
    // standard input is read whole.
    let verdicts = if input::is_std(file) {
        let (grids, _) = read_file_puzzles(file)?;
        verdicts(&grids, threads).map_err(|e| e.to_string())?
    } else {
        verdicts_file(file, None, threads)
            .map_err(|e| e.to_string())?
            .0
    };
    if json {
        let of = |v: Verdict| verdicts.iter().filter(|&&x| x == v).count();
        let names: Vec<&str> = verdicts.iter().map(|&v| v.name()).collect();
        return print_json(&serde_json::json!({
            "puzzles": verdicts.len(),
            "verdicts": names,
            "none": of(Verdict::NoSolution),
            "unique": of(Verdict::Unique),
            "several": of(Verdict::Multiple),
        }));
    }
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
        "{}: {} with no solution, {} unique, {} with several",
        plural(verdicts.len() as u64, "puzzle", "puzzles"),
        hist[0],
        hist[1],
        hist[2]
    );
    Ok(())
}

/// An error when `output` names the file `input` (writing would destroy what is read).
fn refuse_overwrite(input: &Path, output: &Path) -> Result<(), String> {
    if input::is_std(input) || input::is_std(output) {
        return Ok(());
    }
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
    let report = if input::is_std(input) || input::is_std(output) {
        // Standard input is read whole; standard output is written as the batches come.
        let (grids, format) = read_file_puzzles(input)?;
        let (out, file) = replace_output(output)?;
        let report = solve_to_writer(&grids, file, format, options).map_err(|e| e.to_string())?;
        out.commit(output)?;
        report
    } else {
        solve_file(input, output, options).map_err(|e| e.to_string())?
    };
    let mut err = std::io::BufWriter::new(std::io::stderr().lock());
    for a in &report.anomalies {
        let _ = writeln!(err, "puzzle {}: {}", a.puzzle, a.verdict);
    }
    let _ = writeln!(
        err,
        "solved {} ({} unique, {} without exactly one solution) into {} in {:.3} s",
        plural(report.puzzles as u64, "puzzle", "puzzles"),
        report.unique,
        report.anomalies.len(),
        input::output_name(output),
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
    if input::is_std(output) {
        let mut out = std::io::stdout().lock();
        out.write_all(&bytes)
            .and_then(|()| out.flush())
            .map_err(|e| format!("stdout: {e}"))?;
    } else {
        // A temporary file renamed over `output` once whole: a failure keeps the old file.
        puzzle_search::write_atomically(output, &bytes)
            .map_err(|e| format!("{}: {e}", output.display()))?;
    }
    eprintln!(
        "wrote isomorphs of {} (seed {seed}) to {}",
        plural(moved.len() as u64, "puzzle", "puzzles"),
        input::output_name(output)
    );
    Ok(())
}

/// `--svg FILE`: the first puzzle of `input` and its solution (or the puzzle alone when it has
/// none).
fn picture(input: &Path, svg: &Path) -> Result<(), String> {
    if input::is_std(input) {
        return Err("--svg reads the puzzle file again: give -s FILE, not standard input".into());
    }
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

/// The options each mode takes; any other given on the command line is a usage error, not
/// silently ignored (`-c 1 --count` used to write finals and say nothing of `--count`).
const TAKES: &[(&str, &[&str])] = &[
    ("create", &["output", "digit"]),
    (
        "solve",
        &["output", "count", "format", "threads", "svg", "json"],
    ),
    (
        "puzzles",
        &[
            "output",
            "threads",
            "seed",
            "symmetry",
            "difficulty",
            "clues",
        ],
    ),
    ("rate", &["steps", "json"]),
    ("isomorphs", &["output", "seed"]),
];

/// Refuses an option that the chosen mode does not take, naming both.
fn check_options(matches: &clap::ArgMatches) -> Result<(), clap::Error> {
    use clap::parser::ValueSource;
    let Some((mode, takes)) = TAKES.iter().find(|(m, _)| matches.contains_id(m)) else {
        return Ok(());
    };
    let modes: Vec<&str> = TAKES.iter().map(|(m, _)| *m).collect();
    // The argument groups, which are not options of their own.
    let groups = ["Args", "mode", "seeded", "reports"];
    for id in matches.ids().map(|id| id.as_str()) {
        if groups.contains(&id) {
            continue;
        }
        let given = matches.value_source(id) == Some(ValueSource::CommandLine);
        if given && !modes.contains(&id) && !takes.contains(&id) {
            let flag = |id: &str| match id {
                "create" => "-c".to_string(),
                "solve" => "-s".to_string(),
                "puzzles" => "-g".to_string(),
                "output" => "-o".to_string(),
                "digit" => "-d".to_string(),
                other => format!("--{other}"),
            };
            return Err(clap::Error::raw(
                clap::error::ErrorKind::ArgumentConflict,
                format!("{} does not apply to {}\n", flag(id), flag(mode)),
            ));
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    let _out = examples::output::guard("sudoku");
    let args: Args = examples::args::parse_checked(check_options);
    let threads = usize::from(args.threads);
    let result = match (&args.create, &args.solve) {
        _ if args.puzzles.is_some() => make_puzzles(args.puzzles.unwrap_or(0), &args, threads),
        _ if args.isomorphs.is_some() => isomorphs(
            args.isomorphs.as_deref().unwrap_or(Path::new("")),
            args.seed,
            &args.output,
        ),
        _ if args.rate.is_some() => rate_file(
            args.rate.as_deref().unwrap_or(Path::new("")),
            args.steps,
            args.json,
        ),
        (Some(n), None) => generate(*n, args.digit, &args.output),
        (None, Some(input)) if args.count => count(input, threads, args.json),
        (None, Some(input)) if args.json => solve_json(input, threads),
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
