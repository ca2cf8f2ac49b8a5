//! A few public boards, embedded so the crate's tests run from its package alone (the full
//! set of 65 is tested by the repository's oracle tests).
#![allow(dead_code)]

use quartiles_solver::Board;

/// One public board with its answers.
pub struct PublicBoard {
    pub id: &'static str,
    pub tiles: &'static str,
    /// The five quartiles, sorted.
    pub quartiles: [&'static str; 5],
    /// Words copied from the official game, where the source has them (a subset of what the
    /// game accepts).
    pub official: Option<&'static [&'static str]>,
}

impl PublicBoard {
    pub fn board(&self) -> Board {
        Board::parse(self.tiles).expect("a valid board")
    }
}

/// The seed's board (`xebia-1`).
pub const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";

/// Four of the public boards: the original solver's two, Apple's promotional board, and one
/// whose quartile needs a folded accent (`boutonnière`).
pub const BOARDS: [PublicBoard; 4] = [
    PublicBoard {
        id: "xebia-1",
        tiles: SEED,
        quartiles: [
            "crosswords",
            "nihilistic",
            "razzmatazz",
            "refreshment",
            "truthfully",
        ],
        official: Some(&[
            "cross",
            "crosswords",
            "fully",
            "fuss",
            "fuzz",
            "is",
            "mat",
            "nihilistic",
            "rail",
            "rally",
            "rare",
            "rash",
            "razz",
            "razzmatazz",
            "recross",
            "ref",
            "refresh",
            "refreshment",
            "rewords",
            "this",
            "thrash",
            "thresh",
            "tic",
            "truss",
            "truth",
            "truthfully",
            "words",
            "wore",
        ]),
    },
    PublicBoard {
        id: "xebia-2",
        tiles: "tab nch ec dis oo per mb ous cour le mar te zle su la ba ket del il chi",
        quartiles: [
            "bamboozle",
            "chinchilla",
            "delectable",
            "discourteous",
            "supermarket",
        ],
        official: Some(&[
            "bail",
            "bale",
            "bamboo",
            "bamboozle",
            "bate",
            "chi",
            "chinchilla",
            "courteous",
            "delectable",
            "discourteous",
            "diskette",
            "lamb",
            "late",
            "leper",
            "market",
            "per",
            "peril",
            "perilous",
            "super",
            "supermarket",
            "tab",
            "table",
            "taboo",
        ]),
    },
    PublicBoard {
        id: "apple-promo-2024",
        tiles: "dis cor dan ce gas tro nom ic un in vit ed by zan ti ne ma ra thon er",
        quartiles: [
            "byzantine",
            "discordance",
            "gastronomic",
            "marathoner",
            "uninvited",
        ],
        official: None,
    },
    PublicBoard {
        id: "qc-2025-02-21",
        tiles: "ct san bou ri lly sub ro hik ard ton hit nd nie sac ch sta re gene es ca",
        quartiles: [
            "boutonniere",
            "generically",
            "hitchhikes",
            "sacrosanct",
            "substandard",
        ],
        official: None,
    },
];
