"""The CO-PFL paper's experiments as lists of cells, and the three scales they run at.

A *cell* is one number of a paper table (an algorithm with its options on one data setting),
with the paper's value beside it. A cell becomes one run per (learning rate, seed); with the
paper's rate grid on (``--lr-grid``: the ``tune`` argument of the cell builders below), the
cell's figure is the one of the learning rate with the best mean final *test* accuracy over
seeds, as the paper reports "the best performance" of each method (selection on test data).
Tuning on validation data (``--tune N``) is :mod:`copfl.reproduce.tuned`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import copfl.reproduce.paper as paper
import copfl.reproduce.paper_pfedsv_dpao as pv

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


def _alg_options(algorithm: str, dataset: str) -> tuple[tuple[str, Any], ...]:
    return copfl_options(dataset) if algorithm == "co-pfl" else ()


def table2_cells(tune: bool) -> list[Cell]:
    cells = []
    for j, (ds, n) in enumerate(paper.TABLE2_COLUMNS):
        st = paper_setting(ds, n, protocol=True)
        for row, alg in paper.ALGORITHM_ROWS.items():
            cells.append(Cell("", row, st.title, st, alg, _alg_options(alg, ds), paper.TABLE2[row][j], lr_grid(alg, tune)))
    return cells


SMALL = {"cifar10": 10, "cifar10c": 10, "cinic10": 20, "miniimagenet": 20}  # the "few clients" columns


def table3_cells(tune: bool) -> list[Cell]:
    cells = []
    for ds, values in paper.TABLE3.items():
        st = paper_setting(ds, SMALL[ds], protocol=True)
        for row, score in paper.TABLE3_ROWS.items():
            opts = copfl_options(ds, score=score)
            cells.append(Cell("", row, st.title, st, "co-pfl", opts, values[row], lr_grid("co-pfl", tune, paper.ABLATION_LR)))
    return cells


def pgamma_cells(tune: bool) -> list[Cell]:
    cells = []
    for ds, grid in paper.PGAMMA.items():
        st = paper_setting(ds, SMALL[ds], protocol=True)
        for i, p in enumerate(paper.P_VALUES):
            for j, g in enumerate(paper.GAMMA_VALUES):
                if grid[i][j] is None:
                    continue  # the paper leaves p > gamma out
                opts = tuple(sorted({"p": p, "gamma": g}.items()))
                cells.append(Cell(DISPLAY[ds], f"p={p:g}", f"gamma={g:g}", st, "co-pfl", opts, grid[i][j], lr_grid("co-pfl", tune)))
    return cells


def datasize_cells(tune: bool) -> list[Cell]:
    cells = []
    for ds, table in paper.DATASIZE.items():
        for j, m in enumerate(paper.DATASIZE_BOUNDS):
            st = paper_setting(ds, 10, m, protocol=True)
            for row, alg in paper.ALGORITHM_ROWS.items():
                cells.append(Cell(DISPLAY[ds], row, f"M={m}", st, alg, _alg_options(alg, ds), table[row][j], lr_grid(alg, tune)))
    return cells


def mamo_cells(tune: bool) -> list[Cell]:
    cells = []
    for ds, n in SMALL.items():
        st = paper_setting(ds, n, protocol=True)
        for row, on in (("with MAMO", True), ("without MAMO", False)):
            cells.append(Cell("", row, st.title, st, "co-pfl", copfl_options(ds, mamo=on), None, lr_grid("co-pfl", tune, paper.MAMO_LR)))
    return cells


def convergence_cells(tune: bool) -> list[Cell]:
    cells = []
    for ds, n in SMALL.items():
        st = paper_setting(ds, n, protocol=True)
        for row, alg in paper.ALGORITHM_ROWS.items():
            cells.append(Cell("", row, st.title, st, alg, _alg_options(alg, ds), None, lr_grid(alg, tune)))
    return cells


# The robustness study (issue 18; no paper table): who resists Byzantine and free-riding clients
# row -> (algorithm, algorithm options, run options, learning rate). One rate per method, not
# tuned (15 columns of 8 methods): Local, FedAvg and CO-PFL at the rate Table II's cpu-scale
# tuning chose on this column (docs/results/reproduce-cpu/table2.md), pFedSV, FedFomo and
# FedAMP at their documented defaults (None: the algorithm's run_defaults, docs/baselines.md).
ROBUSTNESS_METHODS: dict[str, tuple[str, tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...], float | None]] = {
    "Local Only": ("local", (), (), 0.01),
    "FedAvg": ("fedavg", (), (), 0.01),
    "FedAvg + median": ("fedavg", (), (("robust", "median"),), 0.01),
    "CO-PFL": ("co-pfl", copfl_options("cifar10"), (), 1e-4),
    "CO-PFL defended": ("co-pfl", copfl_options("cifar10", defense="reject"), (), 1e-4),
    "CO-PFL + median": ("co-pfl", copfl_options("cifar10"), (("robust", "median"),), 1e-4),
    "pFedSV": ("pfedsv", (), (), None),
    "FedFomo": ("fedfomo", (), (), None),
    "FedAMP": ("fedamp", (), (), None),
}
ROBUSTNESS_ATTACKS = ("sign-flip", "scale", "gaussian", "label-flip", "free-rider", "stale", "collude")
ROBUSTNESS_FRACTIONS = (0.1, 0.3)


def robustness_cells(tune: bool) -> list[Cell]:
    """Every method x (no attack, each attack at each fraction); learning rates fixed (``tune``
    does not apply: see ROBUSTNESS_METHODS)."""
    st = paper_setting("cifar10", 10)
    attacks: list[tuple[str, tuple[tuple[str, Any], ...]]] = [("no attack", ())]
    attacks += [(f"{a} {round(100 * f)}%", (("attack", a), ("attackers", f))) for a in ROBUSTNESS_ATTACKS for f in ROBUSTNESS_FRACTIONS]
    cells = []
    for row, (alg, opts, run_opts, lr) in ROBUSTNESS_METHODS.items():
        for col, attack in attacks:
            same_as = "no attack" if alg == "local" and attack else None  # nothing of an attacker reaches Local's clients
            cells.append(Cell("", row, col, st, alg, opts, None, (lr,), tuple(sorted(run_opts + attack)), same_as=same_as))
    return cells


# The CO-PFL readings study (issue 21): every reading the notes leave open, one factor at a
# time from the default, on the CIFAR-10 10-client column; beside the baselines that lead it.
# group -> [(row, algorithm, algorithm options changed, run options, learning rate)]; the first
# row of a group is its reference (the default reading). Rates: CO-PFL the paper's 1e-4 (Table
# II's cpu-scale tuning chose it too), the baselines the 1e-2 that tuning chose on this column.
READINGS: dict[str, list[tuple[str, str, dict[str, Any], dict[str, Any], float]]] = {
    "CO-PFL": [
        ("default readings (tensor, every round, per-coordinate, loss, train, both, 1 epoch) at the paper's Adam 1e-4", "co-pfl", {}, {}, 1e-4),
        ("PWPM global (strict gamma budget)", "co-pfl", {"pwpm": "global"}, {}, 1e-4),
        ("grow every 3 rounds", "co-pfl", {"grow_every": 3}, {}, 1e-4),
        ("aggregation literal", "co-pfl", {"aggregation": "literal"}, {}, 1e-4),
        ("prediction score inverse", "co-pfl", {"pred_sign": "inverse"}, {}, 1e-4),
        ("prediction score on held-out data", "co-pfl", {"pred_data": "holdout"}, {}, 1e-4),
        ("COWA score grad", "co-pfl", {"score": "grad"}, {}, 1e-4),
        ("COWA score pred", "co-pfl", {"score": "pred"}, {}, 1e-4),
        ("COWA uniform", "co-pfl", {"score": "uniform"}, {}, 1e-4),
        ("3 local iterations (conference)", "co-pfl", {}, {"local_epochs": 3}, 1e-4),
        ("Adam lr 1e-3", "co-pfl", {}, {}, 1e-3),
        ("Adam lr 1e-5", "co-pfl", {}, {}, 1e-5),
    ],
    "FedSelect": [
        ("default (p 0.25, bound 0.8, grow every 3, uniform)", "fedselect", {}, {}, 1e-2),
        ("grow every round", "fedselect", {"grow_every": 1}, {}, 1e-2),
        ("bound 0.5", "fedselect", {"bound": 0.5}, {}, 1e-2),
        ("weights by samples", "fedselect", {"weighting": "samples"}, {}, 1e-2),
    ],
    "FedPAC": [
        ("default (lambda 1, 1 head epoch)", "fedpac", {}, {}, 1e-2),
        ("no feature alignment (lambda 0)", "fedpac", {"lam": 0.0}, {}, 1e-2),
        ("head never trained (0 head epochs: the body phase keeps the head frozen)", "fedpac", {"head_epochs": 0}, {}, 1e-2),
        ("head and body trained jointly (one phase)", "fedpac", {"phases": "joint"}, {}, 1e-2),
    ],
    "Baselines": [
        ("Local Only", "local", {}, {}, 1e-2),
        ("FedAvg", "fedavg", {}, {}, 1e-2),
    ],
}


# The readings study's second part: the same protocol with the 7x7-stem ResNet-18 for the paper's
# 200 rounds. At width 1 (11.2 M parameters) the 20 runs take about 6 h of the 2-core machine (one
# core a run: about 6 s a round for FedAvg, 18-25 s for CO-PFL), more than a session keeps its run
# folders; at width 0.5 (2.8 M parameters, the "narrower width") a round costs about a
# quarter (1.6 s FedAvg, 5 s CO-PFL), so both seeds of every row fit about 100 minutes. Rates as in
# the CNN study, CO-PFL at copfl's default Adam 1e-3 (the CNN study's and FEMNIST's evidence:
# docs/results/copfl-default-lr.md; at the paper's 1e-4 a width-1 seed-0 run ended at 61.95).
# Batch-norm statistics are a reading of their own with this model (a width-1, 30-round probe:
# CO-PFL 64.45 shared, 76.50 local), so CO-PFL and the two rivals it could overtake, FedSelect
# (masks like its own) and FedPAC, run with them shared (the engine's, as in every paper table)
# and local; this study's +7.5 for CO-PFL made local its own default (a `copfl run`'s).
RESNET_ROWS: dict[str, list[tuple[str, str, dict[str, Any], dict[str, Any], float]]] = {
    "CO-PFL": [
        ("CO-PFL (Adam 1e-3, batch-norm statistics shared, as in the paper tables)", "co-pfl", {}, {}, 1e-3),
        ("CO-PFL (batch-norm statistics local, copfl's default)", "co-pfl", {}, {"bn_stats": "local"}, 1e-3),
    ],
    "Baselines": [
        ("Local Only", "local", {}, {}, 1e-2),
        ("FedAvg", "fedavg", {}, {}, 1e-2),
        ("FedPer", "fedper", {}, {}, 1e-2),
        ("FedSelect", "fedselect", {}, {}, 1e-2),
        ("FedPAC", "fedpac", {}, {}, 1e-2),
        ("FedSelect (batch-norm statistics local)", "fedselect", {}, {"bn_stats": "local"}, 1e-2),
        ("FedPAC (batch-norm statistics local)", "fedpac", {}, {"bn_stats": "local"}, 1e-2),
    ],
}
RESNET_RUN = {"model": "resnet18", "resnet_stem": "imagenet", "width": 0.5, "rounds": 200}
# CO-PFL's two rows run a third seed: at 2 seeds a paired t-test has 1 degree of freedom (it
# needs a mean difference 9 times its std), and the batch-norm reading decides a default
RESNET_MIN_SEEDS = {"CO-PFL": 3}
RESNET_SCALE_NOTES = {
    "cpu": "the CO-PFL CIFAR-10 protocol (10 clients x 2 classes, 50 training and 100 test samples per class, batch 32, "
           "1 local epoch, full participation, p 0.25, gamma 0.5) with the paper's ResNet-18 (7x7 stem + max-pool) at half "
           "width (2.8 M parameters; width 1 has 11.2 M) for the paper's 200 rounds; rates fixed (no tuning). About 1.6 s "
           "(FedAvg) to 5 s (CO-PFL) a round on one core of the 2-core machine.",
    "paper": "as cpu: this study runs the paper's round budget at fixed rates; the paper's width is `--width 1` on a "
             "`copfl run` (about 4 times the CPU time).",
    "smoke": SCALE_NOTES["smoke"],
}


def readings_cells(tune: bool, table: dict[str, list[tuple[str, str, dict[str, Any], dict[str, Any], float]]] | None = None,
                   run: dict[str, Any] | None = None) -> list[Cell]:
    """One cell per reading (fixed rates: ``tune`` does not apply)."""
    st = paper_setting("cifar10", 10)
    cells = []
    for group, rows in (READINGS if table is None else table).items():
        for row, alg, opts, run_opts, lr in rows:
            options = copfl_options("cifar10", **opts) if alg == "co-pfl" else tuple(sorted(opts.items()))
            cells.append(Cell(group, row, st.title, st, alg, options, None, (lr,), tuple(sorted({**(run or {}), **run_opts}.items()))))
    return cells


def resnet_cells(tune: bool) -> list[Cell]:
    return [replace(c, min_seeds=RESNET_MIN_SEEDS.get(c.group, 1)) for c in readings_cells(tune, RESNET_ROWS, RESNET_RUN)]


# ---------------------------------------------------------------------------- pFedSV
# The pFedSV protocol (PAPER-NOTES-pfedsv-dpao): the `cnn` for every data set, 5 local epochs,
# batch 32 (A13), plain SGD (momentum 0) at lr 0.01 (MNIST, FMNIST) or 0.1 (CIFAR-10, and
# CIFAR-100, A13) for every method; 10 clients take part fully for 20 rounds, 100 clients 10%
# for 100 rounds; the whole data set is split (pathological: 2 labels per client, 20 on
# CIFAR-100, A12; or Dirichlet 0.1). cpu scale: each client's samples capped, harder for 100
# clients (100 rounds of 10 participants: at 500 samples a column would take 3-7 h).
PFEDSV_CPU_CAPS = (("train_per_client", 500), ("test_per_client", 200))
PFEDSV_CPU_CAPS_100 = (("train_per_client", 100), ("test_per_client", 100))


PFEDSV_SCALE_NOTES = {
    "paper": "the pFedSV protocol as published (PAPER-NOTES-pfedsv-dpao): the `cnn` on every data set, the whole data set "
             "split among the clients, 5 local epochs, batch 32 (A13), plain SGD at lr 0.01 (MNIST, FMNIST) or 0.1 (CIFAR), "
             "10 clients fully for 20 rounds, 100 clients 10% a round for 100 rounds; rates fixed as in the paper.",
    "cpu": "the paper's protocol with each client's data capped after the split (a seeded subsample): at most 500 training "
           "and 200 test samples with 10 clients, 100 and 100 with 100 clients (their 100 rounds of 10 participants), so "
           "that a column fits about an hour on 2 cores (CIFAR-10 about 1.5 h); everything else as published. The cap stays "
           "in tuned runs too: the whole split (MNIST: 5,775-6,000 training images a client) measured 27-475 s a round per "
           "method (docs/results/pfedsv-baselines-mnist.md), about 8.7 h for one seed of a 10-client column's 11 rows, so "
           "a tuned column (default and tuned rows, 3 seeds for the top rows) would take about 25 h, and Table 1's MNIST and "
           "Fashion-MNIST columns with Table 2's MNIST column about 75 h, beyond the 24 h a paper's reproduction is given on a 2-core CPU.",
    "smoke": "a functional check, not a measurement: the tiny network (1-2.5 k parameters), 2 rounds, 20 training and 8 test "
             "samples per client, the protocol's epochs and participation. The numbers mean nothing.",
}
DPAO_SCALE_NOTES = {
    "paper": "DPAO-PFL's FEMNIST (5, 25) protocol (D11): letters a-j, 5 classes per client, 25 training samples per class, "
             "10 clients a round, 500 rounds, batch 64, plain SGD lr 0.01 (D14), the `cnn`.",
    "cpu": "the paper's protocol for 200 rounds instead of 500.",
    "smoke": "a functional check, not a measurement: the tiny network, 2 rounds, 2 training and 4 test samples per class. "
             "The numbers mean nothing.",
}


def pfedsv_lr(dataset: str) -> float:
    return 0.1 if dataset in ("cifar10", "cifar100") else 0.01


def pfedsv_setting(dataset: str, clients: int, partition: str) -> Setting:
    run = (("model", "cnn"), ("rounds", 20 if clients <= 10 else 100), ("client_fraction", 1.0 if clients <= 10 else 0.1),
           ("local_epochs", 5), ("batch_size", 32), ("optimizer", "sgd"), ("momentum", 0.0), ("weight_decay", 0.0))
    s = 20 if dataset == "cifar100" else 2
    return Setting(dataset, clients, s, partition=partition, alpha=0.1, run=run, cpu=PFEDSV_CPU_CAPS if clients <= 10 else PFEDSV_CPU_CAPS_100)


def _pfedsv_row(row: str) -> tuple[str, tuple[tuple[str, Any], ...]]:
    """A pFedSV table row -> (algorithm, run options): pFedSV+DP is pFedSV with noise 1 (Sec. 5.2)."""
    return pv.PFEDSV_ROWS[row], ((("dp_noise", 1.0),) if row == "pFedSV+DP" else ())


# pFedMe's reference personal lr (0.1) diverges in round 1 on this protocol's cnn; 0.01 trains
# (a probe on training loss, docs/algorithms/pfedme.md)
PFEDSV_OPTIONS: dict[str, tuple[tuple[str, Any], ...]] = {"pfedme": (("personal_lr", 0.01),)}


# Table 2 read with the test split of FedGen's code (Zhu et al., 2021), the paper's reference for
# its Dir(alpha) setting: each client tests on an equal share of every class it holds
# (copfl.data.partition.balanced_test_parts); the training split is the column's own. A column
# of its own beside the paper's reading of the default (A11: the test split cut like the
# training split), with the same paper values.
PFEDSV_BALANCED_TEST = {("mnist", 10)}


def pfedsv_balanced_test_setting(st: Setting) -> Setting:
    return replace(st, run=(*st.run, ("test_split", "balanced")), name=f"{st.key}-balanced-test", reading="balanced test (FedGen)")


def pfedsv_table_cells(table: dict[str, list[pv.Cell]], partition: str, readings: bool = False) -> list[Cell]:
    cells = []
    columns = [(j, pfedsv_setting(ds, n, partition)) for j, (ds, n) in enumerate(pv.PFEDSV_COLUMNS)]
    if readings:
        columns += [(j, pfedsv_balanced_test_setting(st)) for j, st in columns if (st.dataset, st.clients) in PFEDSV_BALANCED_TEST]
    for j, st in columns:
        ds = st.dataset
        for row, values in table.items():
            alg, run_opts = _pfedsv_row(row)
            seeds = 2 if alg in ("pfedsv", "fedfomo") else 1  # the least: the methods the paper is about
            cells.append(Cell("", row, st.title, st, alg, PFEDSV_OPTIONS.get(alg, ()), values[j][0], (pfedsv_lr(ds),), run_opts, min_seeds=seeds))
    return cells


def pfedsv_table4_cells(tune: bool) -> list[Cell]:
    """Table 4 (A17: its numbers contradict Table 1's, so it is an experiment of its own): FedAvg
    and pFedSV at noise sigma 0, 1, 2 (DP-SGD, clip 1, A16) on the pathological 10-client
    CIFAR-10 and CIFAR-100 columns, accuracy and epsilon at delta 1e-5."""
    cells = []
    for (method, sigma), values in pv.PFEDSV_TABLE4.items():
        for ds in ("cifar10", "cifar100"):
            st = pfedsv_setting(ds, 10, "pathological")
            run_opts = (("dp_delta", pv.PFEDSV_TABLE4_DELTA), ("dp_noise", sigma)) if sigma else ()
            row = f"{method}, sigma={sigma:g}"
            alg = pv.PFEDSV_ROWS[method if method == "FedAvg" else "pFedSV(Ours)"]
            cells.append(Cell("", row, st.title, st, alg, (), values[ds][0], (pfedsv_lr(ds),), run_opts,
                              paper_epsilon=values[f"{ds}_epsilon"][0], min_seeds=2 if alg == "pfedsv" else 1))
    return cells


# ---------------------------------------------------------------------------- DPAO-PFL
# FEMNIST (5, 25) (D11, docs/protocol.md): letters a-j, 5 classes per client, 25 training
# samples per class, each class's test samples shared among its holders; 10 clients a round,
# 500 rounds, 5 local epochs, batch 64, SGD lr 0.01 (D14), the `cnn` (Table 2). The partial
# FEMNIST copy holds 4 such clients at most: that column is the one this machine can run.
DPAO_RUN = (("model", "cnn"), ("rounds", 500), ("local_epochs", 5), ("batch_size", 64), ("optimizer", "sgd"), ("momentum", 0.0), ("weight_decay", 0.0))


def dpao_setting(clients: int, epochs: int = 5) -> Setting:
    fraction = min(1.0, 10 / clients)
    run = tuple(sorted({**dict(DPAO_RUN), "client_fraction": fraction, "local_epochs": epochs}.items()))
    return Setting("femnist", clients, 5, 25, "all", classes="a-j", run=run, cpu=(("rounds", 200),),
                   name=f"femnist-{clients}-a-j" + (f"-e{epochs}" if epochs != 5 else ""))


MILESTONES = (60.0, 80.0, 90.0)  # DPAO-PFL Table 3: rounds to reach these mean accuracies (%)


def dpao_table3_cells(tune: bool) -> list[Cell]:
    cells = []
    for clients in (200, 4):
        st = dpao_setting(clients)
        col = f"FEMNIST (5, 25), {clients} clients" + ("" if clients == 200 else " (the partial copy's most)")
        for row, (alg, opts) in pv.DPAO_TABLE3_ROWS.items():
            r60, r80, r90, (acc, spread) = pv.DPAO_TABLE3[row]
            cells.append(Cell("", row, col, st, alg, tuple(sorted(opts.items())), acc, (0.01,), paper_rounds=(r60, r80, r90), paper_spread=spread))
    return cells


# Figs. 8-10: parameters communicated in 20 rounds by 10 clients (pathological CIFAR-10), measured
# with LeNet-5 and projected to the two models copfl does not build, from their parameter counts
# (standard CIFAR implementations) and the classifier shares the paper quotes for (D+C).
TRAFFIC_ROWS = {
    "FedAvg": ("fedavg", ()), "FedAMP": ("fedamp", ()), "FedFomo": ("fedfomo", ()),
    "pFedSV (D)": ("pfedsv", ()), "pFedSV (D+C)": ("pfedsv", (("classifier", "head"), ("common", True))),
}  # fmt: skip
# The paper's classifier shares fit the ImageNet layouts (ResNet-34's 1000-class fc is 2.35% of
# its 21.8 M; VGG-19's fc block is 86% of 143.7 M, the paper quotes 89.74%): counts of those layouts
TRAFFIC_MODELS = {"ResNet-34 (plain)": (21_797_672, 0.023), "VGG-19": (143_667_240, 0.8974)}  # parameters, classifier share (paper)


def pfedsv_traffic_cells(tune: bool) -> list[Cell]:
    st = pfedsv_setting("cifar10", 10, "pathological")
    return [Cell("", row, "LeNet-5, CIFAR10, 10 clients, pathological", st, alg, opts, None, (pfedsv_lr("cifar10"),), (("model", "lenet5"),))
            for row, (alg, opts) in TRAFFIC_ROWS.items()]


def dpao_hparams_cells(tune: bool) -> list[Cell]:
    """Fig. 6: DPAO-PFL's accuracy against the learning rate eta, the Fisher decay alpha and
    lambda (one at a time from lr 0.01, alpha 0.85, lambda 0.01), FEMNIST (5, 25), E = 5."""
    sweeps: list[tuple[str, str, dict[str, Any], float]] = [("eta", f"eta={lr:g}", {}, lr) for lr in (0.1, 0.01, 0.001, 0.0001)]
    sweeps += [("alpha", f"alpha={a:g}", {"fisher_alpha": a}, 0.01) for a in (0.5, 0.7, 0.85, 0.95)]
    sweeps += [("lambda", f"lambda={v:g}", {"lam": v}, 0.01) for v in (0.0, 0.001, 0.01, 0.1, 1.0)]
    cells = []
    for clients in (200, 4):
        st = dpao_setting(clients)
        for group, row, opts, lr in sweeps:
            cells.append(Cell(group, row, f"FEMNIST (5, 25), {clients} clients", st, "dpao-pfl", tuple(sorted(opts.items())), None, (lr,)))
    return cells


def dpao_cifar100_setting(epochs: int) -> Setting:
    """Table 4's CIFAR-100 "(100-way, 5 classes/client, 25 samples)": 100 clients, 10 a round,
    800 rounds, the ResNet-18 (3x3 stem, D12), batch 64, SGD lr 0.01."""
    run = tuple(sorted({**dict(DPAO_RUN), "model": "resnet18", "resnet_stem": "cifar", "rounds": 800, "client_fraction": 0.1, "local_epochs": epochs}.items()))
    return Setting("cifar100", 100, 5, 25, "all", run=run, cpu=(("rounds", 200),), name="cifar100-100-m25" + (f"-e{epochs}" if epochs != 5 else ""))


def dpao_table4_cells(tune: bool) -> list[Cell]:
    algs = {"FedAvg": "fedavg", "FedProx": "fedprox", "FedMeta": "fedmeta", "DPAO-PFL": "dpao-pfl"}
    cells = []
    for j, e in enumerate(pv.DPAO_TABLE4_EPOCHS):
        st = dpao_cifar100_setting(e)
        for row, alg in algs.items():
            cells.append(Cell("CIFAR-100, 100 clients", row, f"CIFAR-100 E={e}", st, alg, (), pv.DPAO_TABLE4[row]["cifar100"][j], (0.01,)))
    for j, e in enumerate(pv.DPAO_TABLE4_EPOCHS):
        for clients in (200, 4):
            st = dpao_setting(clients, e)
            for row, alg in algs.items():
                col = f"FEMNIST {clients} clients, E={e}"
                cells.append(Cell(f"FEMNIST, {clients} clients", row, col, st, alg, (), pv.DPAO_TABLE4[row]["femnist"][j], (0.01,)))
    return cells


EXPERIMENTS: dict[str, tuple[Experiment, Any]] = {
    "table2": (
        Experiment("table2", "Personalized accuracy, 8 methods x 4 data sets x 2 client counts", "journal Table II", "table"),
        table2_cells,
    ),
    "table3": (
        Experiment(
            "table3",
            "COWA ablation: which contribution scores set the aggregation weights",
            "journal Table III / conference Table 8",
            "table",
            "learning rate fixed to 1e-4 as in the paper; p=0.25 (0.15 on CIFAR10C), gamma=0.5; 'neither' = uniform weights",
        ),
        table3_cells,
    ),
    "pgamma": (
        Experiment(
            "pgamma",
            "CO-PFL's personalization rate p x budget gamma",
            "conference Tables 6-7, Figures 5-6 (journal Figures 5-6)",
            "heatmap",
            "cells with p > gamma are left out as in the paper",
        ),
        pgamma_cells,
    ),
    "datasize": (
        Experiment("datasize", "Training samples per class M_bound in {10, 50, 100, 200}", "journal Tables IV-V", "datasize"),
        datasize_cells,
    ),
    "mamo": (
        Experiment(
            "mamo",
            "Training loss with and without MAMO",
            "journal Figure 7 (a figure: no numbers to compare)",
            "curves",
            "learning rate 1e-5 as in the paper's figure; without MAMO = one plain Adam over all parameters",
        ),
        mamo_cells,
    ),
    "convergence": (
        Experiment(
            "convergence",
            "Accuracy and training loss per round, few-client settings",
            "journal Figures 3-4 (figures: no numbers to compare)",
            "curves",
        ),
        convergence_cells,
    ),
    "robustness": (
        Experiment(
            "robustness",
            "Byzantine and free-riding clients: honest clients' accuracy and the weight each method gives attackers",
            "no paper table: copfl's own study on the CO-PFL CIFAR-10 protocol (10 clients; docs/robustness.md)",
            "robustness",
            "attackers are a seeded 10% (1) or 30% (3) of the 10 clients; accuracy is the honest clients' mean; "
            "CO-PFL defended = defense=reject (upper-outlier contribution scores get no weight); FedAvg + median, CO-PFL + median = --robust median",
        ),
        robustness_cells,
    ),
    "pfedsv-table1": (
        Experiment("pfedsv-table1", "MTA, pathological split (2 labels per client; 20 on CIFAR-100)", "Table 1", "table",
                   "MTA = the mean over clients of each client's test accuracy; the paper's +- is over 5 runs (A14)", paper="pFedSV", scale_notes=PFEDSV_SCALE_NOTES),
        lambda tune: pfedsv_table_cells(pv.PFEDSV_TABLE1, "pathological"),
    ),
    "pfedsv-table2": (
        Experiment("pfedsv-table2", "MTA, Dirichlet(0.1) split", "Table 2", "table", "Dirichlet alpha 0.1 per class over clients", paper="pFedSV", scale_notes=PFEDSV_SCALE_NOTES),
        lambda tune: pfedsv_table_cells(pv.PFEDSV_TABLE2, "dirichlet", readings=True),
    ),
    "pfedsv-table3": (
        Experiment("pfedsv-table3", "MTA with pFedSV+DP (noise sigma 1), Dirichlet(0.1)", "Table 3", "table",
                   "the non-DP rows are Table 2's runs (A18: shared); pFedSV+DP = DP-SGD, sigma 1, clip 1 (A16)", paper="pFedSV", scale_notes=PFEDSV_SCALE_NOTES),
        lambda tune: pfedsv_table_cells(pv.PFEDSV_TABLE3, "dirichlet"),
    ),
    "pfedsv-table4": (
        Experiment("pfedsv-table4", "FedAvg and pFedSV with differential privacy: accuracy and epsilon", "Table 4", "table",
                   "pathological split, 10 clients; DP-SGD with noise sigma and clip 1 (A16), epsilon at delta 1e-5 from the RDP "
                   "accountant; A17: the paper's Table 4 contradicts its Table 1, so this is its own experiment",
                   paper="pFedSV", scale_notes=PFEDSV_SCALE_NOTES),
        pfedsv_table4_cells,
    ),
    "pfedsv-relevance": (
        Experiment("pfedsv-relevance", "Relevance matrices after training: pFedSV and FedFomo beside the ground truth", "Fig. 7",
                   "relevance", "pathological MNIST, 10 clients (Table 1's column: the same runs); a client's relevance is "
                   "pFedSV's relevance vector, FedFomo's affinities; ground truth = the labels two clients share",
                   paper="pFedSV", scale_notes=PFEDSV_SCALE_NOTES),
        lambda tune: [c for c in pfedsv_table_cells(pv.PFEDSV_TABLE1, "pathological")
                      if c.setting.key == "mnist-10-pathological" and c.row in ("FedFomo", "pFedSV(Ours)")],
    ),
    "pfedsv-traffic": (
        Experiment("pfedsv-traffic", "Parameters communicated per algorithm", "Figs. 8-10 (figures: no numbers to compare)", "traffic",
                   "measured with LeNet-5 (62 k parameters); ResNet-34 (plain) and VGG-19 projected from the measured number of "
                   "models sent and their parameter counts (copfl does not build them), (D+C) with the paper's classifier shares "
                   "(2.3%, 89.74%; A15)", paper="pFedSV", scale_notes=PFEDSV_SCALE_NOTES),
        pfedsv_traffic_cells,
    ),
    "dpao-table3": (
        Experiment("dpao-table3", "FEMNIST (5, 25): FedAvg, the five ablations and DPAO-PFL", "Table 3", "table",
                   "final accuracy; the paper's +- is the std across clients; letters a-j, 25 training samples per class "
                   "(D11); 200 clients need the full LEAF FEMNIST, the partial copy holds 4", paper="DPAO-PFL", scale_notes=DPAO_SCALE_NOTES),
        dpao_table3_cells,
    ),
    "dpao-table4": (
        Experiment("dpao-table4", "Final accuracy against local epochs E, FEMNIST (5, 25)", "Table 4 (FEMNIST row; CIFAR-100 is not on this machine)",
                   "table", "E in {1, 5, 10, 20}; letters a-j (D11)", paper="DPAO-PFL", scale_notes=DPAO_SCALE_NOTES),
        dpao_table4_cells,
    ),
    "dpao-hparams": (
        Experiment("dpao-hparams", "DPAO-PFL's accuracy against eta, alpha and lambda", "Fig. 6 (a figure: no numbers to compare; "
                   "the paper's best: eta 0.001, alpha 0.85, lambda 0.01)", "table",
                   "one factor at a time from lr 0.01, alpha 0.85, lambda 0.01 (D14); Personal Gain (local minus global accuracy) "
                   "is not computed", paper="DPAO-PFL", scale_notes=DPAO_SCALE_NOTES),
        dpao_hparams_cells,
    ),
    "dpao-overhead": (
        Experiment("dpao-overhead", "Update size, training FLOPs and the spread of parameter importance: interval(1/5/20) vs the trigger",
                   "Fig. 5 (a figure: no numbers to compare)", "overhead",
                   "Table 3's runs (the same folders); bytes = what the clients upload and download, FLOPs = training FLOPs "
                   "(copfl.flops, the algorithm's own per-step work included), importance std = the std of the normalized Omega",
                   paper="DPAO-PFL", scale_notes=DPAO_SCALE_NOTES),
        lambda tune: [c for c in dpao_table3_cells(tune) if c.row in ("w / interval(1)", "w / interval(5)", "w / interval(20)", "DPAO-PFL")],
    ),
    "copfl-readings": (
        Experiment(
            "copfl-readings",
            "Why CO-PFL does not lead at cpu scale: every ambiguous reading, one at a time, with seeds",
            "no paper table: copfl's study of the readings PAPER-NOTES leaves open, on the CO-PFL CIFAR-10 protocol (docs/co-pfl.md)",
            "readings",
            "each row changes one choice from its group's first row; differences are paired by seed (each seed its own "
            "split, shared by every row) and tested against seed noise (paired t-test, 5%)",
            seeds=3,
        ),
        readings_cells,
    ),
    "copfl-resnet": (
        Experiment(
            "copfl-resnet",
            "CO-PFL against its baselines with a ResNet-18 on the CPU",
            "no paper table: the CO-PFL CIFAR-10 protocol with the paper's 7x7-stem ResNet-18 (half width) for 200 rounds (docs/co-pfl.md)",
            "readings",
            "at cpu and paper scale every row runs the ResNet-18 (7x7 stem, width 0.5) for 200 rounds; differences are "
            "paired by seed and tested against seed noise (paired t-test, 5%)",
            seeds=2,
            scale_notes=RESNET_SCALE_NOTES,
        ),
        resnet_cells,
    ),
}


def experiment_cells(name: str, tune: bool) -> tuple[Experiment, list[Cell]]:
    if name not in EXPERIMENTS:
        raise ValueError(f"unknown experiment {name!r}; expected one of {', '.join(EXPERIMENTS)}")
    exp, make = EXPERIMENTS[name]
    return exp, make(tune)


def display_name(algorithm: str) -> str:
    """A registered algorithm's name as its rows show it: its description up to the first
    `` (`` or ``:`` (``APFL``, ``FedALA``, ``Local-only``)."""
    from copfl.algorithms import get_algorithm

    desc = get_algorithm(algorithm).description or algorithm
    return desc.split(" (")[0].split(":")[0].strip() or algorithm


def added_cells(exp: Experiment, cells: list[Cell], algorithms: list[str]) -> list[Cell]:
    """``reproduce --add-algorithms``: one row per algorithm in every column of a table of
    methods, beside the paper's rows (no paper value: it enters no Spearman rho, and
    ``--top-seeds`` never chooses it). An added row runs the algorithm's documented defaults at
    the learning rates of its column's FedAvg row (the rate the paper's protocol fixes for every
    method, or with ``--lr-grid`` the paper's grid for its baselines, the best kept as for them);
    a column without a FedAvg row, or an algorithm that takes no ``--lr``, runs its own default
    rate. Refuses an experiment that is not a table of methods, an unknown algorithm, and one
    that is already a row."""
    from copfl.algorithms import get_algorithm

    if exp.kind != "table":
        raise ValueError(f"--add-algorithms adds method rows to a table of methods; {exp.name} is a {exp.kind}, not a table")
    have = sorted({c.algorithm for c in cells})
    if len(have) < 2:
        raise ValueError(f"--add-algorithms adds method rows to a table of methods; {exp.name}'s rows are settings of one method ({have[0]})")
    rows = {c.row for c in cells}
    out: list[Cell] = []
    for alg in algorithms:
        cls = get_algorithm(alg)  # an unknown name: its clear error, the registered names listed
        if alg in have:
            raise ValueError(f"--add-algorithms: {alg} is already a row of {exp.name} (its rows run {', '.join(have)})")
        if alg in [c.algorithm for c in out]:
            raise ValueError(f"--add-algorithms: {alg} is named twice")
        columns: dict[tuple[str, str], Cell] = {}
        for c in cells:
            columns.setdefault((c.group, c.setting.key), c)
        for (group, key), first in columns.items():
            fedavg = [c for c in cells if c.group == group and c.setting.key == key and c.algorithm == "fedavg" and not c.run_options]
            lrs = fedavg[0].lrs if fedavg and "lr" not in cls.unused_run_options else (None,)
            row = display_name(alg)
            out.append(Cell(group, row if row not in rows else f"{row} ({alg})", first.col, first.setting, alg, lrs=lrs, added=True))
    return out
