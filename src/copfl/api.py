"""copfl from Python: :func:`run`, :func:`compare` and :func:`tune`, as easy as the command line.

Each takes the command line's options under the same names (``local_epochs=2`` is
``--local-epochs 2``; an algorithm's own options too: ``mu=0.1``), checked the same way, and
return a result object built in memory as the run goes, holding what the results folder they
write holds (the same ``summary.json``, ``metrics.jsonl`` and ``clients.csv`` as the CLI's). Nothing is printed unless ``verbose=True``;
``progress=fn`` is called with each round's record (a dict) as the round ends.

    import copfl

    result = copfl.run(algorithm="fedavg", dataset="digits", rounds=5, out="runs/mine")
    print(result.accuracy, result.folder)
    table = copfl.compare(["local", "fedavg", "co-pfl"], rounds=5, out="runs/cmp")
    print(table.markdown)
    study = copfl.tune("fedavg", rounds=5, trials=10, out="runs/tune")  # copfl.api.tune
    print(study.best)

Without ``out`` the results go to a new temporary folder (``result.folder``).
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import tempfile
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

import torch

from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import RunState

__all__ = ["RunResult", "CompareResult", "TuneResult", "run", "compare", "tune", "read_run"]

Progress = Callable[[dict[str, Any]], None]


@dataclass
class RunResult:
    """One run's results, as its folder holds them."""

    folder: Path
    """The run's results folder."""
    summary: dict[str, Any]
    """``summary.json``: final, best, selected (the round chosen on validation data), costs..."""
    rounds: list[dict[str, Any]]
    """``metrics.jsonl``: one record per round (train loss, accuracy figures, traffic, FLOPs)."""
    clients: list[dict[str, Any]]
    """``clients.csv``: each client's test accuracy and loss at the last round (and validation figures)."""
    config: dict[str, Any]
    """``config.json``: every option the run used, defaults filled in."""
    models: dict[int, torch.Tensor] | None = None
    """With ``return_models=True``: each client's personalized model as flat parameters
    (client id -> 1-D tensor, the order of ``model.parameters()``); else None."""

    @property
    def accuracy(self) -> float | None:
        """The mean client test accuracy at the round selected on validation data (the last
        round's when the run holds no validation data)."""
        sel = self.summary.get("selected") or self.summary.get("final") or {}
        return sel.get("acc_mean")

    @property
    def status(self) -> str:
        """completed, diverged or interrupted."""
        return str(self.summary.get("status"))


@dataclass
class CompareResult:
    """A comparison's results: one row per algorithm (and per setting with ``tune``)."""

    folder: Path
    """The comparison's folder (compare.json, compare.md, compare.png, one folder per run)."""
    table: dict[str, Any]
    """``compare.json``: per algorithm its figures; with ``tune`` or ``seeds`` also ``rows``."""
    markdown: str
    """``compare.md``: the table the CLI prints."""
    runs: dict[str, RunResult] = field(default_factory=dict)
    """Each single-seed row's run (name -> result); empty for ``seeds > 1`` (see the folder)."""

    def accuracies(self) -> dict[str, float | None]:
        """Row name -> its selected accuracy (mean over seeds where there are several)."""
        rows = self.table.get("rows")
        if rows:
            return {r["variant"] + ("+tuned" if r.get("setting") == "tuned" else ""): r.get("selected_mean") for r in rows}
        return {k: ((v.get("selected") or v.get("final") or {}).get("acc_mean")) for k, v in self.table.items() if isinstance(v, dict)}


@dataclass
class TuneResult:
    """A tuning study's results: each algorithm's best values, as ``copfl tune`` leaves them."""

    folder: Path
    """The study's folder (best.json, tune.json, tune.md, study.db)."""
    best: dict[str, dict[str, Any]]
    """``best.json``: algorithm -> its best trial's values (what ``params=`` / ``--params`` reads)."""
    summaries: list[dict[str, Any]]
    """Each algorithm's study: trials, pruned, seconds, its best trial (``val_acc``: the
    validation objective) and the default setting's trial."""
    markdown: str
    """``tune.md``: the studies' table."""


def read_run(folder: str | Path) -> RunResult:
    """A finished run's results from its folder (``copfl run`` or :func:`run` wrote it)."""
    folder = Path(folder)
    summary = json.loads((folder / "summary.json").read_text())
    rounds = [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines() if line.strip()]
    clients: list[dict[str, Any]] = []
    if (folder / "clients.csv").is_file():
        with open(folder / "clients.csv", newline="") as f:
            clients = [{k: _number(v) for k, v in row.items()} for row in csv.DictReader(f)]
    config = json.loads((folder / "config.json").read_text()) if (folder / "config.json").is_file() else {}
    return RunResult(folder, summary, rounds, clients, config)


def _number(text: str) -> Any:
    if text == "":
        return None
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


class _RoundCallback(Callback):
    def __init__(self, fn: Progress) -> None:
        self.fn = fn

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        self.fn(dict(record))


class _ModelCapture(Callback):
    """Each client's personalized flat parameters after the last round."""

    def __init__(self) -> None:
        self.models: dict[int, torch.Tensor] = {}

    def on_run_end(self, engine: Engine, state: RunState) -> None:
        self.models = engine.evaluation.personalized_models(state)


def _split_options(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(run options, algorithm options) of keyword options; dashes read as underscores."""
    from copfl.execution.config import RunConfig

    run_names = {f.name for f in fields(RunConfig)} - {"options"}
    run_opts: dict[str, Any] = {}
    alg_opts: dict[str, Any] = {}
    for k, v in options.items():
        key = k.replace("-", "_")
        if v is None:
            continue
        (run_opts if key in run_names else alg_opts)[key] = v
    return run_opts, alg_opts


def _shared_config(dataset: str | None, plugins: str | Iterable[str] | None, options: dict[str, Any]) -> tuple[Any, frozenset[str]]:
    """The run config that a comparison's or a study's rows share, from the API's arguments
    (``plugins`` loaded first), and the names of the options given."""
    from copfl.execution.config import RunConfig
    from copfl.plugins import load_plugins

    load_plugins([plugins] if isinstance(plugins, str) else list(plugins or []))
    run_opts, alg_opts = _split_options(options)
    if dataset is not None:
        run_opts["dataset"] = dataset
    if plugins:
        run_opts["plugins"] = [plugins] if isinstance(plugins, str) else list(plugins)
    return RunConfig(**run_opts, options=alg_opts), frozenset(run_opts) | frozenset(alg_opts)


def _usage(e: Exception) -> ValueError:
    return e if isinstance(e, ValueError) else ValueError(str(e))


def run(
    algorithm: str | None = None,
    dataset: str | None = None,
    *,
    out: str | Path | None = None,
    overwrite: bool = False,
    verbose: bool = False,
    progress: Progress | None = None,
    return_models: bool = False,
    plugins: str | Iterable[str] | None = None,
    **options: Any,
) -> RunResult:
    """Run one algorithm, like ``copfl run``; returns its :class:`RunResult`.

    ``options``: any run option of ``copfl run --help`` (``rounds=5``, ``clients=20``,
    ``partition="dirichlet"``, ``lr=0.01``, ``data_dir="..."``, ...) or of the algorithm
    (``mu=0.1`` for fedprox), validated as the CLI validates them: an unknown option, a value out of
    range or an option the run would ignore is a ``ValueError`` before any data is loaded.
    ``algorithm`` and ``dataset`` default as the CLI's (``co-pfl`` on the embedded ``digits``).
    ``out``: the results folder (default: a new temporary folder); a folder holding another run is
    refused unless ``overwrite``. ``plugins``: modules or ``.py`` files to import first
    (:mod:`copfl.plugins`). ``return_models``: also return each client's personalized model.
    """
    from copfl.app.checks import UsageError, check_resources, checked_config
    from copfl.app.single_run import RunRequest, run_one
    from copfl.execution.config import RunConfig

    run_opts, alg_opts = _split_options(options)
    if algorithm is not None:
        run_opts["algorithm"] = algorithm
    if dataset is not None:
        run_opts["dataset"] = dataset
    if plugins:
        run_opts["plugins"] = [plugins] if isinstance(plugins, str) else list(plugins)
    try:
        cfg = checked_config(RunConfig(**run_opts, options=alg_opts), set(run_opts) | set(alg_opts))
        check_resources(cfg)  # a missing GPU, or Ray unreachable with workers=N, before any data is loaded
        folder = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix=f"copfl-{cfg.algorithm}-"))
        if folder.exists() and not folder.is_dir():
            raise ValueError(f"out={str(folder)!r} is a file, not a folder: name a folder for the results")
    except UsageError as e:
        raise _usage(e) from None
    extra: list[Callback] = []
    if progress is not None:
        extra.append(_RoundCallback(progress))
    capture = _ModelCapture() if return_models else None
    if capture is not None:
        extra.append(capture)
    quiet = contextlib.nullcontext() if verbose else contextlib.redirect_stderr(io.StringIO())
    try:
        with quiet:
            res = run_one(RunRequest(cfg, folder, overwrite=overwrite, progress=verbose, callbacks=extra))
    except UsageError as e:
        raise _usage(e) from None
    return RunResult(res.folder, res.summary, res.rounds, res.clients, res.config, None if capture is None else capture.models)


def compare(
    algorithms: str | Iterable[str],
    dataset: str | None = None,
    *,
    out: str | Path | None = None,
    seeds: int | None = None,
    tune: int | None = None,
    params: str | Path | None = None,
    overwrite: bool = False,
    verbose: bool = False,
    plugins: str | Iterable[str] | None = None,
    **options: Any,
) -> CompareResult:
    """Several algorithms on the same split, like ``copfl compare``; returns its
    :class:`CompareResult`. ``algorithms``: names or variants (``"fedavg[lr=0.01]"``), a list or
    the CLI's comma-separated text. ``seeds``, ``tune`` (trials per algorithm, tuned and default
    rows) and ``params`` (a ``copfl tune`` best.json) are the CLI's ``--seeds``, ``--tune`` and
    ``--params``; ``options`` as for :func:`run`. It runs
    :func:`copfl.app.comparison.compare`, the function ``copfl compare`` runs, with the same
    checks (no command line is built)."""
    from copfl.app.checks import UsageError
    from copfl.app.comparison import CompareRequest
    from copfl.app.comparison import compare as compare_rows

    names = algorithms if isinstance(algorithms, str) else ",".join(algorithms)
    folder = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix="copfl-compare-"))
    try:
        cfg, given = _shared_config(dataset, plugins, options)
        req = CompareRequest(algorithms=names, cfg=cfg, given=given, out=str(folder),
                             seeds=1 if seeds is None else seeds, tune=tune, params=None if params is None else str(params),
                             overwrite=overwrite)
        with contextlib.nullcontext() if verbose else _silenced():
            res = compare_rows(req)
    except (UsageError, TypeError) as e:
        raise _usage(e) from None
    runs = {name: RunResult(r.folder, r.summary, r.rounds, r.clients, r.config) for name, r in res.runs.items()}
    return CompareResult(folder, res.doc, res.text + "\n", runs)


def tune(
    algorithms: str | Iterable[str],
    dataset: str | None = None,
    *,
    trials: int | None = None,
    budget: str | None = None,
    out: str | Path | None = None,
    storage: str | None = None,
    prior: str | Path | None = None,
    save_prior: str | Path | None = None,
    overwrite: bool = False,
    verbose: bool = False,
    plugins: str | Iterable[str] | None = None,
    **options: Any,
) -> TuneResult:
    """Tune each algorithm on the problem's validation data, like ``copfl tune``; returns its
    :class:`TuneResult`. ``trials`` (per algorithm, in total: a study in ``out`` continues),
    ``budget`` (wall time shared by the algorithms, ``"30m"``), ``storage``, ``prior`` and
    ``save_prior`` are the CLI's flags; ``options`` are the problem's run options as for
    :func:`run` (the searched knobs are each algorithm's own). ``out`` defaults to a new
    temporary folder. It runs :func:`copfl.app.study.tune`, the function ``copfl tune`` runs.
    Also ``copfl.tune(...)`` after ``import copfl``."""
    from copfl.app.checks import UsageError
    from copfl.app.study import TuneRequest
    from copfl.app.study import tune as tune_studies

    names = algorithms if isinstance(algorithms, str) else ",".join(algorithms)
    folder = Path(out) if out is not None else Path(tempfile.mkdtemp(prefix="copfl-tune-"))
    try:
        cfg, _ = _shared_config(dataset, plugins, options)
        req = TuneRequest(algorithms=names, cfg=cfg, out=str(folder), trials=trials, budget=budget, storage=storage,
                          prior=None if prior is None else str(prior), save_prior=None if save_prior is None else str(save_prior),
                          overwrite=overwrite)
        with contextlib.nullcontext() if verbose else _silenced():
            res = tune_studies(req)
    except (UsageError, TypeError) as e:
        raise _usage(e) from None
    return TuneResult(folder, res.best, res.summaries, res.markdown)


@contextlib.contextmanager
def _silenced():
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield
