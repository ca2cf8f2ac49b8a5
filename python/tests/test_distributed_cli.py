"""The distributed command line as a newcomer meets it: small work finishes in one process
without a cluster, bad numbers are usage errors, the progress line shows only what the
puzzle has, the output file gets a plain file's mode, and a local cluster leaves no scratch
folder behind."""

from __future__ import annotations

import glob
import os
import subprocess
import sys
import tempfile
import time

import pytest

pytest.importorskip("distributed", reason="needs Dask's `distributed` (pip install distributed)")

from puzzle_solvers import hamilton  # noqa: E402
from puzzle_solvers.distributed.progress import Progress  # noqa: E402
from puzzle_solvers.distributed.store import write_atomically  # noqa: E402
from conftest import TESTDATA  # noqa: E402

HAMILTON = TESTDATA / "hamilton"


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "puzzle_solvers.distributed", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def test_a_small_board_is_counted_in_one_process_within_a_second():
    # Interpreter start-up included; without the local path the cluster's start alone took
    # seconds, and the split enumeration 20.7 s.
    start = time.monotonic()
    out = _cli("hamilton", str(HAMILTON / "s10_1.txt"))
    elapsed = time.monotonic() - start
    assert out.returncode == 0, out.stderr
    assert out.stdout == "1102264\n"
    assert "no cluster started" in out.stderr
    assert elapsed < 1.0, elapsed


def test_a_small_listing_runs_in_one_process_in_serial_order():
    grid = (HAMILTON / "s6_3.txt").read_text()
    out = _cli("hamilton", str(HAMILTON / "s6_3.txt"), "--all", "--letters")
    assert out.returncode == 0, out.stderr
    whole = hamilton.Paths(grid)
    whole.run(keep=True)
    assert out.stdout.split() == whole.paths
    assert "no cluster started" in out.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("sudoku", "x.txt", "-o", "o.txt", "--chunk", "-3"),
        ("sudoku", "x.txt", "-o", "o.txt", "--chunk", "0"),
        ("slide", "1 2 3 4 5 6 7 0 8", "--depth", "-1"),
        ("eternity", "b.json", "--checkpoint-every", "inf"),
        ("eternity", "b.json", "--parts", "ten"),
        ("hamilton", "b.txt", "--workers", "0"),
    ],
)
def test_bad_numbers_are_usage_errors_before_any_work(args):
    out = _cli(*args, timeout=30)
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr
    assert out.stderr.strip().splitlines()[-1].startswith("usage:") or "error:" in out.stderr


def test_progress_shows_depth_and_score_only_where_the_puzzle_has_them():
    plain = Progress("r", 3, unit="puzzles", scores=False, quiet=True)
    plain.part_done(0, 500)
    assert "puzzles=500" in plain.line()
    assert "max_depth" not in plain.line() and "best_score" not in plain.line()
    scored = Progress("r", 3, max_score=10, quiet=True)
    scored.part_done(0, 50, max_depth=4, best_score=7)
    assert "nodes=50" in scored.line() and "best_score=7/10" in scored.line()


def test_an_output_file_gets_a_plain_files_mode(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomically(tmp_path / "out.txt", b"x\n")
    finally:
        os.umask(old)
    assert (tmp_path / "out.txt").stat().st_mode & 0o777 == 0o644
    (tmp_path / "kept.txt").write_bytes(b"")
    os.chmod(tmp_path / "kept.txt", 0o640)
    write_atomically(tmp_path / "kept.txt", b"y\n")
    assert (tmp_path / "kept.txt").stat().st_mode & 0o777 == 0o640


def test_a_local_cluster_leaves_no_scratch_folder():
    from puzzle_solvers.distributed.cluster import connect

    pattern = os.path.join(tempfile.gettempdir(), "puzzle-solvers-dask-*")
    before = set(glob.glob(pattern))
    with connect(workers=1, quiet=True) as client:
        assert client.submit(sum, [1, 2]).result() == 3
        during = set(glob.glob(pattern)) - before
        assert len(during) == 1
    assert set(glob.glob(pattern)) == before


def test_a_missing_scheduler_file_fails_with_one_line_within_seconds(tmp_path):
    start = time.monotonic()
    out = _cli(
        "eternity", str(TESTDATA / "eternity" / "oracles" / "bench-easy-h52.json"),
        "--scheduler-file", str(tmp_path / "nonexistent.json"), timeout=60,
    )
    assert out.returncode == 1, out.stderr
    assert "nonexistent.json" in out.stderr and "Traceback" not in out.stderr
    assert time.monotonic() - start < 30


def test_a_server_that_says_nothing_fails_with_one_line_within_seconds():
    # A dashboard's or any other silent port given as the scheduler: the connection is
    # accepted, the greeting never comes. It held the run for over two minutes.
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    accepted = []

    def accept_and_stay_silent():
        try:
            while True:
                accepted.append(server.accept()[0])
        except OSError:
            pass  # the test closed the socket

    threading.Thread(target=accept_and_stay_silent, daemon=True).start()
    try:
        start = time.monotonic()
        out = _cli(
            "sudoku", str(TESTDATA / "sudoku" / "puzzles6_forum_hardest_1106"),
            "-o", os.devnull, "--scheduler", f"tcp://127.0.0.1:{port}", timeout=90,
        )
    finally:
        server.close()
        for conn in accepted:
            conn.close()
    assert out.returncode == 1, out.stderr
    assert f"127.0.0.1:{port}" in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert time.monotonic() - start < 45
