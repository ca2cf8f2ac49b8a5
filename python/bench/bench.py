"""Side-by-side rates of puzzle_solvers against the Rust program and pure-Python PyPI peers.

Not run by CI. Run it from the repository root in a throwaway virtual environment that has
the wheel and the peers installed (they are never dependencies of the package):

    python3 -m venv /tmp/bench-venv
    /tmp/bench-venv/bin/pip install ./python dlxsudoku py-sudoku fifteen-puzzle-solvers
    cargo build --release -p examples --example sudoku
    /tmp/bench-venv/bin/python python/bench/bench.py

Every figure is CPU time (this process's, or the child's for the Rust program), the median of
several runs, on the same puzzles for both sides of a ratio. A peer that is not installed is
skipped. Peers that are slow get a CPU-time cap and are compared on the puzzles they reached.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable, List, Optional, Sequence, Tuple

from puzzle_solvers import slide, sudoku

ROOT = Path(__file__).resolve().parents[2]
TOP1465 = ROOT / "testdata" / "sudoku" / "puzzles3_magictour_top1465"
EIGHT = ROOT / "testdata" / "slide" / "eightpuzzle_slidr_bench9.txt"
RUST_SUDOKU = ROOT / "target" / "release" / "examples" / "sudoku"


def cpu_seconds(work: Callable[[], object], repeats: int) -> float:
    """The median CPU time of one run of `work`, over `repeats` samples; a sample repeats a
    short `work` until it has taken 0.2 s, so the clock's resolution does not matter."""
    times = []
    for _ in range(repeats):
        start = time.process_time()
        runs = 0
        while True:
            work()
            runs += 1
            spent = time.process_time() - start
            if spent >= 0.2:
                break
        times.append(spent / runs)
    return statistics.median(times)


def child_cpu_seconds(argv: Sequence[str], repeats: int) -> float:
    """The median CPU time (user + system) of `repeats` runs of the program `argv`."""
    times = []
    for _ in range(repeats):
        proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        if os.waitstatus_to_exitcode(status) != 0:
            raise RuntimeError(f"{argv[0]} failed")
        times.append(usage.ru_utime + usage.ru_stime)
    return statistics.median(times)


def capped(solve: Callable[[object], object], items: Sequence, cap: float) -> int:
    """How many of `items` `solve` gets through before `cap` CPU seconds (at least one)."""
    start = time.process_time()
    done = 0
    for item in items:
        solve(item)
        done += 1
        if time.process_time() - start > cap:
            break
    return done


def line(name: str, n: int, seconds: float, reference: Optional[float] = None) -> None:
    rate = n / seconds if seconds > 0 else float("inf")
    ratio = "" if reference is None else f"  {reference / seconds:8.3f}x"
    print(f"  {name:<44} {n:6d} in {seconds:8.3f} s CPU = {rate:12.1f}/s{ratio}")


def version(dist: str) -> str:
    from importlib.metadata import PackageNotFoundError, version as v

    try:
        return v(dist)
    except PackageNotFoundError:
        return "not installed"


def sudoku_puzzles() -> List[str]:
    return [l.strip() for l in TOP1465.read_text().splitlines() if l and not l.startswith("#")]


def bench_sudoku(repeats: int, cap: float, scale: int) -> None:
    puzzles = sudoku_puzzles()
    n = len(puzzles) * scale
    print(f"sudoku: top1465 x {scale} ({n} puzzles), CPU time, median of {repeats}")
    ours = cpu_seconds(lambda: [sudoku.solve(p) for p in puzzles * scale], repeats)
    line("puzzle_solvers.sudoku.solve (one call each)", n, ours)
    with tempfile.TemporaryDirectory() as tmp:
        # The same puzzles for the file solvers: top1465 `scale` times over, one per line.
        source = Path(tmp) / "top1465.txt"
        source.write_text("\n".join(puzzles * scale) + "\n")
        out = Path(tmp) / "out.txt"
        ours_file = cpu_seconds(lambda: sudoku.solve_file(source, out), repeats)
        line("puzzle_solvers.sudoku.solve_file", n, ours_file)
        if RUST_SUDOKU.exists():
            argv = [str(RUST_SUDOKU), "-s", str(source), "-o", str(out)]
            rust = child_cpu_seconds(argv, repeats)
            line("Rust CLI (examples/sudoku -s), whole process", n, rust)
            print(f"  => solve() rate / Rust CLI rate = {rust / ours:.3f}x; "
                  f"solve_file / Rust CLI = {rust / ours_file:.3f}x")
        else:
            print(f"  (Rust CLI not built: cargo build --release -p examples --example sudoku)")

    peers: List[Tuple[str, str, Callable[[str], object]]] = []
    try:
        from dlxsudoku import Sudoku as Dlx

        def dlx(p: str) -> object:
            s = Dlx(p.replace(".", "0"))
            s.solve()
            return s.to_oneliner()

        peers.append(("dlxsudoku", version("dlxsudoku"), dlx))
    except ImportError:
        pass
    try:
        from sudoku import Sudoku as PySudoku

        def py_sudoku(p: str) -> object:
            board = [[int(c) if c not in ".0" else 0 for c in p[r * 9 : r * 9 + 9]] for r in range(9)]
            return PySudoku(3, 3, board=board).solve()

        peers.append(("py-sudoku", version("py-sudoku"), py_sudoku))
    except ImportError:
        pass
    for name, ver, solve in peers:
        done = capped(solve, puzzles, cap)
        subset = puzzles[:done]
        theirs = cpu_seconds(lambda: [solve(p) for p in subset], 1)
        mine = cpu_seconds(lambda: [sudoku.solve(p) for p in subset], repeats)
        print(f"  peer {name} {ver}: the first {done} puzzles")
        line(f"{name} {ver}", done, theirs)
        line("puzzle_solvers.sudoku.solve, same puzzles", done, mine, theirs)


def eight_puzzles() -> List[Tuple[int, str]]:
    out = []
    for l in EIGHT.read_text().splitlines():
        if l.startswith("#") or not l.strip():
            continue
        head, tiles, _ = l.split("|")
        out.append((int(head.split()[1]), tiles.strip()))
    return out


def scrambles(width: int, count: int, moves: int, seed: int) -> List[str]:
    """Boards `moves` random blank moves (no immediate undo) away from the goal."""
    rng = random.Random(seed)
    boards = []
    for _ in range(count):
        cells = list(range(1, width * width)) + [0]
        blank, last = width * width - 1, -1
        for _ in range(moves):
            r, c = divmod(blank, width)
            options = [
                b
                for b, ok in (
                    (blank - width, r > 0),
                    (blank + width, r < width - 1),
                    (blank - 1, c > 0),
                    (blank + 1, c < width - 1),
                )
                if ok and b != last
            ]
            nxt = rng.choice(options)
            cells[blank], cells[nxt] = cells[nxt], cells[blank]
            last, blank = blank, nxt
        boards.append(" ".join(map(str, cells)))
    return boards


def bench_slide(repeats: int, cap: float) -> None:
    try:
        from fifteen_puzzle_solvers.domain import Puzzle as PeerPuzzle
        from fifteen_puzzle_solvers.services.algorithms import AStar as PeerAStar

        peer_version = version("fifteen-puzzle-solvers")
    except ImportError:
        PeerPuzzle = None
        peer_version = "not installed"

    def peer(board: str) -> int:
        tiles = [int(t) for t in board.split()]
        w = int(len(tiles) ** 0.5)
        grid = [tiles[r * w : (r + 1) * w] for r in range(w)]
        # Its path lists the boards from the start to the goal: one more than the moves.
        return len(PeerAStar(PeerPuzzle(grid), heuristic="manhattan_distance").solve_puzzle()) - 1

    cases = [
        ("8-puzzle: Slidr bench9", [t for _, t in eight_puzzles()], None),
        ("15-puzzle: 20 random 40-move scrambles", scrambles(4, 20, 40, 14), "manhattan"),
    ]
    for title, boards, heuristic in cases:
        print(f"slide: {title}, CPU time, median of {repeats}")
        # The pattern databases load (or build) once, outside the timing.
        slide.solve(boards[0], heuristic=heuristic)
        ours = cpu_seconds(lambda: [slide.solve(b, heuristic=heuristic) for b in boards], repeats)
        line(f"puzzle_solvers.slide.solve ({heuristic or 'default'})", len(boards), ours)
        if PeerPuzzle is None:
            print("  (peer fifteen-puzzle-solvers not installed)")
            continue
        done = capped(peer, boards, cap)
        subset = boards[:done]
        lengths = [peer(b) for b in subset]
        optimal = [slide.solve(b, heuristic=heuristic).length for b in subset]
        theirs = cpu_seconds(lambda: [peer(b) for b in subset], 1)
        mine = cpu_seconds(lambda: [slide.solve(b, heuristic=heuristic) for b in subset], repeats)
        agree = sum(a == b for a, b in zip(lengths, optimal))
        print(f"  peer fifteen-puzzle-solvers {peer_version} (its A*, Manhattan): {done} boards; "
              f"its length is optimal on {agree}, {sum(lengths)} moves in all against "
              f"{sum(optimal)} optimal")
        line(f"fifteen-puzzle-solvers {peer_version}", done, theirs)
        line("puzzle_solvers.slide.solve, same boards", done, mine, theirs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--cap", type=float, default=20.0, help="CPU seconds per peer")
    parser.add_argument("--scale", type=int, default=20, help="top1465 copies to solve")
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, puzzle-solvers-rs {version('puzzle-solvers-rs')}")
    bench_sudoku(args.repeats, args.cap, args.scale)
    bench_slide(args.repeats, args.cap)


if __name__ == "__main__":
    main()
