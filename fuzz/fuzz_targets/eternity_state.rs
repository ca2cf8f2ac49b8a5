//! Saved Eternity search states: the checkpoint envelope and the continuation inside it. A
//! state that reads is checked against a puzzle and resumed, or refused with a typed error.
#![no_main]
use eternity_solver::search::{Continuation, SearchOptions, Solver};
use eternity_solver::{Budget, FillOrder, Instance, Piece, Search};
use libfuzzer_sys::fuzz_target;
use puzzle_search::Checkpoint;

fuzz_target!(|text: &str| {
    let pieces = vec![
        Piece::new([0, 1, 2, 0]),
        Piece::new([0, 0, 3, 1]),
        Piece::new([2, 4, 0, 0]),
        Piece::new([3, 0, 0, 4]),
    ];
    let inst = Instance::new(2, 2, pieces, vec![]).expect("a valid 2x2");
    let order = FillOrder::row_major(&inst);
    if let Ok(cont) = Continuation::from_text(text)
        && let Ok(mut solver) = Solver::resume(&inst, &order, &cont, SearchOptions::default())
    {
        let _ = solver.step(Budget::nodes(100));
    }
    if let Ok(cp) = Checkpoint::from_text(text)
        && let Ok(mut solver) =
            Solver::from_checkpoint(&inst, &order, &cp, SearchOptions::default())
    {
        let _ = solver.step(Budget::nodes(100));
    }
});
