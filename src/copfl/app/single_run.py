"""One run, the same for ``copfl run`` and :func:`copfl.run`: after the checks before any data is
loaded (:func:`copfl.app.checks.checked_config`, :func:`copfl.app.checks.check_resources`), the
run in its results folder (:func:`run_one`), its results returned in memory
(:class:`RunOutcome`), as the folder's files hold them."""

from __future__ import annotations

from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from copfl.app.checks import check_out
from copfl.engine.checkpoint import Checkpoint
from copfl.engine.loop import Callback
from copfl.execution import runfolder
from copfl.execution.config import ResolvedConfig
from copfl.execution.experiment import run_in_folder
from copfl.execution.federation import build_federation
from copfl.results.callbacks import DataProgress


@dataclass
class RunRequest:
    """One run to make: its config (checked: :func:`checked_config`), its results folder, and how."""

    cfg: ResolvedConfig
    out: Path
    overwrite: bool = False
    resume: Checkpoint | None = None
    """A checkpoint of this very run to continue from (``copfl run --resume``)."""
    progress: bool = True
    """Progress bars and the data's loading lines (on stderr)."""
    callbacks: list[Callback] = field(default_factory=list)
    """A caller's own callbacks, run after the results writer."""


@dataclass
class RunOutcome:
    """What a run made, in memory: the same values its results folder's files hold."""

    folder: Path
    summary: dict[str, Any]
    """summary.json."""
    rounds: list[dict[str, Any]]
    """metrics.jsonl: one record per round."""
    clients: list[dict[str, Any]]
    """clients.csv's rows (None where a cell is empty)."""
    config: dict[str, Any]
    """config.json: the run's options ("config"), its identity, the algorithm's options and the environment."""


def run_one(req: RunRequest) -> RunOutcome:
    """The run of ``req`` in its folder: a folder held by another process, holding another run
    (unless ``overwrite``) or an unfinished run of this one (it is resumed, not replaced) is
    refused before any data is loaded."""
    documents: dict[str, Any] = {}
    with ExitStack() as held:
        if req.out.exists():  # another process's run there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(req.out))
        if req.resume is None:
            check_out(req.out, req.cfg, req.overwrite)
        fed = build_federation(req.cfg, progress=DataProgress() if req.progress else None)
        summary = run_in_folder(req.cfg, fed, req.out, resume=req.resume, progress=req.progress, overwrite=req.overwrite,
                                callbacks=req.callbacks, documents=documents)
    return RunOutcome(req.out, summary, documents.get("rounds", []), documents.get("clients", []), documents.get("config", {}))
