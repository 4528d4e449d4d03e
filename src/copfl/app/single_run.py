"""One run, the one way every command and the API make a run (``copfl run``, each seed of
``--seeds``, each row of ``compare``, :func:`copfl.run`): :func:`run_one` in its results folder,
its results returned in memory (:class:`RunOutcome`), as the folder's files hold them."""

from __future__ import annotations

import sys
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from copfl.app.checks import check_out
from copfl.engine.checkpoint import Checkpoint
from copfl.engine.loop import Callback
from copfl.engine.rounds import NonFiniteLossError
from copfl.execution import runfolder
from copfl.execution import experiment
from copfl.execution.config import ResolvedConfig
from copfl.execution.experiment import run_in_folder
from copfl.execution.runfolder import unfinished_checkpoint
from copfl.execution.federation import Federation, build_federation
from copfl.results.callbacks import DataProgress


def stderr_line(line: str) -> None:
    """A progress or note line on stderr (the default ``log`` of a run)."""
    print(line, file=sys.stderr)


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
    fed: Federation | None = None
    """The clients' data, when the caller built it (a comparison shares one split between its rows); else built here."""
    label: str = ""
    """The run's name in progress lines (``fedavg seed 2``)."""
    checked: bool = False
    """The caller checked the folder already (a command of several runs checks every folder before its first run)."""
    continues: bool = False
    """A command that continues its runs cut short (``run --seeds``, ``compare --seeds``): an unfinished run of
    this very configuration in the folder goes on from its checkpoint (unless ``overwrite``), checkpointed
    every :data:`~copfl.execution.experiment.RUN_CHECKPOINT_SECONDS` so that the next try loses little."""
    diverged_ok: bool = False
    """A run whose loss diverged is a result (status "diverged", the error logged), not an error."""
    plots: bool = True
    log: Callable[[str], None] = stderr_line


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
    """The run of ``req`` in its folder, the one way every command and the API make a run: a
    folder held by another process, holding another run (unless ``overwrite``) or an unfinished
    run of this one (it is resumed, not replaced, unless the request ``continues`` it) is
    refused before any data is loaded."""
    documents: dict[str, Any] = {}
    resume = req.resume
    with ExitStack() as held:
        if req.out.exists():  # another process's run there is refused now, before any data is loaded
            held.enter_context(runfolder.hold(req.out))
        if resume is None and req.continues and not req.overwrite:
            resume = unfinished_checkpoint(req.out, req.cfg)  # a run cut short goes on from its last checkpoint
            if resume is not None:
                req.log(f"{req.label or req.out}: continues after round {resume.state.round} (its checkpoint)")
        if resume is None and not (req.checked or req.continues):
            check_out(req.out, req.cfg, req.overwrite)
        fed = req.fed or build_federation(req.cfg, progress=DataProgress() if req.progress else None)
        try:
            summary = run_in_folder(req.cfg, fed, req.out, label=req.label, resume=resume, progress=req.progress, plots=req.plots,
                                    overwrite=req.overwrite, callbacks=req.callbacks, checkpoint_seconds=experiment.RUN_CHECKPOINT_SECONDS if req.continues else None,
                                    documents=documents)
        except NonFiniteLossError as e:
            if not req.diverged_ok:
                raise
            req.log(f"{req.label or req.out}: {e}")
            summary = documents["summary"]
    return RunOutcome(req.out, summary, documents.get("rounds", []), documents.get("clients", []), documents.get("config", {}))


