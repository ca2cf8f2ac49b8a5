import random

import pytest

from puzzle_solvers import SlideError, slide
from conftest import TESTDATA

MOVES = {"U": -3, "D": 3, "L": -1, "R": 1}


def eight_puzzle_tests():
    for line in (TESTDATA / "slide" / "eightpuzzle_slidr_tests.txt").read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        head, tiles, _ = line.split("|")
        yield int(head.split()[1]), tiles.strip()


def replay(board: str, moves: str, width: int) -> list:
    cells = [int(t) for t in board.split()]
    for m in moves:
        b = cells.index(0)
        step = {"U": -width, "D": width, "L": -1, "R": 1}[m]
        cells[b], cells[b + step] = cells[b + step], cells[b]
    return cells


def test_eight_puzzle_optimal_lengths():
    for optimal, tiles in eight_puzzle_tests():
        s = slide.solve(tiles)
        assert s.length == optimal == len(s.moves)
        assert replay(tiles, s.moves, 3) == [1, 2, 3, 4, 5, 6, 7, 8, 0]
        for h in ("manhattan", "linear-conflict"):
            assert slide.solve(tiles, heuristic=h).length == optimal


def test_fifteen_puzzle():
    # Korf's instance 55 (41 moves), goal with the blank last.
    board = "5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3"
    s = slide.solve(board, size="4x4", heuristic="linear-conflict")
    assert s.length == 41 and s.nodes > 0
    assert replay(board, s.moves, 4) == list(range(1, 16)) + [0]


def test_bad_boards():
    with pytest.raises(SlideError, match="column"):
        slide.solve("1 2 3 4 5 6 7 8 y")
    with pytest.raises(SlideError, match="unsolvable"):
        slide.solve("2 1 3 4 5 6 7 8 0")
    with pytest.raises(SlideError):
        slide.solve("1 2 3 4 5 6 7 8 0", heuristic="nonsense")
    with pytest.raises(SlideError):
        slide.solve("1 2 3 0", size="9x9")


def test_random_text_never_panics():
    rng = random.Random(14)
    for _ in range(500):
        text = " ".join(str(rng.randrange(0, 12)) for _ in range(rng.choice([4, 8, 9, 10])))
        try:
            slide.solve(text, heuristic="manhattan")
        except SlideError:
            pass
