"""The order of a study's trials when kills cut some short (:mod:`copfl.tune`, and
:mod:`copfl.parallel_tune`'s batches): a trial's rank is its number in a study that no kill ever
cut, so a resumed study draws the same values as an uninterrupted one."""

from __future__ import annotations

from typing import Any


def is_cut(t: Any) -> bool:
    """A trial cut short (killed or interrupted; :func:`requeue_cut_trials` runs it again)."""
    import optuna

    return t.state == optuna.trial.TrialState.FAIL and bool(t.user_attrs.get("interrupted"))


def trial_ranks(trials: list[Any]) -> dict[int, int | None]:
    """Each trial's number -> its rank among the trials not cut short (None for one cut
    short): its number in a study that no kill ever cut. A trial that failed with an error
    keeps its place, so the next one draws other values."""
    alive = sorted(t.number for t in trials if not is_cut(t))
    return {**{t.number: None for t in trials}, **{n: i for i, n in enumerate(alive)}}


def trial_rank(study: Any) -> int:
    """The rank (:func:`trial_ranks`) of the study's next trial."""
    return sum(r is not None for r in trial_ranks(study.get_trials(deepcopy=False)).values())
