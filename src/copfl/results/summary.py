"""What a run's results are, computed in one place from what the run measured.

The run's summary (:func:`run_summary`: final, best and
validation-selected rounds, traffic, cost, the extensions' entries), each client's last
figures (:func:`client_rows`) and the relevance agreement (:func:`relevance_figures`) are
functions of the run's history and last evaluation (whose round figures the engine computes,
:mod:`copfl.engine.figures`); the results folder (copfl.results.callbacks), the
plots, TensorBoard and the reproduction reports only read what these return.
"""

from __future__ import annotations

import csv
import io
from typing import Any

import numpy as np

from copfl.typecheck import did_you_mean
from copfl.engine.figures import ClientMetrics
from copfl.results.columns import COMPARE_OPTIONAL, COMPARE_TABLE, RUN_TABLE, shown

METRIC_COLUMNS = ("round", "clients_trained", "train_loss", "acc_mean", "acc_weighted", "test_loss_mean", "test_loss_weighted")


CSV_DIGITS = 6  # significant digits of a float in a CSV file (JSON files keep every digit)


def csv_number(v: Any) -> Any:
    """A value as a CSV cell: a float with :data:`CSV_DIGITS` significant digits (0.8225, not
    0.8225000000000001; still a float when read back: 1.0, not 1), anything else as it is."""
    if isinstance(v, bool) or not isinstance(v, (float, np.floating)):
        return v
    text = format(float(v), f".{CSV_DIGITS}g")
    return text + ".0" if text.lstrip("-").isdigit() else text


def csv_rows(rows: list[dict[str, Any]], columns: list[str]) -> list[dict[str, Any]]:
    """``rows`` restricted to ``columns``, floats as a CSV file holds them (:func:`csv_number`,
    read back: what a reader of the file gets)."""
    def cell(v: Any) -> Any:
        c = csv_number(v)
        return float(c) if isinstance(c, str) and c is not v else c

    return [{k: cell(r.get(k)) for k in columns} for r in rows]


def csv_text(rows: list[dict[str, Any]], columns: list[str]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    w.writeheader()
    for r in rows:
        w.writerow({k: csv_number(r.get(k, "")) for k in columns})
    return buf.getvalue()


def metric_columns(history: list[dict[str, Any]]) -> list[str]:
    cols = list(METRIC_COLUMNS)
    for r in history:
        cols += [k for k in r if k not in cols]
    return cols


def scalars(record: dict[str, Any]) -> dict[str, Any]:
    """A round record without its per-client logs (those go to per_client.jsonl)."""
    return {k: v for k, v in record.items() if k != "per_client"}


def summarize(history: list[dict[str, Any]]) -> dict[str, Any]:
    """Last-round and best-round (by the unweighted client mean) figures, and traffic."""
    out: dict[str, Any] = {}
    if any("bytes_up" in r for r in history):
        up = sum(r.get("bytes_up", 0) for r in history)
        down = sum(r.get("bytes_down", 0) for r in history)
        out["communication"] = {
            "bytes_up_total": up,
            "bytes_down_total": down,
            "bytes_up_per_round": up / len(history),
            "bytes_down_per_round": down / len(history),
        }
    if any("train_flops" in r for r in history):
        flops = sum(r.get("train_flops", 0) for r in history)
        out["cost"] = {"train_flops_total": flops, "train_flops_per_round": flops / len(history)}
        for kind in ("server", "eval"):  # the server's own work, forward passes without autograd
            if any(f"{kind}_flops" in r for r in history):
                total = sum(r.get(f"{kind}_flops", 0) for r in history)
                out["cost"].update({f"{kind}_flops_total": total, f"{kind}_flops_per_round": total / len(history)})
    evals = [r for r in history if "acc_mean" in r]
    if not evals:
        return {"final": None, "best": None, "selected": None, **out}

    def figures(r: dict[str, Any]) -> dict[str, Any]:
        return {k: r[k] for k in SUMMARY_KEYS if k in r}

    last = figures(evals[-1])
    best_r = max(evals, key=lambda r: (r["acc_mean"], -r["round"]))
    best_w = max(evals, key=lambda r: (r["acc_weighted"], -r["round"]))
    out = {"final": last, "best": figures(best_r), "best_weighted": {"round": best_w["round"], "acc_weighted": best_w["acc_weighted"]}, **out}
    out["selected"] = select_by_validation(history)
    unseen = [r for r in evals if "unseen_acc_mean" in r]
    if unseen:
        u = unseen[-1]
        out["unseen"] = {"round": u["round"], "acc_mean": u["unseen_acc_mean"], "acc_min": u["unseen_acc_min"], "gap": u.get("unseen_gap"),
                         "participating_acc_mean": u["acc_mean"]}
    return out


# the figures of an evaluated round that summary.json's final / best / selected entries keep
SUMMARY_KEYS = ("round", "acc_mean", "acc_weighted", "test_loss_mean", "test_loss_weighted", "train_loss", "acc_std", "acc_worst10", "acc_min",
                "val_acc_mean", "val_loss_mean", "unseen_acc_mean", "unseen_gap", "attacker_acc_mean")


def select_by_validation(history: list[dict[str, Any]]) -> dict[str, Any] | None:
    """Model selection without looking at test data: the evaluated round with the best mean
    validation accuracy (the earliest of equals) and its figures, test accuracy included
    (None when the run has no validation data, ``--val-fraction 0``). The test figures of
    that round are the ones to report; ``best`` (picked on test data) is kept only to
    compare with papers that report it."""
    evals = [r for r in history if "val_acc_mean" in r]
    if not evals:
        return None
    r = max(evals, key=lambda r: (r["val_acc_mean"], -r["round"]))
    return {k: r[k] for k in SUMMARY_KEYS if k in r}


def client_rows(clients: list[ClientMetrics], unseen: list[ClientMetrics] | None = None,
                attackers: list[int] | None = None) -> tuple[list[dict[str, Any]], list[str]]:
    """The last evaluation, a row per client (held-out clients marked ``unseen`` 1, attackers
    ``attacker`` 1), and the columns clients.csv shows."""
    bad = set(attackers or [])
    rows = [{**c.__dict__, "unseen": 0, "attacker": int(c.client in bad)} for c in clients]
    rows += [{**c.__dict__, "unseen": 1, "attacker": 0} for c in unseen or []]
    cols = ["client", "accuracy", "loss", "num_test", "num_train"]
    if any(c.val_accuracy is not None for c in clients):
        cols += ["val_accuracy", "val_loss", "num_val"]
    if unseen:
        cols.append("unseen")
    if bad:
        cols.append("attacker")
    return rows, cols


def run_summary(
    history: list[dict[str, Any]], *, status: str, algorithm: str | None, dataset: str | None, rounds_completed: int, rounds_planned: int,
    error: str | None = None, entries: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """summary.json's figures: the run's status and size, :func:`summarize` of its history,
    the error that ended it, and ``entries`` (the extensions': privacy, attack...)."""
    out: dict[str, Any] = {
        "status": status, "algorithm": algorithm, "dataset": dataset, "rounds_completed": rounds_completed, "rounds_planned": rounds_planned,
        **summarize(history),
    }
    if error:
        out["error"] = error
    out.update(entries or {})
    return out


def relevance_figures(history: list[dict[str, Any]], labels: list[np.ndarray], num_clients: int) -> tuple[Any, Any, dict[str, Any]] | None:
    """(latest relevance matrix, label-overlap matrix, their agreement) when the run logs
    clients' relevance vectors (``labels``: each client's training labels; empty for a run
    that holds no data, a Flower server)."""
    logged = lambda k: any(k in (r.get("per_client") or {}) for r in history)  # noqa: E731
    key = next((k for k in RELEVANCE_KEYS if logged(k)), None)
    if not labels or key is None:
        return None
    from copfl.results.relevance import (
        label_overlap,
        latest_relevance,
        matrix_json,
        relevance_agreement,
    )

    rel = latest_relevance(history, num_clients, key)
    overlap = label_overlap(labels)
    return rel, overlap, {**relevance_agreement(rel, overlap), "key": key, "matrix": matrix_json(rel), "overlap": overlap.tolist()}


# what a client's relevance vector is logged as: pFedSV's relevance, FedFomo's affinities
RELEVANCE_KEYS = ("relevance", "affinity")


# ----------------------------------------------------------------------------- across runs
def runs_table(runs: list[tuple[str, dict[str, Any]]], sort: str | None = None, ascending: bool = False) -> tuple[list[str], list[list[Any]]]:
    """One row per run (``(name, summary.json content)``): the header and the rows of
    :data:`copfl.results.columns.RUN_TABLE`, sorted by column ``sort`` (descending unless ``ascending``;
    runs without the figure last)."""
    keys = [c.key for c in RUN_TABLE]
    if sort is not None and sort not in keys:
        raise ValueError(f"--sort {sort!r}: expected one of {', '.join(keys)}{did_you_mean(sort, keys)}")
    rows = [[name, *(c.get(s) for c in RUN_TABLE)] for name, s in runs]
    if sort is not None:
        i = 1 + keys.index(sort)
        present = [r for r in rows if r[i] is not None]
        present.sort(key=lambda r: r[i], reverse=not ascending)
        rows = present + [r for r in rows if r[i] is None]
    return ["run", *(c.header for c in RUN_TABLE)], rows


def table_markdown(header: list[str], rows: list[list[Any]]) -> str:
    """:func:`runs_table`'s header and rows as a markdown table (each value as its column writes it)."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join([str(r[0]), *(c.text(v) for c, v in zip(RUN_TABLE, r[1:]))]) + " |" for r in rows]
    return "\n".join(lines)


def table_csv(header: list[str], rows: list[list[Any]]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    w.writerows([["" if v is None else csv_number(v) for v in r] for r in rows])
    return buf.getvalue()


def compare_table(results: dict[str, dict[str, Any]]) -> str:
    """One run per algorithm (``results``: algorithm -> summary.json content): the columns of
    :data:`copfl.results.columns.COMPARE_TABLE` (final, sample-weighted and best-test accuracy, picked on
    test data; when the runs have them, the validation-selected accuracy, the worst 10% of clients,
    the unseen gap and the weight given to attackers: accuracy is then the honest clients'), the
    training loss and the status."""
    cols = shown(COMPARE_TABLE, list(results.values()), COMPARE_OPTIONAL)
    header = ["algorithm", *(c.header for c in cols), "status"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for a, s in results.items():
        lines.append("| " + " | ".join([a, *(c.text(c.get(s)) for c in cols), s["status"]]) + " |")
    return "\n".join(lines)
