"""Do subnormal (denormal) floats slow any algorithm down, and does flushing them change results?

For every registered algorithm: a run of ``--rounds`` rounds on ``--dataset`` (digits by
default) with ``torch.set_flush_denormal`` off and on, interleaved ``--repeats`` times in this
one process (the machine is noisy: compare within a line, not across runs), the median
seconds per round of each, whether both give bit-identical metrics, and the number of
subnormal values among the float32 outputs of every tensor operation of one further run
(counted with a dispatch mode; values of uninitialised ``torch.empty`` buffers are left out).
Prints one JSON object.

    python benchmarks/denormals.py [--rounds 5] [--repeats 3] [--threads 1] [--algorithms a,b]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import torch

from copfl.algorithms.base import algorithm_names
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.runtime import subnormal_counter


def run(cfg: RunConfig, fed, flush: bool) -> tuple[float, list[dict]]:
    torch.set_flush_denormal(flush)
    try:
        engine = build_engine(cfg, fed)
        state = engine.new_state()
        t0 = time.perf_counter()
        for _ in range(cfg.rounds):
            engine.run_round(state)
        return (time.perf_counter() - t0) / cfg.rounds, state.history
    finally:
        torch.set_flush_denormal(False)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--dataset", default="digits")
    p.add_argument("--data-dir")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--repeats", type=int, default=3)
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--algorithms", help="comma-separated (default: every registered algorithm)")
    args = p.parse_args()
    torch.set_num_threads(args.threads)
    names = args.algorithms.split(",") if args.algorithms else algorithm_names()
    out: dict[str, dict] = {}
    for name in names:
        cfg = RunConfig(algorithm=name, dataset=args.dataset, data_dir=args.data_dir, rounds=args.rounds, seed=0).resolved()
        fed = build_federation(cfg)
        run(cfg, fed, False)  # warm-up (first-use costs of the process and of this algorithm)
        times: dict[bool, list[float]] = {False: [], True: []}
        histories: dict[bool, list[dict]] = {}
        for _ in range(args.repeats):
            for flush in (False, True):
                s, histories[flush] = run(cfg, fed, flush)
                times[flush].append(s)
        counter = subnormal_counter()
        with counter:
            run(cfg, fed, False)
        off, on = statistics.median(times[False]), statistics.median(times[True])
        strip = lambda h: [{k: v for k, v in r.items() if "seconds" not in k} for r in h]  # noqa: E731
        out[name] = {
            "round_s_no_flush": round(off, 4),
            "round_s_flush": round(on, 4),
            "ratio_no_flush_over_flush": round(off / on, 3),
            "identical_metrics": strip(histories[False]) == strip(histories[True]),
            "subnormal_outputs": sum(counter.counts.values()),
            "subnormal_ops": dict(sorted(counter.counts.items(), key=lambda kv: -kv[1])[:5]),
        }
    print(json.dumps({"dataset": args.dataset, "rounds": args.rounds, "threads": args.threads, "algorithms": out}, indent=1))


if __name__ == "__main__":
    main()
