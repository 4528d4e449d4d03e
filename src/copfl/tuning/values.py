"""Searched or given values (a study's, a ``--params`` file's, a variant's ``name[k=v]``) split
into an algorithm's run options and its own options, checked (beside :mod:`copfl.algorithms.search_space`, which
algorithms import to declare their spaces, so this module may import the run config); a
``--params`` file read (:func:`read_params`) and values applied to a run's config
(:func:`apply_params`)."""

from __future__ import annotations

import json
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

from copfl.algorithms.base import get_algorithm, make_config
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


# ----------------------------------------------------------------------------- params files
def read_params(path: str | Path) -> dict[str, dict[str, Any]]:
    """A ``best.json`` (``{algorithm: {knob: value}}``), checked: a clear error for a missing
    or malformed file, an unknown algorithm or a knob the algorithm does not have."""
    p = Path(path)
    try:
        doc = json.loads(p.read_text())
    except FileNotFoundError:
        raise ValueError(f"--params {p}: no such file") from None
    except (OSError, json.JSONDecodeError) as e:
        raise ValueError(f"--params {p}: not a JSON params file ({e})") from None
    if not isinstance(doc, dict) or not all(isinstance(v, dict) for v in doc.values()):
        raise ValueError(f"--params {p}: expected {{algorithm: {{option: value}}}} (a copfl tune best.json)")
    for name, values in doc.items():
        split_values(get_algorithm(name.split("--")[0] if "--" in name else name), values, f"--params {p}")
    return doc

def apply_params(cfg: Any, values: dict[str, Any], what: str) -> Any:
    """``cfg`` (a RunConfig) with ``values`` ({knob: value}) applied: run options replaced,
    the algorithm's own merged into its options."""
    cls = get_algorithm(cfg.algorithm)
    run, own = split_values(cls, values, what)
    out = replace(cfg, **run, options={**(cfg.options or {}), **own})
    make_config(cls, out.options)
    return out
