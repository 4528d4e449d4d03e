"""Seconds per FedAvg round on the CO-PFL CIFAR-10 protocol against the bare compute floor.

Protocol: 10 clients x 2 classes x 50 training samples, 100 test samples per class, the
FedAvg CNN, batch 32, one local epoch, SGD, evaluation of every client every round.

The floor does the same number of forward/backward/optimizer steps and evaluation forwards
in a bare loop with no federated machinery:
* ``floor_naive``: the textbook loop (torch.optim.SGD over model.parameters(), zero_grad,
  evaluation in batches of 32 under torch.no_grad);
* ``floor_lean``: the same steps with evaluation in one batch per client under
  torch.inference_mode;
* ``floor_same_layout``: the lean loop with the model and batches in channels-last memory
  format, as copfl's workspace uses for convolutional models: round / this floor is the
  engine's own overhead over identical compute.
Engine rounds and floor rounds are interleaved and the medians compared, so machine noise
hits both alike. Prints one JSON object.

    python benchmarks/round_time.py [--data-dir DIR] [--rounds 10]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import numpy as np
import torch
import torch.nn.functional as F

from copfl.data.sources.dataset import ArrayDataset, DataNotFoundError
from copfl.data.sources.registry import load_dataset
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.core.models import ModelSpec, build_model


def synthetic_cifar() -> ArrayDataset:
    rng = np.random.default_rng(0)
    x = rng.integers(0, 256, (5000, 32, 32, 3), dtype=np.uint8)
    xt = rng.integers(0, 256, (2000, 32, 32, 3), dtype=np.uint8)
    return ArrayDataset("cifar10", x, np.repeat(np.arange(10), 500), xt, np.repeat(np.arange(10), 200), tuple("0123456789"), "synthetic")


def floor_round(model, clients, batch_size: int, lr: float, momentum: float, g: torch.Generator, lean: bool, cl: bool = False) -> None:
    fmt = torch.channels_last if cl else torch.contiguous_format
    for c in clients:
        opt = torch.optim.SGD(model.parameters(), lr=lr, momentum=momentum)
        model.train()
        order = torch.randperm(c.num_train, generator=g)
        for s in range(0, c.num_train, batch_size):
            idx = order[s : s + batch_size]
            opt.zero_grad()
            F.cross_entropy(model(c.x_train[idx].contiguous(memory_format=fmt)), c.y_train[idx]).backward()
            opt.step()
    model.eval()
    if lean:
        with torch.inference_mode():
            for c in clients:
                (model(c.x_test.contiguous(memory_format=fmt)).argmax(1) == c.y_test).sum().item()
    else:
        with torch.no_grad():
            for c in clients:
                for s in range(0, c.num_test, batch_size):
                    (model(c.x_test[s : s + batch_size]).argmax(1) == c.y_test[s : s + batch_size]).sum().item()


def protocol_setup(doc: str, default_rounds: int) -> tuple[argparse.Namespace, ArrayDataset]:
    """Command-line arguments shared by the round benchmarks, and CIFAR-10 (or synthetic data
    of the same shape when no copy is found: timing does not depend on pixel values)."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", default=None)
    ap.add_argument("--rounds", type=int, default=default_rounds, help="timed rounds")
    ap.add_argument("--threads", type=int, default=None)
    args = ap.parse_args()
    if args.threads:
        torch.set_num_threads(args.threads)
    try:
        return args, load_dataset("cifar10", args.data_dir)
    except DataNotFoundError:
        return args, synthetic_cifar()


def interleaved_medians(fns: dict, repeats: int, warmup: int = 1) -> dict[str, float]:
    """Median seconds of each function, the functions interleaved so that machine noise hits
    them alike."""
    for fn in fns.values():
        for _ in range(warmup):
            fn()
    times: dict[str, list[float]] = {k: [] for k in fns}
    for _ in range(repeats):
        for k, fn in fns.items():
            t = time.perf_counter()
            fn()
            times[k].append(time.perf_counter() - t)
    return {k: statistics.median(v) for k, v in times.items()}


def main() -> None:
    args, ds = protocol_setup(__doc__, 10)
    cfg = RunConfig(
        algorithm="fedavg", dataset="cifar10", clients=10, classes_per_client=2, samples_per_class=50,
        test_samples_per_class=100, model="cnn", rounds=10_000, local_epochs=1, batch_size=32,
        optimizer="sgd", lr=0.01, momentum=0.5, eval_every=1, seed=0,
    ).resolved()
    fed = build_federation(cfg, ds)
    engine = build_engine(cfg, fed)
    state = engine.new_state()
    model = build_model("cnn", ModelSpec(ds.input_shape, ds.num_classes))
    g = torch.Generator().manual_seed(0)

    def engine_round() -> None:
        engine.run_round(state)

    def naive() -> None:
        floor_round(model, fed.clients, cfg.batch_size, cfg.lr, cfg.momentum, g, lean=False)

    def lean() -> None:
        floor_round(model, fed.clients, cfg.batch_size, cfg.lr, cfg.momentum, g, lean=True)

    model_cl = build_model("cnn", ModelSpec(ds.input_shape, ds.num_classes)).to(memory_format=torch.channels_last)

    def same_layout() -> None:
        floor_round(model_cl, fed.clients, cfg.batch_size, cfg.lr, cfg.momentum, g, lean=True, cl=True)

    fns = {"round": engine_round, "floor_naive": naive, "floor_lean": lean, "floor_same_layout": same_layout}
    med = interleaved_medians(fns, args.rounds, warmup=2)
    steps = sum(-(-c.num_train // cfg.batch_size) for c in fed.clients)
    print(
        json.dumps(
            {
                "benchmark": "round_time",
                "data": ds.source if ds.source == "synthetic" else "cifar10",
                "threads": torch.get_num_threads(),
                "rounds_timed": args.rounds,
                "train_steps_per_round": steps,
                "eval_samples_per_round": sum(c.num_test for c in fed.clients),
                "round_s": round(med["round"], 4),
                "floor_naive_s": round(med["floor_naive"], 4),
                "floor_lean_s": round(med["floor_lean"], 4),
                "ratio_vs_naive_floor": round(med["round"] / med["floor_naive"], 3),
                "floor_same_layout_s": round(med["floor_same_layout"], 4),
                "ratio_vs_lean_floor": round(med["round"] / med["floor_lean"], 3),
                "ratio_vs_same_layout_floor": round(med["round"] / med["floor_same_layout"], 3),
                "target": "round_s <= 1.1 x floor_naive_s",
            }
        )
    )


if __name__ == "__main__":
    main()
