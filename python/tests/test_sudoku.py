import random

import pytest

from puzzle_solvers import SudokuError, sudoku
from conftest import TESTDATA

TOP1465 = TESTDATA / "sudoku" / "puzzles3_magictour_top1465"


def puzzles():
    return [l.strip() for l in TOP1465.read_text().splitlines() if l and not l.startswith("#")]


def keeps_givens(puzzle: str, solution: str) -> bool:
    return all(p in ".0" or p == s for p, s in zip(puzzle, solution))


def is_valid(solution: str) -> bool:
    rows = [solution[9 * r : 9 * r + 9] for r in range(9)]
    cols = [solution[c::9] for c in range(9)]
    boxes = [
        "".join(solution[9 * (3 * br + r) + 3 * bc + c] for r in range(3) for c in range(3))
        for br in range(3)
        for bc in range(3)
    ]
    return all(sorted(u) == list("123456789") for u in rows + cols + boxes)


def test_solve_keeps_givens_and_is_valid():
    expected = (TESTDATA / "sudoku" / "puzzles3_magictour_top1465.solutions").read_text().split()
    for puzzle, want in list(zip(puzzles(), expected))[:200]:
        got = sudoku.solve(puzzle)
        assert len(got) == 81
        assert keeps_givens(puzzle, got)
        assert is_valid(got)
        assert got == want


def test_zero_and_dot_blanks_agree():
    p = puzzles()[0]
    assert sudoku.solve(p) == sudoku.solve(p.replace(".", "0"))


def test_count():
    p = puzzles()[0]
    assert sudoku.count(p) == 1
    # Remove givens until there are several solutions.
    empty = "0" * 81
    assert sudoku.count(empty) == 2
    assert sudoku.count(empty, limit=5) == 5
    assert sudoku.count(empty, limit=0) == 0


def test_isomorph_keeps_the_verdict_and_is_seeded():
    p = puzzles()[0]
    image = sudoku.isomorph(p, 7)
    assert image != p and len(image) == 81
    assert sum(c != "." for c in image) == sum(c not in ".0" for c in p)
    assert sudoku.isomorph(p, 7) == image
    assert sudoku.isomorph(p, 7, index=1) != image
    assert sudoku.count(image) == 1
    assert sudoku.count(sudoku.isomorph("0" * 81, 3)) == 2
    with pytest.raises(SudokuError):
        sudoku.isomorph(p[:80], 7)


def test_no_solution_raises():
    # Two givens in row 1 that are legal but leave cell 3 without a digit.
    unsat = "12345678." + "........9" + "." * 63
    with pytest.raises(SudokuError, match="no solution"):
        sudoku.solve(unsat)
    assert sudoku.count(unsat) == 0


def test_bad_input_names_the_position():
    p = puzzles()[0]
    with pytest.raises(SudokuError, match=r"line 1: expected 81 characters, found 80"):
        sudoku.solve(p[:80])
    with pytest.raises(SudokuError, match=r"line 1, column 5"):
        sudoku.solve(p[:4] + "x" + p[5:])
    with pytest.raises(SudokuError, match=r"clashes"):
        sudoku.solve("11" + "." * 79)
    assert issubclass(SudokuError, ValueError)


def test_finals():
    grids = list(sudoku.finals(50, digit=5))
    assert len(grids) == 50 and len(set(grids)) == 50
    assert all(len(g) == 81 and g[0] == "5" and is_valid(g) for g in grids)
    assert list(sudoku.finals(3)) == list(sudoku.finals(50))[:3]
    with pytest.raises(SudokuError):
        sudoku.finals(1, digit=0)


def test_solve_file_matches_the_solutions(tmp_path):
    out = tmp_path / "solved.txt"
    report = sudoku.solve_file(TOP1465, out, threads=2)
    assert report["puzzles"] == 1465 and report["unique"] == 1465
    assert report["anomalies"] == []
    expected = (TESTDATA / "sudoku" / "puzzles3_magictour_top1465.solutions").read_text()
    assert out.read_text().split() == expected.split()


def test_solve_file_errors(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("1" * 80 + "\n")
    with pytest.raises(SudokuError, match=r"bad.txt: puzzle 1, line 1"):
        sudoku.solve_file(bad, tmp_path / "out.txt")
    with pytest.raises(OSError):
        sudoku.solve_file(tmp_path / "missing.txt", tmp_path / "out.txt")
    empty = tmp_path / "empty.txt"
    empty.write_text("# only a comment\n")
    with pytest.raises(SudokuError, match=r"empty.txt: no puzzle found"):
        sudoku.solve_file(empty, tmp_path / "out.txt")
    with pytest.raises(SudokuError):
        sudoku.solve_file(TOP1465, tmp_path / "out.txt", output_format="csv")
    # Nothing was written by the failed runs.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.txt", "empty.txt"]


def test_random_text_never_panics():
    rng = random.Random(14)
    alphabet = "0123456789.x \n#"
    for _ in range(2000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 100)))
        try:
            sudoku.count(text)
        except SudokuError:
            pass
