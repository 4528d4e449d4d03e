"""Two renderings of one tuning study side by side: each (problem, method) of a study rerun where
the methods' search spaces changed (NEW, e.g. momentum now searched) beside the committed study's
(OLD), and where the new tuned row stands against the old study's Local and best federated rows.

    python studies/side_by_side.py OLD.json NEW.json --out docs/results/tuning-momentum

OLD and NEW: reports of tuned_vs_default_report.py (``--out PREFIX`` writes PREFIX.json). Writes
PREFIX.md and PREFIX.json (per problem and method: old and new tuned rows, the change, the new
values, and the new tuned row's distance to Local's tuned row and to the best federated row of
the old study; a method NEW has not finished yet is listed as such)."""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

FEDERATED_EXCLUDED = ("centralized",)  # pools every client's data: not a federated row


def _tuned(m: dict[str, Any]) -> dict[str, Any]:
    """A method's tuned row (its default row where it has none)."""
    return m.get("tuned") or m["default"]


def best_federated(methods: list[dict[str, Any]]) -> tuple[str, float]:
    """The old study's best federated row by tuned selected accuracy: (method, mean)."""
    rows = [(m["variant"], _tuned(m)["selected_mean"]) for m in methods
            if m["variant"].split("--")[0] not in FEDERATED_EXCLUDED and _tuned(m).get("selected_mean") is not None]
    return max(rows, key=lambda r: r[1])


def compare(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per problem of NEW: each of its methods (finished or not) beside OLD's row of it."""
    old_by = {p["problem"]: {m["variant"]: m for m in p["methods"]} for p in old}
    out = []
    for p in new:
        olds = old_by.get(p["problem"], {})
        ref_name, ref = best_federated(list(olds.values())) if olds else (None, None)
        local = _tuned(olds["local"])["selected_mean"] if "local" in olds else None
        rows = []
        for m in p["methods"]:
            o = olds.get(m["variant"])
            new_t, old_t = _tuned(m), (_tuned(o) if o else None)
            nm, om = new_t.get("selected_mean"), (old_t or {}).get("selected_mean")
            rows.append({
                "method": m["variant"], "old_tuned_mean": om, "old_tuned_std": (old_t or {}).get("selected_std"),
                "new_tuned_mean": nm, "new_tuned_std": new_t.get("selected_std"), "new_default_mean": m["default"].get("selected_mean"),
                "change": None if nm is None or om is None else nm - om, "new_params": m.get("params", {}),
                "old_params": (o or {}).get("params", {}), "vs_local": None if nm is None or local is None else nm - local,
                "vs_best_federated": None if nm is None or ref is None else nm - ref,
            })
        out.append({"problem": p["problem"], "best_federated": ref_name, "best_federated_mean": ref, "local_tuned_mean": local,
                    "methods": rows, "unfinished": p.get("unfinished", [])})
    return out


def markdown(doc: list[dict[str, Any]]) -> str:
    """The report: a table per problem."""

    def pct(x: float | None, sign: bool = False) -> str:
        return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else (f"{100 * x:+.2f}" if sign else f"{100 * x:.2f}")

    lines = ["# The tuning study again where the search space changed: old and new tuned rows", "",
             "Selected accuracy (%): the test accuracy at the round chosen on validation data, mean ± std over seeds, "
             "each method tuned under the study's rule (the same budget per method). *Old*: the committed study; *new*: the "
             "rerun with the changed space. The last two columns put the new tuned row against the old study's tuned Local "
             "row and its best federated row.", ""]
    for p in doc:
        lines += [f"## {p['problem']}", "",
                  f"Best federated row of the old study: {p['best_federated']} ({pct(p['best_federated_mean'])}); Local tuned: "
                  f"{pct(p['local_tuned_mean'])}.", "",
                  "| method | old tuned | new tuned | change (points) | new values | vs Local (points) | vs best federated (points) |",
                  "|---|---|---|---|---|---|---|"]
        for r in p["methods"]:
            vals = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in r["new_params"].items())
            lines.append(f"| {r['method']} | {pct(r['old_tuned_mean'])} ± {pct(r['old_tuned_std'])} | {pct(r['new_tuned_mean'])} ± "
                         f"{pct(r['new_tuned_std'])} | {pct(r['change'], True)} | {vals} | {pct(r['vs_local'], True)} | "
                         f"{pct(r['vs_best_federated'], True)} |")
        if p["unfinished"]:
            lines += ["", f"Not finished yet: {', '.join(p['unfinished'])}."]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("old", type=Path, help="the committed study's report JSON")
    ap.add_argument("new", type=Path, help="the rerun's report JSON")
    ap.add_argument("--out", type=Path, required=True, help="write OUT.md and OUT.json")
    args = ap.parse_args(argv)
    new = json.loads(args.new.read_text())
    doc = compare(json.loads(args.old.read_text()), new["problems"] if isinstance(new, dict) else new)
    args.out.with_suffix(".json").write_text(json.dumps(doc, indent=1) + "\n")
    args.out.with_suffix(".md").write_text(markdown(doc))
    print(f"{args.out}.md, .json", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
