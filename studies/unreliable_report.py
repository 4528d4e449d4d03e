"""The unreliable-clients study's report (issue 42) from studies/study_unreliable.sh's folders.

Part 1 reads ``ROOT/PROBLEM/SETTING/compare.json`` (``copfl compare --seeds K``: its ``rows``)
for the settings ``reliable``, ``dropout-0.2``, ``dropout-0.5`` and ``stragglers-0.3`` and
writes, per problem, every method's selected accuracy (the test accuracy at the round chosen on
validation data) as mean +- std over the seeds in each setting, with its change from the
reliable setting, and the final-round accuracy likewise. It checks from the runs'
``metrics.jsonl`` that dropout happened as asked: the share of selected clients that returned an
upload, over every round and seed, which is the same for every method of a setting (the draws
depend on the seed, the round and the client only); a method whose count differs is named.

Where dropout or stragglers lower a method's final accuracy by more than 5 points, the report
reads the reliable runs' accuracy curve (``acc_mean`` per round, mean over seeds, linear between
evaluated rounds) at the round where a client has trained about as much. Under dropout that is
rounds x (share of uploads that arrived): a client that drops out does not train (the server has
also aggregated fewer times). Under stragglers, every upload arrives but stragglers skip local
steps: rounds x (the method's training FLOPs, ``train_flops`` summed over rounds and seeds, as a
share of its reliable runs'). It states how much of the drop that accounts for: most of it means
a method still learning, held back by less training, rather than harmed by the failed uploads or
the short updates as such.

Follow-up folders beside the settings (``FOLLOW_UPS``: FedALA under stragglers with 4 steps)
are listed per problem: each method's figures there, each seed's final accuracy, beside the
same method in the setting the folder varies and in reliable.

Part 2 (``--reproduce DIR``) reads ``DIR/table2-added.json`` and ``DIR/pfedsv-table1-added.json``
(`copfl reproduce ... --add-algorithms`) and lists, for the columns the study ran, the added
methods beside the paper's rows, ranked.

Prints one JSON object; with ``--out PREFIX`` also writes PREFIX.md, PREFIX.json and PREFIX.png
(per problem, a bar per method and setting). ROOT may be the run folders or their archive
(studies/study_archive.py).

    python studies/unreliable_report.py runs/study-unreliable --reproduce runs/reproduce-cpu --out docs/results/unreliable-clients
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

import numpy as np

SETTINGS = ("reliable", "dropout-0.2", "dropout-0.5", "stragglers-0.3")
METHODS = ("co-pfl", "pfedsv", "dpao-pfl", "local", "fedavg", "ditto", "apfl", "fedala", "fedrod")  # the study's order
PROBLEMS = {
    "cifar10": "the CO-PFL CIFAR-10 protocol, cpu scale (10 clients, 2 classes each, 50 training and 100 test samples per class, FedAvg CNN, 100 rounds)",
    "femnist": "FEMNIST natural writers (20 writers, FedAvg CNN, 30 rounds)",
}
ADDED = {"table2": "cifar10-10", "pfedsv-table1": "mnist-10-pathological"}
# Follow-up folders beside the settings (studies/study_unreliable.sh part 3): {folder: (the setting it varies, what it changes)}
FOLLOW_UPS = {
    "stragglers-0.3-steps-4": ("stragglers-0.3", "`--straggler-steps 4`: a straggler's budget covers every step of its round, and FedALA's ALA "
                               "learns W in 3 mini-batch steps here (80% of 90 training samples, batch 32) before it trains, so with 1 step "
                               "a straggler trains its model for none (tests/extensions/test_availability.py); with 4 it trains one step, as the other "
                               "methods' stragglers do, except in the round of a client's first ALA, which learns W for up to 50 epochs "
                               "and spends the whole budget"),
}


def _pct(m: float | None, s: float | None = None) -> str:
    if m is None:
        return "-"
    return f"{100 * m:.2f}" + (f" ± {100 * s:.2f}" if s is not None else "")


def seed_runs(setting: Path, folder: str) -> list[Path]:
    """One method's run folders in a compare folder: ``SETTING/seed-*/FOLDER``, or
    ``SETTING/FOLDER`` for one seed."""
    return sorted(setting.glob(f"seed-*/{folder}")) or [setting / folder]


def completed_metrics(run: Path) -> list[dict[str, Any]] | None:
    """The per-round records of one completed run's ``metrics.jsonl`` (None: no such file, or
    the run has not completed: unfinished, or diverged and stopped early)."""
    path, summary = run / "metrics.jsonl", run / "summary.json"
    if not path.is_file() or not summary.is_file() or json.loads(summary.read_text()).get("status") != "completed":
        return None
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def availability(run: Path) -> dict[str, int] | None:
    """Sums over the rounds of one run's ``selected``, ``returned``, ``dropped`` and ``late``
    (None: a run that has not completed (unfinished, or diverged and stopped early: its rounds
    are fewer), no metrics.jsonl, or rounds without the columns)."""
    recs = completed_metrics(run)
    if recs is None:
        return None
    out = {"selected": 0, "returned": 0, "dropped": 0, "late": 0, "rounds": 0, "kept_model": 0}
    for rec in recs:
        if "selected" not in rec or "returned" not in rec:
            continue
        out["rounds"] += 1
        out["kept_model"] += bool(rec.get("kept_model"))
        for k in ("selected", "returned", "dropped", "late"):
            out[k] += int(rec.get(k) or 0)
    return out if out["rounds"] else None


DROP = 0.05  # a final-accuracy fall from reliable (fraction) that gets the equal-updates check


def accuracy_curve(run: Path) -> dict[int, float] | None:
    """``{round: acc_mean}`` of one completed run (None otherwise)."""
    recs = completed_metrics(run)
    if recs is None:
        return None
    return {int(r["round"]): float(r["acc_mean"]) for r in recs if r.get("acc_mean") is not None}


def equal_updates(reliable: Path, folder: str, share: float) -> dict[str, Any] | None:
    """The reliable runs of one method (``reliable/seed-*/FOLDER``, or ``reliable/FOLDER`` for
    one seed) at ``target`` = rounds x ``share``, where a client has trained about as much as in
    a setting that did ``share`` of the reliable training (the share of uploads that arrived
    under dropout, of training FLOPs under stragglers): ``acc`` there (mean over seeds, linear
    between evaluated rounds; None before the first), ``final`` at the last round, and ``gain``
    from round ``gain_from`` (four fifths of the rounds) to the end. Runs that stopped before
    the last round are left out; None without any completed run."""
    curves = [c for c in (accuracy_curve(p) for p in seed_runs(reliable, folder)) if c]
    if not curves:
        return None
    rounds = max(max(c) for c in curves)
    curves = [c for c in curves if max(c) == rounds]
    common = sorted(set.intersection(*(set(c) for c in curves)))
    mean = [sum(c[r] for c in curves) / len(curves) for r in common]
    target, start = rounds * share, rounds - rounds / 5

    def at(r: float) -> float | None:
        return float(np.interp(r, common, mean)) if r >= common[0] else None

    final, begin = mean[-1], at(start)
    return {"target": target, "rounds": rounds, "acc": at(target), "final": final, "gain_from": start,
            "gain": None if begin is None else final - begin, "seeds": len(curves)}


def train_flops(run: Path) -> int | None:
    """The training FLOPs of one completed run (``train_flops`` summed over its rounds; None:
    not completed, or rounds without the column)."""
    recs = completed_metrics(run)
    if not recs or any("train_flops" not in r for r in recs):
        return None
    return sum(int(r["train_flops"]) for r in recs)


def training_share(reliable: Path, setting: Path, folder: str) -> float | None:
    """The local work a method did in ``setting`` as a share of what it did in ``reliable``: its
    runs' training FLOPs summed over the seeds that completed in both (None: no such seed).
    Under stragglers it counts the skipped local steps at what each step costs. It counts every
    phase of a client's round, so where a phase does work that the step budget does not limit
    and that trains no model (FedALA's ALA computes its W sample's features whatever the budget),
    the share overstates how much the model trained."""
    pairs = [(train_flops(reliable / run.relative_to(setting)), train_flops(run)) for run in seed_runs(setting, folder)]
    pairs = [(r, x) for r, x in pairs if r and x is not None]
    return sum(x for _, x in pairs) / sum(r for r, _ in pairs) if pairs else None


def reading(reliable: Path, folder: str, share: float | None, basis: str) -> dict[str, Any] | None:
    """``equal_updates`` at ``share`` with the share and its ``basis`` (``uploads`` or
    ``train_flops``) beside it; None without a share or a completed reliable run."""
    check = equal_updates(reliable, folder, share) if share is not None else None
    return None if check is None else {**check, "share": share, "basis": basis}


def setting_rows(folder: Path) -> dict[str, dict[str, Any]]:
    """``{method: row}`` of one compare folder (its ``compare.json`` rows, the default setting),
    each with ``availability``: its runs' counts summed over the seeds."""
    doc = json.loads((folder / "compare.json").read_text())
    if "rows" not in doc:
        raise SystemExit(f"{folder}/compare.json has no rows: not a `copfl compare --seeds K` folder")
    out: dict[str, dict[str, Any]] = {}
    for r in doc["rows"]:
        if r.get("setting", "default") != "default":
            continue
        counts = [availability(p) for p in seed_runs(folder, r["folder"])]
        total: dict[str, int] | None = None
        if counts and all(c is not None for c in counts):
            total = {k: sum(c[k] for c in counts) for k in counts[0]}  # type: ignore[index]
        out[r["variant"]] = {**r, "availability": total}
    return out


def summarize_problem(folder: Path) -> dict[str, Any]:
    """One problem: per method and setting its figures and the change from reliable; per
    setting the share of uploads that arrived, and the methods whose counts disagree."""
    settings = {s: setting_rows(folder / s) for s in SETTINGS if (folder / s / "compare.json").is_file()}
    methods = [m for m in METHODS if any(m in rows for rows in settings.values())]
    methods += sorted({m for rows in settings.values() for m in rows} - set(methods))
    table = []
    for m in methods:
        entry: dict[str, Any] = {"method": m}
        base = (settings.get("reliable") or {}).get(m)
        for s, rows in settings.items():
            r = rows.get(m)
            if r is None:
                continue
            cell = {k: r.get(k) for k in ("selected_mean", "selected_std", "final_mean", "final_std", "selected_n")}
            if base is not None and s != "reliable":
                for k in ("selected", "final"):
                    if r.get(f"{k}_mean") is not None and base.get(f"{k}_mean") is not None:
                        cell[f"{k}_change"] = r[f"{k}_mean"] - base[f"{k}_mean"]
            entry[s] = cell
        table.append(entry)
    seeds = max((c.get("selected_n") or 0 for m in table for k, c in m.items() if k != "method"), default=0)
    uploads = {}
    for s, rows in settings.items():
        counts = {m: r["availability"] for m, r in rows.items() if r["availability"] is not None}
        if not counts:
            continue
        keyed = {m: (c["selected"], c["returned"], c["dropped"], c["late"]) for m, c in counts.items()}
        common = max(set(keyed.values()), key=list(keyed.values()).count)
        sel, ret, drop, late = common
        uploads[s] = {"selected": sel, "returned": ret, "dropped": drop, "late": late, "returned_share": ret / sel if sel else None,
                      "rounds_without_upload": {m: c["kept_model"] for m, c in counts.items() if c["kept_model"]},
                      "differ": sorted(m for m, v in keyed.items() if v != common)}
    for s in settings:
        if s == "reliable":
            continue
        for m in table:
            cell, row = m.get(s), (settings.get("reliable") or {}).get(m["method"])
            if not (cell and row and (cell.get("final_change") or 0.0) < -DROP):
                continue
            if s.startswith("dropout"):  # a client that drops out does not train: the share of uploads that arrived
                check = reading(folder / "reliable", row["folder"], (uploads.get(s) or {}).get("returned_share"), "uploads")
            elif s.startswith("stragglers"):  # stragglers train every round, with fewer local steps: the share of the reliable runs' training FLOPs
                check = reading(folder / "reliable", row["folder"], training_share(folder / "reliable", folder / s, row["folder"]), "train_flops")
            else:
                continue
            if check is not None:
                cell["equal_updates"] = check
    missing = [s for s in SETTINGS if s not in settings]
    return {"problem": folder.name, "description": PROBLEMS.get(folder.name, ""), "settings": list(settings), "seeds": seeds, "methods": table,
            "uploads": uploads, "not_finished": missing, "follow_ups": follow_ups(folder, table)}


def follow_ups(folder: Path, table: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The follow-up folders of one problem (FOLLOW_UPS) that have a compare.json: per method,
    its figures there, each seed's final accuracy (None: a seed that has not completed), the
    reliable runs read at the follow-up's own share of training FLOPs (``equal_updates``), and
    the same method's final accuracy in the setting it varies and in reliable."""
    out = []
    for name, (of, what) in FOLLOW_UPS.items():
        if not (folder / name / "compare.json").is_file():
            continue
        for method, r in setting_rows(folder / name).items():
            entry = next((m for m in table if m["method"] == method), {})
            curves = [accuracy_curve(p) for p in seed_runs(folder / name, r["folder"])]
            share = training_share(folder / "reliable", folder / name, r["folder"])
            out.append({"folder": name, "of": of, "what": what, "method": method,
                        **{k: r.get(k) for k in ("selected_mean", "selected_std", "final_mean", "final_std")},
                        "final_per_seed": [c[max(c)] if c else None for c in curves],
                        "equal_updates": reading(folder / "reliable", r["folder"], share, "train_flops"),
                        "of_cell": {k: (entry.get(of) or {}).get(k) for k in ("final_mean", "final_std")},
                        "reliable_cell": {k: (entry.get("reliable") or {}).get(k) for k in ("final_mean", "final_std")}})
    return out


def added_rows(reproduce: Path) -> list[dict[str, Any]]:
    """Per reproduction with rows added beside the paper's: its column's rows, best first."""
    out = []
    for exp, col in ADDED.items():
        path = reproduce / f"{exp}-added.json"
        if not path.is_file():
            continue
        doc = json.loads(path.read_text())
        added = set(doc.get("added_rows") or [])
        cells = [c for c in doc["cells"] if c["setting"] == col]
        done = sorted((c for c in cells if c.get("ours") is not None), key=lambda c: -c["ours"])
        rows = [{"row": c["row"], "algorithm": c["algorithm"], "ours": c["ours"], "std": c.get("ours_std"), "seeds": c.get("seeds"),
                 "paper": c.get("paper"), "added": c["row"] in added, "rank": i + 1} for i, c in enumerate(done)]
        out.append({"experiment": exp, "column": col, "title": cells[0]["col"] if cells else col, "paper": doc.get("paper"),
                    "rows": rows, "not_run": [c["row"] for c in cells if c.get("ours") is None]})
    return out


def render(doc: dict[str, Any], figure: str | None = None) -> str:
    """The report; ``figure``: the name of its picture (beside it), shown under the introduction."""
    lines = [
        "# Unreliable clients: every method under dropout and stragglers",
        "",
        "Each method at its documented defaults, 2 seeds, under four settings: every selected client returns (`reliable`); "
        "each selected client fails to return its upload with probability 0.2 or 0.5 (`--client-dropout`, drawn from the seed, "
        "the round and the client only, so every method loses the same clients); 30% of the selected clients do one local "
        "step only (`--stragglers 0.3 --straggler-steps 1`). Selected accuracy (%): the test accuracy at the round chosen on "
        "validation data, mean ± std over seeds; in brackets the change from the reliable setting, in points. The commands: "
        "studies/study_unreliable.sh; this report: studies/unreliable_report.py.",
        "",
    ]
    if figure:
        lines += [f"![selected accuracy of every method under each setting, per problem (mean ± std over seeds)]({figure})", ""]
    for p in doc["problems"]:
        lines += [f"## {p['problem']}: {p['description']}", ""]
        if not p["methods"]:
            lines += ["No setting has finished yet.", ""]
            continue
        lines += ["| method | " + " | ".join(p["settings"]) + " |", "|---" * (len(p["settings"]) + 1) + "|"]
        for m in p["methods"]:
            cells = []
            for s in p["settings"]:
                c = m.get(s)
                if c is None:
                    cells.append("-")
                    continue
                text = _pct(c["selected_mean"], c["selected_std"])
                if c.get("selected_change") is not None:
                    text += f" ({100 * c['selected_change']:+.2f})"
                if (c.get("selected_n") or 0) < p["seeds"]:  # a seed diverged or has not finished: the mean is the others'
                    text += f" [{c.get('selected_n') or 0} of {p['seeds']} seeds]"
                cells.append(text)
            lines.append(f"| {m['method']} | " + " | ".join(cells) + " |")
        lines.append("")
        lines += ["Final-round accuracy (%):", "", "| method | " + " | ".join(p["settings"]) + " |", "|---" * (len(p["settings"]) + 1) + "|"]
        for m in p["methods"]:
            lines.append(f"| {m['method']} | " + " | ".join(_pct(m[s]["final_mean"], m[s]["final_std"]) if s in m else "-" for s in p["settings"]) + " |")
        lines.append("")
        if p["uploads"]:
            lines += ["Uploads that arrived (all rounds and seeds of the completed runs; the same count for every method of a setting):", ""]
            for s, u in p["uploads"].items():
                share = "-" if u["returned_share"] is None else f"{100 * u['returned_share']:.1f}%"
                text = f"- {s}: {u['returned']} of {u['selected']} selected ({share}), {u['dropped']} dropped"
                if u["rounds_without_upload"]:
                    text += "; rounds in which no upload arrived (the server kept its model): " + ", ".join(
                        f"{m} {k}" for m, k in u["rounds_without_upload"].items())
                if u["differ"]:
                    text += f"; **counts differ for {', '.join(u['differ'])}**"
                lines.append(text)
            lines.append("")
        checks = [(m["method"], s, m[s]) for m in p["methods"] for s in p["settings"] if s in m and m[s].get("equal_updates")]
        if checks:
            lines += [f"Final accuracy more than {100 * DROP:.0f} points below reliable, compared with the reliable runs at the "
                      "round where a client has trained about as much: under dropout, rounds x the share of uploads that arrived "
                      "(a client that drops out does not train that round; the server has aggregated fewer times too); under "
                      "stragglers, rounds x the method's training FLOPs as a share of its reliable runs' (a straggler skips "
                      "local steps, but its upload arrives; the FLOPs count every phase of a round, so where a phase does work "
                      "that trains no model and that the step budget does not limit, such as FedALA's ALA computing its W "
                      "sample's features, the share overstates the model's training):", ""]
            for method, s, c in checks:
                e, drop = c["equal_updates"], -c["final_change"]
                text = f"- {method}, {s}: final {_pct(c['final_mean'])} ({100 * c['final_change']:+.2f}). "
                if e["acc"] is None:
                    lines.append(text + f"The reliable runs have no evaluation at or before round {e['target']:.1f}.")
                    continue
                part = e["final"] - e["acc"]
                share = "all of the drop" if part >= drop else f"{100 * part:.2f} of its {100 * drop:.2f} points"
                flops = e.get("basis") == "train_flops"
                where = f"round {e['target']:.1f} of {e['rounds']}" + (f" ({100 * e['share']:.1f}% of the training FLOPs)" if flops else "")
                cause = "the skipped local steps account for" if flops else "fewer updates account for"
                text += f"The reliable runs scored {_pct(e['acc'])} at {where} and {_pct(e['final'])} at the end: {cause} {share}"
                if e["gain"] is not None:
                    text += f"; the reliable runs still gained {100 * e['gain']:+.2f} points from round {e['gain_from']:g} to the end"
                lines.append(text + ".")
            lines.append("")
        for f in p.get("follow_ups") or []:
            seeds = ", ".join("not completed" if a is None else _pct(a) for a in f["final_per_seed"])
            text = (f"Follow-up, {f['method']} in `{f['folder']}` ({f['what']}): final {_pct(f['final_mean'], f['final_std'])} "
                    f"(seeds: {seeds}), selected {_pct(f['selected_mean'], f['selected_std'])}; "
                    f"in {f['of']} final {_pct(f['of_cell']['final_mean'], f['of_cell']['final_std'])}, "
                    f"reliable {_pct(f['reliable_cell']['final_mean'], f['reliable_cell']['final_std'])}")
            e = f.get("equal_updates")
            if e is not None and e["acc"] is not None:
                text += (f". It did {100 * e['share']:.1f}% of the reliable runs' training FLOPs; the reliable runs scored "
                         f"{_pct(e['acc'])} at round {e['target']:.1f}")
            lines += [text + ".", ""]
        if p["not_finished"]:
            lines += ["Not finished yet: " + ", ".join(p["not_finished"]) + ".", ""]
    if doc.get("added"):
        lines += ["## The seven new methods beside the papers' rows", "",
                  "`copfl reproduce table2 --scale cpu --columns cifar10-10 --add-algorithms apfl,fedala,fedrod,fedbabu,fedcac,gpfl,feddbe` "
                  "and `copfl reproduce pfedsv-table1 --scale cpu --columns mnist-10-pathological --add-algorithms "
                  "apfl,fedala,fedrod,fedbabu,fedcac,gpfl,feddbe`: each added method at its documented defaults and the column's FedAvg rates; the paper's rows as in the "
                  "reproduction reports (docs/results/reproduce-cpu/). Final-round accuracy (%), best first.", ""]
        for a in doc["added"]:
            lines += [f"### {a['title']} ({a['experiment']}, {a['paper']}'s protocol)", "", "| rank | method | ours | paper |", "|---|---|---|---|"]
            for r in a["rows"]:
                ours = f"{r['ours']:.2f}" + (f" ± {r['std']:.2f}" if (r.get("seeds") or 1) > 1 and r.get("std") is not None else "")
                name = f"**{r['row']}** (added)" if r["added"] else r["row"]
                paper = "-" if r["paper"] is None else f"{r['paper']:.2f}"
                lines.append(f"| {r['rank']} | {name} | {ours} | {paper} |")
            if a["not_run"]:
                lines.append(f"\nNot run yet: {', '.join(a['not_run'])}.")
            lines.append("")
    return "\n".join(lines) + "\n"


def plot(doc: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import numpy as np

    problems = [p for p in doc["problems"] if p["methods"]]
    fig, axes = plt.subplots(len(problems), 1, figsize=(10, 3.6 * len(problems)), squeeze=False)
    for ax, p in zip(axes[:, 0], problems):
        names = [m["method"] for m in p["methods"]]
        x = np.arange(len(names))
        width = 0.8 / max(1, len(p["settings"]))
        for i, s in enumerate(p["settings"]):
            mean = [100 * (m[s]["selected_mean"] or 0.0) if s in m else np.nan for m in p["methods"]]
            std = [100 * (m[s]["selected_std"] or 0.0) if s in m else 0.0 for m in p["methods"]]
            ax.bar(x + (i - (len(p["settings"]) - 1) / 2) * width, mean, width, yerr=std, label=s, capsize=2)
        ax.set_xticks(x, names)
        ax.set_ylabel("selected accuracy (%)")
        ax.set_title(p["problem"])
        ax.set_ylim(0, 100)  # room above the bars for the legend
        ax.legend(fontsize=8, ncols=len(p["settings"]), loc="upper center")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def main(argv: list[str] | None = None) -> int:
    from copfl.io import atomic_write_json, atomic_write_text

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("root", type=Path, help="studies/study_unreliable.sh's OUT_ROOT (or its archive)")
    ap.add_argument("--reproduce", type=Path, help="the reproductions' --out (REPRODUCE_OUT) holding EXP-added.json")
    ap.add_argument("--out", help="write PREFIX.md, PREFIX.json and PREFIX.png")
    args = ap.parse_args(argv)
    if not args.root.is_dir():
        raise SystemExit(f"{args.root}: no such folder (expected studies/study_unreliable.sh's OUT_ROOT)")
    problems = [summarize_problem(args.root / p) for p in PROBLEMS if (args.root / p).is_dir()]
    if not problems:
        raise SystemExit(f"{args.root}: none of the problem folders {', '.join(PROBLEMS)} in it")
    doc = {"problems": problems, "added": added_rows(args.reproduce) if args.reproduce else []}
    print(json.dumps(doc, indent=1))
    if args.out:
        prefix = Path(args.out)
        prefix.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_json(prefix.with_suffix(".json"), doc)
        drawn = any(p["methods"] for p in problems)
        atomic_write_text(prefix.with_suffix(".md"), render(doc, prefix.with_suffix(".png").name if drawn else None))
        if drawn:
            plot(doc, prefix.with_suffix(".png"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
