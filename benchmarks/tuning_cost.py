"""What copfl tune costs, in two measurements (``--mode``):

``--mode reach-random`` (the default; issue 78's target: at most 10 default runs): what copfl
tune spends to reach the accuracy of a plain random search. For each algorithm on one problem:

1. **The reference**: ``--random`` settings drawn at random from the algorithm's search space
   (no pruning, every one run to the end), each scored by copfl tune's objective (the mean of
   the last rounds' pooled validation accuracy); the reference accuracy is the best of them.
2. **copfl tune**: a study as ``copfl tune`` runs it (the default setting first, then TPE with
   Hyperband over rounds), trial after trial until its best objective reaches the reference, or
   until it has spent ``--cap`` default runs of time.
3. **The default run**: the algorithm at its defaults, once, timed.

Reported per algorithm: the reference, the default's objective, the trials and seconds copfl
tune took to reach the reference (or ``null``), and that as a multiple of one default run; the
same for reaching it within the validation data's noise (``reached_within_noise``: the best
objective at most one standard error below the reference, the binomial error of a pooled
accuracy on the problem's validation samples, copfl.tuning.objective.validation_noise: the margin
copfl tune itself cannot tell settings apart by); the study's best objective after each
trial (``trajectory``: trials, seconds, best); and its best objective after ``--target``
default runs of time (``best_at_target``: what a budget of that size buys). The
machine is noisy: each ratio is measured in one process, its parts one after another. The
options this script does not define are ``copfl run``'s: they set the problem.

``--mode tune-vs-run`` (issue 37's bound: a 20-trial tune of one method <= 8x one run of the
same rounds): a whole ``copfl tune --trials N`` against one untuned ``copfl run``, both measured
as the CLI's wall time with its start-up, on the default problem (the embedded digits, `copfl
run`'s defaults), side by side: the untuned run and the tune alternate ``--repeat`` times and
the ratio of their medians is reported (the machine's drift hits both). The tune loads the data
once and keeps one process; its Hyperband pruner stops poor trials early.

Either mode prints JSON; ``--out FILE`` writes it.

    python benchmarks/tuning_cost.py --algorithms fedavg,ditto,dpao-pfl --random 40 \
        --dataset femnist --partition natural --clients 20 --rounds 10 --data-dir DIR --out FILE.json
    python benchmarks/tuning_cost.py --mode tune-vs-run [--algorithms fedavg] [--trials 20] [--repeat 2]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import copfl  # noqa: F401  (before torch: idle OpenMP threads sleep)
import optuna
import torch

from copfl.algorithms.base import ALGORITHMS
from copfl.cli import build_parser
from copfl.commands.common import config_from_args
from copfl.execution.federation import build_federation
from copfl.io import emit_json
from copfl.tuning.tuner import TPE_STARTUP, Tuner, min_rounds, tuning_problem
from copfl.tuning.objective import evaluations, objective_window, validation_noise

# the settings' curves are run as studies/pruning_check.py runs them
PRUNING_CHECK = Path(__file__).resolve().parents[1] / "studies" / "pruning_check.py"
MODES = ("reach-random", "tune-vs-run")
REACH_RANDOM = {"random": 40, "target": 10.0, "cap": 30.0, "reference_from": None}
TUNE_VS_RUN = {"trials": 20, "repeat": 2}


def _pruning_check():
    spec = importlib.util.spec_from_file_location("pruning_check", PRUNING_CHECK)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--mode", choices=MODES, default="reach-random",
                   help="reach-random: the default runs of time copfl tune spends to reach the best of --random settings run to "
                   "the end (issue 78); tune-vs-run: a whole copfl tune of --trials trials against one untuned copfl run, "
                   "both on the default problem (issue 37) [reach-random]")
    p.add_argument("--algorithms", help="the algorithms, comma-separated (reach-random: required; tune-vs-run: one [fedavg])")
    p.add_argument("--out", help="also write the JSON here")
    rr = p.add_argument_group("--mode reach-random (every option not defined here is copfl run's: the problem)")
    rr.add_argument("--random", type=int, help="random settings run to the end: the reference [40]")
    rr.add_argument("--target", type=float, help="report the study's best after this many default runs of time [10]")
    rr.add_argument("--cap", type=float, help="stop copfl tune's study after this many default runs of time [30]")
    rr.add_argument("--reference-from", metavar="FILE", help="take each algorithm's reference (and its random settings' "
                    "figures) from an earlier run's JSON of the same problem instead of running --random settings again")
    tv = p.add_argument_group("--mode tune-vs-run (copfl run's and copfl tune's defaults otherwise)")
    tv.add_argument("--trials", type=int, help="the tune's trials [20]")
    tv.add_argument("--repeat", type=int, help="the untuned run and the tune alternate this many times [2]")
    args, rest = p.parse_known_args(argv)
    own, other = (TUNE_VS_RUN, REACH_RANDOM) if args.mode == "tune-vs-run" else (REACH_RANDOM, TUNE_VS_RUN)
    given = [f"--{k.replace('_', '-')}" for k in other if getattr(args, k) is not None]
    if given:
        p.error(f"{', '.join(given)}: not an option of --mode {args.mode}")
    for k, default in own.items():
        if getattr(args, k) is None:
            setattr(args, k, default)
    if args.mode == "tune-vs-run":
        if rest:
            p.error(f"--mode tune-vs-run runs copfl's default problem: unrecognized arguments: {' '.join(rest)}")
        algorithms = [a.strip() for a in (args.algorithms or "fedavg").split(",") if a.strip()]
        if len(algorithms) != 1:
            p.error(f"--mode tune-vs-run measures one algorithm, got {len(algorithms)}")
        emit_json(tune_vs_run(algorithms[0], args.trials, args.repeat), args.out)
        return 0
    if not args.algorithms:
        p.error("--mode reach-random needs --algorithms")
    emit_json(reach_random(args, rest), args.out)
    return 0


def reach_random(args: argparse.Namespace, rest: list[str]) -> dict:
    """``--mode reach-random``: per algorithm, what copfl tune spends to reach the best of
    ``args.random`` settings run to the end, on the problem ``rest`` (copfl run's options) sets."""
    curve_of = _pruning_check().curve_of
    base = tuning_problem(config_from_args(build_parser(brief=False).parse_args(["run", *rest])))
    torch.set_num_threads(base.threads or 1)
    fed = build_federation(base)
    window = objective_window(evaluations(base.rounds, base.eval_every))
    n_val = sum(c.num_val for c in fed.clients)  # the pooled validation samples of the objective
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    doc = {"problem": {k: getattr(base, k) for k in ("dataset", "partition", "clients", "rounds", "seed")}, "random": args.random,
           "cap_default_runs": args.cap, "sampler": {"name": "TPE", "multivariate": True, "random_trials_first": TPE_STARTUP}, "algorithms": {}}
    for alg in [a.strip() for a in args.algorithms.split(",") if a.strip()]:
        with tempfile.TemporaryDirectory() as tmp:
            tuner = Tuner(base, fed, Path(tmp), 10_000, log=lambda m: None)
            # 3. the default run, timed
            default_cfg = replace(tuner.trial_config(alg, optuna.trial.FixedTrial(tuner.default_values(alg)), {})[0], workers=1)
            _, default_obj, default_s = curve_of(default_cfg, fed, window)
            # 1. the reference: random settings, every one to the end
            rnd = optuna.create_study(direction="maximize", sampler=optuna.samplers.RandomSampler(seed=11))
            earlier = earlier_finals(args.reference_from, doc["problem"], alg)
            finals = [] if earlier is None else earlier
            for _ in range(args.random if earlier is None else 0):
                trial = rnd.ask()
                cfg, _ = tuner.trial_config(alg, trial, {})
                _, final, _ = curve_of(replace(cfg, workers=1), fed, window)
                rnd.tell(trial, state=optuna.trial.TrialState.PRUNED)
                finals.append(final)
            reference = max((f for f in finals if f is not None), default=None)
            # 2. copfl tune's study, trial by trial, until it reaches the reference
            reached, near, spent, trials, s, trajectory = None, None, 0.0, 0, {}, []
            noise = validation_noise(reference, n_val) if reference is not None else None
            tuner.budget = args.cap * default_s
            while reference is not None and spent < tuner.budget:
                tuner.trials = trials + 1
                s = tuner.tune(alg)
                trials, spent = s["trials"], tuner.spent(tuner.study(alg))
                best = s["best"]["val_acc"] if s["best"] is not None else None
                trajectory.append([trials, round(spent, 1), best])
                point = {"trials": trials, "seconds": round(spent, 1), "default_runs": round(spent / default_s, 2), "best": best}
                if near is None and best is not None and best >= reference - noise - 1e-12:
                    near = point
                if best is not None and best >= reference - 1e-12:
                    reached = point
                    break
        warmup = ALGORITHMS[alg].search_warmup
        doc["algorithms"][alg] = {"search_warmup": warmup, "pruned_from_round": min_rounds(base.rounds, warmup),
                                  "default_seconds": round(default_s, 2), "default_objective": default_obj, "reference": reference,
                                  "random_finals": finals, "reached": reached, "validation_noise": noise, "n_val": n_val,
                                  "reached_within_noise": near, "trials_run": trials, "seconds_run": round(spent, 1),
                                  "best_by_copfl_tune": s["best"]["val_acc"] if s.get("best") else None,
                                  "best_at_target": best_within(trajectory, args.target * default_s), "trajectory": trajectory}
        print(f"{alg}: reference {reference}, default {default_obj}, reached {reached}", file=sys.stderr)
    return doc


def _timed(argv: list[str]) -> float:
    """Wall seconds of ``copfl ARGV`` in a fresh process, its start-up included."""
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "copfl.cli", *argv], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def tune_vs_run(algorithm: str, trials: int, repeat: int) -> dict:
    """``--mode tune-vs-run``: ``copfl tune --trials TRIALS`` against one untuned ``copfl run`` of
    ``algorithm`` on copfl's default problem, alternating ``repeat`` times; medians and their ratio."""
    tmp = Path(tempfile.mkdtemp(prefix="copfl-tuning-cost-"))
    runs, tunes, pruned = [], [], []
    try:
        for i in range(repeat):
            runs.append(_timed(["run", "--algorithm", algorithm, "--out", str(tmp / f"run-{i}")]))
            tunes.append(_timed(["tune", "--algorithms", algorithm, "--trials", str(trials), "--out", str(tmp / f"tune-{i}")]))
            doc = json.loads((tmp / f"tune-{i}" / "tune.json").read_text())["algorithms"][0]
            pruned.append(doc["pruned"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    run_s, tune_s = statistics.median(runs), statistics.median(tunes)
    return {
        "benchmark": "tuning_cost", "mode": "tune-vs-run", "algorithm": algorithm, "trials": trials, "repeat": repeat,
        "run_s": round(run_s, 2), "tune_s": round(tune_s, 2), "ratio": round(tune_s / run_s, 2),
        "equivalent_full_runs": round(tune_s / run_s, 2), "pruned": pruned, "target": "ratio <= 8",
    }  # fmt: skip


def best_within(trajectory: list[list], seconds: float) -> float | None:
    """The study's best objective once it has spent at most ``seconds`` (None before a trial
    completed): from its ``trajectory`` of [trials, seconds, best] after each trial."""
    return max((best for _, spent, best in trajectory if spent <= seconds and best is not None), default=None)


def earlier_finals(path: str | None, problem: dict, algorithm: str) -> list | None:
    """The random settings' figures of ``algorithm`` in an earlier run's JSON (``--reference-from``),
    which must be of the same problem; None without a file."""
    if path is None:
        return None
    doc = json.loads(Path(path).read_text())
    if doc.get("problem") != problem:
        raise SystemExit(f"--reference-from {path}: another problem ({doc.get('problem')}, not {problem})")
    if algorithm not in doc.get("algorithms", {}):
        raise SystemExit(f"--reference-from {path}: no {algorithm} in it (it has {', '.join(doc.get('algorithms', {}))})")
    return doc["algorithms"][algorithm]["random_finals"]


if __name__ == "__main__":
    sys.exit(main())
