from typing import Any, Literal, Optional

def run(
    search: Any,
    seconds: Optional[float] = None,
    step_seconds: float = 0.2,
    bar: bool = True,
) -> Literal["found", "paused", "finished"]:
    """Steps ``search`` to its end (or for ``seconds``) with a ``tqdm.auto`` bar when tqdm is
    installed."""
