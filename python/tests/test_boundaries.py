"""The Python boundary: no panic crosses it, and a bad argument raises an exception that
names it. Budgets that are infinite, huge, NaN or negative raise `ValueError` (a
`PanicException`, which `except Exception` does not catch, reached Python before), and
`sudoku.solve_file` refuses to write over its own input."""

import math

import pytest

from puzzle_solvers import SudokuError, eternity, hamilton, slide, sudoku
from conftest import TESTDATA

H52 = TESTDATA / "eternity" / "oracles" / "bench-easy-h52.json"
P = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
BAD_SECONDS = [math.inf, -math.inf, math.nan, 1e300, -1.0, 2**70]
BAD_NODES = [-1, 2**70]


def _steppers():
    """Each call that takes a `nodes=`/`seconds=` budget, on a fresh search."""
    yield "eternity.Search.step", lambda **kw: eternity.Search(eternity.load(H52)).step(**kw)
    yield "eternity.Search.run", lambda **kw: eternity.Search(eternity.load(H52)).run(**kw)
    yield "hamilton.Paths.run", lambda **kw: hamilton.Paths("Xxx\nxxx\nxxx").run(**kw)

    def part(**kw):
        plan = slide.Plan("8 6 7 2 5 4 3 0 1", heuristic="manhattan")
        return plan.split(plan.start_bound + 10, depth=2).parts[0].step(**kw)

    yield "slide.Part.step", part


@pytest.mark.parametrize("seconds", BAD_SECONDS)
def test_a_bad_time_budget_is_a_value_error_naming_seconds(seconds):
    for name, call in _steppers():
        with pytest.raises(ValueError, match="seconds"):
            call(seconds=seconds)


@pytest.mark.parametrize("nodes", BAD_NODES)
def test_a_bad_node_budget_is_a_value_error_naming_nodes(nodes):
    for name, call in _steppers():
        with pytest.raises(ValueError, match="nodes"):
            call(nodes=nodes)


def test_a_budget_of_the_wrong_type_is_a_type_error():
    for name, call in _steppers():
        with pytest.raises(TypeError, match="seconds"):
            call(seconds="soon")
        with pytest.raises(TypeError, match="nodes"):
            call(nodes=1.5)


def test_good_budgets_still_work():
    search = eternity.Search(eternity.load(H52))
    assert search.step(nodes=10, seconds=0) in ("paused", "found", "finished")
    assert search.run(nodes=1000, seconds=5.0) == "paused"


def test_solve_file_refuses_to_overwrite_its_input(tmp_path):
    path = tmp_path / "p.txt"
    path.write_text(P + "\n")
    with pytest.raises(SudokuError, match="overwrite the input"):
        sudoku.solve_file(path, path)
    assert path.read_text() == P + "\n"
    # Also through another name of the same file.
    with pytest.raises(SudokuError, match="overwrite the input"):
        sudoku.solve_file(path, tmp_path / "." / "p.txt")


def test_a_huge_token_comes_back_as_a_short_excerpt():
    from puzzle_solvers import QuartilesError, quartiles

    with pytest.raises(QuartilesError) as e:
        quartiles.solve("a" * 1_000_000)
    assert len(str(e.value)) < 300
    assert "(1000000 characters)" in str(e.value)
