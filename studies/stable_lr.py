"""The stable SGD learning rate of each model family: the largest rate on a grid at which plain
local training (Local, SGD with momentum 0.5, copfl's default) still lowers its training loss
steadily, without diverging. copfl tune's learning-rate knobs are searched on a log scale
relative to it (copfl.algorithms.search_space.STABLE_LR: docs/tuning.md).

For each model, on a small problem of the data its family is made for, Local trains for
``--rounds`` rounds at each rate of a half-decade grid (1e-3 ... 30); a rate **diverges** when a
round's loss is non-finite or above the first round's, is **slow** when the last round's loss is
not below ``--drop`` times the first's, and is **stable** otherwise. The stable rate is the
largest stable rate below the smallest diverging one (the scan stops there). Prints JSON;
``--out FILE`` writes it.

    python studies/stable_lr.py --data-dir DIR [--models mlp,cnn,lstm] [--out docs/results/stable-lr.json]
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

import copfl  # noqa: F401  (before torch: idle OpenMP threads sleep)
import torch

from copfl.execution.config import RunConfig
from copfl.engine.rounds import NonFiniteLossError
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.io import emit_json

GRID = [1e-3, 3e-3, 1e-2, 3e-2, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0]
# each model's problem: the data set its family is made for, small enough for a CPU
PROBLEMS = {
    "mlp": {"dataset": "digits"},
    "logreg": {"dataset": "digits", "model": "logreg"},
    "cnn": {"dataset": "cifar10", "partition": "dirichlet", "alpha": 0.3, "clients": 10, "train_per_client": 200, "test_per_client": 50},
    "lenet5": {"dataset": "mnist", "model": "lenet5", "partition": "dirichlet", "alpha": 0.3, "clients": 10, "train_per_client": 200, "test_per_client": 50},
    "lstm": {"dataset": "shakespeare", "clients": 10, "train_per_client": 1000, "test_per_client": 200},
    "resnet18": {"dataset": "cifar10", "model": "resnet18", "resnet_stem": "cifar", "width": 0.25, "partition": "dirichlet", "alpha": 0.3,
                 "clients": 4, "train_per_client": 100, "test_per_client": 20},
}


def losses(problem: dict, lr: float, rounds: int, data_dir: str | None) -> list[float]:
    """Local's mean training loss per round at ``lr``."""
    cfg = RunConfig(algorithm="local", rounds=rounds, lr=lr, momentum=0.5, optimizer="sgd", seed=0, val_fraction=0.0, eval_every=rounds,
                    data_dir=data_dir, diverge_factor=0.0, diverge_loss=0.0, **problem).resolved()
    engine = build_engine(cfg, build_federation(cfg))
    try:
        state = engine.run()
    except NonFiniteLossError:
        return [math.inf]
    finally:
        engine.close()
    return [float(r["train_loss"]) for r in state.history]


BLOWUP = 1.5  # a first round's loss above this multiple of the smallest rate's (an untrained model's) diverged at once


def status(curve: list[float], drop: float, start: float | None = None) -> str:
    """diverges (a non-finite loss, a round above the first, or a first round above
    :data:`BLOWUP` times ``start``, the smallest rate's first-round loss), slow (the last round
    not below ``drop`` times the first) or stable."""
    if not all(math.isfinite(x) for x in curve) or max(curve) > curve[0] * 1.0000001:
        return "diverges"
    if start is not None and curve[0] > BLOWUP * start:
        return "diverges"
    return "stable" if curve[-1] < drop * curve[0] else "slow"


def classify(rows: list[dict], drop: float) -> float | None:
    """Each rate's status (in place) and the stable rate: the largest stable one below the first
    that diverges (the rates after it are dropped)."""
    best, start = None, None
    for i, row in enumerate(rows):
        curve = [float(x) for x in row["losses"]]
        start = curve[0] if start is None else start
        row["status"] = status(curve, drop, start)
        if row["status"] == "diverges":
            del rows[i + 1:]
            break
        if row["status"] == "stable":
            best = row["lr"]
    return best


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--data-dir", help="the data directory (digits needs none)")
    p.add_argument("--models", default=",".join(PROBLEMS), help=f"comma-separated, of {', '.join(PROBLEMS)}")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--drop", type=float, default=0.9, help="the last round's loss below this multiple of the first's")
    p.add_argument("--out", help="also write the JSON here")
    p.add_argument("--reclassify", metavar="FILE", help="apply today's rule to the loss curves of an earlier run's JSON (runs nothing)")
    args = p.parse_args(argv)
    if args.reclassify:
        doc = json.loads(Path(args.reclassify).read_text())
        for m in doc["models"].values():
            m["stable_lr"] = classify(m["rates"], doc["drop"])
        doc["blowup"] = BLOWUP
        emit_json(doc, args.out)
        return 0
    torch.set_num_threads(1)
    doc = {"grid": GRID, "rounds": args.rounds, "drop": args.drop, "blowup": BLOWUP, "momentum": 0.5, "models": {}}
    for model in [m.strip() for m in args.models.split(",") if m.strip()]:
        rows, t0 = [], time.perf_counter()
        for lr in GRID:
            curve = losses(PROBLEMS[model], lr, args.rounds, args.data_dir)
            st = status(curve, args.drop, float(rows[0]["losses"][0]) if rows else None)
            rows.append({"lr": lr, "losses": [round(x, 4) if math.isfinite(x) else str(x) for x in curve], "status": st})
            print(f"{model} lr={lr:g}: {st} {rows[-1]['losses']}", file=sys.stderr)
            if st == "diverges":
                break  # every rate above a diverging one counts as unstable
        best = classify(rows, args.drop)
        doc["models"][model] = {"problem": PROBLEMS[model], "stable_lr": best, "rates": rows, "seconds": round(time.perf_counter() - t0, 1)}
    emit_json(doc, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
