from os import PathLike
from typing import List, Literal, Optional, Tuple, TypedDict, Union

from . import EternityError as EternityError

_Path = Union[str, "PathLike[str]"]
_Cell = Optional[Tuple[int, int]]
_State = Literal["found", "paused", "finished"]

class Progress(TypedDict):
    nodes: int
    solutions: int
    depth: int
    max_depth: int
    best_score: int
    total_depth: int
    fraction: Optional[float]
    elapsed: float
    nodes_per_sec: float
    finished: bool
    prefix_nodes: int

class Puzzle:
    def __init__(self, text: str, format: Literal["json", "pieces", "puz"] = "json") -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def pieces(self) -> List[Tuple[int, int, int, int]]: ...
    @property
    def hints(self) -> List[Tuple[int, int, int]]: ...
    @property
    def max_score(self) -> int: ...
    def to_json(self) -> str: ...
    def _repr_svg_(self) -> str:
        """The board with its hints, drawn."""

def load(path: _Path) -> Puzzle:
    """A puzzle file: ``.json`` bench board, ``.puz`` (McGavin) or an e2pieces list."""

class Search:
    def __init__(
        self,
        puzzle: Puzzle,
        engine: Literal["table", "baseline"] = "table",
        order: Literal["auto", "row", "spiral", "border", "column"] = "auto",
        first: bool = False,
    ) -> None: ...
    def step(self, nodes: Optional[int] = None, seconds: Optional[float] = None) -> _State:
        """Runs to the next solution, the end, or the budget."""
    def run(
        self, nodes: Optional[int] = None, seconds: Optional[float] = None
    ) -> Literal["paused", "finished"]:
        """Runs to the end or the budget, collecting every solution."""
    @property
    def progress(self) -> Progress: ...
    @property
    def solutions(self) -> List[List[_Cell]]: ...
    @property
    def finished(self) -> bool: ...
    @property
    def prefix_nodes(self) -> int: ...
    @property
    def puzzle(self) -> Puzzle: ...
    def _repr_svg_(self) -> str:
        """The best board so far (the first solution once found), drawn."""
    @property
    def order(self) -> Literal["row", "spiral", "border", "column"]:
        """The fill order searched; ``"auto"`` (the default) chose it for the puzzle: the
        built-in order that finished first in a short race, or had the smallest estimated
        tree."""
    def checkpoint(self) -> str: ...
    def save(self, path: _Path) -> None: ...
    @staticmethod
    def resume(
        puzzle: Puzzle,
        path: _Path,
        engine: Literal["table", "baseline"] = "table",
        order: Literal["auto", "row", "spiral", "border", "column"] = "auto",
    ) -> "Search": ...
    def split(self, depth: int, max_parts: Optional[int] = None) -> List["Search"]:
        """Independent, picklable parts; their nodes plus ``prefix_nodes`` are the whole's.
        More than ``max_parts`` (default 1024; each holds its own tables) raises
        ``EternityError``."""
    def cut(
        self, depth: int, nonempty: bool = False, max_parts: Optional[int] = None
    ) -> Tuple[int, List[str]]:
        """``split`` as checkpoint texts: ``(prefix_nodes, texts)``, cheap for many parts;
        ``nonempty=True`` leaves out the parts with no node (the totals stay the same).
        More than ``max_parts`` (default 2**20) raises ``EternityError``."""
    @staticmethod
    def from_checkpoint_text(
        puzzle: Puzzle,
        text: str,
        engine: Literal["table", "baseline"] = "table",
        order: Literal["auto", "row", "spiral", "border", "column"] = "auto",
        prefix_nodes: int = 0,
    ) -> "Search": ...
    def resume_text(self, text: str, prefix_nodes: int = 0) -> "Search":
        """``from_checkpoint_text`` on this search's built tables: a part costs microseconds."""
