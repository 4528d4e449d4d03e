"""The one-budget selection study's report (docs/results/selection-study.{json,md}) from the
folders of ``studies/study_fair_search.sh`` (selection and shakespeare stages).

Per problem: the budget, the trials each method got, the winner and its tuned selected accuracy
(its final row on every seed), against

- on a problem of the per-method tuning study: the study's best federated row (the best tuned
  selected accuracy of any method but centralized; a later report's rows replace an earlier
  one's), passed when the winner is within 1 point of it or within seed noise of it;
- on a problem in no study: the reference, a per-method ``copfl compare --budget`` of the
  methods the selection kept plus Local (its best row), passed when the winner is within seed
  noise of it.

Seed noise: the root of the sum of both rows' variances over seeds (as ``compare --select``
names the methods within noise of its winner).

    python studies/selection_report.py runs/fair-search --reports docs/results/tuning-study.json \\
        docs/results/tuning-momentum-study.json --out docs/results/selection-study
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

TOLERANCE = 0.01
"""Within 1 point (accuracy as a fraction) of the study's best federated row."""

NOT_FEDERATED = ("centralized",)


def study_rows(reports: list[Path]) -> dict[str, dict[str, dict[str, Any]]]:
    """Per problem, per method: its row in the reports (a later report's rows replace an earlier one's)."""
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for path in reports:
        for entry in json.loads(path.read_text()):
            out.setdefault(entry["problem"], {}).update({m["variant"]: m for m in entry["methods"]})
    return out


def best_federated(rows: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The study's best federated row: the highest tuned selected accuracy (mean over seeds)."""
    cands = [(m, r["tuned"]) for m, r in rows.items() if m not in NOT_FEDERATED and (r.get("tuned") or {}).get("selected_mean") is not None]
    if not cands:
        raise ValueError("the study has no finished tuned row")
    m, t = max(cands, key=lambda c: c[1]["selected_mean"])
    return {"method": m, "selected_mean": t["selected_mean"], "selected_std": t.get("selected_std")}


def noise(a: dict[str, Any], b: dict[str, Any]) -> float:
    return math.hypot(a.get("selected_std") or 0.0, b.get("selected_std") or 0.0)


def reference_best(compare_json: Path) -> dict[str, Any]:
    """The reference compare's best row (default or tuned) by selected accuracy."""
    doc = json.loads(compare_json.read_text())
    rows = [r for r in doc.get("rows", []) if r.get("selected_mean") is not None]
    if not rows:
        raise ValueError(f"{compare_json}: no finished row")
    r = max(rows, key=lambda r: r["selected_mean"])
    return {"method": r["variant"], "setting": r["setting"], "selected_mean": r["selected_mean"], "selected_std": r.get("selected_std")}


def problem_entry(problem: str, sel: dict[str, Any], against: dict[str, Any], kind: str) -> dict[str, Any]:
    """One problem's line of the report: the selection against the study's best federated row
    (``kind`` "study") or the reference's best row ("reference")."""
    winner = sel["winner"]
    w = sel["finals"].get(winner, {})
    gap = None if w.get("selected_mean") is None else w["selected_mean"] - against["selected_mean"]
    n = noise(w, against)
    passed = gap is not None and (gap >= -n if kind == "reference" else (gap >= -TOLERANCE or gap >= -n))
    return {
        "problem": problem,
        "budget_seconds": sel["budget_seconds"],
        "spent_seconds": sel["spent_seconds"],
        "trials": sel["trials"],
        "trials_total": sum(sel["trials"].values()),
        "kept": sel["kept"],
        "winner": winner,
        "winner_setting": w.get("setting"),
        "winner_params": w.get("params", {}),
        "winner_selected_mean": w.get("selected_mean"),
        "winner_selected_std": w.get("selected_std"),
        "within_noise_of_winner": sel.get("within_noise", []),
        ("study_best" if kind == "study" else "reference_best"): against,
        "gap": gap,
        "noise": n,
        "passed": passed,
        "rule": "within 1 point or within seed noise of the study's best federated row" if kind == "study"
        else "within seed noise of the reference's best row",
    }


def pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.2f}"


def gap_text(gap: float | None) -> str:
    return "-" if gap is None else f"{100 * gap:+.2f}"


def markdown(entries: list[dict[str, Any]]) -> str:
    lines = [
        "# Which method for my data: one budget for every method",
        "",
        "`copfl compare --algorithms all --budget B --select` on each problem, 3 seeds, with copfl's built-in priors only",
        "(learned on the other problems: a problem's own study is left out). Winner: the search's best method on validation",
        "data; its accuracy: its final row's test accuracy at the validation-selected round, mean ± std over 3 seeds.",
        "",
        "| problem | budget | trials (methods) | winner | winner's acc | against | its acc | gap (points) | noise | passed |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for e in entries:
        ref = e.get("study_best") or e.get("reference_best") or {}
        what = ("study best: " if "study_best" in e else "reference: ") + ref.get("method", "-")
        lines.append(
            f"| {e['problem']} | {e['budget_seconds'] / 60:.0f} min | {e['trials_total']} ({len(e['trials'])}) | {e['winner']} ({e['winner_setting']}) | "
            f"{pct(e['winner_selected_mean'])} ± {pct(e['winner_selected_std'])} | {what} | {pct(ref.get('selected_mean'))} ± {pct(ref.get('selected_std'))} | "
            f"{gap_text(e['gap'])} | {100 * e['noise']:.2f} | {'yes' if e['passed'] else 'no'} |"
        )
    lines += ["", "Trials per method (the search's successive halving gives the better half twice the trials at each step):", ""]
    for e in entries:
        order = sorted(e["trials"], key=lambda m: -e["trials"][m])
        lines.append(f"- {e['problem']}: " + ", ".join(f"{m} {e['trials'][m]}" for m in order) + f"; kept {', '.join(e['kept'])}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("root", type=Path, help="the fair-search folder (its selection/ and reference/ subfolders)")
    ap.add_argument("--reports", nargs="+", type=Path, required=True, help="the per-method tuning study's reports (JSON)")
    ap.add_argument("--out", type=Path, required=True, help="PREFIX: PREFIX.json and PREFIX.md")
    args = ap.parse_args(argv)
    studied = study_rows(args.reports)
    entries, missing = [], []
    for folder in sorted((args.root / "selection").iterdir()) if (args.root / "selection").is_dir() else []:
        path = folder / "selection.json"
        if not path.exists():
            missing.append(folder.name)
            continue
        sel = json.loads(path.read_text())
        if folder.name in studied:
            entries.append(problem_entry(folder.name, sel, best_federated(studied[folder.name]), "study"))
        else:
            ref = args.root / "reference" / folder.name / "compare.json"
            if not ref.exists():
                missing.append(f"{folder.name} (its reference)")
                continue
            entries.append(problem_entry(folder.name, sel, reference_best(ref), "reference"))
    if not entries:
        print(f"no finished selection under {args.root / 'selection'}", file=sys.stderr)
        return 1
    doc = {"problems": entries, "unfinished": missing}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.with_suffix(".json").write_text(json.dumps(doc, indent=2) + "\n")
    args.out.with_suffix(".md").write_text(markdown(entries) + (f"\nNot finished yet: {', '.join(missing)}.\n" if missing else ""))
    print(json.dumps({"problems": len(entries), "passed": sum(e["passed"] for e in entries), "unfinished": missing}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
