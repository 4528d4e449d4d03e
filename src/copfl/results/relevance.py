"""Who finds whom relevant: clients' relevance vectors against the split's ground truth.

pFedSV's Fig. 7 shows, after convergence, each client's relevance vector over the others
beside the ground-truth matrix (which clients share a label). Algorithms that keep such scores
(pFedSV's relevance, FedFomo's affinities) log them per client as ``relevance`` (a list over
all clients); this module turns the latest logged vectors into a matrix, builds the ground
truth from the clients' training labels, and measures how well they agree.
"""

from __future__ import annotations

from typing import Any

import numpy as np


def latest_relevance(history: list[dict[str, Any]], num_clients: int, key: str = "relevance") -> np.ndarray:
    """``[n, n]``: row i = client i's most recently logged vector (NaN for a client that never
    logged one)."""
    out = np.full((num_clients, num_clients), np.nan)
    for rec in history:
        pc = rec.get("per_client") or {}
        if key not in pc:
            continue
        for c, vec in zip(pc["client"], pc[key]):
            if vec is not None:
                out[c] = np.asarray(vec, dtype=float)
    return out


def label_overlap(labels: list[np.ndarray]) -> np.ndarray:
    """``[n, n]``: the number of labels clients i and j both hold in their training data
    (the diagonal: each client's own number of labels)."""
    sets = [set(np.unique(np.asarray(y)).tolist()) for y in labels]
    n = len(sets)
    return np.array([[len(sets[i] & sets[j]) for j in range(n)] for i in range(n)], dtype=float)


def relevance_agreement(rel: np.ndarray, overlap: np.ndarray) -> dict[str, Any]:
    """How the clients' positive relevance matches the label overlap (self excluded):

    * ``precision``: of the others a client scores positively, the share that hold one of its
      labels (pooled over clients);
    * ``recall``: of the others that hold one of its labels, the share it scores positively;
    * ``clients_exact``: clients whose positively scored others are exactly the label sharers;
    * ``clients_positive_only_on_sharers``: clients that give positive relevance to nobody who
      shares no label (and to someone).
    """
    n = len(rel)
    tp = fp = fn = exact = only = rows = 0
    for i in range(n):
        if np.isnan(rel[i]).all():
            continue
        rows += 1
        others = np.arange(n) != i
        pos = (np.nan_to_num(rel[i]) > 0) & others
        share = (overlap[i] > 0) & others
        tp += int((pos & share).sum())
        fp += int((pos & ~share).sum())
        fn += int((~pos & share).sum())
        exact += int(np.array_equal(pos, share))
        only += int(pos.any() and not (pos & ~share).any())
    return {
        "clients": rows,
        "precision": tp / (tp + fp) if tp + fp else None,
        "recall": tp / (tp + fn) if tp + fn else None,
        "clients_exact": exact,
        "clients_positive_only_on_sharers": only,
        **top_k_agreement(rel, overlap),
    }


def top_k_agreement(rel: np.ndarray, overlap: np.ndarray) -> dict[str, float | None]:
    """Rank agreement, blind to the scores' sign and scale (FedFomo's affinities end negative
    for everyone once a client's own model is the best on its data): for each client with k
    label sharers, the share of sharers among the k others it scores highest (a tie at the
    k-th score is split in expectation), pooled over clients (``top_k_hits``); beside it what a
    random order gets, k / (n - 1) per client (``top_k_chance``)."""
    n = len(rel)
    hits = chance = total = 0.0
    for i in range(n):
        if np.isnan(rel[i]).all():
            continue
        others = np.arange(n) != i
        score, share = np.nan_to_num(rel[i][others], nan=-np.inf), overlap[i][others] > 0
        k = int(share.sum())
        if k == 0:
            continue
        t = np.sort(score)[::-1][k - 1]  # the k-th highest score
        above, at = score > t, score == t
        hits += (share & above).sum() + (k - above.sum()) * (share & at).sum() / at.sum()
        chance += k * k / (n - 1)
        total += k
    return {"top_k_hits": hits / total if total else None, "top_k_chance": chance / total if total else None}


def matrix_json(a: Any) -> list[list[float | None]]:
    """A matrix for JSON: NaN (a client that logged nothing) as null."""
    return [[None if v != v else float(v) for v in row] for row in a.tolist()]
