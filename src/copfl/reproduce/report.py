"""The report of a reproduction: markdown with our number beside the paper's in every cell,
a JSON with everything, and plots. All files are written atomically."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from copfl.io import atomic_write_json, atomic_write_text
from copfl.reproduce.report_cells import (
    best_text,
    eps_text,
    format_cell,
    groups_of,
    lr_text,
    markdown_table,
    matrix_of,
    num_text,
    rankings,
    selected_text,
)
from copfl.reproduce.report_sections import (
    milestone_sections,
    readings_sections,
    relevance_sections,
    resolution_section,
    robustness_sections,
    traffic_sections,
)


def render_markdown(doc: dict[str, Any], plots: list[str]) -> str:
    """A reproduction's report (``doc``: report.json's content; ``plots``: the PNGs beside it)."""
    seeds = doc["seeds"]
    cells = doc["cells"]
    has_paper = any(c.get("paper") is not None for c in cells)
    lines = header_lines(doc, cells)
    if doc.get("note"):
        lines.append(f"Setting: {doc['note']}.")
    lines.append("")
    if has_paper:
        lines.append("Each cell: **ours / paper (ours - paper)**, in accuracy points. `*`: not all seeds finished yet.")
    lines.append("")
    groups = groups_of(cells)
    corner = "p \\ gamma" if doc["kind"] == "heatmap" else "method"
    for g, gcells in groups.items():
        if g:
            lines += [f"## {g}", ""]
        lines += [markdown_table(gcells, lambda c: format_cell(c, seeds), corner), ""]
        if has_paper and doc["kind"] in ("table", "datasize"):
            for rk in rankings(gcells):
                rho = "-" if rk["spearman"] is None else f"{rk['spearman']:.2f}"
                lines.append(f"- {rk['col']}: ours {rk['ours_order']}; paper {rk['paper_order']}; Spearman rho {rho}")
            lines.append("")
    lines += resolution_section(cells)
    lines += kind_sections(doc["kind"], cells)
    lines += best_round_sections(groups, corner)
    lines += closing_sections(doc, cells, plots)
    env = doc["environment"]
    lines.append(f"copfl {env['copfl']}, torch {env['torch']}, Python {env['python']}, {env['platform']}.")
    return "\n".join(lines) + "\n"


# The options whose values are paths on the machine that ran the command, and the word a report
# shows instead: a reader has other paths, and a report never points outside the repository.
MACHINE_PATHS = {"--data-dir": "DIR", "--cache-dir": "CACHE"}


def shown_command(command: str) -> str:
    """``command`` as a report shows it: the data and cache directories as ``DIR`` and
    ``CACHE``, an absolute ``--out`` as ``OUT``; every other word as typed."""
    words = command.split(" ")
    for i, w in enumerate(words[:-1]):
        if w in MACHINE_PATHS:
            words[i + 1] = MACHINE_PATHS[w]
        elif w == "--out" and words[i + 1].startswith("/"):
            words[i + 1] = "OUT"
    return " ".join(words)


def shown_reason(why: str, command: str) -> str:
    """A reason a column could not run (its first line), the data directory named as in
    :func:`shown_command`."""
    line = why.splitlines()[0]
    words = command.split(" ")
    for i, w in enumerate(words[:-1]):
        if w == "--data-dir" and words[i + 1].startswith("/"):
            line = line.replace(words[i + 1].rstrip("/"), "DIR")
    return line


def header_lines(doc: dict[str, Any], cells: list[dict[str, Any]]) -> list[str]:
    """The report's title and what it ran: source, command, scale, validation, seeds, rates, metric."""
    tune = (
        "the paper's grid per cell (`--lr-grid`; CO-PFL {1e-4, 1e-5}; baselines {1e-2, 1e-3, 1e-4}), "
        "the rate with the best mean final *test* accuracy kept: selected on test data, as the paper reports each method's best"
        if doc.get("lr_grid", doc.get("tune")) and any(c.get("tuned") for c in cells)
        else "one rate per cell: the paper's fixed rate, else the algorithm's documented default (see docs/baselines.md); "
        "no selection on test data"
    )
    return [
        f"# Reproduction: {doc['title']}",
        "",
        f"Study: {doc['source']}.  " if doc["kind"] == "robustness" else f"Paper: {doc.get('paper', 'CO-PFL')}, {doc['source']}.  ",
        f"Command: `{shown_command(doc['command'])}`  " if doc["command"] else "",
        f"Scale **{doc['scale']}**: {doc['scale_note']}  ",
        f"Validation hold-out: {doc['validation']}.  " if doc.get("validation") else "",
        seeds_text(doc, cells) + f". Learning rate: {tune}.  ",
        *added_rows_text(doc),
        "Metric: personalized accuracy (%), each client's own model on its own test set, unweighted mean over "
        "clients, at the last round. "
        + ("" if doc["kind"] == "robustness" else "The paper does not say whether it reports the last or the best round; ")
        + ("the best round" if doc["kind"] != "robustness" else "The best round") + " (chosen on the test set) is in a later table, beside the round chosen on validation data when the runs had some.",
    ]


def kind_sections(kind: str, cells: list[dict[str, Any]]) -> list[str]:
    """The sections an experiment of ``kind`` adds (privacy budgets, milestones, robustness,
    relevance, traffic, overhead, readings, training losses)."""
    lines: list[str] = []
    if any(c.get("paper_epsilon") is not None for c in cells):
        lines += ["## Privacy budget: epsilon at delta 1e-5 (ours / paper; inf = no noise)", "",
                  markdown_table(cells, lambda c: f"{eps_text(c.get('epsilon'))} / {eps_text(c.get('paper_epsilon'))}"), ""]
    if any(c.get("paper_rounds") is not None for c in cells):
        lines += milestone_sections(cells)
    if kind == "robustness":
        lines += robustness_sections(cells)
    if kind == "relevance":
        lines += relevance_sections(cells)
    if kind == "traffic":
        lines += traffic_sections(cells)
    if kind == "overhead":
        def fig(key: str, scale: float, digits: int = 2) -> Any:
            return lambda c: num_text(None if (c.get("overhead") or {}).get(key) is None else c["overhead"][key] / scale, digits)

        lines += ["## Overhead", ""]
        for title, f in (("Upload per round (MB, all participants)", fig("bytes_up_per_round", 1e6, 3)),
                         ("Download per round (MB)", fig("bytes_down_per_round", 1e6, 3)),
                         ("Training FLOPs, whole run (TFLOP)", fig("train_flops_total", 1e12, 3)),
                         ("Std of the normalized importance Omega (mean over rounds)", fig("importance_std", 1.0, 4))):
            lines += [f"{title}:", "", markdown_table(cells, f), ""]
    if kind == "readings":
        lines += readings_sections(cells)
    if kind == "curves":
        lines += ["## Final training loss (last round)", ""]
        lines += [markdown_table(cells, lambda c: num_text(c.get("train_loss"), 4)), ""]
    return lines


def best_round_sections(groups: dict[str, list[dict[str, Any]]], corner: str) -> list[str]:
    """Each group's best-round accuracy, validation-selected accuracy and learning rates."""
    lines: list[str] = []
    lines += ["## Best round, and the learning rate behind each cell", ""]
    for g, gcells in groups.items():
        if g:
            lines += [f"### {g}", ""]
        lines += ["Best-round accuracy (round):", "", markdown_table(gcells, best_text, corner), ""]
        if any(c.get("ours_selected") is not None for c in gcells):
            lines += ["Accuracy at the round chosen on validation data (`--val-fraction`; no test data looked at):", "",
                      markdown_table(gcells, selected_text, corner), ""]
        lines += ["Learning rate (with the rate grid: final test accuracy of every rate tried):", "", markdown_table(gcells, lr_text, corner), ""]
    return lines


def closing_sections(doc: dict[str, Any], cells: list[dict[str, Any]], plots: list[str]) -> list[str]:
    """Columns not selected, not run on this machine, not finished yet, and the plots."""
    lines: list[str] = []
    said = {
        "columns_kept": "Not chosen with `--columns` this time, but reported: every one of their runs had finished in the same `--out`: ",
        "columns_left_out": "This report covers the columns chosen with `--columns`; not run: ",
    }
    if any(doc.get(k) for k in said):
        lines += ["## Columns not selected", ""]
        for k, text in said.items():
            if doc.get(k):
                lines += [text + ", ".join(f"`{c}`" for c in doc[k]) + ".", ""]
    if doc["unavailable"]:
        lines += ["## Not run on this machine", ""]
        for key, why in doc["unavailable"].items():
            lines.append(f"- `{key}`: {shown_reason(why, doc['command'])}")
        lines.append("")
    pending = sorted({c["col"] for c in cells if c["status"] == "pending"})
    if pending:
        lines += ["## Not finished yet", "", "Columns with runs still to do: " + ", ".join(pending) + ".", ""]
    if plots:
        lines += ["## Plots", ""] + [f"![{p}]({p})" for p in plots] + [""]
    return lines


def chosen_history(cell_doc: dict[str, Any]) -> list[dict[str, Any]] | None:
    """metrics.jsonl of the chosen learning rate's first seed."""
    if "chosen_lr" not in cell_doc:
        return None
    entry = cell_doc["lrs"][f"{cell_doc['chosen_lr']:g}"]
    for run in entry["runs"]:
        path = Path(run["folder"]) / "metrics.jsonl"
        if path.exists():
            return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return None


def seeds_text(doc: dict[str, Any], cells: list[dict[str, Any]]) -> str:
    """The header's seeds: ``--seeds``, the methods' own minimum and ``--top-seeds``."""
    seeds, top = doc["seeds"], doc.get("top_seeds")
    text = f"Seeds: {seeds}{' (mean ± std over seeds)' if seeds > 1 or top else ''}"
    if top:
        text += (f"; {top} for the paper's method and each column's two strongest baselines (`--top-seeds {top}`: chosen by their "
                 "first seeds' figure, the tuned row's where there is one, once every cell had run; their default and tuned rows alike)")
    if any(seeds < (c.get("seeds") or 1) != top for c in cells):
        text += f"; {'other ' if top else ''}cells marked ± ran more (their method's minimum)"
    return text


def report_name(doc: dict[str, Any]) -> str:
    """The report's file name stem: the experiment's, ``-added`` with rows added beside the paper's."""
    return doc.get("report") or doc["experiment"]


def added_rows_text(doc: dict[str, Any]) -> list[str]:
    """The header line that names the rows added beside the paper's (``--add-algorithms``)."""
    if not doc.get("added_rows"):
        return []
    return [f"Rows added beside the paper's (`--add-algorithms`; not in the paper, so no paper value and no part in any Spearman rho): "
            f"{', '.join(doc['added_rows'])}. Each runs its documented defaults at the rates of its column's FedAvg row "
            "(its own default rate where a column has none, or where the method takes no `--lr`).  "]


def write_report(doc: dict[str, Any], out: Path, plots: bool = True) -> list[str]:
    name = report_name(doc)
    out.mkdir(parents=True, exist_ok=True)
    files: list[str] = []
    if plots:
        files = draw(doc, out)
    else:  # keep the plots of an earlier write listed
        files = sorted(p.name for p in out.glob(f"{name}*.png") if p.stem == name or not p.stem[len(name):].startswith("-added"))
    doc["rankings"] = {g or "all": rankings(cs) for g, cs in groups_of(doc["cells"]).items()}
    atomic_write_json(out / f"{name}.json", doc)
    atomic_write_text(out / f"{name}.md", render_markdown(doc, files))
    return files


def draw(doc: dict[str, Any], out: Path) -> list[str]:
    from copfl.results import plots

    name, kind, cells = report_name(doc), doc["kind"], doc["cells"]
    files: list[str] = []
    if not any("ours" in c for c in cells):
        return files
    if kind == "table":
        plots.plot_vs_paper(cells, out / f"{name}.png", title=doc["title"])
        files.append(f"{name}.png")
    elif kind == "relevance":
        by_col: dict[str, list[dict[str, Any]]] = {}
        for c in cells:
            if (c.get("relevance") or {}).get("matrix"):  # runs finished before the matrices were kept have none
                by_col.setdefault(c["setting"], []).append(c)
        for key, cs in by_col.items():
            fname = f"{name}-{key}.png"
            plots.plot_relevance_panels([(f"{c['row']} ({c['relevance']['key']})", matrix_of(c["relevance"]["matrix"])) for c in cs],
                                        matrix_of(cs[0]["relevance"]["overlap"]), out / fname)
            files.append(fname)
    elif kind == "robustness":
        plots.plot_robustness(cells, out / f"{name}.png", title=doc["title"])
        files.append(f"{name}.png")
    elif kind == "heatmap":
        plots.plot_pgamma(groups_of(cells), out / f"{name}.png")
        files.append(f"{name}.png")
    elif kind == "datasize":
        plots.plot_datasize(groups_of(cells), out / f"{name}.png")
        files.append(f"{name}.png")
    else:
        by_col: dict[str, dict[str, list[dict[str, Any]]]] = {}
        for c in cells:
            h = chosen_history(c)
            if h:
                by_col.setdefault(c["setting"], {})[c["row"]] = h
        for key, runs in by_col.items():
            title = next(c["col"] for c in cells if c["setting"] == key)
            fname = f"{name}-{key}.png"
            plots.plot_curves(runs, out / fname, title=title)
            files.append(fname)
    return files
