"""What the commands share: usage errors, the run config from parsed flags, results folders and
their checks, seeds, --params, dry-run texts and the printed summary."""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from copfl.execution import runfolder
from copfl.algorithms.base import get_algorithm
from copfl.execution.config import RunConfig, load_toml
from copfl.data.download import DownloadError
from copfl.data.partitioners import PartitionError
from copfl.data.sources.registry import SOURCES
from copfl.data.sources.dataset import DataError, DataNotFoundError
from copfl.execution.experiment import fresh_out, unfinished_checkpoint

USER_ERRORS = (ValueError, PartitionError, DataError, DataNotFoundError, DownloadError)


class UsageError(Exception):
    pass


def explicit_options(args: argparse.Namespace) -> set[str]:
    """The run options a new run's command line or TOML file sets (not left to defaults)."""
    given = {f.name for f in fields(RunConfig) if getattr(args, f.name, None) is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config))
    return given


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


def config_from_args(args: argparse.Namespace, base: dict[str, Any] | None = None) -> RunConfig:
    """RunConfig defaults < TOML file < command-line flags."""
    values: dict[str, Any] = dict(base or {})
    if getattr(args, "config", None):
        values.update(load_toml(args.config))
    for f in fields(RunConfig):
        v = getattr(args, f.name, None)
        if v is not None:
            values[f.name] = v
    options = dict(values.get("options") or {})
    for k, v in vars(args).items():
        if k.startswith("opt_") and v is not None:
            options[k[4:]] = v
    values["options"] = options
    if base is None and values.get("split_file"):
        values = with_split_file(values)
    return RunConfig(**values)


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


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}%"


def print_summary(summary: dict[str, Any], out: Path) -> None:
    fin, best = summary["final"], summary["best"]
    print(f"{summary['algorithm']} on {summary['dataset']}: {summary['rounds_completed']} rounds in {summary['timing'].get('seconds_total', summary['timing']['seconds']):.1f} s")
    print(
        f"personalized accuracy, mean over clients:  final {pct(fin['acc_mean'])} (round {fin['round']})"
        f"   best-test {pct(best['acc_mean'])} (round {best['round']}, picked on test data)"
    )
    sel = summary.get("selected")
    if sel:
        print(f"selected on validation data:                {pct(sel['acc_mean'])} (round {sel['round']}; validation {pct(sel.get('val_acc_mean'))})")
    print(f"personalized accuracy, sample-weighted:     final {pct(fin['acc_weighted'])}   at best round {pct(best['acc_weighted'])}")
    if "acc_worst10" in fin:
        print(f"fairness (last round): worst 10% of clients {pct(fin['acc_worst10'])}   lowest {pct(fin['acc_min'])}   std {100 * fin['acc_std']:.2f} points")
    un = summary.get("unseen")
    if un:
        gap = "-" if un.get("gap") is None else f"{100 * un['gap']:+.2f} points"
        print(f"unseen clients (newcomers, round {un['round']}): {pct(un['acc_mean'])}   gap to participating clients {gap}")
    atk = summary.get("attack")
    if atk:
        w = "-" if atk.get("attacker_weight_mean") is None else f"{atk['attacker_weight_mean']:.3f}"
        print(f"attack {atk['kind']}: {len(atk['attackers'])} attackers (clients {', '.join(map(str, atk['attackers']))}); accuracy above is the "
              f"honest clients'; attackers' own {pct(atk.get('attacker_acc_mean'))}; weight given to attackers {w} (mean over rounds)")
    priv = summary.get("privacy") or {}
    if priv.get("noise"):  # differential privacy on: what the run spent
        eps = priv.get("epsilon")
        print(f"differential privacy ({priv.get('mode')}, noise {priv['noise']:g}, clip {priv.get('clip'):g}): "
              f"(epsilon, delta) = ({'inf' if eps is None else f'{eps:.3g}'}, {priv.get('delta'):g}) over {summary['rounds_completed']} rounds")
    print(f"train loss (last round) {fin['train_loss']:.4f}   results: {out}")


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
    resumable = resumable_round(out)
    if resumable is not None and not overwrite:
        raise UsageError(
            f"{out} holds an unfinished run of this configuration with a checkpoint of round {resumable}: continue it with "
            f"`copfl run --resume {out}` (--rounds may change), or pass --overwrite to start it again"
        )
    if runfolder.has_run_files(out):
        what = "an earlier run of this same configuration" if why is None else "another run (--overwrite)"
        print(f"note: {out} holds {what}: its files are removed and this run replaces it", file=sys.stderr)


def resumable_round(out: Path) -> int | None:
    """The checkpoint round of an unfinished run in ``out`` (its summary not ``completed`` or
    ``diverged``), None when there is none to continue."""
    ckpt = unfinished_checkpoint(out)
    return None if ckpt is None else ckpt.state.round


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


def seeds_arg(args: argparse.Namespace) -> int:
    """``--seeds K`` (1 when not given); a UsageError naming a bad K."""
    from copfl.app.multiseed import check_count

    k = 1 if getattr(args, "seeds", None) is None else args.seeds
    try:
        return check_count(k)
    except ValueError as e:
        raise UsageError(str(e)) from None


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


def given_here(args: argparse.Namespace) -> set[str]:
    """Every option the command line or TOML file sets: run options and algorithm options."""
    given = explicit_options(args) | {k[4:] for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config).get("options") or {})
    return given


def with_params(args: argparse.Namespace, cfg: RunConfig, values: dict[str, Any]) -> RunConfig:
    """``cfg`` with ``values`` from ``--params`` (a copfl tune best.json's entry); an option set
    on the command line (or in --config) keeps its value there."""
    from copfl.tuning.tuner import apply_params

    given = given_here(args)
    return apply_params(cfg, {k: v for k, v in values.items() if k not in given}, f"--params {args.params}")


def read_params_arg(args: argparse.Namespace) -> dict[str, dict[str, Any]] | None:
    """The ``--params`` file's values (None without the flag). A dry run of a file not written
    yet (a ``copfl tune`` still to run) plans with the defaults, and says so."""
    from copfl.tuning.tuner import read_params

    if not getattr(args, "params", None):
        return None
    if getattr(args, "dry_run", False) and not Path(args.params).exists():
        print(f"note: --params {args.params} does not exist yet: planned with each algorithm's defaults", file=sys.stderr)
        return None
    return read_params(args.params)


def data_line(cfg: RunConfig) -> str:
    """A dry run's data line: the data set embedded, found where, or missing and how to obtain it."""
    from copfl.data.sources.dataset import default_data_dir
    from copfl.reproduce.estimate import data_status

    src = SOURCES[cfg.dataset]
    if src.embedded is not None:
        return f"data: {cfg.dataset}, embedded (nothing to load from disk)"
    root = Path(cfg.data_dir).expanduser() if cfg.data_dir else default_data_dir()
    try:
        st = data_status([cfg.dataset], root, Path(cfg.cache_dir) if cfg.cache_dir else None)[cfg.dataset]
    except (AttributeError, KeyError, OSError, TypeError):  # a plugin's source that data_status cannot read
        return f"data: {cfg.dataset} (a source copfl cannot look up without loading it)"
    if st["found"] is not None:
        return f"data: {cfg.dataset} found at {st['found']}"
    fetch = "; --download fetches it" if st.get("download") else ""
    return f"data: {cfg.dataset} NOT FOUND in {root}{'' if root.is_dir() else ' (no such directory)'}{fetch}; to obtain it: {st['how_to_get']}"


def dry_run_text(what: list[str], cfgs: list[RunConfig], extra_seconds: float = 0.0) -> str:
    """A dry run's report: what would run, each data set's line, and the expected time of the
    runs ``cfgs`` (plus ``extra_seconds``) on this kind of CPU (copfl.reproduce.estimate)."""
    from copfl.reproduce.estimate import estimate_seconds, format_duration

    lines = list(what)
    lines += list(dict.fromkeys(data_line(c) for c in cfgs))
    total = extra_seconds + (estimate_seconds(cfgs) if cfgs else 0.0)
    lines.append(f"total: about {format_duration(total)} on this kind of CPU (+-50%); nothing was run")
    return "\n".join(lines)


def run_text(cfg: RunConfig) -> str:
    """One resolved run in a line: algorithm, data, split, rounds, model and optimizer."""
    part = cfg.partition + (f" ({cfg.classes_per_client} classes/client)" if cfg.partition in ("label-skew", "pathological") else
                            f" (alpha {cfg.alpha})" if cfg.partition == "dirichlet" else "")
    return (f"{cfg.algorithm} on {cfg.dataset}: {cfg.clients} clients, {part} partition, {cfg.rounds} rounds, model {cfg.model}, "
            f"{cfg.optimizer} lr {cfg.lr:g}, seed {cfg.seed}")


def run_seeds_command(cfg: Any, out: Path, k: int, overwrite: bool = False) -> int:
    from copfl.app.multiseed import run_seeds

    def report(summary: dict[str, Any], folder: Path) -> None:
        print(f"{folder.name}:")
        if summary.get("final"):
            print_summary(summary, folder)
        else:
            print(f"{summary.get('algorithm')}: {summary.get('status')}, no evaluated round   results: {folder}")

    doc = run_seeds(cfg, out, k, report, lambda m: print(m, file=sys.stderr), overwrite=overwrite)
    print(doc["text"])
    print(f"results: {out} (seeds.json, curves.png)")
    return 3 if any(r["status"] == "diverged" for r in doc["runs"]) else 0


def tuning_limits(trials: int | None, budget_text: str | None, flag: str = "--trials") -> tuple[int, float | None]:
    """(trials per study, seconds of trials in all or None) of --trials / --tune N and --budget:
    with a budget alone, the trials are capped at copfl.tuning.tuner.BUDGET_CAP; with neither, 20."""
    from copfl.tuning.tuner import BUDGET_CAP, parse_duration

    try:
        budget = parse_duration(budget_text) if budget_text else None
    except ValueError as e:
        hint = " (centralized's own budget option is set as a variant here: --algorithms \"centralized[budget=all]\")" \
            if budget_text in ("all", "participants") else ""
        raise UsageError(f"{e}{hint}") from None
    return (trials if trials is not None else BUDGET_CAP if budget is not None else 20), budget


def prior_library(path: str | None) -> Any:
    """The prior library a --prior / --save-prior flag names ('' : the default one), or None."""
    from copfl.tuning.priors import PriorLibrary, default_path

    if path is None:
        return None
    return PriorLibrary(Path(path).expanduser() if path else default_path())
