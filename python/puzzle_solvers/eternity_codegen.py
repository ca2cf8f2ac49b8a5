"""Eternity II solvers specialised to one puzzle, emitted as Rust source."""

from ._native import CodegenError
from ._native import eternity_codegen as _native

emit_program = _native.emit_program

__all__ = ["CodegenError", "emit_program"]
