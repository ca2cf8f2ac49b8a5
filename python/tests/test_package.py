"""The installed package: its stubs cover the public names, docstrings are there."""

import ast
import importlib
from pathlib import Path

import puzzle_solvers

SUBMODULES = ["eternity", "eternity_codegen", "hamilton", "quartiles", "slide", "sudoku"]


def stub_names(path: Path) -> set:
    tree = ast.parse(path.read_text())
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_typed_package():
    root = Path(puzzle_solvers.__file__).parent
    assert (root / "py.typed").exists()
    for name in SUBMODULES:
        module = importlib.import_module(f"puzzle_solvers.{name}")
        stub = root / f"{name}.pyi"
        assert stub.exists(), stub
        missing = set(module.__all__) - stub_names(stub)
        assert not missing, (name, missing)
        assert module.__doc__
        for public in module.__all__:
            assert getattr(module, public).__doc__, (name, public)
    assert set(puzzle_solvers.__all__) <= stub_names(root / "__init__.pyi") | set(SUBMODULES)


def test_exceptions_are_value_errors_and_pickle():
    import pickle

    for name in ["QuartilesError", "SudokuError", "SlideError", "HamiltonError", "EternityError",
                 "CodegenError", "Impossible"]:
        cls = getattr(puzzle_solvers, name)
        assert issubclass(cls, ValueError)
        again = pickle.loads(pickle.dumps(cls("line 1, column 2: bad")))
        assert type(again) is cls and str(again) == "line 1, column 2: bad"
