"""Plots of a run (or of several runs on one figure), written atomically as PNG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from copfl.io import atomic_write


def run_title(config: dict[str, Any], clients: int | None = None, rounds: int | None = None) -> str:
    """A plot title naming what ran: algorithm, data set, partition (with its Dirichlet
    concentration α or classes per client), clients and rounds."""
    part = config.get("partition") or "?"
    if part == "dirichlet":
        part = f"Dirichlet partition (concentration α = {config.get('alpha')})"
    elif part in ("label-skew", "pathological"):
        part = f"{part} partition ({config.get('classes_per_client')} classes per client)"
    else:
        part = f"{part} partition"
    n = clients if clients is not None else config.get("clients")
    r = rounds if rounds is not None else config.get("rounds")
    return f"{config.get('algorithm', 'run')} on {config.get('dataset', '?')}, {part}, {n} clients, {r} rounds"


def _integer_rounds(ax: Any) -> None:
    """Round numbers on the x axis: integer ticks only (no half rounds)."""
    from matplotlib.ticker import MaxNLocator

    ax.xaxis.set_major_locator(MaxNLocator(integer=True))


def curves_figure(runs: dict[str, list[dict[str, Any]]], title: str = "") -> Any:
    """The figure of :func:`plot_curves` (a matplotlib Figure; the caller closes it)."""
    plt = _pyplot()
    fig, (ax_acc, ax_loss) = plt.subplots(1, 2, figsize=(11, 4))
    for name, history in runs.items():
        ev = [r for r in history if "acc_mean" in r]
        (line,) = ax_acc.plot([r["round"] for r in ev], [100 * r["acc_mean"] for r in ev], label=name)
        ax_loss.plot([r["round"] for r in history], [r["train_loss"] for r in history], color=line.get_color(), label=f"{name} train")
        ax_loss.plot(
            [r["round"] for r in ev], [r["test_loss_mean"] for r in ev], color=line.get_color(), linestyle="--", label=f"{name} test"
        )
    return _finish_curves(fig, ax_acc, ax_loss, "accuracy", "loss (solid: train, dashed: test)", title)


def _finish_curves(fig: Any, ax_acc: Any, ax_loss: Any, acc_title: str, loss_title: str, title: str) -> Any:
    """The accuracy and loss panels' labels, grids, integer rounds, legend and title."""
    ax_acc.set(xlabel="communication round", ylabel="personalized accuracy (%, mean over clients)", title=acc_title)
    ax_loss.set(xlabel="communication round", ylabel="cross-entropy loss (nats)", title=loss_title)
    for ax in (ax_acc, ax_loss):
        ax.grid(alpha=0.3)
        _integer_rounds(ax)
    ax_acc.legend(fontsize=8, loc="upper left", bbox_to_anchor=(0.0, -0.18), ncol=max(1, min(4, len(ax_acc.get_lines()))))
    if title:
        fig.suptitle(title)
    return fig


def plot_curves(runs: dict[str, list[dict[str, Any]]], path: str | Path, title: str = "") -> None:
    """Personalized accuracy (unweighted client mean) and losses per round, one line per run."""
    _save(curves_figure(runs, title), path)


CLIENT_PANEL = (5.6, 3.6)  # inches of one panel of clients.png
CLIENT_LEGEND_MAX = 20  # clients.png names each client in its legend up to this many
CLIENT_LEGEND_FONT = 10  # points (the axis labels': 10)

# y-axis labels of the per-client logs (other keys: the key itself)
CLIENT_LOG_LABELS = {
    "alpha": "aggregation weight (COWA)",
    "grad_score": "gradient contribution score",
    "pred_score": "prediction contribution score",
    "mask_fraction": "fraction of parameters personalized",
    "self_weight": "weight of its own head",
    "collaborators": "clients with weight > 0 in its head",
    "V": "feature variance V",
}


def client_logs_figure(history: list[dict[str, Any]], partial: bool = False, title: str = "") -> Any:
    """The figure of :func:`plot_client_logs` (a matplotlib Figure; the caller closes it)."""
    plt = _pyplot()
    recs = [r for r in history if "per_client" in r]
    # scalars only: vectors (pFedSV's relevance, its coalitions) have their own plots
    keys = list(dict.fromkeys(
        k for r in recs for k, col in r["per_client"].items()
        if k != "client" and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in col if v is not None)
    ))
    if not keys:
        fig = plt.figure(figsize=(4, 1))
        fig.text(0.5, 0.5, "no scalar per-client logs", ha="center")
        return fig
    clients = sorted({c for r in recs for c in r["per_client"]["client"]})
    # a grid of at most two panels a row (four logs: 2 x 2, not a 1 x 4 strip), one legend for
    # every panel below them in a legible size
    ncols = min(2, len(keys))
    nrows = -(-len(keys) // ncols)
    width = CLIENT_PANEL[0] * ncols
    fig, axes = plt.subplots(nrows, ncols, figsize=(width, CLIENT_PANEL[1] * nrows + 1.0), squeeze=False, layout="constrained")
    for ax in axes.flat[len(keys):]:
        fig.delaxes(ax)
    handles: dict[str, Any] = {}
    for ax, key in zip(axes.flat, keys):
        for c in clients:
            pts = [(r["round"], r["per_client"][key][r["per_client"]["client"].index(c)]) for r in recs
                   if c in r["per_client"]["client"] and key in r["per_client"]]
            pts = [p for p in pts if p[1] is not None]
            (line,) = ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="." if partial else None, lw=1.2, color=f"C{c % 10}",
                              label=f"client {c}")
            handles.setdefault(line.get_label(), line)
        if key == "mask_fraction" and any("server_mask_fraction" in r for r in recs):
            (line,) = ax.plot([r["round"] for r in recs], [r["server_mask_fraction"] for r in recs], color="black", lw=2.2, label="server mask")
            handles.setdefault("server mask", line)
        words = CLIENT_LOG_LABELS.get(key, key.replace("_", " "))
        ax.set(title=words, xlabel="communication round", ylabel=words)
        ax.grid(alpha=0.3)
        _integer_rounds(ax)
    if len(clients) > CLIENT_LEGEND_MAX:  # one line per client, too many to name: the server mask only
        handles = {k: h for k, h in handles.items() if not k.startswith("client ")}
    if handles:
        fig.legend(list(handles.values()), list(handles), loc="outside lower center", fontsize=CLIENT_LEGEND_FONT,
                   ncol=min(len(handles), 3 * ncols), frameon=False)  # 3 entries fit a panel's width
    if title:
        import textwrap

        fig.suptitle(textwrap.fill(title, int(width * 8), break_on_hyphens=False))
    return fig


def plot_client_logs(history: list[dict[str, Any]], path: str | Path, partial: bool = False, title: str = "") -> None:
    """Per-client logs over rounds (one panel per logged quantity, one line per client):
    aggregation weights, contribution scores, personalized fraction of each mask (with the
    server mask in black when the run logs it)."""
    _save(client_logs_figure(history, partial, title), path, dpi=100)


def plot_corruption_grid(clean: np.ndarray, path: str | Path, seed: int = 0) -> None:
    """Rows: every generable CIFAR-10-C corruption; columns: the clean image and severities 1..5
    of the first image, then severity 5 of the others, for checking by eye."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from copfl.data import corruptions
    from copfl.seeding import numpy_rng

    names = corruptions.available()
    cols = 6 + len(clean) - 1
    fig, axes = plt.subplots(len(names), cols, figsize=(cols * 0.9, len(names) * 0.95))
    for r, name in enumerate(names):
        row = [clean[0]] + [corruptions.corrupt(clean[:1], name, s, numpy_rng(seed, "grid", name, s))[0] for s in range(1, 6)]
        row += list(corruptions.corrupt(clean[1:], name, 5, numpy_rng(seed, "grid", name, "others")))
        for c, img in enumerate(row):
            ax = axes[r][c]
            ax.imshow(img, interpolation="nearest")
            ax.set_xticks([])
            ax.set_yticks([])
            if r == 0:
                ax.set_title("clean" if c == 0 else f"s{c}" if c <= 5 else "s5", fontsize=7)
        axes[r][0].set_ylabel(name, rotation=0, ha="right", va="center", fontsize=7)
    fig.tight_layout(pad=0.2)
    atomic_write(path, lambda f: fig.savefig(f, format="png", dpi=90), binary=True)
    plt.close(fig)


def _pyplot():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _save(fig: Any, path: str | Path, dpi: int = 110) -> None:
    if fig.get_layout_engine() is None:  # a figure made with its own layout (constrained) keeps it
        fig.tight_layout()
    atomic_write(path, lambda f: fig.savefig(f, format="png", dpi=dpi), binary=True)
    _pyplot().close(fig)


def plot_vs_paper(cells: list[dict[str, Any]], path: str | Path, title: str = "") -> None:
    """One panel per table column: our figure per row as a bar, the paper's as a black mark."""
    plt = _pyplot()
    cols = [c for c in dict.fromkeys(x["col"] for x in cells) if any("ours" in x for x in cells if x["col"] == c)]
    width = max(6.0, 3.6 * len(cols) + 1)
    fig, axes = plt.subplots(1, len(cols), figsize=(width, 4.0), squeeze=False, sharey=True, sharex=True)  # one accuracy scale
    for ax, col in zip(axes[0], cols):
        cs = [x for x in cells if x["col"] == col]
        ys = np.arange(len(cs))
        ours = [x.get("ours", np.nan) for x in cs]
        err = [x.get("ours_std") or 0.0 for x in cs]
        ax.barh(ys, ours, xerr=err, color="tab:blue", alpha=0.8, label="ours")
        paper = [np.nan if x.get("paper") is None else x["paper"] for x in cs]
        ax.plot(paper, ys, "k|", markersize=14, mew=2.5, label="paper")
        ax.set_yticks(ys, [x["row"] for x in cs])
        ax.invert_yaxis()
        ax.set(title=col, xlabel="accuracy (%)")
        ax.grid(axis="x", alpha=0.3)
    axes[0][-1].legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))  # outside: bars reach the left
    if title:
        import textwrap

        fig.suptitle(textwrap.fill(title, int(width * 9)))
    _save(fig, path)


def plot_robustness(cells: list[dict[str, Any]], path: str | Path, title: str = "") -> None:
    """Two heatmaps over method (rows) x attack (columns): the honest clients' accuracy and the
    weight each method gives the attackers; a run that diverged says so."""
    plt = _pyplot()
    rows = list(dict.fromkeys(c["row"] for c in cells))
    cols = list(dict.fromkeys(c["col"] for c in cells))
    at = {(c["row"], c["col"]): c for c in cells}
    fig, axes = plt.subplots(2, 1, figsize=(max(7.0, 0.75 * len(cols) + 3), 0.45 * len(rows) * 2 + 3.2), squeeze=False)
    for ax, key, label, cmap, vmax in ((axes[0][0], "ours", "honest clients' accuracy (%)", "viridis", None),
                                       (axes[1][0], "attacker_weight", "weight given to attackers", "magma_r", 1.0)):
        grid = np.array([[np.nan if at.get((r, c), {}).get(key) is None else at[(r, c)][key] for c in cols] for r in rows], dtype=float)
        im = ax.imshow(grid, aspect="auto", cmap=cmap, vmin=0.0 if vmax else None, vmax=vmax)
        for i in range(len(rows)):
            for j in range(len(cols)):
                if not np.isnan(grid[i, j]):
                    ax.text(j, i, f"{grid[i, j]:.2f}" if vmax else f"{grid[i, j]:.0f}", ha="center", va="center", fontsize=7, color="w" if vmax is None else "k")
                elif at.get((rows[i], cols[j]), {}).get("status") == "diverged":  # blank would read as "not run"
                    ax.text(j, i, "diverged", ha="center", va="center", fontsize=6, color="0.3")
        ax.set_xticks(range(len(cols)), cols, rotation=45, ha="right", fontsize=8)
        ax.set_yticks(range(len(rows)), rows, fontsize=8)
        ax.set_title(label)
        fig.colorbar(im, ax=ax, fraction=0.025)
    if title:
        fig.suptitle(title)
    _save(fig, path)


def plot_pgamma(groups: dict[str, list[dict[str, Any]]], path: str | Path) -> None:
    """Heatmaps of accuracy over p (rows) x gamma (columns): ours and the paper's, per data set."""
    plt = _pyplot()
    fig, axes = plt.subplots(len(groups), 2, figsize=(9, 3.6 * len(groups)), squeeze=False)
    for (g, cs), row in zip(groups.items(), axes):
        ps = list(dict.fromkeys(x["row"] for x in cs))
        gs = list(dict.fromkeys(x["col"] for x in cs))
        for ax, key, label in ((row[0], "ours", "ours"), (row[1], "paper", "paper")):
            m = np.full((len(ps), len(gs)), np.nan)
            for x in cs:
                if x.get(key) is not None:
                    m[ps.index(x["row"]), gs.index(x["col"])] = x[key]
            im = ax.imshow(m, cmap="viridis", aspect="auto")
            for i in range(len(ps)):
                for j in range(len(gs)):
                    if not np.isnan(m[i, j]):
                        ax.text(j, i, f"{m[i, j]:.1f}", ha="center", va="center", color="white", fontsize=8)
            ax.set_xticks(range(len(gs)), gs, fontsize=8)
            ax.set_yticks(range(len(ps)), ps, fontsize=8)
            ax.set_title(f"{g}: {label}")
            fig.colorbar(im, ax=ax, fraction=0.046)
    _save(fig, path)


def plot_datasize(groups: dict[str, list[dict[str, Any]]], path: str | Path) -> None:
    """Accuracy against training samples per class: ours solid, the paper's dashed."""
    plt = _pyplot()
    fig, axes = plt.subplots(1, len(groups), figsize=(6 * len(groups), 4.2), squeeze=False)
    for ax, (g, cs) in zip(axes[0], groups.items()):
        for r in dict.fromkeys(x["row"] for x in cs):
            pts = [x for x in cs if x["row"] == r]
            ms = [int(x["col"].split("=")[1]) for x in pts]
            (line,) = ax.plot(ms, [x.get("ours", np.nan) for x in pts], marker="o", label=r)
            ax.plot(ms, [np.nan if x.get("paper") is None else x["paper"] for x in pts], ls="--", color=line.get_color(), alpha=0.6)
        ax.set(title=f"{g} (solid: ours, dashed: paper)", xlabel="M_bound (training samples per class)", ylabel="accuracy (%)", xscale="log")
        ax.grid(alpha=0.3)
    axes[0][0].legend(fontsize=8)
    _save(fig, path)


def plot_relevance(rel: np.ndarray, overlap: np.ndarray, path: str | Path, title: str = "relevance") -> None:
    """pFedSV's Fig. 7: each client's latest relevance vector (rows) beside the ground truth
    (the number of labels two clients share), clients in the same order."""
    plot_relevance_panels([(title, rel)], overlap, path)


def plot_relevance_panels(panels: list[tuple[str, np.ndarray]], overlap: np.ndarray, path: str | Path) -> None:
    """Relevance matrices (each method's, rows = clients) and the ground truth, side by side."""
    plt = _pyplot()
    n = len(overlap)
    fig, axes = plt.subplots(1, len(panels) + 1, figsize=(4.75 * (len(panels) + 1), 4.2), squeeze=False)
    for ax, (title, rel) in zip(axes[0], panels):
        shown = np.array(rel, dtype=float)
        np.fill_diagonal(shown, np.nan)
        lim = np.nanmax(np.abs(shown)) if np.isfinite(shown).any() else 1.0
        im = ax.imshow(shown, cmap="RdBu_r", vmin=-lim, vmax=lim)
        ax.set_title(title, fontsize=9)
        ax.set(xlabel="other client j", ylabel="client i")
        fig.colorbar(im, ax=ax, fraction=0.046)
    gt = np.array(overlap, dtype=float)
    np.fill_diagonal(gt, np.nan)
    im = axes[0][-1].imshow(gt, cmap="Greens", vmin=0)
    axes[0][-1].set(title="ground truth: labels shared", xlabel="other client j", ylabel="client i")
    fig.colorbar(im, ax=axes[0][-1], fraction=0.046)
    if n <= 20:
        for ax in axes[0]:
            ax.set_xticks(range(n))
            ax.set_yticks(range(n))
            ax.tick_params(labelsize=7)
    _save(fig, path, dpi=100)


def _band(histories: list[list[dict[str, Any]]], key: str) -> tuple[list[int], np.ndarray, np.ndarray]:
    """Rounds where at least one run has ``key``, and per round the mean and the sample std
    (ddof 1; 0 where one run has it) over the runs that have it."""
    by_round: dict[int, list[float]] = {}
    for history in histories:
        for r in history:
            if r.get(key) is not None:
                by_round.setdefault(r["round"], []).append(float(r[key]))
    rounds = sorted(by_round)
    mean = np.array([np.mean(by_round[r]) for r in rounds])
    std = np.array([np.std(by_round[r], ddof=1) if len(by_round[r]) > 1 else 0.0 for r in rounds])
    return rounds, mean, std


def curves_band_figure(runs: dict[str, list[list[dict[str, Any]]]], title: str = "") -> Any:
    """The figure of :func:`plot_curves_bands` (a matplotlib Figure; the caller closes it)."""
    plt = _pyplot()
    fig, (ax_acc, ax_loss) = plt.subplots(1, 2, figsize=(11, 4))
    for name, histories in runs.items():
        n = sum(1 for h in histories if h)
        rounds, mean, std = _band(histories, "acc_mean")
        (line,) = ax_acc.plot(rounds, 100 * mean, label=f"{name} ({n} seeds)")
        ax_acc.fill_between(rounds, 100 * (mean - std), 100 * (mean + std), color=line.get_color(), alpha=0.2, linewidth=0)
        for key, style in (("train_loss", "-"), ("test_loss_mean", "--")):
            rounds, mean, std = _band(histories, key)
            ax_loss.plot(rounds, mean, color=line.get_color(), linestyle=style, label=f"{name} {key.split('_')[0]}")
            ax_loss.fill_between(rounds, mean - std, mean + std, color=line.get_color(), alpha=0.15, linewidth=0)
    return _finish_curves(fig, ax_acc, ax_loss, "accuracy (mean over seeds, band: ± std)", "loss (solid: train, dashed: test; band: ± std)", title)


def plot_curves_bands(runs: dict[str, list[list[dict[str, Any]]]], path: str | Path, title: str = "") -> None:
    """Per run (an algorithm), its seeds' histories: the mean over seeds of the personalized
    accuracy (unweighted client mean) and of the losses per round, with a shaded ± std band
    (sample std over the seeds that reached the round)."""
    _save(curves_band_figure(runs, title), path)


def plot_client_accuracy(clients: list[Any], path: str | Path, unseen: list[Any] | None = None, title: str = "") -> None:
    """The clients left behind: each client's test accuracy as a sorted bar (lowest first),
    with the mean, the mean of the worst 10% and (held-out clients, in another colour) the
    unseen clients as newcomers. ``clients``/``unseen``: :class:`copfl.results.summary.ClientMetrics`."""
    from copfl.engine.figures import worst_fraction_mean

    plt = _pyplot()
    rows = sorted([(c.accuracy, c.client, False) for c in clients] + [(c.accuracy, c.client, True) for c in unseen or []])
    fig, ax = plt.subplots(figsize=(max(6.0, min(16.0, 0.25 * len(rows) + 3)), 4))
    xs = np.arange(len(rows))
    ax.bar(xs, [100 * a for a, _, _ in rows], color=["tab:orange" if u else "tab:blue" for _, _, u in rows], width=0.85)
    acc = np.array([c.accuracy for c in clients])
    ax.axhline(100 * acc.mean(), color="k", linewidth=1, label=f"mean {100 * acc.mean():.1f}%")
    ax.axhline(100 * worst_fraction_mean(acc), color="tab:red", linestyle="--", linewidth=1, label=f"worst 10% {100 * worst_fraction_mean(acc):.1f}%")
    handles, _ = ax.get_legend_handles_labels()
    if unseen:
        from matplotlib.patches import Patch

        handles += [Patch(color="tab:blue", label="participating clients"),
                    Patch(color="tab:orange", label=f"unseen clients (mean {100 * np.mean([c.accuracy for c in unseen]):.1f}%)")]
    if len(rows) <= 40:
        ax.set_xticks(xs, [str(c) for _, c, _ in rows], fontsize=7)
    import textwrap

    wide = fig.get_size_inches()[0]
    ax.set(xlabel="client (sorted by accuracy)", ylabel="test accuracy (%)", ylim=(0, 100),
           title=textwrap.fill(title or "each client's accuracy", int(wide * 9)))
    ax.legend(handles=handles, fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1.0))  # outside: bars fill the axes
    ax.grid(alpha=0.3, axis="y")
    _save(fig, path)

