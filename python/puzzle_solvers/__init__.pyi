from os import PathLike
from typing import Union

from . import eternity as eternity
from . import eternity_codegen as eternity_codegen
from . import hamilton as hamilton
from . import notebook as notebook
from . import quartiles as quartiles
from . import slide as slide
from . import sudoku as sudoku

__version__: str

class QuartilesError(ValueError): ...
class SudokuError(ValueError): ...
class SlideError(ValueError): ...
class HamiltonError(ValueError): ...

class Impossible(HamiltonError):
    reason: str
    """``"parity"``, ``"disconnected"``, ``"dead-ends"`` or ``"exhausted"``."""

class EternityError(ValueError): ...

class Picture:
    """A picture drawn by a crate, as SVG text; Jupyter and IPython show it."""

    @property
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def save(self, path: Union[str, "PathLike[str]"]) -> None:
        """Writes the SVG text to ``path`` (replaced whole)."""
class CodegenError(ValueError): ...
