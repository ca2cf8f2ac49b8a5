"""Shared helpers: where the repository's puzzle data is."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESTDATA = ROOT / "testdata"


@pytest.fixture
def testdata() -> Path:
    return TESTDATA
