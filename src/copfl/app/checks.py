"""The checks every run, comparison and study passes before any data is loaded, the same for the
command line and the Python API: usage errors, options an algorithm does not have or a run
would ignore, results folders (another run's, an unfinished one, a single run where a
comparison goes), tuning limits and prior libraries."""

from __future__ import annotations

import sys
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from copfl.algorithms.base import get_algorithm, make_config
from copfl.data.download import DownloadError
from copfl.data.partitioners import PartitionError
from copfl.data.sources.dataset import DataError, DataNotFoundError
from copfl.execution import runfolder
from copfl.execution.config import ResolvedConfig, RunConfig, check_names
from copfl.execution.experiment import fresh_out
from copfl.execution.ray_clients import check_workers
from copfl.runtime import resolve_device


USER_ERRORS = (ValueError, PartitionError, DataError, DataNotFoundError, DownloadError)

class UsageError(Exception):
    pass

def unused_options(cfg: RunConfig, given: set[str]) -> list[str]:
    """The options in ``given`` that the run ``cfg`` (resolved) would not use, each with why:
    those its algorithm declares unused, and ``--momentum`` with Adam (it has none). An option
    given at the value it would take anyway (a saved config.toml records every resolved value)
    is no contradiction."""
    default = RunConfig(algorithm=cfg.algorithm, dataset=cfg.dataset).resolved()
    given = {k for k in given if getattr(cfg, k, None) != getattr(default, k, None)}
    out = [f"--{k.replace('_', '-')}: {cfg.algorithm} does not use it ({why})"
           for k, why in get_algorithm(cfg.algorithm).unused_run_options.items() if k in given]
    if "momentum" in given and cfg.optimizer == "adam" and "momentum" not in get_algorithm(cfg.algorithm).unused_run_options:
        out.append("--momentum: SGD's momentum; Adam (--optimizer adam) has none (its moment rates are fixed: betas 0.9, 0.999)")
    return out

def refuse_unused(cfg: RunConfig, given: set[str]) -> None:
    bad = unused_options(cfg, given)
    if bad:
        raise UsageError("options this run would ignore: " + "; ".join(bad) + ". Drop them")

# The run options a split file fixes (copfl.data.partitioners.Split.run_options).
SPLIT_FIXED = ("partition", "clients", "classes_per_client", "samples_per_class", "test_samples_per_class", "alpha", "power",
               "min_samples", "test_split", "train_per_client", "test_per_client")

def with_split_file(values: dict[str, Any]) -> dict[str, Any]:
    """A new run's options with ``--split-file``: the partition options take the split's
    values, so that config.json records what runs; one given explicitly (a flag or the TOML
    file) with another value is refused, never silently overridden."""
    from copfl.data.partitioners import Split

    path = values["split_file"]
    fixed = Split.load(path).run_options()
    bad = [
        f"--{k.replace('_', '-')} {values[k]} (the split has {fixed[k]})"
        for k in SPLIT_FIXED
        if values.get(k) is not None and str(values[k]) != str(fixed[k])
    ]
    if bad:
        raise UsageError(
            f"--split-file {path} fixes the partition, and these options contradict it: {'; '.join(bad)}. "
            "Drop them (the split's values are used and recorded), or save a new split with `copfl partition ... --save FILE`"
        )
    return {**values, **{k: v for k, v in fixed.items() if v is not None or k in values}}

def options_for(algorithm: str, options: dict[str, Any], strict: bool) -> dict[str, Any]:
    names = {f.name for f in fields(get_algorithm(algorithm).Config)}
    if strict:
        unknown = sorted(set(options) - names)
        if unknown:
            valid = ", ".join("--" + n.replace("_", "-") for n in sorted(names)) or "none"
            raise UsageError(f"{algorithm} has no option {', '.join('--' + u.replace('_', '-') for u in unknown)}; its options: {valid}")
    return {k: v for k, v in options.items() if k in names}

def results_folder(out: str | None, cfg: RunConfig, default: Path) -> Path:
    """Where a run's results go: ``out`` (the --out flag) as given (checked against the run it
    may hold by :func:`check_out`); otherwise the config's ``out`` or ``default``, or a new
    sibling folder (``DIR-2``...) when that one already holds results."""
    named = out or cfg.out
    if named and Path(named).exists() and not Path(named).is_dir():
        raise UsageError(f"--out {named} is a file, not a folder: name a folder for the results")
    if out:
        return Path(out)
    wanted = Path(cfg.out) if cfg.out else default
    folder = fresh_out(wanted)
    if folder != wanted:
        print(f"{wanted} already holds results: this run writes to {folder} (--out DIR picks the folder)", file=sys.stderr)
    return folder

def check_out(out: Path, cfg: RunConfig, overwrite: bool) -> None:
    """Before any data is loaded: a folder holding another run is refused unless
    ``--overwrite`` (:func:`copfl.execution.runfolder.check`); a note when a run is replaced."""
    why = runfolder.check(out, cfg, overwrite)
    unfinished = runfolder.unfinished_checkpoint(out)
    if unfinished is not None and not overwrite:
        raise UsageError(
            f"{out} holds an unfinished run of this configuration with a checkpoint of round {unfinished.state.round}: continue it with "
            f"`copfl run --resume {out}` (--rounds may change), or pass --overwrite to start it again"
        )
    if runfolder.has_run_files(out):
        what = "an earlier run of this same configuration" if why is None else "another run (--overwrite)"
        print(f"note: {out} holds {what}: its files are removed and this run replaces it", file=sys.stderr)

def check_top(out: Path, overwrite: bool, command: str) -> None:
    """The folder of a multi-run command (``compare``, ``run --seeds``) must not be a single
    run's results folder, unless ``--overwrite``."""
    if not (out / "config.json").exists():
        return
    if not overwrite:
        raise UsageError(f"{out} holds a single run's results, not a `copfl {command}` folder: pass --overwrite to replace them, or write to another --out")
    with runfolder.hold(out):
        runfolder.clear(out)
    print(f"note: {out} held a single run's results (--overwrite): they were removed", file=sys.stderr)

def seeds_folder(out: str | None, cfg: RunConfig, default: Path) -> Path:
    """The folder of a multi-seed command: ``out`` (the --out flag, or the config's ``out``) as
    named, where a run of the same command already completed is kept and skipped; otherwise a
    new one."""
    named = out or cfg.out
    if not named:
        return results_folder(out, cfg, default)
    if Path(named).exists() and not Path(named).is_dir():
        raise UsageError(f"--out {named} is a file, not a folder: name a folder for the results")
    return Path(named)

def tuning_limits(trials: int | None, budget_text: str | None, flag: str = "--trials") -> tuple[int, float | None]:
    """(trials per study, seconds of trials in all or None) of --trials / --tune N and --budget:
    with a budget alone, the trials are capped at copfl.tuning.tuner.BUDGET_CAP; with neither, DEFAULT_TRIALS."""
    from copfl.tuning.tuner import BUDGET_CAP, DEFAULT_TRIALS, parse_duration

    try:
        budget = parse_duration(budget_text) if budget_text else None
    except ValueError as e:
        hint = " (centralized's own budget option is set as a variant here: --algorithms \"centralized[budget=all]\")" \
            if budget_text in ("all", "participants") else ""
        raise UsageError(f"{e}{hint}") from None
    return (trials if trials is not None else BUDGET_CAP if budget is not None else DEFAULT_TRIALS), budget

def prior_library(path: str | None, saving: bool = False) -> Any:
    """The prior library a --prior (``saving``: --save-prior) flag names, or None
    (:func:`copfl.tuning.priors.library`: '' the user's default one, for --prior the built-in
    one when the user has none; ``builtin`` the built-in one)."""
    from copfl.tuning.priors import library

    try:
        return library(path, saving)
    except ValueError as e:
        raise UsageError(str(e)) from None


def checked_config(cfg: RunConfig, given: set[str] | frozenset[str] | None) -> ResolvedConfig:
    """``cfg`` resolved, its algorithm, data set, partition and model known (a misspelled one is
    named with the close ones) and its options the algorithm's (an unknown one is
    a usage error naming the algorithm's options), and, with ``given`` (the options the user
    set), none that the run would ignore."""
    get_algorithm(cfg.algorithm)
    check_names(cfg)
    resolved = replace(cfg, options=options_for(cfg.algorithm, cfg.options or {}, strict=True)).resolved()
    make_config(get_algorithm(resolved.algorithm), resolved.options)  # the algorithm's options, checked before any data is loaded
    if given is not None:
        refuse_unused(resolved, set(given))
    return resolved

def read_params_file(path: str | None, dry_run: bool = False) -> dict[str, dict[str, Any]] | None:
    """The ``--params`` file's values (None without one), checked; a dry run of a file not
    written yet (a ``copfl tune`` still to run) plans with the defaults, and says so."""
    from copfl.tuning.values import read_params

    if not path:
        return None
    if dry_run and not Path(path).exists():
        print(f"note: --params {path} does not exist yet: planned with each algorithm's defaults", file=sys.stderr)
        return None
    return read_params(path)

def check_resources(cfg: ResolvedConfig) -> None:
    """The run's device and workers, before any data is loaded: a missing GPU, or Ray not
    importable or unreachable with ``--workers``, is refused now."""
    resolve_device(cfg.device)
    check_workers(cfg)
