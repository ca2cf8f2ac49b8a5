import pickle

import pytest

from puzzle_solvers import CodegenError, EternityError, eternity, eternity_codegen
from conftest import TESTDATA

H52 = TESTDATA / "eternity" / "oracles" / "bench-easy-h52.json"
H52_NODES = 151_512


@pytest.fixture(scope="module")
def h52():
    return eternity.load(H52)


def test_h52_node_count(h52):
    search = eternity.Search(h52)
    states = []
    while True:
        state = search.step()
        states.append(state)
        if state == "finished":
            break
    assert search.progress["nodes"] == H52_NODES
    assert states.count("found") == len(search.solutions) == search.progress["solutions"]
    assert search.finished and search.progress["fraction"] == 1.0
    solution = search.solutions[0]
    assert len(solution) == h52.width * h52.height and None not in solution


def test_engines_and_budgets_agree(h52):
    baseline = eternity.Search(h52, engine="baseline")
    assert baseline.run() == "finished"
    stepped = eternity.Search(h52)
    while stepped.step(nodes=10_000) != "finished":
        assert stepped.progress["nodes"] <= H52_NODES
    assert baseline.progress["nodes"] == stepped.progress["nodes"] == H52_NODES
    assert baseline.solutions == stepped.solutions


def test_progress_fields(h52):
    search = eternity.Search(h52)
    assert search.run(nodes=1000) == "paused"
    p = search.progress
    assert p["nodes"] == 1000
    for key in ("depth", "max_depth", "best_score", "solutions", "fraction", "total_depth"):
        assert key in p
    assert 0.0 <= p["fraction"] < 1.0 and p["total_depth"] == 204


def test_split_parts_add_up_and_pickle(h52):
    parts = eternity.Search(h52).split(6)
    assert len(parts) > 1
    # Send every part through pickle, as a distributed run does, and run it there.
    total = parts[0].prefix_nodes
    solutions = []
    for part in parts:
        copy = pickle.loads(pickle.dumps(part))
        assert copy.progress["nodes"] == 0 and copy.prefix_nodes == part.prefix_nodes
        assert copy.run() == "finished"
        total += copy.progress["nodes"]
        solutions += copy.solutions
    whole = eternity.Search(h52)
    whole.run()
    assert total == H52_NODES
    assert solutions == whole.solutions


def test_pickle_midway_resumes(h52):
    search = eternity.Search(h52)
    search.run(nodes=70_000)
    copy = pickle.loads(pickle.dumps(search))
    assert copy.progress["nodes"] == 70_000
    copy.run()
    assert copy.progress["nodes"] == H52_NODES
    assert pickle.loads(pickle.dumps(h52)).to_json() == h52.to_json()


def test_save_and_resume(h52, tmp_path):
    search = eternity.Search(h52)
    search.run(nodes=50_000)
    path = tmp_path / "h52.checkpoint"
    search.save(path)
    resumed = eternity.Search.resume(h52, path, engine="baseline")
    assert resumed.progress["nodes"] == 50_000
    resumed.run()
    assert resumed.progress["nodes"] == H52_NODES
    # Another puzzle's or another order's checkpoint is refused.
    other = eternity.load(TESTDATA / "eternity" / "oracles" / "bench-easy-h40.json")
    with pytest.raises(EternityError):
        eternity.Search.resume(other, path)
    with pytest.raises(EternityError):
        eternity.Search.resume(h52, path, order="spiral")
    garbage = tmp_path / "garbage"
    garbage.write_text("not a checkpoint\n")
    with pytest.raises(EternityError):
        eternity.Search.resume(h52, garbage)


CLUES = [TESTDATA / "eternity" / "eternity2dev-instances" / f"e2-clue-clue{n}.json" for n in range(1, 5)]


@pytest.mark.parametrize("path", CLUES, ids=lambda p: p.stem)
def test_the_automatic_order_solves_the_clue_puzzles(path, tmp_path):
    # Row-major, the old default, found no solution of these in millions of nodes; the order
    # chosen for each finds one within a few hundred thousand.
    puzzle = eternity.load(path)
    search = eternity.Search(puzzle, first=True)
    assert search.order in ("row", "spiral", "border", "column")
    assert search.step(nodes=1_000_000) == "found"
    assert search.progress["best_score"] == puzzle.max_score
    # Saved midway and resumed with the default order: the choice is made again, the same.
    again = eternity.Search(puzzle, first=True)
    again.run(nodes=10)
    saved = tmp_path / "clue.checkpoint"
    again.save(saved)
    resumed = eternity.Search.resume(puzzle, saved)
    assert resumed.order == search.order
    assert resumed.step(nodes=1_000_000) == "found"
    assert resumed.progress["nodes"] == search.progress["nodes"]
    forced = eternity.Search(puzzle, order="row", first=True)
    assert forced.order == "row"


def test_malformed_files_name_the_position(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"width": 2,\n "height": }')
    with pytest.raises(EternityError, match=r"line 2"):
        eternity.load(bad)
    pieces = tmp_path / "bad.txt"
    pieces.write_text("0 0 1 2\n0 0 x 1\n")
    with pytest.raises(EternityError, match=r"line 2, column"):
        eternity.load(pieces)
    with pytest.raises(EternityError):
        eternity.Puzzle("{}", format="unknown")
    with pytest.raises(EternityError):
        eternity.Search(eternity.load(H52), engine="fastest")
    with pytest.raises(EternityError):
        eternity.load(tmp_path / "missing.json")


def test_puzzle_text_round_trip(h52):
    again = eternity.Puzzle(h52.to_json())
    assert (again.width, again.height, len(again.hints)) == (16, 16, 52)
    assert again.pieces == h52.pieces and again.max_score == h52.max_score


def test_emit_program(h52):
    source = eternity_codegen.emit_program(h52)
    assert "fn main" in source and "forbid(unsafe_code)" in source
    with pytest.raises(CodegenError):
        eternity_codegen.emit_program(h52, order="diagonal")
