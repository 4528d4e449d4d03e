"""A copfl plugin: FedAvgM, FedAvg with server momentum (Hsu, Qi and Brown, "Measuring the Effects
of Non-Identical Data Distribution for Federated Visual Classification", 2019).

The server treats the clients' average as a step: pseudo-gradient d = w - avg(w_n), velocity
v = beta * v + d, new model w - eta * v. With beta = 0 and eta = 1 this is FedAvg, bit for bit.

Importing this file only registers the algorithm ``example-fedavgm``; use it from the command line

    copfl run --plugin examples/plugin_algorithm.py --algorithm example-fedavgm --server-momentum 0.5
    copfl tune --plugin examples/plugin_algorithm.py --algorithms example-fedavgm --trials 10

or from Python: ``copfl.load_plugin("examples/plugin_algorithm.py")``, then
``copfl.run(algorithm="example-fedavgm", server_momentum=0.5)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch

from copfl.algorithms.base import Algorithm, ClientResult, register, require, weights_by_samples
from copfl.algorithms.search_space import log_float, sgd_space, uniform


@dataclass(frozen=True)
class FedAvgMConfig:
    """Every field is a CLI flag (--server-lr, --server-momentum) and a TOML key."""

    server_lr: float = 1.0  # eta: the server's step on the pseudo-gradient
    server_momentum: float = 0.9  # beta: the server's momentum (Hsu et al. try 0.7 to 0.997)

    def __post_init__(self) -> None:
        require([
            (self.server_lr > 0, f"server_lr must be > 0, got {self.server_lr}"),
            (0 <= self.server_momentum < 1, f"server_momentum must be in [0, 1), got {self.server_momentum}"),
        ])


def server_momentum_step(w: torch.Tensor, avg: torch.Tensor, velocity: torch.Tensor, lr: float, beta: float):
    """One server step: d = w - avg, v' = beta v + d, w' = w - lr v'. Returns (w', v')."""
    velocity = beta * velocity + (w - avg)
    return w - lr * velocity, velocity


@register
class FedAvgM(Algorithm):
    """FedAvg whose server steps with momentum on the average update."""

    name = "example-fedavgm"
    description = "FedAvgM (Hsu et al., 2019): FedAvg with server momentum (an example plugin)"
    Config = FedAvgMConfig
    # what `copfl tune` searches: the shared optimizer knobs and the server's two
    search_space = {
        **sgd_space(paper_momentum=0.0),
        "server_lr": log_float(0.1, 3.0, paper=1.0),
        "server_momentum": uniform(0.0, 0.95, paper=0.9),
    }

    def init_server(self, init):
        return {"w": init.clone(), "v": torch.zeros_like(init)}

    def broadcast(self, sctx, server, client):
        return {"w": server["w"]}  # the same tensor for everyone: no copy

    def client_update(self, ctx, message, state):
        stats = ctx.train(message["w"])  # the run's epochs, batches and optimizer
        return ClientResult({"w": ctx.workspace.params.clone(), "num_samples": ctx.data.num_train}, state, stats)

    def aggregate(self, sctx, server, uploads):
        avg = self.combine([u["w"] for _, u in uploads], weights_by_samples(uploads), [c for c, _ in uploads])
        w, v = server_momentum_step(server["w"], avg, server["v"], self.config.server_lr, self.config.server_momentum)
        return {"w": w, "v": v}, {"server_velocity_norm": float(v.norm())}

    def personalized(self, ctx, message, state):
        return message["w"]
