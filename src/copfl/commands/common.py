"""What the commands share: usage errors, the run config from parsed flags, results folders and
their checks, seeds, --params, dry-run texts and the printed summary."""

from __future__ import annotations

import argparse
import sys
from dataclasses import fields
from pathlib import Path
from typing import Any

from copfl.app.checks import UsageError, with_split_file
from copfl.app.texts import pct
from copfl.execution.config import RunConfig, check_names, load_toml


def explicit_options(args: argparse.Namespace) -> set[str]:
    """The run options a new run's command line or TOML file sets (not left to defaults)."""
    given = {f.name for f in fields(RunConfig) if getattr(args, f.name, None) is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config))
    return given


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
    cfg = RunConfig(**values)
    check_names(cfg)  # a misspelled name in a --config file: refused now, dry runs included
    return cfg


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


def seeds_arg(args: argparse.Namespace) -> int:
    """``--seeds K`` (1 when not given); a UsageError naming a bad K."""
    from copfl.app.multiseed import check_count

    k = 1 if getattr(args, "seeds", None) is None else args.seeds
    try:
        return check_count(k)
    except ValueError as e:
        raise UsageError(str(e)) from None


def given_here(args: argparse.Namespace) -> set[str]:
    """Every option the command line or TOML file sets: run options and algorithm options."""
    given = explicit_options(args) | {k[4:] for k, v in vars(args).items() if k.startswith("opt_") and v is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config).get("options") or {})
    return given


def with_params(args: argparse.Namespace, cfg: RunConfig, values: dict[str, Any]) -> RunConfig:
    """``cfg`` with ``values`` from ``--params`` (a copfl tune best.json's entry); an option set
    on the command line (or in --config) keeps its value there."""
    from copfl.tuning.values import apply_params

    given = given_here(args)
    return apply_params(cfg, {k: v for k, v in values.items() if k not in given}, f"--params {args.params}")


def read_params_arg(args: argparse.Namespace) -> dict[str, dict[str, Any]] | None:
    """The ``--params`` file's values (None without the flag). A dry run of a file not written
    yet (a ``copfl tune`` still to run) plans with the defaults, and says so."""
    from copfl.tuning.values import read_params

    if not getattr(args, "params", None):
        return None
    if getattr(args, "dry_run", False) and not Path(args.params).exists():
        print(f"note: --params {args.params} does not exist yet: planned with each algorithm's defaults", file=sys.stderr)
        return None
    return read_params(args.params)


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


