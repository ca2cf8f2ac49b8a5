"""Pictures in notebooks: every board, solution and search result draws itself
(``_repr_svg_``), ``notebook.run`` steps a search to its end, and the example notebook,
executed by a real Jupyter kernel, shows an SVG for every kind of puzzle."""

import os
import xml.etree.ElementTree as ET

import pytest

from puzzle_solvers import HamiltonError, Picture, SudokuError, eternity, hamilton, notebook
from puzzle_solvers import quartiles, slide, sudoku
from conftest import ROOT, TESTDATA

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
CLUE1 = TESTDATA / "eternity" / "eternity2dev-instances" / "e2-clue-clue1.json"


def svg_root(text: str) -> ET.Element:
    """The picture parsed as XML: an <svg> element with a width and a height."""
    root = ET.fromstring(text)
    assert root.tag.endswith("svg"), root.tag
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    return root


def test_every_kind_draws_itself():
    pictures = {
        "sudoku": sudoku.picture(PUZZLE, sudoku.solve(PUZZLE)),
        "sudoku puzzle": sudoku.picture(PUZZLE),
        "quartiles": quartiles.solve(
            "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment"
        ),
        "slide": slide.solve("8 6 7 2 5 4 3 0 1"),
        "hamilton": hamilton.picture("Xxx\nxxx", hamilton.solve("Xxx\nxxx")),
        "hamilton grid": hamilton.picture("Xxx\nxxx"),
        "eternity puzzle": eternity.load(CLUE1),
    }
    search = eternity.Search(pictures["eternity puzzle"], first=True)
    assert notebook.run(search, bar=False) == "finished"
    pictures["eternity search"] = search
    for name, thing in pictures.items():
        svg_root(thing._repr_svg_())
    assert pictures["slide"].svg == pictures["slide"]._repr_svg_()
    assert "animate" in pictures["slide"].svg
    assert pictures["quartiles"].svg == pictures["quartiles"]._repr_svg_()
    # The solved search draws a full board without a mismatched edge.
    assert 'class="mismatch"' not in search._repr_svg_()
    assert isinstance(pictures["sudoku"], Picture) and "Picture(" in repr(pictures["sudoku"])


def test_pictures_save_and_refuse_what_is_not_a_board(tmp_path):
    picture = sudoku.picture(PUZZLE)
    picture.save(tmp_path / "p.svg")
    assert (tmp_path / "p.svg").read_text() == picture.svg
    with pytest.raises(OSError):
        picture.save(tmp_path / "missing" / "p.svg")
    with pytest.raises(SudokuError):
        sudoku.picture("12")
    with pytest.raises(HamiltonError):
        hamilton.picture("Xxx\nxxx", [(0, 0), (1, 1)])  # not a path: not neighbours
    with pytest.raises(TypeError):
        hamilton.picture("Xxx\nxxx", "not a path")


def test_run_keeps_its_budget_and_shows_a_bar_when_tqdm_is_there():
    puzzle = eternity.load(TESTDATA / "eternity" / "dfs-study-bench" / "bench-hard.json")
    search = eternity.Search(puzzle, order="row")
    assert notebook.run(search, seconds=0.3, step_seconds=0.1) == "paused"
    assert search.progress["nodes"] > 0
    with pytest.raises(ValueError):
        notebook.run(search, step_seconds=0)


def test_the_example_notebook_shows_every_kind(tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    # Jupyter's own files (kernel connection files, IPython's profile) go to a temporary
    # directory, never the user's home.
    for var in ("JUPYTER_RUNTIME_DIR", "JUPYTER_DATA_DIR", "JUPYTER_CONFIG_DIR", "IPYTHONDIR"):
        os.environ[var] = str(tmp_path / var.lower())
    nb = nbformat.read(ROOT / "python" / "examples" / "notebook.ipynb", as_version=4)
    nbclient.NotebookClient(
        nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}}
    ).execute()
    shown = {}
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        for out in cell.get("outputs", []):
            assert out.output_type != "error", out
            svg = out.get("data", {}).get("image/svg+xml")
            if svg is not None:
                svg_root(svg)
                shown[cell.source.split("\n")[-1]] = svg
    # One SVG per kind of puzzle (the Eternity puzzle and its solved search are two).
    assert len(shown) == 6, list(shown)
