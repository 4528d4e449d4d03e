"""A round's evaluation figures, computed when the engine closes an evaluation round: each
client's measurements (:class:`ClientMetrics`), their means over clients, weighted and not, the
fairness figures, the held-out newcomers' figures and the attackers' apart
(:func:`evaluation_figures`). The run's summary (:mod:`copfl.results.summary`) reads the
history these make."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class ClientMetrics:
    client: int
    accuracy: float
    loss: float
    num_test: int
    num_train: int
    # on the client's validation data (``--val-fraction``; None without one)
    val_accuracy: float | None = None
    val_loss: float | None = None
    num_val: int = 0


def worst_fraction_mean(values: np.ndarray, fraction: float = 0.1) -> float:
    """The mean of the lowest ``fraction`` of ``values``: the ceil(fraction x n) smallest (at
    least one; of 5 clients the worst 10% is the single worst, of 25 the 3 worst)."""
    k = max(1, math.ceil(fraction * len(values) - 1e-9))
    return float(np.sort(values)[:k].mean())


def fairness(acc: np.ndarray) -> dict[str, float]:
    """How the clients left behind fare: the population std of the clients' accuracies
    (``acc_std``, over these clients, ddof 0), the mean of the worst 10% (``acc_worst10``,
    :func:`worst_fraction_mean`) and the lowest (``acc_min``)."""
    return {"acc_std": float(acc.std()), "acc_worst10": worst_fraction_mean(acc), "acc_min": float(acc.min())}


def summarize_clients(clients: list[ClientMetrics]) -> dict[str, float]:
    """Unweighted means over clients and test-sample-weighted means, the fairness figures
    (:func:`fairness`) and, when the clients have validation data, its unweighted means."""
    n = np.array([c.num_test for c in clients], dtype=np.float64)
    acc = np.array([c.accuracy for c in clients])
    loss = np.array([c.loss for c in clients])
    out = {
        "acc_mean": float(acc.mean()),
        "acc_weighted": float((acc * n).sum() / n.sum()),
        "test_loss_mean": float(loss.mean()),
        "test_loss_weighted": float((loss * n).sum() / n.sum()),
        **fairness(acc),
    }
    val = [c for c in clients if c.val_accuracy is not None]
    if val:
        out["val_acc_mean"] = float(np.mean([c.val_accuracy for c in val]))
        out["val_loss_mean"] = float(np.mean([c.val_loss for c in val]))
        nv = np.array([c.num_val or 0 for c in val], dtype=np.float64)
        if nv.sum() > 0:  # the clients' validation samples pooled: every sample counts once (copfl tune's objective)
            out["val_acc_weighted"] = float((np.array([c.val_accuracy for c in val]) * nv).sum() / nv.sum())
    return out


def summarize_unseen(unseen: list[ClientMetrics], participating_acc_mean: float | None) -> dict[str, float]:
    """The held-out clients' figures on an evaluation round: their mean accuracy as newcomers
    (``unseen_acc_mean``), their fairness figures and the participation gap
    (``unseen_gap`` = unseen mean minus the participating clients' mean, pFL-Bench's)."""
    acc = np.array([c.accuracy for c in unseen])
    out = {"unseen_acc_mean": float(acc.mean()), "unseen_acc_min": float(acc.min())}
    if participating_acc_mean is not None:
        out["unseen_gap"] = out["unseen_acc_mean"] - participating_acc_mean
    return out


def evaluation_figures(
    clients: list[ClientMetrics] | None, unseen: list[ClientMetrics] | None, adversaries: list[int] | tuple[int, ...] = (), participating: int | None = None
) -> dict[str, Any]:
    """A round's evaluation figures for its record: the honest clients' summaries
    (:func:`summarize_clients`; adversaries, e.g. attackers, apart as ``attacker_acc_mean``),
    how many clients were evaluated when not all ``participating`` ones, and the held-out
    newcomers' figures (:func:`summarize_unseen`). Empty without an evaluation."""
    out: dict[str, Any] = {}
    if clients is not None:
        bad = set(adversaries)
        honest = [m for m in clients if m.client not in bad]
        out.update(summarize_clients(honest or clients))  # attackers apart
        if bad and not honest:  # an evaluation sample (eval_clients < 1) of attackers only: said so
            out["honest_evaluated"] = 0
        bad_acc = [m.accuracy for m in clients if m.client in bad]
        if bad_acc:
            out["attacker_acc_mean"] = float(np.mean(bad_acc))
        if participating is not None and len(clients) != participating:  # a sample of the clients (eval_clients < 1)
            out["clients_evaluated"] = len(clients)
    if unseen:
        out.update(summarize_unseen(unseen, out.get("acc_mean")))
    return out
