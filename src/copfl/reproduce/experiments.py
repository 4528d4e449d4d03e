"""The CO-PFL paper's experiments as lists of cells, and the three scales they run at.

A *cell* is one number of a paper table (an algorithm with its options on one data setting),
with the paper's value beside it. A cell becomes one run per (learning rate, seed); with the
paper's rate grid on (``--lr-grid``: the ``tune`` argument of the cell builders below), the
cell's figure is the one of the learning rate with the best mean final *test* accuracy over
seeds, as the paper reports "the best performance" of each method (selection on test data).
Tuning on validation data (``--tune N``) is :mod:`copfl.reproduce.tuned`. The cells' parts (settings,
scales) are in :mod:`copfl.reproduce.cells`, the pFedSV and DPAO-PFL papers' experiments in
:mod:`copfl.reproduce.experiments_pfedsv_dpao`; this module re-exports them and registers every
experiment (:data:`EXPERIMENTS`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import copfl.reproduce.paper as paper
import copfl.reproduce.paper_pfedsv_dpao as pv
from copfl.reproduce.cells import DISPLAY, SCALE_NOTES, Cell, Experiment, alg_options, copfl_options, lr_grid, paper_setting
from copfl.reproduce.experiments_pfedsv_dpao import DPAO_SCALE_NOTES, PFEDSV_SCALE_NOTES, dpao_hparams_cells, dpao_table3_cells, dpao_table4_cells, pfedsv_table4_cells, pfedsv_table_cells, pfedsv_traffic_cells
from copfl.typecheck import unknown_name

__all__ = ["EXPERIMENTS", "READINGS", "RESNET_MIN_SEEDS", "RESNET_ROWS", "RESNET_RUN", "RESNET_SCALE_NOTES", "ROBUSTNESS_ATTACKS", "ROBUSTNESS_FRACTIONS", "ROBUSTNESS_METHODS", "SMALL", "added_cells", "convergence_cells", "datasize_cells", "display_name", "experiment_cells", "mamo_cells", "pgamma_cells", "readings_cells", "resnet_cells", "robustness_cells", "table2_cells", "table3_cells"]


def table2_cells(tune: bool) -> list[Cell]:
    cells = []
    for j, (ds, n) in enumerate(paper.TABLE2_COLUMNS):
        st = paper_setting(ds, n, protocol=True)
        for row, alg in paper.ALGORITHM_ROWS.items():
            cells.append(Cell("", row, st.title, st, alg, alg_options(alg, ds), paper.TABLE2[row][j], lr_grid(alg, tune)))
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
                cells.append(Cell(DISPLAY[ds], row, f"M={m}", st, alg, alg_options(alg, ds), table[row][j], lr_grid(alg, tune)))
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
            cells.append(Cell("", row, st.title, st, alg, alg_options(alg, ds), None, lr_grid(alg, tune)))
    return cells


# The robustness study (no paper table): who resists Byzantine and free-riding clients
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


# The CO-PFL readings study: every reading the notes leave open, one factor at a
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
        Experiment("dpao-table4", "Final accuracy against local epochs E, FEMNIST (5, 25)", "Table 4 (its FEMNIST row; the CIFAR-100 row is not run)",
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
                   "(copfl.core.flops, the algorithm's own per-step work included), importance std = the std of the normalized Omega",
                   paper="DPAO-PFL", scale_notes=DPAO_SCALE_NOTES),
        lambda tune: [c for c in dpao_table3_cells(tune) if c.row in ("w / interval(1)", "w / interval(5)", "w / interval(20)", "DPAO-PFL")],
    ),
    "copfl-readings": (
        Experiment(
            "copfl-readings",
            "Why CO-PFL does not lead at cpu scale: every ambiguous reading, one at a time, with seeds",
            "no paper table: copfl's study of the choices the CO-PFL paper leaves ambiguous, on its CIFAR-10 protocol (docs/co-pfl.md)",
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
        raise ValueError(unknown_name("experiment", name, EXPERIMENTS))
    exp, make = EXPERIMENTS[name]
    return exp, make(tune)


def display_name(algorithm: str) -> str:
    """A registered algorithm's name as its rows show it: its description up to the first
    `` (`` or ``:`` (``APFL``, ``FedALA``, ``Local-only``)."""
    from copfl.algorithms.base import get_algorithm

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
    from copfl.algorithms.base import get_algorithm

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
