"""The checkpoint directory of a distributed run: what a rerun resumes from.

A directory shared by the client and every worker (a network file system on a real cluster)
holds, for one run:

- ``run.json``: what the run is (the puzzle's kind and a fingerprint of its input and
  options), so a rerun with other input refuses the directory instead of mixing answers;
- ``done/<index>.pickle``: each finished part's result, written by the worker that finished
  it. A rerun takes these as they are and submits only the other parts;
- ``open/<index>.pickle``: a long part's continuation, rewritten every few seconds by the
  worker running it (with the solutions it has found so far). A task that starts a part
  whose continuation exists goes on from it instead of from the part's beginning.

Every file is written to a temporary name and renamed over the old one, so a worker killed
mid-write leaves the previous version, never half a file.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import tempfile
from pathlib import Path
from typing import Any, Dict, Optional


def fingerprint(*parts: Any) -> str:
    """A short, stable digest of a run's input and options (text or bytes or JSON values)."""
    h = hashlib.sha256()
    for p in parts:
        if isinstance(p, bytes):
            data = p
        elif isinstance(p, str):
            data = p.encode()
        else:
            data = json.dumps(p, sort_keys=True).encode()
        h.update(len(data).to_bytes(8, "little"))
        h.update(data)
    return h.hexdigest()[:32]


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def write_atomically(path: Path, data: bytes) -> None:
    """Writes `data` to `path` through a temporary file beside it and a rename, so a reader
    (or a rerun after a kill) sees the old file or the new one, never a part of it. The file
    gets the mode a plain write would give it (an existing file's, else 0666 less the umask),
    not the temporary file's 0600. A symbolic link is written through: the file it points
    to is replaced and the link stays."""
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        try:
            mode = os.stat(path).st_mode & 0o7777
        except OSError:
            mode = 0o666 & ~_umask()
        os.chmod(tmp, mode)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class RunMismatch(ValueError):
    """The checkpoint directory holds another run (other input or options)."""


class Store:
    """One run's checkpoint directory (see the module's docs). Picklable: tasks carry it."""

    def __init__(self, root: "os.PathLike[str] | str", kind: str, key: str) -> None:
        self.root = Path(root)
        self.kind = kind
        self.key = key

    def open(self) -> "Store":
        """Creates the directory, or checks that it holds this run; returns self."""
        for folder in (self.root / "done", self.root / "open"):
            folder.mkdir(parents=True, exist_ok=True)
        manifest = self.root / "run.json"
        want = {"kind": self.kind, "key": self.key}
        if manifest.exists():
            have = json.loads(manifest.read_text())
            if have != want:
                raise RunMismatch(
                    f"{self.root}: the checkpoint directory holds another run "
                    f"({have.get('kind')} {have.get('key')}, this is {self.kind} {self.key}); "
                    "choose another directory or empty it"
                )
        else:
            write_atomically(manifest, json.dumps(want).encode())
        return self

    def _done(self, index: int) -> Path:
        return self.root / "done" / f"{index}.pickle"

    def _open(self, index: int) -> Path:
        return self.root / "open" / f"{index}.pickle"

    def finished(self) -> Dict[int, Any]:
        """The results of the parts finished so far, by part index."""
        out: Dict[int, Any] = {}
        folder = self.root / "done"
        if not folder.is_dir():
            return out
        for f in folder.glob("*.pickle"):
            try:
                index = int(f.stem)
            except ValueError:
                continue
            out[index] = pickle.loads(f.read_bytes())
        return out

    def save_result(self, index: int, result: Any) -> None:
        """Records part `index` as finished with `result`, and drops its continuation."""
        write_atomically(self._done(index), pickle.dumps(result))
        try:
            self._open(index).unlink()
        except FileNotFoundError:
            pass

    def save_continuation(self, index: int, state: Any) -> None:
        """Records where part `index` stands (any picklable state)."""
        write_atomically(self._open(index), pickle.dumps(state))

    def continuation(self, index: int) -> Optional[Any]:
        """Part `index`'s last continuation, or None."""
        try:
            return pickle.loads(self._open(index).read_bytes())
        except FileNotFoundError:
            return None
