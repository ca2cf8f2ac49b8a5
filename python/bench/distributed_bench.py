"""puzzle_solvers.distributed against itself: one worker versus two on bench-easy-h40's full
enumeration (487,397,329 nodes), where the time goes, the cost of a task, and the parts' sizes.

Not run by CI. Run it from the repository root in a virtual environment with the wheel and
`distributed` installed:

    python3 -m venv /tmp/dist-venv
    /tmp/dist-venv/bin/pip install "./python[distributed]"
    /tmp/dist-venv/bin/python python/bench/distributed_bench.py [--parts 256] [--repeat 3]

Each cluster is a `LocalCluster` of single-threaded worker processes, started afresh for each
run. Two wall times are taken per run:

- the compute phase: from `solve` being called (the cut, the tasks' submission) to the last
  result, on a cluster already up. This is the figure the speed-up goal is about (a CPU-bound
  enumeration, one worker against two in the same run of the script);
- the whole run: the cluster's start-up, the puzzle's load and the compute phase.

CPU seconds are taken per process over the compute phase: the client's process (the client,
and with a `LocalCluster` the scheduler and the workers' nannies, all in this process) and the
worker processes; the parts' own CPU time (each part's thread time) is what the workers spent
searching, the rest of their CPU time is Dask's. The speed-up is bounded by the free cores, so
the load average is printed beside it. The per-task overhead is measured after the compute
phase, on the same cluster: 400 tiny tasks submitted together (wall / 400, and the CPU time
of every process / 400), and the median of one-at-a-time round trips.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Tuple

import psutil
from distributed import Client, wait

from puzzle_solvers import eternity
from puzzle_solvers.distributed import eternity as d_eternity
from puzzle_solvers.distributed.cluster import local_cluster

ROOT = Path(__file__).resolve().parents[2]
H40 = ROOT / "testdata" / "eternity" / "oracles" / "bench-easy-h40.json"
H40_NODES = 487_397_329


def tiny(x: int) -> int:
    return x + 1


def overhead(
    client: Client, procs: List[psutil.Process], n: int = 400
) -> Tuple[float, float, float]:
    """Per-task cost in ms: `n` tiny tasks submitted together (wall / n, and the CPU time of
    `procs`, this process and the workers, / n), and the median of `n // 4` one-at-a-time
    round trips (submit, wait for the result)."""
    wait(client.map(tiny, range(10), pure=False))  # warm the workers up
    cpu0 = sum(cpu_s(p) for p in procs)
    start = time.perf_counter()
    futures = client.map(tiny, range(n), pure=False)
    client.gather(futures)
    batch = (time.perf_counter() - start) / n * 1e3
    batch_cpu = (sum(cpu_s(p) for p in procs) - cpu0) / n * 1e3
    trips = []
    for i in range(n // 4):
        t = time.perf_counter()
        client.submit(tiny, i, pure=False).result()
        trips.append((time.perf_counter() - t) * 1e3)
    return batch, batch_cpu, statistics.median(trips)


def cpu_s(proc: psutil.Process) -> float:
    """User and system CPU seconds of `proc` so far (0 once it is gone)."""
    try:
        t = proc.cpu_times()
    except psutil.NoSuchProcess:
        return 0.0
    return t.user + t.system


@dataclass
class Run:
    """One run on `workers` workers."""

    workers: int
    whole_s: float
    start_s: float
    compute_s: float
    totals: "d_eternity.Totals"
    client_cpu_s: float
    worker_cpu_s: float
    load: Tuple[float, float]
    batch_ms: float
    batch_cpu_ms: float
    trip_ms: float


def one_run(board: str, n: int, parts: int, tasks: int) -> Run:
    me = psutil.Process()
    t0 = time.perf_counter()
    with local_cluster(n) as cluster, Client(cluster) as client:
        puzzle = eternity.load(board)
        start_s = time.perf_counter() - t0
        workers = me.children(recursive=True)
        load0 = os.getloadavg()[0]
        c0, w0 = cpu_s(me), sum(cpu_s(p) for p in workers)
        t1 = time.perf_counter()
        totals = d_eternity.solve(client, puzzle, parts=parts, tasks=tasks, quiet=True)
        t2 = time.perf_counter()
        c1, w1 = cpu_s(me), sum(cpu_s(p) for p in workers)
        load1 = os.getloadavg()[0]
        batch, batch_cpu, trip = overhead(client, [me, *workers])
    return Run(
        workers=n,
        whole_s=t2 - t0,
        start_s=start_s,
        compute_s=t2 - t1,
        totals=totals,
        client_cpu_s=c1 - c0,
        worker_cpu_s=w1 - w0,
        load=(load0, load1),
        batch_ms=batch,
        batch_cpu_ms=batch_cpu,
        trip_ms=trip,
    )


def tail(task_cpu_s: List[float], workers: int) -> float:
    """The load-independent cost of the schedule: the tasks, each as long as its parts' CPU
    time, taken in submission order by whichever of `workers` is free first (what the
    scheduler does with their priorities), give a makespan; returned over the perfect
    share (total / workers). 1.0: no worker waits at the end."""
    free = [0.0] * workers
    for t in task_cpu_s:
        k = free.index(min(free))
        free[k] += t
    total = sum(task_cpu_s)
    return max(free) / (total / workers) if total > 0 else 1.0


def spread(values: List[int]) -> str:
    s = sorted(values)
    return f"min={s[0]} median={int(statistics.median(s))} max={s[-1]}"


def show(r: Run, board: str) -> None:
    t = r.totals
    exact = "exact" if board != str(H40) or t.nodes == H40_NODES else "WRONG"
    print(
        f"workers={r.workers} compute_wall_s={r.compute_s:.2f} whole_wall_s={r.whole_s:.2f} "
        f"(start-up {r.start_s:.2f}) nodes={t.nodes} ({exact}) solutions={len(t.solutions)} "
        f"parts={t.parts} tasks={t.tasks} depth={t.depth} "
        f"load={r.load[0]:.2f}..{r.load[1]:.2f}"
    )
    print(
        f"  cpu_s: parts {t.cpu_s:.2f}, worker processes {r.worker_cpu_s:.2f} "
        f"(Dask's share {r.worker_cpu_s - t.cpu_s:.2f}), client process (client, scheduler, "
        f"nannies) {r.client_cpu_s:.2f}; cut {t.cut_s * 1e3:.1f} ms; "
        f"task overhead {r.batch_ms:.2f} ms a task in a batch of 400 "
        f"({r.batch_cpu_ms:.2f} ms of CPU, all processes), "
        f"{r.trip_ms:.2f} ms median round trip"
    )
    print(f"  part nodes: {spread(t.part_nodes)} (prefix {t.nodes - sum(t.part_nodes)})")
    print(
        f"  task nodes: {spread(t.task_nodes)}; the tasks' schedule on {r.workers} "
        f"worker(s) takes {tail(t.task_cpu_s, r.workers):.3f}x the perfect share "
        f"(from their CPU times)"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--parts", type=int, default=d_eternity.DEFAULT_PARTS)
    ap.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    ap.add_argument("--repeat", type=int, default=1, help="runs of each worker count")
    ap.add_argument(
        "--tasks",
        type=int,
        help="tasks the parts are dealt into, the same for every worker count (default: "
        "what a run on the most workers deals them into by itself)",
    )
    ap.add_argument("--board", default=str(H40))
    args = ap.parse_args()
    tasks = args.tasks or d_eternity.TASKS_PER_THREAD * max(args.workers)
    print(
        f"{Path(args.board).name}, at least {args.parts} parts in at most {tasks} tasks, "
        f"{os.cpu_count()} cores, "
        f"load average {tuple(round(x, 2) for x in os.getloadavg())}"
    )
    runs: Dict[int, List[Run]] = {n: [] for n in args.workers}
    for rep in range(args.repeat):
        this: Dict[int, Run] = {}
        for n in args.workers:
            r = one_run(args.board, n, args.parts, tasks)
            runs[n].append(r)
            this[n] = r
            show(r, args.board)
        base = this.get(1)
        if base:
            for n, r in this.items():
                if n != 1:
                    print(
                        f"run {rep + 1}: speed-up with {n} workers: compute "
                        f"{base.compute_s / r.compute_s:.2f}x, whole run "
                        f"{base.whole_s / r.whole_s:.2f}x (wall, one worker / {n})"
                    )
    if args.repeat > 1 and 1 in runs:
        for n in args.workers:
            if n == 1:
                continue
            compute = [a.compute_s / b.compute_s for a, b in zip(runs[1], runs[n])]
            whole = [a.whole_s / b.whole_s for a, b in zip(runs[1], runs[n])]
            print(
                f"median speed-up with {n} workers over {args.repeat} runs: compute "
                f"{statistics.median(compute):.2f}x ({', '.join(f'{x:.2f}' for x in compute)}), "
                f"whole run {statistics.median(whole):.2f}x"
            )


if __name__ == "__main__":
    main()
