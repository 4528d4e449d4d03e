"""Shapley values of a cooperative game, exactly or by Monte-Carlo permutation sampling.

pFedSV (Wu et al., eqs. 2-3 and Algorithm 2) values each member of a client's coalition by its
Shapley value::

    SV_i = 1/|N|! * sum over permutations pi of [v(P_pi(i) + {i}) - v(P_pi(i))]          (2)
         = sum over S in N minus {i} of |S|! (|N| - |S| - 1)! / |N|! * [v(S + {i}) - v(S)] (3)

with ``P_pi(i)`` the players strictly before ``i`` in ``pi`` (A3) and ``v(empty)`` given (0 in
the paper, A4). A utility call (pFedSV: average the members' models, one pass over the
client's validation data) is what costs, so :class:`MemoUtility` evaluates each member set at
most once and counts the evaluations. The exact value needs every one of the 2^n - 1
non-empty coalitions; Algorithm 2 samples R permutations (R = 3n in the paper), n marginals
each. :func:`shapley_values` takes the exact route whenever it needs no more utility calls than
the R x n marginals of Monte-Carlo (n <= 7 players at R = 3n), as the estimator ``auto``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import factorial

import torch

ESTIMATORS = ("auto", "exact", "monte-carlo")


class MemoUtility:
    """``v(members)`` for a frozenset of players, each set evaluated at most once."""

    def __init__(self, fn: Callable[[frozenset[int]], float], empty: float = 0.0) -> None:
        self.fn = fn
        self.empty = empty
        self.memo: dict[frozenset[int], float] = {}
        self.calls = 0  # requests, memo hits included

    def __call__(self, members: frozenset[int]) -> float:
        self.calls += 1
        if not members:
            return self.empty
        if members not in self.memo:
            self.memo[members] = float(self.fn(members))
        return self.memo[members]

    @property
    def evaluations(self) -> int:
        """Distinct coalitions evaluated (what costs)."""
        return len(self.memo)


def exact_shapley(players: Sequence[int], v: Callable[[frozenset[int]], float]) -> dict[int, float]:
    """Eq. (3): the weighted sum of marginals over every subset of the other players."""
    n = len(players)
    weight = [factorial(s) * factorial(n - s - 1) / factorial(n) for s in range(n)]
    out: dict[int, float] = {}
    for i in players:
        others = [p for p in players if p != i]
        total = 0.0
        for mask in range(1 << len(others)):
            s = frozenset(o for b, o in enumerate(others) if mask >> b & 1)
            total += weight[len(s)] * (v(s | {i}) - v(s))
        out[i] = total
    return out


def monte_carlo_shapley(
    players: Sequence[int], v: Callable[[frozenset[int]], float], permutations: int, generator: torch.Generator
) -> dict[int, float]:
    """Algorithm 2: the mean over ``permutations`` random permutations of each player's
    marginal contribution to the players before it."""
    if permutations < 1:
        raise ValueError(f"Monte-Carlo Shapley values need >= 1 permutation, got {permutations}")
    players = list(players)
    sums = dict.fromkeys(players, 0.0)
    for _ in range(permutations):
        order = torch.randperm(len(players), generator=generator).tolist()
        prefix: frozenset[int] = frozenset()
        before = v(prefix)
        for idx in order:
            p = players[idx]
            after = v(prefix | {p})
            sums[p] += after - before
            prefix, before = prefix | {p}, after
    return {p: s / permutations for p, s in sums.items()}


@dataclass
class ShapleyResult:
    values: dict[int, float]
    estimator: str  # "exact" | "monte-carlo"
    evaluations: int  # distinct coalitions whose utility was computed


def exact_cost(n: int) -> int:
    """Utility evaluations of the exact Shapley values of n players: every non-empty coalition."""
    return (1 << n) - 1


def shapley_values(
    players: Sequence[int],
    utility: Callable[[frozenset[int]], float],
    *,
    estimator: str = "auto",
    permutations: int | None = None,
    generator: torch.Generator | None = None,
    empty: float = 0.0,
) -> ShapleyResult:
    """Shapley values of ``players`` under ``utility`` (memoized). ``permutations`` defaults to
    3 x the number of players (the paper's R = 3|S|). ``auto`` computes them exactly when that
    costs no more utility evaluations than Monte-Carlo's R x n marginals, else samples."""
    if estimator not in ESTIMATORS:
        raise ValueError(f"unknown Shapley estimator {estimator!r}; expected one of {', '.join(ESTIMATORS)}")
    n = len(players)
    if n == 0:
        return ShapleyResult({}, "exact", 0)
    r = 3 * n if permutations is None else permutations
    v = MemoUtility(utility, empty)
    if estimator == "exact" or (estimator == "auto" and exact_cost(n) <= r * n):
        return ShapleyResult(exact_shapley(players, v), "exact", v.evaluations)
    if generator is None:
        raise ValueError("Monte-Carlo Shapley values need a seeded generator")
    return ShapleyResult(monte_carlo_shapley(players, v, r, generator), "monte-carlo", v.evaluations)
