"""The result columns: every figure a table of runs shows, named once.

A :class:`Column` says where its value lives in a run's ``summary.json`` (a section and a key,
or a reader of its own), how it is written in a table, and whether it is averaged over seeds.
``copfl table`` (:data:`RUN_TABLE`), ``copfl compare``'s table (:data:`COMPARE_TABLE`), the
multi-seed tables and aggregates (:data:`SEEDS_TABLE`, :func:`seed_figures`) and the
reproductions' run figures (:mod:`copfl.reproduce.cell_results`) all read their figures through
:data:`COLUMNS`, so a figure is added, renamed or written differently in one place.

Accuracies are personalized accuracies (each client's own model on its own test data), the
unweighted mean over clients unless the column says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

KINDS = ("text", "count", "percent", "points", "loss", "weight", "bytes", "seconds")


@dataclass(frozen=True)
class Column:
    """One result column: ``key`` (its name in ``--sort`` and in code), ``header`` (in tables),
    where its value is (``section`` of summary.json and ``field`` in it; no section: a
    top-level field; ``read``: a reader of its own), its ``kind`` (how it is written:
    :data:`KINDS`), and whether it is one of the figures averaged over seeds (``aggregated``)."""

    key: str
    header: str
    section: str | None
    field: str
    kind: str
    aggregated: bool = False
    read: Callable[[dict[str, Any]], Any] | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"column {self.key!r}: kind {self.kind!r}, expected one of {', '.join(KINDS)}")

    def get(self, summary: dict[str, Any]) -> Any:
        """The column's value in ``summary`` (a summary.json's content); None when it has none."""
        if self.read is not None:
            return self.read(summary)
        if self.section is None:
            return summary.get(self.field)
        return (summary.get(self.section) or {}).get(self.field)

    def text(self, value: Any) -> str:
        """``value`` as a table writes it ("-" for None)."""
        if value is None:
            return "-"
        if self.kind == "percent":
            return f"{100 * value:.2f}%"
        if self.kind == "points":
            return f"{100 * value:+.2f}"
        if self.kind == "loss":
            return f"{value:.4f}"
        if self.kind == "weight":
            return f"{value:.3f}"
        if self.kind == "bytes":
            return f"{value / 1e6:.2f} MB"
        if self.kind == "seconds" or isinstance(value, float) and self.kind != "text":
            return f"{value:.1f}"
        return str(value)

    def spread_text(self, figure: dict[str, Any] | None) -> str:
        """An aggregated figure (``{"mean", "std", "n"}`` over seeds) as ``mean ± std``, in
        accuracy points for accuracies; "-" without one."""
        if not figure:
            return "-"
        scale = 100.0 if self.kind in ("percent", "points") else 1.0
        return f"{scale * figure['mean']:.2f} ± {scale * figure['std']:.2f}"


def _traffic(summary: dict[str, Any]) -> Any:
    comm = summary.get("communication")
    return None if not comm else comm["bytes_up_total"] + comm["bytes_down_total"]


def _seconds(summary: dict[str, Any]) -> Any:
    timing = summary.get("timing") or {}
    return timing.get("seconds_total", timing.get("seconds"))


# The order of the aggregated ones is the order of their figures in seeds.json and compare.json.
COLUMNS: tuple[Column, ...] = (
    Column("algorithm", "algorithm", None, "algorithm", "text"),
    Column("dataset", "dataset", None, "dataset", "text"),
    Column("status", "status", None, "status", "text"),
    Column("rounds", "rounds", None, "rounds_completed", "count"),
    Column("final", "final acc", "final", "acc_mean", "percent", aggregated=True),
    Column("weighted", "final acc (sample-weighted)", "final", "acc_weighted", "percent", aggregated=True),
    Column("std", "client spread (std)", "final", "acc_std", "percent", aggregated=True),
    Column("worst10", "worst 10%", "final", "acc_worst10", "percent", aggregated=True),
    Column("lowest", "lowest client", "final", "acc_min", "percent", aggregated=True),
    Column("final_round", "final round", "final", "round", "count"),
    Column("train_loss", "train loss", "final", "train_loss", "loss", aggregated=True),
    Column("best", "best-test acc", "best", "acc_mean", "percent", aggregated=True),  # the best round, picked on test data
    Column("best_round", "best round", "best", "round", "count", aggregated=True),
    Column("selected", "selected acc", "selected", "acc_mean", "percent", aggregated=True),  # at the round validation picked
    Column("selected_round", "selected round", "selected", "round", "count", aggregated=True),
    Column("selected_val", "selected validation acc", "selected", "val_acc_mean", "percent", aggregated=True),
    Column("unseen", "unseen acc", "unseen", "acc_mean", "percent", aggregated=True),  # held-out clients as newcomers
    Column("unseen_gap", "unseen gap", "unseen", "gap", "points", aggregated=True),
    Column("attacker_weight", "weight on attackers", "attack", "attacker_weight_mean", "weight"),
    Column("bytes", "bytes (up+down)", None, "communication", "bytes", read=_traffic),
    Column("seconds", "seconds", None, "timing", "seconds", read=_seconds),
)
BY_KEY = {c.key: c for c in COLUMNS}


def columns(*keys: str) -> tuple[Column, ...]:
    """The columns named ``keys``, in that order."""
    unknown = [k for k in keys if k not in BY_KEY]
    if unknown:
        raise ValueError(f"unknown result column {', '.join(map(repr, unknown))}: expected one of {', '.join(BY_KEY)}")
    return tuple(BY_KEY[k] for k in keys)


# copfl table: one row per run
RUN_TABLE = columns("algorithm", "dataset", "status", "rounds", "final", "best", "selected", "worst10", "unseen", "bytes", "seconds")
# copfl compare (one seed): one row per algorithm; the optional columns shown when a run has them
COMPARE_TABLE = columns("final", "weighted", "best", "best_round", "selected", "selected_round", "worst10", "unseen_gap", "attacker_weight",
                        "train_loss")
COMPARE_OPTIONAL = frozenset({"selected", "selected_round", "worst10", "unseen_gap", "attacker_weight"})
# copfl compare --seeds K / copfl run --seeds K: mean ± std over the completed seeds
SEEDS_TABLE = columns("final", "best", "selected", "worst10", "unseen_gap")


def seed_figures() -> tuple[tuple[str, str], ...]:
    """The figures averaged over seeds, as (section of summary.json, key)."""
    return tuple((c.section, c.field) for c in COLUMNS if c.aggregated and c.section is not None)


def shown(cols: Sequence[Column], summaries: Sequence[dict[str, Any]], optional: frozenset[str]) -> list[Column]:
    """``cols`` without the optional ones no summary has a value for."""
    return [c for c in cols if c.key not in optional or any(c.get(s) is not None for s in summaries)]
