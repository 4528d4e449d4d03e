"""A library of tuned settings: ``copfl tune --save-prior`` adds each study's best values to it,
``--prior`` starts a new study from it.

A new study's first trial is the algorithm's default setting (:mod:`copfl.tuning.tuner`); with a
library, the next trials are the best settings found for the same algorithm on earlier
problems of the same **model family** (the resolved ``--model``: ``cnn``, ``mlp``, ``lstm``,
``resnet18``...), newest first, at most :data:`PER_STUDY` of them, each once. What a study
started from is recorded on its trials (user attribute ``origin``). The library is a JSON file
(default ``$COPFL_PRIORS``, else ``~/.cache/copfl/priors.json``), written atomically; one entry
per (algorithm row, problem): saving a problem again replaces its entry.

copfl ships a **built-in library** (:data:`BUILTIN`, package data): the best settings of the
committed tuning study (30 methods on FEMNIST's writers, Fashion-MNIST and CIFAR-10 Dirichlet,
see docs/results/tuning-study.md), written by ``studies/builtin_priors.py``. ``--prior`` without
a file uses the user's own default library when there is one, else the built-in one
(:func:`library`). The built-in library never offers a problem its own study's settings (an
entry of the same data set and partition is left out): a prior is knowledge from *other*
problems.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from copfl.io import atomic_write_text

PER_STUDY = 3  # prior settings a new study starts from (after the default)
VERSION = 1


BUILTIN = Path(__file__).with_name("builtin_priors.json")


def default_path() -> Path:
    """``$COPFL_PRIORS``, else ``~/.cache/copfl/priors.json``."""
    env = os.environ.get("COPFL_PRIORS")
    return Path(env).expanduser() if env else Path.home() / ".cache" / "copfl" / "priors.json"


def _same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Two settings equal knob by knob (floats to 12 significant digits)."""
    if set(a) != set(b):
        return False
    return all(f"{a[k]:.12g}" == f"{b[k]:.12g}" if isinstance(a[k], float) and isinstance(b[k], (int, float)) else a[k] == b[k] for k in a)


@dataclass(frozen=True)
class PriorLibrary:
    """The tuned-settings library at ``path`` (a missing file is an empty library)."""

    path: Path
    builtin: bool = False  # the shipped library: a problem's own study's entries are left out (settings' ``problem``)

    def entries(self) -> list[dict[str, Any]]:
        if not self.path.exists():
            return []
        try:
            doc = json.loads(self.path.read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise ValueError(f"--prior {self.path}: not a copfl prior library ({e})") from None
        if not isinstance(doc, dict) or not isinstance(doc.get("entries"), list):
            raise ValueError(f"--prior {self.path}: expected {{\"version\": {VERSION}, \"entries\": [...]}} (written by copfl tune --save-prior)")
        return doc["entries"]

    def settings(self, algorithm: str, model: str, space: dict[str, Any], fixed: dict[str, Any], exclude: list[dict[str, Any]] = (),
                 limit: int = PER_STUDY, problem: tuple[str, str] | None = None) -> list[tuple[dict[str, Any], str]]:
        """The settings a new study of ``algorithm`` on a ``model`` problem starts from: each
        earlier problem's best values (newest first) for the knobs of ``space`` not ``fixed``,
        values outside the space left out, each distinct setting once and none equal to one of
        ``exclude`` (the default), at most ``limit``; with where each came from. In the built-in
        library, entries of ``problem`` ((data set, partition): the problem being tuned) are left out."""
        out: list[tuple[dict[str, Any], str]] = []
        for e in sorted(self.entries(), key=lambda e: e.get("saved", ""), reverse=True):
            if e.get("algorithm") != algorithm or e.get("model") != model:
                continue
            if self.builtin and problem is not None and (e.get("dataset"), e.get("partition")) == tuple(problem):
                continue
            params = {k: v for k, v in (e.get("params") or {}).items() if k in space and k not in fixed and space[k].contains(v)}
            if set(params) != set(space) - set(fixed):  # a setting of other knobs (another search space): not comparable
                continue
            if any(_same(params, p) for p in [*exclude, *(p for p, _ in out)]):
                continue
            out.append((params, f"prior: {e.get('dataset')} {e.get('partition')} {e.get('clients')} clients ({e.get('label', algorithm)})"))
            if len(out) == limit:
                break
        return out

    def models(self, algorithm: str) -> set[str]:
        """The model families the library holds settings of ``algorithm`` for."""
        return {str(e.get("model")) for e in self.entries() if e.get("algorithm") == algorithm}

    def add(self, new: list[dict[str, Any]]) -> None:
        """Add entries (each replacing one of the same row label and problem), atomically."""
        keep = [e for e in self.entries() if not any(e.get("label") == n["label"] and e.get("problem") == n["problem"] for n in new)]
        stamp = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
        doc = {"version": VERSION, "entries": keep + [{**n, "saved": n.get("saved", stamp)} for n in new]}
        self.path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, json.dumps(doc, indent=1, sort_keys=True) + "\n")


def entries_from(summaries: list[dict[str, Any]], algorithms: dict[str, str], cfg: Any, problem: str) -> list[dict[str, Any]]:
    """Library entries of a tune's studies: per study with a best trial, its algorithm, row
    label, the problem (``cfg``: resolved) and its best values."""
    out = []
    for s in summaries:
        if s.get("best") is None:
            continue
        out.append({"algorithm": algorithms[s["algorithm"]], "label": s["algorithm"], "model": cfg.model, "dataset": cfg.dataset,
                    "partition": cfg.partition, "clients": cfg.clients, "rounds": cfg.rounds, "problem": problem,
                    "params": s["best"]["params"], "val": s["best"]["val_acc"], "objective": s.get("objective", "peak")})
    return out


def library(path: str | None, saving: bool = False) -> PriorLibrary | None:
    """The library a ``--prior`` / ``--save-prior`` flag names: None without the flag; a FILE;
    ``builtin``, the shipped library (:data:`BUILTIN`; only to read); without a FILE ('') the
    user's default library (:func:`default_path`), or, to read one that does not exist yet,
    the built-in one."""
    if path is None:
        return None
    if path == "builtin":
        if saving:
            raise ValueError("--save-prior builtin: the built-in library is part of copfl and read only; name a FILE (or none: the default library)")
        return PriorLibrary(BUILTIN, builtin=True)
    if path:
        return PriorLibrary(Path(path).expanduser())
    own = default_path()
    return PriorLibrary(own) if saving or own.exists() else PriorLibrary(BUILTIN, builtin=True)
