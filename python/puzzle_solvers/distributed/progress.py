"""The live progress line of a distributed run, on stderr.

Workers send what their running parts have done (`report`, through Dask's event log); the
client adds it to the finished parts' totals and prints, every second on a terminal (every
ten seconds otherwise, one line each), parts done of total, nodes, rate, the deepest depth
and the best score seen.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import Any, Dict, Optional, TextIO

#: Dask event-log topic the parts' progress travels on.
TOPIC = "puzzle-solvers-progress"


def report(run: str, index: int, nodes: int, max_depth: int = 0, best_score: int = 0) -> None:
    """Tells the client how far part `index` of run `run` is (no-op outside a Dask worker)."""
    try:
        from distributed import get_worker

        worker = get_worker()
    except (ImportError, ValueError):
        return
    worker.log_event(
        TOPIC,
        {"run": run, "index": index, "nodes": nodes, "max_depth": max_depth, "best": best_score},
    )


class Progress:
    """Counts a run's parts and nodes and prints the live line (see the module's docs)."""

    def __init__(
        self,
        run: str,
        total: int,
        *,
        label: str = "",
        max_score: Optional[int] = None,
        unit: str = "nodes",
        scores: bool = True,
        stream: TextIO = sys.stderr,
        quiet: bool = False,
    ) -> None:
        # `unit` names what the parts count (nodes, puzzles); `scores` is false for searches
        # without a depth or a score to report (block fill, sudoku).
        self.unit = unit
        self.scores = scores
        self.run = run
        self.total = total
        self.label = label
        self.max_score = max_score
        self.stream = stream
        self.quiet = quiet
        self.done = 0
        self.done_nodes = 0
        self.running: Dict[int, int] = {}
        self.max_depth = 0
        self.best_score = 0
        self.start = time.monotonic()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: Optional[threading.Thread] = None
        self._tty = hasattr(stream, "isatty") and stream.isatty()

    # --- what the client learns -------------------------------------------------------------

    def on_event(self, event: Any) -> None:
        """A Dask event-log handler: `event` is `(timestamp, message)`."""
        try:
            _, msg = event
        except (TypeError, ValueError):
            return
        if not isinstance(msg, dict) or msg.get("run") != self.run:
            return
        with self._lock:
            self.running[msg["index"]] = msg["nodes"]
            self.max_depth = max(self.max_depth, msg.get("max_depth", 0))
            self.best_score = max(self.best_score, msg.get("best", 0))

    def part_done(self, index: int, nodes: int, max_depth: int = 0, best_score: int = 0) -> None:
        """Part `index` has finished with `nodes` nodes (counted once, whatever the events)."""
        with self._lock:
            self.running.pop(index, None)
            self.done += 1
            self.done_nodes += nodes
            self.max_depth = max(self.max_depth, max_depth)
            self.best_score = max(self.best_score, best_score)

    # --- the line ---------------------------------------------------------------------------

    def line(self) -> str:
        with self._lock:
            nodes = self.done_nodes + sum(self.running.values())
            done, depth, best = self.done, self.max_depth, self.best_score
        elapsed = time.monotonic() - self.start
        rate = nodes / elapsed / 1e6 if elapsed > 0 else 0.0
        best_text = f"{best}/{self.max_score}" if self.max_score is not None else str(best)
        head = f"{self.label} " if self.label else ""
        line = f"[{elapsed:>7.1f}s] {head}parts {done}/{self.total} {self.unit}={nodes} rate={rate:.1f}M/s"
        if self.scores:
            line += f" max_depth={depth} best_score={best_text}"
        return line

    def _loop(self) -> None:
        every = 1.0 if self._tty else 10.0
        while not self._stop.wait(every):
            self._print()

    def _print(self, final: bool = False) -> None:
        if self.quiet:
            return
        text = self.line()
        if self._tty:
            self.stream.write("\r\x1b[2K" + text + ("\n" if final else ""))
        else:
            self.stream.write(text + "\n")
        self.stream.flush()

    def __enter__(self) -> "Progress":
        if not self.quiet:
            self._thread = threading.Thread(target=self._loop, name="progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        self._print(final=True)
