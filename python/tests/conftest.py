"""Shared helpers: where the repository's puzzle data is."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"


@pytest.fixture
def testdata() -> Path:
    return TESTDATA


@pytest.fixture(autouse=True, scope="session")
def _caches_in_a_temporary_directory(tmp_path_factory):
    """The crates' caches (pattern databases, compiled programs) go to a temporary directory
    for the whole run, never into the user's home: the tests write nowhere else."""
    import os

    root = tmp_path_factory.mktemp("caches")
    saved = {k: os.environ.get(k) for k in ("SLIDE_PDB_DIR", "ETERNITY_CODEGEN_CACHE")}
    os.environ["SLIDE_PDB_DIR"] = str(root / "slide-pdb")
    os.environ["ETERNITY_CODEGEN_CACHE"] = str(root / "eternity-codegen")
    yield
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
