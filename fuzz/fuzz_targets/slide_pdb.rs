//! Pattern-database files: any bytes on disk load as a table or are refused with a typed
//! error (wrong magic, version, size, pattern, length or checksum), never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;
use slide_solver::PatternDb;

fuzz_target!(|data: &[u8]| {
    let path = std::env::temp_dir().join(format!("fuzz-slide-pdb-{}", std::process::id()));
    std::fs::write(&path, data).expect("the temporary directory is writable");
    // The header names 3x3 and a 2-tile pattern; the fuzzer mutates from saved tables.
    for (w, h, pattern, blank) in [(3, 3, &[1u8, 2][..], 8), (2, 2, &[1u8][..], 3)] {
        let _ = PatternDb::load(&path, w, h, pattern, blank);
    }
    let _ = std::fs::remove_file(&path);
});
