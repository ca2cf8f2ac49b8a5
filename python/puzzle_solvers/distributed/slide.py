"""Sliding puzzles, distributed: IDA*, each threshold's subtrees as tasks.

For each bound from the plan's start bound upwards, the search tree is cut below the root
(`slide.Plan.split`) into parts that run as tasks. If some part finds a solution, the
answer is the lowest-index finding part's, once every part before it has finished (parts
after it are cancelled): the one a serial run returns. Otherwise the next bound is the least
`next_bound` of the cut and its parts. Each finished iteration's nodes (the cut's own plus
every part's) are the serial run's for that bound. The heuristic's tables are built once into
a cache directory that every worker reads (a shared directory on a real cluster).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .. import slide
from .progress import Progress, report
from .runner import new_run_id, run_parts
from .store import Store, fingerprint

#: Seconds between two progress reports of a running part.
REPORT_EVERY = 2.0

#: The tiles' moves as the `slide` example prints them: the tile moves against the blank.
TILE_ARROWS = {"U": "↓", "D": "↑", "L": "→", "R": "←"}


def blank_first(board: str) -> str:
    """The board, given towards the goal with the blank first (`0 1 2 ... n-1`, as Korf and
    Felner's 24-puzzle instances), as the same puzzle towards the blank-last goal that
    `slide.Plan` solves: turned half a turn (cell `p` to `n-1-p`) and tile `t` renamed
    `n-t`. The two puzzles' solutions are the same length, move for move with up and down,
    left and right swapped (`turn_moves`)."""
    tiles = [int(t) for t in board.replace(",", " ").split()]
    n = len(tiles)
    turned = [tiles[n - 1 - q] for q in range(n)]
    return " ".join(str(n - t if t else 0) for t in turned)


def turn_moves(moves: str) -> str:
    """The blank's moves on the board turned half a turn (see `blank_first`)."""
    return moves.translate(str.maketrans("UDLR", "DURL"))


def available() -> bool:
    """Whether the installed binding has the splittable IDA* (`slide.Plan`)."""
    return hasattr(slide, "Plan")


@dataclass
class PartResult:
    """One part of one iteration: its index, nodes, next bound and solution (moves, length)."""

    index: int
    nodes: int
    next_bound: Optional[int]
    solution: Optional[Tuple[str, int]]
    cut_nodes: int = 0
    """The cut's nodes up to and including this part's node (serial order)."""
    resumed_at: int = 0
    """Nodes the part had done in the continuation it went on from (0: from its start)."""


@dataclass
class Answer:
    """The solution (blank's moves, length), and each iteration's `(bound, nodes)`."""

    moves: str
    length: int
    iterations: List[Tuple[int, int]] = field(default_factory=list)

    @property
    def nodes(self) -> int:
        """All iterations' nodes."""
        return sum(n for _, n in self.iterations)

    def arrows(self) -> str:
        """The tiles' moves as arrows, as the `slide` example's `Moves:` line."""
        return "".join(TILE_ARROWS[c] for c in self.moves)


def run_part(
    part: Any, index: int, run: str, store: Optional[Store], every: float = REPORT_EVERY
) -> PartResult:
    """A Dask task: runs one part of one iteration to a solution or its end, saving its
    continuation into `store` every `every` seconds and going on from the last one."""
    resumed_at = 0
    if store is not None:
        saved = store.continuation(index)
        if saved is not None:
            part = slide.Part.restore(saved)
            resumed_at = part.nodes
    while True:
        state = part.step(seconds=every)
        if state != "paused":
            break
        report(run, index, part.nodes)
        if store is not None:
            store.save_continuation(index, part.save())
    sol = part.solution
    result = PartResult(
        index=index,
        nodes=part.nodes,
        next_bound=part.next_bound,
        solution=(sol.moves, sol.length) if sol is not None else None,
        cut_nodes=part.cut_nodes,
        resumed_at=resumed_at,
    )
    if store is not None:
        store.save_result(index, result)
    return result


def solve(
    client: Any,
    board: str,
    *,
    size: Optional[Any] = None,
    heuristic: Optional[str] = None,
    cache_dir: Optional[str] = None,
    parts: int = 64,
    depth: Optional[int] = None,
    checkpoint_dir: Optional[str] = None,
    every: float = REPORT_EVERY,
    quiet: bool = False,
) -> Answer:
    """Solves `board` optimally on `client`'s cluster (see the module's docs)."""
    if not available():
        raise RuntimeError(
            "this build of puzzle_solvers.slide has no Plan (the splittable IDA*)"
        )
    plan = slide.Plan(board, size=size, heuristic=heuristic, cache_dir=cache_dir)
    bound = plan.start_bound
    iterations: List[Tuple[int, int]] = []
    while True:
        cut = plan.split(bound, depth=depth, min_parts=parts)
        store = None
        if checkpoint_dir is not None:
            key = fingerprint("slide", board, str(size), str(heuristic), bound, depth, parts)
            store = Store(f"{checkpoint_dir}/bound-{bound}", "slide", key).open()
        run = new_run_id("slide")
        progress = Progress(run, len(cut.parts), label=f"bound {bound}", quiet=quiet)
        with progress:
            progress.done_nodes += cut.nodes
            results: Dict[int, PartResult] = run_parts(
                client,
                run_part,
                cut.parts,
                run=run,
                progress=progress,
                store=store,
                nodes_of=lambda r: r.nodes,
                found=lambda r: r.solution is not None,
                extra=(every,),
            )
        hits = sorted(i for i, r in results.items() if r.solution is not None)
        if not hits and cut.solution is not None:
            # Met inside the cut itself (tiny boards), after every part.
            iterations.append((bound, cut.nodes + sum(r.nodes for r in results.values())))
            return Answer(cut.solution.moves, cut.solution.length, iterations)
        if hits:
            first = hits[0]
            # As the serial run counts the solving iteration: up to the solution.
            nodes = results[first].cut_nodes + sum(results[i].nodes for i in range(first + 1))
            iterations.append((bound, nodes))
            moves, length = results[first].solution  # type: ignore[misc]
            return Answer(moves, length, iterations)
        nodes = cut.nodes + sum(r.nodes for r in results.values())
        iterations.append((bound, nodes))
        nexts = [r.next_bound for r in results.values() if r.next_bound is not None]
        if cut.next_bound is not None:
            nexts.append(cut.next_bound)
        if not nexts:
            raise RuntimeError(f"bound {bound}: the tree is exhausted without a solution")
        if not quiet:
            print(f"bound {bound}: {nodes} nodes, next bound {min(nexts)}", file=sys.stderr)
        bound = min(nexts)
