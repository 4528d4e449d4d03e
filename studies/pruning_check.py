"""Does copfl tune's successive halving prune the methods that start slowly? (issue 78)

For each algorithm, ``--configs`` settings drawn at random from its search space (seeded; the
default setting first) run to the end on one problem, recording each evaluated round's figure
the pruner sees (the running mean of the last rounds' pooled validation accuracy: copfl.tuning.tuner's
"last" objective). Their curves are then replayed, in order, through the pruner copfl tune uses
(Hyperband over rounds, min_resource copfl.tuning.tuner.min_rounds, reduction factor 3), as a study
running them one after another would: a setting is pruned where that study would have stopped
it. Reported per algorithm: each setting's final objective and the round it would be pruned at,
the Spearman correlation between the figure at each rung and the final one, and whether the
best final setting would have been pruned (the regret: best final minus the best unpruned one).

    python studies/pruning_check.py --algorithms pfedsv,dpao-pfl,fedavg --configs 8 \
        --dataset femnist --partition natural --clients 20 --rounds 10 --data-dir DIR --out FILE.json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import copfl  # noqa: F401  (before torch: idle OpenMP threads sleep)
import optuna
import torch

from copfl.cli import build_parser
from copfl.commands.common import config_from_args
from copfl.engine.rounds import NonFiniteLossError
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.io import emit_json
from copfl.tuning.trial_order import ranked_hyperband
from copfl.tuning.tuner import Tuner, min_rounds, tuning_problem
from copfl.tuning.objective import evaluations, objective_window
from copfl.engine.sealing import seal_test_data


def spearman(a: list[float], b: list[float]) -> float | None:
    from scipy.stats import spearmanr

    if len(a) < 3 or len(set(a)) < 2 or len(set(b)) < 2:
        return None
    return float(spearmanr(a, b).statistic)


def curve_of(cfg, fed, window: int) -> tuple[list[tuple[int, float]], float | None, float]:
    """A setting's (round, running last-mean pooled validation accuracy) per evaluated round,
    its final objective (None: diverged) and its seconds."""
    engine = build_engine(cfg, fed)
    seal_test_data(engine)
    t0 = time.perf_counter()
    try:
        state = engine.run()
    except NonFiniteLossError:
        return [], None, time.perf_counter() - t0
    finally:
        engine.close()
    pooled, curve = [], []
    for r in state.history:
        if "val_acc_mean" in r:
            pooled.append(float(r.get("val_acc_weighted", r["val_acc_mean"])))
            tail = pooled[-window:]
            curve.append((int(r["round"]), sum(tail) / len(tail)))
    return curve, (curve[-1][1] if curve else None), time.perf_counter() - t0


def replay(curves: list[list[tuple[int, float]]], rounds: int, warmup: float = 0.0, name: str = "study") -> list[int | None]:
    """The round at which a study named ``name`` (Hyperband draws a trial's bracket from the
    study's name and the trial's number: copfl tune's studies are named by the algorithm)
    running these curves one after another would prune each (None: it runs to the end), with
    copfl tune's pruner (``warmup``: the algorithm's ``search_warmup``)."""
    pruner = ranked_hyperband()(min_resource=min_rounds(rounds, warmup), max_resource=rounds, reduction_factor=3)
    study = optuna.create_study(study_name=name, direction="maximize", pruner=pruner, sampler=optuna.samplers.RandomSampler(seed=0))
    out: list[int | None] = []
    for curve in curves:
        trial = study.ask()
        pruned_at = None
        for rnd, v in curve:
            trial.report(v, rnd)
            if trial.should_prune():
                pruned_at = rnd
                break
        if pruned_at is None and curve:
            study.tell(trial, curve[-1][1])
        else:
            study.tell(trial, state=optuna.trial.TrialState.PRUNED)
        out.append(pruned_at if curve else 0)
    return out


ORDERS = 50  # bracket draws replayed: Hyperband's brackets depend on the study's name, so one replay is one draw


def analyse(rows: list[dict], rounds: int, warmup: float, name: str) -> dict:
    """The settings' pruning under copfl tune's pruner (each row's ``pruned_at`` set, as the
    study ``name`` would prune them), the best final figure, the best one kept, the regret;
    over :data:`ORDERS` other bracket draws (study names ``name-0`` ...) the share in which the
    best setting is pruned and the mean regret; and each rung's rank correlation with the end."""
    finals = [r["final"] for r in rows if r["final"] is not None]
    best = max(finals) if finals else None
    regrets = []
    for i in range(ORDERS):
        pruned = replay([r["curve"] for r in rows], rounds, warmup, f"{name}-{i}")
        kept_i = [r["final"] for r, at in zip(rows, pruned) if r["final"] is not None and at is None]
        regrets.append(best - max(kept_i) if best is not None and kept_i else None)
    for r, at in zip(rows, replay([r["curve"] for r in rows], rounds, warmup, name)):
        r["pruned_at"] = at
    kept = [r["final"] for r in rows if r["final"] is not None and r["pruned_at"] is None]
    corr = {}
    for rnd in sorted({rnd for r in rows for rnd, _ in r["curve"]})[:-1]:
        pairs = [(dict(map(tuple, r["curve"]))[rnd], r["final"]) for r in rows if r["final"] is not None and rnd in dict(map(tuple, r["curve"]))]
        corr[str(rnd)] = spearman([a for a, _ in pairs], [b for _, b in pairs])
    out = {}
    if warmup > 0:  # what the same settings would suffer without the algorithm's warmup
        plain = analyse([dict(r) for r in rows], rounds, 0.0, name)
        out["without_warmup"] = {k: plain[k] for k in ("min_resource", "best_pruned_share", "mean_regret", "pruned")}
    return {**out, "settings": rows, "warmup": warmup, "min_resource": min_rounds(rounds, warmup), "best_final": best,
            "best_kept": max(kept) if kept else None, "regret": None if best is None or not kept else best - max(kept),
            "pruned": sum(r["pruned_at"] is not None for r in rows),
            "draws": ORDERS, "best_pruned_share": sum(x is not None and x > 1e-12 for x in regrets) / ORDERS,
            "mean_regret": sum(x for x in regrets if x is not None) / max(1, sum(x is not None for x in regrets)),
            "best_pruned": bool(best is not None and any(r["final"] == best and r["pruned_at"] is not None for r in rows)),
            "spearman_by_round": corr}


def main(argv: list[str] | None = None) -> int:
    from copfl.algorithms.base import get_algorithm

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--algorithms", help="comma-separated (not with --replay)")
    p.add_argument("--configs", type=int, default=8, help="settings per algorithm (the default first)")
    p.add_argument("--replay", metavar="FILE", help="replay the curves of an earlier run's JSON through today's pruner (runs nothing)")
    p.add_argument("--out", help="also write the JSON here")
    args, rest = p.parse_known_args(argv)
    if args.replay:
        doc = json.loads(Path(args.replay).read_text())
        for alg, a in doc["algorithms"].items():
            doc["algorithms"][alg] = analyse(a["settings"], doc["problem"]["rounds"], get_algorithm(alg).search_warmup, alg)
        emit_json(doc, args.out)
        return 0
    if not args.algorithms:
        p.error("--algorithms is required (or --replay FILE)")
    run_args = build_parser(brief=False).parse_args(["run", *rest])
    base = tuning_problem(config_from_args(run_args))
    torch.set_num_threads(base.threads or 1)
    fed = build_federation(base)
    rounds = base.rounds
    window = objective_window(evaluations(rounds, base.eval_every))
    tuner = Tuner(base, fed, Path("/tmp"), args.configs, log=lambda m: None)
    doc = {"problem": {k: getattr(base, k) for k in ("dataset", "partition", "clients", "rounds", "seed", "model")}, "window": window,
           "algorithms": {}}
    for alg in [a.strip() for a in args.algorithms.split(",") if a.strip()]:
        study = optuna.create_study(direction="maximize", sampler=optuna.samplers.RandomSampler(seed=7))
        study.enqueue_trial(tuner.default_values(alg))
        rows = []
        for i in range(args.configs):
            trial = study.ask()
            cfg, values = tuner.trial_config(alg, trial, {})
            curve, final, secs = curve_of(replace(cfg, workers=1), fed, window)
            study.tell(trial, state=optuna.trial.TrialState.PRUNED)  # only the draws matter here
            rows.append({"values": values, "curve": curve, "final": final, "seconds": round(secs, 1)})
            print(f"{alg} setting {i}: final {final} in {secs:.0f} s  {values}", file=sys.stderr)
        a = doc["algorithms"][alg] = analyse(rows, rounds, get_algorithm(alg).search_warmup, alg)
        print(f"{alg}: best final {a['best_final']}, best kept {a['best_kept']}, pruned {a['pruned']}/{len(rows)}", file=sys.stderr)
    emit_json(doc, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
