"""The description of a run: :class:`RunConfig`, its defaults and its TOML form.

:class:`RunConfig` is the single description of a run: the command line's flags and the
TOML config file's keys are generated from its fields (``--samples-per-class`` <->
``samples_per_class``). ``None`` means "the data set's default" (:data:`DATASET_DEFAULTS`);
the resolved config written to the results folder has every value filled in.
"""

from __future__ import annotations

import functools
import hashlib
import json
import tomllib
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from copfl.algorithms.base import get_algorithm
from copfl.extensions.attacks import AttackConfig
from copfl.core.models import MODELS
from copfl.data.partitioners import PARTITIONS, TEST_SPLITS
from copfl.data.sources.registry import dataset_names
from copfl.extensions.unreliable import Availability, parse_speed_profile
from copfl.engine.rounds import DivergenceRule
from copfl.extensions.privacy import validate as validate_dp
from copfl.extensions.robust import RobustConfig
from copfl.typecheck import check_types, unknown_name
from copfl.core.train_hooks import OptimizerConfig

# Defaults that depend on the data set (a field left at None takes these).
DATASET_DEFAULTS: dict[str, dict[str, Any]] = {
    # digits has ~135 training / ~45 test images per class, so 2 clients per class fit 50 / 20.
    "digits": {"model": "mlp", "samples_per_class": 50, "test_samples_per_class": 20},
    # The CO-PFL protocol: M_bound = 50 training and 100 test samples per class.
    "cifar10": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "mnist": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "cinic10": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "cifar100": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    "cifar100-coarse": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    # CO-PFL: 20 clients x 10 classes x 50; the 80/20-per-class subset allows 10 test samples
    # per class when two clients share each class.
    "miniimagenet": {"model": "cnn", "samples_per_class": 40, "test_samples_per_class": 10, "classes_per_client": 10, "clients": 20},
    "femnist": {"model": "cnn", "partition": "natural"},
    "cifar10c": {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100},
    # LEAF's model; 10 random speaking roles by default (all 293 are slow on a CPU: --clients).
    "shakespeare": {"model": "lstm", "partition": "natural", "clients": 10},
    # DPAO-PFL's Vehicle model; the combined LIBSVM files have no sensor ids, so Dirichlet clients.
    "vehicle": {"model": "svm", "partition": "dirichlet"},
}
FALLBACK_DEFAULTS = {"model": "cnn", "samples_per_class": 50, "test_samples_per_class": 100}
PARTITION_DEFAULTS = {"partition": "label-skew", "classes_per_client": 2, "clients": 10}
# Optimizer defaults when neither the user nor the algorithm (``Algorithm.run_defaults``) sets them:
# OptimizerConfig's own, so that the library and the command line cannot disagree.
_OPT = OptimizerConfig()
RUN_DEFAULTS: dict[str, Any] = {"optimizer": _OPT.name, "lr": _OPT.lr, "momentum": _OPT.momentum, "weight_decay": _OPT.weight_decay, "bn_stats": "shared"}
# The role of every run option is declared on its field (dataclass metadata), so that adding an
# option touches one place; tests/test_config.py fails for a field without a part.
PARTS = ("algorithm", "data", "model", "federation", "optimization", "evaluation", "privacy", "robustness", "unreliable", "output", "runtime")
MAY_CHANGE, FIXED = "may-change", "fixed"
_NOT_ADDED = object()


def per_dataset(key: str) -> str:
    """A default that depends on the data set, in words for the help: ``100; 20 for digits, 10
    for miniimagenet`` (the fallback, then each other value with its data sets)."""
    fallback = {**PARTITION_DEFAULTS, **FALLBACK_DEFAULTS}[key]
    others: dict[Any, list[str]] = {}
    for name, defaults in DATASET_DEFAULTS.items():
        if defaults.get(key, fallback) != fallback:
            others.setdefault(defaults[key], []).append(name)
    return "; ".join([str(fallback), *(f"{v} for {', '.join(names)}" for v, names in others.items())])


def _f(
    default: Any,
    help: str,
    *,
    part: str,
    resolved: bool = False,
    on_resume: str = FIXED,
    added_later: Any = _NOT_ADDED,
    computes: bool = True,
    data_key: bool = False,
    **kw: Any,
) -> Any:
    """A run option's field and its role:

    - ``part``: what it is about (:data:`PARTS`; the groups of ``copfl run --help``);
    - ``resolved``: :meth:`RunConfig.resolved` always fills it in (a data set's or an
      algorithm's default);
    - ``on_resume``: ``"may-change"`` when a ``--resume`` may give it another value (how long
      the run goes on, where things live); any other option defines what the run computes;
    - ``added_later``: for an option added after runs were already being saved, the value that
      gives what a run saved without it computed (a saved config without the key reads as this,
      never as today's default);
    - ``computes``: False for an option that never changes a run's results (where data and
      results live, threads): not part of a reproduction run's identity;
    - ``data_key``: the clients' data (the federation) depends on it.
    """
    if part not in PARTS:
        raise ValueError(f"part {part!r}: expected one of {', '.join(PARTS)}")
    if on_resume not in (MAY_CHANGE, FIXED):
        raise ValueError(f"on_resume {on_resume!r}: expected {MAY_CHANGE!r} or {FIXED!r}")
    meta = {"help": help, "part": part, "resolved": resolved, "on_resume": on_resume, "computes": computes, "data_key": data_key, **kw}
    if added_later is not _NOT_ADDED:
        meta["added_later"] = added_later
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class RunConfig:
    algorithm: str = _f("co-pfl", "the algorithm to run (`copfl list` names them)", part="algorithm")
    dataset: str = _f("digits", "the data set (`copfl list` names them; `copfl datasets` shows which are on disk)", part="data", data_key=True)
    data_dir: str | None = _f(None, "where data sets live (default: $COPFL_DATA_DIR or ./data)", part="data", on_resume=MAY_CHANGE, computes=False)
    cache_dir: str | None = _f(None, "where decoded arrays are cached (default: $COPFL_CACHE_DIR or ~/.cache/copfl)", part="data", on_resume=MAY_CHANGE, computes=False)
    download: bool = _f(False, "download a missing data set from its official URL (checksummed)", part="data", on_resume=MAY_CHANGE, computes=False)
    classes: str | None = _f(
        None,
        "keep only these classes, relabelled 0..k-1 in this order: indices, names, ranges FIRST-LAST, e.g. "
        "0,2,4 or a-j or cat,dog (default: every class)",
        part="data", data_key=True,
    )
    clients: int | None = _f(None, f"number of clients (default: {per_dataset('clients')}; with --partition natural, every writer or speaker "
        "unless the data set sets a number)", part="data", data_key=True)
    partition: str | None = _f(None, "how the data are split: label-skew (a few classes per client) | dirichlet (Dirichlet(alpha) label mixes) | "
        "iid | natural (the data set's writers or speakers) | pathological (class shards) | powerlaw (power-law client "
        f"sizes) (default: {per_dataset('partition')})", part="data", resolved=True, data_key=True)
    classes_per_client: int | None = _f(None, f"label-skew: classes each client holds (s in the CO-PFL paper) (default: {per_dataset('classes_per_client')})", part="data", resolved=True, data_key=True)
    samples_per_class: int | str | None = _f(None, "label-skew: training samples per class per client (M_bound in the CO-PFL paper), or 'all' (the class "
        f"divided among its clients) (default: {per_dataset('samples_per_class')})", part="data", resolved=True, data_key=True)
    test_samples_per_class: int | str | None = _f(None, f"label-skew: test samples per class per client, or 'all' (default: {per_dataset('test_samples_per_class')})", part="data", resolved=True, data_key=True)
    alpha: float = _f(0.5, "dirichlet: the concentration alpha (smaller: more skewed label mixes)", part="data", data_key=True)
    min_samples: int = _f(10, "dirichlet: least training samples per client (a draw giving any client fewer is redrawn)", part="data", data_key=True)
    power: float = _f(1.0, "powerlaw: exponent of the client-size law", part="data", data_key=True)
    test_split: str = _f(
        "proportional",
        "dirichlet: each client's test set: proportional (each class cut as the training data are) | balanced (an "
        "equal share of every class the client holds, as pFedSV's Dir(alpha) split)",
        part="data", added_later="proportional", data_key=True,
    )
    train_per_client: int | None = _f(None, "cap each client's training samples at N after partitioning (a seeded subsample) (default: all)", part="data", added_later=None, data_key=True)
    test_per_client: int | None = _f(None, "cap each client's test samples at N after partitioning (a seeded subsample) (default: all)", part="data", added_later=None, data_key=True)
    severity: int = _f(5, "cifar10c: corruption severity 1..5", part="data", data_key=True)
    split_file: str | None = _f(None, "use a split saved by `copfl partition --save` instead of making one", part="data", data_key=True)
    model: str | None = _f(None, "model: {models} " f"(default: {per_dataset('model')})", part="model", resolved=True)  # the CLI lists the registry
    resnet_stem: str = _f("imagenet", "resnet18 stem: imagenet (7x7 + max-pool) | cifar (3x3)", part="model")
    width: float = _f(1.0, "resnet18 width multiplier", part="model")
    bn_stats: str | None = _f(None, f"batch-norm statistics: shared (averaged) | local (per client) (default: the algorithm's, else {RUN_DEFAULTS['bn_stats']})", part="model", resolved=True)
    rounds: int = _f(20, "communication rounds", part="federation", on_resume=MAY_CHANGE)
    client_fraction: float = _f(1.0, "fraction of clients sampled per round", part="federation")
    local_epochs: int = _f(1, "local epochs per round", part="optimization")
    batch_size: int = _f(32, "local batch size", part="optimization")
    optimizer: str | None = _f(None, f"local optimizer: sgd | adam (default: the algorithm's, else {_OPT.name})", part="optimization", resolved=True)
    lr: float | None = _f(None, f"local learning rate (default: the algorithm's, else {_OPT.lr:g})", part="optimization", resolved=True)
    momentum: float | None = _f(None, f"SGD momentum (default: the algorithm's, else {_OPT.momentum:g})", part="optimization", resolved=True)
    weight_decay: float | None = _f(None, f"weight decay (default: the algorithm's, else {_OPT.weight_decay:g})", part="optimization", resolved=True)
    augment: bool = _f(False, "random crop (padding 4) + horizontal flip during local training", part="optimization")
    seed: int = _f(0, "the root seed of every random stream", part="federation", data_key=True)
    eval_every: int = _f(1, "evaluate every k rounds (and after the last)", part="evaluation", on_resume=MAY_CHANGE)
    val_fraction: float = _f(
        0.1,
        "validation: a seeded fraction of each client's training data held out (never trained on) to select the round "
        "reported as `selected` without looking at test data (0: off, train on everything as the papers do)",
        part="evaluation", added_later=0.0, data_key=True,
    )
    val_min: int = _f(
        0, "validation: raise each client's hold-out to at least N samples (at most half of its training data) where "
        "--val-fraction gives it fewer (0: off; copfl tune's trials use 30: docs/tuning.md)",
        part="evaluation", added_later=0, data_key=True,
    )
    holdout_clients: float = _f(
        0.0,
        "unseen clients: a seeded fraction of the clients kept out of training; on evaluation rounds each joins as a "
        "newcomer (the algorithm's own personalization, docs/evaluation.md) and is evaluated (0: off)",
        part="evaluation", added_later=0.0, data_key=True,
    )
    mlflow: str | None = _f(
        None, "also track the run in MLflow (pip install 'copfl[mlflow]'): a tracking URI, or alone: OUT/mlflow.db",
        part="output", on_resume=MAY_CHANGE, added_later=None, computes=False,
    )
    tensorboard: bool = _f(False, "also write TensorBoard logs to OUT/tensorboard (pip install 'copfl[tensorboard]')", part="output", on_resume=MAY_CHANGE, added_later=False, computes=False)
    eval_clients: float = _f(
        1.0, "clients evaluated on an evaluation round: a fraction in (0, 1] or a count K >= 2; a seeded sample per round, "
        "every client after the last round (for many clients)", part="evaluation", on_resume=MAY_CHANGE,
    )
    eval_batched: bool = _f(
        False, "evaluate clients that share one model (FedAvg-style global models) in joint batches, not one small batch "
        "each: much faster with many clients; the same accuracies, losses that may differ in the last bits (docs/performance.md)",
        part="evaluation", added_later=False,
    )
    client_dropout: float = _f(
        0.0, "unreliable clients: each selected client fails before training with this probability, a seeded draw per "
        "(seed, round, client), the same for every algorithm (docs/unreliable-clients.md)", part="unreliable", added_later=0.0,
    )
    stragglers: float = _f(0.0, "a seeded fraction of each round's selected clients that does only --straggler-steps local steps", part="unreliable", added_later=0.0)
    straggler_steps: int = _f(1, "--stragglers: the local mini-batch steps a straggler takes in a round", part="unreliable", added_later=1)
    straggler_schedule: str = _f("round", "--stragglers: round (drawn anew each round) | fixed (a seeded set of slow clients, straggling whenever selected)", part="unreliable", added_later="round")
    deadline: float | None = _f(
        None, "drop uploads that arrive after this many SIMULATED seconds: download + samples trained / the client's speed + "
        "upload (never wall-clock time; docs/unreliable-clients.md)", part="unreliable", added_later=None,
    )
    speed_profile: str | None = _f(None, "--deadline: clients' speeds, lognormal:SIGMA (the median --client-speed x exp(SIGMA z), z ~ N(0,1) seeded per client; default: all equal)", part="unreliable", added_later=None)
    client_speed: float = _f(100.0, "--deadline: the median client's training speed, samples per simulated second", part="unreliable", added_later=100.0)
    bandwidth: float = _f(1e6, "--deadline: each client's link, bytes per simulated second each way (1e6: 8 Mbit/s)", part="unreliable", added_later=1e6)
    dp_noise: float = _f(0.0, "differential privacy: noise multiplier sigma, noise std sigma*C (0: off; docs/privacy.md)", part="privacy")
    dp_clip: float = _f(1.0, "DP: clipping norm C (of each sample's gradient in sgd mode, of the client's update in upload mode)", part="privacy")
    dp_delta: float = _f(1e-5, "DP: the delta of the reported (epsilon, delta)", part="privacy")
    dp_mode: str = _f("sgd", "DP mechanism: sgd (DP-SGD on the client, Abadi et al. 2016) | upload (clip and noise the client's update)", part="privacy")
    attack: str | None = _f(None, "Byzantine / free-riding clients: sign-flip | scale | gaussian | free-rider | stale | collude | label-flip (docs/robustness.md)", part="robustness", added_later=None)
    attackers: float = _f(0.0, "the share of the training clients that attack (a seeded choice; with --attack)", part="robustness", added_later=0.0)
    attack_scale: float = _f(-10.0, "--attack scale: the factor on the attacker's update", part="robustness", added_later=-10.0)
    attack_noise: float = _f(1.0, "--attack gaussian / collude: the standard deviation of the noise sent as the update", part="robustness", added_later=1.0)
    robust: str = _f("mean", "how clients' vectors are combined: mean (the algorithm's own weighted average) | median | trimmed-mean | krum | multi-krum | clip", part="robustness", added_later="mean")
    robust_fraction: float = _f(0.2, "--robust: the share of the combined vectors assumed Byzantine (trimmed at each end; Krum's f)", part="robustness", added_later=0.2)
    robust_select: int | None = _f(None, "--robust multi-krum: how many vectors are averaged (default: n - f)", part="robustness", added_later=None)
    robust_bound: float | None = _f(None, "--robust clip: the distance bound (default: the median distance to the coordinate-wise median)", part="robustness", added_later=None)
    diverge_factor: float = _f(1e3, "diverged (exit 3): a round's mean train loss above this multiple of the first's (0: off)", part="federation", on_resume=MAY_CHANGE)
    diverge_loss: float = _f(1e6, "diverged (exit 3): a round's mean train loss above this value (0: off)", part="federation", on_resume=MAY_CHANGE)
    store: str = _f("memory", "per-client state: memory | disk (one file per client in <out>/client-state, for many clients or large models)", part="runtime", computes=False)
    checkpoint_every: int = _f(0, "write checkpoint.pt every k rounds and at the end, for --resume (0: never)", part="output", on_resume=MAY_CHANGE, computes=False)
    device: str = _f("auto", "where models, client data and evaluation live: auto (CUDA, else MPS, else CPU) | cpu | cuda | cuda:N | mps", part="runtime", on_resume=MAY_CHANGE)
    threads: int | None = _f(None, "torch CPU threads (default: 1 for small models, every core for convolutional ones; see docs/performance.md)", part="runtime", on_resume=MAY_CHANGE, computes=False)
    workers: int = _f(
        1, "train and evaluate the round's clients on N Ray actors, with results identical to 1 (optional extra: pip install 'copfl[ray]'; "
        "1: one after another in this process, Ray never imported); tuning (copfl tune, --tune) runs N trials at once instead (docs/tuning.md)",
        part="runtime", on_resume=MAY_CHANGE, added_later=1, computes=False,
    )
    ray_address: str | None = _f(
        None, "with --workers: join the Ray cluster at this address (its head node; docs/performance.md) instead of starting a local one",
        part="runtime", on_resume=MAY_CHANGE, added_later=None, computes=False,
    )
    plugins: str | None = _f(
        None,
        "plugins imported before any name is resolved: comma-separated module names or .py files that register "
        "algorithms, data sets or models (CLI: --plugin, repeatable; docs/writing-an-algorithm.md)",
        cli=False, part="runtime", on_resume=MAY_CHANGE, added_later=None, computes=False,
    )
    out: str | None = _f(
        None,
        "the results folder (default: runs/<algorithm>-<dataset>-<time>, or a new DIR-2, DIR-3... where that holds "
        "results)",
        part="output", on_resume=MAY_CHANGE, computes=False,
    )
    options: dict[str, Any] = _f(None, "algorithm options, e.g. {mu = 0.01} (CLI: the algorithm's own flags)", cli=False, part="algorithm", resolved=True)

    def __post_init__(self) -> None:
        if isinstance(self.plugins, (list, tuple)):  # a TOML list or a Python caller's list
            object.__setattr__(self, "plugins", ",".join(str(p) for p in self.plugins) or None)
        if self.plugins:  # before any name is looked up (the algorithm, the data set, the model)
            from copfl.plugins import load_plugins

            load_plugins(self.plugins)
        if isinstance(self.classes, (list, tuple)):  # a TOML list: the same selection as its text
            object.__setattr__(self, "classes", ",".join(str(c) for c in self.classes))
        # types first (a TOML file or a Python caller can pass anything), then ranges
        check_types(RunConfig, {f.name: getattr(self, f.name) for f in fields(RunConfig)}, "run option")
        check_ranges(self)
        validate_dp(self.dp_noise, self.dp_clip, self.dp_delta, self.dp_mode)
        self.attack_config(), self.robust_config(), self.divergence_rule(), self.availability()  # their own checks, before any data is loaded
        if self.classes is not None:
            check_class_syntax(self.classes)

    def attack_config(self) -> AttackConfig:
        return AttackConfig(self.attack, self.attackers, self.attack_scale, self.attack_noise)

    def divergence_rule(self) -> DivergenceRule:
        return DivergenceRule(self.diverge_factor, self.diverge_loss)

    def availability(self) -> Availability:
        """The unreliable-client settings (copfl.extensions.unreliable); a clear error for a bad one."""
        return Availability(
            self.client_dropout, self.stragglers, self.straggler_steps, self.straggler_schedule, self.deadline,
            parse_speed_profile(self.speed_profile), self.client_speed, self.bandwidth,
        )

    def robust_config(self) -> RobustConfig:
        return RobustConfig(self.robust, self.robust_fraction, self.robust_select, self.robust_bound)

    def resolved(self) -> ResolvedConfig:
        """The config with the data set's and the algorithm's defaults filled in, as a
        :class:`ResolvedConfig`. Resolve once, where a run is described (the command line, a
        reproduction plan), and pass the result on: everything that builds or runs takes it."""
        d = {**PARTITION_DEFAULTS, **FALLBACK_DEFAULTS, **DATASET_DEFAULTS.get(self.dataset, {})}
        upd: dict[str, Any] = {}
        for k in ("model", "samples_per_class", "test_samples_per_class", "partition", "classes_per_client", "clients"):
            if getattr(self, k) is None:
                upd[k] = d[k]
        if self.clients is None and upd.get("partition", self.partition) == "natural" and "clients" not in DATASET_DEFAULTS.get(self.dataset, {}):
            upd["clients"] = None  # natural partition: every natural client unless --clients says otherwise
        alg_defaults = {**RUN_DEFAULTS, **get_algorithm(self.algorithm).run_defaults}
        for k, v in alg_defaults.items():
            if getattr(self, k) is None:
                upd[k] = v
        for k in ("samples_per_class", "test_samples_per_class"):
            v = upd.get(k, getattr(self, k))
            if isinstance(v, str) and v != "all":
                raise ValueError(f"{k.replace('_', '-')} must be a positive integer or 'all', got {v!r}")
        if self.options is None:
            upd["options"] = {}
        values = {f.name: getattr(self, f.name) for f in fields(RunConfig)}
        return ResolvedConfig(**{**values, **upd})


@dataclass(frozen=True)
class ResolvedConfig(RunConfig):
    """A :class:`RunConfig` with the data set's and the algorithm's defaults filled in: what
    the engine, the federation and the results folder are built from, and what
    ``config.json`` records. Make one with :meth:`RunConfig.resolved`. To change a field
    that others default from (the algorithm, the data set), change the :class:`RunConfig`
    and resolve again: ``dataclasses.replace`` on a resolved config keeps the old defaults."""

    def __post_init__(self) -> None:
        super().__post_init__()
        missing = [k for k in option_names(resolved=True) if getattr(self, k) is None]
        if missing:
            raise ValueError(f"a resolved run config needs {', '.join(missing)}; make it with RunConfig(...).resolved()")

    def resolved(self) -> ResolvedConfig:
        return self


# The registered names a run option holds (the algorithm's: copfl.algorithms.base.get_algorithm).
NAMED: dict[str, Any] = {"dataset": dataset_names, "partition": lambda: list(PARTITIONS), "model": lambda: sorted(MODELS)}


def check_name(what: str, name: str) -> str:
    """``name``, a registered name of ``what`` (a key of :data:`NAMED`; an installed package's
    plugin may register it); a ValueError with a "did you mean" otherwise."""
    known = NAMED[what]
    if name not in known():
        from copfl.plugins import load_entry_points

        load_entry_points()
        if name not in known():
            raise ValueError(unknown_name(what, name, known()))
    return name


def check_names(cfg: RunConfig) -> None:
    """The data set, partition and model ``cfg`` names are registered: a misspelled one fails
    when a command line or a library call describes the run (dry runs included), not once its
    data are loaded (:func:`copfl.app.checks.checked_config`, the commands' config). A config
    alone may name a data set it is never loaded from (a test's hand-made federation)."""
    for what in NAMED:
        if getattr(cfg, what) is not None:
            check_name(what, getattr(cfg, what))


# Lower bounds of numeric run options (None, where allowed, means "the default"): checked when
# the config is made, so a bad value fails before any data is loaded.
RANGES: dict[str, tuple[float, bool, str]] = {  # field -> (bound, bound allowed, words)
    "rounds": (1, True, "at least 1"),
    "local_epochs": (1, True, "at least 1"),
    "batch_size": (1, True, "at least 1"),
    "eval_every": (1, True, "at least 1"),
    "checkpoint_every": (0, True, "0 (never) or more"),
    "val_min": (0, True, "0 (off) or more"),
    "clients": (1, True, "at least 1"),
    "classes_per_client": (1, True, "at least 1"),
    "min_samples": (1, True, "at least 1"),
    "train_per_client": (1, True, "at least 1"),
    "test_per_client": (1, True, "at least 1"),
    "threads": (1, True, "at least 1"),
    "workers": (1, True, "at least 1 (1: no Ray)"),
    "alpha": (0, False, "positive"),
    "power": (0, True, "0 or more"),
    "lr": (0, False, "positive (the optimizers take no other rate)"),
    "momentum": (0, True, "0 or more"),
    "weight_decay": (0, True, "0 or more"),
}


def eval_clients_ok(v: float) -> bool:
    """``--eval-clients``: a fraction in (0, 1] or a whole count of clients >= 2."""
    return 0 < v <= 1 or (v > 1 and float(v).is_integer())


def check_ranges(cfg: RunConfig) -> None:
    """A clear error for a numeric run option out of its range (after the type check)."""
    bad = []
    for k, (bound, inclusive, words) in RANGES.items():
        v = getattr(cfg, k)
        if v is not None and not (v >= bound if inclusive else v > bound):
            bad.append(f"{k.replace('_', '-')} = {v!r}: expected {words}")
    if not 0 < cfg.client_fraction <= 1:
        bad.append(f"client-fraction = {cfg.client_fraction!r}: expected a fraction in (0, 1]")
    if not eval_clients_ok(cfg.eval_clients):
        bad.append(f"eval-clients = {cfg.eval_clients!r}: expected a fraction in (0, 1] or a whole number of clients K >= 2")
    for k in ("val_fraction", "holdout_clients"):
        if not 0 <= getattr(cfg, k) < 1:
            bad.append(f"{k.replace('_', '-')} = {getattr(cfg, k)!r}: expected a fraction in [0, 1) (0: off)")
    if cfg.test_split not in TEST_SPLITS:
        bad.append(f"test-split = {cfg.test_split!r}: expected {' or '.join(TEST_SPLITS)}")
    if cfg.severity not in range(1, 6):
        bad.append(f"severity = {cfg.severity!r}: expected 1..5")
    if bad:
        raise ValueError("run option" + ("s" if len(bad) > 1 else "") + " out of range: " + "; ".join(bad))


def check_class_syntax(spec: Any) -> None:
    """What ``--classes`` can be checked for before the data set is loaded: a non-empty text of
    comma-separated non-empty items (names and indices are checked against the data set's
    classes when it is loaded: :func:`copfl.data.sources.parse_classes`)."""
    if not isinstance(spec, str) or not spec.strip():
        raise ValueError(f"classes must list classes (e.g. 0-4, a-j or a,b,c), got {spec!r}")
    if any(not item.strip() for item in spec.split(",")):
        raise ValueError(f"classes {spec!r}: empty item (two commas in a row, or a trailing comma)")


@functools.cache
def option_names(**role: Any) -> tuple[str, ...]:
    """The run options whose declared role (:func:`_f`) has every given value, in field order,
    e.g. ``option_names(on_resume=MAY_CHANGE)``, ``option_names(data_key=True)``."""
    return tuple(f.name for f in fields(RunConfig) if all(f.metadata.get(k) == v for k, v in role.items()))


def may_change_on_resume() -> tuple[str, ...]:
    """What may differ between a run and its --resume: how long it goes on, how often it
    evaluates and checkpoints, where it runs and where its data is read from. Every other
    option defines what the run computes, and a resume that changes it is refused
    (:func:`resume_conflicts`)."""
    return option_names(on_resume=MAY_CHANGE)


def added_later() -> dict[str, Any]:
    """Options added after runs were already being saved -> the value that gives what a run
    saved before them computed."""
    return {f.name: f.metadata["added_later"] for f in fields(RunConfig) if "added_later" in f.metadata}


def saved_config(saved: dict[str, Any]) -> dict[str, Any]:
    """A saved run's config (``config.json``'s ``config``) with the options added since it was
    written filled in as that run computed them (:func:`added_later`)."""
    return {**added_later(), **saved}


def from_saved(saved: dict[str, Any]) -> RunConfig:
    """The run config a saved ``config.json`` ``config`` describes (:func:`saved_config`'s
    values; keys this version does not know are left out)."""
    names = {f.name for f in fields(RunConfig)}
    return RunConfig(**{k: v for k, v in saved_config(saved).items() if k in names})


def options_hash(cfg: RunConfig, leave_out: set[str] | tuple[str, ...], defaults: dict[str, Any], length: int) -> str:
    """A hash of ``cfg``'s resolved options, without ``leave_out`` and without those equal to
    ``defaults`` (so that an option added later, at its default, changes no earlier hash)."""
    d = {k: v for k, v in asdict(cfg.resolved()).items() if k not in leave_out and v != defaults[k]}
    return hashlib.sha256(json.dumps(d, sort_keys=True, default=str).encode()).hexdigest()[:length]


def resume_conflicts(saved: dict[str, Any], new: RunConfig) -> list[str]:
    """The options that define the run and differ between the resumed run's recorded config
    (``config.json``'s ``config``) and ``new``, as ``name: saved (checkpoint) vs new`` lines."""
    names = {f.name for f in fields(RunConfig)}
    old = asdict(from_saved(saved).resolved())
    cur = asdict(new.resolved())
    out = []
    for k in names - set(may_change_on_resume()):
        a, b = old[k], cur[k]
        if k == "options":
            a, b = dict(a or {}), dict(b or {})
        if a != b:
            out.append(f"{k.replace('_', '-')}: {a!r} in the checkpoint's run, {b!r} now")
    return sorted(out)


def require_resolved(cfg: RunConfig, where: str) -> ResolvedConfig:
    """``cfg`` itself when it is resolved; a clear error otherwise (``where`` names the caller)."""
    if not isinstance(cfg, ResolvedConfig):
        raise TypeError(f"{where} takes a resolved run config (RunConfig(...).resolved()), got an unresolved {type(cfg).__name__}")
    return cfg


def load_toml(path: str | Path) -> dict[str, Any]:
    """Read a TOML run config; keys are the run options (dashes or underscores)."""
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except FileNotFoundError:
        raise ValueError(f"config file {path} does not exist") from None
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"config file {path} is not valid TOML: {e}") from None
    names = {f.name for f in fields(RunConfig)}
    out: dict[str, Any] = {}
    for k, v in doc.items():
        key = k.replace("-", "_")
        if key not in names:
            raise ValueError(f"config file {path}: unknown key {k!r}; valid keys: {', '.join(sorted(names))}")
        out[key] = v
    return out


def to_toml(cfg: RunConfig) -> str:
    """A TOML text that `--config` reads back to the same run. ``out`` is only a comment: a
    run repeated from the file writes to a new folder, never over these results."""
    lines, opts = [], {}
    for f in fields(cfg):
        v = getattr(cfg, f.name)
        if f.name == "options":
            opts = v or {}
            continue
        if v is None:
            continue
        if f.name == "out":
            lines.append(f"# results of this run: {v} (not pinned: a re-run writes to a new folder unless --out names one)")
            continue
        lines.append(f"{f.name.replace('_', '-')} = {_toml_value(v)}")
    if opts:
        lines.append("\n[options]")
        lines += [f"{k} = {_toml_value(v)}" for k, v in opts.items()]
    return "\n".join(lines) + "\n"


def _toml_value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, (list, tuple)):
        return "[" + ", ".join(_toml_value(x) for x in v) + "]"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'
