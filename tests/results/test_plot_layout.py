"""Issue 43: every plot has a title naming what ran, axis labels in words, and legends that
cover no data area (checked with matplotlib's bounding boxes, not by eye)."""

from types import SimpleNamespace

import matplotlib

matplotlib.use("Agg")

from copfl.results import plots  # noqa: E402

CONFIG = {"algorithm": "co-pfl", "dataset": "mnist", "partition": "dirichlet", "alpha": 0.5, "clients": 4, "rounds": 3}
HISTORY = [
    {"round": r, "train_loss": 2.0 / r, "acc_mean": 0.3 + 0.1 * r, "test_loss_mean": 1.9 / r,
     "per_client": {"client": [0, 1, 2, 3], "alpha": [0.25 + 0.01 * c for c in range(4)], "mask_fraction": [0.1 * r] * 4}}
    for r in (1, 2, 3)
]


def _legends_clear_of_data(fig):
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    legends = [lg for ax in fig.axes for lg in ([ax.get_legend()] if ax.get_legend() else [])] + list(fig.legends)
    assert legends, "the figure has a legend"
    for lg in legends:
        box = lg.get_window_extent(renderer)
        for ax in fig.axes:
            area = ax.get_window_extent(renderer)
            assert not box.overlaps(area), f"a legend box {box} covers the data area {area} of {ax.get_title()!r}"


def _labelled(fig):
    for ax in fig.axes:
        assert len(ax.get_xlabel().split()) >= 2 and len(ax.get_ylabel().split()) >= 2, (ax.get_xlabel(), ax.get_ylabel())


def test_run_title_names_data_partition_and_rounds():
    t = plots.run_title(CONFIG)
    assert t == "co-pfl on mnist, Dirichlet partition (concentration α = 0.5), 4 clients, 3 rounds"
    assert "2 classes per client" in plots.run_title({**CONFIG, "partition": "label-skew", "classes_per_client": 2})


def test_curves_plot():
    fig = plots.curves_figure({"co-pfl": HISTORY, "fedavg": HISTORY}, title=plots.run_title(CONFIG))
    assert fig._suptitle.get_text() == plots.run_title(CONFIG)
    _labelled(fig)
    _legends_clear_of_data(fig)


def test_clients_plot_says_what_each_panel_is():
    fig = plots.client_logs_figure(HISTORY, title=plots.run_title(CONFIG) + ": per-client logs")
    assert "Dirichlet partition (concentration α = 0.5)" in fig._suptitle.get_text()
    assert [ax.get_title() for ax in fig.axes] == ["aggregation weight (COWA)", "fraction of parameters personalized"]
    _labelled(fig)
    _legends_clear_of_data(fig)


def test_client_accuracy_plot(tmp_path, monkeypatch):
    figs = []
    monkeypatch.setattr(plots, "_save", lambda fig, path, dpi=110: figs.append(fig))
    clients = [SimpleNamespace(client=c, accuracy=0.5 + 0.1 * c) for c in range(4)]
    plots.plot_client_accuracy(clients, tmp_path / "x.png", title=plots.run_title(CONFIG) + ": each client's test accuracy")
    fig = figs[0]
    assert "mnist" in fig.axes[0].get_title() and "3 rounds" in fig.axes[0].get_title().replace("\n", " ")
    _labelled(fig)
    _legends_clear_of_data(fig)


def test_table_panels_share_one_accuracy_scale(tmp_path, monkeypatch):
    figs = []
    monkeypatch.setattr(plots, "_save", lambda fig, path, dpi=110: figs.append(fig))
    cells = [{"col": col, "row": row, "ours": v, "paper": v + 2} for col, base in (("a", 40), ("b", 80))
             for row, v in (("fedavg", base), ("co-pfl", base + 5))]
    plots.plot_vs_paper(cells, tmp_path / "t.png", title="Table II")
    fig = figs[0]
    lims = {ax.get_xlim() for ax in fig.axes}
    assert len(lims) == 1  # the same accuracy scale in every panel
    _legends_clear_of_data(fig)


def test_clients_plot_is_a_grid_with_one_legible_legend_not_a_strip():
    """Four per-client logs (CO-PFL's) were a 1800x380 strip with a 7-point legend: now two
    panels a row and one legend below them all, in the axis labels' size."""
    keys = ("alpha", "grad_score", "pred_score", "mask_fraction")
    history = [{"round": r, "server_mask_fraction": 0.1 * r,
                "per_client": {"client": list(range(10)), **{k: [0.1 * r + 0.01 * c for c in range(10)] for k in keys}}}
               for r in (1, 2, 3)]
    fig = plots.client_logs_figure(history, title=plots.run_title(CONFIG) + ": per-client logs")
    w, h = fig.get_size_inches()
    assert len(fig.axes) == 4 and 1.0 <= w / h <= 1.6, (w, h)  # 2 x 2
    assert len({round(ax.get_position().y0, 2) for ax in fig.axes}) == 2  # two rows
    [legend] = fig.legends
    texts = [t.get_text() for t in legend.get_texts()]
    assert texts == [f"client {c}" for c in range(10)] + ["server mask"]  # once, for every panel
    assert min(t.get_fontsize() for t in legend.get_texts()) >= 10
    _legends_clear_of_data(fig)
    fig.canvas.draw()
    assert legend.get_window_extent().x1 <= fig.bbox.x1 and legend.get_window_extent().x0 >= fig.bbox.x0  # not cut off
    plots._pyplot().close(fig)
    # three logs: the fourth cell of the grid is left out, not drawn empty
    three = [{**r, "per_client": {k: v for k, v in r["per_client"].items() if k != "pred_score"}} for r in history]
    fig = plots.client_logs_figure(three)
    assert len(fig.axes) == 3
    plots._pyplot().close(fig)
    # more clients than a legend can name: one line each, the legend keeps the server mask only
    many = [{"round": r, "server_mask_fraction": 0.5, "per_client": {"client": list(range(50)), "mask_fraction": [0.2] * 50}} for r in (1, 2)]
    fig = plots.client_logs_figure(many)
    assert [t.get_text() for t in fig.legends[0].get_texts()] == ["server mask"] and len(fig.axes[0].get_lines()) == 51
    plots._pyplot().close(fig)
