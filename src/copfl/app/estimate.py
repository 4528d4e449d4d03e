"""How long a reproduction will take, and which of its data sets are missing, without loading data.

The time is a per-run cost model whose constants were measured on a 2-core CPU (AMD EPYC with
AVX-512, torch 2.13.0+cpu, a quiet machine, the decoded data already cached)::

    run = RUN_SECONDS + rounds x clients x (CLIENT_ROUND_SECONDS
          + ALGORITHM_FACTOR[algorithm] x (3 x n_train + n_test) x SAMPLE_SECONDS[model, image side])

with n_train / n_test a client's training / test samples (a training sample costs about three
forward passes: forward, input gradient, weight gradient). On top: starting the process, loading
each setting's data (and, for CIFAR-10C, corrupting the clients' images) and drawing the report.
Measured: ``local`` with the FedAvg CNN on CIFAR-10 takes 57-67 ms per client and round (100
training, 200 test images); ResNet-18 0.37 s; Mini-ImageNet's 84x84 images cost 3-10x more per
image; a smoke-scale ``table2`` took 14-24 s. The 28-pixel data sets (MNIST, Fashion-MNIST,
FEMNIST) and the pFedSV / DPAO-PFL algorithms were calibrated later from their cpu-scale runs
(pathological MNIST, 10 clients, 5 epochs: Local 77 s per round, pFedMe 476 s, FedEM 271 s, at
one thread beside another run); DP-SGD (``--dp-noise`` in ``sgd`` mode) multiplies the training
cost by ``DP_SGD_FACTOR`` (FedAvg on that protocol, one epoch: 31 s per round without, 58 s with
the fast clipped sum, 260 s with the per-sample gradients). Figures vary by +-50% with the CPU
and with what else runs on it; a paper-scale plan of more than a day on this CPU needs a GPU (the
CPU figure only says so).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from copfl.execution.config import ResolvedConfig, RunConfig, require_resolved

# seconds per forward pass of one sample, by (model, image side), on 2 cores
SAMPLE_SECONDS: dict[tuple[str, int], float] = {
    ("tiny", 32): 7e-6,
    ("tiny", 84): 15e-6,
    ("tiny", 28): 6e-6,
    ("mlp", 32): 22e-6,
    ("mlp", 84): 150e-6,
    ("cnn", 32): 120e-6,
    ("cnn", 84): 1.14e-3,
    ("resnet18", 32): 0.73e-3,
    ("resnet18", 84): 2.4e-3,
    ("cnn", 28): 60e-6,  # the 1-channel digits CNN: about half the CIFAR CNN's cost
    ("lenet5", 28): 40e-6,
    ("lenet5", 32): 60e-6,
    ("logreg", 28): 2e-6,
    ("logreg", 32): 3e-6,
    ("mlp", 28): 15e-6,
}
# a ResNet-18 of width w costs w ** RESNET_WIDTH_EXPONENT of width 1's time per sample (FLOPs
# go as w^2, the per-layer overheads do not shrink: FedAvg on the CO-PFL CIFAR-10 protocol,
# 7x7 stem, one core beside another run, 1.62 s a round at width 0.5 against 5.85 s at width 1)
RESNET_WIDTH_EXPONENT = 1.85
# a run's cost relative to Local Only (FedAvg CNN, CIFAR-10, 10 clients; this machine's runs
# and the committed cpu-scale reports)
ALGORITHM_FACTOR: dict[str, float] = {
    "local": 1.0,
    "fedavg": 1.2,
    "fedavg-ft": 1.5,
    "lg-fedavg": 1.05,
    "fedper": 1.1,
    "fedpac": 2.2,
    "fedselect": 1.3,
    "co-pfl": 2.0,
    # the pFedSV and DPAO-PFL papers' methods, relative to Local on pathological MNIST
    "fedprox": 1.25,
    "ditto": 2.2,
    "pfedsv": 1.0,  # its training; its Shapley values are priced apart (pfedsv_shapley_seconds)
    "fedfomo": 1.2,
    "fedamp": 1.3,
    "ifca": 1.6,
    "fedem": 3.5,  # M = 3 components
    "pfedme": 6.2,  # K = 5 inner steps per batch
    "per-fedavg": 1.35,
    "pfedhn": 2.5,  # over its inner_steps x batch_size training samples (not epochs): the generated weights and the server's step
    "dpao-pfl": 1.4,
    "fedmeta": 1.5,
    # benchmarks/cost_table.py on the CO-PFL CIFAR-10 protocol, seconds per round over Local's
    "fedrep": 1.4,  # head epochs on features computed once a round
    "apfl": 1.35,  # a second (personal) pass per step
    "fedala": 1.1,
    "fedrod": 1.0,
    "fedbabu": 4.1,  # 5 fine-tuning epochs before every evaluation
    "fedcac": 1.0,
    "gpfl": 1.05,
    "feddbe": 1.0,
}
# DP-SGD's training cost over a plain run's: the fast clipped sum (Linear / Conv2d models, the
# run's criterion) or the per-sample gradients of torch.func.vmap (copfl.extensions.dp_sgd)
DP_SGD_FACTOR = {"fast": 2.0, "per-sample": 9.0}
PER_SAMPLE_MODELS = ("lstm",)  # a layer the fast path does not take
PER_SAMPLE_ALGORITHMS = ("fedem", "fedpac")  # a loss of their own (responsibility weights, feature alignment)
CLIENT_ROUND_SECONDS = 0.6e-3  # a client's bookkeeping per round (state, masks, aggregation share)
RUN_SECONDS = 0.1  # building the engine, writing the run's files and the report
# A tuning trial's share of a full run (compare --dry-run, reproduce --tune --dry-run): Hyperband
# stops most trials after a few rounds and a trial evaluates validation data only
# (benchmarks/tuning_cost.py --mode tune-vs-run measured 20 trials = 2.75 runs with start-up on
# digits, ~0.14 of a run each; the tuned-vs-default study's Ditto tunings, 20 rounds, 0.59
# (FEMNIST) and 0.65 (MNIST) of 20 full trials' time, some of it paused); 0.6.
TRIAL_SHARE = 0.6
# pFedSV's Shapley values (copfl.algorithms.shapley): each client and round, one utility evaluation per
# distinct coalition of its S = {i} + k downloaded models, each forming the coalition's model and
# running it over the client's utility data. Measured (MNIST, 20 Dirichlet(0.5) clients of 500
# training samples, the CNN, 2 cores, 2026-11-26): 7.4-9.3 / 25.5 / 64-81 s a round at k0 = 1 / 5
# / 9 (3 / 63 / ~223 evaluations a client), ~14 ms an evaluation, of which the forward pass of the
# 100 held-out images is ~6 ms; the rest, ~8 ms, forming the coalition's model, which scales with
# the model's size: as many seconds as this many samples' forward passes (133 x 60 us):
UTILITY_FORWARDS = 133
# After exploring every peer, pFedSV's dynamic k (A6 "explore") is the number of peers with a
# positive relevance, with no cap: in the study's 20-round trials (20 clients, k0 7-9) full
# trials took 33-135 s a round, 77 s on average, which the model meets with about half of the
# other clients valued positively (it depends on the rates: the fastest trial kept few).
# Pessimistic for many clients: on FEMNIST's 50 writers (k0 = 7, 2 cores) no client had finished
# exploring after 7 rounds (peers ranked by relevance come before unexplored ones), and a round
# took 23-35 s against 72 s estimated (~4.6 ms a utility evaluation against MNIST's ~14 ms).
PFEDSV_POSITIVE_SHARE = 0.5
# On a pathological split (c of C labels a client, each label's images split among its n c / C
# holders) the peers a client values positively are those that share one of its labels (the
# relevance study: precision and recall 100 %, pfedsv-relevance.md): c (n c / C - 1) of n - 1,
# 2 of 9 on pFedSV's 10-client columns. pFedSV's training is Local's on what its hold-out leaves
# (factor 1.0). Checked (studies/estimate_check.py, 2026-12-02) on its Table 1 and 2 columns
# (10 clients, 5 epochs, k0 = 5; one thread beside another run, halved): runs 0.70-1.46 of the
# estimate (MNIST Dir(0.1) / Fashion-MNIST), trials 0.82-1.13. The factor 3.3 over Local it replaces
# was fitted on the 1-epoch study above, where Local itself runs 2.2-2.9x its estimate (5.3-6.9 s
# a round measured, 2.4 estimated): it priced a 5-epoch run at about 4x its cost.
START_SECONDS = 4.0  # python, torch and copfl imports
REPORT_SECONDS = 2.0  # the final report with its plots
LOAD_SECONDS = {32: 0.6, 84: 0.4}  # reading a data set's cached arrays, per setting and seed
CORRUPT_SECONDS = 1.5e-3  # CIFAR-10C: corrupting one client image
# one-time decoding of a data set that is not in the cache yet (CINIC-10: scaled from CIFAR-10)
DECODE_SECONDS = {"cifar10": 6.0, "miniimagenet": 3.0, "cinic10": 30.0}
IMAGE_SIDE = {"cifar10": 32, "cifar10c": 32, "cinic10": 32, "cifar100": 32, "miniimagenet": 84, "mnist": 28, "fashion-mnist": 28, "femnist": 28}

ESTIMATE_NOTE = (
    "an estimate from per-run costs measured on one, +-50% with the CPU and what else runs on it; "
    "data already decoded and cached"
)


def _per_client(v: int | str | None, classes: int | None) -> int:
    return (int(v) if isinstance(v, int) else 50) * (classes or 2)


# the labels of the data sets a pathological split deals out (positive_share)
DATASET_CLASSES = {"mnist": 10, "fashion-mnist": 10, "cifar10": 10, "cifar100": 100}
# training and test samples of the data sets the pFedSV protocol splits whole
SPLIT_SIZES = {"mnist": (60_000, 10_000), "fashion-mnist": (60_000, 10_000), "cifar10": (50_000, 10_000), "cifar100": (50_000, 10_000)}
# a natural client's mean training and test samples (--partition natural: one client per writer),
# from the partial LEAF FEMNIST copy this machine holds (14,708 / 1,685 samples of 50 writers;
# the whole LEAF set averages about 204 / 23). Without it a writer was costed as a 50th of
# 50,000 samples: 3x the measured rounds of FEMNIST's 50 writers (local 9.6 s estimated, 3.4 s
# measured at one thread).
NATURAL_PER_CLIENT = {"femnist": (294, 34)}


def run_seconds(cfg: ResolvedConfig) -> float:
    """The expected seconds of one run (resolved config, label-skew split)."""
    require_resolved(cfg, "run_seconds")
    side = IMAGE_SIDE.get(cfg.dataset, 32)
    per_sample = SAMPLE_SECONDS.get((str(cfg.model), side), SAMPLE_SECONDS[("cnn", side if side in (28, 32, 84) else 32)])
    if cfg.partition == "label-skew":
        n_train = _per_client(cfg.samples_per_class, cfg.classes_per_client)
        n_test = _per_client(cfg.test_samples_per_class, cfg.classes_per_client)
    elif cfg.partition == "natural" and cfg.dataset in NATURAL_PER_CLIENT:  # one client per writer
        n_train, n_test = NATURAL_PER_CLIENT[cfg.dataset]
        n_train, n_test = min(cfg.train_per_client or n_train, n_train), min(cfg.test_per_client or n_test, n_test)
    else:  # the whole data set divided among the clients, up to the caps
        total_train, total_test = SPLIT_SIZES.get(cfg.dataset, (50_000, 10_000))
        n_train = min(cfg.train_per_client or total_train, total_train // max(1, cfg.clients or 10))
        n_test = min(cfg.test_per_client or total_test, total_test // max(1, cfg.clients or 10))
    if cfg.model == "resnet18":
        per_sample *= cfg.width**RESNET_WIDTH_EXPONENT
    factor = ALGORITHM_FACTOR.get(cfg.algorithm, 1.5)
    clients = max(1, round((cfg.clients or 10) * cfg.client_fraction))
    train = 3 * trained_samples(cfg, n_train) * dp_sgd_factor(cfg)
    per_client_round = CLIENT_ROUND_SECONDS + factor * (train + n_test) * per_sample
    if cfg.algorithm == "pfedsv":
        per_client_round += pfedsv_shapley_seconds(cfg, n_train, per_sample)
    return RUN_SECONDS + cfg.rounds * clients * per_client_round


def trained_samples(cfg: ResolvedConfig, n_train: int) -> float:
    """The samples a client trains on in a round: its local epochs over its training data;
    pFedHN takes ``inner_steps`` mini-batches whatever the data; pFedSV trains on what its
    validation hold-out leaves."""
    from copfl.algorithms.base import get_algorithm, make_config

    if cfg.algorithm == "pfedhn":
        return make_config(get_algorithm("pfedhn"), cfg.options or {}).inner_steps * cfg.batch_size
    if cfg.algorithm == "pfedsv":
        o = make_config(get_algorithm("pfedsv"), cfg.options or {})
        if o.validation == "holdout":
            n_train = n_train * (1 - o.holdout_fraction)
    return n_train * cfg.local_epochs


def positive_share(cfg: ResolvedConfig) -> float:
    """The share of its peers a pFedSV client ends up valuing positively: on a pathological
    split those that share one of its labels (:data:`PFEDSV_POSITIVE_SHARE`'s note), else half."""
    n, c = cfg.clients or 10, cfg.classes_per_client
    classes = DATASET_CLASSES.get(cfg.dataset) if cfg.classes is None else None  # a --classes subset: not known here
    if cfg.partition != "pathological" or not c or not classes or n < 2:
        return PFEDSV_POSITIVE_SHARE
    holders = max(1.0, n * c / classes)
    return min(1.0, c * (holders - 1) / (n - 1))


def shapley_evaluations(members: int, permutations_per_member: int = 3, estimator: str = "auto") -> float:
    """The expected number of distinct coalitions whose utility :func:`copfl.algorithms.shapley.shapley_values`
    computes for ``members`` players: every non-empty one when exact (``auto``: when that costs
    no more than Monte-Carlo's R x n marginals, R = ``permutations_per_member`` x n), else
    those R random permutations reach: each permutation's prefix of size s is one of the C(n, s)
    coalitions of that size, drawn uniformly, so R draws reach C (1 - (1 - 1/C)^R) of them."""
    import math

    from copfl.algorithms.shapley import exact_cost

    n = max(1, members)
    r = permutations_per_member * n
    if estimator == "exact" or (estimator == "auto" and exact_cost(n) <= r * n):
        return float(exact_cost(n))
    return sum(c * (1 - (1 - 1 / c) ** r) for c in (math.comb(n, size) for size in range(1, n + 1)))


def pfedsv_shapley_seconds(cfg: ResolvedConfig, n_train: int, per_sample: float) -> float:
    """pFedSV's Shapley values, per client and round on average over the run: the coalition of
    the client and its k downloads times a utility evaluation's cost (forming the coalition's
    model, :data:`UTILITY_FORWARDS`, and one forward pass over the utility data: the held-out
    part of the client's training data, or all of it). k is k0 while the client explores its
    peers (``explore``: (clients - 1) / k0 participations, over the client fraction of the
    rounds), then the peers valued positively
    (:data:`PFEDSV_POSITIVE_SHARE` of them; ``capped``: at most k0; ``fixed``: k0 throughout)."""
    import math

    from copfl.algorithms.base import get_algorithm, make_config

    o = make_config(get_algorithm("pfedsv"), cfg.options or {})
    peers = max(0, (cfg.clients or 10) - 1)
    k0 = min(o.k0, peers)
    later = max(1, round(positive_share(cfg) * peers))
    rule = o.topk
    if rule == "fixed" or k0 == 0:
        explore, later = cfg.rounds, k0
    else:
        # a client explores k0 unscored peers each time it takes part (a fraction of the rounds)
        explore = 0 if rule == "positive" else min(cfg.rounds, math.ceil(math.ceil(peers / k0) / cfg.client_fraction))
        later = min(later, k0) if rule == "capped" else later
    evals = lambda k: shapley_evaluations(k + 1, o.permutations_per_member, o.estimator)  # noqa: E731
    mean_evaluations = (explore * evals(k0) + (cfg.rounds - explore) * evals(later)) / cfg.rounds
    n_val = n_train * o.holdout_fraction if o.validation == "holdout" else n_train
    return mean_evaluations * (n_val + UTILITY_FORWARDS) * per_sample


def trial_seconds(cfg: ResolvedConfig, fixed: dict[str, Any] | None = None) -> float:
    """A tuning trial's expected seconds: :data:`TRIAL_SHARE` of a full run of ``cfg``, the run's
    cost averaged over the values the trials draw of each integer or choice knob of the
    algorithm's search space that is not ``fixed`` (a knob that sets how much work a round
    does: pFedSV's k0, the local epochs...), one knob at a time around ``cfg``'s values (float
    knobs, rates and weights, cost nothing)."""
    from dataclasses import replace

    from copfl.algorithms.base import get_algorithm
    from copfl.algorithms.search_space import space_of
    from copfl.tuning.values import split_values

    require_resolved(cfg, "trial_seconds")
    cls = get_algorithm(cfg.algorithm)
    base = run_seconds(cfg)
    extra = 0.0
    for name, knob in space_of(cls).items():
        if knob.kind == "float" or name in (fixed or {}):
            continue
        values = list(knob.choices) if knob.kind == "choice" else list(range(int(knob.low), int(knob.high) + 1))  # type: ignore[arg-type]
        costs = []
        for v in values:
            run, own = split_values(cls, {name: v}, "trial_seconds")
            costs.append(run_seconds(replace(cfg, **run, options={**(cfg.options or {}), **own})))
        extra += sum(costs) / len(costs) - base
    return TRIAL_SHARE * (base + extra)


def dp_sgd_factor(cfg: ResolvedConfig) -> float:
    """How much dearer a training step is under the run's differential privacy (1 without DP-SGD)."""
    if not (cfg.dp_noise > 0 and cfg.dp_mode == "sgd"):
        return 1.0
    slow = str(cfg.model) in PER_SAMPLE_MODELS or cfg.algorithm in PER_SAMPLE_ALGORITHMS
    return DP_SGD_FACTOR["per-sample" if slow else "fast"]


def federation_seconds(cfg: ResolvedConfig) -> float:
    """Loading a setting's (cached) data and splitting it; CIFAR-10C also corrupts every client's images."""
    require_resolved(cfg, "federation_seconds")
    t = LOAD_SECONDS.get(IMAGE_SIDE.get(cfg.dataset, 32), 0.6)
    if cfg.dataset == "cifar10c":
        per = _per_client(cfg.samples_per_class, cfg.classes_per_client) + _per_client(cfg.test_samples_per_class, cfg.classes_per_client)
        t += CORRUPT_SECONDS * (cfg.clients or 10) * per
    return t


def estimate_seconds(cfgs: Iterable[RunConfig]) -> float:
    """One ``copfl reproduce`` command that does these runs (grouped by data setting and seed, as it runs them)."""
    total, feds = 0.0, {}
    for cfg in cfgs:
        c = cfg.resolved()
        total += run_seconds(c)
        key = (c.dataset, c.clients, c.partition, c.classes_per_client, c.samples_per_class, c.test_samples_per_class, c.seed)
        feds.setdefault(key, federation_seconds(c))
    return START_SECONDS + sum(feds.values()) + total + REPORT_SECONDS


def format_duration(seconds: float) -> str:
    """About how long: 25 s, 12 min, 31 h, 12 days."""
    if seconds < 90:
        return f"{max(1, round(seconds))} s"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} min"
    if seconds < 72 * 3600:
        return f"{round(seconds / 3600)} h"
    return f"{round(seconds / 86400)} days"


# --------------------------------------------------------------------------- data
def data_status(datasets: Iterable[str], data_dir: Path, cache_dir: Path | None) -> dict[str, dict]:
    """Per data set (without loading it): found where (and whether its decoded arrays are cached),
    or the paths that were looked for and how to obtain it."""
    from copfl.data.sources.registry import SOURCES, locate

    out: dict[str, dict] = {}
    for name in datasets:
        src = SOURCES[name]
        base = SOURCES[src.base] if src.base else src
        found = locate(name, data_dir)
        doc: dict = {"found": None if found is None else str(found)}
        if found is None:
            doc["looked_for"] = [str(data_dir / c.relpath) for c in base.candidates]
            doc["how_to_get"] = base.how_to_get
            doc["download"] = base.fetch is not None
        else:
            doc["cached"] = _is_cached(base.name, found, cache_dir)
            doc["decode_seconds"] = DECODE_SECONDS.get(base.name)
        out[name] = doc
    return out


def _is_cached(name: str, path: Path, cache_dir: Path | None) -> bool | None:
    """Whether the decoded arrays of ``path`` are in the cache (None: cannot tell)."""
    from copfl.data.sources.dataset import _source_key, default_cache_dir

    try:
        cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
        return (cache / f"{name}-{_source_key(path)}.npz").exists()
    except (AttributeError, OSError):
        return None


# --------------------------------------------------------------------------- data sizes
def listing_label_counts(path: Path) -> tuple[list[int], list[int]] | None:
    """Images per class of an image tree (``train/<class>/<file>`` and ``test/<class>/<file>``
    or ``val/<class>/<file>``,
    possibly under one top folder), read from a zip's listing or a folder's, without decoding
    anything; None for other forms (an npz, a pickle...)."""
    import zipfile

    names: list[str]
    try:
        if path.is_file() and zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as z:
                names = [n for n in z.namelist() if not n.endswith("/")]
        elif path.is_dir():
            names = [str(p.relative_to(path)) for p in path.glob("*/*/*") if p.is_file()]
            names += [str(p.relative_to(path)) for p in path.glob("*/*/*/*") if p.is_file()]
        else:
            return None
    except (OSError, zipfile.BadZipFile):
        return None
    counts: dict[str, dict[str, int]] = {"train": {}, "test": {}, "val": {}}
    for n in names:
        parts = n.replace("\\", "/").split("/")
        for i, part in enumerate(parts[:-2]):
            if part in counts and len(parts) - i == 3:
                counts[part][parts[i + 1]] = counts[part].get(parts[i + 1], 0) + 1
                break
    test = counts["test"] or counts["val"]  # Mini-ImageNet's trees name their test split val
    if not counts["train"] or not test:
        return None
    classes = sorted(set(counts["train"]) | set(test))
    return [counts["train"].get(c, 0) for c in classes], [test.get(c, 0) for c in classes]


def _cache_file(name: str, path: Path, cache_dir: Path | None) -> Path:
    from copfl.data.sources.dataset import _source_key, default_cache_dir

    cache = Path(cache_dir) if cache_dir is not None else default_cache_dir()
    return cache / f"{name}-{_source_key(path)}.npz"


def cached_label_counts(name: str, path: Path, cache_dir: Path | None) -> tuple[list[int], list[int]] | None:
    """Samples per class from the decoded-array cache (its label arrays only), None without one."""
    import numpy as np

    try:
        f = _cache_file(name, path, cache_dir)
        if not f.exists():
            return None
        with np.load(f, allow_pickle=False) as z:
            y_train, y_test = z["y_train"], z["y_test"]
    except (OSError, ValueError, KeyError, AttributeError):
        return None
    k = int(max(y_train.max(initial=-1), y_test.max(initial=-1))) + 1
    return np.bincount(y_train, minlength=k).tolist(), np.bincount(y_test, minlength=k).tolist()


def cached_class_names(name: str, path: Path, cache_dir: Path | None) -> tuple[str, ...] | None:
    """The class names recorded in the decoded-array cache's metadata, None without them."""
    import json

    import numpy as np

    try:
        f = _cache_file(name, path, cache_dir)
        if not f.exists():
            return None
        with np.load(f, allow_pickle=False) as z:
            names = json.loads(str(z["meta"]))["classes"]
    except (OSError, ValueError, KeyError, AttributeError, TypeError):
        return None
    return tuple(str(n) for n in names) if isinstance(names, list) else None


def split_problem(cfg: ResolvedConfig, counts: tuple[list[int], list[int]], class_names: tuple[str, ...] | None = None) -> str | None:
    """Why the run's split cannot be made from a data set with these samples per class (the
    partitioner's own words), or None when it can. Runs the real partitioner on labels alone.
    A class selection (``--classes``) is judged when ``class_names`` (the data set's, in label
    order) are known: the partitioner then sees the kept classes only, as a run does."""
    import numpy as np

    from copfl.data.partitioners import PartitionError, make_split
    from copfl.data.sources.dataset import parse_classes
    from copfl.execution.federation import partition_settings

    if cfg.split_file is not None or cfg.partition == "natural":
        return None  # a saved split or natural clients: not judged from counts
    tr, te = counts
    keep, names = None, None
    if cfg.classes is not None:
        if class_names is None or len(class_names) < len(tr):
            return None  # which labels the selection keeps is not known without the names
        tr, te = [*tr, *[0] * (len(class_names) - len(tr))], [*te, *[0] * (len(class_names) - len(te))]  # the last classes may be absent
        try:
            keep = tuple(parse_classes(cfg.classes, class_names))
        except ValueError:
            return None  # the run itself names a bad selection
        tr, te, names = [tr[i] for i in keep], [te[i] for i in keep], tuple(class_names[i] for i in keep)
    y_train = np.repeat(np.arange(len(tr)), tr)
    y_test = np.repeat(np.arange(len(te)), te)
    try:
        make_split(y_train, y_test, partition_settings(cfg, keep), cfg.seed, class_names=names, dataset=cfg.dataset)
    except PartitionError as e:
        return str(e)
    return None
