"""The command line: ``python -m puzzle_solvers.distributed SUBCOMMAND ...``.

Every subcommand runs on the cluster at ``--scheduler ADDRESS`` (or ``--scheduler-file``),
or without one on a local cluster of one single-threaded worker process per core; prints the
dashboard's link and a live progress line on stderr; and ends with the last line of the
example program it stands for:

- ``eternity BOARD [--parts N] [--all|--first]``: ``nodes=<n> solutions=<k> best_score=<s>
  max_depth=<d> cpu_s=<t> nodes_per_cpu_s=<r>`` (CPU seconds summed over the workers);
- ``slide BOARD [--size WxH] [--heuristic H] [--cache-dir DIR]``: ``Moves: ...`` then
  ``Total moves: <n>``;
- ``hamilton FILE [--all [--letters]]``: the number of paths (as ``block_fill --count``), or
  every path, one a line (as ``block_fill --all``);
- ``sudoku FILE -o OUT``: OUT byte for byte as ``sudoku -s FILE -o OUT`` writes it, and the
  same report on stderr.

``--checkpoint-dir DIR`` (a directory every worker can reach) keeps finished parts and the
continuations of long ones; the same command run again resumes from it.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import List, Optional, Sequence


def _positive_int(text: str) -> int:
    """A whole number of at least 1 (argparse turns the error into a usage line)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text[:40]}` is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {n}")
    return n


def _positive_seconds(text: str) -> float:
    """A finite number of seconds above 0 and at most a year."""
    try:
        s = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"`{text[:40]}` is not a number of seconds") from None
    if not (0 < s <= 365 * 24 * 3600):
        raise argparse.ArgumentTypeError(f"must be a finite number of seconds above 0, got {text[:40]}")
    return s


def _common(p: argparse.ArgumentParser) -> None:
    g = p.add_argument_group("cluster")
    g.add_argument("--scheduler", metavar="ADDRESS", help="a running scheduler (tcp://host:8786)")
    g.add_argument("--scheduler-file", metavar="FILE", help="the file `dask scheduler --scheduler-file` wrote")
    g.add_argument("--workers", type=_positive_int, metavar="N", help="local cluster only: worker processes (default: one per core)")
    g.add_argument("--checkpoint-dir", metavar="DIR", help="keep finished parts and continuations here; a rerun resumes")
    g.add_argument("--quiet", action="store_true", help="no dashboard link or progress line")


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="python -m puzzle_solvers.distributed",
        description="Run a puzzle search on a Dask cluster, with exact totals.",
    )
    sub = top.add_subparsers(dest="command", required=True)

    e = sub.add_parser("eternity", help="Eternity II: every solution, or the first")
    e.add_argument("board", help="a .json bench board, .puz file or e2pieces list")
    e.add_argument("--parts", type=_positive_int, default=256, help="cut into at least N parts (default 256)")
    mode = e.add_mutually_exclusive_group()
    mode.add_argument("--all", action="store_true", help="every solution (the default)")
    mode.add_argument("--first", action="store_true", help="stop at the first solution")
    e.add_argument("--engine", default="table", choices=["table", "baseline"])
    e.add_argument("--order", default="auto", choices=["auto", "row", "spiral", "border", "column"])
    e.add_argument("--checkpoint-every", type=_positive_seconds, default=10.0, metavar="SECONDS",
                   help="how often a running part saves its continuation (default 10)")
    _common(e)

    s = sub.add_parser("slide", help="sliding puzzle: an optimal solution by IDA*")
    s.add_argument("board", help='tiles row by row, 0 the blank ("1 2 3 ... 0")')
    s.add_argument("--size", metavar="WxH", help="the board's size when it is not square")
    s.add_argument("--heuristic", help="e.g. pdb663, pdb6666, linear-conflict")
    s.add_argument("--cache-dir", metavar="DIR", help="where the pattern databases are built once and read")
    s.add_argument("--parts", type=_positive_int, default=64, help="at least N parts per iteration (default 64)")
    s.add_argument("--depth", type=_positive_int, help="cut at this depth instead")
    s.add_argument("--goal-blank-first", action="store_true",
                   help="the goal is 0 1 2 ... (blank first), as in Korf and Felner's instances")
    _common(s)

    h = sub.add_parser("hamilton", help="block fill: count (or list) every path")
    h.add_argument("file", help="the board file (x tile, X start, space gap, E end)")
    h.add_argument("--all", action="store_true", help="print every path, one a line")
    h.add_argument("--count", action="store_true", help="print the number of paths (the default)")
    h.add_argument("--letters", action="store_true", help="with --all: moves as U, D, L, R")
    h.add_argument("--parts", type=_positive_int, default=256, help="cut into at least N parts (default 256)")
    h.add_argument("--no-local", action="store_true",
                   help="use the cluster even for a board one process finishes at once")
    _common(h)

    d = sub.add_parser("sudoku", help="solve a puzzle file in chunks")
    d.add_argument("file", help="puzzles, one-line or nine-line format")
    d.add_argument("-o", "--output", default="sudoku.txt", help="output file (default sudoku.txt)")
    d.add_argument("--format", choices=["line", "grid"], help="output format (default: the input's)")
    d.add_argument("--chunk", type=_positive_int, default=20_000, help="puzzles per task (default 20000)")
    _common(d)
    return top


def _eternity(args: argparse.Namespace, client) -> int:
    from .. import eternity as native
    from . import eternity

    puzzle = native.load(args.board)
    totals = eternity.solve(
        client,
        puzzle,
        parts=args.parts,
        first=args.first,
        engine=args.engine,
        order=args.order,
        checkpoint_dir=args.checkpoint_dir,
        every=args.checkpoint_every,
        quiet=args.quiet,
    )
    for k, cells in enumerate(totals.solutions, 1):
        print(f"solution {k} (score {puzzle.max_score}):")
        for r in range(puzzle.height):
            row = cells[r * puzzle.width : (r + 1) * puzzle.width]
            print(" ".join("." if c is None else f"{c[0]}/{c[1]}" for c in row))
    print(totals.last_line())
    return 0


def _slide(args: argparse.Namespace, client) -> int:
    from . import slide

    size = None
    if args.size:
        w, _, h = args.size.lower().partition("x")
        size = (int(w), int(h))
    board = slide.blank_first(args.board) if args.goal_blank_first else args.board
    answer = slide.solve(
        client,
        board,
        size=size,
        heuristic=args.heuristic,
        cache_dir=args.cache_dir,
        parts=args.parts,
        depth=args.depth,
        checkpoint_dir=args.checkpoint_dir,
        quiet=args.quiet,
    )
    if not args.quiet:
        for bound, nodes in answer.iterations:
            print(f"iteration bound={bound} nodes={nodes}", file=sys.stderr)
    if args.goal_blank_first:
        answer.moves = slide.turn_moves(answer.moves)
    print(f"Moves: {answer.arrows()}")
    print(f"Total moves: {answer.length}")
    return 0


def _hamilton(args: argparse.Namespace, client) -> int:
    from . import hamilton

    with open(args.file, encoding="utf-8") as f:
        grid = f.read()
    totals = hamilton.count(
        client,
        grid,
        parts=args.parts,
        keep=args.all,
        checkpoint_dir=args.checkpoint_dir,
        quiet=args.quiet,
    )
    if not args.quiet:
        print(f"{totals.nodes} nodes in all", file=sys.stderr)
    return _print_hamilton(args, totals.count, totals.paths, totals.nodes)


def _print_hamilton(args: argparse.Namespace, count: int, paths: List[str], nodes: int) -> int:
    """Prints a block-fill result as ``block_fill`` does: every path (``--all``), or the
    count; the exit status, 1 when there is no path."""
    from .hamilton import arrows

    if args.all:
        for p in paths:
            print(p if args.letters else arrows(p))
        if not paths:
            print(f"no path: an exhaustive search ({nodes} nodes) found no path")
    else:
        print(count)
    return 0 if count else 1


def _hamilton_local(args: argparse.Namespace) -> Optional[int]:
    """A block-fill run small enough for one process, done here without a cluster (said on
    stderr); `None` when it needs the cluster."""
    from . import hamilton

    with open(args.file, encoding="utf-8") as f:
        grid = f.read()
    start = time.monotonic()
    if args.all:
        paths = hamilton.list_locally(grid)
        if paths is None:
            return None
        count, listed, nodes = paths.found, paths.paths, paths.nodes
        how = f"enumerated ({nodes} nodes)"
    else:
        counted = hamilton.count_locally(grid)
        if counted is None:
            return None
        count, listed, nodes = counted, [], 0
        how = "counted by the frontier dynamic programme"
    code = _print_hamilton(args, count, listed, nodes)
    if not args.quiet:
        print(
            f"hamilton: {how} in one process in {time.monotonic() - start:.3f} s; no cluster "
            "started for work this small (--no-local sends it to one)",
            file=sys.stderr,
        )
    return code


#: Subcommands that can finish small work in this process, before any cluster starts.
LOCAL = {"hamilton": _hamilton_local}


def _sudoku(args: argparse.Namespace, client) -> int:
    from pathlib import Path

    from . import sudoku

    start = time.monotonic()
    if Path(args.file).resolve() == Path(args.output).resolve():
        print(
            f"sudoku: {args.output}: the output would overwrite the input; choose another with -o",
            file=sys.stderr,
        )
        return 1
    report = sudoku.solve_file(
        client,
        args.file,
        args.output,
        chunk=args.chunk,
        output_format=args.format,
        checkpoint_dir=args.checkpoint_dir,
        quiet=args.quiet,
    )
    for number, verdict in report.anomalies:
        print(f"puzzle {number}: {verdict}", file=sys.stderr)
    print(
        f"solved {report.puzzles} puzzles ({report.unique} unique, {len(report.anomalies)} "
        f"without exactly one solution) into {args.output} in {time.monotonic() - start:.3f} s",
        file=sys.stderr,
    )
    return 0


COMMANDS = {"eternity": _eternity, "slide": _slide, "hamilton": _hamilton, "sudoku": _sudoku}


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = parser().parse_args(argv)
    # Small work is done here first: it needs no cluster, nor Dask itself.
    local = LOCAL.get(args.command)
    if local is not None and not getattr(args, "no_local", False):
        try:
            code = local(args)
        except (ValueError, OSError) as e:
            print(f"{args.command}: {e}", file=sys.stderr)
            return 1
        if code is not None:
            return code
    try:
        import distributed  # noqa: F401
    except ImportError:
        print(
            "puzzle_solvers.distributed needs Dask's `distributed`: "
            'pip install "puzzle-solvers-rs[distributed]"',
            file=sys.stderr,
        )
        return 2
    from .cluster import connect

    try:
        with connect(
            args.scheduler,
            scheduler_file=args.scheduler_file,
            workers=args.workers,
            quiet=args.quiet,
        ) as client:
            return COMMANDS[args.command](args, client)
    except (ValueError, OSError, RuntimeError) as e:
        print(f"{args.command}: {e}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{args.command}: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
