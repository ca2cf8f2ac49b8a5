//! `compare [SUITE] [--quick] [--rounds N] [--json FILE] [--html FILE] [SUITE ARGS...]`
//!
//! Runs engines side by side on the same inputs and prints one table per suite. With no suite
//! it runs every suite and ends with a summary table. `--quick` is the CI smoke mode: every
//! suite runs on small inputs and checks its answers, timing nothing that matters. `--html`
//! also writes a page with every table and plots drawn from them (at least one per suite).
#![forbid(unsafe_code)]

use std::process::ExitCode;

use bench_harness::Ctx;
use bench_harness::measure::{children_cpu, machine, process_cpu};
use bench_harness::report::{Table, sig3};
use bench_harness::suites;

fn usage() -> String {
    let names: Vec<_> = suites::all().iter().map(|s| s.name).collect();
    format!(
        "usage: compare [SUITE] [--quick] [--rounds N] [--json FILE] [--html FILE] [SUITE ARGS...]\nsuites: {}",
        names.join(", ")
    )
}

fn main() -> ExitCode {
    let mut ctx = Ctx {
        rounds: 5,
        ..Ctx::default()
    };
    let mut json = None;
    let mut html = None;
    let mut suite = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--quick" => ctx.quick = true,
            "--rounds" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => ctx.rounds = n,
                None => {
                    eprintln!("--rounds needs a whole number\n{}", usage());
                    return ExitCode::from(2);
                }
            },
            "--json" => match args.next() {
                Some(p) => json = Some(p),
                None => {
                    eprintln!("--json needs a file name\n{}", usage());
                    return ExitCode::from(2);
                }
            },
            "--html" => match args.next() {
                Some(p) => html = Some(p),
                None => {
                    eprintln!("--html needs a file name\n{}", usage());
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!("{}", usage());
                return ExitCode::SUCCESS;
            }
            _ if suite.is_none() && !a.starts_with('-') => suite = Some(a),
            _ => ctx.args.push(a),
        }
    }
    let all = suites::all();
    let chosen: Vec<_> = match &suite {
        Some(name) => match all.iter().find(|s| s.name == name) {
            Some(s) => vec![s],
            None => {
                eprintln!("unknown suite `{name}`\n{}", usage());
                return ExitCode::from(2);
            }
        },
        None => all.iter().collect(),
    };
    if ctx.quick {
        println!(
            "(quick: a smoke run; every suite runs its engines once on a small input and checks \
             their answers; the timings below are not figures)\n"
        );
    }
    // Ratios between solvers move with the processor: say where they were measured.
    let machine = machine();
    println!("machine: {machine}\n");
    let mut reports = Vec::new();
    let mut failed = Vec::new();
    for s in chosen {
        println!("== {}: {}", s.name, s.about);
        // What the whole suite cost (this process and its children: builds, C engines),
        // so that `--quick` can be seen to stay quick.
        let cpu_before = process_cpu() + children_cpu();
        match (s.run)(&ctx) {
            Ok(mut r) => {
                print!("{}", r.table.render());
                println!("{}", r.last_line);
                let cpu = (process_cpu() + children_cpu()).saturating_sub(cpu_before);
                r.figure("suite run time", cpu.as_secs_f64(), "cpu-s");
                r.machine = machine.clone();
                reports.push(r);
            }
            Err(e) => {
                // The error's message, then each cause that adds to it, on one line.
                eprintln!("{}: {}", s.name, e.chain());
                failed.push(s.name);
            }
        }
        println!();
    }
    if suite.is_none() {
        let mut t = Table::new(["suite", "figure", "value", "unit"]);
        for r in &reports {
            for f in &r.figures {
                t.row([
                    r.suite.clone(),
                    f.name.clone(),
                    sig3(f.value),
                    f.unit.clone(),
                ]);
            }
        }
        println!("== summary");
        print!("{}", t.render());
        for r in &reports {
            println!("{}", r.last_line);
        }
    }
    if let Some(path) = json {
        let text = match serde_json::to_string_pretty(&reports) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("cannot encode the figures as JSON: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(e) = std::fs::write(&path, text) {
            eprintln!("cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if let Some(path) = html {
        let page = bench_harness::html::page(&reports, ctx.quick);
        if let Err(e) =
            puzzle_search::write_atomically(std::path::Path::new(&path), page.as_bytes())
        {
            eprintln!("cannot write {path}: {e}");
            return ExitCode::FAILURE;
        }
    }
    if !failed.is_empty() {
        eprintln!("failed suites: {}", failed.join(", "));
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
