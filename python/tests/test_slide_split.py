"""slide.Plan / Cut / Part: parts add up to the serial iterations, survive pickling, and the
solving iteration's first finding part gives slide.solve's moves."""

import pickle

import pytest

from puzzle_solvers import SlideError, slide

# Korf's instance 12 mapped to the blank-last goal (optimal 45), and two 8-puzzles.
KORF_12 = "1 3 5 6 0 13 14 9 11 4 8 12 10 7 15 2"
EIGHT_31 = "8672543x1"
EIGHT_20 = "1274x5836"


def run_iteration(plan, bound, depth=None, min_parts=64, through_pickle=False):
    """Runs a cut's parts in serial order: (nodes, least next bound, first solution)."""
    cut = plan.split(bound, depth=depth, min_parts=min_parts)
    nodes = 0
    bounds = [cut.next_bound] if cut.next_bound is not None else []
    for part in cut.parts:
        if through_pickle:
            part = pickle.loads(pickle.dumps(part))
        state = part.step()
        nodes += part.nodes
        if part.next_bound is not None:
            bounds.append(part.next_bound)
        if state == "found":
            return part.cut_nodes + nodes, min(bounds, default=None), part.solution
        assert state == "finished"
    return cut.nodes + nodes, min(bounds, default=None), cut.solution


@pytest.mark.parametrize(
    "board,heuristic,engine_kwargs",
    [
        (EIGHT_31, "manhattan", {"engine": "idastar"}),
        (EIGHT_20, "linear-conflict", {"engine": "idastar"}),
        (KORF_12, "linear-conflict", {}),
        (KORF_12, "manhattan", {}),
    ],
)
def test_parts_add_up_to_the_serial_iterations(board, heuristic, engine_kwargs):
    serial = slide.solve(board, heuristic=heuristic, **engine_kwargs)
    assert serial.iterations, "IDA* reports its iterations"
    assert sum(n for _, n in serial.iterations) == serial.nodes
    plan = slide.Plan(board, heuristic=heuristic)
    assert plan.start_bound == serial.iterations[0][0]
    assert plan.heuristic == heuristic
    for i, (bound, nodes) in enumerate(serial.iterations):
        got_nodes, next_bound, solution = run_iteration(plan, bound, min_parts=32)
        assert got_nodes == nodes, f"iteration {i}, bound {bound}"
        if i + 1 < len(serial.iterations):
            assert solution is None
            assert next_bound == serial.iterations[i + 1][0]
        else:
            assert solution is not None
            assert solution.moves == serial.moves
            assert solution.length == serial.length


def test_pickled_parts_give_the_same_result():
    serial = slide.solve(KORF_12, heuristic="linear-conflict")
    plan = slide.Plan(KORF_12, heuristic="linear-conflict")
    for bound, nodes in serial.iterations[-2:]:
        direct = run_iteration(plan, bound, depth=4)
        pickled = run_iteration(plan, bound, depth=4, through_pickle=True)
        assert direct[0] == pickled[0] == nodes
        assert direct[1] == pickled[1]
        assert (direct[2] is None) == (pickled[2] is None)
        if direct[2] is not None:
            assert direct[2].moves == pickled[2].moves == serial.moves


def test_a_part_paused_saved_and_restored_resumes_exactly():
    plan = slide.Plan(KORF_12, heuristic="linear-conflict")
    bound = slide.solve(KORF_12, heuristic="linear-conflict").iterations[-2][0]
    cut = plan.split(bound, depth=3)
    whole = pickle.loads(pickle.dumps(cut.parts[0]))
    assert whole.step() == "finished"
    part = cut.parts[0]
    assert (part.index, part.bound, len(part.prefix)) == (0, bound, 3)
    while True:
        state = part.step(nodes=500)
        part = slide.Part.restore(part.save())
        if state != "paused":
            break
    assert part.finished
    assert (part.nodes, part.expanded, part.next_bound) == (
        whole.nodes,
        whole.expanded,
        whole.next_bound,
    )


def test_the_same_input_gives_the_same_parts():
    plan = slide.Plan(KORF_12, heuristic="manhattan")
    a = plan.split(plan.start_bound + 4, min_parts=50)
    b = pickle.loads(pickle.dumps(plan)).split(plan.start_bound + 4, min_parts=50)
    assert len(a.parts) >= 50
    assert [p.prefix for p in a.parts] == [p.prefix for p in b.parts]
    assert [p.index for p in a.parts] == list(range(len(a.parts)))


def test_bad_checkpoint_text_raises_value_error():
    plan = slide.Plan(EIGHT_31, heuristic="manhattan")
    text = plan.split(29, depth=4).parts[0].save()
    for bad in ["", "hello", text[: len(text) // 2], text.replace("bound 29", "bound 28")]:
        with pytest.raises(ValueError):
            slide.Part.restore(bad)
    with pytest.raises(SlideError):
        slide.Plan(EIGHT_31, heuristic="nonsense")


def test_the_plan_reports_what_it_was_given(tmp_path):
    plan = slide.Plan(EIGHT_31, heuristic="pdb71", cache_dir=str(tmp_path))
    assert (plan.board, plan.size, plan.heuristic) == (EIGHT_31, "3x3", "pdb71")
    assert plan.cache_dir == str(tmp_path)
    assert any(tmp_path.iterdir()), "the tables were built into the cache directory"
    part = plan.split(plan.start_bound + 2, depth=2).parts[0]
    back = slide.Part.restore(part.save())
    assert back.step() == part.step()
    assert back.nodes == part.nodes


def test_a_cut_that_meets_the_goal_returns_it():
    cut = slide.Plan("123456x78", heuristic="manhattan").split(2, depth=6)
    assert cut.solution is not None and cut.solution.moves == "RR"
    assert slide.solve("123456x78", engine="idastar").moves == "RR"
