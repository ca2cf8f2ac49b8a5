"""puzzle_solvers.distributed against itself: one worker versus two on bench-easy-h40's full
enumeration (487,397,329 nodes), the cost of a task's round trip, and the parts' sizes.

Not run by CI. Run it from the repository root in a virtual environment with the wheel and
`distributed` installed:

    python3 -m venv /tmp/dist-venv
    /tmp/dist-venv/bin/pip install "./python[distributed]"
    /tmp/dist-venv/bin/python python/bench/distributed_bench.py [--parts 256] [--workers 1 2]

Each cluster is a `LocalCluster` of single-threaded worker processes. Wall time is the
client's, from submitting the first part to the last result; CPU time is the workers'
(summed over the parts, each part's thread CPU time). The speed-up is one worker's wall time
over N workers' on the same parts; it is bounded by the free cores, so the load average is
printed beside it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from pathlib import Path

from distributed import Client, LocalCluster, wait

from puzzle_solvers import eternity
from puzzle_solvers.distributed import eternity as d_eternity

ROOT = Path(__file__).resolve().parents[2]
H40 = ROOT / "testdata" / "eternity" / "oracles" / "bench-easy-h40.json"
H40_NODES = 487_397_329


def tiny(x: int) -> int:
    return x + 1


def overhead(client: Client, n: int = 400) -> tuple:
    """Per-task cost in ms: `n` tiny tasks submitted together (wall / n), and the median of
    `n // 4` one-at-a-time round trips (submit, wait for the result)."""
    wait(client.map(tiny, range(10), pure=False))  # warm the workers up
    start = time.perf_counter()
    futures = client.map(tiny, range(n), pure=False)
    client.gather(futures)
    batch = (time.perf_counter() - start) / n * 1e3
    trips = []
    for i in range(n // 4):
        t = time.perf_counter()
        client.submit(tiny, i, pure=False).result()
        trips.append((time.perf_counter() - t) * 1e3)
    return batch, statistics.median(trips)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parts", type=int, default=256)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--board", default=str(H40))
    args = ap.parse_args()
    puzzle = eternity.load(args.board)
    print(f"{Path(args.board).name}, at least {args.parts} parts, load average {os.getloadavg()}")
    walls = {}
    for n in args.workers:
        with LocalCluster(n_workers=n, threads_per_worker=1, processes=True) as cluster, Client(
            cluster
        ) as client:
            batch, trip = overhead(client)
            load0 = os.getloadavg()[0]
            start = time.perf_counter()
            totals = d_eternity.solve(client, puzzle, parts=args.parts, quiet=True)
            wall = time.perf_counter() - start
            walls[n] = wall
            sizes = sorted(totals.part_nodes)
            exact = "exact" if args.board != str(H40) or totals.nodes == H40_NODES else "WRONG"
            print(
                f"workers={n} wall_s={wall:.2f} cpu_s={totals.cpu_s:.2f} nodes={totals.nodes} "
                f"({exact}) solutions={len(totals.solutions)} parts={totals.parts} "
                f"depth={totals.depth} load_before={load0:.2f} load_after={os.getloadavg()[0]:.2f}"
            )
            print(
                f"  task overhead: {batch:.2f} ms a task in a batch of 400, "
                f"{trip:.2f} ms median one-at-a-time round trip"
            )
            print(
                f"  part nodes: min={sizes[0]} median={int(statistics.median(sizes))} "
                f"max={sizes[-1]} (prefix {totals.nodes - sum(sizes)})"
            )
    base = walls.get(1)
    if base:
        for n, wall in walls.items():
            if n != 1:
                print(f"speed-up with {n} workers: {base / wall:.2f}x (wall, one worker / {n})")


if __name__ == "__main__":
    main()
