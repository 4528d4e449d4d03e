"""Peak memory and round time of FedAvg with many clients (issue 19's scale benchmark).

For each combination of model (``mlp``, ``cnn``), number of clients (100, 1,000, 10,000),
participation (every client, 10%) and client store (memory, disk), one ``copfl run``-like
run of FedAvg on MNIST in a fresh process: Dirichlet(alpha 1.0) clients where it can give
every client 10 training samples (100 and 1,000 clients), the IID split otherwise (10,000
clients get 6 each), batch 32, one local epoch, ``--eval-clients`` equal to the
participation (every client is evaluated after the last round).

Per run: peak RSS of the process (``ru_maxrss``, data loading included), seconds of the
data split, and seconds of round 2 (round 1 warms up, the last round evaluates every
client), plus what a round did: participants, training steps, samples. Targets (2 cores):
10,000 clients at 10% participation in < 3 GiB peak RSS with the ``cnn``; at 10%
participation, round time of 10,000 clients within 1.3x that of 1,000 clients
(``ratio_10000_vs_1000``). Prints one JSON object.

    python benchmarks/scale.py --data-dir DIR [--models mlp,cnn] [--clients 100,1000,10000]
                                              [--fractions 1,0.1] [--stores memory,disk]

A fixed cohort instead (issue 40's evaluation-at-scale target): ``--cohort K`` trains K
clients a round whatever the number of clients (participation K / clients), ``--eval-clients
E`` evaluates E of them on a non-final round, ``--partition iid`` for every size. Each run
then also reports ``median_round_seconds`` (the median non-final round) and the output the
ratios of the largest number of clients to the smallest, round time and peak RSS
(``ratio_vs_fewest``). Issue 40's target, 10,000 against 100 clients, both <= 1.2::

    python benchmarks/scale.py --data-dir DIR --models mlp --stores memory --clients 100,10000 \
        --cohort 10 --eval-clients 100 --partition iid --rounds 12 --threads 1

``--eval-modes one,batched`` runs every configuration twice, its clients evaluated one small
batch each (copfl's default) and in joint batches (``--eval-batched``), and adds
``batched_vs_one``: per configuration the final round's (every client evaluated) and the
median round's time batched / one, and whether the last round's mean accuracy and loss came
out identical.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys


def one(args: argparse.Namespace) -> None:
    """One run in this process; prints its figures as JSON."""
    import resource
    import tempfile
    import time

    from copfl.execution.config import RunConfig
    from copfl.engine.loop import Callback
    from copfl.execution.experiment import apply_threads, build_engine
    from copfl.execution.federation import build_federation

    n, frac = args.one_clients, args.one_fraction
    partition = args.partition or ("dirichlet" if n <= 1000 else "iid")
    evaluated = args.eval_clients if args.eval_clients is not None else frac
    cfg = RunConfig(algorithm="fedavg", dataset="mnist", data_dir=args.data_dir, clients=n, partition=partition, alpha=1.0, model=args.one_model,
                    rounds=args.rounds, client_fraction=frac, eval_clients=evaluated, store=args.one_store, seed=0, threads=args.threads,
                    eval_batched=args.one_eval == "batched").resolved()
    t0 = time.perf_counter()
    fed = build_federation(cfg)
    split_s = time.perf_counter() - t0
    with tempfile.TemporaryDirectory() as tmp:
        eng = build_engine(cfg, fed, tmp)
        threads = apply_threads(cfg, eng, fed)
        marks: list[float] = []

        class Clock(Callback):
            def on_round_end(self, engine, state, record):  # type: ignore[no-untyped-def]
                marks.append(time.perf_counter())

        start = time.perf_counter()
        state = eng.run([Clock()])
    rounds = [a - b for a, b in zip(marks, [start] + marks[:-1])]
    participants = eng.participation.sample_clients(2)
    samples = sum(fed.clients[c].num_train for c in participants)
    steps = sum(-(-fed.clients[c].num_train // cfg.batch_size) for c in participants)
    print(json.dumps({
        "model": cfg.model, "clients": n, "fraction": frac, "store": cfg.store, "partition": partition, "threads": threads,
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "split_seconds": round(split_s, 2), "round2_seconds": round(rounds[1], 3), "last_round_seconds": round(rounds[-1], 3),
        "median_round_seconds": round(statistics.median(rounds[:-1]), 4), "eval_clients": evaluated,
        "participants": len(participants), "steps_per_round": steps, "samples_per_round": samples,
        "final_acc_mean": round(state.history[-1]["acc_mean"], 4), "eval": args.one_eval,
        "final_acc_mean_exact": state.history[-1]["acc_mean"], "final_loss_mean_exact": state.history[-1]["test_loss_mean"],
    }))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-dir", required=True, help="where MNIST lives")
    ap.add_argument("--models", default="mlp,cnn")
    ap.add_argument("--clients", default="100,1000,10000")
    ap.add_argument("--fractions", default="1,0.1")
    ap.add_argument("--stores", default="memory,disk")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=None, help="torch threads (default: copfl's choice for the model)")
    ap.add_argument("--cohort", type=int, default=None, help="train this many clients a round (participation cohort / clients) instead of --fractions")
    ap.add_argument("--eval-clients", type=float, default=None, help="clients evaluated on a non-final round: a fraction or a count (default: the participation)")
    ap.add_argument("--partition", default=None, help="the split for every size (default: dirichlet up to 1,000 clients, iid above)")
    ap.add_argument("--one-model", help=argparse.SUPPRESS)
    ap.add_argument("--one-clients", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--one-fraction", type=float, help=argparse.SUPPRESS)
    ap.add_argument("--eval-modes", default="one", help="one | batched | one,batched: how clients are evaluated (--eval-batched); both: side by side")
    ap.add_argument("--one-store", help=argparse.SUPPRESS)
    ap.add_argument("--one-eval", default="one", help=argparse.SUPPRESS)
    args = ap.parse_args()
    modes = args.eval_modes.split(",")
    if not modes or any(m not in ("one", "batched") for m in modes):
        ap.error(f"--eval-modes {args.eval_modes!r}: expected one, batched or one,batched")
    if args.rounds < 3:
        ap.error("--rounds must be >= 3 (round 2 is the one timed)")
    if args.cohort is not None and args.cohort < 1:
        ap.error(f"--cohort must be >= 1, got {args.cohort}")
    if args.one_model:
        one(args)
        return
    env = {**os.environ, "OMP_WAIT_POLICY": os.environ.get("OMP_WAIT_POLICY", "PASSIVE")}  # as the copfl command sets it
    runs = []
    for model in args.models.split(","):
        for store in args.stores.split(","):
            for frac_arg in (["cohort"] if args.cohort else args.fractions.split(",")):
                for n, mode in ((int(c), m) for c in args.clients.split(",") for m in modes):
                    frac = min(1.0, args.cohort / n) if args.cohort else float(frac_arg)
                    cmd = [sys.executable, __file__, "--data-dir", args.data_dir, "--rounds", str(args.rounds), "--one-model", model,
                           "--one-clients", str(n), "--one-fraction", str(frac), "--one-store", store, "--one-eval", mode]
                    cmd += ["--eval-clients", str(args.eval_clients)] if args.eval_clients is not None else []
                    cmd += ["--partition", args.partition] if args.partition else []
                    cmd += ["--threads", str(args.threads)] if args.threads else []
                    res = subprocess.run(cmd, capture_output=True, text=True, env=env)
                    if res.returncode != 0:
                        raise SystemExit(f"{' '.join(cmd)} failed:\n{res.stderr}")
                    runs.append(json.loads(res.stdout.strip().splitlines()[-1]))
                    print(json.dumps(runs[-1]), file=sys.stderr, flush=True)
    out: dict[str, object] = {"runs": runs}
    if len(modes) == 2:
        out["batched_vs_one"] = {
            f"{a['model']}/{a['store']}/{a['clients']}/{a['fraction']:g}": {
                "final_round": round(b["last_round_seconds"] / a["last_round_seconds"], 3),
                "median_round": round(b["median_round_seconds"] / a["median_round_seconds"], 3),
                "same_accuracy": a["final_acc_mean_exact"] == b["final_acc_mean_exact"],
                "same_loss": a["final_loss_mean_exact"] == b["final_loss_mean_exact"],
            }
            for a in runs if a["eval"] == "one"
            for b in runs if b["eval"] == "batched" and all(a[k] == b[k] for k in ("model", "store", "clients", "fraction"))
        }
        runs = [r for r in runs if r["eval"] == modes[0]]  # the ratios below: the first mode's runs
    if args.cohort:  # issue 40: the most clients against the fewest, the same cohort and evaluated sample
        fewest, most = min(r["clients"] for r in runs), max(r["clients"] for r in runs)
        out["ratio_vs_fewest"] = {
            f"{m}/{st} {most} vs {fewest}": {
                "median_round": round(b["median_round_seconds"] / a["median_round_seconds"], 3),
                "peak_rss": round(b["peak_rss_mib"] / a["peak_rss_mib"], 3),
            }
            for m in args.models.split(",") for st in args.stores.split(",")
            for a in runs if (a["model"], a["store"], a["clients"]) == (m, st, fewest)
            for b in runs if (b["model"], b["store"], b["clients"]) == (m, st, most)
        }
        print(json.dumps(out))
        return
    by = {(r["model"], r["store"], r["fraction"], r["clients"]): r for r in runs}
    ratios = {}
    for (model, store, frac, n), r in by.items():
        small = by.get((model, store, frac, 1000))
        if n == 10000 and small is not None:
            ratios[f"{model}/{store}/{frac:g}"] = round(r["round2_seconds"] / small["round2_seconds"], 3)
    out["ratio_10000_vs_1000"] = ratios
    out["peak_rss_mib_10000_at_10pct"] = {f"{r['model']}/{r['store']}": r["peak_rss_mib"] for r in runs if r["clients"] == 10000 and r["fraction"] == 0.1}
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
