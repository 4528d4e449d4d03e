"""Per-method hyper-parameter search on validation data (``copfl tune``), with Optuna.

For each algorithm, one Optuna study (its name: the algorithm's) in ``OUT/study.db`` (an
embedded SQLite file; ``--storage URL`` for a shared database): a TPE sampler seeded from
the run's seed and the algorithm's name, and a Hyperband (successive-halving) pruner over
rounds (from a tenth of the rounds on: :func:`min_rounds`) on the per-round mean client
*validation* accuracy. A trial is one run of the
algorithm on the run's split with the values the sampler suggests for the knobs the
algorithm declares (:mod:`copfl.algorithms.search_space`); the data are loaded once for every trial and
method.

* The objective (:mod:`copfl.tuning.objective`; ``OBJECTIVE_WORDS`` says it in words) is the
  mean validation accuracy (the validation part of each client's training data,
  ``--val-fraction``) over the last quarter of the evaluated rounds; a study begun before that
  choice keeps the best per-round ``val_acc_mean``, ties broken by the lower ``val_loss_mean``.
* No test metric is computed during a trial: the engine evaluates the validation data only,
  and every client's test tensors are sealed (:class:`copfl.engine.sealing.SealedTensor`): touching them raises
  :class:`copfl.engine.sealing.TestDataTouched`.
* A trial whose loss diverges, or that the pruner stops, is *pruned*; ``--trials N`` is the
  total of finished trials per method, so the same command again continues a killed study and
  runs nothing for a finished one (``best.json`` then stays byte-identical).
* A trial cut short (the process killed, or interrupted) is marked failed and queued again with
  its values; the retry resumes from the trial's last checkpoint (``OUT/trials/``, written at
  the end of a round once :data:`TRIAL_CHECKPOINT_SECONDS` have passed since the last one) and
  replays its rounds' reports to the pruner. Trials cut short count for nothing: the sampler's
  seed and the pruner's bracket go by a trial's rank among the trials not cut short
  (:func:`trial_rank`; the pruner is a ``RankedHyperband``), so a study cut and continued gives the trials,
  values and ``best.json`` of one run in one go.

Writes ``OUT/best.json`` ``{algorithm: {knob: value}}`` (for ``--params``), ``OUT/tune.md``
(best values, trials table, pruned count, wall time), ``OUT/tune.json`` and, per algorithm,
``OUT/<algorithm>-history.png`` and ``OUT/<algorithm>-importance.png`` (Optuna's matplotlib
visualizations).
"""

from __future__ import annotations

import glob
import math
import time
import warnings
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from copfl.algorithms.base import get_algorithm, make_config
from copfl.results.callbacks import Checkpointer
from copfl.engine.checkpoint import Checkpoint
from copfl.engine.loop import Callback, Engine
from copfl.engine.rounds import NonFiniteLossError, RunState
from copfl.execution.experiment import build_engine
from copfl.execution.federation import Federation
from copfl.execution.runfolder import run_id
from copfl.engine.sealing import seal_test_data
from copfl.algorithms.search_space import space_of
from copfl.tuning.values import apply_params
from copfl.seeding import derive_seed
from copfl.tuning.trial_order import BACK_OFF, back_off, ranked_hyperband, trial_rank
from copfl.tuning.objective import OBJECTIVE, TrialReporter, evaluations, objective_window
from copfl.tuning.study_summary import best_trial, params_text, plot_study, summarize_study, write_tune_files


# copfl.tuning.tuner's interface: its own, and what a tuning user needs from its parts (the objective:
# copfl.tuning.objective; sealed test data: copfl.engine.sealing; the trials' order: copfl.tuning.trial_order;
# the study's files: copfl.tuning.study_summary)
__all__ = ["BEST", "BUDGET_CAP", "BUDGET_GRACE", "TPE_STARTUP", "GRACE_SECONDS", "HEARTBEAT_SECONDS", "STUDY", "TRIALS", "TRIAL_CHECKPOINT_SECONDS", "TUNE_VAL_MIN", "Tuner", "check_tuning", "min_rounds", "parse_duration", "requeue_cut_trials", "run_tune", "tuning_problem"]

BEST = "best.json"
STUDY = "study.db"
TRIALS = "trials"  # OUT/trials/: the checkpoints of trials running or cut short
# A running trial is checkpointed at the end of a round once this many seconds have passed since
# its last checkpoint (or its start): a killed trial of minutes-long rounds loses one round, one
# of quick rounds at most a minute, and a quick trial writes none.
TRIAL_CHECKPOINT_SECONDS = 60.0
# A shared --storage: a trial whose process stopped sending its heartbeat for GRACE_SECONDS is
# failed (and queued again) by the next machine that starts a trial (Optuna's heartbeat).
HEARTBEAT_SECONDS = 60
GRACE_SECONDS = 300


# A tuning trial's validation part of each client's data holds at least this many samples (at
# most half the client's training data; --val-min): with --val-fraction 0.1 alone, a client of 60
# samples is judged on 6, and one mistake moves its accuracy by 17 points.
TUNE_VAL_MIN = 30
BUDGET_CAP = 1000  # the trial cap per study under --budget when --trials / --tune N does not set one
DEFAULT_TRIALS = 20  # the trials per study when neither --trials / --tune N nor --budget says
# A study whose every trial so far diverged goes on past its share of --budget until one completes,
# up to this many shares (pFedHN on Fashion-MNIST spent its 4 minutes on two diverging
# trials), its next trial the last one's with lower learning rates (copfl.tuning.trial_order.back_off)
BUDGET_GRACE = 2.0
TPE_STARTUP = 4  # random trials before TPE models the knobs jointly (the default trial and a prior's count)


def tuning_problem(cfg: Any) -> Any:
    """The problem a study tunes on: ``cfg`` with each client's validation part raised to
    :data:`TUNE_VAL_MIN` samples where it has fewer (and the client has twice as many)."""
    return replace(cfg, val_min=max(cfg.val_min, TUNE_VAL_MIN))


def parse_duration(text: str, flag: str = "--budget") -> float:
    """Seconds of a duration written ``90s``, ``30m``, ``1.5h``, ``2d`` or a plain number of seconds."""
    import re

    m = re.fullmatch(r"\s*(\d+(?:\.\d*)?|\.\d+)\s*(s|sec|m|min|h|d)?\s*", str(text))
    if m is None or float(m.group(1)) <= 0:
        raise ValueError(f"{flag} {text!r}: expected a positive duration such as 90s, 30m, 1.5h or 2d")
    return float(m.group(1)) * {"s": 1, "sec": 1, "m": 60, "min": 60, "h": 3600, "d": 86400}[m.group(2) or "s"]


def check_tuning(cfg: Any, trials: int, flag: str = "--trials", who: str = "copfl tune") -> None:
    """What a tuning of ``trials`` trials per algorithm on ``cfg``'s problem needs: at least one
    trial, validation data, and no held-out newcomers (their evaluation reads test data)."""
    if trials < 1:
        raise ValueError(f"{flag} {trials}: expected at least 1 trial per algorithm")
    if not cfg.val_fraction > 0:
        raise ValueError(f"{who} needs validation data: --val-fraction must be > 0 (tuning never looks at test data)")
    if cfg.holdout_clients > 0:
        raise ValueError(f"{who}: --holdout-clients evaluates newcomers on test data; tune without it")


def min_rounds(rounds: int, warmup: float = 0.0) -> int:
    """The fewest rounds a trial runs before the pruner may stop it: a tenth of the run (at
    least 1), or the algorithm's ``search_warmup`` share of it where that is more. Judged after
    one round, Hyperband's lowest bracket favours fast starters (a high learning rate) over slow
    ones that end better (seen on MNIST: trials pruned at round 1 with 0.85 validation accuracy
    where the best trial reached 0.967 at round 20; on FEMNIST, pFedSV's best of ten settings
    pruned at round 1: studies/pruning_check.py)."""
    return max(1, rounds // 10, math.ceil(warmup * rounds - 1e-9))


def requeue_cut_trials(study: Any, embedded: bool) -> list[int]:
    """Trials cut short, queued again with their values (Optuna's retry convention: system
    attributes ``failed_trial``, the first of the line, and ``retry_history``); the numbers of
    the trials queued again. Cut short: failed with the user attribute ``interrupted`` (an
    interrupt), or, in an ``embedded`` study (its folder's own SQLite file: no other process
    runs its trials), left running by a killed process (marked failed here first). Each is
    queued once; a trial that failed with an error is not queued."""
    import optuna

    S = optuna.trial.TrialState
    trials = study.get_trials(deepcopy=False)
    if embedded:
        for t in trials:
            if t.state == S.RUNNING:
                study._storage.set_trial_user_attr(t._trial_id, "interrupted", "killed")
                study._storage.set_trial_state_values(t._trial_id, S.FAIL)
        trials = study.get_trials(deepcopy=False)
    covered = {n for t in trials for n in t.system_attrs.get("retry_history", [])}
    queued = []
    for t in trials:
        if t.state == S.FAIL and t.user_attrs.get("interrupted") and t.number not in covered:
            history = [*t.system_attrs.get("retry_history", []), t.number]
            study.add_trial(optuna.create_trial(state=S.WAITING, params=t.params, distributions=t.distributions,
                                                system_attrs={"failed_trial": t.system_attrs.get("failed_trial", t.number),
                                                              "retry_history": history}))
            queued.append(t.number)
    return queued


@dataclass
class Tuner:
    """Tunes algorithms on one federation (loaded once) into ``out``."""

    base: Any  # the RunConfig every trial starts from (its algorithm replaced)
    fed: Federation
    out: Path
    trials: int
    storage: str | None = None
    log: Callable[[str], None] = print
    budget: float | None = None  # seconds of trials per study (--budget's share); None: --trials alone
    prior: Any = None  # a copfl.tuning.priors.PriorLibrary: a new study starts from its settings after the default
    scoring: str = OBJECTIVE  # a new study's objective, one of OBJECTIVES (a study keeps the one it began with)
    prior_first: bool = False  # a new study runs the prior's settings before the default (compare --select)

    def __post_init__(self) -> None:
        self.mlflow: Any = None
        self.uri: str | None = None
        if getattr(self.base, "mlflow", None):
            from copfl.results.tracking import mlflow_module, tracking_uri

            self.uri = tracking_uri(self.base.mlflow, self.out)
            self.mlflow = mlflow_module()
        check_tuning(self.base, self.trials)

    @property
    def model(self) -> str:
        """The tuned problem's model (the stable learning rate its rate knobs are relative to)."""
        return str(self.base.model) if self.base.model is not None else str(self.base.resolved().model)

    @property
    def storage_url(self) -> str:
        return self.storage or f"sqlite:///{(self.out / STUDY).resolve()}"

    def rdb(self) -> Any:
        """The study database (made once): for the embedded SQLite file, a connection that waits
        up to 60 s for a lock, since processes sharing a results folder may write to it at once
        (each to its own study); for a shared ``--storage``, one with Optuna's heartbeat."""
        if self.__dict__.get("_rdb") is None:
            import optuna

            if self.storage is not None:  # shared: Optuna's heartbeat finds the trials of machines that stopped
                import warnings

                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
                    if hasattr(optuna.storages, "RetryHeartbeatStaleTrialCallback"):  # Optuna >= 4.9
                        retry = {"heartbeat_stale_trial_callback": optuna.storages.RetryHeartbeatStaleTrialCallback(max_retry=3)}
                    else:
                        retry = {"failed_trial_callback": optuna.storages.RetryFailedTrialCallback(max_retry=3)}
                    self.__dict__["_rdb"] = optuna.storages.RDBStorage(
                        self.storage, heartbeat_interval=HEARTBEAT_SECONDS, grace_period=GRACE_SECONDS, **retry)
            else:
                self.__dict__["_rdb"] = optuna.storages.RDBStorage(self.storage_url, engine_kwargs={"connect_args": {"timeout": 60}})
        return self.__dict__["_rdb"]

    def sampler(self, algorithm: str, number: int) -> Any:
        """The TPE sampler for the trial of rank ``number`` (:func:`trial_rank`): seeded by
        (run seed, algorithm, rank), so that a trial's suggestion depends only on the study's
        history and its rank, the same whether the study ran in one go or was interrupted and
        continued; multivariate, after :data:`TPE_STARTUP` random trials (measured with
        benchmarks/tuning_cost.py: docs/tuning.md)."""
        import optuna

        with warnings.catch_warnings():  # multivariate is marked experimental in optuna
            warnings.simplefilter("ignore", optuna.exceptions.ExperimentalWarning)
            return optuna.samplers.TPESampler(seed=derive_seed(self.base.seed, "tune", algorithm, number) % 2**32,
                                              n_startup_trials=TPE_STARTUP, multivariate=True)

    def study(self, algorithm: str, cls: Any = None) -> Any:
        """The study ``algorithm`` (a label), its pruner waiting the ``search_warmup`` of ``cls``
        (the algorithm's class; None: the label's, when it names one)."""
        import optuna

        from copfl.algorithms.base import ALGORITHMS

        sampler = self.sampler(algorithm, 0)
        cls = cls or ALGORITHMS.get(algorithm)
        warmup = getattr(cls, "search_warmup", 0.0)
        pruner = ranked_hyperband()(min_resource=min_rounds(self.base.rounds, warmup), max_resource=self.base.rounds, reduction_factor=3)
        study = optuna.create_study(study_name=algorithm, storage=self.rdb(), sampler=sampler, pruner=pruner, direction="maximize",
                                    load_if_exists=True)
        if "objective" not in study.user_attrs and not study.get_trials(deepcopy=False):
            study.set_user_attr("objective", self.scoring)  # a new study: this tuner's; kept when it continues
        return study

    @staticmethod
    def objective_of(study: Any) -> str:
        """The objective ``study`` was started with ("peak": a study saved before there was a choice)."""
        return str(study.user_attrs.get("objective", "peak"))

    def reporter(self, trial: Any, cfg: Any, label: str, mlflow: Any = None) -> TrialReporter:
        """The reporter of ``trial`` (a run of ``cfg``), scoring it by its study's objective."""
        window = objective_window(evaluations(cfg.rounds, cfg.eval_every))
        return TrialReporter(trial, mlflow, lambda m: self.log(f"{label}{m}"), objective=self.objective_of(trial.study), window=window)

    def default_values(self, algorithm: str, fixed: dict[str, Any] | None = None) -> dict[str, Any]:
        """The values of the knobs (those not ``fixed``) that the algorithm runs with by default
        on this problem: the run options as the tuned problem resolves them, the algorithm's own
        options at its defaults (an option whose default is derived, e.g. FedMeta's inner rate
        from the run's rate, as the algorithm's ``search_defaults`` says). A ValueError names a
        default outside its knob's range (every built-in space holds its defaults: a test)."""
        cls = get_algorithm(algorithm)
        fixed = fixed or {}
        cfg = apply_params(replace(self.base, algorithm=algorithm, options={}), dict(fixed), f"{algorithm} default").resolved()
        own = make_config(cls, cfg.options)
        out = {}
        for k, knob in space_of(cls, cfg.model).items():
            if k in fixed:
                continue
            v = getattr(own, k) if hasattr(own, k) else getattr(cfg, k)
            if v is None and k in cls.search_defaults:  # derived: e.g. FedMeta's inner rate is the run's lr
                v = getattr(cfg, cls.search_defaults[k])
            if not knob.contains(v):
                raise ValueError(f"{algorithm}: its default {k} = {v!r} lies outside its search space {knob.describe()[0]}")
            out[k] = v
        return out

    def start_points(self, algorithm: str, fixed: dict[str, Any] | None = None) -> list[tuple[dict[str, Any], str]]:
        """What a new study's first trials run: the default setting, then (with a prior library)
        the best settings of earlier problems of the same model family."""
        try:
            default = self.default_values(algorithm, fixed)
        except ValueError as e:
            self.log(f"note: {e}: the study does not start from the default setting")
            default, points = {}, []
        else:
            points = [(default, "default")]
        if self.prior is not None:
            model = self.model
            found = self.prior.settings(algorithm, model, space_of(get_algorithm(algorithm), model), fixed or {}, exclude=[default] if default else [],
                                        problem=(self.base.dataset, self.base.partition))
            if not found and self.prior.models(algorithm) and model not in self.prior.models(algorithm):
                self.log(f"note: the prior library {self.prior.path} holds {algorithm}'s settings for model families "
                         f"{', '.join(sorted(self.prior.models(algorithm)))}, not {model}: its study starts from the default setting alone")
            points = found + points if self.prior_first else points + found
        return points

    def spent(self, study: Any) -> float:
        """Seconds of the study's finished trials."""
        return sum(float(t.user_attrs.get("seconds", 0.0)) for t in study.get_trials(deepcopy=False) if t.state.is_finished())

    def over_budget(self, study: Any) -> bool:
        """Whether the study has had its share of --budget (never before its first trial); a
        study without a completed trial has up to :data:`BUDGET_GRACE` shares."""
        import optuna

        if self.budget is None:
            return False
        spent = self.spent(study)
        if spent < self.budget:
            return False
        completed = study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.COMPLETE,))
        return bool(completed) or spent >= BUDGET_GRACE * self.budget

    def queue_back_off(self, study: Any, algorithm: str, label: str) -> None:
        """Queue :func:`copfl.tuning.trial_order.back_off`'s trial (every trial so far diverged: the
        last one's learning rates lowered), if any, and say so."""
        values = back_off(study.get_trials(deepcopy=False), space_of(get_algorithm(algorithm), self.model))
        if values is not None:
            study.enqueue_trial(values, user_attrs={"origin": "back-off"})
            self.log(f"{label}: every trial so far diverged: the next one runs the last one's learning rates / {BACK_OFF:g} "
                     f"({params_text(values)})")

    def trial_config(self, algorithm: str, trial: Any, fixed: dict[str, Any] | None) -> tuple[Any, dict[str, Any]]:
        """The config of ``trial`` (the sampler's values for the knobs not in ``fixed``) and
        those values."""
        fixed = fixed or {}
        values = {k: knob.suggest(trial, k) for k, knob in space_of(get_algorithm(algorithm), self.model).items() if k not in fixed}
        cfg = apply_params(replace(self.base, algorithm=algorithm, options={}), {**fixed, **values}, f"{algorithm} trial {trial.number}")
        return replace(cfg, workers=1, ray_address=None).resolved(), values

    def objective(self, algorithm: str, trial: Any, fixed: dict[str, Any] | None = None) -> float:
        import optuna

        cfg, values = self.trial_config(algorithm, trial, fixed)
        engine = build_engine(cfg, self.fed)
        seal_test_data(engine)
        ml = self.mlflow
        if ml is not None:
            from copfl.results.tracking import start

            start(ml, self.uri, f"trial {trial.number}", nested=True)  # type: ignore[arg-type]
            ml.log_params(values)
        reporter = self.reporter(trial, cfg, algorithm, ml)
        t0 = time.perf_counter()
        status = "FAILED"
        ident = run_id(cfg)
        path = self.out / TRIALS / f"{trial.study.study_name}-{ident}.pt"
        # a disk store's files live only as long as the engine: such a trial is not checkpointed
        memory = engine.store.manifest() is None and engine.server_store.manifest() is None
        cut = False
        try:
            state = self.resume_trial(engine, reporter, path, ident, trial) if memory else None
            callbacks: list[Callback] = [reporter]
            if memory:
                callbacks.append(Checkpointer(path, run_id=ident, seconds=TRIAL_CHECKPOINT_SECONDS))
            state = engine.run(callbacks, state)
            status = "FINISHED"
        except NonFiniteLossError as e:
            trial.set_user_attr("diverged", str(e))
            raise optuna.TrialPruned(f"diverged: {e}") from None
        except optuna.TrialPruned:
            status = "KILLED"  # pruned
            raise
        except BaseException as e:
            if not isinstance(e, Exception):  # an interrupt (Ctrl-C, SIGTERM): queued again by the next tune
                cut = True
                trial.set_user_attr("interrupted", "interrupted")
            raise
        finally:
            engine.close()
            if not cut:
                path.unlink(missing_ok=True)
            trial.set_user_attr("seconds", round(time.perf_counter() - t0, 3))
            if ml is not None:
                ml.set_tag("trial_state", {"FINISHED": "complete", "KILLED": "pruned"}.get(status, "pruned or failed"))
                ml.end_run(status=status)
        return reporter.finish(algorithm, state.round)

    def resume_trial(self, engine: Engine, reporter: TrialReporter, path: Path, ident: str, trial: Any) -> RunState | None:
        """The state a trial continues from: the checkpoint at ``path`` of a trial cut short
        with the same values (its rounds' reports replayed to ``trial``, pruning included), or
        None to start afresh (no checkpoint, or one of another run)."""
        if not path.exists():
            return None
        try:
            ckpt = Checkpoint.load(path)
        except ValueError as e:
            self.log(f"{trial.study.study_name}  trial {trial.number}: starting afresh ({e})")
            return None
        if ckpt.run_id != ident:
            return None
        ckpt.restore(engine)
        for record in ckpt.state.history:
            reporter.report(record, engine.config.rounds)
        trial.set_user_attr("resumed_from_round", ckpt.state.round)
        first = trial.study._storage.get_trial_system_attrs(trial._trial_id).get("failed_trial")
        self.log(f"{trial.study.study_name}  trial {trial.number}: resumed after round {ckpt.state.round}"
                 + (f" (the retry of trial {first}, cut short)" if first is not None else ""))
        return ckpt.state

    def tune(self, algorithm: str, label: str | None = None, fixed: dict[str, Any] | None = None) -> dict[str, Any]:
        """Run the trials still missing from the study ``label`` (default: the algorithm's name)
        of ``algorithm`` with the knobs in ``fixed`` held at their values (a variant); its
        summary."""
        import optuna

        optuna.logging.set_verbosity(optuna.logging.WARNING)
        label = label or algorithm
        fixed = dict(fixed or {})
        if fixed and not set(space_of(get_algorithm(algorithm))) - set(fixed):
            raise ValueError(f"{label}: every knob of {algorithm}'s search space is fixed: nothing to tune")
        study = self.study(label, get_algorithm(algorithm))
        if not study.get_trials(deepcopy=False):  # a new study: the default first (then the prior's settings)
            for values, origin in self.start_points(algorithm, fixed):
                study.enqueue_trial(values, user_attrs={"origin": origin}, skip_if_exists=True)
        done = lambda: [t for t in study.get_trials(deepcopy=False) if t.state.is_finished() and t.state != optuna.trial.TrialState.FAIL]
        left = self.trials - len(done())
        if left > 0:
            for n in requeue_cut_trials(study, embedded=self.storage is None):
                self.log(f"{label}: trial {n} was cut short; it runs again with its values")
        t0 = time.perf_counter()
        if self.mlflow is not None and left > 0:
            from copfl.results.tracking import start

            start(self.mlflow, self.uri, f"tune {label}")  # type: ignore[arg-type]
            self.mlflow.log_params({"algorithm": algorithm, "trials": self.trials, "rounds": self.base.rounds, **{f"fixed.{k}": v for k, v in fixed.items()}})
        try:
            self._run_trials(study, algorithm, label, fixed, left, done)
            if self.storage is None and not study.get_trials(deepcopy=False, states=(optuna.trial.TrialState.WAITING,)):
                for stale in (self.out / TRIALS).glob(f"{glob.escape(label)}-{'[0-9a-f]' * 16}.pt"):
                    stale.unlink()  # of a trial cut short that ran again elsewhere (on Ray workers) or never will
        finally:
            if self.mlflow is not None and self.mlflow.active_run() is not None:
                best = best_trial(study)
                if best is not None:
                    self.mlflow.log_metric("best_val_acc", best.value)
                self.mlflow.end_run()
        return self.summary(label, fixed, time.perf_counter() - t0, study)

    def summary(self, label: str, fixed: dict[str, Any] | None = None, seconds: float = 0.0, study: Any = None) -> dict[str, Any]:
        """The summary of the study ``label`` as stored (its best values with the ``fixed``
        knobs); reads only, so another process may be running its trials."""
        fixed = dict(fixed or {})
        study = study if study is not None else self.study(label)
        summary = summarize_study(label, study, seconds)
        summary["fixed"] = fixed
        summary["objective"] = self.objective_of(study)
        if self.budget is not None:
            summary["budget_seconds"] = round(self.budget, 3)
        if summary["best"] is not None:
            summary["best"]["params"] = dict(sorted({**fixed, **summary["best"]["params"]}.items()))
        return summary

    def _run_trials(self, study: Any, algorithm: str, label: str, fixed: dict[str, Any], left: int, done: Callable[[], list[Any]]) -> None:
        if self.base.workers > 1:
            from copfl.tuning.ray_trials import run_concurrent_trials

            run_concurrent_trials(self, study, algorithm, label, fixed, left, done)
            return
        for _ in range(max(0, left)):
            if self.over_budget(study):
                self.log(f"{label}: its share of --budget ({self.budget:.0f} s of trials) is spent after {len(done())} trials")
                break
            self.queue_back_off(study, algorithm, label)
            before = len(done())
            study.sampler = self.sampler(label, trial_rank(study))
            ran: list[int] = []  # the trial that ran: a queued one (cut short before), else a new one
            study.optimize(lambda tr: ran.append(tr.number) or self.objective(algorithm, tr, fixed), n_trials=1, catch=())
            self.log_trial(label, before + 1, study.trials[ran[0]])

    def log_trial(self, label: str, count: int, t: Any) -> None:
        import optuna

        if t.state == optuna.trial.TrialState.PRUNED:
            why = "diverged" if "diverged" in t.user_attrs else f"pruned at round {max(t.intermediate_values, default=0)}"
            what = f"{why} (val acc {t.value:.4f})" if t.value is not None else why
        else:
            what = f"val acc {t.value:.4f} (round {t.user_attrs.get('round')})"
        self.log(f"{label} trial {count}/{self.trials}: {what}  {params_text(t.params)}")


def run_tune(base: Any, fed: Federation, algorithms: list[str] | list[tuple[str, str, dict[str, Any]]], out: Path, trials: int,
             storage: str | None = None, log: Callable[[str], None] = print, plots: bool = True, budget: float | None = None,
             prior: Any = None) -> dict[str, Any]:
    """Tune every algorithm (a name, or ``(label, algorithm, fixed knobs)`` for a variant) in
    turn; writes best.json (keyed by label), tune.json, tune.md and (``plots``) the plots.
    ``budget``: seconds of trials in all, shared equally by the algorithms (each study stops
    starting trials once it has had its share); ``prior``: a copfl.tuning.priors.PriorLibrary each new
    study starts from (after the default)."""
    out.mkdir(parents=True, exist_ok=True)
    share = None if budget is None else budget / max(1, len(algorithms))
    tuner = Tuner(base, fed, out, trials, storage, log, budget=share, prior=prior)
    summaries = []
    for item in algorithms:
        label, algorithm, fixed = (item, item, {}) if isinstance(item, str) else item
        summaries.append(tuner.tune(algorithm, label, fixed))
        if plots:
            plot_study(tuner.study(label), out, label)
    return {"best": write_tune_files(out, summaries, trials, base.rounds, storage), "summaries": summaries}

