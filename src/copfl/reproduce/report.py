"""The report of a reproduction: markdown with our number beside the paper's in every cell,
a JSON with everything, and plots. All files are written atomically."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import scipy.stats

from copfl.io import atomic_write_json, atomic_write_text
from copfl.relevance import top_k_agreement


def _eps(x: float | str | None) -> str:
    return x if isinstance(x, str) else _num(x)


def _num(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def diverged_text(n: int) -> str:
    """The mark of a cell whose ``n`` seeds diverged and are left out of its mean."""
    return f" ({n} diverged)" if n else ""


def format_cell(c: dict[str, Any], seeds: int) -> str:
    """``ours [± std] / paper (diff)``; states in words for cells without a figure."""
    paper = c.get("paper")
    if c["status"] == "unavailable":
        return f"n/a / {_num(paper)}" if paper is not None else "n/a"
    if "ours" not in c:
        text = "not run yet"
        if c["status"] == "diverged":
            text = f"diverged (round {c['diverged_round']})" if c.get("diverged_round") else "diverged"
        return f"{text} / {_num(paper)}" if paper is not None else text
    ours = _num(c["ours"])
    if max(seeds, c.get("seeds") or 1) > 1:  # a cell may run more seeds than asked (pFedSV's and FedFomo's: 2)
        ours += f" ± {_num(c['ours_std'])}"
    if c["status"] == "partial":
        ours += "*"
    ours += diverged_text(c.get("diverged_seeds") or 0)  # the mean is the other seeds'
    if paper is None:
        return ours
    return f"{ours} / {_num(paper)} ({c['diff']:+.2f})"


def _grid(cells: list[dict[str, Any]]) -> tuple[list[str], list[str], dict[tuple[str, str], dict[str, Any]]]:
    rows: list[str] = []
    cols: list[str] = []
    at: dict[tuple[str, str], dict[str, Any]] = {}
    for c in cells:
        if c["row"] not in rows:
            rows.append(c["row"])
        if c["col"] not in cols:
            cols.append(c["col"])
        at[(c["row"], c["col"])] = c
    return rows, cols, at


def markdown_table(cells: list[dict[str, Any]], fmt: Any, corner: str = "method") -> str:
    rows, cols, at = _grid(cells)
    lines = [f"| {corner} | " + " | ".join(cols) + " |", "|---" * (len(cols) + 1) + "|"]
    for r in rows:
        lines.append(f"| {r} | " + " | ".join(fmt(at[(r, c)]) if (r, c) in at else "" for c in cols) + " |")
    return "\n".join(lines)


def rank_correlation(a: list[float], b: list[float]) -> float | None:
    """Spearman's rho (scipy's, average ranks for ties); None for fewer than 3 pairs or no spread."""
    if len(a) < 3 or len(set(a)) < 2 or len(set(b)) < 2:
        return None
    return float(scipy.stats.spearmanr(a, b).statistic)


def rankings(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per column: the rows ordered by our figure and by the paper's, and Spearman's rho."""
    out = []
    _, cols, _ = _grid(cells)
    for col in cols:
        done = [c for c in cells if c["col"] == col and "ours" in c and c.get("paper") is not None]
        if len(done) < 2:
            continue
        rho = rank_correlation([c["ours"] for c in done], [c["paper"] for c in done])
        ranked = {key: sorted(done, key=lambda c: -c[key]) for key in ("ours", "paper")}
        out.append(
            {
                "col": col,
                **{key: [c["row"] for c in cs] for key, cs in ranked.items()},
                **{f"{key}_order": ordering([(c["row"], c[key]) for c in cs]) for key, cs in ranked.items()},
                "spearman": rho,
            }
        )
    return out


def ordering(ranked: list[tuple[str, float]]) -> str:
    """Rows from best to worst, ``>`` between them, ``=`` between rows whose figures are equal
    as printed (two decimals): ``A > B = C``."""
    text = ranked[0][0] if ranked else ""
    for (_, prev), (row, value) in zip(ranked, ranked[1:]):
        text += (" = " if f"{prev:.2f}" == f"{value:.2f}" else " > ") + row
    return text


def _groups(cells: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for c in cells:
        groups.setdefault(c["group"], []).append(c)
    return groups


def _lr_text(c: dict[str, Any]) -> str:
    if "chosen_lr" not in c:
        return "-"
    lr = f"{c['chosen_lr']:g}"
    if c["tuned"]:
        tried = ", ".join(f"{k}: {_num(e['final_mean'])}" for k, e in c["lrs"].items())
        return f"**{lr}** ({tried})"
    return lr


def _best_text(c: dict[str, Any]) -> str:
    if "chosen_lr" not in c:
        return "-"
    e = c["lrs"][f"{c['chosen_lr']:g}"]
    rounds = [r["best_round"] for r in e["runs"] if "best_round" in r]
    return f"{_num(c['ours_best_round'])} (round {', '.join(map(str, rounds))})"


def _selected_text(c: dict[str, Any]) -> str:
    if c.get("ours_selected") is None:
        return "-"
    e = c["lrs"][f"{c['chosen_lr']:g}"]
    rounds = [r["selected_round"] for r in e["runs"] if r.get("selected_round") is not None]
    return f"{_num(c['ours_selected'])} (round {', '.join(map(str, rounds))})"


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
    groups = _groups(cells)
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
        f"Command: `{doc['command']}`  " if doc["command"] else "",
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
                  markdown_table(cells, lambda c: f"{_eps(c.get('epsilon'))} / {_eps(c.get('paper_epsilon'))}"), ""]
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
            return lambda c: _num(None if (c.get("overhead") or {}).get(key) is None else c["overhead"][key] / scale, digits)

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
        lines += [markdown_table(cells, lambda c: _num(c.get("train_loss"), 4)), ""]
    return lines


def best_round_sections(groups: dict[str, list[dict[str, Any]]], corner: str) -> list[str]:
    """Each group's best-round accuracy, validation-selected accuracy and learning rates."""
    lines: list[str] = []
    lines += ["## Best round, and the learning rate behind each cell", ""]
    for g, gcells in groups.items():
        if g:
            lines += [f"### {g}", ""]
        lines += ["Best-round accuracy (round):", "", markdown_table(gcells, _best_text, corner), ""]
        if any(c.get("ours_selected") is not None for c in gcells):
            lines += ["Accuracy at the round chosen on validation data (`--val-fraction`; no test data looked at):", "",
                      markdown_table(gcells, _selected_text, corner), ""]
        lines += ["Learning rate (with the rate grid: final test accuracy of every rate tried):", "", markdown_table(gcells, _lr_text, corner), ""]
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
            lines.append(f"- `{key}`: {why.splitlines()[0]}")
        lines.append("")
    pending = sorted({c["col"] for c in cells if c["status"] == "pending"})
    if pending:
        lines += ["## Not finished yet", "", "Columns with runs still to do: " + ", ".join(pending) + ".", ""]
    if plots:
        lines += ["## Plots", ""] + [f"![{p}]({p})" for p in plots] + [""]
    return lines


def resolution(counts: list[int]) -> dict[str, float]:
    """What one test sample is worth, in accuracy points: of one client's accuracy (for the
    largest and the smallest test set) and of the unweighted mean over the clients."""
    n = len(counts)
    return {"clients": n, "min": min(counts), "max": max(counts), "total": sum(counts),
            "client_points_min": 100 / max(counts), "client_points_max": 100 / min(counts),
            "mean_points_min": 100 / (n * max(counts)), "mean_points_max": 100 / (n * min(counts))}


def resolution_section(cells: list[dict[str, Any]]) -> list[str]:
    """Per column: the test samples behind its accuracies (one seed's split), and what one of
    them moves (a difference of a few of those steps is a few test images, not a finding)."""
    first: dict[tuple[str, str], list[int]] = {}  # (group, column): sub-tables may repeat a column's name
    for c in cells:
        key = (c.get("group") or "", c["col"])
        if c.get("test_counts") and key not in first:
            first[key] = c["test_counts"]
    if not first:
        return []
    groups_of: dict[str, set[str]] = {}
    for group, col in first:
        groups_of.setdefault(col, set()).add(group)
    same: dict[tuple[int, ...], list[str]] = {}  # columns with the same test sets share a line
    for (group, col), counts in first.items():
        same.setdefault(tuple(counts), []).append(f"{col} ({group})" if len(groups_of[col]) > 1 else col)
    lines = ["## Test samples behind each column", ""]
    for key, cols in same.items():
        r, col = resolution(list(key)), "; ".join(cols)
        sizes = f"{r['min']}" if r["min"] == r["max"] else f"{r['min']}-{r['max']}"

        def span(lo: float, hi: float) -> str:
            return f"{lo:.2f}" if abs(hi - lo) < 0.005 else f"{lo:.2f}-{hi:.2f}"

        lines.append(f"- {col}: {r['clients']} clients with {sizes} test samples each ({r['total']} in all): one test sample is "
                     f"{span(r['client_points_min'], r['client_points_max'])} points of a client's accuracy and "
                     f"{span(r['mean_points_min'], r['mean_points_max'])} points of the mean over clients.")
    return lines + [""]


def milestone_sections(cells: list[dict[str, Any]]) -> list[str]:
    """DPAO-PFL Table 3's other columns: rounds to 60/80/90% mean accuracy and the final
    accuracy's std across clients, ours / paper."""
    def rounds(c: dict[str, Any]) -> str:
        ours = c.get("ours_rounds") or [None] * 3
        paper = c.get("paper_rounds") or [None] * 3
        fmt = lambda v: "never" if v is None else f"{v:.0f}"  # noqa: E731
        return " · ".join(f"{fmt(o) if c.get('ours_rounds') else '-'} / {fmt(p)}" for o, p in zip(ours, paper))

    return [
        "## Rounds to 60% · 80% · 90% mean accuracy (ours / paper), and the spread across clients",
        "",
        "`never`: not reached within the run's rounds (the paper's empty cell: never reached in its 500).",
        "",
        markdown_table(cells, rounds),
        "",
        "Final accuracy's std across clients (the paper's +- in this table), ours / paper:",
        "",
        markdown_table(cells, lambda c: f"{_num(c.get('client_std'))} / {_num(c.get('paper_spread'))}"),
        "",
    ]


def traffic_sections(cells: list[dict[str, Any]]) -> list[str]:
    """Parameters communicated: measured (MB and models' worth: one model = FedAvg's upload per
    participation), and projected to the models the paper also draws."""
    from copfl.reproduce.experiments import TRAFFIC_MODELS

    at = {c["row"]: c for c in cells}
    fedavg = at.get("FedAvg") or {}
    t = fedavg.get("traffic") or {}
    parts = 10 * (fedavg.get("rounds") or 0)  # FedAvg: every client, every round
    if not t.get("bytes_up_total") or not parts:
        return ["## Traffic", "", "Not measured yet (FedAvg's run gives the size of one model).", ""]
    model = t["bytes_up_total"] / parts  # bytes of one upload (the model and its sample count)
    lines = ["## Traffic (whole run, all clients)", "",
             "| method | up (MB) | down (MB) | models up | models down | " + " | ".join(f"{m} (M params)" for m in TRAFFIC_MODELS) + " |",
             "|---" * (5 + len(TRAFFIC_MODELS)) + "|"]
    for c in cells:
        tr = c.get("traffic") or {}
        if tr.get("bytes_up_total") is None:
            continue
        up, down = tr["bytes_up_total"] / model, tr["bytes_down_total"] / model
        proj = []
        for d, share in TRAFFIC_MODELS.values():
            dl = c.get("downloads")
            if c["options"].get("common") and dl:  # (D+C): the common extractor once, the classifiers of the downloaded
                proj.append((up * d + dl["participations"] * d * (1 - share) + dl["models"] * d * share) / 1e6)
            else:
                proj.append((up + down) * d / 1e6)
        lines.append(f"| {c['row']} | {tr['bytes_up_total'] / 1e6:.2f} | {tr['bytes_down_total'] / 1e6:.2f} | {up:.0f} | {down:.0f} | "
                     + " | ".join(f"{p:,.0f}" for p in proj) + " |")
    return lines + ["", "Models up/down: bytes over one FedAvg upload. Projection: (models up + down) x the model's parameters; "
                    "(D+C): uploads, plus one feature extractor and the downloaded classifiers per participation, split by the "
                    "paper's classifier share.", ""]


def relevance_sections(cells: list[dict[str, Any]]) -> list[str]:
    """How each method's relevance matches the ground truth (the first seed's last round)."""
    def pct(x: float | None) -> str:
        return "-" if x is None else f"{100 * x:.0f}%"

    lines = ["## Relevance against the ground truth (labels shared)", "",
             "| method | column | precision | recall | clients exactly right | clients positive only on sharers | top k (chance) |",
             "|---|---|---|---|---|---|---|"]
    for c in cells:
        r = c.get("relevance")
        if r:
            top = top_k_agreement(_matrix(r["matrix"]), _matrix(r["overlap"])) if r.get("matrix") and r.get("overlap") else {}
            topk = "-" if top.get("top_k_hits") is None else f"{pct(top['top_k_hits'])} ({pct(top['top_k_chance'])})"
            lines.append(f"| {c['row']} | {c['col']} | {pct(r['precision'])} | {pct(r['recall'])} | {r['clients_exact']} of {r['clients']} | "
                         f"{r['clients_positive_only_on_sharers']} of {r['clients']} | {topk} |")
    return lines + ["", "Precision: of the others a client scores positively, the share holding one of its labels; recall: of "
                    "those holding one, the share it scores positively; top k: for a client with k label sharers, the share of "
                    "sharers among the k others it scores highest, whatever the scores' sign (random order: the chance figure) "
                    "(copfl.relevance).", ""]


def honest_change(attacked: dict[int, tuple[float, bool]], clean: dict[int, tuple[float, bool]]) -> float | None:
    """Points the honest clients of an attacked run lose (negative) or gain against the same
    clients in the run without attack: ``client -> (accuracy, attacker)`` of each run's
    ``clients.csv``; None when no honest client is in both."""
    honest = [k for k, (_, bad) in attacked.items() if not bad and k in clean]
    if not honest:
        return None
    return 100 * (sum(attacked[k][0] for k in honest) - sum(clean[k][0] for k in honest)) / len(honest)


def _completed_folders(c: dict[str, Any]) -> dict[int, Path]:
    """A cell's completed runs at its chosen learning rate, by seed."""
    if "chosen_lr" not in c:
        return {}
    return {r["seed"]: Path(r["folder"]) for r in c["lrs"][f"{c['chosen_lr']:g}"]["runs"] if r.get("status") == "completed"}


def change_on_same_clients(c: dict[str, Any], clean: dict[str, Any]) -> float | None:
    """:func:`honest_change` of cell ``c`` against ``clean`` (the same method without attack),
    paired by seed, the mean over the seeds both finished; None without one."""
    from copfl.reproduce.results import client_accuracies

    a, b = _completed_folders(c), _completed_folders(clean)
    diffs = []
    for seed in sorted(set(a) & set(b)):
        x, y = client_accuracies(a[seed]), client_accuracies(b[seed])
        d = honest_change(x, y) if x and y else None
        if d is not None:
            diffs.append(d)
    return sum(diffs) / len(diffs) if diffs else None


def robustness_sections(cells: list[dict[str, Any]]) -> list[str]:
    """The robustness study's own tables (the honest clients' change against the same clients
    without attack, the weight on attackers, their accuracy) and the answers they give,
    computed from the cells that finished."""
    at = {(c["row"], c["col"]): c for c in cells}
    change: dict[tuple[str, str], float | None] = {}
    for c in cells:
        clean = at.get((c["row"], "no attack"))
        if c["col"] != "no attack" and clean is not None:
            change[(c["row"], c["col"])] = 0.0 if c.get("same_as") and c.get("ours") is not None else change_on_same_clients(c, clean)

    def change_cell(c: dict[str, Any]) -> str:
        if c["col"] == "no attack":
            return "reference"
        if c.get("same_as") and c.get("ours") is not None:
            return "+0.00 (exact)"
        if c["status"] == "diverged":
            return format_cell(c, 1)
        d = change.get((c["row"], c["col"]))
        return "-" if d is None else f"{d:+.2f}"

    derived = sorted({c["row"] for c in cells if c.get("same_as")})
    lines = [
        "Accuracy above: the honest clients' mean (attackers excluded). The columns' honest clients differ (all 10 "
        "without attack, 9 at 10%, 7 at 30%), so compare a row's cells with the next table, not with each other.",
        "",
    ]
    if derived:
        lines += [
            f"{', '.join(derived)} under attack: no runs of its own. Its clients never receive anything from another "
            "client, so its honest clients' results under any attack are the run without attack's, client for client "
            "(tests/test_attacks.py checks it bit for bit); each cell is that run's mean over the column's honest clients "
            "(the attackers the attacked run would choose), and the attackers' own accuracy is theirs there except "
            "under label flipping (their training labels change: not known).",
            "",
        ]
    lines += [
        "## Honest clients against the same clients without attack",
        "",
        "Each cell: the honest clients' mean final accuracy minus the same clients' mean in the method's run without "
        "attack (points, paired by seed): the harm the attack does; `diverged`: an honest client's training gave a "
        "non-finite loss (the attack broke the run).",
        "",
        markdown_table(cells, change_cell),
        "",
        "## Weight given to attackers",
        "",
        "Each cell: the attackers' share of the method's combinations for honest clients (`attacker_weight`, the mean "
        "over rounds): FedAvg's is the attackers' share of the training samples; a robust method keeps it low.",
        "",
        markdown_table(cells, lambda c: _num(c.get("attacker_weight"), 3)),
        "",
        "## The attackers' own accuracy",
        "",
        markdown_table(cells, lambda c: _num(c.get("attacker_acc"))),
        "",
    ]
    if any(c.get("attackers_diverged") for c in cells):
        lines += [
            "## Attacker-rounds without an update of their own",
            "",
            "Each cell: the rounds, summed over the attackers (mean over seeds), in which an attacker's own training "
            "diverged, so that it sent no update of its own and its attack acted on the model it started from "
            "(sign-flip and scale then send that model: a free-rider's upload; gaussian and collude are unchanged: "
            "their noise replaces the update anyway). docs/robustness.md.",
            "",
            markdown_table(cells, lambda c: "-" if c.get("attackers_diverged") is None else f"{c['attackers_diverged']:.0f}"),
            "",
        ]
    answers = robustness_answers(cells, at, change)
    if answers:
        lines += ["## Answers", ""] + answers + [""]
    return lines


def robustness_answers(cells: list[dict[str, Any]], at: dict[tuple[str, str], dict[str, Any]], change: dict[tuple[str, str], float | None]) -> list[str]:
    """The robustness study's answers, from its finished cells (``at``: (row, column) -> cell;
    ``change``: the honest clients' change against the same clients without attack): COWA's
    weight on attackers against FedAvg's, the attacks' harm per method, and what the defended
    CO-PFL variants gain."""
    answers = []
    ratios = [
        at[("CO-PFL", c["col"])]["attacker_weight"] / c["attacker_weight"]
        for c in cells
        if c["row"] == "FedAvg" and c.get("attacker_weight") and (at.get(("CO-PFL", c["col"])) or {}).get("attacker_weight") is not None
    ]
    if ratios:
        answers.append(
            f"- COWA's weight on attackers against FedAvg's (their sample share), over {len(ratios)} attack columns: "
            f"mean {sum(ratios) / len(ratios):.2f}x, from {min(ratios):.2f}x to {max(ratios):.2f}x; above the sample "
            f"share in {sum(r > 1 for r in ratios)} of {len(ratios)}."
        )
    harm = []
    for row in dict.fromkeys(c["row"] for c in cells):
        ds = [d for (r, _), d in change.items() if r == row and d is not None]
        broken = sum(1 for c in cells if c["row"] == row and c["col"] != "no attack" and c["status"] == "diverged")
        if ds or broken:
            mean = f"{sum(ds) / len(ds):+.2f} points (worst {min(ds):+.2f}) over {len(ds)} columns" if ds else "no column finished"
            harm.append(f"{row} {mean}" + (f", {broken} diverged" if broken else ""))
    if harm:
        answers.append("- The attacks' harm to honest clients (the same-clients table), mean per method: " + "; ".join(harm) + ".")
    for variant, name in (("CO-PFL defended", "The defended CO-PFL"), ("CO-PFL + median", "CO-PFL + median")):
        plain, other = at.get(("CO-PFL", "no attack"), {}), at.get((variant, "no attack"), {})
        if plain.get("ours") is not None and other.get("ours") is not None:
            answers.append(f"- {name} without attackers: {other['ours']:.2f}% against {plain['ours']:.2f}% "
                           f"({other['ours'] - plain['ours']:+.2f} points).")
        gains = [
            at[(variant, c["col"])]["ours"] - c["ours"]
            for c in cells
            if c["row"] == "CO-PFL" and c["col"] != "no attack" and c.get("ours") is not None
            and (at.get((variant, c["col"])) or {}).get("ours") is not None
        ]
        if gains:
            answers.append(f"- {name} under attack, minus the plain one (honest clients' accuracy) over {len(gains)} "
                           f"attack columns: mean {sum(gains) / len(gains):+.2f} points, from {min(gains):+.2f} to {max(gains):+.2f}.")
    return answers


# two-sided 5% critical values of Student's t, by degrees of freedom
T_975 = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228,
         11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 20: 2.086, 25: 2.060, 30: 2.042}


def t_975(df: int) -> float:
    """The two-sided 5% critical value of Student's t (the next smaller tabulated df: conservative)."""
    return T_975[max(k for k in T_975 if k <= df)] if df <= 30 else 2.042


def per_seed_final(c: dict[str, Any]) -> dict[int, float]:
    """A cell's final accuracy (%) per seed, at its chosen learning rate."""
    if "chosen_lr" not in c:
        return {}
    runs = c["lrs"][f"{c['chosen_lr']:g}"]["runs"]
    return {r["seed"]: 100 * r["final_acc"] for r in runs if r.get("status") == "completed" and "final_acc" in r}


def paired_difference(a: dict[int, float], b: dict[int, float]) -> dict[str, Any] | None:
    """``a - b`` paired by seed: the mean difference, the std of the differences, the seeds and
    whether it exceeds seed noise (a paired t-test at 5%, two-sided); None with no common seed."""
    seeds = sorted(set(a) & set(b))
    if not seeds:
        return None
    d = [a[s] - b[s] for s in seeds]
    n = len(d)
    mean = sum(d) / n
    if n < 2:
        return {"diff": mean, "std": None, "seeds": n, "significant": None}
    sd = (sum((x - mean) ** 2 for x in d) / (n - 1)) ** 0.5
    t = t_975(n - 1)
    return {"diff": mean, "std": sd, "seeds": n, "significant": abs(mean) > t * sd / n**0.5}


def _paired_text(p: dict[str, Any] | None) -> str:
    if p is None:
        return "-"
    sd = "" if p["std"] is None else f" ± {p['std']:.2f}"
    verdict = {True: "beyond seed noise", False: "within seed noise", None: "one seed: untested"}[p["significant"]]
    return f"{p['diff']:+.2f}{sd} ({verdict}, {p['seeds']} seed{'' if p['seeds'] == 1 else 's'})"


def readings_sections(cells: list[dict[str, Any]]) -> list[str]:
    """The readings study: each row against its group's first row, paired by seed, and CO-PFL's
    best reading against the best baseline."""
    lines = ["## Each reading against its group's default (paired by seed)", ""]
    groups = _groups(cells)
    for g, gcells in groups.items():
        ref = gcells[0]
        lines += [f"### {g}", "", f"Reference: {ref['row']}.", "", "| reading | final (%) | selected (%) | minus reference (points) |", "|---|---|---|---|"]
        for c in gcells:
            mean = "-" if c.get("ours") is None else f"{c['ours']:.2f} ± {c.get('ours_std') or 0:.2f}"
            lines.append(f"| {c['row']} | {mean} | {_num(c.get('ours_selected'))} | "
                         f"{'reference' if c is ref else _paired_text(paired_difference(per_seed_final(c), per_seed_final(ref)))} |")
        lines.append("")
    copfl = [c for c in groups.get("CO-PFL", []) if c.get("ours") is not None]
    rivals = [c for g, cs in groups.items() if g != "CO-PFL" for c in cs[:1] + [x for x in cs[1:] if g == "Baselines"] if c.get("ours") is not None]
    if copfl and rivals:
        best = max(copfl, key=lambda c: c["ours"])
        top = max(rivals, key=lambda c: c["ours"])
        p = paired_difference(per_seed_final(best), per_seed_final(top))
        lead = best["ours"] > top["ours"]
        ranked = [copfl[0]] if best is copfl[0] else [copfl[0], best]

        def label(c: dict[str, Any]) -> str:
            if c["group"] == "Baselines":
                return c["row"]
            if c["group"] != "CO-PFL" or len(ranked) == 1:
                return c["group"]
            return c["row"] if c["row"].startswith("CO-PFL") else f"CO-PFL, {c['row']}"

        lines += [
            "## Answers",
            "",
            f"- CO-PFL's best reading: {best['row']}, {best['ours']:.2f}% (its group's first row, the reference: {copfl[0]['ours']:.2f}%).",
            f"- The best baseline (each baseline group's first row, and every row of Baselines): "
            f"{top['group'] if top['group'] != 'Baselines' else top['row']}, {top['ours']:.2f}%.",
            f"- CO-PFL's best reading {'leads' if lead else 'does not lead'}: {_paired_text(p)}.",
            "- Ranking (CO-PFL's first row and its best reading against those baselines; mean final accuracy): "
            + " > ".join(f"{label(c)} ({c['ours']:.2f})" for c in sorted([*ranked, *rivals], key=lambda c: -c["ours"]))
            + ".",
            "",
        ]
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


def _matrix(rows: list[list[float | None]]) -> Any:
    import numpy as np

    return np.array([[np.nan if v is None else v for v in row] for row in rows], dtype=float)


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
    doc["rankings"] = {g or "all": rankings(cs) for g, cs in _groups(doc["cells"]).items()}
    atomic_write_json(out / f"{name}.json", doc)
    atomic_write_text(out / f"{name}.md", render_markdown(doc, files))
    return files


def draw(doc: dict[str, Any], out: Path) -> list[str]:
    from copfl import plots

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
            plots.plot_relevance_panels([(f"{c['row']} ({c['relevance']['key']})", _matrix(c["relevance"]["matrix"])) for c in cs],
                                        _matrix(cs[0]["relevance"]["overlap"]), out / fname)
            files.append(fname)
    elif kind == "robustness":
        plots.plot_robustness(cells, out / f"{name}.png", title=doc["title"])
        files.append(f"{name}.png")
    elif kind == "heatmap":
        plots.plot_pgamma(_groups(cells), out / f"{name}.png")
        files.append(f"{name}.png")
    elif kind == "datasize":
        plots.plot_datasize(_groups(cells), out / f"{name}.png")
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
