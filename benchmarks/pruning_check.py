"""Does copfl tune's successive halving prune the methods that start slowly? (issue 78)

For each algorithm, ``--configs`` settings drawn at random from its search space (seeded; the
default setting first) run to the end on one problem, recording each evaluated round's figure
the pruner sees (the running mean of the last rounds' pooled validation accuracy: copfl.tune's
"last" objective). Their curves are then replayed, in order, through the pruner copfl tune uses
(Hyperband over rounds, min_resource copfl.tune.min_rounds, reduction factor 3), as a study
running them one after another would: a setting is pruned where that study would have stopped
it. Reported per algorithm: each setting's final objective and the round it would be pruned at,
the Spearman correlation between the figure at each rung and the final one, and whether the
best final setting would have been pruned (the regret: best final minus the best unpruned one).

    python benchmarks/pruning_check.py --algorithms pfedsv,dpao-pfl,fedavg --configs 8 \
        --dataset femnist --partition natural --clients 20 --rounds 10 --data-dir DIR --out FILE.json
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import replace
from pathlib import Path

import copfl  # noqa: F401  (before torch: idle OpenMP threads sleep)
import optuna
import torch

from copfl.cli import build_parser, config_from_args
from copfl.engine import NonFiniteLossError
from copfl.experiment import build_engine
from copfl.federation import build_federation
from copfl.io import emit_json
from copfl.tune import Tuner, _hyperband, evaluations, min_rounds, objective_window, seal_test_data, tuning_problem


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


def replay(curves: list[list[tuple[int, float]]], rounds: int) -> list[int | None]:
    """The round at which a study running these curves one after another would prune each
    (None: it runs to the end), with copfl tune's pruner."""
    pruner = _hyperband()(min_resource=min_rounds(rounds), max_resource=rounds, reduction_factor=3)
    study = optuna.create_study(direction="maximize", pruner=pruner, sampler=optuna.samplers.RandomSampler(seed=0))
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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--algorithms", required=True)
    p.add_argument("--configs", type=int, default=8, help="settings per algorithm (the default first)")
    p.add_argument("--out", help="also write the JSON here")
    args, rest = p.parse_known_args(argv)
    run_args = build_parser(brief=False).parse_args(["run", *rest])
    base = tuning_problem(config_from_args(run_args))
    torch.set_num_threads(base.threads or 1)
    fed = build_federation(base)
    rounds = base.rounds
    window = objective_window(evaluations(rounds, base.eval_every))
    tuner = Tuner(base, fed, Path("/tmp"), args.configs, log=lambda m: None)
    doc = {"problem": {k: getattr(base, k) for k in ("dataset", "partition", "clients", "rounds", "seed", "model")}, "window": window,
           "min_resource": min_rounds(rounds), "algorithms": {}}
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
        pruned = replay([r["curve"] for r in rows], rounds)
        for r, at in zip(rows, pruned):
            r["pruned_at"] = at
        finals = [r["final"] for r in rows if r["final"] is not None]
        best = max(finals) if finals else None
        kept = [r["final"] for r in rows if r["final"] is not None and r["pruned_at"] is None]
        rungs = sorted({rnd for r in rows for rnd, _ in r["curve"]})
        corr = {}
        for rnd in rungs[:-1]:
            pairs = [(dict(r["curve"])[rnd], r["final"]) for r in rows if r["final"] is not None and rnd in dict(r["curve"])]
            corr[rnd] = spearman([a for a, _ in pairs], [b for _, b in pairs])
        doc["algorithms"][alg] = {"settings": rows, "best_final": best, "best_kept": max(kept) if kept else None,
                                  "regret": None if best is None or not kept else best - max(kept),
                                  "best_pruned": bool(best is not None and any(r["final"] == best and r["pruned_at"] is not None for r in rows)),
                                  "spearman_by_round": corr}
        print(f"{alg}: best final {best}, best kept {doc['algorithms'][alg]['best_kept']}, pruned {sum(a is not None for a in pruned)}/{len(rows)}",
              file=sys.stderr)
    emit_json(doc, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
