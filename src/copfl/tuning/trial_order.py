"""The order of a study's trials (:mod:`copfl.tuning.tuner`, and :mod:`copfl.tuning.ray_trials`'s batches):
when kills cut some short, a trial's rank is its number in a study that no kill ever cut, so a
resumed study draws the same values as an uninterrupted one; when every trial so far diverged,
the next one backs off (:func:`back_off`)."""

from __future__ import annotations

import functools
from dataclasses import dataclass
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


# when every trial so far diverged, the next one is the last one with each learning rate divided by this
BACK_OFF = 10.0


def back_off(trials: list[Any], space: dict[str, Any]) -> dict[str, Any] | None:
    """The next trial's values when every finished trial of a study diverged and none waits or
    runs: the last diverged trial's values with every learning-rate knob of ``space`` (``lr``,
    ``*_lr``) divided by :data:`BACK_OFF`, at least its range's low end. None otherwise, or when
    no rate can go lower, or those values already ran. (The sampler alone needs several more
    diverging trials to learn that the rates are too high; a time budget may not hold them.)"""
    import optuna

    states = optuna.trial.TrialState
    if any(t.state in (states.COMPLETE, states.WAITING, states.RUNNING) for t in trials):
        return None
    diverged = [t for t in trials if t.state == states.PRUNED and "diverged" in t.user_attrs]
    if not diverged:
        return None
    values = dict(diverged[-1].params)
    for k, v in values.items():
        knob = space.get(k)
        if knob is not None and knob.kind == "float" and (k == "lr" or k.endswith("_lr")):
            values[k] = max(knob.low, v / BACK_OFF)
    if values == diverged[-1].params or any(t.params == values for t in trials):
        return None
    return values


@functools.cache
def ranked_hyperband() -> Any:
    """Optuna's HyperbandPruner class with brackets drawn by trial rank (below)."""
    import optuna

    class RankedHyperband(optuna.pruners.HyperbandPruner):
        """Optuna's Hyperband with each trial's bracket drawn from its rank among the trials
        not cut short (:func:`trial_rank`) instead of its number: the retry of a trial cut
        short lands in the bracket the trial had, later trials in the brackets they would have
        had, and the trials cut short (their rungs half-climbed) compete in none."""

        ranks: dict[int, int | None] = {}  # trial number -> rank (None: cut short)

        def _rank(self, study: Any, number: int) -> int | None:
            if number not in self.ranks:  # a trial new since the last count
                self.ranks = trial_ranks(study._storage.get_all_trials(study._study_id, deepcopy=False))
            return self.ranks.get(number)

        def prune(self, study: Any, trial: Any) -> bool:
            self.ranks = {}  # counted afresh: a trial may have been cut since
            return bool(super().prune(study, trial))

        def _get_bracket_id(self, study: Any, trial: Any) -> int:
            rank = self._rank(study, trial.number)
            if rank is None:
                return -1  # a trial cut short: in no bracket
            return int(super()._get_bracket_id(study, _Numbered(rank)))

    return RankedHyperband


@dataclass(frozen=True)
class _Numbered:
    number: int
