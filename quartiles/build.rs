//! Unrolls the embedded word list into the solver's search index at compile time, so that
//! `Dictionary::english()` is ready to solve with no work at run time.

use std::path::PathBuf;

#[allow(dead_code)]
#[path = "src/index.rs"]
mod index;

fn main() {
    println!("cargo::rerun-if-changed=data/english.fst");
    println!("cargo::rerun-if-changed=src/index.rs");
    let bytes = std::fs::read("data/english.fst").expect("data/english.fst is in the crate");
    let fst = fst::raw::Fst::new(bytes).expect("data/english.fst is a valid fst");
    let index = index::Index::build(&fst);
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("english.idx"), index.to_le_bytes()).expect("OUT_DIR is writable");
}
