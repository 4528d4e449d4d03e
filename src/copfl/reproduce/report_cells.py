"""How a reproduction's report writes one cell (ours / paper (difference)), a table of cells
(rows: methods, columns: settings), and the rankings it compares with the paper's."""

from __future__ import annotations

from typing import Any

import scipy.stats


def eps_text(x: float | str | None) -> str:
    return x if isinstance(x, str) else num_text(x)


def num_text(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def diverged_text(n: int) -> str:
    """The mark of a cell whose ``n`` seeds diverged and are left out of its mean."""
    return f" ({n} diverged)" if n else ""


def format_cell(c: dict[str, Any], seeds: int) -> str:
    """``ours [± std] / paper (diff)``; states in words for cells without a figure."""
    paper = c.get("paper")
    if c["status"] == "unavailable":
        return f"n/a / {num_text(paper)}" if paper is not None else "n/a"
    if "ours" not in c:
        text = "not run yet"
        if c["status"] == "diverged":
            text = f"diverged (round {c['diverged_round']})" if c.get("diverged_round") else "diverged"
        return f"{text} / {num_text(paper)}" if paper is not None else text
    ours = num_text(c["ours"])
    if max(seeds, c.get("seeds") or 1) > 1:  # a cell may run more seeds than asked (pFedSV's and FedFomo's: 2)
        ours += f" ± {num_text(c['ours_std'])}"
    if c["status"] == "partial":
        ours += "*"
    ours += diverged_text(c.get("diverged_seeds") or 0)  # the mean is the other seeds'
    if paper is None:
        return ours
    return f"{ours} / {num_text(paper)} ({c['diff']:+.2f})"


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


def groups_of(cells: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    groups: dict[str, list[dict[str, Any]]] = {}
    for c in cells:
        groups.setdefault(c["group"], []).append(c)
    return groups


def lr_text(c: dict[str, Any]) -> str:
    if "chosen_lr" not in c:
        return "-"
    lr = f"{c['chosen_lr']:g}"
    if c["tuned"]:
        tried = ", ".join(f"{k}: {num_text(e['final_mean'])}" for k, e in c["lrs"].items())
        return f"**{lr}** ({tried})"
    return lr


def best_text(c: dict[str, Any]) -> str:
    if "chosen_lr" not in c:
        return "-"
    e = c["lrs"][f"{c['chosen_lr']:g}"]
    rounds = [r["best_round"] for r in e["runs"] if "best_round" in r]
    return f"{num_text(c['ours_best_round'])} (round {', '.join(map(str, rounds))})"


def selected_text(c: dict[str, Any]) -> str:
    if c.get("ours_selected") is None:
        return "-"
    e = c["lrs"][f"{c['chosen_lr']:g}"]
    rounds = [r["selected_round"] for r in e["runs"] if r.get("selected_round") is not None]
    return f"{num_text(c['ours_selected'])} (round {', '.join(map(str, rounds))})"


def matrix_of(rows: list[list[float | None]]) -> Any:
    """A matrix of figures as a float array, None as NaN (for plots)."""
    import numpy as np

    return np.array([[np.nan if v is None else v for v in row] for row in rows], dtype=float)
