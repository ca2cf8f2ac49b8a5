"""Running a list of independent parts as Dask tasks, each result taken once.

The parts are dealt round-robin into `tasks` groups (default: one part a task), so a task
holds parts from all over the search: the tree's heavy regions spread over the tasks, and
a cut made finer than the task count evens the tasks out without a task per tiny subtree
(a Dask task costs milliseconds). Each group is one task with a key of its own
(`<run>-<group>`), submitted with `retries` so a task that raised on a dying worker runs
again; a task whose worker is killed outright is rescheduled by Dask itself. Results are
gathered as they complete into a dict by part index, so however often a task ran, each part
counts once. With a `Store`, parts finished in an earlier run are taken from it and not
submitted again.

When `found` is given, the run stops early the way a serial search does: once some part
has found (say part `i`, the lowest to have found so far) and every part before `i` has
finished, the parts after `i` are cancelled. The answer is then part `i`'s, as in serial.
"""

from __future__ import annotations

import uuid
from typing import Any, Callable, Dict, List, Optional, Sequence

from .progress import TOPIC, Progress
from .store import Store

#: How often a task is retried after raising (a worker lost mid-task is rescheduled anyway).
RETRIES = 3


def new_run_id(kind: str) -> str:
    """A name for one run's tasks, unique on the scheduler."""
    return f"{kind}-{uuid.uuid4().hex[:12]}"


def deal(indices: List[int], tasks: Optional[int]) -> List[List[int]]:
    """The parts `indices` dealt round-robin into `tasks` groups (default: one a part)."""
    n_tasks = max(1, min(tasks or len(indices), len(indices)))
    return [indices[g::n_tasks] for g in range(n_tasks)]


def _run_group(
    task: Callable[..., Any],
    pairs: List[Any],
    run: str,
    store: Optional[Store],
    found: Optional[Callable[[Any], bool]],
    *extra: Any,
) -> List[Any]:
    """A Dask task: runs the group's parts in order; with `found`, stops at the first part
    that finds (the group's later parts come after it in serial order)."""
    out = []
    for index, part in pairs:
        result = task(part, index, run, store, *extra)
        out.append((index, result))
        if found is not None and found(result):
            break
    return out


def run_parts(
    client: Any,
    task: Callable[..., Any],
    parts: Sequence[Any],
    *,
    run: str,
    progress: Progress,
    nodes_of: Callable[[Any], int],
    store: Optional[Store] = None,
    found: Optional[Callable[[Any], bool]] = None,
    extra: Sequence[Any] = (),
    retries: int = RETRIES,
    depth_of: Callable[[Any], int] = lambda r: 0,
    score_of: Callable[[Any], int] = lambda r: 0,
    tasks: Optional[int] = None,
    dealt: Optional[List[List[int]]] = None,
) -> Dict[int, Any]:
    """Runs `task(part, index, run, store, *extra)` for every part, in `tasks` Dask tasks
    (default: one a part), and returns the results by index (all of them, or, with `found`,
    those up to the lowest finding part and whatever else had finished). See the module's
    docs.

    `dealt`, if given, receives the part indices of each task submitted, in submission
    order: on a rerun from `store` only the unfinished parts are dealt, so these are the
    tasks that really ran (none, if the store held every part)."""
    from distributed import as_completed

    results: Dict[int, Any] = {}
    if store is not None:
        for index, result in store.finished().items():
            if 0 <= index < len(parts):
                results[index] = result
                progress.part_done(index, nodes_of(result), depth_of(result), score_of(result))

    def settled() -> bool:
        if found is None:
            return len(results) == len(parts)
        hits = [i for i, r in results.items() if found(r)]
        if hits:
            first = min(hits)
            return all(i in results for i in range(first))
        return len(results) == len(parts)

    if settled():
        return results

    pending_indices = [i for i in range(len(parts)) if i not in results]
    groups = deal(pending_indices, tasks)
    if dealt is not None:
        dealt.extend(groups)
    group_of: Dict[str, int] = {}
    attempts: Dict[int, int] = {}

    def submit(g: int) -> Any:
        attempts[g] = attempts.get(g, 0) + 1
        key = f"{run}-{g}" if attempts[g] == 1 else f"{run}-{g}-again{attempts[g]}"
        group_of[key] = g
        return client.submit(
            _run_group,
            task,
            [(i, parts[i]) for i in groups[g] if i not in results],
            run,
            store,
            found,
            *extra,
            key=key,
            retries=retries,
            pure=False,
            # Earlier parts first, as a serial search would take them: an early stop then
            # waits on as little as it can.
            priority=-g,
        )

    futures: List[Any] = [submit(g) for g in range(len(groups))]
    try:
        handler = progress.on_event
        client.subscribe_topic(TOPIC, handler)
    except (AttributeError, TypeError):
        handler = None
    try:
        pending = as_completed(futures, with_results=True, raise_errors=False)
        for future, group in pending:
            if future.status == "error":
                future.result()  # the task itself failed, `retries` times: raise its error
            if not isinstance(group, list):
                # The result was lost before it reached here (its worker died holding it):
                # the scheduler computes it again for the future we still hold; wait again.
                g = group_of[future.key]
                attempts[g] = attempts.get(g, 0) + 1
                if attempts[g] > retries + 2:
                    future.result()
                    raise RuntimeError(f"part group {g}: its result was lost {attempts[g]} times")
                pending.add(future)
                continue
            for index, result in group:
                if index in results:
                    continue  # a part counts once, however often its task ran
                results[index] = result
                progress.part_done(index, nodes_of(result), depth_of(result), score_of(result))
            if found is not None and settled():
                break
    finally:
        if handler is not None:
            try:
                client.unsubscribe_topic(TOPIC)
            except (AttributeError, KeyError):
                pass
        client.cancel([f for f in futures if not f.done()])
    return results
