from typing import Literal

from . import CodegenError as CodegenError
from .eternity import Puzzle

def emit_program(
    puzzle: Puzzle, order: Literal["row", "spiral", "border", "column"] = "row"
) -> str:
    """The Rust source of a stand-alone solver for ``puzzle``."""
