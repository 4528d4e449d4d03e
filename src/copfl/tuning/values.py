"""Searched or given values (a study's, a ``--params`` file's, a variant's ``name[k=v]``) split
into an algorithm's run options and its own options, checked (beside :mod:`copfl.algorithms.search_space`, which
algorithms import to declare their spaces, so this module may import the run config)."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from copfl.execution.config import RunConfig


def run_option_names() -> set[str]:
    """The run options' names (RunConfig's fields)."""
    return {f.name for f in fields(RunConfig)}


def split_values(algorithm: Any, values: dict[str, Any], what: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """``values`` ({knob: value}) as (run options, algorithm options) of ``algorithm`` (a
    registered class); a name that is neither is an error naming ``what`` (where it came from)."""
    run_names = run_option_names()
    alg_names = {f.name for f in fields(algorithm.Config)} if algorithm.Config is not object else set()
    run, own, unknown = {}, {}, []
    for k, v in values.items():
        if k in alg_names:
            own[k] = v
        elif k in run_names and k not in ("algorithm", "options"):
            run[k] = v
        else:
            unknown.append(k)
    if unknown:
        valid = ", ".join(sorted(alg_names)) or "none"
        raise ValueError(f"{what}: {algorithm.name} has no option {', '.join(sorted(unknown))} (its own options: {valid}; or a run option such as lr, momentum)")
    refused = sorted(set(run) & set(algorithm.unused_run_options))
    if refused:
        raise ValueError(f"{what}: {algorithm.name} does not use {', '.join(refused)} ({algorithm.unused_run_options[refused[0]]})")
    return run, own
