"""The data side of a run: the data set, its split among clients and the clients' data."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from copfl.execution.config import RunConfig
from copfl.data.clients import ClientData, build_clients, with_validation
from copfl.data.partitioners import PartitionSettings, Split, make_split
from copfl.data.sources.registry import SOURCES, load_dataset
from copfl.data.sources.dataset import ArrayDataset, LoadProgress, parse_classes, select_classes
from copfl.seeding import numpy_rng


@dataclass
class Federation:
    """The data side of a run, shared by every algorithm of a comparison."""

    dataset: ArrayDataset
    split: Split
    clients: list[ClientData]
    mean: np.ndarray
    std: np.ndarray
    client_info: dict[str, list] = field(default_factory=dict)  # e.g. each client's corruption


def partition_settings(cfg: Any, keep: Any = None) -> PartitionSettings:
    """The partition a resolved run config asks for (``keep``: the ``--classes`` selection)."""
    return PartitionSettings(
        scheme=cfg.partition,
        num_clients=cfg.clients,
        classes_per_client=cfg.classes_per_client,
        samples_per_class=_count(cfg.samples_per_class),
        test_samples_per_class=_count(cfg.test_samples_per_class),
        alpha=cfg.alpha,
        power=cfg.power,
        min_samples=cfg.min_samples,
        test_split=cfg.test_split,
        classes=keep,
        max_train=cfg.train_per_client,
        max_test=cfg.test_per_client,
    )


def build_federation(cfg: RunConfig, dataset: ArrayDataset | None = None, progress: LoadProgress | None = None) -> Federation:
    """The data of a run; loading the data set reports to ``progress`` (None: silently).
    ``dataset``: the data set as loaded (``--classes`` is applied to it here)."""
    cfg = cfg.resolved()
    ds = dataset if dataset is not None else load_dataset(cfg.dataset, cfg.data_dir, cfg.cache_dir, cfg.download, progress)
    keep = None
    if cfg.classes is not None:  # --classes: a k-class data set from here on (labels 0..k-1)
        keep = tuple(parse_classes(cfg.classes, ds.classes))
        ds = select_classes(ds, keep)
    if cfg.split_file:
        split = Split.load(cfg.split_file)
        split.check_indices(len(ds.y_train), len(ds.y_test), SOURCES[cfg.dataset].shared_pool if cfg.dataset in SOURCES else False)
        split.check_matches(ds.y_train, ds.y_test, keep)
    else:
        settings = partition_settings(cfg, keep)
        groups = (ds.groups_train, ds.groups_test) if ds.group_names is not None else None
        split = make_split(ds.y_train, ds.y_test, settings, cfg.seed, groups, ds.classes, cfg.dataset)
    mean, std = ds.channel_stats()
    transform, info = None, {}
    if SOURCES[cfg.dataset].feature_shift if cfg.dataset in SOURCES else False:
        transform, info = corruption_shift(split.num_clients, cfg.severity, cfg.seed)
    clients = build_clients(ds, split, mean, std, transform)
    if cfg.val_fraction > 0:
        clients = [with_validation(c, cfg.val_fraction, cfg.seed, i, cfg.val_min) for i, c in enumerate(clients)]
    return Federation(ds, split, clients, mean, std, info)


def corruption_shift(num_clients: int, severity: int, seed: int):
    """CO-PFL's feature shift (CIFAR-10C): client n's training and test images all get the
    corruption ``order[n % K]`` at ``severity``, ``order`` a seeded permutation of the K = 14
    generable standard corruptions (distinct for up to 14 clients, then reused in turn)."""
    from copfl.data import corruptions

    names = [n for n in corruptions.STANDARD if n in corruptions.available()]
    order = [names[i] for i in numpy_rng(seed, "cifar10c", "order").permutation(len(names))]
    assigned = [order[n % len(order)] for n in range(num_clients)]

    def transform(client: int, x: np.ndarray, part: str) -> np.ndarray:
        return corruptions.corrupt(x, assigned[client], severity, numpy_rng(seed, "cifar10c", client, part))

    return transform, {"corruption": assigned, "severity": [severity] * num_clients}


def _count(v: int | str | None) -> int | None:
    return None if v == "all" else int(v)  # type: ignore[arg-type]
