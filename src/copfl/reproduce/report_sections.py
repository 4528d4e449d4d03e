"""The sections of a reproduction's report that an experiment's kind adds: what one test
sample is worth (resolution), rounds to the paper's milestones, traffic, relevance, the
robustness study's tables and answers, and the readings' paired differences."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from copfl.results.relevance import top_k_agreement
from copfl.reproduce.report_cells import format_cell, groups_of, markdown_table, matrix_of, num_text


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
        markdown_table(cells, lambda c: f"{num_text(c.get('client_std'))} / {num_text(c.get('paper_spread'))}"),
        "",
    ]


def traffic_sections(cells: list[dict[str, Any]]) -> list[str]:
    """Parameters communicated: measured (MB and models' worth: one model = FedAvg's upload per
    participation), and projected to the models the paper also draws."""
    from copfl.reproduce.experiments_pfedsv_dpao import TRAFFIC_MODELS

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
            top = top_k_agreement(matrix_of(r["matrix"]), matrix_of(r["overlap"])) if r.get("matrix") and r.get("overlap") else {}
            topk = "-" if top.get("top_k_hits") is None else f"{pct(top['top_k_hits'])} ({pct(top['top_k_chance'])})"
            lines.append(f"| {c['row']} | {c['col']} | {pct(r['precision'])} | {pct(r['recall'])} | {r['clients_exact']} of {r['clients']} | "
                         f"{r['clients_positive_only_on_sharers']} of {r['clients']} | {topk} |")
    return lines + ["", "Precision: of the others a client scores positively, the share holding one of its labels; recall: of "
                    "those holding one, the share it scores positively; top k: for a client with k label sharers, the share of "
                    "sharers among the k others it scores highest, whatever the scores' sign (random order: the chance figure) "
                    "(copfl.results.relevance).", ""]


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
    from copfl.reproduce.cell_results import client_accuracies

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
        markdown_table(cells, lambda c: num_text(c.get("attacker_weight"), 3)),
        "",
        "## The attackers' own accuracy",
        "",
        markdown_table(cells, lambda c: num_text(c.get("attacker_acc"))),
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
    groups = groups_of(cells)
    for g, gcells in groups.items():
        ref = gcells[0]
        lines += [f"### {g}", "", f"Reference: {ref['row']}.", "", "| reading | final (%) | selected (%) | minus reference (points) |", "|---|---|---|---|"]
        for c in gcells:
            mean = "-" if c.get("ours") is None else f"{c['ours']:.2f} ± {c.get('ours_std') or 0:.2f}"
            lines.append(f"| {c['row']} | {mean} | {num_text(c.get('ours_selected'))} | "
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
