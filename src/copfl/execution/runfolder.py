"""One writer per run folder, and no run spliced onto another.

A run's results folder is written by one process at a time: :func:`hold` takes an exclusive
``fcntl.flock`` on ``<folder>/.copfl.lock`` for as long as the run goes on, and removes the
file when it lets go (whether the run completed, diverged or was interrupted). The kernel drops
the lock when its holder dies, even by ``kill -9``, so there is no stale lock to guess about;
the holder's pid, host and start time are written into the file only for the message a second
process gets. A second run into a held folder is refused at once (:class:`FolderLocked`) and
touches nothing there.

Every run has an identity, :func:`run_id`: a hash of the options that define what it computes
(all but those that may change on ``--resume``). ``config.json`` and ``checkpoint.pt`` both
carry it, so a resume continues only the run its folder's config describes. A new run into a
folder (:func:`prepare`) that already holds a run of another identity is refused
(:class:`FolderConflict`) unless ``overwrite``; whatever run the folder held, every artifact of
it (:data:`RUN_ARTIFACTS`: checkpoint, metrics, plots, TensorBoard events, temporary files...)
is moved aside and deleted before the new run writes anything, so no file of the old run can
outlive it.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import fields
from pathlib import Path
from typing import Any

from copfl.io import remove_temporaries

try:
    import fcntl
except ImportError:  # Windows: no flock; folders are not locked there
    fcntl = None  # type: ignore[assignment]

from copfl.engine.checkpoint import Checkpoint
from copfl.execution.config import RunConfig, from_saved, may_change_on_resume, options_hash, resume_conflicts

LOCK_NAME = ".copfl.lock"
# What a run writes into its folder (a name, or a glob pattern), and so what a new run into the
# folder removes first. Only these: a user's own files in the folder are left alone.
RUN_ARTIFACTS = (
    "checkpoint.pt",  # first: once it is gone, nothing of the old run can be resumed
    "config.json",
    "config.toml",
    "summary.json",
    "metrics.jsonl",
    "metrics.csv",
    "per_client.jsonl",
    "timings.jsonl",
    "clients.csv",
    "*.png",
    "tensorboard",
    "client-state",
    "server-state",
    "*.tmp",  # an atomic write interrupted by a kill (pathlib's * matches dot-files too)
)
TRASH_PREFIX = ".copfl-old-"


class FolderLocked(ValueError):
    """Another live process holds the run folder."""


class FolderConflict(ValueError):
    """The folder holds a run of another identity (or results copfl cannot identify)."""


# --------------------------------------------------------------------------- the lock
_held: dict[str, list[int]] = {}  # resolved folder -> [lock file descriptor, depth]


def holder_text(folder: str | Path) -> str:
    """Who holds ``folder`` (as its lock file says), for messages."""
    try:
        text = (Path(folder) / LOCK_NAME).read_text().strip()
    except OSError:
        text = ""
    return text or "a process that has just started"


@contextmanager
def hold(folder: str | Path) -> Iterator[Path]:
    """Hold ``folder`` (made if missing) for the block: an exclusive lock on its
    ``.copfl.lock``. Re-entrant within a process. :class:`FolderLocked`, naming the holder,
    when another process holds it; nothing in the folder is changed then."""
    folder = Path(folder)
    key = str(folder.resolve())
    if key in _held:
        _held[key][1] += 1
        try:
            yield folder
        finally:
            _held[key][1] -= 1
        return
    if folder.exists() and not folder.is_dir():
        raise FolderConflict(f"{folder} is a file, not a folder: name a folder for the results")
    created = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise FolderConflict(f"cannot make the results folder {folder} ({e.strerror})") from None
    if fcntl is None:
        yield folder
        return
    fd = _lock(folder)
    if fd is None:  # no locks on this file system
        yield folder
        return
    os.ftruncate(fd, 0)
    os.write(fd, f"pid {os.getpid()} on {socket.gethostname()}, started {time.strftime('%Y-%m-%d %H:%M:%S')}\n".encode())
    _held[key] = [fd, 1]
    try:
        yield folder
    finally:
        del _held[key]
        # The lock file goes with the hold (the run completed, diverged or was interrupted), so a
        # finished folder holds results only. Unlinked while still locked: a process that opened
        # the old file checks after locking that it still is the folder's lock file (_lock), so
        # none can hold a dead one. A holder killed by SIGKILL leaves it behind, unlocked and
        # harmless (the next holder takes it).
        (folder / LOCK_NAME).unlink(missing_ok=True)
        if created:  # a folder this hold made and nothing was written to (e.g. the run was refused): no trace
            try:
                folder.rmdir()
            except OSError:
                pass
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _lock(folder: Path) -> int | None:
    """A descriptor of ``folder``'s lock file, exclusively locked; None where the file system
    has no locks. The file is opened again when it was replaced while this process waited
    (its holder removed it with the folder it made)."""
    path = folder / LOCK_NAME
    for _ in range(100):
        try:
            folder.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise FolderConflict(f"cannot write to {folder} ({e.strerror}): a results folder must be writable") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise FolderLocked(
                f"{folder} is in use by another copfl run ({holder_text(folder)}): wait until it ends, or write to another --out"
            ) from None
        except OSError as e:  # e.g. ENOLCK on a network file system without locks
            os.close(fd)
            print(f"warning: cannot lock {path} ({e}); another process could write to {folder} too", file=sys.stderr)
            return None
        try:
            same = os.fstat(fd).st_ino == os.stat(path).st_ino
        except FileNotFoundError:
            same = False
        if same:
            return fd
        os.close(fd)  # locked a file that is no longer the folder's lock file: try again
    raise FolderLocked(f"{folder}: could not take its lock file {path} (it keeps being replaced)")


def held(folder: str | Path) -> bool:
    """Whether this process holds ``folder``."""
    return str(Path(folder).resolve()) in _held


def run_id(cfg: RunConfig | dict[str, Any]) -> str:
    """A run's identity: a hash of its resolved run-defining options (a config, or a saved
    ``config.json`` config, options added since it was written read as that run computed
    them). Options at RunConfig's own default are left out, so that an option added later does
    not change the identity of the runs made before it."""
    if isinstance(cfg, dict):
        cfg = from_saved(cfg)
    defaults = {**{f.name: f.default for f in fields(RunConfig)}, "options": {}}  # no algorithm option set: left out too
    return options_hash(cfg, may_change_on_resume(), defaults, 16)


def changed_algorithm_defaults(folder: Path, cfg: RunConfig) -> str:
    """The algorithm options whose value in the run in ``folder`` (its ``config.json``'s
    ``algorithm_config``) differs from what this version resolves for ``cfg``, as ``name: then
    -> now`` (empty when none: also for runs recorded before copfl kept ``algorithm_config``).
    Only options both know are compared: an option added later keeps older runs valid. A run's
    identity leaves out options at their defaults, so this is what tells a run made under other
    defaults."""
    from copfl.algorithms.base import config_values, get_algorithm, make_config

    try:
        saved = json.loads((folder / "config.json").read_text()).get("algorithm_config")
    except (OSError, json.JSONDecodeError, AttributeError):
        return ""
    if not isinstance(saved, dict):
        return ""
    try:
        now = config_values(make_config(get_algorithm(cfg.algorithm), dict(cfg.options or {})))
    except (ValueError, TypeError):  # an algorithm or option this version no longer has
        return ""
    return ", ".join(f"{k}: {saved[k]!r} -> {now[k]!r}" for k in sorted(set(saved) & set(now)) if saved[k] != now[k])


def read_config(folder: str | Path) -> dict[str, Any]:
    """``folder``'s ``config.json`` document, checked to be one copfl wrote: a ValueError
    naming the file and what is wrong otherwise."""
    path = Path(folder) / "config.json"
    try:
        doc = json.loads(path.read_text())
    except FileNotFoundError:
        raise ValueError(f"{path} does not exist: {folder} holds no copfl run") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ValueError(f"{path}: not readable as JSON ({e})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("config"), dict):
        got = type(doc).__name__ if not isinstance(doc, dict) else f"an object whose 'config' is {type(doc.get('config')).__name__}"
        raise ValueError(f"{path}: expected an object with a 'config' object (as copfl writes it), got {got}")
    try:
        ident = run_id(doc["config"])
    except (TypeError, ValueError) as e:
        raise ValueError(f"{path}: its 'config' is not a run config this copfl can read ({e})") from None
    recorded = doc.get("run_id")
    if recorded is not None and recorded != ident:
        raise ValueError(f"{path}: its run_id {recorded!r} does not match its config (which hashes to {ident!r}): the file was edited")
    return doc


def has_run_files(folder: str | Path) -> bool:
    folder = Path(folder)
    return folder.is_dir() and any(True for _ in _artifacts(folder))


def _artifacts(folder: Path) -> Iterator[Path]:
    seen: set[Path] = set()
    for pattern in RUN_ARTIFACTS:
        for p in sorted(folder.glob(pattern)):
            if p.name != LOCK_NAME and not p.name.startswith(TRASH_PREFIX) and p not in seen:
                seen.add(p)
                yield p


def conflict(folder: str | Path, cfg: RunConfig) -> str | None:
    """Why a new run of ``cfg`` may not replace what ``folder`` holds without ``overwrite``:
    None when the folder holds no run files, or a run of the same identity."""
    folder = Path(folder)
    if not has_run_files(folder):
        return None
    try:
        doc = read_config(folder)
    except ValueError as e:
        return f"{folder} holds files of a run copfl cannot identify ({e})"
    if run_id(doc["config"]) == run_id(cfg):
        return None
    diff = resume_conflicts(doc["config"], cfg)
    return f"{folder} holds another run ({'; '.join(diff) if diff else 'other options'})".replace("in the checkpoint's run", "there")


def check(folder: str | Path, cfg: RunConfig, overwrite: bool = False) -> str | None:
    """:class:`FolderConflict` when a new run of ``cfg`` would replace another run in
    ``folder`` and ``overwrite`` is off; otherwise the conflict ``overwrite`` lets pass (None:
    none). Changes nothing."""
    why = conflict(folder, cfg)
    if why and not overwrite:
        raise FolderConflict(f"{why}: pass --overwrite to replace it, or write to another --out")
    return why


def clear(folder: str | Path) -> list[str]:
    """Remove every artifact of the run ``folder`` held (the folder must be held): each is
    first moved into one hidden folder, which is then deleted, so the run's files leave
    together; a trash folder a killed clear left behind goes too. Returns the names removed."""
    folder = Path(folder)
    names = []
    trash = Path(tempfile.mkdtemp(prefix=TRASH_PREFIX, dir=folder))
    for p in list(_artifacts(folder)):
        names.append(p.name)
        os.replace(p, trash / p.name)
    for t in folder.glob(TRASH_PREFIX + "*"):
        shutil.rmtree(t, ignore_errors=True)
    return names


def prepare(folder: str | Path, cfg: RunConfig, overwrite: bool = False) -> list[str]:
    """Before a new run of ``cfg`` writes into ``folder`` (held by this process): refuse
    another run's folder unless ``overwrite`` (:func:`check`), then :func:`clear` it. Returns
    the names of the old files removed."""
    if not held(folder) and fcntl is not None:
        raise RuntimeError(f"prepare({folder}): hold the folder first (copfl.execution.runfolder.hold)")
    check(folder, cfg, overwrite)
    return clear(folder)


def prepare_resume(folder: str | Path, resumed_id: str | None, ident: str) -> list[Path]:
    """Before a run continues from a checkpoint (of run ``resumed_id``) in ``folder`` (held by
    this process): a checkpoint of another run than ``ident`` is refused
    (:class:`FolderConflict`); the temporary files a run killed while writing left behind are
    removed (returned)."""
    if resumed_id is not None and resumed_id != ident:
        raise FolderConflict(
            f"{folder}/checkpoint.pt belongs to another run (run id {resumed_id}, this config's is {ident}): it cannot be resumed with this config"
        )
    return remove_temporaries(folder)


# Besides its identity, what a finished run must share with a config to stand for it.
ALSO_EQUAL = ("rounds", "eval_every", "eval_clients")


def finished_summary(folder: str | Path, cfg: RunConfig) -> dict[str, Any] | None:
    """The summary of the run in ``folder`` when it finished with the configuration ``cfg``
    (the same run-defining options, rounds and evaluation schedule): completed, or diverged
    (the same options diverge again, the same way: a final result, not run again); None
    otherwise (interrupted, another config, none)."""
    folder = Path(folder)
    try:
        summary = json.loads((folder / "summary.json").read_text())
        saved = json.loads((folder / "config.json").read_text())["config"]
    except (OSError, KeyError, TypeError, json.JSONDecodeError):
        return None
    if summary.get("status") not in ("completed", "diverged"):
        return None
    try:
        if resume_conflicts(saved, cfg):
            return None
    except (TypeError, ValueError):  # a config.json this version cannot read
        return None
    if any(saved.get(k) != getattr(cfg, k) for k in ALSO_EQUAL):
        return None
    return summary


def unfinished_checkpoint(out: Path, cfg: RunConfig | None = None) -> Checkpoint | None:
    """The checkpoint of an unfinished run in ``out`` (its summary not ``completed`` or
    ``diverged``), when ``cfg`` is given one of its identity, made under this version's
    algorithm defaults (:func:`changed_algorithm_defaults`) and short of its
    rounds, to continue it from; None when there is none, it is unreadable, or it belongs to
    another run."""
    path = out / "checkpoint.pt"
    if not path.exists():
        return None
    try:
        status = json.loads((out / "summary.json").read_text()).get("status")
    except (OSError, ValueError, AttributeError):
        status = None
    if status in ("completed", "diverged"):
        return None
    try:
        ckpt = Checkpoint.load(path)
    except ValueError:
        return None
    if cfg is None:
        return ckpt
    same = ckpt.run_id == run_id(cfg) and not changed_algorithm_defaults(out, cfg)
    return ckpt if same and ckpt.state.round < cfg.rounds else None
