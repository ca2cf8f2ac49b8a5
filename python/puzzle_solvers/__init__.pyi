from . import eternity as eternity
from . import eternity_codegen as eternity_codegen
from . import hamilton as hamilton
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
class CodegenError(ValueError): ...
