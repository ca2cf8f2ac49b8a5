import json
import random

import pytest

from puzzle_solvers import QuartilesError, quartiles
from conftest import TESTDATA


def boards():
    return json.loads((TESTDATA / "quartiles" / "boards-public.json").read_text())["boards"]


def test_known_board_as_string():
    s = quartiles.solve("azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment")
    assert sorted(s.quartiles) == [
        "crosswords",
        "nihilistic",
        "razzmatazz",
        "refreshment",
        "truthfully",
    ]
    assert s.score > 0 and set(s.quartiles) <= set(s.words)
    assert len(s.tiles) == 20


def test_public_boards_as_lists():
    for board in boards()[:10]:
        s = quartiles.solve(board["tiles"])
        assert sorted(board["quartiles"]) in [sorted(c) for c in s.covers], board["id"]


def test_custom_dictionary():
    syllables = [c + v for c in "bdfgkl" for v in "aeiou"][:20]
    words = ["".join(syllables[i : i + 4]) for i in range(0, 20, 4)]
    for dictionary in (words, quartiles.Dictionary(words)):
        s = quartiles.solve(syllables, dictionary=dictionary)
        assert sorted(s.quartiles) == sorted(words)
        assert sorted(s.words) == sorted(words)
    d = quartiles.Dictionary(words)
    assert len(d) == 5 and words[0] in d


def test_bad_boards():
    with pytest.raises(QuartilesError, match="20 tiles, found 19"):
        quartiles.solve(["t" + "abcdefghijklmnopqrs"[i] for i in range(19)])
    tiles = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment".split()
    with pytest.raises(QuartilesError, match=r"line 1, column 6"):
        quartiles.solve("azz t1 " + " ".join(tiles[2:]))
    with pytest.raises(QuartilesError, match="twice"):
        quartiles.solve(tiles[:19] + ["azz"])
    with pytest.raises(QuartilesError, match=r"word 2 `d0g`, character 2"):
        quartiles.Dictionary(["cat", "d0g"])
    with pytest.raises(TypeError):
        quartiles.solve(42)


def test_random_text_never_panics():
    rng = random.Random(14)
    for _ in range(500):
        text = "".join(rng.choice("abc ,\n1") for _ in range(rng.randrange(0, 80)))
        try:
            quartiles.solve(text, dictionary=["abc"])
        except QuartilesError:
            pass


def test_the_quartile_a_dictionary_lacks_is_offered():
    from puzzle_solvers.quartiles import Dictionary

    tiles = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment"
    full = quartiles.solve(tiles)
    assert full.missing is None
    words = [w for w in full.words if w != "crosswords"]
    s = quartiles.solve(tiles, dictionary=Dictionary(words))
    assert s.quartiles == []
    assert s.missing is not None
    # The ranking learns letter shapes from the dictionary in use: a list of 28 words
    # knows little, so the right spelling is near the top rather than surely first.
    assert "crosswords" in s.missing.spellings[:2]
    assert s.missing.best == s.missing.spellings[0]
    assert sorted(s.missing.tiles) == ["cro", "rds", "ss", "wo"]
    assert len(s.missing.spellings) == 24 and len(s.missing.found) == 4
