"""What run-folder integrity costs a round (issue 35's bound: under 1% of a round).

On the CO-PFL CIFAR-10 protocol (10 clients x 2 classes x 50 samples, the FedAvg CNN; synthetic
images of CIFAR's shape unless --data-dir holds CIFAR-10), in one process:

* ``round_seconds``: the median FedAvg and CO-PFL round (training, aggregation, evaluation);
* per round: the divergence rule (``DivergenceRule.check``) and, for CO-PFL's and
  FedSelect's mask growth, the explicit top-k tie rule against numpy's bare argpartition on
  the CNN's largest weight tensor and on the whole parameter vector, in its worst case (most
  entries tied at the k-th value; ``masks._top_k_indices``);
* per run: taking the folder's lock, the identity hash and clearing an old run's folder.

Each cost is reported in seconds and as a fraction of the round it rides on. Prints one JSON
object.

    python benchmarks/integrity_overhead.py [--data-dir DIR] [--rounds 5]
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np
import torch

from copfl.core import masks

from copfl.execution import runfolder
from copfl.data.sources.dataset import ArrayDataset, DataNotFoundError
from copfl.data.sources.registry import load_dataset
from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation


def synthetic_cifar() -> ArrayDataset:
    rng = np.random.default_rng(0)
    x = rng.integers(0, 256, (5000, 32, 32, 3), dtype=np.uint8)
    xt = rng.integers(0, 256, (2000, 32, 32, 3), dtype=np.uint8)
    y, yt = np.arange(5000) % 10, np.arange(2000) % 10
    return ArrayDataset("cifar10", x, y.astype(np.int64), xt, yt.astype(np.int64), tuple(map(str, range(10))), "synthetic")


def timed(fn, repeat: int) -> float:
    """Median seconds of ``fn()`` over ``repeat`` calls."""
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t0)
    return statistics.median(out)


def round_seconds(cfg: RunConfig, ds: ArrayDataset, rounds: int) -> tuple[float, object, object]:
    engine = build_engine(cfg, build_federation(cfg, ds))
    state = engine.new_state()
    engine.run_round(state)  # warm-up
    return timed(lambda: engine.run_round(state), rounds), engine, state


def bare_top_k(values: torch.Tensor, k: int) -> torch.Tensor:
    """The top-k before the tie rule: numpy's argpartition alone."""
    v = values.numpy()
    return torch.from_numpy(np.argpartition(v, v.size - k)[v.size - k :])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data-dir")
    ap.add_argument("--rounds", type=int, default=5)
    args = ap.parse_args()
    torch.set_num_threads(1)
    try:
        ds = load_dataset("cifar10", args.data_dir) if args.data_dir else synthetic_cifar()
    except DataNotFoundError:
        ds = synthetic_cifar()
    base = dict(dataset="cifar10", clients=10, classes_per_client=2, samples_per_class=50, test_samples_per_class=100, val_fraction=0.0, seed=0)
    fedavg_s, engine, state = round_seconds(RunConfig(algorithm="fedavg", **base).resolved(), ds, args.rounds)
    copfl_s, _, _ = round_seconds(RunConfig(algorithm="co-pfl", **base).resolved(), ds, args.rounds)

    record = dict(state.history[-1])
    diverge_s = timed(lambda: engine.config.divergence.check(state.history, record), 2000)

    flat = torch.cat([p.detach().reshape(-1) for p in engine.ws.model.parameters()])
    largest = max((p.detach().reshape(-1) for p in engine.ws.model.parameters()), key=lambda t: t.numel())
    gen = torch.Generator().manual_seed(0)
    topk = {}
    for name, vec in (("largest_tensor", largest), ("all_parameters", flat)):
        # the worst case for the tie rule: 90% exact zeros (weights of inputs that never vary), so
        # the k-th largest value is 0 and the tie rule picks among the zeros
        delta = (torch.rand(vec.numel(), generator=gen) * (torch.rand(vec.numel(), generator=gen) > 0.9)).abs()
        k = int(0.25 * vec.numel())
        tie_rule = timed(lambda: masks._top_k_indices(delta, k), 20)
        bare = timed(lambda: bare_top_k(delta, k), 20)
        topk[name] = {"entries": vec.numel(), "k": k, "seconds_tie_rule": tie_rule, "seconds_bare": bare, "extra_seconds": tie_rule - bare}
    cfg = RunConfig(algorithm="fedavg", **base).resolved()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "run"

        def per_run() -> None:
            with runfolder.hold(folder):
                runfolder.prepare(folder, cfg)
                runfolder.run_id(cfg)

        per_run_s = timed(per_run, 50)
    # CO-PFL grows every tensor's mask once a round at most: the whole parameter vector bounds it
    grow_extra = topk["all_parameters"]["extra_seconds"]
    out = {
        "protocol": "CO-PFL CIFAR-10: 10 clients x 2 classes x 50, FedAvg CNN, 1 thread",
        "data": ds.source,
        "round_seconds": {"fedavg": fedavg_s, "co-pfl": copfl_s},
        "per_round": {
            "divergence_rule_seconds": diverge_s,
            "divergence_rule_fraction_of_fedavg_round": diverge_s / fedavg_s,
            "top_k_tie_rule": topk,
            "tie_rule_bound_fraction_of_copfl_round": grow_extra / copfl_s,
        },
        "per_run": {"lock_identity_clear_seconds": per_run_s, "fraction_of_one_fedavg_round": per_run_s / fedavg_s},
    }
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
