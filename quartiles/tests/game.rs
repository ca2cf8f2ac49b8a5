//! The `Game`: plays, rejections, what is left, hints and the game's score.

use quartiles_solver::{Board, Dictionary, Game, Hint, QUARTILES_BONUS, Rejected, Solver};

const SEED: &str = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment";
const QUARTILES: [&str; 5] = [
    "truthfully",
    "refreshment",
    "razzmatazz",
    "nihilistic",
    "crosswords",
];

fn game() -> Game {
    Game::new(&Dictionary::english(), &Board::parse(SEED).unwrap())
}

#[test]
fn plays_are_accepted_once_and_rejections_say_why() {
    let mut g = game();
    let a = g.play("  CROSS ").unwrap();
    assert_eq!(a.word.as_str(), "cross");
    assert_eq!((a.word.tiles(), a.points, a.bonus), (2, 2, 0));
    assert!(g.is_found("cross"));
    assert_eq!(
        g.play("cross"),
        Err(Rejected::AlreadyFound {
            word: "cross".into()
        })
    );
    assert_eq!(g.play("   "), Err(Rejected::Empty));
    // spelled by tiles (cro + ref) but no word
    assert_eq!(
        g.play("croref"),
        Err(Rejected::NotAWord {
            word: "croref".into()
        })
    );
    // a word, but not from these tiles
    assert_eq!(
        g.play("apple"),
        Err(Rejected::NotOnBoard {
            word: "apple".into()
        })
    );
    assert_eq!(
        g.play("apple").unwrap_err().to_string(),
        "`apple` cannot be made from the board's tiles"
    );
    assert_eq!(g.score(), 2);
}

#[test]
fn remaining_counts_follow_the_plays() {
    let mut g = game();
    let total = g.total_by_tiles();
    assert_eq!(total, g.remaining_by_tiles());
    assert_eq!(total[3], g.words().filter(|w| w.is_quartile()).count());
    assert!(total[3] >= 5);
    assert_eq!(total.iter().sum::<usize>(), g.words().count());
    g.play("razzmatazz").unwrap();
    let left = g.remaining_by_tiles();
    assert_eq!(left[3], total[3] - 1);
    assert_eq!(left[..3], total[..3]);
    assert_eq!(g.found().count(), 1);
    assert_eq!(g.missing().count(), g.words().count() - 1);
}

#[test]
fn the_score_is_the_games_and_the_bonus_comes_with_the_fifth_quartile() {
    let mut g = game();
    for (i, q) in QUARTILES.iter().enumerate() {
        let a = g.play(q).unwrap();
        assert_eq!(a.points, 8);
        let last = i == QUARTILES.len() - 1;
        assert_eq!(a.bonus, if last { QUARTILES_BONUS } else { 0 }, "{q}");
        assert_eq!(g.has_bonus(), last);
    }
    assert_eq!(g.score(), 5 * 8 + QUARTILES_BONUS);
    // every other word: the score reaches the maximum, which is the solver's score
    let rest: Vec<String> = g.missing().map(|w| w.to_string()).collect();
    for w in rest {
        g.play(&w).unwrap();
    }
    assert!(g.is_complete());
    assert_eq!(g.score(), g.max_score());
    let solver = Solver::new(&Dictionary::english(), &Board::parse(SEED).unwrap()).finish();
    assert_eq!(g.max_score(), solver.score());
    assert_eq!(g.remaining_by_tiles(), [0; 4]);
}

#[test]
fn hints_point_at_missing_words_and_quartiles() {
    let mut g = game();
    let Some(Hint::FirstTile { tile, tiles }) = g.word_hint() else {
        panic!("a fresh game has a missing word");
    };
    let first = g.missing().next().copied().unwrap();
    assert!(first.as_str().starts_with(tile.as_str()));
    assert_eq!(tiles, first.tiles());
    // the hint follows the plays: once that word is found, the next one is hinted
    g.play(first.as_str()).unwrap();
    let Some(Hint::FirstTile { tile, .. }) = g.word_hint() else {
        panic!("more words are missing");
    };
    assert!(
        g.missing()
            .next()
            .unwrap()
            .as_str()
            .starts_with(tile.as_str())
    );

    let mut seen = Vec::new();
    while let Some(Hint::Quartile { tiles }) = g.quartile_hint() {
        let word: String = tiles.iter().map(|t| t.as_str()).collect();
        assert!(QUARTILES.contains(&word.as_str()), "{word}");
        assert!(
            !seen.contains(&word),
            "a found quartile is not hinted again"
        );
        g.play(&word).unwrap();
        seen.push(word);
    }
    assert_eq!(seen.len(), 5);
    assert!(g.has_bonus());
    assert_eq!(g.hints_used(), 2 + 5);
}

#[test]
fn a_game_without_quartiles_has_no_bonus() {
    let dict = Dictionary::from_words(["cross", "truss"]).unwrap();
    let mut g = Game::new(&dict, &Board::parse(SEED).unwrap());
    assert_eq!(g.total_by_tiles(), [0, 2, 0, 0]);
    assert_eq!(g.max_score(), 4);
    assert_eq!(g.quartile_hint(), None);
    g.play("truss").unwrap();
    g.play("cross").unwrap();
    assert!(g.is_complete());
    assert_eq!(g.word_hint(), None);
    assert_eq!(g.score(), 4);
}
