"""Seconds per pFedSV round against a FedAvg round on the same split, in one run.

Protocol (pFedSV Sec. 6.1): 10 clients, pathological MNIST (2 labels per client, the whole
data set), the FedAvg CNN (`cnn`), 5 local epochs, batch 32, plain SGD at lr 0.01, every
client participating, evaluation every round. pFedSV trains on 80% of each client's data
and values its coalition on the held-out 20% (its default, A7); FedAvg trains on all of it.
A few rounds run first so that pFedSV's coalitions are past their first exploration. Rounds
of the two are interleaved and medians compared. Prints one JSON object; the target is
ratio <= 1.5.

    python benchmarks/pfedsv_round.py [--data-dir DIR] [--rounds 2] [--per-client N]

``--per-client N`` keeps N training samples per client (a quicker check; the ratio is what
the paper's protocol gives only without it). Without MNIST, synthetic data of MNIST's shape.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import torch

from copfl.data.sources.dataset import ArrayDataset, DataNotFoundError
from copfl.data.sources.registry import load_dataset
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation

from round_time import interleaved_medians


def synthetic_mnist(n_train: int = 60_000, n_test: int = 10_000) -> ArrayDataset:
    rng = np.random.default_rng(0)
    y, yt = rng.integers(0, 10, n_train), rng.integers(0, 10, n_test)
    x = rng.integers(0, 256, (n_train, 28, 28, 1), dtype=np.uint8)
    xt = rng.integers(0, 256, (n_test, 28, 28, 1), dtype=np.uint8)
    return ArrayDataset("mnist", x, y, xt, yt, tuple(str(i) for i in range(10)), "synthetic")


def subset(ds: ArrayDataset, per_client: int, clients: int) -> ArrayDataset:
    rng = np.random.default_rng(0)
    keep = np.sort(rng.choice(len(ds.y_train), size=min(len(ds.y_train), per_client * clients), replace=False))
    keep_t = np.sort(rng.choice(len(ds.y_test), size=min(len(ds.y_test), max(per_client // 6, 10) * clients), replace=False))
    return ArrayDataset(ds.name, ds.x_train[keep], ds.y_train[keep], ds.x_test[keep_t], ds.y_test[keep_t], ds.classes, ds.source)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--rounds", type=int, default=2, help="timed rounds of each")
    ap.add_argument("--warmup-rounds", type=int, default=2, help="pFedSV rounds before timing")
    ap.add_argument("--per-client", type=int, default=None, help="training samples per client (default: the whole data set)")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    try:
        ds = load_dataset("mnist", args.data_dir)
    except DataNotFoundError:
        ds = synthetic_mnist()
    if args.per_client:
        ds = subset(ds, args.per_client, 10)
    common = dict(
        dataset="mnist", clients=10, partition="pathological", classes_per_client=2, model="cnn", rounds=10_000,
        local_epochs=5, batch_size=32, optimizer="sgd", lr=0.01, momentum=0.0, eval_every=1, seed=0, threads=args.threads,
    )
    engines, states = {}, {}
    for alg in ("pfedsv", "fedavg"):
        cfg = RunConfig(algorithm=alg, **common).resolved()
        fed = build_federation(cfg, ds)
        engines[alg] = build_engine(cfg, fed)
        states[alg] = engines[alg].new_state()
    for _ in range(args.warmup_rounds - 1):  # interleaved_medians runs one more of each
        engines["pfedsv"].run_round(states["pfedsv"])
    fns = {a: (lambda a=a: engines[a].run_round(states[a])) for a in engines}
    med = interleaved_medians(fns, args.rounds)
    last = states["pfedsv"].history[-1]["per_client"]
    print(json.dumps({
        "benchmark": "pfedsv_round",
        "data": "synthetic" if ds.source == "synthetic" else "mnist",
        "per_client": args.per_client or "all",
        "threads": torch.get_num_threads(),
        "rounds_timed": args.rounds,
        "pfedsv_round_s": round(med["pfedsv"], 3),
        "fedavg_round_s": round(med["fedavg"], 3),
        "ratio": round(med["pfedsv"] / med["fedavg"], 3),
        "downloaded_mean": round(float(np.mean(last["downloaded"])), 2),
        "utility_evaluations_per_client": round(float(np.mean(last["utility_evaluations"])), 1),
        "estimators": sorted(set(last["estimator"])),
        "target": "ratio <= 1.5",
    }))


if __name__ == "__main__":
    main()
