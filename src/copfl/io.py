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


# Interrupts that arrive while a file is being written wait until it is complete: a signal
# handler that raised inside torch.save's zip writer turned Ctrl-C / SIGTERM into a corrupt-zip
# RuntimeError (and a failed exit) instead of the orderly interruption (copfl.execution.experiment).
_writing = 0
_pending: list[Callable[[], None]] = []


def defer_while_writing(action: Callable[[], None]) -> bool:
    """Queue ``action`` (a signal handler's raise) for when the file being written is complete;
    False when nothing is being written (the caller acts now)."""
    if _writing:
        _pending.append(action)
        return True
    return False


def atomic_write(path: str | Path, write: Callable[[IO[Any]], None], binary: bool = False) -> None:
    global _writing
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    _writing += 1
    try:
        with os.fdopen(fd, "wb" if binary else "w") as f:
            write(f)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _file_mode())
        os.replace(tmp, path)
    finally:
        _writing -= 1
        Path(tmp).unlink(missing_ok=True)
    if not _writing and _pending:  # the file is complete: now the deferred interrupt
        action = _pending[0]
        _pending.clear()
        action()


def atomic_write_text(path: str | Path, text: str) -> None:
    atomic_write(path, lambda f: f.write(text))


def atomic_write_json(path: str | Path, obj: Any) -> None:
    atomic_write_text(path, json.dumps(obj, indent=2, sort_keys=False) + "\n")


def emit_json(doc: Any, path: str | Path | None = None) -> None:
    """A benchmark's JSON report: printed, and written atomically to ``path`` when one is given."""
    text = json.dumps(doc, indent=1)
    print(text)
    if path:
        atomic_write_text(path, text + "\n")


def remove_temporaries(folder: str | Path) -> list[Path]:
    """Delete the temporary files an interrupted :func:`atomic_write` left in ``folder`` (and
    its subfolders): ``.<name>.<random>.tmp``. Only for a folder no other process is writing
    to (a run's results folder when the run resumes). Returns what was removed."""
    folder = Path(folder)
    removed = [p for p in folder.rglob("*.tmp") if p.is_file()] if folder.is_dir() else []  # pathlib matches dot-files too
    for p in removed:
        p.unlink(missing_ok=True)
    return removed
