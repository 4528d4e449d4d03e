"""Seconds per CO-PFL round on the CO-PFL CIFAR-10 protocol against its own compute floor.

Protocol: 10 clients x 2 classes x 50 training samples, 100 test samples per class, the
FedAvg CNN, batch 32, one local epoch, evaluation every round. The engine runs a few rounds
first, so that every client has a non-empty mask and does both MAMO passes.

The floor does, in a bare loop with the same memory layout (channels-last) and a fused Adam:
per client the two local passes (forward, backward, Adam step), the COWA forward pass over the
client's training data, and the evaluation forward over its test data (one batch, inference
mode). Engine and floor rounds are interleaved; medians are compared. Prints one JSON object.

    python benchmarks/copfl_round.py [--data-dir DIR] [--rounds 8]
"""

from __future__ import annotations

import json

import torch
import torch.nn.functional as F

from copfl.execution.config import RunConfig
from copfl.execution.experiment import build_engine
from copfl.execution.federation import build_federation
from copfl.core.models import ModelSpec, build_model

from round_time import interleaved_medians, protocol_setup


def floor_round(model, opt, clients, batch_size: int, g: torch.Generator) -> None:
    cl = torch.channels_last
    for c in clients:
        model.train()
        for _ in range(2):  # personalized pass, shared pass
            order = torch.randperm(c.num_train, generator=g)
            for s in range(0, c.num_train, batch_size):
                idx = order[s : s + batch_size]
                opt.zero_grad()
                F.cross_entropy(model(c.x_train[idx].contiguous(memory_format=cl)), c.y_train[idx]).backward()
                opt.step()
        model.eval()
        with torch.inference_mode():
            F.cross_entropy(model(c.x_train.contiguous(memory_format=cl)), c.y_train).item()  # COWA prediction score
    with torch.inference_mode():
        for c in clients:
            (model(c.x_test.contiguous(memory_format=cl)).argmax(1) == c.y_test).sum().item()


def main() -> None:
    args, ds = protocol_setup(__doc__, 8)
    cfg = RunConfig(
        algorithm="co-pfl", dataset="cifar10", clients=10, classes_per_client=2, samples_per_class=50,
        test_samples_per_class=100, model="cnn", rounds=10_000, local_epochs=1, batch_size=32, eval_every=1, seed=0,
    ).resolved()
    fed = build_federation(cfg, ds)
    engine = build_engine(cfg, fed)
    state = engine.new_state()
    for _ in range(2):  # masks become non-empty after round 1
        engine.run_round(state)
    model = build_model("cnn", ModelSpec(ds.input_shape, ds.num_classes)).to(memory_format=torch.channels_last)
    opt = torch.optim.Adam(model.parameters(), lr=cfg.lr, fused=True)
    g = torch.Generator().manual_seed(0)
    fns = {"round": lambda: engine.run_round(state), "floor": lambda: floor_round(model, opt, fed.clients, cfg.batch_size, g)}
    med = interleaved_medians(fns, args.rounds)
    last = state.history[-1]
    print(json.dumps({
        "benchmark": "copfl_round",
        "data": "synthetic" if ds.source == "synthetic" else "cifar10",
        "threads": torch.get_num_threads(),
        "rounds_timed": args.rounds,
        "mask_fraction_mean": round(last["mask_fraction_mean"], 3),
        "round_s": round(med["round"], 4),
        "floor_s": round(med["floor"], 4),
        "ratio": round(med["round"] / med["floor"], 3),
        "target": "ratio <= 1.15",
    }))


if __name__ == "__main__":
    main()
