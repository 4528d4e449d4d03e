"""FedAMP's attention in a finished (or checkpointed) run: how much of each client's cloud model
u_i is its own model.

FedAMP builds u_i = xi_ii w_i + sum_{j != i} xi_ij w_j from the models the server holds
(copfl/algorithms/fedamp.py). This reads a run folder's ``checkpoint.pt`` (written with
``--checkpoint-every N``) and its ``config.json``, and prints as JSON the squared distances
between the clients' latest uploads and each client's xi_ii, computed with the algorithm's own
weights (``distance_weights``, or HeurFedAMP's ``cosine_weights`` for a run with ``--attention
cosine``) at the run's alpha_k, sigma and self-attention, with the range of the weights xi_ij
the peers get. Where xi_ii is near 1, u_i is the client's own model and FedAMP's proximal term
pulls each client toward where it was, not toward its peers; where the peers' weights are all
alike, u_i is a plain average.

    python studies/fedamp_attention.py runs/expl/cifar-fedamp-cloud-cap
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import torch

from copfl.algorithms.fedamp import FedAMPConfig, attention_weights, message_passing_step
from copfl.engine.checkpoint import Checkpoint


def attention_figures(
    models: list[torch.Tensor], alpha_k: float, sigma: float, attention: str = "distance", self_attention: float | None = None,
) -> dict:
    """Pairwise squared distances of ``models`` (one flat tensor a client), each client's xi_ii
    and the range of its peers' xi_ij, under FedAMP's ``attention`` (distance or cosine)."""
    if len(models) < 2:
        raise ValueError(f"FedAMP's attention needs at least 2 clients' models, got {len(models)}")
    config = FedAMPConfig(alpha_k=alpha_k, sigma=sigma, attention=attention, self_attention=self_attention)  # checks the values
    stacked = torch.stack([m.double() for m in models])
    sq = torch.cdist(stacked, stacked) ** 2
    off = sq[~torch.eye(len(models), dtype=torch.bool)]
    own, peers = [], []
    for i, m in enumerate(models):
        xi_ii, xi = attention_weights(config, alpha_k, m, [o for j, o in enumerate(models) if j != i])
        own.append(xi_ii)
        peers.extend(xi)
    return {
        "clients": len(models),
        "attention": attention,
        "alpha_k": alpha_k,
        "sigma": sigma,
        "sq_distance": {"min": float(off.min()), "median": float(off.median()), "max": float(off.max())},
        "xi_own": {"min": min(own), "max": max(own)},
        "xi_peers": {"min": min(peers), "max": max(peers)},
        "xi_own_per_client": own,
    }


def run_figures(folder: Path) -> dict:
    """:func:`attention_figures` for the models a run's checkpoint holds, at the run's values."""
    doc = json.loads((folder / "config.json").read_text())
    algorithm = doc.get("config", {}).get("algorithm")
    if algorithm != "fedamp":
        raise ValueError(f"{folder}: a {algorithm!r} run, expected a fedamp run")
    config = FedAMPConfig(**(doc.get("algorithm_config") or {}))
    ck = Checkpoint.load(folder / "checkpoint.pt")
    if ck.manifests:
        raise ValueError(f"{folder}: the checkpoint keeps its states in a disk store; run without --store-dir to measure them")
    clients = sorted(ck.server_clients)
    models = [ck.server_clients[c]["w"] for c in clients]
    alpha_k = message_passing_step(config, len(clients))  # the run's, as FedAMP derives it
    figures = attention_figures(models, alpha_k, config.sigma, config.attention, config.self_attention)
    return {"run": str(folder), "round": ck.state.round, **figures}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("run", type=Path, help="a fedamp run folder with checkpoint.pt and config.json")
    args = p.parse_args(argv)
    try:
        print(json.dumps(run_figures(args.run), indent=2))
    except (ValueError, FileNotFoundError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
