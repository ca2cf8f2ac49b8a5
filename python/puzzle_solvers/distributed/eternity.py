"""Eternity II, distributed: a search cut into many parts (`eternity.Search.split`), each a
task; totals and solutions (in serial order) are the single-process run's."""

from __future__ import annotations

import sys
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .. import eternity
from .progress import Progress, report
from .runner import new_run_id, run_parts
from .store import Store, fingerprint

#: Tasks a run is dealt into, per worker thread of the cluster (at most one a part). The
#: parts are dealt round-robin (see `runner`), so a task holds parts from all over the tree
#: and the tasks come out of even size. Each task costs Dask some milliseconds of CPU on the
#: cores the searches need (bench-easy-h40 on two loaded workers: 1.2, 1.7 to 2.0 and 2.9 CPU
#: seconds beyond the parts for 32, 64 and 128 tasks), and 16 a thread still leaves the
#: last task short against the whole (32 tasks on two workers: a schedule within 1% of a
#: perfect share, from the parts' CPU times).
TASKS_PER_THREAD = 16

#: Parts a run is cut into at least, by default (the command line's `--parts`).
DEFAULT_PARTS = 256

#: Seconds between two continuation checkpoints of a running part (and progress reports).
CHECKPOINT_EVERY = 10.0


@dataclass
class PartResult:
    """What one part did: its nodes, solutions (cells per solution) and counters."""

    index: int
    nodes: int
    solutions: List[Any]
    max_depth: int
    best_score: int
    cpu_s: float
    resumed_at: int = 0
    """Nodes the part had done in the continuation it went on from (0: from its start)."""


@dataclass
class Totals:
    """A whole run: nodes (prefix included), solutions in serial order, the deepest depth and
    best score, the parts' CPU seconds, how many parts and at what depth."""

    nodes: int
    solutions: List[Any]
    best_score: int
    max_depth: int
    cpu_s: float
    parts: int
    depth: int
    part_nodes: List[int] = field(default_factory=list)
    tasks: int = 0
    """How many Dask tasks this run submitted (on a rerun from a checkpoint directory, those
    of the unfinished parts only)."""
    task_nodes: List[int] = field(default_factory=list)
    """Nodes per task, in the order the tasks were submitted."""
    task_cpu_s: List[float] = field(default_factory=list)
    """CPU seconds per task (its parts'), in the same order."""
    cut_s: float = 0.0
    """Seconds the client spent cutting the search."""

    def last_line(self) -> str:
        """The `eternity` example's last line: `nodes=.. solutions=.. best_score=..
        max_depth=.. cpu_s=.. nodes_per_cpu_s=..` (CPU time summed over the workers)."""
        rate = self.nodes / self.cpu_s if self.cpu_s > 0 else 0.0
        return (
            f"nodes={self.nodes} solutions={len(self.solutions)} best_score={self.best_score} "
            f"max_depth={self.max_depth} cpu_s={self.cpu_s:.3f} nodes_per_cpu_s={rate:.0f}"
        )


def cut(search: "eternity.Search", parts: int, max_depth: Optional[int] = None):
    """The shallowest cut of `search` into at least `parts` parts, as `(depth, prefix
    nodes, checkpoint texts)` (`Search.cut`: no search is built for a part until a worker
    runs it). Subtrees without a node are left out: a deep cut of a constrained tree is
    mostly those (bench-easy-h40 at depth 5: 709 of 1,149), and each would still be a part
    to ship, start and count."""
    limit = max_depth if max_depth is not None else search.puzzle.width * search.puzzle.height
    depth = 1
    prefix, texts = search.cut(depth, nonempty=True)
    while len(texts) < parts and depth < limit:
        depth += 1
        deeper = search.cut(depth, nonempty=True)
        if not deeper[1]:
            break
        prefix, texts = deeper
    return depth, prefix, texts


#: This process's root searches, by (puzzle JSON, engine, order): a part resumes on its
#: template's built tables (`Search.resume_text`) instead of building its own, which cost
#: about a millisecond a part. A few puzzles at most are kept.
_TEMPLATES: "OrderedDict[Tuple[str, str, str], eternity.Search]" = OrderedDict()
_TEMPLATES_KEPT = 4
_TEMPLATES_LOCK = threading.Lock()
#: The last puzzle object asked for and its template: the parts of one task share the
#: task's puzzle object, so they skip even the key's JSON.
_LAST: List[Any] = [None, None, None, None]


def template(puzzle: "eternity.Puzzle", engine: str, order: str) -> "eternity.Search":
    """The search from the root of `puzzle` that this process keeps to resume parts on (built
    on the first call for a puzzle, engine and order; never stepped)."""
    with _TEMPLATES_LOCK:
        if _LAST[0] is puzzle and _LAST[1] == engine and _LAST[2] == order:
            return _LAST[3]
        key = (puzzle.to_json(), engine, order)
        found = _TEMPLATES.get(key)
        if found is None:
            found = eternity.Search(puzzle, engine=engine, order=order)
            _TEMPLATES[key] = found
            while len(_TEMPLATES) > _TEMPLATES_KEPT:
                _TEMPLATES.popitem(last=False)
        else:
            _TEMPLATES.move_to_end(key)
        _LAST[:] = [puzzle, engine, order, found]
        return found


def run_part(
    text: str,
    index: int,
    run: str,
    store: Optional[Store],
    puzzle: "eternity.Puzzle",
    engine: str = "table",
    order: str = "row",
    every: float = CHECKPOINT_EVERY,
    first: bool = False,
) -> PartResult:
    """A Dask task: runs part `text` (a checkpoint of `Search.cut`) to its end (or, with
    `first`, to its first solution), checkpointing its continuation into `store` every
    `every` seconds and going on from the last one when there is one. (A part of a cut
    enumerates whatever mode its whole had: `first` is what stops it.)"""
    cpu0 = time.thread_time()
    part = template(puzzle, engine, order).resume_text(text)
    resumed_at = 0
    if store is not None:
        saved = store.continuation(index)
        if saved is not None:
            part = saved
            resumed_at = part.progress["nodes"]
    while True:
        state = part.step(seconds=every) if first else part.run(seconds=every)
        if state == "found":
            state = "finished"
        if state == "finished":
            break  # the result itself tells the client; an event per part costs the scheduler
        p = part.progress
        report(run, index, p["nodes"], p["max_depth"], p["best_score"])
        if store is not None:
            store.save_continuation(index, part)
    p = part.progress
    result = PartResult(
        index=index,
        nodes=p["nodes"],
        solutions=part.solutions,
        max_depth=p["max_depth"],
        best_score=p["best_score"],
        cpu_s=time.thread_time() - cpu0,
        resumed_at=resumed_at,
    )
    if store is not None:
        store.save_result(index, result)
    return result


def tasks_for(client: Any, parts: int) -> int:
    """How many tasks `parts` parts are dealt into on `client`'s cluster: `TASKS_PER_THREAD`
    a worker thread, at most one a part (a client that cannot tell, or a cluster without
    workers yet: one a part)."""
    try:
        threads = sum(client.nthreads().values())
    except Exception:  # not a Dask client, or no scheduler answer: no basis to group on
        threads = 0
    return min(parts, TASKS_PER_THREAD * threads) if threads > 0 else parts


def solve(
    client: Any,
    puzzle: "eternity.Puzzle",
    *,
    parts: int = DEFAULT_PARTS,
    first: bool = False,
    engine: str = "table",
    order: str = "auto",
    checkpoint_dir: Optional[str] = None,
    every: float = CHECKPOINT_EVERY,
    quiet: bool = False,
    tasks: Optional[int] = None,
) -> Totals:
    """Runs the search of `puzzle` on `client`'s cluster, cut into at least `parts` parts
    (subtrees with nodes) dealt into `tasks` Dask tasks (default `tasks_for`), each a
    handful of parts from all over the tree.

    All mode (the default) enumerates every solution: the totals are exactly the
    single-process run's. With `first=True` it stops at the serial run's first solution
    (the lowest part that finds one; parts after it are cancelled), its nodes those of the
    parts that ran."""
    t0 = time.perf_counter()
    search = eternity.Search(puzzle, engine=engine, order=order, first=first)
    # "auto" is chosen once, here: the tasks and the checkpoint key name the order searched.
    order = search.order
    depth, prefix, pieces = cut(search, parts)
    cut_s = time.perf_counter() - t0
    if tasks is None:
        tasks = tasks_for(client, len(pieces))
    store = None
    if checkpoint_dir is not None:
        # "nonempty": the cut's kind, so a directory of a cut that kept empty subtrees
        # (other part numbers) is refused.
        key = fingerprint("eternity", puzzle.to_json(), engine, order, first, depth, "nonempty")
        store = Store(checkpoint_dir, "eternity", key).open()
    run = new_run_id("eternity")
    if not quiet:
        print(
            f"split at depth {depth} into {len(pieces)} parts, {tasks} tasks",
            file=sys.stderr,
            flush=True,
        )
    progress = Progress(
        run, len(pieces), label=f"depth {depth}", max_score=puzzle.max_score, quiet=quiet
    )
    groups: List[List[int]] = []
    with progress:
        progress.done_nodes += prefix
        results: Dict[int, PartResult] = run_parts(
            client,
            run_part,
            pieces,
            run=run,
            progress=progress,
            store=store,
            nodes_of=lambda r: r.nodes,
            depth_of=lambda r: r.max_depth,
            score_of=lambda r: r.best_score,
            found=(lambda r: bool(r.solutions)) if first else None,
            extra=(puzzle, engine, order, every, first),
            tasks=tasks,
            dealt=groups,
        )
    done = totals(results, prefix, depth, len(pieces), first)
    done.tasks = len(groups)
    done.task_nodes = [sum(results[i].nodes for i in g if i in results) for g in groups]
    done.task_cpu_s = [sum(results[i].cpu_s for i in g if i in results) for g in groups]
    done.cut_s = cut_s
    return done


def totals(
    results: Dict[int, PartResult], prefix: int, depth: int, parts: int, first: bool
) -> Totals:
    """Adds the parts up in serial order (in first mode: up to the first finding part)."""
    order = sorted(results)
    if first:
        hits = [i for i in order if results[i].solutions]
        if hits:
            order = [i for i in order if i <= hits[0]]
    solutions: List[Any] = []
    for i in order:
        solutions.extend(results[i].solutions)
    if first:
        solutions = solutions[:1]
    chosen = [results[i] for i in order]
    max_depth = max((r.max_depth for r in chosen), default=0)
    # As the serial search reports it: the score of the first board (in search order) at
    # the deepest depth.
    best_score = next((r.best_score for r in chosen if r.max_depth == max_depth), 0)
    return Totals(
        nodes=prefix + sum(r.nodes for r in chosen),
        solutions=solutions,
        best_score=best_score,
        max_depth=max_depth,
        cpu_s=sum(r.cpu_s for r in results.values()),
        parts=parts,
        depth=depth,
        part_nodes=[r.nodes for r in chosen],
    )
