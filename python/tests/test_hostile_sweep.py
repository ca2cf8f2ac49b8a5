"""Every public call of the package, made with hostile arguments: wrong types, `None`, huge,
negative and non-finite numbers, huge and empty strings. Each either answers or raises
`TypeError` or `ValueError` (every crate's exception is a `ValueError`); a call that takes a
path may also raise `OSError`, as Python's own `open` does. Nothing else gets out: no
`PanicException` (which `except Exception` does not catch), no `OverflowError`, no crash of
the interpreter."""

import inspect
import math

import pytest

from conftest import TESTDATA
from puzzle_solvers import eternity, eternity_codegen, hamilton, quartiles, slide, sudoku

HUGE_TEXT = "x" * 1_000_000
HOSTILE = [
    None,
    -1,
    2**70,
    10**300,
    math.inf,
    -math.inf,
    math.nan,
    1e300,
    "",
    HUGE_TEXT,
    b"\xff" * 10,
    [],
    {},
    object(),
]
H52 = TESTDATA / "eternity" / "oracles" / "bench-easy-h52.json"


def _objects():
    """A small, valid object of every public class, for its methods."""
    plan = slide.Plan("8672543x1", heuristic="manhattan")
    part = plan.split(plan.start_bound + 10, depth=2).parts[0]
    search = eternity.Search(eternity.load(H52))
    return {
        "Dictionary": quartiles.Dictionary(["cat", "dog"]),
        "Plan": plan,
        "Part": part,
        "Paths": hamilton.Paths("Xxx\nxxx\nxxx"),
        "Search": search,
        "Puzzle": search.puzzle,
        "Finals": sudoku.finals(3),
    }


def _calls():
    """`(name, callable, takes_a_path)` for every public function, constructor and method."""
    path_calls = {
        "sudoku.read_file",
        "sudoku.solve_file",
        "eternity.load",
        "Search.save",
        "Search.resume",
    }
    for module in (quartiles, sudoku, slide, hamilton, eternity, eternity_codegen):
        short = module.__name__.rsplit(".", 1)[1]
        for name in module.__all__:
            thing = getattr(module, name)
            if inspect.isclass(thing) and issubclass(thing, BaseException):
                continue
            qualified = f"{short}.{name}"
            yield qualified, thing, qualified in path_calls
    for cls_name, obj in _objects().items():
        for name in dir(obj):
            if name.startswith("_"):
                continue
            attr = getattr(obj, name)
            if callable(attr):
                qualified = f"{cls_name}.{name}"
                yield qualified, attr, qualified in path_calls


def _arities(call):
    """The numbers of positional arguments to try: each from 1 to what the call takes."""
    try:
        params = inspect.signature(call).parameters.values()
        most = sum(1 for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD))
    except (TypeError, ValueError):
        most = 3
    return range(1, max(most, 1) + 1)


def test_every_public_call_survives_hostile_arguments(tmp_path, monkeypatch):
    # A call that takes a path may make a file: only ever in a temporary folder.
    monkeypatch.chdir(tmp_path)
    tried = 0
    escaped = []
    for name, call, takes_a_path in _calls():
        allowed = (TypeError, ValueError, OSError) if takes_a_path else (TypeError, ValueError)
        for n in _arities(call):
            for value in HOSTILE:
                tried += 1
                try:
                    call(*[value] * n)
                except allowed:
                    pass
                except BaseException as e:  # noqa: BLE001 - the point is to see every kind
                    escaped.append(f"{name}({n} x {type(value).__name__}): {type(e).__name__}: {e!s:.200}")
    assert tried > 500, tried
    assert not escaped, "\n".join(escaped)
