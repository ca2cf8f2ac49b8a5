"""Running a list of independent parts as Dask tasks, each result taken once.

Every part is one task with a key of its own (`<run>-<index>`), submitted with `retries` so
a task that raised on a dying worker runs again; a task whose worker is killed outright is
rescheduled by Dask itself. Results are gathered as they complete into a dict by part index,
so however often a task ran, its part counts once. With a `Store`, parts finished in an
earlier run are taken from it and not submitted again.

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
) -> Dict[int, Any]:
    """Runs `task(part, index, run, store, *extra)` for every part and returns the results by
    index (all of them, or, with `found`, those up to the lowest finding part and whatever
    else had finished). See the module's docs."""
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

    futures: List[Any] = []
    for index, part in enumerate(parts):
        if index in results:
            continue
        futures.append(
            client.submit(
                task,
                part,
                index,
                run,
                store,
                *extra,
                key=f"{run}-{index}",
                retries=retries,
                pure=False,
                # Earlier parts first, as a serial search would take them: an early stop
                # then waits on as little as it can.
                priority=-index,
            )
        )
    try:
        handler = progress.on_event
        client.subscribe_topic(TOPIC, handler)
    except (AttributeError, TypeError):
        handler = None
    try:
        pending = as_completed(futures, with_results=True)
        for future, result in pending:
            index = int(future.key.rsplit("-", 1)[1])
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
