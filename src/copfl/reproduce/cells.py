"""What a paper experiment is made of: a data :class:`Setting` (a column), a :class:`Cell` (one
number of a paper table: an algorithm with its options on a setting, the paper's value beside
it), an :class:`Experiment` (its title, kind and notes), and the three scales a reproduction
runs at (smoke, cpu, paper). The experiments themselves are in :mod:`copfl.reproduce.experiments`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import copfl.reproduce.paper as paper

SCALES = ("smoke", "cpu", "paper")

# What each scale changes; written at the top of every report.
SCALE_NOTES: dict[str, str] = {
    "paper": (
        "the protocol as published: randomly initialized ResNet-18 (torchvision layout, 7x7 stem + max-pool), "
        "200 rounds, full participation, batch 32, 1 local epoch, the paper's label-skew split "
        "(s classes per client, M_bound training and 100 test samples per class), CO-PFL p=0.25 "
        "(0.15 on CIFAR-10C) and gamma=0.5, learning rates tuned over the paper's grids."
    ),
    "cpu": (
        "the paper's protocol (clients, classes per client, samples per class, batch 32, 1 local epoch, "
        "full participation, p, gamma, learning-rate grids) with two changes so that a table column "
        "fits a 2-core CPU in about an hour: the FedAvg CNN (2 conv + 2 fc, 0.88 M parameters) instead "
        "of ResNet-18 (11.2 M), and 100 rounds instead of 200."
    ),
    "smoke": (
        "a functional check, not a measurement: every cell's runs with the paper's clients and classes per "
        "client, but a tiny network (images average-pooled to 4x4, two linear layers, 1-2.5 k parameters), "
        "2 rounds (whatever model an experiment's cells set), M_bound/10 training and 4 test samples per class, "
        "no learning-rate grid. The numbers mean nothing."
    ),
}


# Run options that define a scale: an experiment's cells may set them (the ResNet study), except
# at smoke scale, which always runs its tiny model for 2 rounds.
SCALE_FIELDS = ("model", "resnet_stem", "width", "rounds")


def scale_run_options(scale: str) -> dict[str, Any]:
    """RunConfig fields that a scale sets for every run."""
    if scale not in SCALES:
        raise ValueError(f"unknown scale {scale!r}; expected one of {', '.join(SCALES)}")
    common = {"batch_size": 32, "local_epochs": 1, "client_fraction": 1.0, "eval_every": 1, "augment": False}
    if scale == "paper":
        return {**common, "model": "resnet18", "resnet_stem": "imagenet", "rounds": 200}
    if scale == "cpu":
        return {**common, "model": "cnn", "rounds": 100}
    # smoke: the model that is cheap on any image size (Mini-ImageNet's 84x84 too): with the MLP
    # (4.3 M parameters on 84x84) per-client state made table2 take minutes and 7+ GB
    return {**common, "model": "tiny", "rounds": 2}


def scale_samples(scale: str, train: int, test: int) -> tuple[int, int]:
    """Samples per class per client (training, test) at a scale."""
    return (max(1, train // 10), 4) if scale == "smoke" else (train, test)


DISPLAY = {
    "mnist": "MNIST",
    "fashion-mnist": "FMNIST",
    "cifar100": "CIFAR100",
    "femnist": "FEMNIST",
    "cifar10": "CIFAR10",
    "cifar10c": "CIFAR10C",
    "cinic10": "CINIC10",
    "miniimagenet": "M-ImageNet",
}


@dataclass(frozen=True)
class Setting:
    """A data setting: one column of a paper table."""

    dataset: str
    clients: int
    classes_per_client: int = 2
    samples_per_class: int = 50  # M_bound
    test_samples_per_class: int | str = 100
    # the pFedSV and DPAO-PFL protocols: other partitions and run options of their own
    partition: str = "label-skew"
    alpha: float = 0.5  # dirichlet
    classes: str | None = None  # --classes (DPAO-PFL's FEMNIST letters a-j)
    run: tuple[tuple[str, Any], ...] = ()  # the protocol's run options at every scale (smoke keeps its model and rounds)
    cpu: tuple[tuple[str, Any], ...] = ()  # what the cpu scale changes beyond that (caps, rounds)
    # what its tuning problem (``--tune N``) adds at the tuning scale: the caps of a final row that
    # runs on more data than it was tuned on (tune on capped data, reuse the values at full data)
    tune_run: tuple[tuple[str, Any], ...] = ()
    name: str = ""  # a key of its own (default: from the fields)
    reading: str = ""  # a reading of the paper this column measures: said in its title

    @property
    def key(self) -> str:
        if self.name:
            return self.name
        if self.partition != "label-skew":
            part = f"dir{self.alpha:g}" if self.partition == "dirichlet" else self.partition
            return f"{self.dataset}-{self.clients}-{part}"
        m = "" if self.samples_per_class == 50 else f"-m{self.samples_per_class}"
        return f"{self.dataset}-{self.clients}{m}"

    @property
    def title(self) -> str:
        if self.partition != "label-skew":
            part = f"Dir({self.alpha:g})" if self.partition == "dirichlet" else self.partition
            return f"{DISPLAY.get(self.dataset, self.dataset)}, {self.clients} clients, {part}" + (f", {self.reading}" if self.reading else "")
        m = "" if self.samples_per_class == 50 else f", M={self.samples_per_class}"
        return f"{DISPLAY.get(self.dataset, self.dataset)}, {self.clients} clients{m}"


# The papers train on all of each client's training data: the CO-PFL tables' paper-default rows
# run that protocol (no validation hold-out), which is also what their committed reports were made
# with (before copfl held out 10% by default), so those runs keep their identities. A tuned row
# tunes on validation data all the same (tuned.TUNE_VAL_FRACTION); studies of copfl's own that
# report a round selected on validation (copfl-readings, copfl-resnet) keep the hold-out.
PAPER_PROTOCOL = (("val_fraction", 0.0),)


def paper_setting(dataset: str, clients: int, samples_per_class: int = 50, protocol: bool = False) -> Setting:
    """A CO-PFL table's column; ``protocol``: the paper's, every training sample trains
    (:data:`PAPER_PROTOCOL`)."""
    s = 10 if dataset == "miniimagenet" else 2
    return Setting(dataset, clients, s, samples_per_class, run=PAPER_PROTOCOL if protocol else ())


@dataclass(frozen=True)
class Cell:
    """One number of a paper table."""

    group: str  # sub-table (e.g. the data set of a p x gamma grid); "" for a single table
    row: str  # row label, as in the paper
    col: str  # column label, as in the paper
    setting: Setting
    algorithm: str
    options: tuple[tuple[str, Any], ...] = ()
    paper: float | None = None
    lrs: tuple[float | None, ...] = (None,)  # the learning rates to run (None: the algorithm's default)
    run_options: tuple[tuple[str, Any], ...] = ()  # RunConfig fields of the cell's runs (an attack, --robust)
    paper_rounds: tuple[int | None, ...] | None = None  # DPAO-PFL Table 3: rounds to MILESTONES (None: never)
    paper_epsilon: float | None = None  # pFedSV Table 4: the privacy budget at delta 1e-5 (inf: no noise)
    paper_spread: float | None = None  # DPAO-PFL Table 3: the std of the final accuracy across clients
    min_seeds: int = 1  # at least this many seeds whatever --seeds says (pFedSV's and FedFomo's cells: 2)
    # a column of the same row whose runs give this cell's figures, so it runs nothing itself:
    # Local under attack, whose honest clients never receive anything from an attacker
    # (runner.derive_from_unattacked; tests/test_attacks.py checks they are bit-identical)
    same_as: str | None = None
    added: bool = False  # a row not in the paper, added with --add-algorithms (added_cells)

    @property
    def tuned(self) -> bool:
        return len(self.lrs) > 1


@dataclass(frozen=True)
class Experiment:
    name: str
    title: str
    source: str
    kind: str  # how the report shows it: table | heatmap | datasize | curves
    metric_note: str = ""
    settings: tuple[Setting, ...] = field(default_factory=tuple)
    seeds: int = 1  # seeds per cell when --seeds is not given
    paper: str = "CO-PFL"  # whose numbers the cells hold
    scale_notes: dict[str, str] | None = None  # what each scale means for it (default: the CO-PFL protocol's SCALE_NOTES)


def lr_grid(algorithm: str, tune: bool, fixed: float | None = None) -> tuple[float | None, ...]:
    """The learning rates a cell runs: the paper's grid when tuning, else one rate (``fixed``
    when the paper fixes it, else the algorithm's documented default)."""
    if fixed is not None:
        return (fixed,)
    if not tune:
        return (None,)
    return paper.COPFL_LRS if algorithm == "co-pfl" else paper.BASELINE_LRS


def copfl_options(dataset: str, **extra: Any) -> tuple[tuple[str, Any], ...]:
    opts = {"p": paper.BEST_P.get(dataset, 0.25), "gamma": paper.BEST_GAMMA, **extra}
    return tuple(sorted(opts.items()))


def alg_options(algorithm: str, dataset: str) -> tuple[tuple[str, Any], ...]:
    return copfl_options(dataset) if algorithm == "co-pfl" else ()
