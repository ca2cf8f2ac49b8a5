//! Eternity JSON bench boards: an instance or a typed error.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|text: &str| {
    if let Ok(inst) = eternity_solver::format::json::parse(text) {
        // What parses writes back to text that parses to the same puzzle.
        let again =
            eternity_solver::format::json::parse(&eternity_solver::format::json::to_string(&inst))
                .expect("a written board parses");
        assert_eq!(again.pieces(), inst.pieces());
    }
});
