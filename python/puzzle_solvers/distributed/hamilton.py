"""Block fill, distributed: every path of a grid counted (or listed) by decision prefixes
(`hamilton.Paths.split`), a task per prefix; the count and the paths in order are exact.

A part travels as its grid, depth and index (the worker cuts the grid again, the same way)
and runs in one go: parts are sized by their number (`parts`), not checkpointed mid-way;
with a checkpoint directory, finished parts are kept and a rerun skips them.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional

from .. import hamilton
from .progress import Progress, report
from .store import Store, fingerprint
from .runner import new_run_id, run_parts

#: The cut gives at least this many subtrees a task, dealt round-robin (see `runner`). One:
#: a block-fill cut is already even enough, and grouped parts made the kill test's
#: recovery stall (not understood yet; see the README's known limits).
FINER = 1

#: Boards whose narrower side is at most this many cells are counted in one process by the
#: crate's frontier dynamic programme (`hamilton.count`), without a cluster: its cost grows
#: with the narrower side, and a full 11x11 grid takes about 0.13 s (a 12x12 about 1 s),
#: where starting a local cluster alone takes seconds. The enumeration the cluster runs
#: gives the same count (the tests compare them).
LOCAL_WIDTH = 11

#: Nodes a listing (`--all`) may take in one process before it is sent to the cluster.
LOCAL_NODES = 200_000

#: Seconds between two progress reports of a running part.
REPORT_EVERY = 2.0

ARROWS = {"U": "↑", "D": "↓", "L": "←", "R": "→"}


def arrows(letters: str) -> str:
    """Move letters as the `block_fill` example's arrows (`→ → ↓ …`)."""
    return " ".join(ARROWS[c] for c in letters)


@dataclass
class PartResult:
    """One part: its index, nodes, paths counted, and the paths (letters) when kept."""

    index: int
    nodes: int
    found: int
    paths: List[str]
    cpu_s: float


@dataclass
class Totals:
    """The whole enumeration: nodes (prefix included), the path count, the paths in serial
    order (when kept), the parts' CPU seconds, the number of parts and the depth."""

    nodes: int
    count: int
    paths: List[str]
    cpu_s: float
    parts: int
    depth: int


def narrower_side(grid: str) -> int:
    """The narrower side of `grid`'s text, in cells (rows, or the longest row)."""
    rows = grid.rstrip("\n").split("\n")
    return min(len(rows), max((len(r.rstrip("\r")) for r in rows), default=0))


def count_locally(grid: str) -> Optional[int]:
    """The path count of a board small enough to count in one process (`LOCAL_WIDTH`), else
    `None`."""
    if narrower_side(grid) > LOCAL_WIDTH:
        return None
    return hamilton.count(grid)


def list_locally(grid: str) -> Optional["hamilton.Paths"]:
    """The enumeration of `grid` run to its end in one process if it ends within
    `LOCAL_NODES` nodes, else `None`."""
    paths = hamilton.Paths(grid)
    if paths.run(nodes=LOCAL_NODES, keep=True) == "finished":
        return paths
    return None


def cut(grid: str, parts: int, max_depth: int = 40):
    """The shallowest split of `grid`'s enumeration into at least `parts` parts (or the
    split at `max_depth` decisions, for a tree never that wide)."""
    whole = hamilton.Paths(grid)
    depth = 1
    pieces = whole.split(depth)
    while len(pieces) < parts and depth < max_depth:
        depth += 1
        pieces = whole.split(depth)
    return depth, pieces


def run_part(
    part: "hamilton.Paths",
    index: int,
    run: str,
    store: Optional[Store],
    keep: bool = False,
) -> PartResult:
    """A Dask task: enumerates one part to its end."""
    cpu0 = time.thread_time()
    while part.run(seconds=REPORT_EVERY, keep=keep) != "finished":
        report(run, index, part.nodes)
    result = PartResult(index, part.nodes, part.found, part.paths, time.thread_time() - cpu0)
    if store is not None:
        store.save_result(index, result)
    return result


def count(
    client: Any,
    grid: str,
    *,
    parts: int = 256,
    keep: bool = False,
    checkpoint_dir: Optional[str] = None,
    quiet: bool = False,
) -> Totals:
    """Counts (with `keep=True`, also lists) every path of `grid` on `client`'s cluster as
    `parts` tasks, each a handful of the cut's subtrees from all over the tree."""
    depth, pieces = cut(grid, FINER * parts)
    prefix = pieces[0].prefix_nodes if pieces else 0
    if not quiet:
        print(f"split at depth {depth} into {len(pieces)} parts", file=sys.stderr, flush=True)
    store = None
    if checkpoint_dir is not None:
        key = fingerprint("hamilton", grid, depth, keep)
        store = Store(checkpoint_dir, "hamilton", key).open()
    run = new_run_id("hamilton")
    progress = Progress(run, len(pieces), label=f"depth {depth}", scores=False, quiet=quiet)
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
            extra=(keep,),
            tasks=parts,
        )
    paths: List[str] = []
    for i in sorted(results):
        paths.extend(results[i].paths)
    return Totals(
        nodes=prefix + sum(r.nodes for r in results.values()),
        count=sum(r.found for r in results.values()),
        paths=paths,
        cpu_s=sum(r.cpu_s for r in results.values()),
        parts=len(pieces),
        depth=depth,
    )
