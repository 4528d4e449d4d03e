"""``copfl tune``: each algorithm's hyper-parameters tuned on validation data (docs/tuning.md)."""

from __future__ import annotations

import json
import shutil
import sys
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

from copfl.execution import runfolder
from copfl.algorithms.base import get_algorithm
from copfl.results.callbacks import DataProgress
from copfl.app.checks import UsageError, prior_library, tuning_limits
from copfl.app.texts import data_line, dry_run_text, problem_line, results_line
from copfl.execution.config import RunConfig
from copfl.execution.federation import build_federation
from copfl.io import atomic_write_json
from copfl.execution.ray_clients import check_workers
from copfl.runtime import resolve_device
from copfl.algorithms.search_space import space_of


@dataclass
class TuneRequest:
    """What ``copfl tune`` runs, typed: the command builds one from its flags (:func:`cmd_tune`),
    :func:`copfl.tuning.tuner` from its arguments; :func:`tune` runs it."""

    algorithms: str
    """The algorithms to tune, comma-separated."""
    cfg: RunConfig
    """The problem (data, split, rounds, model...): every trial runs it with the searched values."""
    out: str | None = None
    """The study's folder (None: ``cfg.out``, else runs/tune-<dataset>); a study there continues."""
    trials: int | None = None
    budget: str | None = None
    storage: str | None = None
    prior: str | None = None
    save_prior: str | None = None
    overwrite: bool = False
    dry_run: bool = False


@dataclass
class TuneOutcome:
    """What :func:`tune` made: the lines ``copfl tune`` prints, the study's folder and each
    algorithm's study summary (``best``: its best trial's values and objective, or None)."""

    text: str
    out: Path | None
    """The study's folder (None for a dry run)."""
    summaries: list[dict[str, Any]] = field(default_factory=list)
    best: dict[str, dict[str, Any]] = field(default_factory=dict)
    """best.json's content: algorithm -> its best trial's values (what ``--params`` reads)."""
    markdown: str = ""
    """tune.md's content: the studies' table."""


def tune(req: TuneRequest) -> TuneOutcome:
    """Each algorithm of ``req`` tuned on the problem's validation data (a study in its folder
    continues); notes and progress on stderr. A :class:`UsageError` names a bad request before
    any data is loaded."""
    from copfl.tuning.priors import entries_from
    from copfl.tuning.study_summary import tune_report
    from copfl.tuning.tuner import check_tuning, run_tune, tuning_problem

    algs = [a.strip() for a in req.algorithms.split(",") if a.strip()]
    if not algs:
        raise UsageError("--algorithms needs at least one name")
    if len(set(algs)) != len(algs):
        raise UsageError(f"--algorithms lists a name twice: {req.algorithms}")
    for a in algs:
        space_of(get_algorithm(a))  # every algorithm declares what to search
    cfg = req.cfg
    if cfg.options:
        raise UsageError(f"copfl tune searches each algorithm's own options: fixing {', '.join(sorted(cfg.options))} is not supported")
    trials, budget = tuning_limits(req.trials, req.budget)
    check_tuning(cfg, trials)
    cfg = tuning_problem(cfg)  # each client's validation part at least TUNE_VAL_MIN samples
    prior, save_to = prior_library(req.prior), prior_library(req.save_prior, saving=True)
    if prior is not None:
        prior.entries()  # a malformed library fails now, before any data is loaded
    out = Path(req.out or cfg.out or Path("runs") / f"tune-{cfg.dataset}")
    if req.dry_run:
        return TuneOutcome(_plan(cfg, algs, out, trials, budget, req.budget), None)
    resolve_device(cfg.device)
    check_workers(cfg)  # --workers: Ray importable and reachable, before any data is loaded
    with ExitStack() as held:
        out.mkdir(parents=True, exist_ok=True)
        held.enter_context(runfolder.hold(out))
        ident = _claim(out, cfg, algs[0], req.overwrite)
        fed = build_federation(cfg, progress=DataProgress())
        res = run_tune(cfg, fed, algs, out, trials, req.storage, lambda m: print(m, file=sys.stderr), budget=budget, prior=prior)
        if save_to is not None:
            save_to.add(entries_from(res["summaries"], {a: a for a in algs}, cfg.resolved(), ident))
            print(f"best values added to the prior library {save_to.path}", file=sys.stderr)
    lines = []
    for s in res["summaries"]:
        b = s["best"]
        best = "no completed trial" if b is None else f"best val acc {100 * b['val_acc']:.2f}% (trial {b['trial']}): " + \
            ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in b["params"].items())
        lines.append(f"{s['algorithm']}: {best}; {s['trials']} trials, {s['pruned']} pruned")
    lines.append(f"results: {out} (best.json for --params, tune.md, study.db)")
    markdown = tune_report(res["summaries"], trials, cfg.rounds)
    return TuneOutcome("\n".join(lines), out, res["summaries"], res["best"], markdown)


def _plan(cfg: RunConfig, algs: list[str], out: Path, trials: int, budget: float | None, budget_text: str | None) -> str:
    """``copfl tune --dry-run``: the studies and about how long they take."""
    from copfl.app.estimate import format_duration, trial_seconds

    acfgs = [replace(cfg, algorithm=a).resolved() for a in algs]
    tune_s = sum(trials * trial_seconds(c) for c in acfgs) if budget is None else budget

    limit = f"{trials} trials each" if budget is None else f"{format_duration(budget / len(algs))} of trials each (--budget {budget_text})"
    what = [problem_line(acfgs[0]),
            f"tuning: {', '.join(algs)}: {limit}, each trial a run of the problem, scored on validation data",
            data_line(acfgs[0]),
            results_line(out, "a study already there continues" if (out / "tune-problem.json").exists() else "best.json for --params, tune.md, study.db")]
    return dry_run_text(what, [], tune_s)


def _claim(out: Path, cfg: RunConfig, first: str, overwrite: bool) -> str:
    """The study folder ``out`` marked as this problem's (tune-problem.json); a folder holding
    another problem's study is refused, or emptied with ``overwrite``. Returns the problem's id."""
    ident = runfolder.run_id(replace(cfg, algorithm=first))  # the problem: data, split, rounds, model...
    marker = out / "tune-problem.json"
    if marker.exists():
        old = json.loads(marker.read_text())
        if old.get("problem") != ident and not overwrite:
            raise UsageError(f"{out} holds a tuning study of another problem (other data, split, rounds or model): "
                             "use another --out, or --overwrite to start over")
        if old.get("problem") != ident:
            for f in out.iterdir():
                if f.name != ".copfl.lock":
                    f.unlink() if f.is_file() else shutil.rmtree(f)
    atomic_write_json(marker, {"problem": ident, "config": json.loads(json.dumps(asdict(cfg), default=str))})
    return ident


