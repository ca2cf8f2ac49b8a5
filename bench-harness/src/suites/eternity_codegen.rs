//! `codegen` rows of `compare -- eternity`: puzzle-specialised programs from
//! `eternity-codegen`, one row per group size (cells fused per function).
//!
//! Each row emits and compiles its program before it is timed (the compile cache is
//! `$ETERNITY_CODEGEN_CACHE`, else the user cache directory, so a second `compare` run starts
//! at once). A run spawns the program and measures the CPU time of the child process
//! (`getrusage(RUSAGE_CHILDREN)` around the wait), which includes the program's start-up,
//! about a millisecond. The program's own search-only figure is not used, so the rate is
//! conservative.
//!
//! Suite arguments: `--codegen-groups 1,2,...` (default: every group size 1 to 8; in quick
//! mode 1 and the default size), `--codegen-native` (build with `-C target-cpu=native`) and
//! `--codegen-cache DIR` (compile the programs there instead of the user cache).

use eternity_codegen::{Compiler, EmitOptions, Group, Program, RunOptions};
use eternity_solver::Instance;

use super::eternity::{EngineRow, EngineRun, Limit, SuiteArgs};
use crate::Ctx;
use crate::error::{HarnessError, Result};
use crate::measure::children_cpu;

/// The row the suite's last line quotes as `codegen`: the default group size.
pub fn headline_row() -> String {
    row_name(Group::default())
}

fn row_name(g: Group) -> String {
    format!("codegen-g{g}")
}

fn parse_groups(text: &str) -> Result<Vec<Group>> {
    text.split(',')
        .map(|t| {
            let n: usize = t.trim().parse().map_err(|_| {
                HarnessError::usage(format!("--codegen-groups: `{t}` is not a number"))
            })?;
            Group::new(n).map_err(|e| HarnessError::input("--codegen-groups", e))
        })
        .collect()
}

/// One row per group size; see the module docs.
pub fn codegen_rows(ctx: &Ctx, args: &mut SuiteArgs) -> Result<Vec<EngineRow>> {
    let groups = match args.take_value("--codegen-groups")? {
        Some(v) => parse_groups(&v)?,
        None if ctx.quick => vec![Group::MIN, Group::default()],
        None => Group::all().collect(),
    };
    let mut compiler = Compiler::new().native_cpu(args.take_flag("--codegen-native"));
    // `--codegen-cache DIR`: where the programs are compiled (default: the user's cache).
    if let Some(dir) = args.take_value("--codegen-cache")? {
        compiler = compiler.cache_dir(dir);
    }
    Ok(groups
        .into_iter()
        .map(|group| {
            let compiler = compiler.clone();
            // Programs built so far, per instance (the suite runs a few boards round-robin).
            let mut built: Vec<(Instance, Program)> = Vec::new();
            EngineRow::new(row_name(group), move |inst: &Instance, limit: Limit| {
                let program = match built.iter().position(|(i, _)| i == inst) {
                    Some(k) => &built[k].1,
                    None => {
                        let opts = EmitOptions::default().group(group).progress(false);
                        let p = Program::build_with(&compiler, inst, &opts)
                            .map_err(HarnessError::solver)?;
                        built.push((inst.clone(), p));
                        &built[built.len() - 1].1
                    }
                };
                let options = RunOptions {
                    max_nodes: limit.max_nodes,
                    mode: Some(limit.mode),
                    progress: Some(None),
                    ..RunOptions::default()
                };
                let before = children_cpu();
                let out = program.run(&options).map_err(HarnessError::solver)?;
                let cpu = children_cpu().saturating_sub(before);
                Ok(EngineRun::new(out.nodes, out.solutions, cpu))
            })
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_parse_and_reject() {
        assert_eq!(
            parse_groups("1, 4,8").unwrap(),
            vec![
                Group::new(1).unwrap(),
                Group::new(4).unwrap(),
                Group::new(8).unwrap()
            ]
        );
        assert!(parse_groups("0").is_err());
        assert!(parse_groups("x").is_err());
        assert_eq!(headline_row(), "codegen-g4");
    }
}
