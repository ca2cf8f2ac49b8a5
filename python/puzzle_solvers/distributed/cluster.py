"""Connecting to a Dask cluster: an existing scheduler by address or scheduler file, or a
local cluster of one single-threaded worker process per core."""

from __future__ import annotations

import contextlib
import os
import sys
from typing import Iterator, Optional, TextIO


@contextlib.contextmanager
def connect(
    scheduler: Optional[str] = None,
    *,
    scheduler_file: Optional[str] = None,
    workers: Optional[int] = None,
    stream: TextIO = sys.stderr,
    quiet: bool = False,
) -> Iterator["distributed.Client"]:  # noqa: F821
    """A Dask client for the run, closed at the end.

    `scheduler` is an address (``tcp://host:8786``), `scheduler_file` the JSON file
    ``dask scheduler --scheduler-file`` writes; with neither, a `LocalCluster` of `workers`
    processes (default: one per core), one thread each: the searches are CPU-bound and hold
    no GIL while they run, but one thread a process keeps one search a core. The dashboard's
    link is printed on `stream`.
    """
    from distributed import Client, LocalCluster

    if scheduler is not None or scheduler_file is not None:
        client = Client(address=scheduler, scheduler_file=scheduler_file)
        cluster = None
    else:
        n = workers or os.cpu_count() or 1
        cluster = LocalCluster(n_workers=n, threads_per_worker=1, processes=True)
        client = Client(cluster)
    try:
        if not quiet:
            link = client.dashboard_link
            n = len(client.scheduler_info().get("workers", {}))
            stream.write(f"dask: {client.scheduler.address}, {n} workers, dashboard {link}\n")
            stream.flush()
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
