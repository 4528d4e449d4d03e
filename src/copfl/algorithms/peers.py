"""Downloading other clients' models: the machinery pFedSV and FedFomo share.

Both keep, on the server, the latest model each client uploaded (the *model pool*, one entry
per client in the server-side store, checkpointed with the run) and let each client download
some of the others, chosen by the client's own scores of them (pFedSV's relevance vector,
FedFomo's affinities). The protocol, the same in copfl and through Flower:

1. ``client_update``: the client trains and uploads its model together with its *request*:
   every other client in its order of preference (:func:`rank_peers`: by score, ties broken
   at random with the client's seeded generator) and how many models it wants.
2. ``aggregate``: :func:`pool_put` stores each upload's model and request.
3. ``broadcast`` in the ``personalize`` phase: :func:`pool_download` sends the client the first
   ``k`` models of its request that the pool holds (a client that never uploaded is not
   available; with ``latest=False`` only this round's uploads are), with their ids and the
   availability mask.
4. ``personalize``: the client values the downloaded models on its own validation data
   (:func:`validation_accuracy`, :func:`validation_loss`) and builds its personalized model.

Steps 2 and 3 as one call each: :func:`pool_aggregate` (the uploads into the pool and the
availability masks) and :func:`download_request` (the message a client's stored request asks
for). FedFomo uses them; pFedSV's ``aggregate``/``broadcast`` do the same steps inline.
"""

from __future__ import annotations

from typing import Any

import torch

from copfl.data.clients import ClientData, holdout_split
from copfl.core.store import ClientStore
from copfl.core.train_hooks import EvalStats
from copfl.core.workspace import Workspace


def pool_checks(cfg: Any) -> list[tuple[bool, str]]:
    """The checks of the options both peer methods share (``validation``, ``holdout_fraction``,
    ``pool``, ``evaluate_model``), as ``(condition, message)`` pairs for :func:`require`."""
    return [
        (cfg.validation in ("holdout", "train"), f"validation must be 'holdout' or 'train', got {cfg.validation!r}"),
        (0.0 < cfg.holdout_fraction < 1.0, f"holdout_fraction must be in (0, 1), got {cfg.holdout_fraction}"),
        (cfg.pool in ("latest", "round"), f"pool must be 'latest' or 'round', got {cfg.pool!r}"),
        (cfg.evaluate_model in ("personalized", "local"), f"evaluate_model must be 'personalized' or 'local', got {cfg.evaluate_model!r}"),
    ]


def validation_split(ctx: Any, cfg: Any) -> tuple[ClientData, ClientData]:
    """A peer method's (training data, data its peers' models are valued on) for the client of
    ``ctx``: with ``cfg.validation == "train"`` all of its training data for both; with
    ``"holdout"`` a fixed ``cfg.holdout_fraction`` of it held out from training
    (:func:`~copfl.data.clients.holdout_split`, the same part every round)."""
    if cfg.validation == "train":
        return ctx.data, ctx.data
    return holdout_split(ctx.data, cfg.holdout_fraction, ctx.seed, ctx.client)


def rank_peers(scores: torch.Tensor, client: int, generator: torch.Generator) -> torch.Tensor:
    """Every client but ``client``, best score first; equal scores in random order (e.g. all
    zero in the first round). Returns int32 ids."""
    n = len(scores)
    noise = torch.rand(n, generator=generator, dtype=torch.float64)
    keys = [(-float(scores[j]), float(noise[j]), j) for j in range(n) if j != client]
    return torch.tensor([j for _, _, j in sorted(keys)], dtype=torch.int32)


def pool_put(store: ClientStore, client: int, params: torch.Tensor, round: int, **extra: Any) -> None:
    """Client ``client``'s latest model (and what else it sent, e.g. its request) into the pool."""
    store.put(client, {"params": params.detach().clone(), "round": round, **extra})


def available_mask(seen: torch.Tensor, fresh: torch.Tensor, client: int, latest: bool = True) -> torch.Tensor:
    """Which other clients' models can be downloaded: every client that ever uploaded
    (``latest``; stale models allowed) or only this round's uploaders."""
    avail = (seen if latest else fresh).clone()
    avail[client] = False
    return avail


def pool_download(
    store: ClientStore, request: torch.Tensor, k: int, available: torch.Tensor, dim: int, select: torch.Tensor | None = None
) -> tuple[torch.Tensor, torch.Tensor]:
    """The ids (int32) and the stacked models ``[len(ids), d]`` of the first ``k`` available
    clients in ``request`` (``dim`` = d, the models' size); ``select`` (a boolean mask) sends
    only those coordinates (pFedSV (D+C): the classifiers)."""
    ids = [int(j) for j in request.tolist() if bool(available[int(j)])][: max(k, 0)]
    rows = []
    for j in ids:
        p = store.get(j)["params"]  # type: ignore[index]
        rows.append(p[select] if select is not None else p)
    width = int(select.sum()) if select is not None else dim
    models = torch.stack(rows) if rows else torch.zeros(0, width, device=available.device)
    return torch.tensor(ids, dtype=torch.int32), models


def pool_aggregate(
    store: ClientStore, seen: torch.Tensor, uploads: list[tuple[int, dict[str, Any]]], round: int
) -> tuple[torch.Tensor, torch.Tensor]:
    """Step 2 for a round's uploads: each upload's ``params``, ``request`` and ``k`` into the
    pool (:func:`pool_put`); returns the new ``seen`` (ever uploaded) and ``fresh`` (uploaded
    this round) masks for :func:`available_mask`."""
    seen, fresh = seen.clone(), torch.zeros_like(seen)
    for c, u in uploads:
        pool_put(store, c, u["params"], round, request=u["request"], k=int(u["k"]))
        seen[c] = fresh[c] = True
    return seen, fresh


def download_request(
    store: ClientStore, seen: torch.Tensor, fresh: torch.Tensor, client: int, dim: int, latest: bool = True,
    select: torch.Tensor | None = None,
) -> dict[str, torch.Tensor]:
    """Step 3: the message for ``client``: ``ids`` and ``models`` of the first ``k`` available
    clients of the request it stored with its last upload (:func:`pool_download`), and the
    ``available`` mask. A client with nothing in the pool gets no models."""
    avail = available_mask(seen, fresh, client, latest)
    entry = store.get(client)
    if entry is None:
        width = int(select.sum()) if select is not None else dim
        return {"ids": torch.zeros(0, dtype=torch.int32), "models": torch.zeros(0, width, device=seen.device), "available": avail}
    ids, models = pool_download(store, entry["request"], int(entry["k"]), avail, dim, select)
    return {"ids": ids, "models": models, "available": avail}


VALIDATION_BATCH = 1024  # utilities are many small evaluations: larger batches are ~2x faster on a CPU


def validation_stats(ws: Workspace, params: torch.Tensor, data: ClientData) -> EvalStats:
    """Loss and accuracy of ``params`` on ``data``'s training part (a client's validation set),
    in batches of :data:`VALIDATION_BATCH` without autograd."""
    ws.load(params)
    return ws.evaluate(data.x_train, data.y_train, batch_size=max(ws.eval_batch_size, VALIDATION_BATCH))


def validation_accuracy(ws: Workspace, params: torch.Tensor, data: ClientData) -> float:
    """Accuracy of ``params`` on ``data``'s training part (a client's validation set), in
    batches of :data:`VALIDATION_BATCH` without autograd (accuracy does not depend on the
    batch size)."""
    return validation_stats(ws, params, data).accuracy


def validation_loss(ws: Workspace, params: torch.Tensor, data: ClientData) -> float:
    """Mean loss of ``params`` on ``data``'s training part (a client's validation set), in
    batches of :data:`VALIDATION_BATCH` (FedFomo's L_i)."""
    return validation_stats(ws, params, data).loss


def model_distances(own: torch.Tensor, models: torch.Tensor, p: int = 2) -> torch.Tensor:
    """L2 distance (not squared) from ``own`` to each row of ``models``, in float64; ``p=1``:
    the L1 distance instead (FedFomo's reference default).

    L2 goes row by row through one float64 buffer: the same values, bit for bit, as
    ``(models.double() - own.double()).norm(dim=1)`` (tests/test_pfedsv.py), without the two
    float64 copies of every model (10x faster for a few 1M-parameter models: their fresh pages
    cost more than the arithmetic). L1 keeps the whole-matrix form: torch sums a row of a
    matrix in another order than the row alone, so row by row would change its last bits."""
    if p not in (1, 2):
        raise ValueError(f"model distances are L1 or L2, got p={p}")
    out = torch.zeros(len(models), dtype=torch.float64, device=own.device)
    if len(models) == 0:
        return out
    if p == 1:
        return (models.double() - own.double()).abs().sum(dim=1)
    base, diff = own.double(), torch.empty(own.shape, dtype=torch.float64, device=own.device)
    for i, row in enumerate(models):
        out[i] = diff.copy_(row).sub_(base).norm()
    return out
