"""A copfl run's config in Flower's run config: the whole RunConfig as JSON under
``copfl-config``, plus single fields that ``flwr run --run-config`` overrides. No flwr import:
``copfl flower new`` writes apps with it, the Flower apps read them with it."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Any

from copfl.execution.config import RunConfig, saved_config

CONFIG_KEY = "copfl-config"  # the run config (JSON of RunConfig) in Flower's run config


def check_flower_config(cfg: RunConfig) -> None:
    """What a Flower run cannot do (yet), refused before anything starts."""
    if cfg.holdout_clients > 0:
        raise ValueError(
            f"--holdout-clients {cfg.holdout_clients:g}: unseen-client evaluation runs in copfl's own engine only "
            "(copfl run / compare); a Flower run takes --holdout-clients 0"
        )
    if cfg.attack is not None:
        raise ValueError(
            f"--attack {cfg.attack}: attacks are simulated in copfl's own engine only (copfl run / compare); "
            "a Flower run has no simulated attackers (--robust works there)"
        )
    if cfg.eval_batched:
        raise ValueError(
            "--eval-batched joins clients' evaluations in copfl's own engine only (copfl run / compare); "
            "on Flower each client evaluates its own model"
        )
    if cfg.availability().active:
        raise ValueError(
            "--client-dropout / --stragglers / --deadline simulate unreliable clients in copfl's own engine only "
            "(copfl run / compare); on Flower real clients fail and lag on their own"
        )


def config_to_json(cfg: RunConfig) -> str:
    check_flower_config(cfg)
    return json.dumps({k: v for k, v in asdict(cfg).items() if v is not None}, sort_keys=True)


def config_from_run_config(run_config: dict[str, Any], default: RunConfig | None = None) -> RunConfig:
    """The RunConfig an app was written with (or ``default`` when Flower's run config has
    none, as in ``flwr.simulation.run_simulation``), plus ``--run-config`` overrides of
    single fields (e.g. ``rounds=5``, ``out="..."``)."""
    if CONFIG_KEY in run_config:
        values = saved_config(json.loads(str(run_config[CONFIG_KEY])))  # an app written before an option existed keeps its results
    elif default is not None:
        values = json.loads(config_to_json(default))
    else:
        raise ValueError(f"the Flower run config has no {CONFIG_KEY!r}: write the app with `copfl flower new`")
    names = {f.name for f in fields(RunConfig)}
    for k, v in run_config.items():
        key = k.replace("-", "_")
        if k != CONFIG_KEY and key in names:
            values[key] = v
    unknown = sorted(set(values) - names)
    if unknown:
        raise ValueError(f"unknown run options in the Flower run config: {', '.join(unknown)}")
    cfg = RunConfig(**values).resolved()
    check_flower_config(cfg)
    return cfg
