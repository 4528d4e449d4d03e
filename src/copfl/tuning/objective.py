"""What a tuning trial is judged by: the study's objective (the mean pooled
validation accuracy of the last rounds, or the best round's), the trial reporter that feeds it
to Optuna round by round, the test figure it estimates, and the one-standard-error rule that
keeps a default setting the validation data cannot tell from the best.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from typing import Any

from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import RunState


def validation_noise(val_acc: float, n_val: int) -> float:
    """The standard error of a pooled validation accuracy ``val_acc`` measured on ``n_val``
    samples (binomial: sqrt(p (1 - p) / n)), the margin of :func:`keeps_default`."""
    if n_val < 1:
        return 0.0
    p = min(max(val_acc, 0.0), 1.0)
    return math.sqrt(p * (1.0 - p) / n_val)


def keeps_default(best_val: float | None, default_val: float | None, n_val: int) -> bool:
    """The one-standard-error rule: a tuned setting replaces the default only when
    its validation objective beats the default's by more than the validation accuracy's
    standard error (:func:`validation_noise`); within that the two are not told apart by the
    validation data, and the default, set without this problem's data, is kept. True when the
    default is kept (always when it scored best; never when its score is unknown)."""
    if best_val is None or default_val is None:
        return False
    return best_val - default_val <= validation_noise(default_val, n_val)


def confirms_tuned(tuned_vals: list[float], default_vals: list[float]) -> bool:
    """The confirmation rule: after the final runs, a tuned row keeps its own runs
    only when their validation objective (each seed's last rounds' pooled validation accuracy,
    :func:`last_window_mean` of ``val_acc_weighted``), averaged over the seeds, is above the
    default row's on the same seeds. The study chose the tuned setting on one seed's split; the
    final runs of the other seeds are fresh validation data (compare leaves the tuning seed out
    where there are others: copfl.app.comparison.confirming_seeds), no test data. True when the default has
    no validation figure (it diverged before one), False when the tuned row has none."""
    if not default_vals:
        return True
    if not tuned_vals:
        return False
    return sum(tuned_vals) / len(tuned_vals) > sum(default_vals) / len(default_vals)


# ----------------------------------------------------------------------------- a trial
# The objective of a study (recorded on the study when it starts, so that a study continues
# with the objective it began with; a study saved before the choice existed is "peak"):
# - "last": the mean, over the last quarter of the evaluated rounds (at least one), of the
#   round's validation accuracy pooled over the clients' validation samples (each sample counts
#   once: ``val_acc_weighted``); the pruner sees the same mean over the rounds so far. A setting
#   is judged by where it ends, not by one lucky round of a small validation set.
# - "peak": the best round's mean client validation accuracy (copfl's objective before the confirmation rule).
OBJECTIVES = ("last", "peak")
OBJECTIVE = "last"
OBJECTIVE_WORDS = {  # each objective as the help and tune.md say it
    "last": "the validation accuracy (pooled over the clients' validation samples) averaged over the last quarter of the "
            "evaluated rounds",
    "peak": "the best per-round mean client validation accuracy (ties: lower validation loss)",
}


def objective_window(evaluations: int) -> int:
    """How many of a trial's last evaluated rounds the "last" objective averages: a quarter of
    them, at least one (20 rounds evaluated: the last 5)."""
    return max(1, math.ceil(evaluations / 4))


def evaluations(rounds: int, eval_every: int) -> int:
    """How many rounds of a run are evaluated (every ``eval_every``-th, and the last)."""
    return rounds // eval_every + (1 if rounds % eval_every else 0)


class TrialReporter(Callback):
    """Reports each evaluated round's validation figure to the trial (the round's mean client
    accuracy for a "peak" study; the mean of the last ``window`` rounds' pooled accuracy for a
    "last" study), prunes when the pruner says so, and keeps the best round (by accuracy, then
    lower loss)."""

    def __init__(self, trial: Any, mlflow: Any = None, progress: Callable[[str], None] | None = None, every: float = 10.0,
                 objective: str = "peak", window: int = 1) -> None:
        if objective not in OBJECTIVES:
            raise ValueError(f"objective {objective!r}: expected one of {', '.join(OBJECTIVES)}")
        self.trial = trial
        self.mlflow = mlflow  # with --mlflow: the trial's nested run is active
        self.progress = progress  # a line every ``every`` seconds of a long trial
        self.every = every
        self.objective = objective
        self.window = window
        self.last = time.perf_counter()
        self.best: tuple[float, float, int] | None = None  # (val acc, -val loss, round)
        self.pooled: list[tuple[float, float]] = []  # each evaluated round's (pooled val acc, val loss)

    def on_round_end(self, engine: Engine, state: RunState, record: dict[str, Any]) -> None:
        self.report(record, engine.config.rounds)

    def last_mean(self) -> tuple[float, float]:
        """The mean pooled validation accuracy and mean loss of the last ``window`` evaluated rounds so far."""
        tail = self.pooled[-self.window:]
        return sum(a for a, _ in tail) / len(tail), sum(loss for _, loss in tail) / len(tail)

    def report(self, record: dict[str, Any], rounds: int) -> None:
        """One round's record: reported to the trial; :class:`optuna.TrialPruned` when the
        pruner stops it."""
        import optuna

        if "val_acc_mean" not in record:
            return
        acc, loss = float(record["val_acc_mean"]), float(record["val_loss_mean"])
        key = (acc, -loss, -record["round"])
        if self.best is None or key > (self.best[0], self.best[1], -self.best[2]):
            self.best = (acc, -loss, record["round"])
        self.pooled.append((float(record.get("val_acc_weighted", acc)), loss))
        self.trial.report(acc if self.objective == "peak" else self.last_mean()[0], record["round"])
        if self.progress is not None and time.perf_counter() - self.last >= self.every:
            self.last = time.perf_counter()
            self.progress(f"  trial {self.trial.number}: round {record['round']}/{rounds}, validation accuracy {acc:.4f}")
        if self.mlflow is not None:
            self.mlflow.log_metrics({"val_acc_mean": acc, "val_loss_mean": loss}, step=int(record["round"]))
        if self.trial.should_prune():
            raise optuna.TrialPruned(f"pruned at round {record['round']} (validation accuracy {acc:.4f})")

    def finish(self, who: str, rounds_run: int) -> float:
        """A completed trial: its validation loss (the best round's, or the last rounds' mean),
        its best round and the rounds it ran recorded on it; its objective."""
        if self.best is None:
            raise RuntimeError(f"{who}: no evaluated round reported a validation accuracy")
        acc, neg_loss, rnd = self.best
        if self.objective == "last":
            acc, loss = self.last_mean()
            neg_loss = -loss
            self.trial.set_user_attr("window", min(self.window, len(self.pooled)))
        self.trial.set_user_attr("val_loss", -neg_loss)
        self.trial.set_user_attr("round", rnd)
        self.trial.set_user_attr("rounds_run", rounds_run)
        return acc


def last_window_mean(history: list[dict[str, Any]], key: str = "acc_weighted", window: int | None = None) -> float | None:
    """The mean of ``key`` over a run's last ``window`` evaluated rounds (default: the "last"
    objective's window, a quarter of them): the test figure a "last" study's validation
    objective estimates (their difference: the validation-test gap)."""
    evals = [r[key] for r in history if key in r]
    if not evals:
        return None
    w = window or objective_window(len(evals))
    return float(sum(evals[-w:]) / len(evals[-w:]))
