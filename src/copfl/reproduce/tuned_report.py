"""The report of a tuned reproduction (``copfl reproduce EXP --tune N``): per cell the paper's
value, ours with the paper's settings (*default*) and ours tuned on validation data (*tuned*)
side by side, Spearman's rho of each against the paper per column, the tuned values, and the
cells more than :data:`FLAG_POINTS` from the paper that have no measured explanation yet
(:mod:`copfl.reproduce.explanations`), and the pairs whose order the tuned figures swap against the
paper's. Reads the collected cells only; writes
``<out>/<name>-tuned.md`` and ``.json`` atomically.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

from copfl.io import atomic_write_json, atomic_write_text
from copfl.reproduce.explanations import explanation
from copfl.reproduce.report import added_rows_text, report_name, seeds_text, shown_command, shown_reason
from copfl.reproduce.report_cells import diverged_text, num_text, rank_correlation

FLAG_POINTS = 5.0  # |tuned - paper| above this needs an explanation


def column_key(group: str, col: str) -> str:
    """A column's name in the report and in the explanations: ``GROUP / COLUMN`` in a sub-table."""
    return f"{group} / {col}" if group else col


def needs_explanation(cell: dict[str, Any]) -> bool:
    """Whether a side-by-side cell's tuned figure is more than FLAG_POINTS from the paper's
    without an explanation."""
    paper, tuned = cell.get("paper"), cell.get("tuned")
    return paper is not None and tuned is not None and abs(tuned - paper) > FLAG_POINTS and not cell.get("explanation")


def side_by_side(experiment: str, default_docs: list[dict[str, Any]], tuned_docs: list[dict[str, Any]],
                 info: dict[tuple[str, str, str], dict[str, Any]]) -> list[dict[str, Any]]:
    """The JSON ``cells``: per default cell its paper value and our default and tuned figures
    (percent, mean over seeds; None: not there yet), its explanation (empty unless one is
    kept), whether it is flagged, and the tuning behind the tuned figure (``info``: by
    (group, row, column), copfl.reproduce.tuned.tuning_results)."""
    tuned_at = {(d["group"], d["row"], d["col"]): d for d in tuned_docs if d}
    cells = []
    for d in default_docs:
        key = (d["group"], d["row"], d["col"])
        t, i = tuned_at.get(key, {}), info.get(key, {})
        col = column_key(d["group"], d["col"])
        cell = {"group": d["group"], "row": d["row"], "column": col, "paper": d.get("paper"), "default": d.get("ours"),
                "tuned": t.get("ours"), "explanation": explanation(experiment, col, d["row"]),
                "default_std": d.get("ours_std"), "tuned_std": t.get("ours_std"), "default_lr": d.get("chosen_lr"),
                "default_seeds": d.get("seeds"), "tuned_seeds": t.get("seeds"),
                "default_diverged_seeds": d.get("diverged_seeds") or 0, "tuned_diverged_seeds": t.get("diverged_seeds") or 0,
                "default_status": d.get("status"), "tuned_status": t.get("status"),
                "tuned_values": dict(i.get("values") or {}),
                "tuning": {k: i.get(k) for k in ("label", "done", "complete", "val_acc", "pruned", "seconds")} if i else None}
        cell["flag"] = needs_explanation(cell)
        cells.append(cell)
    return cells


def column_rho(cells: list[dict[str, Any]]) -> dict[str, dict[str, float | None]]:
    """Per column: Spearman's rho of our default and of our tuned figures against the paper's,
    each over the column's cells that have both (None: fewer than 3, or no spread)."""
    out = {}
    for col in dict.fromkeys(c["column"] for c in cells):
        mine = [c for c in cells if c["column"] == col and c["paper"] is not None]
        out[col] = {}
        for which in ("default", "tuned"):
            pairs = [(c[which], c["paper"]) for c in mine if c[which] is not None]
            out[col][which] = rank_correlation([a for a, _ in pairs], [b for _, b in pairs])
    return out


def _own_std(c: dict[str, Any], seeds: int) -> float | None:
    """A cell's tuned std over seeds; None when it ran one seed (its spread is unknown)."""
    return c["tuned_std"] if (c.get("tuned_seeds") or seeds) > 1 and c["tuned_std"] is not None else None


def column_spread(cells: list[dict[str, Any]], seeds: int = 1) -> dict[str, float | None]:
    """Per column: the pooled seed std of its tuned cells that ran 2 seeds or more (the root mean
    square of their stds), the spread a one-seed cell of that column is given in a swap; None
    where no cell ran more than one seed."""
    out = {}
    for col in dict.fromkeys(c["column"] for c in cells):
        stds = [s for c in cells if c["column"] == col and (s := _own_std(c, seeds)) is not None]
        out[col] = math.sqrt(sum(s * s for s in stds) / len(stds)) if stds else None
    return out


def _pair_noise(a: dict[str, Any], b: dict[str, Any], seeds: int, pooled: float | None) -> tuple[float | None, bool]:
    """The two cells' tuned std over seeds combined (hypot), a one-seed cell taking its column's
    pooled std; and whether one did. None when a one-seed cell's column has no pooled std."""
    own = [_own_std(c, seeds) for c in (a, b)]
    stds = [s if s is not None else pooled for s in own]
    if any(s is None for s in stds):
        return None, False
    return math.hypot(*stds), any(s is None for s in own)


def swapped_pairs(cells: list[dict[str, Any]], seeds: int = 1) -> list[dict[str, Any]]:
    """Per column, every pair of cells that the paper ranks one way and our tuned figures strictly
    the other (ties on either side are no swap): ``above`` is the paper's higher row. ``gap`` is
    how far ours puts ``below`` ahead; ``noise`` the two cells' seed std combined, a cell that ran
    one seed taking its column's pooled seed std (:func:`column_spread`; ``pooled`` says one did;
    None: no cell of the column ran more than one seed, so the spread is unknown); ``within_noise``
    when the gap is no larger than it; ``explained``: which of the two cells carry a measured
    explanation. A swap beyond the noise with neither explained is flagged (``flag``), as a far
    cell is."""
    out = []
    spread = column_spread(cells, seeds)
    for col in dict.fromkeys(c["column"] for c in cells):
        mine = [c for c in cells if c["column"] == col and c["paper"] is not None and c["tuned"] is not None]
        for a, b in itertools.combinations(mine, 2):
            if a["paper"] < b["paper"]:
                a, b = b, a
            if not (a["paper"] > b["paper"] and a["tuned"] < b["tuned"]):
                continue
            gap, (noise, pooled) = b["tuned"] - a["tuned"], _pair_noise(a, b, seeds, spread[col])
            within = noise is not None and gap <= noise
            explained = [c["row"] for c in (a, b) if c["explanation"]]
            out.append({"column": col, "above": a["row"], "below": b["row"], "paper": [a["paper"], b["paper"]],
                        "tuned": [a["tuned"], b["tuned"]], "gap": gap, "noise": noise, "pooled": pooled,
                        "within_noise": within, "explained": explained, "flag": not (within or explained)})
    return out


def tuned_document(doc: dict[str, Any], tuned_docs: list[dict[str, Any]], info: dict[tuple[str, str, str], dict[str, Any]],
                   tuning: dict[str, Any]) -> dict[str, Any]:
    """The tuned report's JSON: the reproduction's header, ``tuning`` (trials, scale, where the
    values are reused), ``cells`` side by side, ``rho`` per column, the cells to explain, the
    pairs the tuned ranking swaps (``swaps``; ``unexplained_swaps``: those flagged; ``seed_spread``:
    each column's pooled seed std that a one-seed cell is given there), and every
    default and tuned cell's own figures (``default_cells``, ``tuned_cells``)."""
    cells = side_by_side(doc["experiment"], doc["cells"], tuned_docs, info)
    swaps = swapped_pairs(cells, doc["seeds"])
    head = {k: v for k, v in doc.items() if k not in ("cells", "tune")}
    return {**head, "tuning": tuning, "cells": cells, "rho": column_rho(cells), "seed_spread": column_spread(cells, doc["seeds"]),
            "unexplained": [{"row": c["row"], "column": c["column"]} for c in cells if c["flag"]],
            "swaps": swaps, "unexplained_swaps": [{k: s[k] for k in ("column", "above", "below")} for s in swaps if s["flag"]],
            "default_cells": doc["cells"], "tuned_cells": tuned_docs}


def _figure(value: float | None, std: float | None, seeds: int, status: str | None, diverged: int = 0) -> str:
    """A mean (± std over seeds; ``diverged``: how many more seeds diverged and are left out of
    it), or the state of a cell without one (diverged, n/a, -)."""
    if value is None:
        return {"diverged": "diverged", "unavailable": "n/a"}.get(status or "", "-")
    return (num_text(value) + (f" ± {num_text(std)}" if seeds > 1 and std is not None else "") + ("*" if status == "partial" else "")
            + diverged_text(diverged))


def _values_text(values: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}" for k, v in sorted(values.items())) or "-"


def header_lines(doc: dict[str, Any]) -> list[str]:
    """What the report's header says: the paper, the command, the scale, how the tuned row was
    tuned (and where its values are reused), what the default row is, seeds and metric."""
    t = doc["tuning"]
    grid = doc["lr_grid"] and any(c.get("tuned") for c in doc.get("default_cells", []))  # an experiment may fix its rates
    rate = ("the learning rate from the paper's grid with the best mean final *test* accuracy: selected on test data, "
            "as the papers select (`--lr-grid`)" if grid else
            "one learning rate per cell: the paper's fixed rate, else the method's documented default")
    lines = [
        f"# Reproduction, tuned on validation: {doc['title']}",
        "",
        f"Paper: {doc.get('paper', 'CO-PFL')}, {doc['source']}.  ",
        f"Command: `{shown_command(doc['command'])}`  " if doc["command"] else "",
        f"Scale **{doc['scale']}**: {doc['scale_note']}  ",
        f"**Tuned on validation ({t['trials']} trials)** per method and column, the same budget for every method: Optuna's "
        f"TPE sampler and Hyperband pruner on each column's {t['scale']}-scale problem (seed 0's split), the objective the "
        "best round's mean client validation accuracy; no test data is read while tuning. The tuned row runs the best "
        "trial's values; it searches each method's space (docs/tuning.md) less what the experiment fixes for the cell "
        "(its options, such as CO-PFL's p and gamma or an ablation's switch, its run options, its protocol's momentum), "
        "which both rows keep.  ",
    ]
    if t.get("reused"):
        lines.append("Tuned values reused on final rows that differ from the problem they were tuned on: "
                     + "; ".join(f"{k}: {v}" for k, v in t["reused"].items()) + ".  ")
    lines += [
        f"Default row: the paper's settings, {rate}.  ",
        seeds_text(doc, doc.get("default_cells", [])) + ".  ",
        *added_rows_text(doc),
        "Metric: personalized accuracy (%), each client's own model on its own test set, unweighted mean over clients, "
        "at the last round.",
    ]
    if doc.get("note"):
        lines.append(f"Setting: {doc['note']}.")
    return lines + [""]


KEPT_TEXT = ("Not chosen with `--columns` this time, but reported with their default rows, not tuned (this command tunes the "
             "columns it was given): every one of their default runs had finished in the same `--out`")


def kept_columns(doc: dict[str, Any]) -> set[str]:
    """The report labels of the columns ``--columns`` left out but the report keeps
    (``columns_kept``: their default runs had finished in this --out); they have no tuned row."""
    keys = set(doc.get("columns_kept") or [])
    return {column_key(c["group"], c["col"]) for c in doc.get("default_cells", []) if c.get("setting") in keys}


def column_sections(doc: dict[str, Any]) -> list[str]:
    """Per column: paper, default and tuned side by side, and rho of each against the paper."""
    seeds = doc["seeds"]
    lines = [f"Each cell in accuracy points; `!`: more than {FLAG_POINTS:g} points from the paper without an explanation; "
             "`*`: not all seeds finished yet; `(n diverged)`: n more seeds' training diverged (a non-finite loss) and "
             "are left out of the mean, which is the other seeds'.", ""]
    kept = kept_columns(doc)
    for col, rho in doc["rho"].items():
        lines += [f"## {col}", ""]
        if col in kept:
            lines += ["Not chosen with `--columns`: its default rows only, reported because every one of their runs had "
                      "finished in the same `--out`; not tuned (the command tunes the columns it was given).", ""]
        lines += ["| method | paper | default | tuned | tuned - paper |", "|---|---|---|---|---|"]
        for c in (c for c in doc["cells"] if c["column"] == col):
            diff = "-" if c["paper"] is None or c["tuned"] is None else f"{c['tuned'] - c['paper']:+.2f}"
            lines.append(f"| {c['row']} | {num_text(c['paper'])} | {_figure(c['default'], c['default_std'], c.get('default_seeds') or seeds, c['default_status'], c.get('default_diverged_seeds', 0))} | "
                         f"{_figure(c['tuned'], c['tuned_std'], c.get('tuned_seeds') or seeds, c['tuned_status'], c.get('tuned_diverged_seeds', 0))}{' !' if c['flag'] else ''} | {diff} |")
        lines += ["", f"Spearman rho against the paper: default {num_text(rho['default'])}, tuned {num_text(rho['tuned'])}.", ""]
    return lines


def values_section(doc: dict[str, Any]) -> list[str]:
    """The tuned values of every cell, beside the default row's rate."""
    lines = ["## Tuned values", "", "| column | method | default rate | tuned values | best val acc | trials (pruned) |",
             "|---|---|---|---|---|---|"]
    kept = kept_columns(doc)
    for c in doc["cells"]:
        t = c["tuning"] or {}
        if c["column"] in kept and not t.get("done"):
            state = "not tuned: column not chosen with `--columns`"
        elif not t.get("done"):
            state = "not tuned yet"
        elif not t.get("complete"):
            state = f"tuning: {t['done']} of {doc['tuning']['trials']} trials"
        else:
            state = _values_text(c["tuned_values"]) if c["tuned_values"] else "no trial completed (all pruned or diverged)"
        acc = "-" if t.get("val_acc") is None else f"{100 * t['val_acc']:.2f}"
        lr = "-" if c["default_lr"] is None else f"{c['default_lr']:g}"
        lines.append(f"| {c['column']} | {c['row']} | {lr} | {state} | {acc} | {t.get('done') or 0} ({t.get('pruned') or 0}) |")
    return lines + [""]


def explain_section(doc: dict[str, Any]) -> list[str]:
    """Every cell whose tuned figure is more than FLAG_POINTS from the paper: its explanation,
    or that it has none yet."""
    far = [c for c in doc["cells"] if c["paper"] is not None and c["tuned"] is not None and abs(c["tuned"] - c["paper"]) > FLAG_POINTS]
    near = [c for c in doc["cells"] if c not in far and c["explanation"]]  # e.g. a swap in the ranking
    lines = []
    if far:
        lines += [f"## Cells more than {FLAG_POINTS:g} points from the paper", ""]
        for c in far:
            why = c["explanation"] or "**no explanation yet** (copfl/reproduce/explanations.py)"
            lines.append(f"- {c['column']}, {c['row']}: tuned {num_text(c['tuned'])}, paper {num_text(c['paper'])} "
                         f"({c['tuned'] - c['paper']:+.2f}): {why}")
        lines.append("")
    if near:
        lines += ["## Other cells explained (their place in the ranking)", ""]
        lines += [f"- {c['column']}, {c['row']}: tuned {num_text(c['tuned'])}, paper {num_text(c['paper'])}: {c['explanation']}" for c in near]
        lines.append("")
    return lines


def swaps_section(doc: dict[str, Any]) -> list[str]:
    """Every pair the tuned figures order against the paper, with its gap against the seeds'
    spread and whether a measured explanation covers it."""
    if not doc.get("swaps"):
        return []
    lines = ["## Pairs the tuned ranking swaps", "",
             "The paper ranks the first row above the second, our tuned figures the other way. The spread is the two "
             "cells' seed std combined; a cell that ran one seed takes its column's pooled seed std (over the column's "
             "cells that ran more), its spread being unknown where no cell of the column ran more. `!`: beyond that "
             "spread (or unknown) and neither cell explained.", ""]
    for s in doc["swaps"]:
        if s["noise"] is None:
            spread = "one seed, spread unknown"
        else:
            pooled = (f"; a one-seed cell at the column's pooled {num_text(doc['seed_spread'][s['column']])}"
                      if s.get("pooled") and doc.get("seed_spread", {}).get(s["column"]) is not None else "")
            spread = f"{'within' if s['within_noise'] else 'beyond'} the seeds' spread ({num_text(s['noise'])}{pooled})"
        why = f"explained above ({' and '.join(s['explained'])})" if s["explained"] else "**no explanation yet**"
        lines.append(f"- {s['column']}: {s['above']} over {s['below']} in the paper ({num_text(s['paper'][0])} vs "
                     f"{num_text(s['paper'][1])}), under it here ({num_text(s['tuned'][0])} vs {num_text(s['tuned'][1])}): "
                     f"{num_text(s['gap'])} points, {spread}; {why}{' !' if s['flag'] else ''}")
    return lines + [""]


def render_tuned_markdown(doc: dict[str, Any]) -> str:
    """``<name>-tuned.md``: the header, a side-by-side table per column, the tuned values, the
    cells to explain, the pairs the tuned ranking swaps, and what did not run."""
    lines = header_lines(doc) + column_sections(doc) + values_section(doc) + explain_section(doc) + swaps_section(doc)
    if doc.get("unavailable"):
        lines += ["## Not run on this machine", ""] + [f"- `{k}`: {shown_reason(why, doc['command'])}" for k, why in doc["unavailable"].items()] + [""]
    if doc.get("columns_left_out") or doc.get("columns_kept"):
        lines += ["## Columns not selected", ""]
        if doc.get("columns_kept"):
            lines += [f"{KEPT_TEXT}: " + ", ".join(f"`{c}`" for c in doc["columns_kept"]) + ".", ""]
        if doc.get("columns_left_out"):
            lines += ["Not run: " + ", ".join(f"`{c}`" for c in doc["columns_left_out"]) + ".", ""]
    env = doc["environment"]
    lines.append(f"copfl {env['copfl']}, torch {env['torch']}, Python {env['python']}, {env['platform']}.")
    return "\n".join(lines) + "\n"


def write_tuned_report(doc: dict[str, Any], out: Path) -> None:
    """Write ``<out>/<name>-tuned.json`` (``doc``) and ``.md``, atomically."""
    out.mkdir(parents=True, exist_ok=True)
    name = report_name(doc)
    atomic_write_json(out / f"{name}-tuned.json", doc)
    atomic_write_text(out / f"{name}-tuned.md", render_tuned_markdown(doc))
