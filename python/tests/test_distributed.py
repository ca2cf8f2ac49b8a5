"""puzzle_solvers.distributed on a real Dask cluster on loopback: a scheduler and two
single-threaded worker processes started here (and stopped at the end, also on failure).

The oracles: bench-easy-h52 (151,512 nodes, 1 solution), block-fill boards with their known
path counts (testdata/hamilton/manifest.tsv) and the serial runs' node counts, a Sudoku file
against `sudoku.solve_file` (the CLI's writer) byte for byte, and the same totals with a
worker SIGKILLed mid-run.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="needs Dask's `distributed` (pip install distributed)")

from puzzle_solvers import eternity, hamilton, slide, sudoku  # noqa: E402
from puzzle_solvers.distributed import Store, RunMismatch  # noqa: E402
from puzzle_solvers.distributed import eternity as d_eternity  # noqa: E402
from puzzle_solvers.distributed import hamilton as d_hamilton  # noqa: E402
from puzzle_solvers.distributed import slide as d_slide  # noqa: E402
from puzzle_solvers.distributed import sudoku as d_sudoku  # noqa: E402
from puzzle_solvers.distributed.progress import Progress  # noqa: E402
from conftest import ROOT, TESTDATA  # noqa: E402

H52 = TESTDATA / "eternity" / "oracles" / "bench-easy-h52.json"
HAMILTON = TESTDATA / "hamilton"
TOP1465 = TESTDATA / "sudoku" / "puzzles3_magictour_top1465"
DASK = Path(sys.executable).parent / "dask"
#: CI runs the cluster tests but not the slow command-line copies of them.
IN_CI = os.environ.get("CI") == "true"


def _wait_for(path: Path, proc: subprocess.Popen, what: str, timeout: float = 60.0) -> None:
    end = time.monotonic() + timeout
    while not path.exists():
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode}")
        if time.monotonic() > end:
            raise RuntimeError(f"{what} did not start within {timeout} s")
        time.sleep(0.1)


class Cluster:
    """A scheduler and worker processes on 127.0.0.1, each its own process group."""

    def __init__(self, tmp: Path, workers: int = 2) -> None:
        self.tmp = tmp
        self.file = tmp / "scheduler.json"
        self.procs: list = []
        self.workers: list = []
        log = open(tmp / "scheduler.log", "wb")
        self.scheduler = self._spawn(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0",
             "--dashboard-address", "127.0.0.1:0", "--scheduler-file", str(self.file)],
            log,
        )
        _wait_for(self.file, self.scheduler, "dask scheduler")
        for k in range(workers):
            self.add_worker(k)
        self.client = distributed.Client(scheduler_file=str(self.file), timeout=60)
        self.client.wait_for_workers(workers, timeout=120)

    def _spawn(self, argv, log) -> subprocess.Popen:
        p = subprocess.Popen(argv, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append(p)
        return p

    def add_worker(self, k: int) -> subprocess.Popen:
        log = open(self.tmp / f"worker{k}.log", "wb")
        # No nanny: the process killed below is the worker itself, and it stays dead.
        p = self._spawn(
            [str(DASK), "worker", "--scheduler-file", str(self.file), "--nthreads", "1",
             "--host", "127.0.0.1", "--no-nanny", "--no-dashboard", "--death-timeout", "60",
             "--name", f"w{k}"],
            log,
        )
        self.workers.append(p)
        return p

    def close(self) -> None:
        try:
            self.client.close()
        except Exception:
            pass
        for p in reversed(self.procs):
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGTERM)
        for p in self.procs:
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)
                p.wait()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    c = None
    try:
        c = Cluster(tmp_path_factory.mktemp("dask"))
        yield c
    finally:
        if c is not None:
            c.close()


def _serial(grid: str):
    whole = hamilton.Paths(grid)
    whole.run()
    return whole.found, whole.nodes


# --- eternity ---------------------------------------------------------------------------

def test_eternity_h52_all_gives_the_oracle_totals(cluster):
    puzzle = eternity.load(H52)
    serial = eternity.Search(puzzle)
    serial.run()
    totals = d_eternity.solve(cluster.client, puzzle, parts=24, quiet=True)
    assert totals.parts >= 24
    assert totals.nodes == 151_512 == serial.progress["nodes"]
    assert totals.solutions == serial.solutions and len(totals.solutions) == 1
    assert totals.max_depth == serial.progress["max_depth"]
    assert totals.best_score == serial.progress["best_score"] == puzzle.max_score
    assert totals.last_line().startswith("nodes=151512 solutions=1 best_score=480 max_depth=")


def test_eternity_first_stops_at_the_serial_first_solution(cluster):
    puzzle = eternity.load(H52)
    serial = eternity.Search(puzzle, first=True)
    assert serial.step() == "found"
    totals = d_eternity.solve(cluster.client, puzzle, parts=24, first=True, quiet=True)
    assert totals.solutions == serial.solutions


def test_eternity_rerun_takes_finished_parts_from_the_checkpoint_dir(cluster, tmp_path):
    puzzle = eternity.load(H52)
    first = d_eternity.solve(
        cluster.client, puzzle, parts=24, checkpoint_dir=str(tmp_path), quiet=True
    )
    assert len(list((tmp_path / "done").glob("*.pickle"))) == first.parts
    assert first.tasks == len(first.task_nodes) > 0
    assert sum(first.task_nodes) == sum(first.part_nodes)

    class NoCluster:
        """Every part is in the checkpoint dir: nothing may be submitted."""

        def submit(self, *a, **k):
            raise AssertionError("a finished part was submitted again")

    again = d_eternity.solve(NoCluster(), puzzle, parts=24, checkpoint_dir=str(tmp_path), quiet=True)
    assert (again.nodes, again.solutions) == (first.nodes, first.solutions)
    # The per-task figures describe the tasks this run submitted: none.
    assert (again.tasks, again.task_nodes, again.task_cpu_s) == (0, [], [])
    other = eternity.load(TESTDATA / "eternity" / "oracles" / "bench-easy-h40.json")
    with pytest.raises(RunMismatch):
        d_eternity.solve(NoCluster(), other, parts=24, checkpoint_dir=str(tmp_path), quiet=True)


def test_a_part_resumes_from_its_continuation_with_its_solutions(tmp_path):
    """No cluster needed: the task itself, after a continuation was saved mid-way (after
    the part's solution, before its end), as a killed worker leaves it."""
    puzzle = eternity.load(H52)
    whole = eternity.Search(puzzle)
    whole.run()
    prefix, texts = eternity.Search(puzzle).cut(3)

    def fresh(k):
        return eternity.Search.from_checkpoint_text(puzzle, texts[k])

    k = next(i for i in range(len(texts)) if (q := fresh(i)).run() and q.solutions)
    ref = fresh(k)
    ref.run()
    part = fresh(k)
    while part.step(nodes=50) != "found":
        pass
    part.step(nodes=50)
    nodes_then = part.progress["nodes"]
    assert 0 < nodes_then < ref.progress["nodes"]
    store = Store(tmp_path, "eternity", "key").open()
    store.save_continuation(k, part)
    result = d_eternity.run_part(texts[k], k, "run", store, puzzle, "table", "row", 0.01)
    assert result.resumed_at == nodes_then
    assert result.solutions == whole.solutions == ref.solutions
    assert result.nodes == ref.progress["nodes"]
    assert store.continuation(k) is None
    assert store.finished()[k].nodes == result.nodes
    # The cut and the split agree: same parts, same prefix.
    parts = eternity.Search(puzzle).split(3)
    assert [p.checkpoint() for p in parts] == texts and parts[0].prefix_nodes == prefix


# --- hamilton ---------------------------------------------------------------------------

@pytest.mark.parametrize("board, count", [("full_c6.txt", 22_144), ("s8_3.txt", 4_535)])
def test_hamilton_count_gives_the_oracle_counts(cluster, board, count):
    grid = (HAMILTON / board).read_text()
    serial_count, serial_nodes = _serial(grid)
    totals = d_hamilton.count(cluster.client, grid, parts=64, quiet=True)
    assert totals.parts >= 64
    assert totals.count == count == serial_count == hamilton.count(grid)
    assert totals.nodes == serial_nodes


def test_hamilton_all_lists_the_paths_in_serial_order(cluster):
    grid = (HAMILTON / "s6_3.txt").read_text()
    whole = hamilton.Paths(grid)
    whole.run(keep=True)
    totals = d_hamilton.count(cluster.client, grid, parts=8, keep=True, quiet=True)
    assert totals.paths == whole.paths and len(totals.paths) == 21


def test_a_started_part_does_not_pickle():
    p = hamilton.Paths("Xxx\nxxx\nxxx")
    assert pickle.loads(pickle.dumps(p)).run() == "finished"
    p.run(nodes=1)
    with pytest.raises(hamilton.HamiltonError):
        pickle.dumps(p)


def _run_with_a_worker_killed(cluster, worker_id, task_word, run):
    """Adds worker `w<worker_id>`, runs `run(client)` in a thread, and SIGKILLs that worker's
    process group once it holds a task whose key names `task_word`; returns what `run`
    returned, after checking that the kill happened and `run` raised nothing."""
    client = cluster.client
    victim = cluster.add_worker(worker_id)
    client.wait_for_workers(3, timeout=120)
    addr = next(
        a
        for a, w in client.scheduler_info()["workers"].items()
        if w.get("name") == f"w{worker_id}"
    )
    out = {}

    def go():
        try:
            out["totals"] = run(client)
        except BaseException as e:  # surfaced below
            out["error"] = e

    t = threading.Thread(target=go, daemon=True)
    t.start()
    killed = False
    end = time.monotonic() + 120
    while t.is_alive() and time.monotonic() < end:
        busy = client.processing().get(addr, ())
        if busy and any(task_word in str(k) for k in busy):
            time.sleep(0.3)  # well inside its task
            # The whole process group: a child of the worker holding its listening socket
            # would keep connections to the dead worker hanging instead of refused.
            os.killpg(victim.pid, signal.SIGKILL)
            killed = True
            break
        time.sleep(0.1)
    t.join(timeout=300)
    assert killed, "the worker never ran a task"
    assert "error" not in out, out.get("error")
    return out["totals"]


def test_a_worker_killed_mid_run_changes_no_total(cluster):
    """m10_3 (222,960 paths, a few seconds of work) on two workers; one is SIGKILLed once
    parts are running on it. Dask reruns its tasks on the other; every part counts once."""
    grid = (HAMILTON / "m10_3.txt").read_text()
    # The serial enumeration's counts (`hamilton.Paths(grid).run()`, 6 s of CPU, not rerun
    # here); the path count is also the dynamic programme's.
    serial_count, serial_nodes = hamilton.count(grid), 224_147
    totals = _run_with_a_worker_killed(
        cluster, 99, "hamilton",
        lambda client: d_hamilton.count(client, grid, parts=200, quiet=True),
    )
    assert totals.count == serial_count == 222_960
    assert totals.nodes == serial_nodes


def test_a_worker_killed_mid_eternity_run_changes_no_total(cluster):
    """bench-easy-h40's full enumeration (487,397,329 nodes, about 7 s of CPU) on three
    workers, its parts dealt several to a task; one worker is SIGKILLed while it runs one.
    Dask reruns the lost task elsewhere; every part counts once."""
    puzzle = eternity.load(TESTDATA / "eternity" / "oracles" / "bench-easy-h40.json")
    totals = _run_with_a_worker_killed(
        cluster, 98, "eternity",
        lambda client: d_eternity.solve(client, puzzle, parts=64, tasks=24, quiet=True),
    )
    assert totals.parts == 118 and totals.tasks == 24
    assert (totals.nodes, len(totals.solutions)) == (487_397_329, 1)
    assert totals.best_score == puzzle.max_score


# --- sudoku -----------------------------------------------------------------------------

@pytest.mark.parametrize("fmt", [None, "grid"])
def test_sudoku_chunks_write_the_clis_bytes(cluster, tmp_path, fmt):
    src = tmp_path / "puzzles.txt"
    lines = [l for l in TOP1465.read_text().splitlines() if l.strip()][:300]
    src.write_text("\n".join(lines) + "\n")
    want = tmp_path / "want.txt"
    serial = sudoku.solve_file(src, want, output_format=fmt)
    got = tmp_path / "got.txt"
    report = d_sudoku.solve_file(cluster.client, src, got, chunk=37, output_format=fmt, quiet=True)
    assert report.puzzles == serial["puzzles"] > 250
    assert report.chunks == -(-report.puzzles // 37)
    assert got.read_bytes() == want.read_bytes()
    cli = ROOT / "target" / "release" / "examples" / "sudoku"
    if cli.exists():
        byexample = tmp_path / "cli.txt"
        argv = [str(cli), "-s", str(src), "-o", str(byexample)]
        if fmt:
            argv += ["--format", fmt]
        subprocess.run(argv, check=True, capture_output=True)
        assert got.read_bytes() == byexample.read_bytes()


def test_sudoku_anomalies_are_numbered_in_input_order(cluster, tmp_path):
    src = tmp_path / "p.txt"
    good = [l for l in TOP1465.read_text().splitlines() if l.strip()][:10]
    lines = good[:4] + ["." * 81] + good[4:] + ["11" + "." * 79]
    src.write_text("\n".join(lines) + "\n")
    report = d_sudoku.solve_file(cluster.client, src, tmp_path / "o.txt", chunk=3, quiet=True)
    want = sudoku.solve_file(src, tmp_path / "w.txt")
    assert report.unique == want["unique"]
    assert [(n, v) for n, v in report.anomalies] == [
        (n, d_sudoku.WORDS[v]) for n, v in want["anomalies"]
    ]
    assert (tmp_path / "o.txt").read_bytes() == (tmp_path / "w.txt").read_bytes()


# --- slide ------------------------------------------------------------------------------

@pytest.mark.skipif(
    not d_slide.available(), reason="this build's slide binding has no Plan (splittable IDA*) yet"
)
def test_slide_distributed_equals_serial(cluster, tmp_path):
    """A 15-puzzle by IDA* with linear conflict: the same moves, and every iteration's nodes
    (the last one up to the solution) as the serial run counts them."""
    board = "5 1 2 3 9 6 7 4 13 10 11 8 14 15 0 12"
    serial = slide.solve(board, heuristic="linear-conflict", engine="idastar")
    answer = d_slide.solve(cluster.client, board, heuristic="linear-conflict", parts=16, quiet=True)
    assert answer.moves == serial.moves and answer.length == serial.length
    assert answer.iterations == [tuple(i) for i in serial.iterations]


@pytest.mark.skipif(
    not d_slide.available(), reason="this build's slide binding has no Plan (splittable IDA*) yet"
)
def test_slide_part_resumes_from_its_continuation(tmp_path):
    board = "15 14 1 6 9 11 4 12 0 10 7 3 13 8 5 2"
    plan = slide.Plan(board, heuristic="linear-conflict")
    cut = plan.split(plan.start_bound + 4, depth=4)
    refs = [slide.Part.restore(p.save()) for p in cut.parts]
    for r in refs:
        r.step()
    k = max(range(len(refs)), key=lambda i: refs[i].nodes)  # the largest part
    ref = refs[k]
    assert ref.nodes > 100
    part = slide.Part.restore(cut.parts[k].save())
    part.step(nodes=max(1, ref.nodes // 2))
    store = Store(tmp_path, "slide", "key").open()
    store.save_continuation(k, part.save())
    result = d_slide.run_part(cut.parts[k], k, "run", store, 0.01)
    assert result.resumed_at == part.nodes
    assert (result.nodes, result.next_bound) == (ref.nodes, ref.next_bound)


def test_blank_first_boards_turn_into_blank_last_ones():
    # One move from the blank-first goal: the blank goes left (then up, from the next row).
    for board, move in [("1 0 2 3 4 5 6 7 8", "L"), ("3 1 2 0 4 5 6 7 8", "U")]:
        turned = d_slide.blank_first(board)
        assert d_slide.turn_moves(slide.solve(turned).moves) == move
    kf = "14 5 9 2 18 8 23 19 12 17 15 0 10 20 4 6 11 21 1 7 24 3 16 22 13"
    assert d_slide.blank_first(d_slide.blank_first(kf)) == kf


# --- the command line and the progress line -------------------------------------------

def test_cli_eternity_ends_with_the_examples_last_line(cluster):
    out = subprocess.run(
        [sys.executable, "-m", "puzzle_solvers.distributed", "eternity", str(H52),
         "--parts", "16", "--scheduler-file", str(cluster.file)],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    last = out.stdout.strip().splitlines()[-1]
    assert last.startswith("nodes=151512 solutions=1 best_score=480 max_depth=204 cpu_s=")
    assert "nodes_per_cpu_s=" in last
    assert "dashboard" in out.stderr and "parts " in out.stderr


@pytest.mark.skipif(IN_CI, reason="about 20 s on a loaded 2-core machine; the API tests cover counts")
def test_cli_hamilton_prints_the_count(cluster):
    out = subprocess.run(
        [sys.executable, "-m", "puzzle_solvers.distributed", "hamilton",
         str(HAMILTON / "full_c5.txt"), "--parts", "8", "--scheduler-file", str(cluster.file),
         "--quiet", "--no-local"],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout == "824\n"


@pytest.mark.skipif(IN_CI, reason="about 30 s on a loaded 2-core machine; the API test covers the bytes")
def test_cli_sudoku_writes_the_same_file_and_report(cluster, tmp_path):
    src = tmp_path / "p.txt"
    src.write_text(TOP1465.read_text())
    want = sudoku.solve_file(src, tmp_path / "want.txt")
    out = subprocess.run(
        [sys.executable, "-m", "puzzle_solvers.distributed", "sudoku", str(src),
         "-o", str(tmp_path / "got.txt"), "--chunk", "500", "--scheduler-file", str(cluster.file)],
        capture_output=True, text=True, timeout=300,
    )
    assert out.returncode == 0, out.stderr
    assert (tmp_path / "got.txt").read_bytes() == (tmp_path / "want.txt").read_bytes()
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith(
        f"solved {want['puzzles']} puzzles ({want['unique']} unique, 0 without exactly one "
        f"solution) into {tmp_path / 'got.txt'} in "
    )


def test_progress_counts_a_part_once_and_adds_running_ones():
    import io

    p = Progress("r", 3, max_score=10, stream=io.StringIO())
    p.on_event((0.0, {"run": "r", "index": 1, "nodes": 50, "max_depth": 4, "best": 7}))
    p.on_event((0.0, {"run": "other", "index": 2, "nodes": 10**9}))
    assert "parts 0/3 nodes=50 " in p.line() and "best_score=7/10" in p.line()
    p.part_done(1, 80, 5, 8)
    assert "parts 1/3 nodes=80 " in p.line() and "max_depth=5" in p.line()
