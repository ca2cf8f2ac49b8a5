"""Connecting to a Dask cluster: an existing scheduler by address or scheduler file, or a
local cluster of one single-threaded worker process per core."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile
from typing import Any, Dict, Iterator, Optional, TextIO

#: Dask settings for the local clusters this package starts. The searches keep every core
#: busy, and Dask's housekeeping at its defaults takes a share of them: a statistical
#: profiler sampling the workers every 10 ms, event-loop health ticks every 20 ms, a system
#: monitor every 0.5 s and the nannies' memory check every 0.1 s cost an idle two-worker
#: `LocalCluster` about 0.17 of a core on a two-core machine (measured per thread, 10 s
#: idle), as much as the goal of two workers at 1.8x one leaves for everything else. With
#: these it costs about 0.02. Lost: the dashboard's profile page; its CPU and memory plots
#: update every 5 s; a worker's memory limit is checked every second.
#: Seconds to reach a scheduler given by address or file before giving up with an error
#: (Dask's default is 30, and it waits for a scheduler file that does not exist for ever).
CONNECT_SECONDS = 10
CONNECT_TIMEOUT = f"{CONNECT_SECONDS}s"


def _wait_for_file(path: str, seconds: float) -> None:
    """Waits up to `seconds` for the scheduler file `path` (a batch job may be writing it),
    then raises `OSError` naming it."""
    import time

    end = time.monotonic() + seconds
    while not os.path.exists(path):
        if time.monotonic() >= end:
            raise OSError(f"scheduler file {path}: not there after {seconds:g} s")
        time.sleep(0.1)

def _connect(scheduler: Optional[str], scheduler_file: Optional[str]) -> "distributed.Client":  # noqa: F821
    """A client of the scheduler at `scheduler` (or named in `scheduler_file`), or
    `TimeoutError` when none answers within a few seconds of `CONNECT_SECONDS`.

    Dask's own `timeout` covers the connection but not the greeting that follows it: a
    server that accepts the connection and then says nothing (a dashboard or any other HTTP
    port given by mistake) held the run for ever. The client is made on a helper thread that
    is waited for with a deadline; one that never connects is left behind as a daemon."""
    import threading

    from distributed import Client

    made: Dict[str, Any] = {}

    def connect() -> None:
        try:
            made["client"] = Client(
                address=scheduler, scheduler_file=scheduler_file, timeout=CONNECT_TIMEOUT
            )
        except BaseException as e:  # noqa: BLE001 - handed to the caller as it is
            made["error"] = e

    helper = threading.Thread(target=connect, name="dask-connect", daemon=True)
    helper.start()
    helper.join(CONNECT_SECONDS + 5)
    if "error" in made:
        raise made["error"]
    if "client" not in made:
        where = scheduler if scheduler is not None else f"the scheduler of {scheduler_file}"
        raise TimeoutError(
            f"{where}: no Dask scheduler answered within {CONNECT_SECONDS + 5} s"
            " (is it the scheduler's port, not its dashboard's?)"
        )
    return made["client"]


CPU_BOUND: Dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.worker.memory.monitor-interval": "1s",
}


def local_cluster(
    workers: Optional[int] = None, scratch: Optional[str] = None
) -> "distributed.LocalCluster":  # noqa: F821
    """A `LocalCluster` of `workers` single-threaded worker processes (default: one per core)
    with the `CPU_BOUND` settings (its scheduler, nannies and workers read them as they
    start), its workers' scratch space in `scratch` (Dask's default is a
    ``dask-scratch-space`` folder in the system's temporary directory, left behind)."""
    import dask
    from distributed import LocalCluster

    n = workers or os.cpu_count() or 1
    settings = dict(CPU_BOUND)
    if scratch is not None:
        settings["temporary-directory"] = scratch
    with dask.config.set(settings):
        return LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, local_directory=scratch
        )


def dashboard(client: Any, local: bool = True) -> str:
    """Where the dashboard is, or why there is none: a local cluster serves it only with
    bokeh installed (the ``[distributed]`` extra brings it), and a link to a page that
    answers "Dask needs bokeh" helps nobody. A remote scheduler's own bokeh is its affair:
    its link is printed as it is."""
    import importlib.util

    if local and importlib.util.find_spec("bokeh") is None:
        return 'no dashboard here (pip install "bokeh>=3.1.0", or the [distributed] extra)'
    return f"dashboard {client.dashboard_link}"


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
    no GIL while they run, but one thread a process keeps one search a core (see
    `local_cluster`). The dashboard's link is printed on `stream`.
    """
    from distributed import Client

    scratch = None
    if scheduler_file is not None:
        _wait_for_file(scheduler_file, CONNECT_SECONDS)
    if scheduler is not None or scheduler_file is not None:
        client = _connect(scheduler, scheduler_file)
        cluster = None
    else:
        scratch = tempfile.mkdtemp(prefix="puzzle-solvers-dask-")
        try:
            cluster = local_cluster(workers, scratch)
            client = Client(cluster)
        except BaseException:
            shutil.rmtree(scratch, ignore_errors=True)
            raise
    try:
        if not quiet:
            n = len(client.scheduler_info().get("workers", {}))
            stream.write(f"dask: {client.scheduler.address}, {n} workers, {dashboard(client, cluster is not None)}\n")
            stream.flush()
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
        if scratch is not None:
            shutil.rmtree(scratch, ignore_errors=True)
