"""Every registered algorithm at the speed of its own arithmetic: a cost table (issue 41).

Protocol (the CO-PFL CIFAR-10 one, as benchmarks/round_time.py): 10 clients x 2 classes x 50
training samples, 100 test samples per class, the FedAvg CNN, batch 32, one local epoch,
every client trained and evaluated every round, one torch thread, each algorithm at its
defaults. All algorithms run one after another in this one process (one data load), each for
``--rounds`` rounds (default 4); the first round of each is a warm-up (kernel choice,
FLOP-count caches) and is left out of the figures.

The reference is paired: one FedAvg run stays open for the whole process and runs
``--reference-rounds`` rounds (default 2) before the first algorithm and after every one. An
algorithm is compared with the median of the FedAvg rounds just before and just after it, so
the machine's drift over the minutes of the table (a shared 2-core VM: 10-15% from one
minute to the next) cancels out. FedAvg itself is also measured as an algorithm (its own
run), and every ratio is taken over FedAvg's own: rows of the same work as FedAvg's, such as
FedBN, Local or FedProx, show the method's noise.

Per algorithm:
* ``seconds_per_round``: the median wall time of the timed rounds (engine.run_round:
  training, aggregation, personalization, evaluation);
* ``reference_seconds``: the median FedAvg round around it;
* ``ratio_to_reference``: ``seconds_per_round`` over ``reference_seconds``;
* ``ratio_to_fedavg``: that over FedAvg's own ``ratio_to_reference`` (a fresh run's rounds are
  slower than the long-running reference's, for FedAvg as for everyone: this takes it out);
* ``gflop_per_round``: copfl's counted work per round, ``train_flops + server_flops +
  eval_flops`` (copfl.core.flops conventions: training samples x 6 x forward MACs, head-only
  epochs at the head's cost, the server's declared work, every forward pass without autograd
  x 2 x forward MACs), and each part;
* ``efficiency``: seconds per counted GFLOP over the reference's (1.0 = FedAvg's speed per
  unit of counted work; above 1: time the count does not explain).

Prints one JSON object. ``--markdown FILE`` also writes the table as markdown (what
docs/performance.md shows, beside PFLlib's published relative costs).

    python benchmarks/cost_table.py --data-dir DIR [--rounds 4] [--reference-rounds 2] [--algorithms a,b] [--markdown F]
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import sys
import time
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from round_time import synthetic_cifar  # noqa: E402

from copfl.algorithms.base import algorithm_names  # noqa: E402
from copfl.data.sources.dataset import DataNotFoundError
from copfl.data.sources.registry import load_dataset  # noqa: E402
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation  # noqa: E402

# PFLlib's published per-round cost relative to FedAvg (its README's table: GPU, ResNet-18,
# Tiny-ImageNet, 20 clients): only the shape of the comparison carries over to copfl's protocol
PFLLIB_RATIO = {"ditto": 7.4, "pfedme": 6.4, "fedrep": 2.6, "apfl": 1.7, "fedala": 1.2, "gpfl": 1.4, "feddbe": 1.0}
EFFICIENCY_TARGET = 1.3  # issue 41: every algorithm's efficiency within 1.3x FedAvg's


def protocol(algorithm: str, rounds: int) -> RunConfig:
    return RunConfig(
        algorithm=algorithm, dataset="cifar10", clients=10, classes_per_client=2, samples_per_class=50,
        test_samples_per_class=100, model="cnn", rounds=rounds, local_epochs=1, batch_size=32,
        eval_every=1, seed=0, threads=1,
    ).resolved()


def timed_rounds(engine, state, rounds: int) -> tuple[list[float], list[dict]]:
    seconds, records = [], []
    for _ in range(rounds):
        t = time.perf_counter()
        records.append(engine.run_round(state))
        seconds.append(time.perf_counter() - t)
    return seconds, records


class Reference:
    """One FedAvg run open for the whole table: a few of its rounds between algorithms."""

    def __init__(self, ds, rounds: int) -> None:
        cfg = protocol("fedavg", 10**6)
        self.engine = build_engine(cfg, build_federation(cfg, ds))
        self.state = self.engine.new_state()
        self.rounds = rounds
        _, recs = timed_rounds(self.engine, self.state, 2)  # warm-up (allocator, oneDNN's kernel choices), discarded
        self.gflop = sum(recs[-1].get(k, 0) for k in ("train_flops", "server_flops", "eval_flops")) / 1e9
        self.all: list[float] = []

    def measure(self) -> list[float]:
        seconds, _ = timed_rounds(self.engine, self.state, self.rounds)
        self.all += seconds
        return seconds


def measure(algorithm: str, ds, rounds: int) -> dict:
    cfg = protocol(algorithm, rounds)
    engine = build_engine(cfg, build_federation(cfg, ds))
    seconds, records = timed_rounds(engine, engine.new_state(), rounds)
    engine.close()
    timed, recs = seconds[1:], records[1:]
    parts = {k: statistics.mean(r.get(k, 0) for r in recs) / 1e9 for k in ("train_flops", "server_flops", "eval_flops")}
    return {
        "algorithm": algorithm,
        "seconds_per_round": statistics.median(timed),
        "rounds_timed": len(timed),
        "gflop_per_round": sum(parts.values()),
        "train_gflop": parts["train_flops"],
        "server_gflop": parts["server_flops"],
        "eval_gflop": parts["eval_flops"],
    }


def table(rows: list[dict], reference_gflop: float) -> list[dict]:
    """Each row against its own reference rounds (``reference_seconds``: the machine's drift
    out), then over FedAvg's own row measured the same way (a fresh run's rounds against the
    long-running reference's: measured 1.07-1.09, the same for every fresh run), so that FedAvg
    is 1.00 and each figure compares like with like. ``ratio_to_reference`` keeps the first."""
    for r in rows:
        r["ratio_to_reference"] = r["seconds_per_round"] / r["reference_seconds"]
    own = next((r["ratio_to_reference"] for r in rows if r["algorithm"] == "fedavg"), 1.0)
    fedavg_gflop = next((r["gflop_per_round"] for r in rows if r["algorithm"] == "fedavg"), reference_gflop)
    for r in rows:
        r["ratio_to_fedavg"] = r["ratio_to_reference"] / own
        r["efficiency"] = r["ratio_to_fedavg"] * fedavg_gflop / r["gflop_per_round"] if r["gflop_per_round"] else None
        r["efficiency_ok"] = r["efficiency"] is not None and r["efficiency"] <= EFFICIENCY_TARGET
        if r["algorithm"] in PFLLIB_RATIO:
            r["pfllib_ratio"] = PFLLIB_RATIO[r["algorithm"]]
            r["at_or_below_pfllib"] = r["ratio_to_fedavg"] <= PFLLIB_RATIO[r["algorithm"]]
    return rows


def markdown(rows: list[dict]) -> str:
    head = ("| algorithm | s / round | FedAvg around it | x FedAvg | GFLOP / round (train + server + eval) | efficiency (s/GFLOP, x FedAvg's) "
            "| within 1.3x | PFLlib x FedAvg |\n|---|---:|---:|---:|---:|---:|:-:|---:|\n")
    lines = []
    for r in sorted(rows, key=lambda r: r["ratio_to_fedavg"]):
        eff = "n/a" if r["efficiency"] is None else f"{r['efficiency']:.2f}"
        pf = f"{r['pfllib_ratio']:.1f} ({'at or below' if r['at_or_below_pfllib'] else 'above'})" if "pfllib_ratio" in r else ""
        lines.append(
            f"| {r['algorithm']} | {r['seconds_per_round']:.2f} | {r['reference_seconds']:.2f} | {r['ratio_to_fedavg']:.2f} | "
            f"{r['gflop_per_round']:.1f} ({r['train_gflop']:.1f} + {r['server_gflop']:.1f} + {r['eval_gflop']:.1f}) | "
            f"{eff} | {'yes' if r['efficiency_ok'] else 'no'} | {pf} |"
        )
    return head + "\n".join(lines) + "\n"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", default=None, help="a folder with CIFAR-10 (else synthetic data of its shape: timing does not depend on pixels)")
    ap.add_argument("--rounds", type=int, default=4, help="rounds per algorithm, the first a warm-up (default 4)")
    ap.add_argument("--reference-rounds", type=int, default=2, help="FedAvg reference rounds before the first algorithm and after each (default 2)")
    ap.add_argument("--algorithms", default=None, help="comma-separated (default: every registered algorithm)")
    ap.add_argument("--markdown", default=None, help="also write the table as markdown to this file")
    args = ap.parse_args()
    if args.rounds < 2:
        ap.error(f"--rounds must be >= 2 (the first is a warm-up), got {args.rounds}")
    if args.reference_rounds < 1:
        ap.error(f"--reference-rounds must be >= 1, got {args.reference_rounds}")
    torch.set_num_threads(1)
    try:
        ds = load_dataset("cifar10", args.data_dir)
    except DataNotFoundError:
        ds = synthetic_cifar()
    names = args.algorithms.split(",") if args.algorithms else algorithm_names()
    unknown = sorted(set(names) - set(algorithm_names()))
    if unknown:
        ap.error(f"unknown algorithm(s) {', '.join(unknown)}; expected some of: {', '.join(algorithm_names())}")
    names = ["fedavg"] + [n for n in names if n != "fedavg"]  # FedAvg's own run first: the method's noise
    ref = Reference(ds, args.reference_rounds)
    before = ref.measure()
    rows = []
    for i, name in enumerate(names, 1):
        t = time.perf_counter()
        row = measure(name, ds, args.rounds)
        gc.collect()
        after = ref.measure()
        row["reference_seconds"] = statistics.median(before + after)
        before = after
        rows.append(row)
        print(f"[{i}/{len(names)}] {name}: {row['seconds_per_round']:.2f} s/round, FedAvg around it {row['reference_seconds']:.2f} "
              f"({time.perf_counter() - t:.0f} s)", file=sys.stderr)
    ref.engine.close()
    rows = table(rows, ref.gflop)
    spread = {"median": statistics.median(ref.all), "min": min(ref.all), "max": max(ref.all), "rounds": len(ref.all)}
    out = {"protocol": "CO-PFL CIFAR-10: 10 clients x 100 samples, FedAvg CNN, batch 32, 1 thread",
           "data": ds.source if hasattr(ds, "source") else None, "rounds": args.rounds, "reference_seconds": spread, "rows": rows,
           "efficiency_target": EFFICIENCY_TARGET}
    if args.markdown:
        Path(args.markdown).write_text(markdown(rows))
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
