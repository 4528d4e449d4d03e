"""Seconds per DPAO-PFL round against a FedAvg round on the same split, in one run.

Protocol (DPAO-PFL Table 3, the FEMNIST "(5, 25)" setting): 10 classes, 5 classes per client,
25 training samples per class, 10 clients per round, 5 local epochs, batch 64, plain SGD at
lr 0.01, the same model for both (`cnn`, the paper's Table 2 FEMNIST CNN; `--model logreg`
for the text's logistic regression). The partial FEMNIST copy holds too few lower-case
letters for 10 clients a round, so the classes are the digits 0-9 (D11's other reading) and
20 clients, half of them sampled per round. Both run a few rounds first, so that every timed
DPAO-PFL round is decomposed, with the penalty on, and past the forced importance refreshes
of rounds 1-4; the timed rounds of the two are the same round numbers (the same clients),
interleaved, and their medians compared. No evaluation inside the timed rounds. Prints one
JSON object; the target is ratio <= 1.3.

    python benchmarks/dpao_round.py [--data-dir DIR] [--rounds 5] [--model cnn]

Without FEMNIST, synthetic data of its shape (62 classes of 28x28 images).
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


def synthetic_femnist(n_train: int = 12_000, n_test: int = 2_000) -> ArrayDataset:
    rng = np.random.default_rng(0)
    y, yt = rng.integers(0, 10, n_train), rng.integers(0, 10, n_test)
    x = rng.integers(0, 256, (n_train, 28, 28, 1), dtype=np.uint8)
    xt = rng.integers(0, 256, (n_test, 28, 28, 1), dtype=np.uint8)
    return ArrayDataset("femnist", x, y, xt, yt, tuple(str(i) for i in range(10)), "synthetic")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--rounds", type=int, default=5, help="timed rounds of each")
    ap.add_argument("--warmup-rounds", type=int, default=5, help="DPAO-PFL rounds before timing (past the decomposition start and the forced refresh rounds 1-4)")
    ap.add_argument("--model", default="cnn")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    try:
        ds = load_dataset("femnist", args.data_dir)
        classes = "0-9"
    except DataNotFoundError:
        ds, classes = synthetic_femnist(), None
    common = dict(
        dataset="femnist", classes=classes, clients=20, client_fraction=0.5, partition="label-skew", classes_per_client=5,
        samples_per_class=25, test_samples_per_class=5, model=args.model, rounds=10_000, eval_every=10_000, local_epochs=5,
        batch_size=64, optimizer="sgd", lr=0.01, momentum=0.0, seed=0, threads=args.threads,
    )
    engines, states = {}, {}
    for alg in ("dpao-pfl", "fedavg"):
        cfg = RunConfig(algorithm=alg, **common).resolved()
        engines[alg] = build_engine(cfg, build_federation(cfg, ds))
        states[alg] = engines[alg].new_state()
    for _ in range(args.warmup_rounds - 1):  # interleaved_medians runs one more of each
        for a in engines:  # both: the timed rounds are the same rounds (same clients, same stage)
            engines[a].run_round(states[a])
    fns = {a: (lambda a=a: engines[a].run_round(states[a])) for a in engines}
    med = interleaved_medians(fns, args.rounds)
    d = engines["fedavg"].ws.flat.numel
    last = {a: states[a].history[-1] for a in engines}
    print(json.dumps({
        "benchmark": "dpao_round",
        "data": "synthetic" if ds.source == "synthetic" else "femnist digits 0-9, (5, 25)",
        "model": args.model,
        "parameters": d,
        "threads": torch.get_num_threads(),
        "rounds_timed": args.rounds,
        "dpao_round_s": round(med["dpao-pfl"], 4),
        "fedavg_round_s": round(med["fedavg"], 4),
        "ratio": round(med["dpao-pfl"] / med["fedavg"], 3),
        "train_flops": {a: last[a]["train_flops"] for a in engines},
        "bytes_up": {a: last[a]["bytes_up"] for a in engines},
        "bytes_down": {a: last[a]["bytes_down"] for a in engines},
        "target": "ratio <= 1.3",
    }))


if __name__ == "__main__":
    main()
