//! The hamilton section of the demo: block-fill boards from `testdata/hamilton` solved and
//! replayed, impossible ones with their reasons, counts against the manifest, and a search
//! paused, cloned and resumed.

use examples::picture::Pictures;
use examples::{DemoResult, testdata};
use hamilton_solver::count::count;
use hamilton_solver::{Budget, Grid, Paths, Search, Solution, Solver, Step};

/// Runs the section.
pub fn run(pictures: &mut Pictures) -> DemoResult {
    let dir = testdata().join("hamilton");
    let read = |name: &str| -> Result<Grid, Box<dyn std::error::Error>> {
        Ok(Grid::parse(&std::fs::read_to_string(dir.join(name))?)?)
    };
    println!("     board  size       the path's moves from the start X");
    for name in ["s6_3.txt", "s10_1.txt", "s14_2.txt", "s20_1.txt"] {
        let grid = read(name)?;
        let path = Solver::new(&grid).solve()?;
        Solution::new(&grid, path.cells().to_vec())?;
        if name == "s14_2.txt" {
            pictures.add("hamilton.svg", "Block fill: s14_2, the path", || {
                grid.solution_svg(&path)
            })?;
        }
        let arrows = path.arrows();
        let shown: String = arrows.chars().take(60).collect();
        println!(
            "{name:>10}  {:>4} tiles  {}{}",
            grid.tile_count(),
            shown,
            if arrows.chars().count() > 60 {
                " …"
            } else {
                ""
            }
        );
    }
    for name in ["p10_1.txt", "m8_4.txt", "m14_1.txt"] {
        let grid = read(name)?;
        match Solver::new(&grid).solve() {
            Ok(_) => return Err(format!("{name}: found a path on an impossible board").into()),
            Err(why) => {
                println!("{name:>10}  no path: {why}");
                if name == "p10_1.txt" {
                    let caption = "Block fill: p10_1, impossible by parity";
                    pictures.add("hamilton-proof.svg", caption, || grid.proof_svg(&why))?;
                }
            }
        }
    }
    for (name, expected) in [
        ("s8_3.txt", 4535u128),
        ("m10_3.txt", 222960),
        ("full_c7.txt", 1510446),
    ] {
        let n = count(&read(name)?)?;
        if n != expected {
            return Err(format!("{name}: counted {n}, the manifest says {expected}").into());
        }
        println!(
            "{name:>10}  {n} paths from the start X (counted by dynamic programming, not one by one)"
        );
    }
    // a search in small steps, cloned half way: the clone finishes with the same paths
    let grid = read("s6_1.txt")?;
    let mut paths = Paths::new(&grid);
    let mut first = 0u64;
    while first < 100 {
        if let Step::Found(_) = paths.step(Budget::nodes(50)) {
            first += 1;
        }
    }
    let copy = paths.clone();
    let rest = paths.count() as u64;
    let rest_of_copy = copy.count() as u64;
    if rest != rest_of_copy || first + rest != 445 {
        return Err("a resumed enumeration disagreed".into());
    }
    println!(
        "  s6_1.txt  445 paths: 100 found in steps of 50 nodes, then the search cloned and both copies finished with the same 345"
    );
    Ok(())
}
