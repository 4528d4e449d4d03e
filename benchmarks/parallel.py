"""Rounds per second with the clients on Ray workers (``--workers N``) against one process, beside
the machine's own ceiling for running N single-thread processes at once (issue 40).

Problem: MNIST, 20 clients (Dirichlet 0.5, each client's training data capped at
``--train-per-client``), the FedAvg CNN, batch 32, one local epoch, evaluation of every client
every round, one torch thread per client (``--threads 1``). For each algorithm the runs at
``--workers 1`` and ``--workers N`` go side by side in one process (Ray's start and the workers'
first round are measured apart: ``ray_start_s``); a round's time is the median of the rounds
after the first. ``ceiling``: the throughput of N single-thread processes multiplying matrices
at once over one such process (a shared or hyper-threaded machine gives less than N).
``efficiency`` = speedup / ceiling (the median of 3 such measurements). With ``--workload-ceiling`` also the algorithm's own
ceiling: N copies of its one-process run at once (N processes, no Ray) against one alone
(``workload_ceiling``: N x a round alone / a round of the copies), and ``workload_efficiency``
= speedup / that. Where it is below ``ceiling``, the clients' work itself slows down when the
cores are all busy (memory bandwidth, caches), whatever runs it. Prints one JSON object.

    python benchmarks/parallel.py --data-dir ../shared/data [--quick] [--workers 2] [--workload-ceiling]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import statistics
import time
from typing import Any


def _matmul_rate(seconds: float, q: Any, start: Any) -> None:
    import torch

    torch.set_num_threads(1)
    a, b = torch.randn(256, 256), torch.randn(256, 256)
    start.wait()  # every process measures the same window (a process still importing torch would leave the others alone)
    n, end = 0, time.perf_counter() + seconds
    while time.perf_counter() < end:
        a @ b
        n += 1
    q.put(n / seconds)


def ceiling(n: int, seconds: float, repeats: int = 3) -> float:
    """Throughput of ``n`` single-thread matrix-multiply processes at once / one process: the
    median of ``repeats`` such ratios, each measured alone-then-together, the processes starting
    their windows together once all have started (before, the processes' windows overlapped only
    in part, and 2 processes on 2 cores came out anywhere from 1.85 to 2.23)."""
    ctx = mp.get_context("spawn")

    def together(k: int) -> float:
        q, start = ctx.Queue(), ctx.Barrier(k)
        ps = [ctx.Process(target=_matmul_rate, args=(seconds, q, start)) for _ in range(k)]
        for p in ps:
            p.start()
        rates = [q.get() for _ in ps]
        for p in ps:
            p.join()
        return sum(rates)

    return statistics.median(together(n) / together(1) for _ in range(repeats))


def round_seconds(cfg: Any) -> tuple[float, float, list[float], float]:
    """(median seconds of the rounds after the first, seconds of engine build + first round,
    every round's seconds, seconds from the last round's end to the run's: the workers' kept
    states pulled into the driver's store) of one run."""
    from copfl.engine.loop import Callback
    from copfl.execution.experiment import apply_threads, build_engine
    from copfl.execution.federation import build_federation

    fed = build_federation(cfg)
    marks = [time.perf_counter()]

    class Clock(Callback):
        def on_round_end(self, engine: Any, state: Any, record: dict[str, Any]) -> None:
            marks.append(time.perf_counter())

        def on_run_end(self, engine: Any, state: Any) -> None:
            ends.append(time.perf_counter())

    ends: list[float] = []
    t0 = time.perf_counter()
    engine = build_engine(cfg, fed)
    apply_threads(cfg, engine, fed)  # --threads 1 in this process too, as `copfl run` does
    try:
        marks[0] = time.perf_counter()
        engine.run([Clock()])
    finally:
        engine.close()
    rounds = [b - a for a, b in zip(marks, marks[1:])]
    return statistics.median(rounds[1:]), marks[0] - t0 + rounds[0], rounds, ends[0] - marks[-1]


def _copy_round(cfg: dict[str, Any], q: Any) -> None:
    from copfl.execution.config import RunConfig

    q.put(round_seconds(RunConfig(**cfg).resolved())[0])


def workload_round(cfg: Any, n: int) -> float:
    """The mean of the median rounds of ``n`` copies of the run ``cfg`` at once, each its own process."""
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    ps = [ctx.Process(target=_copy_round, args=(dict(cfg.__dict__), q)) for _ in range(n)]
    for p in ps:
        p.start()
    rounds = [q.get() for _ in ps]
    for p in ps:
        p.join()
    return statistics.mean(rounds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", default=os.environ.get("COPFL_DATA_DIR"), help="where mnist.npz (or the IDX files) is")
    ap.add_argument("--workers", type=int, default=2, help="workers to compare with one process [2]")
    ap.add_argument("--algorithms", default="fedavg,co-pfl", help="comma-separated [fedavg,co-pfl]")
    ap.add_argument("--rounds", type=int, default=6, help="rounds per run (the first is left out of the median) [6]")
    ap.add_argument("--train-per-client", type=int, default=500, help="training samples per client [500]")
    ap.add_argument("--workload-ceiling", action="store_true", help="also run N copies of each one-process run at once (the work's own ceiling)")
    ap.add_argument("--quick", action="store_true", help="3 rounds, 200 samples per client, a 2-second ceiling")
    args = ap.parse_args()
    rounds, cap, secs = (3, 200, 2.0) if args.quick else (args.rounds, args.train_per_client, 5.0)

    from copfl.execution.config import RunConfig

    out: dict[str, Any] = {"benchmark": "parallel", "workers": args.workers, "cores": os.cpu_count(), "rounds": rounds,
                           "train_per_client": cap, "ceiling": round(ceiling(args.workers, secs), 3), "algorithms": {}}
    for name in args.algorithms.split(","):
        base = RunConfig(algorithm=name, dataset="mnist", partition="dirichlet", alpha=0.5, clients=20, train_per_client=cap, model="cnn",
                         rounds=rounds, threads=1, data_dir=args.data_dir, val_fraction=0.0)
        one, one_first, one_all, one_end = round_seconds(base.resolved())
        par, par_first, par_all, par_end = round_seconds(RunConfig(**{**base.__dict__, "workers": args.workers}).resolved())
        out["algorithms"][name] = {
            "round_s_workers_1": round(one, 4), f"round_s_workers_{args.workers}": round(par, 4),
            "speedup": round(one / par, 3), "efficiency": round(one / par / out["ceiling"], 3),
            "ray_start_s": round(par_first - one_first, 2), "rounds_s_1": [round(r, 3) for r in one_all],
            f"rounds_s_{args.workers}": [round(r, 3) for r in par_all],
            # the rounds after the first and the run's end together: the states the workers kept, pulled at the end, counted
            "final_sync_s": round(par_end, 3), "speedup_with_final_sync": round((sum(one_all[1:]) + one_end) / (sum(par_all[1:]) + par_end), 3),
        }
        if args.workload_ceiling:
            own = args.workers * one / workload_round(base, args.workers)
            out["algorithms"][name].update({"workload_ceiling": round(own, 3), "workload_efficiency": round(one / par / own, 3)})
    sp = [a["speedup"] for a in out["algorithms"].values()]
    out["speedup"] = round(min(sp), 3)  # the worse of the algorithms
    print(json.dumps(out))


if __name__ == "__main__":
    main()
