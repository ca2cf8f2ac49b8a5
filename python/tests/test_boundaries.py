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


# Memory that grows with the input or the search has a documented limit, raised as the
# crate's exception instead of exhausting the machine (each of these used gigabytes).
OFFICIAL = TESTDATA / "eternity" / "eternity2dev-instances" / "e2-16x16-v00.json"


def test_a_count_past_its_memory_limit_raises_hamilton_error():
    with pytest.raises(hamilton.HamiltonError, match="frontier states.*max_states"):
        hamilton.count(("x" * 12 + "\n") * 12, max_states=1000)
    # A board within a generous limit: from every start, each of the 276 paths twice.
    assert hamilton.count(("x" * 4 + "\n") * 4, max_states=10**6) == 552


def test_an_astar_past_its_memory_limit_raises_slide_error():
    hard = "13 14 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    with pytest.raises(slide.SlideError, match="memory limit.*max_stored"):
        slide.solve(hard, engine="astar", heuristic="manhattan", max_stored=10_000)
    assert slide.solve("8672543x1", engine="astar", max_stored=10**6).length == 31


def test_a_deep_eternity_split_raises_eternity_error():
    search = eternity.Search(eternity.load(OFFICIAL))
    with pytest.raises(eternity.EternityError, match="more than 1024 parts"):
        search.split(40)
    with pytest.raises(eternity.EternityError, match="more than 100 parts"):
        search.cut(40, max_parts=100)
    assert len(search.split(1, max_parts=10**6)) > 0


def test_a_slide_cut_stays_within_its_part_limit():
    plan = slide.Plan("8672543x1", heuristic="manhattan")
    cut = plan.split(10**6, min_parts=10**9)
    assert 0 < len(cut.parts) <= 1 << 16
    with pytest.raises(slide.SlideError, match="more than 65536 parts"):
        plan.split(10**6, depth=40)
