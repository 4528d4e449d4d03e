"""Atomic file writes: a reader sees the old file or the new one, never half of one."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any


def _file_mode() -> int:
    """The mode an ordinary new file gets under the current umask (mkstemp's are 0600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def atomic_write(path: str | Path, write: Callable[[IO[Any]], None], binary: bool = False) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb" if binary else "w") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _file_mode())
        os.replace(tmp, path)
    finally:
        Path(tmp).unlink(missing_ok=True)


def atomic_write_text(path: str | Path, text: str) -> None:
    atomic_write(path, lambda f: f.write(text))


def atomic_write_json(path: str | Path, obj: Any) -> None:
    atomic_write_text(path, json.dumps(obj, indent=2, sort_keys=False) + "\n")


def remove_temporaries(folder: str | Path) -> list[Path]:
    """Delete the temporary files an interrupted :func:`atomic_write` left in ``folder`` (and
    its subfolders): ``.<name>.<random>.tmp``. Only for a folder no other process is writing
    to (a run's results folder when the run resumes). Returns what was removed."""
    folder = Path(folder)
    removed = [p for p in folder.rglob(".*.tmp") if p.is_file()] if folder.is_dir() else []
    for p in removed:
        p.unlink(missing_ok=True)
    return removed
