"""The README's examples run as doctests, their printed results checked.

They run in a temporary directory that sees the repository's ``testdata/`` (the examples
name it relative to the repository root, as a reader running them from a checkout would),
so the files they write land there and nowhere else.
"""

import doctest
import os

from conftest import ROOT, TESTDATA


def test_readme_examples_print_what_they_show(tmp_path, monkeypatch):
    (tmp_path / "testdata").symlink_to(TESTDATA)
    monkeypatch.chdir(tmp_path)
    result = doctest.testfile(
        str(ROOT / "python" / "README.md"),
        module_relative=False,
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE,
        verbose=False,
    )
    assert result.attempted >= 25, result
    assert result.failed == 0, result
    # What the examples wrote stayed in the temporary directory.
    assert sorted(os.listdir(tmp_path)) == ["puzzles.txt", "solved.txt", "testdata"]
