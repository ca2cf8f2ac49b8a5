"""Searches in a notebook: :func:`run` steps a search to its end with a live progress bar.

Every board, solution and search result of the package draws itself in Jupyter (its
``_repr_svg_``): ``eternity.Puzzle`` and ``eternity.Search``, ``slide.Solution``,
``quartiles.Solution``, and the :class:`puzzle_solvers.Picture` that ``sudoku.picture`` and
``hamilton.picture`` return. The bar is ``tqdm.auto``'s (a widget in Jupyter, text elsewhere)
when ``tqdm`` is installed; it is optional, and without it :func:`run` runs the same.
"""

from typing import Any, Optional

__all__ = ["run"]


def run(
    search: Any,
    seconds: Optional[float] = None,
    step_seconds: float = 0.2,
    bar: bool = True,
) -> str:
    """Steps ``search`` (an ``eternity.Search``, or anything with ``step(seconds=)`` and a
    ``progress`` dict holding ``nodes`` and ``fraction``) until it is finished, or for
    ``seconds`` in all, in steps of ``step_seconds``; returns the last step's state
    (``"finished"``, ``"paused"``). The bar shows the share of the tree explored, the nodes
    and the best score, and is redrawn between steps, so Ctrl-C (the notebook's interrupt)
    stops it at once and the search keeps the work done."""
    if step_seconds <= 0:
        raise ValueError(f"step_seconds must be positive, got {step_seconds}")
    progress_bar = _bar() if bar else None
    spent = 0.0
    state = "paused"
    shown = 0.0
    try:
        while state != "finished" and (seconds is None or spent < seconds):
            slice_s = step_seconds if seconds is None else min(step_seconds, seconds - spent)
            state = search.step(seconds=slice_s)
            spent += slice_s
            if progress_bar is not None:
                p = search.progress
                fraction = 1.0 if state == "finished" else float(p.get("fraction") or 0.0)
                progress_bar.update(max(0.0, fraction - shown))
                shown = max(shown, fraction)
                postfix = {"nodes": p.get("nodes")}
                if "best_score" in p:
                    postfix["best"] = p["best_score"]
                progress_bar.set_postfix(postfix)
    finally:
        if progress_bar is not None:
            progress_bar.close()
    return state


def _bar() -> Any:
    """A ``tqdm.auto`` bar over the fraction explored (0 to 1), or ``None`` without tqdm."""
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=1.0, unit="tree", bar_format="{l_bar}{bar}| {postfix}")
