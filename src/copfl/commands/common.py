"""What the commands share: usage errors, the run config from parsed flags, results folders and
their checks, seeds, --params, dry-run texts and the printed summary."""

from __future__ import annotations

import argparse
from dataclasses import fields
from pathlib import Path
from typing import Any

from copfl.app.checks import UsageError, with_split_file
from copfl.app.texts import next_hint, summary_lines
from copfl.execution.config import RunConfig, check_names, load_toml


def explicit_options(args: argparse.Namespace) -> set[str]:
    """The run options a new run's command line or TOML file sets (not left to defaults)."""
    given = {f.name for f in fields(RunConfig) if getattr(args, f.name, None) is not None}
    if getattr(args, "config", None):
        given |= set(load_toml(args.config))
    return given


def config_from_args(args: argparse.Namespace) -> RunConfig:
    """RunConfig defaults < TOML file < command-line flags."""
    values: dict[str, Any] = {}
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
    if values.get("split_file"):
        values = with_split_file(values)
    cfg = RunConfig(**values)
    check_names(cfg)  # a misspelled name in a --config file: refused now, dry runs included
    return cfg


def print_summary(summary: dict[str, Any], out: Path, hint: bool = True) -> None:
    """A finished run's summary (:func:`copfl.app.texts.summary_lines`), ending with what to do
    next (``hint``) when the run completed."""
    print("\n".join(summary_lines(summary, out, next_hint(summary, out / "config.toml") if hint else None)))


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


def print_seeds(summary: dict[str, Any], folder: Path) -> None:
    """One seed's lines of ``copfl run --seeds K`` (the hint of what to do next comes once, after the last)."""
    print(f"{folder.name}:")
    if summary.get("final"):
        print_summary(summary, folder, hint=False)
    else:
        print(f"{summary.get('algorithm')}: {summary.get('status')}, no evaluated round   results: {folder}")


def print_seeds_end(doc: dict[str, Any], out: Path, k: int) -> None:
    """``copfl run --seeds K``'s closing lines: the figures over the seeds, the folder, and what to do next."""
    print(doc["text"])
    print(f"results: {out} (seeds.json, curves.png)")
    done = any(r["status"] == "completed" for r in doc["runs"])  # the first seed's config.toml: the same problem and seeds
    hint = next_hint({"algorithm": doc["algorithm"]}, Path(doc["runs"][0]["folder"]) / "config.toml", k) if done else None
    if hint:
        print(hint)
