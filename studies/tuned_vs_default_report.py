"""The tuned-vs-default study's report from its `copfl compare --tune` folders (issue 37).

Reads each folder's compare.json ``rows`` (written by `copfl compare --tune N [--seeds K]`) and
writes, per problem (folder), every method's default and tuned row: the selected accuracy (the
test accuracy at the round chosen on validation data) as mean +- std over the seeds, the gain
from tuning, the tuned values and the tuning cost (finished trials, pruned ones, and those an
interruption cut off, from the compare folder's tune/tune.json), and whether the method's tuned row still
trails Local's tuned row, with its distance to Local's mean. Every method of a problem runs seed K on the
same split (the compare's seed-K folders), so the comparison is paired by seed where both rows' run
folders are there (:func:`paired_vs_local`): a row trails when its per-seed differences to Local
average below zero by more than their std (the split's own luck, shared by both rows, cancels out);
without run folders, by more than the two rows' stds combined, sqrt(std^2 + std_Local^2). Rows below
Local's mean by less than that are named as within noise. For a method that trails,
it says why, measured on its tuned runs against Local's on the same seeds (:func:`diagnose`):
whether validation accuracy was still rising at the last round, whether its validation curve is
unsteady (moves a round by more than twice Local's), whether its clients fit their
training data less well than Local's (train loss) or as well but generalize worse, how many
clients it serves worse than Local, and whether a tuned value sits at the edge of its search
range. Prints one JSON object;
with ``--out PREFIX`` also writes PREFIX.md, PREFIX.json and PREFIX.png (bars: default and tuned,
per method and problem). ``--follow-ups FILE`` appends a markdown file of measurements made after
the study to the report (runs the study does not make, each with its command: an ablation of a
trailing row, say), under "Measured after the study".

    python studies/tuned_vs_default_report.py runs/study-tuned-vs-default/* --out docs/results/tuned-vs-default
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from pathlib import Path
from typing import Any


def compare_folders(folder: Path) -> list[Path]:
    """The compare folders of one problem: ``folder`` itself, or (the layout of
    studies/study_tuned_vs_default.sh) its sub-folders that hold a compare.json, one per method."""
    if (folder / "compare.json").is_file():
        return [folder]
    subs = sorted(p.parent for p in folder.glob("*/compare.json"))
    if not subs and not any(p.is_dir() for p in folder.glob("*")):
        raise SystemExit(f"{folder}: no compare.json in it or in its sub-folders (not finished yet?)")
    return subs


def problem_rows(folder: Path) -> dict[str, dict[str, Any]]:
    """``{variant: {"default": row, "tuned": row}}`` of one problem's compare folder(s)."""
    out: dict[str, dict[str, Any]] = {}
    for f in compare_folders(folder):
        doc = json.loads((f / "compare.json").read_text())
        if "rows" not in doc:
            raise SystemExit(f"{f}/compare.json has no rows: not a `copfl compare --tune` folder")
        for r in doc["rows"]:
            r = {**r, "_dir": str(f)}  # where its run folders are: DIR/seed-K/FOLDER
            if r["setting"] in out.get(r["variant"], {}):
                raise SystemExit(f"{folder}: method {r['variant']!r} ({r['setting']}) appears in two compare folders")
            out.setdefault(r["variant"], {})[r["setting"]] = r
    return out


# studies/study_tuned_vs_default.sh's rows (their folder-safe keys): pFedSV as pfedsv[topk=capped]
STUDY_METHODS = ("local", "fedavg", "fedrep", "dpao-pfl", "co-pfl", "ditto", "fedpac", "pfedsv--topk-capped")
# issue 78's study (STUDY=tuning in studies/study_tuned_vs_default.sh), in its order
TUNING_STUDY_METHODS = ("local", "fedavg", "co-pfl", "dpao-pfl", "pfedsv", "fedprox", "fedavg-ft", "fedper", "lg-fedavg", "fedrep",
                        "fedbn", "ditto", "fedselect", "fedpac", "apfl", "fedala", "fedrod", "fedbabu", "fedcac", "gpfl", "feddbe",
                        "centralized", "fedfomo", "ifca", "fedem", "per-fedavg", "fedamp", "fedmeta", "pfedme", "pfedhn")
METHOD_LISTS = {"tuned-vs-default": STUDY_METHODS, "tuning": TUNING_STUDY_METHODS}
NOTES = {
    "pfedsv--topk-capped": "pFedSV with its dynamic top-k capped at k0 (`pfedsv[topk=capped]`: the `capped` reading of the "
                           "top-k rule the paper leaves open, docs/algorithms/pfedsv.md), in both its default and its tuned "
                           "row (k0, decay and the learning rate tuned): the default `explore` rule's coalitions grow to every peer "
                           "with a positive relevance, and `copfl compare --dry-run` priced that row at about 47 h on "
                           "FEMNIST's 50 writers and 7 h on MNIST, the capped one at about 6 h and 3 h",
}


def summarize(folder: Path, expected: tuple[str, ...] = ()) -> dict[str, Any]:
    """One problem's rows; ``unfinished``: the methods of ``expected`` without a finished
    compare folder yet (a study still running)."""
    rows = problem_rows(folder)
    local = (rows.get("local") or {}).get("tuned")
    methods = []
    order = {m: i for i, m in enumerate(expected)}  # the study's order (Local first), then the others by name
    for variant, pair in sorted(rows.items(), key=lambda kv: (order.get(kv[0], len(order)), kv[0])):
        d, t = pair.get("default"), pair.get("tuned")
        entry: dict[str, Any] = {"variant": variant, "default": _fig(d), "tuned": _fig(t), "params": (t or {}).get("params"),
                                 "tuning": _tuning(t) if t else None}
        if d and t and d["selected_mean"] is not None and t["selected_mean"] is not None:
            entry["gain"] = t["selected_mean"] - d["selected_mean"]
            entry["gain_margin"] = math.hypot(t["selected_std"] or 0.0, d["selected_std"] or 0.0)
            vs_default = paired_vs_local(t, d)  # the same seeds' splits: paired
            if vs_default is not None:
                entry["gain_paired"] = vs_default
                entry["gain_margin"] = vs_default["std"]
            # issue 78: a tuned row below its default by more than the seeds' noise
            entry["tuned_below_default"] = entry["gain"] < -entry["gain_margin"] - 1e-12
            if entry["tuned_below_default"]:
                entry["below_default_why"] = below_default(t, d)
        if t and t.get("val_test_gap") is not None:
            entry["val_test_gap"] = t["val_test_gap"]
        if t and t.get("same_as_default"):
            entry["same_as_default"] = t["same_as_default"]
        if local and t and variant != "local" and t["selected_mean"] is not None and local["selected_mean"] is not None:
            entry["vs_local"] = t["selected_mean"] - local["selected_mean"]
            entry["local_margin"] = math.hypot(t["selected_std"] or 0.0, local["selected_std"] or 0.0)
            paired = paired_vs_local(t, local)
            if paired is not None:
                entry["paired"] = paired
                entry["vs_local"], entry["local_margin"] = paired["mean"], paired["std"]
            entry["behind_local"] = entry["vs_local"] < -entry["local_margin"]
            if entry["behind_local"]:
                entry["why"] = diagnose(t, local)
        methods.append(entry)
    tuned = [m for m in methods if (m["tuned"] or {}).get("selected_mean") is not None]
    if tuned:
        best = max(tuned, key=lambda m: m["tuned"]["selected_mean"])
        federated = max((m for m in tuned if m["variant"] not in POOLED), key=lambda m: m["tuned"]["selected_mean"], default=best)
        trials = sorted((m["tuning"] or {}).get("trials", 0) for m in tuned if m.get("tuning"))
        for m in tuned:  # each method's distance to the best tuned row of the problem (and to the best federated one)
            m["vs_best"] = m["tuned"]["selected_mean"] - best["tuned"]["selected_mean"]
            m["best"] = best["variant"]
            if federated is not best:
                m["vs_best_federated"] = m["tuned"]["selected_mean"] - federated["tuned"]["selected_mean"]
                m["best_federated"] = federated["variant"]
            if m["variant"].split("--")[0] in SEED_METHODS and m["vs_best"] < -CLOSE:
                m["why_best"] = diagnose(rows[m["variant"]]["tuned"], rows[best["variant"]]["tuned"], best["variant"])
                m["why_best"]["reasons"] += budget_reasons(m, trials)
    return {"problem": folder.name, "methods": methods, "unfinished": [m for m in expected if m not in rows]}


POOLED = ("centralized",)  # rows trained on every client's data in one place: a reference, not a federated method
CLOSE = 0.03  # issue 78: a paper's method within 3 points of the best tuned row needs no reason


def budget_reasons(m: dict[str, Any], trials: list[int]) -> list[str]:
    """What the tuning budget allowed a method: its finished trials against the median of the
    problem's tuned rows, said when it had at most half as many."""
    tun = m.get("tuning") or {}
    if not trials or "trials" not in tun:
        return []
    median = trials[len(trials) // 2]
    if tun["trials"] * 2 > median:
        return []
    return [f"under-searched: the budget ({_minutes(tun.get('seconds'))}) finished {tun['trials']} trial(s) "
            f"({tun.get('pruned', 0)} pruned), against a median of {median} for the problem's methods: its trials are slow"]


def below_default(tuned: dict[str, Any], default: dict[str, Any]) -> dict[str, Any]:
    """Why a tuned row lands below its default row on the table's figure (the round chosen on
    validation data), measured on their runs: the tuning objective's own figure on test data
    (``test_last_weighted``: the last rounds' pooled test accuracy, mean over seeds) for both
    rows, and how much each row's validation curve swings a round (:func:`val_swing`, mean over
    seeds); ``reasons``, the verdicts these support."""
    swing = {k: [val_swing(_records(f)) for f in _runs(r).values()] for k, r in (("tuned", tuned), ("default", default))}
    out: dict[str, Any] = {"test_last_tuned": tuned.get("test_last_weighted"), "test_last_default": default.get("test_last_weighted"),
                           **{f"val_swing_{k}": (sum(v) / len(v) if v else None) for k, v in swing.items()}}
    reasons = []
    a, b = out["test_last_tuned"], out["test_last_default"]
    if a is not None and b is not None:
        reasons.append(f"on the figure the tuning objective estimates (the last quarter of the rounds' pooled test accuracy) the tuned "
                       f"row is {100 * (a - b):+.2f} points against the default ({100 * a:.2f} vs {100 * b:.2f})")
    sa, sb = out["val_swing_tuned"], out["val_swing_default"]
    if sa is not None and sb is not None and sb > max(UNSTEADY * sa, 0.005):
        reasons.append(f"the default's validation curve swings by {100 * sb:.2f} points a round over the second half of the rounds "
                       f"(the tuned row's by {100 * sa:.2f}): the round chosen on validation is a high point of an unsteady curve")
    out["reasons"] = reasons
    return out


def _selected(run: Path) -> float | None:
    """A finished run's selected accuracy (its summary's ``selected.acc_mean``: what the compare
    row's mean is made of); None when the run has no summary or no selected round."""
    path = run / "summary.json"
    if not path.is_file():
        return None
    sel = json.loads(path.read_text()).get("selected") or {}
    return sel.get("acc_mean")


def paired_vs_local(tuned: dict[str, Any], local: dict[str, Any]) -> dict[str, Any] | None:
    """The tuned row against Local's, paired by seed: ``seeds`` (the seed folders where both rows
    have a finished run), ``diffs`` (selected accuracy minus Local's, per seed), their ``mean`` and
    ``std`` (sample std, ddof 1, as the compare rows') and ``below`` (how many seeds are below
    Local). None with fewer than 2 such seeds (no std to compare with)."""
    mine, theirs = _runs(tuned), _runs(local)
    seeds, diffs = [], []
    for s in sorted(set(mine) & set(theirs)):
        a, b = _selected(mine[s]), _selected(theirs[s])
        if a is not None and b is not None:
            seeds.append(s)
            diffs.append(a - b)
    if len(diffs) < 2:
        return None
    return {"seeds": seeds, "diffs": diffs, "mean": statistics.fmean(diffs), "std": statistics.stdev(diffs),
            "below": sum(d < 0 for d in diffs)}


def _tuning(tuned: dict[str, Any]) -> dict[str, Any] | None:
    """A tuned row's tuning figures, with its study's trial states from DIR/tune/tune.json:
    ``trials`` counts the finished trials (complete and pruned: the budget ``--trials`` counts),
    ``failed`` the trials an interruption cut off (not counted: the study runs each again with its
    values, from its last checkpoint; before copfl did that, it drew another)."""
    tun = dict(tuned.get("tuning") or {})
    if not tun:
        return None
    path = Path(tuned["_dir"]) / "tune" / "tune.json"
    if path.is_file():
        for s in json.loads(path.read_text()).get("algorithms", []):
            if s.get("algorithm") in (tuned.get("variant"), tuned.get("algorithm")) and "complete" in s:
                tun.update(trials=s["complete"] + s["pruned"], pruned=s["pruned"], failed=s.get("failed", 0))
                break
    return tun


EDGE = 0.02  # a tuned value within 2% of its range's span (on its scale) from an end is "at the edge"


def _records(run: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (run / "metrics.jsonl").read_text().splitlines() if line.strip()]


def _client_acc(run: Path) -> dict[int, float]:
    import csv

    with open(run / "clients.csv", newline="") as f:
        return {int(r["client"]): float(r["accuracy"]) for r in csv.DictReader(f)}


def _runs(row: dict[str, Any]) -> dict[str, Path]:
    """seed folder name -> the row's run folder in it."""
    if "folder" not in row:
        return {}
    base = Path(row["_dir"])
    return {d.name: d / row["folder"] for d in sorted(base.glob("seed-*")) if (d / row["folder"] / "metrics.jsonl").is_file()}


def at_edge(algorithm: str, params: dict[str, Any]) -> list[str]:
    """The tuned values within :data:`EDGE` of their search range's ends (on the knob's scale)."""
    from copfl.algorithms.base import ALGORITHMS
    from copfl.algorithms.search_space import space_of

    if algorithm not in ALGORITHMS:
        return []
    space = space_of(ALGORITHMS[algorithm])
    out = []
    for name, value in params.items():
        knob = space.get(name)
        if knob is None or knob.kind not in ("float", "int") or not isinstance(value, (int, float)):
            continue
        lo, hi, v = (math.log(x) for x in (knob.low, knob.high, value)) if knob.log else (knob.low, knob.high, value)
        where = (v - lo) / (hi - lo)
        if where <= EDGE or where >= 1 - EDGE:
            out.append(f"{name}={value:.4g} at the {'low' if where <= EDGE else 'high'} end of [{knob.low:g}, {knob.high:g}]")
    return out


UNSTEADY = 2.0  # a validation curve that moves more than this many times Local's a round (and > 0.5 points) is "unsteady"


def val_swing(recs: list[dict[str, Any]]) -> float:
    """The mean absolute round-to-round change of the mean validation accuracy over the second
    half of the rounds (the rounds after the first half, and the change into the first of them):
    how steady the curve is where the selected round is usually chosen. 0 for fewer than 2 rounds."""
    vals = [r["val_acc_mean"] for r in recs if r.get("val_acc_mean") is not None]
    tail = vals[len(vals) // 2 - 1:] if len(vals) >= 2 else []
    steps = [abs(b - a) for a, b in zip(tail, tail[1:])]
    return sum(steps) / len(steps) if steps else 0.0


def diagnose(tuned: dict[str, Any], local: dict[str, Any], ref: str = "Local") -> dict[str, Any]:
    """Why a tuned method trails tuned Local (or another reference row, named ``ref`` in the
    reasons), measured on their run folders, seed by seed:
    ``peak_round`` (mean round of the best validation accuracy) of ``rounds``, ``still_rising``
    (the best validation accuracy came at the last round in most seeds), the last round's
    ``train_loss`` beside Local's, ``clients_below_local`` (the share of clients, over seeds,
    whose last-round test accuracy is below Local's on the same client), ``val_swing`` beside
    Local's (:func:`val_swing`, averaged over seeds), ``edge`` (tuned values
    at the edge of their range) and ``reasons``, the verdicts these figures support."""
    mine, theirs = _runs(tuned), _runs(local)
    seeds = sorted(set(mine) & set(theirs))
    if not seeds:
        return {"seeds": 0, "reasons": ["no run folders of both methods on a common seed to measure"]}
    peaks, rising, loss, loss_local, below, clients, swing, swing_local = [], 0, [], [], 0, 0, [], []
    for s in seeds:
        recs, lrecs = _records(mine[s]), _records(theirs[s])
        swing.append(val_swing(recs))
        swing_local.append(val_swing(lrecs))
        vals = [r.get("val_acc_mean", float("-inf")) for r in recs]
        peak = max(range(len(vals)), key=lambda i: vals[i]) + 1
        peaks.append(peak)
        rising += peak == len(recs)
        loss.append(recs[-1]["train_loss"])
        loss_local.append(lrecs[-1]["train_loss"])
        a, b = _client_acc(mine[s]), _client_acc(theirs[s])
        common = set(a) & set(b)
        below += sum(a[c] < b[c] for c in common)
        clients += len(common)
    rounds = len(_records(mine[seeds[0]]))
    out: dict[str, Any] = {
        "seeds": len(seeds), "rounds": rounds, "peak_round": sum(peaks) / len(peaks), "still_rising": rising > len(seeds) / 2,
        "train_loss": sum(loss) / len(loss), "train_loss_local": sum(loss_local) / len(loss_local),
        "clients_below_local": below / clients if clients else None, "edge": at_edge(tuned["algorithm"], tuned.get("params") or {}),
        "val_swing": sum(swing) / len(swing), "val_swing_local": sum(swing_local) / len(swing_local),
    }
    reasons = []
    if out["still_rising"]:
        reasons.append(f"still improving: its validation accuracy peaked at the last round ({rounds}) in {rising} of {len(seeds)} seeds; more rounds would narrow the gap")
    if out["train_loss"] > 1.5 * out["train_loss_local"]:
        reasons.append(f"underfits its clients' own data: last-round train loss {out['train_loss']:.3f} against {ref}'s {out['train_loss_local']:.3f}")
    elif out["train_loss"] <= out["train_loss_local"] * 1.1:
        reasons.append(f"fits its clients' training data as well as {ref} (train loss {out['train_loss']:.3f} against {out['train_loss_local']:.3f}) but generalizes worse to their test data")
    if out["val_swing"] > max(UNSTEADY * out["val_swing_local"], 0.005):
        reasons.append(f"unsteady: over the second half of the rounds its mean validation accuracy moves by {100 * out['val_swing']:.2f} "
                       f"points a round, {ref}'s by {100 * out['val_swing_local']:.2f}")
    if out["clients_below_local"] is not None:
        reasons.append(f"{100 * out['clients_below_local']:.0f}% of clients are served worse than by {ref}")
    if out["edge"]:
        reasons.append("the search may have cut off its best: " + "; ".join(out["edge"]))
    out["reasons"] = reasons
    return out


def _fig(row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {k: row.get(k) for k in ("selected_mean", "selected_std", "selected_n", "final_mean", "final_std")}


def _pct(f: dict[str, Any] | None) -> str:
    if not f or f.get("selected_mean") is None:
        return "-"
    sd = f.get("selected_std")
    return f"{100 * f['selected_mean']:.2f}" + (f" ± {100 * sd:.2f}" if sd else "")


def _failed(tuning: dict[str, Any]) -> str:
    n = tuning.get("failed") or 0
    return f"; {n} cut off by an interruption, not counted" if n else ""


def _minutes(seconds: float | None) -> str:
    return "-" if seconds is None else f"{seconds / 60:.1f} min"


def markdown(problems: list[dict[str, Any]], follow_ups: str = "", figure: str | None = None) -> str:
    """The report; ``figure``: the name of its picture (beside it), shown under the introduction."""
    lines = ["# Tuned vs default: every method at its best on validation data", "",
             "Selected accuracy (%): the test accuracy at the round chosen on validation data, mean ± std over seeds. "
             "Each method's tuned values come from its own Optuna study on the validation part of the first seed's split "
             "(no test data touched); the default row runs the method's documented defaults. Tuning time: the finished "
             "trials' wall time, summed (docs/tuning.md). The commands that make this report: docs/results/README.md.", ""]
    if figure:
        lines += [f"![default and tuned selected accuracy of every method, per problem (mean ± std over seeds)]({figure})", ""]
    lines += seed_methods_section(problems)
    for p in problems:
        lines += [f"## {p['problem']}", "",
                  "| method | default | tuned | gain (points) | tuned values | trials (pruned) | tuning time | val - test (points) | behind Local (tuned) |",
                  "|---|---|---|---|---|---|---|---|---|"]
        for m in p["methods"]:
            vals = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in (m["params"] or {}).items()) or "-"
            if m.get("same_as_default"):
                vals = f"= default ({m['same_as_default']})"
            tun = m["tuning"] or {}
            gain = "-" if "gain" not in m else f"{100 * m['gain']:+.2f}" + (" (below default)" if m.get("tuned_below_default") else "")
            gap = "-" if m.get("val_test_gap") is None else f"{100 * m['val_test_gap']:+.2f}"
            behind = _behind(m)
            lines.append(f"| {m['variant']} | {_pct(m['default'])} | {_pct(m['tuned'])} | {gain} | {vals} | "
                         f"{tun.get('trials', '-')} ({tun.get('pruned', '-')}){_failed(tun)} | {_minutes(tun.get('seconds'))} | {gap} | {behind} |")
        lines.append("")
        below = [m for m in p["methods"] if m.get("tuned_below_default")]
        checked = [m for m in p["methods"] if "tuned_below_default" in m]
        if checked:
            lines += [f"Tuned against default on test: {len(checked) - len(below)} of {len(checked)} tuned rows are at or above their default "
                      "row, allowing for the seeds' spread" + (": " + "; ".join(f"**{m['variant']}** below by {-100 * m['gain']:.2f} points (noise "
                                                                  f"{100 * m['gain_margin']:.2f})" for m in below) if below else "") + ".", ""]
        for m in below:
            if (m.get("below_default_why") or {}).get("reasons"):
                lines.append(f"- **{m['variant']}** below its default: " + "; ".join(m["below_default_why"]["reasons"]) + ".")
        if any((m.get("below_default_why") or {}).get("reasons") for m in below):
            lines.append("")
        far = [m for m in p["methods"] if m.get("why_best")]
        if far:
            lines += [f"Why a paper's method is more than {100 * CLOSE:.0f} points below the best tuned row (measured on its tuned runs "
                      "against that row's, same seeds):", ""]
            for m in far:
                fed = "" if m.get("vs_best_federated") is None else (
                    f"; {100 * m['vs_best_federated']:+.2f} against the best federated row, {m['best_federated']} "
                    f"({m['best']} trains one model on every client's data pooled)")
                lines.append(f"- **{m['variant']}** ({100 * m['vs_best']:+.2f} points against {m['best']}{fed}): "
                             + "; ".join(m["why_best"]["reasons"]) + ".")
            lines.append("")
        notes = [f"- **{m['variant']}**: {NOTES[m['variant']]}." for m in p["methods"] if m["variant"] in NOTES]
        if notes:
            lines += ["Rows run with a setting other than the method's defaults (in their default and tuned columns alike):", "", *notes, ""]
        if p.get("unfinished"):
            lines += [f"Not finished yet (the study goes on; this table grows as it does): {', '.join(p['unfinished'])}.", ""]
        level = [m for m in p["methods"] if _below_within_noise(m)]
        if level:
            lines += ["Below Local's tuned mean but within seed noise (" + _noise_rule(level) + "): " + "; ".join(
                          f"{m['variant']} {100 * m['vs_local']:+.2f} points (noise {100 * m['local_margin']:.2f}{_seeds_below(m)})"
                          for m in level)
                      + ". Not a measured loss on these seeds, nor a measured tie.", ""]
        trailing = [m for m in p["methods"] if m.get("why")]
        if trailing:
            lines += ["Why a method trails Local after tuning (measured on the tuned runs against Local's, same seeds):", ""]
            for m in trailing:
                w = m["why"]
                lines.append(f"- **{m['variant']}** ({100 * m['vs_local']:+.2f} points, noise {100 * m['local_margin']:.2f}"
                             f"{_seeds_below(m)}): " + "; ".join(w["reasons"]) + ".")
            lines.append("")
    if follow_ups.strip():
        lines += ["## Measured after the study", "", follow_ups.strip(), ""]
    return "\n".join(lines)


SEED_METHODS = {"co-pfl": "CO-PFL", "pfedsv": "pFedSV", "dpao-pfl": "DPAO-PFL"}  # the three papers' methods (variants: "pfedsv--topk-capped")


def seed_methods_section(problems: list[dict[str, Any]]) -> list[str]:
    """The report's bottom line (issue 37): each of the papers' methods against Local, both
    tuned, on every problem: ahead, level within seed noise, or behind, with the distance."""
    found = []
    for key, name in SEED_METHODS.items():
        parts = []
        for p in problems:
            for m in p["methods"]:
                if m["variant"].split("--")[0] != key or "vs_local" not in m:
                    continue
                d, noise = 100 * m["vs_local"], 100 * m["local_margin"]
                pair = m.get("paired")
                above = f"; above Local on {sum(x > 0 for x in pair['diffs'])} of {len(pair['diffs'])} seeds" if pair else ""
                if m.get("behind_local"):
                    verdict = f"**behind** by {-d:.2f} points (noise {noise:.2f}{_seeds_below(m)})"
                elif abs(d) <= noise:
                    verdict = f"level within seed noise ({d:+.2f} points, noise {noise:.2f}{_seeds_below(m) if d < 0 else above})"
                else:
                    verdict = f"ahead by {d:.2f} points (noise {noise:.2f}{above})"
                if m.get("vs_best") is not None:
                    verdict += ("; the best tuned row" if m["best"] == m["variant"] else
                                f"; {-100 * m['vs_best']:.2f} points below the best tuned row ({m['best']})")
                if m.get("vs_best_federated") is not None:
                    verdict += (" and the best federated one" if m["best_federated"] == m["variant"] else
                                f", {-100 * m['vs_best_federated']:.2f} below the best federated row ({m['best_federated']})")
                as_variant = f" (as {m['variant']})" if m["variant"] != key else ""
                parts.append(f"{p['problem']}{as_variant}: {verdict}")
        if parts:
            found.append(f"- **{name}**: " + "; ".join(parts) + ".")
    if not found:
        return []
    return ["## The papers' methods against training alone (Local), both tuned", "", *found, "",
            "Where one is behind, the reasons measured on its runs follow its problem's table, and the ablations made "
            "after the study are under \"Measured after the study\".", ""]


def _behind(m: dict[str, Any]) -> str:
    """The "behind Local (tuned)" cell: yes / no, with the tuned row's distance to Local's tuned
    mean in points (`no (-1.81, noise)`: below Local, by less than the noise margin; rows compared
    seed by seed add how many seeds are below: `yes (-0.81; 3 of 3 seeds below)`)."""
    if m.get("behind_local") is None:
        return "-"
    diff = f"{100 * m['vs_local']:+.2f}"
    p = m.get("paired")
    below = f"; {p['below']} of {len(p['diffs'])} seeds below" if p and m["vs_local"] < 0 else ""
    if m["behind_local"]:
        return f"yes ({diff}{below})"
    return f"no ({diff}, noise{below})" if _below_within_noise(m) else f"no ({diff})"


def _noise_rule(rows: list[dict[str, Any]]) -> str:
    """How the noise margin of these rows was measured, in words."""
    rules = []
    if any("paired" in m for m in rows):
        rules.append("paired by seed: less than the std of the per-seed differences to Local, below it")
    if any("paired" not in m for m in rows):
        rules.append("less than the two rows' stds combined, sqrt(std^2 + std_Local^2), below it")
    return "; ".join(rules)


def _seeds_below(m: dict[str, Any]) -> str:
    """``; below Local on 2 of 3 seeds`` for a row compared seed by seed, else empty."""
    p = m.get("paired")
    return f"; below Local on {p['below']} of {len(p['diffs'])} seeds" if p else ""


def _below_within_noise(m: dict[str, Any]) -> bool:
    """Below Local's tuned mean, by less than the noise margin (not counted as trailing)."""
    return m.get("behind_local") is False and m["vs_local"] < 0


def plot(problems: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(problems), figsize=(6 * len(problems), 4.5), sharey=True, squeeze=False)
    for ax, p in zip(axes[0], problems):
        names = [m["variant"] for m in p["methods"]]
        for j, (setting, color) in enumerate((("default", "tab:gray"), ("tuned", "tab:blue"))):
            means = [100 * ((m[setting] or {}).get("selected_mean") or 0) for m in p["methods"]]
            sds = [100 * ((m[setting] or {}).get("selected_std") or 0) for m in p["methods"]]
            ax.bar([i + 0.4 * j - 0.2 for i in range(len(names))], means, 0.4, yerr=sds, color=color, label=setting, capsize=2)
        ax.set_xticks(range(len(names)), names, rotation=45, ha="right")
        ax.set_title(p["problem"])
        ax.set_ylabel("selected test accuracy (%)")
    axes[0][0].legend(loc="upper left", bbox_to_anchor=(0, -0.35), ncol=2)
    fig.suptitle("Tuned vs default (mean ± std over seeds)")
    fig.tight_layout()
    fig.savefig(path, dpi=110, bbox_inches="tight")
    plt.close(fig)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folders", nargs="+", type=Path,
                    help="one folder per problem: a copfl compare --tune folder, or a folder of them (one per method)")
    ap.add_argument("--out", help="write OUT.md, OUT.json and OUT.png")
    ap.add_argument("--follow-ups", type=Path, metavar="FILE",
                    help="a markdown file of measurements made after the study, appended to the report")
    ap.add_argument("--methods", default="tuned-vs-default",
                    help="the methods every problem should have, in the report's order (those not finished yet are listed as "
                         "such): comma-separated folder names, or a study's list: 'tuned-vs-default' (issue 37's eight) or "
                         "'tuning' (issue 78's 30) [tuned-vs-default]")
    args = ap.parse_args()
    expected = METHOD_LISTS.get(args.methods) or tuple(m for m in args.methods.split(",") if m)
    problems = [summarize(f, expected) for f in args.folders if f.is_dir()]
    if args.follow_ups is not None and not args.follow_ups.is_file():
        raise SystemExit(f"--follow-ups {args.follow_ups}: no such file")
    follow_ups = args.follow_ups.read_text() if args.follow_ups is not None else ""
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.with_suffix(".md").write_text(markdown(problems, follow_ups, out.with_suffix(".png").name) + "\n")
        out.with_suffix(".json").write_text(json.dumps(problems, indent=2) + "\n")
        plot(problems, out.with_suffix(".png"))
    print(json.dumps({"benchmark": "tuned_vs_default_report", "problems": problems}))


if __name__ == "__main__":
    main()
