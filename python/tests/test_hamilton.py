import random

import pytest

from puzzle_solvers import HamiltonError, Impossible, hamilton
from conftest import TESTDATA


def tiles_of(grid: str):
    return {
        (r, c)
        for r, line in enumerate(grid.splitlines())
        for c, ch in enumerate(line)
        if ch in "xXE"
    }


def check_path(grid: str, path):
    assert set(path) == tiles_of(grid) and len(path) == len(set(path))
    start = [
        (r, c) for r, line in enumerate(grid.splitlines()) for c, ch in enumerate(line) if ch == "X"
    ]
    assert path[0] == start[0]
    for (r1, c1), (r2, c2) in zip(path, path[1:]):
        assert abs(r1 - r2) + abs(c1 - c2) == 1


def test_paths_are_valid():
    for name in ("s6_1.txt", "s8_1.txt", "s10_1.txt", "s14_1.txt"):
        grid = (TESTDATA / "hamilton" / name).read_text()
        check_path(grid, hamilton.solve(grid))


def test_counts_match_the_manifest():
    for line in (TESTDATA / "hamilton" / "manifest.tsv").read_text().splitlines():
        if line.startswith("#"):
            continue
        name, _, verdict, solutions = line.split("\t")[:4]
        if name.startswith("s") and solutions.isdigit() and int(solutions) < 10**6:
            grid = (TESTDATA / "hamilton" / name).read_text()
            assert hamilton.count(grid) == int(solutions), name


def test_impossible_carries_the_reason():
    with pytest.raises(Impossible) as e:
        hamilton.solve("Xxx\nx x")
    assert e.value.reason == "parity" and "colour" in str(e.value)
    assert isinstance(e.value, HamiltonError) and isinstance(e.value, ValueError)
    assert hamilton.count("Xxx\nx x") == 0
    with pytest.raises(Impossible) as e:
        hamilton.solve((TESTDATA / "hamilton" / "m8_4.txt").read_text())
    assert e.value.reason in ("exhausted", "disconnected", "dead-ends", "parity")


def test_bad_grids():
    with pytest.raises(HamiltonError, match=r"line 2, column 2"):
        hamilton.solve("Xx\nx?")
    with pytest.raises(HamiltonError, match="two start"):
        hamilton.solve("XX")
    with pytest.raises(HamiltonError, match="no tiles"):
        hamilton.count("   ")


def test_random_text_never_panics():
    rng = random.Random(14)
    for _ in range(500):
        text = "".join(rng.choice("xxxxX E\n?") for _ in range(rng.randrange(0, 40)))
        for call in (hamilton.solve, hamilton.count):
            try:
                call(text)
            except HamiltonError:
                pass


def test_sample_draws_uniform_paths_reproducibly():
    grid = "Xxxx\nxxxx\nxxxx\nxxxx"
    draws = hamilton.sample(grid, 2000, seed=5)
    assert draws == hamilton.sample(grid, 2000, seed=5)
    # Every draw is a path from the start through all 16 tiles.
    for cells in draws[:50]:
        assert cells[0] == (0, 0) and len(set(cells)) == 16
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(cells, cells[1:]))
    # 52 paths, each drawn about 2000 / 52 = 38 times; all of them show up.
    assert len({tuple(c) for c in draws}) == hamilton.count(grid) == 52
    assert hamilton.sample("xXx\nxxx\nxxx", 3) == []
    with pytest.raises(ValueError, match="k must be at most"):
        hamilton.sample(grid, 10**7)


def test_edge_counts_show_forced_and_free_edges():
    grid = "Xxxx\n   x\n xxx\n xxx\n xxx"
    total, edges = hamilton.edge_counts(grid)
    assert total == hamilton.count(grid) == 8
    # The corridor is forced: every path takes it.
    assert edges[((0, 0), (0, 1))] == edges[((1, 3), (2, 3))] == total
    # Each path has one edge fewer than the board has tiles.
    assert sum(edges.values()) == total * (14 - 1)
    assert hamilton.edge_counts("xXx\nxxx\nxxx") == (0, {})
