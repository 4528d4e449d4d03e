"""Reading the results of finished runs and aggregating them into a report's cells: per-run
figures from the files of a run folder (summary, metrics, per-client logs, clients.csv) and the
mean and spread over seeds. Reads only: nothing here trains or writes.
"""

from __future__ import annotations

import csv
import json
import math
import statistics
from pathlib import Path
from typing import Any

from copfl.results.columns import BY_KEY
from copfl.reproduce.experiments_pfedsv_dpao import MILESTONES
from copfl.reproduce.cells import Cell
from copfl.reproduce.plan import FINAL_STATUSES, PlannedRun, current_summary


def count_downloads(folder: Path) -> dict[str, int] | None:
    """From per_client.jsonl: the participations that downloaded others' models and the models
    downloaded in all (pFedSV's and FedFomo's ``downloaded``)."""
    try:
        lines = (folder / "per_client.jsonl").read_text().splitlines()
    except OSError:
        return None
    part = models = 0
    for line in lines:
        rec = json.loads(line) if line.strip() else {}
        for k in rec.get("downloaded") or []:  # a column over the round's clients
            if k is not None:
                part, models = part + 1, models + int(k)
    return {"participations": part, "models": models}


def _rounds_of(runs: list[dict[str, Any]]) -> int | None:
    return next((x["final_round"] for x in runs if x.get("final_round")), None)


def _logged(folder: Path, key: str) -> list[Any] | None:
    """Every round's ``key`` in the run's metrics.jsonl (rounds without it left out; None:
    no file)."""
    try:
        recs = [json.loads(line) for line in (folder / "metrics.jsonl").read_text().splitlines() if line.strip()]
    except OSError:
        return None
    return [r[key] for r in recs if r.get(key) is not None]


def mean_logged(folder: Path, key: str) -> float | None:
    """The mean over rounds of ``key`` in the run's metrics.jsonl (None: never logged)."""
    vals = _logged(folder, key)
    return sum(vals) / len(vals) if vals else None


def attackers_diverged(folder: Path, summary: dict[str, Any]) -> int:
    """Attacker-rounds whose own training diverged, so that the attacker sent no update of its
    own (summary.json's ``attack``; runs made before it kept the total: their metrics)."""
    n = (summary.get("attack") or {}).get("attackers_diverged")
    return int(n) if n is not None else int(sum(_logged(folder, "attackers_diverged") or []))


def rounds_to(folder: Path, milestones: tuple[float, ...]) -> list[int | None]:
    """The first round whose mean accuracy reaches each milestone (%), from the run's
    metrics.jsonl (None: never)."""
    out: list[int | None] = [None] * len(milestones)
    try:
        lines = (folder / "metrics.jsonl").read_text().splitlines()
    except OSError:
        return out
    for line in lines:
        rec = json.loads(line) if line.strip() else {}
        if "acc_mean" not in rec:
            continue
        for i, m in enumerate(milestones):
            if out[i] is None and 100 * rec["acc_mean"] >= m:
                out[i] = rec["round"]
    return out


def client_rows(folder: Path) -> list[dict[str, Any]] | None:
    """The training clients' rows of a run's ``clients.csv`` (held-out clients left out), each
    with ``client``, ``accuracy``, ``num_test`` and ``attacker`` parsed; None without the file
    or with a row it cannot read."""
    try:
        with open(folder / "clients.csv", newline="") as f:
            rows = list(csv.DictReader(f))
        return [
            {"client": int(r["client"]), "accuracy": float(r["accuracy"]), "num_test": int(r["num_test"]), "attacker": r.get("attacker", "0") == "1"}
            for r in rows
            if r.get("unseen", "0") != "1"
        ]
    except (OSError, KeyError, ValueError):
        return None


def test_counts(folder: Path) -> list[int] | None:
    """Each scored client's test-set size (``clients.csv``; held-out clients and attackers, which
    the reported mean leaves out, excluded), or None without the file."""
    rows = client_rows(folder)
    return None if rows is None else [r["num_test"] for r in rows if not r["attacker"]]


def client_accuracies(folder: Path) -> dict[int, tuple[float, bool]] | None:
    """Each scored client's final accuracy and whether it attacked (``clients.csv``; held-out
    clients left out), or None without the file."""
    rows = client_rows(folder)
    return None if rows is None else {r["client"]: (r["accuracy"], r["attacker"]) for r in rows}


def derive_from_unattacked(cell: Cell, source: dict[str, Any]) -> dict[str, Any]:
    """The figures of ``cell`` (an attack column of a method none of whose clients receives
    anything from another, i.e. Local) from ``source``, the same row's cell without attack:
    each seed's attackers are those the attacked run would choose (copfl.extensions.attacks.choose_attackers
    over the run's training clients), the honest clients' results are the unattacked run's,
    client for client, and so are the attackers' own under an upload attack (their own model
    stays honest); under label flipping they trained on other labels: not known. Nothing is
    combined, so no weight goes to attackers (0.0, as an attacked Local run records)."""
    from copfl.extensions.attacks import UPLOAD_ATTACKS, choose_attackers

    opts = dict(cell.run_options)
    kind, fraction = opts.get("attack"), float(opts.get("attackers", 0.0))
    doc: dict[str, Any] = {
        "group": cell.group, "row": cell.row, "col": cell.col, "setting": cell.setting.key, "algorithm": cell.algorithm,
        "options": dict(cell.options), "run_options": opts, "paper": None, "paper_epsilon": None, "paper_spread": None,
        "paper_rounds": None, "tuned": False, "lrs": {}, "same_as": cell.same_as,
    }
    if source.get("status") not in ("done", "partial") or "chosen_lr" not in source:
        return {**doc, "status": source.get("status", "pending") if source.get("status") in ("unavailable", "diverged") else "pending"}
    honest, bad, counts = [], [], None
    for r in source["lrs"][f"{source['chosen_lr']:g}"]["runs"]:
        if r.get("status") != "completed":
            continue
        rows = client_rows(Path(r["folder"]))
        if not rows:
            continue
        acc = {x["client"]: 100 * x["accuracy"] for x in rows}
        tests = {x["client"]: x["num_test"] for x in rows}
        attackers = set(choose_attackers(sorted(acc), fraction, r["seed"]))
        honest.append(statistics.fmean(a for c, a in acc.items() if c not in attackers))
        bad.append(statistics.fmean(acc[c] for c in attackers))
        if counts is None:
            counts = [tests[c] for c in sorted(tests) if c not in attackers]
    if not honest:  # finished, but no run's clients.csv could be read: nothing will ever fill it
        return {**doc, "status": "unavailable", "reason": f"no readable clients.csv in the runs of its column {cell.same_as!r}"}
    ours, std = _mean_std(honest)
    return {
        **doc,
        "status": source["status"],
        "ours": ours,
        "ours_std": std,
        "seeds": len(honest),
        "attacker_weight": 0.0,  # it combines nothing (an attacked Local run records 0.0 too)
        "attacker_acc": _mean_std(bad)[0] if kind in UPLOAD_ATTACKS else None,
        "test_counts": counts,
        "diff": None,
    }


def _epsilon(values: list[float | None]) -> float | str | None:
    """The mean epsilon over seeds; "inf" when the runs had no noise (JSON has no infinity)."""
    if not values:
        return None
    if any(v is None for v in values):
        return "inf"
    return sum(values) / len(values)  # type: ignore[arg-type]


def _rounds_over_seeds(per_seed: list[list[int | None]]) -> list[float | None] | None:
    """Per milestone: the mean round over the seeds, None when a seed never reached it."""
    if not per_seed:
        return None
    return [None if any(r[i] is None for r in per_seed) else sum(r[i] for r in per_seed) / len(per_seed) for i in range(len(per_seed[0]))]


def _mean_std(values: list[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    return statistics.fmean(values), (statistics.stdev(values) if len(values) > 1 else 0.0)


def collect(cells: list[Cell], of_cell: dict[Cell, list[PlannedRun]], unavailable: dict[str, str]) -> list[dict[str, Any]]:
    """Per cell: every run's figures, the chosen learning rate, our mean (and std) over seeds."""
    out = []
    for cell in cells:
        if cell.same_as is not None:
            out.append({})  # filled below, from its source cell
            continue
        per_lr: dict[str, dict[str, Any]] = {}
        for r in sorted(of_cell.get(cell, []), key=lambda r: (r.lr, r.seed)):
            per_lr.setdefault(f"{r.lr:g}", {"lr": r.lr, "runs": []})["runs"].append(run_figures(cell, r))
        for entry in per_lr.values():
            entry.update(rate_figures(entry["runs"]))
        doc: dict[str, Any] = {
            "group": cell.group,
            "row": cell.row,
            "col": cell.col,
            "setting": cell.setting.key,
            "algorithm": cell.algorithm,
            "options": dict(cell.options),
            "run_options": dict(cell.run_options),
            "paper_epsilon": "inf" if cell.paper_epsilon == math.inf else cell.paper_epsilon,
            "paper_spread": cell.paper_spread,
            "paper_rounds": None if cell.paper_rounds is None else list(cell.paper_rounds),
            "paper": cell.paper,
            "tuned": cell.tuned,
            "lrs": per_lr,
        }
        if cell.setting.key in unavailable:
            doc.update(status="unavailable", reason=unavailable[cell.setting.key])
        else:
            scored = [e for e in per_lr.values() if e["final_mean"] is not None]
            all_done = all(e["complete"] for e in per_lr.values()) and bool(per_lr)
            if scored:
                # the paper reports each method at its best learning rate (ties: the grid's order)
                best = max(scored, key=lambda e: e["final_mean"])
                doc.update(status="done" if all_done else "partial", **best_rate_figures(cell, best))
            else:
                rounds = [x["diverged_round"] for e in per_lr.values() for x in e["runs"] if "diverged_round" in x]  # its diverged runs
                doc.update(status="diverged" if rounds and all_done else "pending")
                if doc["status"] == "diverged":
                    doc["diverged_round"] = min(rounds)
        out.append(doc)
    at = {(d["group"], d["row"], d["col"]): d for d in out if d}
    for i, cell in enumerate(cells):
        if cell.same_as is not None:
            out[i] = derive_from_unattacked(cell, at.get((cell.group, cell.row, cell.same_as), {}))
    return out


# A reproduction's run figures: (its name in report.json, the result column it is)
RUN_FIGURES = (("final_acc", "final"), ("final_acc_weighted", "weighted"), ("best_acc", "best"), ("best_round", "best_round"),
               ("selected_acc", "selected"), ("selected_round", "selected_round"), ("final_round", "final_round"),
               ("train_loss", "train_loss"), ("seconds", "seconds"), ("final_acc_std", "std"))


def run_figures(cell: Cell, r: PlannedRun) -> dict[str, Any]:
    """One run's figures from its summary (and, for some cells, its logs): its status, final,
    best and validation-selected accuracies, traffic, cost, privacy, attack figures."""
    s = current_summary(r)
    run: dict[str, Any] = {"seed": r.seed, "folder": str(r.folder), "status": "pending" if s is None else s["status"]}
    if s is not None and s["status"] == "diverged":
        run["diverged_round"] = s.get("rounds_completed", 0) + 1  # the round whose training gave a non-finite loss
    if s is None or not s.get("final"):
        return run
    # the result columns (copfl.results.columns) under this document's names; selected: the
    # validation-selected round's test accuracy (None: the run had no validation data);
    # final_acc_std: across clients (DPAO-PFL's +-)
    run.update({name: BY_KEY[key].get(s) for name, key in RUN_FIGURES})
    run["epsilon"] = (s.get("privacy") or {}).get("epsilon")  # None: no noise (infinity)
    if s.get("relevance"):
        run["relevance"] = s["relevance"]
    comm, cost = s.get("communication") or {}, s.get("cost") or {}
    run.update(bytes_up_total=comm.get("bytes_up_total"), bytes_down_total=comm.get("bytes_down_total"))
    if cell.algorithm in ("pfedsv", "fedfomo"):
        run["downloads"] = count_downloads(r.folder)
    run.update(bytes_up_per_round=comm.get("bytes_up_per_round"), bytes_down_per_round=comm.get("bytes_down_per_round"),
               train_flops_total=cost.get("train_flops_total"))
    if cell.algorithm == "dpao-pfl":
        run["importance_std"] = mean_logged(r.folder, "importance_std")
    if cell.paper_rounds is not None:
        run["rounds_to"] = rounds_to(r.folder, MILESTONES)
    if s.get("attack"):  # the weight the method gave the attackers (mean over rounds), their own accuracy
        run.update(attacker_weight=s["attack"]["attacker_weight_mean"], attacker_acc=s["attack"]["attacker_acc_mean"],
                   attackers_diverged=attackers_diverged(r.folder, s))
    return run


def rate_figures(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One learning rate's figures over its completed runs (:func:`run_figures`): means and
    standard deviations over seeds, and whether every run finished (a diverged one too)."""
    ok = [x for x in runs if x["status"] == "completed" and "final_acc" in x]
    out: dict[str, Any] = {}
    out["final_mean"], out["final_std"] = _mean_std([100 * x["final_acc"] for x in ok])
    out["best_mean"], out["best_std"] = _mean_std([100 * x["best_acc"] for x in ok])
    out["selected_mean"], out["selected_std"] = _mean_std([100 * x["selected_acc"] for x in ok if x.get("selected_acc") is not None])
    out["train_loss_mean"], _ = _mean_std([x["train_loss"] for x in ok])
    out["attacker_weight_mean"], _ = _mean_std([x["attacker_weight"] for x in ok if x.get("attacker_weight") is not None])
    out["attacker_acc_mean"], _ = _mean_std([100 * x["attacker_acc"] for x in ok if x.get("attacker_acc") is not None])
    out["complete"] = all(x["status"] in FINAL_STATUSES for x in runs)
    return out


def best_rate_figures(cell: Cell, best: dict[str, Any]) -> dict[str, Any]:
    """A cell's figures at its best learning rate (``best``: that rate's entry)."""
    runs = best["runs"]
    return dict(
        chosen_lr=best["lr"],
        ours=best["final_mean"],
        ours_std=best["final_std"],
        ours_best_round=best["best_mean"],
        ours_selected=best["selected_mean"],
        train_loss=best["train_loss_mean"],
        attacker_weight=best["attacker_weight_mean"],
        ours_rounds=_rounds_over_seeds([x["rounds_to"] for x in runs if "rounds_to" in x and x["status"] == "completed"]),
        epsilon=_epsilon([x.get("epsilon") for x in runs if x["status"] == "completed"]),
        traffic={k: _mean_std([x[k] for x in runs if x.get(k) is not None])[0] for k in ("bytes_up_total", "bytes_down_total")},
        downloads=next((x["downloads"] for x in runs if x.get("downloads")), None),
        rounds=_rounds_of(runs),
        overhead={k: _mean_std([x[k] for x in runs if x.get(k) is not None])[0]
                  for k in ("bytes_up_per_round", "bytes_down_per_round", "train_flops_total", "importance_std")},
        relevance=next((x["relevance"] for x in runs if x.get("relevance")), None),
        client_std=_mean_std([100 * x["final_acc_std"] for x in runs if x.get("final_acc_std") is not None])[0],
        attacker_acc=best["attacker_acc_mean"],
        attackers_diverged=_mean_std([x["attackers_diverged"] for x in runs if x.get("attackers_diverged") is not None])[0],
        seeds=sum(1 for x in runs if "final_acc" in x and x["status"] == "completed"),
        diverged_seeds=sum(1 for x in runs if x["status"] == "diverged"),  # left out of the mean
        test_counts=next((c for x in runs if x["status"] == "completed" and (c := test_counts(Path(x["folder"])))), None),
        diff=None if cell.paper is None else best["final_mean"] - cell.paper,
    )
