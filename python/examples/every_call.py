"""Every call of puzzle_solvers once, with its answer checked and printed.

Run from the repository root after `pip install ./python`:

    python python/examples/every_call.py
"""

import pickle
import tempfile
from pathlib import Path

import puzzle_solvers
from puzzle_solvers import eternity, eternity_codegen, hamilton, quartiles, slide, sudoku

DATA = Path(__file__).resolve().parents[2] / "testdata"


def show(what: str, value: object) -> None:
    print(f"{what:<34} {value}")


# Sudoku: a solution that keeps the givens, counting, finals, an isomorph, a whole file.
puzzle = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
solution = sudoku.solve(puzzle)
assert len(solution) == 81 and all(p == "." or p == s for p, s in zip(puzzle, solution))
show("sudoku.solve", solution)
show("sudoku.count (empty grid, limit 3)", sudoku.count("0" * 81, limit=3))
show("sudoku.finals(2, digit=7)", list(sudoku.finals(2, digit=7)))
image = sudoku.isomorph(puzzle, seed=7)
assert sudoku.count(image) == 1
show("sudoku.isomorph(puzzle, seed=7)", image)
with tempfile.TemporaryDirectory() as tmp:
    report = sudoku.solve_file(DATA / "sudoku" / "puzzles3_magictour_top1465", Path(tmp) / "out")
    assert report["unique"] == 1465
    show("sudoku.solve_file (top1465)", {k: v for k, v in report.items() if k != "anomalies"})

# Quartiles: the five quartiles of a known board; a custom dictionary.
board = "azz th ss tru ref fu ra nih cro mat wo sh re rds tic il lly zz is ment"
found = quartiles.solve(board)
assert sorted(found.quartiles) == [
    "crosswords", "nihilistic", "razzmatazz", "refreshment", "truthfully"
]
show("quartiles.solve", f"{found.quartiles}, {len(found.words)} words, score {found.score}")
tiles = [c + v for c in "bdfg" for v in "aeiou"]
words = ["".join(tiles[i : i + 4]) for i in range(0, 20, 4)]
show("quartiles.solve (own dictionary)", quartiles.solve(tiles, dictionary=words).quartiles)

# Sliding tiles: an optimal 8-puzzle (31 moves is the 8-puzzle's longest), a 15-puzzle.
eight = slide.solve("8 6 7 2 5 4 3 0 1")
assert eight.length == 31
show("slide.solve (8-puzzle)", f"{eight.moves} ({eight.length} moves, {eight.nodes} nodes)")
fifteen = slide.solve("5 10 14 4 6 12 11 1 9 0 15 7 13 2 8 3", heuristic="linear-conflict")
assert fifteen.length == 41
show("slide.solve (15-puzzle, Korf #55)", f"{fifteen.length} moves, {fifteen.nodes} nodes")

# Block fill: a valid path, the number of paths, a proof of impossibility.
grid = (DATA / "hamilton" / "s6_1.txt").read_text()
path = hamilton.solve(grid)
assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
assert len(set(path)) == sum(ch in "xX" for ch in grid)
show("hamilton.solve (s6_1)", f"{len(path)} cells from {path[0]}")
show("hamilton.count (s6_1)", hamilton.count(grid))
try:
    hamilton.solve("Xxx\nx x")
except hamilton.Impossible as e:
    show("hamilton.Impossible", f"{e.reason}: {e}")

# Eternity II: the h52 node count whole, split into pickled parts, and resumed from a file.
puzzle_h52 = eternity.load(DATA / "eternity" / "oracles" / "bench-easy-h52.json")
search = eternity.Search(puzzle_h52)
assert search.run() == "finished" and search.progress["nodes"] == 151_512
show("eternity.Search (h52)", search.progress)
parts = [pickle.loads(pickle.dumps(p)) for p in eternity.Search(puzzle_h52).split(6)]
for part in parts:
    part.run()
total = parts[0].prefix_nodes + sum(p.progress["nodes"] for p in parts)
assert total == 151_512
show("eternity.Search.split(6), pickled", f"{len(parts)} parts, {total} nodes in all")
with tempfile.TemporaryDirectory() as tmp:
    half = eternity.Search(puzzle_h52)
    half.run(nodes=75_000)
    half.save(Path(tmp) / "h52.checkpoint")
    resumed = eternity.Search.resume(puzzle_h52, Path(tmp) / "h52.checkpoint")
    resumed.run()
    assert resumed.progress["nodes"] == 151_512
    show("eternity.Search.resume", f"{resumed.progress['nodes']} nodes")
source = eternity_codegen.emit_program(puzzle_h52)
show("eternity_codegen.emit_program", f"{len(source)} bytes of Rust")

# Bad input: the crate's exception with the position.
for call, bad in [
    (sudoku.solve, puzzle[:80]),
    (quartiles.solve, board.split()[:19]),
    (hamilton.solve, "Xx\nx?"),
]:
    try:
        call(bad)
    except ValueError as e:
        show(f"{type(e).__name__}", e)
with tempfile.TemporaryDirectory() as tmp:
    broken = Path(tmp) / "broken.json"
    broken.write_text('{"width": 2,\n "height": }')
    try:
        eternity.load(broken)
    except puzzle_solvers.EternityError as e:
        show("EternityError", e)
print("every call answered correctly")
