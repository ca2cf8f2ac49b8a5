"""Sudoku, distributed: a large puzzle file solved in chunks, a task per chunk; the output
is written in input order, byte for byte what `sudoku.solve_file` (and the `sudoku`
example's `-s FILE`) writes."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

from .. import sudoku
from .progress import Progress
from .runner import new_run_id, run_parts
from .store import Store, fingerprint, write_atomically

#: Puzzles per task by default: tens of milliseconds to seconds of work each.
CHUNK = 20_000


@dataclass
class Report:
    """A solved file: puzzles, unique ones, guesses and the anomalies `(number, verdict)`
    (verdict as the example prints it: `no solution`, `several solutions`)."""

    puzzles: int
    unique: int
    guesses: int
    anomalies: List[Tuple[int, str]]
    chunks: int


WORDS = {"none": "no solution", "several": "several solutions"}


def run_chunk(
    chunk: Tuple[List[str], str], index: int, run: str, store: Optional[Store]
) -> Dict[str, Any]:
    """A Dask task: solves one chunk of puzzles."""
    lines, fmt = chunk
    result = dict(sudoku.solve_chunk(lines, fmt))
    if store is not None:
        store.save_result(index, result)
    return result


def solve_file(
    client: Any,
    path: "os.PathLike[str] | str",
    out: "os.PathLike[str] | str",
    *,
    chunk: int = CHUNK,
    output_format: Optional[str] = None,
    input_format: Optional[str] = None,
    checkpoint_dir: Optional[str] = None,
    quiet: bool = False,
) -> Report:
    """Solves every puzzle of `path` on `client`'s cluster, `chunk` puzzles a task, and
    writes the answers to `out` (through a temporary file renamed over it once whole)."""
    lines, fmt = sudoku.read_file(path, input_format)
    if not lines:
        raise sudoku.SudokuError(f"{path}: no puzzle found")
    fmt = output_format or fmt
    chunks = [(lines[i : i + chunk], fmt) for i in range(0, len(lines), chunk)]
    store = None
    if checkpoint_dir is not None:
        key = fingerprint("sudoku", Path(path).read_bytes(), chunk, fmt)
        store = Store(checkpoint_dir, "sudoku", key).open()
    run = new_run_id("sudoku")
    progress = Progress(run, len(chunks), unit="puzzles", scores=False, quiet=quiet)
    with progress:
        results = run_parts(
            client,
            run_chunk,
            chunks,
            run=run,
            progress=progress,
            store=store,
            nodes_of=lambda r: len(r["verdicts"]),
        )
    # The nine-line format puts one empty line between grids, chunk boundaries included.
    sep = b"\n" if fmt == "grid" else b""
    data = sep.join(results[i]["text"] for i in range(len(chunks)))
    write_atomically(Path(out), data)
    unique = 0
    guesses = 0
    anomalies: List[Tuple[int, str]] = []
    number = 0
    for i in range(len(chunks)):
        guesses += results[i]["guesses"]
        for v in results[i]["verdicts"]:
            number += 1
            if v == "unique":
                unique += 1
            else:
                anomalies.append((number, WORDS[v]))
    return Report(len(lines), unique, guesses, anomalies, len(chunks))
