//! Custom Quartiles dictionaries: a word list (text) or FST bytes, refused with a typed error
//! when malformed, never a panic; a dictionary that loads answers look-ups.
#![no_main]
use libfuzzer_sys::fuzz_target;
use quartiles_solver::Dictionary;

fuzz_target!(|data: &[u8]| {
    let Some((&kind, rest)) = data.split_first() else {
        return;
    };
    let dict = if kind % 2 == 0 {
        match std::str::from_utf8(rest) {
            Ok(text) => Dictionary::from_word_list(text),
            Err(_) => return,
        }
    } else {
        Dictionary::from_fst_bytes(rest.to_vec())
    };
    if let Ok(dict) = dict {
        let _ = dict.contains("quartiles");
    }
});
