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
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys


def one(args: argparse.Namespace) -> None:
    """One run in this process; prints its figures as JSON."""
    import resource
    import tempfile
    import time

    from copfl.config import RunConfig
    from copfl.engine import Callback
    from copfl.experiment import apply_threads, build_engine, build_federation

    n, frac = args.one_clients, args.one_fraction
    partition = "dirichlet" if n <= 1000 else "iid"
    cfg = RunConfig(algorithm="fedavg", dataset="mnist", data_dir=args.data_dir, clients=n, partition=partition, alpha=1.0, model=args.one_model,
                    rounds=args.rounds, client_fraction=frac, eval_clients=frac, store=args.one_store, seed=0).resolved()
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
    participants = eng.sample_clients(2)
    samples = sum(fed.clients[c].num_train for c in participants)
    steps = sum(-(-fed.clients[c].num_train // cfg.batch_size) for c in participants)
    print(json.dumps({
        "model": cfg.model, "clients": n, "fraction": frac, "store": cfg.store, "partition": partition, "threads": threads,
        "peak_rss_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "split_seconds": round(split_s, 2), "round2_seconds": round(rounds[1], 3), "last_round_seconds": round(rounds[-1], 3),
        "participants": len(participants), "steps_per_round": steps, "samples_per_round": samples,
        "final_acc_mean": round(state.history[-1]["acc_mean"], 4),
    }))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--data-dir", required=True, help="where MNIST lives")
    ap.add_argument("--models", default="mlp,cnn")
    ap.add_argument("--clients", default="100,1000,10000")
    ap.add_argument("--fractions", default="1,0.1")
    ap.add_argument("--stores", default="memory,disk")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--one-model", help=argparse.SUPPRESS)
    ap.add_argument("--one-clients", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--one-fraction", type=float, help=argparse.SUPPRESS)
    ap.add_argument("--one-store", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.rounds < 3:
        ap.error("--rounds must be >= 3 (round 2 is the one timed)")
    if args.one_model:
        one(args)
        return
    env = {**os.environ, "OMP_WAIT_POLICY": os.environ.get("OMP_WAIT_POLICY", "PASSIVE")}  # as the copfl command sets it
    runs = []
    for model in args.models.split(","):
        for store in args.stores.split(","):
            for frac in (float(f) for f in args.fractions.split(",")):
                for n in (int(c) for c in args.clients.split(",")):
                    cmd = [sys.executable, __file__, "--data-dir", args.data_dir, "--rounds", str(args.rounds), "--one-model", model,
                           "--one-clients", str(n), "--one-fraction", str(frac), "--one-store", store]
                    res = subprocess.run(cmd, capture_output=True, text=True, env=env)
                    if res.returncode != 0:
                        raise SystemExit(f"{' '.join(cmd)} failed:\n{res.stderr}")
                    runs.append(json.loads(res.stdout.strip().splitlines()[-1]))
                    print(json.dumps(runs[-1]), file=sys.stderr, flush=True)
    out: dict[str, object] = {"runs": runs}
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
