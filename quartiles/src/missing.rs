//! The fifth quartile when the dictionary lacks it.
//!
//! The five quartiles always cover all 20 tiles, so when four disjoint 4-tile words are found
//! and no fifth, the four tiles left over *are* the fifth quartile: the board's author had a
//! word the list lacks (a new coinage, a plural, a brand). [`Solver::missing_quartile`]
//! offers it, with its 24 possible spellings ranked by how word-like they look: a letter
//! bigram model of the dictionary itself, with the start and end of a word counted as
//! letters, so `staycations` ranks above `ationsstayc`.

use crate::dictionary::Dictionary;
use crate::search::{Solver, Word};

/// Four quartiles found and the four tiles they leave: the likely fifth quartile, which the
/// dictionary does not have. See [`Solver::missing_quartile`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MissingQuartile {
    /// The four quartiles found, disjoint, in search order.
    pub found: [Word; 4],
    /// The indices of the four tiles left, in board order.
    pub tiles: [usize; 4],
    /// The 24 spellings of the tiles left (every order of the four), the most word-like
    /// first; ties in alphabetical order, so the ranking is deterministic.
    pub spellings: Vec<String>,
}

impl MissingQuartile {
    /// The most word-like spelling: the one to offer first.
    pub fn best(&self) -> &str {
        // Never empty: four tiles have 24 orders.
        self.spellings.first().map_or("", String::as_str)
    }
}

impl Solver {
    /// When the search found no cover of the board by five quartiles but four disjoint ones,
    /// the four tiles they leave, which must be the fifth quartile (see the module docs of
    /// `missing`); `None` when a cover was found or no four quartiles are disjoint. With
    /// several such foursomes, the first in search order. Costs a pass over the dictionary
    /// (milliseconds for the English list): call it once, after the search.
    ///
    /// ```
    /// use quartiles_solver::{Board, Dictionary, Solver};
    ///
    /// let board = Board::parse(
    ///     "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment",
    /// )?;
    /// // A list without "razzmatazz": four quartiles, and no cover.
    /// let dict = Dictionary::english().with_denied(["razzmatazz"])?;
    /// let solver = Solver::new(&dict, &board).finish();
    /// assert!(solver.quartiles().is_empty());
    /// let missing = solver.missing_quartile().expect("four quartiles are found");
    /// assert_eq!(missing.best(), "razzmatazz");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn missing_quartile(&self) -> Option<MissingQuartile> {
        if !self.quartiles().is_empty() {
            return None;
        }
        let mut quartiles: Vec<Word> = Vec::new();
        for w in self.words() {
            if w.is_quartile() && !quartiles.iter().any(|q| q.path.mask() == w.path.mask()) {
                quartiles.push(w);
            }
        }
        let four = first_disjoint_four(&quartiles)?;
        let used = four.iter().fold(0u32, |m, &k| m | quartiles[k].path.mask());
        let mut tiles = [0usize; 4];
        let mut left = (0..crate::TILE_COUNT).filter(|t| used & (1 << t) == 0);
        for t in &mut tiles {
            *t = left.next()?;
        }
        let board = self.board();
        let model = LetterModel::of(self.dictionary());
        let mut spellings: Vec<(f64, String)> = orders(tiles)
            .into_iter()
            .map(|order| {
                let text: String = order.iter().map(|&t| board.tile(t)).collect();
                (
                    model.score(&text) + PREFIX_WEIGHT * self.prefix_tiles(&order),
                    text,
                )
            })
            .collect();
        spellings.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
        Some(MissingQuartile {
            found: four.map(|k| quartiles[k]),
            tiles,
            spellings: spellings.into_iter().map(|(_, s)| s).collect(),
        })
    }
}

/// What a leading run of tiles that starts dictionary words adds to a spelling's
/// log-likelihood, per tile: a word is built from its start, and `ra`, `razz` start words
/// where `matra` starts few. Measured on the 66 public boards of the repository's test data,
/// each of their 325 quartiles denied in turn: the denied word ranks first for 233 with
/// letter statistics alone (weight 0), 294 at weight 2, 305 at 5 and 304 at 8; it is in the
/// first three for 314 at 5.
const PREFIX_WEIGHT: f64 = 5.0;

impl Solver {
    /// How many of the first one, two and three tiles of `order`, joined, start a word of
    /// the dictionary (0 to 3), counting from the first until one does not.
    fn prefix_tiles(&self, order: &[usize; 4]) -> f64 {
        let mut cursor = self.dictionary().cursor();
        let mut n = 0.0;
        for &t in &order[..3] {
            match cursor.extend(self.board().tile(t)) {
                Some(next) if next.can_extend() => {
                    cursor = next;
                    n += 1.0;
                }
                _ => break,
            }
        }
        n
    }
}

/// The first four pairwise disjoint words (by tile masks), in lexicographic order of their
/// indices.
fn first_disjoint_four(words: &[Word]) -> Option<[usize; 4]> {
    fn go(words: &[Word], from: usize, used: u32, chosen: &mut [usize; 4], n: usize) -> bool {
        if n == 4 {
            return true;
        }
        for k in from..words.len() {
            let m = words[k].path.mask();
            if m & used == 0 {
                chosen[n] = k;
                if go(words, k + 1, used | m, chosen, n + 1) {
                    return true;
                }
            }
        }
        false
    }
    let mut chosen = [0; 4];
    go(words, 0, 0, &mut chosen, 0).then_some(chosen)
}

/// The 24 orders of four tiles.
fn orders(tiles: [usize; 4]) -> Vec<[usize; 4]> {
    let mut out = Vec::with_capacity(24);
    for a in 0..4 {
        for b in (0..4).filter(|&b| b != a) {
            for c in (0..4).filter(|&c| c != a && c != b) {
                let d = 6 - a - b - c;
                out.push([tiles[a], tiles[b], tiles[c], tiles[d]]);
            }
        }
    }
    out
}

/// Letter trigram and bigram counts of a dictionary, symbol 0 standing for a word's start
/// and end and 1-26 for `a`-`z` (other bytes are left out). Trigrams see what bigrams miss:
/// `zzz` is unlikely although `zz` is common.
struct LetterModel {
    /// `bigrams[a * S + b]`: how often `b` follows `a`.
    bigrams: Vec<u32>,
    /// `trigrams[(a * S + b) * S + c]`: how often `c` follows `a b`.
    trigrams: Vec<u32>,
}

impl LetterModel {
    const SYMBOLS: usize = 27;

    fn symbol(b: u8) -> Option<usize> {
        b.is_ascii_lowercase().then(|| usize::from(b - b'a') + 1)
    }

    /// The symbols of `word`, with the start (twice, for the first trigram) and the end.
    fn symbols(word: &str) -> impl Iterator<Item = usize> + '_ {
        [0, 0]
            .into_iter()
            .chain(word.bytes().filter_map(Self::symbol))
            .chain([0])
    }

    fn of(dict: &Dictionary) -> LetterModel {
        const S: usize = LetterModel::SYMBOLS;
        let mut bigrams = vec![0u32; S * S];
        let mut trigrams = vec![0u32; S * S * S];
        for (word, _) in dict.words() {
            let (mut a, mut b) = (usize::MAX, usize::MAX);
            for c in Self::symbols(&word) {
                if b != usize::MAX {
                    bigrams[b * S + c] += 1;
                }
                if a != usize::MAX {
                    trigrams[(a * S + b) * S + c] += 1;
                }
                (a, b) = (b, c);
            }
        }
        LetterModel { bigrams, trigrams }
    }

    /// The log-likelihood of `text` as a word (start and end included): each letter's
    /// trigram estimate, backed off to its add-one smoothed bigram estimate, so an unseen
    /// sequence is unlikely rather than impossible.
    fn score(&self, text: &str) -> f64 {
        const S: usize = LetterModel::SYMBOLS;
        let mut total = 0.0;
        let (mut a, mut b) = (usize::MAX, usize::MAX);
        for c in Self::symbols(text) {
            if a != usize::MAX {
                let row = &self.bigrams[b * S..(b + 1) * S];
                let seen: u64 = row.iter().map(|&n| u64::from(n)).sum();
                let p2 = (f64::from(row[c]) + 1.0) / (seen as f64 + S as f64);
                let after_ab = f64::from(self.bigrams[a * S + b]);
                let p3 = (f64::from(self.trigrams[(a * S + b) * S + c]) + p2) / (after_ab + 1.0);
                total += p3.ln();
            }
            (a, b) = (b, c);
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;

    #[test]
    fn four_tiles_have_24_distinct_orders() {
        let mut all = orders([3, 7, 11, 19]);
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), 24);
    }

    #[test]
    fn a_board_with_its_cover_has_nothing_missing() {
        let board =
            Board::parse("azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment")
                .unwrap();
        let solver = Solver::new(&Dictionary::english(), &board).finish();
        assert_eq!(solver.missing_quartile(), None);
    }

    #[test]
    fn each_denied_quartile_comes_back_as_the_best_spelling() {
        let board =
            Board::parse("azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment")
                .unwrap();
        for word in [
            "truthfully",
            "refreshment",
            "razzmatazz",
            "nihilistic",
            "crosswords",
        ] {
            let dict = Dictionary::english().with_denied([word]).unwrap();
            let solver = Solver::new(&dict, &board).finish();
            let missing = solver.missing_quartile().expect(word);
            assert_eq!(missing.best(), word);
            assert_eq!(missing.spellings.len(), 24);
            let found: Vec<&str> = missing.found.iter().map(|w| w.as_str()).collect();
            assert!(!found.contains(&word), "{found:?}");
        }
    }

    #[test]
    fn the_model_prefers_word_shapes() {
        let model = LetterModel::of(&Dictionary::english());
        assert!(model.score("staycations") > model.score("ationsstayc"));
        assert!(model.score("staycations") > model.score("aycstations"));
    }
}
