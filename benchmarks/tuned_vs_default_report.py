"""The tuned-vs-default study's report from its `copfl compare --tune` folders (issue 37).

Reads each folder's compare.json ``rows`` (written by `copfl compare --tune N [--seeds K]`) and
writes, per problem (folder), every method's default and tuned row: the selected accuracy (the
test accuracy at the round chosen on validation data) as mean +- std over the seeds, the gain
from tuning, the tuned values and the tuning cost, and whether the method's tuned row still
trails Local's tuned row (by more than the two rows' stds combined). Prints one JSON object;
with ``--out PREFIX`` also writes PREFIX.md, PREFIX.json and PREFIX.png (bars: default and tuned,
per method and problem).

    python benchmarks/tuned_vs_default_report.py runs/study-tuned-vs-default/* --out docs/results/tuned-vs-default
"""

from __future__ import annotations

import argparse
import json
import math
from pathlib import Path
from typing import Any


def compare_folders(folder: Path) -> list[Path]:
    """The compare folders of one problem: ``folder`` itself, or (the layout of
    benchmarks/study_tuned_vs_default.sh) its sub-folders that hold a compare.json, one per method."""
    if (folder / "compare.json").is_file():
        return [folder]
    subs = sorted(p.parent for p in folder.glob("*/compare.json"))
    if not subs:
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
            if r["setting"] in out.get(r["variant"], {}):
                raise SystemExit(f"{folder}: method {r['variant']!r} ({r['setting']}) appears in two compare folders")
            out.setdefault(r["variant"], {})[r["setting"]] = r
    return out


def summarize(folder: Path) -> dict[str, Any]:
    rows = problem_rows(folder)
    local = (rows.get("local") or {}).get("tuned")
    methods = []
    for variant, pair in rows.items():
        d, t = pair.get("default"), pair.get("tuned")
        entry: dict[str, Any] = {"variant": variant, "default": _fig(d), "tuned": _fig(t), "params": (t or {}).get("params"),
                                 "tuning": (t or {}).get("tuning")}
        if d and t and d["selected_mean"] is not None and t["selected_mean"] is not None:
            entry["gain"] = t["selected_mean"] - d["selected_mean"]
        if local and t and variant != "local" and t["selected_mean"] is not None and local["selected_mean"] is not None:
            margin = math.hypot(t["selected_std"] or 0.0, local["selected_std"] or 0.0)
            entry["behind_local"] = t["selected_mean"] < local["selected_mean"] - margin
        methods.append(entry)
    return {"problem": folder.name, "methods": methods}


def _fig(row: dict[str, Any] | None) -> dict[str, Any] | None:
    if row is None:
        return None
    return {k: row.get(k) for k in ("selected_mean", "selected_std", "selected_n", "final_mean", "final_std")}


def _pct(f: dict[str, Any] | None) -> str:
    if not f or f.get("selected_mean") is None:
        return "-"
    sd = f.get("selected_std")
    return f"{100 * f['selected_mean']:.2f}" + (f" ± {100 * sd:.2f}" if sd else "")


def markdown(problems: list[dict[str, Any]]) -> str:
    lines = ["# Tuned vs default: every method at its best on validation data", "",
             "Selected accuracy (%): the test accuracy at the round chosen on validation data, mean ± std over seeds.", ""]
    for p in problems:
        lines += [f"## {p['problem']}", "", "| method | default | tuned | gain (points) | tuned values | trials (pruned) | behind Local (tuned) |",
                  "|---|---|---|---|---|---|---|"]
        for m in p["methods"]:
            vals = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in (m["params"] or {}).items()) or "-"
            tun = m["tuning"] or {}
            gain = "-" if "gain" not in m else f"{100 * m['gain']:+.2f}"
            behind = {True: "yes", False: "no"}.get(m.get("behind_local"), "-")
            lines.append(f"| {m['variant']} | {_pct(m['default'])} | {_pct(m['tuned'])} | {gain} | {vals} | "
                         f"{tun.get('trials', '-')} ({tun.get('pruned', '-')}) | {behind} |")
        lines.append("")
    return "\n".join(lines)


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
    args = ap.parse_args()
    problems = [summarize(f) for f in args.folders if f.is_dir()]
    if args.out:
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.with_suffix(".md").write_text(markdown(problems) + "\n")
        out.with_suffix(".json").write_text(json.dumps(problems, indent=2) + "\n")
        plot(problems, out.with_suffix(".png"))
    print(json.dumps({"benchmark": "tuned_vs_default_report", "problems": problems}))


if __name__ == "__main__":
    main()
